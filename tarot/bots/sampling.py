"""Sampling the hidden cards of a view, and building a playable deal from a sample.

A search bot sees only its seat's ``View``. To search, it *determinizes*: it deals the cards
it cannot see to the other seats in a way consistent with everything the view tells, rebuilds
the deal from those hands, replays the public history on it, and searches that deal as if all
cards were known. This module does the first three steps (``WORLDS`` lists the variants it can
sample: the Marolles games, with le Mort too, French Tarot after the écart, Early French Tarot
and French Tarot for two).

What the view tells, and how it constrains a sample (Marolles, RULES.md §1):

- the seat's own hand and discards, and every card played (``tricks``, ``trick``);
- each seat's hand size, hence how many cards each other seat discarded;
- the cut card (the bottom card, dealt to the dealer): in the dealer's hand or discards;
- the cards shown in declarations: in the declarer's hand (or discards, if declarations come
  before the discard) until he plays them;
- voids: a player who did not follow the suit led holds none of it; one who neither followed
  nor trumped holds no trump either (unless revokes are allowed and he paid for one);
- the payments: a discard penalty per trump or Tarot discarded says how many such cards each
  discard holds; a Qui n'a le sien payment says the payer held no Tarot bout.

Le Mort (``marolles-2p``, §1.10): the same for the two players; le Mort's cards are turned up
one per trick in the order they were dealt, so the sample keeps those already turned up first,
in that order, and deals it the rest of its cards from those nobody has seen (none shown, not
the cut card). A Qui n'a le sien also says that the declarer does not hold the third bout and,
if the other player did not pay, that he holds it.

Early French Tarot (``early-french``, RULES.md §3; any number of players, either direction):
the seat's own hand and every card played; the hand sizes; voids as in Marolles (follow, else
trump; on a trump lead, trump if possible; the Fool at any time; no over-trumping), with the
seats taken in the direction of play; the cards set aside (``78 - 12n``) are any of the cards
nobody has seen. The Fool's consolation cards are public (``extra``) and replayed as given.

French Tarot for two (``french-2p``, §4.5): the seat's own hand, both players' face-up pile
cards, the number of face-down cards in each pile, the cards played. The view does not say
which played cards came from a pile, so each sample draws that too (``Constraints.pile_history``,
working back from the present: each card a player played came from his hand or from the top of
one of his piles; the piles hold as many played cards as their depth says; a pile card was face
up from the end of the trick that uncovered it; every play must have been legal on the hand
and face-up cards of its time, which gives the voids of the other player's hand). The face-down
cards are any of the cards nobody has seen.

Every sample is then *checked*: the deal rebuilt from it and replayed must show the seat
exactly its view (hand, discards, hand sizes, declarations, tricks, payments, legal actions).
A sample that fails (a constraint the sampler does not model, e.g. a tier declared under
``declarations_must_be_maximal``) is drawn again.

>>> import random, tarot
>>> from tarot.bots import make_bot
>>> deal = tarot.new_deal("marolles-1637", seed=5)
>>> bots = [make_bot("rule", seed=s) for s in range(3)]
>>> while deal.phase != "play" or len(deal.tricks) < 3:
...     deal.push(bots[deal.to_play].act(deal.view(deal.to_play)))
>>> view = deal.view(deal.to_play)
>>> world = sample_world(view, random.Random(1))
>>> public_view(world.view(view.seat)) == public_view(view)
True

Standard library only; no I/O.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..core.actions import ACTION_IDS, DONE
from ..core.cards import (
    FOOL, KINGS, SUIT_MASKS, TRIOMPHES, TRUMP_SUIT, TRUMPS, BOUTS, Card, CardSet, Seat, cards_of,
    mask, suit_of,
)
from ..core.deal import Deal, View, variant_class
from ..core.errors import TarotError
from ..variants.french_2p import HAND as HAND_2P
from ..variants.french_2p import PILE_DEPTH, PILES, layout

#: Cards whose discard costs a penalty in Marolles (triomphes and Kings: §1.4).
NO_DISCARD: CardSet = TRIOMPHES | KINGS
#: The variants whose views can be sampled.
MAROLLES_WORLDS = ("marolles-1637", "marolles-78", "marolles-2p")
FRENCH_WORLDS = ("fft-3p", "fft-4p", "fft-5p")
EARLY_FRENCH, FRENCH_2P = "early-french", "french-2p"
WORLDS = MAROLLES_WORLDS + FRENCH_WORLDS + (EARLY_FRENCH, FRENCH_2P)
#: French Tarot phases that can be sampled: after the écart (the bidding and the écart are
#: left to the rule bots).
FRENCH_PHASES = ("chelem", "poignee", "show", "play")


PRISE, GARDE = ACTION_IDS["prise"], ACTION_IDS["garde"]
QUI_NA_LE_SIEN = ACTION_IDS["qui_na_le_sien"]
CHELEM = ACTION_IDS["chelem"]
POIGNEES = (ACTION_IDS["poignee_simple"], ACTION_IDS["poignee_double"], ACTION_IDS["poignee_triple"])
#: French Tarot: what an écart may hold besides the trumps shown with it (suit cards, no King).
ECART_FREE: CardSet = sum(1 << c for c in range(22, 78)) & ~KINGS


class SamplingError(TarotError):
    """No consistent sample was found (or the variant cannot be sampled)."""


def can_sample(variant: str) -> bool:
    """Whether ``sample_world`` supports ``variant``."""
    return variant in WORLDS


def public_view(v: View) -> tuple:
    """The parts of a view a consistent sample must reproduce exactly."""
    return (v.phase, v.to_play, v.hand, v.discards, v.hand_sizes, v.cut_card, v.shown, v.tricks,
            v.leader, v.trick, v.payments, v.legal_actions, v.pending_show, v.pending_declaration,
            v.bids, v.contract, v.taker, v.chien, v.called, v.partner, v.table, dict(v.extra))


# ----- dealing from hands -----------------------------------------------------------------
def deal_positions(cls: type[Deal], options, dealer: Seat) -> list[Seat]:
    """The hand that receives each card of the deck, top card first, -1 for a card dealt to
    no one: the engine's own ``deal_slots`` (``MarollesDeal``, ``EarlyFrenchDeal``)."""
    return list(cls.deal_slots(options, dealer))


def deck_from_hands(cls: type[Deal], options, dealer: Seat, dealt: Sequence[CardSet],
                    cut: Card | None, rng: random.Random | None = None, aside: CardSet = 0,
                    first: Mapping[int, Sequence[Card]] | None = None) -> list[Card]:
    """A deck order that deals exactly ``dealt`` (one card set per hand of ``deal_positions``)
    with ``cut`` (one of the dealer's cards; None: the game has no cut card) at the bottom and
    ``aside`` where nobody is dealt; each hand's cards in random order if ``rng`` is given,
    except ``first[hand]``: cards dealt first to that hand, in that order (le Mort's cards
    already turned up)."""
    queues = [cards_of(h) for h in dealt]
    if rng is not None:
        for q in queues:
            rng.shuffle(q)
    if cut is not None:
        if not dealt[dealer] >> cut & 1:
            raise SamplingError("the cut card must be dealt to the dealer")
        queues[dealer].remove(cut)
        queues[dealer].append(cut)
    for h, cards in (first or {}).items():
        lead = mask(cards)
        if lead & ~dealt[h]:
            raise SamplingError("the cards dealt first to a hand must be in that hand")
        queues[h] = list(cards) + [c for c in queues[h] if not lead >> c & 1]
    queues.append(cards_of(aside))  # hand -1: the cards dealt to no one
    for q in queues:
        q.reverse()  # pop() from the end takes them in order
    slots = deal_positions(cls, options, dealer)
    if [slots.count(s) for s in (*range(len(dealt)), -1)] != [len(q) for q in queues]:
        raise SamplingError("the hands do not have the sizes the deal gives")
    return [queues[s].pop() for s in slots]


# ----- what the view tells ----------------------------------------------------------------
def direction(v: View) -> int:
    """1 if seat ``s + 1`` plays after seat ``s``, -1 if seat ``s - 1`` does (Early French
    Tarot played clockwise)."""
    return -1 if v.options.get("direction") == "clockwise" else 1


def played_by(v: View) -> list[CardSet]:
    """The cards each seat has played so far (not le Mort's)."""
    n, step = v.players, direction(v)
    out = [0] * n
    for leader, cards, _ in v.tricks:
        for i, c in enumerate(cards[:n]):
            out[(leader + step * i) % n] |= 1 << c
    if v.trick:
        for i, c in enumerate(v.trick):
            out[(v.leader + step * i) % n] |= 1 << c
    return out


def voids(v: View) -> list[CardSet]:
    """Cards each seat cannot hold now, from failures to follow or to trump (Marolles, Early
    French Tarot: follow the suit led, else trump; the Fool may always be played; a led Fool
    lets the second card set the suit). A player who paid for a revoke in a trick tells
    nothing in it."""
    n, step = v.players, direction(v)
    out = [0] * n
    revokes = {(p.payer, p.trick) for p in v.payments if p.reason == "revoke"}
    # a revoke is paid only to opponents who have not forfeited: once all others have, it
    # is silent, and so is the forfeit it brings
    forfeits = {p.payer: -1 for p in v.payments if p.reason == "wrong_discard"}
    for p in v.payments:
        if p.reason == "revoke":
            forfeits.setdefault(p.payer, p.trick)
    revoke_silent = v.options.get("revoke_handling", "engine_prevents") != "engine_prevents"
    tricks = [(leader, cards[:n], t) for t, (leader, cards, _) in enumerate(v.tricks)]
    if v.trick:
        tricks.append((v.leader, v.trick, len(v.tricks)))
    for leader, cards, t in tricks:
        lead_i = 1 if cards[0] == FOOL else 0
        if lead_i >= len(cards):
            continue
        led = suit_of(cards[lead_i])
        for i in range(lead_i + 1, len(cards)):
            c = cards[i]
            s = (leader + step * i) % n
            if c == FOOL or (s, t) in revokes:
                continue
            if revoke_silent and sum(f <= t for f in forfeits.values()) >= n - 1:
                continue  # a revoke may have gone unpaid (and its forfeit unseen)
            cs = suit_of(c)
            if led == TRUMP_SUIT:
                if cs != TRUMP_SUIT:
                    out[s] |= TRUMPS
            elif cs != led:
                out[s] |= SUIT_MASKS[led]
                if cs != TRUMP_SUIT:
                    out[s] |= TRUMPS
    return out


def french_voids(v: View) -> list[CardSet]:
    """Cards each seat cannot hold now, from the French rules of play (RULES.md §4): follow
    the suit led, else trump, over-trumping the best trump in the trick if possible; on a
    trump lead, a higher trump if possible; the Excuse at any time (a led Excuse lets the
    second card set the suit). A player who trumps lower than the best trump in the trick
    holds no higher trump."""
    n = v.players
    out = [0] * n
    tricks = [(leader, cards[:n]) for leader, cards, _ in v.tricks]
    if v.trick:
        tricks.append((v.leader, v.trick))
    for leader, cards in tricks:
        first = 1 if cards[0] == FOOL else 0
        if first >= len(cards):
            continue
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
    return out


def duty_void(lead: Card, card: Card) -> CardSet:
    """French Tarot for two: the cards that a player who answered ``lead`` with ``card`` did
    not hold where his duty was judged (follow suit, else trump; on a trump lead, a higher
    trump if possible; the Excuse at any time, and anything after a led Excuse)."""
    if lead == FOOL or card == FOOL:
        return 0
    led, cs = suit_of(lead), suit_of(card)
    if led != TRUMP_SUIT:
        if cs == led:
            return 0
        return SUIT_MASKS[led] | (0 if cs == TRUMP_SUIT else TRUMPS)
    if cs != TRUMP_SUIT:
        return TRUMPS
    return 0 if card > lead else TRUMPS & ~((2 << lead) - 1)


class PileHistory(NamedTuple):
    """French Tarot for two: where the played cards came from (``Constraints.pile_history``)."""

    #: ``stacks[seat][pile]``: the played cards that pile held, bottom first.
    stacks: list[list[list[Card]]]
    #: The cards each seat played from its hand.
    from_hand: list[CardSet]
    #: Cards the other player's present hand cannot hold, from his plays.
    void: CardSet


class Constraints:
    """The slots hidden cards can go to, with their sizes, and which cards each may take.

    Slots are ``(seat, "hand")`` and ``(seat, "discards")`` for every other seat; a discard
    is split in two slots when its number of penalised cards (trumps and Kings) is known.
    Cards dealt to no seat have a slot of seat -1 (``"chien"``: the unseen chien; ``"aside"``:
    Early French Tarot's cards set aside; ``"down"``: the face-down pile cards of French Tarot
    for two), and le Mort's unseen cards the slot ``(2, "mort")``.
    """

    def __init__(self, v: View) -> None:
        if not can_sample(v.variant):
            raise SamplingError(f"cannot sample hidden cards of {v.variant}")
        self.cls, self.view = variant_class(v.variant), v
        self.played = played_by(v)
        self.required: dict[Card, int] = {}
        self.slots: list[tuple[Seat, str, CardSet, int]] = []
        #: French Tarot for two: the plays ``(trick, seat, card, lead)``, see ``_french_2p``.
        self.plays: list[tuple[int, Seat, Card, Card | None]] | None = None
        if v.variant in FRENCH_WORLDS:
            self._french(v)
        elif v.variant == EARLY_FRENCH:
            self._early_french(v)
        elif v.variant == FRENCH_2P:
            self._french_2p(v)
        else:
            self._marolles(v)
        self.cards = cards_of(self.unknown)
        self.allowed: dict[Card, list[int]] = {}
        for c in self.cards:
            need = self.required.get(c)
            self.allowed[c] = [i for i, (s, _, ok, cap) in enumerate(self.slots)
                               if ok >> c & 1 and cap and (need is None or s == need)]
        if sum(cap for *_, cap in self.slots) != len(self.cards):
            raise SamplingError("the hidden cards do not match the hand sizes")

    def _marolles(self, v: View) -> None:
        """Marolles: the other seats' hands and discards (see the module docstring)."""
        if v.phase == "grant":
            raise SamplingError("the view does not tell who asked for a redeal: "
                                "positions where a redeal is being granted are not sampled")
        cls = self.cls
        n, me, d = v.players, v.seat, v.dealer
        o = v.options
        all_played = 0
        for m in self.played:
            all_played |= m
        for _, cards, _ in v.tricks:  # le Mort's cards turned up
            for c in cards[n:]:
                all_played |= 1 << c
        self.unknown = cls.PACK & ~(v.hand | v.discards | all_played)
        void = voids(v)
        shown_in_hand = o["declarations_after_discard"] == "true"
        held_shown = [0] * n
        for s, _, cs in v.shown:
            held_shown[s] |= cs
        no_bout = [False] * n
        for p in v.payments:
            if p.reason == "qui_na_le_sien":
                no_bout[p.payer] = True
        # Qui n'a le sien (applied with le Mort; the same holds with three players): the
        # declarer held two bouts, not the third; an opponent who did not pay held it (then,
        # in hand; unless someone forfeited, which may have silenced a payment)
        bout_held, bout_not_held = [0] * n, [0] * n
        if cls.MORT:
            silent = any(p.reason in ("wrong_discard", "revoke") for p in v.payments)
            for s, a, cs in v.shown:
                if a == QUI_NA_LE_SIEN:
                    bout_not_held[s] |= BOUTS & ~cs
                    if not silent and not any(p.reason == "qui_na_le_sien" for p in v.payments):
                        bout_held[1 - s] |= BOUTS & ~cs & self.unknown
        penal = [0] * n
        per_card = o["illegal_discard"] == "penalty_per_card"
        once = o["illegal_discard"] == "penalty_once"
        for s in range(n):
            by_payee = [0] * n
            for p in v.payments:
                if p.reason == "discard" and p.payer == s:
                    by_payee[p.payee] += 1
            penal[s] = max(by_payee) if per_card else min(1, max(by_payee))
        # slots: (seat, kind, mask of cards allowed, capacity)
        for s in range(n):
            if s == me:
                continue
            dealt = cls.DEALER_HAND if s == d else cls.HAND_SIZE
            hsize = v.hand_sizes[s]
            dsize = dealt - hsize - self.played[s].bit_count()
            hand_ok = self.unknown & ~void[s] & ~bout_not_held[s]
            if no_bout[s]:
                hand_ok &= ~BOUTS
            disc_ok = self.unknown if shown_in_hand else self.unknown & ~bout_not_held[s]
            for t, cs in enumerate(held_shown):  # another seat's shown cards are not here
                if t != s:
                    hand_ok &= ~cs
                    disc_ok &= ~cs
            if shown_in_hand:
                disc_ok &= ~held_shown[s] & ~bout_held[s]
            if d != s and v.cut_card is not None:
                hand_ok &= ~(1 << v.cut_card)
                disc_ok &= ~(1 << v.cut_card)
            self.slots.append((s, "hand", hand_ok, hsize))
            if dsize > 0:
                k = min(penal[s], dsize)
                if k:
                    self.slots.append((s, "discards", disc_ok & NO_DISCARD, k))
                if dsize - k:  # penalty_once: one penalised card, the others of any kind
                    rest = disc_ok if once and k else disc_ok & ~NO_DISCARD
                    self.slots.append((s, "discards", rest, dsize - k))
        if cls.MORT:  # le Mort: its cards not yet turned up, none shown, not the cut card
            ok = self.unknown
            for cs in held_shown:
                ok &= ~cs
            if v.cut_card is not None:
                ok &= ~(1 << v.cut_card)
            self.slots.append((n, "mort", ok, cls.HAND_SIZE - len(v.tricks)))
        # cards that must be in one seat's hand or discards (shown, the cut card)
        for s in range(n):
            if s == me:
                continue
            must = (held_shown[s] | bout_held[s]) & self.unknown
            if s == d and v.cut_card is not None:
                must |= (1 << v.cut_card) & self.unknown
            for c in cards_of(must):
                self.required[c] = s

    def _french(self, v: View) -> None:
        """French Tarot, after the écart: the other seats' hands, the taker's écart (Prise,
        Garde: suit cards other than Kings, and exactly the trumps shown with it) and the
        chien (Garde sans, Garde contre: unseen by all)."""
        if v.phase not in FRENCH_PHASES:
            raise SamplingError(f"French Tarot positions of the {v.phase} phase are not sampled")
        cls = self.cls
        n, me, taker = v.players, v.seat, v.taker
        chien_taken = v.contract in (PRISE, GARDE)
        all_played = 0
        for m in self.played:
            all_played |= m
        self.unknown = cls.PACK & ~(v.hand | v.discards | all_played)
        void = french_voids(v)
        ecart_trumps = 0
        held_shown = [0] * n
        for s, a, cs in v.shown:
            if a == DONE and s == taker:
                ecart_trumps |= cs
            else:
                held_shown[s] |= cs
        if taker is not None:
            held_shown[taker] &= ~ecart_trumps
        public_chien = v.chien if chien_taken else 0
        for s in range(n):
            if s == me:
                continue
            ok = self.unknown & ~void[s]
            for t in range(n):
                if t != s:
                    ok &= ~held_shown[t]
            if s != taker:
                ok &= ~public_chien & ~ecart_trumps
            self.slots.append((s, "hand", ok & ~ecart_trumps, v.hand_sizes[s]))
            if s == taker and chien_taken:
                ecart_ok = self.unknown & (ECART_FREE | ecart_trumps) & ~held_shown[s]
                self.slots.append((s, "discards", ecart_ok, cls.CHIEN))
        if not chien_taken:
            ok = self.unknown
            for t in range(n):
                ok &= ~held_shown[t]
            self.slots.append((-1, "chien", ok & ~ecart_trumps, cls.CHIEN))
        for s in range(n):
            if s != me:
                for c in cards_of(held_shown[s] & self.unknown):
                    self.required[c] = s
        if taker is not None and taker != me:
            for c in cards_of((public_chien | ecart_trumps) & self.unknown):
                self.required[c] = taker

    def _early_french(self, v: View) -> None:
        """Early French Tarot: the other seats' hands (voids as in Marolles, seats in the
        direction of play) and the cards set aside, unseen by all."""
        n, me = v.players, v.seat
        all_played = 0
        for m in self.played:
            all_played |= m
        self.unknown = self.cls.PACK & ~(v.hand | all_played)
        void = voids(v)
        for s in range(n):
            if s != me:
                self.slots.append((s, "hand", self.unknown & ~void[s], v.hand_sizes[s]))
        aside = deal_positions(self.cls, v.options, v.dealer).count(-1)
        if aside:
            self.slots.append((-1, "aside", self.unknown, aside))

    def _french_2p(self, v: View) -> None:
        """French Tarot for two: the other player's hand and the face-down pile cards (both
        players'); where each played card came from is drawn per sample (``pile_history``).

        With ``two_player_faceup_cards_bind_follow_suit=true`` a failure to follow, trump or
        beat a trump lead says the hand *and* face-up cards held none: the hand's voids are
        ``french_voids`` whatever the card's origin. With ``false`` it says so of the hand
        only when the card came from the hand: ``pile_history`` gives those voids."""
        opp = 1 - v.seat
        self.bind = v.options["two_player_faceup_cards_bind_follow_suit"] == "true"
        self.unknown = self.cls.PACK & ~(v.hand | v.table[0] | v.table[1] | self.played[0]
                                         | self.played[1])
        hand_ok = self.unknown & ~french_voids(v)[opp] if self.bind else self.unknown
        self.slots.append((opp, "hand", hand_ok, v.hand_sizes[opp]))
        down = sum(map(sum, v.extra["face_down"]))
        if down:
            self.slots.append((-1, "down", self.unknown, down))
        # the plays in order: (trick, seat, card, the card led, None for a lead)
        plays = []
        tricks = [(leader, cards) for leader, cards, _ in v.tricks]
        if v.trick:
            tricks.append((v.leader, v.trick))
        for t, (leader, cards) in enumerate(tricks):
            plays.append((t, leader, cards[0], None))
            if len(cards) > 1:
                plays.append((t, 1 - leader, cards[1], cards[0]))
        self.plays = plays
        #: Each pile's depth now (it held ``PILE_DEPTH`` less that of the cards played).
        self.depth = [[d + (u is not None) for d, u in zip(v.extra["face_down"][s], v.extra["face_up"][s])]
                      for s in (0, 1)]
        self.hand_plays = [HAND_2P - v.hand_sizes[s] for s in (0, 1)]
        for s in (0, 1):
            from_piles = sum(PILE_DEPTH - d for d in self.depth[s])
            if from_piles + self.hand_plays[s] != self.played[s].bit_count():
                raise SamplingError("the piles and hand sizes do not match the cards played")
        #: Each play's duty (``duty_void``; 0 for a lead), and each seat's failures (plays
        #: with a duty) in order.
        self.duty = [0 if lead is None else duty_void(lead, c) for _, _, c, lead in plays]
        self.failures = [[i for i, p in enumerate(plays) if p[1] == s and self.duty[i]]
                         for s in (0, 1)]
        #: Plays that cannot have come from the hand. With the binding option: a card that an
        #: earlier failure of the same player said his hand did not hold. Without: the seat's
        #: own failures while its present hand held a card of the duty (it played a face-up
        #: card instead).
        self.from_pile: set[int] = set()
        if self.bind:
            void = [0, 0]
            for i, (_, s, c, _) in enumerate(plays):
                if void[s] >> c & 1:
                    self.from_pile.add(i)
                void[s] |= self.duty[i]
        else:
            self.from_pile = {i for i in self.failures[v.seat] if v.hand & self.duty[i]}
        #: The card led to the trick being played came from a pile whose next card is not
        #: turned up yet, if there is one; else from the hand or a pile now empty.
        self.from_hand: set[int] = set()
        if v.trick:
            tops = list(zip(v.extra["face_up"][v.leader], self.depth[v.leader]))
            if any(u is None and d for u, d in tops):
                self.from_pile.add(len(plays) - 1)
            elif all(u is not None for u, _ in tops):
                self.from_hand.add(len(plays) - 1)
        #: Each seat's plays (their indices in ``plays``).
        self.mine = [[i for i, p in enumerate(plays) if p[1] == s] for s in (0, 1)]

    def _last_failure(self, s: Seat, card: Card, before: int) -> int:
        """The last failure of seat ``s`` before play ``before`` whose duty holds ``card``
        (-1 if none): with the binding option, ``card`` was not face up then."""
        duty = self.duty
        for i in reversed(self.failures[s]):
            if i < before and duty[i] >> card & 1:
                return i
        return -1

    def _pile_plays(self, rng: random.Random) -> set[int] | None:
        """Without the binding option: which plays came from a pile, drawn at random. A
        failure judged on the hand (not a pile card) says the hand then held no card of its
        duty, so of a failure and a later card of its duty played by the same player, one at
        least is a pile card; the seat's own failures while its present hand held such a card
        are pile cards (``from_pile``). Each seat's pile plays number what its piles lost."""
        plays, duty, hand_only = self.plays, self.duty, self.from_hand
        chosen = set(self.from_pile)
        for s in (0, 1):
            mine = self.mine[s]
            edges = [(j, i) for j in self.failures[s] for i in mine
                     if i > j and duty[j] >> plays[i][2] & 1]
            rng.shuffle(edges)
            degree = dict.fromkeys(mine, 0)
            for j, i in edges:
                degree[j] += 1
                degree[i] += 1
            for j, i in edges:  # a play in many conflicts is more likely the pile card
                if j not in chosen and i not in chosen:
                    if j in hand_only or i in hand_only:
                        chosen.add(i if j in hand_only else j)
                    else:
                        chosen.add(j if rng.random() * (degree[j] + degree[i]) < degree[j] else i)
            room = len(mine) - self.hand_plays[s] - sum(i in chosen for i in mine)
            if s != self.view.seat:  # his failures from the hand must leave his hand its cards
                _, _, hand_ok, size = self.slots[0]
                judged = [j for j in self.failures[s] if j not in chosen and j not in hand_only]
                rng.shuffle(judged)
                void = 0
                for j in judged:
                    void |= duty[j]
                while (hand_ok & ~void).bit_count() < size and judged and room > 0:
                    chosen.add(judged.pop())
                    room -= 1
                    void = 0
                    for j in self.failures[s]:
                        if j not in chosen:
                            void |= duty[j]
            if room < 0:
                return None
            chosen.update(rng.sample([i for i in mine if i not in chosen and i not in hand_only], room))
        return chosen

    def pile_history(self, rng: random.Random) -> PileHistory | None:
        """French Tarot for two: one random account of where each played card came from,
        consistent with the view (see the module docstring), or None if the draw ran into a
        contradiction. Works back from the present, undoing the plays one by one; each goes
        back to the hand or on top of one of its player's piles that held played cards, with
        a chance proportional to the plays still to place there, among the places where the
        play was legal on the hand and face-up cards of its time, as far as known (the other
        player's present hand is not: what his plays say of it is collected as ``void``).

        Without the binding option, which plays were pile cards is drawn first
        (``_pile_plays``). With it, a card played from the hand was in it at every earlier
        failure (``from_pile``), and a pile card that an earlier failure says was not face up
        must have been covered then: its pile takes one of the plays between that failure and
        it (a ``deadline``; the plays left must be enough for the deadlines pending)."""
        v = self.view
        me, bind, plays, duties = v.seat, self.bind, self.plays, self.duty
        from_pile = self.from_pile if bind else self._pile_plays(rng)
        if from_pile is None:
            return None
        need = [[PILE_DEPTH - d for d in self.depth[s]] for s in (0, 1)]
        hand_left = list(self.hand_plays)
        tops = [list(v.extra["face_up"][s]) for s in (0, 1)]
        up = [v.table[0], v.table[1]]
        hand = [0, 0]
        hand[me] = v.hand
        stacks: list[list[list[Card]]] = [[[] for _ in range(PILES)] for _ in (0, 1)]
        deadline = [[self._last_failure(s, c, len(plays)) if bind and c is not None else -1
                     for c in tops[s]] for s in (0, 1)]
        void = 0
        now = len(v.tricks)
        for i in range(len(plays) - 1, -1, -1):
            t, s, c, lead = plays[i]
            bit, duty = 1 << c, duties[i]
            dl = deadline[s]
            places: list[int] = []
            if t == now:  # the trick being played: a pile played from has not turned up yet
                places = [k for k in range(PILES) if tops[s][k] is None and self.depth[s][k]]
            if not places:
                places = [k for k in range(PILES) if dl[k] == i]  # covered at the last moment
            if not places:
                piles = [k for k in range(PILES) if need[s][k] and (t < now or tops[s][k] is None)]
                if not bind:  # the draw of _pile_plays says which
                    places = piles if i in from_pile else [-1]
                else:
                    places = ([-1] if hand_left[s] and i not in from_pile else []) + piles
            weights = [hand_left[s] if k < 0 else need[s][k] for k in places]
            while places:
                j = rng.choices(range(len(places)), weights)[0] if len(places) > 1 else 0
                k = places[j]
                if self._fits(s, i, k, hand[s], up[s], tops[s], need[s], dl):
                    break
                del places[j], weights[j]
            else:
                return None
            if k < 0:
                hand[s] |= bit
                hand_left[s] -= 1
            else:
                below = tops[s][k]
                if below is not None:
                    up[s] &= ~(1 << below)
                up[s] |= bit
                tops[s][k] = c
                need[s][k] -= 1
                stacks[s][k].append(c)
                dl[k] = self._last_failure(s, c, i) if bind else -1
            if s != me and (bind or k < 0):
                void |= duty
        if (self.slots[0][2] & ~void).bit_count() < self.slots[0][3]:
            return None  # the other player's hand cannot be filled
        hand[me] &= ~v.hand
        return PileHistory(stacks, hand, void)

    def _fits(self, s: Seat, i: int, k: int, hand: CardSet, up: CardSet, tops: list,
              need: list[int], dl: list[int]) -> bool:
        """Whether play ``i`` of seat ``s`` may come from pile ``k`` (-1: the hand), given
        the cards known to be in its hand and face up then (``pile_history``)."""
        c, duty = self.plays[i][2], self.duty[i]
        if not self.bind:  # the hand was judged only for a hand card, and the cover saw to it
            return k >= 0 or not hand & duty
        if k < 0:
            if (hand | up) & duty:
                return False
            new = -1
        else:
            below = tops[k]
            if (hand | (up & ~(0 if below is None else 1 << below))) & duty:
                return False
            new = self._last_failure(s, c, i)
            if new >= 0 and need[k] < 2:
                return False  # another card of the pile must cover it at that failure
        # the deadlines left (pile k's replaced) each need a play of their own before i
        due = sorted((d for d in (new if p == k else d for p, d in enumerate(dl)) if d >= 0),
                     reverse=True)
        mine = self.mine[s]
        for r, d in enumerate(due):
            if bisect_left(mine, i) - bisect_left(mine, d) < r + 1:
                return False
        return sum(need) - (k >= 0) >= len(due)

    def assign(self, rng: random.Random, tries: int = 200,
               exclude: Mapping[int, CardSet] | None = None) -> list[CardSet] | None:
        """One random assignment of the hidden cards to the slots (card sets, in slot order)
        that respects every slot's cards and size (and keeps the cards ``exclude[i]`` out of
        slot ``i``), or None if ``tries`` attempts failed.

        The most constrained cards go first; each goes to one of its slots with a chance
        proportional to the room left there."""
        cards = self.cards
        allowed = self.allowed
        if exclude:
            allowed = {c: [i for i in opts if not exclude.get(i, 0) >> c & 1]
                       for c, opts in allowed.items()}
        caps0 = [cap for *_, cap in self.slots]
        for _ in range(tries):
            order = cards.copy()
            rng.shuffle(order)
            order.sort(key=lambda c: len(allowed[c]))
            caps = caps0.copy()
            out = [0] * len(caps)
            for c in order:
                opts = [i for i in allowed[c] if caps[i]]
                if not opts:
                    break
                if len(opts) == 1:
                    i = opts[0]
                else:
                    r = rng.randrange(sum(caps[i] for i in opts))
                    for i in opts:
                        r -= caps[i]
                        if r < 0:
                            break
                caps[i] -= 1
                out[i] |= 1 << c
            else:
                return out
        return None


# ----- rebuilding and replaying -----------------------------------------------------------
def build_world(v: View, hands: Sequence[CardSet], discards: Sequence[CardSet],
                rng: random.Random | None = None, chien: CardSet = 0,
                piles: PileHistory | None = None) -> Deal | None:
    """The deal in which each seat holds ``hands[s]`` and has discarded ``discards[s]``
    (the view's own seat: its own; French Tarot: the écart), and ``chien`` holds the cards
    dealt to no seat that nobody has seen (French Tarot: the chien of a Garde sans or
    contre; Early French Tarot: the cards set aside; le Mort: its cards not turned up; French
    Tarot for two: the face-down pile cards, with ``piles`` saying where the played cards
    came from), replayed to the view's decision point; None if the replay does not reproduce
    the view exactly."""
    if v.variant in FRENCH_WORLDS:
        return _french_world(v, hands, discards, chien)
    if v.variant == EARLY_FRENCH:
        return _early_french_world(v, hands, chien, rng)
    if v.variant == FRENCH_2P:
        return _french_2p_world(v, hands, chien, piles, rng)
    cls = variant_class(v.variant)
    n = v.players
    played = played_by(v)
    dealt = [hands[s] | discards[s] | played[s] for s in range(n)]
    first = None
    if cls.MORT:  # le Mort: the cards turned up first, in that order, then the others
        turned = [cards[n] for _, cards, _ in v.tricks]
        dealt.append(mask(turned) | chien)
        first = {n: turned}
    deck = deck_from_hands(cls, v.options, v.dealer, dealt, v.cut_card, rng, first=first)
    deal = cls(v.options, deck=deck, dealer=v.dealer)
    disc_q = [cards_of(discards[s])[::-1] for s in range(n)]
    shown_q: list[list[tuple[int, CardSet]]] = [[] for _ in range(n)]
    for s, a, cs in v.shown:
        shown_q[s].append((a, cs))
    for q in shown_q:
        q.reverse()
    plays = [c for _, cards, _ in v.tricks for c in cards[:n]] + list(v.trick)
    plays.reverse()
    pending = None
    if v.pending_declaration is not None:
        pending = (v.pending_declaration, cards_of(v.pending_show))
    me = v.seat
    push = deal.push
    try:
        for _ in range(400):
            ph, p = deal.phase, deal.to_play
            if ph == "over":
                break
            if (ph == v.phase and p == v.to_play and not plays and not shown_q[p] and pending is None
                    and not (ph == "discard" and disc_q[p])):
                break
            if ph == "play":
                if not plays:
                    break
                push(plays.pop())
            elif ph == "discard":
                push(disc_q[p].pop() if disc_q[p] else DONE)
            elif ph == "declare":
                if shown_q[p]:
                    a, cs = shown_q[p].pop()
                    push(a)
                    for c in cards_of(cs):
                        if deal.phase != "show":
                            break
                        if deal.is_legal(c):
                            push(c)
                elif p == me and pending is not None:
                    a, chosen = pending
                    pending = None
                    push(a)
                    for c in chosen:
                        push(c)
                else:
                    push(DONE)
            elif ph == "redeal":
                push(DONE)
            else:
                return None
    except TarotError:
        return None
    if public_view(deal.view(me)) != public_view(v):
        return None
    return deal


def _french_world(v: View, hands: Sequence[CardSet], discards: Sequence[CardSet],
                  chien: CardSet) -> Deal | None:
    """French Tarot: the deal dealt from the hands before the chien was taken, replayed
    (bids, called card, écart, chelem, poignées, tricks) to the view's decision point."""
    cls = variant_class(v.variant)
    n, me, taker = v.players, v.seat, v.taker
    played = played_by(v)
    dealt = [hands[s] | played[s] for s in range(n)]
    if v.contract in (PRISE, GARDE):
        chien = v.chien
        dealt[taker] = (dealt[taker] | discards[taker]) & ~chien
    try:
        deck = cls.deck_for({s: dealt[s] for s in range(n)}, chien, v.dealer)
        deal = cls(v.options, deck=deck, dealer=v.dealer)
        push = deal.push
        for _, a in v.bids:
            push(a)
        if deal.phase == "call":
            push(v.called)
        for c in cards_of(discards[taker] if deal.phase == "ecart" else 0):
            push(c)
        poignees: list[list[tuple[int, CardSet]]] = [[] for _ in range(n)]
        for s, a, cs in v.shown:
            if a in POIGNEES:
                poignees[s].append((a, cs))
        plays = [c for _, cards, _ in v.tricks for c in cards[:n]] + list(v.trick)
        plays.reverse()
        pending = None
        if v.pending_declaration is not None:
            pending = (v.pending_declaration, cards_of(v.pending_show))
        for _ in range(4 * n + 2 * len(plays) + 10):
            ph, p = deal.phase, deal.to_play
            if ph == "over":
                break
            if ph == v.phase and p == v.to_play and not plays and not poignees[p] and pending is None:
                break
            if ph == "play":
                if not plays:
                    break
                push(plays.pop())
            elif ph == "chelem":
                push(CHELEM if v.extra.get("chelem_announced") else DONE)
            elif ph == "poignee":
                if poignees[p]:
                    a, cs = poignees[p].pop()
                    push(a)
                    for c in cards_of(cs):
                        if deal.phase != "show":
                            break
                        if deal.is_legal(c):
                            push(c)
                elif p == me and pending is not None:
                    a, chosen = pending
                    pending = None
                    push(a)
                    for c in chosen:
                        push(c)
                else:
                    push(DONE)
            else:
                return None
    except TarotError:
        return None
    if public_view(deal.view(me)) != public_view(v):
        return None
    return deal


def _early_french_world(v: View, hands: Sequence[CardSet], aside: CardSet,
                        rng: random.Random | None) -> Deal | None:
    """Early French Tarot: the deal dealt from the hands and the cards set aside, replayed
    (tricks, and the Fool's consolation cards as given) to the view's decision point."""
    cls = variant_class(v.variant)
    n = v.players
    played = played_by(v)
    dealt = [hands[s] | played[s] for s in range(n)]
    given = [c for *_, c in v.extra["consolations"]]
    plays = [c for _, cards, _ in v.tricks for c in cards] + list(v.trick)
    plays.reverse()
    try:
        deck = deck_from_hands(cls, v.options, v.dealer, dealt, None, rng, aside=aside)
        deal = cls(v.options, deck=deck, dealer=v.dealer)
        push = deal.push
        while True:
            ph = deal.phase
            if ph == "play" and plays:
                push(plays.pop())
            elif ph == "consolation" and len(deal.consolations) < len(given):
                push(given[len(deal.consolations)])
            else:
                break
    except TarotError:
        return None
    if public_view(deal.view(v.seat)) != public_view(v):
        return None
    return deal


def _french_2p_world(v: View, hands: Sequence[CardSet], down: CardSet, piles: PileHistory,
                     rng: random.Random | None) -> Deal | None:
    """French Tarot for two: the deal whose piles hold, bottom first, face-down cards (from
    ``down``), the face-up card if any, then the cards played from them (``piles``), and
    whose hands hold the cards in hand and those played from it; replayed to the view's
    decision point."""
    cls = variant_class(v.variant)
    rest = cards_of(down)
    if rng is not None:
        rng.shuffle(rest)
    places: dict[tuple[int, int, int], Card] = {}
    in_hand = [cards_of(hands[s] | piles.from_hand[s]) for s in (0, 1)]
    seat_of = (1 - v.dealer, v.dealer)
    try:
        for s in (0, 1):
            for k in range(PILES):
                up = v.extra["face_up"][s][k]
                stack = [rest.pop() for _ in range(v.extra["face_down"][s][k])]
                stack += ([] if up is None else [up]) + piles.stacks[s][k]
                if len(stack) != PILE_DEPTH:
                    return None
                for layer, c in enumerate(stack):
                    places[s, k, layer] = c
        deck = []
        for p in range(cls.PACK.bit_count()):
            who, k, layer = layout(p)
            s = seat_of[who]
            deck.append(in_hand[s].pop() if k < 0 else places[s, k, layer])
        deal = cls(v.options, deck=deck, dealer=v.dealer)
        for _, cards, _ in v.tricks:
            for c in cards:
                deal.push(c)
        for c in v.trick:
            deal.push(c)
    except (TarotError, IndexError):  # IndexError: the hands or piles are not their sizes
        return None
    if public_view(deal.view(v.seat)) != public_view(v):
        return None
    return deal


def sample_world(v: View, rng: random.Random, tries: int = 100) -> Deal:
    """A deal consistent with ``v`` (see the module docstring), at the view's decision
    point; ``SamplingError`` if none is found in ``tries`` draws."""
    cons = Constraints(v)
    return sample_from(cons, rng, tries)


def sample_from(cons: Constraints, rng: random.Random, tries: int = 100) -> Deal:
    """Like ``sample_world``, reusing the constraints of a view (``Constraints``)."""
    v = cons.view
    n = v.players
    for _ in range(tries):
        piles = None
        if cons.plays is not None:  # French Tarot for two: where the played cards came from
            piles = cons.pile_history(rng)
            if piles is None:
                continue
            parts = cons.assign(rng, exclude={0: piles.void})  # slot 0: the other's hand
            if parts is None:
                continue
        else:
            parts = cons.assign(rng)
            if parts is None:
                break
        hands, discards, chien = [0] * n, [0] * n, 0
        hands[v.seat], discards[v.seat] = v.hand, v.discards
        for (s, kind, _, _), cs in zip(cons.slots, parts):
            if kind == "hand":
                hands[s] |= cs
            elif kind in ("chien", "aside", "mort", "down"):
                chien |= cs
            else:
                discards[s] |= cs
        deal = build_world(v, hands, discards, rng, chien, piles)
        if deal is not None:
            return deal
    raise SamplingError(f"no deal consistent with the view of seat {v.seat} was found")


__all__ = ["Constraints", "EARLY_FRENCH", "FRENCH_2P", "FRENCH_WORLDS", "MAROLLES_WORLDS",
           "PileHistory", "SamplingError", "WORLDS", "build_world", "can_sample", "deal_positions",
           "deck_from_hands", "direction", "duty_void", "french_voids", "played_by", "public_view",
           "sample_from", "sample_world", "voids"]
