"""Drawing the table in a terminal with rich: lines and events of the table session
(``tarot.play``) and explanations (``tarot.explain``) turned into coloured text, hands sorted
by suit with the legal cards marked, tables of scores by source. Nothing here decides a rule.
"""

from __future__ import annotations

import codecs
import os
import re
import sys
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..core.cards import FOOL, FRENCH, ITALIAN, TRUMP_SUIT, Card, CardSet, Notation, format_card, parse_card, rank_of, suit_of
from ..core.deal import Deal
from ..core.ledger import REASONS
from ..explain import (
    CardRow, Line, add_messages, explainer_for, in_display_order, named, plural, say, suit_word, unit_word,
)
from ..play.events import DealOver, DealStarted, Event, SheetRow

add_messages({
    "table.deal": "Deal {number} of {deals}{again}",
    "table.deal.match": "Deal {number}{again}",
    "table.dealt_again": " (dealt again)",
    "table.end_of_deal": "End of deal {number}{not_played}",
    "table.not_played": " (not played out)",
    "table.void": ", and {hands} not played out",
    "table.running": "Running {unit} after {deals}{void}",
    "table.title": "{title}.",
    "table.end": "End of the deal",
    "table.this_deal": "{unit} this deal",
    "table.match_so_far": "match so far",
    "table.total": "total",
})


@dataclass(frozen=True)
class CardLook:
    """How cards are drawn on a console: the French suits by their symbols (♠ ♥ ♦ ♣) where
    the terminal shows them, and each suit in its colour where it has colours (the Italian
    suits of the old games, written S B C D, each in its own)."""

    symbols: bool = False
    colours: bool = False


PLAIN = CardLook()
#: The colour of each suit (0..3, in the notation's order: S B C D, S C H D).
SUIT_STYLES: dict[str, tuple[str, str, str, str]] = {
    ITALIAN.name: ("blue", "magenta", "red", "yellow"), FRENCH.name: ("", "", "red", "red")}
_LOOKS: weakref.WeakKeyDictionary[Console, CardLook] = weakref.WeakKeyDictionary()


def look_for(out: Console, plain: bool = False) -> CardLook:
    """What ``out`` can show: symbols on a UTF-8 terminal, colours where it has them and
    NO_COLOR is not set; nothing of either when ``plain`` (a script)."""
    if plain or not out.is_terminal:
        return PLAIN
    symbols = out.encoding.replace("-", "").lower() == "utf8"
    colours = out.color_system is not None and not out.no_color and not os.environ.get("NO_COLOR")
    return CardLook(symbols, colours)


def set_look(out: Console, look: CardLook) -> None:
    """Draw the cards on ``out`` with ``look`` from now on."""
    _LOOKS[out] = look


def look_of(out: Console) -> CardLook:
    return _LOOKS.get(out, PLAIN)


def card_text(card: Card, notation: Notation, look: CardLook = PLAIN) -> Text:
    """A card's token as drawn with ``look``: ``K♥`` in red, ``KC`` (Italian cups) in red,
    ``KH`` where the terminal has neither; trumps and the Fool as their tokens."""
    token = format_card(card, notation)
    if card < 22:
        return Text(token)
    suit = suit_of(card)
    if look.symbols and notation is FRENCH:
        token = token[:-1] + notation.suit_symbols[suit]
    return Text(token, style=SUIT_STYLES.get(notation.name, ("",) * 4)[suit] if look.colours else "")


#: A suit card's token in a line of text (``KS``, ``10H``), not part of a word.
_SUIT_TOKEN = re.compile(r"(?<![\w])(?:10|[2-9AJCQK])[A-Z](?![\w])")


def dressed(text: str, notation: Notation, look: CardLook, style: str = "") -> Text:
    """``text`` with the suit cards it names drawn with ``look`` (plain text as it is)."""
    out = Text(style=style)
    if look == PLAIN:
        out.append(text)
        return out
    at = 0
    for m in _SUIT_TOKEN.finditer(text):
        try:
            card = parse_card(m.group(), notation)
        except ValueError:
            continue
        out.append(text[at:m.start()])
        out.append_text(card_text(card, notation, look))
        at = m.end()
    out.append(text[at:])
    return out

#: The style of each tone of the table's lines (``tarot.explain.lines.TONES``).
STYLES = {"": "", "title": "bold", "heading": "bold underline", "payment": "yellow", "announce": "magenta",
          "warning": "bold yellow", "refusal": "bold red", "hint": "cyan", "error": "red"}


#: What a terminal that cannot show a character gets instead (``make_console``).
ASCII_FALLBACK = {"→": "->", "−": "-", "–": "-", "—": "--", "…": "...", "·": ".", "─": "-",
                  "×": "x", "±": "+/-", "≥": ">=", "≤": "<=", "«": '"', "»": '"', "’": "'"}


def _ascii_fallback(err: UnicodeError) -> tuple[str, int]:
    """Codec error handler: an arrow as ``->``, a letter without its accent (``é`` as ``e``),
    anything else as ``?``."""
    import unicodedata

    e = cast(UnicodeEncodeError, err)  # only output streams are given it (``_encodable``)
    out = []
    for ch in e.object[e.start:e.end]:
        plain = ASCII_FALLBACK.get(ch) or unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
        out.append(plain or "?")
    return "".join(out), e.end


codecs.register_error("tarot-ascii", _ascii_fallback)


def _encodable(stream) -> None:
    """Let ``stream`` write what its encoding cannot (a Latin-1 or cp437 terminal): with the
    fallbacks above rather than a UnicodeEncodeError in the middle of a game."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        "→−…─é".encode(encoding)
    except UnicodeEncodeError:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="tarot-ascii")
    except LookupError:
        pass


def make_console(plain: bool, stderr: bool = False) -> Console:
    """A console for the command: ``plain`` gives text without colours or markup styling.

    Lines are wrapped by the console only on a terminal (at word boundaries, ``wrapped`` keeps
    a card with its number); written to a file or a pipe, or ``plain``, each line stays whole.
    """
    _encodable(sys.stderr if stderr else sys.stdout)
    # no markup: what is printed quotes input ("'[/x]' is not a card"), which rich would read
    if plain:
        return Console(stderr=stderr, color_system=None, highlight=False, emoji=False, soft_wrap=True,
                       markup=False)
    out = Console(stderr=stderr, highlight=False, emoji=False, markup=False)
    out.soft_wrap = not out.is_terminal
    return out


def wrapped(head: str | Text, items: Sequence[Text], width: int | None, sep: str = " ") -> list[Text]:
    """``head`` followed by ``items`` separated by ``sep``, on as many lines as ``width`` needs:
    an item is never split, and the lines after the first start under the first item (one
    line when ``width`` is None: a console that does not wrap; under a head wider than half
    the line, they are indented by four)."""
    first = Text(head) if isinstance(head, str) else head.copy()
    indent = " " * (first.cell_len if width is None or 2 * first.cell_len <= width else 4)
    lines, fresh = [first], True
    for item in items:
        line = lines[-1]
        if not fresh and width is not None and line.cell_len + len(sep) + item.cell_len > width:
            lines.append(Text(indent))
            fresh = True
        if not fresh:
            lines[-1].append(sep)
        # an item wider than the line folds at its spaces, going on two columns further in,
        # and the next item starts a line of its own
        pieces = [item] if width is None else _fold(item, width - lines[-1].cell_len, width - len(indent) - 2)
        lines[-1].append_text(pieces[0])
        lines += [Text(indent + "  ") + p for p in pieces[1:]]
        fresh = False
        if len(pieces) > 1:
            lines.append(Text(indent))
            fresh = True
    if fresh and len(lines) > 1 and not lines[-1].plain.strip():
        lines.pop()
    return lines


def _fold(item: Text, first: int, rest: int) -> list[Text]:
    """``item`` cut at its spaces into pieces, the first at most ``first`` wide and the others
    ``rest`` (a word wider than that stays whole); one piece when it fits."""
    if item.cell_len <= first:
        return [item]
    cuts, start, room = [], 0, first
    for m in re.finditer(r"\S+", item.plain):
        if m.end() - start > room and m.start() > start:
            cuts.append(m.start())
            start, room = m.start(), rest
    pieces = item.divide(cuts)
    for piece in pieces:
        piece.rstrip()
    return list(pieces) if cuts else [item]


#: A card with the number told after it ("QS 3", "(T21 5,", "KH 4½"), not a card followed by
#: another ("AC 6H"), and a sum with the word before it ("each = 6;"): kept on one line by
#: ``print_fitted``.
_CARD_AND_NUMBER = re.compile(r"\(?(?:T\d{1,2}|F|EX|(?:10|[2-9AJCQK])[SBCDH]) \d+½?(?![\w½])[,;)]*"
                              r"|\S+ = [−-]?\d+½?(?![\w½])[,;.)]*|\S+")


def print_fitted(out: Console, text: str, indent: str = "", style: str = "", notation: Notation = FRENCH,
                 look: CardLook = PLAIN) -> None:
    """Print ``text`` after ``indent`` (in ``style``), its continuation lines under the first
    word, never breaking between a card and the number told for it (rich would break "QS ⏎ 3");
    with ``look``, the cards drawn as it says."""
    words = [dressed(w, notation, look) for w in _CARD_AND_NUMBER.findall(text)]
    for line in wrapped(indent, words, console_width(out)):
        out.print(line, style=style)


def console_width(out: Console) -> int | None:
    """The width lines are fitted to on ``out``; None where it does not wrap (``make_console``)."""
    return None if out.soft_wrap else out.width



def card_items(cards: Sequence[Card], marked: CardSet, notation, chosen: CardSet = 0,
               dim: bool = True, look: CardLook = PLAIN) -> list[Text]:
    """Card tokens for a row: ``marked`` ones (legal now) with a ``*`` in green, ``chosen``
    ones with a ``+`` in cyan, the others (when ``dim``) greyed; the marks are there without
    colour too. With ``look``, each card in its suit's symbol and colour (the mark keeps
    its own)."""
    out = []
    for c in cards:
        tok = card_text(c, notation, look)
        if chosen >> c & 1:
            tok.stylize("bold" if look.colours else "bold cyan")
            out.append(tok + Text("+", style="bold cyan"))
        elif marked >> c & 1:
            tok.stylize("bold" if look.colours else "bold green")
            out.append(tok + Text("*", style="bold green"))
        else:
            out.append(Text.assemble(tok, " ", style="dim" if dim else ""))
    return out


def hand_lines(hand: CardSet, marked: CardSet, notation, chosen: CardSet = 0,
               power: Callable[[Card], int] = rank_of, width: int | None = None,
               grey: bool = True, look: CardLook = PLAIN) -> list[Text]:
    """The hand by suit; ``marked`` cards carry a ``*`` (legal now), ``chosen`` ones a ``+``;
    the others are greyed (if ``grey``) only when some card of the hand is marked or chosen
    (to bid or to declare, the whole hand is plain). A suit wider than ``width`` goes on
    under itself."""
    groups: list[tuple[str, list[Card]]] = [(say("suit.trumps"), [])]
    groups += [(suit_word(notation, s), []) for s in range(4)]
    label_width = max(len(label) for label, _ in groups)
    for c in in_display_order(hand, power):
        s = suit_of(c)
        groups[0 if s >= TRUMP_SUIT else 1 + s][1].append(c)
    if groups[0][1] == [FOOL]:  # the Fool alone is no trump (help would say "you have none")
        fool = notation.fool_name_en.split()[-1]
        groups[0] = (named(f"suit.{fool.lower()}", fool), [FOOL])
    dim = grey and bool(hand & (marked | chosen))
    out = []
    for label, cards in groups:
        if cards:
            for line in wrapped(f"  {label:<{label_width}} ", card_items(cards, marked, notation, chosen, dim, look),
                                width):
                line.rstrip()
                out.append(line)
    return out




def render(out: Console, line: Line | CardRow, notation) -> None:
    """Print one line of the table: a ``fit`` line folded at its words (a card kept with its
    number), a row of cards marked and fitted to the console's width."""
    look = look_of(out)
    if isinstance(line, CardRow):
        for text in card_row(line, notation, console_width(out), look):
            out.print(text)
    elif line.fit:
        print_fitted(out, line.text, line.indent, STYLES[line.tone], notation, look)
    elif line.tone or look != PLAIN:
        out.print(dressed(line.indent + line.text, notation, look, STYLES[line.tone]))
    else:
        out.print(line.indent + line.text)


def card_row(row: CardRow, notation, width: int | None, look: CardLook = PLAIN) -> list[Text]:
    """A row of cards (``CardRow``): each marked as in the hand, with its suffix."""
    items = []
    for i, c in enumerate(row.cards):
        item = Text("--") if c is None else card_items([c], row.marked, notation, dim=row.dim, look=look)[0]
        if row.suffixes:
            item.rstrip()
            item.append(row.suffixes[i])
        items.append(item)
    lines = wrapped(row.head, items, width, row.sep)
    for line in lines:
        line.rstrip()
    return lines


def render_events(out: Console, events: Sequence[Event], notation, to: int | None = None,
                  deal: Deal | None = None, names: Sequence[str] = (), order: Sequence[int] | None = None) -> None:
    """Print the events told to ``to``: their lines; a deal's heading, and its scores by
    source and the running totals (which need the finished ``deal`` and the seats' ``names``)."""
    for e in events:
        if e.to is not None and e.to != to:
            continue
        if isinstance(e, DealStarted) and e.number:
            out.print()
            again = say("table.dealt_again") if e.again else ""
            key = "table.deal" if e.deals else "table.deal.match"
            out.print(Text(say(key, number=e.number, deals=e.deals, again=again), style="bold underline"))
        if isinstance(e, DealOver):
            assert deal is not None
            title = say("table.end_of_deal", number=e.number,
                        not_played=say("table.not_played") if e.annulled else "")
            end_of_deal(out, deal, names, title, order, e.lines)
            void = (say("table.void", hands=plural_hands(e.dealt - e.played)) if e.dealt > e.played else "")
            title = say("table.running", unit=unit_word(deal.SCORE_UNIT), deals=plural_deals(e.played), void=void)
            if e.sheet:
                out.print(score_sheet(e.sheet, names, e.totals, title, order, out.width))
            else:
                out.print(source_table(deal, names, {}, e.totals, title, width=out.width, order=order))
            continue
        for line in e.lines:
            render(out, line, notation)


def plural_hands(n: int) -> str:
    return plural(n, "noun.hand")


def plural_deals(n: int) -> str:
    return plural(n, "noun.deal")


def end_of_deal(out: Console, deal: Deal, names: Sequence[str], title: str | None = None,
                order: Sequence[int] | None = None, lines: Sequence[Line | CardRow] | None = None) -> None:
    """The count of the deal in the words of its game (``lines``, else its explainer's), and
    the deal's scores by source (the seats' columns in ``order``, seat 0 first by default)."""
    r = deal.result()
    out.print()
    out.print(Text(say("table.title", title=title or say("table.end")), style="bold underline"))
    for line in explainer_for(deal).end_of_deal(deal, names) if lines is None else lines:
        render(out, line, deal.notation)
    out.print(source_table(deal, names, r.by_source, r.scores, say("table.this_deal", unit=unit_word(deal.SCORE_UNIT).capitalize()),
                           width=out.width, order=order))


def source_table(deal: Deal, names: Sequence[str], by_source: dict, scores: Sequence[int],
                 title: str, totals: Sequence[int] | None = None, width: int | None = None,
                 order: Sequence[int] | None = None) -> Table | Group:
    """Scores by source of payment, a column per seat (in ``order``: at the table, the person
    first and the others in the order of play); on a console ``width`` wide, too narrow
    for the seats' names (six players, or fewer on a narrow terminal), the columns are headed
    by their initials (NE, SW) rather than cut to "North…". Under a finished deal's own table,
    the guide's ``source_note`` (a payment counted in a row whose title does not name it)."""
    players, guide = deal.players, explainer_for(deal)
    seats = list(order) if order is not None else list(range(players))

    # a deal's own table (not a running total): a note under it, outside its narrow width
    note = guide.source_note(deal, names) if deal.is_over and by_source else None
    paid = {REASONS.get(p.reason) for p in deal.ledger.entries} if by_source else set()

    def table(heads: Sequence[str]) -> Table:
        # the title goes above, on a line of its own: a table as wide as a long title ("Running
        # points after 0 deals, and 1 hand not played out") spread its columns
        t = Table(box=box.SIMPLE)
        t.add_column("")
        for s in seats:
            t.add_column(heads[s], justify="right", no_wrap=True)
        for src in deal.SOURCES:
            row = by_source.get(src, [0] * players)
            if any(row) or src in paid:  # (payments that cancel out still have their row)
                t.add_row(guide.source_title(src), *(f"{row[s]:+d}" for s in seats))
        t.add_row(Text(say("table.total"), style="bold"), *(Text(f"{scores[s]:+d}", style="bold") for s in seats))
        if totals is not None:
            t.add_row(say("table.match_so_far"), *(f"{totals[s]:+d}" for s in seats))
        return t

    full = table(names[:players])
    if width is not None and Console(width=10_000).measure(full).maximum > width:
        full = table([short_name(names[s]) for s in range(players)])
    head = Text(title, style="italic")
    return Group(head, full, Text(note)) if note else Group(head, full)


def short_name(name: str) -> str:
    """A compass name by its initials (``North-East`` as ``NE``); other names as they are."""
    parts = name.split("-")
    return "".join(p[0] for p in parts) if all(p in ("North", "South", "East", "West") for p in parts) else name


def score_sheet(sheet: Sequence[SheetRow], names: Sequence[str], totals: Sequence[int], title: str,
                order: Sequence[int] | None = None, width: int | None = None) -> Group:
    """The score sheet: a row per deal (its dealer, each seat's score; a hand not played out
    says so), then the running totals, the seats' columns in ``order``."""
    players = len(totals)
    seats = list(order) if order is not None else list(range(players))

    def table(heads: Sequence[str]) -> Table:
        t = Table(box=box.SIMPLE)
        t.add_column("")
        t.add_column(say("sheet.dealer"))
        for s in seats:
            t.add_column(heads[s], justify="right", no_wrap=True)
        number = 1  # deals are numbered as the table heads them: a hand not played out is dealt again
        for row in sheet:
            label = say("sheet.annulled" if row.annulled else "sheet.deal", number=number)
            number += not row.annulled
            t.add_row(label, heads[row.dealer], *(f"{row.scores[s]:+d}" for s in seats),
                      style="dim" if row.annulled else "")
        t.add_row(Text(say("table.total"), style="bold"), "",
                  *(Text(f"{totals[s]:+d}", style="bold") for s in seats))
        return t

    full = table(names[:players])
    if width is not None and Console(width=10_000).measure(full).maximum > width:
        full = table([short_name(names[s]) for s in range(players)])
    return Group(Text(title, style="italic"), full)
