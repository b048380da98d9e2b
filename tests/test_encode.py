"""The observation encoding of tarot/adapters/encode.py (docs/research.md, "Encoding").

The vector is made from a seat's view only: a deal sampled to agree with a seat's view (the
bots' ``sample_world``, which differs from the true deal in the cards the seat cannot see) gives
the same vector. The parts decode back to the view they came from, and the mask is the legal
actions, over random positions of every variant.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

import numpy as np  # noqa: E402

import tarot  # noqa: E402
from tarot.adapters.encode import PHASES, SCORE_SCALE, Encoder  # noqa: E402
from tarot.bots.sampling import SamplingError, sample_world  # noqa: E402
from tarot.core.actions import NUM_ACTIONS  # noqa: E402
from tarot.core.cards import cards_of, mask  # noqa: E402
from tarot.core.deal import VARIANTS  # noqa: E402

ALL = list(VARIANTS)
#: Options that change the layout or the seats' order: Early French Tarot's players and direction.
OPTIONS = [(v, None) for v in ALL] + [
    ("early-french", {"players": 3, "direction": "clockwise"}),
    ("early-french", {"players": 6}),
]


def positions(variant: str, options, seed: int, count: int):
    """``count`` random positions (deal, seat) of ``variant``: random legal play stopped at a
    random decision, and a random seat (to play or not)."""
    rng = random.Random(seed)
    for _ in range(count):
        deal = tarot.new_deal(variant, options, seed=rng.randrange(1 << 30))
        while not deal.is_over:
            deal.push(rng.choice(deal.legal_actions()))
        stop = rng.randrange(len(deal.history) + 1)
        while len(deal.history) > stop:
            deal.pop()
        yield deal, rng.randrange(deal.players)


def bits(obs: np.ndarray, enc: Encoder, name: str) -> list[int]:
    return [int(i) for i in np.flatnonzero(obs[enc.slices[name]])]


def cards_row(obs: np.ndarray, enc: Encoder, name: str, row: int = 0) -> int:
    part = obs[enc.slices[name]][78 * row:78 * (row + 1)]
    return mask(int(i) for i in np.flatnonzero(part))


def check_hidden(variant: str, options, seed: int, count: int) -> None:
    enc = Encoder(variant, options)
    rng = random.Random(seed)
    compared = differed = 0
    for deal, seat in positions(variant, options, seed, count):
        view = deal.view(seat)
        try:
            other = sample_world(view, rng)
        except SamplingError:
            continue
        compared += 1
        differed += other.hands != deal.hands
        assert np.array_equal(enc.observation(other.view(seat)), enc.observation(view)), \
            f"{variant} seed {seed}: the vector saw a hidden card"
        assert np.array_equal(enc.action_mask(other.view(seat)), enc.action_mask(view))
    # the check means something: most positions had another world to compare
    assert compared >= count * 0.9, f"{variant}: only {compared} of {count} positions sampled"
    assert differed >= compared * 0.5, f"{variant}: only {differed} sampled deals hid other cards"


@pytest.mark.parametrize("variant,options", OPTIONS)
def test_view_only(variant, options):
    """Two deals that differ only in the cards a seat cannot see give it the same vector."""
    check_hidden(variant, options, seed=36, count=150)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ALL)
def test_view_only_thousands(variant):
    check_hidden(variant, None, seed=3600, count=1500)


@pytest.mark.parametrize("variant,options", OPTIONS)
def test_parts_decode_to_the_view(variant, options):
    """Each part reads back as the view's own facts, seats counted from the view's seat."""
    enc = Encoder(variant, options)
    p, step = enc.players, enc.step
    for deal, seat in positions(variant, options, seed=7, count=120):
        view = deal.view(seat)
        obs = enc.observation(view)
        assert obs.shape == (enc.size,) and obs.dtype == np.float32
        rel = [(seat + k * step) % p for k in range(p)]
        assert cards_row(obs, enc, "hand") == view.hand
        assert cards_row(obs, enc, "discards") == view.discards
        assert cards_row(obs, enc, "chien") == view.chien
        played = [cards_row(obs, enc, "played", k) for k in range(p + 1)]
        in_tricks = mask(c for _, cards, _ in view.tricks for c in cards) | mask(view.trick)
        assert sum(played) == in_tricks and not any(a & b for a in played for b in played if a is not b)
        trick = [cards_row(obs, enc, "trick", k) for k in range(p + 1)]
        assert sum(trick) == mask(view.trick)
        if view.trick and view.leader is not None:  # the leader's card is in the leader's row
            assert trick[rel.index(view.leader)] >> view.trick[0] & 1
        won = [cards_row(obs, enc, "won", k) for k in range(p)]
        for _, cards, winner in view.tricks:
            assert all(won[rel.index(winner)] >> c & 1 for c in cards)
        assert bits(obs, enc, "dealer") == [rel.index(view.dealer)]
        if view.to_play is not None:
            assert bits(obs, enc, "to_play") == [rel.index(view.to_play)]
        assert bits(obs, enc, "phase") in ([PHASES.index(view.phase)],)
        sizes = obs[enc.slices["hand_sizes"]] * 25
        assert [round(float(x)) for x in sizes] == [view.hand_sizes[s] for s in rel]
        scores = obs[enc.slices["scores"]] * SCORE_SCALE
        assert abs(float(scores.sum())) < 1e-3  # payments are zero-sum
        m = enc.action_mask(view)
        assert m.shape == (NUM_ACTIONS,) and m.dtype == np.int8
        assert [int(a) for a in np.flatnonzero(m)] == list(view.legal_actions)
        assert set(np.unique(obs[:enc.bits])) <= {0.0, 1.0}


def test_voids_shown():
    """A worked example (fft-4p, docs/rules §4.1): a seat that discards on a suit lead has
    shown it holds neither the suit nor a trump."""
    enc = Encoder("fft-4p")
    for deal, seat in positions("fft-4p", None, seed=11, count=400):
        view = deal.view(seat)
        obs = enc.observation(view)
        voids = obs[enc.slices["voids"]].reshape(enc.players, 5)
        rel = [(seat + k) % 4 for k in range(4)]
        for leader, cards, _ in view.tricks:
            if cards[0] == 0:
                continue
            lead = cards[0]
            suit = 4 if lead <= 21 else (lead - 22) // 14
            for i, c in enumerate(cards[1:], 1):
                if c == 0:
                    continue
                s = 4 if c <= 21 else (c - 22) // 14
                k = rel.index((leader + i) % 4)
                if s != suit:
                    assert voids[k, suit] == 1
                if s != suit and s != 4:
                    assert voids[k, 4] == 1
        # a seat's own void bits agree with its hand: it holds none of a suit it showed void
        for k, s in enumerate(rel):
            if s == seat:
                for suit in range(5):
                    if voids[k, suit]:
                        held = [c for c in cards_of(view.hand) if c and (4 if c <= 21 else (c - 22) // 14) == suit]
                        assert not held


def test_research_doc_table_and_example():
    """docs/research.md's table of parts gives each part's offset in fft-4p, and its example runs."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "research.md").read_text(encoding="utf-8")
    enc = Encoder("fft-4p")
    named = set()
    for line in text.splitlines():
        m = re.match(r"\| ((?:`\w+`(?:, )?)+) \| [^|]+ \| (\d+) \|", line)
        if m:
            names = re.findall(r"`(\w+)`", m.group(1))
            assert enc.slices[names[0]].start == int(m.group(2)), line
            named.update(names)
    assert named == set(enc.slices)
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    example = text.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(example, "docs/research.md", "exec"), {})
