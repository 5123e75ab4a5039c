// DXIL shader flags (the i64 under tag 0 of the entry properties; dxil.md §4.1), computed from the
// lowered module's dx.op calls and types, as DXC's ShaderFlags: heap indexing bits 30/31 from
// createHandleFromHeap's samplerHeap operand, raw & structured buffers (bit 4) from handles of
// those kinds (annotated, or createHandle's dx.resources record), inner coverage (bit 10) from dx.op.innerCoverage, wave ops (bit 19)
// from dx.op.wave*/quad* calls, typed UAV load additional formats (bit 13) from bufferLoad/
// textureLoad on a typed UAV whose element has more than one component, doubles (bit 2) and
// 64-bit integers (bit 20) from the instructions. (SV_Coverage input sets no flag in DXC.)
#pragma once

#include <llvm/IR/PassManager.h>

#include <cstdint>

namespace sl::dxil {

enum ShaderFlagBit : uint64_t {
  kFlagDoublePrecision = 1ull << 2,
  kFlagRawAndStructuredBuffers = 1ull << 4,
  kFlagInnerCoverage = 1ull << 10,  // a dx.op.innerCoverage call (DXC: PS inner coverage)
  kFlagTypedUAVLoadAdditionalFormats = 1ull << 13,  // a load from a typed UAV of 2+ components
  kFlagROVs = 1ull << 18,           // a rasterizer-ordered view's handle (ResourceProperties IsROV)
  kFlagWaveOps = 1ull << 19,        // a dx.op.wave* / dx.op.quad* call
  kFlagInt64Ops = 1ull << 20,
  kFlagResourceDescriptorHeapIndexing = 1ull << 30,
  kFlagSamplerDescriptorHeapIndexing = 1ull << 31,
};

struct ShaderFlags {
  uint64_t bits = 0;
};

class ShaderFlagsAnalysis : public llvm::AnalysisInfoMixin<ShaderFlagsAnalysis> {
 public:
  using Result = ShaderFlags;
  Result run(llvm::Module& module, llvm::ModuleAnalysisManager&);

 private:
  friend llvm::AnalysisInfoMixin<ShaderFlagsAnalysis>;
  static llvm::AnalysisKey Key;
};

}  // namespace sl::dxil
