#!/usr/bin/env python3
"""The include graph of the library folders (scripts/lint.sh runs this).

    python3 scripts/include_graph.py [--dot]

Prints which folders each library folder includes (or a Graphviz graph with --dot) and fails
when an include runs up the layering: against LAYERS, where a folder may include only folders
of earlier layers. The build enforces the libraries' declared dependencies with include views
(CMakeLists.txt, scopemc_add_library); this shows the picture those dependencies make.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# From the bottom up; a folder sees only folders of earlier layers.
LAYERS = [["model", "litmus", "frontend"],
          ["runner", "program/analysis"],
          ["program"],
          ["interpreter", "dpor"],
          ["checks", "distributed"],
          ["session"],
          ["repair"],
          ["cli"]]
FOLDERS = [f for layer in LAYERS for f in layer]


def folder_of(path):
    """The library folder an include path names (program/x.h: program; the subfolders of
    program/ are libraries of their own)."""
    best = None
    for f in FOLDERS:
        if path.startswith(f + "/") and "/" not in path[len(f) + 1:]:
            best = f
    return best


def edges():
    out = {f: set() for f in FOLDERS}
    for f in FOLDERS:
        for p in glob.glob(os.path.join(ROOT, f, "*.h")) + glob.glob(os.path.join(ROOT, f, "*.cpp")):
            with open(p) as src:
                for m in re.finditer(r'#include "([^"]+)"', src.read()):
                    tgt = folder_of(m.group(1))
                    if tgt and tgt != f:
                        out[f].add(tgt)
    return out


def main():
    layer = {f: k for k, fs in enumerate(LAYERS) for f in fs}
    graph = edges()
    if "--dot" in sys.argv:
        print("digraph folders {\n  rankdir=BT;")
        for f in FOLDERS:
            for t in sorted(graph[f]):
                print('  "%s" -> "%s";' % (f, t))
        print("}")
        return 0
    problems = []
    for f in FOLDERS:
        print("%-22s -> %s" % (f, ", ".join(sorted(graph[f])) or "(nothing)"))
        problems += ["%s includes %s, a folder of its own layer or above" % (f, t)
                     for t in sorted(graph[f]) if layer[t] >= layer[f]]
    for p in problems:
        print("include_graph: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
