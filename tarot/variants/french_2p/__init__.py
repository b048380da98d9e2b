"""French Tarot for two players, with hands and table piles (docs/rules §4.5): the game declared,
its rules in ``rules``, its rule bot in ``bot``, its sampler (for the search bots)
in ``sampler``."""

from ...core.game import Game, register_game, role_dealer
from .rules import *  # noqa: F403  (the rules' public names)
from .rules import French2pDeal

GAME = register_game(Game(
    name="french_2p", title="French Tarot for two players",
    deals=(French2pDeal,),
    rule_bot="tarot.variants.french_2p.bot:French2pRuleBot",
    sampler="tarot.variants.french_2p.sampler:SAMPLER",
    # no bidding: the dealer's opponent leads the first trick
    roles=role_dealer,
    explainer="tarot.variants.french_2p.explain:EXPLAINER",
    summary_fields=("contract", "taker", "points", "targets", "bouts", "winner"),
))
