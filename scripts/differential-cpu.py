#!/usr/bin/env python3
"""The CPU device against lavapipe on every compute entry point of the corpus.

For each MANIFEST.tsv row with stage `cs` (../shared/corpus; the rows, entry points, profiles,
defines, include dirs and RUN-line flags exactly as scripts/corpus-table.py reads them):

  shaderlens run --new FILE -T PROFILE -E ENTRY [-I..] [-D..] [flags] SHIFTS -o BUNDLE.test
      compiles with our compiler (SPIR-V, vulkan1.3, portable heap form) and generates a pipeline
      from the module's reflection (renderer/offload/Generate.h): every used binding, inputs
      filled with the seed's pseudo-random pattern, about 256 invocations
  shaderlens run --compare cpu BUNDLE.test          (timeout 60 s)
      runs it on lavapipe and on the CPU device and compares every output element

SHIFTS are -fvk-t-shift 100 -fvk-u-shift 200 -fvk-s-shift 300 (all spaces): with DXC's default
mapping register(t0) and register(u0) would share binding 0, which no pipeline can satisfy; and
-fspv-heap-slots=8, as heap shaders with counters exceed lavapipe's 32 storage buffers otherwise.
A comparison that crashes is run on each device alone to say which one crashed.

Outcomes:
  agree                  every output element agrees
  differ                 some differ (the first lines of the report are kept; the detail says whether
                         they agree within 4096 ulp, i.e. are float rounding, or not)
  cpu-fails              the CPU device failed (an unsupported instruction names its opcode)
  lavapipe-fails         lavapipe failed (pipeline creation, device limits)
  both-fail              both failed
  timeout                the comparison ran past the timeout
  not-compiled           our compiler rejected the entry point
  generate-unsupported   the module cannot be given a generated pipeline (the message says why)

Prints a table and totals and writes a TSV (file, entry, outcome, detail).

usage: scripts/differential-cpu.py [--shaderlens PATH] [--shared DIR] [--out FILE] [--jobs N]
                                   [--keep DIR] [--timeout S] [--seed N] [--filter SUBSTRING] [--quiet]
"""
import argparse
import collections
import concurrent.futures
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
COMPILE_TIMEOUT = 180
LOOSE_ULP = 4096  # a differing case is run again with this float tolerance (about 2.4e-4 relative)
SHIFTS = ["-fvk-t-shift", "100", "all", "-fvk-u-shift", "200", "all", "-fvk-s-shift", "300", "all"]
# Portable heaps with 8 slots (default 16): 16 + 1 storage-buffer views, as many counters and the
# status block exceed lavapipe's 32 storage buffers per stage.
HEAP_SLOTS = ["-fspv-heap-slots=8"]

OUTCOMES = ["agree", "differ", "cpu-fails", "lavapipe-fails", "both-fail", "timeout", "not-compiled",
            "generate-unsupported"]


def load_corpus_table():
    spec = importlib.util.spec_from_file_location("corpus_table", os.path.join(HERE, "corpus-table.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


corpus_table = load_corpus_table()


class Result:
    def __init__(self, row):
        self.row = row
        self.outcome = None
        self.detail = ""
        self.report = ""   # the comparison's stdout (differences) or stderr (failures)
        self.bundle = ""


def run(cmd, timeout):
    try:
        p = subprocess.run(["nice", "-n", "10"] + cmd, capture_output=True, text=True, timeout=timeout,
                           errors="replace")
    except subprocess.TimeoutExpired:
        return None, "", ""
    return p.returncode, p.stdout, p.stderr


def compile_flags(row):
    flags = ["-T", row.profile, "-E", row.entry] + list(row.flags)
    # The bundle's source part is compiled away from its directory: quoted includes need it.
    for d in [os.path.dirname(row.path)] + row.include_dirs:
        flags += ["-I", d]
    for d in row.defines:
        flags += ["-D", d]
    return flags + SHIFTS + HEAP_SLOTS


def first_line(text, pattern):
    for line in text.splitlines():
        if re.search(pattern, line):
            return line.strip()
    return ""


def cpu_failure_detail(message):
    m = re.search(r"(Op\w+|GLSL\.std\.450 \w+|\w+) is not supported by the CPU device", message)
    if m:
        return "unsupported instruction %s: %s" % (m.group(1), message)
    return message


def classify(result, rc, out, err, timeout):
    if rc is None:
        result.outcome, result.detail = "timeout", "ran past %d s" % timeout
        return
    text = out + err
    ref_error = first_line(err, r"^compare: error: on '")
    cpu_error = first_line(err, r"^compare: error: on the CPU device")
    if ref_error or cpu_error:
        result.report = err
        if ref_error and cpu_error:
            result.outcome = "both-fail"
            result.detail = "lavapipe: %s | cpu: %s" % (ref_error, cpu_failure_detail(cpu_error))
        elif ref_error:
            result.outcome, result.detail = "lavapipe-fails", ref_error
        else:
            result.outcome, result.detail = "cpu-fails", cpu_failure_detail(cpu_error)
        return
    if rc == 0 and re.search(r"^compare: all \d+ elements", out, re.M):
        result.outcome = "agree"
        result.detail = first_line(out, r"^compare: all")
        return
    summary = first_line(out, r"^compare: \d+ of \d+ elements differ")
    if summary:
        result.outcome = "differ"
        result.report = out
        lines = [l.strip() for l in out.splitlines() if l.startswith("buffer ") or l.startswith("  ")]
        result.detail = summary + " | " + " | ".join(lines[:3])
        return
    # Anything else (a crash, an error before the comparison) counts against the CPU device
    # only when it says so; otherwise it is the comparison that failed to run.
    result.report = text
    message = first_line(text, r"error") or ("exit %s" % rc)
    if rc < 0:
        message = "crashed (signal %d): %s" % (-rc, message)
    result.outcome = "both-fail"
    result.detail = message


def check(row, options, workdir):
    result = Result(row)
    base = re.sub(r"[^A-Za-z0-9_.-]", "_", row.label) + "__" + row.entry
    bundle = os.path.join(workdir, base + ".test")
    result.bundle = bundle
    cmd = [options.shaderlens, "run", "--new", row.path] + compile_flags(row) + \
          ["--seed", str(options.seed), "-o", bundle]
    rc, out, err = run(cmd, COMPILE_TIMEOUT)
    if rc is None:
        result.outcome, result.detail = "not-compiled", "compile/generate timeout after %d s" % COMPILE_TIMEOUT
        return result
    if rc != 0:
        gen = first_line(err, r"cannot generate a pipeline")
        if gen:
            result.outcome = "generate-unsupported"
            result.detail = re.sub(r"^.*cannot generate a pipeline: ", "", gen)
        else:
            result.outcome = "not-compiled"
            result.detail = corpus_table.first_error(err) or ("exit %d" % rc)
        return result
    rc, out, err = run([options.shaderlens, "run", "--compare", "cpu", bundle], options.timeout)
    classify(result, rc, out, err, options.timeout)
    if rc is not None and rc < 0:
        # A crash: which device? Each alone (the run's own output is not needed).
        crashed = []
        for name, device in (("lavapipe", "vulkan"), ("cpu", "cpu")):
            drc, dout, derr = run([options.shaderlens, "run", "--device", device, bundle], options.timeout)
            if drc is None or drc < 0:
                crashed.append(name)
        sig = "crashed (signal %d)" % -rc
        tail = (err.strip().splitlines() or [""])[-1][:200]
        if crashed == ["lavapipe"]:
            result.outcome, result.detail = "lavapipe-fails", "lavapipe %s: %s" % (sig, tail)
        elif crashed == ["cpu"]:
            result.outcome, result.detail = "cpu-fails", "the CPU device %s: %s" % (sig, tail)
        else:
            result.outcome, result.detail = "both-fail", "%s (alone: %s): %s" % (sig, ", ".join(crashed) or "neither", tail)
    if result.outcome == "differ":
        # Rounding (approximate transcendentals, fused multiply-adds) or a real difference?
        rc, out, err = run([options.shaderlens, "run", "--compare", "cpu", "--ulp", str(LOOSE_ULP), bundle],
                           options.timeout)
        loose = Result(row)
        classify(loose, rc, out, err, options.timeout)
        result.detail = ("[floats within %d ulp] " % LOOSE_ULP if loose.outcome == "agree" else
                         "[beyond %d ulp or integers] " % LOOSE_ULP) + result.detail
    return result


def write_tsv(path, results):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("file\tentry\toutcome\tdetail\n")
        for r in results:
            f.write("%s\t%s\t%s\t%s\n" % (r.row.label, r.row.entry, r.outcome,
                                          r.detail.replace("\t", " ").replace("\n", " ")))
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shaderlens", default=os.path.join(REPO, "build", "app", "shaderlens"))
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(REPO), "shared"))
    ap.add_argument("--out", default=os.path.join(REPO, "build", "differential-cpu.tsv"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", help="write the bundles (and each comparison's report) into this directory")
    ap.add_argument("--filter", help="only rows whose path contains this")
    ap.add_argument("--quiet", action="store_true", help="only the totals and the differences")
    options = ap.parse_args()
    options.shaderlens = os.path.abspath(options.shaderlens)

    with tempfile.TemporaryDirectory() as tmpdir:
        workdir = os.path.abspath(options.keep) if options.keep else os.path.join(tmpdir, "bundles")
        os.makedirs(workdir, exist_ok=True)
        rows, skipped = corpus_table.manifest_rows(options.shared, tmpdir)
        if options.filter:
            rows = [r for r in rows if options.filter in r.label]
        with concurrent.futures.ThreadPoolExecutor(max(1, options.jobs)) as pool:
            results = list(pool.map(lambda row: check(row, options, workdir), rows))
        if options.keep:
            for r in results:
                if r.report:
                    with open(r.bundle + ".report", "w", encoding="utf-8") as f:
                        f.write(r.report)
    write_tsv(options.out, results)

    width = max([len(r.row.label) + len(r.row.entry) + 1 for r in results] + [10])
    if not options.quiet:
        for r in results:
            print("%-*s  %-20s  %s" % (width, r.row.label + ":" + r.row.entry, r.outcome, r.detail[:200]))
    counts = collections.Counter(r.outcome for r in results)
    print("compute entry points: %d" % len(results))
    for outcome in OUTCOMES:
        print("  %-21s %4d" % (outcome, counts.get(outcome, 0)))
    for rel, why in skipped:
        print("  skipped %s: %s" % (rel, why))
    ran = counts["agree"] + counts["differ"]
    if ran:
        print("of the %d that ran on both devices, %d agree (%.1f%%)" % (ran, counts["agree"], 100.0 * counts["agree"] / ran))
    unsupported = collections.Counter()
    for r in results:
        m = re.search(r"unsupported instruction (\S+)", r.detail)
        if m:
            unsupported[m.group(1)] += 1
    if unsupported:
        print("instructions the CPU device lacks (entry points):")
        for op, n in unsupported.most_common():
            print("  %4d  %s" % (n, op))
    differing = [r for r in results if r.outcome == "differ"]
    if differing:
        print("differences:")
        for r in differing:
            print("  %s:%s: %s" % (r.row.label, r.row.entry, r.detail))
    print("table: %s" % options.out)
    return 1 if differing or counts["cpu-fails"] else 0


if __name__ == "__main__":
    sys.exit(main())
