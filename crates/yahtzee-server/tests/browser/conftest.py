"""A `yahtzee serve` on a free loopback port (tables in a temporary folder) and a headless
Chromium driven through chromedriver (Debian's `chromium` and `chromium-driver`)."""

import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import time
import urllib.request

import pytest
from selenium.webdriver.support import ui as _ui, wait as _wait


class _QuickWait(_wait.WebDriverWait):
    """Polls every 50 ms, not selenium's 500: the pages answer in milliseconds, and a whole
    game waits hundreds of times (the tests import WebDriverWait after this conftest)."""

    def __init__(self, driver, timeout, poll_frequency=0.05, ignored_exceptions=None):
        super().__init__(driver, timeout, poll_frequency, ignored_exceptions)


_ui.WebDriverWait = _QuickWait
_wait.WebDriverWait = _QuickWait

ROOT = pathlib.Path(__file__).resolve().parents[4]
BINARY = os.environ.get("YAHTZEE_BIN", str(ROOT / "target" / "release" / "yahtzee"))


def cli(*args, data_dir):
    out = subprocess.run(
        [BINARY, *args],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "YAHTZEE_DATA_DIR": str(data_dir)},
    )
    return json.loads(out.stdout)


@pytest.fixture(scope="session")
def data_dir():
    d = tempfile.mkdtemp(prefix="yahtzee-web-")
    yield pathlib.Path(d)
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture(scope="session")
def server(data_dir):
    assert os.path.exists(BINARY), f"build the CLI first: {BINARY} is missing"
    # The official table first, so no test waits on a build (the build path has its own
    # API test).
    subprocess.run([BINARY, "solve", "--quiet"], check=True, capture_output=True,
                   env={**os.environ, "YAHTZEE_DATA_DIR": str(data_dir)})
    # Its log goes to a file (a pipe no one reads would fill and stall the server).
    log = open(data_dir / "server.log", "w")
    proc = subprocess.Popen([BINARY, "serve", "--port", "0", "--data-dir", str(data_dir)],
                            stdout=subprocess.PIPE, stderr=log, text=True)
    line = proc.stdout.readline()
    assert line.startswith("listening on http://"), line + (data_dir / "server.log").read_text()
    url = line.split()[-1]
    urllib.request.urlopen(url + "/api/health", timeout=10).read()
    yield url
    proc.terminate()
    proc.wait(timeout=10)
    log.close()


def chromium_driver(width=1200, height=1000):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}"]:
        options.add_argument(arg)
    for name in ["chromium", "chromium-browser"]:
        path = shutil.which(name)
        if path:
            options.binary_location = path
            break
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    if width < 500:
        # Headless Chromium's windows are at least 500 px wide: a phone's viewport (390 px)
        # is emulated instead (also what screenshots capture).
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    return driver


@pytest.fixture(scope="session")
def browser():
    driver = chromium_driver()
    yield driver
    driver.quit()
