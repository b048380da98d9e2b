"""Duplicate comparison of bots: the same deals replayed with the bots rotated through the seats.

Luck of the cards is the largest part of any score. Playing every deal (the same deck and
dealer) under every seating that holds all the bots compared, and comparing their mean marques
per seat deal by deal, cancels most of it: what remains is the difference in play.

>>> c = compare("marolles-1637", "random", "random", deals=3, seed=1)
>>> c.n, [''.join(s) for s in c.seatings]
(3, ['AAB', 'ABA', 'ABB', 'BAA', 'BAB', 'BBA'])
>>> abs(c.mean_a + c.mean_b) < 1e-9     # every deal is zero-sum, so the two means are opposite
True

Bots are named (``tarot.bots.make_bot``) and entered by position, so a bot can meet itself.
Standard library only; deals are played one after another and only running sums are kept, so
memory stays flat however many deals are played.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from .bots import make_bot, play_out
from .core.cards import Card, Seat
from .core.deal import Deal, variant_class
from .core.errors import TarotError

#: z of a two-sided 95% interval (normal approximation).
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Board:
    """One deal's chance, the same under every seating: deck order and dealer, and the seed
    from which they and the bots' seeds are derived."""

    index: int
    seed: int
    deck: tuple[Card, ...]
    dealer: Seat

    def bot_seed(self, seat: Seat) -> int:
        """The seed of the bot in ``seat``: the same whichever bot sits there."""
        return (self.seed * 1_000_003 + seat) % (1 << 63)


def boards(variant: str, deals: int, seed: int) -> Iterator[Board]:
    """The boards of a comparison, reproducible from ``seed`` and made one at a time."""
    cls = variant_class(variant)
    rng = random.Random(seed)
    for i in range(deals):
        s = rng.getrandbits(63)
        yield Board(i, s, tuple(cls.shuffled_deck(s)), s % cls.players)


def seatings(players: int, entries: int) -> list[tuple[int, ...]]:
    """Every assignment of entries ``0..entries-1`` to the seats in which each sits at least once.

    >>> seatings(3, 2)
    [(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0)]
    """
    if not 1 <= entries <= players:
        raise TarotError(f"cannot seat {entries} bots at {players} seats")
    return [s for s in itertools.product(range(entries), repeat=players) if len(set(s)) == entries]


def play_board(variant: str, board: Board, bots: Sequence[str],
               options: Mapping[str, object] | None = None) -> Deal:
    """Play ``board`` to the end with the bot named ``bots[seat]`` in each seat."""
    deal = variant_class(variant)(options, deck=board.deck, dealer=board.dealer)
    play_out(deal, [make_bot(name, seed=board.bot_seed(s)) for s, name in enumerate(bots)])
    return deal


@dataclass(frozen=True)
class BoardResult:
    """One board played under every seating: ``scores[seating]`` are the marques per seat and
    ``by_source[seating]`` the same split by source of payment (``DealResult.by_source``)."""

    board: Board
    scores: dict[tuple[int, ...], tuple[int, ...]]
    by_source: dict[tuple[int, ...], dict[str, list[int]]]

    def mean_per_seat(self, entry: int, source: str | None = None) -> float:
        """The mean marques per seat that ``entry`` occupied, over all seatings (from one
        source of payment only, if given)."""
        total = seats = 0
        for seating, sc in self.scores.items():
            if source is not None:
                sc = self.by_source[seating][source]
            for s, e in enumerate(seating):
                if e == entry:
                    total += sc[s]
                    seats += 1
        return total / seats


def play_duplicate(variant: str, bots: Sequence[str], deals: int, seed: int,
                   options: Mapping[str, object] | None = None) -> Iterator[BoardResult]:
    """Each of ``deals`` boards played under every seating of ``bots`` (names, entered by
    position), yielded as soon as it is finished."""
    cls = variant_class(variant)
    cls.make_options(options)  # bad options and bot names are refused before any deal is played
    for name in bots:
        make_bot(name)
    if deals < 1:
        raise TarotError(f"the number of deals must be at least 1, not {deals!r}")
    arrangements = seatings(cls.players, len(bots))
    for board in boards(variant, deals, seed):
        results = {s: play_board(variant, board, [bots[e] for e in s], options).result()
                   for s in arrangements}
        yield BoardResult(board, {s: r.scores for s, r in results.items()},
                          {s: r.by_source for s, r in results.items()})


@dataclass
class Comparison:
    """Bot ``a`` against bot ``b`` over ``n`` duplicate deals.

    Per deal, the difference is A's mean marques per seat minus B's; ``mean_diff``, ``stdev``
    and ``ci95`` are taken over deals (normal approximation). ``mean_a`` and ``mean_b`` are each
    bot's mean marques per seat per deal.
    """

    variant: str
    a: str
    b: str
    seed: int
    options: dict[str, str]
    seatings: list[tuple[str, ...]]
    n: int = 0
    mean_diff: float = 0.0
    stdev: float = 0.0
    mean_a: float = 0.0
    mean_b: float = 0.0
    #: A's and B's mean marques per seat per deal from each source of payment.
    sources_a: dict[str, float] = field(default_factory=dict)
    sources_b: dict[str, float] = field(default_factory=dict)
    _m2: float = field(default=0.0, repr=False)

    def add(self, a: float, b: float, sources_a: dict[str, float] | None = None,
            sources_b: dict[str, float] | None = None) -> None:
        """Fold in one deal's means per seat (Welford's running mean and variance)."""
        for mine, new in ((self.sources_a, sources_a), (self.sources_b, sources_b)):
            for k, v in (new or {}).items():
                m = mine.get(k, 0.0)
                mine[k] = m + (v - m) / (self.n + 1)
        diff = a - b
        self.n += 1
        delta = diff - self.mean_diff
        self.mean_diff += delta / self.n
        self._m2 += delta * (diff - self.mean_diff)
        self.stdev = math.sqrt(self._m2 / (self.n - 1)) if self.n > 1 else 0.0
        self.mean_a += (a - self.mean_a) / self.n
        self.mean_b += (b - self.mean_b) / self.n

    @property
    def stderr(self) -> float:
        return self.stdev / math.sqrt(self.n) if self.n else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        half = Z95 * self.stderr
        return self.mean_diff - half, self.mean_diff + half

    def to_dict(self) -> dict:
        low, high = self.ci95
        return {
            "variant": self.variant, "a": self.a, "b": self.b, "seed": self.seed,
            "options": dict(self.options), "seatings": ["".join(s) for s in self.seatings],
            "deals": self.n, "mean_diff": self.mean_diff, "stdev": self.stdev,
            "ci95": [low, high], "mean_a": self.mean_a, "mean_b": self.mean_b,
            "sources_a": dict(self.sources_a), "sources_b": dict(self.sources_b),
        }

    def __str__(self) -> str:
        low, high = self.ci95
        opts = " ".join(f"{k}={v}" for k, v in self.options.items()) or "defaults"
        return (f"{self.variant} ({opts}): A = {self.a}, B = {self.b}, seed {self.seed}\n"
                f"{self.n} deals x {len(self.seatings)} seatings "
                f"({' '.join(''.join(s) for s in self.seatings)})\n"
                f"  A {self.a:<10} {self.mean_a:+.3f} marques per seat per deal\n"
                f"  B {self.b:<10} {self.mean_b:+.3f} marques per seat per deal\n"
                f"  A - B        {self.mean_diff:+.3f}  sd {self.stdev:.3f}  "
                f"95% CI [{low:+.3f}, {high:+.3f}]\n"
                f"  by source of payment      A        B\n" + "\n".join(
                    f"    {k:<18} {self.sources_a[k]:+8.3f} {self.sources_b[k]:+8.3f}"
                    for k in self.sources_a))


def compare(variant: str, bot_a: str, bot_b: str, deals: int, seed: int,
            options: Mapping[str, object] | None = None) -> Comparison:
    """Compare two bots (by name) on ``deals`` duplicate deals made from ``seed``."""
    cls = variant_class(variant)
    result = Comparison(variant, bot_a, bot_b, seed, cls.make_options(options).changed(),
                        [tuple("AB"[e] for e in s) for s in seatings(cls.players, 2)])
    for br in play_duplicate(variant, (bot_a, bot_b), deals, seed, options):
        sources = next(iter(br.by_source.values()))
        result.add(br.mean_per_seat(0), br.mean_per_seat(1),
                   {k: br.mean_per_seat(0, k) for k in sources},
                   {k: br.mean_per_seat(1, k) for k in sources})
    return result
