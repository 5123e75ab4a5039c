#!/usr/bin/env python3
"""Compile-only conformance measure over llvm/offload-test-suite.

For every test whose %dxc_target RUN lines compile compute shaders (-T cs_*), split the test file
into its parts (split-file semantics), run each %dxc_target line with our compiler exactly as the
suite's lit configuration would (`shaderlens compile -spirv -fspv-target-env=vulkan1.3 ...`), and
count the tests whose shaders all compile to valid SPIR-V (the compiler validates in-process).
With --dxil, the same lines compile through the DXIL back end instead (`shaderlens compile ...`,
the LLVM verifier and the container writer in-process): how much of the suite the DXIL side takes.

Usage: scripts/conformance-compile.py [--shaderlens PATH] [--suite DIR] [--filter SUBSTR] [-j N]
                                      [--dxil] [--failures FILE] [-v]
Prints the totals and the commonest first-error messages.
"""
import argparse
import collections
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
import tempfile

from lit_text import expand_if, run_lines, split_file

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def compile_commands(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    cmds = []
    for cmd in run_lines(text):
        if "%dxc_target" not in cmd:
            continue
        cmd = expand_if(cmd).split("|")[0]
        if not re.search(r"-T\s*cs_", cmd):
            return text, None  # not a compute test (or mixed stages): outside this measure
        cmds.append(cmd)
    return text, cmds


def run_test(args, path):
    text, cmds = compile_commands(path)
    if not cmds:
        return path, None, ""
    with tempfile.TemporaryDirectory(prefix="slconf-") as tmp:
        tdir = os.path.join(tmp, "t")
        os.makedirs(tdir)
        for name, body in split_file(text).items():
            target = os.path.join(tdir, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8") as f:
                f.write(body)
        compiler = shlex.quote(args.shaderlens) + (" compile" if args.dxil else " compile -spirv -fspv-target-env=vulkan1.3")
        for cmd in cmds:
            cmd = cmd.replace("%dxc_target_lib", "%dxc_target")
            cmd = cmd.replace("%dxc_target", compiler)
            cmd = cmd.replace("%t", tdir).replace("%s", shlex.quote(path))
            try:
                proc = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=60)
            except subprocess.TimeoutExpired:
                return path, False, "timeout"
            if proc.returncode != 0:
                return path, False, proc.stderr.strip() or f"exit {proc.returncode}"
    return path, True, ""


def first_error(message):
    for line in message.splitlines():
        m = re.search(r"error: (.*)", line)
        if m:
            msg = m.group(1)
            msg = re.sub(r"'[^']*'", "'…'", msg)
            msg = re.sub(r"\[word \d+\]", "", msg)
            msg = re.sub(r"\d+", "N", msg)
            return msg[:160]
    return message.splitlines()[0][:160] if message else "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shaderlens", default=os.path.join(ROOT, "build", "app", "shaderlens"))
    ap.add_argument("--suite", default=os.path.join(ROOT, "..", "shared", "offload-test-suite", "tests"))
    ap.add_argument("--filter", default="")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--failures", help="write every failing test and its first error to this file")
    ap.add_argument("--dxil", action="store_true", help="compile through the DXIL back end instead of SPIR-V")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    tests = []
    for dirpath, _, files in os.walk(args.suite):
        for f in sorted(files):
            if f.endswith(".test") or f.endswith(".yaml"):
                p = os.path.join(dirpath, f)
                if args.filter in p:
                    tests.append(p)
    tests.sort()
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
        for path, ok, msg in pool.map(lambda p: run_test(args, p), tests):
            if ok is None:
                continue
            results.append((path, ok, msg))
            if args.v:
                print(("PASS " if ok else "FAIL ") + os.path.relpath(path, args.suite) + ("" if ok else ": " + first_error(msg)))
    passed = sum(1 for _, ok, _ in results if ok)
    target = "DXIL" if args.dxil else "SPIR-V"
    print(f"compute tests: {len(results)}  compile to valid {target}: {passed}  failing: {len(results) - passed}")
    reasons = collections.Counter(first_error(msg) for _, ok, msg in results if not ok)
    for reason, count in reasons.most_common(40):
        print(f"{count:5d}  {reason}")
    if args.failures:
        with open(args.failures, "w", encoding="utf-8") as f:
            for path, ok, msg in results:
                if not ok:
                    f.write(os.path.relpath(path, args.suite) + "\t" + first_error(msg) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
