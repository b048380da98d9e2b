"""What the French Tarot rule bot (``bot.FrenchRuleBot``) knows at a play decision, in machine
words: the facts of the finished tricks (``Facts``), kept from one decision to the next, and one
decision's table (``Turn``): the seat's camp, its hand and the cards gone in the two parts of a
card set (``cards.PART``), the trumps still out, the suits each seat has shown void in.

Compiled with the engine, an int below 2^62 stays a machine word, where a 78-card set is a
Python long object; the suits of a set are 14-bit words (``suit_bits``), the trumps a 22-bit
one, the seats of a camp a bit each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...core.cards import FOOL, PART, TRUMP_SUIT, TRUMPS, Card, CardSet, popcount
from ...core.seat_view import SeatView
from ...core.tricks import SUIT_OF as _SUIT

#: The first card id of each suit; a suit's 14 cards follow in rank order (ace to King), so
#: that a suit of a card set is a 14-bit word (``suit_bits``).
SUIT_BASE: Final = (22, 36, 50, 64)
_SUIT_WORD: Final = (1 << 14) - 1


def suit_bits(lo: CardSet, hi: CardSet, s: int) -> int:
    """The cards of suit ``s`` in the card set of parts ``lo``, ``hi``, a bit a rank (the ace
    lowest): the first two suits lie in the low part, the other two in the high part."""
    if s < 2:
        return lo >> SUIT_BASE[s] & _SUIT_WORD
    return hi >> (SUIT_BASE[s] - PART) & _SUIT_WORD


def add_trick_voids(leader: int, cards: Sequence[Card], n: int, suits: list[int],
                    trumps: list[int]) -> None:
    """Add what one trick (its first ``n`` cards, from ``leader``) shows each seat not to hold
    by the French duty of play (docs/rules §4.1; ``sampler.french_voids`` in card sets): to
    ``suits[s]`` the suit led (a bit a suit) when ``s`` did not follow it; to ``trumps[s]``
    every trump when ``s`` neither followed nor trumped, and the trumps above the best one in
    the trick when ``s`` trumped lower (he had to overtrump). The Excuse is played at any
    time; a led Excuse lets the second card set the suit."""
    first = 1 if cards[0] == FOOL else 0
    last = min(len(cards), n)
    if first >= last:
        return
    led = _SUIT[cards[first]]
    best = cards[first] if led == TRUMP_SUIT else 0
    for i in range(first + 1, last):
        c = cards[i]
        if c == FOOL:
            continue
        s = (leader + i) % n
        cs = _SUIT[c]
        if led != TRUMP_SUIT and cs != led:
            suits[s] |= 1 << led
        if cs != TRUMP_SUIT and (led == TRUMP_SUIT or cs != led):
            trumps[s] |= TRUMPS
        if cs == TRUMP_SUIT:
            if c < best:
                trumps[s] |= TRUMPS & ~((2 << best) - 1)
            else:
                best = c


class Facts:
    """What a view's finished ``tricks`` show, for ``n`` seats: the cards played, in parts;
    per seat the suits it has shown void in (a bit a suit), the trumps it cannot hold, and the
    suits it has followed (played a card of the suit to a trick led in it); the seats that won
    a trick (a bit a seat). ``before``: the facts of the tricks but the last."""

    def __init__(self, tricks: tuple, n: int, played_lo: CardSet, played_hi: CardSet,
                 void_suits: list[int], void_trumps: list[int], followed: list[int],
                 winners: int, before: Facts | None) -> None:
        self.tricks, self.n = tricks, n
        self.played_lo, self.played_hi = played_lo, played_hi
        self.void_suits, self.void_trumps = void_suits, void_trumps
        self.followed, self.winners = followed, winners
        self.before = before

    @staticmethod
    def none(n: int) -> Facts:
        """The facts of no trick."""
        return Facts((), n, 0, 0, [0] * n, [0] * n, [0] * n, 0, None)

    def then(self, tricks: Sequence, n: int) -> Facts:
        """The facts of ``tricks``, from the facts of those of their first tricks that are the
        tricks these facts were worked out from (or ``before`` them): a deal's views repeat
        its trick tuples, one more after each trick, and the copies of a deal share them."""
        if type(tricks) is not tuple or n != self.n:
            fresh = tuple(tuple(t) for t in tricks)  # a view made by hand may hold lists
            return Facts.none(n).then(fresh, n)
        now: tuple = tricks
        same = _same_start(now, self.tricks)
        facts: Facts | None = self
        while facts is not None and len(facts.tricks) > same:
            facts = facts.before
        if facts is None:
            facts = Facts.none(n)
        for i in range(len(facts.tricks), len(now)):
            finished = now[i]
            if type(finished) is not tuple:
                return Facts.none(n).then(tuple(tuple(t) for t in now), n)
            facts = facts.plus(now if i + 1 == len(now) else now[:i + 1], finished)
        return facts

    def plus(self, tricks: tuple, finished: tuple) -> Facts:
        """The facts of ``tricks``: these and their last trick, ``finished``."""
        n = self.n
        leader: int = finished[0]
        cards: Sequence[int] = finished[1]
        winner: int = finished[2]
        lo, hi = self.played_lo, self.played_hi
        for c in cards:
            if c < PART:
                lo |= 1 << c
            else:
                hi |= 1 << (c - PART)
        void_suits, void_trumps = self.void_suits.copy(), self.void_trumps.copy()
        add_trick_voids(leader, cards, n, void_suits, void_trumps)
        followed = self.followed.copy()
        first = 1 if cards[0] == FOOL else 0
        if first < len(cards):
            led = _SUIT[cards[first]]
            for j in range(len(cards)):
                if j != first and _SUIT[cards[j]] == led:
                    followed[(leader + j) % n] |= 1 << led
        return Facts(tricks, n, lo, hi, void_suits, void_trumps, followed,
                     self.winners | 1 << winner, self)


def _same_start(now: tuple, seen: tuple) -> int:
    """How many first tricks ``now`` and ``seen`` share (the same objects)."""
    k = min(len(now), len(seen))
    for i in range(k):
        if now[i] is not seen[i]:
            return i
    return k


class Turn:
    """One play decision of a seat (``SeatView``): the fields the bot reads, seats as ints (-1
    for none), the hand and the cards gone in parts, and what it works out of them once: the
    seat's camp (a bit a seat), the trumps still out, the finished tricks' facts."""

    def __init__(self, v: SeatView, legal: list[int], facts: Facts) -> None:
        self.legal = legal
        self.seat: int = v.seat
        self.n: int = v.players
        self.taker: int = -1 if v.taker is None else v.taker
        self.partner: int = -1 if v.partner is None else v.partner
        self.leader: int = -1 if v.leader is None else v.leader
        self.trick: list[int] = list(v.trick)
        self.hand_lo, self.hand_hi = v.hand_lo, v.hand_hi
        self.hand_count = popcount(v.hand_lo) + popcount(v.hand_hi)
        self.facts = facts
        played_lo, played_hi = facts.played_lo, facts.played_hi
        for c in self.trick:
            if c < PART:
                played_lo |= 1 << c
            else:
                played_hi |= 1 << (c - PART)
        self.played_lo, self.played_hi = played_lo, played_hi
        self.out_trumps: CardSet = TRUMPS & ~played_lo & ~v.hand_lo
        self.mates = mates(self.seat, self.taker, self.partner, self.n)
        self.has_tricks = len(facts.tricks) > 0

    def voids(self) -> tuple[list[int], list[int]]:
        """The suits (a bit a suit) and the trumps each seat cannot hold now: the finished
        tricks' facts and the trick on the table's (``add_trick_voids``)."""
        suits, trumps = self.facts.void_suits, self.facts.void_trumps
        if self.trick:
            suits, trumps = suits.copy(), trumps.copy()
            add_trick_voids(self.leader, self.trick, self.n, suits, trumps)
        return suits, trumps

    def later(self) -> list[int]:
        """The seats still to play in the trick, in turn."""
        n, leader = self.n, self.leader
        return [(leader + i) % n for i in range(len(self.trick) + 1, n)]


def mates(me: int, taker: int, partner: int, n: int) -> int:
    """The seats known to be in ``me``'s camp, itself included (a bit a seat; ``taker`` and
    ``partner`` as ``me`` knows them, -1 for none)."""
    every = (1 << n) - 1
    if n != 5:
        if me == taker:
            return 1 << me
        return every & ~(1 << taker) if taker >= 0 else every
    if me == taker:
        return 1 << me if partner < 0 or partner == me else 1 << me | 1 << partner
    if partner == me:
        return 1 << me | 1 << taker
    if partner >= 0:
        return every & ~(1 << taker) & ~(1 << partner)
    return 1 << me


__all__ = ["Facts", "SUIT_BASE", "Turn", "add_trick_voids", "mates", "suit_bits"]
