#!/usr/bin/env python3
"""The baselines of docs/LEARNING.md: every learning environment's perfect result and the
mean regret of random, greedy and optimal agents, with 95% intervals, as one JSON object.

    target/pyenv/bin/python scripts/learning_baselines.py [--games 20000] [--family-games 500]

Solitaire Yahtzee rule sets on the vector environment (yahtzee.baselines.evaluate: seeds
1 .. 1024, common random numbers, the first ``--games`` games to finish); Triple and
Painted Yahtzee on their single environments (episodes of seed 1), random and best play
(the engine's best option: the fitted strategy for Triple, the exact table for Painted
where it is on the machine, else the split strategy; each result says which).
"""

from __future__ import annotations

import argparse
import json
import os

import yahtzee
from yahtzee import baselines
from yahtzee.family import PaintedYahtzeeEnv, TripleYahtzeeEnv

RULE_SETS = ["forced", "yatzy", "forced+mulligan", "free+chance-chance+fool-house"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--family-games", type=int, default=500)
    ap.add_argument("--only", choices=["yahtzee", "family"], help="one part only")
    args = ap.parse_args()
    out: dict = {"cores": os.cpu_count(), "yahtzee": {}, "family": {}}
    if args.only in (None, "yahtzee"):
        for rules in RULE_SETS:
            perfect = yahtzee.Table.load_or_solve(rules).value(None)
            out["yahtzee"][rules] = {
                "optimal_expected_total": perfect,
                "agents": {
                    p: baselines.evaluate(p, args.games, rules=rules, seed=1, optimal_value=perfect)
                    for p in ("random", "greedy", "optimal")
                },
            }
    if args.only in (None, "family"):
        for name, make in (("triple", TripleYahtzeeEnv), ("painted", PaintedYahtzeeEnv)):
            out["family"][name] = {
                p: baselines.evaluate_single(make(), p, args.family_games, seed=1)
                for p in ("random", "optimal")
            }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
