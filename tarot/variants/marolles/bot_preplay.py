"""Marolles's decisions before the play made by evaluation (docs/rules §1.4, §1.5): the
discards, the declarations and the cards a declaration shows (``Game.preplay_bot``; the bots
``rule-bid`` and ``pimc-bid``, docs/strength.md "Marolles: discards and declarations by
evaluation").

Each decision is judged by its expected score in marques for the seat. ``worlds`` deals
consistent with the seat's view are drawn (the other hands and their discards: the game's own
sampler, ``tarot.bots.sampling.sample_from``, the other seats' hidden discards made as the rule
bot makes them). In each deal every candidate is pushed and the deal played to its end by the
rule bots at every seat (``tarot.bots.rollout``; a deal in about 3 ms), this seat's later
decisions included: after a discard, its declarations and cards; after a declaration, the rest
of its declarations as the rule bot makes them. Every candidate is played out in the same deals
(common random numbers), so two candidates are compared deal by deal.

The candidates, the rule bot's first:

* **discards** (§1.4), chosen whole at the first card and then put down in ascending order as
  the rules ask: the rule bot's plan; each suit without its King (and without la Belle) short
  enough, emptied, the rest the rule bot's best; and the rule bot's plan with its last card
  swapped for each of the next best cards. No candidate holds more triomphes or Kings (2 M to
  each opponent) than the rule bot's plan.
* **declarations** (§1.5), only with ``declarations=True``: each legal declaration, and
  ``done`` (declare nothing more: a declaration is paid at once, but shows cards). Measured, it
  does not pay: over 157 declaration decisions (marolles-1637 and marolles-78, 32 deals each)
  the evaluation never chose other than the rule bot (every declaration held, at once), even
  with no margin; so by default the declarations are the rule bot's and cost no time.
* **the cards shown** (10 of 13 triomphes, 3 of 4 Kings...): every choice when there are at
  most ``SHOW_CHOICES``; else the rule bot's (the lowest plain trumps), the highest plain
  trumps, the lowest cards whatever they are, and the Tarots first.

A candidate other than the rule bot's is taken only when its mean beats the rule bot's by more
than ``margin`` standard errors (two by default) of the paired difference: with few deals, the
noise of the draw does not move the bot off the rule bot's choice. Measured in whole games
(docs/strength.md, "Marolles: discards and declarations by evaluation"): the discards pay, the
declarations do not. Every draw comes from the bot's own generator:
the same seed and views give the same decisions.

>>> import tarot
>>> from tarot.bots import make_bot, play_out
>>> from tarot.bots.preplay import PreplayBot
>>> deal = tarot.new_deal("marolles-1637", seed=11)
>>> play_out(deal, [PreplayBot(seed=1, play="rule", worlds=4)] + [make_bot("rule", seed=s) for s in range(2)])
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
from ...core.cards import KINGS, SUIT_MASKS, TAROTS, CardSet, cards_of, mask
from ...core.deal import Deal, View
from ...core.errors import TarotError
from .bot import MarollesRuleBot
from .bot_discards import PENALISED, discard_scores
from .declarations import BELLE
from .rules import MarollesDeal

#: The decisions this bot evaluates; the others (a redeal, the play) are the rule bot's.
PHASES: Final = ("discard", "declare", "show")
#: Up to this many ways of choosing the cards shown, every one is a candidate.
SHOW_CHOICES: Final = 6


def discard_candidates(dealt: CardSet, rule: CardSet, declare_later: bool, swaps: int = 3) -> list[CardSet]:
    """A handful of sensible discards from ``dealt`` (all the cards dealt to the seat), the
    rule bot's plan ``rule`` first, each of as many cards and holding no more triomphes or
    Kings than it (module docstring).

    >>> from tarot.core.cards import mask, parse_cards, ITALIAN
    >>> from tarot.variants.marolles.bot_discards import discard_plan
    >>> hand = mask(parse_cards("T21 T20 T19 T18 T17 T16 T15 T1 KS QS CS 9S KC 2C 3C 4C 5C KD QD 7D 8D 9D", ITALIAN))
    >>> rule = discard_plan(hand, 1, True)
    >>> cands = discard_candidates(hand, rule, True)
    >>> cands[0] == rule and all(c.bit_count() == 1 and not c & PENALISED for c in cands)
    True
    """
    k = rule.bit_count()
    scores = discard_scores(dealt, declare_later)
    free = [c for c in scores if not PENALISED >> c & 1]
    if len(free) <= k or rule & PENALISED:
        return [rule]
    ranked = sorted(free, key=lambda c: (-scores[c], c))
    out = [rule]
    # each short suit without its King (nor la Belle) emptied, to trump it in play
    for m in SUIT_MASKS:
        suit = dealt & m
        if suit and suit.bit_count() <= k and not suit & KINGS and not suit >> BELLE & 1:
            fill = [c for c in ranked if not suit >> c & 1][:k - suit.bit_count()]
            out.append(suit | mask(fill))
    # the rule bot's plan with its weakest card swapped for each of the next best cards
    kept = sorted(cards_of(rule), key=lambda c: (-scores[c], c))
    others = [c for c in ranked if not rule >> c & 1][:swaps]
    for c in others:
        out.append(rule & ~(1 << kept[-1]) | 1 << c)
    return list(dict.fromkeys(e for e in out if e.bit_count() == k and not e & ~dealt))


def show_candidates(eligible: CardSet, need: int, rule: CardSet) -> list[CardSet]:
    """The ways of choosing ``need`` cards of ``eligible`` to show, the rule bot's ``rule``
    first: all of them when few (``SHOW_CHOICES``), else a handful (module docstring).

    >>> show_candidates(0b1111 << 10, 3, 0b0111 << 10)[0] == 0b0111 << 10
    True
    >>> len(show_candidates(0b1111 << 10, 3, 0b0111 << 10))
    4
    """
    cards = cards_of(eligible)
    if math.comb(len(cards), need) <= SHOW_CHOICES:
        out = [rule] + [mask(c) for c in combinations(cards, need)]
    else:
        plain = [c for c in cards if not TAROTS >> c & 1]
        tarots = [c for c in cards if TAROTS >> c & 1]
        out = [rule, mask((plain[::-1] + tarots)[:need]), mask(cards[:need]),
               mask((tarots + plain)[:need])]
    return list(dict.fromkeys(s for s in out if s.bit_count() == need and not s & ~eligible))


class MarollesPreplayBot(PreplayDecider):
    """The discards, the declarations and the cards shown by evaluation (module docstring);
    ``act`` takes the views of those decisions (``handles``)."""

    name = "preplay"
    phases = PHASES

    def __init__(self, seed: int | None = None, worlds: int = 32, ecart_worlds: int | None = None,
                 margin: float = 2.0, declarations: bool = False, play: str = "rule") -> None:
        if worlds < 1:
            raise TarotError(f"worlds must be at least 1, not {worlds!r}")
        self.rng = random.Random(seed)
        #: deals drawn per decision (the discards: ``ecart_worlds``, default the same).
        self.worlds = worlds
        self.discard_worlds = ecart_worlds or worlds
        #: how many standard errors a candidate must gain over the rule bot's to be taken.
        self.margin = margin
        #: whether the declarations are evaluated too (else they are the rule bot's).
        self.declarations = declarations
        #: the bot that plays the cards; the proxy plays them as the rule bot, uncalibrated
        #: (no edge measured in Marolles).
        self.play = play
        self.rule = MarollesRuleBot(seed)
        # the plan of a decision made whole at its first action: (what it was made from, cards)
        self._discard: tuple[CardSet, CardSet] | None = None
        self._show: tuple[tuple[CardSet, int], CardSet] | None = None
        #: The last decision's candidates and their mean scores (what ``explain`` tells).
        self.last: dict[int, float] = {}

    def act(self, view: View) -> int:
        legal = self.decision(view)
        if len(legal) == 1:
            return legal[0]
        if view.phase == "discard":
            return self.discard(view, legal)
        if view.phase == "show":
            return self.show(view, legal)
        pick = self.rule.act(view)
        if not self.declarations:
            return pick
        return self.choose(view, [(a,) for a in legal], legal.index(pick), self.worlds, legal)

    def choose(self, view: View, plans: Sequence[Sequence[int]], rule: int, n: int,
               labels: Sequence[int]) -> int:
        """The label of the best plan (``rule``: the index of the rule bot's), by ``estimate``
        over ``n`` deals; the rule bot's if the view cannot be sampled."""
        try:
            i = self.best(self.estimate(view, plans, n), rule)
        except SamplingError:
            i = rule
        return labels[i]

    def best(self, rows: list[list[float]], rule: int) -> int:
        """The index of the plan of best mean score if it beats the rule bot's plan ``rule`` by
        more than ``margin`` standard errors of their paired difference, else ``rule``."""
        n = len(rows[0]) if rows else 0
        means = [sum(r) / n for r in rows]
        self.last = dict(enumerate(means))
        top = max(range(len(rows)), key=lambda i: (means[i], i == rule, -i))
        if top == rule or n < 2:
            return rule
        diffs = [a - b for a, b in zip(rows[top], rows[rule])]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return top if mean > self.margin * math.sqrt(var / n) else rule

    def discard(self, view: View, legal: list[int]) -> int:
        """The next card discarded: the discard is chosen whole at its first card (the best of
        ``discard_candidates``), then put down in ascending order as the rules ask (§1.4)."""
        dealt = view.hand | view.discards
        if self._discard is None or self._discard[0] != dealt or view.discards & ~self._discard[1]:
            rule = self.rule.discards_from(view, dealt)
            plan = rule
            if not view.discards and rule:
                later = view.options.get("declarations_after_discard", "true") == "true"
                cands = discard_candidates(dealt, rule, later)
                if len(cands) > 1:
                    plans = [tuple(cards_of(e)) for e in cands]
                    plan = cands[self.choose(view, plans, 0, self.discard_worlds, range(len(cands)))]
            self._discard = (dealt, plan)
        left = self._discard[1] & ~view.discards
        nxt = (left & -left).bit_length() - 1 if left else -1
        return nxt if nxt in legal else self.rule.act(view)

    def show(self, view: View, legal: list[int]) -> int:
        """The next card shown for the declaration being made: the cards are chosen whole at the
        first (the best of ``show_candidates``), then shown in ascending order."""
        key = (view.hand, cast(int, view.pending_declaration))
        if self._show is None or self._show[0] != key or view.pending_show & ~self._show[1]:
            try:
                worlds = self.worlds_for(view, self.worlds) if not view.pending_show else []
            except SamplingError:
                worlds = []
            if not worlds:
                return self.rule.act(view)
            plan = self.rule_show(worlds[0], view.seat)
            _, _, eligible, need, _, _ = cast(tuple, cast(MarollesDeal, worlds[0]).pending)
            cands = show_candidates(eligible, need, plan)
            if len(cands) > 1:
                rows = self.play_out(view.seat, worlds, [tuple(cards_of(s)) for s in cands])
                plan = cands[self.best(rows, 0)]
            self._show = (key, plan)
        left = self._show[1] & ~view.pending_show
        nxt = (left & -left).bit_length() - 1 if left else -1
        return nxt if nxt in legal else self.rule.act(view)

    def rule_show(self, world: Deal, seat: int) -> CardSet:
        """The cards the rule bot would show from ``world`` (a deal at the seat's first card
        shown): its choices one card at a time, pushed in a copy (the seat's own cards only)."""
        w = world.copy()
        shown = 0
        while w.phase == "show" and w.to_play == seat:
            c = self.rule.act(w.view(seat))
            shown |= 1 << c
            w.push(c)
        return shown

    def worlds_for(self, view: View, n: int) -> list[Deal]:
        """``n`` deals consistent with ``view`` drawn with the bot's generator, at the view's
        decision point (``SamplingError`` if the view cannot be sampled)."""
        cons = Constraints(view)
        return [sample_from(cons, self.rng, model=self.rule) for _ in range(n)]

    def estimate(self, view: View, plans: Sequence[Sequence[int]], n: int) -> list[list[float]]:
        """The score of ``view.seat`` in each of ``n`` drawn deals when the actions of each plan
        are pushed and the deal played out by the rule bots (``play_out``)."""
        return self.play_out(view.seat, self.worlds_for(view, n), plans)

    def play_out(self, seat: int, worlds: Sequence[Deal], plans: Sequence[Sequence[int]]) -> list[list[float]]:
        """Per plan, the seat's score in marques in each deal of ``worlds`` with the plan's
        actions pushed and the deal played to its end by the rule bots, every plan in the same
        deals. A plan that is not legal in a deal (it cannot be, the deal showing the seat its
        view) scores minus infinity there."""
        rows: list[list[float]] = [[] for _ in plans]
        for world in worlds:
            bots = [self.rule] * world.players
            for i, plan in enumerate(plans):
                w = world.copy()
                try:
                    for a in plan:
                        w.push(a)
                except TarotError:
                    rows[i].append(-math.inf)
                    continue
                rollout(w, bots)
                rows[i].append(float(w.ledger.totals()[seat]))
        return rows

    def explain(self, view: View) -> str:
        """What the last decision's candidates were worth, in a sentence."""
        if not self.last:
            return ""
        return "expected marques by candidate: " + ", ".join(
            f"{k}: {v:+.2f}" for k, v in sorted(self.last.items(), key=lambda kv: -kv[1]))


__all__ = ["MarollesPreplayBot", "PHASES", "discard_candidates", "show_candidates"]
