"""The text form of a record: tag pairs, the hands as comments, then one line per step group.

Writing replays the actions, so that the lines follow the deal's phases and tricks; reading
replays them too, checking every claim a line makes (its label, the seat of each action, the
cards shown after a declaration). The form is described in ``docs/records.md``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, cast

from ..core.actions import ACKNOWLEDGE_REVOKE
from ..core.cards import NUM_CARDS, CardParseError, Seat, format_card, format_cards, mask, parse_card
from ..core.deal import Deal
from ..core.errors import IllegalActionError, OptionError, RecordError, excerpt, shorten
from ..core.ledger import Payment
from ..core.options import parse_assignments
from .common import (
    CARD_POINTS, DEALER, DECK, LEADING_TAGS, OPTION, PLAY, RESULT, STRUCTURAL_TAGS, VARIANT,
    ClaimedResult, Parsed, RecordData, card_tokens, check_tag, editor_lines, fresh_deal, push, shown, signed,
    token_of, variant_of, whose_turn,
)

_TAG_LINE = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\Z')
# (the optional number's spaces are inside its group: two ``\s*`` side by side around an
# optional group made a long run of spaces take quadratic time to refuse)
_LABEL = re.compile(r"([A-Za-z][A-Za-z_]*)(?:\s*([0-9]+))?\s*:(.*)\Z")
_SEAT = re.compile(r"[Ss]([0-9]{1,6})\Z")
_TOKEN = re.compile(r"\([^()]*\)|[^\s()]+|[()]")
_INT = re.compile(r"[+-]?[0-9]{1,15}\Z")   # ASCII digits, and few enough to read


# =============================================================================================
# Writing
# =============================================================================================
def format_text(record: RecordData) -> str:
    """The text form of ``record``: its tags, then its moves (``RecordError`` for an illegal
    action); the claimed result is written as claimed."""
    cls = variant_of(record.variant)
    for name, value in record.tags.items():
        check_tag(name, value)
    tags = [(n, record.tags[n]) for n in LEADING_TAGS if n in record.tags]  # in that order
    tags.append((VARIANT, record.variant))
    tags += [(OPTION, f"{k}={v}") for k, v in record.options.items()]
    tags.append((DEALER, str(record.dealer)))
    tags += [(n, v) for n, v in record.tags.items() if n not in LEADING_TAGS]
    tags.append((DECK, " ".join(card_tokens(record.deck, cls))))
    if record.result is not None:
        tags.append((RESULT, signed(record.result.scores)))
        if record.result.card_points is not None:
            tags.append((CARD_POINTS, " ".join(map(str, record.result.card_points))))
    out = [f'[{n} "{_escape(v)}"]' for n, v in tags]
    out.append("")
    out += _body(record)
    return "\n".join(out) + "\n"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


class _Step(NamedTuple):
    """One action of the record and what it did to the deal."""

    action: int
    seat: int
    phase: str
    #: Declarations completed by this action: (seat, action, cards).
    shown: tuple
    #: Payments made during this action.
    payments: tuple
    #: The trick this action completed, as (leader, cards, winner), or None.
    trick: tuple | None
    #: Tricks complete after the action (fewer after an acknowledged revoke).
    tricks_after: int


class _Choices(NamedTuple):
    """How the cards chosen for a declaration (the engine's "show" steps) are written: as the
    shown set in parentheses after the declaration, ``tarots_5 (F T1 T21 KS KB)``."""

    #: step index of a chosen card -> step index of its declaration.
    choice_of: dict[int, int]
    #: step index -> the shown cards written after it.
    annotate: dict[int, int]
    #: steps not written, the reader filling them back in (choices in ascending order).
    hidden: set[int]


@dataclass
class _Line:
    """One line of moves being written."""

    label: str
    phase: str
    seat: int
    trick: bool
    items: list = field(default_factory=list)   # (seat, text)
    payments: list = field(default_factory=list)
    winner: int | None = None
    closed: bool = False
    #: Cards no seat played (le Mort's card in the two-player Marolles), for the comment.
    unplayed: tuple = ()
    #: A note for the comment (a revoke acknowledged).
    note: str = ""


def _body(record: RecordData) -> list[str]:
    """Replay ``record`` and write its moves, one step group per line, with comments."""
    deal = fresh_deal(record.variant, record.options, record.deck, record.dealer)
    out = _hands_comment(deal)
    steps = _replay_steps(deal, record.actions)
    lines, settlement = _group_lines(steps, _declaration_choices(steps), _phases_in_trick(steps), deal)
    out += [_format_line(line, deal) for line in lines]
    if deal.is_over:
        out += _closing_comment(deal, settlement)
    return out


def _hands_comment(deal: Deal) -> list[str]:
    """Comments showing each hand as dealt (from the fresh deal's views), the cards dealt to no
    seat (``Deal.set_apart``) and any opening payment."""
    views = [deal.view(s) for s in range(deal.players)]
    cut = views[0].cut_card
    head = f"; Hands as dealt (S{deal.dealer} deals"
    head += f"; the cut card is {format_cards([cut], deal.notation)}):" if cut is not None else "):"
    out = [head]
    out += [f";   S{v.seat}: {format_cards(v.hand, deal.notation)}" for v in views]
    for owner, name, piles in deal.set_apart():
        if owner is not None:
            name = f"S{owner} {name}"
        if len(piles) == 1:
            out.append(f";   {name}: {format_cards(piles[0], deal.notation)}")
        else:
            shown_piles = " ".join(f"[{format_cards(p, deal.notation)}]" for p in piles)
            out.append(f";   {name}, bottom card first: {shown_piles}")
    if deal.ledger.entries:
        out.append(f"; Before play: {_payments_text(deal.ledger.entries, deal.players)}.")
    return out


def _replay_steps(deal: Deal, actions: Sequence[int]) -> list[_Step]:
    """Push every action on ``deal``, noting what each one did."""
    steps = []
    for i, a in enumerate(actions):
        seat, phase = cast(Seat, deal.to_play), deal.phase  # push refuses an action after the end
        n_tricks, n_shown, n_paid = len(deal.tricks), len(shown(deal)), len(deal.ledger)
        push(deal, a, f"actions[{i}]")
        steps.append(_Step(a, seat, phase, tuple(shown(deal)[n_shown:]),
                           tuple(deal.ledger.entries[n_paid:]),
                           deal.tricks[-1] if len(deal.tricks) > n_tricks else None, len(deal.tricks)))
    return steps


def _declaration_choices(steps: Sequence[_Step]) -> _Choices:
    """Find each declaration's chosen cards: the same seat's card steps that follow it, up to
    the one that completes the declaration's shown set."""
    out = _Choices({}, {}, set())
    for i, st in enumerate(steps):
        if st.action < NUM_CARDS:
            continue
        if st.shown:
            out.annotate[i] = st.shown[-1][2]
            continue
        j = _end_of_choice(steps, i)
        if j is None:
            continue
        chosen = [steps[k].action for k in range(i + 1, j + 1)]
        for k in range(i + 1, j + 1):
            out.choice_of[k] = i
        if chosen == sorted(set(chosen)):   # the reader fills ascending choices back in
            out.hidden.update(range(i + 1, j + 1))
            out.annotate[i] = steps[j].shown[0][2]
        else:
            out.annotate[j] = steps[j].shown[0][2]
    return out


def _end_of_choice(steps: Sequence[_Step], i: int) -> int | None:
    """The step that completes declaration ``i``'s shown set, its seat choosing cards from
    ``i + 1`` to it; None if the declaration shows nothing that way."""
    st = steps[i]
    j = i + 1
    while (j < len(steps) and steps[j].seat == st.seat and steps[j].action < NUM_CARDS
           and not steps[j].shown):
        j += 1
    if (j < len(steps) and steps[j].seat == st.seat and steps[j].action < NUM_CARDS
            and steps[j].shown and steps[j].shown[0][:2] == (st.seat, st.action)):
        return j
    return None


def _phases_in_trick(steps: Sequence[_Step]) -> set[str]:
    """Phases in which a seat acts while a trick is on the table (declarations at one's first
    card): their steps go on the trick's line."""
    in_trick: set[str] = set()
    on_table = 0
    for st in steps:
        if st.phase == PLAY:
            on_table = 0 if st.trick else on_table + 1
        elif on_table:
            in_trick.add(st.phase)
    return in_trick


def _group_lines(steps: Sequence[_Step], choices: _Choices, in_trick: set[str],
                 deal: Deal) -> tuple[list[_Line], list[Payment]]:
    """The lines of moves, and the payments of the final count (for the closing comment)."""
    lines: list[_Line] = []
    settlement: list[Payment] = []
    tricks_done = 0
    for i, st in enumerate(steps):
        _open_line(lines, st, i in choices.choice_of, in_trick, tricks_done)
        cur = lines[-1]
        if i not in choices.hidden:
            cur.items.append((st.seat, token_of(st.action, type(deal))))
        if i in choices.annotate:
            cur.items.append((st.seat, f"({format_cards(choices.annotate[i], deal.notation)})"))
        if i == len(steps) - 1 and deal.is_over:  # the final count goes to the closing comment
            settlement = [p for p in st.payments if p.trick is None]
            cur.payments += [p for p in st.payments if p.trick is not None]
        else:
            cur.payments += st.payments
        tricks_done = _close_line(cur, st, tricks_done, deal.players)
    return lines, settlement


def _open_line(lines: list[_Line], st: _Step, chosen: bool, in_trick: set[str], tricks_done: int) -> None:
    """Start the line ``st`` goes on, unless it goes on the last one: a declaration's chosen
    card, anything done while a trick is on the table, a seat's run of steps in one phase."""
    cur = lines[-1] if lines else None
    if chosen or (cur is not None and cur.trick and not cur.closed):
        return
    if st.phase == PLAY:
        if cur is not None and not cur.trick and cur.seat == st.seat and cur.phase in in_trick:
            cur.trick, cur.label = True, f"Trick {tricks_done + 1:>2}"
        else:
            lines.append(_Line(f"Trick {tricks_done + 1:>2}", PLAY, st.seat, True))
    elif cur is None or cur.trick or cur.phase != st.phase or cur.seat != st.seat:
        lines.append(_Line(st.phase.capitalize(), st.phase, st.seat, False))


def _close_line(cur: _Line, st: _Step, tricks_done: int, players: int) -> int:
    """Close ``cur`` if ``st`` completed a trick or owned up to a revoke; the tricks done after."""
    if st.trick is not None:
        cur.closed, cur.winner = True, st.trick[2]
        cur.unplayed = st.trick[1][players:]
        tricks_done += 1
    if st.action == ACKNOWLEDGE_REVOKE:  # the play goes back: the next line replays
        cur.closed = True
        tricks_done = st.tricks_after
        cur.note = (f"S{st.seat} owns up to a revoke: the play goes back to just before "
                    f"it, in trick {tricks_done + 1}")
    return tricks_done


def _format_line(line: _Line, deal: Deal) -> str:
    """``Trick  3: S1 7C     S2 KC     S0 T4   ; S0 wins``: each seat's run of tokens."""
    groups: list[list[str]] = []
    prev = None
    for seat, text in line.items:
        if seat != prev:
            groups.append([f"S{seat}"])
            prev = seat
        groups[-1].append(text)
    cells = [" ".join(g) for g in groups]
    if line.trick:
        cells = [c.ljust(7) for c in cells[:-1]] + cells[-1:]
    text = f"{line.label}: " + " ".join(cells)
    notes = [line.note] if line.note else []
    if line.unplayed:
        notes.append(f"le Mort {format_cards(line.unplayed, deal.notation)}")
    if line.winner is not None:
        notes.append("le Mort takes it" if line.winner >= deal.players else f"S{line.winner} wins")
    if line.payments:
        notes.append(_payments_text(line.payments, deal.players))
    return f"{text.ljust(40)}  ; {' | '.join(notes)}" if notes else text


def _closing_comment(deal: Deal, settlement: Sequence[Payment]) -> list[str]:
    """The end of a finished deal: card points, the final count's payments, the total by source."""
    r = deal.result()
    out = [f"; End of the deal. Card points: {_per_seat(r.card_points)}."]
    if settlement:
        out.append(f"; Final payments: {_payments_text(settlement, deal.players)}.")
    out.append(f"; {deal.SCORE_UNIT.capitalize()} by source:")
    rows = [(src.replace("_", " "), v) for src, v in r.by_source.items() if any(v)]
    rows.append(("total", list(r.scores)))
    width = max(len(name) for name, _ in rows)
    out += [f";   {name.ljust(width)}  " + "  ".join(f"S{s} {v:+3d}" for s, v in enumerate(vals))
            for name, vals in rows]
    return out


def _payments_text(entries: Iterable[Payment], players: int) -> str:
    """``tarot KB: S0 +2 S1 -1 S2 -1 | belle AD: ...``: net per seat, per reason and detail."""
    groups: dict[tuple[str, str], list[int]] = {}
    for p in entries:
        net = groups.setdefault((p.reason, p.detail), [0] * players)
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    parts = []
    for (reason, detail), net in groups.items():
        name = reason.replace("_", " ")
        if reason == "declaration" and detail:
            name = detail
        elif detail and detail != reason:
            name += f" {detail}"
        parts.append(f"{name}: " + " ".join(f"S{s} {v:+d}" for s, v in enumerate(net) if v))
    return " | ".join(parts)


def _per_seat(values: Sequence[int]) -> str:
    return ", ".join(f"S{s} {v}" for s, v in enumerate(values))


# =============================================================================================
# Reading
# =============================================================================================
def parse_text(text: str) -> Parsed:
    """Read and replay a record in the text form (``RecordError`` naming the line at fault)."""
    tags, body = _split_lines(_strip_comments(text))
    single, info, option_tags = _sort_tags(tags)
    vno, variant = single[VARIANT]
    try:
        cls = variant_of(variant)
    except RecordError as e:
        raise RecordError(f"line {vno}: {e}") from None
    options = _read_options(cls, option_tags)
    dno, dealer = single[DEALER][0], _read_dealer(*single[DEALER])
    kno, deck = single[DECK][0], _read_deck(cls, *single[DECK])
    claim = _read_claim(cls.players_for(options), single)
    where = {"variant": f"line {vno}", "deck": f"line {kno}", "dealer": f"line {dno}",
             "options": f"line {option_tags[-1][0]}" if option_tags else f"line {vno}"}
    deal = fresh_deal(variant, options, deck, dealer, where)
    for no, line in body:
        _read_line(deal, no, line)
    return Parsed(variant, options, dealer, tuple(deck), tuple(deal.history), info, claim)


def _strip_comments(text: str) -> list[tuple[int, str]]:
    """The lines of ``text`` without comments (``; to end of line`` and ``{...}``, which may span
    lines), numbered from 1; double-quoted tag values keep their ``;`` and braces."""
    out = []
    depth_line = 0  # line where an open brace comment started, 0 if none
    for no, raw in enumerate(editor_lines(text), 1):
        buf = []
        i, n = 0, len(raw)
        while i < n:
            ch = raw[i]
            if depth_line:
                if ch == "}":
                    depth_line = 0
                i += 1
                continue
            if ch == "{":
                depth_line = no
            elif ch == ";":
                break
            elif ch == '"':
                j = i + 1
                while j < n and raw[j] != '"':
                    j += 2 if raw[j] == "\\" else 1
                buf.append(raw[i:j + 1])
                i = j + 1
                continue
            else:
                buf.append(ch)
            i += 1
        line = "".join(buf).strip()
        if line:
            out.append((no, line))
    if depth_line:
        raise RecordError(f"line {depth_line}: the comment opened with '{{' is never closed")
    return out


def _split_lines(lines: list[tuple[int, str]]) -> tuple[list[tuple[int, str, str]], list[tuple[int, str]]]:
    """The tag lines read as (line, name, value), and the lines of moves after them."""
    tags: list[tuple[int, str, str]] = []
    body: list[tuple[int, str]] = []
    for no, line in lines:
        if line.startswith("["):
            if body:
                raise RecordError(f"line {no}: a tag after the moves; tags come first")
            m = _TAG_LINE.match(line)
            if not m:
                raise RecordError(f'line {no}: a tag is written [Name "value"], not {shorten(line)}')
            tags.append((no, m.group(1), re.sub(r"\\(.)", r"\1", m.group(2))))
        else:
            body.append((no, line))
    return tags, body


def _sort_tags(tags: list[tuple[int, str, str]]) -> tuple[
        dict[str, tuple[int, str]], dict[str, str], list[tuple[int, str]]]:
    """The structural tags (each once, spelled as written), the informative tags, and the
    Option tags in order; a record lacking Variant, Dealer or Deck is refused."""
    single: dict[str, tuple[int, str]] = {}
    info: dict[str, str] = {}
    option_tags: list[tuple[int, str]] = []
    for no, name, value in tags:
        canon = next((t for t in STRUCTURAL_TAGS if t.lower() == name.lower()), None)
        if canon is not None and canon != name:
            raise RecordError(f"line {no}: the tag {excerpt(name)} is written {canon!r}")
        if name == OPTION:
            option_tags.append((no, value))
        elif name in single or name in info:
            raise RecordError(f"line {no}: a second {name} tag")
        elif canon is not None:
            single[name] = (no, value)
        else:
            info[name] = value
    for name in (VARIANT, DEALER, DECK):
        if name not in single:
            raise RecordError(f"the record has no {name} tag")
    return single, info, option_tags


def _read_options(cls: type[Deal], option_tags: list[tuple[int, str]]) -> dict[str, str]:
    """The options the Option tags change from their defaults, each checked on its own line."""
    options: dict[str, str] = {}
    for no, value in option_tags:
        try:
            [(key, val)] = parse_assignments([value]).items()
            if key in options:
                raise OptionError(f"option {excerpt(key)} is given twice")
            cls.make_options({key: val})
        except OptionError as e:
            raise RecordError(f"line {no}: {e}") from None
        options[key] = val
    return cls.make_options(options).changed()


def _read_dealer(no: int, text: str) -> int:
    if not _INT.match(text.strip()):
        raise RecordError(f"line {no}: the dealer is a seat number, not {excerpt(text)}")
    return int(text)


def _read_deck(cls: type[Deal], no: int, text: str) -> list[int]:
    try:
        return [parse_card(t, cls.notation) for t in text.split()]
    except CardParseError as e:
        raise RecordError(f"line {no}: {e}") from None


def _read_claim(players: int, single: dict[str, tuple[int, str]]) -> ClaimedResult | None:
    """The result claimed by the Result and CardPoints tags, or None."""
    if RESULT not in single:
        if CARD_POINTS in single:
            raise RecordError(f"line {single[CARD_POINTS][0]}: a {CARD_POINTS} tag needs a {RESULT} tag")
        return None
    scores = _ints(*single[RESULT], RESULT, players)
    points = _ints(*single[CARD_POINTS], CARD_POINTS, players) if CARD_POINTS in single else None
    return ClaimedResult(scores, points)


def _ints(no: int, text: str, name: str, n: int) -> tuple[int, ...]:
    parts = text.split()
    if len(parts) != n or not all(_INT.match(p) for p in parts):
        raise RecordError(f"line {no}: the {name} tag holds {n} integers, one per seat, not {excerpt(text)}")
    return tuple(int(p) for p in parts)


def _read_line(deal: Deal, no: int, line: str) -> None:
    """Replay one body line: ``Label: S1 tok tok S2 tok (shown cards) ...``."""
    trick_line, rest = _read_label(deal, no, line)
    reader = _LineReader(deal, no, trick_line)
    for tok in _TOKEN.findall(rest):
        reader.read(tok)
    if trick_line and not reader.played:
        raise RecordError(f"line {no}: a Trick line holds no card played")


def _read_label(deal: Deal, no: int, line: str) -> tuple[bool, str]:
    """Check the line's label against the deal (``Trick N:`` the next trick, else the phase
    the deal is at); whether it is a trick line, and the rest of the line."""
    m = _LABEL.match(line)
    if not m:
        raise RecordError(f"line {no}: a line of moves starts with a label such as 'Trick 3:' or "
                          f"'Discard:', not {excerpt(line.split()[0])}")
    word, number, rest = m.group(1), m.group(2), m.group(3)
    if deal.is_over:
        raise RecordError(f"line {no}: the deal is already over")
    trick_line = word.lower() == "trick"
    if trick_line and not deal.in_play():
        raise RecordError(f"line {no}: a Trick line starts once the play has begun, but the deal is "
                          f"at {whose_turn(deal)}")
    if trick_line:
        if number is None or len(number) > 6 or int(number) != len(deal.tricks) + 1:
            raise RecordError(f"line {no}: the line says {shorten(word)} {shorten(number or '')}".rstrip()
                              + f", but the next trick is trick {len(deal.tricks) + 1}")
    elif word.lower() != deal.phase or number is not None:
        raise RecordError(f"line {no}: the line says {excerpt(line.split(':')[0].strip())}, but the deal is at "
                          f"{whose_turn(deal)}")
    return trick_line, rest


class _LineReader:
    """Replays the tokens of one line of moves in turn: seat marks, actions, shown cards."""

    def __init__(self, deal: Deal, no: int, trick_line: bool) -> None:
        self.deal, self.no, self.trick_line = deal, no, trick_line
        self.seat: int | None = None
        #: The last declaration, whose shown cards may follow: (seat, action, shown before, token).
        self.pending: tuple[int, int, int, str] | None = None
        #: Cards played to the trick on this line.
        self.played = 0
        self.start_tricks = len(deal.tricks)
        #: An acknowledge_revoke ends its line.
        self.owned_up = False

    def read(self, tok: str) -> None:
        sm = _SEAT.match(tok)
        if sm:
            self.seat = int(sm.group(1))
        elif tok in ("(", ")"):
            raise RecordError(f"line {self.no}: unbalanced parentheses")
        elif tok.startswith("("):
            _read_shown(self.deal, self.no, tok, self.pending)
            self.pending = None
        else:
            self._act(tok)

    def _act(self, tok: str) -> None:
        deal, no = self.deal, self.no
        try:
            action = deal.parse_action(tok)
        except IllegalActionError as e:
            raise RecordError(f"line {no}: {e}") from None
        seat = self._check_turn(tok)
        if deal.phase == PLAY:
            self.played += 1
        shown_before = len(shown(deal))
        push(deal, action, f"line {no}")
        self.owned_up = action == ACKNOWLEDGE_REVOKE
        if action >= NUM_CARDS:
            self.pending = (seat, action, shown_before, tok)

    def _check_turn(self, tok: str) -> int:
        """Refuse ``tok`` where the line cannot hold it: without a seat, after the end of the
        deal or a revoke owned up to, in the next trick, or for a seat whose turn it is not."""
        deal, no, seat = self.deal, self.no, self.seat
        if seat is None:
            raise RecordError(f"line {no}: {shorten(tok)} has no seat: write S<n> before it")
        if deal.is_over:
            raise RecordError(f"line {no}: {shorten(tok)} comes after the end of the deal")
        if self.owned_up:
            raise RecordError(f"line {no}: {shorten(tok)} follows acknowledge_revoke on the same line: the play "
                              f"went back to before the revoke, so the line ends there and the next "
                              f"line is trick {len(deal.tricks) + 1} again")
        if self.trick_line and len(deal.tricks) > self.start_tricks:
            raise RecordError(f"line {no}: trick {self.start_tricks + 1} is complete before {shorten(tok)}: "
                              f"one trick per line")
        if deal.phase == PLAY and not self.trick_line:
            raise RecordError(f"line {no}: {shorten(tok)} is played to trick {len(deal.tricks) + 1}: "
                              f"cards played go on a 'Trick {len(deal.tricks) + 1}:' line")
        if seat != deal.to_play:
            where = f"trick {len(deal.tricks) + 1}" if deal.phase == PLAY else f"{deal.phase} phase"
            raise RecordError(f"line {no}: {where}: the line gives {shorten(tok)} to S{seat}, "
                              f"but it is seat {deal.to_play}'s turn")
        return seat


def _read_shown(deal: Deal, no: int, tok: str, pending: tuple[int, int, int, str] | None) -> None:
    """Check ``(cards)`` after a declaration, first pushing the cards it leaves to choose."""
    if pending is None:
        raise RecordError(f"line {no}: {shorten(tok)} must follow a declaration")
    seat, action, before, name = pending
    try:
        cards = [parse_card(t, deal.notation) for t in tok[1:-1].split()]
    except CardParseError as e:
        raise RecordError(f"line {no}: {e}") from None
    twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
    if twice is not None:
        raise RecordError(f"line {no}: {shorten(tok)} lists {format_card(twice, deal.notation)} twice")
    left = sorted(cards)
    while len(shown(deal)) == before and not deal.is_over and deal.to_play == seat and left:
        legal = set(deal.legal_actions())
        pick = next((c for c in left if c in legal), left[0])   # an illegal one gets the rule's error
        left.remove(pick)
        push(deal, pick, f"line {no}")
    if len(shown(deal)) == before:
        if deal.to_play == seat and deal.phase != PLAY and not deal.is_over and not left:
            raise RecordError(f"line {no}: {shorten(tok)} is too few cards for {name}")
        raise RecordError(f"line {no}: {name} shows no cards, but the line gives {shorten(tok)}")
    s, a, cards_shown = shown(deal)[before]
    if (s, a) != (seat, action) or cards_shown != mask(cards):
        raise RecordError(f"line {no}: seat {s} shows ({format_cards(cards_shown, deal.notation)}) for "
                          f"{deal.action_token(a)}, but the line gives {shorten(tok)}")
