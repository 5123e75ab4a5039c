#include "renderer/offload/Rules.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>

using namespace sl::offload;

namespace {
float bitsToFloat(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
double bitsToDouble(uint64_t b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}
const float kNan = std::numeric_limits<float>::quiet_NaN();
const double kNanD = std::numeric_limits<double>::quiet_NaN();
}  // namespace

TEST_CASE("ULP on float32", "[offload][rules]") {
  CHECK(compareFloatUlp(1.0f, 1.0f, 0, DenormMode::Any, 0));
  CHECK(compareFloatUlp(bitsToFloat(0x3F800002), 1.0f, 2, DenormMode::Any, 0));
  CHECK_FALSE(compareFloatUlp(bitsToFloat(0x3F800003), 1.0f, 2, DenormMode::Any, 0));
  CHECK(compareFloatUlp(bitsToFloat(0x3F7FFFFE), 1.0f, 2, DenormMode::Any, 0));  // below, same distance
  // NaN matches any NaN, and nothing else.
  CHECK(compareFloatUlp(kNan, bitsToFloat(0x7FC00001), 0, DenormMode::Any, 0));
  CHECK_FALSE(compareFloatUlp(kNan, 1.0f, 1000, DenormMode::Any, 0));
  CHECK_FALSE(compareFloatUlp(1.0f, kNan, 1000, DenormMode::Any, 0));
  // +0 == -0 by IEEE equality.
  CHECK(compareFloatUlp(-0.0f, 0.0f, 0, DenormMode::Preserve, 0));
  // Opposite signs are far apart in bit patterns.
  CHECK_FALSE(compareFloatUlp(bitsToFloat(0x80000001), bitsToFloat(0x00000001), 2, DenormMode::Preserve, 0));
}

TEST_CASE("DenormMode decides whether zero may stand for a denormal", "[offload][rules]") {
  float denorm = bitsToFloat(0x00400000);
  CHECK(compareFloatUlp(0.0f, denorm, 0, DenormMode::Any, 0));
  CHECK_FALSE(compareFloatUlp(-0.0f, denorm, 0, DenormMode::Any, 0));  // sign must match
  CHECK_FALSE(compareFloatUlp(0.0f, denorm, 0, DenormMode::FTZ, 0));
  CHECK_FALSE(compareFloatUlp(0.0f, denorm, 0, DenormMode::Preserve, 0));
  CHECK(compareFloatEpsilon(0.0f, denorm, 0.0f, DenormMode::Any));
  CHECK_FALSE(compareFloatEpsilon(0.0f, denorm, 0.0f, DenormMode::Preserve));
  double denormD = bitsToDouble(0x000FFFFFFFFFFFFFull);
  CHECK(compareDoubleUlp(0.0, denormD, 0, DenormMode::Any, 0));
  CHECK_FALSE(compareDoubleUlp(0.0, denormD, 0, DenormMode::FTZ, 0));
  // The allowance is one-way: a denormal where zero was expected is an ordinary ULP question.
  CHECK_FALSE(compareFloatUlp(denorm, 0.0f, 0, DenormMode::Any, 0));
}

TEST_CASE("ZeroTolerance switches to an absolute test near zero", "[offload][rules]") {
  CHECK(compareFloatUlp(1e-7f, -1e-7f, 0, DenormMode::Any, 1e-6f));
  CHECK_FALSE(compareFloatUlp(1e-7f, -1e-7f, 0, DenormMode::Any, 0.0f));
  CHECK_FALSE(compareFloatUlp(1e-7f, 3e-6f, 0, DenormMode::Any, 1e-6f));  // |diff| > tolerance
  CHECK(compareDoubleUlp(1e-12, 0.0, 0, DenormMode::Any, 1e-9));
  CHECK(compareHalfUlp(0x0001, 0x8001, 0, 0.001f));
  CHECK_FALSE(compareHalfUlp(0x0001, 0x8001, 0, 0.0f));
}

TEST_CASE("fp16 ordering, zeros, NaN", "[offload][rules]") {
  CHECK(compareHalfUlp(0x8000, 0x0000, 0, 0));  // -0 == +0
  CHECK(compareHalfUlp(0x4566, 0x4565, 1, 0));
  CHECK_FALSE(compareHalfUlp(0x4567, 0x4565, 1, 0));
  CHECK(compareHalfUlp(0x7E00, 0x7C01, 0, 0));  // both NaN
  CHECK_FALSE(compareHalfUlp(0x7C00, 0x7E00, 100, 0));  // inf vs NaN
  // Across zero: -0 and +0 are distinct steps of the ordering, so the smallest denormals of
  // opposite sign are 3 apart.
  CHECK(compareHalfUlp(0x0001, 0x8001, 3, 0));
  CHECK_FALSE(compareHalfUlp(0x0001, 0x8001, 2, 0));
  // fp16 keeps denormals: zero does not match a denormal.
  CHECK_FALSE(compareHalfUlp(0x0000, 0x0001, 0, 0));
  CHECK(compareHalfEpsilon(0x4248, 0x4247, 0.002f));
  CHECK_FALSE(compareHalfEpsilon(0x4248, 0x4247, 0.001f));
  CHECK(halfToFloat(0x3C00) == 1.0f);
  CHECK(halfToFloat(0x0001) == std::ldexp(1.0f, -24));
  CHECK(halfToFloat(0xC000) == -2.0f);
  CHECK(std::isinf(halfToFloat(0x7C00)));
}

TEST_CASE("Epsilon is a strict bound", "[offload][rules]") {
  CHECK(compareDoubleEpsilon(1.0, 1.25, 0.5, DenormMode::Any));
  CHECK_FALSE(compareDoubleEpsilon(1.0, 1.5, 0.5, DenormMode::Any));
  CHECK(compareDoubleEpsilon(kNanD, kNanD, 0, DenormMode::Any));
  CHECK_FALSE(compareDoubleEpsilon(kNanD, 1.0, 10, DenormMode::Any));
  CHECK(compareFloatEpsilon(2.0f, 2.0f, 0.0f, DenormMode::FTZ));
}

TEST_CASE("BufferExact compares sizes, array counts and bytes", "[offload][rules]") {
  Pipeline p;
  Buffer a;
  a.name = "A";
  a.format = DataFormat::Float32;
  a.size = 4;
  a.data = {{0, 0, 0, 0}};
  Buffer b = a;
  b.name = "B";
  b.data = {{0, 0, 0, 0x80}};  // -0.0: bytewise different
  p.buffers = {a, b};
  ResultRule r;
  r.name = "t";
  r.actualIndex = 0;
  r.expectedIndex = 1;
  CHECK_FALSE(evaluateResult(p, r).passed);
  r.rule = Rule::BufferFloatULP;
  CHECK(evaluateResult(p, r).passed);
  r.rule = Rule::BufferExact;
  p.buffers[1].data = {{0, 0, 0, 0}};
  CHECK(evaluateResult(p, r).passed);
  p.buffers[1].size = 8;
  p.buffers[1].data = {{0, 0, 0, 0, 0, 0, 0, 0}};
  CHECK_FALSE(evaluateResult(p, r).passed);
}
