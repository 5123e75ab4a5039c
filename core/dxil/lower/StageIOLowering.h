// Vertex/pixel stage I/O lowering (new pass manager), DXC's forms (../shared/design/dxil.md §1.3, §3):
//   llvm.dx.load.input   -> one dx.op.loadInput.<f32|i32|f16|i16>(4, SigId, row, col, i32 undef)
//                           per component; inputs DXC reads through their own op instead:
//                           SV_SampleIndex -> sampleIndex (90), SV_Coverage -> coverage (91),
//                           SV_InnerCoverage -> innerCoverage (92)
//   llvm.dx.store.output -> one dx.op.storeOutput.<...>(5, SigId, row, col, value) per component
//   llvm.dx.ddx/ddy.coarse/fine -> DerivCoarseX/Y (83/84), DerivFineX/Y (85/86) per component (dx.op.unary, as DXC)
// The element's kind comes from the packed input signature (index = SigId). The intrinsics carry
// declaration-order SigIds; the dx.ops carry DXC's element IDs (SignatureRecords.h
// DxcSignature: SV_Target arrays are one element per row, NotInSig inputs no element).
#pragma once

#include "core/dxil/lower/SignatureRecords.h"

#include <llvm/IR/PassManager.h>

#include <cstdint>
#include <string>
#include <vector>

namespace sl::dxil {

class DxilStageIOLowering : public llvm::PassInfoMixin<DxilStageIOLowering> {
 public:
  // inputKinds[SigId] = the DXIL SemanticKind of input element SigId. With DXC's views of the
  // input and output signatures (empty for compute: no stage I/O), SigIds and rows map to them.
  DxilStageIOLowering(std::vector<uint32_t> inputKinds, std::vector<DxcSignature::FromSeed> inputMap,
                      std::vector<DxcSignature::FromSeed> outputMap, std::vector<std::string>* errors)
      : inputKinds_(std::move(inputKinds)), inputMap_(std::move(inputMap)), outputMap_(std::move(outputMap)),
        errors_(errors) {}
  llvm::PreservedAnalyses run(llvm::Module& module, llvm::ModuleAnalysisManager& analyses);

 private:
  std::vector<uint32_t> inputKinds_;
  std::vector<DxcSignature::FromSeed> inputMap_;   // empty: SigIds are DXC's already
  std::vector<DxcSignature::FromSeed> outputMap_;
  std::vector<std::string>* errors_;
};

}  // namespace sl::dxil
