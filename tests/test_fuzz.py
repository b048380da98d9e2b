"""Bad input, at random: records garbled by random edits and random lines typed at the table, in
every variant. Whatever comes in is either accepted whole (a record that replays and reads back the
same in both forms; a game that goes on) or refused with the project's own error that says what is
wrong; never a traceback, and nothing of a good record or a game in progress is lost."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import tarot
from tarot import RecordError
from tarot.cli import app
from tarot.records import load_record, parse_record, record_from_deal, replay

VARIANTS = sorted(tarot.VARIANTS)
#: What a hand or a script might slip into a record or a prompt: the tokens of every notation,
#: action names, record syntax, numbers of every size, blanks, non-ASCII and control characters.
TOKENS = ["T1", "T21", "EX", "F", "KS", "QC", "1B", "10D", "done", "pass", "garde", "garde_contre",
          "kings_3", "chelem", "Trick", "[", "]", '"', "{", "}", ":", ",", "-", "+3", "0", "-1",
          "99", "9" * 30, "\n", "\t", " ", "\\", "é", "ſ", "\u00a0", "\x1b[A", "null", "[]", ""]


def random_deal(variant: str, seed: int, stop: int | None) -> tarot.Deal:
    """A deal of ``variant`` played by random legal actions, to the end or ``stop`` actions."""
    rng = random.Random(seed)
    cls = tarot.variant_class(variant)
    deal = tarot.new_deal(variant, seed=seed, dealer=rng.randrange(cls.players_for()))
    while not deal.is_over and (stop is None or len(deal.history) < stop):
        deal.push(rng.choice(deal.legal_actions()))
    return deal


@st.composite
def edits(draw) -> list[tuple[int, float, float, str]]:
    """One to three edits: (kind, where, where else, token), positions as fractions of the text."""
    one = st.tuples(st.integers(0, 6), st.floats(0, 1), st.floats(0, 1), st.sampled_from(TOKENS))
    return draw(st.lists(one, min_size=1, max_size=3))


def garble(text: str, todo: list[tuple[int, float, float, str]]) -> str:
    """Apply the edits: delete, insert or replace a character; swap, repeat or drop a line; swap
    two words."""
    for kind, x, y, tok in todo:
        i = int(x * len(text))
        if kind < 3:
            text = text[:i] + ("" if kind == 0 else tok) + text[i + (kind != 1):]
            continue
        sep = " " if kind == 6 else "\n"
        parts = text.split(sep)
        i, j = int(x * (len(parts) - 1)), int(y * (len(parts) - 1))
        if kind in (3, 6):
            parts[i], parts[j] = parts[j], parts[i]
        elif kind == 4:
            parts.insert(i, parts[j])
        else:
            del parts[i]
        text = sep.join(parts)
    return text


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6),
       stop=st.one_of(st.none(), st.integers(0, 90)), as_json=st.booleans(), todo=edits())
def test_a_garbled_record_is_read_whole_or_refused_by_name(variant, seed, stop, as_json, todo):
    good = record_from_deal(random_deal(variant, seed, stop))
    text = good.to_json() if as_json else good.to_text()
    bad = garble(text, todo)
    try:
        rec = parse_record(bad)
        deal = replay(rec)
    except RecordError as e:
        message = str(e)
        assert message.strip() and "Traceback" not in message
        return
    # accepted: a record in its own right, that both forms carry whole
    for again in (parse_record(rec.to_text()), parse_record(rec.to_json())):
        assert again == rec
        assert replay(again).history == deal.history
    # the record it came from is untouched, and still reads back
    assert parse_record(text) == good


#: Lines typed at the table: choice numbers mostly, and anything else now and then.
LINES = [*TOKENS, "help", "?", "quit", "hand", "1 2", "T1 T2", "  3 ", "yes", "no", "undo"]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("script", [False, True])
def test_random_lines_at_the_table_never_break_the_game(variant, script, tmp_path):
    """Typed lines at random (numbers, tokens, commands, junk): the game refuses what it cannot
    take and goes on (or, with --script, stops with exit code 1 and says why); the record it
    saves replays, up to the last move that was taken."""
    rng = random.Random(f"{variant} {script}")
    runner = CliRunner()
    junk, top = (0.02, 2) if script else (0.4, 8)  # a script stops at its first bad line
    for k in range(4):
        lines = [rng.choice(LINES) if rng.random() < junk else str(rng.randint(1, top))
                 for _ in range(rng.randint(0, 300))]
        path = tmp_path / f"{k}.txt"
        args = ["play", variant, "--seed", str(rng.randrange(1000)), "--record", str(path)]
        res = runner.invoke(app, [*args, "--script"] if script else args, input="\n".join(lines) + "\n")
        where = f"{args} with input {lines!r}"
        assert res.exception is None or isinstance(res.exception, SystemExit), (where, res.exc_info)
        assert "Traceback" not in res.output, where
        assert res.exit_code in ((0, 1) if script else (0,)), (where, res.exit_code, res.output[-500:])
        # saved when a deal ends (a deal thrown in and dealt again: FILE-2...), or the input,
        # or a script at a bad line
        saved = sorted(tmp_path.glob(f"{k}*.txt"))
        assert saved, where
        for p in saved:
            rec = load_record(p)
            assert rec.variant == variant
            replay(rec)
