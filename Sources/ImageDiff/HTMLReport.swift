import Markup

/// The static HTML report: one self-contained page, inline CSS and JavaScript, images referenced
/// by paths relative to the page. No network access, so it opens from a CI artifact or a laptop
/// offline exactly as it was written.
///
/// Per differing frame it offers four views of expected against actual: side by side (with the
/// difference image between), overlay (actual over expected, opacity on a slider), flicker
/// (the two alternate twice a second: motion shows up as a jump) and the difference alone.
enum HTMLReport {
    static func render(_ bundle: ReportBundle) -> String {
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(bundle.title)) report</title>
            <style>\(css)</style></head><body>
            <h1>\(escape(bundle.title))</h1>
            <p class="totals">\(bundle.reports.count) compared · <b>\(bundle.failures)</b> failed · \(bundle.errors) errors · \(bundle.recorded) recorded</p>

            """
        for report in bundle.reports { html += section(report) }
        html += "<script>\(script)</script>\n</body></html>\n"
        return html
    }

    static func section(_ r: ComparisonReport) -> String {
        var s = "<section class=\"report \(r.verdict.rawValue)\" id=\"\(escape(r.name))\">\n"
        s += "<h2>\(escape(r.name)) <span class=\"verdict\">\(verdictText(r.verdict))</span></h2>\n"
        s +=
            "<p class=\"labels\">expected: <code>\(escape(r.expectedLabel))</code> · actual: <code>\(escape(r.actualLabel))</code>"
        if let f = r.frames { s += " · \(escape(f.comparator.summary))" }
        s += "</p>\n"
        if let motion = r.motionPage {
            s +=
                "<p class=\"motion\"><a href=\"\(escape(motion))\">Play expected and actual in motion</a>: in step, side by side or as a difference overlay, with the trace of both</p>\n"
        }
        let sentences = r.sentences
        if !sentences.isEmpty {
            s += "<ul class=\"findings\">" + sentences.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        }
        if let frames = r.frames, let strip = frames.heatStrip {
            s += """
                <h3>Difference over time</h3>
                <figure class="strip"><img src="\(escape(strip))" alt="heat strip: one column per frame">
                <figcaption>One column per frame, frame 0 on the left.
                <span class="key" style="background:#e5e5ea"></span> same
                <span class="key" style="background:#ff4040"></span> differs (stronger: more pixels)
                <span class="key" style="background:#823cc8"></span> differs by hash (expected pixels not stored)
                <span class="key" style="background:#ffec96"></span> within tolerance
                <span class="key" style="background:#000"></span> one side only</figcaption></figure>

                """
        }
        if let trace = r.trace, trace.differs { s += semanticTable(trace) }
        if let frames = r.frames { s += frameViews(frames) }
        return s + "</section>\n"
    }

    static func semanticTable(_ trace: TraceDiff) -> String {
        var s = "<h3>What changed in the motion</h3>\n"
        if let k = trace.timeShift { s += "<p class=\"shift\">\(escape(TimeShift.describe(k)))</p>\n" }
        s +=
            "<table class=\"semantic\"><tr><th>item</th><th>property</th><th>first divergent tick</th><th>expected</th><th>actual</th><th>largest difference</th><th>at tick</th></tr>\n"
        for item in trace.items where item.status != .same && item.movesWith == nil {
            if item.properties.isEmpty {
                s +=
                    "<tr><td>\(escape(item.item))</td><td colspan=\"6\">\(escape(item.sentences.joined(separator: "; ")))</td></tr>\n"
            }
            for p in item.properties.sorted(by: { $0.firstTick < $1.firstTick }) {
                let (e, a, largest) = p.shown
                s +=
                    "<tr><td>\(escape(item.item))</td><td>\(escape(p.property))</td><td>\(p.firstTick)</td>"
                    + "<td>\(escape(e))</td><td>\(escape(a))</td><td>\(escape(largest))</td><td>\(p.largestTick)</td></tr>\n"
            }
            let riders = trace.children(movingWith: item.item)
            if !riders.isEmpty {
                s +=
                    "<tr><td>\(escape(item.item))</td><td colspan=\"6\">\(escape(riders.joined(separator: ", "))) moved with it, with no change of their own</td></tr>\n"
            }
        }
        s += "</table>\n"
        if let events = trace.eventDivergence { s += "<p>Events: \(escape(events))</p>\n" }
        return s
    }

    static func frameViews(_ frames: SequenceDiff) -> String {
        let imaged = frames.frames.filter { $0.images != nil }
        guard !imaged.isEmpty else { return "" }
        var s = "<h3>Frames</h3>\n"
        if frames.imagesOmitted > 0 {
            s +=
                "<p>\(frames.imagesOmitted) more differing frames have no images (raise --max-images to see them).</p>\n"
        }
        for frame in imaged {
            guard let images = frame.images else { continue }
            s += "<div class=\"viewer\" data-mode=\"side\"><h4>frame \(frame.index)"
            if let p = frame.pixels {
                s += " · \(p.differingPixels) differing pixels · max channel delta \(p.maxChannelDelta)"
            }
            s += "</h4>\n"
            guard let expected = images.expected, let actual = images.actual, let difference = images.difference else {
                if let actual = images.actual {
                    s +=
                        "<p>Expected pixels not stored for this frame; the actual frame:</p><img class=\"single\" src=\"\(escape(actual))\" alt=\"actual\">\n"
                }
                s += "</div>\n"
                continue
            }
            s += """
                <div class="modes"><button data-mode="side">side by side</button><button data-mode="overlay">overlay</button><button data-mode="flicker">flicker</button><button data-mode="diff">difference</button><button class="zoom" title="Show the frames at full size (a phone canvas is large); click an image to open it alone">full size</button></div>
                <div class="panel side"><figure><img src="\(escape(expected))" alt="expected"><figcaption>expected</figcaption></figure><figure><img src="\(escape(difference))" alt="difference"><figcaption>difference</figcaption></figure><figure><img src="\(escape(actual))" alt="actual"><figcaption>actual</figcaption></figure></div>
                <div class="panel overlay"><div class="stack"><img src="\(escape(expected))" alt="expected"><img class="top" src="\(escape(actual))" alt="actual" style="opacity:0.5"></div><label>expected <input type="range" min="0" max="100" value="50"> actual</label></div>
                <div class="panel flicker"><div class="stack"><img src="\(escape(expected))" alt="expected"><img class="top" src="\(escape(actual))" alt="actual"></div><p class="which">expected</p></div>
                <div class="panel diff"><img src="\(escape(difference))" alt="difference"><p>red: differs · yellow: anti-aliasing (ignored in perceptual mode) · orange: below the threshold</p></div>
                </div>

                """
        }
        return s
    }

    static func verdictText(_ v: ComparisonReport.Verdict) -> String {
        switch v {
        case .same: return "same"
        case .different: return "different"
        case .recorded: return "recorded"
        case .missingGolden: return "no goldens"
        case .error: return "error"
        }
    }

    static let css = """
        body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:24px;color:#1c1c1e;background:#fff}
        h1{font-size:22px;margin:0 0 4px}.totals{color:#555}
        section.report{border-top:1px solid #ddd;padding:12px 0}
        .verdict{font-size:13px;padding:2px 8px;border-radius:10px;background:#e5e5ea;vertical-align:middle}
        .different .verdict,.missingGolden .verdict,.error .verdict{background:#ff3b30;color:#fff}
        .same .verdict{background:#34c759;color:#fff}.recorded .verdict{background:#ff9500;color:#fff}
        .findings li{margin:2px 0}.shift{font-weight:bold}
        table.semantic{border-collapse:collapse}table.semantic td,table.semantic th{border:1px solid #ddd;padding:3px 8px;text-align:left}
        .strip img{image-rendering:pixelated;width:100%;max-width:960px;height:32px;border:1px solid #ccc}
        .key{display:inline-block;width:12px;height:12px;border:1px solid #999;margin:0 2px 0 10px;vertical-align:middle}
        .viewer{margin:12px 0;padding:8px;background:#f7f7f9;border-radius:8px}
        .viewer .panel{display:none}.viewer[data-mode=side] .side{display:flex;gap:8px}
        .viewer[data-mode=overlay] .overlay,.viewer[data-mode=flicker] .flicker,.viewer[data-mode=diff] .diff{display:block}
        .viewer img{max-height:420px;max-width:100%;border:1px solid #ccc;background:#fff}
        .side figure{margin:0}.side figcaption{text-align:center;color:#555}
        .stack{position:relative;display:inline-block}.stack img.top{position:absolute;left:0;top:0}
        .flicker .stack img.top{visibility:hidden}.flicker.show-actual .stack img.top{visibility:visible}
        .modes button{margin-right:4px}.single{max-height:420px}
        .viewer.zoomed img{max-height:none;max-width:none}.viewer.zoomed .side{overflow-x:auto}
        .viewer img{cursor:zoom-in}
        """

    static func escape(_ text: String) -> String {
        text.xmlEscaped
    }

    static let script = """
        document.querySelectorAll('.viewer').forEach(function (v) {
          v.querySelectorAll('button[data-mode]').forEach(function (b) {
            b.addEventListener('click', function () { v.dataset.mode = b.dataset.mode; });
          });
          var zoom = v.querySelector('button.zoom');
          if (zoom) zoom.addEventListener('click', function () {
            v.classList.toggle('zoomed');
            zoom.textContent = v.classList.contains('zoomed') ? 'fit' : 'full size';
          });
          v.querySelectorAll('img').forEach(function (img) {
            img.addEventListener('click', function () { window.open(img.getAttribute('src'), '_blank'); });
          });
          var slider = v.querySelector('input[type=range]');
          if (slider) slider.addEventListener('input', function () {
            v.querySelector('.overlay img.top').style.opacity = slider.value / 100;
          });
        });
        setInterval(function () {
          document.querySelectorAll('.viewer[data-mode=flicker] .flicker').forEach(function (f) {
            f.classList.toggle('show-actual');
            f.querySelector('.which').textContent = f.classList.contains('show-actual') ? 'actual' : 'expected';
          });
        }, 500);
        """
}

/// JUnit XML (the Ant schema most CI systems read): one test case per comparison; a difference
/// is a `<failure>`, trouble an `<error>`, a recording `<skipped>` (it proves nothing). Each case
/// has its `time`; the suite's properties give the report's path and each scene's file.
/// Valid against Jenkins' junit-10.xsd (a test validates it with xmllint): `skipped` is an
/// attribute of `<testsuite>` only, never of `<testsuites>`.
enum JUnitReport {
    static func render(_ bundle: ReportBundle, reportLink: String? = nil) -> String {
        let skipped = bundle.recorded
        let total = bundle.reports.compactMap(\.seconds).reduce(0, +)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"\(HTMLReport.escape(bundle.title))\" tests=\"\(bundle.reports.count)\" failures=\"\(bundle.failures)\" errors=\"\(bundle.errors)\" time=\"\(seconds(total))\">\n"
        xml +=
            "  <testsuite name=\"\(HTMLReport.escape(bundle.title))\" tests=\"\(bundle.reports.count)\" failures=\"\(bundle.failures)\" errors=\"\(bundle.errors)\" skipped=\"\(skipped)\" time=\"\(seconds(total))\">\n"
        var properties: [(String, String)] = reportLink.map { [("report", $0)] } ?? []
        for r in bundle.reports { if let file = r.sceneFile { properties.append(("scene." + r.name, file)) } }
        if !properties.isEmpty {
            xml += "    <properties>\n"
            for (name, value) in properties {
                xml += "      <property name=\"\(HTMLReport.escape(name))\" value=\"\(HTMLReport.escape(value))\"/>\n"
            }
            xml += "    </properties>\n"
        }
        for r in bundle.reports {
            let name = HTMLReport.escape(r.name)
            let body = HTMLReport.escape(r.sentences.joined(separator: "\n"))
            let message = HTMLReport.escape(r.sentences.first ?? HTMLReport.verdictText(r.verdict))
            xml += "    <testcase classname=\"flipbook\" name=\"\(name)\" time=\"\(seconds(r.seconds ?? 0))\""
            switch r.verdict {
            case .same: xml += "/>\n"
            case .different, .missingGolden:
                xml +=
                    ">\n      <failure type=\"\(r.verdict.rawValue)\" message=\"\(message)\">\(body)</failure>\n    </testcase>\n"
            case .error:
                xml += ">\n      <error message=\"\(message)\">\(body)</error>\n    </testcase>\n"
            case .recorded:
                xml += ">\n      <skipped message=\"\(message)\"/>\n    </testcase>\n"
            }
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    /// Seconds with millisecond precision, as JUnit writers print them: "1.234".
    static func seconds(_ value: Double) -> String { String(format: "%.3f", max(value, 0)) }
}
