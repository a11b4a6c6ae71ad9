#!/usr/bin/env python3
"""Size limits of the exploration library (scripts/lint.sh runs this).

    python3 scripts/size_limits.py INCLUDE_VIEW_DIR [FOLDER] [--lines N] [--methods N]

Fails when a source file of FOLDER (default dpor) has more than N lines (600), or a class
defined in one of its headers declares more than N member functions (30: constructors,
operators and static members count; implicit ones and nested classes' members do not).
Classes are read from Clang's AST dump of each header, compiled with INCLUDE_VIEW_DIR (the
library's include view in a configured build tree) on the include path.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
METHOD = re.compile(r"^(CXXMethodDecl|CXXConstructorDecl|CXXDestructorDecl|CXXConversionDecl|FunctionTemplateDecl)\b")
RECORD = re.compile(r"^CXXRecordDecl .* (class|struct) (\w+) definition$")
LOCATION = re.compile(r"(/[^\s:<>,]+):\d+:\d+")


def node_of(line):
    """(depth, text) of one line of the text AST dump: depth is where the node's name starts."""
    m = re.match(r"^[\s|`-]*", line)
    return len(m.group(0)), line[len(m.group(0)):]


def classes_in(header, include_dir):
    """{class name: member functions} of the classes a header defines itself."""
    cmd = ["clang++-19", "-x", "c++", "-std=c++20", "-fsyntax-only", "-Wno-pragma-once-outside-header",
           "-Xclang", "-ast-dump", "-Xclang", "-ast-dump-filter=scopemc",
           "-fno-color-diagnostics", "-I", os.path.abspath(include_dir), header]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("size_limits: %s does not compile on its own:\n%s" % (header, out.stderr[:2000]))
    counts, stack, current_file = {}, [], None  # stack: (depth, class name or None)
    real = {}  # realpath cache: the include view holds links to the folders
    target = os.path.realpath(header)
    for line in out.stdout.splitlines():
        depth, text = node_of(line)
        while stack and stack[-1][0] >= depth:
            stack.pop()
        for m in LOCATION.finditer(text):  # the dump names a file only when it changes
            current_file = m.group(1)
        if current_file is not None and current_file not in real:
            real[current_file] = os.path.realpath(current_file)
        own = current_file is not None and real[current_file] == target
        rec = RECORD.match(text)
        if rec and own and "implicit" not in text.split()[:4]:
            name = ".".join([n for _, n in stack if n] + [rec.group(2)])
            counts.setdefault(name, 0)
            stack.append((depth, name.split(".")[-1]))
            continue
        if stack and stack[-1][1] and METHOD.match(text) and " implicit " not in text:
            # a direct child of the innermost class: its name is the full dotted path
            owner = ".".join(n for _, n in stack if n)
            if owner in counts:
                counts[owner] += 1
        stack.append((depth, None))
    return counts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("include_dir")
    ap.add_argument("folder", nargs="?", default="dpor")
    ap.add_argument("--lines", type=int, default=600)
    ap.add_argument("--methods", type=int, default=30)
    args = ap.parse_args()
    folder = os.path.join(ROOT, args.folder)
    problems = []
    sources = sorted(glob.glob(os.path.join(folder, "*.h")) + glob.glob(os.path.join(folder, "*.cpp")))
    for path in sources:
        with open(path) as f:
            n = sum(1 for _ in f)
        if n > args.lines:
            problems.append("%s: %d lines (at most %d)" % (os.path.relpath(path, ROOT), n, args.lines))
    largest = []
    for header in (p for p in sources if p.endswith(".h")):
        for name, count in classes_in(header, args.include_dir).items():
            largest.append((count, name))
            if count > args.methods:
                problems.append("%s: class %s has %d member functions (at most %d)"
                                % (os.path.relpath(header, ROOT), name, count, args.methods))
    largest.sort(reverse=True)
    print("size limits of %s/: %d files, largest classes: %s" % (
        args.folder, len(sources), ", ".join("%s %d" % (n, c) for c, n in largest[:3])))
    for p in problems:
        print("size_limits: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
