#!/usr/bin/env python3
"""The trainer's puzzles measured (docs/TRAIN.md): how themes, difficulties and kinds spread
over 1,000 puzzles (seeds 1 to 5, 200 each), and the reference players' proficiency
scores (mean loss per decision) on each seed's test (its first 20 puzzles) and on all.

    scripts/train_scores.py [--bin target/release/yahtzee] [--rules forced] > docs/train-scores.txt
"""

import argparse
import collections
import json
import os
import subprocess
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.environ.get("YAHTZEE_BIN", "target/release/yahtzee"))
    ap.add_argument("--rules", default="forced")
    args = ap.parse_args()
    sets = {}
    for seed in range(1, 6):
        t = time.perf_counter()
        out = subprocess.run([args.bin, "train", "list", "--json", "--rules", args.rules, "--seed", str(seed),
                              "--count", "200"], capture_output=True, text=True, check=True).stdout
        sets[seed] = (json.loads(out), time.perf_counter() - t)
    every = [p for ps, _ in sets.values() for p in ps]
    print(f"# scripts/train_scores.py --rules {args.rules}: 1,000 puzzles, seeds 1 to 5, 200 each")
    for seed, (_, secs) in sets.items():
        print(f"seed {seed}: 200 puzzles in {secs * 1000:.0f} ms (the whole process, tables built)")
    for key in ("theme", "difficulty", "kind"):
        counts = collections.Counter(p[key] for p in every)
        print(f"{key}: " + ", ".join(f"{k} {n}" for k, n in counts.most_common()))
    traps = collections.Counter("greedy" if p["against"] == p["greedy"] else "myopic"
                                for p in every if p["kind"] == "trap")
    print("traps set by: " + ", ".join(f"{k} {n}" for k, n in traps.most_common()))
    print()
    print("mean loss per decision    random   greedy   myopic  optimal")
    for label, ps in [*((f"the test of seed {s}", sets[s][0][:20]) for s in sets), ("all 1,000", every)]:
        def mean(f):
            return sum(f(p) for p in ps) / len(ps)
        opts = lambda p: p["report"]["options"]  # noqa: E731
        random = mean(lambda p: sum(o["loss"] for o in opts(p)) / len(opts(p)))
        greedy = mean(lambda p: opts(p)[p["greedy"]]["loss"])
        myopic = mean(lambda p: opts(p)[p["myopic"]]["loss"])
        print(f"{label:<24} {random:8.2f} {greedy:8.2f} {myopic:8.2f} {0:8.2f}")


if __name__ == "__main__":
    main()
