"""The project's games in the APIs researchers use (docs/research.md): a fixed-size observation
of a seat's view (``encode``), PettingZoo (``pettingzoo_env``), Gymnasium (``gymnasium_env``).

Each needs the extra ``rl`` (``pip install 'tarot-games[rl]'``: NumPy, PettingZoo, Gymnasium);
nothing here is imported by ``import tarot``, and this package itself needs only the core.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.actions import action_token
from ..core.cards import format_cards
from ..core.deal import Deal, new_deal, variant_class
from ..core.errors import TarotError


def deal_to_decide(variant: str, options: Mapping[str, Any], rng: random.Random,
                   given: Mapping[str, Any] | None = None) -> Deal:
    """A new deal of ``variant`` from ``rng`` (or ``given``'s ``dealer`` and ``deck``) that asks
    for a decision: a deal over at once (French Tarot's petit sec, annulled: docs/rules §4) is
    dealt again, as at the table; a ``deck`` that deals one is refused."""
    given = given or {}
    players = variant_class(variant).players_for(options)
    while True:
        dealer = given.get("dealer", rng.randrange(players))
        deal = new_deal(variant, options, rng=rng, dealer=dealer, deck=given.get("deck"))
        if not deal.is_over:
            return deal
        if given.get("deck") is not None:
            why = deal.result().info.get("annulled", "over")
            raise TarotError(f"this deck's deal ends before any decision ({why}): deal another")


def deal_text(deal: Deal | None) -> str:
    """The deal in a few lines for ``render()``: phase, seat to play, the trick on the table, the
    last action, the scores once it is over."""
    if deal is None:
        return "no deal yet: reset() first"
    trick = format_cards(deal.trick, deal.notation) if deal.trick else "-"
    lines = [f"{deal.variant}  phase {deal.phase}  to play {deal.to_play}  trick {trick}"]
    if deal.history:
        lines.append(f"last action {action_token(deal.history[-1], deal.notation)}")
    if deal.is_over:
        lines.append(f"scores {list(deal.result().scores)}")
    return "\n".join(lines)
