// The puzzles, one by one (docs/review.md, "Puzzles"): a position from a real deal as its seat
// sees it, drawn with the table's own functions (table.js: drawBoard, drawHand); the person
// clicks a card, the server says whether it was the one and why (the answer is not sent before).
"use strict";

const SETS = INFO.sets || [];
const pz = {variant: null, number: 1, data: null, result: null, busy: false};

function scores() {
  try { return JSON.parse(sessionStorage.getItem("tarot.puzzles.score") || "{}"); } catch (e) { return {}; }
}
function scoreOf(variant) { return scores()[variant] || {right: 0, done: 0, seen: []}; }
function count(variant, number, right) {
  const all = scores(), s = all[variant] || {right: 0, done: 0, seen: []};
  if (!s.seen.includes(number)) { s.seen.push(number); s.done += 1; s.right += right ? 1 : 0; }
  all[variant] = s;
  sessionStorage.setItem("tarot.puzzles.score", JSON.stringify(all));
}

function drawPuzzles() {
  const main = document.getElementById("main");
  if (!SETS.length) { setChildren(main, el("h1", {}, t("puzzles.title")), el("p", {}, t("puzzles.none"))); return; }
  const choose = el("select", {id: "puzzle-set", onchange: (e) => openPuzzle(e.target.value, savedNumber(e.target.value))},
    SETS.map(s => el("option", {value: s.variant, selected: s.variant === pz.variant}, gameTitle(s) + " (" + s.count + ")")));
  const d = pz.data, s = scoreOf(pz.variant);
  setChildren(main,
    el("div", {class: "puzzle-top"}, el("h1", {}, t("puzzles.title")),
      el("label", {class: "check"}, el("span", {}, t("puzzles.set")), choose),
      d ? el("span", {id: "puzzle-number"}, t("puzzles.number", {n: d.number, count: d.count})) : null,
      el("span", {id: "puzzle-score", class: "score"}, t("puzzles.score", {right: s.right, done: s.done})),
      el("button", {type: "button", class: "secondary", id: "puzzle-next", onclick: next}, t("puzzles.next"))),
    d ? el("p", {class: "puzzle-ask", id: "puzzle-ask"}, t("puzzles.ask", {title: gameTitle(d), trick: d.trick, tricks: d.tricks,
                                                                         name: d.names[d.seat]})) : null,
    el("div", {class: "play-area puzzle-area"},
      el("div", {id: "board", class: "board players-" + (d ? d.players : 3)}),
      el("div", {id: "prompt", class: "prompt"}),
      el("div", {id: "hand", class: "hand", "aria-label": "hand"})),
    el("div", {id: "puzzle-result"}));
  if (d) drawPosition();
}

// The position through the table's drawing: this seat at its turn, its legal cards marked.
function drawPosition() {
  const d = pz.data, answered = pz.result !== null;
  game.welcome = {players: d.players, seat: d.seat, spectator: false, notation: d.notation};
  game.names = d.names;
  game.lastTrick = d.deal.tricks.length ? {} : null;  // the last trick shown while the seat leads
  game.hint = answered ? pz.result.answer : null;     // the answer lit once told
  game.onCard = answerWith;
  game.state = {deal: d.deal, seats: [], turn: answered ? null : {seat: d.seat, mine: true, marked: d.legal,
    choices: d.legal.map(a => ({action: a, label: d.labels[a]}))}};
  document.body.classList.toggle("my-turn", !answered);
  drawBoard(game.state);
  drawHand(game.state);
  drawResult();
}

function drawResult() {
  const box = document.getElementById("puzzle-result"), r = pz.result;
  if (!box) return;
  if (!r) { box.replaceChildren(); return; }
  setChildren(box, el("section", {class: "panel puzzle-answer " + (r.right ? "right" : "wrong"), id: "puzzle-verdict"},
    el("h2", {}, r.right ? t("puzzles.right", {card: r.card_label}) : t("puzzles.wrong", {card: r.card_label, answer: r.answer_label})),
    el("p", {class: "explanation"}, r.explanation),
    el("p", {class: "muted"}, t("puzzles.values") + " " + r.values.map(v => v.label + " " + (v.value >= 0 ? "+" : "") + v.value.toFixed(1) + " " + r.unit).join(", ")),
    el("button", {type: "button", class: "primary", id: "puzzle-continue", onclick: next}, t("puzzles.next"))));
}

async function answerWith(card) {
  if (pz.result || pz.busy || !pz.data) return;
  pz.busy = true;
  try {
    pz.result = await api("/api/puzzles/" + encodeURIComponent(pz.variant) + "/" + pz.data.number + "/answer?" + langQuery(),
                          {method: "POST", body: JSON.stringify({card})});
    count(pz.variant, pz.data.number, pz.result.right);
  } catch (e) { toast(e.message, "refusal"); }
  pz.busy = false;
  if (pz.result) drawPuzzles();
}

function savedNumber(variant) { return Number(localStorage.getItem("tarot.puzzle." + variant) || 1); }

async function openPuzzle(variant, number) {
  const set = SETS.find(s => s.variant === variant) || SETS[0];
  pz.variant = set.variant;
  pz.number = Math.max(1, Math.min(number || 1, set.count));
  pz.result = null;
  localStorage.setItem("tarot.puzzle." + pz.variant, String(pz.number));
  history.replaceState(null, "", "?variant=" + encodeURIComponent(pz.variant) + "&n=" + pz.number);
  try {
    pz.data = await api("/api/puzzles/" + encodeURIComponent(pz.variant) + "/" + pz.number + "?" + langQuery());
  } catch (e) { pz.data = null; toast(e.message, "error"); }
  drawPuzzles();
  loadPuzzleFaces();
}

function next() {
  const set = SETS.find(s => s.variant === pz.variant);
  openPuzzle(pz.variant, pz.number >= set.count ? 1 : pz.number + 1);
}

// The cards' names in the page's language, as the table's images are titled (table.js: card()).
async function loadPuzzleFaces() {
  if (!pz.data) return;
  try {
    const faces = await api("/api/faces/" + pz.data.notation + "?" + langQuery());
    game.faces = Object.fromEntries(faces.map(f => [f.id, f.title]));
    if (document.getElementById("board")) drawPosition();
  } catch (e) { game.faces = {}; }
}

document.addEventListener("tarot-language", () => { const r = pz.result; openPuzzle(pz.variant, pz.number).then(() => {
  if (r) { pz.result = null; answerWith(r.card); } }); });

(() => {
  const params = new URLSearchParams(location.search);
  const variant = params.get("variant") || (SETS[0] && SETS[0].variant);
  if (!variant) { drawPuzzles(); return; }
  openPuzzle(variant, Number(params.get("n")) || savedNumber(variant));
})();
