"""Time to refuse a malformed record, against its length: linear, not quadratic.

    python bench/records_linear.py

A records audit found moves lines of 'Trick' + N spaces + 'x', and JSON openings of '{"' + N
newlines, that took time in N squared to refuse (a 1 MiB record, under the size limit, about half
an hour). This script times the refusal of each at N and 4N (best of three, the same run) and
prints the ratio: about 4 for a linear parser, about 16 for a quadratic one. The test suite checks
only that such records are refused with the project's error (tests/test_records.py); timing
belongs here, where a busy machine cannot fail a build.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # an installed tarot first (make play: compiled)

import tarot  # noqa: E402
from tarot.bots import make_bot, play_out  # noqa: E402
from tarot.records import RecordError, parse_record, record_from_deal  # noqa: E402


def best_time(record: str, repeats: int = 3) -> float:
    """The shortest of ``repeats`` times to refuse ``record`` (it must be refused)."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        try:
            parse_record(record)
        except RecordError:
            pass
        else:
            raise SystemExit("the malformed record was accepted")
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=50_000, help="the short input's length (the long is 4x)")
    args = ap.parse_args()
    deal = tarot.new_deal("marolles-1637", seed=6)
    play_out(deal, [make_bot("rule", seed=s) for s in range(3)])
    text = record_from_deal(deal).to_text()
    head = text[:text.index("\n\n") + 2]
    shapes = {"Trick + spaces": lambda n: head + "Trick" + " " * n + "x\n",
              "{\" + newlines": lambda n: '{"' + "\n" * n}
    for name, make in shapes.items():
        small, large = best_time(make(args.n)), best_time(make(4 * args.n))
        print(f"{name:16} N={args.n:>8,}: {small * 1e3:8.2f} ms   4N: {large * 1e3:8.2f} ms   "
              f"ratio {large / small:5.2f} (linear about 4, quadratic about 16)")


if __name__ == "__main__":
    main()
