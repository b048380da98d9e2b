"""Puzzles: positions from real deals where exactly one card is clearly best (docs/review.md,
"Puzzles").

A puzzle is a position of the card play near the end of a deal, seen by the seat to play, where
one card is better than every other by at least the puzzle's margin in every deal consistent
with that seat's view that the miner drew (the other hands dealt again as the view allows),
each solved exactly (``solve``). The position is kept as a record up to it (the deck, dealer,
options and the moves before); the person who solves it sees only the seat's view. The
explanation names the source of payment the answer gains most on, along the exact solver's best
line after the answer and after the next best card ("saves the Ultimo: +3 M").

Mining plays deals with the rule bots (``simulate``'s seeds) and stops at each card-play decision
within the last tricks the solver takes (``default_exact_tricks``), at most one puzzle a deal; a
position found is confirmed on three times as many deals drawn again, where the answer must be
strictly best in each.
The puzzles that ship (``tarot/data/puzzles/<variant>.jsonl``) are mined by the command at the
top of docs/review.md and each is checked again in the tests on deals drawn with another seed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources

from ..bots import make_bot
from ..bots.sampling import SamplingError, can_sample, sample_world
from ..bots.search import allies_of, default_exact_tricks, distinct_in_view, solve, solve_actions, tricks_left
from ..core.cards import FOOL, Seat
from ..core.deal import Deal, View, variant_class
from ..core.errors import TarotError
from ..explain import add_messages, explainer_for, say, unit_word
from ..records.common import fresh_deal
from .simulate import bot_seed, deal_seed

add_messages({
    "puzzle.explanation": "{best} ({best_value} {unit}) beats the next best card, {second} ({second_value} {unit}), "
                          "by at least {margin} {unit} in every deal the hidden cards allow{because}.",
    "puzzle.because": ": the difference is in {what}",
})
add_messages({
    "puzzle.explanation": "{best} ({best_value} {unit}) bat la meilleure des autres cartes, {second} ({second_value} "
                          "{unit}), d'au moins {margin} {unit} dans chaque donne que les cartes cachées permettent{because}.",
    "puzzle.because": " ; la différence : {what}",
}, language="fr")


class PuzzleError(TarotError):
    """A puzzle file or request that cannot be used (a bad line, an unknown variant)."""


@dataclass(frozen=True)
class Puzzle:
    """One position and its answer: ``actions`` lead from the deal as dealt to the position,
    where ``seat`` is to play and ``answer`` is best by at least ``margin`` (in the game's unit)
    in every deal the miner drew; ``values`` are the mean exact values of each card tried."""

    variant: str
    options: dict[str, str]
    deck: tuple[int, ...]
    dealer: int
    actions: tuple[int, ...]
    seat: Seat
    answer: int
    margin: float
    values: dict[int, float]
    source: str

    def position(self) -> Deal:
        """The deal at the puzzle's position (every card in it: show only ``view``)."""
        deal = fresh_deal(self.variant, self.options, self.deck, self.dealer)
        for a in self.actions:
            deal.push(a)
        return deal

    def view(self) -> View:
        return self.position().view(self.seat)

    def explanation(self) -> str:
        """Why the answer is best, in the game's words: the source of payment it gains most
        on, and the margin over the next best card."""
        deal = self.position()
        unit = unit_word(deal.SCORE_UNIT, short=True)
        ranked = sorted(self.values, key=lambda a: (-self.values[a], a))
        best, second = ranked[0], ranked[1]
        what = explainer_for(deal).source_title(self.source) if self.source else ""
        return say("puzzle.explanation", best=deal.action_token(best), best_value=f"{self.values[best]:+.1f}",
                   second=deal.action_token(second), second_value=f"{self.values[second]:+.1f}",
                   margin=f"{self.margin:g}", unit=unit, because=say("puzzle.because", what=what) if what else "")

    def to_json(self) -> str:
        return json.dumps({"variant": self.variant, "options": self.options, "deck": list(self.deck),
                           "dealer": self.dealer, "actions": list(self.actions), "seat": self.seat,
                           "answer": self.answer, "margin": self.margin, "source": self.source,
                           "values": {str(a): v for a, v in sorted(self.values.items())}},
                          separators=(",", ":"))

    @classmethod
    def from_json(cls, line: str) -> Puzzle:
        try:
            d = json.loads(line)
            puzzle = cls(str(d["variant"]), {str(k): str(v) for k, v in d["options"].items()},
                         tuple(int(c) for c in d["deck"]), int(d["dealer"]),
                         tuple(int(a) for a in d["actions"]), int(d["seat"]), int(d["answer"]),
                         float(d["margin"]), {int(a): float(v) for a, v in d["values"].items()},
                         str(d["source"]))
            deal = puzzle.position()
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise PuzzleError(f"not a puzzle: {type(e).__name__} {e}") from None
        if deal.to_play != puzzle.seat or puzzle.answer not in deal.legal_actions():
            raise PuzzleError("not a puzzle: its answer is not a legal card of the seat to play")
        return puzzle


def solved_line(deal: Deal, seat: Seat) -> Deal:
    """A copy of ``deal`` finished along the exact solver's best line for ``seat``: its camp
    picks the highest value, the others the lowest (``solve``)."""
    line = deal.copy()
    allies = allies_of(line, seat)
    while not line.is_over:
        mover = line.to_play
        values = {}
        for a in line.legal_actions():
            line.push(a)
            values[a] = solve(line, seat, allies=allies)
            line.pop()
        mine = mover == seat or mover in allies
        line.push(max(values, key=lambda a: (values[a] if mine else -values[a], -a)))
    return line


def _source(deal: Deal, seat: Seat, best: int, second: int) -> str:
    """The source of payment the best card gains most on over the second along solved lines."""
    gains: dict[str, int] = {}
    for a, sign in ((best, 1), (second, -1)):
        w = deal.copy()
        w.push(a)
        for source, per_seat in solved_line(w, seat).result().by_source.items():
            gains[source] = gains.get(source, 0) + sign * per_seat[seat]
    source = max(gains, key=lambda s: (gains[s], s)) if gains else ""
    return source if source and gains[source] > 0 else ""


def puzzle_at(deal: Deal, worlds: int, rng: random.Random, margin: float) -> Puzzle | None:
    """The puzzle of ``deal``'s position for the seat to play, or None: one card best by at
    least ``margin`` in each of ``worlds`` deals drawn from its view, solved exactly."""
    seat = deal.to_play
    assert seat is not None
    view = deal.view(seat)
    if len(distinct_in_view(view)) < 2:
        return None
    totals: dict[int, float] = {}
    answer = None
    least = float("inf")
    for _ in range(worlds):
        try:
            values = solve_actions(sample_world(view, rng), seat)
        except SamplingError:
            return None
        ranked = sorted(values, key=lambda a: (-values[a], a))
        if len(ranked) < 2 or (answer is not None and ranked[0] != answer):
            return None
        answer = ranked[0]
        least = min(least, values[ranked[0]] - values[ranked[1]])
        if least < margin:
            return None
        for a, v in values.items():
            totals[a] = totals.get(a, 0.0) + v
    if answer is None:
        return None
    means = {a: t / worlds for a, t in totals.items()}
    second = sorted(means, key=lambda a: (-means[a], a))[1]
    return Puzzle(deal.variant, {k: str(v) for k, v in deal.options.changed().items()}, tuple(deal.deck),
                  deal.dealer, tuple(deal.history), seat, answer, least, means,
                  _source(deal, seat, answer, second))


def mine(variant: str, deals: int, seed: int, worlds: int = 16, margin: float | None = None,
         options: dict[str, object] | None = None, share: float = 0.25) -> Iterator[Puzzle]:
    """Puzzles from ``deals`` deals of the rule bots (``simulate``'s deal seeds), at most one a
    deal; ``margin`` defaults to the game's mistake size (``Deal.MISTAKE_SIZES[1]``). At most
    ``share`` of them have the Fool for answer, and at most ``share`` a choice of two cards
    only: the clear positions are mostly these (the last moment to play the Excuse in French
    Tarot, the other card so that the Bagat takes the last trick in Marolles), and the puzzles
    would be nothing else."""
    if not can_sample(variant):
        raise PuzzleError(f"{variant} has no sampler: its positions cannot be checked from a view")
    cls = variant_class(variant)
    need = cls.MISTAKE_SIZES[1] if margin is None else margin
    found = fools = pairs = 0
    for i in range(deals):
        s = deal_seed(seed, i)
        deal = cls(options, seed=s)
        bots = [make_bot("rule", seed=bot_seed(s, p)) for p in range(deal.players)]
        rng = random.Random(s)
        while not deal.is_over:
            seat = deal.to_play
            assert seat is not None
            view = deal.view(seat)
            if deal.phase == "play" and tricks_left(deal) <= default_exact_tricks(view):
                puzzle = puzzle_at(deal, worlds, rng, need)
                if puzzle is None or not check(puzzle, 3 * worlds, rng.randrange(1 << 30)):
                    pass  # none, or another card is as good in some deal drawn again
                elif (puzzle.answer != FOOL or fools < share * (found + 1)) and (
                        len(puzzle.values) > 2 or pairs < share * (found + 1)):
                    found += 1
                    fools += puzzle.answer == FOOL
                    pairs += len(puzzle.values) == 2
                    yield puzzle
                    break
            deal.push(bots[seat].act(view))


def check(puzzle: Puzzle, worlds: int, seed: int) -> bool:
    """Whether the answer is still the one best card (strictly) in each of ``worlds`` deals drawn
    afresh from the puzzle's view with ``seed``."""
    view = puzzle.view()
    rng = random.Random(seed)
    for _ in range(worlds):
        values = solve_actions(sample_world(view, rng), puzzle.seat)
        if any(v >= values[puzzle.answer] for a, v in values.items() if a != puzzle.answer):
            return False
    return True


def shipped(variant: str) -> list[Puzzle]:
    """The puzzles that ship with the project for ``variant`` (none for a variant without)."""
    path = resources.files("tarot") / "data" / "puzzles" / f"{variant}.jsonl"
    if not path.is_file():
        return []
    return [Puzzle.from_json(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def shipped_variants() -> list[str]:
    folder = resources.files("tarot") / "data" / "puzzles"
    return sorted(p.name.removesuffix(".jsonl") for p in folder.iterdir() if p.name.endswith(".jsonl"))


__all__ = ["Puzzle", "PuzzleError", "check", "mine", "puzzle_at", "shipped", "shipped_variants",
           "solved_line"]
