"""Train an agent end to end: MaskablePPO for one seat's card play, French Tarot for four
(fft-4p, the default) or the Abbé de Marolles's game of 1637 (``--variant marolles-1637``).

The agent learns the card play of one seat through the project's Gymnasium environment
(``tarot.adapters.gymnasium_env.SeatEnv``: the other seats played by the rule bot; deals side by
side, two at each seat, the dealer drawn each deal), its observation the encoding of the seat's
view and its action mask the legal actions (``tarot.adapters.encode``). The seat's decisions
before the play (bids, écart, chelem; Marolles: redeal, discards, declarations) are the rule
bot's: the agent makes those of the play phase. Its reward is the seat's score at the end of
the deal, in the game's unit over ``REWARD_SCALE`` (points over 100, marques over 10).

Then the trained policy plays as a project bot that sees views only (``PolicyBot``), in the
duplicate harness (``tarot.runs.duplicate.compare``) against the random and the rule bot: the
mean difference per seat per deal with its 95% interval. docs/research.md gives the command
and the figures of the full run; ``--help`` lists the settings::

    pip install 'tarot-games[train]'      # stable-baselines3, sb3-contrib, CPU torch
    nice python examples/train_maskable_ppo.py --steps 250000 --out ppo-fft-4p.zip
    python examples/train_maskable_ppo.py --evaluate ppo-fft-4p.zip --deals 400
    nice python examples/train_maskable_ppo.py --variant marolles-1637 --steps 250000
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from tarot.adapters.encode import Encoder
from tarot.adapters.gymnasium_env import SeatEnv
from tarot.bots import Bot, make_bot, register_bot
from tarot.core.deal import View, variant_class
from tarot.runs.duplicate import Comparison, compare

VARIANT = "fft-4p"
#: The reward is the seat's score over this: French Tarot's scores are in points, a taker's
#: often in the hundreds; Marolles's in marques, a seat's mostly within ±20 a deal.
REWARD_SCALE = {"fft-4p": 100.0, "marolles-1637": 10.0}
#: The name the trained policy plays under in the duplicate harness.
BOT_NAME = "maskable-ppo"


class CardPlay(gym.Wrapper):
    """The agent's seat makes the decisions of the play phase; those before it (bids, écart,
    discards, declarations) are made by the rule bot from the seat's view, inside the step. A
    deal that ends before the seat plays a card (every player passed) is not an episode:
    ``reset`` deals again. The reward is the seat's score over the game's ``REWARD_SCALE``."""

    def __init__(self, env: SeatEnv, seed: int) -> None:
        super().__init__(env)
        self.seat_env = env
        self.rule: Bot = make_bot("rule", seed=seed)
        self.scale = REWARD_SCALE[env.variant]

    def _to_card_play(self, obs: Any, reward: float, done: bool, info: dict) -> tuple:
        deal, seat = self.seat_env.deal, self.seat_env.seat
        assert deal is not None
        while not deal.is_over and deal.phase != "play":
            obs, r, _, _, info = self.seat_env.step(self.rule.act(deal.view(seat)))
            reward += float(r)
        return obs, reward, deal.is_over, info

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple:
        obs, info = self.seat_env.reset(seed=seed, options=options)
        obs, _, done, info = self._to_card_play(obs, 0.0, False, info)
        while done:
            obs, info = self.seat_env.reset()
            obs, _, done, info = self._to_card_play(obs, 0.0, False, info)
        return obs, info

    def step(self, action: Any) -> tuple:
        obs, reward, done, truncated, info = self.seat_env.step(action)
        obs, reward, done, info = self._to_card_play(obs, float(reward), done, info)
        return obs, reward / self.scale, done, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.seat_env.action_masks()


def make_env(seed: int, variant: str = VARIANT) -> gym.Env:
    """One seat of ``variant`` for the agent, its card play (``CardPlay``), the others played
    by the rule bot: the seat is ``seed`` mod the players, the dealer drawn each deal."""
    env = SeatEnv(variant, seat=seed % variant_class(variant).players_for(), opponents="rule")
    env.reset(seed=seed)
    return CardPlay(env, seed=seed)


class PolicyBot:
    """The trained policy as a project bot: it sees a seat's view only, makes the play phase's
    decisions with the policy (the most likely legal action) and leaves the others to the rule
    bot, as in training."""

    name = BOT_NAME

    def __init__(self, model: MaskablePPO, variant: str = VARIANT, seed: int | None = None) -> None:
        self.model = model
        self.encoder = Encoder(variant)
        self.rule: Bot = make_bot("rule", seed=seed)

    def act(self, view: View) -> int:
        if view.phase != "play":
            return self.rule.act(view)
        obs = self.encoder.observation(view)
        mask = self.encoder.action_mask(view).astype(bool)
        action, _ = self.model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)


def train(steps: int, seed: int = 0, envs: int | None = None, n_steps: int = 256,
          variant: str = VARIANT, log: Callable[[str], Any] = print,
          checkpoint: str | None = None, every: int = 50_000) -> MaskablePPO:
    """MaskablePPO trained for ``steps`` decisions of the agent in ``variant``, ``envs`` deals at
    a time (default two at each seat; with ``checkpoint``, the model is saved there every
    ``every`` steps, and the log says so)."""
    torch.set_num_threads(1)  # a small network: one core each for the deals and the learning
    envs = envs or 2 * variant_class(variant).players_for()
    venv = DummyVecEnv([partial(make_env, seed * 1000 + i, variant) for i in range(envs)])
    model = MaskablePPO(
        "MlpPolicy", venv, seed=seed, learning_rate=3e-4, n_steps=n_steps,
        batch_size=min(512, n_steps * envs), n_epochs=4, gamma=1.0, gae_lambda=0.95,
        ent_coef=0.01, policy_kwargs={"net_arch": [128, 128]}, verbose=0,
    )
    start = time.perf_counter()
    done = 0
    while done < steps:
        chunk = min(every, steps - done)
        model.learn(total_timesteps=chunk, reset_num_timesteps=done == 0)
        done += chunk
        if checkpoint:
            model.save(checkpoint)
        log(f"{model.num_timesteps} steps in {time.perf_counter() - start:.0f} s, process CPU "
            f"{time.process_time():.0f} s")
    return model


def evaluate(model: MaskablePPO, deals: int, seed: int = 1, variant: str = VARIANT,
             opponents: tuple[str, ...] = ("random", "rule")) -> dict[str, Comparison]:
    """The policy against each opponent on ``deals`` duplicate boards of ``variant`` (every
    seating of the two bots on each board)."""
    register_bot(BOT_NAME, lambda seed=None: PolicyBot(model, variant, seed=seed))
    return {opp: compare(variant, BOT_NAME, opp, deals=deals, seed=seed) for opp in opponents}


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--variant", default=VARIANT, choices=sorted(REWARD_SCALE))
    p.add_argument("--steps", type=int, default=250_000, help="the agent's decisions to train on")
    p.add_argument("--envs", type=int, help="deals played side by side (default: two a seat)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", help="where the trained model is saved (default: ppo-VARIANT.zip)")
    p.add_argument("--evaluate", metavar="MODEL", help="evaluate this saved model, no training")
    p.add_argument("--deals", type=int, default=400, help="duplicate boards per opponent")
    args = p.parse_args(argv)
    if args.evaluate:
        model = MaskablePPO.load(args.evaluate, device="cpu")
    else:
        out = args.out or f"ppo-{args.variant}.zip"
        model = train(args.steps, seed=args.seed, envs=args.envs, variant=args.variant, checkpoint=out)
        print(f"saved {out}")
    start = time.perf_counter()
    results = evaluate(model, args.deals, variant=args.variant)
    # the yardstick: the rule bot itself against the random bot on the same boards (the
    # policy's seat bids as the rule bot does, so much of the margin over random is the bids)
    results["rule - random"] = compare(args.variant, "rule", "random", deals=args.deals, seed=1)
    unit = variant_class(args.variant).SCORE_UNIT
    for opp, c in results.items():
        low, high = c.ci95
        label = opp if " - " in opp else f"{BOT_NAME} - {opp}"
        print(f"{label}: {c.mean_diff:+.1f} {unit} per seat per deal, "
              f"95% CI [{low:+.1f}, {high:+.1f}] over {c.n} boards")
        print(c, flush=True)
    print(f"evaluated in {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
