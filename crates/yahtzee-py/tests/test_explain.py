"""Where the expected score comes from, in Python (docs/EXPLAIN.md): each option's parts with
``advise(..., explain=True)`` and a card's with ``means``, against hand-checked figures and
the command line's words.

Reduced games: the official rules' companion table takes seconds to build, these a moment,
and they have the same parts (boxes of one value, the upper bonus, Yahtzee bonuses).
"""

import json
import os
import pathlib
import subprocess

import pytest

import yahtzee

ROOT = pathlib.Path(__file__).resolve().parents[3]
# Ones and Twos, the bonus at 6: small enough to check by hand.
SMALL = "forced:ones,twos,yahtzee,chance@6"
# Seven boxes, the bonus at 12: options that differ in several parts.
SEVEN = "forced:ones,twos,threes,three_of_a_kind,full_house,yahtzee,chance@12"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("explain")


@pytest.fixture(scope="module")
def small(folder):
    return yahtzee.solve(SMALL, path=folder / f"{SMALL}.table")


@pytest.fixture(scope="module")
def seven(folder):
    return yahtzee.solve(SEVEN, path=folder / f"{SEVEN}.table")


def cli(folder, *args):
    """The CLI's standard output, with ``folder`` as its data folder (the same tables)."""
    binary = os.environ.get("YAHTZEE_BIN", str(ROOT / "target" / "release" / "yahtzee"))
    env = dict(os.environ, YAHTZEE_DATA_DIR=str(folder))
    return subprocess.run([binary, *args], env=env, capture_output=True, text=True, check=True).stdout


def add_up(e):
    return sum(e.boxes.values()) + e.upper_bonus_points + e.yahtzee_bonus + e.mega_bonus


POSITIONS = [
    ("", "13346", 2),
    ("", "22256", 1),
    ("ones=3 twos=6", "11336", 0),
    ("threes=9 yahtzee=50", "33333", 1),
    ("ones=2 full_house=25 chance=20", "12256", 2),
    ("ones=3 threes=0 three_of_a_kind=0 full_house=0 chance=12", "44444", 0),
]


@pytest.mark.parametrize("card,dice,rolls_left", POSITIONS)
def test_each_options_parts_add_up_to_its_expected_total(seven, card, dice, rolls_left):
    advice = seven.advise(card, dice, rolls_left, explain=True)
    assert len(advice) > 1
    for o in advice:
        e = o.explain
        # Within the companion table's rounding: it holds each part as an f32, 2^-24 of it
        # (286.3219225 against 286.3219214 here, from a new card).
        want = advice.points_so_far + o.ev_remaining
        assert e.total == pytest.approx(want, rel=2**-22)
        assert add_up(e) == pytest.approx(e.total, abs=1e-9)
        assert 0.0 <= e.upper_bonus <= 1.0
        # Boxes that score one value: the chance is the expected score over that value.
        assert set(e.chances) == {"full_house", "yahtzee"}
        assert e.boxes["yahtzee"] == pytest.approx(50 * e.chances["yahtzee"], abs=1e-12)
        assert e.boxes["full_house"] == pytest.approx(25 * e.chances["full_house"], abs=1e-12)
        # An option a point or more worse names what differs.
        assert len(e.why) >= 1 or o.loss < 1
    # The best option has no words against itself.
    assert advice[0].explain.why == []
    # Without explain, nothing is read or built.
    assert all(o.explain is None for o in seven.advise(card, dice, rolls_left))


def test_the_words_are_hand_checked(small):
    # The last box open is Twos, with 3 in Ones and the bonus at 6: keeping one 2 of
    # 2 2 4 5 6 instead of both. Keeping every 2 over both rerolls, a die rerolled ends a
    # 2 with chance 11/36: Twos expect 2 + 8 * 11/36 instead of 4 + 6 * 11/36, and the
    # bonus needs a 2 among four dice, 1 - (25/36)^4 = 77%, instead of certain.
    advice = small.advise("ones=3 yahtzee=0 chance=28", "22456", 2, explain=True)
    best, one = advice[0], next(o for o in advice if o.keep == [2])
    assert best.keep == [2, 2] and best.explain.why == []
    assert best.explain.upper_bonus == pytest.approx(1, abs=1e-9)
    assert best.explain.boxes["twos"] == pytest.approx(4 + 6 * 11 / 36, abs=1e-6)
    e = one.explain
    assert e.upper_bonus == pytest.approx(1 - (25 / 36) ** 4, abs=1e-6)
    assert e.boxes["twos"] == pytest.approx(2 + 8 * 11 / 36, abs=1e-6)
    assert e.boxes["ones"] == 3 and e.boxes["chance"] == 28 and e.boxes["yahtzee"] == 0
    assert e.why == ["upper bonus 77% instead of 100%", "Twos -1.4"]


def test_the_words_are_the_clis(seven, folder):
    args = ["advise", "--rules", SEVEN, "--dice", "13346", "--rolls-left", "2", "-q"]
    advice = seven.advise("", "13346", 2, explain=True)
    text = cli(folder, *args, "--explain", "2", "3", "4")
    for n in (2, 3, 4):
        # "#2 3 3 6 against #1: Yahtzee 20% instead of 21%, ..." (wrapped at 80 columns)
        line = " ".join(text.split(f"\n#{n} ", 1)[1].split("\n#", 1)[0].split())
        words = advice[n - 1].explain.why
        assert len(words) == 3
        assert line.split(" against #1: ", 1)[1] == ", ".join(words)
    # The JSON is the CLI's, explain objects included.
    assert advice.to_dict() == json.loads(cli(folder, *args, "--explain", "--json"))


def test_means_are_the_clis_and_the_exact_statistics(seven, folder):
    card = "ones=2 threes=9 yahtzee=50"
    m = seven.means(card)
    assert m.why == []
    # The companion table's f32 parts: the total within their rounding.
    assert m.total == pytest.approx(seven.value(card) + 61, rel=1e-6)
    assert add_up(m) == pytest.approx(m.total, abs=1e-9)
    assert m.text == cli(folder, "stats", "--rules", SEVEN, "-s", card, "--means", "-q")
    exact = seven.stats(card)
    for b in exact.boxes:
        assert m.boxes[b["name"]] == pytest.approx(b["mean"]["value"], rel=2**-23, abs=1e-12)
    # A new card: the table's value.
    assert seven.means().total == pytest.approx(seven.value(), rel=1e-6)


def test_module_functions_read_the_default_tables():
    # conftest.py points $YAHTZEE_DATA_DIR at a fresh folder: both tables are built there.
    e = yahtzee.means("ones=3", rules=SMALL)
    assert e.boxes["ones"] == 3
    advice = yahtzee.advise("ones=3", "22456", 0, rules=SMALL, explain=True)
    assert advice.expected_final == pytest.approx(advice.best.explain.total, abs=1e-6)
    assert (yahtzee.data_dir() / f"{SMALL}.companion.table").exists()


def one_line(e):
    message = str(e.value)
    assert message and "\n" not in message and "panicked" not in message
    return message


def test_bad_questions_raise_one_line(small, folder, tmp_path):
    with pytest.raises(yahtzee.InputError) as e:
        small.advise("", "22456", 2, target=40, explain=True)
    assert "expected score only" in one_line(e)
    with pytest.raises(yahtzee.InputError) as e:
        small.advise("", "2245", 2, explain=True)
    assert "bad dice" in one_line(e)
    with pytest.raises(yahtzee.InputError) as e:
        small.means("ones=7")
    one_line(e)
    with pytest.raises(yahtzee.InputError) as e:
        small.means("threes=9")
    one_line(e)
    # A damaged companion table beside the value table is refused, not built over.
    table = tmp_path / f"{SMALL}.table"
    table.write_bytes((folder / f"{SMALL}.table").read_bytes())
    (tmp_path / f"{SMALL}.companion.table").write_bytes(b"YZTABLE\0garbage")
    with pytest.raises(yahtzee.TableError) as e:
        yahtzee.Table.open(table, SMALL).means()
    one_line(e)
