"""Early French Tarot rules on fixed decks (docs/rules §3; seed 001 = S5, table §3.1 from S6).

Every expected value is worked out by hand from the rules text (comments give the reasoning).
Decks are built by ``deck_for`` from the documented deal: one card at a time from the top, in
the direction of play, starting with the eldest (the player after the dealer), twelve rounds;
the rest is set aside. Anticlockwise (the default) means seat s+1 plays after seat s, so with
dealer 0 the eldest is seat 1; clockwise, seat s-1, so the eldest is seat n-1.
"""

import pytest

import tarot
from tarot.core.cards import cards_of, mask, parse_card, parse_cards
from tarot.core.errors import IllegalActionError, OptionError
from tarot.records import parse_record, record_from_deal, replay
from tarot.variants.early_french.rules import EarlyFrenchGame

V = "early-french"
F = 0


def C(tokens):
    """Card ids of space-separated tokens (Italian notation)."""
    return parse_cards(tokens)


def deck_for(hands, players, dealer=0, direction="anticlockwise"):
    """The deck that deals ``hands`` (seat -> 12 tokens) under the rule in the module docstring."""
    step = 1 if direction == "anticlockwise" else players - 1
    order = [(dealer + step * (k + 1)) % players for k in range(players)]
    parsed = {s: C(h) for s, h in hands.items()}
    assert all(len(h) == 12 for h in parsed.values()) and len(parsed) == players
    deck = [parsed[order[i % players]][i // players] for i in range(12 * players)]
    assert len(set(deck)) == len(deck)
    return deck + [c for c in range(78) if c not in deck]


def new(hands, players, dealer=0, **options):
    options = {"players": players, **options}
    deck = deck_for(hands, players, dealer, options.get("direction", "anticlockwise"))
    return tarot.new_deal(V, options, deck=deck, dealer=dealer)


def play(deal, tokens):
    for t in tokens.split():
        deal.push_token(t)


def legal(deal):
    return set(deal.legal_actions())


def piles(deal):
    return [cards_of(p) for p in deal.piles]


# =========================================================================================
# §3.2 step 1, §3.3: the deal, the eldest, the direction of play
# =========================================================================================
@pytest.mark.parametrize("direction", ["anticlockwise", "clockwise"])
@pytest.mark.parametrize("players,dealer", [(2, 1), (3, 0), (4, 2), (5, 4), (6, 3)])
def test_deal_one_card_at_a_time_from_the_eldest_the_rest_set_aside(players, dealer, direction):
    deck = list(range(78))[::-1]
    deal = tarot.new_deal(V, {"players": players, "direction": direction}, deck=deck, dealer=dealer)
    step = 1 if direction == "anticlockwise" else -1
    eldest = (dealer + step) % players
    # the first card goes to the eldest, the next to the player after him, ...
    assert deal.hands[eldest] >> deck[0] & 1
    assert deal.hands[(eldest + step) % players] >> deck[1] & 1
    for s in range(players):
        assert deal.hands[s].bit_count() == 12
        assert deal.hands[s] == mask(deck[i] for i in range(12 * players)
                                     if (eldest + step * (i % players)) % players == s)
    assert deal.set_aside == mask(deck[12 * players:])   # 78 - 12n cards take no part
    assert deal.set_aside.bit_count() == 78 - 12 * players
    assert deal.to_play == eldest and deal.phase == "play"   # the eldest leads


def test_four_players_set_thirty_cards_aside():
    deal = tarot.new_deal(V, seed=5)   # players=4 by default
    assert deal.players == 4
    assert sum(h.bit_count() for h in deal.hands) == 48
    assert deal.set_aside.bit_count() == 30


def test_clockwise_play_passes_to_seat_minus_one():
    # 3 players, dealer 0, clockwise: eldest = seat 2, then seat 1, then seat 0.
    hands = {2: "5S T1 T2 T3 AC 2C 3C 4C 5C 6C 7C 8C",
             1: "KS T4 T5 T6 AD 2D 3D 4D 5D 6D 7D 8D",
             0: "2S T7 T8 T9 AB 2B 3B 4B 5B 6B 7B 8B"}
    deal = new(hands, 3, direction="clockwise")
    assert deal.to_play == 2
    play(deal, "5S")
    assert deal.to_play == 1
    play(deal, "KS")
    assert deal.to_play == 0
    play(deal, "2S")
    # King of Swords is the highest card of the suit led: seat 1 wins and leads
    assert deal.tricks[-1] == (2, tuple(C("5S KS 2S")), 1)
    assert deal.to_play == 1


def test_anticlockwise_play_passes_to_seat_plus_one():
    hands = {1: "5S T1 T2 T3 AC 2C 3C 4C 5C 6C 7C 8C",
             2: "KS T4 T5 T6 AD 2D 3D 4D 5D 6D 7D 8D",
             0: "2S T7 T8 T9 AB 2B 3B 4B 5B 6B 7B 8B"}
    deal = new(hands, 3)
    assert deal.to_play == 1
    play(deal, "5S")
    assert deal.to_play == 2
    play(deal, "KS 2S")
    assert deal.tricks[-1][2] == 2 and deal.to_play == 2


# =========================================================================================
# §3.3 step 3: follow suit, else trump; trumps led: trump; void in both: anything
# =========================================================================================
SEAT0 = "2S KS T5 T9 AC 2C 3C 4C 5C 6C 7C F"   # Swords, trumps, Cups and the Fool
LEADER = "5S 9S T2 T21 8D 9D 10D JD CD QD KD AD"


def test_must_follow_suit_the_fool_always_allowed():
    deal = new({1: LEADER, 0: SEAT0}, 2)
    play(deal, "5S")
    assert legal(deal) == set(C("2S KS F"))   # either Sword (no duty to win), or the Fool
    with pytest.raises(IllegalActionError, match="must follow Swords"):
        deal.push(parse_card("T5"))
    assert deal.to_play == 0 and deal.hands[0] == mask(C(SEAT0))   # refused: nothing changed


def test_void_in_the_suit_led_must_trump():
    deal = new({1: LEADER, 0: SEAT0}, 2)
    play(deal, "8D")   # seat 0 has no Coins
    assert legal(deal) == set(C("T5 T9 F"))
    with pytest.raises(IllegalActionError, match="must play a trump"):
        deal.push(parse_card("2C"))


def test_void_in_suit_and_trumps_plays_anything():
    seat0 = "2S KS AC 2C 3C 4C 5C 6C 7C 8C 9C F"   # no trump, no Coins
    deal = new({1: LEADER, 0: seat0}, 2)
    play(deal, "8D")
    assert legal(deal) == set(C(seat0))


def test_trump_led_must_trump_but_need_not_overtrump():
    deal = new({1: LEADER, 0: SEAT0}, 2)
    play(deal, "T21")
    assert legal(deal) == set(C("T5 T9 F"))   # T5 and T9 cannot beat XXI: still required
    with pytest.raises(IllegalActionError, match="trumps were led"):
        deal.push(parse_card("2S"))


def test_trump_led_without_trumps_plays_anything():
    seat0 = "2S KS AC 2C 3C 4C 5C 6C 7C 8C 9C F"
    deal = new({1: LEADER, 0: seat0}, 2)
    play(deal, "T2")
    assert legal(deal) == set(C(seat0))


def test_highest_trump_wins_else_highest_of_suit_led():
    hands = {1: "5S T1 T2 T3 AC 2C 3C 4C 5C 6C 7C 8C",
             2: "KS T4 T5 T6 AD 2D 3D 4D 5D 6D 7D 8D",
             0: "T7 T8 T9 T10 AB 2B 3B 4B 5B 6B 7B 8B"}   # seat 0: no Swords
    deal = new(hands, 3)
    play(deal, "5S KS T7")   # seat 0 trumps the King with the VII
    assert deal.tricks[-1][2] == 0
    play(deal, "AB")         # seat 0 leads Batons; seat 1 and 2 have none: must trump
    assert legal(deal) == set(C("T1 T2 T3"))
    play(deal, "T1")
    assert legal(deal) == set(C("T4 T5 T6"))
    play(deal, "T4")         # IV beats I; the Ace of Batons led loses to any trump
    assert deal.tricks[-1][2] == 2


@pytest.mark.parametrize("reverse,winner", [("false", 0), ("true", 1)])
def test_reverse_round_suits_reverses_cups_and_coins_only(reverse, winner):
    leader = "3C 3S T1 T2 8D 9D 10D JD CD QD KD AD"
    seat0 = "9C 9S T3 T4 AB 2B 3B 4B 5B 6B 7B 8B"
    deal = new({1: leader, 0: seat0}, 2, reverse_round_suits=reverse)
    play(deal, "3C 9C")
    # plain order 9 > 3; reversed (Marolles's round suits: K Q C J 1 2 .. 10) 3 > 9
    assert deal.tricks[-1][2] == winner
    play(deal, "3S 9S" if winner == 1 else "9S 3S")   # the winner leads trick 2
    # Swords are not reversed: seat 0's Nine beats the Three either way
    assert deal.tricks[-1][2] == 0


# =========================================================================================
# §3.3 the Fool: led (the next card leads), never wins, consolation, debt, surrender
# =========================================================================================
FOOL_LED = {1: "F T2 T3 T4 2B 3B 4B 5B 6B 7B 8B 9B",
            2: "3S AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
            0: "5S 6S 7S AB T7 T8 2D 3D 4D 5D 6D 7D"}


def test_fool_led_the_next_card_sets_the_suit_and_the_fool_never_wins():
    deal = new(FOOL_LED, 3)
    play(deal, "F")
    # the second player is free: the Fool led is "essentially invisible"
    assert legal(deal) == set(C(FOOL_LED[2]))
    play(deal, "3S")
    # the third player must follow the Three of Swords, the card that acts as the lead
    assert legal(deal) == set(C("5S 6S 7S"))
    play(deal, "5S")
    # 5S is the highest Sword; the Fool never wins
    assert deal.tricks[-1] == (1, tuple(C("F 3S 5S")), 0)
    assert piles(deal)[0] == sorted(C("3S 5S")) and piles(deal)[1] == [F]


def test_consolation_owed_is_paid_after_the_owners_next_won_trick_by_his_choice():
    deal = new(FOOL_LED, 3)
    play(deal, "F 3S 5S")
    # seat 1 has won no card yet: the consolation is owed (nothing given now)
    assert deal.phase == "play" and deal.to_play == 0
    assert deal.view(2).extra["consolation_owed"] is True
    assert deal.consolations == []
    # trick 2: seat 0 leads the Ace of Batons, seat 1 follows with 9B, seat 2 has neither
    # Batons nor trumps and plays a Cup: seat 1 wins his first trick
    play(deal, "AB 9B")
    assert legal(deal) == set(C(FOOL_LED[2])) - set(C("3S"))
    play(deal, "2C")
    assert deal.tricks[-1][2] == 1
    # now he pays: his choice among the cards he has won (not the Fool), to seat 0, who won
    # the Fool's trick (not to the winner of this trick, himself)
    assert deal.phase == "consolation" and deal.to_play == 1
    assert legal(deal) == set(C("AB 9B 2C"))
    with pytest.raises(IllegalActionError, match="not a consolation card"):
        deal.push(F)
    play(deal, "2C")
    assert piles(deal)[0] == sorted(C("3S 5S 2C"))
    assert piles(deal)[1] == sorted(C("F AB 9B"))
    assert deal.consolations == [(1, 1, 0, parse_card("2C"))]
    assert deal.phase == "play" and deal.to_play == 1   # the trick's winner leads
    # every pile is a whole number of tricks: 3 cards each
    assert [p.bit_count() for p in deal.piles] == [3, 3, 0]


# 3 players: seat 0 wins trick 1 with the King of Swords, then leads the Fool.
CONSOLE = {1: "5S 2B T2 T3 AD 2D 3D 4D 5D 6D 7D 8D",
           2: "7S 3B T4 T5 AC 2C 3C 4C 5C 6C 7C 8C",
           0: "KS F T6 T7 9C 10C 9D 10D JD JC 4B 5B"}


def test_consolation_chosen_by_the_giver_among_the_cards_he_has_won():
    deal = new(CONSOLE, 3)
    play(deal, "5S 7S KS")
    assert deal.tricks[-1][2] == 0
    play(deal, "F 2B")
    assert legal(deal) == set(C("3B"))   # seat 2 must follow the Two of Batons
    play(deal, "3B")
    assert deal.tricks[-1][2] == 2       # the Three beats the Two; the Fool never wins
    # seat 0 gives seat 2 any card he has won: his choice
    assert deal.phase == "consolation" and deal.to_play == 0
    assert deal.legal_actions() == sorted(C("5S 7S KS"))
    assert deal.view(0).legal_actions == tuple(sorted(C("5S 7S KS")))
    assert deal.view(2).legal_actions == ()
    with pytest.raises(IllegalActionError, match="has not won"):
        deal.push(parse_card("2B"))
    play(deal, "KS")   # a generous choice, but his to make
    assert piles(deal)[0] == sorted(C("F 5S 7S"))
    assert piles(deal)[2] == sorted(C("2B 3B KS"))
    assert deal.to_play == 2 and deal.phase == "play"
    deal.pop()
    assert deal.phase == "consolation" and piles(deal)[0] == sorted(C("5S 7S KS F"))


def test_consolation_lowest_value_forced_takes_the_lowest_value_then_lowest_card():
    deal = new(CONSOLE, 3, consolation_choice="lowest_value_forced")
    play(deal, "5S 7S KS F 2B 3B")
    # no choice is asked: of 5S, 7S (0 points) and KS (4), the lowest value, and of the two
    # empties the lowest card, the Five
    assert deal.phase == "play" and deal.to_play == 2
    assert deal.consolations == [(1, 0, 2, parse_card("5S"))]
    assert piles(deal)[2] == sorted(C("2B 3B 5S"))


# 2 players: seat 1 holds twelve trumps, seat 0 the Fool and court cards, no trump. Seat 1
# wins every trick whatever is played (seat 0 can never beat a trump lead, nor lead).
TRUMPS_VS_COURT = {1: "T1 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
                   0: "F KS KB KC KD QS QB QC QD CS CB CC"}


def play_out_fool_last(deal):
    """Seat 0 plays its first legal card that is not the Fool, the Fool only when alone."""
    while not deal.is_over:
        acts = deal.legal_actions()
        deal.push(next((a for a in acts if a != F), acts[0]))


def test_fool_may_be_played_to_the_last_trick_and_is_surrendered_if_its_owner_won_nothing():
    deal = new(TRUMPS_VS_COURT, 2)
    play(deal, "T11")
    assert F in legal(deal)   # the Fool at any time
    play_out_fool_last(deal)
    assert deal.tricks[-1][1][1] == F   # played to the last trick (no penalty)
    # seat 0 won no trick: the Fool goes to seat 1, who won the trick it was played to
    assert deal.surrendered and deal.fool_outcome() == "surrendered"
    assert deal.piles[0] == 0 and deal.piles[1] == mask(C(TRUMPS_VS_COURT[0] + " " + TRUMPS_VS_COURT[1]))
    assert deal.consolations == [(11, 0, 1, F)]


@pytest.mark.parametrize("table,points", [
    # du_coeur_s6: F 5 + XXI 4 + I 4 + 4 Kings 16 + 4 Queens 12 + 3 Cavaliers 6 = 47
    ("du_coeur_s6", 47),
    # nominal: F, XXI, I 5 each + Kings 20 + Queens 16 + Cavaliers 9 = 60
    ("nominal", 60),
    # reduced: F, XXI, I 4 each + Kings 16 + Queens 12 + Cavaliers 6 = 46
    ("reduced", 46),
])
def test_scoring_cards_won_minus_twelve_plus_scoring_table(table, points):
    deal = new(TRUMPS_VS_COURT, 2, scoring_table=table)
    play_out_fool_last(deal)
    r = deal.result()
    # seat 1: all 24 cards (the Fool surrendered): 24 - 12 = +12, plus the scoring cards
    # seat 0: no card: 0 - 12 = -12, nothing else
    assert r.by_source == {"cards": [-12, 12], "scoring_cards": [0, points]}
    assert r.scores == (-12, 12 + points)
    assert r.card_points == (0, points)
    assert len(r.ledger) == 0                       # no payment changes hands
    assert type(deal).SOURCES == ("cards", "scoring_cards")


def test_fool_kept_by_an_owner_who_has_won_a_trick_scores_for_him():
    # seat 0 wins trick 1 (KS over 5S), then keeps the Fool to the last trick
    leader = "5S T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11"
    seat0 = "KS F AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"
    deal = new({1: leader, 0: seat0}, 2)
    play(deal, "5S KS")
    assert deal.tricks[-1][2] == 0
    # then seat 0 leads the Ace of Cups, seat 1 (no Cups) trumps it and leads trumps to the
    # end, seat 0 (no trumps) discarding Cups; seat 0 plays the Fool to the last trick
    play_out_fool_last(deal)
    assert deal.tricks[-1][1].count(F) == 1
    # Fool to the last trick, won by seat 1: seat 0 gives a card he has won (5S or KS). The
    # rule-free play above takes the first legal card: 5S (lower id)
    assert deal.consolations == [(11, 0, 1, parse_card("5S"))]
    # seat 0 ends with KS and the Fool: 2 - 12 + 4 + 5 = -1; seat 1 the other 22 cards:
    # 22 - 12 + I 4 = 14
    r = deal.result()
    assert deal.piles[0] == mask(C("KS F"))
    assert r.scores == (-1, 14)
    assert sum(r.by_source["cards"]) == 0


# =========================================================================================
# Records, views and bad input
# =========================================================================================
def test_record_with_a_consolation_round_trips_in_text_and_json():
    deal = new(CONSOLE, 3)
    play(deal, "5S 7S KS F 2B 3B KS")
    while not deal.is_over:
        deal.push(deal.legal_actions()[-1])
    rec = record_from_deal(deal)
    text = rec.to_text()
    assert "Consolation: S0 KS" in text
    assert parse_record(text) == rec == parse_record(rec.to_json())
    assert replay(rec).result().scores == deal.result().scores


def test_views_show_own_hand_and_public_play_only():
    deal = new(CONSOLE, 3)
    play(deal, "5S 7S")
    v = deal.view(0)
    assert v.hand == mask(C(CONSOLE[0]))
    assert v.known_cards() == mask(C(CONSOLE[0] + " 5S 7S"))
    assert not v.known_cards() & deal.set_aside
    with pytest.raises(IllegalActionError, match=r"view\(seat\) must be a seat 0..2, not 3"):
        deal.view(3)


def test_bad_options_and_dealer_are_refused():
    with pytest.raises(OptionError, match="players"):
        tarot.new_deal(V, {"players": 7})
    with pytest.raises(IllegalActionError, match="dealer"):
        tarot.new_deal(V, {"players": 3}, seed=1, dealer=3)
    with pytest.raises(IllegalActionError, match="lacks"):
        tarot.new_deal(V, deck=list(range(77)))
    assert tarot.variant_class(V).players_for({"players": 6}) == 6


# =========================================================================================
# §3.2 step 6, §3.4: the game to 50 and its end rules
# =========================================================================================
def game(end_rule, players=4, **options):
    return EarlyFrenchGame({"players": players, "end_rule": end_rule, **options})


@pytest.mark.parametrize("direction,dealers", [("anticlockwise", (0, 1, 2, 3, 0)),
                                               ("clockwise", (0, 3, 2, 1, 0))])
def test_the_deal_passes_in_the_direction_of_play(direction, dealers):
    g = game("highest_total_split_ties", direction=direction)
    for _ in range(5):
        assert g.next_deal().dealer == g.dealer
        g.add_scores((0, 0, 0, 0))
    assert tuple(g.dealers) == dealers


def test_no_end_below_fifty():
    g = game("highest_total_split_ties")
    g.add_scores((49, 10, -12, -12))
    assert not g.is_over
    with pytest.raises(IllegalActionError, match="not over"):
        g.result()


def test_several_past_fifty_highest_total_wins():
    g = game("highest_total_split_ties")
    g.add_scores((40, 45, 30, 10))
    g.add_scores((15, 7, 0, -12))   # totals 55, 52, 30, -2: two past 50, the 55 wins
    r = g.result()
    assert r.winners == (0,) and r.totals == (55, 52, 30, -2) and r.how == "highest"


def test_several_past_fifty_tied_highest_split():
    g = game("highest_total_split_ties")
    g.add_scores((40, 45, 30, 10))
    g.add_scores((12, 7, 0, 0))     # 52, 52, 30, 10: tied, they share
    r = g.result()
    assert r.winners == (0, 1) and r.how == "split"
    with pytest.raises(IllegalActionError, match="over"):
        g.add_scores((0, 0, 0, 0))


def test_several_past_fifty_tied_highest_replay():
    g = game("highest_total_replay_ties")
    g.add_scores((40, 45, 30, 10))
    g.add_scores((12, 7, 0, 0))     # 52, 52: tied, play on
    assert not g.is_over
    g.add_scores((-3, -3, 20, 4))   # 49, 49, 50, 14: seat 2 is highest alone
    r = g.result()
    assert r.winners == (2,) and r.totals == (49, 49, 50, 14) and r.how == "highest"


def test_instant_win_first_to_reach_fifty_during_play_wins():
    g = game("instant_win", players=2)
    g.add_scores((40, 44))
    # during the hand seat 1 reaches 44 + 6 = 50 first; seat 0 would end higher (40 + 15)
    running = [(-10, -10), (-8, 6), (15, 4)]
    g.add_scores((15, 4), running)
    r = g.result()
    assert r.winners == (1,) and r.how == "instant"
    assert r.totals == (32, 50)   # the hand counts as it stood: 40 - 8, 44 + 6
    # the same hand under the default rule: 55 against 48
    g2 = game("highest_total_split_ties", players=2)
    g2.add_scores((40, 44))
    g2.add_scores((15, 4), running)
    assert g2.result().winners == (0,) and g2.result().totals == (55, 48)


def test_instant_win_two_reaching_fifty_at_once_highest_wins():
    g = game("instant_win", players=3)
    g.add_scores((45, 44, 0))
    g.add_scores((9, 6, 0), [(9, 6, 0)])   # 54 and 50 at the same moment
    assert g.result().winners == (0,)


def test_running_scores_end_at_the_hand_scores():
    deal = new(TRUMPS_VS_COURT, 2)
    play_out_fool_last(deal)
    run = deal.running_scores()
    # one moment per trick (12), then the surrender
    assert len(run) == 13 and run[-1] == deal.result().scores
    # before the surrender seat 0 holds the Fool alone: 1 - 12 + 5 = -6
    assert run[-2][0] == -6


def test_a_game_played_by_a_callable_ends_with_someone_at_fifty():
    g = EarlyFrenchGame({"players": 5}, seed=3)

    def first_legal(deal):
        while not deal.is_over:
            deal.push(deal.legal_actions()[0])

    r = g.play(first_legal)
    assert max(r.totals) >= 50
    assert r.totals == tuple(map(sum, zip(*r.hands)))
    assert r.winners == tuple(s for s in range(5) if r.totals[s] == max(r.totals))
    # no earlier hand ended with anyone at 50
    running = [0] * 5
    for h in r.hands[:-1]:
        running = [a + b for a, b in zip(running, h)]
        assert max(running) < 50


def test_an_instant_win_game_counts_the_last_hand_as_it_stood():
    g = EarlyFrenchGame({"players": 4, "end_rule": "instant_win"}, seed=11)
    last = []

    def first_legal(deal):
        while not deal.is_over:
            deal.push(deal.legal_actions()[0])
        last[:] = [deal]

    r = g.play(first_legal)
    assert r.how == "instant" and max(r.totals) >= 50
    before = [sum(col) for col in zip(*r.hands[:-1])] if len(r.hands) > 1 else [0] * 4
    assert max(before) < 50
    # the last hand is counted at the first moment of its play at which a total reached 50
    moments = last[0].running_scores()
    first = next(m for m in moments if max(b + s for b, s in zip(before, m)) >= 50)
    assert r.hands[-1] == first
    assert r.winners == tuple(s for s in range(4) if r.totals[s] == max(r.totals))


def test_a_game_refuses_a_hand_that_is_not_its_next():
    g = EarlyFrenchGame({"players": 3})
    deal = g.next_deal()
    with pytest.raises(IllegalActionError, match="not over"):
        g.add(deal)
    other = tarot.new_deal(V, {"players": 3}, seed=1, dealer=1)
    while not other.is_over:
        other.push(other.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="next hand"):
        g.add(other)
    assert g.hands == [] and g.dealer == 0
