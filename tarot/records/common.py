"""What the text and JSON forms of a record share: the tags, the claimed result, and replaying a
record's chance and actions on a fresh deal with errors that name the part of the record at fault.

The code is written over the generic ``Deal`` interface (``phase``, ``to_play``, ``tricks``,
``shown``, ``ledger``, ``action_token``/``parse_action``), so later variants reuse it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple, Protocol, cast

from ..core.actions import DONE, action_token
from ..core.cards import NUM_CARDS, CardSet, Seat, format_cards
from ..core.deal import Deal, variant_class
from ..core.errors import IllegalActionError, OptionError, RecordError, UnknownVariantError, excerpt

#: The ``format`` and ``version`` of the JSON form.
FORMAT = "tarot-record"
VERSION = 1

#: Tags that carry the record's chance and claims; every other tag is informative.
VARIANT, OPTION, DEALER, DECK, RESULT, CARD_POINTS = (
    "Variant", "Option", "Dealer", "Deck", "Result", "CardPoints")
STRUCTURAL_TAGS = (VARIANT, OPTION, DEALER, DECK, RESULT, CARD_POINTS)
#: Informative tags written before the others when present (as PGN puts Event first).
LEADING_TAGS = ("Event", "Site", "Date", "Round")

#: The phase in which cards are played to tricks; its lines are labelled ``Trick N``.
PLAY = "play"

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
_VERBS = {"play": "plays", "discard": "discards", "declare": "declares", "show": "shows"}


class ClaimedResult(NamedTuple):
    """What a record says the deal came to; replay checks it."""

    #: Marques (or points) per seat.
    scores: tuple[int, ...]
    #: Card points per seat, or None when the record does not say.
    card_points: tuple[int, ...] | None = None


class RecordData(Protocol):
    """What the writers read of a record (``tarot.records.Record`` has it)."""

    @property
    def variant(self) -> str: ...
    @property
    def options(self) -> dict[str, str]: ...
    @property
    def dealer(self) -> int: ...
    @property
    def deck(self) -> tuple[int, ...]: ...
    @property
    def actions(self) -> tuple[int, ...]: ...
    @property
    def tags(self) -> dict[str, str]: ...
    @property
    def result(self) -> ClaimedResult | None: ...


class Parsed(NamedTuple):
    """What a reader found and replayed: the fields of a ``Record``, in its order."""

    variant: str
    options: dict[str, str]
    dealer: int
    deck: tuple[int, ...]
    actions: tuple[int, ...]
    tags: dict[str, str]
    result: ClaimedResult | None


# ----- replay --------------------------------------------------------------------------------
def variant_of(name: object) -> type[Deal]:
    """The deal class of the variant ``name``, or ``RecordError``."""
    if not isinstance(name, str):
        raise RecordError(f"the variant must be a name, not {excerpt(name)}")
    try:
        return variant_class(name)
    except UnknownVariantError as e:
        raise RecordError(str(e)) from None


def fresh_deal(variant: str, options: Mapping[str, object], deck: Sequence[int], dealer: object,
               where: Mapping[str, str] | None = None) -> Deal:
    """A new deal from a record's chance; errors name the part of the record at fault.

    ``where`` maps ``variant``/``options``/``deck``/``dealer`` to a prefix such as ``line 3``.
    """
    where = where or {}

    def fail(part: str, msg: str) -> RecordError:
        prefix = where.get(part)
        return RecordError(f"{prefix}: {msg}" if prefix else msg)

    try:
        cls = variant_of(variant)
    except RecordError as e:
        raise fail("variant", str(e)) from None
    try:
        cls.make_options(options)
    except OptionError as e:
        raise fail("options", str(e)) from None
    try:
        checked = cls.check_deck(deck)
    except IllegalActionError as e:
        raise fail("deck", f"bad deck: {e}") from None
    n = cls.players_for(options)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise fail("dealer", f"the dealer must be a seat 0..{n - 1}, not {excerpt(dealer)}")
    try:
        return cls(options, deck=checked, dealer=dealer)
    except OptionError as e:  # a combination of options the variant refuses
        raise fail("options", str(e)) from None
    except IllegalActionError as e:
        raise fail("dealer", str(e)) from None


def push(deal: Deal, action: object, where: str) -> None:
    """Push ``action``, or raise ``RecordError``: ``where: trick 3, seat 2 plays 7C: rule``."""
    if deal.is_over:
        raise RecordError(f"{where}: {_show_action(deal, action)} comes after the end of the deal")
    context = _context(deal, action)
    try:
        deal.push(action)  # type: ignore[arg-type]
    except IllegalActionError as e:
        raise RecordError(f"{where}: {context}: {e}") from None


def _show_action(deal: Deal, action: object) -> str:
    if type(action) is not int:
        return excerpt(action)
    try:
        return deal.action_token(action)  # type: ignore[arg-type]
    except (IllegalActionError, TypeError):
        return excerpt(action)


def _context(deal: Deal, action: object) -> str:
    """``trick 3, seat 2 plays 7C`` / ``seat 1 discards T5`` / ``seat 0 says done``."""
    tok = _show_action(deal, action)
    verb = "says" if action == DONE else _VERBS.get(deal.phase, "chooses")
    where = f"trick {len(deal.tricks) + 1}, " if deal.phase == PLAY else ""
    return f"{where}seat {deal.to_play} {verb} {tok}"


def whose_turn(deal: Deal) -> str:
    """``trick 3, seat 2 to play`` / ``declare phase, seat 0 to act`` / ``the deal is over``."""
    if deal.is_over:
        return "the deal is over"
    if deal.phase == PLAY:
        return f"trick {len(deal.tricks) + 1}, seat {deal.to_play} to play"
    return f"{deal.phase} phase, seat {deal.to_play} to act"


class _Declarations(Protocol):
    """What every variant's deal keeps beside the ``Deal`` interface and records read: the
    declarations made so far, ``(seat, action, cards)`` each."""

    @property
    def shown(self) -> Sequence[tuple[Seat, int, CardSet]]: ...


def shown(deal: Deal) -> Sequence[tuple[Seat, int, CardSet]]:
    """``deal.shown`` (every variant has it; the ``Deal`` base class does not declare it)."""
    return cast(_Declarations, deal).shown


# ----- values --------------------------------------------------------------------------------
#: The largest claim a record can make of a score or card points (the text form reads 15
#: digits): no deal comes near it, and a longer number is no claim but bad input.
MAX_CLAIM = 10 ** 15 - 1


def int_list(value: object, what: str, n: int | None = None) -> tuple[int, ...]:
    """``value`` as a tuple of integers (not bools) of at most 15 digits, ``n`` of them if
    given, or RecordError."""
    if (not isinstance(value, (list, tuple)) or (n is not None and len(value) != n)
            or not all(isinstance(v, int) and not isinstance(v, bool) and -MAX_CLAIM <= v <= MAX_CLAIM
                       for v in value)):
        count = "" if n is None else f"{n} "
        raise RecordError(f"{what!r} must be a list of {count}integers of at most 15 digits, one per seat")
    return tuple(value)


def card_tokens(cards: Iterable[int], cls: type[Deal]) -> list[str]:
    """The deck's cards as tokens in the variant's notation (``RecordError`` for a non-card)."""
    out = []
    for c in cards:
        if not isinstance(c, int) or not 0 <= c < NUM_CARDS:
            raise RecordError(f"the deck holds {excerpt(c)}, which is not a card id (0..{NUM_CARDS - 1})")
        out.append(format_cards([c], cls.notation))
    return out


def token_of(action: int, cls: type[Deal]) -> str:
    """The token of ``action`` in the variant's notation (``RecordError`` for a non-action)."""
    try:
        return action_token(action, cls.notation)
    except IllegalActionError as e:
        raise RecordError(str(e)) from None


def signed(values: Sequence[int]) -> str:
    """``+3 -1 -2``."""
    return " ".join(f"{v:+d}" for v in values)


def check_tag(name: str, value: str) -> None:
    """Refuse an informative tag the record cannot hold: a bad name, a structural tag's name,
    a line break in the value."""
    if not _TAG_NAME.match(name):
        raise RecordError(f"a tag name is a letter then letters, digits or _, not {excerpt(name)}")
    if any(name.lower() == t.lower() for t in STRUCTURAL_TAGS):
        raise RecordError(f"{excerpt(name)} is not an informative tag: the record sets it")
    if len(editor_lines(value)) > 1:
        raise RecordError(f"the {name} tag holds a line break")


def editor_lines(text: str) -> list[str]:
    r"""The lines of ``text`` as an editor numbers them: broken at ``\n``, ``\r\n`` and ``\r``
    only (``str.splitlines`` breaks at ``\x0c``, ``\x1c``-``\x1e``, ``\x85``, U+2028 and U+2029
    too, and line numbers in errors would then not be an editor's).

    >>> editor_lines("a\r\nb\x0cc\rd\u2028e")
    ['a', 'b\x0cc', 'd\u2028e']
    """
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
