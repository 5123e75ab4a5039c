#include "views/debug/ValueText.h"

#include <cstdlib>

namespace sl::views {

using interp::debug::Value;

const char* numberFormatName(NumberFormat format) {
  switch (format) {
    case NumberFormat::Natural: return "float";
    case NumberFormat::Int: return "int";
    case NumberFormat::Hex: return "hex";
  }
  return "float";
}

bool parseNumberFormat(const std::string& name, NumberFormat& out) {
  for (NumberFormat f : {NumberFormat::Natural, NumberFormat::Int, NumberFormat::Hex})
    if (name == numberFormatName(f)) {
      out = f;
      return true;
    }
  return false;
}

namespace {

// A scalar's bits as a signed integer of its width (the hex form is the model's own bit pattern).
std::string signedBits(const Value& v) {
  const std::string hex = interp::debug::formatValue(v, interp::debug::Format::Hex);
  uint64_t bits = std::strtoull(hex.c_str(), nullptr, 16);
  const uint32_t width = v.kind == Value::Kind::Bool ? 8 : v.bits;
  if (width < 64 && (bits >> (width - 1)) & 1) bits |= ~uint64_t(0) << width;
  return std::to_string(int64_t(bits));
}

}  // namespace

std::string valueText(const Value& v, NumberFormat format) {
  if (format == NumberFormat::Natural) return interp::debug::formatValue(v, interp::debug::Format::Natural);
  if (format == NumberFormat::Hex) return interp::debug::formatValue(v, interp::debug::Format::Hex);
  if (v.isScalar()) return signedBits(v);
  if (v.kind == Value::Kind::Opaque) return v.opaque;
  std::string s = "{";
  for (size_t k = 0; k < v.elements.size(); ++k) {
    if (k) s += ", ";
    if (v.kind == Value::Kind::Array && k == 64) {
      s += "... (" + std::to_string(v.elements.size()) + " elements)";
      break;
    }
    if (v.kind == Value::Kind::Struct && k < v.memberNames.size()) s += v.memberNames[k] + " = ";
    s += valueText(v.elements[k], format);
  }
  return s + "}";
}

bool hasParts(const Value& v) { return !v.isScalar() && v.kind != Value::Kind::Opaque && !v.elements.empty(); }

std::string partLabel(const Value& v, size_t index) {
  switch (v.kind) {
    case Value::Kind::Vector: return index < 4 ? std::string(".") + "xyzw"[index] : "[" + std::to_string(index) + "]";
    case Value::Kind::Matrix: return "row " + std::to_string(index);
    case Value::Kind::Struct: return index < v.memberNames.size() ? v.memberNames[index] : "[" + std::to_string(index) + "]";
    default: return "[" + std::to_string(index) + "]";
  }
}

}  // namespace sl::views
