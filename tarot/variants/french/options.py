"""French Tarot's options (docs/rules §4.7) and the values its deal reads on the hot path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ...core.cards import CAVALIERS, JACKS, KINGS, QUEENS
from ...core.options import Option

FRENCH_OPTIONS: Final[tuple[Option, ...]] = (
    Option("petit_rule", ("petit_sec", "first_packet", "none"), "petit_sec",
           "A deal is annulled when a player holds the Petit as his only trump without the Excuse "
           "(petit sec), or (the seed's rule) when the Petit is in a player's first packet; or never.",
           "FFT (S10); seed-modern"),
    Option("chien_forbidden", ("first_last_card", "first_last_three"), "first_last_card",
           "Which cards of the pack may not go to the chien: the first and last card (FFT) or the "
           "first and last three (seed). The engine deals the chien at fixed places that respect "
           "both, so this only records the table's rule.", "FFT / seed-modern, S13", table_only=True),
    Option("misdeal", ("same_dealer_no_bid", "none"), "same_dealer_no_bid",
           "What a misdeal costs at a physical table (the same dealer redeals and may not bid). The "
           "engine always deals correctly, so this option only documents the table's choice.",
           "FFT", table_only=True),
    Option("excuse_last_trick", ("to_other_camp", "to_trick_winner"), "to_other_camp",
           "The Excuse played to the last trick changes camp (FFT), or goes to the trick's winner "
           "(seed); except in a chelem.", "FFT literal / seed, S13"),
    Option("excuse_exchange_impossible", ("excuse_counts_4_other_side_gets_half",),
           "excuse_counts_4_other_side_gets_half",
           "When the Excuse's camp has no half-point card to give in exchange, the Excuse counts 4 "
           "for it and the other camp gets the half point.", "generalises FFT chelem clause"),
    Option("chelem_lead", ("announcer_leads",), "announcer_leads",
           "A taker who announces a chelem leads the first trick.", "FFT"),
    Option("defence_chelem_bonus", ("200", "0"), "200",
           "What each defender gains when the defence wins every trick.", "FFT (seed silent)"),
    Option("poignee_show_exact", ("true", "false"), "true",
           "A poignée shows exactly its number of trumps (true), or every trump held (false).",
           "FFT"),
    Option("score_rounding", ("none", "5", "10"), "none",
           "Round each defender's amount to the nearest multiple of 5 or 10 (halves away from zero).",
           "FFT none / seed house rule"),
    Option("misere", ("off",), "off", "Misère bonuses (no trumps, no honours): not played.",
           "not in FFT/seed"),
)

FIVE_PLAYER_OPTIONS: Final[tuple[Option, ...]] = (
    Option("five_player_split", ("taker_2_partner_1", "equal_halves"), "taker_2_partner_1",
           "How the taker and his partner share: 2T and T (FFT), or equally (two defenders pay "
           "one each, the third splits his payment, the odd point to the taker).",
           "FFT / seed variant"),
    Option("five_player_called_escalation", ("k→q→c→j", "k→q"), "k→q→c→j",
           "With four Kings the taker may call a Queen, with four Queens too a Cavalier, and with "
           "those a Jack (FFT); or only up to a Queen (seed).", "FFT / seed"),
    Option("five_player_self_call", ("true", "false"), "true",
           "The taker may call a card he holds, and so play alone (FFT); or, false, only a card "
           "he lacks, unless he holds every card he could call (then one of his own: he plays "
           "alone).", "FFT; the rules are silent on a hand holding every callable card"),
)


class _Flags:
    """Option values read on the hot path, decoded once per set of options."""

    __slots__ = ("petit_rule", "other_camp", "defence_chelem", "show_exact", "rounding",
                 "split_equal", "escalation", "self_call")

    def __init__(self, o: Mapping[str, str]) -> None:
        self.petit_rule = o["petit_rule"]
        self.other_camp = o["excuse_last_trick"] == "to_other_camp"
        self.defence_chelem = int(o["defence_chelem_bonus"])
        self.show_exact = o["poignee_show_exact"] == "true"
        self.rounding = 0 if o["score_rounding"] == "none" else int(o["score_rounding"])
        self.split_equal = o.get("five_player_split") == "equal_halves"
        levels = (KINGS, QUEENS, CAVALIERS, JACKS)
        self.escalation = levels[:2] if o.get("five_player_called_escalation") == "k→q" else levels
        self.self_call = o.get("five_player_self_call", "true") == "true"
