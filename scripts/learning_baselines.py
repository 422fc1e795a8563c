#!/usr/bin/env python3
"""The baselines of docs/LEARNING.md: every learning environment's perfect result and the
mean regret of random, greedy and optimal agents, with 95% intervals, as one JSON object.

    target/pyenv/bin/python scripts/learning_baselines.py [--games 20000] [--family-games 500]

Solitaire Yahtzee rule sets on the vector environment (yahtzee.baselines.evaluate: seeds
1 .. 1024, common random numbers, the first ``--games`` games to finish); Triple and
Painted Yahtzee on their single environments (episodes of seed 1), random and best play
(the engine's best option: the fitted strategy for Triple, the exact table for Painted
where it is on the machine, else the split strategy; each result says which); Yahtzix for
two players of one policy (PettingZoo), regret in chance to win.
"""

from __future__ import annotations

import argparse
import json
import os

import numpy as np

import yahtzee
from yahtzee import baselines
from yahtzee.family import PaintedYahtzeeEnv, TripleYahtzeeEnv
from yahtzee.pettingzoo import YahtzixEnv

RULE_SETS = ["forced", "yatzy", "forced+mulligan", "free+chance-chance+fool-house", "forced+mega-yahtzee"]


def yahtzix(policy: str, games: int, seed: int) -> dict:
    """Two players of one policy at Yahtzix (target 2,000): each seat's mean summed
    regret in chance to win (the exact two-player solution) and its wins minus losses."""
    env = YahtzixEnv(players=2)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    regrets = {a: [] for a in env.possible_agents}
    score = {a: 0.0 for a in env.possible_agents}
    for _ in range(games):
        run = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                score[agent] += reward
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            action = int(rng.choice(legal)) if policy == "random" else int(np.argmin(info["action_regret"]))
            env.step(action)
            run[agent] += env.infos[agent].get("regret", 0.0)
        for a, r in run.items():
            regrets[a].append(r)
        env.reset()
    return {
        "policy": policy,
        "games": games,
        "seats": {
            a: {"regret": baselines._interval(np.asarray(r)), "wins_minus_losses": score[a]}
            for a, r in regrets.items()
        },
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--family-games", type=int, default=500)
    ap.add_argument("--yahtzix-games", type=int, default=200)
    ap.add_argument("--only", choices=["yahtzee", "family", "yahtzix"], help="one part only")
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
    if args.only in (None, "yahtzix"):
        out["yahtzix"] = {p: yahtzix(p, args.yahtzix_games, seed=1) for p in ("random", "optimal")}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
