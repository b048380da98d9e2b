"""The terminal table's own sentences in French (``render``, ``reports``, ``table``): what
``tarot play --lang fr`` says around the games' explanations. The commands a person types
(``help``, ``hint``, ``quit``...) stay as they are: they are the table's input, not its words."""

from __future__ import annotations

from ..explain import add_messages

add_messages({
    # render
    "table.deal": "Donne {number} sur {deals}{again}",
    "table.deal.match": "Donne {number}{again}",
    "table.dealt_again": " (redonnée)",
    "table.end_of_deal": "Fin de la donne {number}{not_played}",
    "table.not_played": " (non jouée jusqu'au bout)",
    "table.void": ", et {hands} non jouée(s)",
    "table.running": "{unit} cumulés après {deals}{void}",
    "table.title": "{title}.",
    "table.end": "Fin de la donne",
    "table.this_deal": "{unit} cette donne",
    "table.match_so_far": "partie jusqu'ici",
    "table.total": "total",
    # reports
    "replay.title": "{title}{tags}",
    "replay.tags": " ({tags})",
    "replay.tag": "{key} {value}",
    "replay.seats": "Places : {seats} ; le jeu tourne dans le sens {way}.",
    "replay.seat": "{name} = place {seat}",
    "replay.anticlockwise": "inverse des aiguilles d'une montre",
    "replay.clockwise": "des aiguilles d'une montre",
    "replay.options": "Options : {options}",
    "replay.hand": "{name}, sa main : {cards}",
    "replay.piles": "{name}, ses tas, carte du dessous d'abord (celle du dessus visible) : {piles}",
    "replay.unfinished": "La feuille s'arrête avant la fin de la donne (phase {phase}, à {name} de parler).",
    # table
    "table.intro": "{title}. Vous êtes {name} (place {seat}) ; contre {bots}.",
    "table.intro.bot": "{name} ({bot})",
    "table.intro.play": "Le jeu tourne dans le sens {way} : {order}. Tapez `help` à toute invite.",
    "table.anticlockwise": "inverse des aiguilles d'une montre",
    "table.clockwise": "des aiguilles d'une montre",
    "table.options": "Options : {options}",
    "table.leave": "Vous quittez la table.",
    "table.interrupted": "\nInterrompu : vous quittez la table.",
    "table.input_ended": "\nL'entrée est terminée : vous quittez la table.",
    "table.input_ended.script": "l'entrée s'est terminée avant la fin de la donne ({where})",
    "table.next": "Entrée pour la donne suivante (ou tapez quit) : ",
    "table.next.help": "La donne est finie : Entrée distribue la suivante ({number}{of}), `quit` quitte la "
                       "table{saved} `score` montre la feuille de marque.",
    "table.next.of": " sur {deals}",
    "table.resume_hint": "`tarot play --resume {path}` reprend cette donne.",
    "table.next.saved": ", et les donnes jouées sont enregistrées.",
    "table.next.end": ".",
    "table.prompt": "{name}> ",
    "table.error": "tarot : {message}",
    "table.illegal_input": "entrée interdite {line} ({where}) : {reason}",
    "table.refused": "Refusé : {reason}. (`help` explique ce que vous pouvez faire.)",
    "table.revoke": "{token} serait une renonce ({reason}), pénalisée comme le dit revoke_handling={rule}. "
                    "Redonnez {token} pour la jouer quand même.",
    "table.hint": "Conseil : le robot à règles, qui ne voit que ce que vous voyez, choisirait {what}{number}. Il "
                  "joue selon des règles simples (docs/bots.md) ; à vous de choisir.",
    "table.hint.choice": ", choix {number}",
    "table.hint.why": "Pourquoi : {why}.",
    "table.hint.reckoning": "Son calcul, en marques (cette levée, moins ce que vaut la carte gardée pour plus "
                            "tard) : {rows}{notes}.",
    "table.hint.note": " ; {note}",
    "table.hint.row": "{token} {value:+.1f} (remporte la levée {chance:.0%})",
    "table.where": "Levée {number}",
    "table.where.of": "Levée {number} sur {total}",
    "table.on_the_table": "{where}. Sur la table : {cards}.",
    "table.you_lead": "{where}. À vous d'entamer.",
    "table.hand": "Votre main ({cards}{sep}{legend}) :",
    "table.legend.marked": "* {legend}",
    "table.legend.chosen": "+ choisies",
    "table.choices": "Choix : ",
    "table.choice": "{number} {label}",
    "table.no_choice": "il n'y a pas de choix {shown} : choisissez {range}",
}, language="fr")
