"""Rollouts (``tarot.bots.rollout``, issue 34): the fast paths play the same deals as the step
by step path from the views, with the same generator, in every variant; the integer generator
is xoshiro128** and draws uniformly."""

import random

import pytest

import tarot.variants  # noqa: F401  (registers every game)
from tarot.bots import RandomBot, make_bot, play_out
from tarot.bots.rollout import IntRandom, PyRandomPolicy, play_random, random_seats, rollout
from tarot.bots.search import finish_random
from tarot.core.deal import new_deal, variant_class
from tarot.core.game import GAMES
from tarot.runs import simulate as sim

VARIANTS = sorted(v for g in GAMES.values() for v in g.variants)


def outcome(deal):
    r = deal.result()
    return list(deal.history), r.scores, r.card_points


@pytest.mark.parametrize("variant", VARIANTS)
def test_play_random_is_the_step_by_step_play_from_the_views(variant):
    """Each deal of ``play_random`` equals the deal dealt from the same stream's seed and played
    by drawing with that stream from each seat's view."""
    fast = [outcome(d) for d in play_random(variant, 12, 5)]
    cls = variant_class(variant)
    rng = IntRandom(5)
    slow = []
    for i in range(12):
        deal = cls(None, seed=rng.seed63(), dealer=i * cls.seat_step(None) % cls.players_for(None))
        while not deal.is_over:
            view = deal.view(deal.to_play)
            deal.push(rng.choice(view.legal_actions))
        slow.append(outcome(deal))
    assert fast == slow
    assert len({tuple(h) for h, _, _ in fast}) == 12


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_bots_without_views_play_as_with_them(variant):
    """``simulate``'s random bots (``random_seats``, no view) and ``RandomBot`` from its views:
    the same deals, summary for summary."""
    players = variant_class(variant).players_for(None)
    for index in range(6):
        fast = sim.play_one(variant, None, 8, index, ["random"] * players)
        s = sim.deal_seed(8, index)
        cls = variant_class(variant)
        deal = cls(None, seed=s, dealer=index * cls.seat_step(None) % players)
        play_out(deal, [RandomBot(seed=sim.bot_seed(s, seat)) for seat in range(players)])
        assert fast == sim.summarise(deal, index, s)


@pytest.mark.parametrize("variant", ["marolles-1637", "fft-4p"])
def test_every_policy_finishes_as_its_step_by_step_path(variant):
    """Bots through ``rollout`` as through ``play_out``; ``PyRandomPolicy`` as ``finish_random``
    and as seats drawing with one generator in turn."""
    for seed in range(5):
        a, b = new_deal(variant, seed=seed), new_deal(variant, seed=seed)
        rollout(a, [make_bot("rule", seed=1)] * a.players)
        play_out(b, [make_bot("rule", seed=1)] * b.players)
        assert outcome(a) == outcome(b)
        c, d, e = (new_deal(variant, seed=seed) for _ in range(3))
        rollout(c, PyRandomPolicy(random.Random(seed)))
        finish_random(d, random.Random(seed))
        random_seats(e, [random.Random(seed)] * e.players)
        assert outcome(c) == outcome(d) == outcome(e)


def reference_xoshiro128ss(state, n):
    """xoshiro128** as its authors' C code writes it (prng.di.unimi.it/xoshiro128starstar.c)."""
    s = list(state)
    out = []
    rotl = lambda x, k: ((x << k) | (x >> (32 - k))) & 0xFFFFFFFF  # noqa: E731
    for _ in range(n):
        out.append(rotl(s[1] * 5 & 0xFFFFFFFF, 7) * 9 & 0xFFFFFFFF)
        t = s[1] << 9 & 0xFFFFFFFF
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 11)
    return out


def test_the_generator_is_xoshiro128_starstar():
    for seed in (0, 1, 2**63 - 1, -5):
        g = IntRandom(seed)
        state = (g.s0, g.s1, g.s2, g.s3)
        assert any(state) and all(0 <= w < 2**32 for w in state)
        assert [g.next32() for _ in range(50)] == reference_xoshiro128ss(state, 50)
    assert reference_xoshiro128ss((1, 2, 3, 4), 1) == [11520]  # rotl(2*5, 7) * 9
    assert IntRandom(1).s0 != IntRandom(2).s0


@pytest.mark.parametrize("n", [2, 6, 7, 18, 78])
def test_below_is_uniform(n):
    """A chi-square test of 200 draws per value: far above its 99.99% point fails (a biased or
    truncated draw), as does a value outside 0..n-1."""
    g = IntRandom(n)
    counts = [0] * n
    for _ in range(200 * n):
        x = g.below(n)
        assert 0 <= x < n
        counts[x] += 1
    chi2 = sum((c - 200) ** 2 / 200 for c in counts)
    assert chi2 < n + 8 * (2 * n) ** 0.5 + 20


def test_below_the_whole_range_is_the_output():
    a, b = IntRandom(9), IntRandom(9)
    assert [a.below(2**32) for _ in range(20)] == [b.next32() for _ in range(20)]
