"""The static site (scripts/build_web.sh → target/web) served by a plain static file server
(python3 -m http.server) on a free loopback port, with no `yahtzee serve` anywhere, and
headless Chromium (Debian's chromium and chromium-driver), each test in a fresh profile
unless it asks for the shared one."""

import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SITE = pathlib.Path(os.environ.get("YAHTZEE_WEB", ROOT / "target" / "web"))
BINARY = os.environ.get("YAHTZEE_BIN", str(ROOT / "target" / "release" / "yahtzee"))


def _server_conftest():
    """The server's browser tests' conftest (its chromium_driver), under another name."""
    import importlib.util

    path = ROOT / "crates" / "yahtzee-server" / "tests" / "browser" / "conftest.py"
    spec = importlib.util.spec_from_file_location("server_browser_conftest", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Loading it also makes selenium's waits poll every 50 ms (its module does so), before the
# tests import WebDriverWait.
chromium_driver = _server_conftest().chromium_driver


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class StaticServer:
    """`python3 -m http.server` over the site; stop() and start() again on the same port."""

    def __init__(self):
        assert (SITE / "index.html").exists(), f"build the site first: scripts/build_web.sh ({SITE})"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = None
        self.start()

    def start(self):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1", "--directory", str(SITE)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                urllib.request.urlopen(self.url + "/index.html", timeout=1).read()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the static server did not start")

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


@pytest.fixture(scope="session")
def site():
    server = StaticServer()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def data_dir():
    d = tempfile.mkdtemp(prefix="yahtzee-static-")
    yield pathlib.Path(d)
    shutil.rmtree(d, ignore_errors=True)


def cli(*args, data_dir):
    out = subprocess.run([BINARY, *args], capture_output=True, text=True, check=True,
                         env={**os.environ, "YAHTZEE_DATA_DIR": str(data_dir)})
    return json.loads(out.stdout)


@pytest.fixture(scope="session")
def browser():
    """One browser for the tests that share tables: each rule set is solved once."""
    driver = chromium_driver()
    yield driver
    driver.quit()


@pytest.fixture
def fresh():
    """A browser with an empty profile: no cached tables, no service worker."""
    made = []

    def make(width=1200, height=1000):
        d = chromium_driver(width, height)
        made.append(d)
        return d

    yield make
    for d in made:
        d.quit()


def damage_stored_tables(d):
    """Flips one byte near the end of every table the page stored in IndexedDB (what a
    damaged disk or a half-written entry would leave)."""
    d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const open = indexedDB.open('yahtzee-tables', 1);
        open.onsuccess = () => {
            const tx = open.result.transaction('tables', 'readwrite');
            tx.objectStore('tables').openCursor().onsuccess = (ev) => {
                const c = ev.target.result;
                if (!c) return;
                const bytes = new Uint8Array(c.value);
                bytes[bytes.length - 9] ^= 1;
                c.update(bytes);
                c.continue();
            };
            tx.oncomplete = () => done();
        };""")


def wait_ready(d, timeout=120):
    """Until the page's answer shows (body[data-ready="1"])."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(d, timeout).until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")


def engine_stats(d):
    """What the engine in the page did (window.yahtzeeEngineStats)."""
    return d.execute_script("return Object.assign({}, window.yahtzeeEngineStats)")


def severe(d):
    """The browser's console errors."""
    return [e for e in d.get_log("browser") if e["level"] == "SEVERE"]


def reloaded(d, wait=wait_ready):
    """The page reloaded, once its answer shows again: what the engine did."""
    d.refresh()
    wait(d)
    return engine_stats(d)
