// One finished deal replayed step by step: the record is fetched (/api/records/{id}) and worked
// out by the server (POST /api/replay): every hand, the trick on the table, what was said.
"use strict";

const replay = {data: null, step: 0};

function card(notation, c) { return cardImg(notation, c); }

function drawStep() {
  const d = replay.data, n = d.steps.length - 1, st = d.steps[replay.step];
  const hands = d.names.map((name, s) => el("div", {class: "replay-hand" + (st.seat === s ? " to-play" : "")},
    el("div", {class: "seat-name"}, name), el("div", {class: "strip-cards"}, st.hands[s].map(c => card(d.notation, c)))));
  const trick = el("div", {class: "strip-cards trick-line"},
    st.trick.map(x => el("figure", {}, card(d.notation, x.card), el("figcaption", {}, x.seat === null ? "le Mort" : d.names[x.seat]))));
  const said = [];
  for (let i = 0; i <= replay.step; i++) said.push(...d.steps[i].lines);
  const main = document.getElementById("replay-view");
  setChildren(main,
    el("h1", {}, t("replay.title") + " · " + d.variant),
    el("div", {class: "replay-controls"},
      el("button", {type: "button", id: "first", onclick: () => go(0)}, "◀◀ " + t("replay.first")),
      el("button", {type: "button", id: "prev", onclick: () => go(replay.step - 1)}, "◀ " + t("replay.prev")),
      el("span", {id: "step"}, t("replay.step", {n: replay.step, total: n})),
      el("button", {type: "button", id: "next", onclick: () => go(replay.step + 1)}, t("replay.next") + " ▶"),
      el("button", {type: "button", id: "last", onclick: () => go(n)}, t("replay.last") + " ▶▶"),
      el("a", {href: "/api/records/" + encodeURIComponent(INFO.record), download: "deal.json"}, "JSON"), " · ",
      el("a", {href: "/api/records/" + encodeURIComponent(INFO.record) + ".txt", download: "deal.txt"}, "txt")),
    el("div", {class: "replay-board"}, hands, el("div", {class: "replay-trick"}, el("h3", {}, t("table.trick")), trick)),
    el("div", {class: "log replay-log"}, said.slice(-12).map(lineEl)),
    replay.step === n && d.count.length ? el("section", {class: "panel"}, el("h2", {}, t("replay.count")), d.count.map(lineEl),
      d.scores ? el("p", {}, d.names.map((name, s) => name + " " + d.scores[s]).join(" · ")) : null) : null);
}

function go(step) {
  replay.step = Math.max(0, Math.min(step, replay.data.steps.length - 1));
  drawStep();
  document.dispatchEvent(new CustomEvent("tarot-replay-step", {detail: replay.step}));  // review.js follows
}

async function load() {
  try {
    const res = await fetch("/api/records/" + encodeURIComponent(INFO.record));
    const text = await res.text();
    if (!res.ok) throw new Error(text.slice(0, 300));
    replay.data = await api("/api/replay?" + langQuery(), {method: "POST", body: text, headers: {"Content-Type": "text/plain"}});
  } catch (e) {
    document.getElementById("main").replaceChildren(el("p", {class: "error"}, t("replay.error", {message: e.message})));
    return;
  }
  // the replay, and beside it the engine's review (review.js draws it)
  setChildren(document.getElementById("main"), el("div", {class: "replay-layout"},
    el("div", {id: "replay-view"}), el("aside", {id: "review", class: "review-side"})));
  go(0);
}

document.addEventListener("keydown", (e) => {
  if (!replay.data) return;
  if (e.key === "ArrowRight") go(replay.step + 1);
  if (e.key === "ArrowLeft") go(replay.step - 1);
});
document.addEventListener("tarot-language", load);
load();
