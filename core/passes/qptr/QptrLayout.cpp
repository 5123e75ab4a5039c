#include "core/passes/qptr/QptrLayout.h"

#include <spirv/unified1/spirv.hpp>

#include <algorithm>

namespace sl::qptr {

using namespace sl::ir;

const char* layoutKindName(LayoutKind kind) {
  switch (kind) {
    case LayoutKind::Scalar: return "scalar";
    case LayoutKind::Standard: return "standard";
    case LayoutKind::Extended: return "extended";
  }
  return "?";
}

std::optional<LayoutKind> parseLayoutKind(const std::string& name) {
  if (name == "scalar") return LayoutKind::Scalar;
  if (name == "standard") return LayoutKind::Standard;
  if (name == "extended") return LayoutKind::Extended;
  return std::nullopt;
}

namespace {
uint32_t roundUp(uint32_t v, uint32_t a) { return a ? (v + a - 1) / a * a : v; }
const Decoration* findDec(const std::vector<Decoration>& ds, uint32_t kind) {
  for (const Decoration& d : ds)
    if (d.kind == kind) return &d;
  return nullptr;
}
}  // namespace

bool Layouts::isHandle(Type type) const {
  switch (cx_.def(type).kind) {
    case TypeKind::Image: case TypeKind::Sampler: case TypeKind::SampledImage: case TypeKind::AccelerationStructure:
      return true;
    default: return false;
  }
}

bool Layouts::isBufferBlock(Type type) const {
  const TypeDef& d = cx_.def(type);
  return d.kind == TypeKind::Struct &&
         (findDec(d.decorations, spv::DecorationBlock) || findDec(d.decorations, spv::DecorationBufferBlock));
}

uint32_t Layouts::alignOf(Type type) const {
  const TypeLayout& l = layoutOf(type);
  return l.align;
}

const TypeLayout& Layouts::layoutOf(Type type, uint32_t matrixStride, bool rowMajor) const {
  // Only matrices (and arrays of them) read the stride and the majorness; other types share one entry.
  const TypeKind k = cx_.def(type).kind;
  if (k != TypeKind::Matrix && k != TypeKind::Array && k != TypeKind::RuntimeArray) matrixStride = 0, rowMajor = false;
  const uint64_t key = uint64_t(type.index) << 33 | uint64_t(matrixStride) << 1 | uint64_t(rowMajor);
  auto it = cache_.find(key);
  if (it != cache_.end()) return it->second;
  TypeLayout l = compute(type, matrixStride, rowMajor);
  return cache_.emplace(key, std::move(l)).first->second;
}

TypeLayout Layouts::compute(Type type, uint32_t matrixStride, bool rowMajor) const {
  TypeLayout l;
  const TypeDef& d = cx_.def(type);
  const bool legacy = config_.kind != LayoutKind::Scalar;
  switch (d.kind) {
    case TypeKind::Bool:
      l.shape = TypeLayout::Shape::Scalar;
      l.size = l.align = config_.boolSize;
      return l;
    case TypeKind::Int: case TypeKind::Float:
      l.shape = TypeLayout::Shape::Scalar;
      l.size = l.align = d.width / 8;
      return l;
    case TypeKind::Pointer: case TypeKind::QPtr:
      l.shape = TypeLayout::Shape::Scalar;
      l.size = l.align = 8;
      return l;
    case TypeKind::Vector: {
      const TypeLayout& e = layoutOf(d.element);
      l.shape = TypeLayout::Shape::Elements;
      l.element = d.element;
      l.stride = e.size;
      l.count = d.count;
      l.size = e.size * d.count;
      l.align = legacy ? e.align * (d.count == 2 ? 2 : 4) : e.align;
      return l;
    }
    case TypeKind::Matrix: {
      const TypeLayout& col = layoutOf(d.element);
      if (rowMajor) {
        l.shape = TypeLayout::Shape::Invalid;
        l.error = "row-major matrix: columns are not contiguous";
        // Still give a size so enclosing offsets work.
      } else {
        l.shape = TypeLayout::Shape::Elements;
      }
      l.element = d.element;
      l.stride = matrixStride ? matrixStride : (legacy ? roundUp(col.size, col.align) : col.size);
      l.count = d.count;
      // Row-major: MatrixStride separates rows (a column's components), so the matrix spans one
      // stride per row: a float4x3 of HLSL (4 SPIR-V columns of 3) is 3 x 16 bytes, not 4 x 16.
      l.size = l.stride * (rowMajor ? cx_.def(d.element).count : d.count);
      l.align = std::max(col.align, config_.kind == LayoutKind::Extended ? 16u : 1u);
      return l;
    }
    case TypeKind::Array: case TypeKind::RuntimeArray: {
      // A member's MatrixStride / RowMajor apply to the matrices of an array of matrices.
      const TypeLayout& e = layoutOf(d.element, matrixStride, rowMajor);
      if (isHandle(d.element) || isBufferBlock(d.element)) {
        l.shape = TypeLayout::Shape::HandleArray;
        l.element = d.element;
        l.count = d.kind == TypeKind::Array ? d.count : 0;
        return l;
      }
      if (d.kind == TypeKind::Array && d.lengthConst.valid()) {
        l.error = "spec-constant array length";
        return l;
      }
      l.shape = TypeLayout::Shape::Elements;
      l.element = d.element;
      uint32_t align = e.align;
      if (config_.kind == LayoutKind::Extended) align = std::max(align, 16u);
      l.stride = d.arrayStride ? d.arrayStride : roundUp(e.size, align);
      l.count = d.kind == TypeKind::Array ? d.count : 0;
      l.size = l.stride * l.count;
      l.align = align;
      if (l.stride == 0) l.shape = TypeLayout::Shape::Invalid, l.error = "zero array stride";
      return l;
    }
    case TypeKind::Struct: {
      l.shape = TypeLayout::Shape::Fields;
      uint32_t offset = 0, align = config_.kind == LayoutKind::Extended ? 16 : 1;
      for (const StructMember& m : d.members) {
        const Decoration* ms = findDec(m.decorations, spv::DecorationMatrixStride);
        const TypeLayout& ml = layoutOf(m.type, ms && !ms->operands.empty() ? ms->operands[0] : 0,
                                       findDec(m.decorations, spv::DecorationRowMajor) != nullptr);
        const Decoration* off = findDec(m.decorations, spv::DecorationOffset);
        uint32_t o = off && !off->operands.empty() ? off->operands[0] : roundUp(offset, ml.align);
        l.offsets.push_back(o);
        l.fieldTypes.push_back(m.type);
        offset = o + ml.size;
        align = std::max(align, ml.align);
      }
      l.align = align;
      l.size = roundUp(offset, align);
      return l;
    }
    case TypeKind::Image: case TypeKind::Sampler: case TypeKind::SampledImage: case TypeKind::AccelerationStructure:
      l.shape = TypeLayout::Shape::Handle;
      return l;
    default:
      l.error = "type has no memory layout";
      return l;
  }
}

}  // namespace sl::qptr
