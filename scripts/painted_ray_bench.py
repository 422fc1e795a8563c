#!/usr/bin/env python3
"""The distributed Painted solve against the single-machine one, on this machine: a local
Ray cluster started as Ray's docs say (a head and `--nodes` - 1 more, `ray start`), how long it
takes to be ready and how much memory it holds, then each game solved by
`yahtzee.painted_solve` (rayon, every core) and by scripts/painted_ray.py on the cluster
(as many single-threaded workers as cores), with their wall times and the tables' SHA-256.

  target/pyenv/bin/python scripts/painted_ray_bench.py [--cpus 2] [--nodes 2] [--chunk N] GAME...

Prints one JSON object per line. Ends the cluster's processes at the end.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from ray_local_cluster import LocalCluster  # noqa: E402


def memory_mib(pids: list[int]) -> dict:
    """Resident (RSS) and proportional (PSS: shared pages split between processes) MiB."""
    rss = pss = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Rss:"):
                    rss += int(line.split()[1])
                elif line.startswith("Pss:"):
                    pss += int(line.split()[1])
        except OSError:
            pass
    return {"processes": len(pids), "rss_mib": round(rss / 1024), "pss_mib": round(pss / 1024)}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("games", nargs="+")
    p.add_argument("--cpus", type=int, default=os.cpu_count() or 2)
    p.add_argument("--nodes", type=int, default=2, help="Ray nodes sharing the CPUs (2)")
    p.add_argument("--chunk", type=int, default=0, help="ids per task (0: widest layer / 4 / cpus)")
    a = p.parse_args()

    import yahtzee

    work = Path(tempfile.mkdtemp(prefix="painted-bench-"))
    split = [a.cpus // a.nodes + (i < a.cpus % a.nodes) for i in range(a.nodes)]
    cluster = LocalCluster(split)
    t0 = time.perf_counter()
    try:
        env = cluster.start()
        t_nodes = time.perf_counter() - t0
        # Ready: a driver connected and a task run on every CPU slot.
        probe = (
            "import os, ray; ray.init(address=os.environ['RAY_ADDRESS'], logging_level='ERROR');"
            "f = ray.remote(num_cpus=1)(lambda: os.getpid());"
            f"print(len(set(ray.get([f.remote() for _ in range({a.cpus})]))))"
        )
        subprocess.run([sys.executable, "-c", probe], env=env, check=True, capture_output=True)
        t_ready = time.perf_counter() - t0
        idle = memory_mib(cluster.pids())
        print(json.dumps({
            "cluster": " + ".join(f"node of {n} CPU" for n in split),
            "ray_start_s": [round(x, 2) for x in cluster.start_seconds],
            "both_started_s": round(t_nodes, 2),
            "ready_s": round(t_ready, 2),
            "memory_ready": idle,
        }), flush=True)
        for game in a.games:
            single = work / "single.table"
            t = time.perf_counter()
            yahtzee.painted_solve(game, str(single))
            t_single = time.perf_counter() - t
            chunk = a.chunk or max(1, max(yahtzee.painted_layout(game)) // (4 * a.cpus))
            folder, out = work / "layers", work / "ray.table"
            shutil.rmtree(folder, ignore_errors=True)
            t = time.perf_counter()
            run = subprocess.Popen(
                [sys.executable, str(ROOT / "scripts" / "painted_ray.py"), "--game", game,
                 "--dir", str(folder), "--out", str(out), "--chunk", str(chunk)],
                env=env, stderr=subprocess.DEVNULL,
            )
            peak = idle
            while run.poll() is None:
                m = memory_mib(cluster.pids() + [run.pid])
                if m["pss_mib"] > peak["pss_mib"]:
                    peak = m
                time.sleep(0.2)
            t_ray = time.perf_counter() - t
            assert run.returncode == 0, f"the driver failed on {game}"
            log = [json.loads(line) for line in (folder / "log.jsonl").read_text().splitlines()]
            chunks = [e for e in log if e["event"] == "chunk" and e["action"] == "computed"]
            kernel = sum(e["seconds"] for e in chunks)
            start = next(e for e in log if e["event"] == "run" and e["action"] == "start")
            done = next(e for e in log if e["event"] == "run" and e["action"] == "done")
            print(json.dumps({
                "game": game,
                "layout": yahtzee.painted_layout(game),
                "states_per_set": yahtzee.painted_states_per_set(game),
                "chunk": chunk,
                "tasks": len(chunks),
                "single_machine_s": round(t_single, 3),
                "distributed_s": round(t_ray, 3),
                "overhead": round(t_ray / t_single, 2),
                "driver_connect_s": round(start["connect_seconds"], 3),
                "driver_layers_s": round(done["seconds"], 3),
                "kernel_core_s": round(kernel, 3),
                "slowest_chunk_s": round(max(e["seconds"] for e in chunks), 3),
                "same_bits": sha256(single) == sha256(out),
                "sha256": sha256(out),
                "memory_peak": peak,
            }), flush=True)
    finally:
        cluster.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
