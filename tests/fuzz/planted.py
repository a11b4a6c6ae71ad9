#!/usr/bin/env python3
"""Each default reduction's planted mistake (scopemc-planted --planted-mistake, tests/planted/)
must make the differential fuzzer (reductions.py) fail: some generated program whose errors
with the mistake differ from --no-reductions. Each mistake runs on the shape of programs it
concerns, and the run stops at the first program that tells it apart.

The symmetry reduction's and idle rounds' mistakes are caught by the comparisons of final states
in the unit and e2e tests (SymmetryTest, ZeroNetEffectTest), which see what a verdict hides.

usage: planted.py --tool SCOPEMC-PLANTED [--seed N]"""
import argparse
import os
import subprocess
import sys

# (mistake, fuzzer arguments: the shape that exercises the reduction, and how many programs)
PLANTS = [
    ("spin-loops", ["--lang", "c", "--shape", "cas", "--count", "150"]),
    ("zero-net-effect", ["--lang", "c", "--shape", "publish", "--count", "200"]),
    ("commuting", ["--lang", "c", "--shape", "alike", "--count", "200"]),
    ("election", ["--lang", "c", "--shape", "barrier", "--count", "250"]),
    ("serial-value", ["--lang", "c", "--shape", "barrier", "--count", "250"]),
    ("barrier-phases", ["--lang", "c", "--shape", "barrier", "--count", "200"]),
]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", required=True)
    ap.add_argument("--seed", type=int, default=int(os.environ.get("SCOPEMC_FUZZ_SEED", "1")))
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    missed = []
    for plant, extra in PLANTS:
        cmd = [sys.executable, os.path.join(here, "reductions.py"), "--tool", args.tool, "--seed",
               str(args.seed), "--jobs", str(args.jobs), "--quiet", "--plant", plant] + extra
        pr = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        last = [l for l in pr.stdout.splitlines() if l.startswith("planted mistake")]
        first = [l for l in pr.stdout.splitlines() if "failed:" in l][:1]
        print("%-16s %s %s" % (plant, "caught by" if pr.returncode == 0 else "NOT CAUGHT",
                               first[0] if first else (last[0] if last else pr.stdout[-400:])))
        if pr.returncode != 0:
            missed.append(plant)
    if missed:
        print("planted mistakes not caught: %s" % ", ".join(missed))
        return 1
    print("every planted mistake was caught (%d)" % len(PLANTS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
