"""What the table says in Marolles (docs/rules §1, §2 and le Mort): the rules of each phase,
why each payment is made, and the count of each pile in packets of three, the player's way
(§0.2). Used by ``tarot.tui`` for ``marolles-1637``, ``marolles-78`` and ``marolles-2p``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from rich.console import Console
from rich.text import Text

from .core.actions import ACKNOWLEDGE_REVOKE, DONE
from .core.cards import (
    FOOL, SUIT_MASKS, TAROTS, TRUMP_SUIT, TRUMPS, Card, CardSet, card_name, format_card, mask,
    suit_of,
)
from .core.counting import COUNTING_CARDS, reduced_total
from .core.deal import Deal, View
from .core.errors import IllegalActionError
from .core.ledger import Payment
from .tui import (
    Guide, _card_in, _player_of, describe_payment, display_key, in_display_order, pending_cards,
    plural, print_fitted, seat_label,
)
from .variants.marolles.rules import BELLE, QUI_NA_LE_SIEN, ULTIMO_CARDS, MarollesDeal, suit_power


def nominal(card: Card) -> int:
    """A card's value as players count it: Tarots 5, Queens 4, Cavaliers 3, Jacks 2, empties 1."""
    return reduced_total(1 << card) + 1


def declaration_title(deal: Deal, token_or_action: str | int) -> str:
    a = deal.parse_action(token_or_action) if isinstance(token_or_action, str) else token_or_action
    name = getattr(deal, "declaration_name", None)
    try:
        return name(a) if name else deal.action_token(a)
    except (KeyError, IllegalActionError):
        return deal.action_token(a)


# ---------------------------------------------------------------------------------------
# Counting in packets of three, the player's way (docs/rules §0.2)
# ---------------------------------------------------------------------------------------
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

    >>> from tarot.core.cards import ITALIAN, mask, parse_cards
    >>> lines, total = explain_packets(mask(parse_cards("KS QC 2B 4B 5B 6B 7B")), ITALIAN)
    >>> total, lines[1], lines[2]
    (9, '2 counting cards = 9 points with 4 empties', '1 surplus card (an empty): 0')
    """
    cards = in_display_order(pile, suit_power)
    counting = sorted((c for c in cards if COUNTING_CARDS >> c & 1), key=lambda c: (-nominal(c), display_key(c, suit_power)))
    k, empties = len(counting), len(cards) - sum(1 for c in cards if COUNTING_CARDS >> c & 1)

    def tok(c):
        return "an empty" if c is None else format_card(c, notation)

    lines = [f"{plural(len(cards), 'card')}: {plural(k, 'counting card')}"
             + (" (" + ", ".join(f"{tok(c)} {nominal(c)}" for c in counting) + ")" if k else "")
             + f" and {plural(empties, 'empty', 'empties')}"]
    total = 0
    single = min(k, empties // 2)
    if single:
        v = sum(nominal(c) for c in counting[:single])
        head = plural(k, "counting card") if single == k else f"{single} of the counting cards"
        lines.append(f"{head} = {plural(v, 'point')} with {2 * single} empties")
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
            lines.append(f"packet {' '.join(tok(c) for c in packet)} = {plural(v, 'point')}")
        surplus = group[full:]
    else:
        packets = left // 3
        if packets:
            more = "more empties" if single else "empties"
            lines.append(f"{3 * packets} {more} = {plural(packets, 'point')}")
            total += packets
        surplus = [None] * (left % 3)
    if len(surplus) == 1:
        c = surplus[0]
        if c is None:
            lines.append("1 surplus card (an empty): 0")
        else:
            v = nominal(c) - 1
            total += v
            lines.append(f"1 surplus card ({tok(c)}): its value less 1 = {plural(v, 'point')}")
    elif len(surplus) == 2:
        v = _packet_value([*surplus, None])
        total += v
        which = ("2 surplus empties" if surplus == [None, None] else
                 f"2 surplus cards ({' and '.join(tok(c) for c in surplus)})")
        lines.append(f"{which}, counted as if a third empty were there = {plural(v, 'point')}")
    lines.append(f"total {plural(total, 'point')}")
    return lines, total


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
    # the pack's points (74 in the 66-card pack, 78 in the full one): par is about a third
    why = " (a third of the pack's 78 points)" if par * 3 == 78 and deal.PACK.bit_count() == 78 else ""
    print_fitted(out, f"Par is {par}{why}: {verdict}.")
    if not winners or not losers:
        out.print("No card-point payments: there must be at least one winner and one loser.")
        return
    o = deal.options
    #: (payer, payee, marques) the rule makes owed, before a forfeit voids what a seat receives
    owed: list[tuple[int, int, int]] = []
    if len(winners) == 1:
        out.print(f"One winner: each loser pays {names[winners[0]]} 1 M per full 5 points below par.")
        none = "No loser is a full 5 points below par"
        owed = [(s, winners[0], (par - pts[s]) // 5) for s in losers]
    elif o.get("two_winner_rule") == "dm_literal_top_winner":
        loser = losers[0]
        owed_by_loser = (par - pts[loser]) // 5
        top = max(pts[s] for s in winners)
        tied = [s for s in winners if pts[s] == top]
        if len(tied) == 1:
            out.print(f"Two winners: {names[loser]} pays 1 M per full 5 points below par to the winner "
                      f"with more points, {names[tied[0]]} (dm_literal_top_winner).")
            none = f"{names[loser]} is not a full 5 points below par"
            owed = [(loser, tied[0], owed_by_loser)]
        else:
            out.print(f"Two winners with equal points: {names[loser]} owes 1 M per full 5 points below "
                      f"par ({owed_by_loser} M) to the winner with more points (dm_literal_top_winner), and "
                      + {"split_floor": "it is split between them, each getting half, rounded down "
                                        "(dm_tie_split=split_floor).",
                         "each_full": "each of them is paid it in full (dm_tie_split=each_full).",
                         "none": "there is none: nobody is paid (dm_tie_split=none)."}
                      [str(o.get("dm_tie_split"))])
            none = (f"{names[loser]} is not a full 5 points below par" if not owed_by_loser else
                    "Half of it rounds down to nothing" if o.get("dm_tie_split") == "split_floor"
                    else "Tied winners are paid nothing")
    else:
        out.print(f"Two winners: each collects 1 M per full 5 points above par from {names[losers[0]]}.")
        none = "Neither winner is a full 5 points above par"
        owed = [(losers[0], s, (pts[s] - par) // 5) for s in winners]
    forfeited = set(r.info.get("forfeited", []))
    paid = [p for p in deal.ledger.entries if p.reason == "card_points"]
    if paid:  # made with the last trick, and told then: said again here as what the count gives
        print_fitted(out, f"Hence the {'payment' if len(paid) == 1 else 'payments'} told after the last trick:", "  ")
    for p in paid:
        print_fitted(out, describe_payment(p, deal, names), "    ", "yellow")
    withheld = [(a, b, m) for a, b, m in owed if m > 0 and b in forfeited]
    for a, b, m in withheld:
        print_fitted(out, f"{names[a]} would pay {names[b]} {m} M, but {names[b]} has forfeited and receives nothing.", "  ")
    if not paid and not withheld:
        print_fitted(out, f"{none}: no payment.", "  ")
    for s in sorted((forfeited & set(winners)) - {b for _, b, _ in withheld}):  # (a loser has nothing to receive)
        print_fitted(out, f"({names[s]} has forfeited and receives nothing.)", "  ")


# ---------------------------------------------------------------------------------------
# The rules of each decision
# ---------------------------------------------------------------------------------------
def _rules_help(deal: MarollesDeal, seat: int) -> list[str]:
    """The rules that bear on the seat's decision now (Marolles, docs/rules §1, §2, §1.10)."""
    v = deal.view(seat)
    n, o = deal.notation, deal.options
    hand = v.hand
    out: list[str] = []
    if v.phase == "play":
        last = len(v.tricks) == getattr(deal, "TRICKS", -1) - 1
        lead = next((c for c in v.trick if c != FOOL), None)
        fool_now = FOOL in v.legal_actions  # the Fool is legal now (the seat to play sees them)
        if not v.trick and o.get("fool_lead_allowed") == "true":
            out.append("You lead this trick: any card, the Fool included (the next card then sets the suit).")
        elif not v.trick and hand == 1:
            out.append("You lead this trick with your last card, the Fool (fool_lead_allowed=false bars "
                       "leading it only while you hold another).")
        elif not v.trick:
            out.append("You lead this trick: any card, but not the Fool (fool_lead_allowed=false).")
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
        if hand & 1 and (fool_now or last):
            goes = ("goes to the trick's winner" if o.get("fool_last_trick_card") == "to_trick_winner"
                    else "stays yours")
            given = (" (at the end you give that trick's winner an empty card from your pile for it: "
                     "fool_exchange=give_empty_card)" if o.get("fool_exchange") == "give_empty_card"
                     else "")
            out.append("The Fool cannot excuse in the last trick: held to the end it costs "
                       f"{o.get('fool_not_excused_penalty', '2')} M to each opponent, and played there "
                       f"it {goes}{given if goes == 'stays yours' else ''}." if last else
                       "You may instead excuse yourself with the Fool: it never wins, comes back to your "
                       f"pile{given}, and earns 1 M from each opponent."
                       + (" This is the last trick in which it can: kept to the last trick it costs "
                          f"{o.get('fool_not_excused_penalty', '2')} M to each opponent."
                          if len(v.tricks) == getattr(deal, "TRICKS", -1) - 2 else ""))
        revokes = o.get("revoke_handling", "engine_prevents")
        if revokes != "engine_prevents":
            out.append("Any card may be played (revoke_handling): one that breaks the rule above is a "
                       "revoke (the cards marked * keep it), costing 1 M to each opponent and all you "
                       "would score from then on"
                       + (", unless you own up to it (`acknowledge_revoke`) at one of your turns before "
                          "the second trick after it is gathered." if revokes.endswith("window") else "."))
        full = deal.PACK.bit_count() == 78
        out.append("The highest trump wins, else the highest card of the suit led. Swords and Batons "
                   f"rank K Q C J 10 9 … {'1' if full else '4'}; Cups and Coins (round suits) "
                   f"K Q C J A 2 3 … {'10' if full else '7'}.")
        if getattr(deal, "MORT", False):
            out.append("Le Mort's next card joins every trick once you have both played"
                       + (" and competes for it: if it is the best card, le Mort takes the trick and "
                          "the same player leads again." if o.get("mort_card_competes") == "true"
                          else "; it goes to whoever of you wins the trick.")
                       + " Le Mort never pays or receives.")
        six = "6 M and the ordinary 1 M" if o.get("ultimo_win") == "6_plus_1" else "6 M"
        belle = (" (not if it was declared with the 7 Tarots)"
                 if o.get("belle_with_7_tarots") == "replaces_play_payment" else "")
        out.append("A Tarot (a King, XXI, I, the Fool) earns 1 M from each opponent when its trick is "
                   "won by its player and costs 1 M to each when captured; la Belle (AD) earns 1 M from "
                   f"each whoever wins{belle}; winning the last trick with a King or the Bagat (I) is "
                   f"the Ultimo, {six} from each"
                   + (f", and such a card captured in the last trick costs {six} to each."
                      if o.get("ultimo_fail") == "6" else
                      ", and such a card captured in the last trick costs the ordinary 1 M to each."))
    elif v.phase == "discard":
        rule = o.get("illegal_discard")
        d, dd, tricks = deal.DISCARDS, deal.DEALER_DISCARDS, deal.TRICKS
        who = (f"The dealer discards {dd} cards and the other{'s' if deal.players > 2 else ''} {d}" if d else
               f"Only the dealer discards: {dd} cards")
        everyone = "both players hold" if deal.players == 2 else "everyone holds"
        mort = (" (le Mort discards nothing: it turns up one of its cards a trick)"
                if getattr(deal, "MORT", False) else "")
        out.append(f"{who}, so that {everyone} {tricks} for the {tricks} tricks{mort}. Your discards go "
                   "to your pile and count for you at the end.")
        if rule == "forbidden":
            out.append("Trumps, the Fool and Kings may not be discarded (illegal_discard=forbidden), "
                       "except as many as you must because you hold too few other cards.")
        else:
            once = " once, however many" if rule == "penalty_once" else " per card"
            out.append(f"Discarding a trump, the Fool or a King costs 2 M to each opponent{once}.")
        if DONE in v.legal_actions:
            out.append("You may stop short with `done` (wrong_discard_count=penalty_1m_and_forfeit): it "
                       "costs 1 M to each opponent, and you forfeit: you receive nothing more this deal.")
        out.append("Name the cards on one line (e.g. `4B 7S`) or one by one; `clear` starts again.")
    elif v.phase == "declare":
        out.append("Declarations are voluntary; each shows its cards to everyone, and what is not "
                   "declared now can never be claimed. Say `done` when you have finished.")
        # the values and conditions the options set (docs/rules §1.5, §1.11)
        belle = ("5, and la Belle is then not paid again when played"
                 if o.get("belle_with_7_tarots") == "replaces_play_payment" else
                 "5, and la Belle is paid again when played")
        kf3 = ("1 (2 in all with the four Tarots, declared as well)"
               if o.get("three_kings_fool_value") == "2_total" else
               "2 (and the four Tarots, declared as well, 1: 3 in all)")
        imperial = ("K Q C J of a suit, or the four Kings, Queens, Cavaliers or Jacks: the four "
                    "Kings make one besides their Kings declaration"
                    if o.get("four_kings_imperial") == "separate_1m" else
                    "K Q C J of a suit, or the four Queens, Cavaliers or Jacks")
        triomphes = ("trumps and the Fool" if o.get("fool_counts_as_triomphe") == "true"
                     else "trumps only, not the Fool")
        fool_gap = ("; the Fool may fill one missing trump, and is shown with it"
                    if o.get("fool_in_brizigole") == "true" else "")
        out.append("Values, in marques from each opponent: 4/5/6/7 Tarots 1/2/3/4 (the 7 Tarots with "
                   f"la Belle {belle}); 2 Kings + Fool 1, 3 Kings 1, 3 Kings + Fool {kf3}, 4 Kings 3, "
                   f"4 Kings + Fool 4; 10/15/20 triomphes ({triomphes}) 1/2/3; an Imperial "
                   f"({imperial}) 1 each; a Brizigole (XXI-XX-XIX-XVIII or I-II-III-IV, one more per "
                   f"further trump up to 6{fool_gap}) 1/2/3; Tous les trois (XXI, I and the Fool) 3; "
                   "Qui n'a le sien (two of XXI, I, Fool) 1 from each player holding none of them.")
        if o.get("declarations_must_be_maximal") == "true":
            out.append("Only the highest tier of each declaration you hold may be declared "
                       "(declarations_must_be_maximal).")
    elif v.phase == "show":
        out.append("Your declaration leaves a choice of cards: choose which ones to show (they become "
                   "public), on one line or one by one.")
    elif v.phase == "redeal":
        others = "your opponent grants" if deal.players == 2 else "both others grant"
        out.append("You may ask for a redeal of a bad hand (`redeal`) or keep it (`done`); it happens "
                   f"only if {others} it, and you then pay {deal.options['bad_hand_redeal']} M to "
                   f"{'him' if deal.players == 2 else 'each'}.")
    elif v.phase == "grant":
        cost = deal.options["bad_hand_redeal"]
        out.append(f"Your opponent asks for a redeal: `grant` or `refuse`. If you grant it, he pays you "
                   f"{cost} M and the same dealer deals again." if deal.players == 2 else
                   f"Another player asks for a redeal: `grant` or `refuse`. If both grant, he pays each "
                   f"of you {cost} M and the same dealer deals again.")
    return out


#: What a payment given back by a forfeiting player had been for (its ledger reason).
_GIVEN_BACK: dict[str, str] = {
    "tarot": "a Tarot", "belle": "la Belle", "ultimo": "the Ultimo", "revoke": "a revoke",
    "declaration": "a declaration", "qui_na_le_sien": "Qui n'a le sien", "cut": "the cut card",
    "excuse": "the Fool's excuse", "card_points": "card points", "wrong_discard": "a wrong discard",
    "discard": "a discard", "fool_not_excused": "the Fool not excused",
}


class MarollesGuide(Guide):
    """Marolles at the table: discards and declarations narrated, the rules of each phase, every
    payment in words, the piles counted in packets of three."""

    card_phases = {"discard": "discard", "show": "show"}
    source_titles = {
        "declarations": "declarations", "tarots": "Tarots played", "belle": "la Belle",
        "ultimo": "Ultimo", "card_points": "card points", "penalties": "penalties",
    }

    def source_note(self, deal: Deal, names: Sequence[str]) -> str | None:
        md = cast("MarollesDeal", deal)
        entries = deal.ledger.entries
        cut = [e for e in entries if e.reason == "cut"]
        notes = []
        if cut:
            notes.append(f"The declarations row includes the cut card: {names[cut[0].payee]} received "
                         f"{cut[0].amount} M from each for {format_card(md.cut_card, deal.notation)}, "
                         "a Tarot.")
        back: dict[int, int] = {}
        for e in entries:
            if e.reason == "forfeit":
                back[e.payer] = back.get(e.payer, 0) + e.amount
        if back:
            notes.append("The penalties row includes what a forfeit gave back, which the other rows "
                         "still count as received: " + ", ".join(f"{names[s]} {m} M" for s, m in back.items())
                         + ".")
        return "\n".join(notes) or None

    def start(self, out: Console, deal: Deal, names: Sequence[str]) -> None:
        md = cast("MarollesDeal", deal)
        cut, n = md.cut_card, deal.notation
        if getattr(deal, "MORT", False):  # (first: the cut card's payment follows its line)
            out.print(f"{plural(len(md.mort_cards), 'card')} are dealt face down to le Mort; one "
                      "joins each trick.")
        out.print(f"Cut card: {format_card(cut, n)} ({card_name(cut, n)}), shown to all and "
                  f"dealt to {names[deal.dealer]}.")

    def narrate(self, out: Console, deal: Deal, names: Sequence[str], reveal: set[int],
                seat: int, phase: str, action: int, state: dict) -> None:
        md = cast("MarollesDeal", deal)
        self._event(out, md, names, reveal, seat, phase, action, state)
        self._forfeits(out, md, names, phase, state)

    def _forfeits(self, out: Console, deal: MarollesDeal, names: Sequence[str], phase: str,
                  state: dict) -> None:
        """'Ne plus rien compter' (§1.4, §1.10): said when a player forfeits, and again when
        something he does would have paid him (a trick won with his Tarot, the Ultimo, la
        Belle), since no payment line shows it. Only a public forfeit is said: too few discards
        (the hand sizes show it), or a revoke paid for; a revoke paid to nobody, every opponent
        having forfeited, shows in no seat's view."""
        told = state.get("forfeited", set())
        revoked = {p.payer for p in deal.ledger.entries if p.reason == "revoke"}
        now = {s for s in range(deal.players) if deal.forfeited[s]
               and (s in told or s in revoked or phase == "discard")}
        for s in sorted(now - told):
            cause = "discarding too few cards" if phase == "discard" else "a revoke"
            back = ("; what he had received this deal goes back"
                    if deal.options["forfeit_scope"] == "void_all_hand_receipts" else
                    "; what he had received since the revoke goes back"
                    if cause == "a revoke" and deal.options["revoke_handling"].endswith("_window") else "")
            print_fitted(out, f"{names[s]} forfeits for {cause}: he receives nothing more this deal "
                              f"(no declaration, Tarot, la Belle, Ultimo or card points pays him){back}. "
                              "He still pays.", "", "magenta")
        state["forfeited"] = now
        k = len(deal.tricks)
        if phase == "play" and now and k > state.get("tricks", 0):
            leader, cards, winner = deal.tricks[-1]
            for i, c in enumerate(cards):
                s = deal.trick_seat(leader, i)
                if s is None or s not in now:
                    continue
                lost = []
                if s == winner and TAROTS >> c & 1 and c != FOOL:
                    lost.append(f"his {card_name(c, deal.notation)} winning its trick")
                if c == BELLE:
                    lost.append("la Belle")
                if s == winner and k == deal.TRICKS and ULTIMO_CARDS >> c & 1:
                    lost.append("the Ultimo")
                if lost:
                    pay = "pay" if len(lost) > 1 else "pays"
                    print_fitted(out, f"({names[s]} has forfeited: {' and '.join(lost)} {pay} him nothing.)",
                                 "  ", "magenta")
        state["tricks"] = k

    def _event(self, out: Console, deal: MarollesDeal, names: Sequence[str], reveal: set[int],
               seat: int, phase: str, action: int, state: dict) -> None:
        name, n = names[seat], deal.notation
        if phase == "discard":
            pending = state.setdefault("discards", {})
            if action != DONE:
                pending.setdefault(seat, []).append(action)
                if deal.phase == "discard" and deal.to_play == seat:
                    return  # more to come: say it once, with the penalties after
            cards = pending.pop(seat, [])
            if seat in reveal and cards:  # in the order of the hand, not as pushed
                what = " ".join(format_card(c, n) for c in in_display_order(cards, deal.card_power))
            else:
                what = plural(len(cards), "card")
            stop = " and stops (too few discards)" if action == DONE else ""
            out.print(f"{name} discards {what}{stop}.")
        elif phase in ("declare", "show"):
            declared = state.setdefault("declared", set())
            for s, a, cs in deal.shown[state.get("shown", 0):]:
                declared.add(s)
                out.print(Text(f"{names[s]} declares {declaration_title(deal, a)}, showing "
                               f"{' '.join(format_card(c, n) for c in in_display_order(cs, suit_power))}.",
                               style="magenta"))
                if s in state.get("forfeited", set()):
                    print_fitted(out, f"({names[s]} has forfeited: nobody pays him for it.)", "  ", "magenta")
                elif a == QUI_NA_LE_SIEN and not deal.forfeited[s]:
                    # who does not pay holds one of the three: the table sees it, and is told why
                    payers = {p.payer for p in deal.ledger.entries if p.reason == "qui_na_le_sien" and p.payee == s}
                    for o in range(deal.players):
                        if o != s and o not in payers:
                            print_fitted(out, f"{names[o]} holds one of XXI, I and the Fool: he pays nothing.", "  ")
            state["shown"] = len(deal.shown)
            if action == DONE and phase == "declare" and seat not in declared:
                out.print(f"{name} declares nothing.")
        elif phase == "play" and action == ACKNOWLEDGE_REVOKE:
            # every card played from the revoke on goes back, those of a trick not yet complete
            # too (told here: no trick line ever shows them)
            back = deal.taken_back[state.get("taken_back", 0):]
            state["taken_back"] = len(deal.taken_back)
            cards = ", ".join(f"{names[s]} {format_card(c, n)}" for s, c in back)
            out.print(Text(f"{name} owns up to a revoke: the cards played from it on go back to their "
                           f"hands ({cards}), and the play resumes at trick {len(deal.tricks) + 1}, "
                           f"where {name} now follows the rules. No penalty.", style="magenta"))
        elif phase == "redeal":
            out.print(f"{name} asks for a redeal." if action != DONE else f"{name} keeps the hand.")
        elif phase == "grant":
            out.print(f"{name} {'grants' if deal.action_token(action) == 'grant' else 'refuses'} "
                      "the redeal.")

    def header(self, deal: Deal, view: View, chosen: Sequence[int], names: Sequence[str]) -> str | None:
        n = deal.notation
        if view.phase == "discard":
            slots = pending_cards(deal)[0]
            what = (f"Discard {plural(slots, 'card')}" if not chosen else
                    f"Chosen so far: {' '.join(format_card(c, n) for c in chosen)}; "
                    f"{slots - len(chosen)} more to discard")
            cost = ("" if deal.options["illegal_discard"] == "forbidden" else
                    "; a trump, the Fool or a King costs 2 M to each opponent")
            return f"{what}. Discards go to your own pile{cost}."
        if view.phase == "show":
            left = pending_cards(deal)[0] - len(chosen)
            title = (declaration_title(deal, view.pending_declaration)
                     if view.pending_declaration is not None else "your declaration")
            return f"Show {plural(left, 'more card')} for {title}."
        if view.phase == "declare":
            return "Your declarations (voluntary; the cards shown become public)."
        if view.phase == "redeal":
            cost = deal.options["bad_hand_redeal"]
            who = (f"your opponent must grant it, and you pay him {cost} M" if deal.players == 2 else
                   f"both others must grant it, and you pay each {cost} M")
            return f"Ask for a redeal of a bad hand (`redeal`; {who}) or keep it (`done`)?"
        if view.phase == "grant":
            return "A redeal is asked for: `grant` it or `refuse` it?"
        return super().header(deal, view, chosen, names)

    def help(self, deal: Deal, seat: int) -> list[str]:
        return _rules_help(cast("MarollesDeal", deal), seat)

    def marked_cards(self, deal: Deal, view: View) -> CardSet:
        """With revokes allowed every card may be played: the ones that keep the obligations
        are marked."""
        if view.options.get("revoke_handling", "engine_prevents") != "engine_prevents":
            return cast("MarollesDeal", deal).lawful_cards()
        return super().marked_cards(deal, view)

    def mark_legend(self, deal: Deal, view: View) -> str:
        if view.options.get("revoke_handling", "engine_prevents") != "engine_prevents":
            return "keeps the rules, the others would be revokes"
        return super().mark_legend(deal, view)

    def table_lines(self, deal: Deal, view: View, marked: CardSet, names: Sequence[str],
                    width: int | None = None) -> list:
        own = view.extra.get("revokes_to_acknowledge", [])
        if view.phase != "play" or not own:
            return []
        return [Text(f"You revoked in trick {own[0] + 1}. `acknowledge_revoke` owns up to it: the cards "
                     "played from it on go back and you follow the rules there, without penalty. "
                     "Once the second trick after it is gathered it costs 1 M to each opponent and "
                     "you score nothing from it on.", style="magenta")]

    def action_label(self, deal: Deal, action: int) -> str:
        tok = deal.action_token(action)
        if action != DONE and deal.phase == "declare":
            v = cast("MarollesDeal", deal).declaration_value(action)
            each = "from each holding none" if action == QUI_NA_LE_SIEN else "from each"
            return f"{tok}: {declaration_title(deal, action)}, {v} M {each}"
        if action == DONE and deal.phase == "discard":
            return f"{tok}: stop short (1 M to each, and forfeit)"
        return tok

    def end_of_deal(self, out: Console, deal: Deal, names: Sequence[str]) -> None:
        md = cast("MarollesDeal", deal)
        r = deal.result()
        if "redeal" in r.info:
            out.print(f"The hand was annulled: {names[r.info['redeal']]} was granted a redeal.")
            return
        out.print("Each pile (tricks won and own discards) is counted in packets of three: a "
                  "counting card with two empties scores its value (Tarots 5, Queens 4, Cavaliers 3, "
                  "Jacks 2), three empties score 1.")
        if "fool_exchange" in r.info:
            owner, winner, c = r.info["fool_exchange"]
            what = (f"an empty card, {card_name(c, deal.notation)}," if c != FOOL else
                    "the Fool itself, having no empty card,")
            out.print(f"For the Fool kept in trick {r.info['fool_kept'][1] + 1}, {names[owner]} gave "
                      f"{names[winner]} {what} before the count (fool_exchange=give_empty_card).")
        for s in range(deal.players):
            lines, total = explain_packets(md.piles[s], deal.notation)
            out.print(Text(f"{names[s]}: {r.card_points[s]} points", style="bold"))
            for line in lines:
                print_fitted(out, line, "    ")
            if total != r.card_points[s]:  # never expected: the engine and this count disagree
                out.print(Text(f"    (the engine counts {r.card_points[s]})", style="red"))
        if "mort_pile" in r.info:
            # named, the card never turned up too: the players' points leave them all out
            n = deal.notation
            never = mask(md.mort_cards[md.TRICKS:])
            cards = in_display_order(r.info["mort_pile"], suit_power)

            what = ", ".join(format_card(c, n) + (" (never turned up)" if never >> c & 1 else "")
                             for c in cards)
            worth = explain_packets(mask(cards), n)[1]  # as a player's pile would count
            print_fitted(out, f"Le Mort's pile ({plural(len(cards), 'card')}: {what}) counts for no one: "
                              f"in packets of three it would make {plural(worth, 'point')}, which the "
                              "players' points leave out.")
        _card_point_text(out, deal, names)

    def payment_reason(self, p: Payment, deal: Deal, names: Sequence[str]) -> str:
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
                return f"{payer}'s {cname} captured by {seat_label(names, who[1])}"
            return f"{payee}'s {cname} won its trick"
        if r == "excuse":
            return f"{payee} excused the Fool"
        if r == "belle":
            return f"{payee} played la Belle ({cname})"
        if r == "ultimo":
            if who and who[0] == p.payer:
                return f"Ultimo failed: {payer}'s {cname} captured in the last trick by {seat_label(names, who[1])}"
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
            return f"{payer} revoked in trick {p.trick + 1} ({cname})" if p.trick is not None else f"{payer} revoked"
        if r == "forfeit":
            why = _GIVEN_BACK.get(p.detail, p.detail.replace("_", " "))
            when = f" in trick {p.trick + 1}" if p.trick is not None else ""
            return f"{payer} has forfeited: he gives back the {p.amount} M {payee} paid him{when} ({why})"
        if r == "redeal":
            return f"{payer} was granted a redeal"
        return r.replace("_", " ") + (f" ({p.detail})" if p.detail else "")


GUIDE = MarollesGuide()
