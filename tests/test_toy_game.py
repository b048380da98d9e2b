"""A game declared from the tests folder alone (tests/toy_game.py: three players, twelve cards,
four tricks) is played by every service through its declaration: simulate, tournaments and
duplicate comparisons, records (text, JSON, files, replay) and the search bots. Nothing under
``tarot/`` names it: the services find its deal class, rule bot, sampler, roles and summary
through ``tarot.core.game`` (issue 32, "a game is declared in one place")."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import tarot

if tarot.COMPILED:  # a class defined outside the compiled package cannot derive from its Deal
    pytest.skip("the toy game subclasses Deal, which the compiled engine closes", allow_module_level=True)

from tarot import records  # noqa: E402
from tarot.bots import make_bot, play_out  # noqa: E402
from tarot.bots.sampling import Constraints, can_sample, public_view, sample_from  # noqa: E402
from tarot.bots.search import PimcBot, allies_of, solve_actions, tricks_left  # noqa: E402
from tarot.core.cards import cards_of, suit_of  # noqa: E402
from tarot.core.deal import variant_class  # noqa: E402
from tarot.core.errors import RecordError, UnknownVariantError  # noqa: E402
from tarot.core.game import game_of, register_game, unregister_game  # noqa: E402
from tarot.runs.duplicate import compare, play_duplicate  # noqa: E402
from tarot.runs.simulate import simulate  # noqa: E402
from tarot.runs.tournament import run_tournament  # noqa: E402
from test_search import brute  # noqa: E402
from toy_game import TOY, TRICKS, ToyDeal, ToyRuleBot  # noqa: E402

V = ToyDeal.variant


@pytest.fixture
def toy():
    """The toy game, registered for one test and taken out after it."""
    game = register_game(TOY)
    yield game
    unregister_game(game)


def played(seed: int, bots=("rule", "rule", "rule")) -> ToyDeal:
    deal = tarot.new_deal(V, seed=seed, dealer=seed % 3)
    play_out(deal, [make_bot(name, seed=seed + s) for s, name in enumerate(bots)])
    return deal


def test_the_declaration_is_all_the_services_know_of_it(toy):
    assert game_of(V) is toy and variant_class(V) is ToyDeal and toy.variants == [V]
    assert toy.load("rule_bot") is ToyRuleBot and can_sample(V)
    # no file of the package names the game: the services reach it through the declaration
    package = Path(tarot.__file__).parent
    assert not [p for p in package.rglob("*.py") if V in p.read_text(encoding="utf-8")]


def test_taken_out_it_is_unknown_again():
    register_game(TOY)
    unregister_game(TOY)
    with pytest.raises(UnknownVariantError, match=V):
        tarot.new_deal(V)
    assert not can_sample(V)


def test_deals_follow_the_toy_rules(toy):
    for seed in range(30):
        deal = tarot.new_deal(V, seed=seed, dealer=seed % 3)
        rng = random.Random(seed)
        while not deal.is_over:
            hand, legal = deal.hand(deal.to_play), deal.legal_actions()
            if deal.trick:  # follow suit if you can
                led = suit_of(deal.trick[0])
                follow = [c for c in range(78) if hand >> c & 1 and suit_of(c) == led]
                assert legal == (follow or sorted(c for c in range(78) if hand >> c & 1))
            deal.push(rng.choice(legal))
        assert len(deal.tricks) == TRICKS and sum(deal.result().scores) == TRICKS
        assert deal.result().scores == tuple(sum(w == s for *_, w in deal.tricks) for s in range(3))


def test_simulate_plays_it_and_reports_its_summary(toy):
    rows = list(simulate(V, deals=20, seed=1, bots=["rule", "random", "rule"]))
    assert [r.deal for r in rows] == list(range(20))
    for r in rows:
        line = json.loads(r.to_json())
        assert sum(line["scores"]) == TRICKS and line["tricks"] == line["scores"]
        assert line["by_source"] == {"tricks": line["scores"]}
    assert rows == list(simulate(V, deals=20, seed=1, bots=["rule", "random", "rule"]))


def test_tournament_and_duplicate_compare_bots_on_it(toy):
    t = run_tournament(V, ["rule", "random"], deals=6, seed=2)
    d = t.to_dict(times=False)
    assert d["variant"] == V and [e["bot"] for e in d["entries"]] == ["rule", "random"]
    for br in play_duplicate(V, ["rule", "random"], deals=6, seed=2):
        for seating, scores in br.scores.items():
            assert sum(scores) == TRICKS
            # the game declares no roles of its own: positions from the dealer
            dealer = br.board.dealer
            assert br.roles[seating][dealer] == "dealer"
            assert br.roles[seating][(dealer + 1) % 3] == "dealer+1"
    c = compare(V, "rule", "random", deals=6, seed=2)
    assert c.to_dict()["sources_a"].keys() == {"tricks"}


def test_records_round_trip_and_replay(toy, tmp_path):
    for seed in range(5):
        deal = played(seed, ("rule", "random", "rule"))
        rec = records.record_from_deal(deal, Event="toy")
        assert records.parse_record(rec.to_text()) == rec == records.parse_record(rec.to_json())
        assert records.replay(rec).result() == deal.result()
        path = tmp_path / f"toy-{seed}.json"
        records.save_record(rec, path)
        assert records.load_record(path) == rec
    lie = re.sub(r'\[Result "[^"]*"\]', '[Result "+9 +0 +0"]', rec.to_text())
    with pytest.raises(RecordError, match="claims scores"):  # the claims are checked by replay
        records.replay(records.parse_record(lie))


def test_sampled_worlds_show_each_seat_its_view(toy):
    for seed in range(12):
        deal = tarot.new_deal(V, seed=seed, dealer=seed % 3)
        bots = [make_bot("rule", seed=s) for s in range(3)]
        rng = random.Random(seed)
        while not deal.is_over:
            view = deal.view(deal.to_play)
            cons = Constraints(view)
            for _ in range(3):
                world = sample_from(cons, rng)
                assert public_view(world.view(view.seat)) == public_view(view)
                for s in range(3):  # a seat that did not follow a suit holds none of it
                    for leader, cards, _ in view.tricks:
                        i = (s - leader) % 3
                        if suit_of(cards[i]) != suit_of(cards[0]):
                            assert not any(suit_of(c) == suit_of(cards[0]) for c in range(78)
                                           if world.hand(s) >> c & 1)
            deal.push(bots[deal.to_play].act(view))


def test_the_solver_agrees_with_brute_force(toy):
    for seed in range(8):
        deal = tarot.new_deal(V, seed=seed, dealer=seed % 3)
        while tricks_left(deal) > 2:
            deal.push(deal.legal_actions()[seed % len(deal.legal_actions())])
        seat = deal.to_play
        assert allies_of(deal, seat) == {seat}
        for a, value in solve_actions(deal, seat).items():
            deal.push(a)
            assert value == brute(deal, seat)
            deal.pop()


def test_search_bots_play_it(toy, monkeypatch):
    import tarot.bots.search as search_mod

    searched = [0]
    search = PimcBot._search

    def counting(self, view):
        searched[0] += 1
        return search(self, view)

    monkeypatch.setattr(search_mod.PimcBot, "_search", counting)
    for seed in range(3):
        deal = played(seed, ("pimc", "ismcts", "search-hard"))
        assert deal.is_over and sum(deal.result().scores) == TRICKS
    assert searched[0] >= 6


def test_the_table_session_seats_a_person_and_bots_at_it(toy, tmp_path):
    """The interface-free table (tarot.play) deals it deal after deal, asks the person with
    the seat's view only, refuses a card against the duty to follow with the rule's reason,
    and saves records that replay to the deals played."""
    from tarot.core.errors import IllegalActionError
    from tarot.play.events import DealOver, TrickWon
    from tarot.play.session import PERSON, TableSession

    table = TableSession(V, {}, 5, [PERSON, "rule", "rule"], deals=2, record=tmp_path / "toy.txt")
    events, refused = [], 0
    while not table.is_over:
        events += table.advance()
        pending = table.pending
        if pending is None:
            continue
        view = pending.view
        assert view.seat == 0 and view.hand == table.deal.hand(0)
        illegal = [c for c in cards_of(view.hand) if c not in view.legal_actions]
        if illegal:
            before = table.deal.history[:]
            with pytest.raises(IllegalActionError, match="is not legal in the play phase"):  # the engine says why
                table.act(0, [illegal[0]])
            assert table.deal.history == before
            refused += 1
        events += table.act(0, [view.legal_actions[0]])
    overs = [e for e in events if isinstance(e, DealOver)]
    assert len(overs) == 2 and sum(isinstance(e, TrickWon) for e in events) == 2 * TRICKS
    assert refused > 0  # some deal asked the person to follow suit with another suit in hand
    assert sorted(p.name for p in tmp_path.iterdir()) == ["toy-1.txt", "toy-2.txt"]
    for e, path in zip(overs, sorted(tmp_path.iterdir())):
        assert records.replay(records.load_record(path)).result() == e.result


def test_the_terminal_table_plays_it(toy, tmp_path):
    """``tarot play`` (the terminal table over tarot.play) plays it with the default
    explanations: the hand, the tricks as they fall, the scores, every deal saved."""
    import io

    from rich.console import Console

    from tarot.tui.table import PlaySession

    buf = io.StringIO()
    out = Console(file=buf, width=100, color_system=None, markup=False, highlight=False)
    session = PlaySession(out, V, {}, 9, 0, ["rule", "rule"], 2, tmp_path / "game.txt", True, lambda _p: "1")
    assert session.run() == 0
    text = buf.getvalue()
    assert len(re.findall(r"^Trick \d: .* wins$", text, re.M)) == 2 * TRICKS   # every trick told
    assert "End of deal 1." in text and "End of deal 2." in text and "Running points after 2 deals" in text
    saved = sorted(tmp_path.iterdir())
    assert [p.name for p in saved] == ["game-1.txt", "game-2.txt"]
    for path in saved:
        deal = records.replay(records.load_record(path))
        assert deal.is_over and sum(deal.result().scores) == TRICKS   # a point a trick
