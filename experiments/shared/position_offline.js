// The checks of position.html opened as a file, with no server to ask (report_page.py puts this
// in the offline page only): the typed values, the pieces' names and copies, and the counts of
// the loader (sim/position_read.py), with its field names. What it leaves to
// `mammoth position check` is said on the page (LEFT_TO_CHECK in report_page.py).
function checks_offline() {
  const errs = [], n = S.players, nm = names();
  const add = (field, message) => errs.push({field, message});
  const whole = (raw, field, lo, hi) => {
    const t = String(raw).trim();
    if (!/^[+-]?\d+$/.test(t)) { add(field, "must be a whole number, not " + (t ? t : "blank")); return null; }
    const v = parseInt(t, 10);
    if (v < lo || v > hi) { add(field, "must be " + lo + " to " + hi + ", not " + v); return null; }
    return v;
  };
  const lower = s => s.toLowerCase();
  const piece = (list, name) => list.find(x => lower(x.id) === lower(name) || lower(x.name) === lower(name));
  const counter = (list, what) => {
    const seen = {};
    return (name, field) => {
      const found = piece(list, name);
      if (!found) { add(field, "no " + what + " is called '" + name + "'"); return null; }
      seen[found.name] = (seen[found.name] || []).concat([field]);
      if (seen[found.name].length > found.copies)
        add(field, "'" + name + "' is named more often than the game has (" + found.copies + " cop" +
          (found.copies > 1 ? "ies" : "y") + "; also named at " + seen[found.name].slice(0, -1).join(", ") + ")");
      return found;
    };
  };
  nm.forEach((x, i) => {
    if (!x) add("player " + (i + 1), "the field 'name' is missing (a name for the seat)");
    else if (nm.slice(0, i).some(y => lower(y) === lower(x)))
      add(who(i), "the name '" + x + "' is taken by an earlier player");
  });
  const round = whole(S.round, "round", 1, D.rounds);
  const card = counter(D.cards, "civilization card"), building = counter(D.buildings, "building tile");
  const tile = counter(D.tiles, "mammoth tile");
  const placed = [], onTile = [], people = [], area = herdArea();
  for (let i = 0; i < n; i++) {
    const p = S.P[i], f = k => who(i) + "." + k;
    people[i] = whole(p.people, f("people"), D.people[0], D.people[1]);
    pairs(p.goods).forEach(([g, v]) => {
      if (!D.goods.includes(lower(g))) add(who(i), "unknown field '" + g + "' (the goods are " + D.goods.join(", ") + ")");
      else whole(v, f(lower(g)), 0, D.max_goods);
    });
    whole(p.agriculture, f("agriculture"), 0, D.agriculture);
    whole(p.tools, f("tools"), 0, D.tool_slots * D.tool_max);
    const once = items(p.onetime);
    if (once.length > D.one_time_tools) add(f("one_time_tools"), "at most " + D.one_time_tools + ", not " + once.length);
    once.forEach(v => whole(v, f("one_time_tools"), 0, 6));
    items(p.cards).forEach((c, j) => card(c, f("cards[" + (j + 1) + "]")));
    items(p.buildings).forEach((b, j) => building(b, f("buildings[" + (j + 1) + "]")));
    const pts = p.points.trim();
    if (/^[+-]?[\d.]+$/.test(pts) || !pts) whole(pts || "0", f("points"), -999, 999);
    else pairs(pts).forEach(([k, v]) => {
      const part = lower(k).replace(/ /g, "_");
      if (!D.parts.includes(part)) add(f("points"), "unknown part '" + k + "'; the parts are " + D.parts.join(", "));
      else whole(v, f("points") + "." + part, -999, 999);
    });
    whole(p.tiles, f("tiles"), 0, D.tiles.length);
    onTile[i] = whole(p.on_tile, f("on_tile"), 0, D.people[1]) || 0;
    placed[i] = {};
    pairs(p.placed, isArea).forEach(([a, v]) => {
      const k = D.areas.indexOf(lower(a));
      if (k < 0) { add(f("placed"), "'" + a + "' is not an area"); return; }
      if (k >= 12 + n) { add(f("placed"), "'" + lower(a) + "' is not in play at " + n + " players (building 1 to building " + n + ")"); return; }
      const v2 = whole(v, f("placed"), 1, D.people[1]);
      if (v2 && k >= 8 && v2 > 1) add(f("placed"), v2 + " people on " + lower(a) + ", which takes one");
      if (v2) placed[i][lower(a)] = v2;
    });
    const total = Object.values(placed[i]).reduce((x, y) => x + y, 0);
    if (people[i] !== null && total > people[i])
      add(f("placed"), total + " people placed, but the player has " + people[i]);
  }
  for (let a = 8; a < 12 + n; a++) {
    const on = [...Array(n).keys()].filter(q => placed[q][D.areas[a]]);
    on.slice(1).forEach(q => add(who(q) + ".placed", D.areas[a] + " is taken by " + nm[on[0]] +
      " (one person per card and building space)"));
  }
  S.cards.forEach((c, k) => { if (c) card(c, "board.cards[" + (k + 1) + "]"); });
  const left = [];
  for (let s = 0; s < n; s++) {
    const st = S.stacks[s], field = "board.stacks[" + (s + 1) + "]";
    left[s] = whole(st.left, field + ".left", 0, D.stack_size);
    if (left[s] === null) continue;
    if ((left[s] === 0) !== (st.top === "")) add(field, "a stack with tiles left shows its top, an empty one none");
    else if (left[s]) building(st.top, field + ".top");
  }
  const out = S.out.trim(), count = /^\d+$/.test(out) ? parseInt(out, 10) : null;
  if (count === null) items(out).forEach((t, j) => tile(t, "herd.out[" + (j + 1) + "]"));
  if (S.tile) tile(S.tile, "herd.tile");
  const earlier = count === null ? items(out).length : count;
  const seen = earlier + (S.tile ? 1 : 0), turned = Math.min(round || 0, D.tiles.length);
  if (round !== null && seen !== turned)
    add("round", "by round " + round + " the herd has turned " + turned + " tile" + (turned !== 1 ? "s" : "") +
      " of the pile (one a round while it lasts), but this round's tile (herd.tile) and the earlier ones (herd.out) make " + seen);
  const won = S.P.slice(0, n).reduce((x, p) => x + (parseInt(p.tiles, 10) || 0), 0);
  if (won > earlier) add("player.tiles", "the players hold " + won + " tiles, but " + earlier + " were out in earlier rounds (herd.out)");
  const held = S.P.slice(0, n).reduce((x, p) => x + items(p.buildings).length, 0);
  const miss = left.reduce((x, l) => x + D.stack_size - (l || 0), 0);
  if (held !== miss) add("player.buildings", "the players hold " + held + " buildings, but the stacks miss " + miss);
  const rest = D.tiles.length - seen;
  if (rest > 0 && !S.next) add("herd.next", "the back of the next tile (food, wood, brick, stone or gold) is not given");
  if (rest <= 0 && S.next) add("herd.next", "the pile is empty, there is no next tile");
  for (let i = 0; i < n; i++)
    if (onTile[i] > (area ? placed[i][area] || 0 : 0))
      add(who(i) + ".on_tile", "more figures than people on the " + (area || "herd's area"));
  const order = [...Array(n).keys()].map(k => (S.start + k) % n);
  if (S.kind === "placement") {
    if (!area) add("herd.tile", "no herd this round, so there is no herd decision to analyse");
    onTile.forEach((k, i) => { if (k) add(who(i) + ".on_tile", "nobody is on the tile before the actions"); });
    S.cards.forEach((c, k) => { if (!c) add("board.cards[" + (k + 1) + "]", "at a placement turn every space holds a card"); });
    left.forEach((l, s) => { if (l === 0) add("board.stacks[" + (s + 1) + "]", "at a placement turn no stack is empty"); });
  } else if (!area) {
    add("decision.kind", "a commitment needs the herd on an area this round");
  } else if (!placed[S.seat][area]) {
    add("decision.seat", nm[S.seat] + " has nobody on the " + area);
  } else {
    order.slice(order.indexOf(S.seat)).forEach(q => { if (onTile[q])
      add(who(q) + ".on_tile", "only seats before " + nm[S.seat] + " in this round's order have committed"); });
    const after = order.slice(order.indexOf(S.seat) + 1), before = order.slice(0, order.indexOf(S.seat));
    const pending = pendingNow(), spaces = [];
    for (let k = 0; k < D.card_spaces; k++) spaces.push([8 + k, !S.cards[k], "board.cards[" + (k + 1) + "]"]);
    for (let s = 0; s < n; s++) spaces.push([12 + s, left[s] === 0, "board.stacks[" + (s + 1) + "]"]);
    spaces.forEach(([a, empty, field]) => {
      if (!empty) return;
      const name = D.areas[a], on = q => !!placed[q][name];
      const waiting = after.filter(on).concat(pending.includes(name) ? [S.seat] : []);
      if (waiting.length)
        add(field, name + " is shown empty, but " + nm[waiting[0]] + " still has to take it (a person there, actions not resolved)");
      else if (!before.some(on) && !(on(S.seat) && name !== area))
        add(field, name + " is shown empty, but no seat that has resolved its actions took it this round");
    });
  }
  return errs;
}
