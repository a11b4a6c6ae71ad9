#!/usr/bin/env python3
"""Size limits of every library folder (scripts/lint.sh runs this).

    python3 scripts/size_limits.py INCLUDE_VIEW_ROOT [FOLDER...] [--report]

Fails when a source file of a folder has more lines than the folder's ceiling, or a class
defined in one of its headers declares more member functions than the folder's ceiling
(constructors, operators and static members count; implicit ones and nested classes' members
do not). The aim everywhere is 600 lines and 30 member functions; a folder whose largest file
or class was over the aim when the limits were set has that size as its ceiling, which only
goes down (lower it when the folder shrinks, never raise it). Classes are read from Clang's
AST dump of the folder's headers, compiled together with the library's include view (INCLUDE_VIEW_ROOT/<view>,
in a configured build tree) on the include path. --report prints each folder's largest file
and class.

The class counts of a folder are kept in .lint/size-classes.json (commit it with the code)
under a key of everything the compilation reads that can change with the project: this script,
the compiler's version, every header of the library folders and the view's entries. A folder
whose key is there is not compiled again (SCOPEMC_SIZE_ALL=1 compiles every folder).
"""
import argparse
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
METHOD = re.compile(r"^(CXXMethodDecl|CXXConstructorDecl|CXXDestructorDecl|CXXConversionDecl|FunctionTemplateDecl)\b")
RECORD = re.compile(r"^CXXRecordDecl .* (class|struct) (\w+) definition$")
LOCATION = re.compile(r"(/[^\s:<>,]+):\d+:\d+")


def node_of(line):
    """(depth, text) of one line of the text AST dump: depth is where the node's name starts."""
    m = re.match(r"^[\s|`-]*", line)
    return len(m.group(0)), line[len(m.group(0)):]


def system_includes():
    """LLVM's headers and MPI's, which some libraries' headers include."""
    dirs = []
    for cmd in (["llvm-config-19", "--includedir"], ["mpicxx", "--showme:incdirs"]):
        try:
            out = subprocess.run(cmd, capture_output=True, text=True)
        except OSError:
            continue
        if out.returncode == 0:
            dirs += out.stdout.split()
    return [arg for d in dirs for arg in ("-isystem", d)]


SYSTEM_INCLUDES = system_includes()
POOL = ThreadPoolExecutor(max_workers=os.cpu_count() or 1)
CACHE = os.path.join(ROOT, ".lint", "size-classes.json")


def project_fingerprint():
    """What every folder's compilation reads of the project and the tools, hashed."""
    h = hashlib.sha256()
    out = subprocess.run(["clang++-19", "--version"], capture_output=True, text=True)
    h.update(out.stdout.encode())
    h.update(" ".join(SYSTEM_INCLUDES).encode())
    with open(os.path.abspath(__file__), "rb") as f:
        h.update(f.read())
    for name in sorted(LIMITS):
        for path in sorted(glob.glob(os.path.join(ROOT, name, "*.h"))):
            h.update(os.path.relpath(path, ROOT).encode())
            with open(path, "rb") as f:
                h.update(hashlib.sha256(f.read()).digest())
    return h.hexdigest()


def cached_classes_in(headers, include_dir, fingerprint, cache):
    """classes_in, or what .lint/size-classes.json holds for the same key."""
    key = hashlib.sha256((fingerprint + " ".join(os.path.relpath(p, ROOT) for p in headers) +
                          " ".join(sorted(os.listdir(include_dir)))).encode()).hexdigest()
    if key in cache and os.environ.get("SCOPEMC_SIZE_ALL", "0") != "1":
        return {os.path.join(ROOT, h): c for h, c in cache[key].items()}, key
    found = classes_in(headers, include_dir)
    return found, key


def classes_in(headers, include_dir):
    """{header: {class name: member functions}} of the classes each header defines itself,
    from one compilation of all of them (a folder's headers, with what they include)."""
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as tu:
        tu.write("".join('#include "%s"\n' % os.path.abspath(h) for h in headers))
    cmd = ["clang++-19", "-x", "c++", "-std=c++20", "-fsyntax-only", "-Wno-pragma-once-outside-header"] + \
        SYSTEM_INCLUDES + [
           "-Xclang", "-ast-dump", "-Xclang", "-ast-dump-filter=scopemc",
           "-fno-color-diagnostics", "-I", os.path.abspath(include_dir), tu.name]
    out = subprocess.run(cmd, capture_output=True, text=True)
    os.unlink(tu.name)
    if out.returncode != 0:
        sys.exit("size_limits: the headers of %s do not compile:\n%s"
                 % (os.path.dirname(headers[0]), out.stderr[:2000]))
    counts = {h: {} for h in headers}
    stack, current_file = [], None  # stack: (depth, class name or None, its header)
    real = {}  # realpath cache: the include view holds links to the folders
    targets = {os.path.realpath(h): h for h in headers}
    for line in out.stdout.splitlines():
        depth, text = node_of(line)
        while stack and stack[-1][0] >= depth:
            stack.pop()
        for m in LOCATION.finditer(text):  # the dump names a file only when it changes
            current_file = m.group(1)
        if current_file is not None and current_file not in real:
            real[current_file] = os.path.realpath(current_file)
        own = targets.get(real[current_file]) if current_file is not None else None
        rec = RECORD.match(text)
        if rec and own and "implicit" not in text.split()[:4]:
            name = ".".join([n for _, n, _ in stack if n] + [rec.group(2)])
            counts[own].setdefault(name, 0)
            stack.append((depth, name.split(".")[-1], own))
            continue
        if stack and stack[-1][1] and METHOD.match(text) and " implicit " not in text:
            # a direct child of the innermost class: its name is the full dotted path
            owner = ".".join(n for _, n, _ in stack if n)
            if owner in counts[stack[-1][2]]:
                counts[stack[-1][2]][owner] += 1
        stack.append((depth, None, None))
    return counts


AIM_LINES, AIM_METHODS = 600, 30
# folder: (include view, file lines, member functions per class). Ceilings above the aim are
# the folder's largest file or class on 2026-11-26 (issue 37); they only go down.
LIMITS = {
    "model": ("scopemc_model", AIM_LINES, 54),  # ExecutionGraph
    "runner": ("scopemc_runner", AIM_LINES, AIM_METHODS),
    "interpreter": ("scopemc_interpreter", AIM_LINES, 38),  # Interpreter
    "frontend": ("scopemc_frontend", AIM_LINES, AIM_METHODS),
    "program": ("scopemc_program", AIM_LINES, AIM_METHODS),
    "program/analysis": ("scopemc_analysis", AIM_LINES, AIM_METHODS),
    "dpor": ("scopemc_dpor", AIM_LINES, AIM_METHODS),
    "checks": ("scopemc_checks", AIM_LINES, AIM_METHODS),
    "litmus": ("scopemc_litmus", 810, AIM_METHODS),  # Parser.cpp
    "session": ("scopemc_session", AIM_LINES, AIM_METHODS),
    "repair": ("scopemc_repair", 648, AIM_METHODS),  # SourceEdit.cpp
    "distributed": ("scopemc_distributed", AIM_LINES, AIM_METHODS),
    "cli": ("scopemc_cli", AIM_LINES, AIM_METHODS),
}


def check_folder(name, include_root, problems, fingerprint, cache, fresh):
    """Checks one folder against its ceilings; returns (largest file, largest class) lines."""
    view, max_lines, max_methods = LIMITS[name]
    include_dir = os.path.join(include_root, view)
    folder = os.path.join(ROOT, name)
    sources = sorted(glob.glob(os.path.join(folder, "*.h")) + glob.glob(os.path.join(folder, "*.cpp")))
    files = []
    for path in sources:
        with open(path) as f:
            n = sum(1 for _ in f)
        files.append((n, os.path.relpath(path, ROOT)))
        if n > max_lines:
            problems.append("%s: %d lines (at most %d)" % (os.path.relpath(path, ROOT), n, max_lines))
    classes = []
    headers = [p for p in sources if p.endswith(".h")]
    if headers and not os.path.isdir(include_dir):
        sys.exit("size_limits: no include view %s (configure a build tree first)" % include_dir)
    found = {}
    if headers:
        found, key = cached_classes_in(headers, include_dir, fingerprint, cache)
        fresh[key] = {os.path.relpath(h, ROOT): c for h, c in found.items()}
    for header, header_classes in found.items():
        for cls, count in header_classes.items():
            classes.append((count, cls))
            if count > max_methods:
                problems.append("%s: class %s has %d member functions (at most %d)"
                                % (os.path.relpath(header, ROOT), cls, count, max_methods))
    files.sort(reverse=True)
    classes.sort(reverse=True)
    largest_file = files[0] if files else (0, "-")
    largest_class = classes[0] if classes else (0, "-")
    # A ceiling above the aim that the folder no longer reaches must come down with it.
    if max_lines > AIM_LINES and largest_file[0] < max_lines:
        problems.append("%s/: the largest file has %d lines: lower the ceiling from %d to %d"
                        % (name, largest_file[0], max_lines, max(largest_file[0], AIM_LINES)))
    if max_methods > AIM_METHODS and largest_class[0] < max_methods:
        problems.append("%s/: the largest class has %d member functions: lower the ceiling from %d to %d"
                        % (name, largest_class[0], max_methods, max(largest_class[0], AIM_METHODS)))
    return largest_file, largest_class


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("include_root")
    ap.add_argument("folders", nargs="*")
    ap.add_argument("--report", action="store_true")
    args = ap.parse_args()
    problems = []
    names = args.folders or list(LIMITS)
    for name in names:
        if name not in LIMITS:
            sys.exit("size_limits: no limits for folder %s (add it to LIMITS)" % name)
    cache = {}
    if os.path.exists(CACHE):
        with open(CACHE) as f:
            cache = json.load(f)
    fingerprint, fresh = project_fingerprint(), {}
    # (one compiler per core, a folder each)
    results = list(POOL.map(
        lambda n: check_folder(n, args.include_root, problems, fingerprint, cache, fresh), names))
    if not args.folders:  # (the whole project's counts: the next run's cache)
        os.makedirs(os.path.dirname(CACHE), exist_ok=True)
        with open(CACHE, "w") as f:
            json.dump(fresh, f, indent=0, sort_keys=True)
            f.write("\n")
    for name, ((flines, fname), (cmethods, cname)) in zip(names, results):
        if args.report:
            print("| %s | %s, %d lines | %s, %d member functions |" % (name, fname, flines, cname, cmethods))
        else:
            print("size limits of %s/: largest file %s (%d lines), largest class %s (%d)"
                  % (name, os.path.basename(fname), flines, cname, cmethods))
    for p in sorted(problems):
        print("size_limits: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
