// libFuzzer target: `shaderlens dis` on arbitrary bytes, through the same function and the same
// guard (core/dxil/container/ContainerDump.h inside a FatalErrorBoundary). The dump's contract is "malformed
// input is a located error": it must never read out of bounds, abort, hang or let LLVM's bitcode
// reader end the process. Inputs that do not start with DXBC get the magic in front, so the
// mutations spend their time on the part table and the parts.
#include "core/dxil/container/ContainerDump.h"
#include "core/pipeline/FatalErrors.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>
#include <vector>

// The bitcode reader runs in a forked child (ContainerDumpOptions::isolateBitcodeReader), which
// inherits the sanitizers: a huge allocation there (LLVM sizing a vector from a mutated count)
// must fail as in a release build, with std::bad_alloc through LLVM's handler, instead of the
// sanitizer reporting it from the child as if the target had crashed.
extern "C" const char* __asan_default_options() { return "allocator_may_return_null=1"; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<uint8_t> bytes(data, data + size);
  if (size < 4 || std::memcmp(data, "DXBC", 4) != 0) bytes.insert(bytes.begin(), {'D', 'X', 'B', 'C'});
  // The part named by the last byte (when it is one) also exercises --part.
  sl::dxil::ContainerDumpOptions options;
  if (size > 0 && data[size - 1] < 8) {
    static const char* const names[] = {"DXIL", "ISG1", "OSG1", "PSG1", "PSV0", "RTS0", "HASH", "ILDB"};
    options.part = names[data[size - 1]];
  }
  try {
    sl::FatalErrorBoundary boundary;
    sl::dxil::ContainerDump dump = sl::dxil::dumpContainer(bytes, "fuzz.dxil", options);
    (void)dump;
  } catch (const sl::LlvmFatalError&) {
    // Reported by `shaderlens dis` as an error: not a crash.
  } catch (const std::bad_alloc&) {
  }
  return 0;
}
