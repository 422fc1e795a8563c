"""The Python package against reference values, the independent solver's positions, the
table file's bytes and the command line's answers; and its refusals of bad input.

Tables are solved into a temporary folder (a second each); the CLI binary is
$YAHTZEE_BIN (scripts/test.sh sets it to the one it built), else target/release/yahtzee.
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import threading

import numpy as np
import pytest

import yahtzee

ROOT = pathlib.Path(__file__).resolve().parents[3]
CONFORMANCE = ROOT / "crates" / "yahtzee-advice" / "tests" / "data"


@pytest.fixture(scope="session")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("tables")


@pytest.fixture(scope="session")
def forced(folder):
    return yahtzee.solve("forced", path=folder / "forced.table")


@pytest.fixture(scope="session")
def free(folder):
    return yahtzee.solve("free", path=folder / "free.table")


def cli(*args):
    binary = os.environ.get("YAHTZEE_BIN", str(ROOT / "target" / "release" / "yahtzee"))
    assert os.path.exists(binary), f"build the CLI first: {binary} is missing"
    out = subprocess.run([binary, *args], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def card_text(entries):
    return " ".join(f"{k}={v}" for k, v in entries.items())


# --- rule sets and reference values ---------------------------------------------------


def test_rule_sets_by_name():
    names = [r.name for r in yahtzee.rule_sets()]
    assert names[:5] == ["forced", "free", "no-bonus", "original-1956", "yatzy"]
    assert "forced+mulligan" in names and "yatzy+mulligan+chance-chance" in names
    r = yahtzee.Rules("forced", house=["mulligan"])
    assert (r.name, r.base, r.house, r.boxes) == ("forced+mulligan", "forced", ["mulligan"], 13)
    assert yahtzee.Rules("yatzy").boxes == 15
    assert r == yahtzee.Rules("forced+mulligan") and len({r, yahtzee.Rules("forced+mulligan")}) == 1


@pytest.mark.parametrize("name", ["forced", "free", "no-bonus", "original-1956", "yatzy"])
def test_solved_values_match_the_reference(folder, name):
    table = yahtzee.solve(name, path=folder / f"{name}.table")
    rules = yahtzee.Rules(name)
    assert table.value("") == pytest.approx(rules.expected_value, abs=1e-7)
    if rules.published_value is not None:
        assert table.value("") == pytest.approx(rules.published_value, abs=1e-6)


def test_official_value_by_hand(forced):
    # The official game's optimal expected score, published by Verhoeff and Glenn.
    assert abs(forced.value("") - 254.5877287) < 1e-6
    assert forced.rules.name == "forced"
    # The last turn with only Chance open and Yahtzee scratched (no bonus to chase): by
    # hand, one die is worth 3.5 with one roll, 4.25 with two (keep 4 and up), 14/3 with
    # three (keep 5 and up), so five dice are worth 70/3.
    last = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=20 four_of_a_kind=20 full_house=25 small_straight=30 large_straight=40 yahtzee=0"
    assert forced.value(last) == pytest.approx(70 / 3, abs=1e-9)


# --- the independent solver's positions --------------------------------------------------


@pytest.mark.parametrize("rules,file", [("forced", "advice_forced.json"), ("free", "advice_free.json")])
def test_conformance_positions(request, rules, file):
    table = request.getfixturevalue(rules)
    positions = json.loads((CONFORMANCE / file).read_text())
    assert len(positions) >= 100
    for p in positions:
        faces = "".join(map(str, p["dice"]))
        advice = table.advise(card_text(p["scorecard"]), faces, p["rolls_left"])
        want = p["ranked"]
        assert len(advice.options) == len(want)

        def label(o):
            return ("keep", tuple(sorted(o["keep"]))) if o.get("keep") is not None else ("box", o["category"])

        evs = {label(o): o["ev"] for o in want}
        for got, ref in zip(advice.options, want):
            assert abs(got.ev_remaining - ref["ev"]) < 1e-9
            mine = label({"keep": got.keep, "category": got.category})
            assert abs(evs[mine] - ref["ev"]) < 1e-9, "same option up to ties"


# --- the value table as numpy --------------------------------------------------------------


def test_values_are_the_file_bytes_without_a_copy(forced):
    values = forced.values
    header = forced.header
    assert values.dtype == np.dtype("<f8") and values.shape == (header["value_count"],)
    raw = pathlib.Path(forced.path).read_bytes()
    assert values.tobytes() == raw[header["payload_offset"]:]
    # An independent reader: numpy on the file itself.
    on_disk = np.fromfile(forced.path, dtype="<f8", offset=header["payload_offset"])
    assert np.array_equal(values, on_disk, equal_nan=True)
    assert not values.flags.writeable
    with pytest.raises(ValueError):
        values[0] = 1.0
    # A view of the memory map: no data of its own.
    assert not values.flags.owndata
    assert values[forced.index("")] == forced.value("")
    card = "ones=3 yahtzee=50 yahtzee_bonus=100"
    assert values[forced.index(card)] == forced.value(card)
    # Unreachable states hold NaN: a filled Yahtzee box marked as holding 50 needs it.
    assert np.isnan(values).sum() > 0 and np.isfinite(values).sum() > 500_000


def test_values_outlive_the_table_object(folder):
    table = yahtzee.Table.open(folder / "forced.table") if (folder / "forced.table").exists() else yahtzee.solve(path=folder / "forced.table")
    values = table.values
    expected = table.value("")
    del table
    import gc

    gc.collect()
    assert values[0] == expected


# --- advice ----------------------------------------------------------------------------------


def test_advice_matches_the_cli(forced):
    for card, dice, rolls in [
        ("", "13346", 2),
        ("ones=3 fours=12 yahtzee=50", "44444", 0),
        ("sixes=24 chance=22", "12345", 1),
    ]:
        advice = forced.advise(card, dice, rolls)
        args = ["advise", "--table", str(forced.path), "--dice", dice, "--rolls-left", str(rolls), "--json"]
        if card:
            args += ["--scorecard", card]
        assert advice.to_dict() == cli(*args)
        assert advice.best.ev_remaining == max(o.ev_remaining for o in advice.options)
        assert advice.expected_final == pytest.approx(advice.points_so_far + advice.best.ev_remaining)
    first = forced.advise("", "13346", 2)
    assert first.best.keep == [3, 3] and first.best.loss == 0.0
    assert first.dice == [1, 3, 3, 4, 6] and first.rolls_left == 2


def test_module_functions_use_the_data_folder(forced, monkeypatch):
    # The module-level functions read <data dir>/<rules>.table.
    assert pathlib.Path(yahtzee.data_dir()).name
    advice = yahtzee.advise("", "13346", 2)
    assert advice.to_dict() == forced.advise("", "13346", 2).to_dict()


def test_without_yahtzee_data_dir_tables_go_to_the_cache_folder(tmp_path):
    # An installed package keeps its tables in the user's cache folder, never in the
    # folder Python was started in (and the variable, when set, wins).
    env = {k: v for k, v in os.environ.items() if k not in ("YAHTZEE_DATA_DIR", "XDG_CACHE_HOME")}
    env["HOME"] = str(tmp_path)
    code = "import yahtzee; print(yahtzee.data_dir())"
    run = lambda env: subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True, check=True).stdout.strip()
    assert run(env) == str(tmp_path / ".cache" / "yahtzee")
    assert run({**env, "YAHTZEE_DATA_DIR": str(tmp_path / "mine")}) == str(tmp_path / "mine")


def test_playing_to_win_matches_the_cli(forced):
    card = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=20 four_of_a_kind=20 full_house=25 small_straight=30"
    opponent = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=25 four_of_a_kind=20 full_house=25 small_straight=30 large_straight=40"
    advice = forced.advise(card, "66612", 1, opponents=[opponent])
    assert advice.opponents == [opponent]
    values = [o.p_win + o.p_tie / 2 for o in advice.options]
    assert values == sorted(values, reverse=True)
    assert all(0.0 <= o.p_win <= 1.0 for o in advice.options)
    want = cli("advise", "--table", str(forced.path), "--scorecard", card, "--dice", "66612", "--rolls-left", "1", "--opponent", opponent, "--json")
    assert advice.to_dict() == want


# --- statistics --------------------------------------------------------------------------------


def test_exact_stats(forced):
    # From the empty card the mean is the official 254.5877287: the README's session
    # checks that; here a card with four boxes filled, whose mean is the table's value.
    card = "ones=2 threes=9 full_house=25 chance=22"
    s = forced.stats(card)
    d = s.distribution
    assert isinstance(d, np.ndarray) and d.dtype == np.float64
    assert d.sum() == pytest.approx(1.0, abs=1e-12)
    assert s.mean == pytest.approx(58 + forced.value(card), abs=1e-9)
    assert (np.arange(len(d)) * d).sum() == pytest.approx(s.mean, abs=1e-9)
    names = [b["name"] for b in s.boxes]
    assert names[0] == "ones" and names[-1] == "chance" and len(names) == 13
    # The boxes' means (filled ones at their score) and the bonuses add up to the total.
    report = s.to_dict()
    parts = sum(b["mean"]["value"] for b in s.boxes)
    parts += report["upper_bonus"]["mean"]["value"] + report["yahtzee_bonus"]["mean"]["value"]
    assert parts == pytest.approx(s.mean, abs=1e-9)
    assert [b["mean"]["value"] for b in s.boxes if b["name"] in ("ones", "full_house")] == [2, 25]
    assert s.to_dict()["method"] == {"kind": "exact"}


def test_stats_from_a_card_match_the_table_and_the_cli(forced):
    card = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=20 four_of_a_kind=20 full_house=25"
    s = forced.stats(card)
    assert s.mean == pytest.approx(forced.value(card) + s.to_dict()["points_so_far"], abs=1e-9)
    assert s.to_dict() == cli("stats", "--table", str(forced.path), "--scorecard", card, "--json", "-q")


def test_simulation_is_seeded(forced):
    a = forced.simulate(2000, seed=7)
    b = forced.simulate(2000, seed=7)
    assert a.to_dict()["distribution"] == b.to_dict()["distribution"]
    lo, hi = a.to_dict()["total"]["mean"]["ci95"]
    assert lo - 5 < 254.5877 < hi + 5


def test_long_computations_release_the_gil(forced):
    done = threading.Event()
    ticks = 0

    def work():
        forced.stats("ones=2 threes=9")
        done.set()

    t = threading.Thread(target=work)
    t.start()
    while not done.is_set():
        ticks += 1
    t.join()
    # The main thread kept running Python code while the statistics were computed.
    assert ticks > 1000


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda t: t.advise("", "1334", 2), "bad dice"),
        (lambda t: t.advise("", "13347", 2), "bad dice"),
        (lambda t: t.advise("ones=7", "13346", 2), "bad scorecard"),
        (lambda t: t.advise("fish=3", "13346", 2), "bad scorecard"),
        (lambda t: t.advise("", "13346", 3), "rolls left"),
        (lambda t: t.advise("", "13346", 2, target=200, opponents=["ones=3"]), "not both"),
        (lambda t: t.advise("", "13346", 1, opponents=["ones=9"]), "bad opponent card"),
        (lambda t: t.stats("ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=20 four_of_a_kind=20 full_house=25 small_straight=30 large_straight=40 yahtzee=50 chance=20"), "game is over"),
        (lambda t: t.simulate(1), "at least 2 games"),
        (lambda t: yahtzee.Rules("poker"), "unknown rule set"),
        (lambda t: yahtzee.Rules("yatsy"), "did you mean yatzy?"),
        (lambda t: yahtzee.Rules("forced", house=["triple"]), "unknown house rule"),
    ],
)
def test_bad_input_raises_input_error(forced, call, message):
    with pytest.raises(yahtzee.InputError) as e:
        call(forced)
    assert message in str(e.value)
    assert isinstance(e.value, ValueError) and isinstance(e.value, yahtzee.Error)
    assert "\n" not in str(e.value)


def test_wrong_kinds_of_values_are_input_errors(forced):
    # A value of the wrong kind is bad input like any other (test_pythonic.py has them all).
    with pytest.raises(yahtzee.InputError, match="rolls_left: -1 is not"):
        forced.advise("", "13346", -1)
    # None is a new card.
    assert forced.advise(None, "13346", 2).to_dict() == forced.advise("", "13346", 2).to_dict()


def test_bad_tables_raise_table_error(forced, free, tmp_path):
    with pytest.raises(yahtzee.TableError, match="cannot open"):
        yahtzee.Table.open(tmp_path / "missing.table")
    with pytest.raises(yahtzee.TableError, match="'free'"):
        yahtzee.Table.open(free.path, "forced")
    raw = pathlib.Path(forced.path).read_bytes()
    cut = tmp_path / "cut.table"
    cut.write_bytes(raw[: len(raw) // 2])
    with pytest.raises(yahtzee.TableError):
        yahtzee.Table.open(cut)
    flipped = tmp_path / "flipped.table"
    data = bytearray(raw)
    data[-100] ^= 0x40
    flipped.write_bytes(bytes(data))
    with pytest.raises(yahtzee.TableError, match="checksum"):
        yahtzee.Table.open(flipped)
    # A damaged target table next to the value table is reported, not rebuilt.
    folder = tmp_path / "with_target"
    folder.mkdir()
    shutil.copy(forced.path, folder / "forced.table")
    (folder / "forced.target.table").write_bytes(b"YZTABLE\0garbage")
    table = yahtzee.Table.open(folder / "forced.table")
    with pytest.raises(yahtzee.TableError):
        table.advise("", "13346", 2, target=250)
    for e in ["cannot open", "checksum"]:
        assert e  # messages checked above are one line each


def test_load_or_solve_builds_a_missing_table(tmp_path):
    path = tmp_path / "sub" / "yatzy.table"
    table = yahtzee.Table.load_or_solve("yatzy", path=path)
    assert path.exists() and oct(path.stat().st_mode & 0o777) == "0o644"
    assert table.value("") == pytest.approx(yahtzee.Rules("yatzy").expected_value, abs=1e-7)
    again = yahtzee.Table.load_or_solve("yatzy", path=path)
    assert again.value("") == table.value("")


# --- exports, read by numpy alone --------------------------------------------------------------


def read_f32_export(path):
    """An f32 export read with numpy only, from the layout in docs/TABLE_FORMAT.md."""
    raw = pathlib.Path(path).read_bytes()
    header = np.frombuffer(raw, dtype="<u4", count=10, offset=8)
    version, flags = int(header[0]), int(header[1])
    states, count = np.frombuffer(raw, dtype="<u8", count=2, offset=16)
    states, count = int(states), int(count)
    assert raw[:8] == b"YZF32\0\0\0" and version == 1
    rules = raw[36:128].split(b"\0")[0].decode()
    values = np.full(states, np.nan)
    if flags & 1:
        nbytes = (states + 63) // 64 * 8
        bits = np.unpackbits(np.frombuffer(raw, np.uint8, nbytes, 128), bitorder="little")
        present = bits[:states].astype(bool)
        values[present] = np.frombuffer(raw, "<f4", count, 128 + nbytes)
    else:
        values[:] = np.frombuffer(raw, "<f4", count, 128)
    return rules, values


@pytest.mark.parametrize("reachable", [True, False])
def test_exports_read_back_with_numpy(forced, tmp_path, reachable):
    table = forced.values
    extra = ["--reachable-only"] if reachable else []
    binary = os.environ.get("YAHTZEE_BIN", str(ROOT / "target" / "release" / "yahtzee"))

    def export(fmt, name):
        out = tmp_path / name
        subprocess.run([binary, "export", "--table", str(forced.path), "--format", fmt, "--out", str(out), "-q", *extra], check=True, capture_output=True)
        return out

    rules, f32 = read_f32_export(export("f32", "t.f32"))
    assert rules == "forced"
    assert np.array_equal(np.isnan(f32), np.isnan(table))
    finite = ~np.isnan(table)
    # Single precision: within half a unit in the last place, 2^-24 relative.
    assert np.all(np.abs(f32[finite] - table[finite]) <= np.abs(table[finite]) * 2.0**-24)
    assert np.abs(f32[finite] - table[finite]).max() < 3e-5

    npy = np.load(export("npy", "t.npy"))
    if reachable:
        assert npy.dtype.names == ("index", "value")
        assert np.array_equal(npy["value"], table[npy["index"]])
        assert len(npy) == finite.sum()
    else:
        assert np.array_equal(npy, table, equal_nan=True)

    csv = np.genfromtxt(export("csv", "t.csv"), delimiter=",", names=True)
    index = csv["index"].astype(int)
    assert np.array_equal(csv["value"], table[index], equal_nan=True)
    assert len(csv) == (finite.sum() if reachable else len(table))


# --- house rules fool-house and mega-yahtzee --------------------------------------------------


def test_fool_house_and_mega_yahtzee(folder):
    fool = yahtzee.Table.load_or_solve("forced+fool-house", path=folder / "fool.table")
    # A natural full house with rolls left: Full House is the only option.
    only = fool.advise("", "22333", 2).options
    assert [(o.category, o.score) for o in only] == [("full_house", 25)]
    mega = yahtzee.Table.load_or_solve("forced", house=["mega-yahtzee"], path=folder / "mega.table")
    assert mega.value("") == pytest.approx(285.6390562, abs=1e-6)
    start = mega.sixth_die("")
    assert [o.sixth_die for o in start.options] == [True, False]
    assert start.to_dict() == cli(
        "advise", "--house", "mega-yahtzee", "--table", str(folder / "mega.table"), "--json"
    )
    six = mega.advise("", "666661", 0)
    assert (six.options[0].category, six.options[0].scored) == ("yahtzee", [6, 6, 6, 6, 6])
    keeps = mega.advise("", "123456", 2).options
    assert len(keeps) == 64 and max(len(o.keep) for o in keeps) == 6
    with pytest.raises(yahtzee.InputError, match="mega-yahtzee"):
        fool.advise("", "123456", 2)
    # Playing to win with the sixth die in hand: against a finished 313 from 233 with
    # Yahtzee and Chance open, only the Mega bonus can win (at best 50 + 30 ties), and there
    # is one try at it whether the die is taken now or on the last turn.
    me = ("ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=20 "
          "four_of_a_kind=20 full_house=25 small_straight=30 large_straight=40")
    them = me.replace("three_of_a_kind=20", "three_of_a_kind=25") + " yahtzee=50 chance=25"
    start = mega.sixth_die(me, opponents=[them])
    assert {o.sixth_die for o in start.options} == {True, False}
    now, later = start.options
    assert 0.02 < now.p_win < 0.03 and now.p_win == pytest.approx(later.p_win, abs=1e-6)
    assert start.to_dict() == cli(
        "advise", "--house", "mega-yahtzee", "--table", str(folder / "mega.table"),
        "--scorecard", me, "--opponent", them, "--json"
    )


def test_mulligan_spent_this_turn(folder, forced):
    path = folder / "forced+mulligan.table"
    table = yahtzee.Table.load_or_solve("forced", house=["mulligan"], path=path)
    # Chance and Yahtzee open, the upper bonus earned; 5 6 6 6 6 is the mulligan's roll.
    card = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 3k=20 4k=0 fh=25 ss=30 ls=40"
    advice = table.advise(card, "66665", 0, mulligan_spent=True)
    assert advice.mulligan == "this-turn" and advice.rolls_left == 0
    # Chance 29, then the Yahtzee in three rolls (2,783,176 / 6^10); Yahtzee 0, then
    # Chance with three rolls (14/3 a die). No mulligan left to spend.
    p3 = 2_783_176 / 60_466_176
    assert [(o.category, o.score) for o in advice.options] == [("chance", 29), ("yahtzee", 0)]
    assert advice.options[0].ev_remaining == pytest.approx(29 + 50 * p3, abs=1e-9)
    assert advice.options[1].ev_remaining == pytest.approx(70 / 3, abs=1e-9)
    want = cli(
        "advise", "--house", "mulligan", "--table", str(path), "--scorecard", card,
        "--dice", "66665", "--rolls-left", "0", "--mulligan-spent", "--json",
    )
    assert advice.to_dict() == want
    module = yahtzee.advise(card, "66665", 0, rules="forced", house=["mulligan"], mulligan_spent=True)
    assert module.to_dict() == want
    # The card alone: the mulligan still in hand.
    alone = table.advise(card, "66665", 0)
    assert alone.mulligan is None and any(o.mulligan for o in alone.options)
    # Keyword only; refused in one line: spent twice, rolls left, no mulligan in the rules.
    with pytest.raises(TypeError):
        table.advise(card, "66665", 0, None, None, True)
    for call, message in [
        (lambda: table.advise(card + " mulligan=used", "66665", 0, mulligan_spent=True), "cannot be spent again"),
        (lambda: table.advise(card, "66665", 1, mulligan_spent=True), "rolls left must be 0"),
        (lambda: forced.advise("", "66665", 0, mulligan_spent=True), "needs the house rule mulligan"),
    ]:
        with pytest.raises(yahtzee.InputError) as e:
            call()
        assert message in str(e.value) and "\n" not in str(e.value)
