// What every page shares: the JSON API, elements, card images, the language switch.
"use strict";

const INFO = JSON.parse(document.body.dataset.info || "{}");

async function api(path, options) {
  const opts = Object.assign({headers: {"Content-Type": "application/json"}}, options || {});
  const res = await fetch(path, opts);
  const text = await res.text();
  let body = null;
  try { body = text ? JSON.parse(text) : null; } catch (e) { body = text; }
  if (!res.ok) {
    let detail = body && body.detail !== undefined ? body.detail : text;
    if (typeof detail !== "string") detail = JSON.stringify(detail);
    throw new Error(String(detail).slice(0, 300));
  }
  return body;
}

// el("div", {class: "x", onclick: f}, child, "text", ...)
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

function cardUrl(notation, card) {
  return "/cards/" + notation + "/" + card + ".svg?lang=" + currentLang();
}

// A card's face (an <img>), or its back when card is null.
function cardImg(notation, card, extra) {
  const img = el("img", Object.assign({class: "card", draggable: "false",
    src: card === null || card === undefined ? "/cards/back.svg" : cardUrl(notation, card),
    alt: card === null || card === undefined ? "" : cardToken(notation, card)}, extra || {}));
  if (card !== null && card !== undefined) img.dataset.card = card;
  return img;
}

// Card tokens as the project writes them (tarot.core.cards): T1..T21, KS, 10C; the Fool F / EX.
const RANK_TOKENS = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K"];
function cardToken(notation, card) {
  if (card === 0) return notation === "french" ? "EX" : "F";
  if (card <= 21) return "T" + card;
  const letters = notation === "french" ? "SCHD" : "SBCD";
  return RANK_TOKENS[(card - 22) % 14 + 1] + letters[Math.floor((card - 22) / 14)];
}
function suitOf(card) { return card === 0 ? 5 : card <= 21 ? 4 : Math.floor((card - 22) / 14); }

// A text line of the table (docs/web-protocol.md: text and tone).
function lineEl(line) {
  return el("div", {class: "line" + (line.tone ? " tone-" + line.tone : "")}, line.text);
}

function toast(message, kind) {
  let box = document.getElementById("toast");
  if (!box) { box = el("div", {id: "toast", role: "status", "aria-live": "polite"}); document.body.append(box); }
  const item = el("div", {class: "toast " + (kind || "")}, message);
  box.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 8000 : 5000);
}

function langQuery() { return "lang=" + currentLang(); }

document.addEventListener("DOMContentLoaded", () => {
  const sw = document.getElementById("lang-switch");
  if (sw) sw.addEventListener("click", switchLanguage);
  translatePage();
});

// Replace a node's children, leaving out the absent ones (null, false).
function setChildren(node, ...children) {
  node.replaceChildren(...children.flat().filter(c => c !== null && c !== undefined && c !== false));
}
