"""What an explanation is made of: lines of plain text, each with a tone, and rows of cards.

No interface is named here: the terminal turns a tone into a colour (``tarot.tui.render``), a
browser would turn it into a class. A line that lists cards with numbers (``QS 3``) is
``fit``: an interface that folds lines keeps each card with its number.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import Card, CardSet

#: The tones a line may have: what it is, not how it looks.
TONES = ("", "title", "heading", "payment", "announce", "warning", "refusal", "hint", "error")


@dataclass(frozen=True)
class Line:
    """One line said at the table.

    ``tone``: ``title`` (a deal, a trick, a count's head), ``heading`` (the end of a deal),
    ``payment``, ``announce`` (a declaration, a forfeit, a partner revealed), ``warning``,
    ``refusal``, ``hint``, ``error`` (a count that disagrees with the engine's), or plain.
    ``indent`` goes before the text (and its folded lines, when ``fit``).
    """

    text: str
    tone: str = ""
    indent: str = ""
    fit: bool = False


@dataclass(frozen=True)
class CardRow:
    """A row of cards after ``head``: each card (None: an empty pile, ``--``) with its mark
    when it is in ``marked`` and, if given, its ``suffixes`` entry after it (``/3``: cards
    under it); ``dim`` greys the unmarked ones. Items are separated by ``sep``."""

    head: str
    cards: tuple[Card | None, ...]
    marked: CardSet = 0
    suffixes: tuple[str, ...] = ()
    sep: str = " "
    dim: bool = True


def line_text(line: Line | CardRow, format_card=None) -> str:
    """The plain text of a line (a row of cards in ``format_card``'s tokens, marked ``*``)."""
    if isinstance(line, Line):
        return line.indent + line.text
    items = []
    for i, c in enumerate(line.cards):
        tok = "--" if c is None else format_card(c) + ("*" if line.marked >> c & 1 else "")
        items.append(tok + (line.suffixes[i] if line.suffixes else ""))
    return line.head + line.sep.join(items)


class Lines(list):
    """Lines being written, in order: ``add`` one, or ``fit`` one that lists cards with numbers."""

    def add(self, text: str = "", tone: str = "") -> None:
        self.append(Line(text, tone))

    def fit(self, text: str, indent: str = "", tone: str = "") -> None:
        self.append(Line(text, tone, indent, fit=True))
