"""tarot: Tarot card games, historical and modern: an exact engine, bots, records and tools.

>>> import tarot
>>> deal = tarot.new_deal("marolles-1637", seed=7)
>>> while not deal.is_over:
...     deal.push(deal.legal_actions()[0])
>>> sum(deal.result().scores)
0
"""

from .core.actions import ACTION_IDS, DONE, NUM_ACTIONS, action_token, parse_action
from .core.cards import (
    FRENCH, ITALIAN, Card, CardSet, Seat, card_name, cards_of, format_card, format_cards, mask,
    parse_card, parse_cards,
)
from .core.deal import VARIANTS, Deal, DealResult, View, new_deal, variant_class
from .core.errors import (
    IllegalActionError, OptionError, RecordError, TarotError, UnknownVariantError,
)
from .core.ledger import Ledger, Payment
from . import variants as _variants  # noqa: F401  (registers the games)

__version__ = "0.1.0"

__all__ = [
    "ACTION_IDS", "DONE", "NUM_ACTIONS", "action_token", "parse_action", "FRENCH", "ITALIAN",
    "Card", "CardSet", "Seat", "card_name", "cards_of", "format_card", "format_cards", "mask",
    "parse_card", "parse_cards", "VARIANTS", "Deal", "DealResult", "View", "new_deal",
    "variant_class", "IllegalActionError", "OptionError", "RecordError", "TarotError",
    "UnknownVariantError", "Ledger", "Payment",
]
