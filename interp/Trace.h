// Recording one invocation as it runs (the debugger's source of truth, docs/interp.md "Trace").
// A sink names the invocation (workgroup + local index); the dispatch then runs on one thread
// and tells the sink, for the subgroup holding that invocation, every instruction it executes
// (with every lane's result, since the debugger shows the whole wave) and every write to memory
// (with the bytes before and after), so a debugger can stop at any step, step backwards by
// undoing writes, and read any value or variable without running the shader again.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "interp/Value.h"

namespace sl::interp {

class SubgroupExec;
struct Inst;

class TraceSink {
 public:
  virtual ~TraceSink() = default;
  // The invocation to record.
  std::array<uint32_t, 3> workgroup{0, 0, 0};
  uint32_t localIndex = 0;

  // The traced subgroup starts (lane: the traced invocation's lane in it).
  virtual void begin(SubgroupExec& exec, uint32_t lane) { (void)exec, (void)lane; }
  // `size` bytes at `at` (memory of object `kind`/`index`, at `offset` in it; for lane-private
  // objects, lane `lane`'s) are about to be written by an instruction of the traced subgroup.
  virtual void willWrite(ObjectKind kind, uint32_t index, uint32_t lane, uint64_t offset, uint8_t* at, uint32_t size) {
    (void)kind, (void)index, (void)lane, (void)offset, (void)at, (void)size;
  }
  // After `inst` ran in the traced subgroup, whether or not the traced lane was active for it.
  virtual void afterInstruction(SubgroupExec& exec, const Inst& inst, uint32_t lane) = 0;
  // `lane` of the traced subgroup printed `text` (HLSL printf) in the instruction now running.
  virtual void printed(uint32_t lane, const std::string& text) { (void)lane, (void)text; }
  // The workgroup's barrier released: groupshared memory as every subgroup left it.
  virtual void barrierReleased(const std::vector<uint8_t>& workgroupMemory) { (void)workgroupMemory; }
};

// One executed instruction of the traced subgroup.
struct TraceStep {
  static constexpr uint64_t kNoValue = ~uint64_t(0);
  uint32_t function = 0;    // Module::functions index
  uint32_t inst = 0;        // Function::insts index
  uint32_t depth = 0;       // call depth (0: the entry point)
  uint32_t localsBase = 0;  // the frame's Function variables in each lane's stack
  Mask active;              // lanes that executed it
  uint64_t value = kNoValue;  // every lane's result: width x valueSize bytes in TraceRecorder::values
  uint32_t valueSize = 0;
  uint32_t firstWrite = 0, writeCount = 0;  // into TraceRecorder::writes
};

// One write the step made: `size` bytes of object (kind, index) at `offset`, for `lane` when the
// object is per lane; `before`/`after` index TraceRecorder::bytes.
struct TraceWrite {
  ObjectKind kind = ObjectKind::Null;
  uint32_t index = 0;
  uint32_t lane = 0;
  uint32_t size = 0;
  uint64_t offset = 0;
  uint64_t before = 0, after = 0;
};

// What a lane of the traced subgroup printed (HLSL printf) at step `step`.
struct TracePrint {
  size_t step = 0;
  uint32_t lane = 0;
  std::string text;
};

// Records the traced subgroup in memory, within budgets (beyond them recording stops and
// `truncated` says so; execution goes on).
class TraceRecorder : public TraceSink {
 public:
  size_t maxSteps = size_t(1) << 24;
  size_t maxBytes = size_t(512) << 20;

  uint32_t width = 0;   // lanes of the traced subgroup
  uint32_t lane = 0;    // the traced invocation's lane
  uint32_t subgroupIndex = 0;
  bool started = false;
  bool truncated = false;
  std::vector<TraceStep> steps;
  std::vector<uint8_t> values;
  std::vector<TraceWrite> writes;
  std::vector<uint8_t> bytes;
  std::vector<TracePrint> prints;  // in step order
  // Groupshared memory at each barrier release: {step index after which it holds, snapshot}.
  std::vector<std::pair<size_t, std::vector<uint8_t>>> barrierSnapshots;
  // Lane-local memory as the traced subgroup began: inputs (built-ins) and privates per lane.
  std::vector<uint8_t> inputs, privates;
  uint32_t inputBytes = 0, privateBytes = 0;

  // The value of step `s` for lane `l` (null when the step has none).
  const uint8_t* valueOf(size_t s, uint32_t l) const {
    const TraceStep& step = steps[s];
    return step.value == TraceStep::kNoValue ? nullptr : values.data() + step.value + size_t(l) * step.valueSize;
  }

  void begin(SubgroupExec& exec, uint32_t lane) override;
  void willWrite(ObjectKind kind, uint32_t index, uint32_t lane, uint64_t offset, uint8_t* at, uint32_t size) override;
  void afterInstruction(SubgroupExec& exec, const Inst& inst, uint32_t lane) override;
  void barrierReleased(const std::vector<uint8_t>& workgroupMemory) override;
  void printed(uint32_t lane, const std::string& text) override;

 private:
  struct Pending {
    TraceWrite write;
    uint8_t* at = nullptr;
  };
  bool full(size_t more) const {
    return steps.size() >= maxSteps || values.size() + bytes.size() + snapshotBytes_ + more > maxBytes;
  }
  std::vector<Pending> pending_;
  size_t snapshotBytes_ = 0;
};

}  // namespace sl::interp
