// Hand-built container inputs shared by the dxil unit tests: what an adapter would fill from the
// signature library and the DXIL back end for three small shaders.
#pragma once

#include "core/dxil/container/ContainerParts.h"
#include "core/dxil/container/ContainerReader.h"

#include "llvm/Object/DXContainer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sl::dxil::test {

// cs_6_6 [numthreads(8, 8, 1)]: a cbuffer, a sampler, two SRVs (one an unbounded array in space 2),
// a RWStructuredBuffer with counter, plus a Buffer<float> and a SamplerState taken from the heaps.
ShaderRuntimeInfo computeShaderWithHeaps();

// vs_6_6: float4 POSITION, float2 TEXCOORD0 -> float4 SV_Position, float2 TEXCOORD0 (only .x written).
ShaderRuntimeInfo vertexShader();

// ps_6_6: float4 SV_Position (noperspective, .xy read) -> float4 SV_Target0, float4 SV_Target1.
ShaderRuntimeInfo pixelShader();

SignatureElementRecord element(std::string name, std::vector<uint32_t> indices, SemanticKind kind,
                               SemanticInterpretation interpretation, ComponentType type,
                               InterpolationMode interpolation, uint8_t rows, uint8_t cols, int32_t startRow,
                               int32_t startCol, uint8_t usageMask);

// Builds the container and parses it with LLVM's reader; fails the current test on errors.
struct ReadBack {
  std::vector<uint8_t> bytes;
  std::optional<llvm::object::DXContainer> container;
};
ReadBack buildAndRead(const ShaderRuntimeInfo& info);

// Builds the container and reads it part by part (works for unaligned, validator < 1.7 containers).
struct PartsReadBack {
  std::vector<uint8_t> bytes;
  std::optional<ContainerView> view;
};
PartsReadBack buildAndReadParts(const ShaderRuntimeInfo& info);

// The payload of the first part named `fourCC`, or empty.
std::vector<uint8_t> partData(const std::vector<uint8_t>& container, const char* fourCC);

}  // namespace sl::dxil::test
