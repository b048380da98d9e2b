"""The server's tables: created, joined, played over WebSockets, rebuilt when the server
starts, an absent person's seat handed to a bot after the table's timeout.

Every table session and the database are touched in one worker thread, one step at a time
(``run``), so that the event loop stays free for the network; each table's steps and the
messages they make go out in order under that table's lock: stored, then sent.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from ..core.errors import IllegalActionError, TarotError, excerpt
from ..explain import speaking, spoken_to, use_language
from ..play.session import PERSON
from .live import LANGUAGES, Batch, Hearer, Listener, LiveTable
from .protocol import ProtocolError, error, parse_message
from .store import SeatRow, Store, TableRow

T = TypeVar("T")
log = logging.getLogger("tarot.web")


class Client:
    """One open WebSocket: a seat's (``seat``) or a spectator's (None), told the table in
    ``lang``."""

    def __init__(self, ws: Any, seat: Listener, lang: str) -> None:
        self.ws = ws
        self.seat = seat
        self.lang = lang

    @property
    def hearer(self) -> Hearer:
        return self.seat, self.lang

    async def send(self, messages: Sequence[dict[str, Any]]) -> None:
        for m in messages:
            await self.ws.send_text(json.dumps(m, ensure_ascii=False, separators=(",", ":")))


class TableManager:
    """The live tables of one server, over ``store``. ``tick``: how often (seconds) seats
    left empty are looked at."""

    def __init__(self, store: Store, tick: float = 1.0) -> None:
        self.store = store
        self.tick = tick
        self.tables: dict[str, LiveTable] = {}
        self.clients: dict[str, list[Client]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tarot-tables")
        self._tasks: set[asyncio.Task] = set()
        self._ticker: asyncio.Task | None = None

    # ----- the worker ------------------------------------------------------------------------
    async def run(self, fn: Callable[..., T], *args: Any, lang: str = "en") -> T:
        """``fn(*args)`` in the worker thread, its sentences in ``lang``."""
        def job() -> T:
            use_language(lang)
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self._pool, job)

    async def start(self) -> None:
        """Rebuild every unfinished table from the database, and watch the empty seats."""
        for tid in await self.run(self.store.unfinished):
            stored = await self.run(self.store.stored, tid)
            if stored is None:
                continue
            try:
                table = await self.run(LiveTable.rebuild, stored, self.store, lang=stored.table.lang)
                await self.run(table.advance, [], lang=table.row.lang)  # the bots' moves since, stored
            except TarotError as e:  # a table that cannot be rebuilt does not keep the others down
                log.error("table %s not rebuilt: %s", tid, e)
                continue
            self._add(table)
            self._spawn(self.drive(table))
        self._ticker = asyncio.create_task(self._watch_seats())

    async def stop(self) -> None:
        for t in [self._ticker, *self._tasks]:
            if t is not None:
                t.cancel()
        self._pool.shutdown(wait=True)
        self.store.close()

    def _add(self, table: LiveTable) -> None:
        self.tables[table.id] = table
        self.clients.setdefault(table.id, [])
        self.locks.setdefault(table.id, asyncio.Lock())

    def _spawn(self, coro) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task) -> None:
        """A background task ended: forgotten, and its failure logged (never silent)."""
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a table's task failed", exc_info=task.exception())

    # ----- tables ----------------------------------------------------------------------------
    async def create(self, spec: Mapping[str, Any]) -> LiveTable:
        """A new table from a checked ``spec`` (``check_spec``), dealt and played by its bots
        up to a person's turn."""
        row, seats = table_rows(spec)
        await self.run(self.store.add_table, row, seats)
        table = await self.run(LiveTable.create, row, seats, self.store, lang=row.lang)
        self._add(table)
        async with self.locks[table.id]:
            await self.run(table.advance, [], lang=row.lang)
        self._spawn(self.drive(table))
        return table

    async def drive(self, table: LiveTable) -> None:
        """Play the bots and deal on while no person has to decide."""
        while True:
            async with self.locks[table.id]:
                if not await self.run(table.moves_on):
                    return
                batch, _ = await self.run(table.advance, self._listeners(table), lang=table.row.lang)
                await self._send(table, batch)
            await asyncio.sleep(0)

    async def join(self, table_id: str, seat: int | None, name: str | None) -> tuple[int, str]:
        table = self.tables.get(table_id)
        if table is None:
            raise LookupError(f"no table {excerpt(table_id)} being played")
        async with self.locks[table.id]:
            seat_no, token = await self.run(table.join, seat, name)
            await self._send(table, {who: [table.seat_message(seat_no)] for who in self._listeners(table)})
        return seat_no, token

    # ----- clients ---------------------------------------------------------------------------
    async def connect(self, ws: Any, table_id: str, token: str | None, lang: str | None = None) -> None:
        """Serve one WebSocket until it closes (``docs/web-protocol.md``), telling the table in
        ``lang`` (by default the table's language)."""
        await ws.accept()
        table = self.tables.get(table_id)
        if table is None:
            await ws.send_text(json.dumps(error("no_table", f"no table {excerpt(table_id)} being played")))
            await ws.close(code=4404)
            return
        if lang is not None and lang not in LANGUAGES:
            await ws.send_text(json.dumps(error("bad_message", f"lang: {excerpt(lang)} is not one of "
                                                               f"{', '.join(LANGUAGES)}")))
            await ws.close(code=4400)
            return
        seat: Listener = None
        if token is not None:
            seat = table.seat_of(token)
            if seat is None:
                await ws.send_text(json.dumps(error("bad_token", "this token opens no seat at this table")))
                await ws.close(code=4403)
                return
        client = Client(ws, seat, lang or table.row.lang)
        lock = self.locks[table.id]
        async with lock:
            self.clients[table.id].append(client)
            if seat is not None:
                table.seats[seat].connected += 1
        try:
            async with lock:
                await self.run(table.speak, client.lang)
                if seat is not None and table.seats[seat].bot is not None and table.seats[seat].kind == PERSON:
                    await self.run(table.take_back, seat, lang=table.row.lang)
                await client.send(await self.run(table.welcome, seat, client.lang, lang=client.lang))
                if seat is not None:
                    await self._send(table, {w: [table.seat_message(seat)] for w in self._listeners(table)},
                                     but=client)
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                await self.handle(table, client, msg.get("text") if msg.get("text") is not None else msg.get("bytes"))
        finally:
            async with lock:
                self.clients[table.id].remove(client)
                if seat is not None:
                    st = table.seats[seat]
                    st.connected -= 1
                    if st.connected == 0:
                        st.away_since = time.monotonic()
                        await self._send(table, {w: [table.seat_message(seat)] for w in self._listeners(table)})

    async def handle(self, table: LiveTable, client: Client, frame: str | bytes | None) -> None:
        """One message of a client: answered to it alone, or played and told to everyone."""
        try:
            msg = parse_message(frame)
        except ProtocolError as e:
            await client.send([error(e.code, str(e))])
            return
        kind, mid, seat = msg["type"], msg.get("id"), client.seat
        if kind == "ping":
            await client.send([{"type": "pong", "id": mid}])
            return
        lang = client.lang
        async with self.locks[table.id]:
            try:
                if kind == "state":
                    reply: dict[str, Any] | None = await self.run(table.state, seat, lang=lang)
                    batch: Batch = {}
                elif seat is None:
                    raise ProtocolError("spectator", f"a spectator cannot ask for {kind!r}: join a seat to play")
                elif kind == "act":
                    reply, batch = await self.run(table.act, seat, msg["actions"], msg.get("revoke", False),
                                                  self._listeners(table), lang=lang)
                elif kind == "clear":
                    reply, batch = await self.run(table.clear, seat, lang=lang), {}
                elif kind == "hint":
                    reply, batch = await self.run(table.hint, seat, lang=lang), {}
                else:  # help
                    reply, batch = await self.run(table.help, seat, lang=lang), {}
            except ProtocolError as e:
                await client.send([error(e.code, str(e), mid)])
                return
            except IllegalActionError as e:  # the rule's reason, said to the seat in its language
                with speaking(lang):
                    reason = spoken_to(str(e), seat) if seat is not None else str(e)
                await client.send([error("illegal", reason, mid)])
                return
            except TarotError as e:  # a bad request the engine names (never a crash of the table)
                await client.send([error("bad_message", str(e), mid)])
                return
            if reply is not None:
                await client.send([{**reply, "id": mid} if mid is not None else reply])
            await self._send(table, batch)
        if kind == "act" and batch:
            self._spawn(self.drive(table))

    def public(self, table: LiveTable) -> dict[str, Any]:
        """The table as the lobby lists it, with how many watch it."""
        return {**table.public(), "spectators": sum(c.seat is None for c in self.clients[table.id])}

    def _listeners(self, table: LiveTable) -> list[Hearer]:
        """Who is connected: each seat (None: the spectators) in each language read there."""
        return sorted({c.hearer for c in self.clients[table.id]}, key=lambda h: (-1 if h[0] is None else h[0], h[1]))

    async def _send(self, table: LiveTable, batch: Batch, but: Client | None = None) -> None:
        sends = [c.send(batch[c.hearer]) for c in list(self.clients[table.id]) if c.hearer in batch and c is not but]
        for r in await asyncio.gather(*sends, return_exceptions=True):
            if isinstance(r, BaseException) and not isinstance(r, Exception):
                raise r  # a cancellation; a client gone is let go (its loop ends it)

    # ----- empty seats -----------------------------------------------------------------------
    async def _watch_seats(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            try:
                await self._hand_empty_seats()
            except Exception:  # a failed look (the database away) is tried again at the next tick
                log.exception("looking at the empty seats")

    async def _hand_empty_seats(self) -> None:
        """Each person's seat the table waits for with no client open for the table's
        ``empty_seat_after`` seconds: played by the table's bot from now on."""
        for table in list(self.tables.values()):
            after = table.row.empty_seat_after
            lock = self.locks[table.id]
            if after is None or lock.locked():
                continue
            async with lock:
                seat = self._waiting_for(table)
                if seat is None or time.monotonic() - table.seats[seat].away_since < after:
                    continue
                await self.run(table.hand_to_bot, seat, lang=table.row.lang)
                await self._send(table, {w: [table.seat_message(seat)] for w in self._listeners(table)})
            self._spawn(self.drive(table))

    @staticmethod
    def _waiting_for(table: LiveTable) -> int | None:
        """The person's seat the table waits for with no client open, if any."""
        s = table.session
        deal = s.deal
        if s.is_over or deal is None or deal.is_over or deal.to_play not in s.people:
            return None
        seat = deal.to_play
        return seat if table.seats[seat].connected == 0 else None


def table_rows(spec: Mapping[str, Any]) -> tuple[TableRow, list[SeatRow]]:
    """The rows of a new table from a checked spec, with a random id."""
    tid = secrets.token_urlsafe(9)
    row = TableRow(id=tid, name=spec["name"], variant=spec["variant"], options=spec["options"],
                   deals=spec["deals"], lang=spec["lang"], empty_seat_after=spec["empty_seat_after"],
                   empty_seat_bot=spec["empty_seat_bot"], status="open", boards=spec.get("boards"))
    seats = [SeatRow(table_id=tid, seat=i, kind=PERSON if who == PERSON else "bot",
                     bot=None if who == PERSON else who) for i, who in enumerate(spec["seats"])]
    if PERSON not in spec["seats"]:
        row.status = "running"
    return row, seats


def option_text(value: str | int | bool) -> str:
    """An option's value as ``tarot rules`` writes it (JSON true/false as true/false)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def check_spec(variant: str, options: Mapping[str, object], seats: Sequence[str], deals: int | None,
               lang: str, empty_seat_after: float | None, empty_seat_bot: str, name: str) -> dict[str, Any]:
    """A table's settings checked (``TarotError`` naming the first fault): the variant and its
    options as ``tarot rules`` lists them, a person or an offered bot level per seat."""
    from ..bots import bot_levels
    from ..core.deal import variant_class
    from ..core.errors import printable

    cls = variant_class(variant)
    opts = cls.make_options(dict(options))
    cls(opts, seed=0)  # a deal checks how the options go together (OptionError)
    players = cls.players_for(opts)
    if len(seats) != players:
        raise TarotError(f"{variant} is played by {players} seats, not {len(seats)}")
    levels = bot_levels()
    for i, who in enumerate(seats):
        if who != PERSON and who not in levels:
            raise TarotError(f"seat {i}: {excerpt(who)} is neither 'person' nor a bot ({', '.join(levels)})")
    if empty_seat_bot not in levels:
        raise TarotError(f"empty_seat_bot: {excerpt(empty_seat_bot)} is not a bot ({', '.join(levels)})")
    if lang not in LANGUAGES:
        raise TarotError(f"lang: {excerpt(lang)} is not one of {', '.join(LANGUAGES)}")
    if deals is not None and not 1 <= deals <= 1000:
        raise TarotError(f"deals: {deals} is not between 1 and 1000 (or null)")
    if deals is None and PERSON not in seats:
        raise TarotError("a table of bots only needs a number of deals")
    if empty_seat_after is not None and not 1 <= empty_seat_after <= 86400:
        raise TarotError(f"empty_seat_after: {empty_seat_after} is not between 1 and 86400 seconds (or null)")
    if len(name) > 80 or printable(name) != name:
        raise TarotError(f"name: {excerpt(name)} is not a line of at most 80 printable characters")
    return {"variant": variant, "options": dict(opts.changed()), "seats": list(seats), "deals": deals,
            "lang": lang, "empty_seat_after": empty_seat_after, "empty_seat_bot": empty_seat_bot, "name": name}
