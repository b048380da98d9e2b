"""What the table says in Early French Tarot (docs/rules §3): the rules of play and of the Fool's
consolation, the consolation cards as they are given, each hand's count (cards won − 12 plus
the scoring cards) and the game to 50 (``EarlyFrenchGame``, with its ``end_rule``, kept by the
table session). The explainer named in the game's declaration; its sentences are the
``early.*`` messages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ...core.cards import FOOL, SUIT_MASKS, TRUMP_SUIT, TRUMPS, format_card, mask, suit_of
from ...core.deal import Deal, View
from ...explain import (
    CardRow, Explainer, Lines, add_messages, card_said, in_display_order, joined, plural, say, suit_word,
)
from .rules import CARD_VALUES, EarlyFrenchDeal, EarlyFrenchGame

add_messages({
    # the scoring tables (option scoring_table), as the help and the count write them
    "early.table.du_coeur_s6": "the Fool 5, XXI and I 4, Kings 4, Queens 3, Cavaliers 2, Jacks 1",
    "early.table.nominal": "the Fool, XXI, I and Kings 5, Queens 4, Cavaliers 3, Jacks 2",
    "early.table.reduced": "the Fool, XXI, I and Kings 4, Queens 3, Cavaliers 2, Jacks 1",
    "early.source.cards": "cards won − 12",
    "early.source.scoring_cards": "scoring cards",
    "early.start": "12 cards to each player; the other {aside} are set aside unseen and take no part.",
    "early.surrendered": "{giver} won no trick: the Fool is surrendered to {receiver}.",
    "early.gives": "{giver} gives {receiver} {card} for the Fool played to trick {trick}.",
    "early.owed": "{owner} has won nothing yet: the card owed to {receiver} for the Fool is given after his "
                  "first trick won.",
    "early.header.consolation": "Your Fool goes back to your pile: give {receiver} one card you have won, your "
                                "choice (the Fool itself excepted).",
    "early.won_cards": "Cards you have won: ",
    "early.help.lead": "You lead: any card. If you lead the Fool, the next card sets the suit.",
    "early.help.fool_led": "The Fool was led: your card sets the suit, so any card will do.",
    "early.help.trumps_led": "Trumps were led: you must play a trump if you have one (you need not beat).",
    "early.help.trumps_led.none": "Trumps were led and you have none: any card.",
    "early.help.follow": "{suit} were led: you must follow {suit}.",
    "early.help.trump": "You have no {suit}: you must trump (any trump).",
    "early.help.any": "You have neither {suit} nor trumps: any card.",
    "early.help.fool": "The Fool may be played at any time instead; it never wins. It comes back to your pile "
                       "and you give the trick's winner a card you have won (later, if you have none yet; if "
                       "you win no trick at all, you surrender the Fool).",
    "early.help.order": "The highest trump wins, else the highest card of the suit led ({order}).",
    "early.help.order.reversed": "Cups and Coins K Q C J 1 2 … 10, Swords and Batons K Q C J 10 … 1",
    "early.help.order.plain": "every suit K Q C J 10 … 1",
    "early.help.consolation": "Any card you have won may be given, the Fool excepted; its scoring value goes "
                              "with it ({table}).",
    "early.help.score": "A hand scores 1 point per card won above 12 (minus 1 per card short) plus the scoring "
                        "cards won: {table}. The game is played to {target}.",
    "early.count": "Each hand scores its cards won less {base}, plus its scoring cards ({table}).",
    "early.count.seat": "{name}: {score:+d}",
    "early.count.card_value": "{card} {value}",
    "early.game.seat_total": "{name} {total}",
    "early.game.seat_score": "{name} {score:+d}",
    "early.count.cards": "{cards} won: {won} − {base} = {diff}; scoring cards {points} ({what})",
    "early.count.none": "none",
    "early.game.instant": "The target was reached {when}: the hand counts as it stood then ({counted}).",
    "early.game.after_trick": "after trick {trick}",
    "early.game.at_end": "at the end of the hand",
    "early.game.totals": "Game to {target}: {totals}.",
    "early.game.over": "The game is over after {hands}: {who} won, {how}.",
    "early.game.how.highest": "with the highest total",
    "early.game.how.split": "sharing the highest total",
    "early.game.how.instant": "reaching the target during play",
    "early.game.how.hand_limit": "at the hand limit",
})


class EarlyFrenchExplainer(Explainer):
    """Early French Tarot at the table."""

    messages = "early"
    target_game = EarlyFrenchGame

    def start(self, deal: Deal, names: Sequence[str]) -> Lines:
        out = Lines()
        out.add(say("early.start", aside=78 - 12 * deal.players))
        return out

    def narrate(self, deal: Deal, names: Sequence[str], reveal: set[int],
                seat: int, phase: str, action: int, state: dict) -> Lines:
        ed = cast("EarlyFrenchDeal", deal)
        out = Lines()
        for _, giver, receiver, card in ed.consolations[state.get("consolations", 0):]:
            if card == FOOL:
                out.add(say("early.surrendered", giver=names[giver], receiver=names[receiver]), "announce")
            else:
                out.add(say("early.gives", giver=names[giver], receiver=names[receiver],
                            card=card_said(card, deal.notation), trick=ed.fool_trick + 1), "announce")
        state["consolations"] = len(ed.consolations)
        if ed.debt and not state.get("owed"):
            out.add(say("early.owed", owner=names[ed.fool_owner], receiver=names[ed.fool_receiver]), "announce")
        state["owed"] = ed.debt
        return out

    def header(self, deal: Deal, view: View, chosen: Sequence[int], names: Sequence[str]) -> str | None:
        if view.phase == "consolation":
            return say("early.header.consolation", receiver=names[view.extra["fool_receiver"]])
        return super().header(deal, view, chosen, names)

    def table_lines(self, deal: Deal, view: View, marked: int, names: Sequence[str]) -> list:
        if view.phase != "consolation":
            return []
        pile = cast("EarlyFrenchDeal", deal).piles[view.seat] & ~1  # the cards he has won, his own knowledge
        # the ones he may give are marked, as the cards to choose are in every other phase
        return [CardRow(say("early.won_cards"), tuple(in_display_order(pile, deal.card_power)),
                        mask(view.legal_actions))]

    def help(self, deal: Deal, seat: int) -> list[str]:
        v = deal.view(seat)
        o = deal.options
        table = say(f"early.table.{o['scoring_table']}")
        out: list[str] = []
        if v.phase == "play":
            out.append(_duty(deal, v))
            out.append(say("early.help.fool"))
            order = say("early.help.order.reversed" if o["reverse_round_suits"] == "true" else "early.help.order.plain")
            out.append(say("early.help.order", order=order))
        elif v.phase == "consolation":
            out.append(say("early.help.consolation", table=table))
        out.append(say("early.help.score", table=table, target=o["target"]))
        return out

    def end_of_deal(self, deal: Deal, names: Sequence[str]) -> Lines:
        ed = cast("EarlyFrenchDeal", deal)
        r = deal.result()
        values = CARD_VALUES[deal.options["scoring_table"]]
        base = int(deal.options["card_count_baseline"])
        out = Lines()
        out.add(say("early.count", base=base, table=say(f"early.table.{deal.options['scoring_table']}")))
        for s in range(deal.players):
            pile = ed.piles[s]
            scoring = [c for c in in_display_order(pile, deal.card_power) if values[c]]
            what = (", ".join(say("early.count.card_value", card=format_card(c, deal.notation), value=values[c])
                              for c in scoring) or say("early.count.none"))
            won = pile.bit_count()
            out.add(say("early.count.seat", name=names[s], score=r.scores[s]), "title")
            diff = f"{won - base:+d}".replace("-", "−")  # the formula's minus sign, not a hyphen
            out.fit(say("early.count.cards", cards=plural(won, "noun.card"), won=won, base=base, diff=diff,
                        points=r.card_points[s], what=what), "    ")
        return out

    def after_deal(self, deal: Deal, names: Sequence[str], game, before: Sequence[int]) -> Lines:
        """The game to its target after this hand (``game`` has counted it; ``before``: the
        totals before it)."""
        ed = cast("EarlyFrenchDeal", deal)
        out = Lines()
        if game.is_over and game.result().how == "instant":
            # the hand counts as it stood when the target was reached, not as it ended
            running = ed.running_scores()
            k = next(i for i, m in enumerate(running)
                     if max(b + x for b, x in zip(before, m)) >= game.target)
            when = (say("early.game.after_trick", trick=k + 1) if k < len(deal.tricks)
                    else say("early.game.at_end"))
            counted = ", ".join(say("early.game.seat_score", name=names[s], score=x) for s, x in enumerate(running[k]))
            out.add(say("early.game.instant", when=when, counted=counted))
        totals = ", ".join(say("early.game.seat_total", name=names[s], total=t) for s, t in enumerate(game.totals))
        out.add(say("early.game.totals", target=game.target, totals=totals))
        if game.is_over:
            g = game.result()
            out.add(say("early.game.over", hands=plural(len(g.hands), "noun.hand"),
                        who=joined([names[s] for s in g.winners]), how=say(f"early.game.how.{g.how}")), "title")
        return out


def _duty(deal: Deal, v: View) -> str:
    """What the card to play must be (§3.1: follow, else trump, any trump)."""
    lead = next((c for c in v.trick if c != FOOL), None)
    if not v.trick:
        return say("early.help.lead")
    if lead is None:
        return say("early.help.fool_led")
    if suit_of(lead) == TRUMP_SUIT:
        return say("early.help.trumps_led" if v.hand & TRUMPS else "early.help.trumps_led.none")
    s = suit_of(lead)
    suit = suit_word(deal.notation, s)
    if v.hand & SUIT_MASKS[s]:
        return say("early.help.follow", suit=suit)
    return say("early.help.trump" if v.hand & TRUMPS else "early.help.any", suit=suit)


EXPLAINER = EarlyFrenchExplainer()


from . import explain_fr as _fr  # noqa: E402,F401  (the same sentences in French)
