#!/usr/bin/env python3
"""Hostile inputs, generated at test time (nothing big is committed), run through the CLI.

    hostile.py SHADERLENS OUTDIR CASE [shaderlens options...]

writes OUTDIR/CASE.hlsl, runs `SHADERLENS compile -T cs_6_0 -E main [options] FILE` (or the
command the case names) with a 10 s limit and prints one summary line for FileCheck:

    CASE: exit N, M diagnostic lines[, first error: FILE:LINE:COL: MESSAGE]

It fails (status 1) on a signal, a timeout, an exit status other than 0, 1 or 2, an "LLVM ERROR",
or a non-zero exit without a located error (FILE:LINE:COL: error: ...)."""
import os
import re
import subprocess
import sys

TIME_LIMIT_S = 10


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
    "sequential-if-3000": lambda: compute("  float a = id.x; float r = 0;\n" +
                                          "".join("  if (a > %d) r += 1;\n" % i for i in range(3000)) + "  o[0] = r;"),
}

LOCATED = re.compile(r"^(\S+?):(\d+):(\d+): error: (.*)$", re.M)


def main():
    shaderlens, outdir, case = sys.argv[1:4]
    options = sys.argv[4:]
    os.makedirs(outdir, exist_ok=True)
    path = os.path.join(outdir, case + ".hlsl")
    with open(path, "w") as f:
        f.write(CASES[case]())
    command = [shaderlens, "compile", "-T", "cs_6_0", "-E", "main"] + options + [path]
    try:
        run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIME_LIMIT_S)
    except subprocess.TimeoutExpired:
        sys.exit("%s: no result within %d s: %s" % (case, TIME_LIMIT_S, " ".join(command)))
    err = run.stderr.decode("utf-8", "replace")
    if run.returncode < 0 or run.returncode not in (0, 1, 2):
        sys.exit("%s: exit status %d: %s\n%s" % (case, run.returncode, " ".join(command), err[-2000:]))
    if "LLVM ERROR" in err:
        sys.exit("%s: LLVM ERROR:\n%s" % (case, err[-2000:]))
    summary = "%s: exit %d, %d diagnostic lines" % (case, run.returncode, err.count("\n"))
    located = LOCATED.search(err)
    if run.returncode != 0:
        if not located:
            sys.exit("%s: exit %d without a located error:\n%s" % (case, run.returncode, err[-2000:]))
        summary += ", first error: %s:%s:%s: %s" % (os.path.basename(located.group(1)), located.group(2),
                                                    located.group(3), located.group(4))
    print(summary)


if __name__ == "__main__":
    main()
