"""French Tarot's contracts and scores (docs/rules §4.1-4.4): the bids and what they multiply,
the poignées, the taker's points from his half points, and what each defender pays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.actions import ACTION_IDS
from ...core.cards import BOUTS, FOOL, Card, Seat
from ...core.counting import FRENCH_TARGETS, reduced_total

if TYPE_CHECKING:
    from .rules import FrenchDeal

PRISE, GARDE, GARDE_SANS, GARDE_CONTRE = (ACTION_IDS[b] for b in ("prise", "garde", "garde_sans",
                                                                  "garde_contre"))
BIDS: Final = (PRISE, GARDE, GARDE_SANS, GARDE_CONTRE)
CHELEM: Final = ACTION_IDS["chelem"]
POIGNEES: Final = (ACTION_IDS["poignee_simple"], ACTION_IDS["poignee_double"], ACTION_IDS["poignee_triple"])
#: Contract -> multiplier (§4.1).
MULTIPLIER: Final = {PRISE: 1, GARDE: 2, GARDE_SANS: 4, GARDE_CONTRE: 6}
#: Poignée simple / double / triple -> bonus (§4.1), never multiplied.
POIGNEE_VALUES: Final = {POIGNEES[0]: 20, POIGNEES[1]: 30, POIGNEES[2]: 40}
PETIT: Final[Card] = 1


def half_point_rounding(halves: int, target: int) -> int:
    """The taker's points from his half points (§4.3): a half point is rounded up when the
    contract is made and down when it is not.

    >>> half_point_rounding(81, 41), half_point_rounding(83, 41), half_point_rounding(112, 56)
    (40, 42, 56)
    """
    if not halves & 1:
        return halves // 2
    return (halves + 1) // 2 if halves >= 2 * target else (halves - 1) // 2


def per_defender_amount(points: int, bouts: int, contract: int, petit_au_bout: int = 0,
                        poignee: int = 0, chelem: int = 0) -> dict[str, int]:
    """The amount each defender pays the taker (§4.2), split by reason: ``contract``,
    ``petit_au_bout``, ``poignee``, ``chelem`` (negative: the taker pays).

    ``points`` are the taker camp's card points after rounding, ``bouts`` the bouts it holds,
    ``contract`` a bid action, ``petit_au_bout`` +1 (taker's camp), -1 (defence) or 0,
    ``poignee`` the sum of the poignées declared, ``chelem`` the chelem term (+400, -200, ...).

    >>> sum(per_defender_amount(56, 2, GARDE).values())   # seed example H1
    80
    """
    d = points - FRENCH_TARGETS[bouts]
    w = 1 if d >= 0 else -1
    mult = MULTIPLIER[contract]
    return {"contract": w * (25 + abs(d)) * mult, "petit_au_bout": 10 * petit_au_bout * mult,
            "poignee": w * poignee, "chelem": chelem}


def settle(deal: FrenchDeal) -> None:
    """After the last trick: the taker camp's points, bouts, petit au bout, chelem and
    poignées, paid by each defender (§4.2, §4.3)."""
    taker_pile, _ = deal.camp_piles()
    halves = 2 * reduced_total(taker_pile) + taker_pile.bit_count() + deal.adj
    bouts = (taker_pile & BOUTS).bit_count()
    target = FRENCH_TARGETS[bouts]
    points = half_point_rounding(halves, target)
    camp = deal.camp
    tricks = deal.tricks
    last = tricks[-1]
    # §4.1: the Petit in the last trick is au bout for that trick's winner; when the Excuse
    # won the last trick (a chelem), the Petit in the trick before it counts too.
    judged = last
    if PETIT not in last[1] and last[1][0] == FOOL and last[2] == last[0] and len(tricks) > 1:
        judged = tricks[-2]
    pab = 0
    if PETIT in judged[1]:
        pab = 1 if camp >> judged[2] & 1 else -1
    taker_all = all(camp >> w & 1 for _, _, w in tricks)
    defence_all = not any(camp >> w & 1 for _, _, w in tricks)
    if deal.chelem:
        ch = 400 if taker_all else -200
    elif taker_all:
        ch = 200
    elif defence_all:
        ch = -deal._o.defence_chelem
    else:
        ch = 0
    parts = per_defender_amount(points, bouts, deal.contract, pab, deal.poignee, ch)  # type: ignore[arg-type]  # a contract was bid
    r = deal._o.rounding
    total = sum(parts.values())
    if r:
        q, rem = divmod(abs(total), r)
        rounded = (q + (2 * rem >= r)) * r * (1 if total >= 0 else -1)
        parts["contract"] += rounded - total
    pay_parts(deal, parts)
    deal.outcome = {"points": points, "halves": halves, "bouts": bouts, "target": target,
                    "petit_au_bout": pab, "chelem": ch, "poignee": deal.poignee,
                    "amount": sum(parts.values()), "unrounded": total}
    deal.phase, deal.to_play = "over", None


def pay_parts(deal: FrenchDeal, parts: dict[str, int]) -> None:
    """Each defender pays the taker (or his partner) each part; a negative part goes back."""
    n, taker = deal.players, deal._taker()
    defenders = [(taker + i) % n for i in range(1, n) if not deal.camp >> ((taker + i) % n) & 1]
    partner = deal.partner
    for reason, amount in parts.items():
        if not amount:
            continue
        for i, d in enumerate(defenders):
            payee, amt = taker, amount
            if partner is not None:
                if deal._o.split_equal:
                    if i == 1:
                        payee = partner
                    elif i == 2:
                        half = amount // 2 if amount >= 0 else -((-amount) // 2)
                        _pay(deal, d, partner, half, reason)
                        amt = amount - half
                elif i == 2:
                    payee = partner
            _pay(deal, d, payee, amt, reason)


def _pay(deal: FrenchDeal, defender: Seat, payee: Seat, amount: int, reason: str) -> None:
    if amount > 0:
        deal.ledger.pay(defender, payee, amount, reason)
    elif amount < 0:
        deal.ledger.pay(payee, defender, -amount, reason)
