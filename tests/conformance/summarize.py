#!/usr/bin/env python3
"""Turns lit's JSON results for the offload-test-suite into our machine-readable summary.

Writes a TSV (test, status, failure class, upstream expectation, reason), a second TSV of the
tests upstream marks XFAIL on Vulkan (SUMMARY-upstream-xfail.tsv), and prints a summary. Every
failure is classified as one of CLASSES (see classify and LAVAPIPE_RULES). The suite is a
measurement: this script exits 0 unless fewer tests pass than --require-passes.
"""
import argparse
import csv
import json
import os
import re
import sys

STATUS = {"PASS": "pass", "FAIL": "fail", "XFAIL": "xfail", "XPASS": "xpass", "UNSUPPORTED": "unsupported",
          "TIMEOUT": "timeout", "UNRESOLVED": "unresolved"}


def reason_of(output: str) -> str:
    """The first line that says what went wrong, for the table."""
    for pattern in (r"error: (?!command failed with exit status).*", r"Test failed: .*", r"shaderlens [a-z]+: .*",
                    r"Reached timeout.*", r"error: .*"):
        match = re.search(pattern, output)
        if match:
            return match.group(0).strip()[:200]
    lines = [l for l in output.splitlines() if l.strip() and not l.startswith("#")]
    return lines[-1].strip()[:200] if lines else ""


# Failure classes: every failing test gets exactly one.
COMPILER = "compiler unsupported"   # our compiler refused the shader or produced invalid SPIR-V
WRONG = "wrong result"              # ran, but a Results rule or the FileCheck of the dump failed
RUNTIME = "runtime unsupported"     # our runner could not run the pipeline (or timed out)
LAVAPIPE = "lavapipe limit"         # the device cannot run the construct as D3D defines it
CLASSES = (COMPILER, WRONG, RUNTIME, LAVAPIPE)

# Known lavapipe limits, keyed on what the failing run printed (never on test names). The first
# rule is the runtime's own verdict: after a failed run the offloader prints
# "note: device limit (ID): ..." when the shader's SPIR-V uses a construct the device's reported
# features (or, for llvmpipe, its documented subgroup layout) cannot run as D3D does
# (renderer/offload/DeviceLimits.cpp: quad-layout, non-uniform-indexing, int64-image). The other
# rules match device errors the runtime passes on unchanged.
LAVAPIPE_RULES = (
    (r"note: device limit \(([\w-]+)\)", "runtime note"),
    # spirv-val / the driver on a shader that needs 64-bit typed resources: lavapipe 22.3 has no
    # VK_EXT_shader_image_atomic_int64, so such a shader cannot run here whatever the compiler emits.
    (r"Int64ImageEXT", "int64-image"),
)


def lavapipe_limit(output: str) -> str:
    """The id of the lavapipe limit the output shows, or ""."""
    for pattern, name in LAVAPIPE_RULES:
        match = re.search(pattern, output)
        if match:
            return match.group(1) if match.groups() else name
    return ""


def classify(output: str) -> str:
    """One of CLASSES, from the commands lit ran: a lavapipe limit (LAVAPIPE_RULES), else which
    command failed: our compiler, the runner with a failed rule (wrong result), FileCheck on the
    dump (wrong result), or the runner otherwise (runtime unsupported)."""
    if lavapipe_limit(output):
        return LAVAPIPE
    if "Reached timeout" in output:
        return RUNTIME
    failed = failed_command(output)
    if " compile " in f" {failed} ":
        return COMPILER
    if "Test failed:" in output or failed.split(" ", 1)[0].endswith("FileCheck"):
        return WRONG
    return RUNTIME


def failed_command(output: str) -> str:
    """The first command lit reports as failed (in a pipeline `offload | FileCheck` both fail
    when the runner does), else the last command run."""
    current = ""
    for line in output.splitlines():
        executed = re.match(r"# executed command: (.*)$", line)
        if executed:
            current = executed.group(1)
        elif line.startswith("# error: command failed") and current:
            return current
    return current


def upstream_vulkan_xfail(row) -> str:
    """Which upstream Vulkan configurations mark the test XFAIL ("" when none)."""
    columns = (("vulkan_dxc", "DXC"), ("vulkan_clang", "Clang"), ("vulkan_lavapipe_dxc", "DXC on lavapipe"))
    return ", ".join(name for key, name in columns if row.get(key, "") == "xfail")


def load_index(path):
    rows = {}
    if path and os.path.exists(path):
        with open(path, newline="") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                rows[row["path"]] = row
    return rows


def write_tsv(path, header, rows):
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as f:
        writer = csv.writer(f, delimiter="\t", lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
    os.replace(tmp, path)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("results", help="lit's JSON output (lit -o FILE)")
    parser.add_argument("--tsv", required=True, help="where to write the per-test table")
    parser.add_argument("--index", help="the suite's INDEX.tsv, for upstream's expectations")
    parser.add_argument("--require-passes", type=int, default=0)
    parser.add_argument("--label", default="", help="the device, for the summary lines (e.g. 'CPU device')")
    parser.add_argument("--against", help="another run's lit JSON (the lavapipe run): report what passes on one only")
    args = parser.parse_args()

    with open(args.results) as f:
        results = json.load(f)
    index = load_index(args.index)
    counts = {}
    classes = {}
    rows = []
    xfail_rows = []
    for test in results.get("tests", []):
        name = test["name"].split(" :: ", 1)[-1]
        status = STATUS.get(test["code"], test["code"].lower())
        counts[status] = counts.get(status, 0) + 1
        expected = index.get(name, {}).get("vulkan_lavapipe_dxc", "")
        output = test.get("output", "")
        reason = "" if status == "pass" else reason_of(output)
        kind = classify(output) if status in ("fail", "timeout") else ""
        limit = lavapipe_limit(output) if kind == LAVAPIPE else ""
        if limit:
            reason = f"[{limit}] {reason}"
        if kind:
            classes[kind] = classes.get(kind, 0) + 1
        rows.append((name, status, kind, expected, reason))
        marked = upstream_vulkan_xfail(index.get(name, {}))
        if marked:
            xfail_rows.append((name, status, kind, marked, reason))
    rows.sort()
    xfail_rows.sort()
    write_tsv(args.tsv, ["test", "status", "failure_class", "upstream_dxc_lavapipe", "reason"], rows)
    # Tests upstream marks XFAIL on Vulkan (for DXC, Clang or DXC on lavapipe), in a table of their
    # own: their failures are expected upstream, their passes are ours.
    xfail_tsv = re.sub(r"(\.tsv)?$", "-upstream-xfail.tsv", args.tsv, count=1)
    write_tsv(xfail_tsv, ["test", "status", "failure_class", "upstream_xfail_on_vulkan", "reason"], xfail_rows)

    total = sum(counts.values())
    parts = " ".join(f"{k}={counts[k]}" for k in sorted(counts))
    on = f" on the {args.label}" if args.label else ""
    print(f"conformance (offload-test-suite, measurement){on}: total={total} {parts}")
    if args.against:
        with open(args.against) as f:
            other = {t["name"].split(" :: ", 1)[-1]: STATUS.get(t["code"], t["code"].lower()) for t in json.load(f).get("tests", [])}
        ours = {r[0]: r[1] for r in rows}
        other_passes = [n for n, st in other.items() if st == "pass"]
        both = [n for n in other_passes if ours.get(n) == "pass"]
        only_other = sorted(n for n in other_passes if ours.get(n) != "pass")
        only_ours = sorted(n for n, st in ours.items() if st == "pass" and other.get(n) != "pass")
        share = 100.0 * len(both) / len(other_passes) if other_passes else 100.0
        print(f"conformance{on}: passes {len(both)} of the {len(other_passes)} tests the other run passes ({share:.1f}%), "
              f"and {len(only_ours)} it does not")
        for n in only_other:
            print(f"  fails{on} only: {n}\t{next((r[4] for r in rows if r[0] == n), '')}")
        for n in only_ours:
            print(f"  passes{on} only: {n}")
    if classes:
        print("conformance failures by class: " + " ".join(f"{k.replace(' ', '-')}={classes.get(k, 0)}" for k in CLASSES))
    if xfail_rows:
        passed = sum(1 for r in xfail_rows if r[1] == "pass")
        failed = [r for r in xfail_rows if r[1] in ("fail", "timeout", "xfail")]
        print(f"conformance: {len(xfail_rows)} tests are XFAIL on Vulkan upstream; we pass {passed}, "
              f"{len(failed)} fail or xfail here (table: {xfail_tsv}):")
        for r in failed:
            print(f"  {r[0]}\t{r[1]}\t{r[2] or '-'}\t(upstream XFAIL: {r[3]})")
    print(f"conformance table: {args.tsv}")
    passes = counts.get("pass", 0)
    if passes < args.require_passes:
        print(f"conformance: {passes} passes is below the required {args.require_passes}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
