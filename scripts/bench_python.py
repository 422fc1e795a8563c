#!/usr/bin/env python3
"""Timings of the Python package against its targets: `import yahtzee` plus opening the
official table (at most 50 ms, whole fresh interpreter, table present) and one `advise`
call (at most 50 us).

Run with the interpreter that has the package (scripts/test.sh builds it into
target/pyenv):  target/pyenv/bin/python scripts/bench_python.py [RUNS]
"""

import statistics
import subprocess
import sys
import time
import timeit

runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30

import yahtzee  # noqa: E402

table = yahtzee.Table.load_or_solve("forced")  # build it once if missing
path = str(table.path)

probe = (
    "import time; t = time.perf_counter(); import yahtzee; "
    f"yahtzee.Table.open({path!r}); print(time.perf_counter() - t)"
)
inside, whole = [], []
for _ in range(runs):
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    whole.append(time.perf_counter() - start)
    inside.append(float(out.stdout))

cases = [
    ("new card, 2 rolls left", ("", "13346", 2)),
    ("mid-game, 1 roll left", ("ones=3 fours=12 full_house=25 yahtzee=50", "44456", 1)),
    ("mid-game, last roll", ("ones=3 fours=12 full_house=25 yahtzee=50", "44456", 0)),
]
print(f"import yahtzee + Table.open: median {1e3 * statistics.median(inside):.2f} ms "
      f"(max {1e3 * max(inside):.2f} ms) over {runs} fresh interpreters; "
      f"whole process {1e3 * statistics.median(whole):.1f} ms (target: 50 ms)")
for name, (card, dice, rolls) in cases:
    for label, call in [
        ("table.advise", lambda: table.advise(card, dice, rolls)),
        ("yahtzee.advise", lambda: yahtzee.advise(card, dice, rolls)),
    ]:
        n = 2000
        best = min(timeit.repeat(call, number=n, repeat=5)) / n
        print(f"{label}({name}): {1e6 * best:.1f} us (target: 50 us)")
