#!/usr/bin/env python3
"""The include graph of the library folders (scripts/lint.sh runs this).

    python3 scripts/include_graph.py [--dot]

Prints which folders each library folder includes (or a Graphviz graph with --dot) and fails
when an include runs up the layering: against LAYERS, where a folder may include only folders
of earlier layers, or when the files of one folder include each other in a cycle (X.h and X.cpp
are one component; a nested class's files belong to its class). The build enforces the libraries' declared dependencies with include views
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


def component_cycles(folder):
    """Cycles between the components of one folder (X.h with X.cpp), by the includes of its
    own headers: each is listed as the components it goes through. A nested class's files
    (Replay.h declaring `class Explorer::Replay`) are part of the class they nest in."""
    def comp(path):
        return os.path.splitext(os.path.basename(path))[0]
    paths = glob.glob(os.path.join(ROOT, folder, "*.h")) + glob.glob(os.path.join(ROOT, folder, "*.cpp"))
    owner = {}
    for p in paths:
        if p.endswith(".h"):
            with open(p) as src:
                m = re.search(r"^class (\w+)::" + comp(p) + r"\b", src.read(), re.M)
            if m:
                owner[comp(p)] = m.group(1)
    name = lambda c: owner.get(c, c)
    graph = {}
    for p in paths:
        with open(p) as src:
            for m in re.finditer(r'#include "([^"]+)"', src.read()):
                inc = m.group(1)
                if os.path.dirname(inc) == folder and name(comp(inc)) != name(comp(p)):
                    graph.setdefault(name(comp(p)), set()).add(name(comp(inc)))
    # Tarjan's strongly connected components
    index, low, stack, on, found = {}, {}, [], set(), []
    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                found.append(sorted(scc))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


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
        problems += ["%s: its files %s include each other's headers (a cycle)" % (f, ", ".join(c))
                     for c in component_cycles(f)]
    for p in problems:
        print("include_graph: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
