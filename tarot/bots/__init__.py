"""Computer players. A bot sees only a seat's ``View`` and returns one legal action id.

>>> import tarot
>>> from tarot.bots import make_bot, play_out
>>> deal = tarot.new_deal("marolles-1637", seed=3)
>>> play_out(deal, [make_bot("random", seed=s) for s in range(3)])
>>> deal.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, cast

from ..core.cards import CardSet
from ..core.deal import Deal, View
from ..core.errors import TarotError, excerpt
from ..core.game import game_of
from .rollout import rollout as _rollout


class Bot(Protocol):
    name: str

    def act(self, view: View) -> int:
        """Choose one of ``view.legal_actions``."""
        ...


class RandomBot:
    """Plays a uniformly random legal action: the floor every other bot must clear."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> int:
        return self.rng.choice(view.legal_actions)


def rule_bot_class(variant: str) -> Callable[..., Bot]:
    """The rule-based bot of ``variant``, as its game declares it (``tarot.core.game``)."""
    factory = game_of(variant).load("rule_bot")
    if factory is None:
        raise TarotError(f"no rule-based bot for {variant!r}")
    return cast("Callable[..., Bot]", factory)


class RuleBot:
    """The rule-based player of whichever variant it is asked to play (``rule``): each
    game declares its own (``rule_bot_class``), made on the first view of that variant."""

    name = "rule"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._bots: dict[str, Bot] = {}

    def for_variant(self, variant: str) -> Bot:
        bot = self._bots.get(variant)
        if bot is None:
            bot = self._bots[variant] = rule_bot_class(variant)(seed=self.seed)
        return bot

    def act(self, view: View) -> int:
        return self.for_variant(view.variant).act(view)

    def discards_from(self, view: View, cards: CardSet) -> CardSet | None:
        """The discards the variant's rule bot makes from ``cards`` (all those dealt to a
        seat), or None where it has no such rule (the sampler's model of hidden discards)."""
        bot = self.for_variant(view.variant)
        return bot.discards_from(view, cards) if hasattr(bot, "discards_from") else None

    def bids_explained(self, view: View, dealt: list[CardSet]) -> bool:
        """Whether the variant's rule bot would have bid as the other seats did with the hands
        ``dealt`` (True where it has no such rule): the sampler's model of the bidding."""
        bot = self.for_variant(view.variant)
        return bool(bot.bids_explained(view, dealt)) if hasattr(bot, "bids_explained") else True


#: Every bot by name: the levels offered to players (``LEVELS``) and the research settings that
#: docs/strength.md measures (``pimc-md``, ``ismcts``...), which play by name but are offered nowhere.
BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "rule": RuleBot}

#: The bots offered to players, weakest first, each with what it does in one line (``tarot
#: bots``); ``play``, ``simulate`` and ``tournament`` take these names, and a message lists these.
LEVELS: dict[str, str] = {
    "random": "plays any legal card, at random",
    "rule": "plays by each game's rules of thumb, at once (the default)",
}


def register_bot(name: str, factory: Callable[..., Bot], description: str | None = None) -> None:
    """Make ``factory`` a bot called ``name``; with a ``description``, a level offered to
    players (``LEVELS``), else a research setting, playable by name only."""
    BOTS[name] = factory
    if description is not None:
        LEVELS[name] = description


def bot_levels() -> dict[str, str]:
    """The bots offered to players, weakest first, with what each does."""
    _load_all()
    return dict(LEVELS)


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (``random``, ``rule``, ``search-hard``... or a research setting of
    ``BOTS``), seeded for reproducible play.

    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    tarot.core.errors.TarotError: unknown bot 'genius'; the bots are random, rule, search-easy, search-medium, search-hard
    """
    _load_all()
    try:
        factory = BOTS[name]
    except KeyError:
        raise TarotError(f"unknown bot {excerpt(name)}; the bots are {', '.join(LEVELS)}") from None
    return factory(seed=seed)


def _load_all() -> None:
    """Import the modules that register further bots by name (search bots...)."""
    from . import preplay, search  # noqa: F401


def play_out(deal: Deal, bots: Sequence[Bot]) -> None:
    """Let ``bots[seat]`` make every decision of ``deal`` until it is over; each sees its view
    (``rollout.rollout``). A ``RuleBot`` plays as the variant's own rule bot, asked directly."""
    variant = deal.variant
    _rollout(deal, [b.for_variant(variant) if type(b) is RuleBot else b for b in bots])
