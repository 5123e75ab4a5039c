# Our lit configuration for llvm/offload-test-suite (../shared/offload-test-suite/tests, run in place,
# never copied). It plays the role of upstream's lit.cfg.py for a Vulkan suite: %dxc_target is our
# compiler with the flags upstream appends for Vulkan, %offloader is our runner, and the feature set
# comes from the first Vulkan device, as upstream derives it from api-query.
#
# Deliberately neither `DXC` nor `Clang` is set: the markers that name them describe those
# compilers' bugs, not ours, so their XFAILs do not apply and such tests simply run.
import os
import subprocess
import sys
import lit.formats

config.name = "offload-test-suite"


# The format lives in a module of its own: lit pickles it for its worker processes.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shaderlens_format import ShaderlensShTest  # noqa: E402

config.test_format = ShaderlensShTest(execute_external=False)
config.suffixes = [".test", ".yaml"]
config.test_source_root = config.suite_dir
config.excludes = []

shaderlens = config.shaderlens_bin


# Descriptor heaps (docs/heaps.md): the proposal form needs mutable descriptors, and our Vulkan
# backend runs only the portable heap tier so far, so heap shaders are compiled in the portable
# form on every device (a device query here would only repeat `devices --lit-features` below).
HEAP_FORM = "portable"
compile_cmd = f"{shaderlens} compile -spirv -fspv-target-env=vulkan1.3 -fspv-heap-form={HEAP_FORM}"
config.substitutions.append(("%dxc_target_lib", compile_cmd))
config.substitutions.append(("%dxc_target", compile_cmd))
config.substitutions.append(("%goldenimage_dir", "/nonexistent-golden-images"))
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", "")])
for var in ("HOME", "XDG_RUNTIME_DIR", "VK_ICD_FILENAMES", "VK_DRIVER_FILES", "VK_LOADER_DEBUG"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.environment.setdefault("XDG_RUNTIME_DIR", os.environ.get("XDG_RUNTIME_DIR", "/tmp"))

config.available_features.add("Shaderlens")
config.available_features.add("Linux")
config.available_features.add("x64")


# `--param device=cpu` runs the suite on the CPU device (renderer/cpu over interp/, docs/interp.md)
# instead of the first Vulkan device: the same compiled SPIR-V, executed as the specs define it.
DEVICE = lit_config.params.get("device", "vulkan")
if DEVICE not in ("vulkan", "cpu"):
    lit_config.fatal(f"unknown device '{DEVICE}' (expected vulkan or cpu)")


def device_features():
    """Features of the device the suite runs on, from `shaderlens devices --lit-features`."""
    try:
        out = subprocess.run([shaderlens, "devices", "--lit-features", "--backend", DEVICE], capture_output=True, text=True,
                             timeout=60, env=dict(os.environ, XDG_RUNTIME_DIR=config.environment["XDG_RUNTIME_DIR"]))
    except (OSError, subprocess.TimeoutExpired) as error:
        lit_config.warning(f"cannot query Vulkan device features: {error}")
        return []
    if out.returncode != 0:
        lit_config.warning("cannot query Vulkan device features: " + (out.stderr.strip() or "exit %d" % out.returncode))
        return []
    return [line.strip() for line in out.stdout.splitlines() if line.strip()]


features = device_features()
if not features:
    # Without a device query, still describe the API so markers evaluate as for Vulkan.
    features = ["Vulkan"]
for feature in features:
    config.available_features.add(feature)

# fp32 denormals (docs/hal.md, "fp32 denormals"): the expected data is D3D's result, and D3D's
# default fp32 float mode flushes denormals. GPUs choose per shader; llvmpipe (feature Lavapipe,
# from the device's driver) runs shaders on host threads that keep denormals unless the runner
# opens it with FTZ/DAZ, which is what --fp32-denorm=flush does (valid for CPU devices only).
offloader = f"{shaderlens} offload"
if DEVICE == "cpu":
    # The CPU device implements D3D's fp32 float mode itself (docs/interp.md, "Floating point").
    offloader += " --device cpu --fp32-denorm=flush"
    config.available_features.add("ShaderlensCPU")
elif "Lavapipe" in config.available_features:
    offloader += " --fp32-denorm=flush"
config.substitutions.append(("%offloader", offloader))
lit_config.note("conformance features: " + " ".join(sorted(config.available_features)))
