"""Throughput where people feel it (issue 34), this checkout against another, as ratios in one run.

    python bench/throughput.py simulate --base /work/base-12e0028 --deals 2000 --rounds 5
    python bench/throughput.py simulate --base /work/base-12e0028 --deals 50 --instructions
    python bench/throughput.py simulate --this VENV --base BASE_VENV --deals 200 --instructions
    python bench/throughput.py playouts --base /work/base-12e0028 --worlds 300 --rounds 5
    python bench/throughput.py playouts --base /work/base-12e0028 --worlds 60 --instructions
    python bench/throughput.py memory --deals 200000
    python bench/throughput.py workers --deals 4000

``simulate``: ``tarot simulate VARIANT --seed 1`` with the rule bots, deals per CPU second of
the simulation alone (the imports and the first deal left out), in child processes, this
checkout and ``--base`` (a directory holding another ``tarot`` package: a git worktree of an
earlier commit, or a compiled copy from ``scripts/compile.py --into``; or a virtual environment
where it is installed, compiled by ``pip install .``; ``--this`` likewise) in alternate rounds, so
that a busy machine slows both alike; the ratio of the medians, and whether the two printed the
same summaries (the JSON lines of every deal).

``simulate --instructions``: the same simulation's machine instructions per deal in each
checkout, counted by valgrind's callgrind (``--deals`` deals less the first fifth), and their
ratio base / this: unlike the CPU time, the count repeats from run to run, so it measures a
change on a busy machine (the bots' memo tables make the first deals dearer: they are left out).

``playouts``: sampled deals played out per CPU second by the search bots' playout, the rule bot
at every seat (``PimcBot``'s ``played_out_values``): positions from rule-bot deals of ``--variant``
after 1 to 12 tricks, a world sampled from the seat's view (``sampling.sample_from``), each
legal card tried in a copy and the deal finished (``search.finish_with``).

``playouts --instructions``: the machine instructions per sampled world of that playout loop
(callgrind): the same script run with the worlds played out and without (the positions made
alike), the difference divided by the worlds.

``memory``: the peak resident memory of ``simulate`` (this checkout) after growing numbers of
deals, up to ``--deals``: where it levels off.

``workers``: deals per wall second of ``simulate`` in one worker and in two (an idle 2-core
machine is the target's condition: say how busy it was), and the CPU time a deal costs in each
(this process and its workers): what the pool adds, which a busy machine does not hide; with
``--base``, the same for the other checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SIMULATE = textwrap.dedent("""
    import hashlib, sys, time
    from tarot.runs.simulate import simulate
    variant, deals, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    list(simulate(variant, 1, seed + 1, bots=["rule"]))  # warm: imports, caches of the first deal
    h = hashlib.sha256()
    t = time.process_time()
    for s in simulate(variant, deals, seed, bots=["rule"]):
        h.update(s.to_json().encode())
    print(deals / (time.process_time() - t), h.hexdigest())
""")

PLAYOUTS = textwrap.dedent("""
    import random, sys, time
    from tarot.bots import make_bot, play_out
    from tarot.bots.sampling import Constraints, sample_from
    from tarot.bots.search import distinct_in_view, finish_with
    from tarot.core.deal import new_deal
    variant, worlds, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    play = len(sys.argv) < 5 or sys.argv[4] == "play"  # "positions": make them, play nothing
    rng = random.Random(seed)
    jobs = []  # (constraints, seat, cards to try): one per position
    i = 0
    while len(jobs) < worlds:
        deal = new_deal(variant, seed=seed * 1000 + i)
        i += 1
        bots = [make_bot("rule", seed=0)] * deal.players
        stop = rng.randrange(1, 13)
        while not deal.is_over and not (deal.phase == "play" and len(deal.tricks) >= stop):
            p = deal.to_play
            deal.push(bots[p].act(deal.view(p)))
        if deal.is_over:
            continue
        view = deal.view(deal.to_play)
        cards = distinct_in_view(view)
        if len(cards) > 1:
            jobs.append((Constraints(view), view.seat, cards))
    rule = make_bot("rule", seed=0)
    t = time.process_time()
    played = 0
    for cons, seat, cards in (jobs if play else []):
        world = sample_from(cons, rng)
        for a in cards:
            w = world.copy()
            w.push(a)
            finish_with(w, [rule] * w.players)
        played += 1
    print(played / max(time.process_time() - t, 1e-9), sum(len(c) for _, _, c in jobs))
""")

MEMORY = textwrap.dedent("""
    import resource, sys
    from tarot.runs.simulate import simulate
    variant, deals = sys.argv[1], int(sys.argv[2])
    marks = sorted({m for m in (1000, 5000, 20000, 50000, 100000, 200000, 500000, 1000000) if m < deals} | {deals})
    for i, s in enumerate(simulate(variant, deals, 1, bots=["rule"]), 1):
        if i in marks:
            print(i, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, flush=True)
""")


def interpreter(tree: Path) -> tuple[str, Path, dict[str, str]]:
    """How to run Python with ``tree``'s ``tarot``: (python, working directory, environment).
    ``tree`` is a directory holding the package (this interpreter, ``tree`` first on the path)
    or a virtual environment with it installed (its ``bin/python``, run outside any checkout:
    a compiled install, ``pip install .``)."""
    venv_python = tree / "bin" / "python"
    if venv_python.exists():
        return str(venv_python), Path(tempfile.gettempdir()), dict(os.environ)
    return sys.executable, tree, {**os.environ, "PYTHONPATH": str(tree)}


def child(code: str, tree: Path, *args: object) -> list[str]:
    """Run ``code`` with ``tree``'s ``tarot`` (``interpreter``); its printed words."""
    python, cwd, env = interpreter(tree)
    out = subprocess.run([python, "-c", code, *map(str, args)], cwd=cwd, env=env,
                         capture_output=True, text=True, check=True)
    return out.stdout.split()


def versus(code: str, base: Path, rounds: int, *args: object, this: Path = ROOT) -> dict:
    """Alternate rounds of ``code`` in ``base`` and in ``this``; the medians and ratio."""
    runs: dict[str, list[float]] = {"base": [], "this": []}
    tags: dict[str, set[str]] = {"base": set(), "this": set()}
    for r in range(rounds):
        order = [("base", base), ("this", this)] if r % 2 == 0 else [("this", this), ("base", base)]
        for name, tree in order:
            rate, tag = child(code, tree, *args)[:2]
            runs[name].append(float(rate))
            tags[name].add(tag)
            print(f"  round {r + 1} {name}: {float(rate):,.1f}", file=sys.stderr, flush=True)
    b, t = statistics.median(runs["base"]), statistics.median(runs["this"])
    return {"base": b, "this": t, "ratio": t / b, "runs": runs,
            "same_output": tags["base"] == tags["this"] and len(tags["this"]) == 1}


WORKERS = textwrap.dedent("""
    import resource, sys, time
    from tarot.runs import pool
    from tarot.runs.simulate import simulate
    variant, deals, w = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    t = time.perf_counter()
    n = sum(1 for _ in simulate(variant, deals, 1, bots=["rule"], workers=w))
    wall = time.perf_counter() - t
    getattr(pool, "close_pool", lambda: None)()  # the kept pool's workers, waited for
    cpu = sum(resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
              for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    print(n / wall, 1000 * cpu / n)
""")


COUNTED = textwrap.dedent("""
    import sys
    from tarot.runs.simulate import simulate
    for s in simulate(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), bots=["rule"]):
        s.to_json()
""")


def callgrind(tree: Path, code: str, *args: object) -> int:
    """The machine instructions of ``code`` run with ``tree``'s ``tarot``, counted by valgrind's
    callgrind, string hashes fixed: the count repeats from run to run."""
    python, cwd, env = interpreter(tree)
    env["PYTHONHASHSEED"] = "0"
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          python, "-c", code, *map(str, args)],
                         cwd=cwd, env=env, capture_output=True, text=True, check=True)
    return int(re.search(r"Collected : (\d+)", out.stderr).group(1))  # type: ignore[union-attr]


def instructions(tree: Path, variant: str, deals: int, seed: int) -> float:
    """Machine instructions per deal of ``simulate`` (rule bots) in ``tree`` (``callgrind``):
    ``deals`` deals less the first ``deals // 5`` (the imports, the first deals' memo tables)."""
    first = max(1, deals // 5)
    return (callgrind(tree, COUNTED, variant, deals, seed)
            - callgrind(tree, COUNTED, variant, first, seed)) / (deals - first)


def playout_instructions(tree: Path, variant: str, worlds: int, seed: int) -> float:
    """Machine instructions per sampled world of the ``playouts`` loop in ``tree``: the script
    with the worlds played out less the same script making the positions only."""
    return (callgrind(tree, PLAYOUTS, variant, worlds, seed, "play")
            - callgrind(tree, PLAYOUTS, variant, worlds, seed, "positions")) / worlds


def workers(base: Path | None, variant: str, deals: int) -> dict:
    """Deals per wall second, and CPU milliseconds per deal (this process and its workers, the
    imports included), in one worker and in two; for this checkout and ``base`` if given."""
    out: dict = {}
    for name, tree in [("this", ROOT)] + ([("base", base)] if base else []):
        for w in (1, 2):
            rate, cpu = child(WORKERS, tree, variant, deals, w)[:2]
            out[f"{name}_{w}"] = {"deals_per_s": float(rate), "cpu_ms_per_deal": float(cpu)}
            print(f"  {name}, {w} worker(s): {float(rate):,.0f} deals/s, {float(cpu):.2f} CPU ms a deal",
                  file=sys.stderr, flush=True)
    out["ratio"] = out["this_2"]["deals_per_s"] / out["this_1"]["deals_per_s"]
    out["cpu_cost_of_two"] = out["this_2"]["cpu_ms_per_deal"] / out["this_1"]["cpu_ms_per_deal"]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=["simulate", "playouts", "memory", "workers"])
    ap.add_argument("--base", type=Path, help="a directory holding the other tarot package, or a "
                    "virtual environment where it is installed (compiled: pip install .)")
    ap.add_argument("--this", type=Path, default=ROOT, help="the same for the side measured against "
                    "--base (default: this checkout)")
    ap.add_argument("--variant", default=None)
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--worlds", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--instructions", action="store_true",
                    help="simulate, playouts: count machine instructions per deal or world "
                    "(callgrind) instead of timing")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if a.what in ("simulate", "playouts") and a.base is None:
        ap.error(f"{a.what} compares with another checkout: give --base DIR")
    load = os.getloadavg()
    if a.what == "simulate" and a.instructions:
        variant = a.variant or "marolles-1637"
        this, other = (instructions(tree, variant, a.deals, a.seed) for tree in (a.this, a.base))
        out = {"this": this, "base": other, "ratio": other / this}
        line = f"simulate {variant}: {this:,.0f} against {other:,.0f} instructions a deal (ratio: base / this)"
    elif a.what == "playouts" and a.instructions:
        variant = a.variant or "fft-4p"
        this, other = (playout_instructions(tree, variant, a.worlds, a.seed) for tree in (a.this, a.base))
        out = {"this": this, "base": other, "ratio": other / this}
        line = f"playouts {variant}: {this:,.0f} against {other:,.0f} instructions a world (ratio: base / this)"
    elif a.what == "simulate":
        out = versus(SIMULATE, a.base, a.rounds, a.variant or "marolles-1637", a.deals, a.seed, this=a.this)
        line = f"simulate {a.variant or 'marolles-1637'}: {out['this']:,.0f} against {out['base']:,.0f} deals/s"
    elif a.what == "playouts":
        out = versus(PLAYOUTS, a.base, a.rounds, a.variant or "fft-4p", a.worlds, a.seed, this=a.this)
        line = f"playouts {a.variant or 'fft-4p'}: {out['this']:,.1f} against {out['base']:,.1f} worlds/s"
    elif a.what == "memory":
        words = child(MEMORY, ROOT, a.variant or "marolles-1637", a.deals)
        out = {"peak_mb": {int(k): int(v) for k, v in zip(words[::2], words[1::2])}}
        line = "peak RSS (MB) after n deals: " + ", ".join(f"{k:,}: {v}" for k, v in out["peak_mb"].items())
    else:
        out = workers(a.base, a.variant or "marolles-1637", a.deals)
        line = (f"workers: {out['this_1']['deals_per_s']:,.0f} deals/s in one, "
                f"{out['this_2']['deals_per_s']:,.0f} in two; two cost {out['cpu_cost_of_two']:.2f}x the CPU a deal")
    out["load_before"] = load
    if a.json:
        print(json.dumps(out))
    else:
        if "ratio" in out:
            line += f": ratio {out['ratio']:.2f}"
        if "same_output" in out:
            line += ", the same output" if out["same_output"] else ", OUTPUT DIFFERS"
        print(line + f" (load average before: {load[0]:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
