"""Marolles's payments as the cards fall and at the end of the deal (docs/rules §1.7-1.9): the
Tarots, la Belle, the Fool and the Ultimo paid trick by trick; the left-over cards, the Fool's
exchange and the card points counted in packets of three and paid against par."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.cards import FOOL, FULL_PACK, KINGS, TAROTS, Card, CardSet, Seat, format_card, mask
from ...core.counting import COUNTING_CARDS, packet_points
from .declarations import BELLE, BELLE_MASK

if TYPE_CHECKING:
    from .rules import MarollesDeal

#: Cards that can cause a payment when played (the Tarots and la Belle).
PAYING_CARDS: Final[CardSet] = TAROTS | BELLE_MASK
ULTIMO_CARDS: Final[CardSet] = KINGS | (1 << 1)
#: Whether each card id pays or is paid for when played (a table: the play reads it per card).
_PAYS: Final[tuple[bool, ...]] = tuple(bool(PAYING_CARDS >> c & 1) for c in range(78))
#: The cards the Fool's exchange may give (§1.7): any but a counting card or the Fool.
EMPTY_CARDS: Final[CardSet] = FULL_PACK & ~COUNTING_CARDS & ~1


def pay_trick(d: MarollesDeal, trick: list[Card], winner: Seat, last: bool) -> CardSet:
    """Pay what the cards of a complete trick earn or cost as they fall (§1.7, §1.8): a Tarot
    1 M from each opponent to its owner if he wins the trick, else from him to each; la Belle
    1 M to its owner (unless declared with the 7 Tarots); the Fool's excuse 1 M, or its
    penalty at the last trick; the Ultimo 6 M. Returns the cards the winner gains (the Fool
    goes back to its owner when it excuses)."""
    o = d._o
    n, leader, t = d.players, d.leader, d.trick_no
    gain = mask(trick)
    for i in range(len(trick)):
        c = trick[i]
        if _PAYS[c] and i != n:  # le Mort never pays or receives
            s = (leader + i) % n
            tok = format_card(c, o.notation)
            if c == FOOL:
                if last:  # held to the last trick: not excused (§1.7)
                    d._pay_each(s, o.fool_penalty, "fool_not_excused", t, tok)
                    if not o.fool_last_to_winner:
                        gain &= ~1
                        d.piles[s] |= 1
                        d.fool_kept = (s, t, winner)
                else:
                    gain &= ~1
                    d.piles[s] |= 1
                    d.fool_kept = (s, t, winner)
                    d._collect(s, 1, "excuse", t, tok)
            elif c == BELLE:
                if not d.belle_declared[s]:
                    d._collect(s, 1, "belle", t, tok)
            elif s == winner:
                if last and ULTIMO_CARDS >> c & 1:
                    d._collect(s, 6, "ultimo", t, tok)
                    if o.ultimo_plus_1:
                        d._collect(s, 1, "tarot", t, tok)
                else:
                    d._collect(s, 1, "tarot", t, tok)
            elif last and ULTIMO_CARDS >> c & 1 and o.ultimo_fail_6:
                d._pay_each(s, 6, "ultimo", t, tok)
                if o.ultimo_plus_1:
                    d._pay_each(s, 1, "tarot", t, tok)
            else:
                d._pay_each(s, 1, "tarot", t, tok)
    return gain


def settle(d: MarollesDeal) -> None:
    """After the last trick: left-over cards, the Fool's exchange, card points (§1.9)."""
    n = d.players
    if d.MORT:  # le Mort's cards never turned up stay with it
        d.piles[n] |= mask(d.mort_cards[d.TRICKS:])
    for s in range(n):
        rest = d.hand(s)
        if rest:  # only after a short discard
            if rest & 1:
                d._pay_each(s, d._o.fool_penalty, "fool_not_excused", None, "F")
            d.piles[s] |= rest
            d._set_hand(s, 0)
    if d._o.fool_exchange and d.fool_kept:
        owner, _, winner = d.fool_kept
        if owner != winner:
            empties = d.piles[owner] & EMPTY_CARDS
            give = empties & -empties if empties else 1
            d.piles[owner] &= ~give
            d.piles[winner] |= give
            d.result_info = {"fool_exchange": [owner, winner, give.bit_length() - 1]}
    pts = tuple(packet_points(d.piles[s]) for s in range(n))
    d.points = pts
    card_point_payments(d, pts)
    d.phase, d.to_play = "over", None

def card_point_payments(d: MarollesDeal, pts: tuple[int, ...]) -> None:
    """Par, losers and winners, 1 M per full 5 points (§1.9)."""
    par = d._o.par
    winners = [s for s in range(d.players) if pts[s] >= par]
    losers = [s for s in range(d.players) if pts[s] < par]
    if not winners or not losers:
        return
    if len(winners) == 1:
        w = winners[0]
        for s in losers:
            d._pay(s, w, (par - pts[s]) // 5, "card_points")
        return
    loser = losers[0]
    if d._o.dm_literal:
        owed = (par - pts[loser]) // 5
        a, b = winners
        if pts[a] != pts[b]:
            d._pay(loser, a if pts[a] > pts[b] else b, owed, "card_points")
        elif d._o.dm_tie == "split_floor":
            for w in winners:
                d._pay(loser, w, owed // 2, "card_points")
        elif d._o.dm_tie == "each_full":
            for w in winners:
                d._pay(loser, w, owed, "card_points")
        return
    for w in winners:
        d._pay(loser, w, (pts[w] - par) // 5, "card_points")
