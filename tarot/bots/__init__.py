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
from typing import Protocol

from ..core.deal import Deal, View
from ..core.errors import TarotError


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


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    BOTS[name] = factory


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (``random``, ``rule``...), seeded for reproducible play."""
    _load_all()
    try:
        factory = BOTS[name]
    except KeyError:
        raise TarotError(f"unknown bot {name!r}; known bots: {', '.join(sorted(BOTS))}") from None
    return factory(seed=seed)


def _load_all() -> None:
    from . import rule  # noqa: F401  (registers the rule-based bots)


def play_out(deal: Deal, bots: Sequence[Bot]) -> None:
    """Let ``bots[seat]`` make every decision of ``deal`` until it is over; each sees its view."""
    while not deal.is_over:
        seat = deal.to_play
        deal.push(bots[seat].act(deal.view(seat)))
