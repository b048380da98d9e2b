"""Game records: chance and decisions only, in a text form for people and a JSON form for programs.

A record holds what cannot be re-derived (DESIGN.md, core step 6): the variant, the options that
differ from their defaults, the dealer, the deck order and the actions. Everything else (hands,
tricks, winners, payments, card points, scores) is re-derived by replaying the actions on a fresh
deal, and every claim the record makes (seat labels, trick numbers, shown cards, the result) is
checked against that replay. The formats are described in ``docs/records.md``.

>>> import tarot
>>> deal = tarot.new_deal("marolles-1637", seed=7)
>>> while not deal.is_over:
...     deal.push(deal.legal_actions()[0])
>>> rec = record_from_deal(deal, Event="doctest")
>>> parse_record(rec.to_text()) == rec == parse_record(rec.to_json())
True
>>> replay(rec).result().scores == deal.result().scores
True

The code is written over the generic ``Deal`` interface (``phase``, ``to_play``, ``tricks``,
``shown``, ``ledger``, ``action_token``/``parse_action``), so later variants reuse it.
"""

from __future__ import annotations

import json
import os
import re
import reprlib
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path
from typing import Any, Final, NamedTuple, Protocol, cast

from .core.actions import ACKNOWLEDGE_REVOKE, DONE, action_token, parse_action
from .core.cards import NUM_CARDS, CardParseError, CardSet, Seat, format_card, format_cards, mask, parse_card
from .core.deal import VARIANTS, Deal, variant_class
from .core.errors import IllegalActionError, OptionError, RecordError, UnknownVariantError
from .core.options import parse_assignments

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

_JSON_KEYS = ("format", "version", "variant", "options", "dealer", "deck", "actions", "tags", "result")
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
_TAG_LINE = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\Z')
# (the optional number's spaces are inside its group: two ``\s*`` side by side around an
# optional group made a long run of spaces take quadratic time to refuse)
_LABEL = re.compile(r"([A-Za-z][A-Za-z_]*)(?:\s*([0-9]+))?\s*:(.*)\Z")
_SEAT = re.compile(r"[Ss]([0-9]{1,6})\Z")
_TOKEN = re.compile(r"\([^()]*\)|[^\s()]+|[()]")
_INT = re.compile(r"[+-]?[0-9]{1,15}\Z")   # ASCII digits, and few enough to read
_VERBS = {"play": "plays", "discard": "discards", "declare": "declares", "show": "shows"}


class ClaimedResult(NamedTuple):
    """What a record says the deal came to; replay checks it."""

    #: Marques (or points) per seat.
    scores: tuple[int, ...]
    #: Card points per seat, or None when the record does not say.
    card_points: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Record:
    """One deal: its chance (deck, dealer), its rules (variant, options) and its decisions.

    ``options`` holds the non-default options as canonical strings, ``deck`` the card ids in deal
    order (the last is the cut card where the variant has one), ``actions`` the action ids in the
    order pushed, ``tags`` the informative tags (Event, Date, Players...), ``result`` the claimed
    result or None (an unfinished deal, or a record that makes no claim).
    """

    variant: str
    options: dict[str, str] = field(default_factory=dict)
    dealer: int = 0
    deck: tuple[int, ...] = ()
    actions: tuple[int, ...] = ()
    tags: dict[str, str] = field(default_factory=dict)
    result: ClaimedResult | None = None

    def __post_init__(self) -> None:
        # a Record built in Python is checked as the readers check theirs: RecordError, naming
        # the field (a TypeError or a ValueError in a later to_text() was the way before)
        if not isinstance(self.variant, str):
            raise RecordError(f"the variant must be a name, not {reprlib.repr(self.variant)}")
        for name in ("options", "tags"):
            if not isinstance(getattr(self, name), Mapping):
                raise RecordError(f"{name} must be a mapping of names to values, not "
                                  f"{reprlib.repr(getattr(self, name))}")
        for name in ("deck", "actions"):
            value = getattr(self, name)
            if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
                raise RecordError(f"{name} must be a sequence of ids, not {reprlib.repr(value)}")
        opts = {str(k): ("true" if v else "false") if isinstance(v, bool) else str(v)
                for k, v in self.options.items()}
        cls = VARIANTS.get(self.variant)
        if cls is not None:  # canonical values, defaults dropped; bad options are left for replay
            try:
                opts = dict(cls.make_options(opts).changed())
            except OptionError:
                pass
        object.__setattr__(self, "options", opts)
        object.__setattr__(self, "deck", tuple(self.deck))
        object.__setattr__(self, "actions", tuple(self.actions))
        object.__setattr__(self, "tags", {str(k): str(v) for k, v in self.tags.items()})
        if self.result is not None:
            if not isinstance(self.result, (tuple, list)) or not 1 <= len(self.result) <= 2:
                raise RecordError(f"the result must be (scores, card points or None), not "
                                  f"{reprlib.repr(self.result)}")
            scores, *rest = self.result
            points = rest[0] if rest else None
            object.__setattr__(self, "result", ClaimedResult(
                _int_list(scores, "result scores"),
                None if points is None else _int_list(points, "result card points")))

    # ----- writing ---------------------------------------------------------------------
    def to_text(self) -> str:
        """The text form: tag pairs, the hands as comments, then one line per step group.

        Writing replays the actions (the lines follow the deal's phases and tricks), so an
        illegal action raises ``RecordError``; the claimed result is written as claimed.
        """
        cls = _variant(self.variant)
        for name, value in self.tags.items():
            _check_tag(name, value)
        tags = [(n, self.tags[n]) for n in LEADING_TAGS if n in self.tags]  # in that order
        tags.append((VARIANT, self.variant))
        tags += [(OPTION, f"{k}={v}") for k, v in self.options.items()]
        tags.append((DEALER, str(self.dealer)))
        tags += [(n, v) for n, v in self.tags.items() if n not in LEADING_TAGS]
        tags.append((DECK, " ".join(_card_tokens(self.deck, cls))))
        if self.result is not None:
            tags.append((RESULT, _signed(self.result.scores)))
            if self.result.card_points is not None:
                tags.append((CARD_POINTS, " ".join(map(str, self.result.card_points))))
        out = [f'[{n} "{_escape(v)}"]' for n, v in tags]
        out.append("")
        out += _body(self)
        return "\n".join(out) + "\n"

    def to_json(self) -> str:
        """The JSON form: one key per line, cards and actions as tokens.

        Writing replays the actions, so an illegal action raises ``RecordError`` (as
        ``to_text`` does); the claimed result is written as claimed.
        """
        cls = _variant(self.variant)
        for name, value in self.tags.items():
            _check_tag(name, value)
        deal = _fresh_deal(self.variant, self.options, self.deck, self.dealer)
        for i, a in enumerate(self.actions):
            _push(deal, a, f"actions[{i}]")
        obj: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "variant": self.variant,
            "options": dict(self.options),
            "dealer": self.dealer,
            "deck": _card_tokens(self.deck, cls),
            "actions": [_action_token(a, cls) for a in self.actions],
            "tags": dict(self.tags),
            "result": None if self.result is None else {
                "scores": list(self.result.scores),
                "card_points": None if self.result.card_points is None else list(self.result.card_points),
            },
        }
        lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(lines) + "\n}\n"


def record_from_deal(deal: Deal, **tags: object) -> Record:
    """The record of ``deal`` as it stands (finished or not); ``tags`` are informative tags.

    A finished deal's record claims its result, which ``replay`` checks.
    """
    for name, value in tags.items():
        _check_tag(name, str(value))
    result = None
    if deal.is_over:
        r = deal.result()
        result = ClaimedResult(tuple(r.scores), tuple(r.card_points))
    return Record(
        variant=deal.variant,
        options=dict(deal.options.changed()),
        dealer=deal.dealer,
        deck=tuple(deal.deck),
        actions=tuple(deal.history),
        tags={k: str(v) for k, v in tags.items()},
        result=result,
    )


# ---------------------------------------------------------------------------------------
# Replay
# ---------------------------------------------------------------------------------------
def replay(record: Record) -> Deal:
    """A fresh deal with every action of ``record`` pushed, after checking the claimed result.

    Raises ``RecordError`` naming the action (``actions[36]``) and the rule broken, or the
    claim that does not match. Nothing outside the new deal is touched.
    """
    if not isinstance(record, Record):
        raise RecordError(f"replay takes a Record (parse_record or load_record make one), not "
                          f"{type(record).__name__}")
    deal = _fresh_deal(record.variant, record.options, record.deck, record.dealer)
    for i, a in enumerate(record.actions):
        _push(deal, a, f"actions[{i}]")
    check_result(record, deal)
    return deal


def check_result(record: Record, deal: Deal) -> None:
    """Raise ``RecordError`` if ``record`` claims a result that ``deal`` (its replay) does not have."""
    claim = record.result
    if claim is None:
        return
    if not deal.is_over:
        raise RecordError(
            f"the record claims a result ({RESULT} {_signed(claim.scores)}), but the deal is not over "
            f"after its {len(record.actions)} actions ({_whose_turn(deal)})")
    r = deal.result()
    if tuple(claim.scores) != tuple(r.scores):
        raise RecordError(f"the record claims scores {_signed(claim.scores)}, "
                          f"but the replay gives {_signed(r.scores)}")
    if claim.card_points is not None and tuple(claim.card_points) != tuple(r.card_points):
        raise RecordError(f"the record claims card points {' '.join(map(str, claim.card_points))}, "
                          f"but the replay gives {' '.join(map(str, r.card_points))}")


def _variant(name: object) -> type[Deal]:
    if not isinstance(name, str):
        raise RecordError(f"the variant must be a name, not {name!r}")
    try:
        return variant_class(name)
    except UnknownVariantError as e:
        raise RecordError(str(e)) from None


def _fresh_deal(variant: str, options: Mapping[str, object], deck: Sequence[int], dealer: object,
                where: Mapping[str, str] | None = None) -> Deal:
    """A new deal from a record's chance; errors name the part of the record at fault.

    ``where`` maps ``variant``/``options``/``deck``/``dealer`` to a prefix such as ``line 3``.
    """
    where = where or {}

    def fail(part: str, msg: str) -> RecordError:
        prefix = where.get(part)
        return RecordError(f"{prefix}: {msg}" if prefix else msg)

    try:
        cls = _variant(variant)
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
        raise fail("dealer", f"the dealer must be a seat 0..{n - 1}, not {dealer!r}")
    try:
        return cls(options, deck=checked, dealer=dealer)
    except OptionError as e:  # a combination of options the variant refuses
        raise fail("options", str(e)) from None
    except IllegalActionError as e:
        raise fail("dealer", str(e)) from None


def _push(deal: Deal, action: object, where: str) -> None:
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
        return reprlib.repr(action)
    try:
        return deal.action_token(action)  # type: ignore[arg-type]
    except (IllegalActionError, TypeError):
        return reprlib.repr(action)


def _context(deal: Deal, action: object) -> str:
    """``trick 3, seat 2 plays 7C`` / ``seat 1 discards T5`` / ``seat 0 says done``."""
    tok = _show_action(deal, action)
    verb = "says" if action == DONE else _VERBS.get(deal.phase, "chooses")
    where = f"trick {len(deal.tricks) + 1}, " if deal.phase == PLAY else ""
    return f"{where}seat {deal.to_play} {verb} {tok}"


def _whose_turn(deal: Deal) -> str:
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


def _shown(deal: Deal) -> Sequence[tuple[Seat, int, CardSet]]:
    """``deal.shown`` (every variant has it; the ``Deal`` base class does not declare it)."""
    return cast(_Declarations, deal).shown


# ---------------------------------------------------------------------------------------
# Writing the text body
# ---------------------------------------------------------------------------------------
class _Step(NamedTuple):
    action: int
    seat: int
    phase: str
    #: Declarations completed by this action: (seat, action, cards).
    shown: tuple
    #: Payments made during this action.
    payments: tuple
    #: The trick this action completed, as (leader, cards, winner), or None.
    trick: tuple | None
    #: Tricks complete after the action (fewer after an acknowledged revoke).
    tricks_after: int


@dataclass
class _Line:
    label: str
    phase: str
    seat: int
    trick: bool
    items: list = field(default_factory=list)   # (seat, text)
    payments: list = field(default_factory=list)
    winner: int | None = None
    closed: bool = False
    #: Cards no seat played (le Mort's card in the two-player Marolles), for the comment.
    unplayed: tuple = ()
    #: A note for the comment (a revoke acknowledged).
    note: str = ""


def _body(record: Record) -> list[str]:
    """Replay ``record`` and write its moves, one step group per line, with comments."""
    deal = _fresh_deal(record.variant, record.options, record.deck, record.dealer)
    n = deal.players
    out = _hands_comment(deal)
    steps: list[_Step] = []
    for i, a in enumerate(record.actions):
        seat, phase = cast(Seat, deal.to_play), deal.phase  # _push refuses an action after the end
        n_tricks, n_shown, n_paid = len(deal.tricks), len(_shown(deal)), len(deal.ledger)
        _push(deal, a, f"actions[{i}]")
        steps.append(_Step(a, seat, phase, tuple(_shown(deal)[n_shown:]),
                           tuple(deal.ledger.entries[n_paid:]),
                           deal.tricks[-1] if len(deal.tricks) > n_tricks else None, len(deal.tricks)))

    # Cards chosen for a declaration (the engine's "show" steps) are written as the shown set in
    # parentheses after the declaration: ``tarots_5 (F T1 T21 KS KB)``.
    choice_of: dict[int, int] = {}
    annotate: dict[int, int] = {}     # step index -> shown cards written after it
    hidden: set[int] = set()
    for i, st in enumerate(steps):
        if st.action < NUM_CARDS:
            continue
        if st.shown:
            annotate[i] = st.shown[-1][2]
            continue
        j = i + 1
        while (j < len(steps) and steps[j].seat == st.seat and steps[j].action < NUM_CARDS
               and not steps[j].shown):
            j += 1
        if (j < len(steps) and steps[j].seat == st.seat and steps[j].action < NUM_CARDS
                and steps[j].shown and steps[j].shown[0][:2] == (st.seat, st.action)):
            chosen = [steps[k].action for k in range(i + 1, j + 1)]
            for k in range(i + 1, j + 1):
                choice_of[k] = i
            if chosen == sorted(set(chosen)):   # the reader fills ascending choices back in
                hidden.update(range(i + 1, j + 1))
                annotate[i] = steps[j].shown[0][2]
            else:
                annotate[j] = steps[j].shown[0][2]

    # Phases in which a seat acts while a trick is on the table (declarations at one's first card).
    in_trick: set[str] = set()
    on_table = 0
    for st in steps:
        if st.phase == PLAY:
            on_table = 0 if st.trick else on_table + 1
        elif on_table:
            in_trick.add(st.phase)

    lines: list[_Line] = []
    settlement: list = []
    tricks_done = 0
    for i, st in enumerate(steps):
        cur = lines[-1] if lines else None
        if i in choice_of or (cur is not None and cur.trick and not cur.closed):
            pass  # a declaration's chosen cards, or anything done while a trick is on the table
        elif st.phase == PLAY:
            if cur is not None and not cur.trick and cur.seat == st.seat and cur.phase in in_trick:
                cur.trick, cur.label = True, f"Trick {tricks_done + 1:>2}"
            else:
                lines.append(_Line(f"Trick {tricks_done + 1:>2}", PLAY, st.seat, True))
        elif cur is None or cur.trick or cur.phase != st.phase or cur.seat != st.seat:
            lines.append(_Line(st.phase.capitalize(), st.phase, st.seat, False))
        cur = lines[-1]
        if i not in hidden:
            cur.items.append((st.seat, _action_token(st.action, type(deal))))
        if i in annotate:
            cur.items.append((st.seat, f"({format_cards(annotate[i], deal.notation)})"))
        if i == len(steps) - 1 and deal.is_over:  # the final count goes to the closing comment
            settlement = [p for p in st.payments if p.trick is None]
            cur.payments += [p for p in st.payments if p.trick is not None]
        else:
            cur.payments += st.payments
        if st.trick is not None:
            cur.closed, cur.winner = True, st.trick[2]
            cur.unplayed = st.trick[1][n:]
            tricks_done += 1
        if st.action == ACKNOWLEDGE_REVOKE:  # the play goes back: the next line replays
            cur.closed = True
            tricks_done = st.tricks_after
            cur.note = (f"S{st.seat} owns up to a revoke: the play goes back to just before "
                        f"it, in trick {tricks_done + 1}")

    for line in lines:
        groups: list[list[str]] = []
        prev = None
        for seat, text in line.items:
            if seat != prev:
                groups.append([f"S{seat}"])
                prev = seat
            groups[-1].append(text)
        cells = [" ".join(g) for g in groups]
        if line.trick:
            cells = [c.ljust(7) for c in cells[:-1]] + cells[-1:]
        text = f"{line.label}: " + " ".join(cells)
        notes = [line.note] if line.note else []
        if line.unplayed:
            notes.append(f"le Mort {format_cards(line.unplayed, deal.notation)}")
        if line.winner is not None:
            notes.append("le Mort takes it" if line.winner >= n else f"S{line.winner} wins")
        if line.payments:
            notes.append(_payments_text(line.payments, n))
        out.append(f"{text.ljust(40)}  ; {' | '.join(notes)}" if notes else text)
    if deal.is_over:
        r = deal.result()
        out.append(f"; End of the deal. Card points: {_per_seat(r.card_points)}.")
        if settlement:
            out.append(f"; Final payments: {_payments_text(settlement, n)}.")
        out.append(f"; {deal.SCORE_UNIT.capitalize()} by source:")
        rows = [(src.replace("_", " "), v) for src, v in r.by_source.items() if any(v)]
        rows.append(("total", list(r.scores)))
        width = max(len(name) for name, _ in rows)
        out += [f";   {name.ljust(width)}  " + "  ".join(f"S{s} {v:+3d}" for s, v in enumerate(vals))
                for name, vals in rows]
    return out


def _hands_comment(deal: Deal) -> list[str]:
    """Comments showing each hand as dealt (from the fresh deal's views) and any opening payment."""
    views = [deal.view(s) for s in range(deal.players)]
    cut = views[0].cut_card
    head = f"; Hands as dealt (S{deal.dealer} deals"
    head += f"; the cut card is {format_cards([cut], deal.notation)}):" if cut is not None else "):"
    out = [head]
    out += [f";   S{v.seat}: {format_cards(v.hand, deal.notation)}" for v in views]
    chien = getattr(deal, "chien", 0)  # French Tarot's talon, dealt face down
    if chien:
        out.append(f";   chien: {format_cards(chien, deal.notation)}")
    stacks = getattr(deal, "stacks", None)  # French Tarot for two: each seat's table piles
    if stacks:
        per = len(stacks) // deal.players
        for seat in range(deal.players):
            piles = " ".join(f"[{format_cards(st, deal.notation)}]"
                             for st in stacks[per * seat:per * (seat + 1)])
            out.append(f";   S{seat} piles, bottom card first: {piles}")
    if deal.ledger.entries:
        out.append(f"; Before play: {_payments_text(deal.ledger.entries, deal.players)}.")
    return out


def _payments_text(entries: Iterable, players: int) -> str:
    """``tarot KB: S0 +2 S1 -1 S2 -1 | belle AD: ...``: net per seat, per reason and detail."""
    groups: dict[tuple[str, str], list[int]] = {}
    for p in entries:
        net = groups.setdefault((p.reason, p.detail), [0] * players)
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    parts = []
    for (reason, detail), net in groups.items():
        name = reason.replace("_", " ")
        if reason == "declaration" and detail:
            name = detail
        elif detail and detail != reason:
            name += f" {detail}"
        parts.append(f"{name}: " + " ".join(f"S{s} {v:+d}" for s, v in enumerate(net) if v))
    return " | ".join(parts)


def _per_seat(values: Sequence[int], signed: bool = False) -> str:
    return ", ".join(f"S{s} {v:+d}" if signed else f"S{s} {v}" for s, v in enumerate(values))


# ---------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------
def parse_record(text: str) -> Record:
    """Read a record in either form: JSON if the text starts with ``{"`` (or ``{}``), else text.

    The actions are replayed while reading, so an illegal one is refused here with the line
    (text) or ``actions[i]`` (JSON) and the rule broken. The claimed result is checked by
    ``replay``.
    """
    if not isinstance(text, str):
        raise RecordError(f"a record is text, not {type(text).__name__}")
    text = text.lstrip("\ufeff")
    if re.match(r'\s*\{\s*["}]', text):
        try:
            return _parse_json(text)
        except RecordError:
            # not JSON after all: a text record that opens with a {"..."} comment (whatever the
            # comment holds: a line starting with a [Variant tag is never JSON)
            if not re.search(r"^[ \t]*\[Variant\s", text, re.M):
                raise
    elif not re.search(r"^[ \t]*\[", text, re.M):  # no tag line: JSON that is not an object?
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            value = text
        if value is not text:
            shown = json.dumps(value)
            raise RecordError("a JSON record is an object ({...}), not "
                              + (shown if len(shown) <= 40 else shown[:36] + " ..."))
    return _parse_text(text)


#: The largest file read as a record: one deal's record takes a few kilobytes.
MAX_RECORD_BYTES: Final = 2**20


def load_record(path: str | PathLike) -> Record:
    """Read a record file (UTF-8, either form); errors start with the file's name."""
    if not isinstance(path, (str, PathLike)):
        raise RecordError(f"a record file is named by a path, not {type(path).__name__}")
    if not str(path):
        raise RecordError("no record file named (an empty path)")
    p = Path(path)
    try:
        with p.open("rb") as f:  # a pipe or /dev/stdin will do; a device that never ends will not
            data = f.read(MAX_RECORD_BYTES + 1)
    except OSError as e:
        raise RecordError(f"cannot read {p}: {e.strerror or e}") from None
    except ValueError as e:  # a NUL in the name
        raise RecordError(f"cannot read {str(p)!r}: {e}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"{p}: more than {MAX_RECORD_BYTES // 2**20} MiB, too large to be a record")
    try:
        text = data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as e:
        raise RecordError(f"{p}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    try:
        return parse_record(text)
    except RecordError as e:
        raise RecordError(f"{p}: {e}") from None


def check_record_paths(paths: Iterable[str | PathLike]) -> None:
    """Refuse, with ``RecordError``, a path ``save_record`` could not write: a folder that does
    not exist or takes no new file, a name the system refuses, a folder or a device where the
    file would go. Each folder is tried by making (and removing) a file in it, as
    ``save_record`` does.

    >>> check_record_paths(["/no/such/folder/game.txt"])
    Traceback (most recent call last):
    ...
    tarot.core.errors.RecordError: cannot write /no/such/folder/game.txt: the folder /no/such/folder does not exist
    """
    tried: set[Path] = set()
    for path in paths:
        p = Path(path)
        if "\x00" in str(p):
            raise RecordError(f"cannot write {str(p)!r}: a file name holds no NUL character")
        try:
            where = p.parent
            if where not in tried:
                if not where.is_dir():
                    raise RecordError(f"cannot write {p}: the folder {where} does not exist")
                fd, tmp = tempfile.mkstemp(prefix=".tarot-record-", suffix=".tmp", dir=where)
                os.close(fd)
                os.unlink(tmp)
                tried.add(where)
            if p.exists() and not p.is_file():
                raise RecordError(f"cannot write {p}: it is {'a folder' if p.is_dir() else 'not a file'}")
        except OSError as e:
            raise RecordError(f"cannot write {p}: {e.strerror or e}") from None


def save_record(record: Record, path: str | PathLike) -> None:
    """Write ``record`` to ``path``: the JSON form for a ``.json`` name, else the text form.

    The record is written beside ``path`` and then renamed to it, so ``path`` ends up holding
    either the whole record or what it held before (a full disk, a write refused halfway).
    """
    if not isinstance(record, Record):
        raise RecordError(f"save_record takes a Record (record_from_deal makes one), not {type(record).__name__}")
    p = Path(path)
    check_record_paths([p])
    text = record.to_json() if p.suffix.lower() == ".json" else record.to_text()
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=".tarot-record-", suffix=".tmp", dir=p.parent)
        with open(fd, "w", encoding="utf-8") as f:
            f.write(text)
        if p.exists():  # the file keeps its permissions
            os.chmod(tmp, p.stat().st_mode & 0o7777)
        else:  # a new file gets what the umask allows, as open() would give it
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, p)
        tmp = None
    except OSError as e:
        raise RecordError(f"cannot write {p}: {e.strerror or e}") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


# ----- JSON ------------------------------------------------------------------------------
def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (two "result" keys would be two claims, of
    which json.loads keeps the last without a word; the text form refuses a second tag too)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"the key {key!r} appears twice in one JSON object")
        out[key] = value
    return out


def _parse_json(text: str) -> Record:
    try:
        obj = json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as e:
        raise RecordError(f"malformed JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
    except RecordError:  # a key twice (_unique_keys)
        raise
    except RecursionError:
        raise RecordError("malformed JSON: nested too deeply") from None
    except ValueError as e:  # a number too long to read (not the advice meant for programmers)
        raise RecordError(f"malformed JSON: {str(e).split('; use')[0]}") from None
    if not isinstance(obj, dict):
        raise RecordError("a JSON record is an object")
    unknown = [k for k in obj if k not in _JSON_KEYS]
    if unknown:
        raise RecordError(f"unknown key {unknown[0]!r} in the JSON record; "
                          f"known keys: {', '.join(_JSON_KEYS)}")
    for key in ("format", "version", "variant", "dealer", "deck", "actions"):
        if key not in obj:
            raise RecordError(f"the JSON record has no {key!r}")
    if obj["format"] != FORMAT:
        raise RecordError(f"'format' is {obj['format']!r}, not {FORMAT!r}")
    if type(obj["version"]) is not int or obj["version"] != VERSION:
        raise RecordError(f"'version' is {obj['version']!r}: this program reads version {VERSION}")
    cls = _variant(obj["variant"])

    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object of option names and values")
    try:
        changed = cls.make_options(options).changed()
    except OptionError as e:
        raise RecordError(f"options: {e}") from None

    deck_in = obj["deck"]
    if not isinstance(deck_in, list):
        raise RecordError("'deck' must be a list of card tokens (or card ids)")
    deck = []
    for i, tok in enumerate(deck_in):
        try:
            deck.append(_card_id(tok, cls))
        except RecordError as e:
            raise RecordError(f"deck[{i}]: {e}") from None

    acts_in = obj["actions"]
    if not isinstance(acts_in, list):
        raise RecordError("'actions' must be a list of action tokens (or action ids)")
    actions = []
    for i, tok in enumerate(acts_in):
        try:
            actions.append(_action_id(tok, cls))
        except RecordError as e:
            raise RecordError(f"actions[{i}]: {e}") from None

    tags = obj.get("tags", {})
    if not isinstance(tags, dict) or not all(isinstance(v, str) for v in tags.values()):
        raise RecordError("'tags' must be an object of tag names and string values")
    for name, value in tags.items():
        _check_tag(name, value)

    result = obj.get("result")
    claim = None
    if result is not None:
        if not isinstance(result, dict) or "scores" not in result or set(result) - {"scores", "card_points"}:
            raise RecordError("'result' must be null or an object with 'scores' (and 'card_points')")
        n = cls.players_for(changed)
        scores = _int_list(result["scores"], "result.scores", n)
        cp = result.get("card_points")
        cp = None if cp is None else _int_list(cp, "result.card_points", n)
        claim = ClaimedResult(scores, cp)

    deal = _fresh_deal(obj["variant"], changed, deck, obj["dealer"],
                       {"variant": "'variant'", "options": "'options'", "deck": "'deck'", "dealer": "'dealer'"})
    for i, a in enumerate(actions):
        _push(deal, a, f"actions[{i}] ({acts_in[i]!r})" if isinstance(acts_in[i], int) else f"actions[{i}]")
    return Record(obj["variant"], changed, obj["dealer"], tuple(deck), tuple(actions), dict(tags), claim)


def _int_list(value: object, what: str, n: int | None = None) -> tuple[int, ...]:
    """``value`` as a tuple of integers (not bools), ``n`` of them if given, or RecordError."""
    if (not isinstance(value, (list, tuple)) or (n is not None and len(value) != n)
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        count = "" if n is None else f"{n} "
        raise RecordError(f"{what!r} must be a list of {count}integers, one per seat")
    return tuple(value)


def _card_id(tok: object, cls: type[Deal]) -> int:
    if isinstance(tok, int) and not isinstance(tok, bool):
        return tok
    if not isinstance(tok, str):
        raise RecordError(f"{tok!r} is not a card token")
    try:
        return parse_card(tok, cls.notation)
    except CardParseError as e:
        raise RecordError(str(e)) from None


def _action_id(tok: object, cls: type[Deal]) -> int:
    if isinstance(tok, int) and not isinstance(tok, bool):
        return tok
    if not isinstance(tok, str):
        raise RecordError(f"{tok!r} is not an action token")
    try:
        return parse_action(tok, cls.notation)
    except IllegalActionError as e:
        raise RecordError(str(e)) from None


def _card_tokens(cards: Iterable[int], cls: type[Deal]) -> list[str]:
    out = []
    for c in cards:
        if not isinstance(c, int) or not 0 <= c < NUM_CARDS:
            raise RecordError(f"the deck holds {c!r}, which is not a card id (0..{NUM_CARDS - 1})")
        out.append(format_cards([c], cls.notation))
    return out


def _action_token(action: int, cls: type[Deal]) -> str:
    try:
        return action_token(action, cls.notation)
    except IllegalActionError as e:
        raise RecordError(str(e)) from None


# ----- text ------------------------------------------------------------------------------
def _strip_comments(text: str) -> list[tuple[int, str]]:
    """The lines of ``text`` without comments (``; to end of line`` and ``{...}``, which may span
    lines), numbered from 1; double-quoted tag values keep their ``;`` and braces."""
    out = []
    depth_line = 0  # line where an open brace comment started, 0 if none
    for no, raw in enumerate(text.splitlines(), 1):
        buf = []
        i, n = 0, len(raw)
        while i < n:
            ch = raw[i]
            if depth_line:
                if ch == "}":
                    depth_line = 0
                i += 1
                continue
            if ch == "{":
                depth_line = no
            elif ch == ";":
                break
            elif ch == '"':
                j = i + 1
                while j < n and raw[j] != '"':
                    j += 2 if raw[j] == "\\" else 1
                buf.append(raw[i:j + 1])
                i = j + 1
                continue
            else:
                buf.append(ch)
            i += 1
        line = "".join(buf).strip()
        if line:
            out.append((no, line))
    if depth_line:
        raise RecordError(f"line {depth_line}: the comment opened with '{{' is never closed")
    return out


def _parse_text(text: str) -> Record:
    tags: list[tuple[int, str, str]] = []
    body: list[tuple[int, str]] = []
    for no, line in _strip_comments(text):
        if line.startswith("["):
            if body:
                raise RecordError(f"line {no}: a tag after the moves; tags come first")
            m = _TAG_LINE.match(line)
            if not m:
                raise RecordError(f'line {no}: a tag is written [Name "value"], not {line}')
            tags.append((no, m.group(1), re.sub(r"\\(.)", r"\1", m.group(2))))
        else:
            body.append((no, line))

    single: dict[str, tuple[int, str]] = {}
    info: dict[str, str] = {}
    option_tags: list[tuple[int, str]] = []
    for no, name, value in tags:
        canon = next((t for t in STRUCTURAL_TAGS if t.lower() == name.lower()), None)
        if canon is not None and canon != name:
            raise RecordError(f"line {no}: the tag {name!r} is written {canon!r}")
        if name == OPTION:
            option_tags.append((no, value))
        elif name in single or name in info:
            raise RecordError(f"line {no}: a second {name} tag")
        elif canon is not None:
            single[name] = (no, value)
        else:
            info[name] = value
    for name in (VARIANT, DEALER, DECK):
        if name not in single:
            raise RecordError(f"the record has no {name} tag")

    vno, variant = single[VARIANT]
    try:
        cls = _variant(variant)
    except RecordError as e:
        raise RecordError(f"line {vno}: {e}") from None

    options: dict[str, str] = {}
    for no, value in option_tags:
        try:
            [(key, val)] = parse_assignments([value]).items()
            if key in options:
                raise OptionError(f"option {key!r} is given twice")
            cls.make_options({key: val})
        except OptionError as e:
            raise RecordError(f"line {no}: {e}") from None
        options[key] = val
    changed = cls.make_options(options).changed()

    dno, dealer_text = single[DEALER]
    if not _INT.match(dealer_text.strip()):
        raise RecordError(f"line {dno}: the dealer is a seat number, not {reprlib.repr(dealer_text)}")
    dealer = int(dealer_text)

    kno, deck_text = single[DECK]
    try:
        deck = [parse_card(t, cls.notation) for t in deck_text.split()]
    except CardParseError as e:
        raise RecordError(f"line {kno}: {e}") from None

    claim = None
    if RESULT in single:
        rno, rtext = single[RESULT]
        n = cls.players_for(changed)
        scores = _ints(rtext, rno, RESULT, n)
        cp = None
        if CARD_POINTS in single:
            cno, ctext = single[CARD_POINTS]
            cp = _ints(ctext, cno, CARD_POINTS, n)
        claim = ClaimedResult(scores, cp)
    elif CARD_POINTS in single:
        raise RecordError(f"line {single[CARD_POINTS][0]}: a {CARD_POINTS} tag needs a {RESULT} tag")

    where = {"variant": f"line {vno}", "deck": f"line {kno}", "dealer": f"line {dno}",
             "options": f"line {option_tags[-1][0]}" if option_tags else f"line {vno}"}
    deal = _fresh_deal(variant, changed, deck, dealer, where)
    for no, line in body:
        _read_line(deal, no, line)
    return Record(variant, changed, dealer, tuple(deck), tuple(deal.history), info, claim)


def _ints(text: str, no: int, name: str, n: int) -> tuple[int, ...]:
    parts = text.split()
    if len(parts) != n or not all(_INT.match(p) for p in parts):
        raise RecordError(f"line {no}: the {name} tag holds {n} integers, one per seat, not {reprlib.repr(text)}")
    return tuple(int(p) for p in parts)


def _read_line(deal: Deal, no: int, line: str) -> None:
    """Replay one body line: ``Label: S1 tok tok S2 tok (shown cards) ...``."""
    m = _LABEL.match(line)
    if not m:
        raise RecordError(f"line {no}: a line of moves starts with a label such as 'Trick 3:' or "
                          f"'Discard:', not {line.split()[0]!r}")
    word, number, rest = m.group(1), m.group(2), m.group(3)
    if deal.is_over:
        raise RecordError(f"line {no}: the deal is already over")
    trick_line = word.lower() == "trick"
    if trick_line and not deal.in_play():
        raise RecordError(f"line {no}: a Trick line starts once the play has begun, but the deal is "
                          f"at {_whose_turn(deal)}")
    if trick_line:
        if number is None or len(number) > 6 or int(number) != len(deal.tricks) + 1:
            raise RecordError(f"line {no}: the line says {word} {reprlib.repr(number or '')[1:-1]}".rstrip()
                              + f", but the next trick is trick {len(deal.tricks) + 1}")
    elif word.lower() != deal.phase or number is not None:
        raise RecordError(f"line {no}: the line says {line.split(':')[0].strip()!r}, but the deal is at "
                          f"{_whose_turn(deal)}")
    tokens = _TOKEN.findall(rest)
    seat: int | None = None
    pending: tuple[int, int, int, str] | None = None   # (seat, action, shown before, token)
    played = 0
    start_tricks = len(deal.tricks)
    owned_up = False   # an acknowledge_revoke ends its line
    for tok in tokens:
        sm = _SEAT.match(tok)
        if sm:
            seat = int(sm.group(1))
            continue
        if tok in ("(", ")"):
            raise RecordError(f"line {no}: unbalanced parentheses")
        if tok.startswith("("):
            _read_shown(deal, no, tok, pending)
            pending = None
            continue
        try:
            action = deal.parse_action(tok)
        except IllegalActionError as e:
            raise RecordError(f"line {no}: {e}") from None
        if seat is None:
            raise RecordError(f"line {no}: {tok} has no seat: write S<n> before it")
        if deal.is_over:
            raise RecordError(f"line {no}: {tok} comes after the end of the deal")
        if owned_up:
            raise RecordError(f"line {no}: {tok} follows acknowledge_revoke on the same line: the play "
                              f"went back to before the revoke, so the line ends there and the next "
                              f"line is trick {len(deal.tricks) + 1} again")
        if trick_line and len(deal.tricks) > start_tricks:
            raise RecordError(f"line {no}: trick {start_tricks + 1} is complete before {tok}: "
                              f"one trick per line")
        if deal.phase == PLAY:
            if not trick_line:
                raise RecordError(f"line {no}: {tok} is played to trick {len(deal.tricks) + 1}: "
                                  f"cards played go on a 'Trick {len(deal.tricks) + 1}:' line")
            played += 1
        if seat != deal.to_play:
            where = f"trick {len(deal.tricks) + 1}" if deal.phase == PLAY else f"{deal.phase} phase"
            raise RecordError(f"line {no}: {where}: the line gives {tok} to S{seat}, "
                              f"but it is seat {deal.to_play}'s turn")
        shown_before = len(_shown(deal))
        _push(deal, action, f"line {no}")
        owned_up = action == ACKNOWLEDGE_REVOKE
        if action >= NUM_CARDS:
            pending = (seat, action, shown_before, tok)
    if trick_line and not played:
        raise RecordError(f"line {no}: a Trick line holds no card played")


def _read_shown(deal: Deal, no: int, tok: str, pending: tuple[int, int, int, str] | None) -> None:
    """Check ``(cards)`` after a declaration, first pushing the cards it leaves to choose."""
    if pending is None:
        raise RecordError(f"line {no}: {tok} must follow a declaration")
    seat, action, before, name = pending
    try:
        cards = [parse_card(t, deal.notation) for t in tok[1:-1].split()]
    except CardParseError as e:
        raise RecordError(f"line {no}: {e}") from None
    twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
    if twice is not None:
        raise RecordError(f"line {no}: {tok} lists {format_card(twice, deal.notation)} twice")
    left = sorted(cards)
    while len(_shown(deal)) == before and not deal.is_over and deal.to_play == seat and left:
        legal = set(deal.legal_actions())
        pick = next((c for c in left if c in legal), left[0])   # an illegal one gets the rule's error
        left.remove(pick)
        _push(deal, pick, f"line {no}")
    if len(_shown(deal)) == before:
        if deal.to_play == seat and deal.phase != PLAY and not deal.is_over and not left:
            raise RecordError(f"line {no}: {tok} is too few cards for {name}")
        raise RecordError(f"line {no}: {name} shows no cards, but the line gives {tok}")
    s, a, shown = _shown(deal)[before]
    if (s, a) != (seat, action) or shown != mask(cards):
        raise RecordError(f"line {no}: seat {s} shows ({format_cards(shown, deal.notation)}) for "
                          f"{deal.action_token(a)}, but the line gives {tok}")


# ----- tags ------------------------------------------------------------------------------
def _check_tag(name: str, value: str) -> None:
    if not _TAG_NAME.match(name):
        raise RecordError(f"a tag name is a letter then letters, digits or _, not {name!r}")
    if any(name.lower() == t.lower() for t in STRUCTURAL_TAGS):
        raise RecordError(f"{name!r} is not an informative tag: the record sets it")
    if value.splitlines() not in ([], [value]):
        raise RecordError(f"the {name} tag holds a line break")


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _signed(values: Sequence[int]) -> str:
    return " ".join(f"{v:+d}" for v in values)


__all__ = ["Record", "ClaimedResult", "record_from_deal", "parse_record", "load_record",
           "save_record", "check_record_paths", "replay", "check_result", "FORMAT", "VERSION"]
