"""A seat's view carries its own hand and discards and what is public, nothing else (DESIGN.md
core step 4, issue 2). The allowed set is computed by ``helpers.Model`` from the deal's history:
own hand ∪ own discards ∪ cards shown in declarations ∪ cards played ∪ the cut card."""

import random

import pytest
from hypothesis import given, settings, strategies as st

import tarot
from helpers import (
    FOOL, N, VARIANT, M, Model, arrange, bits, check_legal, model_for, new_deal_from,
    options_strategy, random_options, skip_to_play,
)
from tarot.core.actions import ACTION_IDS
from tarot.core.cards import CardParseError, cards_of, format_cards, parse_card


def card_tokens(detail: str) -> list[int]:
    """The cards a payment's detail names (words that are card tokens)."""
    out = []
    for word in detail.replace(",", " ").replace("(", " ").replace(")", " ").split():
        try:
            out.append(parse_card(word))
        except CardParseError:
            pass
    return out


def check_views(deal, model: Model) -> None:
    public = model.public_cards()
    for s in range(N):
        v = deal.view(s)
        allowed = model.allowed_knowledge(s)
        leak = v.known_cards() & ~allowed
        assert not leak, f"seat {s} sees {format_cards(leak)} in phase {deal.phase}"
        assert v.hand == model.hands[s] and v.discards == model.discards[s]
        assert v.seat == s and v.dealer == deal.dealer and v.players == N
        # another seat sees a choice of the cards to show as the declaring it is part of
        public_phase = "declare" if deal.phase == "show" and s != deal.to_play else deal.phase
        assert v.phase == public_phase and v.to_play == deal.to_play
        assert v.cut_card == deal.deck[-1]
        assert v.hand_sizes == tuple(bits(h) for h in model.hands)
        assert [tuple(t) for t in v.tricks] == [tuple(t) for t in model.tricks]
        assert list(v.trick) == model.trick
        assert list(v.shown) == model.shown
        assert v.pending_show & ~v.hand == 0
        if model.pending is not None and model.pending[0] == s:
            assert v.pending_show == model.pending[5]
            assert v.pending_declaration == ACTION_IDS[model.pending[1]]
        else:
            assert v.pending_declaration is None
        if deal.to_play != s:
            assert v.pending_show == 0, "another seat's choice of cards to show"
            assert not v.legal_actions, "another seat's legal actions"
        cards_in_legal = sum(1 << a for a in v.legal_actions if a < 78)
        assert not cards_in_legal & ~allowed
        # payments are public: the details may only name public cards
        assert list(v.payments) == list(deal.ledger.entries)
        for p in v.payments:
            for c in card_tokens(p.detail):
                public_by_payment = c == FOOL and p.reason == "fool_not_excused"
                assert public >> c & 1 or public_by_payment, (
                    f"payment {p} names {tarot.format_card(c)}, which is not public")


def play_and_check_views(deal, rng) -> Model:
    model = model_for(deal)
    check_views(deal, model)
    while not deal.is_over:
        legal = deal.legal_actions()
        check_legal(deal, model, legal)
        phase, s = deal.phase, deal.to_play
        a = rng.choice(legal)
        deal.push(a)
        model.step(phase, s, a)
        check_views(deal, model)
    return model


@pytest.mark.parametrize("chunk", range(4))
def test_views_of_random_deals_with_random_options(chunk):
    rng = random.Random(9000 + chunk)
    for _ in range(150):
        deal = tarot.new_deal(VARIANT, random_options(rng), seed=rng.randrange(2**32),
                              dealer=rng.randrange(3))
        play_and_check_views(deal, rng)


@settings(max_examples=60)
@given(options=options_strategy(), seed=st.integers(0, 2**32 - 1), play_seed=st.integers(0, 2**32 - 1))
def test_views_hypothesis(options, seed, play_seed):
    deal = tarot.new_deal(VARIANT, options, seed=seed, dealer=seed % 3)
    play_and_check_views(deal, random.Random(play_seed))


def test_nobody_sees_another_seats_hand_or_discards():
    deal = tarot.new_deal(VARIANT, seed=12)
    rng = random.Random(1)
    while not deal.is_over:
        hands = [deal.view(s).hand for s in range(N)]
        discards = [deal.view(s).discards for s in range(N)]
        played = 0
        for _, cards, _ in deal.tricks:
            played |= sum(1 << c for c in cards)
        played |= sum(1 << c for c in deal.view(0).trick)
        for _, _, cs in deal.shown:          # declared cards were shown to all
            played |= cs
        for s in range(N):
            for o in range(N):
                if o != s:
                    secret = (hands[o] | discards[o]) & ~played & ~(1 << deal.deck[-1])
                    assert not deal.view(s).known_cards() & secret
        deal.push(rng.choice(deal.legal_actions()))


def test_a_declaration_in_progress_is_seen_by_the_declarer_only():
    setup = arrange(hands={1: "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14"}, void={1: "TF"})
    deal = new_deal_from(setup)
    while deal.phase == "discard":
        deal.push(cards_of(setup.discards[deal.to_play] & deal.view(deal.to_play).hand)[0])
    deal.push(ACTION_IDS["triomphes_10"])
    deal.push(parse_card("T2"))
    deal.push(parse_card("T3"))
    assert deal.phase == "show"
    assert deal.view(1).pending_show == M("T2 T3")
    for other in (0, 2):
        v = deal.view(other)
        assert v.pending_show == 0 and not v.known_cards() & M("T2 T3")
        # that there is a choice to make (more triomphes than shown) is his own too: the
        # others see him declaring, as they would if he had exactly ten
        assert (v.phase, v.to_play) == ("declare", 1)
    assert deal.view(1).phase == "show"


def test_discard_penalties_do_not_name_the_discarded_card():
    setup = arrange(discards={0: "T2 KS 5S 6S"}, hands={0: "7S"}, cut="7S")
    deal = new_deal_from(setup)
    skip_to_play(deal, setup)
    penalties = [p for p in deal.view(1).payments if p.reason == "discard"]
    assert penalties
    for p in penalties:
        assert not set(card_tokens(p.detail)) & {parse_card("T2"), parse_card("KS")}
    for other in (1, 2):
        assert not deal.view(other).known_cards() & M("T2 KS 5S 6S")


@pytest.mark.parametrize("variant", sorted(tarot.VARIANTS))
def test_every_variants_views_are_true_views(variant):
    """Views are made by ``View.build`` (the fast path): each must hold exactly the dataclass's
    fields and equal the view ``View(...)`` makes of them, pickle and compare as one."""
    import dataclasses
    import pickle

    from tarot.core.deal import View
    names = {f.name for f in dataclasses.fields(View)}
    rng = random.Random(5)
    deal = tarot.new_deal(variant, seed=7)
    seen = 0
    while True:
        for s in range(deal.players):
            v = deal.view(s)
            assert set(vars(v)) <= names, set(vars(v)) - names
            same = View(**{n: getattr(v, n) for n in names})
            assert v == same and same == v and repr(v) == repr(same)
            assert pickle.loads(pickle.dumps(v)) == v
            with pytest.raises(dataclasses.FrozenInstanceError):
                v.hand = 0
            seen += 1
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_actions()))
    assert seen > 20


@pytest.mark.parametrize("variant", ["marolles-1637", "marolles-78", "marolles-2p", "early-french",
                                     "fft-3p", "fft-4p", "fft-5p", "french-2p"])
def test_the_table_tells_the_person_nothing_the_view_hides(variant):
    """The terminal reads the whole deal, so what it prints to the person in seat 0 must depend
    only on his view. Two decks that differ only by two plain cards of one suit (or two trumps
    II..XX), in two other hands (or face-down table piles) and neither played yet, give the same moves; the table must tell both alike, up to
    that point (random options: revokes, forfeits, short discards, declarations at the first
    card, the chien shown or not, the called King...)."""
    import io

    from rich.console import Console

    from helpers_variants import random_options as variant_options
    from tarot.core.cards import SUIT_MASKS, TRUMPS, mask
    from tarot.core.counting import COUNTING_CARDS
    from tarot.tui import Narrator, seat_names

    def told(deck, options, dealer, actions):
        deal = tarot.new_deal(variant, options, deck=deck, dealer=dealer)
        buf = io.StringIO()
        narrator = Narrator(Console(file=buf, width=100, color_system=None), seat_names(deal.players), {0})
        narrator.start(deal)
        for a in actions:
            seat, phase = deal.to_play, deal.phase
            deal.push(a)
            narrator.after(deal, seat, phase, a)
        return buf.getvalue()

    plain = ~(COUNTING_CARDS | 1)  # no Tarot or bout, court card or the Fool
    kinds = [*SUIT_MASKS[:4], TRUMPS]  # a suit's plain cards, or trumps II..XX
    compared = 0
    for seed in range(200):
        rng = random.Random(seed)
        options = variant_options(variant, rng)
        n = tarot.variant_class(variant).players_for(options)
        deal = tarot.new_deal(variant, options, seed=seed, dealer=seed % n)
        stop = rng.randrange(10, 90)
        while not deal.is_over and len(deal.history) < stop:
            deal.push(rng.choice(deal.legal_actions()))
        # two plain cards of one suit in two hands the person cannot see (le Mort's face-down
        # cards count as one, in the two-player game)
        hidden = [deal.hands[s] for s in range(1, n)]
        if getattr(deal, "MORT", False):
            turned = mask(c for _, cards, _ in deal.tricks for c in cards) | mask(deal.trick)
            hidden.append(mask(deal.mort_cards) & ~turned)
        if variant == "french-2p":  # the face-down cards of the table piles, each player's
            up = deal.up[0] | deal.up[1]
            for s in (0, 1):
                hidden.append(mask(c for k in range(6 * s, 6 * s + 6)
                                   for c in deal.stacks[k][:deal.depth[k]]) & ~up)
        pairs = [(a, b) for i, x in enumerate(hidden) for y in hidden[i + 1:]
                 for kind in kinds for a in cards_of(x & plain & kind)
                 for b in cards_of(y & plain & kind)]
        # not the cut card, nor a card seen and then taken back (a revoke owned up to)
        v = deal.view(0)
        seen = {deal.deck[-1], *v.extra.get("mort_seen", ()), *v.extra.get("play_sequence", ()),
                *cards_of(getattr(v, "chien", 0) or 0)}  # French Tarot: the chien shown
        for _, _, shown in v.shown:  # declarations, poignées, trumps put in the écart
            seen.update(cards_of(shown))
        pairs = [(a, b) for a, b in pairs if a not in seen and b not in seen]
        if deal.is_over or not pairs:
            continue
        a, b = rng.choice(pairs)
        deck = list(deal.deck)
        i, j = deck.index(a), deck.index(b)
        deck[i], deck[j] = b, a
        try:
            other = told(deck, options, deal.dealer, deal.history)
        except tarot.IllegalActionError:
            continue  # a move the swap made illegal (a declaration of the cards' owner)
        assert told(list(deal.deck), options, deal.dealer, deal.history) == other, (seed, format_cards([a, b]))
        compared += 1
    assert compared > 60
