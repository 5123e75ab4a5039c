// libFuzzer target: the whole compiler on arbitrary HLSL text. The input is the contents of one
// .hlsl file compiled for compute (cs_6_6, entry "main"): preprocess, parse, Sema, irgen, binding
// legalization, the heap pass, the qptr passes and SPIR-V emission with in-process validation —
// and then a second back end chosen by the input's length (so a reproducer always takes the same
// paths): even lengths the DXIL side (LLVM IR, verifier, dx.op lowering, container), odd lengths
// SPIR-V with the portable heap form (typed buffers as storage, switches over slots).
// Any outcome is fine except a crash, a sanitizer report or a hang (libFuzzer's -timeout).
#include "core/pipeline/Pipeline.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

size_t compileAndTouch(std::string_view source, const sl::CompileOptions& options) {
  auto result = sl::compileSource(options.inputFile, source, options);
  // Touch the outputs so the whole result is built and read (diagnostic rendering included).
  size_t total = result->object.size();
  for (const sl::Diagnostic& d : result->diagnostics) total += d.message.size();
  return total;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sl::CompileOptions options;
  options.inputFile = "fuzz.hlsl";
  options.profile = "cs_6_6";
  options.entryPoint = "main";
  options.target = sl::TargetKind::Spirv;
  options.spirvTargetEnv = "vulkan1.3";
  std::string_view source(reinterpret_cast<const char*>(data), size);
  size_t total = compileAndTouch(source, options);
  if (size % 2 == 0) {
    options.target = sl::TargetKind::Dxil;
  } else {
    options.spvHeapForm = sl::SpvHeapForm::Portable;
    options.spirvTargetEnv = "vulkan1.0";
  }
  total += compileAndTouch(source, options);
  return total == size_t(-1) ? -1 : 0;
}
