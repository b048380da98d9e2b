"""The flat action space: one meaning per id in every variant (DESIGN.md, core step 2).

``0..77`` are cards: played, discarded, or shown in a declaration, as the phase says. From 78
on come named actions. Ids are never reused for another meaning; new games append names.
"""

from __future__ import annotations


from typing import Final

from .cards import ITALIAN, NUM_CARDS, CardParseError, Notation, format_card, parse_card
from .errors import IllegalActionError, excerpt

NAMED_ACTIONS: Final[tuple[str, ...]] = (
    "done",                      # 78: no more declarations / no more discards / decline
    "redeal", "grant", "refuse",  # a bad hand: ask for a redeal; the others grant or refuse
    # Marolles declarations (docs/rules §1.5)
    "tarots_4", "tarots_5", "tarots_6", "tarots_7", "tarots_7_belle",
    "kings_2_fool", "kings_3", "kings_3_fool", "kings_4", "kings_4_fool",
    "triomphes_10", "triomphes_15", "triomphes_20",
    "imperial_swords", "imperial_batons", "imperial_cups", "imperial_coins",
    "imperial_kings", "imperial_queens", "imperial_cavaliers", "imperial_jacks",
    "brizigole_high_4", "brizigole_high_5", "brizigole_high_6",
    "brizigole_low_4", "brizigole_low_5", "brizigole_low_6",
    "tous_les_trois", "qui_na_le_sien",
    # Modern French Tarot (docs/rules §4): bids, then the chelem and poignée announcements.
    # A king call (five players) and the cards shown in a poignée are card actions.
    "pass", "prise", "garde", "garde_sans", "garde_contre",
    "chelem", "poignee_simple", "poignee_double", "poignee_triple",
    # Marolles (docs/rules §1.10, revoke_handling=penalty_1M_forfeit_with_correction_window): a
    # player owns up to his revoke in time, and the play goes back to it.
    "acknowledge_revoke",
)
ACTION_IDS: Final[dict[str, int]] = {name: NUM_CARDS + i for i, name in enumerate(NAMED_ACTIONS)}
NUM_ACTIONS: Final = NUM_CARDS + len(NAMED_ACTIONS)

DONE: Final = ACTION_IDS["done"]
REDEAL: Final = ACTION_IDS["redeal"]
GRANT: Final = ACTION_IDS["grant"]
REFUSE: Final = ACTION_IDS["refuse"]
PASS: Final = ACTION_IDS["pass"]
ACKNOWLEDGE_REVOKE: Final = ACTION_IDS["acknowledge_revoke"]


def action_token(action: object, notation: Notation = ITALIAN) -> str:
    """The token of an action: a card token or an action name.

    >>> action_token(21), action_token(DONE), action_token(ACTION_IDS["tarots_5"])
    ('T21', 'done', 'tarots_5')
    """
    if not isinstance(action, int) or isinstance(action, bool):
        raise IllegalActionError(f"{excerpt(action)} is not an action id (0..{NUM_ACTIONS - 1})")
    if 0 <= action < NUM_CARDS:
        return format_card(action, notation)
    if NUM_CARDS <= action < NUM_ACTIONS:
        return NAMED_ACTIONS[action - NUM_CARDS]
    raise IllegalActionError(f"{excerpt(action)} is not an action id (0..{NUM_ACTIONS - 1})")


def parse_action(token: object, notation: Notation = ITALIAN) -> int:
    """Parse a card token or an action name; the error quotes the token."""
    if not isinstance(token, str):
        raise IllegalActionError(f"{excerpt(token)} is not a token (a card or an action name)")
    t = token.strip()
    named = ACTION_IDS.get(t.lower()) if t.isascii() else None  # "\u212aings_3" is not kings_3
    if named is not None:
        return named
    try:
        return parse_card(t, notation)
    except CardParseError:
        raise IllegalActionError(
            f"{excerpt(token)} is neither a card ({notation.name} notation) nor an action name"
        ) from None
