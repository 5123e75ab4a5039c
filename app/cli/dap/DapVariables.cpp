#include "app/cli/dap/DapVariables.h"

#include <cctype>

#include "app/cli/dap/DapTransport.h"

namespace sl::cli::dap {

using interp::debug::Value;

namespace {

constexpr size_t kMaxDisplay = 200;

// Wraps an expression in parentheses unless it is a plain name or already ends in a member or
// index, so "a + b" grows to "(a + b).x" and "s.v" to "s.v.x".
std::string asOperand(const std::string& expression) {
  bool simple = !expression.empty();
  for (char c : expression) simple = simple && (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '[' || c == ']');
  return simple ? expression : "(" + expression + ")";
}

}  // namespace

std::vector<ValueChild> childrenOf(const Value& value, const std::string& parent) {
  std::vector<ValueChild> children;
  const std::string base = parent.empty() ? "" : asOperand(parent);
  for (size_t k = 0; k < value.elements.size(); ++k) {
    ValueChild child;
    child.value = &value.elements[k];
    switch (value.kind) {
      case Value::Kind::Vector:
        child.name = k < 4 ? std::string(1, "xyzw"[k]) : "[" + std::to_string(k) + "]";
        child.evaluateName = base.empty() ? "" : base + (k < 4 ? "." + child.name : child.name);
        break;
      case Value::Kind::Struct:
        child.name = k < value.memberNames.size() && !value.memberNames[k].empty() ? value.memberNames[k] : "member" + std::to_string(k);
        child.evaluateName = base.empty() ? "" : base + "." + child.name;
        break;
      case Value::Kind::Matrix:
      case Value::Kind::Array:
        child.name = "[" + std::to_string(k) + "]";
        child.evaluateName = base.empty() ? "" : base + child.name;
        break;
      default:
        return {};
    }
    children.push_back(std::move(child));
  }
  return children;
}

std::string displayValue(const Value& value, interp::debug::Format format) {
  std::string text = interp::debug::formatValue(value, format);
  if (text.size() > kMaxDisplay) text = text.substr(0, kMaxDisplay) + "...}";
  return jsonText(std::move(text));
}

int64_t VariableTable::addScope(VariableScope scope) {
  Entry e;
  e.scope = scope;
  entries_.push_back(std::move(e));
  return int64_t(entries_.size());
}

int64_t VariableTable::addValue(const Value& value, const std::string& evaluateName) {
  if (value.isScalar() || value.elements.empty()) return 0;
  Entry e;
  e.value = value;
  e.evaluateName = evaluateName;
  entries_.push_back(std::move(e));
  return int64_t(entries_.size());
}

const VariableTable::Entry* VariableTable::find(int64_t reference) const {
  if (reference < 1 || size_t(reference) > entries_.size()) return nullptr;
  return &entries_[size_t(reference - 1)];
}

llvm::json::Object VariableTable::variable(const std::string& name, const std::string& type, const Value& value,
                                           const std::string& evaluateName, interp::debug::Format format) {
  llvm::json::Object v{{"name", jsonText(name)},
                       {"value", displayValue(value, format)},
                       {"type", jsonText(type.empty() ? value.typeName : type)},
                       {"variablesReference", addValue(value, evaluateName)}};
  if (!evaluateName.empty()) v["evaluateName"] = jsonText(evaluateName);
  // Clients page through long arrays ("filter": "indexed" with start and count).
  if (value.kind == Value::Kind::Array) v["indexedVariables"] = int64_t(value.elements.size());
  return v;
}

}  // namespace sl::cli::dap
