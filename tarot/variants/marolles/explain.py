"""What the table says in Marolles (docs/rules §1, §2 and le Mort): the rules of each phase,
why each payment is made, and the count of each pile in packets of three, the player's way
(§0.2). The explainer of ``marolles-1637``, ``marolles-78`` and ``marolles-2p``, named in the
game's declaration; its sentences are the ``marolles.*`` messages (``tarot.explain.messages``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ...core.actions import ACKNOWLEDGE_REVOKE, DONE
from ...core.cards import FOOL, TAROTS, CardSet, format_card, mask
from ...core.deal import Deal, View
from ...core.errors import IllegalActionError
from ...core.ledger import Payment
from ...explain import (
    Explainer, Line, Lines, add_messages, card_in, in_display_order, known, named, pending_cards, player_of, plural,
    say, seat_label, card_words,
)
from .explain_count import card_point_lines, explain_packets, nominal
from .explain_help import rules_help
from .rules import BELLE, QUI_NA_LE_SIEN, ULTIMO_CARDS, MarollesDeal, suit_power

__all__ = ["EXPLAINER", "MarollesExplainer", "declaration_title", "explain_packets", "nominal", "rules_help"]


def declaration_title(deal: Deal, token_or_action: str | int) -> str:
    """The name of a declaration (§1.5), or its token where the rules name none."""
    a = deal.parse_action(token_or_action) if isinstance(token_or_action, str) else token_or_action
    try:
        name = cast("MarollesDeal", deal).declaration_name(a)
    except (KeyError, IllegalActionError):
        return deal.action_token(a)
    said = f"marolles.declaration.{deal.action_token(a)}"  # its name in the language spoken, if it has one
    return say(said) if known(said) else name


add_messages({
    # what a payment given back by a forfeiting player had been for (its ledger reason)
    "marolles.given_back.tarot": "a Tarot",
    "marolles.given_back.belle": "la Belle",
    "marolles.given_back.ultimo": "the Ultimo",
    "marolles.given_back.revoke": "a revoke",
    "marolles.given_back.declaration": "a declaration",
    "marolles.given_back.qui_na_le_sien": "Qui n'a le sien",
    "marolles.given_back.cut": "the cut card",
    "marolles.given_back.excuse": "the Fool's excuse",
    "marolles.given_back.card_points": "card points",
    "marolles.given_back.wrong_discard": "a wrong discard",
    "marolles.given_back.discard": "a discard",
    "marolles.given_back.fool_not_excused": "the Fool not excused",
    # the sources of payment in the tables of scores
    "marolles.source.declarations": "declarations",
    "marolles.source.tarots": "Tarots played",
    "marolles.source.belle": "la Belle",
    "marolles.source.ultimo": "Ultimo",
    "marolles.source.card_points": "card points",
    "marolles.source.penalties": "penalties",
    "marolles.noun.counting_card.one": "{n} counting card", "marolles.noun.counting_card.many": "{n} counting cards",
    "marolles.noun.empty.one": "{n} empty", "marolles.noun.empty.many": "{n} empties",
    "marolles.note.cut": "The declarations row includes the cut card: {payee} received {amount} M from each "
                         "for {card}, a Tarot.",
    "marolles.note.forfeit": "The penalties row includes what a forfeit gave back, which the other rows still "
                             "count as received: {given}.",
    "marolles.note.forfeit.seat": "{name} {amount} M",
    "marolles.start.mort": "{cards} are dealt face down to le Mort; one joins each trick.",
    "marolles.start.cut": "Cut card: {token} ({card}), shown to all and dealt to {dealer}.",
    "marolles.forfeit": "{name} forfeits for {cause}: he receives nothing more this deal (no declaration, "
                        "Tarot, la Belle, Ultimo or card points pays him){back}. He still pays.",
    "marolles.forfeit.discard": "discarding too few cards",
    "marolles.forfeit.revoke": "a revoke",
    "marolles.forfeit.back_all": "; what he had received this deal goes back",
    "marolles.forfeit.back_since": "; what he had received since the revoke goes back",
    "marolles.forfeit.lost.tarot": "his {card} winning its trick",
    "marolles.forfeit.lost.belle": "la Belle",
    "marolles.forfeit.lost.ultimo": "the Ultimo",
    "marolles.forfeit.nothing.one": "({name} has forfeited: {lost} pays him nothing.)",
    "marolles.forfeit.nothing.many": "({name} has forfeited: {lost} pay him nothing.)",
    "marolles.discards": "{name} discards {what}{stop}.",
    "marolles.discards.stop": " and stops (too few discards)",
    "marolles.declares": "{name} declares {title}, showing {cards}.",
    "marolles.declares.forfeited": "({name} has forfeited: nobody pays him for it.)",
    "marolles.declares.holds_one": "{name} holds one of XXI, I and the Fool: he pays nothing.",
    "marolles.declares.nothing": "{name} declares nothing.",
    "marolles.owns_up": "{name} owns up to a revoke: the cards played from it on go back to their hands "
                        "({cards}), and the play resumes at trick {trick}, where {name} now follows the "
                        "rules. No penalty.",
    "marolles.redeal.ask": "{name} asks for a redeal.",
    "marolles.redeal.keep": "{name} keeps the hand.",
    "marolles.redeal.grants": "{name} grants the redeal.",
    "marolles.redeal.refuses": "{name} refuses the redeal.",
    "marolles.header.discard": "{what}. Discards go to your own pile{cost}.",
    "marolles.header.discard.first": "Discard {cards}",
    "marolles.header.discard.chosen": "Chosen so far: {cards}; {left} more to discard",
    "marolles.header.discard.cost": "; a trump, the Fool or a King costs 2 M to each opponent",
    "marolles.header.show": "Show {cards} for {title}.",
    "marolles.header.show.yours": "your declaration",
    "marolles.header.declare": "Your declarations (voluntary; the cards shown become public).",
    "marolles.header.redeal": "Ask for a redeal of a bad hand (`redeal`; {who}) or keep it (`done`)?",
    "marolles.header.redeal.two": "your opponent must grant it, and you pay him {cost} M",
    "marolles.header.redeal.three": "both others must grant it, and you pay each {cost} M",
    "marolles.header.grant": "A redeal is asked for: `grant` it or `refuse` it?",
    "marolles.legend.revokes": "keeps the rules, the others would be revokes",
    "marolles.revoked": "You revoked in trick {trick}. `acknowledge_revoke` owns up to it: the cards played "
                        "from it on go back and you follow the rules there, without penalty. Once the second "
                        "trick after it is gathered it costs 1 M to each opponent and you score nothing from "
                        "it on.",
    "marolles.label.declaration": "{token}: {title}, {value} M {each}",
    "marolles.label.from_each": "from each",
    "marolles.label.from_each_none": "from each holding none",
    "marolles.label.stop_short": "{token}: stop short (1 M to each, and forfeit)",
    "marolles.count.annulled": "The hand was annulled: {name} was granted a redeal.",
    "marolles.count.packets": "Each pile (tricks won and own discards) is counted in packets of three: a "
                              "counting card with two empties scores its value (Tarots 5, Queens 4, Cavaliers "
                              "3, Jacks 2), three empties score 1.",
    "marolles.count.fool_exchange": "For the Fool kept in trick {trick}, {owner} gave {winner} {what} before "
                                    "the count (fool_exchange=give_empty_card).",
    "marolles.count.fool_exchange.empty": "an empty card, {card},",
    "marolles.count.fool_exchange.fool": "the Fool itself, having no empty card,",
    "marolles.count.seat": "{name}: {points} points",
    "marolles.count.engine": "    (the engine counts {points})",
    "marolles.count.never": " (never turned up)",
    "marolles.count.mort": "Le Mort's pile ({cards}: {what}) counts for no one: in packets of three it would "
                           "make {points}, which the players' points leave out.",
    "marolles.pay.cut": "the cut card, {card}, is a Tarot",
    "marolles.pay.declaration": "{payee} declared {title}",
    "marolles.pay.qui_na_le_sien": "{payee} declared Qui n'a le sien and {payer} holds none of XXI, I and the Fool",
    "marolles.pay.tarot.captured": "{payer}'s {card} captured by {winner}",
    "marolles.pay.tarot.won": "{payee}'s {card} won its trick",
    "marolles.pay.excuse": "{payee} excused the Fool",
    "marolles.pay.belle": "{payee} played la Belle ({card})",
    "marolles.pay.ultimo.failed": "Ultimo failed: {payer}'s {card} captured in the last trick by {winner}",
    "marolles.pay.ultimo": "Ultimo: {payee} won the last trick with {card}",
    "marolles.pay.card_points": "card points ({payer} {payer_points}, {payee} {payee_points})",
    "marolles.pay.card_points.plain": "card points",
    "marolles.pay.discard": "{payer} discarded a trump or a Tarot",
    "marolles.pay.wrong_discard": "{payer} discarded too few cards",
    "marolles.pay.fool_not_excused": "{payer} held the Fool to the last trick (never excused)",
    "marolles.pay.revoke.trick": "{payer} revoked in trick {trick} ({card})",
    "marolles.pay.revoke": "{payer} revoked",
    "marolles.pay.forfeit": "{payer} has forfeited: he gives back the {amount} M {payee} paid him{when} ({why})",
    "marolles.pay.forfeit.when": " in trick {trick}",
    "marolles.pay.redeal": "{payer} was granted a redeal",
})


class MarollesExplainer(Explainer):
    """Marolles at the table: discards and declarations narrated, the rules of each phase, every
    payment in words, the piles counted in packets of three."""

    messages = "marolles"
    card_phases = {"discard": "verb.discard", "show": "verb.show"}

    def source_note(self, deal: Deal, names: Sequence[str]) -> str | None:
        md = cast("MarollesDeal", deal)
        entries = deal.ledger.entries
        cut = [e for e in entries if e.reason == "cut"]
        notes = []
        if cut:
            notes.append(say("marolles.note.cut", payee=names[cut[0].payee], amount=cut[0].amount,
                             card=format_card(md.cut_card, deal.notation)))
        back: dict[int, int] = {}
        for e in entries:
            if e.reason == "forfeit":
                back[e.payer] = back.get(e.payer, 0) + e.amount
        if back:
            given = ", ".join(say("marolles.note.forfeit.seat", name=names[s], amount=m) for s, m in back.items())
            notes.append(say("marolles.note.forfeit", given=given))
        return "\n".join(notes) or None

    def start(self, deal: Deal, names: Sequence[str]) -> Lines:
        md = cast("MarollesDeal", deal)
        cut, n = md.cut_card, deal.notation
        out = Lines()
        if cast("MarollesDeal", deal).MORT:  # (first: the cut card's payment follows its line)
            out.add(say("marolles.start.mort", cards=plural(len(md.mort_cards), "noun.card")))
        out.add(say("marolles.start.cut", token=format_card(cut, n), card=card_words(cut, n),
                    dealer=names[deal.dealer]))
        return out

    def narrate(self, deal: Deal, names: Sequence[str], reveal: set[int], seat: int, phase: str,
                action: int, state: dict) -> Lines:
        md = cast("MarollesDeal", deal)
        out = Lines()
        if phase == "discard":
            self._discard(out, md, names, reveal, seat, action, state)
        elif phase in ("declare", "show"):
            self._declarations(out, md, names, seat, phase, action, state)
        elif phase == "play" and action == ACKNOWLEDGE_REVOKE:
            self._owned_up(out, md, names, seat, state)
        elif phase == "redeal":
            out.add(say("marolles.redeal.ask" if action != DONE else "marolles.redeal.keep", name=names[seat]))
        elif phase == "grant":
            grants = deal.action_token(action) == "grant"
            out.add(say("marolles.redeal.grants" if grants else "marolles.redeal.refuses", name=names[seat]))
        self._forfeits(out, md, names, phase, state)
        return out

    def _forfeits(self, out: Lines, deal: MarollesDeal, names: Sequence[str], phase: str, state: dict) -> None:
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
            discard = phase == "discard"
            back = ("marolles.forfeit.back_all" if deal.options["forfeit_scope"] == "void_all_hand_receipts" else
                    "marolles.forfeit.back_since"
                    if not discard and deal.options["revoke_handling"].endswith("_window") else None)
            out.fit(say("marolles.forfeit", name=names[s], back=say(back) if back else "",
                        cause=say("marolles.forfeit.discard" if discard else "marolles.forfeit.revoke")),
                    "", "announce")
        state["forfeited"] = now
        k = len(deal.tricks)
        if phase == "play" and now and k > state.get("tricks", 0):
            self._forfeited_receipts(out, deal, names, now)
        state["tricks"] = k

    def _forfeited_receipts(self, out: Lines, deal: MarollesDeal, names: Sequence[str], now: set[int]) -> None:
        """What the last trick would have paid a player who has forfeited."""
        leader, cards, winner = deal.tricks[-1]
        for i, c in enumerate(cards):
            s = deal.trick_seat(leader, i)
            if s is None or s not in now:
                continue
            lost = []
            if s == winner and TAROTS >> c & 1 and c != FOOL:
                lost.append(say("marolles.forfeit.lost.tarot", card=card_words(c, deal.notation)))
            if c == BELLE:
                lost.append(say("marolles.forfeit.lost.belle"))
            if s == winner and len(deal.tricks) == deal.TRICKS and ULTIMO_CARDS >> c & 1:
                lost.append(say("marolles.forfeit.lost.ultimo"))
            if lost:
                key = "marolles.forfeit.nothing.many" if len(lost) > 1 else "marolles.forfeit.nothing.one"
                out.fit(say(key, name=names[s], lost=" and ".join(lost)), "  ", "announce")

    def _discard(self, out: Lines, deal: MarollesDeal, names: Sequence[str], reveal: set[int], seat: int,
                 action: int, state: dict) -> None:
        """A seat's discard, told once it is complete: its cards to the seat itself."""
        pending = state.setdefault("discards", {})
        if action != DONE:
            pending.setdefault(seat, []).append(action)
            if deal.phase == "discard" and deal.to_play == seat:
                return  # more to come: say it once, with the penalties after
        cards = pending.pop(seat, [])
        if seat in reveal and cards:  # in the order of the hand, not as pushed
            what = " ".join(format_card(c, deal.notation) for c in in_display_order(cards, deal.card_power))
        else:
            what = plural(len(cards), "noun.card")
        out.add(say("marolles.discards", name=names[seat], what=what,
                    stop=say("marolles.discards.stop") if action == DONE else ""))

    def _declarations(self, out: Lines, deal: MarollesDeal, names: Sequence[str], seat: int, phase: str,
                      action: int, state: dict) -> None:
        """The declarations shown since the last action, with who pays nothing for them."""
        declared = state.setdefault("declared", set())
        n = deal.notation
        for s, a, cs in deal.shown[state.get("shown", 0):]:
            declared.add(s)
            out.add(say("marolles.declares", name=names[s], title=declaration_title(deal, a),
                        cards=" ".join(format_card(c, n) for c in in_display_order(cs, suit_power))), "announce")
            if s in state.get("forfeited", set()):
                out.fit(say("marolles.declares.forfeited", name=names[s]), "  ", "announce")
            elif a == QUI_NA_LE_SIEN and not deal.forfeited[s]:
                # who does not pay holds one of the three: the table sees it, and is told why
                payers = {p.payer for p in deal.ledger.entries if p.reason == "qui_na_le_sien" and p.payee == s}
                for o in range(deal.players):
                    if o != s and o not in payers:
                        out.fit(say("marolles.declares.holds_one", name=names[o]), "  ")
        state["shown"] = len(deal.shown)
        if action == DONE and phase == "declare" and seat not in declared:
            out.add(say("marolles.declares.nothing", name=names[seat]))

    def _owned_up(self, out: Lines, deal: MarollesDeal, names: Sequence[str], seat: int, state: dict) -> None:
        """A revoke owned up to: every card played from it on goes back, those of a trick not
        yet complete too (told here: no trick line ever shows them)."""
        back = deal.taken_back[state.get("taken_back", 0):]
        state["taken_back"] = len(deal.taken_back)
        cards = ", ".join(f"{names[s]} {format_card(c, deal.notation)}" for s, c in back)
        out.add(say("marolles.owns_up", name=names[seat], cards=cards, trick=len(deal.tricks) + 1), "announce")

    def header(self, deal: Deal, view: View, chosen: Sequence[int], names: Sequence[str]) -> str | None:
        n = deal.notation
        if view.phase == "discard":
            slots = pending_cards(deal)[0]
            what = (say("marolles.header.discard.first", cards=plural(slots, "noun.card")) if not chosen else
                    say("marolles.header.discard.chosen", cards=" ".join(format_card(c, n) for c in chosen),
                        left=slots - len(chosen)))
            cost = "" if deal.options["illegal_discard"] == "forbidden" else say("marolles.header.discard.cost")
            return say("marolles.header.discard", what=what, cost=cost)
        if view.phase == "show":
            left = pending_cards(deal)[0] - len(chosen)
            title = (declaration_title(deal, view.pending_declaration)
                     if view.pending_declaration is not None else say("marolles.header.show.yours"))
            return say("marolles.header.show", cards=plural(left, "noun.more_card"), title=title)
        if view.phase == "declare":
            return say("marolles.header.declare")
        if view.phase == "redeal":
            cost = deal.options["bad_hand_redeal"]
            who = say("marolles.header.redeal.two" if deal.players == 2 else "marolles.header.redeal.three",
                      cost=cost)
            return say("marolles.header.redeal", who=who)
        if view.phase == "grant":
            return say("marolles.header.grant")
        return super().header(deal, view, chosen, names)

    def help(self, deal: Deal, seat: int) -> list[str]:
        return rules_help(cast("MarollesDeal", deal), seat)

    def marked_cards(self, deal: Deal, view: View) -> CardSet:
        """With revokes allowed every card may be played: the ones that keep the obligations
        are marked."""
        if view.options.get("revoke_handling", "engine_prevents") != "engine_prevents":
            return cast("MarollesDeal", deal).lawful_cards()
        return super().marked_cards(deal, view)

    def mark_legend(self, deal: Deal, view: View) -> str:
        if view.options.get("revoke_handling", "engine_prevents") != "engine_prevents":
            return say("marolles.legend.revokes")
        return super().mark_legend(deal, view)

    def table_lines(self, deal: Deal, view: View, marked: CardSet, names: Sequence[str]) -> list:
        own = view.extra.get("revokes_to_acknowledge", [])
        if view.phase != "play" or not own:
            return []
        return [Line(say("marolles.revoked", trick=own[0] + 1), "announce")]

    def action_name(self, deal: Deal, action: int) -> str:
        return declaration_title(deal, action)

    def action_label(self, deal: Deal, action: int) -> str:
        tok = deal.action_token(action)
        if action != DONE and deal.phase == "declare":
            v = cast("MarollesDeal", deal).declaration_value(action)
            each = say("marolles.label.from_each_none" if action == QUI_NA_LE_SIEN else "marolles.label.from_each")
            return say("marolles.label.declaration", token=tok, title=declaration_title(deal, action), value=v,
                       each=each)
        if action == DONE and deal.phase == "discard":
            return say("marolles.label.stop_short", token=tok)
        return tok

    def end_of_deal(self, deal: Deal, names: Sequence[str]) -> Lines:
        md = cast("MarollesDeal", deal)
        r = deal.result()
        out = Lines()
        if "redeal" in r.info:
            out.add(say("marolles.count.annulled", name=names[r.info["redeal"]]))
            return out
        out.add(say("marolles.count.packets"))
        if "fool_exchange" in r.info:
            owner, winner, c = r.info["fool_exchange"]
            what = (say("marolles.count.fool_exchange.empty", card=card_words(c, deal.notation)) if c != FOOL
                    else say("marolles.count.fool_exchange.fool"))
            out.add(say("marolles.count.fool_exchange", trick=r.info["fool_kept"][1] + 1,
                        owner=seat_label(names, owner), winner=seat_label(names, winner), what=what))
        for s in range(deal.players):
            lines, total = explain_packets(md.piles[s], deal.notation)
            out.add(say("marolles.count.seat", name=names[s], points=r.card_points[s]), "title")
            for line in lines:
                out.fit(line, "    ")
            if total != r.card_points[s]:  # never expected: the engine and this count disagree
                out.add(say("marolles.count.engine", points=r.card_points[s]), "error")
        if "mort_pile" in r.info:
            out += self._mort_pile(md, r.info["mort_pile"])
        out += card_point_lines(deal, names)
        return out

    def _mort_pile(self, deal: MarollesDeal, pile: CardSet) -> Lines:
        """Le Mort's pile, named, the card never turned up too: the players' points leave them all out."""
        n = deal.notation
        never = mask(deal.mort_cards[deal.TRICKS:])
        cards = in_display_order(pile, suit_power)
        what = ", ".join(format_card(c, n) + (say("marolles.count.never") if never >> c & 1 else "")
                         for c in cards)
        worth = explain_packets(mask(cards), n)[1]  # as a player's pile would count
        out = Lines()
        out.fit(say("marolles.count.mort", cards=plural(len(cards), "noun.card"), what=what,
                    points=plural(worth, "noun.point")))
        return out

    def payment_reason(self, p: Payment, deal: Deal, names: Sequence[str]) -> str:
        """Why a payment was made, in words."""
        n = deal.notation
        card = card_in(p.detail, n) if p.detail else None
        words = {"payer": names[p.payer], "payee": names[p.payee],
                 "card": card_words(card, n) if card is not None else p.detail}
        r = p.reason
        if r in ("tarot", "ultimo"):
            who = player_of(deal, card, p.trick) if card is not None else None
            if who and who[0] == p.payer:
                return say(f"marolles.pay.{r}.{'captured' if r == 'tarot' else 'failed'}",
                           winner=seat_label(names, who[1]), **words)
            return say("marolles.pay.tarot.won" if r == "tarot" else "marolles.pay.ultimo", **words)
        if r == "declaration":
            return say("marolles.pay.declaration", title=declaration_title(deal, p.detail), **words)
        if r == "card_points":
            pts = deal.result().card_points if deal.is_over else None
            if pts:
                return say("marolles.pay.card_points", payer_points=pts[p.payer], payee_points=pts[p.payee],
                           **words)
            return say("marolles.pay.card_points.plain")
        if r == "revoke" and p.trick is not None:
            return say("marolles.pay.revoke.trick", trick=p.trick + 1, **words)
        if r == "forfeit":
            when = say("marolles.pay.forfeit.when", trick=p.trick + 1) if p.trick is not None else ""
            return say("marolles.pay.forfeit", amount=p.amount, when=when,
                       why=named(f"marolles.given_back.{p.detail}", p.detail), **words)
        if r in _SIMPLE_REASONS:
            return say(f"marolles.pay.{r}", **words)
        return super().payment_reason(p, deal, names)


#: Reasons of payment said by their message alone (``marolles.pay.<reason>``).
_SIMPLE_REASONS = frozenset({"cut", "qui_na_le_sien", "excuse", "belle", "discard", "wrong_discard",
                             "fool_not_excused", "revoke", "redeal"})

EXPLAINER = MarollesExplainer()


from . import explain_fr as _fr  # noqa: E402,F401  (the same sentences in French)
