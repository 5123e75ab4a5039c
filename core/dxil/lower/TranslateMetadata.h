// DXIL metadata (new pass manager; dxil.md §5): !dx.version, !dx.valver, !dx.shaderModel,
// !dx.resources (bound resources only: heap resources are never listed), !dx.entryPoints with the
// shader properties (flags under tag 0, numthreads under tag 4) and, when an entry has
// signatures, !dx.semantic.signatures (seed 0047's 13-operand elements, core/signature).
#pragma once

#include "core/signature/MetadataRecord.h"

#include <llvm/IR/PassManager.h>

#include <cstdint>
#include <vector>

namespace sl::dxil {

struct MetadataOptions {
  uint32_t shaderModelMajor = 6;
  uint32_t shaderModelMinor = 6;
  uint32_t validatorMajor = 1;
  uint32_t validatorMinor = 8;
  // Packed signatures of the entry (empty for compute shaders).
  std::vector<signature::SignatureMetadataRecord> inputs;
  std::vector<signature::SignatureMetadataRecord> outputs;
  // When set (vertex/pixel entries), the dx.entryPoints signature lists are DXC's 11-operand
  // elements built from these (interpMode = the mode the element is packed and interpolated with,
  // which DXC records also for VS outputs); otherwise they repeat the seed-0047 records above.
  bool dxcEntrySignatures = false;
  std::vector<signature::SignatureMetadataRecord> dxcInputs;
  std::vector<signature::SignatureMetadataRecord> dxcOutputs;
};

class DxilTranslateMetadata : public llvm::PassInfoMixin<DxilTranslateMetadata> {
 public:
  explicit DxilTranslateMetadata(MetadataOptions options) : options_(std::move(options)) {}
  llvm::PreservedAnalyses run(llvm::Module& module, llvm::ModuleAnalysisManager& analyses);

 private:
  MetadataOptions options_;
};

// The shader-kind string of dx.shaderModel ("cs", "vs", "ps", ...) for an "hlsl.shader" value;
// "" for a value that names no stage (a library's module has none: dx.shaderModel says "lib").
const char* shaderKindString(llvm::StringRef hlslShader);

}  // namespace sl::dxil
