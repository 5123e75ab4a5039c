// The variablesReference table of a DAP session (docs/dap.md): the numbers the client passes
// back to expand a scope (a lane's locals or globals) or a structured value (struct, array,
// vector, matrix). They are valid while the program is stopped; every motion clears the table,
// as the protocol allows, so numbering restarts at 1.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "interp/debug/Value.h"
#include "llvm/Support/JSON.h"

namespace sl::cli::dap {

struct VariableScope {
  enum class Kind { Locals, Globals };
  Kind kind = Kind::Locals;
  uint32_t lane = 0;
  uint32_t frame = 0;  // Locals: the call-stack entry (0: the innermost)
};

// One child of a structured value: "x" of a vector, "[2]" of an array or matrix, a member.
struct ValueChild {
  std::string name;
  std::string evaluateName;  // the parent's expression extended (".x", "[2]", ".member")
  const interp::debug::Value* value = nullptr;
};

// The children of `value` (none for a scalar or an opaque value); `parent` is its expression.
std::vector<ValueChild> childrenOf(const interp::debug::Value& value, const std::string& parent);

class VariableTable {
 public:
  struct Entry {
    std::optional<VariableScope> scope;  // a scope, or else a value
    interp::debug::Value value;
    std::string evaluateName;
  };

  int64_t addScope(VariableScope scope);
  // 0 for a value without children (a leaf), else its new reference.
  int64_t addValue(const interp::debug::Value& value, const std::string& evaluateName);
  const Entry* find(int64_t reference) const;
  void clear() { entries_.clear(); }

  // A DAP Variable for `value` named `name` (`type` "" for the value's own type name), with a
  // reference when it has children; `format` Hex for a client that asks for hexadecimal.
  llvm::json::Object variable(const std::string& name, const std::string& type, const interp::debug::Value& value,
                              const std::string& evaluateName, interp::debug::Format format = interp::debug::Format::Natural);

 private:
  std::vector<Entry> entries_;
};

// The one-line form shown beside a name: formatValue, cut short for big arrays.
std::string displayValue(const interp::debug::Value& value, interp::debug::Format format = interp::debug::Format::Natural);

}  // namespace sl::cli::dap
