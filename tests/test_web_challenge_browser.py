"""A duplicate challenge in the browser (Playwright, Debian's chromium, a real server: the
fixtures of ``test_web_browser``): a person chooses a short challenge on ``/challenge``, plays
its deals by clicking, and sees the comparison board by board with the bot in the seat and the
list of those who finished it, as the API gives them."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")

from test_web_browser import browser, new_page, play_to_end, server, shots  # noqa: E402,F401  (fixtures)


def test_a_person_plays_a_short_challenge_by_clicking_and_sees_the_comparison(server, browser, shots):  # noqa: F811
    page = new_page(browser)
    page.goto(server + "/challenge")
    page.wait_for_selector("#ch-start")
    page.select_option("#ch-variant", "marolles-1637")
    page.fill("#ch-id", "browser-test")
    page.fill("#ch-deals", "1")
    page.select_option("#ch-seat", "1")
    page.fill("#ch-name", "Alice")
    page.screenshot(path=str(shots / "challenge-form.png"), full_page=True)
    page.click("#ch-start")
    page.wait_for_selector("#board .seat")
    assert "/challenge/" in page.url
    assert play_to_end([page]) >= 18  # the discards and every trick's card
    page.click("#dialog-close")
    page.wait_for_selector("#comparison tbody tr")
    page.wait_for_selector("#standings")
    table_id = page.url.split("/challenge/")[1].split("?")[0]
    with urllib.request.urlopen(f"{server}/api/challenges/plays/{table_id}") as r:
        got = json.loads(r.read())
    p = got["play"]
    assert p["finished"] and p["name"] == "Alice" and len(p["rows"]) == 1
    cells = page.locator("#comparison tbody tr").first.locator("td").all_inner_texts()
    signed = [f"{x:+d}" if x else "0" for x in (p["rows"][0]["person"], p["rows"][0]["bots"], p["rows"][0]["difference"])]
    assert cells == ["1", *signed]
    assert re.search(r"Difference: [+-]?\d", page.locator("#challenge-mean").inner_text())
    assert "Alice" in page.locator("#standings").inner_text()
    page.screenshot(path=str(shots / "challenge-comparison.png"), full_page=True)
    assert not page.errors
