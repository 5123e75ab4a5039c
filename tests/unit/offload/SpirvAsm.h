// Assembles SPIR-V text in-process with SPIRV-Tools for the offload tests.
#pragma once

#include "tests/unit/ComputeShaderAsm.h"

#include <spirv-tools/libspirv.hpp>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace sl::offload::test {

// Bytes of the module (little endian), or empty with `error` set.
inline std::vector<uint8_t> assemble(const std::string& text, std::string* error = nullptr,
                                     spv_target_env env = SPV_ENV_VULKAN_1_1, bool validate = true) {
  spvtools::SpirvTools tools(env);
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t& pos, const char* m) {
    messages += std::to_string(pos.line) + ": " + m + "\n";
  });
  std::vector<uint32_t> words;
  if (!tools.Assemble(text, &words, SPV_TEXT_TO_BINARY_OPTION_PRESERVE_NUMERIC_IDS)) {
    if (error) *error = messages;
    return {};
  }
  if (validate && !tools.Validate(words)) {
    if (error) *error = "invalid module:\n" + messages;
    return {};
  }
  std::vector<uint8_t> bytes(words.size() * 4);
  std::memcpy(bytes.data(), words.data(), bytes.size());
  return bytes;
}

// A compute shader writing Out[i] = i * i (RWStructuredBuffer<uint> at set 0 binding 0,
// numthreads(4,1,1)).
inline const std::string kSquaresSpvasm = sl::spvtest::computeShaderAsm({
    .input = false,
    .outBinding = 0,
    .names = "OpName %out \"Out\"\n",
    .body = R"(%sq = OpIMul %uint %i %i
%p = OpAccessChain %ptr_sb_uint %out %c0 %i
OpStore %p %sq
)"});

}  // namespace sl::offload::test
