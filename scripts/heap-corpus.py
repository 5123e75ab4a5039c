#!/usr/bin/env python3
"""Descriptor heaps (SM 6.6) against the corpus: a measurement, see docs/heaps.md.

1. DXC's own heap tests (corpus/**/sm6_6.descriptorheap*.hlsl): every RUN line is compiled with
   `shaderlens compile -spirv` and the SPIR-V is checked for the shapes its CHECK lines expect:
   the capabilities and extensions they name, the (set, binding) of each heap group (resource,
   sampler, counter) and of named ordinary variables, every heap array unbounded, one array per
   distinct type within a group. A `not %dxc` RUN must fail. (Instruction sequences are not
   compared: our variable names and instruction order differ from DXC's by design.)
2. The real-engine shaders that use heaps (Adria-DX12, D3D12_Research, WickedEngine, elemental,
   zig-gamedev; entry points, profiles, defines and include dirs from corpus/MANIFEST.tsv):
   how many compile to valid SPIR-V (validated in-process by the compiler), in each heap form.

Usage: scripts/heap-corpus.py [--shaderlens BIN] [--corpus DIR] [-v]
Exit status 0 (a measurement), 2 when the compiler or the corpus is missing.
"""
import argparse
import csv
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile

from lit_text import run_lines

HERE = os.path.dirname(os.path.abspath(__file__))
ENGINES = ("Adria-DX12", "D3D12_Research", "WickedEngine", "elemental", "zig-gamedev")
HEAP_NAMES = {"resource": "ResourceDescriptorHeap.", "sampler": "SamplerDescriptorHeap.", "counter": "CounterDescriptorHeap."}
# DXC options that change nothing our compiler models for these checks.
IGNORED_OPTIONS = {"-fcgl"}


def compile_spirv(shaderlens, source, args, timeout=60):
    """(exit status, disassembly text, stderr) of one SPIR-V compile."""
    with tempfile.TemporaryDirectory() as tmp:
        dis = os.path.join(tmp, "out.spvasm")
        cmd = [shaderlens, "compile", "-spirv", "-Fo", os.path.join(tmp, "out.spv"), "-Fc", dis] + args + [source]
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return 124, "", "timeout"
        text = ""
        if p.returncode == 0 and os.path.exists(dis):
            with open(dis, encoding="utf-8", errors="replace") as f:
                text = f.read()
        return p.returncode, text, p.stderr


# ---- part 1: DXC's heap tests ----

def parse_run(run, path):
    """(negative, compiler args, check prefix) of one RUN line."""
    negative = bool(re.match(r"\s*not\s+%dxc", run))
    command = run.split("|")[0]
    words = shlex.split(command.replace("%s", path))
    words = words[words.index("%dxc") + 1:] if "%dxc" in words else []
    args, skip = [], False
    for w in words:
        if w in ("2>&1",):
            continue
        if w == path or w in IGNORED_OPTIONS or w == "-spirv":
            continue
        args.append(w)
    prefix = "CHECK"
    m = re.search(r"--check-prefix(?:es)?[= ](\w+)", run)
    if m:
        prefix = m.group(1)
    return negative, args, prefix


def check_lines(text, prefix):
    out = []
    for line in text.splitlines():
        m = re.match(r"\s*//\s*" + re.escape(prefix) + r"(?:-DAG|-NEXT|-SAME|-NOT)?:\s*(.*)$", line)
        if m and "-NOT:" not in line:
            out.append(m.group(1))
    return out


def classify(token):
    """Heap group of a CHECK variable token, or ('var', name) for a named ordinary variable, or None."""
    m = re.match(r"\[\[(\w+)", token)
    if m:
        name = m.group(1).lower()
        if "sampler_heap" in name:
            return ("group", "sampler")
        if "heap" in name and "counter" in name:
            return ("group", "counter")
        if "heap" in name:
            return ("group", "resource")
        return None  # e.g. [[texture]]: an ordinary variable we cannot name
    m = re.match(r"%(\w+)", token)
    if not m:
        return None
    name = m.group(1)
    if name.startswith("counter_var_ResourceDescriptorHeap"):
        return ("group", "counter")
    if name.startswith("ResourceDescriptorHeap"):
        return ("group", "resource")
    if name.startswith("SamplerDescriptorHeap"):
        return ("group", "sampler")
    return ("var", name)


def expectations(checks):
    caps, exts, where = set(), set(), {}
    for c in checks:
        m = re.search(r"OpCapability (\w+)", c)
        if m:
            caps.add(m.group(1))
        m = re.search(r'OpExtension "([^"]+)"', c)
        if m:
            exts.add(m.group(1))
        m = re.search(r"OpDecorate (\S+?)(?:\{\{[^}]*\}\})? (DescriptorSet|Binding) (\S+)", c)
        if m:
            key = classify(m.group(1))
            if key is None:
                continue
            value = None if m.group(3).startswith("{{") else int(m.group(3))
            where.setdefault(key, {})[m.group(2)] = value
    return caps, exts, where


def parse_module(text):
    names, decorations, types, variables = {}, {}, {}, {}
    caps, exts = set(), set()
    for line in text.splitlines():
        line = line.strip()
        m = re.match(r'OpName (%\S+) "([^"]*)"', line)
        if m:
            names[m.group(1)] = m.group(2)
            continue
        m = re.match(r"OpDecorate (%\S+) (DescriptorSet|Binding) (\d+)", line)
        if m:
            decorations.setdefault(m.group(1), {})[m.group(2)] = int(m.group(3))
            continue
        m = re.match(r"OpCapability (\w+)", line)
        if m:
            caps.add(m.group(1))
        m = re.match(r'OpExtension "([^"]+)"', line)
        if m:
            exts.add(m.group(1))
        m = re.match(r"(%\S+) = (OpType\w+)(.*)$", line)
        if m:
            types[m.group(1)] = (m.group(2), m.group(3).split())
            continue
        m = re.match(r"(%\S+) = OpVariable (%\S+) (\w+)", line)
        if m:
            variables[m.group(1)] = m.group(2)
    return names, decorations, types, variables, caps, exts


def check_shapes(expected, module, fcgl):
    """(problems, notes): notes are the deliberate differences of docs/heaps.md."""
    caps, exts, where = expected
    names, decorations, types, variables, have_caps, have_exts = module
    problems, notes = [], []
    for c in sorted(caps - have_caps):
        problems.append(f"missing OpCapability {c}")
    for e in sorted(exts - have_exts):
        problems.append(f"missing OpExtension {e}")
    groups = {g: [v for v in variables if names.get(v, "").startswith(prefix)] for g, prefix in HEAP_NAMES.items()}
    for key, want in sorted(where.items()):
        kind, name = key
        if kind == "group":
            found = groups[name]
            if not found:
                # DXC's -fcgl output (before its dead-code elimination) still declares a heap array
                # nobody accesses; we never declare one.
                (notes if fcgl else problems).append(f"no {name} heap array (nothing accesses it)")
                continue
        else:
            found = [v for v in variables if names.get(v) == name]
            if not found:
                problems.append(f"no variable '{name}'")
                continue
        for v in found:
            for deco, value in want.items():
                got = decorations.get(v, {}).get(deco)
                if value is not None and got != value:
                    problems.append(f"{names.get(v, v)}: {deco} {got}, expected {value}")
    # Every heap array unbounded; one array per distinct descriptor type within a group.
    for g, found in groups.items():
        elements = []
        for v in found:
            ptr = types.get(variables[v])
            arr = types.get(ptr[1][-1]) if ptr else None
            if not arr or arr[0] != "OpTypeRuntimeArray":
                problems.append(f"{names[v]} is not a runtime array")
                continue
            elements.append(arr[1][0])
        if len(elements) != len(set(elements)):
            problems.append(f"two {g} heap arrays of one type")
        bindings = {(decorations.get(v, {}).get("DescriptorSet"), decorations.get(v, {}).get("Binding")) for v in found}
        if len(bindings) > 1:
            problems.append(f"{g} heap arrays at different bindings {sorted(bindings)}")
    return problems, notes


def dxc_tests(shaderlens, corpus, verbose):
    files = sorted(glob.glob(os.path.join(corpus, "**", "sm6_6.descriptorheap*.hlsl"), recursive=True))
    runs = compiled = shapes = negatives = negatives_ok = 0
    rows = []
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for run in run_lines(text):
            if "%dxc" not in run:
                continue
            negative, args, prefix = parse_run(run, path)
            status, dis, err = compile_spirv(shaderlens, path, args)
            name = os.path.basename(path) + ("" if prefix == "CHECK" else f" [{prefix}]")
            if negative:
                negatives += 1
                ok = status == 1
                negatives_ok += ok
                first = next((l for l in err.splitlines() if "error:" in l), "")
                rows.append((name, "rejected as expected" if ok else f"NOT rejected (exit {status})", first))
                continue
            runs += 1
            if status != 0:
                first = next((l for l in err.splitlines() if "error" in l), err.strip()[:160])
                rows.append((name, "compile FAILED", first))
                continue
            compiled += 1
            problems, notes = check_shapes(expectations(check_lines(text, prefix)), parse_module(dis), "-fcgl" in run)
            if problems:
                rows.append((name, "shape differs", "; ".join(problems)))
            else:
                shapes += 1
                rows.append((name, "ok", "; ".join(notes)))
    print("== DXC heap tests (sm6_6.descriptorheap*, proposal form)")
    for name, status, detail in rows:
        if verbose or status not in ("ok", "rejected as expected") or detail:
            print(f"  {name:55} {status}  {detail}".rstrip())
    print(f"DXC heap tests: {len(files)} files, {runs} positive RUN lines: {compiled} compile, {shapes} have the "
          f"expected shapes; {negatives_ok}/{negatives} negative RUN lines rejected")
    return compiled, shapes


# ---- part 2: engine shaders ----

def engine_rows(corpus):
    rows = []
    with open(os.path.join(corpus, "MANIFEST.tsv"), newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            path = row["path"]
            if not path.startswith(tuple(e + "/" for e in ENGINES)) or not row.get("profile"):
                continue
            full = os.path.join(corpus, path)
            try:
                with open(full, encoding="utf-8", errors="replace") as src:
                    uses = re.search(r"(Resource|Sampler)DescriptorHeap", src.read()) is not None
            except OSError:
                continue
            if uses or "DescriptorHeap" in row.get("features", ""):
                rows.append(row)
    return rows


def engine_shaders(shaderlens, corpus, verbose):
    rows = engine_rows(corpus)
    files = sorted({r["path"] for r in rows})
    print(f"== engine shaders using heaps: {len(files)} files, {len(rows)} entry points")
    results = {}
    for form in ("proposal", "portable"):
        ok = 0
        reasons = {}
        for r in rows:
            args = ["-T", r["profile"], "-E", r["entry"], f"-fspv-heap-form={form}", "-fspv-target-env=vulkan1.2"]
            for d in filter(None, (r.get("defines") or "").split(";")):
                args.append("-D" + d.strip())
            for inc in filter(None, (r.get("include_dirs") or "").split(";")):
                args += ["-I", os.path.join(corpus, inc.strip())]
            status, _, err = compile_spirv(shaderlens, os.path.join(corpus, r["path"]), args)
            if status == 0:
                ok += 1
                if verbose:
                    print(f"  [{form}] ok      {r['path']} {r['entry']}")
                continue
            first = next((l for l in err.splitlines() if "error" in l), err.strip()[:160])
            reason = re.sub(r"'[^']*'", "'...'", re.sub(r"^.*?error: ", "", first))[:110]
            reasons[reason] = reasons.get(reason, 0) + 1
            if verbose:
                print(f"  [{form}] FAILED  {r['path']} {r['entry']}: {first}")
        results[form] = ok
        print(f"engine heap shaders, {form} form: {ok}/{len(rows)} entry points compile to valid SPIR-V")
        for reason, n in sorted(reasons.items(), key=lambda kv: -kv[1])[:8]:
            print(f"    {n:3}x {reason}")
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shaderlens", default=os.path.join(HERE, "..", "build", "app", "shaderlens"))
    parser.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpus"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    args.corpus = os.path.abspath(args.corpus)
    if not os.access(args.shaderlens, os.X_OK):
        print(f"heap-corpus: no compiler at {args.shaderlens} (--shaderlens)", file=sys.stderr)
        return 2
    if not os.path.isdir(args.corpus):
        print(f"heap-corpus: no corpus at {args.corpus} (--corpus)", file=sys.stderr)
        return 2
    dxc_tests(args.shaderlens, args.corpus, args.verbose)
    engine_shaders(args.shaderlens, args.corpus, args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
