// `run --compare cpu`: a pipeline run on a reference device (a GPU, or lavapipe) and on the CPU
// device, every element of every RW buffer compared (integers exactly, floats by the test's own
// Results rule for that buffer when it has one, else within a ULP tolerance; NaNs equal), and
// each differing element traced to the invocation that last wrote it on the CPU device.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "renderer/offload/Offloader.h"

namespace sl::offload {

struct CompareOptions {
  OffloaderOptions reference;  // the device compared against the CPU device (its backend: Vulkan)
  uint32_t ulp = 1;            // float tolerance where no Results rule names the buffer
  size_t maxReported = 16;     // differing elements listed per buffer
  // The bundle file: the first differing element's writer then comes with the command that finds
  // where that invocation first differs (`shaderlens debug BUNDLE --thread ... --first-difference`).
  std::string bundle;
};

// exitCode 0 when the devices agree, 1 when they differ or a run fails. `out` is the report.
OffloaderRun comparePipeline(const std::string& pipelineText, const std::string& pipelineName,
                             const std::vector<std::vector<uint8_t>>& shaders, const CompareOptions& options);

}  // namespace sl::offload
