"""The vectors tarot/adapters/incremental.py keeps up to date are the views' own.

At every step of random deals of every variant (and of the options that change the layout, the
order of play or le Mort's tricks), the vector and the mask ``IncrementalEncoder`` gives a seat
are exactly what ``Encoder`` makes of that seat's view from scratch, the view-only encoding
tests/test_encode.py proves blind to hidden cards. Seats look at random moments, so that a
vector catches up over one card or over many, across tricks and phases.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

import numpy as np  # noqa: E402

import tarot  # noqa: E402
from tarot.adapters.encode import Encoder  # noqa: E402
from tarot.adapters.incremental import IncrementalEncoder  # noqa: E402
from tarot.core.deal import VARIANTS  # noqa: E402

#: Every variant, and options that change the seats (Early French Tarot for 3 clockwise and for
#: 6), le Mort's tricks (its card competes) and the play (Marolles's revokes allowed, owned up to and taken back).
CASES = [(v, None) for v in VARIANTS] + [
    ("early-french", {"players": 3, "direction": "clockwise"}),
    ("early-french", {"players": 6}),
    ("marolles-2p", {"mort_card_competes": "true"}),
    ("marolles-1637", {"revoke_handling": "penalty_1m_forfeit_with_correction_window"}),
]


def differing_parts(enc: Encoder, a: np.ndarray, b: np.ndarray) -> list[str]:
    """The names of the parts where ``a`` and ``b`` differ (for the failure message)."""
    return [name for name, sl in enc.slices.items() if not np.array_equal(a[sl], b[sl])]


def check_every_step(variant: str, options, seed: int, deals: int) -> int:
    """Play ``deals`` random deals through an ``IncrementalEncoder``; at every step the seat to
    play looks, and each other seat with probability 1/3, some twice. Returns the looks compared."""
    enc = Encoder(variant, options)
    live = IncrementalEncoder(enc)
    rng = random.Random(seed)
    looks = 0
    for _ in range(deals):
        deal = tarot.new_deal(variant, options, seed=rng.randrange(1 << 30),
                              dealer=rng.randrange(enc.players))
        live.reset(deal)
        while True:
            for seat in range(enc.players):
                if seat != deal.to_play and rng.random() > 1 / 3:
                    continue
                view = deal.view(seat)
                got, want = live.observation(seat), enc.observation(view)
                assert np.array_equal(got, want), (
                    f"{variant} {options} seat {seat} after {deal.history}: "
                    f"{differing_parts(enc, got, want)} differ from the view's")
                assert np.array_equal(live.action_mask(seat), enc.action_mask(view))
                if rng.random() < 0.1:  # a second look with nothing new between (PettingZoo's
                    # last() then a wrapper's observe): the same vector, not one caught up twice
                    assert np.array_equal(live.observation(seat), want)
                looks += 1
            if deal.is_over:
                break
            live.push(rng.choice(deal.legal_actions()))
    return looks


@pytest.mark.parametrize("variant,options", CASES)
def test_every_step_is_the_views(variant, options):
    """Every look of 100 random deals gives the vector and mask of the seat's view (1,000 under
    ``-m slow``)."""
    assert check_every_step(variant, options, seed=36, deals=100) > 100 * 40


@pytest.mark.slow
@pytest.mark.parametrize("variant,options", CASES)
def test_every_step_is_the_views_thousands(variant, options):
    check_every_step(variant, options, seed=3600, deals=1000)


def test_changed_elsewhere():
    """Actions pushed to the deal directly, or taken back, are noticed: every vector is then
    made again, and is still the view's."""
    enc = Encoder("fft-4p")
    live = IncrementalEncoder(enc)
    rng = random.Random(5)
    deal = tarot.new_deal("fft-4p", seed=5)
    live.reset(deal)
    while not deal.is_over:
        for seat in range(4):
            assert np.array_equal(live.observation(seat), enc.observation(deal.view(seat)))
        r = rng.random()
        if r < 0.1 and len(deal.history) > 2:
            deal.pop()
            deal.pop()
        elif r < 0.3:
            deal.push(rng.choice(deal.legal_actions()))
        else:
            live.push(rng.choice(deal.legal_actions()))


def test_new_arrays():
    """Each look is a new array: changing one changes nothing in the next."""
    enc = Encoder("marolles-1637")
    live = IncrementalEncoder(enc)
    deal = tarot.new_deal("marolles-1637", seed=2)
    live.reset(deal)
    seat = deal.to_play
    live.observation(seat)[:] = 7.0
    live.action_mask(seat)[:] = 1
    view = deal.view(seat)
    assert np.array_equal(live.observation(seat), enc.observation(view))
    assert np.array_equal(live.action_mask(seat), enc.action_mask(view))
