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

// One scalar of a buffer block's layout (what a generator fills, renderer/offload/Generate.h).
enum class ScalarKind : uint8_t { Bool, SInt, UInt, Float };
struct ReflectedScalar {
  uint32_t offset = 0;  // bytes from the start of the block (or of one runtime-array element)
  ScalarKind kind = ScalarKind::UInt;
  uint8_t bits = 32;
};

// The explicit layout of a Block struct (storage/uniform buffer, push constants).
struct ReflectedBlock {
  uint32_t size = 0;            // bytes of the fixed part: the whole block, or up to its runtime array
  uint32_t runtimeOffset = 0;   // where the trailing runtime array starts (when runtimeStride > 0)
  uint32_t runtimeStride = 0;   // its ArrayStride; 0: the block has no runtime array
  std::vector<ReflectedScalar> scalars;         // every scalar of the fixed part, in layout order
  std::vector<ReflectedScalar> elementScalars;  // every scalar of one runtime-array element
  bool truncated = false;       // more than kMaxReflectedScalars scalars: the lists were cut
};
constexpr size_t kMaxReflectedScalars = 1u << 16;

// An OpTypeImage's operands (for images, texel buffers and the image of a sampled image).
struct ReflectedImage {
  uint32_t dim = 0;       // SPIR-V Dim: 0 1D, 1 2D, 2 3D, 3 Cube, 5 Buffer
  uint32_t depth = 0;
  bool arrayed = false;
  bool multisampled = false;
  uint32_t sampled = 0;   // 1: with a sampler, 2: storage
  uint32_t format = 0;    // SPIR-V ImageFormat (0 Unknown, 1 Rgba32f, 3 R32f, 33 R32ui, ...)
  ScalarKind sampledKind = ScalarKind::Float;
  uint8_t sampledBits = 32;
};

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
  uint32_t variableId = 0;  // the OpVariable's result id
  std::string typeName;     // OpName of the descriptor's type (a block: "type.RWStructuredBuffer.v4float")
  ReflectedBlock block;     // storage and uniform buffers
  ReflectedImage image;     // images, texel buffers, sampled images
};

struct ReflectedEntryPoint {
  std::string name;
  uint32_t executionModel = 0;  // 5 = GLCompute
  std::array<uint32_t, 3> localSize{1, 1, 1};
  // The interface variable ids. From SPIR-V 1.4 on they are every global the entry point's
  // call tree uses (descriptors included), so they say which bindings this entry point needs.
  std::vector<uint32_t> interfaceIds;
};

struct ReflectedModule {
  std::vector<ReflectedEntryPoint> entryPoints;
  std::vector<ReflectedBinding> bindings;  // sorted by (set, binding)
  uint32_t pushConstantSize = 0;           // bytes of the push-constant block (0: none)
  ReflectedBlock pushConstants;            // its layout
  std::vector<uint32_t> specializationIds;
  uint32_t version = 0;  // the header's SPIR-V version word (0x00010600 = 1.6)
  std::string error;  // non-empty: the module could not be read

  bool ok() const { return error.empty(); }
  const ReflectedEntryPoint* findEntryPoint(const std::string& name) const;
  const ReflectedBinding* findBinding(uint32_t set, uint32_t binding) const;
  // Whether `entry` uses `binding`: statically referenced and, from SPIR-V 1.4 on, in the entry
  // point's interface (so a module with several entry points needs only that one's resources).
  bool usedBy(const ReflectedEntryPoint& entry, const ReflectedBinding& binding) const;
};

// Reads a module given as bytes (little-endian words, as written to a .spv file).
ReflectedModule reflectSpirv(std::span<const uint8_t> bytes);

}  // namespace sl::offload
