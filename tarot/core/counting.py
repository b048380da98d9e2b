"""Counting card points (docs/rules §0).

Every card has a *reduced* value (Tarots/bouts and Kings 4, Queens 3, Cavaliers 2, Jacks 1,
everything else 0). A pile counted in groups of ``n`` scores the sum of the fractional values
``reduced + 1/n``, rounded to the nearest integer; for packets of three this is exactly the
packet procedure of the 1637 rules with its surplus-card rules (§0.2)::

    points = Σ reduced + floor((N + 1) / 3)

For pairs (modern French Tarot) the fractional sum is returned in half points.
"""

from __future__ import annotations

from typing import Final

from fractions import Fraction

from .cards import BOUTS, CAVALIERS, JACKS, KINGS, QUEENS, CardSet

#: Reduced values (§0.1) by four masks (4, 3, 2, 1), so a pile is counted with four bit counts.
_FOURS: Final[CardSet] = BOUTS | KINGS
COUNTING_CARDS: Final[CardSet] = BOUTS | KINGS | QUEENS | CAVALIERS | JACKS


def reduced_total(pile: CardSet) -> int:
    """Σ reduced values of the cards in ``pile``."""
    return (4 * (pile & _FOURS).bit_count() + 3 * (pile & QUEENS).bit_count()
            + 2 * (pile & CAVALIERS).bit_count() + (pile & JACKS).bit_count())


def packet_points(pile: CardSet) -> int:
    """Card points of a pile counted in packets of three (Marolles, §0.2).

    >>> from tarot.core.cards import mask, parse_cards
    >>> packet_points(mask(parse_cards("QC CC 10C")))  # 3⅓ + 2⅓ + ⅓ = 6 (S9's example)
    6
    >>> packet_points(mask(parse_cards("KS")))         # a single surplus counting card: 5 − 1
    4
    """
    return reduced_total(pile) + (pile.bit_count() + 1) // 3


def pair_points(pile: CardSet) -> Fraction:
    """Card points of a pile counted in pairs (modern French Tarot, §0.3): halves possible."""
    return reduced_total(pile) + Fraction(pile.bit_count(), 2)


#: Modern French Tarot: the taker's target by the number of bouts in his pile (§4.1).
FRENCH_TARGETS: Final = (56, 51, 41, 36)


def french_target(pile: CardSet) -> int:
    """The points a French Tarot pile needs, from the bouts it holds (0 → 56 ... 3 → 36).

    >>> from tarot.core.cards import mask, parse_cards, FRENCH
    >>> french_target(mask(parse_cards("T21 T1", FRENCH)))
    41
    """
    return FRENCH_TARGETS[(pile & BOUTS).bit_count()]


def points(pile: CardSet, group: int) -> Fraction:
    """Σ fractional values (reduced + 1/group): exact, before any rounding."""
    return reduced_total(pile) + Fraction(pile.bit_count(), group)
