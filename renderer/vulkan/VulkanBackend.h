// The Vulkan backend's entry points (used by hal::enumerateAdapters / hal::createDevice).
// Vulkan is reached only through volk: the loader (libvulkan.so.1) is opened at run time.
#pragma once

#include <memory>
#include <vector>

#include "renderer/hal/Device.h"

namespace sl::vulkan {

hal::Result<std::vector<hal::AdapterInfo>> enumerateAdapters();
hal::Result<std::unique_ptr<hal::Device>> createDevice(const hal::AdapterInfo& adapter, const hal::DeviceOptions& options);

}  // namespace sl::vulkan
