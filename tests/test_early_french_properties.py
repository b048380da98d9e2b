"""Property tests over 10,000+ random Early French Tarot deals (docs/rules §3; issue 4).

Plain seeded loops (fast): every player count 2..6, random options, random dealer, random legal
decisions. Each deal is followed step by step by ``Model``, an independent account of the rules
written here from docs/rules §3 (the deal order, follow/trump duties, the Fool led and never
winning, the consolation now / later / surrendered, the scoring tables), and checked:

* the legal actions are the model's, tricks go to the model's winner, scores are the model's;
* every card is accounted for: the dealt cards end in the piles, each once; the set-aside cards
  appear in no pile, trick or view;
* Σ(cards won − 12) = 0 every hand, and every pile is a whole number of tricks' worth of cards
  (players × tricks won);
* the consolation paid later and the surrendered Fool both occur in the sample;
* views show their own hand plus public play only; pop() undoes every step exactly;
* records round-trip (text and JSON) and replay to the same result;
* ``simulate`` gives identical summaries twice.
"""

import random

import pytest

import tarot
from tarot.core.cards import FULL_PACK, TRUMPS, mask, rank_of, suit_of
from tarot.records import parse_record, record_from_deal, replay
from tarot.runs.simulate import simulate

V = "early-french"
F = 0
CHUNKS_PER_COUNT = 2
PER_CHUNK = 1020   # 5 player counts x 2 chunks x 1020 = 10,200 deals

# The scoring cards of docs/rules §3.1 / §3.4, written out independently of the engine.
KINGS = {22 + 14 * s + 13 for s in range(4)}
QUEENS = {22 + 14 * s + 12 for s in range(4)}
CAVALIERS = {22 + 14 * s + 11 for s in range(4)}
JACKS = {22 + 14 * s + 10 for s in range(4)}


def card_value(c, table):
    tarot_card = c in (0, 1, 21) or c in KINGS
    if table == "du_coeur_s6":
        if c == 0:
            return 5
        if tarot_card:
            return 4
        return 3 if c in QUEENS else 2 if c in CAVALIERS else 1 if c in JACKS else 0
    top = 5 if table == "nominal" else 4
    if tarot_card:
        return top
    return (top - 1 if c in QUEENS else top - 2 if c in CAVALIERS else top - 3 if c in JACKS else 0)


def power(c, reverse):
    """Trick-taking strength; suits compare only within the suit led."""
    if 1 <= c <= 21:
        return 100 + c
    r = rank_of(c)
    if reverse and suit_of(c) in (2, 3) and r <= 10:   # round suits: Ace high among numerals
        return 11 - r
    return r


class Model:
    """Early French Tarot as docs/rules §3 says it, kept apart from the engine."""

    def __init__(self, deck, dealer, options):
        self.n = n = int(options["players"])
        self.step = 1 if options["direction"] == "anticlockwise" else -1
        self.reverse = options["reverse_round_suits"] == "true"
        self.table = options["scoring_table"]
        self.forced = options["consolation_choice"] == "lowest_value_forced"
        self.hands = [set() for _ in range(n)]
        eldest = (dealer + self.step) % n
        for i in range(12 * n):   # one at a time from the top, from the eldest
            self.hands[(eldest + self.step * i) % n].add(deck[i])
        self.dealt = set(deck[:12 * n])
        self.aside = set(deck[12 * n:])
        self.piles = [set() for _ in range(n)]
        self.tricks_won = [0] * n
        self.leader = self.to_play = eldest
        self.trick = []
        self.tricks = 0
        self.phase = "play"
        self.owner = self.receiver = None
        self.owed = False
        self.outcome = None

    def legal(self):
        if self.phase == "consolation":
            return sorted(self.piles[self.owner] - {F})
        h = self.hands[self.to_play]
        lead = next((c for c in self.trick if c != F), None)
        if lead is None:
            return sorted(h)
        if lead <= 21:
            ok = {c for c in h if 1 <= c <= 21}
        else:
            ok = {c for c in h if c >= 22 and suit_of(c) == suit_of(lead)}
            if not ok:
                ok = {c for c in h if 1 <= c <= 21}
        return sorted(ok | (h & {F})) if ok else sorted(h)

    def winner(self):
        lead = next(c for c in self.trick if c != F)
        best = None
        for i, c in enumerate(self.trick):
            if c == F:
                continue
            if 1 <= c <= 21 or (lead >= 22 and c >= 22 and suit_of(c) == suit_of(lead)):
                if best is None or power(c, self.reverse) > power(self.trick[best], self.reverse):
                    best = i
        return (self.leader + self.step * best) % self.n

    def push(self, a):
        if self.phase == "consolation":
            self.give(a)
            self.next_trick()
            return
        p = self.to_play
        self.hands[p].remove(a)
        self.trick.append(a)
        if len(self.trick) < self.n:
            self.to_play = (p + self.step) % self.n
            return
        w = self.winner()
        self.tricks_won[w] += 1
        payer = None
        for i, c in enumerate(self.trick):
            if c == F:
                self.owner = (self.leader + self.step * i) % self.n
                self.receiver = w
                self.piles[self.owner].add(F)
                if self.piles[self.owner] - {F}:
                    payer = self.owner
                    self.outcome = "now"
                else:
                    self.owed = True
            else:
                self.piles[w].add(c)
        if self.owed and w == self.owner:
            self.owed = False
            payer = w
            self.outcome = "later"
        self.trick = []
        self.leader = w
        self.tricks += 1
        if payer is not None:
            cands = sorted(self.piles[payer] - {F})
            if self.forced or len(cands) == 1:
                self.give(min(cands, key=lambda c: (card_value(c, self.table), c)))
            else:
                self.phase, self.to_play = "consolation", payer
                return
        self.next_trick()

    def give(self, c):
        self.piles[self.owner].remove(c)
        self.piles[self.receiver].add(c)

    def next_trick(self):
        if self.tricks < 12:
            self.phase, self.to_play = "play", self.leader
            return
        if self.owed:   # the owner won no trick: the Fool to the winner of its trick
            self.give(F)
            self.owed = False
            self.outcome = "surrendered"
        self.phase, self.to_play = "over", None

    def scores(self):
        return tuple(len(p) - 12 + sum(card_value(c, self.table) for c in p) for p in self.piles)


def random_options(rng, players):
    return {
        "players": players,
        "direction": rng.choice(["anticlockwise", "clockwise"]),
        "reverse_round_suits": rng.choice(["false", "true"]),
        "scoring_table": rng.choice(["du_coeur_s6", "nominal", "reduced"]),
        "consolation_choice": rng.choice(["giver_chooses", "lowest_value_forced"]),
    }


def check_views(deal, model):
    played = mask(c for _, cards, _ in deal.tricks for c in cards) | mask(deal.trick)
    for s in range(deal.players):
        v = deal.view(s)
        assert v.hand == mask(model.hands[s])
        assert v.known_cards() == v.hand | played          # own hand and public play, nothing else
        assert not v.known_cards() & mask(model.aside)
        assert v.hand_sizes == tuple(len(h) for h in model.hands)
        assert [tuple(c) for c in v.extra["consolations"]] == deal.consolations
        for _, _, _, c in deal.consolations:
            assert played >> c & 1                          # a consolation card was played
        if s == deal.to_play:
            assert list(v.legal_actions) == model.legal()
        else:
            assert v.legal_actions == ()


def state(deal):
    return (deal.phase, deal.to_play, tuple(deal.hands), tuple(deal.piles), tuple(deal.trick),
            len(deal.tricks), tuple(deal.consolations), deal.leader)


def run(deal, rng, views=False, undo=False):
    """Play ``deal`` with random legal actions, checking it against the model at every step."""
    model = Model(deal.deck, deal.dealer, deal.options)
    states = []
    while not deal.is_over:
        assert deal.phase == model.phase and deal.to_play == model.to_play
        acts = deal.legal_actions()
        assert acts == model.legal()
        if views:
            check_views(deal, model)
        if undo:
            states.append(state(deal))
        a = rng.choice(acts)
        n_tricks = len(deal.tricks)
        deal.push(a)
        model.push(a)
        if len(deal.tricks) > n_tricks:
            leader, cards, winner = deal.tricks[-1]
            assert winner == model.leader   # the model's trick winner leads next
        assert [mask(p) for p in model.piles] == deal.piles
    assert model.phase == "over"
    if views:
        check_views(deal, model)
    if undo:   # take every action back, checking each position, then play them again
        actions, end = list(deal.history), state(deal)
        for expected in reversed(states):
            deal.pop()
            assert state(deal) == expected
        assert not deal.history
        for a in actions:
            deal.push(a)
        assert state(deal) == end
    return model


def check_finished(deal, model):
    n = deal.players
    r = deal.result()
    assert r.scores == model.scores()
    cards = [len(p) - 12 for p in model.piles]
    assert r.by_source["cards"] == cards
    assert sum(cards) == 0                                   # Σ(cards − 12) = 0
    assert [r.scores[s] - r.by_source["cards"][s] for s in range(n)] == list(r.card_points)
    assert len(r.ledger) == 0
    union = set()
    for s, p in enumerate(model.piles):
        assert not union & p                                 # no card in two piles
        union |= p
        assert len(p) == n * model.tricks_won[s]             # whole tricks' worth of cards
    assert union == model.dealt                              # every dealt card ends in a pile
    assert not union & model.aside                           # set-aside cards never appear
    assert sum(model.tricks_won) == 12 == len(deal.tricks)
    assert [sum(1 for t in deal.tricks if t[2] == s) for s in range(n)] == model.tricks_won
    assert deal.fool_outcome() == model.outcome
    assert deal.running_scores()[-1] == r.scores


@pytest.mark.parametrize("chunk", range(CHUNKS_PER_COUNT))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_deals_with_random_options(players, chunk):
    rng = random.Random(1997_000 + 10 * players + chunk)
    seen = {"now": 0, "later": 0, "surrendered": 0, None: 0}
    records = 0
    for i in range(PER_CHUNK):
        options = random_options(rng, players)
        deal = tarot.new_deal(V, options, seed=rng.randrange(2**32), dealer=rng.randrange(players))
        try:
            model = run(deal, rng, views=i % 10 == 0, undo=i % 25 == 1)
            check_finished(deal, model)
            if i % 40 == 0:
                rec = record_from_deal(deal)
                assert parse_record(rec.to_text()) == rec == parse_record(rec.to_json())
                again = replay(rec)
                assert again.result().scores == deal.result().scores
                assert again.piles == deal.piles and again.consolations == deal.consolations
                records += 1
        except AssertionError as e:
            raise AssertionError(f"deal {i}: options {deal.options.changed()}, deck {list(deal.deck)}, "
                                 f"dealer {deal.dealer}, history {deal.history}") from e
        seen[model.outcome] += 1
    # the consolation paid at once, paid later, and the surrendered Fool all occurred (with two
    # players a surrender is rare, ~1 in 700 random deals: test_early_french_rules has one)
    assert seen["now"] > 0 and seen["later"] > 0, seen
    if players > 2:
        assert seen["surrendered"] > 0, seen
    assert records > 20


def test_the_pack_and_scoring_totals():
    # 78 cards; the scoring cards total 53 under du_coeur_s6 (docs/rules §3.1)
    assert tarot.variant_class(V).PACK == FULL_PACK
    assert sum(card_value(c, "du_coeur_s6") for c in range(78)) == 53
    assert sum(card_value(c, "reduced") for c in range(78)) == 52
    assert sum(card_value(c, "nominal") for c in range(78)) == 71
    assert TRUMPS.bit_count() == 21


def test_copy_is_independent():
    rng = random.Random(8)
    deal = tarot.new_deal(V, {"players": 3}, seed=8)
    for _ in range(10):
        deal.push(rng.choice(deal.legal_actions()))
    twin = deal.copy()
    before = state(deal)
    while not twin.is_over:
        twin.push(rng.choice(twin.legal_actions()))
    assert state(deal) == before
    assert sum(twin.result().by_source["cards"]) == 0


def test_simulate_is_deterministic():
    def run_sim():
        return [s.to_json() for s in simulate(V, 1000, 1, {"players": 5}, ["random"])]

    first, second = run_sim(), run_sim()
    assert len(first) == 1000 and first == second
    assert '"fool":"later"' in "".join(first) and '"cards_won"' in first[0]
