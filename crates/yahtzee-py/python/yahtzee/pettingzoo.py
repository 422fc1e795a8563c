"""PettingZoo AEC environments: Yahtzix and multi-player Yahtzee, scored by the engine.

Pure Python over the engine's advice (``yahtzee.game_advise("yahtzix", ...)``,
``yahtzee.advise``). Both follow PettingZoo's conventions: ``possible_agents`` are
``player_0``, ``player_1``, ...; ``observation_space(agent)`` is ``Dict({"observation":
Box(0, high, (d,), float32), "action_mask": Box(0, 1, (n,), int8)})``;
``action_space(agent)`` is ``Discrete(n)``; ``observe(agent)`` returns that dict (the
mask is all zeros for an agent not to move); an illegal action raises ``ValueError`` in
one line. Each env has ``observation_names`` and ``action_names`` lists.

Dice come from a stream the players' actions cannot change (common random numbers, as in
:mod:`yahtzee.family`): the ``k``-th fresh die of roll ``r`` of the game's ``t``-th turn
of episode ``e`` of seed ``s`` is ``yahtzee.family.draw(s, e, t, r, k) + 1``.
``reset(seed=s)`` plays episode 0 of seed ``s``, later ``reset()`` calls episodes 1, 2, ...

``infos[agent]`` (after every step, for the agent to move): ``action_regret``
(``np.float64`` per action: the best option's value minus the action's at its position;
+inf where illegal, or ``illegal_regret``), ``optimal_value`` (the best option's value),
``exact``, ``feedback``; the agent that just acted also gets ``regret`` (its action's
loss). Units: Yahtzix in chance to win (0..1), Yahtzee in expected final points.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Optional

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from . import _native
from .family import _MASK64, KEEP_ACTIONS, draw, keep_name

__all__ = ["YahtzixEnv", "MultiYahtzeeEnv"]


class _TurnBasedEnv(AECEnv):
    """What both games share: agents, spaces, seeding, the AEC bookkeeping."""

    metadata: dict[str, Any] = {"name": "", "is_parallelizable": False, "render_modes": ["ansi"]}

    def _setup(self, players: int, names: list[str], high: list[float], actions: list[str],
               render_mode: Optional[str], illegal_regret: float) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: give None or 'ansi'")
        self.render_mode = render_mode
        self.illegal_regret = float(illegal_regret)
        self.players = players
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        self.observation_names = names
        self.action_names = actions
        n = len(actions)
        box = gymnasium.spaces.Box(
            low=np.zeros(len(high), dtype=np.float32),
            high=np.asarray(high, dtype=np.float32),
            dtype=np.float32,
        )
        mask = gymnasium.spaces.Box(0, 1, (n,), dtype=np.int8)
        self.observation_spaces = {
            a: gymnasium.spaces.Dict({"observation": box, "action_mask": mask})
            for a in self.possible_agents
        }
        self.action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.possible_agents}
        self._seed = 0
        self._episode = -1
        self._started = False
        self._values = np.full(n, np.nan)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    def _next_episode(self, seed: Optional[int]) -> None:
        if seed is not None:
            self._seed = int(seed) & _MASK64
            self._episode = 0
        elif not self._started:
            self._seed = int(np.random.SeedSequence().entropy) & _MASK64
            self._episode = 0
        else:
            self._episode += 1
        self._started = True
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}

    # the mover's seat and the legal actions' values, kept by each game
    _mover: int = 0

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent to move, as bools."""
        return ~np.isnan(self._values)

    def _mask_of(self, agent: str) -> np.ndarray:
        if self._over or agent != self.possible_agents[self._mover]:
            return np.zeros(len(self.action_names), dtype=np.int8)
        return self.action_masks().astype(np.int8)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {"observation": self._observation(agent), "action_mask": self._mask_of(agent)}

    def _mover_info(self) -> dict[str, Any]:
        r = self._best - self._values
        r[np.isnan(self._values)] = self.illegal_regret
        return {
            "action_regret": r,
            "optimal_value": float(self._best),
            "exact": bool(self._exact),
            "feedback": self._feedback,
        }

    def _refresh_infos(self, acted: Optional[str] = None, regret: float = 0.0) -> None:
        for a in self.agents:
            self.infos[a] = {"exact": bool(self._exact), "feedback": self._feedback}
        if not self._over:
            self.infos[self.possible_agents[self._mover]] = self._mover_info()
        if acted is not None and acted in self.infos:
            self.infos[acted]["regret"] = regret

    def _check(self, action: Any) -> int:
        n = len(self.action_names)
        try:
            a = int(action)
        except (TypeError, ValueError):
            a = -1
        if a != action or not 0 <= a < n:
            raise ValueError(f"action {action!r}: an int from 0 to {n - 1}")
        if math.isnan(self._values[a]):
            raise ValueError(
                f"action {a} ({self.action_names[a]}) is not legal now for "
                f"{self.agent_selection}: {self._why(a)}"
            )
        return a

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        a = self._check(action)
        regret = float(self._best - self._values[a])
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {x: 0.0 for x in self.agents}
        self._play(a)
        if self._over:
            self.terminations = {x: True for x in self.agents}
        self.agent_selection = self.possible_agents[self._mover]
        self._refresh_infos(agent, regret)
        self._accumulate_rewards()

    def close(self) -> None:
        pass


# ---- Yahtzix ------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _best_split(counts: tuple, four: bool) -> Optional[int]:
    """The best total of a split of all of ``counts`` (dice by face, index 0 unused) into
    scoring units (``yahtzee_yahtzix::score``), None if a die is left over."""
    if not any(counts):
        return 0
    low = next(f for f in range(1, 7) if counts[f])
    best = None

    def take(points: int, faces: list[tuple[int, int]]) -> None:
        nonlocal best
        left = list(counts)
        for f, n in faces:
            if left[f] < n:
                return
            left[f] -= n
        v = _best_split(tuple(left), four)
        if v is not None and (best is None or v + points > best):
            best = v + points

    if low in (1, 5):
        take(10 if low == 1 else 5, [(low, 1)])
    take(30 if low == 1 else 10 * low, [(low, 3)])
    if four:
        take(250, [(low, 4)])
    for other in range(low, 7):
        take(150, [(low, 6)] if other == low else [(low, 3), (other, 3)])
    if low <= 2:
        take(150, [(f, 1) for f in range(low, low + 5)])
    if low == 1:
        take(200, [(f, 1) for f in range(1, 7)])
    return best


def _counts(dice: Any) -> tuple:
    c = [0] * 7
    for d in dice:
        c[d] += 1
    return tuple(c)


def yahtzix_value(keep: Any, rolled: int, first: bool, four: bool = True) -> Optional[int]:
    """What setting aside the dice ``keep`` is worth (Yahtzix: premiums on the turn's first
    roll, "all count" for all six of six, single 1s and 5s on later rolls); None if a die of
    it does not score."""
    c = _counts(keep)
    if not first:
        return None if sum(c) - c[1] - c[5] else 10 * c[1] + 5 * c[5]
    v = _best_split(c, four)
    if v is not None and rolled == 6 and len(keep) == 6:
        v = max(v, 100)
    return v


class YahtzixEnv(_TurnBasedEnv):
    """Yahtzix (six dice, a race to ``target``; docs/GAMES.md, RULES §9) for 2 to 8
    players, each agent a seat (``player_0`` starts every round). Turns: before a turn with
    the previous seat's leftover offer the mover goes for it or rolls six fresh dice
    (without an offer six fresh dice are rolled at once); after each roll that scores (a
    roll that scores nothing busts the turn and play passes on by itself) the mover sets
    scoring dice aside and rolls the rest (at most three rolls, a 1 or 5 in the roll) or
    banks. ``exact`` finishes are not offered here.

    Actions (67): ``0..63`` set aside the dice of the mask's bits (bit i = die i+1 of the
    sorted roll) and roll the others; ``64`` bank; ``65`` go for it (take the offer);
    ``66`` roll six fresh dice (decline it).

    Observation (float32), seen from the agent: ``die 1..6`` (the dice just rolled,
    sorted, 0 past them; the dice on the table whoever's turn it is), ``roll`` (1..3; 0
    before a turn's roll), ``turn total`` (set aside before this roll), ``dice held``
    (rolled this roll), ``offer total`` and ``offer dice`` (the offer the mover may take,
    0 without), ``to move`` (1 if this agent moves), ``my score``, ``score +1`` ..
    ``score +(n-1)`` (the other seats in turn order after this agent), ``last round``
    (someone reached the target), ``target``.

    Rewards: 0 until the game ends, then +1 to a sole winner, -1 to every player who does
    not share the highest score, 0 to players who share it (a shared win).

    Regret (``infos[agent]["regret"]``, ``"action_regret"``) is in chance to win (0..1),
    from the engine's ``p_win``: with two players exact (the solved two-player game,
    ``exact`` True); with three or more the heads-up strategy's chance against the leader
    (the two-player table; ``exact`` False, an approximation: ``feedback`` says so).
    The two-player game of ``target`` is solved into the data folder on first use (about
    0.1 s at 150, 20 s and 1.3 GB at 2,000).
    """

    metadata = {"name": "yahtzix_v0", "is_parallelizable": False, "render_modes": ["ansi"]}

    BANK = 64
    GO_FOR_IT = 65
    ROLL_FRESH = 66

    def __init__(
        self,
        players: int = 2,
        target: int = 2000,
        four_of_a_kind: bool = True,
        render_mode: Optional[str] = None,
        illegal_regret: float = math.inf,
    ):
        if not 2 <= players <= 8:
            raise ValueError(f"players {players}: 2 to 8")
        if not (100 <= target <= 5000 and target % 50 == 0):
            raise ValueError(f"target {target}: a multiple of 50 from 100 to 5000")
        self.target = target
        self.four_of_a_kind = four_of_a_kind
        names = [f"die {i}" for i in range(1, 7)]
        names += ["roll", "turn total", "dice held", "offer total", "offer dice", "to move",
                  "my score"]  # fmt: skip
        names += [f"score +{k}" for k in range(1, players)] + ["last round", "target"]
        top = float(target + 400)
        high = [6.0] * 6 + [3.0, 400.0, 6.0, 400.0, 5.0, 1.0, top]
        high += [top] * (players - 1) + [1.0, float(target)]
        actions = [keep_name(m, 6).replace("keep", "set aside") for m in range(64)]
        actions += ["bank", "go for it", "roll fresh"]
        self._exact = players == 2
        self._feedback = (
            "exact: the solved two-player game (chance to win)"
            if players == 2
            else "approximate: the heads-up strategy (the two-player table against the "
            "leader), not the exact chance to win the table"
        )
        self._setup(players, names, high, actions, render_mode, illegal_regret)
        self._new_game()

    def _new_game(self) -> None:
        self.scores = [0] * self.players
        self._mover = 0
        self._offer: Optional[tuple[int, int]] = None
        self._last_round = False
        self._over = False
        self.winners: list[int] = []
        self._turn = 0
        self._stage = "start"
        self._dice: list[int] = []
        self._roll = 0
        self._total = 0
        self._held = 0
        self._values = np.full(len(self.action_names), np.nan)
        self._best = math.nan

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self._next_episode(seed)
        self._new_game()
        self._advance()
        self.agent_selection = self.possible_agents[self._mover]
        self._refresh_infos()

    def _throw(self, roll: int, held: int, total: int) -> None:
        self._roll, self._held, self._total = roll, held, total
        dice = [draw(self._seed, self._episode, self._turn, roll - 1, k) + 1 for k in range(held)]
        self._dice = sorted(dice)
        self._stage = "rolled"

    def _bank(self) -> Optional[tuple[int, int]]:
        """Stopping now: (points, dice used), the highest score; None for a bust."""
        best = None
        first = self._roll == 1
        dice = self._dice
        for mask in range(1, 1 << len(dice)):
            keep = [d for i, d in enumerate(dice) if mask >> i & 1]
            v = yahtzix_value(keep, len(dice), first, self.four_of_a_kind)
            if v is not None and (best is None or (v, len(keep)) > best):
                best = (v, len(keep))
        return best

    def _end_turn(self, banked: Optional[tuple[int, int]]) -> None:
        p = self._mover
        if banked is not None and self.scores[p] == 0 and banked[0] < 30:
            banked = None  # under 30 before opening: a pass
        self._offer = None
        if banked is not None:
            total, left = banked
            self.scores[p] += total
            self._offer = (total, left) if left > 0 else None
        if self.scores[p] >= self.target:
            self._last_round = True
        if self._last_round and p + 1 == self.players:
            top = max(self.scores)
            self.winners = [s for s in range(self.players) if self.scores[s] == top]
            self._over = True
            for s in range(self.players):
                agent = self.possible_agents[s]
                if s in self.winners:
                    self.rewards[agent] = 1.0 if len(self.winners) == 1 else 0.0
                else:
                    self.rewards[agent] = -1.0
        self._mover = (p + 1) % self.players
        self._turn += 1
        self._stage = "start"
        self._dice = []
        self._roll = self._total = self._held = 0

    def _advance(self) -> None:
        """Plays what needs no decision (a turn's first roll without an offer, busts) up to
        the next decision, and values its options."""
        while not self._over:
            if self._stage == "start":
                if self._offer is not None:
                    self._stage = "offer"
                    break
                self._throw(1, 6, 0)
            if self._stage == "rolled" and self._bank() is None:
                self._end_turn(None)
                continue
            break
        self._evaluate()

    def _ask(self) -> Any:
        q: dict[str, Any] = {
            "scores": list(self.scores), "seat": self._mover + 1, "target": self.target,
            "four_of_a_kind": self.four_of_a_kind, "table": False,
        }  # fmt: skip
        if self._stage == "offer":
            q["offer"] = f"{self._offer[0]}:{self._offer[1]}"
        else:
            q.update(dice="".join(map(str, self._dice)), roll=self._roll, total=self._total,
                     held=self._held)  # fmt: skip
        return _native.game_advise("yahtzix", **q)

    def _keep_class(self, keep: list[int]) -> Optional[tuple[int, int]]:
        v = yahtzix_value(keep, len(self._dice), self._roll == 1, self.four_of_a_kind)
        return None if v is None else (v, len(keep))

    def _evaluate(self) -> None:
        values = np.full(len(self.action_names), np.nan)
        self._values, self._best = values, math.nan
        if self._over:
            return
        answer = self._ask()
        classes: dict[tuple[int, int], float] = {}
        for o in answer.options:
            if o.get("go_for_it"):
                values[self.GO_FOR_IT] = o["p_win"]
            elif o.get("roll_fresh"):
                values[self.ROLL_FRESH] = o["p_win"]
            elif o.get("bank"):
                values[self.BANK] = o["p_win"]
            elif o.get("keep") is not None:
                c = self._keep_class(o["keep"])
                if c is None:
                    raise RuntimeError(f"the engine's option {o['option']!r} does not score")
                classes[c] = o["p_win"]
            else:
                raise RuntimeError(f"an option this environment does not play: {o['option']!r}")
        if self._stage == "rolled" and self._roll < 3 and (1 in self._dice or 5 in self._dice):
            seen = set()
            for mask in range(1, 1 << len(self._dice)):
                keep = [d for i, d in enumerate(self._dice) if mask >> i & 1]
                if len(keep) >= self._held:
                    continue
                c = self._keep_class(keep)
                if c is None:
                    continue
                if c not in classes:
                    raise RuntimeError(f"the engine lists no option setting aside {keep}")
                seen.add(c)
                values[mask] = classes[c]
            if seen != set(classes):
                raise RuntimeError("the engine lists set-asides this environment cannot play")
        elif classes:
            raise RuntimeError("the engine offers set-asides where no roll is left")
        self._values = values
        self._best = float(np.nanmax(values))

    def _why(self, a: int) -> str:
        if a < 64:
            return "those dice cannot be set aside to roll again now"
        if a == self.BANK:
            return "nothing is rolled to bank"
        return "there is no offer to take or decline"

    def _play(self, a: int) -> None:
        if a == self.GO_FOR_IT:
            total, left = self._offer
            self._throw(2, left, total)
        elif a == self.ROLL_FRESH:
            self._throw(1, 6, 0)
        elif a == self.BANK:
            points, used = self._bank()
            self._end_turn((self._total + points, self._held - used))
        else:
            keep = [d for i, d in enumerate(self._dice) if a >> i & 1]
            points = self._keep_class(keep)[0]
            self._throw(self._roll + 1, self._held - len(keep), self._total + points)
        self._advance()

    def _observation(self, agent: str) -> np.ndarray:
        me = self.possible_agents.index(agent)
        out = np.zeros(self.observation_spaces[agent]["observation"].shape, dtype=np.float32)
        out[: len(self._dice)] = self._dice
        out[6] = self._roll
        out[7] = self._total
        out[8] = self._held
        if self._stage == "offer" and self._offer is not None:
            out[9], out[10] = self._offer
        out[11] = float(not self._over and me == self._mover)
        for k in range(self.players):
            out[12 + k] = self.scores[(me + k) % self.players]
        out[12 + self.players] = float(self._last_round)
        out[13 + self.players] = self.target
        return out

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi":
            return None
        scores = ", ".join(f"{a} {s}" for a, s in zip(self.possible_agents, self.scores))
        if self._over:
            return f"scores: {scores}; winners: {self.winners}\n"
        what = (f"offer {self._offer[0]} on {self._offer[1]}" if self._stage == "offer"
                else f"roll {self._roll}: {' '.join(map(str, self._dice))}, turn total {self._total}")  # fmt: skip
        return f"scores: {scores}; {self.possible_agents[self._mover]} to move, {what}\n"


# ---- multi-player Yahtzee -----------------------------------------------------------


class MultiYahtzeeEnv(_TurnBasedEnv):
    """Yahtzee for 1 or more players under any rule set of ``yahtzee.gym`` (``rules``,
    ``house``: every rule set and house rule), each with their own card;
    players take whole turns in seat order (``player_0`` first). Each seat is a
    :class:`yahtzee.gym.YahtzeeEnv` (the Rust core: exact regret at every step).

    Actions: the solitaire environment's (``0..31`` keep the dice of the mask's bits, bit
    i = die i+1 of the sorted roll, and reroll the others, ``0..63`` under Mega Yahtzee;
    then the boxes; under the house rules, the mulligan's keeps, chance-chance, the sixth
    die's question):
    ``action_names``.

    Observation (float32), seen from the agent: the solitaire observation of its own card
    (``yahtzee.gym``: dice, rolls left, filled and score per box, upper total, Yahtzee
    bonus, turn, total, the mulligan's flags) with the dice and rolls left of the player to
    move, then ``to move`` (1 if this agent moves) and ``total +1`` .. ``total +(n-1)``
    (the other players' totals, in turn order after this agent).

    Rewards: the points the mover writes this step (box, upper bonus, Yahtzee bonus), so an
    agent's return is its final total. Regret (``infos``) is against the solitaire
    expected-score optimum of the agent's own card (``exact`` True): it measures
    expected-score play, not winning play against the others (``feedback`` says so).

    ``duplicate_dice=True`` gives every seat the same dice stream (each player's turn
    ``t`` draws the dice of turn ``t``): duplicate Yahtzee, luck shared, only play differs.
    By default each seat draws from its own stream (seed ``s`` of the game, seat ``p``:
    the solitaire seed ``s * 64 + p``).
    """

    metadata = {"name": "multi_yahtzee_v0", "is_parallelizable": False, "render_modes": ["ansi"]}

    def __init__(
        self,
        players: int = 2,
        rules: Any = "forced",
        house: Any = None,
        duplicate_dice: bool = False,
        render_mode: Optional[str] = None,
        illegal_regret: float = math.inf,
    ):
        from .gym import YahtzeeEnv

        if players < 1:
            raise ValueError(f"players {players}: at least 1")
        self.duplicate_dice = duplicate_dice
        self._seats = [YahtzeeEnv(rules, house) for _ in range(players)]
        first = self._seats[0]
        self.rules = first.rules
        self._own = len(first.observation_names)
        self._table = first.observation_names.index("rolls left") + 1
        self._total_at = first.observation_names.index("total")
        names = list(first.observation_names) + ["to move"] + [f"total +{k}" for k in range(1, players)]
        high = list(first.observation_space.high) + [1.0] + [float(first.observation_space.high[self._total_at])] * (players - 1)
        self._exact = True
        self._feedback = (
            "exact for expected score: the solitaire optimum of the agent's own card, "
            "not winning play against the others"
        )
        self._setup(players, names, high, list(first.action_names), render_mode, illegal_regret)
        self._obs = [np.zeros(self._own, np.float32) for _ in range(players)]
        self._info: dict[str, Any] = {}
        self._over = True

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self._next_episode(seed)
        for p, env in enumerate(self._seats):
            if self._episode == 0:
                s = self._seed if self.duplicate_dice else (self._seed * 64 + p) & _MASK64
                self._obs[p], info = env.reset(seed=s)
            else:
                self._obs[p], info = env.reset()
            if p == 0:
                self._info = info
        self._mover = 0
        self._over = False
        self._take(self._info)
        self.agent_selection = self.possible_agents[0]
        self._refresh_infos()

    def _take(self, info: dict) -> None:
        """The mover's action values from its environment's info (NaN: illegal)."""
        regret = info["action_regret"]
        self._best = float(info["optimal_value"])
        self._values = np.where(np.isinf(regret), np.nan, self._best - regret)

    def _why(self, a: int) -> str:
        return "not legal for the dice and card now"

    def _play(self, a: int) -> None:
        p = self._mover
        env = self._seats[p]
        turn = self._obs[p][self._total_at - 1]
        self._obs[p], reward, terminated, _, info = env.step(a)
        self.rewards[self.possible_agents[p]] = float(reward)
        if self._obs[p][self._total_at - 1] == turn and not terminated:
            self._take(info)  # the same turn goes on
            return
        # The turn is over: the next seat moves, on the opening roll its env has made.
        self._mover = (p + 1) % self.players
        nxt = self._seats[self._mover]
        if terminated and self._mover == 0:
            self._over = True
            self._values = np.full(len(self.action_names), np.nan)
            self._best = math.nan
            return
        self._take(nxt._info(step=False))

    @property
    def totals(self) -> list[int]:
        """Each player's total so far."""
        return [int(o[self._total_at]) for o in self._obs]

    def _observation(self, agent: str) -> np.ndarray:
        me = self.possible_agents.index(agent)
        own = self._obs[me].copy()
        mover = self._obs[self._mover]
        table = self._table  # the dice slots and rolls left
        if self._over:
            own[:table] = 0.0
        else:
            own[:table] = mover[:table]  # the dice on the table and the rolls left, whoever moves
        totals = self.totals
        others = [totals[(me + k) % self.players] for k in range(1, self.players)]
        to_move = float(not self._over and me == self._mover)
        return np.concatenate([own, [to_move], others]).astype(np.float32)

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi":
            return None
        totals = ", ".join(f"{a} {t}" for a, t in zip(self.possible_agents, self.totals))
        if self._over:
            return f"totals: {totals} (game over)\n"
        o = self._obs[self._mover]
        dice = " ".join(str(int(d)) for d in o[: self._table - 1] if d > 0) or "-"
        return (f"totals: {totals}; {self.possible_agents[self._mover]} to move, dice "
                f"{dice}, rolls left {int(o[self._table - 1])}\n")  # fmt: skip
