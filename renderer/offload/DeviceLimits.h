// Known limits of the device that explain a failed run: the shader uses a construct this device
// cannot run the way D3D defines it. Found from the shader's SPIR-V and the device's reported
// features (never from test names), and printed by the offloader after a failure as
//   note: device limit (ID): explanation
// so that a failure can be told apart from a wrong result of ours (tests/conformance/summarize.py
// classifies such failures as "lavapipe limit"; docs/offload.md lists the rules).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "renderer/hal/DeviceInfo.h"

namespace sl::offload {

struct DeviceLimitNote {
  std::string id;           // "quad-layout", "non-uniform-indexing", "int64-image"
  std::string explanation;  // one sentence
};

// The limits `spirv` runs into on `device`. Malformed modules give no notes.
std::vector<DeviceLimitNote> deviceLimitNotes(std::span<const uint32_t> spirv, const hal::AdapterInfo& device);

// "note: device limit (ID): explanation\n" for each.
std::string renderDeviceLimitNotes(const std::vector<DeviceLimitNote>& notes);

}  // namespace sl::offload
