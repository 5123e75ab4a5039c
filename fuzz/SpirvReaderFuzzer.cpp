// libFuzzer target: the SPIR-V reader and, on modules it accepts, qptr.lower/analyze/lift. The
// input is taken as raw module bytes (either endianness), as `shaderlens qptr file.spv` reads it.
// The reader's contract (core/spirv/reader/Reader.h) is "never throws or aborts": malformed input
// must come back as diagnostics.
#include "core/ir/Module.h"
#include "core/passes/qptr/QptrAnalyze.h"
#include "core/passes/qptr/QptrLift.h"
#include "core/passes/qptr/QptrLower.h"
#include "core/spirv/reader/Reader.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto cx = std::make_shared<sl::ir::Context>();
  sl::spirv::ReadOptions readOptions;
  readOptions.fileName = "fuzz.spv";
  sl::spirv::ReadResult read = sl::spirv::readModuleBytes(std::span<const uint8_t>(data, size), cx, readOptions);
  if (!read.ok()) return 0;
  // The layout kind comes from the last byte so all three layouts get exercised.
  sl::qptr::QptrState state;
  state.layout.kind = sl::qptr::LayoutKind(size > 0 ? data[size - 1] % 3 : 0);
  sl::qptr::AnalysisResult analysis;
  if (!sl::qptr::lowerToQptr(*read.module, state)) return 0;
  if (!sl::qptr::analyzeQptr(*read.module, state, &analysis)) return 0;
  sl::qptr::liftFromQptr(*read.module, state, analysis);
  return 0;
}
