#!/usr/bin/env python3
"""Measures how many compute shaders get through the front end (parse + Sema) without errors.

Inputs, read in place from ../shared (never copied):
  * corpus/MANIFEST.tsv rows with stage `cs` (profile, entry, defines, include dirs per row);
  * offload-test-suite/INDEX.tsv rows of kind `compute`: the .hlsl split-file part named by the
    test's `%dxc_target` RUN line, compiled with that line's flags.

Each shader runs `shaderlens compile ... --print ast`; a shader passes when no `error:` is
reported. Prints the pass counts, the most common first errors, and the first error per failure.

usage: scripts/frontend-corpus.py [--shaderlens PATH] [--shared DIR] [--quiet] [--jobs N]
"""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def run_compile(shaderlens, path, args):
    cmd = [shaderlens, "compile"] + args + ["--print", "ast", path]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return "timeout"
    if proc.returncode not in (0, 1):
        return f"exit code {proc.returncode}: {proc.stderr.strip().splitlines()[-1:] if proc.stderr else ''}"
    for line in proc.stderr.splitlines():
        if ": error: " in line or line.startswith("error:") or "shaderlens compile:" in line:
            return line.strip()
    return None


# Language versions of rows whose projects built with a DXC older than 1.7 (2022), when HLSL 2018
# was the default (as in corpus-table.py): FidelityFX FSR 1.0 relies on 2018's vector `?:`.
HLSL_VERSION_BY_PREFIX = {
    "FidelityFX-FSR/": "2018",
}


def corpus_jobs(shared, tmpdir):
    root = os.path.join(shared, "corpus")
    jobs = []
    with open(os.path.join(root, "MANIFEST.tsv"), encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        col = {name: i for i, name in enumerate(header)}
        for line in f:
            row = line.rstrip("\n").split("\t")
            if len(row) < len(header) or row[col["stage"]] != "cs":
                continue
            # The manifest guesses SM 5.x profiles for D3DCompile-era samples; DXC (and we) reject
            # them as invalid profiles, so they compile as 6.0 (scripts/corpus-table.py does too).
            profile = row[col["profile"]] or "cs_6_6"
            if re.match(r"^cs_[0-5]_\d$", profile):
                profile = "cs_6_0"
            args = ["-T", profile, "-E", row[col["entry"]] or "main"]
            notes = row[col["notes"]]
            flags = re.search(r"RUN flags: ([^;]*)", notes)
            if flags:
                for flag in ("-enable-16bit-types", "-spirv"):
                    if flag in flags.group(1).split():
                        args.append(flag)
            for prefix, version in HLSL_VERSION_BY_PREFIX.items():
                if row[col["path"]].startswith(prefix):
                    args += ["-HV", version]
            for define in filter(None, re.split(r"[;,\s]+", row[col["defines"]])):
                args += ["-D", define]
            for inc in filter(None, re.split(r"[;,]+", row[col["include_dirs"]])):
                args += ["-I", os.path.join(root, inc)]
            path = os.path.join(root, row[col["path"]])
            label = f"corpus/{row[col['path']]}:{row[col['entry']]}"
            if path.endswith(".test"):
                # An offload-test-suite file inside the corpus: compile its shader part.
                extracted = extract_test(path, tmpdir, label)
                if extracted:
                    path, run_args = extracted
                    args = run_args if run_args else args
            jobs.append((label, path, args))
    return jobs


def extract_test(test, tmpdir, label):
    """Writes the .hlsl part named by the test's first %dxc_target RUN line; returns (path, args)."""
    with open(test, encoding="utf-8") as t:
        text = t.read()
    parts = split_parts(text)
    for m in re.finditer(r"RUN:(.*?)%dxc_target\s+(.*?)\s+%t/(\S+\.hlsl)", text):
        # Drop `%if Vulkan %{ ... %}` groups: the DirectX spelling of the command is measured.
        raw = re.sub(r"%if\s+\S+\s+%\{.*?%\}(\s*%else\s+%\{(.*?)%\})?", lambda g: g.group(2) or "", m.group(2))
        flags = [f for f in raw.split() if not f.startswith("%")]
        args = []
        i = 0
        while i < len(flags):
            if flags[i] == "-Fo":
                i += 2
                continue
            args.append(flags[i])
            i += 1
        part = m.group(3)
        if part not in parts:
            continue
        out = os.path.join(tmpdir, re.sub(r"[^A-Za-z0-9_.-]", "_", label) + "__" + part)
        with open(out, "w", encoding="utf-8") as o:
            o.write(parts[part])
        return out, args
    return None


def split_parts(text):
    parts = {}
    name = None
    for line in text.splitlines(keepends=True):
        m = re.match(r"^(?:#|//)--- (\S+)", line)
        if m:
            name = m.group(1)
            parts[name] = ""
            continue
        if name:
            parts[name] += line
    return parts


def offload_jobs(shared, tmpdir, missing):
    root = os.path.join(shared, "offload-test-suite")
    jobs = []
    with open(os.path.join(root, "INDEX.tsv"), encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        col = {name: i for i, name in enumerate(header)}
        for line in f:
            row = line.rstrip("\n").split("\t")
            if row[col["kind"]] != "compute":
                continue
            test = os.path.join(root, "tests", row[col["path"]])
            label = f"offload/{row[col['path']]}"
            extracted = extract_test(test, tmpdir, label)
            if extracted:
                jobs.append((label, extracted[0], extracted[1]))
            else:
                missing.append(label)
    return jobs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shaderlens", default=os.path.join(REPO, "build", "app", "shaderlens"))
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(REPO), "shared"))
    ap.add_argument("--quiet", action="store_true", help="only the summary")
    ap.add_argument("--jobs", type=int, default=2)
    options = ap.parse_args()
    missing = []
    with tempfile.TemporaryDirectory() as tmpdir:
        groups = [("corpus", corpus_jobs(options.shared, tmpdir)), ("offload-test-suite", offload_jobs(options.shared, tmpdir, missing))]
        all_errors = collections.Counter()
        for name, jobs in groups:
            with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
                results = list(pool.map(lambda j: (j[0], run_compile(options.shaderlens, j[1], j[2])), jobs))
            failures = [(label, err) for label, err in results if err]
            print(f"{name}: {len(results) - len(failures)}/{len(results)} compute shaders pass parse+Sema")
            if not options.quiet:
                for label, err in failures:
                    print(f"  FAIL {label}: {err}")
            for _, err in failures:
                # Group by message, without file/line and quoted names.
                msg = err.split(": error: ", 1)[-1]
                all_errors[re.sub(r"'[^']*'", "'…'", msg)] += 1
        for label in missing:
            print(f"  (no %dxc_target RUN line with an .hlsl part: {label})")
        print("most common first errors:")
        for msg, count in all_errors.most_common(25):
            print(f"  {count:4d}  {msg}")


if __name__ == "__main__":
    sys.exit(main())
