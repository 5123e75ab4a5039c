#include "interp/debug/Value.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace sl::interp::debug {

namespace {

double halfToDouble(uint16_t h) {
  const int exponent = (h >> 10) & 0x1f;
  const int mantissa = h & 0x3ff;
  const double sign = (h & 0x8000) ? -1.0 : 1.0;
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);
  if (exponent == 31) return mantissa ? std::nan("") : sign * INFINITY;
  return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

// Shortest text that reads back as the same value at the scalar's own width.
std::string formatFloat(double v, uint32_t bits) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char text[64];
  std::to_chars_result r = bits == 64 ? std::to_chars(text, text + sizeof text, v) : std::to_chars(text, text + sizeof text, float(v));
  return std::string(text, r.ptr);
}

std::string hexOf(uint64_t bits, uint32_t width) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%0*llx", int(std::max<uint32_t>(width, 8) / 4), static_cast<unsigned long long>(bits));
  return text;
}

// The binary16 bits of a value that came from one (exact: no rounding is needed).
uint16_t doubleToHalfBits(double v) {
  const uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  if (std::isnan(v)) return 0x7e00;
  v = std::fabs(v);
  if (std::isinf(v) || v >= 65520.0) return sign | 0x7c00;
  if (v < std::ldexp(1.0, -14)) return sign | uint16_t(std::lround(v * std::ldexp(1.0, 24)));  // subnormal
  int exponent = 0;
  const double mantissa = std::frexp(v, &exponent);  // v = mantissa * 2^exponent, mantissa in [0.5, 1)
  const uint32_t bits = uint32_t(std::lround((mantissa * 2 - 1) * 1024));
  return sign | uint16_t(((exponent - 1 + 15) << 10) + bits);
}

uint64_t rawBits(const Value& v) {
  const uint64_t mask = v.bits >= 64 ? ~0ull : ((1ull << v.bits) - 1);
  switch (v.kind) {
    case Value::Kind::Bool: return v.b;
    case Value::Kind::Int: return uint64_t(v.i) & mask;
    case Value::Kind::UInt: return v.u & mask;
    case Value::Kind::Float:
      if (v.bits == 16) return doubleToHalfBits(v.f);
      if (v.bits == 64) {
        uint64_t b;
        std::memcpy(&b, &v.f, 8);
        return b;
      } else {
        const float f = float(v.f);
        uint32_t b;
        std::memcpy(&b, &f, 4);
        return b;
      }
    default: return 0;
  }
}

Value readScalar(const Type& t, const uint8_t* p) {
  switch (t.kind) {
    case TypeKind::Bool: return Value::boolean(load<uint8_t>(p) != 0);
    case TypeKind::Float:
      if (t.width == 16) return Value::floating(halfToDouble(load<uint16_t>(p)), 16);
      if (t.width == 64) return Value::floating(load<double>(p), 64);
      return Value::floating(load<float>(p), 32);
    case TypeKind::Int: {
      uint64_t raw = 0;
      std::memcpy(&raw, p, t.width / 8);
      if (!t.isSigned) return Value::unsignedInt(raw, t.width);
      const int shift = 64 - int(t.width);
      return Value::integer(shift ? int64_t(raw << shift) >> shift : int64_t(raw), t.width);
    }
    default: break;
  }
  Value v;
  v.opaque = "?";
  return v;
}

const std::string* memberName(const MemberNames* names, uint32_t type, size_t member) {
  if (!names || type >= names->size() || member >= (*names)[type].size() || (*names)[type][member].empty()) return nullptr;
  return &(*names)[type][member];
}

Value::Kind aggregateKind(TypeKind k) {
  switch (k) {
    case TypeKind::Vector: return Value::Kind::Vector;
    case TypeKind::Matrix: return Value::Kind::Matrix;
    case TypeKind::Array: return Value::Kind::Array;
    default: return Value::Kind::Struct;
  }
}

}  // namespace

Value Value::boolean(bool v) {
  Value r;
  r.kind = Kind::Bool;
  r.b = v;
  r.typeName = "bool";
  return r;
}
Value Value::integer(int64_t v, uint32_t bits) {
  Value r;
  r.kind = Kind::Int;
  r.bits = bits;
  r.i = v;
  r.typeName = bits == 64 ? "int64_t" : bits == 16 ? "int16_t" : "int";
  return r;
}
Value Value::unsignedInt(uint64_t v, uint32_t bits) {
  Value r;
  r.kind = Kind::UInt;
  r.bits = bits;
  r.u = v;
  r.typeName = bits == 64 ? "uint64_t" : bits == 16 ? "uint16_t" : "uint";
  return r;
}
Value Value::floating(double v, uint32_t bits) {
  Value r;
  r.kind = Kind::Float;
  r.bits = bits;
  r.f = bits == 32 ? double(float(v)) : v;
  r.typeName = bits == 64 ? "double" : bits == 16 ? "half" : "float";
  return r;
}
double Value::asDouble() const {
  switch (kind) {
    case Kind::Bool: return b ? 1 : 0;
    case Kind::Int: return double(i);
    case Kind::UInt: return double(u);
    case Kind::Float: return f;
    default: return 0;
  }
}
int64_t Value::asInt() const {
  switch (kind) {
    case Kind::Bool: return b;
    case Kind::Int: return i;
    case Kind::UInt: return int64_t(u);
    case Kind::Float: return std::isfinite(f) ? int64_t(f) : 0;
    default: return 0;
  }
}
bool Value::truthy() const { return kind == Kind::Float ? f != 0 : asInt() != 0; }

std::string formatValue(const Value& v, Format format) {
  if (format == Format::Hex && v.isScalar()) return hexOf(rawBits(v), v.kind == Value::Kind::Bool ? 8 : v.bits);
  switch (v.kind) {
    case Value::Kind::Bool: return v.b ? "true" : "false";
    case Value::Kind::Int: return std::to_string(v.i);
    case Value::Kind::UInt: return std::to_string(v.u);
    case Value::Kind::Float: return formatFloat(v.f, v.bits);
    case Value::Kind::Opaque: return v.opaque;
    default: break;
  }
  // Long arrays (groupshared tables) show their start; indexing reaches the rest.
  constexpr size_t kShown = 64;
  std::string s = "{";
  for (size_t k = 0; k < v.elements.size(); ++k) {
    if (k) s += ", ";
    if (v.kind == Value::Kind::Array && k == kShown) {
      s += "... (" + std::to_string(v.elements.size()) + " elements)";
      break;
    }
    if (v.kind == Value::Kind::Struct && k < v.memberNames.size()) s += v.memberNames[k] + " = ";
    s += formatValue(v.elements[k], format);
  }
  return s + "}";
}

std::string typeName(const Module& m, uint32_t type) {
  if (type >= m.types.size()) return "?";
  const Type& t = m.type(type);
  switch (t.kind) {
    case TypeKind::Void: return "void";
    case TypeKind::Bool: return "bool";
    case TypeKind::Int:
      return std::string(t.isSigned ? "int" : "uint") + (t.width == 32 ? "" : t.width == 64 ? "64_t" : t.width == 16 ? "16_t" : "8_t");
    case TypeKind::Float: return t.width == 16 ? "half" : t.width == 64 ? "double" : "float";
    case TypeKind::Vector: return typeName(m, t.element) + std::to_string(t.count);
    case TypeKind::Matrix: {
      // HLSL's rows are SPIR-V's columns (DXC's mapping): floatRxC has R SPIR-V columns of C.
      const Type& column = m.type(t.element);
      return typeName(m, column.element) + std::to_string(t.count) + "x" + std::to_string(column.count);
    }
    case TypeKind::Array: return typeName(m, t.element) + "[" + std::to_string(t.count) + "]";
    case TypeKind::RuntimeArray: return typeName(m, t.element) + "[]";
    case TypeKind::Struct: {
      if (type >= m.names.size() || m.names[type].empty()) return "struct";
      // DXC-style front ends name a resource's block type "type.Name".
      const std::string& name = m.names[type];
      return name.rfind("type.", 0) == 0 && name.size() > 5 ? name.substr(5) : name;
    }
    case TypeKind::Pointer: return typeName(m, t.element) + "*";
    default: return "opaque";
  }
}

Value readMemory(const Module& m, uint32_t layout, const uint8_t* bytes, const MemberNames* names) {
  const LayoutNode& node = m.layout(layout);
  const Type& t = m.type(node.type);
  Value v;
  v.typeName = typeName(m, node.type);
  switch (t.kind) {
    case TypeKind::Bool: case TypeKind::Int: case TypeKind::Float: {
      Value s = readScalar(t, bytes);
      s.typeName = v.typeName;
      return s;
    }
    case TypeKind::Vector: case TypeKind::Array: {
      v.kind = aggregateKind(t.kind);
      const uint32_t stride = node.stride ? node.stride : m.type(t.element).size;
      for (uint32_t k = 0; k < t.count; ++k) v.elements.push_back(readMemory(m, node.children[0], bytes + size_t(k) * stride, names));
      return v;
    }
    case TypeKind::Matrix: {
      v.kind = Value::Kind::Matrix;
      const Type& column = m.type(t.element);
      const Type& component = m.type(column.element);
      const uint32_t stride = node.stride ? node.stride : column.size;
      for (uint32_t c = 0; c < t.count; ++c) {
        Value row;
        row.kind = Value::Kind::Vector;
        row.typeName = typeName(m, t.element);
        for (uint32_t r = 0; r < column.count; ++r) {
          const size_t at = node.rowMajor ? size_t(r) * stride + size_t(c) * component.size : size_t(c) * stride + size_t(r) * component.size;
          Value s = readScalar(component, bytes + at);
          row.elements.push_back(s);
        }
        v.elements.push_back(row);
      }
      return v;
    }
    case TypeKind::Struct: {
      v.kind = Value::Kind::Struct;
      for (size_t k = 0; k < node.children.size(); ++k) {
        v.elements.push_back(readMemory(m, node.children[k], bytes + node.offsets[k], names));
        const std::string* name = memberName(names, node.type, k);
        v.memberNames.push_back(name ? *name : "m" + std::to_string(k));
      }
      return v;
    }
    default:
      v.opaque = t.kind == TypeKind::Pointer ? "<pointer>" : t.kind == TypeKind::RuntimeArray ? "<runtime array>" : "<opaque>";
      return v;
  }
}

Value readRegister(const Module& m, uint32_t type, const uint8_t* bytes, const MemberNames* names) {
  const Type& t = m.type(type);
  Value v;
  v.typeName = typeName(m, type);
  switch (t.kind) {
    case TypeKind::Bool: case TypeKind::Int: case TypeKind::Float: {
      Value s = readScalar(t, bytes);
      s.typeName = v.typeName;
      return s;
    }
    case TypeKind::Vector: case TypeKind::Array: case TypeKind::Matrix: {
      v.kind = aggregateKind(t.kind);
      const uint32_t size = m.type(t.element).size;
      for (uint32_t k = 0; k < t.count; ++k) v.elements.push_back(readRegister(m, t.element, bytes + size_t(k) * size, names));
      return v;
    }
    case TypeKind::Struct: {
      v.kind = Value::Kind::Struct;
      size_t at = 0;
      for (size_t k = 0; k < t.members.size(); ++k) {
        v.elements.push_back(readRegister(m, t.members[k], bytes + at, names));
        at += m.type(t.members[k]).size;
        const std::string* name = memberName(names, type, k);
        v.memberNames.push_back(name ? *name : "m" + std::to_string(k));
      }
      return v;
    }
    default:
      v.opaque = t.kind == TypeKind::Pointer ? "<pointer>" : "<opaque>";
      return v;
  }
}

}  // namespace sl::interp::debug
