#!/usr/bin/env python3
"""Runs the benchmark families and prints a table: verdict, executions (checked against the
family's formula), wall time, CPU time (user + system), executions per second and peak RSS of
each run.

    python3 benchmarks/run.py [--quick] [--only LB,fai] [--nthreads 1,2] [--csv FILE] [--json FILE]

--nthreads 1,2 runs every program with each number of exploration workers, side by side.
--baseline OTHER_SCOPEMC runs every program (not the repair table) also with another scopemc
binary, right after the tool, and appends its verdict, count, CPU time, RSS and the CPU-time
ratio tool/baseline to each row (a before/after table measured in one run).
--genmc GENMC runs GenMC (../shared/tools/genmc.sh builds it and prints the path) on the plain
C11 families (LB, SB, fai, caslock, long) with the same defines, and appends its figures the
same way; the ratio is tool/GenMC. Neither is needed by the tests.
"""
import argparse
import csv
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# name, program, sizes, quick sizes, expected complete executions
FAMILIES = [
    ("LB", "lb.c", [12, 14, 16, 18, 20], [8, 10], lambda n: 2 ** n - 1),
    ("SB", "sb.c", [12, 14, 16], [8], lambda n: 2 ** n),
    ("fai", "fai.c", [5, 6, 7, 8], [4, 5], math.factorial),
    ("caslock", "caslock.c", [2, 3, 4, 5, 6], [2, 3], math.factorial),
]

# The TTAS lock's count, derived by hand from docs/model.md: with spin loops assumed away (docs/dpor.md
# §4), each thread makes one attempt, its exchange reads the latest release (n! orders of the
# critical sections), and the k-th thread's relaxed test load reads any of the k zero-writes
# before it (the initial value and the k-1 earlier releases; later ones are hb-after it): n!.
def ttas_count(n):
    return math.factorial(n) ** 2


# GPU synchronisation primitives (benchmarks/programs/gpu, GPUMC-annotated pthreads):
# name, program, blocks, threads, variant (0 race-free, 1 relaxed acquire, 2 relaxed release),
# expected verdict, expected complete executions (None: not derived)
GPU = [
    ("caslock", "caslock.c", 4, 2, 0, "verified", math.factorial(8)),
    ("ticketlock", "ticketlock.c", 4, 2, 0, "verified", math.factorial(8)),
    ("ttaslock", "ttaslock.c", 3, 2, 0, "verified", ttas_count(6)),
    ("xfbarrier", "xfbarrier.c", 4, 3, 0, "verified", 1),
    ("xfbarrier", "xfbarrier.c", 6, 4, 0, "verified", 1),
] + [(name, prog, b, t, v, "error", None)
     for name, prog in [("caslock", "caslock.c"), ("ticketlock", "ticketlock.c"),
                        ("ttaslock", "ttaslock.c"), ("xfbarrier", "xfbarrier.c")]
     for (b, t) in [(4, 2), (6, 4)] for v in (1, 2)]
# Kernels (benchmarks/programs/gpu, seq_cst atomics unless SC=0): name, program, blocks,
# threads, variant (0 fixed, 1 racy), SC, expected verdict, expected executions. The fixed kernels
# (1-D convolution, matrix multiply, graph connectivity and colouring, block reduction, histogram) have one execution each: every value they read is
# ordered by their block's barriers.
KERNELS = [("conv1d", "conv1d.c", b, 4, v, sc, "verified" if v == 0 else "error", 1 if v == 0 else None)
           for b in (12, 15, 20, 25) for v in (0, 1) for sc in (1, 0)] + \
          [("matmul", "matmul.c", b, 3, v, sc, "verified" if v == 0 else "error", 1 if v == 0 else None)
           for b in (4, 8, 15) for v in (0, 1) for sc in (1, 0)] + \
          [(name, name + ".c", b, 2, v, sc, "verified" if v == 0 else "error", 1 if v == 0 else None)
           for name in ("graphconn", "graphcol") for b in (4, 10, 15) for v in (0, 1) for sc in (1, 0)] + \
          [(name, name + ".c", b, 4, v, sc, "verified" if v == 0 else "error", 1 if v == 0 else None)
           for name in ("reduce", "histogram") for b in (4, 8, 16) for v in (0, 1) for sc in (1, 0)]
GPU_QUICK = [("caslock", "caslock.c", 2, 2, 0, "verified", math.factorial(4)),
             ("xfbarrier", "xfbarrier.c", 4, 3, 0, "verified", 1),
             ("caslock", "caslock.c", 6, 4, 1, "error", None)]

# The same primitives as OpenCL C kernels (examples/opencl), run with --kernel/--grid:
# name, blocks, threads, switch ("" race-free, RELAXED_ACQUIRE, RELAXED_RELEASE), verdict, count
OPENCL = [
    ("caslock", 4, 2, "", "verified", math.factorial(8)),
    ("ticketlock", 4, 2, "", "verified", math.factorial(8)),
    ("ttaslock", 3, 2, "", "verified", ttas_count(6)),
    ("xfbarrier", 4, 3, "", "verified", 1),
    ("xfbarrier", 6, 4, "", "verified", 1),
] + [(name, b, t, v, "error", None) for name in ("caslock", "ticketlock", "ttaslock", "xfbarrier")
     for (b, t) in [(4, 2), (6, 4)] for v in ("RELAXED_ACQUIRE", "RELAXED_RELEASE")]
OPENCL_QUICK = [("caslock", 2, 2, "", "verified", math.factorial(4)),
                ("xfbarrier", 4, 3, "", "verified", 1),
                ("caslock", 6, 4, "RELAXED_ACQUIRE", "error", None)]

# Long executions (the cost of an event must not grow with the execution): name, ORDER,
# sizes, quick sizes. 4 executions at every N; k times N may take at most k times the time
# (+25%), checked on the CPU time less the start-up's, against the largest earlier size that
# took at least 20 ms net, with 10 ms of start-up jitter allowed on each figure (run_long).
LONG = [("long-sc", "memory_order_seq_cst", [100, 200, 400, 800, 1600, 6400, 25600], [100, 200]),
        ("long-rlx", "memory_order_relaxed", [100, 200, 400, 800, 1600, 6400, 25600], [100, 200])]

# Repair (`scopemc repair`): label, program, tool options, -D defines. Our versions of the
# published repair benchmarks: small programs with one to four wrongly scoped (or ordered)
# accesses, the kernels with a block-scoped access that must be device-scoped, and the shipped
# lock and barrier examples with one relaxed acquire or release (--orders).
REPAIR_DIR = os.path.join(ROOT, "tests", "e2e", "repair")
REPAIR = [("mp-gpumc", os.path.join(REPAIR_DIR, "gpumc_mp.c"), [], {}),
          ("shared-annotation", os.path.join(REPAIR_DIR, "gpumc_shared_annotation.c"), [], {}),
          ("weak-access", os.path.join(REPAIR_DIR, "gpumc_weak_access.c"), [], {}),
          ("mp-scopemc.h", os.path.join(REPAIR_DIR, "kernel_mp.c"), [], {}),
          ("mp-opencl", os.path.join(REPAIR_DIR, "opencl_mp.cl"), ["--kernel", "mp", "--grid", "2x1"], {}),
          ("mp-ir", os.path.join(REPAIR_DIR, "ir_mp.ll"), [], {}),
          ("orders-minimal", os.path.join(REPAIR_DIR, "orders_minimal.c"), ["--orders"], {}),
          ("mp-litmus-ptx", os.path.join(REPAIR_DIR, "ptx_mp_cta.litmus"), [], {}),
          ("mp-litmus-devices", os.path.join(REPAIR_DIR, "opencl_mp_devices.litmus"), [], {}),
          ("mp-cuda-atomic-ref", os.path.join(REPAIR_DIR, "cuda_atomic_ref.cu"), ["--kernel", "mp", "--grid", "2x1"], {}),
          ("mp-cuda-fence", os.path.join(REPAIR_DIR, "cuda_fence.cu"), ["--kernel", "mp", "--grid", "2x1"], {}),
          ("reduce-last-block", os.path.join(ROOT, "examples", "cuda", "reduce_last_block.cu"), [], {})] + \
         [("conv1d-%dx4" % b, "gpu/conv1d.c", [], {"BLOCKS": b, "THREADS": 4, "VARIANT": 1, "SC": 1})
          for b in (4, 8, 12)] + \
         [("matmul-%dx3" % b, "gpu/matmul.c", [], {"BLOCKS": b, "THREADS": 3, "VARIANT": 1, "SC": 1})
          for b in (4, 8)] + \
         [("graphconn-%dx2" % b, "gpu/graphconn.c", [], {"BLOCKS": b, "THREADS": 2, "VARIANT": 1, "SC": 1})
          for b in (4, 6)] + \
         [("graphcol-%dx2" % b, "gpu/graphcol.c", [], {"BLOCKS": b, "THREADS": 2, "VARIANT": 1, "SC": 1})
          for b in (4, 8, 15)] + \
         [("reduce-%dx4" % b, "gpu/reduce.c", [], {"BLOCKS": b, "THREADS": 4, "VARIANT": 1, "SC": 1})
          for b in (4, 8)] + \
         [("histogram-4x4", "gpu/histogram.c", [], {"BLOCKS": 4, "THREADS": 4, "VARIANT": 1, "SC": 1})] + \
         [("critsec-8x1", "gpu/critsec.c", [], {"BLOCKS": 8, "THREADS": 1, "VARIANT": 1})] + \
         [("cl-%s-%s" % (k, v.split("_")[1].lower()), os.path.join(ROOT, "examples", "opencl", k + ".cl"),
           ["--kernel", k, "--grid", g, "--orders"], {v: 1})
          for k, g in (("caslock", "3x2"), ("ticketlock", "3x2"), ("ttaslock", "3x2"), ("xfbarrier", "3x2"))
          for v in ("RELAXED_ACQUIRE", "RELAXED_RELEASE")]

# CUDA as written (.cu: <<<>>> launches, warp shuffles): the shared cuda-as-written programs
# and the shipped examples with the verdicts their experts give, and a warp-shuffle sum over
# growing grids (one execution at every size): label, program, -D defines, verdict, count.
CUDA_AS_WRITTEN = os.path.join(ROOT, "tests", "cuda-as-written")
CUDA = [("cuda-grace-race", os.path.join(CUDA_AS_WRITTEN, "grace_shared_race.cu"), {}, "error", None),
        ("cuda-reduce-divergent", os.path.join(CUDA_AS_WRITTEN, "block_reduce_divergent.cu"), {}, "error", None),
        ("cuda-reduce-fixed", os.path.join(CUDA_AS_WRITTEN, "block_reduce_divergent.cu"), {"FIXED": 1}, "verified", 1),
        ("cuda-warp-reduce-2x32", os.path.join(CUDA_AS_WRITTEN, "warp_reduce_shfl.cu"), {}, "verified", 2),
        ("cuda-reduce-last-block", os.path.join(ROOT, "examples", "cuda", "reduce_last_block.cu"), {}, "error", None),
        ("cuda-tiled-matmul", os.path.join(ROOT, "examples", "cuda", "tiled_matmul.cu"), {}, "verified", 1)] + \
       [("cuda-warp-sum-%dx32" % b, os.path.join(HERE, "programs", "cuda", "warp_sum.cu"), {"BLOCKS": b},
         "verified", 1) for b in (1, 2, 4, 8, 16, 32, 64)] + \
       [("cuda-fenced-lock-%dx4" % b, os.path.join(HERE, "programs", "cuda", "fenced_lock.cu"), {"BLOCKS": b},
         "verified", math.factorial(b)) for b in (4, 5, 6, 7)] + \
       [("cuda-fenced-lock-no-fences", os.path.join(HERE, "programs", "cuda", "fenced_lock.cu"),
         {"NO_FENCES": 1}, "error", None)] + \
       [("cuda-block-spin-%s%dx4" % (v, b), os.path.join(ROOT, "tests", "e2e", "kernels", "cuda_block_spin.cu"),
         dict({"BLOCKS": b, "THREADS": 4}, **({"TICKET": 1} if v else {})), "verified", math.factorial(b))
        for v in ("", "ticket-") for b in (3, 4, 5, 6)]
CUDA_QUICK = CUDA[:4] + [r for r in CUDA if r[0] in ("cuda-warp-sum-8x32", "cuda-fenced-lock-6x4",
                                                      "cuda-block-spin-ticket-5x4")]

# Symmetry reduction (docs/symmetry.md): run with it (the default), against the number of
# executions without it where the specification gives one, and the target of issue 34 (CPU
# seconds): label, program, -D defines, verdict, executions without the reduction, target.
SYMMETRY = [("sym-caslock-4x2", "gpu/caslock.c", {"BLOCKS": 4, "THREADS": 2, "VARIANT": 0}, "verified",
             math.factorial(8), 0.1),
            ("sym-ticketlock-4x2", "gpu/ticketlock.c", {"BLOCKS": 4, "THREADS": 2, "VARIANT": 0}, "verified",
             math.factorial(8), None),
            ("sym-ttaslock-3x2", "gpu/ttaslock.c", {"BLOCKS": 3, "THREADS": 2, "VARIANT": 0}, "verified",
             ttas_count(6), None)] + \
           [("sym-%s-6x4" % n, "gpu/%s.c" % n, {"BLOCKS": 6, "THREADS": 4, "VARIANT": 0}, "verified", None, 60)
            for n in ("caslock", "ticketlock", "ttaslock")] + \
           [("sym-critsec-8x1", "gpu/critsec.c", {"BLOCKS": 8, "THREADS": 1, "VARIANT": 0}, "verified", None, 10),
            ("sym-critsec-cuda-8", "symmetry/critsec.cu", {"BLOCKS": 8}, "verified", None, 10),
            ("sym-critsec-cuda-8-block-scoped", "symmetry/critsec.cu", {"BLOCKS": 8, "BLOCK_SCOPED": 1}, "error",
             None, 10),
            ("sym-counters-16", "symmetry/counters.cu", {"THREADS": 16, "SLOTS": 8}, "verified", 2 ** 8, None),
            ("sym-counters-64", "symmetry/counters.cu", {"THREADS": 64, "SLOTS": 32}, "verified", 2 ** 32, 1),
            # many adds on one counter: one execution, but the branches dropped grow with k!
            # (docs/commuting.md, Limits)
            ("sym-counters-8-on-1", "symmetry/counters.cu", {"THREADS": 8, "SLOTS": 1}, "verified",
             math.factorial(8), None),
            ("sym-counters-12-on-1", "symmetry/counters.cu", {"THREADS": 12, "SLOTS": 1}, "verified",
             math.factorial(12), None),
            # every thread reads an input, then adds it to one total: the reads must be seen to
            # stay (no thread writes the input) for the adds' order to be settled at once
            ("sym-weighted-16", "symmetry/weighted.cu", {"THREADS": 16}, "verified", math.factorial(16), 1),
            ("sym-weighted-4x32", "symmetry/weighted.cu", {"THREADS": 128, "BLOCKS": 4}, "verified", None, 10),
            ("sym-xfbarrier-6x4", "gpu/xfbarrier.c", {"BLOCKS": 6, "THREADS": 4, "VARIANT": 0}, "verified", 1,
             None),
            ("sym-xfbarrier-6x4-served-3", "gpu/xfbarrier.c", {"BLOCKS": 6, "THREADS": 4, "VARIANT": 0, "SERVED": 3},
             "error", None, 1.5)] + \
           [("sym-matmul-lock-%dx3-racy" % b, "gpu/matmul_lock.c", {"BLOCKS": b, "THREADS": 3, "VARIANT": 1},
             "error", None, 2) for b in (4, 8, 15)]
SYMMETRY_QUICK = [r for r in SYMMETRY if r[0] in ("sym-caslock-4x2", "sym-critsec-8x1", "sym-counters-16",
                                                  "sym-weighted-16", "sym-matmul-lock-4x3-racy")]
# The other families count every execution: their formulas are without the reduction.
FULL = ["--no-symmetry"]

VERDICTS = {0: "verified", 42: "error", 3: "bounded", 124: "timeout", 5: "input error", 7: "internal error"}


# How far one CPU-time figure of the long family may be off because of the start-up taken off
# it (its least of three runs still varies by about this much from run to run).
JITTER = 0.01


def run_long(args, rows):
    """The long-execution families: time per event, and the growth check. The CPU time of a
    run with N = 1 (process start, compilation: the least of three runs) is taken off every
    run's, so the check sees the exploration's growth, not the start-up's constant. Each size
    runs three times; the least CPU time counts."""
    print()
    start_cpu = min((run_tool(args.tool, "long.c", {"N": 1, "ORDER": LONG[0][1]}, args.timeout)["cpu_seconds"] or 0)
                    for _ in range(3))
    print("start-up (N = 1): %.3f s CPU, taken off the columns net(s) and us/event" % start_cpu)
    header = "%-16s %-9s %10s %10s %9s %9s %9s %12s %9s %s" % ("long program", "verdict", "executions", "events",
                                                                  "time(s)", "cpu(s)", "net(s)", "us/event", "RSS(MB)",
                                                                  "growth")
    print(header)
    print("-" * len(header))
    for name, order, sizes, quick in LONG:
        previous = None
        for n in (quick if args.quick else sizes):
            r = run_one(args.tool, "long.c", {"N": n, "ORDER": order}, args.timeout)
            for _ in range(2):  # the least CPU time of three runs: one run's jitter is the start-up's size
                again = run_tool(args.tool, "long.c", {"N": n, "ORDER": order}, args.timeout)
                if r["cpu_seconds"] and again["cpu_seconds"] and again["cpu_seconds"] < r["cpu_seconds"]:
                    r["cpu_seconds"] = again["cpu_seconds"]
            events = r.get("events")
            cpu = r["cpu_seconds"] or r["seconds"]
            net = max(cpu - start_cpu, 0.0)
            per_event = net * 1e6 / events if events else None
            # k times N may take at most k times as long (+25%), from the largest earlier size
            # with at least 20 ms net, each net figure given JITTER of start-up noise either way
            ratio = net / previous[1] if previous else None
            allowed = n / previous[0] * 1.25 if previous else None
            ok = r["executions"] == 4 and (ratio is None or net - JITTER <= allowed * (previous[1] + JITTER))
            row = dict(program="%s-%d" % (name, n), verdict=r["verdict"], executions=r["executions"], expected=4,
                       count_ok=ok, seconds=round(r["seconds"], 3), exec_per_s=None,
                       rss_mb=rounded(r["rss_mb"], 1), cpu_seconds=rounded(r["cpu_seconds"], 3),
                       net_cpu_seconds=round(net, 3), events=events, us_per_event=rounded(per_event, 2),
                       growth_ratio=rounded(ratio, 2))
            rows.append(row)
            print("%-16s %-9s %10s %10s %9.2f %9s %9.3f %12s %9s %s%s" % (
                row["program"], row["verdict"], row["executions"], events, row["seconds"], row["cpu_seconds"], net,
                row["us_per_event"], row["rss_mb"], "-" if ratio is None else "x%.2f (N x%g)" % (ratio, n / previous[0]),
                "" if ok else "   MISMATCH (count, or time grew faster than N)") + baseline_columns(row, r),
                  flush=True)
            if net >= 2 * JITTER:
                previous = (n, net)


def run_repair(args, rows):
    """scopemc repair on each REPAIR program: errors found, edits, rounds, the time of each
    verification round and of the fresh verification of the repaired text, total time."""
    print()
    header = "%-22s %-9s %7s %6s %7s %7s %-26s %9s %9s" % ("repair program", "verdict", "errors", "edits", "rounds",
                                                           "verifs", "round times(s)", "final(s)", "total(s)")
    print(header)
    print("-" * len(header))
    json_path = os.path.join(os.environ.get("TMPDIR", "/tmp"), "scopemc-repair-%d.json" % os.getpid())
    out_dir = tempfile.mkdtemp(prefix="scopemc-repair-")
    for label, program, opts, defines in REPAIR:
        path = program if os.path.isabs(program) else os.path.join(HERE, "programs", program)
        # a copy of the program's folder: a repaired header is written next to the header
        copy = os.path.join(out_dir, label)
        shutil.copytree(os.path.dirname(path), copy)
        path = os.path.join(copy, os.path.basename(path))
        out = os.path.join(out_dir, "repaired" + os.path.splitext(path)[1])
        r = run_one(args.tool, "repair", defines, args.timeout, [path, "-o", out, "--json", json_path] + opts)
        info = {}
        try:
            with open(json_path) as f:
                info = json.load(f).get("repair", {})
            os.remove(json_path)
        except (OSError, ValueError):
            pass
        rounds = info.get("rounds", [])
        errors = rounds[0]["errors"] if rounds else None
        times = ",".join("%.2f" % x["seconds"] for x in rounds)
        ok = r["verdict"] == "verified"
        row = dict(program="repair-" + label, verdict=r["verdict"], errors=errors, edits=len(info.get("edits", [])),
                   rounds=len(rounds), verifications=info.get("verifications"), round_seconds=times,
                   final_seconds=rounded(info.get("final_seconds"), 3), seconds=round(r["seconds"], 3),
                   rss_mb=rounded(r["rss_mb"], 1), count_ok=ok)
        rows.append(row)
        print("%-22s %-9s %7s %6s %7s %7s %-26s %9s %9.2f%s" % (
            label, row["verdict"], errors, row["edits"], row["rounds"], row["verifications"], times[:26],
            row["final_seconds"], row["seconds"], "" if ok else "   NOT REPAIRED"), flush=True)
    shutil.rmtree(out_dir, ignore_errors=True)


BASELINE = None  # --baseline: another scopemc binary run right after the tool on each program


GENMC = None  # --genmc: GenMC's binary, run right after the tool on the plain C11 programs
GENMC_PROGRAMS = {"lb.c", "sb.c", "fai.c", "caslock.c", "long.c"}


def run_one(tool, program, defines, timeout, extra=()):
    r = run_tool(tool, program, defines, timeout, extra)
    if BASELINE and program != "repair":
        # a baseline from before --no-symmetry explores every execution anyway
        base_extra = [a for a in extra if a != "--no-symmetry" or baseline_knows(a)]
        r["base"] = run_tool(BASELINE, program, defines, timeout, base_extra)
    if GENMC and program in GENMC_PROGRAMS:
        r["genmc"] = run_genmc(program, defines, timeout)
    return r


def baseline_knows(option):
    """Whether the baseline binary takes an option (its --help names it)."""
    if option not in BASELINE_OPTIONS:
        got = measure([BASELINE, "--help"], 30)
        BASELINE_OPTIONS[option] = bool(got) and option in got[1]
    return BASELINE_OPTIONS[option]


BASELINE_OPTIONS = {}


def side_columns(row, r, key, label):
    """Adds the figures of the run side by side under `key` ("base": --baseline, "genmc":
    --genmc) to a row, and returns them as printed text."""
    b = r.get(key)
    if not b:
        return ""
    cpu, other_cpu = r["cpu_seconds"] or r["seconds"], b["cpu_seconds"] or b["seconds"]
    row.update({key + "_verdict": b["verdict"], key + "_executions": b["executions"],
                key + "_seconds": round(b["seconds"], 3), key + "_cpu_seconds": rounded(b["cpu_seconds"], 3),
                key + "_rss_mb": rounded(b["rss_mb"], 1),
                key + "_cpu_ratio": round(cpu / other_cpu, 2) if other_cpu else None})
    same = b["verdict"] == r["verdict"] and b["executions"] == r["executions"]
    return " | %s %-9s %10s %8.2f %7s  x%s%s" % (label, b["verdict"], b["executions"], other_cpu,
                                             row[key + "_rss_mb"], row[key + "_cpu_ratio"],
                                             "" if same else " (differs)")


def baseline_columns(row, r):
    """The --baseline and --genmc columns of a row (ratios: this tool's CPU time / theirs)."""
    return side_columns(row, r, "base", "base") + side_columns(row, r, "genmc", "genmc")


def measure(cmd, timeout):
    """Runs cmd: (exit code, stdout, stderr, wall seconds, peak RSS in KiB, CPU seconds), or
    None on a timeout."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return None
    # (peak RSS and CPU time are recorded by RusagePopen when the child is reaped)
    return (proc.returncode, out, err, time.monotonic() - start, getattr(proc, "peak_rss_kb", None),
            getattr(proc, "cpu_seconds", None))


TIMED_OUT = dict(verdict="timeout", executions=None, rss_mb=None, cpu_seconds=None)


def run_genmc(program, defines, timeout):
    """GenMC (RC11, its default model) on a benchmark program, with the same -D defines."""
    # (its state-space estimation is turned off: scopemc does not estimate unless asked)
    cmd = [GENMC, "--disable-estimation", "--"] + ["-D%s=%s" % kv for kv in defines.items()] + \
        [os.path.join(HERE, "programs", program)]
    got = measure(cmd, timeout)
    if got is None:
        return dict(TIMED_OUT, seconds=timeout)
    code, out, err, seconds, rss_kb, cpu = got
    m = re.search(r"Number of complete executions explored: (\d+)", out)
    verdict = "verified" if code == 0 else ("error" if "Error" in out + err else "exit %d" % code)
    return dict(verdict=verdict, executions=int(m.group(1)) if m else None, seconds=seconds,
                rss_mb=rss_kb / 1024 if rss_kb else None, cpu_seconds=cpu, stderr=err)


def run_tool(tool, program, defines, timeout, extra=()):
    path = program if os.path.isabs(program) or program == "repair" else os.path.join(HERE, "programs", program)
    extra = list(extra)
    json_path = None
    if "--json" not in extra and program != "repair":  # for the events the run added
        json_path = os.path.join(os.environ.get("TMPDIR", "/tmp"), "scopemc-run-%d.json" % os.getpid())
        extra += ["--json", json_path]
    cmd = [tool, path] + extra + ["--"] + ["-D%s=%s" % kv for kv in defines.items()]
    got = measure(cmd, timeout)
    if got is None:
        return dict(TIMED_OUT, seconds=timeout)
    code, out, err, seconds, rss_kb, cpu = got
    m = re.search(r"Number of complete executions explored: (\d+)", out)
    events = None
    if json_path:
        try:
            with open(json_path) as f:
                events = json.load(f).get("events_added")
            os.remove(json_path)
        except (OSError, ValueError):
            pass
    return dict(verdict=VERDICTS.get(code, "exit %d" % code),
                executions=int(m.group(1)) if m else None, seconds=seconds,
                rss_mb=rss_kb / 1024 if rss_kb else None, cpu_seconds=cpu, stderr=err, events=events)


class RusagePopen(subprocess.Popen):
    """Popen that records the child's peak RSS (ru_maxrss, KiB) and CPU time (user + system:
    on a shared machine it varies less than the wall time) when it is reaped."""

    def _try_wait(self, wait_flags):
        try:
            pid, status, usage = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            return (self.pid, 0)
        if pid == self.pid:
            self.peak_rss_kb = usage.ru_maxrss
            self.cpu_seconds = usage.ru_utime + usage.ru_stime
        return (pid, status)


subprocess.Popen = RusagePopen


def rounded(x, digits):
    """x rounded, or None when it was not measured."""
    return round(x, digits) if x is not None else None


def table_header(first, width):
    """The header of a GPU table (verdict_row's columns)."""
    header = "%-*s %-9s %-9s %12s %9s %9s %9s %10s %9s" % (width, first, "verdict", "expected", "executions",
                                                         "time(s)", "cpu(s)", "RSS(MB)", "ev/exec", "us/event")
    print(header)
    print("-" * len(header))


def verdict_row(rows, label, r, want, count, width):
    """Records and prints one row of the GPU tables (verdict and count checked)."""
    ok = r["verdict"] == want and (count is None or r["executions"] == count)
    events = r.get("events")
    runs = max(r["executions"] or 0, 1)
    cpu = r["cpu_seconds"] or r["seconds"]
    row = dict(program=label, verdict=r["verdict"], executions=r["executions"], expected=want,
               count_ok=ok, seconds=round(r["seconds"], 3), exec_per_s=None,
               rss_mb=rounded(r["rss_mb"], 1), cpu_seconds=rounded(r["cpu_seconds"], 3), events=events,
               events_per_execution=rounded(events / runs, 1) if events else None,
               us_per_event=rounded(cpu * 1e6 / events, 2) if events else None)
    rows.append(row)
    print("%-*s %-9s %-9s %12s %9.2f %9s %9s %10s %9s%s" % (
        width, label, r["verdict"], want, r["executions"], row["seconds"], row["cpu_seconds"], row["rss_mb"],
        row["events_per_execution"], row["us_per_event"], "" if ok else "   MISMATCH") + baseline_columns(row, r),
          flush=True)


# Kernels at the sizes they are launched (benchmarks/programs/launch, CUDA as written): name,
# program, defines per size (threads = blocks x threads per block), quick sizes. Each is fixed
# (verified) and has one execution: every value it reads is ordered by its block's barriers or
# read from the host, and its atomic updates commute with unused results.
def _launch(per_block, blocks, extra=None):
    d = {"THREADS": per_block, "BLOCKS": blocks}
    d.update(extra or {})
    return d


LAUNCH = [
    ("vecadd", "vecadd.cu", [_launch(32, 1), _launch(256, 1), _launch(256, 16), _launch(256, 64),
                              _launch(256, 256)], 2),
    ("reduce", "reduce.cu", [_launch(32, 1), _launch(256, 1), _launch(1024, 1), _launch(256, 4),
                              _launch(256, 64), _launch(256, 256)], 3),
    ("scan", "scan.cu", [_launch(32, 1), _launch(256, 1), _launch(256, 16), _launch(256, 64)], 2),
    ("matmul", "matmul.cu", [{"TILE": 4, "SIDE": 8}, {"TILE": 16, "SIDE": 32}, {"TILE": 16, "SIDE": 64},
                             {"TILE": 16, "SIDE": 128}], 2),
    ("histogram", "histogram.cu", [_launch(4, 1), _launch(8, 1), _launch(32, 1), _launch(256, 64)], 1),
    ("counter", "counter.cu", [{"THREADS": 4}, {"THREADS": 8}, {"THREADS": 10}, {"THREADS": 256}], 2),
    ("gridcounter", "gridcounter.cu", [_launch(32, 1), _launch(256, 4), _launch(256, 64), _launch(256, 256)], 2),
    ("hostloop", "hostloop.c", [{"ELEMS": 1024}, {"ELEMS": 16384}, {"ELEMS": 131072}, {"ELEMS": 1048576}], 2),
]


# pthread barriers (benchmarks/programs/barrier): name, program, defines, expected verdict,
# expected complete executions. tclosure's variant 0 checks each barrier's result in a way either
# value passes, so who is serial changes nothing: 1 execution. Variant 1 records the serial
# thread of each of the N rounds: THREADS^N executions (docs/model.md, "Serial thread").
def _tc(threads, n, variant):
    return ("tclosure-%dx%d-%s" % (threads, n, ["checked", "recorded"][variant]), "barrier/tclosure.c",
            {"THREADS": threads, "N": n, "VARIANT": variant}, "verified", 1 if variant == 0 else threads ** n)


BARRIER = [_tc(2, 6, 0), _tc(4, 3, 0), _tc(4, 8, 0), _tc(16, 32, 0), _tc(64, 64, 0),
           _tc(2, 6, 1), _tc(4, 3, 1), _tc(4, 6, 1)]
BARRIER_QUICK = [BARRIER[0], BARRIER[2], BARRIER[5]]


def launch_threads(d):
    if "TILE" in d:
        return (d["SIDE"] // d["TILE"]) ** 2 * d["TILE"] ** 2
    return d.get("THREADS", 1) * d.get("BLOCKS", 1)


def run_launch(args, rows):
    """The launch-size family: each kernel at growing thread counts, with the executions,
    events, CPU time per event and peak memory per event of each size (the cost of an event
    should not grow with the threads)."""
    print()
    header = "%-22s %8s %-9s %10s %10s %9s %9s %10s %10s" % ("launch program", "threads", "verdict", "executions",
                                                            "events", "cpu(s)", "RSS(MB)", "us/event", "B/event")
    print(header)
    print("-" * len(header))
    for name, program, sizes, quick in LAUNCH:
        for d in sizes[:quick] if args.quick else sizes:
            r = run_one(args.tool, "launch/" + program, d, args.timeout)
            events = r.get("events")
            cpu = r["cpu_seconds"] or r["seconds"]
            ok = r["verdict"] == "verified" and r["executions"] == 1
            label = "%s-%s" % (name, "-".join("%s%d" % (k[0].lower(), v) for k, v in d.items()))
            row = dict(program=label, threads=launch_threads(d), verdict=r["verdict"], executions=r["executions"],
                       expected="verified", count_ok=ok, seconds=round(r["seconds"], 3),
                       cpu_seconds=rounded(r["cpu_seconds"], 3), rss_mb=rounded(r["rss_mb"], 1), events=events,
                       us_per_event=rounded(cpu * 1e6 / events, 2) if events else None,
                       bytes_per_event=round(r["rss_mb"] * 1048576 / events) if events and r["rss_mb"] else None)
            rows.append(row)
            print("%-22s %8d %-9s %10s %10s %9s %9s %10s %10s%s" % (
                label, row["threads"], r["verdict"], r["executions"], events, row["cpu_seconds"], row["rss_mb"],
                row["us_per_event"], row["bytes_per_event"], "" if ok else "   MISMATCH") + baseline_columns(row, r),
                  flush=True)


def run_symmetry(args, rows, workers, suffix):
    """The symmetry family: each program with the reduction, its count against the count
    without it (no more), and the CPU time against the target (at most 60 s per run)."""
    print()
    header = "%-28s %-9s %-9s %12s %14s %9s %9s %8s" % ("symmetry program", "verdict", "expected", "executions",
                                                       "without(spec)", "time(s)", "cpu(s)", "target")
    print(header)
    print("-" * len(header))
    for (label, program, defines, want, full, target), w in [(x, w) for x in
                                                             (SYMMETRY_QUICK if args.quick else SYMMETRY)
                                                             for w in workers]:
        r = run_one(args.tool, program, defines, min(args.timeout, 60), ["--nthreads", str(w)])
        cpu = r["cpu_seconds"] or r["seconds"]
        ok = r["verdict"] == want and (full is None or (r["executions"] or 0) <= full)
        met = target is None or (r["verdict"] == want and cpu <= target)
        row = dict(program=label + suffix(w), verdict=r["verdict"], executions=r["executions"], expected=want,
                   executions_without=full, count_ok=ok, target_cpu_seconds=target, target_met=met,
                   seconds=round(r["seconds"], 3), cpu_seconds=rounded(r["cpu_seconds"], 3),
                   rss_mb=rounded(r["rss_mb"], 1))
        rows.append(row)
        print("%-28s %-9s %-9s %12s %14s %9.2f %9s %8s%s" % (
            row["program"], r["verdict"], want, r["executions"], "-" if full is None else full, row["seconds"],
            row["cpu_seconds"], "-" if target is None else "%gs%s" % (target, "" if met else " MISSED"),
            "" if ok else "   MISMATCH") + baseline_columns(row, r), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", default=os.path.join(ROOT, "build", "cli", "scopemc"))
    ap.add_argument("--quick", action="store_true", help="small sizes only")
    ap.add_argument("--only", help="comma-separated family names (LB, SB, fai, caslock, long, gpu, opencl, cuda, "
                                          "symmetry, launch, repair)")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--nthreads", default="1", help="comma-separated worker counts to run each program with")
    ap.add_argument("--baseline", help="another scopemc binary to run side by side (before/after tables)")
    ap.add_argument("--genmc", help="GenMC's binary (../shared/tools/genmc.sh prints it), run side by side "
                                    "on the plain C11 families: LB, SB, fai, caslock, long")
    ap.add_argument("--csv")
    ap.add_argument("--json")
    args = ap.parse_args()
    workers = [int(w) for w in args.nthreads.split(",")]
    global BASELINE
    BASELINE = args.baseline
    if BASELINE and not os.path.exists(BASELINE):
        sys.exit("no baseline tool at %s" % BASELINE)
    global GENMC
    GENMC = args.genmc
    if GENMC and not os.path.exists(GENMC):
        sys.exit("no GenMC at %s" % GENMC)
    suffix = (lambda w: "-w%d" % w) if len(workers) > 1 else (lambda w: "")
    if not os.path.exists(args.tool):
        sys.exit("no tool at %s: run scripts/setup.sh first" % args.tool)

    rows = []
    header = "%-12s %-9s %12s %10s %9s %9s %12s %9s" % ("program", "verdict", "executions", "expected", "time(s)",
                                                        "cpu(s)", "exec/s", "RSS(MB)")
    print(header)
    print("-" * len(header))
    for name, program, sizes, quick, formula in FAMILIES:
        if args.only and name not in args.only.split(","):
            continue
        for n, w in [(n, w) for n in (quick if args.quick else sizes) for w in workers]:
            r = run_one(args.tool, program, {"N": n}, args.timeout, ["--nthreads", str(w)] + FULL)
            expected = formula(n)
            ok = r["executions"] == expected
            row = dict(program="%s-%d%s" % (name, n, suffix(w)), verdict=r["verdict"], executions=r["executions"],
                       expected=expected, count_ok=ok, seconds=round(r["seconds"], 3),
                       exec_per_s=round(r["executions"] / r["seconds"]) if r["executions"] else None,
                       rss_mb=rounded(r["rss_mb"], 1), cpu_seconds=rounded(r["cpu_seconds"], 3))
            rows.append(row)
            print("%-12s %-9s %12s %10s %9.2f %9s %12s %9s%s" % (
                row["program"], row["verdict"], row["executions"], expected, row["seconds"], row["cpu_seconds"],
                row["exec_per_s"], row["rss_mb"], "" if ok else "   COUNT MISMATCH") + baseline_columns(row, r),
                  flush=True)
    if not args.only or "long" in args.only.split(","):
        run_long(args, rows)
    if not args.only or "gpu" in args.only.split(","):
        print()
        table_header("gpu program", 26)
        for (name, program, b, t, v, want, count), w in [(g, w) for g in (GPU_QUICK if args.quick else GPU)
                                                         for w in workers]:
            r = run_one(args.tool, "gpu/" + program, {"BLOCKS": b, "THREADS": t, "VARIANT": v}, args.timeout,
                        ["--nthreads", str(w)] + FULL)
            label = "%s-%dx%d-%s%s" % (name, b, t, ["ok", "rlx-acq", "rlx-rel"][v], suffix(w))
            verdict_row(rows, label, r, want, count, 26)
        for (name, program, b, t, v, sc, want, count), w in [(k, w) for k in (KERNELS[:4] if args.quick else KERNELS)
                                                             for w in workers]:
            # (with the reduction: every fixed kernel has one execution either way, and these
            # rows show that finding the classes costs nothing measurable)
            r = run_one(args.tool, "gpu/" + program, {"BLOCKS": b, "THREADS": t, "VARIANT": v, "SC": sc},
                        args.timeout, ["--nthreads", str(w)])
            label = "%s-%dx%d-%s-%s%s" % (name, b, t, ["fixed", "racy"][v], ["relacq", "sc"][sc], suffix(w))
            verdict_row(rows, label, r, want, count, 26)
    if not args.only or "opencl" in args.only.split(","):
        print()
        table_header("opencl kernel (--kernel)", 30)
        for (name, b, t, switch, want, count), w in [(o, w) for o in (OPENCL_QUICK if args.quick else OPENCL)
                                                     for w in workers]:
            path = os.path.join(ROOT, "examples", "opencl", name + ".cl")
            defines = {switch: 1} if switch else {}
            r = run_one(args.tool, path, defines, args.timeout,
                        ["--kernel", name, "--grid", "%dx%d" % (b, t), "--nthreads", str(w)] + FULL)
            label = "cl-%s-%dx%d-%s%s" % (name, b, t, {"": "ok", "RELAXED_ACQUIRE": "rlx-acq",
                                                       "RELAXED_RELEASE": "rlx-rel"}[switch], suffix(w))
            verdict_row(rows, label, r, want, count, 30)
    if not args.only or "cuda" in args.only.split(","):
        print()
        table_header("cuda (.cu as written)", 30)
        for (label, path, defines, want, count), w in [(c, w) for c in (CUDA_QUICK if args.quick else CUDA)
                                                       for w in workers]:
            r = run_one(args.tool, path, defines, args.timeout, ["--nthreads", str(w)] + FULL)
            verdict_row(rows, label + suffix(w), r, want, count, 30)
    if not args.only or "symmetry" in args.only.split(","):
        run_symmetry(args, rows, workers, suffix)
    if not args.only or "barrier" in args.only.split(","):
        print()
        table_header("barrier program", 26)
        for (label, program, defines, want, count), w in [(b, w) for b in (BARRIER_QUICK if args.quick else BARRIER)
                                                          for w in workers]:
            r = run_one(args.tool, program, defines, args.timeout, ["--nthreads", str(w)])
            verdict_row(rows, label + suffix(w), r, want, count, 26)
    if not args.only or "launch" in args.only.split(","):
        run_launch(args, rows)
    if not args.only or "repair" in args.only.split(","):
        run_repair(args, rows)
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            fields = []
            for r in rows:
                fields += [k for k in r if k not in fields]
            w = csv.DictWriter(f, fieldnames=fields)
            w.writeheader()
            w.writerows(rows)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)
    return 0 if all(r["count_ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
