"""The ``tarot`` command (tarot/cli/, tarot/tui/), driven through typer's CliRunner.

Expected values are derived here from the rules (docs/rules §0.2, §1.1, §1.6) or from the engine's
public API (records, replay, ledger), never copied from the command's own output.
"""

from __future__ import annotations

import hashlib
import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import tarot
from tarot.cli import app
from tarot.core.cards import format_card, mask, parse_card, parse_cards
from tarot.core.errors import RecordError
from tarot.records import load_record, record_from_deal, replay, save_record
from tarot.variants.marolles.rules import MAROLLES_OPTIONS

V = "marolles-1637"
NAMES = ("South", "East", "West")   # seat 0 is South by default; play goes 0 -> 1 -> 2
SUIT_NAMES = {"S": "Swords", "B": "Batons", "C": "Cups", "D": "Coins"}

# The display order of a hand, written from docs/rules §1.1: the Fool and the trumps XXI..I, then
# each suit from its highest card: long suits K Q C J 10..4, round suits K Q C J A 2..7.
LONG = ["K", "Q", "C", "J", "10", "9", "8", "7", "6", "5", "4"]
ROUND = ["K", "Q", "C", "J", "A", "2", "3", "4", "5", "6", "7"]
ORDER = (["F"] + [f"T{n}" for n in range(21, 0, -1)] + [r + "S" for r in LONG] + [r + "B" for r in LONG]
         + [r + "C" for r in ROUND] + [r + "D" for r in ROUND])
POSITION = {parse_card(t): i for i, t in enumerate(ORDER)}

runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env={"COLUMNS": "200"})


def fresh(record):
    return tarot.new_deal(record.variant, record.options, deck=record.deck, dealer=record.dealer)


def human_decisions(record, seat=0):
    """(deal before the action, action) for each action of ``seat`` in ``record``."""
    deal = fresh(record)
    out = []
    for a in record.actions:
        if deal.to_play == seat:
            out.append((deal.copy(), a))
        deal.push(a)
    return out


def session(tmp_path, lines, *extra, script=True, name="g.txt"):
    rec = tmp_path / name
    args = ["play", "--seed", 5, "--record", rec, *extra] + (["--script"] if script else [])
    res = invoke(*args, input="".join(line + "\n" for line in lines))
    return res, rec


# ----------------------------------------------------------------------------------------
# tarot rules
# ----------------------------------------------------------------------------------------
def test_rules_lists_every_option_with_its_values_and_default():
    res = invoke("rules", V)
    assert res.exit_code == 0, res.output
    for o in MAROLLES_OPTIONS:
        assert o.key in res.stdout
        assert f"{o.default} (default)" in res.stdout, o.key
        for c in o.choices:
            assert c in res.stdout
    table_only = [o.key for o in MAROLLES_OPTIONS if o.table_only]
    assert table_only and res.stdout.count("Table only") == len(table_only)
    # each option's values are listed under its key, the default marked, none folded
    lines = res.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if "cut_card_tarot_payment" in line)
    assert "S1, S2" in res.stdout and "on (default)" in lines[at + 1] and " off " in lines[at + 2]
    longest = max((c for o in MAROLLES_OPTIONS for c in o.choices), key=len)
    assert any(line.split()[:1] == [longest] for line in lines), longest


@pytest.mark.parametrize("variant", ["fft-4p", V])
def test_rules_on_a_narrow_terminal_puts_each_text_under_its_values(variant):
    """From a player's audit: on 60 columns the text column of `tarot rules fft-4p` was five
    characters wide ("decid" / "es"). On a narrow console each option's values come first,
    then its text, whole (written to a pipe, each line stays whole)."""
    res = runner.invoke(app, ["rules", variant], env={"COLUMNS": "60"})
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    cls = tarot.variant_class(variant)
    for o in cls.OPTIONS:
        at = lines.index(o.key)
        values = [c + " (default)" if c == o.default else c for c in o.choices]
        assert [ln.strip() for ln in lines[at + 1:at + 1 + len(values)]] == values
        assert lines[at + 1 + len(values) + bool(o.int_range)].strip().startswith(o.doc)
    assert "what it decides" not in res.stdout          # not the table of the wide layout


@pytest.mark.parametrize("variant, options", [(V, []), ("fft-5p", []), ("french-2p", []),
                                             ("early-french", ["--option", "players=6"])])
def test_simulate_on_a_narrow_terminal_keeps_its_labels_and_figures(variant, options):
    """From a player's audit: on 60 columns the summary lost its row labels ("c…") and cut
    figures ("-0.…"). Under 100 columns the positions have their own table, under 80 the seats
    are headed s0, s1...: every figure whole, every label there (with six seats the interval's
    label is "± 95% CI", as "interval" did not fit)."""
    from tarot.explain import explainer_for as guide_for

    res = runner.invoke(app, ["simulate", variant, "--deals", "10", "--seed", "1", *options],
                        env={"COLUMNS": "60"})
    assert res.exit_code == 0, res.output
    assert "…" not in res.stdout
    cls = tarot.variant_class(variant)
    guide = guide_for(cls)
    firsts = [line.split()[0] for line in res.stdout.splitlines() if line.split()]
    for src in cls.SOURCES:
        assert guide.source_title(src).split()[0] in firsts, src
    assert "The same by position relative to the dealer" in res.stdout
    assert re.search(r"^ +s0 +s1 ", res.stdout, re.M)


def test_rules_without_variant_lists_the_variants():
    res = invoke("rules")
    assert res.exit_code == 0
    for name in tarot.VARIANTS:
        assert name in res.stdout


@pytest.mark.parametrize("args, message", [
    (["rules", "nope"], "unknown variant 'nope'"),
    (["simulate", "nope", "--deals", 1], "unknown variant 'nope'"),
    (["simulate", V, "--deals", 1, "--option", "colour=red"], "unknown option 'colour' for marolles-1637"),
    (["simulate", V, "--deals", 1, "--option", "deal_packet=7"], "does not take '7': use 5 | 3"),
    (["simulate", V, "--deals", 1, "--option", "deal_packet"], "is not of the form key=value"),
    (["simulate", V, "--deals", 1, "--bots", "genius"], "unknown bot 'genius'"),
    (["simulate", V, "--deals", 0], "--deals must be at least 1, not 0"),
    (["simulate", V, "--deals", 1, "--workers", 0], "--workers must be at least 1, not 0"),
    (["simulate", V, "--deals", 1, "--workers", 0, "-c", "ultimo_fail=1"], "--workers must be at least 1"),
    (["play", "--script", "--option", "ultimo_fail=2"], "option 'ultimo_fail' of marolles-1637 does not take '2'"),
    (["play", "nope", "--script"], "unknown variant 'nope'"),
    (["play", "--script", "--seat", 3], "--seat must be a seat 0..2"),
    (["play", "--script", "--bots", "rule,rule,rule"], "give 1 or 2 bot names"),
    (["simulate", V, "--deals", 1, "-o", "deal_packet=3", "-o", "deal_packet=5"],
     "option 'deal_packet' is given twice"),
    # what is quoted is printed as it is, not read as rich markup
    (["rules", "[/x]"], "unknown variant '[/x]'"),
    (["simulate", V, "--deals", 1, "--option", "deal_packet=[b]"], "does not take '[b]'"),
])
def test_bad_input_exits_2_with_the_reason_and_no_traceback(args, message):
    res = invoke(*args, input="")
    assert res.exit_code == 2, res.output
    assert message in res.stderr
    assert "Traceback" not in res.output


# ----------------------------------------------------------------------------------------
# tarot simulate
# ----------------------------------------------------------------------------------------
def json_lines(res):
    assert res.exit_code == 0, res.output
    return [json.loads(line) for line in res.stdout.splitlines()]


def test_simulate_json_is_deterministic_and_complete():
    a = invoke("simulate", V, "--deals", 12, "--seed", 3, "--json")
    b = invoke("simulate", V, "--deals", 12, "--seed", 3, "--json")
    c = invoke("simulate", V, "--deals", 12, "--seed", 4, "--json")
    assert a.stdout == b.stdout
    assert a.stdout != c.stdout
    rows = json_lines(a)   # every stdout line is a JSON object: no table, no progress bar
    assert [r["deal"] for r in rows] == list(range(12))
    assert [r["dealer"] for r in rows] == [i % 3 for i in range(12)]
    for r in rows:
        assert len(r["scores"]) == len(r["card_points"]) == 3
        assert sum(r["scores"]) == 0
        assert 73 <= sum(r["card_points"]) <= 74       # docs/rules §0.5
        for seat in range(3):
            assert sum(v[seat] for v in r["by_source"].values()) == r["scores"][seat]
    assert "Mean per deal" in a.stderr                # the summary goes to stderr with --json


def test_simulate_json_is_the_same_from_two_workers():
    # the deals are split between processes and come back in order (tarot.runs.pool)
    one = invoke("simulate", "fft-4p", "--deals", 9, "--seed", 3, "--json")
    two = invoke("simulate", "fft-4p", "--deals", 9, "--seed", 3, "--json", "--workers", 2)
    assert one.exit_code == two.exit_code == 0 and one.stdout == two.stdout
    assert [r["deal"] for r in json_lines(two)] == list(range(9))
    args = ("simulate", V, "--deals", 6, "--seed", 2, "--json", "-c", "ultimo_fail=1")
    assert invoke(*args).stdout == invoke(*args, "--workers", 2).stdout


def test_simulate_json_replays_to_the_same_deal():
    """A JSON line carries the deal's seed and dealer: the same deal again gives its numbers."""
    row = json_lines(invoke("simulate", V, "--deals", 2, "--seed", 8, "--bots", "random", "--json"))[1]
    from tarot.bots import make_bot, play_out
    from tarot.runs.simulate import bot_seed

    deal = tarot.new_deal(V, seed=row["seed"], dealer=row["dealer"])
    play_out(deal, [make_bot("random", seed=bot_seed(row["seed"], s)) for s in range(3)])
    assert list(deal.result().scores) == row["scores"]
    assert list(deal.result().card_points) == row["card_points"]


def test_simulate_summary_shows_the_means_of_the_deals():
    rows = json_lines(invoke("simulate", V, "--deals", 15, "--seed", 3, "--json", "--option", "deal_packet=3"))
    res = invoke("simulate", V, "--deals", 15, "--seed", 3, "--option", "deal_packet=3")
    assert res.exit_code == 0
    out = res.stdout
    assert "Mean per deal over 15 deals" in out and "deal_packet=3" in out
    means = [sum(r["scores"][s] for r in rows) / 15 for s in range(3)]
    assert table_row(out, "total")[:3] == [f"{m:+.2f}" for m in means]
    for src, title in (("tarots", "Tarots played"), ("belle", "la Belle"), ("card_points", "card points")):
        seat_means = [sum(r["by_source"][src][s] for r in rows) / 15 for s in range(3)]
        assert table_row(out, title)[:3] == [f"{m:+.2f}" for m in seat_means]
        dealer_mean = sum(r["by_source"][src][r["dealer"]] for r in rows) / 15
        assert table_row(out, title)[3] == f"{dealer_mean:+.2f}"      # the dealer's column
    ones = sum(sum(p >= 25 for p in r["card_points"]) == 1 for r in rows)
    assert f"1 winner {ones / 15:.1%}" in out


def table_row(out, title):
    """The cells of the table row whose first cell is ``title``."""
    for line in out.splitlines():
        cells = re.split(r"\s{2,}", line.strip())
        if cells[0] == title:
            return cells[1:]
    raise AssertionError(f"no row {title!r} in:\n{out}")


def test_issue_check_simulate_1000_deals_twice_is_byte_identical():
    """The check of issue 2, as written: `tarot simulate marolles-1637 --deals 1000 --seed 1 --json`."""
    args = ("simulate", V, "--deals", 1000, "--seed", 1, "--json")
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == second.exit_code == 0
    assert first.stdout.count("\n") == 1000
    assert hashlib.sha256(first.stdout.encode()).digest() == hashlib.sha256(second.stdout.encode()).digest()


# ----------------------------------------------------------------------------------------
# tarot play --script
# ----------------------------------------------------------------------------------------
def test_script_game_played_with_the_first_choice_each_time(tmp_path):
    res, rec = session(tmp_path, ["1"] * 400)
    assert res.exit_code == 0, res.output
    record = load_record(rec)
    deal = replay(record)                       # the saved record replays and its result checks
    assert deal.is_over
    r = deal.result()
    # "1" is the first card listed, and the listing is the hand's order (docs/rules §1.1)
    for before, a in human_decisions(record):
        if before.phase == "play":
            assert a == min(before.legal_actions(), key=POSITION.get)
    discards = [a for before, a in human_decisions(record) if before.phase == "discard"]
    hand0 = tarot.new_deal(V, deck=record.deck, dealer=record.dealer).view(0).hand
    assert sorted(discards) == sorted(sorted(tarot.cards_of(hand0), key=POSITION.get)[:len(discards)])
    # every payment is told as it happens, in the ledger's order, then the card points again in
    # the count, as what it gives ("Hence the payment told after the last trick:")
    told = re.findall(r"^ {2,4}(South|East|West) pays (\d+) M to (South|East|West): ", res.stdout, flags=re.MULTILINE)
    entries = [(NAMES[p.payer], str(p.amount), NAMES[p.payee]) for p in deal.ledger.entries]
    card_points = [(NAMES[p.payer], str(p.amount), NAMES[p.payee])
                   for p in deal.ledger.entries if p.reason == "card_points"]
    assert told == entries + card_points
    assert "Hence the payment" in res.stdout.split("Par is")[1]
    # the summary: each pile counted in packets, totals equal to the engine's card points
    for name, pts in zip(NAMES, r.card_points):
        assert f"\n{name}: {pts} points\n" in res.stdout
    assert re.findall(r"^    total (\d+) points?$", res.stdout, flags=re.MULTILINE) == [str(p) for p in r.card_points]
    assert "Par is 25" in res.stdout
    assert res.stdout.count("Trick 20: ") == 1


def test_script_multiple_cards_on_one_line_are_discarded_in_ascending_order(tmp_path):
    # find a seed where the player (seat 0) deals, so discards 4
    for seed in range(20):
        res = invoke("play", "--seed", seed, "--script", "--record", tmp_path / "q.txt", input="quit\n")
        record = load_record(tmp_path / "q.txt")
        if record.dealer == 0:
            break
    hand = tarot.new_deal(V, deck=record.deck, dealer=0).view(0).hand
    plain = [c for c in sorted(tarot.cards_of(hand), reverse=True) if c >= 22][:4]  # descending ids
    toks = [format_card(c) for c in plain]
    lines = [f"{toks[0]} {toks[0]}", f"{toks[0]} {toks[1]}", toks[1],
             "KS 4B" if not hand >> parse_card("4B") & 1 else "ZZ", toks[2], toks[3], "quit"]
    res = invoke("play", "--seed", seed, "--record", tmp_path / "d.txt", input="\n".join(lines) + "\n")
    assert res.exit_code == 0, res.output
    assert f"the {tarot.card_name(plain[0])} ({toks[0]}) is given twice" in res.stdout   # on one line
    assert f"the {tarot.card_name(plain[1])} ({toks[1]}) is already chosen" in res.stdout
    assert "Refused:" in res.stdout
    mine = [a for before, a in human_decisions(load_record(tmp_path / "d.txt")) if before.phase == "discard"]
    assert mine == sorted(plain)               # pushed in ascending id order, as the engine requires


def find_illegal_point(tmp_path):
    """Feed "1" k times and stop: the first k after which the player must play with a card in hand
    that the rules forbid. Returns (k, deal there, an illegal card, the expected reason)."""
    for k in range(2, 40):
        res, rec = session(tmp_path, ["1"] * k + ["quit"], name=f"k{k}.txt")
        assert res.exit_code == 0, res.output
        deal = replay(load_record(rec))
        v = deal.view(0)
        if v.phase != "play" or deal.to_play != 0:
            continue
        illegal = [c for c in tarot.cards_of(v.hand) if c not in v.legal_actions]
        lead = next((c for c in v.trick if c != 0), None)
        if not illegal or lead is None:
            continue
        tok = format_card(lead)
        if lead <= 21:
            reason = "you must play a trump"
        elif any(format_card(c)[-1] == tok[-1] for c in tarot.cards_of(v.hand) if c >= 22):
            reason = f"you must follow {SUIT_NAMES[tok[-1]]}"   # §1.6: must follow suit
        else:
            reason = "you must play a trump"                    # §1.6: void, so must trump
        return k, deal, illegal[0], reason, rec
    pytest.skip("no position with an illegal card in hand within 40 moves")


def test_script_illegal_move_exits_1_and_pushes_nothing(tmp_path):
    k, _, bad, reason, before = find_illegal_point(tmp_path)
    res, rec = session(tmp_path, ["1"] * k + [format_card(bad), "1", "1"], name="bad.txt")
    assert res.exit_code == 1
    assert reason in res.stderr and format_card(bad) in res.stderr
    assert "Traceback" not in res.output
    assert load_record(rec).actions == load_record(before).actions   # the illegal card was not played


@pytest.mark.parametrize("word", ["[b]", "[/x]", "T²", "²", "9" * 5000])
def test_script_input_no_one_writes_is_refused_by_name(tmp_path, word):
    res, _ = session(tmp_path, [word])
    assert res.exit_code == 1
    assert "Traceback" not in res.output
    assert f"illegal input {word!r}" in res.stderr or "illegal input '999" in res.stderr
    assert len(res.stderr) < 400


def test_script_end_of_input_before_the_deal_ends_exits_1(tmp_path):
    res, _ = session(tmp_path, ["1", "1", "1"])
    assert res.exit_code == 1
    assert "the input ended before the deal was over" in res.stderr


def test_interactive_illegal_move_is_refused_with_the_reason_then_play_goes_on(tmp_path):
    k, _, bad, reason, _ = find_illegal_point(tmp_path)
    _, full_rec = session(tmp_path, ["1"] * 400, script=False, name="full.txt")
    res, rec = session(tmp_path, ["1"] * k + [format_card(bad), "help", "help me"] + ["1"] * 400,
                       script=False, name="i.txt")
    assert res.exit_code == 0, res.output
    assert f"Refused: {reason}" in res.stdout
    assert res.stdout.count("Refused") == 1     # "help me" is help, not a refused move
    assert "South> " in res.stdout                        # interactive: prompts are shown
    assert load_record(rec).actions == load_record(full_rec).actions


def test_two_deals_in_a_row_keep_running_marques(tmp_path):
    res, rec = session(tmp_path, ["1"] * 800, "--deals", 2)
    assert res.exit_code == 0, res.output
    recs = [load_record(rec.with_name(f"g-{i}.txt")) for i in (1, 2)]
    assert (recs[1].dealer - recs[0].dealer) % 3 == 1       # the deal passes anticlockwise
    totals = [sum(r.result.scores[s] for r in recs) for s in range(3)]
    assert table_row(res.stdout.split("Running marques after 2 deals")[1], "total") == [f"{t:+d}" for t in totals]


# ----------------------------------------------------------------------------------------
# tarot replay
# ----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def played():
    from tarot.bots import make_bot, play_out

    deal = tarot.new_deal(V, seed=21, dealer=2)
    play_out(deal, [make_bot("rule", seed=s) for s in range(3)])
    return deal


@pytest.mark.parametrize("suffix", [".txt", ".json"])
def test_replay_prints_every_trick_and_the_result(tmp_path, played, suffix):
    path = tmp_path / f"r{suffix}"
    save_record(record_from_deal(played, Event="test"), path)
    res = invoke("replay", path)
    assert res.exit_code == 0, res.output
    for i, (leader, cards, winner) in enumerate(played.tricks):
        who = ", ".join(f"{NAMES[(leader + j) % 3]} {format_card(c)}" for j, c in enumerate(cards))
        assert f"Trick {i + 1}: {who} → {NAMES[winner]} wins" in res.stdout
    assert table_row(res.stdout, "total") == [f"{v:+d}" for v in played.result().scores]
    assert f"{NAMES[2]} deals" in res.stdout


def test_replay_says_who_pays_whom_and_why(tmp_path, played):
    """Each Tarot payment names the card's player and whether it was captured (docs/rules §1.7)."""
    path = tmp_path / "r.txt"
    save_record(record_from_deal(played), path)
    out = invoke("replay", path).stdout
    checked = 0
    for p in played.ledger.entries:
        if p.reason != "tarot":
            continue
        leader, cards, winner = played.tricks[p.trick]
        card = parse_card(p.detail)
        player = (leader + cards.index(card)) % 3
        name = tarot.card_name(card)
        if player == winner:      # kept: the player collects from each opponent
            assert p.payee == player
            why = f"{NAMES[player]}'s {name} won its trick"
        else:                     # captured: the player pays each opponent
            assert p.payer == player
            why = f"{NAMES[player]}'s {name} captured by {NAMES[winner]}"
        assert f"{NAMES[p.payer]} pays {p.amount} M to {NAMES[p.payee]}: {why}" in out
        checked += 1
    assert checked > 0
    cut = played.deck[-1]
    assert f"Cut card: {format_card(cut)} ({tarot.card_name(cut)})" in out


def test_the_cut_card_in_the_declarations_row_is_said(tmp_path):
    """From a player's audit: the deal's table counts the cut card's Tarot (§1.3) in its
    declarations row, which the table now says under it, naming the dealer and the card; a
    deal whose cut card is no Tarot has no such line."""
    said = 0
    for seed in range(12):
        deal = tarot.new_deal("marolles-1637", seed=seed)
        while not deal.is_over:
            deal.push(deal.legal_actions()[0])
        path = tmp_path / f"r{seed}.txt"
        save_record(record_from_deal(deal), path)
        out = invoke("replay", path).stdout
        cut = [e for e in deal.ledger.entries if e.reason == "cut"]
        line = (f"The declarations row includes the cut card: {NAMES[deal.dealer]} received 1 M "
                f"from each for {format_card(deal.cut_card)}, a Tarot.")
        assert (line in out) == bool(cut) and out.count("includes the cut card") == bool(cut)
        said += bool(cut)
    assert said >= 1


def test_what_a_forfeit_gave_back_is_said_under_the_deal_table():
    """With every receipt of the hand voided by a forfeit, the receipts stay in their rows and
    the give-back is in the penalties row: the line under the table says so, with the amounts
    (from a player's audit: 'Tarots played' showed +5 for a player who had given it all back)."""
    from tarot.tui import source_table

    opts = {"revoke_handling": "penalty_1m_and_forfeit", "forfeit_scope": "void_all_hand_receipts"}
    found = 0
    for seed in range(30):
        rng = random.Random(seed)
        deal = tarot.new_deal(V, opts, seed=seed)
        while not deal.is_over:
            deal.push(rng.choice(deal.legal_actions()))
        back = {}
        for e in deal.ledger.entries:
            if e.reason == "forfeit":
                back[e.payer] = back.get(e.payer, 0) + e.amount
        buf = io.StringIO()
        Console(file=buf, width=80).print(source_table(deal, NAMES, deal.result().by_source,
                                                       deal.result().scores, "Marques this deal", width=80))
        text = " ".join(buf.getvalue().split())
        assert ("what a forfeit gave back" in text) == bool(back)
        for s, m in back.items():
            assert f"{NAMES[s]} {m} M" in text
        found += bool(back)
    assert found >= 3


def test_replay_of_a_bad_record_exits_1_with_the_record_error(tmp_path, played):
    obj = json.loads(record_from_deal(played).to_json())
    obj["actions"][-1] = obj["actions"][-4]        # a card already played: cannot be played again
    obj["result"] = None
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    with pytest.raises(RecordError) as err:
        load_record(path)
    res = invoke("replay", path)
    assert res.exit_code == 1
    assert str(err.value) in res.stderr.replace("\n", " ") or str(err.value) in res.stderr
    assert "Traceback" not in res.output
    missing = invoke("replay", tmp_path / "nothing.txt")
    assert missing.exit_code == 1 and "cannot read" in missing.stderr


# ----------------------------------------------------------------------------------------
# Counting in packets of three, the player's way (docs/rules §0.2)
# ----------------------------------------------------------------------------------------
NOMINAL = {"K": 5, "Q": 4, "C": 3, "J": 2}


def nominal(tok):
    if tok in ("F", "T1", "T21"):
        return 5
    if tok.startswith("T"):
        return 1
    return NOMINAL.get(tok[:-1], 1)


def test_packets_explained_as_the_brief_example():
    from tarot.variants.marolles.explain import explain_packets

    counting = "KS KB QC QD CB"                      # 5 + 5 + 4 + 4 + 3 = 21
    empties = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 4S"  # 20 empties
    lines, total = explain_packets(mask(parse_cards(counting + " " + empties)), tarot.ITALIAN)
    assert "5 counting cards = 21 points with 10 empties" in lines
    assert "9 more empties = 3 points" in lines
    assert "1 surplus card (an empty): 0" in lines
    assert total == 24


@pytest.mark.parametrize("text, expected, phrase", [
    ("KS", 4, "1 surplus card (KS): its value less 1 = 4 points"),          # single surplus counting card
    ("KS 4S", 5, "2 surplus cards (KS and an empty), counted as if a third empty were there = 5 points"),
    ("KS QS CS", 10, "packet KS QS CS = 10 points"),                       # three counting: sum - 2
    ("QC CC 10S", 6, "packet QC CC an empty = 6 points"),                  # S9's example: 4 + 3 - 1
    ("KS QS 4S 5S 6S", 9, "1 of the counting cards = 5 points with 2 empties"),  # + QS and an empty: 4
    ("KS 4S 5S 6S 7S", 6, "2 surplus empties, counted as if a third empty were there = 1 point"),
])
def test_packets_of_counting_cards(text, expected, phrase):
    from tarot.variants.marolles.explain import explain_packets

    lines, total = explain_packets(mask(parse_cards(text)), tarot.ITALIAN)
    assert total == expected
    assert phrase in lines


def test_packet_explanation_totals_follow_the_rule_on_random_piles():
    """The packet procedure, written the players' way, gives Σ fractional values rounded (§0.2)."""
    from tarot.variants.marolles.explain import explain_packets

    rng = random.Random(5)
    pack = tarot.cards_of(tarot.variant_class(V).PACK)
    for _ in range(400):
        pile = rng.sample(pack, rng.randint(0, 30))
        nominal_sum = sum(nominal(format_card(c)) for c in pile)
        # Σ (nominal - 1 + 1/3) rounded to the nearest integer; thirds never tie
        thirds = 3 * (nominal_sum - len(pile)) + len(pile)
        expected = (thirds + 1) // 3
        _, total = explain_packets(mask(pile), tarot.ITALIAN)
        assert total == expected, pile


# ----------------------------------------------------------------------------------------
# The core stays light
# ----------------------------------------------------------------------------------------
def test_import_tarot_loads_no_cli_or_numeric_module():
    code = ("import sys, tarot, tarot.runs.simulate, tarot.records, tarot.play.match, tarot.bots; "
            "tarot.bots.make_bot('random'); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'rich', 'click', 'numpy')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parent.parent)
    assert out.stdout.strip() == "[]"


def test_an_unwritable_record_path_is_refused_before_the_deal(tmp_path):
    res = invoke("play", "--seed", 7, "--script", "--record", tmp_path / "no" / "such" / "g.txt",
                 input="1\n" * 500)
    assert res.exit_code == 2 and "does not exist" in res.output
    assert "Trick" not in res.output, "nothing is played"


def test_each_numbered_record_file_is_checked_when_its_deal_is_saved(tmp_path):
    """From an input audit: a name too long for the system was a traceback, a device was
    written to after the game; the first file is checked before the first card. From a
    security review (issue 33): `--deals N --record F` statted N paths before the first card;
    each later file is checked when its deal is saved, and a deal that cannot be written there
    is saved to the games folder instead, with a message naming both: nothing is lost."""
    (tmp_path / "g-2.txt").mkdir()
    games = tmp_path / "games"
    res = invoke("play", "--seed", 3, "--script", "--deals", 2, "--record", tmp_path / "g.txt",
                 "--games", games, input="1\n" * 500)
    assert res.exit_code == 0, res.output[-800:]
    assert "cannot write" in res.output and "g-2.txt: it is a folder" in res.output
    assert f"saved to {games / 'g-2.txt'} instead" in res.output
    first, second = load_record(tmp_path / "g-1.txt"), load_record(games / "g-2.txt")
    assert replay(first).is_over and replay(second).is_over and second.tags["Round"] == "2"
    res = invoke("play", "--seed", 3, "--script", "--record", tmp_path / ("a" * 300 + ".txt"),
                 input="1\n" * 500)
    assert res.exit_code == 2 and "File name too long" in res.output and "Trick" not in res.output
    res = invoke("play", "--seed", 3, "--script", "--record", "/dev/null", input="1\n" * 500)
    assert res.exit_code == 2 and "/dev/null: it is not a file" in res.output


def test_an_interrupted_game_saves_the_deal_so_far(tmp_path):
    """Ctrl-C at a prompt leaves the table like `quit`: the deal so far is saved, exit 130."""
    from rich.console import Console

    from tarot.tui import PlaySession

    lines = iter(["1"] * 12)

    def read(_prompt):
        try:
            return next(lines)
        except StopIteration:
            raise KeyboardInterrupt from None

    rec = tmp_path / "int.txt"
    session = PlaySession(Console(file=open(tmp_path / "out.txt", "w")), "marolles-1637", {}, 7, 0,
                          ["rule", "rule"], 1, rec, False, read)
    assert session.run() == 130
    assert "Interrupted" in (tmp_path / "out.txt").read_text()
    deal = replay(load_record(rec))
    assert not deal.is_over and deal.history


def test_discard_penalties_are_told_after_the_discards():
    """marolles-2p: the dealer discards trumps one by one; the discard is told once, then what
    it cost, not the cost before the cards."""
    res = invoke("play", "marolles-2p", "--seed", 1, "--script", input="1\n" * 2000)
    assert res.exit_code == 0, res.output[-1500:]
    lines = res.stdout.splitlines()
    paid = [i for i, ln in enumerate(lines) if "discarded a trump" in ln or "discarded a Tarot" in ln
            or "discarded the Fool" in ln or "discarding" in ln.lower()]
    told = [i for i, ln in enumerate(lines) if " discards " in ln]
    assert paid and told
    assert min(paid) > min(told)


def test_interactive_refusals_speak_to_the_player():
    """At the table a refusal says "you", and a card outside the 66-card pack is refused as such
    (from a terminal audit: "seat 0 does not hold Ace of Swords")."""
    res = CliRunner().invoke(app, ["play", "--seed", "7"], input="KS\nAS\nquit\n")
    assert "Refused: you do not hold the King of Swords (KS)" in res.stdout
    assert "Refused: the Ace of Swords (AS) is not in the 66-card pack" in res.stdout
    assert "seat 0" not in res.stdout.split("You are South (seat 0)")[-1]


def test_simulate_names_the_options_as_the_game_read_them():
    res = invoke("simulate", "early-french", "--deals", 2, "-o", "target=+40")
    assert res.exit_code == 0, res.output
    assert "options: target=40" in res.stdout
    res = invoke("simulate", "early-french", "--deals", 2, "-o", "target=1_0")
    assert res.exit_code == 2 and "does not take '1_0'" in res.output


def test_output_closed_early_stops_the_command_as_cat_does():
    """`tarot simulate ... --json | head -1` exited 1, the code for a record that does not replay
    (from a records audit); it stops by SIGPIPE, as cat does (141 in a shell)."""
    import signal
    import subprocess
    import sys

    if not hasattr(signal, "SIGPIPE"):
        pytest.skip("no SIGPIPE on this platform")
    proc = subprocess.Popen([sys.executable, "-m", "tarot.cli", "simulate", V, "--deals", "100000", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.readline().startswith(b"{")
    proc.stdout.close()
    assert proc.wait(timeout=120) == -signal.SIGPIPE
    assert b"Traceback" not in proc.stderr.read()


@pytest.mark.parametrize("rule", ["penalty_1m_and_forfeit", "penalty_1M_forfeit_with_correction_window"])
def test_a_revoke_is_played_only_when_given_twice(tmp_path, rule):
    """With revokes allowed, a card that breaks the duty to follow or to trump is not played at
    the first asking (a mistyped number would cost a forfeit): the table warns, the deal is
    unchanged, and the same card given again is played."""
    import io

    from rich.console import Console

    from tarot.tui import PlaySession

    buf = io.StringIO()
    seen = []

    def read(_prompt):
        deal = session.deal
        if deal.phase == "play" and deal.to_play == 0 and len(seen) < 2:
            revokes = [c for c in deal.legal_actions() if c < 78 and not deal.lawful_cards() >> c & 1]
            if revokes:
                choices = session.choices(deal, [])
                seen.append((len(deal.history), revokes[0], len(buf.getvalue())))
                return str(choices.index(revokes[0]) + 1)
        return "1"

    for seed in range(1, 30):
        seen.clear()
        session = PlaySession(Console(file=buf, width=200), "marolles-1637", {"revoke_handling": rule},
                              seed, 0, ["rule", "rule"], 1, tmp_path / f"d{seed}.json", False, read)
        assert session.run() == 0
        if seen:
            break
    assert len(seen) == 2, "no seed offered a revoke"
    (n0, card, at), (n1, again, _) = seen
    assert n0 == n1 and card == again, "the first asking changed nothing"
    tok = format_card(card)
    assert re.search(rf"{tok} would be a revoke \(you must .*\).*Give {tok} again to play it anyway",
                     buf.getvalue()[at:])
    deal = replay(load_record(tmp_path / f"d{seed}.json"))
    assert deal.history[n0] == card


# ----------------------------------------------------------------------------------------
# forfeits at the table (from a terminal audit of the 78-card and two-player games)
# ----------------------------------------------------------------------------------------
def _script(variant, seed, lines, *options):
    args = ["play", variant, "--seed", seed, "--script"]
    for o in options:
        args += ["--option", o]
    return invoke(*args, input="\n".join(lines) + "\n" + "1\n" * 600)


def test_stopping_the_discard_short_says_its_price_and_the_forfeit_is_told():
    """wrong_discard_count=penalty_1m_and_forfeit: `done` at the discard is offered with its
    price, the forfeit is said when it happens, and from then on nobody pays the forfeited
    player, each declaration of his saying so; the engine agrees (no receipt after it)."""
    res = _script("marolles-2p", 3, ["help", "3D", "done"], "wrong_discard_count=penalty_1m_and_forfeit")
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert re.search(r"Choices: .*\d+ done: stop short \(1 M to each, and forfeit\)", out)
    assert "you forfeit: you receive nothing more this deal" in out  # help, before choosing
    head, _, after = out.partition("South forfeits for discarding too few cards: he receives nothing more this deal")
    assert after and "South discards 3D and stops" in head
    assert not re.search(r"pays \d+ M to South", after)
    lines = after.splitlines()
    declared = [i for i, ln in enumerate(lines) if ln.startswith("South declares ") and "nothing" not in ln]
    assert declared and all(lines[i + 1].strip() == "(South has forfeited: nobody pays him for it.)" for i in declared)


def test_a_revoke_penalty_comes_before_what_the_forfeit_gives_back():
    """The revoke's penalty is the cause, the give-backs (what its maker received while the
    revoke could still be owned up to) its consequence: the engine pays them in that order."""
    from tarot.bots import make_bot

    ack = tarot.ACTION_IDS["acknowledge_revoke"]
    runs = 0
    for seed in range(80):
        deal = tarot.new_deal("marolles-1637", {"revoke_handling": "penalty_1m_forfeit_with_correction_window"},
                              seed=seed)
        rng, bot = random.Random(seed), make_bot("rule", seed=seed)
        while not deal.is_over:
            legal = [a for a in deal.legal_actions() if a != ack]
            lawful = deal.lawful_cards() if deal.phase == "play" else 0
            revokes = [a for a in legal if a < 78 and deal.phase == "play" and not lawful >> a & 1]
            action = bot.act(deal.view(deal.to_play))
            deal.push(rng.choice(revokes) if revokes and rng.random() < 0.1 else
                      action if action != ack else rng.choice(legal))
        reasons = [p.reason for p in deal.ledger.entries]
        for i, r in enumerate(reasons):
            if r == "forfeit" and reasons[i - 1] != "forfeit":  # a run of give-backs starts
                assert reasons[i - 1] == "revoke", (seed, reasons)
                runs += 1
    assert runs


def test_the_star_over_the_hand_says_what_it_marks_when_revokes_are_allowed():
    res = _script("marolles-2p", 3, ["10B 7B 5B CC"], "revoke_handling=penalty_1m_forfeit_with_correction_window")
    assert res.exit_code == 0, res.output
    assert "* keeps the rules, the others would be revokes)" in res.stdout
    plain = _script("marolles-2p", 3, ["10B 7B 5B CC"])
    assert "keeps the rules" not in plain.stdout and "* legal now" in plain.stdout


def test_help_between_deals_explains_and_waits():
    """`help` at 'Press Enter for the next deal' says what Enter and quit do; it does not start
    the next deal."""
    import io

    from rich.console import Console

    from tarot.tui import PlaySession

    buf = io.StringIO()
    asked = []

    def read(prompt):
        if prompt.startswith("Press Enter"):
            asked.append(len(buf.getvalue()))
            return "help" if len(asked) == 1 else "quit"
        return "1"

    session = PlaySession(Console(file=buf, width=200), "marolles-1637", {}, 5, 0, ["rule", "rule"], 2, None,
                          False, read)
    assert session.run() == 0
    assert len(asked) == 2  # asked again after help
    between = buf.getvalue()[asked[0]:asked[1]]
    assert "The deal is over: Enter deals the next one (2 of 2), `quit` leaves the table." in between
    assert "Deal 2 of 2" not in buf.getvalue()


def test_the_redeal_prompt_and_help_give_the_price():
    res = _script("marolles-2p", 3, ["help", "redeal"], "bad_hand_redeal=2")
    assert res.exit_code == 0, res.output
    assert "you pay him 2 M) or keep it" in res.stdout and "you then pay 2 M to him" in res.stdout


def test_the_end_of_deal_says_a_forfeited_player_receives_nothing_only_if_he_won():
    """A forfeited loser had nothing to receive from the card points: no note for him."""
    res = _script("marolles-78", 5, ["done", "T19", "KS"], "revoke_handling=penalty_1m_and_forfeit")
    assert res.exit_code == 0, res.output
    assert "South forfeits for a revoke" in res.stdout
    assert re.search(r"Par is 26 [^:]*: South \d+ \(loses", res.stdout)
    assert "(South has forfeited and receives nothing.)" not in res.stdout



def test_simulate_compare_plays_each_deal_under_both_readings():
    res = invoke("simulate", "marolles-1637", "--deals", 4, "--seed", 2, "--json", "--compare",
                 "cut_card_tarot_payment=off", "-o", "deal_packet=3")
    assert res.exit_code == 0, res.output
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    assert [r["reading"] for r in rows] == ["A", "B"] * 4
    assert [r["deal"] for r in rows] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert all(rows[i]["seed"] == rows[i + 1]["seed"] for i in range(0, 8, 2))
    plain = invoke("simulate", "marolles-1637", "--deals", 4, "--seed", 2, "--json", "-o", "deal_packet=3")
    assert [json.loads(line) for line in plain.stdout.splitlines()] == [
        {k: v for k, v in r.items() if k != "reading"} for r in rows if r["reading"] == "A"]
    assert ("reading A: options deal_packet=3; reading B: A with cut_card_tarot_payment=off"
            in " ".join(res.stderr.split()))
    table = invoke("simulate", "marolles-1637", "--deals", 30, "--seed", 2, "-c", "ultimo_fail=1")
    assert table.exit_code == 0, table.output
    for words in ("changing hands per deal, over the same 30 deals", "B - A", "95% interval",
                  "Ultimo", "dealer, card points won"):
        assert words in table.stdout
    for args, message in ((["-c", "ultimo_fail=6"], "--compare: ultimo_fail=6 is already the rule"),
                          (["-c", "nosuch=1"], "--compare: unknown option 'nosuch'"),
                          (["-c", "ultimo_fail"], "--compare: option 'ultimo_fail' is not of the form")):
        bad = invoke("simulate", "marolles-1637", "--deals", 3, *args)
        assert bad.exit_code == 2 and message in " ".join(bad.stderr.split()), bad.output


@pytest.mark.parametrize("variant, seed", [(V, 3), ("fft-4p", 5), ("early-french", 2)])
def test_hint_names_the_rule_bots_choice_and_changes_nothing(variant, seed):
    plain = invoke("play", variant, "--seed", seed, "--script", input="1\n" * 400)
    hinted = invoke("play", variant, "--seed", seed, "--script", input="hint\n1\n" * 400)
    assert plain.exit_code == hinted.exit_code == 0
    hints = [ln for ln in hinted.stdout.splitlines() if ln.startswith("Hint: ")]
    assert len(hints) >= 10                                     # at every decision of the person
    assert [ln for ln in hinted.stdout.splitlines()
            if not ln.startswith(("Hint: ", "Why: ", "Its reckoning"))] == plain.stdout.splitlines()
    assert all(re.search(r"would choose .+, choice \d+\. It plays by simple rules", h) for h in hints[:5])


def test_a_marolles_hint_in_play_gives_the_bots_reckoning():
    # after each card-play hint with a choice, the values the rule bot gave its best cards (at
    # most three, highest first: the first is the card it chose) and its chance of winning
    # the trick with each
    res = invoke("play", "--seed", 3, "--script", input="hint\n1\n" * 400)
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    seen = 0
    for i, ln in enumerate(lines):
        if not ln.startswith("Its reckoning"):
            continue
        rows = re.findall(r"(\S+) ([+-]\d+\.\d) \(wins the trick (\d+)%\)", ln)
        assert 2 <= len(rows) <= 3, ln
        values = [float(v) for _, v, _ in rows]
        assert values == sorted(values, reverse=True)
        assert all(0 <= int(p) <= 100 for _, _, p in rows)
        chosen = re.search(r"would choose .+\((\S+)\), choice", lines[i - 1])
        assert chosen and chosen.group(1) == rows[0][0], (lines[i - 1], ln)
        seen += 1
    assert seen >= 5


def test_a_french_hint_says_which_rule_chose():
    # after the hint's choice, the rule behind it: at a bid the bot's count of the hand and its
    # thresholds at this table size; in play the rule that picked the card
    from tarot.variants.french.bot import THRESHOLDS

    res = invoke("play", "fft-4p", "--seed", 5, "--script", input="hint\n1\n" * 400)
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    whys = [(lines[i - 1], ln) for i, ln in enumerate(lines) if ln.startswith("Why: ")]
    bids = [w for h, w in whys if "would choose pass" in h or "Prise" in h or "Garde" in h]
    prise, garde = THRESHOLDS[4][:2]
    assert bids and all(re.match(rf"Why: its count of this hand is \d+ .*with 4 players it bids a Prise "
                                 rf"from {prise}, a Garde from {garde}, ", w) for w in bids)
    plays = {w for h, w in whys if re.search(r"would choose the .+ \(\w+\), choice", h)}
    assert len(plays) >= 3, plays   # several rules met over a deal
    assert all(w.startswith("Why: ") and w.endswith(".") and len(w) > 20 for w in plays)


def test_hint_in_a_discard_counts_the_cards_already_chosen():
    # seed 3: South deals and discards four; with JS chosen, the hint is another card
    res = invoke("play", "--seed", 3, input="JS\nhint\nquit\n")
    hint = next(ln for ln in res.stdout.splitlines() if ln.startswith("Hint: "))
    assert "(JS)" not in hint and re.search(r"would choose the .+ \(\w+\), choice \d+\.", hint)
    assert "hint (what the rule bot would do)" in invoke("play", "--seed", 3, input="help\nquit\n").stdout
