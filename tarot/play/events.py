"""What happens at a table, as plain event objects: no printing, no interface.

Each event carries the lines that tell it (``tarot.explain.Line``) and ``to``, the seat whose
client is told (None: everyone at the table). A table narrates for each listener with the seat
names seen from its chair and its own secrets only (``Narration``): a discard's cards are told
to the seat that made it, to the others their number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..core.cards import CardSet, Seat
from ..core.deal import DealResult
from ..core.ledger import Payment
from ..explain import CardRow, Line


@dataclass(frozen=True)
class SheetRow:
    """One deal on the score sheet: ``number`` as dealt (1, 2...; a hand not played out has
    its row), its ``dealer``, each seat's ``scores`` and whether it was ``annulled`` (not played
    out, dealt again)."""

    number: int
    dealer: Seat
    scores: tuple[int, ...]
    annulled: bool = False


@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened at the table, with the lines that tell it to ``to``, in
    ``lang`` (None: the language the session speaks; a web table narrates in each language
    its clients read)."""

    to: Seat | None = None
    lines: tuple[Line | CardRow, ...] = ()
    lang: str | None = None


@dataclass(frozen=True, kw_only=True)
class DealStarted(Event):
    """Deal ``number`` (1, 2...; a hand not played out is dealt again under the same number)
    of ``deals``, dealt by ``dealer``."""

    number: int
    deals: int
    dealer: Seat
    again: bool = False
    #: The deal goes on from a saved record (``TableSession.resume``): its moves so far follow.
    resumed: bool = False


@dataclass(frozen=True, kw_only=True)
class ActionPlayed(Event):
    """``seat`` took ``action`` (its ``token``) in ``phase``; the lines say what the game makes
    of it (a discard, a declaration, a bid...)."""

    seat: Seat
    phase: str
    action: int
    token: str


@dataclass(frozen=True, kw_only=True)
class DeclarationShown(Event):
    """``seat`` showed ``cards`` for ``declaration`` (an action id): public from now on."""

    seat: Seat
    declaration: int
    cards: CardSet


@dataclass(frozen=True, kw_only=True)
class TrickWon(Event):
    """Trick ``index`` (0, 1...) gathered by ``winner`` (None: le Mort)."""

    index: int
    winner: Seat | None
    cards: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class PaymentMade(Event):
    payment: Payment


@dataclass(frozen=True, kw_only=True)
class PaymentTakenBack(Event):
    """A payment the play took back (a revoke owned up to takes the play back, and its
    payments with it)."""

    payment: Payment


@dataclass(frozen=True, kw_only=True)
class DealOver(Event):
    """A deal finished: its ``result``, the count explained (``lines``), ``annulled`` when it
    was not played out (it is dealt again), and the match's running ``totals`` and ``sheet``."""

    number: int
    result: DealResult
    annulled: bool
    played: int
    dealt: int
    totals: tuple[int, ...]
    #: The score sheet so far, this deal's row last.
    sheet: tuple[SheetRow, ...] = ()


@dataclass(frozen=True, kw_only=True)
class TakenBack(Event):
    """``seat`` took back its last decision (``undo``, against bots only): ``actions`` are the
    actions taken back, the latest first (the bots' after it, then the seat's own)."""

    seat: Seat
    actions: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class RecordSaved(Event):
    path: Path


@dataclass(frozen=True, kw_only=True)
class RecordFailed(Event):
    """A deal's record could not be written to ``path`` (``reason``); ``text`` is the whole
    record, for the client to keep (nothing is lost), and ``saved`` where it went instead, if
    anywhere."""

    path: Path
    reason: str
    text: str
    saved: Path | None = None


@dataclass(frozen=True, kw_only=True)
class GameProgress(Event):
    """The game played to a target after a deal (Early French Tarot's game to 50)."""

    totals: tuple[int, ...]
    over: bool


@dataclass(frozen=True, kw_only=True)
class MatchOver(Event):
    """The session has ended: every deal asked for played, or the game to its target won."""

    totals: tuple[int, ...] = field(default=())
    reason: str = "deals"
