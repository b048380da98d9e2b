"""What a security review of the engine and the CLI found (issue 33), each with the test that
shows it fixed: escape sequences from a record, bad input quoted whole, integers too long to
write, a bot's seed that led back to the deal's, refusals that did not say what a phase
expects, record line numbers that were not an editor's."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import tarot
from tarot.cli import app
from tarot.core.actions import ACTION_IDS, DONE, GRANT, REDEAL
from tarot.core.errors import MAX_MESSAGE_CHARS, IllegalActionError, RecordError, excerpt, printable
from tarot.records import Record, parse_record, record_from_deal, replay
from tarot.runs.duplicate import Board
from tarot.runs.simulate import bot_seed, deal_seed

HUGE = 10 ** 5000
#: An OSC 52 clipboard write, a screen clear and a right-to-left override.
ESCAPES = "\x1b]52;c;aGVsbG8=\x07\x1b[2J\u202e"


def finished(variant: str = "marolles-1637", seed: int = 1) -> tarot.Deal:
    deal = tarot.new_deal(variant, seed=seed)
    while not deal.is_over:
        deal.push(deal.legal_actions()[0])
    return deal


def refused(text: str) -> str:
    with pytest.raises(RecordError) as e:
        replay(parse_record(text))
    return str(e.value)


# ----- terminal escapes and long input ---------------------------------------------------------
def test_printable_escapes_control_and_bidi_characters_only():
    assert printable(ESCAPES) == r"\x1b]52;c;aGVsbG8=\x07\x1b[2J\u202e"
    assert printable("Café à Paris, C:\\tarot\u00a0") == "Café à Paris, C:\\tarot\u00a0"
    for ch in "\n\r\t\x0c\x85\u2028\u2029\u200f\u2066\ud800\x7f\x9b":
        assert printable(f"a{ch}b") == f"a{repr(ch)[1:-1]}b" and printable(f"a{ch}b").isprintable()


def test_replay_prints_a_records_tags_with_their_escapes_escaped(tmp_path):
    """``tarot replay`` printed tag values raw: a record could write to the terminal."""
    path = tmp_path / "evil.txt"
    path.write_text(record_from_deal(finished(), Event=f"club {ESCAPES}evil").to_text(), encoding="utf-8")
    res = CliRunner().invoke(app, ["replay", str(path)])
    assert res.exit_code == 0, res.output
    assert "\x1b" not in res.output and "\u202e" not in res.output
    assert r"club \x1b]52;c;aGVsbG8=\x07\x1b[2J\u202eevil" in res.output


def test_a_bad_line_is_quoted_short_and_escaped(tmp_path):
    """A malformed tag line of 1 MiB was echoed whole, escapes and all."""
    good = record_from_deal(finished()).to_text()
    line = '[Bad' + ESCAPES.replace(";", ",") + "x" * 2**20
    message = refused(good.replace('[Dealer', line + '\n[Dealer', 1))
    assert message.startswith('line 2: a tag is written [Name "value"], not [Bad\\x1b]52,c,aGVsbG8=')
    assert message.endswith(f"… ({len(line)} characters)") and len(message) < 200
    assert message.isprintable()
    path = tmp_path / "bad.txt"
    path.write_text(good.replace("Trick  1:", "Trick  1: " + ESCAPES.replace(";", ",") + "S0"), encoding="utf-8")
    res = CliRunner().invoke(app, ["replay", str(path)])
    assert res.exit_code == 1 and "\x1b" not in res.output and r"\x1b]52" in res.output, res.output


def test_an_error_message_is_printable_and_bounded_whatever_it_quotes():
    message = str(RecordError(f"not {ESCAPES * 10**4}"))
    assert message.isprintable() and len(message) <= MAX_MESSAGE_CHARS + 40
    assert excerpt("k" * 10**6) == f"'{'k' * 40}'… (1000000 characters)"


# ----- integers too long to write --------------------------------------------------------------
@pytest.mark.parametrize("make", [
    lambda g: Record(g.variant, dealer=HUGE, deck=g.deck),
    lambda g: Record(g.variant, deck=g.deck, actions=(HUGE,)),
    lambda g: Record(g.variant, deck=(HUGE, *g.deck[1:])),
    lambda g: Record(g.variant, deck=g.deck, actions=g.actions, result=((HUGE, 0, 0),)),
    lambda g: Record(g.variant, deck=g.deck, actions=g.actions, result=(g.result.scores, (0, -HUGE, 0))),
    lambda g: Record(g.variant, deck=g.deck, tags={"Event": HUGE}),
    lambda g: Record(g.variant, deck=g.deck, tags={HUGE: "x"}),
    lambda g: record_from_deal(tarot.new_deal(g.variant, seed=1), Round=HUGE),
], ids=["dealer", "action", "deck", "scores", "points", "tag", "tag-name", "tag-from-deal"])
def test_an_integer_too_long_to_write_is_a_record_error(make):
    """Python writes at most 4,300 digits: repr() and str() raised ValueError, not the
    project's error."""
    good = record_from_deal(finished())
    with pytest.raises(RecordError) as e:
        replay(make(good))
    assert "5001 digits" in str(e.value) or "at most 15 digits" in str(e.value)


@pytest.mark.parametrize("form", ["text", "json"])
def test_a_record_with_a_number_too_long_is_refused_by_name(form):
    good = record_from_deal(finished())
    nines = "9" * 5000
    if form == "json":
        texts = [good.to_json().replace('"dealer": 0', f'"dealer": {nines}'),
                 good.to_json().replace('"actions": [', f'"actions": [{nines}, ')]
    else:
        texts = [good.to_text().replace('[Dealer "0"]', f'[Dealer "{nines}"]'),
                 good.to_text().replace('Trick  1:', f'Trick {nines}:'),
                 good.to_text().replace('Trick  1: S', f'Trick  1: S{nines}')]
    for text in texts:
        message = refused(text)
        assert len(message) < 200 and message.isprintable(), message


# ----- the bots' seeds -------------------------------------------------------------------------
def test_a_bots_seed_does_not_lead_back_to_the_deals_seed():
    """A bot's seed was ``deal_seed * 1_000_003 + seat`` (mod 2^63): a bot could divide it back
    to the deal's seed, shuffle the deck and know every hand. Now the seeds of the bots come
    from a keyed hash of (deal seed, seat): the old inverse, or any fixed step between seats or
    deals, finds nothing."""
    inverse = pow(1_000_003, -1, 2 ** 63)
    steps_between_seats, steps_between_deals = set(), set()
    for i in range(300):
        s = deal_seed(1, i)
        seeds = [bot_seed(s, seat) for seat in range(5)]
        assert len(set(seeds)) == 5 and s not in seeds
        for seat, b in enumerate(seeds):
            assert (b - seat) * inverse % 2 ** 63 != s
            assert 0 <= b < 2 ** 63
        steps_between_seats.add(seeds[1] - seeds[0])
        steps_between_deals.add(bot_seed(s + 1, 0) - seeds[0])
        deal = tarot.new_deal("fft-4p", seed=s)
        for b in seeds:   # no bot's seed shuffles the deal's deck
            assert tarot.new_deal("fft-4p", seed=b).deck != deal.deck
    assert len(steps_between_seats) == len(steps_between_deals) == 300


def test_duplicate_boards_seed_their_bots_the_same_way():
    board = Board(index=0, seed=12345, deck=tuple(tarot.new_deal("fft-4p", seed=12345).deck), dealer=0)
    assert [board.bot_seed(s) for s in range(4)] == [bot_seed(12345, s) for s in range(4)]


# ----- refusals that say what the phase expects ------------------------------------------------
def test_marolles_redeal_and_grant_phases_say_what_they_expect():
    deal = tarot.new_deal("marolles-1637", {"bad_hand_redeal": "2"}, seed=1)
    assert deal.phase == "redeal"
    p = deal.to_play
    for wrong in (GRANT, ACTION_IDS["refuse"], ACTION_IDS["tarots_4"], ACTION_IDS["pass"]):
        with pytest.raises(IllegalActionError, match=f"seat {p} must ask for a redeal or pass"):
            deal.push(wrong)
    deal.push(REDEAL)
    assert deal.phase == "grant"
    q = deal.to_play
    for wrong in (DONE, REDEAL, ACTION_IDS["kings_3"], ACTION_IDS["garde"]):
        with pytest.raises(IllegalActionError, match=f"seat {q} must grant or refuse the redeal"):
            deal.push(wrong)


def test_marolles_declare_phase_refuses_a_word_of_another_phase_as_such():
    """``pass`` or ``garde`` in the declare phase got "cannot declare redeal: the hand does not
    hold it"."""
    deal = tarot.new_deal("marolles-1637", seed=1)
    while deal.phase != "declare":
        deal.push(deal.legal_actions()[0])
    p = deal.to_play
    for word in ("pass", "garde", "redeal", "grant", "refuse", "chelem", "poignee_simple"):
        with pytest.raises(IllegalActionError) as e:
            deal.push(ACTION_IDS[word])
        assert str(e.value) == f"{word} is not legal now: seat {p} must declare or say done"
    held = [a for a in deal.legal_actions() if a != DONE]
    absent = next(a for a in range(ACTION_IDS["tarots_4"], ACTION_IDS["qui_na_le_sien"] + 1)
                  if a not in held)
    with pytest.raises(IllegalActionError, match=f"seat {p} cannot declare .*the hand does not hold it"):
        deal.push(absent)


# ----- line numbers ----------------------------------------------------------------------------
@pytest.mark.parametrize("brk", ["\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"])
def test_record_line_numbers_are_an_editors(brk):
    """Comments were split on every break ``str.splitlines`` knows, so an error's line number
    came after the editor's; only ``\\n``, ``\\r\\n`` and ``\\r`` end a line."""
    text = record_from_deal(finished()).to_text()
    lines = text.split("\n")
    lines[0] += f" ; a comment with a {brk} in it"
    no = next(i for i, line in enumerate(lines) if line.startswith("Trick  2:"))
    lines[no] = lines[no].replace("Trick  2:", "Trick  7:")
    assert refused("\n".join(lines)).startswith(f"line {no + 1}: ")
    assert refused("\r\n".join(lines)).startswith(f"line {no + 1}: ")
    assert refused("\r".join(lines)).startswith(f"line {no + 1}: ")


def test_a_tag_may_hold_what_an_editor_keeps_on_one_line():
    rec = record_from_deal(finished(), Event="a\x0cb\u2028c")
    assert parse_record(rec.to_text()) == rec == parse_record(rec.to_json())
    for brk in ("\n", "\r"):
        with pytest.raises(RecordError, match="the Event tag holds a line break"):
            record_from_deal(finished(), Event=f"a{brk}b")


# ----- the search bots' time cap ---------------------------------------------------------------
@pytest.mark.skipif(tarot.COMPILED, reason="patching cannot reach compiled code")
@pytest.mark.parametrize("step", [0.01, 0.05, 0.2])
def test_a_capped_search_stops_within_a_sampled_deal(monkeypatch, step):
    """The cap was read only between sampled deals, and one deal's playouts (one per card) can
    take half a second on a busy machine: a "0.9 s" decision took up to 1.8 s. The clock is
    a fake here, each playout taking ``step`` seconds of it: the decision ends by the cap
    whatever ``step`` is, having played out as many as fit."""
    from tarot.bots import search as search_mod
    from tarot.bots.search import PimcBot

    now = [0.0]
    monkeypatch.setattr(search_mod.time, "perf_counter", lambda: now[0])
    finish, playouts = search_mod.finish_with, []

    def slow_finish(world, bots):
        now[0] += step
        playouts.append(now[0])
        finish(world, bots)

    monkeypatch.setattr(search_mod, "finish_with", slow_finish)
    deal = tarot.new_deal("marolles-1637", seed=4)
    while deal.phase != "play":
        deal.push(deal.legal_actions()[0])
    view = deal.view(deal.to_play)
    assert len(view.legal_actions) > 10
    bot = PimcBot(seed=1, worlds=16, inference=False, time_limit=0.9)
    assert bot.act(view) in view.legal_actions
    assert now[0] <= 0.9 and len(playouts) >= 0.9 / step - 2, (now[0], len(playouts))


@pytest.mark.parametrize("args", [
    ["tournament", "fft-4p", "--bots", "y" * 3000, "--deals", "1"],
    ["simulate", "fft-4p", "--bots", "rule,," + ESCAPES + "y" * 3000, "--deals", "1"],
    ["simulate", "x" * 3000 + ESCAPES],
])
def test_the_command_quotes_a_bad_argument_short_and_escaped(args):
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 2 and res.output.startswith("tarot: ")
    assert len(res.output) < 300 and res.output.rstrip("\n").isprintable(), res.output


@pytest.mark.parametrize("variant, options", [(v, {}) for v in sorted(tarot.VARIANTS)]
                         + [("marolles-1637", {"bad_hand_redeal": "2"}), ("marolles-2p", {"bad_hand_redeal": "2"})])
def test_every_refused_word_says_what_the_phase_expects(variant, options):
    """In every phase of every variant reached by random play, each named action refused gets
    the reason of the rule or what the seat must do, never the bare "X is not legal in the Y
    phase", nor a declaration's reason for a word that is no declaration."""
    import random

    from tarot.core.actions import NAMED_ACTIONS, NUM_CARDS
    from tarot.variants.marolles.declarations import DECLARATION_NAMES

    for seed in range(3):
        rng = random.Random(seed)
        deal = tarot.new_deal(variant, options, seed=seed)
        while not deal.is_over:
            legal = deal.legal_actions()
            for a in range(NUM_CARDS, NUM_CARDS + len(NAMED_ACTIONS)):
                if a in legal:
                    continue
                with pytest.raises(IllegalActionError) as e:
                    deal.push(a)
                message = str(e.value)
                assert f"is not legal in the {deal.phase} phase" not in message, message
                if "cannot declare" in message and variant.startswith("marolles"):
                    assert a in DECLARATION_NAMES, message
            deal.push(rng.choice(legal))
