// The trace a debug session reads: interp's TraceRecorder plus what the session needs to know
// about the dispatch it came from (the decoded module, the traced subgroup's lanes and ids).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "interp/Trace.h"
#include "interp/Module.h"

namespace sl::interp::debug {

class DebugTrace : public TraceRecorder {
 public:
  std::shared_ptr<const Module> module;  // the module the dispatch ran
  uint32_t entryPoint = 0;
  std::array<uint32_t, 3> workgroups{1, 1, 1};
  Mask liveLanes;                                  // lanes of the traced subgroup that exist
  std::vector<std::array<uint32_t, 3>> laneLocalIds;  // each lane's local invocation id
  // The module's buffer variables (constant, structured, byte-address buffers; push constants
  // under ~0u) as the traced wave found them, up to kMaxSnapshotBytes each: what watches read
  // besides the writes the trace records.
  static constexpr size_t kMaxSnapshotBytes = size_t(1) << 20;
  std::vector<std::pair<uint32_t, std::vector<uint8_t>>> buffers;  // (global index, bytes)
  std::vector<uint8_t> pushConstants;
  // Buffers of descriptor arrays (the heap's among them) get run slots past the module's
  // globals as they are reached: per such slot, its label ("Data", "ResourceDescriptorHeap[3]")
  // and the global variable it is an element of, so reads and writes can be named.
  struct ElementSlot {
    std::string label;
    uint32_t global = ~0u;
  };
  std::vector<ElementSlot> elementSlots;  // index: slot - module->globals.size()

  void begin(SubgroupExec& exec, uint32_t lane) override;
  void afterInstruction(SubgroupExec& exec, const Inst& inst, uint32_t lane) override;
};

}  // namespace sl::interp::debug
