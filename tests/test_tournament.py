"""The tournament harness (tarot/runs/tournament.py, tarot/runs/duplicate.py) and ``tarot tournament``.

Expected figures are computed here by hand (the interval of a tiny sample) or from the
definitions (a bot's mean per seat is the weighted mean of its means per role; every decision
is timed once), never copied from the harness's output.
"""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

import tarot
from tarot.cli import app
from tarot.runs.duplicate import (
    Board, BoardResult, board, boards, play_board, play_board_seatings, role_of, seatings,
)
from tarot.runs.stats import Running, percentile
from tarot.runs.tournament import Tournament, entry_labels, run_tournament

V = "marolles-1637"
runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})


# ----- statistics ---------------------------------------------------------------------------
def test_interval_of_a_tiny_sample_computed_by_hand():
    # 1, 2, 3: mean 2; squared deviations 1 + 0 + 1 = 2 over n - 1 = 2: sd 1;
    # 95% interval 2 ± 1.959964 / sqrt(3) = 2 ± 1.131586
    r = Running()
    for x in (1, 2, 3):
        r.add(x)
    assert r.mean == 2 and r.stdev == pytest.approx(1.0)
    low, high = r.ci95
    assert low == pytest.approx(0.868414, abs=1e-6) and high == pytest.approx(3.131586, abs=1e-6)
    one = Running()
    one.add(5)
    assert one.ci95 == (5, 5) and one.stdev == 0


def test_pair_difference_and_interval_over_boards_by_hand():
    # Three boards with one seating (A, B, B): A's score 2a and each B -a, so A's mean per
    # seat is 2a, B's -a, and the difference 3a: 3, 6, 9 -> mean 6, sd 3,
    # interval 6 ± 1.959964 * 3 / sqrt(3) = 6 ± 3.394757.
    t = Tournament(V, ["A", "B"], seed=0, options={})
    for k, a in enumerate((1, 2, 3)):
        b = Board(k, 0, (), 0)
        t.add(BoardResult(b, {(0, 1, 1): (2 * a, -a, -a)}, {(0, 1, 1): {"tarots": [2 * a, -a, -a]}},
                          {(0, 1, 1): ("dealer", "not dealer", "not dealer")}, ((0.001, 0.003), (0.002,))))
    d = t.to_dict()
    (pair,) = d["pairs"]
    assert (pair["a"], pair["b"], pair["n"]) == ("A", "B", 3)
    assert pair["mean_diff"] == pytest.approx(6) and pair["stdev"] == pytest.approx(3)
    assert pair["ci95"] == pytest.approx([6 - 3.394757, 6 + 3.394757], abs=1e-6)
    a, b = d["entries"]
    assert a["mean"] == pytest.approx(4) and b["mean"] == pytest.approx(-2)   # 2*(1+2+3)/3, -(1+2+3)/3
    assert a["sources"]["tarots"] == pytest.approx(4)
    # only A dealt and only B did not: no board has both in one role, so no role difference
    assert pair["roles"] == {}
    assert set(a["roles"]) == {"dealer"} and set(b["roles"]) == {"not dealer"}
    # A made two decisions per board (1 ms and 3 ms), B one (2 ms)
    assert a["time"]["decisions"] == 6 and b["time"]["decisions"] == 3
    assert a["time"]["p50_ms"] == pytest.approx(1) and a["time"]["p99_ms"] == pytest.approx(3)
    assert a["time"]["mean_ms"] == pytest.approx(2)


def test_card_points_can_be_compared_instead_of_the_score():
    # one board, one seating (A, B, B): card points 30, 20, 16 -> A 30, B 18, difference 12
    t = Tournament(V, ["A", "B"], seed=0, options={}, metric="card_points")
    t.add(BoardResult(Board(0, 0, (), 0), {(0, 1, 1): (4, -2, -2)}, {(0, 1, 1): {}},
                      {(0, 1, 1): ("dealer", "not dealer", "not dealer")}, ((), ()),
                      {(0, 1, 1): (30, 20, 16)}))
    d = t.to_dict()
    assert d["metric"] == "card_points" and d["pairs"][0]["mean_diff"] == pytest.approx(12)
    # the real thing: card points of a played board, recomputed from each seating's deal
    b = board(V, 2, 1)
    br = play_board_seatings(V, b, ["rule", "random"])
    total = seats = 0
    for s in seatings(3, 2):
        pts = play_board(V, b, [["rule", "random"][e] for e in s]).result().card_points
        total += sum(pts[i] for i in range(3) if s[i] == 0)
        seats += s.count(0)
    assert br.mean_per_seat(0, metric="card_points") == pytest.approx(total / seats)


def test_percentile_nearest_rank():
    xs = list(range(1, 101))          # 1..100: the 50th percentile is 50, the 99th 99
    assert percentile(xs, 50) == 50 and percentile(xs, 99) == 99 and percentile(xs, 100) == 100
    assert percentile([], 50) == 0


def test_entry_labels_tell_twins_apart():
    assert entry_labels(["rule", "rule"]) == ["rule#1", "rule#2"]
    assert entry_labels(["pimc", "rule"]) == ["pimc", "rule"]


# ----- boards and seatings ------------------------------------------------------------------
def test_board_depends_on_seed_and_index_only():
    listed = list(boards(V, 5, seed=7))
    assert [b.index for b in listed] == list(range(5))
    assert board(V, 7, 3) == listed[3]
    assert board(V, 8, 3) != listed[3]
    assert sorted(listed[0].deck) == sorted(tarot.new_deal(V, seed=1).deck)   # a whole pack
    assert [b.dealer for b in listed] == [0, 1, 2, 0, 1]                         # the deal passes


def test_every_seating_holds_every_bot_and_times_every_decision():
    b = board(V, 3, 0)
    br = play_board_seatings(V, b, ["rule", "random"])
    assert set(br.scores) == set(seatings(3, 2))
    decisions = [0, 0]
    for s in seatings(3, 2):
        deal = play_board(V, b, [["rule", "random"][e] for e in s])
        assert tuple(deal.result().scores) == br.scores[s]    # replayed exactly
        assert deal.deck == b.deck and deal.dealer == b.dealer
        replay = tarot.new_deal(V, deck=b.deck, dealer=b.dealer)
        for a in deal.history:
            decisions[s[replay.to_play]] += 1
            replay.push(a)
        assert br.roles[s] == tuple("dealer" if seat == b.dealer else "not dealer" for seat in range(3))
    assert [len(t) for t in br.times] == decisions
    assert all(x >= 0 for t in br.times for x in t)


def test_mean_per_seat_is_the_weighted_mean_of_the_roles():
    # with 2 bots at 3 seats, each bot sits 9 times over the 6 seatings: 3 times as dealer
    br = play_board_seatings(V, board(V, 11, 4), ["rule", "random"])
    for e in (0, 1):
        dealer = br.mean_per_seat(e, role="dealer")
        other = br.mean_per_seat(e, role="not dealer")
        assert br.mean_per_seat(e) == pytest.approx((3 * dealer + 6 * other) / 9)


def test_roles_fall_back_to_the_position_from_the_dealer():
    deal = tarot.new_deal(V, seed=2, dealer=1)
    tarot.bots.play_out(deal, [tarot.bots.make_bot("random", seed=s) for s in range(3)])
    assert [role_of(deal, s) for s in range(3)] == ["not dealer", "dealer", "not dealer"]
    from tarot.core.game import role_by_position
    assert [role_by_position(deal, s) for s in range(3)] == ["dealer+2", "dealer", "dealer+1"]
    # French Tarot for two has no taker: its roles are the dealer and the player who leads
    two = tarot.new_deal("french-2p", seed=2, dealer=1)
    tarot.bots.play_out(two, [tarot.bots.make_bot("random", seed=s) for s in range(2)])
    assert [role_of(two, s) for s in range(2)] == ["not dealer", "dealer"]


# ----- the tournament -------------------------------------------------------------------------
def test_results_do_not_depend_on_the_number_of_workers():
    one = run_tournament(V, ["rule", "random"], deals=4, seed=5, workers=1).to_dict(times=False)
    two = run_tournament(V, ["rule", "random"], deals=4, seed=5, workers=2).to_dict(times=False)
    assert one == two
    assert one["deals"] == 4 and one["pairs"][0]["n"] == 4
    other = run_tournament(V, ["rule", "random"], deals=4, seed=6).to_dict(times=False)
    assert other != one


def test_three_bots_give_three_pairs_that_add_up():
    t = run_tournament(V, ["rule", "random", "rule"], deals=2, seed=1)
    d = t.to_dict()
    assert len(d["seatings"]) == 6 and [e["bot"] for e in d["entries"]] == ["rule#1", "random", "rule#2"]
    diff = {(p["a"], p["b"]): p["mean_diff"] for p in d["pairs"]}
    assert set(diff) == {("rule#1", "random"), ("rule#1", "rule#2"), ("random", "rule#2")}
    assert diff[("rule#1", "random")] + diff[("random", "rule#2")] == pytest.approx(diff[("rule#1", "rule#2")])
    # one seat each, so every seating is a permutation; the deal is zero-sum
    assert sum(e["mean"] for e in d["entries"]) == pytest.approx(0)


@pytest.mark.parametrize("kwargs, message", [
    ({"bots": ["rule"]}, "at least two bots"),
    ({"bots": ["rule", "nobody"]}, "unknown bot 'nobody'"),
    ({"deals": 0}, "at least 1"),
    ({"workers": 0}, "workers must be at least 1"),
    ({"options": {"colour": "red"}}, "unknown option 'colour'"),
    ({"variant": "no-such-game"}, "unknown variant 'no-such-game'"),
    ({"bots": ["rule", "random", "rule", "random"]}, "cannot seat 4 bots at 3 seats"),
    ({"metric": "happiness"}, "unknown metric 'happiness'"),
])
def test_bad_input_is_refused_before_any_deal(kwargs, message):
    args = {"variant": V, "bots": ["rule", "random"], "deals": 2, "seed": 1, **kwargs}
    with pytest.raises(tarot.TarotError, match=message):
        run_tournament(**args)


# ----- the command ---------------------------------------------------------------------------
def test_command_json_gives_each_pair_its_difference_and_interval():
    res = invoke("tournament", V, "--bots", "rule,random", "--deals", 3, "--seed", 2, "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    (pair,) = data["pairs"]
    low, high = pair["ci95"]
    assert low <= pair["mean_diff"] <= high and math.isfinite(low)
    assert data["deals"] == 3 and data["bots"] == ["rule", "random"]
    assert set(data["entries"][0]["roles"]) == {"dealer", "not dealer"}
    assert data["entries"][0]["time"]["decisions"] > 0
    same = run_tournament(V, ["rule", "random"], deals=3, seed=2).to_dict(times=False)
    assert pair["mean_diff"] == same["pairs"][0]["mean_diff"]


def test_command_prints_tables():
    res = invoke("tournament", V, "--bots", "rule,random", "--deals", 2, "--seed", 1, "--workers", 2)
    assert res.exit_code == 0, res.output
    assert "rule" in res.stdout and "p99" in res.stdout and "95% CI" in res.stdout


@pytest.mark.parametrize("variant, bots, deals", [
    ("fft-4p", "random,search-easy", 1), ("fft-5p", "random,rule", 2)])
def test_command_tables_fit_a_terminal_and_name_every_bot(variant, bots, deals):
    """With a long bot name, or the five-player game's four roles, on 80 columns no bot name is
    cut and no figure folded: each bot, pair and role is one line (from a player's audit:
    "+126.27…", "no tak…"). One board gives no interval: it says n/a."""
    a, b = bots.split(",")
    res = runner.invoke(app, ["tournament", variant, "--bots", bots, "--deals", str(deals),
                              "--seed", "3"], env={"COLUMNS": "80"})
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert max(map(len, lines)) <= 80 and "…" not in res.stdout
    rows = [ln.split() for ln in lines]
    assert sum(r[:1] == [b] for r in rows) == 2   # the seat table and the times
    roles_of = {"fft-4p": {"defender", "no taker", "taker"},
                "fft-5p": {"defender", "no taker", "partner", "taker"}}[variant]
    for first in ([b], [a, "-", b]):
        at = next(i for i, r in enumerate(rows) if r[:len(first)] == first)
        row = rows[at][len(first):]
        assert row[0] == "all" and row[1] == str(deals)
        if deals == 1:
            assert row[3] == "n/a"
        else:
            low, high = (float(x.strip("[],")) for x in row[3:5])
            assert low <= float(row[2]) <= high
        end = next(i for i in range(at, len(rows)) if not rows[i])      # the table's last line
        roles = {" ".join(w for w in r if w.isalpha() or w == "no") for r in rows[at + 1:end]}
        assert roles and roles <= roles_of


@pytest.mark.parametrize("args, message", [
    (["--bots", "rule"], "at least two bots"),
    (["--bots", "rule,genius"], "unknown bot 'genius'"),
    (["--bots", "rule,random", "--deals", 0], "--deals must be at least 1"),
    (["--bots", "rule,random", "--workers", 0], "--workers must be at least 1"),
    (["--bots", "rule,random", "-o", "colour=red"], "unknown option 'colour'"),
    (["--bots", "rule,,random"], "give bot names separated by commas"),
    (["--bots", "rule,random", "--metric", "happiness"], "unknown metric 'happiness'"),
])
def test_command_bad_input_exits_2(args, message):
    res = invoke("tournament", V, *args)
    assert res.exit_code == 2, res.output
    assert message in res.stderr and "Traceback" not in res.output


def test_command_unknown_variant_exits_2():
    res = invoke("tournament", "no-such-game", "--bots", "rule,random")
    assert res.exit_code == 2 and "unknown variant 'no-such-game'" in res.stderr


# ----- long runs: every board's result saved, and a run resumed ------------------------------
def test_board_result_round_trips_through_json():
    br = play_board_seatings("fft-4p", board("fft-4p", 5, 2), ["rule", "random"])
    back = BoardResult.from_dict(json.loads(json.dumps(br.to_dict())))
    assert back.board == br.board
    assert back.scores == br.scores and back.by_source == br.by_source
    assert back.roles == br.roles and back.card_points == br.card_points
    assert [len(t) for t in back.times] == [len(t) for t in br.times]
    assert all(abs(x - y) <= 1e-5 for a, b in zip(back.times, br.times) for x, y in zip(a, b))
    one, two = (Tournament("fft-4p", ["rule", "random"], 5, {}) for _ in range(2))
    one.add(br)
    two.add(back)
    assert one.to_dict(times=False) == two.to_dict(times=False)


def test_a_bad_board_result_is_refused_by_name():
    good = play_board_seatings(V, board(V, 1, 0), ["rule", "random"]).to_dict()
    for broken, word in ((dict(good, scores=None), "AttributeError"),
                         ({k: v for k, v in good.items() if k != "deck"}, "deck"),
                         (dict(good, index="x"), "ValueError")):
        with pytest.raises(tarot.TarotError, match=word):
            BoardResult.from_dict(broken)


def _strength_main():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "bench" / "strength.py"
    spec = importlib.util.spec_from_file_location("bench_strength", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.main


def test_a_logged_run_resumes_with_the_same_figures(tmp_path, capsys):
    main = _strength_main()
    log, out = tmp_path / "run.jsonl", tmp_path / "run.json"
    common = ["--bots", "rule,random", "--seed", "4", "--log", str(log), "--out", str(out)]
    assert main([*common, "--deals", "2"]) == 0
    assert len(log.read_text().splitlines()) == 1 + 2          # the header, then one line per board
    assert main([*common, "--deals", "5"]) == 0                 # boards 2, 3, 4 are played now
    assert len(log.read_text().splitlines()) == 1 + 5
    resumed = json.loads(out.read_text())
    assert main(["--bots", "rule,random", "--seed", "4", "--deals", "5", "--out",
                 str(tmp_path / "once.json")]) == 0
    once = json.loads((tmp_path / "once.json").read_text())
    for d in (resumed, once):
        d.pop("seconds")
        for e in d["entries"]:
            e.pop("time")
    assert resumed == once and resumed["deals"] == 5
    capsys.readouterr()
    # a log made with other bots or another seed is refused, and left as it was
    text = log.read_text()
    with pytest.raises(SystemExit, match="header"):
        main(["--bots", "rule,random", "--seed", "5", "--deals", "6", "--log", str(log)])
    assert log.read_text() == text


def test_replay_log_confirms_a_log_and_names_a_board_that_differs(tmp_path, capsys):
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "bench" / "replay_log.py"
    spec = importlib.util.spec_from_file_location("bench_replay_log", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    log = tmp_path / "run.jsonl"
    assert _strength_main()(["--bots", "rule,random", "--seed", "4", "--deals", "3", "--log", str(log),
                             "--out", str(tmp_path / "run.json")]) == 0
    assert module.main([str(log), "--boards", "0,2"]) == 0
    assert "2 of 2 boards the same" in capsys.readouterr().out
    lines = log.read_text().splitlines()
    row = json.loads(lines[2])                       # board 1: one seating's scores altered
    key = next(iter(row["scores"]))
    row["scores"][key] = [x + 1 for x in row["scores"][key]]
    lines[2] = json.dumps(row)
    log.write_text("\n".join(lines) + "\n")
    assert module.main([str(log), "--boards", "0,1"]) == 1
    out = capsys.readouterr().out
    assert f"board 1: {key}: log" in out and "1 of 2 boards the same" in out
    field = tmp_path / "field.jsonl"                 # a field run's log too
    assert _strength_main()(["--variant", "fft-4p", "--bots", "random,rule", "--field", "--seed",
                             "4", "--deals", "2", "--log", str(field)]) == 0
    capsys.readouterr()
    assert module.main([str(field), "--boards", "0,1"]) == 0
    assert "2 of 2 boards the same" in capsys.readouterr().out


# ----- the field design ----------------------------------------------------------------------
def test_field_seatings_seat_each_bot_alone_then_the_field_everywhere():
    assert seatings(4, 2, field=True) == [
        (0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 0, 1), (1, 1, 1, 0), (1, 1, 1, 1)]
    assert len(seatings(4, 3, field=True)) == 4 + 4 + 1
    with pytest.raises(tarot.TarotError, match="field"):
        seatings(3, 1, field=True)


def test_gain_over_the_field_computed_by_hand():
    # par (the field everywhere): 3, -1, -2. Entry 0 alone at seat 0 scores 5 (+2 over par),
    # at seat 1 scores -4 (-3), at seat 2 scores 1 (+3): gain (2 - 3 + 3) / 3 = 2/3
    scores = {(0, 1, 1): (5, -2, -3), (1, 0, 1): (4, -4, 0), (1, 1, 0): (0, -1, 1),
              (1, 1, 1): (3, -1, -2)}
    roles = {s: ("dealer", "not dealer", "not dealer") for s in scores}
    br = BoardResult(Board(0, 0, (), 0), scores, {s: {} for s in scores}, roles, ((), ()),
                     {s: (0, 0, 0) for s in scores})
    assert br.gain(0) == pytest.approx(2 / 3)
    assert br.gain(1) == 0.0                              # the field against itself
    assert br.gain(0, role="dealer") == pytest.approx(2)  # seat 0 only
    assert br.gain(0, role="not dealer") == pytest.approx(0)
    t = Tournament(V, ["rule", "random"], 0, {}, with_field=True)
    t.add(br)
    d = t.to_dict(times=False)
    assert d["field"] == "random" and d["seatings"] == ["011", "101", "110", "111"]
    assert d["pairs"][0]["mean_diff"] == pytest.approx(2 / 3)
    assert d["pairs"][0]["roles"]["dealer"]["mean_diff"] == pytest.approx(2)


def test_field_tournament_is_the_same_in_two_workers_and_through_the_cli():
    one = run_tournament("fft-3p", ["random", "rule"], 3, 9, field=True, metric="card_points")
    two = run_tournament("fft-3p", ["random", "rule"], 3, 9, workers=2, field=True,
                         metric="card_points")
    assert one.to_dict(times=False) == two.to_dict(times=False)
    r = invoke("tournament", "fft-3p", "--bots", "random,rule", "--deals", 3, "--seed", 9,
               "--metric", "card_points", "--field", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["field"] == "rule" and len(data["seatings"]) == 3 + 1
    assert data["pairs"][0]["mean_diff"] == pytest.approx(one.to_dict()["pairs"][0]["mean_diff"])


def test_two_field_runs_compared_board_by_board(tmp_path, capsys):
    # the rule bot against a field of rule bots gains nothing on any board (it is the par), so
    # random's logged gains less rule's are random's own figure in its run
    main = _strength_main()
    logs = {}
    for bots in ("random,rule", "rule,rule"):
        logs[bots] = tmp_path / f"{bots.replace(',', '-')}.jsonl"
        assert main(["--variant", "fft-3p", "--bots", bots, "--field", "--seed", "6", "--deals",
                     "4", "--metric", "card_points", "--log", str(logs[bots])]) == 0
    own = json.loads(capsys.readouterr().out.splitlines()[0])   # the random,rule run's figures
    assert main(["--paired", str(logs["random,rule"]), str(logs["rule,rule"]),
                 "--metric", "card_points"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["a"] == "random" and out["b"] == "rule" and out["n"] == 4
    assert out["mean_diff"] == pytest.approx(own["entries"][0]["mean"])
    other = tmp_path / "other-seed.jsonl"
    main(["--variant", "fft-3p", "--bots", "rule,rule", "--field", "--seed", "7", "--deals", "1",
          "--log", str(other)])
    with pytest.raises(SystemExit, match="not runs of one variant"):
        main(["--paired", str(logs["random,rule"]), str(other)])
    # a bot of a run of several bots is named after a colon
    both = tmp_path / "both.jsonl"
    assert main(["--variant", "fft-3p", "--bots", "rule,random,rule", "--field", "--seed", "6",
                 "--deals", "4", "--metric", "card_points", "--log", str(both)]) == 0
    capsys.readouterr()
    assert main(["--paired", f"{both}:random", str(logs["random,rule"]),
                 "--metric", "card_points"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["a"] == "random" and out["n"] == 4 and out["mean_diff"] == pytest.approx(0)
    with pytest.raises(SystemExit, match="no bot 'ismcts' in this run; its bots are rule, random"):
        main(["--paired", f"{both}:ismcts", str(logs["random,rule"])])


def test_versus_revision_loads_an_old_rule_bot_beside_todays(tmp_path, capsys):
    """bench/versus_revision.py: the rule bot of a commit (here one of a throw-away repository
    whose bot plays its first legal card) is measured against today's, which it leaves in place."""
    import importlib.util
    import subprocess
    from pathlib import Path

    from tarot.bots import rule_bot_class
    from tarot.variants.french.bot import FrenchRuleBot

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("bench_versus_revision", root / "bench" / "versus_revision.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    source = (root / "tarot" / "variants" / "french" / "bot.py").read_text(encoding="utf-8")
    weak = source.replace('        if ph == "play":\n            return self.play(view, legal)',
                          '        if ph == "play":\n            return legal[0]')
    assert weak != source
    (tmp_path / "tarot" / "variants" / "french").mkdir(parents=True)
    (tmp_path / "tarot" / "variants" / "french" / "bot.py").write_text(weak, encoding="utf-8")
    git = ["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "weak"], check=True)
    old = module.old_rule_bot("fft-4p", "HEAD", tmp_path)
    assert old is not FrenchRuleBot and rule_bot_class("fft-4p") is FrenchRuleBot
    assert module.main(["--variant", "fft-4p", "--rev", "HEAD", "--repo", str(tmp_path), "--deals", "30",
                        "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["n"] == 30 and out["b"] == "rule@HEAD" and out["ci95"][0] > 0
    assert set(out["roles"]) <= {"taker", "defender", "no taker"} and out["roles"]["taker"]["mean_diff"] > 0
    with pytest.raises(SystemExit, match="cannot read tarot/bots/french.py at nosuch"):
        module.main(["--variant", "fft-4p", "--rev", "nosuch", "--repo", str(tmp_path)])
