// Reads a DXContainer part by part with LLVM 19's part parsers (Signature, PSVRuntimeInfo).
//
// Why not llvm::object::DXContainer::create alone: containers for validators before 1.7 may have
// parts of unaligned size (DXC writes ISG1/OSG1 unpadded there), and LLVM 19's PSV0 parser aligns
// its string-table cursor by memory address rather than by offset in the part, so it misreads
// PSV0 in such containers. Here PSV0 is parsed from a 4-aligned copy of its bytes, which gives
// the same result as LLVM's reader on aligned containers and the right one on unaligned ones.
#pragma once

#include "core/dxil/container/ContainerHash.h"
#include "core/dxil/rootsig/RootSignature.h"

#include "llvm/BinaryFormat/DXContainer.h"
#include "llvm/Object/DXContainer.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sl::dxil {

struct ContainerPartInfo {
  std::string name;  // the FourCC
  uint32_t offset = 0;  // of the part header, from the start of the container
  uint32_t size = 0;    // of the payload
};

struct ContainerView {
  llvm::dxbc::Header header{};
  std::vector<ContainerPartInfo> parts;
  std::optional<uint64_t> featureFlags;
  // The header digest the bytes hash to (containerDigest); compare with header.FileHash.
  Digest computedDigest{};
  std::optional<llvm::dxbc::ProgramHeader> program;
  // The bitcode of the DXIL and ILDB parts (empty when absent or out of bounds); views of `bytes`.
  std::span<const uint8_t> programBitcode;
  std::span<const uint8_t> debugBitcode;
  // HASH, when present (20 bytes or more: Flags, Digest).
  std::optional<llvm::dxbc::ShaderHash> shaderHash;
  llvm::object::DirectX::Signature inputSignature;
  llvm::object::DirectX::Signature outputSignature;
  std::optional<llvm::object::DirectX::PSVRuntimeInfo> psv;
  // RTS0, decoded (rootsig::readRootSignature); a malformed RTS0 makes the container unreadable.
  std::optional<rootsig::RootSignature> rootSignature;
  // Backing store of `psv` (its views point into it).
  std::shared_ptr<std::vector<uint32_t>> psvCopy;
};

// Parses `bytes` (which must outlive the view: signatures point into it). On malformed input
// returns nullopt and sets `error` to LLVM's or our message.
std::optional<ContainerView> readContainer(std::span<const uint8_t> bytes, std::string& error);

}  // namespace sl::dxil
