"""Duplicate challenges in the web app (``tarot.web.challenge``): a challenge's table deals its
boards, the server counts the person's scores from its own stored deals, people's results of
the same challenge are listed, a restarted server goes on with the same boards, the API never
sends a card, bad requests are refused in one line; on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from tarot.records import parse_record  # noqa: E402
from tarot.runs.challenge import Challenge  # noqa: E402
from tarot.web.app import create_app  # noqa: E402
from test_web_store import db_url, postgres  # noqa: E402,F401  (the databases' fixtures)
from web_support import SeatClient, cards_in, notation_of  # noqa: E402

SPEC = {"variant": "marolles-1637", "id": "web", "deals": 2, "seat": 1, "name": "Ann"}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite'}", tick=0.05)) as c:
        yield c


def start(client, **change) -> dict:
    r = client.post("/api/challenges", json={**SPEC, **change})
    assert r.status_code == 201, r.text
    return r.json()


def play(client, started: dict, deals: int | None = None) -> list[dict]:
    """Play the first choice at each turn; the deal_over messages, until the match is over (or
    ``deals`` deals are over)."""
    overs = []
    with client.websocket_connect(started["ws"]) as ws:
        seat = SeatClient(ws)
        while True:
            m = seat.recv()
            assert m["type"] != "error", m
            if m["type"] == "deal_over":
                overs.append(m)
                if deals is not None and len(overs) == deals:
                    return overs
            if m["type"] == "match_over":
                return overs
            if m["type"] == "state" and seat.my_turn():
                seat.play_first()


def test_a_challenge_is_played_and_counted_by_the_server(db_url):  # noqa: F811
    c = Challenge.make("marolles-1637", "web", deals=2, seat=1)
    with TestClient(create_app(db_url, tick=0.05)) as client:
        started = start(client)
        assert started["seat"] == 1 and started["page"] == f"/challenge/{started['table']}"
        before = client.get(f"/api/challenges/plays/{started['table']}").json()
        assert before["play"]["scores"] == [] and not before["play"]["finished"] and before["results"] == []
        overs = play(client, started)
        assert len(overs) == 2
        got = client.get(f"/api/challenges/plays/{started['table']}").json()
        # the table dealt the challenge's boards, in order
        records = sorted(client.get(f"/api/records?table={started['table']}").json(), key=lambda r: r["number"])
        played = [parse_record(client.get(f"/api/records/{r['id']}").text) for r in records]
    assert [r.deck for r in played] == [b.deck for b in c.boards()]
    assert [r.dealer for r in played] == [b.dealer for b in c.boards()]
    p = got["play"]
    assert p["finished"] and p["name"] == "Ann" and p["table"] == started["table"]
    assert p["scores"] == [o["scores"][1] for o in overs]  # the seat's scores, as the table counted them
    assert p["bots"] == list(c.bot_scores()) == [b["bots"] for b in got["boards"]]
    assert [r["difference"] for r in p["rows"]] == [s - b for s, b in zip(p["scores"], p["bots"])]
    assert p["mean_difference"] == sum(r["difference"] for r in p["rows"]) / 2
    assert [r["table"] for r in got["results"]] == [started["table"]]
    assert got["challenge"] == c.key() and got["reference"] == "rule"


def test_people_of_the_same_challenge_are_listed_best_first(client):
    a, b = start(client, name="Ann"), start(client, name="Bob")
    other_seat = start(client, name="Cy", seat=0)
    for s in (a, b, other_seat):
        play(client, s)
    got = client.get("/api/challenges", params={"variant": "marolles-1637", "id": "web", "deals": 2,
                                                "seat": 1}).json()
    results = got["results"]
    assert {r["name"] for r in results} == {"Ann", "Bob"}  # Cy played another seat
    assert [r["mean_difference"] for r in results] == sorted((r["mean_difference"] for r in results), reverse=True)
    assert all(r["finished"] and len(r["rows"]) == 2 for r in results)
    # the same deals: the bots' reference is the same for both
    assert results[0]["bots"] == results[1]["bots"]


def test_a_restarted_server_goes_on_with_the_challenges_boards(tmp_path):
    url = f"sqlite:///{tmp_path / 'web.sqlite'}"
    c = Challenge.make("marolles-1637", "restart", deals=2, seat=0)
    with TestClient(create_app(url, tick=0.05)) as client:
        started = start(client, id="restart", seat=0)
        play(client, started, deals=1)
    with TestClient(create_app(url, tick=0.05)) as client:  # rebuilt from the database
        play(client, started)
        got = client.get(f"/api/challenges/plays/{started['table']}").json()
        records = client.get(f"/api/records?table={started['table']}").json()
        decks = {r["number"]: parse_record(client.get(f"/api/records/{r['id']}").text).deck for r in records}
    assert got["play"]["finished"] and len(got["play"]["scores"]) == 2
    assert decks == {i + 1: b.deck for i, b in enumerate(c.boards())}


def test_the_challenge_api_never_sends_a_card(client):
    started = start(client)
    notation = notation_of("marolles-1637")
    got = client.get("/api/challenges", params={"variant": "marolles-1637", "id": "web", "deals": 2, "seat": 1})
    mine = client.get(f"/api/challenges/plays/{started['table']}")
    for body in (started, got.json(), mine.json(), client.get(f"/api/tables/{started['table']}").json()):
        assert "deck" not in json.dumps(body) and "boards" not in body.get("challenge", {})
        assert cards_in({k: v for k, v in body.items() if k not in ("token", "ws")}, notation) == set()


@pytest.mark.parametrize("change, said", [
    ({"variant": "whist"}, "unknown variant 'whist'"),
    ({"seat": 3}, "the seat must be 0..2"),
    ({"deals": 0}, "a challenge has 1..64 deals, not 0"),
    ({"deals": 100}, "a challenge has 1..64 deals, not 100"),
    ({"id": " padded"}, "is not 1..60 printable characters"),
    ({"bots": ["genius"]}, "genius"),
    ({"bots": ["rule", "rule"]}, "give 1 or 3 bot names"),
    ({"options": {"no_such_option": "1"}}, "no_such_option"),
    ({"lang": "de"}, "lang"),
])
def test_a_bad_challenge_is_refused_in_one_line_naming_the_fault(client, change, said):
    r = client.post("/api/challenges", json={**SPEC, **change})
    assert r.status_code == 400, r.text
    detail = r.json()["detail"]
    assert said in detail and "\n" not in detail and len(detail) <= 1000
    assert client.get("/api/tables").json() == []


def test_other_bad_requests(client):
    assert client.post("/api/challenges", json={**SPEC, "name": "evil\x1b[2J"}).status_code == 422
    assert client.post("/api/challenges", json={**SPEC, "id": "x" * 61}).status_code == 422
    r = client.get("/api/challenges/plays/nope")
    assert r.status_code == 404 and "no challenge played at table 'nope'" in r.json()["detail"]
    r = client.get("/api/challenges", params={"variant": "marolles-1637", "seat": 9})
    assert r.status_code == 400 and "seat" in r.json()["detail"]


def test_the_pages_and_the_openapi_description(client):
    page = client.get("/challenge?lang=fr")
    assert page.status_code == 200 and "/static/challenge.js" in page.text and 'lang="fr"' in page.text
    assert "marolles-1637:20" in page.text  # today's challenge of each game, for the form
    started = start(client)
    table_page = client.get(started["page"]).text
    assert started["table"] in table_page and started["token"] not in table_page
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/challenges", "/api/challenges/plays/{table_id}"} <= set(paths)
    assert "post" in paths["/api/challenges"] and "get" in paths["/api/challenges"]
    assert client.get("/static/challenge.js").status_code == 200


def test_a_challenge_with_options_is_its_own(client):
    started = start(client, options={"ultimo_fail": "1"}, deals=1)
    play(client, started)
    params = {"variant": "marolles-1637", "id": "web", "deals": 1, "seat": 1}
    assert client.get("/api/challenges", params=params).json()["results"] == []
    mine = client.get("/api/challenges", params={**params, "option": "ultimo_fail=1"}).json()
    assert [r["table"] for r in mine["results"]] == [started["table"]]
    assert mine["challenge"]["options"] == {"ultimo_fail": "1"}
    bad = client.get("/api/challenges", params={**params, "option": "nonsense"})
    assert bad.status_code == 400 and "nonsense" in bad.json()["detail"]


@pytest.mark.parametrize("variant", ["marolles-1637", "fft-4p"])
def test_a_challenge_table_tells_each_seat_its_view_only(tmp_path, variant):
    """The privacy check of ``test_web_privacy`` over a challenge's table (dealt from its boards):
    random decisions at every seat, every message within what its receiver may know."""
    import random

    from tarot.core.errors import IllegalActionError
    from tarot.web.live import LiveTable
    from tarot.web.store import Store
    from tarot.web.tables import check_spec, table_rows
    from test_web_privacy import check, known_by

    c = Challenge.make(variant, "privacy", deals=2)
    store = Store(f"sqlite:///{tmp_path / 'p.sqlite'}")
    spec = check_spec(variant, {}, ["person"] * len(c.bots), c.deals, "en", None, "rule", "")
    spec["boards"] = [[list(b.deck), b.dealer] for b in c.boards()]
    row, seats = table_rows(spec)
    store.add_table(row, seats)
    table = LiveTable.create(row, seats, store)
    seats_and_spectators = [*range(len(c.bots)), None]
    listeners = [(w, "en") for w in seats_and_spectators]
    notation, rng, decks = notation_of(variant), random.Random(1), []
    batch, _ = table.advance(listeners)
    check(batch, {}, table, notation)
    while not table.session.is_over:
        s, deal = table.session, table.session.deal
        assert deal is not None
        if deal.deck not in decks:
            decks.append(deal.deck)
        before = {w: known_by(table, w) for w in seats_and_spectators}
        if deal.is_over:
            batch, _ = table.advance(listeners)
        else:
            seat = deal.to_play
            try:
                reply, batch = table.act(seat, [rng.choice(s.choices(seat, table.chosen.get(seat, ())))], True,
                                         listeners)
                if reply is not None:  # the cards chosen so far, to the seat alone
                    batch = {(seat, "en"): [reply]}
            except IllegalActionError:
                batch = {(seat, "en"): [table.clear(seat)]}
        check(batch, before, table, notation)
    store.close()
    assert decks == [b.deck for b in c.boards()]
