// Placeholder until this family lands (docs/interp.md lists what runs).
#include "interp/OpsCommon.h"

namespace sl::interp {

bool bindAtomic(BindContext&) { return false; }

}  // namespace sl::interp
