// Rule group "ops": every call of a dx.op function names a known opcode as an immediate, the
// opcode is allowed in this stage at this shader model, and the function is
// dx.op.<class>[.<overload>] with an overload the op has.
#include "core/dxil/validate/OpTable.h"
#include "core/dxil/validate/ValidationContext.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

namespace sl::dxil::validate {
namespace {

// DXC's last core opcode at validator 1.9 (SM 6.9); anything above is no DXIL op at all.
constexpr uint32_t kLastCoreOpcode = 258;

bool hasOverload(const char* list, llvm::StringRef overload) {
  llvm::SmallVector<llvm::StringRef, 8> parts;
  llvm::StringRef(list).split(parts, ',', -1, false);
  for (llvm::StringRef p : parts)
    if (p == overload) return true;
  return false;
}

void checkCall(Context& c, const llvm::CallInst& call, llvm::StringRef fnName) {
  const auto* code = call.arg_size() ? llvm::dyn_cast<llvm::ConstantInt>(call.getArgOperand(0)) : nullptr;
  if (!code) {
    c.report("Instr.OpConst", "opcode of " + fnName.str() + " must be an immediate constant", &call);
    return;
  }
  const uint64_t opcode = code->getZExtValue();
  const DxilOpInfo* op = findDxilOp(uint32_t(opcode));
  if (!op) {
    if (opcode > kLastCoreOpcode)
      c.report("Instr.IllegalDXILOpCode", "dxil opcode must be [0.." + std::to_string(kLastCoreOpcode) + "]; " +
                                              std::to_string(opcode) + " specified", &call);
    else
      c.report("Instr.IllegalDXILOpCode", "opcode " + std::to_string(opcode) + " (" + fnName.str() +
                                              ") is not in shaderlens' op table; its stage, shader model and overload are not checked",
               &call, Severity::Warning);
    return;
  }
  // dx.op.<class>[.<overload>]
  const std::string expected = std::string("dx.op.") + op->function;
  llvm::StringRef rest = fnName;
  if (!rest.consume_front(expected) || (!rest.empty() && !rest.starts_with("."))) {
    c.report("Instr.IllegalDXILOpFunction", "'" + fnName.str() + "' is not a dxil op function for opcode " +
                                                std::to_string(opcode) + " (" + op->name + "), which is " + expected +
                                                (*op->overloads ? ".<overload>" : ""),
             &call);
    return;
  }
  rest.consume_front(".");
  if (*op->overloads ? !hasOverload(op->overloads, rest) : !rest.empty())
    c.report("Instr.Oload", std::string("dxil intrinsic overload must be valid: ") + op->name + " has " +
                                (*op->overloads ? std::string("overloads ") + op->overloads : std::string("no overload")) +
                                ", not '" + (rest.empty() ? std::string("none") : rest.str()) + "'",
             &call);
  if (!c.haveShaderModel) return;
  const bool stageOk = op->stages == kAll || (op->stages & stageBit(c.stageKind)) || stageBit(c.stageKind) == kOther;
  if (op->minMinor > c.smMinor || !stageOk) {
    std::string why = op->minMinor > c.smMinor ? "needs shader model 6." + std::to_string(op->minMinor)
                                               : std::string("not allowed in this stage");
    c.report("Sm.Opcode", "opcode " + std::string(op->name) + " not valid in shader model " + shaderModelName(c) + " (" +
                              why + ")",
             &call);
  }
}

}  // namespace

void checkOps(Context& c) {
  for (const llvm::Function& f : c.module) {
    if (!f.getName().starts_with("dx.op.")) continue;
    for (const llvm::User* user : f.users()) {
      const auto* call = llvm::dyn_cast<llvm::CallInst>(user);
      if (call && call->getCalledFunction() == &f) checkCall(c, *call, f.getName());
    }
  }
}

}  // namespace sl::dxil::validate
