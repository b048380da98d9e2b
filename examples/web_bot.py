"""An outside program at a `tarot serve` table: a bot account that plays through the same
HTTP API and WebSocket protocol as the browser (docs/web-protocol.md), seeing only its seat.

    python examples/web_bot.py http://127.0.0.1:8000 TABLE_ID [--seat 1] [--name "my bot"]

It joins a free seat (``POST /api/tables/{id}/join``: a secret token), opens the seat's
WebSocket, and at each of its turns plays a random legal choice (in a phase where several
cards are given, as many as the turn asks for) until the table is over. Replace ``choose`` to
make it play well. Needs the ``websockets`` package (installed with ``tarot-games[web]``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import urllib.error
import urllib.request
from typing import Any

from websockets.sync.client import connect


def join(server: str, table: str, seat: int | None, name: str) -> dict[str, Any]:
    """A free seat of ``table`` and its token; ``SystemExit`` with the server's reason."""
    body = json.dumps({"seat": seat, "name": name} if seat is not None else {"name": name}).encode()
    req = urllib.request.Request(f"{server}/api/tables/{table}/join", body, {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.load(r)
    except urllib.error.HTTPError as e:
        raise SystemExit(f"web_bot: cannot join table {table}: {json.load(e).get('detail', e.reason)}") from None


def choose(turn: dict[str, Any], rng: random.Random) -> list[int]:
    """The actions to send at the seat's turn: a random legal choice, or as many cards as a
    phase that takes several still asks for."""
    choices = [c["action"] for c in turn["choices"]]
    if turn["slots"]:
        cards = [a for a in choices if a < 78]
        return rng.sample(cards, min(turn["slots"], len(cards))) or choices[:1]
    return [rng.choice(choices)]


def play(server: str, table: str, seat: int | None = None, name: str = "web bot", seed: int | None = None) -> dict:
    """Sit at ``table`` and play until it is over; the last ``match_over`` message."""
    rng = random.Random(seed)
    joined = join(server, table, seat, name)
    ws_url = server.replace("http", "ws", 1) + joined["ws"]
    with connect(ws_url, open_timeout=30) as ws:
        while True:
            m = json.loads(ws.recv(timeout=300))
            if m["type"] == "match_over":
                return m
            if m["type"] == "error":  # a refused choice: the rules' reason; the table is unchanged
                print(f"web_bot: refused: {m['message']}", file=sys.stderr)
                ws.send(json.dumps({"type": "clear"}))
            elif m["type"] == "state" and m["turn"] and m["turn"]["mine"]:
                ws.send(json.dumps({"type": "act", "actions": choose(m["turn"], rng), "revoke": True}))


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("server", help="the server's address, e.g. http://127.0.0.1:8000")
    p.add_argument("table", help="the table's id (the lobby's list: GET /api/tables?status=open)")
    p.add_argument("--seat", type=int, help="the seat to take (default: the first free one)")
    p.add_argument("--name", default="web bot", help="the name shown at the table")
    p.add_argument("--seed", type=int, help="the bot's random seed")
    a = p.parse_args(argv)
    over = play(a.server.rstrip("/"), a.table, a.seat, a.name, a.seed)
    print(f"table over: totals {over['totals']}")


if __name__ == "__main__":
    main()
