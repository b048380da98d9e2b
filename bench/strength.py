"""Playing strength: two bots compared on duplicate deals (tarot.duplicate).

    python bench/strength.py --deals 2000 --seed 1 --a rule --b random

Each deal is played under every seating holding both bots (6 for three players); the figure is
A's mean marques per seat per deal minus B's, with a 95% confidence interval over deals.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarot.core.options import parse_assignments  # noqa: E402
from tarot.duplicate import compare  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="marolles-1637")
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--a", default="rule", help="bot A (default: rule)")
    p.add_argument("--b", default="random", help="bot B (default: random)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    args = p.parse_args(argv)
    start = time.perf_counter()
    c = compare(args.variant, args.a, args.b, args.deals, args.seed, parse_assignments(args.option))
    elapsed = time.perf_counter() - start
    if args.json:
        print(json.dumps({**c.to_dict(), "seconds": round(elapsed, 1)}))
    else:
        print(c)
        print(f"  ({elapsed:.1f} s, {c.n * len(c.seatings) / elapsed:.0f} deals per second)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
