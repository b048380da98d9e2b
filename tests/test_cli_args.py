"""The ``tarot`` command's arguments as a new player meets them: ``--version``, ``-h``, flags shown as
flags, parse errors in one line, one naming of the bots (``tarot bots``), ``python -m tarot``.

What is expected comes from the registries (``tarot.VARIANTS``, ``tarot.bots``) and the parser's
declaration of each command, never from the command's own output.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import tarot
from tarot.bots import BOTS, bot_levels, make_bot
from tarot.cli import app

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
COMMANDS = ["play", "simulate", "tournament", "replay", "challenge", "rules", "bots"]


def invoke(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env={"COLUMNS": "200"}, prog_name="tarot")


def help_text(name: str) -> str:
    """``tarot NAME --help`` in one line, its lines joined (a word wrapped after its hyphen too)."""
    return " ".join(re.sub(r"-\n\s*", "-", invoke(name, "--help").stdout).split())


def command(name: str | None):
    """The parser's declaration of ``tarot NAME`` (its parameters, flags and types), or of
    ``tarot`` itself."""
    group = typer.main.get_command(app)
    return group if name is None else group.commands[name]


# ----------------------------------------------------------------------------------------
# --version, -h, the help
# ----------------------------------------------------------------------------------------
def test_version_says_the_version_and_which_engine_runs():
    res = invoke("--version")
    assert res.exit_code == 0, res.output
    engine = "compiled" if tarot.COMPILED else "pure Python"
    assert res.stdout.startswith(f"tarot {tarot.__version__} (engine: {engine}")
    assert res.stdout.count("\n") == 1


@pytest.mark.parametrize("name", [None, *COMMANDS])
def test_h_is_help(name):
    args = [name] if name else []
    short, long = invoke(*args, "-h"), invoke(*args, "--help")
    assert short.exit_code == long.exit_code == 0, short.output
    assert short.stdout == long.stdout and short.stdout.startswith("Usage: tarot")


def test_the_help_lists_every_command():
    out = invoke("--help").stdout
    for name in COMMANDS:
        assert re.search(rf"^\s+{name}\s", out, flags=re.M), name


@pytest.mark.parametrize("name", ["play", "simulate", "tournament", "challenge", "rules"])
def test_a_command_taking_a_variant_lists_them_all_in_its_help(name):
    out = help_text(name)
    assert all(v in out for v in tarot.VARIANTS), out


@pytest.mark.parametrize("name", [None, *COMMANDS])
def test_every_flag_is_shown_as_a_flag(name):
    """Every yes/no option of every command is a flag, taking no value, and its help line shows
    it without a value (typer's rich panels wrote ``--script <bool>``)."""
    flags = [p for p in command(name).params if getattr(p, "is_flag", False)]
    out = invoke(*([name] if name else []), "--help").stdout
    assert "<bool>" not in out
    for p in flags:
        for opt in p.opts:
            # The option's own line: the options column starts with it (``-n, --deals``).
            line = next(line for line in out.splitlines()
                        if re.match(rf"\s+(\S+, )*{re.escape(opt)}(,|\s|$)", line))
            assert re.search(rf"{re.escape(opt)}\s{{2,}}\S", line), line  # the option, then its help


def test_the_yes_no_options_the_docs_name_are_flags():
    flags = {name: {o for p in command(name).params if getattr(p, "is_flag", False) for o in p.opts}
             for name in (None, "play", "simulate", "tournament")}
    assert "--version" in flags[None] and "--script" in flags["play"]
    assert "--json" in flags["simulate"] and {"--json", "--field"} <= flags["tournament"]


def test_a_flag_given_a_value_says_that_flags_take_none():
    res = invoke("play", "--script", "true", input="")
    assert res.exit_code == 2
    assert "unknown variant 'true'" in res.stderr and "takes no value" in res.stderr


# ----------------------------------------------------------------------------------------
# parse errors: one line, as the command's own
# ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("args, said, where", [
    (["play", "--sed", "3"], "no such option --sed (did you mean --seed", "tarot play"),
    (["play", "--seed", "x"], "invalid value for --seed: 'x'", "tarot play"),
    (["simulate", "marolles-1637", "--deals=many"], "invalid value for --deals/-n: 'many'", "tarot simulate"),
    (["play", "--deals"], "option '--deals' requires an argument", "tarot play"),
    (["simulate"], "missing argument 'VARIANT'", "tarot simulate"),
    (["tournament", "marolles-1637"], "missing option '--bots'", "tarot tournament"),
    (["play", "fft-4p", "fft-3p"], "unexpected extra argument", "tarot play"),
    (["pley"], "no such command 'pley'", "tarot"),
    (["--versoin"], "no such option --versoin (did you mean --version?)", "tarot"),
])
def test_a_parse_error_is_one_line_naming_the_token_and_the_help(args, said, where):
    res = invoke(*args, input="")
    assert res.exit_code == 2, res.output
    assert res.stdout == ""
    assert res.stderr.count("\n") == 1, res.stderr
    assert res.stderr.startswith("tarot: ") and said in res.stderr
    assert res.stderr.rstrip().endswith(f"see {where} --help")
    assert "Usage:" not in res.stderr and "╭" not in res.stderr


def test_the_commands_own_errors_start_the_same_way():
    res = invoke("simulate", "nope")
    assert res.exit_code == 2 and res.stderr.startswith("tarot: unknown variant 'nope'")


# ----------------------------------------------------------------------------------------
# the bots: one naming, described by `tarot bots`
# ----------------------------------------------------------------------------------------
LEVELS = bot_levels()  # every bot registered, then the levels among them
RESEARCH = sorted(set(BOTS) - set(LEVELS))


def test_the_levels_run_weakest_first_and_the_research_settings_are_apart():
    assert list(bot_levels()) == ["random", "rule", "search-easy", "search-medium", "search-hard"]
    assert {"pimc", "pimc-md", "pimc-wide", "ismcts-1000"} <= set(RESEARCH)


def test_tarot_bots_describes_each_level_and_names_no_research_setting():
    res = invoke("bots")
    assert res.exit_code == 0, res.output
    rows = {line.split()[0] for line in res.stdout.splitlines() if line.strip()}
    assert set(bot_levels()) <= rows
    text = " ".join(res.stdout.split())
    for description in bot_levels().values():
        assert description in text
    assert not any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", res.stdout) for n in RESEARCH)


@pytest.mark.parametrize("name", ["play", "simulate", "tournament"])
def test_each_command_taking_bots_offers_the_same_levels(name):
    out = help_text(name)
    assert ", ".join(bot_levels()) in out
    assert not any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", out) for n in RESEARCH), out


@pytest.mark.parametrize("args", [
    ["play", "--script", "--bots", "genius"],
    ["simulate", "marolles-1637", "-n", "1", "--bots", "rule,genius,rule"],
    ["tournament", "marolles-1637", "--bots", "rule,genius", "-n", "1"],
])
def test_an_unknown_bot_is_refused_with_the_levels_only(args):
    res = invoke(*args, input="")
    assert res.exit_code == 2, res.output
    assert "unknown bot 'genius'" in res.stderr and ", ".join(bot_levels()) in res.stderr
    assert "tarot bots" in res.stderr
    assert not any(n in res.stderr for n in RESEARCH)


def test_a_research_setting_still_plays_by_name():
    res = invoke("simulate", "marolles-1637", "-n", "1", "--bots", "pimc-fast,rule,rule", "--json")
    assert res.exit_code == 0, res.output
    assert make_bot("pimc-md", seed=1).name == "pimc-md"


def test_every_bot_named_in_the_docs_and_benches_is_known():
    """docs/strength.md and the bench scripts' commands use research settings by name."""
    texts = [p.read_text(encoding="utf-8") for p in [ROOT / "README.md", *(ROOT / "docs").glob("*.md"),
                                                     *(ROOT / "bench").glob("*.py")]]
    named = {n for t in texts for m in re.findall(r"--(?:bots|a|b) ([\w,.-]+)", t) for n in m.split(",")}
    named -= {"A", "B", "C", "BOT"}  # placeholders
    named -= {"search-hardest"}  # docs/cli.md's example of an unknown bot
    assert {"pimc-md", "pimc-wide", "search-hard"} <= named
    for n in sorted(named):
        assert make_bot(n, seed=0) is not None


# ----------------------------------------------------------------------------------------
# python -m tarot
# ----------------------------------------------------------------------------------------
def test_python_m_tarot_is_the_command():
    done = subprocess.run([sys.executable, "-m", "tarot", "--version"], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"tarot {tarot.__version__} ")
    bad = subprocess.run([sys.executable, "-m", "tarot", "play", "--sed", "1"], capture_output=True,
                         text=True, cwd=ROOT)
    assert bad.returncode == 2 and bad.stderr.startswith("tarot: no such option --sed")
    assert bad.stderr.rstrip().endswith("see tarot play --help")  # its name, not "python -m tarot"
