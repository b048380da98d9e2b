"""French Tarot before the play (docs/rules §4.1, §4.4): the bidding, the card the taker calls
with five players, the chien taken and the écart; and why each refuses an action.

Functions of the deal (``FrenchDeal``), which calls them for its ``bid``, ``call`` and
``ecart`` phases."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.actions import DONE, PASS
from ...core.cards import (
    BOUTS, FULL_PACK, KINGS, TRUMPS, CardSet, above, card_phrase, drop_highest, format_card,
)
from .settlement import BIDS, GARDE, PRISE

if TYPE_CHECKING:
    from .rules import FrenchDeal

#: Suit cards other than Kings: what the écart is made of.
ECART_FREE: Final[CardSet] = FULL_PACK & ~TRUMPS & ~KINGS & ~1
#: Trumps that may go into the écart when unavoidable (not the Petit nor the 21).
ECART_TRUMPS: Final[CardSet] = TRUMPS & ~BOUTS


# ----- the bidding and the call (§4.1, §4.4) -----------------------------------------------
def bid(d: FrenchDeal, a: int) -> None:
    """Seat to play passes or bids; after the last seat, the contract (or all passed: over)."""
    p = d._seat()
    n = d.players
    d.bids.append((p, a))
    if a != PASS:
        d.high, d.taker = a, p
    d.order_idx += 1
    if d.order_idx < n:
        d.to_play = (d.dealer + 1 + d.order_idx) % n
        return
    if not d.high:
        d.phase, d.to_play = "over", None
        return
    d.contract = d.high
    d.camp = 1 << d._taker()
    if n == 5:
        d.phase, d.to_play = "call", d.taker
        return
    take_chien(d)


def callable_cards(d: FrenchDeal) -> CardSet:
    """The cards the taker may call (§4.4): a King; the next rank only when he holds every card
    of the ranks below (``five_player_called_escalation``); his own only with
    ``five_player_self_call``."""
    h = d.hand(d._taker())
    levels = d._o.escalation
    if d._o.self_call:
        out = levels[0]
        for i in range(1, len(levels)):
            if h & levels[i - 1] != levels[i - 1]:
                break
            out |= levels[i]
        return out
    for level in levels:
        if level & ~h:
            return level & ~h
    return levels[-1]


def call(d: FrenchDeal, c: int) -> None:
    """The taker calls ``c``: its holder, if another seat, is his secret partner."""
    d.called = c
    for s in range(d.players):
        if d.hand(s) >> c & 1 and s != d.taker:
            d.partner = s
            d.camp |= 1 << s
    take_chien(d)


# ----- the chien and the écart (§4.1) --------------------------------------------------------
def take_chien(d: FrenchDeal) -> None:
    """Prise and Garde: the chien is shown and taken, the écart follows; else the chelem."""
    t = d._taker()
    if d.contract in (PRISE, GARDE):
        d.chien_shown = True
        d._set_hand(t, d.hand(t) | d.chien)
        d.phase, d.to_play = "ecart", t
        d.ecart_left = d.CHIEN
        d.ecart_trumps = max(0, d.CHIEN - (d.hand(t) & ECART_FREE).bit_count())
        return
    d.phase, d.to_play = "chelem", t


def legal_ecart(d: FrenchDeal) -> CardSet:
    """The cards the taker may discard next, in ascending order: the unavoidable trumps first,
    then suit cards other than Kings, leaving enough cards above for the rest of the écart."""
    avail = d.hand(d._taker()) & above(d.last_discard)
    if d.ecart_trumps:
        return drop_highest(avail & ECART_TRUMPS, d.ecart_trumps - 1)
    return drop_highest(avail & ECART_FREE, d.ecart_left - 1)


def discard(d: FrenchDeal, c: int) -> None:
    """The taker puts ``c`` into the écart; the last one shows the trumps it holds."""
    t = d._taker()
    d._split.lose(t, c)
    d.ecart |= 1 << c
    d.last_discard = c
    d.ecart_left -= 1
    if c < 22:
        d.ecart_trumps -= 1
    if not d.ecart_left:
        trumps = d.ecart & TRUMPS
        if trumps:  # trumps in the écart are shown (§4.1)
            d.shown.append((t, DONE, trumps))
        d.phase = "chelem"


# ----- why an action is refused ---------------------------------------------------------------
def explain_bid(d: FrenchDeal, action: int) -> str:
    tok = d.action_token(action)
    if action in BIDS:
        return (f"{tok} does not overcall {d.action_token(d.high)}: each bid must be "
                "higher than the last (prise < garde < garde_sans < garde_contre)")
    return f"{tok} is not a bid: seat {d._seat()} must pass or bid"


def explain_call(d: FrenchDeal, action: int) -> str:
    """Why the taker cannot call ``action``, a card (§4.4)."""
    p, o = d._seat(), d._o
    name = card_phrase(action, d.notation)
    own_level = any(level >> action & 1 and level & callable_cards(d) for level in o.escalation)
    if not o.self_call and d.hand(p) >> action & 1 and own_level:
        return (f"seat {p} holds {name}: with five_player_self_call=false the card called is "
                "one outside one's own hand (one's own only when holding every card one could call)")
    return (f"seat {p} cannot call {name}: a King is called; a Queen only with the four Kings"
            + (", a Cavalier only with the Kings and Queens, a Jack only with all three"
               if len(o.escalation) == 4
               else "; never a Cavalier or a Jack (five_player_called_escalation=k→q)")
            + ("" if o.self_call else "; a card of one's own hand only when holding "
               "every card one could call (five_player_self_call=false)"))


def explain_ecart(d: FrenchDeal, action: int) -> str:
    """Why the taker cannot discard ``action``, a card of his hand (§4.1)."""
    n = d.notation
    name = card_phrase(action, n)
    if (KINGS | BOUTS) >> action & 1:
        return f"{name} may not go into the écart: never a King or a bout"
    if action < 22 and not d.ecart_trumps:
        return f"{name} may not go into the écart: a trump only when unavoidable"
    if action <= d.last_discard:
        return (f"the écart is taken in ascending card order: {format_card(action, n)} does "
                f"not come after {format_card(d.last_discard, n)}")
    if d.ecart_trumps:
        return f"the écart must first take its {d.ecart_trumps} unavoidable trump(s), lowest first"
    return f"{name} cannot be discarded now: too few cards would remain above it"
