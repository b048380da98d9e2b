"""What the Marolles rule bot (``bot.MarollesRuleBot``) knows during play: the seat's table.

From the seat's view alone: the cards gone (the finished tricks and the trick on the table),
the voids the tricks reveal (docs/rules §1.6: a player who does not follow holds no card of the
suit led, and one who neither follows nor trumps holds no trump either), the cards each
opponent is known to hold (shown in a declaration, the cut card dealt to the dealer) and, over
the unseen cards each may hold, the chances that he holds some (hypergeometric, ``odds``).

Card sets are kept in the two parts of a card set (``cards.PART``: the Fool, the trumps and the
first two suits low, the other two suits high): each part is a machine word in the compiled
bot, where a whole 78-card set is a Python long object.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...bots.odds import p_none as _p_none
from ...core.cards import (
    FOOL, LOW_PART, PART, SUIT_HIGH, SUIT_IN_PART, SUIT_MASKS, TRUMP_SUIT, TRUMPS,
    Card, CardSet, Seat,
)
from ...core.cards import popcount as _bits
from ...core.seat_view import SeatView
from ...core.tricks import SUIT_OF as _SUIT
from ...core.tricks import TricksFacts, finished_tricks_facts

#: Each suit's cards in its part (index 4 = the trumps, low), and whether that part is high.
SUIT_PART: Final[tuple[int, ...]] = (*SUIT_IN_PART, TRUMPS)
SUIT_IS_HIGH: Final[tuple[bool, ...]] = (*SUIT_HIGH, False)
assert SUIT_IS_HIGH == (False, False, True, True, False)  # as ``Opponent`` reads them
_S0: Final = SUIT_IN_PART[0]
_S1: Final = SUIT_IN_PART[1]
_S2: Final = SUIT_IN_PART[2]
_S3: Final = SUIT_IN_PART[3]
_HIGH_BITS: Final = (1 << (78 - PART)) - 1
_SUIT_MASK: Final = (*SUIT_MASKS, TRUMPS)  # index 4 = TRUMP_SUIT
#: For each set of suits (bits 0..4), the cards outside them, in the two parts.
_NOT_IN: Final = tuple(~sum(_SUIT_MASK[s] for s in range(5) if b >> s & 1) for b in range(32))
_NOT_IN_LO: Final[tuple[int, ...]] = tuple(m & LOW_PART for m in _NOT_IN)
_NOT_IN_HI: Final[tuple[int, ...]] = tuple(m >> PART & _HIGH_BITS for m in _NOT_IN)


def add_trick_voids(leader: Seat, trick: Sequence[Card], n: int, void: list[int]) -> None:
    """Add to ``void`` (suit bits per seat) the voids a (finished or current) trick reveals:
    a player who does not follow holds no card of the suit led, and one who neither follows
    nor trumps holds no trump either. Le Mort's card (two players) tells nothing."""
    # the engine's tricks are tuples, read natively when compiled
    cards: tuple[int, ...] = trick if type(trick) is tuple else tuple(trick)
    first = 1 if cards[0] == FOOL else 0
    if len(cards) <= first:
        return
    led = _SUIT[cards[first]]
    for i in range(first + 1, min(len(cards), n)):
        c = cards[i]
        if c == FOOL:
            continue
        s = _SUIT[c]
        if s != led:
            void[(leader + i) % n] |= 1 << led if s == TRUMP_SUIT else 1 << led | 1 << TRUMP_SUIT


def _no_voids(leader: Seat, cards: Sequence[Card], n: int, void: list[int]) -> None:
    pass


#: The facts of the finished tricks of a view, remembered by the tricks' tuple (the searches
#: replay the same history in many sampled deals), with the voids (``infer``) or without.
_TRICKS_FACTS: Final[dict[tuple, TricksFacts]] = {}


def tricks_facts(tricks: Sequence, n: int, infer: bool) -> tuple[CardSet, list[int]]:
    """The cards of the finished ``tricks`` and, if ``infer``, the voids they reveal per seat
    (suit bits; a new list)."""
    facts = finished_tricks_facts(tricks, n, add_trick_voids if infer else _no_voids, _TRICKS_FACTS, infer)
    return facts[0], list(facts[1])


class Facts:
    """The facts of a view's finished tricks (``tricks``): the cards played, in two parts, and
    the voids they reveal per seat (suit bits), for ``n`` seats and voids inferred or not."""

    __slots__ = ("tricks", "n", "infer", "played_lo", "played_hi", "void")

    def __init__(self, tricks: tuple, n: int, infer: bool, played_lo: CardSet, played_hi: CardSet,
                 void: list[int]) -> None:
        self.tricks, self.n, self.infer = tricks, n, infer
        self.played_lo, self.played_hi, self.void = played_lo, played_hi, void

    @staticmethod
    def of(tricks: Sequence, n: int, infer: bool) -> Facts:
        """Worked out from the tricks (``tricks_facts``, remembered)."""
        played, void = tricks_facts(tricks, n, infer)
        return Facts(tricks if type(tricks) is tuple else (), n, infer,
                     played & LOW_PART, played >> PART, void)

    def then(self, tricks: Sequence, n: int, infer: bool) -> Facts:
        """The facts of ``tricks``: those any bot last worked out if they are of the same
        tricks (``_LAST``), else these plus those of the tricks added since (``_after``)."""
        last = _LAST[0]
        if tricks == last.tricks and n == last.n and infer == last.infer:
            return last
        facts = self._after(tricks, n, infer)
        if type(tricks) is tuple:  # the facts of other sequences keep no tricks (``of``)
            _LAST[0] = facts
        return facts

    def _after(self, tricks: Sequence, n: int, infer: bool) -> Facts:
        """These facts plus those of the tricks added since, when ``tricks`` begins with the
        same tricks (a deal's views repeat its trick tuples, the same objects, one more after
        each trick: compared by identity first), else worked out afresh."""
        seen = self.tricks
        k = len(seen)
        if type(tricks) is not tuple or n != self.n or infer != self.infer or len(tricks) < k:
            return Facts.of(tricks, n, infer)
        now: tuple = tricks
        if len(now) == k:
            return self if now == seen else Facts.of(tricks, n, infer)
        if now[:k] != seen:
            return Facts.of(tricks, n, infer)
        lo, hi = self.played_lo, self.played_hi
        void = self.void.copy()
        for i in range(k, len(now)):
            finished: tuple = now[i]
            leader: int = finished[0]
            cards: Sequence[int] = finished[1]
            for c in cards:
                if c < PART:
                    lo |= 1 << c
                else:
                    hi |= 1 << (c - PART)
            if infer:
                add_trick_voids(leader, cards, n, void)
        return Facts(now, n, infer, lo, hi, void)


#: The facts last worked out by any bot (``Facts.then``). The finished tricks are public, and
#: after the first seat to play to a trick, the other seats' bots ask for the facts of the
#: same tricks: worked out once a trick rather than once a seat. (Never changed in place:
#: ``Table`` copies the voids before adding the trick's.)
_LAST: Final[list[Facts]] = [Facts((), 0, False, 0, 0, [])]


class Rows:
    """Over ``pool`` unseen cards of which an opponent holds ``slots``, for k = 0..pool cards
    of the pool: the chance that he holds none of them (``none[k]``: ``odds.p_none``), some of
    them (``some[k]``: 1 - ``none[k]``) and none again, as 1 - ``some[k]`` (``lacks[k]``: the
    floating-point value the void chances were always counted with)."""

    __slots__ = ("none", "some", "lacks")

    def __init__(self, pool: int, slots: int) -> None:
        self.none = [_p_none(k, pool, slots) for k in range(pool + 1)]
        self.some = [1.0 - p for p in self.none]
        self.lacks = [1.0 - q for q in self.some]


#: ``Rows(pool, slots)`` at ``pool * 80 + slots``, made when first asked (one per opponent and
#: decision is read, so they are kept: at most 80 x 80).
_ROWS: Final[list[Rows | None]] = [None] * (80 * 80)


def rows(pool: int, slots: int) -> Rows:
    r = _ROWS[pool * 80 + slots]
    if r is None:
        r = _ROWS[pool * 80 + slots] = Rows(pool, slots)
    return r


class Opponent:
    """What the seat to play can work out of one opponent's hand: the cards it is known to
    hold and the unseen cards it may hold (``pool``), each in the two parts of a card set, the
    chance that it holds some of ``k`` cards of the pool (``some[k]``), and per suit the chance
    that it is void (``void[s]``, 4 = trumps) and that it trumps a trick of that plain suit
    (``ruff[s]``: void in it, holding a trump)."""

    __slots__ = ("seat", "known_lo", "known_hi", "pool_lo", "pool_hi", "some", "void", "ruff")

    def __init__(self, seat: Seat, klo: CardSet, khi: CardSet, plo: CardSet, phi: CardSet,
                 slots: int, void: int) -> None:
        self.seat = seat
        self.known_lo, self.known_hi, self.pool_lo, self.pool_hi = klo, khi, plo, phi
        size = _bits(plo) + _bits(phi)
        if slots > size:
            slots = size
        elif slots < 0:
            slots = 0
        row = _ROWS[size * 80 + slots] or rows(size, slots)
        self.some = row.some
        lacks = row.lacks
        # void in a suit: seen void, else not if a card of it is known, else the chance of
        # holding none of its unseen cards (suits 0 and 1 and the trumps in the low part, 2
        # and 3 in the high: ``SUIT_IS_HIGH``)
        v0 = 1.0 if void & 1 else 0.0 if klo & _S0 else lacks[_bits(plo & _S0)]
        v1 = 1.0 if void & 2 else 0.0 if klo & _S1 else lacks[_bits(plo & _S1)]
        v2 = 1.0 if void & 4 else 0.0 if khi & _S2 else lacks[_bits(phi & _S2)]
        v3 = 1.0 if void & 8 else 0.0 if khi & _S3 else lacks[_bits(phi & _S3)]
        t = _bits(plo & TRUMPS)
        trumps = 1.0 if klo & TRUMPS else row.some[t]  # holds one
        v4 = 1.0 if void & 16 else 0.0 if klo & TRUMPS else lacks[t]
        self.void = (v0, v1, v2, v3, v4)
        self.ruff = (v0 * trumps, v1 * trumps, v2 * trumps, v3 * trumps)

    def p_no_trumps(self) -> float:
        """Chance that this opponent holds no trump."""
        return self.void[4]


class Seen:
    """What the seat knows of the deal besides the tricks, in the two parts of a card set: its
    discards and, for each opponent in the order of play from the seat, the cards it was seen
    to hold (shown in a declaration, the cut card dealt to the dealer), played or not; all of
    them (``out_lo``, ``out_hi``) outside the opponents' unseen cards. The same at every
    decision of the seat's play once the declarations are made: the bot keeps it while a view
    shows the same (``fits``)."""

    __slots__ = ("seat", "n", "dealer", "cut", "shown", "discards", "discards_lo", "discards_hi",
                 "known", "out_lo", "out_hi")

    def __init__(self, v: SeatView) -> None:
        n, me = v.players, v.seat
        self.seat, self.n, self.dealer, self.cut, self.shown = me, n, v.dealer, v.cut_card, v.shown
        d = self.discards = v.discards
        self.discards_lo, self.discards_hi = d & LOW_PART, d >> PART
        known: list[int] = []  # lo, hi per opponent in order
        all_lo = all_hi = 0
        for i in range(1, n):
            o = (me + i) % n
            klo = khi = 0
            for declared in self.shown:  # (seat, declaration, cards shown)
                if declared[0] == o:
                    cs: int = declared[2]
                    klo |= cs & LOW_PART
                    khi |= cs >> PART
            if self.cut is not None and self.dealer == o:
                if self.cut < PART:
                    klo |= 1 << self.cut
                else:
                    khi |= 1 << (self.cut - PART)
            known.append(klo)
            known.append(khi)
            all_lo, all_hi = all_lo | klo, all_hi | khi
        self.known = known
        self.out_lo, self.out_hi = self.discards_lo | all_lo, self.discards_hi | all_hi

    def fits(self, v: SeatView) -> bool:
        """Whether ``v`` shows what this was made from."""
        return (v.shown == self.shown and v.seat == self.seat and v.discards == self.discards
                and v.players == self.n and v.cut_card == self.cut and v.dealer == self.dealer)


class Table:
    """What the seat can work out during play: the cards gone (``played_lo``, ``played_hi``),
    the cards it has not seen (``unknown_lo``, ``unknown_hi``) and, for each opponent in the
    order of play from this seat (``opps``), the cards known to be held, the voids seen and
    the chances of holding cards (``Opponent``). ``pack_lo``, ``pack_hi``: the deal's pack in parts;
    ``seen``: what the seat saw outside the tricks (``Seen``, made from the same view)."""

    __slots__ = ("played_lo", "played_hi", "unknown_lo", "unknown_hi",
                 "known", "void", "sizes", "me", "n", "_opps")

    def __init__(self, v: SeatView, trick: Sequence[Card], infer: bool, pack_lo: CardSet,
                 pack_hi: CardSet, facts: Facts, seen: Seen) -> None:
        n = v.players
        lo, hi = facts.played_lo, facts.played_hi
        void = facts.void
        if trick:
            for i in range(len(trick)):
                c = trick[i]
                if c < PART:
                    lo |= 1 << c
                else:
                    hi |= 1 << (c - PART)
            if infer and len(trick) > 1:  # a card alone in the trick reveals no void
                leader = v.leader
                assert leader is not None  # a trick on the table has a leader
                void = void.copy()
                add_trick_voids(leader, trick, n, void)
        self.played_lo, self.played_hi = lo, hi
        # the cards gone or known to be held: played, in the seat's hand or discards, being
        # shown by it, or seen in an opponent's hand (``Seen``: shown, the cut card)
        out_lo, out_hi = lo | v.hand_lo | seen.out_lo, hi | v.hand_hi | seen.out_hi
        pending = v.pending_show
        if pending:
            out_lo, out_hi = out_lo | pending & LOW_PART, out_hi | pending >> PART
        self.unknown_lo, self.unknown_hi = pack_lo & ~out_lo, pack_hi & ~out_hi
        self.known, self.void, self.sizes, self.me, self.n = seen.known, void, v.hand_sizes, v.seat, n
        self._opps: list[Opponent] = []

    def opps(self, k: int) -> list[Opponent]:
        """The first ``k`` opponents in the order of play from this seat (``Opponent``; all of
        them: ``n - 1``), each worked out when first asked: the last to play to a trick asks
        for none, unless its plans need the chance that no opponent holds a trump."""
        opps = self._opps
        n = self.n
        while len(opps) < k:
            i = len(opps) + 1
            o = (self.me + i) % n
            # the cards it was seen to hold, less those played since
            klo = self.known[2 * i - 2] & ~self.played_lo
            khi = self.known[2 * i - 1] & ~self.played_hi
            vo = self.void[o]
            opps.append(Opponent(o, klo, khi, self.unknown_lo & _NOT_IN_LO[vo], self.unknown_hi & _NOT_IN_HI[vo],
                                 self.sizes[o] - _bits(klo) - _bits(khi), vo))
        return opps[:k]  # a copy: the list grows when more are asked for


__all__ = ["Facts", "Opponent", "Rows", "SUIT_IS_HIGH", "SUIT_PART", "Seen", "Table", "add_trick_voids", "rows",
           "tricks_facts"]
