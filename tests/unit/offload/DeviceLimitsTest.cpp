// Device-limit notes (renderer/offload/DeviceLimits.h): found from SPIR-V and device features.
#include <catch2/catch.hpp>

#include <cstring>

#include "renderer/offload/DeviceLimits.h"
#include "tests/unit/offload/SpirvAsm.h"

using namespace sl;
using namespace sl::offload;

namespace {

std::vector<uint32_t> words(const std::string& text) {
  std::string error;
  std::vector<uint8_t> bytes = test::assemble(text, &error, SPV_ENV_VULKAN_1_2, false);
  INFO(error);
  REQUIRE(!bytes.empty());
  std::vector<uint32_t> w(bytes.size() / 4);
  std::memcpy(w.data(), bytes.data(), bytes.size());
  return w;
}

hal::AdapterInfo llvmpipe() {
  hal::AdapterInfo a;
  a.name = "llvmpipe (LLVM 15.0.6, 256 bits)";
  a.driverName = "llvmpipe";
  a.type = hal::DeviceType::Cpu;
  return a;
}

hal::AdapterInfo gpu() {
  hal::AdapterInfo a;
  a.name = "Some GPU";
  a.type = hal::DeviceType::DiscreteGpu;
  a.features.descriptorIndexing = true;
  a.features.int64ImageAtomics = true;
  return a;
}

// A quad swap in direction @DIR@ (0 = across X, 1 = Y, 2 = diagonal).
const char* kQuad = R"(
OpCapability Shader
OpCapability GroupNonUniformQuad
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 2 2 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%scope = OpConstant %uint 3
%dir = OpConstant %uint @DIR@
%one = OpConstant %uint 1
%main = OpFunction %void None %fn
%e = OpLabel
%r = OpGroupNonUniformQuadSwap %uint %scope %one %dir
OpReturn
OpFunctionEnd
)";

std::string quad(int direction) {
  std::string t = kQuad;
  t.replace(t.find("@DIR@"), 5, std::to_string(direction));
  return t;
}

// buf[nonuniform(i)] on an array of 4 storage buffers.
const char* kNonUniform = R"(
OpCapability Shader
OpCapability ShaderNonUniform
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %rta ArrayStride 4
OpMemberDecorate %Buf 0 Offset 0
OpDecorate %Buf Block
OpDecorate %bufs DescriptorSet 0
OpDecorate %bufs Binding 0
OpDecorate %chain NonUniform
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%four = OpConstant %uint 4
%zero = OpConstant %uint 0
%rta = OpTypeRuntimeArray %uint
%Buf = OpTypeStruct %rta
%arr = OpTypeArray %Buf %four
%ptr_arr = OpTypePointer StorageBuffer %arr
%ptr_buf = OpTypePointer StorageBuffer %Buf
%bufs = OpVariable %ptr_arr StorageBuffer
%main = OpFunction %void None %fn
%e = OpLabel
%chain = OpAccessChain %ptr_buf %bufs %zero
OpReturn
OpFunctionEnd
)";

std::vector<std::string> ids(const std::vector<DeviceLimitNote>& notes) {
  std::vector<std::string> out;
  for (const auto& n : notes) out.push_back(n.id);
  return out;
}

}  // namespace

TEST_CASE("quad reads across Y or the diagonal are a llvmpipe limit, across X is not", "[offload]") {
  CHECK(ids(deviceLimitNotes(words(quad(1)), llvmpipe())) == std::vector<std::string>{"quad-layout"});
  CHECK(ids(deviceLimitNotes(words(quad(2)), llvmpipe())) == std::vector<std::string>{"quad-layout"});
  CHECK(deviceLimitNotes(words(quad(0)), llvmpipe()).empty());
  CHECK(deviceLimitNotes(words(quad(1)), gpu()).empty());  // a GPU's quads are 2x2
}

TEST_CASE("non-uniform descriptor indexing is a limit only without descriptor indexing", "[offload]") {
  CHECK(ids(deviceLimitNotes(words(kNonUniform), llvmpipe())) == std::vector<std::string>{"non-uniform-indexing"});
  CHECK(deviceLimitNotes(words(kNonUniform), gpu()).empty());
  const std::string rendered = renderDeviceLimitNotes(deviceLimitNotes(words(kNonUniform), llvmpipe()));
  CHECK_THAT(rendered, Catch::StartsWith("note: device limit (non-uniform-indexing): "));

  // Our compiler decorates the index copy and the loaded descriptor instead of the chain.
  std::string onIndex = kNonUniform;
  onIndex.replace(onIndex.find("OpDecorate %chain NonUniform"), 28, "OpDecorate %idx NonUniform");
  onIndex.replace(onIndex.find("%chain = OpAccessChain %ptr_buf %bufs %zero"), 43,
                  "%idx = OpCopyObject %uint %zero\n%chain = OpAccessChain %ptr_buf %bufs %idx");
  CHECK(ids(deviceLimitNotes(words(onIndex), llvmpipe())) == std::vector<std::string>{"non-uniform-indexing"});
  // A NonUniform value that never indexes a descriptor array is not the limit.
  std::string unrelated = kNonUniform;
  unrelated.replace(unrelated.find("OpDecorate %chain NonUniform"), 28, "OpDecorate %other NonUniform");
  unrelated.replace(unrelated.find("OpReturn"), 8, "%other = OpCopyObject %uint %zero\nOpReturn");
  CHECK(deviceLimitNotes(words(unrelated), llvmpipe()).empty());
}

TEST_CASE("Int64ImageEXT without VK_EXT_shader_image_atomic_int64, and malformed input", "[offload]") {
  std::vector<uint32_t> w = words(quad(0));
  // Add OpCapability Int64ImageEXT (5016) right after the header.
  w.insert(w.begin() + 5, {(2u << 16) | 17u, 5016u});
  CHECK(ids(deviceLimitNotes(w, llvmpipe())) == std::vector<std::string>{"int64-image"});
  CHECK(deviceLimitNotes(w, gpu()).empty());
  std::vector<uint32_t> truncated(w.begin(), w.begin() + 8);
  truncated[5] = (40u << 16) | 17u;  // an instruction running past the end
  CHECK(deviceLimitNotes(truncated, llvmpipe()).empty());
  CHECK(deviceLimitNotes(std::vector<uint32_t>{1, 2, 3}, llvmpipe()).empty());
}
