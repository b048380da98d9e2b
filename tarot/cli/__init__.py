"""The ``tarot`` command: ``play``, ``simulate``, ``tournament``, ``replay``, ``review``, ``puzzles``,
``challenge``, ``rules``, ``serve``, ``bots`` and ``study`` (typer + rich).

A thin layer: the rules are the engine's, the simulation loop is ``tarot.runs.simulate``, and the
terminal rendering and play loop are ``tarot.tui``. Bad input (an unknown variant, option,
value or bot, an unknown flag, a value that is not a number) is refused in one line, ``tarot:
...``, with exit code 2 and without a traceback. See ``docs/cli.md``.

This module holds the group, its one-line parse errors and ``--version``; the commands are in
``games`` (play, replay, rules, serve, bots), ``runs`` (simulate, tournament, study) and
``teach`` (review, puzzles, challenge), their shared checks in ``common``.
"""


from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated

import typer
from typer.core import TyperGroup

from .. import COMPILED, __version__
from ..core.errors import MAX_MESSAGE_CHARS, shorten

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


from . import games, runs, teach  # noqa: E402  (the commands, registered below in help order)

for command in (games.play, runs.simulate, runs.tournament, games.replay, teach.review, teach.puzzles,
                teach.challenge, games.rules, games.serve, games.bots, runs.study):
    app.command()(command)


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
