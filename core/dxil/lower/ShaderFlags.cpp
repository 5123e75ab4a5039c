#include "core/dxil/lower/ShaderFlags.h"

#include "core/dxil/lower/DxilOps.h"
#include "core/dxil/lower/ResourceAnalysis.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <optional>
#include <utility>

namespace sl::dxil {

llvm::AnalysisKey ShaderFlagsAnalysis::Key;

namespace {

// The two %dx.types.ResourceProperties words of a handle (dxil.md): an annotateHandle's constant
// (SM 6.6+), or, for createHandle (before 6.6), those of the dx.resources record it names by class
// and range id. Word 0 = kind (byte 0) | IsUAV (bit 12); word 1 = component type (byte 0) |
// component count (byte 1).
std::optional<std::pair<uint32_t, uint32_t>> handleProperties(llvm::Value* handle, const DxilResourceMap* resources) {
  auto* call = llvm::dyn_cast<llvm::CallInst>(handle);
  if (!call || !call->getCalledFunction()) return std::nullopt;
  const llvm::StringRef name = call->getCalledFunction()->getName();
  if (name == "dx.op.annotateHandle" && call->arg_size() == 3) {
    auto* props = llvm::dyn_cast<llvm::ConstantStruct>(call->getArgOperand(2));
    if (!props) return std::nullopt;
    auto* word0 = llvm::dyn_cast<llvm::ConstantInt>(props->getOperand(0));
    auto* word1 = llvm::dyn_cast<llvm::ConstantInt>(props->getOperand(1));
    if (!word0 || !word1) return std::nullopt;
    return std::pair{uint32_t(word0->getZExtValue()), uint32_t(word1->getZExtValue())};
  }
  if (name == "dx.op.createHandle" && call->arg_size() == 5 && resources) {
    auto* cls = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(1));
    auto* id = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(2));
    if (!cls || !id) return std::nullopt;
    for (const BoundResource& r : resources->bound)
      if (uint32_t(r.type.resourceClass) == cls->getZExtValue() && r.rangeId == id->getZExtValue())
        return std::pair{r.type.props0, r.type.props1};
  }
  return std::nullopt;
}

// Whether `handle` is a typed UAV (a texture or typed buffer) of 2+ components: DXC's condition for
// TypedUAVLoadAdditionalFormats on a load from it (DxilShaderFlags.cpp).
bool isMulticomponentTypedUAV(llvm::Value* handle, const DxilResourceMap* resources) {
  const auto props = handleProperties(handle, resources);
  if (!props) return false;
  const uint32_t kind = props->first & 0xFF;
  const bool uav = (props->first >> 12) & 1;
  const bool typed = kind >= 1 && kind <= 10;  // Texture1D .. TextureCubeArray, TypedBuffer
  return uav && typed && ((props->second >> 8) & 0xFF) > 1;
}

}  // namespace

ShaderFlags ShaderFlagsAnalysis::run(llvm::Module& module, llvm::ModuleAnalysisManager& analyses) {
  ShaderFlags flags;
  // Op lowering keeps the resource analysis (createHandle's records); absent, only annotated
  // handles are read.
  const DxilResourceMap* resources = analyses.getCachedResult<DxilResourceAnalysis>(module);
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
                   call->arg_size() > 1 && isMulticomponentTypedUAV(call->getArgOperand(1), resources)) {
          flags.bits |= kFlagTypedUAVLoadAdditionalFormats;
        } else if (name == "dx.op.createHandleFromHeap" && call->arg_size() == 4) {
          auto* sampler = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(2));
          flags.bits |= sampler && !sampler->isZero() ? kFlagSamplerDescriptorHeapIndexing
                                                      : kFlagResourceDescriptorHeapIndexing;
        } else if (name == "dx.op.annotateHandle" || name == "dx.op.createHandle") {
          const auto props = handleProperties(call, resources);
          const uint32_t kind = props ? props->first & 0xFF : 0;
          if (kind == 11 || kind == 12) flags.bits |= kFlagRawAndStructuredBuffers;
          if (props && (props->first >> 13) & 1) flags.bits |= kFlagROVs;
        }
      }
    }
  }
  return flags;
}

}  // namespace sl::dxil
