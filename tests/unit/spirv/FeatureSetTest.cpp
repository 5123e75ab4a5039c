#include "core/spirv/FeatureSet.h"

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.hpp>

#include <catch2/catch.hpp>

using namespace sl::spirv;
namespace g = sl::ir::grammar;

TEST_CASE("capabilities implied by declared ones are not declared again", "[spirv][features]") {
  FeatureSet f(0x00010000, "vulkan1.0");
  f.declareCapability(spv::CapabilityShader);
  f.requireOpcode(spv::OpTypeMatrix);  // needs Matrix, which Shader implies
  CHECK(f.capabilities() == std::set<uint32_t>{spv::CapabilityShader});
  f.requireOpcode(spv::OpImageQuerySize);  // Kernel or ImageQuery: picks the shader one
  CHECK(f.capabilities().count(spv::CapabilityImageQuery));
  CHECK_FALSE(f.capabilities().count(spv::CapabilityKernel));
  CHECK(f.errors().empty());
}

TEST_CASE("features core in a later version add their extension or report an error", "[spirv][features]") {
  FeatureSet old(0x00010000, "vulkan1.0");
  old.declareCapability(spv::CapabilityShader);
  old.requireEnum(g::Kind::StorageClass, spv::StorageClassStorageBuffer);
  CHECK(old.extensions() == std::set<std::string>{"SPV_KHR_storage_buffer_storage_class"});
  old.requireOpcode(spv::OpGroupNonUniformElect);
  // Both the capability and the instruction itself are 1.3 features; each names the target to pick.
  const std::string hint = "; choose a newer target with -fspv-target-env=vulkan1.1 or later";
  CHECK(old.errors() == std::vector<std::string>{"capability GroupNonUniform needs SPIR-V 1.3 (target vulkan1.0)" + hint,
                                                 "OpGroupNonUniformElect needs SPIR-V 1.3 (target vulkan1.0)" + hint});

  FeatureSet v13(0x00010300, "vulkan1.1");
  v13.declareCapability(spv::CapabilityShader);
  v13.requireEnum(g::Kind::StorageClass, spv::StorageClassStorageBuffer);
  v13.requireOpcode(spv::OpGroupNonUniformElect);
  CHECK(v13.extensions().empty());
  CHECK(v13.errors().empty());
  CHECK(v13.capabilities().count(spv::CapabilityGroupNonUniform));

  FeatureSet v14(0x00010400, "vulkan1.1spirv1.4");
  v14.requireEnum(g::Kind::Decoration, spv::DecorationNonUniform);
  CHECK(v14.capabilities().count(spv::CapabilityShaderNonUniform));
  CHECK(v14.extensions() == std::set<std::string>{"SPV_EXT_descriptor_indexing"});
  v14.requireGlsl(GLSLstd450InterpolateAtSample);
  CHECK(v14.capabilities().count(spv::CapabilityInterpolationFunction));
}
