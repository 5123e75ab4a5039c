// The SPIR-V writer: IR module -> SPIR-V binary words.
//
// Structured control flow maps directly (docs/ir.md): an if becomes OpSelectionMerge +
// OpBranchConditional, a switch OpSelectionMerge + OpSwitch, a loop a header block with
// OpLoopMerge (continue target = the continuing region's first block); node outputs and region
// inputs become OpPhis in the merge/header/continue blocks. Capabilities and extensions are
// derived from what the module uses (types, ops, storage classes, builtins, decorations,
// execution modes), using the SPIR-V grammar's requirement data for the target version.
// Storage-buffer style (StorageBuffer + Block vs Uniform + BufferBlock) is the caller's choice,
// encoded in the IR's storage classes and decorations.
#pragma once

#include "core/ir/Module.h"
#include "core/spirv/TargetEnv.h"
#include "core/support/Diagnostic.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sl::spirv {

struct WriterOptions {
  TargetEnv env = TargetEnv::Vulkan1_0;
  bool emitNames = true;        // OpName / OpMemberName
  bool emitDebugLines = true;   // OpString + OpSource + OpLine from debug locations
  bool emitSourceText = false;  // the debug files' contents in OpSource/OpSourceContinued
  // NonSemantic.Shader.DebugInfo.100 (-fspv-debug=vulkan[-with-source]) instead of OpSource/OpLine:
  // DebugSource per file (with its text when emitSourceText), DebugCompilationUnit, DebugFunction
  // + DebugFunctionDefinition (signature types as DebugType*), DebugScope at each block start,
  // DebugLine where OpLine would go, DebugNoScope before each return.
  // With it, the module's variable debug info (Module::debugVars/debugScopes, dbg.* ops) becomes
  // DebugLocalVariable + DebugDeclare/DebugValue, DebugLexicalBlock/DebugInlinedAt + DebugScope,
  // DebugGlobalVariable, full DebugType* (structs with members, matrices) and DebugEntryPoint;
  // without it the dbg.* ops are dropped, so the code is the same either way.
  bool emitShaderDebugInfo = false;
  std::string compilerSignature = "shaderlens";  // DebugEntryPoint's operands
  std::string commandLine;
  // Fill WriteResult::instructionLocs. It changes no word of the module: the explorer's line map
  // for the SPIR-V disassembly comes from it whether or not the module carries debug info.
  bool recordInstructionLocs = false;
};

struct WriteResult {
  std::vector<uint32_t> words;
  std::vector<Diagnostic> diagnostics;
  // With WriterOptions::recordInstructionLocs: the debug location of each instruction of `words`
  // after the 5-word header, in order (invalid for module-level instructions and code without a
  // location). An instruction without a location of its own inherits the previous one in its
  // block, as OpLine does.
  std::vector<ir::DebugLoc> instructionLocs;
  bool ok() const { return !hasErrors(diagnostics) && !words.empty(); }
};

// Never throws; on errors (e.g. qptr or hlsl.* ops still present) `words` is empty and the
// diagnostics say what could not be emitted.
WriteResult writeModule(const ir::Module& module, const WriterOptions& options = {});
// writeModule for a module the caller has just run ir::verifyModule on, without errors, and not
// changed since: the writer's own verification (a pass over every instruction) is skipped.
WriteResult writeVerifiedModule(const ir::Module& module, const WriterOptions& options = {});

}  // namespace sl::spirv
