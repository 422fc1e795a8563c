"""The Gymnasium environments of yahtzee.gym: the ecosystem's checks, exact feedback, seeding.

Small games where the point does not need the whole card (a four-box game solves in a
blink); the official rules where the test is about them (the optimal agent's total).
"""

import copy
import math

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import yahtzee
from yahtzee import baselines
from yahtzee.gym import YahtzeeEnv, YahtzeeVectorEnv

SMALL = "forced:threes,full_house,yahtzee,chance@9"


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"rules": "yatzy"},
        {"rules": "forced", "house": "mulligan"},
        {"rules": "free", "house": ["chance-chance", "fool-house"]},
        {"rules": SMALL, "regret": False},
        {"rules": "forced", "house": "mega-yahtzee"},
    ],
)
def test_check_env_passes(kwargs):
    env = YahtzeeEnv(**kwargs)
    check_env(env, skip_render_check=True)


def test_the_ids_are_registered_and_take_the_issue_s_arguments():
    env = gymnasium.make("yahtzee/Yahtzee-v0", rules="forced", house="mulligan")
    assert env.unwrapped.rules == "forced+mulligan"
    assert "mulligan in hand" in env.unwrapped.observation_names
    assert gymnasium.make("yahtzee/Yatzy-v0").unwrapped.rules == "yatzy"
    vec = gymnasium.make_vec("yahtzee/Yahtzee-v0", num_envs=3, vectorization_mode="vector_entry_point")
    assert isinstance(vec.unwrapped, YahtzeeVectorEnv) and vec.num_envs == 3


def test_the_spaces_are_what_the_names_say():
    env = YahtzeeEnv("forced+chance-chance")
    assert env.action_space.n == 32 + 13 + 1 == len(env.action_names)
    assert env.action_names[0] == "keep 00000" and env.action_names[31] == "keep 11111"
    assert env.action_names[32] == "score ones" and env.action_names[-1] == "chance-chance"
    assert env.observation_space.shape == (len(env.observation_names),)
    obs, info = env.reset(seed=3)
    assert obs[5] == 2 and sorted(obs[:5]) == list(obs[:5]) and set(obs[:5]) <= {1, 2, 3, 4, 5, 6}
    # At the opening roll every keep and every box is legal; chance-chance is not (rolls left).
    assert info["action_mask"].tolist() == [1] * 45 + [0]
    assert env.action_masks().dtype == np.bool_


def test_the_optimal_agent_has_no_regret_and_scores_the_exact_expected_total():
    result = baselines.evaluate("optimal", 6000, rules="forced", seed=11)
    exact = yahtzee.Table.load_or_solve("forced").value(None)
    assert result["optimal_expected_total"] == exact
    assert result["regret"]["mean"] == 0.0 and result["regret"]["half_width"] == 0.0
    # A 99.9% interval (3.29 standard errors) for a test that must not flake.
    total = result["total"]
    assert abs(total["mean"] - exact) < total["half_width"] / 1.96 * 3.29, total


def test_a_random_agent_s_total_plus_regret_averages_to_the_optimum():
    """Each step's regret is what its action lost in expectation, so total + summed regret
    is the optimal value plus zero-mean noise (exactly what makes regret an estimator)."""
    env = YahtzeeVectorEnv(512, rules=SMALL, copy=False)
    exact = yahtzee.Table.load_or_solve(SMALL).value(None)
    rng = np.random.default_rng(5)
    obs, info = env.reset(seed=5)
    sums, run = [], np.zeros(512)
    while len(sums) < 20000:
        obs, reward, terminated, _, info = env.step(baselines.random_actions(env, obs, info, rng))
        run += reward + info["regret"]
        sums.extend(run[terminated])
        run[terminated] = 0.0
    sums = np.asarray(sums)
    half = 3.29 * sums.std(ddof=1) / math.sqrt(len(sums))
    assert abs(sums.mean() - exact) < half, (sums.mean(), exact, half)


def test_the_same_seed_replays_the_same_game_and_reset_moves_to_the_next_episode():
    def trajectory(env, seed):
        obs, info = env.reset(seed=seed)
        seen = [obs]
        rng = np.random.default_rng(0)
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            obs, _, done, _, info = env.step(int(rng.choice(legal)))
            seen.append(obs)
        return np.array(seen)

    env = YahtzeeEnv(SMALL)
    first = trajectory(env, 8)
    assert np.array_equal(first, trajectory(YahtzeeEnv(SMALL), 8))
    second, _ = env.reset()  # episode 1 of seed 8
    replay = YahtzeeEnv(SMALL)
    replay.reset(seed=8)
    assert np.array_equal(replay.reset()[0], second)
    assert np.array_equal(trajectory(YahtzeeEnv(SMALL), 9)[0], YahtzeeEnv(SMALL).reset(seed=9)[0])


def test_two_agents_on_one_seed_see_the_same_fresh_dice():
    """Common random numbers: each turn opens on the same roll for both agents, whatever
    they kept and scored before."""
    openings = []
    for policy in ("greedy", "optimal"):
        env = YahtzeeVectorEnv(64, rules="forced", copy=True)
        obs, info = env.reset(seed=21)
        rng = np.random.default_rng(0)
        seen = []
        for _ in range(13 * 3):
            seen.append(obs.copy())
            obs, _, _, _, info = env.step(baselines.POLICIES[policy](env, obs, info, rng))
        # The opening rolls of turn t (observations with two rolls left and t boxes filled).
        by_turn = {}
        for o in seen:
            for g in range(64):
                if o[g, 5] == 2:
                    by_turn[(g, int(o[g, 6:19].sum()))] = tuple(o[g, :5])
        openings.append(by_turn)
    common = set(openings[0]) & set(openings[1])
    assert len(common) > 64 * 5
    assert all(openings[0][k] == openings[1][k] for k in common)


def test_the_vector_env_plays_as_single_envs_do():
    vec = YahtzeeVectorEnv(4, rules=SMALL)
    singles = [YahtzeeEnv(SMALL) for _ in range(4)]
    obs, info = vec.reset(seed=30)
    single = [e.reset(seed=30 + i) for i, e in enumerate(singles)]
    rng = np.random.default_rng(1)
    for _ in range(12):  # the four-box game ends in at most 12 steps
        for i, (o, inf) in enumerate(single):
            assert np.array_equal(obs[i], o)
            assert np.array_equal(info["action_regret"][i], inf["action_regret"])
            assert info["optimal_value"][i] == inf["optimal_value"]
        if any(e._over for e in singles):
            break
        actions = baselines.random_actions(vec, obs, info, rng)
        obs, reward, terminated, _, info = vec.step(actions)
        single = []
        for i, e in enumerate(singles):
            o, r, t, _, inf = e.step(int(actions[i]))
            assert r == reward[i] and t == terminated[i] and inf["regret"] == info["regret"][i]
            single.append((o, inf))


def test_regrets_say_which_actions_lose_and_how_much():
    env = YahtzeeEnv("forced")
    obs, info = env.reset(seed=2)
    regret = info["action_regret"]
    assert np.isinf(regret[info["action_mask"] == 0]).all()
    best = int(np.argmin(regret))
    assert regret[best] == 0.0
    worst = int(np.argmax(np.where(info["action_mask"] == 1, regret, -np.inf)))
    _, _, _, _, after = env.step(worst)
    assert after["regret"] == regret[worst] > 0


def test_illegal_actions_raise_one_line_errors_and_change_nothing():
    env = YahtzeeEnv(SMALL)
    obs, info = env.reset(seed=4)
    with pytest.raises(yahtzee.InputError, match="action 99 is not legal now: no such action"):
        env.step(99)
    # Score the chance box, then scoring it again is refused.
    chance = env.action_names.index("score chance")
    env.step(chance)
    obs2 = env._buf.obs[0].copy()
    with pytest.raises(yahtzee.InputError, match="that box is filled"):
        env.step(chance)
    assert np.array_equal(env._buf.obs[0], obs2)
    mega = YahtzeeEnv("forced+mega-yahtzee")
    mega.reset(seed=1)
    with pytest.raises(yahtzee.InputError, match="first take the sixth die or roll five"):
        mega.step(mega.action_names.index("score chance"))
    with pytest.raises(RuntimeError, match="call reset"):
        YahtzeeEnv(SMALL).step(0)
    with pytest.raises(yahtzee.InputError, match="unknown rule set .nonsense."):
        YahtzeeEnv("nonsense")


def test_the_greedy_baseline_chases_a_face_then_takes_the_most_points():
    env = YahtzeeVectorEnv(1, rules="forced")
    obs, info = env.reset(seed=9)
    a = baselines.greedy_actions(env, obs, info, np.random.default_rng(0))[0]
    dice = obs[0, :5]
    counts = {f: int((dice == f).sum()) for f in set(dice)}
    top = max(counts.values())
    face = max(f for f, c in counts.items() if c == top)
    assert a == sum(1 << i for i in range(5) if dice[i] == face)


def test_a_deep_copy_is_the_same_game_to_play_on_apart():
    """For search agents: a copy plays on as the original would, and apart from it."""
    env = YahtzeeEnv("forced")
    obs, info = env.reset(seed=12)
    env.step(int(np.argmin(info["action_regret"])))
    twin = copy.deepcopy(env)
    rng = np.random.default_rng(3)
    for _ in range(6):
        legal = np.flatnonzero(env.action_masks())
        a = int(rng.choice(legal))
        o1, r1, d1, _, i1 = env.step(a)
        o2, r2, d2, _, i2 = twin.step(a)
        assert np.array_equal(o1, o2) and r1 == r2 and i1["regret"] == i2["regret"]
    other = copy.deepcopy(env)
    other.step(int(np.flatnonzero(other.action_masks())[0]))
    # Any step changes the position (a roll used or a box written); the original is untouched.
    assert not np.array_equal(other._buf.obs, env._buf.obs)


def test_the_sixth_die_under_mega_yahtzee():
    """The question before each turn while the sixth die is in hand, six dice when it is
    taken (64 keeps, the best five per box), and the optimal agent's total in the exact
    interval."""
    env = YahtzeeEnv("forced+mega-yahtzee")
    names = env.action_names
    take, five = names.index("take the sixth die"), names.index("roll five")
    assert env.action_space.n == 64 + 13 + 2 and names[63] == "keep 111111"
    obs, info = env.reset(seed=4)
    question = env.observation_names.index("sixth-die question")
    assert obs[question] == 1 and obs[:6].sum() == 0
    # The question: take the sixth die, or roll five (so does any keep: no die shows).
    assert np.flatnonzero(info["action_mask"]).tolist() == list(range(64)) + [take, five]
    assert (info["action_regret"][:64] == info["action_regret"][five]).all()
    # Take it: six dice, every keep of them legal.
    obs, _, _, _, info = env.step(take)
    assert (obs[:6] > 0).all() and obs[question] == 0 and info["action_mask"][:64].all()
    result = baselines.evaluate("optimal", 4000, rules="forced", house="mega-yahtzee", seed=3)
    exact = yahtzee.Table.load_or_solve("forced+mega-yahtzee").value(None)
    assert result["regret"]["mean"] == 0.0
    total = result["total"]
    assert abs(total["mean"] - exact) < total["half_width"] / 1.96 * 3.29, (total, exact)
