"""The engine of modern French Tarot (FFT rules, 2012; docs/rules §4): ``FrenchDeal`` and its
four-, three- and five-player classes. The flow of a deal, phase by phase, is told in the
package's docstring (``tarot.variants.french``). This module deals the cards, lists the legal
actions, plays the tricks (the Excuse's exchange) and gives undo, copies, the result and the
views; the bidding, the call and the écart are in ``bidding``, the poignée in ``poignees``, the
count and the payments in ``settlement``, the undo entries in ``undo``.

**The deal** (deck order fixes everything): packets of 3 (4 with three players) go to
``dealer + 1``, ``dealer + 2``, ..., the dealer, round after round; the chien's cards are dealt
singly between packets, after packets number ``j * P / (C + 1)`` rounded (halves up) for
``j = 1..C`` (``P`` packets, ``C`` chien cards): after packets 3, 7, 10, 14, 17, 21 with four
players, 3, 5, 8, 10, 13, 15 with three, 6, 13, 19 with five. The first and the last three cards of the pack are
thus never in the chien, which satisfies both ``chien_forbidden`` rules (a table-only option: it
records the table's rule; the engine's deal is the same). ``FrenchDeal.deck_for`` builds the deck that deals
given hands.

**The Excuse** goes back to its owner's camp and the trick's winner receives half a point in
exchange (a low card at the table; if the owner's camp has none, the half point itself, which
is the FFT's "the Excuse counts 4" of a chelem made without it). Played to the last trick it
changes camp (``excuse_last_trick=to_other_camp``): if its own camp wins that trick, it goes to
the other camp, which gives the trick's winner the same half point back, so that four-player
piles never hold half points (docs/rules §4.3); otherwise it is simply captured. The one
exception: a camp that has won every trick and leads the Excuse to the last one wins that
trick with it (a chelem), and the Petit then counts as au bout if it fell in the penultimate
trick, as it does (as always) when it falls in the last one.

**Views**: ``bids`` are public, ``contract`` and ``taker`` once bidding has ended; ``chien`` holds
the chien once it is shown (Prise, Garde: to all, and the taker keeps seeing it) and at the end
(Garde sans / contre: not before); ``discards`` is the écart, in the taker's view only;
``shown`` holds the poignées ``(seat, poignee_..., trumps)``, the trumps forced into the écart
``(taker, done, trumps)`` and, for an annulled deal, ``(holder, done, cards)``: the whole hand
for a Petit sec, the Petit for the seed's first packet rule. With five
players ``called`` is the called card and ``partner`` is None until the called card is played
(then the seat that played it, the taker himself if he plays alone), except in the partner's
own view (his seat), the taker's when the called card is his (his seat), and everyone's when it
was seen in the chien (the taker's seat). ``extra["chelem_announced"]``.

Play is anticlockwise: seat ``s + 1`` plays after seat ``s``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from ...core.actions import DONE, PASS
from ...core.cards import (
    BOUTS, FOOL, FRENCH, FULL_PACK, LOW_PART, PART, SUIT_MASKS, TRUMPS, Card, CardSet, Seat,
    card_phrase, cards_of, cards_of_parts, deal_positions, deal_sets, format_card, mask,
)
from ...core.counting import COUNTING_CARDS, reduced_total
from ...core.deal import CARD_UNDO, CardUndo, seat_index, DealResult, SplitHandsDeal, Undo, View
from ...core.errors import IllegalActionError
from ...core.seat_view import SeatView
from ...core.ledger import Ledger
from ...core.tricks import FFT_TRICKS, follow_duty_parts, follow_reason, led_card, winning_index
from ...core.tricks import SUIT_OF as _SUIT
from .bidding import ECART_FREE, ECART_TRUMPS  # noqa: F401  (read here by the bot)
from .bidding import (
    bid, call, callable_cards, discard, explain_bid, explain_call, explain_ecart, legal_ecart,
)
from .options import FIVE_PLAYER_OPTIONS, FRENCH_OPTIONS, _Flags
from .poignees import declare, explain_poignee, explain_show, legal_show, show, tiers
from .settlement import GARDE, PRISE  # noqa: F401  (the contracts, read here by the tests)
from .settlement import (
    BIDS, CHELEM, GARDE_CONTRE, GARDE_SANS, MULTIPLIER, PETIT, POIGNEE_VALUES, POIGNEES,
    half_point_rounding, per_defender_amount, settle,
)
from .undo import FrenchTrickUndo, FrenchUndo

#: The pack is worth 91 points, 182 half points.
PACK_HALVES: Final = 182

_SUIT_MASK: Final = (*SUIT_MASKS, TRUMPS)


_FLAGS: Final[dict] = {}


#: Per variant class: ``deal_plan``, and per dealer the deck positions of each hand and the chien.
_PLANS: Final[dict[type, tuple[tuple[int, ...], tuple[int, ...]]]] = {}
_POSITIONS: Final[dict[type, tuple[tuple[tuple[int, ...], ...], ...]]] = {}


class FrenchDeal(SplitHandsDeal):
    """One deal of modern French Tarot (docs/rules §4); subclasses fix the number of players."""

    notation = FRENCH
    trick_rules = FFT_TRICKS
    PACK = FULL_PACK
    OPTIONS = FRENCH_OPTIONS
    SOURCES = ("contract", "petit_au_bout", "poignee", "chelem")
    SCORE_UNIT = "points"
    MISTAKE_SIZES = (5.0, 15.0, 40.0)  # docs/review.md
    #: Cards per hand, cards per packet, cards in the chien, poignée sizes.
    HAND: ClassVar[int] = 18
    PACKET: ClassVar[int] = 3
    CHIEN: ClassVar[int] = 6
    POIGNEE_SIZES: ClassVar[tuple[int, int, int]] = (10, 13, 15)
    #: Trumps 2 to 20 and suit cards 1 to 10: worth half a point each, nothing when played.
    PLAIN_CARDS: ClassVar[CardSet] = FULL_PACK & ~COUNTING_CARDS
    POSITION_KEYS: ClassVar[bool] = True

    __slots__ = (
        "options", "dealer", "deck", "phase", "to_play", "history", "_undo", "_legal_at", "_legal_list", "_legal_lo", "_legal_hi", "_o",
        "chien", "ecart", "bids", "high", "order_idx", "contract", "taker", "called",
        "partner", "camp", "revealed", "chien_shown", "chelem", "asked", "pending", "shown",
        "trick", "leader", "trick_no", "tricks", "piles", "ledger", "adj", "excuse", "poignee",
        "last_discard", "ecart_left", "ecart_trumps", "annulled", "outcome",
    )

    def __init__(self, options: Mapping[str, object] | None = None, *, seed: object = None,
                 deck: Sequence[Card] | None = None, dealer: object = 0,
                 rng: random.Random | None = None, _blank: bool = False) -> None:
        if _blank:
            return  # an empty deal for copy(), which sets every attribute
        self.options = self.make_options(options)
        self.players = self.PLAYERS
        o = self.options
        flags = _FLAGS.get(o)
        if flags is None:
            flags = _FLAGS[o] = _Flags(o)
        self._o = flags
        n = self.players
        self.dealer = seat_index(dealer, n, "dealer")
        self.deck = self.check_deck(deck) if deck is not None else tuple(self.shuffled_deck(seed, rng))
        self.history: list[int] = []
        self._undo: list[Undo] = []
        self._legal_at, self._legal_list = -1, []
        self._legal_lo, self._legal_hi = -1, 0
        hands, self.chien = self._deal_hands()
        self._set_hands(hands)
        self.ecart = 0
        self.bids: list[tuple[Seat, int]] = []
        self.high = 0                    # the highest bid so far (0: none)
        self.order_idx = 0
        self.contract: int | None = None
        self.taker: Seat | None = None
        self.called: Card | None = None
        self.partner: Seat | None = None  # the holder of the called card (None: alone)
        self.camp = 0                    # the taker's camp, as a set of seats (bits)
        self.revealed = False            # the called card has been played
        self.chien_shown = False
        self.chelem = False
        self.asked = 0                   # seats that have had their chance of a poignée
        self.pending: tuple | None = None
        self.shown: list[tuple[Seat, int, CardSet]] = []
        self.trick: list[Card] = []
        self.leader = (self.dealer + 1) % n
        self.trick_no = 0
        self.tricks: list[tuple[Seat, tuple[Card, ...], Seat]] = []
        self.piles = [0] * n
        self.ledger = Ledger(n)
        self.adj = 0                     # half points the taker's camp gains by the Excuse exchange
        self.excuse: tuple | None = None  # (owner, trick, seat whose pile holds it)
        self.poignee = 0                 # the sum of the poignées declared
        self.last_discard = -1
        self.ecart_left = 0
        self.ecart_trumps = 0            # trumps the écart must hold (unavoidable ones)
        self.annulled: str | None = None
        self.outcome: dict[str, Any] | None = None
        self.phase = "bid"
        self.to_play: Seat | None = (self.dealer + 1) % n
        self._check_petit()

    # ----- dealing -----------------------------------------------------------------------
    @classmethod
    def deal_plan(cls) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(recipient, packet) per deck position: the recipient counted from the dealer's
        right (0) anticlockwise, -1 for the chien; the packet's number (-1 for the chien)."""
        plan = _PLANS.get(cls)
        if plan is None:
            n, k = cls.PLAYERS, cls.CHIEN
            packets = n * cls.HAND // cls.PACKET
            gaps = {((j + 1) * packets * 2 + k + 1) // (2 * (k + 1)) for j in range(k)}
            who: list[int] = []
            packet_no: list[int] = []
            for i in range(packets):
                who += [i % n] * cls.PACKET
                packet_no += [i] * cls.PACKET
                if i + 1 in gaps:
                    who.append(-1)
                    packet_no.append(-1)
            plan = _PLANS[cls] = (tuple(who), tuple(packet_no))
        return plan

    def _deal_hands(self) -> tuple[list[CardSet], CardSet]:
        """Each seat's hand and the chien, from the deck and ``deal_plan``."""
        plans = _POSITIONS.get(type(self))
        if plans is None:  # per dealer: the deck positions of each seat's hand, then the chien's
            n = self.players
            plans = _POSITIONS[type(self)] = tuple(
                deal_positions([n if r < 0 else (d + 1 + r) % n for r in self.deal_plan()[0]], n + 1)
                for d in range(n))
        hands = deal_sets(self.deck, plans[self.dealer])
        chien = hands.pop()
        return hands, chien

    @classmethod
    def deck_for(cls, hands: Mapping[Seat, CardSet], chien: CardSet, dealer: Seat = 0) -> list[Card]:
        """The deck order that deals ``hands`` (seat -> card set) and ``chien`` from ``dealer``.

        >>> from tarot.core.cards import mask
        >>> d = FrenchDeal4.deck_for({s: mask(range(18 * s, 18 * s + 18)) for s in range(4)},
        ...                          mask(range(72, 78)), dealer=3)
        >>> FrenchDeal4(deck=d, dealer=3).hands[2] == mask(range(36, 54))
        True
        """
        n = cls.PLAYERS
        if sorted(hands) != list(range(n)) or any(h.bit_count() != cls.HAND for h in hands.values()) \
                or chien.bit_count() != cls.CHIEN:
            raise IllegalActionError(f"{cls.variant} needs {n} hands of {cls.HAND} cards and a chien "
                                     f"of {cls.CHIEN}")
        left = {s: cards_of(h) for s, h in hands.items()}
        rest = cards_of(chien)
        deck = []
        for r in cls.deal_plan()[0]:
            deck.append(rest.pop(0) if r < 0 else left[(dealer + 1 + r) % n].pop(0))
        return list(cls.check_deck(deck))

    def _check_petit(self) -> None:
        """Petit sec, or the seed's Petit in a first packet: the deal is annulled (§4.1, §4.6)."""
        rule = self._o.petit_rule
        if rule == "none":
            return
        n = self.players
        if rule == "petit_sec":
            for s in range(n):
                if self._split.parts(s)[0] & (TRUMPS | 1) == 1 << PETIT:  # the trumps and the Excuse are low
                    self._annul(s, "petit_sec")
                    return
            return
        pos = self.deck.index(PETIT)
        who, packet = self.deal_plan()
        if who[pos] >= 0 and packet[pos] < n:
            self._annul((self.dealer + 1 + who[pos]) % n, "first_packet")

    def _annul(self, seat: Seat, why: str) -> None:
        """End the deal unplayed. A Petit sec is proved by showing the whole hand (FFT: the
        holder announces it and spreads his cards); the seed's first packet rule shows the Petit."""
        self.annulled = why
        self.shown.append((seat, DONE, self.hand(seat) if why == "petit_sec" else 1 << PETIT))
        self.phase, self.to_play = "over", None

    # ----- legal actions -----------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        ph = self.phase
        self._legal_lo = -1
        if ph == "play":
            lo, hi = self._legal_play_parts()
            self._legal_lo, self._legal_hi = lo, hi
            return cards_of_parts(lo, hi)
        if ph == "bid":
            return [PASS] + [b for b in BIDS if b > self.high]
        if ph == "ecart":
            return cards_of(legal_ecart(self))
        if ph == "poignee":
            return [DONE] + tiers(self, self._seat())
        if ph == "show":
            return cards_of(legal_show(self))
        if ph == "chelem":
            return [DONE, CHELEM]
        if ph == "call":
            return cards_of(callable_cards(self))
        return []

    def is_legal(self, action: int) -> bool:
        if self._legal_at == len(self.history):
            return self._listed_legal(action)
        if self.phase == "play" and 0 <= action < 78:
            return bool(self._legal_play() >> action & 1)
        return action in self._legal_actions()

    def _legal_play(self) -> CardSet:
        lo, hi = self._legal_play_parts()
        return lo | hi << PART

    def _legal_play_parts(self) -> tuple[CardSet, CardSet]:
        """The cards the seat to play may play, as the two parts of a card set (``cards.PART``)."""
        lo, hi = self._legal_by_suit()
        if (self.chelem and lo & 1 and self.to_play == self.taker and self.trick_no < self.HAND - 1
                and not self._chelem_known_lost()):
            # §4.1: in a successful chelem the announcer plays the Excuse last: he keeps it for
            # the last trick until he knows a trick is lost (then it is free)
            if lo & ~1 or hi:
                return lo & ~1, hi
        return lo, hi

    def _chelem_known_lost(self) -> bool:
        """Whether the taker knows that his camp has lost a trick: one was won by a seat he knows
        to be a defender, or, his partner still secret to him, by two different seats or by a
        seat that has shown it lacks the called suit (it cannot hold the called card). It is
        judged on what he knows (``view(taker).partner`` and the cards played), so that his
        legal actions do not tell him who his secret partner is (§4.4)."""
        taker = self._taker()
        others = {w for _, _, w in self.tricks if w != taker}
        if not others:
            return False
        known = self._partner_known_to(taker) if self.players == 5 else taker
        if known is None:
            return len(others) > 1 or any(self._void_in_called() >> w & 1 for w in others)
        return others != {known}

    def _void_in_called(self) -> int:
        """The seats (a bit each) that have played another card than the Excuse to a trick led
        in the called card's suit: in public view, they do not hold the called card."""
        assert self.called is not None
        suit, n, out = _SUIT[self.called], self.players, 0
        for leader, cards in [*((ld, cs) for ld, cs, _ in self.tricks), (self.leader, tuple(self.trick))]:
            led = [c for c in cards if c != FOOL]
            if not led or _SUIT[led[0]] != suit:
                continue
            for i, c in enumerate(cards):
                if c != FOOL and _SUIT[c] != suit:
                    out |= 1 << (leader + i) % n
        return out

    def _partner_known_to(self, seat: Seat) -> Seat | None:
        """The taker's partner as ``seat`` knows him (``View.partner``): the seat that holds the
        called card once it is played or to its holder, the taker himself when he plays alone
        and knows it (the called card his or seen in the chien), else None. None without a call."""
        if self.called is None:
            return None
        taker = self.taker
        alone = self.partner is None
        if self.phase == "over" or self.revealed:
            return taker if alone else self.partner
        if alone and self.chien_shown and self.chien >> self.called & 1:
            return taker  # the called card was seen in the chien: he plays alone
        if seat == self.partner:
            return seat
        if seat == taker and alone and (self.hand(taker) | self.ecart) >> self.called & 1:
            return taker  # he knows he plays alone: the called card is his
        return None

    def _legal_by_suit(self) -> tuple[CardSet, CardSet]:
        """The cards the seat to play may play by the rules of following, trumping and
        overtrumping (the Excuse at any time: ``FFT_TRICKS``) and the five-player opening lead,
        as the two parts of a card set (``SplitHands``; the Excuse and the trumps are low)."""
        p = self._seat()
        lo, hi = self._split.parts(p)
        trick = self.trick
        if self.players == 5 and self.trick_no == 0 and not trick and self.called is not None:
            called = self.called
            rest = self.hand(p) & ~(_SUIT_MASK[_SUIT[called]] & ~(1 << called))
            # the opening lead: not the called suit, unless the called card itself (binds
            # the leader only: after the Excuse led, the next card is free)
            if rest:
                return rest & LOW_PART, rest >> PART
        return follow_duty_parts(lo, hi, trick, True)  # FFT_TRICKS: overtrump

    def _taker(self) -> Seat:
        """The taker, once bidding has ended with a contract."""
        t = self.taker
        assert t is not None, "no contract"
        return t

    # ----- explaining a refusal ----------------------------------------------------------
    def explain_illegal(self, action: int) -> str:
        ph, p = self.phase, self._seat()
        if ph == "bid":
            return explain_bid(self, action)
        if ph == "chelem":
            return (f"{self.action_token(action)} is not legal now: the taker announces a chelem "
                    "(chelem) or not (done)")
        if ph == "poignee":
            return explain_poignee(self, action)
        if action >= 78:
            what = {"play": "play", "ecart": "discard", "show": "show", "call": "call"}.get(ph, ph)
            return f"{self.action_token(action)} is not legal now: seat {p} must {what} a card"
        if ph == "call":
            return explain_call(self, action)
        if ph == "show":
            return explain_show(self, action)
        if not self.hand(p) >> action & 1:
            return f"seat {p} does not hold {card_phrase(action, self.notation)}"
        if ph == "ecart":
            return explain_ecart(self, action)
        if ph == "play":
            return self._explain_play(action)
        return super().explain_illegal(action)

    def _explain_play(self, action: int) -> str:
        """Why ``action``, a card of the hand, cannot be played (§4.1, §4.4)."""
        if action == FOOL:
            return ("the chelem was announced: until he knows a trick is lost, the taker keeps "
                    "the Excuse for the last trick")
        if led_card(self.trick) < 0:
            return ("the opening lead may not be in the called suit, unless it is the called "
                    "card itself")
        return follow_reason(self.hand(self._seat()), self.trick, action, self.trick_rules, self.notation)

    # ----- applying actions --------------------------------------------------------------
    def _apply(self, a: int) -> None:
        ph = self.phase
        if ph == "play":
            self._play(a)
        elif ph == "bid":
            bid(self, a)
        elif ph == "ecart":
            discard(self, a)
        elif ph == "poignee":
            declare(self, a)
        elif ph == "show":
            show(self, a)
        elif ph == "chelem":
            self.chelem = a == CHELEM
            self.leader = self._taker() if self.chelem else (self.dealer + 1) % self.players
            self.to_play = self.leader
            self._begin_turn()
        elif ph == "call":
            call(self, a)

    def _begin_turn(self) -> None:
        """Before his first card a player may declare a poignée (§4.1)."""
        if self.trick_no == 0:
            p = self._seat()
            if not self.asked >> p & 1 and tiers(self, p):
                self.phase = "poignee"
                return
        self.phase = "play"

    #: a poignée is offered only to a hand that holds one, and a choice of the trumps shown
    #: only to a hand that holds more: the others see the seat to play
    PUBLIC_PHASE: ClassVar[dict[str, str]] = {"poignee": "play", "show": "play"}

    def in_play(self) -> bool:
        return self.phase in ("play", "poignee", "show")  # a poignée is shown at one's first card

    def _play(self, c: int) -> None:
        p = self._seat()
        self._split.lose(p, c)
        trick = self.trick
        trick.append(c)
        called = self.called
        if called is not None and c == called:
            self.revealed = True
        n = self.players
        if len(trick) < n:
            self.to_play = (p + 1) % n
            if self.trick_no == 0:
                self._begin_turn()
            return
        leader, t = self.leader, self.trick_no
        last = t == self.HAND - 1
        camp = self.camp
        if last and trick[0] == FOOL and self._won_all(camp >> leader & 1):
            winner = leader  # the chelem exception: the Excuse led to the last trick wins it
        else:
            winner = (leader + winning_index(trick)) % n
        gain = mask(trick)
        if gain & 1 and self._excuse_leaves(winner, last):
            gain ^= 1
        self.piles[winner] |= gain
        self.tricks.append((leader, tuple(trick), winner))
        self.trick = []
        self.leader = winner
        self.trick_no = t + 1
        if last:
            settle(self)
        else:
            self.to_play = winner
            self.phase = "play"

    def _excuse_leaves(self, winner: Seat, last: bool) -> bool:
        """The Excuse is in the trick just completed, won by ``winner``: whether it leaves the
        trick, and for which pile (``excuse``; ``adj``, the half point its exchange moves).
        It stays in its owner's camp, exchanged for a half-point card, except played to the
        last trick, where it changes camp (or goes to the trick's winner, as an option), unless
        that trick completes a chelem (§4.1: in a taker's chelem without the Excuse, it stays
        with the defence and counts 4 points)."""
        n, camp, t = self.players, self.camp, self.trick_no
        owner = (self.leader + self.trick.index(FOOL)) % n
        ours = camp >> owner & 1
        theirs = camp >> winner & 1
        if not last or winner == owner or self._won_all(theirs):
            self.piles[owner] |= 1
            self.excuse = (owner, t, owner)
            if ours != theirs:
                self.adj = 1 if theirs else -1
            return True
        if self._o.other_camp and ours == theirs:
            to = self._taker() if not ours else next(s for s in range(n) if not camp >> s & 1)
            self.piles[to] |= 1
            self.excuse = (owner, t, to)
            self.adj = 1 if theirs else -1
            return True
        self.excuse = (owner, t, winner)
        return False

    def tricks_left(self) -> int:
        return self.HAND - self.trick_no  # one trick a card in hand

    def allies(self, seat: Seat) -> frozenset[Seat]:
        """The camp of ``seat``: the taker and his partner, or the defenders (every seat
        alone while there is no taker)."""
        taker = self.taker
        if taker is None or taker < 0:
            return frozenset((seat,))
        camp = {taker}
        partner = self.partner
        if partner is not None and partner >= 0:
            camp.add(partner)
        if seat in camp:
            return frozenset(camp)
        return frozenset(range(self.players)) - camp

    def position_key(self) -> tuple | None:
        """At the start of a trick in play, a key of all the rest of the deal depends on: two
        positions with one key, played on alike, end with the same scores. It holds the hands,
        the leader, what the taker's camp has won as far as the count goes (half points and
        bouts), the Excuse's exchange, whether either camp has won every trick, and who won the
        Petit if it fell in the last trick (the Excuse won at the end of a chelem leaves petit
        au bout to it). None in other positions. The exact solver's transposition table."""
        if self.phase != "play" or self.trick:
            return None
        camp = self.camp
        taker_pile = 0
        for s, pile in enumerate(self.piles):
            if camp >> s & 1:
                taker_pile |= pile
        taker_all = defence_all = True
        for _, _, w in self.tricks:
            if camp >> w & 1:
                defence_all = False
            else:
                taker_all = False
        petit = 0
        if self.tricks and PETIT in self.tricks[-1][1]:
            petit = 1 if camp >> self.tricks[-1][2] & 1 else -1
        return (self._hands_key(), self.leader, self.trick_no,
                2 * reduced_total(taker_pile) + taker_pile.bit_count(),
                (taker_pile & BOUTS).bit_count(), self.adj, self.revealed, taker_all, defence_all,
                petit)

    def _won_all(self, taker_camp: int) -> bool:
        """Whether the taker's camp (``taker_camp`` 1) or the defence (0) won every trick so far."""
        camp = self.camp
        return all((camp >> w & 1) == taker_camp for _, _, w in self.tricks)

    # ----- the count and the settlement (§4.2, §4.3) -------------------------------------
    def camp_piles(self) -> tuple[CardSet, CardSet]:
        """(taker's camp, defence): the cards each camp counts at the end (the écart or the chien
        included as the contract says)."""
        taker, defence = 0, 0
        for s in range(self.players):
            if self.camp >> s & 1:
                taker |= self.piles[s]
            else:
                defence |= self.piles[s]
        if self.contract == GARDE_CONTRE:
            defence |= self.chien
        elif self.contract == GARDE_SANS:
            taker |= self.chien
        else:
            taker |= self.ecart
        return taker, defence

    # ----- undo, copy --------------------------------------------------------------------
    def _snapshot(self) -> Undo:
        if self.phase == "play":
            if len(self.trick) < self.players - 1:
                return CARD_UNDO[self._seat()]  # a card that does not end its trick changes only these
            if self.trick_no < self.HAND - 1:
                return FrenchTrickUndo(self)
        return FrenchUndo(self)

    def _restore(self, s: Undo) -> None:
        if isinstance(s, CardUndo):
            c = self.history[-1]
            self._split.take_back(s.seat, c)
            self.trick.pop()
            if c == self.called:
                self.revealed = False
            self.to_play, self.phase = s.seat, "play"
        elif isinstance(s, FrenchTrickUndo):
            s.restore(self)
        else:
            assert isinstance(s, FrenchUndo)
            s.restore(self)

    def copy(self) -> FrenchDeal:
        """An independent deal in the same state (history and undo included)."""
        new = type(self)(_blank=True)  # compiled classes refuse object.__new__
        for name in ("options", "players", "dealer", "deck", "phase", "to_play", "_legal_at", "_legal_list", "_legal_lo", "_legal_hi", "_o", "chien",
                     "ecart", "high", "order_idx", "contract", "taker", "called", "partner", "camp",
                     "revealed", "chien_shown", "chelem", "asked", "pending", "leader", "trick_no",
                     "adj", "excuse", "poignee", "last_discard", "ecart_left", "ecart_trumps",
                     "annulled", "outcome"):
            setattr(new, name, getattr(self, name))
        for name in ("history", "_undo", "bids", "shown", "trick", "tricks", "piles"):
            setattr(new, name, getattr(self, name).copy())
        new.ledger = self.ledger.copy()
        new._split = self._split.copy()
        return new

    # ----- results and views -------------------------------------------------------------
    def result(self) -> DealResult:
        if self.phase != "over":
            raise IllegalActionError(f"the deal is not over (phase {self.phase})")
        n = self.players
        ledger = self.ledger.copy()  # the result stays as it is if the deal is popped later
        totals, by_source = ledger.summary(self.SOURCES)
        info: dict[str, Any] = {}
        if self.annulled:
            info["annulled"] = self.annulled
            info["petit_holder"] = self.shown[0][0]
        elif self.outcome is None:
            info["all_passed"] = True
        else:
            info.update(self.outcome)
            info["contract"] = self.action_token(self.contract)  # type: ignore[arg-type]
            info["taker"] = self.taker
            info["chelem_announced"] = self.chelem
            if n == 5:
                info["called"] = format_card(self.called, self.notation)  # type: ignore[arg-type]
                info["partner"] = self.partner
            if self.excuse is not None:
                info["excuse"] = list(self.excuse)
        pts = self.outcome["points"] if self.outcome else None
        card_points = tuple(0 if pts is None else pts if self.camp >> s & 1 else 91 - pts
                            for s in range(n))
        return DealResult(scores=tuple(totals), card_points=card_points, ledger=ledger,
                          by_source=by_source, info=info)

    def summary(self) -> dict[str, Any]:
        """``contract`` (bid name or None), ``taker``, ``points`` (the taker camp's card points
        after rounding), ``bouts`` (the taker camp's), and ``partner`` with five players."""
        o = self.outcome
        out: dict[str, Any] = {
            "contract": self.action_token(self.contract) if self.contract else None,
            "taker": self.taker if self.contract else None,
            "points": o["points"] if o else None,
            "bouts": o["bouts"] if o else None,
        }
        if self.players == 5:
            out["partner"] = self.partner if o else None
        return out

    def _view(self, seat: Seat) -> View:
        over = self.phase == "over"
        mine = self.to_play == seat and not over
        taker = self.taker
        pending, declaring = 0, None
        if self.pending is not None and mine:
            pending, declaring = self.pending[3], self.pending[0]
        partner = self._partner_known_to(seat)
        bidding_over = self.phase not in ("bid",) and self.contract is not None
        extra: dict[str, Any] = {"chelem_announced": self.chelem}
        if self.annulled:
            extra["annulled"] = self.annulled
        fields = self._view_fields(seat, mine)
        fields.update({
            "discards": self.ecart if seat == taker else 0,
            "cut_card": None,
            "shown": tuple(self.shown),
            "leader": self.leader if self.phase in ("play", "poignee", "show") else None,
            "pending_show": pending,
            "pending_declaration": declaring,
            "bids": tuple(self.bids),
            "contract": self.contract if bidding_over else None,
            "taker": taker if bidding_over else None,
            "chien": self.chien if (self.chien_shown or over) else 0,
            "called": self.called,
            "partner": partner,
            "extra": extra,
        })
        return View.build(fields)

    def seat_view(self, seat: Seat, legal: list[int] | None = None) -> SeatView:
        """``view(seat)``'s fields a rule bot reads (``SeatView``), without the view's dict: the
        same values as ``_view`` gives them (tests/test_seat_view.py); ``legal`` as in
        ``Deal.seat_view``."""
        seat = seat_index(seat, self.players, "seat_view(seat)")
        phase, to_play, taker = self.phase, self.to_play, self.taker
        mine = to_play == seat and phase != "over"
        pending = self.pending[3] if self.pending is not None and mine else 0
        lo, hi = self._split.parts(seat)
        bidding_over = phase != "bid" and self.contract is not None
        return SeatView(
            self.variant, self.options, seat, self.players, self.dealer,
            phase if mine else self.PUBLIC_PHASE.get(phase, phase), to_play, lo, hi,
            self.ecart if seat == taker else 0,
            self._sizes_in_play() if phase in ("play", "poignee", "show") else self._split.sizes(),
            None, tuple(self.shown),
            tuple(self.tricks), self.leader if phase in ("play", "poignee", "show") else None,
            tuple(self.trick), (self.legal_actions() if legal is None else legal) if mine else [],
            pending, self.notation,
            taker if bidding_over else None, self._partner_known_to(seat))

    def _sizes_in_play(self) -> tuple[int, ...]:
        """The number of cards in each hand once the play has begun, without counting them: a
        card a trick still to come, less the card a seat has put on the table (§4.1)."""
        n, left, leader, played = self.players, self.HAND - self.trick_no, self.leader, len(self.trick)
        return tuple([left - 1 if (s - leader) % n < played else left for s in range(n)])

    def set_apart(self) -> list[tuple[Seat | None, str, list[tuple[Card, ...]]]]:
        """The chien, dealt face down (docs/rules §4.1)."""
        return [(None, "chien", [tuple(cards_of(self.chien))])]


class FrenchDeal4(FrenchDeal):
    """Four players (§4.1): 18 cards each, by threes; chien of 6; poignées 10/13/15."""

    variant = "fft-4p"
    title = "French Tarot (FFT): four players"
    PLAYERS = 4
    __slots__ = ()


class FrenchDeal3(FrenchDeal):
    """Three players (§4.3): 24 cards each, by fours; chien of 6; poignées 13/15/18."""

    variant = "fft-3p"
    title = "French Tarot (FFT): three players"
    PLAYERS = 3
    HAND = 24
    PACKET = 4
    POIGNEE_SIZES = (13, 15, 18)
    __slots__ = ()


class FrenchDeal5(FrenchDeal):
    """Five players (§4.4): 15 cards each, by threes; chien of 3; a called King; poignées
    8/10/13."""

    variant = "fft-5p"
    title = "French Tarot (FFT): five players, a called King"
    PLAYERS = 5
    OPTIONS = FRENCH_OPTIONS + FIVE_PLAYER_OPTIONS
    HAND = 15
    CHIEN = 3
    POIGNEE_SIZES = (8, 10, 13)
    __slots__ = ()


__all__ = ["FrenchDeal", "FrenchDeal3", "FrenchDeal4", "FrenchDeal5", "FRENCH_OPTIONS",
           "FIVE_PLAYER_OPTIONS", "winning_index", "half_point_rounding", "per_defender_amount",
           "MULTIPLIER", "POIGNEES", "POIGNEE_VALUES", "BIDS"]
