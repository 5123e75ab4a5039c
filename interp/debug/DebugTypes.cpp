#include "interp/debug/DebugTypes.h"

namespace sl::interp::debug {

namespace {

// Bounds against malformed modules: type chains that loop, arrays too large to show.
constexpr int kMaxDepth = 32;
constexpr uint32_t kMaxElements = 4096;

const DebugType* find(const DebugTypes& types, uint32_t type) {
  auto it = types.find(type);
  return it == types.end() ? nullptr : &it->second;
}

std::string nameOf(const DebugTypes& types, uint32_t type, int depth) {
  const DebugType* t = find(types, type);
  if (!t || depth > kMaxDepth) return "";
  switch (t->kind) {
    case DebugType::Kind::Basic: case DebugType::Kind::Composite: case DebugType::Kind::Typedef: return t->name;
    case DebugType::Kind::Vector: {
      const std::string base = nameOf(types, t->base, depth + 1);
      return base.empty() || t->counts.empty() ? "" : base + std::to_string(t->counts[0]);
    }
    case DebugType::Kind::Matrix: {
      // As Value.cpp's typeName: HLSL floatRxC is R SPIR-V columns (vectors) of C components.
      const DebugType* column = find(types, t->base);
      if (!column || column->kind != DebugType::Kind::Vector || column->counts.empty() || t->counts.empty()) return "";
      const std::string component = nameOf(types, column->base, depth + 1);
      return component.empty() ? "" : component + std::to_string(t->counts[0]) + "x" + std::to_string(column->counts[0]);
    }
    case DebugType::Kind::Array: {
      std::string s = nameOf(types, t->base, depth + 1);
      if (s.empty()) return "";
      for (uint32_t count : t->counts) s += "[" + std::to_string(count) + "]";
      return s;
    }
    default: return "";
  }
}

// `dimension` indexes an array's counts: an int[2][3] is 2 elements of int[3].
std::optional<Value> shape(const DebugTypes& types, uint32_t type, size_t dimension, int depth) {
  const DebugType* t = find(types, type);
  if (!t || depth > kMaxDepth) return std::nullopt;
  Value v;
  v.typeName = nameOf(types, type, 0);
  auto repeat = [&](Value::Kind kind, uint32_t count, auto&& element) -> std::optional<Value> {
    if (count > kMaxElements) return std::nullopt;
    v.kind = kind;
    for (uint32_t k = 0; k < count; ++k) {
      std::optional<Value> e = element();
      if (!e) return std::nullopt;
      v.elements.push_back(std::move(*e));
    }
    return v;
  };
  switch (t->kind) {
    case DebugType::Kind::Basic:
      v.opaque = "<uninitialized>";
      return v;
    case DebugType::Kind::Typedef: {
      std::optional<Value> aliased = shape(types, t->base, 0, depth + 1);
      if (aliased) aliased->typeName = t->name;
      return aliased;
    }
    case DebugType::Kind::Vector: case DebugType::Kind::Matrix:
      if (t->counts.empty()) return std::nullopt;
      return repeat(t->kind == DebugType::Kind::Vector ? Value::Kind::Vector : Value::Kind::Matrix, t->counts[0],
                    [&] { return shape(types, t->base, 0, depth + 1); });
    case DebugType::Kind::Array: {
      if (dimension >= t->counts.size()) return std::nullopt;
      const bool last = dimension + 1 == t->counts.size();
      std::optional<Value> a = repeat(Value::Kind::Array, t->counts[dimension], [&] {
        return last ? shape(types, t->base, 0, depth + 1) : shape(types, type, dimension + 1, depth + 1);
      });
      if (a && dimension > 0) {  // an inner dimension's name: the element type and the remaining counts
        a->typeName = nameOf(types, t->base, 0);
        for (size_t d = dimension; d < t->counts.size(); ++d) a->typeName += "[" + std::to_string(t->counts[d]) + "]";
      }
      return a;
    }
    case DebugType::Kind::Composite: {
      std::optional<Value> s = repeat(Value::Kind::Struct, uint32_t(t->members.size()), [&, k = size_t(0)]() mutable {
        return shape(types, t->members[k++], 0, depth + 1);
      });
      if (s) s->memberNames = t->memberNames;
      return s;
    }
    default: return std::nullopt;
  }
}

void rename(const DebugTypes& types, uint32_t type, Value& value, int depth) {
  const DebugType* t = find(types, type);
  if (!t || depth > kMaxDepth) return;
  switch (t->kind) {
    case DebugType::Kind::Typedef:
      rename(types, t->base, value, depth + 1);
      value.typeName = t->name;  // the outermost typedef names it
      return;
    case DebugType::Kind::Array: case DebugType::Kind::Vector: case DebugType::Kind::Matrix:
      // Only a single-dimension array's elements are of the element type.
      if (t->kind == DebugType::Kind::Array && t->counts.size() != 1) return;
      for (Value& e : value.elements) rename(types, t->base, e, depth + 1);
      return;
    case DebugType::Kind::Composite:
      if (value.kind != Value::Kind::Struct) return;
      for (size_t k = 0; k < t->members.size() && k < value.elements.size(); ++k) rename(types, t->members[k], value.elements[k], depth + 1);
      return;
    default: return;
  }
}

}  // namespace

std::string debugTypeName(const DebugTypes& types, uint32_t type) { return nameOf(types, type, 0); }

std::optional<Value> uninitializedValue(const DebugTypes& types, uint32_t type) { return shape(types, type, 0, 0); }

void applyTypedefNames(const DebugTypes& types, uint32_t type, Value& value) { rename(types, type, value, 0); }

}  // namespace sl::interp::debug
