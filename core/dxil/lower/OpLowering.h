// DXIL op lowering (new pass manager): replaces the llvm.dx.* intrinsics of the `llvm` stage by
// dx.op.* calls (DxilOps.h): handles by createHandleFromBinding / createHandleFromHeap, each
// followed by annotateHandle with the resource's ResourceProperties (SM 6.6+), or createHandle
// (before 6.6); typed/raw buffer access by bufferLoad/bufferStore (typed; raw before SM 6.2) or
// rawBufferLoad/rawBufferStore, 64-bit values of the 32-bit-only ops as i32 word pairs; counters, dimensions, thread ids and
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
  // `smMinor`: the target is SM 6.<smMinor>; it picks createHandle (< 6.6) or createHandleFromBinding
  // + annotateHandle, and bufferLoad/Store (< 6.2) or rawBufferLoad/Store for raw/structured buffers.
  DxilOpLowering(std::vector<std::string>* errors, uint32_t smMinor) : errors_(errors), smMinor_(smMinor) {}
  llvm::PreservedAnalyses run(llvm::Module& module, llvm::ModuleAnalysisManager& analyses);

 private:
  std::vector<std::string>* errors_;
  uint32_t smMinor_;
};

}  // namespace sl::dxil
