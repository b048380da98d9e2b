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

This package: the ``Record`` and replay (here), the text form (``text``), the JSON form
(``json``), record files (``files``), and what the forms share (``common``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path

from ..core.deal import VARIANTS, Deal
from ..core.errors import OptionError, RecordError, excerpt
from .common import (
    FORMAT, RESULT, VERSION, ClaimedResult, Parsed, check_tag, fresh_deal, int_list, push, signed,
    whose_turn,
)
from .files import MAX_RECORD_BYTES, check_record_paths, read_record_file, write_record_file
from .json import format_json, parse_json, refuse_non_object
from .text import format_text, parse_text


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
        # the field
        if not isinstance(self.variant, str):
            raise RecordError(f"the variant must be a name, not {excerpt(self.variant)}")
        for name in ("options", "tags"):
            if not isinstance(getattr(self, name), Mapping):
                raise RecordError(f"{name} must be a mapping of names to values, not "
                                  f"{excerpt(getattr(self, name))}")
        for name in ("deck", "actions"):
            value = getattr(self, name)
            if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
                raise RecordError(f"{name} must be a sequence of ids, not {excerpt(value)}")
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
        object.__setattr__(self, "tags", {tag_text(k, "a tag's name"): tag_text(v, f"the {excerpt(k)} tag")
                                          for k, v in self.tags.items()})
        if self.result is not None:
            if not isinstance(self.result, (tuple, list)) or not 1 <= len(self.result) <= 2:
                raise RecordError(f"the result must be (scores, card points or None), not "
                                  f"{excerpt(self.result)}")
            scores, *rest = self.result
            points = rest[0] if rest else None
            object.__setattr__(self, "result", ClaimedResult(
                int_list(scores, "result scores"),
                None if points is None else int_list(points, "result card points")))

    def to_text(self) -> str:
        """The text form: tag pairs, the hands as comments, then one line per step group.

        Writing replays the actions (the lines follow the deal's phases and tricks), so an
        illegal action raises ``RecordError``; the claimed result is written as claimed.
        """
        return format_text(self)

    def to_json(self) -> str:
        """The JSON form: one key per line, cards and actions as tokens.

        Writing replays the actions, so an illegal action raises ``RecordError`` (as
        ``to_text`` does); the claimed result is written as claimed.
        """
        return format_json(self)


def record_from_deal(deal: Deal, **tags: object) -> Record:
    """The record of ``deal`` as it stands (finished or not); ``tags`` are informative tags.

    A finished deal's record claims its result, which ``replay`` checks.
    """
    texts = {name: tag_text(value, f"the {excerpt(name)} tag") for name, value in tags.items()}
    for name, value in texts.items():
        check_tag(name, value)
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
        tags=texts,
        result=result,
    )


def tag_text(value: object, what: str) -> str:
    """``str(value)``, the text of an informative tag or of its name, or ``RecordError`` saying
    ``what`` cannot be it, for a value that has none (an integer of more than 4,300 digits)."""
    try:
        return str(value)
    except ValueError:
        raise RecordError(f"{what} cannot be {excerpt(value)}") from None


# ----- replay --------------------------------------------------------------------------------
def replay(record: Record) -> Deal:
    """A fresh deal with every action of ``record`` pushed, after checking the claimed result.

    Raises ``RecordError`` naming the action (``actions[36]``) and the rule broken, or the
    claim that does not match. Nothing outside the new deal is touched.
    """
    if not isinstance(record, Record):
        raise RecordError(f"replay takes a Record (parse_record or load_record make one), not "
                          f"{type(record).__name__}")
    deal = fresh_deal(record.variant, record.options, record.deck, record.dealer)
    for i, a in enumerate(record.actions):
        push(deal, a, f"actions[{i}]")
    check_result(record, deal)
    return deal


def check_result(record: Record, deal: Deal) -> None:
    """Raise ``RecordError`` if ``record`` claims a result that ``deal`` (its replay) does not have."""
    claim = record.result
    if claim is None:
        return
    if not deal.is_over:
        raise RecordError(
            f"the record claims a result ({RESULT} {signed(claim.scores)}), but the deal is not over "
            f"after its {len(record.actions)} actions ({whose_turn(deal)})")
    r = deal.result()
    if tuple(claim.scores) != tuple(r.scores):
        raise RecordError(f"the record claims scores {signed(claim.scores)}, "
                          f"but the replay gives {signed(r.scores)}")
    if claim.card_points is not None and tuple(claim.card_points) != tuple(r.card_points):
        raise RecordError(f"the record claims card points {' '.join(map(str, claim.card_points))}, "
                          f"but the replay gives {' '.join(map(str, r.card_points))}")


# ----- reading and writing -------------------------------------------------------------------
def parse_record(text: str) -> Record:
    """Read a record in either form: JSON if the text starts with ``{"`` (or ``{}``), else text.

    The actions are replayed while reading, so an illegal one is refused here with the line
    (text) or ``actions[i]`` (JSON) and the rule broken. The claimed result is checked by
    ``replay``.
    """
    if not isinstance(text, str):
        raise RecordError(f"a record is text, not {type(text).__name__}")
    return Record(*_read(text.lstrip("\ufeff")))


def _read(text: str) -> Parsed:
    """The record in ``text``, read by the form it is written in."""
    if re.match(r'\s*\{\s*["}]', text):
        try:
            return parse_json(text)
        except RecordError:
            # not JSON after all: a text record that opens with a {"..."} comment (whatever the
            # comment holds: a line starting with a [Variant tag is never JSON)
            if not re.search(r"^[ \t]*\[Variant\s", text, re.M):
                raise
    elif not re.search(r"^[ \t]*\[", text, re.M):  # no tag line: JSON that is not an object?
        refuse_non_object(text)
    return parse_text(text)


def load_record(path: str | PathLike) -> Record:
    """Read a record file (UTF-8, either form); errors start with the file's name."""
    p, text = read_record_file(path)
    try:
        return parse_record(text)
    except RecordError as e:
        raise RecordError(f"{p}: {e}") from None


def save_record(record: Record, path: str | PathLike) -> None:
    """Write ``record`` to ``path``: the JSON form for a ``.json`` name, else the text form.

    The record is written beside ``path`` and then renamed to it, so ``path`` ends up holding
    either the whole record or what it held before (a full disk, a write refused halfway).
    """
    if not isinstance(record, Record):
        raise RecordError(f"save_record takes a Record (record_from_deal makes one), not {type(record).__name__}")
    p = Path(path)
    check_record_paths([p])
    write_record_file(p, record.to_json() if p.suffix.lower() == ".json" else record.to_text())


__all__ = ["Record", "ClaimedResult", "RecordError", "record_from_deal", "parse_record",
           "load_record", "save_record", "check_record_paths", "replay", "check_result", "FORMAT",
           "VERSION", "MAX_RECORD_BYTES"]
