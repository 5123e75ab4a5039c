// The `container` stage text: the full dump of a small vertex shader, and failures on bad bytes.
#include "core/dxil/container/ContainerPrinter.h"
#include "core/dxil/container/ContainerWriter.h"
#include "tests/unit/dxil/TestShaders.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace sl::dxil;
using namespace sl::dxil::test;

namespace {

std::string print(const ShaderRuntimeInfo& info) {
  ContainerBuildResult built = buildContainer(info);
  REQUIRE(built.ok());
  std::vector<sl::Diagnostic> diags;
  std::string text = printContainer(built.bytes, diags);
  INFO(sl::renderDiagnostics(diags));
  REQUIRE(diags.empty());
  return text;
}

}  // namespace

TEST_CASE("container printer: vertex shader", "[dxil][printer]") {
  // The header digest is the DXBC checksum of these bytes; the shader hash is MD5 of no bitcode.
  const std::string expected = R"(; DXContainer 1.0, 552 bytes, digest 34ec50b7a1bab7f2bf78f0fb54c85383 (matches the bytes)
; parts: SFI0(8) ISG1(92) OSG1(96) PSV0(208) HASH(20) DXIL(24)
; program: vs_6_6, DXIL 1.6, bitcode 0 bytes (not generated yet)
; shader hash: d41d8cd98f00b204e9800998ecf8427e, flags 0, matches the bitcode
; SFI0 feature flags: 0x0000000000000000
;
; Input signature:
;
; Name                 Index   Mask Register SysValue  Format   Used
; -------------------- ----- ------ -------- -------- ------- ------
; POSITION                 0   xyzw        0     NONE   float   xyzw
; TEXCOORD                 0   xy          1     NONE   float   xy
;
; Output signature:
;
; Name                 Index   Mask Register SysValue  Format   Used
; -------------------- ----- ------ -------- -------- ------- ------
; SV_Position              0   xyzw        0      POS   float   xyzw
; TEXCOORD                 0   xy          1     NONE   float   x
;
; Pipeline state validation (PSV0 version 3):
;   stage: vertex
;   entry: VSMain
;   wave lanes: any
;   output position: yes
;   vectors: input 2, output 2
;   resources: 0
;   signature elements: 4
;   in     POSITION               0        rows 1 at 0.0 cols 4 Arbitrary float Undefined
;   in     TEXCOORD               0        rows 1 at 1.0 cols 2 Arbitrary float Undefined
;   out    (Position)             0        rows 1 at 0.0 cols 4 Position float LinearNoperspective
;   out    TEXCOORD               0        rows 1 at 1.0 cols 2 Arbitrary float Linear
;   inputs contributing to outputs:
;     0.x -> 0.x
;     0.y -> 0.y
;     0.z -> 0.z
;     0.w -> 0.w
;     1.x -> 1.x
)";
  CHECK(print(vertexShader()) == expected);
}

TEST_CASE("container printer: compute shader resources and feature notes", "[dxil][printer]") {
  const std::string text = print(computeShaderWithHeaps());
  CHECK_THAT(text, Catch::Contains(";       Raw and Structured buffers\n"
                                   ";       Resource descriptor heap indexing\n"
                                   ";       Sampler descriptor heap indexing\n"));
  CHECK_THAT(text, Catch::Contains("; no parameters\n"));
  CHECK_THAT(text, Catch::Contains(";   numthreads: 8, 8, 1\n"));
  CHECK_THAT(text, Catch::Contains(";   resources: 5\n"
                                   ";     CBV                      CBuffer            space 0 range 0..0\n"
                                   ";     Sampler                  Sampler            space 0 range 0..0\n"
                                   ";     SRVTyped                 Texture2D          space 0 range 1..1\n"
                                   ";     SRVTyped                 TypedBuffer        space 2 range 3..unbounded\n"
                                   ";     UAVStructuredWithCounter StructuredBuffer   space 0 range 0..0\n"));
}

TEST_CASE("container printer: unallocated outputs and the 1.6 layout", "[dxil][printer]") {
  ShaderRuntimeInfo info = pixelShader();
  info.validatorMinor = 6;
  info.outputs.push_back(element("SV_Depth", {0}, SemanticKind::Depth, SemanticInterpretation::NotPacked,
                                 ComponentType::F32, InterpolationMode::Undefined, 1, 1, -1, -1, 0x1));
  const std::string text = print(info);
  CHECK_THAT(text, Catch::Contains("; SV_Depth                 0    N/A   oDepth    DEPTH   float    YES\n"));
  CHECK_THAT(text, Catch::Contains("(PSV0 version 2)"));
  CHECK_THAT(text, Catch::Contains("depth output: yes, sample frequency: no"));
  CHECK_THAT(text, Catch::Contains("out    (Depth)                0        rows 1 unallocated cols 1 Depth float"));
}

TEST_CASE("container printer: malformed bytes give a diagnostic", "[dxil][printer]") {
  std::vector<sl::Diagnostic> diags;
  const std::vector<uint8_t> junk = {'D', 'X', 'B', 'C', 1, 2, 3};
  CHECK(printContainer(junk, diags).empty());
  REQUIRE(diags.size() == 1);
  CHECK_THAT(diags[0].message, Catch::Contains("not a readable DXContainer: missing DXBC header"));

  ContainerBuildResult built = buildContainer(vertexShader());
  REQUIRE(built.ok());
  std::vector<uint8_t> cut = built.bytes;
  cut.resize(cut.size() - 4);
  diags.clear();
  CHECK(printContainer(cut, diags).empty());
  REQUIRE(diags.size() == 1);
  CHECK_THAT(diags[0].message, Catch::Contains("header says 552 bytes, container has 548"));

  // A part offset pointing past the end.
  std::vector<uint8_t> bad = built.bytes;
  bad[32] = 0xF0;
  bad[33] = 0xFF;
  diags.clear();
  CHECK(printContainer(bad, diags).empty());
  REQUIRE(diags.size() == 1);
  CHECK_THAT(diags[0].message, Catch::Contains("part 0 at offset"));
}

TEST_CASE("container printer: corrupted containers never crash or hang", "[dxil][printer]") {
  for (const ShaderRuntimeInfo& info : {vertexShader(), pixelShader(), computeShaderWithHeaps()}) {
    ContainerBuildResult built = buildContainer(info);
    REQUIRE(built.ok());
    size_t rejected = 0, printed = 0;
    for (size_t at = 0; at < built.bytes.size(); ++at) {
      for (uint8_t value : {uint8_t(0x00), uint8_t(0x01), uint8_t(0x7F), uint8_t(0xFF)}) {
        std::vector<uint8_t> bytes = built.bytes;
        if (bytes[at] == value) continue;
        bytes[at] = value;
        std::vector<sl::Diagnostic> diags;
        const std::string text = printContainer(bytes, diags);
        if (text.empty()) {
          REQUIRE(diags.size() == 1);
          ++rejected;
        } else {
          REQUIRE(diags.empty());
          ++printed;
        }
      }
    }
    CHECK(rejected > 0);
    CHECK(printed > 0);
  }
}

TEST_CASE("container printer: PSV0 record sizes that LLVM's views cannot step through", "[dxil][printer]") {
  ContainerBuildResult built = buildContainer(computeShaderWithHeaps());
  REQUIRE(built.ok());
  // PSV0 payload: u32 info size, 52-byte info, u32 resource count, u32 resource stride.
  std::string error;
  const std::optional<ContainerView> view = readContainer(built.bytes, error);
  REQUIRE(view.has_value());
  size_t psvStart = 0;
  for (const ContainerPartInfo& part : view->parts)
    if (part.name == "PSV0") psvStart = part.offset + 8;
  REQUIRE(psvStart != 0);
  const size_t strideAt = psvStart + 4 + 52 + 4;
  // 0x33333334 * 5 wraps to 4 bytes: without the check, iterating would step past the end forever.
  for (uint32_t stride : {0u, 7u, 0x33333334u}) {
    INFO("stride " << stride);
    std::vector<uint8_t> bytes = built.bytes;
    std::memcpy(bytes.data() + strideAt, &stride, 4);
    std::vector<sl::Diagnostic> diags;
    CHECK(printContainer(bytes, diags).empty());
    REQUIRE(diags.size() == 1);
  }
}
