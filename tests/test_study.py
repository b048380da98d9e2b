"""``tarot study`` (tarot/runs/study.py, tarot/runs/study_report.py): figures against ones worked
out here deal by deal, paired intervals against ``tarot simulate --compare``, the same JSON on a
pool and on Ray, a study resumed after an interruption, and bad input refused with nothing
written."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from tarot.cli import app
from tarot.core.game import game_of
from tarot.runs import simulate as sim
from tarot.runs import study as st
from tarot.runs import study_report
from tarot.runs.duplicate import board, play_board_seatings
from tarot.runs.stats import Running

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})


def small(deals=6, seed=7, readings=("ultimo_fail=1",), variant="marolles-1637", chunk=2, skill=st.DEFAULT_SKILL):
    return st.Study.make([st.Question.make(variant, list(readings))], deals, seed, ["rule"], skill, chunk)


def summary_of(study, **kw):
    return study_report.summarise(study, st.run(study, **kw))


# ----- the figures, worked out deal by deal ----------------------------------------------------
def test_running_from_sums_is_running_fed_the_values():
    values = [3, -7, 12, 0, 5, -1]
    r = Running()
    for v in values:
        r.add(v)
    f = Running.from_sums(len(values), sum(values), sum(v * v for v in values))
    assert (f.n, f.mean) == (r.n, pytest.approx(r.mean))
    assert f.stdev == pytest.approx(r.stdev) and f.ci95 == pytest.approx(r.ci95)
    assert Running.from_sums(4, 6, 14, scale=2).mean == pytest.approx(0.75)   # 0, .5, 1, 1.5 x 2


def test_figures_equal_those_worked_out_from_each_deal():
    study = small(deals=5, skill=[("rule", "random")])
    summ = summary_of(study)
    base = summ["questions"][0]["readings"][0]
    deals = [sim.play_deal("marolles-1637", {}, 7, i, ["rule"] * 3) for i in range(5)]
    results = [d.result() for d in deals]
    n = 5
    for seat in range(3):
        assert base["seats"][str(seat)]["mean"] == pytest.approx(sum(r.scores[seat] for r in results) / n)
    # position from the dealer: the dealer's seat, then the next to play (anticlockwise: seat + 1)
    dealer_mean = sum(r.scores[d.dealer] for d, r in zip(deals, results)) / n
    assert base["positions"]["dealer"]["mean"] == pytest.approx(dealer_mean)
    eldest = sum(r.scores[(d.dealer + 1) % 3] for d, r in zip(deals, results)) / n
    assert base["positions"]["dealer+1"]["mean"] == pytest.approx(eldest)
    # the dealer's advantage: the dealer's score less the others' mean (zero-sum: x 3/2)
    assert base["dealer_advantage"]["mean"] == pytest.approx(dealer_mean * 3 / 2)
    for src in ("declarations", "tarots", "ultimo", "card_points"):
        moved = [sum(v for v in r.by_source[src] if v > 0) for r in results]
        assert base["moved"][src]["mean"] == pytest.approx(sum(moved) / n)
    all_moved = sum(v for r in results for row in r.by_source.values() for v in row if v > 0)
    cp = sum(v for r in results for v in r.by_source["card_points"] if v > 0)
    assert base["shares"]["tarots"] == pytest.approx(
        sum(v for r in results for v in r.by_source["tarots"] if v > 0) / all_moved)
    if cp:
        ult = sum(v for r in results for v in r.by_source["ultimo"] if v > 0)
        assert base["ratio_to_card_points"]["ultimo"] == pytest.approx(ult / cp)
    # an Ultimo won: one seat collects 6 from each other seat in the last trick
    won = sum(any(p.reason == "ultimo" for p in r.ledger.entries)
              and len({p.payee for p in r.ledger.entries if p.reason == "ultimo"}) == 1 for r in results)
    assert base["events"].get("ultimo (collected)", {"mean": 0})["mean"] == pytest.approx(won / n)
    par = [sum(p >= 25 for p in r.card_points) for r in results]
    for k in set(par):
        assert base["events"][f"{k} at or above par"]["mean"] == pytest.approx(par.count(k) / n)
    scores = [v for r in results for v in r.scores]
    mean = sum(scores) / len(scores)
    var = sum((v - mean) ** 2 for v in scores) / (len(scores) - 1)
    assert base["scores"]["variance"] == pytest.approx(var)
    assert sum(base["scores"]["histogram"].values()) == 15
    roles = [game_of(d).roles(d, s) for d in deals for s in range(3)]
    assert base["roles"]["dealer"]["n"] == roles.count("dealer") == 5
    # the share of skill: the rule bot alone among random ones, less the random ones' par
    gains = [play_board_seatings("marolles-1637", board("marolles-1637", 7, i), ("rule", "random"),
                                 {}, field=True).gain(0) for i in range(5)]
    assert base["skill"]["rule over random"]["mean"] == pytest.approx(sum(gains) / n)


def test_events_read_from_the_ledger_and_the_summary():
    deal = sim.play_deal("fft-4p", {}, 3, 1, ["rule"] * 4)
    s = deal.summary()
    names = st.events(deal, deal.result().scores, s, None)
    if s["contract"]:
        made = deal.result().scores[s["taker"]] > 0
        assert f"taker {'made' if made else 'failed'} {s['contract']}" in names
        assert f"contract {s['contract']}" in names
    # a card is never part of an event's name (Tarots won and lost are one event each)
    d = sim.play_deal("marolles-1637", {}, 1, 0, ["rule"] * 3)
    for name in st.events(d, d.result().scores, {}, 1):
        assert not any(tok in name.split() for tok in ("KS", "T21", "T1", "F"))


def test_games_to_a_target_equal_those_played_here():
    from tarot.bots import make_bot, play_out
    from tarot.variants.early_french import EarlyFrenchGame

    q = st.Question.make("early-french", ["end_rule=instant_win"], unit="game")
    summ = summary_of(st.Study.make([q], 4, 5, ["rule"], [], 2))
    a, b = summ["questions"][0]["readings"]
    hands, wins, differ = [], {}, 0
    for i in range(4):
        s = sim.deal_seed(5, i)
        results = []
        for options in ({}, {"end_rule": "instant_win"}):
            bots = [make_bot("rule", seed=sim.bot_seed(s, seat)) for seat in range(4)]
            results.append(EarlyFrenchGame(options, dealer=i % 4, seed=s).play(lambda d, bots=bots: play_out(d, bots)))
        hands.append(len(results[0].hands))
        for w in results[0].winners:
            pos = (w - i % 4) % 4
            wins[pos] = wins.get(pos, 0) + 1 / len(results[0].winners)
        differ += results[0].winners != results[1].winners
    assert a["hands"]["mean"] == pytest.approx(sum(hands) / 4)
    for pos, share in wins.items():
        assert a["wins"]["dealer" + (f"+{pos}" if pos else "")]["mean"] == pytest.approx(share / 4)
    assert b["events"].get("other winners than A", {"mean": 0})["mean"] == pytest.approx(differ / 4)
    assert "ended instant" in b["events"] and "ended instant" not in a["events"]


def test_a_game_unit_needs_a_game_to_a_target():
    with pytest.raises(st.TarotError, match="no game to a target"):
        st.Question.make("marolles-1637", ["ultimo_fail=1"], unit="game")
    with pytest.raises(st.TarotError, match="deal or game"):
        st.Question.make("early-french", ["players=3"], unit="match")


# ----- the paired intervals: those of tarot simulate --compare -----------------------------------
def test_paired_intervals_equal_simulate_compare():
    b_options = {"ultimo_fail": "1", "two_winner_rule": "dm_literal_top_winner"}
    study = small(deals=30, readings=[b_options], skill=[], chunk=7)
    b = summary_of(study)["questions"][0]["readings"][1]["vs_baseline"]
    cls = sim.variant_class("marolles-1637")
    readings = sim.Readings(3, cls.SOURCES)
    for x, y in sim.compare("marolles-1637", 30, 7, None, b_options, ["rule"]):
        readings.add(x, y)
    for src in cls.SOURCES:
        assert b[f"moved {src}"]["ci95"] == pytest.approx(list(readings.moved[src].ci95), abs=1e-9)
    assert b["moved"]["mean"] == pytest.approx(readings.moved_total.mean, abs=1e-9)
    assert b["moved"]["ci95"] == pytest.approx(list(readings.moved_total.ci95), abs=1e-9)
    for pos, name in enumerate(["dealer", "dealer+1", "dealer+2"]):
        assert b[f"position {name}"]["ci95"] == pytest.approx(list(readings.position[pos].ci95), abs=1e-9)
    assert readings.moved_total.stdev and readings.position[0].stdev  # not a comparison of zeros


def test_readings_of_other_player_counts_are_paired_on_the_deal_only():
    study = st.Study.make([st.Question.make("early-french", ["players=3"])], 4, 1, ["rule"], [], 2)
    b = summary_of(study)["questions"][0]["readings"][1]
    assert "moved" in b["vs_baseline"] and not any(k.startswith(("seat", "position")) for k in b["vs_baseline"])


@pytest.mark.parametrize("variant, reading", [("early-french", "players=3"), ("early-french", "players=6"),
                                              ("marolles-1637", "ultimo_fail=1")])
def test_each_difference_is_the_difference_of_the_means(variant, reading):
    # a property of pairing: the mean of B - A deal by deal is B's mean less A's, whatever the
    # tables (the means over seats are kept on one scale for every number of players)
    study = st.Study.make([st.Question.make(variant, [reading])], 6, 3, ["rule"], [("rule", "random")], 3)
    a, b = summary_of(study)["questions"][0]["readings"]

    def mean(r, key):
        for prefix, group in (("skill ", "skill"), ("event ", "events"), ("moved ", "moved")):
            if key.startswith(prefix):
                return r[group].get(key[len(prefix):], {"mean": 0.0})["mean"]
        return {"dealer advantage": r["dealer_advantage"], "moved": r["moved_total"]}.get(
            key, r["positions"].get(key[len("position "):], {"mean": 0.0}))["mean"]
    assert b["vs_baseline"]
    for key, d in b["vs_baseline"].items():
        if key.startswith("seat "):
            continue
        assert d["mean"] == pytest.approx(mean(b, key) - mean(a, key), abs=1e-9), key


# ----- scale: chunks, workers, Ray, resuming ------------------------------------------------------
def test_the_figures_do_not_depend_on_chunks_or_workers():
    one = summary_of(small(deals=6, chunk=6))
    two = summary_of(small(deals=6, chunk=2), workers=2)
    one["study"].pop("chunk"), two["study"].pop("chunk")
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)


def test_an_interrupted_study_resumes_where_it_stopped(tmp_path):
    study = small(deals=8, chunk=2)
    calls = []

    def stop_after_two(done, total):
        calls.append(done)
        if done >= 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        st.run(study, tmp_path, progress=stop_after_two)
    done, _ = st.load_checkpoint(tmp_path, study)
    assert done == {(0, 0), (0, 1)}
    seen = []
    resumed = st.run(study, tmp_path, progress=lambda d, t: seen.append(d))
    assert seen == [4, 6, 8]  # the two chunks already done are not played again
    whole = st.run(study)
    assert json.dumps(resumed, sort_keys=True) == json.dumps(whole, sort_keys=True)


def test_memory_does_not_grow_with_the_deals():
    # the tally keeps sums and counts by score, never the deals: its size is bounded by the
    # measures and the scores seen, whatever the number of deals
    small_t = st.run(small(deals=10, chunk=10))
    large_t = st.run(small(deals=40, chunk=10))
    size = lambda t: len(json.dumps(t))  # noqa: E731
    assert size(large_t) < 2.5 * size(small_t)


@pytest.mark.ray
def test_local_and_ray_give_the_same_json(tmp_path):
    pytest.importorskip("ray")
    study = small(deals=6, chunk=2)
    local = summary_of(study, workers=1)
    on_ray = summary_of(study, workers=2, use_ray=True)
    assert json.dumps(local, sort_keys=True) == json.dumps(on_ray, sort_keys=True)


# ----- the command, and bad input ----------------------------------------------------------------
def test_the_command_writes_the_reports(tmp_path):
    out = tmp_path / "s"
    res = invoke("study", "marolles-1637", "--compare", "ultimo_fail=1", "--deals", 4, "--seed", 2,
                 "--out", out, "--workers", 1, "--skill", "none")
    assert res.exit_code == 0, res.output
    data = json.loads((out / "study.json").read_text())
    assert data["questions"][0]["readings"][1]["options"] == {"ultimo_fail": "1"}
    assert "Regenerate with" in (out / "study.md").read_text()
    assert "<table>" in (out / "study.html").read_text()


def test_a_study_file_runs_several_questions(tmp_path):
    f = tmp_path / "s.toml"
    f.write_text('deals = 3\nseed = 1\nskill = []\n[[question]]\nvariant = "marolles-78"\n'
                 'readings = [{variant = "marolles-1637"}]\n[[question]]\nvariant = "early-french"\n'
                 'readings = ["players=3"]\n')
    res = invoke("study", f, "--out", tmp_path / "o", "--workers", 1)
    assert res.exit_code == 0, res.output
    data = json.loads((tmp_path / "o" / "study.json").read_text())
    assert [len(q["readings"]) for q in data["questions"]] == [2, 2]


BAD_TOML = {
    "syntax": ("deals = = 3\n", "is not valid TOML"),
    "key": ('dealz = 3\n[[question]]\nvariant = "marolles-1637"\nreadings = ["ultimo_fail=1"]\n', "unknown key 'dealz'"),
    "no question": ("deals = 3\n", "at least one [[question]]"),
    "option": ('[[question]]\nvariant = "marolles-1637"\nreadings = ["ultimo_fial=1"]\n', "ultimo_fial"),
    "value": ('[[question]]\nvariant = "marolles-1637"\nreadings = ["ultimo_fail=7"]\n', "ultimo_fail"),
}


@pytest.mark.parametrize("case", sorted(BAD_TOML))
def test_a_bad_study_file_is_refused_in_one_line_with_nothing_written(tmp_path, case):
    text, said = BAD_TOML[case]
    f = tmp_path / "s.toml"
    f.write_text(text)
    res = invoke("study", f, "--out", tmp_path / "o", "--workers", 1)
    assert res.exit_code == 2
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tarot: ") and said in lines[0], res.output
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("args, said", [
    (["marolles-1637", "--compare", "ultimo_fial=1"], "ultimo_fial"),
    (["marolles-1637", "--compare", "ultimo_fail=7"], "ultimo_fail"),
    (["marolles-1637", "--compare", "ultimo_fail"], "key=value"),
    (["marolles-1637", "--compare", "ultimo_fail=6"], "the same"),
    (["marolles-1637"], "--compare"),
    (["no-such-game", "--compare", "a=b"], "no-such-game"),
    (["marolles-1637", "--compare", "ultimo_fail=1", "--skill", "rule"], "better:weaker"),
    (["marolles-1637", "--compare", "ultimo_fail=1", "--bots", "nobot"], "nobot"),
    (["marolles-1637", "--compare", "ultimo_fail=1", "--ray", "127.0.0.1:1"], "no Ray cluster answers"),
    (["marolles-1637", "--compare", "ultimo_fail=1", "--ray", "nowhere"], "HOST:PORT"),
    (["marolles-1637", "--compare", "ultimo_fail=1", "--frobnicate"], "no such option"),
])
def test_bad_input_is_refused_in_one_line_with_nothing_written(tmp_path, args, said):
    res = invoke("study", *args, "--deals", 2, "--workers", 1, "--out", tmp_path / "o")
    assert res.exit_code == 2
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tarot: ") and said in lines[0], res.output
    assert not (tmp_path / "o").exists()


def test_another_studys_checkpoint_is_refused_and_left_as_it_was(tmp_path):
    st.run(small(deals=2, chunk=2), tmp_path)
    before = (tmp_path / st.CHECKPOINT).read_text()
    res = invoke("study", "marolles-1637", "--compare", "ultimo_fail=1", "--deals", 3, "--seed", 9,
                 "--workers", 1, "--out", tmp_path)
    assert res.exit_code == 2 and "another study's checkpoint" in res.output
    assert (tmp_path / st.CHECKPOINT).read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [st.CHECKPOINT]


def test_the_skill_is_larger_than_nothing_between_rule_and_random():
    # a property, not a figure: over a few boards the rule bot gains on random ones
    summ = summary_of(small(deals=6, skill=[("rule", "random")]))
    gain = summ["questions"][0]["readings"][0]["skill"]["rule over random"]["mean"]
    assert gain > 0 and math.isfinite(gain)
