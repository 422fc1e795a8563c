"""Baseline agents for :mod:`yahtzee.gym`, and agents scored by their exact regret.

Three policies over a batch of games (numpy in, actions out):

- :func:`random_actions`: uniform over the legal actions;
- :func:`greedy_actions`: while rolls are left, keep the dice of the most common face (the
  higher face on a tie) and reroll the rest; after the last roll, score the legal box worth
  the most points now (the first in card order on a tie). It never spends the mulligan,
  takes chance-chance or takes the sixth die;
- :func:`optimal_actions`: the action of least regret (the exact optimum).

:func:`evaluate` plays a policy for a number of games on :class:`~yahtzee.gym.YahtzeeVectorEnv`
and returns, with 95% intervals, the mean final total, the mean summed regret, and the gap
to the optimum estimated both ways: *optimal expected total minus mean total* (noisy) and
the mean summed regret (whose expectation is the same gap, with far less noise;
docs/LEARNING.md).
"""

from __future__ import annotations

import math
from typing import Any, Callable, Optional

import numpy as np

from .gym import YahtzeeVectorEnv

__all__ = ["random_actions", "greedy_actions", "optimal_actions", "evaluate", "evaluate_single", "POLICIES"]

KEEPS = 32


def random_actions(env: YahtzeeVectorEnv, obs: np.ndarray, info: dict, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per game."""
    mask = info["action_mask"]
    return np.argmax(rng.random(mask.shape, dtype=np.float32) * mask, axis=1)


def greedy_actions(env: YahtzeeVectorEnv, obs: np.ndarray, info: dict, rng: np.random.Generator) -> np.ndarray:
    """Chase the most common face, then score the most points now (module docstring)."""
    mask = info["action_mask"].astype(bool)
    n = env.observation_names.index("rolls left")  # dice slots: 5, or 6 under Mega Yahtzee
    dice = obs[:, :n]
    faces = np.arange(1, 7, dtype=dice.dtype)
    counts = (dice[:, :, None] == faces[None, None, :]).sum(axis=1)
    mode = np.argmax(counts * 8 + np.arange(6), axis=1) + 1  # ties: the higher face
    bits = (dice == mode[:, None]) @ (1 << np.arange(n))
    points = env.action_points()
    points = np.where(mask & ~np.isnan(points), points, -1.0)
    score = np.argmax(points, axis=1)  # the first of the most points
    rolling = obs[:, n] > 0
    keep_ok = mask[np.arange(len(bits)), bits] & rolling
    # Before a Mega turn's first roll: keep the sixth die in hand (roll five).
    names = env.action_names
    if "roll five" in names:
        question = mask[:, names.index("roll five")]
        score = np.where(question, names.index("roll five"), score)
    # A forced box (fool-house) or a turn with no roll left: score.
    return np.where(keep_ok, bits, score)


def optimal_actions(env: YahtzeeVectorEnv, obs: np.ndarray, info: dict, rng: np.random.Generator) -> np.ndarray:
    """The action of least regret (the exact optimum; the first on a tie)."""
    return np.argmin(info["action_regret"], axis=1)


POLICIES: dict[str, Callable] = {
    "random": random_actions,
    "greedy": greedy_actions,
    "optimal": optimal_actions,
}


def _interval(xs: np.ndarray) -> dict:
    mean = float(xs.mean())
    half = 1.959964 * float(xs.std(ddof=1)) / math.sqrt(len(xs))
    return {"mean": mean, "low": mean - half, "high": mean + half, "half_width": half}


def evaluate(
    policy: Any,
    games: int,
    rules: Any = "forced",
    house: Any = None,
    seed: int = 0,
    num_envs: int = 1024,
    optimal_value: Optional[float] = None,
) -> dict:
    """Plays ``policy`` (a name of :data:`POLICIES` or a function ``(env, obs, info, rng) ->
    actions``) for at least ``games`` games; returns the mean total, the mean summed
    regret and the two estimates of the gap to the optimum, each with its 95% interval.
    The first ``games`` games to finish are counted (of seeds ``seed .. seed +
    num_envs - 1``, common random numbers: every policy sees the same fresh dice)."""
    act = POLICIES[policy] if isinstance(policy, str) else policy
    env = YahtzeeVectorEnv(num_envs, rules=rules, house=house, copy=False)
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    if optimal_value is None:
        from . import Table

        optimal_value = Table.load_or_solve(env._core.rules).value(None)
    totals, regrets = [], []
    run_total = np.zeros(num_envs)
    run_regret = np.zeros(num_envs)
    steps = 0
    while len(totals) < games:
        actions = act(env, obs, info, rng)
        obs, reward, terminated, _, info = env.step(actions)
        steps += num_envs
        run_total += reward  # 0 for a game this step reset
        run_regret += info["regret"]  # 0 for a game this step reset
        for i in np.flatnonzero(terminated):
            totals.append(run_total[i])
            regrets.append(run_regret[i])
        run_total[terminated] = 0.0
        run_regret[terminated] = 0.0
    totals_a = np.asarray(totals[:games])
    regrets_a = np.asarray(regrets[:games])
    return {
        "policy": policy if isinstance(policy, str) else getattr(policy, "__name__", "policy"),
        "rules": env._core.rules,
        "games": games,
        "seed": seed,
        "optimal_expected_total": optimal_value,
        "total": _interval(totals_a),
        "regret": _interval(regrets_a),
        "gap_from_totals": _interval(optimal_value - totals_a),
        "steps_per_game": steps / max(len(totals), 1),
    }


def evaluate_single(env: Any, policy: str, games: int, seed: int = 0) -> dict:
    """:func:`evaluate` for any single Gymnasium environment of this package (Triple and
    Painted Yahtzee too): ``policy`` ``"random"`` (uniform over the legal actions) or
    ``"optimal"`` (least regret: the engine's best option, exact or approximate as
    ``info["exact"]`` says). Episodes ``0 .. games - 1`` of ``seed``."""
    rng = np.random.default_rng(seed)
    totals, regrets = [], []
    obs, info = env.reset(seed=seed)
    exact = bool(info["exact"])
    for _ in range(games):
        total = regret = 0.0
        done = False
        while not done:
            if policy == "random":
                action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            else:
                action = int(np.argmin(info["action_regret"]))
            obs, reward, done, _, info = env.step(action)
            total += reward
            regret += info["regret"]
        totals.append(total)
        regrets.append(regret)
        obs, info = env.reset()
    return {
        "policy": policy,
        "games": games,
        "seed": seed,
        "exact": exact,
        "total": _interval(np.asarray(totals)),
        "regret": _interval(np.asarray(regrets)),
    }
