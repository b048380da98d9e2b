"""The ``tarot`` command: ``play``, ``simulate``, ``tournament``, ``replay``, ``review``, ``puzzles``, ``challenge``, ``rules``,
``bots`` and ``serve`` (typer + rich).

A thin layer: the rules are the engine's, the simulation loop is ``tarot.runs.simulate``, and the
terminal rendering and play loop are ``tarot.tui``. Bad input (an unknown variant, option,
value or bot, an unknown flag, a value that is not a number) is refused in one line, ``tarot:
...``, with exit code 2 and without a traceback. See ``docs/cli.md``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from typer.core import TyperGroup

from . import COMPILED, __version__
from .bots import bot_levels
from .runs import simulate as sim
from .core.deal import VARIANTS, variant_class
from .core.errors import MAX_MESSAGE_CHARS, RecordError, TarotError, UnknownVariantError, excerpt, shorten
from .core.options import parse_assignments
from .tui import (
    PlaySession, console_reader, make_console, options_table, plural, seat_names, show_replay, stdin_reader,
    comparison_tables, summary_tables, variants_table,
)

#: The base of the parser's errors (``typer.BadParameter`` and every other usage error derive from
#: it), found from typer's public class whichever click typer carries (its own copy, or click).
_ClickException = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


def _given(e: Exception, args: list[str]) -> str | None:
    """The token given to the option that ``e`` refuses (``--seed x``, ``--seed=x``), if any."""
    opts = getattr(getattr(e, "param", None), "opts", None) or []
    for i, arg in enumerate(args):
        for opt in opts:
            if arg == opt and i + 1 < len(args):
                return args[i + 1]
            if opt.startswith("--") and arg.startswith(opt + "="):
                return arg[len(opt) + 1:]
    return None


def _usage_line(e: Exception, args: list[str], commands: Sequence[str]) -> str:
    """A usage error of the parser (an unknown flag or command, a missing or malformed value)
    in one line, as the command's own errors are: what is wrong, naming the token given, and
    where the help is."""
    ctx = getattr(e, "ctx", None)
    if ctx is not None:
        where = ctx.command_path
    else:  # an option without its value: the parser does not say in which command
        where = "tarot" + (f" {args[0]}" if args and args[0] in commands else "")
    given = _given(e, args)
    if type(e).__name__ == "NoSuchOption":  # the near ones, by name
        near = [n for n in getattr(e, "possibilities", None) or [] if n not in ("-h", "--help")]
        said = f"no such option {e.option_name}" + (  # type: ignore[attr-defined]
            f" (did you mean {' or '.join(near)}?)" if near else "")
    elif given is not None and repr(given) not in e.message:  # type: ignore[attr-defined]
        # a value refused by its type, whose reason may not quote it ("Input should be a valid
        # integer, unable to parse ..."): the option, the value, the reason's first words
        reason = e.message.split(", ")[0].rstrip(".")  # type: ignore[attr-defined]
        said = f"invalid value for {'/'.join(e.param.opts)}: {given!r} ({reason[:1].lower()}{reason[1:]})"  # type: ignore[attr-defined]
    else:
        said = " ".join(e.format_message().split()).rstrip(".")  # type: ignore[attr-defined]
        said = said[:1].lower() + said[1:]
    # printable and bounded, whatever the tokens given (issue 33)
    return f"tarot: {shorten(said, MAX_MESSAGE_CHARS)}; see {where} --help"


def _bare_ray(argv: list[str]) -> list[str]:
    """``tarot study ... --ray`` with no address (last, or before another option) read as
    ``--ray=local``: the parser's options take a value or none, not either."""
    if argv[:1] != ["study"]:
        return argv
    return [a + "=local" if a == "--ray" and (i + 1 == len(argv) or argv[i + 1].startswith("-")) else a
            for i, a in enumerate(argv)]


class _Tarot(TyperGroup):
    """The ``tarot`` group, its parse errors told in one line (``_usage_line``) rather than in
    click's usage block, under the name ``tarot`` however it was started (``python -m tarot``)."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        argv = _bare_ray(list(sys.argv[1:] if args is None else args))
        try:
            code = super().main(argv, prog_name or "tarot", complete_var, standalone_mode=False, **extra)
        except _ClickException as e:
            if not standalone_mode:
                raise
            if type(e).__name__ == "NoArgsIsHelpError":  # a bare ``tarot``: the help, as asked
                e.show()
            else:
                sys.stderr.write(_usage_line(e, argv, list(self.commands)) + "\n")
            sys.exit(e.exit_code)
        except typer.Abort:
            if not standalone_mode:
                raise
            sys.stderr.write("tarot: aborted\n")
            sys.exit(1)
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=_Tarot,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    # click's plain help: a flag is shown as a flag (typer's rich panels write `--json <bool>`)
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Tarot card games, historical and modern: play Marolles 1637, early French Tarot or "
         "modern French Tarot against bots in the terminal, simulate thousands of deals, match "
         "bots on duplicate deals, replay records, list the rule options and the bots.",
)


def _version(shown: bool) -> None:
    if shown:
        engine = "compiled with mypyc" if COMPILED else "pure Python"
        typer.echo(f"tarot {__version__} (engine: {engine}; Python {sys.version.split()[0]})")
        raise typer.Exit()


@app.callback()
def _tarot(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Print the version and which engine runs (pure Python or compiled), and exit.")] = False,
) -> None:
    pass


def _variants() -> str:
    """The variants, for a command's help: the registry's, as ``tarot rules`` lists them."""
    return ", ".join(sorted(VARIANTS))


def _levels() -> str:
    """The bots offered to players, weakest first, for a command's help."""
    return ", ".join(bot_levels())


OptionArg = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="KEY=VALUE",
    help="A rule option (repeatable); `tarot rules VARIANT` lists them.")]


def _fail(message: str, code: int = 2) -> None:
    # printable and bounded, whatever input the message quotes (issue 33)
    make_console(plain=True, stderr=True).print(f"tarot: {shorten(message, MAX_MESSAGE_CHARS)}")
    raise typer.Exit(code)


def _check_workers(workers: int) -> None:
    """``--workers`` from 1 to the machine's CPUs (issue 33: a call asked for 10^6 processes)."""
    from .runs.pool import cpu_count

    if workers < 1:
        _fail(f"--workers must be at least 1, not {workers}")
    if workers > cpu_count():
        _fail(f"--workers {workers} is more than this machine's {cpu_count()} CPUs: use at most {cpu_count()}")


PlayersArg = Annotated[int | None, typer.Option(
    help="Number of players, for a game that takes several (early-french: 2..6); "
         "the same as --option players=N.")]


def _games_for(players: int) -> str:
    """`` (games for N players: ...)``, to point a refused ``--players`` to them."""
    from .core.deal import VARIANTS

    games = sorted(name for name, cls in VARIANTS.items() if players in cls.player_counts())
    return f" (games for {players} players: {', '.join(games)})" if games else ""


def _setup(variant: str, option: list[str] | None, players: int | None = None) -> dict[str, str]:
    """The option assignments, checked against the variant (exit 2 with the reason if bad),
    each value in the form the game reads it."""
    try:
        values = parse_assignments(option or [])
        if players is not None:
            if not any(o.key == "players" for o in variant_class(variant).OPTIONS):
                raise TarotError(f"{variant} is played by {variant_class(variant).PLAYERS} "
                                 f"players: --players does not apply{_games_for(players)}")
            if "players" in values:  # a value the game does not take is named as such first
                given = sim.check_setup(variant, values)["players"]
                if str(given) != str(players):
                    raise TarotError(f"--players {players} contradicts --option players={values['players']}")
            values["players"] = str(players)
        opts = sim.check_setup(variant, values)
    except UnknownVariantError as e:
        # ``--script true``: the flag takes no value, so the word was read as the variant
        flag = variant.lower() in ("true", "false", "yes", "no", "on", "off", "1", "0")
        _fail(f"{e}{' (a flag such as --script or --json takes no value)' if flag else ''}")
    except TarotError as e:
        _fail(str(e))
    return {k: opts[k] for k in values}  # as the game reads them: "+10" is 10, "Yes" is true


def _progress(label: str, console):
    """A progress bar with a count, the time spent and the time left, on a terminal only."""
    from rich.progress import (
        BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn,
    )

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("eta"), TimeRemainingColumn())
    return Progress(*columns, console=console, disable=not console.is_terminal)


def _bot_names(text: str | None) -> list[str] | None:
    """The bots of ``--bots A,B``, each a level of ``tarot bots`` or a research setting of
    docs/strength.md (which no message lists)."""
    if text is None:
        return None
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        _fail(f"--bots {excerpt(text)}: give bot names separated by commas, e.g. rule,random")
    from .bots import make_bot

    for name in dict.fromkeys(names):
        try:
            make_bot(name, seed=0)
        except TarotError as e:
            _fail(f"--bots: {e} (`tarot bots` says what each does)")
    return names


def _games_folder(games: Path | None, no_save: bool, script: bool, made: bool = True) -> Path | None:
    """Where the games are saved: ``--games``, else the games folder, none with ``--no-save``
    (a script saves only where it is told: it is a tool's run, not a game). With ``made``, the
    folder is made now, not after a deal played for nothing; a folder that cannot be is refused."""
    from .play import games_folder

    folder = None if no_save or (script and games is None) else (games or games_folder())
    if folder is not None and made:
        from . import records
        try:
            folder.mkdir(parents=True, exist_ok=True)
            records.check_record_paths([folder / "game.txt"])
        except (OSError, RecordError) as e:
            reason = e if isinstance(e, RecordError) else f"cannot make {folder}: {e.strerror or e}"
            _fail(f"--games: {reason} (choose another with --games DIR, or --no-save)")
    return folder


@app.command()
def play(
    variant: Annotated[str, typer.Argument(
        metavar="VARIANT", help=f"The game to play: {_variants()}.")] = "marolles-1637",
    seed: Annotated[int | None, typer.Option(help="Seed of the match: the same seed, the same deals.")] = None,
    seat: Annotated[int, typer.Option(help="Your seat (0 = the first seat; play goes 0 → 1 → 2 …, or the other way in a "
                  "clockwise game).")] = 0,
    bots: Annotated[str | None, typer.Option(
        help="The bots in the other seats, in order of play after you, e.g. rule,random, or "
             f"one name for all (default: rule). Weakest first: {_levels()}; `tarot bots` says "
             "what each does.")] = None,
    option: OptionArg = None,
    players: PlayersArg = None,
    deals: Annotated[int | None, typer.Option(
        help="Number of deals; the deal passes in the direction of play. Default: the game to its "
             "target where the game has one (early-french: to 50), else deal after deal until you "
             "quit; one deal with --script or --record.")] = None,
    record: Annotated[Path | None, typer.Option(
        help="Save each deal's record to this file instead (JSON for a .json name, else text; with "
             "several deals: FILE-1, FILE-2...).")] = None,
    games: Annotated[Path | None, typer.Option(
        help="The folder every deal is saved in (default: $XDG_DATA_HOME/tarot/games, else "
             "~/.local/share/tarot/games).")] = None,
    no_save: Annotated[bool, typer.Option(
        "--no-save", help="Save no record (a --script game saves only with --record or --games).")] = False,
    resume: Annotated[Path | None, typer.Option(
        help="Go on with a game saved by tarot play (a deal left unfinished, or the last deal "
             "played): the same cards, seats and totals; the game's flags come from the file.")] = None,
    script: Annotated[bool, typer.Option(
        "--script", help="Non-interactive: one move per line from stdin, no prompts, plain text; "
                         "illegal input or the end of input before the deal ends exits with code 1.")] = False,
    lang: Annotated[str, typer.Option(
        "--lang", help="The language the table speaks: en or fr (French card and rule names; the "
                       "commands you type stay the same).")] = "en",
) -> None:
    """Play against bots in the terminal, deal after deal, with every payment and the counting
    explained; every deal is saved (docs/cli.md)."""
    from .explain import use_language
    from .play import TableSession, game_base, new_game_path

    if lang not in ("en", "fr"):
        _fail(f"--lang must be en or fr, not {lang[:20]!r}")
    use_language(lang)

    if deals is not None and deals < 1:
        _fail(f"--deals must be at least 1, not {deals}")
    if no_save and record is not None:
        _fail("--no-save and --record contradict each other")
    if record is not None or resume is not None or not no_save:
        try:
            from . import records
        except ImportError:
            _fail("saving a game needs tarot.records, which is not installed (or give --no-save)")
    folder = _games_folder(games, no_save, script, made=record is None or games is not None)
    table = None
    if resume is not None:
        try:
            saved = records.load_record(resume)
            round_tag = saved.tags.get("Round", "")
            number = int(round_tag) if round_tag.isascii() and round_tag.isdigit() and len(round_tag) < 7 else 1
            to = record if record is not None else None if no_save else game_base(resume, number)
            table = TableSession.resume(saved, path=None if no_save else resume, record_to=to, seed=seed,
                                        fallback=folder)
        except RecordError as e:
            _fail(f"--resume: {e}", 1)
        assert table is not None
        if not table.people:
            _fail(f"--resume: {resume} has no person's seat to go on with", 1)
        if deals is not None:
            table.deals = deals
        variant, values, seat = saved.variant, dict(saved.options), table.people[0]
        names: list[str] = []
        deals = table.deals
    else:
        values = _setup(variant, option, players)
        cls = variant_class(variant)
        n_players = cls.players_for(values)
        if not 0 <= seat < n_players:
            _fail(f"--seat must be a seat 0..{n_players - 1}, not {seat}")
        try:  # one bot for each other seat
            names = sim.resolve_bots(_bot_names(bots), n_players - 1)
        except TarotError as e:
            _fail(f"--bots: {e}")
        if deals is None and (script or record is not None):
            deals = 1  # a script or a record file is one deal unless told otherwise
        if record is None and folder is not None:
            record = new_game_path(folder, variant)
        if record is not None:
            # the first file is checked now; each other one when its deal is saved (a deal that
            # cannot be written there goes to the games folder, or is shown whole)
            from .tui import record_path
            try:
                records.check_record_paths([record_path(record, 1, deals)])
            except RecordError as e:
                _fail(f"--record: {e}")
    out = make_console(plain=script)
    session = PlaySession(out, variant, values, seed, seat, names, deals, record, script,
                          stdin_reader() if script else console_reader(out), fallback=folder, table=table)
    try:
        code = session.run()
    except RecordError as e:
        _fail(str(e), 1)
    except KeyboardInterrupt:  # between deals (in a deal, the session saves it first)
        code = 130
    raise typer.Exit(code)


@app.command()
def simulate(
    variant: Annotated[str, typer.Argument(metavar="VARIANT", help=f"The game: {_variants()}.")],
    deals: Annotated[int, typer.Option("--deals", "-n", help="Number of deals.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed: the same seed, the same deals and output.")] = 0,
    option: OptionArg = None,
    players: PlayersArg = None,
    bots: Annotated[str | None, typer.Option(
        help="One bot for every seat, or one per seat: rule,rule,random (default: rule). "
             f"Weakest first: {_levels()}; `tarot bots` says what each does.")] = None,
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
    values = _setup(variant, option, players)
    players = variant_class(variant).players_for(values)
    if deals < 1:
        _fail(f"--deals must be at least 1, not {deals}")
    _check_workers(workers)
    if compare:
        _simulate_readings(variant, deals, seed, values, compare, bots, json_out, workers)
        return
    try:
        names = sim.resolve_bots(_bot_names(bots), players)
        summaries = sim.simulate(variant, deals, seed, values, names, workers=workers)
    except TarotError as e:
        _fail(str(e))
    err = make_console(plain=False, stderr=True)
    cls = variant_class(variant)
    agg = sim.Aggregate(players, cls.SOURCES, cls.seat_step(values))
    write = sys.stdout.write
    with _progress("simulating", err) as progress:
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
        names = sim.resolve_bots(_bot_names(bots), cls.players_for(values))
    except TarotError as e:
        _fail(str(e))
    try:
        reading = parse_assignments(compare)
        pairs = sim.compare(variant, deals, seed, values, reading, names, workers=workers)
        opts_b = cls.make_options({**values, **reading})
    except TarotError as e:
        _fail(f"--compare: {e}")
    err = make_console(plain=False, stderr=True)
    readings = sim.Readings(cls.players_for(values), cls.SOURCES, cls.seat_step(values), cls.seat_step(opts_b))
    write = sys.stdout.write
    with _progress("simulating", err) as progress:
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


@app.command()
def tournament(
    variant: Annotated[str, typer.Argument(metavar="VARIANT", help=f"The game: {_variants()}.")],
    bots: Annotated[str, typer.Option(
        help="Two or more bots, separated by commas, e.g. search-easy,rule. Weakest first: "
             f"{_levels()}; `tarot bots` says what each does.")],
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

    from .runs.tournament import run_tournament

    values = _setup(variant, option)
    names = _bot_names(bots) or []
    if len(names) < 2:
        _fail(f"--bots {excerpt(bots)}: a tournament needs at least two bots, e.g. search-easy,rule")
    if deals < 1:
        _fail(f"--deals must be at least 1, not {deals}")
    _check_workers(workers)
    err = make_console(plain=False, stderr=True)
    try:
        with _progress("boards", err) as progress:
            task = progress.add_task("tournament", total=deals)
            t = run_tournament(variant, names, deals, seed, values, workers,
                               progress=lambda t: progress.update(task, completed=t.n), metric=metric,
                               field=field)
    except TarotError as e:
        _fail(str(e))
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


@app.command()
def replay(file: Annotated[str, typer.Argument(help="A record, text or JSON.")]) -> None:
    """Replay a record (text or JSON) trick by trick, with every payment and the result."""
    try:
        from .records import load_record
    except ImportError:
        _fail("replay needs tarot.records, which is not installed")
    out = make_console(plain=False)
    try:
        show_replay(out, load_record(file))
    except RecordError as e:
        _fail(str(e), 1)


@app.command()
def review(
    file: Annotated[str, typer.Argument(help="A finished or unfinished record, text or JSON.")],
    seat: Annotated[list[int] | None, typer.Option(help="A seat to review (0 = the first; repeat "
                                                   "for several). Default: every seat.")] = None,
    worlds: Annotated[int, typer.Option(help="Deals drawn from the seat's view to weigh each "
                                        "decision (more: surer, slower).", min=1, max=10_000)] = 32,
    seed: Annotated[int, typer.Option(help="Seed of the deals drawn (the same seed, the same review).")] = 0,
    json_out: Annotated[bool, typer.Option("--json", help="The whole review as one JSON object.")] = False,
) -> None:
    """Review a deal: each decision weighed from the seat's view, the best option, the loss."""
    from .records import load_record
    from .runs.review import review as make_review
    from .tui.review import review_tables

    out = make_console(plain=False)
    err = make_console(plain=False, stderr=True)
    try:
        record = load_record(file)
        with _progress("reviewing", err) as progress:
            task = progress.add_task("review", total=None)
            done = make_review(record, seats=seat, worlds=worlds, seed=seed,
                               progress=lambda n, total: progress.update(task, completed=n, total=total))
    except TarotError as e:
        _fail(str(e), 1)
    if json_out:
        print(json.dumps(done.to_dict(), ensure_ascii=False))
        return
    players = variant_class(record.variant).players_for(record.options)
    names = seat_names(players)
    for table in review_tables(done, names):
        out.print(table)


@app.command()
def puzzles(
    variant: Annotated[str, typer.Argument(help="The game of the puzzles (shipped: marolles-1637, fft-4p).")] = "marolles-1637",
    number: Annotated[int, typer.Option(help="The puzzle to start from (1 = the first).", min=1)] = 1,
    script: Annotated[bool, typer.Option(help="Read one card a line from stdin, no prompt.")] = False,
    mine: Annotated[str | None, typer.Option(metavar="FILE", help="Instead: mine puzzles from deals of "
                                             "the rule bots into FILE, one JSON line each.")] = None,
    deals: Annotated[int, typer.Option(help="With --mine: deals to mine.", min=1, max=10_000_000)] = 100,
    count: Annotated[int | None, typer.Option(help="With --mine: stop after this many puzzles.", min=1)] = None,
    seed: Annotated[int, typer.Option(help="With --mine: the seed of the deals.")] = 1,
    margin: Annotated[float | None, typer.Option(help="With --mine: the least lead of the answer over "
                                                 "every other card (default: the game's mistake size).")] = None,
) -> None:
    """Puzzles from real deals: one card is clearly best; find it (docs/review.md)."""
    import itertools

    from .runs.puzzles import PuzzleError, mine as mine_puzzles, shipped
    from .tui.puzzles import run_puzzles

    try:
        variant_class(variant)
    except TarotError as e:
        _fail(str(e))
    out = make_console(plain=script)
    if mine is not None:
        path = Path(mine)
        if path.exists():
            _fail(f"{excerpt(mine)} exists already: --mine writes a new file")
        try:
            found = [p.to_json() for p in itertools.islice(mine_puzzles(variant, deals, seed, margin=margin), count)]
            path.write_text("".join(line + "\n" for line in found), encoding="utf-8")
        except (PuzzleError, OSError) as e:
            _fail(str(e), 1)
        out.print(f"{len(found)} puzzles from {deals} deals written to {path}", highlight=False)
        return
    ready = shipped(variant)
    if not ready:
        _fail(f"no puzzles ship for {variant}; mine some with --mine FILE")
    if number > len(ready):
        _fail(f"--number {number}: there are {len(ready)} puzzles for {variant}")
    run_puzzles(out, ready, number, stdin_reader() if script else console_reader(out))


@app.command()
def challenge(
    variant: Annotated[str, typer.Argument(metavar="VARIANT", help=f"The game: {_variants()}.")] = "marolles-1637",
    challenge_id: Annotated[str | None, typer.Option(
        "--id", help="The challenge: any short text; the same id, the same deals for everyone (default: "
                     "VARIANT:today's date, today's challenge).")] = None,
    deals: Annotated[int, typer.Option(help="Number of deals (boards) of the challenge.")] = 16,
    seat: Annotated[int, typer.Option(help="Your seat (0 = the first).")] = 0,
    bots: Annotated[str | None, typer.Option(
        help="The bots: one name for every seat, or one per seat; the one in your seat is the bot you "
             f"are compared with (default: rule). Weakest first: {_levels()}.")] = None,
    option: OptionArg = None,
    name: Annotated[str, typer.Option(help="Your name on the result.")] = "",
    games: Annotated[Path | None, typer.Option(
        help="The folder the deals and the result are saved in (default: the games folder of tarot play; "
             "a --script run saves only with --games).")] = None,
    no_save: Annotated[bool, typer.Option("--no-save", help="Save neither the deals nor the result.")] = False,
    show: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Instead: show a saved challenge result again.")] = None,
    script: Annotated[bool, typer.Option(
        "--script", help="Non-interactive: one move per line from stdin, no prompts, plain text.")] = False,
    lang: Annotated[str, typer.Option("--lang", help="The language the table speaks: en or fr.")] = "en",
) -> None:
    """A duplicate challenge: the same deals for everyone with the same id, played in one seat
    against bots, compared board by board with a bot in your seat (docs/review.md)."""
    from .explain import use_language
    from .play import new_game_path
    from .runs.challenge import Challenge, ChallengeResult
    from .tui.challenge import run_challenge, show_result

    if lang not in ("en", "fr"):
        _fail(f"--lang must be en or fr, not {lang[:20]!r}")
    use_language(lang)
    out = make_console(plain=script)
    if show is not None:
        try:
            show_result(out, ChallengeResult.load(show))
        except TarotError as e:
            _fail(f"--show: {e}", 1)
        return
    values = _setup(variant, option)
    try:
        made = Challenge.make(variant, challenge_id, deals, seat, _bot_names(bots), values)
    except TarotError as e:
        _fail(str(e))
    folder = _games_folder(games, no_save, script)
    record = None if folder is None else new_game_path(folder, f"{variant}-challenge")
    code, result = run_challenge(out, made, name, script, stdin_reader() if script else console_reader(out),
                                 record, folder)
    if result is not None:
        show_result(out, result)
        if record is not None:
            from .explain import say
            path = record.with_name(record.stem + ".json")
            try:
                result.save(path)
                out.print(say("challenge.saved", path=path), highlight=False)
            except OSError as e:
                out.print(say("challenge.not_saved", path=path, reason=e.strerror or e), highlight=False)
    raise typer.Exit(code)


@app.command()
def rules(variant: Annotated[str | None, typer.Argument(
        metavar="VARIANT", help=f"A variant ({_variants()}); without it, the list of variants.")] = None,
) -> None:
    """List the options of a variant, or the variants."""
    out = make_console(plain=False)
    if variant is None:
        out.print(variants_table())
        return
    try:
        cls = variant_class(variant)
    except TarotError as e:
        _fail(str(e))
    out.print(options_table(cls, width=out.width, wraps=not out.soft_wrap))
    out.print("Sources: docs/rules/sources.md; each game's rules: docs/rules/README.md", highlight=False)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    database: Annotated[str | None, typer.Option(
        metavar="URL", help="The database (SQLAlchemy URL, e.g. postgresql+psycopg://...); default "
                            "$TAROT_DATABASE_URL, else a SQLite file in the data folder.")] = None,
) -> None:
    """Serve live tables of people and bots in the browser (docs/web.md)."""
    try:
        import uvicorn

        from .web.app import create_app
        from .web.store import StoreError, default_url, upgrade
    except ImportError as e:
        _fail(f"tarot serve needs the web extra ({e.name} is not installed): pip install 'tarot-games[web]'")
    if not 0 < port < 65536:
        _fail(f"--port must be 1..65535, not {port}")
    url = database or default_url()
    try:
        upgrade(url)  # a database that cannot be reached is named here, in one line
    except StoreError as e:
        _fail(str(e), 1)
    # ws_max_size: a client's frame is at most 4 KiB (docs/web-protocol.md); far larger closes
    uvicorn.run(create_app(url), host=host, port=port, ws_max_size=65536, log_level="warning")


@app.command()
def bots() -> None:
    """The bots to play against or to match, weakest first, with what each does."""
    from rich import box
    from rich.table import Table

    out = make_console(plain=False)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("bot", no_wrap=True)
    table.add_column("what it does")
    for name, text in bot_levels().items():
        table.add_row(name, text)
    out.print(table)
    out.print("For every command that takes --bots (play, simulate, tournament); how strong each "
              "is: docs/strength.md.", highlight=False)


# ----- tarot study (issue 37; tarot/runs/study.py) -------------------------------------------
@app.command()
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
    from .runs import study as st
    from .runs import study_report
    from .runs.pool import cpu_count

    workers = cpu_count() if workers is None else workers
    _check_workers(workers)
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
                                 _bot_names(bots) or [], pairs)
        folder = out or Path(f"study-{plan.seed}")
        if folder.exists() and not folder.is_dir():
            raise TarotError(f"--out {excerpt(str(folder))} is a file, not a directory")
        st.load_checkpoint(folder, plan)  # a checkpoint of another study is refused before any run
    except TarotError as e:
        _fail(str(e))
    import signal

    def stop(signum, frame):  # a study stopped by kill: as by Ctrl-C, its chunks kept
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop)
    err = make_console(plain=False, stderr=True)
    command = _study_command(target, compare, option, bots, skill, plan, folder)
    try:
        with _progress("studying", err) as progress:
            task = progress.add_task("study", total=plan.deals * len(plan.questions))
            started: list[int] = []

            def advance(done: int, total: int) -> None:
                if not started:  # deals of a checkpoint resumed: not counted in the speed and ETA
                    progress.reset(task, total=total, completed=done)
                    started.append(done)
                progress.update(task, completed=done)
            tally = st.run(plan, folder, workers, None if ray in (None, "local") else ray, ray is not None, advance)
    except TarotError as e:
        _fail(str(e))
    except KeyboardInterrupt:
        _fail(f"interrupted: the finished chunks are in {folder / st.CHECKPOINT}; the same command resumes", 130)
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


def main() -> None:
    """Entry point of the ``tarot`` command (``python -m tarot``; ``tarot.__main__`` first checks
    that the command line's extra is installed)."""
    import signal

    if hasattr(signal, "SIGPIPE"):
        # output closed early (`tarot replay f | head`): stop as cat does (exit 141, from the
        # signal), not with the exit code 1 that says a record did not replay
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    app()


if __name__ == "__main__":
    main()
