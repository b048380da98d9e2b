"""``SeatView``: the fields of a seat's view a compiled rule bot reads (issue 34). It must hold
nothing the seat's ``View`` does not: at every position of random deals of every variant, with
random options, for every seat, each of its fields equals the view's, and the rollouts that
give a bot a ``SeatView`` play the same deals as those that give it the view."""

from __future__ import annotations

import dataclasses
import random

import pytest

import tarot
from helpers_variants import random_options
from tarot.bots import make_bot
from tarot.bots.rollout import rollout
from tarot.core.cards import LOW_PART, PART
from tarot.core.deal import View
from tarot.core.seat_view import FIELDS, SeatView


def same_fields(s: SeatView, v: View) -> None:
    for name in FIELDS:
        mine, theirs = getattr(s, name), getattr(v, name)
        if name in ("hand_sizes", "shown", "tricks", "trick", "legal_actions"):
            mine, theirs = tuple(mine), tuple(theirs)
        assert mine == theirs, (name, mine, theirs)
    assert (s.hand_lo, s.hand_hi) == (v.hand & LOW_PART, v.hand >> PART)


def test_the_fields_are_a_views():
    assert set(FIELDS) <= {f.name for f in dataclasses.fields(View)}


@pytest.mark.parametrize("variant", sorted(tarot.VARIANTS))
def test_a_seat_view_equals_the_view_at_every_position(variant):
    rng = random.Random(variant)
    positions = 0
    for d in range(4):
        options = random_options(variant, rng) if d % 2 else None
        deal = tarot.new_deal(variant, options, seed=rng.randrange(10**6), dealer=d % 2)
        rule = [make_bot("rule", seed=s) for s in range(deal.players)]
        while not deal.is_over:
            for s in range(deal.players):
                v = deal.view(s)
                same_fields(deal.seat_view(s), v)
                same_fields(SeatView.of(v), v)
                positions += 1
            seat = deal.to_play
            legal = deal.legal_actions()
            deal.push(rule[seat].act(deal.view(seat)) if d < 2 else rng.choice(legal))
    assert positions > 200


class ViewOnly:
    """A bot that is given views only (no ``act_seat``): the rule bot asked through ``act``."""

    def __init__(self, bot) -> None:
        self.bot = bot

    def act(self, view: View) -> int:
        return self.bot.act(view)


@pytest.mark.parametrize("variant", ["marolles-1637", "marolles-78", "marolles-2p"])
def test_rollouts_with_seat_views_play_the_deals_the_views_play(variant):
    for seed in range(6):
        deals = []
        for wrap in (False, True):
            deal = tarot.new_deal(variant, seed=seed, dealer=seed % 2)
            bots = [make_bot("rule", seed=s).for_variant(variant) for s in range(deal.players)]
            assert all(hasattr(b, "act_seat") for b in bots)
            rollout(deal, [ViewOnly(b) for b in bots] if wrap else bots)
            deals.append(deal)
        assert deals[0].history == deals[1].history
        assert deals[0].result().scores == deals[1].result().scores
