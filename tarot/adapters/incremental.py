"""The observations of a deal being played, kept up to date seat by seat (docs/research.md,
"Encoding": how it is built).

``Encoder.observation(view)`` makes a seat's vector from scratch, from a ``View``: what a bot or
a tool that holds only views calls. An environment steps one deal and asks for an observation at
every step, and most steps are a card played, which changes a few elements of each seat's
vector. ``IncrementalEncoder`` keeps one vector per seat (a preallocated ``float32`` array,
written through a ``memoryview``), and what it holds, and brings it up to date with what
changed since that seat last looked:

- in the play phase, from the public facts of the cards played since (``deal.trick``,
  ``deal.tricks``, ``deal.leader``, ``deal.to_play``): each card in the row of the seat that
  played it (the order of play says which) of ``played`` and ``trick``, the suits it shows void
  (``encode.voids_shown``, card by card), that seat's hand size less one, the card out of the
  looking seat's own hand when it is its own; each trick that ends out of ``trick`` and into
  its winner's row of ``won``; the seat to play, the leader, ``tricks_done``; the partner once
  the called card is played (five-player French Tarot); the scores after a payment made in play
  (``deal.ledger``: Marolles pays a Tarot, la Belle as tricks end). The seat's view is not made.
- after anything else (a bid, a discard, a declaration, a new phase), from the seat's view
  (``deal.view(seat)``): the cards played since as above, then each other part whose fact
  differs from the one the vector holds (a card set by the cards that changed, a one-hot seat or
  phase by its old and new bit, the declarations and bids by those added).

``push`` marks each step that is not a card played in the play phase, and a card played that
adds a declaration; every card of a game whose cards may come from the table (French Tarot for
two: a card played from a pile turns up the one under it) sends the seat to its view too. A
seat that looks again with no action since gets its vector as it is. A vector
is made again from scratch when the deal was changed otherwise than by ``push`` (an action
pushed or taken back elsewhere) or when the view does not follow from the one the vector holds
(cards taken back: a revoke owned up to). So the vector is always ``Encoder.observation`` of the
seat's view (tests/test_incremental.py compares them at every step of thousands of random deals
of every variant), and it reads nothing a view would not show.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from ..core.actions import NUM_ACTIONS
from ..core.cards import FOOL, NUM_CARDS, Card, CardSet, Seat, cards_of
from ..core.deal import Deal
from ..core.tricks import SUIT_OF, TRUMP_SUIT
from ..core.view import View
from .encode import CARDS_SCALE, NUM_NAMED, PHASES, SCORE_SCALE, VOID_BITS, Encoder

#: The suits a card shows void, by (suit led, suit of the card played): none when it follows;
#: the suit led when it trumps; the suit led and the trumps when it does neither
#: (``encode.voids_shown``).
_VOIDS: Final = tuple(tuple(() if s == led else (led,) if s == TRUMP_SUIT else (led, TRUMP_SUIT)
                            for s in range(VOID_BITS)) for led in range(VOID_BITS))
#: The same by suit led and card played: none for the Fool (it follows anything) and for a card
#: of the suit led (the card that sets it included).
_VOIDS_BY_CARD: Final = tuple(tuple(() if c == FOOL else _VOIDS[led][SUIT_OF[c]] for c in range(NUM_CARDS))
                              for led in range(VOID_BITS))
#: A hand size as the vector holds it (``encode``: divided by ``CARDS_SCALE``).
_SIZE: Final = tuple(n / CARDS_SCALE for n in range(NUM_CARDS + 1))


class _Seat:
    """One seat's vector, and the facts of its view it holds (the view's names)."""

    __slots__ = ("buf", "mv", "segment", "generation", "at", "tricks", "cards", "hand", "sizes",
                 "to_play", "leader", "called", "partner", "payments", "shown", "bids", "phase",
                 "discards", "pending_show", "chien", "cut_card", "table", "contract", "taker",
                 "chelem", "dealer", "seen_tricks", "seen_trick", "scores")

    def __init__(self, size: int) -> None:
        self.buf = np.zeros(size, np.float32)
        #: The vector's elements, written one by one (a NumPy element assignment costs more
        #: than the card it writes); typed ``Any``: typeshed's ``memoryview`` holds ints only.
        self.mv: Any = memoryview(self.buf)  # type: ignore[arg-type]
        self.segment = self.generation = -1  # never: made from scratch at its first look
        #: The deal's actions when the vector was last brought up to date (-1: never).
        self.at = -1
        self.tricks = self.cards = self.payments = 0
        self.hand = self.discards = self.pending_show = self.chien = 0
        self.sizes: list[int] = []
        self.to_play: Seat | None = None
        self.leader: Seat | None = None
        self.called: Card | None = None
        self.partner: Seat | None = None
        self.cut_card: Card | None = None
        self.contract: int | None = None
        self.taker: Seat | None = None
        self.shown: tuple[Any, ...] = ()
        self.bids: tuple[Any, ...] = ()
        self.table: tuple[CardSet, ...] = ()
        self.phase = ""
        self.chelem = False
        self.dealer: Seat | None = None
        #: The finished tricks written, and the trick on the table written (leader, cards): a
        #: view whose tricks do not begin with them has taken cards back.
        self.seen_tricks: list[Any] = []
        self.seen_trick: tuple[Any, ...] = ()
        #: Each seat's net score by the payments written (received less paid).
        self.scores: list[int] = []

    def clear(self, generation: int, players: int) -> None:
        """The vector of a view with nothing in it: all 0, no seat, no card, no phase."""
        self.buf.fill(0.0)
        self.generation, self.segment, self.at = generation, -1, -1
        self.tricks = self.cards = self.payments = 0
        self.hand = self.discards = self.pending_show = self.chien = 0
        self.sizes = [0] * players
        self.to_play = self.leader = self.called = self.partner = self.cut_card = None
        self.contract = self.taker = self.dealer = None
        self.shown = self.bids = self.table = ()
        self.phase, self.chelem = "", False
        self.seen_tricks, self.seen_trick = [], ()
        self.scores = [0] * players


class IncrementalEncoder:
    """The observation and the action mask of each seat of one deal at a time, kept up to date
    (module docstring). ``reset(deal)`` starts a deal; ``push(action)`` plays an action on it
    (the way to step it: an action pushed to the deal directly is noticed, and every vector made
    again); ``observation(seat)`` and ``action_mask(seat)`` are what ``Encoder`` makes of
    ``deal.view(seat)``, as new arrays.
    """

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        p, step = encoder.players, encoder.step
        #: For each seat looking, the relative row of each seat (``encode``: seats are relative).
        self._rel = [[(s - me) * step % p for s in range(p)] for me in range(p)]
        #: For each seat looking and each leader, where card ``i`` of the trick goes: the start
        #: of its row of ``played``, of ``trick`` and of ``voids``, its hand size's element, and
        #: the seat that played it (-1: no seat, le Mort's card, in the last rows).
        o = encoder.offsets
        self._places: list[list[list[tuple[int, int, int, int, int]]]] = [[[
            (o["played"] + NUM_CARDS * k, o["trick"] + NUM_CARDS * k, o["voids"] + VOID_BITS * k,
             o["hand_sizes"] + k, s)
            for i in range(p + 1)
            for s in [(ld + i * step) % p if i < p else -1]
            for k in [self._rel[me][s] if s >= 0 else p]]
            for ld in range(p)] for me in range(p)]
        #: For each seat looking, the start of each seat's row of ``won``.
        self._won = [[o["won"] + NUM_CARDS * self._rel[me][s] for s in range(p)] for me in range(p)]
        self._tricks_done, self._to_play_at, self._leader_at = o["tricks_done"], o["to_play"], o["leader"]
        self._seats = [_Seat(encoder.size) for _ in range(p)]
        self.deal: Deal | None = None
        #: Steps that were not a card played in the play phase: a seat whose vector is of an
        #: earlier segment brings it up to date from its view.
        self.segment = 0
        #: Deals followed and changes made elsewhere: a vector of an earlier generation is made
        #: again from scratch.
        self.generation = 0
        #: The deal's actions as ``push`` left them (another count: it was changed elsewhere).
        self._actions = 0

    def reset(self, deal: Deal) -> None:
        """Follow ``deal`` from now on: every vector is the one of a view with nothing in it (all
        0), brought up to date from the seat's view at its first look."""
        self.deal = deal
        self.generation += 1
        self.segment += 1
        self._actions = len(deal.history)
        for st in self._seats:
            st.clear(self.generation, self.encoder.players)

    def push(self, action: object) -> None:
        """Play ``action`` on the deal (``Deal.push``: an illegal one raises and changes
        nothing). A step that is not a card played in the play phase, or that leaves it, starts a
        new segment."""
        deal = self.deal
        assert deal is not None, "reset(deal) first"
        in_play = deal.phase == "play"
        shown = len(deal.shown)
        deal.push(action)
        self._actions += 1
        if not in_play or deal.phase != "play" or deal.history[-1] >= NUM_CARDS or len(deal.shown) != shown:
            self.segment += 1

    def action_mask(self, seat: Seat) -> np.ndarray:
        """1 on each legal action of ``seat`` (``int8``, ``NUM_ACTIONS`` long), all 0 when it is
        not to play (``Encoder.action_mask``)."""
        deal = self.deal
        assert deal is not None, "reset(deal) first"
        out = bytearray(NUM_ACTIONS)
        if seat == deal.to_play and deal.phase != "over":
            for a in deal.legal_actions():
                out[a] = 1
        return np.frombuffer(out, np.int8)

    def observation(self, seat: Seat) -> np.ndarray:
        """``seat``'s vector (``Encoder.observation`` of its view), a new array."""
        deal = self.deal
        assert deal is not None, "reset(deal) first"
        st = self._seats[seat]
        n = len(deal.history)
        if n != self._actions:  # pushed or taken back elsewhere
            self._actions = n
            self.generation += 1
        if st.generation != self.generation:
            self._rebuild(st, seat, deal.view(seat))
        elif st.at != n:
            if st.segment != self.segment:  # a step since that was not a card played
                self._refresh(st, seat)
            else:  # cards played since, in the play phase: no view needed
                self._catch_up(st, seat, deal)
        st.at = n
        return st.buf.copy()

    def _catch_up(self, st: _Seat, seat: Seat, deal: Deal) -> None:
        """Bring the vector up to date after cards played in the play phase only, from the
        deal's public facts: the cards, the payments made in play, the seat to play and the
        leader."""
        tricks, trick = deal.tricks, deal.trick
        if len(tricks) != st.tricks or len(trick) != st.cards:
            self._cards_played(st, seat, tricks, trick, deal.leader)
        if len(deal.ledger) != st.payments:  # paid in play (Marolles: a Tarot, la Belle)
            self._paid(st, seat, deal.ledger.entries)
        to_play, leader = deal.to_play, deal.leader
        if to_play != st.to_play:  # (``_seat_bit`` written out: the seat to play, the leader)
            mv, rel, at = st.mv, self._rel[seat], self._to_play_at
            if st.to_play is not None:
                mv[at + rel[st.to_play]] = 0.0
            if to_play is not None:
                mv[at + rel[to_play]] = 1.0
            st.to_play = to_play
        if leader != st.leader:
            mv, rel, at = st.mv, self._rel[seat], self._leader_at
            if st.leader is not None:
                mv[at + rel[st.leader]] = 0.0
            if leader is not None:
                mv[at + rel[leader]] = 1.0
            st.leader = leader

    # ----- from scratch, and from the view --------------------------------------------------
    def _rebuild(self, st: _Seat, seat: Seat, view: View) -> None:
        """The seat's vector made from its view, and the facts it holds noted."""
        st.buf[:] = self.encoder.observation(view)
        st.generation, st.segment = self.generation, self.segment if not view.table else -1
        st.tricks, st.cards = len(view.tricks), len(view.trick)
        st.hand, st.sizes = view.hand, list(view.hand_sizes)
        st.to_play, st.leader, st.called, st.partner = view.to_play, view.leader, view.called, view.partner
        st.shown, st.bids = tuple(view.shown), tuple(view.bids)
        st.scores, st.payments = [0] * self.encoder.players, 0
        self._paid(st, seat, view.payments)
        st.phase, st.discards, st.pending_show, st.chien = view.phase, view.discards, view.pending_show, view.chien
        st.cut_card, st.table, st.contract, st.taker = view.cut_card, tuple(view.table), view.contract, view.taker
        st.chelem, st.dealer = bool(view.extra.get("chelem_announced")), view.dealer
        st.seen_tricks, st.seen_trick = list(view.tricks), (view.leader, tuple(view.trick))

    def _refresh(self, st: _Seat, seat: Seat) -> None:
        """Bring the seat's vector up to date from its view: the cards played since, then each
        part whose fact changed. A view that does not follow from the one the vector holds (a
        trick or a declaration fewer) has the vector made from scratch."""
        deal = self.deal
        assert deal is not None
        view = deal.view(seat)
        tricks, trick = view.tricks, view.trick
        if (not self._follows(st, tricks, view.leader, trick) or (trick and view.leader is None)
                or tuple(view.shown[:len(st.shown)]) != st.shown or tuple(view.bids[:len(st.bids)]) != st.bids
                or (st.table and len(view.table) != len(st.table))):
            self._rebuild(st, seat, view)
            return
        st.segment = self.segment if not view.table else -1  # table cards: every card turns one up
        o, mv, rel = self.encoder.offsets, st.mv, self._rel[seat]
        self._cards_played(st, seat, tricks, trick, view.leader if trick else 0)
        for name in ("dealer", "to_play", "leader", "taker", "partner"):
            self._seat_bit(st, rel, name, getattr(view, name))
        self._cards(st, o["hand"], st.hand, view.hand)
        st.hand = view.hand
        self._cards(st, o["discards"], st.discards, view.discards)
        self._cards(st, o["pending_show"], st.pending_show, view.pending_show)
        self._cards(st, o["chien"], st.chien, view.chien)
        st.discards, st.pending_show, st.chien = view.discards, view.pending_show, view.chien
        for s, (old, new) in enumerate(zip(st.table or (0,) * len(view.table), view.table, strict=True)):
            self._cards(st, o["table"] + NUM_CARDS * rel[s], old, new)
        st.table = tuple(view.table)
        one_hot: tuple[tuple[str, int | None, int | None, int], ...] = (
            ("cut_card", st.cut_card, view.cut_card, o["cut_card"]),
            ("called", st.called, view.called, o["called"]),
            ("contract", st.contract, view.contract, o["contract"] - NUM_CARDS))
        for name, was, now, at in one_hot:
            if was != now:
                if was is not None:
                    mv[at + was] = 0.0
                if now is not None:
                    mv[at + now] = 1.0
                setattr(st, name, now)
        declared = o["declared"]
        for s, a, cs in view.shown[len(st.shown):]:
            k = rel[s]
            self._cards(st, o["shown_cards"] + NUM_CARDS * k, 0, cs)
            if a >= NUM_CARDS:
                mv[declared + NUM_NAMED * k + a - NUM_CARDS] = 1.0
        for s, a in view.bids[len(st.bids):]:
            mv[declared + NUM_NAMED * rel[s] + a - NUM_CARDS] = 1.0
        st.shown, st.bids = tuple(view.shown), tuple(view.bids)
        if view.phase != st.phase:
            mv[self._phase_at(st.phase)] = 0.0
            mv[self._phase_at(view.phase)] = 1.0
            st.phase = view.phase
        chelem = bool(view.extra.get("chelem_announced"))
        if chelem != st.chelem:
            mv[o["chelem_announced"]] = float(chelem)
            st.chelem = chelem
        sizes = o["hand_sizes"]
        for s, size in enumerate(view.hand_sizes[:self.encoder.players]):
            if size != st.sizes[s]:
                st.sizes[s] = size
                mv[sizes + rel[s]] = size / CARDS_SCALE
        if len(view.payments) != st.payments:
            self._paid(st, seat, view.payments)

    def _paid(self, st: _Seat, seat: Seat, payments: Sequence[Any]) -> None:
        """Write the net scores after the payments made since (``encode._scores``)."""
        scores, at, rel = st.scores, self.encoder.offsets["scores"], self._rel[seat]
        for payer, payee, amount, *_ in payments[st.payments:]:
            scores[payer] -= amount
            scores[payee] += amount
        for s in range(self.encoder.players):
            st.mv[at + rel[s]] = scores[s] / SCORE_SCALE
        st.payments = len(payments)

    @staticmethod
    def _follows(st: _Seat, tricks: Sequence[Any], leader: Seat | None, trick: Sequence[Card]) -> bool:
        """Whether the cards played ``tricks`` and ``trick`` (led by ``leader``) show begin with
        those the vector holds: none taken back (a revoke owned up to, Marolles: docs/rules
        §1.6), so that the vector needs only the cards played since."""
        seen, n = st.seen_tricks, len(st.seen_tricks)
        if len(tricks) < n or list(tricks[:n]) != seen:  # equal tricks are mostly the same objects
            return False
        if not st.seen_trick or not st.seen_trick[1]:
            return True
        ld, cards = st.seen_trick
        if len(tricks) == n:  # the same trick on the table, with as many cards or more
            return leader == ld and tuple(trick[:len(cards)]) == cards
        return tricks[n][0] == ld and tricks[n][1][:len(cards)] == cards

    def _phase_at(self, phase: str) -> int:
        """The element of ``phase`` in the phase part (``other`` for a phase not listed)."""
        at = self.encoder.offsets["phase"]
        return at + PHASES.index(phase) if phase in PHASES else at + len(PHASES)

    def _cards(self, st: _Seat, at: int, old: CardSet, new: CardSet) -> None:
        """A card set written where it was ``old`` from element ``at`` on: the cards that
        changed."""
        if old == new:
            return
        mv = st.mv
        for c in cards_of(old & ~new):
            mv[at + c] = 0.0
        for c in cards_of(new & ~old):
            mv[at + c] = 1.0

    def _seat_bit(self, st: _Seat, rel: list[int], name: str, seat: Seat | None) -> None:
        """The one-hot seat ``name`` (``to_play``, ``leader``...) made ``seat`` (None: none),
        ``rel`` the relative row of each seat."""
        old = getattr(st, name)
        if old == seat:
            return
        at = self.encoder.offsets[name]
        if old is not None:
            st.mv[at + rel[old]] = 0.0
        if seat is not None:
            st.mv[at + rel[seat]] = 1.0
        setattr(st, name, seat)

    # ----- the cards played --------------------------------------------------------------
    def _cards_played(self, st: _Seat, seat: Seat, tricks: Sequence[Any], trick: Sequence[Card],
                      leader: Seat | None) -> None:
        """Write the cards played since the vector was made: the rest of the trick it had on
        the table and the tricks finished since, then the cards of ``trick`` (led by
        ``leader``) it does not have."""
        done = len(tricks)
        mv = st.mv
        if done > st.tricks:
            won = self._won[seat]
            for t in range(st.tricks, done):
                ld, cards, winner = tricks[t]
                start = 0
                if t == st.tricks and st.cards:  # the trick that was on the table
                    start, places = st.cards, self._places[seat][ld]
                    for i in range(start):
                        mv[places[i][1] + cards[i]] = 0.0
                if start < len(cards):
                    self._played(st, seat, ld, cards, start, False)
                if winner is not None and winner < len(won):  # le Mort's tricks are no seat's
                    at = won[winner]
                    for c in cards:
                        mv[at + c] = 1.0
            st.seen_tricks.extend(tricks[st.tricks:done])
            st.tricks, st.cards = done, 0
            st.seen_trick = ()
            mv[self._tricks_done] = done / CARDS_SCALE
        if len(trick) > st.cards:
            assert leader is not None
            self._played(st, seat, leader, trick, st.cards, True)
            st.cards = len(trick)
            st.seen_trick = (leader, tuple(trick))

    def _played(self, st: _Seat, seat: Seat, leader: Seat, cards: Sequence[Card], start: int,
                on_table: bool) -> None:
        """Write cards ``start`` on of a trick led by ``leader``: in the played rows (and the
        trick rows when ``on_table``), the voids they show, the hand sizes, the seat's hand."""
        mv, sizes, called, places = st.mv, st.sizes, st.called, self._places[seat][leader]
        first = 1 if cards[0] == FOOL else 0  # the Fool led: the next card sets the suit
        voids_of = _VOIDS_BY_CARD[SUIT_OF[cards[first]] if len(cards) > first else 0]
        for i in range(start, len(cards)):
            c = cards[i]
            played, trick, voids, size, s = places[i]
            mv[played + c] = 1.0
            if on_table:
                mv[trick + c] = 1.0
            if s < 0:  # a card no seat played (le Mort's)
                continue
            if s == seat:  # its own card, out of its hand (``hand`` is the first part)
                mv[c] = 0.0
                st.hand &= ~(1 << c)
            n = sizes[s] = sizes[s] - 1
            mv[size] = _SIZE[n]
            for suit in voids_of[c]:
                mv[voids + suit] = 1.0
            if c == called and st.partner != s:  # the called card: its player is the partner
                rel, at = self._rel[seat], self.encoder.offsets["partner"]
                if st.partner is not None:
                    mv[at + rel[st.partner]] = 0.0
                mv[at + rel[s]] = 1.0
                st.partner = s
