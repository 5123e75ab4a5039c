// Memory layouts (Module::layoutOf): explicit where the module decorates offsets and strides,
// else the register form; and the copy plans loads and stores use between the two.
#include <algorithm>

#include "interp/Module.h"

namespace sl::interp {

namespace {

// Above this many runs a node is copied member by member instead of from a flat plan.
constexpr size_t kMaxFlatRuns = 1024;

void appendRun(std::vector<LayoutNode::Run>& runs, uint32_t memory, uint32_t reg, uint32_t size) {
  if (size == 0) return;
  if (!runs.empty()) {
    LayoutNode::Run& last = runs.back();
    if (last.memory + last.size == memory && last.reg + last.size == reg) {
      last.size += size;
      return;
    }
  }
  runs.push_back({memory, reg, size});
}

// Appends the runs of `node` placed at memory offset `memory` and register offset `reg`;
// false when the plan would exceed kMaxFlatRuns.
bool appendRuns(const Module& m, const LayoutNode& node, uint32_t memory, uint32_t reg, std::vector<LayoutNode::Run>& runs) {
  if (runs.size() > kMaxFlatRuns) return false;
  const Type& t = m.type(node.type);
  switch (t.kind) {
    case TypeKind::Struct: {
      uint32_t regAt = 0;
      for (size_t i = 0; i < node.children.size(); ++i) {
        if (!appendRuns(m, m.layout(node.children[i]), memory + node.offsets[i], reg + regAt, runs)) return false;
        regAt += m.type(t.members[i]).size;
      }
      return true;
    }
    case TypeKind::Array: {
      const LayoutNode& element = m.layout(node.children[0]);
      const uint32_t elementRegSize = m.type(t.element).size;
      for (uint32_t i = 0; i < t.count; ++i)
        if (!appendRuns(m, element, memory + i * node.stride, reg + i * elementRegSize, runs)) return false;
      return true;
    }
    case TypeKind::Matrix: {
      const Type& column = m.type(t.element);
      const uint32_t componentSize = m.type(column.element).size;
      if (!node.rowMajor) {
        for (uint32_t c = 0; c < t.count; ++c) appendRun(runs, memory + c * node.stride, reg + c * column.size, column.size);
      } else {
        for (uint32_t c = 0; c < t.count; ++c)
          for (uint32_t r = 0; r < column.count; ++r)
            appendRun(runs, memory + r * node.stride + c * componentSize, reg + c * column.size + r * componentSize, componentSize);
      }
      return runs.size() <= kMaxFlatRuns;
    }
    case TypeKind::RuntimeArray:
      return true;  // never copied as a whole
    case TypeKind::Vector: {
      const uint32_t componentSize = m.type(t.element).size;
      for (uint32_t i = 0; i < t.count; ++i) appendRun(runs, memory + i * node.stride, reg + i * componentSize, componentSize);
      return true;
    }
    default:
      appendRun(runs, memory, reg, t.size);
      return true;
  }
}

}  // namespace

uint32_t Module::layoutOf(uint32_t typeId, uint32_t matrixStride, bool rowMajor) {
  const Type& t = types[typeId];
  // Matrices take a stride and majorness from their member; a vector takes a component stride
  // when it is a column of a row-major matrix (its components lie one matrix stride apart).
  if (t.kind != TypeKind::Matrix && t.kind != TypeKind::Vector) matrixStride = 0, rowMajor = false;
  if (t.kind == TypeKind::Vector) rowMajor = false;
  const auto key = std::make_tuple(typeId, matrixStride, rowMajor);
  if (auto it = layoutIndex_.find(key); it != layoutIndex_.end()) return it->second;
  if (layouts.empty()) layouts.emplace_back();

  LayoutNode node;
  node.type = typeId;
  switch (t.kind) {
    case TypeKind::Vector:
      node.children = {layoutOf(t.element)};
      node.stride = matrixStride ? matrixStride : types[t.element].size;
      node.explicitLayout = matrixStride != 0;
      node.size = (t.count - 1) * node.stride + types[t.element].size;
      break;
    case TypeKind::Matrix: {
      const Type& column = types[t.element];
      const uint32_t componentSize = types[column.element].size;
      node.rowMajor = rowMajor;
      node.explicitLayout = matrixStride != 0;
      node.stride = matrixStride ? matrixStride : (rowMajor ? t.count * componentSize : column.size);
      // A column of a row-major matrix is a vector whose components lie a matrix stride apart.
      node.children = {rowMajor ? layoutOf(t.element, node.stride) : layoutOf(t.element)};
      node.size = rowMajor ? (column.count - 1) * node.stride + t.count * componentSize : (t.count - 1) * node.stride + column.size;
      break;
    }
    case TypeKind::Array:
    case TypeKind::RuntimeArray: {
      const uint32_t element = layoutOf(t.element);
      node.children = {element};
      node.explicitLayout = t.arrayStride != 0 || layouts[element].explicitLayout;
      node.stride = t.arrayStride ? t.arrayStride : layouts[element].size;
      const uint64_t size = t.kind == TypeKind::Array ? uint64_t(node.stride) * t.count : 0;
      node.size = uint32_t(std::min<uint64_t>(size, ~0u));
      break;
    }
    case TypeKind::Struct: {
      bool anyOffset = false;
      for (uint32_t offset : t.memberOffsets) anyOffset |= offset != ~0u;
      node.explicitLayout = anyOffset;
      uint64_t at = 0, end = 0;
      for (size_t i = 0; i < t.members.size(); ++i) {
        const uint32_t child = layoutOf(t.members[i], t.memberMatrixStride[i], t.memberRowMajor[i]);
        node.children.push_back(child);
        const uint32_t offset = anyOffset ? (t.memberOffsets[i] == ~0u ? uint32_t(at) : t.memberOffsets[i]) : uint32_t(at);
        node.offsets.push_back(offset);
        const uint32_t childSize = layouts[child].size;
        at = uint64_t(offset) + childSize;
        end = std::max(end, at);
        node.explicitLayout |= layouts[child].explicitLayout;
      }
      node.size = uint32_t(std::min<uint64_t>(end, ~0u));
      break;
    }
    default:
      node.size = t.size;
      break;
  }
  if (appendRuns(*this, node, 0, 0, node.runs)) {
    node.identity = node.runs.size() == 1 && node.runs[0].memory == 0 && node.runs[0].reg == 0 && node.runs[0].size == t.size;
  } else {
    node.runs.clear();
  }
  if (t.kind == TypeKind::RuntimeArray) node.runs.clear();
  const uint32_t index = uint32_t(layouts.size());
  layouts.push_back(std::move(node));
  layoutIndex_[key] = index;
  return index;
}

}  // namespace sl::interp
