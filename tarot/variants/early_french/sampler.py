"""The hidden cards of an Early French Tarot view (docs/rules §3), for the search bots
(``Game.sampler``; the machinery every game shares is ``tarot.bots.sampling``).

Any number of players, either direction: the view tells the seat's own hand and every card
played; the hand sizes; voids as in Marolles (follow, else trump; on a trump lead, trump if
possible; the Fool at any time; no over-trumping), with the seats taken in the direction of
play (``tarot.bots.sampling.voids``). The cards set aside (``78 - 12n``) are any of the cards
nobody has seen. The Fool's consolation cards are public (``extra``) and replayed as given.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ...bots.sampling import (
    Constraints, checked, deal_positions, deck_from_hands, plays_in_order, voids,
)
from ...core.cards import CardSet
from ...core.deal import Deal
from ...core.errors import TarotError
from .rules import EarlyFrenchDeal


class EarlyFrenchSampler:
    """Early French Tarot's sampler (``tarot.bots.sampling.Sampler``): the other seats' hands
    and the cards set aside, unseen by all."""

    def constrain(self, cons: Constraints) -> None:
        v = cons.view
        cons.unknown = cons.cls.PACK & ~(v.hand | cons.seen_played())
        void = voids(v)
        for s in range(v.players):
            if s != v.seat:
                cons.slots.append((s, "hand", cons.unknown & ~void[s], v.hand_sizes[s]))
        aside = deal_positions(cons.cls, v.options, v.dealer).count(-1)
        if aside:
            cons.slots.append((-1, "aside", cons.unknown, aside))

    def world(self, cons: Constraints, hands: Sequence[CardSet], discards: Sequence[CardSet],
              rng: random.Random | None, aside: CardSet) -> Deal | None:
        """The deal dealt from the hands and the cards set aside, replayed (tricks, and the
        Fool's consolation cards as given) to the view's decision point."""
        v = cons.view
        dealt = [hands[s] | cons.played[s] for s in range(v.players)]
        given = [c for *_, c in v.extra["consolations"]]
        plays = plays_in_order(v)
        plays.reverse()
        try:
            deck = deck_from_hands(cons.cls, v.options, v.dealer, dealt, None, rng, aside=aside)
            deal = EarlyFrenchDeal(v.options, deck=deck, dealer=v.dealer)
            while True:
                if deal.phase == "play" and plays:
                    deal.push(plays.pop())
                elif deal.phase == "consolation" and len(deal.consolations) < len(given):
                    deal.push(given[len(deal.consolations)])
                else:
                    break
        except TarotError:
            return None
        return checked(deal, v)


SAMPLER: Final = EarlyFrenchSampler()
