// The enumeration and flag names of the HLSL root-signature language with their D3D12 values,
// shared by the parser (name -> value, case-insensitive) and the printer (value -> name).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace sl::dxil::rootsig {

struct NamedValue {
  std::string_view name;
  uint32_t value;
};

std::span<const NamedValue> rootFlagNames();        // ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT, ...
std::span<const NamedValue> descriptorFlagNames();  // DATA_VOLATILE, ... (root descriptors)
std::span<const NamedValue> rangeFlagNames();       // DESCRIPTORS_VOLATILE, ... (descriptor ranges)
std::span<const NamedValue> visibilityNames();      // SHADER_VISIBILITY_ALL, ...
std::span<const NamedValue> addressModeNames();     // TEXTURE_ADDRESS_WRAP, ...
std::span<const NamedValue> comparisonFuncNames();  // COMPARISON_NEVER, ...
std::span<const NamedValue> borderColorNames();     // STATIC_BORDER_COLOR_TRANSPARENT_BLACK, ...

bool equalsIgnoreCase(std::string_view a, std::string_view b);
std::optional<uint32_t> valueOfName(std::span<const NamedValue> names, std::string_view name);
// The name of `value`, or the value in decimal when no name has it.
std::string nameOfValue(std::span<const NamedValue> names, uint32_t value);
// "A | B" for the named bits of `flags` (unnamed bits as a hex number), "0" for none.
std::string flagNames(std::span<const NamedValue> names, uint32_t flags);

// D3D12_FILTER names: FILTER_ + an optional COMPARISON_/MINIMUM_/MAXIMUM_ + a min/mag/mip mode.
std::optional<uint32_t> filterValue(std::string_view name);
std::string filterName(uint32_t value);

}  // namespace sl::dxil::rootsig
