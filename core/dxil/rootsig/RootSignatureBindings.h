// The validator's check of a shader against its root signature (DXC's VerifyShader): every
// resource the shader binds lies wholly inside one register range of its type and space that is
// visible to the shader's stage; a register reached through a root SRV/UAV descriptor holds a raw
// or structured buffer (no textures, typed buffers or counters: a root descriptor is a bare GPU
// address); and a stage the root signature denies root access binds nothing.
#pragma once

#include "core/dxil/rootsig/RootSignature.h"

#include <optional>
#include <span>
#include <string>

namespace sl::dxil::rootsig {

struct ShaderResourceBinding {
  std::string name;
  RangeType type = RangeType::SRV;  // the register class: t SRV, u UAV, b CBV, s Sampler
  uint32_t space = 0;
  uint32_t lowerBound = 0;
  uint32_t count = 1;                // kUnbounded: DXC checks only the first register then
  bool rawOrStructured = false;      // SRV/UAV: a ByteAddressBuffer or StructuredBuffer kind
  bool hasCounter = false;           // UAV: a structured buffer with a hidden counter
};

// `stage` is the entry's visibility (Pixel, Vertex, ...; All for compute). The first problem, or
// nullopt when the root signature covers the shader.
std::optional<std::string> checkShaderBindings(const RootSignature& signature, Visibility stage,
                                               std::span<const ShaderResourceBinding> bindings);

}  // namespace sl::dxil::rootsig
