#include "core/spirv/CrossCompile.h"
#include "core/spirv/SpirvTools.h"
#include "core/spirv/Writer.h"
#include "tests/unit/ir/ShaderFixtures.h"

#include <spirv-tools/libspirv.hpp>

#include <catch2/catch.hpp>

#include <functional>

using namespace sl;
using sl::spirv::CrossLanguage;

namespace {

std::vector<uint32_t> writeFixture(const ir::Module& module) {
  spirv::WriterOptions options;
  options.env = spirv::TargetEnv::Vulkan1_1;
  spirv::WriteResult written = spirv::writeModule(module, options);
  INFO(renderDiagnostics(written.diagnostics));
  REQUIRE(written.ok());
  REQUIRE(spirv::validate(written.words, options.env).empty());
  return written.words;
}

std::vector<uint32_t> assemble(const std::string& text) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
  std::vector<uint32_t> words;
  REQUIRE(tools.Assemble(text, &words));
  return words;
}

// A compute shader with OpLine on its store, as `-fspv-debug=line` makes them.
const char* kWithLines = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 8 1 1
       %file = OpString "shader.hlsl"
               OpName %main "main"
               OpName %Buf "type.RWStructuredBuffer.uint"
               OpName %buf "buf"
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 3
               OpDecorate %arr ArrayStride 4
               OpMemberDecorate %Buf 0 Offset 0
               OpDecorate %Buf BufferBlock
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
      %uint3 = OpTypeVector %uint 3
     %pin3 = OpTypePointer Input %uint3
       %pin = OpTypePointer Input %uint
        %int = OpTypeInt 32 1
      %int0 = OpConstant %int 0
     %uint0 = OpConstant %uint 0
        %arr = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %arr
       %pBuf = OpTypePointer Uniform %Buf
      %pelem = OpTypePointer Uniform %uint
        %gid = OpVariable %pin3 Input
        %buf = OpVariable %pBuf Uniform
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpLine %file 12 5
         %px = OpAccessChain %pin %gid %uint0
          %x = OpLoad %uint %px
         %pe = OpAccessChain %pelem %buf %int0 %x
               OpStore %pe %x
               OpNoLine
               OpReturn
               OpFunctionEnd
)";

// A wave op (OpGroupNonUniformIAdd) on the buffer element.
const char* kWaveOp = R"(
               OpCapability Shader
               OpCapability GroupNonUniform
               OpCapability GroupNonUniformArithmetic
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 32 1 1
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
               OpDecorate %arr ArrayStride 4
               OpMemberDecorate %Buf 0 Offset 0
               OpDecorate %Buf BufferBlock
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
      %uint3 = OpTypeVector %uint 3
       %pin3 = OpTypePointer Input %uint3
        %pin = OpTypePointer Input %uint
      %uint0 = OpConstant %uint 0
   %subgroup = OpConstant %uint 3
        %arr = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %arr
       %pBuf = OpTypePointer Uniform %Buf
      %pelem = OpTypePointer Uniform %uint
        %gid = OpVariable %pin3 Input
        %buf = OpVariable %pBuf Uniform
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %px = OpAccessChain %pin %gid %uint0
          %x = OpLoad %uint %px
        %sum = OpGroupNonUniformIAdd %uint %subgroup Reduce %x
         %pe = OpAccessChain %pelem %buf %uint0 %x
               OpStore %pe %sum
               OpReturn
               OpFunctionEnd
)";

bool contains(const std::string& text, const char* needle) { return text.find(needle) != std::string::npos; }

}  // namespace

TEST_CASE("stage names map to languages and back", "[spirv][cross]") {
  for (CrossLanguage language : {CrossLanguage::Glsl, CrossLanguage::Hlsl, CrossLanguage::Msl}) {
    std::optional<CrossLanguage> back = spirv::crossLanguageForStage(spirv::crossStageName(language));
    REQUIRE(back);
    CHECK(*back == language);
  }
  CHECK(std::string(spirv::crossStageName(CrossLanguage::Msl)) == "spirv.msl");
  CHECK_FALSE(spirv::crossLanguageForStage("spirv"));
  CHECK_FALSE(spirv::crossLanguageForStage("spirv.cpp"));
}

TEST_CASE("HLSL shader model from a DXC profile", "[spirv][cross]") {
  CHECK(spirv::hlslShaderModelForProfile("cs_6_6") == 66);
  CHECK(spirv::hlslShaderModelForProfile("cs_6_0") == 60);
  CHECK(spirv::hlslShaderModelForProfile("lib_6_3") == 63);
  CHECK(spirv::hlslShaderModelForProfile("cs_5_0") == 60);  // compute SPIR-V needs SM 6 features
  CHECK(spirv::hlslShaderModelForProfile("") == 60);
  CHECK(spirv::hlslShaderModelForProfile("cs_6_x") == 60);
  CHECK(spirv::hlslShaderModelForProfile("cs_66") == 60);
}

TEST_CASE("every writer fixture has all three cross views", "[spirv][cross]") {
  using Build = std::function<ir::Module(ir::fixtures::BufferStyle)>;
  const std::vector<std::pair<const char*, Build>> fixtures = {
      {"doubleBuffer", ir::fixtures::doubleBuffer},
      {"loops", ir::fixtures::loops},
      {"switchAndSelect", ir::fixtures::switchAndSelect},
      {"uniformsAndPushConstants", ir::fixtures::uniformsAndPushConstants},
      {"sharedMemoryAndAtomics", ir::fixtures::sharedMemoryAndAtomics},
  };
  for (const auto& [name, build] : fixtures) {
    for (auto style : {ir::fixtures::BufferStyle::StorageBufferBlock, ir::fixtures::BufferStyle::UniformBufferBlock}) {
      const std::vector<uint32_t> words = writeFixture(build(style));
      for (CrossLanguage language : {CrossLanguage::Glsl, CrossLanguage::Hlsl, CrossLanguage::Msl}) {
        INFO(name << " " << spirv::crossStageName(language));
        spirv::CrossResult r = spirv::crossCompile(words, language);
        INFO(renderDiagnostics(r.diagnostics));
        CHECK(r.ok());
        CHECK(r.diagnostics.empty());
      }
    }
  }
}

TEST_CASE("each view is in its own language", "[spirv][cross]") {
  const std::vector<uint32_t> words = writeFixture(ir::fixtures::doubleBuffer(ir::fixtures::BufferStyle::StorageBufferBlock));
  spirv::CrossResult glsl = spirv::crossCompile(words, CrossLanguage::Glsl);
  REQUIRE(glsl.ok());
  CHECK(contains(glsl.text, "#version 450"));
  CHECK(contains(glsl.text, "layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;"));
  CHECK(contains(glsl.text, "set = 0, binding = 0"));  // Vulkan GLSL keeps the descriptor slots
  CHECK(contains(glsl.text, "gl_GlobalInvocationID"));

  spirv::CrossResult hlsl = spirv::crossCompile(words, CrossLanguage::Hlsl);
  REQUIRE(hlsl.ok());
  CHECK(contains(hlsl.text, "[numthreads(64, 1, 1)]"));
  CHECK(contains(hlsl.text, "SV_DispatchThreadID"));
  CHECK(contains(hlsl.text, "void main("));  // the SPIR-V entry name, not SPIRV-Cross's "comp_main"

  spirv::CrossResult msl = spirv::crossCompile(words, CrossLanguage::Msl);
  REQUIRE(msl.ok());
  CHECK(contains(msl.text, "#include <metal_stdlib>"));
  CHECK(contains(msl.text, "kernel void"));
  CHECK(contains(msl.text, "thread_position_in_grid"));
}

TEST_CASE("OpLine becomes a line map, not #line text", "[spirv][cross]") {
  const std::vector<uint32_t> words = assemble(kWithLines);
  for (CrossLanguage language : {CrossLanguage::Glsl, CrossLanguage::Hlsl, CrossLanguage::Msl}) {
    INFO(spirv::crossStageName(language));
    spirv::CrossResult r = spirv::crossCompile(words, language);
    INFO(renderDiagnostics(r.diagnostics));
    REQUIRE(r.ok());
    INFO(r.text);
    CHECK_FALSE(contains(r.text, "#line"));
    CHECK_FALSE(contains(r.text, "GL_GOOGLE_cpp_style_line_directive"));
    const size_t lines = static_cast<size_t>(std::count(r.text.begin(), r.text.end(), '\n'));
    REQUIRE(r.lineSources.size() == lines);
    // The store's line maps to shader.hlsl:12; lines above the first directive map nowhere.
    bool storeMapped = false;
    size_t lineStart = 0;
    for (size_t i = 0; i < lines; ++i) {
      const size_t lineEnd = r.text.find('\n', lineStart);
      const std::string line = r.text.substr(lineStart, lineEnd - lineStart);
      lineStart = lineEnd + 1;
      if (line.find("buf") != std::string::npos && line.find("gl_GlobalInvocationID.x") != std::string::npos) {
        CHECK(r.lineSources[i].file == "shader.hlsl");
        CHECK(r.lineSources[i].line == 12);
        storeMapped = true;
      }
    }
    CHECK_FALSE(r.lineSources.front().valid());
    CHECK(storeMapped);
  }
}

TEST_CASE("SPIRV-Cross failures are diagnostics", "[spirv][cross]") {
  SECTION("empty module") {
    spirv::CrossResult r = spirv::crossCompile({}, CrossLanguage::Glsl);
    CHECK_FALSE(r.ok());
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].severity == Severity::Error);
    CHECK(contains(r.diagnostics[0].message, "spirv.glsl: SPIRV-Cross cannot translate this module"));
  }
  SECTION("not SPIR-V") {
    const std::vector<uint32_t> garbage = {0xdeadbeef, 1, 2, 3, 4, 5, 6, 7};
    for (CrossLanguage language : {CrossLanguage::Glsl, CrossLanguage::Hlsl, CrossLanguage::Msl}) {
      spirv::CrossResult r = spirv::crossCompile(garbage, language);
      CHECK_FALSE(r.ok());
      CHECK(r.text.empty());
      REQUIRE(r.diagnostics.size() == 1);
      CHECK(contains(r.diagnostics[0].message, spirv::crossStageName(language)));
    }
  }
  SECTION("truncated module") {
    std::vector<uint32_t> words = assemble(kWithLines);
    for (size_t keep : {size_t(5), words.size() / 3, words.size() / 2, words.size() - 1}) {
      std::vector<uint32_t> cut(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(keep));
      spirv::CrossResult r = spirv::crossCompile(cut, CrossLanguage::Hlsl);
      INFO(keep << " words: " << r.text);
      CHECK_FALSE(r.ok());
      CHECK(hasErrors(r.diagnostics));
    }
  }
  SECTION("a feature the target language version lacks") {
    const std::vector<uint32_t> words = assemble(kWaveOp);
    spirv::CrossOptions old;
    old.hlslShaderModel = 50;  // wave intrinsics arrived in SM 6.0
    spirv::CrossResult r = spirv::crossCompile(words, CrossLanguage::Hlsl, old);
    CHECK_FALSE(r.ok());
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(contains(r.diagnostics[0].message, "spirv.hlsl"));
    // With the default (SM 6.0) the same module translates.
    spirv::CrossResult fine = spirv::crossCompile(words, CrossLanguage::Hlsl);
    INFO(renderDiagnostics(fine.diagnostics));
    CHECK(fine.ok());
    CHECK(contains(fine.text, "WaveActiveSum"));
  }
}

TEST_CASE("validation messages name ids although the first pass runs without friendly names", "[spirv][validate]") {
  // A store to an Input variable is invalid; the message must still say %gid_in, not %N.
  const std::vector<uint32_t> words = assemble(R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid_in
               OpExecutionMode %main LocalSize 1 1 1
               OpName %gid_in "gid_in"
               OpDecorate %gid_in BuiltIn GlobalInvocationId
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
        %ptr = OpTypePointer Input %v3uint
     %gid_in = OpVariable %ptr Input
     %zero = OpConstantNull %v3uint
       %main = OpFunction %void None %fn
      %label = OpLabel
               OpStore %gid_in %zero
               OpReturn
               OpFunctionEnd
)");
  const std::vector<Diagnostic> diags = spirv::validate(words, spirv::TargetEnv::Vulkan1_1);
  REQUIRE(!diags.empty());
  CHECK(diags.front().severity == Severity::Error);
  CHECK(diags.front().message.find("gid_in") != std::string::npos);
}
