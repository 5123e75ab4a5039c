#!/usr/bin/env python3
"""Generates hostile inputs for the offload runner at test time (no megabytes committed) and runs
`shaderlens offload` on them with a 10 s limit; prints one summary line (exit status and the first
error line) that the lit test checks, and fails on a crash or a timeout.

usage: offload_inputs.py SHADERLENS DIR CASE
  long-list      a 100,000-element one-line Data list, with a bad element at its end
  deep-struct    a push-constant block of 30 nested struct levels, 3 members each (3^30 walks)
"""
import os
import subprocess
import sys

shaderlens, out, case = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(out, exist_ok=True)


def spirv_deep_struct(path):
    lines = ["OpCapability Shader", "OpMemoryModel Logical GLSL450",
             'OpEntryPoint GLCompute %main "main"', "OpExecutionMode %main LocalSize 1 1 1"]
    for i in range(31):
        for m in range(3):
            offset = m * 4  # overlapping but small: the size walk, not validity, is under test
            if i == 0 and m > 0:
                break
            lines.append(f"OpMemberDecorate %S{i} {m} Offset {offset}")
    lines.append("OpDecorate %S30 Block")
    lines += ["%void = OpTypeVoid", "%fn = OpTypeFunction %void", "%uint = OpTypeInt 32 0", "%S0 = OpTypeStruct %uint"]
    for i in range(1, 31):
        lines.append(f"%S{i} = OpTypeStruct %S{i-1} %S{i-1} %S{i-1}")
    lines += ["%ptr = OpTypePointer PushConstant %S30", "%pc = OpVariable %ptr PushConstant",
              "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpReturn", "OpFunctionEnd"]
    asm = path + ".spvasm"
    with open(asm, "w") as f:
        f.write("\n".join(lines) + "\n")
    subprocess.run(["spirv-as", "--target-env", "vulkan1.3", "-o", path, asm], check=True)


if case == "long-list":
    shader = os.path.join(out, "empty.spv")
    with open(shader + ".hlsl", "w") as f:
        f.write("[numthreads(1,1,1)] void main() {}\n")
    subprocess.run([shaderlens, "compile", "-spirv", "-T", "cs_6_0", "-Fo", shader, shader + ".hlsl"], check=True)
    items = ", ".join(str(i) for i in range(100000))
    pipeline = os.path.join(out, "long-list.yaml")
    with open(pipeline, "w") as f:
        f.write("---\nShaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n  - Name: In\n    Format: UInt32\n"
                f"    Data: [ {items}, bad ]\nDescriptorSets: []\n...\n")
    args = [shaderlens, "offload", pipeline, shader]
elif case == "deep-struct":
    shader = os.path.join(out, "deep-struct.spv")
    spirv_deep_struct(shader)
    pipeline = os.path.join(out, "deep-struct.yaml")
    with open(pipeline, "w") as f:
        f.write("---\nShaders:\n  - Stage: Compute\n    Entry: main\nBuffers: []\nDescriptorSets: []\n...\n")
    args = [shaderlens, "offload", pipeline, shader]
else:
    sys.exit(f"unknown case {case}")

try:
    r = subprocess.run(args, capture_output=True, text=True, timeout=10)
except subprocess.TimeoutExpired:
    sys.exit(f"{case}: did not finish in 10 s")
if r.returncode not in (0, 1, 2):
    sys.exit(f"{case}: exit {r.returncode} (a crash?)\n{r.stderr[-2000:]}")
errors = [l for l in r.stderr.splitlines() if "error" in l]
print(f"{case}: exit {r.returncode}, first error: {errors[0][:300] if errors else '(none)'}")
