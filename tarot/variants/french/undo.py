"""French Tarot's undo entries (``core.deal.Undo``): each kind keeps what its action changes,
and puts it back (``FrenchDeal._snapshot`` chooses the kind, ``_restore`` reads it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.deal import Undo

if TYPE_CHECKING:
    from .rules import FrenchDeal


class FrenchTrickUndo(Undo):
    """The undo entry of a card that ends a trick other than the last: what the trick's end
    changes (the trick appended to ``tricks`` is taken off again)."""

    __slots__ = ("seat", "trick", "leader", "piles", "excuse", "adj", "revealed")

    def __init__(self, d: FrenchDeal) -> None:
        self.seat, self.trick, self.leader = d._seat(), tuple(d.trick), d.leader
        self.piles, self.excuse, self.adj, self.revealed = tuple(d.piles), d.excuse, d.adj, d.revealed

    def restore(self, d: FrenchDeal) -> None:
        d._split.take_back(self.seat, d.history[-1])
        d.trick, d.leader, d.piles = list(self.trick), self.leader, list(self.piles)
        d.excuse, d.adj, d.revealed = self.excuse, self.adj, self.revealed
        d.trick_no -= 1
        d.tricks.pop()
        d.to_play, d.phase = self.seat, "play"


class FrenchUndo(Undo):
    """The undo entry of any other action: the whole state of the deal, but for the lists
    that only grow (bids, shown, tricks, the ledger: their lengths)."""

    __slots__ = ("phase", "to_play", "hands", "ecart", "n_bids", "high", "order_idx", "contract",
                 "taker", "called", "partner", "camp", "revealed", "chien_shown", "chelem", "asked",
                 "pending", "n_shown", "trick", "leader", "trick_no", "n_tricks", "piles", "n_ledger",
                 "adj", "excuse", "poignee", "last_discard", "ecart_left", "ecart_trumps", "outcome")

    def __init__(self, d: FrenchDeal) -> None:
        self.phase, self.to_play, self.hands, self.ecart = d.phase, d.to_play, d._hands_key(), d.ecart
        self.n_bids, self.high, self.order_idx = len(d.bids), d.high, d.order_idx
        self.contract, self.taker, self.called, self.partner = d.contract, d.taker, d.called, d.partner
        self.camp, self.revealed, self.chien_shown, self.chelem = d.camp, d.revealed, d.chien_shown, d.chelem
        self.asked, self.pending, self.n_shown = d.asked, d.pending, len(d.shown)
        self.trick, self.leader, self.trick_no = tuple(d.trick), d.leader, d.trick_no
        self.n_tricks, self.piles, self.n_ledger = len(d.tricks), tuple(d.piles), len(d.ledger)
        self.adj, self.excuse, self.poignee = d.adj, d.excuse, d.poignee
        self.last_discard, self.ecart_left, self.ecart_trumps = d.last_discard, d.ecart_left, d.ecart_trumps
        self.outcome = d.outcome

    def restore(self, d: FrenchDeal) -> None:
        d.phase, d.to_play, d.ecart = self.phase, self.to_play, self.ecart
        d._restore_hands(self.hands)
        del d.bids[self.n_bids:]
        d.high, d.order_idx = self.high, self.order_idx
        d.contract, d.taker, d.called, d.partner = self.contract, self.taker, self.called, self.partner
        d.camp, d.revealed, d.chien_shown, d.chelem = self.camp, self.revealed, self.chien_shown, self.chelem
        d.asked, d.pending = self.asked, self.pending
        del d.shown[self.n_shown:]
        d.trick, d.leader, d.trick_no = list(self.trick), self.leader, self.trick_no
        del d.tricks[self.n_tricks:]
        d.piles = list(self.piles)
        d.ledger.truncate(self.n_ledger)
        d.adj, d.excuse, d.poignee = self.adj, self.excuse, self.poignee
        d.last_discard, d.ecart_left, d.ecart_trumps = self.last_discard, self.ecart_left, self.ecart_trumps
        d.outcome = self.outcome
