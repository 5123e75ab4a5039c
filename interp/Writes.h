// Who wrote what (for `run --compare`): a dispatch can report every buffer store and atomic
// with the invocation and instruction that made it, so a differing output element can be traced
// to the invocation that last wrote it.
#pragma once

#include <array>
#include <cstdint>

namespace sl::interp {

struct WriteRecord {
  std::array<uint32_t, 3> workgroup{}, local{};
  uint32_t location = 0;    // Module::locations index (0: unknown)
  uint32_t wordOffset = 0;  // of the instruction in the module
  uint32_t opcode = 0;
};

class WriteObserver {
 public:
  virtual ~WriteObserver() = default;
  // `bytes` at `address` (inside a buffer the resolver handed out) were written by `record`'s
  // invocation. Called from the dispatch's worker threads.
  virtual void wrote(const uint8_t* address, uint64_t bytes, const WriteRecord& record) = 0;
};

}  // namespace sl::interp
