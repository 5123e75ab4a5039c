#include "renderer/offload/SpirvReflect.h"
#include "tests/unit/offload/SpirvAsm.h"

#include <catch2/catch.hpp>

using namespace sl::offload;
using namespace sl::offload::test;

namespace {

// Every descriptor kind DXC emits for compute, a push-constant block with explicit offsets, a
// spec-constant workgroup size and two entry points.
const char* kKitchenSink = R"(
               OpCapability Shader
               OpCapability SampledBuffer
               OpCapability ImageBuffer
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpEntryPoint GLCompute %other "other"
               OpExecutionMode %other LocalSize 8 2 1
               OpExecutionModeId %main LocalSizeId %c64 %c1 %c1
               OpName %ro "In"
               OpName %cb "CB"
               OpDecorate %rta ArrayStride 4
               OpMemberDecorate %SB 0 Offset 0
               OpMemberDecorate %SB 0 NonWritable
               OpDecorate %SB Block
               OpDecorate %ro DescriptorSet 0
               OpDecorate %ro Binding 0
               OpMemberDecorate %CBT 0 Offset 0
               OpMemberDecorate %CBT 1 Offset 16
               OpDecorate %CBT Block
               OpDecorate %cb DescriptorSet 0
               OpDecorate %cb Binding 1
               OpDecorate %tb DescriptorSet 1
               OpDecorate %tb Binding 0
               OpDecorate %rwtb DescriptorSet 1
               OpDecorate %rwtb Binding 1
               OpDecorate %tex DescriptorSet 1
               OpDecorate %tex Binding 2
               OpDecorate %rwtex DescriptorSet 1
               OpDecorate %rwtex Binding 3
               OpDecorate %smp DescriptorSet 1
               OpDecorate %smp Binding 4
               OpDecorate %comb DescriptorSet 1
               OpDecorate %comb Binding 5
               OpDecorate %arr DescriptorSet 2
               OpDecorate %arr Binding 7
               OpMemberDecorate %PC 0 Offset 0
               OpMemberDecorate %PC 1 Offset 16
               OpDecorate %PC Block
               OpDecorate %c64 SpecId 5
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
      %float = OpTypeFloat 32
    %v4float = OpTypeVector %float 4
        %c64 = OpSpecConstant %uint 64
         %c1 = OpConstant %uint 1
         %c3 = OpConstant %uint 3
        %rta = OpTypeRuntimeArray %uint
         %SB = OpTypeStruct %rta
      %SBptr = OpTypePointer StorageBuffer %SB
         %ro = OpVariable %SBptr StorageBuffer
        %CBT = OpTypeStruct %v4float %uint
      %CBptr = OpTypePointer Uniform %CBT
         %cb = OpVariable %CBptr Uniform
       %imgB = OpTypeImage %float Buffer 0 0 0 1 Unknown
      %rimgB = OpTypeImage %float Buffer 0 0 0 2 Rgba32f
       %img2 = OpTypeImage %float 2D 0 0 0 1 Unknown
      %rimg2 = OpTypeImage %float 2D 0 0 0 2 Rgba32f
    %sampler = OpTypeSampler
    %sampled = OpTypeSampledImage %img2
      %pimgB = OpTypePointer UniformConstant %imgB
     %primgB = OpTypePointer UniformConstant %rimgB
      %pimg2 = OpTypePointer UniformConstant %img2
     %primg2 = OpTypePointer UniformConstant %rimg2
      %psamp = OpTypePointer UniformConstant %sampler
      %pcomb = OpTypePointer UniformConstant %sampled
         %tb = OpVariable %pimgB UniformConstant
       %rwtb = OpVariable %primgB UniformConstant
        %tex = OpVariable %pimg2 UniformConstant
      %rwtex = OpVariable %primg2 UniformConstant
        %smp = OpVariable %psamp UniformConstant
       %comb = OpVariable %pcomb UniformConstant
     %arr3sb = OpTypeArray %SB %c3
     %parr3 = OpTypePointer StorageBuffer %arr3sb
        %arr = OpVariable %parr3 StorageBuffer
         %PC = OpTypeStruct %uint %v4float
       %PCptr = OpTypePointer PushConstant %PC
         %pc = OpVariable %PCptr PushConstant
       %main = OpFunction %void None %fn
          %l1 = OpLabel
               OpReturn
               OpFunctionEnd
      %other = OpFunction %void None %fn
          %l2 = OpLabel
               OpReturn
               OpFunctionEnd
)";

}  // namespace

TEST_CASE("reflection of a simple compute shader", "[offload][reflect]") {
  std::string error;
  std::vector<uint8_t> bytes = assemble(kSquaresSpvasm, &error);
  INFO(error);
  REQUIRE(!bytes.empty());
  ReflectedModule m = reflectSpirv(bytes);
  REQUIRE(m.ok());
  REQUIRE(m.entryPoints.size() == 1);
  CHECK(m.entryPoints[0].name == "main");
  CHECK(m.entryPoints[0].executionModel == 5);
  CHECK(m.entryPoints[0].localSize == std::array<uint32_t, 3>{4, 1, 1});
  REQUIRE(m.bindings.size() == 1);
  CHECK(m.bindings[0].name == "Out");
  CHECK(m.bindings[0].type == DescriptorType::StorageBuffer);
  CHECK_FALSE(m.bindings[0].readOnly);
  CHECK(m.bindings[0].arrayCount == 1);
  CHECK(m.pushConstantSize == 0);
}

TEST_CASE("reflection of every descriptor kind", "[offload][reflect]") {
  std::string error;
  // LocalSizeId needs maintenance4 in Vulkan; the reader does not care, so validate as SPIR-V 1.3.
  std::vector<uint8_t> bytes = assemble(kKitchenSink, &error, SPV_ENV_UNIVERSAL_1_3);
  INFO(error);
  REQUIRE(!bytes.empty());
  ReflectedModule m = reflectSpirv(bytes);
  INFO(m.error);
  REQUIRE(m.ok());
  REQUIRE(m.entryPoints.size() == 2);
  CHECK(m.findEntryPoint("main")->localSize == std::array<uint32_t, 3>{64, 1, 1});
  CHECK(m.findEntryPoint("other")->localSize == std::array<uint32_t, 3>{8, 2, 1});
  CHECK(m.specializationIds == std::vector<uint32_t>{5});
  CHECK(m.pushConstantSize == 32);
  REQUIRE(m.bindings.size() == 9);
  CHECK(m.findBinding(0, 0)->type == DescriptorType::StorageBuffer);
  CHECK(m.findBinding(0, 0)->readOnly);
  CHECK(m.findBinding(0, 0)->name == "In");
  CHECK(m.findBinding(0, 1)->type == DescriptorType::UniformBuffer);
  CHECK(m.findBinding(1, 0)->type == DescriptorType::UniformTexelBuffer);
  CHECK(m.findBinding(1, 1)->type == DescriptorType::StorageTexelBuffer);
  CHECK(m.findBinding(1, 2)->type == DescriptorType::SampledImage);
  CHECK(m.findBinding(1, 3)->type == DescriptorType::StorageImage);
  CHECK(m.findBinding(1, 4)->type == DescriptorType::Sampler);
  CHECK(m.findBinding(1, 5)->type == DescriptorType::CombinedImageSampler);
  CHECK(m.findBinding(2, 7)->type == DescriptorType::StorageBuffer);
  CHECK(m.findBinding(2, 7)->arrayCount == 3);
  CHECK(m.findBinding(2, 6) == nullptr);
}

TEST_CASE("malformed modules are errors, never crashes", "[offload][reflect]") {
  CHECK(reflectSpirv(std::vector<uint8_t>{1, 2, 3}).error.find("multiple of 4") != std::string::npos);
  CHECK(reflectSpirv(std::vector<uint8_t>(8, 0)).error.find("header") != std::string::npos);
  std::vector<uint8_t> bytes = assemble(kSquaresSpvasm);
  REQUIRE(!bytes.empty());
  CHECK(reflectSpirv(std::vector<uint8_t>(20, 0)).error.find("magic") != std::string::npos);
  // Truncations and corrupted word counts at every position.
  for (size_t cut = 20; cut < bytes.size(); cut += 4) {
    std::vector<uint8_t> part(bytes.begin(), bytes.begin() + long(cut));
    ReflectedModule m = reflectSpirv(part);
    (void)m;
  }
  for (size_t at = 20; at + 4 <= bytes.size(); at += 4) {
    std::vector<uint8_t> bad = bytes;
    bad[at + 2] = 0xFF;  // a huge word count where this word is an instruction's first
    bad[at + 3] = 0xFF;
    ReflectedModule m = reflectSpirv(bad);
    if (at == 20) CHECK(m.error.find("runs past the end") != std::string::npos);
  }
}

TEST_CASE("reflection marks the descriptors function bodies use", "[offload][reflect]") {
  std::string error;
  std::vector<uint8_t> squares = assemble(kSquaresSpvasm, &error);
  REQUIRE(!squares.empty());
  ReflectedModule used = reflectSpirv(squares);
  REQUIRE(used.ok());
  REQUIRE(used.bindings.size() == 1);
  CHECK(used.bindings[0].used);  // `Out` is written by main

  // The kitchen sink declares every kind but its functions only return: nothing is used, so a
  // pipeline need not provide any of them (as Vulkan needs only statically used descriptors).
  std::vector<uint8_t> sink = assemble(kKitchenSink, &error, SPV_ENV_UNIVERSAL_1_3);
  REQUIRE(!sink.empty());
  ReflectedModule unused = reflectSpirv(sink);
  REQUIRE(unused.ok());
  for (const ReflectedBinding& b : unused.bindings) {
    INFO(b.name << " at " << b.set << "," << b.binding);
    CHECK_FALSE(b.used);
  }
}
