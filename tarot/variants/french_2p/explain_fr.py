"""French Tarot for two players: its explanations in French (the same ids as ``explain``)."""

from __future__ import annotations

from ...explain import add_messages

add_messages({
    "french_2p.noun.bout.one": "{n} bout",
    "french_2p.noun.bout.many": "{n} bouts",
    "french_2p.start": "21 cartes en main et six tas de trois à chaque joueur, la carte du dessus face visible. "
                       "{first} entame.",
    "french_2p.among": "parmi sa main et les cartes visibles de ses tas, ",
    "french_2p.piles.yours": "Vos tas (carte visible/cartes cachées dessous) : ",
    "french_2p.piles.opponent": "Tas de l'adversaire (carte visible/cartes cachées dessous) : ",
    "french_2p.help.piles": "Les cartes visibles de vos tas se jouent comme si elles étaient dans votre main ; "
                            "après chaque levée, la carte suivante d'un tas entamé est retournée.",
    "french_2p.help.duties": "Fournissez à la couleur ; sinon, coupez ; sur une entame à l'atout, montez si vous le "
                             "pouvez{bind} L'Excuse peut être jouée à tout moment : elle ne remporte pas la levée "
                             "(sauf si vous avez fait toutes les levées et l'entamez à la dernière) et vous la "
                             "gardez, en donnant une demi-carte en échange ; jouée à la dernière levée, elle va à "
                             "votre adversaire.",
    "french_2p.help.bind": " (vos cartes visibles comptent comme votre main pour ces obligations).",
    "french_2p.help.free": " : ces obligations se jugent sur votre main seule, et une carte visible peut être "
                           "jouée à tout moment.",
    "french_2p.help.count": "À la fin, le contrat de chaque joueur dépend des bouts de son tas (56, 51, 41, 36) ; "
                            "un seul atteint le sien et marque 25 plus les points au-dessus. Petit au bout : le "
                            "Petit à la dernière levée rapporte 10 de plus à qui remporte cette levée.",
    "french_2p.source.game": "la donne",
    "french_2p.source.petit_au_bout": "petit au bout",
    "french_2p.pay.game": "la donne gagnée",
    "french_2p.pay.petit_au_bout": "petit au bout",
    "french_2p.count.annulled": "Donne annulée ({why}) : pas de marque.",
    "french_2p.count.seat": "{name} : {points} points avec {bouts}, il lui faut {target}.",
    "french_2p.count.winner": "{name} gagne la donne de {margin} : marque 25 + {margin}.",
    "french_2p.count.petit": "Petit au bout : +10 pour {name}.",
}, language="fr")

# the variants' titles (``explain.title_of``; ``Deal.title`` in English)
add_messages({
    "french_2p.title.french-2p": "Tarot à deux : les mains et les piles sur la table",
}, language="fr")
