#include "core/dxil/container/ContainerWriter.h"

#include "core/dxil/container/ContainerHash.h"

#include "llvm/BinaryFormat/DXContainer.h"

#include <cstring>

namespace sl::dxil {
namespace {

struct Part {
  const char* fourCC;
  std::vector<uint8_t> data;
};

void appendU32(std::vector<uint8_t>& out, uint32_t value) {
  const auto* bytes = reinterpret_cast<const uint8_t*>(&value);
  out.insert(out.end(), bytes, bytes + sizeof(value));
}

// Header, offset table and parts; the caller has checked that the total fits in 32 bits.
std::vector<uint8_t> assemble(const std::vector<Part>& parts, size_t total) {
  llvm::dxbc::Header header;
  std::memset(&header, 0, sizeof(header));
  std::memcpy(header.Magic, "DXBC", 4);
  header.Version = {1, 0};
  header.FileSize = static_cast<uint32_t>(total);
  header.PartCount = static_cast<uint32_t>(parts.size());

  std::vector<uint8_t> out;
  out.reserve(total);
  const auto* headerBytes = reinterpret_cast<const uint8_t*>(&header);
  out.insert(out.end(), headerBytes, headerBytes + sizeof(header));
  uint32_t offset = static_cast<uint32_t>(sizeof(header) + parts.size() * sizeof(uint32_t));
  for (const Part& part : parts) {
    appendU32(out, offset);
    offset += static_cast<uint32_t>(sizeof(llvm::dxbc::PartHeader) + part.data.size());
  }
  for (const Part& part : parts) {
    out.insert(out.end(), part.fourCC, part.fourCC + 4);
    appendU32(out, static_cast<uint32_t>(part.data.size()));
    out.insert(out.end(), part.data.begin(), part.data.end());
  }
  return out;
}

size_t containerSize(const std::vector<Part>& parts) {
  size_t total = sizeof(llvm::dxbc::Header) + parts.size() * sizeof(uint32_t);
  for (const Part& part : parts) total += sizeof(llvm::dxbc::PartHeader) + part.data.size();
  return total;
}

}  // namespace

std::vector<uint8_t> buildRootSignatureContainer(std::span<const uint8_t> rootSignature,
                                                 const ContainerWriteOptions& options) {
  std::vector<Part> parts;
  parts.push_back({"RTS0", std::vector<uint8_t>(rootSignature.begin(), rootSignature.end())});
  std::vector<uint8_t> bytes = assemble(parts, containerSize(parts));
  if (options.digest) signContainer(bytes);
  return bytes;
}

ContainerBuildResult buildContainer(const ShaderRuntimeInfo& info, std::span<const uint8_t> bitcode,
                                    const ContainerWriteOptions& options) {
  ContainerBuildResult result;
  result.diagnostics = checkRuntimeInfo(info);
  if (!result.ok()) return result;

  std::vector<Part> parts;
  parts.push_back({"SFI0", writeFeatureInfoPart(info)});
  parts.push_back({"ISG1", writeInputSignaturePart(info)});
  parts.push_back({"OSG1", writeOutputSignaturePart(info)});
  parts.push_back({"PSV0", writePipelineStatePart(info)});
  if (!info.rootSignature.empty()) parts.push_back({"RTS0", info.rootSignature});
  // DXC writes HASH from validator 1.5 on (bSupportsShaderHash).
  const bool shaderHash = info.validatorMajor > 1 || (info.validatorMajor == 1 && info.validatorMinor >= 5);
  if (shaderHash) parts.push_back({"HASH", writeShaderHashPart(bitcode)});
  parts.push_back({"DXIL", writeProgramPart(info, bitcode)});

  const size_t total = containerSize(parts);
  if (total > 0xFFFFFFFFu) {
    result.diagnostics.push_back(Diagnostic::error({}, "container would exceed 4 GiB"));
    return result;
  }
  result.bytes = assemble(parts, total);
  if (options.digest) signContainer(result.bytes);
  return result;
}

}  // namespace sl::dxil
