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
        greedy = report["options"][p["greedy"]]["loss"]
        assert greedy >= 1.0 if p["kind"] == "trap" else 0 < greedy < 1.0


def test_bad_arguments_are_input_errors():
    with pytest.raises(yahtzee.InputError, match="--count"):
        yahtzee.puzzles(GAME, count=0)
    with pytest.raises(yahtzee.InputError, match="easy, medium or hard"):
        yahtzee.puzzles(GAME, difficulty="brutal")
