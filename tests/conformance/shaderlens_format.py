"""The lit test format of our offload-test-suite configuration (lit.cfg.py): upstream's ShTest,
except that an XFAIL attributed only to other compilers' bugs (DXC, Clang/LLVM) or to upstream
runtime gaps our runtime fills does not apply: such a test must pass, and a failure is a failure."""
import re

import lit.formats
import lit.Test
from lit.BooleanExpression import BooleanExpression


def _issue_links(comment_lines):
    """(owner/repo, number) of every GitHub issue or pull request linked in the comment lines."""
    pattern = r"github\.com/([\w.-]+/[\w.-]+)/(?:issues|pull)/(\d+)"
    return {(m.group(1), m.group(2)) for line in comment_lines for m in re.finditer(pattern, line)}


# Bugs of the compilers upstream runs (DXC, Clang/LLVM): they describe those compilers, not ours.
OTHER_COMPILERS = {"microsoft/DirectXShaderCompiler", "llvm/llvm-project"}


def _not_ours(link):
    repo, number = link
    return repo in OTHER_COMPILERS or (repo == "llvm/offload-test-suite" and number in RUNTIME_IMPLEMENTS)


class ShaderlensShTest(lit.formats.ShTest):
    """ShTest, except that an XFAIL attributed only to other compilers' bugs or to upstream runtime
    gaps our runtime fills (RUNTIME_IMPLEMENTS) does not apply."""

    def execute(self, test, lit_config):
        # Upstream's lit.local.cfg files are not part of our copy of the suite; the rules they hold
        # that can apply to a Vulkan run are repeated here.
        relative = "/".join(test.path_in_suite)
        for directory, feature in UPSTREAM_DIRECTORY_REQUIRES.items():
            if relative.startswith(directory + "/") and feature not in test.config.available_features:
                return lit.Test.Result(lit.Test.UNSUPPORTED,
                                       f"upstream's {directory}/lit.local.cfg: {feature} only")
        if xfails_only_for_implemented(test.getSourcePath(), test.config.available_features):
            test.xfail_not = True
        return super().execute(test, lit_config)


# Directories whose upstream lit.local.cfg makes them unsupported without a feature (root
# signatures are a D3D12 object; the tests also read the DXIL container's RTS0 part).
UPSTREAM_DIRECTORY_REQUIRES = {"Feature/RootSignatures": "DirectX"}


# Upstream issues about upstream's offloader that ours does not have:
#   1413: HeapIndex resources (SM 6.6 descriptor heaps) on Vulkan — ours places them in the HAL's
#         descriptor heaps (docs/heaps.md), so Feature/DynamicResources runs for real.
RUNTIME_IMPLEMENTS = {"1413"}


def xfails_only_for_implemented(path, features):
    """True when every XFAIL line that holds for our features is attributed (by the comment block
    right above it) only to issues that are not ours (_not_ours)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return False
    applicable = 0
    for i, line in enumerate(lines):
        m = re.match(r"\s*(?:#|//|;)\s*XFAIL:\s*(.*)$", line)
        if not m:
            continue
        holds = False
        for expr in m.group(1).split(","):
            expr = expr.strip()
            if expr == "*":
                holds = True
            elif expr:
                try:
                    holds |= BooleanExpression.evaluate(expr, features)
                except ValueError:
                    return False
        if not holds:
            continue
        above = []
        j = i - 1
        while j >= 0 and lines[j].strip().startswith("#") and "XFAIL:" not in lines[j]:
            above.append(lines[j])
            j -= 1
        links = _issue_links(above)
        if not links or not all(_not_ours(link) for link in links):
            return False
        applicable += 1
    return applicable > 0
