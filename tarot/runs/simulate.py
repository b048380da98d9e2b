"""Simulation: many deals played by bots, streamed one summary at a time (standard library only).

``simulate`` is a generator: it plays deal after deal and yields a small ``DealSummary`` for
each, keeping nothing else, so memory stays flat however many deals are asked for. ``Aggregate``
folds summaries into running sums (means, a 95% interval, marques per source of payment).
The command ``tarot simulate`` is a thin layer over the two.

Every deal is fixed by ``(seed, index)`` alone: its deck, its dealer (``index * seat_step mod players``,
so the deal passes in the direction of play from seat 0) and its bots' seeds. Deals can therefore be
played in any order or split between processes (``simulate(..., start=k)``) and still give
the same summaries.

>>> agg = Aggregate(3)
>>> for s in simulate("marolles-1637", deals=3, seed=1, bots=["random"]):
...     agg.add(s)
>>> agg.n, sum(agg.score_sum)
(3, 0)
>>> [s.dealer for s in simulate("marolles-1637", deals=4, seed=1, bots=["random"])]
[0, 1, 2, 0]
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from ..bots import RandomBot, make_bot, play_out
from ..bots.rollout import random_seats
from ..core.deal import Deal, variant_class
from ..core.errors import TarotError
from ..core.ledger import SOURCES
from ..core.options import Options
from .pool import check_workers, ordered_map
from .stats import Running


def default_bot() -> str:
    """``rule`` when the rule-based bot is available, else ``random``."""
    try:
        make_bot("rule", seed=0)
    except (TarotError, ImportError):
        return "random"
    return "rule"


def check_setup(variant: str, options: Mapping[str, object] | None = None) -> Options:
    """The validated options of ``variant``; raises ``UnknownVariantError`` or ``OptionError``.

    A throw-away deal is made, so that combinations of options the variant refuses are caught
    too, before any deal is played.
    """
    cls = variant_class(variant)
    opts = cls.make_options(options)
    cls(opts, seed=0)
    return opts


def resolve_bots(names: Sequence[str] | None, players: int) -> list[str]:
    """One bot name per seat: ``None`` gives the default bot everywhere, one name is repeated.

    >>> resolve_bots(["random"], 3)
    ['random', 'random', 'random']
    >>> resolve_bots(["random", "random"], 3)
    Traceback (most recent call last):
    ...
    tarot.core.errors.TarotError: give 1 or 3 bot names (one per seat), not 2: random,random
    """
    if not names:
        return [default_bot()] * players
    names = [n.strip() for n in names]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        count = "1 bot name" if players == 1 else f"1 or {players} bot names (one per seat)"
        raise TarotError(f"give {count}, not {len(names)}: {','.join(names)}")
    for n in set(names):
        make_bot(n, seed=0)  # an unknown name raises, listing the known ones
    return names


def moved(row: Sequence[int]) -> int:
    """The marques (or points) changing hands in one deal's row of net amounts per seat: the
    positive parts (in a zero-sum game, what the payers paid)."""
    return sum(v for v in row if v > 0)


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` of a simulation seeded with ``seed`` (stable across runs)."""
    return random.Random(f"tarot-sim/{seed}/{index}").getrandbits(63)


def bot_seed(deal_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for a deal (or a board, or a table): depends on the
    deal's seed and the seat only, through a keyed hash, so that a bot cannot work back from
    its seed to the deal's and from there to every hand (issue 33: the seed was once
    ``deal_seed * 1_000_003 + seat``). The bots' random numbers are a generator of their own,
    independent of the shuffle.

    >>> bot_seed(1, 0) != bot_seed(1, 1) and bot_seed(1, 0) == bot_seed(1, 0) < 2 ** 63
    True
    """
    digest = hashlib.blake2b(f"{deal_seed}/{seat}".encode(), digest_size=8, key=_BOT_SEED_KEY).digest()
    return int.from_bytes(digest, "big") >> 1


#: The key of the bots' seeds (``bot_seed``): keeps them apart from any other hash of a seed.
_BOT_SEED_KEY = b"tarot/bot-seed"


@dataclass(frozen=True)
class DealSummary:
    """What a simulation keeps of one deal."""

    deal: int
    seed: int
    dealer: int
    #: Marques per seat (zero-sum).
    scores: tuple[int, ...]
    #: Card points per seat.
    card_points: tuple[int, ...]
    #: Net marques per seat for each source of payment (``tarot.core.ledger.SOURCES``).
    by_source: dict[str, tuple[int, ...]]
    #: Seats at or above par, for variants with a ``par_points`` option; else None.
    winners: int | None
    #: The variant's own facts of the deal (``Deal.summary()``: contract, taker...).
    extra: tuple[tuple[str, object], ...] = ()

    def to_dict(self) -> dict:
        out = {
            "deal": self.deal, "seed": self.seed, "dealer": self.dealer,
            "scores": list(self.scores), "card_points": list(self.card_points),
            "by_source": {k: list(v) for k, v in self.by_source.items()},
            "winners": self.winners,
        }
        out.update(self.extra)
        return out

    def to_json(self) -> str:
        """One line of JSON, keys in a fixed order (``tarot simulate --json``)."""
        return json.dumps(self.to_dict(), separators=(",", ":"))


def summarise(deal: Deal, index: int, seed: int) -> DealSummary:
    """The summary of a finished deal."""
    r = deal.result()
    par = deal.options.get("par_points")
    winners = None if par is None else sum(p >= int(par) for p in r.card_points)
    return DealSummary(
        deal=index, seed=seed, dealer=deal.dealer, scores=tuple(r.scores),
        card_points=tuple(r.card_points),
        by_source={k: tuple(v) for k, v in r.by_source.items()}, winners=winners,
        extra=tuple(deal.summary().items()),
    )


def play_deal(variant: str, options: Mapping[str, object] | None, seed: int, index: int,
              bots: Sequence[str]) -> Deal:
    """Deal ``index`` of the simulation seeded ``seed``, played to the end by ``bots`` (its deck,
    dealer and bots' seeds fixed by ``(seed, index)``: ``deal_seed``, ``bot_seed``)."""
    cls = variant_class(variant)
    s = deal_seed(seed, index)
    deal = cls(options, seed=s, dealer=index * cls.seat_step(options) % cls.players_for(options))
    players = [make_bot(name, seed=bot_seed(s, seat)) for seat, name in enumerate(bots)]
    if all(type(b) is RandomBot for b in players):
        # random bots need no view to draw from the legal actions: the same draws without one
        random_seats(deal, [cast(RandomBot, b).rng for b in players])
    else:
        play_out(deal, players)
    return deal


def play_one(variant: str, options: Mapping[str, object] | None, seed: int, index: int,
             bots: Sequence[str]) -> DealSummary:
    """Play deal ``index`` of the simulation seeded ``seed``: the unit of work of a pool."""
    return summarise(play_deal(variant, options, seed, index, bots), index, deal_seed(seed, index))


def simulate(variant: str, deals: int, seed: int, options: Mapping[str, object] | None = None,
             bots: Sequence[str] | None = None, start: int = 0,
             workers: int = 1) -> Iterator[DealSummary]:
    """Play deals ``start .. start+deals-1`` with ``bots`` (names, one per seat or one for all)
    and yield their summaries one by one, in deal order, from ``workers`` processes (the
    summaries do not depend on their number: ``tarot.runs.pool``).

    The variant, options, bots and numbers of deals and workers are checked when ``simulate``
    is called, before any deal is played (a ``TarotError`` names the problem).

    >>> one = list(simulate("fft-4p", deals=3, seed=2, bots=["rule"]))
    >>> one == list(simulate("fft-4p", deals=3, seed=2, bots=["rule"], workers=2))
    True
    """
    if deals < 0:
        raise TarotError(f"the number of deals must be 0 or more, not {deals}")
    check_workers(workers)
    opts = check_setup(variant, options)
    names = resolve_bots(bots, variant_class(variant).players_for(opts))
    tasks = ((variant, dict(opts.changed()), seed, i, names) for i in range(start, start + deals))
    return ordered_map(_play_task, tasks, workers, deals)


def compare(variant: str, deals: int, seed: int, options: Mapping[str, object] | None,
            reading: Mapping[str, object], bots: Sequence[str] | None = None,
            start: int = 0, workers: int = 1) -> Iterator[tuple[DealSummary, DealSummary]]:
    """Play each deal twice, under two readings of the rules: ``options`` (reading A) and
    ``options`` changed by ``reading`` (reading B), and yield the two summaries. Both are the
    same deal of the simulation (``play_one``: the same deck seed, dealer and bots' seeds),
    so the differences are paired deal by deal (``Readings``).

    Everything is checked before any deal is played: both readings (a ``TarotError`` names the
    problem), that they differ, that they seat as many players, and the number of ``workers``
    (processes: the pairs come in deal order whatever their number).
    """
    if deals < 0:
        raise TarotError(f"the number of deals must be 0 or more, not {deals}")
    check_workers(workers)
    if not reading:
        raise TarotError("no option to compare: give the reading B as KEY=VALUE")
    cls = variant_class(variant)
    opts_a = check_setup(variant, options)
    opts_b = check_setup(variant, {**opts_a.changed(), **reading})
    if opts_a == opts_b:
        same = ", ".join(f"{k}={v}" for k, v in reading.items())
        raise TarotError(f"{same} is already the rule in reading A: the two readings are the same")
    if cls.players_for(opts_a) != cls.players_for(opts_b):
        raise TarotError("the two readings seat different numbers of players: their deals cannot be paired")
    names = resolve_bots(bots, cls.players_for(opts_a))
    a, b = dict(opts_a.changed()), dict(opts_b.changed())
    tasks = ((variant, a, b, seed, i, names) for i in range(start, start + deals))
    return ordered_map(_play_pair, tasks, workers, deals)


def _play_task(args: tuple) -> DealSummary:
    """The unit of work of ``simulate``: ``play_one(variant, options, seed, index, bots)``."""
    return play_one(*args)


def _play_pair(args: tuple) -> tuple[DealSummary, DealSummary]:
    """The unit of work of ``compare``: one deal under reading A, then under reading B."""
    variant, a, b, seed, i, names = args
    return play_one(variant, a, seed, i, names), play_one(variant, b, seed, i, names)


class Aggregate:
    """Running sums over deal summaries: memory does not grow with the number of deals.

    Seats are the table's seats (each deals in turn); *positions* count from the dealer in the
    order of play (0 = the dealer, 1 = the next to play, who leads the first trick, ...). In the
    anticlockwise games that is the dealer's right; ``step`` is the variant's ``seat_step``
    (-1 when play goes clockwise, and position 1 is the dealer's left).
    """

    def __init__(self, players: int, sources: Sequence[str] = SOURCES, step: int = 1) -> None:
        self.players = players
        self.step = step
        self.sources = tuple(sources)
        self.n = 0
        self.score_sum = [0] * players
        #: Per seat, the marques of each deal (for the interval on their mean).
        self.score_runs = [Running() for _ in range(players)]
        self.points_sum = [0] * players
        self.source_sum = {s: [0] * players for s in self.sources}
        self.position_sum = [0] * players
        self.position_points = [0] * players
        self.position_source = {s: [0] * players for s in self.sources}
        #: Σ over deals of the marques changing hands per source (the positive parts).
        self.moved = {s: 0 for s in self.sources}
        #: Whether every deal so far was zero-sum (in a game scored by each player for himself,
        #: french-2p or early French, ``moved`` is the marques or points scored, not paid over).
        self.zero_sum = True
        #: Deals with no contract (French Tarot: all passed, or annulled before the bidding):
        #: played as zeros.
        self.no_contract = 0
        self.winners: Counter[int | None] = Counter()

    def add(self, s: DealSummary) -> None:
        n, step = self.players, self.step
        self.n += 1
        for seat in range(n):
            v = s.scores[seat]
            self.score_sum[seat] += v
            self.score_runs[seat].add(v)
            self.points_sum[seat] += s.card_points[seat]
            self.position_sum[(seat - s.dealer) * step % n] += v
            self.position_points[(seat - s.dealer) * step % n] += s.card_points[seat]
        for src in self.sources:
            row = s.by_source.get(src, (0,) * n)
            for seat in range(n):
                self.source_sum[src][seat] += row[seat]
                self.position_source[src][(seat - s.dealer) * step % n] += row[seat]
            self.moved[src] += moved(row)
        if sum(s.scores):
            self.zero_sum = False
        # no contract, and no card points counted for a taker: French Tarot passed out or
        # annulled (French Tarot for two has a contract of None too, having no bidding, but
        # counts each player's points)
        extra = dict(s.extra)
        if extra.get("contract", 0) is None and extra.get("points", 0) is None:
            self.no_contract += 1
        self.winners[s.winners] += 1

    def _mean(self, total: float) -> float:
        return total / self.n if self.n else 0.0

    def mean_scores(self) -> list[float]:
        return [self._mean(v) for v in self.score_sum]

    def ci95(self, seat: int) -> float:
        """Half-width of a 95% interval on the mean marques of ``seat`` (0 with < 2 deals)."""
        return self.score_runs[seat].half_width

    def mean_points(self) -> list[float]:
        return [self._mean(v) for v in self.points_sum]

    def mean_source(self, source: str) -> list[float]:
        return [self._mean(v) for v in self.source_sum[source]]

    def mean_position(self) -> list[float]:
        return [self._mean(v) for v in self.position_sum]

    def mean_position_points(self) -> list[float]:
        return [self._mean(v) for v in self.position_points]

    def mean_position_source(self, source: str) -> list[float]:
        return [self._mean(v) for v in self.position_source[source]]

    def mean_moved(self, source: str) -> float:
        """Mean marques changing hands per deal through ``source``."""
        return self._mean(self.moved[source])

    def winners_share(self) -> dict[int, float]:
        """Share of deals by number of seats at or above par (variants with a par only)."""
        return {k: v / self.n for k, v in sorted(self.winners.items()) if k is not None}


class Readings:
    """Two readings of the rules over the same deals (``compare``): each reading's
    ``Aggregate``, and the differences B - A deal by deal with a 95% interval (paired: the
    same deck, dealer and bots' seeds on both sides), per source of the marques changing hands
    and per position relative to the dealer for the total and the card points won.

    >>> c = Readings(3)
    >>> for a, b in compare("marolles-1637", 4, 1, None, {"ultimo_fail": "1"}, ["rule"]):
    ...     c.add(a, b)
    >>> c.n, c.a.n, sorted(c.moved) == sorted(SOURCES)
    (4, 4, True)
    """

    def __init__(self, players: int, sources: Sequence[str] = SOURCES, step: int = 1,
                 step_b: int | None = None) -> None:
        self.a = Aggregate(players, sources, step)
        self.b = Aggregate(players, sources, step if step_b is None else step_b)
        self.sources = self.a.sources
        #: B - A per deal: the marques changing hands from each source, and in all.
        self.moved = {src: Running() for src in self.sources}
        self.moved_total = Running()
        #: B - A per deal at each position from the dealer: the total, the card points won.
        self.position = [Running() for _ in range(players)]
        self.position_points = [Running() for _ in range(players)]
        #: B - A per deal in the number of players at or above par (variants with a par).
        self.winners = Running()

    @property
    def n(self) -> int:
        return self.a.n

    def add(self, a: DealSummary, b: DealSummary) -> None:
        if (a.deal, a.seed) != (b.deal, b.seed):
            raise ValueError(f"deal {a.deal} is compared with deal {b.deal}: the pairs are out of step")
        self.a.add(a)
        self.b.add(b)
        total = 0
        for src in self.sources:
            n = self.a.players
            d = moved(b.by_source.get(src, (0,) * n)) - moved(a.by_source.get(src, (0,) * n))
            self.moved[src].add(d)
            total += d
        self.moved_total.add(total)
        n = self.a.players
        for pos in range(n):
            sa, sb = self._seat(a, pos, self.a.step), self._seat(b, pos, self.b.step)
            self.position[pos].add(b.scores[sb] - a.scores[sa])
            self.position_points[pos].add(b.card_points[sb] - a.card_points[sa])
        if a.winners is not None and b.winners is not None:
            self.winners.add(b.winners - a.winners)

    def _seat(self, s: DealSummary, pos: int, step: int) -> int:
        """The seat at ``pos`` from the dealer, in the order of play."""
        return (s.dealer + pos * step) % self.a.players


__all__ = [
    "Aggregate",
    "Readings",
    "DealSummary",
    "bot_seed",
    "check_setup",
    "compare",
    "deal_seed",
    "default_bot",
    "moved",
    "play_deal",
    "play_one",
    "resolve_bots",
    "simulate",
    "summarise",
]
