#!/bin/sh
# Screenshots a Flipbook HTML report in headless Chromium, with every network request refused,
# so the picture proves the report renders offline from its own folder.
#   Tests/Tools/screenshot_report.sh REPORT.html OUT.png [WIDTHxHEIGHT]
# Exit status: 0 with OUT.png written; 127 when no Chromium is installed; 1 otherwise.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 REPORT.html OUT.png [WIDTHxHEIGHT]" >&2; exit 1; }
html=$1
png=$2
size=${3:-1280x1600}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
    echo "$0: chromium is not installed (Debian: apt-get install -y chromium)" >&2
    exit 127
fi
[ -f "$html" ] || { echo "$0: no such report: $html" >&2; exit 1; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
# --host-resolver-rules: any host name fails to resolve, so a network asset would show up broken.
# --virtual-time-budget: the screenshot waits until the page and its images have loaded (virtual
# time runs ahead while the page is idle); without it, a loaded machine (CI's 2 cores under the
# whole suite) sometimes captured the page before the frame images were painted.
# --run-all-compositor-stages-before-draw: the screenshot is of a fully composited frame (once,
# under a full suite on 2 cores, it still showed the page without its images; the test retries).
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --virtual-time-budget=10000 --run-all-compositor-stages-before-draw \
    --user-data-dir="$profile" --host-resolver-rules="MAP * ~NOTFOUND" \
    --window-size="$(echo "$size" | tr x ,)" --screenshot="$(realpath -m "$png")" \
    "file://$(realpath "$html")" >/dev/null 2>&1 || true
[ -s "$png" ] || { echo "$0: chromium wrote no screenshot to $png" >&2; exit 1; }
