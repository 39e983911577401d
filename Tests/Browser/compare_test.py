"""Drives a check report's motion view in headless Chromium.

Usage: compare_test.py MOTION_HTML [REPORT_HTML [SMALL_MOTION_HTML]]
The reports must come from the snap scene with a changed damping (frames from 1 on differ);
SMALL_MOTION_HTML from a check with a report size that keeps only some frames in full.
"""
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browser import check, chromium

driver = chromium()
try:
    driver.get("file://" + sys.argv[1])
    body = driver.find_element(By.TAG_NAME, "body")
    WebDriverWait(driver, 10).until(lambda d: body.get_attribute("data-ready") == "true")
    frame = lambda: int(body.get_attribute("data-frame"))
    src = lambda id: driver.find_element(By.ID, id).get_attribute("src").rsplit("/", 2)[-2:]
    check(frame() == 1, f"opens at the first differing frame, got {frame()}")
    check(src("actual") == ["actual", "frame_00001.png"], f"actual shows frame 1: {src('actual')}")
    check(driver.find_element(By.CSS_SELECTOR, "#expectedSide .missing").is_displayed(), "frame 1 is not stored in the goldens: said so")
    stored = driver.execute_script("return JSON.parse(document.getElementById('flipbook-data').textContent).expectedFrames")
    check(len(stored) > 0, f"the stored expected frames that differ are beside the page: {stored}")
    body.send_keys(Keys.ARROW_LEFT)
    check(frame() == 0 and src("expected") == src("actual"), f"frame 0 does not differ: expected shows the actual picture ({src('expected')})")
    body.send_keys(Keys.ARROW_RIGHT * stored[0])
    check(frame() == stored[0] and src("expected") == ["expected", f"frame_{stored[0]:05d}.png"], f"frame {stored[0]} is stored and differs: expected shows it ({src('expected')})")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.getElementById('expected').naturalWidth") > 0)
    check(driver.execute_script("return document.getElementById('expected').naturalWidth") == 640, "the expected PNG loads from the report folder")
    body.send_keys(Keys.ARROW_LEFT * stored[0])
    driver.find_element(By.CSS_SELECTOR, "input[value=difference]").click()
    check("difference" in body.get_attribute("class"), "the difference overlay is on")
    check(frame() == 0 and driver.find_element(By.ID, "actualOverlay").get_attribute("src").rsplit("/", 2)[-2:] == src("actual"), "actual lies over expected")
    check(body.get_attribute("data-plotted") == "69,71", f"both traces are plotted: {body.get_attribute('data-plotted')}")
    chosen = driver.execute_script("return document.getElementById('item').value")
    check(chosen == "card", f"the chart opens on the card, whose motion differs, not on a still item: {chosen}")
    markers = len(driver.find_elements(By.CSS_SELECTOR, ".marker.differs"))
    check(markers > 10, f"differing frames are marked on the timeline ({markers})")
    driver.find_element(By.ID, "play").click()
    WebDriverWait(driver, 10).until(lambda d: frame() >= 10)
    # The report page's viewer: "full size" shows a frame at its own width instead of a thumbnail.
    if len(sys.argv) > 2:
        driver.get("file://" + sys.argv[2])
        image = driver.find_element(By.CSS_SELECTOR, ".viewer .side img")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return arguments[0].naturalWidth", image) > 0)
        fitted = driver.execute_script("return arguments[0].getBoundingClientRect().width", image)
        driver.find_element(By.CSS_SELECTOR, ".viewer button.zoom").click()
        full = driver.execute_script("return arguments[0].getBoundingClientRect().width", image)
        natural = driver.execute_script("return arguments[0].naturalWidth", image)
        check(fitted < natural and abs(full - natural) <= 2, f"full size shows {natural} px plus its 1 px border (fitted {fitted}, now {full})")
    # A report within a small size: frames not kept in full show as thumbnails at the full size.
    if len(sys.argv) > 3:
        driver.get("file://" + sys.argv[3])
        body = driver.find_element(By.TAG_NAME, "body")
        WebDriverWait(driver, 10).until(lambda d: body.get_attribute("data-ready") == "true")
        check(src("actual") == ["actual", "frame_00001.png"], f"the first differing frame is kept in full: {src('actual')}")
        full_height = driver.execute_script("return document.getElementById('actual').getBoundingClientRect().height")
        label = lambda: driver.find_element(By.ID, "frameLabel").text
        for _ in range(10):
            body.send_keys(Keys.ARROW_RIGHT)
            if "thumbnail" in label():
                break
        check("thumbnail" in label(), f"a frame not kept in full says it shows a thumbnail: {label()}")
        check(src("actual")[1].startswith("thumb_"), f"and shows one: {src('actual')}")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.getElementById('actual').naturalWidth") > 0)
        natural = driver.execute_script("return document.getElementById('actual').naturalWidth")
        height = driver.execute_script("return document.getElementById('actual').getBoundingClientRect().height")
        check(natural < 640 and abs(height - full_height) <= 1, f"a {natural} px thumbnail shows as tall as a full frame ({height} against {full_height})")
        summary = driver.find_element(By.ID, "summary").text
        check("in full" in summary and "as thumbnails" in summary, f"the summary says what the report keeps: {summary}")
    print("compare: all checks passed")
finally:
    driver.quit()
