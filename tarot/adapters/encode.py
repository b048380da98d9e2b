"""A seat's view as a fixed-size vector, and the action mask (docs/research.md, "Encoding").

``Encoder(variant, options)`` reads the game's declaration (``game_of``: the deal class, its
number of seats, the way play goes round) and lays out one ``float32`` vector per view of a
deal of that variant. It reads nothing but the ``View`` it is given (DESIGN.md, core step 4):
two deals that differ only in cards the seat cannot see give the same vector.

Seats are *relative*: row 0 is the seat itself, row ``k`` the seat ``k`` places after it in the
order of play (``Deal.seat_step``: anticlockwise, or clockwise where an option says so). Every
part of the vector is a set of bits (a card set, a one-hot seat, a phase) except three: the hand
sizes (divided by ``CARDS_SCALE``), the net score so far per seat (the payments of the view, in the
game's unit, divided by ``SCORE_SCALE``) and the finished tricks (divided by ``CARDS_SCALE``).
``Encoder.slices`` names each part; ``Encoder.describe()`` prints the table of docs/research.md.

The bits are packed into one Python int (card sets already are ints), turned into bytes once and
unpacked by NumPy: no loop over the 78 cards. The finished tricks' facts (cards played and won
by each seat, suits shown void) are remembered per list of tricks (``tricks_facts``),
so that each decision adds only the trick that just ended.

>>> import tarot
>>> enc = Encoder("fft-4p")
>>> deal = tarot.new_deal("fft-4p", seed=1)
>>> obs = enc.observation(deal.view(deal.to_play))
>>> obs.shape == (enc.size,), obs.dtype.name
(True, 'float32')
>>> int(obs[enc.slices["hand"]].sum())
18
>>> mask = enc.action_mask(deal.view(deal.to_play))
>>> sorted(int(a) for a in mask.nonzero()[0]) == deal.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np

from ..core.actions import NAMED_ACTIONS, NUM_ACTIONS
from ..core.cards import FOOL, NUM_CARDS, Card, Seat
from ..core.game import game_of
from ..core.tricks import SUIT_OF, TRUMP_SUIT
from ..core.view import View

#: The phases of the project's games (a view's ``phase``); a phase not listed sets ``other``.
PHASES: Final[tuple[str, ...]] = (
    "redeal", "grant", "discard", "declare", "show", "bid", "call", "ecart", "chelem", "poignee",
    "consolation", "play", "over",
)
#: Hand sizes and finished tricks are divided by this (about the most cards a hand holds).
CARDS_SCALE: Final = 25.0
#: Net scores so far are divided by this (in the game's unit, marques or points).
SCORE_SCALE: Final = 100.0
#: The named actions (bids, declarations, "done"...): ids ``NUM_CARDS`` on.
NUM_NAMED: Final = len(NAMED_ACTIONS)
#: Bits of one seat's suits shown void: the four suits, then the trumps (``TRUMP_SUIT``).
VOID_BITS: Final = 5

# In a finished tricks' fact per seat (``_trick_facts``), the cards it played, the cards of the
# tricks it won and the suits it has shown void, at these bit offsets.
_WON, _VOID = 80, 160
_CARDS: Final = (1 << NUM_CARDS) - 1


def _voids(leader: Seat, cards: Sequence[Card], players: int, step: int, out: list[int]) -> None:
    """Add to ``out`` (at ``_VOID``) the suits a trick shows each seat does not hold, by the duty
    of play every game shares (docs/rules §1.6, §3.3, §4.1): a seat that does not follow the suit
    led holds none of it, and one that neither follows nor trumps holds no trump either. The
    Fool follows anything; when it is led the next card sets the suit; le Mort's card tells
    nothing. Where revokes are allowed (Marolles), this is what the seat *showed*."""
    first = 1 if cards[0] == FOOL else 0
    if len(cards) <= first:
        return
    led = SUIT_OF[cards[first]]
    for i in range(first + 1, min(len(cards), players)):
        c = cards[i]
        if c == FOOL:
            continue
        s = SUIT_OF[c]
        if s != led:
            bits = 1 << led if s == TRUMP_SUIT else 1 << led | 1 << TRUMP_SUIT
            out[(leader + i * step) % players] |= bits << _VOID


#: Finished tricks' facts per seat, remembered under ``(tricks, players, step)``.
_FACTS: Final[dict[tuple, tuple[int, ...]]] = {}


def tricks_facts(tricks: Sequence[Any], players: int, step: int) -> tuple[int, ...]:
    """Per seat, and a last row for the cards no seat played (le Mort's), the facts of the
    finished ``tricks`` (``(leader, cards, winner)``): the cards it played (bits 0..77), the cards
    of the tricks it won (from ``_WON``) and the suits it has shown void (from ``_VOID``).

    Every decision sees the same finished tricks, one more at each trick's end: the facts are
    remembered and worked out from the tricks before the last. (``core.tricks``'s
    ``finished_tricks_facts`` does this for the bots, without the winners.)"""
    key: tuple | None = (tricks, players, step)
    try:
        facts = _FACTS.get(key)  # type: ignore[arg-type]
    except TypeError:  # tricks in lists: a view made by hand
        facts, key = None, None
    if facts is not None:
        return facts
    before = _FACTS.get((tricks[:-1], players, step)) if key is not None and tricks else None
    out = list(before) if before is not None else [0] * (players + 1)
    for leader, cards, winner in (tricks[-1:] if before is not None else tricks):
        pile = 0
        for i, c in enumerate(cards):
            out[(leader + i * step) % players if i < players else players] |= 1 << c
            pile |= 1 << c
        if winner is not None:
            out[winner] |= pile << _WON
        _voids(leader, cards, players, step, out)
    facts = tuple(out)
    if key is not None:
        if len(_FACTS) >= 20_000:
            _FACTS.clear()
        _FACTS[key] = facts
    return facts


class Encoder:
    """The observation and the action mask of the views of one variant with its options.

    ``size`` is the length of the vector, ``slices`` each part's place in it (by name),
    ``players`` the seats of a deal; ``observation(view)`` and ``action_mask(view)`` make them.
    """

    def __init__(self, variant: str, options: Mapping[str, object] | None = None) -> None:
        game = game_of(variant)
        cls = next(c for c in game.deals if c.variant == variant)
        self.variant = variant
        self.cls = cls
        self.players = p = cls.players_for(options)
        self.step = cls.seat_step(options)
        # The bit fields in order: (name, bits per row, rows).
        fields = [
            ("hand", NUM_CARDS, 1), ("discards", NUM_CARDS, 1), ("pending_show", NUM_CARDS, 1),
            ("chien", NUM_CARDS, 1), ("cut_card", NUM_CARDS, 1), ("called", NUM_CARDS, 1),
            ("played", NUM_CARDS, p + 1), ("won", NUM_CARDS, p), ("trick", NUM_CARDS, p + 1),
            ("table", NUM_CARDS, p), ("shown_cards", NUM_CARDS, p), ("declared", NUM_NAMED, p),
            ("contract", NUM_NAMED, 1), ("voids", VOID_BITS, p),
            ("dealer", p, 1), ("to_play", p, 1), ("leader", p, 1), ("taker", p, 1),
            ("partner", p, 1), ("phase", len(PHASES) + 1, 1), ("chelem_announced", 1, 1),
        ]
        self.slices: dict[str, slice] = {}
        self._widths: list[int] = []
        at = 0
        for name, bits, rows in fields:
            self.slices[name] = slice(at, at + bits * rows)
            self._widths += [bits] * rows
            at += bits * rows
        self.bits = at
        self._nbytes = (at + 7) // 8
        for name, n in (("hand_sizes", p), ("scores", p), ("tricks_done", 1)):
            self.slices[name] = slice(at, at + n)
            at += n
        self.size = at
        self._phase_bit = {ph: 1 << i for i, ph in enumerate(PHASES)}
        self._other_phase = 1 << len(PHASES)

    # ----- the vector ----------------------------------------------------------------------
    def observation(self, view: View) -> np.ndarray:
        """The vector of ``view`` (``float32``, ``size`` long): bits as 0.0 / 1.0, then the
        hand sizes, the scores and the finished tricks (module docstring)."""
        p, step, me = self.players, self.step, view.seat
        order = [(me + k * step) % p for k in range(p)]  # relative seat k -> absolute seat
        # absolute seat -> its one-hot bit (no seat: none)
        rel: dict[Seat | None, int] = {s: 1 << k for k, s in enumerate(order)}
        rel[None] = 0

        seat_facts = list(tricks_facts(view.tricks, p, step))
        trick_rows = [0] * (p + 1)
        if view.trick:
            leader = view.leader if view.leader is not None else 0
            for i, c in enumerate(view.trick):
                seat = (leader + i * step) % p if i < p else p
                trick_rows[seat] |= 1 << c
                seat_facts[seat] |= 1 << c
            _voids(leader, view.trick, p, step, seat_facts)
        shown_cards = [0] * p
        declared = [0] * p
        for s, a in view.bids:
            declared[s] |= 1 << (a - NUM_CARDS)
        for s, a, cs in view.shown:
            shown_cards[s] |= cs
            if a >= NUM_CARDS:
                declared[s] |= 1 << (a - NUM_CARDS)
        table = list(view.table) or [0] * p
        scores = [0] * p
        for payer, payee, amount, *_ in view.payments:
            scores[payer] -= amount
            scores[payee] += amount

        values: list[int] = [
            view.hand, view.discards, view.pending_show, view.chien,
            0 if view.cut_card is None else 1 << view.cut_card,
            0 if view.called is None else 1 << view.called,
        ]
        values += [seat_facts[s] & _CARDS for s in order]
        values.append(seat_facts[p] & _CARDS)
        values += [seat_facts[s] >> _WON & _CARDS for s in order]
        values += [trick_rows[s] for s in order]
        values.append(trick_rows[p])
        values += [table[s] for s in order]
        values += [shown_cards[s] for s in order]
        values += [declared[s] for s in order]
        values.append(0 if view.contract is None else 1 << (view.contract - NUM_CARDS))
        values += [seat_facts[s] >> _VOID for s in order]
        values += [rel[view.dealer], rel[view.to_play], rel[view.leader], rel[view.taker],
                   rel[view.partner],
                   self._phase_bit.get(view.phase, self._other_phase),
                   1 if view.extra.get("chelem_announced") else 0]
        packed = 0
        shift = 0
        for v, w in zip(values, self._widths):
            packed |= v << shift
            shift += w
        bits = np.unpackbits(np.frombuffer(packed.to_bytes(self._nbytes, "little"), np.uint8),
                             count=self.bits, bitorder="little")
        out = np.empty(self.size, np.float32)
        out[:self.bits] = bits
        sizes = view.hand_sizes
        out[self.bits:] = [sizes[s] / CARDS_SCALE for s in order] + \
            [scores[s] / SCORE_SCALE for s in order] + [len(view.tricks) / CARDS_SCALE]
        return out

    def action_mask(self, view: View) -> np.ndarray:
        """1 for each legal action of the view's seat over the flat action space (``NUM_ACTIONS``
        ids, ``int8``); all 0 when the seat is not to play."""
        mask = np.zeros(NUM_ACTIONS, np.int8)
        legal = view.legal_actions
        if legal:
            mask[list(legal)] = 1
        return mask

    def describe(self) -> list[tuple[str, int, int]]:
        """Each part of the vector as (name, start, length), in order."""
        return [(name, s.start, s.stop - s.start) for name, s in self.slices.items()]
