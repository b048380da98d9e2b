"""The words of the table session (``tarot.play``) and of the commands a person types at it
(``tricks``, ``last``, ``score``, ``undo``, ``quit``), in English and French: the help and what
the table answers. The games' own words are in their explanations."""

from __future__ import annotations

from .messages import add_messages

add_messages({
    "help.table": "At any prompt: tricks (the tricks so far), last (the last trick), score (the score "
                  "sheet), undo (take back your last card, against bots only), quit (the deal in "
                  "progress is saved; `tarot play --resume FILE` goes on with it). When one card only "
                  "may be played, Enter plays it.",
    "undo.people": "undo takes back a card against bots only: at a table with other people a card played "
                   "stays played",
    "undo.nothing": "there is nothing to take back: you have made no move yet in this deal",
    "undo.a_move": "a move",
    "undo.done": "{name} takes back {move}.",
    "undo.done.after": "{name} takes back {move}, and the {moves} moves made after it.",
    "table.not_saved": "The record could not be saved ({reason}); here it is, to keep:",
    "table.not_saved.instead": "The record could not be saved there ({reason}); it is saved to {path} instead.",
    "sheet.title": "Score sheet ({unit})",
    "sheet.deal": "Deal {number}",
    "sheet.annulled": "Deal {number} (not played out)",
    "sheet.dealer": "dealer",
    "sheet.empty": "No deal has been counted yet.",
    "tricks.none": "No trick has been played yet in this deal.",
    "quit.confirm": "Leave the deal in progress? {saved} [y/N] ",
    "quit.saved": "It is saved, and `tarot play --resume FILE` goes on with it.",
    "quit.not_saved": "It is not saved (--no-save).",
    "quit.stay": "You stay at the table.",
    "forced.prompt": "{name} (Enter plays {card})> ",
    "table.resume": "Going on with {path}: deal {number}, the moves so far.",
})

add_messages({
    "help.table": "À toute invite : tricks (les levées jouées), last (la dernière levée), score (la feuille "
                  "de marque), undo (reprendre votre dernière carte, contre des robots seulement), quit (la "
                  "donne en cours est enregistrée ; `tarot play --resume FICHIER` la reprend). Quand une "
                  "seule carte peut être jouée, Entrée la joue.",
    "undo.people": "undo ne reprend une carte que contre des robots : à une table avec d'autres personnes, "
                   "carte jouée reste jouée",
    "undo.nothing": "rien à reprendre : vous n'avez encore rien joué dans cette donne",
    "undo.a_move": "un coup",
    "undo.done": "{name} reprend {move}.",
    "undo.done.after": "{name} reprend {move}, et les {moves} coups joués après.",
    "table.not_saved": "La partie n'a pas pu être enregistrée ({reason}) ; la voici, à garder :",
    "table.not_saved.instead": "La partie n'a pas pu être enregistrée là ({reason}) ; elle l'est dans {path}.",
    "sheet.title": "Feuille de marque ({unit})",
    "sheet.deal": "Donne {number}",
    "sheet.annulled": "Donne {number} (non jouée)",
    "sheet.dealer": "donneur",
    "sheet.empty": "Aucune donne n'est encore comptée.",
    "tricks.none": "Aucune levée n'a encore été jouée dans cette donne.",
    "quit.confirm": "Quitter la donne en cours ? {saved} [o/N] ",
    "quit.saved": "Elle est enregistrée, et `tarot play --resume FICHIER` la reprend.",
    "quit.not_saved": "Elle n'est pas enregistrée (--no-save).",
    "quit.stay": "Vous restez à la table.",
    "forced.prompt": "{name} (Entrée joue {card})> ",
    "table.resume": "Reprise de {path} : donne {number}, les coups déjà joués.",
}, language="fr")
