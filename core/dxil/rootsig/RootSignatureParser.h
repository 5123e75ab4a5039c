// Parses the HLSL root-signature language ([RootSignature("...")], -rootsig-define, -T rootsig_1_x)
// into the model of RootSignature.h, with DXC's grammar and defaults: keywords are
// case-insensitive, every clause parameter may come in any order and at most once, registers are
// b#/t#/u#/s#, numbers are unsigned 32-bit (a leading '+' allowed), floats take an optional 'f'.
//
// The string is always parsed as root signature 1.1 (as DXC does); for 1.0 a `flags = ...` on a
// root descriptor or a descriptor range is an error, and the writer leaves the flag words out.
// Like DXC, parsing stops at the first error; the error says where in the string it is.
#pragma once

#include "core/dxil/rootsig/RootSignature.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sl::dxil::rootsig {

struct RootSignatureError {
  uint32_t offset = 0;  // byte offset in the parsed string
  uint32_t length = 0;  // of the offending token (0 at the end of the string)
  std::string message;
};

struct ParsedRootSignature {
  RootSignature signature;
  std::optional<RootSignatureError> error;
  bool ok() const { return !error; }
};

ParsedRootSignature parseRootSignature(std::string_view text, Version version);

// "rootsig_1_0" -> 1.0, "rootsig_1_1" -> 1.1, anything else nullopt (the -T and
// -force-rootsig-ver spellings).
std::optional<Version> rootSignatureVersionFromProfile(std::string_view profile);

}  // namespace sl::dxil::rootsig
