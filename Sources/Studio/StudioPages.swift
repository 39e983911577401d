import Markup
import Player
import SceneModel

/// The studio's own small pages and the live-reload script the player pages get. Everything a
/// user named (scene names, error messages) is escaped: HTML-escaped in markup, `JSONText` in
/// script data.
enum StudioPages {
    /// The studio's own pages (list, waiting, compare).
    static let pageStyle = """
        body { font: 14px/1.5 -apple-system, "Inter", "DejaVu Sans", system-ui, sans-serif; margin: 24px; }
        li { margin: 4px 0; } .error { color: #FF3B30; } .refused { color: #8E8E93; } .rendering, .waiting { color: #8E8E93; } .ready { color: #34C759; }
        """

    /// What the studio adds to a player page: the error bar and the controls panel.
    static let style = """
        .control { display: flex; gap: 8px; align-items: center; margin: 4px 0; }
        .control input[type=range] { flex: 1; }
        #setLine { word-break: break-all; }
        #studio-error { position: fixed; left: 0; right: 0; top: 0; z-index: 10; margin: 0; padding: 10px 16px;
          background: #FF3B30; color: white; font: 13px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; }
        """

    static func sceneList(rows: [String], folder: String, token: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Flipbook studio</title><style>\(pageStyle)\(style)</style></head>
        <body data-studio="list"><h1>Flipbook studio</h1><p>Scenes in <code>\(folder.xmlEscaped)</code>. Save a scene file and its page reloads with the new render.</p>
        <ul id="scenes">\(rows.joined(separator: "\n"))</ul>
        \(bootstrap(scene: nil, version: 0, error: nil, token: token))
        </body></html>
        """
    }

    static func waiting(scene: String, error: String?, token: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(scene.xmlEscaped) · Flipbook studio</title><style>\(pageStyle)\(style)</style></head>
        <body data-studio="waiting"><h1>\(scene.xmlEscaped)</h1><p>\(error == nil ? "Rendering…" : "No render yet: fix the scene and save it.")</p>
        \(bootstrap(scene: scene, version: 0, error: error, token: token))
        </body></html>
        """
    }

    /// The player page of a render with the studio's script added before `</body>`.
    static func withLiveReload(_ page: String, scene: String, version: Int, error: String?, token: String) -> String {
        let script = bootstrap(scene: scene, version: version, error: error, token: token) + "\n</body>"
        guard let end = page.range(of: "</body>", options: .backwards) else { return page + script }
        return page.replacingCharacters(in: end, with: script)
    }

    /// The page's data for the script. `token` is the per-run secret the script sends with every
    /// change (`StudioAccess`); only pages the studio serves carry it, never a render on disk.
    static func bootstrap(scene: String?, version: Int, error: String?, token: String) -> String {
        let data =
            "{\"scene\":" + (scene.map(JSONText.quoted) ?? "null") + ",\"version\":\(version),\"error\":"
            + (error.map(JSONText.quoted) ?? "null") + ",\"token\":" + JSONText.quoted(token) + "}"
        return
            "<style>\(style)</style><script>window.FLIPBOOK_STUDIO = \(data);</script><script src=\"/studio.js\"></script>"
    }

    /// The controls panel's data: each control with its kind, range and current value, and the
    /// values pinned as variant A.
    static func controlsJSON(_ status: StudioRenderer.Status) -> String {
        let controls = status.controls.map { c -> String in
            var json = "{\"name\":\(JSONText.quoted(c.name)),\"value\":\(JSONText.quoted(c.value))"
            switch c.kind {
            case .color: json += ",\"kind\":\"color\""
            case .number(let range, let step):
                json += ",\"kind\":\"number\",\"min\":\(range.lowerBound),\"max\":\(range.upperBound),\"step\":\(step)"
            }
            return json + "}"
        }
        let pinned =
            status.pinned.map { values in
                "{"
                    + values.keys.sorted().map { "\(JSONText.quoted($0)):\(JSONText.quoted(values[$0] ?? ""))" }.joined(
                        separator: ",") + "}"
            } ?? "null"
        return "{\"controls\":[\(controls.joined(separator: ","))],\"pinned\":\(pinned),\"version\":\(status.version)}"
    }

    /// Variant A (pinned) and B (the current values) side by side, driven by one transport, with the
    /// chosen trace column of both plotted on one chart.
    static func compare(scene: String, token: String) -> String {
        let name = scene.xmlEscaped
        let path = StudioServer.urlComponent(scene)
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(name) A/B · Flipbook studio</title><style>\(pageStyle)\(style)
            .pair { display: flex; gap: 12px; } .pair figure { flex: 1; margin: 0; } .pair iframe { width: 100%; height: 58vh; border: 1px solid #ccc; border-radius: 8px; }
            #abPlot { width: 100%; height: 160px; display: block; } #abTransport { display: flex; gap: 10px; align-items: center; margin: 8px 0; } #abScrubber { flex: 1; }
            </style></head>
            <body data-studio="compare"><h1>\(name): A (pinned) and B (current values)</h1>
            <div class="pair"><figure><figcaption id="labelA">A: pinned</figcaption><iframe id="playerA" src="/pinned/\(path)/?embed"></iframe></figure>
            <figure><figcaption id="labelB">B: current values (reloads as you tune)</figcaption><iframe id="playerB" src="/scenes/\(path)/?embed"></iframe></figure></div>
            <div id="abTransport"><button id="abPlay">Play</button><input type="range" id="abScrubber" min="0" value="0"><output id="abFrame"></output>
            <select id="abColumn"></select></div>
            <canvas id="abPlot"></canvas>
            <script>window.FLIPBOOK_STUDIO_COMPARE = \(JSONText.quoted(scene)); window.FLIPBOOK_STUDIO_TOKEN = \(JSONText.quoted(token));</script><script src="/studio.js"></script>
            </body></html>
            """
    }

    /// Listens for renders: a newer version of this page's scene reloads it at the same frame; an
    /// error shows on top of the last good render; the scene list reloads on any render or error.
    static let liveReloadScript = """
        "use strict";
        (function () {
          const token = window.FLIPBOOK_STUDIO ? window.FLIPBOOK_STUDIO.token : window.FLIPBOOK_STUDIO_TOKEN;
          // Every change carries the run's token in a header: a cross-site page can send neither.
          const post = (url) => fetch(url, { method: "POST", headers: { "X-Flipbook-Studio-Token": token } })
            .then((r) => { if (!r.ok) return r.text().then((t) => { throw new Error(t); }); });
          if (window.FLIPBOOK_STUDIO_COMPARE !== undefined) { compareView(window.FLIPBOOK_STUDIO_COMPARE); return; }
          const me = window.FLIPBOOK_STUDIO;
          function showError(message) {
            let bar = document.getElementById("studio-error");
            if (!message) { if (bar) bar.remove(); return; }
            if (!bar) { bar = document.createElement("pre"); bar.id = "studio-error"; document.body.prepend(bar); }
            bar.textContent = message;
          }
          showError(me.error);
          document.body.dataset.studioVersion = String(me.version);
          // The newest save whose frame this page shows (rendered ahead): a whole render that does
          // not cover it is already stale, and reloading for it would hide the newer frame.
          let shownSave = 0;
          const source = new EventSource("/events");
          source.onmessage = (message) => receive(JSON.parse(message.data));
          // A render published after this page was served but before the stream opened sent its
          // event to nobody here: once connected, ask for the scene's status and catch up.
          source.onopen = () => {
            if (me.scene === null) return;
            fetch("/status/" + encodeURIComponent(me.scene)).then((r) => (r.ok ? r.json() : null))
              .then((s) => { if (s) receive({ scene: me.scene, version: s.version, error: s.error }); })
              .catch(() => {});
          };
          // What the page does with an event; the browser tests hand it events of their own.
          window.flipbookStudioLive = { receive };
          function receive(e) {
            // The scene list shows renders and errors; frames rendered ahead (sent again to every
            // page that connects, until the whole render) change nothing in it.
            if (me.scene === null) { if (!e.preview) location.reload(); return; }
            if (e.scene !== me.scene) return;
            if (e.preview) {
              // The frame on screen, rendered ahead with the new values or file: shown until the
              // page reloads, unless the page has moved to another frame since.
              const img = document.getElementById("frame");
              const tick = document.body.dataset.tick;
              if (img && (tick === undefined || e.preview === "frame_" + tick.padStart(5, "0") + ".png")) {
                img.src = "/preview/" + encodeURIComponent(me.scene) + "/" + e.preview + "?n=" + Date.now();
                shownSave = Math.max(shownSave, e.save || 0);
                document.body.dataset.shownSave = String(shownSave);
              }
              sessionStorage.setItem("flipbookPreviews", String(Number(sessionStorage.getItem("flipbookPreviews") || 0) + 1));
              document.body.dataset.preview = e.preview;
              return;
            }
            if (e.version > me.version && !(e.save < shownSave)) {
              const tick = document.body.dataset.tick;
              if (tick !== undefined) history.replaceState(null, "", "#frame=" + tick);
              location.reload();
            } else {
              showError(e.error);
            }
          }
          if (me.scene !== null && window.top === window && document.getElementById("side")) controlsPanel(me.scene);
          if (me.scene !== null && document.getElementById("frame")) reportFrame(me.scene);

          // Tells the studio which frame this page shows (once it settles), so that a save of the
          // scene file renders that frame first and the page shows it before the whole render.
          function reportFrame(scene) {
            let timer = null, sent = null;
            const report = () => {
              clearTimeout(timer);
              timer = setTimeout(() => {
                const tick = document.body.dataset.tick;
                if (tick === undefined || tick === sent) return;
                sent = tick;
                post("/scenes/" + encodeURIComponent(scene) + "/view?tick=" + encodeURIComponent(tick))
                  .then(() => { document.body.dataset.studioViewing = tick; }).catch(() => { sent = null; });
              }, 100);
            };
            new MutationObserver(report).observe(document.body, { attributes: true, attributeFilter: ["data-tick"] });
            report();
          }

          // Sliders for the scene's controls; a change renders again with the new values (debounced).
          function controlsPanel(scene) {
            const base = "/scenes/" + encodeURIComponent(scene);
            fetch("/controls/" + encodeURIComponent(scene)).then((r) => r.json()).then((info) => {
              const box = document.createElement("section");
              box.id = "controls";
              const title = document.createElement("h2"); title.textContent = "Controls"; box.appendChild(title);
              const values = {};
              let timer = null;
              const setLine = document.createElement("code"); setLine.id = "setLine";
              const describe = () => { setLine.textContent = Object.keys(values).sort().map((k) => "--set " + k + "=" + values[k]).join(" "); };
              const send = () => {
                clearTimeout(timer);
                timer = setTimeout(() => {
                  const tick = document.body.dataset.tick || "0";
                  const query = Object.keys(values).sort().map((k) => encodeURIComponent(k) + "=" + encodeURIComponent(values[k])).join("&")
                    + "&-tick=" + encodeURIComponent(tick);
                  document.body.dataset.studioPending = "true";
                  post(base + "/set?" + query).catch((e) => showError(String(e)));
                }, 250);
              };
              for (const c of info.controls) {
                values[c.name] = c.value;
                const row = document.createElement("label"); row.className = "control";
                row.append(c.name + " ");
                const input = document.createElement("input");
                input.id = "control-" + c.name;
                const shown = document.createElement("output");
                if (c.kind === "number") {
                  input.type = "range"; input.min = c.min; input.max = c.max; input.step = c.step > 0 ? c.step : "any"; input.value = c.value;
                  shown.textContent = c.value;
                  input.addEventListener("input", () => { values[c.name] = input.value; shown.textContent = input.value; describe(); send(); });
                } else {
                  input.type = "color"; input.value = c.value.slice(0, 7).toLowerCase();
                  input.addEventListener("input", () => { values[c.name] = input.value.toUpperCase(); describe(); send(); });
                }
                row.append(input, " ", shown);
                box.appendChild(row);
              }
              if (!info.controls.length) {
                const none = document.createElement("p");
                none.textContent = "Declare controls: in the scene to tune values here.";
                box.appendChild(none);
              } else {
                const pin = document.createElement("button"); pin.id = "pin"; pin.textContent = "Pin as A";
                const compare = document.createElement("a"); compare.id = "compare"; compare.href = base + "/compare"; compare.textContent = "Compare A/B";
                compare.hidden = !info.pinned;
                pin.addEventListener("click", () => post(base + "/pin").then(() => { compare.hidden = false; document.body.dataset.pinned = "true"; })
                  .catch((e) => showError(String(e))));
                const copy = document.createElement("p"); copy.append("Same render from the CLI: ", setLine);
                const writeBack = document.createElement("button"); writeBack.id = "writeBack"; writeBack.textContent = "Write values to the scene file";
                writeBack.addEventListener("click", () => post(base + "/write-back")
                  .then(() => { document.body.dataset.written = "true"; }).catch((e) => showError(String(e))));
                box.append(pin, " ", compare, copy, writeBack);
                describe();
              }
              document.getElementById("side").prepend(box);
              document.body.dataset.controls = "ready";
            });
          }

          // A and B side by side: one transport drives both players; the chosen column of the
          // selected item is plotted for both (A grey, B blue).
          function compareView(scene) {
            const frames = [document.getElementById("playerA"), document.getElementById("playerB")];
            const players = () => frames.map((f) => f.contentWindow && f.contentWindow.flipbookPlayer);
            const scrubber = document.getElementById("abScrubber"), column = document.getElementById("abColumn");
            let frame = 0, playing = false, started = 0, startFrame = 0;
            function ready() { return players().every((p) => p); }
            function show(k) {
              const [a, b] = players();
              const count = Math.max(a.data.frameCount, b.data.frameCount);
              frame = Math.max(0, Math.min(count - 1, k));
              a.show(Math.min(frame, a.data.frameCount - 1)); b.show(Math.min(frame, b.data.frameCount - 1));
              scrubber.max = String(count - 1); scrubber.value = String(frame);
              document.getElementById("abFrame").textContent = "frame " + frame;
              document.body.dataset.frame = String(frame);
              plot();
            }
            function plot() {
              const canvas = document.getElementById("abPlot"), w = canvas.clientWidth || 600, h = 160, ratio = window.devicePixelRatio || 1;
              canvas.width = w * ratio; canvas.height = h * ratio;
              const g = canvas.getContext("2d"); g.setTransform(ratio, 0, 0, ratio, 0, 0); g.clearRect(0, 0, w, h);
              const [a, b] = players();
              const id = b.data.items[b.selected] ? b.data.items[b.selected].id : null;
              const series = [a, b].map((p) => {
                const item = p.data.items.find((it) => it.id === id), c = p.data.columns.indexOf(column.value);
                return item && c >= 0 ? item.series[c] : [];
              });
              const all = series.flat().filter((v) => v !== null);
              if (!all.length) return;
              const lo = Math.min(...all), hi = Math.max(...all), span = hi - lo || 1;
              const count = Math.max(series[0].length, series[1].length, 2);
              ["#8E8E93", "#0A84FF"].forEach((colour, i) => {
                g.strokeStyle = colour; g.lineWidth = 1.5; g.beginPath(); let pen = false;
                series[i].forEach((v, k) => {
                  if (v === null) { pen = false; return; }
                  const x = 8 + (k / (count - 1)) * (w - 16), y = h - 10 - ((v - lo) / span) * (h - 20);
                  pen ? g.lineTo(x, y) : g.moveTo(x, y); pen = true;
                });
                g.stroke();
              });
              g.strokeStyle = "#FF3B30"; g.beginPath(); const x = 8 + (frame / (count - 1)) * (w - 16); g.moveTo(x, 0); g.lineTo(x, h); g.stroke();
              document.body.dataset.plotted = String(series[0].length) + "," + String(series[1].length);
            }
            function tick(now) {
              if (!playing) return;
              const [, b] = players();
              const k = startFrame + Math.floor(((now - started) / 1000) * b.data.fps);
              if (k >= Number(scrubber.max)) { show(Number(scrubber.max)); playing = false; document.getElementById("abPlay").textContent = "Play"; return; }
              if (k !== frame) show(k);
              requestAnimationFrame(tick);
            }
            document.getElementById("abPlay").addEventListener("click", (e) => {
              playing = !playing; e.target.textContent = playing ? "Pause" : "Play";
              if (playing) { started = performance.now(); startFrame = frame >= Number(scrubber.max) ? 0 : frame; requestAnimationFrame(tick); }
            });
            scrubber.addEventListener("input", () => show(Number(scrubber.value)));
            column.addEventListener("change", plot);
            frames.forEach((f) => f.addEventListener("load", () => setTimeout(() => { if (ready()) show(frame); }, 50)));
            const wait = setInterval(() => {
              if (!ready()) return;
              clearInterval(wait);
              const [, b] = players();
              for (const name of b.data.columns) { const o = document.createElement("option"); o.value = name; o.textContent = name; column.appendChild(o); }
              column.value = b.data.columns.includes("center_x") ? "center_x" : b.data.columns[0];
              show(0);
              document.body.dataset.ready = "true";
            }, 100);
          }
        })();
        """
}
