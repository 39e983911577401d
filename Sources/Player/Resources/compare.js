// Expected and actual of a regression check, stepped together. The expected side may hold only
// some frames (goldens store a few PNGs and every frame's hash); a frame that does not differ is
// the same on both sides, so the actual one stands in for it. A report kept within its size budget
// holds the differing actual frames in full and the others as thumbnails.
"use strict";
(function () {
  const all = JSON.parse(document.getElementById("flipbook-data").textContent);
  const exp = all.expected, act = all.actual;
  const $ = (id) => document.getElementById(id);
  const count = Math.max(exp.frameCount, act.frameCount), last = Math.max(0, count - 1);
  const stored = new Set(all.expectedFrames), differs = new Set(all.differing);
  const full = new Set(all.actualFrames), thumbs = all.actualThumbnails.slice().sort((a, b) => a - b);
  const pad = (n) => String(n).padStart(5, "0");
  let frame = 0, playing = false, started = 0, startFrame = 0;
  const overlay = document.createElement("img");
  overlay.id = "actualOverlay"; overlay.alt = "actual over expected";

  // The actual frame k as the report keeps it: in full, else its thumbnail, else the nearest
  // thumbnail before it (after it, before the first); null when the report keeps none.
  function actualSource(k) {
    if (full.has(k)) return { frame: k, src: "actual/frame_" + pad(k) + ".png", thumbnail: false };
    let near = null;
    for (const t of thumbs) { if (t <= k || near === null) near = t; if (t >= k) break; }
    return near === null ? null : { frame: near, src: "actual/thumb_" + pad(near) + ".png", thumbnail: true };
  }
  function show(k) {
    frame = Math.max(0, Math.min(last, k | 0));
    const source = actualSource(frame);
    // The expected side: its stored PNG, else the actual one where that frame does not differ.
    const expectedSrc = stored.has(frame) ? "expected/frame_" + pad(frame) + ".png"
      : source && !differs.has(source.frame) ? source.src : null;
    $("expected").hidden = expectedSrc === null;
    document.querySelector("#expectedSide .missing").hidden = expectedSrc !== null;
    if (expectedSrc !== null) $("expected").src = expectedSrc;
    $("actual").hidden = source === null;
    document.querySelector("#actualSide .missing").hidden = source !== null;
    if (source !== null) $("actual").src = overlay.src = source.src;
    document.body.dataset.frame = String(frame);
    $("scrubber").value = String(frame);
    const kept = source === null ? "" : source.frame !== frame ? " · showing frame " + source.frame + " (thumbnail)"
      : source.thumbnail ? " · thumbnail" : "";
    $("frameLabel").textContent = (frame / act.fps).toFixed(3) + " s · frame " + frame + (differs.has(frame) ? " · differs" : " · same") + kept;
    plot();
  }
  // Thumbnails show at the size of the full frames.
  for (const id of ["expected", "actual"]) $(id).style.height = "min(58vh, " + act.height + "px)";
  function setPlaying(on) {
    playing = on; $("play").textContent = on ? "Pause" : "Play";
    if (on) { if (frame >= last) show(0); started = performance.now(); startFrame = frame; requestAnimationFrame(tick); }
  }
  function tick(now) {
    if (!playing) return;
    const k = startFrame + Math.floor(((now - started) / 1000) * act.fps * Number($("speed").value));
    if (k > last) { show(last); setPlaying(false); return; }
    if (k !== frame) show(k);
    requestAnimationFrame(tick);
  }
  const step = (by) => { setPlaying(false); show(frame + by); };
  $("play").addEventListener("click", () => setPlaying(!playing));
  $("back").addEventListener("click", () => step(-1));
  $("forward").addEventListener("click", () => step(1));
  $("scrubber").max = String(last);
  $("scrubber").addEventListener("input", () => { setPlaying(false); show(Number($("scrubber").value)); });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLSelectElement) return;
    if (e.key === "ArrowRight") { step(e.shiftKey ? 10 : 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { step(e.shiftKey ? -10 : -1); e.preventDefault(); }
    else if (e.key === " ") { setPlaying(!playing); e.preventDefault(); }
  });
  for (const input of document.querySelectorAll("input[name=mode]")) {
    input.addEventListener("change", () => {
      const difference = input.value === "difference" && input.checked;
      document.body.classList.toggle("difference", difference);
      if (difference) document.querySelector("#expectedSide .view").appendChild(overlay); else overlay.remove();
    });
  }
  for (const k of differs) {
    const m = document.createElement("button");
    m.className = "marker differs"; m.dataset.frame = String(k); m.title = "frame " + k + " differs";
    m.style.left = (last ? (k / last) * 100 : 0) + "%";
    m.addEventListener("click", () => step(k - frame));
    $("markers").appendChild(m);
  }

  // The chosen value of the chosen item on both sides: expected grey, actual blue.
  const ids = act.items.map((i) => i.id);
  for (const id of ids) { const o = document.createElement("option"); o.textContent = id; $("item").appendChild(o); }
  for (const c of act.columns) { const o = document.createElement("option"); o.textContent = c; $("column").appendChild(o); }
  $("column").value = act.columns.includes("center_y") ? "center_y" : act.columns[0];
  // The chart opens on the first item whose value differs between the sides, else on the first
  // that changes over the actual render: an item that never moves shows two flat lines.
  {
    const name = $("column").value;
    const differsAt = (id) => {
      const a = seriesOf(exp, id, name), b = seriesOf(act, id, name);
      return a.length !== b.length || a.some((v, k) => v !== b[k]);
    };
    const changes = (id) => {
      const s = seriesOf(act, id, name).filter((v) => v !== null);
      return s.some((v) => v !== s[0]);
    };
    const chosen = ids.find(differsAt) || ids.find(changes);
    if (chosen !== undefined) $("item").value = chosen;
  }
  $("item").addEventListener("change", plot); $("column").addEventListener("change", plot);
  function seriesOf(data, id, name) {
    const item = data.items.find((i) => i.id === id), c = data.columns.indexOf(name);
    return item && c >= 0 ? item.series[c] : [];
  }
  function plot() {
    const canvas = $("plot"), w = canvas.clientWidth || 600, h = 180, ratio = window.devicePixelRatio || 1;
    canvas.width = w * ratio; canvas.height = h * ratio;
    const g = canvas.getContext("2d"); g.setTransform(ratio, 0, 0, ratio, 0, 0); g.clearRect(0, 0, w, h);
    const both = [seriesOf(exp, $("item").value, $("column").value), seriesOf(act, $("item").value, $("column").value)];
    const values = both.flat().filter((v) => v !== null);
    document.body.dataset.plotted = both.map((s) => s.length).join(",");
    if (!values.length) return;
    const lo = Math.min(...values), hi = Math.max(...values), span = hi - lo || 1;
    const x = (k) => 8 + (last ? k / last : 0) * (w - 16);
    ["#8E8E93", "#0A84FF"].forEach((colour, i) => {
      g.strokeStyle = colour; g.lineWidth = 1.5; g.beginPath(); let pen = false;
      both[i].forEach((v, k) => {
        if (v === null) { pen = false; return; }
        const y = h - 12 - ((v - lo) / span) * (h - 24);
        pen ? g.lineTo(x(k), y) : g.moveTo(x(k), y); pen = true;
      });
      g.stroke();
    });
    g.fillStyle = "#FF3B30";
    for (const k of differs) g.fillRect(x(k) - 0.5, h - 6, 1, 6);
    g.strokeStyle = "#FF3B30"; g.beginPath(); g.moveTo(x(frame) + 0.5, 0); g.lineTo(x(frame) + 0.5, h); g.stroke();
  }

  $("summary").textContent = "expected " + exp.frameCount + " frames (" + stored.size + " stored as PNG), actual " + act.frameCount
    + (full.size < act.frameCount ? " (" + full.size + " in full, " + thumbs.length + " as thumbnails)" : "") + " · " + differs.size + " differ";
  show(all.differing.length ? all.differing[0] : 0);
  document.body.dataset.ready = "true";
})();
