#include "interp/Trace.h"

#include <cstring>

#include "interp/Executor.h"

namespace sl::interp {

void TraceRecorder::begin(SubgroupExec& exec, uint32_t tracedLane) {
  started = true;
  width = exec.width();
  lane = tracedLane;
  subgroupIndex = exec.subgroupIndex();
  inputBytes = exec.module().inputBytes;
  privateBytes = exec.module().privateBytes;
  inputs = exec.laneInputs();
  privates = exec.lanePrivates();
}

void TraceRecorder::willWrite(ObjectKind kind, uint32_t index, uint32_t writer, uint64_t offset, uint8_t* at, uint32_t size) {
  if (truncated || !at || size == 0) return;
  if (full(size_t(size) * 2)) {
    truncated = true;
    return;
  }
  Pending p;
  p.write.kind = kind;
  p.write.index = index;
  p.write.lane = writer;
  p.write.size = size;
  p.write.offset = offset;
  p.write.before = bytes.size();
  bytes.insert(bytes.end(), at, at + size);
  p.at = at;
  pending_.push_back(p);
}

void TraceRecorder::afterInstruction(SubgroupExec& exec, const Inst& inst, uint32_t) {
  if (truncated) return;
  // A call's result is written when the callee returns (its OpReturnValue step holds it).
  const uint32_t valueSize = inst.resultId && inst.result.stride && inst.opcode != 57 /* OpFunctionCall */ ? inst.result.stride : 0;
  if (full(size_t(valueSize) * width + sizeof(TraceStep))) {
    truncated = true;
    pending_.clear();
    return;
  }
  TraceStep step;
  const Function& function = exec.function();
  step.function = uint32_t(&function - exec.module().functions.data());
  step.inst = uint32_t(&inst - function.insts.data());
  step.depth = exec.callDepth();
  step.localsBase = exec.frameLocalsBase();
  step.active = exec.active();
  if (valueSize) {
    step.value = values.size();
    step.valueSize = valueSize;
    const uint8_t* from = exec.result(inst).base;
    values.insert(values.end(), from, from + size_t(valueSize) * width);
  }
  step.firstWrite = uint32_t(writes.size());
  for (Pending& p : pending_) {
    p.write.after = bytes.size();
    bytes.insert(bytes.end(), p.at, p.at + p.write.size);
    writes.push_back(p.write);
  }
  step.writeCount = uint32_t(pending_.size());
  pending_.clear();
  steps.push_back(step);
}

void TraceRecorder::barrierReleased(const std::vector<uint8_t>& workgroupMemory) {
  if (truncated) return;
  if (full(workgroupMemory.size())) {
    truncated = true;
    return;
  }
  barrierSnapshots.push_back({steps.size(), workgroupMemory});
  snapshotBytes_ += workgroupMemory.size();
}

void TraceRecorder::printed(uint32_t lane, const std::string& text) {
  if (!started || truncated || full(text.size())) return;
  prints.push_back({steps.size(), lane, text});
}

}  // namespace sl::interp
