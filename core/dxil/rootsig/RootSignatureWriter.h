// Serializes a root signature as the RTS0 part payload: D3D12's serialized versioned root
// signature, laid out as DXC writes it.
//
// Layout (all little-endian u32 words, every block 4-aligned and placed in this order):
//   header      Version, NumParameters, RootParametersOffset, NumStaticSamplers,
//               StaticSamplersOffset, Flags                                     (24 bytes)
//   parameters  one {ParameterType, ShaderVisibility, PayloadOffset} per parameter (12 each)
//   payloads    per parameter in order: root constants {register, space, count} (12);
//               root descriptor {register, space[, flags in 1.1]} (8 / 12);
//               descriptor table {NumRanges, RangesOffset} (8) directly followed by its ranges
//               {type, count, base register, space[, flags in 1.1], offset} (20 / 24 each)
//   samplers    D3D12_STATIC_SAMPLER_DESC each (13 words, 52 bytes)
// Offsets are from the start of the payload; with no parameters RootParametersOffset is 24, with
// no samplers StaticSamplersOffset is the payload size (DXC reserves empty blocks there).
#pragma once

#include "core/dxil/rootsig/RootSignature.h"

#include <cstdint>
#include <vector>

namespace sl::dxil::rootsig {

std::vector<uint8_t> serializeRootSignature(const RootSignature& signature);

}  // namespace sl::dxil::rootsig
