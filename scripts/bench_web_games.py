#!/usr/bin/env python3
"""The other games on the static site (the games module in the page's worker, no server),
in headless Chromium: for each page and position, a first visit in a fresh profile (cold:
the module fetched and compiled, the tables built) and a reload (warm: the tables read back
from IndexedDB), from navigation start to the answer on screen; the module's load time, the
build time, the module's memory (the worker's WebAssembly memory, the largest part of the
page's), the page's JavaScript heap, and the peak resident memory of the page's renderer
process (the page and its worker: sampled every 50 ms from /proc, cold and warm).

  target/pyenv/bin/python scripts/bench_web_games.py [RUNS] [PAGE...]

PAGE picks pages by a word of their name (e.g. `2,000`); all by default.

Needs scripts/build_web.sh (target/web), chromium and chromium-driver, and selenium in the
Python environment (scripts/test.sh installs them). Prints a table (medians of RUNS fresh
profiles).
"""

import os
import pathlib
import statistics
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web" / "tests"))
from conftest import StaticServer, chromium_driver  # noqa: E402

runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
picked = sys.argv[2:]
PAGES = [
    ("Triple Yahtzee", "/triple.html?mode=advise&card=&dice=66612&rolls=1"),
    ("Painted Yahtzee", "/painted.html?mode=advise&card=ones%3D3&dice=5r5y2g3b1p&rolls=2"),
    ("Yahtzix to 300", "/yahtzix.html?mode=advise&target=300&me=0&opp=150&dice=115523&roll=1&total=0"),
    ("Yahtzix to 1,000", "/yahtzix.html?mode=advise&target=1000&me=0&opp=150&dice=115523&roll=1&total=0"),
    ("Yahtzix to 2,000", "/yahtzix.html?mode=advise&target=2000&me=0&opp=150&dice=115523&roll=1&total=0"),
]


def descendants(pid):
    """Every process below `pid` (from /proc)."""
    children = {}
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                ppid = int(open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            children.setdefault(ppid, []).append(int(p))
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


class PeakRenderer:
    """The largest resident memory of any renderer process of a driver's browser while it
    runs (the page and its worker live in one renderer)."""

    def __init__(self, driver):
        self.root = driver.service.process.pid
        self.peak = 0
        self.stop = False
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stop:
            for pid in descendants(self.root):
                try:
                    if b"--type=renderer" not in open(f"/proc/{pid}/cmdline", "rb").read():
                        continue
                    for line in open(f"/proc/{pid}/status"):
                        if line.startswith("VmRSS:"):
                            self.peak = max(self.peak, int(line.split()[1]) * 1024)
                except OSError:
                    pass
            time.sleep(0.05)

    def done(self):
        self.stop = True
        self.thread.join()
        return self.peak


def ready_ms(d, timeout=300):
    end = time.time() + timeout
    while time.time() < end:
        if d.execute_script("return document.body.dataset.ready") == "1":
            return d.execute_script("return performance.now()")
        time.sleep(0.02)
    raise TimeoutError("no answer")


def stats(d):
    return d.execute_script("return Object.assign({}, window.yahtzeeEngineStats)")


def one(site, path):
    d = chromium_driver()
    try:
        peak = PeakRenderer(d)
        d.get(site.url + path)
        cold = ready_ms(d)
        s = stats(d)
        heap = d.execute_script("return performance.memory ? performance.memory.usedJSHeapSize : null")
        # Storing the built files happens after the answer is shown: wait for it.
        time.sleep(3)
        cold_peak = peak.done()
        peak = PeakRenderer(d)
        d.refresh()
        warm = ready_ms(d)
        w = stats(d)
        time.sleep(1)
        return {"cold": cold, "warm": warm, "module": s.get("moduleMs"), "build": s.get("lastSolveMs"),
                "advise_warm": w.get("lastAdviseMs"), "wasm": s.get("wasmBytes"), "heap": heap,
                "from_cache": w.get("loadedFromCache"), "built_warm": w.get("builds"),
                "rss_cold": cold_peak, "rss_warm": peak.done(), "wasm_warm": w.get("wasmBytes")}
    finally:
        d.quit()


def main():
    site = StaticServer()
    try:
        print(f"{'page':18} {'first visit':>12} {'module':>8} {'build':>9} {'return':>8} "
              f"{'advice':>8} {'wasm MB':>8} {'JS MB':>6} {'peak MB cold':>12} {'warm':>5}")
        for name, path in PAGES:
            if picked and not any(w in name for w in picked):
                continue
            rs = [one(site, path) for _ in range(runs)]
            med = lambda k: statistics.median(r[k] for r in rs if r[k] is not None)
            assert all(r["built_warm"] == 0 and r["from_cache"] >= 1 for r in rs), rs
            print(f"{name:18} {med('cold'):10.0f}ms {med('module'):6.0f}ms {med('build'):7.0f}ms "
                  f"{med('warm'):6.0f}ms {med('advise_warm'):6.1f}ms {med('wasm') / 1e6:8.0f} "
                  f"{med('heap') / 1e6:6.1f} {med('rss_cold') / 1e6:12.0f} {med('rss_warm') / 1e6:5.0f}")
    finally:
        site.stop()


if __name__ == "__main__":
    main()
