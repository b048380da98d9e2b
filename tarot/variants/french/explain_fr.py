"""French Tarot's explanations in French, as players say them at the table (FFT words: *prise*,
*garde*, *chien*, *écart*, *poignée*, *chelem*, *petit au bout*, *bouts*, *preneur*, *défense*,
*fournir*, *couper*, *monter*). The same ids as ``explain``'s English."""

from __future__ import annotations

from ...explain import add_messages

add_messages({
    "french.bid.pass": "Passe",
    "french.bid.prise": "Prise (×1)",
    "french.bid.garde": "Garde (×2)",
    "french.bid.garde_sans": "Garde sans le chien (×4)",
    "french.bid.garde_contre": "Garde contre le chien (×6)",
    "french.bid.short.prise": "Prise",
    "french.bid.short.garde": "Garde",
    "french.bid.short.garde_sans": "Garde sans le chien",
    "french.bid.short.garde_contre": "Garde contre le chien",
    "french.poignee.poignee_simple": "une simple poignée (20)",
    "french.poignee.poignee_double": "une double poignée (30)",
    "french.poignee.poignee_triple": "une triple poignée (40)",
    "french.noun.bout.one": "{n} bout",
    "french.noun.bout.many": "{n} bouts",
    "french.noun.other_card.one": "{n} autre carte",
    "french.noun.other_card.many": "{n} autres cartes",
    "french.noun.trump.one": "{n} atout",
    "french.noun.trump.many": "{n} atouts",
    "french.noun.more_trump.one": "{n} atout de plus",
    "french.noun.more_trump.many": "{n} atouts de plus",
    "french.count.chien_unseen": "Le chien, resté face cachée jusqu'ici : {cards}.",
    "french.count.ecart": "Écart fait par {name} : {cards}.",
    "french.count.excuse_moved": "L'Excuse, jouée par {owner} à la dernière levée, est passée dans le camp de "
                                 "{to} (excuse_last_trick={rule}).",
    "french.count.group.one": "{cards} {value}",
    "french.count.group.many": "{cards} {value} chacun = {total}",
    "french.count.others": "{cards} ½ chacune = {total}",
    "french.count.excuse_plus": "+½ pour l'Excuse",
    "french.count.excuse_minus": "−½ pour l'Excuse",
    "french.count.counted": "Compté : {parts} ; en tout {total}.",
    "french.count.side.pair": "{taker} et {partner}",
    "french.count.where.garde_sans": " avec le chien",
    "french.count.where.ecart": " avec l'écart",
    "french.count.notes": " ({notes})",
    "french.count.listed": " ({cards})",
    "french.count.note.garde_contre": "le chien allant à la défense",
    "french.count.note.excuse_kept": "plus un demi-point pour l'Excuse que la défense a gardée, sans carte à "
                                     "donner en échange",
    "french.count.note.excuse_four": "l'Excuse comptant 4, sans carte à donner en échange",
    "french.count.note.excuse_received": "en comptant une carte reçue pour l'Excuse",
    "french.count.note.excuse_given": "moins une carte donnée pour l'Excuse",
    "french.chelem.made": "chelem annoncé et réussi",
    "french.chelem.failed": "chelem annoncé et chuté",
    "french.chelem.unannounced": "chelem (non annoncé)",
    "french.chelem.defence": "chelem de la défense",
    "french.formula.base": "25 + {diff}",
    "french.formula.petit": "{sign} 10 petit au bout",
    "french.formula.multiplied": "({inner}) × {mult}",
    "french.formula.poignee": "{amount} poignée",
    "french.formula.chelem": "{amount} {chelem}",
    "french.start": "{cards} à chaque joueur, {chien} au chien. {first} parle le premier.",
    "french.passes": "{name} passe.",
    "french.bids": "{name} annonce {bid}.",
    "french.takes": "{name} prend : {bid}.",
    "french.all_passed": "Tout le monde a passé : on jette les cartes et le donneur suivant redonne.",
    "french.call": "{name} appelle {card} : qui l'a est son partenaire ({known}).",
    "french.call.unknown": "personne ne sait qui avant qu'elle soit jouée",
    "french.call.holder": "{name} l'a, ce que personne d'autre ne sait avant qu'elle soit jouée",
    "french.call.own": "c'est la sienne : {name} joue seul, ce que personne d'autre ne sait avant qu'elle soit "
                       "jouée",
    "french.ecart": "{name} fait son écart : {what}.{shown}",
    "french.ecart.trumps": " Les atouts mis à l'écart sont montrés : {cards}.",
    "french.chelem": "{name} annonce un chelem et entame.",
    "french.poignee": "{name} montre {poignee} : {cards}.",
    "french.chien.shown": "Le chien est montré : {cards} ; {name} le prend.",
    "french.chien.hidden": "Le chien reste face cachée : il compte à la fin pour {goes}.",
    "french.chien.taker": "le preneur",
    "french.chien.defence": "la défense",
    "french.partner": "{name} joue {card} à la levée {trick} : {who}",
    "french.partner.is": "{partner} est partenaire du preneur, {taker}.",
    "french.partner.alone": "{taker} joue seul.",
    "french.count.all_passed": "Tout le monde a passé : pas de marque.",
    "french.count.annulled": "Donne annulée ({why}) : pas de marque.",
    "french.count.alone": "La carte appelée, {card}, était {held} : {taker} a joué seul, un contre quatre.",
    "french.count.alone.chien": "au chien",
    "french.count.alone.own": "dans son propre jeu",
    "french.count.won": "{side} ({contract}) a remporté {cards}{where}{notes} : {bouts}{listed}, il faut donc "
                        "{target}.",
    "french.count.points": "Points de cartes {counted}{rounding} : {verdict} de {by}.",
    "french.count.rounding": " (arrondis à {points}, le demi-point allant au camp gagnant)",
    "french.count.made": "fait",
    "french.count.failed": "chuté",
    "french.count.each": "Chaque défenseur {verb} {amount} : {line}{loses}.",
    "french.count.pays": "paie",
    "french.count.receives": "reçoit",
    "french.count.taker_loses": " (le preneur perd)",
    "french.count.rounded": " = {exact}, arrondi à {amount}",
    "french.source.contract": "contrat",
    "french.source.petit_au_bout": "petit au bout",
    "french.source.poignee": "poignées",
    "french.source.chelem": "chelem",
    "french.label.card_points": "points de cartes de son camp",
    "french.reason.petit_au_bout": "petit au bout",
    "french.reason.poignee": "poignée",
    "french.reason.game": "la donne gagnée",
    "french.pay.contract": "{bid} {verdict} : {points} points avec {bouts} pour {target}",
    "french.header.bid.any": "Votre enchère : passe, ou n'importe quel contrat.",
    "french.header.bid.higher": "Votre enchère : passe, ou plus haut que {bid}.",
    "french.header.call": "Appelez une carte : qui l'a sera votre partenaire (un Roi, ou ce que les règles "
                          "permettent).",
    "french.header.ecart": "Faites votre écart : {so_far}{cards} à écarter. Ni Roi ni bout ; des atouts "
                           "seulement si vous n'avez pas assez d'autres cartes (ils sont alors montrés).",
    "french.header.so_far": "déjà choisies {cards} ; ",
    "french.header.chelem": "Annoncer un chelem (vous faites toutes les levées ; vous entamez alors) ? `done` "
                            "(non) ou `chelem`.",
    "french.header.poignee": "Déclarer une poignée avant votre première carte ? ({tokens}, ou `done`)",
    "french.header.token": "`{token}`",
    "french.header.show": "Montrez les atouts de votre poignée : {so_far}{trumps}.",
    "french.table.contract": "Contrat : {bid} par {taker}{called}.",
    "french.table.called": ", {card} appelé{partner}",
    "french.table.partner": " (partenaire : {name})",
    "french.table.alone": " (le preneur joue seul)",
    "french.table.chien": "Le chien : {cards}.",
    "french.help.bid": "Chacun parle une fois, en commençant à droite du donneur : passe, ou plus que la "
                       "dernière enchère. Prise ×1 et Garde ×2 : le chien est montré et pris, puis vous écartez "
                       "autant de cartes. Garde sans ×4 : le chien reste caché et compte pour vous. Garde contre "
                       "×6 : il compte pour la défense. Si tous passent, la donne est jetée.",
    "french.help.targets": "Le preneur doit faire 56 points de cartes sans bout, 51 avec un, 41 avec deux, 36 avec "
                           "trois (les bouts : le Petit, le 21 et l'Excuse).",
    "french.help.call": "À cinq joueurs le preneur appelle un Roi (s'il a les quatre Rois, {upto}) ; qui l'a joue "
                        "avec lui, en secret jusqu'à ce qu'il soit joué. {own}",
    "french.help.call.queen": "une Dame",
    "french.help.call.and_so_on": "une Dame, et ainsi de suite",
    "french.help.call.own": "Vous pouvez appeler une carte de votre jeu : vous jouez alors seul contre quatre.",
    "french.help.call.not_own": "Vous ne pouvez pas appeler une carte que vous avez.",
    "french.help.ecart": "L'écart compte pour vous à la fin. Il ne peut contenir ni Roi ni bout ; des atouts "
                         "seulement si vous n'avez pas assez d'autres cartes, et ils sont montrés à tous.",
    "french.help.chelem": "Un chelem, par défenseur : annoncé et réussi +400 ; annoncé et chuté −200 ; réussi "
                          "sans annonce +200. Celui qui l'annonce entame la première levée.",
    "french.help.poignee": "Une poignée {shows} {simple}, {double} ou {triple} atouts (simple 20, double 30, "
                           "triple 40) ; s'il en manque un, l'Excuse peut le remplacer, et la montrer dit que vous "
                           "n'avez pas d'autre atout. La prime va au camp qui gagne la donne, sans multiplication.",
    "french.help.poignee.exact": "montre exactement",
    "french.help.poignee.all": "montre tous vos atouts, au moins",
    "french.help.lead": "Vous entamez : n'importe quelle carte.",
    "french.help.lead.first": "Vous entamez la première levée : pas dans la couleur appelée, sauf la carte "
                              "appelée elle-même (pas {cards}).",
    "french.help.excuse_led": "L'Excuse a été entamée : votre carte donne la couleur.",
    "french.help.trumps_led": "On a entamé atout : montez sur tout atout déjà posé si vous le pouvez, sinon "
                              "n'importe quel atout ; sans atout, n'importe quelle carte.",
    "french.help.follow": "On a entamé {suit} : fournissez à la couleur (sans obligation de prendre).",
    "french.help.trump": "Vous n'avez pas de {suit} : vous devez couper, en surcoupant tout atout déjà posé "
                         "(même celui d'un partenaire) si vous le pouvez.",
    "french.help.any": "Vous n'avez ni {suit} ni atout : n'importe quelle carte (vous défaussez).",
    "french.help.excuse.chelem": "Vous avez annoncé un chelem : tant qu'aucune levée n'est perdue, vous gardez "
                                 "l'Excuse pour la dernière levée, où elle gagne si vous l'entamez.",
    "french.help.excuse": "L'Excuse peut être jouée à la place à tout moment : elle ne gagne jamais, reste dans "
                          "votre camp, et vous donnez une demi-carte en échange ; à la dernière levée elle "
                          "{last} (sauf pour finir un chelem).",
    "french.help.excuse.other_camp": "change de camp",
    "french.help.excuse.winner": "va à qui remporte la levée",
    "french.help.petit": "Petit au bout : le Petit à la dernière levée rapporte 10 × le multiplicateur au camp "
                         "qui remporte cette levée.",
    "french.annulled.petit_sec": "petit sec",
    "french.annulled.first_packet": "premier paquet",
}, language="fr")

# the variants' titles (``explain.title_of``; ``Deal.title`` in English)
add_messages({
    "french.title.fft-3p": "Tarot (règles de la FFT) : trois joueurs",
    "french.title.fft-4p": "Tarot (règles de la FFT) : quatre joueurs",
    "french.title.fft-5p": "Tarot (règles de la FFT) : cinq joueurs, un Roi appelé",
}, language="fr")
