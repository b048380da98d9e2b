"""Sampling the hidden cards of a view, and building a playable deal from a sample.

A search bot sees only its seat's ``View``. To search, it *determinizes*: it deals the cards
it cannot see to the other seats in a way consistent with everything the view tells, rebuilds
the deal from those hands, replays the public history on it, and searches that deal as if all
cards were known. This module does the first three steps (``WORLDS`` lists the variants it can
sample: the Marolles games, with le Mort too, French Tarot after the écart, Early French Tarot
and French Tarot for two).

What the view tells, and how it constrains a sample (Marolles, docs/rules §1):

- the seat's own hand and discards, and every card played (``tricks``, ``trick``);
- each seat's hand size, hence how many cards each other seat discarded;
- the cut card (the bottom card, dealt to the dealer): in the dealer's hand or discards;
- the cards shown in declarations: in the declarer's hand (or discards, if declarations come
  before the discard) until he plays them;
- voids: a player who did not follow the suit led holds none of it; one who neither followed
  nor trumped holds no trump either, unless revokes are allowed and it may have been one: paid
  for, not paid yet (with the time to own up to it), or paid to no one, every opponent having
  forfeited (``_unseen_revokes``);
- with the time to own up to a revoke, the cards sent back to their hands and the
  declarations that going back undid (shown all the same);
- who asked for a redeal that is being granted;
- the payments: a discard penalty per trump or Tarot discarded says how many such cards each
  discard holds (at least, when every opponent of the discarder forfeited before the play by
  discarding too few: a forfeited seat is paid nothing, so the penalty may have gone to no
  one); a Qui n'a le sien payment says the payer held no Tarot bout.

Le Mort (``marolles-2p``, §1.10): the same for the two players; le Mort's cards are turned up
one per trick in the order they were dealt, so the sample keeps those already turned up first,
in that order, and deals it the rest of its cards from those nobody has seen (none shown, not
the cut card). A Qui n'a le sien also says that the declarer does not hold the third bout and,
if the other player did not pay, that he holds it.

Early French Tarot (``early-french``, docs/rules §3; any number of players, either direction):
the seat's own hand and every card played; the hand sizes; voids as in Marolles (follow, else
trump; on a trump lead, trump if possible; the Fool at any time; no over-trumping), with the
seats taken in the direction of play; the cards set aside (``78 - 12n``) are any of the cards
nobody has seen. The Fool's consolation cards are public (``extra``) and replayed as given.

French Tarot for two (``french-2p``, §4.5): the seat's own hand, both players' face-up pile
cards, the number of face-down cards in each pile, the cards played and which pile each came
from (public at the table: ``extra["pile_plays"]``); a failure to follow, trump or beat a trump
lead gives a void of the other player's hand (with the face-up cards binding, whatever the
card's origin; else only for a card from the hand). The face-down cards are any of the cards
nobody has seen.

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
from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple, cast

from ..core.actions import ACTION_IDS, DONE, GRANT, REDEAL
from ..core.cards import (
    FOOL, KINGS, SUIT_MASKS, TRIOMPHES, TRUMP_SUIT, TRUMPS, BOUTS, Card, CardSet, Seat, cards_of,
    mask, shuffle, suit_of,
)
from ..core.deal import Deal, View, variant_class
from ..core.errors import TarotError
from ..core.ledger import Payment
from ..variants.early_french.rules import EarlyFrenchDeal
from ..variants.french.rules import FrenchDeal
from ..variants.french_2p.rules import PILE_DEPTH, PILES, layout
from ..variants.marolles.rules import MarollesDeal

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
    return list(cast(Any, cls).deal_slots(options, dealer))


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
            shuffle(q, rng)
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
        leader = cast(Seat, v.leader)  # a trick on the table has a leader
        for i, c in enumerate(v.trick):
            out[(leader + step * i) % n] |= 1 << c
    return out


#: Marolles: the revoke_handling value with time to own up to a revoke.
WINDOW: Final = "penalty_1m_forfeit_with_correction_window"


def voids(v: View) -> list[CardSet]:
    """Cards each seat cannot hold now, from failures to follow or to trump (Marolles, Early
    French Tarot: follow the suit led, else trump; the Fool may always be played; a led Fool
    lets the second card set the suit). With revokes allowed, a failure tells nothing when it
    may be a revoke the view does not show: paid for in that trick, not paid yet (with the
    time to own up to it), or perhaps paid to no one (``_silent_revokes``)."""
    n, step = v.players, direction(v)
    tricks = [(leader, cards[:n], t) for t, (leader, cards, _) in enumerate(v.tricks)]
    if v.trick:
        tricks.append((v.leader, v.trick, len(v.tricks)))
    # each failure to follow or to trump, as (seat, trick, the cards it shows he lacked)
    misses: list[tuple[Seat, int, CardSet]] = []
    for leader, cards, t in tricks:
        lead_i = 1 if cards[0] == FOOL else 0
        if lead_i >= len(cards):
            continue
        led = suit_of(cards[lead_i])
        for i in range(lead_i + 1, len(cards)):
            c = cards[i]
            cs = suit_of(c)
            if c == FOOL or cs == led:
                continue
            if led == TRUMP_SUIT:
                lacked = TRUMPS
            else:
                lacked = SUIT_MASKS[led] | (TRUMPS if cs != TRUMP_SUIT else 0)
            misses.append(((leader + step * i) % n, t, lacked))
    out = [0] * n
    hidden: set[tuple[Seat, int]] = set()
    if v.options.get("revoke_handling", "engine_prevents") != "engine_prevents":
        hidden = _unseen_revokes(v, [(s, t) for s, t, _ in misses])
    for s, t, lacked in misses:
        if (s, t) not in hidden:
            out[s] |= lacked
    return out


def short_discarders(v: View) -> set[Seat]:
    """Marolles, ``wrong_discard_count=penalty_1m_and_forfeit``: the seats that discarded too
    few cards, and so forfeited before the play. Seen in the hand sizes even when nobody was
    left to be paid for it."""
    cls = cast("type[MarollesDeal]", variant_class(v.variant))
    played = played_by(v)
    out = {p.payer for p in v.payments if p.reason == "wrong_discard"}
    for s in range(v.players):
        dealer = s == v.dealer
        kept = v.hand_sizes[s] + played[s].bit_count()
        if (cls.DEALER_HAND if dealer else cls.HAND_SIZE) - kept < (cls.DEALER_DISCARDS if dealer else cls.DISCARDS):
            out.add(s)
    return out


def _unseen_revokes(v: View, misses: list[tuple[Seat, int]]) -> set[tuple[Seat, int]]:
    """Which failures to follow (seat, trick) may be revokes that the view of a Marolles deal
    with revokes allowed does not show.

    A revoke costs 1 M to each opponent (paid at once, or with the time to own up to it when
    the second trick after it is gathered) and its maker forfeits. It is seen as a payment
    of reason ``revoke`` in that trick; it is not yet paid in the last two tricks gathered and
    the one on the table (with the window); and it is paid to no one when every opponent had
    forfeited before, which nothing else shows when the forfeit changes nothing seen: its
    maker receives nothing later and, with ``forfeit_scope=void_all_hand_receipts``, repays
    nothing unseen (he had received nothing before from a seat that had not forfeited when the
    revoke was paid, for a forfeited seat receives no repayment either, or he may have
    forfeited already, or repayments of his are seen). Forfeits are dated from the payments
    (a bad discard, paid or seen in the hand sizes: before play; a revoke paid: its trick; repayments seen: the last trick
    in which their maker received), and a revoke that may be unseen may be a forfeit too: the
    dates are lowered until nothing changes."""
    n = v.players
    window = v.options.get("revoke_handling") == WINDOW
    unpaid_from = len(v.tricks) - 2 if window else len(v.tricks) + 1
    never = len(v.tricks) + 1
    paid = {(p.payer, p.trick) for p in v.payments if p.reason == "revoke"}
    repaid = {p.payer for p in v.payments if p.reason == "forfeit"}
    received = [[p for p in v.payments if p.payee == s] for s in range(n)]
    # a forfeited seat receives nothing (but repayments): it forfeited after its last receipt
    last = [max((p.trick for p in received[s] if p.reason != "forfeit" and p.trick is not None),
                default=-1) for s in range(n)]
    # the earliest trick each seat may have forfeited in (-1: before the play)
    forfeit = [-1 if s in short_discarders(v) else never for s in range(n)]
    for p in v.payments:
        if p.reason == "forfeit":
            forfeit[p.payer] = min(forfeit[p.payer], last[p.payer])
        elif p.reason == "revoke" and p.trick is not None:
            forfeit[p.payer] = min(forfeit[p.payer], p.trick)
    repays = v.options.get("forfeit_scope") == "void_all_hand_receipts"
    # what a seat received in trick t + later or after, it received after a revoke in trick
    # t was paid (at once, or when trick t + 2 was gathered)
    later = 3 if window else 1

    def got_at(p: Payment) -> int:
        """The trick in which a payment dated ``p.trick`` was made: a revoke's, with the window,
        when the second trick after it was gathered (or the last, which is gathered already)."""
        assert p.trick is not None
        return min(p.trick + 2, len(v.tricks) - 1) if window and p.reason == "revoke" else p.trick

    def unseen(s: Seat, t: int) -> bool:
        if (s, t) in paid:
            return True
        if t >= unpaid_from:
            return True
        if any(forfeit[o] > t for o in range(n) if o != s):
            return False  # an opponent left to be paid
        if any(p.reason != "forfeit" and p.trick is not None and got_at(p) >= t + later for p in received[s]):
            return False  # he received after it
        if repays and s not in repaid and forfeit[s] > t and any(
                (p.trick is None or p.trick < t) and forfeit[p.payer] > t + later - 1
                for p in received[s]):
            return False  # he would have repaid what he had received from a seat not forfeited
        return True

    out: set[tuple[Seat, int]] = set()
    changed = True
    while changed:
        changed = False
        for s, t in misses:
            if (s, t) not in out and unseen(s, t):
                out.add((s, t))
                if t < unpaid_from and t < forfeit[s]:
                    forfeit[s] = t
                changed = True
    return out


def french_voids(v: View) -> list[CardSet]:
    """Cards each seat cannot hold now, from the French rules of play (docs/rules §4): follow
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
    """French Tarot for two: where the played cards came from (public: the view's
    ``extra["pile_plays"]``)."""

    #: ``stacks[seat][pile]``: the played cards that pile held, bottom first.
    stacks: list[list[list[Card]]]
    #: The cards each seat played from its hand.
    from_hand: list[CardSet]


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
        #: French Tarot for two: where the played cards came from (``_french_2p``).
        self.piles: PileHistory | None = None
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
        cls = cast("type[MarollesDeal]", self.cls)
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
        # declarations undone by going back after an acknowledged revoke were shown all the same
        for s, _, cs in list(v.shown) + list(v.extra.get("shown_sequence", ())):
            held_shown[s] |= cs
        no_bout = [False] * n
        for p in v.payments:
            if p.reason == "qui_na_le_sien":
                no_bout[p.payer] = True
        # Qui n'a le sien: the declarer held two bouts, not the third; each other player who
        # did not pay him held it (then, in hand or already played; unless someone forfeited,
        # which may have silenced a payment)
        bout_held, bout_not_held = [0] * n, [0] * n
        silent = any(p.reason in ("wrong_discard", "revoke") for p in v.payments)
        payers = {p.payer for p in v.payments if p.reason == "qui_na_le_sien"}
        for s, a, cs in v.shown:
            if a == QUI_NA_LE_SIEN:
                bout_not_held[s] |= BOUTS & ~cs
                for t in range(n):
                    if t != s and t not in payers and not silent:
                        bout_held[t] |= BOUTS & ~cs & self.unknown
        penal = [0] * n
        per_card = o["illegal_discard"] == "penalty_per_card"
        once = o["illegal_discard"] == "penalty_once"
        for s in range(n):
            by_payee = [0] * n
            for p in v.payments:
                if p.reason == "discard" and p.payer == s:
                    by_payee[p.payee] += 1
            penal[s] = max(by_payee) if per_card else min(1, max(by_payee))
        # a forfeited seat is paid nothing: when every opponent of a seat forfeited before the
        # play, its discard penalties may have been paid to no one (as many penalised cards
        # as it likes, at least those paid for)
        unpaid = short_discarders(v)
        unseen_penalty = [all(t in unpaid for t in range(n) if t != s) for s in range(n)]
        # cards an acknowledged revoke sent back to their hands (revoke_handling=..._window): seen
        # in that hand, so there until played again
        back = [0] * n
        for t, c in v.extra.get("taken_back", ()):
            back[t] |= (1 << c) & self.unknown
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
            disc_ok &= ~back[s]  # taken back into the hand: not discarded
            self.slots.append((s, "hand", hand_ok | back[s], hsize))
            if dsize > 0:
                k = min(penal[s], dsize)
                if k:
                    self.slots.append((s, "discards", disc_ok & NO_DISCARD, k))
                if dsize - k:  # penalty_once: one penalised card, the others of any kind
                    rest = disc_ok if (once and k) or unseen_penalty[s] else disc_ok & ~NO_DISCARD
                    self.slots.append((s, "discards", rest, dsize - k))
        if cls.MORT:  # le Mort: its cards not yet turned up, none shown, not the cut card
            ok = self.unknown
            for cs in held_shown:
                ok &= ~cs
            if v.cut_card is not None:
                ok &= ~(1 << v.cut_card)
            self.slots.append((n, "mort", ok, cls.HAND_SIZE - len(v.tricks)))
            for c in v.extra.get("mort_seen", ()):  # seen before the play went back: its next
                self.required[c] = n
        # cards that must be in one seat's hand or discards (shown, the cut card)
        for s in range(n):
            if s == me:
                continue
            must = (held_shown[s] | bout_held[s] | back[s]) & self.unknown
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
        cls = cast("type[FrenchDeal]", self.cls)
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
        players'). Where each played card came from is public (``extra["pile_plays"]``).

        A failure to follow, trump or beat a trump lead says the hand held no card of the duty
        then, and so holds none now; with ``two_player_faceup_cards_bind_follow_suit=true``
        whatever the card's origin (the hand and face-up cards were judged together), with
        ``false`` only when the card came from the hand."""
        opp = 1 - v.seat
        bind = v.options["two_player_faceup_cards_bind_follow_suit"] == "true"
        self.unknown = self.cls.PACK & ~(v.hand | v.table[0] | v.table[1] | self.played[0]
                                         | self.played[1])
        pile_plays = v.extra["pile_plays"]
        from_pile = [mask(c for pile in pile_plays[s] for c in pile) for s in (0, 1)]
        void = 0
        tricks = [(leader, cards) for leader, cards, _ in v.tricks]
        if v.trick:
            tricks.append((v.leader, v.trick))
        for leader, cards in tricks:
            if len(cards) > 1 and (bind or not from_pile[opp] >> cards[1] & 1) and leader == v.seat:
                void |= duty_void(cards[0], cards[1])
        for s in (0, 1):
            if from_pile[s] & ~self.played[s]:
                raise SamplingError("the view's pile plays are not cards that player played")
        self.slots.append((opp, "hand", self.unknown & ~void, v.hand_sizes[opp]))
        down = sum(map(sum, v.extra["face_down"]))
        if down:
            self.slots.append((-1, "down", self.unknown, down))
        # each pile's played cards, bottom first: the first played was its top card
        self.piles = PileHistory([[list(reversed(pile)) for pile in pile_plays[s]] for s in (0, 1)],
                                 [self.played[s] & ~from_pile[s] for s in (0, 1)])

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
            shuffle(order, rng)
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
        assert piles is not None  # the two-player game's constraints give the piles
        return _french_2p_world(v, hands, chien, piles, rng)
    cls = cast("type[MarollesDeal]", variant_class(v.variant))
    n = v.players
    played = played_by(v)
    dealt = [hands[s] | discards[s] | played[s] for s in range(n)]
    first = None
    if cls.MORT:  # le Mort: the cards turned up first, in that order, then the others
        turned = [cards[n] for _, cards, _ in v.tricks] + list(v.extra.get("mort_seen", ()))
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
    sequence = "play_sequence" in v.extra
    if sequence:  # a revoke owned up to: the play as it went, back and forth
        plays = list(v.extra["play_sequence"])
    plays.reverse()
    # declarations made at one's first card are in that sequence too
    in_sequence = sequence and v.options.get("declaration_timing") == "before_own_first_card"
    pending = None
    if v.pending_declaration is not None:
        pending = (v.pending_declaration, cards_of(v.pending_show))
    made: list[CardSet] = []  # the cards of each declaration in the sequence, in order
    if in_sequence:
        shown_q = [[] for _ in range(n)]
        made = [cs for _, _, cs in v.extra.get("shown_sequence", ())][::-1]
    me = v.seat
    push = deal.push
    try:
        for _ in range(400):
            ph, p = deal.phase, cast(Seat, deal.to_play)
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
            elif in_sequence and ph == "declare":
                if not plays:
                    break
                a = plays.pop()
                push(a)
                if a != DONE and made:
                    _push_shown(deal, made.pop())
                elif a != DONE and p == me and pending is not None:  # his own, being shown
                    for c in pending[1]:
                        push(c)
                    pending = None
            elif ph == "declare":
                if shown_q[p]:
                    a, cs = shown_q[p].pop()
                    push(a)
                    _push_shown(deal, cs)
                elif p == me and pending is not None:
                    a, chosen = pending
                    pending = None
                    push(a)
                    for c in chosen:
                        push(c)
                else:
                    push(DONE)
            elif ph == "redeal":  # a redeal being granted: its asker asked, the others passed
                push(REDEAL if v.phase == "grant" and p == v.extra["redeal_asker"] else DONE)
            elif ph == "grant" and v.phase == "grant":
                push(GRANT)  # the seats between the asker and the one to play granted it
            else:
                return None
    except TarotError:
        return None
    if public_view(deal.view(me)) != public_view(v):
        return None
    return deal


def _push_shown(deal: Deal, cards: CardSet) -> None:
    """After a declaration is pushed: choose the cards it shows, ``cards``, if there is a choice
    (in ascending order, as the engine asks)."""
    for c in cards_of(cards):
        if deal.phase != "show":
            break
        if deal.is_legal(c):
            deal.push(c)


def _french_world(v: View, hands: Sequence[CardSet], discards: Sequence[CardSet],
                  chien: CardSet) -> Deal | None:
    """French Tarot: the deal dealt from the hands before the chien was taken, replayed
    (bids, called card, écart, chelem, poignées, tricks) to the view's decision point."""
    cls = cast("type[FrenchDeal]", variant_class(v.variant))
    n, me, taker = v.players, v.seat, cast(Seat, v.taker)  # the écart is made: a taker
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
            ph, p = deal.phase, cast(Seat, deal.to_play)
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
    cls = cast("type[EarlyFrenchDeal]", variant_class(v.variant))
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
        shuffle(rest, rng)
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


def sample_from(cons: Constraints, rng: random.Random, tries: int = 100,
                model: object | None = None, bids: object | None = None,
                bid_tries: int = 20) -> Deal:
    """Like ``sample_world``, reusing the constraints of a view (``Constraints``).

    With ``model`` (a bot with ``discards_from(view, cards)``, the rule bots), the hidden
    discards of each other seat are made those the model would make from all the cards dealt
    to that seat, when that gives a deal that shows the seat its view (else they stay as
    drawn): a uniform draw almost never matches a discard decided from the whole hand.

    With ``bids`` (a bot with ``bids_explained(view, dealt)``, the French rule bot), a draw
    whose hands as dealt would not have made the other seats' bids is drawn again, up to
    ``bid_tries`` draws (then the last is kept): about half of the uniform draws contradict
    the bidding of a four-player deal."""
    v = cons.view
    n = v.players
    check_bids = bids is not None and bool(getattr(v, "bids", None))
    for _ in range(tries):
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
        if check_bids:
            if bid_tries > 1 and not _bids_fit(cons, bids, hands, discards):
                bid_tries -= 1
                continue
        if model is not None:
            deal = _model_discards(cons, model, hands, discards, rng, chien)
            if deal is not None:
                return deal
        deal = build_world(v, hands, discards, rng, chien, cons.piles)
        if deal is not None:
            return deal
    raise SamplingError(f"no deal consistent with the view of seat {v.seat} was found")


def _bids_fit(cons: Constraints, model, hands: list[CardSet], discards: list[CardSet]) -> bool:
    """Whether ``model`` would have bid as the other seats did with the hands of a draw, as
    dealt: hand, discards (the écart) and cards played, less the chien the taker took."""
    v = cons.view
    taken = v.chien if v.contract in (PRISE, GARDE) else 0
    dealt = [(hands[s] | discards[s] | cons.played[s]) & ~taken if s == v.taker
             else hands[s] | cons.played[s] for s in range(v.players)]
    return bool(model.bids_explained(v, dealt))


def _model_discards(cons: Constraints, model, hands: list[CardSet], discards: list[CardSet],
                    rng: random.Random, chien: CardSet) -> Deal | None:
    """The deal of ``sample_from`` with the model's discards (None: they cannot be made, or
    are those drawn already)."""
    v = cons.view
    hands, discards = list(hands), list(discards)
    changed = False
    for s in range(v.players):
        if s == v.seat or not discards[s]:
            continue
        played = cons.played[s]
        full = hands[s] | discards[s] | played
        plan = model.discards_from(v, full)
        if plan is None or plan == discards[s]:
            continue
        if plan & played or plan.bit_count() != discards[s].bit_count():
            return None  # he played a card the model would have discarded
        hands[s], discards[s] = full & ~plan & ~played, plan
        changed = True
    return build_world(v, hands, discards, rng, chien, cons.piles) if changed else None


__all__ = ["Constraints", "EARLY_FRENCH", "FRENCH_2P", "FRENCH_WORLDS", "MAROLLES_WORLDS",
           "PileHistory", "SamplingError", "WORLDS", "build_world", "can_sample", "deal_positions",
           "deck_from_hands", "direction", "duty_void", "french_voids", "played_by", "public_view",
           "sample_from", "sample_world", "voids"]
