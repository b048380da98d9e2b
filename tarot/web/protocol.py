"""What a client may send over the WebSocket (``docs/web-protocol.md``), read strictly: a
message that is not exactly one of these is refused with a ``ProtocolError`` that names what
is wrong, in one bounded line, and nothing at the table changes.

>>> parse_message('{"type": "act", "actions": [17], "id": 3}')
{'type': 'act', 'actions': [17], 'id': 3}
>>> parse_message('{"type": "act", "actions": "KS"}')
Traceback (most recent call last):
...
tarot.web.protocol.ProtocolError: 'actions' must be a list of 1 to 30 action ids (integers), not 'KS'
"""

from __future__ import annotations

import json
from typing import Any

from ..core.actions import NUM_ACTIONS
from ..core.errors import TarotError, excerpt

#: The longest frame a client may send, in bytes (a longer one is refused, ``too_large``).
MAX_FRAME = 4096
#: The most actions one ``act`` may carry (a discard or a poignée's cards, and ``done``).
MAX_ACTIONS = 30
#: The fields each message type takes (``type`` and ``id`` go with every one).
FIELDS: dict[str, frozenset[str]] = {
    "act": frozenset({"actions", "revoke"}),
    "clear": frozenset(),
    "hint": frozenset(),
    "help": frozenset(),
    "state": frozenset(),
    "ping": frozenset(),
}


class ProtocolError(TarotError):
    """A message the protocol does not take; ``code`` says which kind of fault."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def parse_message(frame: str | bytes | None) -> dict[str, Any]:
    """The message of a client's frame, checked; ``ProtocolError`` otherwise."""
    if frame is None or isinstance(frame, (bytes, bytearray)):
        raise ProtocolError("bad_message", "send text frames holding one JSON object each")
    if len(frame) > MAX_FRAME or len(frame.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise ProtocolError("too_large", f"a message is at most {MAX_FRAME} bytes, not {len(frame.encode('utf-8', 'surrogatepass'))}")
    try:
        msg = json.loads(frame)
    except RecursionError:
        raise ProtocolError("bad_json", "malformed JSON: nested too deeply") from None
    except ValueError as e:
        where = f" at line {e.lineno}, column {e.colno}" if isinstance(e, json.JSONDecodeError) else ""
        raise ProtocolError("bad_json", f"malformed JSON{where}: {str(e).split(':')[0][:80]}") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_message", f"a message is a JSON object with a 'type', not {excerpt(msg)}")
    kind = msg.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", f"a message needs a 'type' (a string), not {excerpt(kind)}")
    if kind not in FIELDS:
        raise ProtocolError("unknown_type", f"unknown message type {excerpt(kind)}; the types are "
                                            f"{', '.join(FIELDS)}")
    mid = msg.get("id")
    if "id" in msg and not _good_id(mid):
        raise ProtocolError("bad_message", f"'id' must be a string of at most 40 characters or an integer, "
                                           f"not {excerpt(mid)}")
    extra = set(msg) - FIELDS[kind] - {"type", "id"}
    if extra:
        raise ProtocolError("bad_message", f"{kind!r} takes no field {excerpt(sorted(extra)[0])}")
    if kind == "act":
        actions = msg.get("actions")
        if (not isinstance(actions, list) or not 1 <= len(actions) <= MAX_ACTIONS
                or not all(type(a) is int for a in actions)):
            raise ProtocolError("bad_message", f"'actions' must be a list of 1 to {MAX_ACTIONS} action ids "
                                               f"(integers), not {excerpt(actions)}")
        bad = [a for a in actions if not 0 <= a < NUM_ACTIONS]
        if bad:
            raise ProtocolError("illegal", f"{excerpt(bad[0])} is not an action id (0..{NUM_ACTIONS - 1})")
        if "revoke" in msg and type(msg["revoke"]) is not bool:
            raise ProtocolError("bad_message", f"'revoke' must be true or false, not {excerpt(msg['revoke'])}")
    return msg


def _good_id(value: object) -> bool:
    if isinstance(value, str):
        return len(value) <= 40
    return type(value) is int and abs(value) < 2 ** 53


def error(code: str, message: str, mid: object = None) -> dict[str, Any]:
    """An ``error`` message (its text one line of at most 300 characters)."""
    from ..core.errors import shorten

    out: dict[str, Any] = {"type": "error", "code": code, "message": shorten(" ".join(message.split()), 300)}
    if mid is not None and _good_id(mid):
        out["id"] = mid
    return out
