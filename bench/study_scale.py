"""Deals per second of a study (``tarot study``) on 1 and 2 workers, on the local pool and on a
local Ray, in one run, and the time one million deals would take at the best rate measured.

The study is Marolles 1637 with the rule bots under one reading (the baseline alone, no share
of skill): the issue-37 target of a million deals in at most 5 minutes on a 2-core machine.
Each side plays the same deals; the figures differ only by the way the chunks are spread (the
tallies are checked equal). Ray's start-up is timed apart from its deals.

    python bench/study_scale.py --deals 2000 [--variant marolles-1637] [--seed 1] [--json]
    python bench/study_scale.py --deals 1000000 --no-ray --workers 2     # the million itself

On a machine shared with other work, compare the ratios of one run, not the absolute figures
of two (docs/benchmarks.md, "Studies").
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tarot import COMPILED  # noqa: E402
from tarot.runs import study as st  # noqa: E402
from tarot.runs.pool import close_pool  # noqa: E402


def one_reading(variant: str, deals: int, seed: int, chunk: int) -> st.Study:
    """A study of ``variant`` under its default reading alone, rule bots, no share of skill."""
    return st.Study.make([st.Question.make(variant, [])], deals, seed, ["rule"], [], chunk)


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended (the pool's workers,
    once ``close_pool`` has joined them; not Ray's, which Ray starts)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(study: st.Study, workers: int, ray: bool) -> tuple[float, float, float, dict]:
    """(seconds starting Ray, seconds playing, CPU seconds, tally) of one run of ``study``."""
    todo = study.tasks()
    cpu0 = cpu_seconds()
    t0 = time.perf_counter()
    runner = st.RayRunner(workers) if ray else None
    t1 = time.perf_counter()
    tally: dict = {}
    try:
        results = runner.map(study, todo) if runner else st.local_map(study, todo, workers)
        for (q, _), t in results:
            st.merge(tally.setdefault(str(q), {}), t)
    finally:
        if runner is not None:
            runner.close()
    wall = time.perf_counter() - t1
    close_pool()
    return t1 - t0, wall, cpu_seconds() - cpu0, tally


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="marolles-1637")
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chunk", type=int, default=100)
    ap.add_argument("--no-ray", action="store_true", help="the local pool only")
    ap.add_argument("--workers", default="1,2", help="worker counts to time, comma-separated")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    try:
        counts = [int(w) for w in args.workers.split(",")]
    except ValueError:
        ap.error(f"--workers takes worker counts such as 1,2, not {args.workers!r}")
    if any(w < 1 for w in counts):
        ap.error(f"--workers counts must be at least 1, not {args.workers!r}")
    study = one_reading(args.variant, args.deals, args.seed, args.chunk)
    rows = []
    first = None
    for ray in ([False] if args.no_ray else [False, True]):
        for workers in counts:
            start, secs, cpu, tally = timed(study, workers, ray)
            first = first or tally
            rows.append({"runner": "ray" if ray else "local", "workers": workers,
                         "start_s": round(start, 2), "play_s": round(secs, 2),
                         "deals_per_s": round(args.deals / secs, 1), "same_tally": tally == first,
                         # Ray's workers are not this process's children: their CPU is not seen
                         "deals_per_cpu_s": None if ray else round(args.deals / cpu, 1)})
    best = max(r["deals_per_s"] for r in rows)
    # an idle machine's two cores, each as fast as a worker's CPU second in the two-worker run
    two = next((r["deals_per_cpu_s"] for r in rows if r["runner"] == "local" and r["workers"] == 2), None)

    def rate(runner: str, workers: int) -> float | None:
        return next((r["deals_per_s"] for r in rows if r["runner"] == runner and r["workers"] == workers), None)

    out = {
        "variant": args.variant, "deals": args.deals, "seed": args.seed, "chunk": args.chunk,
        "engine": "compiled" if COMPILED else "pure", "load_average": [round(x, 2) for x in os.getloadavg()],
        "rows": rows,
        "two_over_one": {k: round(two_w / one_w, 2) for k in {r["runner"] for r in rows}
                         if (one_w := rate(k, 1)) and (two_w := rate(k, 2))},
        "million_deals_minutes_at_best_rate": round(1e6 / best / 60, 1),
        "million_deals_minutes_two_idle_cores": round(1e6 / (2 * two) / 60, 1) if two else None,
    }
    if args.json:
        print(json.dumps(out))
        return
    print(f"{args.variant}, {args.deals} deals, rule bots, one reading, engine {out['engine']}, "
          f"load average {out['load_average']}")
    for r in rows:
        cpu = f"; {r['deals_per_cpu_s']} deals per CPU second" if r["deals_per_cpu_s"] else ""
        print(f"  {r['runner']:<5} {r['workers']} worker(s): {r['deals_per_s']:8.1f} deals/s "
              f"({r['play_s']} s; start {r['start_s']} s{cpu}; same tally: {r['same_tally']})")
    if out["two_over_one"]:
        print(f"  two workers over one: {out['two_over_one']}")
    print(f"  one million deals at {best} deals/s: {out['million_deals_minutes_at_best_rate']} minutes")
    if two:
        print(f"  on two idle cores at {two} deals per CPU second each: "
              f"{out['million_deals_minutes_two_idle_cores']} minutes")


if __name__ == "__main__":
    main()
