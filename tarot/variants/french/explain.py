"""What the table says in modern French Tarot (docs/rules §4): the bids, the king call, the chien
and the écart, poignées and the chelem as they happen, the rules of each decision, and the
count at the end: the taker's points against the target set by his bouts, then the score
``(25 + |points − target| + petit au bout) × multiplier ± poignée + chelem`` and who pays whom
(§4.2). The two-player game (§4.5) has its face-up piles shown at each turn and its own count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ...core.actions import DONE, PASS
from ...core.cards import (
    BOUTS, FOOL, SUIT_MASKS, TRUMP_SUIT, TRUMPS, Card, Seat, cards_of, format_card, mask, suit_of,
)
from ...core.counting import FRENCH_TARGETS, reduced_total
from ...core.deal import Deal, View
from ...core.ledger import Payment
from ...explain import (
    Explainer, Line, Lines, add_messages, cards_text, joined, known, named, pending_cards, petit_annulment, plural,
    say, suit_word, card_words,
)

if TYPE_CHECKING:
    from .rules import FrenchDeal

add_messages({
    # the names of the bids and of the poignées, as offered in the choices and told
    "french.bid.pass": "Pass",
    "french.bid.prise": "Prise (×1)",
    "french.bid.garde": "Garde (×2)",
    "french.bid.garde_sans": "Garde sans le chien (×4)",
    "french.bid.garde_contre": "Garde contre le chien (×6)",
    "french.bid.short.prise": "Prise",
    "french.bid.short.garde": "Garde",
    "french.bid.short.garde_sans": "Garde sans le chien",
    "french.bid.short.garde_contre": "Garde contre le chien",
    "french.poignee.poignee_simple": "a simple poignée (20)",
    "french.poignee.poignee_double": "a double poignée (30)",
    "french.poignee.poignee_triple": "a triple poignée (40)",
    "french.noun.bout.one": "{n} bout", "french.noun.bout.many": "{n} bouts",
    "french.noun.other_card.one": "{n} other card", "french.noun.other_card.many": "{n} other cards",
    "french.noun.trump.one": "{n} trump", "french.noun.trump.many": "{n} trumps",
    "french.noun.more_trump.one": "{n} more trump", "french.noun.more_trump.many": "{n} more trumps",
    # the count of the taker's side's cards (§4.1)
    "french.count.chien_unseen": "The chien, face down until now: {cards}.",
    "french.count.ecart": "{name}'s écart: {cards}.",
    "french.count.excuse_moved": "The Excuse, played by {owner} to the last trick, went to {to}'s side "
                                 "(excuse_last_trick={rule}).",
    "french.count.group.one": "{cards} {value}",
    "french.count.group.many": "{cards} {value} each = {total}",
    "french.count.others": "{cards} ½ each = {total}",
    "french.count.excuse_plus": "+½ for the Excuse",
    "french.count.excuse_minus": "−½ for the Excuse",
    "french.count.counted": "Counted: {parts}; in all {total}.",
    "french.count.side.pair": "{taker} and {partner}",
    "french.count.where.garde_sans": " with the chien",
    "french.count.where.ecart": " with the écart",
    "french.count.notes": " ({notes})",
    "french.count.listed": " ({cards})",
    "french.count.note.garde_contre": "the chien going to the defence",
    "french.count.note.excuse_kept": "plus a half point for the Excuse the defence kept, having no card to "
                                     "give for it",
    "french.count.note.excuse_four": "the Excuse counting 4, with no card to give for it",
    "french.count.note.excuse_received": "counting a card received for the Excuse",
    "french.count.note.excuse_given": "less a card given for the Excuse",
    # the chelem, as the count and the payments name it (§4.2)
    "french.chelem.made": "chelem announced and made",
    "french.chelem.failed": "chelem announced and not made",
    "french.chelem.unannounced": "chelem (not announced)",
    "french.chelem.defence": "chelem of the defence",
    # the score formula: (25 + 7 + 10 petit au bout) × 2 + 20 poignée
    "french.formula.base": "25 + {diff}",
    "french.formula.petit": "{sign} 10 petit au bout",
    "french.formula.multiplied": "({inner}) × {mult}",
    "french.formula.poignee": "{amount} poignée",
    "french.formula.chelem": "{amount} {chelem}",
})


def _cards(cs, deal: Deal) -> str:
    return cards_text(cs, deal)


def _halves(h: int) -> str:
    """A count in half points, as players write it: ``43½``."""
    return f"{h // 2}½" if h % 2 else str(h // 2)


def _count_lines(deal, names: Sequence[str], contract: str, pile: int, halves: int) -> list[str]:
    """The cards that make the taker's side's points (§4.1: bouts and Kings 4½, Queens 3½,
    Cavaliers 2½, Jacks 1½, any other card ½), what was hidden until now (the chien of a Garde
    sans or contre, the écart), and where the Excuse went when it changed camp in the last trick."""
    out = []
    if contract in ("garde_sans", "garde_contre") and deal.chien:
        out.append(say("french.count.chien_unseen", cards=_cards(deal.chien, deal)))
    elif deal.ecart:
        out.append(say("french.count.ecart", name=names[deal.taker], cards=_cards(deal.ecart, deal)))
    if deal.excuse is not None:
        owner, _, to = deal.excuse
        if to != owner and (deal.camp >> to & 1) != (deal.camp >> owner & 1):
            out.append(say("french.count.excuse_moved", owner=names[owner], to=names[to],
                           rule=deal.options["excuse_last_trick"]))
    groups: dict[int, list[int]] = {}
    for c in cards_of(pile):
        groups.setdefault(2 * reduced_total(1 << c) + 1, []).append(c)
    parts = []
    for h in (9, 7, 5, 3):
        cs = groups.get(h, [])
        if cs:
            parts.append(say("french.count.group.many" if len(cs) > 1 else "french.count.group.one",
                             cards=_cards(mask(cs), deal), value=_halves(h), total=_halves(h * len(cs))))
    k = len(groups.get(1, []))
    if k:
        parts.append(say("french.count.others", cards=plural(k, "french.noun.other_card"), total=_halves(k)))
    adj = halves - sum(h * len(cs) for h, cs in groups.items())
    if adj:
        parts.append(say("french.count.excuse_plus" if adj > 0 else "french.count.excuse_minus"))
    out.append(say("french.count.counted", parts="; ".join(parts), total=_halves(halves)))
    return out


def _chelem_words(deal: FrenchDeal, ch: int) -> str:
    """Which chelem the term ``ch`` of the count is (positive: the taker's side receives it)."""
    if deal.chelem:
        return say("french.chelem.made" if ch > 0 else "french.chelem.failed")
    return say("french.chelem.unannounced" if ch > 0 else "french.chelem.defence")


def _bid_name(deal: Deal, action: int | None) -> str:
    return say(f"french.bid.{deal.action_token(action)}") if action is not None else ""


add_messages({
    "french.start": "{cards} to each player, {chien} to the chien. {first} speaks first.",
    "french.passes": "{name} passes.",
    "french.bids": "{name} bids {bid}.",
    "french.takes": "{name} takes: {bid}.",
    "french.all_passed": "Everyone passed: the cards are thrown in and the next dealer deals.",
    "french.call": "{name} calls the {card}: its holder is his partner ({known}).",
    "french.call.unknown": "no one knows who until it is played",
    "french.call.holder": "{name} holds it, which nobody else knows until it is played",
    "french.call.own": "it is {name}'s own: he plays alone, which nobody else knows until it is played",
    "french.ecart": "{name} makes the écart: {what}.{shown}",
    "french.ecart.trumps": " Trumps put in it are shown: {cards}.",
    "french.chelem": "{name} announces a chelem and will lead.",
    "french.poignee": "{name} shows {poignee}: {cards}.",
    "french.chien.shown": "The chien is shown: {cards}; {name} takes it.",
    "french.chien.hidden": "The chien stays face down: it counts at the end as {goes}.",
    "french.chien.taker": "the taker's",
    "french.chien.defence": "the defence's",
    "french.partner": "{name} plays the {card} in trick {trick}: {who}",
    "french.partner.is": "{partner} is {taker}'s partner.",
    "french.partner.alone": "{taker} plays alone.",
    "french.count.all_passed": "All passed: no score.",
    "french.count.annulled": "Annulled ({why}): no score.",
    "french.count.alone": "The {card} called was {held}: {taker} played alone, one against four.",
    "french.count.alone.chien": "in the chien",
    "french.count.alone.own": "his own",
    "french.count.won": "{side} ({contract}) won {cards}{where}{notes}: {bouts}{listed}, so the target is {target}.",
    "french.count.points": "Card points {counted}{rounding}: {verdict} by {by}.",
    "french.count.rounding": " (rounded to {points}, the half point going to the side that wins)",
    "french.count.made": "made",
    "french.count.failed": "failed",
    "french.count.each": "Each defender {verb} {amount}: {line}{loses}.",
    "french.count.pays": "pays",
    "french.count.receives": "receives",
    "french.count.taker_loses": " (the taker loses)",
    "french.count.rounded": " = {exact}, rounded to {amount}",
})


def _won_line(fd: FrenchDeal, names: Sequence[str], info: dict) -> str:
    """What the taker's side won, and the target its bouts set (§4.1)."""
    taker, contract = info["taker"], info["contract"]
    pile, defence = fd.camp_piles()
    bouts = pile & BOUTS
    side = (names[taker] if fd.players != 5 or fd.partner is None else
            say("french.count.side.pair", taker=names[taker], partner=names[fd.partner]))
    where = ("" if contract == "garde_contre" else
             say("french.count.where.garde_sans" if contract == "garde_sans" else "french.count.where.ecart"))
    notes = [say("french.count.note.garde_contre")] if contract == "garde_contre" else []
    # the Excuse stays with its camp, which gives a low card for it (deal.adj: +1 received);
    # a camp that won nothing else has no card to give: the other gets the half point only
    # (excuse_exchange_impossible)
    keeper = defence if fd.adj > 0 else pile
    cards = pile.bit_count() + fd.adj
    if fd.adj and not keeper & ~1:
        cards = pile.bit_count()
        notes.append(say("french.count.note.excuse_kept" if fd.adj > 0 else "french.count.note.excuse_four"))
    elif fd.adj:
        notes.append(say("french.count.note.excuse_received" if fd.adj > 0 else "french.count.note.excuse_given"))
    return say("french.count.won", side=side, contract=say(f"french.bid.{contract}"),
               cards=plural(cards, "noun.card"), where=where,
               notes=say("french.count.notes", notes="; ".join(notes)) if notes else "",
               bouts=plural(bouts.bit_count(), "french.noun.bout"),
               listed=say("french.count.listed", cards=_cards(bouts, fd)) if bouts else "",
               target=FRENCH_TARGETS[bouts.bit_count()])


def score_formula(fd: FrenchDeal, info: dict, d: int) -> str:
    """``(25 + 7 + 10 petit au bout) × 2 + 20 poignée``: the score each defender pays or
    receives (§4.2), written for the side that receives: its gains first, then what it gives
    back, and the rounding when ``score_rounding`` made one."""
    mult = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}[info["contract"]]
    pab = info["petit_au_bout"]
    inner = [say("french.formula.base", diff=abs(d))]
    if pab:
        inner.append(say("french.formula.petit", sign="+" if (pab > 0) == (d >= 0) else "−"))
    won = 1 if d >= 0 else -1      # the side that wins the contract, from the taker's view
    # (sign from the taker's view, text)
    terms = [(won, say("french.formula.multiplied", inner=" ".join(inner), mult=mult))]
    if info["poignee"]:
        terms.append((won, say("french.formula.poignee", amount=info["poignee"])))
    ch = info["chelem"]
    if ch:
        terms.append((1 if ch > 0 else -1, say("french.formula.chelem", amount=abs(ch), chelem=_chelem_words(fd, ch))))
    amount = info["amount"]
    to = 1 if amount >= 0 else -1
    terms.sort(key=lambda t: -t[0] * to)
    line = ""
    for i, (sign, text) in enumerate(terms):
        plus = sign * to > 0
        line += (text if plus else f"−{text}") if i == 0 else f" {'+' if plus else '−'} {text}"
    exact = info.get("unrounded", amount)
    if exact != amount:  # score_rounding
        line += say("french.count.rounded", exact=abs(exact), amount=abs(amount))
    return line


add_messages({
    "french.source.contract": "contract",
    "french.source.petit_au_bout": "petit au bout",
    "french.source.poignee": "poignées",
    "french.source.chelem": "chelem",
    "french.label.card_points": "its side's card points",
    "french.reason.petit_au_bout": "petit au bout",
    "french.reason.poignee": "poignée",
    "french.reason.game": "the deal won",
    "french.pay.contract": "{bid} {verdict}: {points} points with {bouts} against {target}",
    # the lines above the hand at the person's turn
    "french.header.bid.any": "Your bid: pass, or any contract.",
    "french.header.bid.higher": "Your bid: pass, or higher than {bid}.",
    "french.header.call": "Call a card: its holder will be your partner (a King, or as the rules allow).",
    "french.header.ecart": "Make your écart: {so_far}{cards} to discard. No King and no bout; trumps only if "
                           "you have too few other cards (they are then shown).",
    "french.header.so_far": "chosen so far {cards}; ",
    "french.header.chelem": "Announce a chelem (you win every trick; you then lead)? `done` (no) or `chelem`.",
    "french.header.poignee": "Declare a poignée before your first card? ({tokens}, or `done`)",
    "french.header.token": "`{token}`",
    "french.header.show": "Show your poignée's trumps: {so_far}{trumps}.",
    "french.table.contract": "Contract: {bid} by {taker}{called}.",
    "french.table.called": ", {card} called{partner}",
    "french.table.partner": " (partner: {name})",
    "french.table.alone": " (the taker plays alone)",
    "french.table.chien": "The chien: {cards}.",
    # the rules of each decision (help)
    "french.help.bid": "Each player bids once, from the dealer's right: pass, or more than the last bid. Prise "
                       "×1 and Garde ×2: the chien is shown and taken, then you discard as many cards. Garde "
                       "sans ×4: the chien stays unseen and counts for you. Garde contre ×6: it counts for the "
                       "defence. If all pass, the deal is thrown in.",
    "french.help.targets": "The taker needs 56 card points with no bout, 51 with one, 41 with two, 36 with "
                           "three (the bouts: the Petit, the 21 and the Excuse).",
    "french.help.call": "With five players the taker calls a King (with four Kings, {upto}); whoever holds it "
                        "plays with him, secretly until it is played. {own}",
    "french.help.call.queen": "a Queen",
    "french.help.call.and_so_on": "a Queen, and so on",
    "french.help.call.own": "You may call your own card, and then you play alone against four.",
    "french.help.call.not_own": "You may not call a card you hold.",
    "french.help.ecart": "The écart counts for you at the end. It may not hold a King or a bout; trumps only "
                         "when you have too few other cards, and those are shown to all.",
    "french.help.chelem": "A chelem, per defender: announced and made +400; announced and failed −200; made "
                          "without announcing +200. The announcer leads the first trick.",
    "french.help.poignee": "A poignée {shows} {simple}, {double} or {triple} trumps (simple 20, double 30, "
                           "triple 40); one short, the Excuse may stand in, and showing it says you hold no "
                           "other trump. The bonus goes to the side that wins the deal, unmultiplied.",
    "french.help.poignee.exact": "shows exactly",
    "french.help.poignee.all": "shows every trump you hold, at least",
    "french.help.lead": "You lead: any card.",
    "french.help.lead.first": "You lead the first trick: not the called suit, unless the called card itself "
                              "(not {cards}).",
    "french.help.excuse_led": "The Excuse was led: your card sets the suit.",
    "french.help.trumps_led": "Trumps were led: play a higher trump than any on the table if you can, else "
                              "any trump; with none, any card.",
    "french.help.follow": "{suit} were led: follow suit (you need not win).",
    "french.help.trump": "You have no {suit}: you must trump, over-trumping any trump already played (even a "
                         "partner's) if you can.",
    "french.help.any": "You have neither {suit} nor trumps: any card.",
    "french.help.excuse.chelem": "You announced a chelem: until you know a trick is lost, you keep the Excuse "
                                 "for the last trick, where it wins if you lead it.",
    "french.help.excuse": "The Excuse may be played instead at any time: it never wins, stays in your camp, "
                          "and you give half a point in exchange; in the last trick it {last} (except to end "
                          "a chelem).",
    "french.help.excuse.other_camp": "changes camp",
    "french.help.excuse.winner": "goes to the trick's winner",
    "french.help.petit": "Petit au bout: the Petit in the last trick earns 10 × the multiplier for the side "
                         "that wins that trick.",
    "french.annulled.petit_sec": "petit sec",
    "french.annulled.first_packet": "first packet",
})


class FrenchExplainer(Explainer):
    """French Tarot for three, four and five players at the table."""

    messages = "french"
    card_phases = {"ecart": "verb.discard", "show": "verb.show"}
    decline_first = frozenset({"chelem"})
    card_points_message = "french.label.card_points"

    def start(self, deal: Deal, names: Sequence[str]) -> Lines:
        fd = cast("FrenchDeal", deal)
        out = Lines()
        out.add(say("french.start", cards=plural(fd.HAND, "noun.card"), chien=fd.CHIEN,
                    first=names[(deal.dealer + 1) % deal.players]))
        out += petit_annulment(fd, names)
        return out

    def narrate(self, deal: Deal, names: Sequence[str], reveal: set[int],
                seat: int, phase: str, action: int, state: dict) -> Lines:
        fd = cast("FrenchDeal", deal)
        out = Lines()
        if phase == "bid":
            self._bid(out, fd, names, seat, action)
        elif phase == "call":
            self._call(out, fd, names, reveal, seat)
        elif phase == "ecart":
            if action != DONE and deal.phase == "ecart" and deal.to_play == seat:
                return out  # more cards to come: the écart is told once
            trumps = [cs for s, a, cs in fd.shown if s == seat and a == DONE]
            what = _cards(fd.ecart, deal) if seat in reveal else plural(fd.ecart.bit_count(), "noun.card")
            shown = say("french.ecart.trumps", cards=_cards(trumps[-1], deal)) if trumps else ""
            out.add(say("french.ecart", name=names[seat], what=what, shown=shown))
        elif phase == "chelem" and action != DONE:  # no announcement, nothing said (as at a table)
            out.add(say("french.chelem", name=names[seat]), "announce")
        elif phase in ("poignee", "show"):
            for s, a, cs in fd.shown[state.get("shown", 0):]:
                tok = deal.action_token(a)
                if known(f"french.poignee.{tok}"):
                    out.add(say("french.poignee", name=names[s], poignee=say(f"french.poignee.{tok}"),
                                cards=_cards(cs, deal)),
                            "announce")
            state["shown"] = len(fd.shown)
        self._chien(out, fd, names, state)
        if phase == "play" and fd.called is not None and not state.get("partner_said") and fd.revealed:
            state["partner_said"] = True
            self._partner(out, fd, names, seat)
        return out

    def _bid(self, out: Lines, fd: FrenchDeal, names: Sequence[str], seat: int, action: int) -> None:
        """A bid, and the contract once the bidding has ended (§4.2)."""
        if action == PASS:
            out.add(say("french.passes", name=names[seat]))
        else:
            out.add(say("french.bids", name=names[seat], bid=_bid_name(fd, action)))
        if fd.phase != "bid" and not fd.is_over:  # bidding has ended with a contract
            out.add(say("french.takes", name=names[cast(Seat, fd.taker)], bid=_bid_name(fd, fd.contract)), "title")
        elif fd.is_over and fd.result().info.get("all_passed"):
            out.add(say("french.all_passed"))

    def _call(self, out: Lines, fd: FrenchDeal, names: Sequence[str], reveal: set[int], seat: int) -> None:
        """The king called with five players: who holds it is told only to its holder (and to a
        replay, which shows every hand)."""
        called = cast(Card, fd.called)  # the card just called
        holder = next((s for s in sorted(reveal) if fd.hands[s] >> called & 1), None)
        known = (say("french.call.unknown") if holder is None else
                 say("french.call.holder", name=names[holder]) if holder != fd.taker else
                 say("french.call.own", name=names[holder]))
        out.add(say("french.call", name=names[seat], card=card_words(called, fd.notation), known=known))

    def _chien(self, out: Lines, fd: FrenchDeal, names: Sequence[str], state: dict) -> None:
        """The chien, shown or left face down, said once the contract is known."""
        if fd.phase in ("bid", "call") or not fd.chien or state.get("chien_said"):
            return
        state["chien_said"] = True
        if fd.chien_shown:
            out.add(say("french.chien.shown", cards=_cards(fd.chien, fd), name=names[cast(Seat, fd.taker)]), "title")
        elif fd.contract is not None and not fd.is_over:
            sans = fd.action_token(fd.contract) == "garde_sans"
            out.add(say("french.chien.hidden", goes=say("french.chien.taker" if sans else "french.chien.defence")))

    def _partner(self, out: Lines, fd: FrenchDeal, names: Sequence[str], seat: int) -> None:
        """The called card played: the partner is known to all."""
        p, taker = fd.partner, cast(Seat, fd.taker)
        k = len(fd.tricks) + (1 if fd.trick else 0)  # the trick the card went to
        who = (say("french.partner.is", partner=names[p], taker=names[taker]) if p is not None
               else say("french.partner.alone", taker=names[taker]))
        out.add(say("french.partner", name=names[seat], card=card_words(cast(Card, fd.called), fd.notation),
                    trick=k, who=who), "announce")

    def header(self, deal: Deal, view: View, chosen: Sequence[int], names: Sequence[str]) -> str | None:
        ph = view.phase
        so_far = say("french.header.so_far", cards=_cards(list(chosen), deal)) if chosen else ""
        if ph == "bid":
            high = max((a for _, a in view.bids if a != PASS), default=None)
            return (say("french.header.bid.any") if high is None else
                    say("french.header.bid.higher", bid=_bid_name(deal, high)))
        if ph == "call":
            return say("french.header.call")
        if ph == "ecart":
            left = pending_cards(deal)[0] - len(chosen)
            return say("french.header.ecart", so_far=so_far,
                       cards=plural(left, "noun.more_card" if chosen else "noun.card"))
        if ph == "chelem":
            return say("french.header.chelem")
        if ph == "poignee":
            tokens = [say("french.header.token", token=deal.action_token(a)) for a in view.legal_actions if a != DONE]
            return say("french.header.poignee", tokens=joined(tokens, "list.or"))
        if ph == "show":
            # (declaration, eligible, needed, chosen, last): set while a poignée is shown
            pending = cast(tuple, cast("FrenchDeal", deal).pending)
            left = pending[2] - pending[3].bit_count() - len(chosen)
            return say("french.header.show", so_far=so_far,
                       trumps=plural(left, "french.noun.more_trump" if chosen else "french.noun.trump"))
        return super().header(deal, view, chosen, names)

    def table_lines(self, deal: Deal, view: View, marked: int, names: Sequence[str]) -> list:
        out = []
        if view.contract is not None and view.taker is not None:
            called = ""
            if view.called is not None:
                partner = ("" if view.partner is None else
                           say("french.table.partner", name=names[view.partner]) if view.partner != view.taker
                           else say("french.table.alone"))
                called = say("french.table.called", card=format_card(view.called, deal.notation), partner=partner)
            out.append(Line(say("french.table.contract", bid=_bid_name(deal, view.contract), taker=names[view.taker],
                                called=called)))
        if view.chien and view.phase in ("ecart",):
            out.append(Line(say("french.table.chien", cards=_cards(view.chien, deal))))
        return out

    def action_name(self, deal: Deal, action: int) -> str:
        tok = deal.action_token(action)
        for name in (f"french.bid.short.{tok}", f"french.bid.{tok}", f"french.poignee.{tok}"):
            if known(name):
                return say(name)
        return tok

    def action_label(self, deal: Deal, action: int) -> str:
        tok = deal.action_token(action)
        for name in (f"french.bid.{tok}", f"french.poignee.{tok}"):
            if known(name):
                return say(name)
        return tok

    def help(self, deal: Deal, seat: int) -> list[str]:
        v = deal.view(seat)
        ph = v.phase
        out: list[str] = []
        if ph == "bid":
            out.append(say("french.help.bid"))
            out.append(say("french.help.targets"))
        elif ph == "call":
            o = deal.options
            upto = "french.help.call.queen" if o.get("five_player_called_escalation") == "k→q" else "french.help.call.and_so_on"
            own = "french.help.call.own" if o.get("five_player_self_call") == "true" else "french.help.call.not_own"
            out.append(say("french.help.call", upto=say(upto), own=say(own)))
        elif ph == "ecart":
            out.append(say("french.help.ecart"))
        elif ph == "chelem":
            out.append(say("french.help.chelem"))
        elif ph in ("poignee", "show"):
            sizes = cast("FrenchDeal", deal).POIGNEE_SIZES
            shows = "french.help.poignee.exact" if deal.options["poignee_show_exact"] == "true" else "french.help.poignee.all"
            out.append(say("french.help.poignee", shows=say(shows), simple=sizes[0], double=sizes[1], triple=sizes[2]))
        elif ph == "play":
            out += _play_help(deal, v)
        return out

    def payment_reason(self, p: Payment, deal: Deal, names: Sequence[str]) -> str:
        info = deal.result().info if deal.is_over else {}
        if p.reason == "contract" and info:
            made = "french.count.made" if info["points"] >= info["target"] else "french.count.failed"
            return say("french.pay.contract", bid=say(f"french.bid.short.{info['contract']}"), verdict=say(made),
                       points=info["points"], bouts=plural(info["bouts"], "french.noun.bout"), target=info["target"])
        if p.reason == "chelem" and info:
            return _chelem_words(cast("FrenchDeal", deal), info["chelem"])
        return named(f"french.reason.{p.reason}", p.reason)

    def end_of_deal(self, deal: Deal, names: Sequence[str]) -> Lines:
        fd = cast("FrenchDeal", deal)
        info = deal.result().info
        out = Lines()
        if info.get("all_passed"):
            out.add(say("french.count.all_passed"))
            return out
        if info.get("annulled"):
            out.add(say("french.count.annulled", why=named(f"french.annulled.{info['annulled']}", info["annulled"])))
            return out
        taker, contract = info["taker"], info["contract"]
        pile, _ = fd.camp_piles()
        if deal.players == 5 and fd.partner is None and fd.called is not None:
            held = say("french.count.alone.chien" if fd.chien >> fd.called & 1 else "french.count.alone.own")
            out.add(say("french.count.alone", card=card_words(fd.called, deal.notation), held=held,
                        taker=names[taker]))
        out.add(_won_line(fd, names, info))
        halves = info["halves"]
        for line in _count_lines(deal, names, contract, pile, halves):
            out.fit(line, "  ")
        pts, target = info["points"], info["target"]
        rounding = say("french.count.rounding", points=pts) if halves % 2 else ""
        d = pts - target
        out.add(say("french.count.points", counted=_halves(halves), rounding=rounding, by=abs(d),
                    verdict=say("french.count.made" if d >= 0 else "french.count.failed")))
        amount = info["amount"]
        out.add(say("french.count.each", verb=say("french.count.pays" if amount >= 0 else "french.count.receives"),
                    amount=abs(amount), line=score_formula(fd, info, d),
                    loses=say("french.count.taker_loses") if d < 0 else ""))
        return out


def _play_help(deal: Deal, v: View) -> list[str]:
    """The duties of the card to play (§4.1: follow, else trump and overtrump; the Excuse at any
    time), and the petit au bout."""
    out = []
    lead = next((c for c in v.trick if c != FOOL), None)
    hand = v.hand
    if not v.trick:
        barred = hand & ~mask(v.legal_actions) & ~1 if v.legal_actions else 0
        out.append(say("french.help.lead") if not barred else
                   say("french.help.lead.first", cards=_cards(barred, deal)))
    elif lead is None:
        out.append(say("french.help.excuse_led"))
    elif suit_of(lead) == TRUMP_SUIT:
        out.append(say("french.help.trumps_led"))
    else:
        s = suit_of(lead)
        suit = suit_word(deal.notation, s)
        out.append(say("french.help.follow" if hand & SUIT_MASKS[s] else
                       "french.help.trump" if hand & TRUMPS else "french.help.any", suit=suit))
    last = ("french.help.excuse.other_camp" if deal.options["excuse_last_trick"] == "to_other_camp"
            else "french.help.excuse.winner")
    if hand & 1 and v.legal_actions and 0 not in v.legal_actions:
        out.append(say("french.help.excuse.chelem"))
    elif hand & 1:
        out.append(say("french.help.excuse", last=say(last)))
    out.append(say("french.help.petit"))
    return out


EXPLAINER = FrenchExplainer()


from . import explain_fr as _fr  # noqa: E402,F401  (the same sentences in French)
