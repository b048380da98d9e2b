"""Marolles' explanations in French (the same ids as ``explain``, ``explain_count`` and
``explain_help``), in the words of the 1637 rules and of the table: *marques*, *Tarots*,
*la Belle*, *l'Ultimo*, *le Bagat*, *le Mat*, *le Mort*, *renonce*, *écart*, *Qui n'a le sien*."""

from __future__ import annotations

from ...explain import add_messages

# explain: the narration, the payments and the headers
add_messages({
    "marolles.given_back.tarot": "un Tarot",
    "marolles.given_back.belle": "la Belle",
    "marolles.given_back.ultimo": "l'Ultimo",
    "marolles.given_back.revoke": "une renonce",
    "marolles.given_back.declaration": "une annonce",
    "marolles.given_back.qui_na_le_sien": "Qui n'a le sien",
    "marolles.given_back.cut": "la carte de coupe",
    "marolles.given_back.excuse": "l'excuse du Mat",
    "marolles.given_back.card_points": "les points de cartes",
    "marolles.given_back.wrong_discard": "un écart fautif",
    "marolles.given_back.discard": "un écart",
    "marolles.given_back.fool_not_excused": "le Mat non excusé",
    "marolles.source.declarations": "annonces",
    "marolles.source.tarots": "Tarots joués",
    "marolles.source.belle": "la Belle",
    "marolles.source.ultimo": "Ultimo",
    "marolles.source.card_points": "points de cartes",
    "marolles.source.penalties": "pénalités",
    "marolles.noun.counting_card.one": "{n} carte qui compte",
    "marolles.noun.counting_card.many": "{n} cartes qui comptent",
    "marolles.noun.empty.one": "{n} carte blanche",
    "marolles.noun.empty.many": "{n} cartes blanches",
    "marolles.note.cut": "La ligne des annonces comprend la carte de coupe : {payee} a reçu {amount} M de chacun "
                         "pour {card}, un Tarot.",
    "marolles.note.forfeit": "La ligne des pénalités comprend ce qu'une déchéance a fait rendre, que les autres "
                             "lignes comptent encore comme reçu : {given}.",
    "marolles.note.forfeit.seat": "{name} {amount} M",
    "marolles.start.mort": "{cards} sont données face cachée au Mort ; une se joint à chaque levée.",
    "marolles.start.cut": "Carte de coupe : {token} ({card}), montrée à tous et donnée à {dealer}.",
    "marolles.forfeit": "{name} est déchu pour {cause} : il ne reçoit plus rien de cette donne (ni annonce, ni "
                        "Tarot, ni la Belle, ni Ultimo, ni points de cartes ne le paient){back}. Il paie toujours.",
    "marolles.forfeit.discard": "avoir écarté trop peu de cartes",
    "marolles.forfeit.revoke": "une renonce",
    "marolles.forfeit.back_all": " ; ce qu'il avait reçu dans cette donne est rendu",
    "marolles.forfeit.back_since": " ; ce qu'il avait reçu depuis la renonce est rendu",
    "marolles.forfeit.lost.tarot": "{card} qui remporte sa levée",
    "marolles.forfeit.lost.belle": "la Belle",
    "marolles.forfeit.lost.ultimo": "l'Ultimo",
    "marolles.forfeit.nothing.one": "({name} est déchu : {lost} ne lui rapporte rien.)",
    "marolles.forfeit.nothing.many": "({name} est déchu : {lost} ne lui rapportent rien.)",
    "marolles.discards": "{name} écarte {what}{stop}.",
    "marolles.discards.stop": " et s'arrête (écart incomplet)",
    "marolles.declares": "{name} annonce {title}, en montrant {cards}.",
    "marolles.declares.forfeited": "({name} est déchu : personne ne le paie pour cela.)",
    "marolles.declares.holds_one": "{name} a l'un du XXI, du I et du Mat : il ne paie rien.",
    "marolles.declares.nothing": "{name} n'annonce rien.",
    "marolles.owns_up": "{name} avoue une renonce : les cartes jouées depuis reviennent dans les mains ({cards}), "
                        "et le jeu reprend à la levée {trick}, où {name} suit maintenant les règles. Sans pénalité.",
    "marolles.redeal.ask": "{name} demande à refaire la donne.",
    "marolles.redeal.keep": "{name} garde son jeu.",
    "marolles.redeal.grants": "{name} accorde la redonne.",
    "marolles.redeal.refuses": "{name} refuse la redonne.",
    "marolles.header.discard": "{what}. L'écart va dans votre propre tas{cost}.",
    "marolles.header.discard.first": "Écartez {cards}",
    "marolles.header.discard.chosen": "Déjà choisies : {cards} ; encore {left} à écarter",
    "marolles.header.discard.cost": " ; un atout, le Mat ou un Roi coûte 2 M à chaque adversaire",
    "marolles.header.show": "Montrez {cards} pour {title}.",
    "marolles.header.show.yours": "votre annonce",
    "marolles.header.declare": "Vos annonces (facultatives ; les cartes montrées deviennent publiques).",
    "marolles.header.redeal": "Demander à refaire la donne d'un mauvais jeu (`redeal` ; {who}) ou le garder "
                              "(`done`) ?",
    "marolles.header.redeal.two": "votre adversaire doit l'accorder, et vous lui payez {cost} M",
    "marolles.header.redeal.three": "les deux autres doivent l'accorder, et vous payez {cost} M à chacun",
    "marolles.header.grant": "On demande à refaire la donne : l'accorder (`grant`) ou la refuser (`refuse`) ?",
    "marolles.legend.revokes": "suivent les règles, les autres seraient des renonces",
    "marolles.revoked": "Vous avez renoncé à la levée {trick}. `acknowledge_revoke` l'avoue : les cartes jouées "
                        "depuis reviennent et vous suivez les règles à cet endroit, sans pénalité. Une fois "
                        "ramassée la deuxième levée après elle, elle coûte 1 M à chaque adversaire et vous ne "
                        "marquez plus rien à partir de là.",
    "marolles.label.declaration": "{token} : {title}, {value} M {each}",
    "marolles.label.from_each": "de chacun",
    "marolles.label.from_each_none": "de chacun de ceux qui n'en ont aucun",
    "marolles.label.stop_short": "{token} : s'arrêter là (1 M à chacun, et déchéance)",
    "marolles.count.annulled": "La donne a été annulée : {name} a obtenu une redonne.",
    "marolles.pay.cut": "la carte de coupe, {card}, est un Tarot",
    "marolles.pay.declaration": "{payee} a annoncé {title}",
    "marolles.pay.qui_na_le_sien": "{payee} a annoncé Qui n'a le sien et {payer} n'a aucun du XXI, du I et du Mat",
    "marolles.pay.tarot.captured": "{winner} prend à {payer} {card}",
    "marolles.pay.tarot.won": "{payee} remporte sa levée avec {card}",
    "marolles.pay.excuse": "{payee} s'est excusé du Mat",
    "marolles.pay.belle": "{payee} a joué la Belle ({card})",
    "marolles.pay.ultimo.failed": "Ultimo manqué : {winner} prend à {payer} {card} à la dernière levée",
    "marolles.pay.ultimo": "Ultimo : {payee} a remporté la dernière levée avec {card}",
    "marolles.pay.card_points": "points de cartes ({payer} {payer_points}, {payee} {payee_points})",
    "marolles.pay.card_points.plain": "points de cartes",
    "marolles.pay.discard": "{payer} a écarté un atout ou un Tarot",
    "marolles.pay.wrong_discard": "{payer} a écarté trop peu de cartes",
    "marolles.pay.fool_not_excused": "{payer} a gardé le Mat jusqu'à la dernière levée (jamais excusé)",
    "marolles.pay.revoke.trick": "{payer} a renoncé à la levée {trick} ({card})",
    "marolles.pay.revoke": "{payer} a renoncé",
    "marolles.pay.forfeit": "{payer} est déchu : il rend les {amount} M que {payee} lui a payés{when} ({why})",
    "marolles.pay.forfeit.when": " à la levée {trick}",
    "marolles.pay.redeal": "{payer} a obtenu une redonne",
}, language="fr")

# the declarations' names (§1.5), as the engine's English names them (``declaration_title``)
add_messages({
    **{f"marolles.declaration.tarots_{k}": f"{k} Tarots" for k in (4, 5, 6, 7)},
    "marolles.declaration.tarots_7_belle": "les 7 Tarots et la Belle",
    "marolles.declaration.kings_2_fool": "2 Rois et le Mat",
    "marolles.declaration.kings_3": "3 Rois",
    "marolles.declaration.kings_3_fool": "3 Rois et le Mat",
    "marolles.declaration.kings_4": "4 Rois",
    "marolles.declaration.kings_4_fool": "4 Rois et le Mat",
    **{f"marolles.declaration.triomphes_{k}": f"{k} triomphes" for k in (10, 15, 20)},
    "marolles.declaration.imperial_swords": "Impériale d'Épées",
    "marolles.declaration.imperial_batons": "Impériale de Bâtons",
    "marolles.declaration.imperial_cups": "Impériale de Coupes",
    "marolles.declaration.imperial_coins": "Impériale de Deniers",
    "marolles.declaration.imperial_kings": "Impériale des quatre Rois",
    "marolles.declaration.imperial_queens": "Impériale des quatre Dames",
    "marolles.declaration.imperial_cavaliers": "Impériale des quatre Cavaliers",
    "marolles.declaration.imperial_jacks": "Impériale des quatre Valets",
    **{f"marolles.declaration.brizigole_{end}_{k}": f"Brizigole des {k} {word} atouts"
       for end, word in (("high", "plus hauts"), ("low", "plus bas")) for k in (4, 5, 6)},
    "marolles.declaration.tous_les_trois": "Tous les trois (XXI, I et le Mat)",
    "marolles.declaration.qui_na_le_sien": "Qui n'a le sien",
}, language="fr")

# explain_count: the count in packets of three, and the par
add_messages({
    "marolles.count.packets": "Chaque tas (levées gagnées et écart) se compte par paquets de trois : une carte qui "
                              "compte avec deux blanches vaut sa valeur (Tarots 5, Dames 4, Cavaliers 3, Valets "
                              "2), trois blanches valent 1.",
    "marolles.count.fool_exchange": "Pour le Mat gardé à la levée {trick}, {owner} a donné à {winner} {what} avant "
                                    "le compte (fool_exchange=give_empty_card).",
    "marolles.count.fool_exchange.empty": "une carte blanche, {card},",
    "marolles.count.fool_exchange.fool": "le Mat lui-même, faute de carte blanche,",
    "marolles.count.seat": "{name} : {points} points",
    "marolles.count.engine": "    (le moteur compte {points})",
    "marolles.count.never": " (jamais retournées)",
    "marolles.count.mort": "Le tas du Mort ({cards} : {what}) ne compte pour personne : par paquets de trois il "
                           "ferait {points}, que les points des joueurs laissent de côté.",
    "marolles.packets.cards": "{cards} : {counting}{listed} et {empties}",
    "marolles.packets.listed": " ({cards})",
    "marolles.packets.card_value": "{card} {value}",
    "marolles.packets.an_empty": "une blanche",
    "marolles.packets.all_counting": "{counting}",
    "marolles.packets.some_counting": "{k} des cartes qui comptent",
    "marolles.packets.single": "{head} = {points} avec {empties} blanches",
    "marolles.packets.share.others": "pas assez de blanches pour en donner deux aux autres cartes qui comptent : "
                                     "elles partagent des paquets (chacune au-delà de la première dans un paquet "
                                     "compte 1 de moins)",
    "marolles.packets.share.each": "pas assez de blanches pour en donner deux à chaque carte qui compte : elles "
                                   "partagent des paquets (chacune au-delà de la première dans un paquet compte 1 "
                                   "de moins)",
    "marolles.packets.packet": "paquet {cards} = {points}",
    "marolles.packets.empties": "{n} {which} = {points}",
    "marolles.packets.more_empties": "blanches de plus",
    "marolles.packets.the_empties": "blanches",
    "marolles.packets.surplus_empty": "1 carte en surplus (une blanche) : 0",
    "marolles.packets.surplus_card": "1 carte en surplus ({card}) : sa valeur moins 1 = {points}",
    "marolles.packets.surplus_two_empties": "2 blanches en surplus",
    "marolles.packets.surplus_two_cards": "2 cartes en surplus ({cards})",
    "marolles.packets.surplus_two": "{which}, comptées comme si une troisième blanche était là = {points}",
    "marolles.packets.total": "total {points}",
    "marolles.par.seat": "{name} {points} ({verdict}, {distance})",
    "marolles.par.wins": "gagne",
    "marolles.par.loses": "perd",
    "marolles.par.at": "au pair",
    "marolles.par.above": "{n} au-dessus du pair",
    "marolles.par.below": "{n} au-dessous du pair",
    "marolles.par.why": " (le tiers des 78 points du jeu)",
    "marolles.par": "Le pair est {par}{why} : {verdicts}.",
    "marolles.par.no_payment": "Pas de paiement de points de cartes : il faut au moins un gagnant et un perdant.",
    "marolles.par.one_winner": "Un gagnant : chaque perdant paie à {winner} 1 M par 5 points entiers sous le pair.",
    "marolles.par.one_winner.none": "Aucun perdant n'est 5 points entiers sous le pair",
    "marolles.par.top_winner": "Deux gagnants : {loser} paie 1 M par 5 points entiers sous le pair au gagnant qui a "
                               "le plus de points, {winner} (dm_literal_top_winner).",
    "marolles.par.tied_winners": "Deux gagnants à égalité : {loser} doit 1 M par 5 points entiers sous le pair "
                                 "({owed} M) au gagnant qui a le plus de points (dm_literal_top_winner), et {split}",
    "marolles.par.split.split_floor": "cela se partage entre eux, chacun la moitié arrondie vers le bas "
                                      "(dm_tie_split=split_floor).",
    "marolles.par.split.each_full": "chacun le reçoit en entier (dm_tie_split=each_full).",
    "marolles.par.split.none": "il n'y en a pas : personne n'est payé (dm_tie_split=none).",
    "marolles.par.loser_not_below": "{loser} n'est pas 5 points entiers sous le pair",
    "marolles.par.half_nothing": "La moitié, arrondie vers le bas, ne fait rien",
    "marolles.par.tied_nothing": "Les gagnants à égalité ne reçoivent rien",
    "marolles.par.two_winners": "Deux gagnants : {loser} paie à chacun 1 M par 5 points entiers au-dessus du "
                                "pair qu'il a.",
    "marolles.par.two_winners.none": "Aucun gagnant n'est 5 points entiers au-dessus du pair",
    "marolles.par.hence.one": "D'où le paiement dit après la dernière levée :",
    "marolles.par.hence.many": "D'où les paiements dits après la dernière levée :",
    "marolles.par.withheld": "{payer} paierait {amount} M à {payee}, mais {payee} est déchu et ne reçoit rien.",
    "marolles.par.none": "{none} : pas de paiement.",
    "marolles.par.forfeited": "({name} est déchu et ne reçoit rien.)",
}, language="fr")

# explain_help: the rules of each decision
add_messages({
    "marolles.help.lead.fool_allowed": "Vous entamez cette levée : n'importe quelle carte, le Mat compris (la "
                                       "carte suivante donne alors la couleur).",
    "marolles.help.lead.last_fool": "Vous entamez cette levée avec votre dernière carte, le Mat "
                                    "(fool_lead_allowed=false n'interdit de l'entamer que tant que vous en avez "
                                    "une autre).",
    "marolles.help.lead": "Vous entamez cette levée : n'importe quelle carte, sauf le Mat (fool_lead_allowed=false).",
    "marolles.help.fool_led": "Le Mat a été entamé : votre carte donne la couleur, n'importe laquelle convient.",
    "marolles.help.trumps_led": "On a entamé atout : vous devez jouer un atout (n'importe lequel ; sans obligation "
                                "de monter).",
    "marolles.help.trumps_led.none": "On a entamé atout et vous n'en avez pas : n'importe quelle carte.",
    "marolles.help.follow": "On a entamé {suit} et vous avez des {suit} : vous devez fournir {suit} (sans "
                            "obligation de prendre).",
    "marolles.help.trump": "On a entamé {suit} et vous n'en avez pas : vous devez couper (n'importe quel atout ; "
                           "pas d'obligation de surcouper).",
    "marolles.help.any": "Vous n'avez ni {suit} ni atout : n'importe quelle carte.",
    "marolles.help.fool.goes": "va à qui remporte la levée",
    "marolles.help.fool.stays": "reste à vous",
    "marolles.help.fool.given": " (à la fin vous donnez pour lui une carte blanche de votre tas au gagnant de cette "
                                "levée : fool_exchange=give_empty_card)",
    "marolles.help.fool.last": "Le Mat ne peut pas s'excuser à la dernière levée : gardé jusqu'au bout il coûte "
                               "{penalty} M à chaque adversaire, et joué là il {goes}{given}.",
    "marolles.help.fool.excuse": "Vous pouvez plutôt vous excuser du Mat : il ne gagne jamais, revient dans votre "
                                 "tas{given}, et rapporte 1 M de chaque adversaire.{last_chance}",
    "marolles.help.fool.last_chance": " C'est la dernière levée où il le peut : gardé jusqu'à la dernière levée il "
                                      "coûte {penalty} M à chaque adversaire.",
    "marolles.help.revoke": "Toute carte peut être jouée (revoke_handling) : celle qui enfreint la règle ci-dessus "
                            "est une renonce (les cartes marquées * la respectent), qui coûte 1 M à chaque "
                            "adversaire et tout ce que vous marqueriez ensuite{window}",
    "marolles.help.revoke.window": ", à moins de l'avouer (`acknowledge_revoke`) à l'un de vos tours avant que la "
                                   "deuxième levée après elle soit ramassée.",
    "marolles.help.revoke.end": ".",
    "marolles.help.order": "Le plus fort atout gagne, sinon la plus forte carte de la couleur entamée. Épées et "
                           "Bâtons vont R D C V 10 9 … {low} ; Coupes et Deniers (couleurs rondes) R D C V 1 2 3 … "
                           "{high}.",
    "marolles.help.mort": "La carte suivante du Mort se joint à chaque levée une fois que vous avez joué tous "
                          "deux{how} Le Mort ne paie ni ne reçoit jamais.",
    "marolles.help.mort.competes": " et dispute la levée : si c'est la meilleure carte, le Mort prend la levée et le "
                                   "même joueur entame de nouveau.",
    "marolles.help.mort.joins": " ; elle va à celui de vous deux qui remporte la levée.",
    "marolles.help.six": "6 M",
    "marolles.help.six_plus_one": "6 M et le 1 M ordinaire",
    "marolles.help.belle_not_with_7": " (pas si elle a été annoncée avec les 7 Tarots)",
    "marolles.help.payments": "Un Tarot (un Roi, le XXI, le I, le Mat) rapporte 1 M de chaque adversaire quand sa "
                              "levée est gagnée par son joueur et coûte 1 M à chacun quand il est pris ; la Belle "
                              "(AD) rapporte 1 M de chacun quel que soit le gagnant{belle} ; remporter la dernière "
                              "levée avec un Roi ou le Bagat (I), c'est l'Ultimo, {six} de chacun{fail}",
    "marolles.help.ultimo_fail": ", et une telle carte prise à la dernière levée coûte {six} à chacun.",
    "marolles.help.ultimo_fail.one": ", et une telle carte prise à la dernière levée coûte le 1 M ordinaire à "
                                     "chacun.",
    "marolles.help.discard.who": "Le donneur écarte {dd} cartes et l'autre {d}",
    "marolles.help.discard.who.others": "Le donneur écarte {dd} cartes et les autres {d}",
    "marolles.help.discard.dealer_only": "Seul le donneur écarte : {dd} cartes",
    "marolles.help.discard.both": "les deux joueurs aient",
    "marolles.help.discard.everyone": "chacun ait",
    "marolles.help.discard.mort": " (le Mort n'écarte rien : il retourne une de ses cartes à chaque levée)",
    "marolles.help.discard": "{who}, pour que {everyone} {tricks} pour les {tricks} levées{mort}. Votre écart va "
                             "dans votre tas et compte pour vous à la fin.",
    "marolles.help.discard.forbidden": "Les atouts, le Mat et les Rois ne peuvent pas être écartés "
                                       "(illegal_discard=forbidden), sauf autant qu'il le faut quand vous avez trop "
                                       "peu d'autres cartes.",
    "marolles.help.discard.cost": "Écarter un atout, le Mat ou un Roi coûte 2 M à chaque adversaire{once}.",
    "marolles.help.discard.once": " une fois, quel qu'en soit le nombre",
    "marolles.help.discard.per_card": " par carte",
    "marolles.help.discard.done": "Vous pouvez vous arrêter avant avec `done` (wrong_discard_count="
                                  "penalty_1m_and_forfeit) : cela coûte 1 M à chaque adversaire, et vous êtes déchu : "
                                  "vous ne recevez plus rien de cette donne.",
    "marolles.help.discard.how": "Donnez les cartes sur une ligne (par exemple `4B 7S`) ou une à une ; `clear` "
                                 "recommence.",
    "marolles.help.declare": "Les annonces sont facultatives ; chacune montre ses cartes à tous, et ce qui n'est pas "
                             "annoncé maintenant ne pourra jamais l'être. Dites `done` quand vous avez fini.",
    "marolles.help.belle.replaces": "5, et la Belle n'est alors plus payée quand elle est jouée",
    "marolles.help.belle.again": "5, et la Belle est encore payée quand elle est jouée",
    "marolles.help.kf3.two": "1 (2 en tout avec les quatre Tarots, annoncés aussi)",
    "marolles.help.kf3.three": "2 (et les quatre Tarots, annoncés aussi, 1 : 3 en tout)",
    "marolles.help.imperial.kings": "R D C V d'une couleur, ou les quatre Rois, Dames, Cavaliers ou Valets : les "
                                    "quatre Rois en font une en plus de leur annonce de Rois",
    "marolles.help.imperial": "R D C V d'une couleur, ou les quatre Dames, Cavaliers ou Valets",
    "marolles.help.triomphes.fool": "atouts et le Mat",
    "marolles.help.triomphes": "atouts seulement, pas le Mat",
    "marolles.help.fool_gap": " ; le Mat peut remplacer un atout manquant, et se montre avec",
    "marolles.help.values": "Valeurs, en marques de chaque adversaire : 4/5/6/7 Tarots 1/2/3/4 (les 7 Tarots avec "
                            "la Belle {belle}) ; 2 Rois + Mat 1, 3 Rois 1, 3 Rois + Mat {kf3}, 4 Rois 3, 4 Rois + "
                            "Mat 4 ; 10/15/20 triomphes ({triomphes}) 1/2/3 ; une Impériale ({imperial}) 1 chacune ; "
                            "une Brizigole (XXI-XX-XIX-XVIII ou I-II-III-IV, une de plus par atout suivant jusqu'à "
                            "6{fool_gap}) 1/2/3 ; Tous les trois (XXI, I et le Mat) 3 ; Qui n'a le sien (deux du "
                            "XXI, du I et du Mat) 1 de chaque joueur qui n'en a aucun.",
    "marolles.help.maximal": "Seul le plus haut degré de chaque annonce que vous avez peut être annoncé "
                             "(declarations_must_be_maximal).",
    "marolles.help.show": "Votre annonce laisse un choix de cartes : choisissez lesquelles montrer (elles deviennent "
                          "publiques), sur une ligne ou une à une.",
    "marolles.help.redeal": "Vous pouvez demander à refaire la donne d'un mauvais jeu (`redeal`) ou le garder "
                            "(`done`) ; elle n'a lieu que si {others}, et vous payez alors {cost} M à {whom}.",
    "marolles.help.redeal.opponent": "votre adversaire l'accorde",
    "marolles.help.redeal.others": "les deux autres l'accordent",
    "marolles.help.redeal.him": "lui",
    "marolles.help.redeal.each": "chacun",
    "marolles.help.grant.two": "Votre adversaire demande à refaire la donne : `grant` (accorder) ou `refuse` "
                               "(refuser). Si vous l'accordez, il vous paie {cost} M et le même donneur redonne.",
    "marolles.help.grant": "Un autre joueur demande à refaire la donne : `grant` (accorder) ou `refuse` (refuser). "
                           "Si les deux l'accordent, il paie {cost} M à chacun de vous et le même donneur redonne.",
}, language="fr")

# the variants' titles (``explain.title_of``; ``Deal.title`` in English)
add_messages({
    "marolles.title.marolles-1637": "Marolles 1637 : trois joueurs, 66 cartes",
    "marolles.title.marolles-78": "Marolles, le jeu de base à 78 cartes : trois joueurs",
    "marolles.title.marolles-2p": "Marolles 1637 à deux, avec le Mort",
}, language="fr")
