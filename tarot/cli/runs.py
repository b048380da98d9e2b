"""``tarot simulate``, ``tournament`` and ``study``: bots playing many deals (docs/cli.md,
docs/studies.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from ..runs import simulate as sim
from ..core.deal import variant_class
from ..core.errors import TarotError, excerpt
from ..core.options import parse_assignments
from ..tui import (
    make_console, plural, comparison_tables, summary_tables,
)
from .common import (
    OptionArg, PlayersArg, bot_names, check_workers, checked_options, fail, levels_help,
    progress_bar, variants_help,
)


def simulate(
    variant: Annotated[str, typer.Argument(metavar="VARIANT", help=f"The game: {variants_help()}.")],
    deals: Annotated[int, typer.Option("--deals", "-n", help="Number of deals.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed: the same seed, the same deals and output.")] = 0,
    option: OptionArg = None,
    players: PlayersArg = None,
    bots: Annotated[str | None, typer.Option(
        help="One bot for every seat, or one per seat: rule,rule,random (default: rule). "
             f"Weakest first: {levels_help()}; `tarot bots` says what each does.")] = None,
    json_out: Annotated[bool, typer.Option(
        "--json", help="One JSON object per deal per line on stdout (the summary goes to stderr).")] = False,
    compare: Annotated[list[str] | None, typer.Option(
        "--compare", "-c", metavar="KEY=VALUE",
        help="Reading B (repeatable): every deal is played twice, under the options (reading A) "
             "and under them changed by these; the summary gives B - A deal by deal, with 95% "
             "intervals. With --json, each line says its \"reading\".")] = None,
    workers: Annotated[int, typer.Option(
        help="Worker processes (the output does not depend on it).")] = 1,
) -> None:
    """Bots play many deals; mean marques per seat and per source of payment."""
    values = checked_options(variant, option, players)
    players = variant_class(variant).players_for(values)
    if deals < 1:
        fail(f"--deals must be at least 1, not {deals}")
    check_workers(workers)
    if compare:
        _simulate_readings(variant, deals, seed, values, compare, bots, json_out, workers)
        return
    try:
        names = sim.resolve_bots(bot_names(bots), players)
        summaries = sim.simulate(variant, deals, seed, values, names, workers=workers)
    except TarotError as e:
        fail(str(e))
    err = make_console(plain=False, stderr=True)
    cls = variant_class(variant)
    agg = sim.Aggregate(players, cls.SOURCES, cls.seat_step(values))
    write = sys.stdout.write
    with progress_bar("simulating", err) as progress:
        task = progress.add_task("simulate", total=deals)
        for s in summaries:
            agg.add(s)
            if json_out:
                write(s.to_json() + "\n")
            progress.advance(task)
    sys.stdout.flush()
    out = err if json_out else make_console(plain=False)
    opts = ", ".join(f"{k}={v}" for k, v in values.items()) or "defaults"
    out.print(f"{variant}: {deals} deals, seed {seed}, bots {','.join(names)}, options: {opts}")
    for item in summary_tables(agg, names, variant, width=out.width):
        out.print(item)


def _simulate_readings(variant: str, deals: int, seed: int, values: dict[str, str], compare: list[str],
                       bots: str | None, json_out: bool, workers: int) -> None:
    """``tarot simulate --compare``: the same deals under reading A (``values``) and reading B."""
    cls = variant_class(variant)
    try:
        names = sim.resolve_bots(bot_names(bots), cls.players_for(values))
    except TarotError as e:
        fail(str(e))
    try:
        reading = parse_assignments(compare)
        pairs = sim.compare(variant, deals, seed, values, reading, names, workers=workers)
        opts_b = cls.make_options({**values, **reading})
    except TarotError as e:
        fail(f"--compare: {e}")
    err = make_console(plain=False, stderr=True)
    readings = sim.Readings(cls.players_for(values), cls.SOURCES, cls.seat_step(values), cls.seat_step(opts_b))
    write = sys.stdout.write
    with progress_bar("simulating", err) as progress:
        task = progress.add_task("simulate", total=deals)
        for a, b in pairs:
            readings.add(a, b)
            if json_out:
                for label, s in (("A", a), ("B", b)):
                    write(json.dumps({"reading": label, **s.to_dict()}, separators=(",", ":")) + "\n")
            progress.advance(task)
    sys.stdout.flush()
    out = err if json_out else make_console(plain=False)
    opts = ", ".join(f"{k}={v}" for k, v in values.items()) or "defaults"
    changed = ", ".join(f"{k}={opts_b[k]}" for k in reading)
    out.print(f"{variant}: {deals} deals, seed {seed}, bots {','.join(names)}; reading A: options {opts}; "
              f"reading B: A with {changed}")
    for item in comparison_tables(readings, variant, width=out.width):
        out.print(item)


def tournament(
    variant: Annotated[str, typer.Argument(metavar="VARIANT", help=f"The game: {variants_help()}.")],
    bots: Annotated[str, typer.Option(
        help="Two or more bots, separated by commas, e.g. search-easy,rule. Weakest first: "
             f"{levels_help()}; `tarot bots` says what each does.")],
    deals: Annotated[int, typer.Option("--deals", "-n", help="Number of boards (duplicate deals).")] = 100,
    seed: Annotated[int, typer.Option(help="Seed: the same seed, the same boards and figures.")] = 0,
    workers: Annotated[int, typer.Option(help="Worker processes (the figures do not depend on it).")] = 1,
    option: OptionArg = None,
    json_out: Annotated[bool, typer.Option("--json", help="The figures as one JSON document on stdout.")] = False,
    metric: Annotated[str, typer.Option(help="What is compared: score, or card_points.")] = "score",
    field: Annotated[bool, typer.Option(
        "--field", help="The last bot is the field: each other bot plays one seat at a time "
                        "against it, and is measured against the field's own score in that "
                        "seat.")] = False,
) -> None:
    """Bots against each other on duplicate deals, with 95% intervals.

    Mean per seat, paired differences with a 95% interval, per role, and decision times."""
    import json

    from ..runs.tournament import run_tournament

    values = checked_options(variant, option)
    names = bot_names(bots) or []
    if len(names) < 2:
        fail(f"--bots {excerpt(bots)}: a tournament needs at least two bots, e.g. search-easy,rule")
    if deals < 1:
        fail(f"--deals must be at least 1, not {deals}")
    check_workers(workers)
    err = make_console(plain=False, stderr=True)
    try:
        with progress_bar("boards", err) as progress:
            task = progress.add_task("tournament", total=deals)
            t = run_tournament(variant, names, deals, seed, values, workers,
                               progress=lambda t: progress.update(task, completed=t.n), metric=metric,
                               field=field)
    except TarotError as e:
        fail(str(e))
    data = t.to_dict()
    if json_out:
        sys.stdout.write(json.dumps(data, indent=1) + "\n")
        return
    from rich import box
    from rich.table import Table

    out = make_console(plain=False)
    opts = ", ".join(f"{k}={v}" for k, v in values.items()) or "defaults"
    out.print(f"{variant}: {plural(t.n, 'noun.board')} x {plural(len(data['seatings']), 'noun.seating')}, "
              f"seed {seed}, options: {opts}")
    roles = sorted({r for e in data["entries"] for r in e["roles"]})
    what = metric.replace('_', ' ')
    title = (f"{what} per deal per seat over the field's ({data['field']}) in the same seat"
             if field else f"mean {what} per deal per seat")

    def ci(x: dict) -> str:
        if x["n"] < 2:
            return "n/a"  # one value: no interval
        return f"[{x['ci95'][0]:+.3f}, {x['ci95'][1]:+.3f}]"

    def long_table(title: str, head: str, key: str, rows: list[tuple[str, dict]]) -> Table:
        """One row for all the values, then one per role (dimmed), with its count: as many
        roles as the game has, the table still fits 80 columns, no vertical rules."""
        t = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True,
                  title_justify="left")
        t.add_column(head)
        t.add_column("as", no_wrap=True)
        for col in ("boards", "mean", "95% CI"):
            t.add_column(col, justify="right", no_wrap=True)
        for label, x in rows:
            t.add_row(label, "all", str(x["n"]), f"{x[key]:+.3f}", ci(x))
            for r in roles:
                if r in x["roles"]:
                    y = x["roles"][r]
                    t.add_row("", r, str(y["n"]), f"{y[key]:+.3f}", ci(y), style="dim")
        return t

    out.print(long_table(title, "bot", "mean", [(e["bot"], e) for e in data["entries"]]))
    out.print(long_table("paired differences, 95% CI over boards", "A - B", "mean_diff",
                         [(f"{p['a']} - {p['b']}", p) for p in data["pairs"]]))
    times = Table(title="decision times", box=box.SIMPLE_HEAD, pad_edge=False,
                  collapse_padding=True, title_justify="left")
    for col in ("bot", "decisions", "p50 ms", "p99 ms", "max ms"):
        times.add_column(col, justify="left" if col == "bot" else "right", no_wrap=True)
    for entry in data["entries"]:
        tm = entry["time"]
        times.add_row(entry["bot"], str(tm["decisions"]), f"{tm['p50_ms']:.2f}", f"{tm['p99_ms']:.2f}",
                      f"{tm['max_ms']:.2f}")
    out.print(times)


def study(
    target: Annotated[str, typer.Argument(
        metavar="VARIANT|FILE.toml", help="The game of the baseline reading, or a study file (docs/studies.md).")],
    compare: Annotated[list[str] | None, typer.Option(
        "--compare", "-c", metavar="KEY=VALUE[,KEY=VALUE]",
        help="A reading compared with the baseline (repeatable: one reading each).")] = None,
    option: OptionArg = None,
    bots: Annotated[str | None, typer.Option(help="One bot for every seat, or one per seat (default: rule).")] = None,
    skill: Annotated[list[str] | None, typer.Option(
        metavar="BETTER:WEAKER", help="Bots whose gain measures the share of skill (repeatable; "
        "default rule:random; 'none' for none).")] = None,
    deals: Annotated[int | None, typer.Option("--deals", "-n", help="Deals per reading (default 1000).")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed: the same seed, the same deals and figures.")] = None,
    out: Annotated[Path | None, typer.Option(help="Directory of the reports and checkpoint (default: study-SEED).")] = None,
    workers: Annotated[int | None, typer.Option(help="Worker processes (default: every CPU).")] = None,
    ray: Annotated[str | None, typer.Option(
        "--ray", metavar="[ADDRESS]",
        help="Run on Ray: a local Ray started here, or the cluster at ADDRESS (HOST:PORT).")] = None,
) -> None:
    """The same deals under several readings of the rules: figures with paired intervals, in
    HTML, Markdown and JSON reports (an interrupted study resumes from its checkpoint)."""
    from ..runs import study as st
    from ..runs import study_report
    from ..runs.pool import cpu_count

    workers = cpu_count() if workers is None else workers
    check_workers(workers)
    try:
        if target.endswith(".toml"):
            if compare or option or bots or skill:
                raise TarotError("a study file says its readings, options, bots and skill itself: "
                                 "only --deals, --seed, --out, --workers and --ray go with it")
            plan = st.load(Path(target), deals, seed)
        else:
            if not compare:
                raise TarotError("give at least one reading to compare: --compare KEY=VALUE")
            pairs = [] if skill == ["none"] else [st.parse_skill(p) for p in skill or ["rule:random"]]
            question = st.Question.make(target, list(compare), parse_assignments(option or []))
            plan = st.Study.make([question], 1000 if deals is None else deals, 0 if seed is None else seed,
                                 bot_names(bots) or [], pairs)
        folder = out or Path(f"study-{plan.seed}")
        if folder.exists() and not folder.is_dir():
            raise TarotError(f"--out {excerpt(str(folder))} is a file, not a directory")
        st.load_checkpoint(folder, plan)  # a checkpoint of another study is refused before any run
    except TarotError as e:
        fail(str(e))
    import signal

    def stop(signum, frame):  # a study stopped by kill: as by Ctrl-C, its chunks kept
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop)
    err = make_console(plain=False, stderr=True)
    command = _study_command(target, compare, option, bots, skill, plan, folder)
    try:
        with progress_bar("studying", err) as progress:
            task = progress.add_task("study", total=plan.deals * len(plan.questions))
            started: list[int] = []

            def advance(done: int, total: int) -> None:
                if not started:  # deals of a checkpoint resumed: not counted in the speed and ETA
                    progress.reset(task, total=total, completed=done)
                    started.append(done)
                progress.update(task, completed=done)
            tally = st.run(plan, folder, workers, None if ray in (None, "local") else ray, ray is not None, advance)
    except TarotError as e:
        fail(str(e))
    except KeyboardInterrupt:
        fail(f"interrupted: the finished chunks are in {folder / st.CHECKPOINT}; the same command resumes", 130)
    files = study_report.write(folder, study_report.summarise(plan, tally), command)
    make_console(plain=False).print("wrote " + ", ".join(str(f) for f in files), highlight=False)


def _study_command(target: str, compare: list[str] | None, option: list[str] | None, bots: str | None,
                   skill: list[str] | None, plan, folder: Path) -> str:
    """The command that makes a study's reports again, for their first lines."""
    import shlex

    words = ["tarot", "study", target]
    for flag, values in (("--compare", compare), ("--option", option), ("--skill", skill)):
        for v in values or []:
            words += [flag, v]
    if bots:
        words += ["--bots", bots]
    words += ["--deals", str(plan.deals), "--seed", str(plan.seed), "--out", str(folder)]
    return " ".join(shlex.quote(w) for w in words)
