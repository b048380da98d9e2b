"""The hidden cards of a French Tarot view *before the play* (docs/rules §4.1, §4.4): the bidding,
the King call and the écart, for the bots that decide those by evaluation (``bot_bid``).

The game's own sampler (``sampler.FrenchSampler``, ``Game.sampler``) starts after the écart, so
that the search bots leave the bidding to the rule bot; this one is asked for by name
(``Constraints(view, PREPLAY)``). What such a view tells: the seat's own hand (with the chien
in it once the taker has taken it), the bids, the called card. Nothing has been played, so no
seat has shown a void: every card the seat has not seen may lie in any other hand or, until it
is shown, in the chien.

>>> import random, tarot
>>> from tarot.bots.sampling import Constraints, public_view, sample_from
>>> deal = tarot.new_deal("fft-4p", seed=3)
>>> view = deal.view(deal.to_play)
>>> world = sample_from(Constraints(view, PREPLAY), random.Random(1))
>>> public_view(world.view(view.seat)) == public_view(view)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, cast

from ...bots.sampling import Constraints, SamplingError, checked
from ...core.cards import CardSet, cards_of
from ...core.deal import Deal
from ...core.errors import TarotError
from .rules import FrenchDeal

#: The phases before the play: the bidding, the King call (five players), the écart.
PREPLAY_PHASES: Final = ("bid", "call", "ecart")


class PreplaySampler:
    """The other seats' hands and, until it is shown, the chien, for a view of the bidding, the
    call or the écart (``tarot.bots.sampling.Sampler``)."""

    def constrain(self, cons: Constraints) -> None:
        v = cons.view
        if v.phase not in PREPLAY_PHASES:
            raise SamplingError(f"French Tarot positions of the {v.phase} phase are not sampled "
                                "before the play")
        cons.unknown = cons.cls.PACK & ~(v.hand | v.discards)
        for s in range(v.players):
            if s != v.seat:
                cons.slots.append((s, "hand", cons.unknown, v.hand_sizes[s]))
        if not v.chien:  # not shown yet: unseen by all
            chien = cast("type[FrenchDeal]", cons.cls).CHIEN
            cons.slots.append((-1, "chien", cons.unknown, chien))
        # the taker's hand as dealt is his hand less the chien he took (``sampling._bids_fit``)
        cons.taken = v.chien

    def world(self, cons: Constraints, hands: Sequence[CardSet], discards: Sequence[CardSet],
              rng: random.Random | None, aside: CardSet) -> Deal | None:
        """The deal dealt from ``hands`` (the seat's own less the chien it took, with its écart
        so far) and the chien (``aside`` until it is shown), with the bids, the called card and
        the écart so far replayed."""
        v = cons.view
        cls = cast("type[FrenchDeal]", cons.cls)
        me = v.seat
        dealt = list(hands)
        chien = aside
        if v.chien:
            chien = v.chien
            dealt[me] = (hands[me] | discards[me]) & ~chien
        try:
            deck = cls.deck_for(dict(enumerate(dealt)), chien, v.dealer)
            deal = cls(v.options, deck=deck, dealer=v.dealer)
            for _, a in v.bids:
                deal.push(a)
            if deal.phase == "call" and v.phase != "call":
                deal.push(cast(int, v.called))
            for c in cards_of(v.discards):
                deal.push(c)
        except TarotError:
            return None
        return checked(deal, v)


PREPLAY: Final = PreplaySampler()
