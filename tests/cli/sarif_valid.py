#!/usr/bin/env python3
"""Every kind of SARIF log scopemc writes validates against the SARIF 2.1.0 JSON schema
(tests/cli/sarif-schema-2.1.0.json, the schema's rtm.5 text), its artifact URIs are absolute
file: URIs (results and fixes alike), and a run that did not finish says so in its invocation.

    sarif_valid.py SCOPEMC PROJECT_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import jsonschema

tool, root = sys.argv[1], sys.argv[2]
schema = json.load(open(os.path.join(root, "tests/cli/sarif-schema-2.1.0.json")))
validator = jsonschema.Draft4Validator(schema)
work = tempfile.mkdtemp(prefix="scopemc-sarif-")
shutil.copy(os.path.join(root, "tests/e2e/repair/gpumc_mp.c"), work)
repro = os.path.join(root, "tests/repro")
# (name, arguments, expected exit code, whether the run finished)
runs = [
    ("verified", [os.path.join(root, "examples/message_passing.c")], 0, True),
    ("race", [os.path.join(root, "examples/message_passing_relaxed.c")], 42, True),
    ("repair", ["repair", "gpumc_mp.c"], 0, True),
    ("timeout", [os.path.join(repro, "inf_local_noevents.c"), "--timeout", "1"], 124, False),
    ("refused", [os.path.join(repro, "nested_if.c")], 5, False),
    ("relative", ["gpumc_mp.c"], 42, True),
]
passed = failed = 0
for name, args, code, finished in runs:
    out = os.path.join(work, name + ".sarif")
    p = subprocess.run([tool] + args + ["--sarif", out], cwd=work, capture_output=True, text=True,
                       stdin=subprocess.DEVNULL)
    problems = []
    if p.returncode != code:
        problems.append("exit %d, expected %d" % (p.returncode, code))
    try:
        log = json.load(open(out))
        for e in validator.iter_errors(log):
            problems.append("schema: %s at %s" % (e.message[:200], "/".join(map(str, e.path))))
        inv = log["runs"][0]["invocations"][0]
        if inv["executionSuccessful"] != finished:
            problems.append("executionSuccessful is %s" % inv["executionSuccessful"])
        if not finished and not inv.get("toolExecutionNotifications"):
            problems.append("no notification says why the run did not finish")
        uris = []
        def collect(x):
            if isinstance(x, dict):
                for k, v in x.items():
                    if k == "artifactLocation":
                        uris.append(v.get("uri", ""))
                    collect(v)
            elif isinstance(x, list):
                for v in x:
                    collect(v)
        collect(log)
        for u in uris:
            if not u.startswith("file:///"):
                problems.append("artifact URI %r is not an absolute file: URI" % u)
        # An error carries its witness: a thread flow per thread taking part, the reported
        # events essential.
        for res in log["runs"][0]["results"] if code == 42 else []:
            flows = res.get("codeFlows", [{}])[0].get("threadFlows", [])
            essential = [l for f in flows for l in f["locations"] if l["importance"] == "essential"]
            if len(flows) < 2 or not essential:
                problems.append("result %s has no witness code flow" % res["ruleId"])
    except (OSError, ValueError, KeyError, IndexError) as e:
        problems.append("no readable log: %s" % e)
    if problems:
        failed += 1
        print("FAIL %s: %s\n%s" % (name, "; ".join(problems), p.stdout[-500:] + p.stderr[-500:]))
    else:
        passed += 1
        print("ok   %s" % name)
shutil.rmtree(work)
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
