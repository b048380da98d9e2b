"""PettingZoo's own conformance tests on every variant (tarot/adapters/pettingzoo_env.py), the
same seed giving the same episode, and illegal or out-of-range actions (docs/research.md)."""

from __future__ import annotations

import types
import warnings

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, render_test, seed_test  # noqa: E402
from pettingzoo.utils.conversions import parallel_to_aec  # noqa: E402

from tarot.adapters.pettingzoo_env import env, parallel_env, raw_env  # noqa: E402
from tarot.core.deal import VARIANTS  # noqa: E402
from tarot.core.errors import IllegalActionError, TarotError  # noqa: E402

ALL = list(VARIANTS)


@pytest.fixture(autouse=True)
def _quiet():
    """PettingZoo warns that a dict observation is not a Box (its classic games' form too)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("variant", ALL)
def test_api(variant):
    api_test(env(variant), num_cycles=300)


@pytest.mark.parametrize("variant", ALL)
def test_seed(variant):
    seed_test(lambda: env(variant), num_cycles=300)


@pytest.mark.parametrize("variant", ALL)
def test_max_cycles(variant):
    """PettingZoo's max_cycles_test needs every agent to act in each cycle: it runs on the
    parallel form, and on PettingZoo's own AEC view of it."""
    mod = types.SimpleNamespace(
        parallel_env=lambda max_cycles: parallel_env(variant, max_cycles=max_cycles),
        env=lambda max_cycles: parallel_to_aec(parallel_env(variant, max_cycles=max_cycles)),
    )
    max_cycles_test(mod)


def test_render(capsys):
    """PettingZoo's render_test (``ansi`` returns the text, ``human`` prints it)."""
    render_test(lambda render_mode=None: env("marolles-78", render_mode=render_mode))
    assert "phase" in capsys.readouterr().out
    e = raw_env("french-2p", render_mode="ansi")
    assert e.render() == "no deal yet: reset() first"
    e.reset(seed=1)
    assert e.render().startswith("french-2p  phase play")


@pytest.mark.parametrize("variant", ALL)
def test_parallel_api(variant):
    parallel_api_test(parallel_env(variant), num_cycles=200)


def play(e, seed: int, policy_seed: int) -> list:
    """A whole episode of the AEC env ``e`` with random legal actions: its trace."""
    e.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    trace = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            trace.append((agent, reward))
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(rng.choice(legal))
        trace.append((agent, action, obs["observation"].tobytes()))
        e.step(action)
    return trace


@pytest.mark.parametrize("variant", ALL)
def test_same_seed_same_episode(variant):
    a, b = play(env(variant), 5, 9), play(env(variant), 5, 9)
    assert a == b
    assert play(env(variant), 6, 9) != a  # another seed, another deal


def test_resets_go_on_from_the_seed():
    """A reset without a seed goes on from the generator seeded last: the same seeded run of
    resets gives the same deals."""
    def decks(e):
        e.reset(seed=3)
        out = [e.unwrapped.deal.deck]
        for _ in range(3):
            e.reset()
            out.append(e.unwrapped.deal.deck)
        return out
    first, second = decks(raw_env("marolles-1637")), decks(raw_env("marolles-1637"))
    assert first == second and len(set(first)) == 4


@pytest.mark.parametrize("variant", ALL)
def test_rewards_are_the_scores(variant):
    """The rewards, once at the end, are the deal's scores in the game's unit."""
    e = raw_env(variant)
    e.reset(seed=11)
    total = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(1)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        assert reward == 0
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    scores = e.deal.result().scores
    assert [total[a] for a in e.possible_agents] == [float(s) for s in scores]


@pytest.mark.parametrize("variant", ["marolles-1637", "fft-4p", "french-2p"])
def test_illegal_action_raw(variant):
    """Unwrapped, an illegal or out-of-range action raises naming the rule; the deal is as it
    was, and play goes on."""
    e = raw_env(variant)
    e.reset(seed=2)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = (list(e.deal.history), e.agent_selection)
    for bad in (illegal, 500, -1, 3.5, "KS"):
        with pytest.raises(IllegalActionError):
            e.step(bad)
        assert (list(e.deal.history), e.agent_selection) == before
    e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert len(e.deal.history) == 1


def test_illegal_action_wrapped():
    """Wrapped as PettingZoo's classic games: an illegal action ends the episode, its seat gets
    ``illegal_reward``, the others 0, and the deal is untouched; out of range asserts."""
    e = env("fft-4p", illegal_reward=-500)
    e.reset(seed=2)
    agent = e.agent_selection
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -500 and sum(e.rewards.values()) == -500
    assert e.unwrapped.deal.history == []
    e.reset(seed=2)
    with pytest.raises(AssertionError):
        e.step(10_000)
    assert e.unwrapped.deal.history == []


def test_parallel_illegal_action():
    """The parallel form: an illegal action costs its seat ``illegal_reward``, the deal is as
    it was, the same seat to play."""
    e = parallel_env("fft-4p", illegal_reward=-7)
    obs, _ = e.reset(seed=4)
    mover = e.table.names[e.table.deal.to_play]
    illegal = int(np.flatnonzero(obs[mover]["action_mask"] == 0)[0])
    _, rewards, *_ = e.step(dict.fromkeys(e.agents, illegal))
    assert rewards[mover] == -7 and e.table.deal.history == []
    assert e.table.names[e.table.deal.to_play] == mover


def test_options_as_keywords():
    """Options are keyword arguments; a bad one is refused with the option named."""
    e = raw_env("early-french", players=3, direction="clockwise")
    e.reset(seed=1)
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    assert e.observation_space("player_0")["observation"].shape == (e.table.encoder.size,)
    with pytest.raises(TarotError, match="players"):
        raw_env("early-french", players=9)


def test_max_cycles_aec():
    """The AEC form's own ``max_cycles``: truncated after that many rounds of actions."""
    e = raw_env("fft-4p", max_cycles=2)
    e.reset(seed=1)
    steps = 0
    for _agent in e.agent_iter():
        _, _, term, trunc, _ = e.last()
        if term or trunc:
            assert trunc and not term
            e.step(None)
            continue
        e.step(int(np.flatnonzero(e.observe(_agent)["action_mask"])[-1]))  # a bid: no all-pass
        steps += 1
    assert steps == 8


def test_a_deal_over_at_once_is_dealt_again():
    """A petit sec (docs/rules §4) annuls the deal before any decision: the environments deal
    again, as at the table; a deck given that deals one is refused."""
    import random

    import tarot
    from tarot.adapters.gymnasium_env import SeatEnv

    seed = next(s for s in range(10_000)
                if tarot.new_deal("fft-5p", rng=(r := random.Random(s)), dealer=r.randrange(5)).is_over)
    r = random.Random(seed)
    dealer = r.randrange(5)
    annulled = tarot.new_deal("fft-5p", rng=r, dealer=dealer)
    e = raw_env("fft-5p")
    e.reset(seed=seed)
    assert not e.deal.is_over and e.deal.deck != annulled.deck
    with pytest.raises(TarotError, match="petit_sec"):
        e.reset(options={"deck": list(annulled.deck), "dealer": dealer})
    g = SeatEnv("fft-5p")
    with pytest.raises(TarotError, match="before"):
        g.reset(options={"deck": list(annulled.deck), "dealer": dealer})
    e.reset(options={"deck": list(e.deal.deck), "dealer": e.deal.dealer})  # a deck that plays
