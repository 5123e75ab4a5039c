// A run bundle: one llvm/offload-test-suite `.test` file. split-file cuts it into parts (HLSL
// sources, pipeline YAML); lit RUN lines say how each source is compiled (`%dxc_target ...`)
// and which pipeline runs which compiled shaders (`%offloader PIPELINE SHADER...`). Pure text
// processing: nothing here compiles or runs anything.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sl::offload {

struct SplitPart {
  std::string name;
  std::string text;
  uint32_t firstLine = 0;  // line of the part's first content line in the bundle (1-based)
};

struct SplitResult {
  std::vector<SplitPart> parts;
  std::string error;  // e.g. a part name used twice; empty on success
};

// LLVM split-file semantics: a marker is a line of one character (or "//") followed by "--- "
// and the part name; each part runs to the next marker; text before the first marker is dropped.
SplitResult splitFile(std::string_view text);

// One `%dxc_target` RUN command.
struct CompileStep {
  std::string sourcePart;  // split part compiled, e.g. "source.hlsl"
  std::string output;      // the -Fo path as written, e.g. "%t.o", "%t-vs.o"
  // DXC options without the input file and -Fo, %if-constructs resolved (Vulkan true), e.g.
  // {"-T", "cs_6_5", "-enable-16bit-types"}.
  std::vector<std::string> args;
  bool library = false;  // %dxc_target_lib
  uint32_t line = 0;     // RUN line in the bundle
};

// One `%offloader` RUN command.
struct OffloadStep {
  std::string pipelinePart;             // split part, e.g. "pipeline.yaml"
  std::vector<std::string> shaders;     // shader paths as written, in Shaders[] order
  std::vector<int> shaderCompiles;      // index into Bundle::compiles for each shader (-1: none)
  std::vector<std::string> flags;       // other offloader options (-quiet, -r NAME, -o FILE, ...)
  bool expectFailure = false;           // `not %offloader ...`
  bool fileCheck = false;               // output piped to FileCheck
  uint32_t line = 0;
};

struct Bundle {
  std::vector<SplitPart> parts;
  std::vector<CompileStep> compiles;
  std::vector<OffloadStep> runs;
  std::vector<std::string> requires_, unsupported, xfail;  // lit marker expressions as written
  std::vector<std::string> checkLines;                     // "CHECK: ..." directives as written

  const SplitPart* part(std::string_view name) const;
};

struct BundleResult {
  std::optional<Bundle> bundle;
  std::string error;  // "LINE: message" or a split-file error
};

// Splits the bundle and interprets its RUN lines. Lit's `%if Vulkan %{ ... %}` keeps its body
// (Vulkan is the target); any other %if condition is false (its %else body is kept).
BundleResult parseBundle(std::string_view text);

// The RUN lines (continuations joined, "RUN:" prefix removed) with their line numbers.
std::vector<std::pair<uint32_t, std::string>> runLines(std::string_view text);

// Resolves lit's `%if COND %{ A %} [%else %{ B %}]` with COND true only for "Vulkan".
std::string resolveLitConditionals(std::string_view command);

// Splits a command like a POSIX shell does for simple words ('...', "...", backslash escapes).
std::vector<std::string> shellSplit(std::string_view command);

}  // namespace sl::offload
