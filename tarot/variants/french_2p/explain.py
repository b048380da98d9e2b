"""What the table says in French Tarot for two (docs/rules §4.5): the face-up piles shown at each
turn, the duties of the play with them, and the count of both piles against their targets.
The explainer named in the game's declaration; its sentences are the ``french_2p.*`` messages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ...core.cards import Seat
from ...core.deal import Deal, View
from ...core.ledger import Payment
from ...explain import CardRow, Explainer, Lines, add_messages, in_display_order, petit_annulment, plural, say

add_messages({
    "french_2p.noun.bout.one": "{n} bout", "french_2p.noun.bout.many": "{n} bouts",
    "french_2p.start": "21 cards to each hand and six piles of three to each player, the top card face up. "
                       "{first} leads.",
    "french_2p.among": "among his hand and face-up pile cards, ",
    "french_2p.piles.yours": "Your piles (face-up card/face-down cards under it): ",
    "french_2p.piles.opponent": "Opponent piles (face-up card/face-down cards under it): ",
    "french_2p.help.piles": "Your face-up pile cards are played as if they were in your hand; after each trick "
                            "the next card of a pile played from is turned up.",
    "french_2p.help.duties": "Follow suit; if you cannot, trump; on a trump lead play a higher trump if you "
                             "can{bind} The Excuse may be played at any time: it does not win the trick (unless "
                             "you have won every trick and lead it to the last) and you keep it, giving a "
                             "half-point card for it; played to the last trick it goes to your opponent.",
    "french_2p.help.bind": " (your face-up cards count as hand for these duties).",
    "french_2p.help.free": ": these duties are judged on your hand alone, and a face-up card may be played at "
                           "any time.",
    "french_2p.help.count": "At the end each player's target comes from the bouts in his pile (56, 51, 41, 36); "
                            "exactly one reaches his and scores 25 plus the points above it. Petit au bout: the "
                            "Petit in the last trick scores 10 more for whoever wins that trick.",
    "french_2p.source.game": "the deal",
    "french_2p.source.petit_au_bout": "petit au bout",
    "french_2p.pay.game": "the deal won",
    "french_2p.pay.petit_au_bout": "petit au bout",
    "french_2p.count.annulled": "Annulled ({why}): no score.",
    "french_2p.count.seat": "{name}: {points} points with {bouts}, target {target}.",
    "french_2p.count.winner": "{name} wins the deal by {margin}: scores 25 + {margin}.",
    "french_2p.count.petit": "Petit au bout: +10 to {name}.",
})


class French2pExplainer(Explainer):
    """The two-player game: the face-up piles at each turn and the count of both piles."""

    messages = "french_2p"

    def start(self, deal: Deal, names: Sequence[str]) -> Lines:
        out = Lines()
        out.add(say("french_2p.start", first=names[1 - deal.dealer]))
        out += petit_annulment(deal, names, say("french_2p.among"))
        return out

    def narrate(self, deal: Deal, names: Sequence[str], reveal: set[int],
                seat: int, phase: str, action: int, state: dict) -> Lines:
        """Cards are told with the tricks."""
        return Lines()

    def table_lines(self, deal: Deal, view: View, marked: int, names: Sequence[str]) -> list:
        if view.phase != "play":
            return []
        out = []
        for s in (view.seat, 1 - view.seat):
            mine = s == view.seat
            out.append(CardRow(say("french_2p.piles.yours" if mine else "french_2p.piles.opponent"),
                               tuple(view.extra["face_up"][s]), marked if mine else 0,
                               tuple(f"/{k}" for k in view.extra["face_down"][s]), "  ", dim=False))
        return out

    def card_choices(self, deal: Deal, cards: Sequence[int]) -> list[int]:
        """The face-up pile cards first, pile by pile as the row above the hand shows them,
        then the hand's."""
        seat = cast(Seat, deal.to_play)
        ups = [c for c in deal.view(seat).extra["face_up"][seat] if c in cards]
        return ups + in_display_order([c for c in cards if c not in ups], deal.card_power)

    def help(self, deal: Deal, seat: int) -> list[str]:
        bind = deal.options["two_player_faceup_cards_bind_follow_suit"] == "true"
        return [say("french_2p.help.piles"),
                say("french_2p.help.duties", bind=say("french_2p.help.bind" if bind else "french_2p.help.free")),
                say("french_2p.help.count")]

    def payment_reason(self, p: Payment, deal: Deal, names: Sequence[str]) -> str:
        if p.reason in ("game", "petit_au_bout"):
            return say(f"french_2p.pay.{p.reason}")
        return super().payment_reason(p, deal, names)

    def end_of_deal(self, deal: Deal, names: Sequence[str]) -> Lines:
        info = deal.result().info
        out = Lines()
        if info.get("annulled"):
            out.add(say("french_2p.count.annulled", why=info["annulled"].replace("_", " ")))
            return out
        for s in (0, 1):
            out.add(say("french_2p.count.seat", name=names[s], points=info["points"][s],
                        bouts=plural(info["bouts"][s], "french_2p.noun.bout"), target=info["targets"][s]))
        w = info["winner"]
        out.add(say("french_2p.count.winner", name=names[w], margin=info["margin"]))
        if info.get("petit_au_bout") is not None:
            out.add(say("french_2p.count.petit", name=names[info["petit_au_bout"]]))
        return out


EXPLAINER = French2pExplainer()


from . import explain_fr as _fr  # noqa: E402,F401  (the same sentences in French)
