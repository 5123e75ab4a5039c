// The DXIL back end in one call, for the pipeline: IR -> `llvm` stage (LlvmEmitter) -> lowering
// pipeline (inline, mem2reg, resource analysis, op lowering, shader flags, metadata) -> `dxil`
// stage -> container parts. Every module is checked with llvm::verifyModule; a failure is a
// diagnostic, never a crash.
#pragma once

#include "core/dxil/emit/LlvmPrinter.h"
#include "core/dxil/validate/DxilValidator.h"
#include "core/ir/Module.h"
#include "core/signature/MetadataRecord.h"
#include "core/support/Diagnostic.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace sl::dxil {

struct DxilOptions {
  uint32_t shaderModelMajor = 6;
  uint32_t shaderModelMinor = 6;
  uint32_t validatorMajor = 1;
  uint32_t validatorMinor = 8;
  bool debugInfo = true;  // !dbg locations -> line maps
  uint32_t autoBindingSpace = 0;  // -auto-binding-space: the space of implicit bindings with none written
  // Write the DXIL part's bitcode (and check it reads back): only when the container is used,
  // since writing and reading back costs about a fifth of a DXIL compile.
  bool writeBitcode = true;
  // Packed signature elements of the entry (VS/PS; empty for compute). Older form: only the
  // metadata records, with no stage I/O lowering; prefer the packed signatures below.
  std::vector<signature::SignatureMetadataRecord> inputs;
  std::vector<signature::SignatureMetadataRecord> outputs;
  // Vertex/pixel entries: the packed signatures of the entry (frontend::buildEntrySignatures).
  // They give the SigIds of load.input/store.output, !dx.semantic.signatures, the dx.entryPoints
  // signature lists and ISG1/OSG1/PSV0. Required for VS/PS, ignored for compute.
  std::optional<signature::PackedSignature> inputSignature;
  std::optional<signature::PackedSignature> outputSignature;
  // The entry's serialized root signature (core/pipeline/RootSignatureSource.h), written as the
  // container's RTS0 part; empty: none.
  std::vector<uint8_t> rootSignature;
  // Check the shader's resources against that root signature as DXC's validator does
  // (rootsig/RootSignatureBindings.h); -Vd turns it off, as it turns off DXC's validator.
  bool checkRootSignatureBindings = true;
  // Write the container's header digest (ContainerWriter.h); -Vd leaves it zero, as DXC's does.
  bool containerDigest = true;
  // Run our DXIL validator (validate/DxilValidator.h) on the lowered module; as with DXC, a
  // violation fails the compile (no container). -Vd turns it off.
  bool validate = true;
  // -denorm: the entry's "fp32-denorm-mode" attribute ("preserve", "ftz" or "any"; "": none), as DXC.
  std::string fp32DenormMode;
};

struct DxilResult {
  PrintedLlvm llvmStage;  // before lowering (empty when IR -> LLVM failed)
  PrintedLlvm dxilStage;  // after lowering (empty when lowering failed)
  std::optional<ValidationReport> validation;  // when DxilOptions::validate and lowering succeeded
  std::vector<uint8_t> container;  // DXContainer (DXIL part: bitcode when it read back clean)
  uint64_t shaderFlags = 0;
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return !hasErrors(diagnostics) && !dxilStage.text.empty() && (!validation || validation->ok()); }
};

DxilResult emitDxil(const ir::Module& module, const DxilOptions& options = {});

}  // namespace sl::dxil
