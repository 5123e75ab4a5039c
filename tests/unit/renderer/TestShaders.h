// SPIR-V assembly of the compute shaders the renderer tests dispatch. Assembled in process by
// SPIRV-Tools (HalTestSupport.cpp); no shader compiler involved.
#pragma once

#include "tests/unit/ComputeShaderAsm.h"

#include <string>

namespace sl::test {

// out[i] = in[i] * pc[0] + pc[1]; in at (set 0, binding 0), out at (set 0, binding 1); 4 lanes.
// The set numbers are placeholders replaced per test (@IN_SET@, @OUT_SET@).
inline const std::string kScaleShader = spvtest::computeShaderAsm({
    .inSet = "@IN_SET@",
    .outSet = "@OUT_SET@",
    .decorations = "OpMemberDecorate %PC 0 Offset 0\nOpMemberDecorate %PC 1 Offset 4\nOpDecorate %PC Block\n",
    .types = R"(%PC = OpTypeStruct %uint %uint
%ptr_pc_PC = OpTypePointer PushConstant %PC
%pc = OpVariable %ptr_pc_PC PushConstant
%ptr_pc_uint = OpTypePointer PushConstant %uint
%c1 = OpConstant %uint 1
)",
    .body = R"(%pa = OpAccessChain %ptr_pc_uint %pc %c0
%a = OpLoad %uint %pa
%pb = OpAccessChain %ptr_pc_uint %pc %c1
%b = OpLoad %uint %pb
%pin = OpAccessChain %ptr_sb_uint %in %c0 %i
%x = OpLoad %uint %pin
%m = OpIMul %uint %x %a
%r = OpIAdd %uint %m %b
%pout = OpAccessChain %ptr_sb_uint %out %c0 %i
OpStore %pout %r
)"});

// A shader that keeps the device busy: each lane runs pc[0] steps of an LCG seeded with its index
// (acc = acc * 1664525 + k: no closed form for the compiler to find) and stores the result in
// out[lane] (set 0, binding 0); 4 lanes per workgroup. llvmpipe ends the loops of an invocation
// after 65535 iterations in all (a watchdog of its own), so a longer busy time takes more
// workgroups, not more steps.
inline const std::string kSpinShader = spvtest::computeShaderAsm({
    .input = false,
    .outBinding = 0,
    .decorations = "OpMemberDecorate %PC 0 Offset 0\nOpDecorate %PC Block\n",
    .types = R"(%bool = OpTypeBool
%c1 = OpConstant %uint 1
%cmul = OpConstant %uint 1664525
%PC = OpTypeStruct %uint
%ptr_pc_PC = OpTypePointer PushConstant %PC
%pc = OpVariable %ptr_pc_PC PushConstant
%ptr_pc_uint = OpTypePointer PushConstant %uint
)",
    .body = R"(%pn = OpAccessChain %ptr_pc_uint %pc %c0
%n = OpLoad %uint %pn
OpBranch %header
%header = OpLabel
%k = OpPhi %uint %c0 %entry %k1 %cont
%acc = OpPhi %uint %i %entry %acc1 %cont
%more = OpULessThan %bool %k %n
OpLoopMerge %merge %cont None
OpBranchConditional %more %step %merge
%step = OpLabel
%m = OpIMul %uint %acc %cmul
%acc1 = OpIAdd %uint %m %k
OpBranch %cont
%cont = OpLabel
%k1 = OpIAdd %uint %k %c1
OpBranch %header
%merge = OpLabel
%pout = OpAccessChain %ptr_sb_uint %out %c0 %i
OpStore %pout %acc
)"});

// 40 constants in a uniform buffer at (set 0, binding 2), as uvec4[10] (std140 stride 16):
// out[i] = in[i] * c[0] + c[39].
inline const std::string kManyConstantsShader = spvtest::computeShaderAsm({
    .decorations = R"(OpDecorate %arr ArrayStride 16
OpMemberDecorate %CB 0 Offset 0
OpDecorate %CB Block
OpDecorate %cb DescriptorSet 0
OpDecorate %cb Binding 2
)",
    .types = R"(%v4uint = OpTypeVector %uint 4
%c3 = OpConstant %uint 3
%c9 = OpConstant %uint 9
%c10 = OpConstant %uint 10
%arr = OpTypeArray %v4uint %c10
%CB = OpTypeStruct %arr
%ptr_u_CB = OpTypePointer Uniform %CB
%cb = OpVariable %ptr_u_CB Uniform
%ptr_u_uint = OpTypePointer Uniform %uint
)",
    .body = R"(%pa = OpAccessChain %ptr_u_uint %cb %c0 %c0 %c0
%a = OpLoad %uint %pa
%pb = OpAccessChain %ptr_u_uint %cb %c0 %c9 %c3
%b = OpLoad %uint %pb
%pin = OpAccessChain %ptr_sb_uint %in %c0 %i
%x = OpLoad %uint %pin
%m = OpIMul %uint %x %a
%r = OpIAdd %uint %m %b
%pout = OpAccessChain %ptr_sb_uint %out %c0 %i
OpStore %pout %r
)"});

// Buffer kinds: uniform buffer uvec4 u (binding 0), uniform texel buffer t (binding 1, R32_UINT),
// storage texel buffer st (binding 2, R32_UINT), storage buffer out (binding 3); 4 lanes:
// out[i] = u[i] + t[i]; st[i] = u[i] * t[i].
inline constexpr const char* kBufferKindsShader = R"(
OpCapability Shader
OpCapability SampledBuffer
OpCapability ImageBuffer
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 4 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpMemberDecorate %UBO 0 Offset 0
OpDecorate %UBO Block
OpDecorate %ubo DescriptorSet 0
OpDecorate %ubo Binding 0
OpDecorate %utb DescriptorSet 0
OpDecorate %utb Binding 1
OpDecorate %stb DescriptorSet 0
OpDecorate %stb Binding 2
OpDecorate %rta ArrayStride 4
OpMemberDecorate %Buf 0 Offset 0
OpDecorate %Buf Block
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 3
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%v3uint = OpTypeVector %uint 3
%v4uint = OpTypeVector %uint 4
%ptr_in_v3 = OpTypePointer Input %v3uint
%gid = OpVariable %ptr_in_v3 Input
%UBO = OpTypeStruct %v4uint
%ptr_u_UBO = OpTypePointer Uniform %UBO
%ubo = OpVariable %ptr_u_UBO Uniform
%ptr_u_uint = OpTypePointer Uniform %uint
%utbT = OpTypeImage %uint Buffer 0 0 0 1 Unknown
%ptr_utb = OpTypePointer UniformConstant %utbT
%utb = OpVariable %ptr_utb UniformConstant
%stbT = OpTypeImage %uint Buffer 0 0 0 2 R32ui
%ptr_stb = OpTypePointer UniformConstant %stbT
%stb = OpVariable %ptr_stb UniformConstant
%rta = OpTypeRuntimeArray %uint
%Buf = OpTypeStruct %rta
%ptr_sb_Buf = OpTypePointer StorageBuffer %Buf
%out = OpVariable %ptr_sb_Buf StorageBuffer
%ptr_sb_uint = OpTypePointer StorageBuffer %uint
%c0 = OpConstant %uint 0
%main = OpFunction %void None %fn
%entry = OpLabel
%g = OpLoad %v3uint %gid
%i = OpCompositeExtract %uint %g 0
%pu = OpAccessChain %ptr_u_uint %ubo %c0 %i
%u = OpLoad %uint %pu
%ti = OpLoad %utbT %utb
%ii = OpBitcast %int %i
%f = OpImageFetch %v4uint %ti %ii
%t = OpCompositeExtract %uint %f 0
%sum = OpIAdd %uint %u %t
%po = OpAccessChain %ptr_sb_uint %out %c0 %i
OpStore %po %sum
%prod = OpIMul %uint %u %t
%pv = OpCompositeConstruct %v4uint %prod %c0 %c0 %c0
%si = OpLoad %stbT %stb
OpImageWrite %si %ii %pv
OpReturn
OpFunctionEnd
)";

// Image kinds, 4x4 lanes: sampled image (binding 0) + sampler (binding 1), combined image sampler
// (binding 2), storage image R32_UINT (binding 3), storage buffer of floats (binding 4):
// a = sample(tex, smp, center of (x,y)).x; b = sample(comb, ...).y;
// out[y*4+x] = a + b; storage(x,y) = uint(a) * 2.
inline constexpr const char* kImageKindsShader = R"(
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 4 4 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %tex DescriptorSet 0
OpDecorate %tex Binding 0
OpDecorate %smp DescriptorSet 0
OpDecorate %smp Binding 1
OpDecorate %comb DescriptorSet 0
OpDecorate %comb Binding 2
OpDecorate %simg DescriptorSet 0
OpDecorate %simg Binding 3
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 4
OpDecorate %rtaf ArrayStride 4
OpMemberDecorate %OutBuf 0 Offset 0
OpDecorate %OutBuf Block
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%float = OpTypeFloat 32
%v2int = OpTypeVector %int 2
%v3uint = OpTypeVector %uint 3
%v4uint = OpTypeVector %uint 4
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%ptr_in_v3 = OpTypePointer Input %v3uint
%gid = OpVariable %ptr_in_v3 Input
%img2d = OpTypeImage %float 2D 0 0 0 1 Unknown
%ptr_img2d = OpTypePointer UniformConstant %img2d
%tex = OpVariable %ptr_img2d UniformConstant
%samplerT = OpTypeSampler
%ptr_sampler = OpTypePointer UniformConstant %samplerT
%smp = OpVariable %ptr_sampler UniformConstant
%simg2d = OpTypeSampledImage %img2d
%ptr_simg2d = OpTypePointer UniformConstant %simg2d
%comb = OpVariable %ptr_simg2d UniformConstant
%uimg = OpTypeImage %uint 2D 0 0 0 2 R32ui
%ptr_uimg = OpTypePointer UniformConstant %uimg
%simg = OpVariable %ptr_uimg UniformConstant
%rtaf = OpTypeRuntimeArray %float
%OutBuf = OpTypeStruct %rtaf
%ptr_sb_out = OpTypePointer StorageBuffer %OutBuf
%out = OpVariable %ptr_sb_out StorageBuffer
%ptr_sb_float = OpTypePointer StorageBuffer %float
%c0 = OpConstant %uint 0
%c2 = OpConstant %uint 2
%c4 = OpConstant %uint 4
%f0 = OpConstant %float 0
%fhalf = OpConstant %float 0.5
%fquarter = OpConstant %float 0.25
%main = OpFunction %void None %fn
%entry = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%y = OpCompositeExtract %uint %g 1
%xf = OpConvertUToF %float %x
%yf = OpConvertUToF %float %y
%xh = OpFAdd %float %xf %fhalf
%yh = OpFAdd %float %yf %fhalf
%u = OpFMul %float %xh %fquarter
%v = OpFMul %float %yh %fquarter
%uv = OpCompositeConstruct %v2float %u %v
%t = OpLoad %img2d %tex
%s = OpLoad %samplerT %smp
%si = OpSampledImage %simg2d %t %s
%r1 = OpImageSampleExplicitLod %v4float %si %uv Lod %f0
%a = OpCompositeExtract %float %r1 0
%ci = OpLoad %simg2d %comb
%r2 = OpImageSampleExplicitLod %v4float %ci %uv Lod %f0
%b = OpCompositeExtract %float %r2 1
%sum = OpFAdd %float %a %b
%y4 = OpIMul %uint %y %c4
%idx = OpIAdd %uint %y4 %x
%po = OpAccessChain %ptr_sb_float %out %c0 %idx
OpStore %po %sum
%au = OpConvertFToU %uint %a
%a2 = OpIMul %uint %au %c2
%val = OpCompositeConstruct %v4uint %a2 %c0 %c0 %c0
%im = OpLoad %uimg %simg
%xi = OpBitcast %int %x
%yi = OpBitcast %int %y
%coord = OpCompositeConstruct %v2int %xi %yi
OpImageWrite %im %coord %val
OpReturn
OpFunctionEnd
)";

}  // namespace sl::test

namespace sl::test {

// A descriptor array of two storage buffers (set 0, binding 0, arrayCount 2) and an output
// (binding 1); the multiplier is specialization constant 7 (default 1):
// out[i] = (in[0][i] + in[1][i]) * spec7.
inline constexpr const char* kArraySpecShader = R"(
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %sum_main "sum_main" %gid
OpExecutionMode %sum_main LocalSize 4 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %rta ArrayStride 4
OpMemberDecorate %Buf 0 Offset 0
OpDecorate %Buf Block
OpDecorate %ins DescriptorSet 0
OpDecorate %ins Binding 0
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 1
OpDecorate %mul SpecId 7
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%v3uint = OpTypeVector %uint 3
%ptr_in_v3 = OpTypePointer Input %v3uint
%gid = OpVariable %ptr_in_v3 Input
%rta = OpTypeRuntimeArray %uint
%Buf = OpTypeStruct %rta
%c0 = OpConstant %uint 0
%c1 = OpConstant %uint 1
%c2 = OpConstant %uint 2
%mul = OpSpecConstant %uint 1
%Bufs = OpTypeArray %Buf %c2
%ptr_sb_Bufs = OpTypePointer StorageBuffer %Bufs
%ins = OpVariable %ptr_sb_Bufs StorageBuffer
%ptr_sb_Buf = OpTypePointer StorageBuffer %Buf
%out = OpVariable %ptr_sb_Buf StorageBuffer
%ptr_sb_uint = OpTypePointer StorageBuffer %uint
%sum_main = OpFunction %void None %fn
%entry = OpLabel
%g = OpLoad %v3uint %gid
%i = OpCompositeExtract %uint %g 0
%p0 = OpAccessChain %ptr_sb_uint %ins %c0 %c0 %i
%a = OpLoad %uint %p0
%p1 = OpAccessChain %ptr_sb_uint %ins %c1 %c0 %i
%b = OpLoad %uint %p1
%s = OpIAdd %uint %a %b
%r = OpIMul %uint %s %mul
%po = OpAccessChain %ptr_sb_uint %out %c0 %i
OpStore %po %r
OpReturn
OpFunctionEnd
)";

}  // namespace sl::test
