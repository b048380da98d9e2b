"""An outside program at a table (issue 35's bot account): ``examples/web_bot.py`` joins a
table of a running ``tarot serve`` through the HTTP API and plays its seat over the WebSocket,
seeing only its view, until the table is over; the deal is kept as a record."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")
pytest.importorskip("websockets.sync.client")

from web_support import free_port, start_server  # noqa: E402

pytestmark = pytest.mark.slow
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "web_bot.py"


def load_example():
    spec = importlib.util.spec_from_file_location("web_bot", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_outside_program_sits_at_a_table_and_plays_it_to_the_end(tmp_path):
    web_bot = load_example()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(tmp_path / "web.sqlite", port)
    try:
        spec = {"variant": "marolles-1637", "seats": ["rule", "person", "rule"], "deals": 1}
        table = httpx.post(f"{base}/api/tables", json=spec, timeout=30).json()
        over = web_bot.play(base, table["id"], name="outside", seed=1)
        assert over["type"] == "match_over" and len(over["totals"]) == 3 and sum(over["totals"]) == 0
        seats = httpx.get(f"{base}/api/tables/{table['id']}", timeout=30).json()["seats"]
        assert seats[1]["name"] == "outside" and seats[1]["kind"] == "person"
        records = httpx.get(f"{base}/api/records", timeout=30).json()
        assert any(r["table"] == table["id"] for r in records), records
        with pytest.raises(SystemExit, match="no free seat"):  # the seat is taken: a clear refusal
            web_bot.play(base, table["id"])
    finally:
        proc.kill()
        proc.wait()
