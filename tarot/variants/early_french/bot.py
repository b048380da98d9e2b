"""A rule-based player for Early French Tarot (docs/rules §3), deciding from its ``View`` alone.

What it knows is what the view shows: its hand, the tricks played (who won them) and the
consolation cards given. From the tricks it infers voids: a player who does not follow holds no
card of the suit led, and one who neither follows nor trumps holds no trump either. The cards it
has not seen (other hands and the cards set aside) form one pool; each other player's hand is
treated as a random draw of its size from that pool.

* **Play**: each legal card gets a value in points: its chance of taking the trick (it beats
  the cards on the table and no player still to play beats it: a higher card of the suit, or a
  trump from a player void in the suit) times what taking it brings (a card per player, the
  scoring cards on the table and its own value), less the value of the card itself when it is
  lost, less what the card is worth kept for later (high trumps and Kings win tricks later).
* **The Fool**: played in place of a card that would be lost with value, or to spare a high
  trump, when that costs more than the consolation card it gives away (one card and the value of
  its cheapest won card); kept otherwise (it is never lost if its owner wins a trick).
* **Consolation**: the won card of least scoring value, the weakest card among equals.

>>> import tarot
>>> from tarot.bots import make_bot, play_out
>>> deal = tarot.new_deal("early-french", {"players": 4}, seed=11)
>>> play_out(deal, [make_bot("rule", seed=s) for s in range(4)])
>>> sum(deal.result().by_source["cards"])
0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from ...core.cards import FOOL, FULL_PACK, SUIT_MASKS, TRUMP_SUIT, TRUMPS, Card, CardSet, Seat, cards_of
from ...core.deal import View
from ...core.tricks import SUIT_OF as _SUIT
from .rules import CARD_VALUES, POWER_PLAIN, POWER_REVERSED, EarlyFrenchDeal, winning_index
from ...bots.odds import p_none as _p_none

_SUIT_MASK = (*SUIT_MASKS, TRUMPS)


def _higher(power: tuple[int, ...]) -> tuple[CardSet, ...]:
    """For each card, the cards of its own suit (trumps for a trump) that beat it."""
    out = []
    for c in range(78):
        if c == FOOL:
            out.append(0)
            continue
        same = _SUIT_MASK[_SUIT[c]]
        out.append(sum(1 << d for d in cards_of(same) if power[d] > power[c]))
    return tuple(out)


_HIGHER = {id(POWER_PLAIN): _higher(POWER_PLAIN), id(POWER_REVERSED): _higher(POWER_REVERSED)}




class EarlyFrenchRuleBot:
    """Rule-based Early French Tarot: one-trick expected values, the Fool as a shelter."""

    name = "rule"
    #: What a card is worth kept for later tricks: per point of trump rank, and for a King.
    KEEP_TRUMP = (0.8, 0.2)
    KEEP_KING = 0.8
    #: What keeping the Fool for a later, costlier trick is worth (fades as the hand ends).
    FOOL_KEEP = 1.0

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> int:
        """Choose one of ``view.legal_actions``: a card to play, or the consolation card."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        values = CARD_VALUES[view.options["scoring_table"]]
        power = EarlyFrenchDeal.trick_power(view.options)
        if view.phase == "consolation":
            return min(legal, key=lambda c: (values[c], power[c], c))
        return _Turn(self, view, values, power).choose(legal)


class _Turn:
    """The reckoning of one play decision."""

    __slots__ = ("bot", "v", "values", "power", "higher", "n", "step", "void", "pool", "pool_size",
                 "followers", "on_table")

    def __init__(self, bot: EarlyFrenchRuleBot, v: View, values: tuple[int, ...],
                 power: tuple[int, ...]) -> None:
        self.bot, self.v, self.values, self.power = bot, v, values, power
        self.higher = _HIGHER[id(power)]
        n = self.n = v.players
        self.step = 1 if v.options["direction"] == "anticlockwise" else n - 1
        self.void = [0] * n   # per seat: suit indices (bit s, bit 4 = trumps) known to be void
        seen = v.hand
        for leader, cards, _ in v.tricks:
            seen |= self._voids(leader, cards)
        seen |= self._voids(cast(Seat, v.leader), v.trick) if v.trick else 0  # a trick in play has a leader
        self.pool = FULL_PACK & ~seen
        self.pool_size = self.pool.bit_count()
        k = len(v.trick)
        self.followers = [(v.seat + self.step * i) % n for i in range(1, n - k)]
        self.on_table = sum(values[c] for c in v.trick)

    def _voids(self, leader: int, cards: Sequence[Card]) -> CardSet:
        """Record the voids a trick shows; return its cards as a set."""
        m = 0
        for c in cards:
            m |= 1 << c
        lead = cards[1] if cards[0] == FOOL and len(cards) > 1 else cards[0]
        if lead == FOOL:
            return m
        led = _SUIT[lead]
        for i, c in enumerate(cards):
            if c == FOOL or c == lead:
                continue
            s = _SUIT[c]
            if s != led:
                seat = (leader + self.step * i) % self.n
                self.void[seat] |= 1 << led
                if s != TRUMP_SUIT:
                    self.void[seat] |= 1 << TRUMP_SUIT
        return m

    def p_safe(self, c: Card, led: int) -> float:
        """Chance that no player still to play beats ``c`` (which leads or beats the table)."""
        pool, size = self.pool, self.pool_size
        up_trumps = (self.higher[c] if c <= 21 else TRUMPS) & pool
        up_suit = self.higher[c] & pool if c > 21 else 0
        n_suit = (_SUIT_MASK[led] & pool).bit_count() if led != TRUMP_SUIT else 0
        p = 1.0
        for f in self.followers:
            k = self.v.hand_sizes[f]
            void = self.void[f]
            t = 0 if void >> TRUMP_SUIT & 1 else up_trumps.bit_count()
            p_trump = 1.0 - _p_none(t, size, k)   # holds a trump that beats ``c``
            if led == TRUMP_SUIT or void >> led & 1:
                beat = p_trump
            else:   # he follows suit unless void in it; only when void may he trump
                p_void = _p_none(n_suit, size, k)
                beat = p_void * p_trump
                if c > 21:
                    beat += 1.0 - _p_none(up_suit.bit_count(), size, k)
            p *= max(0.0, 1.0 - beat)
        return p

    def value(self, c: Card) -> float:
        """Expected points of playing ``c`` now, less what it is worth kept."""
        v, values = self.v, self.values
        trick = (*v.trick, c)
        if trick == (FOOL,) or winning_index(trick, self.power) != len(trick) - 1:
            p = 0.0
        else:
            lead = trick[1] if trick[0] == FOOL else trick[0]
            p = self.p_safe(c, _SUIT[lead])
        gain = self.n + self.on_table + values[c]
        return p * gain - (1.0 - p) * values[c] - self.keep(c)

    def keep(self, c: Card) -> float:
        """What ``c`` is worth kept for later tricks."""
        bot = self.bot
        if c <= 21:
            return bot.KEEP_TRUMP[0] + bot.KEEP_TRUMP[1] * c
        if self.power[c] == 14:
            return bot.KEEP_KING
        return 0.02 * self.power[c]

    def fool_value(self) -> float:
        """Playing the Fool: the consolation card given (one card, the cheapest won), less the
        worth of keeping it for a later trick."""
        v = self.v
        me = v.seat
        won = 0
        for _, cards, winner in v.tricks:
            if winner == me:
                for c in cards:
                    won |= 1 << c
        won &= ~1
        cost = 1.0 + (min(self.values[c] for c in cards_of(won)) if won else 0.0)
        left = v.hand.bit_count()
        return -cost - self.bot.FOOL_KEEP * min(1.0, (left - 1) / 4)

    def choose(self, legal: Sequence[int]) -> int:
        best, best_v = None, -1e9
        for c in legal:
            val = self.fool_value() if c == FOOL else self.value(c)
            if val > best_v + 1e-9:
                best, best_v = c, val
        return cast(int, best)  # legal is not empty, and every value is above -1e9
