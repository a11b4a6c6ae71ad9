#!/usr/bin/env python3
"""The distributed search measured: each program with scopemc (one process) and with
scopemc-mpi under mpirun on 1, 2 and 4 ranks, side by side in one run. Prints a table: the
counts (which must equal the single process's), wall time of the whole command (mpirun's
start included) and of the search alone, CPU time of all ranks during the search (their
--mpi-stats figures; for one process, its whole CPU time), speed-up of the search over
one process, messages and bytes sent, and the idle fraction of each rank.

    python3 benchmarks/mpi.py [--ranks 1,2,4] [--workers 1] [--only LB-20,fai-9] [--json FILE]

Needs build/cli/scopemc-mpi (Open MPI installed: scripts/setup.sh). On a machine with fewer
cores than ranks the ranks share them (--oversubscribe): the speed-up is then bounded by the
cores, not the ranks.
"""
import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
P = os.path.join(HERE, "programs")

# name, program, tool arguments
PROGRAMS = [
    ("LB-20", "lb.c", ["-DN=20"]),
    ("LB-22", "lb.c", ["-DN=22"]),
    ("fai-9", "fai.c", ["-DN=9", "--no-symmetry"]),
    ("fai-10", "fai.c", ["-DN=10", "--no-symmetry"]),
    ("caslock-4x2", "gpu/caslock.c", ["-DBLOCKS=4", "-DTHREADS=2", "--no-symmetry"]),
    ("ticketlock-4x2", "gpu/ticketlock.c", ["-DBLOCKS=4", "-DTHREADS=2", "--no-symmetry"]),
    ("ttaslock-3x2", "gpu/ttaslock.c", ["-DBLOCKS=3", "-DTHREADS=2", "--no-symmetry"]),
    ("caslock-3x2-racy", "gpu/caslock.c", ["-DBLOCKS=3", "-DTHREADS=2", "-DVARIANT=1"]),
]


def children_cpu():
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def run(cmd, env=None):
    before = children_cpu()
    start = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    wall = time.monotonic() - start
    out = p.stdout + p.stderr
    m = re.search(r"complete executions explored: (\d+)", out)
    s = re.search(r"Total wall-clock time: ([\d.]+)s", out)
    return {"rc": p.returncode, "complete": int(m.group(1)) if m else None,
            "search": float(s.group(1)) if s else None, "wall": wall,
            "cpu": children_cpu() - before, "output": out}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ranks", default="1,2,4")
    ap.add_argument("--workers", type=int, default=1, help="--nthreads of each rank")
    ap.add_argument("--only", default="")
    ap.add_argument("--json", default="")
    ap.add_argument("--tool", default=os.path.join(ROOT, "build", "cli", "scopemc"))
    ap.add_argument("--mpi-tool", default=os.path.join(ROOT, "build", "cli", "scopemc-mpi"))
    args = ap.parse_args()
    ranks = [int(k) for k in args.ranks.split(",")]
    only = set(args.only.split(",")) if args.only else None
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    rows = []
    print("%-18s %5s %10s %8s %8s %8s %7s %9s %10s  %s" % (
        "program", "ranks", "complete", "wall s", "search s", "cpu s", "speedup", "messages",
        "bytes", "idle fraction per rank"))
    for name, prog, extra in PROGRAMS:
        if only and name not in only:
            continue
        base = [os.path.join(P, prog), "--keep-going"] + extra
        one = run([args.tool] + base)
        print("%-18s %5s %10s %8.2f %8.2f %8.2f %7s %9s %10s" % (
            name, "-", one["complete"], one["wall"], one["search"] or 0, one["cpu"], "1.00", "-", "-"))
        rows.append({"program": name, "ranks": 0, **{k: v for k, v in one.items() if k != "output"}})
        for k in ranks:
            with tempfile.NamedTemporaryFile(suffix=".json") as st:
                cmd = ["mpirun", "--oversubscribe", "-q", "-np", str(k), args.mpi_tool] + base + [
                    "--nthreads", str(args.workers), "--mpi-stats", st.name]
                r = run(cmd, env)
                try:
                    stats = json.load(open(st.name))
                except (OSError, ValueError):
                    stats = []
            ok = r["complete"] == one["complete"]
            msgs = sum(s["messages_sent"] for s in stats)
            if stats:  # (the ranks' own figures: mpirun's accounting is lost when it aborts)
                r["cpu"] = sum(s["cpu_seconds"] for s in stats)
            nbytes = sum(s["bytes_sent"] for s in stats)
            idle = " ".join("%.2f" % s["idle_fraction"] for s in stats)
            speed = (one["search"] / r["search"]) if r["search"] and one["search"] else 0
            print("%-18s %5d %10s %8.2f %8.2f %8.2f %7.2f %9d %10d  %s%s" % (
                name, k, r["complete"], r["wall"], r["search"] or 0, r["cpu"], speed, msgs, nbytes,
                idle, "" if ok else "  COUNT DIFFERS"))
            rows.append({"program": name, "ranks": k, "speedup": speed, "messages": msgs,
                         "bytes": nbytes, "stats": stats,
                         **{k2: v for k2, v in r.items() if k2 != "output"}})
            if not ok:
                print(r["output"][-2000:], file=sys.stderr)
        sys.stdout.flush()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)


if __name__ == "__main__":
    main()
