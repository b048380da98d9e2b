"""Terminal rendering and the interactive play loop of the ``tarot`` command (rich allowed).

Nothing here decides a rule: legality, payments and counting come from the engine, and
refusals quote the engine's reason. This module turns deals, views and ledgers into words:

* hands sorted by suit, trumps first, each suit in its playing order in that game (in
  Marolles the round suits Cups and Coins run K Q C J A 2 … 7), with the legal cards marked;
* payments as sentences: ``South pays 1 M to West: South's King of Swords captured by West``;
* ``PlaySession``: a person against bots, interactive or driven by a script on stdin.

What is said about one family of games (the rules of each phase, why a payment is made, the
count at the end) is that family's ``Guide`` (``tarot.tui_marolles``...), found by ``guide_for``.

Seats are named from the player's chair: play goes anticlockwise, so after South (you) comes
East, on your right, then West, on your left (with four players: South, East, North, West).
"""

from __future__ import annotations

import codecs
import re
import reprlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import cast

from rich import box
from rich.console import Console, Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

import importlib
from .core.actions import ACTION_IDS, DONE
from .core.cards import (
    FOOL, TRUMP_SUIT, Card, CardSet, Seat, card_phrase, cards_of, format_card, mask, parse_card, rank_of,
    suit_of,
)
from .core.deal import Deal, View, variant_class
from .core.errors import IllegalActionError
from .core.ledger import REASONS, Payment

COMPASS = {
    2: ("South", "North"), 3: ("South", "East", "West"), 4: ("South", "East", "North", "West"),
    5: ("South", "East", "North-East", "North-West", "West"),
    6: ("South", "South-East", "North-East", "North", "North-West", "South-West"),
}
#: The name of a card no seat played (le Mort's, in two-player Marolles).
MORT = "le Mort"
UNIT_SHORT = {"marques": "M", "points": "pts"}


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


def print_fitted(out: Console, text: str, indent: str = "", style: str = "") -> None:
    """Print ``text`` after ``indent`` (in ``style``), its continuation lines under the first
    word, never breaking between a card and the number told for it (rich would break "QS ⏎ 3")."""
    for line in wrapped(indent, [Text(w) for w in _CARD_AND_NUMBER.findall(text)], console_width(out)):
        out.print(line, style=style)


def console_width(out: Console) -> int | None:
    """The width lines are fitted to on ``out``; None where it does not wrap (``make_console``)."""
    return None if out.soft_wrap else out.width


def seat_names(players: int, me: int = 0, step: int = 1) -> list[str]:
    """Compass names seen from seat ``me``: South, then in the anticlockwise order of play
    (``step`` -1: seat ``s - 1`` plays after seat ``s``, and the names follow the play clockwise).

    >>> seat_names(3, 0), seat_names(3, 2), seat_names(4, 0, step=-1)
    (['South', 'East', 'West'], ['East', 'West', 'South'], ['South', 'East', 'North', 'West'])
    """
    names = COMPASS.get(players) or tuple(f"Seat {i}" for i in range(players))
    if step < 0:  # clockwise play: after South comes West, on his left
        names = (names[0], *reversed(names[1:]))
    return [names[(s - me) * step % players] for s in range(players)]


# ---------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------
def display_key(card: Card, power: Callable[[Card], int] = rank_of) -> tuple[int, int]:
    """Sort key of the hand display: the Fool, trumps XXI..I, then each suit high to low
    (``power`` ranks a suit card in its suit: ``Deal.card_power``)."""
    if card == FOOL:
        return (0, 0)
    if card <= 21:
        return (0, 22 - card)
    return (1 + suit_of(card), -power(card))


def in_display_order(cards: CardSet | Sequence[Card], power: Callable[[Card], int] = rank_of) -> list[Card]:
    seq = cards_of(cards) if isinstance(cards, int) else list(cards)
    return sorted(seq, key=lambda c: display_key(c, power))


def card_items(cards: Sequence[Card], marked: CardSet, notation, chosen: CardSet = 0,
               dim: bool = True) -> list[Text]:
    """Card tokens for a row: ``marked`` ones (legal now) with a ``*`` in green, ``chosen``
    ones with a ``+`` in cyan, the others (when ``dim``) greyed; the marks are there without
    colour too."""
    out = []
    for c in cards:
        tok = format_card(c, notation)
        if chosen >> c & 1:
            out.append(Text(tok + "+", style="bold cyan"))
        elif marked >> c & 1:
            out.append(Text(tok + "*", style="bold green"))
        else:
            out.append(Text(tok + " ", style="dim" if dim else ""))
    return out


def hand_lines(hand: CardSet, marked: CardSet, notation, chosen: CardSet = 0,
               power: Callable[[Card], int] = rank_of, width: int | None = None,
               grey: bool = True) -> list[Text]:
    """The hand by suit; ``marked`` cards carry a ``*`` (legal now), ``chosen`` ones a ``+``;
    the others are greyed (if ``grey``) only when some card of the hand is marked or chosen
    (to bid or to declare, the whole hand is plain). A suit wider than ``width`` goes on
    under itself."""
    groups: list[tuple[str, list[Card]]] = [("Trumps", [])]
    groups += [(notation.suit_names_en[s], []) for s in range(4)]
    label_width = max(len(label) for label, _ in groups)
    for c in in_display_order(hand, power):
        s = suit_of(c)
        groups[0 if s >= TRUMP_SUIT else 1 + s][1].append(c)
    if groups[0][1] == [FOOL]:  # the Fool alone is no trump (help would say "you have none")
        groups[0] = (notation.fool_name_en.split()[-1], [FOOL])
    dim = grey and bool(hand & (marked | chosen))
    out = []
    for label, cards in groups:
        if cards:
            for line in wrapped(f"  {label:<{label_width}} ", card_items(cards, marked, notation, chosen, dim),
                                width):
                line.rstrip()
                out.append(line)
    return out


# ---------------------------------------------------------------------------------------
# Payments in words
# ---------------------------------------------------------------------------------------
def _card_in(detail: str, notation) -> Card | None:
    try:
        return parse_card(detail, notation)
    except ValueError:
        return None


def _player_of(deal: Deal, card: Card, trick: int | None) -> tuple[int, int] | None:
    """(seat that played ``card`` in trick ``trick``, the trick's winner), if known."""
    if trick is None or trick >= len(deal.tricks):
        return None
    leader, cards, winner = deal.tricks[trick]
    if card not in cards:
        return None
    seat = deal.trick_seat(leader, cards.index(card))
    return (deal.players if seat is None else seat), winner


def describe_payment(p: Payment, deal: Deal, names: Sequence[str]) -> str:
    """``South pays 1 M to West: South's King of Swords captured by West``."""
    unit = UNIT_SHORT.get(deal.SCORE_UNIT, deal.SCORE_UNIT)
    return (f"{names[p.payer]} pays {p.amount} {unit} to {names[p.payee]}: "
            f"{guide_for(deal).payment_reason(p, deal, names)}")


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else words or word + 's'}"



def seat_label(names: Sequence[str], seat: int | None) -> str:
    """A seat's name; no seat, or one beyond the table's, is le Mort (two-player Marolles)."""
    return names[seat] if seat is not None and seat < len(names) else MORT


# ---------------------------------------------------------------------------------------
# What is said about a family of games
# ---------------------------------------------------------------------------------------
class Guide:
    """What the table says about one family of games; the defaults suit any variant.

    A family's module subclasses it (``tarot.tui_marolles.MarollesGuide``...) and is named in
    ``GUIDE_MODULES``; nothing here may decide a rule.
    """

    #: Phases in which the player gives several cards in a row, with the verb for them.
    card_phases: dict[str, str] = {}
    #: Titles of the sources of payment in tables.
    source_titles: dict[str, str] = {}
    #: Phases whose usual answer is ``done`` (declining): it is offered first, so that choice 1
    #: is never the risky one (a piped ``yes 1`` does not announce a chelem).
    decline_first: frozenset[str] = frozenset()

    def source_title(self, source: str) -> str:
        return self.source_titles.get(source, source.replace("_", " "))

    def source_note(self, deal: Deal, names: Sequence[str]) -> str | None:
        """A line under a finished deal's table of sources, for a payment counted in a row
        whose title does not name it."""
        return None

    def start(self, out: Console, deal: Deal, names: Sequence[str]) -> None:
        """Said when a deal starts, after the dealer is named (the cut card...)."""

    def narrate(self, out: Console, deal: Deal, names: Sequence[str], reveal: set[int],
                seat: int, phase: str, action: int, state: dict) -> None:
        """Said after ``seat`` took ``action`` in ``phase`` (tricks and payments are said by the
        narrator). ``state`` is the narrator's scratch space, emptied at each deal."""
        if phase != "play":
            out.print(f"{names[seat]}: {deal.action_token(action)}.")

    def header(self, deal: Deal, view: View, chosen: Sequence[int], names: Sequence[str]) -> str | None:
        """The line above the hand at the person's turn (outside play)."""
        return f"Phase: {view.phase}."

    def help(self, deal: Deal, seat: int) -> list[str]:
        """The rules that apply to the seat's decision now."""
        return []

    def card_choices(self, deal: Deal, cards: Sequence[Card]) -> list[Card]:
        """The cards among the choices, numbered in the order the table shows them."""
        return in_display_order(cards, deal.card_power)

    def action_label(self, deal: Deal, action: int) -> str:
        """A named action as offered in the choices (a token, perhaps with words)."""
        return deal.action_token(action)

    def table_lines(self, deal: Deal, view: View, marked: CardSet, names: Sequence[str],
                    width: int | None = None) -> list:
        """Lines shown above the person's hand at each turn (cards on the table...), fitted to
        ``width`` where they list cards (``wrapped``)."""
        return []

    def marked_cards(self, deal: Deal, view: View) -> CardSet:
        """The cards marked ``*`` in the person's hand in the play: the legal ones."""
        return mask(a for a in view.legal_actions if a < 78)

    def mark_legend(self, deal: Deal, view: View) -> str:
        """What ``*`` means over the hand in the play (``marked_cards``)."""
        return "legal now"

    def payment_reason(self, p: Payment, deal: Deal, names: Sequence[str]) -> str:
        return p.reason.replace("_", " ") + (f" ({p.detail})" if p.detail else "")

    def end_of_deal(self, out: Console, deal: Deal, names: Sequence[str]) -> None:
        """The count at the end of a deal, before the table of scores by source."""

    def after_deal(self, out: Console, deal: Deal, names: Sequence[str], state: dict) -> bool:
        """Said after a deal's scores, with ``state`` kept for the whole session; True ends
        the session (a game played to a target is over)."""
        return False


#: variant -> module of ``tarot`` whose ``GUIDE`` speaks for it (imported on first use).
GUIDE_MODULES = {
    "marolles-1637": "tui_marolles", "marolles-78": "tui_marolles", "marolles-2p": "tui_marolles",
    "fft-3p": "tui_french", "fft-4p": "tui_french", "fft-5p": "tui_french",
    "french-2p": "tui_french", "early-french": "tui_early",
}
_GUIDES: dict[str, Guide] = {}


def guide_for(deal: Deal | type[Deal]) -> Guide:
    """The guide of a deal's variant (the plain ``Guide`` if its module is not there)."""
    name = deal.variant
    g = _GUIDES.get(name)
    if g is None:
        try:
            module = importlib.import_module(f"{__package__}.{GUIDE_MODULES[name]}")
            g = getattr(module, "GUIDES", {}).get(name) or module.GUIDE
        except (KeyError, ImportError):
            g = Guide()
        _GUIDES[name] = g
    return g


# ---------------------------------------------------------------------------------------
# Narration: what happened after each action
# ---------------------------------------------------------------------------------------
class Narrator:
    """Prints each step of a deal as it happens: what the game's guide says of each decision,
    tricks with who played what, and every payment in words.

    ``reveal`` is the set of seats whose hidden decisions (discards) are shown.
    """

    def __init__(self, out: Console, names: Sequence[str], reveal: set[int]) -> None:
        self.out = out
        self.names = list(names)
        self.reveal = reveal
        #: The payments told so far, with their words (the deal's ledger may take some back).
        self._told: list[tuple[Payment, str]] = []
        self._tricks = 0
        self.state: dict = {}

    def start(self, deal: Deal) -> None:
        self.out.print(Text(f"{self.names[deal.dealer]} deals.", style="bold"))
        self._told, self._tricks = [], 0
        self.state = {}
        guide_for(deal).start(self.out, deal, self.names)
        self.payments(deal)

    def payments(self, deal: Deal) -> None:
        """Tell the payments made since the last call, and those taken back (a revoke owned up
        to takes the play back, and its payments with it), so that the payments told always
        add up to the ledger."""
        entries = deal.ledger.entries
        told = self._told
        k = 0
        while k < len(told) and k < len(entries) and told[k][0] == entries[k]:
            k += 1
        for _, words in told[k:]:
            print_fitted(self.out, f"Taken back: {words}", "  ", "yellow")
        del told[k:]
        for p in entries[k:]:
            words = describe_payment(p, deal, self.names)
            told.append((p, words))
            print_fitted(self.out, words, "  ", "yellow")

    def after(self, deal: Deal, seat: int, phase: str, action: int) -> None:
        """Call after ``deal.push(action)`` made by ``seat`` in ``phase``."""
        # the play can go back (a revoke owned up to): tricks and payments taken back
        self._tricks = min(self._tricks, len(deal.tricks))
        # a trick the card completed is told first: what the guide says of the card (a partner
        # revealed by it, a card given for the Fool) follows the trick that shows it
        for i in range(self._tricks, len(deal.tricks)):
            self.out.print(trick_text(deal, i, self.names))
        self._tricks = len(deal.tricks)
        guide = guide_for(deal)
        guide.narrate(self.out, deal, self.names, self.reveal, seat, phase, action, self.state)
        if phase in guide.card_phases and deal.phase == phase and deal.to_play == seat:
            return  # the seat goes on choosing cards: what they cost is told with them, after
        self.payments(deal)


def trick_text(deal: Deal, i: int, names: Sequence[str]) -> Text:
    """``Trick 3: East 7C, West KC, South T2 → South wins`` (le Mort's card, if any, last)."""
    leader, cards, winner = deal.tricks[i]
    n = deal.notation
    played = ", ".join(f"{seat_label(names, deal.trick_seat(leader, j))} {format_card(c, n)}"
                       for j, c in enumerate(cards))
    return Text(f"Trick {i + 1}: {played} → {seat_label(names, winner)} wins", style="bold")


# ---------------------------------------------------------------------------------------
# The end of a deal
# ---------------------------------------------------------------------------------------
def end_of_deal(out: Console, deal: Deal, names: Sequence[str], title: str = "End of the deal",
                order: Sequence[int] | None = None) -> None:
    """The count of the deal in the words of its game, and the deal's scores by source (the
    seats' columns in ``order``, seat 0 first by default)."""
    r = deal.result()
    out.print()
    out.print(Text(f"{title}.", style="bold underline"))
    guide_for(deal).end_of_deal(out, deal, names)
    out.print(source_table(deal, names, r.by_source, r.scores, f"{deal.SCORE_UNIT.capitalize()} this deal",
                           width=out.width, order=order))


def source_table(deal: Deal, names: Sequence[str], by_source: dict, scores: Sequence[int],
                 title: str, totals: Sequence[int] | None = None, width: int | None = None,
                 order: Sequence[int] | None = None) -> Table | Group:
    """Scores by source of payment, a column per seat (in ``order``: at the table, the person
    first and the others in the order of play); on a console ``width`` wide, too narrow
    for the seats' names (six players, or fewer on a narrow terminal), the columns are headed
    by their initials (NE, SW) rather than cut to "North…". Under a finished deal's own table,
    the guide's ``source_note`` (a payment counted in a row whose title does not name it)."""
    players, guide = deal.players, guide_for(deal)
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
        t.add_row(Text("total", style="bold"), *(Text(f"{scores[s]:+d}", style="bold") for s in seats))
        if totals is not None:
            t.add_row("match so far", *(f"{totals[s]:+d}" for s in seats))
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


# ---------------------------------------------------------------------------------------
# Help for each phase
# ---------------------------------------------------------------------------------------
def commands(deal: Deal, legal: Sequence[int]) -> str:
    """What can be typed, in the game's card notation, with the actions named now legal."""
    n = deal.notation
    named = [deal.action_token(a) for a in legal if a >= 78]
    names = f", an action name ({', '.join(named)})" if named else ""
    return (f"Type a card (KS, 10{n.suit_letters[2]}, T21, {n.fool_token}), a number from the choices"
            f"{names}; or help, hint (what the rule bot would do), hand, clear (forget cards chosen "
            "so far), quit.")


def phase_help(deal: Deal, seat: int) -> list[str]:
    """What the seat may do now, and why: the game's rules for this decision, then the choices."""
    v = deal.view(seat)
    out = guide_for(deal).help(deal, seat)
    legal = v.legal_actions
    verb = guide_for(deal).card_phases.get(v.phase)
    if verb and legal:
        slots, eligible = pending_cards(deal)
        out.append(f"You {verb} {plural(slots, 'card')} in all, from: "
                   + " ".join(format_card(c, deal.notation) for c in in_display_order(eligible, deal.card_power))
                   + (" (or `done` to stop short)." if DONE in legal else "."))
    elif legal:
        out.append("Legal now: " + " ".join(deal.action_token(a) for a in _display_actions(deal, legal)) + ".")
    out.append(commands(deal, legal))
    return out


def _display_actions(deal: Deal, actions: Sequence[int]) -> list[int]:
    cards = guide_for(deal).card_choices(deal, [a for a in actions if a < 78])
    done = [DONE] if DONE in actions else []
    named = sorted(a for a in actions if a >= 78 and a != DONE)
    if deal.phase in guide_for(deal).decline_first:
        return done + cards + named
    return cards + named + done


def pending_cards(deal: Deal) -> tuple[int, CardSet]:
    """For a discard or show phase: how many cards the seat to play must still give in a row,
    and which cards it may choose from (probed on a copy: the deal is not touched)."""
    probe = deal.copy()
    seat, phase = deal.to_play, deal.phase
    count, eligible = 0, 0
    while probe.phase == phase and probe.to_play == seat:
        cards = [a for a in probe.legal_actions() if a < 78]
        if not cards:
            break
        eligible |= mask(cards)
        probe.push(cards[0])
        count += 1
    return count, eligible


# ---------------------------------------------------------------------------------------
# A person against bots
# ---------------------------------------------------------------------------------------
class Quit(Exception):
    """The player typed ``quit``."""


class EndOfInput(Exception):
    """The input ended before the game did."""


class ScriptError(Exception):
    """Illegal input in script mode: the game stops with this message."""


class PlaySession:
    """Deals of ``variant`` in a row; ``seat`` is the person's, the others are bots.

    ``read_line(prompt)`` returns a line of input or None at the end of input. In ``script``
    mode nothing is prompted and illegal input stops the game (``ScriptError``).
    """

    def __init__(self, out: Console, variant: str, options: dict, seed: int | None, seat: int,
                 bots: Sequence[str], deals: int, record: Path | None, script: bool,
                 read_line: Callable[[str], str | None]) -> None:
        from .bots import make_bot
        from .match import Match
        from .runs.simulate import bot_seed

        self.out = out
        self.cls = variant_class(variant)
        self.me = seat
        self.match = Match(variant, options, seed)
        self.players = self.match.players
        self.deals = deals
        self.record = record
        self.script = script
        self.read_line = read_line
        self.step = self.cls.seat_step(self.match.options)
        self.names = seat_names(self.players, seat, self.step)
        #: the score tables' columns: the person first, then the others in the order of play
        self.order = [(seat + i * self.step) % self.players for i in range(self.players)]
        others = [(seat + i * self.step) % self.players for i in range(1, self.players)]
        self.bot_names = dict(zip(others, bots))
        self.bots = {s: make_bot(b, seed=None if seed is None else bot_seed(seed, s))
                     for s, b in self.bot_names.items()}
        self.narrator = Narrator(out, self.names, reveal={seat})
        self.deal: Deal | None = None
        self.saved: list[Path] = []
        #: (actions so far, card): a revoke the person was warned of, played if typed again
        self.revoke_warned: tuple[int, int] | None = None
        #: What a game's guide keeps from deal to deal (a game to 50...).
        self.game_state: dict = {}

    # ----- the session ------------------------------------------------------------------
    def run(self) -> int:
        """Play the deals; returns the exit code (0, or 1 after illegal input or early EOF in
        script mode)."""
        order = " → ".join(self.names[(self.me + i * self.step) % self.players] for i in range(self.players))
        way = "anticlockwise" if self.step > 0 else "clockwise"
        bots = ", ".join(f"{self.names[s]} ({b})" for s, b in self.bot_names.items())
        self.out.print(Text(f"{self.cls.title}. You are {self.names[self.me]} (seat {self.me}); "
                            f"against {bots}.", style="bold"))
        self.out.print(f"Play goes {way}: {order}. Type `help` at any prompt.")
        changed = self.match.options.changed()
        if changed:
            self.out.print("Options: " + ", ".join(f"{k}={v}" for k, v in changed.items()))
        done = number = 0
        annulled = False
        while done < self.deals:
            self.deal = deal = self.match.next_deal()
            number += 1
            self.out.print()
            again = " (dealt again)" if annulled else ""  # after a hand thrown in
            self.out.print(Text(f"Deal {done + 1} of {self.deals}{again}", style="bold underline"))
            try:
                self.play_deal(deal)
            except Quit:
                self.out.print("You leave the table.")
                self.save(deal, number)
                return 0
            except KeyboardInterrupt:
                self.out.print("\nInterrupted: you leave the table.")
                self.save(deal, number)
                return 130
            except EndOfInput:
                self.save(deal, number)
                if self.script:
                    self.error(f"the input ended before the deal was over ({self.where(deal)})")
                    return 1
                self.out.print("\nThe input ended: you leave the table.")
                return 0
            except ScriptError as e:
                self.save(deal, number)
                self.error(str(e))
                return 1
            result = self.match.record(deal)
            # a hand not played out (a redeal granted, all passed, a petit sec) is not counted
            annulled = bool({"redeal", "all_passed", "annulled"} & set(result.info))
            end_of_deal(self.out, deal, self.names,
                        f"End of deal {done + 1}" + (" (not played out)" if annulled else ""), self.order)
            done += not annulled
            void = f", and {plural(number - done, 'hand')} not played out" if number > done else ""
            self.out.print(source_table(deal, self.names, {}, self.match.totals,
                                        f"Running {deal.SCORE_UNIT} after {plural(done, 'deal')}{void}",
                                        width=self.out.width, order=self.order))
            self.save(deal, number)
            if guide_for(deal).after_deal(self.out, deal, self.names, self.game_state):
                return 0
            if not annulled and done < self.deals and not self.script:
                while True:
                    try:
                        line = self.read_line("Press Enter for the next deal (or type quit): ")
                    except KeyboardInterrupt:
                        self.out.print("\nInterrupted: you leave the table.")
                        return 130
                    if line is None or line.strip().lower() in ("quit", "exit", "q"):
                        return 0
                    if not line.split() or line.split()[0].lower() not in ("help", "?"):
                        break
                    self.out.print(f"The deal is over: Enter deals the next one ({done + 1} of "
                                   f"{self.deals}), `quit` leaves the table"
                                   + (", and the records so far are saved." if self.record else "."))
        return 0

    def error(self, message: str) -> None:
        err = make_console(plain=True, stderr=True)
        err.print(f"Error: {message}")

    def where(self, deal: Deal) -> str:
        seat = cast(Seat, deal.to_play)  # asked while the deal is on
        if deal.phase == "play":
            return f"trick {len(deal.tricks) + 1}, {self.names[seat]} to play"
        phase = {"ecart": "écart", "poignee": "poignée"}.get(deal.phase, deal.phase)  # as the table writes them
        return f"{phase} phase, {self.names[seat]} to move"

    def save(self, deal: Deal, number: int) -> None:
        """Save deal ``number`` (1, 2...): to FILE for a one-deal session, else FILE-n (an
        annulled hand counts: after it, even a one-deal session writes FILE-2)."""
        if self.record is None:
            return
        from . import records  # lazily: the command works without it until asked to record

        path = record_path(self.record, number, self.deals)
        bots = ", ".join(f"{self.names[s]}={b}" for s, b in self.bot_names.items())
        rec = records.record_from_deal(deal, Event="tarot play", Round=number,
                                       Human=f"{self.names[self.me]} (seat {self.me})", Bots=bots)
        records.save_record(rec, path)
        self.saved.append(path)
        self.out.print(f"Record saved to {path}")

    def play_deal(self, deal: Deal) -> None:
        self.narrator.start(deal)
        while not deal.is_over:
            seat = cast(Seat, deal.to_play)
            if seat == self.me:
                self.human_turn(deal)
            else:
                self.push(deal, self.bots[seat].act(deal.view(seat)))

    def push(self, deal: Deal, action: int) -> None:
        seat, phase = cast(Seat, deal.to_play), deal.phase  # the deal is on
        deal.push(action)
        self.narrator.after(deal, seat, phase, action)

    # ----- the person's turn ------------------------------------------------------------
    def human_turn(self, deal: Deal) -> None:
        """Read input until at least one action of the person's is pushed."""
        if deal.phase == "declare" and deal.legal_actions() == [DONE]:
            self.push(deal, DONE)  # nothing to declare: the narrator says so
            return
        chosen: list[int] = []
        show = True
        while True:
            if show:
                self.show_turn(deal, chosen)
                show = False
            line = self.read_line("" if self.script else f"{self.names[self.me]}> ")
            if line is None:
                raise EndOfInput
            words = line.split()
            if not words:
                continue
            cmd = words[0].lower()
            if len(words) == 1 and cmd in ("quit", "exit"):
                raise Quit
            if cmd in ("help", "?"):  # "help me" too: help is never a move
                for text in phase_help(deal, self.me):
                    self.out.print(text)
                continue
            if len(words) == 1 and cmd == "hint":
                self.hint(deal, chosen)
                continue
            if len(words) == 1 and cmd == "hand":
                show = True
                continue
            if len(words) == 1 and cmd == "clear":
                chosen.clear()
                show = True
                continue
            try:
                if self.apply(deal, words, chosen):
                    return
            except IllegalActionError as e:
                self.refuse(line.strip(), str(e))
                continue
            show = True

    def hint(self, deal: Deal, chosen: Sequence[int]) -> None:
        """What the game's rule bot would do in the person's place, from the person's view
        alone (after the cards chosen so far, in a phase that takes several); nothing is played."""
        from .bots import make_bot

        probe = deal
        if chosen:
            probe = deal.copy()
            for c in sorted(chosen):  # in the order ``apply`` pushes them
                probe.push(c)
        if probe.to_play != self.me:  # cannot happen: a choice is pushed once it is complete
            return
        bot = make_bot("rule", seed=len(deal.history))
        view = probe.view(self.me)
        action = bot.act(view)
        what = card_phrase(action, deal.notation) if action < 78 else deal.action_token(action)
        choices = self.choices(deal, chosen)
        number = f", choice {choices.index(action) + 1}" if action in choices else ""
        self.out.print(Text(f"Hint: the rule bot, seeing only what you see, would choose {what}{number}. "
                            "It plays by simple rules (docs/bots.md); the choice is yours.", style="cyan"))
        rule = bot.for_variant(deal.variant) if hasattr(bot, "for_variant") else bot
        explain = getattr(rule, "explain", None)
        why = explain(view) if explain is not None else ""
        if why:
            self.out.print(Text(f"Why: {why}.", style="cyan"))
        reckon = getattr(rule, "reckon", None)
        if reckon is None or view.phase != "play":
            return
        rows, notes = reckon(view)
        if len(rows) < 2:
            return
        # the card chosen first (among values equal to within rounding, the first legal one)
        best = sorted(rows, key=lambda r: (r[0] != action, -r[1]))[:3]
        parts = [f"{deal.action_token(c)} {value:+.1f} (wins the trick {p:.0%})" for c, value, p in best]
        self.out.print(Text("Its reckoning, in marques (this trick, less what the card is worth kept for "
                            "later): " + ", ".join(parts) + "".join(f"; {n}" for n in notes) + ".",
                            style="cyan"))

    def confirmed(self, deal: Deal, action: int) -> bool:
        """Whether ``action`` may be pushed at once. A card that breaks the duty to follow or to
        trump, where the options allow it as a revoke, is played only when given twice in a row
        (a mistyped number should not cost a forfeit); a script is taken at its word."""
        if self.script or deal.phase != "play" or action >= 78 or action not in deal.legal_actions():
            return True  # an illegal card is refused by the engine, with its reason
        view = deal.view(self.me)
        if guide_for(deal).marked_cards(deal, view) >> action & 1:
            return True
        if self.revoke_warned == (len(deal.history), action):
            return True
        self.revoke_warned = (len(deal.history), action)
        tok = deal.action_token(action)
        reason = re.sub(rf"\bseat {self.me}\b", "you", deal.explain_illegal(action))
        rule = deal.options.get("revoke_handling", "")
        self.out.print(Text(f"{tok} would be a revoke ({reason}), penalised as revoke_handling={rule} "
                            f"says. Give {tok} again to play it anyway.", style="bold yellow"))
        return False

    def refuse(self, line: str, reason: str) -> None:
        # the engine's reasons name the seat by number: a script's error names it as the table
        # does, and at the table it is "you"
        seat = rf"\bseat {self.me}"
        if self.script:
            reason = re.sub(seat + r"\b", self.names[self.me], reason)
            where = self.where(cast(Deal, self.deal))  # input is read only while a deal is on
            raise ScriptError(f"illegal input {reprlib.repr(line)} ({where}): {reason}")
        reason = re.sub(seat + r" does not\b", "you do not", reason)
        reason = re.sub(seat + r" holds\b", "you hold", reason)
        reason = re.sub(seat + r"\b", "you", reason)
        self.out.print(Text(f"Refused: {reason}. (`help` explains what you may do.)", style="bold red"))

    def choices(self, deal: Deal, chosen: Sequence[int]) -> list[int]:
        """The numbered choices shown to the person, in display order."""
        legal = deal.legal_actions()
        if deal.phase in guide_for(deal).card_phases:
            _, eligible = pending_cards(deal)
            cards = [c for c in in_display_order(eligible, deal.card_power) if c not in chosen]
            return cards + ([DONE] if DONE in legal else [])
        return _display_actions(deal, legal)

    def resolve(self, deal: Deal, word: str, choices: Sequence[int]) -> int:
        if word.isascii() and word.isdigit():
            i = int(word) if len(word) < 6 else 0  # a long number is no choice (and not parsed)
            if 1 <= i <= len(choices):
                return choices[i - 1]
            shown = str(int(word)) if len(word) <= 40 else word[:12] + "…"
            raise IllegalActionError(f"there is no choice {shown}: choose "
                                     + ("1" if len(choices) == 1 else f"1..{len(choices)}"))
        # typed as it is written at the table: "poignée_simple" for poignee_simple
        plain = word.lower().replace("é", "e")
        if plain != word.lower() and plain in ACTION_IDS:
            return ACTION_IDS[plain]
        return deal.parse_action(word)

    def apply(self, deal: Deal, words: list[str], chosen: list[int]) -> bool:
        """Act on one line of input; True once an action is pushed, False if cards were only
        added to ``chosen``. Raises ``IllegalActionError`` (with the engine's reason when it is
        a rule) and then nothing has changed, neither the deal nor ``chosen``."""
        choices = self.choices(deal, chosen)
        actions = [self.resolve(deal, w, choices) for w in words]
        verb = guide_for(deal).card_phases.get(deal.phase)
        if verb is None:
            if len(actions) != 1:
                raise IllegalActionError("one move at a time")
            if not self.confirmed(deal, actions[0]):
                return False
            self.push(deal, actions[0])
            return True
        slots, eligible = pending_cards(deal)
        new: list[int] = []
        done = False
        for _w, a in zip(words, actions):
            if a == DONE and DONE in deal.legal_actions():
                done = True
            elif a >= 78 or not eligible >> a & 1:
                raise IllegalActionError(deal.explain_illegal(a))
            elif a in chosen:
                raise IllegalActionError(f"{card_phrase(a, deal.notation)} is already chosen")
            elif a in new:
                raise IllegalActionError(f"{card_phrase(a, deal.notation)} is given twice")
            else:
                new.append(a)
        if len(chosen) + len(new) > slots:
            raise IllegalActionError(f"you have only {plural(slots - len(chosen), 'more card')} to {verb}")
        cards = chosen + new
        if len(cards) < slots and not done:
            chosen[:] = cards
            return False
        sequence = sorted(cards) + ([DONE] if done else [])
        probe = deal.copy()
        for a in sequence:  # the engine's reason if the whole set is refused; the deal is untouched
            probe.push(a)
        for a in sequence:
            self.push(deal, a)
        chosen.clear()
        return True

    def show_turn(self, deal: Deal, chosen: Sequence[int]) -> None:
        v = deal.view(self.me)
        n = deal.notation
        out = self.out
        guide = guide_for(deal)
        out.print()
        marked = 0
        # Marolles says how many tricks a deal has, French Tarot how many cards a hand holds
        total = getattr(deal, "TRICKS", None) or getattr(deal, "HAND", None)
        where = f"Trick {len(v.tricks) + 1}" + (f" of {total}" if total else "")
        if v.trick:  # in play, or a decision at one's turn in a trick (a declaration, a poignée)
            table = ", ".join(f"{seat_label(self.names, deal.trick_seat(deal.leader, i))} "
                              f"{format_card(c, n)}" for i, c in enumerate(v.trick))
            out.print(Text(f"{where}. On the table: {table}.", style="bold"))
        if v.phase == "play":
            if not v.trick:
                out.print(Text(f"{where}. You lead.", style="bold"))
            marked = guide.marked_cards(deal, v)
        else:
            if v.phase in guide.card_phases:
                marked = pending_cards(deal)[1] & ~mask(chosen)
            head = guide.header(deal, v, chosen, self.names)
            if head:
                out.print(Text(head, style="bold"))
        width = console_width(out)
        for line in guide.table_lines(deal, v, marked, self.names, width):
            out.print(line)
        star = guide.mark_legend(deal, v) if v.phase == "play" else "legal now"
        legend = [m for m, on in ((f"* {star}", v.hand & marked), ("+ chosen", chosen)) if on]
        out.print(f"Your hand ({plural(v.hand.bit_count(), 'card')}{'; ' if legend else ''}{', '.join(legend)}):")
        # the unmarked cards are greyed only if none of them may be played (with revokes
        # allowed, * marks the lawful cards and the others are playable all the same)
        grey = not v.hand & ~marked & ~mask(chosen) & mask(a for a in v.legal_actions if a < 78)
        for line in hand_lines(v.hand, marked, n, mask(chosen), deal.card_power, width, grey):
            out.print(line)
        choices = self.choices(deal, chosen)
        labels = [Text(f"{i} {guide.action_label(deal, a) if a >= 78 else deal.action_token(a)}")
                  for i, a in enumerate(choices, 1)]
        for line in wrapped("Choices: ", labels, width, " · "):
            line.stylize("green")
            out.print(line)


# ---------------------------------------------------------------------------------------
# Replay, simulation summary, rules
# ---------------------------------------------------------------------------------------
def record_path(record: Path, number: int, deals: int) -> Path:
    """Where ``tarot play --record FILE`` saves deal ``number`` (1, 2...) of a ``deals``-deal
    session: FILE for a one-deal session, else FILE-n (an annulled hand counts: after it, even
    a one-deal session writes FILE-2).

    >>> str(record_path(Path("game.txt"), 1, 1)), str(record_path(Path("game.txt"), 2, 3))
    ('game.txt', 'game-2.txt')
    """
    if deals > 1 or number > 1:
        return record.with_name(f"{record.stem}-{number}{record.suffix}")
    return record


def show_replay(out: Console, record) -> Deal:
    """Narrate a record trick by trick (every hand and discard shown); returns the deal.

    The record is first checked by ``tarot.records.replay`` (which raises ``RecordError``).
    """
    from .records import replay

    checked = replay(record)
    deal = variant_class(record.variant)(record.options, deck=record.deck, dealer=record.dealer)
    step = deal.seat_step(deal.options)
    # a game played with `tarot play --seat N` names the seats as the person saw them
    human = re.search(r"\(seat ([0-9]{1,6})\)", str(record.tags.get("Human", "")))
    me = int(human.group(1)) if human and int(human.group(1)) < deal.players else 0
    names = seat_names(deal.players, me, step)
    n = deal.notation
    tags = ", ".join(f"{k} {v}" for k, v in record.tags.items())
    out.print(Text(f"{deal.title}" + (f" ({tags})" if tags else ""), style="bold"))
    out.print("Seats: " + ", ".join(f"{names[s]} = seat {s}" for s in range(deal.players))
              + f"; play goes {'anticlockwise' if step > 0 else 'clockwise'}.")
    if deal.options.changed():
        out.print("Options: " + ", ".join(f"{k}={v}" for k, v in deal.options.changed().items()))
    narrator = Narrator(out, names, reveal=set(range(deal.players)))
    narrator.start(deal)
    for s in range(deal.players):
        h = deal.view(s).hand
        out.print(f"{names[s]}'s hand: " + " ".join(format_card(c, n) for c in in_display_order(h, deal.card_power)))
    stacks = getattr(deal, "stacks", None)  # French Tarot for two: each seat's table piles
    if stacks:
        per = len(stacks) // deal.players
        for s in range(deal.players):
            piles = " ".join("[" + " ".join(format_card(c, n) for c in st) + "]"
                             for st in stacks[per * s:per * (s + 1)])
            out.print(f"{names[s]}'s piles, bottom card first (the top one face up): {piles}")
    for a in record.actions:
        seat, phase = cast(Seat, deal.to_play), deal.phase  # push refuses an action after the end
        deal.push(a)
        narrator.after(deal, seat, phase, a)
    if deal.is_over:
        end_of_deal(out, deal, names)
    else:
        out.print(f"The record ends before the deal does ({deal.phase} phase, "
                  f"{names[cast(Seat, deal.to_play)]} to move).")
    assert checked.history == deal.history
    return deal


def summary_tables(agg, bots: Sequence[str], variant: str = "marolles-1637", width: int | None = None) -> list:
    """The summary of ``tarot simulate``: mean score per deal by source of payment, for each
    seat and for each position relative to the dealer, the score changing hands per source,
    mean card points, and the share of deals with one or two winners. With four seats or more,
    or on a console ``width`` narrower than 100 columns, the positions have a table of their
    own."""
    cls = variant_class(variant)
    guide, unit = guide_for(cls), cls.SCORE_UNIT
    players = agg.players
    means, points, pos = agg.mean_scores(), agg.mean_points(), agg.mean_position()
    # positions count from the dealer in the order of play: his right when it goes anticlockwise
    clockwise = agg.step == -1
    side, other = ("left", "right") if clockwise else ("right", "left")
    positions = (("dealer", side, other) if players == 3 else ("dealer", "opponent") if players == 2
                 else tuple(f"d+{p}" for p in range(players)))
    # card points are counted by side in French Tarot: each seat gets its side's
    won = "its side's card points" if variant.startswith("fft-") else "card points won"
    title = f"Mean per deal over {plural(agg.n, 'deal')} ({unit}, unless said otherwise)"
    # under 80 columns: one space between columns, seats headed s0, s1...
    narrow = width is not None and width < 80
    t = Table(title=title, box=box.SIMPLE, title_justify="left", collapse_padding=narrow, pad_edge=not narrow)
    # with four seats or more, positions go to a table of their own (80 columns hold no more)
    apart = players >= 4 or (width is not None and width < 100)
    tp = Table(title="The same by position relative to the dealer", box=box.SIMPLE,
               title_justify="left", collapse_padding=narrow, pad_edge=not narrow) if apart else t
    # the labels fold at their spaces on a narrow console, never inside a word
    ci = "± 95% CI" if narrow else "± 95% interval"
    labels = [guide.source_title(src) for src in agg.sources] + ["total", ci, won]
    t.add_column("", min_width=max(len(w) for label in labels for w in label.split()))
    for s in range(players):
        t.add_column(f"s{s}" if narrow else f"seat {s}", justify="right", no_wrap=True)
    if apart:
        tp.add_column("")
    for p in positions:
        tp.add_column(p, justify="right", style="" if apart else "dim", no_wrap=True)
    t.add_column("moved", justify="right", no_wrap=True)

    def row(label, by_seat, by_position, moved="", **kw):
        if apart:
            t.add_row(label, *by_seat, moved, **kw)
            tp.add_row(label, *by_position, **kw)
        else:
            t.add_row(label, *by_seat, *by_position, moved, **kw)

    for src in agg.sources:
        row(guide.source_title(src), [f"{v:+.2f}" for v in agg.mean_source(src)],
            [f"{v:+.2f}" for v in agg.mean_position_source(src)], f"{agg.mean_moved(src):.2f}")
    row(Text("total", style="bold"), [Text(f"{v:+.2f}", style="bold") for v in means],
        [f"{v:+.2f}" for v in pos], f"{sum(agg.mean_moved(x) for x in agg.sources):.2f}", end_section=True)
    t.add_row(ci, *(f"{agg.ci95(s):.2f}" for s in range(players)),
              *([""] * (1 if apart else players + 1)))
    row(won, [f"{v:.2f}" for v in points], [f"{v:.2f}" for v in agg.mean_position_points()])
    out: list = [t, *([tp] if apart else []), f"Seats 0..{players - 1}{' (s0, s1...)' if narrow else ''} are the table's seats (each deals in turn; bots: " + ", ".join(
        f"{s} {b}" for s, b in enumerate(bots)) + "); "
        + ("the second table's columns are positions from the dealer in the order of play (d+0 the "
           f"dealer, d+1 his {side}, who plays first)" if players >= 4 else
           ("the second table's" if apart else "the other") + " columns are "
           + ("the dealer and his opponent, who plays first" if players == 2 else
              f"positions relative to the dealer (his {side} plays first)"))
        + (f"; moved = {unit} changing hands." if agg.zero_sum else
           f"; moved = {unit} scored (the positive parts: in this game scores are not paid by "
           "the other players).")]
    if agg.no_contract:
        out.append(f"{plural(agg.no_contract, 'deal')} of {agg.n} had no contract (all passed, or the hand "
                   "was annulled before the bidding): they count as 0 in the means.")
    share = agg.winners_share()
    if share:
        out.append("Deals by number of players at or above par: " + _winners_share(share))
    return out


def _winners_share(share: dict[int, float]) -> str:
    """``1 winner 58.6%, 2 winners 41.4%``: deals by number of players at or above par."""
    return ", ".join(f"{k} winner{'s' if k != 1 else ''} {v:.1%}" for k, v in share.items())


def comparison_tables(readings, variant: str, width: int | None = None) -> list:
    """The summary of ``tarot simulate --compare``: for each source of payment, the score
    changing hands per deal under reading A and reading B, and B - A with its 95% interval
    (paired deal by deal); then the same for the mean total and the card points won at each
    position from the dealer."""
    cls = variant_class(variant)
    guide, unit = guide_for(cls), cls.SCORE_UNIT
    a, b, n = readings.a, readings.b, readings.a.players
    narrow = width is not None and width < 80

    def table(title: str, first: str):
        t = Table(title=title, box=box.SIMPLE, title_justify="left", collapse_padding=narrow,
                  pad_edge=not narrow)
        t.add_column(first)
        for head in ("A", "B", "B - A", "95% interval"):
            t.add_column(head, justify="right", no_wrap=True)
        return t

    def diff(r, sign: str = "+") -> tuple[str, str]:
        low, high = r.ci95
        return f"{r.mean:{sign}.2f}", f"[{low:+.2f}, {high:+.2f}]"

    moved = table(f"{unit.capitalize()} changing hands per deal, over the same "
                  f"{plural(readings.n, 'deal')}" if a.zero_sum and b.zero_sum else
                  f"{unit.capitalize()} scored per deal (the positive parts), over the same "
                  f"{plural(readings.n, 'deal')}", "source")
    for src in readings.sources:
        moved.add_row(guide.source_title(src), f"{a.mean_moved(src):.2f}", f"{b.mean_moved(src):.2f}",
                      *diff(readings.moved[src]))
    moved.add_row(Text("total", style="bold"), f"{sum(a.mean_moved(x) for x in a.sources):.2f}",
                  f"{sum(b.mean_moved(x) for x in b.sources):.2f}", *diff(readings.moved_total))
    clockwise = a.step == -1
    side, other = ("left", "right") if clockwise else ("right", "left")
    positions = (("dealer", side, other) if n == 3 else ("dealer", "opponent") if n == 2
                 else tuple(f"d+{p}" for p in range(n)))
    won = "its side's card points" if variant.startswith("fft-") else "card points won"
    pos = table(f"Mean per deal by position from the dealer ({unit}; then {won})", "position")
    for p, label in enumerate(positions):
        pos.add_row(label, f"{a.mean_position()[p]:+.2f}", f"{b.mean_position()[p]:+.2f}",
                    *diff(readings.position[p]), end_section=p == n - 1)
    for p, label in enumerate(positions):
        pos.add_row(f"{label}, {'points' if narrow else won}", f"{a.mean_position_points()[p]:.2f}",
                    f"{b.mean_position_points()[p]:.2f}", *diff(readings.position_points[p]))
    out: list = [moved, pos]
    if readings.winners.n:
        low, high = readings.winners.ci95
        out.append(f"Deals by number of players at or above par: A {_winners_share(a.winners_share())}; "
                   f"B {_winners_share(b.winners_share())}. Players at or above par per deal, B - A: "
                   f"{readings.winners.mean:+.3f} [{low:+.3f}, {high:+.3f}].")
    return [*out,
            "The two readings play the same deals (deck, dealer and bots' seeds): B - A is taken "
            "deal by deal, and its interval is that of the mean of those differences (normal "
            "approximation). An interval that holds 0 shows no difference these deals can tell."]


def options_table(cls, width: int | None = None, wraps: bool = False) -> Table | Group:
    """Every option of a variant: key and default, accepted values, what it decides and its
    basis in the sources; options that matter only at a physical table say so. The values
    are listed under the key, each whole on its line (one to be typed is never folded). On a
    console ``width`` wide that leaves the text fewer than 45 columns beside the longest
    value, each option's text goes under its values instead of beside them: indented, and
    folded there on a console that ``wraps`` its lines (a terminal), else each on one line."""
    title = f"Options of {cls.variant} ({cls.title})\nGive them as --option key=value"
    rows = []
    for o in cls.OPTIONS:
        head = Text()
        head.append(o.key, style="bold")  # the key alone: its values are not bold
        for c in o.choices:
            head.append("\n  " + c, style="cyan" if c == o.default else "")
            if c == o.default:
                head.append(" (default)", style="cyan")
        if o.int_range:
            head.append(f"\n  an integer {o.int_range[0]}..{o.int_range[1]}")
        doc = Text(o.doc)
        if o.table_only:
            doc.append(" Table only: the engine never needs it.", style="italic")
        if o.basis:
            doc.append(f" [{o.basis}]", style="dim")
        rows.append((head, doc))
    widest = max((len(line) for head, _ in rows for line in head.plain.splitlines()), default=0)
    if width is not None and width - widest < 45:
        out: list = [Text(title, style="italic")]
        for head, doc in rows:
            # (Padding would crop the whole lines of a console that does not wrap)
            out += [Text(""), head, Padding(doc, (0, 0, 0, 4)) if wraps else Text("    ") + doc]
        return Group(*out)
    t = Table(title=title, box=box.SIMPLE, title_justify="left", show_lines=True, expand=True)
    t.add_column(Text("option: values"), no_wrap=True)
    t.add_column(Text("what it decides [basis]"), overflow="fold")
    for head, doc in rows:
        t.add_row(head, doc)
    return t


def variants_table() -> Table:
    from .core.deal import VARIANTS

    t = Table(title="Variants", box=box.SIMPLE, title_justify="left")
    t.add_column("variant", no_wrap=True, style="bold")
    t.add_column("game")
    t.add_column("players", justify="right")
    t.add_column("options", justify="right")
    for name in sorted(VARIANTS):
        cls = VARIANTS[name]
        counts = cls.player_counts()
        count = str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
        t.add_row(name, cls.title, count, str(len(cls.OPTIONS)))
    return t


def stdin_reader() -> Callable[[str], str | None]:
    """Script mode: one line per move from stdin, no prompt."""
    def read(_prompt: str) -> str | None:
        line = sys.stdin.readline()
        return line if line else None
    return read


def console_reader(out: Console) -> Callable[[str], str | None]:
    """Interactive mode: a prompt, and the line typed. Input that comes from a pipe or a file
    is not echoed by a terminal, so it is written after the prompt here: the move shows."""
    echo = not sys.stdin.isatty()
    if not echo:
        try:  # line editing and history at the prompt (arrow keys), where the platform has it
            import readline  # noqa: F401
        except ImportError:
            pass

    def read(prompt: str) -> str | None:
        try:
            line = out.input(Text(prompt, style="bold cyan"))
        except EOFError:
            return None
        if echo:
            out.print(line, style="cyan")
        return line
    return read


__all__ = [
    "Narrator",
    "PlaySession",
    "Guide",
    "comparison_tables",
    "describe_payment",
    "guide_for",
    "end_of_deal",
    "hand_lines",
    "make_console",
    "options_table",
    "pending_cards",
    "phase_help",
    "seat_names",
    "show_replay",
    "summary_tables",
    "variants_table",
]
