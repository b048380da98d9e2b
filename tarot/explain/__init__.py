"""The table's explanations as plain text, below any interface (DESIGN.md: services).

Rule help ("why is this card illegal", "what may I declare"), payments in words, the count at
the end of a deal and the lines shown above a hand, built from message ids and templates
(``messages``) so that another language is a catalogue, not a change to the games. Each game's
explanations are its ``tarot.variants.<g>.explain`` module, named in its declaration and found
by ``explainer_for``; ``Explainer`` gives the defaults any game gets.
"""

from .base import (
    DEFAULT, Explainer, card_in, card_said, card_words, cards_text, card_or_action, commands, describe_payment,
    display_actions, explainer_for, named, pending_cards, petit_annulment, phase_help, phase_word, player_of, spoken_of, spoken_to,
    suit_word, title_of, trick_text, unit_word, where,
)
from . import table as _table  # noqa: F401  (the table's words)
from . import fr as _fr  # noqa: F401  (the shared sentences in French)
from .lines import CardRow, Line, Lines, line_text
from .messages import (
    CATALOGUES, MessageError, add_messages, joined, known, language, plural, say, speaking, use_language,
)
from .words import COMPASS, MORT, display_key, in_display_order, seat_label, seat_names

__all__ = [
    "CATALOGUES", "COMPASS", "DEFAULT", "MORT", "CardRow", "Explainer", "Line", "Lines", "MessageError",
    "add_messages", "card_in", "card_or_action", "card_said", "card_words", "cards_text", "commands",
    "describe_payment", "display_actions", "display_key", "explainer_for", "in_display_order", "joined",
    "known", "language", "line_text", "named", "pending_cards", "petit_annulment", "phase_help",
    "phase_word", "player_of", "plural", "say", "seat_label", "seat_names", "speaking", "spoken_of",
    "spoken_to", "suit_word", "title_of", "trick_text", "unit_word", "use_language", "where",
]
