#!/usr/bin/env python3
"""Prints the unit-test-case and lit-test counts of the last ctest run (ctest itself counts only
executables). Reads build/Testing/Temporary/LastTest.log; exits with the status given by
--status so the caller's exit code stays ctest's."""
import argparse
import re
import sys

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("log")
parser.add_argument("--status", type=int, default=0)
args = parser.parse_args()

text = open(args.log, errors="replace").read()
unit_pass = unit_fail = 0
for m in re.finditer(r"All tests passed \(\d+ assertions? in (\d+) test cases?\)", text):
    unit_pass += int(m.group(1))
for m in re.finditer(r"test cases:\s*(\d+)\s*\|\s*(\d+) passed\s*\|\s*(\d+) failed", text):
    unit_pass += int(m.group(2))
    unit_fail += int(m.group(3))
lit_pass = sum(int(x) for x in re.findall(r"^\s*Passed\s*:\s*(\d+)", text, re.M))
lit_fail = sum(int(x) for x in re.findall(r"^\s*Failed\s*:\s*(\d+)", text, re.M))
lit_other = sum(int(x) for x in re.findall(r"^\s*(?:Unsupported|Expectedly Failed)\s*:\s*(\d+)", text, re.M))
print(f"unit (Catch2 test cases): {unit_pass} passed, {unit_fail} failed")
print(f"lit (golden tests): {lit_pass} passed, {lit_fail} failed" + (f", {lit_other} unsupported/xfail" if lit_other else ""))
print(f"total: {unit_pass + lit_pass} passed, {unit_fail + lit_fail} failed")
sys.exit(args.status)
