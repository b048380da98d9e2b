"""Early French Tarot, 2 to 6 players, 12 cards each (docs/rules §3: du Coeur's redaction of
Dummett's seventeenth-century French Tarot, second version).

The pack is the Italian-suited 78 (the game is played with such a pack, so the variant writes
cards in the ``ITALIAN`` notation: Swords, Batons, Cups, Coins, ``F`` for the Fool).

**Seats and direction.** ``direction=anticlockwise`` (default, Dummett): seat ``s + 1`` plays
after seat ``s``; ``clockwise``: seat ``s - 1``. The *eldest* is the next player after the
dealer in the direction of play; he receives the first card and leads the first trick.

**The deal** (§3.2 step 1). The deck order fixes it: cards are dealt one at a time from the top
(``deck[0]`` first), in the direction of play starting with the eldest, twelve rounds; the
other ``78 - 12n`` cards (``deck[12n:]``) are set aside unseen: they take no part and appear in
no view.

**Play** (§3.3). Twelve tricks, the eldest leads the first, the winner of each leads the next.
Follow suit; else trump; if trumps are led, trump if possible; if void in both, any card. The
Fool may be played at any time (led too, and to the last trick). A Fool led is "invisible": the
next card sets the suit. The highest trump wins, else the highest card of the suit led; every
suit ranks K Q C J 10 .. 1, unless ``reverse_round_suits=true`` (Cups and Coins K Q C J 1 .. 10).
The Fool never wins.

**The Fool's consolation** (§3.3), modelled as actions. At the end of the trick the Fool goes
back to its owner's pile and the owner gives the trick's winner one card *he has won*: any card
of his pile except the Fool, i.e. a card of a trick he won (when a debt is paid, the trick just
won included). The choice is an action in phase ``consolation`` (the owner to play, one card
action naming a card of his pile) when ``consolation_choice=giver_chooses`` and more than one
card is possible; otherwise it is made for him (the only card, or with ``lowest_value_forced``
the card of lowest scoring value, the lowest card id among equals), and nothing is recorded.
If he has won nothing yet, the card is owed: he pays it right after the next trick he wins (to
the winner of the Fool's trick; same choice rules). If he wins no trick at all, after the last
trick the Fool itself goes to the player who won the trick it was played to (*surrender*). So
every player ends with ``n × tricks won`` cards, and Σ(cards − 12) = 0.

**Scoring** (§3.3). A hand scores, per player, (cards won − ``card_count_baseline``) plus the
values of the scoring cards in his pile (``scoring_table``, §3.1). These are ``result().scores``;
they are not zero-sum and no marque changes hands, so the ledger stays empty. ``by_source``
splits the score into ``cards`` and ``scoring_cards``; ``card_points`` are the scoring-card
points. A game to 50 (``EarlyFrenchGame``) adds the hands up and applies ``end_rule``.

>>> d = EarlyFrenchDeal({"players": 3}, seed=1)
>>> d.phase, d.to_play, [h.bit_count() for h in d.hands]
('play', 1, [12, 12, 12])
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ...core.cards import (
    card_phrase,
    CAVALIERS, FOOL, FULL_PACK, ITALIAN, JACKS, KINGS, QUEENS, Card, CardSet, Seat, cards_of, mask,
)
from ...core.counting import COUNTING_CARDS
from ...core.deal import CARD_UNDO, CardUndo, seat_index, Deal, DealResult, Undo, View
from ...core.errors import IllegalActionError
from ...core.ledger import Ledger
from ...core.options import Option, Options
from ...core.tricks import (
    EARLY_FRENCH_REVERSED_TRICKS, EARLY_FRENCH_TRICKS, PLAIN_POWER, REVERSED_POWER, TrickRules,
    follow_duty, follow_reason, winning_index,
)

HAND_SIZE: Final = 12
TRICKS: Final = 12
#: The sources of a hand's score (``DealResult.by_source`` keys).
EARLY_FRENCH_SOURCES: Final = ("cards", "scoring_cards")

_XXI_I: Final[CardSet] = (1 << 21) | (1 << 1)
#: Scoring-card tables (§3.1, §3.4 ``scoring_table``): (cards, value) pairs; other cards 0.
SCORING_TABLES: Final[dict[str, tuple[tuple[CardSet, int], ...]]] = {
    "du_coeur_s6": ((1, 5), (_XXI_I | KINGS, 4), (QUEENS, 3), (CAVALIERS, 2), (JACKS, 1)),
    "nominal": ((1 | _XXI_I | KINGS, 5), (QUEENS, 4), (CAVALIERS, 3), (JACKS, 2)),
    "reduced": ((1 | _XXI_I | KINGS, 4), (QUEENS, 3), (CAVALIERS, 2), (JACKS, 1)),
}
#: The same tables card by card: table -> value of each card id.
CARD_VALUES: Final[dict[str, tuple[int, ...]]] = {
    name: tuple(next((v for m, v in table if m >> c & 1), 0) for c in range(78))
    for name, table in SCORING_TABLES.items()
}

#: Trick-taking power of each card (tarot.core.tricks): plain, every suit K Q C J 10 .. 1;
#: reversed (``reverse_round_suits``), Cups and Coins K Q C J 1 .. 10 as in Marolles.
POWER_PLAIN: Final = PLAIN_POWER
POWER_REVERSED: Final = REVERSED_POWER


def scoring_points(pile: CardSet, table: str = "du_coeur_s6") -> int:
    """Σ scoring-card values of ``pile`` under ``table`` (§3.1).

    >>> from tarot.core.cards import parse_cards
    >>> scoring_points(mask(parse_cards("F T21 T1 KS QB CC JD 7S")))   # 5 + 4 + 4 + 4 + 3 + 2 + 1
    23
    >>> scoring_points(FULL_PACK), scoring_points(FULL_PACK, "nominal"), scoring_points(FULL_PACK, "reduced")
    (53, 71, 52)
    """
    return sum((pile & m).bit_count() * v for m, v in SCORING_TABLES[table])


EARLY_FRENCH_OPTIONS: Final[tuple[Option, ...]] = (
    Option("players", ("2", "3", "4", "5", "6"), "4",
           "Number of players, 2 to 6 (four is best).", "S5"),
    Option("hand_size", ("12",), "12", "Cards dealt to each player; the rest are set aside unseen.",
           "S5"),
    Option("direction", ("anticlockwise", "clockwise"), "anticlockwise",
           "Direction of dealing and play: anticlockwise (seat s+1 after seat s) or clockwise "
           "(seat s-1 after seat s). The deal passes the same way.", "Dummett via S5; S7 clockwise"),
    Option("reverse_round_suits", ("false", "true"), "false",
           "Whether Cups and Coins rank K Q C J A 2 .. 10 (as in Marolles) instead of K Q C J 10 .. A.",
           "S5 deliberately omits"),
    Option("scoring_table", ("du_coeur_s6", "nominal", "reduced"), "du_coeur_s6",
           "Values of the scoring cards: du_coeur_s6 (Fool 5, XXI 4, I 4, Kings 4, Queens 3, "
           "Cavaliers 2, Jacks 1), nominal (Tarots 5, Q 4, C 3, J 2) or reduced (Tarots 4, Q 3, "
           "C 2, J 1).", "§3.1"),
    Option("card_count_baseline", ("12",), "12",
           "A hand scores one point per card won above this number (minus one per card short).",
           "S5"),
    Option("consolation_choice", ("giver_chooses", "lowest_value_forced"), "giver_chooses",
           "The card the Fool's owner gives the trick's winner: any card he has won, his choice, "
           "or forcibly his lowest-valued one (lowest card id among equals).",
           "S5 'any other card'"),
    Option("fool_lead_allowed", ("true",), "true", "The Fool may be led; the next card sets the suit.",
           "S5"),
    Option("fool_in_last_trick", ("allowed_no_penalty",), "allowed_no_penalty",
           "The Fool may be played to the last trick, with no penalty.", "S5 'at any time'"),
    Option("target", ("50",), "50", "A game ends after a hand in which someone has this total.",
           "S5", (1, 1000)),
    Option("end_rule", ("highest_total_split_ties", "highest_total_replay_ties", "instant_win"),
           "highest_total_split_ties",
           "When several players pass the target: the highest total wins and ties split the stake; "
           "or ties play on (further hands until one total is highest alone); or the first "
           "player whose running total reaches the target during play wins at once. The running "
           "total is the game's total plus the hand as it would count if it ended then (cards won "
           "− 12 included), looked at after each trick once its consolation is given; players "
           "reaching the target at the same moment share the win if their totals are equal, else "
           "the highest wins.",
           "S5 suggestion"),
)


class EarlyFrenchUndo(Undo):
    """The undo entry of a card that ends a trick, or of a consolation card: the whole state
    of the deal, but for the lists that only grow (tricks, consolations: their lengths)."""

    __slots__ = ("phase", "to_play", "hands", "piles", "trick", "leader", "trick_no", "n_tricks",
                 "fool_owner", "fool_trick", "fool_receiver", "debt", "n_consolations", "surrendered")

    def __init__(self, d: EarlyFrenchDeal) -> None:
        self.phase, self.to_play, self.leader, self.trick_no = d.phase, d.to_play, d.leader, d.trick_no
        self.hands, self.piles, self.trick = tuple(d._hands), tuple(d.piles), tuple(d.trick)
        self.n_tricks, self.n_consolations = len(d.tricks), len(d.consolations)
        self.fool_owner, self.fool_trick, self.fool_receiver = d.fool_owner, d.fool_trick, d.fool_receiver
        self.debt, self.surrendered = d.debt, d.surrendered

    def restore(self, d: EarlyFrenchDeal) -> None:
        d.phase, d.to_play, d.leader, d.trick_no = self.phase, self.to_play, self.leader, self.trick_no
        d._hands, d.piles, d.trick = list(self.hands), list(self.piles), list(self.trick)
        del d.tricks[self.n_tricks:]
        del d.consolations[self.n_consolations:]
        d.fool_owner, d.fool_trick, d.fool_receiver = self.fool_owner, self.fool_trick, self.fool_receiver
        d.debt, d.surrendered = self.debt, self.surrendered


class EarlyFrenchDeal(Deal):
    """One hand of Early French Tarot (docs/rules §3); see the module docstring."""

    variant = "early-french"
    title = "Early French Tarot: 2 to 6 players, 12 cards each"
    OPTIONS = EARLY_FRENCH_OPTIONS
    notation = ITALIAN
    PACK = FULL_PACK
    PLAYERS = 4
    SOURCES = EARLY_FRENCH_SOURCES
    SCORE_UNIT = "points"
    MISTAKE_SIZES = (1.0, 3.0, 8.0)  # docs/review.md
    #: Tricks in a hand, whatever the number of players.
    TRICKS: ClassVar[int] = TRICKS
    #: Trumps 2 to 20 and suit cards 1 to 10: one point each when won, as every card, and
    #: nothing more (§3.4).
    PLAIN_CARDS: ClassVar[CardSet] = FULL_PACK & ~COUNTING_CARDS

    __slots__ = (
        "options", "dealer", "deck", "phase", "to_play", "history", "_undo", "_legal_at", "_legal_list", "step",
        "trick_rules", "values", "forced_lowest", "baseline", "_hands", "piles", "trick", "leader", "trick_no", "tricks", "ledger", "shown", "fool_owner", "fool_trick", "fool_receiver",
        "debt", "consolations", "surrendered",
    )

    def __init__(self, options: Mapping[str, object] | None = None, *, seed: object = None,
                 deck: Sequence[Card] | None = None, dealer: object = 0,
                 rng: random.Random | None = None, _blank: bool = False) -> None:
        if _blank:
            return  # an empty deal for copy(), which sets every attribute
        self.options = o = self.make_options(options)
        n = self.players = int(o["players"])
        self.dealer = seat_index(dealer, n, "dealer")
        self.deck = self.check_deck(deck) if deck is not None else tuple(self.shuffled_deck(seed, rng))
        self.step = 1 if o["direction"] == "anticlockwise" else n - 1
        self.trick_rules: TrickRules = self.tricks_for(o)
        self.values = CARD_VALUES[o["scoring_table"]]
        self.forced_lowest = o["consolation_choice"] == "lowest_value_forced"
        self.baseline = int(o["card_count_baseline"])
        self.history: list[int] = []
        self._undo: list[Undo] = []
        self._legal_at, self._legal_list = -1, []
        self._hands = self._deal_hands()
        self.piles = [0] * n
        self.trick: list[Card] = []
        self.leader = (self.dealer + self.step) % n
        self.trick_no = 0
        self.tricks: list[tuple[Seat, tuple[Card, ...], Seat]] = []
        self.ledger = Ledger(n)   # stays empty: a hand's score is no payment (module docstring)
        self.shown: list[tuple[Seat, int, CardSet]] = []   # no declarations in this game
        #: Who played the Fool, to which trick, and who won that trick (-1 until it is played).
        self.fool_owner, self.fool_trick, self.fool_receiver = -1, -1, -1
        #: Whether the Fool's owner still owes the consolation card.
        self.debt = False
        #: Consolation cards given, as (trick, giver, receiver, card): ``trick`` is the trick
        #: after which it was given; a surrendered Fool is the entry with card ``FOOL``.
        self.consolations: list[tuple[int, Seat, Seat, Card]] = []
        self.surrendered = False
        self.phase = "play"
        self.to_play: Seat | None = self.leader

    # ----- dealing -----------------------------------------------------------------------
    def _deal_hands(self) -> list[CardSet]:
        """One card at a time from the top of ``deck``, in the direction of play from the
        eldest, twelve rounds; ``deck[12n:]`` is set aside."""
        n, deck = self.players, self.deck
        hands = [0] * n
        for i in range(HAND_SIZE * n):
            hands[(self.dealer + self.step * (1 + i % n)) % n] |= 1 << deck[i]
        return hands

    @classmethod
    def deal_slots(cls, options: Mapping[str, object] | None, dealer: Seat) -> tuple[int, ...]:
        """The seat that receives each card of the deck, top card first (as ``_deal_hands``
        deals): one at a time in the direction of play from the eldest, twelve rounds; -1 for
        the cards set aside.

        >>> EarlyFrenchDeal.deal_slots({"players": 3, "direction": "clockwise"}, 0)[:4]
        (2, 1, 0, 2)
        """
        o = cls.make_options(options)
        n = int(o["players"])
        step = 1 if o["direction"] == "anticlockwise" else n - 1
        dealt = tuple((dealer + step * (1 + i % n)) % n for i in range(HAND_SIZE * n))
        return dealt + (-1,) * (cls.PACK.bit_count() - HAND_SIZE * n)

    @property
    def set_aside(self) -> CardSet:
        """The cards not dealt (§3.3): no part of the hand, seen by no one."""
        return mask(self.deck[HAND_SIZE * self.players:])

    @classmethod
    def seat_step(cls, options: Mapping[str, object] | None = None) -> int:
        return 1 if cls.make_options(options)["direction"] == "anticlockwise" else -1

    def card_power(self, card: Card) -> int:
        return self.trick_rules.power[card]

    @classmethod
    def tricks_for(cls, options: Mapping[str, Any]) -> TrickRules:
        """Follow and trump, no duty to overtrump (§3.3); the round suits as the option says."""
        return EARLY_FRENCH_REVERSED_TRICKS if options["reverse_round_suits"] == "true" else EARLY_FRENCH_TRICKS

    @classmethod
    def trick_power(cls, options: Mapping[str, Any]) -> tuple[int, ...]:
        return cls.tricks_for(options).power

    def seat_after(self, seat: Seat) -> Seat:
        """The player who plays after ``seat`` (the direction of play)."""
        return (seat + self.step) % self.players

    # ----- legal actions -----------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        if self.phase == "play":
            return cards_of(self._legal_play())
        if self.phase == "consolation":
            return cards_of(self._candidates())
        return []

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now, from the cached list or one bit test."""
        if self._legal_at == len(self.history):
            return action in self._legal_list
        if 0 <= action < 78:
            if self.phase == "play":
                return bool(self._legal_play() >> action & 1)
            if self.phase == "consolation":
                return bool(self._candidates() >> action & 1)
        return False

    def _legal_play(self) -> CardSet:
        """Cards the player to play may play (§3.3): follow, else trump; the Fool always."""
        return follow_duty(self._hands[self._seat()], self.trick, self.trick_rules)

    def _candidates(self) -> CardSet:
        """Cards the Fool's owner may give as the consolation: his pile but the Fool."""
        return self.piles[self.fool_owner] & ~1

    # ----- explaining a refusal ----------------------------------------------------------
    def explain_illegal(self, action: int) -> str:
        n, p, tok = self.notation, self._seat(), self.action_token(action)
        if self.phase == "consolation":
            if action >= 78:
                return (f"{tok} is not legal now: seat {p} must give seat {self.fool_receiver} "
                        f"a card he has won, for the Fool")
            if action == FOOL:
                return "the Fool itself is not a consolation card: give another card you have won"
            return (f"seat {p} has not won {card_phrase(action, n)}: the consolation for the Fool is "
                    f"a card from his own pile")
        if self.phase != "play":
            return super().explain_illegal(action)
        if action >= 78:
            return f"{tok} is not legal now: seat {p} must play a card"
        h = self._hands[p]
        if not h >> action & 1:
            return f"seat {p} does not hold {card_phrase(action, n)}"
        return follow_reason(h, self.trick, action, self.trick_rules, n)

    # ----- applying actions --------------------------------------------------------------
    def _apply(self, a: int) -> None:
        if self.phase == "consolation":
            self._give(a)
            self._after_trick()
            return
        p = self._seat()
        self._hands[p] ^= 1 << a
        trick = self.trick
        trick.append(a)
        if len(trick) < self.players:
            self.to_play = (p + self.step) % self.players
            return
        # The trick is complete (§3.3): the winner takes it, the Fool goes back to its owner.
        n, step, leader, t = self.players, self.step, self.leader, self.trick_no
        winner = (leader + step * winning_index(trick, self.trick_rules.power)) % n
        gain = mask(trick)
        self.tricks.append((leader, tuple(trick), winner))
        self.trick = []
        self.leader = winner
        self.trick_no = t + 1
        owes = -1
        if gain & 1:
            owner = (leader + step * trick.index(FOOL)) % n
            gain ^= 1
            self.piles[owner] |= 1
            self.fool_owner, self.fool_trick, self.fool_receiver = owner, t, winner
            if self.piles[owner] & ~1:
                owes = owner
            else:
                self.debt = True   # nothing won yet: paid after the next trick he wins
        self.piles[winner] |= gain
        if self.debt and winner == self.fool_owner:
            self.debt = False
            owes = winner
        if owes >= 0:
            cand = self._candidates()
            if self.forced_lowest or not cand & (cand - 1):
                self._give(self._lowest(cand))
            else:
                self.phase, self.to_play = "consolation", owes
                return
        self._after_trick()

    def _lowest(self, cands: CardSet) -> Card:
        """The candidate of lowest scoring value, the lowest card id among equals."""
        values = self.values
        return min(cards_of(cands), key=lambda c: (values[c], c))

    def _give(self, card: Card) -> None:
        """The owner hands ``card`` from his pile to the winner of the Fool's trick."""
        bit = 1 << card
        self.piles[self.fool_owner] ^= bit
        self.piles[self.fool_receiver] |= bit
        self.consolations.append((self.trick_no - 1, self.fool_owner, self.fool_receiver, card))

    def _after_trick(self) -> None:
        """Lead the next trick, or end the hand (a Fool still owed is surrendered)."""
        if self.trick_no < TRICKS:
            self.phase, self.to_play = "play", self.leader
            return
        if self.debt:   # its owner won no trick at all: the Fool goes to the trick's winner
            self.debt = False
            self.surrendered = True
            self._give(FOOL)
        self.phase, self.to_play = "over", None

    # ----- undo, copy --------------------------------------------------------------------
    def _snapshot(self) -> Undo:
        if self.phase == "play" and len(self.trick) < self.players - 1:
            return CARD_UNDO[self._seat()]   # a card that does not end its trick changes only these
        return EarlyFrenchUndo(self)

    def _restore(self, s: Undo) -> None:
        if isinstance(s, CardUndo):
            self._hands[s.seat] |= 1 << self.trick.pop()
            self.to_play, self.phase = s.seat, "play"
        else:
            assert isinstance(s, EarlyFrenchUndo)
            s.restore(self)

    def copy(self) -> EarlyFrenchDeal:
        """An independent deal in the same state (history and undo included)."""
        new = type(self)(_blank=True)  # compiled classes refuse object.__new__
        for name in ("options", "dealer", "deck", "phase", "to_play", "_legal_at", "_legal_list", "players", "step",
                     "trick_rules", "values", "forced_lowest", "baseline", "leader", "trick_no",
                     "fool_owner", "fool_trick", "fool_receiver", "debt", "surrendered"):
            setattr(new, name, getattr(self, name))
        for name in ("history", "_undo", "_hands", "piles", "trick", "tricks", "shown",
                     "consolations"):
            setattr(new, name, getattr(self, name).copy())
        new.ledger = self.ledger.copy()
        return new

    # ----- results and views -------------------------------------------------------------
    def hand_scores(self, piles: Sequence[CardSet] | None = None) -> tuple[int, ...]:
        """(cards − baseline) + scoring cards, per seat, of ``piles`` (default: the piles now)."""
        values = SCORING_TABLES[self.options["scoring_table"]]
        return tuple(p.bit_count() - self.baseline + sum((p & m).bit_count() * v for m, v in values)
                     for p in (self.piles if piles is None else piles))

    def running_scores(self) -> list[tuple[int, ...]]:
        """The hand scores as the play went, one tuple per moment a score can be declared
        (``end_rule=instant_win``): after each trick once its consolation is given, and at the
        end after a surrender. The last equals ``result().scores`` once the hand is over."""
        n, piles = self.players, [0] * self.players
        by_trick: dict[int, list[tuple[int, Seat, Seat, Card]]] = {}
        for entry in self.consolations:
            by_trick.setdefault(entry[0], []).append(entry)
        out = []
        for t, (leader, cards, winner) in enumerate(self.tricks):
            for i, c in enumerate(cards):
                if c == FOOL:
                    piles[(leader + self.step * i) % n] |= 1
                else:
                    piles[winner] |= 1 << c
            for _, giver, receiver, c in by_trick.get(t, ()):
                if c != FOOL:
                    piles[giver] ^= 1 << c
                    piles[receiver] |= 1 << c
            out.append(self.hand_scores(piles))
        if self.surrendered:
            _, giver, receiver, _ = self.consolations[-1]
            piles[giver] ^= 1
            piles[receiver] |= 1
            out.append(self.hand_scores(piles))
        return out

    def result(self) -> DealResult:
        """The hand's scores (not zero-sum), split into ``cards`` and ``scoring_cards``."""
        if self.phase != "over":
            raise IllegalActionError(f"the deal is not over (phase {self.phase})")
        n = self.players
        cards = [self.piles[s].bit_count() - self.baseline for s in range(n)]
        points = [sum(self.values[c] for c in cards_of(self.piles[s])) for s in range(n)]
        info: dict = {"cards_won": [p.bit_count() for p in self.piles],
                      "consolations": [list(c) for c in self.consolations]}
        if self.fool_owner >= 0:
            info["fool_owner"] = self.fool_owner
        return DealResult(
            scores=tuple(c + p for c, p in zip(cards, points)),
            card_points=tuple(points),
            ledger=self.ledger.copy(),
            by_source={"cards": cards, "scoring_cards": points},
            info=info,
        )

    def fool_outcome(self) -> str | None:
        """How the Fool's consolation went: ``now`` (given at once), ``later`` (owed, paid after
        a later trick), ``surrendered``, ``owed`` (not yet paid), or None (Fool not played)."""
        if self.fool_owner < 0:
            return None
        if self.surrendered:
            return "surrendered"
        if self.debt:
            return "owed"
        if self.consolations and self.consolations[0][0] > self.fool_trick:
            return "later"
        return "now"

    def summary(self) -> dict[str, object]:
        """``cards_won`` per seat and ``fool``: how its consolation went (``fool_outcome``)."""
        return {"cards_won": [p.bit_count() for p in self.piles], "fool": self.fool_outcome()}

    def _view(self, seat: Seat) -> View:
        """What ``seat`` may know: its hand, the tricks, and in ``extra`` the public facts of
        the Fool (its owner, the receiver, whether the consolation is owed, the cards given)
        and the number of cards each player has won. Set-aside cards appear nowhere."""
        mine = self.to_play == seat and self.phase != "over"
        extra: dict = {
            "direction": self.options["direction"],
            "cards_won": [p.bit_count() for p in self.piles],
            "consolations": [list(c) for c in self.consolations],
        }
        if self.fool_owner >= 0:
            extra["fool_owner"] = self.fool_owner
            extra["fool_receiver"] = self.fool_receiver
            extra["consolation_owed"] = self.debt
        fields = self._view_fields(seat, mine)
        fields.update({
            "extra": extra,
        })
        return View.build(fields)


# ---------------------------------------------------------------------------------------
# A game to 50 (§3.2 step 6, §3.4 ``target`` and ``end_rule``)
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameResult:
    """The end of a game: ``winners`` share the stake (one seat unless tied)."""

    winners: tuple[Seat, ...]
    totals: tuple[int, ...]
    #: Each hand's scores as added to the totals, in order (an instant win's last hand is
    #: counted as it stood when the target was reached).
    hands: tuple[tuple[int, ...], ...]
    #: How the game ended: ``highest`` (one highest total), ``split`` (tied highest totals
    #: share), ``instant`` (first to reach the target during play), ``hand_limit`` (the game
    #: stopped at ``max_hands`` hands, e.g. replayed ties still tied: the highest totals share).
    how: str
    dealers: tuple[Seat, ...] = field(default=())


class EarlyFrenchGame:
    """Successive hands until someone has ``target`` points (§3.2 step 6), no I/O.

    The first hand is dealt by ``dealer``; the deal passes in the direction of play. Each hand's
    scores are added to running totals; after a hand in which a total reaches the target, the
    ``end_rule`` decides: ``highest_total_split_ties`` — the highest total wins, equal highest
    totals share; ``highest_total_replay_ties`` — the highest total wins, and if it is tied the
    game goes on with further hands until one total is highest alone (at most ``max_hands``
    hands in all, then the tied players share); ``instant_win`` — the first player whose running
    total (totals before the hand + ``running_scores`` of the hand) reaches the target at a
    moment of the play wins at once, and the hand counts as it stood then; if several reach it
    at the same moment (a trick's winner and the Fool's owner), the highest running total wins,
    ties share.

    >>> game = EarlyFrenchGame({"players": 3}, seed=2)
    >>> def first_legal(deal):
    ...     while not deal.is_over:
    ...         deal.push(deal.legal_actions()[0])
    >>> r = game.play(first_legal)
    >>> max(r.totals) >= 50 and set(r.winners) <= set(range(3))
    True
    """

    def __init__(self, options: Mapping[str, object] | None = None, *, dealer: object = 0,
                 seed: int | None = None, rng: random.Random | None = None,
                 max_hands: int = 1000) -> None:
        self.options: Options = EarlyFrenchDeal.make_options(options)
        self.players = n = int(self.options["players"])
        self.dealer = seat_index(dealer, n, "dealer")
        self.step = 1 if self.options["direction"] == "anticlockwise" else n - 1
        self.target = int(self.options["target"])
        self.end_rule = self.options["end_rule"]
        self.rng = rng or random.Random(seed)
        self.max_hands = max_hands
        self.totals = [0] * n
        self.hands: list[tuple[int, ...]] = []
        self.dealers: list[Seat] = []
        self._result: GameResult | None = None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (``result()`` is then available)."""
        return self._result is not None

    def next_deal(self, deck: Sequence[Card] | None = None) -> EarlyFrenchDeal:
        """The next hand, dealt by the current dealer (from ``deck``, else shuffled)."""
        if self.is_over:
            raise IllegalActionError("the game is over: no further hand is dealt")
        return EarlyFrenchDeal(self.options, deck=deck, rng=None if deck is not None else self.rng,
                               dealer=self.dealer)

    def add(self, deal: EarlyFrenchDeal) -> None:
        """Count a finished hand of this game (dealt by the current dealer)."""
        if not deal.is_over:
            raise IllegalActionError(f"the hand is not over (phase {deal.phase})")
        if deal.options != self.options or deal.dealer != self.dealer:
            raise IllegalActionError("this hand is not the game's next hand: other options or dealer")
        self.add_scores(deal.result().scores, deal.running_scores())

    def add_scores(self, scores: Sequence[int], running: Sequence[Sequence[int]] = ()) -> None:
        """Count a hand from its scores (and, for ``instant_win``, its ``running_scores``; without
        them the final scores are the only moment), pass the deal and apply the end rule."""
        if self.is_over:
            raise IllegalActionError("the game is over: no further hand is counted")
        n = self.players
        if len(scores) != n or any(len(r) != n for r in running):
            raise IllegalActionError(f"a hand of this game has {n} scores per moment")
        self.dealers.append(self.dealer)
        self.dealer = (self.dealer + self.step) % n
        if self.end_rule == "instant_win":
            for moment in (*running, scores):
                now = [t + s for t, s in zip(self.totals, moment)]
                if max(now) >= self.target:
                    self._count(moment)
                    self._finish("instant")
                    return
        self._count(scores)
        if max(self.totals) < self.target:
            return
        top = max(self.totals)
        leaders = [s for s in range(n) if self.totals[s] == top]
        if len(leaders) == 1:
            self._finish("highest")
        elif self.end_rule == "highest_total_replay_ties" and len(self.hands) < self.max_hands:
            return   # tied: play on
        else:
            self._finish("split" if self.end_rule != "highest_total_replay_ties" else "hand_limit")

    def _count(self, scores: Sequence[int]) -> None:
        self.hands.append(tuple(scores))
        self.totals = [t + s for t, s in zip(self.totals, scores)]

    def _finish(self, how: str) -> None:
        top = max(self.totals)
        winners = tuple(s for s in range(self.players) if self.totals[s] == top)
        self._result = GameResult(winners, tuple(self.totals), tuple(self.hands), how,
                                  tuple(self.dealers))

    def play(self, play_deal: Callable[[EarlyFrenchDeal], None]) -> GameResult:
        """Deal, let ``play_deal`` finish each hand (bots, a person...), count it; until the end."""
        while not self.is_over:
            if len(self.hands) >= self.max_hands:
                self._finish("hand_limit")
                break
            deal = self.next_deal()
            play_deal(deal)
            self.add(deal)
        return self.result()

    def result(self) -> GameResult:
        """The game's result; raises while it is still going on."""
        if self._result is None:
            raise IllegalActionError(f"the game is not over ({len(self.hands)} hands, totals {self.totals})")
        return self._result


__all__ = ["EarlyFrenchDeal", "EarlyFrenchGame", "GameResult", "EARLY_FRENCH_OPTIONS",
           "EARLY_FRENCH_SOURCES", "SCORING_TABLES", "CARD_VALUES", "POWER_PLAIN",
           "POWER_REVERSED", "winning_index", "scoring_points"]
