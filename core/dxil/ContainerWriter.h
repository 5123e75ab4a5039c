// Assembles a DXContainer ("DXBC" header, part offsets, parts) from a ShaderRuntimeInfo, in DXC's
// part order: SFI0, ISG1, OSG1, PSV0, RTS0 (when the entry has a root signature), DXIL.
//
// The header digest is left zero: DXC's digest is written by the validator when it accepts a
// container (dxc -Vd leaves it zero too), and nothing here has validated the shader. The DXIL part
// is always present because LLVM's reader needs its shader kind to parse PSV0; it holds the
// bitcode emitDxil passes (core/dxil/bitcode), or only the program header (bitcode size 0).
#pragma once

#include "core/dxil/ContainerParts.h"
#include "core/support/Diagnostic.h"

#include <cstdint>
#include <span>
#include <vector>

namespace sl::dxil {

struct ContainerBuildResult {
  std::vector<uint8_t> bytes;  // empty when diagnostics has errors
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return !hasErrors(diagnostics); }
};

ContainerBuildResult buildContainer(const ShaderRuntimeInfo& info, std::span<const uint8_t> bitcode = {});

// The container of `-T rootsig_1_0|1_1`: the header and one RTS0 part, as DXC writes a root
// signature compiled alone.
std::vector<uint8_t> buildRootSignatureContainer(std::span<const uint8_t> rootSignature);

}  // namespace sl::dxil
