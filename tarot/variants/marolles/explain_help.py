"""The rules of each decision in Marolles, as ``help`` says them (docs/rules §1, §2, §1.10)."""

from __future__ import annotations

from ...core.actions import DONE
from ...core.cards import FOOL, SUIT_MASKS, TRUMP_SUIT, TRUMPS, suit_of
from ...core.deal import View
from ...explain import add_messages, say, suit_word
from .rules import MarollesDeal


# ---------------------------------------------------------------------------------------
# The rules of each decision
# ---------------------------------------------------------------------------------------
add_messages({
    "marolles.help.lead.fool_allowed": "You lead this trick: any card, the Fool included (the next card then "
                                       "sets the suit).",
    "marolles.help.lead.last_fool": "You lead this trick with your last card, the Fool (fool_lead_allowed=false "
                                    "bars leading it only while you hold another).",
    "marolles.help.lead": "You lead this trick: any card, but not the Fool (fool_lead_allowed=false).",
    "marolles.help.fool_led": "The Fool was led: your card sets the suit, so any card will do.",
    "marolles.help.trumps_led": "Trumps were led: you must play a trump (any trump; you need not beat).",
    "marolles.help.trumps_led.none": "Trumps were led and you have none: any card.",
    "marolles.help.follow": "{suit} were led and you hold {suit}: you must follow {suit} (you need not beat "
                            "the cards on the table).",
    "marolles.help.trump": "{suit} were led and you have none: you must trump (any trump will do; there is "
                           "no duty to overtrump).",
    "marolles.help.any": "You have neither {suit} nor trumps: any card.",
    "marolles.help.fool.goes": "goes to the trick's winner",
    "marolles.help.fool.stays": "stays yours",
    "marolles.help.fool.given": " (at the end you give that trick's winner an empty card from your pile for "
                                "it: fool_exchange=give_empty_card)",
    "marolles.help.fool.last": "The Fool cannot excuse in the last trick: held to the end it costs {penalty} M "
                               "to each opponent, and played there it {goes}{given}.",
    "marolles.help.fool.excuse": "You may instead excuse yourself with the Fool: it never wins, comes back to "
                                 "your pile{given}, and earns 1 M from each opponent.{last_chance}",
    "marolles.help.fool.last_chance": " This is the last trick in which it can: kept to the last trick it "
                                      "costs {penalty} M to each opponent.",
    "marolles.help.revoke": "Any card may be played (revoke_handling): one that breaks the rule above is a "
                            "revoke (the cards marked * keep it), costing 1 M to each opponent and all you "
                            "would score from then on{window}",
    "marolles.help.revoke.window": ", unless you own up to it (`acknowledge_revoke`) at one of your turns "
                                   "before the second trick after it is gathered.",
    "marolles.help.revoke.end": ".",
    "marolles.help.order": "The highest trump wins, else the highest card of the suit led. Swords and Batons "
                           "rank K Q C J 10 9 … {low}; Cups and Coins (round suits) K Q C J A 2 3 … {high}.",
    "marolles.help.mort": "Le Mort's next card joins every trick once you have both played{how} Le Mort never "
                          "pays or receives.",
    "marolles.help.mort.competes": " and competes for it: if it is the best card, le Mort takes the trick "
                                   "and the same player leads again.",
    "marolles.help.mort.joins": "; it goes to whoever of you wins the trick.",
    "marolles.help.six": "6 M",
    "marolles.help.six_plus_one": "6 M and the ordinary 1 M",
    "marolles.help.belle_not_with_7": " (not if it was declared with the 7 Tarots)",
    "marolles.help.payments": "A Tarot (a King, XXI, I, the Fool) earns 1 M from each opponent when its trick "
                              "is won by its player and costs 1 M to each when captured; la Belle (AD) earns "
                              "1 M from each whoever wins{belle}; winning the last trick with a King or the "
                              "Bagat (I) is the Ultimo, {six} from each{fail}",
    "marolles.help.ultimo_fail": ", and such a card captured in the last trick costs {six} to each.",
    "marolles.help.ultimo_fail.one": ", and such a card captured in the last trick costs the ordinary 1 M "
                                     "to each.",
    "marolles.help.discard.who": "The dealer discards {dd} cards and the other {d}",
    "marolles.help.discard.who.others": "The dealer discards {dd} cards and the others {d}",
    "marolles.help.discard.dealer_only": "Only the dealer discards: {dd} cards",
    "marolles.help.discard.both": "both players hold",
    "marolles.help.discard.everyone": "everyone holds",
    "marolles.help.discard.mort": " (le Mort discards nothing: it turns up one of its cards a trick)",
    "marolles.help.discard": "{who}, so that {everyone} {tricks} for the {tricks} tricks{mort}. Your discards "
                             "go to your pile and count for you at the end.",
    "marolles.help.discard.forbidden": "Trumps, the Fool and Kings may not be discarded "
                                       "(illegal_discard=forbidden), except as many as you must because you "
                                       "hold too few other cards.",
    "marolles.help.discard.cost": "Discarding a trump, the Fool or a King costs 2 M to each opponent{once}.",
    "marolles.help.discard.once": " once, however many",
    "marolles.help.discard.per_card": " per card",
    "marolles.help.discard.done": "You may stop short with `done` (wrong_discard_count=penalty_1m_and_forfeit): "
                                  "it costs 1 M to each opponent, and you forfeit: you receive nothing more "
                                  "this deal.",
    "marolles.help.discard.how": "Name the cards on one line (e.g. `4B 7S`) or one by one; `clear` starts again.",
    "marolles.help.declare": "Declarations are voluntary; each shows its cards to everyone, and what is not "
                             "declared now can never be claimed. Say `done` when you have finished.",
    "marolles.help.belle.replaces": "5, and la Belle is then not paid again when played",
    "marolles.help.belle.again": "5, and la Belle is paid again when played",
    "marolles.help.kf3.two": "1 (2 in all with the four Tarots, declared as well)",
    "marolles.help.kf3.three": "2 (and the four Tarots, declared as well, 1: 3 in all)",
    "marolles.help.imperial.kings": "K Q C J of a suit, or the four Kings, Queens, Cavaliers or Jacks: the "
                                    "four Kings make one besides their Kings declaration",
    "marolles.help.imperial": "K Q C J of a suit, or the four Queens, Cavaliers or Jacks",
    "marolles.help.triomphes.fool": "trumps and the Fool",
    "marolles.help.triomphes": "trumps only, not the Fool",
    "marolles.help.fool_gap": "; the Fool may fill one missing trump, and is shown with it",
    "marolles.help.values": "Values, in marques from each opponent: 4/5/6/7 Tarots 1/2/3/4 (the 7 Tarots with "
                            "la Belle {belle}); 2 Kings + Fool 1, 3 Kings 1, 3 Kings + Fool {kf3}, 4 Kings 3, "
                            "4 Kings + Fool 4; 10/15/20 triomphes ({triomphes}) 1/2/3; an Imperial "
                            "({imperial}) 1 each; a Brizigole (XXI-XX-XIX-XVIII or I-II-III-IV, one more per "
                            "further trump up to 6{fool_gap}) 1/2/3; Tous les trois (XXI, I and the Fool) 3; "
                            "Qui n'a le sien (two of XXI, I, Fool) 1 from each player holding none of them.",
    "marolles.help.maximal": "Only the highest tier of each declaration you hold may be declared "
                             "(declarations_must_be_maximal).",
    "marolles.help.show": "Your declaration leaves a choice of cards: choose which ones to show (they become "
                          "public), on one line or one by one.",
    "marolles.help.redeal": "You may ask for a redeal of a bad hand (`redeal`) or keep it (`done`); it happens "
                            "only if {others} it, and you then pay {cost} M to {whom}.",
    "marolles.help.redeal.opponent": "your opponent grants",
    "marolles.help.redeal.others": "both others grant",
    "marolles.help.redeal.him": "him",
    "marolles.help.redeal.each": "each",
    "marolles.help.grant.two": "Your opponent asks for a redeal: `grant` or `refuse`. If you grant it, he pays "
                               "you {cost} M and the same dealer deals again.",
    "marolles.help.grant": "Another player asks for a redeal: `grant` or `refuse`. If both grant, he pays each "
                           "of you {cost} M and the same dealer deals again.",
})


def _duty_help(deal: MarollesDeal, v: View) -> str:
    """What the card to play must be (§1.6: follow, else trump, no duty to overtrump)."""
    o, hand = deal.options, v.hand
    lead = next((c for c in v.trick if c != FOOL), None)
    if not v.trick and o.get("fool_lead_allowed") == "true":
        return say("marolles.help.lead.fool_allowed")
    if not v.trick:
        return say("marolles.help.lead.last_fool" if hand == 1 else "marolles.help.lead")
    if lead is None:
        return say("marolles.help.fool_led")
    if suit_of(lead) == TRUMP_SUIT:
        return say("marolles.help.trumps_led" if hand & TRUMPS else "marolles.help.trumps_led.none")
    s = suit_of(lead)
    suit = suit_word(deal.notation, s)
    if hand & SUIT_MASKS[s]:
        return say("marolles.help.follow", suit=suit)
    return say("marolles.help.trump" if hand & TRUMPS else "marolles.help.any", suit=suit)


def _fool_help(deal: MarollesDeal, v: View) -> str:
    """The Fool's excuse, and its last chance (§1.7)."""
    o = deal.options
    last = len(v.tricks) == deal.TRICKS - 1
    penalty = o.get("fool_not_excused_penalty", "2")
    stays = o.get("fool_last_trick_card") != "to_trick_winner"
    given = say("marolles.help.fool.given") if o.get("fool_exchange") == "give_empty_card" else ""
    if last:
        return say("marolles.help.fool.last", penalty=penalty, given=given if stays else "",
                   goes=say("marolles.help.fool.stays" if stays else "marolles.help.fool.goes"))
    chance = (say("marolles.help.fool.last_chance", penalty=penalty)
              if len(v.tricks) == deal.TRICKS - 2 else "")
    return say("marolles.help.fool.excuse", given=given, last_chance=chance)


def _payments_help(deal: MarollesDeal) -> str:
    """What the cards of the play pay (§1.8): Tarots, la Belle, the Ultimo."""
    o = deal.options
    six = say("marolles.help.six_plus_one" if o.get("ultimo_win") == "6_plus_1" else "marolles.help.six")
    belle = say("marolles.help.belle_not_with_7") if o.get("belle_with_7_tarots") == "replaces_play_payment" else ""
    fail = (say("marolles.help.ultimo_fail", six=six) if o.get("ultimo_fail") == "6"
            else say("marolles.help.ultimo_fail.one"))
    return say("marolles.help.payments", belle=belle, six=six, fail=fail)


def _play_help(deal: MarollesDeal, v: View) -> list[str]:
    """The rules of a card in the play (§1.6-1.8, §1.10, le Mort)."""
    o = deal.options
    out = [_duty_help(deal, v)]
    last = len(v.tricks) == deal.TRICKS - 1
    if v.hand & 1 and (FOOL in v.legal_actions or last):  # the Fool is legal now, or kept to the end
        out.append(_fool_help(deal, v))
    revokes = o.get("revoke_handling", "engine_prevents")
    if revokes != "engine_prevents":
        out.append(say("marolles.help.revoke", window=say("marolles.help.revoke.window" if revokes.endswith("window")
                                                          else "marolles.help.revoke.end")))
    full = deal.PACK.bit_count() == 78
    out.append(say("marolles.help.order", low="1" if full else "4", high="10" if full else "7"))
    if deal.MORT:
        out.append(say("marolles.help.mort", how=say("marolles.help.mort.competes" if o.get("mort_card_competes")
                                                     == "true" else "marolles.help.mort.joins")))
    out.append(_payments_help(deal))
    return out


def _discard_help(deal: MarollesDeal, v: View) -> list[str]:
    """The discard (§1.4): how many, what it may hold, what it costs."""
    rule = deal.options.get("illegal_discard")
    d, dd, tricks = deal.DISCARDS, deal.DEALER_DISCARDS, deal.TRICKS
    who = (say("marolles.help.discard.who.others" if deal.players > 2 else "marolles.help.discard.who", dd=dd, d=d) if d else
           say("marolles.help.discard.dealer_only", dd=dd))
    out = [say("marolles.help.discard", who=who, tricks=tricks,
               everyone=say("marolles.help.discard.both" if deal.players == 2 else "marolles.help.discard.everyone"),
               mort=say("marolles.help.discard.mort") if deal.MORT else "")]
    if rule == "forbidden":
        out.append(say("marolles.help.discard.forbidden"))
    else:
        out.append(say("marolles.help.discard.cost", once=say("marolles.help.discard.once" if rule == "penalty_once"
                                                               else "marolles.help.discard.per_card")))
    if DONE in v.legal_actions:
        out.append(say("marolles.help.discard.done"))
    out.append(say("marolles.help.discard.how"))
    return out


def _declare_help(deal: MarollesDeal) -> list[str]:
    """The declarations and their values as the options set them (docs/rules §1.5, §1.11)."""
    o = deal.options

    def pick(key: str, value: str, yes: str, no: str) -> str:
        return say(yes if o.get(key) == value else no)

    out = [say("marolles.help.declare"), say(
        "marolles.help.values",
        belle=pick("belle_with_7_tarots", "replaces_play_payment", "marolles.help.belle.replaces",
                   "marolles.help.belle.again"),
        kf3=pick("three_kings_fool_value", "2_total", "marolles.help.kf3.two", "marolles.help.kf3.three"),
        imperial=pick("four_kings_imperial", "separate_1m", "marolles.help.imperial.kings", "marolles.help.imperial"),
        triomphes=pick("fool_counts_as_triomphe", "true", "marolles.help.triomphes.fool", "marolles.help.triomphes"),
        fool_gap=say("marolles.help.fool_gap") if o.get("fool_in_brizigole") == "true" else "")]
    if o.get("declarations_must_be_maximal") == "true":
        out.append(say("marolles.help.maximal"))
    return out


def _redeal_help(deal: MarollesDeal, phase: str) -> list[str]:
    """Asking for a redeal of a bad hand, and granting it (§1.3)."""
    cost = deal.options["bad_hand_redeal"]
    two = deal.players == 2
    if phase == "grant":
        return [say("marolles.help.grant.two" if two else "marolles.help.grant", cost=cost)]
    return [say("marolles.help.redeal", cost=cost,
                others=say("marolles.help.redeal.opponent" if two else "marolles.help.redeal.others"),
                whom=say("marolles.help.redeal.him" if two else "marolles.help.redeal.each"))]


def rules_help(deal: MarollesDeal, seat: int) -> list[str]:
    """The rules that bear on the seat's decision now (Marolles, docs/rules §1, §2, §1.10)."""
    v = deal.view(seat)
    if v.phase == "play":
        return _play_help(deal, v)
    if v.phase == "discard":
        return _discard_help(deal, v)
    if v.phase == "declare":
        return _declare_help(deal)
    if v.phase == "show":
        return [say("marolles.help.show")]
    if v.phase in ("redeal", "grant"):
        return _redeal_help(deal, v.phase)
    return []
