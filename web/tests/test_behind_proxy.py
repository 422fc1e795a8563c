"""The static files behind a proxy that sends api/ to a `yahtzee serve` (the pages carry no
<meta name="yahtzee-serve"> there): client.js's probe (GET api/health answers
{"status": "ok"}) finds the server, so the page asks it, with no worker and no service
worker, and playing for a target works. The static site alone answers {"status": "static"}
from its api/health file: no 404 in the console."""

import http.server
import json
import os
import subprocess
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import BINARY, SITE, cli
from test_static import engine_stats, same_as_cli, severe, wait_advice


def test_the_static_site_says_it_has_no_server(site):
    with urllib.request.urlopen(site.url + "/api/health", timeout=10) as r:
        assert json.loads(r.read()) == {"status": "static"}


class Proxy(http.server.ThreadingHTTPServer):
    daemon_threads = True


def proxy_to(api_url):
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **k):
            super().__init__(*a, directory=str(SITE), **k)

        def log_message(self, *a):
            pass

        def forward(self, body=None):
            req = urllib.request.Request(api_url + self.path, data=body, method=self.command,
                                         headers={"Content-Type": self.headers.get("Content-Type", "")})
            try:
                with urllib.request.urlopen(req, timeout=60) as r:
                    status, data, ctype = r.status, r.read(), r.headers.get("Content-Type")
            except urllib.error.HTTPError as e:
                status, data, ctype = e.code, e.read(), e.headers.get("Content-Type")
            self.send_response(status)
            self.send_header("Content-Type", ctype or "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            if self.path.startswith("/api/"):
                return self.forward()
            return super().do_GET()

        def do_POST(self):
            n = int(self.headers.get("Content-Length") or 0)
            return self.forward(self.rfile.read(n))

    return Handler


@pytest.fixture
def proxied(data_dir):
    env = {**os.environ, "YAHTZEE_DATA_DIR": str(data_dir)}
    subprocess.run([BINARY, "solve", "--quiet"], check=True, capture_output=True, env=env)
    serve = subprocess.Popen([BINARY, "serve", "--port", "0", "--data-dir", str(data_dir)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = serve.stdout.readline()
    assert line.startswith("listening on http://"), line + serve.stderr.read()
    proxy = Proxy(("127.0.0.1", 0), proxy_to(line.split()[-1]))
    thread = threading.Thread(target=proxy.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{proxy.server_address[1]}"
    finally:
        proxy.shutdown()
        serve.terminate()
        serve.wait(timeout=10)


def test_a_server_behind_the_static_files_is_found_and_asked(fresh, proxied, data_dir):
    d = fresh()
    d.get_log("browser")
    # Late in a game, against an opponent's card: a question only the server answers.
    card = ("ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=20 four_of_a_kind=20 "
            "full_house=25 small_straight=30")
    opponent = card.replace("three_of_a_kind=20", "three_of_a_kind=25") + " large_straight=40"
    d.get(proxied + "/?" + urllib.parse.urlencode(
        {"rules": "forced", "card": card, "dice": "66612", "rolls": 1, "opp": opponent}))
    wait_advice(d)
    stats = engine_stats(d)
    assert stats["mode"] == "server" and stats["solves"] == 0, stats
    assert not d.find_element(By.ID, "goal-static").is_displayed()
    assert d.find_element(By.ID, "opponent").is_enabled()
    want = cli("advise", "--scorecard", card, "--dice", "66612", "--rolls-left", "1", "--opponent", opponent,
               "--json", data_dir=data_dir)
    p = d.find_elements(By.CSS_SELECTOR, "#options tr.option td.p")[0].text
    assert f"{100 * want['options'][0]['p_win']:.2f}" in p
    assert d.execute_script("return navigator.serviceWorker ? navigator.serviceWorker.controller : null") is None
    # Without a goal: the CLI's options, as on a static host.
    d.get(proxied + "/?rules=forced&card=ones%3D3&dice=66612&rolls=1")
    wait_advice(d)
    same_as_cli(d, cli("advise", "--json", "--scorecard", "ones=3", "--dice", "66612", "--rolls-left", "1",
                       data_dir=data_dir))
    assert not severe(d)
