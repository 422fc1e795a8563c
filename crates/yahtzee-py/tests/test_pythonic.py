"""The package as a Python user writes it: dice as a string or a sequence of ints, cards as
a string, a dict of box: score or None, house rules as a string or a list, rule sets as
names or ``Rules``; every form gives the same answer as the string form and the command
line's JSON, and every wrong form raises ``InputError`` with one line saying what is
wrong. Also: ``None`` defaults in every signature (the runtime's and the stub's agree),
``Advice`` iterable like its options, ``Table.to_frame()`` for pandas, and the stub
checked by mypy on a user's typed script.

Tables are the session's default ones (conftest.py's data folder); the CLI is
$YAHTZEE_BIN (scripts/test.sh sets it), else target/release/yahtzee.
"""

import ast
import inspect
import json
import os
import pathlib
import subprocess
import sys
import time

import numpy as np
import pytest

import yahtzee
import yahtzee.triple
import yahtzee.yahtzix

ROOT = pathlib.Path(__file__).resolve().parents[3]
STUB = ROOT / "crates" / "yahtzee-py" / "python" / "yahtzee" / "__init__.pyi"
OFFICIAL = 254.5877287


@pytest.fixture(scope="module")
def table():
    return yahtzee.Table.load_or_solve("forced")


def cli(*args):
    binary = os.environ.get("YAHTZEE_BIN", str(ROOT / "target" / "release" / "yahtzee"))
    assert os.path.exists(binary), f"build the CLI first: {binary} is missing"
    out = subprocess.run([binary, *args], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def cli_advise(table, card, dice, rolls, *extra):
    args = ["advise", "--table", str(table.path), "--dice", dice, "--rolls-left", str(rolls), "--json", *extra]
    return cli(*args, *(["--scorecard", card] if card else []))


# --- every accepted form gives the same answer --------------------------------------------


DICE_FORMS = [
    "13346",
    "1 3 3 4 6",
    [1, 3, 3, 4, 6],
    (6, 4, 3, 3, 1),
    np.array([1, 3, 3, 4, 6]),
    np.array([1, 3, 3, 4, 6], dtype=np.uint8),
    iter([3, 1, 6, 3, 4]),
]


@pytest.mark.parametrize("dice", DICE_FORMS, ids=lambda d: type(d).__name__)
def test_dice_forms_give_the_clis_answer(table, dice):
    want = cli_advise(table, "", "13346", 2)
    # The issue's own example: a list of ints was refused ("'list' object cannot be cast").
    assert yahtzee.advise("", dice, 2).to_dict() == want


CARD = "ones=3 fours=12 full_house=25 yahtzee=50 yahtzee_bonus=100"
CARD_FORMS = [
    CARD,
    {"ones": 3, "fours": 12, "full_house": 25, "yahtzee": 50, "yahtzee_bonus": 100},
    # Aliases and spellings the command line reads; None is an open box.
    {"Aces": 3, "4s": 12, "Full House": 25, "yz": 50, "yahtzee_bonus": 100, "chance": None},
    {"yahtzee_bonus": np.int64(100), "yahtzee": 50, "fh": 25, "fours": 12, "ones": np.uint8(3)},
]


@pytest.mark.parametrize("card", CARD_FORMS, ids=["str", "dict", "aliases", "numpy"])
def test_card_forms_give_the_clis_answer(table, card):
    assert yahtzee.advise(card, [6, 6, 6, 6, 2], 1).to_dict() == cli_advise(table, CARD, "66662", 1)
    assert table.advise(card, "66662", 1).to_dict() == cli_advise(table, CARD, "66662", 1)
    assert table.value(card) == table.value(CARD)
    assert table.index(card) == table.index(CARD)


def test_a_new_card_in_every_form(table):
    want = table.advise("", "13346", 2).to_dict()
    for new in [None, "", {}, {"ones": None, "chance": None}]:
        assert table.advise(new, [1, 3, 3, 4, 6], 2).to_dict() == want
        assert table.value(new) == table.value("") and table.index(new) == 0
    assert table.value() == table.value("") and table.index() == 0
    # Defaults: a new card.
    assert table.stats().mean == pytest.approx(OFFICIAL, abs=1e-7)


def test_stats_and_simulation_take_every_card_form(table):
    card = "ones=2 threes=9 full_house=25 chance=22"
    as_dict = {"ones": 2, "threes": 9, "full_house": 25, "chance": 22}
    want = cli("stats", "--table", str(table.path), "--scorecard", card, "--json", "-q")
    assert table.stats(as_dict).to_dict() == want
    assert yahtzee.stats(as_dict).to_dict() == want
    a = table.simulate(100, seed=3, card=as_dict).to_dict()
    assert a == table.simulate(100, 3, card).to_dict() == yahtzee.simulate(np.int64(100), seed=3, card=card).to_dict()


def test_opponents_in_every_form(table):
    card = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=20 four_of_a_kind=20 full_house=25 small_straight=30"
    them = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18, "three_of_a_kind": 25,
            "four_of_a_kind": 20, "full_house": 25, "small_straight": 30, "large_straight": 40}
    text = " ".join(f"{k}={v}" for k, v in them.items())
    want = cli_advise(table, card, "66612", 1, "--opponent", text)
    for opponents in [[text], (text,), text, them, [them]]:
        assert table.advise(card, [6, 6, 6, 1, 2], 1, opponents=opponents).to_dict() == want


def test_rules_and_house_rules_in_every_form():
    want = yahtzee.Rules("forced+mulligan+fool-house")
    forms = [
        yahtzee.Rules("forced", house=["mulligan", "fool-house"]),
        yahtzee.Rules("forced", house=("fool-house", "mulligan")),
        yahtzee.Rules("forced", house="mulligan+fool-house"),
        yahtzee.Rules("forced", house="mulligan, fool-house"),
        yahtzee.Rules("forced+mulligan", house="fool-house"),
        yahtzee.Rules(yahtzee.Rules("forced+mulligan"), house=["fool-house"]),
    ]
    assert all(f == want for f in forms)
    assert yahtzee.Rules() == yahtzee.Rules("forced") == yahtzee.Rules(None, None)
    assert yahtzee.Rules(house="mulligan").name == "forced+mulligan"


def test_house_rule_forms_answer_alike():
    # The mulligan as a dict entry (True / "used"), with the house rule given three ways.
    card = {"ones": 3, "sixes": 24, "mulligan": True}
    text = "ones=3 sixes=24 mulligan=used"
    want = yahtzee.advise(text, "66652", 0, house=["mulligan"]).to_dict()
    # Spent: no option rerolls with the mulligan (with it in hand, some do).
    assert not any(o.get("mulligan") for o in want["options"])
    assert any(o.mulligan for o in yahtzee.advise({**card, "mulligan": False}, "66652", 0, house="mulligan"))
    for house in ["mulligan", ("mulligan",)]:
        assert yahtzee.advise(card, [6, 6, 6, 5, 2], 0, house=house).to_dict() == want
    assert yahtzee.advise({**card, "mulligan": "used"}, "66652", 0, rules=yahtzee.Rules("forced+mulligan")).to_dict() == want
    table = yahtzee.Table.load_or_solve(yahtzee.Rules("forced"), house="mulligan")
    assert table.rules.name == "forced+mulligan"
    assert table.value(card) == table.value(text) != table.value({**card, "mulligan": False})
    assert table.value({**card, "mulligan": False}) == table.value("ones=3 sixes=24")


def test_triple_cards_take_none_for_open_boxes():
    a = yahtzee.triple.advise([1, 3, 3, 4, 6], 2, card={"1.ones": 3, "2.fours": 8, "3.chance": None})
    assert a.options == yahtzee.triple.advise("13346", 2, card="1.ones=3 2.fours=8").options


# --- wrong forms: InputError in one line ----------------------------------------------------


WRONG = [
    # dice
    (lambda t: t.advise("", [1, 3, 3, 4, 6.0], 2), "dice: 6.0 is not a face 1 to 6"),
    (lambda t: t.advise("", [1, 3, 3, 4, 7], 2), "dice: 7 is not a face 1 to 6"),
    (lambda t: t.advise("", [1, 3, 3, 4, -6], 2), "dice: -6 is not a face 1 to 6"),
    (lambda t: t.advise("", ["1", "3", "3", "4", "6"], 2), "dice: '1' is not a face 1 to 6"),
    (lambda t: t.advise("", [1, 3, True, 4, 6], 2), "dice: faces are ints 1 to 6, not bools"),
    (lambda t: t.advise("", 13346, 2), 'dice: a string like "13346" or a sequence of ints, not int'),
    (lambda t: t.advise("", None, 2), "or a sequence of ints, not NoneType"),
    (lambda t: t.advise("", {1, 3, 4, 6}, 2), "or a sequence of ints, not set"),
    (lambda t: t.advise("", {1: 3}, 2), "or a sequence of ints, not dict"),
    (lambda t: t.advise("", b"13346", 2), "or a sequence of ints, not bytes"),
    (lambda t: t.advise("", [1, 3, 3, 4], 2), "bad dice: expected 5 dice, got 4"),
    (lambda t: yahtzee.advise("", [1, 3, 3, 4, 6, 6, 6], 2), "bad dice"),
    # cards
    (lambda t: t.advise({"fish": 3}, "13346", 2), "bad scorecard: unknown box 'fish'"),
    (lambda t: t.advise({"ones": 7}, "13346", 2), "bad scorecard: ones can never hold 7"),
    (lambda t: t.advise({"ones": 3.0}, "13346", 2), "card: ones=3.0 is not a score (an int, or None for an open box)"),
    (lambda t: t.advise({"ones": "3"}, "13346", 2), "card: ones='3' is not a score"),
    (lambda t: t.advise({"ones": True}, "13346", 2), "card: ones=True is not a score"),
    (lambda t: t.advise({"ones": [3]}, "13346", 2), "card: ones=[3] is not a score"),
    (lambda t: t.advise({3: 3}, "13346", 2), "card: box 3 is not a string"),
    (lambda t: t.advise({"ones=3": 3}, "13346", 2), "card: 'ones=3' is not a box name"),
    (lambda t: t.advise({"": 3}, "13346", 2), "card: '' is not a box name"),
    (lambda t: t.advise({"mulligan": "used up"}, "13346", 2), "card: mulligan='used up' is not a value"),
    (lambda t: t.advise({"mulligan": True}, "13346", 2), "these rules have no mulligan"),
    (lambda t: t.advise([("ones", 3)], "13346", 2), 'card: a string, a dict of box: score like {"ones": 3}, or None, not list'),
    (lambda t: t.value(3), "card: a string, a dict of box: score like"),
    (lambda t: yahtzee.stats({"ones": 9}), "bad scorecard: ones can never hold 9"),
    # counts
    (lambda t: t.advise("", "13346", -1), "rolls_left: -1 is not 0, 1 or 2"),
    (lambda t: t.advise("", "13346", 2.0), "rolls_left: 2.0 is not 0, 1 or 2"),
    (lambda t: t.advise("", "13346", "2"), "rolls_left: '2' is not 0, 1 or 2"),
    (lambda t: t.advise("", "13346", True), "rolls_left: True is not 0, 1 or 2"),
    (lambda t: t.advise("", "13346", 3), "rolls left"),
    (lambda t: t.advise("", "13346", 2, target=-5), "target: -5 is not a whole number of points"),
    (lambda t: t.stats(target=250.5), "target: 250.5 is not a whole number of points"),
    (lambda t: t.simulate(2.5), "games: 2.5 is not a number of games"),
    (lambda t: yahtzee.simulate(10, seed=-1), "seed: -1 is not a whole number"),
    (lambda t: t.to_frame(boxes_filled=14), "boxes_filled: 14 is not a number of boxes 0 to 13"),
    # opponents
    (lambda t: t.advise("", "13346", 2, opponents=3), "opponents: a card (a string or a dict) or a list of cards, not int"),
    (lambda t: t.advise("", "13346", 2, opponents=[3]), "opponents: a string, a dict of box: score"),
    (lambda t: t.advise("", "13346", 2, opponents=[{"fish": 1}]), "bad opponent card 'fish=1': unknown box 'fish'"),
    (lambda t: t.advise("", "13346", 2, opponents=["ones=9\n"]), "bad opponent card 'ones=9\\n'"),
    (lambda t: t.advise("", "13346", 2, target=200, opponents={"ones": 3}), "not both"),
    # rule sets and house rules
    (lambda t: yahtzee.Rules(3), 'rules: a name like "forced" or a yahtzee.Rules, not int'),
    (lambda t: yahtzee.Rules("poker"), "unknown rule set 'poker'"),
    (lambda t: yahtzee.Rules("forced", house=3), 'house: a string like "mulligan" or a list of them, not int'),
    (lambda t: yahtzee.Rules("forced", house=[3]), "not a list holding 3"),
    (lambda t: yahtzee.Rules("forced", house={"mulligan": True}), "or a list of them, not dict"),
    (lambda t: yahtzee.Rules("forced", house="triple"), "unknown house rule 'triple'"),
    (lambda t: yahtzee.advise("", "13346", 2, rules=["forced"]), "rules: a name like"),
    (lambda t: yahtzee.Table.load_or_solve(house=["mulligan", 1]), "not a list holding 1"),
]


@pytest.mark.parametrize("call,message", WRONG, ids=[m for _, m in WRONG])
def test_wrong_forms_raise_input_error_in_one_line(table, call, message):
    with pytest.raises(yahtzee.InputError) as e:
        call(table)
    text = str(e.value)
    assert message in text, text
    assert "\n" not in text and len(text) < 300
    assert isinstance(e.value, ValueError) and not isinstance(e.value, TypeError)


# --- signatures: None, never Ellipsis; the stub and the module agree -----------------------


def runtime_signature(owner, name):
    sig = inspect.signature(getattr(owner, name) if name != "__init__" else owner)
    return [p for p in sig.parameters.values() if p.name != "self"]


def stub_functions():
    """(owner, name, ast.FunctionDef) for every function and method the stub declares."""
    tree = ast.parse(STUB.read_text())
    owners = {"_Triple": yahtzee.triple, "_Yahtzix": yahtzee.yahtzix}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield yahtzee, node.name, node
        elif isinstance(node, ast.ClassDef):
            owner = owners.get(node.name) or getattr(yahtzee, node.name)
            for f in node.body:
                decorators = {ast.unparse(d) for d in getattr(f, "decorator_list", [])}
                if isinstance(f, ast.FunctionDef) and not decorators & {"property", "overload"}:
                    if not f.name.startswith("__") or f.name == "__init__":
                        yield owner, f.name, f


def test_signatures_show_none_and_match_the_stub():
    checked = 0
    for owner, name, f in stub_functions():
        if owner is yahtzee.GameAnswer or name == "__getattr__":
            continue
        got = runtime_signature(owner, name)
        args = [a for a in f.args.args if a.arg != "self"]
        want = [(a.arg, None) for a in args]
        for i, d in enumerate(f.args.defaults):
            want[len(args) - len(f.args.defaults) + i] = (args[len(args) - len(f.args.defaults) + i].arg, ast.literal_eval(d))
        want += [(a.arg, ast.literal_eval(d) if d else None) for a, d in zip(f.args.kwonlyargs, f.args.kw_defaults)]
        if f.args.kwarg:
            want.append((f.args.kwarg.arg, None))
        where = f"{getattr(owner, '__name__', owner)}.{name}"
        assert [p.name for p in got] == [n for n, _ in want], where
        for p, (_, default) in zip(got, want):
            assert p.default is not Ellipsis, f"{where}: {p.name}=..."
            if p.default is not inspect.Parameter.empty:
                assert p.default == default, f"{where}: {p.name}={p.default!r}, stub {default!r}"
        checked += 1
    assert checked >= 25
    assert str(inspect.signature(yahtzee.advise)) == (
        "(card, dice, rolls_left, target=None, opponents=None, rules='forced', house=None, *, mulligan_spent=False, explain=False)"
    )
    assert str(inspect.signature(yahtzee.Rules)) == "(name='forced', house=None)"
    for f in [yahtzee.solve, yahtzee.stats, yahtzee.simulate, yahtzee.Table.load_or_solve, yahtzee.Table.open]:
        assert inspect.signature(f).parameters["house"].default is None
        assert inspect.signature(f).parameters["rules"].default == "forced"


# --- Advice: a sequence of options; Stats --------------------------------------------------


def test_advice_is_iterable_over_its_options(table):
    advice = yahtzee.advise("", [1, 3, 3, 4, 6], 2)
    assert len(advice) == len(advice.options) == 24
    assert list(advice) == advice.options
    assert advice[0] is advice.best and advice[0].keep == [3, 3]
    assert advice[-1] is advice.options[-1] and advice[:3] == advice.options[:3]
    assert [o.loss for o in advice] == sorted(o.loss for o in advice)
    assert max(advice, key=lambda o: o.ev_remaining) is advice.best
    with pytest.raises(IndexError):
        advice[24]
    assert repr(advice).startswith("Advice(rules='forced', dice=[1, 3, 3, 4, 6], rolls_left=2")
    assert advice.to_dict()["options"][0]["keep"] == [3, 3]


def test_stats_is_not_iterable_but_readable(table):
    s = table.stats({"ones": 2, "threes": 9})
    # Not one natural collection (a distribution, moments, per-box figures): no iteration.
    with pytest.raises(TypeError):
        iter(s)
    assert repr(s) == f"Stats(rules='forced', mean={s.mean:.4f}, sd={s.sd:.4f})"
    assert [b["name"] for b in s.boxes][:2] == ["ones", "twos"] and len(s.distribution) > 300
    assert s.to_dict()["total"]["mean"]["value"] == s.mean


# --- Table.to_frame ---------------------------------------------------------------------------


def test_to_frame(table):
    pd = pytest.importorskip("pandas")
    start = time.perf_counter()
    frame = table.to_frame()
    took = time.perf_counter() - start
    assert isinstance(frame, pd.DataFrame)
    values = table.values
    reachable = np.flatnonzero(~np.isnan(values))
    assert len(frame) == len(reachable) == 536_448
    assert frame.index.name == "index" and np.array_equal(frame.index.to_numpy(), reachable)
    assert np.array_equal(frame["value"].to_numpy(), values[reachable])
    boxes = [b["name"] for b in table.stats({"ones": 2}).boxes]
    assert list(frame.columns) == boxes + ["boxes_filled", "upper_total", "yahtzee_50", "value"]
    assert all(frame[b].dtype == bool for b in boxes) and frame["yahtzee_50"].dtype == bool
    assert frame["boxes_filled"].dtype == np.int64 and frame["upper_total"].dtype == np.int64
    assert frame["value"].dtype == np.float64
    # The empty card's row: the official game's optimal expected score.
    empty = frame.loc[table.index(None)]
    assert round(empty["value"], 7) == OFFICIAL
    assert not empty[boxes].any() and empty["upper_total"] == 0 and empty["boxes_filled"] == 0
    # A card's row, found by its index.
    card = {"ones": 3, "fours": 12, "yahtzee": 50}
    row = frame.loc[table.index(card)]
    assert row["value"] == table.value(card)
    assert [b for b in boxes if row[b]] == ["ones", "fours", "yahtzee"]
    assert (row["boxes_filled"], row["upper_total"], bool(row["yahtzee_50"])) == (3, 15, True)
    # Columns agree with each other: the count of filled boxes, a capped upper total, no
    # points left when the card is full.
    assert np.array_equal(frame[boxes].sum(axis=1).to_numpy(), frame["boxes_filled"].to_numpy())
    assert frame["upper_total"].between(0, 63).all()
    assert (frame.loc[frame["boxes_filled"] == 13, "value"] == 0).all()
    assert not frame.loc[~frame["yahtzee"], "yahtzee_50"].any()
    # A filter: the states of the last turn.
    last = table.to_frame(boxes_filled=12)
    assert last.equals(frame[frame["boxes_filled"] == 12])
    assert len(table.to_frame(boxes_filled=0)) == 1
    assert took < 10, f"to_frame took {took:.1f} s"


def test_to_frame_house_rule_columns():
    pytest.importorskip("pandas")
    frame = yahtzee.Table.load_or_solve("forced", house="mulligan").to_frame(boxes_filled=1)
    assert list(frame.columns[-4:]) == ["upper_total", "yahtzee_50", "mulligan_used", "value"]
    assert frame["mulligan_used"].any() and not frame["mulligan_used"].all()


def test_to_frame_without_pandas_says_so(table, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # `import pandas` now fails
    with pytest.raises(ImportError, match=r"Table.to_frame needs pandas \(pip install pandas\)"):
        table.to_frame()


# --- the stub, as a user's type checker reads it -------------------------------------------


TYPED_SCRIPT = '''
from typing import Optional
import numpy as np
import yahtzee

def best_keep(card: Optional[dict[str, Optional[int]]], dice: list[int]) -> Optional[list[int]]:
    advice = yahtzee.advise(card, dice, 2, house=None)
    for option in advice:
        assert option.ev_remaining <= advice[0].ev_remaining
    top3: list[yahtzee.RankedOption] = advice[:3]
    return advice.best.keep if len(advice) and top3 else None

def why(dice: str) -> list[str]:
    e: Optional[yahtzee.Explanation] = yahtzee.advise("", dice, 2, explain=True)[1].explain
    return e.why if e is not None else []

twos: float = yahtzee.means("ones=3", rules="free").boxes["twos"] + yahtzee.Table.load_or_solve().means().total

table = yahtzee.Table.load_or_solve(yahtzee.Rules("forced"), house="mulligan")
value: float = table.value({"ones": 3, "yahtzee": None, "mulligan": True})
table.advise("ones=3", (1, 2, 3, 4, 5), 0, opponents=[{"ones": 3}, "twos=6"])
yahtzee.stats(None, rules="yatzy", house=["mulligan", "chance-chance"])
yahtzee.simulate(100, seed=2, card={"chance": 20})
best_keep({"ones": 3}, [1, 3, 3, 4, 6])
frame = table.to_frame(boxes_filled=3)
values: np.ndarray = table.values
duel: float = yahtzee.yahtzix.advise(100, 150, dice="115523", target=300).p_win
table_of_three = yahtzee.yahtzix.advise(scores=(450, 600, 300), seat=2, offer="150:2", target=1000)
self_play: dict[str, object] = yahtzee.yahtzix.stats(games=10, target=300, players=3)["self_play"]
'''


def test_the_stub_types_a_users_script(tmp_path):
    pytest.importorskip("mypy")
    good = tmp_path / "good.py"
    good.write_text(TYPED_SCRIPT)
    bad = tmp_path / "bad.py"
    bad.write_text("import yahtzee\nyahtzee.advise('', 13346, 2)\nyahtzee.advise(['ones'], '13346', 2)\n")

    def mypy(path):
        return subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(tmp_path / "cache"), str(path)],
            capture_output=True, text=True, cwd=tmp_path,
        )

    ok = mypy(good)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    wrong = mypy(bad)
    assert wrong.returncode == 1
    assert wrong.stdout.count("error:") == 2 and 'Argument 2 to "advise" has incompatible type "int"' in wrong.stdout, wrong.stdout
