// Instrumenting a SPIR-V compute module to capture one invocation's values on a GPU (the
// first-difference search, docs/first-difference.md). Pure SPIR-V rewriting: every
// value-producing instruction of scalar or vector bool/int/float type gets a probe that, only in
// the invocation whose GlobalInvocationId equals the target, appends an entry to a capture
// storage buffer:
//
//   word 0 of the buffer: the number of words the entries take (reserved with OpAtomicIAdd)
//   from word 1, InstrumentedModule::dataWords words of entries: ordinal (index into
//     InstrumentedModule::probes), occurrence (how many times this invocation ran the
//     instruction before), then the value's words
//   then a trash region where reservations past the data region land (the buffer never
//     overflows; the counter tells the host what was dropped)
//
// Probes are grouped per block: one `if (GlobalInvocationId == target)` at the end of each block
// (and before each call, so entries stay in execution order) that counts the block's occurrence
// once and reserves its entries with one atomic. A block is split for it, loop headers keep only
// their phis and merge instruction. No barrier, no subgroup op is inserted.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sl::interp::probe {

enum class ValueKind : uint8_t { Bool, SignedInt, UnsignedInt, Float };

// One probed instruction.
struct ProbedValue {
  uint32_t resultId = 0;
  uint32_t opcode = 0;
  uint32_t wordOffset = 0;  // of the instruction in the original module
  ValueKind kind = ValueKind::UnsignedInt;
  uint32_t width = 32;      // bits per component (bool: 1)
  uint32_t components = 1;
  // An atomic's or subgroup operation's result, or computed from one (through SSA operands or
  // invocation-local variables): its value depends on the order invocations ran in, so it is
  // captured but not compared.
  bool orderDependent = false;
  // Words the value takes in an entry: one per component (64-bit: two, low first; 16-bit
  // floats widened to 32-bit floats, 8/16-bit ints zero-extended, bools 0/1).
  uint32_t valueWords() const { return components * (width == 64 ? 2 : 1); }
  uint32_t entryWords() const { return 2 + valueWords(); }
};

constexpr uint32_t kMinCaptureWords = 64;

struct InstrumentOptions {
  std::array<uint32_t, 3> target{0, 0, 0};  // GlobalInvocationId of the captured invocation
  uint32_t set = 0, binding = 0;            // where the capture buffer is bound
  uint32_t capacityWords = 1u << 20;        // the capture buffer's size in 32-bit words (>= kMinCaptureWords)
  bool validate = true;                     // run spirv-val over the result (for the module's Vulkan env)
  // Only probes [firstProbe, firstProbe + probeCount) are inserted (the table lists them all):
  // a big shader is captured in windows, since drivers' compile time grows fast with the probes.
  uint32_t firstProbe = 0, probeCount = ~0u;
};

struct InstrumentedModule {
  std::vector<uint32_t> words;       // empty on error
  std::vector<ProbedValue> probes;   // by ordinal
  uint32_t dataWords = 0;            // words of entries the capture buffer holds (from word 1)
  std::string error;                 // why the module could not be instrumented
  bool ok() const { return error.empty(); }
};

InstrumentedModule instrument(std::span<const uint32_t> words, const InstrumentOptions& options);

// The (descriptor set) one past every set the module decorates: a free set for the capture buffer.
uint32_t firstFreeDescriptorSet(std::span<const uint32_t> words);

}  // namespace sl::interp::probe
