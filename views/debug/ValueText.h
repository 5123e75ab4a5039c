// How the debug view writes a value in the format the panel's toggle picks: "float" (each scalar
// as its type: 1.5, -3, true), "int" (each scalar's bits as a signed decimal integer, so a float
// shows the integer its bits spell) or "hex" (the bits, 0x...).
#pragma once

#include "interp/debug/Value.h"

#include <string>

namespace sl::views {

enum class NumberFormat { Natural, Int, Hex };

const char* numberFormatName(NumberFormat format);  // "float", "int", "hex"
bool parseNumberFormat(const std::string& name, NumberFormat& out);

std::string valueText(const interp::debug::Value& value, NumberFormat format);

// Whether a value has parts to expand (vector, matrix, array, struct with elements).
bool hasParts(const interp::debug::Value& value);
// The label of part `index`: "[2]", ".x" for a vector, "row 1" for a matrix, the member name.
std::string partLabel(const interp::debug::Value& value, size_t index);

}  // namespace sl::views
