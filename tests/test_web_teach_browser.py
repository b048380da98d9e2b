"""Review and puzzles in the browser (tarot.web.teach, static/review.js, static/puzzles.js),
driven by Playwright in Debian's chromium against a real server (the fixtures of
``test_web_browser``): a finished deal reviewed beside its replay shows the graph and the
decisions, a decision clicked moves the replay; a puzzle answered by clicking, right and
wrong, with the running count; the French interface in French. Screenshots as the table's
tests write them (``$TAROT_SCREENSHOTS``, else a temporary folder).
"""

from __future__ import annotations

import json
import time
import urllib.request

import pytest

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")

from test_web_browser import browser, create_table, new_page, server, shots  # noqa: E402, F401  (fixtures)

from tarot.runs.puzzles import shipped  # noqa: E402

#: Deals drawn a decision in the browser's reviews (the page passes ``?worlds=`` on): the page,
#: not the engine's figures, is tested here.
WORLDS = 4


def finished_record(base: str, variant: str) -> int:
    """A deal played through by bots at a new table; its record's id."""
    players = {"marolles-1637": 3, "fft-4p": 4}[variant]
    table = create_table(base, variant, ["rule"] * players)
    for _ in range(600):
        with urllib.request.urlopen(f"{base}/api/records?table={table['id']}") as r:
            rows = json.loads(r.read())
        if rows:
            return rows[0]["id"]
        time.sleep(0.1)
    raise AssertionError("the bots' deal did not finish in 60 s")


def test_a_finished_deal_is_reviewed_beside_its_replay(server, browser, shots):  # noqa: F811
    rid = finished_record(server, "marolles-1637")
    page = new_page(browser)
    page.goto(f"{server}/records/{rid}?worlds={WORLDS}")
    page.wait_for_selector("#review-go")
    page.select_option("#review-seat", "1")
    page.click("#review-go")
    page.wait_for_selector("#review-progress, #review-graph")
    page.wait_for_selector("#review-graph .dot", timeout=120_000)
    with urllib.request.urlopen(f"{server}/api/records/{rid}/review?seat=1&worlds={WORLDS}") as r:
        review = json.loads(r.read())["review"]
    weighed = [d for d in review["decisions"] if d["weighed"]]
    assert page.locator("#review-graph .dot").count() == len(weighed) > 0
    assert page.locator("#review-list .decision").count() == len(review["decisions"])
    summary = page.locator("#review-summary").inner_text()
    assert "East" in summary and "accuracy" in summary and f"{review['summaries'][0]['total_loss']:.2f}" in summary
    # a decision clicked: the replay shows the step of its card, and the decision is marked
    d = weighed[len(weighed) // 2]
    page.locator(f"#review-list .decision[data-move='{d['move']}']").click()
    assert page.locator("#step").inner_text().startswith(f"Step {d['move'] + 1} of")
    assert page.locator("#review-list .decision.current").get_attribute("data-move") == str(d["move"])
    assert d["played"] in page.locator(".replay-log").inner_text() or page.locator(".trick-line img").count()
    # a dot of the graph clicked: the same
    first = weighed[0]
    page.locator(f"#review-graph .dot[data-move='{first['move']}']").click()
    assert page.locator("#step").inner_text().startswith(f"Step {first['move'] + 1} of")
    page.screenshot(path=str(shots / "review-marolles-1637.png"), full_page=True)
    # a bad seat asked of the API directly is refused by name; the page is unharmed
    req = urllib.request.Request(f"{server}/api/records/{rid}/review?seat=5", method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(req)
    assert refused.value.code == 400
    assert not page.errors


def test_a_puzzle_is_answered_by_clicking_right_then_wrong(server, browser, shots):  # noqa: F811
    puzzles = shipped("fft-4p")
    page = new_page(browser)
    page.goto(f"{server}/puzzles?variant=fft-4p&n=1")
    page.wait_for_selector("#hand .in-hand")
    assert page.locator("#puzzle-number").inner_text() == f"Puzzle 1 of {len(puzzles)}"
    assert page.locator("#puzzle-score").inner_text() == "0 right of 0"
    view = puzzles[0].view()
    shown = {int(x) for x in page.eval_on_selector_all("img[data-card]", "els => els.map(e => e.dataset.card)")}
    assert shown <= set(tarot_cards(view.known_cards()))  # the seat's view only
    assert {int(x) for x in page.eval_on_selector_all("#hand .in-hand", "els => els.map(e => e.dataset.card)")} \
        == set(tarot_cards(view.hand))
    page.screenshot(path=str(shots / "puzzle-fft-4p.png"), full_page=True)
    page.locator(f"#hand .in-hand[data-card='{puzzles[0].answer}']").click(position={"x": 6, "y": 24})
    verdict = page.locator("#puzzle-verdict")
    verdict.wait_for()
    assert "right" in verdict.get_attribute("class") and verdict.inner_text().startswith("Right")
    assert "every deal the hidden cards allow" in verdict.inner_text()
    assert page.locator("#puzzle-score").inner_text() == "1 right of 1"
    page.screenshot(path=str(shots / "puzzle-right.png"), full_page=True)
    page.click("#puzzle-continue")
    page.wait_for_function("document.querySelector('#puzzle-number').textContent.startsWith('Puzzle 2 ')")
    second = puzzles[1]
    view = second.view()
    illegal = [c for c in tarot_cards(view.hand) if c not in view.legal_actions]
    if illegal:  # a card the rules refuse: the rule's reason, and still this puzzle
        page.locator(f"#hand .in-hand[data-card='{illegal[0]}']").click(position={"x": 6, "y": 24})
        page.locator(".toast.refusal").first.wait_for()
        assert "cannot be played here" in page.locator(".toast.refusal").first.inner_text()
        assert page.locator("#puzzle-verdict").count() == 0
    wrong = next(a for a in view.legal_actions if a != second.answer)
    page.locator(f"#hand .in-hand[data-card='{wrong}']").click(position={"x": 6, "y": 24})
    verdict.wait_for()
    assert "wrong" in verdict.get_attribute("class") and verdict.inner_text().startswith("Not ")
    assert page.locator("#puzzle-score").inner_text() == "1 right of 2"
    assert page.locator(f"#hand .in-hand.hinted[data-card='{second.answer}']").count() == 1  # the answer lit
    page.screenshot(path=str(shots / "puzzle-wrong.png"), full_page=True)
    assert not page.errors
    phone = new_page(browser, phone=True)  # on a phone's screen: the same position, the hand in reach
    phone.goto(f"{server}/puzzles?variant=marolles-1637&n=7")
    phone.wait_for_selector("#hand .in-hand")
    phone.screenshot(path=str(shots / "puzzle-phone.png"), full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), \
        phone.evaluate("document.documentElement.scrollWidth")


def test_the_french_interface_of_puzzles_and_review(server, browser, shots):  # noqa: F811
    p = shipped("marolles-1637")[2]
    page = new_page(browser, lang="fr")
    page.goto(f"{server}/puzzles?variant=marolles-1637&n=3")
    page.wait_for_function("document.querySelector('#hand img[title]')")
    assert page.locator("header a[href='/puzzles']").inner_text() == "Problèmes"
    assert "Vous êtes Sud" in page.locator("#puzzle-ask").inner_text()
    names = " ".join(page.eval_on_selector_all("#hand img", "els => els.map(e => e.title)"))
    assert "de " in names and " of " not in names, names  # "Roi d'Épées", not "King of Swords"
    page.locator(f"#hand .in-hand[data-card='{p.answer}']").click(position={"x": 6, "y": 24})
    page.locator("#puzzle-verdict").wait_for()
    text = page.locator("#puzzle-verdict").inner_text()
    assert text.startswith("Exact") and "dans chaque donne" in text
    page.screenshot(path=str(shots / "puzzle-fr.png"), full_page=True)
    rid = finished_record(server, "marolles-1637")
    page.goto(f"{server}/records/{rid}?worlds={WORLDS}")
    page.wait_for_selector("#review-go")
    assert page.locator("#review h2").inner_text() == "Analyse du moteur"
    page.click("#review-go")
    page.wait_for_selector("#review-graph .dot", timeout=120_000)
    assert "précision" in page.locator("#review-summary").inner_text()
    assert "Levée" in page.locator("#review-list").inner_text()
    page.screenshot(path=str(shots / "review-fr.png"), full_page=True)
    assert not page.errors


def tarot_cards(cs: int) -> list[int]:
    from tarot.core.cards import cards_of

    return cards_of(cs)
