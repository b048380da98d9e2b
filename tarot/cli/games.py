"""``tarot play``, ``replay``, ``rules``, ``serve`` and ``bots``: the games themselves (docs/cli.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..bots import bot_levels
from ..runs import simulate as sim
from ..core.deal import variant_class
from ..core.errors import RecordError, TarotError
from ..tui import (
    PlaySession, console_reader, make_console, options_table, show_replay, stdin_reader,
    variants_table,
)
from .common import (
    OptionArg, PlayersArg, bot_names, checked_options, chosen_games_folder, fail, levels_help,
    variants_help,
)


def play(
    variant: Annotated[str, typer.Argument(
        metavar="VARIANT", help=f"The game to play: {variants_help()}.")] = "marolles-1637",
    seed: Annotated[int | None, typer.Option(help="Seed of the match: the same seed, the same deals.")] = None,
    seat: Annotated[int, typer.Option(help="Your seat (0 = the first seat; play goes 0 → 1 → 2 …, or the other way in a "
                  "clockwise game).")] = 0,
    bots: Annotated[str | None, typer.Option(
        help="The bots in the other seats, in order of play after you, e.g. rule,random, or "
             f"one name for all (default: rule). Weakest first: {levels_help()}; `tarot bots` says "
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
    from ..explain import use_language
    from ..play import TableSession, game_base, new_game_path

    if lang not in ("en", "fr"):
        fail(f"--lang must be en or fr, not {lang[:20]!r}")
    use_language(lang)

    if deals is not None and deals < 1:
        fail(f"--deals must be at least 1, not {deals}")
    if no_save and record is not None:
        fail("--no-save and --record contradict each other")
    if record is not None or resume is not None or not no_save:
        try:
            from .. import records
        except ImportError:
            fail("saving a game needs tarot.records, which is not installed (or give --no-save)")
    folder = chosen_games_folder(games, no_save, script, made=record is None or games is not None)
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
            fail(f"--resume: {e}", 1)
        assert table is not None
        if not table.people:
            fail(f"--resume: {resume} has no person's seat to go on with", 1)
        if deals is not None:
            table.deals = deals
        variant, values, seat = saved.variant, dict(saved.options), table.people[0]
        names: list[str] = []
        deals = table.deals
    else:
        values = checked_options(variant, option, players)
        cls = variant_class(variant)
        n_players = cls.players_for(values)
        if not 0 <= seat < n_players:
            fail(f"--seat must be a seat 0..{n_players - 1}, not {seat}")
        try:  # one bot for each other seat
            names = sim.resolve_bots(bot_names(bots), n_players - 1)
        except TarotError as e:
            fail(f"--bots: {e}")
        if deals is None and (script or record is not None):
            deals = 1  # a script or a record file is one deal unless told otherwise
        if record is None and folder is not None:
            record = new_game_path(folder, variant)
        if record is not None:
            # the first file is checked now; each other one when its deal is saved (a deal that
            # cannot be written there goes to the games folder, or is shown whole)
            from ..tui import record_path
            try:
                records.check_record_paths([record_path(record, 1, deals)])
            except RecordError as e:
                fail(f"--record: {e}")
    out = make_console(plain=script)
    session = PlaySession(out, variant, values, seed, seat, names, deals, record, script,
                          stdin_reader() if script else console_reader(out), fallback=folder, table=table)
    try:
        code = session.run()
    except RecordError as e:
        fail(str(e), 1)
    except KeyboardInterrupt:  # between deals (in a deal, the session saves it first)
        code = 130
    raise typer.Exit(code)


def replay(file: Annotated[str, typer.Argument(help="A record, text or JSON.")]) -> None:
    """Replay a record (text or JSON) trick by trick, with every payment and the result."""
    try:
        from ..records import load_record
    except ImportError:
        fail("replay needs tarot.records, which is not installed")
    out = make_console(plain=False)
    try:
        show_replay(out, load_record(file))
    except RecordError as e:
        fail(str(e), 1)


def rules(variant: Annotated[str | None, typer.Argument(
        metavar="VARIANT", help=f"A variant ({variants_help()}); without it, the list of variants.")] = None,
) -> None:
    """List the options of a variant, or the variants."""
    out = make_console(plain=False)
    if variant is None:
        out.print(variants_table())
        return
    try:
        cls = variant_class(variant)
    except TarotError as e:
        fail(str(e))
    out.print(options_table(cls, width=out.width, wraps=not out.soft_wrap))
    out.print("Sources: docs/rules/sources.md; each game's rules: docs/rules/README.md", highlight=False)


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

        from ..web.app import create_app
        from ..web.store import StoreError, default_url, upgrade
    except ImportError as e:
        fail(f"tarot serve needs the web extra ({e.name} is not installed): pip install 'tarot-games[web]'")
    if not 0 < port < 65536:
        fail(f"--port must be 1..65535, not {port}")
    url = database or default_url()
    try:
        upgrade(url)  # a database that cannot be reached is named here, in one line
    except StoreError as e:
        fail(str(e), 1)
    # ws_max_size: a client's frame is at most 4 KiB (docs/web-protocol.md); far larger closes
    uvicorn.run(create_app(url), host=host, port=port, ws_max_size=65536, log_level="warning")


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
