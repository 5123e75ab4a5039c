// DXC's root-signature rules (VerifyRootSignature), each broken once, with the error placed at
// the clause that breaks it; and the suite's signatures, which break none.
#include "core/dxil/rootsig/RootSignatureParser.h"
#include "core/dxil/rootsig/RootSignatureValidator.h"

#include <catch2/catch.hpp>

using namespace sl::dxil::rootsig;

namespace {

std::optional<RootSignatureError> validate(std::string_view text) {
  ParsedRootSignature parsed = parseRootSignature(text, Version::V1_1);
  INFO(text);
  INFO((parsed.error ? parsed.error->message : std::string()));
  REQUIRE(parsed.ok());
  return validateRootSignature(parsed.signature);
}

}  // namespace

TEST_CASE("valid root signatures pass, the suite's edge cases included", "[rootsig][validator]") {
  const char* const valid[] = {
      "",
      "RootConstants(num32BitConstants = 4, b0), DescriptorTable(SRV(t0), UAV(u1)), UAV(u2)",
      "RootConstants(num32BitConstants = +61, b0), DescriptorTable(SRV(t4294967294), UAV(u1, space = 4294967279)), UAV(u2)",
      "DescriptorTable(UAV(u2, offset = 3, numDescriptors = unbounded), SRV(t0, offset = 0, numDescriptors = 2), "
      "UAV(u1, offset = DESCRIPTOR_RANGE_OFFSET_APPEND, numDescriptors = 1))",
      "DescriptorTable(SRV(t0), UAV(u1, numDescriptors = 2)), StaticSampler(s0), StaticSampler(s1, mipLODBias = -15.99)",
      // Same registers, visibilities that never meet.
      "CBV(b0, visibility = SHADER_VISIBILITY_PIXEL), CBV(b0, visibility = SHADER_VISIBILITY_VERTEX)",
      // Same register number, different types or spaces.
      "CBV(b0), SRV(t0), UAV(u0), CBV(b0, space = 1), DescriptorTable(Sampler(s0))",
      "DescriptorTable(SRV(t0, flags = DESCRIPTORS_VOLATILE | DATA_STATIC_WHILE_SET_AT_EXECUTE))",
  };
  for (const char* text : valid) {
    INFO(text);
    std::optional<RootSignatureError> e = validate(text);
    CHECK_FALSE(e);
    if (e) WARN(e->message);
  }
}

TEST_CASE("each rule, broken once", "[rootsig][validator]") {
  struct Case {
    const char* text;
    uint32_t offset;
    const char* message;
  };
  const Case cases[] = {
      {"DescriptorTable(SRV(t0), Sampler(s0))", 25,
       "sampler ranges cannot share a descriptor table with CBV/SRV/UAV ranges (root parameter 0)"},
      {"DescriptorTable(SRV(t0, numDescriptors = 0))", 16, "numDescriptors cannot be 0 (root parameter 0, table range 0)"},
      {"DescriptorTable(SRV(t0, numDescriptors = unbounded), SRV(t9))", 53,
       "a range cannot be appended after an unbounded range; give it an offset (root parameter 0, table range 1)"},
      {"DescriptorTable(SRV(t4294967295, numDescriptors = 2))", 16,
       "register range overflows: base register 4294967295 + 2 descriptors (root parameter 0, table range 0)"},
      {"DescriptorTable(SRV(t0, offset = 4294967295, numDescriptors = 2))", 16, ""},  // offset 0xFFFFFFFF is APPEND
      {"DescriptorTable(SRV(t0, offset = 4294967294, numDescriptors = 3))", 16,
       "descriptor range overflows the table (root parameter 0, table range 0)"},
      {"DescriptorTable(Sampler(s0, flags = DATA_VOLATILE))", 16,
       "sampler ranges take no DATA_* flags: samplers point at no data (root parameter 0, table range 0)"},
      {"DescriptorTable(CBV(b0, flags = DATA_VOLATILE | DATA_STATIC))", 16,
       "a descriptor range takes at most one DATA_* flag (root parameter 0, table range 0)"},
      {"DescriptorTable(UAV(u0, flags = DATA_STATIC | DESCRIPTORS_VOLATILE))", 16,
       "DATA_STATIC cannot be combined with DESCRIPTORS_VOLATILE (root parameter 0, table range 0)"},
      {"CBV(b0), UAV(u0, flags = DATA_STATIC | DATA_VOLATILE)", 9, "a root descriptor takes at most one DATA_* flag (root parameter 1)"},
      {"SRV(t0, space = 4294967280)", 0,
       "register space 4294967280 is reserved for the system (0xFFFFFFF0 to 0xFFFFFFFF; root parameter 0)"},
      {"CBV(b3), RootConstants(num32BitConstants = 1, b3)", 9,
       "CBV registers of root parameter 1 (visibility ALL) overlap those of root parameter 0 (visibility ALL)"},
      {"DescriptorTable(SRV(t0, numDescriptors = 4), visibility = SHADER_VISIBILITY_PIXEL), SRV(t3)", 84,
       "SRV registers of root parameter 1 (visibility ALL) overlap those of root parameter 0, table range 0 (visibility PIXEL)"},
      {"StaticSampler(s0, visibility = SHADER_VISIBILITY_PIXEL), DescriptorTable(Sampler(s0), visibility = SHADER_VISIBILITY_MESH)",
       0, ""},  // visibilities that never meet
      {"StaticSampler(s0, mipLODBias = 16)", 0, "mipLODBias must be in [-16, 15.99] (static sampler 0)"},
      {"StaticSampler(s0, maxAnisotropy = 17)", 0, "maxAnisotropy must be at most 16 (static sampler 0)"},
      {"DescriptorTable(Sampler(s1)), StaticSampler(s1)", 30,
       "Sampler registers of static sampler 0 (visibility ALL) overlap those of root parameter 0, table range 0 (visibility ALL)"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    ParsedRootSignature parsed = parseRootSignature(c.text, Version::V1_1);
    REQUIRE(parsed.ok());
    std::optional<RootSignatureError> e = validateRootSignature(parsed.signature);
    if (std::string(c.message).empty()) {
      CHECK_FALSE(e);
      continue;
    }
    REQUIRE(e);
    CHECK(e->message == c.message);
    CHECK(e->offset == c.offset);
  }
}
