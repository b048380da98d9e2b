"""The table's shared sentences in French (``tarot.explain.base`` and ``messages``), as players
say them at a French table: *donne*, *levée*, *atout*, *fournir*, *couper*, *écart*, *marque*.
Each game's own French is in its ``explain_fr`` module."""

from __future__ import annotations

from .base import add_reasons
from .messages import add_messages

add_messages({
    "noun.card.one": "{n} carte", "noun.card.many": "{n} cartes",
    "noun.more_card.one": "{n} carte de plus", "noun.more_card.many": "{n} cartes de plus",
    "noun.hand.one": "{n} main", "noun.hand.many": "{n} mains",
    "noun.deal.one": "{n} donne", "noun.deal.many": "{n} donnes",
    "noun.point.one": "{n} point", "noun.point.many": "{n} points",
    "noun.board.one": "{n} donne", "noun.board.many": "{n} donnes",
    "noun.seating.one": "{n} placement", "noun.seating.many": "{n} placements",
    "list.and": "{first} et {last}", "list.or": "{first} ou {last}",
    "seat.South": "Sud", "seat.East": "Est", "seat.North": "Nord", "seat.West": "Ouest",
    "seat.North-East": "Nord-Est", "seat.North-West": "Nord-Ouest",
    "seat.South-East": "Sud-Est", "seat.South-West": "Sud-Ouest",

    "deal.dealer": "{dealer} donne.",
    "action.plain": "{name} : {token}.",
    "header.phase": "Phase : {phase}.",
    "legend.legal": "jouables",
    "payment": "{payer} paie {amount} {unit} à {payee} : {reason}",
    "payment.taken_back": "Repris : {words}",
    "payment.reason": "{reason}",
    "payment.reason.detail": "{reason} ({detail})",
    "trick": "Levée {number} : {played} → {winner} la remporte",
    "trick.card": "{seat} {card}",
    "help.commands": "Tapez une carte (KS, 10{letter}, T21, {fool}), un numéro parmi les choix{named} ; ou help, "
                     "hint (ce que ferait le robot à règles), hand, clear (oublier les cartes déjà choisies), "
                     "tricks, last, score, undo, quit.",
    "help.commands.named": ", le nom d'une action ({tokens})",
    "help.cards": "Vous devez {verb} {cards} en tout, parmi : {choices}{stop}",
    "help.cards.stop": " (ou `done` pour vous arrêter avant).",
    "help.cards.end": ".",
    "help.legal": "Jouables maintenant : {tokens}.",
    "where.play": "levée {number}, à {name} de jouer",
    "where.phase": "phase {phase}, à {name} de parler",
    "choice.none": "il n'y a pas de choix {shown} : choisissez {range}",
    "choice.already": "{card} est déjà choisi(e)",
    "choice.twice": "{card} est donné(e) deux fois",
    "choice.too_many": "vous n'avez que {more} à {verb}",
    "choice.one_move": "un coup à la fois",
    "table.saved": "Donne enregistrée dans {path}",
    "annulled.petit_sec": "{name} a le Petit sec (le Petit pour seul atout, {among}sans l'Excuse) : la donne "
                          "est annulée.",
    "annulled.shows": "{name} montre son jeu : {cards}.",
    "annulled.first_packet": "{name} a reçu le Petit dans son premier paquet (petit_rule=first_packet) : la "
                             "donne est annulée.",
    "verb.discard": "écarter",
    "verb.show": "montrer",
    "phase.ecart": "écart",
    "phase.poignee": "poignée",
    "phase.play": "jeu de la carte",
    "phase.bid": "enchères",
    "phase.discard": "écart",
    "phase.declare": "annonces",
    "phase.show": "présentation",
    "phase.call": "appel",
    "phase.chelem": "chelem",
    "phase.redeal": "redonne",
    "phase.grant": "redonne demandée",
    "phase.consolation": "carte pour le Mat",
    "unit.marques": "marques",
    "unit.points": "points",
    "unit.short.marques": "M",
    "unit.short.points": "pts",
    "label.card_points_won": "points de cartes gagnés",
    "name.other": "{name}",
    "suit.swords": "Épées", "suit.batons": "Bâtons", "suit.cups": "Coupes", "suit.coins": "Deniers",
    "suit.spades": "Pique", "suit.clubs": "Trèfle", "suit.hearts": "Cœur", "suit.diamonds": "Carreau",
    "suit.trumps": "Atouts", "suit.fool": "Mat", "suit.excuse": "Excuse",
    "card.trump": "l'atout {roman}",
    "card.trump.french": "le {n} d'atout",
}, language="fr")

# The engine's most frequent reasons for refusing a move, said to the player (``spoken_to``
# makes "seat 2" "you" first). The groups: a suit's name, a card's phrase, a token.
_CARD = r"(?P<card>(?:the|trump) .+ \(\w+\))"
add_reasons([
    (r"you must follow (?P<suit>\w+)", "vous devez fournir à la couleur demandée : {suit}"),
    (r"you must play a trump: trumps were led", "vous devez jouer atout : on a entamé atout"),
    (r"you must trump: you cannot follow (?P<suit>\w+)", "vous devez couper : vous n'avez pas de {suit}"),
    (r"you must play a trump: you cannot follow (?P<suit>\w+)",
     "vous devez jouer atout : vous n'avez pas de {suit}"),
    (r"you must play a trump higher than (?P<tok>\S+): a higher trump is due on a trump lead",
     "vous devez monter sur {tok} : sur une entame à l'atout, il faut monter"),
    (r"you must play a trump higher than (?P<tok>\S+): you must over-trump, even over a partner",
     "vous devez surcouper {tok}, même un partenaire"),
    (r"it is not your turn", "ce n'est pas à vous de jouer"),
    (r"you do not hold " + _CARD, "vous n'avez pas {card}"),
    (r"(?P<tok>\S+) is not legal now: you must play a card",
     "{tok} n'est pas permis maintenant : vous devez jouer une carte"),
    (_CARD + r" may not go into the écart: never a King or a bout",
     "{card} ne peut pas aller à l'écart : ni Roi ni bout"),
    (_CARD + r" may not go into the écart: a trump only when unavoidable",
     "{card} ne peut pas aller à l'écart : un atout seulement quand on ne peut pas faire autrement"),
    (r"(?P<tok>\S+) is not a bid: you must pass or bid",
     "{tok} n'est pas une enchère : vous devez passer ou enchérir"),
    (r"(?P<tok>\S+) does not overcall (?P<bid>\S+): each bid must be .*",
     "{tok} ne couvre pas {bid} : chaque enchère doit être plus forte que la précédente"),
], language="fr")
