"""Attacks on `flipbook studio` from web pages, in headless Chromium; each must fail.

- A page on another origin (a python http.server on another port of 127.0.0.1: the same site,
  so SameSite cookies would go along) POSTs `set`, `pin` and `write-back` as simple no-cors
  requests and as a form, and tries to read a render as an <img>, an <iframe> and a fetch.
- A page that rebinds its own name (Chromium maps rebind.attacker.example to 127.0.0.1) loads
  the studio under that name and fetches, same-origin as far as the browser knows.
- Beyond loopback (--host 0.0.0.0 --token …): nothing without the token; the printed URL's
  ?token= becomes an HttpOnly SameSite=Strict cookie and leaves the address bar.
Each attack's outcome is printed, so running this against an older build shows which succeed.

Usage: studio_attack_test.py FLIPBOOK_BINARY WORK_FOLDER
"""
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser import chromium
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

binary, work = sys.argv[1], sys.argv[2]
scenes = os.path.join(work, "scenes")
os.makedirs(scenes, exist_ok=True)
SCENE = """name: drop
canvas: { size: [100, 100], scale: 2, background: "#FFFFFF" }
fps: 30
duration: 0.5
controls:
  side: { value: 20, range: [10, 40], step: 1 }
items:
  - { id: box, size: [$side, $side], center: [50, 20], fill: "#FF9500" }
behaviors:
  - gravity: { items: [box] }
"""
scene_file = os.path.join(scenes, "drop.yaml")
with open(scene_file, "w") as f:
    f.write(SCENE)
for odd in ("my scene.yaml", "café.yaml"):
    # Without a name: line the file's name names the scene, and these are not scene names.
    with open(os.path.join(scenes, odd), "w") as f:
        f.write(SCENE.replace("name: drop\n", ""))
failures = []


def check(condition, message):
    print(("ok:   " if condition else "FAIL: ") + message)
    if not condition:
        failures.append(message)


def rebinding_chromium():
    """Chromium that resolves the attacker's name to 127.0.0.1, as a rebinding DNS server would."""
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--host-resolver-rules=MAP rebind.attacker.example 127.0.0.1"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_studio(*extra):
    server = subprocess.Popen([binary, "studio", scenes, "--port", "0", "--out", os.path.join(work, "out"), *extra],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    if not line.startswith("Flipbook studio: http://"):
        print(f"the studio did not start: {line!r} {server.stderr.read() if server.poll() is not None else ''}")
        sys.exit(1)
    url = line.split()[2]
    return server, url, int(re.search(r":(\d+)/", url).group(1))


def request(port, method, path, headers=None, host=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    connection.putheader("Host", host or f"127.0.0.1:{port}")
    for name, value in (headers or {}).items():
        connection.putheader(name, value)
    connection.endheaders()
    response = connection.getresponse()
    return response.status, dict((k.lower(), v) for k, v in response.getheaders()), response.read()


def stop(process):
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


def wait_for(condition, seconds=60):
    end = time.time() + seconds
    while time.time() < end:
        if condition():
            return True
        time.sleep(0.1)
    return False


studio, url, port = start_studio()
attacker = None
drivers = []
try:
    origin = f"http://127.0.0.1:{port}"
    status = lambda: json.loads(request(port, "GET", "/status/drop")[2])
    check(wait_for(lambda: status()["version"] == 1), "the scene renders (version 1)")
    # The studio's own page carries the token; the test plays the page: set side=30, so a
    # write-back would change the file.
    page = request(port, "GET", "/")[2].decode()
    token = (re.search(r'"token":"([0-9a-f]+)"', page) or re.search("()", "")).group(1)
    check(len(token) == 64, f"the list page carries a 64-digit token (got {len(token)})")
    code = request(port, "POST", "/scenes/drop/set?side=30", {"Origin": origin, "X-Flipbook-Studio-Token": token})[0]
    check(code == 200, f"the studio's own change is accepted (got {code})")
    check(wait_for(lambda: status()["version"] == 2), "the studio's own change renders (version 2)")
    before = open(scene_file).read()
    pinned = os.path.join(work, "out", "drop~A")

    # Scene files whose names are not scene names are refused at listing, with the reason.
    listing = request(port, "GET", "/")[2].decode()
    for odd in ("my scene.yaml", "café.yaml"):
        check(f"<li class=\"refused\">{odd} <span class=\"error\">not served: a scene file's name" in listing,
              f"{odd} is listed as not served, with the reason")
    check(request(port, "GET", "/scenes/my%20scene/")[0] == 404 and request(port, "GET", "/scenes/caf%C3%A9/")[0] == 404,
          "a refused scene has no page")

    # No CORS, ever: a preflight from another origin gets no Access-Control header.
    code, headers, _ = request(port, "OPTIONS", "/scenes/drop/write-back",
                               {"Origin": "http://evil.example", "Access-Control-Request-Method": "POST",
                                "Access-Control-Request-Headers": "x-flipbook-studio-token"})
    check(code == 403 and not any(k.startswith("access-control") for k in headers), f"a preflight is refused without CORS headers ({code})")

    # 1. A page on another origin.
    attack = os.path.join(work, "attacker")
    os.makedirs(attack, exist_ok=True)
    with open(os.path.join(attack, "attack.html"), "w") as f:
        f.write(f"""<!DOCTYPE html><html><body>
<form id="pin" method="POST" action="{origin}/scenes/drop/pin" target="sink"></form><iframe name="sink"></iframe>
<form id="writeBack" method="POST" action="{origin}/scenes/drop/write-back" target="sink2"></form><iframe name="sink2"></iframe>
<img id="frame" src="{origin}/scenes/drop/frame_00000.png" onload="window.img = this.naturalWidth" onerror="window.img = 'error'">
<iframe id="page" src="{origin}/scenes/drop/"></iframe>
<script>
window.results = {{}};
const note = (key) => [(r) => {{ results[key] = r.type + ":" + r.status; }}, (e) => {{ results[key] = "error"; }}];
fetch("{origin}/scenes/drop/set?side=35", {{ method: "POST", mode: "no-cors" }}).then(...note("set"));
fetch("{origin}/scenes/drop/pin", {{ method: "POST", mode: "no-cors" }}).then(...note("pin"));
fetch("{origin}/scenes/drop/write-back", {{ method: "POST", mode: "no-cors",
  headers: {{ "X-Flipbook-Studio": "write-back", "X-Flipbook-Studio-Token": "{'0' * 64}" }} }}).then(...note("writeBackNoCors"));
fetch("{origin}/scenes/drop/write-back", {{ method: "POST", mode: "cors",
  headers: {{ "X-Flipbook-Studio": "write-back", "X-Flipbook-Studio-Token": "{'0' * 64}" }} }}).then(...note("writeBackCors"));
fetch("{origin}/status/drop").then((r) => r.text()).then((t) => {{ results.read = t; }}, () => {{ results.read = "blocked"; }});
document.getElementById("pin").submit();
setTimeout(() => document.getElementById("writeBack").submit(), 300);
</script></body></html>""")
    attacker_port = free_port()
    attacker = subprocess.Popen([sys.executable, "-m", "http.server", str(attacker_port), "--bind", "127.0.0.1",
                                 "--directory", attack], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    driver = chromium()
    drivers.append(driver)
    driver.get(f"http://127.0.0.1:{attacker_port}/attack.html")
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "return window.img !== undefined && ['set', 'pin', 'writeBackNoCors', 'writeBackCors', 'read'].every((k) => k in window.results)"))
    time.sleep(2)  # the form posts and anything they would start
    results = driver.execute_script("return window.results")
    print("  cross-origin page saw:", results, "img:", driver.execute_script("return window.img"))
    check(driver.execute_script("return window.img") == "error", "another origin cannot load a frame as an <img>")
    check(results["read"] == "blocked", "another origin cannot read /status")
    driver.switch_to.frame(driver.find_element(By.ID, "page"))
    framed = driver.page_source
    driver.switch_to.default_content()
    check("FLIPBOOK_STUDIO" not in framed and "flipbookPlayer" not in framed, "another origin cannot frame a page")
    time.sleep(1)
    now = status()
    check(now["version"] == 2, f"another origin cannot re-render (version {now['version']}, expected 2)")
    controls = json.loads(request(port, "GET", "/controls/drop")[2])
    check(controls["controls"][0]["value"] == "30", f"another origin cannot set a value (side {controls['controls'][0]['value']})")
    check(not os.path.exists(pinned), "another origin cannot pin")
    check(open(scene_file).read() == before, "another origin cannot write back")

    # 2. DNS rebinding: the attacker's name resolves to 127.0.0.1.
    rebinder = rebinding_chromium()
    drivers.append(rebinder)
    rebinder.get(f"http://rebind.attacker.example:{port}/")
    body = rebinder.find_element(By.TAG_NAME, "body").text
    check("drop" not in body and "answers only to" in body, f"a rebinding name gets no scene list: {body[:120]!r}")
    outcome = rebinder.execute_async_script("""
        const done = arguments[arguments.length - 1], token = arguments[0], out = {};
        const headers = { "X-Flipbook-Studio": "write-back", "X-Flipbook-Studio-Token": token };
        Promise.all([
          fetch("/status/drop").then(async (r) => { out.status = r.status + " " + (await r.text()).slice(0, 60); }),
          fetch("/scenes/drop/frame_00000.png").then((r) => { out.frame = r.status; }),
          fetch("/events").then((r) => { out.events = r.status; }),
          fetch("/scenes/drop/set?side=36", { method: "POST", headers }).then((r) => { out.set = r.status; }),
          fetch("/scenes/drop/pin", { method: "POST", headers }).then((r) => { out.pin = r.status; }),
          fetch("/scenes/drop/write-back", { method: "POST", headers }).then((r) => { out.writeBack = r.status; }),
        ]).then(() => done(out), (e) => done({ error: String(e) }));""", "0" * 64)
    print("  rebinding page saw:", outcome)
    check(str(outcome.get("status", "")).startswith("421") and outcome.get("frame") == 421 and outcome.get("events") == 421,
          "a rebinding name cannot read /status, a frame or /events")
    check(outcome.get("set") == 421 and outcome.get("pin") == 421 and outcome.get("writeBack") == 421,
          "a rebinding name cannot set, pin or write back")
    time.sleep(1)
    check(status()["version"] == 2 and not os.path.exists(pinned) and open(scene_file).read() == before,
          "after the rebinding attempts the render, the pin and the scene file are as they were")
finally:
    for d in drivers:
        d.quit()
    drivers.clear()
    if attacker:
        stop(attacker)
    stop(studio)

# 3. Beyond loopback, every request needs the token; a guessable one is refused.
short = subprocess.run([binary, "studio", scenes, "--token", "short"], capture_output=True, text=True, timeout=30)
check(short.returncode == 64 and "--token must be 16 to 256 characters of A-Z a-z 0-9 - _ . ~, got 5 characters" in short.stderr,
      f"a short --token is refused: {short.returncode} {short.stderr.strip()!r}")
secret = "lan-secret-0123456789abcdef"
studio, url, port = start_studio("--host", "0.0.0.0", "--token", secret)
try:
    check(url.endswith(f":{port}/?token={secret}"), f"beyond loopback the printed URL carries the token: {url}")
    code, _, body = request(port, "GET", "/")
    check(code == 403 and b"needs its token" in body, f"beyond loopback a read without the token is refused ({code})")
    check(request(port, "GET", "/status/drop")[0] == 403, "… /status too")
    code, headers, _ = request(port, "GET", f"/?token={secret}")
    cookie = headers.get("set-cookie", "")
    check(code == 303 and headers.get("location") == "/" and f"={secret}; Path=/; HttpOnly; SameSite=Strict" in cookie,
          f"?token= is exchanged for an HttpOnly SameSite=Strict cookie and a redirect without it ({code} {cookie!r})")
    check(request(port, "GET", "/", {"Cookie": cookie.split(";")[0]})[0] == 200, "the cookie admits")
    driver = chromium()
    drivers.append(driver)
    driver.get(f"http://127.0.0.1:{port}/?token={secret}")
    WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "scenes"))
    check(driver.current_url == f"http://127.0.0.1:{port}/", f"the token leaves the address bar: {driver.current_url}")
    driver.get(f"http://127.0.0.1:{port}/status/drop")
    check('"scene":"drop"' in driver.page_source, "then the browser reads with the cookie")
finally:
    for d in drivers:
        d.quit()
    stop(studio)

if failures:
    print(f"FAIL: {len(failures)} attack check(s) failed", file=sys.stderr)
    sys.exit(1)
print("studio attacks: all checks passed")
