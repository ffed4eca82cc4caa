// The script of position.html (experiments/position/report_page.py puts it in the page, its
// data in __DATA__): the form, the position file it writes, and its problems. Served by
// `mammoth serve` (D.served), the problems are the Python loader's own (POST /api/check) and the
// page analyses the position; opened as a file, it runs the checks of checks_offline below and
// says which it leaves to `mammoth position check`.
"use strict";
const D = __DATA__;
const TOKEN = new URLSearchParams(location.search).get("token") || "";
const S = {
  players: D.players, round: "1", start: 0, kind: "placement", seat: 0, pending: [],
  cards: Array(D.card_spaces).fill(""), stacks: [], tile: "", out: "", next: "", P: [],
};
function newPlayer(i) {
  return {name: D.seat_names[i], people: String(D.people[0]), goods: "", agriculture: "0",
          tools: "0", used: Array(D.tool_slots).fill(false), onetime: "", cards: "",
          buildings: "", points: "0", tiles: "0", placed: "", on_tile: "0"};
}
for (let i = 0; i < 4; i++) { S.stacks.push({top: "", left: String(D.stack_size)}); S.P.push(newPlayer(i)); }
const touched = new Set();  // the ids of the fields the player changed
let lastChanged = null;     // the id of the field changed last

const $ = id => document.getElementById(id);
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "on") for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  kids.forEach(k => e.append(k));
  return e;
}
const names = () => S.P.slice(0, S.players).map(p => p.name.trim());
const who = i => "player '" + (names()[i] || "") + "'";
const slug = a => a.replace(/ /g, "-");
function changed(id) { touched.add(id); lastChanged = id; update(); }

// --- fields: each carries the loader's name of its field (data-field) and an error box ------
function row(id, label, input, field, also, help) {
  input.id = id; input.dataset.field = field; if (also) input.dataset.also = also;
  const box = el("div", {class: "row"}, el("label", {for: id, text: label}), input);
  if (help) box.append(el("span", {class: "help", text: help}));
  box.append(el("div", {class: "err", id: "err-" + id}));
  return box;
}
function text(id, label, get, set, field, opts = {}) {
  const input = el("input", {type: "text", value: get(), autocomplete: "off",
    size: opts.size || 4, inputmode: opts.numeric ? "numeric" : "text",
    placeholder: opts.placeholder || ""});
  input.addEventListener("input", () => { set(input.value); changed(id); });
  const box = row(id, label, input, field, opts.also, opts.help);
  if (opts.step) {
    const step = d => () => {
      const v = parseInt(input.value, 10);
      input.value = String((isNaN(v) ? 0 : v) + d); set(input.value); changed(id);
    };
    input.after(el("button", {type: "button", id: id + "-plus", text: "+", "aria-label": "more",
      on: {click: step(1)}}));
    input.before(el("button", {type: "button", id: id + "-minus", text: "\u2212",
      "aria-label": "less", on: {click: step(-1)}}));
  }
  return box;
}
function select(id, label, items, get, set, field, blank, help) {
  const s = el("select", {});
  if (blank !== undefined) s.append(el("option", {value: "", text: blank}));
  items.forEach(([value, t]) => s.append(el("option", {value, text: t})));
  s.value = get();
  s.addEventListener("change", () => { set(s.value); changed(id); });
  return row(id, label, s, field, null, help);
}
const cardItems = D.cards.map(c => [c.name, c.id + " " + c.name]);
const buildingItems = D.buildings.map(b => [b.name, b.id + " " + b.name]);
const tileItems = D.tiles.map(t => [t.name, t.id + " " + t.name]);
const seatItems = () => names().map((nm, i) => [String(i), nm || "seat " + (i + 1)]);

function listField(id, label, key, items, field, i, also) {
  // a list typed as ids or names, comma-separated; the drop-down adds one by its name
  const p = S.P[i];
  const box = text(id, label, () => p[key], v => p[key] = v, field,
    {size: 24, also, placeholder: "e.g. " + items.slice(0, 2).map(x => x[1].split(" ")[0]).join(", ")});
  const add = el("select", {id: id.replace(/s$/, "") + "-add", "aria-label": "add by name"});
  add.append(el("option", {value: "", text: "+ add by name"}));
  items.forEach(([value, t]) => add.append(el("option", {value, text: t})));
  add.addEventListener("change", () => {
    if (add.value) {
      p[key] = p[key].trim() ? p[key].replace(/[,\s]*$/, "") + ", " + add.value : add.value;
      $(id).value = p[key];
    }
    add.value = ""; changed(id);
  });
  box.querySelector("input").after(add);
  return box;
}

function render() {
  const form = $("form"); form.textContent = "";
  const n = S.players;
  // the decision first: it says what the rest must be
  const decision = el("fieldset", {id: "decision"}, el("legend", {text: "1. The decision"}),
    select("kind", "What is decided", [["placement", "placement: whose turn it is to place"],
      ["commitment", "commitment: how many figures go onto the tile"]], () => S.kind,
      v => { S.kind = v; drawPending(); }, "decision.kind"),
    select("seat", "Who decides", seatItems(), () => String(S.seat),
      v => { S.seat = +v; drawPending(); }, "decision.seat"),
    el("div", {id: "pending"}));
  const game = el("fieldset", {}, el("legend", {text: "2. The game"}),
    select("players", "Players", [["2", "2"], ["3", "3"], ["4", "4"]], () => String(S.players),
      v => { S.players = +v; S.start = Math.min(S.start, S.players - 1);
             S.seat = Math.min(S.seat, S.players - 1); render(); }, "player"),
    text("round", "Round", () => S.round, v => S.round = v, "round", {numeric: true, step: true,
      help: "1 for the first"}),
    select("start", "Start player", seatItems(), () => String(S.start), v => S.start = +v,
      "start_player", undefined, "who started this round"));
  const board = el("fieldset", {}, el("legend", {text: "3. Card display (card 1 costs 1)"}));
  for (let k = 0; k < D.card_spaces; k++)
    board.append(select("card-" + (k + 1), "card " + (k + 1), cardItems, () => S.cards[k],
      v => S.cards[k] = v, "board.cards[" + (k + 1) + "]", "(empty: bought this round)"));
  const stacks = el("fieldset", {}, el("legend", {text: "4. Building stacks, from the left"}));
  for (let s = 0; s < n; s++) {
    const f = "board.stacks[" + (s + 1) + "]";
    stacks.append(select("stack-" + (s + 1) + "-top", "stack " + (s + 1) + ": top", buildingItems,
      () => S.stacks[s].top, v => S.stacks[s].top = v, f + ".top", "(none: empty)"),
      text("stack-" + (s + 1) + "-left", "tiles in it, the top one included",
        () => S.stacks[s].left, v => S.stacks[s].left = v, f + ".left", {numeric: true, step: true,
        also: "player.buildings"}));
  }
  const herd = el("fieldset", {}, el("legend", {text: "5. The herd"}),
    select("tile", "This round's tile", tileItems, () => S.tile, v => S.tile = v, "herd.tile",
      "(the herd has left)"),
    el("div", {id: "herd-area", class: "help"}),
    text("out", "Tiles of the earlier rounds", () => S.out, v => S.out = v, "herd.out",
      {size: 24, also: "player.tiles", placeholder: "e.g. T2, T5 or 3",
       help: "won or boxed: their ids or names, or how many when you do not know which"}),
    select("next", "Back of the pile's next tile", D.goods.slice(1).map(g => [g, g]),
      () => S.next, v => S.next = v, "herd.next", "(pile empty)"));
  const top = el("div", {class: "cols"}, decision, game, board, stacks, herd);
  const seats = el("div", {class: "cols", id: "seats"});
  for (let i = 0; i < n; i++) seats.append(renderPlayer(i));
  form.append(top, seats);
  drawPending();
  update();
}

function renderPlayer(i) {
  const p = S.P[i], id = "p" + (i + 1), f = key => who(i) + "." + key;
  const fs = el("fieldset", {class: "seat"}, el("legend", {id: id + "-legend"}));
  const name = el("input", {type: "text", value: p.name, size: 10, autocomplete: "off"});
  name.addEventListener("input", () => { p.name = name.value; refreshNames(); changed(id + "-name"); });
  fs.append(row(id + "-name", "Name", name, "player " + (i + 1)));
  fs.append(text(id + "-people", "people", () => p.people, v => p.people = v, f("people"),
    {numeric: true, step: true}));
  fs.append(text(id + "-goods", "goods", () => p.goods, v => p.goods = v, f("goods"),
    {size: 24, placeholder: "e.g. food 7, wood 1, gold 2", help: "left out: 0",
     also: D.goods.map(f).join("|")}));
  fs.append(text(id + "-agriculture", "agriculture", () => p.agriculture,
    v => p.agriculture = v, f("agriculture"), {numeric: true, step: true}));
  fs.append(text(id + "-tools", "tools", () => p.tools, v => { p.tools = v; drawSlots(i); },
    f("tools"), {numeric: true, step: true, help: "all the tool tiles added up, 0 to 12"}));
  const used = el("div", {class: "row", id: id + "-slots"});
  fs.append(used);
  fs.append(text(id + "-onetime", "one-time tools", () => p.onetime, v => p.onetime = v,
    f("one_time_tools"), {size: 6, placeholder: "e.g. 3, 4"}));
  fs.append(listField(id + "-cards", "civilization cards", "cards", cardItems, f("cards"), i));
  fs.append(listField(id + "-buildings", "buildings", "buildings", buildingItems,
    f("buildings"), i, "player.buildings"));
  fs.append(text(id + "-points", "score track", () => p.points, v => p.points = v, f("points"),
    {size: 18, help: "the total, or its parts: building 11, card 3, herd bonus 1, starvation -10"}));
  fs.append(text(id + "-tiles", "mammoth tiles held", () => p.tiles, v => p.tiles = v,
    f("tiles"), {numeric: true, step: true, also: "player.tiles"}));
  fs.append(text(id + "-placed", "placed this round", () => p.placed,
    v => { p.placed = v; drawPending(); }, f("placed"),
    {size: 24, placeholder: "e.g. forest 3, hut 2, card 1"}));
  fs.append(text(id + "-on_tile", "figures on the tile", () => p.on_tile, v => p.on_tile = v,
    f("on_tile"), {numeric: true, step: true}));
  setTimeout(() => { drawSlots(i); refreshNames(); });
  return fs;
}

function slotsOf(total) {
  const t = parseInt(total, 10), out = [];
  if (!/^\s*\d+\s*$/.test(total) || t > D.tool_slots * D.tool_max) return null;
  for (let s = 0; s < D.tool_slots; s++) out.push(Math.floor(t / D.tool_slots) + (s < t % D.tool_slots ? 1 : 0));
  return out;
}
function drawSlots(i) {
  const box = $("p" + (i + 1) + "-slots"); if (!box) return;
  const p = S.P[i], slots = slotsOf(p.tools) || [];
  box.textContent = "";
  if (!slots.some(v => v)) return;
  box.append("used this round: ");
  slots.forEach((v, s) => {
    if (!v) { p.used[s] = false; return; }
    const id = "p" + (i + 1) + "-used-" + (s + 1);
    const c = el("input", {type: "checkbox", id, "data-field": who(i) + ".tools_used"});
    c.checked = p.used[s];
    c.addEventListener("change", () => { p.used[s] = c.checked; changed(id); });
    box.append(el("label", {}, c, " the tool of " + v + " (slot " + (s + 1) + ")"));
  });
}
function refreshNames() {
  // every list of the seats says their names as typed
  ["start", "seat"].forEach(id => {
    const s = $(id); if (!s) return;
    seatItems().forEach(([v, t], k) => { if (s.options[k]) s.options[k].textContent = t; });
  });
  for (let i = 0; i < S.players; i++) {
    const legend = $("p" + (i + 1) + "-legend");
    if (legend) legend.textContent = "Seat " + (i + 1) + ": " + (names()[i] || "?") + (i ? "" : " (seats go clockwise)");
    document.querySelectorAll("#p" + (i + 1) + "-legend ~ .row [data-field]").forEach(e => {
      const named = x => x.replace(/^player '.*?'\./, who(i) + ".");
      e.dataset.field = named(e.dataset.field);
      if (e.dataset.also) e.dataset.also = e.dataset.also.split("|").map(named).join("|");
    });
  }
}

// --- what the page writes ----------------------------------------------------------------
const q = JSON.stringify;
const key = k => /^[A-Za-z0-9_-]+$/.test(k) ? k : q(k);
function number(raw) {
  const t = String(raw).trim();
  return /^[+-]?\d+(\.\d+)?$/.test(t) ? t.replace(/^\+/, "") : q(t);
}
function items(raw) {
  // a typed list: comma-separated; ids alone may be separated by spaces too
  return String(raw).split(",").map(x => x.trim()).filter(x => x).flatMap(x =>
    x.split(/\s+/).every(w => /^[CBT]\d+$/i.test(w)) ? x.split(/\s+/) : [x]);
}
function pairs(raw, whole) {
  // "forest 3, tool maker 1, card 1": [name, value]; a name alone (an area) counts 1
  return items(raw).map(x => {
    const t = x.replace(/\s*[=:]\s*/g, " ").trim();
    if (whole && whole(t)) return [t, "1"];
    const m = t.match(/^(.*?)\s+([+-]?[\d.]+)$/);
    return m ? [m[1].trim(), m[2]] : [t, ""];
  });
}
const isArea = t => D.areas.includes(t.toLowerCase());
const table = list => "{ " + list.map(([k, v]) => key(k) + " = " + number(v)).join(", ") + " }";
function herdArea() { const t = D.tiles.find(t => t.name === S.tile); return t ? t.area : ""; }
function placedAreas(i) { return pairs(S.P[i].placed, isArea).map(([a]) => a.toLowerCase()); }
function pendingNow() {
  // the places the deciding seat has not resolved: only its own, never the herd's area
  if (S.kind !== "commitment") return [];
  const mine = placedAreas(S.seat);
  return S.pending.filter(a => mine.includes(a) && a !== herdArea());
}
function toml() {
  const n = S.players, L = [];
  L.push("# A position of Stone Age with The Mammoth Herd (docs/positions.md), from position.html.");
  L.push("format = " + D.format, "round = " + number(S.round), "start_player = " + q(names()[S.start]), "");
  L.push("[rules]", "tie_rule = " + q(D.rules.tie_rule), "mammoth_points = " + D.rules.mammoth_points,
    "resources_of_choice = " + q(D.rules.resources_of_choice), "tiles = " + q(D.rules.tiles), "");
  L.push("[board]", "cards = [" + S.cards.map(q).join(", ") + "]");
  for (let s = 0; s < n; s++)
    L.push("", "[[board.stacks]]", "top = " + q(S.stacks[s].top), "left = " + number(S.stacks[s].left));
  L.push("", "[herd]");
  if (S.tile) L.push("area = " + q(herdArea()), "tile = " + q(S.tile));
  const out = S.out.trim();
  L.push("out = " + (/^\d+$/.test(out) ? out : "[" + items(out).map(q).join(", ") + "]"));
  if (S.next) L.push("next = " + q(S.next));
  for (let i = 0; i < n; i++) {
    const p = S.P[i];
    L.push("", "[[player]]", "name = " + q(p.name.trim()));
    if (p.people.trim()) L.push("people = " + number(p.people));
    pairs(p.goods).forEach(([g, v]) => L.push(key(g.toLowerCase()) + " = " + number(v)));
    const slots = slotsOf(p.tools);
    L.push("agriculture = " + number(p.agriculture || "0"),
      "tools = [" + (slots ? slots.join(", ") : number(p.tools)) + "]",
      "tools_used = [" + p.used.join(", ") + "]",
      "one_time_tools = [" + items(p.onetime).map(number).join(", ") + "]",
      "cards = [" + items(p.cards).map(q).join(", ") + "]",
      "buildings = [" + items(p.buildings).map(q).join(", ") + "]");
    const pts = p.points.trim();
    L.push("points = " + (/^[+-]?[\d.]+$/.test(pts) || !pts ? number(pts || "0") :
      table(pairs(pts).map(([k, v]) => [k.toLowerCase().replace(/ /g, "_"), v]))));
    L.push("tiles = " + number(p.tiles || "0"),
      "placed = " + table(pairs(p.placed, isArea).map(([a, v]) => [a.toLowerCase(), v])),
      "on_tile = " + number(p.on_tile || "0"));
  }
  L.push("", "[decision]", "kind = " + q(S.kind), "seat = " + q(names()[S.seat]));
  if (S.kind === "commitment") L.push("pending = [" + pendingNow().map(q).join(", ") + "]");
  return L.join("\n") + "\n";
}

function drawPending() {
  const box = $("pending"); if (!box) return;
  box.textContent = "";
  S.pending = pendingNow();  // a place no longer the seat's is no longer pending
  if (S.kind !== "commitment") return;
  const places = placedAreas(S.seat).filter(a => a !== herdArea());
  if (!places.length) return;
  box.append(el("span", {text: "Places of " + names()[S.seat] + " not resolved yet: "}));
  places.forEach(a => {
    const id = "pending-" + slug(a);
    const c = el("input", {type: "checkbox", id, "data-field": "decision.pending"});
    c.checked = S.pending.includes(a);
    c.addEventListener("change", () => {
      S.pending = c.checked ? [...S.pending, a] : S.pending.filter(x => x !== a); changed(id);
    });
    box.append(el("label", {}, c, " " + a));
  });
}

// --- problems: where each is shown -------------------------------------------------------
function fieldsOn() { return [...document.querySelectorAll("#form [data-field]")]; }
function owns(f, name) { return name === f || name.startsWith(f + "[") || name.startsWith(f + "."); }
function placeOf(problem, all) {
  // the fields a problem is about: its own, those under it, those its message names, the sums
  // it counts; the field changed last when it is one of them, else its own (the closest)
  const f = problem.field;
  const own = all.filter(e => owns(e.dataset.field, f))
    .sort((a, b) => b.dataset.field.length - a.dataset.field.length);
  const about = all.filter(e => own.includes(e) || (f && owns(f, e.dataset.field)) ||
    (e.dataset.also || "").split("|").some(a => a && owns(a, f)) ||
    (/[.[]/.test(e.dataset.field) && problem.message.includes(e.dataset.field)) ||
    namedPlace(e, problem.message));
  const last = about.find(e => e.id === lastChanged);
  return last || own[0] || about[0] || null;
}
function namedPlace(e, message) {
  // a player's places, when a rule's message names the player among those on an area
  const m = e.dataset.field.match(/^player '(.+)'\.placed$/);
  return !!m && new RegExp("(^|[ ,(])" + m[1].replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "([ ,)'.]|$)").test(message);
}
function show(found) {
  document.querySelectorAll(".err").forEach(e => e.textContent = "");
  const all = fieldsOn(), todo = [];
  let red = 0;
  found.forEach(p => {
    const at = placeOf(p, all);
    const line = !p.field ? p.message : p.field + (/^must /.test(p.message) ? " " : ": ") + p.message;
    const mine = at && [...touched].some(id => id === at.id);
    if (at && mine) {
      const box = $("err-" + at.id) || $("err-" + at.id.replace(/-(add|\d+)$/, ""));
      (box || $("general")).append(el("div", {class: "problem", "data-field": p.field, text: line}));
      red++;
    } else todo.push([at, p, line]);
  });
  todo.sort((a, b) => !a[0] ? 1 : !b[0] ? -1 :
    a[0].compareDocumentPosition(b[0]) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1);
  const list = $("todo"); list.textContent = "";
  todo.forEach(([at, p, line]) => {
    const item = el("li", {class: "next", "data-field": p.field});
    if (at) item.append(el("a", {href: "#" + at.id, text: labelOf(at),
      on: {click: e => { e.preventDefault(); at.focus(); }}}), ": ");
    item.append(line);
    list.append(item);
  });
  $("todo-box").hidden = !todo.length;
  $("status").textContent = !found.length ? "no problem found" :
    (red ? red + " problem" + (red > 1 ? "s" : "") + " to fix (in red)" : "") +
    (red && todo.length ? "; " : "") +
    (todo.length ? todo.length + " thing" + (todo.length > 1 ? "s" : "") + " still to fill in (listed above)" : "");
  const go = $("analyse"); if (go) go.disabled = found.length > 0;
}
function labelOf(e) {
  const l = document.querySelector("label[for='" + e.id + "']");
  const fs = e.closest("fieldset"), legend = fs && fs.querySelector("legend");
  return (legend ? legend.textContent.replace(/ \(.*\)$/, "") + " \u2013 " : "") + (l ? l.textContent : e.id);
}

// --- the checks: the loader's (served) or the page's own (offline) ------------------------
let asked = 0;
function update() {
  const area = herdArea();
  if ($("herd-area")) $("herd-area").textContent = area ? "the herd stands on the " + area : "";
  const text = toml();
  $("toml").textContent = text;
  if (D.served) {
    const mine = ++asked;
    clearTimeout(update.timer);
    update.timer = setTimeout(() => api("/api/check", {method: "POST", body: text}).then(r => {
      if (mine === asked) show(r.problems);
    }).catch(() => {
      $("status").textContent = "the server does not answer: is mammoth serve still running?";
    }), 120);
  } else show(checks_offline());
}
function api(path, init = {}) {
  init.headers = Object.assign({Authorization: "Bearer " + TOKEN}, init.headers || {});
  return fetch(path, init).then(r => r.json());
}
__OFFLINE__
__SERVED__
$("download").addEventListener("click", () => {
  const url = URL.createObjectURL(new Blob([toml()], {type: "application/toml"}));
  const a = el("a", {href: url, download: "position.toml"});
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
});
render();
