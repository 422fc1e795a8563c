"""Yahtzee as Gymnasium environments, each action scored by its exact regret.

``gymnasium.make("yahtzee/Yahtzee-v0", rules="forced", house="mulligan")`` makes
:class:`YahtzeeEnv`, one game of solitaire Yahtzee under any of the engine's 80 rule sets
(every house rule); ``yahtzee/Yatzy-v0`` is the same with ``rules="yatzy"``.
``gymnasium.make_vec("yahtzee/Yahtzee-v0", num_envs=N, vectorization_mode="vector_entry_point")``
makes :class:`YahtzeeVectorEnv`, N games stepped together in Rust on every core with the
GIL released. Triple and Painted Yahtzee are in :mod:`yahtzee.family`, Yahtzix and
multi-player Yahtzee (PettingZoo) in :mod:`yahtzee.pettingzoo`.

**Actions** (``Discrete``): ``0..K-1`` keep the dice whose bits are set (bit ``i`` is the
``i``-th die of the sorted dice in the observation) and reroll the others, ``K = 32``
(``64`` under Mega Yahtzee, where a turn may show six dice); after the last roll, with
the mulligan (house rule) in hand, the same keeps spend it. ``K + b`` scores the dice in
box ``b`` (card order, ``action_names``; with six dice showing, the best five for the
box, and six of a kind's Mega bonus). Then, under chance-chance, rerolling all five dice
into Chance; under Mega Yahtzee, ``take the sixth die`` and ``roll five``, the question
before each turn's first roll while the sixth die is in hand. ``action_masks()`` and
``info["action_mask"]`` say which are legal (what sb3-contrib's ``MaskablePPO`` reads);
``env.action_space.sample()`` draws a legal one (:class:`LegalDiscrete`).

**Observation** (``Box``, float32; ``observation_names``): the dice sorted (five; six
slots under Mega Yahtzee, 0 where no die shows), rolls left, per box whether it is
filled, per box its score, the upper total, the Yahtzee bonus points, the turn, the total;
under the mulligan, whether it is in hand and whether the dice showing are its roll; under
Mega Yahtzee, whether the sixth die is in hand and whether its question is asked now.

**Reward**: the points written by the step (box, upper bonus, Yahtzee bonus, Mega
bonus), so an episode's return is the game's final total.

**Dice**: the ``k``-th fresh die of roll ``r`` of turn ``t`` of episode ``e`` of seed
``s`` is a fixed function of ``(s, e, t, r, k)``, whatever the agent did: two agents on
one seed see the same fresh dice (common random numbers, for paired comparisons).
``reset(seed=s)`` plays episode 0 of seed ``s``; later ``reset()`` calls play episodes
1, 2, ... of it.

**Exact feedback** (``regret=True``, the default; the table is opened or solved on first
use): ``info["regret"]`` is the step's action's loss in expected final points against the
best action; ``info["action_regret"]`` is every action's regret at the returned
observation (+inf where illegal, so ``argmin`` is the best action), for imitation; ``info["optimal_value"]`` is the optimal
expected final total from the returned observation. An episode's summed regret has
expectation *optimal expected total minus the agent's expected total*, with far less
noise than the total itself (docs/LEARNING.md).
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from . import _native

__all__ = ["YahtzeeEnv", "YahtzeeVectorEnv", "LegalDiscrete", "register_envs"]


class _Buffers:
    """The arrays the Rust core writes, one row per game."""

    def __init__(self, core: Any, action_regret: bool = True) -> None:
        n, ol, al = core.num_envs, len(core.observation_names), core.action_count
        self.obs = np.zeros((n, ol), np.float32)
        self.rewards = np.zeros(n, np.float64)
        self.terminated = np.zeros(n, np.bool_)
        self.reset = np.zeros(n, np.bool_)
        self.masks = np.zeros((n, al), np.uint8)
        self.regret = np.zeros(n, np.float64)
        self.action_regret = np.zeros((n, al) if action_regret else (0, al), np.float64)
        self.optimal_value = np.zeros(n, np.float64)

    def all(self) -> tuple:
        return (
            self.obs,
            self.rewards,
            self.terminated,
            self.reset,
            self.masks,
            self.regret,
            self.action_regret,
            self.optimal_value,
        )


class LegalDiscrete(spaces.Discrete):
    """``Discrete(n)`` whose ``sample()`` without a mask draws a legal action of its
    environment's position now (the mask it gives), so a random agent written as
    ``env.action_space.sample()`` (Gymnasium's ``check_env`` among them) plays legally.
    A space without an environment samples as ``Discrete`` does."""

    def __init__(self, n: int, legal: Any = None, seed: Any = None) -> None:
        super().__init__(n, seed=seed)
        self._legal = legal

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None and self._legal is not None:
            legal = self._legal()
            if legal.any():
                return super().sample(mask=legal.astype(np.int8))
        return super().sample(mask=mask, probability=probability)


def _spaces(core: Any) -> tuple[spaces.Box, spaces.Discrete]:
    high = np.asarray(core.observation_high, np.float32)
    return spaces.Box(np.zeros_like(high), high, dtype=np.float32), spaces.Discrete(core.action_count)


def _feedback(core: Any) -> str:
    if core.exact:
        return f"exact: the solved table of {core.rules}"
    return "none: made with regret=False"


class YahtzeeEnv(gymnasium.Env):
    """One game of solitaire Yahtzee (module docstring: spaces, dice, feedback).

    ``rules``: a rule set name (``"forced"``, ``"yatzy"``, ``"free"``, ... or with house
    rules, ``"forced+mulligan"``); ``house``: house rules to add (``"mulligan"``,
    ``["chance-chance", "fool-house"]``); ``regret``: give the exact feedback in ``info``.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        rules: Any = "forced",
        house: Any = None,
        regret: bool = True,
        render_mode: Optional[str] = None,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self._core = _native.EnvCore(rules, house, 1, regret)
        self._buf = _Buffers(self._core)
        self.observation_space, _ = _spaces(self._core)
        self.action_space = LegalDiscrete(self._core.action_count, self.action_masks)
        self.observation_names: list[str] = self._core.observation_names
        self.action_names: list[str] = self._core.action_names
        self.exact: bool = self._core.exact
        self._seed: Optional[int] = None
        self._episode = 0
        self._over = True

    @property
    def rules(self) -> str:
        """The rule set's name."""
        return self._core.rules

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        if seed is not None:
            self._seed, self._episode = int(seed) & (2**64 - 1), 0
        elif self._seed is None:
            self._seed, self._episode = int(self.np_random.integers(2**63)), 0
        else:
            self._episode += 1
        self._core.reset(self._seed, self._episode, self._buf.all())
        self._over = False
        return self._buf.obs[0].copy(), self._info(step=False)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self._over:
            raise RuntimeError("the game is over (or not started): call reset()")
        a = int(action)
        self._core.step(np.array([a], np.int64), self._buf.all())
        terminated = bool(self._buf.terminated[0])
        self._over = terminated
        return self._buf.obs[0].copy(), float(self._buf.rewards[0]), terminated, False, self._info(step=True)

    def action_masks(self) -> np.ndarray:
        """The legal actions now (bool, one per action), for MaskablePPO."""
        return self._buf.masks[0].astype(np.bool_)

    def action_points(self) -> np.ndarray:
        """The points each box action would write now (box, upper bonus, Yahtzee bonus);
        NaN for keeps, chance-chance and illegal actions. For greedy agents."""
        out = np.empty((1, self.action_space.n), np.float64)
        self._core.action_points(out)
        return out[0]

    def _info(self, step: bool) -> dict:
        info: dict[str, Any] = {
            "action_mask": self._buf.masks[0].astype(np.int8),
            "exact": self.exact,
            "feedback": _feedback(self._core),
            "seed": self._seed,
            "episode_index": self._episode,  # not "episode": wrappers and SB3 put their statistics there
        }
        if self.exact:
            if step:
                info["regret"] = float(self._buf.regret[0])
            info["action_regret"] = self._buf.action_regret[0].copy()
            info["optimal_value"] = float(self._buf.optimal_value[0])
        return info

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi":
            return None
        obs = self._buf.obs[0]
        names = self.observation_names
        n = names.index("rolls left")
        dice = " ".join(str(int(d)) for d in obs[:n] if d > 0)
        boxes = [x[len("score ") :] for x in names if x.startswith("score ")]
        filled = names.index("filled " + boxes[0])
        scored = names.index("score " + boxes[0])
        card = ", ".join(
            f"{b}={int(obs[scored + i])}" for i, b in enumerate(boxes) if obs[filled + i] > 0
        )
        total = int(obs[names.index("total")])
        return f"dice {dice or '-'}, {int(obs[n])} rolls left; card: {card or 'empty'}; total {total}"


class YahtzeeVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of :class:`YahtzeeEnv` stepped together in Rust, on every core,
    with the GIL released.

    Autoreset is Gymnasium's "next step" mode: the step after a game ends resets it (its
    action is ignored, its reward 0) and returns the new game's first observation. Game
    ``i`` of ``reset(seed=s)`` plays episodes 0, 1, ... of seed ``s + i``. ``infos`` hold
    arrays over the games (with Gymnasium's ``_key`` masks): ``action_mask``, ``regret``,
    ``action_regret`` (with ``action_regret=True``), ``optimal_value``. With
    ``copy=False`` the arrays returned are the core's own buffers, overwritten by the next
    step (faster; copy what you keep).
    """

    metadata = {"render_modes": [], "autoreset_mode": gymnasium.vector.AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        num_envs: int = 1,
        rules: Any = "forced",
        house: Any = None,
        regret: bool = True,
        action_regret: bool = True,
        copy: bool = True,
        render_mode: Optional[str] = None,
    ) -> None:
        if render_mode is not None:
            raise ValueError("the vector environment does not render")
        self._core = _native.EnvCore(rules, house, int(num_envs), regret)
        self._buf = _Buffers(self._core, action_regret and regret)
        self.num_envs = int(num_envs)
        self.single_observation_space, self.single_action_space = _spaces(self._core)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.observation_names: list[str] = self._core.observation_names
        self.action_names: list[str] = self._core.action_names
        self.exact: bool = self._core.exact
        self.render_mode = None
        self._copy = copy
        self._all = np.ones(self.num_envs, np.bool_)
        self._actions = np.zeros(self.num_envs, np.int64)

    def reset(self, *, seed: Any = None, options: Optional[dict] = None) -> tuple[np.ndarray, dict]:
        if isinstance(seed, (list, tuple)):
            raise ValueError("seed: one integer (game i plays seed + i) or None")
        super().reset(seed=seed)
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(2, np.uint32).view(np.uint64)[0] >> 1)
        self._core.reset(int(seed) & (2**64 - 1), 0, self._buf.all())
        return self._out(self._buf.obs), self._infos()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict]:
        np.copyto(self._actions, np.asarray(actions).reshape(self.num_envs), casting="unsafe")
        self._core.step(self._actions, self._buf.all())
        b = self._buf
        truncated = np.zeros(self.num_envs, np.bool_)
        return self._out(b.obs), self._out(b.rewards), self._out(b.terminated), truncated, self._infos()

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game now (bool, games × actions)."""
        return self._buf.masks.astype(np.bool_)

    def action_points(self) -> np.ndarray:
        """The points each box action would write now, per game (games × actions); NaN
        for keeps, chance-chance and illegal actions."""
        out = np.empty((self.num_envs, self.single_action_space.n), np.float64)
        self._core.action_points(out)
        return out

    def _out(self, a: np.ndarray) -> np.ndarray:
        return a.copy() if self._copy else a

    def _infos(self) -> dict:
        b = self._buf
        infos: dict[str, Any] = {"action_mask": self._out(b.masks.view(np.int8)), "_action_mask": self._all}
        if self.exact:
            infos["regret"] = self._out(b.regret)
            infos["_regret"] = ~b.reset
            infos["optimal_value"] = self._out(b.optimal_value)
            infos["_optimal_value"] = self._all
            if b.action_regret.size:
                infos["action_regret"] = self._out(b.action_regret)
                infos["_action_regret"] = self._all
        return infos


def register_envs() -> None:
    """Registers the ``yahtzee/...`` ids with Gymnasium (done on ``import yahtzee``)."""
    from gymnasium.envs.registration import register, registry

    envs = {
        "yahtzee/Yahtzee-v0": ("yahtzee.gym:YahtzeeEnv", {}),
        "yahtzee/Yatzy-v0": ("yahtzee.gym:YahtzeeEnv", {"rules": "yatzy"}),
        "yahtzee/TripleYahtzee-v0": ("yahtzee.family:TripleYahtzeeEnv", {}),
        "yahtzee/PaintedYahtzee-v0": ("yahtzee.family:PaintedYahtzeeEnv", {}),
    }
    for env_id, (entry, kwargs) in envs.items():
        if env_id in registry:
            continue
        vector = "yahtzee.gym:YahtzeeVectorEnv" if entry.endswith(":YahtzeeEnv") else None
        register(id=env_id, entry_point=entry, vector_entry_point=vector, kwargs=kwargs)
