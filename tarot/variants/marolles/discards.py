"""Marolles before the declarations (docs/rules §1.4): a redeal of a bad hand
(``bad_hand_redeal``) and the discards, one card at a time in ascending order; and why a
discard is refused.

Functions of the deal (``MarollesDeal``), which calls them for its ``redeal``, ``grant`` and
``discard`` phases."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.actions import DONE, REDEAL, REFUSE
from ...core.cards import (
    KINGS, LOW_PART, PART, TRIOMPHES, CardSet, Seat, card_phrase, cards_of, drop_highest_parts,
    format_card,
)

if TYPE_CHECKING:
    from .rules import MarollesDeal

#: Cards whose discard is penalised or forbidden: every triomphe and every Tarot (§1.4).
NO_DISCARD: Final[CardSet] = TRIOMPHES | KINGS


# ----- a redeal ------------------------------------------------------------------------------
def ask_redeal(d: MarollesDeal, a: int) -> None:
    """The seat to play asks for a redeal (the others then grant it or not) or passes."""
    if a == REDEAL:
        d.redeal_asker = d._seat()
        d.redeal_votes = 0
        d.phase = "grant"
        d.to_play = (d._seat() + 1) % d.players
    else:
        d._next_in_order()


def grant_redeal(d: MarollesDeal, a: int) -> None:
    """The seat to play grants or refuses the redeal asked for; granted by both others, the
    asker pays each the redeal's cost and the deal is over."""
    if a == REFUSE:
        d.to_play = d.redeal_asker
        d.phase = "redeal"
        d._next_in_order()
        return
    d.redeal_votes += 1
    if d.redeal_votes == d.players - 1:
        d._pay_each(d.redeal_asker, d._o.redeal_cost, "redeal")
        d.points = (0,) * d.players
        d.phase, d.to_play = "over", None
    else:
        d.to_play = (d._seat() + 1) % d.players


# ----- the discards ----------------------------------------------------------------------------
def legal_discard_parts(d: MarollesDeal) -> tuple[CardSet, CardSet]:
    """The cards the seat to play may discard next, as the two parts of a card set."""
    p = d._seat()
    need = d.discard_left[p]
    lo, hi = d._split.parts(p)
    last = d.last_discard[p]
    if last >= 0:  # the discard goes in ascending order: the cards above the last one
        if last < PART:
            lo &= ~((2 << last) - 1)
        else:
            lo, hi = 0, hi & ~((2 << (last - PART)) - 1)
    # A short discard allowed (wrong_discard_count=penalty_1m_and_forfeit): any card may be
    # the last one discarded, so no card needs others above it (trumps and Tarots still
    # only when unavoidable, below).
    short = d._o.short_discard_allowed
    if not d._o.discard_forbidden:
        # Ascending order: a card is legal if at least need-1 cards lie above it, i.e. if
        # it is not one of the need-1 highest candidates.
        return (lo, hi) if short else drop_highest_parts(lo, hi, need - 1)
    cand = lo | hi << PART
    # Trumps and Tarots only when unavoidable: the whole discard may hold no more of them
    # than the hand forces, and cards are taken in ascending order, so a card is legal if
    # the cards above it can complete the discard within what is left of that allowance.
    budget = forced_discards(d, p)
    legal = above = others = 0
    for c in reversed(cards_of(cand)):
        forbidden = NO_DISCARD >> c & 1
        if (short and not forbidden) or (above >= need - 1 and others >= need - 1 - budget + forbidden
                                         and budget >= forbidden):
            legal |= 1 << c
        above += 1
        others += 1 - forbidden
    return legal & LOW_PART, legal >> PART


def forced_discards(d: MarollesDeal, p: Seat) -> int:
    """How many more trumps or Tarots ``p`` must discard (``illegal_discard=forbidden``): the
    hand's other cards are too few for the whole discard by that many, less those already
    discarded."""
    held = d.hand(p) | d.discards[p]
    total = d.discards[p].bit_count() + d.discard_left[p]
    forced = max(0, total - (held & ~NO_DISCARD).bit_count())
    return forced - (d.discards[p] & NO_DISCARD).bit_count()


def discard(d: MarollesDeal, a: int) -> None:
    """The seat to play discards card ``a``, or stops short (``done``, where the options allow
    it: 1 M to each opponent and he receives nothing further)."""
    p = d._seat()
    if a == DONE:  # too few discards (wrong_discard_count=penalty_1m_and_forfeit)
        discard_penalties(d, p)
        d._pay_each(p, 1, "wrong_discard")
        d._forfeit(p)
        d.discard_left[p] = 0
        d._next_in_order()
        return
    bit = 1 << a
    d._split.lose(p, a)
    d.discards[p] |= bit
    d.piles[p] |= bit
    d.last_discard[p] = a
    d.discard_left[p] -= 1
    if not d.discard_left[p]:
        discard_penalties(d, p)
        d._next_in_order()


def discard_penalties(d: MarollesDeal, p: Seat) -> None:
    """2 M to each opponent per trump or Tarot discarded (or once), paid when the discard
    is complete: how many is public, not which (paid card by card, the moment of each
    payment would tell, the discard going in ascending order)."""
    if d._o.discard_forbidden:
        return
    k = (d.discards[p] & NO_DISCARD).bit_count()
    for _ in range(min(k, 1) if d._o.discard_penalty_once else k):
        d._pay_each(p, 2, "discard")


def explain_discard(d: MarollesDeal, action: int, p: Seat) -> str:
    """Why ``action``, a card of ``p``'s hand or ``done``, cannot be discarded now (§1.4)."""
    n = d.notation
    if action <= d.last_discard[p]:
        return (f"discards are taken in ascending card order: {format_card(action, n)} does not "
                f"come after {format_card(d.last_discard[p], n)}")
    if action == DONE:
        return f"seat {p} must discard {d.discard_left[p]} more card(s)"
    if d._o.discard_forbidden:
        if NO_DISCARD >> action & 1 and forced_discards(d, p) <= 0:
            return ("trumps and Tarots may not be discarded while other cards can be "
                    "(illegal_discard=forbidden)")
        if (d.hand(p) >> action).bit_count() >= d.discard_left[p]:
            return (f"{card_phrase(action, n)} cannot be discarded now: the cards above it would "
                    "make the discard hold more trumps or Tarots than the hand forces "
                    "(illegal_discard=forbidden)")
    return (f"{card_phrase(action, n)} cannot be discarded now: discards are taken in ascending "
            f"card order and {d.discard_left[p] - 1} more must follow it, but too few cards of "
            "the hand lie above it")
