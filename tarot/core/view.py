"""What one seat may know of a deal: ``View`` (DESIGN.md, core step 4).

Kept apart from ``tarot.core.deal`` so that the engine can be compiled (``make install``, mypyc)
while views stay plain frozen dataclasses, made quickly by ``View.build``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import ITALIAN, Card, CardSet, Notation, Seat, mask

_new = object.__new__
_setattr = object.__setattr__


@dataclass(frozen=True)
class View:
    """What one seat may know (DESIGN.md, core step 4): its own hand and everything public.

    ``shown`` lists the declarations made, as ``(seat, action, cards)``; ``tricks`` the
    finished tricks as ``(leader, cards, winner)``; ``trick`` the cards on the table in
    play order from ``leader``. No other seat's hand, discard or undeclared card is here.

    The engine gives tuples and ``Options``; the sequences and the options are typed loosely
    (``Sequence``, ``Mapping``) because a view rebuilt from JSON (lists, a dict of options) is
    a view too, and the bots, compiled or not, take it.
    """

    variant: str
    options: Mapping[str, str]
    seat: Seat
    players: int
    dealer: Seat
    phase: str
    to_play: Seat | None
    hand: CardSet
    discards: CardSet
    hand_sizes: Sequence[int]
    cut_card: Card | None
    shown: Sequence[Any]  # (seat, action, cards) each
    tricks: Sequence[Any]  # (leader, cards, winner) each
    leader: Seat | None
    trick: Sequence[Card]
    payments: Sequence[Any]  # Payment each
    legal_actions: Sequence[int]
    #: Cards this seat has chosen for a declaration it has not finished showing.
    pending_show: CardSet = 0
    #: The declaration (action id) whose cards this seat is choosing, in the ``show`` phase.
    pending_declaration: int | None = None
    notation: Notation = ITALIAN
    #: French Tarot: the bids in order as ``(seat, action)``; the contract (a bid action) and
    #: the taker once bidding has ended.
    bids: Sequence[Any] = ()  # (seat, action) each
    contract: int | None = None
    taker: Seat | None = None
    #: The cards of the chien (talon) this seat has seen: all six when it is shown.
    chien: CardSet = 0
    #: Five players: the card called, and the partner once that card has been played.
    called: Card | None = None
    partner: Seat | None = None
    #: Face-up cards on the table per seat (the two-player game's piles), seat 0 first.
    table: Sequence[CardSet] = ()
    #: Other public facts of a variant (JSON values), e.g. a Fool's unpaid consolation card.
    extra: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def build(cls, fields: dict[str, Any]) -> View:
        """The engine's constructor: the same view as ``View(**fields)`` in a tenth of the
        time (a frozen dataclass's ``__init__`` sets its 25 fields one by one, and a search
        makes a view at every decision of every sampled deal); ``fields`` becomes the view's
        own (a dict, not keywords: no copy). The engine names the fields right (a test checks
        every variant's views); anything else uses ``View(...)``."""
        fields.setdefault("extra", {})
        view = _new(cls)
        _setattr(view, "__dict__", fields)
        return view

    def known_cards(self) -> CardSet:
        """Every card id this view mentions (own hand and discards, shown, played, the cut,
        the chien seen, the face-up table cards)."""
        m = self.hand | self.discards | self.pending_show | self.chien
        for t in self.table:
            m |= t
        for _, _, cs in self.shown:
            m |= cs
        for _, cards, _ in self.tricks:
            m |= mask(cards)
        m |= mask(self.trick)
        if self.cut_card is not None:
            m |= 1 << self.cut_card
        return m
