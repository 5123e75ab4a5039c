#!/usr/bin/env python3
"""Whether two SPIR-V modules hold the same code once debug information is set aside.

usage: same_code.py A.spv B.spv

Drops what only debug information uses (NonSemantic.Shader.DebugInfo.100 instructions, its
import and extension, OpString/OpSource/OpLine, and types and constants nothing else uses;
a printf's NonSemantic.DebugPrintf and its format string stay),
then names every id by what it is rather than by its number: a type or constant by its
definition, a module variable or function by its position, an id inside a function by where it
first appears there. Prints the first difference and exits 1, or prints 'same code' and exits 0.
"""
import re
import subprocess
import sys

DEBUG_ONLY = {"OpSource", "OpSourceContinued", "OpSourceExtension", "OpLine", "OpNoLine",
              "OpModuleProcessed"}
ID = re.compile(r"%[A-Za-z0-9_]+")


def disassemble(path):
    text = subprocess.run(["spirv-dis", "--raw-id", "--no-header", "--no-indent", path], check=True,
                          capture_output=True, text=True).stdout
    insts = []
    pending = ""
    for raw in text.splitlines(keepends=True):
        # A string operand (OpString of a source text) continues over its newlines.
        pending += raw
        if len(re.findall(r'(?<!\\)"', pending)) % 2:
            continue
        line, pending = pending.strip(), ""
        if not line:
            continue
        result = None
        if " = " in line and line.startswith("%"):
            result, line = line.split(" = ", 1)
        opcode, _, rest = line.partition(" ")
        insts.append([result, opcode, rest])
    return insts


def strip_debug(insts):
    # Only the debug information set: NonSemantic.DebugPrintf (printf) is code here.
    sets = {r for r, op, rest in insts if op == "OpExtInstImport" and "NonSemantic.Shader.DebugInfo." in rest}
    printf = any(op == "OpExtInstImport" and "NonSemantic.DebugPrintf" in rest for r, op, rest in insts)
    kept = []
    for r, op, rest in insts:
        if op in DEBUG_ONLY or (op == "OpExtInstImport" and r in sets):
            continue
        if op == "OpExtension" and "SPV_KHR_non_semantic_info" in rest and not printf:
            continue
        if op == "OpExtInst" and ID.findall(rest)[1:2] and ID.findall(rest)[1] in sets:
            continue
        kept.append([r, op, rest])
    # Strings, types and constants only debug information used.
    while True:
        used = set()
        for r, op, rest in kept:
            used.update(ID.findall(rest))
        dead = [i for i, (r, op, rest) in enumerate(kept)
                if r and r not in used and (op.startswith("OpType") or op.startswith("OpConstant") or op == "OpString")]
        if not dead:
            return kept
        kept = [inst for i, inst in enumerate(kept) if i not in set(dead)]


def canonical(insts):
    names = {}
    out_module, out_functions = [], []
    variables = functions = 0
    in_function = False
    local = 0

    def rename(rest):
        nonlocal local
        def one(m):
            nonlocal local
            token = m.group(0)
            if token not in names:  # a forward reference inside a function (a label)
                names[token] = "%%l%d" % local
                local += 1
            return names[token]
        return ID.sub(one, rest)

    for r, op, rest in insts:
        if op == "OpFunction":
            in_function = True
            names[r] = "%%f%d" % functions
            functions += 1
            local = 0
            out_functions.append("%s = OpFunction %s" % (names[r], rename(rest)))
            continue
        if in_function:
            if r and r not in names:
                names[r] = "%%l%d" % local
                local += 1
            text = rename(rest)
            out_functions.append(("%s = " % names[r] if r else "") + op + " " + text)
            if op == "OpFunctionEnd":
                in_function = False
            continue
        text = rename(rest)
        if r:
            if op == "OpVariable":
                names[r] = "%%g%d" % variables
                variables += 1
            else:
                names[r] = "{" + op + " " + text + "}"  # a type or constant is what it defines
            out_module.append(names[r] + " = " + op + " " + text)
        else:
            out_module.append(op + " " + text)
    return sorted(out_module), out_functions


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2])
        return 2
    a = canonical(strip_debug(disassemble(sys.argv[1])))
    b = canonical(strip_debug(disassemble(sys.argv[2])))
    for part, (x, y) in zip(("module", "functions"), zip(a, b)):
        for i in range(max(len(x), len(y))):
            left = x[i] if i < len(x) else "<end>"
            right = y[i] if i < len(y) else "<end>"
            if left != right:
                print("different %s at line %d:\n  %s\n  %s" % (part, i + 1, left, right))
                return 1
    print("same code (%d module-level, %d function instructions)" % (len(a[0]), len(a[1])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
