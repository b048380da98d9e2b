"""The explanations any game gets, and the ``Explainer`` a game's own explanations extend.

Nothing here decides a rule: legality, payments and counting come from the engine, and a
refusal quotes the engine's reason. What is said about one family of games (the rules of
each decision, why a payment is made, the count at the end) is that family's ``Explainer``
(``tarot.variants.<g>.explain``), named in its ``Game`` declaration and found by
``explainer_for``; a game that names none is explained by the defaults here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.actions import DONE
from ..core.cards import (
    FOOL, FRENCH, ITALIAN, CardSet, Card, Notation, Seat, card_name, card_phrase, format_card, mask, parse_card,
)
from ..core.deal import Deal, View
from ..core.ledger import Payment
from .lines import CardRow, Line, Lines
from .messages import add_messages, known, language, plural, say, speaking
from .words import in_display_order, seat_label

add_messages({
    "deal.dealer": "{dealer} deals.",
    "action.plain": "{name}: {token}.",
    "header.phase": "Phase: {phase}.",
    "legend.legal": "legal now",
    "payment": "{payer} pays {amount} {unit} to {payee}: {reason}",
    "payment.taken_back": "Taken back: {words}",
    "payment.reason": "{reason}",
    "payment.reason.detail": "{reason} ({detail})",
    "trick": "Trick {number}: {played} → {winner} wins",
    "trick.card": "{seat} {card}",
    "help.commands": "Type a card (KS, 10{letter}, T21, {fool}), a number from the choices{named}; or help, "
                     "hint (what the rule bot would do), hand, clear (forget cards chosen so far), tricks, "
                     "last, score, undo, quit.",
    "help.commands.named": ", an action name ({tokens})",
    "help.cards": "You {verb} {cards} in all, from: {choices}{stop}",
    "help.cards.stop": " (or `done` to stop short).",
    "help.cards.end": ".",
    "help.legal": "Legal now: {tokens}.",
    "where.play": "trick {number}, {name} to play",
    "where.phase": "{phase} phase, {name} to move",
    "choice.none": "there is no choice {shown}: choose {range}",
    "choice.already": "{card} is already chosen",
    "choice.twice": "{card} is given twice",
    "choice.too_many": "you have only {more} to {verb}",
    "choice.one_move": "one move at a time",
    "table.saved": "Record saved to {path}",
    "annulled.petit_sec": "{name} holds the Petit sec (the Petit his only trump, {among}without the Excuse): "
                          "the deal is annulled.",
    "annulled.shows": "{name} shows his cards: {cards}.",
    "annulled.first_packet": "{name} was dealt the Petit in his first packet (petit_rule=first_packet): the "
                             "deal is annulled.",
    # names: the phases and the units of score as the table writes them, a card-points column,
    # a source of payment or a reason that its game does not name
    "verb.discard": "discard",
    "verb.show": "show",
    "phase.ecart": "écart",
    "phase.poignee": "poignée",
    "unit.marques": "marques",
    "unit.points": "points",
    "unit.short.marques": "M",
    "unit.short.points": "pts",
    "label.card_points_won": "card points won",
    "name.other": "{name}",
    "suit.swords": "Swords", "suit.batons": "Batons", "suit.cups": "Cups", "suit.coins": "Coins",
    "suit.spades": "Spades", "suit.clubs": "Clubs", "suit.hearts": "Hearts", "suit.diamonds": "Diamonds",
    "suit.trumps": "Trumps", "suit.fool": "Fool", "suit.excuse": "Excuse",
})


def suit_word(notation, suit: int) -> str:
    """A suit's name in a notation (``Swords`` in the Italian suits, ``Spades`` in the French)."""
    name = notation.suit_names_en[suit]
    return named(f"suit.{name.lower()}", name)


def named(message_id: str, fallback: str) -> str:
    """The name ``message_id`` says, or, where no catalogue names it (a game that names none of
    its sources), the engine's word ``fallback`` with its underscores as spaces."""
    return say(message_id) if known(message_id) else say("name.other", name=fallback.replace("_", " "))


def phase_word(phase: str) -> str:
    """A phase as the table writes it: ``écart`` for ``ecart``."""
    return named(f"phase.{phase}", phase)


def unit_word(unit: str, short: bool = False) -> str:
    """A unit of score (``Deal.SCORE_UNIT``) in words, or ``short`` (``M``, ``pts``)."""
    return named(f"unit.short.{unit}" if short else f"unit.{unit}", unit)


class Explainer:
    """What the table says about one family of games; the defaults suit any game.

    A family's ``explain`` module subclasses it and its ``Game`` declaration names the
    instance (``explainer="tarot.variants.<g>.explain:EXPLAINER"``; a module with one
    explainer per variant names a ``dict`` from variant to explainer). Every method returns
    plain text (``Line``, ``CardRow``, ``str``); nothing here may decide a rule.
    """

    #: Phases in which the player gives several cards in a row, with the message of the verb
    #: for them (``verb.discard``).
    card_phases: dict[str, str] = {}
    #: The prefix of the game's message ids (``french``): a source of payment is titled by the
    #: message ``<messages>.source.<source>``.
    messages: str = ""
    #: Phases whose usual answer is ``done`` (declining): it is offered first, so that choice 1
    #: is never the risky one (a piped ``yes 1`` does not announce a chelem).
    decline_first: frozenset[str] = frozenset()
    #: The game this family plays deal after deal up to a target, if any: a class made as
    #: ``target_game(options, dealer=seat)`` with ``add_scores(scores, running)``, ``totals``,
    #: ``target``, ``dealer``, ``is_over`` and ``result()`` (Early French Tarot's game to 50).
    target_game: type | None = None
    #: The message saying what a seat's card points are in tables of many deals: its own, or its
    #: side's where sides share their tricks (French Tarot's taker camp and defence).
    card_points_message: str = "label.card_points_won"

    @property
    def card_points_label(self) -> str:
        return say(self.card_points_message)

    def source_title(self, source: str) -> str:
        """A source of payment (``Deal.SOURCES``) as the tables title it."""
        return named(f"{self.messages}.source.{source}", source)

    def source_note(self, deal: Deal, names: Sequence[str]) -> str | None:
        """A line under a finished deal's table of sources, for a payment counted in a row
        whose title does not name it."""
        return None

    def start(self, deal: Deal, names: Sequence[str]) -> list[Line]:
        """Said when a deal starts, after the dealer is named (the cut card...)."""
        return []

    def narrate(self, deal: Deal, names: Sequence[str], reveal: set[int], seat: int, phase: str,
                action: int, state: dict) -> list[Line]:
        """Said after ``seat`` took ``action`` in ``phase`` (tricks and payments are said by the
        narration). ``reveal``: the seats whose hidden decisions may be told (the listener's own);
        ``state`` is the narration's scratch space, emptied at each deal."""
        if phase != "play":
            return [Line(say("action.plain", name=names[seat], token=deal.action_token(action)))]
        return []

    def header(self, deal: Deal, view: View, chosen: Sequence[int], names: Sequence[str]) -> str | None:
        """The line above the hand at the person's turn (outside play)."""
        return say("header.phase", phase=phase_word(view.phase))

    def help(self, deal: Deal, seat: int) -> list[str]:
        """The rules that apply to the seat's decision now."""
        return []

    def card_choices(self, deal: Deal, cards: Sequence[Card]) -> list[Card]:
        """The cards among the choices, numbered in the order the table shows them."""
        return in_display_order(cards, deal.card_power)

    def action_label(self, deal: Deal, action: int) -> str:
        """A named action as offered in the choices (a token, perhaps with words)."""
        return deal.action_token(action)

    def action_name(self, deal: Deal, action: int) -> str:
        """A named action as the table names it once taken (a contract, a declaration shown),
        in words where the game has them, else its token."""
        return deal.action_token(action)

    def table_lines(self, deal: Deal, view: View, marked: CardSet,
                    names: Sequence[str]) -> list[Line | CardRow]:
        """Lines shown above the person's hand at each turn (cards on the table...)."""
        return []

    def marked_cards(self, deal: Deal, view: View) -> CardSet:
        """The cards marked ``*`` in the person's hand in the play: the legal ones."""
        return mask(a for a in view.legal_actions if a < 78)

    def mark_legend(self, deal: Deal, view: View) -> str:
        """What ``*`` means over the hand in the play (``marked_cards``)."""
        return say("legend.legal")

    def payment_reason(self, p: Payment, deal: Deal, names: Sequence[str]) -> str:
        reason = named(f"{self.messages}.reason.{p.reason}", p.reason)
        if p.detail:
            return say("payment.reason.detail", reason=reason, detail=p.detail)
        return say("payment.reason", reason=reason)

    def end_of_deal(self, deal: Deal, names: Sequence[str]) -> list[Line]:
        """The count at the end of a deal, before the table of scores by source."""
        return []

    def after_deal(self, deal: Deal, names: Sequence[str], game, before: Sequence[int]) -> list[Line]:
        """Said after a deal's scores about the ``target_game`` that has counted it (its totals
        were ``before`` it; the totals now, the game's end)."""
        return []


#: The explainer of a game that names none.
DEFAULT = Explainer()


def explainer_for(deal: Deal | type[Deal]) -> Explainer:
    """The explainer of a deal's variant, as its game's declaration names it (the defaults
    when it names none)."""
    from ..core.game import game_of

    found = game_of(deal.variant).load("explainer")
    if isinstance(found, dict):
        found = found.get(deal.variant)
    return found if found is not None else DEFAULT


def title_of(deal: Deal | type[Deal], lang: str | None = None) -> str:
    """The variant's title in ``lang``, else the language spoken (its game's
    ``<messages>.title.<variant>``); the engine's own (``Deal.title``, English) where the
    catalogue has none."""
    if lang is not None:
        with speaking(lang):
            return title_of(deal)
    message_id = f"{explainer_for(deal).messages}.title.{deal.variant}"
    return say(message_id) if known(message_id) else deal.title


# ---------------------------------------------------------------------------------------
# What any game's table says
# ---------------------------------------------------------------------------------------
def card_in(detail: str, notation) -> Card | None:
    """The card a payment's detail names, if it names one."""
    try:
        return parse_card(detail, notation)
    except ValueError:
        return None


def player_of(deal: Deal, card: Card, trick: int | None) -> tuple[int, int] | None:
    """(seat that played ``card`` in trick ``trick``, the trick's winner), if known."""
    if trick is None or trick >= len(deal.tricks):
        return None
    leader, cards, winner = deal.tricks[trick]
    if card not in cards:
        return None
    seat = deal.trick_seat(leader, cards.index(card))
    return (deal.players if seat is None else seat), winner


def describe_payment(p: Payment, deal: Deal, names: Sequence[str]) -> str:
    """``South pays 1 M to West: South's King of Swords captured by West``."""
    unit = unit_word(deal.SCORE_UNIT, short=True)
    return say("payment", payer=names[p.payer], amount=p.amount, unit=unit, payee=names[p.payee],
               reason=explainer_for(deal).payment_reason(p, deal, names))


def trick_text(deal: Deal, i: int, names: Sequence[str]) -> str:
    """``Trick 3: East 7C, West KC, South T2 → South wins`` (le Mort's card, if any, last)."""
    leader, cards, winner = deal.tricks[i]
    n = deal.notation
    played = ", ".join(say("trick.card", seat=seat_label(names, deal.trick_seat(leader, j)),
                           card=format_card(c, n)) for j, c in enumerate(cards))
    return say("trick", number=i + 1, played=played, winner=seat_label(names, winner))


def commands(deal: Deal, legal: Sequence[int]) -> str:
    """What can be typed, in the game's card notation, with the actions named now legal."""
    n = deal.notation
    named = [deal.action_token(a) for a in legal if a >= 78]
    return say("help.commands", letter=n.suit_letters[2], fool=n.fool_token,
               named=say("help.commands.named", tokens=", ".join(named)) if named else "")


def pending_cards(deal: Deal) -> tuple[int, CardSet]:
    """For a discard or show phase: how many cards the seat to play must still give in a row,
    and which cards it may choose from (probed on a copy: the deal is not touched)."""
    probe = deal.copy()
    seat, phase = deal.to_play, deal.phase
    count, eligible = 0, 0
    while probe.phase == phase and probe.to_play == seat:
        cards = [a for a in probe.legal_actions() if a < 78]
        if not cards:
            break
        eligible |= mask(cards)
        probe.push(cards[0])
        count += 1
    return count, eligible


def display_actions(deal: Deal, actions: Sequence[int]) -> list[int]:
    """The legal actions in the order the table numbers them."""
    explainer = explainer_for(deal)
    cards = explainer.card_choices(deal, [a for a in actions if a < 78])
    done = [DONE] if DONE in actions else []
    named = sorted(a for a in actions if a >= 78 and a != DONE)
    if deal.phase in explainer.decline_first:
        return done + cards + named
    return cards + named + done


def phase_help(deal: Deal, seat: int) -> list[str]:
    """What the seat may do now, and why: the game's rules for this decision, then the choices."""
    v = deal.view(seat)
    explainer = explainer_for(deal)
    out = explainer.help(deal, seat)
    legal = v.legal_actions
    verb = explainer.card_phases.get(v.phase)
    if verb and legal:
        slots, eligible = pending_cards(deal)
        cards = " ".join(format_card(c, deal.notation) for c in in_display_order(eligible, deal.card_power))
        out.append(say("help.cards", verb=say(verb), cards=plural(slots, "noun.card"), choices=cards,
                       stop=say("help.cards.stop" if DONE in legal else "help.cards.end")))
    elif legal:
        out.append(say("help.legal", tokens=" ".join(deal.action_token(a) for a in display_actions(deal, legal))))
    out.append(commands(deal, legal))
    return out


def where(deal: Deal, names: Sequence[str]) -> str:
    """Where a deal in progress stands: ``trick 4, East to play``, ``écart phase, West to move``."""
    seat = deal.to_play
    assert seat is not None  # asked while the deal is on
    if deal.phase == "play":
        return say("where.play", number=len(deal.tricks) + 1, name=names[seat])
    return say("where.phase", phase=phase_word(deal.phase), name=names[seat])


def spoken_to(reason: str, seat: Seat) -> str:
    """An engine's reason said to the seat it names by number: ``you do not hold...``, in the
    language spoken where its catalogue has the reason's pattern (``reason_said``)."""
    at = rf"\bseat {seat}"
    reason = re.sub(at + r"'s turn\b", "your turn", reason)
    reason = re.sub(at + r" does not\b", "you do not", reason)
    reason = re.sub(at + r" holds\b", "you hold", reason)
    return reason_said(re.sub(at + r"\b", "you", reason))


#: language -> the engine's reasons it says otherwise: (pattern, template) pairs. The engine
#: speaks English only (its reasons are part of its errors); a reason that matches a pattern
#: whole is said by the template, its named groups filled in, suit names and card phrases in
#: that language too. A reason no pattern matches stays as the engine says it.
REASONS: dict[str, list[tuple[re.Pattern[str], str]]] = {}


def add_reasons(patterns: Sequence[tuple[str, str]], language: str) -> None:
    """Add ``(regular expression, template)`` pairs for ``language`` (``REASONS``)."""
    REASONS.setdefault(language, []).extend((re.compile(p), t) for p, t in patterns)


def reason_said(reason: str) -> str:
    """An engine's reason in the language spoken (``REASONS``), else as the engine says it.

    >>> from tarot.explain.messages import speaking
    >>> with speaking("fr"):
    ...     reason_said("you must follow Swords"), reason_said("you do not hold the King of Hearts (KH)")
    ('vous devez fournir à la couleur demandée : Épées', "vous n'avez pas le Roi de Cœur (KH)")
    """
    for pattern, template in REASONS.get(language(), ()):
        found = pattern.fullmatch(reason)
        if found:
            return template.format(**{k: _in_words(v) for k, v in found.groupdict().items()})
    return reason


def _in_words(part: str) -> str:
    """A suit's name or a card's phrase (``card_phrase``) of an engine's reason in the language
    spoken; anything else as it is."""
    if not _PHRASES:
        for n in (ITALIAN, FRENCH):
            _PHRASES.update({card_phrase(c, n): (c, n) for c in range(78)})
            _PHRASES.update({en: (-1 - s, n) for s, en in enumerate(n.suit_names_en)})
    found = _PHRASES.get(part)
    if found is None:
        return part
    card, n = found
    return card_said(card, n) if card >= 0 else suit_word(n, -1 - card)


_PHRASES: dict[str, tuple[int, Notation]] = {}


def spoken_of(reason: str, seat: Seat, names: Sequence[str]) -> str:
    """An engine's reason with the seat it names by number named as the table names it."""
    return re.sub(rf"\bseat {seat}\b", names[seat], reason)


def card_or_action(deal: Deal, action: int) -> str:
    """A card as a phrase (``the King of Swords (KS)``), another action as its token."""
    return card_said(action, deal.notation) if action < 78 else deal.action_token(action)


_ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV",
          "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")


def card_words(card: Card, notation: Notation) -> str:
    """A card's name as a sentence says it, in the language spoken: ``King of Swords`` (the
    English templates put their article before it); in French with its own article, as
    players say it: ``le Roi d'Épées``, ``la Dame de Cœur``, ``le 7 d'atout``, ``le Petit``.

    >>> from tarot.core.cards import ITALIAN, parse_card
    >>> from tarot.explain.messages import speaking
    >>> with speaking("fr"):
    ...     card_words(parse_card("QH", FRENCH), FRENCH), card_words(7, FRENCH), card_words(1, ITALIAN)
    ('la Dame de Cœur', "le 7 d'atout", 'le Bagat (I)')
    >>> card_words(parse_card("QH", FRENCH), FRENCH)
    'Queen of Hearts'
    """
    if language() != "fr":
        return card_name(card, notation)
    if card == FOOL:
        return notation.fool_name_fr
    if card <= 21:
        if notation is FRENCH:
            return {1: "le Petit", 21: "le 21"}.get(card) or say("card.trump.french", n=card)
        return {1: "le Bagat (I)", 21: "le Monde (XXI)"}.get(card) or say("card.trump", roman=_ROMAN[card])
    name = card_name(card, notation, "fr")
    if name.startswith("Dame"):
        return "la " + name
    return ("l'" if name[0] in "AEIOU" else "le ") + name


def card_said(card: Card, notation: Notation) -> str:
    """A card as a message names it, with the token a player types for it: ``the Queen of
    Hearts (QH)`` (``card_phrase``); in French ``la Dame de Cœur (QH)``."""
    if language() != "fr":
        return card_phrase(card, notation)
    return f"{card_words(card, notation)} ({format_card(card, notation)})"


def cards_text(cards: CardSet | Sequence[Card], deal: Deal) -> str:
    """Cards in the order a hand shows them, in the deal's notation: ``T21 T4 KS 9S``."""
    return " ".join(format_card(c, deal.notation) for c in in_display_order(cards, deal.card_power))


def petit_annulment(deal: Deal, names: Sequence[str], among: str = "") -> Lines:
    """Why a deal of French Tarot annulled by ``petit_rule`` is, its holder's cards shown (§4.1):
    said by the games that have the rule (three to five players, and two)."""
    out = Lines()
    why = deal.result().info.get("annulled") if deal.is_over else None
    shown = deal.shown
    if why == "petit_sec":
        holder, _, cards = shown[0]
        out.add(say("annulled.petit_sec", name=names[holder], among=among), "announce")
        out.add(say("annulled.shows", name=names[holder], cards=cards_text(cards, deal)))
    elif why == "first_packet":
        out.add(say("annulled.first_packet", name=names[shown[0][0]]), "announce")
    return out
