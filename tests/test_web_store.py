"""The web tables' database on SQLite and on a real PostgreSQL server: Alembic's upgrade from
empty, every write read back, tokens kept hashed, and a server started again on the database
rebuilding each unfinished table with the same cards and the same moves.

PostgreSQL: ``TAROT_TEST_POSTGRES_URL`` if set, else a throwaway cluster started from Debian's
binaries (``web_support.postgres_server``), else those tests are skipped."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("alembic")

from sqlalchemy import create_engine, inspect, text  # noqa: E402

import tarot.web.store as store_module  # noqa: E402
from tarot.web.store import SeatRow, Store, TableRow, token_hash, upgrade  # noqa: E402
from web_support import SeatClient, fresh_database, postgres_server  # noqa: E402


@pytest.fixture(scope="session")
def postgres():
    url = os.environ.get("TAROT_TEST_POSTGRES_URL")
    if url:
        yield url
        return
    pytest.importorskip("psycopg")
    folder = tempfile.mkdtemp(prefix="tarot-pg-")
    server = postgres_server(folder)
    url = next(server)
    if url is None:
        pytest.skip("no PostgreSQL: set TAROT_TEST_POSTGRES_URL or install Debian's postgresql")
    yield url
    next(server, None)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'web.sqlite'}"
    return fresh_database(request.getfixturevalue("postgres"))


def test_alembic_upgrades_an_empty_database_to_head_and_back(db_url):
    from alembic import command
    from alembic.config import Config

    from alembic.script import ScriptDirectory

    upgrade(db_url)
    upgrade(db_url)  # at head already: nothing to do
    engine = create_engine(db_url)
    assert {"tables", "seats", "deals", "actions", "challenge_plays", "reviews", "alembic_version"} \
        <= set(inspect(engine).get_table_names())
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(store_module.__file__).with_name("migrations")))
    cfg.attributes["url"] = db_url
    with engine.connect() as c:
        versions = {row[0] for row in c.execute(text("select version_num from alembic_version"))}
    assert versions == set(ScriptDirectory.from_config(cfg).get_heads())
    command.downgrade(cfg, "base")
    assert "tables" not in inspect(engine).get_table_names()
    command.upgrade(cfg, "head")
    assert "actions" in inspect(engine).get_table_names()
    engine.dispose()


def test_what_is_written_is_read_back(db_url):
    store = Store(db_url)
    row = TableRow(id="t1", name="x", variant="fft-4p", options={"petit_rule": "x"}, deals=2, lang="fr",
                   empty_seat_after=30.0, empty_seat_bot="rule", status="open")
    seats = [SeatRow(table_id="t1", seat=i, kind="person" if i == 0 else "bot", bot=None if i == 0 else "rule")
             for i in range(4)]
    store.add_table(row, seats)
    store.update_seat("t1", 0, token_hash=token_hash("secret"), name="Alice")
    assert store.seat_of_token("t1", "secret") == 0 and store.seat_of_token("t1", "other") is None
    deck = list(range(78))
    did = store.write_play("t1", None, (1, 3, deck), 0, [(0, 79), (1, 80)])
    assert store.records("t1") == []
    rid = store.write_play("t1", did, None, 2, [(2, 5)], finished=('{"x": 1}', [1, -1, 0, 0], False), status="running")
    assert rid == did
    got = store.stored("t1")
    assert got is not None and got.table.lang == "fr" and got.table.options == {"petit_rule": "x"}
    (deal, actions), = got.deals
    assert deal.deck == deck and deal.dealer == 3 and actions == [79, 80, 5] and deal.scores == [1, -1, 0, 0]
    assert [s.name for s in got.seats] == ["Alice", None, None, None]
    assert store.record(rid).record == '{"x": 1}' and [r.id for r in store.records("t1")] == [rid]
    assert store.action_count("t1") == 3 and store.unfinished() == ["t1"]
    store.set_status("t1", "over")
    assert store.unfinished() == [] and [t.id for t in store.tables("over")] == ["t1"]
    with store.engine.connect() as c:  # the token itself is nowhere in the database
        assert "secret" not in str(c.execute(text("select * from seats")).fetchall())
    store.close()


def test_a_server_started_again_rebuilds_the_table_as_it_was(db_url):
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from tarot.web.app import create_app

    with TestClient(create_app(db_url)) as client:
        t = client.post("/api/tables", json={"variant": "marolles-1637", "seats": ["person", "rule", "rule"],
                                             "deals": 2}).json()
        j = client.post(f"/api/tables/{t['id']}/join", json={}).json()
        with client.websocket_connect(j["ws"]) as ws:
            seat = SeatClient(ws)
            for _ in range(8):  # into the deal: the discard, declarations, some tricks
                while not seat.my_turn():
                    seat.recv()
                seat.play_first()
            while not seat.my_turn():
                seat.recv()
            before = seat.state
        stored = client.app.state.manager.store.action_count(t["id"])
    with TestClient(create_app(db_url)) as client:
        assert client.app.state.manager.store.action_count(t["id"]) == stored
        with client.websocket_connect(j["ws"]) as ws:
            again = SeatClient(ws)
            after = again.until("state")
        assert after["deal"] == before["deal"] and after["turn"] == before["turn"]
        assert after["totals"] == before["totals"] and after["sheet"] == before["sheet"]
