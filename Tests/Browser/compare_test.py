"""Drives a check report's motion view in headless Chromium.

Usage: compare_test.py MOTION_HTML
The report must come from the snap scene with a changed damping (frames from 1 on differ).
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
    body.send_keys(Keys.ARROW_LEFT)
    check(frame() == 0 and src("expected") == ["expected", "frame_00000.png"], "frame 0 is stored: expected shows it")
    check(driver.execute_script("return document.getElementById('expected').naturalWidth") == 640, "the expected PNG loads from the report folder")
    driver.find_element(By.CSS_SELECTOR, "input[value=difference]").click()
    check("difference" in body.get_attribute("class"), "the difference overlay is on")
    check(driver.find_element(By.ID, "actualOverlay").get_attribute("src").endswith("actual/frame_00000.png"), "actual lies over expected")
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
    print("compare: all checks passed")
finally:
    driver.quit()
