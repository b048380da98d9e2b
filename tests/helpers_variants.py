"""An independent reference model of two variants built on Marolles 1637 (issue 4).

* ``marolles-78`` — Marolles's 78-card base game (docs/rules §2): the full pack; 25 cards to each
  non-dealer and 28 to the dealer (5 rounds of 5, then 3 more to the dealer); only the dealer
  discards, 3 cards; 25 tricks; round suits K Q C J A 2 … 10 (the Ace high among the numerals),
  long suits K Q C J 10 … A; par 26 (25 as an option); no loser or no winner → no card-point
  payments.
* ``marolles-2p`` — the 1637 game for two with le Mort (docs/rules §1.10): a third hand of 21
  cards dealt face down where the third player would sit (the dealer's opponent, le Mort, the
  dealer), turned up one card to each trick after the two players' cards; le Mort never pays or
  receives, is not dealer, discards and declares nothing; par stays 25. With
  ``mort_card_competes=false`` its card goes to the live player who wins the trick; with
  ``true`` it competes, and a trick le Mort takes is led again by the same player.

``tests/helpers.py`` holds the model of the 66-card, three-player game with N = 3, 20 tricks,
the 66-card pack, its deal slots and discard counts hard-coded. Here those parts are written
again with the numbers of each variant (``Spec``) and ``VModel`` subclasses ``helpers.Model``,
reusing its rule code that does not depend on them (discards, declarations and their values,
shown cards, the literal packet count, the payment tables). Nothing here is taken from the
engine apart from the public API and the card notation.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import tarot
from helpers import (
    BELLE, BOUTS, COUNTING, DONE, FOOL, FOOL_BIT, LOSER_TABLE, NAME_OF, NO_DISCARD, POWER as POWER_66,
    PACK as PACK_66, SUIT_MASK as SUIT_MASK_66, SUIT_OF as SUIT_OF_66, TAROTS, TRUMP_LIST, TRUMPS,
    ULTIMO_CARDS, WINNER_TABLE, M, Model, bits, check_trick_numbers, deal_slots as deal_slots_66,
    literal_points, table_row,
)
from tarot.core.actions import ACKNOWLEDGE_REVOKE, ACTION_IDS
from tarot.core.cards import cards_of, format_cards, mask, parse_card

V78, V2P = "marolles-78", "marolles-2p"
#: Le Mort's index in the model's lists of hands and piles of the two-player game.
MORT = 2
GRANT, REFUSE, REDEAL = ACTION_IDS["grant"], ACTION_IDS["refuse"], ACTION_IDS["redeal"]

# ----------------------------------------------------------------------------------------
# The 78-card pack and its ranking (§2: "Round suits K Q C J 1 2 … 10 (Ace high among
# numerals), long suits K Q C J 10 … 1")
# ----------------------------------------------------------------------------------------
SUIT_LETTERS = "SBCD"
LONG_ORDER_78 = "K Q C J 10 9 8 7 6 5 4 3 2 A".split()
ROUND_ORDER_78 = "K Q C J A 2 3 4 5 6 7 8 9 10".split()
SUIT_ORDER_78 = {s: [parse_card(r + s) for r in (LONG_ORDER_78 if s in "SB" else ROUND_ORDER_78)]
                 for s in SUIT_LETTERS}
SUIT_MASK_78 = {s: mask(cs) for s, cs in SUIT_ORDER_78.items()}
SUIT_MASK_78["T"] = TRUMPS
SUIT_MASK_78["F"] = FOOL_BIT
PACK_78 = TRUMPS | FOOL_BIT | SUIT_MASK_78["S"] | SUIT_MASK_78["B"] | SUIT_MASK_78["C"] | SUIT_MASK_78["D"]
assert bits(PACK_78) == 78
SUIT_OF_78: dict[int, str] = {FOOL: "F", **{t: "T" for t in TRUMP_LIST}}
POWER_78: dict[int, int] = {t: 100 + n for n, t in enumerate(TRUMP_LIST, 1)}
for _s, _cs in SUIT_ORDER_78.items():
    for _i, _c in enumerate(_cs):
        SUIT_OF_78[_c] = _s
        POWER_78[_c] = len(_cs) - _i


@dataclass(frozen=True)
class Spec:
    """The numbers of one variant that helpers.py hard-codes for the 66-card game."""

    variant: str
    seats: int                 # live players (the ledger's seats)
    mort: bool
    tricks: int
    pack: int
    hand: int                  # cards dealt to a non-dealer
    dealer_hand: int
    discards: int              # cards a non-dealer discards
    dealer_discards: int
    suit_of: Mapping[int, str]
    power: Mapping[int, int]
    suit_mask: Mapping[str, int]

    def deal_slots(self, dealer: int, packet: int) -> list[int]:
        """Who receives each card of the deck, top card first (le Mort is ``MORT``)."""
        if self.mort:
            # The three hands of the 1637 deal (helpers.deal_slots with the dealer in seat 0:
            # his right, his left, himself) go to the other player, le Mort and the dealer.
            other = 1 - dealer
            return [{1: other, 2: MORT, 0: dealer}[s] for s in deal_slots_66(0, packet)]
        assert packet == 5, "the 78-card game is dealt in fives (§2.1)"
        order = [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
        slots: list[int] = []
        for _ in range(5):         # 5 rounds of 5 ...
            for s in order:
                slots += [s] * 5
        slots += [dealer] * 3      # ... then 3 more to the dealer
        assert len(slots) == 78
        return slots


SPEC_78 = Spec(V78, 3, False, 25, PACK_78, 25, 28, 0, 3, SUIT_OF_78, POWER_78, SUIT_MASK_78)
SPEC_2P = Spec(V2P, 2, True, 20, PACK_66, 21, 24, 1, 4, SUIT_OF_66, POWER_66, SUIT_MASK_66)
SPECS = {V78: SPEC_78, V2P: SPEC_2P}


# ----------------------------------------------------------------------------------------
# Play rules (§1.6) with the variant's ranking and number of tricks
# ----------------------------------------------------------------------------------------
def lead_card(trick: Sequence[int]) -> int | None:
    if not trick:
        return None
    if trick[0] == FOOL:
        return trick[1] if len(trick) > 1 else None
    return trick[0]


def duty_cards(spec: Spec, hand: int, trick: Sequence[int], trick_no: int, fool_lead: bool = True) -> int:
    """Follow suit; else trump; trumps led: trump; void in both: any card; the Fool instead
    of any of these except in the last trick; not led when ``fool_lead`` is false."""
    lead = lead_card(trick)
    if lead is None:
        ok = hand
        if not trick and not fool_lead and hand != FOOL_BIT:
            ok &= ~FOOL_BIT
    else:
        suit = spec.suit_of[lead]
        follow = hand & spec.suit_mask[suit]
        if follow:
            ok = follow | (hand & FOOL_BIT)
        elif suit != "T" and hand & TRUMPS:
            ok = (hand & TRUMPS) | (hand & FOOL_BIT)
        else:
            ok = hand
    if trick_no == spec.tricks - 1 and hand != FOOL_BIT:
        ok &= ~FOOL_BIT
    return ok


def allowed_cards(spec: Spec, hand: int, trick: Sequence[int], trick_no: int, fool_lead: bool,
                  revokes: bool) -> int:
    if not revokes:
        return duty_cards(spec, hand, trick, trick_no, fool_lead)
    ok = hand
    if hand != FOOL_BIT and (trick_no == spec.tricks - 1 or (not trick and not fool_lead)):
        ok &= ~FOOL_BIT
    return ok


def best_index(spec: Spec, cards: Sequence[int]) -> int:
    """Position of the winning card: highest trump, else highest of the suit led; never the Fool."""
    led = spec.suit_of[lead_card(cards)]
    best, who = -1, None
    for i, c in enumerate(cards):
        if c != FOOL and spec.suit_of[c] in ("T", led) and spec.power[c] > best:
            best, who = spec.power[c], i
    return who


def winner_collects(points: int, par: int) -> int:
    """Two winners: 1 M per full 5 points above par (S1's table at par 25, §1.9 beyond it)."""
    if par == 25 and points <= WINNER_TABLE[-1][1]:
        return table_row(WINNER_TABLE, points)[2]
    return (points - par) // 5


def loser_pays(points: int, par: int) -> int:
    if par == 25:
        return table_row(LOSER_TABLE, points)[2]
    return (par - points) // 5


# ----------------------------------------------------------------------------------------
# The model
# ----------------------------------------------------------------------------------------
class VModel(Model):
    """``helpers.Model`` with the seats, tricks, pack, deal and ranking of ``marolles-78`` or
    ``marolles-2p``. With le Mort, ``pile[MORT]`` is le Mort's pile and ``mort_cards`` its
    cards in the order they were dealt (= turned up)."""

    def __init__(self, deal) -> None:  # noqa: D107 - replaces Model.__init__ (N=3 built in)
        spec = self.spec = SPECS[deal.variant]
        n = self.n = spec.seats
        o = self.o = dict(deal.options)
        self.dealer = deal.dealer
        self.deck = tuple(deal.deck)
        slots = spec.deal_slots(self.dealer, int(o["deal_packet"]))
        hands = [0] * 3
        for c, s in zip(self.deck, slots, strict=True):
            hands[s] |= 1 << c
        self.mort_cards = [c for c, s in zip(self.deck, slots) if s == MORT] if spec.mort else []
        self.hands = hands[:n]
        self.cut = self.deck[-1]
        self.discards = [0] * n
        self.need = [spec.dealer_discards if s == self.dealer else spec.discards for s in range(n)]
        self.played = [0] * n
        self.trick: list[int] = []
        self.leader = (self.dealer + 1) % n
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.pile = [0] * (n + spec.mort)
        self.fool_excused = None
        self.fool_in_last = None
        self.fool_discarded = False
        self.shown: list[tuple[int, int, int]] = []
        self.done_groups: list[set[str]] = [set() for _ in range(n)]
        self.belle_declared = [False] * n
        self.pending = None
        self.payments: list[tuple[int, int, int, str]] = []
        self.forfeited = [False] * n
        self.asker = None
        self.grants = 0
        self.annulled = False
        self.over = False
        self.points = None
        self.revoke = o["revoke_handling"] != "engine_prevents"
        self.init_window(o)
        self.fool_lead = o["fool_lead_allowed"] == "true"
        self.fool_penalty = int(o["fool_not_excused_penalty"])
        self.par = int(o["par_points"])
        self.competes = o.get("mort_card_competes") == "true"
        self.hands_at_play = None
        self.mort_took = 0            # tricks le Mort took
        self.mort_captures = 0        # players' Tarots captured by le Mort's card
        if o["cut_card_tarot_payment"] == "on" and TAROTS >> self.cut & 1:
            self.collect(self.dealer, 1, "cut")

    # ---- seats ----
    def others(self, s: int) -> list[int]:
        return [(s + k) % self.n for k in range(1, self.n)]

    def collect(self, s: int, amount: int, reason: str) -> None:
        for p in self.others(s):
            self.pay(p, s, amount, reason)

    def pay_each(self, s: int, amount: int, reason: str) -> None:
        for p in self.others(s):
            self.pay(s, p, amount, reason)

    def totals(self) -> list[int]:
        t = [0] * self.n
        for payer, payee, amount, _ in self.payments:
            t[payer] -= amount
            t[payee] += amount
        return t

    # ---- knowledge ----
    def expected_play(self, s: int) -> int:
        return allowed_cards(self.spec, self.hands[s], self.trick, len(self.tricks), self.fool_lead,
                             self.may_revoke(s))

    def turned_up(self) -> int:
        """Le Mort's cards turned up so far (one per finished trick)."""
        return mask(self.mort_cards[:len(self.tricks)])

    def public_cards(self) -> int:
        m = 1 << self.cut
        for _, _, cs in self.shown:
            m |= cs
        for s in range(self.n):
            m |= self.played[s]
        return m | self.turned_up()

    # ---- actions whose rules depend on the number of seats ----
    def _grant(self, s: int, a: int) -> None:
        if a == GRANT:
            self.grants += 1
            if self.grants == self.n - 1:
                self.pay_each(self.asker, int(self.o["bad_hand_redeal"]), "redeal")
                self.annulled = self.over = True
        else:
            self.asker = None

    def _declared(self, s: int, name: str, cards: int) -> None:
        if name == "qui_na_le_sien":   # paid only by each *player* holding none of the three
            self.shown.append((s, ACTION_IDS[name], cards))
            for p in self.others(s):
                if not self.held(p) & BOUTS:
                    self.pay(p, s, 1, "qui_na_le_sien")
            return
        super()._declared(s, name, cards)

    def _play(self, s: int, c: int) -> None:
        if c == ACKNOWLEDGE_REVOKE:
            self.acknowledge(s)
            return
        if self.hands_at_play is None:
            self.hands_at_play = list(self.hands)
        if self.revoke:
            duty = duty_cards(self.spec, self.hands[s], self.trick, len(self.tricks), self.fool_lead)
            if not duty >> c & 1:
                self.revoked(s)
        self.hands[s] &= ~(1 << c)
        self.played[s] |= 1 << c
        self.trick.append(c)
        if len(self.trick) == self.n:
            self._trick_done()

    def _trick_done(self) -> None:
        spec, n, o = self.spec, self.n, self.o
        t = len(self.tricks)
        last = t == spec.tricks - 1
        leader, cards = self.leader, tuple(self.trick)
        if spec.mort:  # le Mort's next card, in deal order, joins the trick after the players'
            mort_card = self.mort_cards[t]
            full = cards + (mort_card,)
            i = best_index(spec, full if self.competes else cards)
            w = MORT if i == n else (leader + i) % n
        else:
            full = cards
            w = (leader + best_index(spec, cards)) % n
        gain = mask(full)
        for i, c in enumerate(cards):          # only the players' cards pay or are paid
            s = (leader + i) % n
            if c == FOOL:
                gain &= ~FOOL_BIT
                if last:
                    self.pay_each(s, self.fool_penalty, "fool_not_excused")
                    self.fool_in_last = (s, w)
                    keeper = s if o["fool_last_trick_card"] == "kept_by_owner" else w
                    self.pile[keeper] |= FOOL_BIT
                else:
                    self.collect(s, 1, "excuse")
                    self.pile[s] |= FOOL_BIT
                    self.fool_excused = (s, w)
            elif c == BELLE:
                if not self.belle_declared[s]:
                    self.collect(s, 1, "belle")
            elif TAROTS >> c & 1:
                ultimo = last and ULTIMO_CARDS >> c & 1
                plus = 1 if o["ultimo_win"] == "6_plus_1" else 0
                if s == w:
                    self.collect(s, 6 + plus if ultimo else 1, "tarot")
                else:
                    if w == MORT and spec.mort:
                        self.mort_captures += 1
                    if ultimo and o["ultimo_fail"] == "6":
                        self.pay_each(s, 6 + plus, "tarot")
                    else:
                        self.pay_each(s, 1, "tarot")
        if spec.mort and full[n] == FOOL and self.competes:
            # le Mort's Fool cannot win the trick le Mort's card competes for: back to le Mort
            gain &= ~FOOL_BIT
            self.pile[MORT] |= FOOL_BIT
        self.pile[w] |= gain
        self.tricks.append((leader, full, w))
        self.trick = []
        if spec.mort and w == MORT:
            self.mort_took += 1       # the same player leads again
        else:
            self.leader = w
        self.close_windows(last)
        if last:
            self._settle()

    def _settle(self) -> None:
        n, spec = self.n, self.spec
        if spec.mort:                 # le Mort's last card, never turned up, stays with it
            self.pile[MORT] |= mask(self.mort_cards[spec.tricks:])
        for s in range(n):
            rest = self.hands[s]
            if rest:
                if rest & FOOL_BIT:
                    self.pay_each(s, self.fool_penalty, "fool_not_excused")
                self.pile[s] |= rest
                self.hands[s] = 0
        kept = self.fool_excused
        if not kept and self.fool_in_last and self.o["fool_last_trick_card"] == "kept_by_owner":
            kept = self.fool_in_last
        if self.o["fool_exchange"] == "give_empty_card" and kept:
            owner, w = kept
            empties = self.pile[owner] & ~COUNTING
            give = (empties & -empties) if empties else FOOL_BIT
            self.pile[owner] &= ~give
            self.pile[w] |= give
        pts = tuple(literal_points(self.pile[s]) for s in range(n))
        self.points = pts
        par = self.par
        winners = [s for s in range(n) if pts[s] >= par]
        losers = [s for s in range(n) if pts[s] < par]
        if winners and losers:        # §2: no loser or no winner -> no card-point payments
            if len(winners) == 1:
                for s in losers:
                    self.pay(s, winners[0], loser_pays(pts[s], par), "card_points")
            elif self.o["two_winner_rule"] == "pagat_symmetric":
                for w in winners:
                    self.pay(losers[0], w, winner_collects(pts[w], par), "card_points")
            else:
                owed = loser_pays(pts[losers[0]], par)
                a, b = winners
                tie = self.o["dm_tie_split"]
                if pts[a] != pts[b]:
                    self.pay(losers[0], a if pts[a] > pts[b] else b, owed, "card_points")
                elif tie != "none":
                    for w in winners:
                        self.pay(losers[0], w, owed // 2 if tie == "split_floor" else owed, "card_points")
        self.over = True


# ----------------------------------------------------------------------------------------
# Options
# ----------------------------------------------------------------------------------------
def refused(values: Mapping[str, str]) -> bool:
    return (values.get("declarations_after_discard") == "false"
            and values.get("declaration_timing") == "before_own_first_card")


def random_options(variant: str, rng: random.Random, int_share: float = 0.25) -> dict[str, str]:
    """A random setting of every option of ``variant`` (numbers in range too)."""
    while True:
        values = {}
        for o in tarot.variant_class(variant).OPTIONS:
            if o.int_range is not None and rng.random() < int_share:
                values[o.key] = str(rng.randint(*o.int_range))
            else:
                values[o.key] = rng.choice(o.choices)
        if not refused(values):
            return values


# ----------------------------------------------------------------------------------------
# Checking the engine against the model
# ----------------------------------------------------------------------------------------
def model_for(deal) -> VModel:
    fresh = tarot.new_deal(deal.variant, dict(deal.options), deck=deal.deck, dealer=deal.dealer)
    model = VModel(fresh)
    for a in deal.history:
        phase, s = fresh.phase, fresh.to_play
        fresh.push(a)
        model.step(phase, s, a)
    return model


def ledger_totals(entries, n: int) -> list[int]:
    t = [0] * n
    for e in entries:
        t[e.payer] -= e.amount
        t[e.payee] += e.amount
    return t


def check_legal(deal, model: VModel, legal: list[int]) -> None:
    phase, s = deal.phase, deal.to_play
    assert legal and len(set(legal)) == len(legal) and legal == sorted(legal)
    assert s is not None and 0 <= s < model.n, "le Mort never has the turn"
    if phase == "play":
        assert s == (model.leader + len(model.trick)) % model.n, "turn order; the leader leads"
        cards = [a for a in legal if a < 78]
        assert mask(cards) == model.expected_play(s), (
            tarot.format_cards(mask(cards)), tarot.format_cards(model.expected_play(s)))
        assert set(legal) - set(cards) == ({ACKNOWLEDGE_REVOKE} if model.may_acknowledge(s) else set())
    elif phase == "declare":
        names = {NAME_OF[a] for a in legal if a != DONE}
        assert DONE in legal and names == model.expected_declarations(s)
    elif phase == "show":
        p = model.pending
        assert p is not None and p[0] == s
        assert all(a < 78 and p[3] >> a & 1 and not p[5] >> a & 1 for a in legal)
    elif phase == "discard":
        assert model.need[s] > 0, "only a seat with discards to make discards"
        cards = mask(a for a in legal if a < 78)
        assert cards & ~model.hands[s] == 0
        assert (DONE in legal) == (model.o["wrong_discard_count"] != "forbidden")
        if model.o["illegal_discard"] == "forbidden" and bits(model.hands[s] & ~NO_DISCARD) >= model.need[s]:
            assert cards & NO_DISCARD == 0
    else:
        assert phase in ("redeal", "grant") and model.o["bad_hand_redeal"] != "off"


def check_views(deal, model: VModel) -> None:
    """Each seat sees its hand and discards and what is public, never le Mort's cards to come,
    the other players' hands or discards; every card is in exactly one place."""
    n, spec = model.n, model.spec
    hidden_mort = mask(model.mort_cards[len(model.tricks):])
    vs = [deal.view(s) for s in range(n)]
    seen, total = 0, 0
    parts = [v.hand for v in vs] + [v.discards for v in vs] + [hidden_mort]
    parts += [mask(cards) for _, cards, _ in deal.tricks] + [mask(vs[0].trick)]
    for part in parts:
        assert not seen & part, "a card in two places"
        seen |= part
        total += bits(part)
    assert seen == spec.pack and total == bits(spec.pack), "every card accounted for"
    for s, v in enumerate(vs):
        # another seat sees a choice of the cards to show as the declaring it is part of
        public_phase = "declare" if deal.phase == "show" and s != deal.to_play else deal.phase
        assert v.seat == s and v.players == n and v.phase == public_phase
        assert v.hand == model.hands[s] and v.discards == model.discards[s]
        assert list(v.trick) == model.trick
        leak = v.known_cards() & ~model.allowed_knowledge(s)
        assert not leak, f"seat {s} sees {format_cards(leak)} in phase {deal.phase}"
        assert not v.known_cards() & hidden_mort, "a card of le Mort not yet turned up is seen"
        assert len(v.hand_sizes) == n


def check_state(deal, model: VModel, views: bool) -> None:
    assert ledger_totals(deal.ledger.entries, model.n) == model.totals(), (
        deal.ledger.entries[-6:], model.payments[-6:])
    assert list(deal.shown) == model.shown
    assert list(deal.tricks) == model.tricks
    if views and not deal.is_over:
        check_views(deal, model)


def check_result(deal, model: VModel) -> None:
    n, spec = model.n, model.spec
    r = deal.result()
    entries = list(r.ledger.entries)
    assert len(r.scores) == n, "the ledger has a seat per live player only"
    assert all(e.amount > 0 and e.payer != e.payee and 0 <= e.payer < n and 0 <= e.payee < n
               for e in entries)
    assert list(r.scores) == ledger_totals(entries, n) == model.totals()
    assert sum(r.scores) == 0
    if model.annulled:
        return
    assert len(deal.tricks) == spec.tricks
    assert tuple(r.card_points) == model.points
    piles = model.pile
    assert sum(bits(p) for p in piles) == bits(spec.pack)
    union = 0
    for p in piles:
        union |= p
    assert union == spec.pack, "the piles partition the pack"
    if spec.mort:
        assert r.info["mort_pile"] == piles[MORT]
        for t, (_, cards, _) in enumerate(deal.tricks):
            assert len(cards) == 3 and cards[2] == model.mort_cards[t], "le Mort's card, in deal order"
        if not model.competes:
            assert all(w != MORT for _, _, w in deal.tricks), "le Mort takes no trick"
            assert piles[MORT] == 1 << model.mort_cards[-1]
    else:
        assert sum(r.card_points) == 78, "78 card points, counted in packets of three (§2, §0.5)"
    cp = [e for e in entries if e.reason == "card_points"]
    has_w = any(p >= model.par for p in r.card_points)
    has_l = any(p < model.par for p in r.card_points)
    if not (has_w and has_l):
        assert not cp, "no loser or no winner: no card-point payments"
    expect = [0] * n
    for payer, payee, amount, reason in model.payments:
        if reason == "card_points":
            expect[payer] -= amount
            expect[payee] += amount
    assert ledger_totals(cp, n) == expect


def run_checked(deal, rng: random.Random, views: bool = True, choose=None) -> VModel:
    """Play ``deal`` to the end with random legal actions (or ``choose(deal, legal)``),
    checking the engine against the model before and after every action."""
    model = model_for(deal)
    check_state(deal, model, views)
    play_size = model.spec.hand - model.spec.discards
    while not deal.is_over:
        legal = deal.legal_actions()
        check_legal(deal, model, legal)
        phase, s = deal.phase, deal.to_play
        a = choose(deal, legal) if choose else rng.choice(legal)
        n_entries, trick_no = len(deal.ledger.entries), len(model.tricks)
        deal.push(a)
        model.step(phase, s, a)
        check_trick_numbers(deal.ledger.entries[n_entries:], phase, trick_no)
        if (phase != "play" and deal.phase == "play" and not model.trick and not model.tricks
                and model.o["wrong_discard_count"] == "forbidden"):
            assert [bits(h) for h in model.hands] == [play_size] * model.n
        check_state(deal, model, views)
    assert model.over
    check_result(deal, model)
    return model


def run_light(deal, rng: random.Random) -> VModel:
    """Play ``deal`` with random legal actions, the model following; compare at the end only
    (ledger, tricks, card points, piles) — for the many deals not checked step by step."""
    model = VModel(deal)
    while not deal.is_over:
        legal = deal.legal_actions()
        phase, s = deal.phase, deal.to_play
        a = rng.choice(legal)
        deal.push(a)
        model.step(phase, s, a)
    check_state(deal, model, False)
    check_result(deal, model)
    return model


# ----------------------------------------------------------------------------------------
# Building a chosen position
# ----------------------------------------------------------------------------------------
def _safe_discard(spec: Spec, c: int) -> bool:
    return spec.suit_of[c] in SUIT_LETTERS and not COUNTING >> c & 1 and c != BELLE


def arrange(variant: str, hands: Mapping[int, str] | None = None, void: Mapping[int, str] | None = None,
            discards: Mapping[int, str] | None = None, mort: str = "", dealer: int = 0,
            cut: str | None = None, seed: int | None = None) -> tuple[list[int], list[int], list[int]]:
    """Hands to play with (25 or 20 cards), discards, and with le Mort its cards in turn-up
    order (``mort`` tokens first, in that order): the given cards, every other card of the pack
    placed deterministically (shuffled by ``seed``), none of a suit listed in ``void`` (letters
    S B C D T F; key ``"mort"`` for le Mort). Returns (deck, play hands, discards)."""
    spec = SPECS[variant]
    n = spec.seats
    hands, void, discards = dict(hands or {}), dict(void or {}), dict(discards or {})
    fixed_h = [M(hands.get(s, "")) for s in range(n)]
    fixed_d = [M(discards.get(s, "")) for s in range(n)]
    mort_first = tarot.parse_cards(mort) if mort else []
    used = mask(mort_first)
    for cs in fixed_h + fixed_d:
        assert not used & cs, "a card is placed twice"
        used |= cs
    play = spec.hand - spec.discards
    need_d = [spec.dealer_discards if s == dealer else spec.discards for s in range(n)]
    cap = [play - bits(fixed_h[s]) for s in range(n)] + [need_d[s] - bits(fixed_d[s]) for s in range(n)]
    cap.append(21 - len(mort_first) if spec.mort else 0)
    assert min(cap) >= 0, cap
    banned = [0] * (n + 1)
    for s, letters in void.items():
        for letter in letters:
            banned[n if s == "mort" else s] |= spec.suit_mask[letter]
    pool = cards_of(spec.pack & ~used)
    if seed is not None:
        random.Random(seed).shuffle(pool)

    def bins(c):
        out = [s for s in range(n) if not banned[s] >> c & 1]
        if _safe_discard(spec, c):
            out += [n + s for s in range(n)]
        if spec.mort and not banned[n] >> c & 1:
            out.append(2 * n)
        return out

    pool.sort(key=lambda c: len(bins(c)))
    out = fixed_h + fixed_d + [0]
    mort_rest: list[int] = []
    for c in pool:
        options = [b for b in bins(c) if cap[b] > 0]
        assert options, f"cannot place {tarot.format_card(c)}"
        b = max(options, key=lambda b: (cap[b], -b))
        cap[b] -= 1
        if b == 2 * n:
            mort_rest.append(c)
        else:
            out[b] |= 1 << c
    assert not any(cap), cap
    play_hands, disc = out[:n], out[n:2 * n]
    dealt = [play_hands[s] | disc[s] for s in range(n)]
    if cut is None:
        cut_card = next(c for c in cards_of(dealt[dealer]) if not TAROTS >> c & 1)
    else:
        cut_card = parse_card(cut)
        assert dealt[dealer] >> cut_card & 1
    queues = {s: [c for c in cards_of(dealt[s]) if c != cut_card] for s in range(n)}
    queues[dealer].append(cut_card)
    queues[MORT if spec.mort else -1] = mort_first + sorted(mort_rest)
    deck = [queues[s].pop(0) for s in spec.deal_slots(dealer, 5)]
    return deck, play_hands, disc


def skip_to_play(deal, discards: Sequence[int], declare: Mapping[int, Sequence[str]] | None = None):
    """Discard the planned cards (ascending), make the given declarations, say done otherwise."""
    declare = {s: list(v) for s, v in (declare or {}).items()}
    while deal.phase in ("redeal", "discard", "declare"):
        s = deal.to_play
        if deal.phase == "discard":
            deal.push(cards_of(discards[s] & deal.view(s).hand)[0])
        elif deal.phase == "declare" and declare.get(s):
            deal.push(ACTION_IDS[declare[s].pop(0)])
        else:
            deal.push(DONE)
    return deal


def position(variant: str, options: Mapping[str, object] | None = None, declare=None, **kw):
    """A deal in the play phase built with ``arrange``: (deal, play hands, discards)."""
    deck, play_hands, disc = arrange(variant, **kw)
    deal = tarot.new_deal(variant, dict(options or {}), deck=deck, dealer=kw.get("dealer", 0))
    skip_to_play(deal, disc, declare)
    return deal, play_hands, disc


def play(deal, *tokens: str) -> None:
    """Play cards in turn (saying done first where a declaration turn comes before one)."""
    for tok in tokens:
        while deal.phase == "declare":
            deal.push(DONE)
        assert deal.phase == "play", deal.phase
        deal.push(parse_card(tok))


def reason_totals(deal, reason: str, n: int) -> list[int]:
    return ledger_totals([e for e in deal.ledger.entries if e.reason == reason], n)


def fingerprint(deal) -> tuple:
    """Everything the API shows of a deal, for equality before/after."""
    n = deal.players
    return (
        deal.phase, deal.to_play, tuple(deal.history), tuple(deal.legal_actions()),
        tuple(deal.view(s) for s in range(n)), tuple(deal.ledger.entries), tuple(deal.tricks),
        tuple(deal.shown), deal.is_over,
    )


def check_undo_and_copy(deal, rng: random.Random, share: float = 0.3) -> None:
    """Play ``deal`` at random; before a share of the actions, push then pop (the deal must be
    as it was) and push again; a copy taken then must play on exactly like the deal."""
    copies = []
    while not deal.is_over:
        a = rng.choice(deal.legal_actions())
        if rng.random() < share:
            before = fingerprint(deal)
            deal.push(a)
            after = fingerprint(deal)
            assert deal.pop() == a
            assert fingerprint(deal) == before, "pop() restores the position"
            deal.push(a)
            assert fingerprint(deal) == after
            if rng.random() < 0.1:
                copies.append((deal.copy(), len(deal.history)))
        else:
            deal.push(a)
    for c, k in copies:
        for a in deal.history[k:]:
            c.push(a)
        assert fingerprint(c) == fingerprint(deal)
        assert c.result().scores == deal.result().scores
        assert c.result().info == deal.result().info
