// The lobby: create a table (any game, its options, a bot and its level per seat), and the
// lists of open and running tables (sit at a free seat, or watch).
"use strict";

let VARIANTS = [], BOTS = {};

function seatsFor(variant, options) {
  const asked = Number(options.players);
  if (asked && variant.players.includes(asked)) return asked;
  return variant.players[0];
}

function optionInput(opt) {
  const id = "opt-" + opt.key;
  let input;
  if (opt.choices && opt.choices.length) {
    input = el("select", {id, name: opt.key}, opt.choices.map(c =>
      el("option", {value: String(c), selected: String(c) === String(opt.default)}, String(c))));
  } else if (opt.int_range) {
    input = el("input", {id, name: opt.key, type: "number", min: opt.int_range[0], max: opt.int_range[1],
                         value: opt.default});
  } else {
    input = el("input", {id, name: opt.key, type: "text", value: opt.default === null ? "" : String(opt.default)});
  }
  input.dataset.default = String(opt.default);
  input.addEventListener("change", drawSeats);
  return el("label", {class: "option", title: opt.doc || ""}, el("span", {}, opt.key), input);
}

function chosenOptions() {
  const out = {};
  for (const input of document.querySelectorAll("#options [name]")) {
    if (input.value !== input.dataset.default) out[input.name] = input.value;
  }
  return out;
}

function currentVariant() {
  const name = document.getElementById("variant").value;
  return VARIANTS.find(v => v.variant === name);
}

function drawOptions() {
  const v = currentVariant();
  const box = document.getElementById("options");
  box.replaceChildren(...v.options.filter(o => !o.table_only).map(optionInput));
  drawSeats();
}

function drawSeats() {
  const v = currentVariant();
  const n = seatsFor(v, chosenOptions());
  const box = document.getElementById("seats");
  const before = [...box.querySelectorAll("select")].map(s => s.value);
  const levels = Object.keys(BOTS);
  const fallback = levels.includes("rule") ? "rule" : levels[0];
  box.replaceChildren(...Array.from({length: n}, (_, i) => {
    const value = before[i] || (i === 0 ? "person" : fallback);
    return el("label", {class: "seat-choice"}, el("span", {}, t("lobby.seat", {n: i + 1})),
      el("select", {name: "seat" + i, "data-seat": i},
        el("option", {value: "person", selected: value === "person"}, t("lobby.person")),
        levels.map(b => el("option", {value: b, selected: value === b, title: BOTS[b]}, t("table.bot", {bot: b})))));
  }));
}

async function createTable(event) {
  event.preventDefault();
  const form = event.target;
  const seats = [...document.querySelectorAll("#seats select")].map(s => s.value);
  const untilEnd = form.querySelector("#until-end").checked;
  const after = form.querySelector("#empty-after").value;
  const body = {
    variant: currentVariant().variant, options: chosenOptions(), seats,
    deals: untilEnd ? null : Number(form.querySelector("#deals").value || 1),
    lang: form.querySelector("#table-lang").value, name: form.querySelector("#table-name").value || "",
    empty_seat_after: after === "" ? null : Number(after),
  };
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const table = await api("/api/tables", {method: "POST", body: JSON.stringify(body)});
    const mine = seats.indexOf("person");
    if (mine >= 0) await joinSeat(table.id, mine, form.querySelector("#your-name").value);
    location.href = "/tables/" + encodeURIComponent(table.id) + (mine < 0 ? "?watch=1" : "");
  } catch (e) {
    toast(t("lobby.error", {message: e.message}), "error");
  } finally {
    button.disabled = false;
  }
}

// Sit at a seat: the token the server gives is kept in this browser, for this table.
async function joinSeat(tableId, seat, name) {
  const body = {seat};
  if (name) body.name = name.slice(0, 40);
  const joined = await api("/api/tables/" + encodeURIComponent(tableId) + "/join",
                           {method: "POST", body: JSON.stringify(body)});
  localStorage.setItem("tarot.seat." + tableId, JSON.stringify({seat: joined.seat, token: joined.token}));
  if (name) localStorage.setItem("tarot.name", name);
  return joined;
}

function tableRow(table) {
  const free = table.seats.filter(s => s.kind === "person" && !s.taken).length;
  const seats = table.seats.map(s => s.kind === "bot" ? t("table.bot", {bot: s.bot || s.name}) : (s.name || "—")).join(", ");
  return el("li", {class: "table-item"},
    el("a", {href: "/tables/" + encodeURIComponent(table.id)}, table.name || table.variant),
    el("span", {class: "muted"}, " " + table.variant + " · " + seats + " · " + t("lobby.deal", {n: table.deal || 0}) +
       (free ? " · " + t("lobby.free", {n: free}) : "")),
    " ",
    free ? el("a", {class: "button", href: "/tables/" + encodeURIComponent(table.id)}, t("lobby.join")) : null,
    " ",
    el("a", {class: "button secondary", href: "/tables/" + encodeURIComponent(table.id) + "?watch=1"}, t("lobby.watch")));
}

async function drawTables() {
  for (const status of ["open", "running"]) {
    const box = document.getElementById("tables-" + status);
    try {
      const tables = await api("/api/tables?status=" + status);
      box.replaceChildren(...(tables.length ? tables.map(tableRow) : [el("li", {class: "muted"}, t("lobby.none"))]));
    } catch (e) {
      box.replaceChildren(el("li", {class: "error"}, e.message));
    }
  }
}

// The games' titles in the page's language, the game chosen kept.
function drawGameTitles() {
  for (const option of document.querySelectorAll("#variant option")) {
    const v = VARIANTS.find(x => x.variant === option.value);
    if (v) option.textContent = v.variant + " — " + gameTitle(v);
  }
}

function drawLobby() {
  const main = document.getElementById("main");
  setChildren(main,
    el("h1", {"data-t": "lobby.title"}),
    el("section", {class: "panel"},
      el("h2", {"data-t": "lobby.create"}),
      el("form", {id: "create", onsubmit: createTable},
        el("label", {}, el("span", {"data-t": "lobby.variant"}),
          el("select", {id: "variant", onchange: drawOptions},
            VARIANTS.map(v => el("option", {value: v.variant}, v.variant + " — " + gameTitle(v))))),
        el("fieldset", {}, el("legend", {"data-t": "lobby.seats"}), el("div", {id: "seats", class: "seat-grid"})),
        el("details", {}, el("summary", {"data-t": "lobby.options.show"}), el("div", {id: "options", class: "options"})),
        el("div", {class: "row"},
          el("label", {}, el("span", {"data-t": "lobby.deals"}), el("input", {id: "deals", type: "number", min: 1, max: 100, value: 1})),
          el("label", {class: "check"}, el("input", {id: "until-end", type: "checkbox"}), el("span", {"data-t": "lobby.deals.target"}))),
        el("div", {class: "row"},
          el("label", {}, el("span", {"data-t": "lobby.yourname"}),
            el("input", {id: "your-name", maxlength: 40, value: localStorage.getItem("tarot.name") || ""})),
          el("label", {}, el("span", {"data-t": "lobby.name"}), el("input", {id: "table-name", maxlength: 60}))),
        el("div", {class: "row"},
          el("label", {}, el("span", {"data-t": "lobby.table_lang"}),
            el("select", {id: "table-lang"}, el("option", {value: "en", selected: currentLang() === "en"}, "English"),
               el("option", {value: "fr", selected: currentLang() === "fr"}, "Français"))),
          el("label", {}, el("span", {"data-t": "lobby.empty_after"}),
            el("input", {id: "empty-after", type: "number", min: 5, max: 3600}))),
        el("button", {type: "submit", class: "primary", "data-t": "lobby.go"}))),
    el("section", {class: "panel"},
      el("h2", {}, el("span", {"data-t": "lobby.open"}), " ",
        el("button", {type: "button", class: "small secondary", onclick: drawTables, "data-t": "lobby.refresh"})),
      el("ul", {id: "tables-open", class: "tables"}),
      el("h2", {"data-t": "lobby.running"}), el("ul", {id: "tables-running", class: "tables"})));
  translatePage(main);
  drawOptions();
  drawTables();
}

(async () => {
  try {
    [VARIANTS, BOTS] = await Promise.all([api("/api/variants"), api("/api/bots")]);
  } catch (e) {
    document.getElementById("main").replaceChildren(el("p", {class: "error"}, e.message));
    return;
  }
  drawLobby();
  document.addEventListener("tarot-language", () => { drawGameTitles(); drawSeats(); drawTables(); });
  setInterval(drawTables, 10000);
})();
