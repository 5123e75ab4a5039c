#include "core/spirv/TargetEnv.h"

#include <array>

namespace sl::spirv {
namespace {

struct EnvInfo {
  TargetEnv env;
  std::string_view name;
  uint32_t version;
};

constexpr std::array<EnvInfo, 6> kEnvs = {{
    {TargetEnv::Vulkan1_0, "vulkan1.0", 0x00010000},
    {TargetEnv::Vulkan1_1, "vulkan1.1", 0x00010300},
    {TargetEnv::Vulkan1_1Spirv1_4, "vulkan1.1spirv1.4", 0x00010400},
    {TargetEnv::Vulkan1_2, "vulkan1.2", 0x00010500},
    {TargetEnv::Vulkan1_3, "vulkan1.3", 0x00010600},
    {TargetEnv::Universal1_5, "universal1.5", 0x00010500},
}};

}  // namespace

uint32_t spirvVersion(TargetEnv env) { return kEnvs[static_cast<size_t>(env)].version; }
std::string_view targetEnvName(TargetEnv env) { return kEnvs[static_cast<size_t>(env)].name; }

std::optional<TargetEnv> parseTargetEnv(std::string_view name) {
  for (const EnvInfo& e : kEnvs)
    if (e.name == name) return e.env;
  return std::nullopt;
}

std::optional<TargetEnv> oldestVulkanEnvFor(uint32_t version) {
  for (const EnvInfo& e : kEnvs)
    if (e.name.rfind("vulkan", 0) == 0 && e.version >= version) return e.env;
  return std::nullopt;
}

}  // namespace sl::spirv
