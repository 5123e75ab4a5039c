// The CPU backend's entry points (used by hal::enumerateAdapters / hal::createDevice): a device
// that runs SPIR-V compute dispatches on the host's cores through interp/ (docs/interp.md).
#pragma once

#include <memory>
#include <vector>

#include "renderer/hal/Device.h"

namespace sl::cpu {

hal::Result<std::vector<hal::AdapterInfo>> enumerateAdapters();
hal::Result<std::unique_ptr<hal::Device>> createDevice(const hal::AdapterInfo& adapter, const hal::DeviceOptions& options);

}  // namespace sl::cpu
