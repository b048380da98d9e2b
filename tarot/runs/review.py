"""The engine's review of a finished deal: every decision of a seat, weighed from that seat's
view only (docs/review.md).

At each decision of the reviewed seat with more than one legal option, the review draws deals
consistent with the seat's view (``tarot.bots.sampling``: the hidden cards dealt again as the
view allows, never as they were), and in each plays every legal option out, as the search bots
do: solved exactly when few tricks are left (``solve``), else finished by the rule bots. An
option's value is its mean score for the seat over those deals, in the game's unit (marques,
points), with a 95% interval. The loss of the decision is the best option's value less the
value of the option played; ``Deal.MISTAKE_SIZES`` grades it (inaccuracy, mistake, blunder).
A lost decision names the source of payment that made most of the difference (the rule bots
playing out the best option and the one played in the same deals: "Ultimo: +3.1 M with T1").
For card play near the end of the deal, the review also gives the double-dummy values: the
best result and the result of the card played with every card visible (``solve_actions``).

Decisions whose view the game's sampler does not model (French Tarot's bids) are listed as not
weighed. The same record, seats, worlds and seed give the same review.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ..bots import make_bot
from ..bots.sampling import Constraints, SamplingError, can_sample, sample_from
from ..bots.search import (
    default_exact_tricks,
    finish_with,
    played_out_values,
    revokes_allowed,
    solve_actions,
    solved_values,
    tricks_left,
)
from ..core.cards import Seat
from ..core.deal import Deal, View
from ..core.errors import TarotError
from ..explain import add_messages, explainer_for, say, unit_word
from ..records import Record, replay
from ..records.common import fresh_deal
from .stats import Running

add_messages({"review.reason": "{title}: {diff} {unit} with {card}"})
add_messages({"review.reason": "{title} : {diff} {unit} avec {card}"}, language="fr")

#: The grades of a decision by its loss, smallest first (``Deal.MISTAKE_SIZES`` sets the three
#: thresholds after "good").
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")


class ReviewError(TarotError):
    """A review that cannot be made as asked (a seat the deal does not have, no worlds)."""


@dataclass(frozen=True)
class Option:
    """One legal option of a decision, weighed: its mean score for the seat over the sampled
    deals, with the half-width of its 95% interval."""

    action: int
    token: str
    value: float
    half_width: float


@dataclass(frozen=True)
class Decision:
    """A decision of the reviewed seat: the options weighed (best first), the one played, its
    loss and grade, the reason, and the double-dummy values (best, played) where solved."""

    move: int
    seat: Seat
    phase: str
    trick: int
    played: int
    played_token: str
    options: tuple[Option, ...] = ()
    loss: float = 0.0
    grade: str = "best"
    reason: str = ""
    double_dummy: tuple[float, float] | None = None
    weighed: bool = True

    @property
    def best(self) -> Option | None:
        return self.options[0] if self.options else None

    def to_dict(self) -> dict:
        return {"move": self.move, "seat": self.seat, "phase": self.phase, "trick": self.trick,
                "played": self.played_token, "weighed": self.weighed,
                "best": self.best.token if self.best else None, "loss": self.loss,
                "grade": self.grade, "reason": self.reason,
                "double_dummy": (None if self.double_dummy is None
                                 else {"best": self.double_dummy[0], "played": self.double_dummy[1]}),
                "options": [{"action": o.token, "value": o.value, "ci95": o.half_width}
                            for o in self.options]}


@dataclass(frozen=True)
class SeatSummary:
    """A seat's decisions in sum: the expected loss over the deal, the share of decisions
    within the inaccuracy threshold (accuracy), and the count of each grade."""

    seat: Seat
    decisions: int
    total_loss: float
    accuracy: float
    grades: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"seat": self.seat, "decisions": self.decisions, "total_loss": self.total_loss,
                "accuracy": self.accuracy, "grades": dict(self.grades)}


@dataclass(frozen=True)
class Review:
    """The review of one record: every decision of the reviewed seats, and their summaries."""

    variant: str
    unit: str
    worlds: int
    seed: int
    sizes: tuple[float, float, float]
    decisions: tuple[Decision, ...]
    summaries: tuple[SeatSummary, ...]

    def to_dict(self) -> dict:
        return {"variant": self.variant, "unit": self.unit, "worlds": self.worlds, "seed": self.seed,
                "thresholds": dict(zip(GRADES[2:], self.sizes)),
                "summaries": [s.to_dict() for s in self.summaries],
                "decisions": [d.to_dict() for d in self.decisions]}


def grade(loss: float, sizes: Sequence[float]) -> str:
    """The grade of a decision that loses ``loss`` (``GRADES``): best at no loss, then good
    below the first size, inaccuracy, mistake and blunder from each size on.

    >>> [grade(x, (0.5, 1.5, 4.0)) for x in (0.0, 0.3, 0.5, 2.0, 9.0)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    if loss <= 1e-9:
        return "best"
    passed = sum(loss >= s for s in sizes)
    return GRADES[1 + passed]


def weigh(view: View, worlds: int, rng: random.Random, rollout: Sequence) -> tuple[dict[int, Running], list[Deal]]:
    """Each legal option of ``view``'s seat weighed over ``worlds`` deals drawn from the view
    (a running mean and interval of its score), and the deals drawn. Raises ``SamplingError``
    where the game's sampler does not model the view."""
    seat = view.seat
    options = list(view.legal_actions)
    cons = Constraints(view)
    exact = default_exact_tricks(view) if view.phase == "play" else 0
    revokes = revokes_allowed(view)
    values = {a: Running() for a in options}
    drawn: list[Deal] = []
    for _ in range(worlds):
        world = sample_from(cons, rng)
        if revokes and world.revoke_open():
            continue  # another seat owes a revoke: every card scores alike here (search.PimcBot)
        drawn.append(world)
        if view.phase == "play" and tricks_left(world) <= exact:
            scores = solved_values(world, seat, options, None)
        else:
            scores = played_out_values(world, seat, options, rollout)
        for a in options:
            values[a].add(scores[a])
    return values, drawn


def by_source(worlds: Iterable[Deal], seat: Seat, action: int, rollout: Sequence) -> dict[str, float]:
    """The seat's mean net payment by each source of payment once ``action`` is played in each
    of ``worlds`` and the deal finished by ``rollout``."""
    totals: dict[str, float] = {}
    n = 0
    for world in worlds:
        w = world.copy()
        w.push(action)
        finish_with(w, rollout)
        for source, per_seat in w.result().by_source.items():
            totals[source] = totals.get(source, 0.0) + per_seat[seat]
        n += 1
    return {s: t / n for s, t in totals.items()} if n else {}


def _reason(deal: Deal, worlds: list[Deal], seat: Seat, best: Option, played: int,
            rollout: Sequence) -> str:
    """The source of payment that the best option gains most on over the one played."""
    gain = by_source(worlds, seat, best.action, rollout)
    lost = by_source(worlds, seat, played, rollout)
    if not gain:
        return ""
    source = max(gain, key=lambda s: (gain[s] - lost.get(s, 0.0), s))
    diff = gain[source] - lost.get(source, 0.0)
    if diff <= 0:
        return ""
    return say("review.reason", title=explainer_for(deal).source_title(source), diff=f"{diff:+.1f}",
               unit=unit_word(deal.SCORE_UNIT, short=True), card=best.token)


def _double_dummy(deal: Deal, seat: Seat, played: int, view: View) -> tuple[float, float] | None:
    """(best, played) with every card visible, near the end of the card play; None before."""
    if deal.phase != "play" or tricks_left(deal) > default_exact_tricks(view):
        return None
    values = solve_actions(deal, seat)
    if played not in values:
        return None
    return max(values.values()), values[played]


def _summaries(decisions: Sequence[Decision], seats: Sequence[Seat]) -> tuple[SeatSummary, ...]:
    out = []
    for s in seats:
        mine = [d for d in decisions if d.seat == s and d.weighed]
        counts = {g: sum(d.grade == g for d in mine) for g in GRADES}
        accurate = counts["best"] + counts["good"]
        out.append(SeatSummary(s, len(mine), sum(d.loss for d in mine),
                               accurate / len(mine) if mine else 1.0, counts))
    return tuple(out)


def review(record: Record, seats: Sequence[Seat] | None = None, worlds: int = 32, seed: int = 0,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """The review of ``record`` (checked by replaying it) for ``seats`` (every seat by default):
    each of their decisions with more than one legal option, weighed over ``worlds`` deals drawn
    from the seat's view. ``progress(done, total)`` is called after each decision."""
    if worlds < 1:
        raise ReviewError(f"a review needs at least 1 world a decision, not {worlds}")
    final = replay(record)
    players = final.players
    chosen = list(range(players)) if seats is None else list(seats)
    for s in chosen:
        if not isinstance(s, int) or not 0 <= s < players:
            raise ReviewError(f"seat {s!r} is not a seat of this {players}-player deal (0 to {players - 1})")
    deal = fresh_deal(record.variant, record.options, record.deck, record.dealer)
    steps = set()
    for move, action in enumerate(record.actions):
        if deal.to_play in chosen and len(deal.legal_actions()) > 1:
            steps.add(move)
        deal.push(action)
    deal = fresh_deal(record.variant, record.options, record.deck, record.dealer)
    sizes = type(deal).MISTAKE_SIZES
    sampled = can_sample(record.variant)
    decisions: list[Decision] = []
    for move, action in enumerate(record.actions):
        if move in steps:
            seat = deal.to_play
            assert seat is not None
            decisions.append(_decide(deal, seat, move, action, worlds, seed, sizes, sampled))
            if progress is not None:
                progress(len(decisions), len(steps))
        deal.push(action)
    return Review(record.variant, deal.SCORE_UNIT, worlds, seed, sizes, tuple(decisions),
                  _summaries(decisions, chosen))


def _decide(deal: Deal, seat: Seat, move: int, played: int, worlds: int, seed: int,
            sizes: tuple[float, float, float], sampled: bool) -> Decision:
    """One decision weighed (``weigh``), graded, with its reason and double-dummy values."""
    view = deal.view(seat)
    token = deal.action_token(played)
    trick = len(deal.tricks) + 1 if deal.phase == "play" else 0
    plain = Decision(move, seat, view.phase, trick, played, token, weighed=False)
    if not sampled:
        return plain
    rng = random.Random(f"review {seed} {move}")
    rollout = [make_bot("rule", seed=rng.randrange(1 << 30)) for _ in range(deal.players)]
    try:
        values, drawn = weigh(view, worlds, rng, rollout)
    except SamplingError:
        return plain
    if not drawn:
        return plain
    options = sorted((Option(a, deal.action_token(a), r.mean, r.half_width) for a, r in values.items()),
                     key=lambda o: (-o.value, o.action))
    loss = max(0.0, options[0].value - values[played].mean)
    g = grade(loss, sizes)
    reason = _reason(deal, drawn, seat, options[0], played, rollout) if g not in ("best", "good") else ""
    return Decision(move, seat, view.phase, trick, played, token, tuple(options), loss, g, reason,
                    _double_dummy(deal, seat, played, view))


__all__ = ["GRADES", "Decision", "Option", "Review", "ReviewError", "SeatSummary", "by_source",
           "grade", "review", "weigh"]
