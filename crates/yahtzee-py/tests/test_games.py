"""Triple Yahtzee and Yahtzix from Python (``yahtzee.triple``, ``yahtzee.yahtzix``,
``yahtzee.game_advise``) against the command line's JSON for the same positions; every
accepted form of dice and cards gives the same answer; wrong forms raise ``InputError``
with one line.

The CLI binary is $YAHTZEE_BIN (scripts/test.sh sets it), else target/release/yahtzee;
it shares the test session's data folder ($YAHTZEE_DATA_DIR, conftest.py). Yahtzix is
played to 300, which solves in a moment.
"""

import inspect
import json
import os
import pathlib
import subprocess
import sys

import pytest

import yahtzee
import yahtzee.triple
import yahtzee.yahtzix

ROOT = pathlib.Path(__file__).resolve().parents[3]


def cli_json(*args):
    binary = os.environ.get("YAHTZEE_BIN", str(ROOT / "target" / "release" / "yahtzee"))
    out = subprocess.run([binary, *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_triple_advice_is_the_clis():
    got = yahtzee.triple.advise([4, 4, 4, 5, 6], 1, card={"1.ones": 3, "3.yahtzee": 50})
    want = cli_json("triple", "advise", "--card", "1.ones=3 3.yahtzee=50", "--dice", "44456", "--rolls-left", "1", "-q")
    assert got.to_dict() == want
    assert got.game == "triple"
    assert list(got) == want["options"]
    assert got.best == want["options"][0] and got.best["loss"] == 0.0
    assert got[-1] == want["options"][-1] and len(got) == len(want["options"])
    assert got.expected_final == want["expected_final"]
    with pytest.raises(IndexError):
        got[len(got)]
    with pytest.raises(AttributeError):
        got.no_such_field
    assert repr(got).startswith("<GameAnswer triple: ")
    scored = yahtzee.triple.advise("66666", 0, variant="forum", strategy="greedy")
    assert scored.to_dict() == cli_json("triple", "advise", "--variant", "forum", "--strategy", "greedy", "--dice", "66666", "--rolls-left", "0")
    assert {o["column"] for o in scored} == {1, 2, 3}


def test_yahtzix_advice_is_the_clis():
    got = yahtzee.yahtzix.advise(100, 150, dice=[1, 1, 5, 5, 2, 3], target=300)
    want = cli_json("yahtzix", "advise", "--target", "300", "--me", "100", "--opp", "150", "--dice", "115523", "-q")
    assert got.to_dict() == want
    assert got.p_win == want["p_win"] and got.best["p_win"] == want["options"][0]["p_win"]
    offer = yahtzee.yahtzix.advise(100, 150, second=True, offer="150:2", target=300)
    assert offer.to_dict() == cli_json("yahtzix", "advise", "--target", "300", "--me", "100", "--opp", "150", "--second", "--offer", "150:2", "-q")
    assert sorted(("go_for_it" in o, "roll_fresh" in o) for o in offer) == [(False, True), (True, False)]


def test_yahtzix_at_a_table_of_three_is_the_clis():
    got = yahtzee.yahtzix.advise(scores=[0, 150, 100], seat=2, dice="115523", target=300)
    want = cli_json("yahtzix", "advise", "--target", "300", "--scores", "0,150,100", "--seat", "2", "--dice", "115523", "-q")
    assert got.to_dict() == want
    assert (got.players, got.scores, got.to_move, got.strategy, got.against) == (3, [0, 150, 100], 2, "heads-up", 3)
    # Before the turn, facing the previous seat's offer; any sequence of ints; the generic door.
    offer = yahtzee.yahtzix.advise(scores=(0, 150, 100), seat=1, offer="100:2", target=300)
    assert offer.to_dict() == cli_json("yahtzix", "advise", "--target", "300", "--scores", "0,150,100", "--seat", "1", "--offer", "100:2", "-q")
    generic = yahtzee.game_advise("yahtzix", scores=[0, 150, 100], seat=2, dice="115523", target=300)
    assert generic.to_dict() == want
    # Two players as scores and seat: the same answer as me, opp, second.
    two = yahtzee.yahtzix.advise(scores=[150, 100], seat=2, dice="115523", target=300)
    assert two.to_dict() == yahtzee.yahtzix.advise(100, 150, second=True, dice="115523", target=300).to_dict()
    assert (two.players, two.strategy) == (2, "exact")
    p = inspect.signature(yahtzee.yahtzix.advise).parameters
    assert p["scores"].kind == p["seat"].kind == inspect.Parameter.KEYWORD_ONLY
    assert p["me"].default is None and p["opp"].default is None


def test_yahtzix_stats_at_a_table_of_three():
    s = yahtzee.yahtzix.stats(games=200, seed=3, target=300, players=3)
    t = s["self_play"]
    assert t["players"] == 3 and len(t["win_rates"]) == 3
    assert abs(sum(r["rate"] for r in t["win_rates"]) - 1) < 1e-9
    assert all(r["low"] <= r["rate"] <= r["high"] for r in t["win_rates"])
    assert 0 <= t["tie_rate"]["rate"] <= 1 and t["rounds"]["mean"] > 0
    assert s == cli_json("yahtzix", "stats", "--target", "300", "--games", "200", "--seed", "3", "--players", "3", "-q")
    assert len(yahtzee.yahtzix.stats(games=20, target=300)["self_play"]["win_rates"]) == 2


def test_every_form_of_the_question_gives_the_same_answer():
    forms = [
        yahtzee.triple.advise("13346", 2, card="1.ones=3 2.fours=8"),
        yahtzee.triple.advise("1 3 3 4 6", 2, card={"1.ones": 3, "2.fours": 8}),
        yahtzee.triple.advise((1, 3, 3, 4, 6), 2, card={"2.fours": 8, "1.ones": 3}),
        yahtzee.triple.advise(iter([6, 4, 3, 3, 1]), 2, card="2.fours=8 1.ones=3"),
        yahtzee.game_advise("triple", dice=[1, 3, 3, 4, 6], rolls_left=2, card="1.ones=3 2.fours=8"),
    ]
    for f in forms[1:]:
        assert f.options == forms[0].options
    new = [yahtzee.triple.advise("13346", 2), yahtzee.triple.advise("13346", 2, card=None), yahtzee.triple.advise("13346", 2, card={})]
    assert new[0].options == new[1].options == new[2].options
    generic = yahtzee.game_advise("yahtzix", me=100, opp=150, dice="115523", target=300)
    assert generic.to_dict() == yahtzee.yahtzix.advise(100, 150, dice="115523", target=300).to_dict()


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: yahtzee.triple.advise("1334", 2), "bad dice: expected 5 dice, got 4"),
        (lambda: yahtzee.triple.advise([1, 3, 3, 4, 6.5], 2), "dice: 6.5 is not a face 1 to 6"),
        (lambda: yahtzee.triple.advise([1, 3, True, 4, 6], 2), "dice: faces are ints 1 to 6, not bools"),
        (lambda: yahtzee.triple.advise(13346, 2), "dice: a string like \"13346\" or a sequence of ints"),
        (lambda: yahtzee.triple.advise("13346", 2, card={"4.ones": 3}), "bad card"),
        (lambda: yahtzee.triple.advise("13346", 2, card={"1.ones": "three"}), "card: 1.ones='three' is not a score"),
        (lambda: yahtzee.triple.advise("13346", 2, card=[("1.ones", 3)]), "card: a string, a dict"),
        (lambda: yahtzee.triple.advise("13346", 2, variant="1999"), "unknown Triple Yahtzee variant '1999' (1978, forum)"),
        (lambda: yahtzee.yahtzix.advise(7, 0, target=300), "position"),
        (lambda: yahtzee.yahtzix.advise(0, 0, target=333), "target 333"),
        (lambda: yahtzee.yahtzix.advise(scores=[0, 150, 100], seat=4, target=300), "seat 4: the seats are 1 to 3"),
        (lambda: yahtzee.yahtzix.advise(scores=[0, 150, 100], seat=0, target=300), "seat 0: the seats are 1 to 3"),
        (lambda: yahtzee.yahtzix.advise(scores=[0, 150, 100], seat=-1, target=300), "seat: -1 is not a seat"),
        (lambda: yahtzee.yahtzix.advise(0, 150, scores=[0, 150, 100], seat=1, target=300), "not both"),
        (lambda: yahtzee.yahtzix.advise(scores=[0, 150, 100], target=300), "give the seat"),
        (lambda: yahtzee.yahtzix.advise(seat=2, target=300), "seat goes with scores"),
        (lambda: yahtzee.yahtzix.advise(scores=[0, 150], seat=1, second=True, target=300), "second goes with me and opp"),
        (lambda: yahtzee.yahtzix.advise(scores="0,150", seat=1, target=300), "scores: a sequence of ints"),
        (lambda: yahtzee.yahtzix.advise(scores=[0, "150"], seat=1, target=300), "scores: '150' is not a score"),
        (lambda: yahtzee.yahtzix.advise(scores=[0] * 9, seat=1, target=300), "9 scores"),
        (lambda: yahtzee.yahtzix.advise(scores=[0, 15, 0], seat=1, target=300), "seat 2's score 15"),
        (lambda: yahtzee.yahtzix.advise(target=300), "give me and opp"),
        (lambda: yahtzee.yahtzix.stats(games=20, target=300, players=9), "players 9: from 2 to 8"),
        (lambda: yahtzee.game_advise("chess"), "unknown game 'chess' (yahtzee, triple, yahtzix, painted)"),
        (lambda: yahtzee.game_advise("triple", dice="13346", rolls_left=2, colour="red"), "unknown field `colour`"),
        (lambda: yahtzee.game_review("yahtzix", "roll 1 2 3"), "record line 1"),
    ],
)
def test_wrong_forms_raise_input_error_in_one_line(call, message):
    with pytest.raises(yahtzee.InputError) as e:
        call()
    text = str(e.value)
    assert message in text and "\n" not in text


def test_signatures_show_their_defaults():
    s = inspect.signature(yahtzee.triple.advise)
    assert str(s) == "(dice, rolls_left, card=None, variant='1978', strategy='fitted')"
    y = inspect.signature(yahtzee.yahtzix.advise)
    assert y.parameters["target"].default == 2000 and y.parameters["dice"].default is None


def test_simulation_and_reviews():
    a = yahtzee.triple.simulate(games=30, seed=5, strategies=["greedy"])
    b = cli_json("triple", "simulate", "--games", "30", "--seed", "5", "--strategy", "greedy", "-q")
    assert [s["mean"] for s in a] == [s["mean"] for s in b]
    r = yahtzee.triple.review("variant 1978\nroll 6 6 6 6 6\nscore 3 yahtzee\n")
    assert r["total"] == 150
    y = yahtzee.yahtzix.review("yahtzix 300\nplayers ann bob\nroll 1 1 1 2 3 4\nbank\n")
    assert y["scores"] == [30, 0] and y["decisions"][0]["player"] == "ann"


def test_a_build_past_the_memory_limit_is_refused_before_it_starts(tmp_path):
    """Yahtzix to 1,000 (about 160 MB of tables) under a limit of 100 MiB: a TableError in
    one line with the estimate, nothing written (the limit is read once per process, so
    in a fresh one)."""
    code = (
        "import yahtzee\n"
        "import yahtzee.yahtzix\n"
        "try:\n"
        "    yahtzee.yahtzix.advise(target=1000, me=0, opp=0)\n"
        "except yahtzee.TableError as e:\n"
        "    print(e)\n"
    )
    env = dict(os.environ, YAHTZEE_MEMORY_LIMIT="0.1", YAHTZEE_DATA_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    message = out.stdout.strip()
    assert "\n" not in message
    assert "the Yahtzix table to 1000 needs about" in message, message
    assert "more than the limit of 102 MiB" in message, message
    assert list(tmp_path.iterdir()) == []
