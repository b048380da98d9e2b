"""Hostile input at random (seeded, bounded: a few seconds): records in both forms, values pushed
at a deal, command lines. Whatever comes in, only the project's documented errors come out
(``TarotError`` from the API; from the command, exit code 1 or 2 with a message), and every
message is bounded in length and free of control characters (issue 33): nothing a record or an
argument holds can write to the terminal, and no input is echoed whole."""

from __future__ import annotations

import enum
import json
import random

import pytest
from typer.testing import CliRunner

import tarot
from tarot.cli import app
from tarot.core.errors import MAX_MESSAGE_CHARS, TarotError
from tarot.records import RecordError, parse_record, record_from_deal, replay

VARIANTS = sorted(tarot.VARIANTS)
HUGE = 10 ** 5000


class Colour(enum.IntEnum):
    RED = 3


#: Hostile pieces of text: escape sequences (an OSC 52 clipboard write, a screen clear, a
#: hyperlink), bidi and zero-width characters, line breaks of every kind, rich markup, lone
#: surrogates, numbers longer than Python writes, long runs.
NASTY = ["\x1b]52;c;aGVsbG8=\x07", "\x1b[2J", "\x1b]8;;http://x\x1b\\", "\u202e", "\u2066", "\u200b",
         "\x00", "\x07", "\x08", "\x7f", "\x9b", "\r", "\x0c", "\x85", "\u2028", "[bold]x[/]",
         "[link=http://x]y[/link]", "\ud800", "9" * 5000, "-" + "9" * 4400, "x" * 3000, "é" * 50,
         "S1", "T21", "done", "Trick 1:", '"', "\\", "{", "}", ";", "[", "]", "(", ")", ":"]

#: Values a program might push or pass in place of an id or a seat.
VALUES = [None, True, False, 0.5, 3.0, -1, 121, 10**30, HUGE, -HUGE, "KS", "\x1b[2J", [], (1,),
          {}, Colour.RED, b"KS", "x" * 10**4, float("nan"), float("inf")]


def clean(message: str, limit: int = MAX_MESSAGE_CHARS + 60) -> bool:
    """Bounded, and no character a terminal would act on (``str.isprintable`` is what
    ``repr`` leaves unescaped; spaces only as spaces)."""
    return 0 < len(message) <= limit and message.isprintable()


def played(variant: str, seed: int, stop: int | None) -> tarot.Deal:
    rng = random.Random(seed)
    deal = tarot.new_deal(variant, seed=seed, dealer=rng.randrange(tarot.variant_class(variant).players_for()))
    while not deal.is_over and (stop is None or len(deal.history) < stop):
        deal.push(rng.choice(deal.legal_actions()))
    return deal


def mutate(text: str, rng: random.Random) -> str:
    """One to three random edits: a hostile piece put in, over or in place of a line."""
    for _ in range(rng.randint(1, 3)):
        piece, i = rng.choice(NASTY), rng.randrange(len(text) + 1)
        kind = rng.randrange(4)
        if kind == 0:
            text = text[:i] + piece + text[i:]
        elif kind == 1:
            text = text[:i] + piece + text[i + len(piece):]
        else:
            lines = text.split("\n")
            j = rng.randrange(len(lines))
            lines[j] = piece if kind == 2 else lines[j].replace(" ", " " + piece, 1)
            text = "\n".join(lines)
    return text


@pytest.mark.parametrize("variant", VARIANTS)
def test_hostile_records_are_read_or_refused_with_a_clean_message(variant):
    rng = random.Random(f"records {variant}")
    for k in range(25):
        good = record_from_deal(played(variant, k, rng.choice([None, 5, 30])))
        for text in (good.to_text(), good.to_json()):
            bad = mutate(text, rng)
            try:
                replay(parse_record(bad))
            except RecordError as e:
                assert clean(str(e)), (bad[:300], str(e)[:300])


@pytest.mark.parametrize("variant", VARIANTS)
def test_hostile_json_values_are_refused_with_a_clean_message(variant):
    """Every key of a JSON record given a value of the wrong kind or size."""
    rng = random.Random(f"json {variant}")
    good = json.loads(record_from_deal(played(variant, 1, None)).to_json())
    values = [v for v in VALUES if not isinstance(v, (bytes, Colour)) and v is not HUGE and v is not -HUGE]
    values += NASTY + [{"x" * 500: 1}, [NASTY[0]] * 3, {"scores": [10**20, 0, 0]}]
    for _ in range(300):
        obj = dict(good)
        key = rng.choice([*obj, "tags", "options", "extra\x1b"])
        obj[key] = rng.choice(values)
        if rng.random() < 0.3 and isinstance(obj.get("actions"), list) and obj["actions"]:
            obj["actions"] = [*obj["actions"]]
            obj["actions"][rng.randrange(len(obj["actions"]))] = rng.choice(values)
        try:
            text = json.dumps(obj, ensure_ascii=rng.random() < 0.5)
        except ValueError:  # nan in a strict dump; inf
            continue
        try:
            replay(parse_record(text))
        except RecordError as e:
            assert clean(str(e)), (key, str(e)[:300])


@pytest.mark.parametrize("variant", VARIANTS)
def test_hostile_values_pushed_are_refused_and_change_nothing(variant):
    rng = random.Random(f"push {variant}")
    for k in range(15):
        deal = played(variant, k, rng.randrange(0, 60))
        before = (list(deal.history), deal.phase, deal.to_play, deal.hands)
        before_legal = deal.legal_actions()
        for value in [*VALUES, *rng.sample(range(-3, 125), 20), *NASTY]:
            if type(value) is int and 0 <= value < tarot.NUM_ACTIONS and deal.is_legal(value):
                continue
            for call in (deal.push, deal.push_token, deal.view, deal.hand, deal.action_token):
                try:
                    call(value)
                except TarotError as e:
                    assert clean(str(e)), (call.__name__, str(e)[:300])
                else:   # taken: an integer of another type for a legal id, a token, a seat
                    if call.__name__ in ("push", "push_token"):
                        assert deal.pop() in before_legal, (call.__name__, value)
        assert (list(deal.history), deal.phase, deal.to_play, deal.hands) == before


#: Command lines: a command and its arguments, each now and then replaced by a hostile piece.
COMMANDS = [
    ["simulate", "{variant}", "--deals", "2", "--seed", "1"],
    ["simulate", "{variant}", "--deals", "1", "--option", "deal_packet=3"],
    ["tournament", "{variant}", "--bots", "rule,random", "--deals", "1"],
    ["rules", "{variant}"],
    ["replay", "{record}"],
    ["play", "{variant}", "--script", "--seat", "0", "--seed", "2"],
]


def test_hostile_command_lines_fail_with_a_clean_message(tmp_path):
    rng = random.Random("cli")
    runner = CliRunner()
    record = tmp_path / "r.txt"
    record.write_text(record_from_deal(played("marolles-1637", 3, None), Event="x").to_text(), encoding="utf-8")
    for _ in range(40):
        args = [a.format(variant=rng.choice(VARIANTS), record=record) for a in rng.choice(COMMANDS)]
        i = rng.randrange(1, len(args))
        piece = rng.choice(NASTY[:-11])
        args[i] = piece if rng.random() < 0.5 else args[i] + piece
        if "\x00" in args[i] or "\ud800" in args[i]:
            continue   # no command line holds them
        res = runner.invoke(app, args, input="1\n" * 3)
        where = (args, res.output[-400:])
        assert res.exception is None or isinstance(res.exception, SystemExit), (where, res.exc_info)
        assert res.exit_code in (0, 1, 2), where
        for ch in ("\x1b", "\u202e", "\u2066", "\x07", "\x9b", "\x85", "\u2028"):
            assert ch not in res.output, where
        if res.exit_code:
            error = [line for line in res.output.splitlines() if line.strip()]
            assert error and all(len(line) <= MAX_MESSAGE_CHARS + 60 for line in error), where
