"""A deal told step by step to one listener, as events (``tarot.play.events``).

The listener is a seat (its client) or None (a spectator, a replay): the names are the seats
as seen from its chair, and ``reveal`` the seats whose hidden decisions it may be told (its
own; every seat for a replay). A narration given a ``lang`` tells in that language whatever
the language around it (a web table tells each client in its own), and marks its events so. The game's explainer says what each decision means; tricks and
payments are told here, so that the payments told always add up to the ledger (a revoke
owned up to takes some back, and they are told as taken back).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace

from ..core.cards import Seat
from ..core.deal import Deal, new_deal
from ..core.ledger import Payment
from ..explain import Line, describe_payment, explainer_for, say, speaking, trick_text
from .events import (
    ActionPlayed, DealStarted, DeclarationShown, Event, PaymentMade, PaymentTakenBack, TakenBack, TrickWon,
)


def _in_own_language(tell: Callable[..., list[Event]]) -> Callable[..., list[Event]]:
    """A narration's step said in the narration's language, its events marked with it."""
    @functools.wraps(tell)
    def said(self: Narration, *args, **kwargs) -> list[Event]:
        with self.voice():
            events = tell(self, *args, **kwargs)
        return events if self.lang is None else [replace(e, lang=self.lang) for e in events]
    return said


class Narration:
    """Tells one listener each step of a deal (``start``, then ``after`` each action), in
    ``lang`` (None: the language spoken around it)."""

    def __init__(self, names: Sequence[str], reveal: set[int], to: Seat | None = None,
                 lang: str | None = None) -> None:
        self.names = list(names)
        self.reveal = reveal
        self.to = to
        self.lang = lang
        #: The payments told so far, with their words (the deal's ledger may take some back).
        self._told: list[tuple[Payment, str]] = []
        self._tricks = 0
        self._shown = 0
        self.state: dict = {}

    def voice(self) -> AbstractContextManager[None]:
        """The narration's language around what it says (``with narration.voice(): ...``)."""
        return nullcontext() if self.lang is None else speaking(self.lang)

    @_in_own_language
    def start(self, deal: Deal, number: int = 0, deals: int = 0, again: bool = False) -> list[Event]:
        """The dealer named, what the game says at the start (the cut card...), and any payment
        made by the deal itself; deal ``number`` of ``deals`` in a session (0: a deal alone)."""
        self._told, self._tricks, self._shown = [], 0, 0
        self.state = {}
        lines = [Line(say("deal.dealer", dealer=self.names[deal.dealer]), "title"),
                 *explainer_for(deal).start(deal, self.names)]
        return [DealStarted(to=self.to, lines=tuple(lines), number=number, deals=deals, dealer=deal.dealer,
                            again=again), *self.payments(deal)]

    @_in_own_language
    def payments(self, deal: Deal) -> list[Event]:
        """The payments made since the last call, and those taken back."""
        entries = deal.ledger.entries
        told = self._told
        k = 0
        while k < len(told) and k < len(entries) and told[k][0] == entries[k]:
            k += 1
        events: list[Event] = []
        for p, words in told[k:]:
            line = Line(say("payment.taken_back", words=words), "payment", "  ", fit=True)
            events.append(PaymentTakenBack(to=self.to, lines=(line,), payment=p))
        del told[k:]
        for p in entries[k:]:
            words = describe_payment(p, deal, self.names)
            told.append((p, words))
            events.append(PaymentMade(to=self.to, lines=(Line(words, "payment", "  ", fit=True),), payment=p))
        return events

    @_in_own_language
    def after(self, deal: Deal, seat: int, phase: str, action: int) -> list[Event]:
        """The events of ``action``, taken by ``seat`` in ``phase`` (after ``deal.push``)."""
        events: list[Event] = []
        # the play can go back (a revoke owned up to): tricks and payments taken back
        self._tricks = min(self._tricks, len(deal.tricks))
        # a trick the card completed is told first: what the game says of the card (a partner
        # revealed by it, a card given for the Fool) follows the trick that shows it
        for i in range(self._tricks, len(deal.tricks)):
            leader, cards, winner = deal.tricks[i]
            events.append(TrickWon(to=self.to, lines=(Line(trick_text(deal, i, self.names), "title"),),
                                   index=i, winner=winner, cards=tuple(cards)))
        self._tricks = len(deal.tricks)
        explainer = explainer_for(deal)
        lines = explainer.narrate(deal, self.names, self.reveal, seat, phase, action, self.state)
        events.append(ActionPlayed(to=self.to, lines=tuple(lines), seat=seat, phase=phase, action=action,
                                   token=deal.action_token(action)))
        shown = deal.shown
        self._shown = min(self._shown, len(shown))
        for s, a, cs in shown[self._shown:]:
            events.append(DeclarationShown(to=self.to, seat=s, declaration=a, cards=cs))
        self._shown = len(shown)
        if phase in explainer.card_phases and deal.phase == phase and deal.to_play == seat:
            return events  # the seat goes on choosing cards: what they cost is told with them, after
        return events + self.payments(deal)

    @_in_own_language
    def taken_back(self, deal: Deal, seat: int, actions: Sequence[int]) -> list[Event]:
        """The events of ``seat`` taking back its last decision (``actions``: taken back, the
        latest first): its own move named, the others after it counted (a bot's discard was
        never shown), and the payments taken back with them."""
        self._tricks = min(self._tricks, len(deal.tricks))
        self._shown = min(self._shown, len(deal.shown))
        own = deal.action_token(actions[-1]) if seat in self.reveal else say("undo.a_move")
        others = len(actions) - 1
        key = "undo.done.after" if others else "undo.done"
        line = Line(say(key, name=self.names[seat], move=own, moves=others), "warning")
        events = [TakenBack(to=self.to, lines=(line,), seat=seat, actions=tuple(actions)), *self.payments(deal)]
        self.rewind(deal)
        return events

    def rewind(self, deal: Deal) -> None:
        """Be as if the deal had been told up to where it stands now (after moves taken back):
        what the game's explanations remember (a partner told, the consolations told) is
        that of its moves so far, told again in silence on a fresh copy of the deal."""
        probe = new_deal(deal.variant, deal.options, deck=deal.deck, dealer=deal.dealer)
        self.start(probe)
        for a in deal.history:
            seat, phase = probe.to_play, probe.phase
            assert seat is not None
            probe.push(a)
            self.after(probe, seat, phase, a)
        self.payments(probe)
