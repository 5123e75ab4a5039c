// DXIL resource analysis (new pass manager): every resource the llvm-stage module creates.
// Bound resources (handlefrombinding, handlefromimplicitbinding) become `dx.resources` records,
// implicit ones get the first free register of their class and space (in source order, as DXC
// assigns them); heap resources (handlefromheap) have no binding and are told apart by a heap
// resource id, one per distinct index value (dxil.md §6.1). Run before op lowering, which keeps
// the result (it holds plain data and call pointers only the lowering dereferences).
#pragma once

#include "core/dxil/emit/ResourceTypes.h"

#include <llvm/IR/Instructions.h>
#include <llvm/IR/PassManager.h>

#include <string>
#include <unordered_map>
#include <vector>

namespace sl::dxil {

struct BoundResource {
  ResourceTypeInfo type;
  std::string name;
  uint32_t space = 0;
  uint32_t lowerBound = 0;
  uint32_t rangeSize = 1;  // 0xFFFFFFFF = unbounded
  uint32_t rangeId = 0;    // index within its class's dx.resources list
};

struct HeapResource {
  ResourceTypeInfo type;
  uint32_t heapResourceId = 0;
  bool samplerHeap = false;
};

struct DxilResourceMap {
  std::vector<BoundResource> bound;
  std::vector<HeapResource> heap;
  std::unordered_map<const llvm::CallInst*, uint32_t> boundOfCall;  // -> index into bound
  std::unordered_map<const llvm::CallInst*, uint32_t> heapOfCall;   // -> index into heap
  std::vector<std::string> errors;
  bool invalidate(llvm::Module&, const llvm::PreservedAnalyses&, llvm::ModuleAnalysisManager::Invalidator&) {
    return false;
  }
};

class DxilResourceAnalysis : public llvm::AnalysisInfoMixin<DxilResourceAnalysis> {
 public:
  using Result = DxilResourceMap;
  Result run(llvm::Module& module, llvm::ModuleAnalysisManager&);

 private:
  friend llvm::AnalysisInfoMixin<DxilResourceAnalysis>;
  static llvm::AnalysisKey Key;
};

}  // namespace sl::dxil
