"""The hidden cards of a view of French Tarot for two (docs/rules §4.5), for the search bots
(``Game.sampler``; the machinery every game shares is ``tarot.bots.sampling``).

The view tells the seat's own hand, both players' face-up pile cards, the number of face-down
cards in each pile, the cards played and which pile each came from (public at the table:
``extra["pile_plays"]``); a failure to follow, trump or beat a trump lead gives a void of the
other player's hand (with the face-up cards binding, whatever the card's origin; else only for
a card from the hand: ``duty_void``). The face-down cards are any of the cards nobody has seen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, NamedTuple, cast

from ...bots.sampling import Constraints, SamplingError, checked
from ...core.cards import FOOL, SUIT_MASKS, TRUMP_SUIT, TRUMPS, Card, CardSet, Seat, cards_of, mask, shuffle, suit_of
from ...core.deal import Deal
from ...core.errors import TarotError
from .rules import PILE_DEPTH, PILES, layout


def duty_void(lead: Card, card: Card) -> CardSet:
    """The cards that a player who answered ``lead`` with ``card`` did not hold where his duty
    was judged (follow suit, else trump; on a trump lead, a higher trump if possible; the
    Excuse at any time, and anything after a led Excuse)."""
    if lead == FOOL or card == FOOL:
        return 0
    led, cs = suit_of(lead), suit_of(card)
    if led != TRUMP_SUIT:
        if cs == led:
            return 0
        return SUIT_MASKS[led] | (0 if cs == TRUMP_SUIT else TRUMPS)
    if cs != TRUMP_SUIT:
        return TRUMPS
    return 0 if card > lead else TRUMPS & ~((2 << lead) - 1)


class PileHistory(NamedTuple):
    """Where the played cards came from (public: the view's ``extra["pile_plays"]``)."""

    #: ``stacks[seat][pile]``: the played cards that pile held, bottom first.
    stacks: list[list[list[Card]]]
    #: The cards each seat played from its hand.
    from_hand: list[CardSet]


class French2pSampler:
    """The sampler of French Tarot for two (``tarot.bots.sampling.Sampler``): the other
    player's hand and the face-down pile cards (both players'); ``Constraints.extra`` is the
    ``PileHistory``."""

    def constrain(self, cons: Constraints) -> None:
        """A failure to follow, trump or beat a trump lead says the hand held no card of the
        duty then, and so holds none now; with ``two_player_faceup_cards_bind_follow_suit=true``
        whatever the card's origin (the hand and face-up cards were judged together), with
        ``false`` only when the card came from the hand."""
        v, played = cons.view, cons.played
        opp = 1 - v.seat
        bind = v.options["two_player_faceup_cards_bind_follow_suit"] == "true"
        cons.unknown = cons.cls.PACK & ~(v.hand | v.table[0] | v.table[1] | played[0] | played[1])
        pile_plays = v.extra["pile_plays"]
        from_pile = [mask(c for pile in pile_plays[s] for c in pile) for s in (0, 1)]
        void = 0
        tricks = [(leader, cards) for leader, cards, _ in v.tricks]
        if v.trick:
            tricks.append((cast(Seat, v.leader), v.trick))
        for leader, cards in tricks:
            if len(cards) > 1 and (bind or not from_pile[opp] >> cards[1] & 1) and leader == v.seat:
                void |= duty_void(cards[0], cards[1])
        for s in (0, 1):
            if from_pile[s] & ~played[s]:
                raise SamplingError("the view's pile plays are not cards that player played")
        cons.slots.append((opp, "hand", cons.unknown & ~void, v.hand_sizes[opp]))
        down = sum(map(sum, v.extra["face_down"]))
        if down:
            cons.slots.append((-1, "down", cons.unknown, down))
        # each pile's played cards, bottom first: the first played was its top card
        cons.extra = PileHistory([[list(reversed(pile)) for pile in pile_plays[s]] for s in (0, 1)],
                                 [played[s] & ~from_pile[s] for s in (0, 1)])

    def world(self, cons: Constraints, hands: Sequence[CardSet], discards: Sequence[CardSet],
              rng: random.Random | None, aside: CardSet) -> Deal | None:
        """The deal whose piles hold, bottom first, face-down cards (from ``aside``), the
        face-up card if any, then the cards played from them, and whose hands hold the cards
        in hand and those played from it; replayed to the view's decision point."""
        v, piles = cons.view, cast(PileHistory, cons.extra)
        rest = cards_of(aside)
        if rng is not None:
            shuffle(rest, rng)
        in_hand = [cards_of(hands[s] | piles.from_hand[s]) for s in (0, 1)]
        seat_of = (1 - v.dealer, v.dealer)
        try:
            places = pile_places(cons, piles, rest)
            if places is None:
                return None
            deck = []
            for p in range(cons.cls.PACK.bit_count()):
                who, k, layer = layout(p)
                s = seat_of[who]
                deck.append(in_hand[s].pop() if k < 0 else places[s, k, layer])
            deal = cons.cls(v.options, deck=deck, dealer=v.dealer)
            for _, cards, _ in v.tricks:
                for c in cards:
                    deal.push(c)
            for c in v.trick:
                deal.push(c)
        except (TarotError, IndexError):  # IndexError: the hands or piles are not their sizes
            return None
        return checked(deal, v)


def pile_places(cons: Constraints, piles: PileHistory,
                rest: list[Card]) -> dict[tuple[int, int, int], Card] | None:
    """The card at each place ``(seat, pile, layer)`` of the piles, bottom first: face-down
    cards taken from ``rest``, the face-up card if any, then those played from the pile; None
    if a pile is not its size."""
    v = cons.view
    places: dict[tuple[int, int, int], Card] = {}
    for s in (0, 1):
        for k in range(PILES):
            up = v.extra["face_up"][s][k]
            stack = [rest.pop() for _ in range(v.extra["face_down"][s][k])]
            stack += ([] if up is None else [up]) + piles.stacks[s][k]
            if len(stack) != PILE_DEPTH:
                return None
            for layer, c in enumerate(stack):
                places[s, k, layer] = c
    return places


SAMPLER: Final = French2pSampler()
