"""Puzzles (tarot.runs.puzzles, tarot puzzles): the shipped ones checked again by the exact
solver on deals drawn afresh, mined ones likewise, shown from the seat's view only."""

from __future__ import annotations

import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tarot.cli import app
from tarot.core.cards import format_card
from tarot.runs.puzzles import Puzzle, PuzzleError, check, mine, shipped, shipped_variants
from tarot.tui.puzzles import show_puzzle

SHIPPED = ["marolles-1637", "fft-4p"]


def test_puzzles_ship_for_marolles_and_french_tarot():
    assert set(SHIPPED) <= set(shipped_variants())
    for variant in SHIPPED:
        puzzles = shipped(variant)
        assert len(puzzles) >= 100, variant
        assert len({(p.deck, p.actions) for p in puzzles}) == len(puzzles)  # no position twice
        for p in puzzles:
            assert p.variant == variant and p.answer in p.position().legal_actions()
            assert max(p.values, key=lambda a: p.values[a]) == p.answer


@pytest.mark.slow
@pytest.mark.parametrize("variant", SHIPPED)
def test_every_shipped_answer_is_best_again_on_fresh_deals(variant):
    """Each answer is strictly best in each of 6 deals drawn again from the puzzle's view with
    another seed than the miner's, every one solved exactly."""
    wrong = [i for i, p in enumerate(shipped(variant), 1) if not check(p, worlds=6, seed=2026)]
    assert not wrong, f"puzzles {wrong} of {variant} have another best card"


@pytest.mark.parametrize("variant", ["marolles-1637", "early-french", "french-2p"])
def test_mined_puzzles_check_out(variant):
    found = list(mine(variant, 12, seed=5, worlds=8, margin=0.5))
    for p in found:
        assert p.margin >= 0.5
        assert check(p, worlds=6, seed=11)
        assert Puzzle.from_json(p.to_json()) == p
    if variant == "marolles-1637":
        assert found


def test_a_puzzle_shows_no_card_the_seat_cannot_know():
    for p in shipped("marolles-1637")[:40] + shipped("fft-4p")[:40]:
        console = Console(width=120, record=True, color_system=None)
        show_puzzle(console, p, 1, 1)
        text = console.export_text()
        view = p.view()
        deal = p.position()
        hidden = deal.PACK & ~view.known_cards()
        words = set(re.findall(r"[\w]+", text))
        for c in range(78):
            if hidden >> c & 1:
                assert format_card(c, deal.notation) not in words, (format_card(c, deal.notation), text)


@pytest.mark.parametrize("line, words", [
    ("{", "not a puzzle"),
    ('{"variant": "marolles-1637"}', "not a puzzle"),
    ('{"variant": "nope", "options": {}, "deck": [], "dealer": 0, "actions": [], "seat": 0, '
     '"answer": 1, "margin": 1, "values": {}, "source": ""}', "not a puzzle"),
])
def test_bad_puzzle_lines_are_refused(line, words):
    with pytest.raises(PuzzleError, match=words):
        Puzzle.from_json(line)


def test_a_wrong_answer_on_the_line(tmp_path):
    first, second = shipped("marolles-1637")[:2]
    deal = first.position()
    answer = deal.action_token(first.answer)
    other = next(deal.action_token(a) for a in deal.legal_actions() if a != first.answer)
    then = second.position().action_token(second.answer)
    runner = CliRunner()
    res = runner.invoke(app, ["puzzles", "--script"], input=f"ZZ9\n{other}\n{then}\nquit\n")
    assert res.exit_code == 0, res.output
    assert "ZZ9 cannot be played here" in res.stdout
    assert f"Not {other}: the card was {answer}." in res.stdout
    assert "Right" in res.stdout and "1 right of 2." in res.stdout
    mined = tmp_path / "p.jsonl"
    res = runner.invoke(app, ["puzzles", "marolles-1637", "--mine", str(mined), "--deals", "6"])
    assert res.exit_code == 0 and mined.exists()
    again = runner.invoke(app, ["puzzles", "marolles-1637", "--mine", str(mined)])
    assert again.exit_code == 2 and "exists already" in again.stderr
