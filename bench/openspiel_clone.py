"""Speed: what a clone of an OpenSpiel state of the project's games costs, against the deal's own
``copy()`` and a clone of OpenSpiel's C++ ``tarok``, and the simulations per second of
OpenSpiel's Python MCTS bot on each.

    python bench/openspiel_clone.py --variant fft-4p --rounds 5

A search clones at every simulation, so the adapter's ``clone`` must stay the deal's ``copy()``
and little else (``tarot.adapters.openspiel_game``: OpenSpiel clones a Python state by making a
new initial state and deep-copying each attribute; the state's one attribute copies by the
deal's ``copy()``). The position is the same for every side: a deal of ``--variant`` dealt from
``--seed`` and played at random to the fifth trick; ``tarok`` (4 players, or 3 for a
three-player variant) is played at random to its 20th decision. The sides run in interleaved
rounds and the figure per side is the median over rounds, in microseconds per clone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from tarot.adapters import openspiel_game


def position(variant: str, seed: int) -> pyspiel.State:
    """A state of ``variant`` at its fifth trick, every decision random."""
    game = pyspiel.load_game(openspiel_game.game_name(variant))
    state = game.new_initial_state()
    for c in game.deal_class.shuffled_deck(seed):
        state.apply_action(c)
    rng = random.Random(seed)
    while not state.is_terminal() and len(state.deal.tricks) < 5:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def tarok_position(players: int, seed: int) -> pyspiel.State:
    """A state of ``tarok`` at its 20th decision, every decision random (the first seed from
    ``seed`` on whose game lasts that long)."""
    while True:
        game = pyspiel.load_game("tarok", {"players": players, "rng_seed": seed})
        state = game.new_initial_state()
        rng = random.Random(seed)
        decisions = 0
        while not state.is_terminal() and (decisions < 20 or state.is_chance_node()):
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        if not state.is_terminal():
            return state
        seed += 1


def per_call(f, seconds: float) -> float:
    """Microseconds per call of ``f``, called for about ``seconds``."""
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(200):
            f()
        n += 200
    return (time.perf_counter() - start) / n * 1e6


def mcts_rate(state: pyspiel.State, simulations: int) -> float:
    """Simulations per second of OpenSpiel's Python MCTS bot (one random rollout each) from
    ``state``."""
    game = state.get_game()
    bot = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(1))
    start = time.perf_counter()
    bot.step(state)
    return simulations / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--variant", default="fft-4p")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--seconds", type=float, default=1.0, help="per side per round")
    p.add_argument("--simulations", type=int, default=200, help="MCTS simulations per measure")
    args = p.parse_args(argv)
    state = position(args.variant, args.seed)
    tarok = tarok_position(3 if state.get_game().num_players() == 3 else 4, args.seed)
    sides = {"adapter clone()": state.clone, "deal.copy()": state.deal.copy, "tarok clone()": tarok.clone}
    times: dict[str, list[float]] = {k: [] for k in sides}
    for r in range(args.rounds):
        order = list(sides) if r % 2 == 0 else list(reversed(sides))
        for k in order:
            times[k].append(per_call(sides[k], args.seconds))
    for k, ts in times.items():
        print(f"{k:<18} {statistics.median(ts):8.1f} us")
    print(f"MCTS simulations/s: {args.variant} {mcts_rate(state, args.simulations):.0f}, "
          f"tarok {mcts_rate(tarok, args.simulations):.0f}")


if __name__ == "__main__":
    main()
