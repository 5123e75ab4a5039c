// Recording one invocation as it runs (the debugger's source of truth, docs/interp.md "Trace"):
// a sink chooses the invocation and is called after every instruction its subgroup executes,
// whether or not that invocation was active for it.
#pragma once

#include <array>
#include <cstdint>

namespace sl::interp {

class SubgroupExec;
struct Inst;

class TraceSink {
 public:
  virtual ~TraceSink() = default;
  // The invocation to record.
  std::array<uint32_t, 3> workgroup{0, 0, 0};
  uint32_t localIndex = 0;
  // After `inst` ran in the subgroup holding the traced invocation, which is `lane` there
  // (exec.active().test(lane) says whether it took part).
  virtual void afterInstruction(SubgroupExec& exec, const Inst& inst, uint32_t lane) = 0;
};

}  // namespace sl::interp
