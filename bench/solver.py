"""Speed of the exact solver (tarot.bots.search.solve) on the last tricks of a deal.

    python bench/solver.py --tricks 5 --positions 200 --seed 1

Each position is a deal played by rule bots (all seats) up to the start of the trick that
leaves ``--tricks`` tricks to play; the solver then finds the exact (paranoid) value for the
seat to lead: that seat (and in French Tarot its camp) maximises its final score, the others
minimise it. The figure is the median time per position, with the 90th percentile and the
maximum, in CPU time of this process (``time.process_time``: one core, and not inflated when
other jobs share the machine). With
``--variant`` any variant the solver supports (``push``/``pop``, ``TRICKS``, ``trick_no``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # an installed tarot first (make play: compiled)

import tarot  # noqa: E402
from tarot.bots import make_bot  # noqa: E402
from tarot.bots.search import solve, tricks_left  # noqa: E402
from tarot.core.options import parse_assignments  # noqa: E402


def positions(variant: str, tricks: int, count: int, seed: int, options: dict):
    """``count`` deals stopped at the start of the trick that leaves ``tricks`` to play."""
    for i in range(count):
        s = seed * 100_003 + i
        deal = tarot.new_deal(variant, options, seed=s, dealer=i % tarot.core.deal.variant_class(
            variant).players_for(options))
        bots = [make_bot("rule", seed=s + p) for p in range(deal.players)]
        while not (deal.phase == "play" and not deal.trick and tricks_left(deal) == tricks):
            if deal.is_over:
                break
            deal.push(bots[deal.to_play].act(deal.view(deal.to_play)))
        if not deal.is_over:
            yield deal


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="marolles-1637")
    p.add_argument("--tricks", type=int, default=5)
    p.add_argument("--positions", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    times = []
    for deal in positions(args.variant, args.tricks, args.positions, args.seed,
                          parse_assignments(args.option)):
        t0 = time.process_time()
        solve(deal, deal.to_play)
        times.append(time.process_time() - t0)
    times.sort()
    out = {
        "variant": args.variant, "tricks": args.tricks, "positions": len(times),
        "median_ms": statistics.median(times) * 1e3,
        "p90_ms": times[int(0.9 * (len(times) - 1))] * 1e3, "max_ms": times[-1] * 1e3,
    }
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{args.variant}: exact solver, last {args.tricks} tricks, {len(times)} positions: "
              f"median {out['median_ms']:.1f} ms, 90th percentile {out['p90_ms']:.1f} ms, "
              f"max {out['max_ms']:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
