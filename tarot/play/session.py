"""A table session: seats of people and bots, deals one after another, no printing, no input.

``advance()`` plays the bots until a person must decide (or the deal is over) and returns the
events; ``pending`` says which seat must decide, with its view only; ``act(seat, actions)``
applies a person's decision, refusing an illegal one with the rule's reason and changing
nothing. A blocking terminal loop and an asyncio server drive it the same way::

    session = TableSession("marolles-1637", seed=5, seats=["person", "rule", "rule"])
    while not session.is_over:
        events = session.advance()          # show them
        if session.pending:                 # ask the person, then
            events = session.act(seat, [action])

The deals are those of ``tarot play``: the match's seed gives each deal's seed and the first
dealer, the deal passes as the rules say (``Match``), each bot's seed depends on the match's
seed and its seat. People and bots only ever receive views (``pending.view``, ``prompt``).

A session goes on deal after deal until ``deals`` are played, or, with ``deals=None``, until
the game to its target is won where the game has one (Early French Tarot's game to 50) and
otherwise until the person leaves. It keeps a score sheet (``sheet``, a row per deal dealt)
and saves each deal with the tags that let ``TableSession.resume`` go on with an unfinished
game: the same cards, the same moves, the same totals.

A session given ``boards`` (a deck and a dealer each: a duplicate challenge,
``tarot.runs.challenge``) deals them in turn instead, each once: a hand not played out counts
as its board played, and the session is over after the last board (no game to a target).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, cast

from ..core.actions import DONE
from ..core.cards import Card, CardSet, Notation, Seat, cards_of, mask
from ..core.deal import Deal, View
from ..core.errors import IllegalActionError, RecordError, TarotError
from ..explain import (
    CardRow, Line, card_said, display_actions, explainer_for, pending_cards, phase_help, plural, say, seat_names,
    trick_text, where,
)
from .events import DealOver, DealStarted, Event, GameProgress, MatchOver, RecordFailed, RecordSaved, SheetRow
from .files import parse_sheet_entry, sheet_entry
from .match import Match
from .narration import Narration

if TYPE_CHECKING:
    from ..bots import Bot
    from ..records import Record

#: A seat played by a person (every other seat is a bot's name or a bot).
PERSON = "person"


@dataclass(frozen=True)
class Pending:
    """A person must decide: ``seat``, with its ``view`` (nothing else of the deal)."""

    seat: Seat
    view: View


@dataclass(frozen=True)
class Prompt:
    """All a person's client shows at its turn, in plain text and from its view only.

    ``choices``: the numbered choices (action, label), in the order the table shows them;
    ``marked``: the cards marked ``*`` (legal now, or lawful with revokes allowed), with
    ``legend`` saying what the mark means; ``verb``/``slots``/``eligible``: in a phase where
    several cards are given in a row (a discard), the verb, how many cards are still to give
    and which may be; ``power``: each shown card's rank in its suit (to sort the hand).
    """

    seat: Seat
    view: View
    notation: Notation
    header: str | None
    table: tuple[Line | CardRow, ...]
    marked: CardSet
    legend: str
    choices: tuple[tuple[int, str], ...]
    verb: str | None
    slots: int
    eligible: CardSet
    power: Mapping[Card, int]
    trick_of: int | None
    trick_seats: tuple[Seat | None, ...]


class TableSession:
    """Deals of ``variant`` at a table of ``seats`` (``PERSON``, a bot's name, or a bot).

    ``deals``: how many deals to play out (None: the game to its target where the game has
    one, else until the person leaves). ``listeners``: the seats (None: a spectator) whose
    clients are told the events, each in its own words (names from its chair, its own
    secrets); by default every person. With ``record``, each deal is saved there
    (``record_path``: FILE-n with several deals), checked as each deal is saved; a deal that
    cannot be written there goes to ``fallback`` (a folder), or is handed to the client whole
    (``RecordFailed``). With ``boards`` ((deck, dealer) pairs), deal ``k`` is board ``k``
    and ``deals`` is their number.
    """

    def __init__(self, variant: str, options: Mapping[str, object] | None = None, seed: int | None = None,
                 seats: Sequence[object] = (), deals: int | None = 1, record: Path | None = None,
                 listeners: Sequence[Seat | None] | None = None, fallback: Path | None = None,
                 boards: Sequence[tuple[Sequence[Card], Seat]] | None = None) -> None:
        from ..bots import make_bot
        from ..runs.simulate import bot_seed

        self.match = Match(variant, options, seed)
        self.cls = self.match.cls
        self.players = self.match.players
        if len(seats) != self.players:
            raise IllegalActionError(f"{variant} is played by {self.players} seats, not {len(seats)}")
        self.people = [s for s, who in enumerate(seats) if who == PERSON]
        self.step = self.cls.seat_step(self.match.options)
        me = self.people[0] if self.people else 0
        #: The seats' names as seen from the first person's chair (the record's tags).
        self.names = seat_names(self.players, me, self.step)
        # the bots in the order of play after the person (as the table introduces them)
        after = sorted(range(self.players), key=lambda s: (s - me) * self.step % self.players)
        self.bot_names: dict[int, str] = {s: str(seats[s]) for s in after
                                          if isinstance(seats[s], str) and seats[s] != PERSON}
        self.bots = {s: make_bot(b, seed=None if seed is None else bot_seed(seed, s))
                     for s, b in self.bot_names.items()}
        self.bots.update({s: cast(Bot, who) for s, who in enumerate(seats) if not isinstance(who, str)})
        #: Each seat as given (``PERSON`` or a bot's name), for the records (``Seats`` tag).
        self.seat_names = [who if isinstance(who, str) else type(who).__name__ for who in seats]
        #: The boards dealt in turn, if fixed in advance (each played once).
        self.boards = None if boards is None else [(tuple(d), dealer) for d, dealer in boards]
        self.deals = deals if self.boards is None else len(self.boards)
        self.record = record
        self.fallback = fallback
        listen = self.people if listeners is None else list(listeners)
        #: Who is told the deals: a narration per listener (a web table keys them by listener
        #: and language).
        self.narrations: dict[Hashable, Narration] = {s: Narration(seat_names(self.players, s or 0, self.step),
                                        reveal=set() if s is None else {s}, to=s) for s in listen}
        self.deal: Deal | None = None
        #: Deals dealt (a hand not played out counts) and deals played out.
        self.dealt = self.played = 0
        self.annulled = False
        self.saved: list[Path] = []
        self.game = None
        self.is_over = False
        self._deal_over = True
        #: The score sheet: a row per deal dealt and counted.
        self.sheet: list[SheetRow] = []
        #: What was taken back in the deal (``undo``), as the record notes it.
        self.undos: list[str] = []
        #: Where in the deal's history each person's decision began (``undo`` goes back there).
        self._decisions: list[int] = []
        #: A deal to go on with (``resume``) and the file it was read from.
        self._resumed: tuple[Record, Path | None] | None = None
        self._paths: dict[int, Path] = {}
        #: The file a resumed session was read from.
        self.resumed_from: Path | None = None

    # ----- driving the table -------------------------------------------------------------
    @property
    def pending(self) -> Pending | None:
        """The person who must decide now, with the view of that seat; None while bots play or
        between deals."""
        deal = self.deal
        if deal is None or deal.is_over or deal.to_play not in self.people:
            return None
        return Pending(deal.to_play, deal.view(deal.to_play))

    def advance(self) -> list[Event]:
        """Deal the next deal if the last is over, then play the bots until a person must
        decide or the deal is over (its count, the record saved, the match's end)."""
        if self.is_over:
            return []
        events: list[Event] = []
        if self._deal_over:
            events += self._start()
        deal = self.deal
        assert deal is not None
        while not deal.is_over:
            seat = deal.to_play
            assert seat is not None
            if seat in self.people:
                if deal.phase == "declare" and deal.legal_actions() == [DONE]:
                    events += self._push(DONE)  # nothing to declare: not asked, the table says so
                    continue
                return events
            events += self._push(self.bots[seat].act(deal.view(seat)))
        return events + self._finish()

    def act(self, seat: Seat, actions: Sequence[int]) -> list[Event]:
        """Play a person's decision: one action, or the cards given in a row in a phase that
        takes several (in one go, as one decision). An illegal one raises
        ``IllegalActionError`` with the rule's reason, and nothing has changed."""
        deal = self.deal
        if deal is None or deal.is_over or deal.to_play != seat or seat not in self.people:
            raise IllegalActionError(f"it is not seat {seat}'s turn")
        if not actions:
            raise IllegalActionError(say("choice.one_move"))
        probe = deal.copy()
        for a in actions:  # the engine's reason if any is refused; the deal is untouched
            if probe.is_over or probe.to_play != seat:
                raise IllegalActionError(say("choice.one_move"))
            probe.push(a)
        self._decisions.append(len(deal.history))
        events: list[Event] = []
        for a in actions:
            events += self._push(a)
        return events

    def undo(self, seat: Seat) -> list[Event]:
        """Take back the person's last decision in this deal, and the bots' moves after it
        (against bots only: at a table with other people a card played stays played). The
        record of the deal notes it (its ``Undo`` tag). Raises ``IllegalActionError`` and
        nothing changes when it is refused."""
        deal = self._turn(seat)
        if len(self.people) > 1:
            raise IllegalActionError(say("undo.people"))
        if seat not in self.people or not self._decisions:
            raise IllegalActionError(say("undo.nothing"))
        start = self._decisions.pop()
        taken: list[int] = []
        while len(deal.history) > start:
            taken.append(deal.pop())
        mine = taken[-1]
        where = f"trick {len(deal.tricks) + 1}" if deal.phase == "play" else f"the {deal.phase} phase"
        self.undos.append(f"{self.names[seat]} took back {deal.action_token(mine)} in {where} "
                          f"(move {start + 1}, {len(taken)} moves taken back)")
        events: list[Event] = []
        for narration in self.narrations.values():
            events += narration.taken_back(deal, seat, taken)
        return events

    @property
    def totals(self) -> tuple[int, ...]:
        """The match's running totals, a number per seat."""
        return tuple(self.match.totals)

    def choose(self, seat: Seat, chosen: Sequence[int], actions: Sequence[int]) -> tuple[list[int], list[Event]]:
        """In a phase where the seat gives several cards in a row (a discard, an écart, the
        cards shown for a declaration): add ``actions`` (cards, or ``done``) to those ``chosen``
        so far; once the set is complete (or ``done``), play it. Returns the cards chosen now
        (empty once played) and the events. Raises ``IllegalActionError`` and nothing changes."""
        deal = self._turn(seat)
        verb = explainer_for(deal).card_phases[deal.phase]
        slots, eligible = pending_cards(deal)
        new: list[int] = []
        done = False
        for a in actions:
            if a == DONE and DONE in deal.legal_actions():
                done = True
            elif a >= 78 or not eligible >> a & 1:
                raise IllegalActionError(deal.explain_illegal(a))
            elif a in chosen:
                raise IllegalActionError(say("choice.already", card=card_said(a, deal.notation)))
            elif a in new:
                raise IllegalActionError(say("choice.twice", card=card_said(a, deal.notation)))
            else:
                new.append(a)
        if len(chosen) + len(new) > slots:
            raise IllegalActionError(say("choice.too_many", more=plural(slots - len(chosen), "noun.more_card"),
                                         verb=say(verb)))
        cards = [*chosen, *new]
        if len(cards) < slots and not done:
            return cards, []
        return [], self.act(seat, sorted(cards) + ([DONE] if done else []))

    # ----- what a person is shown ----------------------------------------------------------
    def prompt(self, seat: Seat, chosen: Sequence[int] = ()) -> Prompt:
        """What the person in ``seat`` is shown at its turn (``chosen``: cards chosen so far in
        a phase that takes several)."""
        deal = self._turn(seat)
        v = deal.view(seat)
        explainer = explainer_for(deal)
        names = self.names_for(seat)
        verb = explainer.card_phases.get(v.phase)
        slots, eligible = pending_cards(deal) if verb else (0, 0)
        if v.phase == "play":
            marked, header = explainer.marked_cards(deal, v), None
            legend = explainer.mark_legend(deal, v)
        else:
            marked = eligible & ~mask(chosen) if verb else 0
            header, legend = explainer.header(deal, v, chosen, names), say("legend.legal")
        choices = self.choices(seat, chosen)
        labels = tuple((a, explainer.action_label(deal, a) if a >= 78 else deal.action_token(a)) for a in choices)
        shown = cards_of(v.hand | eligible | mask(chosen))
        trick_seats = tuple(deal.trick_seat(deal.leader, i) for i in range(len(v.trick)))
        total = deal.trick_no + deal.tricks_left()
        return Prompt(seat, v, deal.notation, header, tuple(explainer.table_lines(deal, v, marked, names)), marked,
                      legend, labels, say(verb) if verb else None, slots, eligible, {c: deal.card_power(c) for c in shown}, total,
                      trick_seats)

    def choices(self, seat: Seat, chosen: Sequence[int] = ()) -> list[int]:
        """The numbered choices shown to the person, in display order."""
        deal = self._turn(seat)
        legal = deal.legal_actions()
        if deal.phase in explainer_for(deal).card_phases:
            _, eligible = pending_cards(deal)
            from ..explain import in_display_order
            cards = [c for c in in_display_order(eligible, deal.card_power) if c not in chosen]
            return cards + ([DONE] if DONE in legal else [])
        return display_actions(deal, legal)

    def tricks(self, seat: Seat) -> list[str]:
        """The tricks of the deal so far as the seat is told them (``Trick 3: East 7C, ...``):
        public, each card played face up."""
        deal = self.deal
        if deal is None:
            return []
        names = self.names_for(seat)
        return [trick_text(deal, i, names) for i in range(len(deal.tricks))]

    def help(self, seat: Seat) -> list[str]:
        """What the seat may do now, and why (``help`` at the table)."""
        return phase_help(self._turn(seat), seat)

    def revoke_reason(self, seat: Seat, action: int) -> str | None:
        """Why ``action`` would be a revoke, where the options allow one to be played (it is
        legal but breaks the duty to follow or to trump); None for any other action."""
        deal = self._turn(seat)
        if deal.phase != "play" or action >= 78 or action not in deal.legal_actions():
            return None
        if explainer_for(deal).marked_cards(deal, deal.view(seat)) >> action & 1:
            return None
        return deal.explain_illegal(action)

    def hint(self, seat: Seat, chosen: Sequence[int] = ()) -> tuple[int, str, list[tuple[int, float, float]], list[str]] | None:
        """What the game's rule bot would do in the seat's place, from its view alone (after the
        cards chosen so far): (action, why, its reckoning of the best cards as (card, value,
        chance of winning the trick), notes); nothing is played."""
        from ..bots import make_bot

        deal = self._turn(seat)
        probe = deal
        if chosen:
            probe = deal.copy()
            for c in sorted(chosen):  # in the order ``choose`` plays them
                probe.push(c)
        if probe.to_play != seat:
            return None
        bot = make_bot("rule", seed=len(deal.history))
        view = probe.view(seat)
        action = bot.act(view)
        rule = bot.for_variant(deal.variant) if hasattr(bot, "for_variant") else bot
        explain = getattr(rule, "explain", None)
        why = explain(view) if explain is not None else ""
        reckon = getattr(rule, "reckon", None)
        rows, notes = reckon(view) if reckon is not None and view.phase == "play" else ([], [])
        return action, why, rows, notes

    @property
    def moves(self) -> int:
        """Actions taken so far in the deal."""
        return len(self.deal.history) if self.deal is not None else 0

    def names_for(self, seat: Seat | None) -> list[str]:
        """The seats' names as seen from ``seat``'s chair (a spectator's: seat 0's), in the
        language spoken."""
        return seat_names(self.players, seat or 0, self.step)

    def where(self, seat: Seat | None = None) -> str:
        """Where the deal stands (``trick 4, East to play``), names as seen from ``seat``."""
        assert self.deal is not None
        names = self.names_for(seat)
        return where(self.deal, names)

    def save_unfinished(self) -> list[Event]:
        """Save the deal in progress (a person leaves the table)."""
        return self._save() if self.deal is not None and not self._deal_over else []

    # ----- the deal's life ---------------------------------------------------------------
    def _turn(self, seat: Seat) -> Deal:
        deal = self.deal
        if deal is None or deal.is_over or deal.to_play != seat:
            raise IllegalActionError(f"it is not seat {seat}'s turn")
        return deal

    def _start(self) -> list[Event]:
        self.dealt += 1
        self._deal_over = False
        self._decisions, self.undos = [], []
        if self._resumed is not None:
            return self._go_on()
        if self.boards is not None:
            deck, dealer = self.boards[self.dealt - 1]
            self.deal = deal = self.cls(self.match.options, deck=deck, dealer=dealer)
        else:
            self.deal = deal = self.match.next_deal()
        events: list[Event] = []
        for narration in self.narrations.values():
            events += narration.start(deal, self.played + 1, self.deals or 0, self.annulled)
        return events

    def _go_on(self) -> list[Event]:
        """Deal again the deal of a saved record (the same cards, the same dealer) and play its
        moves so far, each told as it was."""
        assert self._resumed is not None
        record, path = self._resumed
        self._resumed = None
        if path is not None:
            self._paths[self.dealt] = path
        self.deal = deal = fresh_of(record)
        self.undos = [u for u in record.tags.get("Undo", "").split("; ") if u]
        events: list[Event] = []
        for narration in self.narrations.values():
            started = narration.start(deal, self.played + 1, self.deals or 0, self.annulled)
            events += [replace(e, resumed=True) if isinstance(e, DealStarted) else e for e in started]
        for a in record.actions:
            if deal.to_play in self.people:
                self._decisions.append(len(deal.history))
            events += self._push(a)
        return events
    def _push(self, action: int) -> list[Event]:
        deal = self.deal
        assert deal is not None and deal.to_play is not None
        seat, phase = deal.to_play, deal.phase
        deal.push(action)
        events: list[Event] = []
        for narration in self.narrations.values():
            events += narration.after(deal, seat, phase, action)
        return events

    def _finish(self) -> list[Event]:
        deal = self.deal
        assert deal is not None
        self._deal_over = True
        number = self.played + 1
        dealer = deal.dealer
        result = self.match.record(deal)
        # a hand not played out (a redeal granted, all passed, a petit sec) is not counted
        self.annulled = bool({"redeal", "all_passed", "annulled"} & set(result.info))
        self.played += not self.annulled or self.boards is not None  # a board is played once
        self.sheet.append(SheetRow(self.dealt, dealer, tuple(result.scores), self.annulled))
        explainer = explainer_for(deal)
        events: list[Event] = []
        for n in self.narrations.values():
            with n.voice():
                lines = tuple(explainer.end_of_deal(deal, n.names))
            events.append(DealOver(to=n.to, lang=n.lang, lines=lines, number=number, result=result,
                                   annulled=self.annulled, played=self.played, dealt=self.dealt,
                                   totals=tuple(self.match.totals), sheet=tuple(self.sheet)))
        events += self._save()
        if explainer.target_game is not None and self.boards is None:
            events += self._target_game(deal, explainer)
        if self.deals is not None and self.played >= self.deals:
            self.is_over = True
        if self.is_over:
            events.append(MatchOver(totals=tuple(self.match.totals),
                                    reason="target" if self.game is not None and self.game.is_over else "deals"))
        return events

    def _target_game(self, deal: Deal, explainer) -> list[Event]:
        """Add the deal to the game played to a target (Early French Tarot's game to 50)."""
        game = self.game
        if game is None:
            game = self.game = explainer.target_game(deal.options, dealer=deal.dealer)
        game.dealer = deal.dealer
        before = list(game.totals)
        game.add_scores(deal.result().scores, deal.running_scores())  # type: ignore[attr-defined]
        self.is_over = self.is_over or game.is_over
        events: list[Event] = []
        for n in self.narrations.values():
            with n.voice():
                lines = tuple(explainer.after_deal(deal, n.names, game, before))
            events.append(GameProgress(to=n.to, lang=n.lang, lines=lines, totals=tuple(game.totals),
                                       over=game.is_over))
        return events

    def _save(self) -> list[Event]:
        """Save deal number ``dealt`` (1, 2...) if the session records: the deal and the tags a
        resumed game needs (who sits where, the deals asked for, the score sheet so far, what
        was taken back). Its path is checked now, not before the first card; a path that
        cannot be written loses nothing (``fallback``, else the text handed on)."""
        if self.record is None or self.deal is None:
            return []
        from .. import records  # lazily: a session without records works without them

        path = self._paths.get(self.dealt) or record_path(self.record, self.dealt, self.deals)
        me = self.people[0] if self.people else 0
        bots = ", ".join(f"{self.names[s]}={b}" for s, b in self.bot_names.items())
        tags: dict[str, object] = {"Event": "tarot play", "Round": self.dealt,
                                   "Human": f"{self.names[me]} (seat {me})", "Bots": bots,
                                   "Seats": ",".join(self.seat_names)}
        if self.deals is not None:
            tags["Deals"] = self.deals
        earlier = [row for row in self.sheet if row.number < self.dealt]
        if earlier:
            tags["Sheet"] = "; ".join(sheet_entry(row) for row in earlier)
        if self.undos:
            tags["Undo"] = "; ".join(self.undos)
        rec = records.record_from_deal(self.deal, **tags)
        try:
            records.save_record(rec, path)
        except RecordError as e:
            return self._not_saved(rec, path, str(e))
        self.saved.append(path)
        return [RecordSaved(path=path, lines=(Line(say("table.saved", path=path)),))]

    def _not_saved(self, rec: Record, path: Path, reason: str) -> list[Event]:
        """A deal that could not be written to ``path``: into ``fallback`` under the same name
        if it can be, and in any case handed on whole (``RecordFailed``)."""
        from .. import records

        saved = None
        if self.fallback is not None and self.fallback.resolve() != path.parent.resolve():
            try:
                self.fallback.mkdir(parents=True, exist_ok=True)
                records.save_record(rec, self.fallback / path.name)
                saved = self.fallback / path.name
                self.saved.append(saved)
            except (OSError, RecordError):
                saved = None
        text = rec.to_json() if path.suffix.lower() == ".json" else rec.to_text()
        key = "table.not_saved.instead" if saved else "table.not_saved"
        line = Line(say(key, reason=reason, path=saved), "warning")
        return [RecordFailed(path=path, reason=reason, text=text, saved=saved, lines=(line,))]

    # ----- going on with a saved game ------------------------------------------------------
    @classmethod
    def resume(cls, record: Record, path: Path | None = None, record_to: Path | None = None,
               seed: int | None = None, fallback: Path | None = None,
               boards: Sequence[tuple[Sequence[Card], Seat]] | None = None) -> TableSession:
        """The session of a deal saved by ``tarot play`` (``path``: the file it was read from),
        going on from where it was left: the same seats, the same deals asked for, the score
        sheet and totals of the deals before it, the deal itself with its moves so far (a
        finished deal is counted and the next dealt). The deals after it are saved to
        ``record_to`` (FILE-n) and dealt from ``seed`` (or the ``boards`` the session was
        dealt from: the same as before). Raises ``RecordError`` naming the tag
        that is missing or bad."""
        tags = record.tags
        where = f"{path}: " if path is not None else ""
        if "Seats" not in tags or "Round" not in tags:
            raise RecordError(f"{where}not a game saved by tarot play (it has no Seats and Round tags): "
                              f"nothing to go on with")
        seats = tags["Seats"].split(",")
        try:
            number = int(tags["Round"])
            deals = int(tags["Deals"]) if "Deals" in tags else None
            rows = [parse_sheet_entry(e) for e in tags.get("Sheet", "").split(";") if e.strip()]
        except ValueError as e:
            raise RecordError(f"{where}{e}") from None
        numbers = [r.number for r in rows]
        if number < 1 or numbers != sorted(set(numbers)) or (numbers and numbers[-1] >= number):
            raise RecordError(f"{where}the Sheet tag does not list the deals before deal {number}")
        try:
            session = cls(record.variant, record.options, seed, seats, deals, record_to, fallback=fallback,
                          boards=boards)
        except TarotError as e:
            raise RecordError(f"{where}{e}") from None
        players = session.players
        if any(len(r.scores) != players or not 0 <= r.dealer < players for r in rows):
            raise RecordError(f"{where}the Sheet tag does not hold {players} scores and a dealer per deal")
        session.sheet = rows
        session.match.totals = [sum(r.scores[s] for r in rows) for s in range(players)]
        session.match.dealer = record.dealer
        session.dealt = number - 1
        session.played = sum(not r.annulled or boards is not None for r in rows)
        session.annulled = bool(rows) and rows[-1].annulled
        target = explainer_for(fresh_of(record)).target_game
        if target is not None and rows and boards is None:
            game = session.game = target(session.match.options, dealer=rows[0].dealer)
            for r in rows:
                game.dealer = r.dealer
                game.add_scores(r.scores)  # type: ignore[attr-defined]
        from ..records import replay

        replay(record)  # every move checked (and a claimed result) before the table is set
        session._resumed = (record, path)
        session.resumed_from = path
        return session

def record_path(record: Path, number: int, deals: int | None) -> Path:
    """Where ``tarot play --record FILE`` saves deal ``number`` (1, 2...) of a ``deals``-deal
    session: FILE for a one-deal session, else FILE-n (an annulled hand counts: after it, even
    a one-deal session writes FILE-2; a session with no set number of deals, ``None``, writes
    FILE-n from the first).

    >>> str(record_path(Path("game.txt"), 1, 1)), str(record_path(Path("game.txt"), 2, 3))
    ('game.txt', 'game-2.txt')
    """
    if deals is None or deals > 1 or number > 1:
        return record.with_name(f"{record.stem}-{number}{record.suffix}")
    return record


def fresh_of(record: Record) -> Deal:
    """The deal of ``record`` as dealt, before any move."""
    from ..records.common import fresh_deal

    return fresh_deal(record.variant, record.options, record.deck, record.dealer)

