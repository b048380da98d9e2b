"""The web server's application (FastAPI): the HTTP API of tables and records, the WebSocket of
live play (``docs/web-protocol.md``), the browser client's pages (``tarot.web.pages``) and its
files (``tarot/web/static``). ``tarot serve`` runs it with uvicorn.

Every refusal is one bounded line naming the fault (``{"detail": "..."}``); a request body is
at most ``MAX_BODY`` bytes.
"""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path as FilePath
from typing import Any

from fastapi import FastAPI, HTTPException, Path, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel, Field

from ..core.errors import TarotError, excerpt, shorten
from . import challenge, pages, teach
from .store import Store, default_url
from .tables import TableManager, check_spec, option_text

#: The largest request body taken, in bytes.
MAX_BODY = 16384


class TableSpec(BaseModel):
    """A table to create (``docs/web-protocol.md``)."""

    variant: str = Field(max_length=40)
    options: dict[str, str | int | bool] = Field(default_factory=dict, max_length=60)
    seats: list[str] = Field(min_length=1, max_length=8)
    deals: int | None = 1
    lang: str = Field(default="en", max_length=8)
    empty_seat_after: float | None = None
    empty_seat_bot: str = Field(default="rule", max_length=40)
    name: str = Field(default="", max_length=80)


class JoinRequest(BaseModel):
    seat: int | None = None
    name: str | None = Field(default=None, max_length=40)


class BodyLimit:
    """Refuse a request whose body is larger than ``limit`` bytes (413), whether it says its
    length or not (ASGI middleware: the body is counted as it comes)."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            return await _too_large(self.limit, send)
        seen = 0

        async def counted() -> dict:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise _BodyTooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except _BodyTooLarge:
            await _too_large(self.limit, send)


class _BodyTooLarge(Exception):
    pass


async def _too_large(limit: int, send: Any) -> None:
    body = f'{{"detail": "a request body is at most {limit} bytes"}}'.encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def create_app(database_url: str | None = None, tick: float = 1.0) -> FastAPI:
    """The application over the database at ``database_url`` (default: ``default_url()``),
    upgraded to the newest schema when it starts; unfinished tables are rebuilt then."""
    url = database_url or default_url()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        manager = TableManager(Store(url), tick=tick)
        app.state.manager = manager
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()

    app = FastAPI(title="tarot", version="1", lifespan=lifespan,
                  description="Tarot card games at live tables: people and bots. Protocol: docs/web-protocol.md")
    app.add_middleware(BodyLimit, limit=MAX_BODY)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(x) for x in first.get("loc", ()) if x != "body") or "body"
        return JSONResponse({"detail": shorten(f"{where}: {first.get('msg', 'invalid')}", 300)}, status_code=422)

    def manager(request: Request | WebSocket) -> TableManager:
        return request.app.state.manager

    @app.get("/api/health")
    async def health(request: Request) -> dict[str, Any]:
        return {"ok": True, "tables": len(manager(request).tables)}

    @app.get("/api/variants")
    async def variants() -> list[dict[str, Any]]:
        from ..core.deal import VARIANTS
        from ..explain import title_of

        return [{"variant": name, "title": cls.title, "title_fr": title_of(cls, "fr"),
                 "players": list(cls.player_counts()), "notation": cls.notation.name,
                 "options": [{"key": o.key, "choices": list(o.choices), "default": o.default,
                              "int_range": list(o.int_range) if o.int_range else None, "doc": o.doc,
                              "table_only": bool(o.table_only)} for o in cls.OPTIONS]}
                for name, cls in sorted(VARIANTS.items())]

    @app.get("/api/bots")
    async def bots() -> dict[str, str]:
        from ..bots import bot_levels

        return bot_levels()

    @app.get("/api/cards/{notation}")
    async def cards(notation: str) -> list[dict[str, Any]]:
        from ..core.cards import NOTATIONS, card_name, format_card, short_name

        n = NOTATIONS.get(notation)
        if n is None:
            raise HTTPException(404, f"no notation {excerpt(notation)}; the notations are {', '.join(NOTATIONS)}")
        return [{"id": c, "token": format_card(c, n), "name_en": card_name(c, n), "name_fr": card_name(c, n, "fr"),
                 "short": short_name(c, n)} for c in range(78)]

    @app.post("/api/tables", status_code=201)
    async def create_table(spec: TableSpec, request: Request) -> dict[str, Any]:
        try:
            checked = check_spec(spec.variant, {k: option_text(v) for k, v in spec.options.items()}, spec.seats,
                                 spec.deals, spec.lang, spec.empty_seat_after, spec.empty_seat_bot, spec.name)
        except TarotError as e:
            raise HTTPException(400, str(e)) from None
        m = manager(request)
        return m.public(await m.create(checked))

    @app.get("/api/tables")
    async def list_tables(request: Request, status: str | None = Query(None, max_length=10),
                          limit: int = Query(100, ge=1, le=500), offset: int = Query(0, ge=0, le=10 ** 9)) -> list[dict[str, Any]]:
        if status not in (None, "open", "running", "over"):
            raise HTTPException(400, f"status: {excerpt(status)} is not open, running or over")
        m = manager(request)
        rows = await m.run(m.store.tables, status, limit, offset)
        return [m.public(m.tables[r.id]) if r.id in m.tables else _stored_public(r) for r in rows]

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> dict[str, Any]:
        m = manager(request)
        if table_id in m.tables:
            return m.public(m.tables[table_id])
        row = await m.run(m.store.table, table_id[:40])
        if row is None:
            raise HTTPException(404, f"no table {excerpt(table_id)}")
        return _stored_public(row)

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: JoinRequest, request: Request) -> dict[str, Any]:
        from ..core.errors import printable

        if body.name is not None and printable(body.name) != body.name:
            raise HTTPException(422, f"name: {excerpt(body.name)} is not a line of printable characters")
        try:
            seat, token = await manager(request).join(table_id, body.seat, body.name)
        except LookupError as e:
            raise HTTPException(404, str(e)) from None
        except TarotError as e:
            raise HTTPException(409, str(e)) from None
        return {"seat": seat, "token": token, "ws": f"/ws/tables/{table_id}?token={token}"}

    @app.get("/api/records")
    async def list_records(request: Request, table: str | None = Query(None, max_length=40),
                           limit: int = Query(50, ge=1, le=500), offset: int = Query(0, ge=0, le=10 ** 9)) -> list[dict[str, Any]]:
        m = manager(request)
        rows = await m.run(m.store.records, table, limit, offset)
        variants = {}
        for r in rows:
            if r.table_id not in variants:
                t = m.tables.get(r.table_id)
                variants[r.table_id] = t.row.variant if t else getattr(await m.run(m.store.table, r.table_id),
                                                                       "variant", None)
        return [{"id": r.id, "table": r.table_id, "number": r.number, "variant": variants[r.table_id],
                 "scores": r.scores, "annulled": r.annulled,
                 "finished": r.finished_at.isoformat() + "Z" if r.finished_at else None} for r in rows]

    @app.get("/api/records/{rid}.txt", response_class=PlainTextResponse)
    async def record_text(request: Request, rid: int = Path(ge=1, le=2 ** 53)) -> Response:
        from ..records import parse_record

        text = await _record(request, rid)
        return PlainTextResponse(parse_record(text).to_text())

    @app.get("/api/records/{rid}")
    async def record_json(request: Request, rid: int = Path(ge=1, le=2 ** 53)) -> Response:
        return Response(await _record(request, rid), media_type="application/json")

    async def _record(request: Request, rid: int) -> str:
        m = manager(request)
        row = await m.run(m.store.record, rid)
        if row is None or row.record is None:
            raise HTTPException(404, f"no finished deal {rid}")
        return row.record

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str, token: str | None = None, lang: str | None = None) -> None:
        await manager(websocket).connect(websocket, table_id, token, lang)

    app.include_router(pages.router)
    app.include_router(challenge.router)  # duplicate challenges (tarot.web.challenge)
    app.include_router(teach.router)
    static = FilePath(__file__).with_name("static")
    if static.is_dir():
        from fastapi.staticfiles import StaticFiles

        app.mount("/static", StaticFiles(directory=static), name="static")
    return app


def _stored_public(row: Any) -> dict[str, Any]:
    """A table no longer played in this server (over): its row."""
    return {"id": row.id, "name": row.name, "variant": row.variant, "options": dict(row.options),
            "deals": row.deals, "lang": row.lang, "status": row.status, "created": row.created.isoformat() + "Z",
            "empty_seat_after": row.empty_seat_after, "empty_seat_bot": row.empty_seat_bot, "seats": [],
            "deal": None, "played": None, "totals": None, "spectators": 0}
