// A duplicate challenge (docs/review.md): choose one and start it (the form), then play its deals
// at the table (table.js, loaded here: the same table, the same messages), then the comparison
// board by board with the bot in your seat and with the others who played it, as the server
// counted it from its own stored deals.
"use strict";

(() => {
  const TABLE_ID = INFO.table;
  let variants = [], bots = {}, idEdited = false, shown = false;

  // ----- the form -----------------------------------------------------------------------------
  function currentVariant() {
    const name = document.getElementById("ch-variant").value;
    return variants.find(v => v.variant === name) || variants[0];
  }

  function drawSeats() {
    const v = currentVariant();
    const box = document.getElementById("ch-seat");
    const before = Number(box.value || 0);
    box.replaceChildren(...Array.from({length: v.players[0]}, (_, i) =>
      el("option", {value: i, selected: i === before}, t("lobby.seat", {n: i + 1}))));
    if (!idEdited) document.getElementById("ch-id").value = (INFO.today || {})[v.variant] || "";
  }

  function field(label, input) { return el("label", {class: "option"}, el("span", {}, label), input); }

  async function drawForm() {
    const main = document.getElementById("main");
    try {
      [variants, bots] = await Promise.all([api("/api/variants"), api("/api/bots")]);
    } catch (e) { main.replaceChildren(el("p", {class: "error"}, e.message)); return; }
    const levels = Object.keys(bots);
    const variant = el("select", {id: "ch-variant", onchange: drawSeats},
      variants.map(v => el("option", {value: v.variant, selected: v.variant === "marolles-1637"}, gameTitle(v))));
    const id = el("input", {id: "ch-id", maxlength: 60, oninput: () => { idEdited = true; }});
    const deals = el("input", {id: "ch-deals", type: "number", min: 1, max: 64, value: 16});
    const bot = el("select", {id: "ch-bots"}, levels.map(b => el("option", {value: b, selected: b === "rule"}, b)));
    const name = el("input", {id: "ch-name", maxlength: 40, value: localStorage.getItem("tarot.name") || ""});
    const form = el("form", {id: "challenge-form", class: "panel", onsubmit: (ev) => { ev.preventDefault(); start(); }},
      el("h1", {}, t("challenge.title")), el("p", {class: "muted"}, t("challenge.about")),
      field(t("lobby.variant"), variant), field(t("challenge.id"), id), field(t("lobby.deals"), deals),
      field(t("challenge.seat"), el("select", {id: "ch-seat"})), field(t("challenge.bots"), bot),
      field(t("lobby.yourname"), name),
      el("div", {class: "choices"},
        el("button", {type: "submit", class: "primary", id: "ch-start"}, t("challenge.start")),
        el("button", {type: "button", class: "secondary", id: "ch-results", onclick: results}, t("challenge.results"))));
    main.replaceChildren(form, el("section", {id: "challenge-standings"}));
    drawSeats();
  }

  function chosen() {
    return {variant: document.getElementById("ch-variant").value, id: document.getElementById("ch-id").value.trim() || null,
            deals: Number(document.getElementById("ch-deals").value), seat: Number(document.getElementById("ch-seat").value),
            bots: [document.getElementById("ch-bots").value]};
  }

  async function start() {
    const body = Object.assign(chosen(), {name: document.getElementById("ch-name").value.slice(0, 40), lang: currentLang()});
    if (body.name) localStorage.setItem("tarot.name", body.name);
    try {
      const started = await api("/api/challenges", {method: "POST", body: JSON.stringify(body)});
      localStorage.setItem("tarot.seat." + started.table, JSON.stringify({seat: started.seat, token: started.token}));
      location.href = started.page + "?" + langQuery();
    } catch (e) { toast(t("challenge.error", {message: e.message}), "error"); }
  }

  async function results() {
    const c = chosen(), q = new URLSearchParams({variant: c.variant, deals: c.deals, seat: c.seat, bots: c.bots[0]});
    if (c.id) q.set("id", c.id);
    const box = document.getElementById("challenge-standings");
    try { drawStandings(box, await api("/api/challenges?" + q), null); }
    catch (e) { box.replaceChildren(el("p", {class: "error"}, e.message)); }
  }

  // ----- the comparison -----------------------------------------------------------------------
  function signed(x) { return (x > 0 ? "+" : "") + (Number.isInteger(x) ? String(x) : x.toFixed(2)); }

  function mean(r) {
    if (!r.n) return t("challenge.none");
    if (r.n < 2) return t("challenge.mean.one", {mean: signed(r.mean_difference)});
    return t("challenge.mean", {mean: signed(r.mean_difference), low: signed(r.ci95[0]), high: signed(r.ci95[1]), n: r.n});
  }

  function drawPlay(box, data) {
    const play = data.play, c = data.challenge;
    const head = el("tr", {}, el("th", {}, t("challenge.board")), el("th", {}, t("challenge.you")),
      el("th", {}, data.reference), el("th", {}, t("challenge.difference")));
    const rows = play.rows.map(r => el("tr", {class: r.difference > 0 ? "better" : r.difference < 0 ? "worse" : ""},
      el("td", {}, String(r.board)), el("td", {}, signed(r.person)), el("td", {}, signed(r.bots)),
      el("td", {class: "difference"}, signed(r.difference))));
    const total = el("tr", {class: "total"}, el("th", {}, t("table.total")), el("th", {}, signed(play.total)),
      el("th", {}, signed(play.bots_total)), el("th", {}, signed(play.total - play.bots_total)));
    setChildren(box,
      el("h2", {}, t("challenge.compared", {id: c.id, reference: data.reference, seat: c.seat + 1})),
      el("table", {class: "sheet comparison", id: "comparison"}, el("thead", {}, head), el("tbody", {}, rows, total)),
      el("p", {class: "mean", id: "challenge-mean"}, mean(play)),
      play.finished ? null : el("p", {class: "muted"}, t("challenge.unfinished", {n: play.n, deals: c.deals})),
      el("div", {id: "challenge-standings"}));
    drawStandings(box.querySelector("#challenge-standings"), data, play.table);
  }

  function drawStandings(box, data, mine) {
    const people = data.results || [];
    if (!people.length) { setChildren(box, el("p", {class: "muted"}, t("challenge.nobody"))); return; }
    const head = el("tr", {}, el("th", {}, t("challenge.person")), el("th", {}, t("table.total")),
      el("th", {}, t("challenge.difference")), el("th", {}, t("challenge.interval")));
    const rows = people.map(r => el("tr", {class: r.table === mine ? "mine" : ""},
      el("td", {}, r.name || "—"), el("td", {}, signed(r.total)), el("td", {}, signed(r.mean_difference)),
      el("td", {}, r.n > 1 ? "[" + signed(r.ci95[0]) + ", " + signed(r.ci95[1]) + "]" : "—")));
    setChildren(box, el("h3", {}, t("challenge.others", {id: data.challenge.id})),
      el("table", {class: "sheet standings", id: "standings"}, el("thead", {}, head), el("tbody", {}, rows)));
  }

  async function showComparison() {
    let box = document.getElementById("challenge-result");
    if (!box) {
      box = el("section", {id: "challenge-result", class: "panel challenge-result"});
      document.getElementById("main").after(box);
    }
    try { drawPlay(box, await api("/api/challenges/plays/" + encodeURIComponent(TABLE_ID))); }
    catch (e) { setChildren(box, el("p", {class: "error"}, e.message)); }
  }

  // ----- the table ----------------------------------------------------------------------------
  function watchTable() {
    // table.js draws each state and counts them on the body; at the match's end, the comparison
    new MutationObserver(() => {
      if (shown || typeof game === "undefined" || !game.state || game.state.status !== "over") return;
      shown = true;
      showComparison();
    }).observe(document.body, {attributes: true, attributeFilter: ["data-states"]});
    document.addEventListener("tarot-language", () => { if (shown) showComparison(); });
    document.body.append(el("script", {src: "/static/table.js"}));
  }

  if (TABLE_ID) watchTable();
  else {
    drawForm();
    document.addEventListener("tarot-language", drawForm);
  }
})();
