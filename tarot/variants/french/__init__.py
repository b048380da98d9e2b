"""Modern French Tarot for three, four and five players (FFT rules, docs/rules §4): the game
declared, its rules in ``rules``, its rule bot in ``bot``, its sampler (for the search bots)
in ``sampler``."""

from ...core.cards import Seat
from ...core.deal import Deal
from ...core.game import Game, register_game
from .rules import *  # noqa: F403  (the rules' public names)
from .rules import FrenchDeal3, FrenchDeal4, FrenchDeal5


def role_taker(deal: Deal, seat: Seat) -> str:
    """``taker``, ``partner`` (five players), ``defender``, or ``no taker`` when every player
    passed (from ``summary()``, else ``result().info``)."""
    facts = dict(deal.result().info)
    facts.update(deal.summary())
    taker = facts.get("taker")
    if taker is None:
        return "no taker"
    if seat == taker:
        return "taker"
    partner = facts.get("partner")
    if partner is not None and seat == partner:
        return "partner"
    return "defender"


GAME = register_game(Game(
    name="french", title="French Tarot (FFT rules), three to five players",
    deals=(FrenchDeal4, FrenchDeal3, FrenchDeal5),
    rule_bot="tarot.variants.french.bot:FrenchRuleBot",
    sampler="tarot.variants.french.sampler:SAMPLER",
    roles=role_taker,
    explainer="tarot.variants.french.explain:EXPLAINER",
    summary_fields=("contract", "taker", "points", "bouts", "partner"),
))
