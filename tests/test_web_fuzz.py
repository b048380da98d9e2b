"""Bad input at the web server (issue 35): over 10,000 fuzzed WebSocket and HTTP messages
(malformed JSON, wrong types, unknown fields, other seats' turns and tokens, illegal actions,
oversized and binary frames). Each gets a clear, bounded error naming the fault, the server
keeps answering, and the table is unchanged: the same state for each seat, the same actions
stored."""

from __future__ import annotations

import json
import random
import string

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from tarot.core.actions import NUM_ACTIONS  # noqa: E402
from tarot.web.app import create_app  # noqa: E402
from tarot.web.protocol import MAX_FRAME  # noqa: E402
from web_support import SeatClient  # noqa: E402

#: How many of each are sent (together at least 10,000).
WS_MESSAGES = 9000
HTTP_REQUESTS = 1200
CODES = {"bad_json", "too_large", "bad_message", "unknown_type", "not_your_turn", "illegal", "spectator"}


def junk_value(rng: random.Random, depth: int = 0) -> object:
    """A JSON value of any type, sometimes nested, sometimes huge."""
    kind = rng.randrange(10 if depth < 3 else 7)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([-1, 0, 77, 78, NUM_ACTIONS, 2 ** 63, -2 ** 70, 10 ** 30])
    if kind == 3:
        return rng.random() * 1e6
    if kind == 4:
        return "".join(rng.choice(string.printable + "é\u202e\x1b") for _ in range(rng.randrange(60)))
    if kind == 5:
        return rng.choice(["act", "ping", "hint", "KS", "T21", "", "done"])
    if kind == 6:
        return "x" * rng.randrange(100, 3000)
    if kind == 7:
        return [junk_value(rng, depth + 1) for _ in range(rng.randrange(5))]
    return {rng.choice(["type", "actions", "id", "revoke", "seat", "x"]): junk_value(rng, depth + 1)
            for _ in range(rng.randrange(4))}


def bad_frame(rng: random.Random, legal: set[int]) -> str | bytes:
    """A frame the protocol refuses, of one kind or another."""
    kind = rng.randrange(9)
    if kind == 0:  # not JSON
        good = json.dumps({"type": "act", "actions": [rng.randrange(NUM_ACTIONS)]})
        return rng.choice([good[:rng.randrange(len(good))], "".join(rng.choice(string.printable) for _ in range(30)),
                           "{" * rng.randrange(1, 3000), "nan", "\x00\x01"])
    if kind == 1:  # JSON, not an object
        return json.dumps(junk_value(rng, 3))
    if kind == 2:  # an object of junk
        return json.dumps({"type": junk_value(rng), **({"actions": junk_value(rng)} if rng.random() < .5 else {})})
    if kind == 3:  # an unknown type
        return json.dumps({"type": rng.choice(["play", "undo", "quit", "ACT", "act ", "state2"])})
    if kind == 4:  # an act of wrong types
        return json.dumps({"type": "act", "actions": junk_value(rng), "id": junk_value(rng)})
    if kind == 5:  # an illegal action, well-formed
        wrong = [a for a in range(NUM_ACTIONS) if a not in legal]
        return json.dumps({"type": "act", "actions": [rng.choice(wrong)], "id": rng.randrange(1000)})
    if kind == 6:  # too large
        return json.dumps({"type": "ping", "pad": "y" * (MAX_FRAME + rng.randrange(1, 20000))})
    if kind == 7:  # a binary frame
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 100)))
    return json.dumps({"type": rng.choice(["ping", "hint", "help", "clear", "state"]),
                       rng.choice(["extra", "seat", "token"]): junk_value(rng)})


def test_fuzzed_websocket_messages_change_nothing(tmp_path):
    rng = random.Random(35)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite'}")) as client:
        t = client.post("/api/tables", json={"variant": "fft-4p", "seats": ["person", "person", "rule", "rule"],
                                             "deals": 1}).json()
        tid = t["id"]
        a = client.post(f"/api/tables/{tid}/join", json={}).json()
        b = client.post(f"/api/tables/{tid}/join", json={}).json()
        store = client.app.state.manager.store
        with (client.websocket_connect(a["ws"]) as wa, client.websocket_connect(b["ws"]) as wb,
              client.websocket_connect(f"/ws/tables/{tid}") as wsp):
            seats = [SeatClient(wa), SeatClient(wb), SeatClient(wsp)]
            for s in seats:
                s.until("state")
            for s in seats:  # the state once everyone is in
                s.send(type="state")
                s.until("state")
            before = [s.state for s in seats]
            stored = store.action_count(tid)
            mover = next(s for s in seats[:2] if s.my_turn())
            legal = {c["action"] for c in mover.state["turn"]["choices"]}
            codes: dict[str, int] = {}
            for i in range(WS_MESSAGES):
                s = rng.choice(seats)
                frame = bad_frame(rng, legal)
                if isinstance(frame, bytes):
                    s.ws.send_bytes(frame)
                else:
                    s.ws.send_text(frame)
                reply = s.recv()
                while reply["type"] == "seat":  # another client came in, told to all
                    reply = s.recv()
                if reply["type"] == "state":  # a frame of junk that is a well-formed "state"/"clear"
                    continue
                if reply["type"] in ("hint", "help", "pong"):
                    continue
                assert reply["type"] == "error", (frame[:200], reply)
                assert reply["code"] in CODES and 0 < len(reply["message"]) <= 300, reply
                assert "\n" not in reply["message"] and "\x1b" not in reply["message"]
                codes[reply["code"]] = codes.get(reply["code"], 0) + 1
                if i % 500 == 0:
                    s.send(type="ping", id=i)
                    assert s.until("pong")["id"] == i
            for s in seats:
                s.send(type="state")
                s.until("state")
            assert [s.state for s in seats] == before
            assert store.action_count(tid) == stored
        assert set(codes) >= {"bad_json", "too_large", "bad_message", "unknown_type", "illegal", "spectator"}
        for token in [a["token"][:-1] + ("A" if a["token"][-1] != "A" else "B"), "", "x" * 500, b["token"] + " "]:
            with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
                assert ws.receive_json()["code"] == "bad_token"
                with pytest.raises(WebSocketDisconnect):
                    ws.receive_json()


def test_fuzzed_http_requests_get_short_errors(tmp_path):
    rng = random.Random(36)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite'}")) as client:
        t = client.post("/api/tables", json={"variant": "marolles-1637", "seats": ["person", "rule", "rule"]}).json()
        for _ in range(HTTP_REQUESTS):
            kind = rng.randrange(5)
            if kind == 0:
                body = {k: junk_value(rng) for k in rng.sample(["variant", "options", "seats", "deals", "lang",
                                                                "empty_seat_after", "name", "zz"], 3)}
                r = client.post("/api/tables", content=json.dumps(body), headers={"content-type": "application/json"})
            elif kind == 1:
                r = client.post(f"/api/tables/{t['id']}/join", content=json.dumps(junk_value(rng)),
                                headers={"content-type": "application/json"})
            elif kind == 2:
                path = "".join(rng.choice(string.ascii_letters + "%/.") for _ in range(rng.randrange(1, 40)))
                r = client.get(rng.choice(["/api/tables/", "/api/records/", "/api/cards/"]) + path)
            elif kind == 3:
                q = rng.choice(["status", "limit", "offset", "table"])
                r = client.get(rng.choice(["/api/tables", "/api/records"]), params={q: str(junk_value(rng))[:200]})
            else:
                r = client.post("/api/tables", content=bytes(rng.randrange(256) for _ in range(rng.randrange(200))),
                                headers={"content-type": "application/json"})
            assert r.status_code < 500, (r.status_code, r.text[:300])
            if r.status_code >= 400:
                assert len(r.text) < 1200 and "detail" in r.json()
        assert client.get("/api/health").json()["ok"]
        assert client.get(f"/api/tables/{t['id']}").json()["seats"][0]["taken"] in (False, True)
