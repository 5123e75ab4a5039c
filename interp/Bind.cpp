#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include "interp/Bind.h"

#include "interp/Executor.h"
#include "interp/OpNames.h"

namespace sl::interp {

bool BindContext::constantU32(uint32_t i, uint32_t& out) const {
  if (i >= inst.operandCount) return false;
  const Operand& o = operand(i);
  if (o.isLiteral()) {
    out = o.value;
    return true;
  }
  if (!o.isConstant()) return false;
  std::memcpy(&out, module.constants.data() + o.value, 4);
  return true;
}

void unsupportedInstruction(SubgroupExec& exec, const Inst& inst) {
  exec.error(inst, exec.active().first(), std::string(opcodeName(inst.opcode)) + " is not supported by the CPU device");
}

namespace {

// Instructions the executor itself carries out (no handler).
bool executorInstruction(uint16_t opcode) {
  switch (spv::Op(opcode)) {
    case spv::OpFunctionCall:
    case spv::OpControlBarrier:
    case spv::OpBranch:
    case spv::OpBranchConditional:
    case spv::OpSwitch:
    case spv::OpReturn:
    case spv::OpReturnValue:
    case spv::OpUnreachable:
    case spv::OpKill:
    case spv::OpTerminateInvocation:
      return true;
    default:
      return false;
  }
}

}  // namespace

bool bindInstruction(BindContext& context) {
  Inst& inst = context.inst;
  if (executorInstruction(inst.opcode)) {
    inst.handler = nullptr;
    return true;
  }
  using Binder = bool (*)(BindContext&);
  static constexpr Binder kFamilies[] = {bindMisc, bindArithmetic, bindConversion, bindComposite, bindMemory,
                                         bindAtomic, bindGlsl, bindSubgroup, bindImage};
  for (Binder family : kFamilies) {
    if (family(context)) return true;
    if (!context.error.empty()) return false;
  }
  inst.handler = unsupportedInstruction;
  std::string what = opcodeName(inst.opcode);
  if (inst.opcode == spv::OpExtInst) what += " " + std::to_string(inst.extOpcode) + " of set %" + std::to_string(context.operandId(0));
  context.module.unsupported.push_back(what + " (word " + std::to_string(inst.wordOffset) + ")");
  return true;
}

}  // namespace sl::interp
