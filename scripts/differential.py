#!/usr/bin/env python3
"""Differential test of our SPIR-V against glslang's: the same offload-test-suite compute test,
compiled by both, run with the same pipeline.yaml on the same Vulkan device (lavapipe), must give
the same buffers.

For each test (default: every compute test of ../shared/offload-test-suite/INDEX.tsv that glslang
compiles, column glslang_vk1.1 = ok):
  ours:    shaderlens compile -spirv -fspv-target-env=vulkan1.3 <the test's %dxc_target flags>
  glslang: glslangValidator -D -V --amb --target-env vulkan1.1 -S comp -e ENTRY [-D..] [--hlsl-enable-16bit-types]
           (vulkan1.1: this glslang still emits BufferBlock, invalid in SPIR-V >= 1.4)
both modules validated with spirv-val, then `shaderlens offload PIPELINE.yaml X.spv` for each; the
printed buffers (contents after the dispatch, from a copy of the pipeline without its Results
rules) are compared; a second run with the rules says whether each side passes the test.

Outcomes per test:
  agree            both ran; identical buffers
  glslang-wrong    both ran, buffers differ, ours passes the test's rules and glslang's does not
  differ-in-rules  both ran, buffers differ, both pass the rules (e.g. ULP or Epsilon tolerance)
  differ           both ran, buffers differ, and ours fails the rules or there are none to judge by
  ours-only-fails  glslang's module ran and ours did not (compile, validation or run): ours is suspect
  glslang-fails    glslang's module did not compile, validate or run (a glslang limit, not ours)
  skipped          not comparable (a flag glslang lacks, several shaders, a negative test)

Exit status 1 when any test differs (and ours is not shown right by the rules) or fails only for us.

usage: scripts/differential.py [--shaderlens PATH] [--shared DIR] [--jobs N] [--quiet] [TEST...]
  TEST: a path under offload-test-suite/tests, e.g. Basic/simple.test
"""
import argparse
import collections
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

from lit_text import expand_if, run_lines, split_file

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
TIMEOUT = 120

# Flags glslang has no counterpart for whose absence changes the results (buffer layouts).
INCOMPARABLE_FLAGS = ("-fvk-use-dx-layout", "-fvk-use-scalar-layout", "-fvk-use-gl-layout")


class Test:
    def __init__(self, name):
        self.name = name
        self.outcome = None
        self.detail = ""


def prepare(test_path, tmpdir, name):
    """-> (hlsl path, yaml path, compile flags, entry) or a reason to skip (str)."""
    with open(test_path, encoding="utf-8") as f:
        text = f.read()
    parts = split_file(text)
    runs = [expand_if(c) for c in run_lines(text)]
    compiles = [l for l in runs if "%dxc_target" in l]
    offloads = [l for l in runs if "%offloader" in l]
    if len(compiles) != 1 or len(offloads) != 1:
        return "%d compile and %d offloader RUN lines" % (len(compiles), len(offloads))
    if re.search(r"(^|\s)not\s+%offloader", offloads[0]):
        return "negative test"
    m = re.search(r"%dxc_target(?:_lib)?\s+(.*?)\s+%t/(\S+\.hlsl)", compiles[0])
    y = re.search(r"%offloader\s+%t/(\S+\.yaml)\s+%t\.o\s*(\||$)", offloads[0])
    if not m or not y:
        return "RUN lines not of the form %dxc_target ... %t/X.hlsl / %offloader %t/Y.yaml %t.o"
    flags = [f for f in m.group(1).split() if not f.startswith("%")]
    cleaned, i = [], 0
    while i < len(flags):
        if flags[i] == "-Fo":
            i += 2
            continue
        cleaned.append(flags[i])
        i += 1
    if any(f in INCOMPARABLE_FLAGS for f in cleaned):
        return "uses a layout flag glslang lacks"
    profile = cleaned[cleaned.index("-T") + 1] if "-T" in cleaned[:-1] else ""
    if not profile.startswith("cs_"):
        return "not a compute shader (%s)" % (profile or "no -T")
    hlsl, yaml = m.group(2), y.group(1)
    if hlsl not in parts or yaml not in parts:
        return "the RUN lines name a part the file lacks"
    entry = cleaned[cleaned.index("-E") + 1] if "-E" in cleaned[:-1] else "main"
    base = os.path.join(tmpdir, re.sub(r"[^A-Za-z0-9_.-]", "_", name))
    os.makedirs(base, exist_ok=True)
    for part in (hlsl, yaml):
        with open(os.path.join(base, part), "w", encoding="utf-8") as o:
            o.write(parts[part])
    return os.path.join(base, hlsl), os.path.join(base, yaml), cleaned, entry


def run(cmd, env=None):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return 124, "", "timeout after %d s" % TIMEOUT
    return p.returncode, p.stdout, p.stderr


def first_line(text, prefer="error"):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for l in lines:
        if prefer in l.lower():
            return l
    return lines[0] if lines else ""


def glslang_flags(flags, entry):
    # --amb: resources without a register, and UAV counters, take the next free binding as with DXC.
    out = ["-D", "-V", "--amb", "--target-env", "vulkan1.1", "-S", "comp", "-e", entry]
    i = 0
    while i < len(flags):
        f = flags[i]
        if f == "-enable-16bit-types":
            out.append("--hlsl-enable-16bit-types")
        elif f == "-D" and i + 1 < len(flags):
            out.append("-D" + flags[i + 1])
            i += 1
        elif f.startswith("-D") and len(f) > 2:
            out.append(f)
        elif f in ("-T", "-E", "-HV"):
            i += 1  # the profile and entry are given above; glslang has no language-version flag
        i += 1
    return out


def buffers_of(yaml_text):
    """Name -> the printed `Data:` (with its wrapped lines) and `Counter:` of each buffer."""
    buffers, name, in_buffers, in_value = collections.OrderedDict(), None, False, False
    for line in yaml_text.splitlines():
        if re.match(r"^\S", line):
            in_buffers = line.startswith("Buffers:")
            name, in_value = None, False
            continue
        if not in_buffers:
            continue
        m = re.match(r"^\s*- Name:\s*(\S+)", line)
        if m:
            name, in_value = m.group(1), False
            buffers[name] = []
        elif name and re.match(r"^\s*(Data|Counter)\s*:", line):
            buffers[name].append(re.sub(r"\s+", " ", line.strip()))
            in_value = True
        elif name and in_value and not re.match(r"^\s*[A-Za-z]+\s*:", line):
            buffers[name][-1] += " " + re.sub(r"\s+", " ", line.strip())  # a wrapped value
        else:
            in_value = False
    return buffers


def without_results(yaml_path):
    """A copy of the pipeline without its top-level `Results:` rules, so a run always prints
    every buffer (a failed rule prints only the buffer it compared)."""
    out_path = yaml_path + ".norules.yaml"
    kept, skipping = [], False
    with open(yaml_path, encoding="utf-8") as f:
        for line in f:
            if re.match(r"^\S", line):
                skipping = line.startswith("Results:")
            if not skipping:
                kept.append(line)
    with open(out_path, "w", encoding="utf-8") as o:
        o.writelines(kept)
    return out_path


def compile_and_run(kind, cmd, spv, yaml, shaderlens, env):
    """-> (yaml text or None, rc of offload, reason when None)."""
    rc, out, err = run(cmd, env)
    if rc != 0 or not os.path.exists(spv):
        return None, None, "%s compile: %s" % (kind, first_line(out + err) or "exit %d" % rc)
    rc, out, err = run(["spirv-val", "--target-env", "vulkan1.3", "--relax-block-layout", spv], env)
    if rc != 0:
        return None, None, "%s spirv-val: %s" % (kind, first_line(out + err))
    rc, out, err = run([shaderlens, "offload", without_results(yaml), spv], env)
    if rc != 0 or "Buffers:" not in out:
        return None, rc, "%s offload: %s" % (kind, first_line(err + out) or "exit %d" % rc)
    rules_rc, _, _ = run([shaderlens, "offload", "-quiet", yaml, spv], env)
    return out, rules_rc, ""


def has_rules(yaml_path):
    with open(yaml_path, encoding="utf-8") as f:
        return any(line.startswith("Results:") for line in f)


def compare(test, shaderlens, suite, tmpdir, env):
    prepared = prepare(os.path.join(suite, test.name), tmpdir, test.name)
    if isinstance(prepared, str):
        test.outcome, test.detail = "skipped", prepared
        return test
    hlsl, yaml, flags, entry = prepared
    ours_spv, gl_spv = hlsl + ".ours.spv", hlsl + ".glslang.spv"
    ours_cmd = [shaderlens, "compile", "-spirv", "-fspv-target-env=vulkan1.3"] + flags + ["-Fo", ours_spv, hlsl]
    gl_cmd = ["glslangValidator"] + glslang_flags(flags, entry) + ["-o", gl_spv, hlsl]
    ours, ours_rc, ours_why = compile_and_run("ours", ours_cmd, ours_spv, yaml, shaderlens, env)
    gl, gl_rc, gl_why = compile_and_run("glslang", gl_cmd, gl_spv, yaml, shaderlens, env)
    if gl is None:
        test.outcome, test.detail = "glslang-fails", gl_why
        return test
    if ours is None:
        test.outcome, test.detail = "ours-only-fails", ours_why
        return test
    a, b = buffers_of(ours), buffers_of(gl)
    if a == b:
        test.outcome = "agree"
        test.detail = "both pass the test's rules" if ours_rc == 0 and gl_rc == 0 else \
            "rules: ours exit %d, glslang exit %d" % (ours_rc, gl_rc)
        return test
    # Who is right, where the test's own rules can say: a side that fails them is wrong.
    if ours_rc == 0 and gl_rc != 0:
        test.outcome = "glslang-wrong"
    elif ours_rc == 0 and gl_rc == 0 and has_rules(yaml):
        test.outcome = "differ-in-rules"
    else:
        test.outcome = "differ"
    for name in list(a) + [n for n in b if n not in a]:
        if a.get(name) != b.get(name):
            test.detail = "buffer %s: ours %s | glslang %s (rules: ours exit %d, glslang exit %d)" % (
                name, " ".join(a.get(name, ["<missing>"]))[:160], " ".join(b.get(name, ["<missing>"]))[:160],
                ours_rc, gl_rc)
            break
    return test


def default_tests(suite_root):
    names = []
    with open(os.path.join(suite_root, "INDEX.tsv"), encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        col = {name: i for i, name in enumerate(header)}
        for line in f:
            cells = line.rstrip("\n").split("\t")
            if cells[col["kind"]] == "compute" and cells[col["glslang_vk1.1"]].startswith("ok"):
                names.append(cells[col["path"]])
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shaderlens", default=os.path.join(REPO, "build", "app", "shaderlens"))
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(REPO), "shared"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--quiet", action="store_true", help="only the summary and the problems")
    ap.add_argument("tests", nargs="*")
    options = ap.parse_args()
    for tool in ("glslangValidator", "spirv-val"):
        if not shutil.which(tool):
            print("differential: %s is not on PATH" % tool, file=sys.stderr)
            return 2
    suite_root = os.path.join(options.shared, "offload-test-suite")
    suite = os.path.join(suite_root, "tests")
    names = options.tests or default_tests(suite_root)
    env = dict(os.environ)
    env.setdefault("XDG_RUNTIME_DIR", "/tmp")
    tests = [Test(n) for n in names]
    with tempfile.TemporaryDirectory() as tmpdir:
        with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
            list(pool.map(lambda t: compare(t, options.shaderlens, suite, tmpdir, env), tests))
    counts = collections.Counter(t.outcome for t in tests)
    for t in tests:
        if not options.quiet or t.outcome in ("differ", "ours-only-fails"):
            print("%-16s %s%s" % (t.outcome, t.name, (": " + t.detail) if t.detail else ""))
    ran = sum(counts[o] for o in ("agree", "glslang-wrong", "differ-in-rules", "differ"))
    print("differential: %d tests; both ran %d: agree %d, glslang-wrong %d, differ-in-rules %d, differ %d; "
          "ours-only-fails %d, glslang-fails %d, skipped %d"
          % (len(tests), ran, counts["agree"], counts["glslang-wrong"], counts["differ-in-rules"], counts["differ"],
             counts["ours-only-fails"], counts["glslang-fails"], counts["skipped"]))
    return 1 if counts["differ"] or counts["ours-only-fails"] else 0


if __name__ == "__main__":
    sys.exit(main())
