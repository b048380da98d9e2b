"""Duplicate challenges in the browser (docs/review.md, "Challenge"): a page to choose one, a
table of its deals for one person against bots, and the comparison board by board with the
reference bot in that seat and with the other people who played the same challenge.

A challenge's table is a web table like any other (``tarot.web.live``), dealt from the
challenge's boards (``TableRow.boards``, kept across a restart) instead of shuffled cards; it
tells each seat its view only, through the same messages. Each person's play is a row of
``challenge_plays``; its scores are never taken from a client: the server reads them from the
deals its table stored (``DealRow.scores``) once every board is over (``settle``). The API
never sends a board's cards: a finished deal's record is public as any other (``/api/records``).
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field
from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..core.errors import TarotError, excerpt, printable
from ..play.session import PERSON
from ..runs.challenge import DEFAULT_DEALS, Challenge, ChallengeResult, default_id, standings
from . import pages
from .store import Base, DealRow, Store, now
from .tables import TableManager, check_spec, option_text

router = APIRouter()
pages._TITLES["challenge"] = {"en": "Tarot: duplicate challenge", "fr": "Tarot : défi en différé"}

#: The bots' reference scores of the challenges asked lately (a challenge's key → its scores).
_REFERENCE: OrderedDict[str, tuple[int, ...]] = OrderedDict()
_REFERENCE_KEPT = 64
_REFERENCE_LOCK = threading.Lock()


class ChallengePlay(Base):
    """A person's play of a challenge at table ``table_id``; ``scores`` (the person's in the
    seat, board by board) once the server has counted every board."""

    __tablename__ = "challenge_plays"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    challenge: Mapped[str] = mapped_column(String(60))
    variant: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    deals: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    bots: Mapped[list[str]] = mapped_column(JSON)
    name: Mapped[str] = mapped_column(String(80), default="")
    scores: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[datetime] = mapped_column(DateTime, default=now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)

    def challenge_of(self) -> Challenge:
        return Challenge.make(self.variant, self.challenge, self.deals, self.seat, self.bots, self.options)


class ChallengeSpec(BaseModel):
    """A challenge to play: the game, its id (default: the game's challenge of the day), the
    number of deals, the person's seat, the bots (one level for every seat, or one per seat;
    the one in the person's seat is the reference), rule options, the person's name."""

    variant: str = Field(max_length=40)
    id: str | None = Field(default=None, max_length=60)
    deals: int = DEFAULT_DEALS
    seat: int = 0
    bots: list[str] = Field(default_factory=lambda: ["rule"], min_length=1, max_length=8)
    options: dict[str, str | int | bool] = Field(default_factory=dict, max_length=60)
    name: str = Field(default="", max_length=40)
    lang: str = Field(default="en", max_length=8)


# ----- the database -----------------------------------------------------------------------------
def add_play(store: Store, table_id: str, c: Challenge, name: str) -> None:
    with Session(store.engine) as s, s.begin():
        s.add(ChallengePlay(table_id=table_id, challenge=c.id, variant=c.variant, options=dict(c.options),
                            deals=c.deals, seat=c.seat, bots=list(c.bots), name=name, finished=False))


def settle(store: Store, plays: list[ChallengePlay]) -> list[ChallengePlay]:
    """Count the plays whose every board is over, from the deals their tables stored: the
    person's score in the seat, board by board. Returns the plays as they now stand."""
    out = []
    with Session(store.engine, expire_on_commit=False) as s, s.begin():
        for p in plays:
            row = s.get(ChallengePlay, p.table_id)
            if row is None:
                continue
            if not row.finished:
                deals = list(s.scalars(select(DealRow).where(DealRow.table_id == row.table_id,
                                                             DealRow.finished.is_(True))
                                       .order_by(DealRow.number)))
                scores = [d.scores[row.seat] for d in deals if d.scores]
                if [d.number for d in deals] == list(range(1, row.deals + 1)) and len(scores) == row.deals:
                    row.scores, row.finished, row.finished_at = scores, True, now()
                elif scores != (row.scores or []):
                    row.scores = scores  # the boards over so far
            out.append(row)
    return out


def plays_of(store: Store, c: Challenge) -> list[ChallengePlay]:
    """Every play of challenge ``c`` (the same id, game, options, deals, seat and bots)."""
    with Session(store.engine, expire_on_commit=False) as s:
        rows = s.scalars(select(ChallengePlay).where(ChallengePlay.variant == c.variant,
                                                     ChallengePlay.challenge == c.id,
                                                     ChallengePlay.deals == c.deals, ChallengePlay.seat == c.seat))
        return [r for r in rows if list(r.bots) == list(c.bots) and dict(r.options) == dict(c.options)]


def play_of(store: Store, table_id: str) -> ChallengePlay | None:
    with Session(store.engine, expire_on_commit=False) as s:
        return s.get(ChallengePlay, table_id[:40])


# ----- the figures --------------------------------------------------------------------------------
def reference(c: Challenge) -> tuple[int, ...]:
    """The reference bot's scores of ``c``, played once per server for the challenges asked
    lately, one challenge at a time (a search bot's 16 deals take a while: in a thread of
    their own, not the tables' worker, so that no table waits for them)."""
    key = json.dumps(c.key(), sort_keys=True)
    with _REFERENCE_LOCK:
        if key in _REFERENCE:
            _REFERENCE.move_to_end(key)
            return _REFERENCE[key]
        scores = c.bot_scores()
        _REFERENCE[key] = scores
        while len(_REFERENCE) > _REFERENCE_KEPT:
            _REFERENCE.popitem(last=False)
        return scores


def result_of(play: ChallengePlay, bots: tuple[int, ...]) -> dict[str, Any]:
    c = play.challenge_of()
    return {"table": play.table_id, **ChallengeResult(c, play.name, tuple(play.scores or ()), bots).to_dict()}


def challenge_figures(store: Store, c: Challenge, bots: tuple[int, ...]) -> dict[str, Any]:
    """The challenge's boards (dealer and the reference's score ``bots`` in the seat: never the
    cards) and every person's finished result, best first."""
    plays = settle(store, plays_of(store, c))
    results = [ChallengeResult(c, p.name, tuple(p.scores or ()), bots) for p in plays]
    tables = {id(r): p.table_id for r, p in zip(results, plays)}
    ranked = standings(results)
    return {"challenge": c.key(), "reference": c.reference,
            "boards": [{"board": b.index + 1, "dealer": b.dealer, "bots": s} for b, s in zip(c.boards(), bots)],
            "results": [{"table": tables[id(r)], **r.to_dict()} for r in ranked]}


def _checked(variant: str, challenge_id: str | None, deals: int, seat: int, bots: list[str],
             options: dict[str, object]) -> Challenge:
    try:
        return Challenge.make(variant, challenge_id, deals, seat, bots, options)
    except TarotError as e:
        raise HTTPException(400, str(e)) from None


def _manager(request: Request) -> TableManager:
    return request.app.state.manager


# ----- the API ------------------------------------------------------------------------------------
@router.post("/api/challenges", status_code=201, tags=["challenges"])
async def start_challenge(spec: ChallengeSpec, request: Request) -> dict[str, Any]:
    """Start playing a challenge: a table of its deals with the person in the seat and the bots
    in the others, the seat joined. Returns the table, the seat's token (as joining a table
    does) and the challenge's page. 400 names a bad variant, option, id, number of deals, seat
    or bot."""
    if printable(spec.name) != spec.name:
        raise HTTPException(422, f"name: {excerpt(spec.name)} is not a line of printable characters")
    options = {k: option_text(v) for k, v in spec.options.items()}
    c = _checked(spec.variant, spec.id, spec.deals, spec.seat, spec.bots, dict(options))
    seats = [PERSON if s == c.seat else b for s, b in enumerate(c.bots)]
    try:
        checked = check_spec(c.variant, dict(c.options), seats, c.deals, spec.lang, None, "rule",
                             f"challenge {c.id}"[:80])
    except TarotError as e:
        raise HTTPException(400, str(e)) from None
    checked["boards"] = [[list(b.deck), b.dealer] for b in c.boards()]
    m = _manager(request)
    table = await m.create(checked)
    await m.run(add_play, m.store, table.id, c, spec.name)
    seat, token = await m.join(table.id, c.seat, spec.name or None)
    return {"table": table.id, "seat": seat, "token": token, "ws": f"/ws/tables/{table.id}?token={token}",
            "page": f"/challenge/{table.id}", "challenge": c.key()}


@router.get("/api/challenges", tags=["challenges"])
async def get_challenge(request: Request, variant: str = Query(max_length=40),
                        id: str | None = Query(None, max_length=60),
                        deals: int = Query(DEFAULT_DEALS), seat: int = Query(0),
                        bots: Annotated[list[str] | None, Query(max_length=8)] = None,
                        option: Annotated[list[str] | None, Query(max_length=60)] = None) -> dict[str, Any]:
    """A challenge's boards (each one's dealer and the reference bot's score in the seat; never
    its cards) and the results of everyone who finished it, best mean difference first
    (``bots``: one level for every seat, or one per seat; default ``rule``; ``option``:
    ``KEY=VALUE``, repeated, the rule options changed)."""
    from ..core.options import parse_assignments

    try:
        options = parse_assignments(option or [])
    except TarotError as e:
        raise HTTPException(400, str(e)) from None
    c = _checked(variant, id, deals, seat, bots or ["rule"], dict(options))
    m = _manager(request)
    scores = await asyncio.to_thread(reference, c)
    return await m.run(challenge_figures, m.store, c, scores)


@router.get("/api/challenges/plays/{table_id}", tags=["challenges"])
async def get_play(table_id: str, request: Request) -> dict[str, Any]:
    """One person's play of a challenge: the comparison board by board over the boards over so
    far (``finished`` once all are), counted by the server from its table's deals; and the
    challenge's other finished results."""
    m = _manager(request)
    play = await m.run(play_of, m.store, table_id)
    if play is None:
        raise HTTPException(404, f"no challenge played at table {excerpt(table_id)}")
    c = play.challenge_of()
    bots = await asyncio.to_thread(reference, c)
    figures = await m.run(challenge_figures, m.store, c, bots)
    [play] = await m.run(settle, m.store, [play])
    return {"play": result_of(play, bots), **figures}


# ----- the pages ----------------------------------------------------------------------------------
@router.get("/challenge", response_class=HTMLResponse, include_in_schema=False)
def challenge_page(request: Request) -> HTMLResponse:
    """Choose a challenge (game, id, seat, deals) and start it."""
    return pages._shell("challenge", pages.page_language(request), {"today": {
        v: default_id(v) for v in _variants()}})


@router.get("/challenge/{table_id}", response_class=HTMLResponse, include_in_schema=False)
def challenge_table_page(table_id: str, request: Request) -> HTMLResponse:
    """A challenge's table, then its comparison."""
    return pages._shell("challenge", pages.page_language(request), {"table": table_id[:64]})


def _variants() -> list[str]:
    from ..core.deal import VARIANTS

    return sorted(VARIANTS)


__all__ = ["ChallengePlay", "add_play", "challenge_figures", "router", "settle"]
