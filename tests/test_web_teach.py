"""Review and puzzles over HTTP (tarot.web.teach): a review job from start to its result (the
same as ``tarot review --json``), kept in the database across a restart; bad seats, records and
too many jobs refused by name; puzzles served as the seat's view only, answered right and
wrong, bad answers refused, the answer never sent before it is asked for.

The property of the puzzle channel (issue 35's privacy test, for this channel): over every
shipped puzzle, the position names no card its seat may not know, and it is the same position
when the hidden cards are dealt again as the view allows."""

from __future__ import annotations

import json
import random
import secrets
import threading
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

import tarot  # noqa: E402
from tarot.bots import make_bot, play_out  # noqa: E402
from tarot.bots.sampling import sample_world  # noqa: E402
from tarot.core.cards import cards_of  # noqa: E402
from tarot.explain.messages import speaking  # noqa: E402
from tarot.records import record_from_deal  # noqa: E402
from tarot.runs.puzzles import shipped, shipped_variants  # noqa: E402
from tarot.runs.review import review  # noqa: E402
from tarot.web import teach  # noqa: E402
from tarot.web.app import create_app  # noqa: E402
from tarot.web.store import TableRow  # noqa: E402
from test_web_store import postgres  # noqa: E402, F401  (the PostgreSQL server fixture)
from web_support import cards_in, notation_of  # noqa: E402

WORLDS = 2  # deals a decision in the tests' reviews: the lifecycle, not the values, is tested here


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'web.sqlite'}"


@pytest.fixture
def client(db):
    with TestClient(create_app(db, tick=0.05)) as c:
        yield c


def finished(variant: str, seed: int) -> tarot.Deal:
    deal = tarot.new_deal(variant, seed=seed)
    play_out(deal, [make_bot("rule", seed=seed + s) for s in range(deal.players)])
    return deal


def stored_record(client, deal: tarot.Deal) -> int:
    """A finished deal written to the server's database as a table's would be; its record id."""
    store = client.app.state.manager.store
    tid = secrets.token_hex(4)
    store.add_table(TableRow(id=tid, name="", variant=deal.variant, options={}, deals=1, lang="en",
                             empty_seat_after=None, empty_seat_bot="rule", status="over"), [])
    rec = record_from_deal(deal)
    return store.write_play(tid, None, (1, deal.dealer, list(deal.deck)), 0, [],
                            finished=(rec.to_json(), list(deal.result().scores), False))


def wait_done(client, rid: int, seat: int, seconds: float = 120, lang: str = "en") -> dict:
    end = time.monotonic() + seconds
    seen = []
    while time.monotonic() < end:
        job = client.get(f"/api/records/{rid}/review?seat={seat}&worlds={WORLDS}&lang={lang}").json()
        seen.append(job["status"])
        assert job["status"] in ("queued", "running", "done"), job
        assert job["done"] <= job["total"] or job["total"] == 0
        if job["status"] == "done":
            return job
        time.sleep(0.1)
    raise AssertionError(f"the review did not finish in {seconds} s: {seen[-5:]}")


# ----- review ----------------------------------------------------------------------------------
def test_a_review_job_runs_to_the_reviews_json_and_is_kept(db):
    deal = finished("marolles-1637", 3)
    expected = review(record_from_deal(deal), [1], WORLDS, 0).to_dict()
    with TestClient(create_app(db, tick=0.05)) as client:
        rid = stored_record(client, deal)
        assert client.get(f"/api/records/{rid}/review?seat=1&worlds={WORLDS}").status_code == 404
        r = client.post(f"/api/records/{rid}/review?seat=1&worlds={WORLDS}")
        assert r.status_code == 202 and r.json()["status"] in ("queued", "running"), r.text
        again = client.post(f"/api/records/{rid}/review?seat=1&worlds={WORLDS}")  # the same job, not another
        assert again.status_code in (200, 202) and len(client.app.state.reviewer.jobs) == 1
        job = wait_done(client, rid, 1)
        assert job["review"] == expected  # what `tarot review --seat 1 --worlds 2 --json` prints
        assert job["done"] == job["total"] == len(expected["decisions"]) > 0
        assert {d["seat"] for d in job["review"]["decisions"]} == {1}
    with TestClient(create_app(db, tick=0.05)) as client:  # a new server: the review is in the database
        kept = client.get(f"/api/records/{rid}/review?seat=1&worlds={WORLDS}")
        assert kept.status_code == 200 and kept.json()["review"] == expected
        r = client.post(f"/api/records/{rid}/review?seat=1&worlds={WORLDS}")
        assert r.status_code == 200 and r.json()["status"] == "done" and not client.app.state.reviewer.jobs
        # in French: another job, the same values, the reasons said in French
        assert client.post(f"/api/records/{rid}/review?seat=1&worlds={WORLDS}&lang=fr").status_code == 202
        french = wait_done(client, rid, 1, lang="fr")["review"]
    with speaking("fr"):
        assert french == review(record_from_deal(deal), [1], WORLDS, 0).to_dict()
    strip = [{**d, "reason": ""} for d in expected["decisions"]]
    assert [{**d, "reason": ""} for d in french["decisions"]] == strip
    said = [d["reason"] for d in french["decisions"] if d["reason"]]
    assert all(" avec " in r and " with " not in r for r in said)


@pytest.mark.parametrize("query, status, words", [
    ("seat=3", 400, "not a seat of deal"),
    ("seat=-1", 422, "seat"),
    ("seat=x", 422, "seat"),
    ("seat=0&worlds=0", 422, "worlds"),
    ("seat=0&worlds=100000", 422, "worlds"),
    ("", 422, "seat"),
    ("seat=0&lang=de", 400, "unknown language"),
])
def test_a_bad_review_request_is_refused_by_name(client, query, status, words):
    rid = stored_record(client, finished("marolles-1637", 4))
    r = client.post(f"/api/records/{rid}/review?{query}")
    assert r.status_code == status and words in r.json()["detail"] and len(r.text) < 400, r.text
    assert not getattr(client.app.state, "reviewer", None) or not client.app.state.reviewer.jobs


def test_an_unknown_record_is_refused(client):
    for method in (client.post, client.get):
        r = method("/api/records/987654/review?seat=0")
        assert r.status_code == 404 and r.json()["detail"] == "no finished deal 987654", r.text
    assert client.post("/api/records/0/review?seat=0").status_code == 422


def test_jobs_in_line_are_bounded_and_one_per_record_and_seat(client, monkeypatch):
    """With the worker held busy, a second request for one record and seat is the same job,
    and beyond ``MAX_WAITING`` jobs waiting the server says to come back (503)."""
    monkeypatch.setattr(teach, "MAX_WAITING", 2)
    rid = stored_record(client, finished("marolles-1637", 5))
    reviewer = teach.Reviewer(client.app.state.manager.store)
    client.app.state.reviewer = reviewer
    hold = threading.Event()
    reviewer.work.put(lambda: hold.wait(60))
    try:
        first = client.post(f"/api/records/{rid}/review?seat=0&worlds=1")
        same = client.post(f"/api/records/{rid}/review?seat=0&worlds=1")
        assert first.status_code == same.status_code == 202 and same.json()["status"] == "queued"
        assert client.post(f"/api/records/{rid}/review?seat=1&worlds=1").status_code == 202
        full = client.post(f"/api/records/{rid}/review?seat=2&worlds=1")
        assert full.status_code == 503 and "waiting already" in full.json()["detail"]
        assert len(reviewer.jobs) == 2
    finally:
        hold.set()
    for seat in (0, 1):
        assert wait_done_worlds(client, rid, seat)["review"]["worlds"] == 1


def wait_done_worlds(client, rid, seat, worlds=1, seconds=120):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        job = client.get(f"/api/records/{rid}/review?seat={seat}&worlds={worlds}").json()
        if job["status"] == "done":
            return job
        assert job["status"] in ("queued", "running"), job
        time.sleep(0.1)
    raise AssertionError("the review did not finish")


def test_a_review_that_cannot_be_made_fails_by_name(client):
    """A job whose review raises (here a record that does not read) is told as failed with the
    reason, not left running."""
    rid = stored_record(client, finished("marolles-1637", 6))
    reviewer = teach.Reviewer(client.app.state.manager.store)
    client.app.state.reviewer = reviewer
    job = reviewer.start((rid, 0, 1, "en"), "not a record")
    after = threading.Event()
    reviewer.work.put(after.set)
    assert after.wait(120)
    assert job.status == "failed" and job.error, job
    got = client.get(f"/api/records/{rid}/review?seat=0&worlds=1").json()
    assert got["status"] == "failed" and got["error"]


def test_the_review_api_is_in_openapi(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert {"post", "get"} <= set(paths["/api/records/{rid}/review"])
    assert "/api/puzzles/{variant}/{number}/answer" in paths and "/api/puzzles" in paths


# ----- puzzles ---------------------------------------------------------------------------------
def test_the_sets_and_the_page(client):
    sets = client.get("/api/puzzles").json()
    assert [s["variant"] for s in sets] == shipped_variants()
    assert all(s["count"] == len(shipped(s["variant"])) > 0 for s in sets)
    page = client.get("/puzzles?lang=fr").text
    assert '<html lang="fr">' in page and "/static/table.js" in page and "/static/puzzles.js" in page
    assert '<script src="/static/review.js">' in client.get("/records/1").text
    for name in ("puzzles.js", "review.js"):
        assert client.get("/static/" + name).status_code == 200


SECRETS = ("answer", "values", "explanation", "margin", "source")


@pytest.mark.parametrize("variant", ["marolles-1637", "fft-4p"])
def test_a_puzzle_is_served_as_its_seats_view_and_answered(client, variant):
    puzzles = shipped(variant)
    for number in (1, len(puzzles) // 2, len(puzzles)):
        p = puzzles[number - 1]
        r = client.get(f"/api/puzzles/{variant}/{number}")
        assert r.status_code == 200
        pos = r.json()
        assert not set(SECRETS) & _keys(pos), pos.keys()
        view = p.view()
        assert pos["seat"] == p.seat and pos["legal"] == sorted(view.legal_actions) and p.answer in pos["legal"]
        assert sorted(pos["deal"]["hand"]) == cards_of(view.hand)
        assert pos["number"] == number and pos["count"] == len(puzzles)
        right = client.post(f"/api/puzzles/{variant}/{number}/answer", json={"card": p.answer}).json()
        assert right["right"] is True and right["answer"] == p.answer and right["explanation"] == p.explanation()
        assert [v["card"] for v in right["values"]][0] == p.answer
        other = next(a for a in pos["legal"] if a != p.answer)
        wrong = client.post(f"/api/puzzles/{variant}/{number}/answer", json={"card": other}).json()
        assert wrong["right"] is False and wrong["card"] == other and wrong["answer"] == p.answer


def _keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def test_a_bad_answer_is_refused_by_name_and_tells_nothing(client):
    p = shipped("marolles-1637")[0]
    view = p.view()
    not_held = next(c for c in range(1, 78) if not view.hand >> c & 1)
    url = "/api/puzzles/marolles-1637/1/answer"
    for body, status, words in [
        ({"card": not_held}, 400, "cannot be played here"),
        ({"card": 999}, 400, "0 to 77"),
        ({"card": -3}, 400, "0 to 77"),
        ({"card": "KS"}, 422, "card"),
        ({}, 422, "card"),
    ]:
        r = client.post(url, json=body)
        assert r.status_code == status and words in r.json()["detail"] and len(r.text) < 400, (body, r.text)
        assert "answer" not in r.json()
    held_illegal = [c for c in cards_of(view.hand) if c not in view.legal_actions]
    for c in held_illegal[:2]:
        r = client.post(url, json={"card": c})
        assert r.status_code == 400 and "cannot be played here" in r.json()["detail"]
    assert client.post(url, content=b"{").status_code == 422
    for path, status, words in [
        ("/api/puzzles/nope/1", 404, "the sets are"),
        ("/api/puzzles/marolles-1637/100000", 404, "there are"),
        ("/api/puzzles/marolles-1637/0", 422, "number"),
        ("/api/puzzles/marolles-1637/1?lang=de", 400, "unknown language"),
    ]:
        r = client.get(path)
        assert r.status_code == status and words in r.json()["detail"], (path, r.text)


def test_a_puzzle_in_french(client):
    p = shipped("marolles-1637")[4]
    pos = client.get("/api/puzzles/marolles-1637/5?lang=fr").json()
    assert pos["names"][p.seat] == "Sud"
    got = client.post("/api/puzzles/marolles-1637/5/answer?lang=fr", json={"card": p.answer}).json()
    with speaking("fr"):
        assert got["explanation"] == p.explanation()
    assert "dans chaque donne" in got["explanation"] and "every deal" not in got["explanation"]


@pytest.mark.parametrize("variant", shipped_variants())
def test_no_puzzle_position_names_a_card_its_seat_may_not_know(variant):
    """Every shipped puzzle: its position names only cards the seat's view knows, and is the same
    position when the other hands are dealt again as that view allows (sampled afresh)."""
    rng = random.Random(38)
    notation = notation_of(variant)
    puzzles = shipped(variant)
    for number, p in enumerate(puzzles, 1):
        deal = p.position()
        view = deal.view(p.seat)
        pos = teach.position_payload(view, deal.card_power, number, len(puzzles))
        leaked = cards_in(pos, notation) - set(cards_of(view.known_cards()))
        assert not leaked, (number, sorted(leaked))
        world = sample_world(view, rng)
        again = teach.position_payload(world.view(p.seat), world.card_power, number, len(puzzles))
        assert json.dumps(again, sort_keys=True) == json.dumps(pos, sort_keys=True), number


@pytest.mark.postgres
def test_a_review_is_kept_on_postgresql(postgres):  # noqa: F811  (the fixture imported above)
    """The ``reviews`` table of migration 0003 on a real PostgreSQL server: a review written
    for a stored deal is read back, once per record, seat and worlds."""
    from tarot.web.store import Store
    from web_support import fresh_database

    store = Store(fresh_database(postgres))
    try:
        deal = finished("marolles-1637", 7)
        store.add_table(TableRow(id="pg1", name="", variant=deal.variant, options={}, deals=1, lang="en",
                                 empty_seat_after=None, empty_seat_bot="rule", status="over"), [])
        rid = store.write_play("pg1", None, (1, deal.dealer, list(deal.deck)), 0, [],
                               finished=(record_from_deal(deal).to_json(), list(deal.result().scores), False))
        reviewer = teach.Reviewer(store)
        job = teach.ReviewJob(rid, 2, 1, "en")
        reviewer._keep(job, {"decisions": [], "x": 1})
        reviewer._keep(job, {"decisions": [], "x": 2})  # kept once: the first stays
        assert reviewer.stored((rid, 2, 1, "en")) == {"decisions": [], "x": 1}
        assert reviewer.stored((rid, 1, 1, "en")) is None and reviewer.stored((rid, 2, 1, "fr")) is None
    finally:
        store.close()


def test_fuzzed_requests_get_a_short_error_and_change_nothing(client):
    """500 junk answers, paths and queries to the review and puzzle routes: each a 4xx with one
    short line, no review started, and the puzzles still served."""
    from test_web_fuzz import junk_value

    rng = random.Random(38)
    rid = stored_record(client, finished("marolles-1637", 8))
    for i in range(500):
        kind = i % 4
        if kind == 0:
            r = client.post("/api/puzzles/marolles-1637/1/answer", content=json.dumps(junk_value(rng)),
                            headers={"content-type": "application/json"})
        elif kind == 1:
            path = "".join(rng.choice("abc-_/%.0123456789") for _ in range(rng.randrange(1, 30)))
            r = client.get(f"/api/puzzles/{path}")
        elif kind == 2:
            r = client.post(f"/api/records/{rid}/review", params={"seat": str(junk_value(rng))[:50],
                                                                  "worlds": str(junk_value(rng))[:50]})
        else:
            r = client.get(f"/api/records/{rng.choice([rid, 0, -1, 10 ** 20])}/review",
                           params={"seat": rng.choice(["9", "-2", "x", ""]), "lang": str(junk_value(rng))[:20]})
        assert 400 <= r.status_code < 500 and r.status_code != 405, (i, r.status_code, r.text[:200])
        assert len(r.json()["detail"]) <= 300
    assert not getattr(client.app.state, "reviewer", None) or not client.app.state.reviewer.jobs
    assert client.get("/api/puzzles/marolles-1637/1").status_code == 200
