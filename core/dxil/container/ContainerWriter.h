// Assembles a DXContainer ("DXBC" header, part offsets, parts) from a ShaderRuntimeInfo, in DXC's
// part order (DxilContainerAssembler's SerializeDxilContainerForModule): SFI0, ISG1, OSG1, PSV0,
// RTS0 (when the entry has a root signature), HASH (validator >= 1.5), DXIL. DXC's order for the
// parts we do not write: PSG1 after OSG1, ILDB/STAT/ILDN before HASH, PRIV last.
//
// HASH is MD5 of the DXIL part's bitcode with Flags 0, DXC's default (-Zsb) form. The header
// digest is the DXBC checksum of the bytes from offset 20 (ContainerHash.h), which DXC's validator
// writes after validating and D3D12 checks before accepting a container. We write it unless
// `ContainerWriteOptions::digest` is off (-Vd, where DXC's container stays unsigned too): nothing
// here is dxil.dll, so a written digest says "these bytes are intact", not "DXC validated this"
// (docs/dxil.md, "Digests"). The DXIL part is always present because LLVM's reader needs its
// shader kind to parse PSV0; it holds the bitcode emitDxil passes (core/dxil/bitcode), or only the
// program header (bitcode size 0).
#pragma once

#include "core/dxil/container/ContainerParts.h"
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

struct ContainerWriteOptions {
  bool digest = true;  // write the header digest (false: zero, as DXC's -Vd leaves it)
};

ContainerBuildResult buildContainer(const ShaderRuntimeInfo& info, std::span<const uint8_t> bitcode = {},
                                    const ContainerWriteOptions& options = {});

// The container of `-T rootsig_1_0|1_1`: the header and one RTS0 part, as DXC writes a root
// signature compiled alone. DXC's validator signs it too (validator >= 1.5, without -Vd); no HASH.
std::vector<uint8_t> buildRootSignatureContainer(std::span<const uint8_t> rootSignature,
                                                 const ContainerWriteOptions& options = {});

}  // namespace sl::dxil
