"""Marolles's 78-card base game, ``marolles-78`` (docs/rules §2; issue 4).

Property tests: 10,000 random deals with random option settings, one deal in five checked at
every step against ``helpers_variants.VModel`` (legal plays and declarations, trick winners,
every payment, views) and the rest at the end (ledger, tricks, piles, card points). Worked
examples, written by hand from docs/rules §2: the deal 25/25/28, the dealer's 3 discards, the
ranking of the round and long suits, 25 tricks, par 26 against 25, and 26/26/26 paying nothing.
"""

import json
import random

import pytest

import tarot
from helpers import BOUTS, FOOL, TRUMPS, literal_points
from helpers_variants import (
    LONG_ORDER_78, PACK_78, ROUND_ORDER_78, SUIT_MASK_78, V78, VModel, arrange, model_for, play,
    position, random_options, reason_totals, run_checked, run_light,
)
from tarot.bots import make_bot
from tarot.core.actions import DONE
from tarot.core.cards import KINGS, cards_of, mask, parse_card, parse_cards
from tarot.records import parse_record, record_from_deal, replay
from tarot.variants.marolles.rules import suit_power

CHUNKS, PER_CHUNK = 5, 2000


def _deal(rng, options):
    return tarot.new_deal(V78, options, seed=rng.randrange(2**32), dealer=rng.randrange(3))


# ----------------------------------------------------------------------------------------
# Properties
# ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_deals_with_random_options(chunk):
    """Every card accounted for, 78 card points, zero-sum payments, the dealer alone discards 3,
    25 tricks, no card-point payment without a loser and a winner — on 2,000 deals a chunk."""
    rng = random.Random(78_000 + chunk)
    seen = {"one_winner": 0, "two_winners": 0, "no_loser": 0, "no_winner": 0, "par26_no_loser": 0,
            "annulled": 0}
    for i in range(PER_CHUNK):
        options = random_options(V78, rng)
        deal = _deal(rng, options)
        try:
            model = run_checked(deal, rng, views=True) if i % 5 == 0 else run_light(deal, rng)
        except AssertionError as e:
            raise AssertionError(f"deal {i} of chunk {chunk}: options {deal.options.changed()}, "
                                 f"deck {list(deal.deck)}, dealer {deal.dealer}, "
                                 f"history {deal.history}") from e
        if model.annulled:
            seen["annulled"] += 1
            continue
        # only the dealer discards (3 cards unless a short discard was allowed and made)
        views = [deal.view(s) for s in range(3)]
        assert all(views[s].discards == 0 for s in range(3) if s != deal.dealer)
        nd = views[deal.dealer].discards.bit_count()
        assert nd == 3 or (options["wrong_discard_count"] != "forbidden" and nd < 3)
        r = deal.result()
        assert sum(r.card_points) == 78 and sum(r.scores) == 0 and len(deal.tricks) == 25
        winners = sum(p >= model.par for p in r.card_points)
        key = {0: "no_winner", 1: "one_winner", 2: "two_winners", 3: "no_loser"}[winners]
        seen[key] += 1
        if winners == 3 and model.par == 26:
            seen["par26_no_loser"] += 1
    assert all(seen[k] > 0 for k in ("one_winner", "two_winners", "no_loser", "no_winner")), seen


def test_default_options_one_deal_in_two_checked():
    """Defaults (par 26): 1,000 deals; all three players reach par in some of them."""
    rng = random.Random(26)
    no_loser = 0
    for i in range(1000):
        deal = _deal(rng, None)
        model = run_checked(deal, rng, views=False) if i % 2 else run_light(deal, rng)
        no_loser += min(model.points) >= 26
        assert sum(model.points) == 78
    assert no_loser > 0


# ----------------------------------------------------------------------------------------
# Worked examples: the deal and the discard (§2)
# ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_deal_25_25_28_in_fives_from_a_known_deck(dealer):
    """5 rounds of 5 anticlockwise from the dealer's right (seat dealer+1), then 3 more to the
    dealer, who also gets the bottom (cut) card."""
    deck = list(reversed(cards_of(PACK_78)))
    deal = tarot.new_deal(V78, deck=deck, dealer=dealer)
    right, left = (dealer + 1) % 3, (dealer + 2) % 3
    expect = {right: [], left: [], dealer: []}
    for r in range(5):
        expect[right] += deck[15 * r:15 * r + 5]
        expect[left] += deck[15 * r + 5:15 * r + 10]
        expect[dealer] += deck[15 * r + 10:15 * r + 15]
    expect[dealer] += deck[75:78]
    for s in range(3):
        assert deal.view(s).hand == mask(expect[s])
    assert [deal.view(s).hand.bit_count() for s in range(3)] == [28 if s == dealer else 25 for s in range(3)]
    assert deal.view(right).cut_card == deck[-1] and deal.view(dealer).hand >> deck[-1] & 1
    assert deal.view(right).hand_sizes[dealer] == 28


def test_only_the_dealer_discards_three():
    deal = tarot.new_deal(V78, seed=3, dealer=2)
    assert deal.phase == "discard" and deal.to_play == 2, "the dealer alone discards"
    assert DONE not in deal.legal_actions(), "exactly 3 (wrong_discard_count=forbidden)"
    for _ in range(3):
        assert deal.phase == "discard" and deal.to_play == 2
        deal.push(deal.legal_actions()[0])
    assert deal.phase == "declare" and deal.to_play == 0, "then the dealer's right declares"
    assert [deal.view(s).hand.bit_count() for s in range(3)] == [25, 25, 25]
    assert [deal.view(s).discards.bit_count() for s in range(3)] == [0, 0, 3]


def test_a_trump_discarded_costs_two_marques_to_each_opponent():
    """§1.4 as in §2: discarding a trump (here the dealer's II) costs 2 M to each opponent, paid
    when his discard of three is complete."""
    deck, hands, disc = arrange(V78, hands={0: "T2"}, dealer=0)
    deal = tarot.new_deal(V78, deck=deck, dealer=0)
    deal.push(parse_card("T2"))
    assert reason_totals(deal, "discard", 3) == [0, 0, 0]
    while deal.phase == "discard":
        deal.push(next(a for a in deal.legal_actions() if a > 21 and not KINGS >> a & 1))  # plain cards
    assert reason_totals(deal, "discard", 3) == [-4, 2, 2]


def test_twenty_five_tricks_each_player_holding_25():
    deal = tarot.new_deal(V78, seed=9, dealer=1)
    rng = random.Random(9)
    while deal.phase != "play":
        deal.push(rng.choice(deal.legal_actions()))
    assert [deal.view(s).hand.bit_count() for s in range(3)] == [25, 25, 25]
    assert deal.to_play == 2, "the dealer's right leads the first trick"
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    assert len(deal.tricks) == 25


# ----------------------------------------------------------------------------------------
# Worked examples: the ranking (§2: round suits K Q C J 1 2 … 10, long suits K Q C J 10 … 1)
# ----------------------------------------------------------------------------------------
def test_engine_suit_power_orders_the_78_card_suits_as_rules_2_says():
    for suit in "SB":
        order = [parse_card(r + suit) for r in LONG_ORDER_78]
        assert [suit_power(c) for c in order] == sorted((suit_power(c) for c in order), reverse=True)
        assert len({suit_power(c) for c in order}) == 14
    for suit in "CD":
        order = [parse_card(r + suit) for r in ROUND_ORDER_78]
        assert [suit_power(c) for c in order] == sorted((suit_power(c) for c in order), reverse=True)
        assert len({suit_power(c) for c in order}) == 14
    assert tarot.new_deal(V78, seed=1).card_power(parse_card("AC")) > \
        tarot.new_deal(V78, seed=1).card_power(parse_card("10C"))


def test_round_suit_ace_beats_two_and_ten_is_lowest():
    """Cups led: 10C (lowest numeral of a round suit), 2C, then AC — the Ace takes it."""
    deal, _, _ = position(V78, hands={1: "10C", 2: "2C", 0: "AC"}, dealer=0)
    play(deal, "10C", "2C", "AC")
    assert deal.tricks[0] == (1, tuple(parse_cards("10C 2C AC")), 0)
    assert deal.to_play == 0


def test_round_suit_jack_beats_ace():
    deal, _, _ = position(V78, hands={1: "AD", 2: "JD", 0: "9D"}, dealer=0)
    play(deal, "AD", "JD", "9D")
    assert deal.tricks[0][2] == 2
    # la Belle is paid when played, win or lose (§1.7)
    assert reason_totals(deal, "belle", 3) == [-1, 2, -1]


def test_long_suit_ten_beats_two_and_ace_is_lowest():
    deal, _, _ = position(V78, hands={1: "AS", 2: "2S", 0: "10S"}, dealer=0)
    play(deal, "AS", "2S", "10S")
    assert deal.tricks[0][2] == 0
    deal2, _, _ = position(V78, hands={1: "3B", 2: "AB", 0: "2B"}, dealer=0)
    play(deal2, "3B", "AB", "2B")
    assert deal2.tricks[0][2] == 1


def test_must_follow_then_trump_with_the_full_pack():
    """A player void in the suit led must trump (§1.6), the removed cards of the 66-card pack
    (here 9C) follow suit like any other."""
    deal, _, _ = position(V78, hands={1: "9C", 2: "T5 T6 8S", 0: "8C"}, void={2: "C"}, dealer=0)
    play(deal, "9C")
    legal = {a for a in deal.legal_actions() if a < 78}
    assert legal and all(TRUMPS >> a & 1 or a == FOOL for a in legal)
    play(deal, "T5")
    hand0 = deal.view(0).hand
    assert mask(deal.legal_actions()) == (hand0 & SUIT_MASK_78["C"]) | (hand0 & 1)
    play(deal, "8C")
    assert deal.tricks[0][2] == 2


# ----------------------------------------------------------------------------------------
# Worked examples: par 26 and 25 (§2, §1.9)
# ----------------------------------------------------------------------------------------
def _one_winner_deal(options):
    """Seat 1 (the dealer's right, first to lead) holds all 21 trumps and the 4 Kings, so it
    takes all 25 tricks whatever is played; seat 2 holds the Fool and excuses it in trick 1
    (everyone plays his lowest legal card); the dealer (seat 0) discards 3 empty Swords.

    Piles: seat 1 has the 75 played cards but the Fool: 74 cards, reduced 52 − 4 = 48,
    48 + ⌊75/3⌋ = 73; seat 2 the Fool alone: 4 + ⌊2/3⌋ = 4; the dealer his 3 empties: 1."""
    deal, _, _ = position(V78, options, hands={1: "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 "
                                                   "T16 T17 T18 T19 T20 T21 KS KB KC KD", 2: "F"},
                          discards={0: "4S 5S 6S"}, dealer=0)
    while not deal.is_over:
        deal.push(deal.legal_actions()[0])
    assert deal.tricks[0][1][1] == FOOL and all(w == 1 for _, _, w in deal.tricks)
    assert deal.result().card_points == (1, 73, 4)
    return deal


def test_par_26_one_winner_losers_pay_per_full_five_below_26():
    """Par 26: seat 2 (4 points) pays ⌊22/5⌋ = 4, the dealer (1 point) ⌊25/5⌋ = 5."""
    deal = _one_winner_deal(None)
    assert reason_totals(deal, "card_points", 3) == [-5, 9, -4]


def test_par_25_option_one_winner_losers_pay_per_full_five_below_25():
    """Par 25: seat 2 (4 points) pays ⌊21/5⌋ = 4, the dealer (1 point) ⌊24/5⌋ = 4."""
    deal = _one_winner_deal({"par_points": "25"})
    assert reason_totals(deal, "card_points", 3) == [-4, 8, -4]


def _piles_from_tricks(deal) -> list[int]:
    """Each seat's pile counted from the public record: its discards and the tricks it won,
    the excused Fool going back to its owner (default options)."""
    piles = [deal.view(s).discards for s in range(3)]
    for leader, cards, winner in deal.tricks:
        for i, c in enumerate(cards):
            who = (leader + i) % 3 if c == FOOL else winner
            piles[who] |= 1 << c
    return piles


# A deal (seed 510, dealer 0, random legal play from random.Random(510)) in which each player
# ends with 26 card points; found by playing ``VModel`` (not the engine) over seeded deals.
SEED_262626 = 510


@pytest.mark.parametrize("par", ["26", "25"])
def test_26_26_26_pays_nothing(par):
    """§2: 'with a 78-point total all three can reach 25 (e.g. 26/26/26) … if there is no loser
    … there are no card-point payments' — with par 26 as with par 25."""
    deal = tarot.new_deal(V78, {"par_points": par}, seed=SEED_262626, dealer=SEED_262626 % 3)
    rng = random.Random(SEED_262626)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    piles = _piles_from_tricks(deal)
    assert sum(p.bit_count() for p in piles) == 78
    assert [literal_points(p) for p in piles] == [26, 26, 26]
    assert deal.result().card_points == (26, 26, 26)
    assert not [e for e in deal.ledger.entries if e.reason == "card_points"]


def test_two_winners_collect_per_full_five_above_par():
    """Pagat's symmetric rule with par 26, as computed by the model from RULES.md, on the first
    seeded deal with two winners, one of them 5 or more above par."""
    rng = random.Random(2)
    for seed in range(500):
        deal = tarot.new_deal(V78, seed=seed)
        while not deal.is_over:
            deal.push(rng.choice(deal.legal_actions()))
        pts = deal.result().card_points
        winners = [s for s in range(3) if pts[s] >= 26]
        if len(winners) == 2 and max(pts) >= 31:
            loser = next(s for s in range(3) if pts[s] < 26)
            expect = [0, 0, 0]
            for w in winners:
                expect[w] += (pts[w] - 26) // 5
                expect[loser] -= (pts[w] - 26) // 5
            assert reason_totals(deal, "card_points", 3) == expect != [0, 0, 0]
            return
    pytest.fail("no two-winner deal found")


# ----------------------------------------------------------------------------------------
# Views, records, simulation, bots
# ----------------------------------------------------------------------------------------
def test_views_show_no_other_hand_or_discard():
    rng = random.Random(11)
    for _ in range(30):
        deal = _deal(rng, random_options(V78, rng))
        run_checked(deal, rng, views=True)   # check_views at every step


def test_records_round_trip():
    rng = random.Random(5)
    for i in range(20):
        deal = _deal(rng, random_options(V78, rng) if i % 2 else None)
        cut_at = rng.randrange(60) if i % 5 == 0 else None
        while not deal.is_over and (cut_at is None or len(deal.history) < cut_at):
            deal.push(rng.choice(deal.legal_actions()))
        rec = record_from_deal(deal, Event="test")
        assert parse_record(rec.to_text()) == rec == parse_record(rec.to_json())
        json.loads(rec.to_json())
        again = replay(parse_record(rec.to_text()))
        assert again.history == deal.history and again.tricks == deal.tricks
        if deal.is_over:
            assert again.result().scores == deal.result().scores
            assert again.result().card_points == deal.result().card_points
            assert list(again.result().ledger.entries) == list(deal.result().ledger.entries)


def test_simulate_twice_gives_identical_summaries():
    from tarot.runs.simulate import simulate
    a = [s.to_dict() for s in simulate(V78, deals=30, seed=7, options={"par_points": "25"})]
    b = [s.to_dict() for s in simulate(V78, deals=30, seed=7, options={"par_points": "25"})]
    assert a == b and len(a) == 30
    assert all(sum(s["card_points"]) == 78 and sum(s["scores"]) == 0 for s in a)


def test_rule_bot_plays_to_the_end_with_legal_actions():
    """The rule bot decides from its view only; every action it chooses is legal (push would
    raise otherwise) and the model agrees with every step."""
    for seed in range(12):
        deal = tarot.new_deal(V78, random_options(V78, random.Random(seed)) if seed % 2 else None,
                              seed=seed, dealer=seed % 3)
        bots = [make_bot("rule", seed=seed * 3 + s) for s in range(3)]
        run_checked(deal, random.Random(seed), views=False,
                    choose=lambda d, legal, bots=bots: bots[d.to_play].act(d.view(d.to_play)))


def test_rule_bot_beats_random_on_the_mean_in_duplicate():
    """tarot.runs.duplicate.compare, 20 boards under every seating of rule and random (seed 1): the
    rule bot's mean per seat is above random's. (On 200 boards the margin was +7.8 M per seat
    per deal, 95% CI [+7.4, +8.2]: far from zero, so 20 boards are enough for a fixed seed.)"""
    from tarot.runs.duplicate import compare
    c = compare(V78, "rule", "random", deals=20, seed=1)
    assert c.n == 20 and c.mean_a > c.mean_b


def test_model_sanity():
    deal = tarot.new_deal(V78, seed=1)
    m = VModel(deal)
    assert [h.bit_count() for h in m.hands] == [28, 25, 25] and m.need == [3, 0, 0]
    assert BOUTS | KINGS == mask(parse_cards("F T1 T21 KS KB KC KD"))
    check = model_for(deal)
    assert check.hands == m.hands


def test_push_pop_and_copy():
    from helpers_variants import check_undo_and_copy
    rng = random.Random(17)
    for _ in range(25):
        check_undo_and_copy(_deal(rng, random_options(V78, rng)), rng)


def test_bad_input_is_refused_by_name_and_changes_nothing():
    from tarot.core.errors import IllegalActionError, OptionError
    with pytest.raises(IllegalActionError, match="lacks"):
        tarot.new_deal(V78, deck=cards_of(tarot.variant_class("marolles-1637").PACK))
    with pytest.raises(OptionError, match="'79'"):
        tarot.new_deal(V78, {"par_points": "79"}, seed=1)
    with pytest.raises(OptionError, match="'3'"):
        tarot.new_deal(V78, {"deal_packet": "3"}, seed=1)
    assert tarot.new_deal(V78, {"par_points": "30"}, seed=1).options["par_points"] == "30"
    deal = tarot.new_deal(V78, seed=1, dealer=0)
    before = (deal.phase, deal.to_play, [deal.view(s) for s in range(3)])
    outsider = next(c for c in cards_of(PACK_78) if not deal.view(0).hand >> c & 1)
    with pytest.raises(IllegalActionError):
        deal.push(outsider)
    assert (deal.phase, deal.to_play, [deal.view(s) for s in range(3)]) == before
