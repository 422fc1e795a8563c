#!/usr/bin/env python3
"""Draws the workspace's crate graph (build dependencies, not tests) from `cargo metadata`:
docs/crates.dot, and docs/crates.svg / docs/crates.png when Graphviz's `dot` is installed
(apt-get install graphviz). Prints the edges and any cycle; tests/layers.rs checks that
every edge points down ARCHITECTURE.md's layers.

    scripts/crate_graph.py
"""
import json
import pathlib
import shutil
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
meta = json.loads(subprocess.check_output(
    ["cargo", "metadata", "--format-version", "1", "--no-deps", "--offline"], cwd=root))
names = {p["name"] for p in meta["packages"]}
edges = sorted({(p["name"], d["name"]) for p in meta["packages"] for d in p["dependencies"]
                if d["name"] in names and d["kind"] != "dev"})

graph = {n: [b for a, b in edges if a == n] for n in names}
state = {}


def cycle_from(n, path):
    state[n] = "open"
    for m in graph[n]:
        if state.get(m) == "open":
            return path + [n, m]
        if m not in state:
            found = cycle_from(m, path + [n])
            if found:
                return found
    state[n] = "done"
    return None


cycles = [c for n in sorted(names) if n not in state for c in [cycle_from(n, [])] if c]
short = lambda n: n.removeprefix("yahtzee-") if n != "yahtzee" else "yahtzee (CLI)"
lines = ["digraph crates {", "  rankdir=BT; node [shape=box, fontname=sans];"]
lines += [f'  "{short(a)}" -> "{short(b)}";' for a, b in edges]
lines.append("}")
dot = root / "docs" / "crates.dot"
dot.write_text("\n".join(lines) + "\n")
for a, b in edges:
    print(f"{a} -> {b}")
print(f"{len(names)} crates, {len(edges)} edges, cycles: {cycles or 'none'}")
if shutil.which("dot"):
    for fmt in ("svg", "png"):
        subprocess.check_call(["dot", f"-T{fmt}", str(dot), "-o", str(dot.with_suffix("." + fmt))])
    print(f"wrote {dot.with_suffix('.svg')} and .png")
else:
    print("dot not found (apt-get install graphviz): wrote only", dot)
sys.exit(1 if cycles else 0)
