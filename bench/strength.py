"""Playing strength: two bots compared on duplicate deals (tarot.runs.duplicate).

    python bench/strength.py --deals 2000 --seed 1 --a rule --b random

Each deal is played under every seating holding both bots (6 for three players); the figure is
A's mean marques per seat per deal minus B's, with a 95% confidence interval over deals. For
more than two bots, roles and decision times: ``tarot tournament`` (tarot.runs.tournament).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # an installed tarot first (make play: compiled)

from tarot.core.options import parse_assignments  # noqa: E402
from tarot.runs.duplicate import compare  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="marolles-1637")
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--a", default="rule", help="bot A (default: rule)")
    p.add_argument("--b", default="random", help="bot B (default: random)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--workers", type=int, default=1, help="worker processes (same figures)")
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    p.add_argument("--every", type=int, default=0, metavar="N",
                   help="print the running figures to stderr every N deals")
    p.add_argument("--bots", metavar="A,B[,...]",
                   help="a tournament of these bots instead (tarot.runs.tournament): the figures "
                        "(JSON) are rewritten to --out every --every deals, so a long run can "
                        "be read while it goes")
    p.add_argument("--out", type=Path, help="with --bots: the JSON file to write")
    p.add_argument("--metric", default="score", help="with --bots: score or card_points")
    p.add_argument("--paired", nargs=2, metavar=("LOG_A[:BOT]", "LOG_B[:BOT]"),
                   help="compare a bot of each of two field runs' logs (the first bot unless "
                        "named after a colon), board by board (with --metric), and print the "
                        "figures as JSON")
    p.add_argument("--field", action="store_true",
                   help="with --bots: the last bot is the field (tarot.runs.duplicate.seatings)")
    p.add_argument("--log", type=Path,
                   help="with --bots: a JSON-lines file holding every board's result; if it "
                        "exists, its boards are folded in first and the run goes on from the "
                        "next board (a long run can be stopped and resumed)")
    args = p.parse_args(argv)
    start = time.perf_counter()
    if args.paired:
        return paired(*args.paired, args.metric)
    if args.bots:
        return tournament(args, start)

    def report(c) -> None:
        if args.every and c.n % args.every == 0:
            low, high = c.ci95
            print(f"{c.n} deals: A - B {c.mean_diff:+.3f} [{low:+.3f}, {high:+.3f}] "
                  f"({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)

    c = compare(args.variant, args.a, args.b, args.deals, args.seed, parse_assignments(args.option),
                args.workers, report)
    elapsed = time.perf_counter() - start
    if args.json:
        print(json.dumps({**c.to_dict(), "seconds": round(elapsed, 1)}))
    else:
        print(c)
        print(f"  ({elapsed:.1f} s, {c.n * len(c.seatings) / elapsed:.0f} deals per second)")
    return 0


def read_log(path: Path) -> tuple[dict, list]:
    """The header and the board results (``BoardResult``) of a ``--log`` file, boards 0, 1, 2...
    in order (``SystemExit`` naming the line of anything else)."""
    from tarot.core.errors import TarotError
    from tarot.runs.duplicate import BoardResult

    lines = path.read_text(encoding="utf-8").splitlines()
    try:
        header = json.loads(lines[0]) if lines else None
    except ValueError:
        header = None
    if not isinstance(header, dict):
        raise SystemExit(f"{path}, line 1: not a log header")
    results = []
    for no, line in enumerate(lines[1:], 2):
        try:
            br = BoardResult.from_dict(json.loads(line))
        except (ValueError, TarotError) as e:
            raise SystemExit(f"{path}, line {no}: {e}") from None
        if br.board.index != len(results):
            raise SystemExit(f"{path}, line {no}: board {br.board.index}, expected board "
                             f"{len(results)}")
        results.append(br)
    return header, results


def log_entry(arg: str) -> tuple[Path, str | None]:
    """``LOG`` or ``LOG:BOT`` of ``--paired``: the log's path and the bot named (None: the
    first)."""
    path = Path(arg)
    if not path.exists() and ":" in arg:
        name, bot = arg.rsplit(":", 1)
        return Path(name), bot
    return path, None


def paired(a: str, b: str, metric: str) -> int:
    """``--paired A B``: a bot of log A against a bot of log B (the first bot of each, or the
    one named ``LOG:BOT``), two field runs (``--field``) of one variant, seed, options and
    field: per board, the difference of their gains over the field's par
    (``BoardResult.gain``), over the boards both logs hold, with a 95% interval, overall and
    per role. Bots measured in separate runs, or in one run of several bots, are thus compared
    on the same boards, seats and opponents."""
    from tarot.runs.stats import Running

    picked = []
    for arg in (a, b):
        path, bot = log_entry(arg)
        header, results = read_log(path)
        if not header.get("field"):
            raise SystemExit(f"{path}: not a field run (--field)")
        bots = header["bots"][:-1]
        if bot is not None and bot not in bots:
            raise SystemExit(f"{path}: no bot {bot!r} in this run; its bots are "
                             f"{', '.join(bots)} (the field: {header['bots'][-1]})")
        picked.append((header, results, bots.index(bot) if bot is not None else 0))
    (ha, ra, ia), (hb, rb, ib) = picked
    same = ("variant", "seed", "options")
    if any(ha[k] != hb[k] for k in same) or ha["bots"][-1] != hb["bots"][-1]:
        raise SystemExit(f"{a} and {b} are not runs of one variant, seed, options and field")
    total, roles = Running(), {}
    for x, y in zip(ra, rb):
        total.add(x.gain(ia, metric=metric) - y.gain(ib, metric=metric))
        for r in sorted({r for rs in x.roles.values() for r in rs}):
            gx, gy = x.gain(ia, role=r, metric=metric), y.gain(ib, role=r, metric=metric)
            if gx is not None and gy is not None:
                roles.setdefault(r, Running()).add(gx - gy)
    out = {"a": ha["bots"][ia], "b": hb["bots"][ib], "field": ha["bots"][-1],
           "variant": ha["variant"], "seed": ha["seed"], "metric": metric,
           **total.to_dict("mean_diff"), "roles": {r: v.to_dict("mean_diff") for r, v in roles.items()}}
    print(json.dumps(out, indent=1))
    return 0


def tournament(args: argparse.Namespace, start: float) -> int:
    """``--bots``: a tournament, its running figures saved to ``--out`` as it goes, and each
    board's result appended to ``--log`` (resumed from it if it exists)."""
    from tarot.runs.duplicate import board_results, check_entries
    from tarot.runs.tournament import METRICS, Tournament
    from tarot.core.deal import variant_class

    bots = args.bots.split(",")
    options = parse_assignments(args.option)
    if len(bots) < 2:
        raise SystemExit(f"a tournament needs at least two bots, not {args.bots!r}")
    if args.metric not in METRICS:
        raise SystemExit(f"unknown metric {args.metric!r}; use one of {', '.join(METRICS)}")
    check_entries(args.variant, bots, args.deals, options, args.field)
    t = Tournament(args.variant, bots, args.seed,
                   variant_class(args.variant).make_options(options).changed(), args.metric,
                   with_field=args.field)
    header = {"variant": t.variant, "bots": t.bots, "seed": t.seed, "options": dict(t.options)}
    if args.field:
        header["field"] = True

    def save() -> None:
        if args.out is None:
            return
        data = {**t.to_dict(), "seconds": round(time.perf_counter() - start, 1)}
        tmp = args.out.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        tmp.replace(args.out)

    log = None
    if args.log is not None:
        if args.log.exists():
            logged, results = read_log(args.log)
            if logged != header:
                raise SystemExit(f"{args.log}: its first line is not this run's header {header}")
            for br in results:
                t.add(br)
            print(f"{args.log}: {t.n} boards folded in, going on from board {t.n}",
                  file=sys.stderr, flush=True)
        else:
            args.log.write_text(json.dumps(header) + "\n", encoding="utf-8")
        log = args.log.open("a", encoding="utf-8")
    first = t.n  # boards folded in from the log
    try:
        # With a log, workers take one board at a time: each board is logged as soon as it is
        # played, and a stopped run loses at most one board a worker (a search bot's board
        # takes seconds; the pipe's cost per board matters only for rule bots).
        for br in board_results(args.variant, bots, args.deals, args.seed, options,
                                args.workers, start=t.n, field=args.field,
                                chunk=1 if log is not None else None):
            if log is not None:
                log.write(json.dumps(br.to_dict(), separators=(",", ":")) + "\n")
                log.flush()
            t.add(br)
            if args.every and t.n % args.every == 0:
                save()
                spent = time.perf_counter() - start
                left = (args.deals - t.n) * spent / (t.n - first)
                print(f"{t.n} deals ({spent:.0f} s; {args.deals - t.n} to go, about "
                      f"{left // 3600:.0f} h {left % 3600 // 60:02.0f} min at this pace)",
                      file=sys.stderr, flush=True)
    finally:
        if log is not None:
            log.close()
    save()
    print(json.dumps({**t.to_dict(), "seconds": round(time.perf_counter() - start, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
