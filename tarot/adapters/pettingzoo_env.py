"""Every game of the project as a PettingZoo environment (docs/research.md, "PettingZoo").

``env(variant, **options)`` is an AEC (turn-based) environment, wrapped as PettingZoo's classic
games are; ``raw_env`` the same unwrapped. The agents are ``player_0`` .. ``player_{n-1}``, one
per seat; the agent selected is the seat to play. Each observation is a dict: ``observation``, the
seat's view as a vector (``tarot.adapters.encode``), and ``action_mask``, its legal actions over
the project's flat action space (``Discrete(NUM_ACTIONS)``, the same ids as records). The rewards
come once, at the end of the deal: each seat's score in the game's unit (marques or points).

The environment is a thin adapter over the deal object: ``step`` is ``deal.push``, and an
observation is the encoding of ``deal.view(seat)``, kept up to date step by step from the public
facts of the cards played (``tarot.adapters.incremental``; equal to the view's at every step,
tested), so a seat never sees another's cards.

Illegal and out-of-range actions, as PettingZoo's classic games treat them: ``env`` wraps the
game in ``TerminateIllegalWrapper`` (an illegal action ends the episode, the seat that made it
gets ``illegal_reward``, the others 0; PettingZoo warns), ``AssertOutOfBoundsWrapper`` (an id
outside the action space is an ``AssertionError``) and ``OrderEnforcingWrapper``. Unwrapped,
``raw_env.step`` raises ``IllegalActionError`` naming the rule, and the deal is as it was.

Seeding: ``reset(seed=s)`` seeds the environment's generator, which shuffles each deal and picks
its dealer; later resets without a seed go on from it. The same seed gives the same episode.

``parallel_env`` is a parallel form for PettingZoo's ``max_cycles_test`` (which needs every agent
to act in each cycle): every live agent sends an action at each step, the one of the seat to play
is pushed and the others' (their masks are all zero) are ignored; an illegal action costs its
seat ``illegal_reward`` and leaves the deal as it was, that seat to play again.

>>> e = env("fft-4p")
>>> e.reset(seed=1)
>>> e.agent_selection, e.observation_space("player_0")["observation"].shape
('player_2', (2463,))
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from ..core.actions import NUM_ACTIONS
from ..core.deal import Deal, variant_class
from . import deal_text, deal_to_decide
from .encode import Encoder
from .incremental import IncrementalEncoder

__all__ = ["env", "raw_env", "parallel_env", "TarotEnv", "TarotParallelEnv"]


def env(variant: str = "fft-4p", *, illegal_reward: float = -1.0, **kwargs: Any) -> AECEnv:
    """The AEC environment of ``variant``, wrapped as PettingZoo's classic games are (module
    docstring); ``kwargs`` are the variant's options, ``max_cycles`` and ``render_mode``."""
    e: AECEnv = TarotEnv(variant, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=illegal_reward)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


def raw_env(variant: str = "fft-4p", **kwargs: Any) -> TarotEnv:
    """The AEC environment of ``variant`` unwrapped: an illegal action raises."""
    return TarotEnv(variant, **kwargs)


def spaces_of(encoder: Encoder) -> tuple[spaces.Dict, spaces.Discrete]:
    """The observation space (``observation`` and ``action_mask``) and the action space of the
    views ``encoder`` makes."""
    low, high = encoder.bounds()
    obs = spaces.Dict({
        "observation": spaces.Box(low, high, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
    })
    return obs, spaces.Discrete(NUM_ACTIONS)


class _Table:
    """What both forms share: the variant, its options, the encoder, the agents and the deal."""

    def __init__(self, variant: str, options: Mapping[str, Any]) -> None:
        cls = variant_class(variant)
        self.variant = variant
        self.options = cls.make_options(dict(options))  # a bad option is refused here
        self.encoder = Encoder(variant, self.options)
        self.live = IncrementalEncoder(self.encoder)
        n = self.encoder.players
        self.names = [f"player_{s}" for s in range(n)]
        self.seat_of = {name: s for s, name in enumerate(self.names)}
        self.rng = random.Random()
        self.deal: Deal | None = None

    def new_deal(self, seed: int | None, options: Mapping[str, Any] | None) -> Deal:
        """A new deal: shuffled and its dealer drawn from the generator (seeded by ``seed``),
        or as ``options`` say (``dealer``; ``deck``, a list of card ids). A deal that ends
        before any decision (French Tarot's petit sec, annulled: docs/rules §4) is dealt again,
        as at the table; a ``deck`` that deals one is refused."""
        if seed is not None:
            self.rng = random.Random(seed)
        self.deal = deal_to_decide(self.variant, self.options, self.rng, options)
        self.live.reset(self.deal)
        return self.deal

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        """The seat's vector and mask: what ``Encoder`` makes of ``deal.view(seat)``, kept up to
        date card by card (``IncrementalEncoder``)."""
        assert self.deal is not None, "reset() first"
        live = self.live
        return {"observation": live.observation(seat), "action_mask": live.action_mask(seat)}

    def push(self, action: Any) -> None:
        """Play ``action`` (an illegal one raises, and the deal is as it was)."""
        self.live.push(action)

class TarotEnv(AECEnv):
    """The AEC environment of one variant (module docstring). ``max_cycles``: truncate the deal
    after that many rounds of as many actions as seats (None: play it out)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "tarot_v0", "is_parallelizable": False}

    def __init__(self, variant: str = "fft-4p", *, max_cycles: int | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.table = _Table(variant, options)
        self.metadata = {**self.metadata, "name": f"tarot_{variant.replace('-', '_')}_v0"}
        self.possible_agents = list(self.table.names)
        obs, act = spaces_of(self.table.encoder)
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: act for a in self.possible_agents}
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        #: What every step reads, looked up once: the encoder that follows the deal, the seat
        #: of each agent and the agent of each seat.
        self._live, self._seat_of, self._names = self.table.live, self.table.seat_of, self.table.names

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    @property
    def deal(self) -> Deal | None:
        """The deal being played (read it, do not push to it: ``step`` does)."""
        return self.table.deal

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        deal = self.table.new_deal(seed, options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self.agent_selection = self.table.names[deal.to_play]  # type: ignore[index]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat, live = self._seat_of[agent], self._live
        return {"observation": live.observation(seat), "action_mask": live.action_mask(seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        live = self._live
        live.push(action)  # an illegal action raises here, and changes nothing
        deal = live.deal
        assert deal is not None
        self._steps += 1
        # Only what changed is touched: during the deal every reward is 0, so the rewards, the
        # agent's cumulative reward (0 until the end), the terminations and infos stay as they
        # are; the seat to play is the agent selected.
        if not deal.is_over:
            self.agent_selection = self._names[deal.to_play]  # type: ignore[index]
            if self.max_cycles is not None and self._steps >= self.max_cycles * len(self._names):
                self.truncations = dict.fromkeys(self.agents, True)
        else:
            scores = deal.result().scores
            self.rewards = {a: float(scores[s]) for s, a in enumerate(self._names) if a in self.rewards}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = deal_text(self.table.deal)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def parallel_env(variant: str = "fft-4p", **kwargs: Any) -> TarotParallelEnv:
    """The parallel form of ``variant`` (module docstring)."""
    return TarotParallelEnv(variant, **kwargs)


class TarotParallelEnv(ParallelEnv):
    """Every agent acts at each step; the seat to play's action is pushed (module docstring).
    ``max_cycles``: truncate after that many steps."""

    metadata = {"render_modes": ["ansi"], "name": "tarot_parallel_v0"}

    def __init__(self, variant: str = "fft-4p", *, max_cycles: int | None = None,
                 illegal_reward: float = -1.0, render_mode: str | None = None,
                 **options: Any) -> None:
        self.table = _Table(variant, options)
        self.possible_agents = list(self.table.names)
        obs, act = spaces_of(self.table.encoder)
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: act for a in self.possible_agents}
        self.max_cycles = max_cycles
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self.table.observe(self.table.seat_of[a]) for a in self.agents}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        self.table.new_deal(seed, options)
        self.agents = list(self.possible_agents)
        self._steps = 0
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        deal = self.table.deal
        assert deal is not None and self.agents, "reset() first"
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        mover = self.table.names[deal.to_play]  # type: ignore[index]
        action: Any = actions.get(mover)
        if _is_id(action) and deal.is_legal(int(action)):
            self.table.push(int(action))
        else:
            rewards[mover] = float(self.illegal_reward)
            infos[mover]["illegal_action"] = repr(action)
        self._steps += 1
        over = deal.is_over
        if over:
            for s, score in enumerate(deal.result().scores):
                rewards[self.table.names[s]] += float(score)
        cut = not over and self.max_cycles is not None and self._steps >= self.max_cycles
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str:
        return deal_text(self.table.deal)

    def close(self) -> None:
        pass


def _is_id(action: Any) -> bool:
    """Whether ``action`` is an integer id of the action space (an int or a NumPy integer)."""
    return isinstance(action, (int, np.integer)) and not isinstance(action, bool) \
        and 0 <= int(action) < NUM_ACTIONS
