"""The web tables' database (SQLAlchemy 2): tables, seats, deals as dealt (their deck), every
action, finished deals as records in the project's JSON form.

SQLite by default (``default_url``: a file in the data folder ``tarot play`` uses), PostgreSQL
by URL (``postgresql+psycopg://...``). The schema is Alembic's (``tarot/web/migrations``),
upgraded to head when the server starts (``upgrade``); the models here mirror it.

Each write is one transaction, committed before the server tells anyone of it: an action
broadcast is an action stored, and a table rebuilt after a crash (``unfinished``) replays the
stored actions on the stored deck.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON, Boolean, DateTime, Float, ForeignKey, Integer, String, Text, UniqueConstraint, create_engine, event, func, insert, select, update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from ..core.errors import TarotError, shorten

#: The environment variable naming the database (``tarot serve --database`` overrides it).
DATABASE_ENV = "TAROT_DATABASE_URL"


class StoreError(TarotError):
    """A database that cannot be opened or upgraded; the message names it (no password)."""


def default_url() -> str:
    """``$TAROT_DATABASE_URL``, else a SQLite file ``tarot/web.sqlite`` in the data folder
    ``tarot play`` saves its games under (``$XDG_DATA_HOME``, else ``~/.local/share``)."""
    from ..play.files import games_folder

    url = os.environ.get(DATABASE_ENV)
    if url:
        return url
    folder = games_folder().parent
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'web.sqlite'}"


def token_hash(token: str) -> str:
    """How a seat's token is kept: its SHA-256 (the token is 32 random bytes, so a plain hash
    is enough; the database never holds a token that would let anyone act)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(80), default="")
    variant: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    deals: Mapped[int | None] = mapped_column(Integer, nullable=True)
    lang: Mapped[str] = mapped_column(String(8), default="en")
    empty_seat_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    empty_seat_bot: Mapped[str] = mapped_column(String(40), default="rule")
    status: Mapped[str] = mapped_column(String(10), default="open", index=True)
    created: Mapped[datetime] = mapped_column(DateTime, default=now)
    #: The deals fixed in advance, as [deck, dealer] pairs (a challenge's); None: shuffled.
    boards: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True, default=None)


class SeatRow(Base):
    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: ``person`` or ``bot``.
    kind: Mapped[str] = mapped_column(String(10))
    #: A bot seat's level; on a person's seat, the bot playing it while the person is away.
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)


class DealRow(Base):
    __tablename__ = "deals"
    __table_args__ = (UniqueConstraint("table_id", "number", name="uq_deals_table_number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    #: The deal's number at its table as dealt (1, 2...; a hand dealt again has a new one).
    number: Mapped[int] = mapped_column(Integer)
    dealer: Mapped[int] = mapped_column(Integer)
    deck: Mapped[list[int]] = mapped_column(JSON)
    finished: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    #: The finished deal's record, JSON form (``docs/records.md``).
    record: Mapped[str | None] = mapped_column(Text, nullable=True)
    scores: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    #: Not played out (a redeal granted, all passed): on the sheet, not counted.
    annulled: Mapped[bool] = mapped_column(Boolean, default=False)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"
    deal_id: Mapped[int] = mapped_column(ForeignKey("deals.id", ondelete="CASCADE"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)


@dataclass
class StoredTable:
    """A table as stored, to rebuild it: its row, its seats, its deals in order (the actions
    of each), for ``tarot.web.live`` to replay."""

    table: TableRow
    seats: list[SeatRow]
    deals: list[tuple[DealRow, list[int]]]


def upgrade(url: str) -> None:
    """Bring the database at ``url`` to the newest schema (Alembic ``upgrade heads``), creating
    it from empty; ``StoreError`` if it cannot be reached."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    cfg.attributes["url"] = url
    try:
        command.upgrade(cfg, "heads")  # every branch of the history (migrations/versions)
    except Exception as e:  # a driver's error: name the database without its password
        raise StoreError(f"cannot upgrade the database {safe_url(url)}: {shorten(str(e).splitlines()[0], 200)}") from None


def safe_url(url: str) -> str:
    """``url`` without its password, for messages."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return shorten(url, 60)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite in WAL mode with ``synchronous=NORMAL``: a commit survives
    the server's process being killed (not a power cut), at a fraction of a full sync's cost."""
    try:
        engine = create_engine(url, future=True, pool_pre_ping=not url.startswith("sqlite"))
    except Exception as e:
        raise StoreError(f"cannot open the database {safe_url(url)}: {shorten(str(e), 200)}") from None
    if engine.dialect.name == "sqlite":
        @event.listens_for(engine, "connect")
        def _pragmas(conn, _record) -> None:  # every connection: these are per connection
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()
    return engine


class Store:
    """The database of the web tables (``url``: SQLAlchemy's; upgraded to the newest schema)."""

    def __init__(self, url: str, migrate: bool = True) -> None:
        self.url = url
        if migrate:
            upgrade(url)
        self.engine = make_engine(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def _tx(self) -> Iterator[Session]:
        """One transaction, committed on leaving (rolled back on an error)."""
        with self._sessions() as s, s.begin():
            yield s

    def close(self) -> None:
        self.engine.dispose()

    # ----- tables and seats -------------------------------------------------------------------
    def add_table(self, row: TableRow, seats: Sequence[SeatRow]) -> None:
        with self._tx() as s:
            s.add(row)
            s.flush()
            s.add_all(seats)

    def table(self, table_id: str) -> TableRow | None:
        with self._sessions() as s:
            return s.get(TableRow, table_id)

    def seats(self, table_id: str) -> list[SeatRow]:
        with self._sessions() as s:
            return list(s.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)))

    def update_seat(self, table_id: str, seat: int, **values: object) -> None:
        with self._tx() as s:
            row = s.get(SeatRow, (table_id, seat))
            assert row is not None
            for k, v in values.items():
                setattr(row, k, v)

    def seat_of_token(self, table_id: str, token: str) -> int | None:
        with self._sessions() as s:
            row = s.scalar(select(SeatRow).where(SeatRow.table_id == table_id,
                                                 SeatRow.token_hash == token_hash(token)))
            return None if row is None else row.seat

    def set_status(self, table_id: str, status: str) -> None:
        with self._tx() as s:
            row = s.get(TableRow, table_id)
            if row is not None and row.status != status:
                row.status = status

    def tables(self, status: str | None = None, limit: int = 100, offset: int = 0) -> list[TableRow]:
        with self._sessions() as s:
            q = select(TableRow).order_by(TableRow.created.desc(), TableRow.id)
            if status is not None:
                q = q.where(TableRow.status == status)
            return list(s.scalars(q.limit(limit).offset(offset)))

    # ----- deals and actions ------------------------------------------------------------------
    def write_play(self, table_id: str, deal_id: int | None, new_deal: tuple[int, int, Sequence[int]] | None,
                   start: int, actions: Sequence[tuple[int, int]],
                   finished: tuple[str, Sequence[int], bool] | None = None, status: str | None = None) -> int:
        """In one transaction: a deal dealt (``new_deal``: its number, dealer and deck; else
        deal ``deal_id``), its actions from index ``start`` as (seat, action), its record
        once it is over (``finished``: the JSON form, the scores, whether annulled), the
        table's new ``status``. Returns the deal's id (its record's, once finished). Written
        with SQL expressions, not ORM objects: this runs at every move."""
        with self.engine.begin() as conn:
            if new_deal is not None:
                n, dealer, deck = new_deal
                deal_id = conn.execute(insert(DealRow).values(
                    table_id=table_id, number=n, dealer=dealer, deck=list(deck), finished=False, annulled=False,
                ).returning(DealRow.id)).scalar_one()
            if deal_id is None:
                raise StoreError(f"table {table_id} has no deal to add actions to")
            if actions:
                conn.execute(insert(ActionRow), [{"deal_id": deal_id, "index": start + i, "seat": seat, "action": a}
                                                 for i, (seat, a) in enumerate(actions)])
            if finished is not None:
                conn.execute(update(DealRow).where(DealRow.id == deal_id, DealRow.finished.is_(False)).values(
                    finished=True, record=finished[0], scores=list(finished[1]), annulled=finished[2],
                    finished_at=now()))
            if status is not None:
                conn.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))
        return deal_id

    def stored(self, table_id: str) -> StoredTable | None:
        """A table with its seats and deals, each deal's actions in order."""
        with self._sessions() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            seats = list(s.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)))
            deals = list(s.scalars(select(DealRow).where(DealRow.table_id == table_id).order_by(DealRow.number)))
            out = []
            for d in deals:
                acts = s.scalars(select(ActionRow.action).where(ActionRow.deal_id == d.id).order_by(ActionRow.index))
                out.append((d, list(acts)))
            return StoredTable(row, seats, out)

    def unfinished(self) -> list[str]:
        """The tables not over, oldest first (rebuilt when the server starts)."""
        with self._sessions() as s:
            return list(s.scalars(select(TableRow.id).where(TableRow.status != "over").order_by(TableRow.created)))

    def action_count(self, table_id: str) -> int:
        """Every action stored at a table (the crash test counts them)."""
        with self._sessions() as s:
            q = select(func.count()).select_from(ActionRow).join(DealRow).where(DealRow.table_id == table_id)
            return int(s.scalar(q) or 0)

    # ----- records ---------------------------------------------------------------------------
    def records(self, table_id: str | None = None, limit: int = 50, offset: int = 0) -> list[DealRow]:
        with self._sessions() as s:
            q = select(DealRow).where(DealRow.finished.is_(True))
            if table_id is not None:
                q = q.where(DealRow.table_id == table_id)
            return list(s.scalars(q.order_by(DealRow.id.desc()).limit(limit).offset(offset)))

    def record(self, record_id: int) -> DealRow | None:
        with self._sessions() as s:
            row = s.get(DealRow, record_id)
            return row if row is not None and row.finished else None
