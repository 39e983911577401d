"""Drives `flipbook studio` in headless Chromium: the scene list, a player, live reload at the same
frame after a save, a scene error over the last good render, and the server's refusals.

Usage: studio_test.py FLIPBOOK_BINARY WORK_FOLDER
"""
import http.client
import os
import subprocess
import sys
import time

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browser import check, chromium

binary, work = sys.argv[1], sys.argv[2]
scenes = os.path.join(work, "scenes")
os.makedirs(scenes, exist_ok=True)
SCENE = """name: drop
canvas: {{ size: [100, 100], scale: 2, background: "#FFFFFF" }}
fps: 30
duration: {duration}
controls:
  side: {{ value: 20, range: [10, 40], step: 1 }}
items:
  - {{ id: box, size: [$side, $side], center: [50, 20], fill: "#FF9500" }}
behaviors:
  - gravity: {{ items: [box] }}
"""
def write(path, text):
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)

write(os.path.join(scenes, "drop.yaml"), SCENE.format(duration=1))
# Without a name: line the file's name names the scene, and this one is not a scene name.
write(os.path.join(scenes, "<img src=x onerror=alert(1)>.yaml"), SCENE.format(duration=0.5).replace("name: drop\n", ""))

server = subprocess.Popen([binary, "studio", scenes, "--port", "0", "--out", os.path.join(work, "out")],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
driver = None
try:
    line = server.stdout.readline()
    check(line.startswith("Flipbook studio: http://127.0.0.1:"), f"the studio prints its URL, got {line!r} {server.stderr.read() if server.poll() is not None else ''}")
    url = line.split()[2]
    port = int(url.rsplit(":", 1)[1].strip("/"))

    def get(path):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.putrequest("GET", path, skip_host=False, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read()

    # The server refuses every way out of its folders.
    for path in ["/scenes/../../etc/passwd", "/scenes/%2e%2e/%2e%2e/etc/passwd", "/scenes/drop/..%2f..%2fscenes%2fdrop.yaml",
                 "/scenes/drop/%2e%2e%2fdrop.yaml", "//etc/passwd", "/scenes/drop/trace.csv", "/scenes/drop/../drop.yaml",
                 "/etc/passwd", "/scenes/..%2fscenes/index.html"]:
        status, body = get(path)
        check(status in (400, 404) and b"root:" not in body and b"gravity" not in body, f"{path} is refused, got {status}")

    driver = chromium()
    # A live reload can replace <body> between finding it and reading it: look again, do not fail.
    wait = WebDriverWait(driver, 60, ignored_exceptions=(StaleElementReferenceException,))
    driver.get(url)
    listing = driver.find_element(By.ID, "scenes").get_attribute("innerHTML")
    check("&lt;img src=x onerror=alert(1)&gt;" in listing and "<img" not in listing, f"scene names are escaped in the list: {listing}")
    check("&lt;img src=x onerror=alert(1)&gt;.yaml <span class=\"error\">not served: a scene file's name" in listing,
          "a file whose name is not a scene name is listed as not served, with the reason")

    # The scene's player, once its first render is published.
    # A page served while the first render was being published may say version 0; it catches up
    # (the status it asks for once its event stream opens) and reloads as version 1.
    driver.get(url + "scenes/drop/")
    try:
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true"
                   and d.find_element(By.TAG_NAME, "body").get_attribute("data-studio-version") == "1")
    except TimeoutException:
        pass
    body = driver.find_element(By.TAG_NAME, "body")
    check(body.get_attribute("data-studio-version") == "1", f"first render is version 1, got {body.get_attribute('data-studio-version')}")
    for _ in range(10):
        body.send_keys(Keys.ARROW_RIGHT)
    check(body.get_attribute("data-frame") == "10", "stepped to frame 10")
    check("30 frames" in driver.find_element(By.ID, "summary").text, "one second at 30 fps")

    # Save a longer scene: the frame on screen is rendered first and shown, then the page reloads
    # with the new render, still at frame 10.
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-studio-viewing") == "10")
    write(os.path.join(scenes, "drop.yaml"), SCENE.format(duration=2))
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-studio-version") == "2"
               and d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    body = driver.find_element(By.TAG_NAME, "body")
    check("60 frames" in driver.find_element(By.ID, "summary").text, "the reloaded page shows the new render")
    check(body.get_attribute("data-frame") == "10", f"the reload keeps the frame, got {body.get_attribute('data-frame')}")
    saved_previews = int(driver.execute_script("return sessionStorage.getItem('flipbookPreviews')") or 0)
    check(saved_previews == 1, f"the save's frame on screen was rendered ahead and shown once, got {saved_previews}")

    # Save a broken scene: the error shows over the last good render, with file, line and column.
    write(os.path.join(scenes, "drop.yaml"), SCENE.format(duration=2).replace("fps: 30", "fps: thirty"))
    wait.until(lambda d: d.find_elements(By.ID, "studio-error"))
    message = driver.find_element(By.ID, "studio-error").text
    check("drop.yaml:3:6: fps: expected" in message, f"the error names file, line and column: {message!r}")
    check(driver.find_element(By.ID, "frame").get_attribute("src").endswith("frame_00010.png"), "the last good render stays visible")

    # Fix it, then tune with a slider: the render follows the control's new value.
    write(os.path.join(scenes, "drop.yaml"), SCENE.format(duration=2))
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-studio-version") == "3"
               and d.find_element(By.TAG_NAME, "body").get_attribute("data-controls") == "ready")
    width = lambda d: d.find_element(By.CSS_SELECTOR, "#inspector tr[data-key='frame_width'] td:last-child").text
    check(width(driver) == "20.000000", f"the declared side is 20, got {width(driver)}")
    driver.find_element(By.ID, "pin").click()
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-pinned") == "true")
    slider = driver.find_element(By.ID, "control-side")
    driver.execute_script("arguments[0].value = '30'; arguments[0].dispatchEvent(new Event('input'))", slider)
    check(driver.find_element(By.ID, "setLine").text == "--set side=30", "the panel shows the CLI flags for these values")
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-studio-version") == "4"
               and d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    check(width(driver) == "30.000000", f"after the slider the side is 30, got {width(driver)}")
    previews = int(driver.execute_script("return sessionStorage.getItem('flipbookPreviews')") or 0)
    check(previews > saved_previews, "the slider's frame on screen was rendered ahead of the whole render and shown")
    status, body_bytes = get("/preview/drop/frame_00010.png")
    check(status == 200 and body_bytes[:8] == b"\x89PNG\r\n\x1a\n", f"the preview of the tick on screen (10) is a PNG, got {status}")
    check(driver.find_element(By.ID, "control-side").get_attribute("value") == "30", "the slider keeps its value across the reload")

    # A page showing a save's frame rendered ahead does not reload for a whole render that began
    # before that save (it would hide the newer frame); it reloads for one that covers it.
    version = int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-studio-version"))
    driver.execute_script("window.flipbookStayed = true; window.flipbookStudioLive.receive("
                          "{scene: 'drop', version: arguments[0], error: null, preview: 'frame_00010.png', save: 100})", version)
    check(driver.find_element(By.TAG_NAME, "body").get_attribute("data-shown-save") == "100", "the page notes the save it shows")
    driver.execute_script("window.flipbookStudioLive.receive({scene: 'drop', version: arguments[0], error: null, save: 99})",
                          version + 1)
    time.sleep(0.5)
    check(driver.execute_script("return window.flipbookStayed === true"), "a render older than the frame shown is not reloaded for")
    driver.execute_script("window.flipbookStudioLive.receive({scene: 'drop', version: arguments[0], error: null, save: 100})",
                          version + 1)
    wait.until(lambda d: d.execute_script("return window.flipbookStayed === undefined"))
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")

    # Write-back is refused to anything but the studio's own page: no token, a wrong one, or a foreign Origin.
    def post(path, headers):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("POST", path, headers=headers)
        response = connection.getresponse()
        return response.status
    token = driver.execute_script("return window.FLIPBOOK_STUDIO.token")
    check(len(token) == 64, f"the page carries the run's token, got {token!r}")
    own = f"http://127.0.0.1:{port}"
    scene_file = os.path.join(scenes, "drop.yaml")
    before = open(scene_file).read()
    check(post("/scenes/drop/write-back", {"Origin": own}) == 403, "write-back without the token is refused")
    check(post("/scenes/drop/write-back", {"Origin": own, "X-Flipbook-Studio-Token": "0" * 64}) == 403,
          "write-back with a wrong token is refused")
    check(post("/scenes/drop/write-back", {"X-Flipbook-Studio-Token": token, "Origin": "http://evil.example"}) == 403,
          "write-back from another origin is refused")
    check(post("/scenes/drop/pin", {"Origin": own}) == 403 and post("/scenes/drop/set?side=11", {"Origin": own}) == 403,
          "pin and set without the token are refused")
    check(open(scene_file).read() == before, "refused write-backs leave the scene file alone")

    # A (pinned at 20) and B (30) side by side, in step, with both curves on one chart.
    driver.get(url + "scenes/drop/compare")
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    driver.execute_script("const s = document.getElementById('abScrubber'); s.value = '25'; s.dispatchEvent(new Event('input'))")
    frames = driver.execute_script("return ['playerA', 'playerB'].map(id => document.getElementById(id).contentWindow.flipbookPlayer.frame)")
    check(frames == [25, 25], f"both players show frame 25, got {frames}")
    check(driver.find_element(By.TAG_NAME, "body").get_attribute("data-plotted") == "60,60", "both variants are plotted")
    sides = driver.execute_script("""return ['playerA', 'playerB'].map(id => { const p = document.getElementById(id).contentWindow.flipbookPlayer;
        return p.data.items[0].series[p.data.columns.indexOf('frame_width')][0]; })""")
    check(sides == [20, 30], f"A is the pinned render, B the current one: {sides}")
    # Write the slider's value into the scene file: only the declared value changes.
    driver.get(url + "scenes/drop/")
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-controls") == "ready")
    driver.find_element(By.ID, "writeBack").click()
    wait.until(lambda d: open(scene_file).read() != before)
    check(open(scene_file).read() == before.replace("side: { value: 20,", "side: { value: 30,"), "only the control's value was rewritten")
    print("studio: all checks passed")
finally:
    if driver:
        driver.quit()
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
