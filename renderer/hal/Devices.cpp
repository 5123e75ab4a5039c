// Backend selection: the only HAL file that knows the backends exist.
#include <regex>
#include <string>

#include "renderer/hal/Device.h"
#include "renderer/cpu/CpuBackend.h"
#include "renderer/vulkan/VulkanBackend.h"
#if SL_HAL_HAVE_D3D12
#include "renderer/d3d12/D3D12Backend.h"
#endif

namespace sl::hal {

namespace {

Result<std::vector<AdapterInfo>> adaptersOf(Backend backend) {
  if (backend == Backend::Vulkan) return vulkan::enumerateAdapters();
  if (backend == Backend::Cpu) return cpu::enumerateAdapters();
#if SL_HAL_HAVE_D3D12
  if (backend == Backend::D3D12) return d3d12::enumerateAdapters();
#endif
  return makeError(ErrorCode::Unavailable, std::string("the ") + backendName(backend) + " backend is not built in");
}

}  // namespace

Result<std::vector<AdapterInfo>> enumerateAdapters(Backend backend) {
  if (backend != Backend::Any) return adaptersOf(backend);
  std::vector<AdapterInfo> all;
  for (Backend b : {Backend::Vulkan, Backend::D3D12, Backend::Cpu}) {
    auto adapters = adaptersOf(b);
    if (adapters.ok()) all.insert(all.end(), adapters->begin(), adapters->end());
  }
  return all;
}

Result<std::unique_ptr<Device>> createDevice(const DeviceOptions& options) {
  std::vector<AdapterInfo> adapters;
  std::string problems;
  for (Backend b : {Backend::Vulkan, Backend::D3D12, Backend::Cpu}) {
    if (options.backend != Backend::Any && options.backend != b) continue;
    auto found = adaptersOf(b);
    if (found.ok()) adapters.insert(adapters.end(), found->begin(), found->end());
    else problems += "\n  " + std::string(backendName(b)) + ": " + found.status().message();
  }
  const AdapterInfo* chosen = nullptr;
  if (!options.adapterRegex.empty()) {
    std::regex pattern;
    try {
      pattern = std::regex(options.adapterRegex, std::regex::ECMAScript | std::regex::icase);
    } catch (const std::regex_error& e) {
      return makeError(ErrorCode::InvalidArgument, "adapter regex '" + options.adapterRegex + "' is invalid: " + e.what());
    }
    for (const AdapterInfo& a : adapters)
      if (std::regex_search(a.name, pattern)) { chosen = &a; break; }
  } else if (options.adapterIndex >= 0) {
    if (static_cast<size_t>(options.adapterIndex) < adapters.size()) chosen = &adapters[options.adapterIndex];
  } else if (!adapters.empty()) {
    chosen = &adapters.front();
  }
  if (!chosen) {
    std::string message = "no device matched";
    if (!options.adapterRegex.empty()) message += " the regex '" + options.adapterRegex + "'";
    else if (options.adapterIndex >= 0) message += " index " + std::to_string(options.adapterIndex);
    message += "; found " + std::to_string(adapters.size()) + " device(s)";
    for (const AdapterInfo& a : adapters) message += "\n  [" + std::string(backendName(a.backend)) + "] " + a.name;
    return makeError(ErrorCode::Unavailable, message + problems);
  }
  if (chosen->backend == Backend::Vulkan) return vulkan::createDevice(*chosen, options);
  if (chosen->backend == Backend::Cpu) return cpu::createDevice(*chosen, options);
#if SL_HAL_HAVE_D3D12
  if (chosen->backend == Backend::D3D12) return d3d12::createDevice(*chosen, options);
#endif
  return makeError(ErrorCode::Unavailable, "no backend for the chosen adapter");
}

}  // namespace sl::hal
