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
    BOUTS, FOOL, SUIT_MASKS, TRUMP_SUIT, TRUMPS, Card, Seat, card_name, cards_of, format_card, mask, suit_of,
)
from ...core.counting import FRENCH_TARGETS, reduced_total
from ...core.deal import Deal, View
from ...core.ledger import Payment
from ...explain import (
    Explainer, Line, Lines, add_messages, cards_text, pending_cards, petit_annulment, plural, say,
)

if TYPE_CHECKING:
    from .rules import FrenchDeal

BID_NAMES = {"pass": "Pass", "prise": "Prise (×1)", "garde": "Garde (×2)",
             "garde_sans": "Garde sans le chien (×4)", "garde_contre": "Garde contre le chien (×6)"}
POIGNEE_NAMES = {"poignee_simple": "a simple poignée (20)", "poignee_double": "a double poignée (30)",
                 "poignee_triple": "a triple poignée (40)"}


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
        out.append(f"The chien, face down until now: {_cards(deal.chien, deal)}.")
    elif deal.ecart:
        out.append(f"{names[deal.taker]}'s écart: {_cards(deal.ecart, deal)}.")
    if deal.excuse is not None:
        owner, _, to = deal.excuse
        if to != owner and (deal.camp >> to & 1) != (deal.camp >> owner & 1):
            out.append(f"The Excuse, played by {names[owner]} to the last trick, went to "
                       f"{names[to]}'s side (excuse_last_trick={deal.options['excuse_last_trick']}).")
    groups: dict[int, list[int]] = {}
    for c in cards_of(pile):
        groups.setdefault(2 * reduced_total(1 << c) + 1, []).append(c)
    parts = []
    for h in (9, 7, 5, 3):
        cs = groups.get(h, [])
        if cs:
            each = " each" if len(cs) > 1 else ""
            parts.append(f"{_cards(mask(cs), deal)} {_halves(h)}{each}"
                         + (f" = {_halves(h * len(cs))}" if len(cs) > 1 else ""))
    k = len(groups.get(1, []))
    if k:
        parts.append(f"{plural(k, 'other card')} ½ each = {_halves(k)}")
    adj = halves - sum(h * len(cs) for h, cs in groups.items())
    if adj:
        parts.append("+½ for the Excuse" if adj > 0 else "−½ for the Excuse")
    out.append("Counted: " + "; ".join(parts) + f"; in all {_halves(halves)}.")
    return out


def _chelem_words(deal: FrenchDeal, ch: int) -> str:
    """Which chelem the term ``ch`` of the count is (positive: the taker's side receives it)."""
    if deal.chelem:
        return "chelem announced and made" if ch > 0 else "chelem announced and not made"
    return "chelem (not announced)" if ch > 0 else "chelem of the defence"


def _bid_name(deal: Deal, action: int | None) -> str:
    return BID_NAMES.get(deal.action_token(action), "") if action is not None else ""


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
    side = names[taker] + ("" if fd.players != 5 or fd.partner is None else f" and {names[fd.partner]}")
    where = {"garde_sans": " with the chien", "garde_contre": ""}.get(contract, " with the écart")
    notes = ["the chien going to the defence"] if contract == "garde_contre" else []
    # the Excuse stays with its camp, which gives a low card for it (deal.adj: +1 received);
    # a camp that won nothing else has no card to give: the other gets the half point only
    # (excuse_exchange_impossible)
    keeper = defence if fd.adj > 0 else pile
    cards = pile.bit_count() + fd.adj
    if fd.adj and not keeper & ~1:
        cards = pile.bit_count()
        notes.append("plus a half point for the Excuse the defence kept, having no card to give for it"
                     if fd.adj > 0 else "the Excuse counting 4, with no card to give for it")
    elif fd.adj:
        notes.append("counting a card received for the Excuse" if fd.adj > 0 else
                     "less a card given for the Excuse")
    return say("french.count.won", side=side, contract=BID_NAMES[contract], cards=plural(cards, "card"),
               where=where, notes=f" ({'; '.join(notes)})" if notes else "",
               bouts=plural(bouts.bit_count(), "bout"), listed=f" ({_cards(bouts, fd)})" if bouts else "",
               target=FRENCH_TARGETS[bouts.bit_count()])


def score_formula(fd: FrenchDeal, info: dict, d: int) -> str:
    """``(25 + 7 + 10 petit au bout) × 2 + 20 poignée``: the score each defender pays or
    receives (§4.2), written for the side that receives: its gains first, then what it gives
    back, and the rounding when ``score_rounding`` made one."""
    mult = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}[info["contract"]]
    pab = info["petit_au_bout"]
    inner = [f"25 + {abs(d)}"]
    if pab:
        inner.append(f"{'+' if (pab > 0) == (d >= 0) else '−'} 10 petit au bout")
    won = 1 if d >= 0 else -1      # the side that wins the contract, from the taker's view
    terms = [(won, f"({' '.join(inner)}) × {mult}")]   # (sign from the taker's view, text)
    if info["poignee"]:
        terms.append((won, f"{info['poignee']} poignée"))
    ch = info["chelem"]
    if ch:
        terms.append((1 if ch > 0 else -1, f"{abs(ch)} {_chelem_words(fd, ch)}"))
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


class FrenchExplainer(Explainer):
    """French Tarot for three, four and five players at the table."""

    card_phases = {"ecart": "discard", "show": "show"}
    source_titles = {"contract": "contract", "petit_au_bout": "petit au bout", "poignee": "poignées",
                     "chelem": "chelem"}
    decline_first = frozenset({"chelem"})
    card_points_label = "its side's card points"

    def start(self, deal: Deal, names: Sequence[str]) -> Lines:
        fd = cast("FrenchDeal", deal)
        out = Lines()
        out.add(say("french.start", cards=plural(fd.HAND, "card"), chien=fd.CHIEN,
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
            what = _cards(fd.ecart, deal) if seat in reveal else plural(fd.ecart.bit_count(), "card")
            shown = say("french.ecart.trumps", cards=_cards(trumps[-1], deal)) if trumps else ""
            out.add(say("french.ecart", name=names[seat], what=what, shown=shown))
        elif phase == "chelem" and action != DONE:  # no announcement, nothing said (as at a table)
            out.add(say("french.chelem", name=names[seat]), "announce")
        elif phase in ("poignee", "show"):
            for s, a, cs in fd.shown[state.get("shown", 0):]:
                tok = deal.action_token(a)
                if tok in POIGNEE_NAMES:
                    out.add(say("french.poignee", name=names[s], poignee=POIGNEE_NAMES[tok], cards=_cards(cs, deal)),
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
        out.add(say("french.call", name=names[seat], card=card_name(called, fd.notation), known=known))

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
        out.add(say("french.partner", name=names[seat], card=card_name(cast(Card, fd.called), fd.notation),
                    trick=k, who=who), "announce")

    def header(self, deal: Deal, view: View, chosen: Sequence[int], names: Sequence[str]) -> str | None:
        ph = view.phase
        if ph == "bid":
            high = max((a for _, a in view.bids if a != PASS), default=None)
            return ("Your bid: pass, or " + ("any contract." if high is None else
                    f"higher than {_bid_name(deal, high)}."))
        if ph == "call":
            return "Call a card: its holder will be your partner (a King, or as the rules allow)."
        if ph == "ecart":
            left = pending_cards(deal)[0] - len(chosen)
            so_far = f"chosen so far {_cards(list(chosen), deal)}; " if chosen else ""
            more = "more card" if chosen else "card"
            return (f"Make your écart: {so_far}{plural(left, more)} to discard. No King and "
                    "no bout; trumps only if you have too few other cards (they are then shown).")
        if ph == "chelem":
            return "Announce a chelem (you win every trick; you then lead)? `done` (no) or `chelem`."
        if ph == "poignee":
            names = " or ".join(f"`{deal.action_token(a)}`" for a in view.legal_actions if a != DONE)
            return f"Declare a poignée before your first card? ({names}, or `done`)"
        if ph == "show":
            # (declaration, eligible, needed, chosen, last): set while a poignée is shown
            pending = cast(tuple, cast("FrenchDeal", deal).pending)
            left = pending[2] - pending[3].bit_count() - len(chosen)
            so_far = f"chosen so far {_cards(list(chosen), deal)}; " if chosen else ""
            return f"Show your poignée's trumps: {so_far}{plural(left, 'more trump' if chosen else 'trump')}."
        return super().header(deal, view, chosen, names)

    def table_lines(self, deal: Deal, view: View, marked: int, names: Sequence[str]) -> list:
        out = []
        if view.contract is not None and view.taker is not None:
            line = f"Contract: {_bid_name(deal, view.contract)} by {names[view.taker]}"
            if view.called is not None:
                line += f", {format_card(view.called, deal.notation)} called"
                if view.partner is not None:
                    line += (f" (partner: {names[view.partner]})" if view.partner != view.taker
                             else " (the taker plays alone)")
            out.append(Line(line + "."))
        if view.chien and view.phase in ("ecart",):
            out.append(Line(f"The chien: {_cards(view.chien, deal)}."))
        return out

    def action_label(self, deal: Deal, action: int) -> str:
        tok = deal.action_token(action)
        return BID_NAMES.get(tok) or POIGNEE_NAMES.get(tok) or tok

    def help(self, deal: Deal, seat: int) -> list[str]:
        v = deal.view(seat)
        ph, n = v.phase, deal.notation
        out: list[str] = []
        if ph == "bid":
            out.append("Each player bids once, from the dealer's right: pass, or more than the last "
                       "bid. Prise ×1 and Garde ×2: the chien is shown and taken, then you discard as "
                       "many cards. Garde sans ×4: the chien stays unseen and counts for you. Garde "
                       "contre ×6: it counts for the defence. If all pass, the deal is thrown in.")
            out.append("The taker needs 56 card points with no bout, 51 with one, 41 with two, 36 "
                       "with three (the bouts: the Petit, the 21 and the Excuse).")
        elif ph == "call":
            o = deal.options
            upto = "a Queen" if o.get("five_player_called_escalation") == "k→q" else "a Queen, and so on"
            own = ("You may call your own card, and then you play alone against four."
                   if o.get("five_player_self_call") == "true" else "You may not call a card you hold.")
            out.append(f"With five players the taker calls a King (with four Kings, {upto}); whoever "
                       f"holds it plays with him, secretly until it is played. {own}")
        elif ph == "ecart":
            out.append("The écart counts for you at the end. It may not hold a King or a bout; "
                       "trumps only when you have too few other cards, and those are shown to all.")
        elif ph == "chelem":
            out.append("A chelem, per defender: announced and made +400; announced and failed "
                       "−200; made without announcing +200. The announcer leads the first trick.")
        elif ph in ("poignee", "show"):
            sizes = cast("FrenchDeal", deal).POIGNEE_SIZES
            shows = ("shows exactly" if deal.options["poignee_show_exact"] == "true" else
                     "shows every trump you hold, at least")
            out.append(f"A poignée {shows} {sizes[0]}, {sizes[1]} or {sizes[2]} trumps (simple "
                       "20, double 30, triple 40); one short, the Excuse may stand in, and showing it "
                       "says you hold no other trump. The bonus goes to the side that wins the deal, "
                       "unmultiplied.")
        elif ph == "play":
            lead = next((c for c in v.trick if c != FOOL), None)
            hand = v.hand
            if not v.trick:
                barred = hand & ~mask(v.legal_actions) & ~1 if v.legal_actions else 0
                out.append("You lead: any card." if not barred else
                           "You lead the first trick: not the called suit, unless the called card "
                           f"itself (not {_cards(barred, deal)}).")
            elif lead is None:
                out.append("The Excuse was led: your card sets the suit.")
            elif suit_of(lead) == TRUMP_SUIT:
                out.append("Trumps were led: play a higher trump than any on the table if you can, "
                           "else any trump; with none, any card.")
            else:
                s = suit_of(lead)
                sn = n.suit_names_en[s]
                if hand & SUIT_MASKS[s]:
                    out.append(f"{sn} were led: follow suit (you need not win).")
                elif hand & TRUMPS:
                    out.append(f"You have no {sn}: you must trump, over-trumping any trump already "
                               "played (even a partner's) if you can.")
                else:
                    out.append(f"You have neither {sn} nor trumps: any card.")
            last = ("changes camp" if deal.options["excuse_last_trick"] == "to_other_camp"
                    else "goes to the trick's winner")
            if hand & 1 and v.legal_actions and 0 not in v.legal_actions:
                out.append("You announced a chelem: until you know a trick is lost, you keep the "
                           "Excuse for the last trick, where it wins if you lead it.")
            elif hand & 1:
                out.append("The Excuse may be played instead at any time: it never wins, stays in "
                           "your camp, and you give half a point in exchange; in the last trick it "
                           f"{last} (except to end a chelem).")
            out.append("Petit au bout: the Petit in the last trick earns 10 × the multiplier for the "
                       "side that wins that trick.")
        return out

    def payment_reason(self, p: Payment, deal: Deal, names: Sequence[str]) -> str:
        info = deal.result().info if deal.is_over else {}
        if p.reason == "contract" and info:
            made = "made" if info["points"] >= info["target"] else "failed"
            return (f"{BID_NAMES[info['contract']].split(' (')[0]} {made}: {info['points']} points with "
                    f"{plural(info['bouts'], 'bout')} against {info['target']}")
        if p.reason == "chelem" and info:
            return _chelem_words(cast("FrenchDeal", deal), info["chelem"])
        return {"petit_au_bout": "petit au bout", "poignee": "poignée",
                "game": "the deal won"}.get(p.reason, p.reason)

    def end_of_deal(self, deal: Deal, names: Sequence[str]) -> Lines:
        fd = cast("FrenchDeal", deal)
        info = deal.result().info
        out = Lines()
        if info.get("all_passed"):
            out.add(say("french.count.all_passed"))
            return out
        if info.get("annulled"):
            out.add(say("french.count.annulled", why=info["annulled"].replace("_", " ")))
            return out
        taker, contract = info["taker"], info["contract"]
        pile, _ = fd.camp_piles()
        if deal.players == 5 and fd.partner is None and fd.called is not None:
            held = say("french.count.alone.chien" if fd.chien >> fd.called & 1 else "french.count.alone.own")
            out.add(say("french.count.alone", card=card_name(fd.called, deal.notation), held=held,
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


EXPLAINER = FrenchExplainer()
