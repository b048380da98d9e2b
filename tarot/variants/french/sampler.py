"""The hidden cards of a French Tarot view for three to five players (docs/rules §4), for the
search bots (``Game.sampler``; the machinery every game shares is ``tarot.bots.sampling``).

Views are sampled after the écart (the bidding and the écart are left to the rule bots). The
view tells the seat's own hand, every card played, the bids, the called card, the chien if it
was shown (Prise, Garde: then in the taker's hand or écart), the trumps shown with the écart
(in it), the poignées shown (in the declarers' hands until played), and voids by the French
duty of play (``french_voids``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, cast

from ...bots.sampling import Constraints, SamplingError, checked, plays_in_order, push_shown
from ...core.actions import ACTION_IDS, DONE
from ...core.cards import FOOL, KINGS, SUIT_MASKS, TRUMP_SUIT, TRUMPS, Card, CardSet, Seat, cards_of, suit_of
from ...core.deal import Deal, View
from ...core.errors import TarotError
from ...core.tricks import TricksFacts, finished_tricks_facts
from .rules import FrenchDeal

#: The phases that can be sampled: after the écart.
FRENCH_PHASES: Final = ("chelem", "poignee", "show", "play")
PRISE, GARDE = ACTION_IDS["prise"], ACTION_IDS["garde"]
CHELEM: Final = ACTION_IDS["chelem"]
POIGNEES: Final = (ACTION_IDS["poignee_simple"], ACTION_IDS["poignee_double"], ACTION_IDS["poignee_triple"])
#: What an écart may hold besides the trumps shown with it (suit cards, no King: §4.2).
ECART_FREE: Final[CardSet] = sum(1 << c for c in range(22, 78)) & ~KINGS


def french_voids(v: View) -> list[CardSet]:
    """Cards each seat cannot hold now, from the French rules of play (docs/rules §4): follow
    the suit led, else trump, over-trumping the best trump in the trick if possible; on a
    trump lead, a higher trump if possible; the Excuse at any time (a led Excuse lets the
    second card set the suit). A player who trumps lower than the best trump in the trick
    holds no higher trump."""
    n = v.players
    out = list(finished_tricks(v.tricks, n)[1])
    if v.trick:
        _trick_voids(cast(Seat, v.leader), v.trick, n, out)
    return out


#: ``finished_tricks`` remembered: every decision of a trick sees the same finished tricks.
_FINISHED: Final[dict[tuple, TricksFacts]] = {}


def finished_tricks(tricks: Sequence, n: int) -> TricksFacts:
    """The cards of the finished ``tricks`` of a view, and the cards each seat cannot hold by
    them (``french_voids``); remembered."""
    return finished_tricks_facts(tricks, n, _finished_trick_voids, _FINISHED)


def _finished_trick_voids(leader: Seat, cards: Sequence[Card], n: int, out: list[CardSet]) -> None:
    # the trick's cards one a seat, in the order of play from the leader
    _trick_voids(leader, cards[:n], n, out)


def _trick_voids(leader: Seat, cards: Sequence[Card], n: int, out: list[CardSet]) -> None:
    """Add to ``out`` the cards each seat is shown not to hold by one trick (``french_voids``)."""
    first = 1 if cards[0] == FOOL else 0
    if first >= len(cards):
        return
    led = suit_of(cards[first])
    best = cards[first] if led == TRUMP_SUIT else 0
    for i in range(first + 1, len(cards)):
        c = cards[i]
        s = (leader + i) % n
        if c == FOOL:
            continue
        cs = suit_of(c)
        if led != TRUMP_SUIT and cs != led:
            out[s] |= SUIT_MASKS[led]
        if cs != TRUMP_SUIT and (led == TRUMP_SUIT or cs != led):
            out[s] |= TRUMPS
        if cs == TRUMP_SUIT:
            if c < best:
                out[s] |= TRUMPS & ~((2 << best) - 1)
            else:
                best = c


def chien_taken(v: View) -> bool:
    """Whether the taker took the chien into his hand, shown to all (Prise, Garde)."""
    return v.contract in (PRISE, GARDE)


def shown_cards(v: View) -> tuple[list[CardSet], CardSet]:
    """The cards each seat showed in poignées and still holds or has played, and the trumps
    the taker showed with his écart (in the écart)."""
    ecart_trumps = 0
    held_shown = [0] * v.players
    for s, a, cs in v.shown:
        if a == DONE and s == v.taker:
            ecart_trumps |= cs
        else:
            held_shown[s] |= cs
    if v.taker is not None:
        held_shown[v.taker] &= ~ecart_trumps
    return held_shown, ecart_trumps


class FrenchSampler:
    """French Tarot's sampler (``tarot.bots.sampling.Sampler``): after the écart, the other
    seats' hands, the taker's écart (Prise, Garde: suit cards other than Kings, and exactly
    the trumps shown with it) and the chien (Garde sans, Garde contre: unseen by all)."""

    def constrain(self, cons: Constraints) -> None:
        v = cons.view
        if v.phase not in FRENCH_PHASES:
            raise SamplingError(f"French Tarot positions of the {v.phase} phase are not sampled")
        n, me, taker = v.players, v.seat, v.taker
        chien = cast("type[FrenchDeal]", cons.cls).CHIEN
        taken = chien_taken(v)
        cons.unknown = cons.cls.PACK & ~(v.hand | v.discards | cons.seen_played())
        void = french_voids(v)
        held_shown, ecart_trumps = shown_cards(v)
        public_chien = v.chien if taken else 0
        cons.taken = public_chien
        for s in range(n):
            if s == me:
                continue
            ok = cons.unknown & ~void[s]
            for t in range(n):
                if t != s:
                    ok &= ~held_shown[t]
            if s != taker:
                ok &= ~public_chien & ~ecart_trumps
            cons.slots.append((s, "hand", ok & ~ecart_trumps, v.hand_sizes[s]))
            if s == taker and taken:
                ecart_ok = cons.unknown & (ECART_FREE | ecart_trumps) & ~held_shown[s]
                cons.slots.append((s, "discards", ecart_ok, chien))
        if not taken:
            ok = cons.unknown
            for t in range(n):
                ok &= ~held_shown[t]
            cons.slots.append((-1, "chien", ok & ~ecart_trumps, chien))
        for s in range(n):
            if s != me:
                for c in cards_of(held_shown[s] & cons.unknown):
                    cons.required[c] = s
        if taker is not None and taker != me:
            for c in cards_of((public_chien | ecart_trumps) & cons.unknown):
                cons.required[c] = taker

    def world(self, cons: Constraints, hands: Sequence[CardSet], discards: Sequence[CardSet],
              rng: random.Random | None, aside: CardSet) -> Deal | None:
        """The deal dealt from the hands before the chien was taken, replayed (bids, called
        card, écart, chelem, poignées, tricks) to the view's decision point."""
        v = cons.view
        try:
            deal = dealt_and_bid(cons, hands, discards, aside)
            if not replay_play(deal, v):
                return None
        except TarotError:
            return None
        return checked(deal, v)


def dealt_and_bid(cons: Constraints, hands: Sequence[CardSet], discards: Sequence[CardSet],
                  chien: CardSet) -> FrenchDeal:
    """The deal dealt from the hands of a sample (the taker's less the chien he took, with his
    écart), with the bids, the called card and the écart replayed."""
    v = cons.view
    cls = cast("type[FrenchDeal]", cons.cls)
    taker = cast(Seat, v.taker)  # the écart is made: a taker
    dealt = [hands[s] | cons.played[s] for s in range(v.players)]
    if chien_taken(v):
        chien = v.chien
        dealt[taker] = (dealt[taker] | discards[taker]) & ~chien
    deck = cls.deck_for({s: dealt[s] for s in range(v.players)}, chien, v.dealer)
    deal = cls(v.options, deck=deck, dealer=v.dealer)
    for _, a in v.bids:
        deal.push(a)
    if deal.phase == "call":
        deal.push(v.called)
    for c in cards_of(discards[taker] if deal.phase == "ecart" else 0):
        deal.push(c)
    return deal


def replay_play(deal: Deal, v: View) -> bool:
    """Replay the chelem, the poignées and the cards of ``v`` on ``deal`` up to the view's
    decision point; False if the deal comes to a decision the view does not explain."""
    n, me = v.players, v.seat
    poignees: list[list[tuple[int, CardSet]]] = [[] for _ in range(n)]
    for s, a, cs in v.shown:
        if a in POIGNEES:
            poignees[s].append((a, cs))
    plays = plays_in_order(v)
    plays.reverse()
    pending: tuple[int, list[Card]] | None = None
    if v.pending_declaration is not None:
        pending = (v.pending_declaration, cards_of(v.pending_show))
    for _ in range(4 * n + 2 * len(plays) + 10):
        ph, p = deal.phase, cast(Seat, deal.to_play)
        if ph == "over":
            break
        if ph == v.phase and p == v.to_play and not plays and not poignees[p] and pending is None:
            break
        if ph == "play":
            if not plays:
                break
            deal.push(plays.pop())
        elif ph == "chelem":
            deal.push(CHELEM if v.extra.get("chelem_announced") else DONE)
        elif ph == "poignee":
            if p == me:
                pending = _replay_poignee(deal, poignees[p], pending)
            else:
                _replay_poignee(deal, poignees[p], None)
        else:
            return False
    return True


def _replay_poignee(deal: Deal, shown: list[tuple[int, CardSet]],
                    pending: tuple[int, list[Card]] | None) -> tuple[int, list[Card]] | None:
    """The poignée decision of the seat to play, replayed: the next poignée it showed in the
    view (``shown``, the last first), else the declaration it is making (``pending``: the
    view's own seat, its cards chosen so far), else none. What stays pending is returned."""
    if shown:
        a, cs = shown.pop()
        deal.push(a)
        push_shown(deal, cs)
        return pending
    if pending is not None:
        a, chosen = pending
        deal.push(a)
        for c in chosen:
            deal.push(c)
        return None
    deal.push(DONE)
    return pending


SAMPLER: Final = FrenchSampler()
