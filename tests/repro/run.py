#!/usr/bin/env python3
"""Inputs that once gave a wrong verdict, a crash, a cliff or an unplaced refusal
(tests/repro/README.md): each case of cases.txt must give its exit code and its text, within
its time.

    run.py SCOPEMC REPRO_DIR [SHARED_REPRO_DIR]

With SHARED_REPRO_DIR (the team's folder of such inputs, when it exists beside the clone),
every input in it must also be in REPRO_DIR, unchanged: the copy is what a clone tests (the
READMEs differ: ours says what each case must give).

cases.txt: one case a line, fields separated by ' | ':
    NAME | EXIT | REGEX the output (stdout and stderr) must match | SECONDS | ARGS...
ARGS are split on spaces; {dir} stands for REPRO_DIR, {tmp} for a scratch folder. '#'
starts a comment line; a line 'GEN FILE | COMMAND' writes what COMMAND (run in REPRO_DIR)
prints to {tmp}/FILE first.

SECONDS guards against a cliff (a search or a compile that grows out of proportion), measured
on a Release build; in the sanitized build (SCOPEMC_SANITIZED set, scripts/sanitize.sh) every
instruction costs several times more, so the limits are multiplied by SANITIZED_SLOWDOWN.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SANITIZED_SLOWDOWN = 4


def main():
    tool, here = sys.argv[1], sys.argv[2]
    with open(os.path.join(here, "cases.txt")) as f:
        lines = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
    slowdown = SANITIZED_SLOWDOWN if os.environ.get("SCOPEMC_SANITIZED") else 1
    missing = missing_copies(here, sys.argv[3]) if len(sys.argv) > 3 else []
    for name in missing:
        print("FAIL %s is in %s but not (or not the same) in %s" % (name, sys.argv[3], here))
    tmp = tempfile.mkdtemp(prefix="scopemc-repro-")
    try:
        passed, failed = run_cases(tool, here, lines, tmp, slowdown)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed or missing else 0)


def missing_copies(here, shared):
    """The files of the shared folder (and its subfolders) that the repository lacks or holds
    changed."""
    if not os.path.isdir(shared):
        return []
    missing = []
    for root, _, files in os.walk(shared):
        for file in sorted(files):
            theirs = os.path.join(root, file)
            name = os.path.relpath(theirs, shared)
            if file == "README.md":
                continue
            ours = os.path.join(here, name)
            with open(theirs, "rb") as a:
                want = a.read()
            if not os.path.isfile(ours) or open(ours, "rb").read() != want:
                missing.append(name)
    return sorted(missing)


def run_cases(tool, here, lines, tmp, slowdown):
    passed, failed, known = 0, 0, 0
    for line in lines:
        # "KNOWN name | ..." : a verdict known to be wrong today (the README says which): the
        # case states the right verdict; it is reported, and fails once it is right (then it
        # must become an ordinary case).
        expect_wrong = line.startswith("KNOWN ")
        if expect_wrong:
            line = line[len("KNOWN "):]
        if line.startswith("GEN "):
            target, command = [x.strip() for x in line[4:].split(" | ", 1)]
            with open(os.path.join(tmp, target), "w") as out:
                subprocess.run(command.split(), stdout=out, cwd=here, check=True)
            continue
        name, code, pattern, limit, args = [x.strip() for x in line.split(" | ", 4)]
        seconds = float(limit) * slowdown
        argv = [tool] + [a.replace("{dir}", here).replace("{tmp}", tmp) for a in args.split()]
        start = time.monotonic()
        try:
            out = subprocess.run(argv, capture_output=True, text=True, cwd=here,
                                 timeout=seconds * 3 + 5, stdin=subprocess.DEVNULL)
            rc, text = out.returncode, out.stdout + out.stderr
        except subprocess.TimeoutExpired:
            rc, text = "timeout", ""
        took = time.monotonic() - start
        problems = []
        if str(rc) != code:
            problems.append("exit %s, expected %s" % (rc, code))
        if not re.search(pattern, text, re.S):
            problems.append("output does not match /%s/" % pattern)
        if took > seconds:
            problems.append("took %.1f s, limit %g s" % (took, seconds))
        if expect_wrong:
            if problems:
                known += 1
                print("KNOWN WRONG %s: %s" % (name, "; ".join(problems)))
            else:
                failed += 1
                print("FAIL %s: gives the right verdict now: make it an ordinary case" % name)
        elif problems:
            failed += 1
            print("FAIL %s: %s\n  %s\n%s" % (name, "; ".join(problems), " ".join(argv),
                                             "\n".join("  | " + l for l in text.splitlines()[:15])))
        else:
            passed += 1
            print("ok   %s (%.2f s)" % (name, took))
    if known:
        print("%d verdicts known to be wrong (KNOWN cases)" % known)
    return passed, failed


if __name__ == "__main__":
    main()
