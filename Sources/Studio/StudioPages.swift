import Markup
import Player

/// The studio's own small pages and the live-reload script the player pages get. Everything a
/// user named (scene names, error messages) is escaped: HTML-escaped in markup, `JSONText` in
/// script data.
enum StudioPages {
    static let style = """
        body { font: 14px/1.5 -apple-system, "Inter", "DejaVu Sans", system-ui, sans-serif; margin: 24px; }
        li { margin: 4px 0; } .error { color: #FF3B30; } .rendering, .waiting { color: #8E8E93; } .ready { color: #34C759; }
        #studio-error { position: fixed; left: 0; right: 0; top: 0; z-index: 10; margin: 0; padding: 10px 16px;
          background: #FF3B30; color: white; font: 13px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; }
        """

    static func sceneList(rows: [String], folder: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Flipbook studio</title><style>\(style)</style></head>
        <body data-studio="list"><h1>Flipbook studio</h1><p>Scenes in <code>\(folder.xmlEscaped)</code>. Save a scene file and its page reloads with the new render.</p>
        <ul id="scenes">\(rows.joined(separator: "\n"))</ul>
        \(bootstrap(scene: nil, version: 0, error: nil))
        </body></html>
        """
    }

    static func waiting(scene: String, error: String?) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(scene.xmlEscaped) · Flipbook studio</title><style>\(style)</style></head>
        <body data-studio="waiting"><h1>\(scene.xmlEscaped)</h1><p>\(error == nil ? "Rendering…" : "No render yet: fix the scene and save it.")</p>
        \(bootstrap(scene: scene, version: 0, error: error))
        </body></html>
        """
    }

    /// The player page of a render with the studio's script added before `</body>`.
    static func withLiveReload(_ page: String, scene: String, version: Int, error: String?) -> String {
        let script = bootstrap(scene: scene, version: version, error: error) + "\n</body>"
        guard let end = page.range(of: "</body>", options: .backwards) else { return page + script }
        return page.replacingCharacters(in: end, with: script)
    }

    static func bootstrap(scene: String?, version: Int, error: String?) -> String {
        let data = "{\"scene\":" + (scene.map(JSONText.quoted) ?? "null") + ",\"version\":\(version),\"error\":"
            + (error.map(JSONText.quoted) ?? "null") + "}"
        return "<style>\(style)</style><script>window.FLIPBOOK_STUDIO = \(data);</script><script src=\"/studio.js\"></script>"
    }

    /// Listens for renders: a newer version of this page's scene reloads it at the same frame; an
    /// error shows on top of the last good render; the scene list reloads on any event.
    static let liveReloadScript = """
        "use strict";
        (function () {
          const me = window.FLIPBOOK_STUDIO;
          function showError(message) {
            let bar = document.getElementById("studio-error");
            if (!message) { if (bar) bar.remove(); return; }
            if (!bar) { bar = document.createElement("pre"); bar.id = "studio-error"; document.body.prepend(bar); }
            bar.textContent = message;
          }
          showError(me.error);
          document.body.dataset.studioVersion = String(me.version);
          const source = new EventSource("/events");
          source.onmessage = (message) => {
            const e = JSON.parse(message.data);
            if (me.scene === null) { location.reload(); return; }
            if (e.scene !== me.scene) return;
            if (e.version > me.version) {
              const tick = document.body.dataset.tick;
              if (tick !== undefined) history.replaceState(null, "", "#frame=" + tick);
              location.reload();
            } else {
              showError(e.error);
            }
          };
        })();
        """
}
