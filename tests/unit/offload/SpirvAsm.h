// Assembles SPIR-V text in-process with SPIRV-Tools for the offload tests.
#pragma once

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
inline const char* kSquaresSpvasm = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 4 1 1
               OpName %Out "Out"
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %rta ArrayStride 4
               OpMemberDecorate %Block 0 Offset 0
               OpDecorate %Block Block
               OpDecorate %Out DescriptorSet 0
               OpDecorate %Out Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
  %ptr_in_v3 = OpTypePointer Input %v3uint
        %gid = OpVariable %ptr_in_v3 Input
        %rta = OpTypeRuntimeArray %uint
      %Block = OpTypeStruct %rta
     %ptr_sb = OpTypePointer StorageBuffer %Block
        %Out = OpVariable %ptr_sb StorageBuffer
     %uint_0 = OpConstant %uint 0
%ptr_sb_uint = OpTypePointer StorageBuffer %uint
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %g = OpLoad %v3uint %gid
          %x = OpCompositeExtract %uint %g 0
         %sq = OpIMul %uint %x %x
          %p = OpAccessChain %ptr_sb_uint %Out %uint_0 %x
               OpStore %p %sq
               OpReturn
               OpFunctionEnd
)";

}  // namespace sl::offload::test
