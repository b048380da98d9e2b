"""The ledger: every payment of a deal, zero-sum by construction (DESIGN.md, core step 5).

A payment moves ``amount`` marques (or points) from ``payer`` to ``payee``; each is stored once,
so the seats' totals always sum to zero. Reasons are short codes (``REASONS``) grouped into the
*sources* that summaries report.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .cards import Seat

#: reason code -> source of payment, as reported by ``tarot simulate``.
REASONS: Final = {
    "cut": "declarations",          # a Tarot as the cut card (paid before play, like a declaration)
    "declaration": "declarations",
    "qui_na_le_sien": "declarations",
    "tarot": "tarots",              # a Tarot played and kept, or captured
    "excuse": "tarots",             # the Fool excused
    "belle": "belle",
    "ultimo": "ultimo",
    "card_points": "card_points",
    "discard": "penalties",         # a trump or Tarot discarded
    "wrong_discard": "penalties",
    "fool_not_excused": "penalties",
    "revoke": "penalties",
    "forfeit": "penalties",         # receipts voided by a forfeit
    "redeal": "penalties",          # the price of a granted redeal
    # ----- Modern French Tarot (tarot/variants/french.py; each its own source) -----
    "contract": "contract",         # the contract's value: (25 + |points - target|) x multiplier
    "petit_au_bout": "petit_au_bout",
    "poignee": "poignee",
    "chelem": "chelem",
    # ----- Two-player French Tarot (tarot/variants/french_2p.py) -----
    "game": "game",                 # the loser pays the winner 25 + (points - target) (zero_sum)
}
SOURCES: Final = ("declarations", "tarots", "belle", "ultimo", "card_points", "penalties")


class Payment(NamedTuple):
    payer: Seat
    payee: Seat
    amount: int
    reason: str
    #: The trick (0-based) the payment belongs to, or None before and after play.
    trick: int | None = None
    #: What it was for, for people: a declaration name, a card token...
    detail: str = ""


_new: Final = tuple.__new__


class Ledger:
    """An append-only list of payments with per-seat totals."""

    __slots__ = ("players", "entries")

    def __init__(self, players: int, entries: list[Payment] | None = None) -> None:
        self.players = players
        self.entries: list[Payment] = entries if entries is not None else []

    def pay(self, payer: Seat, payee: Seat, amount: int, reason: str,
            trick: int | None = None, detail: str = "") -> None:
        if amount and payer != payee:
            # tuple.__new__ skips the NamedTuple's Python-level __new__ (a third of the time
            # of a payment in the compiled engine); the same Payment.
            self.entries.append(_new(Payment, (payer, payee, amount, reason, trick, detail)))

    def totals(self) -> list[int]:
        """Net marques per seat: received minus paid. Sums to zero."""
        t = [0] * self.players
        for payer, payee, amount, _, _, _ in self.entries:
            t[payer] = t[payer] - amount
            t[payee] = t[payee] + amount
        return t

    def by_source(self, sources: tuple[str, ...] = SOURCES) -> dict[str, list[int]]:
        """Net marques per seat for each source of payment (a variant's ``SOURCES``)."""
        out = {s: [0] * self.players for s in sources}
        for payer, payee, amount, reason, _, _ in self.entries:
            row = out[REASONS[reason]]
            row[payer] = row[payer] - amount
            row[payee] = row[payee] + amount
        return out

    def copy(self) -> Ledger:
        return Ledger(self.players, self.entries.copy())

    def __len__(self) -> int:
        return len(self.entries)

    def __repr__(self) -> str:
        return f"Ledger(players={self.players}, entries={self.entries!r})"
