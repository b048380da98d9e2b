"""Speed: environment steps per second, observation and mask built at every step (issue 36).

    PYTHONPATH=. python bench/env_steps.py             # fft-4p, 5 rounds of 2 s per side
    PYTHONPATH=. python bench/env_steps.py --variant marolles-1637 --seconds 3 --rounds 7 --json

(``PYTHONPATH=.`` measures this tree's ``tarot``; without it, the installed one is measured: a
compiled install's engine, for instance.)

Each side plays whole deals with uniformly random legal actions, and counts actions (decisions;
chance is not a step) per second:

- ``engine``: the raw engine, the same loop as the environment's without any observation:
  ``deal.push(rng.choice(deal.legal_actions()))`` (the legal actions listed, one chosen at random,
  pushed, which checks it is legal);
- ``engine+view``: the same, plus the view of the seat to play at every decision;
- ``engine+obs``: the same, plus the view's vector and mask made from scratch
  (``Encoder.observation`` and ``action_mask``): what the encoding of a view costs;
- ``engine+incremental``: the raw engine stepped through ``IncrementalEncoder`` (the environments'
  encoder: each seat's vector kept up to date), with the vector and mask of the seat to play at
  every decision;
- ``pettingzoo``: the AEC environment unwrapped (``raw_env``), stepped as an agent does:
  ``env.last()`` (the observation dict, vector and mask), a random action among the mask's
  (``mask.nonzero()``), ``env.step``; the closing dead steps are not counted;
- ``pettingzoo-mask-only``: the same environment with one constant vector for every observation
  (the mask is the real one): what PettingZoo's AEC loop and the mask cost without any vector,
  the most any encoding could reach;
- ``pettingzoo-wrapped``: the same through ``env()``, PettingZoo's classic wrappers (order
  enforcing, out-of-bounds assertion, terminate-on-illegal, which reads each observation's mask);
- ``tarok``: OpenSpiel's C++ ``tarok`` stepped from Python as bench/deals_per_second.py does
  (ordinary bids only; chance outcomes applied but not counted), players as the variant's seats
  (3 or 4; tarok has no other);
- ``tarok+infostate``: the same, plus ``information_state_string`` of the player to act at every
  decision (tarok provides no tensor: the string is its observation).

The sides run in one process, pinned to one core, in interleaved rounds (the order rotating),
each timed in the process's CPU time (a busy machine's waits are not counted), and each figure is
the median over rounds; the ratios are of figures from the same run. The
target of issue 36: ``pettingzoo`` at least half of ``engine``.

``--instructions N`` counts instead each side's CPU instructions per action under valgrind (N
deals, less the warm-up alone; ``PYTHONHASHSEED`` fixed): counts repeat on a busy machine, where
timings move by a factor of up to two::

    PYTHONPATH=. python bench/env_steps.py --instructions 150 --no-tarok --sides pettingzoo,pettingzoo-mask-only
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))
sys.path.append(str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402

import tarot  # noqa: E402
from deals_per_second import ORDINARY_BIDS, Tarok, cpu_model, engine_revision, open_spiel_version, pin  # noqa: E402
from tarot.adapters.encode import Encoder  # noqa: E402
from tarot.adapters.incremental import IncrementalEncoder  # noqa: E402
from tarot.adapters.pettingzoo_env import env as wrapped_env  # noqa: E402
from tarot.adapters.pettingzoo_env import TarotEnv, raw_env  # noqa: E402

#: A side plays one deal with its generator and returns the actions it counted.
Side = Callable[[random.Random], int]


def engine_side(variant: str) -> Side:
    def deal(rng: random.Random) -> int:
        d = tarot.new_deal(variant, rng=rng)
        choice = rng.choice
        n = 0
        while not d.is_over:
            d.push(choice(d.legal_actions()))
            n += 1
        return n
    return deal


def engine_obs_side(variant: str, encode: bool) -> Side:
    enc = Encoder(variant)

    def deal(rng: random.Random) -> int:
        d = tarot.new_deal(variant, rng=rng)
        choice = rng.choice
        n = 0
        while not d.is_over:
            view = d.view(d.to_play)
            if encode:
                enc.observation(view)
                enc.action_mask(view)
            d.push(choice(d.legal_actions()))
            n += 1
        return n
    return deal


def incremental_side(variant: str) -> Side:
    live = IncrementalEncoder(Encoder(variant))

    def deal(rng: random.Random) -> int:
        d = tarot.new_deal(variant, rng=rng)
        live.reset(d)
        choice = rng.choice
        n = 0
        while not d.is_over:
            seat = d.to_play
            live.observation(seat)
            live.action_mask(seat)
            live.push(choice(d.legal_actions()))
            n += 1
        return n
    return deal


class MaskOnlyEnv(TarotEnv):
    """``TarotEnv`` with one constant vector for every observation (the mask is the real one)."""

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {"observation": self._constant,
                "action_mask": self.table.live.action_mask(self.table.seat_of[agent])}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        super().reset(seed, options)
        self._constant = np.zeros(self.table.encoder.size, np.float32)


def pettingzoo_side(variant: str, wrapped: bool, mask_only: bool = False) -> Side:
    e = MaskOnlyEnv(variant) if mask_only else wrapped_env(variant) if wrapped else raw_env(variant)
    first = [True]

    def deal(rng: random.Random) -> int:
        e.reset(seed=rng.randrange(2**31) if first[0] else None)
        first[0] = False
        rand = rng.random
        n = 0
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            e.step(int(legal[int(rand() * len(legal))]))
            n += 1
        return n
    return deal


def tarok_side(players: int, seed: int, infostate: bool) -> Side:
    import pyspiel

    game = Tarok(seed, players)
    bidding, ordinary = game.bidding, game.ordinary

    def deal(rng: random.Random) -> int:
        state = game.game.new_initial_state()
        choice, rand = rng.choice, rng.random
        in_bidding = True
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                r, acc = rand(), 0.0
                for action, p in state.chance_outcomes():  # noqa: B007
                    acc += p
                    if r < acc:
                        break
                state.apply_action(action)
                continue
            if infostate:
                state.information_state_string(state.current_player())
            if in_bidding and state.current_game_phase() == bidding:
                action = choice([a for a in state.legal_actions() if a in ordinary])
            else:
                in_bidding = False
                action = choice(state.legal_actions())
            state.apply_action(action)
            n += 1
        return n
    del pyspiel
    return deal


def run(side: Side, seconds: float, rng: random.Random) -> float:
    """Actions per CPU second of ``side`` over whole deals for about ``seconds`` of CPU time (the
    process's own: on a shared machine, time spent waiting for the core is not counted)."""
    actions = 0
    clock = time.process_time
    start = clock()
    end = start + seconds
    while True:
        actions += side(rng)
        now = clock()
        if now >= end:
            return actions / (now - start)


#: Deals played before those counted (imports, memos): a run of 0 deals counts them alone.
WARM_UP = 2


def instructions(args: argparse.Namespace, names: list[str]) -> int:
    """Each side's CPU instructions per action, counted by valgrind (cachegrind, no cache
    simulation): the side run for ``WARM_UP`` + ``args.instructions`` deals, less the same run
    for ``WARM_UP`` deals (the imports, the environment made, the warm-up), over the actions of
    the deals counted. Counts do not depend on the machine's load; the same seed plays the same
    deals (``PYTHONHASHSEED`` fixed)."""
    import shutil
    import subprocess
    if shutil.which("valgrind") is None:
        print("--instructions needs valgrind on the PATH", file=sys.stderr)
        return 2
    base = [sys.executable, str(Path(__file__).resolve()), "--variant", args.variant, "--seed", str(args.seed)]
    if args.no_tarok:
        base.append("--no-tarok")
    env = {**os.environ, "PYTHONHASHSEED": "0"}

    def count(name: str, deals: int) -> tuple[int, int]:
        """(instructions, actions) of ``name`` run for ``deals`` deals after the warm-up."""
        done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                               *base, "--sides", name, "--deals", str(deals)],
                              capture_output=True, text=True, env=env, check=True)
        refs = next(line for line in done.stderr.splitlines() if "I   refs" in line or "I refs" in line)
        return int(refs.rsplit(None, 1)[-1].replace(",", "")), int(done.stdout.split()[-1])

    per_action: dict[str, float] = {}
    for name in names:
        (full, actions), (warm, warm_actions) = count(name, args.instructions), count(name, 0)
        per_action[name] = (full - warm) / (actions - warm_actions)
    report = {"variant": args.variant, "deals": args.instructions, "seed": args.seed,
              "instructions_per_action": {k: round(v) for k, v in per_action.items()},
              "ratios": {f"{k}/engine": round(per_action["engine"] / v, 3) for k, v in per_action.items()
                         if k != "engine"},
              "engine_compiled": tarot.COMPILED, "engine_revision": engine_revision(),
              "python": platform.python_version()}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{args.variant}: CPU instructions per action over {args.instructions} deals, counted by valgrind "
          f"(engine {'compiled' if tarot.COMPILED else 'pure Python'}, {report['engine_revision']})")
    for name, v in per_action.items():
        print(f"  {name:20} {v:>10,.0f}")
    for name, r in report["ratios"].items():
        print(f"  {name:28} {r:6.3f}   (actions per instruction, as a ratio of rates)")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--variant", default="fft-4p")
    p.add_argument("--seconds", type=float, default=2.0, help="per side per round")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--cpu", type=int, default=None, help="core to pin to (default: the last allowed)")
    p.add_argument("--no-tarok", action="store_true", help="leave OpenSpiel's tarok out")
    p.add_argument("--instructions", type=int, default=None, metavar="DEALS",
                   help="count the CPU instructions of each side over DEALS deals under valgrind "
                        "(the same on a busy machine) instead of timing it")
    p.add_argument("--deals", type=int, default=None, help=argparse.SUPPRESS)  # one side's run under valgrind
    p.add_argument("--sides", default=None,
                   help="only these sides, comma-separated (engine is always measured: the ratios' base)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)

    cls = tarot.variant_class(args.variant)
    players = cls.players_for()
    sides: dict[str, Side] = {
        "engine": engine_side(args.variant),
        "engine+view": engine_obs_side(args.variant, encode=False),
        "engine+obs": engine_obs_side(args.variant, encode=True),
        "engine+incremental": incremental_side(args.variant),
        "pettingzoo": pettingzoo_side(args.variant, wrapped=False),
        "pettingzoo-mask-only": pettingzoo_side(args.variant, wrapped=False, mask_only=True),
        "pettingzoo-wrapped": pettingzoo_side(args.variant, wrapped=True),
    }
    tarok_note = None
    if args.no_tarok:
        tarok_note = "not measured (--no-tarok)"
    elif players not in (3, 4):
        tarok_note = f"not measured: tarok is for 3 or 4 players, {args.variant} has {players}"
    else:
        try:
            sides["tarok"] = tarok_side(players, args.seed, infostate=False)
            sides["tarok+infostate"] = tarok_side(players, args.seed, infostate=True)
        except ImportError:
            tarok_note = "not measured: open_spiel is not installed (pip install 'tarot-games[bench]')"
    rngs = {name: random.Random(args.seed * 1000 + i) for i, name in enumerate(sides)}
    if args.sides:
        wanted = {"engine", *args.sides.split(",")}
        unknown = wanted - set(sides) - {"tarok", "tarok+infostate"}
        if unknown:
            p.error(f"no side {', '.join(sorted(unknown))}: the sides are {', '.join(sides)}")
        sides = {name: side for name, side in sides.items() if name in wanted}
    if args.deals is not None:  # one side, a fixed number of deals (what --instructions counts)
        name = args.sides or ""
        if name not in sides:
            p.error("--deals plays one side: give it with --sides NAME")
        actions = sum(sides[name](rngs[name]) for _ in range(WARM_UP + args.deals))
        print(actions)
        return 0
    if args.instructions is not None:
        return instructions(args, list(sides))
    core = pin(args.cpu)
    load_before = os.getloadavg()
    for name, side in sides.items():  # warm up: imports, memos, first deals
        run(side, 0.2, rngs[name])
    figures: dict[str, list[float]] = {name: [] for name in sides}
    names = list(sides)
    for r in range(args.rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            figures[name].append(run(sides[name], args.seconds, rngs[name]))
    load_after = os.getloadavg()
    median = {name: statistics.median(xs) for name, xs in figures.items()}
    ratios = {f"{name}/engine": median[name] / median["engine"] for name in median if name != "engine"}
    if "tarok" in median and "pettingzoo" in median:
        ratios["pettingzoo/tarok+infostate"] = median["pettingzoo"] / median["tarok+infostate"]
        ratios["pettingzoo/tarok"] = median["pettingzoo"] / median["tarok"]
    report = {
        "variant": args.variant, "seconds": args.seconds, "rounds": args.rounds, "seed": args.seed,
        "actions_per_second": {k: round(v) for k, v in median.items()},
        "ratios": {k: round(v, 3) for k, v in ratios.items()},
        "target": "pettingzoo/engine >= 0.5",
        "met": ratios.get("pettingzoo/engine", 0.0) >= 0.5,
        "tarok": tarok_note or f"players={players}, ordinary bids only ({', '.join(ORDINARY_BIDS)})",
        "engine_compiled": tarot.COMPILED, "engine_revision": engine_revision(),
        "python": platform.python_version(), "cpu": cpu_model(), "pinned_to": core,
        "open_spiel": open_spiel_version(),
        "load_average": {"before": [round(x, 2) for x in load_before], "after": [round(x, 2) for x in load_after]},
        "cores": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{args.variant}: actions per CPU second, median of {args.rounds} rounds of {args.seconds:g} s "
          f"(engine {'compiled' if tarot.COMPILED else 'pure Python'}, {report['engine_revision']})")
    for name, v in median.items():
        print(f"  {name:20} {v:>10,.0f}")
    for name, v in ratios.items():
        print(f"  {name:28} {v:6.3f}")
    if tarok_note:
        print(f"  tarok: {tarok_note}")
    print(f"  load average (1, 5, 15 min) before {report['load_average']['before']}, "
          f"after {report['load_average']['after']}, {os.cpu_count()} cores")
    print(f"  target pettingzoo/engine >= 0.5: {'met' if report['met'] else 'not met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
