#!/usr/bin/env python3
"""Mutation fuzzing of the C path, bounded in time: mutants of the C corpus (tests, examples,
benchmarks) must end with a documented exit code (0, 3, 5, 42, 124; docs/interface.md §4), never a
signal or an internal error (7), and every refusal (5) must name a position (FILE:LINE).
Mutations are the mistakes and attacks a user's program may hold: deleted, duplicated and
swapped lines, boundary integers (sizes, shifts, counts), wrong argument counts, unbalanced
tokens, truncation, other orders and scopes. One job in eight is a structured probe instead:
litmus conditions nested or chained to a random depth, C statements and expressions nested to
a random depth, a loop without events under --timeout, recursion of random depth.

Usage: fuzz_c.py SCOPEMC ROOT [--seconds S] [--seed N] [--jobs J]
A failure prints the seed, the mutant number, the mutation and the mutant; SCOPEMC_FUZZ_SEED
(or --seed) replays a run."""
import argparse
import concurrent.futures
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

CORPUS_DIRS = ["tests/e2e/programs", "tests/cli", "examples", "benchmarks/programs", "tests/e2e/repair"]
DOCUMENTED = {0, 3, 5, 42, 124}
INTEGERS = ["0", "-1", "1", "2", "31", "32", "64", "255", "65536", "2147483647", "-2147483648",
            "4294967295", "(1L << 40)", "(size_t)-1", "0x7fffffffffffffff", "100000"]
TOKENS = ["{", "}", "(", ")", ";", ",", "*", "&", "[", "]", "#", "\"", "'", "/*", "//", "\\",
          "return", "goto", "break", "while (1)", "int", "void", "static", "_Atomic", "__thread",
          "memory_order_relaxed", "memory_order_seq_cst", "__VERIFIER_weak_access();",
          "__VERIFIER_memory_scope_work_group();", "free(0);", "abort();", "exit(1);"]
WORDS = [("memory_order_acquire", "memory_order_relaxed"), ("memory_order_release", "memory_order_relaxed"),
         ("memory_order_seq_cst", "memory_order_relaxed"), ("_device", "_work_group"),
         ("pthread_join", "pthread_detach"), ("malloc", "alloca"), ("free", "(void)"), ("<", "<="),
         ("+ 1", "- 1"), ("atomic_", "")]


def corpus(root):
    files = []
    for d in CORPUS_DIRS:
        for dirpath, _, names in os.walk(os.path.join(root, d)):
            for n in sorted(names):
                if n.endswith(".c") and ".repaired." not in n:
                    files.append(os.path.join(dirpath, n))
    return sorted(files)


def mutate(text, rng):
    """One to three mutations of text; returns (mutant, description)."""
    lines = text.split("\n")
    what = []
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(10)
        i = rng.randrange(len(lines)) if lines else 0
        if k == 0 and lines:
            what.append("delete line %d" % (i + 1))
            del lines[i]
        elif k == 1 and lines:
            what.append("duplicate line %d" % (i + 1))
            lines.insert(i, lines[i])
        elif k == 2 and len(lines) > 1:
            j = rng.randrange(len(lines))
            what.append("swap lines %d and %d" % (i + 1, j + 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif k in (3, 4):  # a boundary integer in place of a literal
            spots = [(n, m) for n, l in enumerate(lines) for m in re.finditer(r"\b\d+\b", l)]
            if spots:
                n, m = rng.choice(spots)
                v = rng.choice(INTEGERS)
                what.append("line %d: %s -> %s" % (n + 1, m.group(0), v))
                lines[n] = lines[n][:m.start()] + v + lines[n][m.end():]
        elif k == 5:  # a call loses or gains an argument
            spots = [(n, m) for n, l in enumerate(lines) for m in re.finditer(r"\w+\(([^()]*)\)", l)]
            if spots:
                n, m = rng.choice(spots)
                args = m.group(1)
                new = args.rsplit(",", 1)[0] if "," in args and rng.random() < 0.6 else (args + ", 0" if args else "0")
                what.append("line %d: arguments (%s) -> (%s)" % (n + 1, args, new))
                lines[n] = lines[n][:m.start(1)] + new + lines[n][m.end(1):]
        elif k == 6 and lines:
            tok = rng.choice(TOKENS)
            col = rng.randrange(len(lines[i]) + 1)
            what.append("line %d: insert %r" % (i + 1, tok))
            lines[i] = lines[i][:col] + tok + lines[i][col:]
        elif k == 7:
            a, b = rng.choice(WORDS)
            if rng.random() < 0.5:
                a, b = b, a
            spots = [n for n, l in enumerate(lines) if a in l]
            if spots:
                n = rng.choice(spots)
                what.append("line %d: %r -> %r" % (n + 1, a, b))
                lines[n] = lines[n].replace(a, b, 1)
        elif k == 8:
            cut = rng.randrange(max(len(text), 1))
            what.append("truncate at byte %d" % cut)
            lines = "\n".join(lines)[:cut].split("\n")
        elif lines:
            j = rng.randrange(len(lines))
            what.append("line %d replaced by line %d" % (i + 1, j + 1))
            lines[i] = lines[j]
    return "\n".join(lines), "; ".join(what) or "none"


LITMUS = """C deep
{ [x] = 0; }
P0 (atomic_int* x) {
  int r0 = atomic_load_explicit(x, memory_order_relaxed);
}
exists (%s)
"""


def probe(rng):
    """A structured hostile input instead of a mutant: nesting at a random depth (litmus
    conditions, C statements and expressions) or a program that probes a limit. Returns
    (file name, text, extra arguments, description)."""
    k = rng.randrange(6)
    if k == 0:
        d = rng.randint(1, 400)
        op = rng.choice(["(", "~"])
        cond = op * d + "0:r0=0" + (")" * d if op == "(" else "")
        return "deep.litmus", LITMUS % cond, ["litmus"], "litmus condition %d x %r" % (d, op)
    if k == 1:
        d = rng.randint(1, 20000)
        return "and.litmus", LITMUS % " /\\ ".join(["0:r0=0"] * d), ["litmus"], "litmus %d conjuncts" % d
    if k == 2:
        d = rng.randint(100, 15000)
        return ("nest.c", "int x;\nint main(void) {\n" + "if (x == 0) " * d + "x = 1;\nreturn 0;\n}\n",
                [], "%d nested ifs" % d)
    if k == 3:
        d = rng.randint(10, 100000)
        e = rng.choice(["- ", "~", "!", "("])
        body = e * d + "x" + (")" * d if e == "(" else "")
        return "expr.c", "int x;\nint main(void) { x = %s; return 0; }\n" % body, [], "%d x %r" % (d, e)
    if k == 4:
        return ("spin.c", "int main(void) { volatile unsigned x = 1; for (;;) x = x * 3 + 1; }\n",
                ["--timeout", "1"], "a loop without events under --timeout 1")
    d = rng.choice([10, 1000, 100000, 10000000])
    return ("rec.c", "int f(int n) { return n == 0 ? 0 : 1 + f(n - 1); }\nvolatile int N = %d;\n"
            "int main(void) { return f(N) != N; }\n" % d, [], "recursion %d deep" % d)


def run(tool, path, workdir, extra=()):
    extra = list(extra)
    sub = ["litmus"] if extra[:1] == ["litmus"] else []
    rest = extra[len(sub):]
    if sub:
        cmd = [tool, "litmus", path, "--timeout", "3"]
    else:
        limits = [] if "--timeout" in rest else ["--timeout", "3"]
        cmd = [tool, path] + limits + ["--memory-limit", "2000", "--unroll", "64"] + rest
    try:
        p = subprocess.run(cmd, cwd=workdir, capture_output=True, text=True, errors="replace", timeout=30)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return "hang", ""


def check(rc, out, name):
    """Why the outcome breaks the contract, or None."""
    if rc == "hang":
        return "no answer within 30 s despite --timeout 3"
    if rc < 0:
        return "killed by signal %d" % -rc
    if rc == 7:
        return "internal error"
    if rc not in DOCUMENTED:
        return "undocumented exit code %d" % rc
    # a position: FILE:LINE, or the file for what concerns the whole program (no main)
    if rc == 5 and not re.search(r"[\w./-]+\.(c|h|litmus)(:\d+|: the program has no function)", out):
        return "a refusal without a position"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("root")
    ap.add_argument("--seconds", type=float, default=75)
    ap.add_argument("--seed", type=int, default=int(os.environ.get("SCOPEMC_FUZZ_SEED", "0")) or None)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    args.tool = os.path.abspath(args.tool)
    seed = args.seed or random.SystemRandom().randrange(1, 1 << 31)
    files = corpus(args.root)
    print("seed %d (replay with SCOPEMC_FUZZ_SEED=%d), %d corpus files" % (seed, seed, len(files)), flush=True)
    rng = random.Random(seed)
    work = tempfile.mkdtemp(prefix="scopemc-fuzz-")
    deadline = time.monotonic() + args.seconds
    codes = {}
    args.seed_used = seed
    try:
        failures, done = fuzz(args, rng, files, work, deadline, codes)
    finally:  # a failure prints its mutant in full: the scratch folder is not needed after
        shutil.rmtree(work, ignore_errors=True)
    print("%d mutants, exit codes %s, %d failures (seed %d)" % (
        done, ", ".join("%s: %d" % (c, n) for c, n in sorted(codes.items(), key=str)), failures, seed))
    return 1 if failures else 0


def fuzz(args, rng, files, work, deadline, codes):
    failures, done = 0, 0
    seed = args.seed_used

    def job(k, src, mutant, what, extra=()):
        d = os.path.join(work, str(k))
        os.makedirs(d)
        # next to a copy of the original's folder's headers, so local includes resolve
        if os.path.dirname(src):
            for h in os.listdir(os.path.dirname(src)):
                if h.endswith(".h"):
                    os.symlink(os.path.join(os.path.dirname(src), h), os.path.join(d, h))
        path = os.path.join(d, os.path.basename(src))
        with open(path, "w") as f:
            f.write(mutant)
        rc, out = run(args.tool, path, d, extra)
        return k, src, what, mutant if len(mutant) < 4000 else mutant[:4000] + "...", rc, out

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        pending = set()
        k = 0
        while time.monotonic() < deadline or pending:
            while time.monotonic() < deadline and len(pending) < args.jobs * 2:
                if rng.randrange(8) == 0:  # one job in eight: a structured probe
                    name, text, extra, what = probe(rng)
                    pending.add(pool.submit(job, k, name, text, what, extra))
                else:
                    src = rng.choice(files)
                    with open(src, errors="replace") as f:
                        mutant, what = mutate(f.read(), rng)
                    pending.add(pool.submit(job, k, src, mutant, what))
                k += 1
            finished, pending = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in finished:
                n, src, what, mutant, rc, out = fut.result()
                done += 1
                codes[rc] = codes.get(rc, 0) + 1
                why = check(rc, out, src)
                if why:
                    failures += 1
                    print("FAIL mutant %d of %s (seed %d): %s\n  mutation: %s\n  output:\n%s\n  mutant:\n%s" % (
                        n, os.path.relpath(src, args.root) if os.path.dirname(src) else src, seed, why,
                        what, out[-2000:], mutant), flush=True)
    return failures, done


if __name__ == "__main__":
    sys.exit(main())
