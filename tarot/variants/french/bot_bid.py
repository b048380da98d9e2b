"""French Tarot's decisions before the play made by evaluation (docs/rules §4.1, §4.4): the bid,
the King call, the écart, the chelem and the poignées (``Game.preplay_bot``; the bots
``rule-bid`` and ``pimc-bid``, docs/bots.md "Bidding by evaluation").

Each decision is judged by its expected score for the seat. ``worlds`` deals consistent with the
seat's view are drawn (the other hands and, until it is shown, the chien: ``sampler_bid`` before
the écart, the game's own sampler after it; the other seats' bids read by the rule bot's count,
their écart made as the rule bot makes it: ``tarot.bots.sampling.sample_from``). In each deal
every candidate is pushed and the deal played to its end by the rule bots at every seat (the
fast proxy: a deal in a few milliseconds), this seat's later decisions included: after a bid,
the other seats' bids, the call, the écart from the chien drawn, the announcements and the
cards. The seat's score in each deal is moved to what its own card play would make of it
(``play_edge``: the card points the search's play gains its camp over the rule bots', as taker
and as defender, measured in docs/strength.md; the proxy calibrated against the search). The
candidate of best mean score is chosen. Every candidate is played out in the same
deals (common random numbers): the comparison between two contracts is paired deal by deal,
and the luck of the draw weighs alike on both.

The candidates: every legal bid (pass included); every card that may be called; a handful of
écarts (the rule bot's, each suit or pair of suits without its King emptied and the rest made
as the rule bot would, and the rule bot's order with the cards that count kept last); chelem or
not; each poignée or none. Every draw comes from the bot's own generator: the same seed and
views give the same decisions.

>>> import tarot
>>> from tarot.bots import make_bot, play_out
>>> deal = tarot.new_deal("fft-4p", seed=11)
>>> play_out(deal, [FrenchPreplayBot(seed=1, worlds=4)] + [make_bot("rule", seed=s) for s in range(3)])
>>> sum(deal.result().scores)
0
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import combinations
from typing import Final, cast

from ...bots.preplay import PreplayDecider
from ...bots.rollout import rollout
from ...bots.sampling import Constraints, SamplingError, sample_from
from ...core.actions import ACTION_IDS
from ...core.cards import KINGS, SUIT_MASKS, Card, CardSet, Seat, cards_of
from ...core.counting import reduced_total
from ...core.deal import Deal, View, variant_class
from ...core.errors import TarotError
from ...core.tricks import SUIT_OF
from .bot import FrenchRuleBot
from .rules import ECART_FREE, FrenchDeal
from .sampler_bid import PREPLAY, PREPLAY_PHASES
from .settlement import per_defender_amount

CHELEM: Final = ACTION_IDS["chelem"]
#: What a card-play bot makes its camp in card points more than the rule bot in the same seat
#: and contract, as taker and as defender: ``pimc-wide``'s over 1,169 boards of fft-4p
#: (docs/strength.md, "Both search bots in one run, before the calibration").
PLAY_EDGES: Final = {"pimc-wide": (3.4, 1.5)}
#: The decisions this bot evaluates; the others (the trumps shown, the play) are not its own.
PHASES: Final = ("bid", "call", "ecart", "chelem", "poignee")
_VALUE: Final = tuple(reduced_total(1 << c) for c in range(78))


def ecart_candidates(full: CardSet, k: int) -> list[CardSet]:
    """A handful of sensible écarts of ``k`` cards from ``full`` (the taker's hand with the chien
    in it), the rule bot's first: each suit, or pair of suits, without its King (a King may
    not be discarded, §4.1) and short enough, emptied, the rest as the rule bot makes it; and
    the rule bot's order with the cards that count kept to the last. With too few suit cards
    to choose from (trumps forced in), the rule bot's alone.

    >>> from tarot.core.cards import mask, parse_cards, FRENCH
    >>> hand = mask(parse_cards("T21 T20 T19 T18 T17 T16 T15 T14 T13 T1 EX KS QS JS KH 9H 2D 3D 4D 5D 6D 2C 3C 7C", FRENCH))
    >>> all(e.bit_count() == 6 and not e & KINGS for e in ecart_candidates(hand, 6))
    True
    """
    rule = _mask(FrenchRuleBot._ecart(full, k))
    free = full & ECART_FREE
    out = [rule]
    if free.bit_count() <= k:
        return out
    voidable = [full & m for m in SUIT_MASKS if full & m and not full & m & KINGS
                and (full & m).bit_count() <= k]
    for n in (1, 2):
        for suits in combinations(voidable, n):
            base = sum(suits)
            left = k - base.bit_count()
            if left < 0:
                continue
            rest = full & ~base
            fill = _mask(FrenchRuleBot._ecart(rest, left)) if left else 0
            out.append(base | fill)
    def points_last(c: Card) -> tuple:
        suit = full & SUIT_MASKS[SUIT_OF[c]]
        return (bool(suit & KINGS), suit.bit_count(), _VALUE[c], c)

    keep_points = sorted(cards_of(free), key=points_last)
    out.append(_mask(keep_points[:k]))
    return list(dict.fromkeys(e for e in out if e.bit_count() == k and not e & ~free))


def _mask(cards: Sequence[Card]) -> CardSet:
    return sum(1 << c for c in cards)


class FrenchPreplayBot(PreplayDecider):
    """The bid, the call, the écart and the announcements by evaluation (module docstring);
    ``act`` takes the views of those decisions (``handles``)."""

    name = "preplay"
    phases = PHASES

    def __init__(self, seed: int | None = None, worlds: int = 32, ecart_worlds: int | None = None,
                 bid_tries: int = 50, play: str = "rule",
                 play_edge: tuple[float, float] | None = None) -> None:
        if worlds < 1:
            raise TarotError(f"worlds must be at least 1, not {worlds!r}")
        self.rng = random.Random(seed)
        #: deals drawn per decision (the écart: ``ecart_worlds``, default the same).
        self.worlds = worlds
        self.ecart_worlds = ecart_worlds or worlds
        #: draws per deal kept before one that contradicts the other seats' bids is kept anyway.
        self.bid_tries = bid_tries
        #: card points the seat's own card play (the bot ``play``) gains its camp over the rule
        #: bots' (as taker, as defender): ``PLAY_EDGES``, (0, 0) for a bot not measured there.
        self.play_edge = PLAY_EDGES.get(play, (0.0, 0.0)) if play_edge is None else play_edge
        self.rule = FrenchRuleBot(seed)
        self._ecart: tuple[CardSet, CardSet] | None = None  # (the hand with the chien, the écart)
        #: The last decision's candidates and their mean scores (what ``explain`` tells).
        self.last: dict[int | CardSet, float] = {}

    def act(self, view: View) -> int:
        legal = self.decision(view)
        if len(legal) == 1:
            return legal[0]
        if view.phase == "ecart":
            return self.ecart(view, legal)
        plans = [(a,) for a in legal]
        try:
            means = self.estimate(view, plans, self.worlds)
        except SamplingError:
            return self.rule.act(view)
        self.last = dict(zip(legal, means))
        # the best mean; among equals the rule bot's choice, then the lowest action
        pick = self.rule.act(view)
        return max(legal, key=lambda a: (self.last[a], a == pick, -a))

    def ecart(self, view: View, legal: list[int]) -> int:
        """The next card of the écart: the écart is chosen whole at its first card (the best of
        ``ecart_candidates``), then put down in ascending order as the rules ask."""
        full = view.hand | view.discards
        if self._ecart is None or self._ecart[0] != full or view.discards & ~self._ecart[1]:
            k = cast("type[FrenchDeal]", variant_class(view.variant)).CHIEN
            cands = ecart_candidates(full, k)
            best = cands[0]
            if len(cands) > 1 and not view.discards:
                plans = [tuple(cards_of(e)) for e in cands]
                try:
                    means = self.estimate(view, plans, self.ecart_worlds)
                    self.last = dict(zip(cands, means))
                    best = max(range(len(cands)), key=lambda i: (means[i], -i))
                    best = cands[best]
                except SamplingError:
                    pass
            self._ecart = (full, best)
        left = self._ecart[1] & ~view.discards
        nxt = (left & -left).bit_length() - 1 if left else -1
        return nxt if nxt in legal else self.rule.act(view)

    def worlds_for(self, view: View, n: int) -> list[Deal]:
        """``n`` deals consistent with ``view`` drawn with the bot's generator, at the view's
        decision point (``SamplingError`` if the view cannot be sampled)."""
        cons = Constraints(view, PREPLAY if view.phase in PREPLAY_PHASES else None)
        rng = self.rng
        return [sample_from(cons, rng, model=self.rule, bids=self.rule, bid_tries=self.bid_tries)
                for _ in range(n)]

    def estimate(self, view: View, plans: Sequence[Sequence[int]], n: int) -> list[float]:
        """The mean score of ``view.seat`` over ``n`` drawn deals when the actions of each plan
        are pushed and the deal played out by the rule bots, every plan in the same deals.
        With more than two plans, after the first half of the deals only the better half of
        the plans (at least two) goes on (successive halving): a plan dropped keeps its mean
        over the first half, which is below every kept plan's there, and its mean is marked
        down below the kept plans' so that it is never chosen."""
        seat = view.seat
        bots = [self.rule] * view.players
        totals = [0.0] * len(plans)
        alive = list(range(len(plans)))
        worlds = self.worlds_for(view, n)
        half = (n + 1) // 2 if len(plans) > 2 else n
        for j, world in enumerate(worlds):
            if j == half:
                alive.sort(key=lambda i: (-totals[i], i))
                alive = sorted(alive[:max(2, (len(alive) + 1) // 2)])
            for i in alive:
                w = world.copy()
                for a in plans[i]:
                    w.push(a)
                rollout(w, bots)
                totals[i] += self.score(cast(FrenchDeal, w), seat)
        kept = set(alive)
        means = [totals[i] / n if i in kept else totals[i] / max(1, half) for i in range(len(plans))]
        floor = min(means[i] for i in kept)
        return [m if i in kept else min(m, floor - 1.0) for i, m in enumerate(means)]

    def score(self, deal: FrenchDeal, seat: Seat) -> float:
        """``seat``'s score in the finished ``deal`` with its camp's card points moved by
        ``play_edge`` (up in the taker's camp, down in the defence). Every seat's score is a
        multiple of what each defender pays (§4.2), so it is scaled by the amount paid at the
        moved points; a fractional edge weighs the two whole points beside it."""
        total = deal.ledger.totals()[seat]
        o = deal.outcome
        if o is None or not o["unrounded"] or self.play_edge == (0.0, 0.0):
            return total
        shift = self.play_edge[0] if deal.camp >> seat & 1 else -self.play_edge[1]
        low = math.floor(shift)
        frac = shift - low

        def amount(points: int) -> int:
            return sum(per_defender_amount(points, o["bouts"], cast(int, deal.contract),
                                           o["petit_au_bout"], o["poignee"], o["chelem"]).values())

        moved = (1 - frac) * amount(o["points"] + low) + frac * amount(o["points"] + low + 1)
        return total * moved / o["unrounded"]

    def explain(self, view: View) -> str:
        """What the last decision's candidates were worth, in a sentence."""
        if not self.last:
            return ""
        return "expected score by candidate: " + ", ".join(
            f"{k}: {v:+.1f}" for k, v in sorted(self.last.items(), key=lambda kv: -kv[1]))


__all__ = ["FrenchPreplayBot", "PHASES", "PLAY_EDGES", "ecart_candidates"]
