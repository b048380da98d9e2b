"""Shared helpers of the independent test suite for Marolles 1637 (docs/rules §0-§1, seeds 000/002).

Everything that encodes a *rule* is written again here from the rules text, not taken from the
engine: card classes and rankings (§1.1), the deal order (§1.3), the discard and declaration
rules (§1.4-§1.5), the legal plays and trick winner (§1.6), every payment (§1.7-§1.9) and the
counting in packets of three (§0.2). Only the public API (``new_deal``, ``push``/``pop``,
``view``, the ledger) and the card notation (``parse_card`` & co.) are the engine's.

``Model`` follows a deal action by action and predicts, independently, what the engine must
show: hands, discards, shown cards, tricks and winners, legal plays and declarations, every
marque paid, card points. The property, rules and view tests compare the engine to it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import SimpleNamespace

import tarot
from tarot.core.actions import ACKNOWLEDGE_REVOKE, ACTION_IDS, DONE, NAMED_ACTIONS
from tarot.core.cards import cards_of, mask, parse_card, parse_cards

VARIANT = "marolles-1637"
N = 3
TRICKS = 20
GRANT, REFUSE, REDEAL = ACTION_IDS["grant"], ACTION_IDS["refuse"], ACTION_IDS["redeal"]


def M(text: str) -> int:
    """The card set named by space-separated tokens (Italian notation)."""
    return mask(parse_cards(text))


def bits(cs: int) -> int:
    return cs.bit_count()


# ----------------------------------------------------------------------------------------
# Cards of the 66-card pack, from §1.1 (S1, S2)
# ----------------------------------------------------------------------------------------
FOOL = parse_card("F")
FOOL_BIT = 1 << FOOL
BAGAT, MONDE = parse_card("T1"), parse_card("T21")
TRUMP_LIST = [parse_card(f"T{n}") for n in range(1, 22)]
TRUMPS = mask(TRUMP_LIST)
KINGS = M("KS KB KC KD")
QUEENS = M("QS QB QC QD")
CAVALIERS = M("CS CB CC CD")
JACKS = M("JS JB JC JD")
BOUTS = M("T21 T1 F")
TAROTS = KINGS | BOUTS              # "les Tarots par excellence": 4 Kings, XXI, I, the Fool
BELLE = parse_card("AD")            # the Ace of Coins (deniers)
BELLE_BIT = 1 << BELLE
TRIOMPHES = TRUMPS | FOOL_BIT
#: "No trumps or Tarots may be discarded" (S1): the 21 trumps, the Fool and the Kings.
NO_DISCARD = TRUMPS | FOOL_BIT | KINGS
ULTIMO_CARDS = KINGS | (1 << BAGAT)  # "le Bagat, ou vn Roy le dernier" (S2)

SUIT_LETTERS = "SBCD"
SUIT_NAMES = {"S": "Swords", "B": "Batons", "C": "Cups", "D": "Coins"}
IMPERIAL_NAME = {"S": "imperial_swords", "B": "imperial_batons", "C": "imperial_cups", "D": "imperial_coins"}
#: High to low, exactly as S1 lists them (round suits: Cups, Coins).
LONG_ORDER = "K Q C J 10 9 8 7 6 5 4".split()
ROUND_ORDER = "K Q C J A 2 3 4 5 6 7".split()
SUIT_ORDER = {s: [parse_card(r + s) for r in (LONG_ORDER if s in "SB" else ROUND_ORDER)]
              for s in SUIT_LETTERS}
SUIT_MASK = {s: mask(cs) for s, cs in SUIT_ORDER.items()}
SUIT_MASK["T"] = TRUMPS
SUIT_MASK["F"] = FOOL_BIT
HONOURS = {s: M(" ".join(r + s for r in "KQCJ")) for s in SUIT_LETTERS}
PACK = TRUMPS | FOOL_BIT | SUIT_MASK["S"] | SUIT_MASK["B"] | SUIT_MASK["C"] | SUIT_MASK["D"]
assert bits(PACK) == 66
#: The 12 cards Marolles removes (S2: "les dix, neuf, & huict des couppes & deniers, & les trois,
#: deux & az d'espées & bastons").
REMOVED = M("10C 9C 8C 10D 9D 8D 3S 2S AS 3B 2B AB")
FULL_78 = PACK | REMOVED
assert bits(FULL_78) == 78

SUIT_OF: dict[int, str] = {FOOL: "F", **{t: "T" for t in TRUMP_LIST}}
for _s, _cs in SUIT_ORDER.items():
    for _c in _cs:
        SUIT_OF[_c] = _s
#: Strength within a trick: trumps by number above every suit card; suit cards by §1.1 order.
POWER: dict[int, int] = {t: 100 + n for n, t in enumerate(TRUMP_LIST, 1)}
for _s, _cs in SUIT_ORDER.items():
    for _i, _c in enumerate(_cs):
        POWER[_c] = len(_cs) - _i

#: Nominal card values for the packet count (§1.1, S2 "chacun des sept Tarots vaut cinq points").
NOMINAL: dict[int, int] = {}
for _c in cards_of(TAROTS):
    NOMINAL[_c] = 5
for _cs, _v in ((QUEENS, 4), (CAVALIERS, 3), (JACKS, 2)):
    for _c in cards_of(_cs):
        NOMINAL[_c] = _v
COUNTING = TAROTS | QUEENS | CAVALIERS | JACKS


def nominal(card: int) -> int:
    return NOMINAL.get(card, 0)


def others(s: int) -> list[int]:
    return [(s + 1) % N, (s + 2) % N]


# ----------------------------------------------------------------------------------------
# Counting in packets of three, literally as S1 states it (§0.2)
# ----------------------------------------------------------------------------------------
def packet_value(packet: Sequence[int]) -> int:
    """One packet, by S1's words.

    Three cards: one counting card and two empties = its value; three empties = 1; two counting
    cards = their sum − 1; three = their sum − 2. Two surplus cards: as if a third empty card were
    there. A single surplus card: a counting card scores its value − 1, an empty card nothing.
    """
    values = [nominal(c) for c in packet if nominal(c)]
    k = len(values)
    if len(packet) == 3:
        return 1 if k == 0 else sum(values) - (k - 1)
    if len(packet) == 2:
        return 1 if k == 0 else sum(values) - (k - 1)   # = the packet with a third empty card
    if len(packet) == 1:
        return values[0] - 1 if k else 0
    raise ValueError(packet)


def literal_points_in_order(cards: Sequence[int]) -> int:
    """Count a pile packing the cards three by three in the order given (any grouping)."""
    return sum(packet_value(cards[i:i + 3]) for i in range(0, len(cards), 3))


def literal_points(pile: int) -> int:
    """S1's packing: each counting card with two empty cards while empties last; then the
    remaining empties in threes, or the remaining counting cards together; surplus as S1 says."""
    counting = [c for c in cards_of(pile) if nominal(c)]
    empties = [c for c in cards_of(pile) if not nominal(c)]
    packets = []
    while counting and len(empties) >= 2:
        packets.append([counting.pop(), empties.pop(), empties.pop()])
    rest = counting + empties          # either only empties, or counting cards and ≤ 1 empty
    for i in range(0, len(rest), 3):
        packets.append(rest[i:i + 3])
    return sum(packet_value(p) for p in packets)


# ----------------------------------------------------------------------------------------
# The card-point payment table of S1 (seed-M-en), row by row
# ----------------------------------------------------------------------------------------
#: "Two losers each pay winner": (lowest points, highest points, marques)
LOSER_TABLE = ((21, 24, 0), (16, 20, 1), (11, 15, 2), (6, 10, 3), (1, 5, 4), (0, 0, 5))
#: "Two winners each collect from loser"
WINNER_TABLE = ((25, 29, 0), (30, 34, 1), (35, 39, 2), (40, 44, 3), (45, 49, 4))


def table_row(table, points: int):
    for row in table:
        if row[0] <= points <= row[1]:
            return row
    raise KeyError(points)


def loser_pays(points: int, par: int = 25) -> int:
    if par == 25:
        return table_row(LOSER_TABLE, points)[2]
    return (par - points) // 5            # RULES §1.9 rule for another par


def winner_collects(points: int, par: int = 25) -> int:
    if par == 25:
        return table_row(WINNER_TABLE, points)[2]
    return (points - par) // 5


# ----------------------------------------------------------------------------------------
# Dealing (§1.3): packets anticlockwise from the dealer's right, the dealer last
# ----------------------------------------------------------------------------------------
def deal_slots(dealer: int, packet: int) -> list[int]:
    """The seat that receives each card of the deck, top card first; the last (bottom) card,
    the cut card, goes to the dealer. Seat ``dealer + 1`` is the dealer's right."""
    order = [(dealer + 1) % N, (dealer + 2) % N, dealer]
    slots: list[int] = []
    if packet == 5:       # 4 rounds of 5, then 1 to each other player and 4 to the dealer (S1)
        for _ in range(4):
            for s in order:
                slots += [s] * 5
        slots += [order[0], order[1]] + [dealer] * 4
    elif packet == 3:     # 7 rounds of 3, then the last 3 to the dealer (S1 variation)
        for _ in range(7):
            for s in order:
                slots += [s] * 3
        slots += [dealer] * 3
    else:
        raise ValueError(packet)
    assert len(slots) == 66
    return slots


def hands_from_deck(deck: Sequence[int], dealer: int, packet: int) -> list[int]:
    hands = [0] * N
    for c, s in zip(deck, deal_slots(dealer, packet)):
        hands[s] |= 1 << c
    return hands


def deck_from_hands(dealt: Sequence[int], dealer: int, packet: int = 5, cut: int | None = None,
                    rng: random.Random | None = None) -> list[int]:
    """A deck order that deals exactly ``dealt`` (three card sets: 21, 21, 24 cards with the
    dealer's 24); ``cut`` (one of the dealer's cards) becomes the bottom card."""
    want = [21] * N
    want[dealer] = 24
    assert [bits(h) for h in dealt] == want, [bits(h) for h in dealt]
    assert not (dealt[0] & dealt[1] or dealt[0] & dealt[2] or dealt[1] & dealt[2])
    queues = [cards_of(h) for h in dealt]
    if rng is not None:
        for q in queues:
            rng.shuffle(q)
    if cut is not None:
        assert dealt[dealer] >> cut & 1, "the cut card is dealt to the dealer"
        queues[dealer].remove(cut)
        queues[dealer].append(cut)
    deck = [queues[s].pop(0) for s in deal_slots(dealer, packet)]
    return deck


# ----------------------------------------------------------------------------------------
# Building a position: chosen hands, the rest filled in, dealt, discarded, declared
# ----------------------------------------------------------------------------------------
@dataclass
class Setup:
    dealer: int
    play_hands: list[int]      # the 20 cards each seat plays with
    discards: list[int]        # 1, 1 and 4 (dealer) cards
    cut: int
    packet: int = 5

    @property
    def dealt(self) -> list[int]:
        return [h | d for h, d in zip(self.play_hands, self.discards)]

    def deck(self) -> list[int]:
        return deck_from_hands(self.dealt, self.dealer, self.packet, self.cut)


def _safe_discard(c: int) -> bool:
    """An empty suit card other than la Belle: discarding it has no side effect."""
    return SUIT_OF[c] in SUIT_LETTERS and not nominal(c) and c != BELLE


def arrange(hands: Mapping[int, str] | None = None, void: Mapping[int, str] | None = None,
            discards: Mapping[int, str] | None = None, dealer: int = 0, cut: str | None = None,
            seed: int | None = None, packet: int = 5) -> Setup:
    """Seats' 20-card hands holding the cards given in ``hands`` (tokens), none of the suits
    listed in ``void`` (letters S B C D, T for trumps, F for the Fool) apart from the given
    cards, and discards holding
    ``discards``; every other card is placed deterministically (shuffled by ``seed``)."""
    hands, void, discards = dict(hands or {}), dict(void or {}), dict(discards or {})
    fixed_h = [M(hands.get(s, "")) for s in range(N)]
    fixed_d = [M(discards.get(s, "")) for s in range(N)]
    used = 0
    for cs in fixed_h + fixed_d:
        assert not used & cs, "a card is placed twice"
        used |= cs
    need_d = [4 if s == dealer else 1 for s in range(N)]
    cap = [20 - bits(fixed_h[s]) for s in range(N)] + [need_d[s] - bits(fixed_d[s]) for s in range(N)]
    assert min(cap) >= 0
    banned = [0] * N
    for s, letters in void.items():
        for letter in letters:
            banned[s] |= SUIT_MASK[letter]
    pool = cards_of(PACK & ~used)
    if seed is not None:
        random.Random(seed).shuffle(pool)

    def bins(c):
        out = [s for s in range(N) if not banned[s] >> c & 1]
        if _safe_discard(c):
            out += [N + s for s in range(N)]
        return out

    pool.sort(key=lambda c: len(bins(c)))
    out = fixed_h + fixed_d
    for c in pool:
        options = [b for b in bins(c) if cap[b] > 0]
        assert options, f"cannot place {tarot.format_card(c)}"
        b = max(options, key=lambda b: (cap[b], -b))
        out[b] |= 1 << c
        cap[b] -= 1
    assert not any(cap), cap
    play_hands, disc = out[:N], out[N:]
    dealt_dealer = play_hands[dealer] | disc[dealer]
    if cut is None:
        cut_card = next(c for c in cards_of(dealt_dealer) if not TAROTS >> c & 1)
    else:
        cut_card = parse_card(cut)
        assert dealt_dealer >> cut_card & 1
    return Setup(dealer, play_hands, disc, cut_card, packet)


def new_deal_from(setup: Setup, options: Mapping[str, object] | None = None):
    opts = dict(options or {})
    if setup.packet != 5:
        opts.setdefault("deal_packet", str(setup.packet))
    return tarot.new_deal(VARIANT, opts, deck=setup.deck(), dealer=setup.dealer)


def skip_to_play(deal, setup: Setup | None = None, declare: Mapping[int, Sequence[str]] | None = None):
    """Make the planned discards (ascending) and the given declarations, saying done otherwise,
    until the first card of the play is due."""
    declare = {s: list(v) for s, v in (declare or {}).items()}
    while deal.phase in ("redeal", "discard", "declare"):
        s = deal.to_play
        if deal.phase == "discard":
            plan = setup.discards[s] & deal.view(s).hand
            deal.push(cards_of(plan)[0])
        elif deal.phase == "declare":
            if declare.get(s):
                deal.push(ACTION_IDS[declare[s].pop(0)])
            else:
                deal.push(DONE)
        else:
            deal.push(DONE)
    return deal


def position(hands=None, void=None, discards=None, dealer=0, cut=None, options=None, seed=None,
             declare=None):
    """A deal in the play phase built with ``arrange``; returns (deal, setup)."""
    setup = arrange(hands, void, discards, dealer, cut, seed,
                    packet=int(dict(options or {}).get("deal_packet", 5)))
    deal = new_deal_from(setup, options)
    skip_to_play(deal, setup, declare)
    return deal, setup


def play(deal, token: str) -> None:
    """Play a card (say ``done`` first if a declaration turn comes before it)."""
    while deal.phase == "declare":
        deal.push(DONE)
    assert deal.phase == "play", deal.phase
    deal.push(parse_card(token))


def legal_cards(deal) -> int:
    return mask(a for a in deal.legal_actions() if a < 78)


# ----------------------------------------------------------------------------------------
# Play rules (§1.6), written from S1
# ----------------------------------------------------------------------------------------
def lead_card(trick: Sequence[int]) -> int | None:
    """The card that sets the suit: the first card, or the second when the Fool was led."""
    if not trick:
        return None
    if trick[0] == FOOL:
        return trick[1] if len(trick) > 1 else None
    return trick[0]


def duty_cards(hand: int, trick: Sequence[int], trick_no: int, fool_lead: bool = True) -> int:
    """The cards that keep the obligations: follow suit; else trump; trumps led: trump; void
    in both: anything; the Fool instead of any of these, except in the last trick; the Fool
    not led when ``fool_lead`` is false."""
    lead = lead_card(trick)
    if lead is None:
        ok = hand
        if not trick and not fool_lead and hand != FOOL_BIT:
            ok &= ~FOOL_BIT
    else:
        suit = SUIT_OF[lead]
        follow = hand & SUIT_MASK[suit]
        if follow:
            ok = follow | (hand & FOOL_BIT)
        elif suit != "T" and hand & TRUMPS:
            ok = (hand & TRUMPS) | (hand & FOOL_BIT)
        else:
            ok = hand
    if trick_no == TRICKS - 1 and hand != FOOL_BIT:
        ok &= ~FOOL_BIT
    return ok


def allowed_cards(hand: int, trick: Sequence[int], trick_no: int, fool_lead: bool, revokes: bool) -> int:
    """What may be put on the table: the duty, or with revokes allowed any card (the Fool's
    own limits still hold: not in the last trick, not led when leading it is forbidden)."""
    if not revokes:
        return duty_cards(hand, trick, trick_no, fool_lead)
    ok = hand
    if hand != FOOL_BIT and (trick_no == TRICKS - 1 or (not trick and not fool_lead)):
        ok &= ~FOOL_BIT
    return ok


def winner(leader: int, cards: Sequence[int]) -> int:
    """Highest trump, else highest card of the suit led; the Fool never wins."""
    led = SUIT_OF[lead_card(cards)]
    best, who = -1, None
    for i, c in enumerate(cards):
        if c == FOOL:
            continue
        if SUIT_OF[c] in ("T", led) and POWER[c] > best:
            best, who = POWER[c], i
    return (leader + who) % N


# ----------------------------------------------------------------------------------------
# Declarations (§1.5)
# ----------------------------------------------------------------------------------------
HIGH_RUN = [parse_card(f"T{n}") for n in range(21, 15, -1)]
LOW_RUN = [parse_card(f"T{n}") for n in range(1, 7)]


def brizigole_cards(hand: int, run: Sequence[int], n: int, fool_fills: bool) -> int | None:
    """The cards shown for a Brizigole of the first ``n`` trumps of ``run``, or None; the Fool
    may stand for one missing trump when ``fool_fills``."""
    shown, fool_used = 0, False
    for t in run[:n]:
        if hand >> t & 1:
            shown |= 1 << t
        elif fool_fills and hand & FOOL_BIT and not fool_used:
            shown |= FOOL_BIT
            fool_used = True
        else:
            return None
    return shown


def declarable(hand: int, done: set[str], o: Mapping[str, str]) -> set[str]:
    """Names of the declarations a hand may make now (one tier per kind)."""
    maximal = o["declarations_must_be_maximal"] == "true"
    out: set[str] = set()

    def tiers(group: str, names: list[str]) -> None:    # names in increasing order of value
        if group not in done and names:
            out.update(names[-1:] if maximal else names)

    k = bits(hand & TAROTS)
    tl = [f"tarots_{j}" for j in range(4, k + 1)]
    if k == 7 and hand & BELLE_BIT:
        tl.append("tarots_7_belle")
    tiers("tarots", tl)
    nk, fool = bits(hand & KINGS), bool(hand & FOOL_BIT)
    kl = []
    if nk >= 2 and fool:
        kl.append("kings_2_fool")
    if nk >= 3:
        kl.append("kings_3")
    if nk >= 3 and fool:
        kl.append("kings_3_fool")
    if nk >= 4:
        kl.append("kings_4")
    if nk >= 4 and fool:
        kl.append("kings_4_fool")
    tiers("kings", kl)
    nt = bits(hand & (TRIOMPHES if o["fool_counts_as_triomphe"] == "true" else TRUMPS))
    tiers("triomphes", [f"triomphes_{n}" for n in (10, 15, 20) if nt >= n])
    for s in SUIT_LETTERS:
        if hand & HONOURS[s] == HONOURS[s]:
            tiers(IMPERIAL_NAME[s], [IMPERIAL_NAME[s]])
    if o["four_kings_imperial"] == "separate_1m" and nk == 4:
        tiers("imperial_kings", ["imperial_kings"])
    for name, cs in (("imperial_queens", QUEENS), ("imperial_cavaliers", CAVALIERS),
                     ("imperial_jacks", JACKS)):
        if hand & cs == cs:
            tiers(name, [name])
    fills = o["fool_in_brizigole"] == "true"
    for end, run in (("high", HIGH_RUN), ("low", LOW_RUN)):
        tiers(f"briz_{end}", [f"brizigole_{end}_{n}" for n in (4, 5, 6)
                              if brizigole_cards(hand, run, n, fills) is not None])
    nb = bits(hand & BOUTS)
    if nb == 3:
        tiers("tous_les_trois", ["tous_les_trois"])
    if nb == 2:
        tiers("qui_na_le_sien", ["qui_na_le_sien"])
    return out


def declaration_group(name: str) -> str:
    for prefix in ("tarots", "kings", "triomphes"):
        if name.startswith(prefix + "_"):
            return prefix
    if name.startswith("brizigole_high"):
        return "briz_high"
    if name.startswith("brizigole_low"):
        return "briz_low"
    return name


def declaration_value(name: str, o: Mapping[str, str]) -> int:
    """Marques from each opponent (§1.5 table, S1 list)."""
    if name.startswith("tarots_"):
        return 5 if name == "tarots_7_belle" else int(name.split("_")[1]) - 3
    if name == "kings_3_fool":
        # 2_total: "2 M in all with the four-Tarots declaration (the Kings part then pays 1)"
        return 1 if o["three_kings_fool_value"] == "2_total" else 2
    kings = {"kings_2_fool": 1, "kings_3": 1, "kings_4": 3, "kings_4_fool": 4}
    if name in kings:
        return kings[name]
    if name.startswith("triomphes_"):
        return {"10": 1, "15": 2, "20": 3}[name.split("_")[1]]
    if name.startswith("imperial_"):
        return 1
    if name.startswith("brizigole_"):
        return int(name.rsplit("_", 1)[1]) - 3
    if name == "tous_les_trois":
        return 3
    raise KeyError(name)


def show_spec(name: str, hand: int, o: Mapping[str, str]) -> tuple[int, int, int]:
    """(cards always shown, cards to choose from, how many to choose; 0 = no choice)."""
    if name == "tarots_7_belle":
        return TAROTS | BELLE_BIT, 0, 0
    if name.startswith("tarots_"):
        return 0, hand & TAROTS, int(name.split("_")[1])
    if name.startswith("kings_"):
        n = int(name.split("_")[1])
        return (FOOL_BIT if name.endswith("fool") else 0), hand & KINGS, n
    if name.startswith("triomphes_"):
        pool = TRIOMPHES if o["fool_counts_as_triomphe"] == "true" else TRUMPS
        return 0, hand & pool, int(name.split("_")[1])
    for s in SUIT_LETTERS:
        if name == IMPERIAL_NAME[s]:
            return HONOURS[s], 0, 0
    fixed = {"imperial_kings": KINGS, "imperial_queens": QUEENS, "imperial_cavaliers": CAVALIERS,
             "imperial_jacks": JACKS, "tous_les_trois": BOUTS, "qui_na_le_sien": hand & BOUTS}
    if name in fixed:
        return fixed[name], 0, 0
    if name.startswith("brizigole_"):
        _, end, n = name.split("_")
        cs = brizigole_cards(hand, HIGH_RUN if end == "high" else LOW_RUN, int(n),
                             o["fool_in_brizigole"] == "true")
        return cs, 0, 0
    raise KeyError(name)


# ----------------------------------------------------------------------------------------
# Options
# ----------------------------------------------------------------------------------------
def option_specs():
    return tarot.variant_class(VARIANT).OPTIONS


def refused(values: Mapping[str, str]) -> bool:
    """The one combination RULES.md's options cannot both mean: declaring before the discard
    and also just before one's first card."""
    return (values.get("declarations_after_discard") == "false"
            and values.get("declaration_timing") == "before_own_first_card")


def random_options(rng: random.Random, int_share: float = 0.25) -> dict[str, str]:
    """A random setting of every option of ``MarollesDeal.OPTIONS`` (numbers in range too)."""
    while True:
        values = {}
        for o in option_specs():
            if o.int_range is not None and rng.random() < int_share:
                values[o.key] = str(rng.randint(*o.int_range))
            else:
                values[o.key] = rng.choice(o.choices)
        if not refused(values):
            return values


# ----------------------------------------------------------------------------------------
# The model: an independent account of a deal, action by action
# ----------------------------------------------------------------------------------------
NAME_OF = {ACTION_IDS[n]: n for n in NAMED_ACTIONS}

#: Whether fool_exchange=give_empty_card also compensates the winner of the last trick when the
#: Fool's owner keeps it from there (fool_last_trick_card=kept_by_owner). docs/rules §1.11 is
#: silent; the engine does not (so 74 then). Issue 2 says card points "total ... 73 with the
#: exchange option", which needs it: that statement is tested on its own by
#: test_marolles_rules.test_exchange_option_gives_73_even_when_the_fool_is_kept_from_the_last_trick.
#: If the engine adopts the exchange there, set this to True.
EXCHANGE_ON_LAST_TRICK = True


class Model:
    """Follows a deal from its public description (options, deck, dealer) and its actions."""

    def __init__(self, deal) -> None:
        o = self.o = dict(deal.options)
        self.dealer = deal.dealer
        self.deck = tuple(deal.deck)
        self.hands = hands_from_deck(self.deck, self.dealer, int(o["deal_packet"]))
        self.cut = self.deck[-1]
        self.discards = [0] * N
        self.need = [4 if s == self.dealer else 1 for s in range(N)]
        self.played = [0] * N
        self.trick: list[int] = []
        self.leader = (self.dealer + 1) % N
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.pile = [0] * N
        self.fool_excused: tuple[int, int] | None = None
        self.fool_in_last: tuple[int, int] | None = None
        self.fool_discarded = False
        self.shown: list[tuple[int, int, int]] = []
        self.done_groups: list[set[str]] = [set() for _ in range(N)]
        self.belle_declared = [False] * N
        self.pending: list | None = None
        self.payments: list[tuple[int, int, int, str]] = []
        self.forfeited = [False] * N
        self.asker: int | None = None
        self.grants = 0
        self.annulled = False
        self.over = False
        self.points: tuple[int, ...] | None = None
        self.revoke = o["revoke_handling"] != "engine_prevents"
        self.init_window(o)
        self.fool_lead = o["fool_lead_allowed"] == "true"
        self.fool_penalty = int(o["fool_not_excused_penalty"])
        self.par = int(o["par_points"])
        self.hands_at_play: list[int] | None = None
        if o["cut_card_tarot_payment"] == "on" and TAROTS >> self.cut & 1:
            self.collect(self.dealer, 1, "cut")

    # ---- payments ----
    def pay(self, payer: int, payee: int, amount: int, reason: str) -> None:
        if amount and not self.forfeited[payee]:
            self.payments.append((payer, payee, amount, reason))

    def collect(self, s: int, amount: int, reason: str) -> None:
        for p in others(s):
            self.pay(p, s, amount, reason)

    def pay_each(self, s: int, amount: int, reason: str) -> None:
        for p in others(s):
            self.pay(s, p, amount, reason)

    def forfeit(self, s: int) -> None:
        """'Ne plus rien compter': no receipts from now on (void_all: none this hand at all)."""
        if self.forfeited[s]:
            return
        if self.o["forfeit_scope"] == "void_all_hand_receipts":
            for payer, payee, amount, _ in list(self.payments):
                if payee == s:   # given back, but never to a seat that forfeited before
                    self.pay(s, payer, amount, "forfeit")
        self.forfeited[s] = True

    def totals(self) -> list[int]:
        t = [0] * N
        for payer, payee, amount, _ in self.payments:
            t[payer] -= amount
            t[payee] += amount
        return t

    # ---- what is legal now ----
    def held(self, s: int) -> int:
        return self.hands[s] | self.played[s]

    def expected_play(self, s: int) -> int:
        return allowed_cards(self.hands[s], self.trick, len(self.tricks), self.fool_lead, self.may_revoke(s))

    # ---- revokes with time to acknowledge them ----
    def init_window(self, o: Mapping[str, str]) -> None:
        """revoke_handling=penalty_1m_forfeit_with_correction_window (docs/rules §1.10): a revoke
        is paid when the second trick after it is gathered unless acknowledged before; then
        the play goes back to it. Open revokes as (seat, trick, the model before the card,
        number of payments then); (seat, trick) pairs replayed lawfully after one."""
        self.window = o["revoke_handling"] == "penalty_1m_forfeit_with_correction_window"
        self.open_revokes: list = []
        self.corrected: set[tuple[int, int]] = set()

    def may_revoke(self, s: int) -> bool:
        return self.revoke and (s, len(self.tricks)) not in self.corrected

    def may_acknowledge(self, s: int) -> bool:
        return any(r[0] == s for r in self.open_revokes)

    def state(self) -> dict:
        """The model's fields, copied two levels down (lists of sets, of lists...: as deep as
        they go); the earlier open revokes' states are shared, never changed."""
        def clone(v):
            if isinstance(v, list):
                return [x.copy() if isinstance(x, (list, set, dict)) else x for x in v]
            return v.copy() if isinstance(v, (set, dict)) else v

        return {k: clone(v) if k != "open_revokes" else list(v) for k, v in self.__dict__.items()}

    def revoked(self, s: int) -> None:
        if self.window:
            before = self.state()
            self.open_revokes.append((s, len(self.tricks), before, len(self.payments)))
        else:
            self.pay_each(s, 1, "revoke")
            self.forfeit(s)

    def acknowledge(self, s: int) -> None:
        _, t, before, _ = next(r for r in self.open_revokes if r[0] == s)
        corrected = self.corrected | {(s, t)}
        open_now = {(r[0], r[1], r[3]) for r in self.open_revokes}
        self.__dict__.update(Model.state(SimpleNamespace(**before)))  # a copy: the snapshot stays
        self.corrected = corrected
        # revokes paid since that state stay paid (going back gives them no time again)
        for r in list(self.open_revokes):
            if (r[0], r[1], r[3]) not in open_now:
                self.open_revokes.remove(r)
                self.pay_revoke(r)

    def close_windows(self, last: bool) -> None:
        """After a trick: the open revokes whose time is over are paid."""
        for r in list(self.open_revokes):
            s, t, _, paid = r
            if last or len(self.tricks) == t + 3:   # the second trick after it is gathered
                self.open_revokes.remove(r)
                self.pay_revoke(r)

    def pay_revoke(self, r) -> None:
        s, _, _, paid = r
        if self.o["forfeit_scope"] != "void_all_hand_receipts" and not self.forfeited[s]:
            for payer, payee, amount, _ in self.payments[paid:]:
                if payee == s:   # he scores nothing from the revoke on
                    self.pay(s, payer, amount, "forfeit")
        self.pay_each(s, 1, "revoke")
        self.forfeit(s)

    def expected_declarations(self, s: int) -> set[str]:
        return declarable(self.hands[s], self.done_groups[s], self.o)

    def public_cards(self) -> int:
        """Cards every seat has seen: the cut card, shown declarations, cards played."""
        m = 1 << self.cut
        for _, _, cs in self.shown:
            m |= cs
        for s in range(N):
            m |= self.played[s]
        return m

    def allowed_knowledge(self, s: int) -> int:
        m = self.public_cards() | self.hands[s] | self.discards[s]
        if self.pending is not None and self.pending[0] == s:
            m |= self.pending[5]
        return m

    # ---- applying actions ----
    def step(self, phase: str, s: int, a: int) -> None:
        getattr(self, "_" + phase)(s, a)

    def _redeal(self, s: int, a: int) -> None:
        if a == REDEAL:
            self.asker, self.grants = s, 0

    def _grant(self, s: int, a: int) -> None:
        if a == GRANT:
            self.grants += 1
            if self.grants == N - 1:
                self.pay_each(self.asker, int(self.o["bad_hand_redeal"]), "redeal")
                self.annulled = self.over = True
        else:
            self.asker = None

    def _discard(self, s: int, a: int) -> None:
        if a == DONE:
            self._penalties(s)
            self.pay_each(s, 1, "wrong_discard")
            self.forfeit(s)
            self.need[s] = 0
            return
        assert self.hands[s] >> a & 1
        self.hands[s] &= ~(1 << a)
        self.discards[s] |= 1 << a
        self.pile[s] |= 1 << a
        self.need[s] -= 1
        if a == FOOL:
            self.fool_discarded = True
        if self.need[s] == 0:
            self._penalties(s)

    def _penalties(self, s: int) -> None:
        """A trump or Tarot discarded costs 2 M to each opponent (or once only), paid when the
        seat's discard is complete: the moment of a payment must not tell which card it was."""
        rule = self.o["illegal_discard"]
        if rule == "forbidden":
            return
        k = bits(self.discards[s] & NO_DISCARD)
        for _ in range(k if rule == "penalty_per_card" else min(k, 1)):
            self.pay_each(s, 2, "discard")

    def _declare(self, s: int, a: int) -> None:
        if a == DONE:
            return
        name = NAME_OF[a]
        self.done_groups[s].add(declaration_group(name))
        forced, eligible, needed = show_spec(name, self.hands[s], self.o)
        if needed and bits(eligible) > needed:
            self.pending = [s, name, forced, eligible, needed, 0]
            return
        self._declared(s, name, forced | eligible)

    def _show(self, s: int, c: int) -> None:
        p = self.pending
        assert p[0] == s and p[3] >> c & 1 and not p[5] >> c & 1
        p[5] |= 1 << c
        if bits(p[5]) == p[4]:
            self.pending = None
            self._declared(s, p[1], p[2] | p[5])

    def _declared(self, s: int, name: str, cards: int) -> None:
        self.shown.append((s, ACTION_IDS[name], cards))
        if name == "qui_na_le_sien":
            for p in others(s):
                if not self.held(p) & BOUTS:
                    self.pay(p, s, 1, "qui_na_le_sien")
            return
        if name == "tarots_7_belle" and self.o["belle_with_7_tarots"] == "replaces_play_payment":
            self.belle_declared[s] = True
        self.collect(s, declaration_value(name, self.o), "declaration")

    def _play(self, s: int, c: int) -> None:
        if c == ACKNOWLEDGE_REVOKE:
            self.acknowledge(s)
            return
        if self.hands_at_play is None:
            self.hands_at_play = list(self.hands)
        if self.revoke:
            duty = duty_cards(self.hands[s], self.trick, len(self.tricks), self.fool_lead)
            if not duty >> c & 1:
                self.revoked(s)
        self.hands[s] &= ~(1 << c)
        self.played[s] |= 1 << c
        self.trick.append(c)
        if len(self.trick) == N:
            self._trick_done()

    def _trick_done(self) -> None:
        t = len(self.tricks)
        last = t == TRICKS - 1
        leader, cards = self.leader, tuple(self.trick)
        w = winner(leader, cards)
        gain = mask(cards)
        o = self.o
        for i, c in enumerate(cards):
            s = (leader + i) % N
            if c == FOOL:
                gain &= ~FOOL_BIT
                if last:   # held to the last trick: not excused (S2), no excuse payment
                    self.pay_each(s, self.fool_penalty, "fool_not_excused")
                    self.fool_in_last = (s, w)
                    keeper = s if o["fool_last_trick_card"] == "kept_by_owner" else w
                    self.pile[keeper] |= FOOL_BIT
                else:      # excused: cannot be captured; back to its holder's pile
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
                elif ultimo and o["ultimo_fail"] == "6":
                    self.pay_each(s, 6 + plus, "tarot")
                else:
                    self.pay_each(s, 1, "tarot")
        self.pile[w] |= gain
        self.tricks.append((leader, cards, w))
        self.trick = []
        self.leader = w
        self.close_windows(last)
        if last:
            self._settle()

    def _settle(self) -> None:
        for s in range(N):
            rest = self.hands[s]
            if rest:
                if rest & FOOL_BIT:
                    self.pay_each(s, self.fool_penalty, "fool_not_excused")
                self.pile[s] |= rest
                self.hands[s] = 0
        kept = self.fool_excused
        if (not kept and EXCHANGE_ON_LAST_TRICK and self.fool_in_last
                and self.o["fool_last_trick_card"] == "kept_by_owner"):
            kept = self.fool_in_last
        if self.o["fool_exchange"] == "give_empty_card" and kept:
            owner, w = kept
            empties = self.pile[owner] & ~COUNTING
            give = (empties & -empties) if empties else FOOL_BIT
            self.pile[owner] &= ~give
            self.pile[w] |= give
        pts = tuple(literal_points(p) for p in self.pile)
        self.points = pts
        par = self.par
        winners = [s for s in range(N) if pts[s] >= par]
        losers = [s for s in range(N) if pts[s] < par]
        if winners and losers:
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

    # ---- derived facts ----
    def fool_shift(self) -> bool:
        """Whether the Fool ends in its owner's pile without an exchange (§0.5): total 74."""
        if self.fool_excused:
            return self.o["fool_exchange"] == "none"
        if self.fool_in_last:
            if self.o["fool_exchange"] == "give_empty_card" and EXCHANGE_ON_LAST_TRICK:
                return False
            return self.o["fool_last_trick_card"] == "kept_by_owner"
        return False


def fingerprint(deal) -> tuple:
    """Everything the API shows of a deal, for equality before/after."""
    return (
        deal.phase, deal.to_play, tuple(deal.history), tuple(deal.legal_actions()),
        tuple(deal.view(s) for s in range(N)), tuple(deal.ledger.entries), tuple(deal.tricks),
        tuple(deal.shown), deal.is_over,
    )


def random_play(deal, rng: random.Random, limit: int = 10_000) -> None:
    n = 0
    while not deal.is_over and n < limit:
        deal.push(rng.choice(deal.legal_actions()))
        n += 1


# ----------------------------------------------------------------------------------------
# Random play checked against the model at every step
# ----------------------------------------------------------------------------------------
def options_strategy():
    """Hypothesis: a setting of every option (numbers in range too), never the refused pair."""
    from hypothesis import strategies as st

    parts = {}
    for o in option_specs():
        s = st.sampled_from(o.choices)
        if o.int_range is not None:
            s = s | st.integers(*o.int_range).map(str)
        parts[o.key] = s
    return st.fixed_dictionaries(parts).filter(lambda v: not refused(v))


DURING_PLAY = {"tarot", "excuse", "belle", "ultimo", "revoke"}


def check_trick_numbers(new_entries, phase: str, trick_no: int) -> None:
    """Payments made by a card carry the number of its trick; those before and after the play
    (the cut, discards, declarations, card points) carry None (ledger.Payment.trick)."""
    for e in new_entries:
        if e.reason in DURING_PLAY and e.reason != "revoke":
            assert phase == "play" and e.trick == trick_no, e
        elif e.reason == "revoke":  # with time to acknowledge it, paid tricks later
            assert phase == "play" and e.trick is not None and e.trick <= trick_no, e
        elif e.reason in ("card_points", "cut", "discard", "wrong_discard", "redeal"):
            assert e.trick is None, e
        elif e.reason in ("declaration", "qui_na_le_sien"):
            assert e.trick in (None, 0), e


def ledger_totals(entries) -> list[int]:
    t = [0] * N
    for e in entries:
        t[e.payer] -= e.amount
        t[e.payee] += e.amount
    return t


def check_legal(deal, model: Model, legal: list[int]) -> None:
    phase, s = deal.phase, deal.to_play
    # (that the list is sorted is its own test: test_legal_actions_are_sorted)
    assert len(set(legal)) == len(legal), "legal_actions unique"
    assert legal, f"no legal action in phase {phase}"
    if phase == "play":
        assert s == (model.leader + len(model.trick)) % N, "anticlockwise, winner leads"
        cards = [a for a in legal if a < 78]
        assert mask(cards) == model.expected_play(s), (
            tarot.format_cards(mask(cards)), tarot.format_cards(model.expected_play(s)))
        assert set(legal) - set(cards) == ({ACKNOWLEDGE_REVOKE} if model.may_acknowledge(s) else set())
    elif phase == "declare":
        names = {NAME_OF[a] for a in legal if a != DONE}
        assert DONE in legal
        assert names == model.expected_declarations(s), (names, model.expected_declarations(s))
    elif phase == "show":
        p = model.pending
        assert p is not None and p[0] == s
        assert all(a < 78 and p[3] >> a & 1 and not p[5] >> a & 1 for a in legal)
    elif phase == "discard":
        hand = model.hands[s]
        cards = mask(a for a in legal if a < 78)
        assert cards & ~hand == 0
        assert (DONE in legal) == (model.o["wrong_discard_count"] != "forbidden")
        ok = hand & ~NO_DISCARD
        if model.o["illegal_discard"] == "forbidden" and bits(ok) >= model.need[s]:
            assert cards & NO_DISCARD == 0, "a trump or Tarot offered for discard (forbidden)"
    elif phase in ("redeal", "grant"):
        assert model.o["bad_hand_redeal"] != "off"


def check_state(deal, model: Model, views: bool) -> None:
    assert ledger_totals(deal.ledger.entries) == model.totals(), (
        deal.ledger.entries[-6:], model.payments[-6:])
    assert list(deal.shown) == model.shown
    assert list(deal.tricks) == model.tricks
    if views and not deal.is_over:
        vs = [deal.view(s) for s in range(N)]
        seen = 0
        total = 0
        parts = [v.hand for v in vs] + [v.discards for v in vs]
        parts += [mask(cards) for _, cards, _ in deal.tricks] + [mask(vs[0].trick)]
        for part in parts:
            assert not seen & part, "a card in two places"
            seen |= part
            total += bits(part)
        assert seen == PACK and total == 66, "every card of the 66-card pack accounted for"
        for s in range(N):
            assert vs[s].hand == model.hands[s] and vs[s].discards == model.discards[s]
            assert list(vs[s].trick) == model.trick


def check_result(deal, model: Model) -> None:
    r = deal.result()
    entries = list(r.ledger.entries)
    assert all(e.amount > 0 and e.payer != e.payee for e in entries)
    manual = ledger_totals(entries)
    assert list(r.scores) == manual == model.totals()
    assert sum(r.scores) == 0
    if model.annulled:
        return
    assert len(deal.tricks) == TRICKS
    assert tuple(r.card_points) == model.points
    # the piles partition the pack
    assert sum(bits(p) for p in model.pile) == 66 and (model.pile[0] | model.pile[1] | model.pile[2]) == PACK
    assert sum(r.card_points) == (74 if model.fool_shift() else 73)
    assert 1 <= sum(p >= 25 for p in r.card_points) <= 2
    cp = [0] * N
    for payer, payee, amount, reason in model.payments:
        if reason == "card_points":
            cp[payer] -= amount
            cp[payee] += amount
    assert ledger_totals(e for e in entries if e.reason == "card_points") == cp


def model_for(deal) -> Model:
    """A model of ``deal`` as it stands: the same deal replayed from its start."""
    fresh = tarot.new_deal(VARIANT, dict(deal.options), deck=deal.deck, dealer=deal.dealer)
    model = Model(fresh)
    for a in deal.history:
        phase, s = fresh.phase, fresh.to_play
        fresh.push(a)
        model.step(phase, s, a)
    return model


def run_checked(deal, rng: random.Random, views: bool = True, choose=None) -> Model:
    """Play ``deal`` to the end with random legal actions (or ``choose(deal, legal)``),
    checking the engine against the model before and after every action."""
    model = model_for(deal)
    check_state(deal, model, views)
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
            assert [bits(h) for h in model.hands] == [20, 20, 20], "everyone holds 20 to play"
        check_state(deal, model, views)
    assert model.over
    check_result(deal, model)
    return model
