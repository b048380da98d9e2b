"""Tricks: what a seat may play to one, and who wins it; one rule for every game of the family
(docs/rules §1.6, §3.3, §4.1, §4.5).

The duty is the same everywhere: follow the suit led; void in it, play a trump; the Fool
(the Excuse) may be played at any time, and when it is led the next card sets the suit. The
games differ in two knobs, which a ``TrickRules`` value carries:

* ``overtrump``: whether a trump must beat every trump already in the trick when it can
  (modern French Tarot, two players included: §4.1, §4.5), or any trump will do (Marolles,
  Early French Tarot: §1.6, §3.3);
* ``power``: how the cards rank in a trick, one number per card id (``power_table``): the
  round suits (Cups, Coins) run K Q C J 1 .. 10 in Marolles (§1.1) and, as an option, in
  Early French Tarot (§3.4), K Q C J 10 .. 1 elsewhere.

What a deal adds of its own (the Fool kept from a Marolles lead, the five-player opening lead,
the chelem's Excuse) stays in the deal, around ``follow_duty``.

>>> from tarot.core.cards import FRENCH, format_cards, mask, parse_cards
>>> hand = mask(parse_cards("EX T3 T9 2S KH", FRENCH))
>>> format_cards(follow_duty(hand, parse_cards("AD T5", FRENCH), FFT_TRICKS), FRENCH)
'EX T9'
>>> format_cards(follow_duty(hand, parse_cards("AD T5", FRENCH), MAROLLES_TRICKS), FRENCH)
'EX T3 T9'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from .cards import (
    COINS, CUPS, FOOL, JACK, LOW_PART, PART, SUIT_HIGH, SUIT_IN_PART, SUIT_MASKS, TRUMP_SUIT,
    TRUMPS, Card, CardSet, Notation, Seat, format_card, rank_of, suit_of,
)

#: The suit of each card id (trumps ``TRUMP_SUIT``; the Fool a suit of its own).
SUIT_OF: Final[tuple[int, ...]] = tuple(suit_of(c) for c in range(78))


def power_table(suit_rank: Callable[[Card], int]) -> tuple[int, ...]:
    """Trick power of each card id: trumps 101..121 above every suit card, suit cards by
    ``suit_rank`` (higher wins), the Fool -1 (it never wins)."""
    return tuple(100 + c if 1 <= c <= 21 else (suit_rank(c) if c >= 22 else -1) for c in range(78))


def reversed_rank(card: Card) -> int:
    """The rank of a suit card within its suit when the round suits run reversed (§1.1):
    long suits (Swords, Batons) K Q C J 10 .. 1, round suits (Cups, Coins) K Q C J 1 .. 10.

    >>> from tarot.core.cards import parse_card
    >>> [reversed_rank(parse_card(t)) for t in ("AS", "10S", "AC", "10C", "KC")]
    [1, 10, 10, 1, 14]
    """
    r = rank_of(card)
    if r >= JACK or suit_of(card) not in (CUPS, COINS):
        return r
    return 11 - r


#: Every suit K Q C J 10 .. 1 (modern French Tarot; Early French Tarot by default).
PLAIN_POWER: Final[tuple[int, ...]] = power_table(rank_of)
#: Round suits K Q C J 1 .. 10, long suits K Q C J 10 .. 1 (Marolles; Early French Tarot's
#: ``reverse_round_suits``).
REVERSED_POWER: Final[tuple[int, ...]] = power_table(reversed_rank)


class TrickRules:
    """How a game's tricks are played: whether a trump must overtrump, and the power table.

    >>> FFT_TRICKS
    TrickRules(overtrump=True, reversed_round_suits=False)
    """

    __slots__ = ("overtrump", "power", "reversed_round_suits")

    def __init__(self, overtrump: bool, reversed_round_suits: bool) -> None:
        #: A trump must beat the trumps already in the trick when the hand can (§4.1).
        self.overtrump = overtrump
        #: Cups and Coins rank K Q C J 1 .. 10 (§1.1).
        self.reversed_round_suits = reversed_round_suits
        #: The trick power of each card id (``power_table``).
        self.power: tuple[int, ...] = REVERSED_POWER if reversed_round_suits else PLAIN_POWER

    def __repr__(self) -> str:
        return f"TrickRules(overtrump={self.overtrump}, reversed_round_suits={self.reversed_round_suits})"


#: Marolles (§1.6): follow, else trump (no duty to overtrump); round suits reversed.
MAROLLES_TRICKS: Final = TrickRules(overtrump=False, reversed_round_suits=True)
#: Early French Tarot (§3.3): as Marolles, the round suits plain by default (§3.4).
EARLY_FRENCH_TRICKS: Final = TrickRules(overtrump=False, reversed_round_suits=False)
EARLY_FRENCH_REVERSED_TRICKS: Final = TrickRules(overtrump=False, reversed_round_suits=True)
#: Modern French Tarot, two to five players (§4.1, §4.5): follow, else trump, overtrumping.
FFT_TRICKS: Final = TrickRules(overtrump=True, reversed_round_suits=False)


def led_card(trick: Sequence[Card]) -> Card:
    """The card that sets the suit of ``trick``: its first, or the second after the Fool
    led; -1 when the seat to play leads (the trick empty, or only the Fool in it)."""
    if not trick:
        return -1
    lead = trick[0]
    if lead == FOOL:
        return trick[1] if len(trick) > 1 else -1
    return lead


def follow_duty(hand: CardSet, trick: Sequence[Card], rules: TrickRules) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (its cards in play order): the
    suit led if the hand holds it; else a trump (with ``rules.overtrump``, one above every
    trump in the trick if the hand holds one); else anything. The Fool may always be played,
    and the whole hand may lead (docs/rules §1.6, §3.3, §4.1).

    >>> from tarot.core.cards import mask, parse_cards
    >>> def duty(hand, trick, rules=MAROLLES_TRICKS):
    ...     return format_cards(follow_duty(mask(parse_cards(hand)), parse_cards(trick), rules))
    >>> from tarot.core.cards import format_cards
    >>> duty("F T3 KS 2C", "5S")        # follow Swords; the Fool excuses
    'F KS'
    >>> duty("T3 2C", "F 5S")           # the Fool led: Swords set the suit; void, trump
    'T3'
    >>> duty("T3 T9 2C", "5S T5")       # any trump (§1.6) ...
    'T3 T9'
    >>> duty("T3 T9 2C", "5S T5", FFT_TRICKS)   # ... or one above the T5 (§4.1)
    'T9'
    >>> duty("T3 2C", "T5", FFT_TRICKS)  # no higher trump: any trump
    'T3'
    >>> duty("5B 2C", "T5")             # void in trumps too: anything
    '5B 2C'
    """
    lo, hi = follow_duty_parts(hand & LOW_PART, hand >> PART,
                               trick if isinstance(trick, list) else list(trick), rules.overtrump)
    return lo | hi << PART


def follow_duty_parts(lo: CardSet, hi: CardSet, trick: list[Card], overtrump: bool) -> tuple[CardSet, CardSet]:
    """``follow_duty`` of the hand whose two parts are ``lo`` (ids below ``cards.PART``: the
    Fool, the trumps and the low suits) and ``hi`` (the rest, shifted down), as two parts: the
    form the compiled engine reads natively (``deal.SplitHands``)."""
    n = len(trick)
    if n == 0:
        return lo, hi
    lead = trick[0]
    if lead == FOOL:
        if n == 1:
            return lo, hi
        lead = trick[1]
    s = SUIT_OF[lead]
    if s != TRUMP_SUIT:
        if SUIT_HIGH[s]:
            m = hi & SUIT_IN_PART[s]
            if m:
                return lo & 1, m
        else:
            m = lo & SUIT_IN_PART[s]
            if m:
                return m | (lo & 1), 0
    trumps = lo & TRUMPS
    if not trumps:
        return lo, hi
    if overtrump:
        best = 0
        for i in range(n):
            c = trick[i]
            if c < 22 and c > best:
                best = c
        higher = trumps & ~((2 << best) - 1)
        if higher:
            trumps = higher
    return trumps | (lo & 1), 0


def follow_reason(hand: CardSet, trick: Sequence[Card], card: Card, rules: TrickRules,
                  notation: Notation) -> str:
    """Why ``card``, held, breaks the duty to follow ``trick`` (``follow_duty`` refuses it):
    the sentence each game shows a player.

    >>> from tarot.core.cards import FRENCH, ITALIAN, mask, parse_card, parse_cards
    >>> follow_reason(mask(parse_cards("5S T3")), parse_cards("KS"), parse_card("T3"), MAROLLES_TRICKS, ITALIAN)
    'you must follow Swords'
    >>> follow_reason(mask(parse_cards("2C T3")), parse_cards("KS"), parse_card("2C"), MAROLLES_TRICKS, ITALIAN)
    'you must play a trump: you cannot follow Swords'
    >>> hand = mask(parse_cards("T3 T9", FRENCH))
    >>> follow_reason(hand, parse_cards("KS T5", FRENCH), parse_card("T3", FRENCH), FFT_TRICKS, FRENCH)
    'you must play a trump higher than T5: you must over-trump, even over a partner'
    """
    trick = list(trick)
    s = SUIT_OF[led_card(trick)]
    if s != TRUMP_SUIT and hand & SUIT_MASKS[s]:
        return f"you must follow {notation.suit_names_en[s]}"
    if card >= 22 or card == FOOL or not rules.overtrump:
        if s == TRUMP_SUIT:
            return "you must play a trump: trumps were led"
        # the modern rules say "trump" (couper), the old ones "play a trump"
        verb = "trump" if rules.overtrump else "play a trump"
        return f"you must {verb}: you cannot follow {notation.suit_names_en[s]}"
    best = max(c for c in trick if 0 < c < 22)
    return (f"you must play a trump higher than {format_card(best, notation)}: "
            + ("a higher trump is due on a trump lead" if s == TRUMP_SUIT
               else "you must over-trump, even over a partner"))


def winning_index(cards: Sequence[Card], power: tuple[int, ...] = PLAIN_POWER) -> int:
    """The position in ``cards`` (in play order) of the card that wins the trick: the highest
    trump, else the highest card of the suit led by ``power``; the Fool never wins.

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


def trick_winner(cards: Sequence[Card], leader: Seat, rules: TrickRules, players: int) -> Seat:
    """The seat that wins a trick led by ``leader`` (seats in turn anticlockwise).

    >>> from tarot.core.cards import parse_cards
    >>> trick_winner(parse_cards("KS 5S T1"), leader=0, rules=MAROLLES_TRICKS, players=3)
    2
    >>> trick_winner(parse_cards("F 7C AC"), leader=1, rules=MAROLLES_TRICKS, players=3)  # Ace above 7
    0
    """
    return (leader + winning_index(cards, rules.power)) % players


#: The cards of a view's finished tricks, and per seat the cards they show it does not hold.
TricksFacts = tuple[CardSet, tuple[CardSet, ...]]


def finished_tricks_facts(tricks: Sequence, n: int,
                          add_trick: Callable[[Seat, Sequence[Card], int, list[CardSet]], None],
                          memo: dict[tuple, TricksFacts], tag: object = None,
                          limit: int = 20_000) -> TricksFacts:
    """The cards of the finished ``tricks`` (``(leader, cards, winner)``) and, per seat, the
    cards ``add_trick(leader, cards, n, out)`` says each trick shows it does not hold (a game's
    duty of play: a seat that does not follow holds none of the suit led...).

    Every decision of a trick, and every sampled deal of a search, sees the same finished
    tricks: the facts are remembered in ``memo`` under ``(tricks, n, tag)``, emptied at
    ``limit`` entries, and worked out from the tricks before the last when those are
    remembered. Tricks in lists (a view made by hand) are worked out, not remembered."""
    key = (tricks, n, tag)
    remember = True
    try:
        facts = memo.get(key)
    except TypeError:
        remember, facts = False, None
    if facts is not None:
        return facts
    before = memo.get((tricks[:-1], n, tag)) if remember and tricks else None
    played, out = (before[0], list(before[1])) if before is not None else (0, [0] * n)
    for leader, cards, _ in (tricks[-1:] if before is not None else tricks):
        for c in cards:
            played |= 1 << c
        add_trick(leader, cards, n, out)
    facts = (played, tuple(out))
    if remember:
        if len(memo) >= limit:
            memo.clear()
        memo[key] = facts
    return facts

__all__ = ["EARLY_FRENCH_REVERSED_TRICKS", "EARLY_FRENCH_TRICKS", "FFT_TRICKS", "MAROLLES_TRICKS",
           "PLAIN_POWER", "REVERSED_POWER", "SUIT_OF", "TrickRules", "TricksFacts", "finished_tricks_facts", "follow_duty", "follow_duty_parts",
           "follow_reason", "led_card", "power_table", "reversed_rank", "trick_winner", "winning_index"]
