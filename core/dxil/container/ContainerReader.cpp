#include "core/dxil/container/ContainerReader.h"

#include "core/dxil/rootsig/RootSignatureReader.h"

#include "llvm/Support/Error.h"

#include <cstring>
#include <string>

namespace sl::dxil {
namespace {

template <typename T>
bool readAt(std::span<const uint8_t> bytes, uint64_t offset, T& value) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return false;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return true;
}

// LLVM's views divide by their stride and step through the data by it: a zero stride, one that
// does not divide the data, or one smaller than the record would crash or never reach the end.
template <typename T>
bool wellFormedView(const llvm::object::ViewArray<T>& view, size_t minimumStride) {
  return view.Stride >= minimumStride && view.Data.size() % view.Stride == 0;
}

// LLVM 19's PSVRuntimeInfo::parse reserves the semantic index table from its count before it
// checks the part holds it: a malformed count asked for gigabytes (fuzz_container). Walk the part
// up to that count here (runtime info size, resources, string table; version 1+ layouts only,
// which have the table) and refuse a table the part cannot hold.
std::string checkPSVIndexTable(llvm::StringRef part) {
  size_t at = 0;
  auto word = [&](uint32_t& out) {
    if (part.size() - at < 4) return false;
    std::memcpy(&out, part.data() + at, 4);
    at += 4;
    return true;
  };
  auto skip = [&](uint64_t bytes) {
    if (part.size() - at < bytes) return false;
    at += size_t(bytes);
    return true;
  };
  uint32_t infoSize = 0, resources = 0, stride = 0, strings = 0, indices = 0;
  if (!word(infoSize) || !skip(infoSize) || !word(resources)) return "";  // LLVM reports these itself
  if (resources && (!word(stride) || !skip(uint64_t(resources) * stride))) return "";
  constexpr uint32_t kRuntimeInfoV1Size = 36;  // the first version with a string and index table
  if (infoSize < kRuntimeInfoV1Size || !word(strings) || !skip(strings) || !word(indices)) return "";
  if (uint64_t(indices) * 4 > part.size() - at)
    return "PSV0: the semantic index table has " + std::to_string(indices) + " entries, more than the part's " +
           std::to_string(part.size() - at) + " remaining bytes hold";
  return "";
}

std::string checkPSVViews(const llvm::object::DirectX::PSVRuntimeInfo& psv) {
  namespace PSV = llvm::dxbc::PSV;
  if (!wellFormedView(psv.getResources(), sizeof(PSV::v0::ResourceBindInfo)))
    return "PSV0 resource records have a bad size (" + std::to_string(psv.getResourceStride()) + ")";
  for (const auto& view : {psv.getSigInputElements(), psv.getSigOutputElements(), psv.getSigPatchOrPrimElements()})
    if (!wellFormedView(view, sizeof(PSV::v0::SignatureElement)))
      return "PSV0 signature element records have a bad size (" + std::to_string(view.Stride) + ")";
  return "";
}

}  // namespace

std::optional<ContainerView> readContainer(std::span<const uint8_t> bytes, std::string& error) {
  ContainerView view;
  if (!readAt(bytes, 0, view.header) || std::memcmp(view.header.Magic, "DXBC", 4) != 0) {
    error = "missing DXBC header";
    return std::nullopt;
  }
  if (view.header.FileSize != bytes.size()) {
    error = "header says " + std::to_string(view.header.FileSize) + " bytes, container has " +
            std::to_string(bytes.size());
    return std::nullopt;
  }
  const uint64_t tableEnd = sizeof(llvm::dxbc::Header) + uint64_t(view.header.PartCount) * 4;
  if (tableEnd > bytes.size()) {
    error = "part offset table runs past the end";
    return std::nullopt;
  }
  view.computedDigest = containerDigest(bytes);
  uint64_t previousEnd = tableEnd;
  std::optional<llvm::StringRef> psvData;
  for (uint32_t i = 0; i < view.header.PartCount; ++i) {
    uint32_t offset = 0;
    readAt(bytes, sizeof(llvm::dxbc::Header) + 4 * i, offset);
    llvm::dxbc::PartHeader partHeader;
    if (offset < previousEnd || !readAt(bytes, offset, partHeader) ||
        uint64_t(offset) + sizeof(partHeader) + partHeader.Size > bytes.size()) {
      error = "part " + std::to_string(i) + " at offset " + std::to_string(offset) + " overlaps or runs past the end";
      return std::nullopt;
    }
    previousEnd = uint64_t(offset) + sizeof(partHeader) + partHeader.Size;
    const std::string name = partHeader.getName().str();
    view.parts.push_back({name, offset, partHeader.Size});
    llvm::StringRef data(reinterpret_cast<const char*>(bytes.data()) + offset + sizeof(partHeader), partHeader.Size);
    llvm::Error err = llvm::Error::success();
    if (name == "SFI0") {
      uint64_t flags = 0;
      if (data.size() < sizeof(flags)) {
        error = "SFI0 part is shorter than 8 bytes";
        return std::nullopt;
      }
      std::memcpy(&flags, data.data(), sizeof(flags));
      view.featureFlags = flags;
    } else if (name == "DXIL") {
      llvm::dxbc::ProgramHeader program;
      if (data.size() < sizeof(program)) {
        error = "DXIL part is shorter than its program header";
        return std::nullopt;
      }
      std::memcpy(&program, data.data(), sizeof(program));
      view.program = program;
      view.programBitcode = programPartBitcode(bytes.subspan(offset + sizeof(partHeader), partHeader.Size));
    } else if (name == "ILDB") {
      view.debugBitcode = programPartBitcode(bytes.subspan(offset + sizeof(partHeader), partHeader.Size));
    } else if (name == "HASH") {
      llvm::dxbc::ShaderHash hash;
      if (data.size() < sizeof(hash)) {
        error = "HASH part is shorter than 20 bytes";
        return std::nullopt;
      }
      std::memcpy(&hash, data.data(), sizeof(hash));
      view.shaderHash = hash;
    } else if (name == "ISG1") {
      err = view.inputSignature.initialize(data);
    } else if (name == "OSG1") {
      err = view.outputSignature.initialize(data);
    } else if (name == "PSV0") {
      psvData = data;
    } else if (name == "RTS0") {
      std::string why;
      view.rootSignature = rootsig::readRootSignature(
          std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(data.data()), data.size()), why);
      if (!view.rootSignature) {
        error = why;
        return std::nullopt;
      }
    }
    if (err) {
      error = name + ": " + llvm::toString(std::move(err));
      return std::nullopt;
    }
  }
  if (psvData) {
    // PSV0 needs the shader kind, which only the program header has.
    if (!view.program) {
      error = "PSV0 cannot be read without a DXIL part (it has the shader kind)";
      return std::nullopt;
    }
    if (view.program->ShaderKind > 14) {
      error = "DXIL part names shader kind " + std::to_string(view.program->ShaderKind) + ", which PSV0 cannot describe";
      return std::nullopt;
    }
    error = checkPSVIndexTable(*psvData);
    if (!error.empty()) return std::nullopt;
    view.psvCopy = std::make_shared<std::vector<uint32_t>>((psvData->size() + 3) / 4, 0);
    std::memcpy(view.psvCopy->data(), psvData->data(), psvData->size());
    view.psv.emplace(llvm::StringRef(reinterpret_cast<const char*>(view.psvCopy->data()), psvData->size()));
    if (llvm::Error err = view.psv->parse(view.program->ShaderKind)) {
      error = "PSV0: " + llvm::toString(std::move(err));
      return std::nullopt;
    }
    error = checkPSVViews(*view.psv);
    if (!error.empty()) return std::nullopt;
  }
  return view;
}

}  // namespace sl::dxil
