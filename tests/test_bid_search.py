"""French Tarot's decisions before the play by evaluation (``tarot.variants.french.bot_bid``,
the bots ``rule-bid`` and ``pimc-bid``; docs/bots.md, "Bidding by evaluation"): constructed
hands whose right bid or écart is clear, the deals it draws, bad input, determinism, and that
it decides from the seat's view alone."""

from __future__ import annotations

import random

import pytest

import tarot
from tarot.bots import make_bot, play_out
from tarot.bots.preplay import PreplayBot
from tarot.bots.sampling import Constraints, public_view, sample_from
from tarot.core.actions import ACTION_IDS, PASS
from tarot.core.cards import KINGS, SUIT_MASKS, TRUMPS, cards_of
from tarot.core.errors import TarotError
from tarot.variants.french.bot import FrenchRuleBot
from tarot.variants.french.bot_bid import PLAY_EDGES, FrenchPreplayBot, ecart_candidates
from tarot.variants.french.sampler_bid import PREPLAY
from tarot.variants.french.settlement import per_defender_amount
from test_french_rules import deal_with

PRISE, GARDE, GARDE_SANS = ACTION_IDS["prise"], ACTION_IDS["garde"], ACTION_IDS["garde_sans"]


def first_bid(hand: str, worlds: int = 16, seed: int = 1):
    """The bot's bid as the first to speak (East, seat 0, the dealer North) with ``hand``."""
    deal = deal_with("fft-4p", {0: hand}, dealer=3)
    bot = FrenchPreplayBot(seed=seed, worlds=worlds)
    return bot.act(deal.view(0)), bot


# ----- the bid ------------------------------------------------------------------------------
def test_a_hand_without_bouts_or_honours_passes():
    # three low trumps, no bout, no King: any contract is lost against a defence of three
    bid, bot = first_bid("T2 T3 T4 2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C 5C")
    assert bid == PASS
    # a Prise loses far more than passing (then the others may take, and the seat defends)
    assert bot.last[PRISE] < bot.last[PASS] - 50


def test_a_hand_of_the_three_bouts_and_long_trumps_is_worth_a_garde_sans():
    # the three bouts, twelve trumps, four Kings: the chien is not needed, and the higher
    # multiplier pays (a Garde sans or a Garde contre)
    bid, bot = first_bid("T21 T1 EX T20 T19 T18 T17 T16 T15 T14 T13 T12 KS KH KD KC QS QH")
    assert bid >= GARDE_SANS
    assert bot.last[bid] > bot.last[GARDE] > bot.last[PASS]


def test_a_later_seat_overcalls_only_with_a_better_contract():
    # West passes, then East speaks after a Garde: only a Garde sans or more, or a pass
    deal = deal_with("fft-4p", {1: "T2 T3 T4 2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C 5C"}, dealer=3)
    deal.push(GARDE)   # seat 0
    view = deal.view(1)
    bot = FrenchPreplayBot(seed=2, worlds=8)
    assert bot.act(view) == PASS
    assert set(bot.last) == set(view.legal_actions)


# ----- the écart ----------------------------------------------------------------------------
def ecart_view(hand: str, chien: str):
    """East (seat 0) takes a Garde with ``hand`` and sees ``chien``: the view of his écart."""
    deal = deal_with("fft-4p", {0: hand}, chien=chien, dealer=3)
    for a in (GARDE, PASS, PASS, PASS):
        deal.push(a)
    assert deal.phase == "ecart"
    return deal


def play_ecart(deal, bot):
    put = 0
    while deal.phase == "ecart":
        c = bot.act(deal.view(0))
        put |= 1 << c
        deal.push(c)
    return put


def test_the_ecart_makes_a_void_in_a_short_suit_without_its_king():
    # two Clubs (no King) and a long Heart suit: emptying Clubs lets the taker trump them
    deal = ecart_view("T21 T1 T20 T18 T15 T12 T9 T6 KS QS 2S KH 9H 8H 7H 6H 2C 3C",
                      "5H 4H 3H 2H AH 10S")
    put = play_ecart(deal, FrenchPreplayBot(seed=3, worlds=12))
    clubs = SUIT_MASKS[3]
    assert put.bit_count() == 6 and not put & TRUMPS
    assert not deal.hand(0) & clubs          # the void is made
    assert not put & KINGS                   # the Kings are kept (the rules forbid them, §4.1)


def test_every_ecart_candidate_is_legal_and_the_rule_bots_comes_first():
    rng = random.Random(5)
    for _ in range(40):
        cards = list(range(78))
        rng.shuffle(cards)
        full = sum(1 << c for c in cards[:24])
        cands = ecart_candidates(full, 6)
        assert cands[0] == sum(1 << c for c in FrenchRuleBot._ecart(full, 6))
        assert len(cands) == len(set(cands))
        for e in cands:
            assert e.bit_count() == 6 and not e & ~full and not e & KINGS and not e & 1


# ----- the deals drawn ----------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["fft-3p", "fft-4p", "fft-5p"])
def test_the_deals_drawn_before_the_play_show_the_seat_its_view(variant):
    rng = random.Random(7)
    seen = set()
    for seed in range(12):
        deal = tarot.new_deal(variant, seed=seed)
        bots = [make_bot("rule", seed=s) for s in range(deal.players)]
        while not deal.is_over and deal.phase in ("bid", "call", "ecart"):
            v = deal.view(deal.to_play)
            world = sample_from(Constraints(v, PREPLAY), rng)
            assert public_view(world.view(v.seat)) == public_view(v)
            seen.add(v.phase)
            deal.push(bots[deal.to_play].act(v))
    assert {"bid", "ecart"} <= seen


def test_every_candidate_is_judged_in_the_same_deals():
    # two plans alike get the same mean: the deals are shared (common random numbers)
    deal = deal_with("fft-4p", {0: "T21 T1 T20 T18 T15 T12 T9 T6 KS QS 2S KH 9H 8H 7H 6H 2C 3C"}, dealer=3)
    bot = FrenchPreplayBot(seed=4, worlds=6)
    a, b = bot.estimate(deal.view(0), [(PRISE,), (PRISE,)], 6)
    assert a == b


@pytest.mark.parametrize("variant", ["fft-3p", "fft-4p", "fft-5p"])
def test_the_play_edge_moves_each_camps_score_its_way(variant):
    # §4.2: without an edge the score is the deal's; an edge for the seat's camp never lowers
    # it, and with a whole number of points it is the amount paid at those points, scaled
    rng = random.Random(variant)
    flat = FrenchPreplayBot(worlds=1)
    taker_edge, defence_edge = FrenchPreplayBot(worlds=1, play_edge=(3.0, 0.0)), \
        FrenchPreplayBot(worlds=1, play_edge=(0.0, 2.5))
    taken = 0
    for _ in range(300):
        deal = tarot.new_deal(variant, seed=rng.getrandbits(32))
        play_out(deal, [make_bot("rule", seed=rng.getrandbits(16)) for _ in range(deal.players)])
        totals = deal.ledger.totals()
        for seat in range(deal.players):
            assert flat.score(deal, seat) == totals[seat]
            if deal.outcome is None:
                continue
            taker_camp = deal.camp >> seat & 1
            moved_t, moved_d = taker_edge.score(deal, seat), defence_edge.score(deal, seat)
            if taker_camp:
                assert moved_t >= totals[seat] and moved_d == totals[seat]
            else:
                assert moved_d >= totals[seat] and moved_t == totals[seat]
        taken += deal.outcome is not None
        if deal.outcome is not None and deal._o.rounding == 0:
            o, taker = deal.outcome, deal.taker
            paid = sum(per_defender_amount(o["points"] + 3, o["bouts"], deal.contract,
                                           o["petit_au_bout"], o["poignee"], o["chelem"]).values())
            assert taker_edge.score(deal, taker) == pytest.approx(totals[taker] * paid / o["amount"])
    assert taken > 50


def test_the_proxy_is_calibrated_to_the_bot_that_plays_the_cards():
    # pimc-bid plays as pimc-wide: its decider's playouts get pimc-wide's measured edge;
    # rule-bid plays as its proxy does, and a game without an edge measured takes the name
    assert make_bot("pimc-bid").decider("fft-4p").play_edge == PLAY_EDGES["pimc-wide"]
    assert make_bot("rule-bid").decider("fft-4p").play_edge == (0.0, 0.0)
    assert make_bot("pimc-md-bid").decider("marolles-1637").play == "pimc-md"


# ----- bad input ----------------------------------------------------------------------------
def test_bad_settings_and_views_are_refused_with_a_clear_error():
    with pytest.raises(TarotError, match="worlds must be at least 1"):
        FrenchPreplayBot(worlds=0)
    with pytest.raises(TarotError, match="worlds must be at least 1"):
        PreplayBot(worlds=-3, play="rule")
    with pytest.raises(TarotError, match="unknown bot"):
        PreplayBot(play="genius")
    deal = deal_with("fft-4p", {0: "T21 T1 EX T20 T19 T18 T17 T16 T15 T14 T13 T12 KS KH KD KC QS QH"},
                     dealer=3)
    bots = [make_bot("rule", seed=s) for s in range(4)]
    while deal.phase != "play":
        deal.push(bots[deal.to_play].act(deal.view(deal.to_play)))
    with pytest.raises(TarotError, match="play phase is not decided before the play"):
        FrenchPreplayBot(worlds=2).act(deal.view(deal.to_play))


def test_without_a_preplay_bot_the_game_is_played_as_the_card_play_bot_plays_it():
    def history(name):
        deal = tarot.new_deal("marolles-1637", seed=6)
        play_out(deal, [make_bot(name, seed=s) for s in range(3)])
        return deal.history

    assert history("rule-bid") == history("rule")


# ----- determinism and the view alone -------------------------------------------------------
def test_the_same_seed_gives_the_same_decisions():
    def whole_deal(seed):
        deal = tarot.new_deal("fft-5p", seed=seed)
        play_out(deal, [make_bot("rule-bid", seed=s) if s < 2 else make_bot("rule", seed=s)
                        for s in range(5)])
        return deal.history

    assert whole_deal(21) == whole_deal(21)


def hidden_shuffled(deal, seat, rng):
    """The same deal as ``deal`` for ``seat``'s eyes: its own hand kept, the cards it has not
    seen (the other hands and the chien) dealt again at random."""
    cls = type(deal)
    n = deal.players
    others = [s for s in range(n) if s != seat]
    pool = cards_of(sum(deal.hands[s] for s in others) | deal.chien)
    rng.shuffle(pool)
    hands, i = {seat: deal.hands[seat]}, 0
    for s in others:
        hands[s] = sum(1 << c for c in pool[i:i + cls.HAND])
        i += cls.HAND
    chien = sum(1 << c for c in pool[i:])
    return cls(deal.options, deck=cls.deck_for(hands, chien, deal.dealer), dealer=deal.dealer)


def test_the_decision_depends_on_the_view_alone():
    rng = random.Random(11)
    checked = 0
    for seed in range(30):
        deal = tarot.new_deal("fft-4p", {"petit_rule": "none"}, seed=seed)
        seat = rng.randrange(4)
        rule = FrenchRuleBot(seed=0)
        twin = hidden_shuffled(deal, seat, rng)
        while deal.to_play != seat:  # the same bids before the seat's turn, in both deals
            a = rule.act(deal.view(deal.to_play))
            deal.push(a)
            twin.push(a)
        if deal.phase != "bid":
            continue
        assert public_view(deal.view(seat)) == public_view(twin.view(seat))
        a = FrenchPreplayBot(seed=seed, worlds=3).act(deal.view(seat))
        b = FrenchPreplayBot(seed=seed, worlds=3).act(twin.view(seat))
        assert a == b
        checked += 1
    assert checked >= 20


# ----- the bench scripts --------------------------------------------------------------------
def test_bid_takes_splits_the_gain_by_who_took(tmp_path):
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "bench" / "bid_takes.py"
    spec = importlib.util.spec_from_file_location("bid_takes", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    log = tmp_path / "run.jsonl"
    # "01": the bot (bot 0) at seat 0, the field at seat 1; "11": the field at both seats
    board = {"scores": {"01": [30, -30], "10": [40, -40], "11": [-20, 20]},
             "roles": {"01": ["defender", "taker"], "10": ["defender", "taker"],
                       "11": ["taker", "defender"]}}
    log.write_text('{"field": true}\n' + __import__("json").dumps(board) + "\n", encoding="utf-8")
    kinds, boards = mod.kinds(log)
    # at seat 0 ("01") the bot did not take where the field's seat 0 did (30 - -20); at seat 1
    # ("10") it took where the field's seat 1 did not (-40 - 20)
    assert boards == 1
    assert kinds == {"did not take, the field's seat did": [50], "took, the field's seat did not": [-60]}
