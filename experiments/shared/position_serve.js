// The analyses of position.html served by `mammoth serve` (report_page.py puts this in the
// served page only): the Analyse button, the queue with its progress and cancel, the earlier
// analyses of the server's --out, and a finished one's answer beside what the shipped card says.
let mine = new Set(), shown = null;
function setting(id) { return $(id).value.trim(); }
$("analyse").addEventListener("click", () => {
  const body = {position: toml(), playouts: +setting("playouts"), seed: +setting("seed"),
                field: setting("field"), stop: $("stop").checked};
  $("analyse-said").textContent = "";
  api("/api/analyses", {method: "POST", body: JSON.stringify(body),
                        headers: {"Content-Type": "application/json"}}).then(r => {
    if (r.problems) { $("analyse-said").textContent = r.problems.map(p => (p.field ? p.field + " " : "") + p.message).join("; "); return; }
    mine.add(r.id); poll();
  });
});
function act(id, action) { api("/api/analyses/" + id + "/" + action, {method: "POST"}).then(poll); }
function poll() {
  clearTimeout(poll.timer);
  api("/api/analyses").then(r => {
    const list = $("analyses"); list.textContent = "";
    let busy = false;
    r.analyses.forEach(a => {
      const q = a.request, what = q.playouts + " play-outs per option, seed " + q.seed + ", " + q.field;
      const bar = el("progress", {max: a.chunks, value: a.chunks_done, "aria-label": "progress"});
      const item = el("li", {id: "a-" + a.id, "data-state": a.state},
        el("b", {text: a.state}), " " + a.id + " (" + what + ") ", bar,
        " " + a.chunks_done + "/" + a.chunks + " chunks ");
      if (a.state === "queued" || a.state === "running") {
        busy = true;
        item.append(el("button", {type: "button", class: "cancel", text: "Cancel",
          on: {click: () => act(a.id, "cancel")}}));
      }
      if (["stopped", "cancelled", "failed"].includes(a.state))
        item.append(el("button", {type: "button", class: "resume", text: "Resume",
          on: {click: () => { mine.add(a.id); act(a.id, "resume"); }}}));
      if (a.state === "done") {
        item.append(el("button", {type: "button", class: "show", text: "Show",
          on: {click: () => showResult(a.id)}}));
        if (mine.has(a.id)) { mine.delete(a.id); showResult(a.id); }
      }
      if (a.log) item.append(el("pre", {text: a.log}));
      list.append(item);
    });
    if (busy) poll.timer = setTimeout(poll, 500);
  });
}
function showResult(id) {
  api("/api/analyses/" + id).then(r => {
    const box = $("result"); box.textContent = ""; shown = id;
    const a = r.analysis, card = r.card;
    const best = a.best;
    box.append(el("h3", {text: "The answer (" + id + ")"}));
    const differ = best === null ? "The play-outs name no best option." :
      card.option === best ? "The card and the play-outs agree." :
      "The card and the play-outs differ here: the play-outs' best is " + best + ".";
    box.append(el("p", {id: "card-says", class: "card"},
      el("b", {text: "What the shipped card says: "}), card.option + " (" + card.player + "). " + differ));
    const frame = el("iframe", {id: "analysis-frame", title: "the analysis", sandbox: "allow-same-origin"});
    frame.srcdoc = r.html;
    frame.addEventListener("load", () => {
      try { frame.style.height = (frame.contentDocument.documentElement.scrollHeight + 20) + "px"; } catch (e) { /* sandboxed */ }
    });
    box.append(frame);
  });
}
poll();
