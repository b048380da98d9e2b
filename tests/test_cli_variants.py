"""The ``tarot`` command for every game (issues 3 and 4): play, simulate, replay and rules.

Expected values come from the engine's public API (records, replay, results) or from RULES.md,
never from the command's own output.
"""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from typer.testing import CliRunner

import tarot
from tarot.explain import line_text
from tarot.cli import app
from tarot.core.actions import ACKNOWLEDGE_REVOKE
from tarot.records import load_record, replay

runner = CliRunner()
GAMES = sorted(tarot.VARIANTS)


def invoke(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env={"COLUMNS": "200"})


def test_every_game_of_the_issues_is_registered():
    assert {"marolles-1637", "marolles-78", "marolles-2p", "early-french", "fft-3p", "fft-4p",
            "fft-5p", "french-2p"} <= set(GAMES)


@pytest.mark.parametrize("variant", GAMES)
def test_play_script_to_the_end_saves_a_record_that_replays(tmp_path, variant):
    """A whole deal against the rule bots, the person always taking the first choice; the record
    saved replays to the same scores, and each payment of the deal is told once as it happens."""
    rec = tmp_path / "g.json"
    res = invoke("play", variant, "--seed", 3, "--script", "--record", rec, input="1\n" * 2000)
    assert res.exit_code == 0, res.output[-2000:]
    saved = sorted(tmp_path.glob("g*.json"))
    assert saved, res.output[-1000:]
    deal = replay(load_record(saved[-1]))       # the last one is the deal played out
    assert deal.is_over
    r = deal.result()
    assert "End of deal" in res.stdout
    unit = {"marques": "M", "points": "pts"}[deal.SCORE_UNIT]
    told = re.findall(rf"^  \S+(?: \S+)? pays (\d+) {unit} to ", res.stdout, flags=re.MULTILINE)
    assert len(told) >= len(deal.ledger.entries)
    # the running total printed at the end is the deal's scores (one deal played out)
    if len(saved) == 1:
        total_line = [line for line in res.stdout.splitlines() if line.strip().startswith("total")][-1]
        assert [int(v) for v in total_line.split()[1:]] == list(r.scores)


@pytest.mark.parametrize("variant", GAMES)
def test_replay_and_rules_work_for_every_game(tmp_path, variant):
    from tarot.bots import make_bot, play_out
    from tarot.records import record_from_deal, save_record

    cls = tarot.variant_class(variant)
    deal = tarot.new_deal(variant, seed=11)
    play_out(deal, [make_bot("rule", seed=s) for s in range(cls.players_for())])
    path = tmp_path / "d.txt"
    save_record(record_from_deal(deal), path)
    res = invoke("replay", path)
    assert res.exit_code == 0, res.output[-2000:]
    assert res.stdout.count("Trick ") >= len(deal.tricks)
    rules = invoke("rules", variant)
    assert rules.exit_code == 0
    for o in cls.OPTIONS:
        assert o.key in rules.stdout


def test_issue_3_check_fft_4p_json_twice_identical_with_the_required_keys():
    args = ("simulate", "fft-4p", "--deals", 1000, "--seed", 1, "--json")
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == second.exit_code == 0, first.output[-1000:]
    assert hashlib.sha256(first.stdout.encode()).digest() == hashlib.sha256(second.stdout.encode()).digest()
    rows = [json.loads(line) for line in first.stdout.splitlines()]
    assert len(rows) == 1000
    played = 0
    for row in rows:
        assert {"scores", "contract", "taker", "points", "bouts"} <= set(row)
        assert sum(row["scores"]) == 0
        if row["contract"] is not None:
            played += 1
            assert row["contract"] in ("prise", "garde", "garde_sans", "garde_contre")
            assert 0 <= row["points"] <= 91 and 0 <= row["bouts"] <= 3
            assert row["card_points"][row["taker"]] == row["points"]
    assert played > 500


@pytest.mark.parametrize("variant", ["fft-3p", "fft-5p", "french-2p"])
def test_french_json_lines_hold_the_issue_keys(variant):
    res = invoke("simulate", variant, "--deals", 30, "--seed", 2, "--json")
    assert res.exit_code == 0, res.output[-1000:]
    for row in map(json.loads, res.stdout.splitlines()):
        assert {"scores", "contract", "taker", "points", "bouts"} <= set(row)


def test_issue_4_check_early_french_five_players_twice_identical():
    args = ("simulate", "early-french", "--players", 5, "--deals", 1000, "--seed", 1, "--json")
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == second.exit_code == 0, first.output[-1000:]
    assert first.stdout == second.stdout
    rows = [json.loads(line) for line in first.stdout.splitlines()]
    assert len(rows) == 1000 and all(len(r["scores"]) == 5 for r in rows)
    # docs/rules §3.3: Σ(cards won − 12) = 0 each hand
    assert all(sum(r["by_source"]["cards"]) == 0 for r in rows)
    assert [r["dealer"] for r in rows[:6]] == [0, 1, 2, 3, 4, 0]


def test_clockwise_play_passes_the_deal_clockwise():
    res = invoke("simulate", "early-french", "--players", 4, "--deals", 5, "--seed", 1, "--json",
                 "-o", "direction=clockwise")
    assert res.exit_code == 0, res.output
    assert [json.loads(line)["dealer"] for line in res.stdout.splitlines()] == [0, 3, 2, 1, 0]


@pytest.mark.parametrize("args, message", [
    (["simulate", "marolles-1637", "--players", 4], "--players does not apply"),
    (["simulate", "early-french", "--players", 7], "option 'players' of early-french does not take '7'"),
    (["simulate", "early-french", "--players", 5, "-o", "players=4"], "contradicts"),
    (["simulate", "early-french", "--players", 4, "-o", "players=04"],
     "option 'players' of early-french does not take '04'"),
    (["play", "fft-4p", "--seat", 4, "--script"], "--seat must be a seat 0..3"),
])
def test_bad_player_counts_are_refused_by_name(args, message):
    res = invoke(*args, input="")
    assert res.exit_code == 2, res.output
    assert message in res.stderr


def test_early_french_play_session_ends_with_the_game_to_50():
    res = invoke("play", "early-french", "--seed", 3, "--script", "--deals", 60, input="1\n" * 3000)
    assert res.exit_code == 0, res.output[-1000:]
    totals = re.findall(r"^Game to 50: (.*)\.$", res.stdout, flags=re.MULTILINE)
    assert totals and "The game is over after" in res.stdout
    last = [int(x.split()[-1]) for x in totals[-1].split(", ")]
    assert max(last) >= 50
    assert all(max(int(x.split()[-1]) for x in t.split(", ")) < 50 for t in totals[:-1])


@pytest.mark.parametrize("variant", ["fft-3p", "fft-4p", "fft-5p"])
def test_the_french_count_line_adds_up_to_what_each_defender_pays(variant):
    """The end-of-deal line ``Each defender pays|receives N: (25 + d) × m ± 10 petit au bout
    + poignée ± chelem`` is written from the winning side: its sum is N, whoever wins (the
    person bids Garde, Garde sans or Garde contre and then always takes the first choice, which
    announces a chelem)."""
    checked = 0
    for seed in range(1, 7):
        for bid in ("2", "3", "4"):
            res = invoke("play", variant, "--seed", seed, "--script", input=f"{bid}\n" + "1\n" * 2000)
            if res.exit_code == 1 and "there is no choice" in res.output:
                continue  # the bots before the person bid higher: fewer choices
            assert res.exit_code == 0, res.output[-1500:]
            for m in re.finditer(r"Each defender (?:pays|receives) (\d+): ([^\n]*)", res.stdout):
                expr = re.sub(r" \(the taker loses\)\.?$|\.$", "", m.group(2))
                expr = re.sub(r"petit au bout|poignée|chelem", "", expr).replace("×", "*").replace("−", "-")
                assert eval(expr, {}) == int(m.group(1)), m.group(0)  # noqa: S307 (digits and + - * ( ))
                checked += 1
    assert checked >= 15


@pytest.mark.parametrize("variant, players", [("fft-4p", 4), ("fft-5p", 5), ("early-french", 6)])
def test_simulate_tables_fit_80_columns_with_many_seats(variant, players):
    """Every figure of the summary is printed whole in 80 columns: with four seats or more the
    positions relative to the dealer get a table of their own."""
    args = ["simulate", variant, "--deals", "8", "--seed", "1"]
    if variant == "early-french":
        args += ["--option", f"players={players}"]
    res = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert res.exit_code == 0, res.output
    assert "…" not in res.stdout, res.stdout
    assert all(f"seat {s}" in res.stdout and f"d+{s}" in res.stdout for s in range(players))


def test_the_count_line_shows_the_score_rounding():
    """With ``score_rounding=10`` the line gives the exact amount, then the rounded one paid:
    ``(25 + 3) × 1 = 28, rounded to 30``."""
    seen = 0
    for seed in range(1, 6):
        res = invoke("play", "fft-4p", "--seed", seed, "--script", "-o", "score_rounding=10",
                     input="1\n" * 2000)
        assert res.exit_code == 0, res.output[-1500:]
        for m in re.finditer(r"Each defender (?:pays|receives) (\d+): (.*) = (\d+), rounded to (\d+)", res.stdout):
            paid, expr, exact, rounded = int(m.group(1)), m.group(2), int(m.group(3)), int(m.group(4))
            expr = re.sub(r"petit au bout|poignée|chelem", "", expr).replace("×", "*").replace("−", "-")
            assert eval(expr, {}) == exact  # noqa: S307 (digits and + - * ( ))
            assert rounded == paid and rounded % 10 == 0 and abs(rounded - exact) <= 5
            seen += 1
    assert seen >= 3


def test_cards_won_count_the_card_exchanged_for_the_excuse():
    """Four players never have half points (docs/rules §4.3): a camp's cards, the low card given
    or received for the Excuse counted, are an even number."""
    counts = []
    for seed in range(1, 9):
        res = invoke("play", "fft-4p", "--seed", seed, "--script", input="1\n" * 2000)
        assert res.exit_code == 0, res.output[-1500:]
        counts += [int(n) for n in re.findall(r" won (\d+) cards", res.stdout)]
    assert len(counts) >= 4 and all(n % 2 == 0 for n in counts), counts


def test_only_a_hand_after_one_thrown_in_is_dealt_again():
    res = invoke("play", "fft-4p", "--seed", 2, "--deals", 3, "--script", input="1\n" * 6000)
    assert res.exit_code == 0, res.output[-1500:]
    lines = re.findall(r"^(Deal \d+ of 3.*|End of deal .*)$", res.stdout, flags=re.MULTILINE)
    assert any("(dealt again)" in x for x in lines)
    for before, line in zip(lines, lines[1:]):
        if line.startswith("Deal"):
            assert ("(dealt again)" in line) == ("(not played out)" in before), (before, line)


def test_a_deal_annulled_by_the_first_packet_rule_says_so():
    """``petit_rule=first_packet`` (the seed's rule): the Petit in one's first packet, whatever
    else one holds; the message is not the federation's petit sec."""
    res = invoke("play", "fft-4p", "--seed", 1, "--script", "-o", "petit_rule=first_packet",
                 input="1\n" * 2000)
    rec = re.search(r"^(\w[\w-]*) was dealt the Petit in his first packet", res.stdout, flags=re.MULTILINE)
    assert rec and "Annulled (first packet)" in res.stdout and "Petit sec" not in res.stdout


def test_a_two_player_deal_annulled_by_the_petit_says_so_and_is_dealt_again():
    """french-2p takes ``petit_rule`` too (§4.7 lists two players): seed 7's second deal gives
    South the Petit in his first packet; it is annulled, scores nothing, and is dealt again."""
    res = invoke("play", "french-2p", "--seed", 7, "--script", "--deals", 2, "-o",
                 "petit_rule=first_packet", input="1\n" * 3000)
    assert res.exit_code == 0, res.stdout
    assert "South was dealt the Petit in his first packet" in res.stdout
    assert "Annulled (first packet): no score." in res.stdout
    assert "Deal 2 of 2 (dealt again)" in res.stdout


def test_the_french_help_follows_the_legal_cards_and_the_options():
    """`help` says what the engine allows: the five-player opening lead barred from the called
    suit, the Excuse kept by a chelem announcer, the two-player duties as the option says."""
    import random

    from tarot.variants.french.explain import EXPLAINER as GUIDE
    from tarot.variants.french_2p.explain import EXPLAINER as TWO
    GUIDES = {"french-2p": TWO}

    found = {"lead": 0, "chelem": 0}
    for seed in range(400):
        rng = random.Random(seed)
        variant = "fft-5p" if seed % 2 else "fft-4p"
        deal = tarot.new_deal(variant, seed=seed)
        while not deal.is_over and deal.trick_no < 3:
            if deal.phase == "play":
                p, v = deal.to_play, deal.view(deal.to_play)
                text = " ".join(GUIDE.help(deal, p))
                barred = v.hand & ~sum(1 << a for a in v.legal_actions) & ~1
                if not v.trick and barred:
                    assert "not the called suit" in text
                    found["lead"] += 1
                if v.hand & 1 and 0 not in v.legal_actions:
                    assert "you keep the Excuse for the last trick" in text
                    found["chelem"] += 1
                elif v.hand & 1:
                    assert "may be played instead at any time" in text
            legal = deal.legal_actions()
            chelem = tarot.ACTION_IDS["chelem"]
            deal.push(chelem if chelem in legal else rng.choice(legal))
    assert found["lead"] >= 3 and found["chelem"] >= 3, found
    for bind, words in (("true", "count as hand"), ("false", "judged on your hand alone")):
        deal = tarot.new_deal("french-2p", {"two_player_faceup_cards_bind_follow_suit": bind}, seed=1)
        assert words in " ".join(GUIDES["french-2p"].help(deal, deal.to_play))


@pytest.mark.parametrize("fool_lead", ["true", "false"])
def test_the_marolles_help_about_the_fool_follows_the_legal_cards(fool_lead):
    """`help` offers the Fool only when it may be played (an audit: with fool_lead_allowed=false
    a leader was told he might excuse himself with it, and one whose last card it was that he
    could lead anything but the Fool)."""
    import random

    from tarot.variants.marolles.explain import EXPLAINER as GUIDE

    found = {"barred": 0, "last card": 0, "offered": 0}
    for seed in range(300):
        rng = random.Random(seed)
        deal = tarot.new_deal("marolles-1637", {"fool_lead_allowed": fool_lead}, seed=seed)
        while not deal.is_over:
            if deal.phase == "play" and deal.hands[deal.to_play] & 1:
                v = deal.view(deal.to_play)
                text = " ".join(GUIDE.help(deal, deal.to_play))
                last = deal.trick_no == deal.TRICKS - 1
                assert ("excuse yourself with the Fool" in text) == (0 in v.legal_actions and not last)
                if not v.trick and v.hand == 1 and fool_lead == "false":
                    assert "with your last card, the Fool" in text and v.legal_actions == (0,)
                    found["last card"] += 1
                elif not v.trick and fool_lead == "false":
                    assert "but not the Fool" in text and 0 not in v.legal_actions
                    found["barred"] += 1
                found["offered"] += 0 in v.legal_actions
            deal.push(rng.choice(deal.legal_actions()))
    assert found["offered"] > 100 and (fool_lead == "true" or found["barred"] > 20), found


@pytest.mark.parametrize("options, words", [
    ({"ultimo_win": "6_plus_1"}, "the Ultimo, 6 M and the ordinary 1 M from each"),
    ({"ultimo_fail": "1"}, "costs the ordinary 1 M to each"),
    ({"belle_with_7_tarots": "paid_twice"}, "earns 1 M from each whoever wins;"),
    ({"belle_with_7_tarots": "replaces_play_payment"}, "(not if it was declared with the 7 Tarots)"),
])
def test_the_marolles_help_follows_the_options(options, words):
    from tarot.variants.marolles.explain import EXPLAINER as GUIDE

    deal = tarot.new_deal("marolles-1637", options, seed=4)
    while deal.phase != "play":
        deal.push(deal.legal_actions()[0])
    assert words in " ".join(GUIDE.help(deal, deal.to_play))


@pytest.mark.parametrize("options, words", [
    ({}, "3 Kings + Fool 2 (and the four Tarots, declared as well, 1: 3 in all)"),
    ({"three_kings_fool_value": "2_total"}, "3 Kings + Fool 1 (2 in all with the four Tarots"),
    ({}, "10/15/20 triomphes (trumps and the Fool)"),
    ({"fool_counts_as_triomphe": "false"}, "10/15/20 triomphes (trumps only, not the Fool)"),
    ({"four_kings_imperial": "separate_1m"}, "the four Kings make one besides their Kings declaration"),
    ({"fool_in_brizigole": "true"}, "the Fool may fill one missing trump"),
    ({"declarations_must_be_maximal": "true"}, "Only the highest tier of each declaration"),
])
def test_the_marolles_declaration_help_follows_the_options(options, words):
    """`help` at a declaration gives the values and conditions the options set (from a
    terminal audit: it was a fixed text)."""
    from tarot.variants.marolles.explain import EXPLAINER as GUIDE

    deal = tarot.new_deal("marolles-1637", options, seed=5)
    while deal.phase != "declare":
        deal.push(deal.legal_actions()[0])
    text = " ".join(GUIDE.help(deal, deal.to_play))
    assert words in text
    if not options:   # the defaults say nothing of the other readings
        assert "besides" not in text and "missing trump" not in text and "highest tier" not in text


def test_payments_taken_back_with_a_revoke_owned_up_to_are_told():
    """With the revoke window, owning up takes the play back, and the payments made since with
    it: the terminal says which ("Taken back: ..."), so that the payments told always add up to
    the deal's marques (from a terminal audit: they vanished without a word). The cards that go
    back are named, a trick's not yet complete among them (no trick line ever showed those)."""
    import io
    import random

    from rich.console import Console

    from tarot.tui import Narrator

    names = ["South", "East", "West"]
    opts = {"revoke_handling": "penalty_1m_forfeit_with_correction_window"}
    told_back = gave_back = cut_short = 0
    for seed in range(40):
        rng = random.Random(seed)
        deal = tarot.new_deal("marolles-1637", opts, seed=seed)
        buf = io.StringIO()
        narrator = Narrator(Console(file=buf, width=200), names, set())
        narrator.start(deal)
        while not deal.is_over:
            seat, phase = deal.to_play, deal.phase
            legal = deal.legal_actions()
            # own up whenever one can, late: after the play has gone on and paid
            action = legal[-1] if legal[-1] >= 78 and rng.random() < 0.5 else rng.choice(legal)
            back = len(deal.taken_back)
            deal.push(action)
            narrator.after(deal, seat, phase, action)
            if action == ACKNOWLEDGE_REVOKE:
                # every card that goes back is named, those of a trick not yet complete too
                line = buf.getvalue().rsplit("owns up to a revoke", 1)[1].split("\n")[0]
                named = re.findall(r"(\w+) (\w+)[,)]", line.split("(", 1)[1].split(")")[0] + ")")
                assert named == [(names[s], deal.action_token(c)) for s, c in deal.taken_back[back:]]
                cut_short += len(named) % 3 != 0  # a trick not complete went back too
            net = [0, 0, 0]
            for m in re.finditer(r"^  (Taken back: )?(\w+) pays (\d+) M to (\w+):", buf.getvalue(), re.M):
                amount = int(m.group(3)) * (-1 if m.group(1) else 1)
                net[names.index(m.group(2))] -= amount
                net[names.index(m.group(4))] += amount
            assert net == deal.ledger.totals(), (seed, len(deal.history))
        told_back += buf.getvalue().count("Taken back:")
        gave_back += buf.getvalue().count("has forfeited: he gives back the 1 M")
        assert "a receipt (" not in buf.getvalue()
    assert told_back > 0 and gave_back > 0 and cut_short > 0


@pytest.mark.parametrize("args, words", [
    # two winners under par + 5 (25 and 29): the loser 6 below pays nothing (§1.9,
    # pagat_symmetric); random bots, so that the deal does not change with the rule bot's play
    (["--seed", 6, "--bots", "random"], "Neither winner is a full 5 points above par: no payment."),
    # dm_literal_top_winner with tied winners (30, 30; the loser 14 owes 2 M): dm_tie_split
    (["--seed", 161, "--bots", "random", "-o", "two_winner_rule=dm_literal_top_winner",
      "-o", "dm_tie_split=split_floor"], "each getting half, rounded down (dm_tie_split=split_floor)."),
    (["--seed", 161, "--bots", "random", "-o", "two_winner_rule=dm_literal_top_winner",
      "-o", "dm_tie_split=each_full"], "each of them is paid it in full (dm_tie_split=each_full)."),
    (["--seed", 161, "--bots", "random", "-o", "two_winner_rule=dm_literal_top_winner",
      "-o", "dm_tie_split=none"], "Tied winners are paid nothing: no payment."),
])
def test_the_card_point_count_says_why_nothing_or_who_is_paid(args, words):
    """The end of a Marolles deal explains the card-point payments as the options make them
    (from a terminal audit: 'Nobody is a full 5 points from par' was said of a loser 8 below
    par, and a tie between winners was explained as 'the winner with more points')."""
    res = invoke("play", *args, "--script", input="1\n" * 400)
    assert res.exit_code == 0, res.stdout
    assert words in res.stdout, res.stdout[-1500:]
    assert "Nobody is a full 5 points" not in res.stdout


def test_the_fools_exchange_is_told_before_the_count():
    """fool_exchange=give_empty_card: the card the Fool's owner gives is in the result
    (``info["fool_exchange"]``: owner, receiver, card)
    and the terminal tells it before counting the piles (from a terminal audit: the piles did
    not add up, and nothing said why)."""
    import io
    import random


    from tarot.core.cards import card_name
    from tarot.variants.marolles.explain import EXPLAINER as GUIDE

    names = ["South", "East", "West"]
    seen = 0
    for seed in range(60):
        rng = random.Random(seed)
        deal = tarot.new_deal("marolles-1637", {"fool_exchange": "give_empty_card"}, seed=seed)
        while not deal.is_over:
            deal.push(rng.choice(deal.legal_actions()))
        info = deal.result().info
        if "fool_exchange" not in info:
            assert "fool_kept" not in info or info["fool_kept"][0] == info["fool_kept"][2]
            continue
        seen += 1
        owner, receiver, card = info["fool_exchange"]
        assert (owner, receiver) == (info["fool_kept"][0], info["fool_kept"][2]) and owner != receiver
        assert deal.piles[receiver] >> card & 1 and not deal.piles[owner] >> card & 1
        buf = io.StringIO()
        buf.write("\n".join(line_text(ln) for ln in GUIDE.end_of_deal(deal, names)))
        text = buf.getvalue()
        told = f"{names[owner]} gave {names[receiver]} "
        assert told in text and text.index(told) < text.index(f"{names[0]}: ")
        assert card_name(card, deal.notation) in text or card == 0
        deal.push(deal.pop())   # taken back and played again: told again, the same
        assert deal.result().info["fool_exchange"] == [owner, receiver, card]
    assert seen > 10


def test_the_card_point_count_says_what_a_forfeit_withholds():
    """After a forfeit the count said "Neither winner is a full 5 points above par" of a winner
    12 above (from an audit): what the rule says is owed to a seat that has forfeited is told as
    withheld, and a 'not a full 5 points' sentence is only said when it is true."""
    import io
    import random


    from tarot.variants.marolles.explain import EXPLAINER as GUIDE

    names = ["South", "East", "West"]
    withheld = 0
    for variant in ("marolles-1637", "marolles-78"):
        par = 25 if variant == "marolles-1637" else 26
        for seed in range(80):
            rng = random.Random(seed)
            deal = tarot.new_deal(variant, {"revoke_handling": "penalty_1m_and_forfeit"}, seed=seed)
            while not deal.is_over:
                deal.push(rng.choice(deal.legal_actions()))
            r = deal.result()
            buf = io.StringIO()
            buf.write("\n".join(line_text(ln) for ln in GUIDE.end_of_deal(deal, names)))
            text = buf.getvalue()
            pts = r.card_points
            if "Neither winner is a full 5 points above par" in text:
                assert all(p - par < 5 for p in pts if p >= par), (variant, seed, pts)
            if "No loser is a full 5 points below par" in text:
                assert all(par - p < 5 for p in pts if p < par), (variant, seed, pts)
            for m in re.finditer(r"(\w+) would pay (\w+) (\d+) M, but \2 has forfeited", text):
                assert names.index(m.group(2)) in r.info["forfeited"]
                withheld += 1
    assert withheld


@pytest.mark.parametrize("options", [None, {"mort_card_competes": "true"}])
def test_le_morts_pile_is_named_with_its_card_never_turned_up(options):
    """marolles-2p: le Mort's 21st card is never drawn; the count names it and what it is worth
    (the players' points fell short of 74 without a word: a King had vanished, from an audit),
    as the packets count it (a lone King makes 4)."""
    import io


    from tarot.bots import make_bot, play_out
    from tarot.core.cards import cards_of
    from tarot.core.counting import COUNTING_CARDS
    from tarot.variants.marolles.explain import EXPLAINER as GUIDE

    counted = 0
    for seed in range(20):
        deal = tarot.new_deal("marolles-2p", options, seed=seed)
        play_out(deal, [make_bot("rule", seed=s) for s in range(2)])
        pile = deal.result().info["mort_pile"]
        buf = io.StringIO()
        buf.write("\n".join(line_text(ln) for ln in GUIDE.end_of_deal(deal, ["South", "North"])))
        line = next(ln for ln in buf.getvalue().splitlines() if ln.startswith("Le Mort's pile"))
        for c in cards_of(pile):
            assert deal.action_token(c) in line
        never = deal.mort_cards[deal.TRICKS:]
        assert line.count("never turned up") == len(never)
        worth = int(re.search(r"in packets of three it would make (\d+) point", line).group(1))
        assert worth + sum(deal.result().card_points) in (73, 74)  # the pack's points, all told
        counted += any(COUNTING_CARDS >> c & 1 for c in never)
    assert counted


def test_refusals_of_players_and_bots_point_the_right_way():
    res = invoke("play", "marolles-1637", "--players", 2)
    assert res.exit_code == 2 and "games for 2 players: early-french, french-2p, marolles-2p" in res.output
    res = invoke("play", "marolles-2p", "--bots", "rule,random")
    assert res.exit_code == 2 and "give 1 bot name, not 2" in res.output
    assert re.search(r"early-french .* 2-6 ", invoke("rules").stdout)


def test_qui_na_le_sien_says_who_pays_nothing_and_the_fools_last_chance_is_told():
    """From an audit: a Qui n'a le sien nobody paid was announced without a word of why, and the
    help did not say when the Fool's last chance to excuse had come."""
    import random

    from tarot.tui import phase_help

    res = invoke("play", "marolles-2p", "--seed", 5, "--script", input="1\n" * 400)
    lines = res.stdout.splitlines()
    at = next(i for i, ln in enumerate(lines) if "declares Qui n'a le sien" in ln)
    assert lines[at + 1] == "  South holds one of XXI, I and the Fool: he pays nothing."
    told = 0
    for seed in range(200):
        rng = random.Random(seed)
        deal = tarot.new_deal("marolles-1637", seed=seed)
        while not deal.is_over:
            p = deal.to_play
            if deal.phase == "play" and deal.view(p).hand & 1 and 0 in deal.legal_actions():
                text = " ".join(phase_help(deal, p))
                assert ("This is the last trick in which it can" in text) == (len(deal.tricks) == deal.TRICKS - 2)
                told += len(deal.tricks) == deal.TRICKS - 2
            legal = deal.legal_actions()
            deal.push(rng.choice([a for a in legal if a != 0] or legal))   # keep the Fool
    assert told


def test_simulate_two_player_columns_are_dealer_and_opponent():
    res = invoke("simulate", "marolles-2p", "--deals", 5)
    assert res.exit_code == 0 and "d+0" not in res.stdout
    assert "the dealer and his opponent, who plays first" in res.stdout


def test_a_petit_sec_is_proved_by_the_hand_shown(tmp_path):
    """§4.1 (FFT): the holder of a Petit sec announces it and shows his hand; the table lists the
    cards the engine makes public (fft-5p seed 5 opens with a Petit sec)."""
    res = invoke("play", "fft-5p", "--seed", 5, "--script", "--record", tmp_path / "d.json",
                 input="1\n" * 3000)
    assert res.exit_code == 0, res.output[-1500:]
    deal = replay(load_record(tmp_path / "d.json"))
    assert deal.result().info["annulled"] == "petit_sec"
    holder, _, cards = deal.shown[0]
    assert cards == deal.hands[holder] and cards & ((1 << 22) - 1) == 1 << 1
    shown = re.search(r"^(\S+) shows his cards: (.*)\.$", res.stdout, flags=re.MULTILINE)
    names = ["South", "East", "North-East", "North-West", "West"]
    assert shown and shown[1] == names[holder]
    assert tarot.mask(tarot.parse_cards(shown[2], tarot.FRENCH)) == cards


def _chelem_deal(tmp_path, lines):
    rec = tmp_path / "d.json"
    res = invoke("play", "fft-4p", "--seed", 1, "--script", "--record", rec, input=lines)
    assert res.exit_code == 0, res.output[-1500:]
    return res.stdout, replay(load_record(rec))


def test_a_chelem_is_announced_only_on_purpose_and_its_term_is_named(tmp_path):
    """Choice 1 at the chelem prompt is `done`, so a piped `yes 1` never announces one; nothing
    is said of a chelem not announced; one announced and lost is named so in the count."""
    out, deal = _chelem_deal(tmp_path, "garde\n" + "1\n" * 3000)
    assert deal.taker == 0 and not deal.chelem
    assert "Choices: 1 done · 2 chelem" in out and "announces no chelem" not in out
    out, deal = _chelem_deal(tmp_path, "garde\n" + "1\n" * 6 + "chelem\n" + "1\n" * 3000)
    assert deal.chelem and "South announces a chelem and will lead." in out
    ch = deal.result().info["chelem"]
    words = "chelem announced and made" if ch > 0 else "chelem announced and not made"
    assert re.search(rf"^Each defender (pays|receives) \d+: .*{abs(ch)} {words}", out, flags=re.MULTILINE)
    assert f"pays {abs(ch)} pts to" in out and out.count(f": {words}") == 3


def test_script_errors_name_the_seat_as_the_table_does():
    res = invoke("play", "fft-4p", "--seed", 1, "--script", input="1\nQH\n")
    assert res.exit_code != 0
    assert "South does not hold the Queen of Hearts (QH)" in res.output
    assert "seat 0 does" not in res.output


def test_the_two_player_help_tells_petit_au_bout_and_the_excuse_exception():
    res = invoke("play", "french-2p", "--seed", 1, input="help\nquit\n")
    assert "Petit au bout: the Petit in the last trick scores 10 more" in res.stdout
    assert "unless you have won every trick and lead it to the last" in res.stdout
    assert "never wins" not in res.stdout


def test_the_cut_cards_payment_follows_its_line_in_the_two_player_game():
    """From a terminal audit: le Mort's line came between the cut card and its payment."""
    from tarot.core.cards import ITALIAN, TAROTS, parse_card

    for seed in range(60):
        res = invoke("play", "marolles-2p", "--seed", seed, "--script", input="1\n" * 400)
        lines = res.stdout.splitlines()
        i = next(i for i, ln in enumerate(lines) if ln.startswith("Cut card: "))
        if TAROTS >> parse_card(lines[i].split()[2], ITALIAN) & 1:
            assert "is a Tarot" in lines[i + 1], lines[i - 1:i + 2]
            assert "le Mort" in lines[i - 1]
            return
    raise AssertionError("no cut Tarot in 60 seeds")


def test_a_defence_with_no_card_to_give_for_the_excuse_gives_a_half_point_not_a_card():
    """From a terminal audit: West made every trick but the one South's Excuse was played to; the
    defence kept the Excuse with no card to give for it (excuse_exchange_impossible), so West's
    camp won 77 cards and the half point, not '78 cards, one received for the Excuse'. (Seed
    84 until the rule bot's card play changed on 27 November 2026; 396 deals the same case.)"""
    res = invoke("play", "fft-4p", "--seed", 396, "--script", input="1\n" * 2000)
    assert res.exit_code == 0, res.output[-1500:]
    line = next(ln for ln in res.stdout.splitlines() if " won " in ln and " cards" in ln)
    assert " won 77 cards with the écart (plus a half point for the Excuse the defence kept" in line, line
    assert "Card points 87: made by 46." in res.stdout  # 91 − the Excuse's 4


def test_french_refusals_speak_to_the_player():
    """From a terminal audit: refusals read "he does not hold it" and quoted the whole calling
    rule to a taker calling his own King; they say "you" and name the mistake."""
    res = invoke("play", "fft-4p", "--seed", 366, "--seat", 2, input="1\n1\nT21\n9S\n" + "1\n" * 2000)
    assert "Refused: you do not hold trump XXI (T21)." in res.stdout
    assert "Refused: you cannot show the 9 of Spades (9S): a poignée shows trumps only." in res.stdout
    res = invoke("play", "fft-5p", "--seed", 8, "-o", "five_player_self_call=false", input="2\nKC\n" + "1\n" * 2000)
    assert "Refused: you hold the King of Clubs (KC): with five_player_self_call=false" in res.stdout
    assert " he " not in " ".join(ln for ln in res.stdout.splitlines() if ln.startswith("Refused"))


@pytest.mark.parametrize("variant", ["fft-3p", "fft-4p", "fft-5p"])
def test_the_french_count_lists_the_cards_that_make_the_points(variant):
    """From a terminal audit: "Card points 20" came with nothing that made it up, and the chien
    of a Garde sans or contre, or a bot's écart, was never shown. The count now lists the taker's
    side's cards by value (§4.1: bouts and Kings 4½, Queens 3½, Cavaliers 2½, Jacks 1½, others ½)
    and what was face down; the parts add up to the card points."""
    def half(text: str) -> int:
        return 2 * int(text.rstrip("½") or 0) + text.endswith("½")

    import io

    from rich.console import Console

    from tarot.tui import PlaySession

    chien = {"fft-3p": 6, "fft-4p": 6, "fft-5p": 3}[variant]
    counted = chiens = 0
    now: dict = {}

    def read(_prompt):
        deal, bid = now["session"].deal, now["bid"]
        return bid if deal.phase == "bid" and tarot.ACTION_IDS[bid] in deal.legal_actions() else "1"

    for seed in range(1, 13):
        now["bid"] = ["prise", "garde", "garde_sans", "garde_contre"][seed % 4]  # the person's, if legal
        buf = io.StringIO()
        n = tarot.variant_class(variant).players_for({})
        now["session"] = session = PlaySession(Console(file=buf, width=300), variant, {}, seed, 0,
                                               ["rule"] * (n - 1), 1, None, False, read)
        assert session.run() == 0
        text = buf.getvalue()
        m = re.search(r"^  Counted: (.*); in all (\d+½?)\.$", text, re.M)
        if not m:
            continue  # all passed, or annulled
        total = 0
        for part in m.group(1).split("; "):
            if part.endswith("for the Excuse"):
                total += 1 if part.startswith("+") else -1
                continue
            each = re.fullmatch(r"(.+?) (\d+½?|½)( each = (\d+½?))?", part)
            assert each, part
            n = int(each.group(1).split()[0]) if "other card" in each.group(1) else len(each.group(1).split())
            assert n * half(each.group(2)) == (half(each.group(4)) if each.group(3) else half(each.group(2)))
            total += n * half(each.group(2))
        assert total == half(m.group(2))
        points = re.search(r"^Card points (\d+½?)", text, re.M).group(1)
        assert points == m.group(2)
        hidden = re.search(r"^  (?:The chien, face down until now|\w[\w-]*'s écart): (.*)\.$", text, re.M)
        assert hidden and len(hidden.group(1).split()) == chien
        counted += 1
        chiens += hidden.group(0).startswith("  The chien")
    assert counted >= 4 and chiens


def test_a_poignee_is_named_in_its_prompt_and_may_be_typed_with_its_accent():
    """From a terminal audit: the prompt said "(a poignée or `done`)" and `poignée_simple` was
    refused as neither a card nor an action; the prompt names the tokens, and the accent is read."""
    res = invoke("play", "fft-4p", "--seed", 339, "--seat", 2,
                 input="2\n6S 10C 7C 2H 7D 3D\ndone\npoignée_simple\n" + "1\n" * 2000)
    assert res.exit_code == 0, res.output[-1500:]
    assert "Declare a poignée before your first card? (`poignee_simple`, or `done`)" in res.stdout
    assert "South shows a simple poignée (20)" in res.stdout and "neither a card" not in res.stdout


@pytest.mark.parametrize("variant, seat", [("fft-4p", 2), ("marolles-1637", 1)])
def test_the_score_tables_start_with_the_person_then_the_order_of_play(tmp_path, variant, seat):
    """From a terminal audit: with --seat 2 the tables read North West South East while the
    table said South → East → North → West; the columns now start with the person."""
    from tarot.records import load_record

    rec = tmp_path / "g.txt"
    res = invoke("play", variant, "--seed", 339, "--seat", seat, "--script", "--record", rec,
                 input="1\n" * 3000)
    assert res.exit_code == 0, res.output[-1500:]
    order = re.search(r"^Play goes \w+: (.*?)\. ", res.stdout, re.M).group(1).split(" → ")
    heads = next(ln.split() for ln in res.stdout.splitlines() if sorted(ln.split()) == sorted(order))
    assert heads == order and order[0] == "South"
    scores = load_record(rec).result.scores
    n = len(scores)
    total = next(ln.split()[1:] for ln in res.stdout.splitlines() if re.fullmatch(r"total( +[+-]\d+)+", ln.strip()))
    assert total == [f"{scores[(seat + i) % n]:+d}" for i in range(n)]
