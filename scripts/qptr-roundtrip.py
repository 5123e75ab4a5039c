#!/usr/bin/env python3
"""qptr round trip over real SPIR-V modules.

Collects SPIR-V modules from three sources:
  suite    every compute shader of llvm/offload-test-suite, compiled by `shaderlens compile` exactly
           as the suite's RUN lines say (the module written with -Fo: the one before qptr);
  corpus   every corpus HLSL shader (../shared/corpus/MANIFEST.tsv) compiled by `shaderlens compile`;
  glslang  every corpus HLSL shader glslangValidator compiles to valid Vulkan 1.2 SPIR-V.
Then runs `shaderlens qptr FILE.spv --print lift -o OUT.spv` (read -> qptr.lower -> qptr.analyze
-> qptr.lift -> write) on each and validates OUT.spv with spirv-val, using the same validator
options (block layout rules) the input needed.

Each module ends in one of:
  valid      the lifted module validates
  invalid    the passes reported nothing but the lifted module does not validate (silent bad output)
  diagnosed  the passes (or the reader) stopped with a diagnostic; no lifted module
  crash      shaderlens qptr died on a signal or timed out
Inputs that do not compile or do not validate are not counted (they are the compiler's business).

Usage: scripts/qptr-roundtrip.py [--shaderlens PATH] [--compiler PATH] [--sources suite,corpus,glslang]
                                 [--out DIR] [-j N] [--limit N] [-v]
Writes DIR/roundtrip.tsv (one row per module) and DIR/summary.txt, and prints the summary.
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
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
GLSLANG_STAGES = {"cs": "comp", "ps": "frag", "vs": "vert", "gs": "geom", "hs": "tesc", "ds": "tese"}
# spirv-val option sets, weakest first: a module is checked with the first set its input passes.
VALIDATOR_FLAGS = [[], ["--relax-block-layout"], ["--relax-block-layout", "--scalar-block-layout"]]


def run(cmd, timeout=120, **kw):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        return None


# ------------------------------------------------------------------------------------ sources
def suite_modules(args, work):
    """(name, path, target env) for each compute module of the offload suite."""
    jobs = []
    suite = os.path.join(SHARED, "offload-test-suite", "tests")
    for dirpath, _, files in os.walk(suite):
        for f in sorted(files):
            if f.endswith(".test"):
                jobs.append(os.path.join(dirpath, f))
    jobs.sort()

    def compile_test(path):
        text = open(path, encoding="utf-8", errors="replace").read()
        cmds = [expand_if(c).split("|")[0] for c in run_lines(text) if "%dxc_target" in c]
        if not cmds or not all(re.search(r"-T\s*cs_", c) for c in cmds):
            return []
        rel = os.path.relpath(path, suite)
        tdir = os.path.join(work, "suite", rel.replace("/", "__"))
        os.makedirs(tdir, exist_ok=True)
        for name, body in split_file(text).items():
            target = os.path.join(tdir, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8") as out:
                out.write(body)
        out = []
        for i, cmd in enumerate(cmds):
            obj = os.path.join(tdir, f"module{i}.spv")
            cmd = cmd.replace("%dxc_target_lib", "%dxc_target")
            cmd = cmd.replace("%dxc_target", f"{shlex.quote(args.compiler)} compile -spirv -fspv-target-env=vulkan1.3")
            cmd = re.sub(r"-Fo\s*\S+", "", cmd) + f" -Fo {shlex.quote(obj)}"
            cmd = cmd.replace("%t", tdir).replace("%s", shlex.quote(path))
            p = run(cmd, shell=True)
            if p is not None and p.returncode == 0 and os.path.exists(obj):
                out.append((f"suite:{rel}#{i}", obj, "vulkan1.3"))
        return out

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
        return [m for ms in pool.map(compile_test, jobs) for m in ms]


def manifest_rows():
    path = os.path.join(SHARED, "corpus", "MANIFEST.tsv")
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            cols = line.rstrip("\n").split("\t")
            row = dict(zip(header, cols))
            if row.get("path", "").endswith(".hlsl"):
                yield row


def corpus_modules(args, work):
    def one(row):
        src = os.path.join(SHARED, "corpus", row["path"])
        # One file may be listed once per entry point: the entry is part of the module's name.
        obj = os.path.join(work, "corpus", row["path"].replace("/", "__") + "." + row["entry"] + ".spv")
        os.makedirs(os.path.dirname(obj), exist_ok=True)
        cmd = [args.compiler, "compile", "-spirv", "-fspv-target-env=vulkan1.3", "-T", row["profile"], "-E", row["entry"]]
        for d in row.get("defines", "").split():
            cmd += ["-D", d]
        for inc in row.get("include_dirs", "").split():
            cmd += ["-I", os.path.join(SHARED, "corpus", inc)]
        p = run(cmd + ["-Fo", obj, src])
        if p is not None and p.returncode == 0 and os.path.exists(obj):
            return [(f"corpus:{row['path']}:{row['entry']}", obj, "vulkan1.3")]
        return []

    rows = [r for r in manifest_rows() if r.get("profile") and r.get("entry")]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
        return [m for ms in pool.map(one, rows) for m in ms]


def glslang_modules(args, work):
    def one(row):
        stage = GLSLANG_STAGES.get(row.get("stage", ""))
        if not stage or not row.get("glslang", "").startswith("ok"):
            return []
        src = os.path.join(SHARED, "corpus", row["path"])
        obj = os.path.join(work, "glslang", row["path"].replace("/", "__") + "." + row["entry"] + ".spv")
        os.makedirs(os.path.dirname(obj), exist_ok=True)
        cmd = ["glslangValidator", "-V", "-D", "--target-env", "vulkan1.2", "-S", stage, "-e", row["entry"],
               "-o", obj, src]
        for d in row.get("defines", "").split():
            cmd.insert(1, "-D" + d)
        for inc in row.get("include_dirs", "").split():
            cmd.insert(1, "-I" + os.path.join(SHARED, "corpus", inc))
        p = run(cmd)
        if p is not None and p.returncode == 0 and os.path.exists(obj):
            return [(f"glslang:{row['path']}:{row['entry']}", obj, "vulkan1.2")]
        return []

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
        return [m for ms in pool.map(one, list(manifest_rows())) for m in ms]


# ------------------------------------------------------------------------------------ round trip
def validator_flags(path, env):
    for flags in VALIDATOR_FLAGS:
        p = run(["spirv-val", "--target-env", env, *flags, path])
        if p is not None and p.returncode == 0:
            return flags
    return None


def first_line(text):
    for line in text.splitlines():
        if "error" in line:
            return line.strip()[:200]
    return (text.strip().splitlines() or ["?"])[0][:200]


def round_trip(args, module):
    name, path, env = module
    flags = validator_flags(path, env)
    if flags is None:
        return name, "skipped", "input does not validate"
    out = path + ".lifted.spv"
    if os.path.exists(out):
        os.remove(out)
    cmd = [args.shaderlens, "qptr", path, "--print", "lift", "--target-env", env, "-o", out]
    if "--scalar-block-layout" in flags:
        cmd += ["--layout", "scalar"]
    p = run(cmd)
    if p is None:
        return name, "crash", "timeout"
    if p.returncode < 0:
        return name, "crash", f"signal {-p.returncode}"
    if not os.path.exists(out):
        return name, "diagnosed", first_line(p.stderr)
    v = run(["spirv-val", "--target-env", env, *flags, out])
    if v is not None and v.returncode == 0:
        return name, "valid", ""
    return name, "invalid", first_line((v.stderr + v.stdout) if v else "spirv-val timeout")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shaderlens", default=os.path.join(ROOT, "build", "app", "shaderlens"),
                    help="the binary whose `qptr` subcommand is measured")
    ap.add_argument("--compiler", help="the binary that compiles HLSL (default: --shaderlens)")
    ap.add_argument("--sources", default="suite,corpus,glslang")
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "qptr-roundtrip"))
    ap.add_argument("--keep-modules", help="directory to collect the input modules in (default: a temporary one)")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--limit", type=int, default=0, help="at most N modules per source (0: all)")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    args.compiler = args.compiler or args.shaderlens
    sources = {"suite": suite_modules, "corpus": corpus_modules, "glslang": glslang_modules}
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="qptr-rt-") as tmp:
        work = args.keep_modules or tmp
        modules = []
        for s in args.sources.split(","):
            if s not in sources:
                ap.error(f"unknown source '{s}' (suite, corpus, glslang)")
            found = sources[s](args, work)
            if args.limit:
                found = found[: args.limit]
            print(f"{s}: {len(found)} modules", file=sys.stderr)
            modules += found
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
            results = list(pool.map(lambda m: round_trip(args, m), modules))
    rows = sorted(results)
    with open(os.path.join(args.out, "roundtrip.tsv"), "w", encoding="utf-8") as f:
        f.write("module\tresult\tfirst message\n")
        for name, result, msg in rows:
            f.write(f"{name}\t{result}\t{msg}\n")
    lines = []
    per = collections.defaultdict(collections.Counter)
    for name, result, _ in rows:
        per[name.split(":", 1)[0]][result] += 1
    kinds = ["valid", "invalid", "diagnosed", "crash", "skipped"]
    lines.append("source    " + "".join(f"{k:>10}" for k in kinds))
    total = collections.Counter()
    for src in sorted(per):
        total.update(per[src])
        lines.append(f"{src:<10}" + "".join(f"{per[src][k]:>10}" for k in kinds))
    lines.append(f"{'total':<10}" + "".join(f"{total[k]:>10}" for k in kinds))
    reasons = collections.Counter(re.sub(r"\d+", "N", msg) for _, r, msg in rows if r in ("invalid", "diagnosed", "crash"))
    if reasons:
        lines.append("")
        lines.append("commonest messages (invalid / diagnosed / crash):")
        lines += [f"{n:5d}  {m}" for m, n in reasons.most_common(15)]
    summary = "\n".join(lines) + "\n"
    with open(os.path.join(args.out, "summary.txt"), "w", encoding="utf-8") as f:
        f.write(summary)
    print(summary, end="")
    if args.v:
        for name, result, msg in rows:
            if result not in ("valid", "skipped"):
                print(f"{result:10} {name}: {msg}")
    return 1 if total["invalid"] or total["crash"] else 0


if __name__ == "__main__":
    sys.exit(main())
