"""Crash safety (issue 35): ``tarot serve`` started as a process on a SQLite file, a deal played
into its middle over a WebSocket, the process killed with SIGKILL, started again: the table
resumes with every action told kept (each is committed before it is sent) and the same cards."""

from __future__ import annotations

import json
import os
import signal

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")
ws_client = pytest.importorskip("websockets.sync.client")

from web_support import free_port, start_server  # noqa: E402

pytestmark = pytest.mark.slow


class Seat:
    def __init__(self, url: str) -> None:
        self.ws = ws_client.connect(url, open_timeout=20)
        self.state: dict | None = None
        self.actions = 0

    def recv(self) -> dict:
        m = json.loads(self.ws.recv(timeout=60))
        if m["type"] == "state":
            self.state = m
        if m["type"] == "action":
            self.actions += 1
        return m

    def wait_turn(self) -> dict:
        while not (self.state and self.state["turn"] and self.state["turn"]["mine"]):
            self.recv()
        return self.state

    def play_first(self) -> None:
        turn = self.wait_turn()["turn"]
        acts = [c["action"] for c in turn["choices"]][:max(1, turn["slots"])]
        self.ws.send(json.dumps({"type": "act", "actions": acts, "revoke": True}))
        self.state = None


def test_kill_9_mid_deal_loses_no_action_and_keeps_the_cards(tmp_path):
    from tarot.web.store import Store

    db, port = tmp_path / "web.sqlite", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(db, port)
    try:
        t = httpx.post(f"{base}/api/tables", json={"variant": "fft-4p", "seats": ["person", "rule", "rule", "rule"],
                                                   "deals": 1}).json()
        j = httpx.post(f"{base}/api/tables/{t['id']}/join", json={}).json()
        seat = Seat(f"ws://127.0.0.1:{port}{j['ws']}")
        for _ in range(6):  # the bidding, the écart if it comes to this seat, tricks
            seat.play_first()
        before = seat.wait_turn()
        told = seat.actions
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    store = Store(f"sqlite:///{db}", migrate=False)
    stored = store.action_count(t["id"])
    store.close()
    assert stored >= told > 0  # every action told had been committed before it was sent
    proc = start_server(db, port)
    try:
        again = Seat(f"ws://127.0.0.1:{port}{j['ws']}")
        assert again.recv()["seat"] == 0
        assert again.recv()["type"] == "log"
        after = again.recv()
        assert after["deal"]["hand"] == before["deal"]["hand"]
        assert after["deal"] == before["deal"] and after["turn"] == before["turn"]
        table = httpx.get(f"{base}/api/tables/{t['id']}").json()
        assert table["status"] == "running" and table["deal"] == before["deal"]["dealt"]
        again.play_first()  # and the deal goes on
        again.wait_turn()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    store = Store(f"sqlite:///{db}", migrate=False)
    assert store.action_count(t["id"]) > stored
    store.close()
