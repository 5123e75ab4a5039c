#!/usr/bin/env python3
"""The corpus bar of issue 3: of the compute entry points glslangValidator accepts, how many we
compile to valid SPIR-V, with the first unsupported construct of each one we do not.

Inputs, read in place from ../shared/corpus (never copied): every MANIFEST.tsv row with stage `cs`
(entry, profile, -D defines, include dirs and RUN-line flags per row; offload `.test` files are
split-file documents whose HLSL part the `section X` note names). For each row:

  glslang: glslangValidator -D -V -S comp -e ENTRY [-I..] [-D..] FILE   (HLSL mode; the reference)
  ours:    shaderlens compile -spirv -T cs_6_x -E ENTRY [-I..] [-D..] -Fo X.spv FILE, then spirv-val

Writes a TSV (file, entry, glslang ok, ours ok, first unsupported construct or diagnostic) and
prints the pass percentage over the rows glslang accepts, plus the failures grouped by reason.

usage: scripts/corpus-table.py [--shaderlens PATH] [--shared DIR] [--out FILE] [--jobs N] [--quiet]
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
TIMEOUT = 120

# Our diagnostics that are DXC's own rules: glslang accepts these inputs, DXC (the reference for
# HLSL semantics) rejects them the same way, so they are reported apart from our gaps.
# Language versions of rows whose projects built with a DXC older than 1.7 (2022), when HLSL 2018
# was the default (the manifest has no flags column): FidelityFX FSR 1.0 (2021) relies on 2018's
# component-wise vector `?:`, an error in 2021 as in DXC.
HLSL_VERSION_BY_PREFIX = {
    "FidelityFX-FSR/": "2018",
}

DXC_RULES = [
    # glslang defaults a missing [numthreads] to 1,1,1; DXC requires it.
    re.compile(r"compute entry point must have a valid numthreads attribute"),
    # WaveActiveBit{And,Or,Xor} take `uint_only` (no conversion) in DXC's table; glslang takes int.
    re.compile(r"no matching intrinsic overload for 'WaveActiveBit(And|Or|Xor)\((int|int64_t)[234]?\)'"),
]


class Row:
    def __init__(self, label, path, entry, profile, defines, include_dirs, flags):
        self.label = label            # the manifest path
        self.path = path              # the file compiled (an extracted part for .test files)
        self.entry = entry
        self.profile = profile
        self.defines = defines
        self.include_dirs = include_dirs
        self.flags = flags            # RUN-line flags that matter to both compilers
        self.glslang_ok = False
        self.glslang_error = ""
        self.ours_ok = False
        self.ours_error = ""


def split_parts(text):
    parts, name = {}, None
    for line in text.splitlines(keepends=True):
        m = re.match(r"^(?:#|//)--- (\S+)", line)
        if m:
            name = m.group(1)
            parts[name] = ""
        elif name:
            parts[name] += line
    return parts


def compute_profile(profile):
    """cs_6_x for the row (the manifest guesses lower profiles for D3DCompile-era samples)."""
    m = re.match(r"^cs_(\d)_(\d)$", profile or "")
    if not m or int(m.group(1)) < 6:
        return "cs_6_0"
    return profile


def manifest_rows(shared, tmpdir):
    root = os.path.join(shared, "corpus")
    rows, skipped = [], []
    with open(os.path.join(root, "MANIFEST.tsv"), encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        col = {name: i for i, name in enumerate(header)}
        for line in f:
            cells = line.rstrip("\n").split("\t")
            cells += [""] * (len(header) - len(cells))
            if cells[col["stage"]] != "cs":
                continue
            rel = cells[col["path"]]
            notes = cells[col["notes"]]
            path = os.path.join(root, rel)
            if path.endswith(".test"):
                section = re.search(r"section (\S+)", notes)
                with open(path, encoding="utf-8") as t:
                    parts = split_parts(t.read())
                if not section or section.group(1) not in parts:
                    skipped.append((rel, "no HLSL section"))
                    continue
                path = os.path.join(tmpdir, re.sub(r"[^A-Za-z0-9_.-]", "_", rel) + "__" + section.group(1))
                with open(path, "w", encoding="utf-8") as o:
                    o.write(parts[section.group(1)])
            flags = []
            run_flags = re.search(r"RUN flags: ([^;]*)", notes)
            if run_flags and "-enable-16bit-types" in run_flags.group(1).split():
                flags.append("-enable-16bit-types")
            for prefix, version in HLSL_VERSION_BY_PREFIX.items():
                if rel.startswith(prefix):
                    flags += ["-HV", version]
            defines = [d for d in re.split(r"[;,\s]+", cells[col["defines"]]) if d]
            includes = [os.path.join(root, d) for d in re.split(r"[;,]+", cells[col["include_dirs"]]) if d]
            entry = cells[col["entry"]] or detect_entry(path)
            rows.append(Row(rel, path, entry, compute_profile(cells[col["profile"]]), defines, includes, flags))
    return rows, skipped


def detect_entry(path):
    """The first function after a [numthreads(...)] attribute, for rows with no entry column."""
    with open(path, encoding="utf-8", errors="replace") as f:
        m = re.search(r"\[\s*numthreads[^\]]*\]\s*(?:\[[^\]]*\]\s*)*\w+\s+(\w+)\s*\(", f.read())
    return m.group(1) if m else "main"


def run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return 124, "", "timeout after %d s" % TIMEOUT
    return p.returncode, p.stdout, p.stderr


def first_error(text):
    for line in text.splitlines():
        if "error" in line.lower():
            return line.strip()
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    return lines[0] if lines else ""


def check_glslang(row, tmpdir):
    out = os.path.join(tmpdir, "glslang-%d.spv" % id(row))
    cmd = ["glslangValidator", "-D", "-V", "-S", "comp", "-e", row.entry, "-o", out]
    cmd += ["-I" + d for d in row.include_dirs] + ["-D" + d for d in row.defines]
    if "-enable-16bit-types" in row.flags:
        cmd.append("--hlsl-enable-16bit-types")
    rc, stdout, stderr = run(cmd + [row.path])
    row.glslang_ok = rc == 0
    if not row.glslang_ok:
        row.glslang_error = first_error(stdout + stderr) or "exit %d" % rc
    if os.path.exists(out):
        os.remove(out)


def check_ours(row, shaderlens, tmpdir):
    out = os.path.join(tmpdir, "ours-%d.spv" % id(row))
    cmd = [shaderlens, "compile", "-spirv", "-T", row.profile, "-E", row.entry, "-Fo", out] + row.flags
    for d in row.include_dirs:
        cmd += ["-I", d]
    for d in row.defines:
        cmd += ["-D", d]
    env = "vulkan1.0"  # DXC's default
    rc, stdout, stderr = run(cmd + [row.path])
    if rc != 0 and re.search(r"needs SPIR-V 1\.[3-6] \(target vulkan1\.0\)|[Vv]ulkan 1\.[1-3] is required", stderr):
        # Wave ops need SPIR-V 1.3: as with DXC, the user asks for vulkan1.1 (glslang bumps silently).
        env = "vulkan1.1"
        row.flags = row.flags + ["-fspv-target-env=" + env]
        rc, stdout, stderr = run(cmd + ["-fspv-target-env=" + env, row.path])
    if rc != 0:
        row.ours_error = first_error(stderr) or ("crash or exit %d" % rc)
        if rc not in (1, 2):
            row.ours_error = "exit %d: %s" % (rc, row.ours_error)
        return
    # Validated in-process already; spirv-val is the independent second opinion. Our layouts are
    # DXC's relaxed ones (and scalar with -fvk-use-*-layout, which no corpus row uses).
    rc, stdout, stderr = run(["spirv-val", "--target-env", env, "--relax-block-layout", out])
    os.remove(out)
    row.ours_ok = rc == 0
    if not row.ours_ok:
        row.ours_error = "spirv-val: " + (first_error(stdout + stderr) or "exit %d" % rc)


def reason_group(message):
    """A failure message without file, line, column and quoted names, for grouping."""
    m = re.sub(r"^.*?:\d+:\d+: ", "", message)
    m = re.sub(r"^(error|fatal error): ", "", m)
    m = re.sub(r"'[^']*'", "'…'", m)
    m = re.sub(r"\b\d+\b", "N", m)
    return m


def write_table(path, rows):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("file\tentry\tglslang_ok\tours_ok\tfirst_unsupported_or_diagnostic\n")
        for r in rows:
            why = r.ours_error if r.glslang_ok else (r.ours_error or "")
            if not r.glslang_ok:
                why = ("[glslang: %s] " % r.glslang_error) + why
            elif not r.ours_ok and any(rule.search(r.ours_error) for rule in DXC_RULES):
                why = "[DXC rejects this too] " + why
            f.write("%s\t%s\t%s\t%s\t%s\n" % (r.label, r.entry, "yes" if r.glslang_ok else "no",
                                              "yes" if r.ours_ok else "no", why.replace("\t", " ")))
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shaderlens", default=os.path.join(REPO, "build", "app", "shaderlens"))
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(REPO), "shared"))
    ap.add_argument("--out", default=os.path.join(REPO, "build", "corpus-table.tsv"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--quiet", action="store_true", help="only the summary")
    options = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmpdir:
        rows, skipped = manifest_rows(options.shared, tmpdir)

        def both(row):
            check_glslang(row, tmpdir)
            check_ours(row, options.shaderlens, tmpdir)

        with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
            list(pool.map(both, rows))
    write_table(options.out, rows)

    accepted = [r for r in rows if r.glslang_ok]
    passed = [r for r in accepted if r.ours_ok]
    pct = 100.0 * len(passed) / len(accepted) if accepted else 0.0
    ours_all = sum(r.ours_ok for r in rows)
    print("corpus compute entry points: %d (glslang accepts %d, we compile %d to valid SPIR-V)"
          % (len(rows), len(accepted), ours_all))
    print("of the ones glslang accepts we compile %d/%d = %.1f%% to valid SPIR-V (bar: 95%%)"
          % (len(passed), len(accepted), pct))
    for rel, why in skipped:
        print("  skipped %s: %s" % (rel, why))
    dxc_rejects = [r for r in accepted if not r.ours_ok and any(rule.search(r.ours_error) for rule in DXC_RULES)]
    if dxc_rejects:
        valid = len(accepted) - len(dxc_rejects)
        print("without the %d that DXC rejects too (its rules, not our gaps): %d/%d = %.1f%%"
              % (len(dxc_rejects), len(passed), valid, 100.0 * len(passed) / valid if valid else 0.0))
    groups = collections.Counter(reason_group(r.ours_error) for r in accepted if not r.ours_ok)
    if groups:
        print("our failures on rows glslang accepts, grouped:")
        for msg, count in groups.most_common():
            print("  %4d  %s" % (count, msg))
    if not options.quiet:
        for r in accepted:
            if not r.ours_ok:
                print("  FAIL %s:%s: %s" % (r.label, r.entry, r.ours_error))
    print("table: %s" % options.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
