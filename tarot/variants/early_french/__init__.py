"""Early French Tarot as Dummett reconstructed it (docs/rules §3): the game declared, its rules
in ``rules``, its rule bot in ``bot``, its sampler (for the search bots) in ``sampler``."""

from ...core.game import Game, register_game
from .rules import *  # noqa: F403  (the rules' public names)
from .rules import EarlyFrenchDeal

GAME = register_game(Game(
    name="early_french", title="Early French Tarot (du Coeur after Dummett)",
    deals=(EarlyFrenchDeal,),
    rule_bot="tarot.variants.early_french.bot:EarlyFrenchRuleBot",
    sampler="tarot.variants.early_french.sampler:SAMPLER",
    explainer="tarot.variants.early_french.explain:EXPLAINER",
    match="tarot.variants.early_french.rules:EarlyFrenchGame",
    summary_fields=("cards_won", "fool"),
))
