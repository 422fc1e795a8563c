#!/usr/bin/env python3
"""Screenshots of the web advisor for the README (docs/advisor.png, docs/advisor-phone.png,
docs/advisor-explain.png: "say why")
and its first paint on loopback in headless Chromium (target: at most 1 s).

  target/pyenv/bin/python scripts/web_screenshot.py [LOADS]

Needs `target/release/yahtzee` (cargo build --release; or the binary named by $YAHTZEE_BIN), chromium and chromium-driver, and
selenium in the Python environment (scripts/test.sh installs all three).
"""

import os
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "crates" / "yahtzee-server" / "tests" / "browser"))
from conftest import chromium_driver  # noqa: E402

loads = int(sys.argv[1]) if len(sys.argv) > 1 else 20
binary = os.environ.get("YAHTZEE_BIN", str(ROOT / "target" / "release" / "yahtzee"))
server = subprocess.Popen([str(binary), "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
url = server.stdout.readline().split()[-1]
position = "/?rules=forced&card=ones%3D3%20fours%3D12%20full_house%3D25%20chance%3D22&dice=44456&rolls=1"


def ready(driver):
    for _ in range(200):
        if driver.execute_script("return document.body.dataset.ready") == "1":
            return
        time.sleep(0.05)
    raise SystemExit("the advice never rendered")


try:
    for (w, h), name in [((1200, 1000), "advisor.png"), ((390, 1400), "advisor-phone.png")]:
        d = chromium_driver(w, h)
        d.get(url + position)
        ready(d)
        time.sleep(0.3)
        d.save_screenshot(str(ROOT / "docs" / name))
        d.quit()
    # "Say why" (docs/EXPLAIN.md): the official rules, 1 3 3 4 6 with two rolls left, each
    # option explained (the first time, the server builds the companion table: seconds).
    d = chromium_driver(1200, 1000)
    d.get(url + "/?rules=forced&dice=13346&rolls=2&why=1")
    for _ in range(1200):
        if d.execute_script("return !!document.getElementById('explain-best')"):
            break
        time.sleep(0.1)
    else:
        raise SystemExit("the explanation never rendered")
    time.sleep(0.3)
    d.save_screenshot(str(ROOT / "docs" / "advisor-explain.png"))
    d.quit()
    d = chromium_driver()
    paints, advice = [], []
    for _ in range(loads):
        d.get("about:blank")
        d.get(url + position)
        ready(d)
        fcp = None
        for _ in range(100):
            fcp = d.execute_script(
                "const e = performance.getEntriesByType('paint')"
                ".find(p => p.name === 'first-contentful-paint'); return e ? e.startTime : null"
            )
            if fcp is not None:
                break
            time.sleep(0.02)
        done = d.execute_script("return performance.now()")
        paints.append(fcp)
        advice.append(done)
    d.quit()
    print(f"first contentful paint: median {statistics.median(paints):.0f} ms, "
          f"max {max(paints):.0f} ms over {loads} loads (target: 1000 ms)")
    print(f"advice rendered by: median {statistics.median(advice):.0f} ms, max {max(advice):.0f} ms")
finally:
    server.terminate()
