// The finished deals, newest first: each replayed step by step, or downloaded in both forms.
"use strict";

const PAGE = 50;
let offset = 0;

function recordRow(r) {
  const id = encodeURIComponent(r.id);
  return el("tr", {},
    el("td", {}, el("a", {href: "/tables/" + encodeURIComponent(r.table)}, r.table)),
    el("td", {}, String(r.number)), el("td", {}, r.variant),
    el("td", {}, (r.scores || []).join(" ")), el("td", {class: "muted"}, (r.finished || "").replace("T", " ").slice(0, 16)),
    el("td", {}, el("a", {class: "button small", href: "/records/" + id}, t("records.replay")), " ",
      el("a", {href: "/api/records/" + id, download: "deal-" + r.id + ".json"}, "JSON"), " · ",
      el("a", {href: "/api/records/" + id + ".txt", download: "deal-" + r.id + ".txt"}, "txt")));
}

async function more() {
  const query = "limit=" + PAGE + "&offset=" + offset + (INFO.table ? "&table=" + encodeURIComponent(INFO.table) : "");
  let rows;
  try { rows = await api("/api/records?" + query); } catch (e) { toast(e.message, "error"); return; }
  offset += rows.length;
  const body = document.getElementById("records-body");
  if (!rows.length && !body.childElementCount) {
    document.getElementById("records").replaceWith(el("p", {class: "muted"}, t("records.none")));
  }
  body.append(...rows.map(recordRow));
  document.getElementById("more").hidden = rows.length < PAGE;
}

function draw() {
  offset = 0;
  const cols = ["records.table", "records.number", "records.variant", "records.scores", "records.finished"];
  document.getElementById("main").replaceChildren(el("h1", {}, t("records.title")),
    el("div", {class: "scroll"}, el("table", {id: "records", class: "records"},
      el("thead", {}, el("tr", {}, cols.map(k => el("th", {}, t(k))), el("th", {}))), el("tbody", {id: "records-body"}))),
    el("button", {type: "button", id: "more", class: "secondary", hidden: true, onclick: more}, t("records.more")));
  more();
}

document.addEventListener("tarot-language", draw);
draw();
