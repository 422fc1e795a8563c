#!/usr/bin/env python3
"""Env steps per second of yahtzee.gym beside the Yahtzee environments on PyPI, in one run.

    target/pyenv/bin/python scripts/bench_env.py [--seconds 5] [--json]

Ours (the official rules, "forced", regret on: every step's exact regret, the optimal
value, and unless said otherwise every action's regret): the vector environment
(``YahtzeeVectorEnv``) at 512, 1,024 and 4,096 games (and at 1,024 without copying its
arrays, ``copy=False``, and without every action's regret) and the single Gymnasium environment
(``gymnasium.make("yahtzee/Yahtzee-v0")``), each playing uniformly random legal actions.
Two rates each: ``steps_per_second`` over the whole loop (the agent's numpy choice
included) and ``env_steps_per_second`` over the time inside ``step()`` only, the rate
the issue's target (one million on 2 cores) is about. The peers run in their own virtual
environment (scripts/bench_env_peers.py; ``--install`` makes it on a clean clone) in the
same invocation, one after the other; the ratios divide our rates by theirs.

Prints a table (and with ``--json`` one JSON object: every measurement and the ratios).
The machine's core count and load are printed with it: rerun on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
PEER_PYTHON = ROOT / "target" / "peer-envs" / "bin" / "python"


def bench_vector(num_envs: int, seconds: float, action_regret: bool = True, copy: bool = True) -> dict:
    from yahtzee.gym import YahtzeeVectorEnv

    env = YahtzeeVectorEnv(num_envs, rules="forced", action_regret=action_regret, copy=copy)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=0)
    for _ in range(20):  # warm up: the table read, the threads started
        mask = info["action_mask"]
        obs, _, _, _, info = env.step(np.argmax(rng.random(mask.shape, dtype=np.float32) * mask, axis=1))
    steps, in_step = 0, 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        mask = info["action_mask"]
        actions = np.argmax(rng.random(mask.shape, dtype=np.float32) * mask, axis=1)
        t = time.perf_counter()
        obs, _, _, _, info = env.step(actions)
        in_step += time.perf_counter() - t
        steps += num_envs
    wall = time.perf_counter() - start
    return {
        "env": f"yahtzee.gym.YahtzeeVectorEnv({num_envs}"
        + ("" if action_regret else ", action_regret=False")
        + ("" if copy else ", copy=False")
        + ")",
        "steps": steps,
        "seconds": wall,
        "steps_per_second": steps / wall,
        "env_steps_per_second": steps / in_step,
    }


def bench_single(seconds: float) -> dict:
    import gymnasium

    import yahtzee  # noqa: F401  (registers the ids)

    env = gymnasium.make("yahtzee/Yahtzee-v0", rules="forced")
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=0)
    steps, in_step = 0, 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        legal = np.flatnonzero(info["action_mask"])
        action = int(legal[rng.integers(len(legal))])
        t = time.perf_counter()
        obs, _, terminated, _, info = env.step(action)
        in_step += time.perf_counter() - t
        steps += 1
        if terminated:
            obs, info = env.reset()
    wall = time.perf_counter() - start
    return {
        "env": 'gymnasium.make("yahtzee/Yahtzee-v0")',
        "steps": steps,
        "seconds": wall,
        "steps_per_second": steps / wall,
        "env_steps_per_second": steps / in_step,
    }


def bench_peers(seconds: float, install: bool) -> list[dict]:
    script = ROOT / "scripts" / "bench_env_peers.py"
    if not PEER_PYTHON.exists():
        if not install:
            print("peers: no target/peer-envs (run with --install to make it)", file=sys.stderr)
            return []
        subprocess.run([sys.executable, str(script), "--install", "--seconds", "0.1"], check=True,
                       stdout=subprocess.DEVNULL)
    out = subprocess.run([str(PEER_PYTHON), str(script), "--seconds", str(seconds)],
                         check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="wall-clock budget per environment")
    ap.add_argument("--install", action="store_true", help="make the peers' virtual environment if missing")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    ours = [
        bench_vector(512, args.seconds),
        bench_vector(1024, args.seconds),
        bench_vector(4096, args.seconds),
        bench_vector(1024, args.seconds, copy=False),
        bench_vector(1024, args.seconds, action_regret=False, copy=False),
        bench_single(args.seconds),
    ]
    peers = bench_peers(args.seconds, args.install)
    ratios = {
        f"{o['env']} / {p['package']}": {
            "whole_loop": o["steps_per_second"] / p["steps_per_second"],
            "inside_step": o["env_steps_per_second"] / p["step_call_steps_per_second"],
        }
        for o in ours
        for p in peers
    }
    result = {
        "cores": os.cpu_count(),
        "load_average": os.getloadavg(),
        "ours": ours,
        "peers": peers,
        "ratios": ratios,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    print(f"{'environment':72} {'steps/s (loop)':>15} {'steps/s (step)':>15}")
    for o in ours:
        print(f"{o['env']:72} {o['steps_per_second']:15,.0f} {o['env_steps_per_second']:15,.0f}")
    for p in peers:
        name = f"{p['package']} {p.get('version', '')}"
        print(f"{name:72} {p['steps_per_second']:15,.0f} {p['step_call_steps_per_second']:15,.0f}")
    for k, r in ratios.items():
        print(f"ratio {k}: {r['whole_loop']:,.0f}x (loop), {r['inside_step']:,.0f}x (step)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
