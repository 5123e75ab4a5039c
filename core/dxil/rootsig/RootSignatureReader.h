// Reads an RTS0 part payload back into the model (for the `container` stage printer and the
// tests). Every offset and count is checked against the payload, so a malformed part is an
// error, never a read past its end.
#pragma once

#include "core/dxil/rootsig/RootSignature.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace sl::dxil::rootsig {

std::optional<RootSignature> readRootSignature(std::span<const uint8_t> payload, std::string& error);

}  // namespace sl::dxil::rootsig
