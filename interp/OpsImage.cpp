// Placeholder until images land (docs/interp.md lists what runs).
#include "interp/OpsCommon.h"

namespace sl::interp {

bool bindImage(BindContext&) { return false; }

uint8_t* SubgroupExec::imageTexel(const Pointer&, uint32_t lane, uint64_t, Access, const Inst& inst) {
  error(inst, lane, "image texel pointers are not supported by the CPU device yet");
  return nullptr;
}

}  // namespace sl::interp
