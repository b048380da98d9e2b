"""Terminal rendering and the interactive play loop of the ``tarot`` command (rich allowed).

Nothing here decides a rule: legality, payments and counting come from the engine, and
refusals quote the engine's reason. This module turns deals, views and ledgers into words:

* hands sorted by suit, trumps first, each suit in its playing order (Cups and Coins, the round
  suits, run K Q C J A 2 … 7), with the legal cards marked;
* payments as sentences: ``South pays 1 M to West: South's King of Swords captured by West``;
* the count of a pile in packets of three, the player's way (RULES.md §0.2);
* ``PlaySession``: a person against bots, interactive or driven by a script on stdin.

Seats are named from the player's chair: play goes anticlockwise, so after South (you) comes
East, on your right, then West, on your left (with four players: South, East, North, West).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .core.actions import DONE
from .core.cards import (
    FOOL, SUIT_MASKS, TRUMP_SUIT, TRUMPS, Card, CardSet, card_name, cards_of, format_card, mask,
    parse_card, suit_of,
)
from .core.counting import COUNTING_CARDS, reduced_total
from .core.deal import Deal, variant_class
from .core.errors import IllegalActionError
from .core.ledger import SOURCES, Payment
from .variants.marolles import suit_power

COMPASS = {2: ("South", "North"), 3: ("South", "East", "West"), 4: ("South", "East", "North", "West")}
SOURCE_TITLES = {
    "declarations": "declarations", "tarots": "Tarots played", "belle": "la Belle",
    "ultimo": "Ultimo", "card_points": "card points", "penalties": "penalties",
}
POSITIONS = ("dealer", "right", "left")
PHASE_VERB = {"discard": "discard", "show": "show"}


def make_console(plain: bool, stderr: bool = False) -> Console:
    """A console for the command: ``plain`` gives text without colours or markup styling."""
    if plain:
        return Console(stderr=stderr, color_system=None, highlight=False, emoji=False, soft_wrap=True)
    return Console(stderr=stderr, highlight=False, emoji=False, soft_wrap=True)


def seat_names(players: int, me: int = 0) -> list[str]:
    """Compass names seen from seat ``me``, in the anticlockwise order of play.

    >>> seat_names(3, 0), seat_names(3, 2)
    (['South', 'East', 'West'], ['East', 'West', 'South'])
    """
    names = COMPASS.get(players) or tuple(f"Seat {i}" for i in range(players))
    return [names[(s - me) % players] for s in range(players)]


# ---------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------
def display_key(card: Card) -> tuple[int, int]:
    """Sort key of the hand display: the Fool, trumps XXI..I, then each suit high to low."""
    if card == FOOL:
        return (0, 0)
    if card <= 21:
        return (0, 22 - card)
    return (1 + suit_of(card), -suit_power(card))


def in_display_order(cards: CardSet | Sequence[Card]) -> list[Card]:
    seq = cards_of(cards) if isinstance(cards, int) else list(cards)
    return sorted(seq, key=display_key)


def nominal(card: Card) -> int:
    """A card's value as players count it: Tarots 5, Queens 4, Cavaliers 3, Jacks 2, empties 1."""
    return reduced_total(1 << card) + 1


def hand_lines(hand: CardSet, marked: CardSet, notation, chosen: CardSet = 0) -> list[Text]:
    """The hand by suit; ``marked`` cards carry a ``*`` (legal now), ``chosen`` ones a ``+``."""
    groups: list[tuple[str, list[Card]]] = [("Trumps", [])]
    groups += [(notation.suit_names_en[s], []) for s in range(4)]
    for c in in_display_order(hand):
        s = suit_of(c)
        groups[0 if s >= TRUMP_SUIT else 1 + s][1].append(c)
    out = []
    for label, cards in groups:
        if not cards:
            continue
        line = Text(f"  {label:<7} ")
        for c in cards:
            tok = format_card(c, notation)
            if chosen >> c & 1:
                line.append(tok + "+ ", style="bold cyan")
            elif marked >> c & 1:
                line.append(tok + "* ", style="bold green")
            else:
                line.append(tok + "  ", style="dim")
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
    return (leader + cards.index(card)) % deal.players, winner


def payment_reason(p: Payment, deal: Deal, names: Sequence[str]) -> str:
    """Why a payment was made, in words."""
    n = deal.notation
    card = _card_in(p.detail, n) if p.detail else None
    cname = card_name(card, n) if card is not None else p.detail
    payer, payee = names[p.payer], names[p.payee]
    who = _player_of(deal, card, p.trick) if card is not None else None
    r = p.reason
    if r == "cut":
        return f"the cut card, {cname}, is a Tarot"
    if r == "declaration":
        return f"{payee} declared {declaration_title(deal, p.detail)}"
    if r == "qui_na_le_sien":
        return f"{payee} declared Qui n'a le sien and {payer} holds none of XXI, I and the Fool"
    if r == "tarot":
        if who and who[0] == p.payer:
            return f"{payer}'s {cname} captured by {names[who[1]]}"
        return f"{payee}'s {cname} won its trick"
    if r == "excuse":
        return f"{payee} excused the Fool"
    if r == "belle":
        return f"{payee} played la Belle ({cname})"
    if r == "ultimo":
        if who and who[0] == p.payer:
            return f"Ultimo failed: {payer}'s {cname} captured in the last trick by {names[who[1]]}"
        return f"Ultimo: {payee} won the last trick with {cname}"
    if r == "card_points":
        pts = deal.result().card_points if deal.is_over else None
        if pts:
            return f"card points ({payer} {pts[p.payer]}, {payee} {pts[p.payee]})"
        return "card points"
    if r == "discard":
        return f"{payer} discarded a trump or a Tarot"
    if r == "wrong_discard":
        return f"{payer} discarded too few cards"
    if r == "fool_not_excused":
        return f"{payer} held the Fool to the last trick (never excused)"
    if r == "revoke":
        return f"{payer} revoked with {cname}"
    if r == "forfeit":
        return f"{payer} has forfeited: a receipt ({p.detail}) is given back"
    if r == "redeal":
        return f"{payer} was granted a redeal"
    return r.replace("_", " ") + (f" ({p.detail})" if p.detail else "")


def describe_payment(p: Payment, deal: Deal, names: Sequence[str]) -> str:
    """``South pays 1 M to West: South's King of Swords captured by West``."""
    return f"{names[p.payer]} pays {p.amount} M to {names[p.payee]}: {payment_reason(p, deal, names)}"


def declaration_title(deal: Deal, token_or_action: str | int) -> str:
    a = deal.parse_action(token_or_action) if isinstance(token_or_action, str) else token_or_action
    name = getattr(deal, "declaration_name", None)
    try:
        return name(a) if name else deal.action_token(a)
    except (KeyError, IllegalActionError):
        return deal.action_token(a)


# ---------------------------------------------------------------------------------------
# Counting in packets of three, the player's way (RULES.md §0.2)
# ---------------------------------------------------------------------------------------
def _plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else words or word + 's'}"


def _packet_value(cards: Sequence[Card | None]) -> int:
    """A packet of three (``None`` = an empty card): the counting cards' values, less 1 for
    each counting card beyond the first; three empties make 1."""
    counting = [c for c in cards if c is not None]
    if not counting:
        return 1
    return sum(nominal(c) for c in counting) - (len(counting) - 1)


def explain_packets(pile: CardSet, notation) -> tuple[list[str], int]:
    """Count a pile the way the 1637 players did, and say how (S1's packet rules, §0.2).

    Each counting card is packed with two empty cards and scores its value; when empties run
    short, counting cards share packets (two: their sum less 1; three: less 2); the remaining
    empties go in threes, 1 point a packet; two surplus cards count as if a third empty were
    there, a single surplus card scores its value less 1 (an empty: 0).

    >>> from tarot.core.cards import ITALIAN, parse_cards
    >>> lines, total = explain_packets(mask(parse_cards("KS QC 2B 4B 5B 6B 7B")), ITALIAN)
    >>> total, lines[1], lines[2]
    (9, '2 counting cards = 9 points with 4 empties', '1 surplus card (an empty): 0')
    """
    cards = in_display_order(pile)
    counting = sorted((c for c in cards if COUNTING_CARDS >> c & 1), key=lambda c: (-nominal(c), display_key(c)))
    k, empties = len(counting), len(cards) - sum(1 for c in cards if COUNTING_CARDS >> c & 1)

    def tok(c):
        return "an empty" if c is None else format_card(c, notation)

    lines = [f"{_plural(len(cards), 'card')}: {_plural(k, 'counting card')}"
             + (" (" + ", ".join(f"{tok(c)} {nominal(c)}" for c in counting) + ")" if k else "")
             + f" and {_plural(empties, 'empty', 'empties')}"]
    total = 0
    single = min(k, empties // 2)
    if single:
        v = sum(nominal(c) for c in counting[:single])
        head = _plural(k, "counting card") if single == k else f"{single} of the counting cards"
        lines.append(f"{head} = {_plural(v, 'point')} with {2 * single} empties")
        total += v
    rest, left = counting[single:], empties - 2 * single
    if rest:
        group: list[Card | None] = [*rest, *([None] * left)]
        full = len(group) - len(group) % 3
        if full:
            lines.append(f"not enough empties to give {'the other' if single else 'each'} counting "
                         f"card{'s' if single else ''} two: counting cards share packets (each beyond "
                         "the first in a packet counts 1 less)")
        for i in range(0, full, 3):
            packet = group[i:i + 3]
            v = _packet_value(packet)
            total += v
            lines.append(f"packet {' '.join(tok(c) for c in packet)} = {_plural(v, 'point')}")
        surplus = group[full:]
    else:
        packets = left // 3
        if packets:
            more = "more empties" if single else "empties"
            lines.append(f"{3 * packets} {more} = {_plural(packets, 'point')}")
            total += packets
        surplus = [None] * (left % 3)
    if len(surplus) == 1:
        c = surplus[0]
        if c is None:
            lines.append("1 surplus card (an empty): 0")
        else:
            v = nominal(c) - 1
            total += v
            lines.append(f"1 surplus card ({tok(c)}): its value less 1 = {_plural(v, 'point')}")
    elif len(surplus) == 2:
        v = _packet_value([*surplus, None])
        total += v
        lines.append(f"2 surplus cards ({' and '.join(tok(c) for c in surplus)}), counted as if a "
                     f"third empty were there = {_plural(v, 'point')}")
    lines.append(f"total {_plural(total, 'point')}")
    return lines, total


# ---------------------------------------------------------------------------------------
# Narration: what happened after each action
# ---------------------------------------------------------------------------------------
class Narrator:
    """Prints each step of a deal as it happens: discards, declarations with their cards,
    tricks with who played what, and every payment in words.

    ``reveal`` is the set of seats whose hidden decisions (discards) are shown.
    """

    def __init__(self, out: Console, names: Sequence[str], reveal: set[int]) -> None:
        self.out = out
        self.names = list(names)
        self.reveal = reveal
        self._ledger = 0
        self._tricks = 0
        self._shown = 0
        self._discards: dict[int, list[int]] = {}
        self._declared: set[int] = set()

    def start(self, deal: Deal) -> None:
        n = deal.notation
        cut = getattr(deal, "cut_card", None)
        self.out.print(Text(f"{self.names[deal.dealer]} deals.", style="bold"))
        if cut is not None:
            self.out.print(f"Cut card: {format_card(cut, n)} ({card_name(cut, n)}), shown to all and "
                           f"dealt to {self.names[deal.dealer]}.")
        self._ledger = self._tricks = self._shown = 0
        self._discards.clear()
        self._declared.clear()
        self.payments(deal)

    def payments(self, deal: Deal) -> None:
        entries = deal.ledger.entries
        for p in entries[self._ledger:]:
            self.out.print(Text("  " + describe_payment(p, deal, self.names), style="yellow"))
        self._ledger = len(entries)

    def after(self, deal: Deal, seat: int, phase: str, action: int) -> None:
        """Call after ``deal.push(action)`` made by ``seat`` in ``phase``."""
        name, n = self.names[seat], deal.notation
        if phase == "discard":
            if action != DONE:
                self._discards.setdefault(seat, []).append(action)
                if deal.phase == "discard" and deal.to_play == seat:
                    return  # more to come: say it once, with the penalties after
            cards = self._discards.pop(seat, [])
            if seat in self.reveal and cards:
                what = " ".join(format_card(c, n) for c in cards)
            else:
                what = _plural(len(cards), "card")
            stop = " and stops (too few discards)" if action == DONE else ""
            self.out.print(f"{name} discards {what}{stop}.")
        elif phase in ("declare", "show"):
            for s, a, cs in deal.shown[self._shown:]:
                self._declared.add(s)
                self.out.print(Text(f"{self.names[s]} declares {declaration_title(deal, a)}, showing "
                                    f"{' '.join(format_card(c, n) for c in in_display_order(cs))}.",
                                    style="magenta"))
            self._shown = len(deal.shown)
            if action == DONE and phase == "declare" and seat not in self._declared:
                self.out.print(f"{name} declares nothing.")
        elif phase == "redeal":
            self.out.print(f"{name} asks for a redeal." if action != DONE else f"{name} keeps the hand.")
        elif phase == "grant":
            self.out.print(f"{name} {'grants' if deal.action_token(action) == 'grant' else 'refuses'} "
                           "the redeal.")
        if len(deal.tricks) > self._tricks:
            for i in range(self._tricks, len(deal.tricks)):
                self.out.print(trick_text(deal, i, self.names))
            self._tricks = len(deal.tricks)
        self.payments(deal)


def trick_text(deal: Deal, i: int, names: Sequence[str]) -> Text:
    leader, cards, winner = deal.tricks[i]
    n = deal.notation
    played = ", ".join(f"{names[(leader + j) % deal.players]} {format_card(c, n)}" for j, c in enumerate(cards))
    return Text(f"Trick {i + 1}: {played} → {names[winner]} wins", style="bold")


# ---------------------------------------------------------------------------------------
# The end of a deal
# ---------------------------------------------------------------------------------------
def end_of_deal(out: Console, deal: Deal, names: Sequence[str], title: str = "End of the deal") -> None:
    """The counting of every pile in packets of three, the card-point payments against par,
    and the deal's marques by source."""
    r = deal.result()
    out.print()
    out.print(Text(f"{title}.", style="bold underline"))
    if "redeal" in r.info:
        out.print(f"The hand was annulled: {names[r.info['redeal']]} was granted a redeal.")
    piles = getattr(deal, "piles", None)
    if piles is not None and "redeal" not in r.info:
        out.print("Each pile (tricks won and own discards) is counted in packets of three: a "
                  "counting card with two empties scores its value (Tarots 5, Queens 4, Cavaliers 3, "
                  "Jacks 2), three empties score 1.")
        for s in range(deal.players):
            lines, total = explain_packets(piles[s], deal.notation)
            out.print(Text(f"{names[s]}: {r.card_points[s]} points", style="bold"))
            for line in lines:
                out.print(f"    {line}")
            if total != r.card_points[s]:  # never expected: the engine and this count disagree
                out.print(Text(f"    (the engine counts {r.card_points[s]})", style="red"))
        _card_point_text(out, deal, names)
    out.print(source_table(deal.players, names, r.by_source, r.scores, "Marques this deal"))


def _card_point_text(out: Console, deal: Deal, names: Sequence[str]) -> None:
    r = deal.result()
    par_opt = deal.options.get("par_points")
    if par_opt is None:
        return
    par, pts = int(par_opt), r.card_points
    winners = [s for s in range(deal.players) if pts[s] >= par]
    losers = [s for s in range(deal.players) if pts[s] < par]
    verdict = "; ".join(
        f"{names[s]} {pts[s]} ({'wins' if pts[s] >= par else 'loses'}, "
        f"{abs(pts[s] - par)} {'above' if pts[s] > par else 'below' if pts[s] < par else 'at'} par)"
        .replace("0 at par", "at par") for s in range(deal.players))
    out.print(f"Par is {par}: {verdict}.")
    if not winners or not losers:
        out.print("No card-point payments: there must be at least one winner and one loser.")
        return
    if len(winners) == 1:
        out.print(f"One winner: each loser pays {names[winners[0]]} 1 M per full 5 points below par.")
    elif deal.options.get("two_winner_rule") == "dm_literal_top_winner":
        out.print(f"Two winners: {names[losers[0]]} pays 1 M per full 5 points below par to the winner "
                  "with more points (dm_literal_top_winner).")
    else:
        out.print(f"Two winners: each collects 1 M per full 5 points above par from {names[losers[0]]}.")
    paid = [p for p in deal.ledger.entries if p.reason == "card_points"]
    for p in paid:
        out.print(Text("  " + describe_payment(p, deal, names), style="yellow"))
    if not paid:
        out.print("  Nobody is a full 5 points from par: no payment.")
    for s in r.info.get("forfeited", []):
        out.print(f"  ({names[s]} has forfeited and receives nothing.)")


def source_table(players: int, names: Sequence[str], by_source: dict, scores: Sequence[int],
                 title: str, totals: Sequence[int] | None = None) -> Table:
    t = Table(title=title, box=box.SIMPLE, title_justify="left")
    t.add_column("")
    for s in range(players):
        t.add_column(names[s], justify="right")
    for src in SOURCES:
        row = by_source.get(src, [0] * players)
        if any(row):
            t.add_row(SOURCE_TITLES[src], *(f"{v:+d}" for v in row))
    t.add_row(Text("total", style="bold"), *(Text(f"{v:+d}", style="bold") for v in scores))
    if totals is not None:
        t.add_row("match so far", *(f"{v:+d}" for v in totals))
    return t


# ---------------------------------------------------------------------------------------
# Help for each phase
# ---------------------------------------------------------------------------------------
COMMANDS = ("Type a card (KS, 10C, T21, F), a number from the choices, a declaration name, done; "
            "or help, hand, clear (forget cards chosen so far), quit.")


def phase_help(deal: Deal, seat: int) -> list[str]:
    """What the seat may do now, and why (Marolles 1637, RULES.md §1)."""
    v = deal.view(seat)
    n, o = deal.notation, deal.options
    hand = v.hand
    out: list[str] = []
    if v.phase == "play":
        last = len(v.tricks) == getattr(deal, "TRICKS", -1) - 1
        lead = next((c for c in v.trick if c != FOOL), None)
        if not v.trick:
            out.append("You lead this trick: any card"
                       + (", the Fool included (the next card then sets the suit)."
                          if o.get("fool_lead_allowed") == "true" else ", but not the Fool (fool_lead_allowed=false)."))
        elif lead is None:
            out.append("The Fool was led: your card sets the suit, so any card will do.")
        elif suit_of(lead) == TRUMP_SUIT:
            out.append("Trumps were led: you must play a trump (any trump; you need not beat)."
                       if hand & TRUMPS else "Trumps were led and you have none: any card.")
        else:
            s = suit_of(lead)
            sn = n.suit_names_en[s]
            if hand & SUIT_MASKS[s]:
                out.append(f"{sn} were led and you hold {sn}: you must follow {sn} "
                           "(you need not beat the cards on the table).")
            elif hand & TRUMPS:
                out.append(f"{sn} were led and you have none: you must trump (any trump will do; "
                           "there is no duty to overtrump).")
            else:
                out.append(f"You have neither {sn} nor trumps: any card.")
        if hand & 1:
            out.append("The Fool cannot excuse in the last trick: held to the end it costs "
                       f"{o.get('fool_not_excused_penalty', '2')} M to each opponent." if last else
                       "You may instead excuse yourself with the Fool: it never wins, comes back to your "
                       "pile, and earns 1 M from each opponent.")
        out.append("The highest trump wins, else the highest card of the suit led. Swords and Batons "
                   "rank K Q C J 10 9 8 7 6 5 4; Cups and Coins (round suits) K Q C J A 2 3 4 5 6 7.")
        out.append("A Tarot (a King, XXI, I, the Fool) earns 1 M from each opponent when its trick is "
                   "won by its player and costs 1 M to each when captured; la Belle (AD) earns 1 M from "
                   "each whoever wins; winning the last trick with a King or the Bagat (I) is the "
                   "Ultimo, 6 M from each"
                   + (", and such a card captured in the last trick costs 6 M to each."
                      if o.get("ultimo_fail") == "6" else "."))
    elif v.phase == "discard":
        rule = o.get("illegal_discard")
        out.append("The dealer discards 4 cards and the others 1, so that everyone holds 20 for the 20 "
                   "tricks. Your discards go to your pile and count for you at the end.")
        if rule == "forbidden":
            out.append("Trumps, the Fool and Kings may not be discarded (illegal_discard=forbidden) "
                       "unless you have nothing else.")
        else:
            once = " once, however many" if rule == "penalty_once" else " per card"
            out.append(f"Discarding a trump, the Fool or a King costs 2 M to each opponent{once}.")
        out.append("Name the cards on one line (e.g. `4B 7S`) or one by one; `clear` starts again.")
    elif v.phase == "declare":
        out.append("Declarations are voluntary; each shows its cards to everyone, and what is not "
                   "declared now can never be claimed. Say `done` when you have finished.")
        out.append("Values, in marques from each opponent: 4/5/6/7 Tarots 1/2/3/4 (the 7 Tarots with "
                   "la Belle 5); 2 Kings + Fool 1, 3 Kings 1, 3 Kings + Fool 2, 4 Kings 3, 4 Kings + "
                   "Fool 4; 10/15/20 triomphes (trumps and the Fool) 1/2/3; an Imperial (K Q C J of a "
                   "suit, or the four Queens, Cavaliers or Jacks) 1 each; a Brizigole (XXI-XX-XIX-XVIII "
                   "or I-II-III-IV, one more per further trump up to 6) 1/2/3; Tous les trois (XXI, I "
                   "and the Fool) 3; Qui n'a le sien (two of XXI, I, Fool) 1 from each player holding "
                   "none of them.")
    elif v.phase == "show":
        out.append("Your declaration leaves a choice of cards: choose which ones to show (they become "
                   "public), on one line or one by one.")
    elif v.phase == "redeal":
        out.append("You may ask for a redeal of a bad hand (`redeal`) or keep it (`done`); it happens "
                   "only if both others grant it, and you then pay them.")
    elif v.phase == "grant":
        out.append("Another player asks for a redeal: `grant` or `refuse`. If both grant, he pays each "
                   "of you and the same dealer deals again.")
    legal = v.legal_actions
    if v.phase in PHASE_VERB and legal:
        slots, eligible = pending_cards(deal)
        out.append(f"You {PHASE_VERB[v.phase]} {_plural(slots, 'card')} in all, from: "
                   + " ".join(format_card(c, n) for c in in_display_order(eligible))
                   + (" (or `done` to stop short)." if DONE in legal else "."))
    elif legal:
        out.append("Legal now: " + " ".join(deal.action_token(a) for a in _display_actions(legal)) + ".")
    out.append(COMMANDS)
    return out


def _display_actions(actions: Sequence[int]) -> list[int]:
    cards = in_display_order([a for a in actions if a < 78])
    return cards + sorted(a for a in actions if a >= 78 and a != DONE) + ([DONE] if DONE in actions else [])


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
        from .sim import bot_seed

        self.out = out
        self.cls = variant_class(variant)
        self.players = self.cls.players
        self.me = seat
        self.match = Match(variant, options, seed)
        self.deals = deals
        self.record = record
        self.script = script
        self.read_line = read_line
        self.names = seat_names(self.players, seat)
        others = [(seat + i) % self.players for i in range(1, self.players)]
        self.bot_names = dict(zip(others, bots))
        self.bots = {s: make_bot(b, seed=None if seed is None else bot_seed(seed, s))
                     for s, b in self.bot_names.items()}
        self.narrator = Narrator(out, self.names, reveal={seat})
        self.deal: Deal | None = None
        self.saved: list[Path] = []

    # ----- the session ------------------------------------------------------------------
    def run(self) -> int:
        """Play the deals; returns the exit code (0, or 1 after illegal input or early EOF in
        script mode)."""
        order = " → ".join(self.names[(self.me + i) % self.players] for i in range(self.players))
        bots = ", ".join(f"{self.names[s]} ({b})" for s, b in self.bot_names.items())
        self.out.print(Text(f"{self.cls.title}. You are {self.names[self.me]} (seat {self.me}); "
                            f"against {bots}.", style="bold"))
        self.out.print(f"Play goes anticlockwise: {order}. Type `help` at any prompt.")
        changed = self.match.options.changed()
        if changed:
            self.out.print("Options: " + ", ".join(f"{k}={v}" for k, v in changed.items()))
        done = number = 0
        while done < self.deals:
            self.deal = deal = self.match.next_deal()
            number += 1
            self.out.print()
            self.out.print(Text(f"Deal {done + 1} of {self.deals}", style="bold underline"))
            try:
                self.play_deal(deal)
            except Quit:
                self.out.print("You leave the table.")
                self.save(deal, number)
                return 0
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
            annulled = "redeal" in result.info
            end_of_deal(self.out, deal, self.names,
                        f"End of deal {done + 1}" + (" (annulled)" if annulled else ""))
            done += not annulled
            self.out.print(source_table(self.players, self.names, {}, self.match.totals,
                                        f"Running marques after {_plural(number, 'deal')}"))
            self.save(deal, number)
            if annulled:
                self.out.print(f"{self.names[deal.dealer]} deals again.")
            elif done < self.deals and not self.script:
                line = self.read_line("Press Enter for the next deal (or type quit): ")
                if line is None or line.strip().lower() in ("quit", "exit", "q"):
                    return 0
        return 0

    def error(self, message: str) -> None:
        err = make_console(plain=True, stderr=True)
        err.print(f"Error: {message}")

    def where(self, deal: Deal) -> str:
        if deal.phase == "play":
            return f"trick {len(deal.tricks) + 1}, {self.names[deal.to_play]} to play"
        return f"{deal.phase} phase, {self.names[deal.to_play]} to move"

    def save(self, deal: Deal, number: int) -> None:
        """Save deal ``number`` (1, 2...): to FILE for a one-deal session, else FILE-n (an
        annulled hand counts: after it, even a one-deal session writes FILE-2)."""
        if self.record is None:
            return
        from . import records  # lazily: the command works without it until asked to record

        path = self.record
        if self.deals > 1 or number > 1:
            path = path.with_name(f"{path.stem}-{number}{path.suffix}")
        bots = ", ".join(f"{self.names[s]}={b}" for s, b in self.bot_names.items())
        rec = records.record_from_deal(deal, Event="tarot play", Round=number,
                                       Human=f"{self.names[self.me]} (seat {self.me})", Bots=bots)
        records.save_record(rec, path)
        self.saved.append(path)
        self.out.print(f"Record saved to {path}")

    def play_deal(self, deal: Deal) -> None:
        self.narrator.start(deal)
        while not deal.is_over:
            seat = deal.to_play
            if seat == self.me:
                self.human_turn(deal)
            else:
                self.push(deal, self.bots[seat].act(deal.view(seat)))

    def push(self, deal: Deal, action: int) -> None:
        seat, phase = deal.to_play, deal.phase
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
            if len(words) == 1 and cmd in ("help", "?"):
                for text in phase_help(deal, self.me):
                    self.out.print(text)
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

    def refuse(self, line: str, reason: str) -> None:
        if self.script:
            raise ScriptError(f"illegal input {line!r} ({self.where(self.deal)}): {reason}")
        self.out.print(Text(f"Refused: {reason}. (`help` explains what you may do.)", style="bold red"))

    def choices(self, deal: Deal, chosen: Sequence[int]) -> list[int]:
        """The numbered choices shown to the person, in display order."""
        legal = deal.legal_actions()
        if deal.phase in PHASE_VERB:
            _, eligible = pending_cards(deal)
            cards = [c for c in in_display_order(eligible) if c not in chosen]
            return cards + ([DONE] if DONE in legal else [])
        return _display_actions(legal)

    def resolve(self, deal: Deal, word: str, choices: Sequence[int]) -> int:
        if word.isdigit():
            i = int(word)
            if 1 <= i <= len(choices):
                return choices[i - 1]
            raise IllegalActionError(f"there is no choice {i}: choose 1..{len(choices)}")
        return deal.parse_action(word)

    def apply(self, deal: Deal, words: list[str], chosen: list[int]) -> bool:
        """Act on one line of input; True once an action is pushed, False if cards were only
        added to ``chosen``. Raises ``IllegalActionError`` (with the engine's reason when it is
        a rule) and then nothing has changed, neither the deal nor ``chosen``."""
        choices = self.choices(deal, chosen)
        actions = [self.resolve(deal, w, choices) for w in words]
        if deal.phase not in PHASE_VERB:
            if len(actions) != 1:
                raise IllegalActionError("one move at a time")
            self.push(deal, actions[0])
            return True
        verb = PHASE_VERB[deal.phase]
        slots, eligible = pending_cards(deal)
        new: list[int] = []
        done = False
        for _w, a in zip(words, actions):
            if a == DONE and DONE in deal.legal_actions():
                done = True
            elif a >= 78 or not eligible >> a & 1:
                raise IllegalActionError(deal.explain_illegal(a))
            elif a in chosen or a in new:
                raise IllegalActionError(f"{deal.action_token(a)} is already chosen")
            else:
                new.append(a)
        if len(chosen) + len(new) > slots:
            raise IllegalActionError(f"you have only {_plural(slots - len(chosen), 'more card')} to {verb}")
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
        out.print()
        marked = 0
        if v.phase == "play":
            total = getattr(deal, "TRICKS", None)
            where = f"Trick {len(v.tricks) + 1}" + (f" of {total}" if total else "")
            if v.trick:
                table = ", ".join(f"{self.names[(v.leader + i) % self.players]} {format_card(c, n)}"
                                  for i, c in enumerate(v.trick))
                out.print(Text(f"{where}. On the table: {table}.", style="bold"))
            else:
                out.print(Text(f"{where}. You lead.", style="bold"))
            marked = mask(a for a in v.legal_actions if a < 78)
        elif v.phase in PHASE_VERB:
            slots, eligible = pending_cards(deal)
            marked = eligible & ~mask(chosen)
            if v.phase == "discard":
                what = f"Discard {_plural(slots, 'card')}" if not chosen else \
                    f"Chosen so far: {' '.join(format_card(c, n) for c in chosen)}; " \
                    f"{slots - len(chosen)} more to discard"
                out.print(Text(f"{what}. Discards go to your own pile.", style="bold"))
            else:
                decl = next((a for a in reversed(deal.history) if a >= 78), None)
                title = declaration_title(deal, decl) if decl is not None else "your declaration"
                left = slots - len(chosen)
                out.print(Text(f"Show {_plural(left, 'more card')} for {title}.", style="bold"))
        elif v.phase == "declare":
            out.print(Text("Your declarations (voluntary; the cards shown become public).", style="bold"))
        elif v.phase == "redeal":
            out.print(Text("Ask for a redeal of a bad hand (`redeal`; both others must grant it, and "
                           "you pay them) or keep it (`done`)?", style="bold"))
        elif v.phase == "grant":
            out.print(Text("A redeal is asked for: `grant` it or `refuse` it?", style="bold"))
        else:
            out.print(Text(f"Phase: {v.phase}.", style="bold"))
        out.print(f"Your hand ({_plural(v.hand.bit_count(), 'card')}):")
        for line in hand_lines(v.hand, marked, n, mask(chosen)):
            out.print(line)
        choices = self.choices(deal, chosen)
        labels = []
        for i, a in enumerate(choices, 1):
            label = deal.action_token(a)
            if a >= 78 and a != DONE and v.phase == "declare":
                label += f" ({declaration_title(deal, a)})"
            labels.append(f"{i} {label}")
        out.print(Text("Choices: " + " · ".join(labels), style="green"))


# ---------------------------------------------------------------------------------------
# Replay, simulation summary, rules
# ---------------------------------------------------------------------------------------
def show_replay(out: Console, record) -> Deal:
    """Narrate a record trick by trick (every hand and discard shown); returns the deal.

    The record is first checked by ``tarot.records.replay`` (which raises ``RecordError``).
    """
    from .records import replay

    checked = replay(record)
    deal = variant_class(record.variant)(record.options, deck=record.deck, dealer=record.dealer)
    names = seat_names(deal.players, 0)
    n = deal.notation
    tags = ", ".join(f"{k} {v}" for k, v in record.tags.items())
    out.print(Text(f"{deal.title}" + (f" ({tags})" if tags else ""), style="bold"))
    out.print("Seats: " + ", ".join(f"{names[s]} = seat {s}" for s in range(deal.players))
              + "; play goes anticlockwise.")
    if deal.options.changed():
        out.print("Options: " + ", ".join(f"{k}={v}" for k, v in deal.options.changed().items()))
    narrator = Narrator(out, names, reveal=set(range(deal.players)))
    narrator.start(deal)
    for s in range(deal.players):
        h = deal.view(s).hand
        out.print(f"{names[s]}'s hand: " + " ".join(format_card(c, n) for c in in_display_order(h)))
    for a in record.actions:
        seat, phase = deal.to_play, deal.phase
        deal.push(a)
        narrator.after(deal, seat, phase, a)
    if deal.is_over:
        end_of_deal(out, deal, names)
    else:
        out.print(f"The record ends before the deal does ({deal.phase} phase, "
                  f"{names[deal.to_play]} to move).")
    assert checked.history == deal.history
    return deal


def summary_tables(agg, bots: Sequence[str]) -> list:
    """The summary of ``tarot simulate``: mean marques per deal by source of payment, for each
    seat and for each position relative to the dealer, the marques changing hands per source,
    mean card points, and the share of deals with one or two winners."""
    players = agg.players
    means, points, pos = agg.mean_scores(), agg.mean_points(), agg.mean_position()
    positions = POSITIONS if players == 3 else tuple(f"dealer + {p}" for p in range(players))
    t = Table(title=f"Mean per deal over {_plural(agg.n, 'deal')} (marques, unless said otherwise)",
              box=box.SIMPLE, title_justify="left")
    t.add_column("", no_wrap=True)
    for s in range(players):
        t.add_column(f"seat {s}", justify="right")
    for p in positions:
        t.add_column(p, justify="right", style="dim")
    t.add_column("moved", justify="right")
    for src in agg.sources:
        t.add_row(SOURCE_TITLES[src], *(f"{v:+.2f}" for v in agg.mean_source(src)),
                  *(f"{v:+.2f}" for v in agg.mean_position_source(src)), f"{agg.mean_moved(src):.2f}")
    t.add_row(Text("total", style="bold"), *(Text(f"{v:+.2f}", style="bold") for v in means),
              *(f"{v:+.2f}" for v in pos), f"{sum(agg.mean_moved(x) for x in agg.sources):.2f}",
              end_section=True)
    t.add_row("± 95% interval", *(f"{agg.ci95(s):.2f}" for s in range(players)), *([""] * (players + 1)))
    t.add_row("card points won", *(f"{v:.2f}" for v in points),
              *(f"{v:.2f}" for v in agg.mean_position_points()), "")
    out: list = [t, "Seats 0..2 are the table's seats (each deals in turn; bots: " + ", ".join(
        f"{s} {b}" for s, b in enumerate(bots)) + "); dealer/right/left are positions relative to the "
        "dealer (his right leads the first trick, his left cuts); moved = marques changing hands."]
    share = agg.winners_share()
    if share:
        out.append("Deals by number of players at or above par: " + ", ".join(
            f"{k} winner{'s' if k != 1 else ''} {v:.1%}" for k, v in share.items()))
    return out


def options_table(cls) -> Table:
    """Every option of a variant: key and default, accepted values, what it decides and its
    basis in the sources; options that matter only at a physical table say so."""
    t = Table(title=f"Options of {cls.variant} ({cls.title}); give them as --option key=value",
              box=box.SIMPLE, title_justify="left", show_lines=True, expand=True)
    t.add_column("option", no_wrap=True, style="bold")
    t.add_column(Text("values"), overflow="fold", ratio=2)
    t.add_column(Text("what it decides [basis]"), overflow="fold", ratio=3)
    for o in cls.OPTIONS:
        values = Text()
        for i, c in enumerate(o.choices):
            values.append(("\n" if i else "") + c, style="cyan" if c == o.default else "")
            if c == o.default:
                values.append(" (default)", style="cyan")
        if o.int_range:
            values.append(f"\nan integer {o.int_range[0]}..{o.int_range[1]}")
        doc = Text(o.doc)
        if o.table_only:
            doc.append(" Table only: the engine never needs it.", style="italic")
        if o.basis:
            doc.append(f" [{o.basis}]", style="dim")
        t.add_row(o.key, values, doc)
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
        t.add_row(name, cls.title, str(cls.players), str(len(cls.OPTIONS)))
    return t


def stdin_reader() -> Callable[[str], str | None]:
    """Script mode: one line per move from stdin, no prompt."""
    def read(_prompt: str) -> str | None:
        line = sys.stdin.readline()
        return line if line else None
    return read


def console_reader(out: Console) -> Callable[[str], str | None]:
    def read(prompt: str) -> str | None:
        try:
            return out.input(Text(prompt, style="bold cyan"))
        except EOFError:
            return None
    return read


__all__ = [
    "Narrator",
    "PlaySession",
    "describe_payment",
    "end_of_deal",
    "explain_packets",
    "hand_lines",
    "make_console",
    "options_table",
    "payment_reason",
    "pending_cards",
    "phase_help",
    "seat_names",
    "show_replay",
    "summary_tables",
    "variants_table",
]
