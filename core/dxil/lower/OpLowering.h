// DXIL op lowering (new pass manager): replaces the llvm.dx.* intrinsics of the `llvm` stage by
// dx.op.* calls (DxilOps.h): handles by createHandleFromBinding / createHandleFromHeap, each
// followed by annotateHandle with the resource's ResourceProperties; typed/raw buffer access by
// bufferLoad/bufferStore/rawBufferLoad/rawBufferStore; counters, dimensions, thread ids and
// barriers by their ops. Handles must reach their users directly (no phis of handles yet);
// anything else is reported in `errors` and left in place (the verifier in the driver then
// sees no dx.op form, and the driver reports the errors).
#pragma once

#include <llvm/IR/PassManager.h>

#include <string>
#include <vector>

namespace sl::dxil {

class DxilOpLowering : public llvm::PassInfoMixin<DxilOpLowering> {
 public:
  explicit DxilOpLowering(std::vector<std::string>* errors) : errors_(errors) {}
  llvm::PreservedAnalyses run(llvm::Module& module, llvm::ModuleAnalysisManager& analyses);

 private:
  std::vector<std::string>* errors_;
};

}  // namespace sl::dxil
