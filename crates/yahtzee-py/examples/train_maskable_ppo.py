#!/usr/bin/env python3
"""Train sb3-contrib's MaskablePPO on yahtzee/Yahtzee-v0 for a short budget and score it by
its exact regret (docs/LEARNING.md). Run by hand, not in the test suite:

    python -m venv target/rl-venv
    target/rl-venv/bin/pip install torch sb3-contrib        # the CUDA build from PyPI: ~5 GB
    target/rl-venv/bin/pip install target/wheels/yahtzee-*.whl
    target/rl-venv/bin/python crates/yahtzee-py/examples/train_maskable_ppo.py --timesteps 200000

The agent sees the observation scaled to [0, 1] (each entry over its space's high) and the
legal-action mask (``action_masks()``); it learns, undiscounted (``gamma=1``), from minus
each step's exact regret (``--reward regret``, the default) or from the points written
(``--reward points``): the same optimum either way. After training, the policy plays
``--games`` games on the vector environment (common random numbers: the same fresh dice as
the random, greedy and optimal baselines beside it) and the script prints one JSON object:
each agent's mean total and mean summed regret with 95% intervals, and the training time.
"""

from __future__ import annotations

import argparse
import json
import time

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

from yahtzee import baselines
from yahtzee.gym import YahtzeeEnv


class Scaled(gymnasium.Wrapper):
    """Observations over their highs (in [0, 1]), the mask passed through, and the reward
    the agent learns from: the points written over 50 (``"points"``), or minus the step's
    exact regret over 10 (``"regret"``: the same optimum, since an episode's summed regret
    is the optimal expected total minus the total plus zero-mean noise, but a signal at
    every step instead of at scoring)."""

    def __init__(self, env: YahtzeeEnv, reward: str) -> None:
        super().__init__(env)
        self.high = env.observation_space.high
        self.reward = reward
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, env.observation_space.shape, np.float32)

    def reset(self, **kwargs):
        obs, info = self.env.reset(**kwargs)
        return (obs / self.high).astype(np.float32), info

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        learn = -info["regret"] / 10.0 if self.reward == "regret" else reward / 50.0
        return (obs / self.high).astype(np.float32), learn, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="forced")
    ap.add_argument("--timesteps", type=int, default=200_000)
    ap.add_argument("--games", type=int, default=10_000, help="evaluation games per agent")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--reward", choices=["points", "regret"], default="regret",
                    help="what the agent learns from (the evaluation is the same)")
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # one thread: the same run gives the same network
    env = Scaled(YahtzeeEnv(args.rules, regret=args.reward == "regret"), args.reward)
    env.reset(seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        gamma=1.0,
        n_steps=2048,
        batch_size=256,
        learning_rate=3e-4,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        verbose=0,
    )
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    seconds = time.perf_counter() - start
    high = env.high

    def ppo(vec, obs, info, rng):
        actions, _ = model.predict(obs / high, action_masks=info["action_mask"].astype(bool), deterministic=True)
        return actions

    ppo.__name__ = "maskable_ppo"
    # Evaluation seeds apart from training's (1_000_000 on), the same for every agent.
    agents = {name: name for name in ("random", "greedy", "optimal")}
    agents["maskable_ppo"] = ppo
    results = {
        name: baselines.evaluate(policy, args.games, rules=args.rules, seed=1_000_000, num_envs=500)
        for name, policy in agents.items()
    }
    print(json.dumps({
        "rules": args.rules,
        "reward": args.reward,
        "timesteps": args.timesteps,
        "training_seconds": seconds,
        "torch_threads": torch.get_num_threads(),
        "agents": results,
    }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
