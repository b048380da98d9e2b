"""The table's explanations as plain text, below any interface (DESIGN.md: services).

Rule help ("why is this card illegal", "what may I declare"), payments in words, the count at
the end of a deal and the lines shown above a hand, built from message ids and templates
(``messages``) so that another language is a catalogue, not a change to the games. Each game's
explanations are its ``tarot.variants.<g>.explain`` module, named in its declaration and found
by ``explainer_for``; ``Explainer`` gives the defaults any game gets.
"""

from .base import (
    DEFAULT, PHASE_WORDS, Explainer, card_in, cards_text, card_or_action, commands, describe_payment,
    display_actions, explainer_for, pending_cards, petit_annulment, phase_help, player_of, spoken_of, spoken_to,
    trick_text, where,
)
from .lines import CardRow, Line, Lines, line_text
from .messages import CATALOGUES, MessageError, add_messages, plural, say, use_language
from .words import COMPASS, MORT, UNIT_SHORT, display_key, in_display_order, seat_label, seat_names

__all__ = [
    "CATALOGUES", "COMPASS", "DEFAULT", "MORT", "PHASE_WORDS", "UNIT_SHORT", "CardRow", "Explainer",
    "Line", "Lines", "MessageError", "add_messages", "card_in", "cards_text", "petit_annulment", "card_or_action", "commands",
    "describe_payment", "display_actions", "display_key", "explainer_for", "in_display_order",
    "line_text", "pending_cards", "phase_help", "player_of", "plural", "say", "seat_label",
    "seat_names", "spoken_of", "spoken_to", "trick_text", "use_language", "where",
]
