"""Sampling the hidden cards of Early French Tarot, French Tarot for two and Marolles with le
Mort (tarot/bots/sampling.py), and the search bots playing these games (tarot/bots/search.py).

A sampled deal must show the seat exactly its view; the checks below also recompute here, from
the tricks and RULES.md, what each seat cannot hold (§3.3 Early French Tarot: follow suit, else
trump, on a trump lead trump if possible, the Fool at any time, a led Fool lets the next card
set the suit; §4.5 two players: the same, and beat a trump lead if possible; §1.6 Marolles)
and which cards the view places elsewhere, and check the sampled hands against them.
"""

from __future__ import annotations

import random

import pytest

import tarot
from tarot.bots import make_bot, play_out
from tarot.bots import search as search_mod
from tarot.bots.sampling import (
    Constraints, SamplingError, can_sample, deck_from_hands, sample_from,
)
from tarot.bots.search import IsmctsBot, PimcBot, allies_of, seat_score, solve, tricks_left
from tarot.core.cards import SUIT_MASKS, TRUMPS, cards_of, suit_of
from tarot.core.deal import variant_class
from tarot.variants.early_french.rules import EarlyFrenchDeal
from test_search import brute, follow_voids, seen_cards  # shared with the Marolles tests

EARLY = [(n, d) for n in range(2, 7) for d in ("anticlockwise", "clockwise")]
BIND = "two_player_faceup_cards_bind_follow_suit"


def position(variant: str, options, seed: int, bot: str = "rule"):
    """A deal of ``variant`` stopped at a random decision (not over), by rule or random bots."""
    rng = random.Random(seed)
    n = variant_class(variant).players_for(options or {})
    deal = tarot.new_deal(variant, options, seed=seed, dealer=seed % n)
    bots = [make_bot(bot, seed=seed * 7 + s) for s in range(n)]
    stop = rng.randrange(1, 12 * n + 6 if variant == "early-french" else 78)
    while not deal.is_over and len(deal.history) < stop:
        deal.push(bots[deal.to_play].act(deal.view(deal.to_play)))
    if deal.is_over:
        deal.pop()
    return deal


def two_player_voids(view) -> list[int]:
    """French Tarot for two, face-up cards binding (§4.5): the cards a player's hand cannot
    hold now, from his answers: a card of another suit says none of the suit led, and one
    that is not a trump none of the trumps; a trump below a trump led says no higher trump."""
    out = [0, 0]
    tricks = [(leader, cards) for leader, cards, _ in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        if len(cards) < 2 or 0 in cards:
            continue
        lead, reply = cards
        s = 1 - leader
        if suit_of(reply) != suit_of(lead):
            out[s] |= TRUMPS if suit_of(lead) == 4 else SUIT_MASKS[suit_of(lead)]
            if suit_of(reply) != 4:
                out[s] |= TRUMPS
        elif suit_of(lead) == 4 and reply < lead:
            out[s] |= sum(1 << t for t in range(lead + 1, 22))
    return out


def hidden_places(world, view) -> dict[int, object]:
    """Where the sampled deal puts each card the view does not show: a seat's hand or
    discards (the seat), le Mort's cards to come, the cards set aside, the face-down piles."""
    where: dict[int, object] = {}
    seen = seen_cards(view)
    for s in range(view.players):
        for c in cards_of((world.hands[s] | getattr(world, "discards", [0] * view.players)[s]) & ~seen):
            where[c] = s
    if view.variant == "early-french":
        for c in cards_of(world.set_aside):
            where[c] = "aside"
    if view.variant == "marolles-2p":
        for c in world.mort_cards[len(view.tricks):]:
            where[c] = "mort"
    if view.variant == "french-2p":
        for k, stack in enumerate(world.stacks):
            for c in stack[:world.depth[k]]:
                if not world.up[k // 6] >> c & 1:
                    where[c] = ("down", k)
    return where


def check_samples(deal, k: int, rng: random.Random) -> None:
    """Draw ``k`` samples of the view of the seat to play and check each."""
    seat = deal.to_play
    view = deal.view(seat)
    cons = Constraints(view)
    seen = seen_cards(view)
    pack = variant_class(view.variant).PACK
    if view.variant == "french-2p":
        voids = two_player_voids(view) if view.options[BIND] == "true" else [0, 0]
    elif view.options.get("revoke_handling", "engine_prevents") != "engine_prevents":
        voids = [0] * view.players   # a revoke may have been made (and even gone unpaid)
    else:
        voids = follow_voids(view, -1 if view.options.get("direction") == "clockwise" else 1)
    shown = [0] * view.players
    for s, _, cs in view.shown:
        shown[s] |= cs
    for _ in range(k):
        world = sample_from(cons, rng)
        assert world.view(seat) == view
        where = hidden_places(world, view)
        assert set(where) == set(cards_of(pack & ~seen))   # each hidden card has one place
        for s in range(view.players):
            if s == seat:
                assert world.hands[s] == view.hand
                continue
            assert not world.hands[s] & voids[s], (s, view.tricks)
            held = world.hands[s] | getattr(world, "discards", [0] * view.players)[s]
            elsewhere = seen   # his own hand and discards are hidden: all the view shows is not
            for t in range(view.players):
                if t != s:
                    elsewhere |= shown[t]
            if view.cut_card is not None and s != view.dealer:
                elsewhere |= 1 << view.cut_card
            assert not held & elsewhere, s
            assert shown[s] & ~seen & ~held == 0   # cards he showed and has not played
        if view.variant == "marolles-2p":   # le Mort's cards to come: none shown, not the cut
            later = sum(1 << c for c in world.mort_cards[len(view.tricks):])
            assert not later & (shown[0] | shown[1] | 1 << view.cut_card)


# ----- Early French Tarot -----------------------------------------------------------------------
@pytest.mark.parametrize("players,direction", EARLY)
def test_early_french_samples_reproduce_the_view(players, direction):
    opts = {"players": players, "direction": direction}
    phases = set()
    for seed in range(30):
        deal = position("early-french", opts, seed, "rule" if seed % 2 else "random")
        phases.add(deal.phase)
        check_samples(deal, 3, random.Random(seed))
    assert "play" in phases


def test_early_french_consolation_positions_are_sampled():
    # the Fool's owner choosing the card he gives (giver_chooses): the view is sampled too
    found = 0
    for seed in range(200):
        opts = {"players": 3 + seed % 4, "direction": ("anticlockwise", "clockwise")[seed % 2]}
        deal = tarot.new_deal("early-french", opts, seed=seed, dealer=seed % 3)
        bots = [make_bot("random", seed=seed + s) for s in range(deal.players)]
        while not deal.is_over and deal.phase != "consolation":
            deal.push(bots[deal.to_play].act(deal.view(deal.to_play)))
        if deal.phase == "consolation":
            check_samples(deal, 2, random.Random(seed))
            found += 1
            if found == 8:
                break
    assert found == 8


@pytest.mark.parametrize("players,direction", [(2, "anticlockwise"), (4, "clockwise"), (6, "clockwise")])
def test_early_french_deal_slots_deal_the_hands(players, direction):
    # the deck built from hands deals those hands and sets the rest aside, whoever deals
    opts = {"players": players, "direction": direction}
    rng = random.Random(players)
    for dealer in range(players):
        cards = list(range(78))
        rng.shuffle(cards)
        hands = [sum(1 << c for c in cards[12 * s:12 * s + 12]) for s in range(players)]
        aside = sum(1 << c for c in cards[12 * players:])
        deck = deck_from_hands(EarlyFrenchDeal, opts, dealer, hands, None, rng, aside=aside)
        deal = EarlyFrenchDeal(opts, deck=deck, dealer=dealer)
        assert deal.hands == hands and deal.set_aside == aside
        # the eldest, next after the dealer in the direction of play, leads
        step = 1 if direction == "anticlockwise" else -1
        assert deal.to_play == (dealer + step) % players


# ----- French Tarot for two ---------------------------------------------------------------------
@pytest.mark.parametrize("bind", ["true", "false"])
def test_french_2p_samples_reproduce_the_view(bind):
    for seed in range(100):
        deal = position("french-2p", {BIND: bind}, seed, "rule" if seed % 2 else "random")
        check_samples(deal, 3, random.Random(seed))


def test_french_2p_positions_inside_a_trick_after_a_pile_card():
    # the leader played a pile card whose next card is not turned up yet
    found = 0
    for seed in range(60):
        deal = tarot.new_deal("french-2p", seed=seed, dealer=seed % 2)
        bots = [make_bot("random", seed=seed + s) for s in range(2)]
        rng = random.Random(seed)
        stop = rng.randrange(10, 70)
        while not deal.is_over:
            if len(deal.history) >= stop and deal.trick and deal.trick[0] not in cards_of(
                    deal.hands[deal.leader]) and deal.pile_of[deal.trick[0]] >= 0:
                check_samples(deal, 2, rng)
                found += 1
                break
            deal.push(bots[deal.to_play].act(deal.view(deal.to_play)))
    assert found >= 10


# ----- Marolles with le Mort --------------------------------------------------------------------
@pytest.mark.parametrize("options", [None, {"declarations_after_discard": "false"},
                                     {"mort_card_competes": "true", "illegal_discard": "penalty_once"},
                                     {"revoke_handling": "penalty_1m_and_forfeit"},
                                     {"revoke_handling": "penalty_1m_forfeit_with_correction_window"}])
def test_marolles_2p_samples_reproduce_the_view(options):
    for seed in range(30):
        deal = position("marolles-2p", options, seed, "rule" if seed % 2 else "random")
        check_samples(deal, 3, random.Random(seed))


@pytest.mark.parametrize("variant", ["marolles-1637", "marolles-2p"])
def test_cards_an_acknowledged_revoke_sent_back_are_sampled_in_their_hands(variant):
    """revoke_handling=..._window: after a revoke is owned up to, the cards played from it on
    are back in hands everyone saw them come from; samples put them there."""
    ack = tarot.ACTION_IDS["acknowledge_revoke"]
    options = {"revoke_handling": "penalty_1m_forfeit_with_correction_window"}
    found = mort_seen = 0
    for seed in range(60):
        rng = random.Random(seed)
        n = variant_class(variant).players_for(options)
        deal = tarot.new_deal(variant, options, seed=seed, dealer=seed % n)
        while not deal.is_over and ack not in deal.history[-3:]:
            deal.push(rng.choice(deal.legal_actions()))
        if deal.is_over:
            continue
        view = deal.view(deal.to_play)
        back = [(s, c) for s, c in view.extra["taken_back"] if s != view.seat and deal.hands[s] >> c & 1]
        if not back:
            continue
        found += 1
        check_samples(deal, 3, random.Random(seed))
        cons = Constraints(view)
        seen = view.extra.get("mort_seen", [])
        mort_seen += bool(seen)
        for _ in range(3):
            world = sample_from(cons, rng)
            for s, c in back:
                assert world.hands[s] >> c & 1
            # le Mort's cards turned up before the play went back come again in that order
            assert list(world.mort_cards[deal.trick_no:deal.trick_no + len(seen)]) == seen
    assert found >= 10
    assert variant != "marolles-2p" or mort_seen >= 3


# ----- spread -------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant,options", [("early-french", {"players": 4}),
                                             ("early-french", {"players": 2, "direction": "clockwise"}),
                                             ("french-2p", None), ("french-2p", {BIND: "false"}),
                                             ("marolles-2p", None)])
def test_samples_spread_the_hidden_cards(variant, options):
    # 50 samples of one position: not all alike, and some hidden card is found in two places
    n = variant_class(variant).players_for(options or {})
    deal = tarot.new_deal(variant, options, seed=4, dealer=1)
    bots = [make_bot("rule", seed=s) for s in range(n)]
    while deal.phase != "play" or len(deal.tricks) < 4:
        deal.push(bots[deal.to_play].act(deal.view(deal.to_play)))
    view = deal.view(deal.to_play)
    cons = Constraints(view)
    rng = random.Random(5)
    places: dict[int, set] = {}
    samples = set()
    for _ in range(50):
        world = sample_from(cons, rng)
        where = hidden_places(world, view)
        samples.add(tuple(sorted(where.items(), key=lambda x: x[0])))
        for c, p in where.items():
            places.setdefault(c, set()).add(p if not isinstance(p, tuple) else "down")
    assert len(samples) > 25
    assert sum(len(p) >= 2 for p in places.values()) >= 5


def test_the_new_variants_can_be_sampled():
    for v in ("early-french", "french-2p", "marolles-2p"):
        assert can_sample(v)
    with pytest.raises(SamplingError, match="bid phase"):
        Constraints(tarot.new_deal("fft-4p", seed=1).view(1))


# ----- search -------------------------------------------------------------------------------------
def endgame(variant: str, options, seed: int, tricks: int):
    """A deal played at random until ``tricks`` tricks are left (counted from the tricks done)."""
    deal = tarot.new_deal(variant, options, seed=seed, dealer=seed % 2)
    total = {"early-french": 12, "french-2p": 39, "marolles-2p": 20}[variant]
    bots = [make_bot("random", seed=seed + s) for s in range(deal.players)]
    while not (deal.phase == "play" and total - len(deal.tricks) == tricks):
        deal.push(bots[deal.to_play].act(deal.view(deal.to_play)))
    return deal


@pytest.mark.parametrize("variant,options,tricks", [
    ("early-french", {"players": 3}, 2), ("early-french", {"players": 2, "direction": "clockwise"}, 3),
    ("french-2p", None, 3), ("french-2p", {"two_player_scoring": "zero_sum", BIND: "false"}, 3),
    ("marolles-2p", None, 3), ("marolles-2p", {"mort_card_competes": "true"}, 3)])
def test_solver_agrees_with_brute_force(variant, options, tricks):
    # every player for himself; the scores of early-french and of french-2p (winner_only) are
    # no payments: the solver reads the result's scores
    for seed in range(4):
        deal = endgame(variant, options, seed, tricks)
        assert tricks_left(deal) == tricks
        for seat in range(deal.players):
            allies = allies_of(deal, seat)
            assert allies == {seat}
            assert solve(deal, seat) == brute(deal, seat, allies), (seed, seat)


def test_french_2p_interchangeable_cards_touch_in_the_hand():
    # a card the solver drops is a plain card of the hand (not a pile card) with a kept card
    # of its suit such that every card between them is in the same hand or already won
    plain = sum(1 << c for c in range(2, 21)) | sum(1 << (22 + 14 * s + r) for s in range(4)
                                                    for r in range(10))
    dropped = 0
    for seed in range(40):
        deal = position("french-2p", None, seed)
        if not deal.trick and seed % 2:
            deal.push(deal.legal_actions()[0])
        legal = deal.legal_actions()
        kept = search_mod.distinct_plays(deal, legal)
        hand = deal.hands[deal.to_play]
        gone = deal.won[0] | deal.won[1]
        for a in set(legal) - set(kept):
            dropped += 1
            assert hand >> a & 1 and plain >> a & 1
            assert any(suit_of(k) == suit_of(a) and hand >> k & 1 and all(
                (hand | gone) >> c & 1 for c in range(min(a, k) + 1, max(a, k))) for k in kept)
    assert dropped >= 10


def test_tricks_left_and_final_scores_of_early_french():
    deal = tarot.new_deal("early-french", {"players": 5}, seed=3)
    bots = [make_bot("rule", seed=s) for s in range(5)]
    while not deal.is_over:
        if deal.phase == "play":
            assert tricks_left(deal) == 12 - len(deal.tricks)
        deal.push(bots[deal.to_play].act(deal.view(deal.to_play)))
    assert [seat_score(deal, s) for s in range(5)] == list(deal.result().scores)
    assert search_mod.final_scores(deal) == deal.result().scores


GAMES = [("early-french", {"players": 3}), ("early-french", {"players": 5, "direction": "clockwise"}),
         ("french-2p", None), ("marolles-2p", None)]

#: These tests count the searches by patching the search module, which a compiled module does
#: not see (its calls are bound when compiled): they run on the pure-Python engine, where what
#: they check, that the bots take the search path, is the same code.
counts_by_patching = pytest.mark.skipif(tarot.COMPILED, reason="patching cannot reach compiled code")


@counts_by_patching
@pytest.mark.parametrize("variant,options", GAMES)
def test_search_bots_search_and_play_legal_actions(variant, options, monkeypatch):
    # push() refuses an illegal action, so a finished deal is the proof; the counts show the
    # bots searched rather than handing their decisions to the rule bot
    searched, sampled = [0], [0]
    search = PimcBot._search

    def counting_search(self, view):
        searched[0] += 1
        return search(self, view)

    def counting_sample(cons, rng, *args, **kwargs):
        sampled[0] += 1
        return sample_from(cons, rng, *args, **kwargs)

    monkeypatch.setattr(PimcBot, "_search", counting_search)
    monkeypatch.setattr(search_mod, "sample_from", counting_sample)
    n = variant_class(variant).players_for(options or {})
    deal = tarot.new_deal(variant, options, seed=2, dealer=1)
    bots = [PimcBot(seed=1, worlds=4, candidates=2), IsmctsBot(seed=2, iterations=16)]
    bots += [make_bot("rule", seed=s) for s in range(n - 2)]
    play_out(deal, bots)
    assert deal.is_over and searched[0] >= 3 and sampled[0] >= 16 * 3


@counts_by_patching
@pytest.mark.parametrize("name", ["pimc", "ismcts"])
def test_named_search_bots_play_a_whole_deal(name, monkeypatch):
    searched = [0]
    real = search_mod.Constraints

    def counting(view):
        searched[0] += 1
        return real(view)

    monkeypatch.setattr(search_mod, "Constraints", counting)
    for variant, options in (("early-french", {"players": 4}), ("french-2p", None)):
        n = variant_class(variant).players_for(options or {})
        deal = tarot.new_deal(variant, options, seed=6)
        before = searched[0]
        play_out(deal, [make_bot(name, seed=3)] + [make_bot("rule", seed=s) for s in range(1, n)])
        assert deal.is_over and searched[0] - before >= 5


def test_declarations_undone_by_going_back_are_sampled():
    """With declarations at one's first card, owning up to a revoke in the first trick can undo
    a declaration made after it; the declarations then made again are replayed in order from
    the view's play sequence, and the samples reproduce the view."""
    ack = tarot.ACTION_IDS["acknowledge_revoke"]
    options = {"revoke_handling": "penalty_1m_forfeit_with_correction_window",
               "declaration_timing": "before_own_first_card"}
    found = 0
    for seed in range(1500):
        rng = random.Random(seed)
        deal = tarot.new_deal("marolles-1637", options, seed=seed, dealer=seed % 3)
        undone = 0   # the number of declarations shown before one was undone
        while not deal.is_over and deal.trick_no < 3:
            shown = len(deal.shown)
            a = rng.choice(deal.legal_actions())
            deal.push(a)
            if a == ack and len(deal.shown) < shown:
                undone = shown
            if undone and len(deal.shown) >= undone and deal.phase in ("play", "declare"):
                break   # declared again since
        else:
            continue
        if not undone or deal.is_over:
            continue
        found += 1
        check_samples(deal, 2, random.Random(seed))
        if found >= 6:
            break
    assert found >= 4


# ----- revokes allowed: what the view shows, and what it does not -------------------------------
WINDOW = "penalty_1m_forfeit_with_correction_window"


@pytest.mark.parametrize("variant", ["marolles-1637", "marolles-2p"])
@pytest.mark.parametrize("mode", [WINDOW, "penalty_1m_and_forfeit"])
def test_positions_with_revokes_allowed_are_sampled_and_voids_hold(mode, variant):
    """Random positions of Marolles with every option random but revokes allowed: the failures
    to follow the sampler takes as voids are true of the deal (a revoke paid to no one, when
    every opponent had forfeited, leaves none: it must not be taken for one; nor does a short
    discard, seen only in the hand sizes), and every position is sampled (the positions found
    without a sample before: opponents forfeited unseen, a declaration undone by going back, a
    redeal being granted)."""
    from helpers_variants import random_options

    from tarot.bots.sampling import public_view, sample_world
    from tarot.variants.marolles.sampler import marolles_voids

    sampled = checked = 0
    for seed in range(1500):
        rng = random.Random(seed)
        options = random_options(variant, rng)
        options["revoke_handling"] = mode
        deal = tarot.new_deal(variant, options, seed=seed, dealer=seed % variant_class(variant).players_for(options))
        stop = rng.randrange(80)
        while not deal.is_over and len(deal.history) < stop:
            deal.push(rng.choice(deal.legal_actions()))
        if deal.is_over:
            continue
        view = deal.view(deal.to_play)
        for s, lacked in enumerate(marolles_voids(view)):
            assert not deal.hands[s] & lacked, (seed, s)
        checked += 1
        world = sample_world(view, random.Random(seed))   # SamplingError if none is found
        assert public_view(world.view(view.seat)) == public_view(view)
        sampled += 1
    assert sampled == checked > (1200 if variant == "marolles-1637" else 800)


def test_positions_where_a_redeal_is_being_granted_are_sampled():
    """bad_hand_redeal: the view says who asked (``extra["redeal_asker"]``) and the seats
    between him and the one to play granted it; the samples replay that."""
    grant, redeal = tarot.ACTION_IDS["grant"], tarot.ACTION_IDS["redeal"]
    for seed in range(6):
        deal = tarot.new_deal("marolles-1637", {"bad_hand_redeal": "2"}, seed=seed, dealer=seed % 3)
        for _ in range(seed % 3):
            deal.push(tarot.DONE)   # the seats before the asker keep their hands
        asker = deal.to_play
        deal.push(redeal)
        assert deal.phase == "grant" and deal.view(deal.to_play).extra["redeal_asker"] == asker
        check_samples(deal, 2, random.Random(seed))
        deal.push(grant)   # the first to answer grants; the second has not answered yet
        assert deal.phase == "grant"
        check_samples(deal, 2, random.Random(seed))


def test_declarations_undone_by_going_back_are_public_and_sampled():
    """A declaration made at one's first card and undone by going back was shown all the same:
    every view lists each declaration made at one's first card, in order, undone or not
    (``extra["shown_sequence"]``), and the samples give its cards to its declarer (in his hand,
    unless he has played them since)."""
    ack = tarot.ACTION_IDS["acknowledge_revoke"]
    options = {"revoke_handling": WINDOW, "declaration_timing": "before_own_first_card"}
    found = 0
    for seed in range(3000):
        rng = random.Random(seed)
        deal = tarot.new_deal("marolles-1637", options, seed=seed, dealer=seed % 3)
        made, undone = [], []
        while not deal.is_over and deal.trick_no < 4 and not undone:
            shown = list(deal.shown)
            a = rng.choice(deal.legal_actions())
            deal.push(a)
            if a == ack:
                undone = shown[len(deal.shown):]
            elif len(deal.shown) > len(shown):
                made += deal.shown[len(shown):]
        if not undone or deal.is_over:
            continue
        found += 1
        for seat in range(3):
            listed = [(s, a, cs) for s, a, cs in deal.view(seat).extra["shown_sequence"]]
            assert listed == made and all(d in listed for d in undone)
        view = deal.view(deal.to_play)
        cons = Constraints(view)
        for _ in range(3):
            world = sample_from(cons, rng)
            for s, _, cs in undone:
                if s != view.seat:
                    assert cs & ~(world.hands[s] | played_cards(view)[s]) == 0, seed
        check_samples(deal, 2, random.Random(seed))
        if found >= 8:
            break
    assert found >= 5


def test_the_play_sequence_does_not_tell_that_a_declaration_had_a_choice():
    """The public play sequence holds the cards played, the acknowledgments and the declarations
    made at one's first card, not the cards chosen for a declaration's show: their number
    would tell that the declarer held more cards of the kind than he showed."""
    options = {"revoke_handling": WINDOW, "declaration_timing": "before_own_first_card"}
    checked = 0
    for seed in range(400):
        rng = random.Random(seed)
        deal = tarot.new_deal("marolles-1637", options, seed=seed, dealer=seed % 3)
        expected, chose = [], False
        while not deal.is_over and deal.trick_no < 6:
            phase = deal.phase
            a = rng.choice(deal.legal_actions())
            deal.push(a)
            if phase in ("play", "declare"):
                expected.append(a)
            chose |= phase == "show"
            sequence = deal.view(0).extra.get("play_sequence")
            if sequence is not None and deal.phase != "show":
                assert sequence == expected, seed
                checked += chose
    assert checked > 20


def played_cards(view) -> list[int]:
    """The cards each seat has played in the tricks and the trick on the table."""
    out = [0] * view.players
    tricks = [(leader, cards) for leader, cards, _ in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        for i, c in enumerate(cards[:view.players]):
            out[(leader + i) % view.players] |= 1 << c
    return out
