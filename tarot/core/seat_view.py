"""What a compiled rule bot reads of a seat's view, as a native object: ``SeatView``.

A ``View`` (``tarot.core.view``) is a frozen dataclass built from a dict, which every consumer
can take apart: records, clients, encoders. A rule bot compiled with the engine reads a dozen
of its fields at every decision, and reading an attribute of a Python object from compiled code
is a dictionary look-up, where a native object's is a load. ``SeatView`` holds those fields,
with the same values as the seat's ``View`` (and its hand also in the two parts of a card set,
``cards.PART``): nothing the view does not show. ``Deal.seat_view(seat)`` builds it for the
rollouts (``tarot.bots.rollout``) without the view's dict; ``SeatView.of(view)`` from any view.

>>> from tarot.core.deal import new_deal
>>> deal = new_deal("marolles-1637", seed=1)
>>> s, v = deal.seat_view(deal.to_play), deal.view(deal.to_play)
>>> (s.hand, tuple(s.legal_actions), s.phase) == (v.hand, tuple(v.legal_actions), v.phase)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from .cards import LOW_PART, PART, Card, CardSet, Notation, Seat
from .view import View

#: The fields ``SeatView`` shares with ``View`` (equal values; sequences as tuples or lists).
FIELDS: Final = ("variant", "options", "seat", "players", "dealer", "phase", "to_play", "hand",
                 "discards", "hand_sizes", "cut_card", "shown", "tricks", "leader", "trick",
                 "legal_actions", "pending_show", "notation", "taker", "partner")


class SeatView:
    """The fields of a seat's ``View`` a rule bot reads (``FIELDS``), and ``hand_lo``,
    ``hand_hi``: the hand's two parts (the ids below ``cards.PART``; the rest, shifted down)."""

    def __init__(self, variant: str, options: Mapping[str, str], seat: Seat, players: int,
                 dealer: Seat, phase: str, to_play: Seat | None, hand_lo: CardSet,
                 hand_hi: CardSet, discards: CardSet, hand_sizes: tuple[int, ...],
                 cut_card: Card | None, shown: Sequence[Any], tricks: Sequence[Any],
                 leader: Seat | None, trick: Sequence[Card], legal_actions: list[int],
                 pending_show: CardSet, notation: Notation, taker: Seat | None = None,
                 partner: Seat | None = None) -> None:
        self.variant = variant
        self.options = options
        self.seat = seat
        self.players = players
        self.dealer = dealer
        self.phase = phase
        self.to_play = to_play
        self.hand_lo = hand_lo
        self.hand_hi = hand_hi
        self.discards = discards
        self.hand_sizes = hand_sizes
        self.cut_card = cut_card
        self.shown = shown
        self.tricks = tricks
        self.leader = leader
        self.trick = trick
        self.legal_actions = legal_actions
        self.pending_show = pending_show
        self.notation = notation
        self.taker = taker  # French Tarot: the taker once bidding has ended
        self.partner = partner  # French Tarot for five: the partner as the seat knows him

    @property
    def hand(self) -> CardSet:
        """The seat's hand (``View.hand``)."""
        return self.hand_lo | self.hand_hi << PART

    @staticmethod
    def of(v: View) -> SeatView:
        """The fields of ``v`` (any view: the engine's, or one rebuilt from JSON)."""
        hand = v.hand
        return SeatView(v.variant, v.options, v.seat, v.players, v.dealer, v.phase, v.to_play,
                        hand & LOW_PART, hand >> PART, v.discards, tuple(v.hand_sizes),
                        v.cut_card, v.shown, v.tricks, v.leader, v.trick,
                        list(v.legal_actions), v.pending_show, v.notation, v.taker, v.partner)


__all__ = ["FIELDS", "SeatView"]
