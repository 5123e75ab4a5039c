// Reading what an instrumented module (Instrument.h) captured: the entries of the capture
// buffer, and the same entry words made from a value as interp holds it in a register, so a GPU
// capture and a CPU trace can be compared word for word.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "interp/probe/Instrument.h"

namespace sl::interp::probe {

struct CapturedValue {
  uint32_t ordinal = 0;     // into InstrumentedModule::probes
  uint32_t occurrence = 0;  // 0: the first time the invocation produced it
  std::vector<uint32_t> words;
};

struct Capture {
  std::vector<CapturedValue> values;  // in the order the invocation produced them
  bool overflowed = false;            // entries past the buffer's end were dropped
  uint64_t wordsNeeded = 0;           // what the invocation wanted to write (word 0)
  std::string error;                  // the buffer does not hold well-formed entries
};

// `buffer`: the capture buffer of `module`'s dispatch, read back.
Capture decodeCapture(std::span<const uint32_t> buffer, const InstrumentedModule& module);

// The entry words of a value of `probe`'s type held in interp register form at `bytes` (`size`
// bytes: components packed, a bool in one byte); empty when `size` does not fit the type.
std::vector<uint32_t> entryWordsOfRegister(const ProbedValue& probe, const uint8_t* bytes, size_t size);

// "7", "-3 (0xfffffffd)", "1.5 (0x3fc00000)", "true", "(1, 2, 3)" for vectors.
std::string formatValue(const ProbedValue& probe, std::span<const uint32_t> words);

}  // namespace sl::interp::probe
