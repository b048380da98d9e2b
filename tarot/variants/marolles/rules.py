"""The engine of Marolles 1637 (docs/rules §1) and its relatives (§2): ``MarollesDeal``, its
78-card base game and its two-player game with le Mort. The flow of a deal, phase by phase, is
told in the package's docstring (``tarot.variants.marolles``). This module deals the cards,
lists the legal actions, plays the tricks and gives undo, copies, the result and the views; a
redeal and the discards are in ``discards``, the declarations in ``declarations``, revokes in
``revokes``, the marques paid in ``settlement``, the undo entries in ``undo``.

Play is anticlockwise: seat ``s + 1`` plays after seat ``s``; the dealer's right is
``dealer + 1``, his left (the cutter) ``dealer + 2``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from ...core.actions import ACKNOWLEDGE_REVOKE, ACTION_IDS, DONE, GRANT, REDEAL, REFUSE
from ...core.cards import (
    BOUTS, COINS, CUPS, FOOL, FULL_PACK, ITALIAN, PART, TAROTS, Card, CardSet, Seat, above,
    card_phrase, cards_of, cards_of_parts, deal_positions, deal_sets, drop_highest, format_card,
    mask, suit_card,
)
from ...core.counting import COUNTING_CARDS, reduced_total
from ...core.deal import CARD_UNDO, CardUndo, seat_index, DealResult, SplitHandsDeal, Undo, View
from ...core.seat_view import SeatView
from ...core.errors import IllegalActionError, OptionError
from ...core.ledger import Ledger
from ...core.options import Options
from ...core.tricks import (
    MAROLLES_TRICKS, REVERSED_POWER, follow_duty_parts, follow_reason, led_card, winning_index,
)
from ...core.tricks import follow_duty as _follow_duty
from ...core.tricks import reversed_rank as suit_power  # the name the bots and the table know
from .declarations import (
    BELLE, BELLE_MASK, DECLARATION_NAMES, DECLARATIONS, QUI_NA_LE_SIEN, TAROTS_BELLE, declarable,
    declare, explain_declare, explain_show, show,
)
from .discards import NO_DISCARD  # noqa: F401  (read here by the tests)
from .discards import ask_redeal, discard, explain_discard, grant_redeal, legal_discard_parts
from .options import MAROLLES_2P_OPTIONS, MAROLLES_78_OPTIONS, MAROLLES_OPTIONS, _Flags
from .revokes import acknowledge, close_revokes, explain_acknowledge, revoke_to_acknowledge
from .settlement import EMPTY_CARDS, ULTIMO_CARDS, pay_trick, settle
from .undo import DeclarationUndo, DiscardUndo, MarollesUndo, TrickUndo, WindowUndo

PACK_66: Final[CardSet] = FULL_PACK & ~mask(
    [suit_card(s, r) for s in (CUPS, COINS) for r in (8, 9, 10)]
    + [suit_card(s, r) for s in (0, 1) for r in (1, 2, 3)]
)


_OTHERS: Final = {3: ((1, 2), (2, 0), (0, 1)), 2: ((1,), (0,))}


def follow_duty(hand: CardSet, trick: Sequence[Card]) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` keeping the obligations to follow
    suit and, void in it, to trump (§1.6; no duty to overtrump), the Fool among them (it
    excuses): ``tricks.follow_duty`` under ``MAROLLES_TRICKS``. The rules of the Fool's own
    lead and of the last trick are the deal's (``lawful_cards``).

    >>> from tarot.core.cards import mask, parse_cards
    >>> follow_duty(mask(parse_cards("F T3 KS 2C")), parse_cards("5S")) == mask(parse_cards("F KS"))
    True
    """
    return _follow_duty(hand, trick, MAROLLES_TRICKS)


#: The actions of the phases that take words rather than cards (a declaration besides, in the
#: declare phase), and what a refusal says the seat must do there (docs/rules/marolles.md
#: §1.5 declarations, §1.10 a bad hand).
_PHASE_ACTIONS: Final = {"redeal": (REDEAL, DONE), "grant": (GRANT, REFUSE), "declare": (DONE,)}
_PHASE_DUTY: Final = {"redeal": "ask for a redeal or pass (redeal / done)",
                      "grant": "grant or refuse the redeal (grant / refuse)",
                      "declare": "declare or say done"}


class MarollesDeal(SplitHandsDeal):
    """One deal of Marolles 1637 (docs/rules §1)."""

    variant = "marolles-1637"
    title = "Marolles 1637: three players, 66 cards"
    OPTIONS = MAROLLES_OPTIONS
    notation = ITALIAN
    trick_rules = MAROLLES_TRICKS
    PACK = PACK_66
    PLAYERS = 3
    #: Cards each non-dealer and the dealer hold after the deal, and discard.
    HAND_SIZE: ClassVar[int] = 21
    DEALER_HAND: ClassVar[int] = 24
    DISCARDS: ClassVar[int] = 1
    DEALER_DISCARDS: ClassVar[int] = 4
    TRICKS: ClassVar[int] = 20
    #: Two players with le Mort (§1.10): a third hand, dealt but never seated.
    MORT: ClassVar[bool] = False
    #: Trumps II to XX and suit cards 1 to 10 but la Belle: worth nothing but their place in
    #: the count (§1.8) and paid for nothing when played.
    PLAIN_CARDS: ClassVar[CardSet] = FULL_PACK & ~COUNTING_CARDS & ~BELLE_MASK
    POSITION_KEYS: ClassVar[bool] = True

    __slots__ = (
        "options", "dealer", "deck", "phase", "to_play", "history", "_undo", "piles",
        "mort_cards", "mort_competes",
        "discards", "discard_left", "last_discard", "order_idx", "decl_groups", "belle_declared",
        "pending", "shown", "trick", "leader", "trick_no", "tricks", "ledger", "forfeited",
        "fool_kept", "points", "redeal_asker", "redeal_votes", "result_info",
        "_o", "_legal_at", "_legal_list", "_legal_lo", "_legal_hi", "revokes", "corrected", "taken_back", "shown_log", "play_log",
        "mort_seen",
    )

    def __init__(self, options: Mapping[str, object] | None = None, *, seed: object = None,
                 deck: Sequence[Card] | None = None, dealer: object = 0,
                 rng: random.Random | None = None, _blank: bool = False) -> None:
        if _blank:
            return  # an empty deal for copy(), which sets every attribute
        self.options = self.make_options(options)
        self.players = self.PLAYERS
        o = self.options
        if o["declarations_after_discard"] == "false" and o["declaration_timing"] != "before_first_lead":
            raise OptionError("declarations_after_discard=false needs declaration_timing=before_first_lead:"
                              " a player cannot declare before discarding and also at his first card")
        self.dealer = seat_index(dealer, self.players, "dealer")
        # Options read on the hot path, as plain attributes (decoded once per set of options).
        flags = _FLAGS.get(o)
        if flags is None:
            flags = _FLAGS[o] = _Flags(o, type(self))
        self._o = flags
        self.deck = self.check_deck(deck) if deck is not None else tuple(self.shuffled_deck(seed, rng))
        self.history: list[int] = []
        self._undo: list[Undo] = []
        self._legal_at, self._legal_list = -1, []
        self._legal_lo, self._legal_hi = -1, 0
        n = self.players
        self.mort_cards: tuple[Card, ...] = ()
        self.mort_competes = self.MORT and o["mort_card_competes"] == "true"
        self._set_hands(self._deal_hands())
        self.piles = [0] * (n + self.MORT)  # with le Mort, piles[n] is le Mort's
        self.discards = [0] * n
        self.discard_left = [self.DEALER_DISCARDS if s == dealer else self.DISCARDS for s in range(n)]
        self.last_discard = [-1] * n
        self.decl_groups = [0] * n
        self.belle_declared = [False] * n
        self.pending: tuple | None = None
        self.shown: list[tuple[Seat, int, CardSet]] = []
        self.trick: list[Card] = []
        self.leader = (self.dealer + 1) % n
        self.trick_no = 0
        self.tricks: list[tuple[Seat, tuple[Card, ...], Seat]] = []
        self.ledger = Ledger(n)
        self.forfeited = [False] * n
        #: (owner, trick, winner) when the Fool went back to its owner from a trick another
        #: player won: excused, or kept from the last trick (fool_last_trick_card=kept_by_owner).
        self.fool_kept: tuple[Seat, int, Seat] | None = None
        self.points: tuple[int, ...] | None = None
        self.redeal_asker = -1
        self.redeal_votes = 0
        self.result_info: dict = {}
        self.order_idx = 0
        #: Revokes not yet paid nor acknowledged (revoke_handling=penalty_1M_..._window), as
        #: (seat, trick, index of the card in ``history``, ledger length then); the seats and
        #: tricks (bit 4 * trick + seat) replayed after an acknowledgment, played lawfully; and
        #: the cards an acknowledgment sent back to their hands, as (seat, card): public.
        self.revokes: list[tuple[Seat, int, int, int]] = []
        self.corrected = 0
        self.taken_back: list[tuple[Seat, Card]] = []
        #: With the window, every action of the play phase, taken back or not, and the
        #: declarations made at one's first card (not the choice of the cards shown, which
        #: would tell that there was one): what a sampled world replays to show the same view;
        #: and each declaration completed at one's first card, undone since or not, as in
        #: ``shown`` (public).
        self.play_log: list[int] = []
        self.shown_log: list[tuple[Seat, int, CardSet]] = []
        #: With le Mort and the window: how many of le Mort's cards have been turned up, the
        #: tricks taken back by an acknowledgment included (those cards were seen: public).
        self.mort_seen = 0
        cut = self.deck[-1]
        if self._o.cut_payment and TAROTS >> cut & 1:
            self._collect(self.dealer, 1, "cut", None, format_card(cut, self.notation))
        self.phase = ""
        self.to_play: Seat | None = None
        self._enter(self._phases()[0])

    # ----- dealing -----------------------------------------------------------------------
    @classmethod
    def deal_slots(cls, options: Mapping[str, object] | None, dealer: Seat) -> tuple[int, ...]:
        """The hand that receives each card of the deck, top card first (§1.3): packets of
        ``deal_packet`` anticlockwise from the dealer's right, then the remainder, the dealer
        last (the bottom card, the cut, is his). With le Mort the hands are the dealer's
        opponent, le Mort (hand 2), then the dealer.

        >>> MarollesDeal.deal_slots(None, 0)[:6], MarollesDeal.deal_slots(None, 0)[-5:]
        ((1, 1, 1, 1, 1, 2), (2, 0, 0, 0, 0))
        """
        packet = int(cls.make_options(options)["deal_packet"])
        key = (cls, packet, dealer)
        slots = _DEAL_SLOTS.get(key)
        if slots is None:
            n = cls.PLAYERS
            order = [1 - dealer, 2, dealer] if cls.MORT else [(dealer + 1 + i) % n for i in range(n)]
            out: list[int] = []
            for _ in range(cls.HAND_SIZE // packet):
                for s in order:
                    out += [s] * packet
            got = {s: out.count(s) for s in order}
            for s in order:
                out += [s] * ((cls.DEALER_HAND if s == dealer else cls.HAND_SIZE) - got[s])
            slots = _DEAL_SLOTS[key] = tuple(out)
        return slots

    def _deal_hands(self) -> list[CardSet]:
        """Deal ``deck`` as ``deal_slots`` says; le Mort's cards are turned up in the order
        they were dealt (``mort_cards``)."""
        deck = self.deck
        plans = self._o.positions  # the deck positions of each hand, per dealer
        positions = plans.get(self.dealer)
        if positions is None:
            positions = plans[self.dealer] = deal_positions(self.deal_slots(self.options, self.dealer), 3)
        hands = deal_sets(deck, positions)
        if self.MORT:
            self.mort_cards = tuple(c for c in deck if hands[2] >> c & 1)
            return hands[:2]
        return hands[:self.players]

    @property
    def cut_card(self) -> Card:
        """The bottom card of the deck: shown to all and dealt to the dealer (§1.3)."""
        return self.deck[-1]

    # ----- phases ------------------------------------------------------------------------
    def _phases(self) -> list[str]:
        first = ["redeal"] if self._o.redeal_cost else []
        if self._o.declare_at_first_card:
            return first + ["discard", "play"]
        if self._o.declare_after_discard:
            return first + ["discard", "declare", "play"]
        return first + ["declare", "discard", "play"]

    def _enter(self, phase: str) -> None:
        """Start ``phase`` with its first seat; skips seats and phases with nothing to do."""
        self.phase = phase
        self.order_idx = 0
        if phase == "play":
            self.to_play = self.leader
            self._begin_turn()
            return
        self.to_play = (self.dealer + 1) % self.players
        if phase == "discard":
            self._skip_discarders()

    def _next_phase(self) -> None:
        phases = self._phases()
        self._enter(phases[phases.index(self.phase if self.phase != "grant" else "redeal") + 1])

    def _next_in_order(self) -> None:
        """Pass the turn in a seat-by-seat phase (redeal, discard, declare); move on at the end."""
        self.order_idx += 1
        if self.order_idx >= self.players:
            self._next_phase()
            return
        self.to_play = (self.dealer + 1 + self.order_idx) % self.players
        if self.phase == "discard":
            self._skip_discarders()

    def _skip_discarders(self) -> None:
        while self.order_idx < self.players and not self.discard_left[self._seat()]:
            self.order_idx += 1
            self.to_play = (self.dealer + 1 + self.order_idx) % self.players
        if self.order_idx >= self.players:
            self._next_phase()

    def _begin_turn(self) -> None:
        """In the first trick with ``before_own_first_card``, a player declares before playing."""
        if self._o.declare_at_first_card and self.trick_no == 0:
            p = self._seat()
            if not self.decl_groups[p] >> 31 & 1:
                self.phase = "declare"
                return
        self.phase = "play"

    # ----- legal actions -----------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        ph = self.phase
        self._legal_lo = -1
        if ph == "play":
            lo, hi = self._legal_play_parts()
            out = cards_of_parts(lo, hi)
            if self.revokes and revoke_to_acknowledge(self) >= 0:
                out.append(ACKNOWLEDGE_REVOKE)
            else:
                self._legal_lo, self._legal_hi = lo, hi
            return out
        if ph == "discard":
            lo, hi = legal_discard_parts(self)
            out = cards_of_parts(lo, hi)
            if self._o.short_discard_allowed:
                out.append(DONE)
            return out
        if ph == "declare":
            lo, hi = self._split.parts(self._seat())
            return [DONE] + sorted(declarable(lo, hi, self.decl_groups[self._seat()], self._o))
        if ph == "show":
            return cards_of(self._legal_show())
        if ph == "redeal":
            return [DONE, REDEAL]
        if ph == "grant":
            return [GRANT, REFUSE]
        return []

    def is_legal(self, action: int) -> bool:
        if self._legal_at == len(self.history):
            return self._listed_legal(action)
        if 0 <= action < 78:
            ph = self.phase
            if ph == "play":
                return bool(self._legal_play() >> action & 1)
            if ph == "discard":
                return bool(self._legal_discards() >> action & 1)
            if ph == "show":
                return bool(self._legal_show() >> action & 1)
            return False
        return action in self._legal_actions()

    def _legal_play(self) -> CardSet:
        """The cards the seat to play may play: the lawful ones (``_lawful_play``), or with
        revokes allowed any card but a Fool that could not be played lawfully either."""
        lo, hi = self._legal_play_parts()
        return lo | hi << PART

    def _legal_play_parts(self) -> tuple[CardSet, CardSet]:
        if self._o.revoke_allowed and not self.corrected >> (4 * self.trick_no + self._seat()) & 1:
            p = self._seat()
            lo, hi = self._split.parts(p)
            leads = not self.trick or (len(self.trick) == 1 and self.trick[0] == FOOL)
            if (lo != 1 or hi) and (self.trick_no >= self._o.tricks - 1 or (leads and not self._o.fool_lead)):
                return lo & ~1, hi
            return lo, hi
        return self._lawful_parts()

    def _lawful_play(self) -> CardSet:
        """The cards the seat to play may play keeping the obligations to follow and to trump."""
        lo, hi = self._lawful_parts()
        return lo | hi << PART

    def _lawful_parts(self) -> tuple[CardSet, CardSet]:
        p = self._seat()
        lo, hi = self._split.parts(p)
        trick = self.trick
        duty_lo, duty_hi = follow_duty_parts(lo, hi, trick, False)  # MAROLLES_TRICKS: no overtrump
        alone = lo == 1 and not hi  # the Fool, alone in the hand
        if (not trick or (len(trick) == 1 and trick[0] == FOOL)) and not self._o.fool_lead and not alone:
            duty_lo &= ~1
        if lo & 1 and not alone and self.trick_no >= self._o.tricks - 1:
            duty_lo &= ~1  # the Fool cannot excuse in the last trick (only a surplus hand gets here)
        return duty_lo, duty_hi

    #: a choice of the cards shown is offered only to a hand that holds more than it shows:
    #: the others see the seat declaring
    PUBLIC_PHASE: ClassVar[dict[str, str]] = {"show": "declare"}

    def in_play(self) -> bool:
        # with declaration_timing=before_own_first_card, declaring is part of one's first turn
        return self.phase == "play" or (self._o.declare_at_first_card and self.phase in ("declare", "show"))

    def lawful_cards(self) -> CardSet:
        """The cards the seat to play may play keeping the obligations to follow and to trump
        (with revokes allowed, playing any other is a revoke)."""
        return self._lawful_play() if self.phase == "play" else 0

    @classmethod
    def revokes_allowed(cls, options: Mapping[str, Any]) -> bool:
        return options.get("revoke_handling", "engine_prevents") != "engine_prevents"

    @classmethod
    def duty_cards(cls, hand: CardSet, trick: Sequence[Card]) -> CardSet:
        return follow_duty(hand, trick)

    def revoke_open(self) -> bool:
        return bool(self.revokes)

    def live_cards(self, seat: Seat) -> CardSet:
        live = super().live_cards(seat)
        if self.mort_competes:  # le Mort's cards still to be turned up compete too
            live |= mask(self.mort_cards[self.trick_no:])
        return live

    def _legal_discards(self) -> CardSet:
        lo, hi = legal_discard_parts(self)
        return lo | hi << PART

    def _held(self, seat: Seat) -> CardSet:
        """Cards a player holds for declaring: his hand and what he has played this deal."""
        h = self.hand(seat)
        for leader, cards, _ in self.tricks:
            for i, c in enumerate(cards[:self.players]):  # le Mort's card comes last
                if (leader + i) % self.players == seat:
                    h |= 1 << c
        for i, c in enumerate(self.trick):
            if (self.leader + i) % self.players == seat:
                h |= 1 << c
        return h

    def _legal_show(self) -> CardSet:
        assert self.pending is not None
        _, _, eligible, needed, chosen, last = self.pending
        return drop_highest(eligible & above(last), needed - chosen.bit_count() - 1)

    # ----- explaining a refusal ----------------------------------------------------------
    def explain_illegal(self, action: int) -> str:
        ph, p = self.phase, self._seat()
        if action == ACKNOWLEDGE_REVOKE:
            return explain_acknowledge(self)
        wrong = self._explain_wrong_kind(action)
        if wrong:
            return wrong
        if ph == "play":
            if action == FOOL and self.trick_no >= self.TRICKS - 1:
                return "the Fool cannot excuse in the last trick"
            if led_card(self.trick) < 0:
                return "the Fool may not be led (fool_lead_allowed=false)"
            return follow_reason(self.hand(p), self.trick, action, self.trick_rules, self.notation)
        if ph == "discard":
            return explain_discard(self, action, p)
        if ph == "declare":
            return explain_declare(action, self.action_token(action), p)
        if ph == "show":
            return explain_show(self.pending, action, self.notation)  # type: ignore[arg-type]
        return super().explain_illegal(action)

    def _explain_wrong_kind(self, action: int) -> str:
        """Why ``action`` is not even of the kind the phase takes (a card or a word), or a
        card the seat does not hold; "" when it is."""
        n, tok = self.notation, self.action_token(action)
        ph, p = self.phase, self._seat()
        if ph in ("play", "discard", "show") and action >= 78:
            return f"{tok} is not legal now: seat {p} must {'play' if ph == 'play' else ph} a card"
        if ph in _PHASE_ACTIONS and not (action in _PHASE_ACTIONS[ph]
                                         or ph == "declare" and action in DECLARATION_NAMES):
            return f"{tok} is not legal now: seat {p} must {_PHASE_DUTY[ph]}"
        if action < 78 and not self.PACK >> action & 1:
            return f"{card_phrase(action, n)} is not in the {self.PACK.bit_count()}-card pack"
        if action < 78 and not self.hand(p) >> action & 1:
            if ph == "show":
                return f"seat {p} cannot show {card_phrase(action, n)}: it is not in the hand"
            return f"seat {p} does not hold {card_phrase(action, n)}"
        return ""

    # ----- applying actions --------------------------------------------------------------
    def _apply(self, a: int) -> None:
        ph = self.phase
        if ph == "play":
            if self._o.revoke_window:
                self.play_log.append(a)
            if a == ACKNOWLEDGE_REVOKE:
                acknowledge(self)
            else:
                self._play(a)
        elif ph == "discard":
            discard(self, a)
        elif ph == "declare":
            if self._o.revoke_window and self._o.declare_at_first_card:
                self.play_log.append(a)  # declared at one's first card: part of the play
            declare(self, a)
        elif ph == "show":
            show(self, a)
        elif ph == "redeal":
            ask_redeal(self, a)
        elif ph == "grant":
            grant_redeal(self, a)

    def _declared(self, p: Seat, a: int, cards: CardSet) -> None:
        """A declaration is complete: its cards become public and it is paid."""
        self.shown.append((p, a, cards))
        if self._o.revoke_window and self._o.declare_at_first_card:
            self.shown_log.append((p, a, cards))
        name = self.action_token(a)
        if a == QUI_NA_LE_SIEN:
            if not self.forfeited[p]:
                for o in _OTHERS[self.players][p]:
                    if not self._held(o) & BOUTS:
                        self.ledger.pay(o, p, 1, "qui_na_le_sien", None, name)
            return
        if a == TAROTS_BELLE and self._o.belle_replaced:
            self.belle_declared[p] = True
        self._collect(p, self.declaration_value(a), "declaration", None, name)

    def declaration_value(self, a: int) -> int:
        """The marques declaration ``a`` earns from each opponent under the options in force
        (Qui n'a le sien: from each one holding none of XXI, I and the Fool)."""
        if a == ACTION_IDS["kings_3_fool"] and self._o.three_kings_fool_total:
            return 1
        return DECLARATIONS[a][1]

    def _play(self, c: int) -> None:
        p = self._seat()
        o = self._o
        if o.revoke_allowed:
            duty = self._lawful_play()
            if not duty >> c & 1:
                if o.revoke_window:  # paid when the time to acknowledge it is over
                    self.revokes.append((p, self.trick_no, len(self.history) - 1, len(self.ledger)))
                else:
                    self._pay_each(p, 1, "revoke", self.trick_no, format_card(c, self.notation))
                    self._forfeit(p)
        self._split.lose(p, c)
        trick = self.trick
        trick.append(c)
        if len(trick) < self.players:
            self.to_play = (p + 1) % self.players
            if self.trick_no == 0 and o.declare_at_first_card:
                self._begin_turn()
            return
        # The trick is complete: find the winner, settle the Tarots and la Belle (§1.7, §1.8).
        leader = self.leader
        n = self.players
        t = self.trick_no
        mort = o.mort
        if mort:  # le Mort's next card joins the trick (§1.10)
            trick.append(self.mort_cards[t])
            w = winning_index(trick if self.mort_competes else trick[:n], REVERSED_POWER)
            winner = n if w == n else (leader + w) % n
        else:
            winner = (leader + winning_index(trick, REVERSED_POWER)) % n
        last = t == o.tricks - 1
        gain = pay_trick(self, trick, winner, last)
        if mort and FOOL in trick[n:] and self.mort_competes:
            gain &= ~1  # le Mort's Fool cannot win: it goes back to le Mort
            self.piles[n] |= 1
        self.piles[winner] |= gain
        self.tricks.append((leader, tuple(trick), winner))
        self.trick = []
        if winner < n:  # a trick le Mort takes is led again by the same player
            self.leader = winner
        self.trick_no = t + 1
        if self.revokes:
            close_revokes(self, last)
        if last:
            settle(self)
        else:
            self.to_play = self.leader
            self._begin_turn()

    # ----- payments ----------------------------------------------------------------------
    def _pay(self, payer: Seat, payee: Seat, amount: int, reason: str,
             trick: int | None = None, detail: str = "") -> None:
        if not self.forfeited[payee]:
            self.ledger.pay(payer, payee, amount, reason, trick, detail)

    def _collect(self, s: Seat, amount: int, reason: str, trick: int | None = None,
                 detail: str = "") -> None:
        """``s`` receives ``amount`` from each opponent ("v M from each opponent")."""
        if not self.forfeited[s]:
            for o in _OTHERS[self.players][s]:
                self.ledger.pay(o, s, amount, reason, trick, detail)

    def _pay_each(self, s: Seat, amount: int, reason: str, trick: int | None = None,
                  detail: str = "") -> None:
        """``s`` pays ``amount`` to each opponent (a forfeited opponent receives nothing)."""
        for o in _OTHERS[self.players][s]:
            self._pay(s, o, amount, reason, trick, detail)

    def _forfeit(self, s: Seat) -> None:
        """'Ne plus rien compter': ``s`` receives nothing further (§1.4, §1.10). What he gives
        back goes through ``_pay``: a seat that has forfeited before him receives none of it
        (his own penalty, a give-back of his), and ``s`` keeps that."""
        if self.forfeited[s]:
            return
        if self._o.void_receipts:
            for e in list(self.ledger.entries):
                if e.payee == s:
                    self._pay(s, e.payer, e.amount, "forfeit", e.trick, e.reason)
        self.forfeited[s] = True

    # ----- undo, copy --------------------------------------------------------------------
    def _snapshot(self) -> Undo:
        o = self._o
        if self.phase == "play" and not o.revoke_allowed:
            if len(self.trick) < self.players - 1:
                return CARD_UNDO[self._seat()]  # a card that does not end its trick changes only this
            if self.trick_no < o.tricks - 1 and not o.mort:
                return TrickUndo(self)
        elif self.phase == "discard" and not o.revoke_window:
            return DiscardUndo(self)
        elif self.phase in ("declare", "show") and not o.revoke_window:
            return DeclarationUndo(self)
        if o.revoke_window:  # an acknowledgment goes back to any earlier state: keep all
            return WindowUndo(self)
        return MarollesUndo(self)

    def _restore(self, s: Undo) -> None:
        if self.result_info:  # the settlement taken back (only a settled deal has any)
            self.result_info = {}
        if isinstance(s, CardUndo):
            self._split.take_back(s.seat, self.history[-1])
            self.trick.pop()
            self.to_play, self.phase = s.seat, "play"
        elif isinstance(s, TrickUndo):
            s.restore(self)
        elif isinstance(s, DiscardUndo):
            s.restore(self)
        elif isinstance(s, DeclarationUndo):
            s.restore(self)
        elif isinstance(s, MarollesUndo):
            s.restore(self)
        else:
            assert isinstance(s, WindowUndo)
            s.restore(self)

    def position_key(self) -> tuple | None:
        """At the start of a trick, a key of all that the payments still to come depend on:
        two positions with one key, played on alike, pay the same marques from there on (not
        the same totals: what was paid before differs). It holds the hands, the leader, the
        trick's number, each seat's pile as the count will see it (Σ reduced values, the
        number of cards, whether it holds an empty card the Fool's exchange could give), the
        Fool's owner and taker if it came back to its owner, who declared la Belle, who has
        forfeited. None inside a trick, before a player's first card when declarations are
        made then, and with revokes allowed (a revoke reopens earlier tricks). The exact
        solver's transposition table, which keeps values relative to the marques so far."""
        o = self._o
        if (self.phase != "play" or self.trick or o.revoke_allowed
                or (self.trick_no == 0 and o.declare_at_first_card)):
            return None
        piles = tuple((reduced_total(p), p.bit_count(), bool(p & EMPTY_CARDS))
                      for p in self.piles[:self.players])  # le Mort's pile pays nothing
        kept = self.fool_kept
        fool = None if kept is None else (kept[0], kept[2])
        return (self._hands_key(), self.leader, self.trick_no, piles, fool,
                tuple(self.belle_declared), tuple(self.forfeited))

    def copy(self) -> MarollesDeal:
        """An independent deal in the same state (history and undo included)."""
        new = type(self)(_blank=True)  # compiled classes refuse object.__new__
        for name in ("options", "players", "dealer", "deck", "phase", "to_play", "order_idx", "pending",
                     "leader", "trick_no", "fool_kept", "points", "redeal_asker", "redeal_votes",
                     "_o", "_legal_at", "_legal_list", "_legal_lo", "_legal_hi", "mort_cards", "mort_competes", "corrected",
                     "mort_seen"):
            setattr(new, name, getattr(self, name))
        for name in ("history", "_undo", "piles", "discards", "discard_left",
                     "last_discard", "decl_groups", "belle_declared", "shown", "trick", "tricks",
                     "forfeited", "revokes", "taken_back", "shown_log", "play_log"):
            setattr(new, name, getattr(self, name).copy())
        new.ledger = self.ledger.copy()
        new._split = self._split.copy()
        new.result_info = dict(self.result_info)
        return new

    # ----- results and views -------------------------------------------------------------
    def result(self) -> DealResult:
        if self.phase != "over":
            raise IllegalActionError(f"the deal is not over (phase {self.phase})")
        info: dict = {"forfeited": [s for s in range(self.players) if self.forfeited[s]]}
        if self.redeal_asker >= 0 and self.redeal_votes == self.players - 1:
            info["redeal"] = self.redeal_asker
        if self.fool_kept:
            info["fool_kept"] = self.fool_kept
            if self.fool_kept[1] < self.TRICKS - 1:
                info["fool_excused"] = self.fool_kept
        if self.MORT:
            info["mort_pile"] = self.piles[self.players]
        info.update(self.result_info)
        ledger = self.ledger.copy()  # the result stays as it is if the deal is popped later
        totals, by_source = ledger.summary(self.SOURCES)
        return DealResult(
            scores=tuple(totals),
            card_points=self.points or (0,) * self.players,
            ledger=ledger,
            by_source=by_source,
            info=info,
        )

    def _view(self, seat: Seat) -> View:
        mine = self.to_play == seat and self.phase != "over"
        pending, declaring = 0, None
        if self.pending is not None and self.to_play == seat:
            pending, declaring = self.pending[4], self.pending[0]
        fields = self._view_fields(seat, mine)
        extra = self._public_extra()
        fields["discards"] = self.discards[seat]
        fields["cut_card"] = self.deck[-1]
        fields["shown"] = tuple(self.shown)
        fields["leader"] = self.leader if self.phase in ("play", "declare", "show") else None
        fields["pending_show"] = pending
        fields["pending_declaration"] = declaring
        fields["extra"] = extra
        log = extra.get("play_sequence")
        if log and self.pending is not None and seat != self.to_play:
            del log[-1]  # a declaration being shown is the declarer's own until it is complete
        own = [t for s, t, _, _ in self.revokes if s == seat]
        if own:  # known to the revoker alone until paid or acknowledged
            extra["revokes_to_acknowledge"] = own
        return View.build(fields)

    def seat_view(self, seat: Seat, legal: list[int] | None = None) -> SeatView:
        """``view(seat)``'s fields a rule bot reads (``SeatView``), without the view's dict: the
        same values as ``_view`` gives them (tests/test_seat_view.py); ``legal`` as in
        ``Deal.seat_view``."""
        seat = seat_index(seat, self.players, "seat_view(seat)")
        phase, to_play = self.phase, self.to_play
        mine = to_play == seat and phase != "over"
        pending = self.pending[4] if self.pending is not None and to_play == seat else 0
        lo, hi = self._split.parts(seat)
        return SeatView(
            self.variant, self.options, seat, self.players, self.dealer,
            phase if mine else self.PUBLIC_PHASE.get(phase, phase), to_play, lo, hi,
            self.discards[seat], self._split.sizes(), self.deck[-1], tuple(self.shown),
            tuple(self.tricks), self.leader if phase in ("play", "declare", "show") else None,
            tuple(self.trick), (self.legal_actions() if legal is None else legal) if mine else [],
            pending, self.notation)

    def _public_extra(self) -> dict:
        """Public facts for ``View.extra``: le Mort's cards still face down, who asks for a
        redeal while it is being granted, the cards an acknowledged revoke sent back to their
        hands (``[seat, card]`` each) and then every action of the play in order (the cards
        taken back and the acknowledgments too, and the declarations made at one's first card,
        not the cards chosen to show) and every declaration made at one's first card in order,
        those going back undid included (``[seat, declaration, cards shown]`` each), le Mort's
        next cards seen before going back.
        A seat's own view adds the tricks of its revokes it may still acknowledge."""
        extra: dict = {}
        if self.MORT:
            extra["mort_cards_left"] = len(self.mort_cards) - self.trick_no
        if self.phase == "grant":
            extra["redeal_asker"] = self.redeal_asker
        if self.taken_back:
            extra["taken_back"] = [[s, c] for s, c in self.taken_back]
            extra["play_sequence"] = list(self.play_log)
            if self.shown_log:
                extra["shown_sequence"] = [[s, a, cs] for s, a, cs in self.shown_log]
        if self.mort_seen > self.trick_no:  # le Mort's next cards, seen before going back
            extra["mort_seen"] = list(self.mort_cards[self.trick_no:self.mort_seen])
        return extra

    def card_power(self, card: Card) -> int:
        return suit_power(card)

    @classmethod
    def trick_power(cls, options: Mapping[str, Any]) -> tuple[int, ...]:
        return MAROLLES_TRICKS.power

    def declaration_name(self, action: int) -> str:
        return DECLARATION_NAMES[action]


#: (class, deal_packet, dealer) -> deal_slots, computed once.
_DEAL_SLOTS: Final[dict] = {}
#: Each set of options decoded once (``_Flags``).
_FLAGS: Final[dict[Options, _Flags]] = {}


class Marolles78Deal(MarollesDeal):
    """Marolles's 78-card base game (docs/rules §2): the full pack, 25 cards to each player and
    28 to the dealer, who alone discards 3; 25 tricks; par 26. Otherwise the 1637 rules."""

    variant = "marolles-78"
    title = "Marolles, the 78-card base game: three players"
    OPTIONS = MAROLLES_78_OPTIONS
    PACK = FULL_PACK
    HAND_SIZE = 25
    DEALER_HAND = 28
    DISCARDS = 0
    DEALER_DISCARDS = 3
    TRICKS = 25


class MarollesMortDeal(MarollesDeal):
    """Marolles 1637 for two players with le Mort (docs/rules §1.10, S2 p.4).

    A third hand, le Mort, is dealt face down where the third player would sit (after the
    dealer's opponent, before the dealer): 21 cards, no discards, no declarations, no dealing.
    Its cards are turned up one to each trick, after the two players' cards, in the order they
    were dealt (the deck order is the deal's only chance, so this is le Mort's random draw).
    Le Mort never pays or receives: a Tarot it takes or gives pays nothing, and a player's
    Tarot it captures costs its owner 1 M to the other player. Its 21st card is never turned
    up. Par stays 25. ``View.tricks`` hold three cards, le Mort's last; a trick le Mort takes
    has ``winner == 2`` (``players``).
    """

    variant = "marolles-2p"
    title = "Marolles 1637 for two players, with le Mort"
    OPTIONS = MAROLLES_2P_OPTIONS
    PLAYERS = 2
    MORT = True


__all__ = ["MarollesDeal", "Marolles78Deal", "MarollesMortDeal", "MAROLLES_OPTIONS",
           "MAROLLES_78_OPTIONS", "MAROLLES_2P_OPTIONS", "PACK_66", "follow_duty",
           "suit_power", "DECLARATION_NAMES", "BELLE", "ULTIMO_CARDS"]
