"""The duplicate challenge (``tarot.runs.challenge``, ``tarot challenge``): the comparison's
arithmetic on a worked example, the same deals for the same id, the table dealt from the
challenge's boards, a whole challenge played with ``--script``, bad input refused in one line."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from tarot.cli import app
from tarot.core.errors import TarotError
from tarot.play.session import TableSession
from tarot.records import load_record, replay
from tarot.runs.challenge import Challenge, ChallengeResult, challenge_seed, default_id, standings
from tarot.runs.duplicate import board, play_board

runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env={"COLUMNS": "120"}, prog_name="tarot")


# ----- the arithmetic -------------------------------------------------------------------------
def test_the_comparison_of_a_worked_example():
    """Four boards, worked by hand: the person scored +10, -4, +6, 0 in the seat and the rule
    bot +4, -4, 0, +2 there. The differences are +6, 0, +6, -2: their mean is 10 / 4 = 2.5;
    about it they are +3.5, -2.5, +3.5, -4.5, whose squares sum to 12.25 + 6.25 + 12.25 +
    20.25 = 51, so the sample variance is 51 / 3 = 17 and the deviation sqrt(17) = 4.1231; the
    interval's half-width is 1.96 x 4.1231 / sqrt(4) = 4.0406: [-1.541, +6.541]."""
    c = Challenge.make("marolles-1637", "worked", deals=4)
    r = ChallengeResult(c, "Ann", (10, -4, 6, 0), (4, -4, 0, 2))
    assert [(row.board, row.person, row.bots, row.difference) for row in r.rows()] == [
        (1, 10, 4, 6), (2, -4, -4, 0), (3, 6, 0, 6), (4, 0, 2, -2)]
    d = r.differences()
    assert d.n == 4 and d.mean == 2.5
    assert d.stdev == pytest.approx(4.1231, abs=1e-4)
    low, high = d.ci95
    assert low == pytest.approx(-1.541, abs=1e-3) and high == pytest.approx(6.541, abs=1e-3)
    data = r.to_dict()
    assert data["total"] == 12 and data["bots_total"] == 2 and data["finished"]
    assert data["mean_difference"] == 2.5 and [x["difference"] for x in data["rows"]] == [6, 0, 6, -2]
    assert ChallengeResult.from_dict(json.loads(json.dumps(data))) == r


def test_an_unfinished_result_compares_the_boards_played_only():
    c = Challenge.make("marolles-1637", "half", deals=4)
    r = ChallengeResult(c, "Bob", (3, -1), (1, 1, 5, 5))
    assert not r.finished and [row.difference for row in r.rows()] == [2, -2]
    assert r.to_dict()["bots_total"] == 2 and r.differences().mean == 0


def test_standings_rank_finished_results_by_mean_difference():
    c = Challenge.make("marolles-1637", "rank", deals=2)
    bots = (0, 0)
    a, b, late = (ChallengeResult(c, n, s, bots) for n, s in (("a", (1, 1)), ("b", (5, 1)), ("late", (9,))))
    assert [r.name for r in standings([a, late, b])] == ["b", "a"]


# ----- the deals ------------------------------------------------------------------------------
def test_the_same_id_gives_the_same_deals_and_another_id_others():
    one = Challenge.make("fft-4p", "2026-11-28", deals=5)
    again = Challenge.make("fft-4p", "2026-11-28", deals=5, seat=2, bots=["random"])
    other = Challenge.make("fft-4p", "2026-11-29", deals=5)
    assert one.boards() == again.boards()  # neither the seat nor the bots change the deals
    assert [b.deck for b in one.boards()] != [b.deck for b in other.boards()]
    seed = challenge_seed("2026-11-28")
    assert one.boards() == [board("fft-4p", seed, i) for i in range(5)]
    assert [b.dealer for b in one.boards()] == [0, 1, 2, 3, 0]
    assert len({b.deck for b in one.boards()}) == 5


def test_the_bots_reference_is_the_same_every_time_and_is_the_seats_score():
    c = Challenge.make("marolles-1637", "ref", deals=3, seat=1)
    scores = c.bot_scores()
    assert scores == c.bot_scores()
    assert list(scores) == [play_board("marolles-1637", b, ["rule"] * 3).result().scores[1] for b in c.boards()]


def test_the_default_id_is_todays_challenge_of_the_variant():
    c = Challenge.make("fft-3p")
    assert c.id == default_id("fft-3p") and c.id.startswith("fft-3p:20") and c.deals == 16
    assert c.bots == ("rule",) * 3 and c.reference == "rule"


def test_a_table_dealt_from_boards_deals_each_once_and_an_annulled_one_counts():
    """fft-4p board 0 of seed 4: the rule bots all pass (an annulled hand). At a table dealt
    from boards it is its board played, and the next board is dealt, not the same again."""
    boards = [board("fft-4p", 4, i) for i in range(3)]
    assert play_board("fft-4p", boards[0], ["rule"] * 4).result().info.get("all_passed")
    t = TableSession("fft-4p", seed=1, seats=["rule"] * 4, boards=[(b.deck, b.dealer) for b in boards])
    decks = []
    while not t.is_over:
        t.advance()
        assert t.deal is not None
        if t.deal.is_over and t.deal.deck not in decks:
            decks.append(t.deal.deck)
    assert t.deals == 3 and t.played == t.dealt == 3 and len(t.sheet) == 3
    assert t.sheet[0].annulled and decks == [b.deck for b in boards]
    assert [r.dealer for r in t.sheet] == [b.dealer for b in boards]


# ----- bad input ------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, said", [
    ({"variant": "nope"}, "unknown variant 'nope'"),
    ({"seat": 3}, "the seat must be 0..2"),
    ({"seat": -1}, "the seat must be 0..2"),
    ({"deals": 0}, "1..64 deals, not 0"),
    ({"deals": 65}, "1..64 deals, not 65"),
    ({"challenge_id": ""}, "challenge id '' is not"),
    ({"challenge_id": "a\x1b[31m"}, "is not 1..60 printable"),
    ({"bots": ["rule", "random"]}, "give 1 or 3 bot names"),
    ({"bots": ["nobody"]}, "nobody"),
])
def test_a_bad_challenge_is_refused_naming_the_problem(kwargs, said):
    args = {"variant": "marolles-1637", "challenge_id": "x", **kwargs}
    with pytest.raises(TarotError, match=None) as e:
        Challenge.make(args.pop("variant"), **args)
    assert said in str(e.value)


@pytest.mark.parametrize("args, said", [
    (["challenge", "nope", "--script"], "unknown variant 'nope'"),
    (["challenge", "--seat", 5, "--script"], "the seat must be 0..2"),
    (["challenge", "fft-4p", "--deals", 0, "--script"], "a challenge has 1..64 deals, not 0"),
    (["challenge", "--deals", 1000, "--script"], "a challenge has 1..64 deals, not 1000"),
    (["challenge", "--bots", "rule,nobody", "--script"], "--bots: unknown bot 'nobody'"),
    (["challenge", "--lang", "de", "--script"], "--lang must be en or fr"),
    (["challenge", "--show", "/no/such/file.json"], "--show: '/no/such/file.json': cannot read"),
])
def test_bad_input_to_tarot_challenge_is_one_line_naming_it(args, said):
    res = invoke(*args, input="")
    assert res.exit_code in (1, 2), res.output
    assert res.stderr.count("\n") == 1 and res.stderr.startswith("tarot: "), res.stderr
    assert said in res.stderr, res.stderr
    assert "Traceback" not in res.output


# ----- the command, end to end ----------------------------------------------------------------
def _script(tmp_path, deals, *extra, games="g"):
    """A challenge played with the first choice at every decision, saved under ``games``."""
    res = invoke("challenge", "marolles-1637", "--id", "script", "--deals", deals, "--seat", 1, "--script",
                 "--name", "Ann", "--games", tmp_path / games, *extra, input="1\n" * 300 * deals)
    assert res.exit_code == 0, res.output
    return res


def test_a_challenge_played_with_script_end_to_end(tmp_path):
    res = _script(tmp_path, 3)
    out = res.stdout
    assert "Challenge script: 3 deals of" in out and "Ann in seat 1 against rule" in out
    assert "Mean difference per board:" in out and "95% interval" in out
    saved = sorted((tmp_path / "g").glob("*.json"))
    assert len(saved) == 1
    result = ChallengeResult.load(saved[0])
    c = Challenge.make("marolles-1637", "script", deals=3, seat=1)
    assert result.challenge == c and result.finished and result.name == "Ann"
    assert result.bots == c.bot_scores()
    # each deal was the challenge's board, and the scores are the records' own
    records = sorted((tmp_path / "g").glob("*-challenge-*-[0-9].txt"))
    assert len(records) == 3
    for path, b, score in zip(records, c.boards(), result.scores):
        rec = load_record(path)
        assert rec.deck == b.deck and rec.dealer == b.dealer
        assert replay(rec).result().scores[1] == score
    for row in result.rows():  # the table printed is the result's
        assert f"{row.person:+d}" in out and f"{row.difference:+d}" in out
    d = result.differences()
    assert f"{d.mean:+.2f}" in out and f"{d.ci95[0]:+.2f}" in out
    shown = invoke("challenge", "--show", saved[0])
    assert shown.exit_code == 0 and f"{d.mean:+.2f}" in shown.stdout and "Ann in seat 1" in shown.stdout


def test_a_challenge_is_deterministic_for_its_id(tmp_path):
    first, second = _script(tmp_path, 2, games="a"), _script(tmp_path, 2, games="b")
    cut = first.stdout.index("Challenge script: Ann")
    assert first.stdout[cut:].split("The result is saved")[0] == second.stdout[cut:].split("The result is saved")[0]
    a, b = (ChallengeResult.load(next((tmp_path / d).glob("*.json"))) for d in "ab")
    assert a == b


def test_a_challenge_in_french_speaks_french(tmp_path):
    res = invoke("challenge", "--id", "fr", "--deals", 1, "--script", "--lang", "fr", input="1\n" * 300)
    assert res.exit_code == 0, res.output
    assert "Défi fr" in res.stdout and "Écart" in res.stdout


def test_a_challenge_left_early_compares_the_boards_played(tmp_path):
    res = invoke("challenge", "--id", "early", "--deals", 3, "--script", "--games", tmp_path / "a", input="1\n" * 5)
    assert res.exit_code == 1  # the input ended in deal 1: nothing finished, nothing compared
    assert "No board was finished" in res.stdout and not list((tmp_path / "a").glob("*.json"))
    res = invoke("challenge", "--id", "early", "--deals", 3, "--script", "--games", tmp_path / "b", input="1\n" * 40)
    assert res.exit_code == 1 and "You played 1 of the 3 boards" in res.stdout
    result = ChallengeResult.load(next((tmp_path / "b").glob("*.json")))
    assert not result.finished and len(result.scores) == 1 and len(result.bots) == 3


def test_a_full_sixteen_deal_challenge_with_script(tmp_path):
    res = _script(tmp_path, 16)
    result = ChallengeResult.load(next((tmp_path / "g").glob("*.json")))
    assert result.finished and len(result.rows()) == 16
    assert math.isfinite(result.differences().half_width) and "over 16 boards" in res.stdout
