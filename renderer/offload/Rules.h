// The Results rules of a pipeline (upstream's Check.cpp semantics): BufferExact compares bytes;
// BufferFloatULP and BufferFloatEpsilon compare Float16/32/64 elements with NaN == NaN, the
// DenormMode "Any" allowance (a same-signed zero passes where a denormal was expected), ±0 equal,
// fp16 distances on a monotonic ordering, and ZeroTolerance as an absolute test near zero.
#pragma once

#include "renderer/offload/Pipeline.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sl::offload {

// Element comparisons (actual, expected), exposed for unit tests.
bool compareFloatUlp(float actual, float expected, uint32_t ulpTolerance, DenormMode mode, float zeroTolerance);
bool compareDoubleUlp(double actual, double expected, uint32_t ulpTolerance, DenormMode mode, double zeroTolerance);
bool compareHalfUlp(uint16_t actual, uint16_t expected, uint32_t ulpTolerance, float zeroTolerance);
bool compareFloatEpsilon(float actual, float expected, float epsilon, DenormMode mode);
bool compareDoubleEpsilon(double actual, double expected, double epsilon, DenormMode mode);
bool compareHalfEpsilon(uint16_t actual, uint16_t expected, float epsilon);
float halfToFloat(uint16_t bits);

struct RuleOutcome {
  bool passed = true;
  // "  Mismatch at element I: expected=..., actual=..." lines (float rules), in order.
  std::vector<std::string> mismatches;
  // The failure report (printFailureReport) when !passed.
  std::string report;
};

// Evaluates one rule against the pipeline's buffers (names must be resolved, as the parser does).
RuleOutcome evaluateResult(const Pipeline& pipeline, const ResultRule& rule);

}  // namespace sl::offload
