// The client's words, in English and French (the table's own sentences come from the server,
// in the table's language). t("key", {field: value}) fills {field}; a key French lacks is said
// in English.
"use strict";

const WORDS = {
  en: {
    "lang.other": "Français", "nav.lobby": "Tables", "nav.records": "Finished deals",
    "lobby.title": "Play Tarot", "lobby.create": "New table", "lobby.variant": "Game",
    "lobby.players": "Players", "lobby.seats": "Seats", "lobby.seat": "Seat {n}", "lobby.person": "a person",
    "lobby.options": "Options", "lobby.options.show": "Rules options", "lobby.deals": "Deals",
    "lobby.deals.target": "to the game's end", "lobby.name": "Table name", "lobby.yourname": "Your name",
    "lobby.table_lang": "Language of the table", "lobby.empty_after": "An absent person's seat is played by a bot after (seconds, empty: never)",
    "lobby.go": "Create and sit down", "lobby.open": "Open tables", "lobby.running": "Tables in play",
    "lobby.none": "None at the moment.", "lobby.join": "Sit down", "lobby.watch": "Watch",
    "lobby.free": "{n} free", "lobby.deal": "deal {n}", "lobby.refresh": "Refresh", "lobby.default": "default",
    "lobby.error": "The table could not be created: {message}",
    "table.sit": "Sit here", "table.seat_free": "free seat", "table.choose": "Choose a free seat, or watch the table.",
    "table.invite": "Invite link", "table.copy": "Copy", "table.copied": "Copied",
    "table.watching": "You are watching (spectator): no hand is shown to you.",
    "table.help": "Help", "table.hint": "Hint", "table.clear": "Clear", "table.scores": "Scores",
    "table.log": "At the table", "table.your_turn": "Your turn", "table.waiting": "{name} to play",
    "table.deal": "Deal {number}", "table.deal.of": "Deal {number} of {deals}", "table.phase": "Phase: {phase}",
    "table.dealer": "dealer", "table.taker": "taker", "table.partner": "partner", "table.bot": "bot ({bot})",
    "table.away": "away", "table.cards": "{n} cards", "table.chien": "Chien", "table.cut": "Cut card",
    "table.shown": "Shown", "table.bids": "Bids", "table.contract": "Contract: {label} by {name}",
    "table.trick": "Trick", "table.last": "Last trick", "table.total": "Total", "table.deal_col": "Deal",
    "table.count": "The count", "table.next": "Close", "table.over": "The match is over.",
    "table.record": "Record", "table.download_json": "JSON", "table.download_txt": "text",
    "table.confirm": "Play it anyway", "table.cancel": "Keep it", "table.hint.says": "Hint: {label}",
    "table.chosen": "Chosen: {cards}", "table.to_give": "{verb}: {n} more", "table.connecting": "Connecting…",
    "table.disconnected": "Connection lost: reconnecting…", "table.refused": "Refused: {message}",
    "table.error": "Error: {message}", "table.no_table": "There is no such table.", "table.between": "Waiting for the next deal…",
    "table.name_prompt": "Your name at the table", "table.won": "won the trick",
    "records.title": "Finished deals", "records.none": "No finished deal yet.", "records.replay": "Replay",
    "records.table": "Table", "records.number": "Deal", "records.variant": "Game", "records.scores": "Scores",
    "records.finished": "Finished", "records.more": "More",
    "replay.title": "Replay", "replay.first": "Start", "replay.prev": "Back", "replay.next": "Forward",
    "replay.last": "End", "replay.step": "Step {n} of {total}", "replay.count": "The count",
    "replay.error": "This record cannot be replayed: {message}",
    "phase.bid": "bidding", "phase.play": "play", "phase.discard": "discard", "phase.ecart": "écart",
    "phase.declare": "declarations", "phase.show": "showing", "phase.call": "the call", "phase.chelem": "chelem",
    "phase.poignee": "poignée", "phase.redeal": "redeal", "phase.grant": "redeal asked", "phase.consolation": "the Fool's card", "phase.over": "over",
  },
  fr: {
    "lang.other": "English", "nav.lobby": "Tables", "nav.records": "Donnes jouées",
    "lobby.title": "Jouer au Tarot", "lobby.create": "Nouvelle table", "lobby.variant": "Jeu",
    "lobby.players": "Joueurs", "lobby.seats": "Places", "lobby.seat": "Place {n}", "lobby.person": "une personne",
    "lobby.options": "Options", "lobby.options.show": "Options de règles", "lobby.deals": "Donnes",
    "lobby.deals.target": "jusqu'à la fin de la partie", "lobby.name": "Nom de la table", "lobby.yourname": "Votre nom",
    "lobby.table_lang": "Langue de la table", "lobby.empty_after": "La place d'un absent est jouée par un robot après (secondes, vide : jamais)",
    "lobby.go": "Créer et s'asseoir", "lobby.open": "Tables ouvertes", "lobby.running": "Tables en jeu",
    "lobby.none": "Aucune pour l'instant.", "lobby.join": "S'asseoir", "lobby.watch": "Regarder",
    "lobby.free": "{n} libre(s)", "lobby.deal": "donne {n}", "lobby.refresh": "Actualiser", "lobby.default": "par défaut",
    "lobby.error": "La table n'a pas pu être créée : {message}",
    "table.sit": "S'asseoir ici", "table.seat_free": "place libre", "table.choose": "Choisissez une place libre, ou regardez la table.",
    "table.invite": "Lien d'invitation", "table.copy": "Copier", "table.copied": "Copié",
    "table.watching": "Vous regardez (spectateur) : aucune main ne vous est montrée.",
    "table.help": "Aide", "table.hint": "Conseil", "table.clear": "Effacer", "table.scores": "Marque",
    "table.log": "À la table", "table.your_turn": "À vous", "table.waiting": "À {name} de jouer",
    "table.deal": "Donne {number}", "table.deal.of": "Donne {number} sur {deals}", "table.phase": "Phase : {phase}",
    "table.dealer": "donneur", "table.taker": "preneur", "table.partner": "partenaire", "table.bot": "robot ({bot})",
    "table.away": "absent", "table.cards": "{n} cartes", "table.chien": "Chien", "table.cut": "Carte de coupe",
    "table.shown": "Montré", "table.bids": "Enchères", "table.contract": "Contrat : {label} par {name}",
    "table.trick": "Levée", "table.last": "Dernière levée", "table.total": "Total", "table.deal_col": "Donne",
    "table.count": "Le décompte", "table.next": "Fermer", "table.over": "La partie est finie.",
    "table.record": "Feuille de donne", "table.download_json": "JSON", "table.download_txt": "texte",
    "table.confirm": "La jouer quand même", "table.cancel": "La garder", "table.hint.says": "Conseil : {label}",
    "table.chosen": "Choisies : {cards}", "table.to_give": "{verb} : encore {n}", "table.connecting": "Connexion…",
    "table.disconnected": "Connexion perdue : reconnexion…", "table.refused": "Refusé : {message}",
    "table.error": "Erreur : {message}", "table.no_table": "Cette table n'existe pas.", "table.between": "En attente de la donne suivante…",
    "table.name_prompt": "Votre nom à la table", "table.won": "remporte la levée",
    "records.title": "Donnes jouées", "records.none": "Aucune donne terminée pour l'instant.", "records.replay": "Revoir",
    "records.table": "Table", "records.number": "Donne", "records.variant": "Jeu", "records.scores": "Scores",
    "records.finished": "Finie le", "records.more": "Plus",
    "replay.title": "Relecture", "replay.first": "Début", "replay.prev": "Reculer", "replay.next": "Avancer",
    "replay.last": "Fin", "replay.step": "Étape {n} sur {total}", "replay.count": "Le décompte",
    "replay.error": "Cette donne ne peut pas être relue : {message}",
    "phase.bid": "enchères", "phase.play": "jeu de la carte", "phase.discard": "écart", "phase.ecart": "écart",
    "phase.declare": "annonces", "phase.show": "présentation", "phase.call": "appel", "phase.chelem": "chelem",
    "phase.poignee": "poignée", "phase.redeal": "redonne", "phase.grant": "redonne demandée", "phase.consolation": "carte pour le Mat", "phase.over": "finie",
  },
};

function currentLang() {
  const stored = localStorage.getItem("tarot.lang");
  if (stored === "en" || stored === "fr") return stored;
  return document.body.dataset.lang === "fr" ? "fr" : "en";
}

function t(key, fields) {
  const lang = currentLang();
  let text = (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
  for (const [k, v] of Object.entries(fields || {})) text = text.split("{" + k + "}").join(String(v));
  return text;
}

// A game's title in the page's language (the server gives "title" and "title_fr").
function gameTitle(v) {
  return (currentLang() === "fr" && v.title_fr) || v.title || v.variant;
}

// Fill every element marked data-t="key" with its words.
function translatePage(root) {
  for (const el of (root || document).querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  document.documentElement.lang = currentLang();
  const sw = document.getElementById("lang-switch");
  if (sw) sw.textContent = t("lang.other");
}

function switchLanguage() {
  localStorage.setItem("tarot.lang", currentLang() === "fr" ? "en" : "fr");
  document.dispatchEvent(new Event("tarot-language"));
  translatePage();
}

// ----- the duplicate challenge (challenge.js) ------------------------------------------------------
Object.assign(WORDS.en, {
  "challenge.title": "Duplicate challenge",
  "challenge.about": "The same deals for everyone with the same challenge id: play them in one seat against bots, then see, board by board, how you did against a bot in your seat on the same deals, and against the others who played them.",
  "challenge.id": "Challenge id (the same id, the same deals)", "challenge.seat": "Your seat",
  "challenge.bots": "The bots (the one in your seat is your reference)", "challenge.start": "Start the challenge",
  "challenge.results": "Results so far", "challenge.error": "The challenge could not start: {message}",
  "challenge.board": "Board", "challenge.you": "You", "challenge.difference": "Difference",
  "challenge.compared": "Challenge {id}: you against {reference} in seat {seat}",
  "challenge.mean": "Mean difference per board: {mean}, 95% interval [{low}, {high}] over {n} boards.",
  "challenge.mean.one": "Difference: {mean} over one board (an interval needs two).",
  "challenge.none": "No board is over yet.", "challenge.unfinished": "{n} of the {deals} boards are over.",
  "challenge.nobody": "Nobody has finished this challenge yet.", "challenge.person": "Player",
  "challenge.interval": "95% interval", "challenge.others": "Everyone who finished challenge {id}",
});
Object.assign(WORDS.fr, {
  "challenge.title": "Défi en différé",
  "challenge.about": "Les mêmes donnes pour tous avec le même identifiant : jouez-les à une place contre des robots, puis voyez, donne par donne, ce que vous avez fait face à un robot à votre place sur les mêmes donnes, et face aux autres joueurs.",
  "challenge.id": "Identifiant du défi (même identifiant, mêmes donnes)", "challenge.seat": "Votre place",
  "challenge.bots": "Les robots (celui de votre place est votre référence)", "challenge.start": "Commencer le défi",
  "challenge.results": "Résultats", "challenge.error": "Le défi n'a pas pu commencer : {message}",
  "challenge.board": "Donne", "challenge.you": "Vous", "challenge.difference": "Écart",
  "challenge.compared": "Défi {id} : vous face à {reference} à la place {seat}",
  "challenge.mean": "Écart moyen par donne : {mean}, intervalle à 95 % [{low}, {high}] sur {n} donnes.",
  "challenge.mean.one": "Écart : {mean} sur une donne (un intervalle en demande deux).",
  "challenge.none": "Aucune donne n'est encore finie.", "challenge.unfinished": "{n} des {deals} donnes sont finies.",
  "challenge.nobody": "Personne n'a encore fini ce défi.", "challenge.person": "Joueur",
  "challenge.interval": "Intervalle à 95 %", "challenge.others": "Tous ceux qui ont fini le défi {id}",
});

// ----- review and puzzles (review.js, puzzles.js; issue 38) -----------------------------------
Object.assign(WORDS.en, {
  "nav.puzzles": "Puzzles", "nav.challenge": "Challenge",
  "review.title": "Engine review", "review.seat": "Seat", "review.go": "Review",
  "review.about": "Each decision of the seat weighed by the engine from what that seat could see (deals drawn from its view, no peeking).",
  "review.progress": "Decision {done} of {total} weighed…", "review.waiting": "Waiting for the engine…",
  "review.unit.marques": "M", "review.unit.points": "pts", "review.trick": "Trick {n}", "review.played": "played {card}",
  "review.best": "best {card} {value} {unit}", "review.loss": "loss {loss} {unit}",
  "review.grade.best": "best", "review.grade.good": "good", "review.grade.inaccuracy": "inaccuracy",
  "review.grade.mistake": "mistake", "review.grade.blunder": "blunder",
  "review.not_weighed": "not weighed (the game does not sample this phase)",
  "review.dd": "With every card visible: best {best} {unit}, played {played} {unit}.",
  "review.summary": "{name}: {n} decisions weighed, total expected loss {loss} {unit}, accuracy {accuracy}%.",
  "review.count.inaccuracy": "inaccuracies: {n}", "review.count.mistake": "mistakes: {n}", "review.count.blunder": "blunders: {n}",
  "review.thresholds": "Value of the card played (line; dots by grade) and of the best option (dashed), in {unit}; inaccuracy from {a}, mistake from {b}, blunder from {c}; {worlds} deals a decision.",
  "review.graph": "Evaluation graph", "review.none": "No decision to weigh.",
  "puzzles.title": "Puzzles", "puzzles.none": "No puzzles ship with this server.", "puzzles.set": "Game",
  "puzzles.number": "Puzzle {n} of {count}", "puzzles.score": "{right} right of {done}", "puzzles.next": "Next puzzle",
  "puzzles.ask": "{title}, trick {trick} of {tricks}. You are {name}: one card is clearly best. Click it.",
  "puzzles.right": "Right: {card}.", "puzzles.wrong": "Not {card}: the card was {answer}.",
  "puzzles.values": "Each card's mean value for you over the deals the hidden cards allow:",
});
Object.assign(WORDS.fr, {
  "nav.puzzles": "Problèmes", "nav.challenge": "Défi",
  "review.title": "Analyse du moteur", "review.seat": "Place", "review.go": "Analyser",
  "review.about": "Chaque décision de la place pesée par le moteur d'après ce que cette place pouvait voir (donnes tirées de sa vue, sans tricher).",
  "review.progress": "Décision {done} sur {total} pesée…", "review.waiting": "En attente du moteur…",
  "review.unit.marques": "M", "review.unit.points": "pts", "review.trick": "Levée {n}", "review.played": "joué {card}",
  "review.best": "meilleur {card} {value} {unit}", "review.loss": "perte {loss} {unit}",
  "review.grade.best": "meilleur", "review.grade.good": "bon", "review.grade.inaccuracy": "imprécision",
  "review.grade.mistake": "erreur", "review.grade.blunder": "gaffe",
  "review.not_weighed": "non pesée (le jeu ne tire pas de donnes à cette phase)",
  "review.dd": "Toutes cartes visibles : au mieux {best} {unit}, joué {played} {unit}.",
  "review.summary": "{name} : {n} décisions pesées, perte attendue totale {loss} {unit}, précision {accuracy} %.",
  "review.count.inaccuracy": "imprécisions : {n}", "review.count.mistake": "erreurs : {n}", "review.count.blunder": "gaffes : {n}",
  "review.thresholds": "Valeur de la carte jouée (ligne ; points selon la gravité) et de la meilleure option (tirets), en {unit} ; imprécision dès {a}, erreur dès {b}, gaffe dès {c} ; {worlds} donnes par décision.",
  "review.graph": "Courbe d'évaluation", "review.none": "Aucune décision à peser.",
  "puzzles.title": "Problèmes", "puzzles.none": "Aucun problème n'est livré avec ce serveur.", "puzzles.set": "Jeu",
  "puzzles.number": "Problème {n} sur {count}", "puzzles.score": "{right} juste(s) sur {done}", "puzzles.next": "Problème suivant",
  "puzzles.ask": "{title}, levée {trick} sur {tricks}. Vous êtes {name} : une carte est nettement la meilleure. Cliquez-la.",
  "puzzles.right": "Exact : {card}.", "puzzles.wrong": "Pas {card} : la carte était {answer}.",
  "puzzles.values": "La valeur moyenne de chaque carte pour vous sur les donnes que les cartes cachées permettent :",
});
