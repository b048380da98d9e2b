"""How `tarot play` looks on a real terminal: lines fitted to its width without splitting a
card from its number, score tables that never cut a name or a figure, the hand greyed only
when some of it is to be chosen, a terminal that cannot show an arrow, the order in which a
five-player partner is told, and leaving at the last prompt (from a colour-output audit)."""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

import tarot
from tarot.cli import app
from tarot.core.cards import ITALIAN, card_name, mask, parse_cards
from tarot.tui import Narrator, PlaySession, hand_lines, seat_names, source_table, wrapped

GAMES = sorted(tarot.VARIANTS)


def play_session(variant: str, seed: int, width: int, deals: int = 1, read=None, **kw) -> str:
    """A whole session against the rule bots on a terminal ``width`` wide, the person taking
    the first choice each time; returns what was printed (without colour)."""
    buf = io.StringIO()
    out = Console(file=buf, width=width, color_system=None, markup=False, highlight=False)
    cls = tarot.variant_class(variant)
    bots = ["rule"] * (cls.players_for(kw) - 1)
    session = PlaySession(out, variant, kw, seed, 0, bots, deals, None, False, read or (lambda _p: "1"))
    assert session.run() == 0
    return buf.getvalue()


@pytest.mark.parametrize("variant", GAMES)
@pytest.mark.parametrize("width", [60, 80])
def test_choices_and_hands_fit_the_terminal_and_keep_each_card_whole(variant, width):
    text = play_session(variant, 3, width, **({"players": 6} if variant == "early-french" else {}))
    lines = text.splitlines()
    assert max(map(len, lines)) <= width
    blocks = [i for i, ln in enumerate(lines) if ln.startswith("Choices: ")]
    assert blocks
    for i in blocks:
        # the choices go on under the first one: every piece is a number and its whole action
        block = [lines[i][len("Choices: "):]]
        while i + 1 < len(lines) and lines[i + 1].startswith("    ") and not lines[i + 1].startswith("  Trumps"):
            i += 1
            if lines[i].startswith(" " * 11):  # a choice too long for a line goes on, further in
                block[-1] += " " + lines[i].strip()
            else:
                block.append(lines[i].strip())
        items = [p for line in block for p in line.split(" · ")]
        assert [int(p.split(" ", 1)[0]) for p in items] == list(range(1, len(items) + 1)), block
        assert all(re.fullmatch(r"\d+ \S.*", p) for p in items), block


def test_wrapped_never_splits_an_item_and_goes_on_under_the_first():
    items = [Text(f"{i} T{i}") for i in range(1, 22)]
    lines = wrapped("Choices: ", items, 40, " · ")
    assert len(lines) > 2 and all(line.cell_len <= 40 for line in lines)
    assert all(line.plain.startswith(" " * 9) and line.plain[9] != " " for line in lines[1:])
    assert " · ".join(line.plain.strip().removeprefix("Choices: ") for line in lines).split(" · ") == \
        [t.plain for t in items]
    assert [line.plain for line in wrapped("Choices: ", items, None, " · ")] == \
        ["Choices: " + " · ".join(t.plain for t in items)]
    # a head wider than half the line: the rest goes on four columns in
    assert re.match(r"    \d", wrapped("x" * 30, items[:9], 40)[1].plain)
    # a choice wider than the line (from a terminal audit: "Fool)" went on at the margin) folds
    # at its spaces two columns further in, and the next choice starts a line of its own
    long = [Text("3 kings_2_fool: 2 Kings and the Fool"), Text("4 tous_les_trois: Tous les trois (XXI, I and the Fool)"),
            Text("5 done")]
    lines = [line.plain for line in wrapped("Choices: ", long, 40, " · ")]
    assert all(len(line) <= 40 for line in lines)
    assert lines == ["Choices: 3 kings_2_fool: 2 Kings and the", "           Fool",
                     "         4 tous_les_trois: Tous les", "           trois (XXI, I and the Fool)",
                     "         5 done"]


def test_score_tables_head_the_seats_by_initials_when_the_names_do_not_fit():
    deal = tarot.new_deal("early-french", {"players": 6}, seed=3)
    rng = random.Random(3)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    r = deal.result()
    names = seat_names(6)

    def render(width: int) -> str:
        buf = io.StringIO()
        Console(file=buf, width=width, color_system=None).print(
            source_table(deal, names, r.by_source, r.scores, "Points this deal", width=width))
        return buf.getvalue()

    wide, narrow = render(200), render(60)
    assert all(n in wide for n in names) and "…" not in wide
    heads = narrow.splitlines()[2].split()
    assert heads == ["S", "SE", "NE", "N", "NW", "SW"]
    assert "…" not in narrow and max(map(len, narrow.splitlines())) <= 60
    for row in ("cards won − 12", "total"):
        line = next(ln for ln in narrow.splitlines() if ln.strip().startswith(row))
        assert line.split()[-6:] == [f"{v:+d}" for v in (r.scores if row == "total" else r.by_source["cards"])]


def test_the_hand_is_greyed_only_when_some_of_it_is_to_be_chosen():
    def cards(text):
        return mask(parse_cards(text, ITALIAN))

    hand = cards("T21 T5 KS 3C")

    def styles(lines):
        return {str(span.style) for line in lines for span in line.spans}

    assert "dim" not in styles(hand_lines(hand, 0, ITALIAN))  # to bid, to declare: a plain hand
    marked = cards("T21 T5")
    lines = hand_lines(hand, marked, ITALIAN)
    assert "dim" in styles(lines) and "bold green" in styles(lines)
    assert [line.plain for line in lines] == ["  Trumps T21* T5*", "  Swords KS", "  Cups   3C"]
    # the cards the person may give from elsewhere (a won pile) leave the hand plain
    assert "dim" not in styles(hand_lines(hand, cards("QB"), ITALIAN))


def test_a_terminal_that_cannot_show_an_arrow_gets_ascii_not_a_traceback():
    env = {**os.environ, "PYTHONIOENCODING": "latin-1", "COLUMNS": "100"}
    res = subprocess.run([sys.executable, "-m", "tarot.cli", "play", "fft-3p", "--seed", "5", "--script"],
                         input=b"1\n" * 400, capture_output=True, env=env, timeout=120)
    assert res.returncode == 0, res.stderr.decode(errors="replace")[-800:]
    out = res.stdout.decode("latin-1")
    assert "South -> East -> West" in out and "Traceback" not in res.stderr.decode(errors="replace")
    assert re.search(r"Trick 1: .* -> \w+ wins", out)


def test_the_partner_is_told_after_the_trick_that_shows_the_called_card():
    """fft-5p: when the called card completes its trick, the trick is told, then who the partner is
    (it was told first, above the line that shows the card)."""
    completed = 0
    for seed in range(60):
        rng = random.Random(seed)
        deal = tarot.new_deal("fft-5p", seed=seed)
        buf = io.StringIO()
        narrator = Narrator(Console(file=buf, width=200), seat_names(5), set())
        narrator.start(deal)
        while not deal.is_over:
            seat, phase, tricks, known = deal.to_play, deal.phase, len(deal.tricks), deal.revealed
            action = rng.choice(deal.legal_actions())
            start = len(buf.getvalue())
            deal.push(action)
            narrator.after(deal, seat, phase, action)
            if deal.revealed and not known and deal.called is not None:
                said = buf.getvalue()[start:]
                # who played it, and in which trick (from an audit: it was read as the trick above)
                k = len(deal.tricks) if len(deal.tricks) > tricks else len(deal.tricks) + 1
                told = f"{seat_names(5)[seat]} plays the {card_name(deal.called, deal.notation)} in trick {k}: "
                assert told in said, said
                if len(deal.tricks) > tricks:
                    completed += 1
                    assert said.index("Trick ") < said.index(told), said
    assert completed


def test_early_french_says_how_many_tricks_a_hand_has():
    res = CliRunner().invoke(app, ["play", "early-french", "--seed", "3", "--script"], input="1\n" * 100)
    assert res.exit_code == 0, res.output[-800:]
    assert re.search(r"^Trick 1 of 12\. ", res.stdout, re.M)


def test_moves_piped_into_the_interactive_game_are_shown_after_the_prompt():
    res = CliRunner().invoke(app, ["play", "early-french", "--seed", "3"], input="1\n" * 100)
    assert re.search(r"^South> 1$", res.stdout, re.M), res.stdout[-800:]


def test_ctrl_c_at_the_next_deal_prompt_leaves_the_table_with_a_word():
    def read(prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            raise KeyboardInterrupt
        return "1"

    buf = io.StringIO()
    session = PlaySession(Console(file=buf, width=100), "early-french", {}, 3, 0, ["rule"] * 3, 2,
                          None, False, read)
    assert session.run() == 130
    assert buf.getvalue().rstrip().endswith("Interrupted: you leave the table.")


def test_wording_of_discards_declarations_and_choices():
    """Discards are told in the hand's order (not by card id: 'T15 T19 T20 T21'); a declaration
    is offered as 'tous_les_trois: Tous les trois (...)', without parentheses in parentheses;
    with one choice, the refusal says 'choose 1'."""
    from tarot.tui import display_key
    from tarot.variants.marolles.rules import suit_power

    runner = CliRunner()
    told = 0
    for seed in range(1, 6):
        res = runner.invoke(app, ["play", "marolles-1637", "--seed", str(seed), "--script"], input="1\n" * 200)
        assert res.exit_code == 0, res.output[-800:]
        for m in re.finditer(r"^South discards ((?:\S+ )*\S+)\.$", res.stdout, re.M):
            tokens = m.group(1).split()
            cards = parse_cards(" ".join(tokens), ITALIAN)
            assert cards == sorted(cards, key=lambda c: display_key(c, suit_power)), m.group(0)
            told += len(cards) > 1
        assert not re.search(r"Choices: .*\(\w[^)]*\(", res.stdout)
    assert told
    res = runner.invoke(app, ["play", "marolles-1637", "--seed", "13"], input="1\n" * 200)
    assert re.search(r"\d+ tous_les_trois: Tous les trois \(|\d+ tarots_\d+: \d+ Tarots", res.stdout)
    res = runner.invoke(app, ["play", "early-french", "--seed", "3"], input="7\nquit\n")
    assert "there is no choice 7: choose 1." in res.stdout


def test_the_fool_alone_is_not_listed_as_a_trump():
    """In Marolles the Fool is no trump: held without trumps it has a line of its own, so the
    hand does not contradict a help that says "you have no trumps"."""
    def labels(hand, notation=ITALIAN):
        return [line.plain.split()[0] for line in hand_lines(mask(parse_cards(hand, notation)), 0, notation)]
    assert labels("F 5C") == ["Fool", "Cups"]
    assert labels("F T3 5C") == ["Trumps", "Cups"]
    assert labels("EX 5H", tarot.FRENCH) == ["Excuse", "Hearts"]


def test_two_player_choices_follow_the_rows_shown():
    """french-2p: the face-up pile cards, shown above the hand, are numbered first, pile by pile,
    then the hand's cards in the hand's order (they were interleaved by rank)."""
    from tarot.explain import explainer_for as guide_for, in_display_order

    rng = random.Random(4)
    deal = tarot.new_deal("french-2p", rng=rng)
    checked = 0
    while not deal.is_over:
        legal = deal.legal_actions()
        order = guide_for(deal).card_choices(deal, legal)
        ups = [c for c in deal.view(deal.to_play).extra["face_up"][deal.to_play] if c in legal]
        hand = [c for c in legal if c not in ups]
        assert order == ups + in_display_order(hand, deal.card_power) and sorted(order) == legal
        checked += bool(ups and hand)
        deal.push(rng.choice(legal))
    assert checked >= 5


@pytest.mark.parametrize("width", range(24, 61))
def test_a_count_line_never_splits_a_card_from_its_value(width):
    from tarot.tui import print_fitted

    buf = io.StringIO()
    out = Console(file=buf, width=width, color_system=None, soft_wrap=False)
    text = "18 cards won: 18 − 12 = +6; scoring cards 13 (T1 4, QS 3, CS 2, CB 2, 10D 2)"
    print_fitted(out, text, "    ")
    lines = buf.getvalue().splitlines()
    assert all(len(line) <= width for line in lines)
    assert all(line.startswith("    ") for line in lines)
    for pair in ("T1 4", "QS 3", "CS 2", "CB 2", "10D 2"):
        assert any(pair in line for line in lines), (pair, lines)
    assert " ".join(line.strip() for line in lines) == text


@pytest.mark.parametrize("variant", ["marolles-2p", "french-2p"])
def test_a_two_seat_table_keeps_its_title_on_one_line(variant):
    """From a player's audit: the running total of a two-player game, two narrow columns, folded
    its title ("Running marques after 1" / "deal") on an 80-column terminal."""
    deal = tarot.new_deal(variant, seed=12)
    while not deal.is_over:
        deal.push(deal.legal_actions()[0])
    names = seat_names(deal.players)
    title = f"Running {deal.SCORE_UNIT} after 12 deals, and 3 hands not played out"
    out = io.StringIO()
    Console(file=out, width=80).print(source_table(deal, names, {}, deal.result().scores, title, width=80))
    assert title in out.getvalue().splitlines()[0]


def test_an_early_french_consolation_card_is_named_once():
    """From a player's audit: a consolation card read "T21 (XXI (the World))". It is named as
    every message names a card: "trump XXI (T21)", "the King of Swords (KS)"."""
    from tarot.core.cards import card_phrase

    seen = 0
    for seed in range(40):
        text = play_session("early-french", seed, 100)
        for line in text.splitlines():
            m = re.search(r" gives \w[\w-]* (.+) for the Fool played to trick \d+\.$", line)
            if m:
                assert "((" not in line and "))" not in line
                assert m.group(1) in {card_phrase(c) for c in range(78)}, line
                seen += 1
        if seen >= 3:
            break
    assert seen >= 3


@pytest.mark.parametrize("variant", ["marolles-1637", "fft-4p"])
def test_the_hand_line_says_what_its_marks_mean(variant):
    """From a player's audit: the `+` of cards chosen so far was never explained. The line over
    the hand names each mark the hand shows: "* legal now", "+ chosen"."""
    seen = set()
    for seed in range(6):
        lines = play_session(variant, seed, 100).splitlines()
        for i, line in enumerate(lines):
            m = re.match(r"Your hand \((\d+) cards?(?:; (.*))?\):$", line)
            if not m:
                continue
            legend = set(m.group(2).split(", ")) if m.group(2) else set()
            rows = []
            for row in lines[i + 1:]:
                if not row.startswith("  "):
                    break
                rows.append(row)
            tokens = " ".join(rows).split()
            assert ("* legal now" in legend) == any(t.endswith("*") for t in tokens), line
            assert ("+ chosen" in legend) == any(t.endswith("+") for t in tokens), line
            seen |= legend
    # (choosing "1" each time, the person discards in Marolles but never takes in fft-4p)
    assert seen == ({"* legal now", "+ chosen"} if variant == "marolles-1637" else {"* legal now"})


@pytest.mark.parametrize("variant", GAMES)
def test_rules_on_an_80_column_terminal_indent_each_option_text_under_its_values(variant):
    """From a docs audit: at 80 columns `tarot rules` lists each option's text under its values;
    on a terminal the text folds there, every line indented (it ran on from the margin)."""
    from tarot.tui import options_table

    cls = tarot.variant_class(variant)
    buf = io.StringIO()
    Console(file=buf, width=80, color_system=None).print(options_table(cls, width=80, wraps=True))
    lines = [ln.rstrip() for ln in buf.getvalue().splitlines()][2:]  # after the title
    keys = {o.key for o in cls.OPTIONS}
    assert max(map(len, lines)) <= 80
    assert {ln for ln in lines if ln and not ln.startswith(" ")} == keys
    for ln in lines:  # values at 2 columns in, the text at 4: nothing else
        assert not ln or ln in keys or ln.startswith("  ") and ln[2] != " " or ln.startswith("    ") and ln[4] != " "
    words = " ".join(ln.strip() for ln in lines).split()
    for o in cls.OPTIONS:  # each text whole, folded only at spaces
        assert " ".join(o.doc.split()) in " ".join(words), o.key


def test_a_payment_folded_on_a_narrow_terminal_goes_on_under_its_first_word():
    """From a docs audit: on an 80-column terminal a long payment line went on from the margin;
    its continuation now starts under its first word, like the lines of the count."""
    from tarot.tui import describe_payment

    deal = tarot.new_deal("marolles-1637", seed=7)
    rng = random.Random(7)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    buf = io.StringIO()
    names = seat_names(3)
    Narrator(Console(file=buf, width=40, color_system=None), names, set()).payments(deal)  # all at once
    lines = buf.getvalue().splitlines()
    assert len(lines) > len(deal.ledger.entries)  # some were folded
    assert all(ln.startswith("  ") and ln[2] != " " and len(ln) <= 40 for ln in lines)
    told = " ".join(describe_payment(p, deal, names) for p in deal.ledger.entries)
    assert " ".join(ln.strip() for ln in lines).split() == told.split()


def test_declaring_at_ones_first_card_shows_the_cards_already_on_the_table():
    """From a terminal audit: with declaration_timing=before_own_first_card a player declares at
    his turn in the first trick, the lead already played; the screen showed his hand but not the
    table. Each declaration turn after a lead now shows the trick as the play turns do. (In the
    78-card game the person, taking the first choice each time, keeps his trumps: only the
    dealer discards.)"""
    variant, shown = "marolles-78", 0
    for seed in range(1, 13):
        text = play_session(variant, seed, 100, declaration_timing="before_own_first_card")
        blocks = text.split("\n\n")
        for b in blocks:
            if "Your declarations" in b or re.search(r"^Show \d+ more card", b, re.M):
                lead = re.search(r"^Trick 1 of \d+\. On the table: (.+)\.$", b, re.M)
                if lead:
                    shown += 1
                    assert b.index("On the table") < b.index("Your hand")
    assert shown


def test_a_source_whose_payments_cancel_out_keeps_its_row():
    """From a terminal audit: two declarations paid 1 M each way, and the deal's table had no
    declarations row; a row is left out only when nothing was paid for it."""
    from tarot.core.ledger import REASONS
    from tarot.explain import explainer_for as guide_for

    seen = 0
    for seed in range(400):
        deal = tarot.new_deal("marolles-2p", seed=seed)
        rng = random.Random(seed)
        while not deal.is_over:
            deal.push(rng.choice(deal.legal_actions()))
        r = deal.result()
        buf = io.StringIO()
        Console(file=buf, width=120, color_system=None).print(
            source_table(deal, ["South", "North"], r.by_source, r.scores, "Marques this deal"))
        rows = {re.split(r"\s{2,}", ln.strip())[0] for ln in buf.getvalue().splitlines()[4:] if ln.strip()}
        guide = guide_for(deal)
        for src in deal.SOURCES:
            paid = any(REASONS[p.reason] == src for p in deal.ledger.entries)
            assert (guide.source_title(src) in rows) == paid, (seed, src)
            seen += paid and not any(r.by_source[src])
        if seen >= 3:
            break
    assert seen


def test_with_revokes_allowed_the_playable_cards_are_not_greyed():
    """From a terminal audit: with revokes allowed every card may be played, * marking the
    lawful ones, yet the others were greyed as if they could not be. They are plain now; in
    an ordinary deal the cards that may not be played are still greyed."""
    def hands(options):
        buf = io.StringIO()
        out = Console(file=buf, width=120, color_system="standard", force_terminal=True, markup=False,
                      highlight=False)
        session = PlaySession(out, "marolles-1637", options, 4, 0, ["rule", "rule"], 1, None, False,
                              lambda _p: "1")
        assert session.run() == 0
        blocks = buf.getvalue().split("Your hand (")[1:]
        return [b.split("Choices:")[0] for b in blocks if b.split(")")[0].count("*")]

    lawful = [b for b in hands({"revoke_handling": "penalty_1m_and_forfeit"}) if "keeps the rules" in b]
    assert lawful and not any("\x1b[2m" in b for b in lawful)
    assert any("\x1b[2m" in b for b in hands({}))  # greyed: cards that may not be played


def test_while_cards_are_chosen_the_others_that_may_not_be_stay_greyed():
    """From a terminal audit: once one écart card was chosen, the cards that may not go in it
    (Kings, bouts) were no longer greyed."""
    buf = io.StringIO()
    out = Console(file=buf, width=120, color_system="standard", force_terminal=True, markup=False,
                  highlight=False)
    answers = iter(["2", "CS"])  # garde (North bid prise); then the écart, one card at a time

    session = PlaySession(out, "fft-4p", {}, 3, 0, ["rule"] * 3, 1, None, False,
                          lambda _p: next(answers, "1"))
    assert session.run() == 0
    blocks = [b.split("Choices:")[0] for b in buf.getvalue().split("Your hand (")[1:]]
    chosen = [b for b in blocks if "+ chosen" in b]
    assert chosen and all("\x1b[2m" in b for b in chosen)


def test_the_call_says_who_holds_the_called_card_only_to_the_one_who_does():
    """From a terminal audit: a person holding the called King still read "no one knows who"."""
    said = {"holds": 0, "nobody": 0}
    for seed in range(40):
        rng = random.Random(seed)
        deal = tarot.new_deal("fft-5p", seed=seed)
        texts = {}
        for reveal in (frozenset(), frozenset({0})):
            texts[reveal] = io.StringIO()
        narrators = {r: Narrator(Console(file=b, width=300), seat_names(5), set(r)) for r, b in texts.items()}
        while deal.phase != "call" and not deal.is_over:
            deal.push(rng.choice(deal.legal_actions()))
        if deal.is_over:
            continue
        seat = deal.to_play
        deal.push(rng.choice(deal.legal_actions()))
        for narrator in narrators.values():
            narrator.after(deal, seat, "call", deal.called)
        mine = deal.hands[0] >> deal.called & 1 and deal.taker != 0
        assert "(no one knows who until it is played)" in texts[frozenset()].getvalue()
        person = texts[frozenset({0})].getvalue()
        assert ("(South holds it, which nobody else knows until it is played)" in person) == bool(mine)
        said["holds" if mine else "nobody"] += 1
    assert all(said.values()), said


def test_a_count_line_folds_between_its_items_not_inside_them():
    """A card and its value (KH 4½), a sum and the word before it (each = 6;) stay on one line;
    a card followed by another card (AC 6H) is two items, not a card and a number."""
    from tarot.tui import print_fitted

    text = "Counted: KS KC KD 4½ each = 13½; QD 3½; CS 2½; JS 1½; 12 other cards ½ each = 6; in all 27."
    for width in range(30, 90):
        buf = io.StringIO()
        print_fitted(Console(file=buf, width=width, color_system=None), text, "  ")
        lines = buf.getvalue().splitlines()
        assert " ".join(ln.strip() for ln in lines) == text
        assert not any(ln.rstrip().endswith(("=", "each", "KD")) for ln in lines), (width, lines)
    buf = io.StringIO()
    print_fitted(Console(file=buf, width=20, color_system=None), "chien: KC QC AC 6H 4D 3D.", "  ")
    assert "6 H" not in buf.getvalue() and "AC 6H" in " ".join(buf.getvalue().split())
