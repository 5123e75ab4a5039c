// The HLSL root-signature language: every clause and parameter, DXC's defaults, case
// insensitivity, version 1.0 restrictions and located errors.
#include "core/dxil/rootsig/RootSignatureParser.h"

#include <catch2/catch.hpp>

using namespace sl::dxil::rootsig;

namespace {

RootSignature parseOk(std::string_view text, Version version = Version::V1_1) {
  ParsedRootSignature parsed = parseRootSignature(text, version);
  INFO(text);
  INFO((parsed.error ? parsed.error->message : std::string()));
  REQUIRE(parsed.ok());
  return parsed.signature;
}

RootSignatureError parseError(std::string_view text, Version version = Version::V1_1) {
  ParsedRootSignature parsed = parseRootSignature(text, version);
  INFO(text);
  REQUIRE_FALSE(parsed.ok());
  return *parsed.error;
}

}  // namespace

TEST_CASE("an empty root signature has no parameters", "[rootsig][parser]") {
  RootSignature rs = parseOk("");
  CHECK(rs.version == Version::V1_1);
  CHECK(rs.flags == 0);
  CHECK(rs.parameters.empty());
  CHECK(rs.samplers.empty());
  CHECK(parseOk("   ", Version::V1_0).version == Version::V1_0);
}

TEST_CASE("RootFlags: 0, every flag, and '|'", "[rootsig][parser]") {
  CHECK(parseOk("RootFlags(0)").flags == 0);
  CHECK(parseOk("RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT | CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED | ALLOW_STREAM_OUTPUT)").flags ==
        (0x1u | 0x400u | 0x40u));
  CHECK(parseOk("RootFlags(DENY_VERTEX_SHADER_ROOT_ACCESS|DENY_HULL_SHADER_ROOT_ACCESS|DENY_DOMAIN_SHADER_ROOT_ACCESS|"
                "DENY_GEOMETRY_SHADER_ROOT_ACCESS|DENY_PIXEL_SHADER_ROOT_ACCESS|LOCAL_ROOT_SIGNATURE|"
                "DENY_AMPLIFICATION_SHADER_ROOT_ACCESS|DENY_MESH_SHADER_ROOT_ACCESS|SAMPLER_HEAP_DIRECTLY_INDEXED)")
            .flags == (0x2u | 0x4u | 0x8u | 0x10u | 0x20u | 0x80u | 0x100u | 0x200u | 0x800u));
}

TEST_CASE("RootConstants: count, register, space, visibility in any order", "[rootsig][parser]") {
  RootSignature rs = parseOk("RootConstants(space = 2, b7, visibility = SHADER_VISIBILITY_PIXEL, num32BitConstants = +61)");
  REQUIRE(rs.parameters.size() == 1);
  const RootParameter& p = rs.parameters[0];
  CHECK(p.type == ParameterType::Constants32Bit);
  CHECK(p.visibility == Visibility::Pixel);
  CHECK(p.constants.num32BitValues == 61);
  CHECK(p.constants.shaderRegister == 7);
  CHECK(p.constants.space == 2);
}

TEST_CASE("root descriptors CBV/SRV/UAV with flags; defaults are space 0, flags 0, visibility all", "[rootsig][parser]") {
  RootSignature rs = parseOk("CBV(b2), SRV(t4294967294, space = 4294967279, flags = DATA_STATIC), "
                             "UAV(u1, flags = DATA_VOLATILE | DATA_STATIC_WHILE_SET_AT_EXECUTE, visibility = SHADER_VISIBILITY_MESH)");
  REQUIRE(rs.parameters.size() == 3);
  CHECK(rs.parameters[0].type == ParameterType::CBV);
  CHECK(rs.parameters[0].descriptor.shaderRegister == 2);
  CHECK(rs.parameters[0].descriptor.space == 0);
  CHECK(rs.parameters[0].descriptor.flags == 0);
  CHECK(rs.parameters[0].visibility == Visibility::All);
  CHECK(rs.parameters[1].type == ParameterType::SRV);
  CHECK(rs.parameters[1].descriptor.shaderRegister == 4294967294u);
  CHECK(rs.parameters[1].descriptor.space == 4294967279u);
  CHECK(rs.parameters[1].descriptor.flags == descriptor_flags::kDataStatic);
  CHECK(rs.parameters[2].type == ParameterType::UAV);
  CHECK(rs.parameters[2].descriptor.flags == (descriptor_flags::kDataVolatile | descriptor_flags::kDataStaticWhileSetAtExecute));
  CHECK(rs.parameters[2].visibility == Visibility::Mesh);
}

TEST_CASE("descriptor tables: every range type, unbounded, offsets, flags, visibility", "[rootsig][parser]") {
  RootSignature rs = parseOk(
      "DescriptorTable(CBV(b0), SRV(t1, numDescriptors = 2, space = 3), UAV(u2, offset = 3, numDescriptors = unbounded, "
      "flags = DESCRIPTORS_VOLATILE | DATA_VOLATILE), visibility = SHADER_VISIBILITY_VERTEX, "
      "UAV(u9, offset = DESCRIPTOR_RANGE_OFFSET_APPEND, flags = DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS)), "
      "DescriptorTable(Sampler(s4, numDescriptors = 5, flags = 0))");
  REQUIRE(rs.parameters.size() == 2);
  const RootParameter& t = rs.parameters[0];
  CHECK(t.type == ParameterType::DescriptorTable);
  CHECK(t.visibility == Visibility::Vertex);
  REQUIRE(t.ranges.size() == 4);
  CHECK(t.ranges[0].type == RangeType::CBV);
  CHECK(t.ranges[0].numDescriptors == 1);
  CHECK(t.ranges[0].offset == kOffsetAppend);
  CHECK(t.ranges[0].flags == 0);
  CHECK(t.ranges[1].type == RangeType::SRV);
  CHECK(t.ranges[1].numDescriptors == 2);
  CHECK(t.ranges[1].baseRegister == 1);
  CHECK(t.ranges[1].space == 3);
  CHECK(t.ranges[2].numDescriptors == kUnbounded);
  CHECK(t.ranges[2].offset == 3);
  CHECK(t.ranges[2].flags == (range_flags::kDescriptorsVolatile | range_flags::kDataVolatile));
  CHECK(t.ranges[3].flags == range_flags::kDescriptorsStaticKeepingBufferBoundsChecks);
  CHECK(t.ranges[3].offset == kOffsetAppend);
  REQUIRE(rs.parameters[1].ranges.size() == 1);
  CHECK(rs.parameters[1].ranges[0].type == RangeType::Sampler);
  CHECK(rs.parameters[1].ranges[0].baseRegister == 4);
  CHECK(rs.parameters[1].ranges[0].numDescriptors == 5);
}

TEST_CASE("static samplers: DXC's defaults and every parameter", "[rootsig][parser]") {
  RootSignature rs = parseOk(
      "StaticSampler(s0), StaticSampler(s1, filter = FILTER_MAXIMUM_MIN_MAG_MIP_POINT, addressU = TEXTURE_ADDRESS_CLAMP, "
      "addressV = TEXTURE_ADDRESS_MIRROR, addressW = TEXTURE_ADDRESS_MIRROR_ONCE, mipLODBias = -15.99, maxAnisotropy = 4, "
      "comparisonFunc = COMPARISON_GREATER_EQUAL, borderColor = STATIC_BORDER_COLOR_OPAQUE_BLACK, minLOD = 1, maxLOD = 32.0f, "
      "space = 6, visibility = SHADER_VISIBILITY_HULL), StaticSampler(s2, filter = FILTER_COMPARISON_MIN_LINEAR_MAG_POINT_MIP_LINEAR, "
      "minLOD = -2, maxLOD = 1e3)");
  REQUIRE(rs.samplers.size() == 3);
  const StaticSampler& d = rs.samplers[0];
  CHECK(d.filter == 0x55);
  CHECK(d.addressU == 1);
  CHECK(d.addressV == 1);
  CHECK(d.addressW == 1);
  CHECK(d.mipLODBias == 0.0f);
  CHECK(d.maxAnisotropy == 16);
  CHECK(d.comparisonFunc == 4);
  CHECK(d.borderColor == 2);
  CHECK(d.minLOD == 0.0f);
  CHECK(d.maxLOD == FLT_MAX);
  CHECK(d.visibility == Visibility::All);
  const StaticSampler& s = rs.samplers[1];
  CHECK(s.shaderRegister == 1);
  CHECK(s.filter == 0x180);
  CHECK(s.addressU == 3);
  CHECK(s.addressV == 2);
  CHECK(s.addressW == 5);
  CHECK(s.mipLODBias == -15.99f);
  CHECK(s.maxAnisotropy == 4);
  CHECK(s.comparisonFunc == 7);
  CHECK(s.borderColor == 1);
  CHECK(s.minLOD == 1.0f);
  CHECK(s.maxLOD == 32.0f);
  CHECK(s.space == 6);
  CHECK(s.visibility == Visibility::Hull);
  CHECK(rs.samplers[2].filter == 0x91);
  CHECK(rs.samplers[2].minLOD == -2.0f);
  CHECK(rs.samplers[2].maxLOD == 1000.0f);
}

TEST_CASE("keywords are case-insensitive (the suite's ParameterInsensitivity)", "[rootsig][parser]") {
  RootSignature rs = parseOk(
      "rootflags(allow_input_assembler_input_layout),rootconstants(space = 2, b0, num32bitconstants = 4), "
      "DESCRIPTORTABLE(   SRV(FLAGS = DATA_STATIC, t0, SPACE = 0),   VisibilitY = ShadeR_VisibilitY_AlL,   "
      "uav(u1, NumDescriptors = UNBOUNDED) )");
  CHECK(rs.flags == root_flags::kAllowInputAssemblerInputLayout);
  REQUIRE(rs.parameters.size() == 2);
  CHECK(rs.parameters[0].constants.space == 2);
  REQUIRE(rs.parameters[1].ranges.size() == 2);
  CHECK(rs.parameters[1].ranges[0].flags == range_flags::kDataStatic);
  CHECK(rs.parameters[1].ranges[1].numDescriptors == kUnbounded);
}

TEST_CASE("version 1.0 refuses flags on root descriptors and ranges", "[rootsig][parser]") {
  RootSignatureError e = parseError("CBV(b0, flags = DATA_STATIC)", Version::V1_0);
  CHECK(e.message == "root descriptor flags cannot be specified for root_sig_1_0");
  CHECK(e.offset == 8);
  CHECK(e.length == 5);
  e = parseError("DescriptorTable(SRV(t0, flags = 0))", Version::V1_0);
  CHECK(e.message == "descriptor range flags cannot be specified for root_sig_1_0");
  CHECK(parseOk("DescriptorTable(SRV(t0)), UAV(u0)", Version::V1_0).parameters.size() == 2);
}

TEST_CASE("errors say what is wrong and where", "[rootsig][parser]") {
  struct Case {
    const char* text;
    uint32_t offset;
    const char* message;
  };
  const Case cases[] = {
      {"Foo(b0)", 0, "unexpected token 'Foo' (expected RootFlags, RootConstants, CBV, SRV, UAV, DescriptorTable or StaticSampler)"},
      {"CBV(t0)", 4, "incorrect register type 't0' in CBV (expected b#)"},
      {"DescriptorTable(Sampler(u0))", 24, "incorrect register type 'u0' in Sampler (expected s#)"},
      {"SRV(space = 1)", 0, "shader register must be defined for each CBV/SRV/UAV"},
      {"RootConstants(b0)", 0, "num32BitConstants must be defined for each RootConstants"},
      {"RootConstants(num32BitConstants = 1)", 0, "constant buffer register b# must be defined for each RootConstants"},
      {"StaticSampler(filter = FILTER_ANISOTROPIC)", 0, "sampler register s# must be defined for each static sampler"},
      {"UAV(u0, space = 1, space = 2)", 19, "parameter 'space' can be specified only once"},
      {"RootFlags(0), RootFlags(0)", 14, "RootFlags cannot be specified more than once"},
      {"RootFlags(1)", 10, "root signature flag values can only be 0 or flag enum values, found '1'"},
      {"RootFlags(DATA_STATIC)", 10, "expected a root signature flag value, found 'DATA_STATIC'"},
      {"CBV(b0", 6, "expected ',' or ')', found end of string"},
      {"CBV(b0) SRV(t0)", 8, "expected ',', found 'SRV'"},
      {"UAV(u4294967296)", 4, "unexpected token 'u4294967296'"},
      {"RootConstants(num32BitConstants = -1, b0)", 34, "expected a constant count (an unsigned 32-bit integer), found '-1'"},
      {"StaticSampler(s0, mipLODBias = 1e39)", 31, "expected a float, found '1e39'"},
      {"StaticSampler(s0, filter = FILTER_FOO)", 27, "unexpected filter value 'FILTER_FOO'"},
      {"CBV(b0, visibility = SHADER_VISIBILITY_NONE)", 21, "unexpected visibility value 'SHADER_VISIBILITY_NONE'"},
      {"DescriptorTable(SRV(t0), b0)", 25, "unexpected token 'b0'"},
      {"CBV(b0, flags = DESCRIPTORS_VOLATILE)", 16, "expected a root descriptor flag value, found 'DESCRIPTORS_VOLATILE'"},
      {"CBV(b0) #", 8, "expected ',', found '#'"},
      {"DescriptorTable()", 16, "unexpected token ')'"},  // DXC wants at least one range or parameter
  };
  for (const Case& c : cases) {
    RootSignatureError e = parseError(c.text);
    INFO(c.text);
    CHECK(e.message == c.message);
    CHECK(e.offset == c.offset);
  }
}

TEST_CASE("root signature profiles", "[rootsig][parser]") {
  CHECK(rootSignatureVersionFromProfile("rootsig_1_0") == Version::V1_0);
  CHECK(rootSignatureVersionFromProfile("rootsig_1_1") == Version::V1_1);
  CHECK_FALSE(rootSignatureVersionFromProfile("rootsig_1_2"));
  CHECK_FALSE(rootSignatureVersionFromProfile("cs_6_0"));
}

TEST_CASE("mangled root signatures give an answer, never a crash", "[rootsig][parser]") {
  // Every single-character deletion and replacement of a string that uses every clause: the
  // parser either accepts it or reports an error inside (or at the end of) the string.
  const std::string base =
      "RootFlags(ALLOW_STREAM_OUTPUT|DENY_MESH_SHADER_ROOT_ACCESS), RootConstants(num32BitConstants=+4, b0, space=1), CBV(b1, flags=DATA_STATIC), "
      "DescriptorTable(SRV(t0, numDescriptors=unbounded, offset=DESCRIPTOR_RANGE_OFFSET_APPEND), Sampler(s1)), "
      "StaticSampler(s0, mipLODBias=-1.5e1f, maxLOD=.5, filter=FILTER_MINIMUM_ANISOTROPIC)";
  const char replacements[] = {'(', ')', ',', '=', '|', '+', '-', '.', '9', 'e', 'f', ' ', '"', '\0', '\xff'};
  REQUIRE(parseRootSignature(base, Version::V1_1).ok());
  size_t accepted = 0, refused = 0;
  for (size_t i = 0; i < base.size(); ++i) {
    std::vector<std::string> variants{base.substr(0, i) + base.substr(i + 1)};
    for (char c : replacements) {
      std::string v = base;
      v[i] = c;
      variants.push_back(v);
    }
    for (const std::string& text : variants) {
      for (Version version : {Version::V1_0, Version::V1_1}) {
        ParsedRootSignature parsed = parseRootSignature(text, version);
        if (parsed.ok()) {
          ++accepted;
        } else {
          ++refused;
          CHECK(parsed.error->offset <= text.size());
          CHECK(parsed.error->offset + parsed.error->length <= text.size());
          CHECK_FALSE(parsed.error->message.empty());
        }
      }
    }
  }
  CHECK(accepted > 0);
  CHECK(refused > 0);
}
