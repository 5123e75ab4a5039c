// Rule group "signatures": dx.op.loadInput (4) and dx.op.storeOutput (5) against the entry's
// input/output signature in !dx.entryPoints: the element exists, constant rows and columns lie
// inside it, the overload is the element's component type, and the call is in the entry.
#include "core/dxil/validate/ValidationContext.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

namespace sl::dxil::validate {
namespace {

// The dx.op overload a signature component type travels as (dxil.md §2.1): f16/f32/f64 for the
// float kinds, i16/i32/i64 for the integer kinds; bools (I1) travel as i32.
const char* overloadOfComponentType(uint32_t compType) {
  switch (compType) {
    case 1: return "i32";   // I1
    case 2: case 3: return "i16";
    case 4: case 5: return "i32";
    case 6: case 7: return "i64";
    case 8: case 11: case 12: return "f16";
    case 9: case 13: case 14: return "f32";
    case 10: case 15: case 16: return "f64";
    default: return nullptr;
  }
}

std::string typeName(const llvm::Type* t) {
  if (t->isHalfTy()) return "f16";
  if (t->isFloatTy()) return "f32";
  if (t->isDoubleTy()) return "f64";
  if (t->isIntegerTy()) return "i" + std::to_string(t->getIntegerBitWidth());
  return "other";
}

void checkAccess(Context& c, const llvm::CallInst& call, bool input) {
  const char* opName = input ? "LoadInput" : "StoreOutput";
  if (c.entry && call.getFunction() != c.entry) {
    c.report("Instr.SignatureOperationNotInEntry",
             std::string(opName) + " must be in the entry point, not in '" + call.getFunction()->getName().str() + "'", &call);
    return;
  }
  if (call.arg_size() < 4) {
    c.report("Instr.CallOload", std::string(opName) + " call has " + std::to_string(call.arg_size()) + " operands", &call);
    return;
  }
  const std::optional<std::vector<SignatureElementInfo>>& sig = input ? c.inputs : c.outputs;
  const auto* id = llvm::dyn_cast<llvm::ConstantInt>(call.getArgOperand(1));
  if (!id) {
    c.report("Instr.OpConst", std::string("SignatureID of ") + opName + " must be an immediate constant", &call);
    return;
  }
  const uint64_t sigId = id->getZExtValue();
  const size_t count = sig ? sig->size() : 0;
  if (sigId >= count) {
    c.report("Instr.OpConstRange", std::string(opName) + " signature element " + std::to_string(sigId) + " is out of range: the entry's " +
                                       (input ? "input" : "output") + " signature has " + std::to_string(count) + " elements",
             &call);
    return;
  }
  const SignatureElementInfo& e = (*sig)[sigId];
  if (const auto* row = llvm::dyn_cast<llvm::ConstantInt>(call.getArgOperand(2)); row && row->getZExtValue() >= e.rows)
    c.report("Instr.OperandRange", "expect Row of " + std::string(opName) + " '" + e.name + "' between 0~" +
                                       std::to_string(e.rows ? e.rows - 1 : 0) + ", got " + std::to_string(row->getZExtValue()),
             &call);
  const auto* col = llvm::dyn_cast<llvm::ConstantInt>(call.getArgOperand(3));
  if (!col)
    c.report("Instr.OpConst", std::string("Col of ") + opName + " must be an immediate constant", &call);
  else if (col->getZExtValue() >= e.cols)
    c.report("Instr.OperandRange", "expect Col of " + std::string(opName) + " '" + e.name + "' between 0~" +
                                       std::to_string(e.cols ? e.cols - 1 : 0) + ", got " + std::to_string(col->getZExtValue()),
             &call);
  const llvm::Type* value = input ? call.getType() : (call.arg_size() > 4 ? call.getArgOperand(4)->getType() : nullptr);
  const char* expected = overloadOfComponentType(e.compType);
  if (value && expected && typeName(value) != expected)
    c.report("Instr.Oload", std::string(opName) + " of '" + e.name + "' (component type " + std::to_string(e.compType) +
                                ") must use overload " + expected + ", not " + typeName(value),
             &call);
}

}  // namespace

void checkSignatureAccess(Context& c) {
  for (const llvm::Function& f : c.module) {
    if (!f.getName().starts_with("dx.op.")) continue;
    for (const llvm::User* user : f.users()) {
      const auto* call = llvm::dyn_cast<llvm::CallInst>(user);
      if (!call || call->getCalledFunction() != &f || !call->arg_size()) continue;
      const auto* code = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(0));
      if (code && (code->getZExtValue() == 4 || code->getZExtValue() == 5)) checkAccess(c, *call, code->getZExtValue() == 4);
    }
  }
}

}  // namespace sl::dxil::validate
