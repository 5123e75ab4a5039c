// Folds selects and phis of heap handles into one handle made from a select/phi of the heap
// indices, as DXC does (createHandleFromHeap/sel_dyn_res.hlsl: no `phi %dx.types.Handle`, one
// createHandleFromHeap on `phi i32`). Runs before the resource analysis, which then sees one
// handle creation per merged value. Handles of different types are left alone.
#pragma once

#include <llvm/IR/PassManager.h>

namespace sl::dxil {

class DxilHeapHandleFolding : public llvm::PassInfoMixin<DxilHeapHandleFolding> {
 public:
  llvm::PreservedAnalyses run(llvm::Module& module, llvm::ModuleAnalysisManager&);
};

}  // namespace sl::dxil
