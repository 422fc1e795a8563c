#!/usr/bin/env python3
"""Rerun every number the README and docs/ publish and compare it with the published figure.

The figures and the commands that produce them are in docs/figures.json (its schema:
docs/REPRODUCING.md). Each selected recipe runs once, from the repository root, with a
fresh data folder (YAHTZEE_DATA_DIR) and the thread count asked for; every figure reading it
is then compared with its published text. Prints a table (figure, published, reproduced,
status), and writes into the output folder:

  results.json    every figure: published, reproduced, status
  manifest.json   provenance: version, commit, rule sets, SHA-256 of every table written,
                  threads, machine, seeds, recipes run (see REPRODUCING.md, "Provenance")
  logs/           each recipe's standard output and error

Exit status 1 when an exact, count or simulated figure does not reproduce; timings are
reported, never failed. Python 3.9+, standard library only.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import time
import decimal
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
decimal.getcontext().prec = 80  # 32-digit exact values, and f64s converted exactly
TIERS = {"ci": ["ci"], "quick": ["ci", "quick"], "full": ["ci", "quick", "full"],
         "full-only": ["full"]}
NUMBER = re.compile(r"(?<![A-Za-z\d.])[-−]?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?")


class FigureError(Exception):
    """A figure or recipe the runner cannot read (a defect of the figures file)."""


def parse_published(text: str) -> dict:
    """The published text as numbers: the value, its decimals, and an interval if printed.

    `254.5877287`; `0.641%`; `495.74 ± 1.98`; `89.3% [88.3%, 90.3%]`; `0.2–0.8 ms` (a range).
    """
    nums = [m.group(0) for m in NUMBER.finditer(text)]
    if not nums:
        raise FigureError(f"no number in published text {text!r}")
    first = nums[0].replace("−", "-").replace(",", "")
    mantissa = first.split("e")[0]
    decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
    out = {"value": Decimal(first), "decimals": decimals, "low": None, "high": None,
           "scientific": "e" in first}
    vals = [Decimal(n.replace("−", "-").replace(",", "")) for n in nums]
    if "±" in text and len(vals) >= 2:
        out["low"], out["high"] = vals[0] - vals[1], vals[0] + vals[1]
    elif "[" in text and len(vals) >= 3:
        out["low"], out["high"] = vals[1], vals[2]
    elif re.search(r"\d\s*[–-]\s*\d", text) and len(vals) >= 2:
        out["low"], out["high"] = vals[0], vals[1]
    return out


def select_json(data, path: str):
    for seg in path.split("."):
        if isinstance(data, list):
            if "=" in seg:
                key, want = seg.split("=", 1)
                hits = [e for e in data if isinstance(e, dict) and str(e.get(key)) == want]
                if not hits:
                    raise FigureError(f"no element with {seg} at {path!r}")
                data = hits[0]
            else:
                data = data[int(seg)]
        elif isinstance(data, dict):
            if seg not in data:
                raise FigureError(f"no key {seg!r} at {path!r} (keys: {', '.join(data)})")
            data = data[seg]
        else:
            raise FigureError(f"{path!r} goes past a value")
    return data


def reproduced_value(fig: dict, runs: dict) -> Decimal:
    """The figure's number read from its recipe's output (less another figure's, `minus`)."""
    r = runs[fig["recipe"]]
    if r["rc"] != r["want_rc"]:
        last = (r["err"].strip().splitlines() or ["no message"])[-1]
        raise FigureError(f"{fig['recipe']} failed (exit {r['rc']}): {last}")
    v = read_number(fig, r["out"], r["err"])
    scale = fig.get("scale", 1)
    if isinstance(v, float):
        # As the program would print it: the f64 product, rounded from its exact value.
        v = Decimal(v * scale)
    else:
        v = v * Decimal(str(scale))
    if "minus" in fig:
        v -= reproduced_value(fig["minus"], runs)
    return v


def read_number(fig: dict, out: str, err: str):
    """A JSON number as the f64 it is; printed text (a regex's, a JSON string) as decimal."""
    if "json" in fig:
        try:
            data = json.loads(out)
        except json.JSONDecodeError as e:
            raise FigureError(f"output is not JSON ({e})") from None
        v = select_json(data, fig["json"])
    elif "regex" in fig:
        m = re.search(fig["regex"], out, re.M) or re.search(fig["regex"], err, re.M)
        if not m:
            raise FigureError(f"regex {fig['regex']!r} matches nothing")
        v = m.group(1).replace(",", "").replace("−", "-")
    else:
        raise FigureError("neither json nor regex")
    if isinstance(v, bool) or v is None:
        raise FigureError(f"selected {v!r}, not a number")
    if isinstance(v, (int, float)):
        return float(v)
    return Decimal(str(v))


def compare(fig: dict, got: Decimal) -> tuple[str, str]:
    """(reproduced as printed, status)."""
    pub = parse_published(fig["published"])
    d = pub["decimals"]
    if pub["scientific"]:
        # 9.902e-13: the same significant digits.
        shown = re.sub(r"e([-+])0*(\d)", lambda m: "e" + m.group(1).replace("+", "") + m.group(2),
                       f"{got:.{d}e}")
    else:
        shown = f"{got:.{d}f}" if d else f"{got.quantize(Decimal(1)):f}"
    kind = fig.get("kind", "exact")
    if kind == "timing":
        return shown, "timing"
    if kind in ("exact", "count"):
        return shown, "ok" if Decimal(shown) == pub["value"] else "DIFFERS"
    if kind == "simulated":
        if pub["low"] is None:
            return shown, "ok" if Decimal(shown) == pub["value"] else "DIFFERS"
        inside = pub["low"] <= got <= pub["high"]
        same = Decimal(shown) == pub["value"]
        return shown, ("ok (same)" if same else "ok (in interval)") if inside else "OUTSIDE"
    raise FigureError(f"unknown kind {kind!r}")


def run_recipe(rid: str, recipe: dict, args, env_base: dict, logs: Path) -> dict:
    cmd = list(recipe["run"])
    if cmd[0] == "yahtzee":
        cmd[0] = args.bin
    env = dict(env_base)
    env.update({k: str(v) for k, v in recipe.get("env", {}).items()})
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=ROOT, env=env, input=recipe.get("stdin"),
                           capture_output=True, text=True, timeout=args.timeout)
        out, err, rc = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired:
        out, err, rc = "", f"timed out after {args.timeout} s", 124
    except OSError as e:
        out, err, rc = "", str(e), 127
    secs = time.monotonic() - start
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", rid)
    (logs / f"{safe}.out").write_text(out)
    (logs / f"{safe}.err").write_text(err)
    return {"out": out, "err": err, "rc": rc, "want_rc": recipe.get("exit", 0),
            "seconds": round(secs, 2)}


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def machine() -> dict:
    cpu = platform.processor() or platform.machine()
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = None
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {"cpu": cpu, "cores": cores, "memory": mem,
            "os": f"{platform.system()} {platform.release()}", "python": platform.python_version()}


def git(*a: str) -> str:
    try:
        return subprocess.run(["git", *a], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    except OSError:
        return ""


def seeds_of(cmd: list) -> list:
    return [cmd[i + 1] for i, a in enumerate(cmd[:-1]) if a == "--seed"] + \
        [a.split("=", 1)[1] for a in cmd if a.startswith("--seed=")]


def write_json(path: Path, data) -> None:
    """Whole or not at all: a temp file renamed over the target, readable by others."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_const", dest="tier", const="quick")
    mode.add_argument("--full", action="store_const", dest="tier", const="full")
    mode.add_argument("--tier", choices=TIERS, help="ci: the seconds-long figures the tests run; "
                      "full-only: what --full adds to --quick")
    ap.add_argument("--figures", default=str(ROOT / "docs" / "figures.json"))
    ap.add_argument("--bin", default=os.environ.get("YAHTZEE_BIN") or str(ROOT / "target/release/yahtzee"),
                    help="the yahtzee CLI [default: $YAHTZEE_BIN, else target/release/yahtzee]")
    ap.add_argument("--threads", type=int, default=len(os.sched_getaffinity(0)))
    ap.add_argument("--out", default=str(ROOT / "target" / "reproduce"),
                    help="output folder (its data/ is emptied first)")
    ap.add_argument("--only", default="", help="only figures whose id starts with this")
    ap.add_argument("--timeout", type=float, default=None, help="seconds per recipe")
    ap.add_argument("--max-minutes", type=float, default=None,
                    help="leave out commands estimated to take longer (their figures too)")
    args = ap.parse_args()
    tier = args.tier or "quick"
    args.bin = str(Path(args.bin).resolve())
    if not Path(args.bin).is_file():
        print(f"error: no yahtzee binary at {args.bin} (cargo build --release, or --bin)", file=sys.stderr)
        return 2

    try:
        spec = json.loads(Path(args.figures).read_text())
    except (OSError, json.JSONDecodeError) as e:
        print(f"error: cannot read {args.figures}: {e}", file=sys.stderr)
        return 2
    recipes = spec["recipes"]
    def recipes_of(f: dict) -> set:
        return {f["recipe"]} | (recipes_of(f["minus"]) if "minus" in f else set())

    figs = [f for f in spec["figures"] if f["id"].startswith(args.only)
            and all(recipes[r].get("tier", "full") in TIERS[tier] for r in recipes_of(f))
            and (args.max_minutes is None
                 or all(recipes[r].get("minutes", 0) <= args.max_minutes for r in recipes_of(f)))]
    wanted = sorted(set().union(*map(recipes_of, figs)) if figs else set())

    out_dir = Path(args.out).resolve()
    data = out_dir / "data"
    logs = out_dir / "logs"
    shutil.rmtree(data, ignore_errors=True)
    shutil.rmtree(logs, ignore_errors=True)
    data.mkdir(parents=True)
    logs.mkdir()
    env = dict(os.environ, YAHTZEE_DATA_DIR=str(data), RAYON_NUM_THREADS=str(args.threads),
               YAHTZEE_BIN=args.bin, YAHTZEE_REPRODUCE_OUT=str(out_dir))
    est = sum(recipes[r].get("minutes", 0) for r in wanted)
    print(f"reproducing {len(figs)} figures from {len(wanted)} commands ({tier}; about "
          f"{est:.0f} min on 2 cores), {args.threads} threads, data in {data}", file=sys.stderr)

    started = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    runs = {}
    # Interrupted (Ctrl-C, SIGTERM), the run stops starting commands and still reports and
    # writes its manifest for the ones that ran; the rest are "not run".
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    interrupted = False
    try:
        for i, rid in enumerate(wanted, 1):
            print(f"[{i}/{len(wanted)}] {rid}: {' '.join(recipes[rid]['run'])}", file=sys.stderr)
            runs[rid] = run_recipe(rid, recipes[rid], args, env, logs)
    except KeyboardInterrupt:
        interrupted = True
        print("interrupted: reporting the commands that ran", file=sys.stderr)

    rows = []
    for f in figs:
        try:
            if not recipes_of(f) <= runs.keys():
                shown, status = "—", "not run"
            elif "manual" in f:
                shown, status = "—", "manual"
            else:
                shown, status = compare(f, reproduced_value(f, runs))
        except (FigureError, IndexError, ValueError, ArithmeticError) as e:
            shown, status = "—", f"ERROR: {e}"
        rows.append({"id": f["id"], "published": f["published"], "reproduced": shown,
                     "status": status, "kind": f.get("kind", "exact"), "docs": f.get("docs", [])})

    w = max([len(r["id"]) for r in rows] + [6])
    pw = max([len(r["published"]) for r in rows] + [9])
    print(f"{'figure':<{w}}  {'published':<{pw}}  {'reproduced':<14}  status")
    for r in rows:
        print(f"{r['id']:<{w}}  {r['published']:<{pw}}  {r['reproduced']:<14}  {r['status']}")
    bad = [r for r in rows if not (r["status"].startswith("ok") or r["status"] in ("timing", "manual"))]
    counts = {}
    for r in rows:
        key = r["status"].split(":")[0].split(" (")[0]
        counts[key] = counts.get(key, 0) + 1
    print(", ".join(f"{n} {k}" for k, n in sorted(counts.items())))

    tables = {str(p.relative_to(data)): sha256(p) for p in sorted(data.rglob("*")) if p.is_file()}
    rule_sets = sorted({name.split("/")[-1].split(".")[0] for name in tables})
    commit = git("rev-parse", "HEAD")
    dirty = bool(git("status", "--porcelain", "--untracked-files=no"))
    version = subprocess.run([args.bin, "--version"], capture_output=True, text=True).stdout.strip()
    manifest = {
        # What the run produced: the same on any machine and thread count (tests/reproduce.rs
        # compares a 1-thread and a 2-thread run).
        "results": {
            "version": version,
            "commit": commit + ("-dirty" if dirty else ""),
            "tier": tier,
            "figures_file_sha256": sha256(Path(args.figures)),
            "rule_sets": rule_sets,
            "tables_sha256": tables,
            "seeds": sorted({s for rid in runs for s in seeds_of(recipes[rid]["run"])}, key=str),
            "figures": {r["id"]: r["reproduced"] for r in rows if r["kind"] != "timing"},
        },
        # How it ran: differs between machines and runs.
        "run": {
            "started": started,
            "threads": args.threads,
            "machine": machine(),
            "interrupted": interrupted,
            "commands": {rid: {"run": recipes[rid]["run"], "exit": runs[rid]["rc"],
                               "seconds": runs[rid]["seconds"]} for rid in runs},
            "timings": {r["id"]: r["reproduced"] for r in rows if r["kind"] == "timing"},
        },
    }
    write_json(out_dir / "manifest.json", manifest)
    write_json(out_dir / "results.json", rows)
    print(f"manifest: {out_dir / 'manifest.json'}", file=sys.stderr)
    return 1 if bad or interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
