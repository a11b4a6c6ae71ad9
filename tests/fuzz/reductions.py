#!/usr/bin/env python3
# CTest registration (tests/CMakeLists.txt):
# add_test(NAME fuzz_reductions COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/reductions.py --tool $<TARGET_FILE:scopemc> --seed 1 --count 300 --jobs 2 --seconds 240)
# set_tests_properties(fuzz_reductions PROPERTIES TIMEOUT 600 PROCESSORS 2)
"""Differential fuzzing of the reductions: a default run must find the same errors as
plain optimal DPOR (`--no-reductions --unroll K`).

Each program is generated from a small grammar of the shapes the reductions rewrite (CAS
loops with a carried expected value, loops carrying loaded values, undone RMWs with
observers, relaxed publication of heap blocks, alike threads told apart by what they read,
pthread barriers, hangs, data races next to atomics, updates whose result only feeds a shift
or a division, interchangeable threads whose final
states main probes with one assertion per value of a digest, so that a lost execution is a
lost error), in C with pthreads and <stdatomic.h>
or in CUDA, with and without a planted bug. Every loop of the grammar goes round fewer than
K times in every execution (or an execution that goes round fewer times reaches the same
errors: spin loops, retries), so the bounded reference finds every error there is.

Each program is run twice:
    scopemc FILE --keep-going --json OUT --timeout T
    scopemc FILE --keep-going --json OUT --timeout T --no-reductions --unroll K
and the sets of errors are compared. An error is (kind, line of its primary event); for a
race the unordered pair of lines of its two events; for a deadlock the lines where threads
are blocked (the other event, where the main thread stopped, depends on the execution).
A difference is: the sets differ, or a run crashed or ended with an undocumented exit code
(documented: 0, 3, 42, 124). When the default run only adds deadlocks or barrier divergence
and the reference was bounded, the difference is "unconfirmed", not failed: a thread spinning
for ever is cut by the reference's bound, so the reference cannot see the others stuck. A refusal (5) is a generator bug, counted apart; timeouts
(124) are counted apart too, not as differences.

Usage:
    reductions.py [--tool SCOPEMC] [--seed N] [--count N] [--jobs J] [--keep DIR]
                  [--unroll K] [--timeout S] [--lang c|cuda|both] [--shape NAME]
                  [--only I] [--print] [--seconds S] [--plant NAME]
Program I of seed N is the same on every run: `--seed N --only I --print` shows it.
Prints `N passed, M failed` and exits 1 on any difference (2 if the only trouble is a refused
program). With `--plant NAME` the default run carries that reduction's planted mistake
(`scopemc-planted --planted-mistake NAME`, tests/planted/main.cpp; --tool must be that binary): the run succeeds once a program tells it apart and stops
there, and fails if none does (planted.py runs every mistake)."""
import argparse
import concurrent.futures
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time

DOCUMENTED = {0, 3, 42, 124}
HANG_KINDS = ("Deadlock", "Barrier divergence")
# A refusal both runs give for a documented limit (a pthread barrier initialised again after
# use while its phases are formed by arrival order: docs/model.md §5) is agreement, counted
# apart.
LIMIT_REFUSAL = "a barrier initialised again after use"
RLX = "memory_order_relaxed"


def pick(rng, *xs):
    return rng.choice(xs)


def block(lines):
    return ["{"] + ["  " + l for l in lines] + ["}"]


# ---------------------------------------------------------------------------------------------
# C programs: globals, thread functions (a function may be started n times: alike threads),
# main's statements before the creations, between creations and joins, and after the joins.

class CProg:
    def __init__(self, rng):
        self.rng = rng
        self.globals = []
        self.funcs = []  # [name, body lines, count, ids]
        self.pre = []
        self.mid = []
        self.post = []
        self.uid = 0
        self.tags = []

    def name(self, base):
        self.uid += 1
        return "%s%d" % (base, self.uid)

    def nthreads(self):
        return sum(f[2] for f in self.funcs)

    def thread(self, body, count=1, ids=False):
        """A new thread function run by `count` threads; returns its index j. Its exit values
        are ret_j[0..count-1] in main after the joins. With `ids`, thread i's argument is i."""
        self.funcs.append(["t%d" % len(self.funcs), list(body), count, ids])
        return len(self.funcs) - 1

    def add_to_thread(self, body, exclude=()):
        """Put body into an existing single thread (before or after what it does), or a new one;
        never into the threads of `exclude`."""
        singles = [f for j, f in enumerate(self.funcs) if f[2] == 1 and j not in exclude]
        if singles and self.rng.random() < 0.5:
            f = self.rng.choice(singles)
            if self.rng.random() < 0.5:
                f[1] = block(body) + f[1]
            else:
                f[1] = f[1] + block(body)
            return self.funcs.index(f)
        return self.thread(body)

    def render(self):
        rng = self.rng
        out = ["#include <pthread.h>", "#include <stdatomic.h>", "#include <stdlib.h>", "#include <stdio.h>",
               "#include <assert.h>", ""]
        out += self.globals + [""]
        for name, body, count, ids in self.funcs:
            out.append("void *%s(void *arg) {" % name)
            out.append("  long ret = 0;")
            for l in block(body):
                out.append("  " + l)
            out.append("  " + pick(rng, "return (void *)ret;", "pthread_exit((void *)ret);"))
            out.append("}")
        out.append("int main(void) {")
        for j, (name, body, count, ids) in enumerate(self.funcs):
            out.append("  pthread_t th%d[%d]; long ret_%d[%d];" % (j, count, j, count))
        for l in self.pre:
            out.append("  " + l)
        for j, (name, body, count, ids) in enumerate(self.funcs):
            if count == 1:
                out.append("  pthread_create(&th%d[0], 0, %s, 0);" % (j, name))
            else:
                out.append("  for (int i = 0; i < %d; i++) pthread_create(&th%d[i], 0, %s, %s);"
                           % (count, j, name, "(void *)(long)i" if ids else "0"))
        for l in self.mid:
            out.append("  " + l)
        for j, (name, body, count, ids) in enumerate(self.funcs):
            out.append("  for (int i = 0; i < %d; i++) { void *r; pthread_join(th%d[i], &r); ret_%d[i] = (long)r; }"
                       % (count, j, j))
        for l in self.post:
            out.append("  " + l)
        out.append("  return 0;")
        out.append("}")
        return "\n".join(out) + "\n"


def c_cas(p, bug):
    """CAS loops whose expected value is carried round the loop, with right and wrong guesses."""
    rng = p.rng
    x, s = p.name("x"), p.name("sum")
    init = pick(rng, 0, 0, 2)
    p.globals += ["atomic_int %s = %d;" % (x, init), "atomic_int %s;" % s]
    guess_kind = pick(rng, "right", "wrong", "load")
    guess = {"right": str(init), "wrong": str(pick(rng, init + 1, init + 3, -1)),
             "load": "atomic_load_explicit(&%s, %s)" % (x, RLX)}[guess_kind]
    if rng.random() < 0.5:
        cas = "atomic_compare_exchange_strong(&%s, &e, e + 1)" % x
    else:
        o = pick(rng, RLX, "memory_order_acq_rel", "memory_order_seq_cst")
        cas = "atomic_compare_exchange_strong_explicit(&%s, &e, e + 1, %s, %s)" % (
            x, o, RLX if o != "memory_order_seq_cst" else o)
    body = ["int e = %s;" % guess, "while (!%s)" % cas, "  ;",
            "atomic_fetch_add_explicit(&%s, e, %s);" % (s, RLX), "ret = e;"]
    shape = pick(rng, "main", "single", "alike", "distinct")
    p.tags.append("cas-" + shape + "-" + guess_kind)
    n = 0
    groups = []
    if shape == "main":
        # one thread (main) and maybe one other
        p.mid += block(body[:4])
        n = 1
        if rng.random() < 0.6:
            groups.append(p.thread(body))
            n += 1
    elif shape == "single":
        groups.append(p.thread(body))
        n = 1
    elif shape == "alike":
        c = pick(rng, 2, 3)
        groups.append(p.thread(body, c))
        n = c
    else:
        c = pick(rng, 2, 3)
        for _ in range(c):
            groups.append(p.thread(body))
        n = c
    total = sum(range(init, init + n))
    p.post.append("assert(atomic_load(&%s) == %d);" % (x, init + n if not bug or rng.random() < 0.3 else init + n - 1))
    if not bug:
        p.post.append("assert(atomic_load(&%s) == %d);" % (s, total))
    else:
        if groups and n > 1:
            j = groups[0]
            p.post.append("assert(ret_%d[0] == %d);" % (j, init))  # the first thread need not win
        else:
            p.post.append("assert(atomic_load(&%s) != %d);" % (s, total))


def c_chase(p, bug):
    """Pointer chasing: `while (v > d[v]) v = d[v];` while a writer compresses the chain."""
    rng = p.rng
    d = p.name("d")
    p.globals.append("atomic_int %s[4] = {0, 0, 1, 2};" % d)
    ld = "atomic_load_explicit(&%s[v], %s)" % (d, RLX)
    chase = ["int v = 3, w;", "while (v > (w = %s))" % ld, "  v = w;"]
    halving = rng.random() < 0.3
    if halving:
        chase = ["int v = 3, w;", "while (v > (w = %s)) {" % ld,
                 "  atomic_store_explicit(&%s[v], atomic_load_explicit(&%s[w], %s), %s);" % (d, d, RLX, RLX),
                 "  v = w;", "}"]
    where = pick(rng, "thread", "ret", "global")
    res = p.name("root")
    p.globals.append("atomic_int %s;" % res)
    if where == "thread":
        chase.append("assert(v == 0);")
    elif where == "ret":
        chase.append("ret = v;")
    else:
        chase.append("atomic_fetch_add(&%s, v);" % res)
    wr = ["atomic_store_explicit(&%s[3], 0, %s);" % (d, RLX)]
    if rng.random() < 0.5:
        wr.append("atomic_store_explicit(&%s[2], 0, %s);" % (d, RLX))
    if bug:
        wr.append(pick(rng, "atomic_store_explicit(&%s[2], 2, %s);" % (d, RLX),
                       "atomic_store_explicit(&%s[1], 3, %s);" % (d, RLX)))
        rng.shuffle(wr)
    c = pick(rng, 1, 2)
    alike = c == 2 and rng.random() < 0.6
    if alike:
        j = p.thread(chase, 2)
        js = [(j, 0), (j, 1)]
    else:
        js = [(p.thread(chase), 0) for _ in range(c)]
    p.add_to_thread(wr) if rng.random() < 0.7 else p.mid.extend(block(wr))
    if where == "ret":
        for j, i in js:
            p.post.append("assert(ret_%d[%d] == 0);" % (j, i))
    elif where == "global":
        p.post.append("assert(atomic_load(&%s) == 0);" % res)
    p.tags.append("chase" + ("-halving" if halving else "") + ("-alike" if alike else ""))


def c_min(p, bug):
    """A running minimum kept with a CAS loop (the expected value is carried), with an observer
    of the `prev` values."""
    rng = p.rng
    mn, tk = p.name("mn"), p.name("tk")
    p.globals += ["atomic_int %s = 10;" % mn, "atomic_int %s;" % tk]
    n = pick(rng, 1, 2, 3)
    alike = n > 1 and rng.random() < 0.5
    if bug and rng.random() < 0.5:
        loop = ["if (val < m)", "  atomic_compare_exchange_strong(&%s, &m, val);" % mn]
        wrong_loop = True
    else:
        loop = ["while (val < m && !atomic_compare_exchange_strong(&%s, &m, val))" % mn, "  ;"]
        wrong_loop = False
    vals = []
    if alike:
        body = ["int val = 5 - atomic_fetch_add(&%s, 1);" % tk,
                "int m = atomic_load_explicit(&%s, %s);" % (mn, RLX)] + loop
        p.thread(body, n)
        vals = [5 - i for i in range(n)]
    else:
        for _ in range(n):
            v = rng.randint(1, 9)
            vals.append(v)
            p.thread(["int val = %d;" % v, "int m = atomic_load_explicit(&%s, %s);" % (mn, RLX)] + loop)
    observer = rng.random() < 0.6
    if observer:
        cmp = "c <= prev" if not bug or wrong_loop else pick(rng, "c == prev", "c < prev")
        p.add_to_thread(["int prev = atomic_load_explicit(&%s, %s);" % (mn, RLX),
                         "for (int i = 0; i < 3; i++) {",
                         "  int c = atomic_load_explicit(&%s, %s);" % (mn, RLX),
                         "  assert(%s);" % cmp, "  prev = c;", "}"])
    want = min(vals)
    if bug and not wrong_loop and not observer:
        want = max(vals) if len(set(vals)) > 1 else want + 1
    p.post.append("assert(atomic_load(&%s) == %d);" % (mn, want))
    p.tags.append("min" + ("-if" if wrong_loop else "") + ("-obs" if observer else "") + ("-alike" if alike else ""))


def c_undo(p, bug):
    """Try-acquire loops that undo their fetch_sub, a plain critical section, observers that
    read the count several times."""
    rng = p.rng
    s, cs = p.name("s"), p.name("cs")
    s0 = 1 if not bug else pick(rng, 1, 2)
    p.globals += ["atomic_int %s = %d;" % (s, s0), "int %s;" % cs]
    n = pick(rng, 1, 2, 2)  # three retrying workers are too many executions for the reference
    release = True
    racy = s0 > 1
    # Mostly a bounded number of tries (fewer than K): a default run that does not cut an
    # undone try (observers can see it) would go round for ever in the unbounded form.
    tries = pick(rng, 0, 2, 2, 3, 3, 2, 3, 2, 3, 2)
    if tries == 0:
        body = ["for (;;) {", "  if (atomic_fetch_sub(&%s, 1) > 0)" % s, "    break;",
                "  atomic_fetch_add(&%s, 1);" % s, "}", "%s = %s + 1;" % (cs, cs)]
    else:
        body = ["int got = 0;", "for (int i = 0; i < %d; i++) {" % tries, "  if (atomic_fetch_sub(&%s, 1) > 0) {" % s,
                "    got = 1;", "    break;", "  }", "  atomic_fetch_add(&%s, 1);" % s, "}",
                "if (!got)", "  %s;" % ("return 0" if rng.random() < 0.5 else "pthread_exit(0)"),
                "%s = %s + 1;" % (cs, cs)]
    p.tags.append("undo-tries%d" % tries)
    if rng.random() < 0.15 and n > 1:
        release = False  # a holder that never releases: the others retry for ever (a hang)
        p.tags.append("undo-hang")
    else:
        body.append("atomic_fetch_add(&%s, 1);" % s)
    if rng.random() < 0.5 and n > 1:
        p.thread(body, n)
        p.tags.append("undo-alike%d" % n)
    else:
        for _ in range(n):
            p.thread(body)
        p.tags.append("undo-distinct%d" % n)
    lo = s0 - n
    nobs = pick(rng, 0, 1, 1, 2)
    for _ in range(nobs):
        reads = pick(rng, 2, 3)
        ob = ["int a[3];", "for (int i = 0; i < %d; i++)" % reads,
              "  a[i] = atomic_load_explicit(&%s, %s);" % (s, pick(rng, RLX, "memory_order_acquire"))]
        if bug and not racy:
            ob.append("assert(a[0] >= %d && a[%d] >= %d);" % (lo + 1, reads - 1, lo + 1))
        else:
            ob.append("assert(a[0] >= %d && a[%d] <= %d);" % (lo, reads - 1, s0))
        if bug and rng.random() < 0.3:
            ob.append("assert(a[0] == a[%d]);" % (reads - 1))
        p.add_to_thread(ob) if p.nthreads() < 4 else p.mid.extend(block(ob))
    if release:
        p.post.append("assert(atomic_load(&%s) == %d);" % (s, s0))
        if not racy:
            p.post.append("assert(%s %s %d);" % (cs, "==" if tries == 0 else "<=", n))


def c_publish(p, bug):
    """A block published with a relaxed store, written in a loop until a stop flag."""
    rng = p.rng
    ptr, stop = p.name("p"), p.name("stop")
    plain = bug and rng.random() < 0.3
    ty = "int" if plain else "atomic_int"
    p.globals += ["_Atomic(%s *) %s;" % (ty, ptr), "atomic_int %s;" % stop]

    def st(v):
        return "b[0] = %d;" % v if plain else "atomic_store_explicit(&b[0], %d, %s);" % (v, RLX)
    pub = ["%s *b = calloc(2, sizeof(%s));" % (ty, ty)]
    # Where the pointer is published: before the loop (the loop is then bounded, as the default
    # run does not cut a loop whose stores others can see: it would go round for ever), after
    # a first store, or only after the loop (its stores reach no other thread yet: a default
    # run may cut those iterations, the reference goes round up to K times).
    when = pick(rng, *(["early"] * 5 + ["late"] * 4 + ["after"]))
    publish = "atomic_store_explicit(&%s, b, %s);" % (ptr, pick(rng, RLX, RLX, "memory_order_release"))
    early = when != "after"
    if when == "early":
        pub.append(publish)
    elif when == "late":
        pub.append(st(1))
        pub.append(publish)
    if early:
        pub += ["for (int i = 0; i < %d && !atomic_load_explicit(&%s, %s); i++) {" % (pick(rng, 1, 2, 3), stop, RLX)]
    else:
        pub += ["while (!atomic_load_explicit(&%s, %s)) {" % (stop, RLX)]
    pub += ["  " + st(1), "  " + st(2), "}"]
    if not early:
        pub.append(publish)
    freed = bug and rng.random() < 0.2
    if freed:
        pub.append("free(b);")
    p.thread(pub)
    rd = "q[0]" if plain else "atomic_load_explicit(&q[0], %s)" % RLX
    ob = ["%s *q = atomic_load_explicit(&%s, %s);" % (ty, ptr, pick(rng, RLX, "memory_order_acquire")),
          "if (q) {", "  int v = %s;" % rd, "  int v2 = %s;" % rd]
    if bug and not freed and not plain:
        ob.append("  assert(%s);" % pick(rng, "v != 2", "v == v2", "!(v == 2 && v2 == 1)", "v <= 1"))
    else:
        ob.append("  assert(v >= 0 && v <= 2 && v2 >= 0 && v2 <= 2);")
    ob.append("}")
    stopper = pick(rng, "observer", "main")
    if stopper == "observer":
        ob.append("atomic_store_explicit(&%s, 1, %s);" % (stop, RLX))
    nobs = pick(rng, 1, 1, 2)
    if nobs == 2 and stopper == "observer" and rng.random() < 0.5:
        p.thread(ob, 2)
    else:
        for _ in range(nobs):
            p.thread(ob)
    if stopper == "main":
        p.mid.append("atomic_store_explicit(&%s, 1, %s);" % (stop, RLX))
    if not early and stopper == "main":
        stopper = "main-late"  # main stops the loop only after the observers read
    p.tags.append("publish" + ("-plain" if plain else "") + ("-free" if freed else "") +
                  "-" + when + "-" + stopper)


def c_alike(p, bug):
    """Threads created in a loop with one function, told apart by what they read: tickets,
    a flag, exit values read by pthread_join."""
    rng = p.rng
    tk, fl = p.name("tk"), p.name("flag")
    plain = p.name("a")
    p.globals += ["atomic_int %s;" % tk, "atomic_int %s;" % fl, "int %s;" % plain]
    n = pick(rng, 2, 3)
    how = pick(rng, "ticket", "flag", "exch", "id")
    if how == "id":  # told apart by their argument: thread 0 writes, the others read
        # (exit values equal and unread, so that the threads may be interchangeable)
        body = ["long id = (long)arg;", "int k;", "if (id == 0)",
                "  k = atomic_exchange(&%s, 2);" % fl, "else", "  k = atomic_load(&%s);" % fl,
                "if (k == 2)", "  atomic_fetch_add(&%s, 1);" % tk]
        p.thread(body, n, ids=True)
        # a reader can see thread 0's 2; thread 0's exchange reads 0, so at most n - 1 see it
        p.post.append("assert(atomic_load(&%s) %s);" % (tk, "== 0" if bug else "<= %d" % (n - 1)))
        p.tags.append("alike-id%d" % n)
        return
    if how == "ticket":
        body = ["int k = atomic_fetch_add(&%s, 1);" % tk]
    elif how == "flag":
        body = ["int k = atomic_load(&%s);" % fl, "if (!k)", "  atomic_store(&%s, 1);" % fl]
    else:
        body = ["int k = atomic_exchange(&%s, 1);" % fl]
    racy = bug and rng.random() < 0.4
    if racy:
        body += ["if (k <= 1)", "  %s = k + 1;" % plain] if how == "ticket" else ["if (!k)", "  %s = 1;" % plain]
    else:
        body += ["if (k == 0)" if how != "flag" else "if (!k)", "  %s = %d;" % (plain, 7)] if how != "flag" or rng.random() < 0.3 else []
    body.append("ret = k * %d + 1;" % pick(rng, 1, 10))
    if how == "ticket" and rng.random() < 0.3:  # two functions: not interchangeable
        body = [l.replace("atomic_fetch_add(&%s, 1)" % tk,
                          "atomic_fetch_add_explicit(&%s, 1, %s)" % (tk, RLX)) for l in body]
        a, b = p.thread(body), p.thread(list(body))
        p.post.append("assert(%s);" % ("ret_%d[0] == 1" % a if bug and not racy
                                       else "ret_%d[0] != ret_%d[0]" % (a, b)))
        p.tags.append("alike-ticket-split%s" % ("-racy" if racy else ""))
        return
    j = p.thread(body, n)
    if how == "ticket":
        mul = int(body[-1].split("*")[1].split("+")[0])
        want = sum(k * mul + 1 for k in range(n))
        p.post.append("long sum%d = 0;" % j)
        p.post.append("for (int i = 0; i < %d; i++) sum%d += ret_%d[i];" % (n, j, j))
        if bug and not racy:
            p.post.append("assert(%s);" % pick(rng, "ret_%d[0] == 1" % j, "ret_%d[0] < ret_%d[1]" % (j, j)))
        else:
            p.post.append("assert(sum%d == %d);" % (j, want))
            p.post.append("assert(ret_%d[0] != ret_%d[1]);" % (j, j))
    else:
        p.post.append("int zeros%d = 0;" % j)
        p.post.append("for (int i = 0; i < %d; i++) zeros%d += ret_%d[i] == 1;" % (n, j, j))
        if how == "exch":
            p.post.append("assert(zeros%d == 1);" % j)  # exactly one exchange reads 0
            if bug and not racy:
                p.post.append("assert(ret_%d[0] == 1);" % j)
        else:
            p.post.append("assert(zeros%d %s 1);" % (j, "==" if bug and not racy else ">="))
    p.tags.append("alike-%s%d%s" % (how, n, "-racy" if racy else ""))


def serial_uses(rng, b, serial):
    """A pthread_barrier_wait whose result is used in one of the ways programs use it: checked
    in a way both values pass (an assertion, an early return on an impossible value, a value
    computed and thrown away), and counted in an obscured form, or not at all (the second
    value: whether the serial thread adds one to `serial`)."""
    S = "PTHREAD_BARRIER_SERIAL_THREAD"
    lines = ["int r = pthread_barrier_wait(&%s);" % b, "long acc = 0;"]
    checks = [["assert(r == 0 || r == %s);" % S],
              ["if (r != 0 && r != %s) abort();" % S],
              ["if (r == %s) acc += 0; else if (r != 0) abort();" % S],
              ["int z = (r == %s) - (r == %s);" % (S, S), "acc += z;"],
              ["int z = r == %s ? 7 : 7;" % S, "acc += z - 7;"],
              ["if (r < -1 || r > 0) acc = 99;"],
              ["if (r == %s) printf(\"serial\\n\"); else printf(\"%%d\\n\", r);" % S]]
    counts = [["if (r == %s) atomic_fetch_add(&%s, 1);" % (S, serial)],
              ["atomic_fetch_add(&%s, r == %s);" % (serial, S)],
              ["atomic_fetch_add(&%s, -r);" % serial],
              ["if (r != 0) atomic_fetch_add(&%s, 1);" % serial],
              ["if (r == 0) acc += 0; else atomic_fetch_add(&%s, 1);" % serial],
              ["int s = r & 1;", "atomic_fetch_add(&%s, s);" % serial],
              ["switch (r) { case %s: atomic_fetch_add(&%s, 1); break; default: break; }" % (S, serial)],
              ["for (int q = r; q < 0; q++) atomic_fetch_add(&%s, 1);" % serial],
              ["int s = (r == %s);" % S, "int z = (r == %s) - (r == %s);" % (S, S),
               "if (z == 0 && s) atomic_fetch_add(&%s, 1);" % serial],
              ["acc += r;", "if (acc < 0) atomic_fetch_add(&%s, 1);" % serial, "acc = 0;"]]
    for _ in range(pick(rng, 0, 1, 2)):
        lines += block(pick(rng, *checks))
    counted = rng.random() < 0.7
    if counted:
        lines += block(pick(rng, *counts))
    if rng.random() < 0.3:
        lines += block(pick(rng, *checks))
    lines.append("if (acc != 0) abort();")
    return block(lines), counted


def c_barrier(p, bug):
    """pthread barriers with a count below, equal to and above the number of waiters; the serial
    thread's return value."""
    rng = p.rng
    b, serial, tk, slot = p.name("bar"), p.name("serial"), p.name("tk"), p.name("slot")
    w = pick(rng, 1, 2, 3)
    main_waits = w < 3 and rng.random() < 0.25
    waiters = w + (1 if main_waits else 0)
    n = waiters if not bug else max(1, waiters + pick(rng, -1, 1))
    p.globals += ["pthread_barrier_t %s;" % b, "atomic_int %s;" % serial, "atomic_int %s;" % tk,
                  "int %s[4];" % slot]
    p.pre.append("pthread_barrier_init(&%s, 0, %d);" % (b, n))
    calls = pick(rng, 1, 1, 2)  # twice: a thread may fill two phases and strand another
    wait = ["int r = pthread_barrier_wait(&%s);" % b,
            "if (r == PTHREAD_BARRIER_SERIAL_THREAD)", "  atomic_fetch_add(&%s, 1);" % serial]
    counted, plain = True, True
    if rng.random() < 0.35:  # other uses of the result, which the election must tell apart
        wait, counted = serial_uses(rng, b, serial)
        plain = False
    body = ["int k = atomic_fetch_add(&%s, 1);" % tk, "%s[k] = k + 1;" % slot]
    body += wait if calls == 1 else ["for (int c = 0; c < 2; c++)"] + block(wait)
    if rng.random() < 0.6:
        body += ["int o = %s[(k + 1) %% %d];" % (slot, waiters), "assert(o == (k + 1) %% %d + 1);" % waiters]
    if plain and w > 1 and not main_waits and rng.random() < 0.3:  # which one is serial: any
        who = p.name("who")
        p.globals.append("atomic_int %s;" % who)
        body = ["long id = (long)arg;"] + [l.replace("  atomic_fetch_add(&%s, 1);" % serial,
                                                     "  atomic_store(&%s, (int)id + 1);" % who)
                                           for l in body]
        p.thread(body, w, ids=True)
        p.post.append("assert(atomic_load(&%s) != %d);" % (who, w if bug else w + 1))
        p.tags.append("barrier-%d/%d-who" % (n, waiters))
        return
    if rng.random() < 0.5 and w > 1:
        p.thread(body, w)
        p.tags.append("barrier-alike")
    else:
        for _ in range(w):
            p.thread(body)
    if main_waits:
        p.mid += block(body)
    rounds = waiters * calls // n
    if not counted:  # the result changes nothing: nobody counts
        rounds = 0
    p.post.append("assert(atomic_load(&%s) == %d);" % (serial, 1 if rng.random() < 0.7 and counted else rounds))
    p.tags.append("barrier-%d/%d%s%s" % (n, waiters, "-main" if main_waits else "",
                                         "-twice" if calls == 2 else ""))


def c_hang(p, bug):
    """Hangs: a spin loop no write releases, a mutex never unlocked, a join on a thread that
    blocks; with a race or an assertion beside them."""
    rng = p.rng
    how = pick(rng, "spin", "mutex", "join", "spin-join")
    hf, m, a = p.name("hf"), p.name("m"), p.name("h")
    p.globals += ["atomic_int %s;" % hf, "pthread_mutex_t %s = PTHREAD_MUTEX_INITIALIZER;" % m, "int %s;" % a]
    hangs = bug or rng.random() < 0.5
    other = pick(rng, "race", "assert", "none")
    if other == "race":
        side = ["%s = 1;" % a]
        look = ["int v = %s;" % a]
    elif other == "assert":
        side = ["atomic_store(&%s, 2);" % hf]
        look = ["assert(atomic_load(&%s) != 2);" % hf]
    else:
        side, look = [], []
    if how in ("spin", "spin-join"):
        want = 1 if not hangs else 3
        spinner = side + ["while (atomic_load_explicit(&%s, %s) != %d)" % (hf, RLX, want), "  ;"]
        j = p.thread(spinner)
        rel = ["atomic_store_explicit(&%s, 1, %s);" % (hf, RLX)]
        p.add_to_thread(look + rel if rng.random() < 0.5 else rel + look, exclude=(j,))
    elif how == "mutex":
        locker = ["pthread_mutex_lock(&%s);" % m] + side + ([] if hangs else ["pthread_mutex_unlock(&%s);" % m])
        p.thread(locker)
        p.add_to_thread(["pthread_mutex_lock(&%s);" % m] + look + ["pthread_mutex_unlock(&%s);" % m])
    else:
        # main holds the mutex while it joins a thread that takes it
        p.thread(side + ["pthread_mutex_lock(&%s);" % m, "pthread_mutex_unlock(&%s);" % m])
        if look:
            p.thread(look)
        if hangs:
            p.mid += ["pthread_mutex_lock(&%s);" % m]
            p.post += ["pthread_mutex_unlock(&%s);" % m]
    p.tags.append("hang-%s%s-%s" % (how, "" if hangs else "-released", other))


def c_race(p, bug):
    """Plain ints next to atomics: message passing with and without release/acquire."""
    rng = p.rng
    data, flag = p.name("data"), p.name("flag")
    p.globals += ["int %s;" % data, "atomic_int %s;" % flag]
    wo = "memory_order_release" if not bug or rng.random() < 0.4 else RLX
    ro = "memory_order_acquire" if not bug or wo == RLX else RLX
    j = p.add_to_thread(["%s = 42;" % data, "atomic_store_explicit(&%s, 1, %s);" % (flag, wo)])
    how = pick(rng, "if", "spin", "unguarded" if bug else "if")
    if how == "if":
        rd = ["if (atomic_load_explicit(&%s, %s))" % (flag, ro), "  assert(%s == 42);" % data]
    elif how == "spin":
        rd = ["while (!atomic_load_explicit(&%s, %s))" % (flag, ro), "  ;", "assert(%s == 42);" % data]
    else:
        rd = ["int f = atomic_load_explicit(&%s, %s);" % (flag, ro), "int v = %s;" % data, "assert(!f || v == 42);"]
    p.add_to_thread(rd, exclude=(j,))  # a reader spinning in the writer's thread would hang
    p.tags.append("race-%s-%s" % (how, "ok" if wo != RLX and ro != RLX else "rlx"))


def c_branching(p, bug):
    """Interchangeable threads (created in a loop, argument unused) that access three
    locations, branch on a value read and add what they read to a sum; main probes the final
    state with one assertion per value of a digest of it, so the set of errors is the set of
    reachable final states (a reduction that loses executions loses errors). `bug` is unused:
    every program has reachable probes."""
    rng = p.rng
    v = [p.name("v") for _ in range(3)]
    s = p.name("sum")
    p.globals += ["atomic_int %s;" % x for x in v + [s]]

    def op(k):
        x = pick(rng, *v)
        return pick(rng, "r += atomic_load_explicit(&%s, %s);" % (x, RLX),
                    "atomic_store_explicit(&%s, %d, %s);" % (x, k % 3, RLX),
                    "r += atomic_fetch_add_explicit(&%s, 1, %s);" % (x, RLX),
                    "r += atomic_exchange_explicit(&%s, %d, %s);" % (x, k % 3, RLX))
    body = ["int r = 0;"] + [op(rng.randrange(3)) for _ in range(rng.randrange(2))]
    body += ["int c = atomic_load_explicit(&%s, %s);" % (pick(rng, *v), RLX),
             "if (c == %d)" % rng.randrange(2)] + block([op(rng.randrange(3))])
    body += ["else"] + block([op(rng.randrange(3))])
    body += [op(rng.randrange(3)) for _ in range(rng.randrange(2))]
    body += ["atomic_fetch_add_explicit(&%s, r, %s);" % (s, RLX)]
    p.thread(body, pick(rng, 2, 3))
    digest = "(%s)" % " + ".join("atomic_load(&%s) * %d" % (x, m) for x, m in zip(v + [s], (1, 3, 9, 27)))
    p.post.append("int dg = %s %% 16;" % digest)
    for k in range(16):
        p.post.append("assert(dg != %d);" % k)
    p.tags.append("branching")


def c_seen(p, bug):
    """Relaxed updates of one counter; one thread feeds what its update read only to
    arithmetic that is undefined for some values (a shift by the width or more, a division by
    zero), so the value it reads is seen: its update is no commuting update with a dead result
    (an order of the updates the reduction skipped once hid the error). With `bug`, some order
    of the updates reaches the undefined value."""
    rng = p.rng
    c = p.name("cnt")
    p.globals.append("atomic_int %s;" % c)
    op = pick(rng, "add", "or", "xor")
    seen = "int r = atomic_fetch_%s_explicit(&%s, 1, %s);" % (op, c, RLX)
    if pick(rng, "shift", "div") == "shift":
        use = ["int z = 1 << (r * %d);" % (40 if bug else 5), "(void)z;"]
    else:
        use = ["int z = 12 / (r - %d);" % (1 if bug else 7), "(void)z;"]
    others = ["atomic_fetch_%s_explicit(&%s, 1, %s);" % (op, c, RLX)]
    first = rng.random() < 0.5  # the seeing thread below or above the others
    if first:
        p.thread([seen] + use)
    p.thread(others, pick(rng, 1, 2))
    if not first:
        p.thread([seen] + use)
    p.tags.append("seen-%s" % op)


C_SHAPES = {"cas": c_cas, "chase": c_chase, "min": c_min, "undo": c_undo, "publish": c_publish,
            "alike": c_alike, "barrier": c_barrier, "hang": c_hang, "race": c_race,
            "branching": c_branching, "seen": c_seen}
C_SMALL = ["race", "hang", "min", "chase"]  # a second shape beside the first


def gen_c(rng, shape=None):
    for _ in range(50):
        p = CProg(rng)
        first = shape or rng.choice(sorted(C_SHAPES))
        C_SHAPES[first](p, rng.random() < 0.5)
        if shape is None and rng.random() < 0.3 and p.nthreads() < 3:
            C_SHAPES[rng.choice(C_SMALL)](p, rng.random() < 0.5)
        if 1 <= p.nthreads() <= 3:
            return p.render(), p.tags
    raise RuntimeError("no C program fits")


# ---------------------------------------------------------------------------------------------
# CUDA programs: one kernel k<<<1, B>>> made of fragments, each in its own block; main copies
# the results back with cudaMemcpyFromSymbol and asserts on them.

class CudaProg:
    def __init__(self, rng):
        self.rng = rng
        self.B = pick(rng, 2, 3)
        self.globals = []
        self.kernel = []
        self.host = []
        self.uid = 0
        self.tags = []

    def name(self, base):
        self.uid += 1
        return "%s%d" % (base, self.uid)

    def fetch(self, sym, n=None, ty="int"):
        """Host lines copying sym back into h_sym."""
        if n is None:
            return ["%s h_%s;" % (ty, sym), "cudaMemcpyFromSymbol(&h_%s, %s, sizeof h_%s);" % (sym, sym, sym)]
        return ["%s h_%s[%d];" % (ty, sym, n), "cudaMemcpyFromSymbol(h_%s, %s, sizeof h_%s);" % (sym, sym, sym)]

    def render(self):
        out = ["#include <cuda_runtime.h>", "#include <cassert>", ""] + self.globals + [""]
        out.append("__global__ void k() {")
        out.append("  int tid = threadIdx.x;")
        for l in self.kernel:
            out.append("  " + l)
        out.append("}")
        out.append("int main() {")
        out.append("  k<<<1, %d>>>();" % self.B)
        out.append("  cudaDeviceSynchronize();")
        for l in self.host:
            out.append("  " + l)
        out.append("  return 0;")
        out.append("}")
        return "\n".join(out) + "\n"


def vol(x):
    return "*(volatile int *)&%s" % x


def cu_cas(p, bug):
    rng = p.rng
    x, res = p.name("x"), p.name("res")
    init = pick(rng, 0, 0, 3)
    p.globals += ["__device__ int %s = %d;" % (x, init), "__device__ int %s[3];" % res]
    m = pick(rng, 1, p.B, p.B, 2)
    gk = pick(rng, "right", "wrong", "volatile", "atomic")
    guess = {"right": str(init), "wrong": str(init + pick(rng, 1, 5)), "volatile": vol(x),
             "atomic": "atomicAdd(&%s, 0)" % x}[gk]
    body = ["int old = %s, assumed;" % guess, "do {", "  assumed = old;",
            "  old = atomicCAS(&%s, assumed, assumed + 1);" % x, "} while (assumed != old);",
            "%s[tid] = old;" % res]
    p.kernel += (["if (tid < %d)" % m] if m < p.B else []) + block(body)
    host = p.fetch(x) + p.fetch(res, 3)
    host.append("assert(h_%s == %d);" % (x, init + m))
    if bug:
        host.append("assert(h_%s[0] == %d);" % (res, init) if m > 1 else "assert(h_%s[0] != %d);" % (res, init))
    elif m > 1:
        host.append("assert(h_%s[0] != h_%s[1]);" % (res, res))
    p.host += block(host)
    p.tags.append("cu-cas-%s-%d" % (gk, m))


def cu_collective(p, bug):
    rng = p.rng
    tk, res = p.name("tk"), p.name("res")
    p.globals += ["__device__ int %s;" % tk, "__device__ int %s[3];" % res]
    full = "0x%x" % ((1 << p.B) - 1)
    how = pick(rng, "shfl", "ballot", "aggregate")
    body = []
    if how == "shfl":
        body += ["unsigned m = %s;" % pick(rng, "__activemask()", full),
                 "int t = 0;", "if (tid == 0)", "  t = atomicAdd(&%s, 1);" % tk]
        if rng.random() < 0.6:
            body += ["if (tid == 1)", "  atomicAdd(&%s, 5);" % tk]
        body += ["t = __shfl_sync(m, t, 0);", "%s[tid] = t;" % res]
        good = "h_%s[0] == h_%s[1]" % (res, res)
        bad = "h_%s[1] == 0" % res
    elif how == "ballot":
        body += ["int t = atomicAdd(&%s, 1);" % tk,
                 "unsigned b = __ballot_sync(%s, t == 0);" % pick(rng, "__activemask()", full),
                 "%s[tid] = %s;" % (res, pick(rng, "__popc(b)", "(b & 1) + 1"))]
        good = "h_%s[0] >= 1 && h_%s[0] == h_%s[1]" % (res, res, res)
        bad = "h_%s[0] == 2" % res
    else:
        body += ["if (tid == %d)" % (p.B - 1), "  atomicAdd(&%s, 1);" % tk,
                 "unsigned m = __activemask();", "int leader = __ffs(m) - 1;", "int base = 0;",
                 "if (tid == leader)", "  base = atomicAdd(&%s, __popc(m));" % tk,
                 "base = __shfl_sync(m, base, leader);",
                 "%s[tid] = base + __popc(m & ((1u << tid) - 1));" % res]
        good = "h_%s[0] != h_%s[1]" % (res, res)
        bad = "h_%s[0] == 0" % res
    div = rng.random() < 0.25 and how != "aggregate"
    if div:
        body = ["if (tid < 2) {"] + ["  " + l for l in body] + ["}"]
        if how != "aggregate" and "0x" in "".join(body):
            body = [l.replace(full, "0x3") for l in body]
    p.kernel += block(body)
    host = p.fetch(res, 3) + ["assert(%s);" % (bad if bug else good)]
    p.host += block(host)
    p.tags.append("cu-collective-%s%s" % (how, "-div" if div else ""))


def cu_undo(p, bug):
    rng = p.rng
    s, cs, obs = p.name("s"), p.name("cs"), p.name("obs")
    s0 = 1 if not bug else pick(rng, 1, 2)
    p.globals += ["__device__ int %s = %d;" % (s, s0), "__device__ int %s;" % cs, "__device__ int %s = 100;" % obs]
    w = 2 if p.B == 3 else pick(rng, 1, 2)
    fence = not bug or rng.random() < 0.5
    tries = pick(rng, 0, 2, 3, 2, 3, 2, 3, 2)
    if tries == 0:
        body = ["if (tid < %d) {" % w, "  while (true) {", "    if (atomicSub(&%s, 1) > 0)" % s, "      break;",
                "    atomicAdd(&%s, 1);" % s, "  }"]
    else:
        body = ["if (tid < %d) {" % w, "  int got = 0;", "  for (int i = 0; i < %d && !got; i++) {" % tries,
                "    if (atomicSub(&%s, 1) > 0)" % s, "      got = 1;", "    else",
                "      atomicAdd(&%s, 1);" % s, "  }", "  if (!got)", "    return;"]
    body += (["  __threadfence();"] if fence else []) + ["  %s = %s + 1;" % (cs, cs)]
    body += (["  __threadfence();"] if fence else []) + ["  atomicAdd(&%s, 1);" % s, "} else {"]
    rd = pick(rng, vol(s), "atomicAdd(&%s, 0)" % s, "atomicOr(&%s, 0)" % s)
    body += ["  int a = %s, b = %s, c = %s;" % (rd, rd, rd), "  %s = min(a, min(b, c));" % obs, "}"]
    p.kernel += block(body)
    lo = s0 - w
    host = p.fetch(obs) + p.fetch(s)
    if p.B > w:
        host.append("assert(h_%s >= %d);" % (obs, lo + 1 if bug and s0 == 1 else lo))
    host.append("assert(h_%s == %d);" % (s, s0))
    if s0 == 1:
        host += p.fetch(cs) + ["assert(h_%s %s %d);" % (cs, "==" if tries == 0 else "<=", w)]
    p.host += block(host)
    p.tags.append("cu-undo-w%d-s%d-tries%d%s" % (w, s0, tries, "" if fence else "-nofence"))


def cu_chase(p, bug):
    rng = p.rng
    d, res, mn = p.name("d"), p.name("res"), p.name("mn")
    how = pick(rng, "chase", "min")
    if how == "chase":
        p.globals += ["__device__ int %s[4] = {0, 0, 1, 2};" % d, "__device__ int %s[3];" % res]
        wr = ["atomicExch(&%s[3], 0);" % d]
        if bug:
            wr.append(pick(rng, "atomicExch(&%s[2], 2);" % d, "atomicExch(&%s[1], 3);" % d))
            rng.shuffle(wr)
        body = ["if (tid == 0) {"] + ["  " + l for l in wr] + ["} else {",
                "  int v = 3, w;", "  while (v > (w = ((volatile int *)%s)[v]))" % d, "    v = w;",
                "  %s[tid] = v;" % res, "}"]
        p.kernel += block(body)
        p.host += block(p.fetch(res, 3) + ["assert(h_%s[1] == 0);" % res])
    else:
        p.globals += ["__device__ int %s = 10;" % mn]
        loop = ["int m = %s, val = 5 - tid;" % vol(mn)]
        if bug and rng.random() < 0.5:
            loop += ["if (val < m)", "  atomicCAS(&%s, m, val);" % mn]
            want = 5 - (p.B - 1)
        else:
            loop += ["while (val < m) {", "  int o = atomicCAS(&%s, m, val);" % mn, "  if (o == m)", "    break;",
                     "  m = o;", "}"]
            want = 5 - (p.B - 1) if not bug else 5
        p.kernel += block(loop)
        p.host += block(p.fetch(mn) + ["assert(h_%s == %d);" % (mn, want)])
    p.tags.append("cu-" + how)


def cu_sync(p, bug):
    rng = p.rng
    res = p.name("res")
    p.globals += ["__device__ int %s[3];" % res]
    how = pick(rng, "shared", "divergent", "ticket")
    body = ["__shared__ int sh[3];", "sh[tid] = tid + 1;"]
    if how == "shared":
        if not bug:
            body.append("__syncthreads();")
    elif how == "divergent":
        body.append("if (tid %s 1)" % ("<" if bug else ">=") if bug else "if (true)")
        body.append("  __syncthreads();")
    else:
        tk = p.name("tk")
        p.globals += ["__device__ int %s;" % tk]
        body += ["int t = atomicAdd(&%s, 1);" % tk, "if (t < %d)" % (p.B - 1 if bug else p.B), "  __syncthreads();"]
    body.append("%s[tid] = sh[(tid + 1) %% %d];" % (res, p.B))
    p.kernel += block(body)
    p.host += block(p.fetch(res, 3) + ["assert(h_%s[0] == 2);" % res])
    p.tags.append("cu-sync-%s" % how)


def cu_hang(p, bug):
    rng = p.rng
    hf, a = p.name("hf"), p.name("h")
    p.globals += ["__device__ int %s;" % hf, "__device__ int %s;" % a]
    hangs = bug or rng.random() < 0.5
    how = pick(rng, "spin", "barrier")
    if how == "spin":
        body = ["if (tid == 0) {", "  %s = 1;" % a, "  while (%s != %d)" % (vol(hf), 3 if hangs else 1), "    ;",
                "} else if (tid == 1) {", "  atomicExch(&%s, 1);" % hf, "  int v = %s;" % a, "}"]
    else:
        # a thread that leaves before the barrier the others wait at (not a spin: a spin
        # that never ends is cut by the reference's bound, which then sees no divergence)
        body = ["if (tid == 0) {", "  atomicExch(&%s, 1);" % hf, "  if (%s)" % ("true" if hangs else "false"),
                "    return;", "}", "%s = tid;" % a, "__syncthreads();", "int v = %s;" % vol(hf)]
    p.kernel += block(body)
    p.host += block(p.fetch(a) + ["assert(h_%s %s 0);" % (a, "!=" if rng.random() < 0.5 else "==")])
    p.tags.append("cu-hang-%s%s" % (how, "" if hangs else "-released"))


def cu_race(p, bug):
    rng = p.rng
    data, flag = p.name("data"), p.name("flag")
    p.globals += ["__device__ int %s;" % data, "__device__ int %s;" % flag]
    fence = not bug or rng.random() < 0.3
    f = ["  __threadfence();"] if fence else []
    body = ["if (tid == 0) {", "  %s = 42;" % data] + f + ["  atomicExch(&%s, 1);" % flag, "} else if (tid == 1) {",
            "  if (%s) {" % pick(rng, vol(flag), "atomicAdd(&%s, 0)" % flag)] + ["  " + l for l in f] + [
            "    assert(%s == 42);" % data, "  }", "}"]
    p.kernel += block(body)
    p.tags.append("cu-race" + ("" if fence else "-nofence"))


CU_SHAPES = {"cas": cu_cas, "collective": cu_collective, "undo": cu_undo, "chase": cu_chase,
             "sync": cu_sync, "hang": cu_hang, "race": cu_race}
CU_SMALL = ["race", "chase", "cas"]


def gen_cuda(rng, shape=None):
    p = CudaProg(rng)
    first = shape or rng.choice(sorted(CU_SHAPES))
    CU_SHAPES[first](p, rng.random() < 0.5)
    if shape is None and rng.random() < 0.3:
        CU_SHAPES[rng.choice(CU_SMALL)](p, rng.random() < 0.5)
    return p.render(), p.tags


def generate(seed, i, lang, shape=None):
    rng = random.Random("%d:%d" % (seed, i))
    cu = lang == "cuda" or (lang == "both" and rng.random() < 0.35)
    if shape:
        cu = shape.startswith("cu-")
        shape = shape[3:] if cu else shape
    if cu:
        text, tags = gen_cuda(rng, shape)
        return text, tags, ".cu"
    text, tags = gen_c(rng, shape)
    return text, tags, ".c"


# ---------------------------------------------------------------------------------------------
# Running the tool and comparing.

def error_keys(path):
    with open(path) as f:
        doc = json.load(f)
    keys = set()
    for e in doc.get("errors", []):
        kind = e.get("kind", "?")
        lines = [ev.get("location", {}).get("line") for ev in e.get("events", [])]
        if kind in ("Data race", "Heterogeneous race"):
            keys.add((kind, "-".join(str(l) for l in sorted(set(lines), key=lambda x: (x is None, x)))))
        elif kind == "Deadlock":
            blocked = [ev.get("location", {}).get("line") for ev in e.get("events", [])
                       if ev.get("access") == "blocked"]
            keys.add((kind, "-".join(str(l) for l in sorted(set(blocked or lines[:1]), key=str))))
        else:
            keys.add((kind, str(lines[0]) if lines else "?"))
    return keys, doc


def run_tool(tool, src, extra, timeout, tmp):
    out = os.path.join(tmp, "out%d.json" % (len(extra)))
    if os.path.exists(out):
        os.unlink(out)
    cmd = [tool, src, "--keep-going", "--json", out, "--timeout", str(timeout)] + extra
    for attempt in range(30):  # the binary may be being replaced by a rebuild
        try:
            pr = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                timeout=timeout * 2 + 30)
        except subprocess.TimeoutExpired:
            return {"rc": 124, "keys": None, "out": "(hard timeout)", "doc": None}
        except OSError:
            time.sleep(2)
            continue
        if pr.returncode in (126, 127):
            time.sleep(2)
            continue
        break
    else:
        return {"rc": 7, "keys": None, "out": "could not run %s" % tool, "doc": None}
    text = pr.stdout.decode("utf-8", "replace")
    res = {"rc": pr.returncode, "keys": None, "out": text, "doc": None}
    if pr.returncode == 42 and ("Timeout:" in text or "time limit stopped the search" in text):
        # --keep-going stopped by --timeout after an error: exit 42, with a partial error list
        res["rc"] = 124
        return res
    if pr.returncode in (0, 3, 42):
        try:
            res["keys"], res["doc"] = error_keys(out)
        except (OSError, ValueError) as e:
            res["rc"] = "no-json"
            res["out"] += "\n(no JSON: %s)" % e
        if "time limit" in ((res["doc"] or {}).get("bounded_by") or []):
            res["rc"] = 124  # (the JSON says so too: bounded_by, search_complete)
    return res


def check(args, i):
    caught = False
    text, tags, ext = generate(args.seed, i, args.lang, args.shape)
    with tempfile.TemporaryDirectory(prefix="fuzzred") as tmp:
        src = os.path.join(tmp, "p%d%s" % (i, ext))
        with open(src, "w") as f:
            f.write(text)
        runs = []
        plant = ["--planted-mistake", args.plant] if args.plant else []
        for extra in (plant, ["--no-reductions", "--unroll", str(args.unroll)]):
            if runs and runs[0]["rc"] == 124:
                runs.append({"rc": "skipped", "keys": None, "out": "", "doc": None})
                break
            r = run_tool(args.tool, src, extra, args.timeout, tmp)
            if r["rc"] not in DOCUMENTED and r["rc"] != 5:
                time.sleep(1)  # a crash while the binary was replaced? once more
                r2 = run_tool(args.tool, src, extra, args.timeout, tmp)
                if r2["rc"] in DOCUMENTED or r2["rc"] == 5:
                    r = r2
            runs.append(r)
    d, ref = runs
    limited = [r["rc"] == 5 and LIMIT_REFUSAL in (r["out"] or "") for r in runs]
    if all(limited):
        status = "limit"  # both refuse it alike: a documented limit, not a generator bug
    elif any(limited):
        status = "failed"  # one run answers what the other refuses
    elif 5 in (d["rc"], ref["rc"]):
        status = "refused"
    elif 124 in (d["rc"], ref["rc"]):
        status = "timeout"
    elif any(r["rc"] not in DOCUMENTED for r in runs):
        status = "failed"
    elif d["keys"] != ref["keys"]:
        status = "failed"
        caught = True  # (a planted mistake shows in the errors, not in a crash or a usage error)
        extra = d["keys"] - ref["keys"]
        bounded = ref["rc"] == 3 or bool((ref["doc"] or {}).get("bounded_by"))
        if bounded and ref["keys"] <= d["keys"] and all(k[0] in HANG_KINDS for k in extra):
            # A thread waits for ever (deadlock, barrier divergence) while another spins for
            # ever: the reference cuts the spin at its bound, so that execution is bounded,
            # not stuck, and the reference cannot confirm the report.
            status = "unconfirmed"
    else:
        status = "passed"
    return {"i": i, "status": status, "text": text, "tags": tags, "ext": ext, "runs": runs,
            "caught": status == "failed" and caught}


def fmt(keys):
    if keys is None:
        return "-"
    return "{" + ", ".join("%s@%s" % k for k in sorted(keys)) + "}"


def describe(args, r):
    d, ref = r["runs"]
    s = ["program %d (--seed %d --only %d) [%s] %s:" % (r["i"], args.seed, r["i"], " ".join(r["tags"]), r["status"]),
         "  default:          exit %s %s" % (d["rc"], fmt(d["keys"])),
         "  --no-reductions:  exit %s %s" % (ref["rc"], fmt(ref["keys"]))]
    if d["keys"] is not None and ref["keys"] is not None:
        s.append("  only default: %s   only reference: %s" % (fmt(d["keys"] - ref["keys"]), fmt(ref["keys"] - d["keys"])))
    for name, run in (("default", d), ("reference", ref)):
        if run["keys"] is None and run["rc"] not in (124, "skipped"):
            s.append("  %s output: %s" % (name, run["out"].strip()[-600:]))
    return "\n".join(s)


def keep(args, r):
    os.makedirs(args.keep, exist_ok=True)
    d, ref = r["runs"]
    path = os.path.join(args.keep, "s%d-p%d-%s%s" % (args.seed, r["i"], r["status"], r["ext"]))
    with open(path, "w") as f:
        f.write("// seed %d program %d [%s]: %s\n// default: exit %s %s\n// --no-reductions --unroll %d: exit %s %s\n"
                % (args.seed, r["i"], " ".join(r["tags"]), r["status"], d["rc"], fmt(d["keys"]), args.unroll,
                   ref["rc"], fmt(ref["keys"])))
        f.write(r["text"])


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", default=os.environ.get("SCOPEMC", os.path.join(here, "..", "..", "build", "cli", "scopemc")))
    ap.add_argument("--seed", type=int, default=int(os.environ.get("SCOPEMC_FUZZ_SEED", "1")))
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--start", type=int, default=0, help="first program number")
    ap.add_argument("--only", type=int, help="just program I")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", help="write failing (and refused) programs to DIR")
    ap.add_argument("--unroll", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--lang", choices=["c", "cuda", "both"], default="both")
    ap.add_argument("--shape", help="only this shape (C: %s; CUDA: cu-%s)" % (
        ", ".join(sorted(C_SHAPES)), ", cu-".join(sorted(CU_SHAPES))))
    ap.add_argument("--print", action="store_true", help="print the programs instead of running them")
    ap.add_argument("--seconds", type=float, help="stop starting programs after S seconds")
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    ap.add_argument("--plant", help="run the defaults with this reduction's planted mistake "
                    "(needs --tool scopemc-planted): succeed only if some program tells it apart, and stop there")
    args = ap.parse_args()
    ids = [args.only] if args.only is not None else list(range(args.start, args.start + args.count))
    if args.print:
        for i in ids:
            text, tags, ext = generate(args.seed, i, args.lang, args.shape)
            print("// program %d%s [%s]\n%s" % (i, ext, " ".join(tags), text))
        return 0
    args.tool = os.path.abspath(args.tool)
    if args.plant:  # only the test build plants mistakes (tests/planted/main.cpp)
        with tempfile.TemporaryDirectory(prefix="fuzzplant") as tmp:
            src = os.path.join(tmp, "empty.c")
            with open(src, "w") as f:
                f.write("int main(void) { return 0; }\n")
            pr = subprocess.run([args.tool, src, "--planted-mistake", args.plant],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if pr.returncode != 0:
            print("--plant %s: %s cannot plant it (is it scopemc-planted?): %s"
                  % (args.plant, args.tool, pr.stdout.strip()))
            return 2
    t0 = time.time()
    counts = {"passed": 0, "failed": 0, "timeout": 0, "refused": 0, "unconfirmed": 0, "limit": 0}
    caught = [0]  # programs whose errors tell a planted mistake apart
    lock = threading.Lock()
    done = [0]

    def one(i):
        if args.seconds is not None and time.time() - t0 > args.seconds:
            return None
        if args.plant and caught[0]:
            return None  # caught: the mistake shows
        return check(args, i)

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for r in ex.map(one, ids):
            if r is None:
                continue
            with lock:
                counts[r["status"]] += 1
                caught[0] += r["caught"]
                done[0] += 1
                if r["status"] != "passed":
                    print(describe(args, r), flush=True)
                    if args.keep and r["status"] in ("failed", "refused", "unconfirmed"):
                        keep(args, r)
                if not args.quiet and done[0] % 100 == 0:
                    print("... %d programs, %d failed, %.0fs" % (done[0], counts["failed"], time.time() - t0),
                          file=sys.stderr, flush=True)
    print("%d timeouts, %d refused (generator bugs), %d refused alike for a documented limit, %d "
          "unconfirmed (a deadlock or divergence beside a spin the reference bounds), %.0fs, seed %d, "
          "programs %d..%d"
          % (counts["timeout"], counts["refused"], counts["limit"], counts["unconfirmed"],
             time.time() - t0, args.seed, ids[0], ids[-1]))
    print("%d passed, %d failed" % (counts["passed"], counts["failed"]))
    if args.plant:
        print("planted mistake %s: %s" % (args.plant, "caught" if caught[0] else "NOT caught"))
        return 0 if caught[0] else 1
    return 1 if counts["failed"] else 2 if counts["refused"] else 0


if __name__ == "__main__":
    sys.exit(main())
