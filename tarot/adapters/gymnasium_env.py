"""One seat of any game of the project as a Gymnasium environment (docs/research.md, "Gymnasium").

``SeatEnv(variant, seat=0, opponents="rule", **options)``: the agent plays ``seat``; every other
seat is played by a project bot (``tarot.bots.make_bot``: ``rule`` by default, ``random``, the
search bots...), which sees only its own view. An observation is the agent's view as a vector
(``tarot.adapters.encode``); the action space is the project's flat action space
(``Discrete(NUM_ACTIONS)``); ``action_masks()`` gives the legal actions, as sb3-contrib's
MaskablePPO asks, and ``info["action_mask"]`` the same. The reward comes once, at the end of the
deal: the seat's score in the game's unit (marques or points).

An illegal or out-of-range action changes nothing in the deal: it earns ``illegal_reward`` (-1 by
default; a penalty, since a masked agent never makes one and Gymnasium's own checker steps with
unmasked random actions), the episode goes on with the agent to play again, and
``info["illegal_action"]`` says which rule refused it. With ``illegal_reward=None`` it raises
``IllegalActionError`` instead.

Seeding: ``reset(seed=s)`` seeds Gymnasium's ``np_random``, from which each deal draws its deck,
its dealer and its bots' seeds: the same seed gives the same episode for the same actions.

Each variant is registered as ``tarot/<variant>-v0`` (``gymnasium.make("tarot/fft-4p-v0")``).

>>> env = SeatEnv("fft-4p", seat=0)
>>> obs, info = env.reset(seed=1)
>>> obs.shape, int(info["action_mask"].sum()) == len(env.deal.legal_actions())
((2463,), True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import make_bot
from ..core.actions import NUM_ACTIONS
from ..core.deal import Deal, variant_class
from ..core.errors import IllegalActionError, TarotError
from ..core.game import GAMES
from . import deal_text, deal_to_decide
from .encode import Encoder
from .incremental import IncrementalEncoder

__all__ = ["SeatEnv", "register_all"]


class SeatEnv(gymnasium.Env):
    """One seat of ``variant`` against project bots (module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, variant: str = "fft-4p", seat: int = 0,
                 opponents: str | Sequence[str] = "rule", *, illegal_reward: float | None = -1.0,
                 render_mode: str | None = None, **options: Any) -> None:
        cls = variant_class(variant)
        self.variant = variant
        self.options = cls.make_options(dict(options))  # a bad option is refused here
        self.encoder = Encoder(variant, self.options)
        self.live = IncrementalEncoder(self.encoder)
        n = self.encoder.players
        if not (isinstance(seat, int) and 0 <= seat < n):
            raise TarotError(f"seat must be 0..{n - 1} for {variant}, not {seat!r}")
        self.seat = seat
        names = [opponents] * n if isinstance(opponents, str) else list(opponents)
        if len(names) == n - 1:  # one per other seat, in seat order
            names.insert(seat, "")
        if len(names) != n:
            raise TarotError(f"opponents: one bot name, or one per other seat ({n - 1}), not {len(names)}")
        self.opponents = names
        for s, name in enumerate(names):
            if s != seat:
                make_bot(name)  # an unknown bot is named now, not at the first deal
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        low, high = self.encoder.bounds()
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.deal: Deal | None = None
        self._bots: list[Any] = []
        self._mask = np.zeros(NUM_ACTIONS, np.int8)

    # ----- the episode ---------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """A new deal, played by the bots up to the agent's first decision; ``options`` may
        give its ``dealer`` and ``deck``."""
        super().reset(seed=seed)
        rng = random.Random(int(self.np_random.integers(2**63)))
        while True:  # a deal that ends before the agent's first decision is dealt again
            self.deal = deal_to_decide(self.variant, self.options, rng, options)
            self.live.reset(self.deal)
            self._bots = [None if s == self.seat else make_bot(name, seed=rng.randrange(2**31))
                          for s, name in enumerate(self.opponents)]
            self._play_bots()
            if not self.deal.is_over:
                break
            if options and options.get("deck") is not None:
                raise TarotError("this deck's deal ends before the agent's first decision: deal another")
        return self._observe()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        deal = self.deal
        assert deal is not None, "reset() first"
        if deal.is_over:
            raise TarotError("the deal is over: reset() for another")
        try:
            self.live.push(action)  # an illegal action raises here, and changes nothing
        except IllegalActionError as refused:
            if self.illegal_reward is None:
                raise
            obs, info = self._observe()
            info["illegal_action"] = str(refused)
            return obs, float(self.illegal_reward), False, False, info
        self._play_bots()
        reward = float(deal.result().scores[self.seat]) if deal.is_over else 0.0
        obs, info = self._observe()
        return obs, reward, deal.is_over, False, info

    def _play_bots(self) -> None:
        """The bots play until the agent is to play or the deal is over; each sees its view."""
        deal = self.deal
        assert deal is not None
        while not deal.is_over and deal.to_play != self.seat:
            s = deal.to_play
            self.live.push(self._bots[s].act(deal.view(s)))  # type: ignore[index]

    # ----- what the agent sees -------------------------------------------------------------
    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        """The observation and the info (the action mask) of the agent's view now (the
        encoding of its view, kept up to date: ``IncrementalEncoder``)."""
        assert self.deal is not None
        self._mask = self.live.action_mask(self.seat)
        return self.live.observation(self.seat), {"action_mask": self._mask}

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent now, as booleans over the action space (MaskablePPO);
        all False once the deal is over."""
        assert self.deal is not None, "reset() first"
        return self._mask.astype(bool)

    def render(self) -> str | None:
        return deal_text(self.deal)


def register_all() -> list[str]:
    """Register ``tarot/<variant>-v0`` with Gymnasium for every variant of every game; return
    the ids (done on import; again, it changes nothing)."""
    ids = []
    for game in GAMES.values():
        for variant in game.variants:
            env_id = f"tarot/{variant}-v0"
            if env_id not in gymnasium.registry:
                gymnasium.register(id=env_id, entry_point=SeatEnv, kwargs={"variant": variant})
            ids.append(env_id)
    return ids


register_all()
