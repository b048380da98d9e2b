"""What a game is, declared in one place (DESIGN.md: "a game declares itself in one place").

Each game family's package under ``tarot/variants/`` makes one ``Game`` and registers it: its
deal classes (one per variant name, with their options), and the names of its rule bot, its
hidden-card sampler and its explanations, its roles for tournaments and the fields of its
summary. What the search bots ask of a deal (plain cards, trick power, allies, transposition
keys, revokes) the deal class declares itself, with defaults in ``Deal`` (docs/adding-a-game.md). Services find all of these through ``game_of(variant)``, never through a table of
variant names of their own, so that adding a game is writing one package and its tests.

The parts that live above the rules (the rule bot, the sampler) are named as ``"module:attr"``
and imported on first use, so that a game's declaration imports only its rules and the core;
a game defined outside the package (a test's toy game) may give the objects themselves.

>>> game = game_of("fft-4p")
>>> game.name, game.variants
('french', ['fft-4p', 'fft-3p', 'fft-5p'])
>>> game.summary_fields
('contract', 'taker', 'points', 'bouts', 'partner')
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .cards import Seat
from .deal import VARIANTS, Deal, register, variant_class
from .errors import TarotError


def role_by_position(deal: Deal, seat: Seat) -> str:
    """The generic role of ``seat``: its position from the dealer in the order of play
    (``dealer``, then ``dealer+1`` for the next to play, who leads the first trick...)."""
    k = (seat - deal.dealer) * deal.seat_step(deal.options) % deal.players
    return "dealer" if k == 0 else f"dealer+{k}"


def role_dealer(deal: Deal, seat: Seat) -> str:
    """``dealer`` or ``not dealer``: for games where only the dealer's seat differs
    (Marolles: the dealer holds 24 cards and discards 4; French Tarot for two: the other
    player leads first)."""
    return "dealer" if seat == deal.dealer else "not dealer"


@dataclass(frozen=True, eq=False)
class Game:
    """A game family: its variants and everything the services need to know of it.

    ``rule_bot``, ``sampler`` and ``explainer`` are each ``"module:attr"`` (imported on first
    use by ``load``) or the object itself, or None where the game has none:

    - ``rule_bot``: a class (or factory) ``rule_bot(seed=None)`` of a bot (``act(view)``)
      that plays every variant of the game by its rules;
    - ``sampler``: what the search bots need to sample the hidden cards of a view
      (``tarot.bots.sampling.Sampler``): an object with ``constrain(cons)``, which fills a
      ``tarot.bots.sampling.Constraints`` from ``cons.view`` (the cards the seat has not seen,
      the slots they may go to, the cards a seat must hold), and ``world(cons, hands,
      discards, rng, aside)``, the deal a sample makes, replayed to the view's decision point
      (None where it does not show the seat its view). A game without one is played by its
      rule bot where a search bot sits;
    - ``explainer``: the game's explanations in plain text (``tarot.explain.Explainer``).
    """

    #: The family's name, a Python identifier (``marolles``, ``french``...).
    name: str
    #: The family's title for people.
    title: str
    #: One deal class per registered variant name, in the order they are listed.
    deals: tuple[type[Deal], ...]
    rule_bot: object = None
    sampler: object = None
    explainer: object = None
    #: The role of a seat in a finished deal, as tournaments report it (``role_by_position``,
    #: ``role_dealer``, or the game's own: French Tarot's taker, partner and defenders).
    roles: Callable[[Deal, Seat], str] = role_by_position
    #: The keys of ``Deal.summary()`` (``tarot simulate --json``), in order.
    summary_fields: tuple[str, ...] = ()
    #: A game to a target over successive deals, where the family has one (``"module:attr"``
    #: of a class made as ``cls(options, dealer=0, seed=s)`` whose ``play(play_deal)`` deals
    #: until the end and returns a result with ``winners``, ``totals``, ``hands`` and ``how``:
    #: Early French Tarot's game to 50), else None. ``tarot study`` measures its end rules.
    match: object = None
    #: The strongest search bot measured in this game, which ``search-hard`` plays (None: the
    #: default of every game, ``pimc-md``; docs/strength.md).
    strongest_bot: str | None = None
    #: The game's bot for the decisions before the play made by evaluation (``"module:attr"``
    #: of a class ``cls(seed=None, worlds=...)`` with ``handles(view)`` and ``act(view)``: French
    #: Tarot's bid, call, écart and announcements), which ``pimc-bid`` and ``rule-bid`` use;
    #: None: those bots leave them to their card-play bot (docs/bots.md).
    preplay_bot: object = None
    _loaded: dict[str, Any] = field(default_factory=dict, repr=False)

    def load(self, part: str) -> Any:
        """The object named by the declaration's ``part`` (``rule_bot``, ``sampler``,
        ``explainer``, ``match``, ``preplay_bot``), imported on first use; None where the game
        has none."""
        found = self._loaded.get(part)
        if found is None:
            ref = getattr(self, part)
            if isinstance(ref, str):
                module, _, attr = ref.partition(":")
                found = getattr(importlib.import_module(module), attr)
            else:
                found = ref
            self._loaded[part] = found
        return found

    @property
    def variants(self) -> list[str]:
        """The names of the game's variants."""
        return [cls.variant for cls in self.deals]


#: Every registered game, by its family name.
GAMES: dict[str, Game] = {}
_BY_VARIANT: dict[str, Game] = {}


def register_game(game: Game) -> Game:
    """Make ``game`` and each of its variants available by name (a name already taken by
    another game is refused)."""
    for cls in game.deals:
        owner = _BY_VARIANT.get(cls.variant)
        if owner is not None and owner is not game:
            raise TarotError(f"the variant name {cls.variant!r} is taken by the game {owner.name!r}")
    if game.name in GAMES and GAMES[game.name] is not game:
        raise TarotError(f"a game named {game.name!r} is already registered")
    GAMES[game.name] = game
    for cls in game.deals:
        register(cls)
        _BY_VARIANT[cls.variant] = game
    return game


def unregister_game(game: Game) -> None:
    """Take ``game`` and its variants out of the registry (a test's toy game, when it is done)."""
    GAMES.pop(game.name, None)
    for cls in game.deals:
        if _BY_VARIANT.get(cls.variant) is game:
            del _BY_VARIANT[cls.variant]
            VARIANTS.pop(cls.variant, None)


def game_of(variant: object) -> Game:
    """The game a variant (its name, or a deal of it) belongs to; ``UnknownVariantError``
    names the known variants."""
    name = variant.variant if isinstance(variant, Deal) else variant
    game = _BY_VARIANT.get(name) if isinstance(name, str) else None
    if game is None:
        variant_class(name)  # raises, naming the known variants
        raise TarotError(f"the variant {name!r} was registered without its game")
    return game
