"""The French Tarot rule bot's card play from fixed four-player positions (docs/bots.md, "Card
play in French Tarot"): each position is reached by real bids, écart and tricks, and the card
asked for is the one the rule names, where the bot of before 27 November 2026 played another."""

import pytest

from tarot.core.cards import PART
from tarot.variants.french.bot import FrenchRuleBot
from test_bot_memo import positions
from test_french_rules import C, L, bid, deal_with, play, to_play


def act(deal):
    return FrenchRuleBot(seed=0).act(deal.view(deal.to_play))


def why(deal):
    """The rule the bot names for its choice (``FrenchRuleBot.explain``, the hint's "Why")."""
    return FrenchRuleBot(seed=0).explain(deal.view(deal.to_play))


def test_a_defender_gives_points_once_the_taker_has_played_and_a_partner_wins():
    # taker South (1) leads 2H, West (2) takes it with the King; North (3) plays before East
    # (0), a defender too: the trick is the defence's, so North gives his Queen, not the 3
    deal = deal_with("fft-4p", {1: "2H", 2: "KH", 3: "QH 3H"}, chien="2S 3S 4S 5S 6S 7S",
                     void={1: "S"})
    bid(deal, ["prise", "pass", "pass", "pass"])
    to_play(deal)
    play(deal, "2H KH")
    assert deal.to_play == 3 and act(deal) == C("QH")


def test_a_defender_last_to_trump_saves_the_petit():
    # the taker's 4H wins over 2H and 3H; East (0), void in hearts, trumps it last: with the
    # Petit, which nobody can overtrump now (the old bot spent its V)
    deal = deal_with("fft-4p", {1: "4H", 2: "2H", 3: "3H", 0: "T1 T5"}, chien="2S 3S 4S 5S 6S 7S",
                     void={1: "S", 0: "H"})
    bid(deal, ["prise", "pass", "pass", "pass"])
    to_play(deal)
    play(deal, "4H 2H 3H")
    legal = deal.legal_actions()
    assert C("T1") in legal and C("T5") in legal
    assert act(deal) == C("T1")


def test_the_taker_draws_trumps_only_with_the_best_one():
    # thirteen trumps against eight out: the old bot led its lowest trump; without the 21 the
    # taker now cashes his King, with it he leads the 21
    low = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 KH 4H 5H 6H 7H"
    deal = deal_with("fft-4p", {1: low}, chien="2S 3S 4S 5S 6S 7S", void={1: "S"})
    bid(deal, ["prise", "pass", "pass", "pass"])
    to_play(deal)
    assert deal.to_play == 1 and act(deal) == C("KH")
    deal = deal_with("fft-4p", {1: low.replace("T14", "T21")}, chien="2S 3S 4S 5S 6S 7S",
                     void={1: "S"})
    bid(deal, ["prise", "pass", "pass", "pass"])
    to_play(deal)
    assert act(deal) == C("T21")
    assert why(deal).startswith("the best trump out, with as many trumps as the")


def test_the_defence_leads_low_into_the_takers_void():
    # dealer North (3): East (0) leads; South (1) takes and shows a void in clubs at the first
    # trick; North wins the second with the King of hearts and leads a low club (to make the
    # taker spend a trump), not his King of clubs
    deal = deal_with("fft-4p", {0: "2C 3H", 1: "T2 4H", 2: "T20 2H", 3: "3C KC 6C 7C KH KD"},
                     chien="8S 9S 10S JS 5S 6S", void={1: "SC", 2: "C"}, dealer=3)
    bid(deal, ["pass", "prise", "pass", "pass"])
    to_play(deal)
    play(deal, "2C T2 T20 3C  2H KH 3H 4H")
    assert deal.to_play == 3 and deal.view(3).taker == 1
    assert C("KC") in deal.legal_actions() and act(deal) == C("6C")


def test_the_taker_keeps_his_best_trump_when_a_low_one_takes_a_trick_without_honours():
    # East (0) leads 2H; the taker, void in hearts, must trump: the 21 is the only sure winner,
    # but the trick holds no honour, so his lowest trump takes it
    deal = deal_with("fft-4p", {0: "2H", 1: "T21 T5"}, chien="2S 3S 4S 5S 6S 7S", void={1: "SH"},
                     dealer=3)
    bid(deal, ["pass", "prise", "pass", "pass"])
    to_play(deal)
    play(deal, "2H")
    legal = deal.legal_actions()
    assert deal.to_play == 1 and C("T21") in legal
    assert act(deal) == min(c for c in legal if c != 0) != C("T21")


def test_a_defender_does_not_put_an_honour_where_the_taker_has_shown_he_trumps():
    # the taker (1) trumped clubs at the first trick; North (3) leads 10C at the third, and East
    # (0) keeps his Queen (the only club he has that beats the 10) for a trick the taker cannot
    # cut, and plays his lowest club, where the old bot gave the Queen
    deal = deal_with("fft-4p", {0: "2C QC 6C 4H", 1: "T2 2H", 2: "3C 3H JC", 3: "4C KH 10C CC"},
                     chien="2S 3S 4S 5S 6S 7S", void={1: "SC"}, dealer=3)
    bid(deal, ["pass", "prise", "pass", "pass"])
    to_play(deal)
    play(deal, "2C T2 3C 4C  2H 3H KH 4H  10C")
    legal = deal.legal_actions()
    assert deal.to_play == 0 and C("QC") in legal and C("JC") not in legal and C("CC") not in legal
    assert act(deal) == min(legal) != C("QC")  # his lowest club


def test_the_taker_trumps_with_the_petit_while_the_defenders_after_him_follow():
    # East (0) leads 2H; the taker South (1), void in hearts, trumps with the Petit while the
    # two defenders after him are likely to follow suit (none has shown a void, 13 hearts out),
    # rather than keep it to lose it later as his last trump (the bot of before 27 November
    # trumped with the V)
    deal = deal_with("fft-4p", {0: "2H", 1: "T1 T5", 2: "3H", 3: "4H"}, chien="2S 3S 4S 5S 6S 7S",
                     void={1: "HS"}, dealer=3)
    bid(deal, ["pass", "prise", "pass", "pass"])
    to_play(deal)
    play(deal, "2H")
    assert deal.to_play == 1 and act(deal) == C("T1")
    assert why(deal).startswith("the Petit trumps while the opponents after are likely to follow suit")
    # a defender in that place keeps it: the defence saves its Petit on a partner's trick
    deal = deal_with("fft-4p", {0: "2H", 1: "3H", 2: "T1 T5", 3: "4H"}, chien="2S 3S 4S 5S 6S 7S",
                     void={2: "H", 3: "S"}, dealer=3)
    bid(deal, ["pass", "pass", "pass", "prise"])
    to_play(deal)
    play(deal, "2H 3H")
    assert deal.to_play == 2 and act(deal) == C("T5")


def test_the_defence_leads_a_king_only_in_a_suit_the_taker_has_followed():
    # East (0), a defender, leads the first trick holding the King of hearts: not the King (led
    # blind, a defender's King was trumped by the taker more often than not), a club
    deal = deal_with("fft-4p", {0: "KH 2C 3C"}, chien="2S 3S 4S 5S 6S 7S", void={0: "SD"},
                     dealer=3)
    bid(deal, ["pass", "prise", "pass", "pass"])
    to_play(deal)
    assert deal.to_play == 0 and act(deal) in L("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C")
    assert why(deal) == "the cheapest card of the longest suit"
    # once the taker (1) has followed hearts, the King of hearts is led
    deal = deal_with("fft-4p", {0: "2H 2C", 1: "3H", 2: "QH KH 3C", 3: "4H"},
                     chien="2S 3S 4S 5S 6S 7S", void={2: "SD"}, dealer=3)
    bid(deal, ["pass", "prise", "pass", "pass"])
    to_play(deal)
    play(deal, "2H 3H QH 4H")
    assert deal.to_play == 2 and act(deal) == C("KH")
    assert why(deal).startswith("a King of a suit the taker has followed")


def test_the_taker_draws_trumps_only_while_he_holds_as_many_as_are_out():
    # three trumps, the 21 among them, against fifteen out: the 21 would be spent on low trumps
    # (the bot of before led it); the taker cashes his King of hearts first
    hand = "T21 T20 T19 KH QH 4H 5H 6H 7H KC 2C 3C 4C 5C KD 2D 3D 4D"
    deal = deal_with("fft-4p", {1: hand}, chien="2S 3S 4S 5S 6S 7S", void={1: "S"})
    bid(deal, ["prise", "pass", "pass", "pass"])
    to_play(deal)
    assert deal.to_play == 1 and act(deal) in L("KH KC KD") and why(deal) == "a King"


def test_the_bid_is_explained_by_the_count_and_the_thresholds():
    # the hint's "Why" at a bid: the bot's count of the hand and its thresholds at this table
    from tarot.variants.french.bot import THRESHOLDS, hand_strength

    deal = deal_with("fft-4p", {1: "T21 T20 T19 KH QH 4H 5H 6H 7H KC 2C 3C 4C 5C KD 2D 3D 4D"},
                     chien="2S 3S 4S 5S 6S 7S", void={1: "S"})
    count = hand_strength(deal.hands[1], 18)
    text = why(deal)
    assert text.startswith(f"its count of this hand is {count:.0f} ")
    assert f"a Prise from {THRESHOLDS[4][0]}, a Garde from {THRESHOLDS[4][1]}" in text


def test_with_five_players_a_defender_trumps_with_the_petit_too():
    # North (3) takes and calls a spade; East (0) leads 2H and South (1), a defender (void in
    # spades, so not the partner) and void in hearts, trumps with the Petit while the
    # three after him still hold hearts (the bot of before trumped with the V; with three or
    # four players a defender still does, keeping the Petit for a partner's trick)
    deal = deal_with("fft-5p", {0: "2H", 1: "T1 T5", 2: "3H", 3: "4H", 4: "5H"}, chien="2S 3S 4S",
                     void={1: "HS"}, dealer=4)
    bid(deal, ["pass", "pass", "pass", "prise", "pass"])
    to_play(deal)
    assert deal.called in L("KS QS CS JS") and deal.partner != 1
    play(deal, "2H")
    assert deal.to_play == 1 and act(deal) == C("T1")
    assert why(deal).startswith("the Petit trumps while the opponents after are likely to follow suit")


# ----- the bot's native path (issue 34) -----------------------------------------------------
@pytest.mark.parametrize("variant", ["fft-3p", "fft-4p", "fft-5p"])
def test_the_facts_carried_between_decisions_equal_those_worked_out(variant):
    """The finished tricks' facts the bot carries from one view to the next (``Facts.then``),
    for one seat's bot and for a bot shared by every seat, equal those of the tricks worked out
    from scratch, and the sampler's voids (``sampler.finished_tricks``) put in card sets."""
    from tarot.core.cards import FOOL, SUIT_MASKS
    from tarot.core.tricks import SUIT_OF
    from tarot.variants.french.bot_table import Facts
    from tarot.variants.french.sampler import finished_tricks

    per_seat: dict = {}
    shared = Facts.none(0)
    checked = 0
    for view in positions(variant, 12):
        n = view.players
        fresh = Facts.none(0).then([list(t) for t in view.tricks], n)  # lists: never carried
        shared = shared.then(view.tricks, n)
        mine = per_seat[view.seat] = per_seat.get(view.seat, Facts.none(0)).then(view.tricks, n)
        played, voids = finished_tricks(view.tricks, n)
        followed = [0] * n  # the suits each seat played to a trick led in them
        for leader, cards, _ in view.tricks:
            first = 1 if cards[0] == FOOL else 0
            for i, c in enumerate(cards):
                if i != first and SUIT_OF[c] == SUIT_OF[cards[first]]:
                    followed[(leader + i) % n] |= 1 << SUIT_OF[c]
        for f in (fresh, shared, mine):
            assert f.played_lo | f.played_hi << PART == played
            assert tuple(sum(SUIT_MASKS[s] for s in range(4) if f.void_suits[o] >> s & 1)
                         | f.void_trumps[o] for o in range(n)) == voids
            assert f.followed == followed
            assert f.winners == sum({1 << w for _, _, w in view.tricks})
        checked += bool(view.tricks)
    assert checked > 200


@pytest.mark.parametrize("variant", ["fft-3p", "fft-4p", "fft-5p"])
def test_rollouts_with_seat_views_play_the_deals_the_views_play(variant):
    """``rollout`` gives the bot ``SeatView``s, and skips it where one action is legal; the bot
    asked through its views at every decision plays the same deals."""
    import tarot
    from tarot.bots.rollout import rollout

    class ViewOnly:
        def __init__(self, bot):
            self.bot = bot

        def act(self, view):
            return self.bot.act(view)

    for seed in range(6):
        deals = []
        for wrap in (False, True):
            deal = tarot.new_deal(variant, seed=seed, dealer=seed % 3)
            bots = [FrenchRuleBot(seed=s) for s in range(deal.players)]
            rollout(deal, [ViewOnly(b) for b in bots] if wrap else bots)
            deals.append(deal)
        assert deals[0].history == deals[1].history
        assert deals[0].result().scores == deals[1].result().scores
