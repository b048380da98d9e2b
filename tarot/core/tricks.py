"""Who wins a trick: one rule for every game of the family (docs/rules §1.6, §3.3, §4.1).

The highest trump wins, else the highest card of the suit led; the Fool (Excuse) never wins,
and when it is led the next card sets the suit. Games differ only in how suit cards rank
within their suit, which a *power table* (one number per card id) carries.
"""

from __future__ import annotations

from typing import Final

from collections.abc import Callable, Sequence

from .cards import FOOL, TRUMP_SUIT, Card, rank_of, suit_of

#: The suit of each card id (trumps ``TRUMP_SUIT``; the Fool a suit of its own).
SUIT_OF: Final[tuple[int, ...]] = tuple(suit_of(c) for c in range(78))


def power_table(suit_rank: Callable[[Card], int]) -> tuple[int, ...]:
    """Trick power of each card id: trumps 101..121 above every suit card, suit cards by
    ``suit_rank`` (higher wins), the Fool -1 (it never wins)."""
    return tuple(100 + c if 1 <= c <= 21 else (suit_rank(c) if c >= 22 else -1) for c in range(78))


#: Every suit K Q C J 10 .. 1 (modern French Tarot, Early French Tarot by default).
PLAIN_POWER: Final[tuple[int, ...]] = power_table(rank_of)


def winning_index(cards: Sequence[Card], power: tuple[int, ...] = PLAIN_POWER) -> int:
    """The position in ``cards`` (in play order) of the card that wins the trick.

    >>> from tarot.core.cards import parse_cards, FRENCH
    >>> winning_index(parse_cards("KS 5S T1 QS", FRENCH)), winning_index(parse_cards("EX 7H AH 2C", FRENCH))
    (2, 1)
    """
    # a list is read natively by the compiled engine; any other sequence through generic calls
    return _winning_index(cards if isinstance(cards, list) else list(cards), power)


def _winning_index(cards: list[Card], power: tuple[int, ...]) -> int:
    n = len(cards)
    lead = cards[0]
    if lead == FOOL and n > 1:
        lead = cards[1]
    led = SUIT_OF[lead]
    best, win = -1, 0
    for i in range(n):
        c = cards[i]
        s = SUIT_OF[c]
        if s == TRUMP_SUIT or s == led:
            p = power[c]
            if p > best:
                best, win = p, i
    return win


__all__ = ["PLAIN_POWER", "SUIT_OF", "power_table", "winning_index"]
