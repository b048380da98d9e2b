"""Sampling the hidden cards of a view, and building a playable deal from a sample.

A search bot sees only its seat's ``View``. To search, it *determinizes*: it deals the cards
it cannot see to the other seats in a way consistent with everything the view tells, rebuilds
the deal from those hands, replays the public history on it, and searches that deal as if all
cards were known. This module does the part every game shares: the slots the hidden cards go to
(``Constraints``) and a random assignment of the cards to them, a deck order that deals given
hands (``deck_from_hands``), what the tricks tell (``played_by``, ``voids``), and the check of
every sample. What a view of one game tells is that game's *sampler*, named in its declaration
(``Game.sampler``, ``tarot/variants/<game>/sampler.py``): its ``constrain(cons)`` fills the
slots from the view, its ``world(cons, hands, discards, rng, aside)`` deals and replays a
sample (``Sampler``). A game that declares no sampler is left to the rule bots
(``can_sample``).

Every sample is *checked*: the deal rebuilt from it and replayed must show the seat exactly its
view (hand, discards, hand sizes, declarations, tricks, payments, legal actions:
``public_view``). A sample that fails (a constraint the sampler does not model, e.g. a
Marolles tier declared under ``declarations_must_be_maximal``) is drawn again.

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
from collections.abc import Mapping, Sequence, Set
from typing import Any, Protocol, cast

from ..core.cards import FOOL, SUIT_MASKS, TRUMP_SUIT, TRUMPS, Card, CardSet, Seat, cards_of, mask, shuffle, suit_of
from ..core.deal import Deal, View, variant_class
from ..core.errors import TarotError
from ..core.game import game_of


class SamplingError(TarotError):
    """No consistent sample was found (or the variant cannot be sampled)."""


class Sampler(Protocol):
    """What a game declares to have its views sampled (``Game.sampler``)."""

    def constrain(self, cons: Constraints) -> None:
        """Fill ``cons`` from ``cons.view``: ``unknown`` (the cards the seat has not seen),
        ``slots``, ``required`` and, where the game needs them, ``taken`` and ``extra``;
        ``SamplingError`` for a view the game does not sample."""

    def world(self, cons: Constraints, hands: Sequence[CardSet], discards: Sequence[CardSet],
              rng: random.Random | None, aside: CardSet) -> Deal | None:
        """The deal in which each seat holds ``hands[s]`` and has discarded ``discards[s]``
        and ``aside`` holds the cards of the slots of no seat's hand or discards, replayed
        to the view's decision point; None if it does not show the seat its view exactly
        (``checked``)."""


def sampler_of(variant: str) -> Sampler | None:
    """The sampler ``variant``'s game declares, or None (an unknown variant has none)."""
    try:
        game = game_of(variant)
    except TarotError:
        return None
    return cast("Sampler | None", game.load("sampler"))


def can_sample(variant: str) -> bool:
    """Whether ``sample_world`` supports ``variant``: its game declares a sampler."""
    return sampler_of(variant) is not None


def public_view(v: View) -> tuple:
    """The parts of a view a consistent sample must reproduce exactly."""
    return (v.phase, v.to_play, v.hand, v.discards, v.hand_sizes, v.cut_card, v.shown, v.tricks,
            v.leader, v.trick, v.payments, v.legal_actions, v.pending_show, v.pending_declaration,
            v.bids, v.contract, v.taker, v.chien, v.called, v.partner, v.table, dict(v.extra))


def checked(deal: Deal, v: View) -> Deal | None:
    """``deal`` if it shows ``v.seat`` exactly the view ``v`` (``public_view``), else None."""
    return deal if public_view(deal.view(v.seat)) == public_view(v) else None


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


def plays_in_order(v: View) -> list[Card]:
    """The cards the seats played, trick by trick, in the order they were played (not le
    Mort's)."""
    n = v.players
    return [c for _, cards, _ in v.tricks for c in cards[:n]] + list(v.trick)


def follow_misses(v: View) -> list[tuple[Seat, int, CardSet]]:
    """Each failure to follow or to trump in the tricks of ``v``, as (seat, trick, the cards
    it shows he lacked then), by the duty of Marolles and Early French Tarot (docs/rules §1.6,
    §3.3): follow the suit led, else trump; on a trump lead, trump if possible; the Fool may
    always be played, and a led Fool lets the second card set the suit."""
    n, step = v.players, direction(v)
    tricks = [(leader, cards[:n], t) for t, (leader, cards, _) in enumerate(v.tricks)]
    if v.trick:
        tricks.append((cast(Seat, v.leader), v.trick, len(v.tricks)))
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
    return misses


def voids(v: View, excused: Set[tuple[Seat, int]] = frozenset()) -> list[CardSet]:
    """Cards each seat cannot hold now, from its failures to follow or to trump
    (``follow_misses``) but those ``excused`` as (seat, trick): failures that tell nothing
    (Marolles with revokes allowed: a revoke the view may not show)."""
    out = [0] * v.players
    for s, t, lacked in follow_misses(v):
        if (s, t) not in excused:
            out[s] |= lacked
    return out


def push_shown(deal: Deal, cards: CardSet) -> None:
    """After a declaration is pushed: choose the cards it shows, ``cards``, if there is a choice
    (in ascending order, as the engine asks)."""
    for c in cards_of(cards):
        if deal.phase != "show":
            break
        if deal.is_legal(c):
            deal.push(c)


class Constraints:
    """The slots hidden cards can go to, with their sizes, and which cards each may take.

    Slots are ``(seat, kind, cards allowed, size)``: ``"hand"`` and ``"discards"`` for every
    other seat (a seat's discards may take several slots, e.g. one for the cards whose
    discard was paid for); cards dealt to no seat go to slots of another kind (``"chien"``,
    ``"aside"``, ``"down"``, ``"mort"``), whose cards ``world`` receives as ``aside``.
    ``required[card]`` is the seat whose hand or discards must hold ``card``. The game's
    sampler fills them (``Sampler.constrain``).
    """

    def __init__(self, v: View, sampler: Sampler | None = None) -> None:
        # ``sampler``: another than the game's own (French Tarot before the play, ``sampler_bid``)
        sampler = sampler or sampler_of(v.variant)
        if sampler is None:
            raise SamplingError(f"cannot sample hidden cards of {v.variant}")
        self.sampler: Sampler = sampler
        self.cls, self.view = variant_class(v.variant), v
        self.played = played_by(v)
        #: The cards the seat has not seen.
        self.unknown: CardSet = 0
        self.required: dict[Card, int] = {}
        self.slots: list[tuple[Seat, str, CardSet, int]] = []
        #: Cards the taker took into his hand after the deal from a pile all have seen (French
        #: Tarot: the chien of a Prise or a Garde): not in his hand as dealt (``_bids_fit``).
        self.taken: CardSet = 0
        #: What the game's sampler keeps of the view for ``world`` (French Tarot for two:
        #: where the played cards came from).
        self.extra: Any = None
        sampler.constrain(self)
        self.cards = cards_of(self.unknown)
        self.allowed: dict[Card, list[int]] = {}
        for c in self.cards:
            need = self.required.get(c)
            self.allowed[c] = [i for i, (s, _, ok, cap) in enumerate(self.slots)
                               if ok >> c & 1 and cap and (need is None or s == need)]
        if sum(cap for *_, cap in self.slots) != len(self.cards):
            raise SamplingError("the hidden cards do not match the hand sizes")

    def seen_played(self) -> CardSet:
        """Every card the seats have played (not le Mort's)."""
        out = 0
        for m in self.played:
            out |= m
        return out

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
def build_world(cons: Constraints, hands: Sequence[CardSet], discards: Sequence[CardSet],
                rng: random.Random | None = None, aside: CardSet = 0) -> Deal | None:
    """The deal in which each seat holds ``hands[s]`` and has discarded ``discards[s]``
    (the view's own seat: its own; French Tarot: the écart), and ``aside`` holds the cards
    dealt to no seat that nobody has seen (French Tarot: the chien of a Garde sans or
    contre; Early French Tarot: the cards set aside; le Mort: its cards not turned up; French
    Tarot for two: the face-down pile cards), replayed to the view's decision point by the
    game's sampler; None if the replay does not reproduce the view exactly."""
    return cons.sampler.world(cons, hands, discards, rng, aside)


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
    check_bids = bids is not None and bool(v.bids)
    for _ in range(tries):
        parts = cons.assign(rng)
        if parts is None:
            break
        hands, discards, chien = [0] * n, [0] * n, 0
        hands[v.seat], discards[v.seat] = v.hand, v.discards
        for (s, kind, _, _), cs in zip(cons.slots, parts):
            if kind == "hand":
                hands[s] |= cs
            elif kind == "discards":
                discards[s] |= cs
            else:
                chien |= cs
        if check_bids:
            if bid_tries > 1 and not _bids_fit(cons, bids, hands, discards):
                bid_tries -= 1
                continue
        if model is not None:
            deal = _model_discards(cons, model, hands, discards, rng, chien)
            if deal is not None:
                return deal
        deal = build_world(cons, hands, discards, rng, chien)
        if deal is not None:
            return deal
    raise SamplingError(f"no deal consistent with the view of seat {v.seat} was found")


def _bids_fit(cons: Constraints, model, hands: list[CardSet], discards: list[CardSet]) -> bool:
    """Whether ``model`` would have bid as the other seats did with the hands of a draw, as
    dealt: hand, discards (the écart) and cards played, less what the taker took after the
    deal (``Constraints.taken``)."""
    v = cons.view
    dealt = [(hands[s] | discards[s] | cons.played[s]) & ~cons.taken if s == v.taker
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
    return build_world(cons, hands, discards, rng, chien) if changed else None


__all__ = ["Constraints", "Sampler", "SamplingError", "build_world", "can_sample", "checked",
           "deal_positions", "deck_from_hands", "direction", "follow_misses", "played_by",
           "plays_in_order", "public_view", "push_shown", "sample_from", "sample_world",
           "sampler_of", "voids"]
