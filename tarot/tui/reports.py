"""What the command prints besides the table: a record replayed trick by trick, the summaries
of ``tarot simulate``, the options and variants of ``tarot rules``, and the readers of input."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from typing import cast

from rich import box
from rich.console import Console, Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..core.cards import Seat, format_card
from ..core.deal import Deal, variant_class
from ..core.errors import printable
from ..explain import add_messages, cards_text, explainer_for, plural, say, seat_names, title_of
from ..play.narration import Narration
from .render import end_of_deal, render_events


add_messages({
    "replay.title": "{title}{tags}",
    "replay.tags": " ({tags})",
    "replay.tag": "{key} {value}",
    "replay.seats": "Seats: {seats}; play goes {way}.",
    "replay.seat": "{name} = seat {seat}",
    "replay.anticlockwise": "anticlockwise",
    "replay.clockwise": "clockwise",
    "replay.options": "Options: {options}",
    "replay.hand": "{name}'s hand: {cards}",
    "replay.piles": "{name}'s piles, bottom card first (the top one face up): {piles}",
    "replay.unfinished": "The record ends before the deal does ({phase} phase, {name} to move).",
})


class Narrator:
    """Prints each step of a deal as it happens (``tarot.play.narration.Narration`` drawn on
    ``out``): what the game says of each decision, tricks with who played what, and every
    payment in words. ``reveal`` is the set of seats whose hidden decisions are shown."""

    def __init__(self, out: Console, names: Sequence[str], reveal: set[int]) -> None:
        self.out = out
        self.narration = Narration(names, reveal)

    def start(self, deal: Deal) -> None:
        render_events(self.out, self.narration.start(deal), deal.notation)

    def payments(self, deal: Deal) -> None:
        render_events(self.out, self.narration.payments(deal), deal.notation)

    def after(self, deal: Deal, seat: int, phase: str, action: int) -> None:
        """Call after ``deal.push(action)`` made by ``seat`` in ``phase``."""
        render_events(self.out, self.narration.after(deal, seat, phase, action), deal.notation)


def show_replay(out: Console, record) -> Deal:
    """Narrate a record trick by trick (every hand and discard shown); returns the deal.

    The record is first checked by ``tarot.records.replay`` (which raises ``RecordError``).
    """
    from ..records import replay

    checked = replay(record)
    deal = variant_class(record.variant)(record.options, deck=record.deck, dealer=record.dealer)
    step = deal.seat_step(deal.options)
    # a game played with `tarot play --seat N` names the seats as the person saw them
    human = re.search(r"\(seat ([0-9]{1,6})\)", str(record.tags.get("Human", "")))
    me = int(human.group(1)) if human and int(human.group(1)) < deal.players else 0
    names = seat_names(deal.players, me, step)
    n = deal.notation
    # a tag's value is the record's text: its control and bidi characters are printed escaped
    tags = ", ".join(say("replay.tag", key=k, value=printable(v)) for k, v in record.tags.items())
    out.print(Text(say("replay.title", title=title_of(deal), tags=say("replay.tags", tags=tags) if tags else ""),
                   style="bold"))
    seats = ", ".join(say("replay.seat", name=names[s], seat=s) for s in range(deal.players))
    out.print(say("replay.seats", seats=seats, way=say("replay.anticlockwise" if step > 0 else "replay.clockwise")))
    if deal.options.changed():
        out.print(say("replay.options", options=", ".join(f"{k}={v}" for k, v in deal.options.changed().items())))
    narrator = Narrator(out, names, reveal=set(range(deal.players)))
    narrator.start(deal)
    for s in range(deal.players):
        h = deal.view(s).hand
        out.print(say("replay.hand", name=names[s], cards=cards_text(h, deal)))
    for owner, _, cards in deal.set_apart():  # a seat's table piles (French Tarot for two)
        if owner is not None:
            piles = " ".join("[" + " ".join(format_card(c, n) for c in st) + "]" for st in cards)
            out.print(say("replay.piles", name=names[owner], piles=piles))
    for a in record.actions:
        seat, phase = cast(Seat, deal.to_play), deal.phase  # push refuses an action after the end
        deal.push(a)
        narrator.after(deal, seat, phase, a)
    if deal.is_over:
        end_of_deal(out, deal, names)
    else:
        out.print(say("replay.unfinished", phase=deal.phase, name=names[cast(Seat, deal.to_play)]))
    assert checked.history == deal.history
    return deal


def summary_tables(agg, bots: Sequence[str], variant: str, width: int | None = None) -> list:
    """The summary of ``tarot simulate``: mean score per deal by source of payment, for each
    seat and for each position relative to the dealer, the score changing hands per source,
    mean card points, and the share of deals with one or two winners. With four seats or more,
    or on a console ``width`` narrower than 100 columns, the positions have a table of their
    own."""
    cls = variant_class(variant)
    guide, unit = explainer_for(cls), cls.SCORE_UNIT
    players = agg.players
    means, points, pos = agg.mean_scores(), agg.mean_points(), agg.mean_position()
    side, positions = _positions(agg.step, players)
    won = guide.card_points_label
    title = f"Mean per deal over {plural(agg.n, 'noun.deal')} ({unit}, unless said otherwise)"
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
    out: list = [t, *([tp] if apart else []), _seats_note(agg, bots, unit, side, narrow, apart)]
    if agg.no_contract:
        out.append(f"{plural(agg.no_contract, 'noun.deal')} of {agg.n} had no contract (all passed, or the hand "
                   "was annulled before the bidding): they count as 0 in the means.")
    share = agg.winners_share()
    if share:
        out.append("Deals by number of players at or above par: " + _winners_share(share))
    return out


def _positions(step: int, players: int) -> tuple[str, tuple[str, ...]]:
    """The side of the dealer that plays first, and the positions' column heads: positions count
    from the dealer in the order of play (his right when it goes anticlockwise)."""
    side, other = ("left", "right") if step == -1 else ("right", "left")
    positions = (("dealer", side, other) if players == 3 else ("dealer", "opponent") if players == 2
                 else tuple(f"d+{p}" for p in range(players)))
    return side, positions


def _seats_note(agg, bots: Sequence[str], unit: str, side: str, narrow: bool, apart: bool) -> str:
    """The line under the summary: what the seats and the positions' columns are, and ``moved``."""
    players = agg.players
    if players >= 4:
        columns = ("the second table's columns are positions from the dealer in the order of play (d+0 the "
                   f"dealer, d+1 his {side}, who plays first)")
    else:
        columns = (("the second table's" if apart else "the other") + " columns are "
                   + ("the dealer and his opponent, who plays first" if players == 2 else
                      f"positions relative to the dealer (his {side} plays first)"))
    moved = (f"; moved = {unit} changing hands." if agg.zero_sum else
             f"; moved = {unit} scored (the positive parts: in this game scores are not paid by "
             "the other players).")
    return (f"Seats 0..{players - 1}{' (s0, s1...)' if narrow else ''} are the table's seats (each deals in "
            "turn; bots: " + ", ".join(f"{s} {b}" for s, b in enumerate(bots)) + "); " + columns + moved)


def _winners_share(share: dict[int, float]) -> str:
    """``1 winner 58.6%, 2 winners 41.4%``: deals by number of players at or above par."""
    return ", ".join(f"{k} winner{'s' if k != 1 else ''} {v:.1%}" for k, v in share.items())


def comparison_tables(readings, variant: str, width: int | None = None) -> list:
    """The summary of ``tarot simulate --compare``: for each source of payment, the score
    changing hands per deal under reading A and reading B, and B - A with its 95% interval
    (paired deal by deal); then the same for the mean total and the card points won at each
    position from the dealer."""
    cls = variant_class(variant)
    guide, unit = explainer_for(cls), cls.SCORE_UNIT
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
                  f"{plural(readings.n, 'noun.deal')}" if a.zero_sum and b.zero_sum else
                  f"{unit.capitalize()} scored per deal (the positive parts), over the same "
                  f"{plural(readings.n, 'noun.deal')}", "source")
    for src in readings.sources:
        moved.add_row(guide.source_title(src), f"{a.mean_moved(src):.2f}", f"{b.mean_moved(src):.2f}",
                      *diff(readings.moved[src]))
    moved.add_row(Text("total", style="bold"), f"{sum(a.mean_moved(x) for x in a.sources):.2f}",
                  f"{sum(b.mean_moved(x) for x in b.sources):.2f}", *diff(readings.moved_total))
    _, positions = _positions(a.step, n)
    won = guide.card_points_label
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
    from ..core.deal import VARIANTS

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
