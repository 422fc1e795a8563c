#!/usr/bin/env python3
"""The static site's speed in headless Chromium (no server but a static file server), beside
the native solver in the same run, and its screenshots.

  target/pyenv/bin/python scripts/bench_web.py [RUNS] [--screenshots]

Needs scripts/build_web.sh (target/web), chromium and chromium-driver, selenium in the
Python environment (scripts/test.sh installs them), and cargo for the native figure.
Measures, as medians of RUNS fresh browser profiles (a first visit each):
- the first contentful paint of the advisor;
- on a first visit, the part of the table the URL's card needs (its filled sets only: the
  first answer waits for this), then the full solve of `forced` in the page's Web Worker
  (cold: the engine just compiled, solved after the first answer), and repeated solves in
  one page (warm);
- one advice query once the table is ready (in the worker, and as the page sees it);
- advice for a URL position on a return visit (table cached in IndexedDB), from navigation
  start to the answer on screen;
and the native single-thread solve of `forced` (the solve_time example) for the ratio.
With --screenshots: docs/static-advisor.png (desktop), docs/static-advisor-phone.png,
docs/static-solving.png (the progress bar) and docs/static-play.png (the game).
"""

import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web" / "tests"))
from conftest import StaticServer, chromium_driver  # noqa: E402

args = [a for a in sys.argv[1:] if not a.startswith("--")]
runs = int(args[0]) if args else 5
shots = "--screenshots" in sys.argv
POSITION = "/?rules=forced&card=ones%3D3%20fours%3D12%20full_house%3D25%20chance%3D22&dice=66612&rolls=1"


def wait(d, js, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        v = d.execute_script(js)
        if v:
            return v
        time.sleep(0.01)
    raise SystemExit("timed out waiting for: " + js)


def ready(d):
    wait(d, "return document.body.dataset.ready === '1'")


def native_solve_ms(n):
    subprocess.run(["cargo", "build", "-q", "--release", "-p", "yahtzee-solver", "--example", "solve_time"],
                   cwd=ROOT, check=True)
    times = []
    for _ in range(n):
        out = subprocess.run([str(ROOT / "target/release/examples/solve_time"), "forced"], check=True,
                             capture_output=True, text=True, env={"RAYON_NUM_THREADS": "1"}).stdout
        value, unit = out.split(" in ")[1].strip().rstrip("s").rstrip("m"), out.strip()[-2:]
        times.append(float(value) * (1 if unit == "ms" else 1000))
    return statistics.median(times)


server = StaticServer()
fcp, cold, part, first_answer, advise_page, revisit = [], [], [], [], [], []
try:
    for _ in range(runs):
        d = chromium_driver()
        try:
            d.get(server.url + POSITION)
            ready(d)
            first_answer.append(d.execute_script("return window.yahtzeeFirstAdviceMs"))
            browser = d.capabilities.get("browserVersion", "?")
            fcp.append(d.execute_script(
                "return performance.getEntriesByName('first-contentful-paint')[0].startTime"))
            # The whole table, solved (after the first answer, where a part answered it) and
            # stored (a site without parts stores it before answering).
            wait(d, "const s = yahtzeeEngineStats; return s.solves >= 1 && !(s.tablesStored < 1)")
            cold.append(d.execute_script("return yahtzeeEngineStats.lastSolveMs"))
            part.append(d.execute_script("return yahtzeeEngineStats.lastPartMs"))
            # One query with the table ready: in the worker, and round trip as the page sees it.
            page = d.execute_async_script("""
                const done = arguments[arguments.length - 1];
                const q = {rules: 'forced', scorecard: 'ones=3 fours=12', dice: '44456', rolls_left: 2};
                const times = [];
                (async () => {
                    for (let i = 0; i < 21; i++) {
                        const t = performance.now();
                        await YahtzeeClient.api('/api/advise', q);
                        times.push(performance.now() - t);
                    }
                    times.sort((a, b) => a - b);
                    done([times[10]]);
                })();""")
            advise_page.append(page[0])
            # Return visit: a new page, the table in IndexedDB.
            d.get("about:blank")
            d.get(server.url + POSITION)
            ready(d)
            nav = d.execute_script("return window.yahtzeeFirstAdviceMs")
            stats = d.execute_script("return yahtzeeEngineStats")
            assert stats["solves"] == 0 and stats["loadedFromCache"] == 1, stats
            revisit.append(nav)
        finally:
            d.quit()
    # Warm solves: one page, the engine solving again and again (in a module worker of its own).
    d = chromium_driver()
    try:
        d.get(server.url + "/index.html")
        ready(d)
        warm = d.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const w = new Worker(URL.createObjectURL(new Blob([`
                import { load } from '${location.origin}/yahtzee.js';
                const e = await load(new URL('${location.origin}/yahtzee.wasm'));
                const times = [];
                for (let i = 0; i < 6; i++) { const t = performance.now(); e.solve('forced'); times.push(performance.now() - t); }
                const q = {rules: 'forced', scorecard: 'ones=3 fours=12', dice: '44456', rolls_left: 2};
                const t = performance.now();
                for (let i = 0; i < 500; i++) e.advise(q);
                postMessage([times, (performance.now() - t) / 500]);`], {type: 'text/javascript'})), {type: 'module'});
            w.onmessage = (ev) => done(ev.data);
            w.onerror = (ev) => done([['error ' + ev.message], 0]);""")
        warm, advise_in_worker = warm
    finally:
        d.quit()

    if shots:
        for (w, h), name, path in [((1200, 1000), "static-advisor.png", POSITION),
                                   ((390, 1500), "static-advisor-phone.png", POSITION),
                                   ((1200, 1000), "static-play.png", "/play.html?rules=forced")]:
            d = chromium_driver(w, h)
            try:
                d.get(server.url + path)
                if "play" in path:
                    wait(d, "return !document.getElementById('roll').disabled")
                    d.find_element("id", "roll").click()
                    wait(d, "return document.querySelectorAll('#card-you tr.can-score').length > 0")
                    time.sleep(0.5)
                else:
                    ready(d)
                d.save_screenshot(str(ROOT / "docs" / name))
            finally:
                d.quit()
        # The progress bar, mid-solve (the biggest table: several seconds).
        d = chromium_driver(390, 700)
        try:
            d.get(server.url + "/?rules=forced%2Bmulligan%2Bchance-chance%2Bfool-house%2Bmega-yahtzee&dice=13346&rolls=2")
            wait(d, "const p = document.getElementById('status-progress'); return p && !p.hidden && p.value > 0.3")
            d.save_screenshot(str(ROOT / "docs" / "static-solving.png"))
        finally:
            d.quit()
finally:
    server.stop()

native = native_solve_ms(max(runs, 5))
med = statistics.median
cores = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
print(f"machine: {cores} cores; Chromium {browser}; medians of {runs} fresh profiles")
print(f"{'first contentful paint of the advisor':58} {med(fcp):8.0f} ms")
print(f"{'first visit: URL position to advice on screen (solve incl.)':58} {med(first_answer):8.0f} ms")
if all(p is not None for p in part):
    print(f"{'part of the table for the URL card, first visit (cold)':58} {med(part):8.0f} ms  (range {min(part):.0f}-{max(part):.0f})")
print(f"{'solve forced in the worker, first visit (cold)':58} {med(cold):8.0f} ms  (range {min(cold):.0f}-{max(cold):.0f})")
print(f"{'solve forced in a worker, repeated (warm), median of 6':58} {med(warm):8.0f} ms  {[round(x) for x in warm]}")
print(f"{'native solve forced, 1 thread (solve_time), median':58} {native:8.0f} ms")
print(f"{'ratio wasm (cold / warm) to native 1 thread':58} {med(cold) / native:8.2f} / {med(warm) / native:.2f}")
print(f"{'one advice query in a worker, table ready (mean of 500)':58} {advise_in_worker:8.3f} ms")
print(f"{'one advice query as the page sees it (round trip), median':58} {med(advise_page):8.3f} ms")
print(f"{'return visit: navigation start to advice on screen':58} {med(revisit):8.0f} ms  (range {min(revisit):.0f}-{max(revisit):.0f})")
