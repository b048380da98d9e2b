"""Duplicate deals: the same boards replayed with the bots rotated through the seats.

Luck of the cards is the largest part of any score. Playing every board (the same deck and
dealer) under every seating that holds all the bots compared, and comparing their mean score
per seat board by board, cancels most of it: what remains is the difference in play.

>>> c = compare("marolles-1637", "random", "random", deals=3, seed=1)
>>> c.n, [''.join(s) for s in c.seatings]
(3, ['AAB', 'ABA', 'ABB', 'BAA', 'BAB', 'BBA'])
>>> abs(c.mean_a + c.mean_b) < 1e-9     # every deal is zero-sum, so the two means are opposite
True

Bots are named (``tarot.bots.make_bot``) and entered by position, so a bot can meet itself.
Every board is fixed by ``(seed, index)`` alone (``board``), so boards can be played in any
order or in several processes (``board_results``) with the same results. This module is the
unit of work (one board under every seating), the boards played in order (``board_results``)
and the two-bot summary ``compare``; the tournament of any number of bots, with roles and
decision times, is ``tarot.runs.tournament``. Standard library only.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import cast

from ..bots import make_bot
from ..core.cards import Card, Seat
from ..core.deal import Deal, variant_class
from ..core.errors import TarotError
from ..core.game import game_of
from .pool import check_workers, ordered_map
from .simulate import bot_seed
from .stats import Running


@dataclass(frozen=True)
class Board:
    """One deal's chance, the same under every seating: deck order and dealer, and the seed
    from which they and the bots' seeds are derived."""

    index: int
    seed: int
    deck: tuple[Card, ...]
    dealer: Seat

    def bot_seed(self, seat: Seat) -> int:
        """The seed of the bot in ``seat``: the same whichever bot sits there (``bot_seed``)."""
        return bot_seed(self.seed, seat)


def board_seed(seed: int, index: int) -> int:
    """The seed of board ``index`` of a comparison seeded ``seed``: depends on both only."""
    return random.Random(f"tarot-duplicate/{seed}/{index}").getrandbits(63)


def board(variant: str, seed: int, index: int, options: Mapping[str, object] | None = None) -> Board:
    """Board ``index`` of a comparison seeded ``seed``: its deck and its dealer (the deal passes
    from seat to seat: ``index mod players``)."""
    cls = variant_class(variant)
    s = board_seed(seed, index)
    return Board(index, s, tuple(cls.shuffled_deck(s)), index % cls.players_for(options))


def boards(variant: str, deals: int, seed: int,
           options: Mapping[str, object] | None = None) -> Iterator[Board]:
    """The boards of a comparison, reproducible from ``seed`` and made one at a time."""
    for i in range(deals):
        yield board(variant, seed, i, options)


def seatings(players: int, entries: int, field: bool = False) -> list[tuple[int, ...]]:
    """Every assignment of entries ``0..entries-1`` to the seats in which each sits at least once.

    With ``field``, the last entry is *the field*: each other entry sits alone at each seat in
    turn, the field at the other seats, and last the field sits at every seat (the *par* each
    seat is compared with: ``BoardResult.gain``). A search bot then plays one seat of each
    deal instead of about half of them.

    >>> seatings(3, 2)
    [(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0)]
    >>> seatings(3, 3, field=True)
    [(0, 2, 2), (2, 0, 2), (2, 2, 0), (1, 2, 2), (2, 1, 2), (2, 2, 1), (2, 2, 2)]
    """
    if field:
        if entries < 2:
            raise TarotError(f"a field needs at least one bot besides it, not {entries - 1}")
        last = entries - 1
        out = [tuple(e if i == s else last for i in range(players))
               for e in range(last) for s in range(players)]
        return out + [(last,) * players]
    if not 1 <= entries <= players:
        raise TarotError(f"cannot seat {entries} bots at {players} seats")
    return [s for s in itertools.product(range(entries), repeat=players) if len(set(s)) == entries]


# ----- roles ------------------------------------------------------------------------------
def role_of(deal: Deal, seat: Seat) -> str:
    """The role of ``seat`` in the finished ``deal``, as its game declares roles
    (``tarot.core.game``: by position from the dealer unless the game says otherwise)."""
    return game_of(deal).roles(deal, seat)


# ----- playing a board --------------------------------------------------------------------
def play_board(variant: str, board: Board, bots: Sequence[str],
               options: Mapping[str, object] | None = None,
               times: list[list[float]] | None = None) -> Deal:
    """Play ``board`` to the end with the bot named ``bots[seat]`` in each seat.

    With ``times`` (one list per seat), the seconds each ``bot.act`` call took are appended
    to its seat's list.
    """
    deal = variant_class(variant)(options, deck=board.deck, dealer=board.dealer)
    players = [make_bot(name, seed=board.bot_seed(s)) for s, name in enumerate(bots)]
    clock = time.perf_counter
    while not deal.is_over:
        seat = cast(Seat, deal.to_play)
        view = deal.view(seat)
        t0 = clock()
        action = players[seat].act(view)
        if times is not None:
            times[seat].append(clock() - t0)
        deal.push(action)
    return deal


@dataclass(frozen=True)
class BoardResult:
    """One board played under every seating: ``scores[seating]`` per seat,
    ``by_source[seating]`` the same split by source of payment (``DealResult.by_source``),
    ``roles[seating]`` each seat's role (``role_of``), and ``times[entry]`` the decision times
    in seconds of entry ``entry`` over all seatings."""

    board: Board
    scores: dict[tuple[int, ...], tuple[int, ...]]
    by_source: dict[tuple[int, ...], dict[str, list[int]]]
    roles: dict[tuple[int, ...], tuple[str, ...]] = field(default_factory=dict)
    times: tuple[tuple[float, ...], ...] = ()
    #: ``card_points[seating]``: the card points per seat (``DealResult.card_points``).
    card_points: dict[tuple[int, ...], tuple[float, ...]] = field(default_factory=dict)

    def mean_per_seat(self, entry: int, source: str | None = None, role: str | None = None,
                      metric: str = "score") -> float | None:
        """The mean score per seat that ``entry`` occupied, over all seatings (from one source
        of payment only, and in one role only, if given; card points instead of the score with
        ``metric="card_points"``); None if it never held that role."""
        total: float = 0
        seats = 0
        sc: Sequence[float]
        for seating, sc in self.scores.items():
            if source is not None:
                sc = self.by_source[seating][source]
            elif metric == "card_points":
                sc = self.card_points[seating]
            # (indexed only when a role is asked for: the roles of every seating are recorded)
            roles = cast("tuple[str, ...]", self.roles.get(seating))
            for s, e in enumerate(seating):
                if e == entry and (role is None or roles[s] == role):
                    total += sc[s]
                    seats += 1
        return total / seats if seats else None

    def gain(self, entry: int, source: str | None = None, role: str | None = None,
             metric: str = "score") -> float | None:
        """A board played with a field (``seatings(..., field=True)``; the field is the last
        entry): the mean, over the seats where ``entry`` sat alone, of its score there less
        the score of the same seat when the field sat at every seat (its *par*). The field's
        own gain is 0. From one source of payment or in one role only, if given (the role of
        the seat in ``entry``'s seating); card points with ``metric="card_points"``; None if
        ``entry`` never held that role."""
        n = len(next(iter(self.scores)))
        field = max(max(s) for s in self.scores)
        par_seating = (field,) * n

        def values(seating: tuple[int, ...]):
            if source is not None:
                return self.by_source[seating][source]
            if metric == "card_points":
                return self.card_points[seating]
            return self.scores[seating]
        par = values(par_seating)
        if entry == field:
            return 0.0 if role is None or role in self.roles.get(par_seating, ()) else None
        total = seats = 0
        for seating in self.scores:
            if seating == par_seating:
                continue
            sc, roles = values(seating), cast("tuple[str, ...]", self.roles.get(seating))  # as above
            for s, e in enumerate(seating):
                if e == entry and (role is None or roles[s] == role):
                    total += sc[s] - par[s]
                    seats += 1
        return total / seats if seats else None

    def to_dict(self) -> dict:
        """JSON values (seatings written as strings of entry numbers, decision times in
        milliseconds to 0.01 ms); ``from_dict`` reads them back."""
        def key(s: tuple[int, ...]) -> str:
            return "".join(str(e) for e in s)
        b = self.board
        return {
            "index": b.index, "seed": b.seed, "deck": list(b.deck), "dealer": b.dealer,
            "scores": {key(s): list(v) for s, v in self.scores.items()},
            "by_source": {key(s): v for s, v in self.by_source.items()},
            "roles": {key(s): list(v) for s, v in self.roles.items()},
            "card_points": {key(s): list(v) for s, v in self.card_points.items()},
            "times_ms": [[round(t * 1e3, 2) for t in ts] for ts in self.times],
        }

    @classmethod
    def from_dict(cls, d: Mapping) -> BoardResult:
        """The result written by ``to_dict`` (``TarotError`` naming a missing or bad field)."""
        try:
            def seating(k: str) -> tuple[int, ...]:
                return tuple(int(ch) for ch in k)
            b = Board(int(d["index"]), int(d["seed"]), tuple(int(c) for c in d["deck"]),
                      int(d["dealer"]))
            return cls(
                b,
                {seating(k): tuple(v) for k, v in d["scores"].items()},
                {seating(k): {src: list(x) for src, x in v.items()} for k, v in d["by_source"].items()},
                {seating(k): tuple(v) for k, v in d["roles"].items()},
                tuple(tuple(t / 1e3 for t in ts) for ts in d["times_ms"]),
                {seating(k): tuple(v) for k, v in d["card_points"].items()},
            )
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise TarotError(f"bad board result: {type(e).__name__} {e}") from None


def play_board_seatings(variant: str, board: Board, bots: Sequence[str],
                        options: Mapping[str, object] | None = None,
                        field: bool = False) -> BoardResult:
    """``board`` played under every seating of ``bots`` (names, entered by position; with
    ``field``, the last bot is the field: ``seatings``)."""
    arrangements = seatings(len(board_players(variant, options)), len(bots), field)
    scores, by_source, roles = {}, {}, {}
    points: dict[tuple[int, ...], tuple[float, ...]] = {}
    times: list[list[float]] = [[] for _ in bots]
    for s in arrangements:
        seat_times: list[list[float]] = [[] for _ in s]
        deal = play_board(variant, board, [bots[e] for e in s], options, seat_times)
        r = deal.result()
        scores[s], by_source[s], points[s] = tuple(r.scores), r.by_source, tuple(r.card_points)
        roles[s] = tuple(role_of(deal, seat) for seat in range(len(s)))
        for seat, e in enumerate(s):
            times[e].extend(seat_times[seat])
    return BoardResult(board, scores, by_source, roles, tuple(tuple(t) for t in times), points)


def board_players(variant: str, options: Mapping[str, object] | None = None) -> range:
    """The seats of a deal of ``variant`` with ``options``."""
    return range(variant_class(variant).players_for(options))


def check_entries(variant: str, bots: Sequence[str], deals: int,
                  options: Mapping[str, object] | None = None, field: bool = False) -> None:
    """Refuse a bad variant, option, bot name, number of bots or deals before any deal is
    played (``TarotError`` naming the problem)."""
    cls = variant_class(variant)
    opts = cls.make_options(options)
    cls(opts, seed=0)  # combinations of options the variant refuses are caught here
    for name in bots:
        make_bot(name)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise TarotError(f"the number of deals must be at least 1, not {deals!r}")
    seatings(cls.players_for(opts), len(bots), field)


def play_duplicate(variant: str, bots: Sequence[str], deals: int, seed: int,
                   options: Mapping[str, object] | None = None) -> Iterator[BoardResult]:
    """Each of ``deals`` boards played under every seating of ``bots`` (names, entered by
    position), yielded as soon as it is finished (in one process; ``board_results`` for
    several)."""
    check_entries(variant, bots, deals, options)
    for b in boards(variant, deals, seed, options):
        yield play_board_seatings(variant, b, bots, options)


def _play_index(args: tuple) -> BoardResult:
    """The unit of work of a pool: board ``index`` under every seating."""
    variant, bots, seed, options, index, field = args
    return play_board_seatings(variant, board(variant, seed, index, options), bots, options, field)


def board_results(variant: str, bots: Sequence[str], deals: int, seed: int,
                  options: Mapping[str, object] | None = None,
                  workers: int = 1, start: int = 0, field: bool = False,
                  chunk: int | None = None) -> Iterator[BoardResult]:
    """Boards ``start..deals-1`` played under every seating of ``bots`` (with ``field``, the
    last bot is the field: ``seatings``), yielded in board order, in ``workers`` processes
    that take ``chunk`` boards at a time (``ordered_map``; checked first: ``TarotError`` for bad
    input)."""
    check_entries(variant, bots, deals, options, field)
    check_workers(workers)
    values = dict(variant_class(variant).make_options(options).changed())
    tasks = ((variant, tuple(bots), seed, values, i, field) for i in range(start, deals))
    yield from ordered_map(_play_index, tasks, workers, deals - start, chunk)


# ----- two bots -----------------------------------------------------------------------------
@dataclass
class Comparison:
    """Bot ``a`` against bot ``b`` over ``n`` duplicate deals.

    Per deal, the difference is A's mean score per seat minus B's; ``mean_diff``, ``stdev``
    and ``ci95`` are taken over deals (a paired interval: ``tarot.runs.stats.Running``).
    ``mean_a`` and ``mean_b`` are each bot's mean score per seat per deal.
    """

    variant: str
    a: str
    b: str
    seed: int
    options: dict[str, str]
    seatings: list[tuple[str, ...]]
    #: A's mean score per seat minus B's, deal by deal; and each one's.
    diff: Running = field(default_factory=Running)
    score_a: Running = field(default_factory=Running)
    score_b: Running = field(default_factory=Running)
    #: A's and B's mean marques per seat per deal from each source of payment.
    by_source_a: dict[str, Running] = field(default_factory=dict)
    by_source_b: dict[str, Running] = field(default_factory=dict)

    def add(self, a: float, b: float, sources_a: dict[str, float] | None = None,
            sources_b: dict[str, float] | None = None) -> None:
        """Fold in one deal's means per seat."""
        for mine, new in ((self.by_source_a, sources_a), (self.by_source_b, sources_b)):
            for k, v in (new or {}).items():
                mine.setdefault(k, Running()).add(v)
        self.diff.add(a - b)
        self.score_a.add(a)
        self.score_b.add(b)

    @property
    def n(self) -> int:
        return self.diff.n

    @property
    def mean_diff(self) -> float:
        return self.diff.mean

    @property
    def stdev(self) -> float:
        return self.diff.stdev

    @property
    def ci95(self) -> tuple[float, float]:
        return self.diff.ci95

    @property
    def mean_a(self) -> float:
        return self.score_a.mean

    @property
    def mean_b(self) -> float:
        return self.score_b.mean

    @property
    def sources_a(self) -> dict[str, float]:
        return {k: v.mean for k, v in self.by_source_a.items()}

    @property
    def sources_b(self) -> dict[str, float]:
        return {k: v.mean for k, v in self.by_source_b.items()}

    def to_dict(self) -> dict:
        low, high = self.ci95
        return {
            "variant": self.variant, "a": self.a, "b": self.b, "seed": self.seed,
            "options": dict(self.options), "seatings": ["".join(s) for s in self.seatings],
            "deals": self.n, "mean_diff": self.mean_diff, "stdev": self.stdev,
            "ci95": [low, high], "mean_a": self.mean_a, "mean_b": self.mean_b,
            "sources_a": self.sources_a, "sources_b": self.sources_b,
        }

    def __str__(self) -> str:
        low, high = self.ci95
        opts = " ".join(f"{k}={v}" for k, v in self.options.items()) or "defaults"
        unit = variant_class(self.variant).SCORE_UNIT
        sources_a, sources_b = self.sources_a, self.sources_b
        return (f"{self.variant} ({opts}): A = {self.a}, B = {self.b}, seed {self.seed}\n"
                f"{self.n} deals x {len(self.seatings)} seatings "
                f"({' '.join(''.join(s) for s in self.seatings)})\n"
                f"  A {self.a:<10} {self.mean_a:+.3f} {unit} per seat per deal\n"
                f"  B {self.b:<10} {self.mean_b:+.3f} {unit} per seat per deal\n"
                f"  A - B        {self.mean_diff:+.3f}  sd {self.stdev:.3f}  "
                f"95% CI [{low:+.3f}, {high:+.3f}]\n"
                f"  by source of payment      A        B\n" + "\n".join(
                    f"    {k:<18} {sources_a[k]:+8.3f} {sources_b[k]:+8.3f}"
                    for k in sources_a))


def compare(variant: str, bot_a: str, bot_b: str, deals: int, seed: int,
            options: Mapping[str, object] | None = None, workers: int = 1,
            progress: Callable[[Comparison], None] | None = None) -> Comparison:
    """Compare two bots (by name) on ``deals`` duplicate deals made from ``seed`` (in
    ``workers`` processes; the result does not depend on their number); ``progress`` is
    called with the running comparison after each deal."""
    cls = variant_class(variant)
    result = Comparison(variant, bot_a, bot_b, seed, cls.make_options(options).changed(),
                        [tuple("AB"[e] for e in s) for s in seatings(cls.players_for(options), 2)])
    for br in board_results(variant, (bot_a, bot_b), deals, seed, options, workers):
        sources = next(iter(br.by_source.values()))
        # each bot sits in some seat of every board: no mean is None
        result.add(cast(float, br.mean_per_seat(0)), cast(float, br.mean_per_seat(1)),
                   {k: cast(float, br.mean_per_seat(0, k)) for k in sources},
                   {k: cast(float, br.mean_per_seat(1, k)) for k in sources})
        if progress is not None:
            progress(result)
    return result
