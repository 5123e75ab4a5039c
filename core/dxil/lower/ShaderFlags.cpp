#include "core/dxil/lower/ShaderFlags.h"

#include "core/dxil/lower/DxilOps.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

namespace sl::dxil {

llvm::AnalysisKey ShaderFlagsAnalysis::Key;

namespace {

// Whether `handle` is an annotated typed UAV (a texture or typed buffer) of 2+ components: DXC's
// condition for TypedUAVLoadAdditionalFormats on a load from it (DxilShaderFlags.cpp). The
// properties (dxil.md): word 0 = kind (byte 0) | IsUAV (bit 12); word 1 = component type (byte 0)
// | component count (byte 1).
bool isMulticomponentTypedUAV(llvm::Value* handle) {
  auto* annotate = llvm::dyn_cast<llvm::CallInst>(handle);
  if (!annotate || !annotate->getCalledFunction() || annotate->getCalledFunction()->getName() != "dx.op.annotateHandle" ||
      annotate->arg_size() != 3)
    return false;
  auto* props = llvm::dyn_cast<llvm::ConstantStruct>(annotate->getArgOperand(2));
  if (!props) return false;
  auto* word0 = llvm::dyn_cast<llvm::ConstantInt>(props->getOperand(0));
  auto* word1 = llvm::dyn_cast<llvm::ConstantInt>(props->getOperand(1));
  if (!word0 || !word1) return false;
  const uint32_t kind = uint32_t(word0->getZExtValue()) & 0xFF;
  const bool uav = (word0->getZExtValue() >> 12) & 1;
  const bool typed = kind >= 1 && kind <= 10;  // Texture1D .. TextureCubeArray, TypedBuffer
  return uav && typed && ((word1->getZExtValue() >> 8) & 0xFF) > 1;
}

}  // namespace

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
        } else if ((name.starts_with("dx.op.bufferLoad.") || name.starts_with("dx.op.textureLoad.")) &&
                   call->arg_size() > 1 && isMulticomponentTypedUAV(call->getArgOperand(1))) {
          flags.bits |= kFlagTypedUAVLoadAdditionalFormats;
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
