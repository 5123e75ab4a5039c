// A shader's resources against its root signature, as DXC's validator checks them.
#include "core/dxil/rootsig/RootSignatureBindings.h"
#include "core/dxil/rootsig/RootSignatureParser.h"

#include <catch2/catch.hpp>

using namespace sl::dxil::rootsig;

namespace {

RootSignature parse(std::string_view text) {
  ParsedRootSignature parsed = parseRootSignature(text, Version::V1_1);
  REQUIRE(parsed.ok());
  return parsed.signature;
}

ShaderResourceBinding binding(const char* name, RangeType type, uint32_t reg, uint32_t space = 0, bool rawOrStructured = true) {
  ShaderResourceBinding b;
  b.name = name;
  b.type = type;
  b.lowerBound = reg;
  b.space = space;
  b.rawOrStructured = rawOrStructured;
  return b;
}

}  // namespace

TEST_CASE("resources inside the root signature's ranges are bound", "[rootsig][bindings]") {
  // The suite's Defaults: root constants b0, a table with t0 and u1, a root UAV u2.
  const RootSignature rs = parse("RootConstants(num32BitConstants = 4, b0), DescriptorTable(SRV(t0), UAV(u1)), UAV(u2)");
  const ShaderResourceBinding bindings[] = {binding("RootConstants", RangeType::CBV, 0), binding("In", RangeType::SRV, 0),
                                            binding("Out1", RangeType::UAV, 1), binding("Out2", RangeType::UAV, 2)};
  CHECK_FALSE(checkShaderBindings(rs, Visibility::All, bindings));
  // An array inside an unbounded range, a texture in a table, samplers static or in a table.
  const RootSignature tables = parse("DescriptorTable(SRV(t0, numDescriptors = unbounded)), StaticSampler(s0), DescriptorTable(Sampler(s1))");
  ShaderResourceBinding array = binding("Textures", RangeType::SRV, 3, 0, false);
  array.count = 8;
  const ShaderResourceBinding more[] = {array, binding("Linear", RangeType::Sampler, 0), binding("Point", RangeType::Sampler, 1)};
  CHECK_FALSE(checkShaderBindings(tables, Visibility::Pixel, more));
}

TEST_CASE("what the root signature does not bind is an error", "[rootsig][bindings]") {
  const RootSignature rs = parse("DescriptorTable(SRV(t0, numDescriptors = 2), visibility = SHADER_VISIBILITY_PIXEL), UAV(u0), CBV(b0)");
  auto check = [&](ShaderResourceBinding b, Visibility stage = Visibility::Pixel) {
    return checkShaderBindings(rs, stage, std::span<const ShaderResourceBinding>(&b, 1)).value_or("");
  };
  CHECK(check(binding("A", RangeType::SRV, 2)) == "resource 'A' (SRV t2, space 0) is not bound by the root signature");
  CHECK(check(binding("B", RangeType::SRV, 0, 1)) == "resource 'B' (SRV t0, space 1) is not bound by the root signature");
  ShaderResourceBinding wide = binding("C", RangeType::SRV, 1);
  wide.count = 2;
  CHECK(check(wide) == "resource 'C' (SRV t1..2, space 0) is not bound by the root signature");
  CHECK(check(binding("D", RangeType::SRV, 0), Visibility::Vertex) == "resource 'D' (SRV t0, space 0) is not bound by the root signature");
  CHECK(check(binding("E", RangeType::SRV, 0)).empty());
  CHECK(check(binding("F", RangeType::UAV, 0, 0, false)) ==
        "resource 'F' (UAV u0, space 0) is a texture or typed buffer on a root descriptor: root SRV/UAV descriptors take only raw "
        "or structured buffers");
  ShaderResourceBinding counter = binding("G", RangeType::UAV, 0);
  counter.hasCounter = true;
  CHECK(check(counter) == "resource 'G' (UAV u0, space 0) has a counter on a root descriptor: root UAV descriptors take only buffers without one");
  CHECK(check(binding("H", RangeType::CBV, 0, 0, false)).empty());  // a cbuffer on a root CBV is what root CBVs are for
}

TEST_CASE("a stage denied root access binds nothing", "[rootsig][bindings]") {
  const RootSignature rs = parse("RootFlags(DENY_PIXEL_SHADER_ROOT_ACCESS), CBV(b0)");
  const ShaderResourceBinding cb[] = {binding("C", RangeType::CBV, 0)};
  CHECK(checkShaderBindings(rs, Visibility::Pixel, cb).value_or("") ==
        "the shader binds resources but its root signature denies the stage root access (DENY_*_SHADER_ROOT_ACCESS)");
  CHECK_FALSE(checkShaderBindings(rs, Visibility::Vertex, cb));
  CHECK_FALSE(checkShaderBindings(rs, Visibility::Pixel, {}));
}
