"""The rule bots' remembered facts of the finished tricks (issue 34): what the memo tables give,
worked out from the facts of the tricks before the last, equals what the tricks give worked out
from scratch (tricks in lists, which are not remembered), at every decision of many deals."""

from __future__ import annotations

import pytest

import tarot
from tarot.bots import make_bot
from tarot.core.cards import PART
from tarot.core.deal import variant_class
from tarot.variants.french import sampler as french_sampler
from tarot.variants.french.sampler import finished_tricks, french_voids
from tarot.variants.marolles import bot_table as marolles_table


def as_lists(tricks) -> list:
    """The tricks of a view in lists: unhashable, so worked out and not remembered."""
    return [[leader, list(cards), winner] for leader, cards, winner in tricks]


def positions(variant: str, deals: int):
    """Every view of the seat to play in ``deals`` deals of ``variant`` (rule bots, the random
    bot at one seat so that odd plays come up too)."""
    for seed in range(deals):
        deal = tarot.new_deal(variant, seed=seed, dealer=seed % variant_class(variant).players_for(None))
        bots = [make_bot("random" if s == seed % deal.players else "rule", seed=seed)
                for s in range(deal.players)]
        while not deal.is_over:
            view = deal.view(deal.to_play)
            yield view
            deal.push(bots[deal.to_play].act(view))


@pytest.mark.parametrize("variant", ["fft-3p", "fft-4p", "fft-5p"])
def test_french_finished_tricks_remembered_equal_worked_out(variant):
    french_sampler._FINISHED.clear()
    checked = 0
    for view in positions(variant, 25):
        n = view.players
        assert finished_tricks(view.tricks, n) == finished_tricks(as_lists(view.tricks), n)
        played = 0
        for _, cards, _ in view.tricks:
            for c in cards:
                played |= 1 << c
        assert finished_tricks(view.tricks, n)[0] == played
        checked += bool(view.tricks)
    assert checked > 500
    # french_voids of a view whose tricks are lists (nothing remembered) is the same
    view = next(v for v in positions(variant, 1) if len(v.tricks) > 5 and v.trick)
    assert french_voids(view) == french_voids(view.__class__.build({**view.__dict__, "tricks": as_lists(view.tricks)}))


@pytest.mark.parametrize("variant", ["marolles-1637", "marolles-2p"])
def test_marolles_tricks_facts_remembered_equal_worked_out(variant):
    marolles_table._TRICKS_FACTS.clear()
    checked = 0
    for view in positions(variant, 25):
        n = view.players
        for infer in (True, False):
            assert (marolles_table.tricks_facts(view.tricks, n, infer)
                    == marolles_table.tricks_facts(as_lists(view.tricks), n, infer))
        checked += bool(view.tricks)
    assert checked > 500


@pytest.mark.parametrize("variant", ["marolles-1637", "marolles-2p"])
def test_marolles_facts_carried_between_decisions_equal_worked_out(variant):
    """The facts the bot carries from one view to the next (``Facts.then``: those of the tricks
    seen, plus the tricks since), kept per seat and across seats as a shared bot keeps them,
    equal the facts of every finished trick worked out from scratch, in parts."""
    marolles_table._TRICKS_FACTS.clear()
    empty = marolles_table.Facts((), 0, False, 0, 0, [])
    checked = 0
    for infer in (True, False):
        per_seat: dict[int, marolles_table.Facts] = {}
        shared = empty
        for view in positions(variant, 12):
            n = view.players
            if not view.tricks:
                per_seat.clear()
            played, void = marolles_table.tricks_facts(as_lists(view.tricks), n, infer)
            for carried in (per_seat.get(view.seat, empty), shared):
                now = carried.then(view.tricks, n, infer)
                assert (now.played_lo | now.played_hi << PART, now.void) == (played, void)
            per_seat[view.seat] = per_seat.get(view.seat, empty).then(view.tricks, n, infer)
            shared = shared.then(view.tricks, n, infer)
            # the same tricks as lists (a view from elsewhere), last asked before the next
            # view: their facts, never shared by the bots (``bot_table._LAST``) as those of a
            # tuple of tricks
            listed = empty.then(as_lists(view.tricks), n, infer)
            assert (listed.played_lo | listed.played_hi << PART, listed.void) == (played, void)
            checked += len(view.tricks) > 1
    assert checked > 300
