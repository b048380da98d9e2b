"""Marolles's options (docs/rules §1.11, §2.1) and the values its deal reads on the hot path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from ...core.options import Option

if TYPE_CHECKING:
    from .rules import MarollesDeal

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
