"""The messages the server sends (``docs/web-protocol.md``), built from a seat's ``View``.

A seat's ``state`` is made from its view (and, at its turn, the session's ``Prompt``, itself
made from that view); a spectator's from ``public_view``, the part of the views that every seat
shares. An event's cards are given only when they are in ``knowable`` (what the receiver's view
knows of the deal, or the whole pack once the deal is over and its record public), so that no
message can carry a card its receiver may not know, whatever the event object holds.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core.actions import action_token
from ..core.cards import FULL_PACK, Card, CardSet, Notation, cards_of, mask
from ..core.view import View
from ..explain import CardRow, Line, in_display_order, line_text
from ..play.events import (
    ActionPlayed, DealOver, DealStarted, DeclarationShown, Event, GameProgress, MatchOver, PaymentMade,
    PaymentTakenBack, SheetRow, TrickWon,
)
from ..play.session import Prompt

#: The protocol's version (``welcome``).
PROTOCOL = 1

Json = dict[str, Any]


def line_payload(line: Line | CardRow, notation: Notation) -> Json:
    """A line said at the table: its text and tone; a row of cards with its card ids."""
    if isinstance(line, Line):
        return {"text": line.text, "tone": line.tone}
    from ..core.cards import format_card

    return {"text": line_text(line, lambda c: format_card(c, notation)), "tone": "", "head": line.head,
            "cards": list(line.cards), "marked": cards_of(line.marked)}


def lines_payload(lines: Sequence[Line | CardRow], notation: Notation) -> list[Json]:
    return [line_payload(x, notation) for x in lines]


def sheet_payload(sheet: Sequence[SheetRow]) -> list[Json]:
    return [{"number": r.number, "dealer": r.dealer, "scores": list(r.scores), "annulled": r.annulled}
            for r in sheet]


def public_view(views: Sequence[View]) -> View:
    """What every seat knows alike, as a view of no hand (a spectator's): each field that all
    the views give the same, else its empty value; the chien's cards that every seat saw."""
    first = views[0]
    fields = dict(first.__dict__)
    for name, value in fields.items():
        if name in ("hand", "discards", "pending_show", "legal_actions", "pending_declaration", "seat", "extra"):
            continue
        if any(getattr(v, name) != value for v in views[1:]):
            fields[name] = _EMPTY.get(name, None)
    chien = first.chien
    for v in views[1:]:
        chien &= v.chien
    extra = {k: x for k, x in first.extra.items() if all(v.extra.get(k, _MISSING) == x for v in views[1:])}
    return replace(first, **{**{k: fields[k] for k in fields if k not in ("extra",)},
                              "hand": 0, "discards": 0, "pending_show": 0, "pending_declaration": None,
                              "legal_actions": (), "chien": chien, "extra": extra})


_MISSING = object()
_EMPTY: dict[str, object] = {"shown": (), "tricks": (), "trick": (), "payments": (), "bids": (), "table": (),
                             "hand_sizes": (), "chien": 0}


def state_payload(view: View, prompt: Prompt | None, power: Callable[[Card], int], *, status: str,
                  number: int, dealt: int, deals: int | None, over: bool, to_play: int | None,
                  totals: Sequence[int], sheet: Sequence[SheetRow], seats: list[Json],
                  chosen: Sequence[int] = (), spectator: bool = False,
                  name: Callable[[int], str] | None = None) -> Json:
    """A receiver's ``state``: the deal as its view shows it and, at its turn, its choices;
    ``name`` says a contract or a declaration shown in words (else its token)."""
    n = view.notation

    def ordered(cs: CardSet) -> list[Card]:
        return in_display_order(cs, power)

    def label(a: int) -> str:
        return action_token(a, n) if name is None else name(a)

    trick_seats = [_trick_seat(view, i) for i in range(len(view.trick))]
    deal: Json = {
        "number": number, "dealt": dealt, "deals": deals, "dealer": view.dealer, "phase": view.phase,
        "to_play": to_play, "over": over,
        "hand": ordered(view.hand), "hand_sizes": list(view.hand_sizes),
        "discards": ordered(view.discards), "chien": ordered(view.chien), "cut_card": view.cut_card,
        "trick": {"leader": view.leader,
                  "cards": [{"seat": s, "card": c} for s, c in zip(trick_seats, view.trick)]},
        "tricks": [{"leader": ld, "cards": list(cs), "winner": w} for ld, cs, w in view.tricks],
        "shown": [{"seat": s, "action": a, "label": label(a), "cards": cards_of(cs)} for s, a, cs in view.shown],
        "bids": [{"seat": s, "action": a, "label": label(a)} for s, a in view.bids],
        "contract": view.contract, "contract_label": None if view.contract is None else label(view.contract),
        "taker": view.taker, "called": view.called, "partner": view.partner,
        "table": [cards_of(cs) for cs in view.table], "extra": _json_safe(view.extra),
    }
    turn: Json | None = None
    if to_play is not None and not over:
        turn = {"seat": to_play, "mine": prompt is not None}
        if prompt is not None:
            turn.update({
                "choices": [{"action": a, "label": text} for a, text in prompt.choices],
                "marked": cards_of(prompt.marked), "legend": prompt.legend, "header": prompt.header,
                "verb": prompt.verb, "slots": prompt.slots, "eligible": ordered(prompt.eligible),
                "chosen": list(chosen), "lines": lines_payload(prompt.table, n)})
    return {"type": "state", "seat": None if spectator else view.seat, "status": status, "deal": deal,
            "turn": turn, "totals": list(totals), "sheet": sheet_payload(sheet), "seats": seats}


def _trick_seat(view: View, i: int) -> int | None:
    """Who played the trick's ``i``-th card (``Deal.trick_seat``, asked of the view's variant):
    the seats follow the leader in the order of play; None for le Mort's card."""
    from ..core.deal import variant_class

    if view.leader is None or i >= view.players:
        return None
    return (view.leader + i * variant_class(view.variant).seat_step(view.options)) % view.players


def _json_safe(value: object) -> object:
    """A view's ``extra`` as JSON values (tuples as lists)."""
    if isinstance(value, Mapping):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def event_payload(event: Event, knowable: CardSet, notation: Notation, record: int | None = None,
                  who: int | None = None, private_phases: Collection[str] = (),
                  name: Callable[[int], str] | None = None) -> Json | None:
    """An event as its receiver ``who`` is told it, or None for an event the protocol does not
    send (the terminal's record files). ``knowable``: the cards the receiver may know; a card
    given in one of the ``private_phases`` (a discard, an écart: the explainer's card phases)
    is named to the seat that gave it only, whatever else is known of the card (the cut card
    is known to all, not whether the dealer discarded it); cards shown are told by their own
    ``declaration`` event."""
    lines = lines_payload(event.lines, notation)

    def card_ok(a: int) -> bool:
        return a >= 78 or bool(knowable >> a & 1)

    def cards(cs: Sequence[int] | CardSet) -> list[Card]:
        seq = cards_of(cs) if isinstance(cs, int) else list(cs)
        return [c for c in seq if knowable >> c & 1]

    if isinstance(event, DealStarted):
        return {"type": "deal_started", "number": event.number, "deals": event.deals, "dealer": event.dealer,
                "again": event.again, "resumed": event.resumed, "lines": lines}
    if isinstance(event, ActionPlayed):
        known = event.seat == who or (card_ok(event.action) and event.phase not in private_phases)
        return {"type": "action", "seat": event.seat, "phase": event.phase,
                "action": event.action if known else None,
                "label": action_token(event.action, notation) if known else None, "lines": lines}
    if isinstance(event, DeclarationShown):
        return {"type": "declaration", "seat": event.seat, "action": event.declaration,
                "label": action_token(event.declaration, notation) if name is None else name(event.declaration),
                "cards": cards(event.cards), "lines": lines}
    if isinstance(event, TrickWon):
        return {"type": "trick", "index": event.index, "winner": event.winner, "cards": cards(event.cards),
                "lines": lines}
    if isinstance(event, (PaymentMade, PaymentTakenBack)):
        p = event.payment
        return {"type": "payment" if isinstance(event, PaymentMade) else "payment_taken_back",
                "payer": p.payer, "payee": p.payee, "amount": p.amount, "reason": p.reason,
                "text": " ".join(x["text"] for x in lines), "lines": lines}
    if isinstance(event, DealOver):
        r = event.result
        return {"type": "deal_over", "number": event.number, "annulled": event.annulled,
                "scores": list(r.scores), "card_points": None if r.card_points is None else list(r.card_points),
                "totals": list(event.totals), "sheet": sheet_payload(event.sheet), "record": record,
                "lines": lines}
    if isinstance(event, GameProgress):
        return {"type": "game_progress", "totals": list(event.totals), "over": event.over, "lines": lines}
    if isinstance(event, MatchOver):
        return {"type": "match_over", "totals": list(event.totals), "reason": event.reason, "lines": lines}
    return None  # RecordSaved, RecordFailed, TakenBack: not at a web table


def knowable_cards(view: View, over: bool) -> CardSet:
    """The cards a receiver may be told of: those its view knows, the whole pack once the deal
    is over (its record is public then)."""
    return FULL_PACK if over else view.known_cards()


def hint_payload(hint: tuple[int, str, list[tuple[int, float, float]], list[str]] | None, notation: Notation) -> Json:
    if hint is None:
        return {"type": "hint", "action": None, "label": None, "why": "", "rows": [], "notes": []}
    action, why, rows, notes = hint
    return {"type": "hint", "action": action, "label": action_token(action, notation), "why": why,
            "rows": [{"card": c, "value": round(v, 3), "chance": round(p, 3)} for c, v, p in rows],
            "notes": list(notes)}


__all__ = ["PROTOCOL", "event_payload", "hint_payload", "knowable_cards", "line_payload", "mask",
           "public_view", "state_payload"]
