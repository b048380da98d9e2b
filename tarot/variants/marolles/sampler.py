"""The hidden cards of a Marolles view (docs/rules §1, §2), for the search bots (``Game.sampler``;
the machinery every game shares is ``tarot.bots.sampling``).

What the view tells, and how it constrains a sample:

- the seat's own hand and discards, and every card played (``tricks``, ``trick``);
- each seat's hand size, hence how many cards each other seat discarded;
- the cut card (the bottom card, dealt to the dealer): in the dealer's hand or discards;
- the cards shown in declarations: in the declarer's hand (or discards, if declarations come
  before the discard) until he plays them;
- voids: a player who did not follow the suit led holds none of it; one who neither followed
  nor trumped holds no trump either, unless revokes are allowed and it may have been one: paid
  for, not paid yet (with the time to own up to it), or paid to no one, every opponent having
  forfeited (``unseen_revokes``);
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
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, NamedTuple, cast

from ...bots.sampling import (
    Constraints, checked, deck_from_hands, follow_misses, played_by, plays_in_order, push_shown,
    voids,
)
from ...core.actions import ACTION_IDS, DONE, GRANT, REDEAL
from ...core.cards import BOUTS, KINGS, TRIOMPHES, Card, CardSet, Seat, cards_of, mask
from ...core.deal import Deal, View, variant_class
from ...core.errors import TarotError
from ...core.ledger import Payment
from .rules import MarollesDeal

#: Cards whose discard costs a penalty (triomphes and Kings: §1.4).
NO_DISCARD: Final[CardSet] = TRIOMPHES | KINGS
#: The revoke_handling value with time to own up to a revoke.
WINDOW: Final = "penalty_1m_forfeit_with_correction_window"
QUI_NA_LE_SIEN: Final = ACTION_IDS["qui_na_le_sien"]


# ----- revokes and forfeits the view may not show ---------------------------------------------
def short_discarders(v: View) -> set[Seat]:
    """``wrong_discard_count=penalty_1m_and_forfeit``: the seats that discarded too few cards,
    and so forfeited before the play. Seen in the hand sizes even when nobody was left to be
    paid for it."""
    cls = cast("type[MarollesDeal]", variant_class(v.variant))
    played = played_by(v)
    out = {p.payer for p in v.payments if p.reason == "wrong_discard"}
    for s in range(v.players):
        dealer = s == v.dealer
        kept = v.hand_sizes[s] + played[s].bit_count()
        if (cls.DEALER_HAND if dealer else cls.HAND_SIZE) - kept < (cls.DEALER_DISCARDS if dealer else cls.DISCARDS):
            out.add(s)
    return out


def unseen_revokes(v: View, misses: list[tuple[Seat, int]]) -> set[tuple[Seat, int]]:
    """Which failures to follow (seat, trick) may be revokes that the view of a deal with
    revokes allowed does not show.

    A revoke costs 1 M to each opponent (paid at once, or with the time to own up to it when
    the second trick after it is gathered) and its maker forfeits. It is seen as a payment
    of reason ``revoke`` in that trick; it is not yet paid in the last two tricks gathered and
    the one on the table (with the window); and it is paid to no one when every opponent had
    forfeited before, which nothing else shows when the forfeit changes nothing seen: its
    maker receives nothing later and, with ``forfeit_scope=void_all_hand_receipts``, repays
    nothing unseen (he had received nothing before from a seat that had not forfeited when the
    revoke was paid, for a forfeited seat receives no repayment either, or he may have
    forfeited already, or repayments of his are seen). Forfeits are dated from the payments
    (a bad discard, paid or seen in the hand sizes: before play; a revoke paid: its trick;
    repayments seen: the last trick in which their maker received), and a revoke that may be
    unseen may be a forfeit too: the dates are lowered until nothing changes."""
    dates = _RevokeDates(v)
    out: set[tuple[Seat, int]] = set()
    changed = True
    while changed:
        changed = False
        for s, t in misses:
            if (s, t) not in out and dates.unseen(s, t):
                out.add((s, t))
                if t < dates.unpaid_from and t < dates.forfeit[s]:
                    dates.forfeit[s] = t  # a revoke unseen may be a forfeit too
                changed = True
    return out


class _RevokeDates:
    """What a view's payments tell of the revokes and forfeits in it (``unseen_revokes``)."""

    def __init__(self, v: View) -> None:
        self.v = v
        n = self.n = v.players
        self.window = v.options.get("revoke_handling") == WINDOW
        #: from this trick on a revoke is not paid yet
        self.unpaid_from = len(v.tricks) - 2 if self.window else len(v.tricks) + 1
        self.paid = {(p.payer, p.trick) for p in v.payments if p.reason == "revoke"}
        self.repaid = {p.payer for p in v.payments if p.reason == "forfeit"}
        self.received = [[p for p in v.payments if p.payee == s] for s in range(n)]
        #: the earliest trick each seat may have forfeited in (-1: before the play)
        self.forfeit = self._forfeit_dates()
        self.repays = v.options.get("forfeit_scope") == "void_all_hand_receipts"
        #: what a seat received in trick t + later or after, it received after a revoke in
        #: trick t was paid (at once, or when trick t + 2 was gathered)
        self.later = 3 if self.window else 1

    def _forfeit_dates(self) -> list[int]:
        """The earliest trick each seat may have forfeited in, from the payments: a bad
        discard (before play, -1), a revoke paid (its trick), repayments seen (the last trick
        in which their maker received: a forfeited seat receives nothing but repayments)."""
        v, n = self.v, self.n
        last = [max((p.trick for p in self.received[s] if p.reason != "forfeit" and p.trick is not None),
                    default=-1) for s in range(n)]
        never = len(v.tricks) + 1
        forfeit = [-1 if s in short_discarders(v) else never for s in range(n)]
        for p in v.payments:
            if p.reason == "forfeit":
                forfeit[p.payer] = min(forfeit[p.payer], last[p.payer])
            elif p.reason == "revoke" and p.trick is not None:
                forfeit[p.payer] = min(forfeit[p.payer], p.trick)
        return forfeit

    def got_at(self, p: Payment) -> int:
        """The trick in which a payment dated ``p.trick`` was made: a revoke's, with the window,
        when the second trick after it was gathered (or the last, which is gathered already)."""
        assert p.trick is not None
        if self.window and p.reason == "revoke":
            return min(p.trick + 2, len(self.v.tricks) - 1)
        return p.trick

    def unseen(self, s: Seat, t: int) -> bool:
        """Whether a failure to follow of seat ``s`` in trick ``t`` may be a revoke the view
        does not show (``unseen_revokes``)."""
        if (s, t) in self.paid:
            return True
        if t >= self.unpaid_from:
            return True
        forfeit, later = self.forfeit, self.later
        if any(forfeit[o] > t for o in range(self.n) if o != s):
            return False  # an opponent left to be paid
        received = self.received[s]
        if any(p.reason != "forfeit" and p.trick is not None and self.got_at(p) >= t + later
               for p in received):
            return False  # he received after it
        if self.repays and s not in self.repaid and forfeit[s] > t and any(
                (p.trick is None or p.trick < t) and forfeit[p.payer] > t + later - 1
                for p in received):
            return False  # he would have repaid what he had received from a seat not forfeited
        return True


def marolles_voids(v: View) -> list[CardSet]:
    """Cards each seat cannot hold now, from its failures to follow or to trump (§1.6), but
    those that may be revokes the view does not show (``unseen_revokes``), with revokes
    allowed."""
    if not variant_class(v.variant).revokes_allowed(v.options):
        return voids(v)
    return voids(v, unseen_revokes(v, [(s, t) for s, t, _ in follow_misses(v)]))


# ----- what the view tells of each seat -------------------------------------------------------
class Facts(NamedTuple):
    """What the view tells of the cards of each seat (lists indexed by seat)."""

    #: the cards it cannot hold (``marolles_voids``)
    void: list[CardSet]
    #: the cards it showed in declarations, undone or not
    shown: list[CardSet]
    #: the bouts it holds (he did not pay a Qui n'a le sien), or does not (he declared it)
    bout_held: list[CardSet]
    bout_not_held: list[CardSet]
    #: it paid a Qui n'a le sien: no bout
    no_bout: list[bool]
    #: how many penalised cards its discards hold, at least
    penalised: list[int]
    #: its discard penalties may have been paid to no one (every opponent forfeited before play)
    unpaid_penalty: list[bool]
    #: the cards an acknowledged revoke sent back to its hand
    back: list[CardSet]


def shown_cards(v: View) -> list[CardSet]:
    """The cards each seat showed in declarations, those undone by going back after an
    acknowledged revoke too (shown all the same)."""
    out = [0] * v.players
    for s, _, cs in list(v.shown) + list(v.extra.get("shown_sequence", ())):
        out[s] |= cs
    return out


def bouts_known(v: View, unknown: CardSet) -> tuple[list[CardSet], list[CardSet], list[bool]]:
    """Qui n'a le sien (§1.5): the declarer held two bouts, not the third; each other player
    who did not pay him held it (then, in hand or already played; unless someone forfeited,
    which may have silenced a payment); a payer held none. As (bouts held, bouts not held,
    no bout) by seat."""
    n = v.players
    no_bout = [False] * n
    for p in v.payments:
        if p.reason == "qui_na_le_sien":
            no_bout[p.payer] = True
    held, not_held = [0] * n, [0] * n
    silent = any(p.reason in ("wrong_discard", "revoke") for p in v.payments)
    payers = {p.payer for p in v.payments if p.reason == "qui_na_le_sien"}
    for s, a, cs in v.shown:
        if a == QUI_NA_LE_SIEN:
            not_held[s] |= BOUTS & ~cs
            for t in range(n):
                if t != s and t not in payers and not silent:
                    held[t] |= BOUTS & ~cs & unknown
    return held, not_held, no_bout


def penalised_counts(v: View) -> list[int]:
    """How many penalised cards (``NO_DISCARD``) each seat's discards hold at least, from the
    discard penalties it paid (§1.4: one a card, or one in all with ``penalty_once``)."""
    per_card = v.options["illegal_discard"] == "penalty_per_card"
    out = []
    for s in range(v.players):
        by_payee = [0] * v.players
        for p in v.payments:
            if p.reason == "discard" and p.payer == s:
                by_payee[p.payee] += 1
        out.append(max(by_payee) if per_card else min(1, max(by_payee)))
    return out


def facts(v: View, unknown: CardSet) -> Facts:
    n = v.players
    held, not_held, no_bout = bouts_known(v, unknown)
    # a forfeited seat is paid nothing: when every opponent of a seat forfeited before the
    # play, its discard penalties may have been paid to no one (as many penalised cards as it
    # likes, at least those paid for)
    unpaid = short_discarders(v)
    back = [0] * n
    for t, c in v.extra.get("taken_back", ()):  # seen in that hand, so there until played again
        back[t] |= (1 << c) & unknown
    return Facts(marolles_voids(v), shown_cards(v), held, not_held, no_bout, penalised_counts(v),
                 [all(t in unpaid for t in range(n) if t != s) for s in range(n)], back)


# ----- the slots --------------------------------------------------------------------------
def seat_slots(cons: Constraints, f: Facts, s: Seat) -> None:
    """The slots of another seat ``s``: its hand, and its discards (the penalised cards known
    in a slot of their own)."""
    v, unknown = cons.view, cons.unknown
    cls = cast("type[MarollesDeal]", cons.cls)
    shown_in_hand = v.options["declarations_after_discard"] == "true"
    dealt = cls.DEALER_HAND if s == v.dealer else cls.HAND_SIZE
    hsize = v.hand_sizes[s]
    dsize = dealt - hsize - cons.played[s].bit_count()
    hand_ok = unknown & ~f.void[s] & ~f.bout_not_held[s]
    if f.no_bout[s]:
        hand_ok &= ~BOUTS
    disc_ok = unknown if shown_in_hand else unknown & ~f.bout_not_held[s]
    for t, cs in enumerate(f.shown):  # another seat's shown cards are not here
        if t != s:
            hand_ok &= ~cs
            disc_ok &= ~cs
    if shown_in_hand:
        disc_ok &= ~f.shown[s] & ~f.bout_held[s]
    if v.dealer != s and v.cut_card is not None:
        hand_ok &= ~(1 << v.cut_card)
        disc_ok &= ~(1 << v.cut_card)
    disc_ok &= ~f.back[s]  # taken back into the hand: not discarded
    cons.slots.append((s, "hand", hand_ok | f.back[s], hsize))
    if dsize > 0:
        k = min(f.penalised[s], dsize)
        if k:
            cons.slots.append((s, "discards", disc_ok & NO_DISCARD, k))
        if dsize - k:  # penalty_once: one penalised card, the others of any kind
            once = v.options["illegal_discard"] == "penalty_once"
            rest = disc_ok if (once and k) or f.unpaid_penalty[s] else disc_ok & ~NO_DISCARD
            cons.slots.append((s, "discards", rest, dsize - k))


def mort_slot(cons: Constraints, f: Facts) -> None:
    """Le Mort's cards not yet turned up: none shown, not the cut card; those seen before the
    play went back are its next."""
    v, n = cons.view, cons.view.players
    ok = cons.unknown
    for cs in f.shown:
        ok &= ~cs
    if v.cut_card is not None:
        ok &= ~(1 << v.cut_card)
    cons.slots.append((n, "mort", ok, cast("type[MarollesDeal]", cons.cls).HAND_SIZE - len(v.tricks)))
    for c in v.extra.get("mort_seen", ()):
        cons.required[c] = n


def required_cards(cons: Constraints, f: Facts) -> None:
    """The cards that must be in one seat's hand or discards: shown, a bout it holds, taken
    back, the cut card."""
    v = cons.view
    for s in range(v.players):
        if s == v.seat:
            continue
        must = (f.shown[s] | f.bout_held[s] | f.back[s]) & cons.unknown
        if s == v.dealer and v.cut_card is not None:
            must |= (1 << v.cut_card) & cons.unknown
        for c in cards_of(must):
            cons.required[c] = s


def mort_turned(v: View) -> list[Card]:
    """Le Mort's cards turned up, in order: one a trick, then those seen before the play went
    back (``extra["mort_seen"]``)."""
    return [cards[v.players] for _, cards, _ in v.tricks] + list(v.extra.get("mort_seen", ()))


# ----- replaying --------------------------------------------------------------------------
class Replay:
    """The public history of a view, as queues of actions to push on a deal dealt from a sample:
    the discards, the declarations (with the cards they show) and the cards played, or with the
    time to own up to a revoke, the play as it went, back and forth (``play_sequence``)."""

    def __init__(self, v: View, discards: Sequence[CardSet]) -> None:
        n = v.players
        self.v = v
        self.discards = [cards_of(discards[s])[::-1] for s in range(n)]
        shown: list[list[tuple[int, CardSet]]] = [[] for _ in range(n)]
        for s, a, cs in v.shown:
            shown[s].append((a, cs))
        for q in shown:
            q.reverse()
        sequence = "play_sequence" in v.extra
        self.plays = list(v.extra["play_sequence"]) if sequence else plays_in_order(v)
        self.plays.reverse()
        #: declarations made at one's first card are in that sequence too
        self.in_sequence = sequence and v.options.get("declaration_timing") == "before_own_first_card"
        #: the seat's own declaration being shown: (declaration, cards chosen so far)
        self.pending: tuple[int, list[Card]] | None = None
        if v.pending_declaration is not None:
            self.pending = (v.pending_declaration, cards_of(v.pending_show))
        #: the cards of each declaration in the sequence, in order
        self.made: list[CardSet] = []
        if self.in_sequence:
            shown = [[] for _ in range(n)]
            self.made = [cs for _, _, cs in v.extra.get("shown_sequence", ())][::-1]
        self.shown = shown

    def at_view(self, deal: Deal) -> bool:
        """Whether ``deal`` is at the view's decision point with nothing left to replay."""
        v, p = self.v, cast(Seat, deal.to_play)
        return (deal.phase == v.phase and p == v.to_play and not self.plays and not self.shown[p]
                and self.pending is None and not (deal.phase == "discard" and self.discards[p]))

    def step(self, deal: Deal) -> bool | None:
        """Push the next action of the history: True if one was pushed, False if there is none
        left, None if the deal has come to a decision the view does not explain."""
        ph, p = deal.phase, cast(Seat, deal.to_play)
        if ph == "play":
            if not self.plays:
                return False
            deal.push(self.plays.pop())
        elif ph == "discard":
            deal.push(self.discards[p].pop() if self.discards[p] else DONE)
        elif ph == "declare":
            return self.declare_in_sequence(deal, p) if self.in_sequence else self.declare(deal, p)
        elif ph == "redeal":  # a redeal being granted: its asker asked, the others passed
            v = self.v
            deal.push(REDEAL if v.phase == "grant" and p == v.extra["redeal_asker"] else DONE)
        elif ph == "grant" and self.v.phase == "grant":
            deal.push(GRANT)  # the seats between the asker and the one to play granted it
        else:
            return None
        return True

    def declare(self, deal: Deal, p: Seat) -> bool:
        """Seat ``p``'s declaration as shown, or its own being shown, or none."""
        if self.shown[p]:
            a, cs = self.shown[p].pop()
            deal.push(a)
            push_shown(deal, cs)
        elif p == self.v.seat and self.pending is not None:
            self.push_pending(deal)
        else:
            deal.push(DONE)
        return True

    def declare_in_sequence(self, deal: Deal, p: Seat) -> bool:
        """A declaration at one's first card, taken from the play sequence."""
        if not self.plays:
            return False
        a = self.plays.pop()
        deal.push(a)
        if a != DONE and self.made:
            push_shown(deal, self.made.pop())
        elif a != DONE and p == self.v.seat and self.pending is not None:  # his own, being shown
            for c in self.pending[1]:
                deal.push(c)
            self.pending = None
        return True

    def push_pending(self, deal: Deal) -> None:
        """The seat's own declaration, and the cards it has chosen to show so far."""
        assert self.pending is not None
        a, chosen = self.pending
        self.pending = None
        deal.push(a)
        for c in chosen:
            deal.push(c)


def dealt_deck(cons: Constraints, hands: Sequence[CardSet], discards: Sequence[CardSet],
               rng: random.Random | None, aside: CardSet) -> list[Card]:
    """The deck that deals each seat its hand, discards and cards played (and le Mort the cards
    turned up first, in order, then ``aside``), the cut card at the bottom."""
    v, n = cons.view, cons.view.players
    dealt = [hands[s] | discards[s] | cons.played[s] for s in range(n)]
    first = None
    if cast("type[MarollesDeal]", cons.cls).MORT:
        turned = mort_turned(v)
        dealt.append(mask(turned) | aside)
        first = {n: turned}
    return deck_from_hands(cons.cls, v.options, v.dealer, dealt, v.cut_card, rng, first=first)


class MarollesSampler:
    """Marolles's sampler (``tarot.bots.sampling.Sampler``): the other seats' hands and
    discards, and le Mort's cards not turned up."""

    def constrain(self, cons: Constraints) -> None:
        v = cons.view
        turned = 0
        for _, cards, _ in v.tricks:  # le Mort's cards turned up
            for c in cards[v.players:]:
                turned |= 1 << c
        cons.unknown = cons.cls.PACK & ~(v.hand | v.discards | cons.seen_played() | turned)
        f = facts(v, cons.unknown)
        for s in range(v.players):
            if s != v.seat:
                seat_slots(cons, f, s)
        if cast("type[MarollesDeal]", cons.cls).MORT:
            mort_slot(cons, f)
        required_cards(cons, f)

    def world(self, cons: Constraints, hands: Sequence[CardSet], discards: Sequence[CardSet],
              rng: random.Random | None, aside: CardSet) -> Deal | None:
        """The deal dealt from the sample, replayed (discards, declarations, redeal, cards)
        to the view's decision point."""
        v = cons.view
        deal = cons.cls(v.options, deck=dealt_deck(cons, hands, discards, rng, aside), dealer=v.dealer)
        replay = Replay(v, discards)
        try:
            for _ in range(400):
                if deal.phase == "over" or replay.at_view(deal):
                    break
                pushed = replay.step(deal)
                if pushed is None:
                    return None
                if not pushed:
                    break
        except TarotError:
            return None
        return checked(deal, v)


SAMPLER: Final = MarollesSampler()
