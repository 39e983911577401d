"""Shared set-up of the browser tests: headless Chromium through Debian's chromedriver."""
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def chromium(width=1280, height=1000):
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def check(condition, message):
    """Fails the test with a message that says what was expected (a plain assert loses it under -O)."""
    if not condition:
        print("FAIL: " + message, file=sys.stderr)
        sys.exit(1)
