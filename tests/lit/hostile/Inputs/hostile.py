#!/usr/bin/env python3
"""Hostile inputs, generated at test time (nothing big is committed), run through the CLI.

    hostile.py SHADERLENS OUTDIR CASE [shaderlens options...]
    hostile.py SHADERLENS OUTDIR CASE --gui
    hostile.py SHADERLENS OUTDIR CASE --max-rss-mb=N [shaderlens options...]

writes OUTDIR/CASE.hlsl, runs `SHADERLENS compile -T cs_6_0 -E main [options] FILE` with a 10 s
limit and prints one summary line for FileCheck:

    CASE: exit N, M diagnostic lines[, first error: FILE:LINE:COL: MESSAGE]

It fails (status 1) on a signal, a timeout, an exit status other than 0, 1 or 2, an "LLVM ERROR",
a non-zero exit without a located error (FILE:LINE:COL: error: ...), or exit 0 with SPIR-V
(-spirv -Fo FILE) that spirv-val rejects; with --max-rss-mb=N, also
when the compile's peak resident memory was above N MB. With --gui it opens the
file in the app instead (`gui --screenshot`, offscreen) and prints `CASE: gui exit N, wrote PNG`."""
import os
import re
import resource
import subprocess
import sys

TIME_LIMIT_S = 10


def random_bytes(n, seed=12345):
    out, state = bytearray(), seed
    for _ in range(n):
        state = (state * 1664525 + 1013904223) & 0xFFFFFFFF
        out.append(state >> 24)
    return bytes(out)


def compute(body, head=""):
    return (head + "RWStructuredBuffer<float> o : register(u0);\n"
            "[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {\n" + body + "\n}\n")


def else_if(n, last=""):
    return compute("  float a = id.x; float r = 0;\n  if (id.x == 0) r = 0;\n" +
                   "".join("  else if (id.x == %d) r = %d;\n" % (i, i) for i in range(1, n)) + last + "  o[0] = r;")


def one_megabyte_sum():
    terms, size = [], 0
    while size < 1_000_000:
        terms.append("a*%d" % len(terms))
        size += len(terms[-1]) + 3
    return compute("  float a = id.x; o[0] = " + " + ".join(terms) + ";")


def struct_chain(n):
    return ("struct S0 { float v; };\n" + "".join("struct S%d { S%d s; };\n" % (i, i - 1) for i in range(1, n)) +
            compute("  o[0] = 1;", "RWStructuredBuffer<S%d> b : register(u1);\n" % (n - 1)))


def struct_tree(n):
    # S1 { S0 a, b, c; } ... reached through .a.a...a: few bytes of source, 3^n paths to the leaves.
    return ("struct S0 { float v; };\n" + "".join("struct S%d { S%d a, b, c; };\n" % (i, i - 1) for i in range(1, n)) +
            compute("  o[0] = b[0]" + ".a" * (n - 1) + ".v;", "StructuredBuffer<S%d> b : register(t1);\n" % (n - 1)))


def table(n, element="%d.5"):
    return compute("  o[0] = t[id.x];", "static const float t[%d] = {%s};\n" % (n, ", ".join(element % i for i in range(n))))


CASES = {
    # Chains of left-associative operators: trees as deep as they are long.
    "plus-18000": lambda: compute("  float a = id.x; o[0] = " + " + ".join(["a"] * 18000) + ";"),
    "andand-18000": lambda: compute("  bool a = id.x > 0; o[0] = (" + " && ".join(["a"] * 18000) + ") ? 1 : 0;"),
    "comma-18000": lambda: compute("  float a = id.x; o[0] = (" + ", ".join(["a"] * 18000) + ");"),
    "swizzle-20000": lambda: compute("  float4 a = id.xxxx; o[0] = a" + ".xyzw" * 20000 + ".x;"),
    "sum-1mb": one_megabyte_sum,
    # At the limits: the deepest trees the parser accepts compile, printed and dumped.
    "plus-2000": lambda: compute("  int i = id.x; float a = id.x; o[0] = " + " + ".join(["i", "a"] * 1000) + ";"),
    "else-if-2000-deep-sum": lambda: else_if(2000, "  else r = " + " + ".join(["a"] * 2000) + ";\n"),
    # Recursion in the parser itself.
    "parens-100000": lambda: compute("  float a = id.x; o[0] = " + "(" * 100000 + "a" + ")" * 100000 + ";"),
    "unary-100000": lambda: compute("  float a = id.x; o[0] = " + "-" * 100000 + "a;"),
    "casts-100000": lambda: compute("  float a = id.x; o[0] = " + "(float)" * 100000 + "a;"),
    "braces-100000": lambda: compute("  float a[1] = " + "{" * 100000 + "1" + "}" * 100000 + "; o[0] = a[0];"),
    "blocks-100000": lambda: compute("  " + "{" * 100000 + "}" * 100000),
    "ternary-50000": lambda: compute("  float a = id.x; o[0] = " + "a > 0 ? a : " * 50000 + "a;"),
    "template-args-100000": lambda: compute("  " + "vector<" * 100000 + "float" + ">" * 100000 + " x; o[0] = 1;"),
    "namespaces-30000": lambda: "".join("namespace n%d {" % i for i in range(30000)) + " int x; " + "}" * 30000 +
                                "\n" + compute(""),
    # Types: structs in structs, arrays of arrays (SPIR-V allows 255 levels of structs).
    "structs-30000": lambda: struct_chain(30000),
    "structs-120": lambda: struct_chain(120),
    "array-dims-100000": lambda: compute("  float a" + "[1]" * 100000 + "; o[0] = 1;"),
    # Statements: else-if chains are long in real shaders; nested ifs are not.
    "else-if-198": lambda: else_if(198),
    "else-if-1000": lambda: else_if(1000),
    "else-if-20000": lambda: else_if(20000),
    "nested-if-300": lambda: compute("  float a = id.x; float r = 0;\n" + "if (a > 0) " * 300 + "r = 1;\n  o[0] = r;"),
    # Functions: a 1.4 MB chain of 30,000 calls ran for minutes (spirv-val is quadratic in the
    # depth, and so was the disassembler's naming of 3,000 parameters called `x`).
    "call-chain-30000": lambda: "float f0(float x) { return x + 1; }\n" + "".join(
        "float f%d(float x) { return f%d(x) + 1; }\n" % (i, i - 1) for i in range(1, 30000)) +
        compute("  o[0] = f29999(id.x);"),
    "call-chain-1024": lambda: "float f0(float x) { return x + 1; }\n" + "".join(
        "float f%d(float x) { return f%d(x) + 1; }\n" % (i, i - 1) for i in range(1, 1023)) +
        compute("  o[0] = f1022(id.x);"),
    "calls-5000": lambda: "".join("float f%d(float x) { return x + %d; }\n" % (i, i) for i in range(5000)) +
        compute("  float a = id.x; float r = 0;\n" + "".join("  r += f%d(a);\n" % i for i in range(5000)) + "  o[0] = r;"),
    # Drawn by the GUI: bytes and diagnostics no editor line is made for.
    "nul-300": lambda: b"[numthreads(1,1,1)] void main() {\n  int x = 1; " + b"\0" * 300 + b"\n}\n",
    "errors-2000": lambda: "[numthreads(1,1,1)] void main() {\n  " + " ".join("u%d;" % k for k in range(2000)) + "\n}\n",
    "binary-200k": lambda: random_bytes(200000),
    # Sizes: a 20,000-element table took more than 8 GB in the DXIL back end (an insertvalue per
    # element, each folded into a new full-size constant).
    "table-20000": lambda: table(20000),
    "table-200000": lambda: table(200000),
    "identifier-1mb": lambda: compute("  float %s = id.x; o[0] = %s;" % ("a" * 1000000, "a" * 1000000)),
    "sequential-if-3000": lambda: compute("  float a = id.x; float r = 0;\n" +
                                          "".join("  if (a > %d) r += 1;\n" % i for i in range(3000)) + "  o[0] = r;"),
    # Time: each was quadratic or exponential in its size.
    "stores-10000": lambda: compute("".join("  o[%d] = %d;\n" % (k, k) for k in range(10000))),
    "stores-60000": lambda: compute("".join("  o[%d] = %d;\n" % (k, k) for k in range(60000))),
    "switch-10000": lambda: compute("  float r = 0;\n  switch (id.x) {\n" +
                                    "".join("  case %d: r = %d; break;\n" % (k, k * 3) for k in range(10000)) +
                                    "  default: r = -1; break;\n  }\n  o[0] = r;"),
    "struct-tree-16": lambda: struct_tree(16),
    "errors-100000": lambda: "[numthreads(1,1,1)] void main() {\n" +
                             "".join("  u%d = 1;\n" % k for k in range(100000)) + "}\n",
    "macro-doubling-40": lambda: "#define M0 x\n" + "".join("#define M%d M%d M%d\n" % (k, k - 1, k - 1) for k in range(1, 41)) +
                                 compute("  float x = 1; o[0] = M40;"),
    "macro-args-doubling-40": lambda: "#define F0(a) a\n" +
                                      "".join("#define F%d(a) F%d(a a)\n" % (k, k - 1) for k in range(1, 41)) +
                                      compute("  float x = 1; o[0] = F40(x);"),
}

LOCATED = re.compile(r"^(\S+?):(\d+):(\d+): error: (.*)$", re.M)
# A compile stopped by --time-limit/--memory-limit names the file (no line holds the cause).
STOPPED = re.compile(r"^(\S+?): error: (compile stopped: .*)$", re.M)


def main():
    shaderlens, outdir, case = sys.argv[1:4]
    options = sys.argv[4:]
    max_rss_mb = None
    if options and options[0].startswith("--max-rss-mb="):
        max_rss_mb = int(options.pop(0).split("=", 1)[1])
    os.makedirs(outdir, exist_ok=True)
    path = os.path.join(outdir, case + ".hlsl")
    text = CASES[case]()
    with open(path, "wb") as f:
        f.write(text if isinstance(text, bytes) else text.encode())
    gui = options == ["--gui"]
    png = os.path.join(outdir, case + ".png")
    if gui:
        command = [shaderlens, "gui", "--screenshot", png, "--frames", "2", "--size", "640x400", path]
    else:
        command = [shaderlens, "compile", "-T", "cs_6_0", "-E", "main"] + options + [path]
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    try:
        run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIME_LIMIT_S, env=env)
    except subprocess.TimeoutExpired:
        sys.exit("%s: no result within %d s: %s" % (case, TIME_LIMIT_S, " ".join(command)))
    err = run.stderr.decode("utf-8", "replace")
    rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    if max_rss_mb is not None and rss_mb > max_rss_mb:
        sys.exit("%s: used %d MB, more than %d MB: %s" % (case, rss_mb, max_rss_mb, " ".join(command)))
    if run.returncode < 0 or run.returncode not in (0, 1, 2):
        sys.exit("%s: exit status %d: %s\n%s" % (case, run.returncode, " ".join(command), err[-2000:]))
    if "LLVM ERROR" in err:
        sys.exit("%s: LLVM ERROR:\n%s" % (case, err[-2000:]))
    if gui:
        wrote = run.returncode == 0 and os.path.getsize(png) > 0
        print("%s: gui exit %d%s" % (case, run.returncode, ", wrote PNG" if wrote else ""))
        return
    if run.returncode == 0 and "-spirv" in options and "-Fo" in options:
        # Exit 0 must mean valid output: the SPIR-V written is checked by SPIRV-Tools too.
        env_option = [o for o in options if o.startswith("-fspv-target-env=")]
        target = env_option[-1].split("=", 1)[1] if env_option else "vulkan1.0"
        spv = options[options.index("-Fo") + 1]
        check = subprocess.run(["spirv-val", "--target-env", target, spv], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if check.returncode != 0:
            sys.exit("%s: exit 0 with invalid SPIR-V:\n%s" % (case, check.stdout.decode("utf-8", "replace")[-2000:]))
    summary = "%s: exit %d, %d diagnostic lines" % (case, run.returncode, err.count("\n"))
    located = LOCATED.search(err)
    stopped = STOPPED.search(err)
    if run.returncode != 0:
        if located:
            summary += ", first error: %s:%s:%s: %s" % (os.path.basename(located.group(1)), located.group(2),
                                                        located.group(3), located.group(4))
        elif stopped:
            summary += ", %s: %s" % (os.path.basename(stopped.group(1)), stopped.group(2))
        else:
            sys.exit("%s: exit %d without a located error:\n%s" % (case, run.returncode, err[-2000:]))
    print(summary)


if __name__ == "__main__":
    main()
