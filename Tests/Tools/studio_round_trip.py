"""How long a designer waits in the studio, measured in headless Chromium through the browser
tests' Selenium set-up (Tests/Browser/browser.py). For each scene, N saves of its file (a comment
appended, so the motion is the same), each timed:

  event     from the save to the page's being told of the new frame (its image source changes);
  shown     from the save to the new frame on the page: the frame the page shows, rendered ahead of
            the whole scene, loaded, decoded and painted (the next animation frame after decode());
  whole     from the save to the whole re-render published (`/status/<scene>` gives the new
            version);
and, for comparison, `flipbook render SCENE --video none` of the same scene (frames, trace and
manifest; the studio writes frames, trace and the player page), timed as a process.

The first saves (--whole, default 3) and the last wait for the whole re-render; the others come
0.5 s after the frame is shown, while the studio re-renders, as a designer saves again: that save
cancels the running render, and the time it takes to stop counts in the next frame's wait.

Prints a Markdown table of medians (min–max), one row a scene. A measuring tool, not a test: wall
time decides nothing in the suite. The saves go to a copy of the scene folder.

Usage: /usr/bin/python3 Tests/Tools/studio_round_trip.py FLIPBOOK [--saves N] [--whole N]
         [--frame first|middle|last] [--renders N] [SCENE ...]
       (FLIPBOOK: a release build with flipbook-studio beside it, as `make studio` builds)
"""
import argparse
import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Browser"))
from browser import chromium  # noqa: E402

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

parser = argparse.ArgumentParser(description="Studio round trips: save to frame shown, save to whole render.")
parser.add_argument("flipbook")
parser.add_argument("--saves", type=int, default=20, help="saves per scene (default 20)")
parser.add_argument("--frame", choices=["first", "middle", "last"], default="middle",
                    help="the frame the page shows while saving (default middle)")
parser.add_argument("--whole", type=int, default=3,
                    help="saves per scene that wait for the whole re-render (default 3; the last save always does)")
parser.add_argument("--renders", type=int, default=5, help="`flipbook render` runs per scene (default 5)")
parser.add_argument("--scenes", default="scenes", help="the scene folder to copy (default scenes)")
parser.add_argument("names", nargs="*", help="scenes to measure (default: every scene the studio serves)")
arguments = parser.parse_intermixed_args()

# The page's hook: the time the frame is on screen, once a preview frame has loaded and decoded
# (kept in sessionStorage: the page reloads when the whole render is published).
# On every page the browser loads (registered once, before the first), so a page that reloads
# with a whole render is measured too: the frame shown there is the user's wait.
HOOK = """
(function () {
  function hook() {
    const img = document.getElementById("frame");
    if (!img) return;
    new MutationObserver(() => {
      if (img.src.includes("/preview/")) sessionStorage.setItem("roundTripAsked", String(performance.timeOrigin + performance.now()));
    }).observe(img, { attributes: true, attributeFilter: ["src"] });
    img.addEventListener("load", () => {
      if (!img.src.includes("/preview/")) return;
      img.decode().then(() => requestAnimationFrame(() => {
        sessionStorage.setItem("roundTripShown", String(performance.timeOrigin + performance.now()));
      }));
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hook); else hook();
})();
"""


def save_file(path, text):
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def wait_for_render(status, name, version):
    """Polls every 25 ms (no faster: the polling would slow the render) until the scene's render after
    `version` is published (or failed); returns when, in ms."""
    while True:
        s = status(name)
        if s["version"] > version or s["error"]:
            return time.time() * 1000
        time.sleep(0.025)


def median_range(values):
    if not values:
        return "–"
    return f"{statistics.median(values):.0f} ({min(values):.0f}–{max(values):.0f})"


def start_studio(path, out):
    """`flipbook studio` on one scene file (its first render is the only one): (process, url, port)."""
    server = subprocess.Popen([arguments.flipbook, "studio", path, "--port", "0", "--out", out],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    if not line.startswith("Flipbook studio: http://"):
        server.kill()
        sys.exit(f"the studio did not start: {line!r}")
    url = line.split()[2]
    return server, url, int(url.rsplit(":", 1)[1].strip("/"))


def main():
    work = tempfile.mkdtemp(prefix="flipbook-round-trip.")
    folder = os.path.join(work, "scenes")
    shutil.copytree(arguments.scenes, folder)
    files = {os.path.splitext(f)[0]: os.path.join(folder, f) for f in sorted(os.listdir(folder))
             if f.endswith((".yaml", ".yml"))}
    names = arguments.names or sorted(files)
    print(f"{len(names)} scenes, {arguments.saves} saves each, the {arguments.frame} frame shown; times in ms",
          file=sys.stderr)
    driver = chromium()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
    wait = WebDriverWait(driver, 600, poll_frequency=0.005, ignored_exceptions=(StaleElementReferenceException,))
    rows = []
    server = None
    try:
        for name in names:
            if name not in files:
                sys.exit(f"{name}: no {name}.yaml in {arguments.scenes} (JSON scenes take no comment to save)")
            path = files[name]
            server, url, port = start_studio(path, os.path.join(work, "out"))

            def status(scene):
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                connection.request("GET", "/status/" + scene)
                return json.loads(connection.getresponse().read())

            driver.get(url)
            served = [a.text for a in driver.find_elements("css selector", "#scenes li a")]
            if len(served) != 1:
                sys.exit(f"{name}: the studio serves {served}")
            name = served[0]
            while status(name)["version"] < 1:
                if status(name)["error"]:
                    sys.exit(f"{name}: {status(name)['error']}")
                time.sleep(0.05)
            original = open(path, encoding="utf-8").read()
            driver.get(url + "scenes/" + name + "/")
            wait.until(lambda d: d.execute_script("return document.body.dataset.ready") == "true")
            count = driver.execute_script("return window.flipbookPlayer.data.frameCount")
            first = driver.execute_script("return window.flipbookPlayer.data.firstFrame")
            index = {"first": 0, "middle": count // 2, "last": count - 1}[arguments.frame]
            tick = first + index
            driver.execute_script(f"window.flipbookPlayer.show({index})")
            shown, asked, whole = [], [], []
            for save in range(arguments.saves):
                # The first saves and the last wait for the whole re-render; the others follow the
                # frame after a pause, as a designer saves again while the studio re-renders (the
                # save cancels that render, and its time to stop counts in the next frame's wait).
                waits_for_whole = save < arguments.whole or save == arguments.saves - 1
                wait.until(lambda d: d.execute_script("return document.body.dataset.ready") == "true"
                           and d.execute_script("return document.body.dataset.studioViewing") == str(tick))
                version = status(name)["version"]
                driver.execute_script("sessionStorage.removeItem('roundTripShown'); sessionStorage.removeItem('roundTripAsked')")
                start = time.time() * 1000
                save_file(path, original + f"\n# round trip {save}{'.' * (save % 2)}\n")
                if waits_for_whole:
                    whole.append(wait_for_render(status, name, version) - start)
                    # At least: a render of an earlier save published meanwhile is a version the
                    # page skips when it already shows this save's frame.
                    wait.until(lambda d: int(d.execute_script("return document.body.dataset.studioVersion") or 0)
                               >= version + 1)
                else:
                    wait.until(lambda d: d.execute_script("return sessionStorage.getItem('roundTripShown')"))
                    time.sleep(0.5)
                at = driver.execute_script("return sessionStorage.getItem('roundTripShown')")
                if at is None:
                    sys.exit(f"{name}: the page reloaded with the whole render before it showed a frame rendered ahead")
                shown.append(float(at) - start)
                asked.append(float(driver.execute_script("return sessionStorage.getItem('roundTripAsked')")) - start)
            server.terminate()
            server.wait()
            server = None
            save_file(path, original)
            renders = []
            for _ in range(arguments.renders):
                start = time.time() * 1000
                subprocess.run([arguments.flipbook, "render", path, "--video", "none", "--out", os.path.join(work, "render")],
                               check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                renders.append(time.time() * 1000 - start)
            row = (f"| {name} | {tick} | {median_range(asked)} | {median_range(shown)} | {median_range(whole)} "
                   f"| {median_range(renders)} |")
            print(row, file=sys.stderr)
            rows.append(row)
        print("| scene | frame | save → frame's event | save → frame shown | save → whole re-render "
              "| `flipbook render --video none` |")
        print("|---|---:|---:|---:|---:|---:|")
        print("\n".join(rows))
    finally:
        driver.quit()
        if server:
            server.terminate()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


main()
