#include "renderer/offload/Rules.h"

#include "renderer/offload/PipelinePrinter.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>

namespace sl::offload {

namespace {

constexpr uint16_t kHalfSign = 0x8000;
constexpr uint16_t kHalfExp = 0x7C00;
constexpr uint16_t kHalfMantissa = 0x03FF;

bool isHalfNan(uint16_t v) { return (v & kHalfExp) == kHalfExp && (v & kHalfMantissa) != 0; }

template <class T>
bool isDenormal(T v) {
  return std::fpclassify(v) == FP_SUBNORMAL;
}

template <class T>
bool denormAllowsZero(T actual, T expected, DenormMode mode) {
  return mode == DenormMode::Any && isDenormal(expected) && actual == 0 &&
         std::signbit(actual) == std::signbit(expected);
}

template <class T, class Bits>
Bits bitsOf(T v) {
  Bits b;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}

}  // namespace

float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & kHalfSign) << 16;
  uint32_t exp = (h >> 10) & 0x1F;
  uint32_t mant = h & kHalfMantissa;
  uint32_t bits;
  if (exp == 0) {
    if (mant == 0) {
      bits = sign;
    } else {  // subnormal: normalise
      int e = -1;
      do {
        ++e;
        mant <<= 1;
      } while ((mant & 0x400) == 0);
      bits = sign | uint32_t(127 - 15 - e) << 23 | (mant & kHalfMantissa) << 13;
    }
  } else if (exp == 31) {
    bits = sign | 0x7F800000u | mant << 13;
  } else {
    bits = sign | (exp - 15 + 127) << 23 | mant << 13;
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

bool compareFloatUlp(float actual, float expected, uint32_t ulpTolerance, DenormMode mode, float zeroTolerance) {
  if (actual == expected) return true;
  if (std::isnan(actual) || std::isnan(expected)) return std::isnan(actual) && std::isnan(expected);
  if (denormAllowsZero(actual, expected, mode)) return true;
  if (zeroTolerance > 0.0f && (std::fabs(actual) <= zeroTolerance || std::fabs(expected) <= zeroTolerance))
    return std::fabs(actual - expected) <= zeroTolerance;
  // The distance of the raw bit patterns (so values of opposite sign are far apart).
  int32_t diff = static_cast<int32_t>(bitsOf<float, uint32_t>(actual) - bitsOf<float, uint32_t>(expected));
  uint32_t absDiff = diff < 0 ? 0u - static_cast<uint32_t>(diff) : static_cast<uint32_t>(diff);
  return absDiff <= ulpTolerance;
}

bool compareDoubleUlp(double actual, double expected, uint32_t ulpTolerance, DenormMode mode, double zeroTolerance) {
  if (actual == expected) return true;
  if (std::isnan(actual) || std::isnan(expected)) return std::isnan(actual) && std::isnan(expected);
  if (denormAllowsZero(actual, expected, mode)) return true;
  if (zeroTolerance > 0.0 && (std::fabs(actual) <= zeroTolerance || std::fabs(expected) <= zeroTolerance))
    return std::fabs(actual - expected) <= zeroTolerance;
  int64_t diff = static_cast<int64_t>(bitsOf<double, uint64_t>(actual) - bitsOf<double, uint64_t>(expected));
  uint64_t absDiff = diff < 0 ? 0ull - static_cast<uint64_t>(diff) : static_cast<uint64_t>(diff);
  return absDiff <= ulpTolerance;
}

bool compareHalfUlp(uint16_t actual, uint16_t expected, uint32_t ulpTolerance, float zeroTolerance) {
  if ((actual & ~kHalfSign) == 0 && (expected & ~kHalfSign) == 0) return true;  // +0 == -0
  if (actual == expected) return true;
  if (isHalfNan(actual) || isHalfNan(expected)) return isHalfNan(actual) && isHalfNan(expected);
  if (zeroTolerance > 0.0f) {
    float a = halfToFloat(actual), e = halfToFloat(expected);
    if (std::fabs(a) <= zeroTolerance || std::fabs(e) <= zeroTolerance) return std::fabs(a - e) <= zeroTolerance;
  }
  // Monotonic ordering of half bit patterns; fp16 always keeps denormals, so no DenormMode.
  auto ordered = [](uint16_t h) -> int { return (h & kHalfSign) ? (~h & 0xFFFF) : (h | kHalfSign); };
  int diff = ordered(actual) - ordered(expected);
  return static_cast<uint32_t>(diff < 0 ? -diff : diff) <= ulpTolerance;
}

bool compareFloatEpsilon(float actual, float expected, float epsilon, DenormMode mode) {
  if (actual == expected) return true;
  if (std::isnan(actual) || std::isnan(expected)) return std::isnan(actual) && std::isnan(expected);
  if (denormAllowsZero(actual, expected, mode)) return true;
  return std::fabs(actual - expected) < epsilon;
}

bool compareDoubleEpsilon(double actual, double expected, double epsilon, DenormMode mode) {
  if (actual == expected) return true;
  if (std::isnan(actual) || std::isnan(expected)) return std::isnan(actual) && std::isnan(expected);
  if (denormAllowsZero(actual, expected, mode)) return true;
  return std::fabs(actual - expected) < epsilon;
}

bool compareHalfEpsilon(uint16_t actual, uint16_t expected, float epsilon) {
  if ((actual & ~kHalfSign) == 0 && (expected & ~kHalfSign) == 0) return true;
  if (actual == expected) return true;
  if (isHalfNan(actual) || isHalfNan(expected)) return isHalfNan(actual) && isHalfNan(expected);
  return std::fabs(halfToFloat(actual) - halfToFloat(expected)) < epsilon;
}

namespace {

bool sameShape(const Buffer& a, const Buffer& e) {
  return a.arraySize == e.arraySize && a.size == e.size && a.data.size() == e.data.size();
}

bool exactEqual(const Buffer& a, const Buffer& e) {
  if (!sameShape(a, e)) return false;
  for (size_t i = 0; i < a.data.size(); ++i)
    if (a.data[i].size() < a.size || e.data[i].size() < e.size ||
        std::memcmp(a.data[i].data(), e.data[i].data(), a.size) != 0)
      return false;
  return true;
}

std::string describe(float v) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%g (%a)", static_cast<double>(v), static_cast<double>(v));
  return buf;
}
std::string describe(double v) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%g (%a)", v, v);
  return buf;
}
std::string describe(uint16_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%x", v);
  return buf;
}

// Compares element by element; stops at the first array element that has a mismatch (all of
// that element's mismatches are listed), as upstream does.
template <class T>
bool compareAll(const Buffer& a, const Buffer& e, const std::function<bool(T, T)>& equal,
                std::vector<std::string>& mismatches) {
  if (!sameShape(a, e)) return false;
  size_t count = a.size / sizeof(T);
  for (size_t block = 0; block < a.data.size(); ++block) {
    if (a.data[block].size() < a.size || e.data[block].size() < e.size) return false;
    bool passed = true;
    for (size_t i = 0; i < count; ++i) {
      T av, ev;
      std::memcpy(&av, a.data[block].data() + i * sizeof(T), sizeof(T));
      std::memcpy(&ev, e.data[block].data() + i * sizeof(T), sizeof(T));
      if (!equal(av, ev)) {
        mismatches.push_back("  Mismatch at element " + std::to_string(i) + ": expected=" + describe(ev) +
                             ", actual=" + describe(av));
        passed = false;
      }
    }
    if (!passed) return false;
  }
  return true;
}

}  // namespace

RuleOutcome evaluateResult(const Pipeline& pipeline, const ResultRule& rule) {
  RuleOutcome outcome;
  if (rule.actualIndex < 0 || rule.expectedIndex < 0 || size_t(rule.actualIndex) >= pipeline.buffers.size() ||
      size_t(rule.expectedIndex) >= pipeline.buffers.size()) {
    outcome.passed = false;
    outcome.report = "Test failed: " + rule.name + "\nunresolved buffer name\n";
    return outcome;
  }
  const Buffer& actual = pipeline.buffers[size_t(rule.actualIndex)];
  const Buffer& expected = pipeline.buffers[size_t(rule.expectedIndex)];
  DataFormat format = actual.format;
  switch (rule.rule) {
    case Rule::BufferExact:
      outcome.passed = exactEqual(actual, expected);
      break;
    case Rule::BufferFloatULP:
      if (format == DataFormat::Float64)
        outcome.passed = compareAll<double>(actual, expected, [&](double a, double e) {
          return compareDoubleUlp(a, e, rule.ulpTolerance, rule.denormMode, rule.zeroTolerance);
        }, outcome.mismatches);
      else if (format == DataFormat::Float32 || format == DataFormat::Depth32)
        outcome.passed = compareAll<float>(actual, expected, [&](float a, float e) {
          return compareFloatUlp(a, e, rule.ulpTolerance, rule.denormMode, static_cast<float>(rule.zeroTolerance));
        }, outcome.mismatches);
      else if (format == DataFormat::Float16)
        outcome.passed = compareAll<uint16_t>(actual, expected, [&](uint16_t a, uint16_t e) {
          return compareHalfUlp(a, e, rule.ulpTolerance, static_cast<float>(rule.zeroTolerance));
        }, outcome.mismatches);
      else
        outcome.passed = false;
      break;
    case Rule::BufferFloatEpsilon:
      if (format == DataFormat::Float64)
        outcome.passed = compareAll<double>(actual, expected, [&](double a, double e) {
          return compareDoubleEpsilon(a, e, rule.epsilon, rule.denormMode);
        }, outcome.mismatches);
      else if (format == DataFormat::Float32 || format == DataFormat::Depth32)
        outcome.passed = compareAll<float>(actual, expected, [&](float a, float e) {
          return compareFloatEpsilon(a, e, static_cast<float>(rule.epsilon), rule.denormMode);
        }, outcome.mismatches);
      else if (format == DataFormat::Float16)
        outcome.passed = compareAll<uint16_t>(actual, expected, [&](uint16_t a, uint16_t e) {
          return compareHalfEpsilon(a, e, static_cast<float>(rule.epsilon));
        }, outcome.mismatches);
      else
        outcome.passed = false;
      break;
  }
  if (!outcome.passed) outcome.report = printFailureReport(rule, expected, actual);
  return outcome;
}

}  // namespace sl::offload
