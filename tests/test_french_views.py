"""A French Tarot seat's view holds its own hand and what is public, nothing else (issue 3):
the chien only when it is shown (Prise, Garde) or at the end, the écart only in the taker's view
(its trumps are shown to all), the five-player partner unknown to the others until the called
card is played, and no other seat's hand."""

import random

import pytest

import tarot
from tarot.core.actions import ACTION_IDS, DONE
from tarot.core.cards import FRENCH, cards_of, format_cards, mask, parse_cards
from tarot.core.deal import variant_class

VARIANTS = ("fft-3p", "fft-4p", "fft-5p")
SHOWN_CONTRACTS = (ACTION_IDS["prise"], ACTION_IDS["garde"])


def random_options(rng, variant):
    return {o.key: rng.choice(o.choices) for o in variant_class(variant).OPTIONS}


def public_cards(deal):
    """Cards every seat may know: played, shown, and the chien once turned up (or at the end)."""
    m = mask(deal.trick)
    for _, cards, _ in deal.tricks:
        m |= mask(cards)
    for _, _, cs in deal.shown:
        m |= cs
    if deal.is_over or (deal.contract in SHOWN_CONTRACTS and deal.phase not in ("bid", "call")):
        m |= deal.chien
    return m


def check_views(deal):
    n = deal.players
    public = public_cards(deal)
    called_played = deal.called is not None and any(
        deal.called in cards for _, cards, _ in deal.tricks) or deal.called in deal.trick
    for s in range(n):
        v = deal.view(s)
        allowed = public | deal.hands[s]
        if s == deal.taker and deal.contract is not None:
            allowed |= deal.ecart
        leak = v.known_cards() & ~allowed
        assert not leak, f"seat {s} sees {format_cards(leak, FRENCH)} in phase {deal.phase}"
        for o in range(n):
            if o != s:
                assert not v.known_cards() & deal.hands[o] & ~public, "another seat's hand"
        assert v.hand == deal.hands[s]
        if s != deal.taker:
            assert v.discards == 0, "the écart outside the taker's view"
        if deal.contract in (ACTION_IDS["garde_sans"], ACTION_IDS["garde_contre"]) and not deal.is_over:
            assert v.chien == 0, "the chien of a garde sans / contre"
        if deal.to_play != s:
            assert not v.legal_actions and v.pending_show == 0
        if n == 5 and deal.called is not None and not deal.is_over:
            in_shown_chien = deal.chien_shown and deal.chien >> deal.called & 1
            if called_played or in_shown_chien:
                assert v.partner == (deal.partner if deal.partner is not None else deal.taker)
            elif s == deal.partner:
                assert v.partner == s
            elif s != deal.taker:
                assert v.partner is None, "the secret partner is known too early"
            else:
                assert v.partner in (None, s)
        # the bids are public, the contract once bidding has ended
        assert list(v.bids) == deal.bids


@pytest.mark.parametrize("variant", VARIANTS)
def test_views_of_random_deals(variant):
    rng = random.Random(VARIANTS.index(variant))
    n = variant_class(variant).PLAYERS
    seen_partner_hidden = 0
    for _ in range(250):
        deal = tarot.new_deal(variant, random_options(rng, variant), seed=rng.randrange(2**32),
                              dealer=rng.randrange(n))
        check_views(deal)
        while not deal.is_over:
            deal.push(rng.choice(deal.legal_actions()))
            check_views(deal)
            if n == 5 and deal.phase == "play" and deal.partner is not None:
                seen_partner_hidden += deal.view((deal.partner + 1) % 5).partner is None
    if n == 5:
        assert seen_partner_hidden > 100


def test_the_chien_is_seen_by_all_in_a_prise_and_the_ecart_by_the_taker_only():
    deal = tarot.new_deal("fft-4p", {"petit_rule": "none"}, seed=8, dealer=0)
    assert all(deal.view(s).chien == 0 for s in range(4))
    deal.push(ACTION_IDS["prise"])
    for _ in range(3):
        deal.push(ACTION_IDS["pass"])
    assert all(deal.view(s).chien == deal.chien for s in range(4))
    while deal.phase == "ecart":
        deal.push(deal.legal_actions()[0])
    assert deal.view(1).discards == deal.ecart and deal.ecart.bit_count() == 6
    for s in (0, 2, 3):
        assert not deal.view(s).known_cards() & deal.ecart & ~deal.chien & ~public_cards(deal)
    assert deal.view(1).chien == deal.chien       # the taker keeps seeing it


def test_the_partner_is_revealed_when_the_called_card_is_played():
    hands = parse_cards("KH", FRENCH)
    for seed in range(200):
        deal = tarot.new_deal("fft-5p", {"petit_rule": "none"}, seed=seed, dealer=0)
        holder = next(s for s in range(5) if deal.hands[s] >> hands[0] & 1)
        if holder == 1:
            continue
        deal.push(ACTION_IDS["garde_sans"])
        for _ in range(4):
            deal.push(ACTION_IDS["pass"])
        deal.push(hands[0])
        assert deal.partner == holder
        deal.push(DONE)
        while not deal.is_over and hands[0] not in deal.trick:
            others = [s for s in range(5) if s not in (holder,)]
            assert all(deal.view(s).partner is None for s in others if s != 1)
            assert deal.view(holder).partner == holder
            legal = deal.legal_actions()
            deal.push(legal[-1] if deal.phase == "play" and deal.to_play == holder
                      and hands[0] in legal else legal[0])
        assert all(deal.view(s).partner == holder for s in range(5))
        return
    raise AssertionError("no deal found")


def test_a_poignee_in_progress_is_seen_by_its_declarer_only():
    trumps = " ".join(f"T{i}" for i in range(2, 14))
    cls = variant_class("fft-4p")
    rest = [c for c in range(78) if c not in parse_cards(trumps, FRENCH)]
    hands = {1: mask(parse_cards(trumps, FRENCH) + rest[:6])}
    rest = rest[6:]
    for s in (0, 2, 3):
        hands[s] = mask(rest[:18])
        rest = rest[18:]
    deal = cls({"petit_rule": "none"}, deck=cls.deck_for(hands, mask(rest), 0), dealer=0)
    deal.push(ACTION_IDS["garde_sans"])
    for _ in range(3):
        deal.push(ACTION_IDS["pass"])
    deal.push(DONE)
    deal.push(ACTION_IDS["poignee_simple"])
    assert deal.phase == "show"
    chosen = cards_of(deal.hands[1] & ((1 << 22) - 2))[:3]
    for c in chosen:
        deal.push(c)
    assert deal.view(1).pending_show == mask(chosen)
    for s in (0, 2, 3):
        assert deal.view(s).pending_show == 0 and not deal.view(s).known_cards() & mask(chosen)
        # nor that he holds more trumps than he shows: the others see him to play
        assert (deal.view(s).phase, deal.view(s).to_play) == ("play", 1)


@pytest.mark.parametrize("variant", VARIANTS)
def test_being_offered_a_poignee_is_the_seat_to_plays_own(variant):
    """A poignée is offered only to a hand that holds one, before its first card: the others see
    the seat to play, as they do when it holds none."""
    offered = 0
    for seed in range(5000):
        if offered >= 10:
            break
        rng = random.Random(seed)
        deal = tarot.new_deal(variant, seed=seed)
        while not deal.is_over and deal.trick_no == 0:
            if deal.phase in ("poignee", "show"):
                offered += 1
                for s in range(deal.players):
                    v = deal.view(s)
                    expected = deal.phase if s == deal.to_play else "play"
                    assert (v.phase, v.to_play) == (expected, deal.to_play), (seed, s)
            deal.push(rng.choice(deal.legal_actions()))
    assert offered >= 5
