#include "interp/probe/Capture.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace sl::interp::probe {

namespace {

// A half's bits as the float bits OpFConvert makes of them (exact).
uint32_t halfToFloatBits(uint16_t h) {
  const uint32_t sign = uint32_t(h & 0x8000u) << 16;
  uint32_t exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ffu;
  if (exponent == 0x1f) return sign | 0x7f800000u | (mantissa << 13);
  if (exponent == 0) {
    // Zero or subnormal: m * 2^-24, exact in a float.
    const float v = std::ldexp(float(mantissa), -24);
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    return sign | bits;
  }
  return sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
}

std::string component(const ProbedValue& probe, const uint32_t* w) {
  char buf[80];
  switch (probe.kind) {
    case ValueKind::Bool: return w[0] ? "true" : "false";
    case ValueKind::SignedInt:
      if (probe.width == 64) {
        const int64_t v = int64_t(uint64_t(w[0]) | (uint64_t(w[1]) << 32));
        std::snprintf(buf, sizeof buf, "%lld (0x%016llx)", static_cast<long long>(v), static_cast<unsigned long long>(v));
      } else {
        // Narrow ints were zero-extended: sign-extend them back.
        const uint32_t shift = 32 - probe.width;
        const int32_t v = int32_t(w[0] << shift) >> shift;
        std::snprintf(buf, sizeof buf, "%d (0x%0*x)", v, int(probe.width / 4), w[0]);
      }
      return buf;
    case ValueKind::UnsignedInt:
      if (probe.width == 64)
        std::snprintf(buf, sizeof buf, "%llu (0x%016llx)", static_cast<unsigned long long>(uint64_t(w[0]) | (uint64_t(w[1]) << 32)),
                      static_cast<unsigned long long>(uint64_t(w[0]) | (uint64_t(w[1]) << 32)));
      else
        std::snprintf(buf, sizeof buf, "%u (0x%0*x)", w[0], int(probe.width / 4), w[0]);
      return buf;
    case ValueKind::Float:
      if (probe.width == 64) {
        const uint64_t bits = uint64_t(w[0]) | (uint64_t(w[1]) << 32);
        double v;
        std::memcpy(&v, &bits, 8);
        std::snprintf(buf, sizeof buf, "%.17g (0x%016llx)", v, static_cast<unsigned long long>(bits));
      } else {
        float v;
        std::memcpy(&v, w, 4);
        std::snprintf(buf, sizeof buf, "%.9g (0x%08x)", double(v), w[0]);
      }
      return buf;
  }
  return "?";
}

}  // namespace

Capture decodeCapture(std::span<const uint32_t> buffer, const InstrumentedModule& module) {
  Capture capture;
  if (buffer.size() < uint64_t(module.dataWords) + 1) {
    capture.error = "the capture buffer has " + std::to_string(buffer.size()) + " words (" + std::to_string(module.dataWords + 1) +
                    " at least)";
    return capture;
  }
  capture.wordsNeeded = buffer[0];
  const uint64_t end = std::min<uint64_t>(capture.wordsNeeded, module.dataWords);  // entries in [1, 1 + end)
  capture.overflowed = capture.wordsNeeded > module.dataWords;
  uint64_t at = 0;
  while (at < end) {
    const uint32_t ordinal = buffer[1 + at];
    if (ordinal >= module.probes.size()) {
      capture.error = "the capture buffer holds no entry at word " + std::to_string(1 + at) + " (ordinal " + std::to_string(ordinal) + ")";
      return capture;
    }
    const uint32_t size = module.probes[ordinal].entryWords();
    if (at + size > end) {
      capture.overflowed = true;  // a reservation that straddles the end of the data region
      break;
    }
    CapturedValue value;
    value.ordinal = ordinal;
    value.occurrence = buffer[2 + at];
    value.words.assign(buffer.begin() + long(3 + at), buffer.begin() + long(1 + at + size));
    capture.values.push_back(std::move(value));
    at += size;
  }
  return capture;
}

std::vector<uint32_t> entryWordsOfRegister(const ProbedValue& probe, const uint8_t* bytes, size_t size) {
  const size_t componentBytes = probe.kind == ValueKind::Bool ? 1 : probe.width / 8;
  if (!bytes || size < componentBytes * probe.components) return {};
  std::vector<uint32_t> words;
  for (uint32_t c = 0; c < probe.components; ++c) {
    const uint8_t* p = bytes + c * componentBytes;
    if (probe.kind == ValueKind::Bool) {
      words.push_back(*p ? 1 : 0);
    } else if (probe.width == 64) {
      uint32_t pair[2];
      std::memcpy(pair, p, 8);
      words.push_back(pair[0]);
      words.push_back(pair[1]);
    } else if (probe.width == 32) {
      uint32_t w;
      std::memcpy(&w, p, 4);
      words.push_back(w);
    } else if (probe.width == 16) {
      uint16_t h;
      std::memcpy(&h, p, 2);
      words.push_back(probe.kind == ValueKind::Float ? halfToFloatBits(h) : h);
    } else {
      words.push_back(*p);
    }
  }
  return words;
}

std::string formatValue(const ProbedValue& probe, std::span<const uint32_t> words) {
  if (words.size() != probe.valueWords()) return "(malformed)";
  // Widened halves print as the floats they were widened to.
  ProbedValue shown = probe;
  if (shown.kind == ValueKind::Float && shown.width == 16) shown.width = 32;
  const uint32_t step = probe.width == 64 ? 2 : 1;
  if (probe.components == 1) return component(shown, words.data());
  std::string text = "(";
  for (uint32_t c = 0; c < probe.components; ++c) text += (c ? ", " : "") + component(shown, words.data() + c * step);
  return text + ")";
}

}  // namespace sl::interp::probe
