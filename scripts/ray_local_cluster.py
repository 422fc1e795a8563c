"""A local Ray cluster on this machine, started with Ray's own commands as its docs start a
cluster (`ray start --head` on the head, `ray start --address=HEAD:PORT` on every other
node), for the tests and benches of the distributed Painted solve (scripts/painted_ray.py).

    with LocalCluster([1, 2]) as env:      # a head with 1 CPU, one more node with 2
        subprocess.run([..., "painted_ray.py", ...], env=env)   # RAY_ADDRESS set

Each node's object store is bounded (`--object-store-memory`), the dashboard off (the
driver, scripts/painted_ray.py, sets its workers' kernel threads itself). Stopped, it ends its own
processes only, by pid: those whose command line names its temporary folder and their
children (the workers). `ray stop` would end every Ray process on the machine, another
cluster's included.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAY = Path(sys.executable).parent / "ray"
OBJECT_STORE = 100_000_000  # bytes per node: Ray's floor is 75 MB; chunks go through files


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def processes() -> dict[int, tuple[int, str]]:
    """Every process: pid -> (parent pid, command line)."""
    out = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            cmd = (d / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        out[int(d.name)] = (ppid, cmd)
    return out


class LocalCluster:
    def __init__(self, cpus: list[int], object_store: int = OBJECT_STORE):
        self.cpus = cpus
        self.object_store = object_store
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.temp = tempfile.mkdtemp(prefix="ray-", dir="/tmp")  # short: socket paths
        env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0")
        env["PATH"] = f"{RAY.parent}{os.pathsep}{env.get('PATH', '')}"
        self.env = env
        self.start_seconds: list[float] = []

    def ray(self, *args: str) -> None:
        out = subprocess.run(
            [str(RAY), *args], env=self.env, capture_output=True, text=True, timeout=120
        )
        if out.returncode != 0:
            raise RuntimeError(f"ray {' '.join(args)} failed:\n{out.stdout}{out.stderr}")

    def start(self) -> dict:
        common = [f"--object-store-memory={self.object_store}", "--disable-usage-stats"]
        t = time.perf_counter()
        self.ray(
            "start", "--head", f"--port={self.port}", f"--num-cpus={self.cpus[0]}",
            "--include-dashboard=false", f"--temp-dir={self.temp}", *common,
        )
        self.start_seconds.append(time.perf_counter() - t)
        for n in self.cpus[1:]:
            t = time.perf_counter()
            self.ray("start", f"--address={self.address}", f"--num-cpus={n}", *common)
            self.start_seconds.append(time.perf_counter() - t)
        return dict(self.env, RAY_ADDRESS=self.address)

    def pids(self) -> list[int]:
        """This cluster's processes: its services (their command lines name its folder)
        and their descendants (the worker processes, `ray::IDLE`, `ray::solve_chunk`)."""
        table = processes()
        mine = {pid for pid, (_, cmd) in table.items() if self.temp in cmd and pid != os.getpid()}
        grew = True
        while grew:
            more = {pid for pid, (ppid, _) in table.items() if ppid in mine} - mine
            mine |= more
            grew = bool(more)
        return sorted(mine)

    def stop(self, grace: float = 2) -> None:
        """SIGTERM, then SIGKILL to whatever is left after `grace` seconds (the GCS
        server and a raylet can outlive SIGTERM for long): the cluster is thrown away."""
        pids = self.pids()
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if sig == signal.SIGKILL:
                pids = sorted(set(pids) | set(self.pids()))
            for pid in pids:
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    pass
            end = time.monotonic() + grace
            while time.monotonic() < end:
                pids = [p for p in pids if Path(f"/proc/{p}").exists() and not zombie(p)]
                if not pids:
                    break
                time.sleep(0.1)
            if not pids:
                break
        shutil.rmtree(self.temp, ignore_errors=True)

    def __enter__(self) -> dict:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc) -> None:
        self.stop()


def zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return False
