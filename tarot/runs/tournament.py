"""Tournaments of bots on duplicate deals: means, paired differences, roles, decision times.

Every board (one deck and dealer, ``tarot.runs.duplicate.board``) is played under every seating in
which each bot sits at least once (``tarot.runs.duplicate.seatings``). Per board, a bot's figure is
its mean score per seat over those seatings; a pair's difference is the difference of those
figures, and its 95% confidence interval is taken over boards (paired, normal approximation).
The same is done per role (``tarot.runs.duplicate.role_of``: dealer or not in Marolles, taker or
defender in French Tarot), over the boards on which both bots held the role. Decision times
are measured around ``bot.act``.

Boards depend on ``(seed, index)`` only, and the results are folded in board order, so the
figures are the same whatever the number of worker processes (decision times aside).

>>> t = run_tournament("marolles-1637", ["random", "rule"], deals=2, seed=1)
>>> t.n, [p["a"] + "-" + p["b"] for p in t.to_dict()["pairs"]]
(2, ['random-rule'])
>>> t.to_dict()["pairs"][0]["n"], len(t.to_dict()["seatings"])   # paired over the 2 boards
(2, 6)

The command ``tarot tournament`` is a thin layer over ``run_tournament`` (it adds the
progress bar and the tables). Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import cast

from ..core.deal import variant_class
from ..core.errors import TarotError
from .duplicate import BoardResult, board_results, seatings
from .stats import Running, percentile


#: What a tournament can compare: the score (marques; game points in French Tarot) or the
#: card points won.
METRICS = ("score", "card_points")


def entry_labels(bots: Sequence[str]) -> list[str]:
    """Names for the entries: the bot's name, numbered when a bot is entered twice.

    >>> entry_labels(["rule", "ismcts", "rule"])
    ['rule#1', 'ismcts', 'rule#2']
    """
    out = []
    for i, b in enumerate(bots):
        if bots.count(b) > 1:
            out.append(f"{b}#{bots[:i + 1].count(b)}")
        else:
            out.append(b)
    return out


@dataclass
class Tournament:
    """The running figures of a tournament (fold boards in with ``add``)."""

    variant: str
    bots: list[str]
    seed: int
    options: dict[str, str]
    #: what is compared: ``score`` (marques, or game points) or ``card_points``.
    metric: str = "score"
    n: int = 0
    #: per entry: its mean score per seat per board.
    scores: list[Running] = field(default_factory=list)
    #: per entry, per source of payment: mean score per seat per board.
    sources: list[dict[str, Running]] = field(default_factory=list)
    #: per entry, per role: mean score per seat in that role, over boards where it held it.
    roles: list[dict[str, Running]] = field(default_factory=list)
    #: (i, j) with i < j: entry i's figure minus entry j's, per board.
    diffs: dict[tuple[int, int], Running] = field(default_factory=dict)
    role_diffs: dict[tuple[int, int], dict[str, Running]] = field(default_factory=dict)
    #: per entry: every decision time in seconds.
    times: list[list[float]] = field(default_factory=list)
    #: the last bot is the field (``tarot.runs.duplicate.seatings``): each figure is then a gain
    #: over the field's par in the same seat (``BoardResult.gain``), the field's own being 0.
    with_field: bool = False

    def __post_init__(self) -> None:
        k = len(self.bots)
        self.scores = [Running() for _ in range(k)]
        self.sources = [{} for _ in range(k)]
        self.roles = [{} for _ in range(k)]
        self.times = [[] for _ in range(k)]
        self.diffs = {p: Running() for p in combinations(range(k), 2)}
        self.role_diffs = {p: {} for p in combinations(range(k), 2)}

    @property
    def labels(self) -> list[str]:
        """The entries' names (``entry_labels``)."""
        return entry_labels(self.bots)

    def add(self, br: BoardResult) -> None:
        """Fold in one board."""
        self.n += 1
        k = len(self.bots)
        m = self.metric
        figure = br.gain if self.with_field else br.mean_per_seat
        # every entry sits in some seat of every board: a mean over all its seats is never None
        means = [cast(float, figure(e, metric=m)) for e in range(k)]
        sources = next(iter(br.by_source.values()))
        role_names = sorted({r for rs in br.roles.values() for r in rs})
        role_means = [{r: figure(e, role=r, metric=m) for r in role_names} for e in range(k)]
        for e in range(k):
            self.scores[e].add(means[e])
            for src in sources:
                self.sources[e].setdefault(src, Running()).add(cast(float, figure(e, source=src)))
            for r, x in role_means[e].items():
                if x is not None:
                    self.roles[e].setdefault(r, Running()).add(x)
            self.times[e].extend(br.times[e])
        for (i, j), run in self.diffs.items():
            run.add(means[i] - means[j])
            for r in role_names:
                a, b = role_means[i][r], role_means[j][r]
                if a is not None and b is not None:
                    self.role_diffs[(i, j)].setdefault(r, Running()).add(a - b)

    def time_stats(self, e: int) -> dict:
        """Decision times of entry ``e`` in milliseconds: median, 99th percentile, mean, max."""
        t = sorted(self.times[e])
        return {"decisions": len(t), "p50_ms": percentile(t, 50) * 1e3,
                "p99_ms": percentile(t, 99) * 1e3,
                "mean_ms": (sum(t) / len(t) * 1e3) if t else 0.0,
                "max_ms": (t[-1] * 1e3) if t else 0.0}

    def to_dict(self, times: bool = True) -> dict:
        """The figures as JSON values (without decision times if ``times`` is false: they
        are the only figures that vary from run to run)."""
        labels = self.labels
        players = variant_class(self.variant).players_for(self.options)
        entries = []
        for e, name in enumerate(labels):
            d = {"bot": name, **self.scores[e].to_dict(),
                 "sources": {k: v.mean for k, v in self.sources[e].items()},
                 "roles": {r: v.to_dict() for r, v in sorted(self.roles[e].items())}}
            if times:
                d["time"] = self.time_stats(e)
            entries.append(d)
        pairs = []
        for (i, j), run in self.diffs.items():
            pairs.append({"a": labels[i], "b": labels[j], **run.to_dict("mean_diff"),
                          "roles": {r: v.to_dict("mean_diff")
                                    for r, v in sorted(self.role_diffs[(i, j)].items())}})
        return {
            "variant": self.variant, "options": dict(self.options), "seed": self.seed,
            "deals": self.n, "bots": list(self.bots), "metric": self.metric,
            "field": self.bots[-1] if self.with_field else None,
            "seatings": ["".join(str(e) for e in s)
                         for s in seatings(players, len(self.bots), self.with_field)],
            "entries": entries, "pairs": pairs,
        }


def run_tournament(variant: str, bots: Sequence[str], deals: int, seed: int,
                   options: Mapping[str, object] | None = None, workers: int = 1,
                   progress: Callable[[Tournament], None] | None = None,
                   metric: str = "score", field: bool = False) -> Tournament:
    """Play a tournament of ``bots`` (names; at least two) on ``deals`` boards made from
    ``seed``, comparing ``metric`` (``score`` or ``card_points``); ``progress(tournament)``
    is called after each board with the running figures."""
    if len(bots) < 2:
        raise TarotError(f"a tournament needs at least two bots, not {len(bots)}: {','.join(bots)}")
    if metric not in METRICS:
        raise TarotError(f"unknown metric {metric!r}; use one of {', '.join(METRICS)}")
    cls = variant_class(variant)
    t = Tournament(variant, list(bots), seed, cls.make_options(options).changed(), metric,
                   with_field=field)
    for br in board_results(variant, bots, deals, seed, options, workers, field=field):
        t.add(br)
        if progress is not None:
            progress(t)
    return t


__all__ = ["METRICS", "Tournament", "entry_labels", "run_tournament"]
