// Function pass: a phi of a struct or array becomes one phi per member rebuilt with insertvalue,
// so that extractvalue of it folds to the member phi and the scalarizer can split vector members.
// Needed where a pixel shader's `discard` returns early from the inlined body (our IR's kill
// returns, DXIL's discard does not): the entry then merges the body's result struct with poison.
#pragma once

#include <llvm/IR/PassManager.h>

namespace sl::dxil {

class SplitAggregatePhis : public llvm::PassInfoMixin<SplitAggregatePhis> {
 public:
  llvm::PreservedAnalyses run(llvm::Function& function, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace sl::dxil
