"""Words the whole table shares: seat names from a player's chair, and the order a hand is
shown in (trumps first, each suit high to low in its playing order).

Seats are named from the player's chair: play goes anticlockwise, so after South (you) comes
East, on your right, then West, on your left (with four players: South, East, North, West).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.cards import FOOL, Card, CardSet, cards_of, rank_of, suit_of
from .messages import known, say

COMPASS = {
    2: ("South", "North"), 3: ("South", "East", "West"), 4: ("South", "East", "North", "West"),
    5: ("South", "East", "North-East", "North-West", "West"),
    6: ("South", "South-East", "North-East", "North", "North-West", "South-West"),
}
#: The name of a card no seat played (le Mort's, in two-player Marolles).
MORT = "le Mort"


def seat_names(players: int, me: int = 0, step: int = 1) -> list[str]:
    """Compass names seen from seat ``me``: South, then in the anticlockwise order of play
    (``step`` -1: seat ``s - 1`` plays after seat ``s``, and the names follow the play clockwise).

    >>> seat_names(3, 0), seat_names(3, 2), seat_names(4, 0, step=-1)
    (['South', 'East', 'West'], ['East', 'West', 'South'], ['South', 'East', 'North', 'West'])
    """
    names = COMPASS.get(players) or tuple(f"Seat {i}" for i in range(players))
    if step < 0:  # clockwise play: after South comes West, on his left
        names = (names[0], *reversed(names[1:]))
    # in the language spoken (``seat.South``: Sud), where its catalogue names the seats
    names = tuple(say(f"seat.{n}") if known(f"seat.{n}") else n for n in names)
    return [names[(s - me) * step % players] for s in range(players)]


def seat_label(names: Sequence[str], seat: int | None) -> str:
    """A seat's name; no seat, or one beyond the table's, is le Mort (two-player Marolles)."""
    return names[seat] if seat is not None and seat < len(names) else MORT


def display_key(card: Card, power: Callable[[Card], int] = rank_of) -> tuple[int, int]:
    """Sort key of the hand display: the Fool, trumps XXI..I, then each suit high to low
    (``power`` ranks a suit card in its suit: ``Deal.card_power``)."""
    if card == FOOL:
        return (0, 0)
    if card <= 21:
        return (0, 22 - card)
    return (1 + suit_of(card), -power(card))


def in_display_order(cards: CardSet | Sequence[Card], power: Callable[[Card], int] = rank_of) -> list[Card]:
    seq = cards_of(cards) if isinstance(cards, int) else list(cards)
    return sorted(seq, key=lambda c: display_key(c, power))
