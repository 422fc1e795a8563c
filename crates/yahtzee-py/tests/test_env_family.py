"""The family games' learning environments (yahtzee.family, yahtzee.pettingzoo): the
Gymnasium and PettingZoo API checks, seeding and common random numbers, zero regret for
the engine's best action, and masks that agree with what step accepts. Small games: a
reduced Painted game, a race to 150, two or three players."""

import copy
import math
import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from yahtzee.family import PaintedYahtzeeEnv, TripleYahtzeeEnv, draw  # noqa: E402
from yahtzee.pettingzoo import MultiYahtzeeEnv, YahtzixEnv  # noqa: E402

PAINTED = "painted:c2:ones,yahtzee,colours,flush"
TARGET = 150


def triple(**kwargs):
    return TripleYahtzeeEnv(**kwargs)


def painted(**kwargs):
    return PaintedYahtzeeEnv(game=PAINTED, **kwargs)


GYM_ENVS = {"triple": triple, "painted": painted}


def best(info):
    """The engine's best legal action: the first of least regret."""
    regret = np.where(info["action_mask"] == 1, info["action_regret"], np.inf)
    return int(np.argmin(regret))


def first_legal(info):
    return int(np.flatnonzero(info["action_mask"])[0])


def last_legal(info):
    return int(np.flatnonzero(info["action_mask"])[-1])


def play(env, policy, seed=None, reset=True):
    """One episode: the observations, rewards and infos, from reset to the end."""
    obs, info = env.reset(seed=seed) if reset else (None, None)
    trace = [(obs, 0.0, info)]
    done = False
    while not done:
        obs, reward, done, truncated, info = env.step(policy(info))
        assert not truncated
        trace.append((obs, reward, info))
    return trace


@pytest.mark.parametrize("name", GYM_ENVS)
def test_gymnasium_check_env_passes_without_warnings(name):
    env_id = f"yahtzee-test/{name}-v0"
    if env_id not in gymnasium.registry:
        gymnasium.register(env_id, entry_point=GYM_ENVS[name])
    env = gymnasium.make(env_id)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []
    env.close()


@pytest.mark.parametrize("name", GYM_ENVS)
def test_spaces_and_names_agree(name):
    env = GYM_ENVS[name]()
    assert len(env.action_names) == env.action_space.n
    assert len(env.observation_names) == env.observation_space.shape[0]
    assert len(set(env.observation_names)) == len(env.observation_names)
    obs, info = env.reset(seed=1)
    assert obs.dtype == np.float32 and env.observation_space.contains(obs)
    assert info["action_mask"].dtype == np.int8
    assert info["action_regret"].dtype == np.float64
    assert np.array_equal(env.action_masks(), info["action_mask"] == 1)


@pytest.mark.parametrize("name", GYM_ENVS)
def test_best_action_has_zero_regret_and_the_return_is_the_total(name):
    env = GYM_ENVS[name]()
    trace = play(env, best, seed=11)
    assert all(info["regret"] == 0.0 for _, _, info in trace[1:])
    ret = sum(r for _, r, _ in trace)
    obs, _, info = trace[-1]
    assert obs[env.observation_names.index("total")] == ret
    assert info["optimal_value"] == ret
    assert not info["action_mask"].any()
    # Every observation within its space.
    assert all(env.observation_space.contains(o) for o, _, _ in trace)


def test_exact_flags():
    _, info = painted().reset(seed=0)
    assert info["exact"] is True and info["feedback"].startswith("exact")
    _, info = triple().reset(seed=0)
    assert info["exact"] is False and info["feedback"].startswith("approximate")


@pytest.mark.parametrize("name", GYM_ENVS)
def test_seeding_is_deterministic_and_episodes_follow_the_seed(name):
    a, b = GYM_ENVS[name](), GYM_ENVS[name]()
    ta = play(a, best, seed=7)
    tb = play(b, best, seed=7)
    assert len(ta) == len(tb)
    for (oa, ra, _), (ob, rb, _) in zip(ta, tb):
        assert np.array_equal(oa, ob) and ra == rb
    # reset() without a seed plays the next episode of the seed: the same for both envs,
    # and not episode 0 again.
    ta1 = play(a, best, seed=None)
    tb1 = play(b, best, seed=None)
    assert all(np.array_equal(x[0], y[0]) for x, y in zip(ta1, tb1))
    assert any(not np.array_equal(x[0], y[0]) for x, y in zip(ta, ta1))
    # reset(seed=7) starts episode 0 again.
    assert all(np.array_equal(x[0], y[0]) for x, y in zip(ta, play(a, best, seed=7)))


def _dice(env, obs):
    if isinstance(env, PaintedYahtzeeEnv):
        return sorted(zip(obs[0:5].astype(int), obs[5:10].astype(int)))
    return sorted(obs[0:5].astype(int))


def _draws(env, turn, roll, n):
    if isinstance(env, PaintedYahtzeeEnv):
        faces = [draw(3, 0, turn, roll, k, faces=12) for k in range(n)]
        return sorted((f % 6 + 1, f // 6) for f in faces)
    return sorted(draw(3, 0, turn, roll, k) + 1 for k in range(n))


@pytest.mark.parametrize("name", GYM_ENVS)
def test_fresh_dice_are_the_seeds_whatever_the_agent_does(name):
    """Two different agents on one seed: each roll's fresh dice are the draws of that
    moment (seed, episode, turn, roll, slot), so both see the same fresh dice."""
    turn_col = "turn"
    openings = []
    for policy in (best, lambda info: 0 if info["action_mask"][0] else last_legal(info)):
        env = GYM_ENVS[name]()
        obs, info = env.reset(seed=3)
        seen = {}
        done = False
        while not done:
            turn = int(obs[env.observation_names.index(turn_col)])
            rolls_left = int(obs[env.observation_names.index("rolls left")])
            if rolls_left == 2:
                seen[turn] = _dice(env, obs)
                assert seen[turn] == _draws(env, turn, 0, 5)
            a = policy(info)
            before = _dice(env, obs)
            obs, _, done, _, info = env.step(a)
            if a < 32 and not done:
                kept = [before[i] for i in range(5) if a >> i & 1] if not isinstance(
                    env, PaintedYahtzeeEnv) else None  # fmt: skip
                after = _dice(env, obs)
                if kept is None:  # painted: the positions are in (colour, number) order
                    order = sorted(before, key=lambda d: (d[1], d[0]))
                    kept = [order[i] for i in range(5) if a >> i & 1]
                fresh = list(after)
                for d in kept:
                    fresh.remove(d)
                assert sorted(fresh) == _draws(env, turn, 3 - rolls_left, 5 - len(kept))
        openings.append(seen)
    assert openings[0] == openings[1]


@pytest.mark.parametrize("name", GYM_ENVS)
def test_masks_agree_with_what_step_accepts(name):
    env = GYM_ENVS[name]()
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(0)
    checked = 0
    for _ in range(12):
        mask = info["action_mask"]
        for a in range(env.action_space.n):
            if mask[a]:
                trial = copy.deepcopy(env)
                trial.step(a)  # accepted
                assert math.isfinite(info["action_regret"][a])
            else:
                with pytest.raises(ValueError):
                    env.step(a)
                assert info["action_regret"][a] == math.inf
            checked += 1
        assert np.array_equal(env._obs(), obs)  # refusals changed nothing
        obs, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        if done:
            break
    with pytest.raises(ValueError):
        env.step(env.action_space.n)
    assert checked > 0


def test_a_finished_game_refuses_steps():
    env = painted()
    play(env, first_legal, seed=4)
    with pytest.raises(ValueError, match="over"):
        env.step(0)


# ---- PettingZoo ---------------------------------------------------------------------

# PettingZoo's api_test warns about every Dict observation space, the convention it asks
# for action masks: those warnings are the convention's, not the environments'.
DICT_WARNINGS = ("Observation space for each agent probably", "Observation is not a NumPy")

AEC_ENVS = {
    "yahtzix-2": lambda: YahtzixEnv(players=2, target=TARGET),
    "yahtzix-3": lambda: YahtzixEnv(players=3, target=TARGET),
    "yahtzee-2": lambda: MultiYahtzeeEnv(players=2),
    "yatzy-3-mulligan": lambda: MultiYahtzeeEnv(players=3, rules="yatzy", house="mulligan"),
}


@pytest.mark.parametrize("name", AEC_ENVS)
def test_pettingzoo_api_test_passes(name):
    env = AEC_ENVS[name]()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=300, verbose_progress=False)
    others = [str(w.message) for w in caught if not str(w.message).startswith(DICT_WARNINGS)]
    assert others == []
    assert env.metadata["is_parallelizable"] is False


def aec_play(env, policy, seed=None):
    """One game: (agent, observation, action, reward, info) per decision; rewards summed
    per agent."""
    env.reset(seed=seed)
    steps = []
    returns = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        returns[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        a = policy(obs, info)
        steps.append((agent, obs["observation"].copy(), a))
        env.step(a)
        steps[-1] += (env.infos[agent].get("regret"),)
    return steps, returns


def aec_best(obs, info):
    regret = np.where(obs["action_mask"] == 1, info["action_regret"], np.inf)
    return int(np.argmin(regret))


def aec_first(obs, info):
    return int(np.flatnonzero(obs["action_mask"])[0])


@pytest.mark.parametrize("name", AEC_ENVS)
def test_aec_best_action_has_zero_regret(name):
    env = AEC_ENVS[name]()
    steps, returns = aec_play(env, aec_best, seed=9)
    assert steps and all(s[3] == 0.0 for s in steps)
    if isinstance(env, YahtzixEnv):
        assert env.winners and sorted(returns.values()) in (
            sorted([1.0] + [-1.0] * (env.players - 1)),
            sorted([0.0] * len(env.winners) + [-1.0] * (env.players - len(env.winners))),
        )
        assert max(env.scores) >= TARGET
    else:
        assert [returns[a] for a in env.possible_agents] == env.totals


def test_aec_exact_flags_and_units():
    env = YahtzixEnv(players=2, target=TARGET)
    env.reset(seed=1)
    info = env.infos[env.agent_selection]
    assert info["exact"] is True
    assert 0.0 <= info["optimal_value"] <= 1.0
    env = YahtzixEnv(players=3, target=TARGET)
    env.reset(seed=1)
    info = env.infos[env.agent_selection]
    assert info["exact"] is False and "heads-up" in info["feedback"]
    env = MultiYahtzeeEnv(players=2)
    env.reset(seed=1)
    info = env.infos[env.agent_selection]
    assert "expected score" in info["feedback"] and "not winning" in info["feedback"]


@pytest.mark.parametrize("name", AEC_ENVS)
def test_aec_seeding_is_deterministic(name):
    a = aec_play(AEC_ENVS[name](), aec_best, seed=21)
    b = aec_play(AEC_ENVS[name](), aec_best, seed=21)
    assert len(a[0]) == len(b[0]) and a[1] == b[1]
    for x, y in zip(a[0], b[0]):
        assert x[0] == y[0] and x[2] == y[2] and np.array_equal(x[1], y[1])
    env = AEC_ENVS[name]()
    first = aec_play(env, aec_best, seed=21)
    second = aec_play(env, aec_best, seed=None)  # episode 1 of seed 21
    assert first[1] == a[1]
    assert any(not np.array_equal(x[1], y[1]) for x, y in zip(first[0], second[0]))


def test_yahtzix_fresh_rolls_are_the_seeds_whatever_the_players_do():
    """A fresh six-dice roll of the game's turn t shows the draws of (seed, 0, t, 0, k),
    whoever rolls it and however the game went."""
    for policy in (aec_best, aec_first):
        env = YahtzixEnv(players=2, target=TARGET)
        env.reset(seed=5)
        checked = 0
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            o = obs["observation"]
            if o[6] == 1:  # roll 1: six fresh dice
                turn = env._turn
                assert sorted(o[:6].astype(int)) == sorted(
                    draw(5, 0, turn, 0, k) + 1 for k in range(6)
                )
                checked += 1
            env.step(policy(obs, info))
        assert checked > 0


def test_multi_yahtzee_duplicate_dice_give_every_seat_the_same_openings():
    env = MultiYahtzeeEnv(players=2, duplicate_dice=True)
    env.reset(seed=8)
    openings = {0: [], 1: []}
    for agent in env.agent_iter():
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        o = obs["observation"]
        if o[5] == 2:
            openings[env.possible_agents.index(agent)].append(list(o[:5]))
        env.step(aec_first(obs, info))
    assert len(openings[0]) == 13 and openings[0] == openings[1]


@pytest.mark.parametrize("name", AEC_ENVS)
def test_aec_masks_agree_with_what_step_accepts(name):
    env = AEC_ENVS[name]()
    env.reset(seed=3)
    rng = np.random.default_rng(1)
    for _ in range(10):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        obs = env.observe(agent)
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        for a in range(len(mask)):
            if mask[a]:
                copy.deepcopy(env).step(a)
            else:
                with pytest.raises(ValueError):
                    env.step(a)
        assert np.array_equal(env.observe(agent)["observation"], obs["observation"])
        env.step(int(rng.choice(np.flatnonzero(mask))))
