// Watch expressions in HLSL syntax, parsed once and evaluated at any stop: literals (42, 0x2a,
// 3u, 1.5, 2e3f, true), names, ( ), unary - + ! ~, binary * / % + - << >> < <= > >= == != & ^ |
// && ||, member access (s.a), swizzles (v.xy, c.rgb) and indexing (a[i], m[1][0]). Vectors
// compute per component with scalars broadcast; ints and floats mix as HLSL's usual
// conversions say. Errors are values with the 1-based column they point at.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interp/debug/Value.h"

namespace sl::interp::debug {

struct Expr {
  enum class Kind : uint8_t { Literal, Name, Unary, Binary, Member, Index };
  Kind kind = Kind::Literal;
  std::string text;  // Name: the name; Unary/Binary: the operator; Member: the member or swizzle
  Value literal;
  std::vector<std::unique_ptr<Expr>> operands;
  uint32_t column = 1;  // where it starts in the source text (1-based)
};

struct ExprError {
  uint32_t column = 1;
  std::string message;
};

struct ParsedExpr {
  std::unique_ptr<Expr> expr;  // null on error
  ExprError error;
};
ParsedExpr parseExpression(std::string_view text);

// Resolves a name to its value at the stop (nullopt: no such name).
using NameLookup = std::function<std::optional<Value>(const std::string& name)>;

struct EvalResult {
  std::optional<Value> value;  // nullopt on error
  ExprError error;
};
EvalResult evaluate(const Expr& expr, const NameLookup& lookup);

// Every name an expression reads (for "unknown name" checks before evaluating).
void namesOf(const Expr& expr, std::vector<const Expr*>& names);

}  // namespace sl::interp::debug
