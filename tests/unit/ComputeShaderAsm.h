// SPIR-V assembly of the small compute shaders unit tests and benchmarks dispatch, built around
// the declarations they share: one lane per element, storage buffers %in / %out holding runtime
// arrays (a Block struct %Buf with ArrayStride 4). Each shader adds its own decorations, types and
// body. Used by tests/unit/renderer, tests/unit/offload and bench/.
#pragma once

#include <cstdint>
#include <string>

namespace sl::spvtest {

struct ComputeShaderAsm {
  std::string element = "uint";  // element type of the buffers: uint or float
  uint32_t localSize = 4;
  bool input = true;               // declare %in (else only %out)
  std::string inSet = "0", outSet = "0";  // text, so a test may leave placeholders to replace
  uint32_t inBinding = 0, outBinding = 1;
  std::string names;        // OpName lines
  std::string decorations;  // more OpDecorate / OpMemberDecorate lines
  std::string types;        // more types, constants and variables
  // Instructions of %main after %i (the lane: GlobalInvocationId.x) is computed, before OpReturn.
  std::string body;
};

// Declared for the body: %void %fn %uint %float %v3uint %gid %rta %Buf %ptr_sb_Buf %in %out
// %ptr_sb_<element> %c0 (uint 0) %main %entry %g %i.
inline std::string computeShaderAsm(const ComputeShaderAsm& s) {
  const std::string elementPointer = "%ptr_sb_" + s.element;
  std::string text = "OpCapability Shader\nOpMemoryModel Logical GLSL450\n";
  text += "OpEntryPoint GLCompute %main \"main\" %gid\n";
  text += "OpExecutionMode %main LocalSize " + std::to_string(s.localSize) + " 1 1\n";
  text += s.names;
  text += "OpDecorate %gid BuiltIn GlobalInvocationId\nOpDecorate %rta ArrayStride 4\n";
  text += "OpMemberDecorate %Buf 0 Offset 0\nOpDecorate %Buf Block\n";
  if (s.input) text += "OpDecorate %in DescriptorSet " + s.inSet + "\nOpDecorate %in Binding " + std::to_string(s.inBinding) + "\n";
  text += "OpDecorate %out DescriptorSet " + s.outSet + "\nOpDecorate %out Binding " + std::to_string(s.outBinding) + "\n";
  text += s.decorations;
  text += "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n%float = OpTypeFloat 32\n";
  text += "%v3uint = OpTypeVector %uint 3\n%ptr_in_v3 = OpTypePointer Input %v3uint\n%gid = OpVariable %ptr_in_v3 Input\n";
  text += "%rta = OpTypeRuntimeArray %" + s.element + "\n%Buf = OpTypeStruct %rta\n";
  text += "%ptr_sb_Buf = OpTypePointer StorageBuffer %Buf\n";
  if (s.input) text += "%in = OpVariable %ptr_sb_Buf StorageBuffer\n";
  text += "%out = OpVariable %ptr_sb_Buf StorageBuffer\n";
  text += elementPointer + " = OpTypePointer StorageBuffer %" + s.element + "\n%c0 = OpConstant %uint 0\n";
  text += s.types;
  text += "%main = OpFunction %void None %fn\n%entry = OpLabel\n";
  text += "%g = OpLoad %v3uint %gid\n%i = OpCompositeExtract %uint %g 0\n";
  text += s.body;
  text += "OpReturn\nOpFunctionEnd\n";
  return text;
}

}  // namespace sl::spvtest
