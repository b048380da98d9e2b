"""``tarot review`` (tarot.runs.review): decisions weighed from the seat's view only, the one
clearly best option named, grades by the game's sizes, bad input refused."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from tarot.cli import app

import tarot
from tarot.bots import make_bot, play_out
from tarot.bots.sampling import sample_world
from tarot.bots.search import solve_actions, tricks_left
from tarot.core.errors import RecordError
from tarot.records import format_text, record_from_deal, save_record
from tarot.runs.review import ReviewError, _decide, grade, review


def _finished(variant: str, seed: int, bots=("random", "rule", "rule", "rule")) -> tarot.Deal:
    deal = tarot.new_deal(variant, seed=seed)
    play_out(deal, [make_bot(bots[s % len(bots)], seed=s) for s in range(deal.players)])
    return deal


def _forced_best(seed: int):
    """A Marolles position near the end where one card is best by at least 1 M in every one of
    16 deals drawn from the seat's view (by the exact solver), with the worst card played there
    instead; None if the deal has none. Returns (record, move, seat, best, worst)."""
    deal = tarot.new_deal("marolles-1637", seed=seed)
    bots = [make_bot("rule", seed=s) for s in range(3)]
    rng = random.Random(seed)
    while not deal.is_over:
        seat = deal.to_play
        view = deal.view(seat)
        if deal.phase == "play" and 2 <= tricks_left(deal) <= 4 and len(view.legal_actions) > 1:
            margins: dict[int, float] = {}
            worst: dict[int, float] = {}
            for _ in range(16):
                values = solve_actions(sample_world(view, rng), seat)
                ranked = sorted(values, key=lambda a: -values[a])
                top, second = ranked[0], values[ranked[1]] if len(ranked) > 1 else values[ranked[0]]
                margins[top] = min(margins.get(top, 1e9), values[top] - second)
                for a, v in values.items():
                    worst[a] = worst.get(a, 0.0) + v
            if len(margins) == 1 and min(margins.values()) >= 1.0:
                best = next(iter(margins))
                bad = min(worst, key=lambda a: (worst[a], a))
                move = len(deal.history)
                deal.push(bad)
                play_out(deal, bots)
                return record_from_deal(deal), move, seat, best, bad
        deal.push(bots[seat].act(view))
    return None


def test_grades_follow_the_game_sizes():
    sizes = tarot.variant_class("fft-4p").MISTAKE_SIZES
    assert [grade(x, sizes) for x in (0, 1, sizes[0], sizes[1], sizes[2] + 1)] == [
        "best", "good", "inaccuracy", "mistake", "blunder"]
    assert tarot.variant_class("marolles-1637").MISTAKE_SIZES < sizes  # marques move less than points


@pytest.mark.slow
def test_the_only_card_that_saves_the_deal_is_named():
    found = []
    for seed in range(60):
        case = _forced_best(seed)
        if case is not None:
            found.append(case)
        if len(found) == 2:
            break
    assert len(found) == 2, "no position with one clearly best card in 60 deals"
    for record, move, seat, best, bad in found:
        r = review(record, seats=[seat], worlds=24, seed=1)
        d = next(d for d in r.decisions if d.move == move)
        assert d.seat == seat and d.weighed
        assert d.best is not None and d.best.action == best
        assert d.played == bad and d.loss >= tarot.variant_class("marolles-1637").MISTAKE_SIZES[0]
        assert d.double_dummy is not None and d.double_dummy[0] > d.double_dummy[1]


@pytest.mark.parametrize("variant", ["marolles-1637", "early-french", "french-2p", "fft-4p"])
def test_a_decision_is_weighed_from_the_view_alone(variant):
    """Put the seat in another deal with the same view (a sample of its hidden cards): the
    decision is weighed the same, value for value; only the double-dummy values may differ."""
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        if checked >= 10:
            break
        deal = _finished(variant, seed)
        record = record_from_deal(deal)
        replayed = tarot.new_deal(variant, deck=record.deck, dealer=record.dealer, options=record.options)
        for move, action in enumerate(record.actions):
            seat = replayed.to_play
            view = replayed.view(seat)
            if replayed.phase == "play" and len(view.legal_actions) > 1 and rng.random() < 0.1 and checked < 10:
                other = sample_world(view, rng)
                assert other.view(seat).hand == view.hand
                a = _decide(replayed, seat, move, action, 4, 3, replayed.MISTAKE_SIZES, True)
                b = _decide(other, seat, move, action, 4, 3, replayed.MISTAKE_SIZES, True)
                assert (a.options, a.loss, a.grade, a.reason) == (b.options, b.loss, b.grade, b.reason)
                checked += 1
            replayed.push(action)
    assert checked >= 10


def test_a_summary_adds_up_and_bids_are_listed_unweighed():
    r = review(record_from_deal(_finished("fft-4p", 3)), seats=[0], worlds=2, seed=0)
    s = r.summaries[0]
    weighed = [d for d in r.decisions if d.weighed]
    assert s.decisions == len(weighed) and sum(s.grades.values()) == len(weighed)
    assert s.total_loss == pytest.approx(sum(d.loss for d in weighed))
    assert any(d.phase == "bid" and not d.weighed for d in r.decisions)
    for d in weighed:
        assert d.loss == pytest.approx(d.best.value - next(o.value for o in d.options if o.action == d.played))


def test_the_same_seed_gives_the_same_review():
    record = record_from_deal(_finished("marolles-1637", 2))
    assert review(record, seats=[1], worlds=3, seed=5) == review(record, seats=[1], worlds=3, seed=5)


def test_bad_requests_are_refused():
    record = record_from_deal(_finished("marolles-1637", 1))
    with pytest.raises(ReviewError, match="seat 3 is not a seat"):
        review(record, seats=[3])
    with pytest.raises(ReviewError, match="at least 1 world"):
        review(record, worlds=0)
    text = format_text(record).replace("[Dealer \"0\"]", "[Dealer \"1\"]")
    with pytest.raises(RecordError):
        review(tarot.records.parse_record(text))


def test_the_command_writes_json_and_names_bad_files(tmp_path):
    runner = CliRunner()
    path = tmp_path / "deal.txt"
    save_record(record_from_deal(_finished("marolles-1637", 4)), path)
    out = runner.invoke(app, ["review", str(path), "--seat", "0", "--worlds", "2", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["unit"] == "marques" and data["summaries"][0]["seat"] == 0
    assert data["decisions"] and all(d["seat"] == 0 for d in data["decisions"])
    text = runner.invoke(app, ["review", str(path), "--seat", "0", "--worlds", "2"])
    assert text.exit_code == 0 and "Summary" in text.stdout
    bad = runner.invoke(app, ["review", str(tmp_path / "none.txt")])
    assert bad.exit_code == 1 and bad.stderr.startswith("tarot: ") and "none.txt" in bad.stderr
    seat = runner.invoke(app, ["review", str(path), "--seat", "9"])
    assert seat.exit_code == 1 and "seat 9 is not a seat" in seat.stderr
