"""A session, not a deal (issue 40): the table goes on deal after deal with a score sheet and
running totals, the deal passing as the rules say; a saved unfinished game goes on with the
same cards and totals; `undo` against bots only, noted in the record; and the record files
checked as each deal is saved (issue 33), nothing lost when one cannot be written."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import tarot
from tarot.core.errors import IllegalActionError, RecordError
from tarot.play import (
    PERSON, DealOver, MatchOver, RecordFailed, RecordSaved, TableSession, TakenBack, game_base, games_folder,
)
from tarot.records import load_record, parse_record, record_from_deal, replay, save_record


def _person(session: TableSession, rng: random.Random, stop=lambda s: False) -> list:
    """Drive ``session``, the person choosing a random legal action, until it is over or
    ``stop(session)`` holds at the person's turn."""
    events: list = []
    while not session.is_over:
        events += session.advance()
        while session.pending is not None:
            if stop(session):
                return events
            p = session.pending
            events += session.act(p.seat, [rng.choice(p.view.legal_actions)])
            events += session.advance()
    return events


@pytest.mark.parametrize("variant, seats", [("marolles-1637", [PERSON, "rule", "random"]),
                                            ("fft-4p", ["rule", PERSON, "rule", "random"]),
                                            ("early-french", [PERSON, "random", "random"])])
def test_several_deals_keep_a_score_sheet_that_adds_up_and_the_deal_passes(variant, seats):
    session = TableSession(variant, {"players": 3} if variant == "early-french" else None, seed=8,
                           seats=seats, deals=4)
    events = _person(session, random.Random(1))
    overs = [e for e in events if isinstance(e, DealOver)]
    won = session.game is not None and session.game.is_over   # (the game to 50 may end sooner)
    assert (session.played == 4 or won) and len(overs) == session.dealt == len(session.sheet) >= 3
    assert [row.number for row in session.sheet] == list(range(1, session.dealt + 1))
    # each row is its deal's result, and the totals are the rows added up
    assert [row.scores for row in session.sheet] == [tuple(e.result.scores) for e in overs]
    assert session.totals == tuple(sum(row.scores[s] for row in session.sheet) for s in range(len(seats)))
    assert overs[-1].totals == session.totals and overs[-1].sheet == tuple(session.sheet)
    # the deal passes in the direction of play, but a granted redeal keeps the dealer
    step = session.step
    for row, nxt, e in zip(session.sheet, session.sheet[1:], overs):
        expected = row.dealer if "redeal" in e.result.info else (row.dealer + step) % len(seats)
        assert nxt.dealer == expected
    assert isinstance(events[-1], MatchOver)


def test_without_a_number_of_deals_the_game_to_its_target_ends_the_session():
    session = TableSession("early-french", {"players": 3, "target": "15"}, seed=2,
                           seats=[PERSON, "rule", "rule"], deals=None)
    events = _person(session, random.Random(2))
    assert session.game is not None and session.game.is_over and max(session.game.totals) >= 15
    assert isinstance(events[-1], MatchOver) and events[-1].reason == "target"


def test_without_a_number_of_deals_a_game_with_no_target_goes_on():
    session = TableSession("fft-3p", seed=2, seats=[PERSON, "rule", "rule"], deals=None)
    rng = random.Random(3)
    _person(session, rng, stop=lambda s: s.played >= 6)
    assert session.played >= 6 and not session.is_over


# ----- resume -----------------------------------------------------------------------------
@pytest.mark.parametrize("variant, seats", [("marolles-1637", [PERSON, "rule", "rule"]),
                                            ("fft-4p", ["rule", "random", PERSON, "rule"]),
                                            ("early-french", ["rule", PERSON, "rule"])])
def test_a_game_left_in_a_deal_goes_on_with_the_same_cards_and_totals(tmp_path, variant, seats):
    options = {"players": 3} if variant == "early-french" else None
    base = tmp_path / "g.txt"
    session = TableSession(variant, options, seed=4, seats=seats, deals=5, record=base)
    rng = random.Random(4)
    _person(session, rng, stop=lambda s: s.played >= 2 and len(s.deal.history) > 12)
    left = session.deal
    saved = session.save_unfinished()
    path = saved[-1].path
    assert isinstance(saved[-1], RecordSaved) and path == base.with_name(f"g-{session.dealt}.txt")

    record = load_record(path)
    again = TableSession.resume(record, path=path, record_to=game_base(path, session.dealt))
    events = again.advance()
    deal = again.deal
    assert deal.deck == left.deck and deal.dealer == left.dealer and deal.history == left.history
    assert again.totals == session.totals and again.sheet == session.sheet
    assert (again.dealt, again.played, again.deals) == (session.dealt, session.played, 5)
    assert events[0].resumed and again.pending is not None and again.pending.seat == seats.index(PERSON)
    if session.game is not None:  # the game to its target counted the same
        assert again.game is not None and again.game.totals == session.game.totals
    # the deal goes on, saved to the same file, and the next ones after it
    _person(again, rng)
    assert (again.played == 5 or again.game.is_over) and again.saved[0] == path and replay(load_record(path)).is_over
    assert again.saved[-1] == base.with_name(f"g-{again.dealt}.txt")
    assert again.totals == tuple(sum(row.scores[s] for row in again.sheet) for s in range(len(seats)))


def test_a_finished_last_deal_is_counted_once_and_the_next_dealt(tmp_path):
    session = TableSession("marolles-1637", seed=6, seats=[PERSON, "rule", "rule"], deals=3,
                           record=tmp_path / "g.txt")
    _person(session, random.Random(6), stop=lambda s: s.dealt == 2)
    first = session.saved[0]
    again = TableSession.resume(load_record(first), path=first, record_to=tmp_path / "g.txt")
    again.advance()                                       # deal 1 again, counted once
    assert again.sheet == session.sheet[:1] and again.totals == tuple(session.sheet[0].scores)
    again.advance()                                       # then deal 2, a new one
    assert again.dealt == 2 and again.deal.deck != load_record(first).deck
    assert again.deal.dealer == session.deal.dealer       # the deal passed as it did the first time


def test_a_record_not_saved_by_tarot_play_or_with_a_bad_sheet_is_refused_by_name(tmp_path):
    deal = tarot.new_deal("marolles-1637", seed=3)
    with pytest.raises(RecordError, match="not a game saved by tarot play"):
        TableSession.resume(record_from_deal(deal, Event="x"))
    base = dict(Round=2, Seats="person,rule,rule")
    for sheet, words in [("1 0 +3 -1", "does not hold 3 scores"), ("1 0 +1 +2 -3; x", "is not 'deal dealer"),
                         ("2 0 +1 +2 -3", "does not list the deals before")]:
        with pytest.raises(RecordError, match=words):
            TableSession.resume(record_from_deal(deal, Sheet=sheet, **base))
    with pytest.raises(RecordError, match="unknown bot"):
        TableSession.resume(record_from_deal(deal, Round=1, Seats="person,genius,rule"))


# ----- undo -------------------------------------------------------------------------------
def _to_play_phase(session: TableSession, rng: random.Random, cards: int) -> None:
    """Play until the person has played ``cards`` cards of the deal and is to play again."""
    def enough(s):
        return s.deal.phase == "play" and sum(1 for _, c, _ in s.deal.view(s.pending.seat).tricks) >= cards
    _person(session, rng, stop=enough)


def test_undo_takes_back_the_persons_last_card_against_bots_and_the_record_says_so(tmp_path):
    session = TableSession("fft-4p", seed=12, seats=[PERSON, "rule", "rule", "rule"], deals=1,
                           record=tmp_path / "u.txt")
    rng = random.Random(5)
    _to_play_phase(session, rng, 3)
    before = list(session.deal.history)
    seat = session.pending.seat
    card = session.pending.view.legal_actions[-1]
    session.act(seat, [card])
    session.advance()
    assert len(session.deal.history) > len(before) + 1          # the bots played after it
    events = session.undo(seat)
    assert session.deal.history == before and session.pending.seat == seat
    taken = [e for e in events if isinstance(e, TakenBack)]
    assert len(taken) == 1 and taken[0].actions[-1] == card and len(taken[0].actions) > 1
    _person(session, rng)
    record = load_record(session.saved[-1])
    assert "took back" in record.tags["Undo"] and replay(record).is_over


def test_undo_is_refused_against_people_and_before_any_move_and_nothing_changes():
    people = TableSession("marolles-1637", seed=1, seats=[PERSON, PERSON, "rule"])
    rng = random.Random(1)
    _person(people, rng, stop=lambda s: len(s.deal.history) > 10)
    before = list(people.deal.history)
    with pytest.raises(IllegalActionError, match="against bots only"):
        people.undo(people.pending.seat)
    assert people.deal.history == before and not people.undos

    alone = TableSession("marolles-1637", seed=1, seats=[PERSON, "rule", "rule"])
    alone.advance()
    with pytest.raises(IllegalActionError, match="nothing to take back"):
        alone.undo(0)


# ----- records checked as each deal is saved ------------------------------------------------
def test_a_deal_that_cannot_be_saved_is_handed_on_whole_or_saved_to_the_fallback(tmp_path):
    (tmp_path / "g-2.txt").mkdir()
    session = TableSession("marolles-1637", seed=2, seats=[PERSON, "rule", "rule"], deals=2,
                           record=tmp_path / "g.txt")
    events = _person(session, random.Random(2))
    failed = [e for e in events if isinstance(e, RecordFailed)]
    assert len(failed) == 1 and failed[0].saved is None and "it is a folder" in failed[0].reason
    assert replay(parse_record(failed[0].text)).history == session.deal.history   # nothing lost

    fallback = tmp_path / "games"
    session = TableSession("marolles-1637", seed=2, seats=[PERSON, "rule", "rule"], deals=2,
                           record=tmp_path / "g.txt", fallback=fallback)
    events = _person(session, random.Random(2))
    failed = [e for e in events if isinstance(e, RecordFailed)]
    assert failed[0].saved == fallback / "g-2.txt" and replay(load_record(fallback / "g-2.txt")).is_over


def test_play_checks_one_record_path_before_the_first_card_not_one_per_deal(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    import tarot.records as records
    from tarot.cli import app

    checked: list = []
    real = records.check_record_paths

    def counting(paths):
        paths = list(paths)
        checked.extend(paths)
        return real(paths)

    monkeypatch.setattr(records, "check_record_paths", counting)
    res = CliRunner().invoke(app, ["play", "--seed", "1", "--script", "--deals", "100000", "--record",
                                   str(tmp_path / "g.txt")], input="quit\n")
    assert res.exit_code == 0, res.output
    # the first deal's file, before the first card and when it is saved (quit): no other
    assert set(checked) == {tmp_path / "g-1.txt"} and len(checked) == 2


def test_the_games_folder_follows_xdg_data_home(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert games_folder() == tmp_path / "tarot" / "games"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/not/allowed")   # the XDG rule: ignored
    assert games_folder() == Path.home() / ".local" / "share" / "tarot" / "games"


def test_a_record_saved_twice_is_the_same_game(tmp_path):
    """``save_record`` of a resumed deal writes the same tags back (the sheet, the seats)."""
    session = TableSession("fft-3p", seed=3, seats=[PERSON, "rule", "rule"], deals=3, record=tmp_path / "a.txt")
    _person(session, random.Random(3), stop=lambda s: s.played >= 1 and len(s.deal.history) > 5)
    path = session.save_unfinished()[-1].path
    record = load_record(path)
    again = TableSession.resume(record, path=path, record_to=tmp_path / "a.txt")
    again.advance()
    copy = tmp_path / "copy.txt"
    save_record(load_record(again.save_unfinished()[-1].path), copy)
    assert load_record(copy).tags == record.tags


@pytest.mark.parametrize("variant", ["fft-5p", "early-french", "marolles-1637", "french-2p"])
def test_after_an_undo_the_table_tells_the_deal_as_if_the_moves_had_never_been_made(variant):
    """What the narration remembers (payments told, tricks told, a partner or a consolation
    told) after an undo is what a narration of the moves kept alone remembers."""
    from tarot.play import Narration

    players = tarot.variant_class(variant).players_for({})
    undone = 0
    for seed in range(4):
        rng = random.Random(seed)
        session = TableSession(variant, seed=seed, seats=[PERSON] + ["rule"] * (players - 1))
        moves = rng.randrange(10, 60)
        _person(session, rng, stop=lambda s, moves=moves: len(s.deal.history) > moves)
        if session.pending is None or not session._decisions:
            continue
        session.undo(session.pending.seat)
        undone += 1
        told = session.narrations[0]
        fresh = Narration(told.names, told.reveal, told.to)   # told the kept moves, one by one
        deal = session.deal
        probe = tarot.new_deal(variant, deal.options, deck=deal.deck, dealer=deal.dealer)
        fresh.start(probe)
        for a in deal.history:
            seat, phase = probe.to_play, probe.phase
            probe.push(a)
            fresh.after(probe, seat, phase, a)
        fresh.payments(probe)
        assert (told.state, told._told, told._tricks, told._shown) == \
            (fresh.state, fresh._told, fresh._tricks, fresh._shown)
        _person(session, rng)                              # and the deal plays on to its end
        assert session.deal.is_over
    assert undone >= 2
