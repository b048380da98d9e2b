"""A rule-based player for two-player French Tarot (docs/rules §4.5), deciding from its ``View``.

What it knows is what the view shows: its hand, both players' face-up pile cards, the tricks.
Every other card (the opponent's hand and every face-down pile card, its own included) is
*unseen*; the opponent's hand is treated as a random draw of its size from the unseen cards,
less the suits he is known to lack. A player who did not follow a plain suit holds none of it in
his hand, one who did not trump holds no trump, and one who did not beat a trump lead holds no
higher trump (inferred only when face-up cards bind, since otherwise a face-up card may be
played whatever the hand holds).

Values are in half points (§0.3: a card is worth twice its reduced value plus one); the Petit
counts more, since a bout moves the target by 5 or 10 points.

* **Second to play** the outcome is certain: each legal card is worth what the trick brings
  (won: both cards; lost: minus both; the 21, never lost, puts nothing at stake), less what the
  card is worth kept for later (high trumps). The Excuse saves a counting card at the price of a
  half-point card.
* **Leading**: each card is worth its value times the chance that the opponent cannot beat it
  (a higher card of the suit, or a trump if he may be void), as a hypergeometric draw.
* **The Excuse** saves the first card it is worth saving (a trick lost with a counting card, the
  price a half-point card), and is played before the last trick; it is not kept for a later,
  bigger card (``EXCUSE_KEEP``).
* **Unlocking a pile**: of cards worth about the same, a face-up pile card with a face-down card
  under it is played first (``UNLOCK``): the card turned up adds to this player's choices.

>>> import tarot
>>> from tarot.bots import make_bot, play_out
>>> deal = tarot.new_deal("french-2p", seed=11)
>>> play_out(deal, [make_bot("rule", seed=s) for s in range(2)])
>>> sum(deal.result().card_points)
91
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...core.cards import FOOL, FULL_PACK, SUIT_MASKS, TRUMP_SUIT, TRUMPS, Card, CardSet, cards_of
from ...core.counting import reduced_total
from ...core.deal import View
from ...core.tricks import SUIT_OF as _SUIT
from .rules import TRICKS, second_wins
from ...bots.odds import p_none as _p_none

PETIT: Card = 1
XXI: Card = 21
_SUIT_MASK = (*SUIT_MASKS, TRUMPS)
#: A card's worth in half points (2 × reduced + 1); the Petit more (it sets a target).
_WORTH = tuple(2 * reduced_total(1 << c) + 1 for c in range(78))
_WORTH = tuple(25 if c == PETIT else w for c, w in enumerate(_WORTH))
#: What a card puts at stake in a trick: its worth, but nothing for the 21, which is never lost.
_STAKE = tuple(0 if c == XXI else w for c, w in enumerate(_WORTH))
#: The cards of a card's own suit that beat it (higher trumps for a trump; none for the Excuse).
_HIGHER = tuple(
    0 if c == FOOL else sum(1 << d for d in cards_of(_SUIT_MASK[_SUIT[c]]) if second_wins(c, d))
    for c in range(78)
)
#: What a card is worth kept for later, in half points: the trumps that can capture later.
_KEEP = tuple(3.0 if c == XXI else 0.25 * c if 2 <= c <= 20 else 0.0 for c in range(78))




class French2pRuleBot:
    """Rule-based two-player French Tarot: one-trick values, the Excuse as a shelter."""

    name = "rule"
    #: What keeping the Excuse is worth early on (it fades as the deal ends), in half points:
    #: none, so it saves the first card worth saving (docs/bots.md, "Card play in French
    #: Tarot for two players").
    EXCUSE_KEEP = 0.0
    #: What turning up a face-down pile card is worth, in half points (docs/bots.md).
    UNLOCK = 3.0

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> int:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        # this player's face-up pile cards with a face-down card under them
        up, down = view.extra["face_up"][me], view.extra["face_down"][me]
        unlock = sum(1 << c for c, d in zip(up, down) if c is not None and d > 0)
        left = TRICKS - len(view.tricks)   # cards each player still has to play, this one included
        if FOOL in legal and left == 2:
            return FOOL                    # the Excuse played to the last trick would be lost
        keep_fool = self.EXCUSE_KEEP * min(1.0, left / 20)
        if view.trick:
            return self._answer(view.trick[0], legal, keep_fool, unlock)
        return self._lead(view, me, legal, keep_fool, unlock)

    def _answer(self, lead: Card, legal: Sequence[int], keep_fool: float, unlock: CardSet) -> int:
        """Second to play: the trick's outcome is known for each card."""
        best, best_v = legal[0], None
        for c in legal:
            if c == FOOL:
                v = -(_WORTH[lead] + 1) - keep_fool
            elif second_wins(lead, c):
                v = _WORTH[lead] + _STAKE[c] - _KEEP[c]
            else:
                v = -(_WORTH[lead] + _STAKE[c]) - _KEEP[c]
            v += self.UNLOCK * (unlock >> c & 1)
            if best_v is None or v > best_v:
                best, best_v = c, v
        return best

    def _lead(self, v: View, me: int, legal: Sequence[int], keep_fool: float, unlock: CardSet) -> int:
        """Leading: the chance that the opponent cannot beat each card."""
        opp = 1 - me
        seen = v.hand | v.table[0] | v.table[1]
        for _, cards, _ in v.tricks:
            for c in cards:
                seen |= 1 << c
        void = self._voids(v, opp)
        possible = FULL_PACK & ~seen & ~void   # unseen cards the opponent may hold in hand
        pool = possible.bit_count()
        slots = v.hand_sizes[opp]
        shown = v.table[opp]

        def p_holds(cards: CardSet) -> float:
            """Chance that the opponent can play one of ``cards`` now."""
            if cards & shown:
                return 1.0
            return 1.0 - _p_none((cards & possible).bit_count(), pool, slots)

        p_trump = p_holds(TRUMPS)
        best, best_v = legal[0], None
        for c in legal:
            if c == FOOL:
                val = -1.0 - keep_fool
            else:
                beat = p_holds(_HIGHER[c])
                if c > 21:   # a plain suit: he may also be void in it and trump
                    suit = SUIT_MASKS[_SUIT[c]]
                    p_void = 0.0 if shown & suit else 1.0 - p_holds(suit)
                    beat = 1.0 - (1.0 - beat) * (1.0 - p_void * p_trump)
                val = (1.0 - 2.0 * beat) * (_STAKE[c] + 1) - _KEEP[c]
            val += self.UNLOCK * (unlock >> c & 1)
            if best_v is None or val > best_v:
                best, best_v = c, val
        return best

    @staticmethod
    def _voids(v: View, opp: int) -> CardSet:
        """Cards the opponent's hand cannot hold, from his answers (face-up cards binding)."""
        if v.options["two_player_faceup_cards_bind_follow_suit"] != "true":
            return 0
        void = 0
        for leader, (a, b), _ in v.tricks:
            if leader == opp or a == FOOL or b == FOOL:
                continue
            s = _SUIT[a]
            if _SUIT[b] != s:
                void |= _SUIT_MASK[s]
                if s != TRUMP_SUIT and _SUIT[b] != TRUMP_SUIT:
                    void |= TRUMPS
            elif s == TRUMP_SUIT and b < a:
                void |= _HIGHER[a]
        return void

__all__ = ["French2pRuleBot"]
