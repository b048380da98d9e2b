"""What the table says in modern French Tarot (docs/rules §4): the bids, the king call, the chien
and the écart, poignées and the chelem as they happen, the rules of each decision, and the
count at the end: the taker's points against the target set by his bouts, then the score
``(25 + |points − target| + petit au bout) × multiplier ± poignée + chelem`` and who pays whom
(§4.2). The two-player game (§4.5) has its face-up piles shown at each turn and its own count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from rich.console import Console
from rich.text import Text

from .core.actions import DONE, PASS
from .core.cards import (
    BOUTS, FOOL, SUIT_MASKS, TRUMP_SUIT, TRUMPS, Card, Seat, card_name, cards_of, format_card, mask, suit_of,
)
from .core.counting import FRENCH_TARGETS, reduced_total
from .core.deal import Deal, View
from .core.ledger import Payment
from .tui import Guide, card_items, in_display_order, pending_cards, plural, print_fitted, wrapped

if TYPE_CHECKING:
    from .variants.french.rules import FrenchDeal
    from .variants.french_2p.rules import French2pDeal

BID_NAMES = {"pass": "Pass", "prise": "Prise (×1)", "garde": "Garde (×2)",
             "garde_sans": "Garde sans le chien (×4)", "garde_contre": "Garde contre le chien (×6)"}
POIGNEE_NAMES = {"poignee_simple": "a simple poignée (20)", "poignee_double": "a double poignée (30)",
                 "poignee_triple": "a triple poignée (40)"}


def _cards(cs, deal: Deal) -> str:
    return " ".join(format_card(c, deal.notation) for c in in_display_order(cs, deal.card_power))


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


class FrenchGuide(Guide):
    """French Tarot for three, four and five players at the table."""

    card_phases = {"ecart": "discard", "show": "show"}
    source_titles = {"contract": "contract", "petit_au_bout": "petit au bout", "poignee": "poignées",
                     "chelem": "chelem"}
    decline_first = frozenset({"chelem"})

    def start(self, out: Console, deal: Deal, names: Sequence[str]) -> None:
        fd = cast("FrenchDeal", deal)
        out.print(f"{plural(fd.HAND, 'card')} to each player, {fd.CHIEN} to the chien. "
                  f"{names[(deal.dealer + 1) % deal.players]} speaks first.")
        tell_annulment(out, fd, names)

    def narrate(self, out: Console, deal: Deal, names: Sequence[str], reveal: set[int],
                seat: int, phase: str, action: int, state: dict) -> None:
        fd = cast("FrenchDeal", deal)
        name, n = names[seat], deal.notation
        if phase == "bid":
            out.print(f"{name} passes." if action == PASS else f"{name} bids {_bid_name(deal, action)}.")
            if deal.phase != "bid" and not deal.is_over:  # bidding has ended with a contract
                taker = cast(Seat, fd.taker)
                out.print(Text(f"{names[taker]} takes: {_bid_name(deal, fd.contract)}.", style="bold"))
            elif deal.is_over and deal.result().info.get("all_passed"):
                out.print("Everyone passed: the cards are thrown in and the next dealer deals.")
        elif phase == "call":
            # the person who holds it knows (and so does a replay, which shows every hand)
            called = cast(Card, fd.called)  # the card just called
            holder = next((s for s in sorted(reveal) if deal.hands[s] >> called & 1), None)
            known = ("no one knows who until it is played" if holder is None else
                     f"{names[holder]} holds it, which nobody else knows until it is played"
                     if holder != fd.taker else
                     f"it is {names[holder]}'s own: he plays alone, which nobody else knows until it is played")
            out.print(f"{name} calls the {card_name(called, n)}: its holder is his partner ({known}).")
        elif phase == "ecart":
            if action != DONE and deal.phase == "ecart" and deal.to_play == seat:
                return
            trumps = [cs for s, a, cs in fd.shown if s == seat and a == DONE]
            what = _cards(fd.ecart, deal) if seat in reveal else plural(fd.ecart.bit_count(), "card")
            out.print(f"{name} makes the écart: {what}."
                      + (f" Trumps put in it are shown: {_cards(trumps[-1], deal)}." if trumps else ""))
        elif phase == "chelem" and action != DONE:  # no announcement, nothing said (as at a table)
            out.print(Text(f"{name} announces a chelem and will lead.", style="magenta"))
        elif phase in ("poignee", "show"):
            said = state.get("shown", 0)
            for s, a, cs in fd.shown[said:]:
                tok = deal.action_token(a)
                if tok in POIGNEE_NAMES:
                    out.print(Text(f"{names[s]} shows {POIGNEE_NAMES[tok]}: {_cards(cs, deal)}.",
                                   style="magenta"))
            state["shown"] = len(fd.shown)
        if deal.phase not in ("bid", "call") and fd.chien and not state.get("chien_said"):
            state["chien_said"] = True
            if fd.chien_shown:
                out.print(Text(f"The chien is shown: {_cards(fd.chien, deal)}; "
                               f"{names[cast(Seat, fd.taker)]} takes it.", style="bold"))
            elif fd.contract is not None and not deal.is_over:
                goes = "the taker's" if deal.action_token(fd.contract) == "garde_sans" else "the defence's"
                out.print(f"The chien stays face down: it counts at the end as {goes}.")
        if phase == "play" and fd.called is not None and not state.get("partner_said") and fd.revealed:
            state["partner_said"] = True
            p, taker = fd.partner, cast(Seat, fd.taker)
            k = len(deal.tricks) + (1 if deal.trick else 0)  # the trick the card went to
            out.print(Text(f"{names[seat]} plays the {card_name(fd.called, n)} in trick {k}: "
                           + (f"{names[p]} is {names[taker]}'s partner." if p is not None
                              else f"{names[taker]} plays alone."), style="magenta"))

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

    def table_lines(self, deal: Deal, view: View, marked: int, names: Sequence[str],
                    width: int | None = None) -> list:
        out = []
        if view.contract is not None and view.taker is not None:
            line = f"Contract: {_bid_name(deal, view.contract)} by {names[view.taker]}"
            if view.called is not None:
                line += f", {format_card(view.called, deal.notation)} called"
                if view.partner is not None:
                    line += (f" (partner: {names[view.partner]})" if view.partner != view.taker
                             else " (the taker plays alone)")
            out.append(line + ".")
        if view.chien and view.phase in ("ecart",):
            out.append(f"The chien: {_cards(view.chien, deal)}.")
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

    def end_of_deal(self, out: Console, deal: Deal, names: Sequence[str]) -> None:
        fd = cast("FrenchDeal", deal)
        info = deal.result().info
        if info.get("all_passed"):
            out.print("All passed: no score.")
            return
        if info.get("annulled"):
            out.print(f"Annulled ({info['annulled'].replace('_', ' ')}): no score.")
            return
        taker, contract = info["taker"], info["contract"]
        pile, defence = fd.camp_piles()
        bouts = pile & BOUTS
        mult = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}[contract]
        side = names[taker] + ("" if deal.players != 5 or fd.partner is None else
                               f" and {names[fd.partner]}")
        where = {"garde_sans": " with the chien", "garde_contre": ""}.get(contract, " with the écart")
        notes = ["the chien going to the defence"] if contract == "garde_contre" else []
        if deal.players == 5 and fd.partner is None and fd.called is not None:
            held = "in the chien" if fd.chien >> fd.called & 1 else "his own"
            out.print(f"The {card_name(fd.called, deal.notation)} called was {held}: "
                      f"{names[taker]} played alone, one against four.")
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
        out.print(f"{side} ({BID_NAMES[contract]}) won {plural(cards, 'card')}{where}"
                  + (f" ({'; '.join(notes)})" if notes else "") + ": "
                  + f"{plural(bouts.bit_count(), 'bout')}"
                  + (f" ({_cards(bouts, deal)})" if bouts else "")
                  + f", so the target is {FRENCH_TARGETS[bouts.bit_count()]}.")
        halves = info["halves"]
        for line in _count_lines(deal, names, contract, pile, halves):
            print_fitted(out, line, "  ")
        pts, target = info["points"], info["target"]
        counted = _halves(halves)
        rounding = f" (rounded to {pts}, the half point going to the side that wins)" if halves % 2 else ""
        d = pts - target
        out.print(f"Card points {counted}{rounding}: {'made' if d >= 0 else 'failed'} by {abs(d)}.")
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
        # written for the side that receives: its gains first, then what it gives back
        to = 1 if amount >= 0 else -1
        terms.sort(key=lambda t: -t[0] * to)
        line = ""
        for i, (sign, text) in enumerate(terms):
            plus = sign * to > 0
            line += (text if plus else f"−{text}") if i == 0 else f" {'+' if plus else '−'} {text}"
        exact = info.get("unrounded", amount)
        if exact != amount:  # score_rounding
            line += f" = {abs(exact)}, rounded to {abs(amount)}"
        out.print(f"Each defender {'pays' if amount >= 0 else 'receives'} {abs(amount)}: {line}"
                  f"{' (the taker loses)' if d < 0 else ''}.")


def tell_annulment(out: Console, deal: FrenchDeal | French2pDeal, names: Sequence[str],
                   among: str = "") -> None:
    """Say why a deal annulled by ``petit_rule`` is (the holder's Petit is shown)."""
    why = deal.result().info.get("annulled") if deal.is_over else None
    if why == "petit_sec":
        holder, _, cards = deal.shown[0]
        out.print(Text(f"{names[holder]} holds the Petit sec (the Petit his only trump, "
                       f"{among}without the Excuse): the deal is annulled.", style="magenta"))
        out.print(f"{names[holder]} shows his cards: {_cards(cards, deal)}.")
    elif why == "first_packet":
        out.print(Text(f"{names[deal.shown[0][0]]} was dealt the Petit in his first packet "
                       "(petit_rule=first_packet): the deal is annulled.", style="magenta"))


class French2pGuide(Guide):
    """The two-player game: the face-up piles at each turn and the count of both piles."""

    source_titles = {"game": "the deal", "petit_au_bout": "petit au bout"}

    def start(self, out: Console, deal: Deal, names: Sequence[str]) -> None:
        out.print("21 cards to each hand and six piles of three to each player, the top card face "
                  f"up. {names[1 - deal.dealer]} leads.")
        tell_annulment(out, cast("French2pDeal", deal), names, "among his hand and face-up pile cards, ")

    def narrate(self, out: Console, deal: Deal, names: Sequence[str], reveal: set[int],
                seat: int, phase: str, action: int, state: dict) -> None:
        """Cards are told with the tricks."""

    def table_lines(self, deal: Deal, view: View, marked: int, names: Sequence[str],
                    width: int | None = None) -> list:
        if view.phase != "play":
            return []
        out = []
        for s in (view.seat, 1 - view.seat):
            ups = view.extra["face_up"][s]
            downs = view.extra["face_down"][s]
            mine = s == view.seat
            piles = []
            for c, k in zip(ups, downs):
                pile = Text("--")
                if c is not None:
                    pile = Text().append_text(card_items([c], marked if mine else 0, deal.notation, dim=False)[0])
                    pile.rstrip()
                piles.append(pile.append(f"/{k}"))
            out += wrapped(f"{'Your' if mine else 'Opponent'} piles (face-up card/face-down cards under it): ",
                           piles, width, "  ")
        return out

    def card_choices(self, deal: Deal, cards: Sequence[int]) -> list[int]:
        """The face-up pile cards first, pile by pile as the row above the hand shows them,
        then the hand's."""
        seat = cast(Seat, deal.to_play)
        ups = [c for c in deal.view(seat).extra["face_up"][seat] if c in cards]
        return ups + in_display_order([c for c in cards if c not in ups], deal.card_power)

    def help(self, deal: Deal, seat: int) -> list[str]:
        bind = deal.options["two_player_faceup_cards_bind_follow_suit"] == "true"
        return ["Your face-up pile cards are played as if they were in your hand; after each trick "
                "the next card of a pile played from is turned up.",
                "Follow suit; if you cannot, trump; on a trump lead play a higher trump if you can"
                + (" (your face-up cards count as hand for these duties)." if bind else
                   ": these duties are judged on your hand alone, and a face-up card may be played "
                   "at any time.")
                + " The Excuse may be played at any time: it does not win the trick (unless you "
                "have won every trick and lead it to the last) and you keep it, giving a half-point "
                "card for it; played to the last trick it goes to your opponent.",
                "At the end each player's target comes from the bouts in his pile (56, 51, 41, 36); "
                "exactly one reaches his and scores 25 plus the points above it. Petit au bout: the "
                "Petit in the last trick scores 10 more for whoever wins that trick."]

    def payment_reason(self, p: Payment, deal: Deal, names: Sequence[str]) -> str:
        return {"game": "the deal won", "petit_au_bout": "petit au bout"}.get(p.reason, p.reason)

    def end_of_deal(self, out: Console, deal: Deal, names: Sequence[str]) -> None:
        info = deal.result().info
        if info.get("annulled"):
            out.print(f"Annulled ({info['annulled'].replace('_', ' ')}): no score.")
            return
        for s in (0, 1):
            out.print(f"{names[s]}: {info['points'][s]} points with {plural(info['bouts'][s], 'bout')}, "
                      f"target {info['targets'][s]}.")
        w = info["winner"]
        out.print(f"{names[w]} wins the deal by {info['margin']}: scores 25 + {info['margin']}.")
        if info.get("petit_au_bout") is not None:
            out.print(f"Petit au bout: +10 to {names[info['petit_au_bout']]}.")


GUIDE = FrenchGuide()
#: Variants of this module with a guide of their own.
GUIDES = {"french-2p": French2pGuide()}
