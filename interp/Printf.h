// HLSL printf (NonSemantic.DebugPrintf): formatting and collecting the messages a dispatch
// prints. The format rules are the Vulkan validation layer's debug printf rules, so the CPU
// device prints what a GPU with the layer prints: %d %i %u %o %x %X %a %A %e %E %f %F %g %G,
// an `l` for 64-bit integers, `v2`..`v4` for vectors (components joined by ", "), flags,
// width and precision; `%%` prints a percent sign. %s, %c and `*` do not exist there.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sl::interp {

// One argument: `components` scalars of `width` bits each, at `bytes`.
struct PrintfArg {
  bool isFloat = false;
  bool isSigned = false;
  uint32_t width = 32;
  uint32_t components = 1;
  const uint8_t* bytes = nullptr;
};

// The text, or "" with `error` set when the format is malformed or wants more arguments than
// it got (the layer skips such a call; so do we, and say why).
std::string formatDebugPrintf(std::string_view format, std::span<const PrintfArg> args, std::string& error);

struct PrintfMessage {
  std::array<uint32_t, 3> workgroup{}, local{}, global{};
  std::string location;  // "file:line:column" of the printf, or ""
  std::string text;
};

// Messages from every worker, in a deterministic order: workgroup by workgroup (in row-major
// order of the workgroup id), and within a workgroup in the order they were printed.
class PrintfCollector {
 public:
  explicit PrintfCollector(size_t limit) : limit_(limit) {}
  void add(uint64_t workgroupLinear, uint64_t sequence, PrintfMessage message);
  // The messages in order, and how many were dropped past the limit.
  std::vector<PrintfMessage> take(uint64_t& dropped);

 private:
  struct Entry {
    uint64_t workgroup = 0, sequence = 0;
    PrintfMessage message;
  };
  std::mutex mutex_;
  std::vector<Entry> entries_;
  size_t limit_;
  uint64_t dropped_ = 0;
};

}  // namespace sl::interp
