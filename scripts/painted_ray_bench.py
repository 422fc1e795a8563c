#!/usr/bin/env python3
"""The distributed Painted solve against the single-machine one, on this machine: a local
Ray cluster started as Ray's docs say (a head and one more node, `ray start`), how long it
takes to be ready and how much memory it holds, then each game solved by
`yahtzee.painted_solve` (rayon, every core) and by scripts/painted_ray.py on the cluster
(as many single-threaded workers as cores), with their wall times and the tables' SHA-256.

  target/pyenv/bin/python scripts/painted_ray_bench.py [--cpus 2] [--chunk N] GAME...

Prints one JSON object per line. Stops the cluster (`ray stop`) at the end.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RAY = Path(sys.executable).parent / "ray"


def ray_processes() -> list[int]:
    """The pids of this machine's Ray processes (its services and workers)."""
    pids = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            cmd = (d / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if "site-packages/ray/" in cmd or cmd.startswith("ray::"):
            pids.append(int(d.name))
    return pids


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
    p.add_argument("--chunk", type=int, default=0, help="ids per task (0: widest layer / 4 / cpus)")
    a = p.parse_args()

    import yahtzee

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    temp = tempfile.mkdtemp(prefix="ray-", dir="/tmp")
    work = Path(tempfile.mkdtemp(prefix="painted-bench-"))
    env = dict(os.environ, RAYON_NUM_THREADS="1", RAY_USAGE_STATS_ENABLED="0")
    env["PATH"] = f"{RAY.parent}{os.pathsep}{env.get('PATH', '')}"
    common = ["--object-store-memory=100000000", "--disable-usage-stats"]
    head_cpus = a.cpus // 2
    t0 = time.perf_counter()
    try:
        subprocess.run(
            [str(RAY), "start", "--head", f"--port={port}", f"--num-cpus={head_cpus}",
             "--include-dashboard=false", f"--temp-dir={temp}", *common],
            env=env, check=True, capture_output=True,
        )
        t_head = time.perf_counter() - t0
        subprocess.run(
            [str(RAY), "start", f"--address=127.0.0.1:{port}",
             f"--num-cpus={a.cpus - head_cpus}", *common],
            env=env, check=True, capture_output=True,
        )
        t_nodes = time.perf_counter() - t0
        # Ready: a driver connected and a task run on every CPU slot.
        probe = (
            "import os, ray; ray.init(address=os.environ['RAY_ADDRESS'], logging_level='ERROR');"
            "f = ray.remote(num_cpus=1)(lambda: os.getpid());"
            f"print(len(set(ray.get([f.remote() for _ in range({a.cpus})]))))"
        )
        env["RAY_ADDRESS"] = f"127.0.0.1:{port}"
        subprocess.run([sys.executable, "-c", probe], env=env, check=True, capture_output=True)
        t_ready = time.perf_counter() - t0
        idle = memory_mib(ray_processes())
        print(json.dumps({
            "cluster": f"head {head_cpus} CPU + node {a.cpus - head_cpus} CPU",
            "ray_start_head_s": round(t_head, 2),
            "ray_start_both_s": round(t_nodes, 2),
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
                m = memory_mib(ray_processes() + [run.pid])
                if m["pss_mib"] > peak["pss_mib"]:
                    peak = m
                time.sleep(0.2)
            t_ray = time.perf_counter() - t
            assert run.returncode == 0, f"the driver failed on {game}"
            log = [json.loads(line) for line in (folder / "log.jsonl").read_text().splitlines()]
            chunks = [e for e in log if e["event"] == "chunk" and e["action"] == "computed"]
            kernel = sum(e["seconds"] for e in chunks)
            print(json.dumps({
                "game": game,
                "layout": yahtzee.painted_layout(game),
                "states_per_set": yahtzee.painted_states_per_set(game),
                "chunk": chunk,
                "tasks": len(chunks),
                "single_machine_s": round(t_single, 3),
                "distributed_s": round(t_ray, 3),
                "overhead": round(t_ray / t_single, 2),
                "kernel_core_s": round(kernel, 3),
                "slowest_chunk_s": round(max(e["seconds"] for e in chunks), 3),
                "same_bits": sha256(single) == sha256(out),
                "sha256": sha256(out),
                "memory_peak": peak,
            }), flush=True)
    finally:
        subprocess.run([str(RAY), "stop"], env=env, capture_output=True)
        shutil.rmtree(temp, ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
