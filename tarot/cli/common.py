"""What the ``tarot`` commands share: the option types, the one-line refusal (``fail``), the
checks of ``--option``, ``--workers``, ``--bots`` and ``--games``, and the progress bar."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..bots import bot_levels
from ..runs import simulate as sim
from ..core.deal import VARIANTS, variant_class
from ..core.errors import MAX_MESSAGE_CHARS, RecordError, TarotError, UnknownVariantError, excerpt, shorten
from ..core.options import parse_assignments
from ..tui import (
    make_console,
)


def variants_help() -> str:
    """The variants, for a command's help: the registry's, as ``tarot rules`` lists them."""
    return ", ".join(sorted(VARIANTS))


def levels_help() -> str:
    """The bots offered to players, weakest first, for a command's help."""
    return ", ".join(bot_levels())


OptionArg = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="KEY=VALUE",
    help="A rule option (repeatable); `tarot rules VARIANT` lists them.")]


def fail(message: str, code: int = 2) -> None:
    # printable and bounded, whatever input the message quotes (issue 33)
    make_console(plain=True, stderr=True).print(f"tarot: {shorten(message, MAX_MESSAGE_CHARS)}")
    raise typer.Exit(code)


def check_workers(workers: int) -> None:
    """``--workers`` from 1 to the machine's CPUs (issue 33: a call asked for 10^6 processes)."""
    from ..runs.pool import cpu_count

    if workers < 1:
        fail(f"--workers must be at least 1, not {workers}")
    if workers > cpu_count():
        fail(f"--workers {workers} is more than this machine's {cpu_count()} CPUs: use at most {cpu_count()}")


PlayersArg = Annotated[int | None, typer.Option(
    help="Number of players, for a game that takes several (early-french: 2..6); "
         "the same as --option players=N.")]


def games_for(players: int) -> str:
    """`` (games for N players: ...)``, to point a refused ``--players`` to them."""
    from ..core.deal import VARIANTS

    games = sorted(name for name, cls in VARIANTS.items() if players in cls.player_counts())
    return f" (games for {players} players: {', '.join(games)})" if games else ""


def checked_options(variant: str, option: list[str] | None, players: int | None = None) -> dict[str, str]:
    """The option assignments, checked against the variant (exit 2 with the reason if bad),
    each value in the form the game reads it."""
    try:
        values = parse_assignments(option or [])
        if players is not None:
            if not any(o.key == "players" for o in variant_class(variant).OPTIONS):
                raise TarotError(f"{variant} is played by {variant_class(variant).PLAYERS} "
                                 f"players: --players does not apply{games_for(players)}")
            if "players" in values:  # a value the game does not take is named as such first
                given = sim.check_setup(variant, values)["players"]
                if str(given) != str(players):
                    raise TarotError(f"--players {players} contradicts --option players={values['players']}")
            values["players"] = str(players)
        opts = sim.check_setup(variant, values)
    except UnknownVariantError as e:
        # ``--script true``: the flag takes no value, so the word was read as the variant
        flag = variant.lower() in ("true", "false", "yes", "no", "on", "off", "1", "0")
        fail(f"{e}{' (a flag such as --script or --json takes no value)' if flag else ''}")
    except TarotError as e:
        fail(str(e))
    return {k: opts[k] for k in values}  # as the game reads them: "+10" is 10, "Yes" is true


def progress_bar(label: str, console):
    """A progress bar with a count, the time spent and the time left, on a terminal only."""
    from rich.progress import (
        BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn,
    )

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("eta"), TimeRemainingColumn())
    return Progress(*columns, console=console, disable=not console.is_terminal)


def bot_names(text: str | None) -> list[str] | None:
    """The bots of ``--bots A,B``, each a level of ``tarot bots`` or a research setting of
    docs/strength.md (which no message lists)."""
    if text is None:
        return None
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        fail(f"--bots {excerpt(text)}: give bot names separated by commas, e.g. rule,random")
    from ..bots import make_bot

    for name in dict.fromkeys(names):
        try:
            make_bot(name, seed=0)
        except TarotError as e:
            fail(f"--bots: {e} (`tarot bots` says what each does)")
    return names


def chosen_games_folder(games: Path | None, no_save: bool, script: bool, made: bool = True) -> Path | None:
    """Where the games are saved: ``--games``, else the games folder, none with ``--no-save``
    (a script saves only where it is told: it is a tool's run, not a game). With ``made``, the
    folder is made now, not after a deal played for nothing; a folder that cannot be is refused."""
    from ..play import games_folder

    folder = None if no_save or (script and games is None) else (games or games_folder())
    if folder is not None and made:
        from .. import records
        try:
            folder.mkdir(parents=True, exist_ok=True)
            records.check_record_paths([folder / "game.txt"])
        except (OSError, RecordError) as e:
            reason = e if isinstance(e, RecordError) else f"cannot make {folder}: {e.strerror or e}"
            fail(f"--games: {reason} (choose another with --games DIR, or --no-save)")
    return folder
