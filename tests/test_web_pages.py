"""The browser client's pages and routes (tarot.web.pages) through FastAPI's test client: the
page shells in each language, the card faces, and a finished deal's step-by-step replay worked
out from its record, with the errors a bad request gets."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

import tarot  # noqa: E402
from tarot.core.deal import VARIANTS  # noqa: E402
from tarot.records import record_from_deal  # noqa: E402
from tarot.web.app import create_app  # noqa: E402


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(f"sqlite:///{tmp_path_factory.mktemp('web') / 'web.sqlite'}", tick=0.05)) as c:
        yield c


def finished(variant: str, seed: int):
    rng = random.Random(seed)
    deal = tarot.new_deal(variant, seed=seed)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    return deal


@pytest.mark.parametrize("path", ["/", "/tables/abc", "/records", "/records/7"])
def test_pages_are_shells_in_the_clients_language(client, path):
    page = client.get(path)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<html lang="en">' in page.text and "/static/common.js" in page.text
    assert '<html lang="fr">' in client.get(path + "?lang=fr").text
    assert '<html lang="fr">' in client.get(path, headers={"Accept-Language": "fr-FR,fr;q=0.9"}).text
    assert '<html lang="en">' in client.get(path + "?lang=xx", headers={"Accept-Language": "de"}).text


def test_a_table_id_is_data_not_markup(client):
    page = client.get('/tables/"><img src=x onerror=alert(1)>').text
    assert "<img src=x" not in page and "&lt;img src=x" in page


def test_the_clients_files_are_served(client):
    for name in ("i18n.js", "common.js", "lobby.js", "table.js", "records.js", "replay.js", "style.css"):
        r = client.get("/static/" + name)
        assert r.status_code == 200 and len(r.text) > 500, name


def test_card_faces(client):
    r = client.get("/cards/french/35.svg?lang=fr")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert ET.fromstring(r.text).get("aria-label") == "Roi de Pique"
    assert ET.fromstring(client.get("/cards/italian/21.svg").text).get("aria-label") == "XXI the World"
    assert client.get("/cards/back.svg").status_code == 200
    for bad in ("/cards/french/78.svg", "/cards/german/3.svg", "/cards/french/3.svg?lang=de"):
        r = client.get(bad)
        assert r.status_code == 404 and len(r.json()["detail"]) < 300, bad
    assert client.get("/cards/french/x.svg").status_code == 422
    faces = client.get("/api/faces/italian?lang=fr").json()
    assert len(faces) == 78 and faces[0]["title"] == "le Mat" and faces[35]["token"] == "KS"


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_finished_deal_is_replayed_step_by_step(client, variant):
    deal = finished(variant, 5)
    rec = record_from_deal(deal)
    for form in (rec.to_json(), rec.to_text()):
        r = client.post("/api/replay", content=form.encode())
        assert r.status_code == 200, r.text
        steps = r.json()
        assert len(steps["steps"]) == len(deal.history) + 1
        assert steps["scores"] == list(deal.result().scores)
        first, last = steps["steps"][0], steps["steps"][-1]
        # the hands at the start are the deal's, in the hand's order; at the end they are empty
        assert sorted(c for h in first["hands"] for c in h) == sorted(c for h in tarot.new_deal(
            variant, deal.options, deck=deal.deck, dealer=deal.dealer).hands for c in tarot.cards_of(h))
        assert all(h == [] for h in last["hands"]) or deal.result().info.get("annulled")
        assert [s["action"] for s in steps["steps"][1:]] == deal.history
        said = " ".join(line["text"] for s in steps["steps"] for line in s["lines"])
        assert "deals." in said


def test_a_replay_in_french_speaks_french(client):
    rec = record_from_deal(finished("marolles-1637", 2))
    steps = client.post("/api/replay?lang=fr", content=rec.to_json().encode()).json()
    said = " ".join(line["text"] for s in steps["steps"] for line in s["lines"])
    assert "Levée 1" in said and "Trick" not in said
    assert steps["names"] == ["Sud", "Est", "Ouest"]
    assert any("paquets de trois" in line["text"] for line in steps["count"])


@pytest.mark.parametrize("body, code, words", [
    (b'{"variant": "nope"}', 400, "format"),
    (b"not a record", 400, ""),
    (b"\xff\xfe", 400, "UTF-8"),
    (b"x" * 20000, 413, "bytes"),
])
def test_a_bad_record_is_refused_by_name(client, body, code, words):
    r = client.post("/api/replay", content=body)
    assert r.status_code == code
    detail = r.json()["detail"]
    assert words in detail and len(detail) <= 300


def test_a_replay_in_an_unknown_language_is_refused(client):
    rec = record_from_deal(finished("fft-3p", 1))
    r = client.post("/api/replay?lang=de", content=rec.to_json().encode())
    assert r.status_code == 400 and "'de'" in r.json()["detail"]
