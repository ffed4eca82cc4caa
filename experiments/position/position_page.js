// The script of position.html (experiments/position/report_page.py puts it in the page,
// its data in __DATA__): the form, the loader's checks with its field names, the file.
"use strict";
const D = __DATA__;
const S = {
  players: D.players, round: 1, start: 0, kind: "placement", seat: 0, pending: [],
  cards: Array(D.card_spaces).fill(""), stacks: [], tile: "", out: [], next: "", P: [],
};
function newStack() { return {top: "", left: D.stack_size}; }
function newPlayer(i) {
  const goods = {}; D.goods.forEach(g => goods[g] = 0);
  const points = {}; D.parts.forEach(p => points[p] = 0);
  return {name: D.seat_names[i], people: D.people[0], goods, agriculture: 0,
          tools: Array(D.tool_slots).fill(0), used: Array(D.tool_slots).fill(false),
          onetime: Array(D.one_time_tools).fill(0), cards: [], buildings: [], points,
          tiles: 0, placed: {}, on_tile: 0};
}
for (let i = 0; i < 4; i++) { S.stacks.push(newStack()); S.P.push(newPlayer(i)); }

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
function options(select, items, blank) {
  if (blank !== undefined) select.append(el("option", {value: "", text: blank}));
  items.forEach(([value, text]) => select.append(el("option", {value, text})));
  return select;
}
function stepper(id, label, get, set, lo, hi) {
  const input = el("input", {type: "number", id, min: lo, max: hi, value: get()});
  const put = v => { set(v); input.value = v; update(); };
  input.addEventListener("input", () => {
    const v = parseInt(input.value, 10); set(isNaN(v) ? 0 : v); update();
  });
  const minus = el("button", {type: "button", id: id + "-minus", text: "\u2212", "aria-label": "less",
    on: {click: () => put(Math.max(lo, get() - 1))}});
  const plus = el("button", {type: "button", id: id + "-plus", text: "+", "aria-label": "more",
    on: {click: () => put(Math.min(hi, get() + 1))}});
  return el("label", {class: "step"}, label + " ", minus, input, plus);
}
function select(id, label, items, get, set, blank) {
  const s = options(el("select", {id}), items, blank);
  s.value = get();
  s.addEventListener("change", () => { set(s.value); update(); });
  return el("label", {}, label + " ", s);
}
function errBox(key) { return el("div", {class: "err", id: "err-" + key}); }
const cardItems = D.cards.map(c => [c.name, c.id + " " + c.name]);
const buildingItems = D.buildings.map(b => [b.name, b.id + " " + b.name]);
const tileItems = D.tiles.map(t => [t.name, t.id + " " + t.name]);
const names = () => S.P.slice(0, S.players).map(p => p.name);
const slug = a => a.replace(/ /g, "-");

function render() {
  const form = $("form"); form.textContent = "";
  const n = S.players;
  const seats = names().map((nm, i) => [String(i), nm]);
  form.append(el("fieldset", {},
    el("legend", {text: "The game"}),
    select("players", "Players", [["2", "2"], ["3", "3"], ["4", "4"]], () => String(S.players),
      v => { S.players = +v; S.start = Math.min(S.start, S.players - 1);
             S.seat = Math.min(S.seat, S.players - 1); render(); }),
    stepper("round", "Round", () => S.round, v => S.round = v, 1, 99),
    select("start", "Start player", seats, () => String(S.start), v => S.start = +v),
    errBox("game")));
  const board = el("fieldset", {}, el("legend", {text: "Card display (card 1 costs 1)"}));
  for (let k = 0; k < D.card_spaces; k++)
    board.append(select("card-" + (k + 1), "card " + (k + 1), cardItems, () => S.cards[k],
      v => S.cards[k] = v, "(empty: bought this round)"));
  board.append(errBox("cards"));
  form.append(board);
  const stacks = el("fieldset", {}, el("legend", {text: "Building stacks, from the left"}));
  for (let s = 0; s < n; s++)
    stacks.append(el("div", {},
      select("stack-" + (s + 1) + "-top", "stack " + (s + 1) + " top", buildingItems,
        () => S.stacks[s].top, v => S.stacks[s].top = v, "(none: empty)"),
      stepper("stack-" + (s + 1) + "-left", "tiles left", () => S.stacks[s].left,
        v => S.stacks[s].left = v, 0, D.stack_size)));
  stacks.append(errBox("stacks"));
  form.append(stacks);
  const herd = el("fieldset", {}, el("legend", {text: "The herd"}),
    select("tile", "This round's tile", tileItems, () => S.tile, v => S.tile = v, "(the herd has left)"),
    el("span", {id: "herd-area"}),
    el("div", {text: "Tiles of the earlier rounds (won or boxed):"}));
  const out = el("div", {});
  D.tiles.forEach(t => {
    const box = el("input", {type: "checkbox", id: "out-" + t.id});
    box.checked = S.out.includes(t.name);
    box.addEventListener("change", () => {
      S.out = box.checked ? [...S.out, t.name] : S.out.filter(x => x !== t.name); update();
    });
    out.append(el("label", {}, box, " " + t.id + " " + t.name));
  });
  herd.append(out, select("next", "Back of the pile's next tile",
    D.goods.slice(1).map(g => [g, g]), () => S.next, v => S.next = v, "(pile empty)"),
    errBox("herd"));
  form.append(herd);
  for (let i = 0; i < n; i++) form.append(renderPlayer(i));
  const decision = el("fieldset", {}, el("legend", {text: "The decision"}),
    select("kind", "Decision", [["placement", "placement: the seat's turn to place"],
      ["commitment", "commitment: how many figures onto the tile"]], () => S.kind, v => S.kind = v),
    select("seat", "Deciding", seats, () => String(S.seat), v => S.seat = +v),
    el("div", {id: "pending"}), errBox("decision"));
  form.append(decision);
  update();
}

function pieceList(i, key, items, label) {
  const p = S.P[i];
  const list = el("div", {class: "list", id: "p" + (i + 1) + "-" + key});
  const add = options(el("select", {id: "p" + (i + 1) + "-add-" + key.replace(/s$/, "")}), items,
    "+ add " + label);
  add.addEventListener("change", () => {
    if (add.value) p[key].push(add.value);
    add.value = ""; drawList(); update();
  });
  function drawList() {
    list.textContent = "";
    p[key].forEach((name, j) => list.append(el("span", {}, name,
      el("button", {type: "button", text: "\u00d7", "aria-label": "remove",
        on: {click: () => { p[key].splice(j, 1); drawList(); update(); }}}))));
  }
  drawList();
  return el("div", {}, add, list);
}

function renderPlayer(i) {
  const p = S.P[i], id = "p" + (i + 1);
  const name = el("input", {id: id + "-name", value: p.name, size: 8});
  name.addEventListener("input", () => { p.name = name.value; update(); });
  const f = el("fieldset", {}, el("legend", {text: "Seat " + (i + 1) + " (clockwise)"}),
    el("label", {}, "Name ", name),
    stepper(id + "-people", "people", () => p.people, v => p.people = v, D.people[0], D.people[1]));
  D.goods.forEach(g => f.append(stepper(id + "-" + g, g, () => p.goods[g], v => p.goods[g] = v, 0, D.max_goods)));
  f.append(stepper(id + "-agriculture", "agriculture", () => p.agriculture, v => p.agriculture = v, 0, D.agriculture));
  const tools = el("div", {});
  for (let s = 0; s < D.tool_slots; s++) {
    tools.append(stepper(id + "-tool-" + (s + 1), "tool " + (s + 1), () => p.tools[s], v => p.tools[s] = v, 0, D.tool_max));
    const used = el("input", {type: "checkbox", id: id + "-used-" + (s + 1)});
    used.checked = p.used[s];
    used.addEventListener("change", () => { p.used[s] = used.checked; update(); });
    tools.append(el("label", {}, used, " used"));
  }
  f.append(tools);
  const once = el("div", {});
  for (let s = 0; s < D.one_time_tools; s++)
    once.append(stepper(id + "-onetime-" + (s + 1), "one-time tool", () => p.onetime[s], v => p.onetime[s] = v, 0, 6));
  f.append(once);
  f.append(pieceList(i, "cards", cardItems, "a card taken"));
  f.append(pieceList(i, "buildings", buildingItems, "a building taken"));
  const pts = el("div", {text: "Points: "});
  D.parts.forEach(part => pts.append(stepper(id + "-points-" + part, part.replace("_", " "),
    () => p.points[part], v => p.points[part] = v, -999, 999)));
  f.append(pts);
  f.append(stepper(id + "-tiles", "mammoth tiles held", () => p.tiles, v => p.tiles = v, 0, D.tiles.length));
  const placed = el("div", {text: "People placed this round: "});
  D.areas.forEach((a, k) => {
    if (k >= D.areas.length - 4 + S.players) return;  // stacks not in play
    placed.append(stepper(id + "-placed-" + slug(a), a, () => p.placed[a] || 0,
      v => { if (v) p.placed[a] = v; else delete p.placed[a]; }, 0, D.people[1]));
  });
  f.append(placed);
  f.append(stepper(id + "-on_tile", "figures on the tile", () => p.on_tile, v => p.on_tile = v, 0, D.people[1]));
  f.append(errBox("player-" + (i + 1)));
  return f;
}

function drawPending() {
  const box = $("pending"); box.textContent = "";
  if (S.kind !== "commitment") return;
  const p = S.P[S.seat], herd = herdArea();
  box.append("Places not resolved yet: ");
  Object.keys(p.placed).filter(a => a !== herd).forEach(a => {
    const c = el("input", {type: "checkbox", id: "pending-" + slug(a)});
    c.checked = S.pending.includes(a);
    c.addEventListener("change", () => {
      S.pending = c.checked ? [...S.pending, a] : S.pending.filter(x => x !== a); update(false);
    });
    box.append(el("label", {}, c, " " + a));
  });
}

function herdArea() {
  const t = D.tiles.find(t => t.name === S.tile);
  return t ? t.area : "";
}

// --- the loader's checks (sim/position_read.py), with its field names ---------------------
function checks() {
  const errs = [], n = S.players, nm = names();
  const add = (at, field, message) => errs.push({at, field, line: field + ": " + message});
  const who = i => "player '" + nm[i] + "'";
  nm.forEach((x, i) => {
    if (!x.trim()) add("player-" + (i + 1), "player " + (i + 1), "the field 'name' is missing");
    else if (nm.slice(0, i).some(y => y.trim().toLowerCase() === x.trim().toLowerCase()))
      add("player-" + (i + 1), "player " + (i + 1), "the name '" + x + "' is taken by an earlier player");
  });
  // pieces named more often than the game has them, in the loader's order
  const counter = (list, at) => {
    const seen = {};
    return (name, field, where) => {
      const piece = list.find(x => x.name === name);
      seen[name] = (seen[name] || 0) + 1;
      if (piece && seen[name] > piece.copies)
        add(where, field, "'" + name + "' is named more often than the game has (" + piece.copies +
          " cop" + (piece.copies > 1 ? "ies" : "y") + ")");
    };
  };
  const card = counter(D.cards), building = counter(D.buildings), tile = counter(D.tiles);
  for (let i = 0; i < n; i++) {
    const p = S.P[i], at = "player-" + (i + 1);
    p.cards.forEach((c, j) => card(c, who(i) + ".cards[" + (j + 1) + "]", at));
    p.buildings.forEach((b, j) => building(b, who(i) + ".buildings[" + (j + 1) + "]", at));
    p.used.forEach((u, s) => { if (u && !p.tools[s])
      add(at, who(i) + ".tools_used", "tool slot " + (s + 1) + " holds no tool to have used"); });
    const total = Object.values(p.placed).reduce((a, b) => a + b, 0);
    if (total > p.people) add(at, who(i) + ".placed", total + " people placed, but the player has " + p.people);
    for (const [a, k] of Object.entries(p.placed))
      if (D.areas.indexOf(a) >= 8 && k > 1) add(at, who(i) + ".placed", k + " people on " + a + ", which takes one");
  }
  for (let a = 8; a < 12 + n; a++) {
    const on = [...Array(n).keys()].filter(q => S.P[q].placed[D.areas[a]]);
    on.slice(1).forEach(q => add("player-" + (q + 1), who(q) + ".placed", D.areas[a] + " is taken by " +
      nm[on[0]] + " (one person per card and building space)"));
  }
  S.cards.forEach((c, k) => { if (c) card(c, "board.cards[" + (k + 1) + "]", "cards"); });
  for (let s = 0; s < n; s++) {
    const st = S.stacks[s], field = "board.stacks[" + (s + 1) + "]";
    if ((st.left === 0) !== (st.top === ""))
      add("stacks", field, "a stack with tiles left shows its top, an empty one none");
    else if (st.left) building(st.top, field + ".top", "stacks");
  }
  S.out.forEach((t, j) => tile(t, "herd.out[" + (j + 1) + "]", "herd"));
  if (S.tile) tile(S.tile, "herd.tile", "herd");
  const seen = S.out.length + (S.tile ? 1 : 0), turned = Math.min(S.round, D.tiles.length);
  if (seen !== turned)
    add("game", "round", "by round " + S.round + " the herd has turned " + turned + " tile" +
      (turned !== 1 ? "s" : "") + " of the pile (one a round while it lasts), but herd.out and herd.tile name " + seen);
  const won = S.P.slice(0, n).reduce((a, p) => a + p.tiles, 0), earlier = S.out.length;
  if (won > earlier)
    add("herd", "player.tiles", "the players hold " + won + " tiles, but " + earlier + " were out in earlier rounds (herd.out)");
  const held = S.P.slice(0, n).reduce((a, p) => a + p.buildings.length, 0);
  const miss = S.stacks.slice(0, n).reduce((a, st) => a + D.stack_size - st.left, 0);
  if (held !== miss) add("stacks", "player.buildings", "the players hold " + held + " buildings, but the stacks miss " + miss);
  const rest = D.tiles.length - seen;
  if (rest && !S.next)
    add("herd", "herd.next", "the back of the next tile (food, wood, brick, stone or gold) is missing or wrong: None");
  if (!rest && S.next) add("herd", "herd.next", "the pile is empty, there is no next tile");
  // the decision
  const p = S.P[S.seat], area = herdArea();
  const order = [...Array(n).keys()].map(k => (S.start + k) % n);
  if (S.kind === "placement") {
    if (!area) add("decision", "herd.tile", "no herd this round, so there is no herd decision to analyse");
    S.P.slice(0, n).forEach((q, i) => { if (q.on_tile)
      add("player-" + (i + 1), who(i) + ".on_tile", "nobody is on the tile before the actions"); });
    if (S.cards.some(c => !c)) add("cards", "board.cards", "at a placement turn every space holds a card");
    if (S.stacks.slice(0, n).some(st => st.left === 0)) add("stacks", "board.stacks", "at a placement turn no stack is empty");
  } else if (!area) {
    add("decision", "decision.kind", "a commitment needs the herd on an area this round");
  } else if (!p.placed[area]) {
    add("decision", "decision.seat", nm[S.seat] + " has nobody on the " + area);
  } else {
    order.slice(order.indexOf(S.seat)).forEach(q => { if (S.P[q].on_tile)
      add("player-" + (q + 1), who(q) + ".on_tile", "only seats before " + nm[S.seat] + " in this round's order have committed"); });
    const after = order.slice(order.indexOf(S.seat) + 1), before = order.slice(0, order.indexOf(S.seat));
    const spaces = [];
    for (let k = 0; k < D.card_spaces; k++) spaces.push([8 + k, !S.cards[k], "board.cards[" + (k + 1) + "]", "cards"]);
    for (let s = 0; s < n; s++) spaces.push([12 + s, S.stacks[s].left === 0, "board.stacks[" + (s + 1) + "]", "stacks"]);
    spaces.forEach(([a, empty, field, at]) => {
      if (!empty) return;
      const name = D.areas[a], on = q => !!S.P[q].placed[name];
      const waiting = after.filter(on).concat(S.pending.includes(name) ? [S.seat] : []);
      if (waiting.length)
        add(at, field, name + " is shown empty, but " + nm[waiting[0]] + " still has to take it (a person there, actions not resolved)");
      else if (!before.some(on) && !(on(S.seat) && name !== area))
        add(at, field, name + " is shown empty, but no seat that has resolved its actions took it this round");
    });
  }
  return errs;
}

function toml() {
  const q = JSON.stringify, n = S.players, L = [];
  const key = k => /^[A-Za-z0-9_]+$/.test(k) ? k : q(k);
  const table = o => "{ " + Object.entries(o).map(([k, v]) => key(k) + " = " + v).join(", ") + " }";
  L.push("# A position of Stone Age with The Mammoth Herd (docs/positions.md), from position.html.");
  L.push("format = " + D.format, "round = " + S.round, "start_player = " + q(names()[S.start]), "");
  L.push("[rules]", "tie_rule = " + q(D.rules.tie_rule), "mammoth_points = " + D.rules.mammoth_points,
    "resources_of_choice = " + q(D.rules.resources_of_choice), "tiles = " + q(D.rules.tiles), "");
  L.push("[board]", "cards = [" + S.cards.map(q).join(", ") + "]");
  for (let s = 0; s < n; s++)
    L.push("", "[[board.stacks]]", "top = " + q(S.stacks[s].left ? S.stacks[s].top : ""), "left = " + S.stacks[s].left);
  L.push("", "[herd]");
  if (S.tile) L.push("area = " + q(herdArea()), "tile = " + q(S.tile));
  L.push("out = [" + S.out.map(q).join(", ") + "]");
  if (S.next) L.push("next = " + q(S.next));
  for (let i = 0; i < n; i++) {
    const p = S.P[i];
    L.push("", "[[player]]", "name = " + q(p.name.trim()), "people = " + p.people);
    D.goods.forEach(g => { if (p.goods[g]) L.push(g + " = " + p.goods[g]); });
    L.push("agriculture = " + p.agriculture, "tools = [" + p.tools.join(", ") + "]",
      "tools_used = [" + p.used.join(", ") + "]",
      "one_time_tools = [" + p.onetime.filter(v => v).join(", ") + "]",
      "cards = [" + p.cards.map(q).join(", ") + "]",
      "buildings = [" + p.buildings.map(q).join(", ") + "]");
    const parts = {}; D.parts.forEach(k => { if (p.points[k]) parts[k] = p.points[k]; });
    L.push("points = " + table(parts), "tiles = " + p.tiles, "placed = " + table(p.placed),
      "on_tile = " + p.on_tile);
  }
  L.push("", "[decision]", "kind = " + q(S.kind), "seat = " + q(names()[S.seat]));
  if (S.kind === "commitment")
    L.push("pending = [" + S.pending.filter(a => S.P[S.seat].placed[a] && a !== herdArea()).map(q).join(", ") + "]");
  return L.join("\n") + "\n";
}

function update(redrawPending = true) {
  if (redrawPending) drawPending();
  $("herd-area") && ($("herd-area").textContent = herdArea() ? " the herd stands on the " + herdArea() : "");
  document.querySelectorAll(".err").forEach(e => e.textContent = "");
  const errs = checks();
  errs.forEach(e => { const box = $("err-" + e.at); if (box) box.append(el("div", {class: "problem", "data-field": e.field, text: e.line})); });
  $("status").textContent = errs.length ? errs.length + " problem" + (errs.length > 1 ? "s" : "") + " to fix first (shown in red)" : "no problem found";
  $("toml").textContent = toml();
}

$("download").addEventListener("click", () => {
  const url = URL.createObjectURL(new Blob([toml()], {type: "application/toml"}));
  const a = el("a", {href: url, download: "position.toml"});
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
});
render();
