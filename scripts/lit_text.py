"""What our scripts read from lit test files (offload-test-suite bundles, DXC/Clang tests): the
parts of a split-file input, the RUN lines, and lit's `%if` substitutions resolved for Vulkan.
One copy for conformance-compile.py, qptr-roundtrip.py, differential.py and heap-corpus.py."""
import re

MARKER = re.compile(r"^(?://|.)--- (\S+)\s*$")


def split_file(text):
    """Parts of a split-file input: {name: contents}; text before the first marker is dropped.
    Like split-file, each part keeps its original line numbers (blank lines in front)."""
    parts, name, lines = {}, None, []
    for number, line in enumerate(text.splitlines(keepends=True)):
        m = MARKER.match(line.rstrip("\n"))
        if m:
            if name is not None:
                parts[name] = "".join(lines)
            name = m.group(1)
            lines = ["\n"] * (number + 1)
            continue
        if name is not None:
            lines.append(line)
    if name is not None:
        parts[name] = "".join(lines)
    return parts


def run_lines(text):
    """RUN: commands, with `\\` continuations joined."""
    out, pending = [], ""
    for line in text.splitlines():
        m = re.search(r"RUN:\s?(.*)$", line)
        if not m:
            continue
        cmd = m.group(1).rstrip()
        if cmd.endswith("\\"):
            pending += cmd[:-1] + " "
            continue
        out.append(pending + cmd)
        pending = ""
    return out


def expand_if(cmd):
    """lit's `%if Vulkan %{ ... %} [%else %{ ... %}]`: these suites run on Vulkan."""
    cmd = re.sub(r"%if\s+Vulkan\s+%\{(.*?)%\}(\s*%else\s*%\{.*?%\})?", r"\1", cmd)
    return re.sub(r"%if\s+[^%]*%\{.*?%\}(\s*%else\s*%\{(.*?)%\})?", lambda m: m.group(2) or "", cmd)
