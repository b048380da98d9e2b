"""A match: successive deals, the deal passing anticlockwise, running marques (docs/rules §1.2)."""

import pytest

import tarot
from tarot.bots import make_bot, play_out
from tarot.core.cards import FOOL, parse_card
from tarot.play.match import Match, cut_rank


def _play_match(match, deals):
    dealers = []
    for _ in range(deals):
        d = match.next_deal()
        dealers.append(d.dealer)
        play_out(d, [make_bot("random", seed=s) for s in range(3)])
        match.record(d)
    return dealers


def test_deal_passes_to_the_right_and_totals_run():
    m = Match("marolles-1637", seed=11)
    first = m.dealer
    dealers = _play_match(m, 6)
    assert dealers == [(first + i) % 3 for i in range(6)]
    assert sum(m.totals) == 0
    assert m.totals == [sum(r.scores[s] for r in m.results) for s in range(3)]


def test_same_seed_same_match():
    a, b = Match("marolles-1637", seed=4), Match("marolles-1637", seed=4)
    _play_match(a, 3), _play_match(b, 3)
    assert a.totals == b.totals and [r.scores for r in a.results] == [r.scores for r in b.results]


def test_cut_ranking_trump_over_suit_fool_lowest():
    assert cut_rank(parse_card("T1")) > cut_rank(parse_card("KS")) > cut_rank(parse_card("4S"))
    assert cut_rank(FOOL) < cut_rank(parse_card("7C"))
    assert cut_rank(parse_card("AC")) > cut_rank(parse_card("7C"))  # round suits run upside down


@pytest.mark.parametrize("how", ["high_cut_deals", "low_cut_deals"])
def test_first_dealer_by_cut(how):
    for seed in range(30):
        m = Match("marolles-1637", {"first_dealer": how}, seed=seed)
        ranks = [cut_rank(c) for c in m.cuts[-1]]
        pick = max(ranks) if how == "high_cut_deals" else min(ranks)
        assert ranks.count(pick) == 1 and m.dealer == ranks.index(pick)


def test_granted_redeal_keeps_the_dealer():
    m = Match("marolles-1637", {"bad_hand_redeal": 3}, seed=2)
    d = m.next_deal()
    dealer = d.dealer
    asker = d.to_play
    d.push(tarot.ACTION_IDS["redeal"])
    d.push(tarot.ACTION_IDS["grant"])
    d.push(tarot.ACTION_IDS["grant"])
    r = m.record(d)
    assert r.info["redeal"] == asker and m.dealer == dealer
    assert r.scores[asker] == -6 and sorted(r.scores) == [-6, 3, 3]
