"""What the web tests share: every card a message mentions (by id under the protocol's card
keys, by token or by name in its text), and a client that plays a seat over the WebSocket."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache

from tarot.core.cards import NUM_CARDS, NOTATIONS, Notation, card_name, format_card

#: The keys under which the protocol puts card ids (docs/web-protocol.md).
CARD_KEYS = {"card", "cards", "hand", "chien", "discards", "chosen", "marked", "eligible", "cut_card", "called",
             "table"}
#: The keys whose value is an action id (a card below 78).
ACTION_KEYS = {"action"}


@cache
def _text_patterns(notation: Notation) -> list[tuple[re.Pattern, int]]:
    """Each card's token (the Fool's aside: ``F`` is a word) and its names in English and
    French (a trump's only where it has a nickname: ``XXI (the World)``), as patterns."""
    out = []
    for c in range(1, NUM_CARDS):
        out.append((re.compile(rf"(?<![A-Za-z0-9]){re.escape(format_card(c, notation))}(?![A-Za-z0-9])"), c))
        for lang in ("en", "fr"):
            name = card_name(c, notation, lang)
            if c > 21 or "(" in name:
                out.append((re.compile(re.escape(name)), c))
    return out


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


def cards_in(message: object, notation: Notation) -> set[int]:
    """Every card ``message`` mentions."""
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
        elif isinstance(value, str):
            for pattern, c in _text_patterns(notation):
                if pattern.search(value):
                    found.add(c)

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
