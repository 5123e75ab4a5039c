#include "interp/debug/DebugTrace.h"

#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include <algorithm>

#include "interp/Executor.h"

namespace sl::interp::debug {

void DebugTrace::begin(SubgroupExec& exec, uint32_t tracedLane) {
  TraceRecorder::begin(exec, tracedLane);
  const DispatchDesc& desc = exec.runContext().desc;
  module = desc.module;
  entryPoint = desc.entryPoint;
  workgroups = desc.workgroups;
  liveLanes = exec.liveLanes();
  laneLocalIds.clear();
  for (uint32_t l = 0; l < exec.width(); ++l) laneLocalIds.push_back(exec.localIdOf(l));
  RunContext& run = exec.runContext();
  const Module& m = exec.module();
  buffers.clear();
  for (uint32_t g = 0; g < m.globals.size(); ++g) {
    const GlobalVariable& v = m.globals[g];
    const bool buffer = v.storageClass == spv::StorageClassUniform || v.storageClass == spv::StorageClassStorageBuffer;
    if (!buffer || v.descriptorArray) continue;
    const uint32_t slot = run.bufferSlot(g);  // resolves it as the first access would
    if (slot == ~0u || slot >= run.buffers.size() || !run.buffers[slot].data) continue;
    const BufferResource& r = run.buffers[slot];
    const size_t size = size_t(std::min<uint64_t>(r.size, kMaxSnapshotBytes));
    buffers.push_back({g, std::vector<uint8_t>(r.data, r.data + size)});
  }
  pushConstants.assign(desc.pushConstants.begin(), desc.pushConstants.end());
  elementSlots.clear();
}

void DebugTrace::afterInstruction(SubgroupExec& exec, const Inst& inst, uint32_t tracedLane) {
  TraceRecorder::afterInstruction(exec, inst, tracedLane);
  const RunContext& run = exec.runContext();
  const size_t globals = exec.module().globals.size();
  if (run.buffers.size() <= globals + elementSlots.size()) return;  // no slot was added: the usual case
  elementSlots.resize(run.buffers.size() - globals);
  for (const auto& [key, slot] : run.elementSlots)
    if (slot != ~0u && slot >= globals && slot - globals < elementSlots.size()) {
      elementSlots[slot - globals].global = key.first;
      elementSlots[slot - globals].label = run.buffers[slot].label;
    }
}

}  // namespace sl::interp::debug
