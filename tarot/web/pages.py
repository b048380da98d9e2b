"""The browser client's pages: the lobby, the table, the finished deals with their replay,
the card faces; the app serves the client's files (``tarot/web/static``: plain CSS and JS, no
build step) under ``/static``. ``tarot.web.app`` includes ``router``; everything live goes through the
protocol of ``docs/web-protocol.md``.

Pages are small HTML shells in the client's language (``?lang=fr``, else the browser's, else
English); the scripts draw them from the JSON API. A finished deal's replay is worked out
here, step by step, from its record (``POST /api/replay``): a record is public once its deal
is over, so every hand may be shown.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response

from ..core.cards import NUM_CARDS, Notation, card_name, format_card
from ..core.deal import Deal
from ..core.errors import RecordError
from ..explain import CardRow, Line, explainer_for, in_display_order, line_text, seat_names
from ..explain.messages import speaking
from ..play.narration import Narration
from ..records import MAX_RECORD_BYTES, Record, parse_record
from ..records.common import fresh_deal
from .cards import back_svg, card_svg, face_title, notation_named
from .live import LANGUAGES

router = APIRouter()

_TITLES = {
    "lobby": {"en": "Tarot: the lobby", "fr": "Tarot : le salon"},
    "table": {"en": "Tarot: the table", "fr": "Tarot : la table"},
    "records": {"en": "Tarot: finished deals", "fr": "Tarot : donnes jouées"},
    "replay": {"en": "Tarot: replay", "fr": "Tarot : relecture"},
    "puzzles": {"en": "Tarot: puzzles", "fr": "Tarot : problèmes"},
}
#: The scripts of a page, after the shared ones (default: the page's own); the puzzles draw their
#: position with the table's functions (``table.js`` starts a table only on the table's page).
_SCRIPTS = {"replay": ("replay", "review"), "puzzles": ("table", "puzzles")}


def page_language(request: Request) -> str:
    """The client's language: ``?lang=``, else the first of the browser's we speak, else English."""
    asked = request.query_params.get("lang", "")
    if asked in LANGUAGES:
        return asked
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip()[:2].lower()
        if code in LANGUAGES:
            return code
    return "en"


def _shell(page: str, lang: str, data: dict[str, Any]) -> HTMLResponse:
    """An HTML page: the shared style and scripts, the page's script, and its data."""
    title = _TITLES[page][lang]
    blob = escape(json.dumps(data), quote=True)
    return HTMLResponse(
        f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{escape(title)}</title><link rel="stylesheet" href="/static/style.css">'
        f'<link rel="icon" href="/cards/french/21.svg"></head>'
        f'<body class="page-{page}" data-page="{page}" data-lang="{lang}" data-info="{blob}">'
        f'<header class="bar"><a class="home" href="/" data-t="nav.lobby"></a>'
        f'<a href="/records" data-t="nav.records"></a>'
        f'<a href="/challenge" data-t="nav.challenge"></a>'
        f'<a href="/puzzles" data-t="nav.puzzles"></a><span class="spacer"></span>'
        f'<button type="button" class="lang" id="lang-switch"></button></header>'
        f'<main id="main"><noscript>This page needs JavaScript.</noscript></main>'
        f'<script src="/static/i18n.js"></script><script src="/static/common.js"></script>'
        + "".join(f'<script src="/static/{name}.js"></script>' for name in _SCRIPTS.get(page, (page,)))
        + '</body></html>')


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def lobby(request: Request) -> HTMLResponse:
    """The lobby: create a table, the open and running tables."""
    return _shell("lobby", page_language(request), {})


@router.get("/tables/{table_id}", response_class=HTMLResponse, include_in_schema=False)
def table(table_id: str, request: Request) -> HTMLResponse:
    """A table: sit at a free seat, watch, or play at the seat this browser holds a token for."""
    return _shell("table", page_language(request), {"table": table_id[:64]})


@router.get("/records", response_class=HTMLResponse, include_in_schema=False)
def records(request: Request) -> HTMLResponse:
    """The finished deals, newest first, with their replay and downloads."""
    return _shell("records", page_language(request), {"table": request.query_params.get("table", "")[:64]})


@router.get("/records/{record_id}", response_class=HTMLResponse, include_in_schema=False)
def replay_page(record_id: str, request: Request) -> HTMLResponse:
    """One finished deal replayed step by step."""
    return _shell("replay", page_language(request), {"record": record_id[:64]})


@router.get("/cards/back.svg", include_in_schema=False)
def card_back() -> Response:
    return Response(back_svg(), media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})


@router.get("/cards/{notation}/{card}.svg", tags=["cards"])
def card_face(notation: str, card: int, lang: str = "en") -> Response:
    """The face of card ``card`` (0..77) in the ``italian`` or ``french`` pack, its names and
    corner letters in ``lang`` (``en``, ``fr``), as SVG (``tarot.web.cards``)."""
    try:
        svg = card_svg(card, notation_named(notation), lang)
    except ValueError as e:
        raise HTTPException(404, str(e)) from None
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})


@router.get("/api/faces/{notation}", tags=["cards"])
def faces(notation: str, lang: str = "en") -> list[dict[str, Any]]:
    """Each card's token, its name and its face's title in ``lang``."""
    try:
        n = notation_named(notation)
        return [{"id": c, "token": format_card(c, n), "name": card_name(c, n, lang),
                 "title": face_title(c, n, lang)} for c in range(NUM_CARDS)]
    except ValueError as e:
        raise HTTPException(404, str(e)) from None


@router.post("/api/replay", tags=["records"])
async def replay_steps(request: Request, lang: str = "en") -> dict[str, Any]:
    """A finished deal step by step, from its record (either form, as the body): after each
    action the hands, the trick on the table, the tricks won and what the table said; then
    the count. 400 names what is wrong with the record."""
    body = await request.body()
    if len(body) > MAX_RECORD_BYTES:
        raise HTTPException(413, f"a record is at most {MAX_RECORD_BYTES} bytes, this one {len(body)}")
    if lang not in LANGUAGES:
        raise HTTPException(400, f"unknown language {lang[:20]!r}: use 'en' or 'fr'")
    try:
        record = parse_record(body.decode("utf-8"))
        with speaking(lang):
            return _steps(record)
    except UnicodeDecodeError:
        raise HTTPException(400, "a record is UTF-8 text") from None
    except (RecordError, ValueError) as e:
        raise HTTPException(400, str(e)[:300]) from None


def _steps(record: Record) -> dict[str, Any]:
    deal = fresh_deal(record.variant, record.options, record.deck, record.dealer)
    names = seat_names(deal.players, 0, deal.seat_step(deal.options))
    narration = Narration(names, reveal=set(range(deal.players)))
    start = narration.start(deal)
    steps = [_snapshot(deal, None, None, [line for e in start for line in e.lines])]
    for a in record.actions:
        seat, phase = deal.to_play, deal.phase
        assert seat is not None  # parse_record has replayed every action
        deal.push(a)
        events = narration.after(deal, seat, phase, a)
        steps.append(_snapshot(deal, seat, a, [line for e in events for line in e.lines]))
    count = [_line(x, deal.notation) for x in explainer_for(deal).end_of_deal(deal, names)] if deal.is_over else []
    result = deal.result() if deal.is_over else None
    return {"variant": deal.variant, "notation": deal.notation.name, "players": deal.players, "names": names,
            "dealer": deal.dealer, "steps": steps, "count": count,
            "scores": list(result.scores) if result else None,
            "card_points": list(result.card_points) if result else None}


def _snapshot(deal: Deal, seat: int | None, action: int | None, lines: list) -> dict[str, Any]:
    leader = deal.leader if deal.trick else None
    return {
        "seat": seat, "action": action, "label": None if action is None else deal.action_token(action),
        "phase": deal.phase, "hands": [in_display_order(h, deal.card_power) for h in deal.hands],
        "trick": [{"seat": deal.trick_seat(leader, i), "card": c} for i, c in enumerate(deal.trick)]
        if leader is not None else [],
        "tricks": len(deal.tricks),
        "last": ({"cards": list(deal.tricks[-1][1]), "winner": deal.tricks[-1][2]} if deal.tricks else None),
        "lines": [_line(x, deal.notation) for x in lines],
    }


def _line(line: Line | CardRow, notation: Notation) -> dict[str, Any]:
    """A line as the protocol sends one (``docs/web-protocol.md``: text and tone)."""
    return {"text": line_text(line, lambda c: format_card(c, notation)),
            "tone": line.tone if isinstance(line, Line) else ""}


@router.get("/robots.txt", include_in_schema=False)
def robots() -> PlainTextResponse:
    return PlainTextResponse("User-agent: *\nDisallow: /api/\n")
