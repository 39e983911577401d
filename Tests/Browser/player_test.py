"""Drives a render's player page in headless Chromium as a user would.

Usage: player_test.py RENDER_FOLDER SCENE [SCREENSHOT.png]
The render must be of the bundled snap-zones scene (its events and items are what is checked).
"""
import os
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser import check, chromium

folder, scene = sys.argv[1], sys.argv[2]
screenshot = sys.argv[3] if len(sys.argv) > 3 else None
page = "file://" + os.path.abspath(os.path.join(folder, scene, "index.html"))

driver = chromium()
try:
    driver.get(page)
    wait = WebDriverWait(driver, 10)
    body = driver.find_element(By.TAG_NAME, "body")
    wait.until(lambda d: body.get_attribute("data-ready") == "true")
    frame = lambda: int(body.get_attribute("data-frame"))
    image = driver.find_element(By.ID, "frame")
    shown = lambda: image.get_attribute("src").rsplit("/", 1)[-1]

    check(frame() == 0 and shown() == "frame_00000.png", f"opens at frame 0, shows {shown()}")
    loaded = driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image)
    check(loaded == 640, f"frame 0 is decoded from the PNG beside the page (naturalWidth {loaded})")

    # Arrow keys step one frame; shift steps ten; the label follows.
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    check(frame() == 2 and shown() == "frame_00002.png", f"two right arrows show frame 2, got {frame()}")
    body.send_keys(Keys.SHIFT, Keys.ARROW_RIGHT)
    check(frame() == 12, f"shift+right steps 10 frames, got {frame()}")
    label = driver.find_element(By.ID, "frameLabel").text
    check(label == "0.200 s · frame 12 (13 of 300)", f"time and frame label, got {label!r}")
    body.send_keys(Keys.ARROW_LEFT)
    check(frame() == 11, "left arrow steps back")

    # Play advances the frames, pause holds them.
    driver.find_element(By.ID, "play").click()
    wait.until(lambda d: frame() >= 20)
    driver.find_element(By.ID, "play").click()
    held = frame()
    time.sleep(0.3)
    check(frame() == held and body.get_attribute("data-playing") == "false", "pause holds the frame")

    # A marker jumps to its event's tick: the first capture by zone A is at tick 33.
    marker = driver.find_element(By.CSS_SELECTOR, ".marker[data-tick='33']")
    check("card captured by A" in marker.get_attribute("title"), "the capture marker names its event")
    marker.click()
    check(frame() == 33 and shown() == "frame_00033.png", f"clicking the marker lands on tick 33, got {frame()}")

    # The page opens on the first item that moves (the card), not the first in the list.
    check(body.get_attribute("data-selected") == "card", f"opens on the moving card, got {body.get_attribute('data-selected')}")

    # The inspector shows the selected item's values at this frame, read from the trace CSV.
    Select(driver.find_element(By.ID, "itemPicker")).select_by_visible_text("card")
    csv = open(os.path.join(folder, scene + ".trace.csv")).read().splitlines()
    header = csv[0].split(",")
    row = next(r.split(",") for r in csv[1:] if r.startswith("33,") and r.split(",")[2] == "card")
    cell = driver.find_element(By.CSS_SELECTOR, "#inspector tr[data-key='center_x'] td:last-child").text
    check(cell == row[header.index("center_x")], f"inspector center_x {cell} is the trace's {row[header.index('center_x')]}")

    # Clicking the picture selects the item under the pointer: (230, 420) pt is on the fourth
    # row of the video list (r4, 'Launch Night'), below its text.
    Select(driver.find_element(By.ID, "itemPicker")).select_by_visible_text("r1")
    rect = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height]", image)
    x, y = rect[0] + rect[2] * 230 / 320, rect[1] + rect[3] * 420 / 568
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {clientX: arguments[1], clientY: arguments[2], bubbles: true}))", image, x, y)
    check(body.get_attribute("data-selected") == "r4", f"clicking the fourth row selects it, got {body.get_attribute('data-selected')}")
    check(driver.find_element(By.ID, "outline").is_displayed(), "the selected item is outlined")

    # The scrubber and the End key reach the last frame.
    body.send_keys(Keys.END)
    check(frame() == 299 and shown() == "frame_00299.png", f"End shows the last frame, got {frame()}")
    ticks = {li.get_attribute("data-tick") for li in driver.find_elements(By.CSS_SELECTOR, "#events li")}
    markers = [m.get_attribute("data-tick") for m in driver.find_elements(By.CSS_SELECTOR, ".marker")]
    check(len(ticks) > 5 and sorted(ticks) == sorted(markers), "one marker per tick with events, one list entry per event")

    if screenshot:
        driver.execute_script("document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'Home'}))")
        driver.find_element(By.CSS_SELECTOR, ".marker[data-tick='33']").click()
        Select(driver.find_element(By.ID, "itemPicker")).select_by_visible_text("card")
        time.sleep(0.3)
        driver.save_screenshot(screenshot)
    print("player: all checks passed")
finally:
    driver.quit()
