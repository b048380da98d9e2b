"""A match: successive deals, the deal passing in the direction of play (anticlockwise but in a
clockwise early French game), running scores per seat."""

from __future__ import annotations

import random
from collections.abc import Mapping

from ..core.cards import FOOL, Card, cards_of
from ..core.deal import Deal, DealResult, variant_class


def cut_rank(card: Card) -> int:
    """Rank of a card drawn to choose the dealer (S2 p.8): a trump beats any suit card, the Fool
    is below everything; among suit cards the King is high."""
    from ..variants.marolles.rules import suit_power

    if card == FOOL:
        return -1
    if card <= 21:
        return 100 + card
    return suit_power(card)


class Match:
    """Deals of one variant in a row. ``next_deal()`` then ``record(deal)`` for each deal.

    >>> from tarot.bots import make_bot, play_out
    >>> m = Match("marolles-1637", seed=5)
    >>> for _ in range(3):
    ...     d = m.next_deal()
    ...     play_out(d, [make_bot("random", seed=i) for i in range(3)])
    ...     _ = m.record(d)
    >>> len(m.results), sum(m.totals)
    (3, 0)
    """

    def __init__(self, variant: str, options: Mapping[str, object] | None = None,
                 seed: int | None = None) -> None:
        self.cls = variant_class(variant)
        self.options = self.cls.make_options(options)
        self.rng = random.Random(seed)
        self.players = self.cls.players_for(self.options)
        self.totals = [0] * self.players
        self.results: list[DealResult] = []
        self.cuts: list[tuple[Card, ...]] = []
        self.dealer = self._first_dealer()

    def _first_dealer(self) -> int:
        how = self.options.get("first_dealer", "random")
        if how == "random":
            return self.rng.randrange(self.players)
        while True:  # each player cuts a card; equal ranks cut again
            cards = self.rng.sample(cards_of(self.cls.PACK), self.players)
            ranks = [cut_rank(c) for c in cards]
            self.cuts.append(tuple(cards))
            best = max(ranks) if how == "high_cut_deals" else min(ranks)
            if ranks.count(best) == 1:
                return ranks.index(best)

    def next_deal(self) -> Deal:
        seed = self.rng.getrandbits(64)
        return self.cls(self.options, seed=seed, dealer=self.dealer)

    def record(self, deal: Deal) -> DealResult:
        """Add a finished deal's scores; the deal passes to the next seat in the direction of
        play (the dealer's right in the anticlockwise games) unless the hand was annulled for a
        redeal (then the same dealer deals again)."""
        r = deal.result()
        self.results.append(r)
        for s, v in enumerate(r.scores):
            self.totals[s] += v
        if "redeal" not in r.info:
            self.dealer = (self.dealer + self.cls.seat_step(self.options)) % self.players
        return r
