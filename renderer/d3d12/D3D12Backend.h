// The D3D12 backend's entry points (used by hal::enumerateAdapters / hal::createDevice).
// D3D12 is reached through DirectX-Headers' WSL layout: libd3d12.so and libdxcore.so are opened
// with dlopen at run time, so the backend builds everywhere and finds nothing where they are
// missing (any machine without WSL's /usr/lib/wsl/lib).
#pragma once

#include <memory>
#include <vector>

#include "renderer/hal/Device.h"

namespace sl::d3d12 {

hal::Result<std::vector<hal::AdapterInfo>> enumerateAdapters();
hal::Result<std::unique_ptr<hal::Device>> createDevice(const hal::AdapterInfo& adapter, const hal::DeviceOptions& options);

}  // namespace sl::d3d12
