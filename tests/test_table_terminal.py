"""At the table (issue 40): suit symbols and colours where the terminal has them and the plain
text kept for scripts and NO_COLOR; Enter plays a forced card; `tricks`, `last`, `score`,
`undo`; `quit` asks before leaving a deal in progress; `tarot play --resume`."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import tarot
from tarot.cli import app
from tarot.core.cards import FRENCH, ITALIAN, parse_card
from tarot.explain import say, use_language
from tarot.records import load_record, replay
from tarot.tui import PlaySession
from tarot.tui.render import PLAIN, CardLook, card_text, look_for

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def terminal(width: int = 100, buf=None) -> tuple[Console, io.StringIO]:
    buf = io.StringIO() if buf is None else buf
    return Console(file=buf, width=width, force_terminal=True, color_system="standard", highlight=False,
                   markup=False), buf


class Reader:
    """The person's input: ``answer(prompt)`` gives each line; every prompt and line is kept."""

    def __init__(self, answer, echo: io.StringIO | None = None):
        self.answer = answer
        self.echo = echo
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str | None:
        self.prompts.append(prompt)
        line = self.answer(prompt)
        if self.echo is not None:  # as a terminal shows them
            self.echo.write(f"{prompt}{line}\n")
        return line


def session(variant, read, deals=1, record=None, out=None, seed=3, script=False):
    out = out or Console(file=io.StringIO(), width=100, color_system=None, markup=False, highlight=False)
    players = tarot.variant_class(variant).players_for({})
    return PlaySession(out, variant, {}, seed, 0, ["rule"] * (players - 1), deals, record, script, read)


# ----- symbols and colours ------------------------------------------------------------------
def test_suit_symbols_and_colours_where_the_terminal_has_them(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    out, _ = terminal()
    assert look_for(out) == CardLook(symbols=True, colours=True)
    assert look_for(out, plain=True) == PLAIN                           # --script
    monkeypatch.setenv("NO_COLOR", "1")
    assert look_for(terminal()[0]) == CardLook(symbols=True, colours=False)
    piped = Console(file=io.StringIO(), color_system=None)
    assert look_for(piped) == PLAIN                                     # not a terminal
    latin = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    assert look_for(terminal(buf=latin)[0]).symbols is False           # no UTF-8


def test_modern_suits_by_symbol_and_the_italian_suits_each_in_a_colour():
    look = CardLook(symbols=True, colours=True)
    hearts, spades = card_text(parse_card("KH", FRENCH), FRENCH, look), card_text(parse_card("10S", FRENCH), FRENCH, look)
    assert (hearts.plain, spades.plain) == ("K♥", "10♠") and "red" in str(hearts.style)
    italian = [card_text(parse_card(f"K{s}", ITALIAN), ITALIAN, look) for s in "SBCD"]
    assert [t.plain for t in italian] == ["KS", "KB", "KC", "KD"]       # the old games' letters
    assert len({str(t.style) for t in italian}) == 4                    # four distinct colours
    assert card_text(parse_card("KH", FRENCH), FRENCH, PLAIN).plain == "KH"
    assert card_text(parse_card("T21"), ITALIAN, look).plain == "T21"


@pytest.mark.parametrize("variant, mark, colour", [("fft-4p", "♠", None), ("marolles-1637", None, "\x1b[34m")])
def test_a_game_on_a_terminal_shows_symbols_or_colours_and_plain_without(monkeypatch, variant, mark, colour):
    monkeypatch.delenv("NO_COLOR", raising=False)
    out, buf = terminal()
    assert session(variant, lambda p: "1", out=out).run() == 0
    text = buf.getvalue()
    if mark:
        assert mark in text and "♥" in text
    if colour:
        assert colour in text
    monkeypatch.setenv("NO_COLOR", "1")
    out, buf = terminal()
    assert session(variant, lambda p: "1", out=out).run() == 0
    assert not re.search(r"\x1b\[3[1-6]m", buf.getvalue())             # no suit colour
    res = CliRunner().invoke(app, ["play", variant, "--seed", "3", "--script"], input="1\n" * 400)
    assert res.exit_code == 0 and not set("♠♥♦♣") & set(res.stdout) and "\x1b" not in res.stdout


# ----- Enter, quit, tricks, last, score, undo --------------------------------------------------
def test_enter_plays_the_only_legal_card_and_only_then():
    forced: list[str] = []

    def answer(prompt):
        if "Enter plays" in prompt:
            forced.append(prompt)
            return ""
        return "1"

    read = Reader(answer)
    s = session("fft-4p", read, seed=5)
    assert s.run() == 0
    assert forced, "some card was forced in the deal"
    deal = s.table.deal
    # replay: every time the person was offered Enter, exactly one card was legal, and it was played
    probe = tarot.new_deal("fft-4p", deck=deal.deck, dealer=deal.dealer)
    enter = 0
    for a in deal.history:
        if probe.to_play == 0 and probe.phase == "play" and len(probe.legal_actions()) == 1:
            enter += 1
            assert a == probe.legal_actions()[0]
        probe.push(a)
    assert enter == len(forced)
    # in a script, an empty line plays nothing: the input ends before the deal does
    lines = iter([""] * 50)
    assert session("fft-4p", lambda p: next(lines, None), script=True).run() == 1


def test_quit_in_a_deal_asks_first_and_no_stays(tmp_path):
    lines = iter(["1", "1", "quit", "n", "1", "quit", "y"])
    read = Reader(lambda p: next(lines, None))
    rec = tmp_path / "q.txt"
    s = session("marolles-1637", read, record=rec)
    assert s.run() == 0
    asked = [p for p in read.prompts if p.startswith("Leave the deal in progress?")]
    assert len(asked) == 2 and "--resume" in asked[0]
    record = load_record(rec)
    assert len([p for p in read.prompts if p.startswith("South")]) == 5    # it went on after "n"
    assert not replay(record).is_over and record.tags["Round"] == "1"
    # a script is taken at its word
    lines2 = iter(["1", "quit"])
    read2 = Reader(lambda p: next(lines2, None))
    assert session("marolles-1637", read2, script=True).run() == 0
    assert not any(p.startswith("Leave") for p in read2.prompts)


def test_tricks_last_score_and_undo_at_the_prompt():
    commands = iter(["tricks", "last", "score", "undo", "hand"])
    holder: list[PlaySession] = []

    def answer(prompt):
        deal = holder[0].table.deal
        if holder[0].table.dealt == 1 and len(deal.tricks) >= 4:  # at the fifth trick of the first deal
            return next(commands, "1")
        return "1"

    buf = io.StringIO()
    out = Console(file=buf, width=120, color_system=None, markup=False, highlight=False)
    s = session("marolles-1637", Reader(answer, buf), out=out, deals=2, seed=7)
    holder.append(s)
    assert s.run() == 0
    text = buf.getvalue()
    tricks = re.findall(r"^Trick \d+: .* wins$", text, re.M)
    assert tricks and "South takes back" in text
    said = text.split("South> tricks")[1].split("South> last")[0].strip().splitlines()
    assert said and all(re.fullmatch(r"Trick \d+: .* wins", ln) for ln in said)
    last = text.split("South> last")[1].split("South> score")[0].strip().splitlines()
    assert last == said[-1:]
    # the score sheet after the deals: a row per deal, its total the sum of the rows
    assert "No deal has been counted yet." in text                        # score in the first deal
    sheet = text.split("Running marques after 2 deals")[-1]
    rows = [ln.split() for ln in sheet.splitlines() if ln.strip().startswith("Deal ")]
    total = next(ln.split() for ln in sheet.splitlines() if ln.strip().startswith("total"))
    assert len(rows) == s.table.dealt
    assert [int(v) for v in total[1:]] == [sum(int(r[-3 + i]) for r in rows) for i in range(3)]


def test_help_names_the_table_commands_in_english_and_french():
    assert all(w in say("help.table") for w in ("tricks", "last", "score", "undo", "Enter", "--resume"))
    use_language("fr")
    try:
        fr = say("help.table")
        assert all(w in fr for w in ("tricks", "last", "score", "undo", "Entrée", "--resume"))
        assert "robots" in say("undo.people")
    finally:
        use_language("en")


# ----- tarot play: every deal saved, --resume ------------------------------------------------
def test_every_deal_is_saved_in_the_games_folder_and_resume_goes_on(tmp_path):
    games = tmp_path / "games"
    runner = CliRunner()
    res = runner.invoke(app, ["play", "fft-3p", "--seed", "5", "--games", str(games)],
                        input="1\n" * 40 + "quit\ny\n")
    assert res.exit_code == 0, res.output[-600:]
    files = sorted(games.iterdir(), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    assert files and all(re.fullmatch(r"fft-3p-\d{8}-\d{6}-\d+\.txt", p.name) for p in files)
    left = load_record(files[-1])
    assert not replay(left).is_over and f"--resume {files[-1]}" in res.stdout
    res = runner.invoke(app, ["play", "--resume", str(files[-1]), "--script", "--deals", "1"],
                        input="1\n" * 400)
    assert res.exit_code == 0, res.output[-600:]
    assert f"Going on with {files[-1]}" in res.stdout
    done = load_record(files[-1])
    assert done.actions[:len(left.actions)] == left.actions and replay(done).is_over
    assert done.deck == left.deck and done.tags.get("Sheet") == left.tags.get("Sheet")
    bad = tmp_path / "bad.txt"
    bad.write_text(left.to_text().replace('[Seats "', '[Seatz "'))
    res = runner.invoke(app, ["play", "--resume", str(bad), "--script"], input="")
    assert res.exit_code == 1 and "not a game saved by tarot play" in res.output


def test_no_save_saves_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    res = CliRunner().invoke(app, ["play", "--seed", "2", "--no-save"], input="1\n" * 40 + "quit\ny\n")
    assert res.exit_code == 0 and "Record saved" not in res.output and not (tmp_path / "tarot").exists()
