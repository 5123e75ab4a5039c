#include "core/spirv/FeatureSet.h"

#include "core/spirv/TargetEnv.h"

#include <spirv/unified1/spirv.hpp>

#include <optional>

namespace sl::spirv {
namespace g = sl::ir::grammar;

namespace {

constexpr uint32_t kNeverCore = 0xFFFFFFFFu;

// Capabilities of OpenCL kernels or NV-only paths, never the one to pick for a Vulkan shader
// when the grammar offers alternatives.
bool isKernelOnlyCapability(uint32_t cap) {
  return cap == spv::CapabilityKernel || cap == spv::CapabilityAddresses || cap == spv::CapabilityLinkage ||
         cap == spv::CapabilityVector16 || cap == spv::CapabilityFloat16Buffer ||
         cap == spv::CapabilityRayTracingNV;
}

}  // namespace

FeatureSet::FeatureSet(uint32_t spirvVersion, std::string targetName)
    : version_(spirvVersion), targetName_(std::move(targetName)) {}

void FeatureSet::versionError(const std::string& what, uint32_t version) {
  std::string message = what + " needs SPIR-V " + std::to_string((version >> 16) & 0xff) + "." +
                        std::to_string((version >> 8) & 0xff) + " (target " + targetName_ + ")";
  if (std::optional<TargetEnv> env = oldestVulkanEnvFor(version))
    message += "; choose a newer target with -fspv-target-env=" + std::string(targetEnvName(*env)) + " or later";
  for (const std::string& e : errors_)
    if (e == message) return;
  errors_.push_back(std::move(message));
}

void FeatureSet::declareCapability(uint32_t cap) {
  if (!declared_.insert(cap).second) return;
  markImplied(cap);
  auto req = g::enumerantRequirements(g::Kind::Capability, cap);
  // The capabilities a capability lists are ones it implies, not prerequisites to declare.
  if (!req || req->version <= version_) return;
  for (const char* e : req->extensions)
    if (extensions_.count(e)) return;
  if (!req->extensions.empty()) addRequiredExtension(req->extensions.front());
  else if (req->version != kNeverCore)
    versionError("capability " + std::string(g::enumerantName(g::Kind::Capability, cap)), req->version);
}

void FeatureSet::addRequiredExtension(const std::string& extension) {
  extensions_.insert(extension);
  // Extensions whose specs build on a SPIR-V version the grammar does not record.
  if (extension == "SPV_NV_shader_subgroup_partitioned" && version_ < 0x10300)
    versionError("extension " + extension, 0x10300);
}

void FeatureSet::markImplied(uint32_t cap) {
  if (!implied_.insert(cap).second) return;
  if (auto req = g::enumerantRequirements(g::Kind::Capability, cap))
    for (uint32_t implied : req->capabilities) markImplied(implied);
}

void FeatureSet::require(const g::Requirements& req, const std::string& what) {
  if (!req.capabilities.empty()) {
    bool satisfied = false;
    for (uint32_t cap : req.capabilities) satisfied |= implied_.count(cap) != 0;
    if (!satisfied) {
      uint32_t chosen = req.capabilities.front();
      for (uint32_t cap : req.capabilities)
        if (!isKernelOnlyCapability(cap)) {
          chosen = cap;
          break;
        }
      declareCapability(chosen);
    }
  }
  if (req.version <= version_ && req.version != kNeverCore) return;
  if (!req.extensions.empty()) {
    for (const char* e : req.extensions)
      if (extensions_.count(e)) return;
    addRequiredExtension(req.extensions.front());
  } else if (req.version != kNeverCore && req.version != 0) {
    versionError(what, req.version);
  }
}

void FeatureSet::requireEnum(g::Kind kind, uint32_t value) {
  if (auto req = g::enumerantRequirements(kind, value))
    require(*req, std::string(g::operandKind(kind)->name) + " " + std::string(g::enumerantName(kind, value)));
}

void FeatureSet::requireOpcode(uint32_t opcode) {
  if (const g::Instruction* inst = g::findInstruction(opcode)) require(inst->requirements, std::string(inst->name));
}

void FeatureSet::requireGlsl(uint32_t instNumber) {
  require(g::glslInstRequirements(instNumber), "GLSL.std.450 " + std::string(g::glslInstName(instNumber)));
}

}  // namespace sl::spirv
