// The rules DXC checks on a root signature before serializing it (its VerifyRootSignature), in
// its order, stopping at the first broken one: descriptor tables (no samplers mixed with other
// ranges, no empty range, no appended range after an unbounded one, no register or descriptor
// offset overflow), 1.1 flag combinations, the system-reserved register spaces 0xFFFFFFF0..
// 0xFFFFFFFF, overlapping register ranges of one type between parameters and static samplers
// whose visibilities meet, and static sampler limits (mipLODBias in [-16, 15.99], maxAnisotropy
// at most 16, no NaN LOD). The error is placed at the offending clause in the parsed string.
#pragma once

#include "core/dxil/rootsig/RootSignature.h"
#include "core/dxil/rootsig/RootSignatureParser.h"

#include <optional>

namespace sl::dxil::rootsig {

std::optional<RootSignatureError> validateRootSignature(const RootSignature& signature);

}  // namespace sl::dxil::rootsig
