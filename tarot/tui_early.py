"""What the table says in Early French Tarot (docs/rules §3): the rules of play and of the Fool's
consolation, the consolation cards as they are given, each hand's count (cards won − 12 plus
the scoring cards) and the game to 50 (``EarlyFrenchGame``, with its ``end_rule``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from rich.console import Console
from rich.text import Text

from .core.cards import FOOL, SUIT_MASKS, TRUMP_SUIT, TRUMPS, card_phrase, format_card, mask, suit_of
from .core.deal import Deal, View
from .tui import Guide, card_items, in_display_order, plural, print_fitted, wrapped
from .variants.early_french.rules import CARD_VALUES, EarlyFrenchDeal, EarlyFrenchGame

TABLE_TEXT = {
    "du_coeur_s6": "the Fool 5, XXI and I 4, Kings 4, Queens 3, Cavaliers 2, Jacks 1",
    "nominal": "the Fool, XXI, I and Kings 5, Queens 4, Cavaliers 3, Jacks 2",
    "reduced": "the Fool, XXI, I and Kings 4, Queens 3, Cavaliers 2, Jacks 1",
}


class EarlyFrenchGuide(Guide):
    """Early French Tarot at the table."""

    source_titles = {"cards": "cards won − 12", "scoring_cards": "scoring cards"}

    def start(self, out: Console, deal: Deal, names: Sequence[str]) -> None:
        aside = 78 - 12 * deal.players
        out.print(f"12 cards to each player; the other {aside} are set aside unseen and take no part.")

    def narrate(self, out: Console, deal: Deal, names: Sequence[str], reveal: set[int],
                seat: int, phase: str, action: int, state: dict) -> None:
        ed = cast("EarlyFrenchDeal", deal)
        n = deal.notation
        said = state.get("consolations", 0)
        for _, giver, receiver, card in ed.consolations[said:]:
            if card == FOOL:
                out.print(Text(f"{names[giver]} won no trick: the Fool is surrendered to "
                               f"{names[receiver]}.", style="magenta"))
            else:
                out.print(Text(f"{names[giver]} gives {names[receiver]} {card_phrase(card, n)} "
                               f"for the Fool played to trick {ed.fool_trick + 1}.",
                               style="magenta"))
        state["consolations"] = len(ed.consolations)
        if ed.debt and not state.get("owed"):
            out.print(Text(f"{names[ed.fool_owner]} has won nothing yet: the card owed to "
                           f"{names[ed.fool_receiver]} for the Fool is given after his first "
                           "trick won.", style="magenta"))
        state["owed"] = ed.debt

    def header(self, deal: Deal, view: View, chosen: Sequence[int], names: Sequence[str]) -> str | None:
        if view.phase == "consolation":
            to = names[view.extra["fool_receiver"]]
            return (f"Your Fool goes back to your pile: give {to} one card you have won, your "
                    "choice (the Fool itself excepted).")
        return super().header(deal, view, chosen, names)

    def table_lines(self, deal: Deal, view: View, marked: int, names: Sequence[str],
                    width: int | None = None) -> list:
        if view.phase != "consolation":
            return []
        pile = cast("EarlyFrenchDeal", deal).piles[view.seat] & ~1  # the cards he has won, his own knowledge
        # the ones he may give are marked, as the cards to choose are in every other phase
        items = card_items(in_display_order(pile, deal.card_power), mask(view.legal_actions), deal.notation)
        lines = wrapped("Cards you have won: ", items, width)
        for line in lines:
            line.rstrip()
        return lines

    def help(self, deal: Deal, seat: int) -> list[str]:
        v = deal.view(seat)
        n, o = deal.notation, deal.options
        out: list[str] = []
        if v.phase == "play":
            lead = next((c for c in v.trick if c != FOOL), None)
            if not v.trick:
                out.append("You lead: any card. If you lead the Fool, the next card sets the suit.")
            elif lead is None:
                out.append("The Fool was led: your card sets the suit, so any card will do.")
            elif suit_of(lead) == TRUMP_SUIT:
                out.append("Trumps were led: you must play a trump if you have one (you need not beat)."
                           if v.hand & TRUMPS else "Trumps were led and you have none: any card.")
            else:
                s = suit_of(lead)
                sn = n.suit_names_en[s]
                if v.hand & SUIT_MASKS[s]:
                    out.append(f"{sn} were led: you must follow {sn}.")
                elif v.hand & TRUMPS:
                    out.append(f"You have no {sn}: you must trump (any trump).")
                else:
                    out.append(f"You have neither {sn} nor trumps: any card.")
            out.append("The Fool may be played at any time instead; it never wins. It comes back to "
                       "your pile and you give the trick's winner a card you have won (later, if you "
                       "have none yet; if you win no trick at all, you surrender the Fool).")
            order = ("Cups and Coins K Q C J 1 2 … 10, Swords and Batons K Q C J 10 … 1"
                     if o["reverse_round_suits"] == "true" else "every suit K Q C J 10 … 1")
            out.append(f"The highest trump wins, else the highest card of the suit led ({order}).")
        elif v.phase == "consolation":
            out.append("Any card you have won may be given, the Fool excepted; its scoring value "
                       f"goes with it ({TABLE_TEXT[o['scoring_table']]}).")
        out.append(f"A hand scores 1 point per card won above 12 (minus 1 per card short) plus the "
                   f"scoring cards won: {TABLE_TEXT[o['scoring_table']]}. The game is played to "
                   f"{o['target']}.")
        return out

    def end_of_deal(self, out: Console, deal: Deal, names: Sequence[str]) -> None:
        ed = cast("EarlyFrenchDeal", deal)
        r = deal.result()
        values = CARD_VALUES[deal.options["scoring_table"]]
        base = int(deal.options["card_count_baseline"])
        out.print(f"Each hand scores its cards won less {base}, plus its scoring cards "
                  f"({TABLE_TEXT[deal.options['scoring_table']]}).")
        for s in range(deal.players):
            pile = ed.piles[s]
            scoring = [c for c in in_display_order(pile, deal.card_power) if values[c]]
            what = ", ".join(f"{format_card(c, deal.notation)} {values[c]}" for c in scoring) or "none"
            won = pile.bit_count()
            out.print(Text(f"{names[s]}: {r.scores[s]:+d}", style="bold"))
            diff = f"{won - base:+d}".replace("-", "−")  # the formula's minus sign, not a hyphen
            print_fitted(out, f"{plural(won, 'card')} won: {won} − {base} = {diff}; scoring cards "
                              f"{r.card_points[s]} ({what})", "    ")

    def after_deal(self, out: Console, deal: Deal, names: Sequence[str], state: dict) -> bool:
        ed = cast("EarlyFrenchDeal", deal)
        game = state.get("game")
        if game is None:
            game = state["game"] = EarlyFrenchGame(deal.options, dealer=deal.dealer)
        game.dealer = deal.dealer
        before = list(game.totals)
        game.add_scores(deal.result().scores, ed.running_scores())
        if game.is_over and game.result().how == "instant":
            # the hand counts as it stood when the target was reached, not as it ended
            running = ed.running_scores()
            k = next(i for i, m in enumerate(running)
                     if max(b + x for b, x in zip(before, m)) >= game.target)
            when = f"after trick {k + 1}" if k < len(deal.tricks) else "at the end of the hand"
            counted = ", ".join(f"{names[s]} {x:+d}" for s, x in enumerate(running[k]))
            out.print(f"The target was reached {when}: the hand counts as it stood then ({counted}).")
        totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(game.totals))
        out.print(f"Game to {game.target}: {totals}.")
        if not game.is_over:
            return False
        g = game.result()
        who = " and ".join(names[s] for s in g.winners)
        how = {"highest": "with the highest total", "split": "sharing the highest total",
               "instant": "reaching the target during play", "hand_limit": "at the hand limit"}[g.how]
        out.print(Text(f"The game is over after {plural(len(g.hands), 'hand')}: {who} won, {how}.",
                       style="bold"))
        return True


GUIDE = EarlyFrenchGuide()
