#!/usr/bin/env python3
"""Which sources clang-tidy need not check again (scripts/lint.sh runs this).

    python3 scripts/tidy_cache.py BUILD_DIR stale FILE...   # prints the files to check
    python3 scripts/tidy_cache.py BUILD_DIR record          # after they passed

A source passed clang-tidy before when its key is in .lint/tidy-passed: the hash of what
clang-tidy's answer depends on, namely clang-tidy's version, .clang-tidy and lint.sh (the
checks and the tool's arguments), the file's compile flags and the file as the compiler sees it (preprocessed by clang++-19 with those flags, so
every header it includes counts, LLVM's too). Paths under the repository are written
relative to it, so a clone elsewhere gets the same keys. A key that matches is a file whose
check would see exactly what a passing check saw; anything else (a changed header, another
LLVM, new flags) is checked again. `stale` keeps the keys of all FILE in BUILD_DIR/tidy-keys;
`record` writes them to .lint/tidy-passed (the keys of the current sources only), which is
committed with the code lint.sh passed.
"""
import hashlib
import json
import os
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PASSED = os.path.join(ROOT, ".lint", "tidy-passed")


def relative(text):
    return text.replace(ROOT + "/", "./").replace(ROOT, ".")


def flags_of(build):
    """{absolute source path: its compile arguments, without the output and the source}."""
    with open(os.path.join(build, "compile_commands.json")) as f:
        entries = json.load(f)
    out = {}
    for e in entries:
        args = shlex.split(e["command"])[1:]
        kept, skip = [], False
        for a in args:
            if skip:
                skip = False
                continue
            if a in ("-o", "-c"):
                skip = a == "-o"
                continue
            if os.path.abspath(a) == os.path.abspath(e["file"]):
                continue
            kept.append(a)
        out[os.path.abspath(e["file"])] = kept
    return out


def tool_version():
    out = subprocess.run(["clang-tidy-19", "--version"], capture_output=True, text=True)
    return out.stdout


def key_of(path, flags, common):
    cmd = ["clang++-19", "-E", "-P", "-Wno-unknown-warning-option"] + flags + [path]
    pre = subprocess.run(cmd, capture_output=True, text=True)
    if pre.returncode != 0:
        return None  # let clang-tidy say what is wrong
    h = hashlib.sha256()
    for part in (common, relative(" ".join(flags)), relative(os.path.relpath(path, ROOT)),
                 relative(pre.stdout)):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()


def main():
    build, mode = sys.argv[1], sys.argv[2]
    keys_file = os.path.join(build, "tidy-keys")
    if mode == "record":
        with open(keys_file) as f:
            keys = sorted(set(line.strip() for line in f if line.strip()))
        os.makedirs(os.path.dirname(PASSED), exist_ok=True)
        with open(PASSED, "w") as f:
            f.write("".join(k + "\n" for k in keys))
        return 0
    files = [os.path.abspath(p) for p in sys.argv[3:]]
    flags = flags_of(build)
    common = tool_version()
    for name in (".clang-tidy", "scripts/lint.sh"):  # the checks, and the tool's arguments
        with open(os.path.join(ROOT, name)) as f:
            common += f.read()
    passed = set()
    if os.path.exists(PASSED):
        with open(PASSED) as f:
            passed = set(line.strip() for line in f)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        keys = list(pool.map(lambda p: key_of(p, flags.get(p, []), common), files))
    with open(keys_file, "w") as f:
        f.write("".join(k + "\n" for k in keys if k))
    for path, key in zip(files, keys):
        if key is None or key not in passed:
            print(os.path.relpath(path, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
