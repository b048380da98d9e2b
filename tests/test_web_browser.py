"""The browser table, driven by Playwright in Debian's chromium against a real server (uvicorn
on a free loopback port, a temporary SQLite file): a person plays whole deals by clicking, two
people share a table, a reload mid-deal resumes, a spectator sees no hand, and the French
interface speaks French. Screenshots go to ``$TAROT_SCREENSHOTS`` (else a temporary folder).

Never downloads a browser: without Playwright or /usr/bin/chromium the tests are skipped.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser
sync_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")
pytest.importorskip("fastapi")
CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)", allow_module_level=True)

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[1]
#: How long a deal may take to be played through (bots think on a shared machine).
PATIENCE_MS = 60_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real server over a fresh SQLite file, as `tarot serve` starts one."""
    folder = tmp_path_factory.mktemp("web")
    port = _free_port()
    env = dict(os.environ, TAROT_DATABASE_URL=f"sqlite:///{folder / 'web.sqlite'}", XDG_DATA_HOME=str(folder))
    log = open(folder / "server.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "tarot.web.app:create_app", "--factory",
                             "--host", "127.0.0.1", "--port", str(port)], cwd=ROOT, env=env, stdout=log,
                            stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            if proc.poll() is not None:
                pytest.fail(f"the server stopped: {(folder / 'server.log').read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(base + "/api/health", timeout=1) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("the server did not answer within 60 s")
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = Path(os.environ.get("TAROT_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def new_page(browser, lang="en", phone=False):
    context = browser.new_context(viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 900},
                                  locale="fr-FR" if lang == "fr" else "en-US")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.set_default_timeout(PATIENCE_MS)
    return page


def create_table(base, variant, seats, lang="en", **extra):
    body = json.dumps({"variant": variant, "seats": seats, "lang": lang, **extra}).encode()
    req = urllib.request.Request(base + "/api/tables", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def states(page) -> int:
    return int(page.evaluate("Number(document.body.dataset.states || 0)"))


def hand(page) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all("#hand .in-hand", "els => els.map(e => e.dataset.card)")]


def act_once(page, prefer=()) -> str:
    """Make this seat's decision by clicking: a preferred named action, else a legal card of the
    hand, else a card offered outside it (a King to call), else the first choice."""
    before = states(page)
    for words in prefer:
        choice = page.locator(".prompt .choice", has_text=words)
        if choice.count():
            choice.first.click()
            what = "choice"
            break
    else:
        card = page.locator("body.my-turn .in-hand.legal:not(.chosen)")
        outside = page.locator(".choices-cards .card-button")
        if card.count():
            card.first.click(position={"x": 6, "y": 24})  # its corner: the part a fanned hand shows
            what = "card"
        elif outside.count():
            outside.first.click()
            what = "card"
        else:
            page.locator(".prompt .choice").first.click()
            what = "choice"
    page.wait_for_function(f"Number(document.body.dataset.states || 0) > {before}")
    return what


def wait_turn_or_end(pages):
    """The page whose turn it is, or None once every page shows the count of the deal."""
    deadline = time.monotonic() + PATIENCE_MS / 1000
    while time.monotonic() < deadline:
        if all(p.locator("#dialog.count").count() for p in pages):
            return None
        for p in pages:
            if p.evaluate("document.body.classList.contains('my-turn')") and not p.locator("#dialog.count").count():
                return p
        pages[0].wait_for_timeout(50)
    raise AssertionError("no seat's turn and no end of deal within the patience")


def play_to_end(pages, prefer=(), refuse_once=False, on_click=None) -> int:
    """Click through the deal at each page's turns; the number of cards clicked."""
    cards, refused = 0, not refuse_once
    while (page := wait_turn_or_end(pages)) is not None:
        if not refused and page.locator("body.my-turn .in-hand.not-legal").count():
            refused = True
            before = hand(page)
            page.locator("body.my-turn .in-hand.not-legal").first.click(position={"x": 6, "y": 24})
            toast = page.locator(".toast.refusal").first
            toast.wait_for()
            assert re.search(r"Refused: .{8,}", toast.inner_text()), toast.inner_text()
            assert hand(page) == before  # refused, nothing changed
        if act_once(page, prefer) == "card":
            cards += 1
        if on_click:
            on_click(page, cards)
    return cards


def sit(page, base, table_id, seat, name):
    page.goto(f"{base}/tables/{table_id}")
    page.fill("#sit-name", name)
    page.click(f".sit[data-seat='{seat}']")
    page.wait_for_selector("#board .seat")


def test_a_person_plays_a_deal_of_marolles_1637_against_bots_by_clicking(server, browser, shots):
    page = new_page(browser)
    page.goto(server + "/")
    page.select_option("#variant", "marolles-1637")
    page.fill("#your-name", "Alice")
    page.screenshot(path=str(shots / "lobby.png"), full_page=True)
    page.click("button[type=submit]")
    page.wait_for_selector("#board .seat")
    assert page.locator("#hand .in-hand").count() > 0
    taken = play_to_end([page], refuse_once=True, on_click=lambda p, n: n == 6 and p.screenshot(
        path=str(shots / "table-marolles-1637.png"), full_page=True))
    assert taken >= 18  # the discards and every trick's card
    count = page.locator("#dialog.count").inner_text()
    assert "packets of three" in count
    page.screenshot(path=str(shots / "count-marolles-1637.png"), full_page=True)
    assert not page.errors


def test_a_person_plays_a_deal_of_fft_4p_against_bots_by_clicking(server, browser, shots):
    table = create_table(server, "fft-4p", ["person", "rule", "rule", "rule"])
    page = new_page(browser)
    sit(page, server, table["id"], 0, "Bob")
    wait_turn_or_end([page])
    page.click("#help")  # the rules of this decision, as the terminal's `help` says them
    assert "56 card points" in page.locator("#dialog.help").inner_text()
    page.click("#dialog-close")
    page.click("#hint")  # what the rule bot would do
    assert page.locator(".toast.hint").first.inner_text().startswith("Hint: ")
    taken = play_to_end([page], prefer=("Prise",), refuse_once=True, on_click=lambda p, n: n == 5 and p.screenshot(
        path=str(shots / "table-fft-4p.png"), full_page=True))
    count = page.locator("#dialog.count").inner_text()
    if "passed" not in count:  # thrown in when all pass; else a whole deal: 18 tricks
        assert taken >= 18 and "target" in count
    # the record of the deal, to download in both forms and to replay step by step
    record = page.locator("#dialog.count a[href$='.txt']").get_attribute("href")
    with urllib.request.urlopen(server + record) as r:
        assert "[Variant \"fft-4p\"]" in r.read().decode()
    page.goto(server + "/records")
    page.locator("a.button", has_text="Replay").first.click()
    page.wait_for_selector("#next")
    page.click("#next")
    page.click("#last")
    assert page.locator("#step").inner_text().startswith("Step")
    assert page.locator(".replay-hand").count() == 4
    assert not page.errors


def test_two_people_share_a_table_and_a_reload_resumes_the_deal(server, browser, shots):
    table = create_table(server, "marolles-1637", ["person", "person", "rule"])
    a, b = new_page(browser), new_page(browser, phone=True)
    sit(a, server, table["id"], 0, "Ann")
    sit(b, server, table["id"], 1, "Ben")
    reloaded = []

    def reload_once(page, clicks):
        if clicks == 8 and not reloaded:
            before = hand(page)
            page.reload()
            page.wait_for_function("Number(document.body.dataset.states || 0) > 0")
            assert hand(page) == before  # the same seat, the same cards
            reloaded.append(page)
            b.screenshot(path=str(shots / "table-phone.png"), full_page=True)

    play_to_end([a, b], on_click=reload_once)
    assert reloaded
    for page in (a, b):
        assert "packets of three" in page.locator("#dialog.count").inner_text()
        assert not page.errors


def test_a_spectator_sees_no_hand(server, browser, shots):
    table = create_table(server, "fft-4p", ["person", "rule", "rule", "rule"])
    player, watcher = new_page(browser), new_page(browser)
    sit(player, server, table["id"], 0, "Cleo")
    watcher.goto(f"{server}/tables/{table['id']}?watch=1")
    watcher.wait_for_selector("#watching")
    watcher.wait_for_function("Number(document.body.dataset.states || 0) > 0")
    mine = set(hand(player))
    assert len(mine) == 18
    assert watcher.locator("#hand .in-hand").count() == 0
    shown = {int(x) for x in watcher.eval_on_selector_all("img[data-card]", "els => els.map(e => e.dataset.card)")}
    public = {int(x) for x in player.eval_on_selector_all(".board img[data-card]", "els => els.map(e => e.dataset.card)")}
    assert not (shown - public) & mine  # none of the player's cards but those on the table
    assert watcher.locator("#hint").count() == 0
    watcher.screenshot(path=str(shots / "spectator.png"), full_page=True)


def test_the_french_interface_shows_french_names(server, browser, shots):
    page = new_page(browser, lang="fr")
    page.goto(server + "/?lang=fr")
    page.select_option("#variant", "marolles-1637")
    assert page.locator("h1").inner_text() == "Jouer au Tarot"
    assert "trois joueurs, 66 cartes" in page.locator("#variant option[value='marolles-1637']").inner_text()
    assert page.locator("#table-lang").input_value() == "fr"
    page.click("button[type=submit]")
    page.wait_for_selector("#board .seat")
    page.wait_for_function("document.querySelector('#hand img[title]')")
    assert "Donne 1 sur 1" in page.locator("#status").inner_text()
    names = " ".join(page.eval_on_selector_all("#hand img", "els => els.map(e => e.title)"))
    assert re.search(r"Épées|Bâtons|Coupes|Deniers", names), names
    board = page.locator("#board").inner_text()
    assert "Sud" in board and "South" not in board
    page.screenshot(path=str(shots / "table-fr.png"), full_page=True)
    play_to_end([page])
    assert "paquets de trois" in page.locator("#dialog.count").inner_text()
    page.click("#dialog-close")
    page.locator("#lang-switch").click()  # and to English, in the same page
    assert page.locator("#lang-switch").inner_text() == "Français"
    assert page.locator("#scores-toggle").inner_text() == "Scores"
    # the server tells the table again in English: the deal's story, the seats' names
    page.wait_for_function("/\\b(South|East|West) deals\\b/.test(document.getElementById('log').innerText)")
    assert "Sud" not in page.locator("#board").inner_text()
    assert not page.errors
