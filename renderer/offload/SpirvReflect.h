// What a SPIR-V module needs from the runtime, read from its words: entry points with their
// workgroup sizes, descriptor bindings (set, binding, descriptor type, array size, whether a
// storage buffer is never written), the push-constant block size and the specialization ids.
// A direct reading of the binary (OpEntryPoint, OpExecutionMode, OpDecorate/OpMemberDecorate,
// OpType*, OpConstant, OpVariable), not SPIRV-Cross: small, no RTTI/exceptions, and it never
// aborts on a malformed module (every problem is an error message).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sl::offload {

enum class DescriptorType : uint8_t {
  StorageBuffer,
  UniformBuffer,
  UniformTexelBuffer,
  StorageTexelBuffer,
  SampledImage,
  StorageImage,
  Sampler,
  CombinedImageSampler,
  AccelerationStructure,
};
const char* descriptorTypeName(DescriptorType type);  // "storage buffer", "uniform texel buffer", ...

struct ReflectedBinding {
  uint32_t set = 0;
  uint32_t binding = 0;
  DescriptorType type = DescriptorType::StorageBuffer;
  uint32_t arrayCount = 1;  // 0: runtime-sized array
  bool readOnly = false;    // storage buffer whose block is NonWritable
  std::string name;         // OpName of the variable (may be empty)
  // Referenced by some instruction in a function body. Vulkan needs descriptors only for
  // statically used variables, and DXC-style modules declare some they never use (an Append
  // buffer's counter, an unused global), so the runner does not ask the pipeline for these.
  bool used = true;
};

struct ReflectedEntryPoint {
  std::string name;
  uint32_t executionModel = 0;  // 5 = GLCompute
  std::array<uint32_t, 3> localSize{1, 1, 1};
};

struct ReflectedModule {
  std::vector<ReflectedEntryPoint> entryPoints;
  std::vector<ReflectedBinding> bindings;  // sorted by (set, binding)
  uint32_t pushConstantSize = 0;           // bytes of the push-constant block (0: none)
  std::vector<uint32_t> specializationIds;
  std::string error;  // non-empty: the module could not be read

  bool ok() const { return error.empty(); }
  const ReflectedEntryPoint* findEntryPoint(const std::string& name) const;
  const ReflectedBinding* findBinding(uint32_t set, uint32_t binding) const;
};

// Reads a module given as bytes (little-endian words, as written to a .spv file).
ReflectedModule reflectSpirv(std::span<const uint8_t> bytes);

}  // namespace sl::offload
