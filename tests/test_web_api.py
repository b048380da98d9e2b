"""The web server's HTTP API and WebSocket protocol (docs/web-protocol.md), through FastAPI's
test client on a SQLite file: every endpoint, every message type both ways, the errors."""

from __future__ import annotations

import json
import time
from itertools import islice

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from tarot.web.app import create_app  # noqa: E402
from tarot.web.protocol import MAX_FRAME  # noqa: E402
from web_support import SeatClient, cards_in, notation_of  # noqa: E402

FFT4 = {"variant": "fft-4p", "seats": ["person", "rule", "rule", "rule"], "deals": 1}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite'}", tick=0.05)) as c:
        yield c


def new_table(client, **spec) -> dict:
    r = client.post("/api/tables", json={**FFT4, **spec})
    assert r.status_code == 201, r.text
    return r.json()


def join(client, tid, **body) -> dict:
    r = client.post(f"/api/tables/{tid}/join", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def told_then_closed(ws, code: str, close: int) -> None:
    """The server sent one error ``code``, then closed the WebSocket with ``close``."""
    assert ws.receive_json()["code"] == code
    with pytest.raises(WebSocketDisconnect) as e:
        ws.receive_json()
    assert e.value.code == close


def play_to_end(seat: SeatClient) -> dict:
    """Play the first choice at each turn until the match is over; the last deal_over."""
    over = None
    while True:
        m = seat.recv()
        if m["type"] == "deal_over":
            over = m
        if m["type"] == "match_over":
            assert over is not None
            return over
        assert m["type"] != "error", m
        if m["type"] == "state" and seat.my_turn():
            seat.play_first()


# ----- HTTP -----------------------------------------------------------------------------------
def test_the_lists_of_variants_bots_and_cards(client):
    variants = {v["variant"]: v for v in client.get("/api/variants").json()}
    assert variants["fft-4p"]["players"] == [4] and variants["fft-4p"]["notation"] == "french"
    assert variants["marolles-1637"]["title_fr"] == "Marolles 1637 : trois joueurs, 66 cartes"
    assert {"key", "choices", "default", "doc"} <= set(variants["marolles-1637"]["options"][0])
    assert "rule" in client.get("/api/bots").json()
    cards = client.get("/api/cards/french").json()
    assert len(cards) == 78 and cards[0]["token"] == "EX" and cards[0]["name_fr"] == "l'Excuse"
    assert client.get("/api/cards/klingon").status_code == 404
    assert client.get("/api/health").json()["ok"] is True


@pytest.mark.parametrize("change, said", [
    ({"variant": "whist"}, "unknown variant"),
    ({"options": {"petit_rule": "sometimes"}}, "petit_rule"),
    ({"options": {"no_such_option": "1"}}, "no_such_option"),
    ({"seats": ["person", "rule", "rule"]}, "played by 4 seats, not 3"),
    ({"seats": ["person", "rule", "genius", "rule"]}, "'genius' is neither 'person' nor a bot"),
    ({"lang": "de"}, "lang"),
    ({"deals": 0}, "deals"),
    ({"seats": ["rule"] * 4, "deals": None}, "a table of bots only needs a number of deals"),
    ({"empty_seat_after": 0.5}, "empty_seat_after"),
    ({"empty_seat_bot": "genius"}, "empty_seat_bot"),
    ({"name": "evil\x1b[2J"}, "name"),
])
def test_a_bad_table_is_refused_in_one_line_naming_the_fault(client, change, said):
    r = client.post("/api/tables", json={**FFT4, **change})
    assert r.status_code == 400, r.text
    detail = r.json()["detail"]
    assert said in detail and "\n" not in detail and len(detail) <= 1000
    assert client.get("/api/tables").json() == []


@pytest.mark.parametrize("body, status", [
    ("{not json", 422),
    (json.dumps({**FFT4, "seats": "person"}), 422),
    (json.dumps({**FFT4, "deals": "x" * 5000}), 422),
    (json.dumps({**FFT4, "name": "x" * 20000}), 413),
])
def test_a_malformed_body_gets_a_short_error(client, body, status):
    r = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert r.status_code == status
    assert len(r.text) < 400 and "x" * 100 not in r.text


def test_tables_are_listed_and_got_by_status(client):
    a = new_table(client)
    b = new_table(client, seats=["rule"] * 4, deals=1)
    assert a["status"] == "open" and a["seats"][0] == {"seat": 0, "kind": "person", "name": None, "taken": False,
                                                       "connected": False, "bot": None}
    ids = {t["id"] for t in client.get("/api/tables").json()}
    assert {a["id"], b["id"]} <= ids
    assert [t["id"] for t in client.get("/api/tables?status=open").json()] == [a["id"]]
    assert client.get(f"/api/tables/{a['id']}").json()["variant"] == "fft-4p"
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables?status=weird").status_code == 400
    join(client, a["id"])
    assert client.get(f"/api/tables/{a['id']}").json()["status"] == "running"


def test_joining_gives_a_token_once_per_seat(client):
    t = new_table(client, seats=["person", "rule", "person", "rule"])
    first = join(client, t["id"], name="Alice")
    assert first["seat"] == 0 and len(first["token"]) >= 40 and first["token"] in first["ws"]
    assert client.post(f"/api/tables/{t['id']}/join", json={"seat": 0}).status_code == 409
    assert "is a bot's" in client.post(f"/api/tables/{t['id']}/join", json={"seat": 1}).json()["detail"]
    assert "not at this table" in client.post(f"/api/tables/{t['id']}/join", json={"seat": 9}).json()["detail"]
    assert join(client, t["id"])["seat"] == 2
    assert client.post(f"/api/tables/{t['id']}/join", json={}).json()["detail"] == "no free seat at this table"
    assert client.post("/api/tables/nope/join", json={}).status_code == 404
    seats = client.get(f"/api/tables/{t['id']}").json()["seats"]
    assert seats[0]["name"] == "Alice" and seats[0]["taken"] and "token" not in json.dumps(seats)


# ----- WebSocket --------------------------------------------------------------------------------
def test_a_seat_is_welcomed_then_sees_its_view(client):
    t = new_table(client)
    j = join(client, t["id"])
    with client.websocket_connect(j["ws"]) as ws:
        seat = SeatClient(ws)
        w = seat.recv()
        assert w == {"type": "welcome", "protocol": 1, "table": t["id"], "seat": 0, "spectator": False,
                     "variant": "fft-4p", "notation": "french", "lang": "en", "table_lang": "en", "players": 4,
                     "names": ["South", "East", "North", "West"]}
        log = seat.recv()
        assert log["type"] == "log" and log["lines"][0]["text"].endswith("deals.")
        s = seat.recv()
        assert s["type"] == "state" and s["seat"] == 0 and len(s["deal"]["hand"]) == 18
        assert s["seats"][0]["connected"] is True


def test_a_bad_token_or_table_is_told_then_closed(client):
    t = new_table(client)
    with client.websocket_connect(f"/ws/tables/{t['id']}?token=forged") as ws:
        told_then_closed(ws, "bad_token", 4403)
    with client.websocket_connect("/ws/tables/nope") as ws:
        told_then_closed(ws, "no_table", 4404)


def test_every_request_type_is_answered(client):
    t = new_table(client, seats=["person", "rule", "rule", "rule"])
    j = join(client, t["id"])
    with client.websocket_connect(j["ws"]) as ws:
        seat = SeatClient(ws)
        seat.until("state")
        seat.send(type="ping", id=7)
        assert seat.until("pong") == {"type": "pong", "id": 7}
        seat.send(type="state", id="s")
        assert seat.recv()["type"] == "state"
        while not seat.my_turn():
            seat.recv()
        seat.send(type="hint", id=1)
        hint = seat.until("hint")
        assert hint["id"] == 1 and hint["action"] in [c["action"] for c in seat.state["turn"]["choices"]]
        seat.send(type="help")
        help_ = seat.until("help")
        assert help_["lines"] and all(isinstance(x["text"], str) for x in help_["lines"])
        seat.send(type="clear")
        assert seat.recv()["type"] == "state"


@pytest.mark.parametrize("frame, code", [
    ("{", "bad_json"),
    ("[1, 2]", "bad_message"),
    ('{"type": 3}', "bad_message"),
    ('{"type": "dance"}', "unknown_type"),
    ('{"type": "act"}', "bad_message"),
    ('{"type": "act", "actions": [true]}', "bad_message"),
    ('{"type": "act", "actions": [99999]}', "illegal"),
    ('{"type": "act", "actions": [1], "revoke": "yes"}', "bad_message"),
    ('{"type": "ping", "extra": 1}', "bad_message"),
    ('{"type": "ping", "id": [1]}', "bad_message"),
    ("[" * 3000, "bad_json"),
    ('{"type": "ping", "pad": "' + "x" * MAX_FRAME + '"}', "too_large"),
])
def test_a_malformed_message_gets_a_named_error_and_the_connection_stays(client, frame, code):
    t = new_table(client)
    j = join(client, t["id"])
    with client.websocket_connect(j["ws"]) as ws:
        seat = SeatClient(ws)
        seat.until("state")
        ws.send_text(frame)
        err = seat.until("error")
        assert err["code"] == code and len(err["message"]) <= 300 and "\n" not in err["message"]
        seat.send(type="ping", id=1)
        assert seat.until("pong")["id"] == 1


def test_an_illegal_action_is_refused_with_the_rule_and_nothing_changes(client):
    t = new_table(client)
    j = join(client, t["id"])
    with client.websocket_connect(j["ws"]) as ws:
        seat = SeatClient(ws)
        while not seat.my_turn():
            seat.recv()
        before = seat.state
        legal = {c["action"] for c in before["turn"]["choices"]}
        wrong = next(a for a in range(78, 130) if a not in legal)
        seat.send(type="act", actions=[wrong], id=5)
        err = seat.until("error")
        assert err["code"] == "illegal" and err["id"] == 5 and err["message"]
        seat.send(type="state")
        assert seat.until("state") == before


def test_each_client_is_told_the_table_in_its_own_language(client):
    """An English table, a French client and an English one on the same seat: each is told
    the same deal in its language, its refusals too; a bad language is refused."""
    t = new_table(client, seats=["person", "rule", "rule", "rule"])
    j = join(client, t["id"])
    with client.websocket_connect(j["ws"] + "&lang=fr") as wf, client.websocket_connect(j["ws"]) as we:
        fr, en = SeatClient(wf), SeatClient(we)
        assert fr.recv()["names"] == ["Sud", "Est", "Nord", "Ouest"] and en.recv()["names"][0] == "South"
        assert fr.recv()["lines"][0]["text"].endswith("donne.")
        while not fr.my_turn():
            fr.recv()
        en.until("state")
        legal = {c["action"] for c in fr.state["turn"]["choices"]}
        wrong = next(a for a in range(78, 130) if a not in legal)
        fr.send(type="act", actions=[wrong], id=1)
        en.send(type="act", actions=[wrong], id=1)
        said_fr, said_en = fr.until("error")["message"], en.until("error")["message"]
        assert said_fr != said_en and "you" not in said_fr.split()
        fr.play_first()
        told_fr = list(islice((m for m in iter(fr.recv, None) if m["type"] == "state" or m.get("lines")), 3))
        told_en = list(islice((m for m in iter(en.recv, None) if m["type"] == "state" or m.get("lines")), 3))
        assert [m["type"] for m in told_fr] == [m["type"] for m in told_en]
        assert told_fr[0].get("lines") != told_en[0].get("lines")
    with client.websocket_connect(f"/ws/tables/{t['id']}?lang=de") as ws:
        told_then_closed(ws, "bad_message", 4400)


def test_a_client_that_comes_back_finds_the_deal_told_so_far(client):
    t = new_table(client, seats=["person", "rule", "rule", "rule"])
    j = join(client, t["id"])
    with client.websocket_connect(j["ws"]) as ws:
        seat = SeatClient(ws)
        for _ in range(3):  # three decisions, each told with what the bots did after it
            while not seat.my_turn():
                seat.recv()
            seat.play_first()
        while not seat.my_turn():  # the table waits for the person: nothing more is told
            seat.recv()
        starts = [i for i, m in enumerate(seat.received) if m["type"] in ("log", "deal_started")]
        since = seat.received[starts[-1]:]  # the deal in progress (all may have passed: dealt again)
        told = [line for m in since if m["type"] != "state" for line in m.get("lines", [])]
    with client.websocket_connect(j["ws"]) as ws:
        again = SeatClient(ws)
        again.until("welcome")
        log = again.recv()
        assert log["type"] == "log"
        assert log["lines"] == told  # the same story, in the same words


def test_not_your_turn_and_a_spectator_cannot_act(client):
    t = new_table(client, seats=["person", "person", "rule", "rule"])
    a, b = join(client, t["id"]), join(client, t["id"])
    with client.websocket_connect(a["ws"]) as wa, client.websocket_connect(b["ws"]) as wb:
        sa, sb = SeatClient(wa), SeatClient(wb)
        sa.until("state"), sb.until("state")
        waiting = sb if sa.my_turn() else sa
        waiting.send(type="act", actions=[78])
        assert waiting.until("error")["code"] == "not_your_turn"
        waiting.send(type="hint")
        assert waiting.until("error")["code"] == "not_your_turn"
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        spec = SeatClient(ws)
        assert spec.recv()["spectator"] is True
        state = spec.until("state")
        assert state["seat"] is None and state["deal"]["hand"] == [] and state["deal"]["discards"] == []
        spec.send(type="act", actions=[78])
        assert spec.until("error")["code"] == "spectator"
        assert client.get(f"/api/tables/{t['id']}").json()["spectators"] == 1


def test_a_whole_deal_is_played_told_and_kept_as_a_record(client):
    t = new_table(client)
    j = join(client, t["id"])
    with client.websocket_connect(j["ws"]) as ws:
        seat = SeatClient(ws)
        over = play_to_end(seat)
    kinds = {m["type"] for m in seat.received}
    assert {"welcome", "state", "action", "trick", "payment", "deal_over", "match_over"} <= kinds
    assert len([m for m in seat.received if m["type"] == "trick"]) == 18
    assert any(line["text"] for line in over["lines"])  # the count explained
    assert sum(over["scores"]) == 0 and over["totals"] == over["scores"]
    rid = over["record"]
    rec = client.get(f"/api/records/{rid}").json()
    assert rec["variant"] == "fft-4p" and rec["result"]["scores"] == over["scores"]
    assert rec["tags"]["Table"] == t["id"]
    assert client.get(f"/api/records/{rid}.txt").text.startswith("[Event")
    assert client.get("/api/records/9999").status_code == 404
    listed = client.get(f"/api/records?table={t['id']}").json()  # hands all passed are kept too
    assert listed[0]["id"] == rid and not listed[0]["annulled"] and all(r["annulled"] for r in listed[1:])
    assert client.get(f"/api/tables/{t['id']}").json()["status"] == "over"
    n = notation_of("fft-4p")
    for m in seat.received:  # the seat's messages name no card it may not know
        if m["type"] in ("state",) and not m["deal"]["over"]:
            known = set(m["deal"]["hand"]) | {c for tr in m["deal"]["tricks"] for c in tr["cards"]}
            known |= {x["card"] for x in m["deal"]["trick"]["cards"]} | set(m["deal"]["chien"])
            known |= set(m["deal"]["discards"]) | {c for s in m["deal"]["shown"] for c in s["cards"]}
            assert cards_in(m, n) <= known


def test_two_people_play_at_one_table_and_a_spectator_sees_no_hand(client):
    t = new_table(client, variant="marolles-1637", seats=["person", "person", "rule"], deals=1)
    a, b = join(client, t["id"], name="A"), join(client, t["id"], name="B")
    with (client.websocket_connect(a["ws"]) as wa, client.websocket_connect(b["ws"]) as wb,
          client.websocket_connect(f"/ws/tables/{t['id']}") as wsp):
        sa, sb, sp = SeatClient(wa), SeatClient(wb), SeatClient(wsp)
        for s in (sa, sb, sp):
            s.until("state")
        done = False
        while not done:
            for s in (sa, sb):
                if s.my_turn():
                    s.play_first()
                    s.state = None
            for s in (sa, sb):
                m = s.recv()
                while m["type"] != "state":
                    done = done or m["type"] == "match_over"
                    m = s.recv()
        m = sp.until("match_over")
    spectated = sp.received
    assert all(m["deal"]["hand"] == [] for m in spectated if m["type"] == "state")
    bad = [m for m in spectated if m["type"] == "action" and m["phase"] == "discard" and m["action"] is not None
           and m["action"] < 78]
    assert not bad, bad[:2]


def test_reconnecting_with_the_token_gives_the_same_seat_and_state(client):
    t = new_table(client)
    j = join(client, t["id"])
    with client.websocket_connect(j["ws"]) as ws:
        seat = SeatClient(ws)
        while not seat.my_turn():
            seat.recv()
        seat.play_first()
        while not seat.my_turn():
            seat.recv()
        before = seat.state
    with client.websocket_connect(j["ws"]) as ws:
        again = SeatClient(ws)
        assert again.recv()["seat"] == 0
        assert again.recv()["type"] == "log"
        after = again.recv()
    assert after["deal"] == before["deal"] and after["turn"] == before["turn"]


def test_an_empty_seat_is_played_by_a_bot_after_the_timeout_then_given_back(client):
    t = new_table(client, seats=["person", "person", "rule", "rule"], empty_seat_after=1, deals=1)
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        spec = SeatClient(ws)
        deadline = time.monotonic() + 30
        taken = []
        while len(taken) < 2 and time.monotonic() < deadline:
            m = spec.recv()
            if m["type"] == "seat" and m["bot"] == "rule":
                taken.append(m["seat"])
        assert sorted(taken) == [0, 1]
        spec.until("match_over")
    table = client.get(f"/api/tables/{t['id']}").json()
    assert table["status"] == "over" and [s["bot"] for s in table["seats"][:2]] == ["rule", "rule"]


def test_a_person_coming_back_takes_the_seat_from_the_bot(client):
    t = new_table(client, seats=["person", "rule", "rule", "rule"], empty_seat_after=1, deals=3)
    j = join(client, t["id"])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if client.get(f"/api/tables/{t['id']}").json()["seats"][0]["bot"] == "rule":
            break
        time.sleep(0.1)
    with client.websocket_connect(j["ws"]) as ws:
        seat = SeatClient(ws)
        state = seat.until("state")
        assert state["seats"][0]["bot"] is None and state["seats"][0]["connected"]
        if state["status"] != "over":
            while not seat.my_turn() and seat.state["status"] != "over":
                seat.recv()


def test_a_revoke_the_options_allow_is_confirmed_before_it_is_played(client):
    t = new_table(client, variant="marolles-1637", seats=["person", "rule", "rule"], deals=5,
                  options={"revoke_handling": "penalty_1m_and_forfeit"})
    j = join(client, t["id"])
    with client.websocket_connect(j["ws"]) as ws:
        seat = SeatClient(ws)
        while True:
            m = seat.recv()
            assert m["type"] != "match_over", "no revoke could be played in five deals"
            if m["type"] != "state" or not seat.my_turn():
                continue
            turn = seat.state["turn"]
            revokes = [c["action"] for c in turn["choices"] if c["action"] < 78 and c["action"] not in turn["marked"]]
            if seat.state["deal"]["phase"] != "play" or not revokes:
                seat.play_first()
                continue
            before = seat.state
            seat.send(type="act", actions=[revokes[0]], id="r")
            confirm = seat.until("confirm")
            assert confirm["action"] == revokes[0] and confirm["id"] == "r" and confirm["message"]
            seat.send(type="state")
            assert seat.until("state") == before  # not played yet
            seat.send(type="act", actions=[revokes[0]], revoke=True)
            played = seat.until("action")
            assert played["seat"] == 0 and played["action"] == revokes[0]
            break
