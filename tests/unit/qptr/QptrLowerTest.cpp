#include "QptrTestUtil.h"
#include "../spirv-reader/SpirvTestUtil.h"

#include <cstdio>
#include <cstdlib>

#include <catch2/catch.hpp>

using namespace sl;

TEST_CASE("lower turns access chains into byte offsets", "[qptr][lower]") {
  auto run = test::runQptr(test::experimentWords(test::experiment("t2_ubo.frag")), qptr::LayoutKind::Standard, 1);
  INFO(run.lowered << run.diagnostics());
  REQUIRE(run.lowerOk);
  CHECK(run.lowered.find("qptr.offset(v0, 64): qptr") != std::string::npos);       // u.color
  CHECK(run.lowered.find("qptr.dyn_offset(v14, v12 x 16)") != std::string::npos);  // u.arr[pc.idx]
  CHECK(run.lowered.find("qptr.buffer_data(&GV1)") != std::string::npos);
  CHECK(run.lowered.find("spv.OpAccessChain") == std::string::npos);
  CHECK(run.lowered.find("in Handles") != std::string::npos);
}

TEST_CASE("lower: handle arrays, buffer lengths, local variables", "[qptr][lower]") {
  auto t4 = test::runQptr(test::experimentWords(test::experiment("t4_descidx.frag")), qptr::LayoutKind::Standard, 1);
  INFO(t4.lowered);
  CHECK(t4.lowered.find("qptr.handle_array_index(&GV0") != std::string::npos);
  CHECK(t4.lowered.find("qptr.offset(") != std::string::npos);
  auto t1 = test::runQptr(test::experimentWords(test::experiment("t1_ssbo.comp")), qptr::LayoutKind::Standard, 1);
  CHECK(t1.lowered.find("qptr.buffer_dyn_len(&GV1, fixed_base_size: 16, dyn_unit_stride: 32)") != std::string::npos);
  CHECK(t1.lowered.find("qptr.func_local_var(size: 32, align: 16)") != std::string::npos);
}

TEST_CASE("lower keeps unknown pointer instructions with fallback attributes", "[qptr][lower]") {
  auto run = test::runQptr(test::experimentWords(test::experiment("b_select")), qptr::LayoutKind::Standard, 1);
  INFO(run.lowered);
  CHECK(run.lowered.find("qptr.to_spv_ptr_input(\"input_idx: 1, u32\")") != std::string::npos);
  CHECK(run.lowered.find("qptr.from_spv_ptr_output") != std::string::npos);
  CHECK(run.lowered.find("spv.OpSelect(") != std::string::npos);
  auto e = test::runQptr(test::experimentWords(test::experiment("e_conflict")), qptr::LayoutKind::Standard, 1);
  CHECK(e.lowered.find("qptr.offset(&GV3, 0)") != std::string::npos);  // pointer bitcast
}

TEST_CASE("lower keeps indexing into a row-major matrix as an access chain on the matrix", "[qptr][lower]") {
  // t7 only loads the whole matrix; index into it: the columns of a RowMajor matrix are not
  // contiguous, so the chain below the matrix stays SPIR-V and the matrix is a strictly typed use.
  const char* glsl = R"(#version 450
layout(std140, set = 0, binding = 0, row_major) uniform U { vec4 pad; mat4 m; } u;
layout(location = 0) out vec4 c;
void main() { c = u.m[1]; }
)";
  const std::string path = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + "/sl-qptr-rowmajor.frag";
  FILE* f = std::fopen(path.c_str(), "w");
  REQUIRE(f);
  std::fputs(glsl, f);
  std::fclose(f);
  auto words = test::compileWithGlslang(path, "frag", false, "main", "vulkan1.2");
  REQUIRE(!words.empty());
  auto run = test::runQptr(words, qptr::LayoutKind::Standard, 3);
  INFO(run.lowered << run.lifted << run.diagnostics());
  CHECK(run.lowerOk);
  CHECK(run.liftOk);
  CHECK(run.lowered.find("qptr.offset(") != std::string::npos);           // to the matrix
  CHECK(run.lowered.find("spv.OpAccessChain(") != std::string::npos);     // into the matrix
  CHECK(run.lowered.find("qptr.to_spv_ptr_input(\"input_idx: 0, mat<f32x4, 4>\")") != std::string::npos);
  CHECK(run.lifted.find("mat<f32x4, 4> #[Offset(16), RowMajor, MatrixStride(16)]") != std::string::npos);
  CHECK(run.validation == "");
}

namespace {
// A cbuffer as DXC lays it out: a column-major 4x2 matrix with MatrixStride 16 (wider than its
// 8-byte columns) and a row-major 4x4 one, each reached by one access chain to the matrix and a
// second one into it.
const char* kSplitChains = R"(
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %cb %out
OpExecutionMode %main LocalSize 1 1 1
OpMemberDecorate %CB 0 ColMajor
OpMemberDecorate %CB 0 Offset 0
OpMemberDecorate %CB 0 MatrixStride 16
OpMemberDecorate %CB 1 RowMajor
OpMemberDecorate %CB 1 Offset 64
OpMemberDecorate %CB 1 MatrixStride 16
OpDecorate %CB Block
OpDecorate %cb DescriptorSet 0
OpDecorate %cb Binding 0
OpDecorate %rta ArrayStride 4
OpMemberDecorate %Out 0 Offset 0
OpDecorate %Out Block
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%v2 = OpTypeVector %float 2
%v4 = OpTypeVector %float 4
%m4x2 = OpTypeMatrix %v2 4
%m4x4 = OpTypeMatrix %v4 4
%CB = OpTypeStruct %m4x2 %m4x4
%pCB = OpTypePointer Uniform %CB
%cb = OpVariable %pCB Uniform
%rta = OpTypeRuntimeArray %float
%Out = OpTypeStruct %rta
%pOut = OpTypePointer StorageBuffer %Out
%out = OpVariable %pOut StorageBuffer
%pm4x2 = OpTypePointer Uniform %m4x2
%pm4x4 = OpTypePointer Uniform %m4x4
%pv2 = OpTypePointer Uniform %v2
%pv4 = OpTypePointer Uniform %v4
%pf = OpTypePointer Uniform %float
%psf = OpTypePointer StorageBuffer %float
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%u2 = OpConstant %uint 2
%i1 = OpConstant %int 1
%i3 = OpConstant %int 3
%main = OpFunction %void None %fn
%l = OpLabel
%m = OpAccessChain %pm4x2 %cb %u0
%c = OpAccessChain %pv2 %m %i3
%e = OpAccessChain %pf %c %u1
%x = OpLoad %float %e
%o0 = OpAccessChain %psf %out %u0 %u0
OpStore %o0 %x
%r = OpAccessChain %pm4x4 %cb %u1
%rc = OpAccessChain %pv4 %r %i1
%v = OpLoad %v4 %rc
%y = OpCompositeExtract %float %v 2
%o1 = OpAccessChain %psf %out %u0 %u1
OpStore %o1 %y
%z2 = OpAccessChain %pf %cb %u1 %i1 %u2
%z = OpLoad %float %z2
%o2 = OpAccessChain %psf %out %u0 %u2
OpStore %o2 %z
OpReturn
OpFunctionEnd
)";
}  // namespace

TEST_CASE("lower: a matrix member's MatrixStride and RowMajor follow the pointer to a second access chain",
          "[qptr][lower]") {
  std::string error;
  auto words = test::assembleSpirv(kSplitChains, error);
  REQUIRE(error == "");
  auto run = test::runQptr(words, qptr::LayoutKind::Standard, 3);
  INFO(run.lowered << run.lifted << run.diagnostics());
  REQUIRE(run.lowerOk);
  // Column 3 of the 4x2 matrix is at 3 x MatrixStride 16 = 48, not 3 x 8 = 24.
  CHECK(run.lowered.find(", 48): qptr") != std::string::npos);
  CHECK(run.lowered.find(", 24): qptr") == std::string::npos);
  // Both chains into the RowMajor matrix stay SPIR-V access chains on a pointer to it.
  CHECK(run.lowered.find("qptr.to_spv_ptr_input(\"input_idx: 0, mat<f32x4, 4>\")") != std::string::npos);
  REQUIRE(run.liftOk);
  CHECK(run.lifted.find("f32 #[Offset(52)]") != std::string::npos);  // column 3, row 1
  CHECK(run.lifted.find("mat<f32x4, 4> #[Offset(64), RowMajor, MatrixStride(16)]") != std::string::npos);
  CHECK(run.validation == "");
}

TEST_CASE("lower: an access chain ending at a buffer's Block struct yields the buffer handle", "[qptr][lower]") {
  // Our compiler's descriptor-heap code picks the buffer with one chain and indexes its data with
  // a second; OpArrayLength takes the same pointer. Entering the data belongs to the second chain.
  const char* text = R"(
OpCapability Shader
OpCapability RuntimeDescriptorArray
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %bufs
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %rta ArrayStride 4
OpMemberDecorate %B 0 Offset 0
OpDecorate %B Block
OpDecorate %bufs DescriptorSet 0
OpDecorate %bufs Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%rta = OpTypeRuntimeArray %uint
%B = OpTypeStruct %rta
%arr = OpTypeRuntimeArray %B
%parr = OpTypePointer StorageBuffer %arr
%bufs = OpVariable %parr StorageBuffer
%pB = OpTypePointer StorageBuffer %B
%pu = OpTypePointer StorageBuffer %uint
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%u7 = OpConstant %uint 7
%main = OpFunction %void None %fn
%l = OpLabel
%b = OpAccessChain %pB %bufs %u1
%e = OpAccessChain %pu %b %u0 %u7
OpStore %e %u7
%n = OpArrayLength %uint %b 0
OpStore %e %n
OpReturn
OpFunctionEnd
)";
  std::string error;
  auto words = test::assembleSpirv(text, error);
  REQUIRE(error == "");
  auto run = test::runQptr(words, qptr::LayoutKind::Standard, 3);
  INFO(run.lowered << run.lifted << run.diagnostics());
  CHECK(run.lowerOk);
  CHECK(run.analyzeOk);
  CHECK(run.liftOk);
  CHECK(run.lowered.find("= qptr.handle_array_index(&GV0, ") != std::string::npos);
  CHECK(run.lowered.find("qptr.buffer_data(v0)") != std::string::npos);
  CHECK(run.lowered.find("qptr.buffer_dyn_len(v0, fixed_base_size: 0, dyn_unit_stride: 4)") != std::string::npos);
  CHECK(run.validation == "");
}
