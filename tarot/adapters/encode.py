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
by each seat, suits shown void) are remembered per list of tricks (``tricks_facts``), so that
each decision adds only the trick that just ended, in rows that one rotation turns to the seat
that looks. An environment that steps one deal keeps each seat's vector up to date instead
(``tarot.adapters.incremental``: the same vector, at a fraction of the cost).

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


def voids_shown(leader: Seat, cards: Sequence[Card], players: int, step: int) -> list[tuple[Seat, int]]:
    """The suits a trick shows seats do not hold, as (seat, suit bits), by the duty of play every
    game shares (docs/rules §1.6, §3.3, §4.1): a seat that does not follow the suit led holds none
    of it, and one that neither follows nor trumps holds no trump either. The Fool follows
    anything; when it is led the next card sets the suit; le Mort's card tells nothing. Where
    revokes are allowed (Marolles), it is what the seat *showed*.

    >>> from tarot.core.cards import parse_cards
    >>> voids_shown(0, parse_cards("KS T3 5C"), 3, 1)  # seat 1 trumps, seat 2 discards
    [(1, 1), (2, 17)]
    """
    first = 1 if cards[0] == FOOL else 0
    out: list[tuple[Seat, int]] = []
    if len(cards) <= first:
        return out
    led = SUIT_OF[cards[first]]
    for i in range(first + 1, min(len(cards), players)):
        c = cards[i]
        if c == FOOL:
            continue
        s = SUIT_OF[c]
        if s != led:
            out.append(((leader + i * step) % players,
                        1 << led if s == TRUMP_SUIT else 1 << led | 1 << TRUMP_SUIT))
    return out


#: The facts of finished tricks: the cards each seat played, the cards no seat played (le
#: Mort's), the cards of the tricks each seat won, the suits each seat has shown void. A seat's
#: row is ``seat * step % players`` (78 bits a row; 5 for voids): the seats in the order of play
#: from seat 0, so that a rotation starts them at any seat.
TricksFacts = tuple[int, int, int, int]
_FACTS: Final[dict[tuple, TricksFacts]] = {}


def tricks_facts(tricks: Sequence[Any], players: int, step: int) -> TricksFacts:
    """The ``TricksFacts`` of the finished ``tricks`` (``(leader, cards, winner)`` each).

    Every decision sees the same finished tricks, one more at each trick's end: the facts are
    remembered, and worked out from the tricks before the last when those are. (``core.tricks``'s
    ``finished_tricks_facts`` does this for the bots, per seat and without the winners.)"""
    key: tuple | None = (tricks, players, step)
    try:
        facts = _FACTS.get(key)  # type: ignore[arg-type]
    except TypeError:  # tricks in lists: a view made by hand
        facts, key = None, None
    if facts is not None:
        return facts
    before = _FACTS.get((tricks[:-1], players, step)) if key is not None and tricks else None
    played, nobody, won, voids = before if before is not None else (0, 0, 0, 0)
    for leader, cards, winner in (tricks[-1:] if before is not None else tricks):
        pile = 0
        row = leader * step % players
        for i, c in enumerate(cards):
            if i < players:
                played |= 1 << (NUM_CARDS * ((row + i) % players) + c)
            else:
                nobody |= 1 << c
            pile |= 1 << c
        if winner is not None and winner < players:  # le Mort's tricks are no seat's
            won |= pile << (NUM_CARDS * (winner * step % players))
        for s, bits in voids_shown(leader, cards, players, step):
            voids |= bits << (VOID_BITS * (s * step % players))
    facts = (played, nobody, won, voids)
    if key is not None:
        if len(_FACTS) >= 20_000:
            _FACTS.clear()
        _FACTS[key] = facts
    return facts


def _rotate(rows: int, start: int, width: int, players: int) -> int:
    """``rows`` (``players`` rows of ``width`` bits) with row ``start`` first, the others after
    it in order, the rows before it last."""
    if not start:
        return rows
    cut = width * start
    return rows >> cut | (rows & ((1 << cut) - 1)) << (width * players - cut)


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
        # The bit fields in order: (name, bits per row, rows). ``played`` and ``trick`` have a
        # row per seat, then one for the cards no seat played (le Mort's).
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
        for name, n in (("hand_sizes", p), ("scores", p), ("tricks_done", 1)):
            self.slices[name] = slice(at, at + n)
            at += n
        self.size = at
        self._nbytes = (at + 7) // 8  # the floats' place unpacks as zeros, then is set
        #: Where each part starts (``slices``' starts, by name).
        self.offsets = o = {name: sl.start for name, sl in self.slices.items()}
        self._nobody = o["played"] + NUM_CARDS * p  # the last row of played, and of trick
        self._trick_nobody = o["trick"] + NUM_CARDS * p
        self._phase_bit = {ph: 1 << (o["phase"] + i) for i, ph in enumerate(PHASES)}
        self._other_phase = 1 << (o["phase"] + len(PHASES))
        #: For each seat looking, the absolute seat of each relative row.
        self._seats = [[(me + k * self.step) % p for k in range(p)] for me in range(p)]

    # ----- the vector ----------------------------------------------------------------------
    def observation(self, view: View) -> np.ndarray:
        """The vector of ``view`` (``float32``, ``size`` long): bits as 0.0 / 1.0, then the
        hand sizes, the scores and the finished tricks (module docstring)."""
        p, step, me, o = self.players, self.step, view.seat, self.offsets
        start = me * step % p  # the row of the seat that looks
        played, nobody, won, voids = tricks_facts(view.tricks, p, step)
        trick = view.trick
        rows = on_table = 0
        if trick:  # the cards on the table: in the trick rows, the played rows, and voids
            leader = view.leader if view.leader is not None else 0
            row = leader * step % p
            for i, c in enumerate(trick):
                if i < p:
                    rows |= 1 << (NUM_CARDS * ((row + i) % p) + c)
                else:
                    on_table |= 1 << c
            for s, bits in voids_shown(leader, trick, p, step):
                voids |= bits << (VOID_BITS * (s * step % p))
            played |= rows
            nobody |= on_table
            rows = _rotate(rows, start, NUM_CARDS, p)
        packed = (view.hand
                  | _rotate(played, start, NUM_CARDS, p) << o["played"] | nobody << self._nobody
                  | _rotate(won, start, NUM_CARDS, p) << o["won"]
                  | _rotate(voids, start, VOID_BITS, p) << o["voids"]
                  | rows << o["trick"] | on_table << self._trick_nobody
                  | view.discards << o["discards"] | view.pending_show << o["pending_show"]
                  | view.chien << o["chien"]
                  | 1 << (o["dealer"] + (view.dealer - me) * step % p)
                  | self._phase_bit.get(view.phase, self._other_phase))
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
        if view.to_play is not None:
            packed |= 1 << (o["to_play"] + (view.to_play - me) * step % p)
        if view.leader is not None:
            packed |= 1 << (o["leader"] + (view.leader - me) * step % p)
        if view.taker is not None:
            packed |= 1 << (o["taker"] + (view.taker - me) * step % p)
        if view.partner is not None:
            packed |= 1 << (o["partner"] + (view.partner - me) * step % p)
        if view.extra.get("chelem_announced"):
            packed |= 1 << o["chelem_announced"]

        raw = np.frombuffer(packed.to_bytes(self._nbytes, "little"), np.uint8)
        out = np.unpackbits(raw, count=self.size, bitorder="little").astype(np.float32)
        sizes = view.hand_sizes
        scores = _scores(view.payments, p)
        seats = self._seats[me]
        out[self.bits:] = ([sizes[s] / CARDS_SCALE for s in seats] + [scores[s] / SCORE_SCALE for s in seats]
                           + [len(view.tricks) / CARDS_SCALE])
        return out

    def action_mask(self, view: View) -> np.ndarray:
        """1 for each legal action of the view's seat over the flat action space (``NUM_ACTIONS``
        ids, ``int8``); all 0 when the seat is not to play."""
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if view.legal_actions:
            mask.put(view.legal_actions, 1)
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
    key: tuple | None = (payments, players)
    try:
        found = _SCORES.get(key)  # type: ignore[arg-type]
    except TypeError:
        key, found = None, None
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
