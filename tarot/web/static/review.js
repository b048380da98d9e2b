// The engine's review of a finished deal, beside its replay (replay.js): the seat chosen, the
// server weighs each of its decisions from its view only (POST /api/records/{id}/review, then
// GET until done; docs/review.md), and this draws the evaluation graph, the decisions and the
// summary. A decision clicked moves the replay to its step.
"use strict";

const REVIEW_WORLDS = new URLSearchParams(location.search).get("worlds");
const GRADE_SIZE = {best: 3, good: 3, inaccuracy: 5, mistake: 6.5, blunder: 8};
const rv = {seat: 0, job: null, timer: null, error: null};

// The review of a seat, its reasons in the language of the page when it was asked for.
function reviewUrl(seat, lang) {
  return "/api/records/" + encodeURIComponent(INFO.record) + "/review?seat=" + seat +
         (REVIEW_WORLDS ? "&worlds=" + encodeURIComponent(REVIEW_WORLDS) : "") + "&lang=" + lang;
}

async function askReview() {
  clearTimeout(rv.timer);
  rv.error = null;
  rv.job = {status: "queued", done: 0, total: 0, seat: rv.seat, lang: currentLang()};
  drawReview();
  try { rv.job = await api(reviewUrl(rv.seat, rv.job.lang), {method: "POST"}); } catch (e) { rv.error = e.message; rv.job = null; }
  follow();
}

// Ask again until the job is done or failed; the progress bar shows the decisions weighed.
function follow() {
  drawReview();
  const job = rv.job;
  if (!job || job.status === "done" || job.status === "failed") return;
  rv.timer = setTimeout(async () => {
    if (rv.job !== job) return;
    try { rv.job = await api(reviewUrl(job.seat, job.lang)); } catch (e) { rv.error = e.message; rv.job = null; }
    follow();
  }, 600);
}

function unitWord(unit) { return t("review.unit." + unit) === "review.unit." + unit ? unit : t("review.unit." + unit); }
function signed(x) { return (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(2); }
function whereWord(d) {
  if (d.trick) return t("review.trick", {n: d.trick});
  const word = t("phase." + d.phase);
  return word === "phase." + d.phase ? d.phase : word;
}
function stepOf(d) { return d.move + 1; }  // the replay's step n shows the deal after action n

function drawReview() {
  const box = document.getElementById("review");
  if (!box || !replay.data) return;
  const names = replay.data.names;
  const seat = el("select", {id: "review-seat", onchange: (e) => { rv.seat = Number(e.target.value); rv.job = null; drawReview(); }},
    names.map((name, s) => el("option", {value: s, selected: s === rv.seat}, name)));
  const job = rv.job, busy = job && (job.status === "queued" || job.status === "running");
  const parts = [el("h2", {}, t("review.title")),
    el("div", {class: "review-controls"}, el("label", {class: "check"}, el("span", {}, t("review.seat")), seat),
      el("button", {type: "button", id: "review-go", disabled: busy, onclick: askReview}, t("review.go"))),
    el("p", {class: "muted small"}, t("review.about"))];
  if (rv.error) parts.push(el("p", {class: "error", id: "review-error"}, rv.error));
  if (job && busy) {
    parts.push(el("div", {class: "review-progress"},
      el("progress", {id: "review-progress", max: job.total || 1, value: job.done}),
      el("span", {}, job.total ? t("review.progress", {done: job.done, total: job.total}) : t("review.waiting"))));
  }
  if (job && job.status === "failed") parts.push(el("p", {class: "error", id: "review-error"}, job.error));
  if (job && job.status === "done" && job.review) parts.push(...reviewResult(job.review, names));
  setChildren(box, parts);
  markStep();
}

function reviewResult(r, names) {
  const unit = unitWord(r.unit), s = r.summaries[0];
  const decisions = r.decisions;
  const grades = s ? ["inaccuracy", "mistake", "blunder"].map(g => t("review.count." + g, {n: s.grades[g] || 0})).join(", ") : "";
  const summary = s ? el("p", {class: "review-summary", id: "review-summary"},
    t("review.summary", {name: names[s.seat], loss: s.total_loss.toFixed(2), unit, accuracy: Math.round(100 * s.accuracy),
                         n: s.decisions}) + " " + grades) : null;
  const list = el("ol", {class: "review-list", id: "review-list"}, decisions.map(d => decisionItem(d, unit)));
  return [summary, evaluationGraph(decisions, unit),
    el("p", {class: "muted small"}, t("review.thresholds", {unit, a: r.thresholds.inaccuracy, b: r.thresholds.mistake,
                                                            c: r.thresholds.blunder, worlds: r.worlds})), list];
}

function decisionItem(d, unit) {
  const item = el("li", {class: "decision grade-" + (d.weighed ? d.grade : "none"), "data-move": d.move, tabindex: 0,
                         onclick: () => go(stepOf(d)), onkeydown: (e) => { if (e.key === "Enter") go(stepOf(d)); }});
  const head = el("div", {class: "decision-head"}, el("span", {class: "where"}, whereWord(d)),
    el("span", {class: "played"}, t("review.played", {card: d.played})));
  item.append(head);
  if (!d.weighed) { item.append(el("div", {class: "muted"}, t("review.not_weighed"))); return item; }
  const played = d.options.find(o => o.action === d.played), best = d.options[0];
  head.append(el("span", {class: "value"}, signed(played.value) + " " + unit));
  if (d.grade === "best") head.append(el("span", {class: "grade"}, t("review.grade.best")));
  else {
    head.append(el("span", {class: "best"}, t("review.best", {card: best.action, value: signed(best.value), unit})),
      el("span", {class: "loss"}, t("review.loss", {loss: d.loss.toFixed(2), unit})),
      el("span", {class: "grade"}, t("review.grade." + d.grade)));
  }
  if (d.reason) item.append(el("div", {class: "reason"}, d.reason));
  if (d.double_dummy) {
    item.append(el("div", {class: "dd"}, t("review.dd", {best: signed(d.double_dummy.best), played: signed(d.double_dummy.played), unit})));
  }
  return item;
}

// The evaluation graph: the value of the card played (a line, each decision a dot sized and
// coloured by its grade) and of the best option (dashed), decision by decision.
function evaluationGraph(decisions, unit) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = (tag, attrs, ...kids) => {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const k of kids) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  };
  const points = decisions.filter(d => d.weighed).map(d => ({d, played: d.options.find(o => o.action === d.played).value,
                                                              best: d.options[0].value}));
  const W = 560, H = 200, L = 44, R = 10, T = 12, B = 22;
  const chart = svg("svg", {viewBox: `0 0 ${W} ${H}`, class: "review-graph", id: "review-graph", role: "img",
                            "aria-label": t("review.graph")});
  if (!points.length) { chart.append(svg("text", {x: W / 2, y: H / 2, "text-anchor": "middle"}, t("review.none"))); return chart; }
  const values = points.flatMap(p => [p.played, p.best]).concat([0]);
  let lo = Math.min(...values), hi = Math.max(...values);
  if (hi - lo < 1e-6) { lo -= 1; hi += 1; }
  const x = i => L + (points.length === 1 ? (W - L - R) / 2 : i * (W - L - R) / (points.length - 1));
  const y = v => T + (hi - v) * (H - T - B) / (hi - lo);
  const path = key => points.map((p, i) => (i ? "L" : "M") + x(i).toFixed(1) + " " + y(p[key]).toFixed(1)).join(" ");
  chart.append(
    svg("line", {x1: L, x2: W - R, y1: y(0), y2: y(0), class: "axis"}),
    svg("text", {x: L - 4, y: y(0) + 4, "text-anchor": "end", class: "tick"}, "0 " + unit));
  for (const v of [hi, lo]) {  // the ends of the scale, where they do not sit on the zero line
    if (Math.abs(y(v) - y(0)) > 12) chart.append(svg("text", {x: L - 4, y: y(v) + 4, "text-anchor": "end", class: "tick"}, (v >= 0 ? "+" : "−") + Math.abs(v).toFixed(1)));
  }
  chart.append(
    svg("line", {id: "review-now", x1: -10, x2: -10, y1: T, y2: H - B, class: "now"}),
    svg("path", {d: path("best"), class: "best-line"}),
    svg("path", {d: path("played"), class: "played-line"}));
  points.forEach((p, i) => {
    const dot = svg("circle", {cx: x(i), cy: y(p.played), r: GRADE_SIZE[p.d.grade] || 3, class: "dot grade-" + p.d.grade,
                               "data-move": p.d.move, tabindex: 0},
      svg("title", {}, whereWord(p.d) + " · " + p.d.played + " " + signed(p.played) + " · " + t("review.grade." + p.d.grade)));
    dot.addEventListener("click", () => go(stepOf(p.d)));
    chart.append(dot);
    if (i % Math.ceil(points.length / 12) === 0) {
      chart.append(svg("text", {x: x(i), y: H - 6, "text-anchor": "middle", class: "tick"}, p.d.trick || "·"));
    }
  });
  chart.dataset.x = JSON.stringify(points.map((p, i) => [p.d.move, x(i)]));
  return chart;
}

// The decision shown by the replay's step, marked in the list and on the graph.
function markStep() {
  if (typeof replay === "undefined" || !replay.data) return;
  const move = replay.step - 1;
  for (const item of document.querySelectorAll("#review-list .decision")) {
    item.classList.toggle("current", Number(item.dataset.move) === move);
  }
  const graph = document.getElementById("review-graph"), now = document.getElementById("review-now");
  if (graph && now && graph.dataset.x) {
    const at = JSON.parse(graph.dataset.x).find(([m]) => m === move);
    now.setAttribute("x1", at ? at[1] : -10);
    now.setAttribute("x2", at ? at[1] : -10);
  }
}

document.addEventListener("tarot-replay-step", () => {
  const box = document.getElementById("review");
  if (box && !box.childElementCount) drawReview();
  else markStep();
});
document.addEventListener("tarot-language", () => setTimeout(drawReview, 0));
