#include "core/dxil/lower/HeapHandleFolding.h"

#include "core/dxil/emit/DxIntrinsics.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <vector>

namespace sl::dxil {

namespace {

llvm::CallInst* heapHandleCall(llvm::Value* v) {
  auto* call = llvm::dyn_cast<llvm::CallInst>(v);
  llvm::Function* f = call ? call->getCalledFunction() : nullptr;
  if (!f) return nullptr;
  llvm::StringRef name = f->getName();
  std::string prefix = std::string(intrinsics::kHandleFromHeap) + ".";
  return name.starts_with(prefix) ? call : nullptr;
}

// One fold; returns false when nothing was left to fold.
bool foldOne(llvm::Function& fn) {
  for (llvm::BasicBlock& bb : fn) {
    for (llvm::Instruction& inst : bb) {
      if (!llvm::isa<llvm::TargetExtType>(inst.getType())) continue;
      if (auto* sel = llvm::dyn_cast<llvm::SelectInst>(&inst)) {
        llvm::CallInst* a = heapHandleCall(sel->getTrueValue());
        llvm::CallInst* b = heapHandleCall(sel->getFalseValue());
        if (!a || !b || a->getCalledFunction() != b->getCalledFunction()) continue;
        llvm::IRBuilder<> ib(sel);
        llvm::Value* index = ib.CreateSelect(sel->getCondition(), a->getArgOperand(0), b->getArgOperand(0));
        llvm::CallInst* h = ib.CreateCall(a->getCalledFunction(), {index});
        sel->replaceAllUsesWith(h);
        sel->eraseFromParent();
        return true;
      }
      if (auto* phi = llvm::dyn_cast<llvm::PHINode>(&inst)) {
        std::vector<llvm::CallInst*> ins;
        for (llvm::Value* v : phi->incoming_values()) ins.push_back(heapHandleCall(v));
        bool ok = !ins.empty();
        for (llvm::CallInst* c : ins) ok = ok && c && c->getCalledFunction() == ins[0]->getCalledFunction();
        if (!ok) continue;
        llvm::IRBuilder<> ib(phi);
        llvm::PHINode* index = ib.CreatePHI(ib.getInt32Ty(), phi->getNumIncomingValues());
        for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i)
          index->addIncoming(ins[i]->getArgOperand(0), phi->getIncomingBlock(i));
        ib.SetInsertPoint(&*bb.getFirstInsertionPt());
        llvm::CallInst* h = ib.CreateCall(ins[0]->getCalledFunction(), {index});
        h->setDebugLoc(phi->getDebugLoc());
        phi->replaceAllUsesWith(h);
        phi->eraseFromParent();
        return true;
      }
    }
  }
  return false;
}

}  // namespace

llvm::PreservedAnalyses DxilHeapHandleFolding::run(llvm::Module& module, llvm::ModuleAnalysisManager&) {
  bool changed = false;
  for (llvm::Function& fn : module) {
    if (fn.isDeclaration()) continue;
    while (foldOne(fn)) changed = true;
    // Handle creations left without users (the folded inputs) go away.
    std::vector<llvm::Instruction*> dead;
    for (llvm::BasicBlock& bb : fn)
      for (llvm::Instruction& inst : bb)
        if (heapHandleCall(&inst) && inst.use_empty()) dead.push_back(&inst);
    for (llvm::Instruction* inst : dead) inst->eraseFromParent();
  }
  return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

}  // namespace sl::dxil
