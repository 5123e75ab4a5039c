// The qptr.usage lattice (SPIR-T's QPtrUsage / QPtrMemUsage, design/qptr.md §5): how a pointer
// is used, as a tree of constant offsets, strided (array-like) offsets and typed accesses, plus
// the handle forms (opaque handles, buffers). Merging never drops information: conflicts are
// returned as messages next to the merged result.
#pragma once

#include "core/ir/Context.h"
#include "core/passes/qptr/QptrLayout.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sl::qptr {

struct Usage {
  enum class Kind : uint8_t {
    Unused,         // `_`
    StrictlyTyped,  // from an instruction qptr.lower left alone: the type must be kept exactly
    DirectAccess,   // qptr.load / qptr.store of `type`
    OffsetBase,     // constant offsets from a common base: `{ 0..4 => u32, ... }`
    DynOffsetBase,  // `(0..N) × stride => element`
    Handle,         // an opaque handle of `type` (image, sampler, ...)
    Buffer,         // `buffer_data(element)`
  };
  Kind kind = Kind::Unused;
  std::optional<uint32_t> maxSize = 0;  // exclusive upper bound of the bytes used; nullopt = unbounded
  ir::Type type;
  std::map<uint32_t, Usage> entries;  // OffsetBase
  std::shared_ptr<Usage> element;     // DynOffsetBase / Buffer
  uint32_t stride = 0;

  static Usage unused() { return {}; }
  static Usage typed(ir::Type t, uint32_t size, bool strict);
  static Usage handle(ir::Type t);
  static Usage buffer(Usage data);
  static Usage offsetBase(uint32_t offset, Usage inner);
  static Usage dynOffsetBase(Usage element, uint32_t stride, uint32_t count);  // count 0 = unbounded

  bool isMemory() const { return kind != Kind::Handle && kind != Kind::Buffer; }
};

// Merge messages starting with this are warnings (legal, lift handles them), not errors.
extern const char* const kPunningPrefix;

// Merges `b` into `a`; conflicts are appended to `errors` (the result still contains both).
Usage mergeUsage(const ir::Context& cx, const Layouts& layouts, Usage a, Usage b, std::vector<std::string>& errors);

// SPIR-T's printed syntax: `_`, `f32x4`, `{ 16..32 => f32x4, 64.. => ... }`, `(0..4) × 16 => f32x4`,
// `buffer_data(...)`.
std::string printUsage(const ir::Context& cx, const Usage& usage);

}  // namespace sl::qptr
