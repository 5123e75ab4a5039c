#include "core/dxil/ShaderFlags.h"

#include "core/dxil/DxilOps.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

namespace sl::dxil {

llvm::AnalysisKey ShaderFlagsAnalysis::Key;

ShaderFlags ShaderFlagsAnalysis::run(llvm::Module& module, llvm::ModuleAnalysisManager&) {
  ShaderFlags flags;
  for (llvm::Function& f : module) {
    for (llvm::BasicBlock& bb : f) {
      for (llvm::Instruction& inst : bb) {
        if (inst.getType()->getScalarType()->isDoubleTy()) flags.bits |= kFlagDoublePrecision;
        if (inst.getType()->getScalarType()->isIntegerTy(64)) flags.bits |= kFlagInt64Ops;
        auto* call = llvm::dyn_cast<llvm::CallInst>(&inst);
        if (!call || !call->getCalledFunction()) continue;
        llvm::StringRef name = call->getCalledFunction()->getName();
        if (name.starts_with("dx.op.innerCoverage")) {
          flags.bits |= kFlagInnerCoverage;
        } else if (name.starts_with("dx.op.wave") || name.starts_with("dx.op.quad")) {
          flags.bits |= kFlagWaveOps;
        } else if (name == "dx.op.createHandleFromHeap" && call->arg_size() == 4) {
          auto* sampler = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(2));
          flags.bits |= sampler && !sampler->isZero() ? kFlagSamplerDescriptorHeapIndexing
                                                      : kFlagResourceDescriptorHeapIndexing;
        } else if (name == "dx.op.annotateHandle" && call->arg_size() == 3) {
          if (auto* props = llvm::dyn_cast<llvm::ConstantStruct>(call->getArgOperand(2))) {
            auto* word0 = llvm::dyn_cast<llvm::ConstantInt>(props->getOperand(0));
            uint32_t kind = word0 ? uint32_t(word0->getZExtValue()) & 0xFF : 0;
            if (kind == 11 || kind == 12) flags.bits |= kFlagRawAndStructuredBuffers;
          }
        }
      }
    }
  }
  return flags;
}

}  // namespace sl::dxil
