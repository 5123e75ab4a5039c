#include "renderer/offload/DeviceLimits.h"

#include <map>
#include <set>

namespace sl::offload {

namespace {

// SPIR-V opcodes, decorations and capabilities read here.
constexpr uint32_t kOpCapability = 17;
constexpr uint32_t kOpTypeArray = 28;
constexpr uint32_t kOpTypeRuntimeArray = 29;
constexpr uint32_t kOpTypePointer = 32;
constexpr uint32_t kOpConstant = 43;
constexpr uint32_t kOpVariable = 59;
constexpr uint32_t kOpLoad = 61;
constexpr uint32_t kOpAccessChain = 65;
constexpr uint32_t kOpInBoundsAccessChain = 66;
constexpr uint32_t kOpDecorate = 71;
constexpr uint32_t kOpGroupNonUniformQuadSwap = 366;
constexpr uint32_t kDecorationNonUniform = 5300;
constexpr uint32_t kCapabilityInt64ImageEXT = 5016;
constexpr uint32_t kStorageUniformConstant = 0;
constexpr uint32_t kStorageUniform = 2;
constexpr uint32_t kStorageStorageBuffer = 12;

bool isLlvmpipe(const hal::AdapterInfo& device) {
  return device.type == hal::DeviceType::Cpu &&
         (device.driverName.find("llvmpipe") != std::string::npos || device.name.find("llvmpipe") != std::string::npos);
}

}  // namespace

std::vector<DeviceLimitNote> deviceLimitNotes(std::span<const uint32_t> spirv, const hal::AdapterInfo& device) {
  std::vector<DeviceLimitNote> notes;
  if (spirv.size() < 5 || spirv[0] != 0x07230203u) return notes;
  std::set<uint32_t> capabilities, nonUniform;
  std::map<uint32_t, uint32_t> constants;        // id -> first value word
  std::map<uint32_t, uint32_t> pointee;          // pointer type id -> pointee type id
  std::set<uint32_t> arrayTypes;                 // OpTypeArray / OpTypeRuntimeArray ids
  std::set<uint32_t> descriptorArrays;           // variables that are arrays of descriptors
  std::map<uint32_t, uint32_t> accessChainBase;  // access chain result -> base id
  std::map<uint32_t, uint32_t> accessChainIndex; // access chain result -> first index id
  std::map<uint32_t, uint32_t> loadPointer;      // load result -> pointer id
  std::vector<uint32_t> quadDirections;          // direction operand ids of QuadSwap
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t count = spirv[i] >> 16, op = spirv[i] & 0xffff;
    if (count == 0 || i + count > spirv.size()) return {};  // malformed: no notes
    const uint32_t* w = &spirv[i];
    if (op == kOpCapability && count >= 2) capabilities.insert(w[1]);
    else if ((op == kOpTypeArray || op == kOpTypeRuntimeArray) && count >= 3) arrayTypes.insert(w[1]);
    else if (op == kOpTypePointer && count >= 4) pointee[w[1]] = w[3];
    else if (op == kOpConstant && count >= 4) constants[w[2]] = w[3];
    else if (op == kOpVariable && count >= 4) {
      const uint32_t storage = w[3];
      auto p = pointee.find(w[1]);
      if ((storage == kStorageUniformConstant || storage == kStorageUniform || storage == kStorageStorageBuffer) &&
          p != pointee.end() && arrayTypes.count(p->second))
        descriptorArrays.insert(w[2]);
    } else if ((op == kOpAccessChain || op == kOpInBoundsAccessChain) && count >= 4) {
      accessChainBase[w[2]] = w[3];
      if (count >= 5) accessChainIndex[w[2]] = w[4];
    } else if (op == kOpLoad && count >= 4) {
      loadPointer[w[2]] = w[3];
    } else if (op == kOpDecorate && count >= 3 && w[2] == kDecorationNonUniform) {
      nonUniform.insert(w[1]);
    } else if (op == kOpGroupNonUniformQuadSwap && count >= 6) {
      quadDirections.push_back(w[5]);
    }
    i += count;
  }

  if (isLlvmpipe(device)) {
    for (uint32_t direction : quadDirections) {
      auto c = constants.find(direction);
      if (c == constants.end() || (c->second != 1 && c->second != 2)) continue;
      notes.push_back({"quad-layout",
                       "QuadReadAcrossY/QuadReadAcrossDiagonal read the lane below/diagonal in a 2x2 quad; llvmpipe makes "
                       "each row of a compute workgroup its own subgroup, so those lanes are in another subgroup and the "
                       "result is undefined on this device"});
      break;
    }
  }
  if (!device.features.descriptorIndexing) {
    // NonUniformResourceIndex shows as NonUniform on the index, on the access chain into the
    // descriptor array, or on the descriptor loaded through it (DXC and our compiler differ).
    std::set<uint32_t> loadedNonUniform;  // pointers of NonUniform loads
    for (uint32_t id : nonUniform)
      if (auto load = loadPointer.find(id); load != loadPointer.end()) loadedNonUniform.insert(load->second);
    bool found = false;
    for (const auto& [chain, base] : accessChainBase) {
      if (!descriptorArrays.count(base)) continue;
      auto index = accessChainIndex.find(chain);
      found = nonUniform.count(chain) || loadedNonUniform.count(chain) ||
              (index != accessChainIndex.end() && nonUniform.count(index->second));
      if (found) break;
    }
    if (found) {
      notes.push_back({"non-uniform-indexing",
                       "the shader indexes a resource array with NonUniformResourceIndex, which needs the "
                       "shader*ArrayNonUniformIndexing features (descriptor indexing); this device lacks them, so "
                       "divergent indices read the wrong resource"});
    }
  }
  if (capabilities.count(kCapabilityInt64ImageEXT) && !device.features.int64ImageAtomics)
    notes.push_back({"int64-image",
                     "64-bit typed resources need the Int64ImageEXT capability of VK_EXT_shader_image_atomic_int64, "
                     "which this device lacks"});
  return notes;
}

std::string renderDeviceLimitNotes(const std::vector<DeviceLimitNote>& notes) {
  std::string out;
  for (const DeviceLimitNote& n : notes) out += "note: device limit (" + n.id + "): " + n.explanation + "\n";
  return out;
}

}  // namespace sl::offload
