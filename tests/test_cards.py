"""Cards and their notation: every one of the 78 cards round-trips in both notations, names are
right and distinct, and a bad token is refused with an error that quotes it."""

import random

import pytest
from hypothesis import given, strategies as st

import tarot
from tarot.core.actions import NAMED_ACTIONS, NUM_ACTIONS, action_token, parse_action
from tarot.core.cards import (
    FRENCH, ITALIAN, CardParseError, card_name, cards_of, format_card, format_cards, mask, parse_card,
    parse_cards, popcount, shuffle,
)
from tarot.core.errors import IllegalActionError

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K"]
RANK_EN = ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Cavalier", "Queen", "King"]
RANK_FR = ["As", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Valet", "Cavalier", "Dame", "Roi"]
# Documented tokens (module docstring of tarot.core.cards): suit letters and the Fool's token.
ITALIAN_SUITS = {"S": "Swords", "B": "Batons", "C": "Cups", "D": "Coins"}
FRENCH_SUITS = {"S": "Spades", "C": "Clubs", "H": "Hearts", "D": "Diamonds"}
# Card makers pair the suits: Swords/Spades, Batons/Clubs, Cups/Hearts, Coins/Diamonds.
PAIRED = {"S": "S", "B": "C", "C": "H", "D": "D"}


def tokens(notation):
    letters = "SBCD" if notation is ITALIAN else "SCHD"
    fool = "F" if notation is ITALIAN else "EX"
    return [fool] + [f"T{n}" for n in range(1, 22)] + [r + s for s in letters for r in RANKS]


@pytest.mark.parametrize("notation", [ITALIAN, FRENCH], ids=["italian", "french"])
def test_the_78_tokens_name_78_distinct_cards_and_round_trip(notation):
    toks = tokens(notation)
    ids = [parse_card(t, notation) for t in toks]
    assert len(toks) == 78 and sorted(ids) == list(range(78))
    for t, c in zip(toks, ids):
        assert format_card(c, notation) == t
    for c in range(78):
        assert parse_card(format_card(c, notation), notation) == c


def test_both_notations_name_the_same_cards():
    for s_it, s_fr in PAIRED.items():
        for r in RANKS:
            assert parse_card(r + s_it, ITALIAN) == parse_card(r + s_fr, FRENCH)
    assert parse_card("F", ITALIAN) == parse_card("EX", FRENCH)
    for n in range(1, 22):
        assert parse_card(f"T{n}", ITALIAN) == parse_card(f"T{n}", FRENCH)


def test_card_ids_follow_the_documented_layout():
    # 0 = Fool, 1..21 trumps I..XXI, then suit cards
    assert parse_card("F") == 0
    assert [parse_card(f"T{n}") for n in range(1, 22)] == list(range(1, 22))
    assert all(parse_card(r + s) >= 22 for s in "SBCD" for r in RANKS)


def test_english_names_of_every_card():
    for s, suit in ITALIAN_SUITS.items():
        for r, word in zip(RANKS, RANK_EN):
            assert card_name(parse_card(r + s)) == f"{word} of {suit}"
    for s, suit in FRENCH_SUITS.items():
        for r, word in zip(RANKS, RANK_EN):
            assert card_name(parse_card(r + s, FRENCH), FRENCH) == f"{word} of {suit}"
    assert card_name(parse_card("F")) == "the Fool"
    assert card_name(parse_card("EX", FRENCH), FRENCH) == "the Excuse"
    assert card_name(parse_card("T21")).startswith("XXI") and "World" in card_name(parse_card("T21"))
    assert card_name(parse_card("T1")).startswith("I") and "Bagat" in card_name(parse_card("T1"))
    assert card_name(parse_card("T14")) == "XIV"


def test_french_names():
    assert card_name(parse_card("KH", FRENCH), FRENCH, "fr") == "Roi de Cœur"
    assert card_name(parse_card("QS", FRENCH), FRENCH, "fr") == "Dame de Pique"
    assert card_name(parse_card("KC"), ITALIAN, "fr") == "Roi de Coupes"
    for s in "SBCD":
        for r, word in zip(RANKS, RANK_FR):
            assert card_name(parse_card(r + s), ITALIAN, "fr").startswith(word + " ")


@pytest.mark.parametrize("notation", [ITALIAN, FRENCH], ids=["italian", "french"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_names_are_distinct(notation, lang):
    names = {card_name(c, notation, lang) for c in range(78)}
    assert len(names) == 78


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="'de'"):
        card_name(0, ITALIAN, "de")


def test_tokens_are_case_insensitive_and_trimmed():
    assert parse_card("ks") == parse_card("KS") == parse_card(" KS ")
    assert parse_card("t21") == parse_card("T21")
    assert parse_card("ex", FRENCH) == parse_card("EX", FRENCH)


@pytest.mark.parametrize("token", ["ZZ", "T0", "T22", "T01", "1S", "11S", "KX", "K", "", "10", "KH", "T", "FF"])
def test_a_bad_italian_token_is_refused_and_quoted(token):
    with pytest.raises(CardParseError) as err:
        parse_card(token, ITALIAN)
    assert repr(token) in str(err.value)
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize("token", ["KB", "T23", "QZ", "0H"])
def test_a_bad_french_token_is_refused_and_quoted(token):
    with pytest.raises(CardParseError) as err:
        parse_card(token, FRENCH)
    assert repr(token) in str(err.value)


@pytest.mark.parametrize("bad", [None, 5, b"KS", ["KS"]])
def test_what_is_no_token_or_no_card_id_is_refused_as_a_tarot_error(bad):
    """From an input audit: parse_card(None) was an AttributeError, format_card(99) an
    IndexError, format_card(-1) the token 'T-1'; and CardParseError was no TarotError."""
    with pytest.raises(CardParseError, match="is not a card token"):
        parse_card(bad)
    with pytest.raises(CardParseError, match="is not a string of card tokens"):
        parse_cards(bad)
    for card in (-1, 78, 99):
        with pytest.raises(CardParseError, match=f"^{card} is not a card id \\(0..77\\)$"):
            format_card(card)
        with pytest.raises(CardParseError, match="is not a card id"):
            card_name(card)
    assert issubclass(CardParseError, tarot.TarotError) and issubclass(CardParseError, ValueError)


def test_parse_cards_names_the_bad_token_among_good_ones():
    with pytest.raises(CardParseError) as err:
        parse_cards("KS QS XYZ T1")
    assert "'XYZ'" in str(err.value)


def test_parse_and_format_lists_keep_order_sets_ascend():
    cards = parse_cards("KS, 5S T1 F")
    assert cards == [parse_card("KS"), parse_card("5S"), 1, 0]
    assert format_cards(cards) == "KS 5S T1 F"
    assert format_cards(mask(cards)) == "F T1 5S KS"
    assert format_cards(mask(cards), FRENCH) == "EX T1 5S KS"


@given(st.sets(st.integers(0, 77)))
def test_mask_and_cards_of_round_trip(cards):
    m = mask(cards)
    assert cards_of(m) == sorted(cards) and m.bit_count() == len(cards)
    assert parse_cards(format_cards(m)) == sorted(cards)


def test_every_action_id_round_trips_through_its_token():
    assert NUM_ACTIONS == 78 + len(NAMED_ACTIONS)
    for notation in (ITALIAN, FRENCH):
        for a in range(NUM_ACTIONS):
            assert parse_action(action_token(a, notation), notation) == a
    assert parse_action("done") == 78 and action_token(78) == "done"


@pytest.mark.parametrize("token", ["bogus", "T99", "tarots_3"])
def test_a_bad_action_token_is_refused_and_quoted(token):
    with pytest.raises(IllegalActionError) as err:
        parse_action(token)
    assert repr(token) in str(err.value)


@pytest.mark.parametrize("action", [-1, 78 + len(NAMED_ACTIONS), 10_000])
def test_an_action_id_out_of_range_has_no_token(action):
    with pytest.raises(IllegalActionError, match=str(action)):
        action_token(action)


@given(st.integers(0, 2**64), st.integers(0, 80), st.integers(0, 3))
def test_shuffle_is_random_shuffle(seed, n, before):
    """``shuffle`` gives the order ``Random.shuffle`` gives, and leaves the generator in the
    same state (decks made from a seed stay what they were)."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(before):  # from a generator already in use, too
        ours.random(), theirs.random()
    a, b = list(range(n)), list(range(n))
    shuffle(a, ours)
    theirs.shuffle(b)
    assert a == b
    assert ours.getstate() == theirs.getstate()


@given(st.integers(min_value=0, max_value=(1 << 78) - 1))
def test_popcount_counts_the_cards_of_any_set(cs):
    # pure Python it is int.bit_count itself, compiled a count by table below 2 ** 62
    assert popcount(cs) == len(cards_of(cs)) == bin(cs).count("1")
    assert popcount(cs & ((1 << 62) - 1)) + popcount(cs >> 62 << 62) == popcount(cs)
