"""Early French Tarot's explanations in French (the same ids as ``explain``): the Italian suits
(*Épées, Bâtons, Coupes, Deniers*), *le Mat*, the game to 50."""

from __future__ import annotations

from ...explain import add_messages

add_messages({
    "early.table.du_coeur_s6": "le Mat 5, XXI et I 4, Rois 4, Dames 3, Cavaliers 2, Valets 1",
    "early.table.nominal": "le Mat, XXI, I et les Rois 5, Dames 4, Cavaliers 3, Valets 2",
    "early.table.reduced": "le Mat, XXI, I et les Rois 4, Dames 3, Cavaliers 2, Valets 1",
    "early.source.cards": "cartes gagnées − 12",
    "early.source.scoring_cards": "cartes qui comptent",
    "early.start": "12 cartes à chaque joueur ; les {aside} autres sont mises de côté sans être vues et ne "
                   "jouent pas.",
    "early.surrendered": "{giver} n'a fait aucune levée : le Mat est abandonné à {receiver}.",
    "early.gives": "{giver} donne {card} à {receiver} pour le Mat joué à la levée {trick}.",
    "early.owed": "{owner} n'a encore rien gagné : la carte due à {receiver} pour le Mat sera donnée après sa "
                  "première levée.",
    "early.header.consolation": "Votre Mat revient dans votre tas : donnez à {receiver} une carte que vous avez "
                                "gagnée, à votre choix (sauf le Mat lui-même).",
    "early.won_cards": "Cartes que vous avez gagnées : ",
    "early.help.lead": "Vous entamez : n'importe quelle carte. Si vous entamez le Mat, la carte suivante donne la "
                       "couleur.",
    "early.help.fool_led": "Le Mat a été entamé : votre carte donne la couleur, n'importe laquelle convient.",
    "early.help.trumps_led": "On a entamé atout : vous devez jouer un atout si vous en avez (sans obligation de "
                             "monter).",
    "early.help.trumps_led.none": "On a entamé atout et vous n'en avez pas : n'importe quelle carte.",
    "early.help.follow": "On a entamé {suit} : vous devez fournir {suit}.",
    "early.help.trump": "Vous n'avez pas de {suit} : vous devez couper (n'importe quel atout).",
    "early.help.any": "Vous n'avez ni {suit} ni atout : n'importe quelle carte.",
    "early.help.fool": "Le Mat peut être joué à tout moment à la place ; il ne gagne jamais. Il revient dans votre "
                       "tas et vous donnez au gagnant de la levée une carte que vous avez gagnée (plus tard si "
                       "vous n'en avez pas encore ; si vous ne faites aucune levée, vous abandonnez le Mat).",
    "early.help.order": "Le plus fort atout gagne, sinon la plus forte carte de la couleur entamée ({order}).",
    "early.help.order.reversed": "Coupes et Deniers R D C V 1 2 … 10, Épées et Bâtons R D C V 10 … 1",
    "early.help.order.plain": "chaque couleur R D C V 10 … 1",
    "early.help.consolation": "Toute carte gagnée peut être donnée, sauf le Mat ; sa valeur part avec elle "
                              "({table}).",
    "early.help.score": "Une main marque 1 point par carte gagnée au-delà de 12 (moins 1 par carte manquante), plus "
                        "les cartes qui comptent : {table}. La partie se joue en {target}.",
    "early.count": "Chaque main marque ses cartes gagnées moins {base}, plus ses cartes qui comptent ({table}).",
    "early.count.seat": "{name} : {score:+d}",
    "early.count.card_value": "{card} {value}",
    "early.game.seat_total": "{name} {total}",
    "early.game.seat_score": "{name} {score:+d}",
    "early.count.cards": "{cards} gagnées : {won} − {base} = {diff} ; cartes qui comptent {points} ({what})",
    "early.count.none": "aucune",
    "early.game.instant": "Le but a été atteint {when} : la main compte telle qu'elle était alors ({counted}).",
    "early.game.after_trick": "après la levée {trick}",
    "early.game.at_end": "à la fin de la main",
    "early.game.totals": "Partie en {target} : {totals}.",
    "early.game.over": "La partie est finie après {hands} : {who} a gagné, {how}.",
    "early.game.how.highest": "avec le plus haut total",
    "early.game.how.split": "à égalité au plus haut total",
    "early.game.how.instant": "en atteignant le but en cours de jeu",
    "early.game.how.hand_limit": "à la limite du nombre de mains",
}, language="fr")

# the variants' titles (``explain.title_of``; ``Deal.title`` in English)
add_messages({
    "early.title.early-french": "Tarot français ancien : de 2 à 6 joueurs, 12 cartes chacun",
}, language="fr")
