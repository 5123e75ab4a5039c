// Entry words from interp register bytes, and how values print.
#include <catch2/catch.hpp>

#include <cstring>

#include "interp/probe/Capture.h"

using namespace sl::interp::probe;

namespace {
ProbedValue of(ValueKind kind, uint32_t width, uint32_t components = 1) {
  ProbedValue p;
  p.kind = kind;
  p.width = width;
  p.components = components;
  return p;
}
}  // namespace

TEST_CASE("register bytes become the words a probe stores", "[probe]") {
  const uint8_t bools[3] = {1, 0, 1};
  CHECK(entryWordsOfRegister(of(ValueKind::Bool, 1, 3), bools, 3) == std::vector<uint32_t>{1, 0, 1});
  const int16_t shorts[2] = {-1, 5};
  CHECK(entryWordsOfRegister(of(ValueKind::SignedInt, 16, 2), reinterpret_cast<const uint8_t*>(shorts), 4) ==
        std::vector<uint32_t>{0xffff, 5});
  const uint16_t half = 0x3e00;  // 1.5
  CHECK(entryWordsOfRegister(of(ValueKind::Float, 16), reinterpret_cast<const uint8_t*>(&half), 2) == std::vector<uint32_t>{0x3fc00000});
  const uint16_t subnormal = 0x0001;  // 2^-24
  CHECK(entryWordsOfRegister(of(ValueKind::Float, 16), reinterpret_cast<const uint8_t*>(&subnormal), 2) == std::vector<uint32_t>{0x33800000});
  const uint64_t wide = 0x1122334455667788ull;
  CHECK(entryWordsOfRegister(of(ValueKind::UnsignedInt, 64), reinterpret_cast<const uint8_t*>(&wide), 8) ==
        std::vector<uint32_t>{0x55667788, 0x11223344});
  CHECK(entryWordsOfRegister(of(ValueKind::UnsignedInt, 32, 2), bools, 3).empty());  // too few bytes
}

TEST_CASE("captured values print with their bits", "[probe]") {
  const std::vector<uint32_t> minusThree = {0xfffffffdu};
  CHECK(formatValue(of(ValueKind::SignedInt, 32), minusThree) == "-3 (0xfffffffd)");
  CHECK(formatValue(of(ValueKind::SignedInt, 16), std::vector<uint32_t>{0xffff}) == "-1 (0xffff)");
  CHECK(formatValue(of(ValueKind::Float, 32), std::vector<uint32_t>{0x3fc00000}) == "1.5 (0x3fc00000)");
  CHECK(formatValue(of(ValueKind::Bool, 1, 2), std::vector<uint32_t>{1, 0}) == "(true, false)");
  CHECK(formatValue(of(ValueKind::UnsignedInt, 64), std::vector<uint32_t>{2, 1}) == "4294967298 (0x0000000100000002)");
  CHECK(formatValue(of(ValueKind::UnsignedInt, 32, 2), std::vector<uint32_t>{1}) == "(malformed)");
}

TEST_CASE("a capture buffer reads back entry by entry", "[probe]") {
  InstrumentedModule m;
  m.probes = {of(ValueKind::UnsignedInt, 32), of(ValueKind::Float, 32, 2)};
  m.dataWords = 7;
  // Two entries: probe 0 (occurrence 0) = 7, probe 1 (occurrence 0) = (1, 2); then the trash region.
  std::vector<uint32_t> buffer = {7, 0, 0, 7, 1, 0, 0x3f800000, 0x40000000, 0, 0};
  Capture c = decodeCapture(buffer, m);
  REQUIRE(c.error.empty());
  CHECK_FALSE(c.overflowed);
  REQUIRE(c.values.size() == 2);
  CHECK(c.values[1].words == std::vector<uint32_t>{0x3f800000, 0x40000000});
  // The counter says more was wanted than the buffer holds.
  buffer[0] = 11;
  c = decodeCapture(buffer, m);
  CHECK(c.overflowed);
  CHECK(c.values.size() == 2);
  // An ordinal that names no probe: not a capture buffer.
  buffer[1] = 9;
  CHECK(decodeCapture(buffer, m).error == "the capture buffer holds no entry at word 1 (ordinal 9)");
  // A buffer smaller than the module's data region is not its capture buffer.
  CHECK(decodeCapture(std::vector<uint32_t>(4), m).error == "the capture buffer has 4 words (8 at least)");
}
