"""Marolles 1637: three players, 66 cards, marques paid as the play goes (docs/rules §1).

The flow of a deal (``phase``):

``redeal``/``grant``  only with ``bad_hand_redeal=N``: each player in turn may ask for a redeal
                      of a bad hand; it happens if both others grant it, at N marques to each.
``discard``           eldest (dealer's right), then the next, then the dealer discard 1, 1 and
                      4 cards, one action a card, in ascending card order.
``declare``/``show``  each player in turn makes any declarations (§1.5) and then ``done``;
                      where a declaration leaves a choice of cards (which 10 of 13 triomphes),
                      the ``show`` phase takes the shown cards one at a time, ascending.
``play``              20 tricks; Tarots, la Belle and the Ultimo paid as they fall (§1.6-1.8).
``over``              card points counted in packets of three and paid (§1.9).

Play is anticlockwise: seat ``s + 1`` plays after seat ``s``; the dealer's right is
``dealer + 1``, his left (the cutter) ``dealer + 2``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar, Final

from ...core.actions import ACKNOWLEDGE_REVOKE, ACTION_IDS, DONE, GRANT, REDEAL, REFUSE
from ...core.cards import (
    card_phrase,
    ACE, BOUTS, CAVALIER, COINS, CUPS, FOOL, FULL_PACK, ITALIAN, JACK, KING, KINGS, QUEEN,
    LOW_PART, PART, SUIT_HIGH, SUIT_IN_PART, SUIT_MASKS, TAROTS, TRIOMPHES, TRUMP_SUIT, TRUMPS, Card,
    CardSet, Seat, cards_of, cards_of_parts, deal_positions, deal_sets, format_card, format_cards,
    mask, rank_of, suit_card, suit_of,
)
from ...core.counting import COUNTING_CARDS, packet_points, reduced_total
from ...core.deal import SEAT_SNAPSHOT, DealResult, SplitHandsDeal, View
from ...core.errors import IllegalActionError, OptionError
from ...core.ledger import Ledger
from ...core.options import Option, Options
from ...core.tricks import power_table, winning_index
from ...core.tricks import SUIT_OF as _SUIT_OF

BELLE: Final[Card] = suit_card(COINS, ACE)
BELLE_MASK: Final[CardSet] = 1 << BELLE
#: Cards whose discard is penalised or forbidden: every triomphe and every Tarot (§1.4).
NO_DISCARD: Final[CardSet] = TRIOMPHES | KINGS
#: Cards that can cause a payment when played (the Tarots and la Belle).
PAYING_CARDS: Final[CardSet] = TAROTS | BELLE_MASK
ULTIMO_CARDS: Final[CardSet] = KINGS | (1 << 1)
#: Whether each card id pays or is paid for when played (a table: the play reads it per card).
_PAYS: Final[tuple[bool, ...]] = tuple(bool(PAYING_CARDS >> c & 1) for c in range(78))
#: The cards the Fool's exchange may give (§1.7): any but a counting card or the Fool.
_EMPTY_CARDS: Final[CardSet] = FULL_PACK & ~COUNTING_CARDS & ~1

PACK_66: Final[CardSet] = FULL_PACK & ~mask(
    [suit_card(s, r) for s in (CUPS, COINS) for r in (8, 9, 10)]
    + [suit_card(s, r) for s in (0, 1) for r in (1, 2, 3)]
)


def suit_power(card: Card) -> int:
    """Rank of a suit card within its suit: long suits K Q C J 10..1, round suits K Q C J 1..10."""
    r = rank_of(card)
    if r >= JACK or suit_of(card) not in (CUPS, COINS):
        return r
    return 11 - r


#: Trick power: round suits (Cups, Coins) K Q C J 1 2 .. 10, long suits K Q C J 10 .. 1.
_POWER: Final = power_table(suit_power)
_OTHERS: Final = {3: ((1, 2), (2, 0), (0, 1)), 2: ((1,), (0,))}


def _above(card: int) -> CardSet:
    """The ids strictly greater than ``card`` (all ids when ``card`` is -1)."""
    return FULL_PACK & ~((2 << card) - 1) if card >= 0 else FULL_PACK


def _drop_highest(cards: CardSet, k: int) -> CardSet:
    """``cards`` without its ``k`` highest ids (none when ``k`` <= 0)."""
    lo, hi = _drop_highest_parts(cards & LOW_PART, cards >> PART, k)
    return lo | hi << PART


def _drop_highest_parts(lo: CardSet, hi: CardSet, k: int) -> tuple[CardSet, CardSet]:
    """``_drop_highest`` of the set whose two parts are ``lo`` and ``hi`` (``cards.PART``)."""
    while k > 0 and hi:
        hi ^= 1 << (hi.bit_length() - 1)
        k -= 1
    while k > 0 and lo:
        lo ^= 1 << (lo.bit_length() - 1)
        k -= 1
    return lo, hi


def follow_duty(hand: CardSet, trick: Sequence[Card]) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` keeping the obligations to follow
    suit and, void in it, to trump (§1.6; no duty to overtrump), the Fool among them (it
    excuses): the whole hand to lead (after a Fool led too) or when it can do neither. The
    rules of the Fool's own lead and of the last trick are the deal's (``lawful_cards``).

    >>> from tarot.core.cards import mask, parse_cards
    >>> follow_duty(mask(parse_cards("F T3 KS 2C")), parse_cards("5S")) == mask(parse_cards("F KS"))
    True
    >>> follow_duty(mask(parse_cards("T3 2C")), parse_cards("F 5S")) == mask(parse_cards("T3"))
    True
    """
    # a list is read natively by the compiled engine; any other sequence through generic calls
    return _follow_duty(hand, trick if isinstance(trick, list) else list(trick))


def _follow_duty(hand: CardSet, trick: list[Card]) -> CardSet:
    lo, hi = _follow_duty_parts(hand & LOW_PART, hand >> PART, trick)
    return lo | hi << PART


def _follow_duty_parts(lo: CardSet, hi: CardSet, trick: list[Card]) -> tuple[CardSet, CardSet]:
    """``follow_duty`` of the hand whose two parts are ``lo`` and ``hi`` (``cards.PART``), as parts."""
    lead = trick[0] if trick else -1
    if lead == FOOL:
        lead = trick[1] if len(trick) > 1 else -1
    if lead < 0:
        return lo, hi
    s = _SUIT_OF[lead]
    if s == TRUMP_SUIT:
        m = lo & TRUMPS
    elif SUIT_HIGH[s]:
        m = hi & SUIT_IN_PART[s]
        if m:
            return lo & 1, m
        m = lo & TRUMPS  # void: trumps
    else:
        m = lo & SUIT_IN_PART[s]
        if not m:
            m = lo & TRUMPS
    return (m | (lo & 1), 0) if m else (lo, hi)


def trick_winner(cards: Sequence[Card], leader: Seat, players: int = 3) -> Seat:
    """The seat that wins a trick (§1.6): highest trump, else highest card of the suit led.

    The Fool never wins; when it is led, the second card sets the suit.

    >>> from tarot.core.cards import parse_cards
    >>> trick_winner(parse_cards("KS 5S T1"), leader=0)
    2
    >>> trick_winner(parse_cards("F 7C AC"), leader=1)  # Fool led: 7 of Cups leads, Ace is higher
    0
    """
    return (leader + winning_index(cards, _POWER)) % players


# ---------------------------------------------------------------------------------------
# Declarations (§1.5)
# ---------------------------------------------------------------------------------------
_A: Final = ACTION_IDS
TAROTS_TIERS: Final[dict[int, int]] = {4: _A["tarots_4"], 5: _A["tarots_5"], 6: _A["tarots_6"], 7: _A["tarots_7"]}
TAROTS_BELLE: Final = _A["tarots_7_belle"]
IMPERIAL_SUITS: Final[tuple[int, ...]] = (_A["imperial_swords"], _A["imperial_batons"], _A["imperial_cups"], _A["imperial_coins"])
IMPERIAL_KINGS: Final = _A["imperial_kings"]
IMPERIAL_RANKS: Final = {_A["imperial_queens"]: QUEEN, _A["imperial_cavaliers"]: CAVALIER,
                  _A["imperial_jacks"]: JACK}
TOUS_LES_TROIS: Final = _A["tous_les_trois"]
QUI_NA_LE_SIEN: Final = _A["qui_na_le_sien"]
HONOURS: Final[tuple[int, ...]] = tuple(mask(suit_card(s, r) for r in (JACK, CAVALIER, QUEEN, KING)) for s in range(4))
RANK_SETS: Final = {r: mask(suit_card(s, r) for s in range(4)) for r in (JACK, CAVALIER, QUEEN, KING)}
HIGH_RUN: Final = tuple(range(21, 15, -1))   # XXI XX XIX XVIII XVII XVI
LOW_RUN: Final = tuple(range(1, 7))          # I II III IV V VI

#: action -> (group, base value); groups: only one tier of a group may be declared.
G_TAROTS, G_KINGS, G_TRIOMPHES, G_BRIZ_HIGH, G_BRIZ_LOW, G_TLT, G_QNLS = 0, 1, 2, 3, 4, 5, 6
DECLARATIONS: Final[dict[int, tuple[int, int]]] = {
    **{a: (G_TAROTS, k - 3) for k, a in TAROTS_TIERS.items()},
    TAROTS_BELLE: (G_TAROTS, 5),
    _A["kings_2_fool"]: (G_KINGS, 1), _A["kings_3"]: (G_KINGS, 1), _A["kings_3_fool"]: (G_KINGS, 2),
    _A["kings_4"]: (G_KINGS, 3), _A["kings_4_fool"]: (G_KINGS, 4),
    _A["triomphes_10"]: (G_TRIOMPHES, 1), _A["triomphes_15"]: (G_TRIOMPHES, 2),
    _A["triomphes_20"]: (G_TRIOMPHES, 3),
    **{a: (7 + s, 1) for s, a in enumerate(IMPERIAL_SUITS)},
    IMPERIAL_KINGS: (11, 1),
    **{a: (12 + i, 1) for i, a in enumerate(IMPERIAL_RANKS)},
    **{_A[f"brizigole_high_{n}"]: (G_BRIZ_HIGH, n - 3) for n in (4, 5, 6)},
    **{_A[f"brizigole_low_{n}"]: (G_BRIZ_LOW, n - 3) for n in (4, 5, 6)},
    TOUS_LES_TROIS: (G_TLT, 3),
    QUI_NA_LE_SIEN: (G_QNLS, 1),
}
KINGS_TIERS: Final[tuple[tuple[int, int, bool], ...]] = (  # (action, kings needed, with the Fool), best first
    (_A["kings_4_fool"], 4, True), (_A["kings_4"], 4, False), (_A["kings_3_fool"], 3, True),
    (_A["kings_3"], 3, False), (_A["kings_2_fool"], 2, True),
)
_KINGS_TIER: Final = {a: (n, f) for a, n, f in KINGS_TIERS}
TRIOMPHES_TIERS: Final[dict[int, int]] = {_A["triomphes_10"]: 10, _A["triomphes_15"]: 15, _A["triomphes_20"]: 20}
BRIZIGOLES: Final = {_A[f"brizigole_{end}_{n}"]: (end, n) for end in ("high", "low") for n in (4, 5, 6)}
#: For ``_declarable``: (group bit, action, the four cards) of each Imperial of a rank, and
#: (group, run of trumps, its first four cards, the tiers of 4, 5 and 6 cards) of each Brizigole.
_IMPERIAL_RANK_CHECKS: Final[tuple[tuple[int, int, int, int], ...]] = tuple(
    (12 + i, a, RANK_SETS[r] & LOW_PART, RANK_SETS[r] >> PART) for i, (a, r) in enumerate(IMPERIAL_RANKS.items()))
#: ``_declarable`` reads a hand in its two parts (``SplitHandsDeal``): the Kings, each suit's
#: honours and la Belle as those parts hold them (the trumps and the Fool are low).
_KINGS_LO: Final[CardSet] = KINGS & LOW_PART
_KINGS_HI: Final[CardSet] = KINGS >> PART
_HONOURS_IN_PART: Final[tuple[CardSet, ...]] = tuple(h >> PART if SUIT_HIGH[s] else h for s, h in enumerate(HONOURS))
_BELLE_HI: Final = BELLE - PART
_BRIZ_CHECKS: Final[tuple[tuple[int, tuple[int, ...], int, tuple[int, ...]], ...]] = tuple((g, run, mask(run[:4]), tuple(_A[f"brizigole_{end}_{k}"] for k in (4, 5, 6)))
                            for g, end, run in ((G_BRIZ_HIGH, "high", HIGH_RUN), (G_BRIZ_LOW, "low", LOW_RUN)))

DECLARATION_NAMES: Final = {
    **{a: f"{k} Tarots" for k, a in TAROTS_TIERS.items()},
    TAROTS_BELLE: "the 7 Tarots and la Belle",
    _A["kings_2_fool"]: "2 Kings and the Fool", _A["kings_3"]: "3 Kings",
    _A["kings_3_fool"]: "3 Kings and the Fool", _A["kings_4"]: "4 Kings",
    _A["kings_4_fool"]: "4 Kings and the Fool",
    **{a: f"{n} triomphes" for a, n in TRIOMPHES_TIERS.items()},
    **{a: f"Imperial of {ITALIAN.suit_names_en[s]}" for s, a in enumerate(IMPERIAL_SUITS)},
    IMPERIAL_KINGS: "Imperial of the four Kings", _A["imperial_queens"]: "Imperial of the four Queens",
    _A["imperial_cavaliers"]: "Imperial of the four Cavaliers",
    _A["imperial_jacks"]: "Imperial of the four Jacks",
    **{a: f"Brizigole of the {n} {'highest' if e == 'high' else 'lowest'} trumps"
       for a, (e, n) in BRIZIGOLES.items()},
    TOUS_LES_TROIS: "Tous les trois (XXI, I and the Fool)",
    QUI_NA_LE_SIEN: "Qui n'a le sien",
}


def _run(hand: CardSet, order: Sequence[int], fool_fills: bool) -> tuple[int, CardSet]:
    """Length (≤ 6) and cards of an unbroken run of trumps from one end (§1.5 Brizigole)."""
    cards, gap_used = 0, not fool_fills or not hand & 1
    n = 0
    for t in order:
        if hand >> t & 1:
            cards |= 1 << t
        elif not gap_used:
            cards |= 1
            gap_used = True
        else:
            break
        n += 1
    return n, cards


MAROLLES_OPTIONS: Final[tuple[Option, ...]] = (
    Option("deal_packet", ("5", "3"), "5",
           "Deal in fives (4 rounds, then 1 to each other player and 4 to the dealer) or in threes "
           "(7 rounds, then the last 3 to the dealer).", "S1 main text; S2 allows both"),
    Option("first_dealer", ("random", "high_cut_deals", "low_cut_deals"), "random",
           "How a match picks its first dealer: at random, or by a cut in which a trump beats any "
           "suit card and the Fool is lowest (high or low card deals). A match is what `tarot play` "
           "and the Match API deal; `tarot simulate` deals seat 0 first and passes the deal on, "
           "its figures by position being the same whoever deals first.", "S2 p.8 gives only the ranking"),
    Option("cut_card_tarot_payment", ("on", "off"), "on",
           "A Tarot as the cut (bottom) card earns the dealer 1 M from each opponent.", "S1, S2"),
    Option("illegal_discard", ("forbidden", "penalty_per_card", "penalty_once"), "penalty_per_card",
           "Discarding a trump or a Tarot: forbidden (unless unavoidable), or allowed at 2 M to each "
           "opponent per such card, or once whatever the number; paid when the discard is complete "
           "(how many is public, not which).", "S2; S1 presumes per card"),
    Option("wrong_discard_count", ("forbidden", "penalty_1m_and_forfeit"), "forbidden",
           "Discarding too few cards (or none): impossible, or allowed with 1 M to each opponent and "
           "the offender scoring nothing further; cards left over go to his pile at the end.", "S2"),
    Option("forfeit_scope", ("receive_nothing_further", "void_all_hand_receipts"),
           "receive_nothing_further",
           "What 'ne plus rien compter' takes away: receipts from then on, or also every receipt "
           "of the hand so far (repaid, but not to a player who has forfeited before him: he "
           "receives nothing). The offender still pays.", "S2, unclear"),
    Option("declaration_timing", ("before_first_lead", "before_own_first_card"), "before_first_lead",
           "Declarations are all made before the first lead, or by each player just before playing "
           "his first card.", "S1"),
    Option("declarations_after_discard", ("true", "false"), "true",
           "Declare after discarding (the hand played) or before (the dealt hand).", "S1 order"),
    Option("declarations_must_be_maximal", ("false", "true"), "false",
           "Whether only the highest tier of each declaration may be declared (and all 7 Tarots "
           "with la Belle when held).", "S1 assumption"),
    Option("three_kings_fool_value", ("2_plus_tarots", "2_total"), "2_plus_tarots",
           "3 Kings and the Fool: 2 M plus the four Tarots they make (decomposed, 3 in all), or "
           "2 M in all with the four-Tarots declaration (the Kings part then pays 1).", "S1"),
    Option("four_kings_imperial", ("included_in_kings", "separate_1m"), "included_in_kings",
           "Whether four Kings also make an Imperial worth 1 M of its own.", "S1 list; S2 wording"),
    Option("fool_counts_as_triomphe", ("true", "false"), "true",
           "Whether the Fool counts towards 10/15/20 triomphes.", "S1"),
    Option("fool_in_brizigole", ("false", "true"), "false",
           "Whether the Fool may stand for one missing trump of a Brizigole, inside the run or "
           "next after it (XXI XX XIX XVIII and the Fool make 5); it is then shown with it.",
           "sequences are numbered trumps"),
    Option("belle_with_7_tarots", ("replaces_play_payment", "paid_twice"), "replaces_play_payment",
           "Declaring la Belle with the 7 Tarots (5 M) replaces its payment when played, or not.",
           "S1 presumption"),
    Option("qui_na_le_sien_payers", ("each_player_with_none",), "each_player_with_none",
           "Qui n'a le sien is paid 1 M by each player holding none of XXI, I and the Fool.", "S2"),
    Option("fool_lead_allowed", ("true", "false"), "true",
           "Whether the Fool may be led; when it is, the second card sets the suit.", "S1 suggestion"),
    Option("fool_exchange", ("none", "give_empty_card"), "none",
           "The Fool kept by its owner (excused, or kept from the last trick) comes back with "
           "nothing in exchange, or the owner gives that trick's winner an empty card from his "
           "pile (the Fool itself if he has none by the end).", "S1 'simplest solution'"),
    Option("fool_last_trick_card", ("kept_by_owner", "to_trick_winner"), "kept_by_owner",
           "Where the Fool goes when it is played to the last trick (it cannot excuse there).",
           "S2 'ne peut estre pris'"),
    Option("fool_not_excused_penalty", ("2", "0"), "2",
           "What the holder of the Fool at the last trick pays to each opponent.", "S2", (0, 12)),
    Option("ultimo_win", ("6_replaces", "6_plus_1"), "6_replaces",
           "The Ultimo's 6 M replaces the ordinary 1 M for that Tarot, or adds to it (both for "
           "winning and, with ultimo_fail=6, for failing).", "S1"),
    Option("ultimo_fail", ("6", "1"), "6",
           "A King or the Bagat played to the last trick and captured pays 6 M to each opponent, "
           "or only the ordinary 1 M.", "S1 (6); literal reading 1"),
    Option("par_points", ("25",), "25",
           "Card points at or above par win, below it lose.", "S2", (1, 74)),
    Option("two_winner_rule", ("pagat_symmetric", "dm_literal_top_winner"), "pagat_symmetric",
           "With two winners: each collects 1 M per full 5 points above par from the loser, or "
           "the loser pays 1 M per full 5 points below par to the top winner only.",
           "S1 vs Dummett/McLeod 2004"),
    Option("dm_tie_split", ("split_floor", "each_full", "none"), "split_floor",
           "Under dm_literal_top_winner, when the two winners tie: split the payment (remainder "
           "unpaid), pay each in full, or pay nothing.", "unresolved in the source"),
    Option("misdeal", ("dealer_pays_1m_and_redeal", "redeal_same_dealer", "deal_passes"),
           "dealer_pays_1m_and_redeal",
           "What a misdeal costs at a physical table. The engine always deals correctly, so this "
           "option only documents the table's choice.", "S2 'tout de mesme'", table_only=True),
    Option("revoke_handling",
           ("engine_prevents", "penalty_1m_forfeit_with_correction_window", "penalty_1m_and_forfeit"),
           "engine_prevents",
           "Failing to follow or to trump when able: impossible; or allowed, and unless the "
           "offender acknowledges it (acknowledge_revoke) before the second trick after it is "
           "gathered, punished with 1 M to each opponent and scoring nothing from the revoke on "
           "(acknowledged, the cards played from the revoke on go back to their hands and he "
           "plays a lawful card); or punished at once, with no time to acknowledge.", "S2"),
    Option("bad_hand_redeal", ("off",), "off",
           "Off, or N: before the discard a player may ask for a redeal of a bad hand; if both "
           "others grant it he pays N M to each and the same dealer deals again.", "S2 p.8",
           (1, 20)),
)


class MarollesDeal(SplitHandsDeal):
    """One deal of Marolles 1637 (docs/rules §1)."""

    variant = "marolles-1637"
    title = "Marolles 1637: three players, 66 cards"
    OPTIONS = MAROLLES_OPTIONS
    notation = ITALIAN
    PACK = PACK_66
    PLAYERS = 3
    #: Cards each non-dealer and the dealer hold after the deal, and discard.
    HAND_SIZE: ClassVar[int] = 21
    DEALER_HAND: ClassVar[int] = 24
    DISCARDS: ClassVar[int] = 1
    DEALER_DISCARDS: ClassVar[int] = 4
    TRICKS: ClassVar[int] = 20
    #: Two players with le Mort (§1.10): a third hand, dealt but never seated.
    MORT: ClassVar[bool] = False

    __slots__ = (
        "options", "dealer", "deck", "phase", "to_play", "history", "_undo", "piles",
        "mort_cards", "mort_competes",
        "discards", "discard_left", "last_discard", "order_idx", "decl_groups", "belle_declared",
        "pending", "shown", "trick", "leader", "trick_no", "tricks", "ledger", "forfeited",
        "fool_kept", "points", "redeal_asker", "redeal_votes", "result_info",
        "_o", "_legal_at", "_legal_list", "_legal_lo", "_legal_hi", "revokes", "corrected", "taken_back", "shown_log", "play_log",
        "mort_seen",
    )

    def __init__(self, options: Mapping[str, object] | None = None, *, seed: object = None,
                 deck: Sequence[Card] | None = None, dealer: Seat = 0,
                 rng: random.Random | None = None, _blank: bool = False) -> None:
        if _blank:
            return  # an empty deal for copy(), which sets every attribute
        self.options = self.make_options(options)
        self.players = self.PLAYERS
        o = self.options
        if o["declarations_after_discard"] == "false" and o["declaration_timing"] != "before_first_lead":
            raise OptionError("declarations_after_discard=false needs declaration_timing=before_first_lead:"
                              " a player cannot declare before discarding and also at his first card")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < self.players:
            raise IllegalActionError(f"dealer must be a seat 0..{self.players - 1}, not {dealer!r}")
        # Options read on the hot path, as plain attributes (decoded once per set of options).
        flags = _FLAGS.get(o)
        if flags is None:
            flags = _FLAGS[o] = _Flags(o, type(self))
        self._o = flags
        self.dealer = dealer
        self.deck = self.check_deck(deck) if deck is not None else tuple(self.shuffled_deck(seed, rng))
        self.history: list[int] = []
        self._undo: list[tuple] = []
        self._legal_at, self._legal_list = -1, []
        self._legal_lo, self._legal_hi = -1, 0
        n = self.players
        self.mort_cards: tuple[Card, ...] = ()
        self.mort_competes = self.MORT and o["mort_card_competes"] == "true"
        self._set_hands(self._deal_hands())
        self.piles = [0] * (n + self.MORT)  # with le Mort, piles[n] is le Mort's
        self.discards = [0] * n
        self.discard_left = [self.DEALER_DISCARDS if s == dealer else self.DISCARDS for s in range(n)]
        self.last_discard = [-1] * n
        self.decl_groups = [0] * n
        self.belle_declared = [False] * n
        self.pending: tuple | None = None
        self.shown: list[tuple[Seat, int, CardSet]] = []
        self.trick: list[Card] = []
        self.leader = (dealer + 1) % n
        self.trick_no = 0
        self.tricks: list[tuple[Seat, tuple[Card, ...], Seat]] = []
        self.ledger = Ledger(n)
        self.forfeited = [False] * n
        #: (owner, trick, winner) when the Fool went back to its owner from a trick another
        #: player won: excused, or kept from the last trick (fool_last_trick_card=kept_by_owner).
        self.fool_kept: tuple[Seat, int, Seat] | None = None
        self.points: tuple[int, ...] | None = None
        self.redeal_asker = -1
        self.redeal_votes = 0
        self.result_info: dict = {}
        self.order_idx = 0
        #: Revokes not yet paid nor acknowledged (revoke_handling=penalty_1M_..._window), as
        #: (seat, trick, index of the card in ``history``, ledger length then); the seats and
        #: tricks (bit 4 * trick + seat) replayed after an acknowledgment, played lawfully; and
        #: the cards an acknowledgment sent back to their hands, as (seat, card): public.
        self.revokes: list[tuple[Seat, int, int, int]] = []
        self.corrected = 0
        self.taken_back: list[tuple[Seat, Card]] = []
        #: With the window, every action of the play phase, taken back or not, and the
        #: declarations made at one's first card (not the choice of the cards shown, which
        #: would tell that there was one): what a sampled world replays to show the same view;
        #: and each declaration completed at one's first card, undone since or not, as in
        #: ``shown`` (public).
        self.play_log: list[int] = []
        self.shown_log: list[tuple[Seat, int, CardSet]] = []
        #: With le Mort and the window: how many of le Mort's cards have been turned up, the
        #: tricks taken back by an acknowledgment included (those cards were seen: public).
        self.mort_seen = 0
        cut = self.deck[-1]
        if self._o.cut_payment and TAROTS >> cut & 1:
            self._collect(dealer, 1, "cut", None, format_card(cut, self.notation))
        self.phase = ""
        self.to_play: Seat | None = None
        self._enter(self._phases()[0])

    # ----- dealing -----------------------------------------------------------------------
    @classmethod
    def deal_slots(cls, options: Mapping[str, object] | None, dealer: Seat) -> tuple[int, ...]:
        """The hand that receives each card of the deck, top card first (§1.3): packets of
        ``deal_packet`` anticlockwise from the dealer's right, then the remainder, the dealer
        last (the bottom card, the cut, is his). With le Mort the hands are the dealer's
        opponent, le Mort (hand 2), then the dealer.

        >>> MarollesDeal.deal_slots(None, 0)[:6], MarollesDeal.deal_slots(None, 0)[-5:]
        ((1, 1, 1, 1, 1, 2), (2, 0, 0, 0, 0))
        """
        packet = int(cls.make_options(options)["deal_packet"])
        key = (cls, packet, dealer)
        slots = _DEAL_SLOTS.get(key)
        if slots is None:
            n = cls.PLAYERS
            order = [1 - dealer, 2, dealer] if cls.MORT else [(dealer + 1 + i) % n for i in range(n)]
            out: list[int] = []
            for _ in range(cls.HAND_SIZE // packet):
                for s in order:
                    out += [s] * packet
            got = {s: out.count(s) for s in order}
            for s in order:
                out += [s] * ((cls.DEALER_HAND if s == dealer else cls.HAND_SIZE) - got[s])
            slots = _DEAL_SLOTS[key] = tuple(out)
        return slots

    def _deal_hands(self) -> list[CardSet]:
        """Deal ``deck`` as ``deal_slots`` says; le Mort's cards are turned up in the order
        they were dealt (``mort_cards``)."""
        deck = self.deck
        plans = self._o.positions  # the deck positions of each hand, per dealer
        positions = plans.get(self.dealer)
        if positions is None:
            positions = plans[self.dealer] = deal_positions(self.deal_slots(self.options, self.dealer), 3)
        hands = deal_sets(deck, positions)
        if self.MORT:
            self.mort_cards = tuple(c for c in deck if hands[2] >> c & 1)
            return hands[:2]
        return hands[:self.players]

    @property
    def cut_card(self) -> Card:
        """The bottom card of the deck: shown to all and dealt to the dealer (§1.3)."""
        return self.deck[-1]

    # ----- phases ------------------------------------------------------------------------
    def _phases(self) -> list[str]:
        first = ["redeal"] if self._o.redeal_cost else []
        if self._o.declare_at_first_card:
            return first + ["discard", "play"]
        if self._o.declare_after_discard:
            return first + ["discard", "declare", "play"]
        return first + ["declare", "discard", "play"]

    def _enter(self, phase: str) -> None:
        """Start ``phase`` with its first seat; skips seats and phases with nothing to do."""
        self.phase = phase
        self.order_idx = 0
        if phase == "play":
            self.to_play = self.leader
            self._begin_turn()
            return
        self.to_play = (self.dealer + 1) % self.players
        if phase == "discard":
            self._skip_discarders()

    def _next_phase(self) -> None:
        phases = self._phases()
        self._enter(phases[phases.index(self.phase if self.phase != "grant" else "redeal") + 1])

    def _next_in_order(self) -> None:
        """Pass the turn in a seat-by-seat phase (redeal, discard, declare); move on at the end."""
        self.order_idx += 1
        if self.order_idx >= self.players:
            self._next_phase()
            return
        self.to_play = (self.dealer + 1 + self.order_idx) % self.players
        if self.phase == "discard":
            self._skip_discarders()

    def _skip_discarders(self) -> None:
        while self.order_idx < self.players and not self.discard_left[self._seat()]:
            self.order_idx += 1
            self.to_play = (self.dealer + 1 + self.order_idx) % self.players
        if self.order_idx >= self.players:
            self._next_phase()

    def _begin_turn(self) -> None:
        """In the first trick with ``before_own_first_card``, a player declares before playing."""
        if self._o.declare_at_first_card and self.trick_no == 0:
            p = self._seat()
            if not self.decl_groups[p] >> 31 & 1:
                self.phase = "declare"
                return
        self.phase = "play"

    # ----- legal actions -----------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        ph = self.phase
        self._legal_lo = -1
        if ph == "play":
            lo, hi = self._legal_play_parts()
            out = cards_of_parts(lo, hi)
            if self.revokes and self._revoke_to_acknowledge() >= 0:
                out.append(ACKNOWLEDGE_REVOKE)
            else:
                self._legal_lo, self._legal_hi = lo, hi
            return out
        if ph == "discard":
            lo, hi = self._legal_discard_parts()
            out = cards_of_parts(lo, hi)
            if self._o.short_discard_allowed:
                out.append(DONE)
            return out
        if ph == "declare":
            return [DONE] + sorted(self._declarable(self._seat()))
        if ph == "show":
            return cards_of(self._legal_show())
        if ph == "redeal":
            return [DONE, REDEAL]
        if ph == "grant":
            return [GRANT, REFUSE]
        return []

    def is_legal(self, action: int) -> bool:
        if self._legal_at == len(self.history):
            return self._listed_legal(action)
        if 0 <= action < 78:
            ph = self.phase
            if ph == "play":
                return bool(self._legal_play() >> action & 1)
            if ph == "discard":
                return bool(self._legal_discards() >> action & 1)
            if ph == "show":
                return bool(self._legal_show() >> action & 1)
            return False
        return action in self._legal_actions()

    def _legal_play(self) -> CardSet:
        """The cards the seat to play may play: the lawful ones (``_lawful_play``), or with
        revokes allowed any card but a Fool that could not be played lawfully either."""
        lo, hi = self._legal_play_parts()
        return lo | hi << PART

    def _legal_play_parts(self) -> tuple[CardSet, CardSet]:
        if self._o.revoke_allowed and not self.corrected >> (4 * self.trick_no + self._seat()) & 1:
            p = self._seat()
            lo, hi = self._parts(p)
            leads = not self.trick or (len(self.trick) == 1 and self.trick[0] == FOOL)
            if (lo != 1 or hi) and (self.trick_no >= self._o.tricks - 1 or (leads and not self._o.fool_lead)):
                return lo & ~1, hi
            return lo, hi
        return self._lawful_parts()

    def _lawful_play(self) -> CardSet:
        """The cards the seat to play may play keeping the obligations to follow and to trump."""
        lo, hi = self._lawful_parts()
        return lo | hi << PART

    def _lawful_parts(self) -> tuple[CardSet, CardSet]:
        p = self._seat()
        lo, hi = self._parts(p)
        trick = self.trick
        duty_lo, duty_hi = _follow_duty_parts(lo, hi, trick)
        alone = lo == 1 and not hi  # the Fool, alone in the hand
        if (not trick or (len(trick) == 1 and trick[0] == FOOL)) and not self._o.fool_lead and not alone:
            duty_lo &= ~1
        if lo & 1 and not alone and self.trick_no >= self._o.tricks - 1:
            duty_lo &= ~1  # the Fool cannot excuse in the last trick (only a surplus hand gets here)
        return duty_lo, duty_hi

    #: a choice of the cards shown is offered only to a hand that holds more than it shows:
    #: the others see the seat declaring
    PUBLIC_PHASE: ClassVar[dict[str, str]] = {"show": "declare"}

    def in_play(self) -> bool:
        # with declaration_timing=before_own_first_card, declaring is part of one's first turn
        return self.phase == "play" or (self._o.declare_at_first_card and self.phase in ("declare", "show"))

    def lawful_cards(self) -> CardSet:
        """The cards the seat to play may play keeping the obligations to follow and to trump
        (with revokes allowed, playing any other is a revoke)."""
        return self._lawful_play() if self.phase == "play" else 0

    def _legal_discards(self) -> CardSet:
        lo, hi = self._legal_discard_parts()
        return lo | hi << PART

    def _legal_discard_parts(self) -> tuple[CardSet, CardSet]:
        """The cards the seat to play may discard next, as the two parts of a card set."""
        p = self._seat()
        need = self.discard_left[p]
        lo, hi = self._parts(p)
        last = self.last_discard[p]
        if last >= 0:  # the discard goes in ascending order: the cards above the last one
            if last < PART:
                lo &= ~((2 << last) - 1)
            else:
                lo, hi = 0, hi & ~((2 << (last - PART)) - 1)
        # A short discard allowed (wrong_discard_count=penalty_1m_and_forfeit): any card may be
        # the last one discarded, so no card needs others above it (trumps and Tarots still
        # only when unavoidable, below).
        short = self._o.short_discard_allowed
        if not self._o.discard_forbidden:
            # Ascending order: a card is legal if at least need-1 cards lie above it, i.e. if
            # it is not one of the need-1 highest candidates.
            return (lo, hi) if short else _drop_highest_parts(lo, hi, need - 1)
        cand = lo | hi << PART
        # Trumps and Tarots only when unavoidable: the whole discard may hold no more of them
        # than the hand forces, and cards are taken in ascending order, so a card is legal if
        # the cards above it can complete the discard within what is left of that allowance.
        budget = self._forced_discards(p)
        legal = above = others = 0
        for c in reversed(cards_of(cand)):
            forbidden = NO_DISCARD >> c & 1
            if (short and not forbidden) or (above >= need - 1 and others >= need - 1 - budget + forbidden
                                             and budget >= forbidden):
                legal |= 1 << c
            above += 1
            others += 1 - forbidden
        return legal & LOW_PART, legal >> PART

    def _forced_discards(self, p: Seat) -> int:
        """How many more trumps or Tarots ``p`` must discard (``illegal_discard=forbidden``): the
        hand's other cards are too few for the whole discard by that many, less those already
        discarded."""
        held = self.hand(p) | self.discards[p]
        total = self.discards[p].bit_count() + self.discard_left[p]
        forced = max(0, total - (held & ~NO_DISCARD).bit_count())
        return forced - (self.discards[p] & NO_DISCARD).bit_count()

    def _held(self, seat: Seat) -> CardSet:
        """Cards a player holds for declaring: his hand and what he has played this deal."""
        h = self.hand(seat)
        for leader, cards, _ in self.tricks:
            for i, c in enumerate(cards[:self.players]):  # le Mort's card comes last
                if (leader + i) % self.players == seat:
                    h |= 1 << c
        for i, c in enumerate(self.trick):
            if (self.leader + i) % self.players == seat:
                h |= 1 << c
        return h

    def _declarable(self, p: Seat) -> list[int]:
        """Declarations ``p`` may still make (§1.5), with ``declarations_must_be_maximal``."""
        lo, hi = self._parts(p)  # the trumps and the Fool are low
        done = self.decl_groups[p]
        maximal = self._o.maximal
        out: list[int] = []
        nk = (lo & _KINGS_LO).bit_count() + (hi & _KINGS_HI).bit_count()
        if not done >> G_TAROTS & 1:
            k = nk + (lo & BOUTS).bit_count()
            if k >= 4:
                tiers = [TAROTS_TIERS[j] for j in range(4, k + 1)]
                if k == 7 and hi >> _BELLE_HI & 1:
                    tiers.append(TAROTS_BELLE)
                out += tiers[-1:] if maximal else tiers
        if nk >= 2 and not done >> G_KINGS & 1:
            fool = lo & 1
            tiers = [a for a, n, f in KINGS_TIERS if nk >= n and (fool or not f)]
            out += tiers[:1] if maximal else tiers
        nt = (lo & (TRIOMPHES if self._o.fool_triomphe else TRUMPS)).bit_count()
        if nt >= 10 and not done >> G_TRIOMPHES & 1:
            tiers = [a for a, n in TRIOMPHES_TIERS.items() if nt >= n]
            out += tiers[-1:] if maximal else tiers
        for s, a in enumerate(IMPERIAL_SUITS):
            honours = _HONOURS_IN_PART[s]
            if not done >> (7 + s) & 1 and (hi if SUIT_HIGH[s] else lo) & honours == honours:
                out.append(a)
        if (self._o.kings_imperial and not done >> 11 & 1 and lo & _KINGS_LO == _KINGS_LO
                and hi & _KINGS_HI == _KINGS_HI):
            out.append(IMPERIAL_KINGS)
        for g, a, cards_lo, cards_hi in _IMPERIAL_RANK_CHECKS:
            if not done >> g & 1 and lo & cards_lo == cards_lo and hi & cards_hi == cards_hi:
                out.append(a)
        fill = 1 if self._o.fool_brizigole and lo & 1 else 0
        for g, run, first4, ids in _BRIZ_CHECKS:
            if (lo & first4).bit_count() + fill >= 4 and not done >> g & 1:
                n, _ = _run(lo, run, self._o.fool_brizigole)
                if n >= 4:
                    out += ids[n - 4:n - 3] if maximal else ids[:n - 3]
        nb = (lo & BOUTS).bit_count()
        if nb == 3 and not done >> G_TLT & 1:
            out.append(TOUS_LES_TROIS)
        if nb == 2 and not done >> G_QNLS & 1:
            out.append(QUI_NA_LE_SIEN)
        return out

    def _show_spec(self, action: int, h: CardSet) -> tuple[CardSet, CardSet, int]:
        """(cards always shown, cards to choose from, how many to choose) for a declaration."""
        if action in _KINGS_TIER:
            n, f = _KINGS_TIER[action]
            return (1 if f else 0), h & KINGS, n
        if action == TAROTS_BELLE:
            return TAROTS | BELLE_MASK, 0, 0
        for k, a in TAROTS_TIERS.items():
            if a == action:
                return 0, h & TAROTS, k
        if action in TRIOMPHES_TIERS:
            pool = TRIOMPHES if self._o.fool_triomphe else TRUMPS
            return 0, h & pool, TRIOMPHES_TIERS[action]
        if action in IMPERIAL_SUITS:
            return HONOURS[IMPERIAL_SUITS.index(action)], 0, 0
        if action == IMPERIAL_KINGS:
            return KINGS, 0, 0
        if action in IMPERIAL_RANKS:
            return RANK_SETS[IMPERIAL_RANKS[action]], 0, 0
        if action in BRIZIGOLES:
            end, n = BRIZIGOLES[action]
            _, cards = _run(h, (HIGH_RUN if end == "high" else LOW_RUN)[:n], self._o.fool_brizigole)
            return cards, 0, 0
        if action == TOUS_LES_TROIS:
            return BOUTS, 0, 0
        return h & BOUTS, 0, 0  # qui n'a le sien: the two he holds

    def _legal_show(self) -> CardSet:
        assert self.pending is not None
        _, _, eligible, needed, chosen, last = self.pending
        return _drop_highest(eligible & _above(last), needed - chosen.bit_count() - 1)

    # ----- explaining a refusal ----------------------------------------------------------
    def explain_illegal(self, action: int) -> str:
        n = self.notation
        tok = self.action_token(action)
        ph, p = self.phase, self._seat()
        if action == ACKNOWLEDGE_REVOKE:
            if not self._o.revoke_window:
                return ("acknowledge_revoke is not legal: a revoke can be acknowledged only with "
                        "revoke_handling=penalty_1M_forfeit_with_correction_window")
            return (f"seat {p} has no revoke to acknowledge now (only at his turn in the play, "
                    "before the second trick after the revoke is gathered)")
        if ph in ("play", "discard", "show") and action >= 78:
            return f"{tok} is not legal now: seat {p} must {'play' if ph == 'play' else ph} a card"
        if ph in ("redeal", "grant", "declare") and action < 78:
            what = {"redeal": "ask for a redeal or pass (redeal / done)", "grant": "grant or refuse the redeal",
                    "declare": "declare or say done"}[ph]
            return f"{tok} is not legal now: seat {p} must {what}"
        if action < 78 and not self.PACK >> action & 1:
            return f"{card_phrase(action, n)} is not in the {self.PACK.bit_count()}-card pack"
        if action < 78 and not self.hand(p) >> action & 1:
            if ph == "show":
                return f"seat {p} cannot show {card_phrase(action, n)}: it is not in the hand"
            return f"seat {p} does not hold {card_phrase(action, n)}"
        if ph == "play":
            h = self.hand(p)
            if action == FOOL and self.trick_no >= self.TRICKS - 1:
                return "the Fool cannot excuse in the last trick"
            lead = self.trick[0] if self.trick else -1
            if lead == FOOL:
                lead = self.trick[1] if len(self.trick) > 1 else -1
            if lead < 0:
                return "the Fool may not be led (fool_lead_allowed=false)"
            s = _SUIT_OF[lead]
            if s == TRUMP_SUIT:
                return "you must play a trump: trumps were led"
            if h & SUIT_MASKS[s]:
                return f"you must follow {n.suit_names_en[s]}"
            return f"you must play a trump: you cannot follow {n.suit_names_en[s]}"
        if ph == "discard":
            if action <= self.last_discard[p]:
                return (f"discards are taken in ascending card order: {format_card(action, n)} does not "
                        f"come after {format_card(self.last_discard[p], n)}")
            if action == DONE:
                return f"seat {p} must discard {self.discard_left[p]} more card(s)"
            if self._o.discard_forbidden:
                if NO_DISCARD >> action & 1 and self._forced_discards(p) <= 0:
                    return ("trumps and Tarots may not be discarded while other cards can be "
                            "(illegal_discard=forbidden)")
                if (self.hand(p) >> action).bit_count() >= self.discard_left[p]:
                    return (f"{card_phrase(action, n)} cannot be discarded now: the cards above it would "
                            "make the discard hold more trumps or Tarots than the hand forces "
                            "(illegal_discard=forbidden)")
            return (f"{card_phrase(action, n)} cannot be discarded now: discards are taken in ascending "
                    f"card order and {self.discard_left[p] - 1} more must follow it, but too few cards of "
                    "the hand lie above it")
        if ph == "declare":
            name = DECLARATION_NAMES.get(action)
            what = f"{name} ({tok})" if name else tok
            return f"seat {p} cannot declare {what}: the hand does not hold it, or it is already declared"
        if ph == "show":
            decl, _, eligible, _, _, last = self.pending  # type: ignore[misc]
            title = DECLARATION_NAMES[decl]
            if not eligible >> action & 1:
                return (f"{card_phrase(action, n)} cannot be shown for {title}: the cards that can be "
                        f"are {format_cards(eligible, n)}")
            return (f"{card_phrase(action, n)} cannot be shown now for {title}: the cards shown are "
                    "given in ascending order" + (f", after {format_card(last, n)}" if last >= 0 else "")
                    + ", leaving enough above for the rest")
        return super().explain_illegal(action)

    # ----- applying actions --------------------------------------------------------------
    def _apply(self, a: int) -> None:
        ph = self.phase
        if ph == "play":
            if self._o.revoke_window:
                self.play_log.append(a)
            if a == ACKNOWLEDGE_REVOKE:
                self._acknowledge()
            else:
                self._play(a)
        elif ph == "discard":
            self._discard(a)
        elif ph == "declare":
            if self._o.revoke_window and self._o.declare_at_first_card:
                self.play_log.append(a)  # declared at one's first card: part of the play
            self._declare(a)
        elif ph == "show":
            self._show(a)
        elif ph == "redeal":
            if a == REDEAL:
                self.redeal_asker = self._seat()
                self.redeal_votes = 0
                self.phase = "grant"
                self.to_play = (self._seat() + 1) % self.players
            else:
                self._next_in_order()
        elif ph == "grant":
            if a == REFUSE:
                self.to_play = self.redeal_asker
                self.phase = "redeal"
                self._next_in_order()
                return
            self.redeal_votes += 1
            if self.redeal_votes == self.players - 1:
                asker = self.redeal_asker
                self._pay_each(asker, self._o.redeal_cost, "redeal")
                self.points = (0,) * self.players
                self.phase, self.to_play = "over", None
            else:
                self.to_play = (self._seat() + 1) % self.players

    def _discard(self, a: int) -> None:
        p = self._seat()
        if a == DONE:  # too few discards (wrong_discard_count=penalty_1m_and_forfeit)
            self._discard_penalties(p)
            self._pay_each(p, 1, "wrong_discard")
            self._forfeit(p)
            self.discard_left[p] = 0
            self._next_in_order()
            return
        bit = 1 << a
        self._lose(p, a)
        self.discards[p] |= bit
        self.piles[p] |= bit
        self.last_discard[p] = a
        self.discard_left[p] -= 1
        if not self.discard_left[p]:
            self._discard_penalties(p)
            self._next_in_order()

    def _discard_penalties(self, p: Seat) -> None:
        """2 M to each opponent per trump or Tarot discarded (or once), paid when the discard
        is complete: how many is public, not which (paid card by card, the moment of each
        payment would tell, the discard going in ascending order)."""
        if self._o.discard_forbidden:
            return
        k = (self.discards[p] & NO_DISCARD).bit_count()
        for _ in range(min(k, 1) if self._o.discard_penalty_once else k):
            self._pay_each(p, 2, "discard")

    def _declare(self, a: int) -> None:
        p = self._seat()
        if a == DONE:
            if self._o.declare_at_first_card:
                self.decl_groups[p] |= 1 << 31
                self.phase = "play"
            else:
                self._next_in_order()
            return
        h = self.hand(p)
        forced, eligible, needed = self._show_spec(a, h)
        self.decl_groups[p] |= 1 << DECLARATIONS[a][0]
        if needed and eligible.bit_count() > needed:
            self.pending = (a, forced, eligible, needed, 0, -1)
            self.phase = "show"
            return
        self._declared(p, a, forced | eligible)

    def _show(self, c: int) -> None:
        assert self.pending is not None
        a, forced, eligible, needed, chosen, _ = self.pending
        chosen |= 1 << c
        if chosen.bit_count() == needed:
            self.pending = None
            self.phase = "declare"
            self._declared(self._seat(), a, forced | chosen)
        else:
            self.pending = (a, forced, eligible, needed, chosen, c)

    def _declared(self, p: Seat, a: int, cards: CardSet) -> None:
        """A declaration is complete: its cards become public and it is paid."""
        self.shown.append((p, a, cards))
        if self._o.revoke_window and self._o.declare_at_first_card:
            self.shown_log.append((p, a, cards))
        name = self.action_token(a)
        if a == QUI_NA_LE_SIEN:
            if not self.forfeited[p]:
                for o in _OTHERS[self.players][p]:
                    if not self._held(o) & BOUTS:
                        self.ledger.pay(o, p, 1, "qui_na_le_sien", None, name)
            return
        if a == TAROTS_BELLE and self._o.belle_replaced:
            self.belle_declared[p] = True
        self._collect(p, self.declaration_value(a), "declaration", None, name)

    def declaration_value(self, a: int) -> int:
        """The marques declaration ``a`` earns from each opponent under the options in force
        (Qui n'a le sien: from each one holding none of XXI, I and the Fool)."""
        if a == ACTION_IDS["kings_3_fool"] and self._o.three_kings_fool_total:
            return 1
        return DECLARATIONS[a][1]

    def _play(self, c: int) -> None:
        p = self._seat()
        o = self._o
        if o.revoke_allowed:
            duty = self._lawful_play()
            if not duty >> c & 1:
                if o.revoke_window:  # paid when the time to acknowledge it is over
                    self.revokes.append((p, self.trick_no, len(self.history) - 1, len(self.ledger)))
                else:
                    self._pay_each(p, 1, "revoke", self.trick_no, format_card(c, self.notation))
                    self._forfeit(p)
        self._lose(p, c)
        trick = self.trick
        trick.append(c)
        if len(trick) < self.players:
            self.to_play = (p + 1) % self.players
            if self.trick_no == 0 and o.declare_at_first_card:
                self._begin_turn()
            return
        # The trick is complete: find the winner, settle the Tarots and la Belle (§1.7, §1.8).
        leader = self.leader
        n = self.players
        t = self.trick_no
        mort = o.mort
        if mort:  # le Mort's next card joins the trick (§1.10)
            trick.append(self.mort_cards[t])
            w = winning_index(trick if self.mort_competes else trick[:n], _POWER)
            winner = n if w == n else (leader + w) % n
        else:
            winner = (leader + winning_index(trick, _POWER)) % n
        last = t == o.tricks - 1
        gain = mask(trick)
        for i in range(len(trick)):
            c = trick[i]
            if _PAYS[c] and i != n:  # le Mort never pays or receives
                s = (leader + i) % n
                tok = format_card(c, o.notation)
                if c == FOOL:
                    if last:  # held to the last trick: not excused (§1.7)
                        self._pay_each(s, o.fool_penalty, "fool_not_excused", t, tok)
                        if not o.fool_last_to_winner:
                            gain &= ~1
                            self.piles[s] |= 1
                            self.fool_kept = (s, t, winner)
                    else:
                        gain &= ~1
                        self.piles[s] |= 1
                        self.fool_kept = (s, t, winner)
                        self._collect(s, 1, "excuse", t, tok)
                elif c == BELLE:
                    if not self.belle_declared[s]:
                        self._collect(s, 1, "belle", t, tok)
                elif s == winner:
                    if last and ULTIMO_CARDS >> c & 1:
                        self._collect(s, 6, "ultimo", t, tok)
                        if o.ultimo_plus_1:
                            self._collect(s, 1, "tarot", t, tok)
                    else:
                        self._collect(s, 1, "tarot", t, tok)
                elif last and ULTIMO_CARDS >> c & 1 and o.ultimo_fail_6:
                    self._pay_each(s, 6, "ultimo", t, tok)
                    if o.ultimo_plus_1:
                        self._pay_each(s, 1, "tarot", t, tok)
                else:
                    self._pay_each(s, 1, "tarot", t, tok)
        if mort and FOOL in trick[n:] and self.mort_competes:
            gain &= ~1  # le Mort's Fool cannot win: it goes back to le Mort
            self.piles[n] |= 1
        self.piles[winner] |= gain
        self.tricks.append((leader, tuple(trick), winner))
        self.trick = []
        if winner < n:  # a trick le Mort takes is led again by the same player
            self.leader = winner
        self.trick_no = t + 1
        if self.revokes:
            self._close_revokes(last)
        if last:
            self._settle()
        else:
            self.to_play = self.leader
            self._begin_turn()

    def _settle(self) -> None:
        """After the last trick: left-over cards, the Fool's exchange, card points (§1.9)."""
        n = self.players
        if self.MORT:  # le Mort's cards never turned up stay with it
            self.piles[n] |= mask(self.mort_cards[self.TRICKS:])
        for s in range(n):
            rest = self.hand(s)
            if rest:  # only after a short discard
                if rest & 1:
                    self._pay_each(s, self._o.fool_penalty, "fool_not_excused", None, "F")
                self.piles[s] |= rest
                self._set_hand(s, 0)
        if self._o.fool_exchange and self.fool_kept:
            owner, _, winner = self.fool_kept
            if owner != winner:
                empties = self.piles[owner] & _EMPTY_CARDS
                give = empties & -empties if empties else 1
                self.piles[owner] &= ~give
                self.piles[winner] |= give
                self.result_info = {"fool_exchange": [owner, winner, give.bit_length() - 1]}
        pts = tuple(packet_points(self.piles[s]) for s in range(n))
        self.points = pts
        self._card_point_payments(pts)
        self.phase, self.to_play = "over", None

    def _card_point_payments(self, pts: tuple[int, ...]) -> None:
        """Par, losers and winners, 1 M per full 5 points (§1.9)."""
        par = self._o.par
        winners = [s for s in range(self.players) if pts[s] >= par]
        losers = [s for s in range(self.players) if pts[s] < par]
        if not winners or not losers:
            return
        if len(winners) == 1:
            w = winners[0]
            for s in losers:
                self._pay(s, w, (par - pts[s]) // 5, "card_points")
            return
        loser = losers[0]
        if self._o.dm_literal:
            owed = (par - pts[loser]) // 5
            a, b = winners
            if pts[a] != pts[b]:
                self._pay(loser, a if pts[a] > pts[b] else b, owed, "card_points")
            elif self._o.dm_tie == "split_floor":
                for w in winners:
                    self._pay(loser, w, owed // 2, "card_points")
            elif self._o.dm_tie == "each_full":
                for w in winners:
                    self._pay(loser, w, owed, "card_points")
            return
        for w in winners:
            self._pay(loser, w, (pts[w] - par) // 5, "card_points")

    # ----- payments ----------------------------------------------------------------------
    def _pay(self, payer: Seat, payee: Seat, amount: int, reason: str,
             trick: int | None = None, detail: str = "") -> None:
        if not self.forfeited[payee]:
            self.ledger.pay(payer, payee, amount, reason, trick, detail)

    def _collect(self, s: Seat, amount: int, reason: str, trick: int | None = None,
                 detail: str = "") -> None:
        """``s`` receives ``amount`` from each opponent ("v M from each opponent")."""
        if not self.forfeited[s]:
            for o in _OTHERS[self.players][s]:
                self.ledger.pay(o, s, amount, reason, trick, detail)

    def _pay_each(self, s: Seat, amount: int, reason: str, trick: int | None = None,
                  detail: str = "") -> None:
        """``s`` pays ``amount`` to each opponent (a forfeited opponent receives nothing)."""
        for o in _OTHERS[self.players][s]:
            self._pay(s, o, amount, reason, trick, detail)

    def _forfeit(self, s: Seat) -> None:
        """'Ne plus rien compter': ``s`` receives nothing further (§1.4, §1.10). What he gives
        back goes through ``_pay``: a seat that has forfeited before him receives none of it
        (his own penalty, a give-back of his), and ``s`` keeps that."""
        if self.forfeited[s]:
            return
        if self._o.void_receipts:
            for e in list(self.ledger.entries):
                if e.payee == s:
                    self._pay(s, e.payer, e.amount, "forfeit", e.trick, e.reason)
        self.forfeited[s] = True

    # ----- a revoke acknowledged in time (revoke_handling=penalty_1M_..._window, §1.10) ------
    def _revoke_to_acknowledge(self) -> int:
        """The index in ``revokes`` of the first revoke the seat to play may still own up to,
        or -1."""
        p = self.to_play
        for i, r in enumerate(self.revokes):
            if r[0] == p:
                return i
        return -1

    def _acknowledge(self) -> None:
        """The revoker owns up: the play goes back to just before his revoke, the cards played
        from it on return to their hands (everyone saw them), and in that trick he plays a
        lawful card. Each seat can do this once per trick, so a deal always ends."""
        p, t, at, _ = self.revokes[self._revoke_to_acknowledge()]
        n = self.players
        played = [((leader + i) % n, c) for leader, cards, _ in self.tricks[t:] for i, c in enumerate(cards[:n])]
        played += [((self.leader + i) % n, c) for i, c in enumerate(self.trick)]
        corrected, taken, log = self.corrected | 1 << (4 * t + p), self.taken_back, list(self.play_log)
        shown_log = list(self.shown_log)
        mort_seen = max(self.mort_seen, self.trick_no)
        still_open = self.revokes
        self._restore(self._undo[at])  # the state before the revoke (window snapshots are whole)
        still = mask(self.trick)  # the cards of the trick played before the revoke stay
        self.corrected, self.play_log, self.mort_seen = corrected, log, mort_seen
        self.taken_back = taken + [(s, c) for s, c in played if not still >> c & 1]
        self.shown_log = shown_log
        # an earlier revoke paid since (its time ran out) stays paid: going back does not
        # give it time again
        paid = [r for r in self.revokes if r not in still_open]
        if paid:
            self.revokes = [r for r in self.revokes if r in still_open]
            for r in paid:
                self._pay_revoke(r)

    def _close_revokes(self, last: bool) -> None:
        """A revoke not acknowledged when the second trick after it is gathered (or the last
        trick is) is paid: 1 M to each, and its maker scores nothing from it on."""
        keep = []
        for r in self.revokes:
            if not last and self.trick_no < r[1] + 3:
                keep.append(r)
            else:
                self._pay_revoke(r)
        self.revokes = keep

    def _pay_revoke(self, r: tuple[Seat, int, int, int]) -> None:
        """1 M to each opponent, and nothing scored from the revoke on: what its maker has
        received since is given back, and he forfeits."""
        s, t, at, n_ledger = r
        received = [e for e in self.ledger.entries[n_ledger:] if e.payee == s]
        self._pay_each(s, 1, "revoke", t, format_card(self.history[at], self.notation))
        if not self._o.void_receipts and not self.forfeited[s]:
            for e in received:  # received since the revoke: given back (not to a forfeited seat)
                self._pay(s, e.payer, e.amount, "forfeit", e.trick, e.reason)
        self._forfeit(s)

    # ----- undo, copy --------------------------------------------------------------------
    def _snapshot(self) -> tuple:
        if self.phase == "play" and not self._o.revoke_allowed:
            if len(self.trick) < self.players - 1:
                return SEAT_SNAPSHOT[self._seat()]  # a card that does not end its trick changes only this
            if self.trick_no < self._o.tricks - 1 and not self._o.mort:
                # a card that ends a trick other than the last: these, and what is appended
                # (the trick's other cards are those of the trick it appends)
                return (self.to_play, self.leader, len(self.ledger), tuple(self.piles), self.fool_kept)
        elif self.phase == "discard" and not self._o.revoke_window:
            # a discard (or done, a short one) changes the seat's own entries, the payments, and
            # at its end the turn and the phase
            p = self._seat()
            return (p, self.discard_left[p], self.last_discard[p], self.forfeited[p], self.order_idx,
                    self.to_play, self.phase, len(self.ledger))
        elif self.phase in ("declare", "show") and not self._o.revoke_window:
            # a declaration (or a card shown, or done) changes the seat's own entries, what is
            # shown and paid, and at the end the turn and the phase
            p = self._seat()
            return (p, self.decl_groups[p], self.belle_declared[p], self.pending, self.phase,
                    self.order_idx, self.to_play, len(self.shown), len(self.ledger))
        whole = (
            self.phase, self.to_play, self._hands_snapshot(), tuple(self.piles), tuple(self.discards),
            tuple(self.discard_left), tuple(self.last_discard), self.order_idx,
            tuple(self.decl_groups), tuple(self.belle_declared), self.pending, len(self.shown),
            tuple(self.trick), self.leader, self.trick_no, len(self.tricks), len(self.ledger),
            tuple(self.forfeited), self.fool_kept, self.points, self.redeal_asker,
            self.redeal_votes,
        )
        if self._o.revoke_window:  # an acknowledgment goes back to any earlier state: keep all
            return whole, (tuple(self.tricks), self.ledger.rows(), tuple(self.shown),
                           tuple(self.revokes), self.corrected, tuple(self.taken_back), len(self.shown_log),
                           len(self.play_log),
                           self.mort_seen)
        return whole

    def _restore(self, s: tuple) -> None:
        if self.result_info:  # the settlement taken back (only a settled deal has any)
            self.result_info = {}
        if len(s) == 2:
            whole, (tricks, entries, shown, revokes, self.corrected, taken, n_shown_log, n_log,
                    self.mort_seen) = s
            self._restore(whole)
            del self.play_log[n_log:]
            self.tricks, self.shown = list(tricks), list(shown)
            self.ledger.restore(entries)
            self.revokes, self.taken_back = list(revokes), list(taken)
            del self.shown_log[n_shown_log:]
            return
        if len(s) == 1:
            p = s[0]
            self._take_back(p, self.history[-1])
            self.trick.pop()
            self.to_play, self.phase = p, "play"
            return
        if len(s) == 9:
            p, groups, belle, self.pending, self.phase, self.order_idx, self.to_play, n_shown, n_ledger = s
            self.decl_groups[p], self.belle_declared[p] = groups, belle
            del self.shown[n_shown:]
            self.ledger.truncate(n_ledger)
            return
        if len(s) == 8:
            p, left, last, forfeited, self.order_idx, self.to_play, self.phase, n_ledger = s
            self.discard_left[p], self.last_discard[p], self.forfeited[p] = left, last, forfeited
            a = self.history[-1]
            if a != DONE:
                self._take_back(p, a)
                self.discards[p] &= ~(1 << a)
                self.piles[p] &= ~(1 << a)
            self.ledger.truncate(n_ledger)
            return
        if len(s) == 5:
            p, self.leader, n_ledger, piles, self.fool_kept = s
            self._take_back(p, self.history[-1])
            self.trick, self.piles = list(self.tricks.pop()[1][:self.players - 1]), list(piles)
            self.trick_no -= 1
            self.ledger.truncate(n_ledger)
            self.to_play, self.phase = p, "play"
            return
        (self.phase, self.to_play, hands, piles, discards, discard_left, last_discard,
         self.order_idx, decl_groups, belle, self.pending, n_shown, trick, self.leader,
         self.trick_no, n_tricks, n_ledger, forfeited, self.fool_kept, self.points,
         self.redeal_asker, self.redeal_votes) = s
        self._restore_hands(hands)
        self.piles, self.discards = list(piles), list(discards)
        self.discard_left, self.last_discard = list(discard_left), list(last_discard)
        self.decl_groups, self.belle_declared = list(decl_groups), list(belle)
        self.forfeited = list(forfeited)
        self.trick = list(trick)
        del self.shown[n_shown:]
        del self.tricks[n_tricks:]
        self.ledger.truncate(n_ledger)

    def position_key(self) -> tuple | None:
        """At the start of a trick, a key of all that the payments still to come depend on:
        two positions with one key, played on alike, pay the same marques from there on (not
        the same totals: what was paid before differs). It holds the hands, the leader, the
        trick's number, each seat's pile as the count will see it (Σ reduced values, the
        number of cards, whether it holds an empty card the Fool's exchange could give), the
        Fool's owner and taker if it came back to its owner, who declared la Belle, who has
        forfeited. None inside a trick, before a player's first card when declarations are
        made then, and with revokes allowed (a revoke reopens earlier tricks). The exact
        solver's transposition table, which keeps values relative to the marques so far."""
        o = self._o
        if (self.phase != "play" or self.trick or o.revoke_allowed
                or (self.trick_no == 0 and o.declare_at_first_card)):
            return None
        piles = tuple((reduced_total(p), p.bit_count(), bool(p & _EMPTY_CARDS))
                      for p in self.piles[:self.players])  # le Mort's pile pays nothing
        kept = self.fool_kept
        fool = None if kept is None else (kept[0], kept[2])
        return (self._hands_key(), self.leader, self.trick_no, piles, fool,
                tuple(self.belle_declared), tuple(self.forfeited))

    def copy(self) -> MarollesDeal:
        """An independent deal in the same state (history and undo included)."""
        new = type(self)(_blank=True)  # compiled classes refuse object.__new__
        for name in ("options", "players", "dealer", "deck", "phase", "to_play", "order_idx", "pending",
                     "leader", "trick_no", "fool_kept", "points", "redeal_asker", "redeal_votes",
                     "_o", "_legal_at", "_legal_list", "_legal_lo", "_legal_hi", "mort_cards", "mort_competes", "corrected",
                     "mort_seen"):
            setattr(new, name, getattr(self, name))
        for name in ("history", "_undo", "piles", "discards", "discard_left",
                     "last_discard", "decl_groups", "belle_declared", "shown", "trick", "tricks",
                     "forfeited", "revokes", "taken_back", "shown_log", "play_log"):
            setattr(new, name, getattr(self, name).copy())
        new.ledger = self.ledger.copy()
        new._set_hands(self._all_hands())
        new.result_info = dict(self.result_info)
        return new

    # ----- results and views -------------------------------------------------------------
    def result(self) -> DealResult:
        if self.phase != "over":
            raise IllegalActionError(f"the deal is not over (phase {self.phase})")
        info: dict = {"forfeited": [s for s in range(self.players) if self.forfeited[s]]}
        if self.redeal_asker >= 0 and self.redeal_votes == self.players - 1:
            info["redeal"] = self.redeal_asker
        if self.fool_kept:
            info["fool_kept"] = self.fool_kept
            if self.fool_kept[1] < self.TRICKS - 1:
                info["fool_excused"] = self.fool_kept
        if self.MORT:
            info["mort_pile"] = self.piles[self.players]
        info.update(self.result_info)
        ledger = self.ledger.copy()  # the result stays as it is if the deal is popped later
        totals, by_source = ledger.summary(self.SOURCES)
        return DealResult(
            scores=tuple(totals),
            card_points=self.points or (0,) * self.players,
            ledger=ledger,
            by_source=by_source,
            info=info,
        )

    def view(self, seat: Seat) -> View:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalActionError(f"no seat {seat!r} in a {self.players}-player deal")
        mine = self.to_play == seat and self.phase != "over"
        pending, declaring = 0, None
        if self.pending is not None and self.to_play == seat:
            pending, declaring = self.pending[4], self.pending[0]
        fields = self._view_fields(seat, mine)
        fields.update({
            "discards": self.discards[seat],
            "cut_card": self.deck[-1],
            "shown": tuple(self.shown),
            "leader": self.leader if self.phase in ("play", "declare", "show") else None,
            "pending_show": pending,
            "pending_declaration": declaring,
            "extra": self._public_extra(),
        })
        log = fields["extra"].get("play_sequence")
        if log and self.pending is not None and seat != self.to_play:
            del log[-1]  # a declaration being shown is the declarer's own until it is complete
        own = [t for s, t, _, _ in self.revokes if s == seat]
        if own:  # known to the revoker alone until paid or acknowledged
            fields["extra"]["revokes_to_acknowledge"] = own
        return View.build(fields)

    def _public_extra(self) -> dict:
        """Public facts for ``View.extra``: le Mort's cards still face down, who asks for a
        redeal while it is being granted, the cards an acknowledged revoke sent back to their
        hands (``[seat, card]`` each) and then every action of the play in order (the cards
        taken back and the acknowledgments too, and the declarations made at one's first card,
        not the cards chosen to show) and every declaration made at one's first card in order,
        those going back undid included (``[seat, declaration, cards shown]`` each), le Mort's
        next cards seen before going back.
        A seat's own view adds the tricks of its revokes it may still acknowledge."""
        extra: dict = {}
        if self.MORT:
            extra["mort_cards_left"] = len(self.mort_cards) - self.trick_no
        if self.phase == "grant":
            extra["redeal_asker"] = self.redeal_asker
        if self.taken_back:
            extra["taken_back"] = [[s, c] for s, c in self.taken_back]
            extra["play_sequence"] = list(self.play_log)
            if self.shown_log:
                extra["shown_sequence"] = [[s, a, cs] for s, a, cs in self.shown_log]
        if self.mort_seen > self.trick_no:  # le Mort's next cards, seen before going back
            extra["mort_seen"] = list(self.mort_cards[self.trick_no:self.mort_seen])
        return extra

    def card_power(self, card: Card) -> int:
        return suit_power(card)

    def declaration_name(self, action: int) -> str:
        return DECLARATION_NAMES[action]


_FLAGS: Final[dict[Options, _Flags]] = {}
#: (class, deal_packet, dealer) -> deal_slots, computed once.
_DEAL_SLOTS: Final[dict] = {}


class _Flags:
    """Option values read on the hot path, decoded once per deal."""

    __slots__ = (
        "cut_payment", "discard_forbidden", "discard_penalty_once", "short_discard_allowed",
        "void_receipts", "declare_at_first_card", "declare_after_discard", "maximal",
        "three_kings_fool_total", "kings_imperial", "fool_triomphe", "fool_brizigole",
        "belle_replaced", "fool_lead", "fool_exchange", "fool_last_to_winner", "fool_penalty",
        "ultimo_plus_1", "ultimo_fail_6", "par", "dm_literal", "dm_tie", "revoke_allowed",
        "revoke_window",
        "redeal_cost", "mort", "tricks", "notation", "positions",
    )

    def __init__(self, o: Mapping[str, str], deal: type[MarollesDeal]) -> None:
        # the variant's constants too: read from a class, they are looked up by name
        self.mort, self.tricks, self.notation = deal.MORT, deal.TRICKS, deal.notation
        #: dealer -> the deck positions each hand receives (``deal_positions``), made once
        self.positions: dict[int, tuple[tuple[int, ...], ...]] = {}
        self.cut_payment = o["cut_card_tarot_payment"] == "on"
        self.discard_forbidden = o["illegal_discard"] == "forbidden"
        self.discard_penalty_once = o["illegal_discard"] == "penalty_once"
        self.short_discard_allowed = o["wrong_discard_count"] == "penalty_1m_and_forfeit"
        self.void_receipts = o["forfeit_scope"] == "void_all_hand_receipts"
        self.declare_at_first_card = o["declaration_timing"] == "before_own_first_card"
        self.declare_after_discard = o["declarations_after_discard"] == "true"
        self.maximal = o["declarations_must_be_maximal"] == "true"
        self.three_kings_fool_total = o["three_kings_fool_value"] == "2_total"
        self.kings_imperial = o["four_kings_imperial"] == "separate_1m"
        self.fool_triomphe = o["fool_counts_as_triomphe"] == "true"
        self.fool_brizigole = o["fool_in_brizigole"] == "true"
        self.belle_replaced = o["belle_with_7_tarots"] == "replaces_play_payment"
        self.fool_lead = o["fool_lead_allowed"] == "true"
        self.fool_exchange = o["fool_exchange"] == "give_empty_card"
        self.fool_last_to_winner = o["fool_last_trick_card"] == "to_trick_winner"
        self.fool_penalty = int(o["fool_not_excused_penalty"])
        self.ultimo_plus_1 = o["ultimo_win"] == "6_plus_1"
        self.ultimo_fail_6 = o["ultimo_fail"] == "6"
        self.par = int(o["par_points"])
        self.dm_literal = o["two_winner_rule"] == "dm_literal_top_winner"
        self.dm_tie = o["dm_tie_split"]
        self.revoke_allowed = o["revoke_handling"] != "engine_prevents"
        self.revoke_window = o["revoke_handling"] == "penalty_1m_forfeit_with_correction_window"
        self.redeal_cost = 0 if o["bad_hand_redeal"] == "off" else int(o["bad_hand_redeal"])


def _with(options: tuple[Option, ...], *changes: Option) -> tuple[Option, ...]:
    """``options`` with some specs replaced (same key) or appended (new key), in order."""
    by_key = {o.key: o for o in changes}
    out = tuple(by_key.pop(o.key, o) for o in options)
    return out + tuple(by_key.values())


MAROLLES_78_OPTIONS: Final = _with(
    MAROLLES_OPTIONS,
    Option("deal_packet", ("5",), "5",
           "Deal in fives: 5 rounds of 5 to each, then 3 more to the dealer (25 is not a "
           "multiple of 3).", "arithmetic"),
    Option("par_points", ("26", "25"), "26",
           "Card points at or above par win, below it lose. The pack holds 78 points, so with 25 "
           "all three can win; with no loser or no winner nothing is paid.",
           "reconstruction (78/3); 25 is S2's number", (1, 78)),
    Option("dealer_discards", ("3",), "3",
           "Only the dealer discards: 3 cards.", "S1, S14"),
)


class Marolles78Deal(MarollesDeal):
    """Marolles's 78-card base game (docs/rules §2): the full pack, 25 cards to each player and
    28 to the dealer, who alone discards 3; 25 tricks; par 26. Otherwise the 1637 rules."""

    variant = "marolles-78"
    title = "Marolles, the 78-card base game: three players"
    OPTIONS = MAROLLES_78_OPTIONS
    PACK = FULL_PACK
    HAND_SIZE = 25
    DEALER_HAND = 28
    DISCARDS = 0
    DEALER_DISCARDS = 3
    TRICKS = 25


MAROLLES_2P_OPTIONS: Final = _with(
    MAROLLES_OPTIONS,
    Option("bad_hand_redeal", ("off",), "off",
           "Off, or N: before the discard a player may ask for a redeal of a bad hand; if his "
           "opponent grants it he pays him N M and the same dealer deals again.", "S2 p.8",
           (1, 20)),
    Option("two_winner_rule", ("pagat_symmetric", "dm_literal_top_winner"), "pagat_symmetric",
           "No effect with two players: two winners leave no loser, and nothing is paid (the "
           "option of the three-player game, kept so that its settings all apply).",
           "S1 vs Dummett/McLeod 2004"),
    Option("dm_tie_split", ("split_floor", "each_full", "none"), "split_floor",
           "No effect with two players (see two_winner_rule).", "unresolved in the source"),
    Option("mort_card_competes", ("false", "true"), "false",
           "Whether le Mort's card competes for the trick. If false, it goes to the live player "
           "who wins the trick; if true and it is the best card, le Mort takes the trick (cards "
           "that count for no one) and the same player leads again.", "S2 ambiguous"),
)


class MarollesMortDeal(MarollesDeal):
    """Marolles 1637 for two players with le Mort (docs/rules §1.10, S2 p.4).

    A third hand, le Mort, is dealt face down where the third player would sit (after the
    dealer's opponent, before the dealer): 21 cards, no discards, no declarations, no dealing.
    Its cards are turned up one to each trick, after the two players' cards, in the order they
    were dealt (the deck order is the deal's only chance, so this is le Mort's random draw).
    Le Mort never pays or receives: a Tarot it takes or gives pays nothing, and a player's
    Tarot it captures costs its owner 1 M to the other player. Its 21st card is never turned
    up. Par stays 25. ``View.tricks`` hold three cards, le Mort's last; a trick le Mort takes
    has ``winner == 2`` (``players``).
    """

    variant = "marolles-2p"
    title = "Marolles 1637 for two players, with le Mort"
    OPTIONS = MAROLLES_2P_OPTIONS
    PLAYERS = 2
    MORT = True


__all__ = ["MarollesDeal", "Marolles78Deal", "MarollesMortDeal", "MAROLLES_OPTIONS",
           "MAROLLES_78_OPTIONS", "MAROLLES_2P_OPTIONS", "PACK_66", "trick_winner",
           "suit_power", "DECLARATION_NAMES", "BELLE"]
