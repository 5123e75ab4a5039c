// RTS0 as DXC serializes it: header, parameter headers, per-parameter payloads (a table's ranges
// right after its header), static samplers; 1.0 without flag words. Expected words are worked
// out by hand from the layout (and agree with the sizes and offsets the suite's RootSignatures
// tests expect from DXC). Also the reader and the printer round trips.
#include "core/dxil/rootsig/RootSignatureParser.h"
#include "core/dxil/rootsig/RootSignaturePrinter.h"
#include "core/dxil/rootsig/RootSignatureReader.h"
#include "core/dxil/rootsig/RootSignatureWriter.h"

#include <catch2/catch.hpp>

#include <bit>

using namespace sl::dxil::rootsig;

namespace {

constexpr uint32_t kAppend = 0xFFFFFFFFu;

std::vector<uint32_t> words(const std::vector<uint8_t>& bytes) {
  REQUIRE(bytes.size() % 4 == 0);
  std::vector<uint32_t> out(bytes.size() / 4);
  for (size_t i = 0; i < out.size(); ++i)
    out[i] = uint32_t(bytes[4 * i]) | uint32_t(bytes[4 * i + 1]) << 8 | uint32_t(bytes[4 * i + 2]) << 16 |
             uint32_t(bytes[4 * i + 3]) << 24;
  return out;
}

std::vector<uint8_t> serialize(std::string_view text, Version version = Version::V1_1) {
  ParsedRootSignature parsed = parseRootSignature(text, version);
  INFO((parsed.error ? parsed.error->message : std::string()));
  REQUIRE(parsed.ok());
  return serializeRootSignature(parsed.signature);
}

const char kDefaults[] = "RootConstants(num32BitConstants = 4, b0), DescriptorTable(SRV(t0), UAV(u1)), UAV(u2)";

}  // namespace

TEST_CASE("RTS0 1.1: the suite's Defaults root signature word by word", "[rootsig][writer]") {
  const std::vector<uint32_t> expected = {
      2, 3, 24, 0, 140, 0,                    // header: version 1.1, 3 parameters at 24, no samplers (at the end), flags
      1, 0, 60, 0, 0, 72, 4, 0, 128,          // parameter headers: constants, table, UAV
      0, 0, 4,                                // @60 root constants: register, space, count
      2, 80,                                  // @72 table: 2 ranges at 80
      0, 1, 0, 0, 0, kAppend,                 // @80 SRV(t0): type, count, register, space, flags, offset
      1, 1, 1, 0, 0, kAppend,                 // @104 UAV(u1)
      2, 0, 0,                                // @128 UAV(u2): register, space, flags
  };
  CHECK(words(serialize(kDefaults)) == expected);
}

TEST_CASE("RTS0 1.0: no flag words in ranges and root descriptors", "[rootsig][writer]") {
  const std::vector<uint32_t> expected = {
      1, 3, 24, 0, 128, 0,
      1, 0, 60, 0, 0, 72, 4, 0, 120,
      0, 0, 4,
      2, 80,
      0, 1, 0, 0, kAppend,
      1, 1, 1, 0, kAppend,
      2, 0,
  };
  CHECK(words(serialize(kDefaults, Version::V1_0)) == expected);
}

TEST_CASE("RTS0: an empty root signature is its header", "[rootsig][writer]") {
  CHECK(words(serialize("")) == std::vector<uint32_t>{2, 0, 24, 0, 24, 0});
  CHECK(words(serialize("RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT | ALLOW_STREAM_OUTPUT)", Version::V1_0)) ==
        std::vector<uint32_t>{1, 0, 24, 0, 24, 0x41});
}

TEST_CASE("RTS0: static samplers are D3D12_STATIC_SAMPLER_DESC after the parameters", "[rootsig][writer]") {
  const std::vector<uint32_t> w = words(serialize(
      "DescriptorTable(SRV(t0), UAV(u1, numDescriptors = 2)), StaticSampler(s0), StaticSampler(s1, mipLODBias = -15.99, "
      "minLOD = 32.0, maxLOD = 32.0, addressV = TEXTURE_ADDRESS_MIRROR, filter = FILTER_MAXIMUM_MIN_MAG_MIP_POINT, "
      "space = 3, visibility = SHADER_VISIBILITY_PIXEL)"));
  REQUIRE(w.size() == 196 / 4);  // the suite's StaticSamplers: Size 196
  CHECK(w[3] == 2);
  CHECK(w[4] == 92);  // StaticSamplersOffset
  const uint32_t s0[13] = {0x55, 1, 1, 1, 0, 16, 4, 2, 0, std::bit_cast<uint32_t>(FLT_MAX), 0, 0, 0};
  const uint32_t s1[13] = {0x180, 1, 2, 1, std::bit_cast<uint32_t>(-15.99f), 16, 4, 2, std::bit_cast<uint32_t>(32.0f),
                           std::bit_cast<uint32_t>(32.0f), 1, 3, 5};
  for (int i = 0; i < 13; ++i) {
    INFO(i);
    CHECK(w[92 / 4 + i] == s0[i]);
    CHECK(w[92 / 4 + 13 + i] == s1[i]);
  }
}

TEST_CASE("RTS0: two tables, each with its ranges after its header", "[rootsig][writer]") {
  const std::vector<uint32_t> w =
      words(serialize("DescriptorTable(SRV(t2), UAV(u1, space=4)), DescriptorTable(UAV(u2, space=4, numdescriptors=1))"));
  REQUIRE(w.size() == 136 / 4);  // the suite's TwoDescriptorTables
  CHECK(w[8] == 48);             // first table header
  CHECK(w[48 / 4 + 1] == 56);    // its ranges
  CHECK(w[11] == 104);           // second table header
  CHECK(w[104 / 4 + 1] == 112);  // its ranges
}

TEST_CASE("RTS0 reads back to the same signature, and its printed form parses back", "[rootsig][reader][printer]") {
  const char* const texts[] = {
      kDefaults,
      "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT | SAMPLER_HEAP_DIRECTLY_INDEXED), CBV(b1, space = 2, flags = DATA_STATIC, "
      "visibility = SHADER_VISIBILITY_GEOMETRY), DescriptorTable(Sampler(s0, numDescriptors = unbounded, offset = 7), "
      "visibility = SHADER_VISIBILITY_AMPLIFICATION), StaticSampler(s3, mipLODBias = 0.1, maxLOD = 12.5, "
      "filter = FILTER_COMPARISON_ANISOTROPIC, comparisonFunc = COMPARISON_NEVER, borderColor = STATIC_BORDER_COLOR_TRANSPARENT_BLACK)",
      "DescriptorTable(UAV(u2, offset = 3, numDescriptors = unbounded, flags = DESCRIPTORS_VOLATILE | DATA_VOLATILE), "
      "SRV(t0, offset = 0, numDescriptors = 2)), DescriptorTable(visibility = SHADER_VISIBILITY_DOMAIN, CBV(b3))",
  };
  for (const char* text : texts) {
    for (Version version : {Version::V1_0, Version::V1_1}) {
      INFO(text);
      ParsedRootSignature parsed = parseRootSignature(text, Version::V1_1);
      REQUIRE(parsed.ok());
      RootSignature rs = parsed.signature;
      rs.version = version;
      if (version == Version::V1_0) {
        for (RootParameter& p : rs.parameters) {
          p.descriptor.flags = 0;
          for (DescriptorRange& r : p.ranges) r.flags = 0;
        }
      }
      const std::vector<uint8_t> bytes = serializeRootSignature(rs);
      std::string error;
      std::optional<RootSignature> back = readRootSignature(bytes, error);
      REQUIRE(back);
      CHECK(serializeRootSignature(*back) == bytes);

      std::string printed;
      for (const std::string& line : printRootSignature(*back)) printed += line + " ";
      INFO(printed);
      ParsedRootSignature reparsed = parseRootSignature(printed, version);
      INFO((reparsed.error ? reparsed.error->message : std::string()));
      REQUIRE(reparsed.ok());
      CHECK(serializeRootSignature(reparsed.signature) == bytes);
    }
  }
}

TEST_CASE("RTS0 reader: every truncation and a corrupted offset are errors, not crashes", "[rootsig][reader]") {
  const std::vector<uint8_t> bytes = serialize(std::string(kDefaults) + ", StaticSampler(s0)");
  std::string error;
  REQUIRE(readRootSignature(bytes, error));
  for (size_t n = 0; n < bytes.size(); ++n) {
    INFO(n);
    std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + long(n));
    error.clear();
    CHECK_FALSE(readRootSignature(cut, error));
    CHECK_FALSE(error.empty());
  }
  for (size_t i = 0; i < bytes.size(); ++i) {
    for (uint8_t value : {uint8_t(0xFF), uint8_t(0x7F), uint8_t(0x01)}) {
      std::vector<uint8_t> corrupt = bytes;
      corrupt[i] = value;
      (void)readRootSignature(corrupt, error);  // any answer, but no crash (ASan/UBSan builds check)
    }
  }
  std::vector<uint8_t> badVersion = bytes;
  badVersion[0] = 3;
  CHECK_FALSE(readRootSignature(badVersion, error));
  CHECK(error == "RTS0: unknown root signature version 3 (1 = 1.0, 2 = 1.1)");
}
