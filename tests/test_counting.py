"""Counting card points (docs/rules §0): the engine's packet count against S1's packet rules,
written out literally in ``helpers.packet_value``, and the pack totals."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from helpers import (
    COUNTING, FULL_78, M, PACK, bits, literal_points, literal_points_in_order, nominal, packet_value,
)
from tarot.core.cards import cards_of, parse_cards
from tarot.core.counting import packet_points, pair_points, points

PACK_CARDS = cards_of(PACK)
ALL_CARDS = cards_of(FULL_78)


def P(text):
    return parse_cards(text)


# --- S1's rules, one by one -----------------------------------------------------------------
@pytest.mark.parametrize("cards, expected", [
    ("KS 5S 6S", 5),      # one Tarot + two empties: the Tarot's value
    ("T21 T5 T6", 5),     # trumps other than XXI, I and the Fool are empty
    ("F 4B T10", 5),
    ("QC 7C 4S", 4),
    ("CC 7C 4S", 3),
    ("JC 7C 4S", 2),
    ("5S 6S 7S", 1),      # three empty cards: 1
    ("QC CC 7C", 6),      # two counting cards: their sum − 1
    ("QC CC JC", 7),      # three counting cards: their sum − 2
    ("KS KB KC", 13),
    ("5S 6S", 1),         # two surplus cards: as if a third empty card were there
    ("KS 6S", 5),
    ("KS QS", 8),
    ("KS", 4),            # a single surplus counting card: its value − 1
    ("JS", 1),
    ("5S", 0),            # a single surplus empty card: nothing
])
def test_packet_rules_of_s1(cards, expected):
    assert packet_value(P(cards)) == expected
    assert packet_points(M(cards)) == expected


def test_s9_fractional_example_queen_cavalier_ten():
    # 3⅓ + 2⅓ + ⅓ = 6 (S9); as a packet: 4 + 3 − 1 = 6
    assert packet_points(M("QC CC 10C")) == 6
    assert packet_value(P("QC CC 10C")) == 6
    assert points(M("QC CC 10C"), 3) == Fraction(6)


def test_nominal_values_of_section_1_1():
    assert [nominal(c) for c in P("KS KB KC KD T21 T1 F")] == [5] * 7
    assert [nominal(c) for c in P("QS CS JS AD 10S T2 T20")] == [4, 3, 2, 0, 0, 0, 0]
    assert bits(COUNTING) == 19


# --- the literal procedure against the engine, over random piles ----------------------------
@settings(max_examples=600)
@given(st.lists(st.sampled_from(PACK_CARDS), unique=True, max_size=66))
def test_packet_points_equals_s1_packing(cards):
    pile = 0
    for c in cards:
        pile |= 1 << c
    assert packet_points(pile) == literal_points(pile)


@settings(max_examples=600)
@given(st.permutations(PACK_CARDS), st.integers(0, 66))
def test_grouping_does_not_matter(order, n):
    """Packing the pile's cards three by three in any order gives the same count."""
    cards = order[:n]
    assert literal_points_in_order(cards) == literal_points(sum(1 << c for c in cards))
    assert packet_points(sum(1 << c for c in cards)) == literal_points_in_order(cards)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(ALL_CARDS), unique=True, max_size=78))
def test_packets_equal_rounded_fractional_values(cards):
    """§0.2: the packet count is Σ (reduced + 1/3) rounded to the nearest integer."""
    pile = sum(1 << c for c in cards)
    exact = points(pile, 3)
    assert packet_points(pile) == round(exact)
    assert abs(exact - packet_points(pile)) <= Fraction(1, 3)


# --- pack totals (§0.4, S1) -------------------------------------------------------------------
def test_the_66_card_pack_is_worth_74():
    assert packet_points(PACK) == 74 == literal_points(PACK)


def test_74_is_71_plus_3_as_s1_counts_it():
    counting = cards_of(PACK & COUNTING)
    empties = cards_of(PACK & ~COUNTING)
    assert len(counting) == 19 and len(empties) == 47
    with_two_empties = sum(1 << c for c in counting + empties[:38])
    assert packet_points(with_two_empties) == 71
    assert packet_points(sum(1 << c for c in empties[38:])) == 3      # 9 extra empties


def test_the_78_card_pack_is_worth_78_in_packets_and_91_in_pairs():
    assert packet_points(FULL_78) == 78 == literal_points(FULL_78)
    assert pair_points(FULL_78) == 91


@pytest.mark.parametrize("cards, expected", [
    ("KS 5S", 5),                   # honour + low card = nominal
    ("5S 6S", 1),                   # two low cards = 1
    ("5S", Fraction(1, 2)),         # a single low card: half a point
    ("QS", Fraction(7, 2)),         # a Queen alone: 3½
])
def test_pairs_count_half_points(cards, expected):
    assert pair_points(M(cards)) == expected


def test_individual_piles_of_the_66_pack_total_73_or_74():
    """§0.5: three piles of 1 mod 3 cards make 73; residues 2/0/1 (the Fool's shift) make 74."""
    cards = cards_of(PACK)
    a, b, c = cards[:22], cards[22:44], cards[44:]          # 22, 22, 22 cards: all ≡ 1 mod 3
    as_mask = [sum(1 << x for x in part) for part in (a, b, c)]
    assert sum(packet_points(m) for m in as_mask) == 73
    moved = [as_mask[0] | (1 << b[0]), as_mask[1] & ~(1 << b[0]), as_mask[2]]   # 23, 21, 22
    assert sum(packet_points(m) for m in moved) == 74
