"""Records: both forms round-trip, replay re-derives everything, and a bad record is refused with
the line (text) or action (JSON) and the rule broken."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tarot
from tarot import RecordError
from tarot.core.actions import ACKNOWLEDGE_REVOKE
from tarot.core.cards import ITALIAN, TRUMP_SUIT, card_phrase, cards_of, parse_card, suit_of
from tarot.records import (
    ClaimedResult, Record, load_record, parse_record, record_from_deal, replay, save_record,
)
from tarot.variants.marolles.rules import PACK_66

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
VARIANT = "marolles-1637"
CLS = tarot.variant_class(VARIANT)


# ----- helpers -----------------------------------------------------------------------------
def random_deal(seed: int, options: dict | None = None, dealer: int = 0, stop: int | None = None):
    """A deal played by uniformly random legal actions (up to ``stop`` actions, if given)."""
    rng = random.Random(seed)
    deal = tarot.new_deal(VARIANT, options, seed=seed, dealer=dealer)
    while not deal.is_over and (stop is None or len(deal.history) < stop):
        deal.push(rng.choice(deal.legal_actions()))
    return deal


def finished_text(seed: int, options: dict | None = None, **tags) -> tuple:
    deal = random_deal(seed, options)
    rec = record_from_deal(deal, **tags)
    return deal, rec, rec.to_text()


def line_no(text: str, pattern: str) -> int:
    """1-based number of the first line matching ``pattern`` (a regex, from the line start)."""
    for i, line in enumerate(text.splitlines(), 1):
        if re.match(pattern, line):
            return i
    raise AssertionError(f"no line matches {pattern!r}")


def trick_line(text: str, k: int) -> int:
    return line_no(text, rf"Trick\s+{k}:")


def replace_in_line(text: str, no: int, old: str, new: str) -> str:
    lines = text.splitlines()
    assert re.search(old, lines[no - 1]), (old, lines[no - 1])
    lines[no - 1] = re.sub(old, new, lines[no - 1], count=1)
    return "\n".join(lines) + "\n"


def refused(text: str) -> str:
    with pytest.raises(RecordError) as e:
        replay(parse_record(text))
    return str(e.value)


def tokens_of_line(line: str) -> list[str]:
    """The move tokens of a body line: no label, no comment, no parenthesised shown cards."""
    body = line.split(";", 1)[0].split(":", 1)[1]
    return re.sub(r"\([^)]*\)", " ", body).split()


@st.composite
def option_settings(draw):
    """Random option values from ``OPTIONS``: a listed choice or an integer in range, or unset."""
    values = {}
    for opt in CLS.OPTIONS:
        kind = draw(st.sampled_from(["unset", "choice", "int"] if opt.int_range else ["unset", "choice"]))
        if kind == "choice":
            values[opt.key] = draw(st.sampled_from(opt.choices))
        elif kind == "int":
            values[opt.key] = str(draw(st.integers(*opt.int_range)))
    if (values.get("declarations_after_discard") == "false"
            and values.get("declaration_timing") == "before_own_first_card"):
        del values["declaration_timing"]  # the engine refuses this combination (OptionError)
    return values


# ----- round trips -------------------------------------------------------------------------
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=option_settings(), seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 2),
       stop=st.one_of(st.none(), st.integers(0, 90)),
       event=st.text(st.characters(blacklist_categories=("Cs",)), max_size=12).filter(
           lambda s: s.splitlines() in ([], [s])))
def test_round_trip_random_deals(options, seed, dealer, stop, event):
    deal = random_deal(seed, options, dealer, stop)
    rec = record_from_deal(deal, Event=event)
    text, js = rec.to_text(), rec.to_json()
    assert parse_record(text) == rec
    assert parse_record(js) == rec
    json.loads(js)  # valid JSON for any program

    again = replay(rec)
    assert again.history == deal.history
    assert again.is_over == deal.is_over
    if deal.is_over:
        assert rec.result == ClaimedResult(deal.result().scores, deal.result().card_points)
        assert again.result().scores == deal.result().scores
        assert again.result().card_points == deal.result().card_points
    else:
        assert rec.result is None

    if ACKNOWLEDGE_REVOKE in deal.history:
        return  # the play went back: test_an_acknowledged_revoke_is_written_and_read_back
    # One trick per line, leader first, each card after the label of the seat that played it.
    lines = [ln for ln in text.splitlines() if re.match(r"Trick\s+\d+:", ln)]
    started = len(deal.tricks) + (1 if deal.trick else 0)
    assert len(lines) == started
    for k, ln in enumerate(lines):
        if k == len(deal.tricks) and deal.phase == "show":
            continue  # cards being chosen for a declaration are written bare until it completes
        cards = (deal.tricks[k][1] if k < len(deal.tricks) else tuple(deal.trick))
        leader = deal.tricks[k][0] if k < len(deal.tricks) else deal.leader
        played, seat = [], None
        for tok in tokens_of_line(ln):
            if re.fullmatch(r"S\d", tok):
                seat = int(tok[1])
            elif not tok[0].islower():  # a card (action names are lower case)
                played.append((seat, parse_card(tok)))
        assert played == [((leader + i) % 3, c) for i, c in enumerate(cards)]


def test_an_acknowledged_revoke_is_written_and_read_back():
    """revoke_handling=penalty_1M_forfeit_with_correction_window: the line where a seat owns up
    ends with ``acknowledge_revoke`` and says where the play goes back to; the next line is
    that trick again, from the revoke on. Both forms read back to the same deal."""
    options = {"revoke_handling": "penalty_1M_forfeit_with_correction_window"}
    found = 0
    for seed in range(40):
        deal = random_deal(seed, options, seed % 3, None)
        if ACKNOWLEDGE_REVOKE not in deal.history:
            continue
        found += 1
        rec = record_from_deal(deal)
        text = rec.to_text()
        assert parse_record(text) == rec == parse_record(rec.to_json())
        assert replay(rec).result().scores == deal.result().scores
        lines = [ln for ln in text.splitlines() if re.match(r"Trick\s+\d+:", ln)]
        owning = [k for k, ln in enumerate(lines) if "acknowledge_revoke" in ln]
        assert len(owning) == deal.history.count(ACKNOWLEDGE_REVOKE)
        for k in owning:
            ln = lines[k]
            assert tokens_of_line(ln)[-1] == "acknowledge_revoke"
            back = int(re.search(r"goes back to just before it, in trick (\d+)", ln).group(1))
            assert k + 1 < len(lines) and lines[k + 1].startswith(f"Trick {back:>2}:")
        # after the last one, one line per trick to the end
        last = owning[-1]
        numbers = [int(re.match(r"Trick\s+(\d+):", ln).group(1)) for ln in lines[last + 1:]]
        assert numbers == list(range(numbers[0], len(deal.tricks) + 1))
    assert found >= 10


def test_a_line_ends_at_an_acknowledged_revoke():
    """Cards after ``acknowledge_revoke`` on its line would sit under the wrong trick number (the
    play went back): joining the next line to it is refused, naming the line and the trick."""
    options = {"revoke_handling": "penalty_1M_forfeit_with_correction_window"}
    deal = next(d for seed in range(40) if ACKNOWLEDGE_REVOKE in (d := random_deal(seed, options, seed % 3, None)).history)
    lines = record_from_deal(deal).to_text().splitlines()
    k = next(i for i, ln in enumerate(lines) if "acknowledge_revoke" in ln)
    back = re.match(r"Trick\s+(\d+):", lines[k + 1]).group(1)
    joined = lines[k].split(";")[0] + " " + lines[k + 1].split(":", 1)[1].split(";")[0]
    bad = "\n".join(lines[:k] + [joined] + lines[k + 2:]) + "\n"
    msg = refused(bad)
    assert msg.startswith(f"line {k + 1}: ") and "follows acknowledge_revoke on the same line" in msg
    assert msg.endswith(f"the next line is trick {back} again")


def test_both_forms_save_and_load(tmp_path):
    deal, rec, text = finished_text(11, {"deal_packet": 3}, Event='a "quoted"; {odd} event')
    save_record(rec, tmp_path / "game.json")
    save_record(rec, tmp_path / "game.txt")
    assert json.loads((tmp_path / "game.json").read_text())["format"] == "tarot-record"
    assert (tmp_path / "game.txt").read_text().startswith("[Event ")
    assert load_record(tmp_path / "game.json") == rec == load_record(tmp_path / "game.txt")


def test_the_writer_puts_the_leading_tags_in_their_order():
    """records.md: Event, Site, Date and Round first, in that order, whatever order they were
    given in; the other informative tags after Dealer, as given."""
    deal, rec, text = finished_text(11, None, Round="3", Annotator="me", Date="1637.01.01", Site="Paris",
                                    Event="E", Players="A, B, C")
    names = [line[1:].split(" ", 1)[0] for line in text.splitlines() if line.startswith("[")]
    assert names == ["Event", "Site", "Date", "Round", "Variant", "Dealer", "Annotator", "Players",
                     "Deck", "Result", "CardPoints"]
    assert parse_record(text) == rec


def test_json_accepts_ids_as_well_as_tokens():
    deal, rec, _ = finished_text(12)
    obj = json.loads(rec.to_json())
    obj["deck"] = list(deal.deck)
    obj["actions"] = list(deal.history)
    assert parse_record(json.dumps(obj)) == rec


def test_unfinished_deal_round_trips_and_claims_nothing():
    deal = random_deal(5, stop=30)
    rec = record_from_deal(deal)
    assert rec.result is None and '[Result' not in rec.to_text()
    assert replay(parse_record(rec.to_text())).history == deal.history[:30]


def test_record_options_are_canonical():
    rec = Record(VARIANT, {"deal_packet": 3, "cut_card_tarot_payment": "OFF", "fool_exchange": "none"})
    assert rec.options == {"deal_packet": "3", "cut_card_tarot_payment": "off"}


def test_every_action_name_is_in_the_token_table():
    doc = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    table = doc.split("## Tokens", 1)[1].split("## The JSON form", 1)[0]
    names = set(re.findall(r"`([a-z_0-9]+)`", table))
    names |= {f"{stem}_{n}" for stem, lo, hi in re.findall(r"`([a-z_]+)_(\d)` \.\. `\1_(\d)`", table)
              for n in range(int(lo), int(hi) + 1)}
    assert set(tarot.ACTION_IDS) <= names, set(tarot.ACTION_IDS) - names


def test_default_valued_option_is_not_kept():
    _, rec, text = finished_text(3)
    text = text.replace('[Dealer "0"]', '[Option "deal_packet=5"]\n[Dealer "0"]')
    assert parse_record(text).options == {}


# ----- sample files ------------------------------------------------------------------------
# docs/rules §0.5: with the excused Fool kept by its owner the three counts total 74; with the
# exchange for an empty card (fool_exchange=give_empty_card) they total 73. Both samples excuse it.
@pytest.mark.parametrize("name, total", [("marolles-seed1.txt", 74), ("marolles-options-seed6.json", 73)])
def test_sample_records_replay(name, total):
    rec = load_record(DATA / name)
    deal = replay(rec)  # also checks the claimed scores and card points
    assert deal.is_over and rec.result is not None
    assert "fool_excused" in deal.result().info
    assert sum(deal.result().scores) == 0
    assert sum(deal.result().card_points) == total


def test_sample_with_options_shows_chosen_cards():
    rec = load_record(DATA / "marolles-options-seed6.json")
    assert rec.options["declaration_timing"] == "before_own_first_card"
    text = rec.to_text()
    first = text.splitlines()[trick_line(text, 1) - 1]
    # Declarations at one's first card are written inside the first trick's line.
    assert "triomphes_10 (" in first and first.index("S1") < first.index("triomphes_10")
    assert parse_record(text) == rec


def test_hand_written_record():
    """Checked by hand against docs/rules §1.3-1.7 (see the comments in the file)."""
    rec = load_record(DATA / "hand-written.txt")
    assert rec.deck == tuple(cards_of(PACK_66))
    assert rec.result is None and rec.tags == {"Event": "Hand-written example"}
    deal = replay(rec)
    assert not deal.is_over and len(deal.tricks) == 3
    assert [w for _, _, w in deal.tricks] == [1, 0, 1]
    # cut KD (S0 +1 each); S1 10 triomphes, Brizigole I-IV (+1 each), qui n'a le sien (S0 pays 1);
    # imperials: S2 Cups, S0 Batons and Coins; S1 keeps KS; S0 plays la Belle.
    assert deal.ledger.totals() == [3, 2, -5]
    assert parse_record(rec.to_text()) == rec


# ----- refused records: text ---------------------------------------------------------------
def _follow_case():
    """A finished deal and a trick where the second player followed a suit card he could have
    avoided only by revoking: (deal, rec, text, trick index, seat, card he played, other card)."""
    for seed in range(100):
        deal, rec, text = finished_text(seed)
        for k, (leader, cards, _) in enumerate(deal.tricks):
            lead = cards[0]
            if lead == 0 or suit_of(lead) == TRUMP_SUIT or suit_of(cards[1]) != suit_of(lead):
                continue
            seat = (leader + 1) % 3
            later = [c for j, (ld, cs, _) in enumerate(deal.tricks) if j > k
                     for i, c in enumerate(cs) if (ld + i) % 3 == seat]
            other = [c for c in later if c and suit_of(c) not in (TRUMP_SUIT, suit_of(lead))]
            if other:
                return deal, rec, text, k, seat, cards[1], other[0]
    raise AssertionError("no such trick in 100 deals")


def test_revoke_in_a_trick_line_names_line_trick_seat_and_rule():
    deal, rec, text, k, seat, card, other = _follow_case()
    no = trick_line(text, k + 1)
    tok, new = tarot.format_card(card), tarot.format_card(other)
    bad = replace_in_line(text, no, rf"S{seat} {tok}\b", f"S{seat} {new}")
    suit = ITALIAN.suit_names_en[suit_of(deal.tricks[k][1][0])]
    assert refused(bad) == f"line {no}: trick {k + 1}, seat {seat} plays {new}: you must follow {suit}"


def test_card_not_held():
    deal, rec, text = finished_text(2)
    leader, cards, _ = deal.tricks[4]
    seat = (leader + 1) % 3
    stranger = next(c for c in cards_of(PACK_66) if c not in cards and c not in
                    [c2 for ld, cs, _ in deal.tricks[4:] for i, c2 in enumerate(cs) if (ld + i) % 3 == seat])
    no = trick_line(text, 5)
    bad = replace_in_line(text, no, rf"S{seat} {tarot.format_card(cards[1])}\b",
                          f"S{seat} {tarot.format_card(stranger)}")
    assert refused(bad) == (f"line {no}: trick 5, seat {seat} plays {tarot.format_card(stranger)}: "
                            f"seat {seat} does not hold {card_phrase(stranger)}")


def test_seat_label_must_be_the_seat_to_play():
    deal, rec, text = finished_text(4)
    leader, cards, _ = deal.tricks[2]
    second = (leader + 1) % 3
    wrong = (leader + 2) % 3
    no = trick_line(text, 3)
    tok = tarot.format_card(cards[1])
    bad = replace_in_line(text, no, rf"S{second} {tok}\b", f"S{wrong} {tok}")
    assert refused(bad) == (f"line {no}: trick 3: the line gives {tok} to S{wrong}, "
                            f"but it is seat {second}'s turn")


def test_trick_number_must_be_the_next_trick():
    _, _, text = finished_text(4)
    no = trick_line(text, 5)
    bad = replace_in_line(text, no, r"Trick\s+5:", "Trick 6:")
    assert refused(bad).startswith(f"line {no}: ") and "the next trick is trick 5" in refused(bad)


def test_two_tricks_on_one_line_are_refused():
    _, _, text = finished_text(4)
    lines = text.splitlines()
    no = trick_line(text, 5)
    joined = lines[no - 1].split(";")[0] + " " + lines[no].split(":", 1)[1]
    bad = "\n".join(lines[:no - 1] + [joined] + lines[no + 1:])
    assert "one trick per line" in refused(bad) and refused(bad).startswith(f"line {no}: ")


def test_unknown_token():
    _, _, text = finished_text(4)
    no = trick_line(text, 2)
    bad = replace_in_line(text, no, r"(S\d) \S+", r"\1 ZZ")
    assert refused(bad).startswith(f"line {no}: 'ZZ' is neither a card")


def test_deck_with_a_card_twice_or_missing_or_foreign():
    _, _, text = finished_text(4)
    no = line_no(text, r"\[Deck ")
    deck_line = text.splitlines()[no - 1]
    first, second = deck_line.split('"')[1].split()[:2]
    twice = replace_in_line(text, no, rf'"{first} {second} ', f'"{first} {first} ')
    assert refused(twice) == f"line {no}: bad deck: the deck holds a card twice: {first}"
    short = replace_in_line(text, no, rf'"{first} ', '"')
    assert refused(short) == f"line {no}: bad deck: the deck lacks {first}"
    foreign = replace_in_line(text, no, rf'"{first} ', '"10C ')  # not in the 66-card pack (§1.1)
    assert refused(foreign).startswith(f"line {no}: bad deck: the deck holds cards outside")


def test_swapped_deck_cards_are_caught_at_the_first_move_they_change():
    """Swap eldest hand's discard with a dealer's card: eldest no longer holds what he discards."""
    deal, rec, text = finished_text(8)
    eldest = (deal.dealer + 1) % 3
    discard = deal.history[0]
    dealt = tarot.new_deal(VARIANT, deck=deal.deck, dealer=deal.dealer).view(deal.dealer).hand
    dealer_card = next(c for c in cards_of(dealt) if c != deal.deck[-1])  # not the cut card
    deck = list(deal.deck)
    i, j = deck.index(discard), deck.index(dealer_card)
    deck[i], deck[j] = deck[j], deck[i]
    no = line_no(text, r"\[Deck ")
    lines = text.splitlines()
    lines[no - 1] = f'[Deck "{tarot.format_cards(deck)}"]'
    bad = "\n".join(lines)
    first_move = line_no(bad, r"Discard:")
    tok = tarot.format_card(discard)
    assert refused(bad) == (f"line {first_move}: seat {eldest} discards {tok}: "
                            f"seat {eldest} does not hold {card_phrase(discard)}")
    tampered = Record(rec.variant, rec.options, rec.dealer, tuple(deck), rec.actions, rec.tags, rec.result)
    expected = rf"^actions\[0\]: seat {eldest} discards {tok}: seat {eldest} does not hold"
    with pytest.raises(RecordError, match=expected):
        replay(tampered)


def test_wrong_result_or_card_points():
    deal, rec, text = finished_text(9)
    s = deal.result().scores
    wrong = (s[0] + 1, s[1] - 1, s[2])
    bad = re.sub(r'\[Result "[^"]*"\]', f'[Result "{" ".join(f"{v:+d}" for v in wrong)}"]', text)
    assert refused(bad) == (f"the record claims scores {' '.join(f'{v:+d}' for v in wrong)}, "
                            f"but the replay gives {' '.join(f'{v:+d}' for v in s)}")
    cp = deal.result().card_points
    bad = re.sub(r'\[CardPoints "[^"]*"\]', f'[CardPoints "{cp[0] + 1} {cp[1]} {cp[2]}"]', text)
    assert refused(bad) == (f"the record claims card points {cp[0] + 1} {cp[1]} {cp[2]}, "
                            f"but the replay gives {cp[0]} {cp[1]} {cp[2]}")


def test_a_wrong_claim_is_written_as_claimed_and_refused_on_replay():
    deal, rec, _ = finished_text(9)
    s = deal.result().scores
    wrong = Record(rec.variant, rec.options, rec.dealer, rec.deck, rec.actions, rec.tags,
                   ClaimedResult((s[1], s[0], s[2]) if s[0] != s[1] else (s[0] + 1, s[1] - 1, s[2])))
    for text in (wrong.to_text(), wrong.to_json()):
        assert parse_record(text) == wrong
        with pytest.raises(RecordError, match="^the record claims scores"):
            replay(parse_record(text))


def test_result_claimed_for_an_unfinished_deal():
    _, _, text = finished_text(9)
    no = trick_line(text, 20)
    bad = "\n".join(text.splitlines()[:no - 1])
    assert "the deal is not over" in refused(bad)


def test_moves_after_the_end():
    deal, _, text = finished_text(9)
    after = len(text.splitlines()) + 1
    assert refused(text + "Trick 21: S0 KS\n").startswith(f"line {after}: the deal is already over")


def test_bad_tags():
    _, _, text = finished_text(10)
    vno = line_no(text, r"\[Variant ")
    bad = text.replace('"marolles-1637"', '"marolles-1638"')
    assert refused(bad).startswith(f"line {vno}: unknown variant 'marolles-1638'")
    bad = text.replace('[Dealer "0"]', '[Option "deal_packet=4"]\n[Dealer "0"]')
    assert refused(bad).startswith(f"line {vno + 1}: option 'deal_packet' of marolles-1637 does not take '4'")
    bad = text.replace('[Dealer "0"]', '[Option "no_such_rule=1"]\n[Dealer "0"]')
    assert refused(bad).startswith(f"line {vno + 1}: unknown option 'no_such_rule'")
    bad = text.replace('[Dealer "0"]', '[Option "declarations_after_discard=false"]\n'
                       '[Option "declaration_timing=before_own_first_card"]\n[Dealer "0"]')
    assert refused(bad).startswith(f"line {vno + 2}: declarations_after_discard=false needs")
    assert refused(text.replace('[Dealer "0"]\n', "")) == "the record has no Dealer tag"
    assert "dealer must be a seat 0..2" in refused(text.replace('[Dealer "0"]', '[Dealer "3"]'))
    assert refused(text.replace('[Dealer "0"]', '[dealer "0"]')).endswith("is written 'Dealer'")
    assert refused(text + '[Event "late"]\n').endswith("a tag after the moves; tags come first")
    assert "[Name \"value\"]" in refused(text.replace('[Dealer "0"]', "[Dealer 0]"))


def test_comments_and_seatless_tokens():
    _, rec, text = finished_text(10)
    no = trick_line(text, 1)
    commented = replace_in_line(text, no, r"(S\d)", r"{ the lead } \1")
    assert parse_record(commented) == rec
    assert refused(text.replace("; Hands", "{ Hands")).endswith("is never closed")
    seatless = replace_in_line(text, no, r"S\d ", "")
    assert "has no seat: write S<n> before it" in refused(seatless)


def test_shown_cards_must_match_the_declaration():
    for seed in range(200):
        deal, rec, text = finished_text(seed)
        if deal.shown:
            break
    seat, action, shown = deal.shown[0]
    name = deal.action_token(action)
    no = line_no(text, rf"Declare: S{seat} .*{name}")
    cards = tarot.format_cards(shown)
    bad = replace_in_line(text, no, re.escape(f"{name} ({cards})"), f"{name} ({cards.split()[0]})")
    msg = refused(bad)
    assert msg.startswith(f"line {no}: ") and name in msg
    # the shown cards are a set: a card given twice is a malformed claim, refused by name (it
    # was read as if given once)
    first = cards.split()[0]
    bad = replace_in_line(text, no, re.escape(f"{name} ({cards})"), f"{name} ({cards} {first})")
    assert refused(bad) == f"line {no}: ({cards} {first}) lists {first} twice"


# ----- refused records: JSON ---------------------------------------------------------------
def test_json_errors_name_the_action():
    deal, rec, _ = finished_text(13)
    obj = json.loads(rec.to_json())
    # The last card of the deal replaced by the first card of trick 1: nobody holds it any more.
    k = len(deal.history) - 1
    leader, cards, _ = deal.tricks[-1]
    seat, again = (leader + 2) % 3, deal.tricks[0][1][0]
    tampered = dict(obj, actions=obj["actions"][:k] + [tarot.format_card(again)])
    msg = str(pytest.raises(RecordError, parse_record, json.dumps(tampered)).value)
    assert msg == (f"actions[{k}]: trick 20, seat {seat} plays {tarot.format_card(again)}: "
                   f"seat {seat} does not hold {card_phrase(again)}")

    truncated = rec.to_json()[:-20]
    assert str(pytest.raises(RecordError, parse_record, truncated).value).startswith("malformed JSON")
    for key, value, expected in [
        ("format", "pgn", "'format' is 'pgn'"), ("version", 2, "'version' is 2"),
        ("variant", "nope", "unknown variant 'nope'"),
        ("options", {"deal_packet": 4}, "options: option 'deal_packet'"),
        ("colour", 1, "unknown key 'colour'"), ("deck", obj["deck"][:-1], "bad deck: the deck lacks"),
        ("dealer", "0", "the dealer must be a seat"),
        ("result", {"scores": [1, 2]}, "'result.scores' must be"),
    ]:
        bad = dict(obj, **{key: value})
        with pytest.raises(RecordError) as e:
            parse_record(json.dumps(bad))
        assert expected in str(e.value), (key, str(e.value))
    bad = dict(obj, actions=obj["actions"] + ["ZZ"])
    with pytest.raises(RecordError, match=rf"^actions\[{len(obj['actions'])}\]: 'ZZ' is neither a card"):
        parse_record(json.dumps(bad))
    wrong = dict(obj, result={"scores": [0, 0, 0]})
    if list(deal.result().scores) != [0, 0, 0]:
        with pytest.raises(RecordError, match="claims scores"):
            replay(parse_record(json.dumps(wrong)))


def test_json_fields_of_the_wrong_type_are_refused():
    """A JSON null is not the option value "none", an empty list is not "no options", and the
    version is the integer 1 (not true, not 1.0)."""
    _, rec, _ = finished_text(13)
    obj = json.loads(rec.to_json())
    for key, value, expected in [
        ("options", {"dm_tie_split": None}, "takes a word or a number, not None"),
        ("options", [], "'options' must be an object"), ("options", "", "'options' must be an object"),
        ("options", None, "'options' must be an object"), ("tags", [], "'tags' must be an object"),
        ("tags", 0, "'tags' must be an object"), ("version", True, "'version' is True"),
        ("version", 1.0, "'version' is 1.0"),
    ]:
        with pytest.raises(RecordError) as e:
            parse_record(json.dumps(dict(obj, **{key: value})))
        assert expected in str(e.value), (key, value, str(e.value))


@pytest.mark.parametrize("text, expected", [
    ('{"format": ' + "[" * 100_000 + "]" * 100_000 + "}", "malformed JSON: nested too deeply"),
    ('{"format": "tarot-record", "dealer": ' + "9" * 5000 + "}", "malformed JSON: Exceeds the limit"),
])
def test_json_too_deep_or_with_a_number_too_long_is_refused(text, expected):
    with pytest.raises(RecordError, match=re.escape(expected)):
        parse_record(text)


def test_tokens_and_numbers_no_one_writes_are_refused_in_a_few_words():
    """Digits of other kinds (superscripts, other scripts) are not card numbers, and numbers of
    thousands of digits are refused by name, in a message of reasonable length."""
    deal, rec, text = finished_text(13)
    for tok in ("T²", "T٣", "T01"):
        with pytest.raises(tarot.core.cards.CardParseError, match="is not a card"):
            parse_card(tok)
    no = trick_line(text, 1)
    first = tokens_of_line(text.splitlines()[no - 1])[1]
    assert "neither a card" in refused(replace_in_line(text, no, re.escape(first), "T²"))
    huge = "9" * 5000
    cases = [
        (re.sub(r'\[Dealer "0"\]', f'[Dealer "{huge}"]', text), "the dealer is a seat number"),
        (re.sub(r"Trick\s+1:", f"Trick {huge}:", text), "but the next trick is trick 1"),
        (replace_in_line(text, no, r"S\d+", "S" + huge), "neither a card"),
        (re.sub(r'\[Result "[^"]*"\]', f'[Result "{huge} 0 0"]', text), "the Result tag holds 3 integers"),
    ]
    for bad, expected in cases:
        msg = refused(bad)
        assert expected in msg and len(msg) < 300, msg[:400]


def test_a_trick_line_starts_once_the_play_has_begun():
    """docs/records.md: a line's label names the phase in which it starts; a Trick line holding
    the discards and the declarations too is refused."""
    deal, rec, text = finished_text(13)
    lines = text.splitlines()
    first = line_no(text, r"Discard:")
    play = trick_line(text, 1)
    moves = " ".join(line.split(";")[0].split(":", 1)[1] for line in lines[first - 1:play])
    merged = lines[:first - 1] + [f"Trick 1: {moves}"] + lines[play:]
    msg = refused("\n".join(merged) + "\n")
    assert f"line {first}: a Trick line starts once the play has begun" in msg
    assert "discard phase" in msg


def test_a_record_with_an_illegal_action_is_not_written_in_either_form(tmp_path):
    deal, rec, _ = finished_text(13)
    bad = Record(rec.variant, rec.options, rec.dealer, rec.deck, rec.actions[:-1] + (rec.actions[0],))
    for name in ("bad.txt", "bad.json"):
        with pytest.raises(RecordError, match="does not hold"):
            save_record(bad, tmp_path / name)
        assert not (tmp_path / name).exists()
    for action in (True, "KS"):
        with pytest.raises(RecordError, match="is not an action id"):
            Record(rec.variant, rec.options, rec.dealer, rec.deck, (action,)).to_json()


def test_a_record_that_cannot_be_written_whole_leaves_the_old_file(tmp_path):
    """From an input audit: a write refused halfway (here a file-size limit of 1 KiB) left the
    target cut mid-line and the record it held lost. The record is written beside the target and
    renamed over it, so the target keeps the old record, and no temporary file is left."""
    _, old, _ = finished_text(13)
    _, new, _ = finished_text(14)
    target = tmp_path / "keep.txt"
    save_record(old, target)
    before = target.read_bytes()
    assert len(new.to_text().encode()) > 1024
    script = ("import resource, sys\n"
              "from tarot.records import load_record, save_record\n"
              "new = load_record(sys.argv[1])\n"
              "resource.setrlimit(resource.RLIMIT_FSIZE, (1024, resource.RLIM_INFINITY))\n"
              "save_record(new, sys.argv[2])\n")
    src = tmp_path / "new.txt"
    save_record(new, src)
    done = subprocess.run([sys.executable, "-c", script, str(src), str(target)], capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 1 and "RecordError: cannot write" in done.stderr
    assert "File too large" in done.stderr
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.txt", "new.txt"]
    save_record(new, target)  # without the limit it is replaced, with the old file's mode
    assert load_record(target).actions == new.actions


def test_the_record_functions_refuse_what_is_no_record_or_path(tmp_path):
    """From an input audit: replay(None), load_record(None), a NUL in a file name and
    save_record(None, ...) were AttributeError, TypeError or ValueError, not RecordError."""
    _, rec, _ = finished_text(4)
    for call, words in ((lambda: replay(None), "replay takes a Record"),
                        (lambda: replay(rec.to_text()), "replay takes a Record"),
                        (lambda: load_record(None), "a record file is named by a path"),
                        (lambda: load_record("a\x00b"), r"cannot read 'a\\x00b': embedded null byte"),
                        (lambda: save_record(None, tmp_path / "x.txt"), "save_record takes a Record"),
                        (lambda: save_record(rec, str(tmp_path / "a\x00b")), "holds no NUL character")):
        with pytest.raises(RecordError, match=words):
            call()
    assert list(tmp_path.iterdir()) == []


def test_load_record_names_the_file(tmp_path):
    p = tmp_path / "broken.txt"
    p.write_text('[Variant "marolles-1637"]\n', encoding="utf-8")
    with pytest.raises(RecordError, match=r"broken\.txt: the record has no Dealer tag"):
        load_record(p)
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.txt")


def test_load_record_refuses_what_cannot_be_a_record_and_reads_crlf_files(tmp_path):
    """From a records audit: /dev/zero was read until memory ran out (a MemoryError traceback);
    an empty path named '.'; CR LF line ends read as LF."""
    from tarot.records import MAX_RECORD_BYTES

    _, rec, text = finished_text(4)
    big = tmp_path / "big.txt"
    big.write_text(text + " " * MAX_RECORD_BYTES, encoding="utf-8")
    with pytest.raises(RecordError, match=r"big\.txt: more than 1 MiB, too large to be a record"):
        load_record(big)
    with pytest.raises(RecordError, match="no record file named"):
        load_record("")
    crlf = tmp_path / "crlf.txt"
    crlf.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    assert load_record(crlf) == rec


def test_json_that_is_no_record_and_a_json_option_conflict_are_named():
    """From an input audit: `null` or `"x"` was told 'the record has no Variant tag'; a JSON
    record's options that the variant refuses together had no location (the text form names
    its line); a 5000-digit number gave advice meant for programmers."""
    for text, shown in (("null", "null"), ('"x"', '"x"'), (" 5\n", "5"), ("true", "true")):
        with pytest.raises(RecordError, match=re.escape(f"a JSON record is an object ({{...}}), not {shown}")):
            parse_record(text)
    _, rec, _ = finished_text(4)
    obj = json.loads(rec.to_json())
    obj["options"] = {"declarations_after_discard": "false", "declaration_timing": "before_own_first_card"}
    with pytest.raises(RecordError, match="^'options': declarations_after_discard=false needs"):
        parse_record(json.dumps(obj))
    with pytest.raises(RecordError, match=r"malformed JSON: .*5000 digits$"):
        parse_record('{"format": ' + "1" * 5000 + "}")


def test_tokens_and_option_values_are_ascii():
    """Case folding came before the ASCII check: 'kſ' (long s) read as KS, 'Kings_3' (Kelvin
    sign) as kings_3, and option integers took '1_0' and Arabic-Indic or full-width digits."""
    from tarot.core.actions import parse_action
    from tarot.core.errors import OptionError

    for token in ("kſ", "5ſ", "\u212aings_3", "T\u0662\u0661", "ＫS"):
        with pytest.raises(tarot.IllegalActionError, match="is neither a card"):
            parse_action(token)
    assert parse_action(" ks ") == parse_card("KS") and parse_action("KINGS_3") == parse_action("kings_3")
    for value in ("1_0", "\u0665\u0660", "１０", "4 0", "+-5"):
        with pytest.raises(OptionError, match="does not take"):
            tarot.new_deal("early-french", {"target": value})
    assert tarot.new_deal("early-french", {"target": "+40"}, seed=1).options["target"] == "40"


# ----- the documentation -------------------------------------------------------------------
def _doc_blocks(fence: str) -> list[str]:
    doc = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    return re.findall(rf"```{fence}\n(.*?)```", doc, flags=re.S)


def test_docs_examples_are_the_code_output():
    """docs/records.md shows seed 1 played by random bots; it must be what the code writes now."""
    from tarot.bots import make_bot, play_out

    deal = tarot.new_deal(VARIANT, seed=1)
    play_out(deal, [make_bot("random", seed=s) for s in range(3)])
    rec = record_from_deal(deal, Event="Random bots, seed 1")
    text, js = _doc_blocks("text"), _doc_blocks("json")
    assert rec.to_text() in text, "docs/records.md text example is stale"
    assert rec.to_json() in js, "docs/records.md JSON example is stale"
    assert (DATA / "marolles-seed1.txt").exists()


def test_docs_doctests_run():
    import doctest

    failures, tried = doctest.testfile(str(ROOT / "docs" / "records.md"), module_relative=False)
    assert tried >= 3 and failures == 0


def test_two_player_record_shows_the_table_piles_as_dealt():
    # French Tarot for two: the comments name the six piles of each seat, bottom card first;
    # with the two hands they hold the whole pack, and each pile's top card is face up
    deal = tarot.new_deal("french-2p", seed=3)
    text = record_from_deal(deal).to_text()
    lines = [ln for ln in text.splitlines() if "piles, bottom card first" in ln]
    assert [ln.split()[1] for ln in lines] == ["S0", "S1"]
    seen = 0
    for seat, line in enumerate(lines):
        piles = re.findall(r"\[([^\]]+)\]", line)
        assert len(piles) == 6 and all(len(p.split()) == 3 for p in piles)
        tops = {deal.parse_action(p.split()[-1]) for p in piles}
        assert tops == set(cards_of(deal.view(seat).table[seat]))
        for p in piles:
            for tok in p.split():
                seen |= 1 << deal.parse_action(tok)
    for seat in range(2):
        seen |= deal.view(seat).hand
    assert seen == (1 << 78) - 1


def test_a_record_built_in_python_with_wrong_types_is_refused_naming_the_field():
    """From a records audit: scores as strings raised ValueError in replay, float scores were
    accepted by replay and then crashed to_text(), None for actions or options a TypeError."""
    good = finished_text(3)[1]
    bad = [
        (dict(result=ClaimedResult(("10", "-4", "-6"))), "'result scores' must be a list of integers"),
        (dict(result=ClaimedResult((10.0, -4.0, -6.0))), "'result scores' must be a list of integers"),
        (dict(result=ClaimedResult((1, 0, -1), (True, 0, 0))), "'result card points' must be"),
        (dict(result=True), "the result must be"),
        (dict(actions=None), "actions must be a sequence of ids"),
        (dict(deck="KS QS"), "deck must be a sequence of ids"),
        (dict(options=None), "options must be a mapping"),
        (dict(tags=["Event"]), "tags must be a mapping"),
        (dict(variant=["x"]), "the variant must be a name"),
    ]
    for change, message in bad:
        fields = {"variant": good.variant, "options": good.options, "dealer": good.dealer,
                  "deck": good.deck, "actions": good.actions, "result": good.result, **change}
        with pytest.raises(RecordError, match=re.escape(message)):
            Record(**fields)
    assert Record(good.variant, good.options, good.dealer, list(good.deck), list(good.actions),
                  result=(list(good.result.scores), None)).result == ClaimedResult(good.result.scores)


def test_api_helpers_refuse_wrong_types_with_the_projects_errors():
    from tarot.core.errors import OptionError, UnknownVariantError

    deal = tarot.new_deal(VARIANT, seed=1)
    for token in (None, 5, b"KS"):
        with pytest.raises(tarot.IllegalActionError, match="is not a token"):
            deal.push_token(token)
    for action in ("x", True, 1.0):
        with pytest.raises(tarot.IllegalActionError, match="is not an action id"):
            deal.action_token(action)
    for options in ([("deal_packet", 3)], "deal_packet=3"):
        with pytest.raises(OptionError, match="a mapping of names to values"):
            tarot.new_deal(VARIANT, options)
    with pytest.raises(UnknownVariantError, match=r"unknown variant \['x'\]"):
        tarot.variant_class(["x"])
    assert deal.history == [] and deal.phase in ("discard", "redeal")


def test_json_keys_once_and_a_text_record_may_open_with_a_quoted_comment():
    """From a records audit: a JSON key given twice was resolved silently (the last 'result'
    won), and a text record whose first line is a {"..."} comment was read as broken JSON."""
    _, rec, text = finished_text(6)
    js = rec.to_json()
    twice = js.replace('"dealer":', '"dealer": 2, "dealer":', 1)
    assert twice != js
    with pytest.raises(RecordError, match="the key 'dealer' appears twice in one JSON object"):
        parse_record(twice)
    for comment in ('{"From the club archive"}', "{}", "{ club archive }", '{"note": 1, "note": 2}'):
        assert parse_record(comment + "\n" + text) == rec   # even one that is JSON gone wrong
    with pytest.raises(RecordError, match="malformed JSON"):
        parse_record('{"variant": "marolles-1637",')   # no [Variant tag: JSON it is, and broken


def test_a_long_run_of_spaces_is_refused():
    """From a records audit: a moves line 'Trick' + N spaces + 'x', or '{"' + N newlines, took
    time in N squared to refuse. Records of that shape near the size limit (1 MiB) are refused with
    the project's error; that they are refused in linear time is measured, not asserted, by
    bench/records_linear.py (a quadratic parser would take about half an hour here)."""
    _, _, text = finished_text(6)
    head = text[:text.index("\n\n") + 2]        # the tags and the blank line
    n = 2**20 - len(head) - 8
    with pytest.raises(RecordError, match=r"line \d+: "):
        parse_record(head + "Trick" + " " * n + "x\n")
    with pytest.raises(RecordError, match="malformed JSON"):
        parse_record('{"' + "\n" * n)
