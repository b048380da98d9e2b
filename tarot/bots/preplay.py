"""Bots whose decisions before the play are made by evaluation (issue 39): the game's own
``preplay_bot`` (``tarot.core.game.Game``; French Tarot's bid, King call, écart, chelem and
poignées: ``tarot.variants.french.bot_bid``; Marolles's discards and the cards a declaration
shows: ``tarot.variants.marolles.bot_preplay``) decides those, another bot named by ``play``
the rest (the cards).

* ``rule-bid``: the rule bot's card play, the decisions before it by evaluation: those
  decisions measured alone.
* ``pimc-bid``: ``pimc-wide``'s card play (French Tarot's strongest), the same evaluation.
* ``pimc-md-bid``: ``pimc-md``'s card play (Marolles's strongest), the same evaluation.

In a game that declares no ``preplay_bot`` both play exactly as their card-play bot.

>>> import tarot
>>> from tarot.bots import make_bot, play_out
>>> deal = tarot.new_deal("fft-3p", seed=4)
>>> play_out(deal, [PreplayBot(seed=1, play="rule", worlds=4), make_bot("rule"), make_bot("rule")])
>>> sum(deal.result().scores)
0
"""

from __future__ import annotations

from typing import Any, cast

from ..core.deal import View
from ..core.errors import TarotError
from ..core.game import game_of
from . import make_bot, register_bot


class PreplayBot:
    """The decisions before the play by the game's ``preplay_bot`` (with ``worlds`` sampled
    deals a decision), the others by the bot ``play``."""

    name = "preplay"

    def __init__(self, seed: int | None = None, play: str = "pimc-wide", worlds: int = 32,
                 ecart_worlds: int | None = None) -> None:
        if worlds < 1:
            raise TarotError(f"worlds must be at least 1, not {worlds!r}")
        self.seed = seed
        self.worlds = worlds
        self.ecart_worlds = ecart_worlds
        self.play = play
        self.player = make_bot(play, seed=seed)
        self._deciders: dict[str, Any] = {}

    def decider(self, variant: str) -> Any:
        """The game's bot for the decisions before the play, made once a variant (None: the game
        has none)."""
        if variant not in self._deciders:
            factory = game_of(variant).load("preplay_bot")
            self._deciders[variant] = None if factory is None else factory(
                seed=self.seed, worlds=self.worlds, ecart_worlds=self.ecart_worlds, play=self.play)
        return self._deciders[variant]

    def act(self, view: View) -> int:
        decider = self.decider(view.variant)
        if decider is not None and decider.handles(view):
            return cast(int, decider.act(view))
        return cast(int, self.player.act(view))


class PreplayDecider:
    """What every game's ``preplay_bot`` shares: the phases it decides (``phases``), and the
    legal actions of a view it is asked to decide. A game's ``preplay_bot`` is made with
    ``seed``, ``worlds``, ``ecart_worlds`` and ``play``, the name of the bot that plays the
    cards (what its proxy may be calibrated to)."""

    phases: tuple[str, ...] = ()

    @classmethod
    def handles(cls, view: View) -> bool:
        """Whether ``view`` is a decision this bot evaluates."""
        return view.phase in cls.phases

    def decision(self, view: View) -> list[int]:
        """The legal actions of ``view``; a ``TarotError`` naming the phase if this bot does
        not decide it or the seat has nothing to decide."""
        legal = list(view.legal_actions)
        if not legal:
            raise TarotError(f"seat {view.seat} has nothing to decide in the {view.phase} phase")
        if view.phase not in self.phases:
            raise TarotError(f"the {view.phase} phase is not decided before the play")
        return legal


def _factory(name: str, **params: Any):
    def make(seed: int | None = None) -> PreplayBot:
        bot = PreplayBot(seed=seed, **params)
        bot.name = name
        return bot
    return make


#: The settings measured in docs/strength.md ("Bidding by evaluation").
BOT_SETTINGS: dict[str, dict[str, Any]] = {
    "rule-bid": {"play": "rule", "worlds": 32},
    "pimc-bid": {"play": "pimc-wide", "worlds": 64},
    "pimc-md-bid": {"play": "pimc-md", "worlds": 32},
}
for _name, _params in BOT_SETTINGS.items():
    register_bot(_name, _factory(_name, **_params))

__all__ = ["BOT_SETTINGS", "PreplayBot", "PreplayDecider"]
