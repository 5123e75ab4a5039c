#include "core/dxil/lower/IODependencies.h"

#include "core/dxil/lower/DxilOps.h"

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <set>

namespace sl::dxil {

namespace {

// The opcode of a dx.op call, or -1.
int64_t dxOpcode(const llvm::CallInst* call) {
  const llvm::Function* f = call->getCalledFunction();
  if (!f || !f->getName().starts_with("dx.op.") || call->arg_size() == 0) return -1;
  auto* c = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(0));
  return c ? int64_t(c->getZExtValue()) : -1;
}

// Absolute component (register * 4 + column) of element `sigId`, row/col operands of a call.
bool absoluteComponent(const signature::PackedSignature& sig, const llvm::Value* sigId, const llvm::Value* row,
                       const llvm::Value* col, uint32_t& component) {
  auto* s = llvm::dyn_cast<llvm::ConstantInt>(sigId);
  auto* r = llvm::dyn_cast<llvm::ConstantInt>(row);
  auto* c = llvm::dyn_cast<llvm::ConstantInt>(col);
  if (!s || !r || !c || s->getZExtValue() >= sig.elements.size()) return false;
  const signature::SignatureElement& e = sig.elements[s->getZExtValue()];
  if (!e.isAllocated() || r->getZExtValue() >= e.rows) return false;
  component = uint32_t(e.startRow + r->getZExtValue()) * 4 + uint32_t(e.startCol + c->getZExtValue());
  return true;
}

}  // namespace

std::vector<IODependency> inputOutputDependencies(const llvm::Module& module, const signature::PackedSignature& inputs,
                                                  const signature::PackedSignature& outputs) {
  std::set<std::pair<uint32_t, uint32_t>> pairs;
  for (const llvm::Function& f : module) {
    for (const llvm::BasicBlock& bb : f) {
      for (const llvm::Instruction& inst : bb) {
        auto* store = llvm::dyn_cast<llvm::CallInst>(&inst);
        if (!store || dxOpcode(store) != int64_t(DxilOpCode::StoreOutput) || store->arg_size() < 5) continue;
        uint32_t out = 0;
        if (!absoluteComponent(outputs, store->getArgOperand(1), store->getArgOperand(2), store->getArgOperand(3), out))
          continue;
        // Walk the operands of the stored value back to the loadInputs it is computed from.
        std::vector<const llvm::Value*> work{store->getArgOperand(4)};
        llvm::SmallPtrSet<const llvm::Value*, 32> seen;
        while (!work.empty()) {
          const llvm::Value* v = work.back();
          work.pop_back();
          if (!seen.insert(v).second) continue;
          auto* user = llvm::dyn_cast<llvm::Instruction>(v);
          if (!user) continue;
          if (auto* call = llvm::dyn_cast<llvm::CallInst>(user)) {
            if (dxOpcode(call) == int64_t(DxilOpCode::LoadInput) && call->arg_size() >= 4) {
              uint32_t in = 0;
              if (absoluteComponent(inputs, call->getArgOperand(1), call->getArgOperand(2), call->getArgOperand(3), in))
                pairs.insert({in, out});
              continue;
            }
            for (const llvm::Value* a : call->args()) work.push_back(a);
            continue;
          }
          for (const llvm::Value* op : user->operands()) work.push_back(op);
        }
      }
    }
  }
  std::vector<IODependency> deps;
  for (const auto& [in, out] : pairs) deps.push_back(IODependency{in, out, 0});
  return deps;
}

}  // namespace sl::dxil
