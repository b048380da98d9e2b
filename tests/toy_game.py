"""A toy trick game declared from the tests folder alone: what adding a game takes
(docs/adding-a-game.md).

Three players, twelve cards (the 1 to 4 of Swords, Cups and Coins), four cards each, dealt one
at a time from the dealer's next; four tricks, the dealer's next leading the first, each trick's
winner the next; follow suit if you can (there are no trumps); the highest card of the suit led
wins the trick; one point a trick won. The game is ``TOY`` (``tarot.core.game.Game``): its deal
class ``ToyDeal``, its rule bot ``ToyRuleBot``, its sampler ``ToySampler`` for the search bots.
A test registers it with ``register_game(TOY)`` and takes it out with ``unregister_game(TOY)``.

>>> deal = ToyDeal(seed=1)
>>> deal.phase, deal.to_play, [h.bit_count() for h in deal.hands]
('play', 1, [4, 4, 4])
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tarot.bots.sampling import Constraints, checked, deck_from_hands, plays_in_order, voids
from tarot.core.cards import COINS, CUPS, SWORDS, Card, CardSet, Seat, cards_of, mask, suit_card, suit_of
from tarot.core.deal import Deal, DealResult, View
from tarot.core.game import Game
from tarot.core.ledger import Ledger
from tarot.core.tricks import PLAIN_POWER, winning_index

PLAYERS, HAND, TRICKS = 3, 4, 4
CARDS: tuple[Card, ...] = tuple(suit_card(s, r) for s in (SWORDS, CUPS, COINS) for r in range(1, HAND + 1))


class ToyDeal(Deal):
    """One deal of the toy game (see the module docstring)."""

    variant = "toy-tricks"
    title = "Toy tricks: three players, twelve cards, four tricks"
    PACK = mask(CARDS)
    PLAYERS = PLAYERS
    SOURCES = ("tricks",)
    SCORE_UNIT = "points"
    TRICKS = TRICKS
    #: Only tricks count, not the cards in them: two cards touching in a hand are one.
    PLAIN_CARDS = mask(CARDS)

    def __init__(self, options: Mapping[str, object] | None = None, *, seed: object = None,
                 deck: Sequence[Card] | None = None, dealer: Seat = 0,
                 rng: random.Random | None = None, _blank: bool = False) -> None:
        if _blank:
            return
        self.options = self.make_options(options)
        self.players, self.dealer = PLAYERS, dealer
        self.deck = self.check_deck(deck) if deck is not None else tuple(self.shuffled_deck(seed, rng))
        self._hands = [0] * PLAYERS
        for c, s in zip(self.deck, self.deal_slots(self.options, dealer)):
            self._hands[s] |= 1 << c
        self.leader = (dealer + 1) % PLAYERS
        self.phase, self.to_play = "play", self.leader
        self.trick: list[Card] = []
        self.tricks: list[tuple[Seat, tuple[Card, ...], Seat]] = []
        self.trick_no = 0
        self.won = [0] * PLAYERS
        self.shown: list[tuple[Seat, int, CardSet]] = []  # no declarations in this game
        self.history: list[int] = []
        self._undo: list[tuple] = []
        self.ledger = Ledger(PLAYERS)  # no payments: the score is the tricks won

    @classmethod
    def deal_slots(cls, options: Mapping[str, object] | None, dealer: Seat) -> tuple[int, ...]:
        """The seat that receives each card of the deck, top card first: one at a time from
        the dealer's next (``tarot.bots.sampling.deck_from_hands`` deals a sample with it)."""
        return tuple((dealer + 1 + i) % PLAYERS for i in range(len(CARDS)))

    def _legal_actions(self) -> list[int]:
        hand = self._hands[self._seat()]
        if self.trick:
            follow = hand & mask(c for c in CARDS if suit_of(c) == suit_of(self.trick[0]))
            if follow:
                return cards_of(follow)
        return cards_of(hand)

    def _apply(self, card: int) -> None:
        p = self._seat()
        self._hands[p] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) < PLAYERS:
            self.to_play = (p + 1) % PLAYERS
            return
        winner = (self.leader + winning_index(self.trick, PLAIN_POWER)) % PLAYERS
        self.tricks.append((self.leader, tuple(self.trick), winner))
        self.won[winner] += 1
        self.trick, self.trick_no, self.leader = [], self.trick_no + 1, winner
        self.phase, self.to_play = ("over", None) if self.trick_no == TRICKS else ("play", winner)

    def _snapshot(self) -> tuple:
        return (list(self._hands), list(self.trick), self.leader, self.trick_no, list(self.won),
                self.phase, self.to_play, len(self.tricks))

    def _restore(self, snap: tuple) -> None:
        hands, trick, self.leader, self.trick_no, won, self.phase, self.to_play, n = snap
        self._hands, self.trick, self.won = list(hands), list(trick), list(won)
        del self.tricks[n:]

    def result(self) -> DealResult:
        """One point a trick won (no payments: the ledger stays empty)."""
        return DealResult(scores=tuple(self.won), card_points=tuple(self.won), ledger=self.ledger.copy(),
                          by_source={"tricks": list(self.won)})

    def summary(self) -> dict:
        return {"tricks": list(self.won)}

    def _view(self, seat: Seat) -> View:
        return View.build(self._view_fields(seat, self.to_play == seat and not self.is_over))

    def copy(self) -> ToyDeal:
        new = ToyDeal(_blank=True)
        new.__dict__.update(self.__dict__)
        new._hands, new.trick, new.tricks, new.won = list(self._hands), list(self.trick), list(self.tricks), list(self.won)
        new.history, new._undo, new.ledger = list(self.history), list(self._undo), self.ledger.copy()
        return new


class ToyRuleBot:
    """The toy game's rule bot: to lead, its highest card; following, the lowest card that wins
    the trick, else its lowest."""

    name = "toy-rule"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: View) -> int:
        legal = sorted(view.legal_actions, key=lambda c: PLAIN_POWER[c])
        if not view.trick:
            return legal[-1]
        led = suit_of(view.trick[0])
        best = max(PLAIN_POWER[c] for c in view.trick if suit_of(c) == led)
        return next((c for c in legal if suit_of(c) == led and PLAIN_POWER[c] > best), legal[0])


class ToySampler:
    """The toy game's sampler (``tarot.bots.sampling.Sampler``): the other seats' hands, any of
    the cards not seen, none of a suit a seat has failed to follow."""

    def constrain(self, cons: Constraints) -> None:
        v = cons.view
        cons.unknown = ToyDeal.PACK & ~(v.hand | cons.seen_played())
        void = voids(v)  # no trumps in the pack: a failure to follow tells the suit led
        for s in range(v.players):
            if s != v.seat:
                cons.slots.append((s, "hand", cons.unknown & ~void[s], v.hand_sizes[s]))

    def world(self, cons: Constraints, hands: Sequence[CardSet], discards: Sequence[CardSet],
              rng: random.Random | None, aside: CardSet) -> Deal | None:
        v = cons.view
        dealt = [hands[s] | cons.played[s] for s in range(v.players)]
        deal = ToyDeal(v.options, deck=deck_from_hands(ToyDeal, v.options, v.dealer, dealt, None, rng),
                       dealer=v.dealer)
        for c in plays_in_order(v):
            deal.push(c)
        return checked(deal, v)


#: The toy game's declaration: registered by the tests that play it (``register_game``).
TOY = Game(name="toy", title="Toy tricks", deals=(ToyDeal,), rule_bot=ToyRuleBot,
           sampler=ToySampler(), summary_fields=("tricks",))
