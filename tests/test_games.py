"""Each game's declaration (tarot.core.game) says what its deals do: the summary fields are the
keys its finished deals report, in order; its roles name every seat; the parts it names load."""

from __future__ import annotations

import pytest

import tarot
from tarot.bots import make_bot, play_out
from tarot.core.game import GAMES, game_of

VARIANTS = sorted(tarot.VARIANTS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_summary_fields_are_the_keys_the_deals_report(variant):
    game = game_of(variant)
    for seed in range(40):
        deal = tarot.new_deal(variant, seed=seed, dealer=seed % tarot.variant_class(variant).players_for())
        play_out(deal, [make_bot("rule", seed=seed + s) for s in range(deal.players)])
        keys = list(deal.summary())
        assert keys == [f for f in game.summary_fields if f in keys], (keys, game.summary_fields)
        assert set(keys) <= set(game.summary_fields)
        roles = [game.roles(deal, s) for s in range(deal.players)]
        assert all(isinstance(r, str) and r for r in roles)


def test_every_variant_belongs_to_one_game_and_its_parts_load():
    owners = [g for g in GAMES.values() for _ in g.variants]
    assert sorted(v for g in GAMES.values() for v in g.variants) == VARIANTS
    assert len(owners) == len(VARIANTS)
    for game in GAMES.values():
        assert callable(game.load("rule_bot"))
        for part in ("sampler", "explainer"):
            assert game.load(part) is not None, (game.name, part)
