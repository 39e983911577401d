// Flipbook's player: steps through the PNG frames beside this page, with the trace's events on the
// timeline, its values plotted under it, and an inspector of the selected item. Plain script, no
// network: everything it shows is in the page (the data element) or the frame files next to it.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("flipbook-data").textContent);
  // `index.html?embed`: the picture only, for a page that drives this player (the studio's A/B view).
  if (/[?&]embed\b/.test(location.search)) document.body.classList.add("embed");
  const $ = (id) => document.getElementById(id);
  const img = $("frame"), scrubber = $("scrubber"), outline = $("outline");
  const last = Math.max(0, data.frameCount - 1);
  // The first item that moves, turns, resizes or fades is selected: the one a reader came to
  // see (the first item in trace order is usually a static background).
  function firstChanging() {
    const watched = ["center_x", "center_y", "angle_rad", "frame_width", "frame_height", "opacity"]
      .map((name) => data.columns.indexOf(name)).filter((c) => c >= 0);
    const i = data.items.findIndex((item) => watched.some((c) => {
      const series = item.series[c] || [];
      const first = series.find((v) => v !== null);
      return series.some((v) => v !== null && v !== first);
    }));
    return i >= 0 ? i : (data.items.length ? 0 : -1);
  }
  const state = { frame: 0, playing: false, selected: firstChanging(), plotted: new Set() };
  const column = (name) => data.columns.indexOf(name);

  const pad = (n) => String(n).padStart(5, "0");
  const frameFile = (k) => "frame_" + pad(data.firstFrame + k) + ".png";
  const tickOf = (k) => data.firstFrame + k;
  const timeOf = (k) => (tickOf(k) / data.fps).toFixed(3);

  // Keep the next frames decoded so playback at 1x and 2x does not stall on the disk.
  const cache = new Map();
  function preload(k) {
    for (let i = k; i < Math.min(k + 24, data.frameCount); i++) {
      if (!cache.has(i)) { const im = new Image(); im.src = frameFile(i); cache.set(i, im); }
    }
    if (cache.size > 240) for (const key of cache.keys()) { if (key < k - 24 || key > k + 48) cache.delete(key); }
  }

  function show(k) {
    k = Math.max(0, Math.min(last, k | 0));
    state.frame = k;
    img.src = frameFile(k);
    document.body.dataset.frame = String(k);
    document.body.dataset.tick = String(tickOf(k));
    scrubber.value = String(k);
    $("frameLabel").textContent = timeOf(k) + " s · frame " + tickOf(k) + " (" + (k + 1) + " of " + data.frameCount + ")";
    preload(k);
    inspect();
    drawPlot();
  }

  // Playback: the frame follows the clock at fps × speed, so slow motion and 2x stay in time.
  let started = 0, startFrame = 0;
  function tick(now) {
    if (!state.playing) return;
    const speed = Number($("speed").value);
    let k = startFrame + Math.floor(((now - started) / 1000) * data.fps * speed);
    if (k > last) {
      if ($("loop").checked && data.frameCount > 1) { started = now; startFrame = 0; k = 0; }
      else { show(last); setPlaying(false); return; }
    }
    if (k !== state.frame) show(k);
    requestAnimationFrame(tick);
  }
  function setPlaying(on) {
    state.playing = on;
    $("play").textContent = on ? "Pause" : "Play";
    document.body.dataset.playing = on ? "true" : "false";
    if (on) {
      if (state.frame >= last) show(0);
      started = performance.now(); startFrame = state.frame;
      requestAnimationFrame(tick);
    }
  }
  function step(by) { setPlaying(false); show(state.frame + by); }

  $("play").addEventListener("click", () => setPlaying(!state.playing));
  $("back").addEventListener("click", () => step(-1));
  $("forward").addEventListener("click", () => step(1));
  $("speed").addEventListener("change", () => { if (state.playing) { started = performance.now(); startFrame = state.frame; } });
  scrubber.max = String(last);
  scrubber.addEventListener("input", () => { setPlaying(false); show(Number(scrubber.value)); });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement && e.target.type !== "range") return;
    if (e.key === "ArrowRight") { step(e.shiftKey ? 10 : 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { step(e.shiftKey ? -10 : -1); e.preventDefault(); }
    else if (e.key === "Home") { step(-data.frameCount); e.preventDefault(); }
    else if (e.key === "End") { step(data.frameCount); e.preventDefault(); }
    else if (e.key === " ") { setPlaying(!state.playing); e.preventDefault(); }
  });

  // Events: a marker per event on the timeline and a list beside the picture; both jump to its tick.
  const inWindow = data.events.filter((e) => e.tick >= data.firstFrame && e.tick < data.firstFrame + data.frameCount);
  // Events at one tick share one marker (its tooltip lists them all), so none hides another.
  const byTick = new Map();
  for (const e of inWindow) { if (!byTick.has(e.tick)) byTick.set(e.tick, []); byTick.get(e.tick).push(e); }
  for (const [t, events] of byTick) {
    const k = t - data.firstFrame;
    const marker = document.createElement("button");
    marker.className = "marker " + events[0].kind;
    marker.dataset.tick = String(t);
    marker.title = "tick " + t + ": " + events.map((e) => e.text).join("; ");
    marker.style.left = (last ? (k / last) * 100 : 0) + "%";
    marker.addEventListener("click", () => step(k - state.frame));
    $("markers").appendChild(marker);
  }
  for (const e of inWindow) {
    const k = e.tick - data.firstFrame;
    const li = document.createElement("li");
    li.dataset.tick = String(e.tick);
    li.textContent = (e.tick / data.fps).toFixed(3) + " s · " + e.text;
    li.addEventListener("click", () => step(k - state.frame));
    $("events").appendChild(li);
  }

  // Inspector: the selected item's trace values at this frame (presentation values, in points).
  const picker = $("itemPicker");
  data.items.forEach((item, i) => { const o = document.createElement("option"); o.value = String(i); o.textContent = item.id; picker.appendChild(o); });
  picker.addEventListener("change", () => select(Number(picker.value)));
  function select(i) {
    state.selected = i;
    picker.value = String(i);
    document.body.dataset.selected = i >= 0 ? data.items[i].id : "";
    inspect(); drawPlot();
  }
  function valueAt(item, name, k) {
    const c = column(name);
    return c < 0 ? null : item.series[c][k];
  }
  function inspect() {
    const body = $("inspector").tBodies[0];
    body.textContent = "";
    const item = data.items[state.selected];
    if (!item) { outline.hidden = true; return; }
    $("selection").textContent = item.id + " at tick " + tickOf(state.frame);
    data.columns.forEach((name, c) => {
      const row = body.insertRow();
      row.dataset.key = name;
      row.insertCell().textContent = name;
      const v = item.series[c][state.frame];
      row.insertCell().textContent = v === null ? "—" : v.toFixed(data.decimals[c] || 0);
    });
    const x = valueAt(item, "frame_x", state.frame), y = valueAt(item, "frame_y", state.frame);
    const w = valueAt(item, "frame_width", state.frame), h = valueAt(item, "frame_height", state.frame);
    if (x === null || y === null || w === null || h === null) { outline.hidden = true; return; }
    const pw = data.width / data.scale, ph = data.height / data.scale;
    Object.assign(outline.style, { left: (x / pw) * 100 + "%", top: (y / ph) * 100 + "%", width: (w / pw) * 100 + "%", height: (h / ph) * 100 + "%" });
    outline.hidden = false;
  }
  // Click to select: the topmost item (last in trace order) whose frame holds the point.
  img.addEventListener("click", (e) => {
    const r = img.getBoundingClientRect();
    const px = ((e.clientX - r.left) / r.width) * (data.width / data.scale);
    const py = ((e.clientY - r.top) / r.height) * (data.height / data.scale);
    for (let i = data.items.length - 1; i >= 0; i--) {
      const it = data.items[i], k = state.frame;
      const x = valueAt(it, "frame_x", k), y = valueAt(it, "frame_y", k), w = valueAt(it, "frame_width", k), h = valueAt(it, "frame_height", k);
      if (x !== null && px >= x && px <= x + w && py >= y && py <= y + h) { select(i); return; }
    }
  });

  // Plots: the selected item's chosen series over the window, each scaled to its own range, with
  // a cursor at the current frame and the events as ticks along the bottom.
  const preferred = ["center_x", "center_y", "angle_rad", "frame_width", "opacity"].concat(data.columns.filter((c) => c.endsWith("_fraction")));
  const colours = ["#0A84FF", "#FF9500", "#34C759", "#AF52DE", "#FF2D55", "#5AC8FA", "#FFCC00", "#8E8E93"];
  data.columns.forEach((name) => {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox"; box.value = name; box.checked = preferred.slice(0, 3).includes(name) || name.endsWith("_fraction");
    if (box.checked) state.plotted.add(name);
    box.addEventListener("change", () => { box.checked ? state.plotted.add(name) : state.plotted.delete(name); drawPlot(); });
    label.append(box, " " + name);
    $("seriesPicker").appendChild(label);
  });
  function drawPlot() {
    const canvas = $("plot"), ratio = window.devicePixelRatio || 1;
    const w = canvas.clientWidth || 600, h = 180;
    canvas.width = Math.round(w * ratio); canvas.height = Math.round(h * ratio);
    const g = canvas.getContext("2d");
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, w, h);
    const item = data.items[state.selected];
    const xAt = (k) => 8 + (last ? k / last : 0) * (w - 16);
    let n = 0;
    if (item) for (const name of data.columns) {
      if (!state.plotted.has(name)) continue;
      const s = item.series[column(name)];
      const vs = s.filter((v) => v !== null);
      if (!vs.length) continue;
      const lo = Math.min(...vs), hi = Math.max(...vs), span = hi - lo || 1;
      g.strokeStyle = colours[n % colours.length]; g.lineWidth = 1.5; g.beginPath();
      let pen = false;
      s.forEach((v, k) => {
        if (v === null) { pen = false; return; }
        const y = h - 18 - ((v - lo) / span) * (h - 34);
        pen ? g.lineTo(xAt(k), y) : g.moveTo(xAt(k), y); pen = true;
      });
      g.stroke();
      g.fillStyle = g.strokeStyle; g.font = "11px sans-serif";
      g.fillText(name + " " + lo.toFixed(2) + " … " + hi.toFixed(2), 10, 13 + 13 * n);
      n++;
    }
    g.fillStyle = "#8E8E93";
    for (const e of inWindow) g.fillRect(xAt(e.tick - data.firstFrame) - 0.5, h - 8, 1, 8);
    g.strokeStyle = "#FF3B30"; g.lineWidth = 1; g.beginPath();
    g.moveTo(xAt(state.frame) + 0.5, 0); g.lineTo(xAt(state.frame) + 0.5, h); g.stroke();
  }
  $("plot").addEventListener("click", (e) => {
    const r = e.target.getBoundingClientRect();
    step(Math.round(((e.clientX - r.left - 8) / (r.width - 16)) * last) - state.frame);
  });
  window.addEventListener("resize", drawPlot);

  $("summary").textContent = data.frameCount + " frames at " + data.fps + " fps · " + data.width + "×" + data.height + " px · " + inWindow.length + " events";
  if (data.omitted) { $("omitted").hidden = false; $("omitted").textContent = data.omitted; }
  // A link to frame N (index.html#frame=N) opens there.
  const fromHash = /frame=(\d+)/.exec(location.hash);
  // For pages that hold players (the studio's A/B view): drive this one from outside.
  window.flipbookPlayer = { data, show: (k) => { setPlaying(false); show(k); }, get frame() { return state.frame; },
                            get selected() { return state.selected; } };
  select(state.selected);
  show(fromHash ? Number(fromHash[1]) - data.firstFrame : 0);
  document.body.dataset.ready = "true";
})();
