"""Marolles's discards, declarations and cards shown by evaluation
(tarot.variants.marolles.bot_preplay, the game's ``preplay_bot``; ``rule-bid``, ``pimc-bid``).

Worked examples on constructed hands (evaluated with no margin, so that the evaluation itself,
not the rule bot's tie-break, makes the choice), property tests over random deals (every
action legal; the discards never hold more triomphes or Kings than the rule bot's), and the
bot's decisions depend only on the seat's view.
"""

from __future__ import annotations

import random

import pytest

import tarot
from tarot.bots import make_bot
from tarot.bots.preplay import PreplayBot
from tarot.core.actions import DONE
from tarot.core.cards import cards_of, mask, parse_card
from tarot.core.deal import variant_class
from tarot.core.errors import TarotError
from tarot.core.game import game_of
from tarot.variants.marolles.bot import MarollesRuleBot
from tarot.variants.marolles.bot_discards import PENALISED
from tarot.variants.marolles.bot_preplay import MarollesPreplayBot, discard_candidates, show_candidates

from helpers import random_options
from test_bots import deck_for

VARIANT = "marolles-1637"
CLS = variant_class(VARIANT)


def test_the_game_declares_the_bot_and_rule_bid_uses_it():
    game = game_of(VARIANT)
    assert game.load("preplay_bot") is MarollesPreplayBot
    bot = make_bot("rule-bid", seed=1)
    assert isinstance(bot.decider(VARIANT), MarollesPreplayBot)


def test_worlds_must_be_positive():
    with pytest.raises(TarotError, match="worlds"):
        MarollesPreplayBot(worlds=0)


QUEEN_HAND = "KS QS CS JS AD QC 4C 5C T2 T3 T4 T5 T6 T7 4B 5B 6B 7B 8B 9B 10B"


def test_discards_the_unguarded_queen():
    # docs/rules §1.4: seat 1 (eldest) discards one card. It holds the Imperial of Swords and la
    # Belle (both pay: kept), and the Queen of Cups without her King: in play she is likely
    # lost to a King, in the pile her points are the seat's. The rule bot's choice; the
    # evaluation weighs the other candidates and, with few deals, does not leave it on noise.
    deal = tarot.new_deal(VARIANT, deck=deck_for({1: QUEEN_HAND}, dealer=0), dealer=0)
    assert deal.phase == "discard" and deal.to_play == 1
    for seed in range(4):
        bot = MarollesPreplayBot(seed=seed, worlds=12)
        assert bot.act(deal.view(1)) == parse_card("QC")
        assert len(bot.last) > 1  # several candidates were weighed


def test_the_evaluation_prices_a_penalised_discard():
    # §1.4: a King discarded costs 2 M to each opponent (4 M) and the King's own worth; a trump
    # 4 M; an empty card nothing. The evaluation sees it: the Four of Batons is worth more
    # than the plain trump, which is worth more than the King of Swords, by about the penalty
    deal = tarot.new_deal(VARIANT, deck=deck_for({1: QUEEN_HAND}, dealer=0), dealer=0)
    bot = MarollesPreplayBot(seed=1)
    rows = bot.estimate(deal.view(1), [(parse_card(c),) for c in ("KS", "T2", "4B")], 16)
    mean = [sum(r) / len(r) for r in rows]
    assert mean[2] - mean[1] > 2.0 and mean[1] > mean[0]


def test_never_discards_a_king_or_triomphe_when_it_need_not():
    # the dealer holds plenty of empty cards: no candidate, hence no choice, is penalised
    # (2 M to each opponent a card, §1.4)
    hand0 = ("KS KB KC KD T21 T20 T19 T18 T17 T16 T15 T14 T1 F "
             "4S 5S 6S 4B 5B 6B 4C 5C 6C 4D")
    deal = tarot.new_deal(VARIANT, deck=deck_for({0: hand0}, dealer=0, cut="4D"), dealer=0)
    bots = [MarollesPreplayBot(seed=s, worlds=6, margin=0.0) for s in range(3)]
    while deal.phase == "discard":
        s = deal.to_play
        deal.push(bots[s].act(deal.view(s)))
    assert deal.view(0).discards.bit_count() == 4
    assert not deal.view(0).discards & PENALISED


def declaring():
    """A deal at seat 1's first declaration, its hand dealt with every kind of declaration
    (the discards made by the rule bots)."""
    hand1 = "KS KB KC KD F QS CS JS T2 T3 T4 T5 T6 T7 T8 4B 5B 6B 7B 8B 9B"
    deal = tarot.new_deal(VARIANT, deck=deck_for({1: hand1}, dealer=0), dealer=0)
    rules = [make_bot("rule", seed=s) for s in range(3)]
    while deal.phase == "discard":
        deal.push(rules[deal.to_play].act(deal.view(deal.to_play)))
    return deal


def test_declares_what_pays_when_declarations_are_evaluated():
    # docs/rules §1.5: 4 Kings and the Fool (4 M from each opponent), five Tarots (2 M) and the
    # Imperial of Swords (1 M) are paid at once; evaluated, each is worth making: the bot
    # never says done while one is left, and ends with the same three as the rule bot
    deal = declaring()
    bot = MarollesPreplayBot(seed=5, worlds=6, margin=0.0, declarations=True)
    made = []
    while deal.to_play == 1 and deal.phase in ("declare", "show"):
        a = bot.act(deal.view(1))
        if deal.phase == "declare" and a != DONE:
            made.append(deal.action_token(a))
        deal.push(a)
    assert sorted(made) == ["imperial_swords", "kings_4_fool", "tarots_5"]


def test_declarations_are_the_rule_bots_by_default():
    deal = declaring()
    bot = MarollesPreplayBot(seed=5, worlds=6)
    view = deal.view(1)
    assert bot.act(view) == MarollesRuleBot().act(view) and not bot.last


def test_show_candidates_are_legal_choices():
    eligible = mask(range(1, 14))  # thirteen trumps, ten to show
    rule = mask(range(2, 12))
    cands = show_candidates(eligible, 10, rule)
    assert cands[0] == rule and len(cands) == len(set(cands)) > 1
    assert all(c.bit_count() == 10 and not c & ~eligible for c in cands)


def _discard_sizes_ok(dealt: int, cands: list[int], rule: int) -> bool:
    return all(c.bit_count() == rule.bit_count() and not c & ~dealt
               and (c & PENALISED).bit_count() <= (rule & PENALISED).bit_count() for c in cands)


def test_discard_candidates_over_random_hands():
    rng = random.Random(7)
    for seed in range(40):
        deal = tarot.new_deal(VARIANT, seed=seed, dealer=seed % 3)
        for s in range(3):
            dealt = deal.hand(s)
            k = CLS.DEALER_DISCARDS if s == deal.dealer else CLS.DISCARDS
            rule = mask(rng.sample(cards_of(dealt & ~PENALISED), k))
            cands = discard_candidates(dealt, rule, True)
            assert cands[0] == rule and _discard_sizes_ok(dealt, cands, rule)


@pytest.mark.parametrize("variant", ["marolles-1637", "marolles-78", "marolles-2p"])
def test_only_legal_actions_over_random_deals(variant):
    # the bot at every seat, each decision of the deal, random options: every action legal,
    # every deal played to its end with its scores summing to zero
    rng = random.Random(variant)
    for i in range(4):
        options = random_options(rng) if variant == "marolles-1637" else {}
        deal = tarot.new_deal(variant, options, seed=100 + i)
        bots = [PreplayBot(seed=10 * i + s, play="rule", worlds=2) for s in range(deal.players)]
        rule_plans = {}
        while not deal.is_over:
            s = deal.to_play
            view = deal.view(s)
            if view.phase == "discard" and not view.discards and s not in rule_plans:
                rule_plans[s] = MarollesRuleBot().discards_from(view, view.hand)
            a = bots[s].act(view)
            assert a in view.legal_actions, (variant, i, view.phase, a)
            deal.push(a)
        assert sum(deal.result().scores) == 0
        for s, plan in rule_plans.items():
            made = deal.view(s).discards
            assert (made & PENALISED).bit_count() <= (plan & PENALISED).bit_count()


def test_decides_from_the_view_alone():
    # two deals that differ only in cards seat 1 cannot see (a card swapped between the
    # dealer's hand, the cut card kept, and seat 2's): the same views, the same decisions
    rng = random.Random(11)
    for seed in range(6):
        deal = tarot.new_deal(VARIANT, seed=seed, dealer=0)
        deck = list(deal.deck)
        cut = deck[-1]
        hands = [deal.hand(s) for s in range(3)]
        a = rng.choice([c for c in cards_of(hands[0]) if c != cut])
        b = rng.choice(cards_of(hands[2]))
        other = [a if c == b else b if c == a else c for c in deck]
        twin = tarot.new_deal(VARIANT, deck=other, dealer=0)
        assert twin.hand(1) == deal.hand(1) and twin.hand(0) != deal.hand(0)
        picks = []
        for d in (deal, twin):
            bot = MarollesPreplayBot(seed=seed, worlds=4, margin=0.0)
            assert d.phase == "discard" and d.to_play == 1
            picks.append((bot.act(d.view(1)), bot.last))
        assert picks[0] == picks[1]
