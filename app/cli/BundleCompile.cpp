#include "app/cli/BundleCompile.h"

#include <cstdio>

#include "core/pipeline/Pipeline.h"

namespace sl::cli {

std::optional<std::vector<uint8_t>> compileBundleStep(const std::string& file, const offload::Bundle& bundle,
                                                      const offload::CompileStep& step, const std::vector<std::string>& extraArgs) {
  // The Vulkan backend runs descriptor heaps in the portable form only (docs/heaps.md); a RUN
  // line that names a heap form itself comes later and wins.
  std::vector<std::string> dxcArgs{"-fspv-heap-form=portable"};
  dxcArgs.insert(dxcArgs.end(), step.args.begin(), step.args.end());
  dxcArgs.insert(dxcArgs.end(), extraArgs.begin(), extraArgs.end());
  dxcArgs.insert(dxcArgs.end(), {"-spirv", "-fspv-target-env=vulkan1.3", step.sourcePart});
  ParsedCommandLine cl = parseDxcCommandLine(dxcArgs);
  if (!cl.error.empty()) {
    std::fprintf(stderr, "%s:%u: error: compile flags: %s\n", file.c_str(), step.line, cl.error.c_str());
    return std::nullopt;
  }
  const offload::SplitPart* source = bundle.part(step.sourcePart);
  if (!source) {
    std::fprintf(stderr, "%s:%u: error: no split part '%s'\n", file.c_str(), step.line, step.sourcePart.c_str());
    return std::nullopt;
  }
  // Diagnostics name the bundle's part ("file.test/source.hlsl"), the way split-file paths read.
  const std::string sourceName = file + "/" + step.sourcePart;
  std::shared_ptr<const CompileResult> result = compileSource(sourceName, source->text, cl.options);
  const std::string rendered = renderDiagnostics(result->diagnostics);
  std::fwrite(rendered.data(), 1, rendered.size(), stderr);
  if (!result->succeeded) {
    std::fprintf(stderr, "shaderlens run: compiling %s (RUN line %u) failed\n", step.sourcePart.c_str(), step.line);
    return std::nullopt;
  }
  return result->object;
}

}  // namespace sl::cli
