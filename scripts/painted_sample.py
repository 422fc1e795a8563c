#!/usr/bin/env python3
"""Per-set kernel times of a Painted game sampled layer by layer, for the cost model of
the distributed solve (docs/PAINTED.md): in each layer, `--samples` sets spread over its
ids are each solved alone on one core (`yahtzee.painted_solve_chunk`, RAYON_NUM_THREADS=1)
against a layer n+1 of zeros (the kernel's work does not depend on the values), and the
mean time per set times the layer's sets estimates the layer's core-seconds.

  RAYON_NUM_THREADS=1 target/pyenv/bin/python scripts/painted_sample.py [--game painted] [--samples 8]

Prints one JSON object per layer (sets, bytes, seconds per set: mean, min, max; estimated
core-hours), then the totals.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

import yahtzee


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="painted")
    p.add_argument("--samples", type=int, default=8, help="sets timed per layer (8)")
    a = p.parse_args()
    if os.environ.get("RAYON_NUM_THREADS") != "1":
        raise SystemExit("error: run with RAYON_NUM_THREADS=1 (one core per set, as a worker)")
    layout = yahtzee.painted_layout(a.game)
    sps = yahtzee.painted_states_per_set(a.game)
    boxes = len(layout) - 1
    total = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        nxt, out = Path(tmp) / "next.f64", Path(tmp) / "chunk.f64"
        for n in range(boxes + 1):
            if n < boxes:
                with open(nxt, "wb") as f:
                    f.truncate(layout[n + 1] * sps * 8)  # zeros
            path = None if n == boxes else str(nxt)
            k = min(a.samples, layout[n])
            ids = sorted({i * layout[n] // k for i in range(k)})
            yahtzee.painted_solve_chunk(a.game, n, ids[0], ids[0] + 1, path, str(out))  # warm
            times = []
            for i in ids:
                t = time.perf_counter()
                yahtzee.painted_solve_chunk(a.game, n, i, i + 1, path, str(out))
                times.append(time.perf_counter() - t)
            mean = sum(times) / len(times)
            total += mean * layout[n]
            print(json.dumps({
                "layer": n,
                "sets": layout[n],
                "bytes": layout[n] * sps * 8,
                "sampled": len(times),
                "seconds_per_set": {"mean": mean, "min": min(times), "max": max(times)},
                "core_hours": mean * layout[n] / 3600,
            }), flush=True)
    print(json.dumps({
        "game": a.game,
        "sets": sum(layout),
        "states_per_set": sps,
        "table_bytes": sum(layout) * sps * 8,
        "largest_layer_bytes": max(layout) * sps * 8,
        "core_hours": total / 3600,
    }))


if __name__ == "__main__":
    main()
