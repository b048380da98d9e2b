"""The terminal table of the ``tarot`` command (rich allowed): a thin view over the table
session (``tarot.play``) and the explanations (``tarot.explain``).

* ``render``: lines and events drawn with colours, hands sorted by suit with the legal cards
  marked, tables of scores by source;
* ``table``: ``PlaySession``, a person against bots, interactive or driven by a script;
* ``reports``: a record replayed, the summaries of ``tarot simulate``, the rules' tables.
"""

from ..explain import (
    describe_payment, display_key, explainer_for, in_display_order, pending_cards, phase_help, plural,
    seat_names,
)
from ..play.session import record_path
from .render import (
    card_items, console_width, end_of_deal, hand_lines, make_console, print_fitted, render, render_events,
    source_table, wrapped,
)
from .reports import (
    Narrator, comparison_tables, console_reader, options_table, show_replay, stdin_reader, summary_tables,
    variants_table,
)
from .table import PlaySession
from . import fr as _fr  # noqa: E402,F401  (the terminal table's sentences in French)

__all__ = [
    "Narrator", "PlaySession", "card_items", "comparison_tables", "console_reader", "console_width",
    "describe_payment", "display_key", "end_of_deal", "explainer_for", "hand_lines", "in_display_order",
    "make_console", "options_table", "pending_cards", "phase_help", "plural", "print_fitted", "record_path",
    "render", "render_events", "seat_names", "show_replay", "source_table", "stdin_reader", "summary_tables",
    "variants_table", "wrapped",
]
