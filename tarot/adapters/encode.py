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
#: The bound of a scaled score in the observation space: 10,000 marques or points, beyond any
#: deal's (a five-player French chelem with every bonus pays a few thousand).
SCORE_BOUND: Final = 100.0
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
        self.players = p = cls.players_for(options)
        self.step = cls.seat_step(options)
        # The bit fields in order: (name, bits per row, rows). The facts of the tricks (played,
        # won, voids) come together, as one int per view (``_tricks_block``).
        fields = [
            ("hand", NUM_CARDS, 1),
            ("played", NUM_CARDS, p + 1), ("won", NUM_CARDS, p), ("voids", VOID_BITS, p),
            ("trick", NUM_CARDS, p + 1),
            ("discards", NUM_CARDS, 1), ("pending_show", NUM_CARDS, 1), ("chien", NUM_CARDS, 1),
            ("cut_card", NUM_CARDS, 1), ("called", NUM_CARDS, 1),
            ("table", NUM_CARDS, p), ("shown_cards", NUM_CARDS, p), ("declared", NUM_NAMED, p),
            ("contract", NUM_NAMED, 1),
            ("dealer", p, 1), ("to_play", p, 1), ("leader", p, 1), ("taker", p, 1),
            ("partner", p, 1), ("phase", len(PHASES) + 1, 1), ("chelem_announced", 1, 1),
        ]
        self.slices: dict[str, slice] = {}
        at = 0
        for name, bits, rows in fields:
            self.slices[name] = slice(at, at + bits * rows)
            at += bits * rows
        self.bits = at
        self._nbytes = (at + 7) // 8
        for name, n in (("hand_sizes", p), ("scores", p), ("tricks_done", 1)):
            self.slices[name] = slice(at, at + n)
            at += n
        self.size = at
        o = {name: sl.start for name, sl in self.slices.items()}
        self._o = o
        self._won = o["won"] - o["played"]
        self._void = o["voids"] - o["played"]
        self._phase_bit = {ph: 1 << (o["phase"] + i) for i, ph in enumerate(PHASES)}
        self._other_phase = 1 << (o["phase"] + len(PHASES))
        self._blocks: dict[tuple, int] = {}

    def _rel(self, seat: Seat, me: Seat) -> int:
        """The row of absolute ``seat`` seen from ``me`` (0: ``me``; ``players``: no seat)."""
        p = self.players
        return (seat - me) * self.step % p if seat < p else p

    def _tricks_block(self, tricks: Sequence[Any], me: Seat) -> int:
        """The played, won and voids rows of the finished ``tricks`` seen from ``me``, as bits
        from ``slices["played"].start``: remembered per tricks and seat."""
        key: tuple | None = (tricks, me)
        try:
            block = self._blocks.get(key)  # type: ignore[arg-type]
        except TypeError:  # tricks in lists
            key, block = None, None
        if block is not None:
            return block
        facts = tricks_facts(tricks, self.players, self.step)
        block = 0
        for s, f in enumerate(facts):
            k = self._rel(s, me)
            block |= (f & _CARDS) << (NUM_CARDS * k)
            if s < self.players:
                block |= (f >> _WON & _CARDS) << (self._won + NUM_CARDS * k)
                block |= (f >> _VOID) << (self._void + VOID_BITS * k)
        if key is not None:
            if len(self._blocks) >= 20_000:
                self._blocks.clear()
            self._blocks[key] = block
        return block

    # ----- the vector ----------------------------------------------------------------------
    def observation(self, view: View) -> np.ndarray:
        """The vector of ``view`` (``float32``, ``size`` long): bits as 0.0 / 1.0, then the
        hand sizes, the scores and the finished tricks (module docstring)."""
        p, step, me, o = self.players, self.step, view.seat, self._o
        block = self._tricks_block(view.tricks, me)
        trick = view.trick
        if trick:  # the cards on the table: in the trick rows, the played rows, and voids
            leader = view.leader if view.leader is not None else 0
            rows = 0
            for i, c in enumerate(trick):
                k = (leader + i * step - me) * step % p if i < p else p
                rows |= 1 << (NUM_CARDS * k + c)
            voids = [0] * (p + 1)
            _voids(leader, trick, p, step, voids)
            for s in range(p):
                if voids[s]:
                    block |= (voids[s] >> _VOID) << (self._void + VOID_BITS * ((s - me) * step % p))
            block |= rows
            packed = view.hand | block << o["played"] | rows << o["trick"]
        else:
            packed = view.hand | block << o["played"]
        packed |= (view.discards << o["discards"] | view.pending_show << o["pending_show"]
                   | view.chien << o["chien"])
        if view.cut_card is not None:
            packed |= 1 << (o["cut_card"] + view.cut_card)
        if view.called is not None:
            packed |= 1 << (o["called"] + view.called)
        for s, cs in enumerate(view.table):
            packed |= cs << (o["table"] + NUM_CARDS * ((s - me) * step % p))
        for s, a in view.bids:
            packed |= 1 << (o["declared"] + NUM_NAMED * ((s - me) * step % p) + a - NUM_CARDS)
        for s, a, cs in view.shown:
            k = (s - me) * step % p
            packed |= cs << (o["shown_cards"] + NUM_CARDS * k)
            if a >= NUM_CARDS:
                packed |= 1 << (o["declared"] + NUM_NAMED * k + a - NUM_CARDS)
        if view.contract is not None:
            packed |= 1 << (o["contract"] + view.contract - NUM_CARDS)
        for name in ("to_play", "leader", "taker", "partner"):
            s = getattr(view, name)
            if s is not None:
                packed |= 1 << (o[name] + (s - me) * step % p)
        packed |= (1 << (o["dealer"] + (view.dealer - me) * step % p)
                   | self._phase_bit.get(view.phase, self._other_phase))
        if view.extra.get("chelem_announced"):
            packed |= 1 << o["chelem_announced"]

        out = np.empty(self.size, np.float32)
        raw = np.frombuffer(packed.to_bytes(self._nbytes, "little"), np.uint8)
        out[:self.bits] = np.unpackbits(raw, count=self.bits, bitorder="little")
        sizes = view.hand_sizes
        scores = _scores(view.payments, p)
        out[self.bits:] = [sizes[(me + k * step) % p] / CARDS_SCALE for k in range(p)] + \
            [scores[(me + k * step) % p] / SCORE_SCALE for k in range(p)] + [len(view.tricks) / CARDS_SCALE]
        return out

    def action_mask(self, view: View) -> np.ndarray:
        """1 for each legal action of the view's seat over the flat action space (``NUM_ACTIONS``
        ids, ``int8``); all 0 when the seat is not to play."""
        mask = np.zeros(NUM_ACTIONS, np.int8)
        legal = view.legal_actions
        if legal:
            mask[list(legal)] = 1
        return mask

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The lowest and highest value of each element (an observation space's ``Box``)."""
        low = np.zeros(self.size, np.float32)
        high = np.ones(self.size, np.float32)
        for name in ("hand_sizes", "tricks_done"):
            high[self.slices[name]] = NUM_CARDS / CARDS_SCALE
        low[self.slices["scores"]] = -SCORE_BOUND
        high[self.slices["scores"]] = SCORE_BOUND
        return low, high

    def describe(self) -> list[tuple[str, int, int]]:
        """Each part of the vector as (name, start, length), in order."""
        return [(name, s.start, s.stop - s.start) for name, s in self.slices.items()]


#: Net scores per payments, remembered (the payments change a few times a deal).
_SCORES: Final[dict[tuple, list[int]]] = {}


def _scores(payments: Sequence[Any], players: int) -> list[int]:
    """The net score of each seat by ``payments`` (received less paid)."""
    if not payments:
        return [0] * players
    key = (payments, players)
    try:
        found = _SCORES.get(key)
    except TypeError:
        key, found = None, None  # type: ignore[assignment]
    if found is not None:
        return found
    scores = [0] * players
    for payer, payee, amount, *_ in payments:
        scores[payer] -= amount
        scores[payee] += amount
    if key is not None:
        if len(_SCORES) >= 20_000:
            _SCORES.clear()
        _SCORES[key] = scores
    return scores
