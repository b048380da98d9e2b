"""The engine as a teacher in the browser (issue 38): the review of a finished deal beside its
replay, and the puzzles one by one (``docs/review.md``, ``docs/web.md``). ``tarot.web.app``
includes ``router``.

A review (``tarot.runs.review``: every decision of a seat weighed from its view only) takes
seconds, so it runs as a job in a process of its own, one at a time, while the page asks how
far it has come; a finished review is kept in the database (table ``reviews``, migration
``0003``) and given at once after. At most one job exists per record, seat, worlds and
language, and at most ``MAX_WAITING`` wait in line.

A puzzle (``tarot.runs.puzzles``) is sent as its seat's view only, the way a table sends a
state (``payloads.state_payload``); its answer, values and explanation stay on the server until
the person has played a legal card.
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any

from fastapi import APIRouter, HTTPException, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel
from sqlalchemy import DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..core.actions import action_token
from ..core.cards import Card
from ..core.deal import variant_class
from ..core.errors import TarotError, excerpt, shorten
from ..core.view import View
from ..explain import seat_names, title_of, unit_word
from ..explain.messages import speaking
from ..runs.puzzles import Puzzle, shipped, shipped_variants
from .pages import LANGUAGES, _shell, page_language
from .payloads import state_payload
from .store import Base, Store, now

router = APIRouter()
log = logging.getLogger("tarot.web")

#: Review jobs that may wait for the worker (beyond them a request is told to come back).
MAX_WAITING = 8
#: The deals drawn a decision when the request does not say (``tarot review``'s default), and
#: the most a request may ask for.
WORLDS, MAX_WORLDS = 32, 128
#: Finished or failed jobs remembered in memory (the finished ones are in the database too).
KEPT_JOBS = 200


def _lang(lang: str) -> str:
    """``lang`` if the pages speak it, else 400."""
    if lang not in LANGUAGES:
        raise HTTPException(400, f"unknown language {excerpt(lang)}: use 'en' or 'fr'")
    return lang


class ReviewRow(Base):
    """A finished review: ``tarot review --json`` of one record for one seat, its reasons in
    ``lang``."""

    __tablename__ = "reviews"
    record_id: Mapped[int] = mapped_column(ForeignKey("deals.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    worlds: Mapped[int] = mapped_column(Integer, primary_key=True)
    lang: Mapped[str] = mapped_column(String(8), primary_key=True)
    review: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime, default=now)


# ----- review jobs ------------------------------------------------------------------------------
Key = tuple[int, int, int, str]  # record, seat, worlds, language of the reasons


@dataclass
class ReviewJob:
    """One review asked for: ``queued``, ``running`` (``done`` of ``total`` decisions weighed),
    then ``done`` with its ``review`` or ``failed`` with its ``error``."""

    record: int
    seat: int
    worlds: int
    lang: str
    status: str = "queued"
    done: int = 0
    total: int = 0
    error: str = ""
    review: dict[str, Any] | None = field(default=None, repr=False)

    def public(self) -> dict[str, Any]:
        return {"record": self.record, "seat": self.seat, "worlds": self.worlds, "lang": self.lang, "status": self.status,
                "done": self.done, "total": self.total, "error": self.error or None, "review": self.review}


def _review_in_process(conn: Any, text: str, seat: int, worlds: int, lang: str) -> None:
    """The review of record ``text`` for ``seat``, its reasons in ``lang``, in a process of its
    own: ("progress", done, total) after each decision, then ("done", the review as data) or
    ("error", message)."""
    from ..records import parse_record
    from ..runs.review import review

    try:
        with speaking(lang):
            result = review(parse_record(text), [seat], worlds, 0, lambda d, t: conn.send(("progress", d, t)))
        conn.send(("done", result.to_dict()))
    except TarotError as e:
        conn.send(("error", shorten(str(e), 300)))
    finally:
        conn.close()


class Reviewer:
    """The review jobs of one server over ``store``: one process at a time, started by a
    worker thread that reads its progress; each finished review written to the database.
    (A process, not a thread: a review is pure Python for seconds, and would hold the
    interpreter's lock that the event loop and the tables' worker need.)"""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.jobs: dict[Key, ReviewJob] = {}
        self.lock = threading.Lock()
        #: The worker's work in order; a daemon thread, so that a server stopping mid-review
        #: does not wait for it (the review's process, a daemon too, ends with the server).
        self.work: queue.Queue[Callable[[], object]] = queue.Queue()
        threading.Thread(target=self._worker, name="tarot-review", daemon=True).start()

    def _worker(self) -> None:
        while True:
            try:
                self.work.get()()
            except Exception:  # a job's own errors are its status (``_run``); this keeps the worker
                log.exception("review worker")

    def stored(self, key: Key) -> dict[str, Any] | None:
        """The review kept in the database for ``key``, or None."""
        with Session(self.store.engine) as s:
            row = s.get(ReviewRow, key)
            return None if row is None else json.loads(row.review)

    def job(self, key: Key) -> ReviewJob | None:
        with self.lock:
            return self.jobs.get(key)

    def start(self, key: Key, text: str) -> ReviewJob:
        """The job of ``key``: the one under way, else a new one in line (``LookupError`` when
        ``MAX_WAITING`` wait already)."""
        with self.lock:
            job = self.jobs.get(key)
            if job is not None and job.status in ("queued", "running"):
                return job
            waiting = sum(j.status == "queued" for j in self.jobs.values())
            if waiting >= MAX_WAITING:
                raise LookupError(f"{waiting} reviews are waiting already: ask again in a minute")
            job = ReviewJob(*key)
            self.jobs[key] = job
            self._forget_old()
        self.work.put(lambda: self._run(job, text))
        return job

    def _forget_old(self) -> None:
        over = [k for k, j in self.jobs.items() if j.status in ("done", "failed")]
        for k in over[:max(0, len(self.jobs) - KEPT_JOBS)]:
            del self.jobs[k]

    def _run(self, job: ReviewJob, text: str) -> None:
        job.status = "running"
        ctx = multiprocessing.get_context("spawn")
        receive, send = ctx.Pipe(duplex=False)
        process = ctx.Process(target=_review_in_process, args=(send, text, job.seat, job.worlds, job.lang),
                              daemon=True)
        try:
            process.start()
            send.close()
            while True:
                message = receive.recv()
                if message[0] == "progress":
                    job.done, job.total = message[1], message[2]
                elif message[0] == "done":
                    self._keep(job, message[1])
                    job.review, job.status = message[1], "done"
                    break
                else:
                    job.error, job.status = message[1], "failed"
                    break
        except Exception as e:  # the process died (EOFError) or the database refused the review
            log.error("review of deal %s seat %s failed: %r", job.record, job.seat, e)
            job.error, job.status = f"the review stopped: {shorten(repr(e), 200)}", "failed"
        finally:
            receive.close()
            process.join(5)
            if process.is_alive():
                process.kill()

    def _keep(self, job: ReviewJob, review: dict[str, Any]) -> None:
        with Session(self.store.engine) as s, s.begin():
            if s.get(ReviewRow, (job.record, job.seat, job.worlds, job.lang)) is None:
                s.add(ReviewRow(record_id=job.record, seat=job.seat, worlds=job.worlds, lang=job.lang,
                                review=json.dumps(review)))


def reviewer(request: Request) -> Reviewer:
    """The server's reviewer, made at its first use over the tables' database."""
    state = request.app.state
    if getattr(state, "reviewer", None) is None:
        state.reviewer = Reviewer(state.manager.store)
    return state.reviewer


async def _record_text(request: Request, rid: int) -> str:
    m = request.app.state.manager
    row = await m.run(m.store.record, rid)
    if row is None or row.record is None:
        raise HTTPException(404, f"no finished deal {rid}")
    return row.record


def _check_seat(text: str, rid: int, seat: int) -> None:
    """400 unless ``seat`` is a seat of the deal of record ``text``."""
    from ..records import parse_record

    record = parse_record(text)
    players = variant_class(record.variant).players_for(record.options)
    if not 0 <= seat < players:
        raise HTTPException(400, f"seat {seat} is not a seat of deal {rid}, a {players}-player deal "
                                 f"(0 to {players - 1})")


_SEAT = Query(ge=0, le=7, description="The seat reviewed (0 = the first).")
_WORLDS = Query(WORLDS, ge=1, le=MAX_WORLDS, description="Deals drawn from the seat's view to weigh each decision.")
_RID = Path(ge=1, le=2 ** 53)


@router.post("/api/records/{rid}/review", tags=["review"], status_code=202)
async def start_review(request: Request, rid: int = _RID, seat: int = _SEAT, worlds: int = _WORLDS,
                       lang: str = "en") -> JSONResponse:
    """Start the engine's review of finished deal ``rid`` for ``seat`` (``tarot review --seat S
    --json``, docs/review.md), or give the one under way or kept: 200 with the review when it
    is done, else 202 with the job's progress; ask ``GET`` until its status is ``done`` or
    ``failed``. The reasons are said in ``lang`` (``en``, ``fr``). 404: no such deal; 400: not a
    seat of it; 503: too many reviews waiting."""
    key = (rid, seat, worlds, _lang(lang))
    text = await _record_text(request, rid)
    _check_seat(text, rid, seat)
    r = reviewer(request)
    kept = await run_in_threadpool(r.stored, key)
    if kept is not None:
        return JSONResponse(ReviewJob(*key, status="done", review=kept).public())
    try:
        job = r.start(key, text)
    except LookupError as e:
        raise HTTPException(503, str(e)) from None
    return JSONResponse(job.public(), status_code=200 if job.status == "done" else 202)


@router.get("/api/records/{rid}/review", tags=["review"])
async def get_review(request: Request, rid: int = _RID, seat: int = _SEAT, worlds: int = _WORLDS,
                     lang: str = "en") -> dict[str, Any]:
    """The review of deal ``rid`` for ``seat``: its job's status (``queued``, ``running`` with
    ``done`` of ``total`` decisions, ``failed`` with ``error``) or, ``done``, the review as
    ``tarot review --json`` gives it. 404 when none was asked for."""
    key = (rid, seat, worlds, _lang(lang))
    r = reviewer(request)
    job = r.job(key)
    if job is not None:
        return job.public()
    kept = await run_in_threadpool(r.stored, key)
    if kept is not None:
        return ReviewJob(*key, status="done", review=kept).public()
    await _record_text(request, rid)
    raise HTTPException(404, f"no review of deal {rid} for seat {seat} yet: POST to start one")


# ----- puzzles ----------------------------------------------------------------------------------
@cache
def _puzzles(variant: str) -> tuple[Puzzle, ...]:
    return tuple(shipped(variant))


def puzzle_of(variant: str, number: int) -> Puzzle:
    """Shipped puzzle ``number`` (1-based) of ``variant``; 404 naming the sets or the count."""
    names = shipped_variants()
    if variant not in names:
        raise HTTPException(404, f"no puzzles for {excerpt(variant)}; the sets are {', '.join(names)}")
    puzzles = _puzzles(variant)
    if not 1 <= number <= len(puzzles):
        raise HTTPException(404, f"puzzle {number}: there are {len(puzzles)} puzzles for {variant}")
    return puzzles[number - 1]


def position_payload(view: View, power: Callable[[Card], int], number: int, count: int) -> dict[str, Any]:
    """A puzzle's position as the browser draws it: the seat's view only (the table's ``state``
    of that seat at its turn, ``payloads.state_payload``), the seats' names from that seat, the
    legal cards. Made from the view alone: nothing of the answer nor of the hidden hands."""
    cls = variant_class(view.variant)
    state = state_payload(view, None, power, status="running", number=number, dealt=number, deals=count,
                          over=False, to_play=view.seat, totals=[], sheet=[], seats=[])
    return {"variant": view.variant, "title": cls.title, "title_fr": title_of(cls, "fr"), "notation": view.notation.name, "players": view.players,
            "seat": view.seat, "names": seat_names(view.players, view.seat, cls.seat_step(view.options)),
            "number": number, "count": count, "trick": len(view.tricks) + 1,
            "tricks": len(view.tricks) + view.hand_sizes[view.seat],
            "unit": unit_word(cls.SCORE_UNIT, short=True), "deal": state["deal"],
            "legal": sorted(view.legal_actions),
            "labels": {str(a): action_token(a, view.notation) for a in view.legal_actions}}


class Answer(BaseModel):
    card: int


@router.get("/api/puzzles", tags=["puzzles"])
def puzzle_sets() -> list[dict[str, Any]]:
    """The sets of puzzles that ship: each variant, its title and how many puzzles it has."""
    return [{"variant": v, "title": variant_class(v).title, "title_fr": title_of(variant_class(v), "fr"), "count": len(_puzzles(v))} for v in shipped_variants()]


@router.get("/api/puzzles/{variant}/{number}", tags=["puzzles"])
def puzzle(variant: str, number: int = Path(ge=1, le=10 ** 6), lang: str = "en") -> dict[str, Any]:
    """Puzzle ``number`` of ``variant`` as its seat sees it (never its answer)."""
    p = puzzle_of(variant, number)
    with speaking(_lang(lang)):
        deal = p.position()
        return position_payload(deal.view(p.seat), deal.card_power, number, len(_puzzles(variant)))


@router.post("/api/puzzles/{variant}/{number}/answer", tags=["puzzles"])
def answer(variant: str, body: Answer, number: int = Path(ge=1, le=10 ** 6), lang: str = "en") -> dict[str, Any]:
    """Play ``card`` in puzzle ``number``: whether it is the answer, the answer, why, and each
    card's value. 400 names why a card cannot be played there."""
    p = puzzle_of(variant, number)
    with speaking(_lang(lang)):
        deal = p.position()
        if not 0 <= body.card < 78 or body.card not in deal.legal_actions():
            why = deal.explain_illegal(body.card) if 0 <= body.card < 78 else "a card is a number from 0 to 77"
            raise HTTPException(400, shorten(f"{deal.action_token(body.card) if 0 <= body.card < 78 else body.card} "
                                             f"cannot be played here: {why}", 300))
        ranked = sorted(p.values, key=lambda a: (-p.values[a], a))
        return {"right": body.card == p.answer, "card": body.card, "card_label": deal.action_token(body.card),
                "answer": p.answer, "answer_label": deal.action_token(p.answer), "explanation": p.explanation(),
                "unit": unit_word(deal.SCORE_UNIT, short=True),
                "values": [{"card": a, "label": deal.action_token(a), "value": round(p.values[a], 2)} for a in ranked]}


@router.get("/puzzles", response_class=HTMLResponse, include_in_schema=False)
def puzzles_page(request: Request) -> HTMLResponse:
    """The puzzles, one by one: choose a set, click a card."""
    return _shell("puzzles", page_language(request), {"sets": puzzle_sets()})


__all__ = ["MAX_WAITING", "ReviewJob", "ReviewRow", "Reviewer", "position_payload", "puzzle_of", "router"]
