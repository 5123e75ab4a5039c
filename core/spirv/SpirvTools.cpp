#include "core/spirv/SpirvTools.h"

#include <spirv-tools/libspirv.hpp>
#include <spirv/unified1/spirv.hpp>

#include <cstring>
#include <string_view>
#include <unordered_map>

namespace sl::spirv {
namespace {

spv_target_env toolsEnv(TargetEnv env) {
  switch (env) {
    case TargetEnv::Vulkan1_0: return SPV_ENV_VULKAN_1_0;
    case TargetEnv::Vulkan1_1: return SPV_ENV_VULKAN_1_1;
    case TargetEnv::Vulkan1_1Spirv1_4: return SPV_ENV_VULKAN_1_1_SPIRV_1_4;
    case TargetEnv::Vulkan1_2: return SPV_ENV_VULKAN_1_2;
    case TargetEnv::Vulkan1_3: return SPV_ENV_VULKAN_1_3;
    case TargetEnv::Universal1_5: return SPV_ENV_UNIVERSAL_1_5;
  }
  return SPV_ENV_VULKAN_1_0;
}

}  // namespace

namespace {

std::vector<Diagnostic> runValidator(std::span<const uint32_t> words, TargetEnv env, const ValidateOptions& options,
                                     bool friendlyNames) {
  std::vector<Diagnostic> diags;
  spvtools::SpirvTools tools(toolsEnv(env));
  tools.SetMessageConsumer([&](spv_message_level_t level, const char*, const spv_position_t& position,
                               const char* message) {
    Diagnostic d;
    d.severity = level <= SPV_MSG_ERROR ? Severity::Error : Severity::Warning;
    d.message = "spirv-val (" + std::string(targetEnvName(env)) + "): " + message;
    if (position.index) d.message += " [word " + std::to_string(position.index) + "]";
    diags.push_back(std::move(d));
  });
  spvtools::ValidatorOptions validatorOptions;
  validatorOptions.SetRelaxBlockLayout(options.relaxBlockLayout);
  validatorOptions.SetScalarBlockLayout(options.scalarBlockLayout);
  validatorOptions.SetFriendlyNames(friendlyNames);
  const bool ok = tools.Validate(words.data(), words.size(), validatorOptions);
  if (!ok && !hasErrors(diags))
    diags.push_back(Diagnostic::error({}, "spirv-val (" + std::string(targetEnvName(env)) + "): invalid module"));
  return diags;
}

}  // namespace

std::vector<Diagnostic> validate(std::span<const uint32_t> words, TargetEnv env, const ValidateOptions& options) {
  // Friendly names (%type_RWStructuredBuffer_uint instead of %12) cost the validator a
  // stringstream per id, about half of its time on a large module, and only matter in messages:
  // validate without them, and again with them only when there is something to report.
  std::vector<Diagnostic> diags = runValidator(words, env, options, /*friendlyNames=*/false);
  if (!diags.empty()) diags = runValidator(words, env, options, /*friendlyNames=*/true);
  return diags;
}

namespace {

// SPIRV-Tools makes a repeated OpName unique by trying suffixes _0, _1, ... from the start each
// time: quadratic in how often one name repeats (3,000 functions with a parameter `x` took 9 s).
// Past this many repeats the ids stay numeric.
constexpr size_t kMaxFriendlyNameRepeats = 256;

bool friendlyNamesAffordable(std::span<const uint32_t> words) {
  std::unordered_map<std::string_view, size_t> repeats;
  for (size_t i = 5; i < words.size();) {
    const uint32_t length = words[i] >> 16, opcode = words[i] & 0xffff;
    if (length == 0 || i + length > words.size()) break;
    if (opcode == spv::OpName && length > 2) {
      const char* name = reinterpret_cast<const char*>(&words[i + 2]);
      if (++repeats[std::string_view(name, strnlen(name, (length - 2) * 4))] > kMaxFriendlyNameRepeats) return false;
    }
    i += length;
  }
  return true;
}

}  // namespace

bool disassemble(std::span<const uint32_t> words, std::string& text, bool friendlyNames) {
  if (friendlyNames && !friendlyNamesAffordable(words)) friendlyNames = false;
  spvtools::SpirvTools tools(SPV_ENV_UNIVERSAL_1_6);
  std::string error;
  tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&, const char* message) {
    error += message;
  });
  uint32_t options = SPV_BINARY_TO_TEXT_OPTION_INDENT;
  if (friendlyNames) options |= SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES;
  std::vector<uint32_t> copy(words.begin(), words.end());
  if (!tools.Disassemble(copy, &text, options)) {
    text = "disassembly failed: " + (error.empty() ? std::string("invalid binary") : error);
    return false;
  }
  return true;
}

}  // namespace sl::spirv
