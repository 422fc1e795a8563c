"""The trainer's puzzles in Python (docs/TRAIN.md): the same as the command line's for the
same arguments, each ranked as ``advise(..., explain=True)`` ranks its position, on a
reduced game (its tables take a moment)."""

import json
import os
import pathlib
import subprocess

import pytest

import yahtzee

ROOT = pathlib.Path(__file__).resolve().parents[3]
GAME = "forced:ones,twos,threes,fours,fives,sixes,three_of_a_kind,full_house,small_straight,yahtzee,chance@30"


def cli_puzzles(*args):
    """The CLI's puzzles, from the same data folder (conftest.py's) as the module's."""
    binary = os.environ.get("YAHTZEE_BIN", str(ROOT / "target" / "release" / "yahtzee"))
    out = subprocess.run(
        [binary, "train", "list", "--json", "--rules", GAME, *args],
        capture_output=True, text=True, check=True,
    ).stdout
    return json.loads(out)


def test_the_same_arguments_give_the_command_lines_puzzles():
    mine = yahtzee.puzzles(GAME, seed=12, count=8)
    assert mine == cli_puzzles("--seed", "12", "--count", "8")
    hard = yahtzee.puzzles(GAME, seed=12, count=3, difficulty="hard")
    assert hard == cli_puzzles("--seed", "12", "--count", "3", "--difficulty", "hard")
    assert all(p["difficulty"] == "hard" for p in hard)


def test_each_puzzle_is_its_position_advised_and_explained():
    for p in yahtzee.puzzles(GAME, seed=4, count=5):
        report = p["report"]
        advice = yahtzee.advise(p["card"], report["dice"], report["rolls_left"], rules=GAME, explain=True)
        assert advice.to_dict() == report
        losses = [o["loss"] for o in report["options"]]
        assert losses[0] == 0 and losses == sorted(losses)
        assert p["theme"] in {"upper-bonus", "straights-vs-pairs", "chasing-yahtzee", "joker", "where-to-zero", "endgame"}
        plausible = [report["options"][p[who]]["loss"] for who in ("greedy", "myopic")]
        if p["kind"] == "trap":
            assert max(plausible) >= 1.0 and report["options"][p["against"]]["loss"] == max(plausible)
        else:
            assert all(0 < x < 1.0 for x in plausible)


def test_bad_arguments_are_input_errors():
    with pytest.raises(yahtzee.InputError, match="--count"):
        yahtzee.puzzles(GAME, count=0)
    with pytest.raises(yahtzee.InputError, match="easy, medium or hard"):
        yahtzee.puzzles(GAME, difficulty="brutal")


def _card_text(env, obs):
    """The card of a vector environment's first game as `--card` takes it."""
    names = env.observation_names
    boxes = [x[len("score "):] for x in names if x.startswith("score ")]
    filled, scored = names.index("filled " + boxes[0]), names.index("score " + boxes[0])
    parts = [f"{b}={int(obs[scored + i])}" for i, b in enumerate(boxes) if obs[filled + i] > 0]
    bonus = int(obs[names.index("yahtzee bonus")])
    if bonus:
        parts.append(f"yahtzee_bonus={bonus}")
    return " ".join(parts)


def test_a_choices_loss_is_its_regret_in_the_environments():
    """What the trainer scores (each decision's loss, from the ranked options) is what the
    learning environments measure (each action's exact regret), decision by decision, for
    the greedy player through whole games: so a test's score, the mean loss over its
    decisions, is the player's mean regret per decision there."""
    import numpy as np

    from yahtzee import baselines
    from yahtzee.gym import YahtzeeVectorEnv

    env = YahtzeeVectorEnv(1, rules=GAME)
    names = env.action_names
    rng = np.random.default_rng(0)
    checked = 0
    for seed in (1, 2):
        obs, info = env.reset(seed=seed)
        while True:
            a = int(baselines.greedy_actions(env, obs, info, rng)[0])
            n = env.observation_names.index("rolls left")
            dice = [int(x) for x in obs[0, :n] if x > 0]
            rolls = int(obs[0, n])
            report = yahtzee.advise(_card_text(env, obs[0]), dice, rolls, rules=GAME).to_dict()
            name = names[a]
            if name.startswith("keep "):
                keep = sorted(d for d, bit in zip(dice, name[len("keep "):]) if bit == "1")
                option = next(o for o in report["options"] if o.get("keep") == keep and not o.get("mulligan"))
            else:
                box = name[len("score "):]
                option = next(o for o in report["options"] if o.get("category") == box and not o.get("chance_chance"))
            assert abs(option["loss"] - info["action_regret"][0][a]) < 1e-9, (name, option)
            checked += 1
            obs, _, done, _, info = env.step(np.array([a]))
            if done[0]:
                break
    assert checked > 40
