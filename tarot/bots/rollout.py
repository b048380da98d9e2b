"""Deals played to the end without a person: the playouts of the search bots and the random
deals of simulations (issue 34), compiled with the engine (``scripts/compile.py``).

``rollout(deal, policy)`` finishes ``deal``. The policy is either bots, one per seat, each
deciding from its seat's view (``play_out``: a rule bot in a sampled deal of ``PimcBot``; a bot
with ``act_seat`` gets the fields of the view it reads, ``core.seat_view.SeatView``, where it
has a choice), or a *random policy*, which draws among the legal actions without a view: a
uniformly random legal action needs nothing else, and building a view for it would cost more
than the draw.

Two random policies, two streams:

- ``PyRandomPolicy(rng)`` draws with ``rng.choice`` from a ``random.Random``, from the same list
  in the same order as a view's ``legal_actions``: the deal comes out exactly as ``RandomBot``
  (which draws from its view) or ``finish_random`` would play it with that generator. That is
  how ``simulate`` plays the random bot, and how ``IsmctsBot`` plays out.
- ``IntRandom`` is a generator of its own, xoshiro128** (Blackman and Vigna, 2018): four 32-bit
  words, shifts, rotations and multiplications by 5 and 9, so that every value stays a machine
  word in compiled code (no Python long objects, no float). ``play_random(variant, n, seed)``
  plays ``n`` deals with it: a stream of its own, not Python's, tested on its own (the same as
  the deals played step by step from the views with the same generator).

>>> from tarot.core.deal import new_deal
>>> deal = new_deal("marolles-1637", seed=3)
>>> rollout(deal, IntRandom(7))
>>> deal.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Final, Protocol, cast

from ..core.cards import Seat
from ..core.deal import Deal, View, variant_class

MASK32: Final = 0xFFFFFFFF


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (32 - k))) & MASK32


class IntRandom:
    """xoshiro128**: 32-bit outputs from 128 bits of state (module docstring). Seeded from any
    integer through SplitMix64 (the seeding its authors advise), so that nearby seeds give
    unrelated streams.

    >>> a, b = IntRandom(1), IntRandom(1)
    >>> [a.below(6) for _ in range(5)] == [b.below(6) for _ in range(5)]
    True
    """

    def __init__(self, seed: int) -> None:
        z = seed & 0xFFFFFFFFFFFFFFFF
        words: list[int] = []
        while len(words) < 4:
            z = (z + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            x = z
            x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            x ^= x >> 31
            words.append(x & MASK32)
            words.append(x >> 32)
        if not any(words):  # the one state xoshiro never leaves
            words[0] = 1
        self.s0, self.s1, self.s2, self.s3 = words[0], words[1], words[2], words[3]

    def next32(self) -> int:
        """The next 32-bit output (0 .. 2**32 - 1)."""
        s0, s1, s2, s3 = self.s0, self.s1, self.s2, self.s3
        result = (_rotl((s1 * 5) & MASK32, 7) * 9) & MASK32
        t = (s1 << 9) & MASK32
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = _rotl(s3, 11)
        self.s0, self.s1, self.s2, self.s3 = s0, s1, s2, s3
        return result

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n - 1`` (1 <= n <= 2**32), without bias: Lemire's
        multiply-and-shift, drawing again in the rare case that would favour some values."""
        m = self.next32() * n
        low = m & MASK32
        if low < n:
            floor = (MASK32 + 1 - n) % n
            while low < floor:
                m = self.next32() * n
                low = m & MASK32
        return m >> 32

    def choice(self, seq: Sequence[int]) -> int:
        """A uniformly random element of ``seq`` (not empty)."""
        return seq[self.below(len(seq))]

    def seed63(self) -> int:
        """A 63-bit integer from two outputs: the seed of a deal."""
        return (self.next32() << 31) ^ self.next32()


class Policy(Protocol):
    """A bot as rollouts use it: one decision from a seat's view."""

    def act(self, view: View) -> int: ...


class PyRandomPolicy:
    """Uniformly random legal actions drawn by ``rng.choice`` (``random.Random``), from the
    legal actions as a view lists them: the same draws as ``RandomBot`` with that generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng


def rollout(deal: Deal, policy: IntRandom | PyRandomPolicy | Sequence[Policy]) -> None:
    """Play ``deal`` to its end with ``policy``: an ``IntRandom`` or ``PyRandomPolicy`` (uniform
    legal actions, no view made), or bots, one per seat, each deciding from its view."""
    if isinstance(policy, IntRandom):
        choose = policy.choice
        while not deal.is_over:
            deal.push(choose(deal.legal_actions()))
    elif isinstance(policy, PyRandomPolicy):
        pick = policy.rng.choice
        while not deal.is_over:
            deal.push(pick(deal.legal_actions()))
    else:
        bots = policy
        # a bot that decides from a ``SeatView`` (``act_seat``: the compiled rule bots) is
        # given one, which the deal builds without the view's dict, and is not asked when
        # there is one legal action (a rule bot plays it, and draws nothing at random), and
        # the seat view takes the legal actions listed for that; the others get the view at
        # every decision
        by_seat = [getattr(b, "act_seat", None) for b in bots]
        while not deal.is_over:
            seat = deal.to_play
            assert seat is not None  # a deal not over has a seat to play
            act_seat = by_seat[seat]
            if act_seat is None:
                deal.push(bots[seat].act(deal.view(seat)))
                continue
            legal = deal.legal_actions()
            deal.push(legal[0] if len(legal) == 1 else act_seat(deal.seat_view(seat, legal)))


def random_seats(deal: Deal, rngs: Sequence[random.Random]) -> None:
    """Play ``deal`` to its end, each seat drawing its uniformly random legal actions with its
    own generator (``rngs[seat]``): the deal ``RandomBot(seed)`` at each seat plays from its
    views, made without a view (``simulate`` with the random bot)."""
    picks = [r.choice for r in rngs]
    while not deal.is_over:
        deal.push(picks[cast(Seat, deal.to_play)](deal.legal_actions()))


def play_random(variant: str, n: int, seed: int,
                options: Mapping[str, object] | None = None) -> Iterator[Deal]:
    """``n`` deals of ``variant`` played with uniformly random legal actions, each yielded when
    it is over: one ``IntRandom(seed)`` draws each deal's seed (``seed63``), then its actions;
    deal ``i`` is dealt by seat ``i * seat_step`` (as in ``simulate``)."""
    cls = variant_class(variant)
    opts = cls.make_options(options)
    players, step = cls.players_for(opts), cls.seat_step(opts)
    rng = IntRandom(seed)
    for i in range(n):
        deal = cls(opts, seed=rng.seed63(), dealer=i * step % players)
        rollout(deal, rng)
        yield deal


__all__ = ["IntRandom", "Policy", "PyRandomPolicy", "play_random", "random_seats", "rollout"]
