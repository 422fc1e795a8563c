"""Painted Yahtzee from Python (``yahtzee.painted_advise``, ``painted_simulate``,
``painted_review``) against the command line's JSON for the same questions; bad input
raises ``InputError`` with one line. Reduced games only (solved in milliseconds).

The CLI binary is $YAHTZEE_BIN (scripts/test.sh sets it), else target/release/yahtzee;
it shares the test session's data folder ($YAHTZEE_DATA_DIR, conftest.py).
"""

import json
import os
import pathlib
import subprocess

import pytest

import yahtzee

ROOT = pathlib.Path(__file__).resolve().parents[3]
SMALL = "painted:c2:ones,yahtzee,colours,flush"


def cli(*args, json_out=True):
    binary = os.environ.get("YAHTZEE_BIN", str(ROOT / "target" / "release" / "yahtzee"))
    extra = ["--json"] if json_out else []
    out = subprocess.run([binary, *args, *extra], capture_output=True, text=True, check=True)
    return json.loads(out.stdout) if json_out else out.stdout


def test_advice_is_the_clis():
    got = yahtzee.painted_advise("1r 1y 6r 6r 2y", 2, card="ones=2", game=SMALL)
    want = cli("painted", "advise", "--game", SMALL, "--card", "ones=2", "--dice", "1r 1y 6r 6r 2y", "--rolls-left", "2")
    assert got == want
    assert got["strategy"] == "exact" and got["card_points"] == 2
    values = [o["value"] for o in got["options"]]
    assert values == sorted(values, reverse=True) and got["options"][0]["loss"] == 0.0
    # Dice as a list and the card as a dict give the same answer.
    same = yahtzee.painted_advise(["1r", "1y", "6r", "6r", "2y"], 2, card={"ones": 2, "red": None}, game=SMALL)
    assert same == got


def test_the_last_box_scores_the_roll():
    # Only the flush open: five yellow dice score 50, the one option.
    card = {"ones": 0, "yahtzee": 0, "red": 0, "yellow": 0}
    a = yahtzee.painted_advise("1y 2y 3y 5y 6y", 0, card=card, game=SMALL)
    assert [(o["box"], o["points"]) for o in a["options"]] == [("flush", 50)]
    assert a["expected_total"] == 50.0


def test_simulation_is_seeded_and_the_clis():
    got = yahtzee.painted_simulate(games=200, seed=5, game=SMALL)
    assert got == yahtzee.painted_simulate(games=200, seed=5, game=SMALL)
    assert got == cli("painted", "simulate", "--game", SMALL, "--games", "200", "--seed", "5")
    assert got["games"] == 200 and len(got["boxes"]) == 5


def test_a_record_is_reviewed(tmp_path):
    record = tmp_path / "game.txt"
    cli("painted", "play", "--game", SMALL, "--auto", "--seed", "4", "--record", str(record), json_out=False)
    r = yahtzee.painted_review(record.read_text())
    assert r["finished"] and r["cost"] < 1e-9 and len(r["turns"]) == 5


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: yahtzee.painted_advise("5r 5y 2g 3b 5x", 2), "not a colour"),
        (lambda: yahtzee.painted_advise("5r 5y 2g 3b 1p 1p", 2), "five"),
        (lambda: yahtzee.painted_advise("5r 5y 2g 3b 1p", 3), "rolls_left 3"),
        (lambda: yahtzee.painted_advise("5r 5y 2g 3b 1p", 2, card="rainbow=39"), "bad card"),
        (lambda: yahtzee.painted_advise([5, 5, 2, 3, 1], 2), "dice"),
        (lambda: yahtzee.painted_advise("1r 1r 1r 1r 1r", 1, game="painted:c9:ones"), "colours"),
        (lambda: yahtzee.painted_simulate(games=0, game=SMALL), "games 0"),
        (lambda: yahtzee.painted_review("game painted\nroll 1r 1r 1r 1r 1r\nkeep 1r"), "cut short"),
        (lambda: yahtzee.painted_review("not a record"), "line 1"),
    ],
)
def test_bad_input_raises_one_line(call, message):
    with pytest.raises(yahtzee.InputError) as e:
        call()
    assert message in str(e.value) and "\n" not in str(e.value)
