"""Cards, card sets and card notation (the same ids in every variant).

A card is an ``int`` in ``0..77``; a set of cards is an ``int`` bitmask over those ids,
in the manner of python-chess squares::

    0            the Fool (le Math, l'Excuse)
    1 .. 21      trumps I .. XXI
    22 + 14*s + (r-1)   suit card of suit s (0..3), rank r (1 = Ace .. 10, 11 = Jack,
                        12 = Cavalier, 13 = Queen, 14 = King)

Suit indices pair the Italian and French suits as card makers always have:
0 Swords / Spades, 1 Batons / Clubs, 2 Cups / Hearts, 3 Coins / Diamonds.
Cups and Coins are the *round* suits of the historical games (docs/rules §1.1).

Tokens are rank + suit letter (``KS``, ``10C``, ``AD``), ``T1`` .. ``T21`` for trumps, and a
token for the Fool. Two notations exist because players of each family read them naturally:

* ``ITALIAN`` (historical games): suits ``S`` Swords, ``B`` Batons, ``C`` Cups, ``D`` Coins
  (deniers); the Fool is ``F``.
* ``FRENCH`` (modern French Tarot): suits ``S`` Spades, ``C`` Clubs, ``H`` Hearts,
  ``D`` Diamonds; the Excuse is ``EX``.

>>> format_cards(parse_cards("KS 5S T1 F"))
'KS 5S T1 F'
>>> format_cards(mask(parse_cards("KS 5S T1 F")))
'F T1 5S KS'
>>> format_card(parse_card("KH", FRENCH), FRENCH), format_card(parse_card("KH", FRENCH))
('KH', 'KC')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final, TypeAlias

from .errors import CardParseError, excerpt

Card: TypeAlias = int
CardSet: TypeAlias = int
Seat: TypeAlias = int

NUM_CARDS: Final = 78
FOOL: Final[Card] = 0
SWORDS, BATONS, CUPS, COINS = 0, 1, 2, 3
SPADES, CLUBS, HEARTS, DIAMONDS = 0, 1, 2, 3
TRUMP_SUIT: Final = 4
FOOL_SUIT: Final = 5
ACE, JACK, CAVALIER, QUEEN, KING = 1, 11, 12, 13, 14


def trump(n: int) -> Card:
    """The card id of trump ``n`` (1..21)."""
    return n


def suit_card(suit: int, rank: int) -> Card:
    """The card id of ``rank`` (1..14) in ``suit`` (0..3)."""
    return 22 + 14 * suit + rank - 1


def suit_of(card: Card) -> int:
    """0..3 for suit cards, ``TRUMP_SUIT`` for trumps, ``FOOL_SUIT`` for the Fool."""
    if card == FOOL:
        return FOOL_SUIT
    if card <= 21:
        return TRUMP_SUIT
    return (card - 22) // 14


def rank_of(card: Card) -> int:
    """Rank 1..14 of a suit card, the number of a trump, 0 for the Fool."""
    if card <= 21:
        return card
    return (card - 22) % 14 + 1


def mask(cards: Iterable[Card]) -> CardSet:
    """The card set holding ``cards``."""
    return _mask(cards if isinstance(cards, list) else list(cards))


def _mask(cards: list[Card]) -> CardSet:
    # Two parts that fit a machine word (ids below 56, and the rest), joined once: the
    # compiled engine then shifts native ints rather than building a 78-bit int per card
    # (and reads a list natively, where an iterable goes through generic calls).
    lo = hi = 0
    for i in range(len(cards)):
        c = cards[i]
        if c < 56:
            lo |= 1 << c
        else:
            hi |= 1 << (c - 56)
    return lo | hi << 56


def deal_positions(owners: Iterable[int], n: int) -> tuple[tuple[int, ...], ...]:
    """The deck positions each of ``n`` owners (hands, a chien...) receives, from the owner of
    each position: what ``deal_sets`` takes (worked out once per deal plan).

    >>> deal_positions([1, 0, 1, 0], 2)
    ((1, 3), (0, 2))
    """
    plan = list(owners)
    return tuple(tuple(i for i, o in enumerate(plan) if o == s) for s in range(n))


def deal_sets(deck: tuple[Card, ...], positions: tuple[tuple[int, ...], ...]) -> list[CardSet]:
    """Each owner's card set from a deck and the positions it receives (``deal_positions``),
    as ``mask`` makes them.

    >>> deal_sets((5, 70, 2, 60), ((1, 3), (0, 2))) == [mask([70, 60]), mask([5, 2])]
    True
    """
    out: list[CardSet] = []
    for mine in positions:  # one owner at a time, in local ints that fit a machine word (``mask``)
        lo = hi = 0
        for pos in mine:
            c = deck[pos]
            if c < 56:
                lo |= 1 << c
            else:
                hi |= 1 << (c - 56)
        out.append(lo | hi << 56)
    return out


#: Whether this module runs compiled (mypyc builds it as an extension module), and the largest
#: int it keeps in a machine word (a larger one is a Python long object).
_COMPILED: Final = not __file__.endswith(".py")
_WORD: Final = 0x3FFF_FFFF_FFFF_FFFF  # 2 ** 62 - 1


def popcount(cs: CardSet) -> int:
    """The number of cards in a set (``int.bit_count``).

    Compiled, ``bit_count`` is a method call on an int boxed for it; a set below ``2 ** 62``
    (one part of a hand, ``PART``, or a suit) is counted here in the machine word, 13 bits at a
    time from a table (``_COUNT13``). In pure Python the module names the method itself
    ``popcount`` (below): the call around it cost more than the count.

    >>> popcount(0), popcount(0b1011), popcount((1 << 62) - 1), popcount((1 << 78) - 1)
    (0, 3, 62, 78)
    """
    if _COMPILED and 0 <= cs <= _WORD:
        n = _COUNT13[cs & 0x1FFF] + _COUNT13[cs >> 13 & 0x1FFF]
        if cs >> 26:
            n += _COUNT13[cs >> 26 & 0x1FFF] + _COUNT13[cs >> 39 & 0x1FFF] + _COUNT13[cs >> 52]
        return n
    return cs.bit_count()


if not _COMPILED:
    # Pure Python: ``popcount`` is ``int.bit_count`` itself, without a call around it (a rule
    # bot counts cards about 2,000 times a deal); compiled, the function above runs natively.
    globals()["popcount"] = int.bit_count

#: The number of bits set in each 13-bit value (``popcount``).
_COUNT13: Final = bytes(i.bit_count() for i in range(1 << 13))


#: _BYTE_CARDS[i][b]: the card ids of byte value ``b`` at byte ``i`` of a card set.
_BYTE_CARDS: Final = tuple(tuple(tuple(8 * i + j for j in range(8) if b >> j & 1) for b in range(256))
                    for i in range(10))


#: Where the engine's hot paths cut a card set in two (``hand & LOW_PART``, ``hand >> PART``):
#: ids below 50 (the Fool, the trumps, Swords / Spades and Batons / Clubs) and ids from 50 (Cups /
#: Hearts and Coins / Diamonds), no suit across the cut. A set of all 78 ids is a Python long
#: object, and every operation on one makes a new one; each part fits a machine word, which the
#: compiled engine works on natively.
PART: Final = 50
LOW_PART: Final[CardSet] = (1 << PART) - 1
#: _HIGH_BYTE_CARDS[i][b]: the card ids of byte value ``b`` at byte ``i`` of a high part.
_HIGH_BYTE_CARDS: Final = tuple(tuple(tuple(PART + 8 * i + j for j in range(8) if b >> j & 1) for b in range(256))
                         for i in range(4))


def cards_of_parts(lo: CardSet, hi: CardSet) -> list[Card]:
    """``cards_of(lo | hi << PART)``, from the two parts of the set (``PART``).

    >>> cards_of_parts(0b101, 0b11) == cards_of(0b101 | 0b11 << PART) == [0, 2, 50, 51]
    True
    """
    out: list[Card] = []
    # byte by byte, the low part, then the high one (each a machine word in the compiled engine)
    bits, table, i, high = lo, _BYTE_CARDS, 0, False
    while True:
        while bits:
            b = bits & 255
            if b:
                out += table[i][b]
            bits >>= 8
            i += 1
        if high:
            return out
        bits, table, i, high = hi, _HIGH_BYTE_CARDS, 0, True


def cards_of(cs: CardSet) -> list[Card]:
    """The cards of a set, in ascending id order."""
    return cards_of_parts(cs & LOW_PART, cs >> PART)


def above(card: Card) -> CardSet:
    """The ids strictly greater than ``card`` (all 78 when ``card`` is -1): what may still
    come in a choice of cards made in ascending order (a discard, the cards shown).

    >>> cards_of(above(74)), above(-1) == (1 << 78) - 1
    ([75, 76, 77], True)
    """
    full = (1 << NUM_CARDS) - 1
    return full & ~((2 << card) - 1) if card >= 0 else full


def drop_highest(cards: CardSet, k: int) -> CardSet:
    """``cards`` without its ``k`` highest ids (none when ``k`` <= 0): the cards that can
    start an ascending choice of ``k + 1`` of them.

    >>> cards_of(drop_highest(mask([3, 9, 60, 70]), 2)), cards_of(drop_highest(mask([3, 9]), 0))
    ([3, 9], [3, 9])
    """
    lo, hi = drop_highest_parts(cards & LOW_PART, cards >> PART, k)
    return lo | hi << PART


def drop_highest_parts(lo: CardSet, hi: CardSet, k: int) -> tuple[CardSet, CardSet]:
    """``drop_highest`` of the set whose two parts are ``lo`` and ``hi`` (``PART``)."""
    while k > 0 and hi:
        hi ^= 1 << (hi.bit_length() - 1)
        k -= 1
    while k > 0 and lo:
        lo ^= 1 << (lo.bit_length() - 1)
        k -= 1
    return lo, hi


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does (the same order from
    the same generator state, and the generator left in the same state): Fisher-Yates drawing
    each index with ``getrandbits``, as CPython's ``Random.shuffle`` and ``_randbelow`` do.
    Written out so that the compiled engine (``make install``) runs it as C, and so that a deck
    depends on the Mersenne Twister alone, not on how a Python version shuffles.

    >>> a, b = list(range(78)), list(range(78))
    >>> random.Random(5).shuffle(a); shuffle(b, random.Random(5)); a == b
    True
    """
    getrandbits = rng.getrandbits
    i = len(cards) - 1
    while i > 0:
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
        i -= 1


def iter_cards(cs: CardSet) -> Iterator[Card]:
    while cs:
        low = cs & -cs
        yield low.bit_length() - 1
        cs ^= low


FOOL_MASK: Final[CardSet] = 1
TRUMPS: Final[CardSet] = mask(range(1, 22))
TRIOMPHES: Final[CardSet] = TRUMPS | FOOL_MASK
SUIT_MASKS: Final[tuple[CardSet, ...]] = tuple(mask(suit_card(s, r) for r in range(1, 15)) for s in range(4))
KINGS: Final[CardSet] = mask(suit_card(s, KING) for s in range(4))
#: Per suit: whether its cards lie in the high part of a card set (``PART``), and its cards as
#: that part holds them (no suit lies across the cut).
SUIT_HIGH: Final[tuple[bool, ...]] = tuple(m >> PART != 0 for m in SUIT_MASKS)
SUIT_IN_PART: Final[tuple[CardSet, ...]] = tuple(m >> PART if m >> PART else m for m in SUIT_MASKS)
assert all(m & LOW_PART == 0 or m >> PART == 0 for m in SUIT_MASKS)
QUEENS: Final[CardSet] = mask(suit_card(s, QUEEN) for s in range(4))
CAVALIERS: Final[CardSet] = mask(suit_card(s, CAVALIER) for s in range(4))
JACKS: Final[CardSet] = mask(suit_card(s, JACK) for s in range(4))
#: The three trump "Tarots" / bouts: XXI, I and the Fool.
BOUTS: Final[CardSet] = mask((FOOL, 1, 21))
#: The seven Tarots of the historical games: the Kings, XXI, I and the Fool.
TAROTS: Final[CardSet] = KINGS | BOUTS
FULL_PACK: Final[CardSet] = (1 << NUM_CARDS) - 1


@dataclass(frozen=True)
class Notation:
    """A set of card tokens and display names; see the module docstring."""

    name: str
    suit_letters: str
    fool_token: str
    suit_names_en: tuple[str, str, str, str]
    suit_names_fr: tuple[str, str, str, str]
    fool_name_en: str
    fool_name_fr: str
    suit_symbols: tuple[str, str, str, str]

    def __reduce__(self) -> tuple:
        # Pickled by its fields (views are pickled to worker processes): the default way sets
        # the fields one by one, which a compiled frozen dataclass refuses.
        return (Notation, (self.name, self.suit_letters, self.fool_token, self.suit_names_en,
                           self.suit_names_fr, self.fool_name_en, self.fool_name_fr,
                           self.suit_symbols))


ITALIAN: Final = Notation(
    name="italian",
    suit_letters="SBCD",
    fool_token="F",
    suit_names_en=("Swords", "Batons", "Cups", "Coins"),
    suit_names_fr=("Épées", "Bâtons", "Coupes", "Deniers"),
    fool_name_en="the Fool",
    fool_name_fr="le Mat",
    suit_symbols=("⚔", "♣", "♥", "◉"),
)
FRENCH: Final = Notation(
    name="french",
    suit_letters="SCHD",
    fool_token="EX",
    suit_names_en=("Spades", "Clubs", "Hearts", "Diamonds"),
    suit_names_fr=("Pique", "Trèfle", "Cœur", "Carreau"),
    fool_name_en="the Excuse",
    fool_name_fr="l'Excuse",
    suit_symbols=("♠", "♣", "♥", "♦"),
)
NOTATIONS: Final = {n.name: n for n in (ITALIAN, FRENCH)}

_RANK_TOKENS: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
_RANK_EN: Final = ("", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Cavalier", "Queen", "King")
_RANK_FR: Final = ("", "As", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Valet", "Cavalier", "Dame", "Roi")
_ROMAN: Final = (
    "", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
    "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
)
_TRUMP_NICK_EN: Final = {1: "the Bagat", 21: "the World"}
_TRUMP_NICK_FR: Final = {1: "le Bagat", 21: "le Monde"}


_TRUMP_TOKENS: Final = {f"T{n}": n for n in range(1, 22)}


def _card_id(card: Card) -> Card:
    """``card`` if it is a card id (0..77); else ``CardParseError`` names it."""
    if not 0 <= card < NUM_CARDS:
        raise CardParseError(f"{excerpt(card)} is not a card id (0..{NUM_CARDS - 1})")
    return card


def parse_card(token: object, notation: Notation = ITALIAN) -> Card:
    """Parse one card token (case-insensitive).

    >>> parse_card("T21"), parse_card("F"), parse_card("KS"), parse_card("AD")
    (21, 0, 35, 64)
    >>> parse_card("ZZ")
    Traceback (most recent call last):
    ...
    tarot.core.errors.CardParseError: 'ZZ' is not a card (italian notation: e.g. KS, 10C, T21, F)
    """
    if not isinstance(token, str):
        raise CardParseError(f"{excerpt(token)} is not a card token (a string such as KS)")
    # ASCII only, checked before the case is folded: "kſ" (long s) would read as KS
    t = token.strip().upper() if token.isascii() else ""
    if t in (notation.fool_token, "F", "EX"):
        return FOOL
    if t.startswith("T") and t[1:].isdigit():
        n = _TRUMP_TOKENS.get(t, 0)  # T1 .. T21 (not T01, nor other scripts' digits)
        if n:
            return n
    elif len(t) >= 2 and t[-1] in notation.suit_letters:
        try:
            r = _RANK_TOKENS.index(t[:-1], 1)
        except ValueError:
            r = 0
        if r:
            return suit_card(notation.suit_letters.index(t[-1]), r)
    raise CardParseError(
        f"{excerpt(token)} is not a card ({notation.name} notation: e.g. K{notation.suit_letters[0]}, "
        f"10{notation.suit_letters[2]}, T21, {notation.fool_token})"
    )


def format_card(card: Card, notation: Notation = ITALIAN) -> str:
    """The token of ``card``: ``parse_card(format_card(c, n), n) == c`` for all 78 cards."""
    if 0 <= card < NUM_CARDS:  # the two notations' tokens, looked up (payments name cards)
        if notation is ITALIAN:
            return _ITALIAN_TOKENS[card]
        if notation is FRENCH:
            return _FRENCH_TOKENS[card]
    return _format_card(card, notation)


def _format_card(card: Card, notation: Notation) -> str:
    if card == FOOL:
        return notation.fool_token
    if not 0 < card < NUM_CARDS:
        _card_id(card)
        return notation.fool_token
    if card <= 21:
        return f"T{card}"
    return _RANK_TOKENS[rank_of(card)] + notation.suit_letters[suit_of(card)]


_ITALIAN_TOKENS: Final[tuple[str, ...]] = tuple(_format_card(c, ITALIAN) for c in range(NUM_CARDS))
_FRENCH_TOKENS: Final[tuple[str, ...]] = tuple(_format_card(c, FRENCH) for c in range(NUM_CARDS))


def parse_cards(text: object, notation: Notation = ITALIAN) -> list[Card]:
    """Parse whitespace- or comma-separated tokens, keeping their order."""
    if not isinstance(text, str):
        raise CardParseError(f"{excerpt(text)} is not a string of card tokens (such as 'KS T21')")
    return [parse_card(t, notation) for t in text.replace(",", " ").split()]


def format_cards(cards: Iterable[Card] | CardSet, notation: Notation = ITALIAN) -> str:
    """Tokens separated by spaces; a card set (int) is written in ascending id order."""
    seq = cards_of(cards) if isinstance(cards, int) else cards
    return " ".join(format_card(c, notation) for c in seq)


def card_name(card: Card, notation: Notation = ITALIAN, lang: str = "en") -> str:
    """A display name: ``King of Swords``, ``Roi de Pique``, ``XXI (the World)``.

    >>> card_name(parse_card("CC")), card_name(parse_card("KH", FRENCH), FRENCH, "fr")
    ('Cavalier of Cups', 'Roi de Cœur')
    >>> card_name(21), card_name(0, FRENCH, "fr"), card_name(1, FRENCH)
    ('XXI (the World)', "l'Excuse", 'I (the Petit)')
    """
    if lang not in ("en", "fr"):
        raise ValueError(f"unknown language {lang!r}: use 'en' or 'fr'")
    _card_id(card)
    if card == FOOL:
        return notation.fool_name_en if lang == "en" else notation.fool_name_fr
    if card <= 21:
        nick = (_TRUMP_NICK_EN if lang == "en" else _TRUMP_NICK_FR).get(card)
        if notation is FRENCH:  # modern French Tarot's names for its bouts
            nick = ({1: "the Petit"} if lang == "en" else {1: "le Petit", 21: "le 21"}).get(card)
        return f"{_ROMAN[card]} ({nick})" if nick else _ROMAN[card]
    s, r = suit_of(card), rank_of(card)
    if lang == "en":
        return f"{_RANK_EN[r]} of {notation.suit_names_en[s]}"
    suit = notation.suit_names_fr[s]
    sep = "d'" if suit[0] in "AEIOUÉ" else "de "
    return f"{_RANK_FR[r]} {sep}{suit}"


def card_phrase(card: Card, notation: Notation = ITALIAN) -> str:
    """The card as a message names it in a sentence: its name with an article and the token a
    player types for it, so that a refusal reads alike for every card.

    >>> card_phrase(parse_card("QH", FRENCH), FRENCH), card_phrase(13), card_phrase(0, FRENCH)
    ('the Queen of Hearts (QH)', 'trump XIII (T13)', 'the Excuse (EX)')
    """
    tok = format_card(card, notation)
    if card == FOOL:
        return f"{notation.fool_name_en} ({tok})"
    if card <= 21:
        return f"trump {_ROMAN[card]} ({tok})"
    return f"the {card_name(card, notation)} ({tok})"


def short_name(card: Card, notation: Notation = ITALIAN) -> str:
    """A compact label for tables: rank and suit symbol, roman numerals for trumps."""
    if card == FOOL:
        return notation.fool_token
    if card <= 21:
        return _ROMAN[card]
    return _RANK_TOKENS[rank_of(card)] + notation.suit_symbols[suit_of(card)]
