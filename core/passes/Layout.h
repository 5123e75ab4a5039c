// Buffer memory layout (hlsl-spirv.md §3): given an irgen memory type (bool already uint, matrix
// members marked RowMajor/ColMajor in SPIR-V's sense, optional explicit Offset members), build
// the layout-decorated copy of it (Offset, ArrayStride, MatrixStride) under one of DXC's rules.
#pragma once

#include "core/ir/Context.h"

#include <cstdint>
#include <string>
#include <unordered_map>

namespace sl::passes {

enum class LayoutRule : uint8_t {
  RelaxedStd140,  // default cbuffer / $Globals
  RelaxedStd430,  // default structured/byte-address buffers, push constants, tbuffers
  Std140,         // -fvk-use-gl-layout cbuffers
  Std430,         // -fvk-use-gl-layout buffers
  FxcCTBuffer,    // -fvk-use-dx-layout cbuffers
  FxcSBuffer,     // -fvk-use-dx-layout buffers
  Scalar,         // -fvk-use-scalar-layout
};

struct LaidOutType {
  ir::Type type;
  uint32_t size = 0;
  uint32_t alignment = 1;
};

class LayoutBuilder {
 public:
  LayoutBuilder(ir::Context& cx, LayoutRule rule, bool rowMajorByDefault)
      : cx_(cx), rule_(rule), rowMajorDefault_(rowMajorByDefault) {}

  // `spirvRowMajor`: majorness of a matrix (or array of matrices) at this position, in SPIR-V's
  // sense (HLSL column_major = SPIR-V RowMajor); nullopt for the default.
  LaidOutType layout(ir::Type type, int spirvRowMajor = -1);
  // The matrix stride a matrix member gets (0 for non-matrices).
  uint32_t matrixStride(ir::Type type, bool spirvRowMajor);
  // The member of a structured or byte-address buffer's block: a laid-out runtime array of
  // `element` at Offset 0, with the default majorness and MatrixStride when the elements are
  // matrices (the array's stride is the element stride).
  ir::StructMember bufferDataMember(std::string name, ir::Type element);
  LayoutRule rule() const { return rule_; }

 private:
  bool isStd140Family() const {
    return rule_ == LayoutRule::RelaxedStd140 || rule_ == LayoutRule::Std140 || rule_ == LayoutRule::FxcCTBuffer;
  }
  bool isTight() const { return rule_ == LayoutRule::Scalar || rule_ == LayoutRule::FxcSBuffer; }
  bool isRelaxed() const {
    return rule_ == LayoutRule::RelaxedStd140 || rule_ == LayoutRule::RelaxedStd430 || rule_ == LayoutRule::FxcCTBuffer;
  }
  LaidOutType vectorLayout(ir::Type type);
  LaidOutType matrixLayout(ir::Type type, bool spirvRowMajor, uint32_t* stride);
  LaidOutType structLayout(ir::Type type);
  LaidOutType computeStructLayout(ir::Type type);

  ir::Context& cx_;
  LayoutRule rule_;
  bool rowMajorDefault_;
  // Laid-out structs by type index (a struct's layout depends on nothing else): a struct tree
  // reaches each struct by exponentially many paths (S1 { S0 a, b, c; } ... S15).
  std::unordered_map<uint32_t, LaidOutType> structs_;
};

uint32_t roundUp(uint32_t value, uint32_t alignment);

}  // namespace sl::passes
