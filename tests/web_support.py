"""What the web tests share: every card a message mentions (by id under the protocol's card
keys, by token or by name in its text), and a client that plays a seat over the WebSocket."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from tarot.core.cards import NUM_CARDS, NOTATIONS, Notation, card_name, format_card

#: The keys under which the protocol puts card ids (docs/web-protocol.md).
CARD_KEYS = {"card", "cards", "hand", "chien", "discards", "chosen", "marked", "eligible", "cut_card", "called",
             "table"}
#: The keys whose value is an action id (a card below 78).
ACTION_KEYS = {"action"}
#: Keys whose text is an identifier, not words: a table's id or a seat's token is random
#: URL-safe text, which may begin with a card's token ("JD-msdFLF67h").
ID_KEYS = {"table", "token", "id", "ws"}


@cache
def _text_patterns(notation: Notation) -> tuple[re.Pattern, re.Pattern, dict[str, int]]:
    """Each card's token (the Fool's aside: ``F`` is a word) and its names in English and
    French (a trump's only where it has a nickname: ``XXI (the World)``): one pattern for the
    tokens, one for the names, and the card of each."""
    tokens, names = {}, {}
    for c in range(1, NUM_CARDS):
        tokens[format_card(c, notation)] = c
        for lang in ("en", "fr"):
            name = card_name(c, notation, lang)
            if c > 21 or "(" in name:
                names[name] = c
    by_length = sorted(tokens, key=len, reverse=True)
    token_re = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, by_length)) + r")(?![A-Za-z0-9])")
    name_re = re.compile("|".join(map(re.escape, sorted(names, key=len, reverse=True))))
    return token_re, name_re, {**tokens, **names}


def _ids(value: object) -> Iterator[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from _ids(v)
    elif isinstance(value, dict):
        yield from _ids(value.get("card"))


#: How to type, with example tokens (``e.g. `4B 7S```), in the rules' help: no card of the deal.
_EXAMPLE = re.compile(r"\(e\.g\. [^)]*\)")


def cards_in(message: object, notation: Notation) -> set[int]:
    """Every card ``message`` mentions (not counting the examples of how to type one)."""
    found: set[int] = set()

    def walk(value: object, key: str | None) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                if k in CARD_KEYS:
                    found.update(c for c in _ids(v) if 0 <= c < NUM_CARDS)
                if k in ACTION_KEYS and isinstance(v, int) and not isinstance(v, bool) and 0 <= v < NUM_CARDS:
                    found.add(v)
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key not in ID_KEYS:
            value = _EXAMPLE.sub("", value)
            token_re, name_re, card = _text_patterns(notation)
            found.update(card[m.group(1)] for m in token_re.finditer(value))
            found.update(card[m.group(0)] for m in name_re.finditer(value))

    walk(message, None)
    return found


def notation_of(variant: str) -> Notation:
    from tarot.core.deal import variant_class

    return NOTATIONS[variant_class(variant).notation.name]


class SeatClient:
    """A WebSocket client of the test client: sends JSON, reads until a message type."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.received: list[dict] = []
        self.state: dict | None = None

    def send(self, **msg) -> None:
        self.ws.send_text(json.dumps(msg))

    def recv(self) -> dict:
        m = self.ws.receive_json()
        self.received.append(m)
        if m["type"] == "state":
            self.state = m
        return m

    def until(self, kind: str, limit: int = 5000) -> dict:
        for _ in range(limit):
            m = self.recv()
            if m["type"] == kind:
                return m
        raise AssertionError(f"no {kind} in {limit} messages")

    def my_turn(self) -> bool:
        return bool(self.state and self.state["turn"] and self.state["turn"]["mine"])

    def play_first(self) -> None:
        """Play the first choice (a whole set of cards in a phase that takes several)."""
        assert self.state is not None
        turn = self.state["turn"]
        slots = turn["slots"]
        acts = [c["action"] for c in turn["choices"]][:max(1, slots)]
        self.send(type="act", actions=acts, revoke=True)
        self.state = None  # until the server's next state


# ----- the server as a process -------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, port: int) -> subprocess.Popen:
    """``tarot serve`` as a process on the SQLite file ``db``, once it answers ``/api/health``."""
    import httpx

    import tarot

    proc = subprocess.Popen([sys.executable, "-m", "tarot", "serve", "--port", str(port), "--database",
                             f"sqlite:///{db}"], cwd=Path(tarot.__file__).resolve().parents[1],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=os.environ.copy())
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server stopped: {proc.stderr.read().decode()[-2000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not answer in 60 s")


# ----- a PostgreSQL server for the store's tests ---------------------------------------------------
def postgres_server(folder):
    """A throwaway PostgreSQL cluster in ``folder`` on a unix socket, from Debian's binaries
    (run as the ``postgres`` user when the tests run as root); yields its URL (the ``postgres``
    database), or None when there is no PostgreSQL here. Stopped at once after."""
    import glob
    import shutil

    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        yield None
        return
    bindir = Path(found[-1]).parent
    as_user: list[str] = []
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            yield None
            return
        as_user = ["runuser", "-u", "postgres", "--"]
        shutil.chown(folder, "postgres")
    data = Path(folder) / "data"
    subprocess.run([*as_user, str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
                    "--no-sync", "-E", "UTF8"], check=True, capture_output=True)
    opts = f"-k {folder} -c listen_addresses='' -F"
    subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-o", opts, "-w", "-l",
                    str(Path(folder) / "log"), "start"], check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://postgres@/postgres?host={folder}"
    finally:
        subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True)


def fresh_database(server_url: str) -> str:
    """A new empty database on the server of ``server_url``; its URL."""
    import secrets

    import psycopg
    from sqlalchemy.engine import make_url

    url = make_url(server_url)
    name = "tarot_" + secrets.token_hex(6)
    dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return url.set(database=name).render_as_string(hide_password=False)
