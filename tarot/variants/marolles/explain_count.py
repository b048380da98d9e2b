"""The count of a Marolles deal in words (docs/rules §0.2, §1.9): each pile in packets of three,
the player's way, and the card points against par with the payments they make."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.cards import Card, CardSet, format_card
from ...core.counting import COUNTING_CARDS, reduced_total
from ...core.deal import Deal
from ...explain import Lines, add_messages, describe_payment, display_key, in_display_order, joined, plural, say
from .rules import suit_power


def nominal(card: Card) -> int:
    """A card's value as players count it: Tarots 5, Queens 4, Cavaliers 3, Jacks 2, empties 1."""
    return reduced_total(1 << card) + 1


# ---------------------------------------------------------------------------------------
# Counting in packets of three, the player's way (docs/rules §0.2)
# ---------------------------------------------------------------------------------------
add_messages({
    "marolles.packets.cards": "{cards}: {counting}{listed} and {empties}",
    "marolles.packets.listed": " ({cards})",
    "marolles.packets.card_value": "{card} {value}",
    "marolles.packets.an_empty": "an empty",
    "marolles.packets.all_counting": "{counting}",
    "marolles.packets.some_counting": "{k} of the counting cards",
    "marolles.packets.single": "{head} = {points} with {empties} empties",
    "marolles.packets.share.others": "not enough empties to give the other counting cards two: counting "
                                     "cards share packets (each beyond the first in a packet counts 1 less)",
    "marolles.packets.share.each": "not enough empties to give each counting card two: counting cards "
                                   "share packets (each beyond the first in a packet counts 1 less)",
    "marolles.packets.packet": "packet {cards} = {points}",
    "marolles.packets.empties": "{n} {which} = {points}",
    "marolles.packets.more_empties": "more empties",
    "marolles.packets.the_empties": "empties",
    "marolles.packets.surplus_empty": "1 surplus card (an empty): 0",
    "marolles.packets.surplus_card": "1 surplus card ({card}): its value less 1 = {points}",
    "marolles.packets.surplus_two_empties": "2 surplus empties",
    "marolles.packets.surplus_two_cards": "2 surplus cards ({cards})",
    "marolles.packets.surplus_two": "{which}, counted as if a third empty were there = {points}",
    "marolles.packets.total": "total {points}",
})


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
    counting = sorted((c for c in cards if COUNTING_CARDS >> c & 1),
                      key=lambda c: (-nominal(c), display_key(c, suit_power)))
    k, empties = len(counting), len(cards) - len(counting)

    def tok(c):
        return say("marolles.packets.an_empty") if c is None else format_card(c, notation)

    listed = ", ".join(say("marolles.packets.card_value", card=tok(c), value=nominal(c)) for c in counting)
    lines = [say("marolles.packets.cards", cards=plural(len(cards), "noun.card"),
                 counting=plural(k, "marolles.noun.counting_card"),
                 listed=say("marolles.packets.listed", cards=listed) if k else "",
                 empties=plural(empties, "marolles.noun.empty"))]
    single = min(k, empties // 2)
    total = sum(nominal(c) for c in counting[:single])
    if single:
        head = (say("marolles.packets.all_counting", counting=plural(k, "marolles.noun.counting_card")) if single == k
                else say("marolles.packets.some_counting", k=single))
        lines.append(say("marolles.packets.single", head=head, points=plural(total, "noun.point"),
                         empties=2 * single))
    rest, left = counting[single:], empties - 2 * single
    if rest:
        total_rest, surplus = _shared_packets(rest, left, bool(single), tok, lines)
    else:
        total_rest, surplus = _empty_packets(left, bool(single), lines)
    total += total_rest + _surplus(surplus, tok, lines)
    lines.append(say("marolles.packets.total", points=plural(total, "noun.point")))
    return lines, total


def _shared_packets(rest: list[Card], left: int, after_single: bool, tok, lines: list[str]
                    ) -> tuple[int, list[Card | None]]:
    """Counting cards that share packets, for want of empties: the packets' points, and the
    cards left over."""
    group: list[Card | None] = [*rest, *([None] * left)]
    full = len(group) - len(group) % 3
    if full:
        lines.append(say("marolles.packets.share.others" if after_single else "marolles.packets.share.each"))
    total = 0
    for i in range(0, full, 3):
        packet = group[i:i + 3]
        v = _packet_value(packet)
        total += v
        lines.append(say("marolles.packets.packet", cards=" ".join(tok(c) for c in packet),
                         points=plural(v, "noun.point")))
    return total, group[full:]


def _empty_packets(left: int, after_single: bool, lines: list[str]) -> tuple[int, list[Card | None]]:
    """Empties left in threes, 1 point a packet: the points, and the empties left over."""
    packets = left // 3
    if packets:
        which = say("marolles.packets.more_empties" if after_single else "marolles.packets.the_empties")
        lines.append(say("marolles.packets.empties", n=3 * packets, which=which, points=plural(packets, "noun.point")))
    return packets, [None] * (left % 3)


def _surplus(surplus: list[Card | None], tok, lines: list[str]) -> int:
    """The one or two cards beyond the last packet: their points."""
    if len(surplus) == 1:
        c = surplus[0]
        if c is None:
            lines.append(say("marolles.packets.surplus_empty"))
            return 0
        v = nominal(c) - 1
        lines.append(say("marolles.packets.surplus_card", card=tok(c), points=plural(v, "noun.point")))
        return v
    if len(surplus) == 2:
        v = _packet_value([*surplus, None])
        which = (say("marolles.packets.surplus_two_empties") if surplus == [None, None] else
                 say("marolles.packets.surplus_two_cards", cards=joined([tok(c) for c in surplus])))
        lines.append(say("marolles.packets.surplus_two", which=which, points=plural(v, "noun.point")))
        return v
    return 0


# ---------------------------------------------------------------------------------------
# The card points against par (docs/rules §1.9)
# ---------------------------------------------------------------------------------------
add_messages({
    "marolles.par.seat": "{name} {points} ({verdict}, {distance})",
    "marolles.par.wins": "wins",
    "marolles.par.loses": "loses",
    "marolles.par.at": "at par",
    "marolles.par.above": "{n} above par",
    "marolles.par.below": "{n} below par",
    "marolles.par.why": " (a third of the pack's 78 points)",
    "marolles.par": "Par is {par}{why}: {verdicts}.",
    "marolles.par.no_payment": "No card-point payments: there must be at least one winner and one loser.",
    "marolles.par.one_winner": "One winner: each loser pays {winner} 1 M per full 5 points below par.",
    "marolles.par.one_winner.none": "No loser is a full 5 points below par",
    "marolles.par.top_winner": "Two winners: {loser} pays 1 M per full 5 points below par to the winner "
                               "with more points, {winner} (dm_literal_top_winner).",
    "marolles.par.tied_winners": "Two winners with equal points: {loser} owes 1 M per full 5 points below "
                                 "par ({owed} M) to the winner with more points (dm_literal_top_winner), "
                                 "and {split}",
    "marolles.par.split.split_floor": "it is split between them, each getting half, rounded down "
                                      "(dm_tie_split=split_floor).",
    "marolles.par.split.each_full": "each of them is paid it in full (dm_tie_split=each_full).",
    "marolles.par.split.none": "there is none: nobody is paid (dm_tie_split=none).",
    "marolles.par.loser_not_below": "{loser} is not a full 5 points below par",
    "marolles.par.half_nothing": "Half of it rounds down to nothing",
    "marolles.par.tied_nothing": "Tied winners are paid nothing",
    "marolles.par.two_winners": "Two winners: each collects 1 M per full 5 points above par from {loser}.",
    "marolles.par.two_winners.none": "Neither winner is a full 5 points above par",
    "marolles.par.hence.one": "Hence the payment told after the last trick:",
    "marolles.par.hence.many": "Hence the payments told after the last trick:",
    "marolles.par.withheld": "{payer} would pay {payee} {amount} M, but {payee} has forfeited and receives nothing.",
    "marolles.par.none": "{none}: no payment.",
    "marolles.par.forfeited": "({name} has forfeited and receives nothing.)",
})


def _par_verdicts(deal: Deal, names: Sequence[str], par: int, pts: Sequence[int]) -> str:
    """``South 23 (loses, 2 below par); East 25 (wins, at par)...``"""
    def distance(p: int) -> str:
        if p > par:
            return say("marolles.par.above", n=p - par)
        if p < par:
            return say("marolles.par.below", n=par - p)
        return say("marolles.par.at")

    return "; ".join(say("marolles.par.seat", name=names[s], points=pts[s], distance=distance(pts[s]),
                         verdict=say("marolles.par.wins" if pts[s] >= par else "marolles.par.loses"))
                     for s in range(deal.players))


def _owed_by_rule(deal: Deal, names: Sequence[str], par: int, pts: Sequence[int], out: Lines
                  ) -> tuple[list[tuple[int, int, int]], str]:
    """Say which rule pays the card points (one winner, two winners: §1.9 and its readings), and
    return what it makes owed, (payer, payee, marques) before a forfeit voids a receipt, with
    the words for "nothing is owed"."""
    winners = [s for s in range(deal.players) if pts[s] >= par]
    losers = [s for s in range(deal.players) if pts[s] < par]
    o = deal.options
    if len(winners) == 1:
        out.add(say("marolles.par.one_winner", winner=names[winners[0]]))
        return [(s, winners[0], (par - pts[s]) // 5) for s in losers], say("marolles.par.one_winner.none")
    if o.get("two_winner_rule") != "dm_literal_top_winner":
        out.add(say("marolles.par.two_winners", loser=names[losers[0]]))
        return [(losers[0], s, (pts[s] - par) // 5) for s in winners], say("marolles.par.two_winners.none")
    loser = losers[0]
    owed_by_loser = (par - pts[loser]) // 5
    top = max(pts[s] for s in winners)
    tied = [s for s in winners if pts[s] == top]
    not_below = say("marolles.par.loser_not_below", loser=names[loser])
    if len(tied) == 1:
        out.add(say("marolles.par.top_winner", loser=names[loser], winner=names[tied[0]]))
        return [(loser, tied[0], owed_by_loser)], not_below
    split = str(o.get("dm_tie_split"))
    out.add(say("marolles.par.tied_winners", loser=names[loser], owed=owed_by_loser,
                split=say(f"marolles.par.split.{split}")))
    none = (not_below if not owed_by_loser else say("marolles.par.half_nothing") if split == "split_floor"
            else say("marolles.par.tied_nothing"))
    return [], none


def card_point_lines(deal: Deal, names: Sequence[str]) -> Lines:
    """The card points against par, the rule that pays them, and what it paid or withheld."""
    out = Lines()
    r = deal.result()
    par_opt = deal.options.get("par_points")
    if par_opt is None:
        return out
    par, pts = int(par_opt), r.card_points
    winners = {s for s in range(deal.players) if pts[s] >= par}
    # the pack's points (74 in the 66-card pack, 78 in the full one): par is about a third
    why = say("marolles.par.why") if par * 3 == 78 and deal.PACK.bit_count() == 78 else ""
    out.fit(say("marolles.par", par=par, why=why, verdicts=_par_verdicts(deal, names, par, pts)))
    if not winners or len(winners) == deal.players:
        out.add(say("marolles.par.no_payment"))
        return out
    owed, none = _owed_by_rule(deal, names, par, pts, out)
    forfeited = set(r.info.get("forfeited", []))
    paid = [p for p in deal.ledger.entries if p.reason == "card_points"]
    if paid:  # made with the last trick, and told then: said again here as what the count gives
        out.fit(say("marolles.par.hence.one" if len(paid) == 1 else "marolles.par.hence.many"), "  ")
    for p in paid:
        out.fit(describe_payment(p, deal, names), "    ", "payment")
    withheld = [(a, b, m) for a, b, m in owed if m > 0 and b in forfeited]
    for a, b, m in withheld:
        out.fit(say("marolles.par.withheld", payer=names[a], payee=names[b], amount=m), "  ")
    if not paid and not withheld:
        out.fit(say("marolles.par.none", none=none), "  ")
    for s in sorted((forfeited & winners) - {b for _, b, _ in withheld}):  # (a loser has nothing to receive)
        out.fit(say("marolles.par.forfeited", name=names[s]), "  ")
    return out
