"""Gymnasium's own checker on one seat of every variant (tarot/adapters/gymnasium_env.py), the same
seed giving the same episode, the bots seeing views only, and illegal actions (docs/research.md)."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from tarot.adapters.gymnasium_env import SeatEnv  # noqa: E402
from tarot.core.deal import VARIANTS  # noqa: E402
from tarot.core.errors import IllegalActionError, TarotError  # noqa: E402
from tarot.core.view import View  # noqa: E402

ALL = list(VARIANTS)


@pytest.mark.parametrize("variant", ALL)
def test_check_env(variant):
    """Gymnasium's checker passes, and says nothing to warn of."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gymnasium.make(f"tarot/{variant}-v0", seat=1, disable_env_checker=True).unwrapped)


@pytest.mark.parametrize("variant", ALL)
def test_registered(variant):
    env = gymnasium.make(f"tarot/{variant}-v0", opponents="random")
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert info["action_mask"].any()


def episode(env: SeatEnv, seed: int, policy_seed: int) -> list:
    """A whole episode with random legal actions: its trace."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    trace = [obs.tobytes()]
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
        assert env.observation_space.contains(obs)
        trace.append((action, reward, obs.tobytes()))
    assert env.deal.is_over and not env.action_masks().any()
    assert reward == env.deal.result().scores[env.seat]
    return trace


@pytest.mark.parametrize("variant", ALL)
def test_same_seed_same_episode(variant):
    for opponents in ("rule", "random"):
        a = episode(SeatEnv(variant, opponents=opponents), 8, 1)
        assert a == episode(SeatEnv(variant, opponents=opponents), 8, 1)
        assert a != episode(SeatEnv(variant, opponents=opponents), 9, 1)


def test_action_masks_are_the_legal_actions():
    env = SeatEnv("marolles-1637", seat=2)
    env.reset(seed=4)
    while not env.deal.is_over:
        assert env.deal.to_play == 2
        legal = env.deal.legal_actions()
        assert list(np.flatnonzero(env.action_masks())) == legal
        env.step(legal[-1])


def test_bots_see_views_only(monkeypatch):
    """Every bot's decision is asked with a View of its own seat."""
    env = SeatEnv("fft-4p", seat=0, opponents="random")
    env.reset(seed=2)
    seen = []
    for s, bot in enumerate(env._bots):
        if bot is not None:
            act = bot.act

            def spy(view, act=act, s=s):
                assert isinstance(view, View) and view.seat == s
                seen.append(s)
                return act(view)
            monkeypatch.setattr(bot, "act", spy)
    while not env.deal.is_over:
        env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert set(seen) == {1, 2, 3}


def test_illegal_action():
    """An illegal or out-of-range action: the penalty, the deal unchanged, the agent to play
    again, the rule named; with ``illegal_reward=None`` it raises."""
    env = SeatEnv("fft-4p", illegal_reward=-50)
    obs, _ = env.reset(seed=5)
    history = list(env.deal.history)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    for bad in (illegal, 121, -3, "KS"):
        obs2, reward, done, truncated, info = env.step(bad)
        assert (reward, done, truncated) == (-50, False, False)
        assert info["illegal_action"] and env.deal.history == history
        assert np.array_equal(obs2, obs)
    strict = SeatEnv("fft-4p", illegal_reward=None)
    strict.reset(seed=5)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    assert strict.deal.history == history


def test_bad_arguments():
    with pytest.raises(TarotError, match="seat"):
        SeatEnv("fft-3p", seat=3)
    with pytest.raises(TarotError, match="genius"):
        SeatEnv("fft-4p", opponents="genius")
    with pytest.raises(TarotError, match="opponents"):
        SeatEnv("fft-4p", opponents=["rule", "random"])
    with pytest.raises(TarotError, match="players"):
        SeatEnv("early-french", players=1)
    env = SeatEnv("fft-4p", opponents=["random", "rule", "random"], seat=2)
    env.reset(seed=1)
    assert env.opponents == ["random", "rule", "", "random"]


@pytest.mark.slow  # imports torch (a few seconds)
def test_maskable_ppo_sees_the_masks():
    """sb3-contrib finds the masks where MaskablePPO looks for them."""
    utils = pytest.importorskip("sb3_contrib.common.maskable.utils")
    env = SeatEnv("fft-4p")
    env.reset(seed=1)
    assert utils.is_masking_supported(env)
    assert np.array_equal(utils.get_action_masks(env), env.action_masks())
