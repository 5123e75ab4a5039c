#include "interp/debug/DebugTrace.h"

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
}

}  // namespace sl::interp::debug
