// libFuzzer target: the offload-test-suite pipeline YAML parser (YAML tree + schema checks), and
// the printer on every pipeline the parser accepts with at most 1 MiB of buffer data.
#include "renderer/offload/PipelineParser.h"
#include "renderer/offload/PipelinePrinter.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  sl::offload::ParseResult parsed = sl::offload::parsePipeline(text, "fuzz.yaml");
  if (!parsed.ok()) {
    (void)parsed.renderErrors();
    return 0;
  }
  // Printing is linear in the buffer bytes; upstream tests legitimately declare 256 MiB buffers
  // (FillSize), which would only make the fuzzer slow.
  uint64_t bytes = 0;
  for (const sl::offload::Buffer& b : parsed.pipeline->buffers)
    for (const auto& block : b.data) bytes += block.size();
  if (bytes <= (uint64_t(1) << 20)) (void)sl::offload::printPipeline(*parsed.pipeline);
  return 0;
}
