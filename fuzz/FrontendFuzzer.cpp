// libFuzzer target: the whole SPIR-V side of the compiler on arbitrary HLSL text. The input is the
// contents of one .hlsl file compiled for compute (cs_6_6, entry "main"): preprocess, parse, Sema,
// irgen, binding legalization, the qptr passes and SPIR-V emission with in-process validation.
// Any outcome is fine except a crash, a sanitizer report or a hang (libFuzzer's -timeout).
#include "core/pipeline/Pipeline.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sl::CompileOptions options;
  options.inputFile = "fuzz.hlsl";
  options.profile = "cs_6_6";
  options.entryPoint = "main";
  options.target = sl::TargetKind::Spirv;
  options.spirvTargetEnv = "vulkan1.3";
  std::string_view source(reinterpret_cast<const char*>(data), size);
  auto result = sl::compileSource(options.inputFile, source, options);
  // Touch the outputs so the whole result is built and read (diagnostic rendering included).
  size_t total = result->object.size();
  for (const sl::Diagnostic& d : result->diagnostics) total += d.message.size();
  return total == size_t(-1) ? -1 : 0;
}
