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

#: A payment as the ledger keeps it: a plain tuple of ``Payment``'s fields. Making a
#: ``Payment`` (a tuple subclass) costs a call through Python; the ledger makes each one once,
#: when ``entries`` is first read after it was paid.
Row = tuple[Seat, Seat, int, str, int | None, str]


class Ledger:
    """An append-only list of payments with per-seat totals."""

    __slots__ = ("players", "_rows", "_made")

    def __init__(self, players: int, entries: list[Payment] | None = None) -> None:
        self.players = players
        self._rows: list[Row] = [(p[0], p[1], p[2], p[3], p[4], p[5]) for p in entries] if entries else []
        #: ``Payment`` of each of the first rows, made when ``entries`` is read.
        self._made: list[Payment] = []

    def pay(self, payer: Seat, payee: Seat, amount: int, reason: str,
            trick: int | None = None, detail: str = "") -> None:
        if amount and payer != payee:
            self._rows.append((payer, payee, amount, reason, trick, detail))

    @property
    def entries(self) -> list[Payment]:
        """Every payment, in the order paid. The list is the ledger's own: read it, copy it,
        do not change it (``truncate`` takes payments back)."""
        made, rows = self._made, self._rows
        for i in range(len(made), len(rows)):
            made.append(_new(Payment, rows[i]))
        return made

    def truncate(self, n: int) -> None:
        """Take back every payment after the first ``n``."""
        del self._rows[n:]
        del self._made[n:]

    def rows(self) -> tuple[Row, ...]:
        """The payments as plain tuples, to ``restore`` later."""
        return tuple(self._rows)

    def restore(self, rows: tuple[Row, ...]) -> None:
        """Make the payments those of ``rows()`` (an undo that goes back past a truncation)."""
        self._rows = list(rows)
        self._made = []

    def totals(self) -> list[int]:
        """Net marques per seat: received minus paid. Sums to zero."""
        t = [0] * self.players
        for payer, payee, amount, _, _, _ in self._rows:
            t[payer] = t[payer] - amount
            t[payee] = t[payee] + amount
        return t

    def by_source(self, sources: tuple[str, ...] = SOURCES) -> dict[str, list[int]]:
        """Net marques per seat for each source of payment (a variant's ``SOURCES``)."""
        out = {s: [0] * self.players for s in sources}
        for payer, payee, amount, reason, _, _ in self._rows:
            row = out[REASONS[reason]]
            row[payer] = row[payer] - amount
            row[payee] = row[payee] + amount
        return out

    def summary(self, sources: tuple[str, ...] = SOURCES) -> tuple[list[int], dict[str, list[int]]]:
        """``(totals(), by_source(sources))`` in one pass over the payments: the totals are
        the sums of the sources, every reason belonging to one of them."""
        out = self.by_source(sources)
        t = [0] * self.players
        for row in out.values():
            for s in range(self.players):
                t[s] += row[s]
        return t, out

    def copy(self) -> Ledger:
        new = Ledger(self.players)
        new._rows, new._made = self._rows.copy(), self._made.copy()
        return new

    def __reduce__(self) -> tuple:
        # pickled by its payments (results cross to worker processes): the compiled class has
        # no default way
        return (Ledger, (self.players, self.entries))

    def __len__(self) -> int:
        return len(self._rows)

    def __repr__(self) -> str:
        return f"Ledger(players={self.players}, entries={self.entries!r})"
