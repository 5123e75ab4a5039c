// The intrinsic and resource-method table, generated at build time from hlsl-intrinsics.tsv
// (schema: hlsl-semantics.md §6.3), decoded into rows the Sema matcher (§2.7) walks in try order.
#pragma once

#include "core/frontend/AST.h"
#include "core/frontend/Types.h"

#include <string>
#include <string_view>
#include <vector>

namespace sl::frontend {

// Special tmatch/cmatch values (non-negative values are parameter indices, 0 = return).
constexpr int kMatchObjectT = -1;       // the object's template type
constexpr int kMatchObjectTElt0 = -2;   // first element type of the object's template type
constexpr int kMatchFuncT = -3;         // the explicit template argument (Load<T>)
constexpr int kMatchFuncT2 = -4;
constexpr int kMatchNone = -5;

enum class IntrinsicShape : uint8_t {
  Scalar, Vector, Matrix, Any, Array, AnyArray, Object, Void, Varargs, FromObject, FromTemplateArg,
};

struct IntrinsicParam {
  ParamDirection direction = ParamDirection::In;
  bool rowMajor = false, colMajor = false, groupShared = false;
  IntrinsicShape shape = IntrinsicShape::Scalar;
  std::string component;   // component class ("float_like", "uint_only", "sampler", ...)
  std::string rows, cols;  // "1".."4", symbolic "r", "c", "r2", "c2", or "-"
  int templateGroup = 0;
  int componentGroup = 0;
  std::string name;
};

struct IntrinsicRow {
  std::string space;  // "Intrinsics", "DxIntrinsics", "VkIntrinsics", "<Object>Methods"
  std::string name;
  int arity = 0;
  int tryOrder = 0;
  std::string minShaderModel;
  std::string attributes;
  std::string opcode;
  IntrinsicParam result;
  std::vector<IntrinsicParam> params;
  bool hidden() const { return attributes.find("hidden") != std::string::npos; }
};

// Rows of `space` named `name` (every arity), in table order (namespace, name, arity, try_order).
std::vector<const IntrinsicRow*> findIntrinsics(std::string_view space, std::string_view name);
// Whether any row of `space` has this name (to tell "no such method" from "no matching overload").
bool hasIntrinsic(std::string_view space, std::string_view name);
size_t intrinsicRowCount();

// Component classes of hlsl-semantics.md §6.2.
struct ComponentClass {
  bool known = false;
  bool strict = false;      // no fallback to the first type when the unified type is not listed
  bool isObject = false;    // sampler, Texture2D, udt, string, ...
  std::vector<ScalarKind> kinds;  // accepted element kinds; kinds[0] is the fallback
};
const ComponentClass& componentClass(std::string_view name);

}  // namespace sl::frontend
