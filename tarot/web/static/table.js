// The table: one WebSocket to the server (docs/web-protocol.md), which holds the deal and sends
// this seat's view only. Drawn from each `state`; events are narrated in the log as they come.
"use strict";

const TABLE = INFO.table;
const PARAMS = new URLSearchParams(location.search);
const POSITIONS = {
  2: ["bottom", "top"], 3: ["bottom", "right", "left"], 4: ["bottom", "right", "top", "left"],
  5: ["bottom", "right", "top-right", "top-left", "left"],
  6: ["bottom", "bottom-right", "top-right", "top", "top-left", "bottom-left"],
};
// The compass names the server gives (tarot.explain.words), in either language, to a place.
const COMPASS_PLACE = {
  "South": "bottom", "Sud": "bottom", "East": "right", "Est": "right", "North": "top", "Nord": "top",
  "West": "left", "Ouest": "left", "North-East": "top-right", "Nord-Est": "top-right",
  "North-West": "top-left", "Nord-Ouest": "top-left", "South-East": "bottom-right", "Sud-Est": "bottom-right",
  "South-West": "bottom-left", "Sud-Ouest": "bottom-left",
};

const game = {ws: null, welcome: null, state: null, names: [], faces: {}, retry: 0, closed: false, hint: null,
              lastTrick: null, sentId: 0};

function stored() {
  try { return JSON.parse(localStorage.getItem("tarot.seat." + TABLE) || "null"); } catch (e) { return null; }
}

// ----- connecting --------------------------------------------------------------------------
function connect(token) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = scheme + "://" + location.host + "/ws/tables/" + encodeURIComponent(TABLE) + "?" + langQuery() +
              (token ? "&token=" + encodeURIComponent(token) : "");
  game.token = token;
  setStatus(t("table.connecting"));
  const ws = new WebSocket(url);
  game.ws = ws;
  ws.onopen = () => { game.retry = 0; };
  ws.onmessage = (m) => { let msg; try { msg = JSON.parse(m.data); } catch (e) { return; } receive(msg); };
  ws.onclose = (ev) => {
    if (game.ws !== ws) return;
    if (ev.code === 4403) {  // the token is not this table's: forget it, choose again
      localStorage.removeItem("tarot.seat." + TABLE);
      chooseSeat();
      return;
    }
    if (ev.code === 4404) { showError(t("table.no_table")); return; }
    if (game.closed) return;
    setStatus(t("table.disconnected"));
    game.retry = Math.min(game.retry + 1, 6);
    setTimeout(() => connect(token), 500 * game.retry);
  };
}

function send(msg) {
  if (!game.ws || game.ws.readyState !== WebSocket.OPEN) { toast(t("table.disconnected"), "error"); return; }
  msg.id = ++game.sentId;
  game.ws.send(JSON.stringify(msg));
}

function receive(msg) {
  switch (msg.type) {
    case "welcome": game.welcome = msg; game.names = msg.names; drawFrame(); loadFaces(); break;
    case "log": clearLog(); log(msg.lines); break;
    case "state":
      game.state = msg;
      drawState();
      document.body.dataset.states = String(Number(document.body.dataset.states || 0) + 1);
      break;
    case "error":
      if (msg.code === "illegal") toast(t("table.refused", {message: msg.message}), "refusal");
      else if (msg.code === "no_table") showError(t("table.no_table"));
      else toast(t("table.error", {message: msg.message}), "error");
      break;
    case "hint": showHint(msg); break;
    case "help": showDialog(t("table.help"), msg.lines, null, "help"); break;
    case "confirm": confirmRevoke(msg); break;
    case "deal_over": log(msg.lines); showCount(msg); break;
    case "deal_started": game.lastTrick = null; log(msg.lines); break;
    case "trick": game.lastTrick = {cards: msg.cards, winner: msg.winner, index: msg.index}; log(msg.lines); break;
    case "match_over": log(msg.lines); log([{text: t("table.over"), tone: "heading"}]); break;
    case "pong": break;
    default: if (msg.lines) log(msg.lines);
  }
}

// ----- choosing a seat -----------------------------------------------------------------------
async function chooseSeat() {
  const main = document.getElementById("main");
  let table;
  try { table = await api("/api/tables/" + encodeURIComponent(TABLE)); } catch (e) { showError(e.message); return; }
  const name = el("input", {id: "sit-name", maxlength: 40, value: localStorage.getItem("tarot.name") || "",
                             placeholder: t("table.name_prompt")});
  const seats = table.seats.map(s => el("li", {class: "seat-line"},
    el("span", {}, t("lobby.seat", {n: s.seat + 1}) + " · "),
    s.kind === "bot" ? el("span", {}, t("table.bot", {bot: s.bot || s.name}))
      : s.taken ? el("span", {}, s.name || "—")
      : el("button", {type: "button", class: "primary sit", "data-seat": s.seat, onclick: () => sit(s.seat, name.value)},
           t("table.sit"))));
  main.replaceChildren(el("section", {class: "panel"},
    el("h1", {}, table.name || table.variant), el("p", {class: "muted"}, table.variant),
    el("p", {}, t("table.choose")), el("label", {}, el("span", {}, t("table.name_prompt")), name),
    el("ul", {class: "seat-list"}, seats),
    el("button", {type: "button", class: "secondary", id: "watch", onclick: () => watch()}, t("lobby.watch"))));
}

async function sit(seat, name) {
  const body = {seat};
  if (name) { body.name = name.slice(0, 40); localStorage.setItem("tarot.name", name); }
  try {
    const joined = await api("/api/tables/" + encodeURIComponent(TABLE) + "/join", {method: "POST", body: JSON.stringify(body)});
    localStorage.setItem("tarot.seat." + TABLE, JSON.stringify({seat: joined.seat, token: joined.token}));
    connect(joined.token);
  } catch (e) { toast(e.message, "error"); chooseSeat(); }
}

function watch() { history.replaceState(null, "", "?watch=1"); connect(null); }

// ----- drawing ---------------------------------------------------------------------------------
function drawFrame() {
  const w = game.welcome;
  const main = document.getElementById("main");
  const oldLog = document.getElementById("log");
  const said = oldLog ? [...oldLog.childNodes] : [];
  const invite = location.origin + "/tables/" + encodeURIComponent(TABLE);
  setChildren(main,
    el("div", {class: "table-top"},
      el("div", {id: "status", class: "status"}),
      el("div", {class: "tools"},
        w.spectator ? null : el("button", {type: "button", id: "help", onclick: () => send({type: "help"})}, t("table.help")),
        w.spectator ? null : el("button", {type: "button", id: "hint", onclick: () => send({type: "hint"})}, t("table.hint")),
        el("button", {type: "button", id: "scores-toggle", class: "secondary",
                      onclick: () => document.getElementById("side").classList.toggle("open")}, t("table.scores")),
        el("button", {type: "button", class: "secondary", onclick: () => {
          navigator.clipboard && navigator.clipboard.writeText(invite); toast(t("table.copied") + ": " + invite);
        }}, t("table.invite")))),
    w.spectator ? el("p", {class: "note", id: "watching"}, t("table.watching")) : null,
    el("div", {class: "layout"},
      el("div", {class: "play-area"},
        el("div", {id: "board", class: "board players-" + w.players}),
        el("div", {id: "prompt", class: "prompt"}),
        el("div", {id: "hand", class: "hand", "aria-label": "hand"})),
      el("aside", {id: "side", class: "side"},
        el("h3", {}, t("table.scores")), el("div", {id: "scores"}),
        el("h3", {}, t("table.log")), el("div", {id: "log", class: "log", "aria-live": "polite"}, said))));
  document.body.classList.toggle("spectator", !!w.spectator);
}

async function loadFaces() {
  const notation = game.welcome.notation;
  try {
    const faces = await api("/api/faces/" + notation + "?" + langQuery());
    game.faces = Object.fromEntries(faces.map(f => [f.id, f.title]));
  } catch (e) { game.faces = {}; }
  if (game.state) drawState();
}

function card(c, extra) {
  const img = cardImg(game.welcome.notation, c, extra);
  if (c !== null && c !== undefined && game.faces[c]) { img.alt = game.faces[c]; img.title = game.faces[c]; }
  return img;
}

function placeOf(seat) {
  const n = game.welcome.players;
  if (seat === null || seat === undefined || seat >= n) return "mort";
  const byName = COMPASS_PLACE[game.names[seat]];
  if (byName) return byName;
  const me = game.welcome.spectator ? 0 : game.welcome.seat;
  return (POSITIONS[n] || [])[(seat - me + n) % n] || "top";
}

function seatName(seat) {
  if (seat === null || seat === undefined) return "le Mort";
  const info = game.state && game.state.seats && game.state.seats.find(s => s.seat === seat);
  const compass = game.names[seat] || ("Seat " + seat);
  return info && info.name && info.kind === "person" ? compass + " (" + info.name + ")" : compass;
}

function phaseWord(phase) { const w = t("phase." + phase); return w === "phase." + phase ? phase : w; }

function setStatus(text) { const s = document.getElementById("status"); if (s) s.textContent = text; }

function drawState() {
  const st = game.state, d = st.deal, turn = st.turn;
  if (!document.getElementById("board")) return;
  const parts = [];
  if (d) {
    parts.push(d.deals ? t("table.deal.of", {number: d.number, deals: d.deals}) : t("table.deal", {number: d.number}));
    parts.push(t("table.phase", {phase: phaseWord(d.phase)}));
  }
  if (turn) parts.push(turn.mine ? t("table.your_turn") : t("table.waiting", {name: seatName(turn.seat)}));
  else if (st.status === "over") parts.push(t("table.over"));
  else parts.push(t("table.between"));
  setStatus(parts.join(" · "));
  document.body.classList.toggle("my-turn", !!(turn && turn.mine));
  drawBoard(st);
  drawPrompt(st);
  drawHand(st);
  drawScores(st);
}

function drawBoard(st) {
  const d = st.deal, board = document.getElementById("board");
  const me = game.welcome.spectator ? -1 : game.welcome.seat;
  const boxes = [];
  for (let s = 0; s < game.welcome.players; s++) {
    const info = (st.seats || []).find(x => x.seat === s) || {};
    const badges = [];
    if (d && d.dealer === s) badges.push(el("span", {class: "badge"}, t("table.dealer")));
    if (d && d.taker === s) badges.push(el("span", {class: "badge taker"}, t("table.taker")));
    if (d && d.partner === s) badges.push(el("span", {class: "badge"}, t("table.partner")));
    if (info.bot) badges.push(el("span", {class: "badge bot"}, t("table.bot", {bot: info.bot})));
    if (info.kind === "person" && !info.connected) badges.push(el("span", {class: "badge away"}, t("table.away")));
    const size = d && d.hand_sizes ? d.hand_sizes[s] : 0;
    const toPlay = st.turn && st.turn.seat === s;
    boxes.push(el("div", {class: "seat place-" + placeOf(s) + (toPlay ? " to-play" : "") + (s === me ? " me" : ""),
                          "data-seat": s},
      el("div", {class: "seat-name"}, seatName(s)), el("div", {class: "badges"}, badges),
      s === me ? null : el("div", {class: "backs", title: t("table.cards", {n: size})},
        Array.from({length: Math.min(size, 8)}, () => el("img", {class: "back", src: "/cards/back.svg", alt: ""})),
        el("span", {class: "count"}, String(size)))));
  }
  // the trick on the table, each card before the seat that played it
  const center = el("div", {class: "center"});
  const trick = d && d.trick ? d.trick.cards : [];
  const shownTrick = trick.length ? trick : (game.lastTrick && d && d.phase === "play" ? lastTrickCards(d) : []);
  const trickBox = el("div", {class: "trick" + (trick.length ? "" : " gathered"), id: "trick"},
    shownTrick.map(x => el("div", {class: "played place-" + placeOf(x.seat)}, card(x.card))));
  center.append(trickBox);
  if (d && (d.chien || []).length) center.append(cardStrip(t("table.chien"), d.chien, "chien"));
  if (d && d.cut_card !== null && d.cut_card !== undefined) center.append(cardStrip(t("table.cut"), [d.cut_card], "cut"));
  if (d && d.contract_label && d.taker !== null && d.taker !== undefined) {
    center.append(el("div", {class: "contract"}, t("table.contract", {label: d.contract_label, name: seatName(d.taker)})));
  }
  const extras = el("div", {class: "extras"});
  for (const sh of (d && d.shown) || []) {
    extras.append(cardStrip(seatName(sh.seat) + " · " + String(sh.label).replace(/_/g, " "), sh.cards, "shown"));
  }
  if (d && (d.bids || []).length && d.phase !== "play") {
    extras.append(el("div", {class: "bids"}, t("table.bids") + ": " +
      d.bids.map(b => game.names[b.seat] + " " + b.label).join(", ")));
  }
  for (const row of (d && d.table) || []) extras.append(cardStrip("", row, "table-row"));
  board.replaceChildren(...boxes, center, extras);
}

function lastTrickCards(d) {
  const last = d.tricks && d.tricks.length ? d.tricks[d.tricks.length - 1] : null;
  if (!last) return [];
  const n = game.welcome.players;
  return last.cards.map((c, i) => ({seat: i < n ? (last.leader + i) % n : null, card: c}));
}

function cardStrip(label, cards, cls) {
  return el("div", {class: "strip " + cls}, label ? el("span", {class: "strip-label"}, label) : null,
    el("div", {class: "strip-cards"}, cards.map(c => card(c))));
}

function drawPrompt(st) {
  const box = document.getElementById("prompt"), turn = st.turn;
  box.replaceChildren();
  if (!turn || !turn.mine) return;
  const hand = new Set((st.deal && st.deal.hand) || []);
  if (turn.header) box.append(el("div", {class: "header"}, turn.header));
  for (const line of turn.lines || []) box.append(lineEl(line));
  if (turn.verb && turn.slots) {
    box.append(el("div", {class: "chosen-line"}, t("table.to_give", {verb: turn.verb, n: turn.slots}) +
      (turn.chosen && turn.chosen.length ? " · " + t("table.chosen", {cards: turn.chosen.map(c => cardToken(game.welcome.notation, c)).join(" ")}) : ""),
      turn.chosen && turn.chosen.length ? el("button", {type: "button", class: "small secondary", id: "clear",
        onclick: () => send({type: "clear"})}, t("table.clear")) : null));
  }
  // cards offered that are not in the hand (a King to call, a won card to give): shown here
  const outside = turn.choices.filter(ch => ch.action < 78 && !hand.has(ch.action));
  if (outside.length) {
    box.append(el("div", {class: "strip-cards choices-cards"}, outside.map(ch =>
      el("button", {type: "button", class: "card-button", "data-action": ch.action, title: ch.label,
                    onclick: () => send({type: "act", actions: [ch.action]})}, card(ch.action)))));
  }
  const named = turn.choices.filter(ch => ch.action >= 78);
  if (named.length) {
    box.append(el("div", {class: "choices"}, named.map(ch =>
      el("button", {type: "button", class: "choice" + (game.hint === ch.action ? " hinted" : ""),
                    "data-action": ch.action, onclick: () => send({type: "act", actions: [ch.action]})}, ch.label))));
  }
}

function drawHand(st) {
  const box = document.getElementById("hand"), d = st.deal, turn = st.turn;
  box.replaceChildren();
  if (!d || !d.hand || !d.hand.length) return;
  const marked = new Set(turn && turn.mine ? turn.marked || [] : []);
  const chosen = new Set(turn && turn.mine ? turn.chosen || [] : []);
  const offered = new Set(turn && turn.mine ? turn.choices.map(c => c.action) : []);
  let group = null, suit = -1;
  for (const c of d.hand) {
    const s = suitOf(c) === 5 ? 4 : suitOf(c);  // the Fool sits with the trumps
    if (s !== suit) { group = el("div", {class: "suit-group suit-" + s}); box.append(group); suit = s; }
    const cls = ["in-hand"];
    if (marked.has(c)) cls.push("legal");
    else if (turn && turn.mine && (offered.has(c) || d.phase === "play")) cls.push("not-legal");
    if (chosen.has(c)) cls.push("chosen");
    if (game.hint === c) cls.push("hinted");
    group.append(el("button", {type: "button", class: cls.join(" "), "data-card": c,
                               onclick: () => clickCard(c)}, card(c)));
  }
  if (d.discards && d.discards.length) box.append(cardStrip("", d.discards, "discards"));
}

// A card clicked: sent as the decision; the server refuses an illegal one with the rule's reason.
function clickCard(c) {
  if (game.onCard) { game.onCard(c); return; }  // a page drawing with these functions (puzzles.js)
  const turn = game.state && game.state.turn;
  if (!turn || !turn.mine) return;
  game.hint = null;
  send({type: "act", actions: [c]});
}

function drawScores(st) {
  const box = document.getElementById("scores");
  const n = game.welcome.players;
  const head = el("tr", {}, el("th", {}, t("table.deal_col")),
    Array.from({length: n}, (_, s) => el("th", {}, game.names[s])));
  const rows = (st.sheet || []).map(r => el("tr", {class: r.annulled ? "annulled" : ""}, el("td", {}, String(r.number)),
    r.scores.map(x => el("td", {class: x < 0 ? "neg" : ""}, String(x)))));
  const total = el("tr", {class: "total"}, el("th", {}, t("table.total")),
    (st.totals || []).map(x => el("th", {class: x < 0 ? "neg" : ""}, String(x))));
  box.replaceChildren(el("table", {class: "sheet"}, el("thead", {}, head), el("tbody", {}, rows, total)));
}

function clearLog() {
  const box = document.getElementById("log");
  if (box) box.replaceChildren();
}

function log(lines) {
  const box = document.getElementById("log");
  if (!box || !lines) return;
  for (const line of lines) box.append(lineEl(line));
  while (box.childElementCount > 400) box.firstElementChild.remove();
  box.scrollTop = box.scrollHeight;
}

function showDialog(title, lines, extra, cls) {
  const old = document.getElementById("dialog");
  if (old) old.remove();
  const dlg = el("div", {id: "dialog", class: "dialog " + (cls || ""), role: "dialog", "aria-modal": "true"},
    el("div", {class: "dialog-body"}, el("h2", {}, title), el("div", {class: "dialog-lines"}, (lines || []).map(lineEl)),
      extra || null,
      el("button", {type: "button", class: "primary", id: "dialog-close", onclick: () => dlg.remove()}, t("table.next"))));
  document.body.append(dlg);
  return dlg;
}

function showCount(msg) {
  const links = msg.record ? el("p", {class: "record-links"}, t("table.record") + ": ",
    el("a", {href: "/api/records/" + encodeURIComponent(msg.record), download: "deal-" + msg.record + ".json"}, t("table.download_json")), " · ",
    el("a", {href: "/api/records/" + encodeURIComponent(msg.record) + ".txt", download: "deal-" + msg.record + ".txt"}, t("table.download_txt")), " · ",
    el("a", {href: "/records/" + encodeURIComponent(msg.record), target: "_blank"}, t("records.replay"))) : null;
  const scores = el("table", {class: "sheet"}, el("tr", {}, game.names.map(n => el("th", {}, n))),
    el("tr", {}, (msg.scores || []).map(x => el("td", {class: x < 0 ? "neg" : ""}, String(x)))));
  showDialog(t("table.count") + " · " + t("table.deal", {number: msg.number}), msg.lines, el("div", {}, scores, links),
             "count");
}

function showHint(msg) {
  game.hint = msg.action;
  toast(t("table.hint.says", {label: msg.label}) + (msg.why ? " — " + msg.why : ""), "hint");
  if (game.state) drawState();
}

function confirmRevoke(msg) {
  const dlg = showDialog(t("table.refused", {message: ""}), [{text: msg.message, tone: "warning"}],
    el("div", {class: "choices"},
      el("button", {type: "button", class: "danger", onclick: () => { dlg.remove(); send({type: "act", actions: [msg.action], revoke: true}); }},
         t("table.confirm"))));
}

function showError(message) {
  game.closed = true;
  document.getElementById("main").replaceChildren(el("p", {class: "error"}, message));
}

// A table's page (a table, a challenge's table) starts a table; another page (puzzles.js) only
// borrows the drawing above.
if (["table", "challenge"].includes(document.body.dataset.page)) {
  // Another language: the server tells this client the table again in it (a new connection,
  // the deal's story so far and the state in the new words).
  document.addEventListener("tarot-language", () => {
    if (game.welcome) { drawFrame(); loadFaces(); }
    if (game.ws && game.ws.readyState === WebSocket.OPEN) {
      const old = game.ws;
      game.ws = null;
      old.close();
      connect(game.token);
    } else if (!game.ws) chooseSeat();
  });
  const mine = stored();
  if (PARAMS.get("watch")) connect(null);
  else if (mine && mine.token) connect(mine.token);
  else chooseSeat();
}
