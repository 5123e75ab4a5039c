# lit configuration of the golden tests: each test compiles or runs something with `shaderlens`
# and checks the canonical text of a stage with FileCheck, as LLVM, Clang and DXC test compilers.
import os
import lit.formats

config.name = "shaderlens"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".hlsl", ".test", ".spvasm", ".yaml"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)

config.substitutions.append(("%shaderlens", config.shaderlens_bin))
config.substitutions.append(("%shared", config.shared_dir))
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", "")])
for var in ("HOME", "XDG_RUNTIME_DIR", "VK_ICD_FILENAMES", "VK_DRIVER_FILES", "VK_LOADER_DEBUG", "DISPLAY"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
import sys
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%expect_exit", sys.executable + " " + os.path.join(os.path.dirname(__file__), "expect_exit.py")))
