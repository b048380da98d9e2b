"""Marolles 1637 and its relatives (docs/rules §1-2): the game declared, its rules in ``rules``.

``marolles-1637`` (three players, 66 cards), ``marolles-78`` (the 78-card base game) and
``marolles-2p`` (two players and le Mort). The rule bot is ``bot.MarollesRuleBot``, the sampler
of the search bots ``sampler.SAMPLER``.
"""

from ...core.game import Game, register_game, role_dealer
from .rules import *  # noqa: F403  (the rules' public names)
from .rules import Marolles78Deal, MarollesDeal, MarollesMortDeal

GAME = register_game(Game(
    name="marolles", title="Marolles 1637 and its 78-card base game",
    deals=(MarollesDeal, Marolles78Deal, MarollesMortDeal),
    rule_bot="tarot.variants.marolles.bot:MarollesRuleBot",
    sampler="tarot.variants.marolles.sampler:SAMPLER",
    explainer="tarot.variants.marolles.explain:EXPLAINER",
    # the dealer holds 24 cards and discards 4; the others 22 and 1
    roles=role_dealer,
))
