"""Marolles 1637 for two players with le Mort, ``marolles-2p`` (docs/rules §1.10; issue 4).

Property tests: 10,000 random deals with random option settings, one in five checked at every
step against ``helpers_variants.VModel`` (legal plays, trick winners with and without le Mort's
card competing, every payment, views that never show le Mort's cards to come) and the rest at
the end. Worked examples written by hand from §1.10: the deal layout (the other player, le Mort,
the dealer), the first lead by the dealer's opponent, le Mort's card going to the trick's winner,
a trick le Mort takes led again by the same player, the Fool, declarations paid by the other
player only (qui n'a le sien included), the Ultimo.
"""

import json
import random

import pytest

import tarot
from helpers import FOOL, literal_points
from helpers_variants import (
    MORT, PACK_66, V2P, VModel, play, position, random_options, reason_totals,
    run_checked, run_light,
)
from tarot.bots import make_bot
from tarot.core.actions import ACTION_IDS, DONE
from tarot.core.cards import cards_of, mask, parse_card, parse_cards
from tarot.records import parse_record, record_from_deal, replay

CHUNKS, PER_CHUNK = 5, 2000
COMPETE = {"mort_card_competes": "true"}


def _deal(rng, options):
    return tarot.new_deal(V2P, options, seed=rng.randrange(2**32), dealer=rng.randrange(2))


# ----------------------------------------------------------------------------------------
# Properties
# ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_deals_with_random_options(chunk):
    """Le Mort never pays or receives (two seats in the ledger, every payment as the model
    says); tricks hold the two players' cards then le Mort's, in deal order; the piles and le
    Mort's pile partition the pack; le Mort takes no trick unless its card competes."""
    rng = random.Random(2_000 + chunk)
    seen = {"mort_took": 0, "mort_captured_tarot": 0, "compete_deals": 0, "plain_deals": 0,
            "annulled": 0}
    for i in range(PER_CHUNK):
        options = random_options(V2P, rng)
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
        seen["compete_deals" if model.competes else "plain_deals"] += 1
        seen["mort_took"] += model.mort_took
        seen["mort_captured_tarot"] += model.mort_captures
        r = deal.result()
        assert len(r.scores) == 2 and sum(r.scores) == 0 and len(deal.tricks) == 20
    assert all(v > 0 for k, v in seen.items() if k != "annulled"), seen


def test_le_mort_captures_cost_the_owner_one_marque_to_the_other_player():
    """With mort_card_competes=true and default options, over seeded deals: every player's
    Tarot (other than the Fool) that le Mort's card captures costs its owner exactly 1 M to the
    other player — read from the ledger entries of that trick."""
    rng = random.Random(12)
    captured = 0
    for _ in range(300):
        deal = _deal(rng, COMPETE)
        run_light(deal, rng)
        for t, (leader, cards, winner) in enumerate(deal.tricks[:-1]):   # the last: the Ultimo
            if winner != MORT:
                continue
            for i, c in enumerate(cards[:2]):
                if c != FOOL and c in parse_cards("T1 T21 KS KB KC KD"):
                    owner = (leader + i) % 2
                    tok = tarot.format_card(c)
                    paid = [e for e in deal.ledger.entries if e.trick == t and e.detail == tok]
                    assert [(e.payer, e.payee, e.amount, e.reason) for e in paid] == \
                        [(owner, 1 - owner, 1, "tarot")]
                    captured += 1
    assert captured > 10


# ----------------------------------------------------------------------------------------
# The deal (§1.10: le Mort dealt where the third player would sit)
# ----------------------------------------------------------------------------------------
def _play_out_first_legal(deal):
    while not deal.is_over:
        deal.push(deal.legal_actions()[0])


@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_in_fives_other_player_le_mort_dealer(dealer):
    """4 rounds of 5 to the other player, le Mort and the dealer, then 1, 1 and 4; le Mort's
    cards are turned up in the order they were dealt, its 21st never."""
    deck = list(reversed(cards_of(PACK_66)))
    deal = tarot.new_deal(V2P, deck=deck, dealer=dealer)
    other = 1 - dealer
    h_other, h_mort, h_dealer = [], [], []
    for r in range(4):
        h_other += deck[15 * r:15 * r + 5]
        h_mort += deck[15 * r + 5:15 * r + 10]
        h_dealer += deck[15 * r + 10:15 * r + 15]
    h_other.append(deck[60])
    h_mort.append(deck[61])
    h_dealer += deck[62:66]
    assert deal.view(other).hand == mask(h_other) and deal.view(dealer).hand == mask(h_dealer)
    assert deal.view(other).hand_sizes == tuple(21 if s == other else 24 for s in range(2))
    _play_out_first_legal(deal)
    assert [cards[2] for _, cards, _ in deal.tricks] == h_mort[:20]
    assert deal.result().info["mort_pile"] == 1 << h_mort[20]


def test_deal_in_threes_other_player_le_mort_dealer():
    """deal_packet=3: 7 rounds of 3 to the other player, le Mort and the dealer, then the last
    3 to the dealer."""
    deck = cards_of(PACK_66)
    random.Random(3).shuffle(deck)
    deal = tarot.new_deal(V2P, {"deal_packet": "3"}, deck=deck, dealer=1)
    h_other = [c for r in range(7) for c in deck[9 * r:9 * r + 3]]
    h_mort = [c for r in range(7) for c in deck[9 * r + 3:9 * r + 6]]
    h_dealer = [c for r in range(7) for c in deck[9 * r + 6:9 * r + 9]] + deck[63:66]
    assert deal.view(0).hand == mask(h_other) and deal.view(1).hand == mask(h_dealer)
    _play_out_first_legal(deal)
    assert [cards[2] for _, cards, _ in deal.tricks] == h_mort[:20]


def test_discards_then_first_lead_by_the_dealers_opponent():
    """The other player discards 1, the dealer 4, le Mort nothing; everyone plays 20 cards and
    the dealer's opponent leads the first trick."""
    deal = tarot.new_deal(V2P, seed=4, dealer=1)
    assert (deal.phase, deal.to_play) == ("discard", 0)
    deal.push(deal.legal_actions()[0])
    for _ in range(4):
        assert (deal.phase, deal.to_play) == ("discard", 1)
        deal.push(deal.legal_actions()[0])
    assert (deal.phase, deal.to_play) == ("declare", 0)
    deal.push(DONE)
    deal.push(DONE)
    assert (deal.phase, deal.to_play) == ("play", 0)
    assert [deal.view(s).hand.bit_count() for s in range(2)] == [20, 20]
    assert deal.view(0).extra.get("mort_cards_left") == 21


# ----------------------------------------------------------------------------------------
# Le Mort's card in the trick
# ----------------------------------------------------------------------------------------
def test_le_morts_card_goes_to_the_trick_winner_and_pays_nothing():
    """Default (mort_card_competes=false): the other player (seat 1) leads 4C, the dealer plays
    5C (Cups is a round suit: 4 beats 5), le Mort's King of Cups joins the trick without
    competing; seat 1 takes all three cards and nothing is paid for le Mort's King."""
    deal, _, _ = position(V2P, hands={1: "4C", 0: "5C"}, mort="KC", dealer=0)
    play(deal, "4C", "5C")
    assert deal.tricks[0] == (1, tuple(parse_cards("4C 5C KC")), 1)
    assert not deal.ledger.entries, "le Mort's Tarot pays and receives nothing"
    assert deal.to_play == 1
    _play_out_first_legal(deal)
    assert not deal.result().info["mort_pile"] >> parse_card("KC") & 1


def test_a_trick_le_mort_takes_is_led_again_by_the_same_player():
    """mort_card_competes=true: the same trick goes to le Mort (its King is the best Cup); the
    cards are le Mort's, nothing is paid, and seat 1 leads again."""
    deal, _, _ = position(V2P, COMPETE, hands={1: "4C", 0: "5C"}, mort="KC 7S", dealer=0)
    play(deal, "4C", "5C")
    assert deal.tricks[0] == (1, tuple(parse_cards("4C 5C KC")), MORT)
    assert not deal.ledger.entries
    assert deal.to_play == 1 and deal.view(0).leader == 1
    _play_out_first_legal(deal)
    assert deal.result().info["mort_pile"] & mask(parse_cards("4C 5C KC")) == mask(parse_cards("4C 5C KC"))


@pytest.mark.parametrize("competes, expect", [(False, [-1, 1]), (True, [1, -1])])
def test_a_players_king_captured_by_le_mort_costs_one_marque_to_the_other(competes, expect):
    """Seat 1 leads KS, the dealer follows with 4S, le Mort's card is the V. Not competing: seat
    1 keeps its King and receives 1 M from the dealer. Competing: le Mort's trump captures the
    King and seat 1 pays 1 M — to the other player, le Mort receives nothing."""
    deal, _, _ = position(V2P, {"mort_card_competes": str(competes).lower()},
                          hands={1: "KS", 0: "4S"}, mort="T5", dealer=0)
    play(deal, "KS", "4S")
    assert deal.tricks[0][2] == (MORT if competes else 1)
    assert reason_totals(deal, "tarot", 2) == expect


@pytest.mark.parametrize("competes", [False, True])
def test_le_morts_world_pays_nothing(competes):
    """Le Mort turns up the XXI: no Tarot payment whoever takes the trick."""
    deal, _, _ = position(V2P, {"mort_card_competes": str(competes).lower()},
                          hands={1: "4S", 0: "5S"}, mort="T21", dealer=0)
    play(deal, "4S", "5S")
    assert deal.tricks[0][2] == (MORT if competes else 0)
    assert not deal.ledger.entries


def test_the_fool_excused_is_paid_by_the_other_player_only():
    deal, _, _ = position(V2P, hands={1: "4S", 0: "F 5S"}, mort="6S", dealer=0)
    play(deal, "4S", "F")
    assert deal.tricks[0] == (1, tuple(parse_cards("4S F 6S")), 1)
    assert reason_totals(deal, "excuse", 2) == [1, -1]


@pytest.mark.parametrize("competes", [False, True])
def test_le_morts_fool(competes):
    """Le Mort's Fool pays nothing. Not competing, it goes with the trick to the player who
    wins it; competing, it cannot win and goes back to le Mort (like an excused Fool)."""
    deal, _, _ = position(V2P, {"mort_card_competes": str(competes).lower()},
                          hands={1: "4S", 0: "5S"}, mort="F", dealer=0)
    play(deal, "4S", "5S")
    assert deal.tricks[0] == (1, tuple(parse_cards("4S 5S F")), 0)
    assert not deal.ledger.entries
    _play_out_first_legal(deal)
    assert bool(deal.result().info["mort_pile"] & 1) == competes


# ----------------------------------------------------------------------------------------
# Declarations: "from each opponent" means from the other player only
# ----------------------------------------------------------------------------------------
def test_four_kings_paid_by_the_other_player_only():
    deal, _, _ = position(V2P, hands={0: "KS KB KC KD"}, mort="F", dealer=0,
                          declare={0: ["kings_4"]})
    assert reason_totals(deal, "declaration", 2) == [3, -3]


def test_qui_na_le_sien_paid_by_the_other_player_holding_none():
    """The dealer holds XXI and I; the Fool is le Mort's, so the other player holds none of
    the three and pays 1 M; le Mort pays nothing."""
    deal, _, _ = position(V2P, hands={0: "T21 T1"}, mort="4S 5S F", dealer=0,
                          declare={0: ["qui_na_le_sien"]})
    assert reason_totals(deal, "qui_na_le_sien", 2) == [1, -1]
    assert deal.shown[-1] == (0, ACTION_IDS["qui_na_le_sien"], mask(parse_cards("T21 T1")))


def test_qui_na_le_sien_unpaid_when_the_other_player_holds_the_fool():
    deal, _, _ = position(V2P, hands={0: "T21 T1", 1: "F"}, dealer=0, declare={0: ["qui_na_le_sien"]})
    assert deal.shown and reason_totals(deal, "qui_na_le_sien", 2) == [0, 0]


# ----------------------------------------------------------------------------------------
# The Ultimo and the card points with le Mort
# ----------------------------------------------------------------------------------------
DEALER_TRUMPS = " ".join(f"T{n}" for n in range(3, 22))
#: Le Mort's first 20 cards, in the order they are turned up: T2, the other Swords, three
#: Kings (so that the other player holds none), four plain cards, T1.
MORT_ORDER = "T2 QS CS JS 10S 9S 8S 7S 6S 5S 4S KB KC KD 7B 4C 5C 6C 7C T1"


def _ultimo_deal(competes: bool):
    """The dealer (seat 0) plays with T3..T21 and KS; the other player holds the Fool and no
    Sword, no trump and no King. The other leads the Fool (his lowest card), the dealer plays his highest
    trump each trick, so he takes every trick and leads KS to the last one, where le Mort turns
    up the I."""
    deal, _, disc = position(V2P, {"mort_card_competes": str(competes).lower()},
                             hands={0: DEALER_TRUMPS + " KS", 1: "F"}, void={1: "ST"},
                             mort=MORT_ORDER, dealer=0)
    while not deal.is_over:
        legal = deal.legal_actions()
        if deal.to_play == 0:
            trumps = [a for a in legal if 1 <= a <= 21]
            deal.push(max(trumps) if trumps else legal[0])
        else:
            deal.push(legal[0])
    return deal, disc


@pytest.mark.parametrize("competes, expect", [(False, [6, -6]), (True, [-6, 6])])
def test_ultimo_with_le_mort(competes, expect):
    """Not competing: the dealer wins the last trick with KS: 6 M from the other player only.
    Competing: le Mort's I captures the King in the last trick: the dealer pays 6 M (ultimo_fail
    = 6) to the other player."""
    deal, _ = _ultimo_deal(competes)
    last = deal.tricks[-1]
    assert last[1][0] == parse_card("KS") and last[1][2] == parse_card("T1")
    assert last[2] == (MORT if competes else 0)
    assert all(w == 0 for _, _, w in deal.tricks[:-1])
    assert reason_totals(deal, "ultimo", 2) == expect


def test_card_points_one_winner_with_le_mort():
    """In the Ultimo deal without competing, the other player excuses the Fool at once (his
    lowest card) and keeps it: his pile is his one (empty) discard and the Fool, 4 + ⌊3/3⌋ = 5
    points; the dealer takes everything else but le Mort's unturned card. Par 25: the loser pays
    ⌊(25 − 5)/5⌋ = 4 M to the winner."""
    deal, disc = _ultimo_deal(False)
    assert deal.tricks[0][1][0] == FOOL
    other_pile = disc[1] | 1
    assert literal_points(other_pile) == 5 == deal.result().card_points[1]
    dealer_pile = PACK_66 & ~other_pile & ~deal.result().info["mort_pile"]
    assert deal.result().card_points[0] == literal_points(dealer_pile) >= 25
    assert reason_totals(deal, "card_points", 2) == [4, -4]


# ----------------------------------------------------------------------------------------
# Views, records, simulation, bots
# ----------------------------------------------------------------------------------------
def test_views_never_show_le_morts_cards_to_come():
    """check_views at every step (le Mort's cards not yet turned up are in no view); after
    the deal, le Mort's 21st card, never turned up, is still in no view."""
    rng = random.Random(8)
    for i in range(40):
        deal = _deal(rng, random_options(V2P, rng) if i % 2 else COMPETE)
        model = run_checked(deal, rng, views=True)
        for s in range(2):
            assert not deal.view(s).known_cards() >> model.mort_cards[20] & 1


def test_records_round_trip():
    rng = random.Random(6)
    for i in range(20):
        deal = _deal(rng, random_options(V2P, rng) if i % 2 else COMPETE)
        cut_at = rng.randrange(50) if i % 5 == 0 else None
        while not deal.is_over and (cut_at is None or len(deal.history) < cut_at):
            deal.push(rng.choice(deal.legal_actions()))
        rec = record_from_deal(deal, Event="test")
        assert parse_record(rec.to_text()) == rec == parse_record(rec.to_json())
        json.loads(rec.to_json())
        again = replay(parse_record(rec.to_text()))
        assert again.history == deal.history and again.tricks == deal.tricks
        if deal.is_over:
            assert again.result().scores == deal.result().scores
            assert again.result().info["mort_pile"] == deal.result().info["mort_pile"]
            assert list(again.result().ledger.entries) == list(deal.result().ledger.entries)


def test_simulate_twice_gives_identical_summaries():
    from tarot.runs.simulate import simulate
    a = [s.to_dict() for s in simulate(V2P, deals=40, seed=7, options=COMPETE)]
    b = [s.to_dict() for s in simulate(V2P, deals=40, seed=7, options=COMPETE)]
    assert a == b and len(a) == 40
    assert all(len(s["scores"]) == 2 and sum(s["scores"]) == 0 for s in a)


def test_rule_bot_plays_to_the_end_with_legal_actions():
    for seed in range(16):
        opts = random_options(V2P, random.Random(seed)) if seed % 2 else COMPETE
        deal = tarot.new_deal(V2P, opts, seed=seed, dealer=seed % 2)
        bots = [make_bot("rule", seed=seed * 2 + s) for s in range(2)]
        run_checked(deal, random.Random(seed), views=False,
                    choose=lambda d, legal, bots=bots: bots[d.to_play].act(d.view(d.to_play)))


def test_rule_bot_beats_random_on_the_mean_in_duplicate():
    """tarot.runs.duplicate.compare, 50 boards, both seatings (seed 1): the rule bot's mean is above
    random's (on 200 boards: +7.3 M per seat per deal, 95% CI [+6.6, +8.0])."""
    from tarot.runs.duplicate import compare
    c = compare(V2P, "rule", "random", deals=50, seed=1)
    assert c.n == 50 and c.mean_a > c.mean_b


def test_model_sanity():
    deal = tarot.new_deal(V2P, seed=1, dealer=1)
    m = VModel(deal)
    assert [h.bit_count() for h in m.hands] == [21, 24] and len(m.mort_cards) == 21
    assert m.need == [1, 4] and len(m.pile) == 3


def test_push_pop_and_copy():
    """Undo across a trick le Mort's card completes (and takes) restores everything."""
    from helpers_variants import check_undo_and_copy
    rng = random.Random(18)
    for i in range(40):
        check_undo_and_copy(_deal(rng, random_options(V2P, rng) if i % 2 else COMPETE), rng)


def test_bad_input_is_refused_by_name():
    from tarot.core.errors import IllegalActionError, OptionError
    with pytest.raises(IllegalActionError, match="outside"):
        tarot.new_deal(V2P, deck=cards_of(tarot.variant_class("marolles-78").PACK))
    with pytest.raises(IllegalActionError, match="seat"):
        tarot.new_deal(V2P, seed=1, dealer=2)
    with pytest.raises(IllegalActionError, match="must be a seat 0..1, not 2"):
        tarot.new_deal(V2P, seed=1).view(2)
    with pytest.raises(OptionError, match="'maybe'"):
        tarot.new_deal(V2P, {"mort_card_competes": "maybe"}, seed=1)
    assert tarot.variant_class(V2P).players_for() == 2
    assert {o.key: o.default for o in tarot.variant_class(V2P).OPTIONS}["mort_card_competes"] == "false"
    assert {o.key: o.default for o in tarot.variant_class(V2P).OPTIONS}["par_points"] == "25"


def test_the_count_tells_a_fool_exchange_with_le_mort():
    """With mort_card_competes, le Mort may win the trick of a kept Fool: the count names him
    (the browser table's property test found the count failing on it)."""
    from tarot.explain import MORT, explainer_for, seat_names

    opts = {"fool_exchange": "give_empty_card", "mort_card_competes": "true"}
    for seed in range(500):
        deal = tarot.new_deal("marolles-2p", options=opts, seed=seed)
        rng = random.Random(seed)
        while not deal.is_over:
            deal.push(rng.choice(deal.legal_actions()))
        exchange = deal.result().info.get("fool_exchange")
        if exchange and deal.players in exchange[:2]:
            text = " ".join(str(line) for line in explainer_for(deal).end_of_deal(deal, seat_names(2)))
            assert MORT in text
            return
    raise AssertionError("no deal of 500 with le Mort in a Fool's exchange")
