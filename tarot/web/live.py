"""A live table: the table session (``tarot.play.session``) of a web table, its seats, what it
stores and what it tells each client. Everything here runs in the server's one worker thread
(``tarot.web.tables``), one call at a time per table: no printing, no network.

A step (``advance``, ``act``) changes the session, writes what it did to the database
(``persist``: the deal dealt with its deck, every action, the finished deal's record) and only
then returns the messages for each receiver (``messages``), so that nothing is told that is not
stored. The messages come from each seat's view (``tarot.web.payloads``).
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.cards import Seat
from ..core.errors import IllegalActionError, TarotError
from ..explain import explainer_for, speaking
from ..play.events import ActionPlayed, DealOver, Event, MatchOver, SheetRow, TakenBack
from ..play.files import sheet_entry
from ..play.narration import Narration
from ..play.session import PERSON, TableSession
from .payloads import (
    PROTOCOL, event_payload, hint_payload, knowable_cards, lines_payload, public_view, state_payload,
)
from .protocol import ProtocolError
from .store import SeatRow, Store, StoredTable, TableRow, token_hash

#: What a receiver is: a seat, or None for the spectators.
Listener = Seat | None
#: A receiver and the language its client reads (``LANGUAGES``).
Hearer = tuple[Listener, str]
#: Messages for each hearer.
Batch = dict[Hearer, list[dict[str, Any]]]
#: The languages a table speaks: each client is told the table in its own.
LANGUAGES = ("en", "fr")


@dataclass
class SeatState:
    """A seat as the live table keeps it: ``kind`` ``person`` or ``bot``; ``bot``: a bot
    seat's level, or the bot standing in for an absent person; ``connected``: clients open."""

    kind: str
    bot: str | None
    name: str | None
    token_hash: str | None
    connected: int = 0
    away_since: float = field(default_factory=time.monotonic)

    def payload(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "kind": self.kind, "name": self.name if self.kind == PERSON else self.bot,
                "taken": self.kind != PERSON or self.token_hash is not None,
                "connected": self.connected > 0, "bot": self.bot}


class LiveTable:
    """A web table being played: ``row`` as stored, ``session`` the table session."""

    def __init__(self, row: TableRow, seats: Sequence[SeatRow], session: TableSession, store: Store) -> None:
        self.id = row.id
        self.row = row
        self.session = session
        self.store = store
        self.seats = [SeatState(r.kind, r.bot, r.name, r.token_hash) for r in seats]
        #: Cards chosen so far by a seat in a phase that takes several (``act``).
        self.chosen: dict[Seat, list[int]] = {}
        #: The deal (its number as dealt, its id) stored, and how many of its actions.
        self.deal_no = 0
        self.deal_id: int | None = None
        self.saved = 0
        #: The status the database holds.
        self.stored_status = row.status
        #: What each receiver's view knew after the last step: (deal number, cards).
        self.known: dict[Listener, tuple[int, int]] = {}
        #: Finished deals' record ids by deal number.
        self.records: dict[int, int] = {}
        #: Every seat and the spectators are told the events, each in its own words, in the
        #: table's language and in each other one a client reads (``speak``).
        listen_all(session, row.lang)
        for s, st in enumerate(self.seats):
            if st.kind == PERSON and st.bot is not None:
                stand_in(session, s, st.bot)

    # ----- building --------------------------------------------------------------------------
    @classmethod
    def create(cls, row: TableRow, seats: Sequence[SeatRow], store: Store) -> LiveTable:
        kinds = [PERSON if s.kind == PERSON else str(s.bot) for s in seats]
        session = TableSession(row.variant, row.options, None, kinds, deals=row.deals, boards=row.boards)
        unguessable(session)
        return cls(row, seats, session, store)

    @classmethod
    def rebuild(cls, stored: StoredTable, store: Store) -> LiveTable:
        """The table as it stood when the server stopped: its last deal dealt again from its
        stored deck and dealer, its stored actions replayed (``TableSession.resume``), the
        deals before it on the score sheet."""
        from ..records import Record

        row, seats = stored.table, stored.seats
        if not stored.deals:
            return cls.create(row, seats, store)
        last, actions = stored.deals[-1]
        kinds = [PERSON if s.kind == PERSON else str(s.bot) for s in seats]
        sheet = [SheetRow(d.number, d.dealer, tuple(d.scores or ()), d.annulled) for d, _ in stored.deals[:-1]]
        tags = {"Seats": ",".join(kinds), "Round": str(last.number)}
        if row.deals is not None:
            tags["Deals"] = str(row.deals)
        if sheet:
            tags["Sheet"] = "; ".join(sheet_entry(r) for r in sheet)
        record = Record(row.variant, dict(row.options), last.dealer, tuple(last.deck), tuple(actions), tags)
        session = TableSession.resume(record, boards=row.boards)
        unguessable(session)
        table = cls(row, seats, session, store)
        table.deal_no, table.deal_id, table.saved = last.number, last.id, len(actions)
        table.records = {d.number: d.id for d, _ in stored.deals if d.finished}
        return table

    # ----- steps -----------------------------------------------------------------------------
    def advance(self, listeners: Iterable[Hearer]) -> tuple[Batch, bool]:
        """Deal if need be and play the bots up to a person's decision or the deal's end:
        stored, then told. Also says whether the table goes on by itself (no person to wait
        for, not over)."""
        events = self.session.advance()
        return self.told(events, listeners), self.moves_on()

    def moves_on(self) -> bool:
        s = self.session
        return not s.is_over and (s.deal is None or s.deal.is_over or s.deal.to_play not in s.people)

    def act(self, seat: Seat, actions: Sequence[int], revoke: bool,
            listeners: Iterable[Hearer]) -> tuple[dict[str, Any] | None, Batch]:
        """A person's decision: played (then the bots up to the next person), or, in a phase
        where several cards are given, kept until complete. Returns a reply for the sender
        only (a revoke to confirm, the cards chosen so far), or the messages for everyone. ``IllegalActionError`` or
        ``ProtocolError`` when refused: nothing has changed."""
        s = self.session
        deal = s.deal
        if s.is_over:
            raise ProtocolError("over", "the table is over")
        if deal is None or deal.is_over or deal.to_play != seat or seat not in s.people:
            raise ProtocolError("not_your_turn", "it is not your turn: " + (s.where(seat) if deal else "no deal"))
        if deal.phase in explainer_for(deal).card_phases:
            chosen, events = s.choose(seat, self.chosen.get(seat, []), actions)
            self.chosen[seat] = chosen
            if not events:  # the set is not complete: only the seat's own state changes
                return self.state(seat), {}
        else:
            if len(actions) == 1 and not revoke:
                reason = s.revoke_reason(seat, actions[0])
                if reason is not None:
                    return {"type": "confirm", "action": actions[0], "message": reason}, {}
            events = s.act(seat, actions)
        self.chosen.pop(seat, None)
        events += s.advance()
        return None, self.told(events, listeners)

    def clear(self, seat: Seat) -> dict[str, Any]:
        """The cards chosen so far put back: the seat's state again."""
        self.chosen.pop(seat, None)
        return self.state(seat)

    def hint(self, seat: Seat) -> dict[str, Any]:
        self._my_turn(seat)
        assert self.session.deal is not None
        return hint_payload(self.session.hint(seat, self.chosen.get(seat, ())), self.session.deal.notation)

    def help(self, seat: Seat) -> dict[str, Any]:
        """The rules of the seat's decision, as ``help`` at the terminal says them, less the
        line that names the terminal's commands (typing ``KS``, ``undo``, ``quit``)."""
        from ..explain.base import commands

        self._my_turn(seat)
        deal = self.session.deal
        assert deal is not None
        terminal = commands(deal, deal.legal_actions())
        return {"type": "help", "lines": [{"text": t, "tone": ""} for t in self.session.help(seat) if t != terminal]}

    def _my_turn(self, seat: Seat) -> None:
        s = self.session
        if s.deal is None or s.deal.is_over or s.deal.to_play != seat or seat not in s.people:
            raise ProtocolError("not_your_turn", "hint and help are given at your turn")

    # ----- seats -----------------------------------------------------------------------------
    def seat_of(self, token: str) -> Seat | None:
        """The seat a token opens (compared in constant time), or None."""
        h = token_hash(token)
        found = None
        for s, st in enumerate(self.seats):
            if st.token_hash is not None and hmac.compare_digest(st.token_hash, h):
                found = s
        return found

    def join(self, seat: int | None, name: str | None) -> tuple[int, str]:
        """Give a free person's seat (the first if ``seat`` is None) a new token, stored
        hashed; ``TarotError`` naming why not."""
        free = [s for s, st in enumerate(self.seats) if st.kind == PERSON and st.token_hash is None]
        if seat is None:
            if not free:
                raise TarotError("no free seat at this table")
            seat = free[0]
        if not 0 <= seat < len(self.seats):
            raise TarotError(f"seat {seat} is not at this table (seats 0..{len(self.seats) - 1})")
        if seat not in free:
            raise TarotError(f"seat {seat} is taken" if self.seats[seat].kind == PERSON else f"seat {seat} is a bot's")
        token = secrets.token_urlsafe(32)
        st = self.seats[seat]
        st.token_hash, st.name = token_hash(token), name
        self.store.update_seat(self.id, seat, token_hash=st.token_hash, name=name, bot=st.bot)
        self.stored_status = self.status()
        self.store.set_status(self.id, self.stored_status)
        return seat, token

    def hand_to_bot(self, seat: Seat) -> None:
        """The absent person's seat played by the table's bot until the person comes back."""
        st = self.seats[seat]
        st.bot = self.row.empty_seat_bot
        stand_in(self.session, seat, st.bot)
        self.store.update_seat(self.id, seat, bot=st.bot)

    def take_back(self, seat: Seat) -> None:
        """The person is back: the bot standing in leaves the seat."""
        st = self.seats[seat]
        if st.bot is None or st.kind != PERSON:
            return
        st.bot = None
        s = self.session
        s.bots.pop(seat, None)
        s.bot_names.pop(seat, None)
        s.people = sorted({*s.people, seat})
        self.store.update_seat(self.id, seat, bot=None)

    def seat_message(self, seat: Seat) -> dict[str, Any]:
        return {"type": "seat", **self.seats[seat].payload(seat)}

    def status(self) -> str:
        if self.session.is_over:
            return "over"
        free = any(st.kind == PERSON and st.token_hash is None for st in self.seats)
        return "open" if free else "running"

    # ----- what is stored, then told -----------------------------------------------------------
    def told(self, events: list[Event], listeners: Iterable[Hearer]) -> Batch:
        record = self.persist(events)
        return self.messages(events, listeners, record)

    def persist(self, events: Sequence[Event]) -> int | None:
        """Write what the step did, in one transaction: the deal dealt (its deck and dealer),
        its new actions with the seat of each, its record once over, the table's status."""
        s = self.session
        deal = s.deal
        if deal is None:
            return None
        new = None
        if s.dealt != self.deal_no:
            new = (s.dealt, deal.dealer, list(deal.deck))
            self.deal_no, self.saved = s.dealt, 0
        fresh = deal.history[self.saved:]
        told = [(e.seat, e.action) for e in events if isinstance(e, ActionPlayed) and e.to == 0]
        told = told[len(told) - len(fresh):] if len(told) >= len(fresh) else []
        pairs = [(seat, a) for (seat, b), a in zip(told, fresh) if a == b]
        if len(pairs) != len(fresh):  # (never expected) the seat of each action from a replay
            pairs = list(zip(self._seats_of(len(deal.history))[self.saved:], fresh))
        finished = None
        over = next((e for e in events if isinstance(e, DealOver)), None)
        if over is not None and deal.is_over:
            finished = (self.record_json(), tuple(over.result.scores), over.annulled)
        status = self.status()
        changed = status if status != self.stored_status else None
        if new is None and not pairs and finished is None and changed is None:
            return None
        self.deal_id = self.store.write_play(self.id, None if new else self.deal_id, new, self.saved, pairs,
                                             finished, changed)
        self.saved, self.stored_status = len(deal.history), status
        if finished is not None:
            self.records[s.dealt] = self.deal_id
            return self.deal_id
        return None

    def _seats_of(self, n: int) -> list[int]:
        from ..core.deal import new_deal

        deal = self.session.deal
        assert deal is not None
        probe = new_deal(deal.variant, deal.options, deck=deal.deck, dealer=deal.dealer)
        out = []
        for a in deal.history[:n]:
            out.append(probe.to_play if probe.to_play is not None else -1)
            probe.push(a)
        return out

    def record_json(self) -> str:
        """The finished deal's record (JSON form) with the tags a resumed table needs."""
        from .. import records

        s = self.session
        assert s.deal is not None
        earlier = [row for row in s.sheet if row.number < s.dealt]
        tags: dict[str, object] = {"Event": "tarot serve", "Table": self.id, "Round": s.dealt,
                                   "Seats": ",".join(s.seat_names)}
        if s.deals is not None:
            tags["Deals"] = s.deals
        if earlier:
            tags["Sheet"] = "; ".join(sheet_entry(r) for r in earlier)
        return records.record_from_deal(s.deal, **tags).to_json()

    def messages(self, events: Sequence[Event], listeners: Iterable[Hearer], record: int | None) -> Batch:
        """For each hearer: the events told to it in its language, then its new state. A seat
        is told the events of its own narration and the match's end; the spectators those of
        theirs."""
        out: Batch = {}
        deal = self.session.deal
        private = tuple(explainer_for(deal).card_phases) if deal is not None else ()
        hearers = list(listeners)
        knowable = {who: self._knowable(who) for who in {who for who, _ in hearers}}
        for who, lang in hearers:
            msgs = []
            with speaking(lang):
                for e in events:
                    if (e.to == who and e.lang in (None, lang)) or (isinstance(e, MatchOver) and who is not None):
                        p = event_payload(e, knowable[who], deal.notation, record, who, private,
                                          self.action_name) if deal is not None else None
                        if p is not None:
                            msgs.append(p)
                msgs.append(self.state(who))
            out[who, lang] = msgs
        return out

    def _knowable(self, who: Listener) -> int:
        """What the receiver may be told of in this step: what its view knows now, and what it
        knew after the last step if that was in the same deal."""
        s = self.session
        deal = s.deal
        if deal is None:
            return 0
        now = knowable_cards(self.view(who), deal.is_over)
        before_deal, before = self.known.get(who, (-1, 0))
        self.known[who] = (s.dealt, now)
        return now | before if before_deal == s.dealt else now

    def view(self, who: Listener):
        deal = self.session.deal
        assert deal is not None
        if who is None:
            return public_view([deal.view(p) for p in range(self.session.players)])
        return deal.view(who)

    def state(self, who: Listener) -> dict[str, Any]:
        """The receiver's ``state`` message, from its view."""
        s = self.session
        deal = s.deal
        seats = [st.payload(i) for i, st in enumerate(self.seats)]
        if deal is None:
            return {"type": "state", "seat": who, "status": self.status(), "deal": None, "turn": None,
                    "totals": list(s.totals), "sheet": [], "seats": seats}
        over = deal.is_over
        prompt = None
        chosen: Sequence[int] = ()
        if who is not None:
            chosen = self.chosen.get(who, ())
            if not over and deal.to_play == who and who in s.people:
                prompt = s.prompt(who, chosen)
        return state_payload(self.view(who), prompt, deal.card_power, status=self.status(), number=s.dealt,
                             dealt=s.dealt, deals=s.deals, over=over, to_play=None if over else deal.to_play,
                             totals=s.totals, sheet=s.sheet, seats=seats, chosen=chosen, spectator=who is None,
                             name=self.action_name)

    def action_name(self, action: int) -> str:
        """A contract or a declaration as the game names it, in the language spoken."""
        deal = self.session.deal
        assert deal is not None
        return explainer_for(deal).action_name(deal, action)

    def welcome(self, who: Listener, lang: str) -> list[dict[str, Any]]:
        """What a client is sent when it connects, in its language: the table, the story of
        the deal so far as it was told to its seat (``told_so_far``), its state."""
        s = self.session
        with speaking(lang):
            return [{"type": "welcome", "protocol": PROTOCOL, "table": self.id, "seat": who, "spectator": who is None,
                     "variant": self.row.variant, "notation": s.cls.notation.name, "lang": lang,
                     "table_lang": self.row.lang, "players": s.players, "names": s.names_for(who)},
                    {"type": "log", "lines": self.told_so_far(who, lang)},
                    self.state(who)]

    def speak(self, lang: str) -> None:
        """Narrate the table in ``lang`` too, from now on (a client reads it): its narrations
        are brought to where the deal stands, as if they had told it from its start."""
        s = self.session
        if (None, lang) in s.narrations:
            return
        listen_all(s, lang)
        if s.deal is not None:
            for n in s.narrations.values():
                if n.lang == lang:
                    n.rewind(s.deal)

    def told_so_far(self, who: Listener, lang: str) -> list[dict[str, Any]]:
        """The lines the deal in progress has told ``who`` so far, told again from its start by
        a fresh narration of that receiver (its own secrets only), its count if it is over: a
        client that comes back finds the table's story where it left it."""
        s = self.session
        deal = s.deal
        if deal is None:
            return []
        told = s.narrations.get((who, lang))
        if told is None:
            return []
        from ..core.deal import new_deal

        again = Narration(told.names, told.reveal, who, lang)
        probe = new_deal(deal.variant, deal.options, deck=deal.deck, dealer=deal.dealer)
        events = again.start(probe)
        for a in deal.history:
            seat, phase = probe.to_play, probe.phase
            assert seat is not None
            probe.push(a)
            events += again.after(probe, seat, phase, a)
        lines = [line for e in events if not isinstance(e, TakenBack) for line in lines_payload(e.lines, deal.notation)]
        if deal.is_over:
            with speaking(lang):
                lines += lines_payload(explainer_for(deal).end_of_deal(deal, told.names), deal.notation)
        return lines

    def public(self) -> dict[str, Any]:
        """The table as the lobby lists it: no hand, no token."""
        s = self.session
        row = self.row
        return {"id": row.id, "name": row.name, "variant": row.variant, "options": dict(row.options),
                "deals": row.deals, "lang": row.lang, "status": self.status(),
                "created": row.created.isoformat() + "Z", "empty_seat_after": row.empty_seat_after,
                "empty_seat_bot": row.empty_seat_bot,
                "seats": [st.payload(i) for i, st in enumerate(self.seats)],
                "deal": s.dealt, "played": s.played, "totals": list(s.totals)}


def listen_all(session: TableSession, lang: str) -> None:
    """Narrate in ``lang`` for every seat (any may be a person's, or become one) and for the
    spectators, besides the languages already narrated in."""
    from ..explain import seat_names

    p, step = session.players, session.step
    narrations: dict[Hashable, Narration] = {k: n for k, n in session.narrations.items() if isinstance(k, tuple)}
    with speaking(lang):
        for s in [*range(p), None]:
            narrations[s, lang] = Narration(seat_names(p, s or 0, step), reveal=set() if s is None else {s},
                                            to=s, lang=lang)
    session.narrations = narrations


def unguessable(session: TableSession) -> None:
    """Each deal's seed drawn from the system's entropy (``secrets``): no one can compute the
    cards from anything the server shows."""
    session.match.rng = secrets.SystemRandom()


def stand_in(session: TableSession, seat: Seat, bot: str) -> None:
    """``bot`` plays ``seat`` for its absent person (it receives views only, as every bot)."""
    from ..bots import make_bot

    session.people = [p for p in session.people if p != seat]
    session.bots[seat] = make_bot(bot)
    session.bot_names[seat] = bot


__all__ = ["LANGUAGES", "Batch", "Hearer", "IllegalActionError", "Listener", "LiveTable", "SeatState"]
