// `shaderlens devices`: lists the devices the HAL can open, with their features and limits, or
// (--lit-features) the lit feature names the upstream offload-test-suite configuration would
// derive for the first (or the chosen) device.
#include "app/cli/Commands.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <string>

#include "renderer/hal/HeapTier.h"
#include "renderer/hal/Device.h"

namespace sl::cli {

namespace {

const char* kDevicesUsage = R"(usage: shaderlens devices [options]

Lists the compute devices the renderer can open, with their features and limits.

Options:
  --backend vulkan|d3d12|cpu|any  which backends to query (default: any)
  --device REGEX               only devices whose name matches REGEX (case-insensitive)
  --extensions                 also list each device's Vulkan extensions
  --lit-features               print, one per line, the lit feature names upstream's
                               offload-test-suite would set for the first matching device
                               (API, vendor, OS, Int16/Half/Double/Int64/..., SM_6_x,
                               extension names, Lavapipe)
  --compiler DXC|Clang         with --lit-features: also print this compiler feature
  --help                       this text

Exit status: 0 on success, 1 when no device matches, 2 on a usage error.
)";

const char* yesNo(bool b) { return b ? "yes" : "no"; }

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%x", v);
  return buf;
}

void printDevice(const hal::AdapterInfo& a, size_t index, bool extensions) {
  const hal::DeviceFeatures& f = a.features;
  const hal::DeviceLimits& l = a.limits;
  std::printf("[%zu] %s\n", index, a.name.c_str());
  std::printf("  backend: %s %s\n", hal::backendName(a.backend), a.apiVersion.c_str());
  std::printf("  type: %s\n", hal::deviceTypeName(a.type));
  std::printf("  vendor: %s (%s), device id %s\n", a.vendorName.empty() ? "unknown" : a.vendorName.c_str(),
              hex(a.vendorId).c_str(), hex(a.deviceId).c_str());
  std::printf("  driver: %s; %s\n", a.driverName.c_str(), a.driverInfo.c_str());
  std::printf("  features:\n");
  std::printf("    int8 %s, int16 %s, float16 %s, int64 %s, float64 %s\n", yesNo(f.shaderInt8), yesNo(f.shaderInt16),
              yesNo(f.shaderFloat16), yesNo(f.shaderInt64), yesNo(f.shaderFloat64));
  std::printf("    16-bit storage %s, 8-bit storage %s\n", yesNo(f.storageBuffer16BitAccess), yesNo(f.storageBuffer8BitAccess));
  std::printf("    int64 atomics: buffer %s, groupshared %s, image %s; float32 buffer atomics %s\n", yesNo(f.int64BufferAtomics),
              yesNo(f.int64SharedAtomics), yesNo(f.int64ImageAtomics), yesNo(f.float32BufferAtomics));
  std::printf("    subgroup size %u (min %u, max %u), size control %s\n", f.subgroupSize, f.minSubgroupSize, f.maxSubgroupSize,
              yesNo(f.subgroupSizeControl));
  std::printf("    subgroup ops: %s\n", hal::subgroupOpsToString(f.subgroupOps).c_str());
  std::printf("    push descriptors %s, descriptor indexing %s, mutable descriptors %s, null descriptors %s\n",
              yesNo(f.pushDescriptors), yesNo(f.descriptorIndexing), yesNo(f.mutableDescriptors), yesNo(f.nullDescriptors));
  if (a.backend == hal::Backend::Vulkan) {
    const hal::HeapTierChoice tier = hal::chooseHeapTier(a.heapTierFeatures);
    std::printf("    descriptor heap tier: %s (%s)\n", hal::heapTierName(tier.tier), tier.reason.c_str());
  }
  std::printf("    buffer device address %s, robust buffer access %s\n", yesNo(f.bufferDeviceAddress), yesNo(f.robustBufferAccess));
  std::printf("    storage image read/write without format: %s/%s\n", yesNo(f.storageImageReadWithoutFormat),
              yesNo(f.storageImageWriteWithoutFormat));
  std::printf("    timestamps %s (period %g ns, %u valid bits)\n", yesNo(f.timestamps), f.timestampPeriodNs, f.timestampValidBits);
  std::printf("  limits:\n");
  std::printf("    max push constants size: %u bytes\n", l.maxPushConstantsSize);
  std::printf("    max push descriptors: %u; max bound descriptor sets: %u\n", l.maxPushDescriptors, l.maxBoundDescriptorSets);
  std::printf("    max workgroup size: %u x %u x %u (%u invocations)\n", l.maxWorkgroupSize[0], l.maxWorkgroupSize[1],
              l.maxWorkgroupSize[2], l.maxWorkgroupInvocations);
  std::printf("    max workgroup count: %u x %u x %u\n", l.maxWorkgroupCount[0], l.maxWorkgroupCount[1], l.maxWorkgroupCount[2]);
  std::printf("    max shared memory: %u bytes\n", l.maxComputeSharedMemorySize);
  std::printf("    max storage buffer range: %llu bytes; max uniform buffer range: %llu bytes\n",
              static_cast<unsigned long long>(l.maxStorageBufferRange), static_cast<unsigned long long>(l.maxUniformBufferRange));
  std::printf("    max texel buffer elements: %u; max 2D image size: %u\n", l.maxTexelBufferElements, l.maxImageDimension2D);
  std::printf("    min offset alignment: storage %llu, uniform %llu, texel %llu\n",
              static_cast<unsigned long long>(l.minStorageBufferOffsetAlignment),
              static_cast<unsigned long long>(l.minUniformBufferOffsetAlignment),
              static_cast<unsigned long long>(l.minTexelBufferOffsetAlignment));
  std::printf("    per-stage descriptors: storage buffers %u, uniform buffers %u, sampled images %u, storage images %u, "
              "samplers %u, resources %u\n",
              l.maxPerStageStorageBuffers, l.maxPerStageUniformBuffers, l.maxPerStageSampledImages, l.maxPerStageStorageImages,
              l.maxPerStageSamplers, l.maxPerStageResources);
  std::printf("  extensions: %zu\n", a.extensions.size());
  if (extensions)
    for (const std::string& e : a.extensions) std::printf("    %s\n", e.c_str());
}

bool hostHasAvx512() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line))
    if (line.rfind("flags", 0) == 0) return line.find(" avx512f") != std::string::npos;
  return false;
}

// Mirrors setDeviceFeatures() and the lines after it in upstream test/lit.cfg.py.
std::set<std::string> litFeatures(const hal::AdapterInfo& a, const std::string& compiler) {
  std::set<std::string> out;
  const std::string& d = a.name;
  // The CPU device runs the Vulkan environment's SPIR-V, so it takes the Vulkan features.
  const bool vulkan = a.backend == hal::Backend::Vulkan || a.backend == hal::Backend::Cpu;
  out.insert(vulkan ? "Vulkan" : "DirectX");
  if (!compiler.empty()) out.insert(compiler);
#if defined(__linux__)
  out.insert("Linux");
#elif defined(_WIN32)
  out.insert("Windows");
#elif defined(__APPLE__)
  out.insert("Darwin");
#endif
  if (d.find("Microsoft Basic Render Driver") != std::string::npos) out.insert("WARP");
  if (d.find("Intel") != std::string::npos) out.insert("Intel");
  if (d.find("NVIDIA") != std::string::npos) out.insert("NV");
  if (d.find("AMD") != std::string::npos || d.find("Radeon") != std::string::npos) out.insert("AMD");
  if (d.find("Qualcomm") != std::string::npos) out.insert("QC");
  std::smatch m;
  if (std::regex_search(d, m, std::regex(R"(\bApple M(\d+)\b)"))) out.insert("AppleM" + m[1].str());
  if (hostHasAvx512()) out.insert("AVX512");
  // Vulkan devices report no D3D shader model: upstream sets every SM_6_x DXC knows (6.0-6.9),
  // and DerivativesInCompute / WaveSize_* never. D3D12 sets SM_6_0 up to HighestShaderModel.
  const hal::DeviceFeatures& f = a.features;
  if (vulkan) {
    for (int minor = 0; minor <= 9; ++minor) out.insert("SM_6_" + std::to_string(minor));
  } else if ((a.highestShaderModel >> 4) == 6) {
    for (uint32_t minor = 0; minor <= (a.highestShaderModel & 0xf); ++minor) out.insert("SM_6_" + std::to_string(minor));
    if (a.highestShaderModel >= 0x66) out.insert("DerivativesInCompute");
    if (f.minSubgroupSize && f.maxSubgroupSize)
      for (uint32_t size = f.minSubgroupSize; size <= f.maxSubgroupSize; size *= 2) out.insert("WaveSize_" + std::to_string(size));
  }
  if (f.shaderInt16) out.insert("Int16");
  if (f.shaderFloat16) out.insert("Half");
  if (f.shaderFloat64) out.insert("Double");
  if (f.shaderInt64) out.insert("Int64");
  if (f.int64SharedAtomics) out.insert("Int64GroupSharedAtomics");
  if (f.int64ImageAtomics) out.insert("Int64TypedResourceAtomics");
  if (vulkan) {
    if (f.int64BufferAtomics) out.insert("VulkanInt64BufferAtomics");
    for (const std::string& e : a.extensions) {
      out.insert(e);
      if (e == "VK_EXT_mesh_shader") out.insert("MeshShader");
      if (e == "VK_KHR_acceleration_structure") out.insert("acceleration-structure");
      if (e == "VK_KHR_ray_tracing_pipeline") out.insert("raytracing-pipeline");
    }
  }
  std::string lower = d;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower.find("llvmpipe") != std::string::npos) out.insert("Lavapipe");
#if defined(__aarch64__)
  out.insert("host-arm64");
#endif
  return out;
}

}  // namespace

int runDevices(const Args& args) {
  hal::Backend backend = hal::Backend::Any;
  std::string deviceRegex, compiler;
  bool lit = false, extensions = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](const char* option) -> const std::string* {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "shaderlens devices: %s needs a value\n", option);
        return nullptr;
      }
      return &args[++i];
    };
    if (a == "--help" || a == "-help" || a == "-h") {
      std::fputs(kDevicesUsage, stdout);
      return kExitSuccess;
    } else if (a == "--lit-features") {
      lit = true;
    } else if (a == "--extensions") {
      extensions = true;
    } else if (a == "--backend") {
      const std::string* v = value("--backend");
      if (!v) return kExitUsage;
      if (*v == "vulkan") backend = hal::Backend::Vulkan;
      else if (*v == "d3d12") backend = hal::Backend::D3D12;
      else if (*v == "cpu") backend = hal::Backend::Cpu;
      else if (*v == "any") backend = hal::Backend::Any;
      else {
        std::fprintf(stderr, "shaderlens devices: unknown backend '%s' (expected vulkan, d3d12 or any)\n", v->c_str());
        return kExitUsage;
      }
    } else if (a == "--device") {
      const std::string* v = value("--device");
      if (!v) return kExitUsage;
      deviceRegex = *v;
    } else if (a == "--compiler") {
      const std::string* v = value("--compiler");
      if (!v) return kExitUsage;
      if (*v != "DXC" && *v != "Clang") {
        std::fprintf(stderr, "shaderlens devices: unknown compiler '%s' (expected DXC or Clang)\n", v->c_str());
        return kExitUsage;
      }
      compiler = *v;
    } else {
      std::fprintf(stderr, "shaderlens devices: unknown option '%s'\n\n%s", a.c_str(), kDevicesUsage);
      return kExitUsage;
    }
  }
  std::regex pattern;
  if (!deviceRegex.empty()) {
    try {
      pattern = std::regex(deviceRegex, std::regex::ECMAScript | std::regex::icase);
    } catch (const std::regex_error& e) {
      std::fprintf(stderr, "shaderlens devices: --device '%s' is not a valid regex: %s\n", deviceRegex.c_str(), e.what());
      return kExitUsage;
    }
  }

  // Mesa's window-system code warns on stderr when this is unset (docs/hal.md).
  setenv("XDG_RUNTIME_DIR", "/tmp", 0);
  auto adapters = hal::enumerateAdapters(backend);
  if (!adapters.ok()) {
    std::fprintf(stderr, "shaderlens devices: %s\n", adapters.status().message().c_str());
    return 1;
  }
  std::vector<hal::AdapterInfo> chosen;
  for (const hal::AdapterInfo& a : *adapters)
    if (deviceRegex.empty() || std::regex_search(a.name, pattern)) chosen.push_back(a);
  if (chosen.empty()) {
    std::fprintf(stderr, "shaderlens devices: no device%s%s%s found (%zu device(s) in total)\n",
                 deviceRegex.empty() ? "" : " matching '", deviceRegex.c_str(), deviceRegex.empty() ? "" : "'",
                 adapters->size());
    return 1;
  }
  if (lit) {
    for (const std::string& feature : litFeatures(chosen.front(), compiler)) std::printf("%s\n", feature.c_str());
    return kExitSuccess;
  }
  for (size_t i = 0; i < chosen.size(); ++i) printDevice(chosen[i], i, extensions);
  return kExitSuccess;
}

}  // namespace sl::cli
