"""``tarot review``, ``puzzles`` and ``challenge``: the engine as a teacher (docs/review.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..core.deal import variant_class
from ..core.errors import TarotError, excerpt
from ..tui import (
    console_reader, make_console, seat_names, stdin_reader,
)
from .common import (
    OptionArg, bot_names, checked_options, chosen_games_folder, fail, levels_help,
    progress_bar, variants_help,
)


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
    from ..records import load_record
    from ..runs.review import review as make_review
    from ..tui.review import review_tables

    out = make_console(plain=False)
    err = make_console(plain=False, stderr=True)
    try:
        record = load_record(file)
        with progress_bar("reviewing", err) as progress:
            task = progress.add_task("review", total=None)
            done = make_review(record, seats=seat, worlds=worlds, seed=seed,
                               progress=lambda n, total: progress.update(task, completed=n, total=total))
    except TarotError as e:
        fail(str(e), 1)
    if json_out:
        print(json.dumps(done.to_dict(), ensure_ascii=False))
        return
    players = variant_class(record.variant).players_for(record.options)
    names = seat_names(players)
    for table in review_tables(done, names):
        out.print(table)


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

    from ..runs.puzzles import PuzzleError, mine as mine_puzzles, shipped
    from ..tui.puzzles import run_puzzles

    try:
        variant_class(variant)
    except TarotError as e:
        fail(str(e))
    out = make_console(plain=script)
    if mine is not None:
        path = Path(mine)
        if path.exists():
            fail(f"{excerpt(mine)} exists already: --mine writes a new file")
        try:
            found = [p.to_json() for p in itertools.islice(mine_puzzles(variant, deals, seed, margin=margin), count)]
            path.write_text("".join(line + "\n" for line in found), encoding="utf-8")
        except (PuzzleError, OSError) as e:
            fail(str(e), 1)
        out.print(f"{len(found)} puzzles from {deals} deals written to {path}", highlight=False)
        return
    ready = shipped(variant)
    if not ready:
        fail(f"no puzzles ship for {variant}; mine some with --mine FILE")
    if number > len(ready):
        fail(f"--number {number}: there are {len(ready)} puzzles for {variant}")
    run_puzzles(out, ready, number, stdin_reader() if script else console_reader(out))


def challenge(
    variant: Annotated[str, typer.Argument(metavar="VARIANT", help=f"The game: {variants_help()}.")] = "marolles-1637",
    challenge_id: Annotated[str | None, typer.Option(
        "--id", help="The challenge: any short text; the same id, the same deals for everyone (default: "
                     "VARIANT:today's date, today's challenge).")] = None,
    deals: Annotated[int, typer.Option(help="Number of deals (boards) of the challenge.")] = 16,
    seat: Annotated[int, typer.Option(help="Your seat (0 = the first).")] = 0,
    bots: Annotated[str | None, typer.Option(
        help="The bots: one name for every seat, or one per seat; the one in your seat is the bot you "
             f"are compared with (default: rule). Weakest first: {levels_help()}.")] = None,
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
    from ..explain import use_language
    from ..play import new_game_path
    from ..runs.challenge import Challenge, ChallengeResult
    from ..tui.challenge import run_challenge, show_result

    if lang not in ("en", "fr"):
        fail(f"--lang must be en or fr, not {lang[:20]!r}")
    use_language(lang)
    out = make_console(plain=script)
    if show is not None:
        try:
            show_result(out, ChallengeResult.load(show))
        except TarotError as e:
            fail(f"--show: {e}", 1)
        return
    values = checked_options(variant, option)
    try:
        made = Challenge.make(variant, challenge_id, deals, seat, bot_names(bots), values)
    except TarotError as e:
        fail(str(e))
    folder = chosen_games_folder(games, no_save, script)
    record = None if folder is None else new_game_path(folder, f"{variant}-challenge")
    code, result = run_challenge(out, made, name, script, stdin_reader() if script else console_reader(out),
                                 record, folder)
    if result is not None:
        show_result(out, result)
        if record is not None:
            from ..explain import say
            path = record.with_name(record.stem + ".json")
            try:
                result.save(path)
                out.print(say("challenge.saved", path=path), highlight=False)
            except OSError as e:
                out.print(say("challenge.not_saved", path=path, reason=e.strerror or e), highlight=False)
    raise typer.Exit(code)
