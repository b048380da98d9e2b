"""Illegal actions through the API: each raises IllegalActionError naming the rule broken and
changes nothing (views of all seats, legal actions, history, ledger); push/pop and copy()."""

import enum
import random

import pytest

import tarot
from helpers import (
    DONE, FOOL, KINGS, VARIANT, arrange, fingerprint, ledger_totals, new_deal_from, play, position,
    random_options,
)
from tarot.core.actions import ACTION_IDS, NUM_ACTIONS
from tarot.core.cards import cards_of, parse_card
from tarot.core.errors import IllegalActionError


def refused(deal, action, *words):
    """Push ``action``: it must be refused with a message holding ``words``, and change nothing."""
    before = fingerprint(deal)
    entries = list(deal.ledger.entries)
    with pytest.raises(IllegalActionError) as err:
        deal.push(action)
    msg = str(err.value)
    for w in words:
        assert w.lower() in msg.lower(), f"{w!r} not in {msg!r}"
    assert fingerprint(deal) == before
    assert list(deal.ledger.entries) == entries
    return msg


# seat 1 leads; seat 2 holds Cups, Coins and trumps; seat 0 no Cups but trumps; dealer 0
HANDS = {1: "7C 4S", 2: "AC 3D T5 F", 0: "T6 4D"}
VOIDS = {0: "C"}


def test_you_must_follow_cups():
    deal, _ = position(hands=HANDS, void=VOIDS)
    play(deal, "7C")
    assert deal.to_play == 2
    refused(deal, parse_card("3D"), "must follow Cups")
    refused(deal, parse_card("T5"), "must follow Cups")


def test_you_must_trump_when_void():
    deal, _ = position(hands=HANDS, void=VOIDS)
    play(deal, "7C")
    play(deal, "AC")
    assert deal.to_play == 0
    refused(deal, parse_card("4D"), "trump", "Cups")


def test_you_must_trump_when_trumps_are_led():
    deal, _ = position(hands={1: "T2 4S", 2: "T5 3D"}, void={})
    play(deal, "T2")
    refused(deal, parse_card("3D"), "trump")


def test_a_card_not_in_hand():
    deal, _ = position(hands=HANDS, void=VOIDS)
    refused(deal, parse_card("AC"), "does not hold", "Ace of Cups")


def test_the_fool_may_not_be_led_when_the_option_forbids_it():
    deal, _ = position(hands={1: "F 4S"}, options={"fool_lead_allowed": "false"})
    refused(deal, FOOL, "Fool", "led")


def test_the_fool_cannot_excuse_in_the_last_trick():
    setup = arrange(hands={2: "F"}, seed=5)
    deal = new_deal_from(setup, {"wrong_discard_count": "penalty_1m_and_forfeit"})
    while deal.phase == "discard":
        s = deal.to_play
        deal.push(DONE if s == 2 else cards_of(setup.discards[s] & deal.view(s).hand)[0])
    while not deal.is_over:
        if deal.phase == "play" and deal.to_play == 2 and len(deal.tricks) == 19:
            refused(deal, FOOL, "Fool", "last trick")
        legal = deal.legal_actions()
        deal.push(([a for a in legal if a != FOOL] or legal)[0])


def test_discard_phase_refusals():
    setup = arrange(hands={1: "T7"})
    deal = new_deal_from(setup, {"illegal_discard": "forbidden"})
    assert deal.phase == "discard" and deal.to_play == 1
    refused(deal, parse_card("T7"), "discard")
    refused(deal, DONE, "discard")                          # the count is enforced by default
    refused(deal, ACTION_IDS["tarots_4"], "discard")
    other = cards_of(setup.dealt[2])[0]
    refused(deal, other, "does not hold")


def test_declare_phase_refusals():
    setup = arrange(hands={1: "KS KB KC"}, void={1: "TF"})
    deal = new_deal_from(setup)
    while deal.phase == "discard":
        deal.push(cards_of(setup.discards[deal.to_play] & deal.view(deal.to_play).hand)[0])
    assert deal.phase == "declare" and deal.to_play == 1
    refused(deal, ACTION_IDS["triomphes_10"], "cannot declare")
    refused(deal, ACTION_IDS["kings_4"], "cannot declare")
    refused(deal, ACTION_IDS["tous_les_trois"], "cannot declare")
    refused(deal, cards_of(deal.view(1).hand)[0], "declare")
    deal.push(ACTION_IDS["kings_3"])
    refused(deal, ACTION_IDS["kings_3"], "declare")        # once only
    refused(deal, ACTION_IDS["grant"], "declare")


def test_show_phase_refusals():
    setup = arrange(hands={1: "KS KB KC KD"})
    deal = new_deal_from(setup)
    while deal.phase == "discard":
        deal.push(cards_of(setup.discards[deal.to_play] & deal.view(deal.to_play).hand)[0])
    deal.push(ACTION_IDS["kings_3"])
    assert deal.phase == "show"
    refused(deal, DONE, "show")
    non_king = next(c for c in cards_of(deal.view(1).hand) if not KINGS >> c & 1)
    refused(deal, non_king, "the cards that can be are KS KB KC KD")
    refused(deal, cards_of(setup.dealt[2])[0], "not in the hand")
    # the first card shown: no "after T-1" (nothing is shown yet)
    with pytest.raises(IllegalActionError, match=r"given in ascending order, leaving enough above for the rest$"):
        deal.push(parse_card("KD"))
    deal.push(parse_card("KB"))
    refused(deal, parse_card("KS"), "in ascending order, after KB")   # below the last one shown


def test_play_phase_refuses_named_actions():
    deal, _ = position(hands=HANDS, void=VOIDS)
    refused(deal, DONE, "play")
    refused(deal, ACTION_IDS["tarots_4"], "play")


@pytest.mark.parametrize("bad", [-1, NUM_ACTIONS, 10_000, "7C", None, 3.0, True])
def test_not_an_action_id(bad):
    deal = tarot.new_deal(VARIANT, seed=1)
    refused(deal, bad, "not an action")


class _Index:
    """An integer type that is no ``int``, as NumPy's are: it has only ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"_Index({self.value})"


@pytest.mark.parametrize("variant", sorted(tarot.VARIANTS))
def test_integers_of_other_types_stand_for_their_value(variant):
    """An ``IntEnum`` member or a NumPy-like integer is pushed as its value (a legal one was
    refused with a made-up rule, or with an IndexError, when ``push`` took only ``int``); an
    illegal one gets the rule's reason; the history holds plain ints."""
    rng = random.Random(7)
    deal = tarot.new_deal(variant, seed=7)
    twin = deal.copy()
    while not deal.is_over:
        legal = deal.legal_actions()
        a = rng.choice(legal)
        illegal = next((x for x in range(NUM_ACTIONS) if x not in legal), None)
        if illegal is not None:
            with pytest.raises(IllegalActionError) as told:
                deal.push(_Index(illegal))
            with pytest.raises(IllegalActionError) as plain:
                deal.push(illegal)
            assert str(told.value) == str(plain.value)
        kind = enum.IntEnum("Kind", {"A": a}) if len(deal.history) % 2 else None
        deal.push(kind.A if kind else _Index(a))
        twin.push(a)
    assert deal.history == twin.history and all(type(a) is int for a in deal.history)
    assert deal.result().scores == twin.result().scores


def test_nothing_is_legal_once_the_deal_is_over():
    deal = tarot.new_deal(VARIANT, seed=2)
    rng = random.Random(2)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    assert deal.legal_actions() == []
    for a in (0, 21, DONE):
        refused(deal, a, "over")


def test_pop_with_no_action_and_result_before_the_end():
    deal = tarot.new_deal(VARIANT, seed=3)
    with pytest.raises(IllegalActionError):
        deal.pop()
    with pytest.raises(IllegalActionError, match="not over"):
        deal.result()
    with pytest.raises(IllegalActionError):
        deal.view(3)


def test_bad_decks_and_dealers_are_refused_by_name():
    deck = list(tarot.new_deal(VARIANT, seed=4).deck)
    dup = deck[:-1] + [deck[0]]
    with pytest.raises(IllegalActionError, match="twice"):
        tarot.new_deal(VARIANT, deck=dup)
    with pytest.raises(IllegalActionError, match="lacks"):
        tarot.new_deal(VARIANT, deck=deck[:-1])
    removed = deck[:-1] + [parse_card("10C")]               # not in the 66-card pack
    with pytest.raises(IllegalActionError, match="outside the marolles-1637 pack: 10C$"):
        tarot.new_deal(VARIANT, deck=removed)
    with pytest.raises(IllegalActionError, match="dealer"):
        tarot.new_deal(VARIANT, deck=deck, dealer=3)
    for bad in (5, "KS QS", 3.5):  # from an input audit: a TypeError from tuple()
        with pytest.raises(IllegalActionError, match="^the deck must be a sequence of card ids, not "):
            tarot.new_deal(VARIANT, deck=bad)
    with pytest.raises(TypeError, match="^rng must be a random.Random, not int$"):  # was AttributeError
        tarot.new_deal(VARIANT, rng=5)
    for bad in ([1], 1.5, "7", True):  # [1] was random's own "The only supported seed types..."
        with pytest.raises(TypeError, match=f"^seed must be an int or None, not {type(bad).__name__}$"):
            tarot.new_deal(VARIANT, seed=bad)
    import enum

    class Seven(enum.IntEnum):
        S = 7
    assert tarot.new_deal(VARIANT, seed=Seven.S).deck == tarot.new_deal(VARIANT, seed=7).deck


def test_push_token_errors_quote_the_token():
    deal = tarot.new_deal(VARIANT, seed=5)
    before = fingerprint(deal)
    with pytest.raises(IllegalActionError, match="'XYZ'"):
        deal.push_token("XYZ")
    assert fingerprint(deal) == before


# ---- every illegal action in random positions is refused and changes nothing -----------------
def test_every_illegal_action_is_refused_without_change():
    rng = random.Random(6)
    for _ in range(40):
        deal = tarot.new_deal(VARIANT, random_options(rng), seed=rng.randrange(2**32))
        steps = 0
        while not deal.is_over:
            legal = set(deal.legal_actions())
            if steps % 7 == 0:
                before = fingerprint(deal)
                for a in rng.sample(range(NUM_ACTIONS), 25):
                    if a not in legal:
                        with pytest.raises(IllegalActionError) as err:
                            deal.push(a)
                        assert str(err.value)
                assert fingerprint(deal) == before
            deal.push(rng.choice(sorted(legal)))
            steps += 1


# ---- push/pop and copy -------------------------------------------------------------------
def test_push_then_pop_returns_to_identical_states():
    rng = random.Random(7)
    for _ in range(60):
        options = random_options(rng)
        seed = rng.randrange(2**32)
        deal = tarot.new_deal(VARIANT, options, seed=seed)
        fresh = fingerprint(deal)
        states = [fresh]
        while not deal.is_over:
            a = rng.choice(deal.legal_actions())
            deal.push(a)
            assert deal.pop() == a
            assert fingerprint(deal) == states[-1]
            deal.push(a)
            states.append(fingerprint(deal))
        for state in reversed(states[:-1]):
            deal.pop()
            assert fingerprint(deal) == state
        assert fingerprint(deal) == fingerprint(tarot.new_deal(VARIANT, options, seed=seed)) == fresh


def test_a_result_is_not_changed_by_taking_moves_back():
    """A DealResult is the outcome of the finished deal: popping the deal afterwards (as a search
    does) must not rewrite the result already handed out."""
    deal = tarot.new_deal(VARIANT, seed=9)
    rng = random.Random(9)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    result = deal.result()
    entries = list(result.ledger.entries)
    assert result.scores == tuple(ledger_totals(entries))
    for _ in range(10):
        deal.pop()
    assert list(result.ledger.entries) == entries
    assert result.scores == tuple(ledger_totals(result.ledger.entries))


@pytest.mark.parametrize("variant", sorted(tarot.core.deal.VARIANTS))
def test_a_result_is_read_only_compared_by_value_and_pickles(variant):
    import pickle

    rng = random.Random(variant)
    deal = tarot.new_deal(variant, seed=5)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    result = deal.result()
    for name in ("scores", "card_points", "ledger", "by_source", "info"):
        with pytest.raises(AttributeError):
            setattr(result, name, None)
    twin = pickle.loads(pickle.dumps(result))
    assert twin == result == deal.result() and twin is not result
    assert twin.scores == result.scores and list(twin.ledger.entries) == list(result.ledger.entries)
    assert repr(twin) == repr(result)
    deal.pop()
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    other = deal.result()
    assert (other == result) == (other.scores == result.scores and other.card_points == result.card_points
                                 and list(other.ledger.entries) == list(result.ledger.entries)
                                 and other.by_source == result.by_source and other.info == result.info)


def test_copy_is_independent_of_the_original():
    rng = random.Random(8)
    for _ in range(40):
        options = random_options(rng)
        deal = tarot.new_deal(VARIANT, options, seed=rng.randrange(2**32))
        for _ in range(rng.randrange(80)):
            if deal.is_over:
                break
            deal.push(rng.choice(deal.legal_actions()))
        snapshot = fingerprint(deal)
        twin = deal.copy()
        assert fingerprint(twin) == snapshot
        actions = []
        while not twin.is_over:
            a = rng.choice(twin.legal_actions())
            twin.push(a)
            actions.append(a)
        assert fingerprint(deal) == snapshot                 # the original did not move
        for a in actions:
            deal.push(a)
        assert fingerprint(deal) == fingerprint(twin)
        assert deal.result().scores == twin.result().scores
        for _ in actions:                                    # the copy can take back its moves
            twin.pop()
        assert fingerprint(twin) == snapshot
        assert fingerprint(deal) != snapshot or not actions


@pytest.mark.parametrize("variant", sorted(tarot.core.deal.VARIANTS))
def test_is_legal_agrees_with_legal_actions_everywhere(variant):
    """In random positions of every variant, with random options, ``is_legal`` answers every
    action id as ``legal_actions`` lists it: asked before the list (a bit test, or the list
    computed) and after it (the list cached)."""
    from helpers_variants import random_options as variant_options

    rng = random.Random(variant)
    for i in range(12):
        deal = tarot.new_deal(variant, variant_options(variant, rng) if i % 2 else None, seed=i)
        while not deal.is_over:
            before = [a for a in range(NUM_ACTIONS) if deal.is_legal(a)]
            legal = deal.legal_actions()
            assert legal == sorted(legal) and legal == before
            assert [a for a in range(NUM_ACTIONS) if deal.is_legal(a)] == legal
            assert not deal.is_legal(-1) and not deal.is_legal(NUM_ACTIONS)
            deal.push(rng.choice(legal))
        assert deal.legal_actions() == [] and not any(deal.is_legal(a) for a in range(NUM_ACTIONS))


@pytest.mark.parametrize("variant", sorted(tarot.core.deal.VARIANTS))
def test_the_listed_actions_are_the_callers_own(variant):
    """A list ``legal_actions`` returned is the caller's: emptying it or filling it with
    illegal ids changes neither what the deal lists next nor what it accepts."""
    rng = random.Random(variant)
    for seed in range(6):
        deal = tarot.new_deal(variant, seed=seed)
        while not deal.is_over:
            legal = deal.legal_actions()
            kept = list(legal)
            mine = deal.legal_actions()
            mine.clear()
            legal.append(NUM_ACTIONS - 1 if NUM_ACTIONS - 1 not in kept else 0)
            assert deal.legal_actions() == kept
            assert [a for a in range(NUM_ACTIONS) if deal.is_legal(a)] == kept
            deal.push(rng.choice(kept))


@pytest.mark.parametrize("variant", ["marolles-1637", "marolles-78", "marolles-2p"])
def test_a_short_discard_may_stop_after_any_card(variant):
    """wrong_discard_count=penalty_1m_and_forfeit: a discard may stop short, so any card may be
    the last one (from an audit: QD then `done` was refused, "too few cards would remain above
    it", while 10D then `done` was accepted); trumps and Tarots stay forbidden under
    illegal_discard=forbidden unless the hand forces them."""
    from tarot.variants.marolles.rules import NO_DISCARD

    for forbidden in (False, True):
        opts = {"wrong_discard_count": "penalty_1m_and_forfeit",
                **({"illegal_discard": "forbidden"} if forbidden else {})}
        for seed in range(30):
            deal = tarot.new_deal(variant, opts, seed=seed)
            while deal.phase == "redeal":
                deal.push(DONE)
            assert deal.phase == "discard"
            p, hand = deal.to_play, deal.view(deal.to_play).hand
            legal = {a for a in deal.legal_actions() if a < 78}
            ordinary = {c for c in cards_of(hand) if not (forbidden and NO_DISCARD >> c & 1)}
            assert ordinary <= legal and DONE in deal.legal_actions()
            top = max(ordinary)                      # the highest card, then stop: lawful
            deal.push(top)
            deal.push(DONE)
            assert deal.discards[p] == 1 << top and (deal.phase, deal.to_play) != ("discard", p)


def test_marolles_refuses_a_bool_for_a_seat_and_a_card():
    """A bool dealer made a deal whose record could not be written (from a records audit); the
    compiled engine read True as the int 1 at every argument typed int. Compiled or not, a
    bool is no seat and no card (issue 33)."""
    with pytest.raises(IllegalActionError, match="dealer must be a seat 0..2, not True"):
        tarot.new_deal("marolles-1637", dealer=True, seed=1)
    with pytest.raises(IllegalActionError, match=r"view\(seat\) must be a seat 0..2, not True"):
        tarot.new_deal("marolles-1637", seed=1).view(True)
    with pytest.raises(IllegalActionError, match=r"outside the marolles-1637 pack: True, True"):
        tarot.new_deal("marolles-1637", deck=[True] * 66)
