// What a device is and what it can do: identity, features and limits, filled by each backend
// from its native queries (Vulkan: vkGetPhysicalDevice{Properties,Features}2 chains; D3D12:
// CheckFeatureSupport). Plain data, printable by `shaderlens devices`.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace sl::interp {
class TraceSink;  // interp/Trace.h: the CPU device's trace of one invocation
}

namespace sl::hal {

// Cpu: the CPU device (renderer/cpu over interp/), which runs SPIR-V compute on the host.
enum class Backend { Any, Vulkan, D3D12, Cpu };
const char* backendName(Backend backend);  // "Vulkan", "D3D12", "CPU", "Any"

enum class DeviceType { Other, IntegratedGpu, DiscreteGpu, VirtualGpu, Cpu };
const char* deviceTypeName(DeviceType type);  // "integrated-gpu", "discrete-gpu", "virtual-gpu", "cpu", "other"

// Subgroup (wave) operations supported in compute shaders.
enum SubgroupOps : uint32_t {
  kSubgroupBasic = 1u << 0,
  kSubgroupVote = 1u << 1,
  kSubgroupArithmetic = 1u << 2,
  kSubgroupBallot = 1u << 3,
  kSubgroupShuffle = 1u << 4,
  kSubgroupShuffleRelative = 1u << 5,
  kSubgroupClustered = 1u << 6,
  kSubgroupQuad = 1u << 7,
};
// "basic vote arithmetic ..." for the set bits.
std::string subgroupOpsToString(uint32_t ops);

struct DeviceFeatures {
  // Shader types.
  bool shaderInt8 = false;
  bool shaderInt16 = false;
  bool shaderFloat16 = false;
  bool shaderInt64 = false;
  bool shaderFloat64 = false;
  bool storageBuffer16BitAccess = false;
  bool storageBuffer8BitAccess = false;
  // 64-bit atomics.
  bool int64BufferAtomics = false;  // Vulkan shaderBufferInt64Atomics; D3D12: Int64 typed/raw UAV atomics
  bool int64SharedAtomics = false;  // groupshared (Vulkan shaderSharedInt64Atomics)
  bool int64ImageAtomics = false;   // typed resources (VK_EXT_shader_image_atomic_int64)
  bool float32BufferAtomics = false;
  // Subgroups.
  uint32_t subgroupSize = 0;  // default size; 0 = unknown
  uint32_t minSubgroupSize = 0;
  uint32_t maxSubgroupSize = 0;
  uint32_t subgroupOps = 0;  // SubgroupOps bits, compute stage
  bool subgroupSizeControl = false;
  // Binding model.
  bool pushDescriptors = false;      // VK_KHR_push_descriptor
  bool descriptorIndexing = false;   // runtime descriptor arrays + non-uniform indexing + partially bound
  bool mutableDescriptors = false;   // VK_EXT/VALVE_mutable_descriptor_type
  bool nullDescriptors = false;      // robustness2 nullDescriptor
  bool bufferDeviceAddress = false;
  bool robustBufferAccess = false;   // enabled on every device the HAL creates when true
  bool storageImageReadWithoutFormat = false;
  bool storageImageWriteWithoutFormat = false;
  // Timing.
  bool timestamps = false;           // compute queue can write timestamps
  double timestampPeriodNs = 0;      // nanoseconds per tick
  uint32_t timestampValidBits = 0;
};

struct DeviceLimits {
  uint32_t maxPushConstantsSize = 0;  // bytes; larger constant blocks need ExecutableLayout::constantsBuffer
  uint32_t maxBoundDescriptorSets = 0;
  uint32_t maxPushDescriptors = 0;
  std::array<uint32_t, 3> maxWorkgroupSize{};
  uint32_t maxWorkgroupInvocations = 0;
  std::array<uint32_t, 3> maxWorkgroupCount{};
  uint32_t maxComputeSharedMemorySize = 0;
  uint64_t maxStorageBufferRange = 0;
  uint64_t maxUniformBufferRange = 0;
  uint32_t maxTexelBufferElements = 0;
  uint32_t maxImageDimension2D = 0;
  uint64_t minStorageBufferOffsetAlignment = 1;
  uint64_t minUniformBufferOffsetAlignment = 1;
  uint64_t minTexelBufferOffsetAlignment = 1;
  uint32_t maxPerStageStorageBuffers = 0;
  uint32_t maxPerStageUniformBuffers = 0;
  uint32_t maxPerStageSampledImages = 0;
  uint32_t maxPerStageStorageImages = 0;
  uint32_t maxPerStageSamplers = 0;
  uint32_t maxPerStageResources = 0;
  uint32_t maxSamplerAllocationCount = 0;
};

// What decides a Vulkan device's descriptor-heap tier (renderer/hal/HeapTier.h, docs/heaps.md):
// mutable descriptors and the descriptor-indexing features the proposal heap form needs.
struct HeapTierFeatures {
  bool mutableDescriptorType = false;   // VK_EXT_mutable_descriptor_type (or VALVE), feature enabled
  bool runtimeDescriptorArray = false;
  bool partiallyBound = false;          // descriptorBindingPartiallyBound
  bool updateUnusedWhilePending = false;
  // descriptorBinding{SampledImage,StorageImage,StorageBuffer,UniformBuffer,UniformTexelBuffer,
  // StorageTexelBuffer}UpdateAfterBind, all of them (the heap binding holds every kind).
  bool updateAfterBind = false;
  bool nonUniformIndexing = false;      // every shader*ArrayNonUniformIndexing (NonUniformResourceIndex)
  // Per-stage descriptor limits for the heap's types: the smallest of the storage/uniform buffer,
  // sampled/storage image limits and maxPerStageResources; the same for update-after-bind sets.
  uint32_t maxResources = 0;
  uint32_t maxResourcesUpdateAfterBind = 0;
  uint32_t maxSamplers = 0;
  uint32_t maxSamplersUpdateAfterBind = 0;
};

// One device as enumerated, before (or after) it is opened.
struct AdapterInfo {
  Backend backend = Backend::Vulkan;
  uint32_t index = 0;         // position in the backend's enumeration order
  std::string name;           // "llvmpipe (LLVM 15.0.6, 256 bits)", "NVIDIA H200"
  uint32_t vendorId = 0;
  uint32_t deviceId = 0;
  std::string vendorName;     // from the PCI vendor id when known ("NVIDIA", "AMD", "Intel", "Mesa"...)
  std::string driverName;     // "llvmpipe", "NVIDIA"
  std::string driverInfo;     // "Mesa 22.3.6 (LLVM 15.0.6)"
  std::string apiVersion;     // "1.3.230" (Vulkan) / feature level (D3D12)
  DeviceType type = DeviceType::Other;
  // D3D12 only: highest shader model as 0xMm (0x66 = SM 6.6); 0 when the API has no such notion.
  uint32_t highestShaderModel = 0;
  DeviceFeatures features;
  DeviceLimits limits;
  std::vector<std::string> extensions;  // Vulkan device extension names, sorted; empty on D3D12
  HeapTierFeatures heapTierFeatures;    // Vulkan only
};

// fp32 denormal handling of the emulated device (docs/hal.md, "fp32 denormals"). D3D's default
// fp32 float mode flushes denormals; GPUs decide per shader (SPIR-V DenormFlushToZero/Preserve).
// A CPU implementation (llvmpipe) runs shaders as host code on worker threads that take the
// host's floating-point mode (x86 MXCSR FTZ/DAZ) from the thread that created them, so for such
// devices the mode can be chosen when the device is opened:
enum class Fp32DenormMode {
  Device,    // whatever the device does (the default; the only choice for GPUs)
  Flush,     // CPU devices: flush fp32 denormal inputs and results to zero, as D3D does
  Preserve,  // CPU devices: keep fp32 denormals (IEEE)
};
const char* fp32DenormModeName(Fp32DenormMode mode);  // "device", "flush", "preserve"
// "device" / "flush" / "preserve"; false for anything else.
bool parseFp32DenormMode(const std::string& text, Fp32DenormMode& mode);

// How to pick and open a device.
struct DeviceOptions {
  Backend backend = Backend::Any;  // Any: Vulkan first, then D3D12
  // When non-empty, the first adapter whose name matches this ECMAScript regex (case-insensitive,
  // search not full match) is opened; otherwise `adapterIndex` (or the first adapter).
  std::string adapterRegex;
  int adapterIndex = -1;
  // Vulkan: VK_LAYER_KHRONOS_validation + a debug-utils messenger that records every message
  // (Device::validationMessages). D3D12: the debug layer. Fails if the layer is not installed.
  bool validation = false;
  // Vulkan: the validation layer's debug printf (HLSL printf), its lines as Device::shaderPrints;
  // fails like `validation` when the layer is missing. The layer's other findings are reported
  // only with `validation`. (The CPU device always prints.)
  bool shaderPrintf = false;
  // Flush/Preserve: only for CPU devices on hosts whose float mode the HAL can set (x86-64);
  // createDevice fails with Unsupported otherwise.
  Fp32DenormMode fp32Denorm = Fp32DenormMode::Device;
  // CPU device only: lanes per subgroup (a power of two in 4..128; 0: 32) and the instructions
  // one invocation may execute before it is stopped as a runaway (0: 2^28).
  uint32_t subgroupSize = 0;
  uint64_t stepLimit = 0;
  // CPU device only: record the invocation that last wrote each buffer word (Device::lastWriter).
  bool recordWriters = false;
  // CPU device only: set from another thread to stop its running dispatch ("cancelled").
  const std::atomic<bool>* cancel = nullptr;
  // CPU device only: records the invocation the sink names in every dispatch (the debugger's
  // trace, interp/Trace.h); that dispatch then runs on one thread.
  interp::TraceSink* trace = nullptr;
};

}  // namespace sl::hal
