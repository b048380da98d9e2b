"""Marolles's undo entries (``core.deal.Undo``): each kind keeps what its action changes, and
puts it back (``MarollesDeal._snapshot`` chooses the kind, ``_restore`` reads it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import DONE
from ...core.deal import Undo

if TYPE_CHECKING:
    from .rules import MarollesDeal


class TrickUndo(Undo):
    """The undo entry of a card that ends a trick other than the last (no revokes, no le
    Mort): what the trick's end changes; its other cards are those of the trick appended."""

    __slots__ = ("seat", "leader", "n_ledger", "piles", "fool_kept")

    def __init__(self, d: MarollesDeal) -> None:
        self.seat, self.leader, self.n_ledger = d._seat(), d.leader, len(d.ledger)
        self.piles, self.fool_kept = tuple(d.piles), d.fool_kept

    def restore(self, d: MarollesDeal) -> None:
        d._split.take_back(self.seat, d.history[-1])
        d.trick, d.piles = list(d.tricks.pop()[1][:d.players - 1]), list(self.piles)
        d.leader, d.fool_kept = self.leader, self.fool_kept
        d.trick_no -= 1
        d.ledger.truncate(self.n_ledger)
        d.to_play, d.phase = self.seat, "play"


class DiscardUndo(Undo):
    """The undo entry of a discard (or of ``done``, a short one): the seat's own entries, the
    payments, and at its end the turn and the phase."""

    __slots__ = ("seat", "left", "last", "forfeited", "order_idx", "to_play", "phase", "n_ledger")

    def __init__(self, d: MarollesDeal) -> None:
        p = self.seat = d._seat()
        self.left, self.last, self.forfeited = d.discard_left[p], d.last_discard[p], d.forfeited[p]
        self.order_idx, self.to_play, self.phase, self.n_ledger = d.order_idx, d.to_play, d.phase, len(d.ledger)

    def restore(self, d: MarollesDeal) -> None:
        p = self.seat
        d.discard_left[p], d.last_discard[p], d.forfeited[p] = self.left, self.last, self.forfeited
        d.order_idx, d.to_play, d.phase = self.order_idx, self.to_play, self.phase
        a = d.history[-1]
        if a != DONE:
            d._split.take_back(p, a)
            d.discards[p] &= ~(1 << a)
            d.piles[p] &= ~(1 << a)
        d.ledger.truncate(self.n_ledger)


class DeclarationUndo(Undo):
    """The undo entry of a declaration, a card shown or ``done``: the seat's own entries,
    what is shown and paid, and at the end the turn and the phase."""

    __slots__ = ("seat", "groups", "belle", "pending", "phase", "order_idx", "to_play", "n_shown", "n_ledger")

    def __init__(self, d: MarollesDeal) -> None:
        p = self.seat = d._seat()
        self.groups, self.belle, self.pending = d.decl_groups[p], d.belle_declared[p], d.pending
        self.phase, self.order_idx, self.to_play = d.phase, d.order_idx, d.to_play
        self.n_shown, self.n_ledger = len(d.shown), len(d.ledger)

    def restore(self, d: MarollesDeal) -> None:
        p = self.seat
        d.decl_groups[p], d.belle_declared[p], d.pending = self.groups, self.belle, self.pending
        d.phase, d.order_idx, d.to_play = self.phase, self.order_idx, self.to_play
        del d.shown[self.n_shown:]
        d.ledger.truncate(self.n_ledger)


class MarollesUndo(Undo):
    """The undo entry of any other action: the whole state of the deal, but for the lists
    that only grow (shown, tricks, the ledger: their lengths)."""

    __slots__ = ("phase", "to_play", "hands", "piles", "discards", "discard_left", "last_discard",
                 "order_idx", "decl_groups", "belle", "pending", "n_shown", "trick", "leader",
                 "trick_no", "n_tricks", "n_ledger", "forfeited", "fool_kept", "points",
                 "redeal_asker", "redeal_votes")

    def __init__(self, d: MarollesDeal) -> None:
        self.phase, self.to_play, self.hands = d.phase, d.to_play, d._hands_key()
        self.piles, self.discards = tuple(d.piles), tuple(d.discards)
        self.discard_left, self.last_discard = tuple(d.discard_left), tuple(d.last_discard)
        self.order_idx, self.decl_groups, self.belle = d.order_idx, tuple(d.decl_groups), tuple(d.belle_declared)
        self.pending, self.n_shown, self.trick = d.pending, len(d.shown), tuple(d.trick)
        self.leader, self.trick_no, self.n_tricks, self.n_ledger = d.leader, d.trick_no, len(d.tricks), len(d.ledger)
        self.forfeited, self.fool_kept, self.points = tuple(d.forfeited), d.fool_kept, d.points
        self.redeal_asker, self.redeal_votes = d.redeal_asker, d.redeal_votes

    def restore(self, d: MarollesDeal) -> None:
        d.phase, d.to_play = self.phase, self.to_play
        d._restore_hands(self.hands)
        d.piles, d.discards = list(self.piles), list(self.discards)
        d.discard_left, d.last_discard = list(self.discard_left), list(self.last_discard)
        d.order_idx, d.decl_groups, d.belle_declared = self.order_idx, list(self.decl_groups), list(self.belle)
        d.pending = self.pending
        del d.shown[self.n_shown:]
        d.trick, d.leader, d.trick_no = list(self.trick), self.leader, self.trick_no
        del d.tricks[self.n_tricks:]
        d.ledger.truncate(self.n_ledger)
        d.forfeited, d.fool_kept, d.points = list(self.forfeited), self.fool_kept, self.points
        d.redeal_asker, d.redeal_votes = self.redeal_asker, self.redeal_votes


class WindowUndo(Undo):
    """The undo entry of every action with the revoke window (``revoke_handling=
    penalty_1m_forfeit_with_correction_window``), where an acknowledgment goes back to any
    earlier state: the whole state, and the lists that only grow otherwise, whole."""

    __slots__ = ("whole", "tricks", "entries", "shown", "revokes", "corrected", "taken_back",
                 "n_shown_log", "n_play_log", "mort_seen")

    def __init__(self, d: MarollesDeal) -> None:
        self.whole = MarollesUndo(d)
        self.tricks, self.entries, self.shown = tuple(d.tricks), d.ledger.rows(), tuple(d.shown)
        self.revokes, self.corrected, self.taken_back = tuple(d.revokes), d.corrected, tuple(d.taken_back)
        self.n_shown_log, self.n_play_log, self.mort_seen = len(d.shown_log), len(d.play_log), d.mort_seen

    def restore(self, d: MarollesDeal) -> None:
        self.whole.restore(d)
        d.corrected, d.mort_seen = self.corrected, self.mort_seen
        del d.play_log[self.n_play_log:]
        d.tricks, d.shown = list(self.tricks), list(self.shown)
        d.ledger.restore(self.entries)
        d.revokes, d.taken_back = list(self.revokes), list(self.taken_back)
        del d.shown_log[self.n_shown_log:]
