"""Marolles 1637 and its relatives (docs/rules §1-2): the game declared, its rules in ``rules``.

``marolles-1637`` (three players, 66 cards), ``marolles-78`` (the 78-card base game) and
``marolles-2p`` (two players and le Mort). The rule bot is ``bot.MarollesRuleBot``, the sampler
of the search bots ``sampler.SAMPLER``.

The flow of a deal (``phase``):

``redeal``/``grant``  only with ``bad_hand_redeal=N``: each player in turn may ask for a redeal
                      of a bad hand; it happens if both others grant it, at N marques to each.
``discard``           eldest (dealer's right), then the next, then the dealer discard 1, 1 and
                      4 cards, one action a card, in ascending card order.
``declare``/``show``  each player in turn makes any declarations (§1.5) and then ``done``;
                      where a declaration leaves a choice of cards (which 10 of 13 triomphes),
                      the ``show`` phase takes the shown cards one at a time, ascending.
``play``              20 tricks; Tarots, la Belle and the Ultimo paid as they fall (§1.6-1.8).
``over``              card points counted in packets of three and paid (§1.9).
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
    strongest_bot="pimc-md-bid",
    preplay_bot="tarot.variants.marolles.bot_preplay:MarollesPreplayBot",
    # the dealer holds 24 cards and discards 4; the others 22 and 1
    roles=role_dealer,
))
