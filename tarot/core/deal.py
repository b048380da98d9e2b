"""The deal state machine shared by every variant, and the variant registry.

A deal is one mutable object (DESIGN.md, core step 3): ``legal_actions()`` (sorted ids),
``push(action)`` / ``pop()``, ``copy()``, ``phase``, ``to_play``, ``is_over``, ``result()`` and
``view(seat)``. Chance is only the deck order, fixed when the deal is made, so a deal is
replayed exactly from (variant, options, deck, dealer, actions).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, NoReturn

from .actions import NUM_ACTIONS, action_token, parse_action
from .cards import (
    ITALIAN, LOW_PART, NUM_CARDS, PART, Card, CardSet, Notation, Seat, cards_of, cards_of_parts,
    format_card, format_cards, mask, popcount, rank_of, shuffle,
)
from .errors import IllegalActionError, UnknownVariantError, excerpt
from .ledger import SOURCES, Ledger
from .options import Option, Options
from .tricks import PLAIN_POWER, TrickRules
from .seat_view import SeatView
from .view import View


class DealResult:
    """The outcome of a finished deal; every number is derived from the ledger and piles.

    ``scores`` (marques per seat), ``card_points`` (per seat), ``ledger`` (a copy of the deal's),
    ``by_source`` (net per seat for each source of payment) and ``info`` (extra facts a variant
    reports: forfeits, a granted redeal...). Read-only, compared by value. A plain class rather
    than a frozen dataclass: the compiled engine makes one at every settlement natively, where
    a dataclass's ``__init__`` runs as Python.
    """

    __slots__ = ("_scores", "_card_points", "_ledger", "_by_source", "_info")

    def __init__(self, scores: tuple[int, ...], card_points: tuple[int, ...], ledger: Ledger,
                 by_source: dict[str, list[int]], info: dict[str, Any] | None = None) -> None:
        self._scores = scores
        self._card_points = card_points
        self._ledger = ledger
        self._by_source = by_source
        self._info: dict[str, Any] = {} if info is None else info

    @property
    def scores(self) -> tuple[int, ...]:
        return self._scores

    @property
    def card_points(self) -> tuple[int, ...]:
        return self._card_points

    @property
    def ledger(self) -> Ledger:
        return self._ledger

    @property
    def by_source(self) -> dict[str, list[int]]:
        return self._by_source

    @property
    def info(self) -> dict[str, Any]:
        return self._info

    def _fields(self) -> tuple[Any, ...]:
        return (self._scores, self._card_points, self._ledger.entries, self._by_source, self._info)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealResult) and self._fields() == other._fields()

    def __repr__(self) -> str:
        return (f"DealResult(scores={self._scores!r}, card_points={self._card_points!r}, "
                f"ledger={self._ledger!r}, by_source={self._by_source!r}, info={self._info!r})")

    def __reduce__(self) -> tuple:
        return (DealResult, (self._scores, self._card_points, self._ledger, self._by_source, self._info))


VARIANTS: dict[str, type[Deal]] = {}
#: The cards of each pack (a variant's ``PACK``) in id order, the deck before it is shuffled.
_PACK_CARDS: dict[CardSet, tuple[Card, ...]] = {}
#: Each variant's default options, made once.
_DEFAULT_OPTIONS: dict[type[Deal], Options] = {}


def register(cls: type[Deal]) -> type[Deal]:
    """Class decorator: make a variant available by its name."""
    VARIANTS[cls.variant] = cls
    return cls


def variant_class(name: object) -> type[Deal]:
    """The class of a variant, by name; ``UnknownVariantError`` names the known ones."""
    cls = VARIANTS.get(name) if isinstance(name, str) else None
    if cls is None:
        known = ", ".join(sorted(VARIANTS))
        raise UnknownVariantError(f"unknown variant {excerpt(name)}; known variants: {known}")
    return cls


def new_deal(variant: object, options: Mapping[str, object] | None = None, *, seed: object = None,
             deck: Sequence[Card] | None = None, dealer: object = 0,
             rng: random.Random | None = None) -> Deal:
    """Start a deal of ``variant``: the deck is ``deck`` if given, else shuffled from ``seed``.
    (``variant`` and ``dealer`` are typed ``object``: the compiled engine checks them here as
    the pure one does, ``UnknownVariantError`` and ``seat_index``, not at its typed boundary.)

    >>> d = new_deal("marolles-1637", seed=1)
    >>> d.phase, d.to_play, len(d.legal_actions())
    ('discard', 1, 21)
    """
    return variant_class(variant)(options, seed=seed, deck=deck, dealer=dealer, rng=rng)


def _as_int(value: object) -> int | None:
    """The plain ``int`` an integer of another type stands for (an ``IntEnum``, a NumPy
    integer: anything with ``__index__`` but a bool), or None for anything else."""
    kind = type(value)
    if kind.__name__ not in ("bool", "bool_") and hasattr(kind, "__index__"):  # NumPy's bool too
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    return None


def seat_index(seat: object, players: int, what: str = "seat") -> int:
    """``seat`` as a seat number ``0..players - 1``, or ``IllegalActionError`` naming it and
    ``what`` it was given as: the check of every public method that takes a seat or a dealer,
    compiled or not (a bool is no seat; an integer of another type stands for its value, as an
    action does).

    >>> seat_index(2, 3)
    2
    >>> seat_index(True, 3, "view(seat)")
    Traceback (most recent call last):
    ...
    tarot.core.errors.IllegalActionError: view(seat) must be a seat 0..2, not True
    """
    if type(seat) is int and 0 <= seat < players:
        return seat
    s = _as_int(seat)
    if s is None or not 0 <= s < players:
        raise IllegalActionError(f"{what} must be a seat 0..{players - 1}, not {excerpt(seat)}")
    return s


def _action_id(action: object) -> int:
    """``action`` as a plain ``int`` (``_as_int``); anything else is refused."""
    a = _as_int(action)
    if a is None:
        raise IllegalActionError(f"{excerpt(action)} is not an action id (0..{NUM_ACTIONS - 1})")
    return a


class Deal:
    """Base class of a variant's deal. Subclasses implement the rules."""

    variant: ClassVar[str] = ""
    title: ClassVar[str] = ""
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    notation: ClassVar[Notation] = ITALIAN
    #: How the deal's tricks are played (``core.tricks``): the duty to follow and to trump, and
    #: the cards' power. Each variant sets it (per deal where its options change it).
    trick_rules: TrickRules
    #: All cards of the variant's pack, as a set.
    PACK: ClassVar[CardSet] = 0
    #: The number of seats of the variant's deals (where it is an option, the default;
    #: ``players_for`` gives it for a set of options, ``deal.players`` for a deal).
    PLAYERS: ClassVar[int] = 0
    #: The sources of payment this variant reports (``DealResult.by_source`` keys), in order.
    SOURCES: ClassVar[tuple[str, ...]] = SOURCES
    #: What scores count: ``marques`` (Marolles) or ``points``.
    SCORE_UNIT: ClassVar[str] = "marques"
    #: The expected losses, in ``SCORE_UNIT``, from which a decision is an inaccuracy, a
    #: mistake and a blunder in a review (``tarot review``; docs/review.md): about a tenth, a
    #: third and a whole of the score a deal moves for one seat.
    MISTAKE_SIZES: ClassVar[tuple[float, float, float]] = (0.5, 1.5, 4.0)
    #: The phase other seats see while the seat to play is in one of these: a decision that
    #: only some hands are offered (French Tarot: a poignée to a hand that holds one; a choice
    #: of cards to show to a hand that holds more than it shows) looks to them like the
    #: decision every hand has then.
    PUBLIC_PHASE: ClassVar[dict[str, str]] = {}
    #: The number of tricks of a deal (0: as many as the cards in the hands make, one card a
    #: seat a trick; ``tricks_left``).
    TRICKS: ClassVar[int] = 0
    #: Cards worth nothing but their place in the count and paid for nothing when played:
    #: two of them in one hand with no live card between them (in the order of
    #: ``trick_power``) are interchangeable, and the search bots try one (none by default).
    PLAIN_CARDS: ClassVar[CardSet] = 0
    #: Whether ``position_key`` names the positions at the start of a trick, so that the exact
    #: solver keeps a transposition table (Marolles, French Tarot).
    POSITION_KEYS: ClassVar[bool] = False

    def __init__(self, options: Mapping[str, object] | None = None, *, seed: object = None,
                 deck: Sequence[Card] | None = None, dealer: object = 0,
                 rng: random.Random | None = None, _blank: bool = False) -> None:
        raise NotImplementedError  # each variant deals its own way

    # Set by subclasses' __init__.
    options: Options
    #: The number of seats of this deal.
    players: int
    dealer: Seat
    deck: tuple[Card, ...]
    phase: str
    to_play: Seat | None
    history: list[int]
    # Every variant is played in tricks, and pays through a ledger.
    #: Each seat's hand, where a variant keeps it whole (``SplitHandsDeal`` keeps it in two parts).
    _hands: list[CardSet]
    trick: list[Card]
    tricks: list[tuple[Seat, tuple[Card, ...], Seat]]
    trick_no: int
    #: The seat that led (or leads) the trick in play.
    leader: Seat
    ledger: Ledger
    #: The declarations made so far, ``(seat, action, cards shown)`` each, in order (records
    #: read them; empty in a game without declarations).
    shown: list[tuple[Seat, int, CardSet]]

    @classmethod
    def make_options(cls, values: Mapping[str, object] | None = None) -> Options:
        if isinstance(values, Options) and values.variant == cls.variant:
            return values
        if not values:
            default = _DEFAULT_OPTIONS.get(cls)
            if default is None:
                default = _DEFAULT_OPTIONS[cls] = Options(cls.OPTIONS, cls.variant)
            return default
        return Options(cls.OPTIONS, cls.variant, values)

    @classmethod
    def players_for(cls, options: Mapping[str, object] | None = None) -> int:
        """The number of seats of a deal of this variant with ``options``.

        >>> variant_class("marolles-1637").players_for()
        3
        """
        if any(o.key == "players" for o in cls.OPTIONS):
            return int(cls.make_options(options)["players"])
        return cls.PLAYERS

    @classmethod
    def player_counts(cls) -> list[int]:
        """Every number of seats the variant can be played with.

        >>> variant_class("early-french").player_counts(), variant_class("fft-5p").player_counts()
        ([2, 3, 4, 5, 6], [5])
        """
        for o in cls.OPTIONS:
            if o.key == "players":
                lo, hi = o.int_range or (0, -1)
                return sorted({*(int(c) for c in o.choices if c.isdigit()), *range(lo, hi + 1)})
        return [cls.PLAYERS]

    @classmethod
    def seat_step(cls, options: Mapping[str, object] | None = None) -> int:
        """+1 when seat ``s + 1`` plays after seat ``s`` (the anticlockwise games), -1 when
        seat ``s - 1`` does (a clockwise option). The deal passes the same way."""
        return 1

    def trick_seat(self, leader: Seat, i: int) -> Seat | None:
        """The seat that played card ``i`` of a trick led by ``leader`` (None: a card no seat
        played, le Mort's in two-player Marolles)."""
        if i >= self.players:
            return None
        return (leader + i * self.seat_step(self.options)) % self.players

    @classmethod
    def shuffled_deck(cls, seed: object = None, rng: random.Random | None = None) -> list[Card]:
        if rng is not None and not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
        # ``seed`` is typed ``object`` all the way from ``new_deal``, so that the compiled
        # engine names a bad one here too, rather than at its own typed boundary
        s = None if seed is None else _as_int(seed)
        if seed is not None and s is None:
            raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
        pack = _PACK_CARDS.get(cls.PACK)
        if pack is None:
            pack = _PACK_CARDS[cls.PACK] = tuple(cards_of(cls.PACK))
        deck = list(pack)
        shuffle(deck, rng or random.Random(s))
        return deck

    @classmethod
    def check_deck(cls, deck: object) -> tuple[Card, ...]:
        """Validate a deck order: exactly the variant's pack, each card once (the ids read as
        objects, so that the compiled engine refuses a bool or a float as the pure one does)."""
        if isinstance(deck, (str, bytes)) or not hasattr(deck, "__iter__"):
            raise IllegalActionError(f"the deck must be a sequence of card ids, not {type(deck).__name__}")
        given: tuple[object, ...] = tuple(deck)  # type: ignore[call-overload]
        bad = [c for c in given if type(c) is not int or not 0 <= c < 78 or not cls.PACK >> c & 1]
        if bad:
            shown = ", ".join(format_card(c, cls.notation) if type(c) is int and 0 <= c < 78 else excerpt(c)
                              for c in bad[:5])
            raise IllegalActionError(f"the deck holds cards outside the {cls.variant} pack: {shown}")
        cards = tuple(c for c in given if type(c) is int)
        if len(set(cards)) != len(cards):
            dup = sorted({c for c in cards if cards.count(c) > 1})
            raise IllegalActionError(f"the deck holds a card twice: {format_cards(dup, cls.notation)}")
        missing = cls.PACK & ~mask(cards)
        if missing:
            raise IllegalActionError(f"the deck lacks {format_cards(missing, cls.notation)}")
        return cards

    # ----- the interface every variant implements -------------------------------------
    def _legal_actions(self) -> list[int]:
        raise NotImplementedError

    def _apply(self, action: int) -> None:
        raise NotImplementedError

    def _snapshot(self) -> Undo:
        raise NotImplementedError

    def _restore(self, snap: Undo) -> None:
        raise NotImplementedError

    def explain_illegal(self, action: int) -> str:
        """Why ``action`` is not legal now (called only when it is not)."""
        return f"{self.action_token(action)} is not legal in the {self.phase} phase"

    def result(self) -> DealResult:
        raise NotImplementedError

    def card_power(self, card: Card) -> int:
        """The rank of a suit card within its suit in this deal, higher beats lower: K Q C J
        10 .. 1 by default; variants where round suits run the other way override it."""
        return rank_of(card)

    @classmethod
    def trick_power(cls, options: Mapping[str, Any]) -> tuple[int, ...]:
        """The trick power of each card id in a deal with ``options`` (``tarot.core.tricks``):
        every suit K Q C J 10 .. 1 by default."""
        return PLAIN_POWER

    def summary(self) -> dict[str, Any]:
        """Facts of a finished deal worth a column in ``tarot simulate --json`` (JSON values):
        French Tarot gives ``contract``, ``taker``, ``points``, ``bouts``. None by default."""
        return {}

    def set_apart(self) -> list[tuple[Seat | None, str, list[tuple[Card, ...]]]]:
        """The cards dealt to no seat's hand, as (owner, name, piles), each pile in the order
        dealt (bottom card first): French Tarot's chien (no owner), each seat's table piles
        in French Tarot for two. Records and replays show them beside the hands. None by
        default."""
        return []

    def view(self, seat: object) -> View:
        """What ``seat`` may know (``seat_index`` refuses anything but a seat of the deal)."""
        return self._view(seat_index(seat, self.players, "view(seat)"))

    def _view(self, seat: Seat) -> View:
        raise NotImplementedError

    def seat_view(self, seat: Seat, legal: list[int] | None = None) -> SeatView:
        """The fields of ``view(seat)`` a rule bot reads, as a native object (``SeatView``):
        a game may build it without the view (Marolles does; the values are the same).
        ``legal``: the seat's legal actions, when the caller has just listed them
        (``legal_actions()``, as ``rollout`` does), not listed again."""
        return SeatView.of(self.view(seat))

    def _view_fields(self, seat: Seat, mine: bool) -> dict[str, Any]:
        """The fields of ``view(seat)`` that every variant fills alike (``mine``: the seat is
        to play, and sees its legal actions), and the defaults of a game without discards, cut
        card or declarations; each variant adds or overrides its own."""
        return {
            "discards": 0, "cut_card": None, "shown": (),
            "leader": self.leader if self.phase == "play" else None,
            "variant": self.variant, "options": self.options, "seat": seat,
            "players": self.players, "dealer": self.dealer,
            "phase": self.phase if mine else self.PUBLIC_PHASE.get(self.phase, self.phase),
            "to_play": self.to_play, "hand": self.hand(seat),
            "hand_sizes": self._hand_sizes(), "tricks": tuple(self.tricks),
            "trick": tuple(self.trick), "payments": tuple(self.ledger.entries),
            "legal_actions": tuple(self.legal_actions()) if mine else (),
            "notation": self.notation,
        }

    def copy(self) -> Deal:
        raise NotImplementedError

    # ----- what the search bots ask of a game (defaults: a plain trick game) ------------
    def allies(self, seat: Seat) -> frozenset[Seat]:
        """The seats whose score rises with ``seat``'s: itself alone by default (every player
        for himself); French Tarot's camps override it."""
        return frozenset((seat,))

    def tricks_left(self) -> int:
        """Tricks not yet finished, counting the one being played: ``TRICKS`` less those
        played, or where it is 0 as many as the cards in hand and on the table make."""
        if self.TRICKS:
            return self.TRICKS - self.trick_no
        return (sum(h.bit_count() for h in self.hands) + len(self.trick)) // self.players

    def live_cards(self, seat: Seat) -> CardSet:
        """The cards outside ``seat``'s hand that may still take part in a trick: the other
        hands and the trick on the table by default."""
        live = 0
        for s, h in enumerate(self.hands):
            if s != seat:
                live |= h
        for c in self.trick:
            live |= 1 << c
        return live

    def position_key(self) -> tuple | None:
        """A key of the position for the exact solver's transposition table: two positions
        with one key, played on alike, score the same from there on. None: no key (by
        default; see ``POSITION_KEYS``)."""
        return None

    @classmethod
    def revokes_allowed(cls, options: Mapping[str, Any]) -> bool:
        """Whether a card may be played against the duty to follow and to trump, paid for if it
        is seen (Marolles's ``revoke_handling``): not by default."""
        return False

    @classmethod
    def duty_cards(cls, hand: CardSet, trick: Sequence[Card]) -> CardSet:
        """The cards of ``hand`` that keep the duty to follow and to trump on ``trick``, as far
        as a view can tell, where revokes are allowed (``lawful_cards`` is the deal's own):
        the whole hand by default."""
        return hand

    def lawful_cards(self) -> CardSet:
        """The cards the seat to play may play without a revoke: every legal card by default."""
        return mask(a for a in self.legal_actions() if a < NUM_CARDS) if self.phase == "play" else 0

    def revoke_open(self) -> bool:
        """Whether a revoke has been played and is neither paid for nor owned up to yet: never
        by default."""
        return False

    @property
    def hands(self) -> list[CardSet]:
        """Each seat's hand, as a new list (changing it changes nothing in the deal)."""
        return self._all_hands()

    def hand(self, seat: object) -> CardSet:
        """The cards ``seat`` holds (``seat_index`` refuses anything but a seat of the deal)."""
        return self._hands[seat_index(seat, self.players, "hand(seat)")]

    def _all_hands(self) -> list[CardSet]:
        return self._hands.copy()

    def _hand_sizes(self) -> tuple[int, ...]:
        """The number of cards in each seat's hand (a view's ``hand_sizes``)."""
        return tuple([h.bit_count() for h in self._all_hands()])

    # ----- shared machinery -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def in_play(self) -> bool:
        """Whether the play of the cards has begun: the play phase, or a decision a player
        makes at his turn in a trick (a declaration at his first card, a poignée). A record's
        ``Trick`` line starts only then."""
        return self.phase == "play"

    def _seat(self) -> Seat:
        """``to_play`` where the rules need a seat: while the deal is on, never None."""
        p = self.to_play
        assert p is not None, "the deal is over"
        return p

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now (uses the list ``legal_actions()`` last computed for
        this position, if any)."""
        if self._legal_at == len(self.history):
            return action in self._legal_list
        return action in self.legal_actions()

    def legal_actions(self) -> list[int]:
        """The legal action ids, sorted. Computed once per position."""
        n = len(self.history)
        if self._legal_at == n:
            return self._legal_list.copy()
        out = self._legal_actions()
        self._legal_at, self._legal_list = n, out
        return out.copy()

    #: The history length of the position whose legal actions were last asked, and those
    #: actions (never changed in place: shared by copies); pop() forgets them.
    _legal_at: int = -1
    _legal_list: list[int] = []

    def push(self, action: object) -> None:
        """Apply ``action`` for ``to_play``; an illegal one raises and changes nothing
        (``action`` is typed ``object``: anything else than an action id is refused here; an
        integer of another type, an ``IntEnum`` or a NumPy integer, stands for its value).

        >>> d = new_deal("marolles-1637", seed=1)
        >>> d.push(3.0)
        Traceback (most recent call last):
        ...
        tarot.core.errors.IllegalActionError: 3.0 is not an action id (0..120)
        """
        a = action if type(action) is int else _action_id(action)
        if not self.is_legal(a):
            self._refuse(a)
        self._undo.append(self._snapshot())
        self.history.append(a)
        self._apply(a)

    def _refuse(self, action: int) -> NoReturn:
        """Raise the error that says why ``action`` (an int) cannot be pushed now."""
        if not 0 <= action < NUM_ACTIONS:
            raise IllegalActionError(f"{excerpt(action)} is not an action id (0..{NUM_ACTIONS - 1})")
        if self.phase == "over":
            raise IllegalActionError("the deal is over: no action is legal")
        raise IllegalActionError(self.explain_illegal(action))

    def pop(self) -> int:
        """Take back the last action and return it."""
        if not self.history:
            raise IllegalActionError("no action to take back")
        self._restore(self._undo.pop())
        self._legal_at = -1
        return self.history.pop()

    def action_token(self, action: object) -> str:
        return action_token(action, self.notation)

    def parse_action(self, token: object) -> int:
        return parse_action(token, self.notation)

    def push_token(self, token: object) -> int:
        """Parse ``token`` in this variant's notation and push it; returns the action id."""
        a = self.parse_action(token)
        self.push(a)
        return a

    _undo: list[Undo]

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.variant} dealer={self.dealer} phase={self.phase} "
                f"to_play={self.to_play} actions={len(self.history)}>")


class Undo:
    """An undo entry: what ``pop()`` needs to put the deal back as it was before an action
    (``push`` keeps one per action, ``_snapshot``; ``_restore`` reads it). Each variant names
    its kinds, so that ``_restore`` tells them apart by type: a card inside a trick, a card
    that ends one, a discard, a declaration, the whole state."""

    __slots__ = ()


class CardUndo(Undo):
    """A card that does not end its trick: all it changes besides the hand and the trick is
    whose turn it is, so the seat that played it (the card is the history's last) is enough.
    One shared entry per seat (``CARD_UNDO``), never a new one."""

    __slots__ = ("seat",)

    def __init__(self, seat: Seat) -> None:
        self.seat = seat

    def __repr__(self) -> str:
        return f"CardUndo({self.seat})"


#: The ``CardUndo`` of each seat.
CARD_UNDO: Final[tuple[CardUndo, ...]] = tuple(CardUndo(s) for s in range(8))

#: The most hands a ``SplitHands`` keeps (five-player French Tarot).
MAX_HANDS = 5


class SplitHands:
    """Up to five hands, each kept in two machine words: the ids below ``cards.PART`` (the
    Fool, the trumps, two suits) and the ids from it shifted down. A whole hand is a 78-bit
    Python long object, and every operation on one makes a new one, where the compiled engine
    works on a part natively; a list would hold Python int objects, a new one at every card,
    so each part is a field of its own, and a seat's fields are found by its number here.

    >>> h = SplitHands([0b101, 1 << 60])
    >>> h.parts(1), h.hand(1) == 1 << 60
    ((0, 1024), True)
    >>> h.lose(0, 2); h.hand(0)
    1
    """

    __slots__ = ("n", "lo0", "hi0", "lo1", "hi1", "lo2", "hi2", "lo3", "hi3", "lo4", "hi4")

    def __init__(self, hands: list[CardSet]) -> None:
        if len(hands) > MAX_HANDS:
            raise ValueError(f"{len(hands)} hands: a deal keeps at most {MAX_HANDS}")
        #: how many hands (seats 0 to n - 1); the parts of the others are 0
        self.n = len(hands)
        self.lo0 = self.hi0 = self.lo1 = self.hi1 = self.lo2 = self.hi2 = 0
        self.lo3 = self.hi3 = self.lo4 = self.hi4 = 0
        for s in range(self.n):
            self.set_parts(s, hands[s] & LOW_PART, hands[s] >> PART)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SplitHands) and self.n == other.n and self.key() == other.key()

    def __repr__(self) -> str:
        return f"SplitHands({self.hands()!r})"

    def copy(self) -> SplitHands:
        new = SplitHands([])
        new.n = self.n
        new.set_key(self.key())
        return new

    def parts(self, s: Seat) -> tuple[CardSet, CardSet]:
        """Seat ``s``'s hand as its two parts (ids below ``PART``; the rest, shifted down)."""
        if s == 0:
            return self.lo0, self.hi0
        if s == 1:
            return self.lo1, self.hi1
        if s == 2:
            return self.lo2, self.hi2
        if s == 3:
            return self.lo3, self.hi3
        if s == 4:
            return self.lo4, self.hi4
        raise IndexError(f"no hand {s}")

    def set_parts(self, s: Seat, lo: CardSet, hi: CardSet) -> None:
        if s == 0:
            self.lo0, self.hi0 = lo, hi
        elif s == 1:
            self.lo1, self.hi1 = lo, hi
        elif s == 2:
            self.lo2, self.hi2 = lo, hi
        elif s == 3:
            self.lo3, self.hi3 = lo, hi
        elif s == 4:
            self.lo4, self.hi4 = lo, hi
        else:
            raise IndexError(f"no hand {s}")

    def hand(self, s: Seat) -> CardSet:
        if not 0 <= s < self.n:
            raise IndexError(f"no hand {s}: the deal has {self.n}")
        lo, hi = self.parts(s)
        return lo | hi << PART

    def hands(self) -> list[CardSet]:
        return [self.hand(s) for s in range(self.n)]

    def sizes(self) -> tuple[int, ...]:
        """The number of cards in each hand, counted in the parts (no hand put together)."""
        n = self.n  # the seats without a hand left out: a view asks at every decision
        if n == 3:  # Marolles and French Tarot for three: no list made
            return (popcount(self.lo0) + popcount(self.hi0), popcount(self.lo1) + popcount(self.hi1),
                    popcount(self.lo2) + popcount(self.hi2))
        sizes = [popcount(self.lo0) + popcount(self.hi0)] if n > 0 else []
        if n > 1:
            sizes.append(popcount(self.lo1) + popcount(self.hi1))
        if n > 2:
            sizes.append(popcount(self.lo2) + popcount(self.hi2))
        if n > 3:
            sizes.append(popcount(self.lo3) + popcount(self.hi3))
        if n > 4:
            sizes.append(popcount(self.lo4) + popcount(self.hi4))
        return tuple(sizes)

    def key(self) -> tuple[CardSet, ...]:
        """The parts of every hand, low then high, seat by seat (0 for the seats without one):
        a key (a transposition table's), and what an undo entry keeps of the hands."""
        return (self.lo0, self.hi0, self.lo1, self.hi1, self.lo2, self.hi2,
                self.lo3, self.hi3, self.lo4, self.hi4)

    def set_key(self, key: tuple[CardSet, ...]) -> None:
        """The hands ``key()`` gave, back."""
        (self.lo0, self.hi0, self.lo1, self.hi1, self.lo2, self.hi2,
         self.lo3, self.hi3, self.lo4, self.hi4) = key

    def lose(self, p: Seat, c: Card) -> None:
        """Card ``c`` leaves ``p``'s hand (played, discarded). The hot path of the play: the
        part changed in place, seat by seat, rather than read and set whole (``parts``)."""
        if c < PART:
            lo, hi = ~(1 << c), -1
        else:
            lo, hi = -1, ~(1 << (c - PART))
        if p == 0:
            self.lo0, self.hi0 = self.lo0 & lo, self.hi0 & hi
        elif p == 1:
            self.lo1, self.hi1 = self.lo1 & lo, self.hi1 & hi
        elif p == 2:
            self.lo2, self.hi2 = self.lo2 & lo, self.hi2 & hi
        elif p == 3:
            self.lo3, self.hi3 = self.lo3 & lo, self.hi3 & hi
        else:
            self.lo4, self.hi4 = self.lo4 & lo, self.hi4 & hi

    def take_back(self, p: Seat, c: Card) -> None:
        """Card ``c`` back to ``p``'s hand (an action taken back)."""
        lo, hi = self.parts(p)
        if c < PART:
            self.set_parts(p, lo | 1 << c, hi)
        else:
            self.set_parts(p, lo, hi | 1 << (c - PART))


class SplitHandsDeal(Deal):
    """A deal that keeps its hands in a ``SplitHands`` (``_split``), whose parts its play reads
    and changes (``_split.parts``, ``_split.lose``); ``hand(s)`` and ``hands`` put them together. Marolles and French
    Tarot deal this way, their hot path being the play of the cards."""

    __slots__ = ("_split",)

    _split: SplitHands
    #: The legal actions last listed (``_legal_at``), as the parts of a card set when they are
    #: exactly those cards (the play: set by the variant's ``_legal_actions``), else -1.
    #: ``is_legal`` then tests a bit, and the list is not kept: the caller gets it, not a copy.
    _legal_lo: int = -1
    _legal_hi: int = 0

    def legal_actions(self) -> list[int]:
        n = len(self.history)
        if self._legal_at != n:
            out = self._legal_actions()
            self._legal_at = n
            if self._legal_lo >= 0:
                return out
            self._legal_list = out
        elif self._legal_lo >= 0:
            return cards_of_parts(self._legal_lo, self._legal_hi)
        return self._legal_list.copy()

    def _listed_legal(self, action: int) -> bool:
        """Whether ``action`` is among the legal actions last listed for this position."""
        if self._legal_lo >= 0:
            if not 0 <= action < NUM_CARDS:
                return False
            if action < PART:
                return bool(self._legal_lo >> action & 1)
            return bool(self._legal_hi >> (action - PART) & 1)
        return action in self._legal_list

    def _set_hands(self, hands: list[CardSet]) -> None:
        self._split = SplitHands(hands)

    def _set_hand(self, s: Seat, cs: CardSet) -> None:
        self._split.set_parts(s, cs & LOW_PART, cs >> PART)

    def hand(self, seat: object) -> CardSet:
        return self._split.hand(seat_index(seat, self.players, "hand(seat)"))

    def _all_hands(self) -> list[CardSet]:
        return self._split.hands()

    def _hand_sizes(self) -> tuple[int, ...]:
        return self._split.sizes()

    def _hands_key(self) -> tuple[CardSet, ...]:
        """The hands as a key (``SplitHands.key``), and as a whole undo entry keeps them."""
        return self._split.key()

    def _restore_hands(self, key: tuple[CardSet, ...]) -> None:
        self._split.set_key(key)
