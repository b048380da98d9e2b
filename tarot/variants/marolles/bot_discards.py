"""The Marolles rule bot's discards (``bot.MarollesRuleBot``; docs/rules §1.4).

Never a triomphe or a King (2 M to each opponent) unless nothing else is left; otherwise the
cards that count for the pile and are at risk in play (a Queen without its King, a Cavalier
without King and Queen), keeping la Belle and any Imperial; with six trumps or more, a short
suit (no King in it) may be emptied to trump it later.

The dealt hand is read in the two parts of a card set (``cards.PART``), and each card's kind
from a table per card: in the compiled bot a part is a machine word, where a whole 78-card set
is a Python long object.
"""

from __future__ import annotations

from typing import Final

from ...core.cards import (
    CAVALIER, JACK, KING, KINGS, LOW_PART, PART, QUEEN, SUIT_HIGH, SUIT_IN_PART, TAROTS, TRIOMPHES,
    TRUMPS, CardSet, cards_of, rank_of, suit_card,
)
from ...core.cards import popcount as _bits
from ...core.tricks import SUIT_OF as _SUIT
from ...core.tricks import power_table
from .rules import BELLE, suit_power

_POWER: Final = power_table(suit_power)
#: Cards whose discard costs 2 M to each opponent (§1.4).
PENALISED: Final[CardSet] = TRIOMPHES | KINGS
_IS_PENALISED: Final[tuple[bool, ...]] = tuple(bool(PENALISED >> c & 1) for c in range(78))
_IS_TAROT: Final[tuple[bool, ...]] = tuple(bool(TAROTS >> c & 1) for c in range(78))
#: A suit card's rank (0 for the Fool and the trumps).
_RANK: Final[tuple[int, ...]] = tuple(rank_of(c) if c >= 22 else 0 for c in range(78))


def _bit(lo: CardSet, hi: CardSet, c: int) -> bool:
    """Whether card ``c`` is in the set whose parts are ``lo``, ``hi``."""
    return bool((hi >> (c - PART) if c >= PART else lo >> c) & 1)


def _parts(cards: list[int]) -> tuple[CardSet, CardSet]:
    lo = hi = 0
    for c in cards:
        if c < PART:
            lo |= 1 << c
        else:
            hi |= 1 << (c - PART)
    return lo, hi


#: Each suit's Imperial honours (Jack, Cavalier, Queen, King) in their part; each rank's four
#: cards (Jack, Cavalier, Queen) in the two parts.
_IMPERIAL_PART: Final[tuple[int, ...]] = tuple(
    _parts([suit_card(s, r) for r in (JACK, CAVALIER, QUEEN, KING)])[1 if SUIT_HIGH[s] else 0] for s in range(4))
_RANK_PARTS: Final[dict[int, tuple[CardSet, CardSet]]] = {
    r: _parts([suit_card(s, r) for s in range(4)]) for r in (JACK, CAVALIER, QUEEN)}


def discard_scores(dealt: CardSet, declare_later: bool) -> dict[int, float]:
    """How much each card dealt is worth putting in the pile now (higher = discard first);
    ``declare_later``: declarations come after the discards, which then keep what declares."""
    cards, score = _scores(dealt, declare_later)
    return {c: score[c] for c in cards}


def _scores(dealt: CardSet, declare_later: bool) -> tuple[list[int], list[float]]:
    """The cards dealt, in order, and the score of each (``discard_scores``) at its id."""
    lo, hi = dealt & LOW_PART, dealt >> PART
    cards = cards_of(dealt)
    scores = [0.0] * 78
    trumps = _bits(lo & TRUMPS)
    for c in cards:
        if _IS_PENALISED[c]:
            # forced only: the plainest trumps first, never a Tarot if avoidable
            scores[c] = -10.0 - (5.0 if _IS_TAROT[c] else 0.0) - c / 100
            continue
        if c == BELLE:
            scores[c] = -5.0  # worth 1 M from each opponent when played
            continue
        s, r = _SUIT[c], _RANK[c]
        part = hi if SUIT_HIGH[s] else lo
        length = _bits(part & SUIT_IN_PART[s])
        if r == QUEEN:
            score = 0.6 if _bit(lo, hi, suit_card(s, KING)) else 3.3
        elif r == CAVALIER:
            guarded = _bit(lo, hi, suit_card(s, KING)) and _bit(lo, hi, suit_card(s, QUEEN))
            score = 0.4 if guarded else 2.3
        elif r == JACK:
            score = 1.3
        else:
            # an empty card: a short suit is worth emptying to trump it later
            score = 0.33 + 0.08 * float(max(0, 5 - length)) + 0.02 * float(12 - _POWER[c])
        if declare_later and r >= JACK:
            hon = _IMPERIAL_PART[s]
            if part & hon == hon:
                score -= 6.0
            if r != KING:
                rlo, rhi = _RANK_PARTS[r]
                if lo & rlo == rlo and hi & rhi == rhi:
                    score -= 6.0
        if trumps >= 6:
            score += 0.05 * float(max(0, 4 - length))
        scores[c] = score
    return cards, scores


def _best(cards: list[int], scores: list[float], k: int, skip: int) -> list[int]:
    """The ``k`` cards of highest score (of equal scores, the lower id first), best first,
    leaving out the suit ``skip`` (-1: none): the first ``k`` of the cards sorted so."""
    chosen: list[int] = []
    taken = [False] * 78
    while len(chosen) < k:
        best, top = -1, 0.0
        for c in cards:
            if not taken[c] and _SUIT[c] != skip and (best < 0 or scores[c] > top):
                best, top = c, scores[c]
        if best < 0:
            break
        chosen.append(best)
        taken[best] = True
    return chosen


def discard_plan(dealt: CardSet, total: int, declare_later: bool) -> CardSet:
    """The ``total`` cards to discard from the dealt hand (recomputed identically each time,
    so the plan survives between the one-card-at-a-time actions)."""
    cards, scores = _scores(dealt, declare_later)
    best = _best(cards, scores, total if total >= 0 else len(cards) + total, -1)  # as a slice [:total]
    best_value = sum([scores[c] for c in best])
    lo, hi = dealt & LOW_PART, dealt >> PART
    trumps = _bits(lo & TRUMPS)
    if trumps >= 6 and total > 1:
        # empty a short suit (no King in it) so as to trump it in play
        for s in range(4):
            n = _bits((hi if SUIT_HIGH[s] else lo) & SUIT_IN_PART[s])
            if not n or n > total or _bit(lo, hi, suit_card(s, KING)) or _SUIT[BELLE] == s and _bit(lo, hi, BELLE):
                continue
            suit = [c for c in cards if _SUIT[c] == s]
            value = sum([scores[c] for c in suit + _best(cards, scores, total - n, s)]) + 1.0 + 0.15 * trumps
            if value > best_value:
                best, best_value = suit + _best(cards, scores, total - n, s), value
    plan = 0
    for c in best:
        plan |= 1 << c
    return plan


__all__ = ["PENALISED", "discard_plan", "discard_scores"]
