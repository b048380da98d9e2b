"""The simulation service (tarot/runs/simulate.py): streamed, deterministic, splittable, and its running
sums agree with the per-deal summaries they are made from."""

from __future__ import annotations

import inspect
import json
import math
import statistics

import pytest

import tarot
from tarot.runs import simulate as sim
from tarot.core.errors import OptionError, TarotError, UnknownVariantError
from tarot.core.ledger import SOURCES
from tarot.tui import summary_tables

V = "marolles-1637"


def run(n, seed=1, **kw):
    return list(sim.simulate(V, n, seed, bots=kw.pop("bots", ["random"]), **kw))


def test_simulate_streams_a_generator():
    gen = sim.simulate(V, 10**9, 1, bots=["random"])  # never materialised: only one deal is played
    assert inspect.isgenerator(gen)
    first = next(gen)
    assert first.deal == 0


def test_same_seed_same_deals_and_other_seed_other_deals():
    a, b, c = run(6, seed=4), run(6, seed=4), run(6, seed=5)
    assert a == b
    assert [s.to_json() for s in a] == [s.to_json() for s in b]
    assert [s.seed for s in a] != [s.seed for s in c]


def test_a_deal_depends_only_on_seed_and_index():
    """What lets a process pool split the work: deals 3..5 alone equal the tail of 0..5."""
    whole = run(6, seed=9)
    tail = list(sim.simulate(V, 3, 9, bots=["random"], start=3))
    assert tail == whole[3:]


def test_the_summaries_do_not_depend_on_the_number_of_workers():
    assert run(7, seed=9, workers=2) == run(7, seed=9)
    assert list(sim.simulate(V, 3, 9, bots=["random"], start=4, workers=2)) == run(7, seed=9)[4:]
    pairs = list(sim.compare(V, 5, 3, None, {"ultimo_fail": "1"}, ["rule"], workers=2))
    assert pairs == list(sim.compare(V, 5, 3, None, {"ultimo_fail": "1"}, ["rule"]))


@pytest.mark.parametrize("workers", [0, -1, True, 1.5, "2"])
def test_a_bad_number_of_workers_is_refused_before_any_deal(workers):
    with pytest.raises(TarotError, match="the number of workers must be at least 1, not"):
        sim.simulate(V, 10**9, 1, workers=workers)
    with pytest.raises(TarotError, match="the number of workers must be at least 1, not"):
        sim.compare(V, 10**9, 1, None, {"ultimo_fail": "1"}, workers=workers)


def test_deal_passes_anticlockwise_from_seat_0():
    assert [s.dealer for s in run(7)] == [0, 1, 2, 0, 1, 2, 0]


def test_summaries_are_consistent_deals():
    for s in run(30, seed=2, bots=["rule"]):
        assert sum(s.scores) == 0
        assert set(s.by_source) == set(SOURCES)
        for seat in range(3):  # the sources add up to the score
            assert sum(s.by_source[src][seat] for src in SOURCES) == s.scores[seat]
        for src in SOURCES:
            assert sum(s.by_source[src]) == 0
        assert 73 <= sum(s.card_points) <= 74          # docs/rules §0.5
        assert s.winners == sum(p >= 25 for p in s.card_points)
        assert s.winners in (1, 2)                      # §0.5: never 0 or 3
        assert json.loads(s.to_json()) == s.to_dict()


def test_a_summary_matches_the_deal_it_describes():
    """Replaying deal 0 from its seed and dealer with the same bots gives the same numbers."""
    s = run(1, seed=13, bots=["random", "rule", "random"])[0]
    deal = tarot.new_deal(V, seed=s.seed, dealer=s.dealer)
    from tarot.bots import make_bot, play_out

    play_out(deal, [make_bot(b, seed=sim.bot_seed(s.seed, i)) for i, b in enumerate(["random", "rule", "random"])])
    r = deal.result()
    assert (tuple(r.scores), tuple(r.card_points)) == (s.scores, s.card_points)


def test_options_change_the_game():
    plain = run(40, seed=3)
    no_cut = run(40, seed=3, options={"cut_card_tarot_payment": "off", "illegal_discard": "forbidden"})
    assert all(s.by_source["penalties"] == (0, 0, 0) for s in no_cut)  # no trump can be discarded
    assert any(s.by_source["penalties"] != (0, 0, 0) for s in plain)   # random bots discard trumps


def test_aggregate_agrees_with_the_summaries():
    summaries = run(40, seed=6)
    agg = sim.Aggregate(3)
    for s in summaries:
        agg.add(s)
    assert agg.n == 40
    for seat in range(3):
        scores = [s.scores[seat] for s in summaries]
        assert agg.mean_scores()[seat] == pytest.approx(statistics.fmean(scores))
        assert agg.ci95(seat) == pytest.approx(1.959964 * statistics.stdev(scores) / math.sqrt(40), rel=1e-5)
        assert agg.mean_points()[seat] == pytest.approx(statistics.fmean(s.card_points[seat] for s in summaries))
        for src in SOURCES:
            assert agg.mean_source(src)[seat] == pytest.approx(
                statistics.fmean(s.by_source[src][seat] for s in summaries))
    # position 0 is whoever dealt that deal
    dealer_mean = statistics.fmean(s.scores[s.dealer] for s in summaries)
    cutter_mean = statistics.fmean(s.scores[(s.dealer + 2) % 3] for s in summaries)
    assert agg.mean_position()[0] == pytest.approx(dealer_mean)
    assert agg.mean_position()[2] == pytest.approx(cutter_mean)
    moved = statistics.fmean(sum(max(v, 0) for v in s.by_source["tarots"]) for s in summaries)
    assert agg.mean_moved("tarots") == pytest.approx(moved)
    ones = sum(s.winners == 1 for s in summaries)
    assert agg.winners_share() == pytest.approx({1: ones / 40, 2: 1 - ones / 40} if ones < 40 else {1: 1.0})


@pytest.mark.parametrize("variant, zero_sum", [
    (V, True), ("fft-4p", True), ("french-2p", False), ("early-french", False)])
def test_aggregate_knows_whether_scores_are_paid_over(variant, zero_sum):
    """``moved`` is marques changing hands in a zero-sum game; in one where each player scores
    for himself (french-2p's winner_only, early French) the summary must not say so."""
    cls = tarot.variant_class(variant)
    summaries = list(sim.simulate(variant, 30, 2, bots=["random"]))
    assert all(sum(s.scores) == 0 for s in summaries) is zero_sum  # the game itself, first
    agg = sim.Aggregate(cls.players_for(), cls.SOURCES)
    for s in summaries:
        agg.add(s)
    assert agg.zero_sum is zero_sum
    [footer] = [x for x in summary_tables(agg, ["random"] * cls.players_for(), variant)
                if isinstance(x, str) and "moved =" in x]
    assert ("changing hands" in footer) is zero_sum
    assert ("not paid by the other players" in footer) is not zero_sum


def test_aggregate_memory_does_not_grow():
    agg = sim.Aggregate(3)
    sizes = None
    for i, s in enumerate(sim.simulate(V, 60, 1, bots=["random"])):
        agg.add(s)
        now = (len(agg.score_sum), len(agg.moved), len(agg.winners), sum(len(v) for v in agg.source_sum.values()))
        if i == 5:
            sizes = now
    assert now == sizes


def test_bad_setups_are_refused_before_any_deal():
    with pytest.raises(UnknownVariantError, match="unknown variant 'nope'"):
        sim.simulate("nope", 1, 1)
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        sim.simulate(V, 1, 1, options={"colour": "red"})
    with pytest.raises(OptionError, match="does not take '7'"):
        sim.simulate(V, 1, 1, options={"deal_packet": "7"})
    with pytest.raises(OptionError, match="needs declaration_timing"):  # a refused combination
        sim.simulate(V, 1, 1, options={"declarations_after_discard": "false",
                                       "declaration_timing": "before_own_first_card"})
    with pytest.raises(TarotError, match="unknown bot 'genius'"):
        sim.simulate(V, 1, 1, bots=["genius"])
    with pytest.raises(TarotError, match="give 1 or 3 bot names"):
        sim.simulate(V, 1, 1, bots=["random", "rule"])
    with pytest.raises(TarotError, match="0 or more"):
        sim.simulate(V, -1, 1)


def test_default_bot_is_rule_when_registered():
    from tarot.bots import BOTS, make_bot

    make_bot("random")  # loads the registry
    assert sim.default_bot() == ("rule" if "rule" in BOTS else "random")
    assert sim.resolve_bots(None, 3) == [sim.default_bot()] * 3


@pytest.mark.parametrize("direction", ["anticlockwise", "clockwise"])
def test_positions_count_in_the_order_of_play(direction):
    """Position 1 is the player who leads the first trick, whichever way play goes (early French
    with ``direction=clockwise``: the dealer's left), in the simulation's sums, the summary's
    labels and the tournament's roles."""
    from tarot.core.deal import variant_class
    from tarot.runs.duplicate import role_of
    from tarot.tui import summary_tables

    opts = {"players": 3, "direction": direction}
    cls = variant_class("early-french")
    summaries = list(sim.simulate("early-french", 12, 3, opts, bots=["random"]))
    agg = sim.Aggregate(3, cls.SOURCES, cls.seat_step(opts))
    eldest_scores = []
    for s in summaries:
        agg.add(s)
        deal = cls(opts, seed=s.seed, dealer=s.dealer)
        eldest = deal.to_play
        assert role_of(deal, eldest) == "dealer+1"
        eldest_scores.append(s.scores[eldest])
    assert agg.mean_position()[1] == pytest.approx(statistics.fmean(eldest_scores))
    assert {s.dealer for s in summaries} == {0, 1, 2}
    side = "left" if direction == "clockwise" else "right"
    text = " ".join(str(t) for t in summary_tables(agg, ["random"] * 3, "early-french") if isinstance(t, str))
    assert f"his {side} plays first" in text


def test_deals_without_a_contract_are_counted_and_said():
    """French Tarot: a deal all pass, or annulled before the bidding, scores 0 for everyone and
    counts in the means; the summary says how many there were."""
    summaries = list(sim.simulate("fft-4p", 60, 3, bots=["random"]))
    agg = sim.Aggregate(4, tarot.variant_class("fft-4p").SOURCES)
    for s in summaries:
        agg.add(s)
    none = [s for s in summaries if dict(s.extra)["contract"] is None]
    assert agg.no_contract == len(none) > 0 and all(not any(s.scores) for s in none)
    lines = [x for x in summary_tables(agg, ["random"] * 4, "fft-4p") if isinstance(x, str)]
    assert f"{len(none)} deal{'s' if len(none) > 1 else ''} of 60 had no contract" in " ".join(lines)
    marolles = sim.Aggregate(3)
    marolles.add(next(iter(sim.simulate(V, 1, 1, bots=["random"]))))
    assert marolles.no_contract == 0
    # French Tarot for two has no bidding (its contract is None in every deal): none is counted
    two = sim.Aggregate(2, tarot.variant_class("french-2p").SOURCES)
    for s in sim.simulate("french-2p", 5, 1, bots=["random"]):
        assert dict(s.extra)["contract"] is None
        two.add(s)
    assert two.no_contract == 0
    assert "no contract" not in " ".join(x for x in summary_tables(two, ["random"] * 2, "french-2p")
                                         if isinstance(x, str))


# ----- two readings of the rules on the same deals (sim.compare, tarot simulate --compare) -----
def test_each_reading_plays_the_deals_simulate_plays():
    # reading A is the simulation with the options, reading B with them changed: deal by deal
    pairs = list(sim.compare(V, 5, 3, {"deal_packet": "3"}, {"ultimo_fail": "1"}, ["rule"]))
    a = list(sim.simulate(V, 5, 3, {"deal_packet": "3"}, ["rule"]))
    b = list(sim.simulate(V, 5, 3, {"deal_packet": "3", "ultimo_fail": "1"}, ["rule"]))
    assert [x for x, _ in pairs] == a and [y for _, y in pairs] == b
    assert [x.seed for x in a] == [y.seed for y in b]      # the same decks


@pytest.mark.parametrize("variant, reading", [
    (V, {"cut_card_tarot_payment": "off"}),
    ("early-french", {"direction": "clockwise"}),
    ("fft-4p", {"excuse_last_trick": "to_trick_winner"}),
])
def test_paired_differences_are_the_differences_of_the_readings(variant, reading):
    cls = tarot.variant_class(variant)
    opts_b = cls.make_options(reading)
    r = sim.Readings(cls.players_for({}), cls.SOURCES, cls.seat_step({}), cls.seat_step(opts_b))
    for a, b in sim.compare(variant, 40, 2, None, reading):
        r.add(a, b)
    assert r.n == r.a.n == r.b.n == 40
    for src in cls.SOURCES:
        assert math.isclose(r.moved[src].mean, r.b.mean_moved(src) - r.a.mean_moved(src), abs_tol=1e-9)
    assert math.isclose(r.moved_total.mean, sum(r.b.mean_moved(s) - r.a.mean_moved(s) for s in cls.SOURCES),
                        abs_tol=1e-9)
    for p in range(r.a.players):
        assert math.isclose(r.position[p].mean, r.b.mean_position()[p] - r.a.mean_position()[p], abs_tol=1e-9)
        assert math.isclose(r.position_points[p].mean,
                            r.b.mean_position_points()[p] - r.a.mean_position_points()[p], abs_tol=1e-9)


def test_the_cut_payment_shows_as_a_difference_only_where_the_cut_is_a_tarot():
    # without the cut payment the dealer collects nothing for a Tarot cut: B - A is below zero
    # in the declarations, and nowhere else the interval excludes zero (the play is the same)
    r = sim.Readings(3)
    cut_tarots = 0
    for a, b in sim.compare(V, 120, 5, None, {"cut_card_tarot_payment": "off"}, ["rule"]):
        r.add(a, b)
        cut_tarots += a.by_source["declarations"] != b.by_source["declarations"]
    low, high = r.moved["declarations"].ci95
    assert cut_tarots >= 5 and high < 0
    assert r.moved["tarots"].mean == r.moved["ultimo"].mean == 0
    dealer_low, dealer_high = r.position[0].ci95
    assert dealer_high < 0                                   # the dealer is the one who loses it


@pytest.mark.parametrize("options, reading, message", [
    (None, {"ultimo_fail": "6"}, "is already the rule in reading A"),
    (None, {}, "no option to compare"),
    (None, {"nosuch": "1"}, "unknown option 'nosuch'"),
    (None, {"ultimo_fail": "7"}, "does not take '7'"),
])
def test_a_bad_reading_is_refused_before_any_deal(options, reading, message):
    with pytest.raises(TarotError, match=message):
        sim.compare(V, 10**9, 1, options, reading)
    with pytest.raises(TarotError, match="different numbers of players"):
        sim.compare("early-french", 10, 1, {"players": "4"}, {"players": "5"})


def test_a_lower_par_makes_more_winners_and_the_comparison_says_so():
    # par 24 of 74 card points: two players at or above it more often, and now and then three
    from tarot.tui import comparison_tables

    r = sim.Readings(3)
    pairs = list(sim.compare(V, 200, 6, None, {"par_points": "24"}, ["rule"]))
    for a, b in pairs:
        r.add(a, b)
    assert math.isclose(r.winners.mean, statistics.mean(b.winners - a.winners for a, b in pairs))
    assert r.winners.n == 200 and r.winners.ci95[0] > 0
    assert all(b.winners >= a.winners for a, b in pairs)       # the same card points, a lower bar
    text = [x for x in comparison_tables(r, V) if isinstance(x, str)]
    assert any(x.startswith("Deals by number of players at or above par: A 1 winner") and
               "Players at or above par per deal, B - A: +" in x for x in text)
    french = sim.Readings(4)
    for a, b in sim.compare("fft-4p", 5, 6, None, {"excuse_last_trick": "to_trick_winner"}):
        french.add(a, b)
    assert french.winners.n == 0                                # no par in French Tarot
    assert not any("at or above par" in x for x in comparison_tables(french, "fft-4p") if isinstance(x, str))
