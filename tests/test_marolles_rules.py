"""Marolles 1637 rules on fixed decks (docs/rules §1, seeds 000 = S1 and 002 = S2).

Every expected value below is worked out from the rules text (comments give the reasoning), on
decks built by ``helpers.arrange`` so that chosen seats hold chosen cards. Dealer is seat 0 unless
stated: seat 1 is the dealer's right (eldest: discards first, leads first), seat 2 his left.
"""

import random
from collections import Counter

import pytest

import tarot
from helpers import (
    DONE, FOOL, FOOL_BIT, KINGS, LOSER_TABLE, N, PACK, REMOVED, TRUMPS,
    VARIANT, WINNER_TABLE, M, arrange, bits, deal_slots, duty_cards, hands_from_deck,
    deck_from_hands, ledger_totals, legal_cards, new_deal_from, play, position, run_checked, skip_to_play, table_row,
    winner,
)
from tarot.core.actions import ACTION_IDS
from tarot.core.cards import cards_of, format_cards, mask, parse_card, parse_cards


def totals(deal):
    return ledger_totals(deal.ledger.entries)


def delta(before, after):
    return [a - b for a, b in zip(after, before)]


def collect(seat, v):
    """``seat`` receives v M from each opponent."""
    out = [-v] * N
    out[seat] = 2 * v
    return out


def pays_each(seat, v):
    return [-x for x in collect(seat, v)]


def add(*rows):
    return [sum(col) for col in zip(*rows)]


# =========================================================================================
# §1.1 pack, §1.3 deal
# =========================================================================================
def test_the_pack_is_the_78_less_the_twelve_cards_named_by_s2():
    cls = tarot.variant_class(VARIANT)
    assert cls.PACK == PACK and bits(PACK) == 66
    assert not cls.PACK & REMOVED
    assert sorted(tarot.new_deal(VARIANT, seed=3).deck) == cards_of(PACK)


@pytest.mark.parametrize("packet", [5, 3])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_deal_order_packets_anticlockwise_dealer_last_with_the_cut_card(packet, dealer):
    for seed in range(20):
        deal = tarot.new_deal(VARIANT, {"deal_packet": str(packet)}, seed=seed, dealer=dealer)
        expected = hands_from_deck(deal.deck, dealer, packet)
        for s in range(N):
            v = deal.view(s)
            assert v.hand == expected[s]
            assert bits(v.hand) == (24 if s == dealer else 21)
            assert v.cut_card == deal.deck[-1]
        assert expected[dealer] >> deal.deck[-1] & 1   # the cut card goes to the dealer


def test_deal_slots_shape():
    # by fives: 4 rounds of 5 from the dealer's right, then 1, 1 and the dealer's 4
    slots = deal_slots(0, 5)
    assert slots[:15] == [1] * 5 + [2] * 5 + [0] * 5 and slots[-6:] == [1, 2, 0, 0, 0, 0]
    assert deal_slots(2, 3)[:9] == [0] * 3 + [1] * 3 + [2] * 3 and deal_slots(2, 3)[-3:] == [2] * 3


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_discards_one_one_four_from_the_dealers_right_then_first_lead(dealer):
    deal = tarot.new_deal(VARIANT, seed=11, dealer=dealer)
    order = []
    while deal.phase == "discard":
        s = deal.to_play
        order.append(s)
        # a card that is neither trump nor Tarot, to keep it simple
        safe = [a for a in deal.legal_actions() if a >= 22 and not KINGS >> a & 1]
        deal.push(safe[0])
    right, left = (dealer + 1) % N, (dealer + 2) % N
    assert order == [right, left] + [dealer] * 4
    for s in range(N):
        assert bits(deal.view(s).hand) == 20 and bits(deal.view(s).discards) == (4 if s == dealer else 1)
    while deal.phase == "declare":
        deal.push(DONE)
    assert deal.phase == "play" and deal.to_play == right


# =========================================================================================
# §1.5 declarations
# =========================================================================================
def test_seed_example_two_kings_bagat_monde_fool_is_6_from_each():
    """S1: "a player who has Two Kings, the I, and XXI and the Fool can declare Tous les Trois
    (3M), 2 Kings with the Fool (1M) and 5 Tarots (2M) for a total of 6M from each opponent"."""
    setup = arrange(hands={1: "KS KB T1 T21 F", 2: "KC", 0: "KD"})
    deal = new_deal_from(setup)
    assert totals(deal) == [0, 0, 0]
    skip_to_play(deal, setup, declare={1: ["tous_les_trois", "kings_2_fool", "tarots_5"]})
    assert totals(deal) == [-6, 12, -6]
    shown = {tarot.action_token(a): format_cards(cs) for s, a, cs in deal.shown if s == 1}
    assert shown == {"tous_les_trois": "F T1 T21", "kings_2_fool": "F KS KB",
                     "tarots_5": "F T1 T21 KS KB"}
    assert all(e.reason in ("declaration",) for e in deal.ledger.entries)


# (seat 1's cards, cards placed elsewhere, options, declaration, M from each, shown cards)
DECLARATIONS = [
    ("KS KB T1 T21", {2: "KC F", 0: "KD"}, {}, "tarots_4", 1, "T1 T21 KS KB"),
    ("KS KB KC T1 T21", {2: "F", 0: "KD"}, {}, "tarots_5", 2, None),
    ("KS KB KC KD T1 T21", {2: "F"}, {}, "tarots_6", 3, None),
    ("KS KB KC KD T1 T21 F", {2: "AD"}, {}, "tarots_7", 4, None),
    ("KS KB KC KD T1 T21 F AD", {}, {}, "tarots_7_belle", 5, "F T1 T21 KS KB KC AD KD"),
    ("KS KB F", {2: "KC T1", 0: "KD T21"}, {}, "kings_2_fool", 1, "F KS KB"),
    ("KS KB KC", {2: "KD F"}, {}, "kings_3", 1, "KS KB KC"),
    ("KS KB KC F", {2: "KD"}, {}, "kings_3_fool", 2, "F KS KB KC"),
    ("KS KB KC F", {2: "KD"}, {"three_kings_fool_value": "2_total"}, "kings_3_fool", 1, None),
    ("KS KB KC KD", {2: "F"}, {}, "kings_4", 3, None),
    ("KS KB KC KD F", {}, {}, "kings_4_fool", 4, None),
    ("KS KB KC KD", {2: "F"}, {"four_kings_imperial": "separate_1m"}, "imperial_kings", 1, "KS KB KC KD"),
    ("KC QC CC JC", {}, {}, "imperial_cups", 1, "JC CC QC KC"),
    ("KS QS CS JS", {}, {}, "imperial_swords", 1, None),
    ("QS QB QC QD", {}, {}, "imperial_queens", 1, "QS QB QC QD"),
    ("CS CB CC CD", {}, {}, "imperial_cavaliers", 1, None),
    ("JS JB JC JD", {}, {}, "imperial_jacks", 1, None),
    ("T21 T20 T19 T18", {2: "T17", 0: "T1"}, {}, "brizigole_high_4", 1, "T18 T19 T20 T21"),
    ("T21 T20 T19 T18 T17", {2: "T16"}, {}, "brizigole_high_5", 2, None),
    ("T21 T20 T19 T18 T17 T16", {2: "T15"}, {}, "brizigole_high_6", 3, None),
    ("T1 T2 T3 T4", {2: "T5", 0: "T21"}, {}, "brizigole_low_4", 1, "T1 T2 T3 T4"),
    ("T1 T2 T3 T4 T5", {2: "T6"}, {}, "brizigole_low_5", 2, None),
    ("T1 T2 T3 T4 T5 T6", {2: "T7"}, {}, "brizigole_low_6", 3, "T1 T2 T3 T4 T5 T6"),
    ("T21 T20 F T18", {2: "T19 T17"}, {"fool_in_brizigole": "true"}, "brizigole_high_4", 1,
     "F T18 T20 T21"),
    # the Fool may also stand for the trump next after the run (the option's text)
    ("T21 T20 T19 T18 F", {2: "T17 T16"}, {"fool_in_brizigole": "true"}, "brizigole_high_5", 2,
     "F T18 T19 T20 T21"),
    ("T21 T1 F", {}, {}, "tous_les_trois", 3, "F T1 T21"),
    ("T2 T3 T4 T5 T6 T7 T8 T9 T10 F", {}, {}, "triomphes_10", 1, None),
    ("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16", {}, {}, "triomphes_15", 2, None),
    ("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 F", {}, {}, "triomphes_20", 3, None),
]


@pytest.mark.parametrize("mine, elsewhere, options, name, value, shown", DECLARATIONS,
                         ids=[f"{d[3]}-{i}" for i, d in enumerate(DECLARATIONS)])
def test_declaration_values_of_the_1637_list(mine, elsewhere, options, name, value, shown):
    hands = {1: mine, **elsewhere}
    # seat 1 holds no other triomphe than those named, so that the counts are exact
    setup = arrange(hands=hands, void={1: "TF"})
    deal = new_deal_from(setup, options)
    skip_to_play(deal, setup)                       # nobody declares...
    assert deal.phase == "play"
    deal = new_deal_from(setup, options)            # ...then again, seat 1 declares
    while deal.phase == "discard":
        s = deal.to_play
        deal.push(cards_of(setup.discards[s] & deal.view(s).hand)[0])
    assert deal.phase == "declare" and deal.to_play == 1
    assert ACTION_IDS[name] in deal.legal_actions()
    before = totals(deal)
    deal.push(ACTION_IDS[name])
    assert deal.phase == "declare", "no choice of cards to show here"
    assert delta(before, totals(deal)) == collect(1, value)
    s, a, cs = deal.shown[-1]
    assert (s, a) == (1, ACTION_IDS[name])
    if shown is not None:
        assert cs == M(shown)
    assert cs & ~deal.view(1).hand == 0
    for other in (0, 2):
        assert deal.view(other).known_cards() & cs == cs   # shown cards are public


def test_tarots_4_from_5_lets_the_player_choose_what_to_show():
    setup = arrange(hands={1: "KS KB KC T1 T21", 2: "F", 0: "KD"})
    deal = new_deal_from(setup)
    skip_to_play(deal, setup, declare={})
    deal = new_deal_from(setup)
    while deal.phase == "discard":
        deal.push(cards_of(setup.discards[deal.to_play] & deal.view(deal.to_play).hand)[0])
    deal.push(ACTION_IDS["tarots_4"])
    assert deal.phase == "show" and deal.to_play == 1
    assert legal_cards(deal) & ~M("KS KB KC T1 T21") == 0
    for tok in ("T1", "T21", "KB", "KC"):          # ascending ids: T1 T21 KB KC
        deal.push(parse_card(tok))
    assert deal.phase == "declare"
    assert deal.shown[-1] == (1, ACTION_IDS["tarots_4"], M("T1 T21 KB KC"))
    assert totals(deal) == collect(1, 1)
    # the unshown King of Swords stays secret
    for other in (0, 2):
        assert not deal.view(other).known_cards() >> parse_card("KS") & 1


def test_ten_of_thirteen_triomphes():
    """S1: "A player who has more triomphes than he wishes to or is able to score selects which
    trumps to reveal (e.g. showing any 10 of 13 trumps)"."""
    mine = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14"
    setup = arrange(hands={1: mine}, void={1: "TF"})
    deal = new_deal_from(setup)
    while deal.phase == "discard":
        deal.push(cards_of(setup.discards[deal.to_play] & deal.view(deal.to_play).hand)[0])
    legal = deal.legal_actions()
    assert ACTION_IDS["triomphes_10"] in legal and ACTION_IDS["triomphes_15"] not in legal
    deal.push(ACTION_IDS["triomphes_10"])
    chosen = parse_cards("T3 T4 T5 T6 T8 T9 T10 T11 T12 T14")
    for c in chosen:
        assert deal.phase == "show"
        deal.push(c)
    assert deal.shown[-1] == (1, ACTION_IDS["triomphes_10"], mask(chosen))
    assert totals(deal) == collect(1, 1)
    hidden = M("T2 T7 T13")
    for other in (0, 2):
        assert not deal.view(other).known_cards() & hidden


def test_the_fool_counts_as_a_triomphe_only_by_option():
    mine = "T2 T3 T4 T5 T6 T7 T8 T9 T10 F"
    for value, allowed in (("true", True), ("false", False)):
        setup = arrange(hands={1: mine}, void={1: "TF"})
        deal = new_deal_from(setup, {"fool_counts_as_triomphe": value})
        while deal.phase == "discard":
            deal.push(cards_of(setup.discards[deal.to_play] & deal.view(deal.to_play).hand)[0])
        assert (ACTION_IDS["triomphes_10"] in deal.legal_actions()) is allowed


def test_fool_fills_a_brizigole_gap_only_by_option():
    setup = arrange(hands={1: "T21 T20 F T18", 2: "T19 T17"}, void={1: "TF"})
    for value, allowed in (("false", False), ("true", True)):
        deal = new_deal_from(setup, {"fool_in_brizigole": value})
        while deal.phase == "discard":
            deal.push(cards_of(setup.discards[deal.to_play] & deal.view(deal.to_play).hand)[0])
        assert (ACTION_IDS["brizigole_high_4"] in deal.legal_actions()) is allowed


def test_four_kings_make_no_separate_imperial_by_default():
    setup = arrange(hands={1: "KS KB KC KD"})
    deal = new_deal_from(setup)
    while deal.phase == "discard":
        deal.push(cards_of(setup.discards[deal.to_play] & deal.view(deal.to_play).hand)[0])
    assert ACTION_IDS["imperial_kings"] not in deal.legal_actions()
    assert ACTION_IDS["kings_4"] in deal.legal_actions()


def test_one_tier_per_kind_and_each_declaration_once():
    setup = arrange(hands={1: "KS KB KC KD F T1 T21"}, discards={2: "AD"})
    deal = new_deal_from(setup)
    while deal.phase == "discard":
        deal.push(cards_of(setup.discards[deal.to_play] & deal.view(deal.to_play).hand)[0])
    legal = deal.legal_actions()
    for n in ("tarots_4", "tarots_5", "tarots_6", "tarots_7", "kings_3", "kings_4_fool", "tous_les_trois"):
        assert ACTION_IDS[n] in legal
    assert ACTION_IDS["tarots_7_belle"] not in legal        # la Belle is discarded elsewhere
    deal.push(ACTION_IDS["tarots_7"])
    deal.push(ACTION_IDS["tous_les_trois"])
    legal = deal.legal_actions()
    assert not {ACTION_IDS[f"tarots_{k}"] for k in (4, 5, 6, 7)} & set(legal)
    assert ACTION_IDS["tous_les_trois"] not in legal
    assert ACTION_IDS["kings_4_fool"] in legal
    assert totals(deal) == collect(1, 4 + 3)


def test_maximal_declarations_option():
    setup = arrange(hands={1: "KS KB KC KD F T1 T21 AD"})
    deal = new_deal_from(setup, {"declarations_must_be_maximal": "true"})
    while deal.phase == "discard":
        deal.push(cards_of(setup.discards[deal.to_play] & deal.view(deal.to_play).hand)[0])
    names = {tarot.action_token(a) for a in deal.legal_actions()}
    assert {"tarots_7_belle", "kings_4_fool", "tous_les_trois"} <= names
    assert not names & {"tarots_4", "tarots_5", "tarots_6", "tarots_7", "kings_3", "kings_4",
                        "kings_3_fool", "kings_2_fool"}


@pytest.mark.parametrize("fool_seat, payer", [(2, 0), (0, 2)])
def test_qui_na_le_sien_is_paid_only_by_the_player_holding_none(fool_seat, payer):
    """S2: "Si quelqu'vn n'a l'vn des trois Tarots, Monde, Math, & Bagat, il paye vne marque a
    celuy qui en a deux"."""
    setup = arrange(hands={1: "T21 T1", fool_seat: "F"})
    deal = new_deal_from(setup)
    skip_to_play(deal, setup, declare={1: ["qui_na_le_sien"]})
    expected = [0, 1, 0]
    expected[payer] = -1
    assert totals(deal) == expected
    assert deal.shown == [(1, ACTION_IDS["qui_na_le_sien"], M("T1 T21"))]


def test_undeclared_combinations_are_never_paid():
    setup = arrange(hands={1: "KS KB KC KD F T1 T21 AD"})
    deal = new_deal_from(setup)
    skip_to_play(deal, setup)
    assert totals(deal) == [0, 0, 0] and deal.shown == []


@pytest.mark.parametrize("belle_rule, belle_paid", [("replaces_play_payment", False), ("paid_twice", True)])
def test_la_belle_with_the_seven_tarots(belle_rule, belle_paid):
    setup = arrange(hands={1: "KS KB KC KD F T1 T21 AD"})
    deal = new_deal_from(setup, {"belle_with_7_tarots": belle_rule})
    skip_to_play(deal, setup, declare={1: ["tarots_7_belle"]})
    assert totals(deal) == collect(1, 5)
    rng = random.Random(0)
    run_checked(deal, rng, views=False)
    belle = [e for e in deal.ledger.entries if e.reason == "belle"]
    assert bool(belle) is belle_paid
    if belle_paid:
        assert ledger_totals(belle) == collect(1, 1)


def test_declarations_before_the_discard_use_the_dealt_hand():
    # seat 1 is dealt four Tarots and discards one of them: declaring first, he can show four
    setup = arrange(hands={1: "KS KB T1", 2: "F", 0: "KD KC"}, discards={1: "T21"})
    deal = new_deal_from(setup, {"declarations_after_discard": "false"})
    assert deal.phase == "declare" and deal.to_play == 1
    assert ACTION_IDS["tarots_4"] in deal.legal_actions()
    deal = new_deal_from(setup)                # by default, after the discard: only three left
    while deal.phase == "discard":
        deal.push(cards_of(setup.discards[deal.to_play] & deal.view(deal.to_play).hand)[0])
    assert deal.to_play == 1 and ACTION_IDS["tarots_4"] not in deal.legal_actions()


def test_declaring_just_before_ones_first_card():
    setup = arrange(hands={1: "KS KB", 2: "KC KD F T1 T21"})
    deal = new_deal_from(setup, {"declaration_timing": "before_own_first_card"})
    while deal.phase == "discard":
        deal.push(cards_of(setup.discards[deal.to_play] & deal.view(deal.to_play).hand)[0])
    # the leader declares (or not) then plays; seat 2 declares only when his turn comes
    assert deal.phase == "declare" and deal.to_play == 1
    deal.push(DONE)
    assert deal.phase == "play" and deal.to_play == 1
    deal.push(deal.legal_actions()[0])
    assert deal.phase == "declare" and deal.to_play == 2
    deal.push(ACTION_IDS["tarots_5"])
    assert totals(deal)[2] == 4


# =========================================================================================
# §1.6 play: legal cards and trick winners
# =========================================================================================
SCRIPT_HANDS = {
    1: "7C 6C 5C 4C 3C KS QS CS JS 10S 9S 8S 7S 6S 5S 4S KB QB CB JB",
    2: "AC 2C KC T1 T2 T3 T4 T5 T16 T17 T18 T19 T20 F KD QD CD JD AD 2D",
    0: "T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T21 3D 4D 5D 6D 7D 8B 7B 6B 5B",
}
SCRIPT_DISCARDS = {1: "10B", 2: "9B", 0: "QC CC JC 4B"}
HAND = "hand"
# (seat, card, expected legal cards before it is played), trick by trick
SCRIPT = [
    # 1. Cups led: seat 2 must follow (or excuse); seat 0, void in Cups, must trump (any trump)
    [(1, "7C", HAND), (2, "AC", "AC 2C KC F"), (0, "T6", "T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T21")],
    # 2. seat 1 is void in Coins and in trumps: anything; in Coins the 2 beats the 3
    [(0, "3D", HAND), (1, "4S", HAND), (2, "2D", "KD QD CD JD AD 2D F")],
    # 3. the Fool led: the second card (any) sets the suit for the third
    [(2, "F", HAND), (0, "8B", HAND), (1, "JB", "KB QB CB JB")],
    # 4. void in Swords: any trump, no obligation to beat the XVIII on the table
    [(1, "5S", HAND), (2, "T18", "T1 T2 T3 T4 T5 T16 T17 T18 T19 T20"), (0, "T7", "T7 T8 T9 T10 T11 T12 T13 T14 T15 T21")],
    # 5. trumps led: must trump; void in trumps: anything
    [(2, "T1", HAND), (0, "T21", "T8 T9 T10 T11 T12 T13 T14 T15 T21"), (1, "KS", HAND)],
    # 6. Coins: the Ace (la Belle) beats the 7 in a round suit
    [(0, "7D", HAND), (1, "6S", HAND), (2, "AD", "KD QD CD JD AD")],
]
SCRIPT_WINNERS = [0, 2, 1, 2, 0, 2]
# marques per trick (§1.7): 3: the Fool excused (+1 from each); 5: the Bagat captured (pays 1
# to each), XXI wins (+1 from each), King of Swords captured (pays 1 to each); 6: la Belle
SCRIPT_PAYMENTS = [
    [0, 0, 0], [0, 0, 0], collect(2, 1), [0, 0, 0],
    add(pays_each(2, 1), collect(0, 1), pays_each(1, 1)), collect(2, 1),
]


def script_deal(options=None):
    setup = arrange(hands=SCRIPT_HANDS, discards=SCRIPT_DISCARDS, cut="5B")
    assert setup.play_hands == [M(SCRIPT_HANDS[s]) for s in range(N)]
    deal = new_deal_from(setup, options)
    skip_to_play(deal, setup)
    return deal


def test_scripted_tricks_legal_cards_winners_and_payments():
    deal = script_deal()
    assert totals(deal) == [0, 0, 0]
    for t, trick in enumerate(SCRIPT):
        before = totals(deal)
        for seat, card, legal in trick:
            assert deal.to_play == seat
            expected = deal.view(seat).hand if legal == HAND else M(legal)
            assert legal_cards(deal) == expected, (t, seat, format_cards(legal_cards(deal)))
            assert set(deal.legal_actions()) == set(cards_of(expected))
            play(deal, card)
        assert deal.tricks[-1][2] == SCRIPT_WINNERS[t]
        assert deal.to_play == SCRIPT_WINNERS[t], "the winner leads the next trick"
        assert delta(before, totals(deal)) == SCRIPT_PAYMENTS[t], t


def test_the_fool_cannot_be_led_when_leading_it_is_not_allowed():
    deal = script_deal({"fool_lead_allowed": "false"})
    for trick in SCRIPT[:2]:
        for _, card, _ in trick:
            play(deal, card)
    assert deal.to_play == 2
    assert legal_cards(deal) == deal.view(2).hand & ~FOOL_BIT
    for tok in ("2C", "T8", "6C", "4D", "5S"):
        play(deal, tok)
    # on another's lead the Fool still excuses
    assert deal.to_play == 2 and FOOL in deal.legal_actions()
    before = totals(deal)
    play(deal, "F")
    assert delta(before, totals(deal)) == collect(2, 1)


@pytest.mark.parametrize("cards, voids, expected", [
    ("4S 10S 9S", {}, 2),              # long suit: 10 > 9 > 4
    ("10S 4S KS", {}, 0),
    ("7C AC 2C", {}, 2),               # round suit: Ace > 2 > 7
    ("7D 2D AD", {}, 0),
    ("KC QC AC", {}, 1),
    ("JD AD 7D", {}, 1),               # the Jack is above every numeral
    ("7C 5S 6C", {2: "CT"}, 0),            # only the led suit counts (and 6 > 7 in Cups)
    ("4S T1 T2", {2: "S", 0: "S"}, 0),     # the higher trump wins
    ("4S T1 KS", {2: "S"}, 2),             # a trump beats the King
    ("F 7C AC", {}, 0),                    # the Fool led: 7C sets the suit, the Ace beats it
    ("F 7C T2", {0: "C"}, 0),
    ("5S F 4S", {}, 1),                    # the Fool never wins
    ("T1 F 7C", {0: "T"}, 1),
])
def test_trick_winner(cards, voids, expected):
    toks = cards.split()
    hands = {1: toks[0], 2: toks[1], 0: toks[2]}
    deal, _ = position(hands=hands, void=voids)
    for tok in toks:
        play(deal, tok)
    leader, played, won_by = deal.tricks[0]
    assert leader == 1 and played == tuple(parse_cards(cards))
    assert won_by == expected == winner(1, parse_cards(cards))


def test_the_fool_is_playable_until_the_last_trick_then_must_be_played():
    """Seat 2 keeps the Fool: it is legal in every trick before the last; in the last trick it is
    his only card (and he pays 2 M to each for not excusing, keeping the Fool by default)."""
    deal, _ = position(hands={2: "F"}, seed=3)
    while not deal.is_over:
        s = deal.to_play
        legal = deal.legal_actions()
        if s == 2:
            assert FOOL in legal
            if len(deal.tricks) == 19:
                assert legal == [FOOL]
        choice = [a for a in legal if a != FOOL] or legal
        deal.push(choice[0])
    last = deal.tricks[-1]
    assert FOOL in last[1] and (last[0] + last[1].index(FOOL)) % N == 2
    penalties = [e for e in deal.ledger.entries if e.reason == "fool_not_excused"]
    assert ledger_totals(penalties) == pays_each(2, 2)
    assert not [e for e in deal.ledger.entries if e.reason == "excuse"]
    assert sum(deal.result().card_points) == 74     # the Fool shifts to its owner


@pytest.mark.parametrize("scope", ["receive_nothing_further", "void_all_hand_receipts"])
def test_a_second_forfeit_gives_nothing_back_to_the_first_forfeiter(scope):
    """§1.4: a wrong discard costs 1 M to each opponent and the offender "ne plus rien compter":
    he still pays and receives nothing further. Seat 1 declares, then discards short and
    forfeits; seat 2 then does the same. Seat 2's forfeit must not hand seat 1 anything back
    (neither his penalty nor, with void_all_hand_receipts, the declaration he gave back)."""
    opts = {"declarations_after_discard": "false", "wrong_discard_count": "penalty_1m_and_forfeit",
            "forfeit_scope": scope, "cut_card_tarot_payment": "off"}
    deal = next(d for d in (tarot.new_deal(VARIANT, opts, seed=s) for s in range(200))
                if d.phase == "declare" and d.to_play == 1 and len(d.legal_actions()) > 1)
    deal.push(deal.legal_actions()[1])          # seat 1 declares
    while deal.phase == "show":
        deal.push(deal.legal_actions()[0])
    while deal.phase == "declare":
        deal.push(DONE)
    got = totals(deal)[1]                       # what his declaration earned him
    assert got > 0 and deal.phase == "discard" and deal.to_play == 1
    deal.push(DONE)                             # seat 1 discards nothing
    voided = got if scope == "void_all_hand_receipts" else 0
    assert totals(deal)[1] == got - 2 - voided and deal.forfeited[1]
    n = len(deal.ledger.entries)
    assert deal.to_play == 2
    deal.push(DONE)                             # seat 2 discards nothing
    assert deal.forfeited[2] and totals(deal)[1] == got - 2 - voided
    assert not [e for e in deal.ledger.entries[n:] if e.payee == 1]
    assert [(e.payer, e.payee, e.amount, e.reason) for e in deal.ledger.entries[n:]
            if e.reason == "wrong_discard"] == [(2, 0, 1, "wrong_discard")]
    assert sum(totals(deal)) == 0


def test_with_a_short_discard_the_fool_cannot_be_played_in_the_last_trick():
    setup = arrange(hands={2: "F"}, seed=5)
    deal = new_deal_from(setup, {"wrong_discard_count": "penalty_1m_and_forfeit"})
    while deal.phase == "discard":
        s = deal.to_play
        if s == 2:
            deal.push(DONE)                 # seat 2 keeps 21 cards
        else:
            deal.push(cards_of(setup.discards[s] & deal.view(s).hand)[0])
    assert totals(deal) == pays_each(2, 1)   # 1 M to each for the wrong discard (S2)
    while deal.phase == "declare":
        deal.push(DONE)
    while not deal.is_over:
        s = deal.to_play
        legal = deal.legal_actions()
        if s == 2 and len(deal.tricks) == 19:
            assert FOOL not in legal and deal.view(2).hand >> FOOL & 1
        deal.push(([a for a in legal if a != FOOL] or legal)[0])
    penalties = [e for e in deal.ledger.entries if e.reason == "fool_not_excused"]
    assert ledger_totals(penalties) == pays_each(2, 2)
    assert sum(deal.result().card_points) == 73     # the Fool never left its owner: no shift


# ---- perft: counts of legal sequences against a brute force over the hands and the rules ----
def brute_force(hands, trick, leader, trick_no, depth, fool_lead=True):
    if depth == 0:
        return 1
    s = (leader + len(trick)) % N
    total = 0
    for c in cards_of(duty_cards(hands[s], trick, trick_no, fool_lead)):
        h = list(hands)
        h[s] &= ~(1 << c)
        t = trick + [c]
        if len(t) < N:
            total += brute_force(h, t, leader, trick_no, depth - 1, fool_lead)
        elif trick_no == 19:
            total += 1
        else:
            total += brute_force(h, [], winner(leader, t), trick_no + 1, depth - 1, fool_lead)
    return total


def perft(deal, depth):
    if depth == 0 or deal.is_over:
        return 1
    n = 0
    for a in deal.legal_actions():
        deal.push(a)
        n += perft(deal, depth - 1)
        deal.pop()
    return n


def _to_play_phase(seed, options=None):
    rng = random.Random(seed)
    deal = tarot.new_deal(VARIANT, options, seed=seed, dealer=seed % 3)
    while deal.phase != "play":
        legal = deal.legal_actions()
        if deal.phase == "discard":
            plain = [a for a in legal if a < 78 and not (TRUMPS | KINGS | FOOL_BIT) >> a & 1]
            deal.push(rng.choice(plain or legal))
        else:
            deal.push(DONE)
    return deal


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("fool_lead", [True, False])
def test_perft_from_the_first_lead(seed, fool_lead):
    deal = _to_play_phase(seed, {"fool_lead_allowed": str(fool_lead).lower()})
    hands = [deal.view(s).hand for s in range(N)]
    leader = (deal.dealer + 1) % N
    assert deal.to_play == leader
    counts = [perft(deal, d) for d in (1, 2, 3, 4)]
    expected = [brute_force(hands, [], leader, 0, d, fool_lead) for d in (1, 2, 3, 4)]
    assert counts == expected
    assert counts[0] == (20 if fool_lead or not hands[leader] & FOOL_BIT else 19)


@pytest.mark.parametrize("seed", range(8))
def test_perft_to_the_end_from_trick_17(seed):
    rng = random.Random(seed)
    deal = _to_play_phase(seed + 100)
    while len(deal.tricks) < 17:
        deal.push(rng.choice(deal.legal_actions()))
    hands = [deal.view(s).hand for s in range(N)]
    assert [bits(h) for h in hands] == [3, 3, 3]
    assert perft(deal, 9) == brute_force(hands, [], deal.to_play, 17, 9)


# =========================================================================================
# §1.3, §1.4, §1.7, §1.8: payments
# =========================================================================================
@pytest.mark.parametrize("dealer", [0, 1, 2])
@pytest.mark.parametrize("cut, paid", [
    ("KS", True), ("KB", True), ("KC", True), ("KD", True), ("T1", True), ("T21", True), ("F", True),
    ("T2", False), ("T20", False), ("QS", False), ("AD", False), ("5S", False),
])
def test_cut_card_payment(dealer, cut, paid):
    """S1: the cut card is shown; "If it is a tarot (i.e. Monde, Bagat, Math or King), the dealer
    is paid one marque by each opponent"."""
    setup = arrange(hands={dealer: cut}, dealer=dealer, cut=cut)
    deal = new_deal_from(setup)
    assert deal.deck[-1] == parse_card(cut) and deal.view(dealer).hand >> parse_card(cut) & 1
    assert totals(deal) == (collect(dealer, 1) if paid else [0, 0, 0])
    for s in range(N):
        assert deal.view(s).cut_card == parse_card(cut)
    off = new_deal_from(setup, {"cut_card_tarot_payment": "off"})
    assert totals(off) == [0, 0, 0]


@pytest.mark.parametrize("rule, dealer_pays", [("penalty_per_card", 4), ("penalty_once", 2)])
def test_discarding_trumps_and_tarots_costs_two_marques_to_each(rule, dealer_pays):
    # the dealer discards two trumps and two empty cards; seat 1 a King, seat 2 a Queen
    setup = arrange(discards={0: "T2 T3 5S 6S", 1: "KS", 2: "QS"})
    deal = new_deal_from(setup, {"illegal_discard": rule})
    skip_to_play(deal, setup)
    # per card: 2 M to each for each trump (S1 presumption); once: 2 M to each in all
    assert totals(deal) == add(pays_each(0, dealer_pays), pays_each(1, 2))


@pytest.mark.parametrize("rule", ["penalty_per_card", "penalty_once"])
def test_discard_penalties_are_paid_when_the_discard_is_complete(rule):
    """How many trumps and Tarots a seat discarded is public (it pays for them), not which:
    paid card by card, the payment after the dealer's first discard (T2, the lowest card goes
    first) would tell a trump from a King discarded later."""
    for discards in ("T2 5S 6S 7S", "5S 6S 7S KS"):
        setup = arrange(discards={0: discards, 1: "4B", 2: "5B"})
        deal = new_deal_from(setup, {"illegal_discard": rule})
        seen = []
        while deal.phase == "discard":
            s = deal.to_play
            deal.push(cards_of(setup.discards[s] & deal.view(s).hand)[0])
            seen.append(len(deal.view(1).payments))
        assert seen == [0, 0, 0, 0, 0, 2], (discards, seen)   # seats 1, 2, then the dealer's 4
        assert totals(deal) == pays_each(0, 2)


def test_discarding_the_fool_is_penalised():
    setup = arrange(discards={1: "F"})
    deal = new_deal_from(setup)
    skip_to_play(deal, setup)
    assert totals(deal) == pays_each(1, 2)


def test_forbidden_discards_are_not_offered():
    setup = arrange()
    deal = new_deal_from(setup, {"illegal_discard": "forbidden"})
    while deal.phase == "discard":
        s = deal.to_play
        legal = mask(deal.legal_actions())
        assert legal and not legal & (TRUMPS | FOOL_BIT | KINGS)
        deal.push(cards_of(setup.discards[s] & deal.view(s).hand)[0])
    assert totals(deal) == [0, 0, 0]


def test_forbidden_discard_still_possible_when_unavoidable():
    # seat 1 is dealt nothing but triomphes: he must discard one of them
    setup = arrange(hands={1: "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20"},
                    discards={1: "F"})
    deal = new_deal_from(setup, {"illegal_discard": "forbidden"})
    assert deal.to_play == 1 and deal.legal_actions()
    assert mask(deal.legal_actions()) & ~(TRUMPS | FOOL_BIT) == 0


@pytest.mark.parametrize("seed", range(12))
def test_forbidden_discards_are_exactly_the_unavoidable_ones(seed):
    """illegal_discard=forbidden: the dealer's four discards, taken one at a time in ascending
    order, reach exactly the sets holding as few trumps and Tarots as his hand allows, even
    when only some of them can be avoided (a hand with 0 to 5 other cards)."""
    from itertools import combinations

    rng = random.Random(seed)
    forbidden_cards = cards_of(TRUMPS | FOOL_BIT | KINGS)
    other_cards = cards_of(PACK & ~(TRUMPS | FOOL_BIT | KINGS))
    k = rng.randrange(6)
    dealer_hand = mask(rng.sample(forbidden_cards, 24 - k) + rng.sample(other_cards, k))
    rest = cards_of(PACK & ~dealer_hand)
    rng.shuffle(rest)
    dealt = [dealer_hand, mask(rest[:21]), mask(rest[21:])]
    deck = deck_from_hands(dealt, 0, cut=cards_of(dealer_hand)[0])
    deal = tarot.new_deal(VARIANT, {"illegal_discard": "forbidden"}, deck=deck, dealer=0)
    for _ in range(2):                       # seats 1 and 2 discard first
        deal.push(deal.legal_actions()[0])
    assert deal.phase == "discard" and deal.to_play == 0
    reached = set()

    def walk():
        if deal.phase != "discard" or deal.to_play != 0:
            reached.add(deal.discards[0])
            assert all(e.reason != "discard" for e in deal.ledger.entries), "forbidden: never paid"
            return
        for a in deal.legal_actions():
            deal.push(a)
            walk()
            deal.pop()

    walk()
    fewest = max(0, 4 - k)
    expected = {mask(c) for c in combinations(cards_of(dealer_hand), 4)
                if bits(mask(c) & (TRUMPS | FOOL_BIT | KINGS)) == fewest}
    assert reached == expected


# single tricks: (seat 1's card, seat 2's card, seat 0's card, voids, expected marques)
SINGLE_TRICKS = [
    ("KS 5S 4S", {}, collect(1, 1)),                        # a King that wins: +1 from each
    ("KS T5 4S", {2: "S"}, pays_each(1, 1)),                # a King captured: 1 to each
    ("5S F 4S", {}, collect(2, 1)),                          # the Fool excused: +1 from each
    ("7D AD KD", {}, add(collect(2, 1), collect(0, 1))),    # la Belle lost, the King wins
    ("7D AD 4D", {}, collect(2, 1)),                         # la Belle wins
    ("T21 T2 T3", {}, collect(1, 1)),
    ("T1 T2 T3", {}, pays_each(1, 1)),                       # the Bagat captured
    ("KS T1 T21", {2: "S", 0: "S"}, add(pays_each(1, 1), pays_each(2, 1), collect(0, 1))),
    ("5S 6S 4S", {}, [0, 0, 0]),
]


@pytest.mark.parametrize("cards, voids, expected", SINGLE_TRICKS)
def test_tarots_and_la_belle_paid_as_played(cards, voids, expected):
    toks = cards.split()
    deal, _ = position(hands={1: toks[0], 2: toks[1], 0: toks[2]}, void=voids)
    before = totals(deal)
    for tok in toks:
        play(deal, tok)
    assert len(deal.tricks) == 1
    assert delta(before, totals(deal)) == expected


def _ultimo_deal(options, fool_with=0, seed=0):
    """Seat 1 holds trumps I..XX; seat 0 (dealer) XXI and the four Kings; seat 2 only suit cards.
    Each keeps one card for the last trick: seat 1 the Bagat, seat 0 the King of Swords, and the
    holder of the Fool keeps it too when ``fool_with`` is 2."""
    hands = {1: " ".join(f"T{n}" for n in range(1, 21)), 0: "T21 KS KB KC KD AD"}
    hands[fool_with] = hands.get(fool_with, "") + " F"
    setup = arrange(hands=hands, discards={1: "4S"}, void={2: "T"}, seed=seed)
    deal = new_deal_from(setup, options)
    skip_to_play(deal, setup)
    keep = {1: parse_card("T1"), 0: parse_card("KS"), 2: FOOL if fool_with == 2 else None}
    before_last = None
    while not deal.is_over:
        s = deal.to_play
        legal = deal.legal_actions()
        if len(deal.tricks) == 19 and not deal.view(s).trick and before_last is None:
            before_last = totals(deal)
        rest = [a for a in legal if a != keep[s]]
        if s == 1:
            deal.push(rest[-1] if rest else legal[0])     # the highest trump but the Bagat
        elif s == 0 and FOOL in rest:
            deal.push(FOOL)                                # excuse at once
        else:
            deal.push((rest or legal)[0])
    last = deal.tricks[-1]
    assert last[0] == 1 and last[1][0] == parse_card("T1") and last[1][2] == parse_card("KS")
    assert last[2] == 1
    after = ledger_totals(e for e in deal.ledger.entries if e.reason != "card_points")
    return deal, delta(before_last, after), last


@pytest.mark.parametrize("win, fail", [("6_replaces", "6"), ("6_plus_1", "6"), ("6_replaces", "1"),
                                       ("6_plus_1", "1")])
def test_ultimo_won_with_the_bagat_and_failed_with_a_king(win, fail):
    """S2: "S'il fait le Bagat, ou vn Roy le dernier il en gaigne six"; S1: a King or the Bagat
    played to the last trick that does not win pays 6 to each (literal reading: 1). 6_plus_1 adds
    the ordinary ±1 for the Tarot to the 6 (RULES §1.8)."""
    deal, last_trick, last = _ultimo_deal({"ultimo_win": win, "ultimo_fail": fail})
    w = 6 + (win == "6_plus_1")
    f = (6 + (win == "6_plus_1")) if fail == "6" else 1
    # seat 2 holds no Tarot and not la Belle: only the Bagat and the King are paid
    assert last_trick == add(collect(1, w), pays_each(0, f))


@pytest.mark.parametrize("win", ["6_replaces", "6_plus_1"])
def test_ultimo_won_with_a_king(win):
    """Seat 1 holds the eleven Swords and trumps XIII..XXI; the others share trumps I..XII and the
    Fool and hold no Sword. Seat 1 draws their trumps, then runs his Swords and keeps the King of
    Swords for the last trick, which it must win: 6 M (or 7) from each (S2 "ou vn Roy le dernier")."""
    swords = "KS QS CS JS 10S 9S 8S 7S 6S 5S 4S"
    hands = {1: swords + " " + " ".join(f"T{n}" for n in range(13, 22)),
             2: "F T1 T2 T3 T4 T5 T6", 0: "T7 T8 T9 T10 T11 T12"}
    setup = arrange(hands=hands, discards={0: "KB KC KD AD"}, void={2: "S", 0: "S"})
    deal = new_deal_from(setup, {"ultimo_win": win})
    skip_to_play(deal, setup)
    before_last = None
    while not deal.is_over:
        s, legal = deal.to_play, deal.legal_actions()
        if len(deal.tricks) == 19 and before_last is None:
            before_last = totals(deal)
        if s == 1:
            trumps = [a for a in legal if TRUMPS >> a & 1]
            deal.push(trumps[-1] if trumps else min(legal, key=lambda a: (a == parse_card("KS"), a)))
        else:
            deal.push(legal[0])
    last = deal.tricks[-1]
    assert last[0] == 1 and last[1][0] == parse_card("KS") and last[2] == 1
    after = ledger_totals(e for e in deal.ledger.entries if e.reason != "card_points")
    assert delta(before_last, after) == collect(1, 7 if win == "6_plus_1" else 6)


@pytest.mark.parametrize("penalty", ["2", "0"])
@pytest.mark.parametrize("where, total", [("kept_by_owner", 74), ("to_trick_winner", 73)])
def test_fool_held_to_the_last_trick(penalty, where, total):
    """S2: "Celuy qui ne s'est point excusé en joüant en paye deux à chacun"."""
    deal, last_trick, last = _ultimo_deal({"fool_not_excused_penalty": penalty,
                                           "fool_last_trick_card": where}, fool_with=2)
    assert last[1][1] == FOOL
    expected = add(collect(1, 6), pays_each(0, 6), pays_each(2, int(penalty)))
    assert last_trick == expected
    assert sum(deal.result().card_points) == total


def test_exchange_option_gives_73_even_when_the_fool_is_kept_from_the_last_trick():
    """Issue 2, "How it is checked": card points "total 74 with the default Fool handling and 73
    with the exchange option". With fool_exchange=give_empty_card the trick winner is compensated
    for the card the Fool's owner keeps (§0.5: no shift, 73); the Fool kept from the last trick
    (kept_by_owner, S2 "ne peut estre pris") leaves the winner one card short in the same way."""
    deal, _, last = _ultimo_deal({"fool_exchange": "give_empty_card"}, fool_with=2)
    assert last[1][1] == FOOL and last[2] == 1
    assert sum(deal.result().card_points) == 73


# =========================================================================================
# §1.9 card points and their payment
# =========================================================================================
def test_s2_card_point_statements_fit_the_s1_table():
    """S2: losing 5 points pays 1, 10 pays 2, 15 pays 3; 3 or 4 pay nothing; 7, 8 or 9 pay 1."""
    for lost, marques in ((3, 0), (4, 0), (5, 1), (7, 1), (8, 1), (9, 1), (10, 2), (15, 3)):
        assert table_row(LOSER_TABLE, 25 - lost)[2] == marques
    for p in range(0, 25):
        assert table_row(LOSER_TABLE, p)[2] == (25 - p) // 5
    for p in range(25, 50):
        assert table_row(WINNER_TABLE, p)[2] == (p - 25) // 5


WEAK = "4S 5S 6S 7S 8S 4B 5B 6B 7B 8B 7C 6C 5C 4C 3C 7D 6D 5D 4D 3D"


def _table_deals():
    """Random deals, and deals where seat 2 holds the lowest cards of every suit and no trump
    (he can never win a trick, so his pile is his discard alone: 0 to 4 points)."""
    for i in range(300):
        rng = random.Random(i)
        yield tarot.new_deal(VARIANT, seed=i, dealer=i % 3), rng
    for i in range(400):
        disc = ["2C", "JS", "CS", "QS", "2D"][i % 5]
        setup = arrange(hands={2: WEAK, 0: "F"}, discards={2: disc}, dealer=0, seed=i)
        yield new_deal_from(setup), random.Random(i)


def test_every_row_of_the_card_point_table():
    """S1's table: two losers each pay the winner, two winners each collect from the loser."""
    hits = Counter()
    for deal, rng in _table_deals():
        model = run_checked(deal, rng, views=False)
        r = deal.result()
        pts = r.card_points
        assert tuple(pts) == model.points
        cp = [e for e in r.ledger.entries if e.reason == "card_points"]
        paid = Counter()
        for e in cp:
            paid[(e.payer, e.payee)] += e.amount
        winners = [s for s in range(N) if pts[s] >= 25]
        losers = [s for s in range(N) if pts[s] < 25]
        assert len(winners) in (1, 2)
        if len(winners) == 1:
            for s in losers:
                row = table_row(LOSER_TABLE, pts[s])
                assert paid[(s, winners[0])] == row[2]
                hits[("two losers", row[:2])] += 1
        else:
            for s in winners:
                row = table_row(WINNER_TABLE, pts[s])
                assert paid[(losers[0], s)] == row[2]
                hits[("two winners", row[:2])] += 1
        assert sum(paid.values()) == sum(e.amount for e in cp)
    rows = {("two losers", r[:2]) for r in LOSER_TABLE} | {("two winners", r[:2]) for r in WINNER_TABLE}
    assert rows <= set(hits), rows - set(hits)


def test_dm_literal_rule_pays_only_the_top_winner():
    seen = 0
    for i in range(200):
        setup = arrange(hands={2: WEAK, 0: "F"}, discards={2: "2C"}, dealer=0, seed=i)
        deal = new_deal_from(setup, {"two_winner_rule": "dm_literal_top_winner"})
        run_checked(deal, random.Random(i), views=False)
        pts = deal.result().card_points
        winners = [s for s in range(N) if pts[s] >= 25]
        if len(winners) != 2 or pts[winners[0]] == pts[winners[1]]:
            continue
        seen += 1
        top = max(winners, key=lambda s: pts[s])
        loser = next(s for s in range(N) if s not in winners)
        cp = [e for e in deal.ledger.entries if e.reason == "card_points"]
        assert all(e.payer == loser and e.payee == top for e in cp)
        assert sum(e.amount for e in cp) == table_row(LOSER_TABLE, pts[loser])[2]
    assert seen > 20


def test_card_points_are_the_piles_counted_in_packets():
    """Each pile = tricks won + own discards (§1.9), counted as S1 says (helpers.literal_points)."""
    for seed in range(50):
        deal = tarot.new_deal(VARIANT, seed=seed)
        model = run_checked(deal, random.Random(seed), views=False)
        assert tuple(deal.result().card_points) == model.points
        for s in range(N):
            assert model.pile[s] & model.discards[s] == model.discards[s]


# ----- a revoke owned up to in time (§1.10, revoke_handling=penalty_1M_..._window) -----------
WINDOW = {"revoke_handling": "penalty_1M_forfeit_with_correction_window"}
ACK = ACTION_IDS["acknowledge_revoke"]


def lawful(deal):
    """The lowest card that keeps the obligations (never a revoke nor the acknowledgment)."""
    duty = duty_cards(deal.hands[deal.to_play], deal.trick, len(deal.tricks))
    return min(a for a in deal.legal_actions() if a < 78 and duty >> a & 1)


def revoke_in_first_trick(seeds=range(200)):
    """A deal with the window where the second player of trick 1 can revoke; returns the
    deal just before the revoke, the revoker and the revoking card."""
    for seed in seeds:
        deal = tarot.new_deal(VARIANT, WINDOW, seed=seed)
        while deal.phase != "play":
            legal = deal.legal_actions()
            deal.push(DONE if DONE in legal else legal[0])
        deal.push(lawful(deal))
        p = deal.to_play
        hand = deal.hands[p]
        off = hand & ~duty_cards(hand, deal.trick, 0)
        if off:
            return deal, p, cards_of(off)[0]
    raise AssertionError("no revoke found")


def play_lawfully_until(deal, done):
    while not done(deal):
        deal.push(lawful(deal))


def test_a_revoke_owned_up_to_in_time_goes_back_and_costs_nothing():
    deal, p, card = revoke_in_first_trick()
    before = deal.copy()
    deal.push(card)
    assert "revoke" not in {e.reason for e in deal.ledger.entries}, "not paid yet"
    # only the revoker knows of it, and only he may own up to it
    for s in range(N):
        extra = deal.view(s).extra
        assert (extra.get("revokes_to_acknowledge") == [0]) == (s == p)
    play_lawfully_until(deal, lambda d: d.to_play == p)
    assert len(deal.tricks) == 1 and ACK in deal.legal_actions()
    assert all(ACK not in deal.view(s).legal_actions for s in range(N) if s != p)
    seen = {(s, c) for s in range(N) for c in deal.tricks[0][1] if (deal.tricks[0][0] + deal.tricks[0][1].index(c)) % N == s}
    seen |= {((deal.leader + i) % N, c) for i, c in enumerate(deal.trick)}
    after_trick = deal.copy()
    deal.push(ACK)
    # back to just before the revoke: the same hands, table and payments as then
    assert deal.tricks == before.tricks == [] and deal.trick == before.trick
    assert deal.hands == before.hands and deal.ledger.entries == before.ledger.entries
    assert deal.to_play == p and deal.hands[p] >> card & 1
    # now he plays lawfully in that trick; the cards that went back are public
    assert mask(a for a in deal.legal_actions() if a < 78) == duty_cards(deal.hands[p], deal.trick, 0)
    assert ACK not in deal.legal_actions()
    led = deal.trick[0]
    for s in range(N):
        taken = {tuple(x) for x in deal.view(s).extra["taken_back"]}
        assert taken == {x for x in seen if x[1] != led} and (p, card) in taken
    with pytest.raises(tarot.IllegalActionError, match="cannot|must"):
        deal.push(card)
    # taking the acknowledgment back restores the deal as it was
    deal.pop()
    assert deal.tricks == after_trick.tricks and deal.hands == after_trick.hands
    assert deal.legal_actions() == after_trick.legal_actions()
    # played out lawfully, nobody pays for a revoke and nobody forfeits
    deal.push(ACK)
    play_lawfully_until(deal, lambda d: d.is_over)
    assert "revoke" not in {e.reason for e in deal.ledger.entries}
    assert not any(deal.forfeited) and sum(deal.result().scores) == 0


def test_a_revoke_not_owned_up_to_is_paid_when_the_second_trick_after_it_is_gathered():
    received = 0
    for first in range(0, 400, 2):
        deal, p, card = revoke_in_first_trick(range(first, 400))
        deal.push(card)
        play_lawfully_until(deal, lambda d: len(d.tricks) == 3 and not d.trick or d.is_over)
        # just before trick 3 was gathered, nothing was paid for the revoke
        before = deal.copy()
        before.pop()
        assert "revoke" not in {e.reason for e in before.ledger.entries} and not before.forfeited[p]
        new = deal.ledger.entries[len(before.ledger.entries):]
        revoke = [e for e in new if e.reason == "revoke"]
        assert sorted((e.payer, e.payee, e.amount, e.trick) for e in revoke) == sorted(
            (p, o, 1, 0) for o in range(N) if o != p)
        assert deal.forfeited[p]
        # what he received since the revoke (in tricks 1 to 3) is given back
        got = sum(e.amount for e in deal.ledger.entries
                  if e.payee == p and e.trick is not None and e.reason not in ("revoke", "forfeit"))
        back = sum(e.amount for e in deal.ledger.entries if e.reason == "forfeit" and e.payer == p)
        assert back == got
        received += got
        play_lawfully_until(deal, lambda d: d.is_over)
        assert sum(deal.result().scores) == 0
        if received:
            return
    raise AssertionError("no revoker received anything in the window")


def test_acknowledge_revoke_is_refused_with_the_reason():
    deal, p, card = revoke_in_first_trick()
    with pytest.raises(tarot.IllegalActionError, match="no revoke to acknowledge"):
        deal.push(ACK)
    plain = tarot.new_deal(VARIANT, seed=1)
    with pytest.raises(tarot.IllegalActionError, match="only with revoke_handling"):
        plain.push(ACK)


def test_going_back_does_not_give_a_paid_revoke_time_again():
    """A seat revokes in trick 1 and again in trick 3; the first is paid when trick 3 is
    gathered. Owning up to the second goes back into trick 3, before that payment: the first
    revoke stays paid and cannot be owned up to any more."""
    found = 0
    for first in range(0, 300, 3):
        deal, p, card = revoke_in_first_trick(range(first, 300))
        deal.push(card)
        while len(deal.tricks) < 2 and not deal.is_over:   # lawful play to trick 3
            deal.push(lawful(deal))
        while deal.to_play != p and not deal.is_over:
            deal.push(lawful(deal))
        if deal.is_over or not deal.trick:
            continue
        hand = deal.hands[p]
        off = hand & ~duty_cards(hand, deal.trick, 2)
        if not off:
            continue
        deal.push(cards_of(off)[0])                      # the second revoke, in trick 3
        while len(deal.tricks) < 3 and not deal.is_over:
            deal.push(lawful(deal))
        paid = [e for e in deal.ledger.entries if e.reason == "revoke"]
        if deal.is_over or not paid:
            continue
        while deal.to_play != p:
            deal.push(lawful(deal))
        assert ACK in deal.legal_actions()
        deal.push(ACK)                                   # back into trick 3
        assert len(deal.tricks) == 2
        assert [e for e in deal.ledger.entries if e.reason == "revoke"] == paid and deal.forfeited[p]
        play_lawfully_until(deal, lambda d, p=p: d.is_over or d.to_play == p and len(d.tricks) >= 2 and not d.trick)
        assert ACK not in deal.legal_actions()
        found += 1
        if found >= 3:
            return
    raise AssertionError(f"only {found} deals with two revokes found")


@pytest.mark.parametrize("kf", ["2_plus_tarots", "2_total"])
def test_the_value_a_declaration_is_offered_at_is_what_it_is_paid(kf):
    """The table offers each declaration with its value (`declaration_value`, from a terminal
    audit: the choices gave none); pushing it pays exactly that from each opponent who pays."""

    options = {"three_kings_fool_value": kf}
    checked = 0
    for seed in range(150):
        deal = tarot.new_deal("marolles-1637", options, seed=seed)
        rng = random.Random(seed)
        while not deal.is_over and deal.phase != "declare":
            deal.push(rng.choice(deal.legal_actions()))
        while deal.phase in ("declare", "show"):
            for a in (a for a in deal.legal_actions() if deal.phase == "declare" and a != DONE):
                probe, before = deal.copy(), len(deal.ledger.entries)
                p = probe.to_play
                probe.push(a)
                while probe.phase == "show":
                    probe.push(probe.legal_actions()[0])
                paid = [e for e in probe.ledger.entries[before:] if e.payee == p and e.reason == "declaration"]
                assert all(e.amount == deal.declaration_value(a) for e in paid), (seed, deal.action_token(a))
                checked += len(paid)
            deal.push(rng.choice(deal.legal_actions()))
    assert checked > 50
