"""The poignée in French Tarot (docs/rules §4.1): declared just before one's first card by a
player holding enough trumps, the trumps shown one at a time when he holds more than he shows;
and why a poignée or a trump shown is refused.

Functions of the deal (``FrenchDeal``), which calls them for its ``poignee`` and ``show``
phases."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import DONE
from ...core.cards import FOOL, TRUMPS, CardSet, Seat, above, card_phrase, drop_highest
from .settlement import POIGNEE_VALUES, POIGNEES

if TYPE_CHECKING:
    from .rules import FrenchDeal


def pool(d: FrenchDeal, p: Seat) -> CardSet:
    """The trumps ``p`` may show: his own, and for the taker those forced into the écart."""
    trumps = d.hand(p) & TRUMPS
    if p == d.taker:
        trumps |= d.ecart & TRUMPS
    return trumps


def tiers(d: FrenchDeal, p: Seat) -> list[int]:
    """The poignées ``p`` may declare: those his trumps reach, or reach with the Excuse."""
    t = pool(d, p).bit_count()
    sizes = d.POIGNEE_SIZES
    if t + 1 < sizes[0]:
        return []  # most hands: too few trumps even with the Excuse
    fool = d.hand(p) & 1
    return [a for a, n in zip(POIGNEES, sizes) if t >= n or (fool and t == n - 1)]


def declare(d: FrenchDeal, a: int) -> None:
    """The seat to play declares poignée ``a`` or says ``done``."""
    p = d._seat()
    d.asked |= 1 << p
    if a == DONE:
        d.phase = "play"
        return
    need = d.POIGNEE_SIZES[POIGNEES.index(a)]
    trumps = pool(d, p)
    t = trumps.bit_count()
    if t < need:  # the Excuse completes it: every trump is shown with it
        _declared(d, p, a, trumps | 1)
    elif t > need and d._o.show_exact:
        d.pending = (a, trumps, need, 0, -1)
        d.phase = "show"
    else:
        _declared(d, p, a, trumps)


def legal_show(d: FrenchDeal) -> CardSet:
    """The trumps the declarer may show next, in ascending order, leaving enough above."""
    assert d.pending is not None
    _, eligible, needed, chosen, last = d.pending
    return drop_highest(eligible & above(last), needed - chosen.bit_count() - 1)


def show(d: FrenchDeal, c: int) -> None:
    """The declarer shows trump ``c``; the last one completes the poignée."""
    assert d.pending is not None
    a, eligible, needed, chosen, _ = d.pending
    chosen |= 1 << c
    if chosen.bit_count() == needed:
        d.pending = None
        _declared(d, d._seat(), a, chosen)
    else:
        d.pending = (a, eligible, needed, chosen, c)


def _declared(d: FrenchDeal, p: Seat, a: int, cards: CardSet) -> None:
    d.shown.append((p, a, cards))
    d.poignee += POIGNEE_VALUES[a]
    d.phase = "play"


def explain_poignee(d: FrenchDeal, action: int) -> str:
    tok, p = d.action_token(action), d._seat()
    if action in POIGNEES:
        k = d.POIGNEE_SIZES[POIGNEES.index(action)]
        return (f"seat {p} cannot declare {tok}: it needs {k} trumps (or {k - 1} and the "
                "Excuse, which then shows that no other trump is held)")
    return f"{tok} is not legal now: seat {p} may declare a poignée or say done"


def explain_show(d: FrenchDeal, action: int) -> str:
    """Why ``action``, a card, cannot be shown now for the poignée being declared."""
    p = d._seat()
    name = card_phrase(action, d.notation)
    if action == FOOL:
        return (f"seat {p} cannot show {name}: it stands in for a trump only in a hand one "
                "trump short of the poignée, and this hand holds more trumps than it shows")
    if not pool(d, p) >> action & 1:
        return (f"seat {p} cannot show {name}: a poignée shows trumps only" if action >= 22
                else f"seat {p} does not hold {name}")
    return f"{name} cannot be shown now: choose the trumps to show in ascending order"
