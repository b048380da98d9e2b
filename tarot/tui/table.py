"""The terminal table: a person against bots, interactive or driven by a script on stdin.

A thin view over the table session (``tarot.play.TableSession``): it shows the session's events
and the person's prompt with rich, reads the person's input and hands the decision to the
session, which refuses an illegal one with the rule's reason. Nothing here decides a rule.
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from ..core.actions import ACTION_IDS, DONE, action_token, parse_action
from ..core.cards import format_card, mask
from ..core.deal import Deal, variant_class
from ..core.errors import IllegalActionError
from ..explain import (
    add_messages, card_or_action, explainer_for, plural, say, seat_label, seat_names, spoken_of, spoken_to,
    title_of, unit_word,
)
from ..play.events import Event, RecordFailed, RecordSaved
from ..play.session import PERSON, TableSession
from .render import (
    card_text, console_width, dressed, hand_lines, look_for, look_of, make_console, render, render_events,
    score_sheet, set_look, wrapped,
)

add_messages({
    "table.intro": "{title}. You are {name} (seat {seat}); against {bots}.",
    "table.intro.bot": "{name} ({bot})",
    "table.intro.play": "Play goes {way}: {order}. Type `help` at any prompt.",
    "table.anticlockwise": "anticlockwise",
    "table.clockwise": "clockwise",
    "table.options": "Options: {options}",
    "table.leave": "You leave the table.",
    "table.interrupted": "\nInterrupted: you leave the table.",
    "table.input_ended": "\nThe input ended: you leave the table.",
    "table.input_ended.script": "the input ended before the deal was over ({where})",
    "table.next": "Press Enter for the next deal (or type quit): ",
    "table.next.help": "The deal is over: Enter deals the next one ({number}{of}), `quit` leaves the "
                       "table{saved} `score` shows the score sheet.",
    "table.next.of": " of {deals}",
    "table.resume_hint": "`tarot play --resume {path}` goes on with this deal.",
    "table.next.saved": ", and the records so far are saved.",
    "table.next.end": ".",
    "table.prompt": "{name}> ",
    "table.error": "tarot: {message}",
    "table.illegal_input": "illegal input {line} ({where}): {reason}",
    "table.refused": "Refused: {reason}. (`help` explains what you may do.)",
    "table.revoke": "{token} would be a revoke ({reason}), penalised as revoke_handling={rule} says. Give "
                    "{token} again to play it anyway.",
    "table.hint": "Hint: the rule bot, seeing only what you see, would choose {what}{number}. It plays by "
                  "simple rules (docs/bots.md); the choice is yours.",
    "table.hint.choice": ", choice {number}",
    "table.hint.why": "Why: {why}.",
    "table.hint.reckoning": "Its reckoning, in marques (this trick, less what the card is worth kept for "
                            "later): {rows}{notes}.",
    "table.hint.note": "; {note}",
    "table.hint.row": "{token} {value:+.1f} (wins the trick {chance:.0%})",
    "table.where": "Trick {number}",
    "table.where.of": "Trick {number} of {total}",
    "table.on_the_table": "{where}. On the table: {cards}.",
    "table.you_lead": "{where}. You lead.",
    "table.hand": "Your hand ({cards}{sep}{legend}):",
    "table.legend.marked": "* {legend}",
    "table.legend.chosen": "+ chosen",
    "table.choices": "Choices: ",
    "table.choice": "{number} {label}",
    "table.no_choice": "there is no choice {shown}: choose {range}",
})


class Quit(Exception):
    """The player typed ``quit``."""


class EndOfInput(Exception):
    """The input ended before the game did."""


class ScriptError(Exception):
    """Illegal input in script mode: the game stops with this message."""


class PlaySession:
    """Deals of ``variant`` in a row; ``seat`` is the person's, the others are ``bots`` in the
    order of play after the person.

    ``read_line(prompt)`` returns a line of input or None at the end of input. In ``script``
    mode nothing is prompted and illegal input stops the game (``ScriptError``).
    """

    def __init__(self, out: Console, variant: str, options: dict, seed: int | None, seat: int,
                 bots: Sequence[str], deals: int | None, record: Path | None, script: bool,
                 read_line: Callable[[str], str | None], *, fallback: Path | None = None,
                 table: TableSession | None = None) -> None:
        cls = variant_class(variant)
        opts = cls.make_options(options)
        players, step = cls.players_for(opts), cls.seat_step(opts)
        if table is None:
            seats: list[object] = [PERSON] * players
            for i, bot in enumerate(bots, 1):
                seats[(seat + i * step) % players] = bot
            table = TableSession(variant, options, seed, seats, deals, record, fallback=fallback)
        self.table = table  # (a session resumed from a record is given whole)
        self.out = out
        set_look(out, look_for(out, plain=script))
        self.cls = cls
        self.me = seat
        self.players, self.step = players, step
        self.deals = deals
        self.record = record
        self.script = script
        self.read_line = read_line
        self.names = seat_names(players, seat, step)
        #: the score tables' columns: the person first, then the others in the order of play
        self.order = [(seat + i * step) % players for i in range(players)]
        #: (actions so far, card): a revoke the person was warned of, played if typed again
        self.revoke_warned: tuple[int, int] | None = None

    @property
    def deal(self) -> Deal:
        """The deal in progress (asked while a deal is on)."""
        assert self.table.deal is not None
        return self.table.deal

    # ----- the session ------------------------------------------------------------------
    def run(self) -> int:
        """Play the deals; returns the exit code (0, or 1 after illegal input or early EOF in
        script mode, 130 when interrupted)."""
        self.introduce()
        table = self.table
        while True:
            try:
                self.show(table.advance())
                while table.pending is not None:
                    self.human_turn()
                    self.show(table.advance())
            except Quit:
                self.out.print(say("table.leave"))
                return self.leave(0)
            except KeyboardInterrupt:
                self.out.print(say("table.interrupted"))
                return self.leave(130)
            except EndOfInput:
                if self.script:
                    self.show(table.save_unfinished())
                    self.error(say("table.input_ended.script", where=table.where(self.me)))
                    return 1
                self.out.print(say("table.input_ended"))
                return self.leave(0)
            except ScriptError as e:
                self.show(table.save_unfinished())
                self.error(str(e))
                return 1
            if table.is_over:
                return 0
            if not table.annulled and not self.script and not self.between_deals():
                return 0 if self.read_status == "quit" else 130

    def introduce(self) -> None:
        order = " → ".join(self.names[s] for s in self.order)
        bots = ", ".join(say("table.intro.bot", name=self.names[s], bot=b) for s, b in self.table.bot_names.items())
        self.out.print(Text(say("table.intro", title=title_of(self.cls), name=self.names[self.me], seat=self.me,
                                bots=bots), style="bold"))
        way = say("table.anticlockwise" if self.step > 0 else "table.clockwise")
        self.out.print(say("table.intro.play", way=way, order=order))
        changed = self.table.match.options.changed()
        if changed:
            self.out.print(say("table.options", options=", ".join(f"{k}={v}" for k, v in changed.items())))
        if self.table.resumed_from is not None:
            self.out.print(say("table.resume", path=self.table.resumed_from, number=self.table.played + 1))

    def between_deals(self) -> bool:
        """Wait for Enter before the next deal; False if the person leaves (``read_status``
        says how: ``quit`` or ``interrupted``)."""
        while True:
            try:
                line = self.read_line(say("table.next"))
            except KeyboardInterrupt:
                self.out.print(say("table.interrupted"))
                self.read_status = "interrupted"
                return False
            if line is None or line.strip().lower() in ("quit", "exit", "q"):
                self.read_status = "quit"
                return False
            if not line.split() or line.split()[0].lower() not in ("help", "?", "score"):
                return True
            if line.split()[0].lower() == "score":
                self.score()
                continue
            saved = say("table.next.saved" if self.table.record is not None else "table.next.end")
            of = say("table.next.of", deals=self.table.deals) if self.table.deals else ""
            self.out.print(say("table.next.help", number=self.table.played + 1, of=of, saved=saved))

    def leave(self, code: int) -> int:
        """The person leaves in the middle of a deal: it is saved as it stands, and the way to
        go on with it is told."""
        events = self.table.save_unfinished()
        self.show(events)
        for e in events:
            path = e.path if isinstance(e, RecordSaved) else e.saved if isinstance(e, RecordFailed) else None
            if path is not None:
                self.out.print(say("table.resume_hint", path=path))
        return code

    def show(self, events: Sequence[Event]) -> None:
        render_events(self.out, events, self.cls.notation, self.me, self.table.deal, self.names, self.order)
        for e in events:  # a record that could not be written anywhere: shown whole, to keep
            if isinstance(e, RecordFailed) and e.saved is None:
                self.out.print(e.text, markup=False, highlight=False, soft_wrap=True)

    def score(self) -> None:
        """The score sheet so far (``score`` at any prompt)."""
        table = self.table
        if not table.sheet:
            self.out.print(say("sheet.empty"))
            return
        unit = unit_word(self.cls.SCORE_UNIT)
        self.out.print(score_sheet(table.sheet, self.names, table.totals, say("sheet.title", unit=unit),
                                   self.order, self.out.width))

    def tricks(self, last: bool) -> None:
        """The tricks of the deal so far, or the last one (``tricks``, ``last``)."""
        lines = self.table.tricks(self.me)
        if not lines:
            self.out.print(say("tricks.none"))
            return
        look = look_of(self.out)
        for text in lines[-1:] if last else lines:
            self.out.print(dressed(text, self.cls.notation, look))

    def leaving(self) -> bool:
        """Whether the person, having typed ``quit`` in a deal, leaves it: asked at a terminal
        (the deal is saved and can be resumed), a script is taken at its word."""
        if self.script:
            return True
        saved = say("quit.saved" if self.table.record is not None else "quit.not_saved")
        answer = self.read_line(say("quit.confirm", saved=saved))
        if answer is None or answer.strip().lower() in ("y", "yes", "o", "oui"):
            return True
        self.out.print(say("quit.stay"))
        return False

    def error(self, message: str) -> None:
        make_console(plain=True, stderr=True).print(say("table.error", message=message))

    # ----- the person's turn ------------------------------------------------------------
    def human_turn(self) -> None:
        """Read input until the person's decision is played."""
        chosen: list[int] = []
        show = True
        while True:
            if show:
                self.show_turn(chosen)
                show = False
            forced = None if self.script or chosen else self.forced()
            if self.script:
                prompt = ""
            elif forced is not None:
                card = card_text(forced, self.cls.notation, look_of(self.out)).plain
                prompt = say("forced.prompt", name=self.names[self.me], card=card)
            else:
                prompt = say("table.prompt", name=self.names[self.me])
            line = self.read_line(prompt)
            if line is None:
                raise EndOfInput
            words = line.split()
            if not words:
                if forced is None:
                    continue
                words = [format_card(forced, self.cls.notation)]  # Enter plays the only card
            cmd = words[0].lower()
            if len(words) == 1 and cmd in ("quit", "exit"):
                if self.leaving():
                    raise Quit
                continue
            if cmd in ("help", "?"):  # "help me" too: help is never a move
                for text in self.table.help(self.me):
                    self.out.print(text)
                self.out.print(say("help.table"))
                continue
            if len(words) == 1 and cmd in ("tricks", "last", "score"):
                self.score() if cmd == "score" else self.tricks(cmd == "last")
                continue
            if len(words) == 1 and cmd == "undo":
                try:
                    self.show(self.table.undo(self.me))
                    self.show(self.table.advance())
                except IllegalActionError as e:
                    self.refuse(line.strip(), str(e))
                    continue
                chosen.clear()
                show = True
                continue
            if len(words) == 1 and cmd in ("hint", "hand", "clear"):
                if cmd == "hint":
                    self.hint(chosen)
                    continue
                if cmd == "clear":
                    chosen.clear()
                show = True
                continue
            try:
                if self.apply(words, chosen):
                    return
            except IllegalActionError as e:
                self.refuse(line.strip(), str(e))
                continue
            show = True

    def forced(self) -> int | None:
        """The card to play when it is the only legal move (Enter plays it), else None."""
        pending = self.table.pending
        if pending is None or pending.view.phase != "play":
            return None
        legal = pending.view.legal_actions
        return legal[0] if len(legal) == 1 and legal[0] < 78 else None

    def hint(self, chosen: Sequence[int]) -> None:
        """What the game's rule bot would do in the person's place; nothing is played."""
        found = self.table.hint(self.me, chosen)
        if found is None:
            return
        action, why, rows, notes = found
        deal = self.deal
        choices = self.choices(deal, chosen)
        number = say("table.hint.choice", number=choices.index(action) + 1) if action in choices else ""
        self.out.print(Text(say("table.hint", what=card_or_action(deal, action), number=number), style="cyan"))
        if why:
            self.out.print(Text(say("table.hint.why", why=why), style="cyan"))
        if len(rows) < 2:
            return
        # the card chosen first (among values equal to within rounding, the first legal one)
        best = sorted(rows, key=lambda r: (r[0] != action, -r[1]))[:3]
        parts = [say("table.hint.row", token=action_token(c, self.cls.notation), value=value, chance=p)
                 for c, value, p in best]
        self.out.print(Text(say("table.hint.reckoning", rows=", ".join(parts), notes="".join(say("table.hint.note", note=n) for n in notes)),
                            style="cyan"))

    def confirmed(self, action: int) -> bool:
        """Whether ``action`` may be played at once. A card that breaks the duty to follow or to
        trump, where the options allow it as a revoke, is played only when given twice in a row
        (a mistyped number should not cost a forfeit); a script is taken at its word."""
        reason = None if self.script else self.table.revoke_reason(self.me, action)
        if reason is None or self.revoke_warned == (self.table.moves, action):
            return True
        self.revoke_warned = (self.table.moves, action)
        rule = self.table.match.options.get("revoke_handling", "")
        self.out.print(Text(say("table.revoke", token=action_token(action, self.cls.notation), rule=rule,
                                reason=re.sub(rf"\bseat {self.me}\b", "you", reason)), style="bold yellow"))
        return False

    def refuse(self, line: str, reason: str) -> None:
        # the engine's reasons name the seat by number: a script's error names it as the table
        # does, and at the table it is "you"
        if self.script:
            raise ScriptError(say("table.illegal_input", line=reprlib.repr(line), where=self.table.where(self.me),
                                  reason=spoken_of(reason, self.me, self.names)))
        self.out.print(Text(say("table.refused", reason=spoken_to(reason, self.me)), style="bold red"))

    def choices(self, deal, chosen: Sequence[int]) -> list[int]:
        """The numbered choices shown to the person, in display order."""
        return self.table.choices(self.me, chosen)

    def resolve(self, word: str, choices: Sequence[int]) -> int:
        if word.isascii() and word.isdigit():
            i = int(word) if len(word) < 6 else 0  # a long number is no choice (and not parsed)
            if 1 <= i <= len(choices):
                return choices[i - 1]
            shown = str(int(word)) if len(word) <= 40 else word[:12] + "…"
            raise IllegalActionError(say("table.no_choice", shown=shown,
                                         range="1" if len(choices) == 1 else f"1..{len(choices)}"))
        # typed as it is written at the table: "poignée_simple" for poignee_simple
        plain = word.lower().replace("é", "e")
        if plain != word.lower() and plain in ACTION_IDS:
            return ACTION_IDS[plain]
        return parse_action(word, self.cls.notation)

    def apply(self, words: list[str], chosen: list[int]) -> bool:
        """Act on one line of input; True once the decision is played, False if cards were only
        added to ``chosen``. Raises ``IllegalActionError`` (with the engine's reason when it is
        a rule) and then nothing has changed, neither the deal nor ``chosen``."""
        deal = self.deal
        choices = self.choices(deal, chosen)
        actions = [self.resolve(w, choices) for w in words]
        if deal.phase not in explainer_for(deal).card_phases:
            if len(actions) != 1:
                raise IllegalActionError(say("choice.one_move"))
            if not self.confirmed(actions[0]):
                return False
            self.show(self.table.act(self.me, actions))
            return True
        now, events = self.table.choose(self.me, chosen, actions)
        chosen[:] = now
        self.show(events)
        return bool(events)

    def show_turn(self, chosen: Sequence[int]) -> None:
        p = self.table.prompt(self.me, chosen)
        v, n, out = p.view, p.notation, self.out
        out.print()
        number = len(v.tricks) + 1
        where = say("table.where.of", number=number, total=p.trick_of) if p.trick_of else say("table.where", number=number)
        look = look_of(out)
        if v.trick:  # in play, or a decision at one's turn in a trick (a declaration, a poignée)
            cards = ", ".join(say("trick.card", seat=seat_label(self.names, p.trick_seats[i]), card=format_card(c, n))
                              for i, c in enumerate(v.trick))
            out.print(dressed(say("table.on_the_table", where=where, cards=cards), n, look, "bold"))
        if v.phase == "play" and not v.trick:
            out.print(Text(say("table.you_lead", where=where), style="bold"))
        if v.phase != "play" and p.header:
            out.print(Text(p.header, style="bold"))
        width = console_width(out)
        for row in p.table:
            render(out, row, n)
        marked = p.marked
        legend = [m for m, on in ((say("table.legend.marked", legend=p.legend), v.hand & marked),
                                  (say("table.legend.chosen"), chosen)) if on]
        out.print(say("table.hand", cards=plural(v.hand.bit_count(), "noun.card"), sep="; " if legend else "",
                      legend=", ".join(legend)))
        # the unmarked cards are greyed only if none of them may be played (with revokes
        # allowed, * marks the lawful cards and the others are playable all the same)
        grey = not v.hand & ~marked & ~mask(chosen) & mask(a for a in v.legal_actions if a < 78)
        for line in hand_lines(v.hand, marked, n, mask(chosen), p.power.__getitem__, width, grey, look):
            out.print(line)
        labels = [Text(f"{i} ").append_text(card_text(a, n, look)) if a < 78 and label == format_card(a, n)
                  else Text(say("table.choice", number=i, label=label)) for i, (a, label) in enumerate(p.choices, 1)]
        for line in wrapped(say("table.choices"), labels, width, " · "):
            line.stylize_before("green")  # (a card keeps its suit's colour)
            out.print(line)


__all__ = ["DONE", "EndOfInput", "PlaySession", "Quit", "ScriptError"]
