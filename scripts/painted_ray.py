#!/usr/bin/env python3
"""Painted Yahtzee solved exactly on a Ray cluster: the driver.

The exact solve goes by layers of filled-box count, from the full card (n = boxes) to the
empty one (n = 0); layer n needs only layer n+1. Each layer's filled sets (canonical ids
0..layer_len) are split into chunks of `--chunk` ids, and each chunk is one Ray task that
runs the Rust kernel (`yahtzee.painted_solve_chunk`) on a worker and writes its values to
shared storage (`--dir`, a folder every node sees: the local disk on one machine, NFS or
similar on a real cluster). When every chunk of a layer is there, the driver joins them
into `layer-NN.f64` and a checkpoint record `layer-NN.json` (bytes, SHA-256); at the end
it writes the table file (`yahtzee.painted_write_table`), the same bytes as the
single-machine `yahtzee.painted_solve`.

Checkpoints: on start the driver verifies and skips every finished layer (record present,
file of that length and hash) and every chunk file already written in a partial layer
(written whole: temp file, then rename), so a killed worker costs only its chunk (Ray
retries the task, `--retries`) and a killed driver only the chunks in flight.

Everything is logged to `DIR/log.jsonl`, one JSON object per line: the driver's `run`,
`layer` and `chunk` events (`action`: `computed` or `skipped`, with each computed chunk's
kernel wall time for the cost model) and the workers' `chunk-begin` events (pid, node).

  ray start --head --port=6379 --num-cpus=2 --object-store-memory=100000000
  target/pyenv/bin/python scripts/painted_ray.py --game painted:c2:... --dir DIR --out T
  ray stop

`--address` defaults to $RAY_ADDRESS, else the cluster running on this machine ("auto").
Each task holds `--threads` of Ray's CPUs and runs that many kernel threads (the driver
sets RAYON_NUM_THREADS in its workers' environment). One driver at a time per folder (a
lock file). Test hook: PAINTED_RAY_TEST_DELAY=SECONDS[@LAYER] makes every chunk (of that
layer) sleep first, so the tests can kill a worker mid-chunk.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import socket
import sys
import time
import uuid
from pathlib import Path

import ray

F64 = 8  # bytes per value (little-endian f64)
LOG = "log.jsonl"
MANIFEST = "painted.json"


def layer_path(folder: Path, n: int) -> Path:
    return folder / f"layer-{n:02}.f64"


def record_path(folder: Path, n: int) -> Path:
    return folder / f"layer-{n:02}.json"


def chunk_dir(folder: Path, n: int) -> Path:
    return folder / f"layer-{n:02}.chunks"


def chunk_path(folder: Path, n: int, start: int, end: int) -> Path:
    return chunk_dir(folder, n) / f"{start:010}-{end:010}.f64"


def append_line(path: Path, event: dict) -> None:
    """One JSON line, appended with a single write (whole lines from concurrent writers
    on a local file system)."""
    line = (json.dumps(event, sort_keys=True) + "\n").encode()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(1 << 22):
            h.update(block)
    return h.hexdigest()


@ray.remote(num_cpus=1)
def solve_chunk(
    game: str,
    layer: int,
    start: int,
    end: int,
    next_path: str | None,
    out_path: str,
    log_path: str,
    run: str,
    delay: float,
) -> dict:
    """One chunk on a worker: the kernel's values of ids start..end of `layer`, written to
    `out_path` (whole or not at all). Returns where it ran and the kernel's wall time."""
    import yahtzee

    node = socket.gethostname()
    append_line(
        Path(log_path),
        {
            "event": "chunk-begin",
            "run": run,
            "layer": layer,
            "start": start,
            "end": end,
            "pid": os.getpid(),
            "node": node,
            "rayon_threads": os.environ.get("RAYON_NUM_THREADS"),
            "t": time.time(),
        },
    )
    if delay > 0:  # PAINTED_RAY_TEST_DELAY: a slow chunk, for the kill tests only
        time.sleep(delay)
    t = time.perf_counter()
    yahtzee.painted_solve_chunk(game, layer, start, end, next_path, out_path)
    return {"seconds": time.perf_counter() - t, "pid": os.getpid(), "node": node}


class Driver:
    def __init__(
        self, game: str, folder: Path, chunk: int, retries: int, threads: int, delay: str
    ):
        import yahtzee

        self.yahtzee = yahtzee
        self.game = game
        self.folder = folder
        self.chunk = chunk
        self.retries = retries
        self.threads = threads
        # PAINTED_RAY_TEST_DELAY=SECONDS[@LAYER]: every chunk (of that layer) sleeps first
        seconds, _, layer = delay.partition("@")
        self.delay = float(seconds or 0)
        self.delay_layer = int(layer) if layer else None
        # The game's own name: the folder records it, so the single-machine solve
        # (`yahtzee painted solve`) and this driver resume each other's folders.
        self.game = yahtzee.painted_name(game)
        self.run = uuid.uuid4().hex[:12]
        self.log_path = folder / LOG
        self.layout = list(yahtzee.painted_layout(game))
        self.states = int(yahtzee.painted_states_per_set(game))

    def log(self, event: str, **fields) -> None:
        append_line(self.log_path, {"event": event, "run": self.run, "t": time.time(), **fields})

    def lock(self) -> None:
        """One driver per folder: a second one is refused while the first runs (the lock
        goes with its process, however it ends)."""
        import fcntl

        self.lock_file = open(self.folder / "driver.lock", "a")
        try:
            fcntl.flock(self.lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise SystemExit(f"error: another driver is solving in {self.folder}")

    def check_manifest(self) -> None:
        """The folder holds this game's layers or none: refuse another game's."""
        path = self.folder / MANIFEST
        mine = {"game": self.game, "layout": self.layout, "states_per_set": self.states}
        if path.exists():
            theirs = json.loads(path.read_text())
            try:  # any name of the game (an older driver recorded the name it was given)
                theirs["game"] = self.yahtzee.painted_name(str(theirs.get("game")))
            except ValueError:
                pass
            if theirs != mine:
                raise SystemExit(
                    f"error: {self.folder} holds the layers of {theirs.get('game')!r}, "
                    f"not {self.game!r}: use another --dir"
                )
        else:
            write_atomic(path, (json.dumps(mine, sort_keys=True) + "\n").encode())

    def layer_bytes(self, n: int) -> int:
        return self.layout[n] * self.states * F64

    def layer_done(self, n: int) -> bool:
        """Layer n finished: its record matches its file (length and SHA-256)."""
        record, path = record_path(self.folder, n), layer_path(self.folder, n)
        try:
            r = json.loads(record.read_text())
            size = path.stat().st_size
        except (OSError, ValueError):
            return False
        want = self.layer_bytes(n)
        return (
            r.get("layer") == n
            and r.get("bytes") == want
            and size == want
            and r.get("sha256") == sha256_file(path)
        )

    def chunks(self, n: int) -> list[tuple[int, int]]:
        ids = self.layout[n]
        return [(s, min(s + self.chunk, ids)) for s in range(0, ids, self.chunk)]

    def chunk_done(self, n: int, start: int, end: int) -> bool:
        p = chunk_path(self.folder, n, start, end)
        try:
            return p.stat().st_size == (end - start) * self.states * F64
        except OSError:
            return False

    def solve_layer(self, n: int) -> None:
        started = time.perf_counter()
        chunk_dir(self.folder, n).mkdir(exist_ok=True)
        for stale in self.folder.glob(f".{layer_path(self.folder, n).name}.tmp*"):
            stale.unlink(missing_ok=True)  # a join cut short by a killed driver
        boxes = len(self.layout) - 1
        next_path = None if n == boxes else str(layer_path(self.folder, n + 1))
        pending = {}
        skipped = 0
        for start, end in self.chunks(n):
            if self.chunk_done(n, start, end):
                skipped += 1
                self.log("chunk", layer=n, start=start, end=end, action="skipped")
                continue
            ref = solve_chunk.options(max_retries=self.retries, num_cpus=self.threads).remote(
                self.game,
                n,
                start,
                end,
                next_path,
                str(chunk_path(self.folder, n, start, end)),
                str(self.log_path),
                self.run,
                self.delay if self.delay_layer in (None, n) else 0.0,
            )
            pending[ref] = (start, end)
        kernel = 0.0
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                start, end = pending.pop(ref)
                try:
                    r = ray.get(ref)
                except ray.exceptions.RayError as e:
                    # the kernel refused (its one line), or the retries ran out
                    cause = getattr(e, "cause", None) or e
                    line = str(cause).strip().splitlines()[-1] if str(cause).strip() else repr(cause)
                    self.log("chunk", layer=n, start=start, end=end, action="failed", error=line)
                    raise SystemExit(f"error: layer {n}, ids {start}..{end}: {line}")
                kernel += r["seconds"]
                self.log(
                    "chunk",
                    layer=n,
                    start=start,
                    end=end,
                    action="computed",
                    ids=end - start,
                    seconds=r["seconds"],
                    pid=r["pid"],
                    node=r["node"],
                )
        sha = self.join(n)
        seconds = time.perf_counter() - started
        print(
            f"layer {n:2}: {self.layout[n]} sets in {len(self.chunks(n))} chunks "
            f"({skipped} written before), {seconds:.1f} s",
            file=sys.stderr,
        )
        self.log(
            "layer",
            layer=n,
            action="computed",
            ids=self.layout[n],
            chunks=len(self.chunks(n)),
            chunks_skipped=skipped,
            kernel_seconds=kernel,
            seconds=seconds,
            bytes=self.layer_bytes(n),
            sha256=sha,
        )

    def join(self, n: int) -> str:
        """The chunks of layer n in id order as `layer-NN.f64` (temp file, then rename),
        then its record; the chunks go last, so a driver killed midway joins again."""
        path = layer_path(self.folder, n)
        for start, end in self.chunks(n):
            if not self.chunk_done(n, start, end):
                raise SystemExit(
                    f"error: {chunk_path(self.folder, n, start, end)} is missing or short "
                    "after its task finished: is --dir one folder every node shares?"
                )
        tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
        h = hashlib.sha256()
        with open(tmp, "wb") as out:
            for start, end in self.chunks(n):
                with open(chunk_path(self.folder, n, start, end), "rb") as f:
                    while block := f.read(1 << 22):
                        h.update(block)
                        out.write(block)
            out.flush()
            os.fsync(out.fileno())
        if tmp.stat().st_size != self.layer_bytes(n):
            raise SystemExit(f"error: layer {n} joined to the wrong length")
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
        sha = h.hexdigest()
        record = {"layer": n, "ids": self.layout[n], "bytes": self.layer_bytes(n), "sha256": sha}
        write_atomic(record_path(self.folder, n), (json.dumps(record, sort_keys=True) + "\n").encode())
        shutil.rmtree(chunk_dir(self.folder, n), ignore_errors=True)
        return sha

    def solve(self, out: Path, connect_seconds: float) -> None:
        started = time.perf_counter()
        self.log(
            "run",
            action="start",
            game=self.game,
            pid=os.getpid(),
            chunk=self.chunk,
            threads=self.threads,
            cluster_cpus=ray.cluster_resources().get("CPU", 0),
            connect_seconds=connect_seconds,
        )
        for n in reversed(range(len(self.layout))):
            if self.layer_done(n):
                self.log("layer", layer=n, action="skipped")
                print(f"layer {n:2}: finished before, skipped", file=sys.stderr)
                shutil.rmtree(chunk_dir(self.folder, n), ignore_errors=True)
                continue
            self.solve_layer(n)
        self.yahtzee.painted_write_table(self.game, str(self.folder), str(out))
        self.log("table", action="written", path=str(out), sha256=sha256_file(out))
        self.log("run", action="done", seconds=time.perf_counter() - started)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--address",
        default=os.environ.get("RAY_ADDRESS", "auto"),
        help="the Ray cluster (default: $RAY_ADDRESS, else the one running here)",
    )
    p.add_argument("--game", required=True, help="`painted` or a reduced game's name")
    p.add_argument("--dir", required=True, type=Path, help="shared folder: layers, log")
    p.add_argument("--out", required=True, type=Path, help="the table file to write")
    p.add_argument("--chunk", type=int, default=256, help="filled sets per task (256)")
    p.add_argument(
        "--retries", type=int, default=5, help="Ray retries of a task whose worker dies (5)"
    )
    p.add_argument(
        "--threads",
        type=int,
        default=1,
        help="cores per task: Ray reserves them, the kernel runs that many threads (1)",
    )
    a = p.parse_args()
    if a.chunk < 1 or a.threads < 1:
        p.error("--chunk and --threads must be at least 1")
    delay = os.environ.get("PAINTED_RAY_TEST_DELAY", "")
    try:
        driver = Driver(a.game, a.dir.resolve(), a.chunk, a.retries, a.threads, delay)
    except ValueError as e:  # a bad game name: the kernel's one line
        raise SystemExit(f"error: {e}")
    a.dir.mkdir(parents=True, exist_ok=True)
    driver.lock()
    driver.check_manifest()
    t = time.perf_counter()
    ray.init(
        address=a.address,
        logging_level="WARNING",
        log_to_driver=False,
        # the workers' kernels: as many threads as the cores each task holds
        runtime_env={"env_vars": {"RAYON_NUM_THREADS": str(a.threads)}},
    )
    driver.solve(a.out.resolve(), time.perf_counter() - t)


if __name__ == "__main__":
    main()
