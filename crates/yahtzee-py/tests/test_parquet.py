"""`yahtzee export --format parquet` read back by foreign readers (pyarrow, pandas), not by
our code: row counts, column names and types, the metadata, and values checked against
the CLI's own answers. Needs only the CLI ($YAHTZEE_BIN) and pyarrow; skipped without
pyarrow."""

import json
import os
import subprocess

import pytest

pq = pytest.importorskip("pyarrow.parquet")
pa = pytest.importorskip("pyarrow")
pd = pytest.importorskip("pandas")

BIN = os.environ.get("YAHTZEE_BIN", "yahtzee")

FORCED_BOXES = [
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "yahtzee",
    "chance",
]
# The reduced game of the target test: four boxes, upper bonus at 6.
SMALL = "forced:twos,full_house,yahtzee,chance@6"
SMALL_BOXES = ["twos", "full_house", "yahtzee", "chance"]


def cli(data_dir, *args):
    env = dict(os.environ, YAHTZEE_DATA_DIR=str(data_dir))
    done = subprocess.run(
        [BIN, *args], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def fail(data_dir, *args):
    env = dict(os.environ, YAHTZEE_DATA_DIR=str(data_dir))
    done = subprocess.run(
        [BIN, *args], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode != 0
    message = done.stderr.strip()
    assert message and "\n" not in message, repr(done.stderr)
    assert "panicked" not in message, message
    return message


def metadata(path):
    raw = pq.ParquetFile(path).metadata.metadata
    return {k.decode(): v.decode() for k, v in raw.items()}


@pytest.fixture(scope="module")
def forced(tmp_path_factory):
    """The `forced` table (solved into a fresh data folder, about a second) exported
    whole and reachable-only."""
    data = tmp_path_factory.mktemp("data")
    full, reach = data / "forced.parquet", data / "reachable.parquet"
    cli(data, "export", "--format", "parquet", "--out", str(full), "-q")
    cli(data, "export", "--format", "parquet", "--reachable-only", "--out", str(reach), "-q")
    return data, full, reach


def test_columns_types_and_metadata(forced):
    _, full, _ = forced
    table = pq.read_table(full)
    assert table.num_rows == 2**13 * 2 * 64
    expected = (
        [("index", pa.uint32())]
        + [(b, pa.bool_()) for b in FORCED_BOXES]
        + [
            ("filled_count", pa.uint8()),
            ("upper_total", pa.uint8()),
            ("yahtzee_50", pa.bool_()),
            ("reachable", pa.bool_()),
            ("value", pa.float64()),
        ]
    )
    assert [(f.name, f.type) for f in table.schema] == expected
    meta = metadata(full)
    assert meta["yahtzee.rules"] == "forced"
    assert meta["yahtzee.objective"] == "expected"
    assert meta["yahtzee.table_format_version"] == "2"
    assert meta["yahtzee.export_version"] == "1"
    assert meta["yahtzee.reachable_only"] == "false"
    assert meta["yahtzee.states"] == str(2**13 * 2 * 64)
    assert meta["yahtzee.boxes"].split(",") == FORCED_BOXES
    assert float(meta["yahtzee.expected_value"]) == pytest.approx(254.5877287, abs=1e-7)


def test_values_and_decoded_states(forced):
    data, full, _ = forced
    df = pq.read_table(full).to_pandas()
    # Row i is state index i; the decoded columns agree with the index layout
    # (filled x 2 + yahtzee flag) x 64 + upper total.
    assert (df["index"].to_numpy() == range(len(df))).all()
    filled = sum(df[b].astype("int64") * (1 << i) for i, b in enumerate(FORCED_BOXES))
    flag = df["yahtzee_50"].astype("int64")
    assert ((filled * 2 + flag) * 64 + df["upper_total"] == df["index"]).all()
    assert (df[FORCED_BOXES].sum(axis=1) == df["filled_count"]).all()
    assert df["upper_total"].max() == 63
    # Unreachable states hold NaN, reachable ones a number.
    assert (df["reachable"] == df["value"].notna()).all()
    empty = df[(df["filled_count"] == 0) & (df["upper_total"] == 0) & ~df["yahtzee_50"]]
    assert len(empty) == 1
    assert empty["value"].iloc[0] == pytest.approx(254.5877287, abs=1e-7)
    # A full card has nothing to come.
    full_card = df[(df["filled_count"] == 13) & df["reachable"]]
    assert len(full_card) > 0 and (full_card["value"] == 0).all()
    # Every box filled but Chance, checked against `yahtzee stats`: the table's value of
    # the card less its points.
    card = (
        "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=20 "
        "four_of_a_kind=0 full_house=25 small_straight=30 large_straight=40 yahtzee=0"
    )
    stats = json.loads(cli(data, "stats", "--scorecard", card, "--json"))
    want = stats["table_value"] - stats["points_so_far"]
    row = df[~df["chance"] & (df["filled_count"] == 12) & (df["upper_total"] == 63) & ~df["yahtzee_50"]]
    assert len(row) == 1
    assert row["value"].iloc[0] == pytest.approx(want, abs=1e-9)
    assert row["value"].iloc[0] == pytest.approx(70 / 3, abs=1e-9)  # three rolls for the sum


def test_reachable_only(forced):
    _, full, reach = forced
    whole = pq.read_table(full).to_pandas()
    kept = pq.read_table(reach).to_pandas()
    assert metadata(reach)["yahtzee.reachable_only"] == "true"
    assert len(kept) == int(whole["reachable"].sum()) == 536448
    assert kept["reachable"].all() and kept["value"].notna().all()
    pd.testing.assert_frame_equal(
        kept.reset_index(drop=True),
        whole[whole["reachable"]].reset_index(drop=True),
    )


def test_target_table_long_form(tmp_path):
    out = tmp_path / "small.target.parquet"
    cli(tmp_path, "solve", "--rules", SMALL, "--objective", "target", "-q")
    cli(tmp_path, "export", "--rules", SMALL, "--objective", "target", "--format", "parquet", "--out", str(out), "-q")
    table = pq.read_table(out)
    names = [f.name for f in table.schema]
    assert names == ["index", *SMALL_BOXES, "filled_count", "upper_total", "yahtzee_50", "points_needed", "probability"]
    assert table.schema.field("points_needed").type == pa.uint16()
    assert table.schema.field("probability").type == pa.float32()
    meta = metadata(out)
    assert meta["yahtzee.objective"] == "target"
    assert meta["yahtzee.rules"] == SMALL
    df = table.to_pandas()
    # One row per t from 0 to the most points still possible, for each reachable state.
    per_state = df.groupby("index")["points_needed"].agg(["min", "max", "count"])
    assert (per_state["min"] == 0).all()
    assert (per_state["count"] == per_state["max"] + 1).all()
    assert (df[df["points_needed"] == 0]["probability"] == 1).all()
    assert df["probability"].between(0, 1).all()
    # Never rising along t.
    rises = df.groupby("index")["probability"].diff().dropna()
    assert (rises <= 0).all()
    # The empty card against `yahtzee stats --target 60`: the probability that play
    # aiming at 60 reaches it (exact statistics in f64; the table holds f32), at least that
    # of play for the expected score.
    start = df[df["index"] == 0].set_index("points_needed")["probability"]
    assert len(start) == int(meta["yahtzee.max_points"]) + 1
    stats = json.loads(cli(tmp_path, "stats", "--rules", SMALL, "--target", "60", "--json"))
    assert float(start[60]) == pytest.approx(stats["aim"]["p_at_least"], abs=1e-6)
    assert float(start[60]) >= stats["aim"]["expected_score_play"]["p_at_least"]
    # Each t's best probability bounds the expected score's share: the sum over t >= 1
    # is at least the expected score.
    assert float(start.iloc[1:].astype("float64").sum()) >= stats["table_value"]


def test_bad_requests_are_one_line(tmp_path):
    fail(tmp_path, "export", "--objective", "target", "--format", "csv")
    cli(tmp_path, "solve", "--rules", SMALL, "--objective", "target", "-q")
    target = tmp_path / (SMALL + ".target.table")
    assert target.exists()
    msg = fail(tmp_path, "export", "--rules", SMALL, "--format", "parquet", "--table", str(target))
    assert "--objective target" in msg
    msg = fail(tmp_path, "export", "--rules", SMALL, "--format", "parquet", "--objective", "target", "--out", "/proc/x.parquet")
    assert "/proc/x.parquet" in msg
