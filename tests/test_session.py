"""The table session (tarot/play/session.py): no printing, events, people's decisions refused
with the rule's reason, the game to a target, records, and views only for each seat."""

from __future__ import annotations

import random
import re

import pytest

import tarot
from tarot.core.cards import card_name, cards_of, format_card, mask
from tarot.core.errors import IllegalActionError
from tarot.explain import line_text
from tarot.play.events import (
    ActionPlayed, DealOver, DealStarted, MatchOver, PaymentMade, RecordSaved, TrickWon,
)
from tarot.play.session import PERSON, TableSession
from tarot.records import load_record, replay


def _texts(lines, notation) -> list[str]:
    return [line_text(ln, lambda c: format_card(c, notation)) for ln in lines]


def _play(session: TableSession, rng: random.Random) -> list:
    """Drive a session to its end, each person choosing a random legal action."""
    events = []
    while not session.is_over:
        events += session.advance()
        while session.pending is not None:
            p = session.pending
            events += session.act(p.seat, [rng.choice(p.view.legal_actions)])
            events += session.advance()
    return events


def test_a_scripted_deal_tells_its_steps_in_order():
    session = TableSession("marolles-1637", seed=5, seats=[PERSON, "rule", "rule"])
    events = _play(session, random.Random(1))
    kinds = [type(e) for e in events]
    assert kinds[0] is DealStarted and DealOver in kinds and kinds[-1] is MatchOver
    tricks = [e for e in events if isinstance(e, TrickWon)]
    assert [t.index for t in tricks] == list(range(session.deal.TRICKS))
    assert all(e.to == 0 for e in events if not isinstance(e, MatchOver))  # the person's words
    paid = [e.payment for e in events if isinstance(e, PaymentMade)]
    assert sum(p.amount for p in paid) == sum(p.amount for p in session.deal.ledger.entries)
    first = _texts(events[0].lines, session.deal.notation)
    assert re.fullmatch(r"(South|East|West) deals\.", first[0])
    played = [e for e in events if isinstance(e, ActionPlayed)]
    assert [e.action for e in played] == session.deal.history


def test_an_illegal_action_is_refused_with_its_reason_and_nothing_changes():
    session = TableSession("fft-4p", seed=3, seats=[PERSON, "rule", "rule", "rule"])
    session.advance()
    while session.pending is None or session.pending.view.phase != "play":
        if session.pending is not None:
            session.act(session.pending.seat, [session.pending.view.legal_actions[0]])
        session.advance()
    p = session.pending
    before = list(session.deal.history)
    illegal = next(c for c in range(78) if c not in p.view.legal_actions)
    with pytest.raises(IllegalActionError) as err:
        session.act(p.seat, [illegal])
    assert str(err.value) == session.deal.explain_illegal(illegal)
    with pytest.raises(IllegalActionError, match="not seat"):
        session.act((p.seat + 1) % 4, [p.view.legal_actions[0]])
    assert session.deal.history == before and session.pending == p


def test_the_game_to_its_target_ends_the_session():
    session = TableSession("early-french", {"target": "20", "players": "3"}, seed=3, seats=[PERSON, "rule", "rule"],
                           deals=50)
    events = _play(session, random.Random(2))
    assert session.game is not None and session.game.is_over
    assert session.played < 50 and isinstance(events[-1], MatchOver) and events[-1].reason == "target"
    assert max(session.game.totals) >= 20


def test_the_records_saved_are_the_deals_played(tmp_path):
    session = TableSession("fft-3p", seed=11, seats=["rule", PERSON, "random"], deals=2,
                           record=tmp_path / "g.json")
    events = _play(session, random.Random(3))
    saved = [e.path for e in events if isinstance(e, RecordSaved)]
    assert saved == session.saved and len(saved) == session.dealt
    last = replay(load_record(saved[-1]))
    assert last.history == session.deal.history and last.dealer == session.deal.dealer


def test_the_session_deals_as_tarot_play_does():
    """The same seed gives the same deals and dealers as a ``Match`` (the terminal's)."""
    from tarot.play.match import Match

    session = TableSession("marolles-78", seed=9, seats=["rule"] * 3, deals=3)
    deals = []
    while not session.is_over:
        session.advance()
        deals.append(session.deal)
    match = Match("marolles-78", None, 9)
    for played in deals:
        d = match.next_deal()
        assert d.dealer == played.dealer
        for a in played.history:
            d.push(a)
        assert d.result().scores == played.result().scores
        match.record(d)
    assert match.totals == session.match.totals


def _known(view) -> int:
    """The cards a seat may know: its hand and discards, and everything public in its view."""
    known = view.hand | view.discards | view.chien | mask(view.trick)
    for _, cards, _ in view.tricks:
        known |= mask(cards)
    for _, _, cs in view.shown:
        known |= cs if isinstance(cs, int) else mask(cs)
    for c in (view.cut_card, view.called):
        if c is not None:
            known |= 1 << c
    for t in view.table:
        known |= t
    for ups in view.extra.get("face_up", ()):
        known |= mask(c for c in ups if c is not None)
    return known


def _check(session: TableSession, seat: int, texts: list[str], seed: int) -> int:
    """No card of another seat's hand that ``seat`` may not know is named in ``texts``."""
    deal, n = session.deal, session.cls.notation
    hidden = 0
    for o in range(session.players):
        if o != seat:
            hidden |= deal.view(o).hand
    hidden &= ~_known(deal.view(seat))
    text = "\n".join(texts)
    for c in cards_of(hidden):
        assert not re.search(rf"(?<![\w]){re.escape(format_card(c, n))}(?![\w])", text), (seed, seat, c, text)
        name = card_name(c, n)  # (the Fool and the trumps' numerals are named by the rules' words)
        assert c <= 21 or not re.search(rf"\b{re.escape(name)}\b", text), (seed, seat, c)
    return 1


@pytest.mark.parametrize("variant", ["marolles-1637", "marolles-2p", "fft-4p", "fft-5p", "french-2p",
                                     "early-french"])
def test_a_seat_is_told_no_card_it_may_not_know(variant):
    """Over random deals with a person in every seat: the events each seat's client is told and
    the prompts it is shown name no card of another seat's hand that is not public (tokens and
    names), until the deal is over and counted."""
    players = tarot.variant_class(variant).players_for({})
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        session = TableSession(variant, seed=seed, seats=[PERSON] * players)
        n = session.cls.notation

        while not session.is_over:
            events = session.advance()
            while True:
                for e in events:
                    if isinstance(e, DealOver):
                        break
                    if not session.deal.is_over:
                        checked += _check(session, e.to, _texts(e.lines, n), seed)
                p = session.pending
                if p is None:
                    break
                prompt = session.prompt(p.seat)
                # (help is the rules' text, with examples of notation: "KS, 10C, T21, F")
                # (a king called may be any King: the choices name cards, not whose they are)
                calls = p.view.phase == "call"
                texts = [prompt.header or "", *_texts(prompt.table, n),
                         *(label for _, label in prompt.choices if not calls)]
                checked += _check(session, p.seat, texts, seed)
                events = session.act(p.seat, [rng.choice(p.view.legal_actions)]) + session.advance()
    assert checked > 100
