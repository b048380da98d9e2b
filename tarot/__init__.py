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


def stale_compiled(root: str) -> list[str]:
    """The compiled modules (``.so``) under ``root`` built before their source last changed:
    every one in the tree, imported yet or not (the bots' modules are imported later)."""
    import os
    stale = []
    for folder, _, files in os.walk(root):
        for f in files:
            if not f.endswith(".so") or "." not in f[:-3]:
                continue
            so = os.path.join(folder, f)
            source = os.path.join(folder, f[:f.index(".")] + ".py")
            if os.path.exists(source) and os.path.getmtime(source) > os.path.getmtime(so):
                stale.append(source)
    return sorted(stale)


def _compiled_engine() -> bool:
    """Whether the engine's modules were imported compiled (mypyc: ``pip install .``, setup.py);
    in a source tree (a ``pyproject.toml`` beside the package: compiled in place by hand), refuses
    a module compiled before its source last changed, which would run the old rules."""
    import os
    import sys
    compiled = any(name.startswith("tarot.") and (getattr(module, "__file__", None) or "").endswith(".so")
                   for name, module in list(sys.modules.items()))
    here = os.path.dirname(__file__)
    if compiled and os.path.exists(os.path.join(os.path.dirname(here), "pyproject.toml")):
        stale = stale_compiled(here)
        if stale:
            raise ImportError(f"{stale[0]} changed after it was compiled: build it again, "
                              "or `make clean` to go back to pure Python")
    return compiled


#: True when the engine runs compiled with mypyc (the default build, ``pip install .``), False
#: in pure Python (a source tree, an editable install, ``TAROT_BUILD=pure``, no C compiler).
COMPILED = _compiled_engine()
#: Which engine runs, in words (``tarot --version``).
ENGINE = "compiled (mypyc)" if COMPILED else "pure Python"

__all__ = [
    "ACTION_IDS", "DONE", "NUM_ACTIONS", "action_token", "parse_action", "FRENCH", "ITALIAN",
    "Card", "CardSet", "Seat", "card_name", "cards_of", "format_card", "format_cards", "mask",
    "parse_card", "parse_cards", "VARIANTS", "Deal", "DealResult", "View", "new_deal",
    "variant_class", "IllegalActionError", "OptionError", "RecordError", "TarotError",
    "UnknownVariantError", "Ledger", "Payment", "COMPILED", "ENGINE",
]
