#include "renderer/hal/Format.h"

namespace sl::hal {

uint32_t scalarSize(ScalarType scalar) {
  switch (scalar) {
    case ScalarType::Unknown: return 0;
    case ScalarType::UNorm8: case ScalarType::SNorm8: case ScalarType::UInt8: case ScalarType::SInt8: return 1;
    case ScalarType::UNorm16: case ScalarType::SNorm16: case ScalarType::UInt16: case ScalarType::SInt16:
    case ScalarType::Float16: return 2;
    case ScalarType::UInt32: case ScalarType::SInt32: case ScalarType::Float32: case ScalarType::Depth32Float: return 4;
    case ScalarType::UInt64: case ScalarType::SInt64: case ScalarType::Float64: return 8;
  }
  return 0;
}

uint32_t formatSize(Format format) { return format.valid() ? scalarSize(format.scalar) * format.channels : 0; }

const char* scalarTypeName(ScalarType scalar) {
  switch (scalar) {
    case ScalarType::Unknown: return "unknown";
    case ScalarType::UNorm8: return "unorm8";
    case ScalarType::SNorm8: return "snorm8";
    case ScalarType::UInt8: return "uint8";
    case ScalarType::SInt8: return "sint8";
    case ScalarType::UNorm16: return "unorm16";
    case ScalarType::SNorm16: return "snorm16";
    case ScalarType::UInt16: return "uint16";
    case ScalarType::SInt16: return "sint16";
    case ScalarType::Float16: return "float16";
    case ScalarType::UInt32: return "uint32";
    case ScalarType::SInt32: return "sint32";
    case ScalarType::Float32: return "float32";
    case ScalarType::UInt64: return "uint64";
    case ScalarType::SInt64: return "sint64";
    case ScalarType::Float64: return "float64";
    case ScalarType::Depth32Float: return "depth32float";
  }
  return "unknown";
}

std::string formatName(Format format) {
  if (!format.valid()) return "UNKNOWN";
  if (format.scalar == ScalarType::Depth32Float) return "D32_FLOAT";
  const char* suffix = "";
  switch (format.scalar) {
    case ScalarType::UNorm8: case ScalarType::UNorm16: suffix = "UNORM"; break;
    case ScalarType::SNorm8: case ScalarType::SNorm16: suffix = "SNORM"; break;
    case ScalarType::UInt8: case ScalarType::UInt16: case ScalarType::UInt32: case ScalarType::UInt64: suffix = "UINT"; break;
    case ScalarType::SInt8: case ScalarType::SInt16: case ScalarType::SInt32: case ScalarType::SInt64: suffix = "SINT"; break;
    case ScalarType::Float16: case ScalarType::Float32: case ScalarType::Float64: suffix = "FLOAT"; break;
    default: break;
  }
  const std::string bits = std::to_string(scalarSize(format.scalar) * 8);
  static const char kChannels[] = "RGBA";
  std::string name;
  for (int i = 0; i < format.channels; ++i) name += kChannels[i] + bits;
  return name + "_" + suffix;
}

}  // namespace sl::hal
