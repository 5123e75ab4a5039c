#include "core/dxil/lower/SplitAggregatePhis.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>

#include <vector>

namespace sl::dxil {

namespace {

unsigned memberCount(llvm::Type* t) {
  if (auto* s = llvm::dyn_cast<llvm::StructType>(t)) return s->getNumElements();
  if (auto* a = llvm::dyn_cast<llvm::ArrayType>(t)) return unsigned(a->getNumElements());
  return 0;
}

// Splits one phi; returns the phis it made (they may be aggregates again).
std::vector<llvm::PHINode*> split(llvm::PHINode* phi) {
  llvm::Type* t = phi->getType();
  const unsigned n = memberCount(t);
  std::vector<llvm::PHINode*> made;
  llvm::IRBuilder<> b(phi);
  llvm::Value* rebuilt = llvm::PoisonValue::get(t);
  std::vector<llvm::PHINode*> members;
  for (unsigned i = 0; i < n; ++i) {
    llvm::Type* mt = llvm::ExtractValueInst::getIndexedType(t, {i});
    llvm::PHINode* m = b.CreatePHI(mt, phi->getNumIncomingValues(), phi->getName() + "." + std::to_string(i));
    members.push_back(m);
    made.push_back(m);
  }
  for (unsigned k = 0; k < phi->getNumIncomingValues(); ++k) {
    llvm::Value* in = phi->getIncomingValue(k);
    llvm::BasicBlock* from = phi->getIncomingBlock(k);
    llvm::IRBuilder<> at(from->getTerminator());
    for (unsigned i = 0; i < n; ++i) {
      llvm::Value* v = nullptr;
      if (auto* c = llvm::dyn_cast<llvm::Constant>(in)) v = c->getAggregateElement(i);
      if (!v) v = at.CreateExtractValue(in, {i});
      members[i]->addIncoming(v, from);
    }
  }
  b.SetInsertPoint(phi->getParent(), phi->getParent()->getFirstInsertionPt());
  b.SetCurrentDebugLocation(phi->getDebugLoc());
  for (unsigned i = 0; i < n; ++i) rebuilt = b.CreateInsertValue(rebuilt, members[i], {i});
  phi->replaceAllUsesWith(rebuilt);
  phi->eraseFromParent();
  return made;
}

}  // namespace

llvm::PreservedAnalyses SplitAggregatePhis::run(llvm::Function& function, llvm::FunctionAnalysisManager&) {
  std::vector<llvm::PHINode*> work;
  for (llvm::BasicBlock& bb : function)
    for (llvm::PHINode& phi : bb.phis())
      if (memberCount(phi.getType())) work.push_back(&phi);
  if (work.empty()) return llvm::PreservedAnalyses::all();
  while (!work.empty()) {
    llvm::PHINode* phi = work.back();
    work.pop_back();
    for (llvm::PHINode* m : split(phi))
      if (memberCount(m->getType())) work.push_back(m);
  }
  return llvm::PreservedAnalyses::none();
}

}  // namespace sl::dxil
