#include "core/passes/Layout.h"

#include <spirv/unified1/spirv.hpp>

#include <algorithm>
#include <optional>

namespace sl::passes {

uint32_t roundUp(uint32_t value, uint32_t alignment) {
  if (alignment <= 1) return value;
  return (value + alignment - 1) / alignment * alignment;
}

static uint32_t scalarSize(const ir::Context& cx, ir::Type t) {
  const ir::TypeDef& d = cx.def(t);
  if (d.kind == ir::TypeKind::Bool) return 4;
  return std::max<uint32_t>(1, d.width / 8);
}

// Vulkan's "improper straddle": a vector crossing a 16-byte boundary (or, when larger than 16
// bytes, not starting on one).
static bool improperStraddle(uint32_t offset, uint32_t size) {
  if (size <= 16) return offset / 16 != (offset + size - 1) / 16;
  return offset % 16 != 0;
}

LaidOutType LayoutBuilder::vectorLayout(ir::Type type) {
  const ir::TypeDef& d = cx_.def(type);
  if (d.kind != ir::TypeKind::Vector) {
    uint32_t s = scalarSize(cx_, type);
    return {type, s, s};
  }
  const uint32_t s = scalarSize(cx_, d.element);
  const uint32_t size = s * d.count;
  const uint32_t align = isTight() ? s : (d.count == 3 ? 4 : d.count) * s;
  return {type, size, align};
}

// A matrix is a sequence of "storage vectors": SPIR-V RowMajor (HLSL column_major) stores the
// C HLSL columns, each of R components; ColMajor stores the R rows of C components.
LaidOutType LayoutBuilder::matrixLayout(ir::Type type, bool spirvRowMajor, uint32_t* strideOut) {
  const ir::TypeDef& d = cx_.def(type);
  const ir::TypeDef& col = cx_.def(d.element);
  const uint32_t rows = d.count, cols = col.count;  // HLSL rows x cols
  const uint32_t s = scalarSize(cx_, col.element);
  const uint32_t vecLen = spirvRowMajor ? rows : cols;
  const uint32_t vecCount = spirvRowMajor ? cols : rows;
  uint32_t vecAlign = isTight() ? s : (vecLen == 3 ? 4 : vecLen) * s;
  const uint32_t vecSize = vecLen * s;
  if (isStd140Family()) vecAlign = roundUp(vecAlign, 16);
  uint32_t stride = isTight() ? vecSize : roundUp(vecSize, vecAlign);
  uint32_t size = stride * vecCount;
  if (rule_ == LayoutRule::FxcCTBuffer && vecCount >= 2) {
    stride = 16;
    vecAlign = 16;
    size = 16 * (vecCount - 1) + vecSize;
  }
  if (strideOut) *strideOut = stride;
  return {type, size, vecAlign};
}

uint32_t LayoutBuilder::matrixStride(ir::Type type, bool spirvRowMajor) {
  while (cx_.def(type).kind == ir::TypeKind::Array || cx_.def(type).kind == ir::TypeKind::RuntimeArray)
    type = cx_.def(type).element;
  if (cx_.def(type).kind != ir::TypeKind::Matrix) return 0;
  uint32_t stride = 0;
  matrixLayout(type, spirvRowMajor, &stride);
  return stride;
}

ir::StructMember LayoutBuilder::bufferDataMember(std::string name, ir::Type element) {
  const ir::Type array = layout(cx_.runtimeArrayType(element)).type;
  ir::StructMember member{std::move(name), array, {{spv::DecorationOffset, {0}}}};
  if (const uint32_t stride = matrixStride(array, !rowMajorDefault_)) {
    member.decorations.push_back({rowMajorDefault_ ? uint32_t(spv::DecorationColMajor) : uint32_t(spv::DecorationRowMajor), {}});
    member.decorations.push_back({spv::DecorationMatrixStride, {stride}});
  }
  return member;
}

LaidOutType LayoutBuilder::structLayout(ir::Type type) {
  if (auto it = structs_.find(type.index); it != structs_.end()) return it->second;
  const LaidOutType laid = computeStructLayout(type);
  structs_.emplace(type.index, laid);
  return laid;
}

LaidOutType LayoutBuilder::computeStructLayout(ir::Type type) {
  ir::TypeDef d = cx_.def(type);
  uint32_t offset = 0, maxAlign = 1, maxScalar = 1;
  for (ir::StructMember& m : d.members) {
    int major = -1;
    std::optional<uint32_t> explicitOffset;
    std::vector<ir::Decoration> kept;
    for (const ir::Decoration& dec : m.decorations) {
      if (dec.kind == spv::DecorationRowMajor) major = 1;
      else if (dec.kind == spv::DecorationColMajor) major = 0;
      else if (dec.kind == spv::DecorationOffset && !dec.operands.empty()) { explicitOffset = dec.operands[0]; continue; }
      else if (dec.kind == spv::DecorationMatrixStride) continue;
      kept.push_back(dec);
    }
    const bool rowMajor = major < 0 ? !rowMajorDefault_ : major == 1;
    LaidOutType member = layout(m.type, rowMajor ? 1 : 0);
    uint32_t at;
    const ir::TypeDef& md = cx_.def(m.type);
    if (explicitOffset) {
      at = *explicitOffset;
    } else if (isRelaxed() && (md.kind == ir::TypeKind::Vector || md.kind == ir::TypeKind::Int ||
                               md.kind == ir::TypeKind::Float || md.kind == ir::TypeKind::Bool)) {
      const uint32_t elem = md.kind == ir::TypeKind::Vector ? scalarSize(cx_, md.element) : scalarSize(cx_, m.type);
      at = roundUp(offset, elem);
      if (improperStraddle(at, member.size)) at = roundUp(at, 16);
    } else {
      at = roundUp(offset, member.alignment);
    }
    m.type = member.type;
    kept.push_back({spv::DecorationOffset, {at}});
    const uint32_t mstride = matrixStride(m.type, rowMajor);
    if (mstride) {
      if (major < 0) kept.push_back({rowMajor ? uint32_t(spv::DecorationRowMajor) : uint32_t(spv::DecorationColMajor), {}});
      kept.push_back({spv::DecorationMatrixStride, {mstride}});
    }
    m.decorations = std::move(kept);
    offset = at + member.size;
    maxAlign = std::max(maxAlign, member.alignment);
    ir::Type leaf = m.type;
    while (true) {
      const ir::TypeDef& ld = cx_.def(leaf);
      if (ld.kind == ir::TypeKind::Array || ld.kind == ir::TypeKind::RuntimeArray || ld.kind == ir::TypeKind::Vector ||
          ld.kind == ir::TypeKind::Matrix) leaf = ld.element;
      else break;
    }
    if (cx_.def(leaf).kind != ir::TypeKind::Struct) maxScalar = std::max(maxScalar, scalarSize(cx_, leaf));
  }
  uint32_t align = isStd140Family() ? roundUp(maxAlign, 16) : maxAlign;
  if (isTight()) align = maxAlign;
  uint32_t size = rule_ == LayoutRule::FxcCTBuffer ? offset : roundUp(offset, align);
  return {cx_.intern(d), size, align};
}

LaidOutType LayoutBuilder::layout(ir::Type type, int spirvRowMajor) {
  const ir::TypeDef& d = cx_.def(type);  // creating laid-out types below never moves it
  const bool rowMajor = spirvRowMajor < 0 ? !rowMajorDefault_ : spirvRowMajor == 1;
  switch (d.kind) {
    case ir::TypeKind::Bool:
    case ir::TypeKind::Int:
    case ir::TypeKind::Float:
    case ir::TypeKind::Vector:
      return vectorLayout(type);
    case ir::TypeKind::Matrix:
      return matrixLayout(type, rowMajor, nullptr);
    case ir::TypeKind::Array:
    case ir::TypeKind::RuntimeArray: {
      LaidOutType elem = layout(d.element, spirvRowMajor);
      uint32_t align = isStd140Family() ? roundUp(elem.alignment, 16) : elem.alignment;
      uint32_t stride = roundUp(elem.size, align);
      ir::Type t = d.kind == ir::TypeKind::Array
                       ? (d.lengthConst.valid() ? cx_.arrayTypeWithLength(elem.type, d.lengthConst, stride)
                                                : cx_.arrayType(elem.type, d.count, stride))
                       : cx_.runtimeArrayType(elem.type, stride);
      uint32_t size = d.kind == ir::TypeKind::Array ? stride * d.count : 0;
      if (rule_ == LayoutRule::FxcCTBuffer && d.kind == ir::TypeKind::Array && d.count > 0)
        size = stride * (d.count - 1) + elem.size;
      return {t, size, align};
    }
    case ir::TypeKind::Struct:
      return structLayout(type);
    default:
      return {type, 4, 4};
  }
}

}  // namespace sl::passes
