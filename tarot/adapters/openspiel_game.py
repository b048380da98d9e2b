"""Every variant of the project as an OpenSpiel game (``pyspiel.register_game``), in Python.

A thin adapter over the project's deal (DESIGN.md, core step 3), shaped like OpenSpiel's own
Python games (``open_spiel/python/games/kuhn_poker.py``): each variant declares its
``pyspiel.GameType`` up front and is registered as ``python_tarot_<variant>`` (``fft-4p`` is
``python_tarot_fft_4p``), its rule options as game parameters, with ``dealer`` (the seat that
deals, 0 by default)::

    import pyspiel, tarot.adapters.openspiel_game  # registers the games
    game = pyspiel.load_game("python_tarot_fft_5p(five_player_self_call=false)")

**Chance is the shuffle.** A deal of the project is fixed by its deck order (DESIGN.md, core
step 1), so the game opens with one chance node per card of the variant's pack: the ``k``-th
chooses, uniformly among the cards not yet placed, the card at position ``k`` of the deck (the
outcome is the card's id, 0..77). After the last card the deal is made from that deck, exactly
as ``new_deal(variant, options, deck=..., dealer=...)`` makes it, and the players' decisions
follow: the project's flat action space (``tarot.core.actions``), one meaning per id, checked by
the deal itself (an illegal action raises the deal's ``IllegalActionError``, which names the
rule, and changes nothing). A single chance node over all shuffles is not possible (78! outcomes);
dealing card by card is the shuffle itself, every order equally likely.

**Information.** Each player's information state is the seat's ``View``, nothing more: the
tensor is the project's encoding of it (``tarot.adapters.encode.Encoder``: docs/research.md),
the string a rendering of its fields. A seat's own past decisions are in its view (its bids,
discards, declarations, cards played), the order of its own discards aside. States are cloned
by the deal's own ``copy()`` (``_Table.__deepcopy__``); ``resample_from_infostate`` deals the
hidden cards again with the game's sampler (``tarot.bots.sampling``) for OpenSpiel's ISMCTS.

**Utilities** are the deal's scores in the game's unit (marques or points), at the end only
(``RewardModel.TERMINAL``). The bounds declared (``min_utility``, ``max_utility``) and the
longest game (``max_game_length``: the decisions and the chance nodes, which Shimmy's wrapper
counts too; ``max_chance_nodes_in_history``: the pack) are derived per game family in
``_bounds`` from the rules' own tables: sound, not tight.

**Parameters** take the type of the option's default: ``players=6`` (a number),
``five_player_self_call=false`` (a bool), ``petit_rule=none`` (a word). An option whose default
is a word but which also takes numbers (``score_rounding``: none, 5, 10; ``bad_hand_redeal``: off,
1..20) is a string: give it in the parameters' dict, ``load_game(name, {"score_rounding": "10"})``.

Needs the extra ``openspiel`` (``pip install 'tarot-games[openspiel]'``: ``open_spiel``, NumPy).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # open_spiel ships no type hints

from ..core.actions import NAMED_ACTIONS, NUM_ACTIONS, action_token
from ..core.cards import NUM_CARDS, TAROTS, cards_of, format_card
from ..core.deal import VARIANTS, Deal, View
from ..core.errors import IllegalActionError
from ..core.game import game_of
from ..core.options import Options
from .encode import Encoder

#: The prefix of every game's short name: OpenSpiel's Python games are ``python_...``.
PREFIX = "python_tarot_"


def game_name(variant: str) -> str:
    """The OpenSpiel short name of a variant.

    >>> game_name("fft-4p"), game_name("marolles-1637")
    ('python_tarot_fft_4p', 'python_tarot_marolles_1637')
    """
    return PREFIX + variant.replace("-", "_")


def _param_default(value: str) -> Any:
    """An option's default as a game parameter: an int for a number, a bool for true/false,
    else the word (OpenSpiel types a parameter by its default)."""
    if value.isdigit():
        return int(value)
    if value in ("true", "false"):
        return value == "true"
    return value


def parameters(cls: type[Deal]) -> dict[str, Any]:
    """The game parameters of a variant: ``dealer``, then each rule option with its default."""
    return {"dealer": 0, **{o.key: _param_default(o.default) for o in cls.OPTIONS}}


# ----- bounds -------------------------------------------------------------------------------
def _bounds(cls: type[Deal], options: Options, players: int) -> tuple[int, int, int]:
    """(lowest score, highest score, most decisions) of a deal of ``cls`` with ``options``:
    bounds no deal goes beyond, from the rules' own tables (sound, not tight)."""
    family = game_of(cls.variant).name
    pack = cls.PACK.bit_count()
    named = len(NAMED_ACTIONS)
    if family == "french":
        # per defender T (docs/rules §4.2): (25 + at most 56 over or under the target) times
        # the garde contre's 6, the petit au bout 10 times 6, every player's poignée (40 at
        # most), a chelem (400 at most) and the rounding (5 at most); the taker (or a lone
        # taker of five) receives or pays it from each other seat
        t = (25 + 56) * 6 + 10 * 6 + 40 * players + 400 + 5
        bound = (players - 1) * t
        # bids, a call, the écart, the chelem, each player's poignée and its trumps shown
        # (22 at most), then every card of the pack played at most once
        length = players + 1 + 6 + 1 + players * 23 + pack
        return -bound, bound, length
    if family == "french_2p":
        # the winner's 25 + his points over his target (91 at most) and the petit au bout 10
        bound = 25 + 91 + 10
        low = 0 if options.get("two_player_scoring") == "winner_only" else -bound
        return low, bound, pack + 2 * 23
    if family == "early_french":
        # (cards won - the baseline) + the scoring cards won (docs/rules §3.3): from nothing
        # won to the whole pack (a consolation card given is one of the pack's)
        from ..variants.early_french.rules import scoring_points
        base = int(options["card_count_baseline"])
        high = pack - base + scoring_points(cls.PACK, str(options["scoring_table"]))
        return -base, high, pack + 2 * players + 8
    if family == "marolles":
        return _marolles_bounds(cls, options, players, pack, named)
    raise NotImplementedError(f"no OpenSpiel bounds for the game {family!r}")


def _marolles_bounds(cls: type[Deal], options: Options, players: int, pack: int,
                     named: int) -> tuple[int, int, int]:
    """Marolles (docs/rules §1.5-1.10): the marques that can pass between a seat and one
    other, each source at its most, times the other seats."""
    from ..variants.marolles.declarations import DECLARATIONS
    from ..variants.marolles.settlement import PAYING_CARDS
    best: dict[int, int] = {}
    for group, value in DECLARATIONS.values():
        best[group] = max(best.get(group, 0), value)
    redeal = 0 if options["bad_hand_redeal"] == "off" else int(options["bad_hand_redeal"])
    fool = int(options["fool_not_excused_penalty"])
    per_other = (1 + redeal + 1          # the cut card, a redeal asked, a wrong discard count
                 + 2 * 8                 # 2 M per discarded card the rules forbid
                 + sum(best.values())    # one declaration of each group at its highest
                 + 7 * (PAYING_CARDS | TAROTS).bit_count()  # a Tarot or la Belle, 6 + 1 at most
                 + 2 * fool              # the Fool not excused, played last or left over
                 + 78 // 5 + 1)          # card points against par, 1 M per five
    tricks = cls.TRICKS or pack // players
    plays = pack
    revokes = options["revoke_handling"] != "engine_prevents"
    if revokes:
        # an acknowledged revoke takes back at most three tricks, once per seat per trick
        plays += tricks * players * (1 + 3 * (players + 1))
        # each revoke costs 1 M to each other seat, and receipts since are given back
        per_other = 2 * per_other + plays
    bound = (players - 1) * per_other
    # the redeal and its answers, the discards, each declaration with its cards shown one at
    # a time (a hand at most), every card played (and played again after a revoke taken back)
    length = 2 * players + 9 + players * named * (pack // players + 6) + plays
    return -bound, bound, length


# ----- the game -----------------------------------------------------------------------------
def game_type(cls: type[Deal]) -> pyspiel.GameType:
    """The OpenSpiel declaration of a variant: sequential, chance dealing the cards, imperfect
    information, scores at the end; zero-sum where every score is paid by another seat."""
    counts = cls.player_counts()
    zero_sum = game_of(cls.variant).name not in ("early_french", "french_2p")
    return pyspiel.GameType(
        short_name=game_name(cls.variant),
        long_name=f"Tarot: {cls.title or cls.variant}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(cls),
    )


class TarotGame(pyspiel.Game):
    """One variant of the project with its options (``deal_class`` is set per variant by
    ``register``)."""

    deal_class: type[Deal]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        cls = self.deal_class
        values = {**parameters(cls), **(params or {})}
        self.options = cls.make_options({o.key: values[o.key] for o in cls.OPTIONS})
        self.players = cls.players_for(self.options)
        self.dealer = int(values["dealer"])
        if not 0 <= self.dealer < self.players:
            raise IllegalActionError(f"dealer must be a seat 0..{self.players - 1}, not {self.dealer}")
        cls(self.options, seed=0)  # combinations of options the variant refuses are refused here
        self.pack = tuple(cards_of(cls.PACK))
        self.encoder = Encoder(cls.variant, self.options)
        low, high, length = _bounds(cls, self.options, self.players)
        zero_sum = game_type(cls).utility == pyspiel.GameType.Utility.ZERO_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_CARDS,
            num_players=self.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=0.0 if zero_sum else None,
            # the decisions, and the chance nodes too: Shimmy's wrapper counts both
            max_game_length=length + len(self.pack),
        )
        super().__init__(game_type(cls), info, dict(values))

    def max_chance_nodes_in_history(self) -> int:
        """One chance node per card of the pack: the shuffle."""
        return len(self.pack)

    def new_initial_state(self) -> TarotState:
        """A deal before the shuffle: the first chance node."""
        return TarotState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TarotObserver:
        """The observer of a seat's view (the same for the information state and the
        observation: a view is everything a seat knows)."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return TarotObserver(self.encoder)


class _Table:
    """What a state holds: the cards placed by chance so far and those left (tuples, never
    changed: shared by copies) and, once they are all placed, the deal. Copied by the deal's
    own ``copy()``: OpenSpiel clones a Python state by deep-copying each attribute, and a
    search clones at every simulation."""

    __slots__ = ("deck", "left", "deal")

    def __init__(self, deck: tuple[int, ...], left: tuple[int, ...], deal: Deal | None) -> None:
        self.deck = deck
        self.left = left
        self.deal = deal

    def __deepcopy__(self, memo: dict) -> _Table:
        deal = self.deal
        return _Table(self.deck, self.left, None if deal is None else deal.copy())


class TarotState(pyspiel.State):
    """A deal being shuffled (chance nodes), then played."""

    def __init__(self, game: TarotGame) -> None:
        super().__init__(game)
        self._t = _Table((), game.pack, None)

    @property
    def deal(self) -> Deal | None:
        """The project's deal, once every card is placed (None while shuffling)."""
        return self._t.deal

    def current_player(self) -> int:
        deal = self._t.deal
        if deal is None:
            return pyspiel.PlayerId.CHANCE
        if deal.to_play is None:
            return pyspiel.PlayerId.TERMINAL
        return deal.to_play

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._t.deal
        assert deal is not None and player == deal.to_play
        return deal.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The card at the next position of the deck: any card not yet placed, alike."""
        left = self._t.left
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        t = self._t
        if t.deal is not None:
            t.deal.push(action)  # IllegalActionError names the rule; the deal is unchanged
            return
        if action not in t.left:
            raise IllegalActionError(f"{action} is not a card left to deal: "
                                     f"{len(t.left)} cards are left")
        t.left = tuple([c for c in t.left if c != action])
        t.deck += (action,)
        if not t.left:
            game = self.get_game()
            t.deal = game.deal_class(game.options, deck=t.deck, dealer=game.dealer)

    def _action_to_string(self, player: int, action: int) -> str:
        notation = self.get_game().deal_class.notation
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {format_card(action, notation)}"
        return action_token(action, notation)

    def is_terminal(self) -> bool:
        deal = self._t.deal
        return deal is not None and deal.is_over

    def returns(self) -> list[float]:
        deal = self._t.deal
        if deal is None or not deal.is_over:
            return [0.0] * self.get_game().players
        return [float(s) for s in deal.result().scores]

    def view(self, player: int) -> View | None:
        """What ``player`` may know (None while shuffling: nothing yet)."""
        deal = self._t.deal
        return None if deal is None else deal.view(player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TarotState:
        """A state ``player_id`` cannot tell from this one: the hidden cards dealt again,
        consistent with everything the seat's view tells (OpenSpiel's ISMCTS asks for it)."""
        deal, game = self._t.deal, self.get_game()
        state = game.new_initial_state()
        if deal is None:
            return state  # nothing dealt yet: every state looks alike
        view = deal.view(player_id)
        draw = probability_sampler() if callable(probability_sampler) else random.random()
        world = resample(deal, view, random.Random(int(float(draw) * 2 ** 53)))
        for c in world.deck:
            state.apply_action(c)
        for a in world.history:
            state.apply_action(a)
        return state

    def __str__(self) -> str:
        deal = self._t.deal
        notation = self.get_game().deal_class.notation
        if deal is None:
            return f"shuffling: {len(self._t.deck)} cards placed"
        hands = " / ".join(" ".join(format_card(c, notation) for c in cards_of(h)) for h in deal.hands)
        played = " ".join(deal.action_token(a) for a in deal.history)
        return f"dealer {deal.dealer}, phase {deal.phase}; hands {hands}; actions {played}"


def resample(deal: Deal, view: View, rng: random.Random, tries: int = 500) -> Deal:
    """A deal that shows ``view`` exactly (``tarot.bots.sampling.checked``), its hidden cards
    dealt again: by the game's sampler where it samples the view's phase (the one the search
    bots use, which reads the play: voids, declarations, the écart), else the cards the seat has
    not seen shuffled among the places of the deck that hold them, drawn again until the deal
    replayed shows the same view (French Tarot's bidding, where nothing narrows the hands).
    Which places of the deck hold the unseen cards, and which cards they are, the view tells
    (the deal's pattern and the seat's own cards); the draw does not depend on where they lie."""
    from ..bots.sampling import SamplingError, checked, sample_world
    try:
        return sample_world(view, rng)
    except SamplingError:
        pass
    known = view.known_cards()
    places = [i for i, c in enumerate(deal.deck) if not known >> c & 1]
    for _ in range(tries):
        deck = list(deal.deck)
        hidden = [deck[i] for i in places]
        rng.shuffle(hidden)
        for i, c in zip(places, hidden):
            deck[i] = c
        world = type(deal)(deal.options, deck=deck, dealer=deal.dealer)
        try:
            for a in deal.history:
                world.push(a)
        except IllegalActionError:
            continue
        if checked(world, view) is not None:
            return world
    raise SamplingError(f"no deal of {deal.variant} found that shows seat {view.seat} its view")


class TarotObserver:
    """A seat's view as OpenSpiel observes it (``make_py_observer``): ``tensor`` the project's
    encoding of the view, ``string_from`` its fields."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TarotState, player: int) -> None:
        view = state.view(player)
        if view is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.encoder.observation(view)

    def string_from(self, state: TarotState, player: int) -> str:
        view = state.view(player)
        if view is None:
            return f"seat {player}: the cards are being dealt"
        return view_string(view)


def view_string(v: View) -> str:
    """The fields of a view, as a string (a key: two views give one string only if equal)."""
    extra = tuple(sorted((k, repr(x)) for k, x in v.extra.items()))
    return repr((v.seat, v.phase, v.to_play, v.hand, v.discards, v.hand_sizes, v.cut_card,
                 tuple(v.shown), tuple(v.tricks), v.leader, tuple(v.trick), tuple(v.payments),
                 v.pending_show, v.pending_declaration, tuple(v.bids), v.contract, v.taker,
                 v.chien, v.called, v.partner, tuple(v.table), extra))


# ----- registration --------------------------------------------------------------------------
def register(cls: type[Deal]) -> type[TarotGame]:
    """Register ``cls`` (a variant's deal class) with OpenSpiel; returns its game class."""
    game_cls = type(f"TarotGame_{cls.variant.replace('-', '_')}", (TarotGame,), {"deal_class": cls})
    pyspiel.register_game(game_type(cls), game_cls)
    return game_cls


#: The game class of each variant, by OpenSpiel short name.
GAMES: dict[str, type[TarotGame]] = {}
for _cls in VARIANTS.values():
    if game_name(_cls.variant) not in pyspiel.registered_names():
        GAMES[game_name(_cls.variant)] = register(_cls)

