"""The JSON form of a record: one key per line, cards and actions as tokens (``docs/records.md``).

Reading accepts ids where tokens are written, and replays the actions, refusing an illegal one
with its index (``actions[36]``) and the rule broken.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..core.actions import parse_action
from ..core.cards import CardParseError, parse_card
from ..core.deal import Deal
from ..core.errors import IllegalActionError, OptionError, RecordError, excerpt
from .common import (
    FORMAT, VERSION, ClaimedResult, Parsed, RecordData, card_tokens, check_tag, fresh_deal,
    int_list, push, token_of, variant_of,
)

_KEYS = ("format", "version", "variant", "options", "dealer", "deck", "actions", "tags", "result")


# ----- writing -------------------------------------------------------------------------------
def format_json(record: RecordData) -> str:
    """The JSON form of ``record`` (``RecordError`` for an illegal action, found by replaying
    it as the text form does); the claimed result is written as claimed."""
    cls = variant_of(record.variant)
    for name, value in record.tags.items():
        check_tag(name, value)
    deal = fresh_deal(record.variant, record.options, record.deck, record.dealer)
    for i, a in enumerate(record.actions):
        push(deal, a, f"actions[{i}]")
    result = record.result
    obj: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "variant": record.variant,
        "options": dict(record.options),
        "dealer": record.dealer,
        "deck": card_tokens(record.deck, cls),
        "actions": [token_of(a, cls) for a in record.actions],
        "tags": dict(record.tags),
        "result": None if result is None else {
            "scores": list(result.scores),
            "card_points": None if result.card_points is None else list(result.card_points),
        },
    }
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in obj.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


# ----- reading -------------------------------------------------------------------------------
def refuse_non_object(text: str) -> None:
    """Refuse ``text`` if it is JSON but not an object (a record is ``{...}``); anything else
    is left for the text form's reader."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return
    shown = json.dumps(value)
    raise RecordError("a JSON record is an object ({...}), not "
                      + (shown if len(shown) <= 40 else shown[:36] + " ..."))


def parse_json(text: str) -> Parsed:
    """Read and replay a record in the JSON form (``RecordError`` naming the key at fault)."""
    obj = _load_object(text)
    cls = variant_of(obj["variant"])
    options = _read_options(cls, obj.get("options", {}))
    deck = _read_ids(obj["deck"], "deck", "card", _card_id, cls)
    acts_in = obj["actions"]
    actions = _read_ids(acts_in, "actions", "action", _action_id, cls)
    tags = _read_tags(obj.get("tags", {}))
    claim = _read_claim(obj.get("result"), cls.players_for(options))
    deal = fresh_deal(obj["variant"], options, deck, obj["dealer"],
                      {"variant": "'variant'", "options": "'options'", "deck": "'deck'", "dealer": "'dealer'"})
    for i, a in enumerate(actions):
        push(deal, a, f"actions[{i}] ({excerpt(acts_in[i])})" if isinstance(acts_in[i], int) else f"actions[{i}]")
    return Parsed(obj["variant"], options, obj["dealer"], tuple(deck), tuple(actions), tags, claim)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (two "result" keys would be two claims, of
    which json.loads keeps the last without a word; the text form refuses a second tag too)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"the key {excerpt(key)} appears twice in one JSON object")
        out[key] = value
    return out


def _load_object(text: str) -> dict[str, Any]:
    """The record's JSON object, its keys known, the required ones there, its format and
    version this program's."""
    try:
        obj = json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as e:
        raise RecordError(f"malformed JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
    except RecordError:  # a key twice (_unique_keys)
        raise
    except RecursionError:
        raise RecordError("malformed JSON: nested too deeply") from None
    except ValueError as e:  # a number too long to read (not the advice meant for programmers)
        raise RecordError(f"malformed JSON: {str(e).split('; use')[0]}") from None
    if not isinstance(obj, dict):
        raise RecordError("a JSON record is an object")
    unknown = [k for k in obj if k not in _KEYS]
    if unknown:
        raise RecordError(f"unknown key {excerpt(unknown[0])} in the JSON record; "
                          f"known keys: {', '.join(_KEYS)}")
    for key in ("format", "version", "variant", "dealer", "deck", "actions"):
        if key not in obj:
            raise RecordError(f"the JSON record has no {key!r}")
    if obj["format"] != FORMAT:
        raise RecordError(f"'format' is {excerpt(obj['format'])}, not {FORMAT!r}")
    if type(obj["version"]) is not int or obj["version"] != VERSION:
        raise RecordError(f"'version' is {excerpt(obj['version'])}: this program reads version {VERSION}")
    return obj


def _read_options(cls: type[Deal], options: object) -> dict[str, str]:
    """The options that differ from their defaults."""
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object of option names and values")
    try:
        return cls.make_options(options).changed()
    except OptionError as e:
        raise RecordError(f"options: {e}") from None


def _read_ids(values: object, key: str, what: str, read: Callable[[object, type[Deal]], int],
              cls: type[Deal]) -> list[int]:
    """The ids of the list under ``key``, each read by ``read`` (errors name ``key[i]``)."""
    if not isinstance(values, list):
        raise RecordError(f"{key!r} must be a list of {what} tokens (or {what} ids)")
    out = []
    for i, tok in enumerate(values):
        try:
            out.append(read(tok, cls))
        except RecordError as e:
            raise RecordError(f"{key}[{i}]: {e}") from None
    return out


def _read_tags(tags: object) -> dict[str, str]:
    if not isinstance(tags, dict) or not all(isinstance(v, str) for v in tags.values()):
        raise RecordError("'tags' must be an object of tag names and string values")
    for name, value in tags.items():
        check_tag(name, value)
    return dict(tags)


def _read_claim(result: object, players: int) -> ClaimedResult | None:
    if result is None:
        return None
    if not isinstance(result, dict) or "scores" not in result or set(result) - {"scores", "card_points"}:
        raise RecordError("'result' must be null or an object with 'scores' (and 'card_points')")
    scores = int_list(result["scores"], "result.scores", players)
    points = result.get("card_points")
    return ClaimedResult(scores, None if points is None else int_list(points, "result.card_points", players))


def _card_id(tok: object, cls: type[Deal]) -> int:
    if isinstance(tok, int) and not isinstance(tok, bool):
        return tok
    if not isinstance(tok, str):
        raise RecordError(f"{excerpt(tok)} is not a card token")
    try:
        return parse_card(tok, cls.notation)
    except CardParseError as e:
        raise RecordError(str(e)) from None


def _action_id(tok: object, cls: type[Deal]) -> int:
    if isinstance(tok, int) and not isinstance(tok, bool):
        return tok
    if not isinstance(tok, str):
        raise RecordError(f"{excerpt(tok)} is not an action token")
    try:
        return parse_action(tok, cls.notation)
    except IllegalActionError as e:
        raise RecordError(str(e)) from None
