"""Marolles's declarations (docs/rules §1.5): what each is worth, which a hand may make, and
which cards it shows. A declaration is an action id (``core.actions``); declarations of one
group (the Tarots, the Kings, the triomphes, a Brizigole...) are tiers, of which only one may be
declared. ``declare`` and ``show`` play the ``declare`` and ``show`` phases of the deal
(``MarollesDeal``), which pays each declaration when it is complete.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ...core.actions import ACTION_IDS, DONE
from ...core.cards import (
    ACE, BOUTS, CAVALIER, COINS, ITALIAN, JACK, KING, KINGS, LOW_PART, PART, QUEEN, SUIT_HIGH,
    TAROTS, TRIOMPHES, TRUMPS, Card, CardSet, Notation, card_phrase, format_card, format_cards, mask,
    suit_card,
)

if TYPE_CHECKING:
    from .options import _Flags
    from .rules import MarollesDeal

#: La Belle, the Ace of Coins (§1.7).
BELLE: Final[Card] = suit_card(COINS, ACE)
BELLE_MASK: Final[CardSet] = 1 << BELLE

_A: Final = ACTION_IDS
TAROTS_TIERS: Final[dict[int, int]] = {4: _A["tarots_4"], 5: _A["tarots_5"], 6: _A["tarots_6"], 7: _A["tarots_7"]}
TAROTS_BELLE: Final = _A["tarots_7_belle"]
IMPERIAL_SUITS: Final[tuple[int, ...]] = (_A["imperial_swords"], _A["imperial_batons"], _A["imperial_cups"], _A["imperial_coins"])
IMPERIAL_KINGS: Final = _A["imperial_kings"]
IMPERIAL_RANKS: Final = {_A["imperial_queens"]: QUEEN, _A["imperial_cavaliers"]: CAVALIER,
                  _A["imperial_jacks"]: JACK}
TOUS_LES_TROIS: Final = _A["tous_les_trois"]
QUI_NA_LE_SIEN: Final = _A["qui_na_le_sien"]
HONOURS: Final[tuple[int, ...]] = tuple(mask(suit_card(s, r) for r in (JACK, CAVALIER, QUEEN, KING)) for s in range(4))
RANK_SETS: Final = {r: mask(suit_card(s, r) for s in range(4)) for r in (JACK, CAVALIER, QUEEN, KING)}
HIGH_RUN: Final = tuple(range(21, 15, -1))   # XXI XX XIX XVIII XVII XVI
LOW_RUN: Final = tuple(range(1, 7))          # I II III IV V VI

#: action -> (group, base value); groups: only one tier of a group may be declared.
G_TAROTS, G_KINGS, G_TRIOMPHES, G_BRIZ_HIGH, G_BRIZ_LOW, G_TLT, G_QNLS = 0, 1, 2, 3, 4, 5, 6
DECLARATIONS: Final[dict[int, tuple[int, int]]] = {
    **{a: (G_TAROTS, k - 3) for k, a in TAROTS_TIERS.items()},
    TAROTS_BELLE: (G_TAROTS, 5),
    _A["kings_2_fool"]: (G_KINGS, 1), _A["kings_3"]: (G_KINGS, 1), _A["kings_3_fool"]: (G_KINGS, 2),
    _A["kings_4"]: (G_KINGS, 3), _A["kings_4_fool"]: (G_KINGS, 4),
    _A["triomphes_10"]: (G_TRIOMPHES, 1), _A["triomphes_15"]: (G_TRIOMPHES, 2),
    _A["triomphes_20"]: (G_TRIOMPHES, 3),
    **{a: (7 + s, 1) for s, a in enumerate(IMPERIAL_SUITS)},
    IMPERIAL_KINGS: (11, 1),
    **{a: (12 + i, 1) for i, a in enumerate(IMPERIAL_RANKS)},
    **{_A[f"brizigole_high_{n}"]: (G_BRIZ_HIGH, n - 3) for n in (4, 5, 6)},
    **{_A[f"brizigole_low_{n}"]: (G_BRIZ_LOW, n - 3) for n in (4, 5, 6)},
    TOUS_LES_TROIS: (G_TLT, 3),
    QUI_NA_LE_SIEN: (G_QNLS, 1),
}
KINGS_TIERS: Final[tuple[tuple[int, int, bool], ...]] = (  # (action, kings needed, with the Fool), best first
    (_A["kings_4_fool"], 4, True), (_A["kings_4"], 4, False), (_A["kings_3_fool"], 3, True),
    (_A["kings_3"], 3, False), (_A["kings_2_fool"], 2, True),
)
_KINGS_TIER: Final = {a: (n, f) for a, n, f in KINGS_TIERS}
TRIOMPHES_TIERS: Final[dict[int, int]] = {_A["triomphes_10"]: 10, _A["triomphes_15"]: 15, _A["triomphes_20"]: 20}
BRIZIGOLES: Final = {_A[f"brizigole_{end}_{n}"]: (end, n) for end in ("high", "low") for n in (4, 5, 6)}
#: For ``_declarable``: (group bit, action, the four cards) of each Imperial of a rank, and
#: (group, run of trumps, its first four cards, the tiers of 4, 5 and 6 cards) of each Brizigole.
_IMPERIAL_RANK_CHECKS: Final[tuple[tuple[int, int, int, int], ...]] = tuple(
    (12 + i, a, RANK_SETS[r] & LOW_PART, RANK_SETS[r] >> PART) for i, (a, r) in enumerate(IMPERIAL_RANKS.items()))
#: ``_declarable`` reads a hand in its two parts (``SplitHandsDeal``): the Kings, each suit's
#: honours and la Belle as those parts hold them (the trumps and the Fool are low).
_KINGS_LO: Final[CardSet] = KINGS & LOW_PART
_KINGS_HI: Final[CardSet] = KINGS >> PART
_HONOURS_IN_PART: Final[tuple[CardSet, ...]] = tuple(h >> PART if SUIT_HIGH[s] else h for s, h in enumerate(HONOURS))
_BELLE_HI: Final = BELLE - PART
_BRIZ_CHECKS: Final[tuple[tuple[int, tuple[int, ...], int, tuple[int, ...]], ...]] = tuple((g, run, mask(run[:4]), tuple(_A[f"brizigole_{end}_{k}"] for k in (4, 5, 6)))
                            for g, end, run in ((G_BRIZ_HIGH, "high", HIGH_RUN), (G_BRIZ_LOW, "low", LOW_RUN)))

DECLARATION_NAMES: Final = {
    **{a: f"{k} Tarots" for k, a in TAROTS_TIERS.items()},
    TAROTS_BELLE: "the 7 Tarots and la Belle",
    _A["kings_2_fool"]: "2 Kings and the Fool", _A["kings_3"]: "3 Kings",
    _A["kings_3_fool"]: "3 Kings and the Fool", _A["kings_4"]: "4 Kings",
    _A["kings_4_fool"]: "4 Kings and the Fool",
    **{a: f"{n} triomphes" for a, n in TRIOMPHES_TIERS.items()},
    **{a: f"Imperial of {ITALIAN.suit_names_en[s]}" for s, a in enumerate(IMPERIAL_SUITS)},
    IMPERIAL_KINGS: "Imperial of the four Kings", _A["imperial_queens"]: "Imperial of the four Queens",
    _A["imperial_cavaliers"]: "Imperial of the four Cavaliers",
    _A["imperial_jacks"]: "Imperial of the four Jacks",
    **{a: f"Brizigole of the {n} {'highest' if e == 'high' else 'lowest'} trumps"
       for a, (e, n) in BRIZIGOLES.items()},
    TOUS_LES_TROIS: "Tous les trois (XXI, I and the Fool)",
    QUI_NA_LE_SIEN: "Qui n'a le sien",
}


def _run(hand: CardSet, order: Sequence[int], fool_fills: bool) -> tuple[int, CardSet]:
    """Length (≤ 6) and cards of an unbroken run of trumps from one end (§1.5 Brizigole)."""
    cards, gap_used = 0, not fool_fills or not hand & 1
    n = 0
    for t in order:
        if hand >> t & 1:
            cards |= 1 << t
        elif not gap_used:
            cards |= 1
            gap_used = True
        else:
            break
        n += 1
    return n, cards


def declarable(lo: CardSet, hi: CardSet, done: int, o: _Flags) -> list[int]:
    """The declarations a hand may still make (§1.5): ``lo`` and ``hi`` its two parts (the
    trumps and the Fool are low), ``done`` the groups it has declared (a bit each), with
    ``declarations_must_be_maximal`` (``o.maximal``) only the highest tier of each."""
    return _counted(lo, hi, done, o) + _imperials(lo, hi, done, o) + _runs_and_bouts(lo, done, o)


def _counted(lo: CardSet, hi: CardSet, done: int, o: _Flags) -> list[int]:
    """The declarations by number of cards: Tarots (4 to 7, and 7 with la Belle), Kings (with
    or without the Fool), triomphes (10, 15, 20)."""
    maximal = o.maximal
    out: list[int] = []
    nk = (lo & _KINGS_LO).bit_count() + (hi & _KINGS_HI).bit_count()
    if not done >> G_TAROTS & 1:
        k = nk + (lo & BOUTS).bit_count()
        if k >= 4:
            tiers = [TAROTS_TIERS[j] for j in range(4, k + 1)]
            if k == 7 and hi >> _BELLE_HI & 1:
                tiers.append(TAROTS_BELLE)
            out += tiers[-1:] if maximal else tiers
    if nk >= 2 and not done >> G_KINGS & 1:
        fool = lo & 1
        tiers = [a for a, n, f in KINGS_TIERS if nk >= n and (fool or not f)]
        out += tiers[:1] if maximal else tiers
    nt = (lo & (TRIOMPHES if o.fool_triomphe else TRUMPS)).bit_count()
    if nt >= 10 and not done >> G_TRIOMPHES & 1:
        tiers = [a for a, n in TRIOMPHES_TIERS.items() if nt >= n]
        out += tiers[-1:] if maximal else tiers
    return out


def _imperials(lo: CardSet, hi: CardSet, done: int, o: _Flags) -> list[int]:
    """The Imperials: a suit's four honours, the four cards of a rank (the Kings only with
    ``four_kings_imperial=separate_1m``)."""
    out: list[int] = []
    for s, a in enumerate(IMPERIAL_SUITS):
        honours = _HONOURS_IN_PART[s]
        if not done >> (7 + s) & 1 and (hi if SUIT_HIGH[s] else lo) & honours == honours:
            out.append(a)
    if (o.kings_imperial and not done >> 11 & 1 and lo & _KINGS_LO == _KINGS_LO
            and hi & _KINGS_HI == _KINGS_HI):
        out.append(IMPERIAL_KINGS)
    for g, a, cards_lo, cards_hi in _IMPERIAL_RANK_CHECKS:
        if not done >> g & 1 and lo & cards_lo == cards_lo and hi & cards_hi == cards_hi:
            out.append(a)
    return out


def _runs_and_bouts(lo: CardSet, done: int, o: _Flags) -> list[int]:
    """The Brizigoles (runs of trumps from either end), tous les trois, qui n'a le sien."""
    out: list[int] = []
    fill = 1 if o.fool_brizigole and lo & 1 else 0
    for g, run, first4, ids in _BRIZ_CHECKS:
        if (lo & first4).bit_count() + fill >= 4 and not done >> g & 1:
            n, _ = _run(lo, run, o.fool_brizigole)
            if n >= 4:
                out += ids[n - 4:n - 3] if o.maximal else ids[:n - 3]
    nb = (lo & BOUTS).bit_count()
    if nb == 3 and not done >> G_TLT & 1:
        out.append(TOUS_LES_TROIS)
    if nb == 2 and not done >> G_QNLS & 1:
        out.append(QUI_NA_LE_SIEN)
    return out


def show_spec(action: int, h: CardSet, o: _Flags) -> tuple[CardSet, CardSet, int]:
    """(cards always shown, cards to choose from, how many to choose) for a declaration."""
    if action in _KINGS_TIER:
        n, f = _KINGS_TIER[action]
        return (1 if f else 0), h & KINGS, n
    if action == TAROTS_BELLE:
        return TAROTS | BELLE_MASK, 0, 0
    for k, a in TAROTS_TIERS.items():
        if a == action:
            return 0, h & TAROTS, k
    if action in TRIOMPHES_TIERS:
        pool = TRIOMPHES if o.fool_triomphe else TRUMPS
        return 0, h & pool, TRIOMPHES_TIERS[action]
    if action in IMPERIAL_SUITS:
        return HONOURS[IMPERIAL_SUITS.index(action)], 0, 0
    if action == IMPERIAL_KINGS:
        return KINGS, 0, 0
    if action in IMPERIAL_RANKS:
        return RANK_SETS[IMPERIAL_RANKS[action]], 0, 0
    if action in BRIZIGOLES:
        end, n = BRIZIGOLES[action]
        _, cards = _run(h, (HIGH_RUN if end == "high" else LOW_RUN)[:n], o.fool_brizigole)
        return cards, 0, 0
    if action == TOUS_LES_TROIS:
        return BOUTS, 0, 0
    return h & BOUTS, 0, 0  # qui n'a le sien: the two he holds


def explain_declare(action: int, token: str, seat: int) -> str:
    """Why ``seat`` cannot declare ``action`` (its token ``token``) now."""
    name = DECLARATION_NAMES.get(action)
    what = f"{name} ({token})" if name else token
    return f"seat {seat} cannot declare {what}: the hand does not hold it, or it is already declared"


def explain_show(pending: tuple, action: int, notation: Notation) -> str:
    """Why ``action``, a card of the hand, cannot be shown now for the declaration ``pending``
    (``MarollesDeal.pending``: declaration, forced cards, eligible cards, how many, chosen, last)."""
    decl, _, eligible, _, _, last = pending
    title = DECLARATION_NAMES[decl]
    if not eligible >> action & 1:
        return (f"{card_phrase(action, notation)} cannot be shown for {title}: the cards that can "
                f"be are {format_cards(eligible, notation)}")
    return (f"{card_phrase(action, notation)} cannot be shown now for {title}: the cards shown are "
            "given in ascending order" + (f", after {format_card(last, notation)}" if last >= 0 else "")
            + ", leaving enough above for the rest")


def declare(d: MarollesDeal, a: int) -> None:
    """The seat to play makes declaration ``a``, or says ``done``; a declaration that leaves a
    choice of cards goes on in the ``show`` phase."""
    p = d._seat()
    if a == DONE:
        if d._o.declare_at_first_card:
            d.decl_groups[p] |= 1 << 31
            d.phase = "play"
        else:
            d._next_in_order()
        return
    forced, eligible, needed = show_spec(a, d.hand(p), d._o)
    d.decl_groups[p] |= 1 << DECLARATIONS[a][0]
    if needed and eligible.bit_count() > needed:
        d.pending = (a, forced, eligible, needed, 0, -1)
        d.phase = "show"
        return
    d._declared(p, a, forced | eligible)


def show(d: MarollesDeal, c: int) -> None:
    """The declarer shows card ``c``; the last one completes the declaration."""
    assert d.pending is not None
    a, forced, eligible, needed, chosen, _ = d.pending
    chosen |= 1 << c
    if chosen.bit_count() == needed:
        d.pending = None
        d.phase = "declare"
        d._declared(d._seat(), a, forced | chosen)
    else:
        d.pending = (a, forced, eligible, needed, chosen, c)
