// Memory layout of SPIR-V types for the qptr passes (SPIR-T's LayoutConfig + layout_of):
// sizes, alignments, array strides and member offsets, honouring explicit Offset / ArrayStride /
// MatrixStride / RowMajor decorations and, for implicitly laid out memory (Function, Private,
// Workgroup), the chosen configuration.
#pragma once

#include "core/ir/Context.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace sl::qptr {

enum class LayoutKind : uint8_t {
  Scalar,    // VK_EXT_scalar_block_layout: alignment = component alignment
  Standard,  // base alignment (vec3/vec4 -> 16 bytes), std430-like
  Extended,  // standard with aggregates aligned to 16 (std140-like)
};
const char* layoutKindName(LayoutKind kind);  // "scalar" / "standard" / "extended"
std::optional<LayoutKind> parseLayoutKind(const std::string& name);

struct LayoutConfig {
  LayoutKind kind = LayoutKind::Standard;
  uint32_t boolSize = 4;  // bool is not host-shareable: any distinct size works
};

// What a type looks like in memory, one level deep.
struct TypeLayout {
  enum class Shape : uint8_t { Scalar, Elements, Fields, Handle, HandleArray, Unsized, Invalid };
  Shape shape = Shape::Invalid;
  uint32_t size = 0;   // 0 for runtime arrays (unsized)
  uint32_t align = 1;
  // Elements (arrays, vectors, matrices) and HandleArray
  ir::Type element;
  uint32_t stride = 0;
  uint32_t count = 0;  // 0 = runtime length
  // Fields
  std::vector<uint32_t> offsets;
  std::vector<ir::Type> fieldTypes;
  std::string error;  // Invalid: why
};

class Layouts {
 public:
  Layouts(const ir::Context& cx, LayoutConfig config) : cx_(cx), config_(config) {}
  const LayoutConfig& config() const { return config_; }
  // `rowMajor` / `matrixStride` come from the struct member that holds a matrix. Memoized: a
  // struct tree reaches its leaves by exponentially many paths (S1 { S0 a, b, c; } ... S15).
  // The reference stays valid for the life of this object.
  const TypeLayout& layoutOf(ir::Type type, uint32_t matrixStride = 0, bool rowMajor = false) const;
  bool isHandle(ir::Type type) const;  // image, sampler, sampled image, acceleration structure
  bool isBufferBlock(ir::Type type) const;  // struct decorated Block/BufferBlock

 private:
  uint32_t alignOf(ir::Type type) const;
  TypeLayout compute(ir::Type type, uint32_t matrixStride, bool rowMajor) const;
  const ir::Context& cx_;
  LayoutConfig config_;
  // (type index, matrix stride, row-major) -> layout; node-based, so references stay valid.
  mutable std::unordered_map<uint64_t, TypeLayout> cache_;
};

}  // namespace sl::qptr
