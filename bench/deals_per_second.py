"""Speed: full random Marolles deals per second on one core, against OpenSpiel's C++ tarok.

    python bench/deals_per_second.py --seconds 5 --rounds 5
    python bench/deals_per_second.py --profile          # adds a per-phase table and a cProfile
    python bench/deals_per_second.py --variant fft-4p   # French Tarot, against tarok for 4 players

One *tarot* deal is the whole of a ``marolles-1637`` deal with the default options, from the
shuffle to the settlement, every decision (redeal, discards, declarations and the cards they
show, play) a uniformly random legal action::

    deal = tarot.new_deal("marolles-1637", rng=rng)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    deal.result()

The deck is shuffled from the same generator, seeded once per run, as tarok deals from the one
generator its game is loaded with (``rng_seed``); a deal made with ``seed=s`` would also build
and seed a new Mersenne Twister per deal, about 4% of a compiled deal, which tarok does not.

One *tarok* deal is a whole game of OpenSpiel's C++ ``tarok`` (Slovenian Tarok,
``pyspiel.load_game("tarok", {"players": 3, "rng_seed": ...})``) stepped from Python the same
way: chance nodes sampled from ``state.chance_outcomes()``, every other decision a uniformly
random legal action, then ``state.returns()``. OpenSpiel's tarok has no parameter restricting the
contracts (its parameters are only ``players`` and ``rng_seed``), so "ordinary contracts only" is
done here: during bidding the random choice is made among the legal bids named Pass, Three, Two
and One (ids looked up by name at start-up), never Klop, Beggar, Solo without, Open beggar,
Colour valat without or Valat without. Talon choice, discards and play are unrestricted.

With ``--variant fft-4p`` a *tarot* deal is a whole four-player French Tarot deal with the default
options, every decision random and legal (bids, the écart when the chien is taken, the chelem
announcement, poignées and the trumps they show, play; an all-pass deal or a petit sec ends
there and counts as a deal, as it does at the table), and a *tarok* deal a game of OpenSpiel's
``tarok`` with ``players=4``, bids restricted as above.

Both sides run in the same process, pinned to one core when the OS allows, in interleaved rounds
(the side that goes first alternates) so that machine noise hits both alike; the figure per side
is the median over rounds. Without ``open_spiel`` installed only tarot is measured.

``--instructions DEALS`` counts instead of timing: each side plays DEALS deals, and DEALS / 5,
in a child process under valgrind's callgrind, and the difference of the two counts, divided by
the deals between them, is the machine instructions per deal, start-up excluded. The count is the
same on every run of the same code (whatever else the machine is doing), so it measures a change
to the engine without the noise of a shared machine; it does not see what an instruction costs
(a cache miss, an allocation), which the deals per second do. Needs ``valgrind``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import platform
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # an installed tarot first (make play: compiled)

import tarot  # noqa: E402

VARIANT = "marolles-1637"
#: The variants this bench measures, and the number of players OpenSpiel's tarok is loaded with.
TAROK_PLAYERS = {"marolles-1637": 3, "fft-4p": 4}
#: What one tarot deal is, for the report.
WHAT = {
    "marolles-1637": "marolles-1637, default options, random legal actions (redeal, discards, "
                     "declarations, shown cards, play), new_deal to result()",
    "fft-4p": "fft-4p, default options, random legal actions (bids, écart, chelem, poignées and "
              "shown trumps, play; all-pass and petit sec deals included), new_deal to result()",
}
#: The bids a random tarok player may choose from (OpenSpiel's names for them).
ORDINARY_BIDS = ("Pass", "Three", "Two", "One")


# ----- tarot ----------------------------------------------------------------------------------
def tarot_deal(rng: random.Random) -> int:
    """Play one random deal to settlement, shuffled and played with ``rng``; return the number
    of actions pushed."""
    deal = tarot.new_deal(VARIANT, rng=rng)
    choice = rng.choice
    n = 0
    while not deal.is_over:
        deal.push(choice(deal.legal_actions()))
        n += 1
    deal.result()
    return n


def run_tarot(seconds: float, rng: random.Random) -> tuple[int, int, float, float]:
    """Play deals for ``seconds``; return (deals, actions, wall seconds, CPU seconds)."""
    deals = actions = 0
    clock, cpu = time.perf_counter, time.process_time
    start, cpu_start = clock(), cpu()
    end = start + seconds
    while True:
        actions += tarot_deal(rng)
        deals += 1
        now = clock()
        if now >= end:
            return deals, actions, now - start, cpu() - cpu_start


# ----- OpenSpiel tarok ------------------------------------------------------------------------
class Tarok:
    """OpenSpiel's tarok for three (or four) players, random legal actions, ordinary contracts only."""

    def __init__(self, seed: int, players: int = 3) -> None:
        import pyspiel

        self.players = players
        self.game = pyspiel.load_game("tarok", {"players": players, "rng_seed": seed})
        self.bidding = pyspiel.TarokGamePhase.BIDDING
        # The bid ids, found by name in a bidding state rather than assumed.
        state = self.game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        if state.current_game_phase() != self.bidding:
            raise RuntimeError(f"OpenSpiel's tarok starts in {state.current_game_phase()}, not bidding")
        names: dict[int, str] = {}
        for a in range(self.game.num_distinct_actions()):
            try:
                names[a] = state.action_to_string(a)
            except IndexError:  # bid ids end before the card ids do (0 = Pass, 1..12 contracts)
                break
        self.ordinary = frozenset(a for a, name in names.items() if name in ORDINARY_BIDS)
        found = sorted(names[a] for a in self.ordinary)
        if found != sorted(ORDINARY_BIDS):
            raise RuntimeError(f"OpenSpiel's tarok bids changed: found {found}, not {ORDINARY_BIDS}")

    def deal(self, rng: random.Random) -> int:
        """Play one random game to its returns; return the number of actions applied."""
        state = self.game.new_initial_state()
        choice, rand = rng.choice, rng.random
        ordinary, bidding = self.ordinary, self.bidding
        in_bidding = True
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r, acc = rand(), 0.0
                for action, p in outcomes:  # noqa: B007 (the chosen action is used after the loop)
                    acc += p
                    if r < acc:
                        break
            elif in_bidding and state.current_game_phase() == bidding:
                action = choice([a for a in state.legal_actions() if a in ordinary])
            else:
                in_bidding = False
                action = choice(state.legal_actions())
            state.apply_action(action)
            n += 1
        state.returns()
        return n

    def run(self, seconds: float, rng: random.Random) -> tuple[int, int, float, float]:
        """Play games for ``seconds``; return (deals, actions, wall seconds, CPU seconds)."""
        deals = actions = 0
        clock, cpu = time.perf_counter, time.process_time
        start, cpu_start = clock(), cpu()
        end = start + seconds
        while True:
            actions += self.deal(rng)
            deals += 1
            now = clock()
            if now >= end:
                return deals, actions, now - start, cpu() - cpu_start

    def contract_mix(self, deals: int, rng: random.Random) -> dict[str, int]:
        """Which contracts the random bidding ends in (a check that only ordinary ones occur)."""
        mix: dict[str, int] = {}
        for _ in range(deals):
            state = self.game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    action = state.chance_outcomes()[0][0]
                elif state.current_game_phase() == self.bidding:
                    action = rng.choice([a for a in state.legal_actions() if a in self.ordinary])
                else:
                    name = str(state.selected_contract()).split(".")[-1]
                    mix[name] = mix.get(name, 0) + 1
                    break
                state.apply_action(action)
        return mix


# ----- instructions (callgrind) ---------------------------------------------------------------
def play_side(side: str, deals: int, seed: int) -> None:
    """The child of ``--instructions``: play ``deals`` deals of one side, nothing else."""
    rng = random.Random(seed)
    if side == "tarot":
        for _ in range(deals):
            tarot_deal(rng)
    else:
        game = Tarok(seed, TAROK_PLAYERS[VARIANT])
        for _ in range(deals):
            game.deal(rng)


def count_instructions(side: str, deals: int, seed: int) -> int:
    """Instructions the child process runs to play ``deals`` deals of ``side`` (callgrind)."""
    import re
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", sys.executable,
             str(Path(__file__).resolve()), "--variant", VARIANT, "--play-side", side,
             "--play-deals", str(deals), "--seed", str(seed)],
            capture_output=True, text=True, check=False,
            env={**os.environ, "PYTHONHASHSEED": "0"})  # string hashes, and so dict probes, fixed
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or not found:
        raise RuntimeError(f"callgrind failed for {side}: {done.stderr[-2000:]}")
    return int(found.group(1))


def instructions_per_deal(side: str, deals: int, seed: int) -> float:
    """Machine instructions per deal of ``side``: the count for ``deals`` deals less the count
    for ``deals // 5``, over the deals between (start-up and imports cancel)."""
    few = deals // 5
    return (count_instructions(side, deals, seed) - count_instructions(side, few, seed)) / (deals - few)


# ----- the machine ----------------------------------------------------------------------------
def pin(cpu: int | None) -> int | None:
    """Pin this process to one core (the last allowed one unless ``cpu`` is given)."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    allowed = sorted(os.sched_getaffinity(0))
    target = allowed[-1] if cpu is None else cpu
    try:
        os.sched_setaffinity(0, {target})
    except OSError:
        return None
    return target


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def engine_revision() -> str | None:
    """The checkout's commit, with "+modified" when the engine has uncommitted changes."""
    import subprocess

    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True,
                              text=True, timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "tarot/core", "tarot/variants"],
                               cwd=root, capture_output=True, text=True, timeout=10, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return head + ("+modified" if dirty.strip() else "")


def open_spiel_version() -> str | None:
    try:
        from importlib.metadata import version

        return version("open_spiel")
    except Exception:
        return None


# ----- profile --------------------------------------------------------------------------------
def phase_table(deals: int, seed: int) -> list[tuple[str, int, float]]:
    """Time spent per phase (legal_actions + push of the decisions made in it), plus set-up
    (new_deal) and settlement (result). Returns (phase, calls, seconds); the timer adds overhead,
    so compare the rows with each other, not with the deals-per-second figure."""
    rng = random.Random(seed)
    clock = time.perf_counter
    calls: dict[str, int] = {}
    spent: dict[str, float] = {}

    def add(key: str, dt: float) -> None:
        calls[key] = calls.get(key, 0) + 1
        spent[key] = spent.get(key, 0.0) + dt

    for _ in range(deals):
        t0 = clock()
        deal = tarot.new_deal(VARIANT, rng=rng)
        add("new_deal (shuffle, deal, cut)", clock() - t0)
        while not deal.is_over:
            phase = deal.phase
            t0 = clock()
            deal.push(rng.choice(deal.legal_actions()))
            add(phase, clock() - t0)
        t0 = clock()
        deal.result()
        add("result()", clock() - t0)
    return sorted(((k, calls[k], spent[k]) for k in spent), key=lambda r: -r[2])


def profile(deals: int, seed: int, top: int) -> tuple[str, list[tuple[str, int, float]]]:
    rng = random.Random(seed)
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(deals):
        tarot_deal(rng)
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue(), phase_table(deals, seed)


# ----- main -----------------------------------------------------------------------------------
def _median(xs: list[float]) -> float:
    return round(statistics.median(xs), 1)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=2.0, help="seconds per side per round (2)")
    p.add_argument("--rounds", type=int, default=11, help="interleaved rounds (11)")
    p.add_argument("--seed", type=int, default=1, help="seeds each side's generator (shuffles and choices)")
    p.add_argument("--cpu", type=int, default=None, help="core to pin to (default: last allowed)")
    p.add_argument("--no-tarok", action="store_true", help="measure tarot only")
    p.add_argument("--profile", type=int, nargs="?", const=200, default=0, metavar="DEALS",
                   help="also profile DEALS tarot deals (200): phase table and cProfile top 25")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--variant", choices=sorted(TAROK_PLAYERS), default="marolles-1637",
                   help="the tarot variant to measure (marolles-1637; fft-4p against tarok for 4)")
    p.add_argument("--instructions", type=int, default=0, metavar="DEALS",
                   help="count machine instructions per deal of each side under callgrind instead "
                        "(DEALS deals less DEALS/5; needs valgrind)")
    p.add_argument("--play-side", choices=("tarot", "tarok"), help=argparse.SUPPRESS)
    p.add_argument("--play-deals", type=int, default=0, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    global VARIANT
    VARIANT = args.variant
    if args.play_side:  # the child of --instructions
        play_side(args.play_side, args.play_deals, args.seed)
        return 0
    if args.instructions:
        return report_instructions(args)
    if args.seconds <= 0 or args.rounds < 1:
        p.error("--seconds must be > 0 and --rounds >= 1")

    cpu = pin(args.cpu)
    tarok: Tarok | None = None
    tarok_missing = None
    if not args.no_tarok:
        try:
            tarok = Tarok(args.seed, TAROK_PLAYERS[VARIANT])
        except ImportError as e:
            tarok_missing = f"open_spiel is not installed ({e}); install it with `make bench`"

    rng_t, rng_o = random.Random(args.seed), random.Random(args.seed)
    # Warm-up (imports, caches, allocator) outside the measured rounds.
    run_tarot(min(0.5, args.seconds), random.Random(0))
    if tarok is not None:
        tarok.run(min(0.5, args.seconds), random.Random(0))

    wall: dict[str, list[float]] = {"tarot": [], "tarok": []}
    cpus: dict[str, list[float]] = {"tarot": [], "tarok": []}
    count = {"tarot": [0, 0], "tarok": [0, 0]}  # deals, actions
    for r in range(args.rounds):
        order = ("tarot", "tarok") if r % 2 == 0 else ("tarok", "tarot")
        for side in order:
            if side == "tarot":
                d, a, el, ct = run_tarot(args.seconds, rng_t)
            elif tarok is not None:
                d, a, el, ct = tarok.run(args.seconds, rng_o)
            else:
                continue
            wall[side].append(d / el)
            cpus[side].append(d / ct)
            count[side][0] += d
            count[side][1] += a
        if not args.json:
            line = f"round {r + 1}/{args.rounds}: tarot {wall['tarot'][-1]:7.0f} deals/s"
            if tarok is not None:
                line += f"   tarok {wall['tarok'][-1]:7.0f} deals/s"
            print(line, file=sys.stderr, flush=True)

    def side_report(side: str, what: str) -> dict[str, object]:
        return {
            "what": what,
            "deals_per_second": _median(wall[side]),
            "deals_per_cpu_second": _median(cpus[side]),
            "deals_per_second_rounds": [round(x, 1) for x in wall[side]],
            "deals": count[side][0],
            "actions_per_deal": round(count[side][1] / count[side][0], 2),
        }

    report: dict[str, object] = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "python_executable": os.path.realpath(sys.executable),
        "open_spiel": open_spiel_version() if tarok is not None else None,
        "cpu_model": cpu_model(),
        "nproc": os.cpu_count(),
        "pinned_cpu": cpu,
        "seconds_per_side_per_round": args.seconds,
        "rounds": args.rounds,
        "seed": args.seed,
        "engine_revision": engine_revision(),
        "engine_compiled": tarot.COMPILED,
        "command": " ".join(["python", "bench/deals_per_second.py",
                             *(argv if argv is not None else sys.argv[1:])]),
        "tarot": side_report("tarot", WHAT[VARIANT]),
    }
    if tarok is not None:
        report["tarok"] = {
            **side_report("tarok", f"OpenSpiel tarok, players={tarok.players}, random legal actions, "
                                   "bids restricted to "
                                   + "/".join(ORDINARY_BIDS) + ", new_initial_state to returns()"),
            "contract_mix_of_1000": tarok.contract_mix(1000, random.Random(args.seed)),
        }
        ratios = [t / o for t, o in zip(wall["tarot"], wall["tarok"])]
        report["ratio_tarot_over_tarok"] = round(statistics.median(wall["tarot"])
                                                 / statistics.median(wall["tarok"]), 3)
        report["ratio_cpu_time"] = round(statistics.median(cpus["tarot"])
                                         / statistics.median(cpus["tarok"]), 3)
        report["ratio_per_round_median"] = round(statistics.median(ratios), 3)
    else:
        report["tarok"] = None
        report["ratio_tarot_over_tarok"] = None
        report["tarok_missing"] = tarok_missing or "not measured (--no-tarok)"

    prof_text = None
    if args.profile:
        prof_text, phases = profile(args.profile, args.seed, 25)
        total = sum(s for _, _, s in phases)
        report["profile_deals"] = args.profile
        report["phase_seconds"] = {k: {"calls": n, "seconds": round(s, 4), "share": round(s / total, 3)}
                                   for k, n, s in phases}

    if args.json:
        if prof_text is not None:
            report["cprofile"] = prof_text
        print(json.dumps(report))
        return 0

    print(f"Python {report['python']} ({report['implementation']}, {report['python_executable']}), "
          f"{report['cpu_model']}, nproc {report['nproc']}, pinned to cpu {cpu}")
    print(f"engine at {report['engine_revision']}"
          f" ({'compiled with mypyc' if tarot.COMPILED else 'pure Python'}); {args.rounds} interleaved rounds of {args.seconds:g} s "
          "per side; medians over rounds:")
    rows = [("tarot", report["tarot"])] + ([("tarok", report["tarok"])] if tarok is not None else [])
    for name, r in rows:
        assert isinstance(r, dict)
        print(f"  {name}  {r['deals_per_second']:9.1f} deals/s  "
              f"{r['deals_per_cpu_second']:9.1f} deals/CPU-s  {r['actions_per_deal']:6.2f} actions/deal")
        print(f"         {r['what']}")
    if tarok is not None:
        o = report["tarok"]
        assert isinstance(o, dict)
        print(f"         open_spiel {report['open_spiel']}; contracts reached, of 1000 random biddings: "
              f"{o['contract_mix_of_1000']}")
        print(f"  ratio tarot/tarok: {report['ratio_tarot_over_tarok']:.3f} (wall clock), "
              f"{report['ratio_cpu_time']:.3f} (CPU time), "
              f"{report['ratio_per_round_median']:.3f} (median of the per-round ratios)")
    else:
        print(f"  tarok  not measured: {report['tarok_missing']}")
    if prof_text is not None:
        print(f"\nTime per phase over {args.profile} tarot deals (legal_actions + push of each decision):")
        for k, v in report["phase_seconds"].items():  # type: ignore[union-attr]
            print(f"  {k:32s} {v['calls']:7d} calls  {v['seconds']:8.4f} s  {100 * v['share']:5.1f} %")
        print(f"\ncProfile of {args.profile} tarot deals, top 25 by own time:")
        print(prof_text)
    return 0


def report_instructions(args: argparse.Namespace) -> int:
    """``--instructions``: machine instructions per deal of each side, and their ratio."""
    import shutil

    if args.instructions < 5:
        raise SystemExit("--instructions needs at least 5 deals")
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt install valgrind)")
    sides = ["tarot"] + ([] if args.no_tarok else ["tarok"])
    per_deal = {side: instructions_per_deal(side, args.instructions, args.seed) for side in sides}
    report: dict[str, object] = {
        "python": platform.python_version(), "engine_revision": engine_revision(),
        "engine_compiled": tarot.COMPILED, "variant": VARIANT, "deals": args.instructions,
        "seed": args.seed, "instructions_per_deal": {k: round(v) for k, v in per_deal.items()},
        "command": " ".join(["python", "bench/deals_per_second.py",
                             *(sys.argv[1:])]),
    }
    if "tarok" in per_deal:
        # fewer instructions is faster: tarok's count over tarot's, as deals per second would be
        report["ratio_tarot_over_tarok"] = round(per_deal["tarok"] / per_deal["tarot"], 3)
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"Python {report['python']}; engine at {report['engine_revision']} "
          f"({'compiled with mypyc' if tarot.COMPILED else 'pure Python'}); {VARIANT}; callgrind, "
          f"{args.instructions} deals less {args.instructions // 5} per side:")
    for side, n in per_deal.items():
        print(f"  {side}  {n / 1000:9.1f} k instructions per deal")
    if "ratio_tarot_over_tarok" in report:
        print(f"  ratio tarot/tarok (tarok's instructions per deal over tarot's, as deals per second "
              f"compare): {report['ratio_tarot_over_tarok']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
