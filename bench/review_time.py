"""How long the engine's review of a whole deal takes for one seat (issue 38: a Marolles deal
for one seat on one core in at most 20 s at the default depth).

    python bench/review_time.py                                  # 6 Marolles deals, 32 worlds
    python bench/review_time.py --variant fft-4p --deals 4 --worlds 32

Each deal is played by the rule bots from ``(seed, index)``, kept as a record, and reviewed for
one seat (seat ``index % players``) as ``tarot review RECORD --seat S`` does
(``tarot.runs.review.review``, its default depth of 32 deals a decision unless ``--worlds``).
Times are the process's CPU time (one core) and the wall clock, per deal: the median and the
longest, with the engine that runs (pure or compiled) and the load average. Figures:
docs/review.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # an installed tarot first (compiled)

import tarot  # noqa: E402
from tarot.bots import make_bot, play_out  # noqa: E402
from tarot.core.deal import new_deal  # noqa: E402
from tarot.records import record_from_deal  # noqa: E402
from tarot.runs.review import review  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="marolles-1637")
    p.add_argument("--deals", type=int, default=6)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--worlds", type=int, default=32, help="deals drawn a decision (review's default: 32)")
    a = p.parse_args(argv)
    print(f"{a.variant}, {a.deals} deals, {a.worlds} worlds a decision, engine: {tarot.ENGINE}, "
          f"load average {os.getloadavg()[0]:.1f}")
    cpu, wall = [], []
    for i in range(a.deals):
        deal = new_deal(a.variant, seed=a.seed * 1000 + i)
        play_out(deal, [make_bot("rule", seed=s) for s in range(deal.players)])
        record, seat = record_from_deal(deal), i % deal.players
        c0, w0 = time.process_time(), time.perf_counter()
        done = review(record, seats=[seat], worlds=a.worlds, seed=i)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        print(f"deal {i}: seat {seat}, {len(done.decisions)} decisions, {cpu[-1]:.1f} s CPU, {wall[-1]:.1f} s wall")
    print(f"CPU a deal: median {statistics.median(cpu):.1f} s, longest {max(cpu):.1f} s; "
          f"wall: median {statistics.median(wall):.1f} s, longest {max(wall):.1f} s; "
          f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
