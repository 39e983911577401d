"""Makes the README's studio screenshots (docs/figures/studio-controls.png, studio-compare.png).

Usage: studio_screenshots.py FLIPBOOK_BINARY WORK_FOLDER OUT_FOLDER
It copies scenes/snap.yaml with its damping and colour turned into controls, opens it in the
studio, pins damping 0.5 as A, moves the slider to 0.15 and photographs the player and the A/B view.
"""
import os
import subprocess
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browser import chromium

binary, work, out = sys.argv[1], sys.argv[2], sys.argv[3]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.makedirs(os.path.join(work, "scenes"), exist_ok=True)
scene = open(os.path.join(root, "scenes", "snap.yaml")).read()
scene = scene.replace("damping: 0.5 }", "damping: $damping }").replace('fill: "#FF9500"', "fill: $tint")
scene = scene.replace("items:", 'controls:\n  damping: { value: 0.5, range: [0.05, 1], step: 0.05 }\n  tint: { color: "#FF9500" }\nitems:', 1)
open(os.path.join(work, "scenes", "snap.yaml"), "w").write(scene)

server = subprocess.Popen([binary, "studio", os.path.join(work, "scenes"), "--port", "0", "--out", os.path.join(work, "out")],
                          stdout=subprocess.PIPE, text=True)
url = server.stdout.readline().split()[2]
driver = chromium(1280, 900)
try:
    wait = WebDriverWait(driver, 120)
    attribute = lambda name: driver.find_element(By.TAG_NAME, "body").get_attribute(name)
    driver.get(url + "scenes/snap/")
    wait.until(lambda d: attribute("data-controls") == "ready")
    driver.find_element(By.ID, "pin").click()
    wait.until(lambda d: attribute("data-pinned") == "true")
    slider = driver.find_element(By.ID, "control-damping")
    driver.execute_script("arguments[0].value = '0.15'; arguments[0].dispatchEvent(new Event('input'))", slider)
    wait.until(lambda d: attribute("data-studio-version") == "2" and attribute("data-controls") == "ready")
    body = driver.find_element(By.TAG_NAME, "body")
    for _ in range(12):
        body.send_keys(Keys.ARROW_RIGHT)
    time.sleep(0.5)
    driver.save_screenshot(os.path.join(out, "studio-controls.png"))
    driver.get(url + "scenes/snap/compare")
    wait.until(lambda d: attribute("data-ready") == "true")
    driver.execute_script("const s = document.getElementById('abScrubber'); s.value = '14'; s.dispatchEvent(new Event('input'))")
    time.sleep(0.5)
    driver.save_screenshot(os.path.join(out, "studio-compare.png"))
finally:
    driver.quit()
    server.terminate()
