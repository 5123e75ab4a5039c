// Target environments the SPIR-V side supports, as DXC's -fspv-target-env names them.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sl::spirv {

enum class TargetEnv : uint8_t { Vulkan1_0, Vulkan1_1, Vulkan1_1Spirv1_4, Vulkan1_2, Vulkan1_3, Universal1_5 };

// The SPIR-V version word for the header: (major << 16) | (minor << 8).
uint32_t spirvVersion(TargetEnv env);
std::string_view targetEnvName(TargetEnv env);  // "vulkan1.2"
std::optional<TargetEnv> parseTargetEnv(std::string_view name);
// The oldest Vulkan environment whose SPIR-V version is at least `version` (none past 1.6).
std::optional<TargetEnv> oldestVulkanEnvFor(uint32_t version);

}  // namespace sl::spirv
