"""Painted Yahtzee solved on a local Ray cluster (scripts/painted_ray.py): a head and a
second node started with `ray start` as Ray's docs start a cluster, the same commands a
real cluster runs. The distributed table is the single-machine one byte for byte; a
worker killed mid-layer costs only its chunk; a killed driver rerun skips what it had
finished. Needs ray in the interpreter (scripts/test.sh installs it)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import ray  # noqa: F401  (installed by scripts/test.sh: missing, the module fails loudly)
import yahtzee

ROOT = Path(__file__).resolve().parents[3]
DRIVER = ROOT / "scripts" / "painted_ray.py"
sys.path.insert(0, str(ROOT / "scripts"))
from ray_local_cluster import LocalCluster  # noqa: E402

# Two reduced games (three colours and two), about 1 s and 2.5 s on one 2-core machine.
GAMES = [
    "painted:c3:ones,twos,yahtzee,chance,colours,four-of-a-color,flush",
    "painted:c2:ones,twos,threes,yahtzee,full-house,chance,colours,four-of-a-color,"
    "painted-house,flush,palette",
]
KILL_GAME = GAMES[1]


@pytest.fixture(scope="module")
def cluster():
    """A head (1 CPU) and a second node (2 CPUs) on this machine: three worker processes,
    small object stores; its own processes ended at the end."""
    c = LocalCluster([1, 2])
    with c as env:
        yield env
    assert not c.pids()


def driver(env: dict, game: str, folder: Path, out: Path, chunk: int, **extra) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(DRIVER), "--game", game, "--dir", str(folder), "--out", str(out),
         "--chunk", str(chunk)],
        env=dict(env, **extra),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(p: subprocess.Popen, timeout: float = 300) -> None:
    out, err = p.communicate(timeout=timeout)
    assert p.returncode == 0, err


def log(folder: Path) -> list[dict]:
    path = folder / "log.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.endswith("}")]


def single_machine(game: str, tmp: Path) -> bytes:
    path = tmp / f"single-{game.replace(':', '_').replace(',', '_')}.table"
    if not path.exists():
        yahtzee.painted_solve(game, str(path))
    return path.read_bytes()


def chunk_size(game: str, parts: int) -> int:
    """Ids per chunk so the widest layer has about `parts` chunks."""
    return max(1, -(-max(yahtzee.painted_layout(game)) // parts))


def wait_for(what, timeout: float = 120, step: float = 0.05):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = what()
        if got:
            return got
        time.sleep(step)
    raise AssertionError(f"timed out waiting for {what.__doc__ or what}")


@pytest.mark.parametrize("game", GAMES, ids=["c3", "c2"])
def test_distributed_table_is_the_single_machine_table(cluster, game, tmp_path):
    folder, out = tmp_path / "layers", tmp_path / "ray.table"
    finish(driver(cluster, game, folder, out, chunk_size(game, 6)))
    assert out.read_bytes() == single_machine(game, tmp_path)
    assert oct(out.stat().st_mode & 0o777) == "0o644"
    events = log(folder)
    layout = yahtzee.painted_layout(game)
    computed = [e for e in events if e["event"] == "chunk" and e["action"] == "computed"]
    # every id of every layer computed exactly once, nothing skipped, by the workers
    for n, ids in enumerate(layout):
        spans = sorted((e["start"], e["end"]) for e in computed if e["layer"] == n)
        assert spans[0][0] == 0 and spans[-1][1] == ids
        assert all(a[1] == b[0] for a, b in zip(spans, spans[1:]))
    assert not [e for e in events if e.get("action") == "skipped"]
    # one kernel thread per task (the driver's runtime_env; the cluster does not set it)
    assert {e["rayon_threads"] for e in events if e["event"] == "chunk-begin"} == {"1"}
    assert all(e["seconds"] >= 0 for e in computed)
    # (how many worker processes share the chunks is Ray's choice: tasks this short may all
    # go to the first worker while the others start)
    # a second run finds every layer finished and computes nothing
    out2 = tmp_path / "again.table"
    finish(driver(cluster, game, folder, out2, chunk_size(game, 6)))
    second = [e for e in log(folder) if e.get("run") not in {e["run"] for e in events}]
    assert {e["layer"] for e in second if e["event"] == "layer" and e["action"] == "skipped"} == set(
        range(len(layout))
    )
    assert not [e for e in second if e["event"] == "chunk-begin"]
    assert out2.read_bytes() == out.read_bytes()


def finished_layers(folder: Path) -> set[int]:
    return {e["layer"] for e in log(folder) if e["event"] == "layer" and e["action"] == "computed"}


def test_worker_killed_mid_layer(cluster, tmp_path):
    """kill -9 of the worker process running a chunk: Ray runs the chunk again elsewhere,
    the table has the same bits, and no chunk of a finished layer ran twice."""
    game = KILL_GAME
    layout = yahtzee.painted_layout(game)
    layer = len(layout) // 2  # a middle layer, well after the first ones finished
    folder, out = tmp_path / "layers", tmp_path / "ray.table"
    p = driver(cluster, game, folder, out, chunk_size(game, 6),
               PAINTED_RAY_TEST_DELAY=f"1.5@{layer}")

    def a_chunk_of_the_layer_running():
        begun = [e for e in log(folder) if e["event"] == "chunk-begin" and e["layer"] == layer]
        return begun[0] if begun else None

    victim = wait_for(a_chunk_of_the_layer_running)
    done_before = finished_layers(folder)
    assert set(range(layer + 1, len(layout))) <= done_before
    os.kill(victim["pid"], signal.SIGKILL)
    finish(p)
    assert out.read_bytes() == single_machine(game, tmp_path)

    events = log(folder)
    begins = [e for e in events if e["event"] == "chunk-begin"]
    again = [e for e in begins if (e["layer"], e["start"]) == (victim["layer"], victim["start"])]
    assert len(again) == 2 and again[1]["pid"] != victim["pid"]  # retried by another worker
    others = [e["start"] for e in begins if e["layer"] == layer and e["start"] != victim["start"]]
    assert len(others) == len(set(others))  # the rest of its layer ran once
    for n in done_before:  # a layer finished before the kill: each chunk began once
        starts = [e["start"] for e in begins if e["layer"] == n]
        assert len(starts) == len(set(starts))
    assert len([e for e in events if e["event"] == "run" and e["action"] == "start"]) == 1


def test_driver_killed_and_rerun(cluster, tmp_path):
    """kill -9 of the driver mid-layer, then the same command again: the layers it had
    finished and the chunks already written are skipped, the table has the same bits."""
    game = GAMES[0]
    layout = yahtzee.painted_layout(game)
    layer = len(layout) // 2
    folder, out = tmp_path / "layers", tmp_path / "ray.table"
    chunk = chunk_size(game, 12)  # four rounds of chunks on three workers: time to kill
    p = driver(cluster, game, folder, out, chunk, PAINTED_RAY_TEST_DELAY=f"0.5@{layer}")

    def chunks_of_the_layer_written():
        return [e for e in log(folder)
                if e["event"] == "chunk" and e["layer"] == layer and e["action"] == "computed"]

    def started():
        return [e for e in log(folder) if e["event"] == "run"]

    wait_for(started)
    rival = driver(cluster, game, folder, tmp_path / "other.table", chunk)
    _, err = rival.communicate(timeout=120)  # one driver per folder
    assert rival.returncode != 0 and "another driver" in err, err
    wait_for(chunks_of_the_layer_written)
    p.send_signal(signal.SIGKILL)
    p.communicate()
    first = log(folder)
    run1 = first[0]["run"]
    done = finished_layers(folder)
    assert set(range(layer + 1, len(layout))) <= done and layer not in done
    written = {(e["start"], e["end"]) for e in chunks_of_the_layer_written()}
    assert not out.exists()

    finish(driver(cluster, game, folder, out, chunk))
    assert out.read_bytes() == single_machine(game, tmp_path)
    second = [e for e in log(folder) if e.get("run") not in {run1}]
    run2 = {e["run"] for e in second if e["event"] == "run"}
    assert len(run2) == 1
    mine = [e for e in second if e.get("run") in run2]
    skipped = {e["layer"] for e in mine if e["event"] == "layer" and e["action"] == "skipped"}
    assert skipped == done
    assert not [e for e in mine if e["event"] == "chunk-begin" and e["layer"] in done]
    skipped_chunks = {
        (e["start"], e["end"])
        for e in mine
        if e["event"] == "chunk" and e["layer"] == layer and e["action"] == "skipped"
    }
    assert written <= skipped_chunks
    recomputed = {
        (e["start"], e["end"])
        for e in mine
        if e["event"] == "chunk-begin" and e["layer"] == layer
    }
    assert not recomputed & written


def test_bad_game_or_folder_is_one_line(cluster, tmp_path):
    p = driver(cluster, "painted:no-such-box", tmp_path / "d", tmp_path / "t", 4)
    _, err = p.communicate(timeout=120)
    assert p.returncode != 0
    assert err.strip().count("\n") == 0 and err.startswith("error: "), err
    assert not (tmp_path / "d").exists()
    # a folder holding another game's layers is refused before anything runs
    folder = tmp_path / "layers"
    folder.mkdir()
    (folder / "painted.json").write_text('{"game": "painted:c1:ones,colours"}')
    p = driver(cluster, GAMES[0], folder, tmp_path / "t", 4)
    _, err = p.communicate(timeout=120)
    assert p.returncode != 0 and "painted:c1:ones,colours" in err, err
    assert err.strip().count("\n") == 0 and err.startswith("error: "), err
    assert sorted(os.listdir(folder)) == ["driver.lock", "painted.json"]


def cli_solve(game: str, folder: Path, data: Path) -> bytes:
    """`yahtzee painted solve` on this machine, resuming `folder`: its table's bytes."""
    binary = os.environ.get("YAHTZEE_BIN", str(ROOT / "target" / "release" / "yahtzee"))
    r = subprocess.run(
        [binary, "painted", "solve", "--game", game, "--dir", str(folder), "--chunk", "3", "--quiet"],
        env=dict(os.environ, YAHTZEE_DATA_DIR=str(data)),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    (table,) = data.glob("*.table")
    return table.read_bytes()


def drop_layers(folder: Path, layers: range) -> None:
    """A solve stopped before `layers` were joined: their files and records gone."""
    for n in layers:
        (folder / f"layer-{n:02}.f64").unlink()
        (folder / f"layer-{n:02}.json").unlink()


@pytest.mark.parametrize("first", ["ray", "cli"])
def test_the_cli_and_the_ray_driver_resume_each_other(cluster, first, tmp_path):
    """The single-machine solve and the Ray driver keep the same folder: either finishes
    what the other started, to the single-machine table's bytes."""
    game = GAMES[0]
    want = single_machine(game, tmp_path)
    folder, ray_out = tmp_path / "layers", tmp_path / "ray.table"
    if first == "ray":
        finish(driver(cluster, game, folder, ray_out, chunk_size(game, 6)))
        drop_layers(folder, range(0, 3))
        assert cli_solve(game, folder, tmp_path / "data") == want
    else:
        assert cli_solve(game, folder, tmp_path / "data") == want
        drop_layers(folder, range(0, 3))
        finish(driver(cluster, game, folder, ray_out, chunk_size(game, 6)))
        assert ray_out.read_bytes() == want
        skipped = {e["layer"] for e in log(folder) if e["event"] == "layer" and e["action"] == "skipped"}
        assert skipped == set(range(3, len(yahtzee.painted_layout(game))))
