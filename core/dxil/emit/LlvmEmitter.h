// IR -> LLVM IR shaped as upstream Clang emits it for DXIL (the `llvm` stage): a
// `dxil-pc-shadermodel6.x-<stage>` module whose entry function carries "hlsl.shader" and
// "hlsl.numthreads", resources created by llvm.dx.resource.handlefrombinding/handlefromheap
// returning target("dx.*") handles, buffer access through llvm.dx.resource.load/store.*, and
// thread ids through llvm.dx.thread.id & co (DxIntrinsics.h, ResourceTypes.h).
//
// Input: our IR before SPIR-V legalization (hlsl.* resource ops, Function-storage variables,
// builtin Input globals for compute system values). Structured regions become basic blocks;
// node outputs and loop-carried region inputs become phis. Function-storage variables become
// allocas (the lowering pipeline promotes them). Debug locations become DWARF !dbg locations
// (DIBuilder), so the printer can map lines back to HLSL.
//
// Vertex/pixel entry points: irgen's wrapper reads each Input global and writes each Output
// global; here every such access becomes llvm.dx.load.input / store.output per element row with
// the element's SigId from the packed signatures (StageIO.h), and the module gets the seed-0047
// !dx.semantic.signatures table, as upstream Clang's emitEntryFunction produces them.
//
// Not yet: texture loads/samples, resource atomics.
#pragma once

#include "core/dxil/emit/StageIO.h"
#include "core/ir/Module.h"
#include "core/support/Diagnostic.h"

#include <memory>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
}  // namespace llvm

namespace sl::dxil {

struct LlvmEmitOptions {
  uint32_t shaderModelMajor = 6;
  uint32_t shaderModelMinor = 6;
  bool debugInfo = true;  // !dbg locations (needed for the line maps)
  // The space an implicitly bound resource takes when its declaration names none (DXC's
  // -auto-binding-space; explicit registers without a space stay in space 0, as in DXC).
  uint32_t autoBindingSpace = 0;
  // Vertex/pixel entries: the entry's packed signatures (required for them; unused for compute).
  StageSignatures signatures;
};

struct LlvmEmitResult {
  std::unique_ptr<llvm::Module> module;  // null when diagnostics has errors
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return module && !hasErrors(diagnostics); }
};

// The DXIL data layout (32-bit pointers; vectors aligned to their element, as HLSL buffers pack).
const char* dxilDataLayout();

LlvmEmitResult emitLlvmModule(const ir::Module& module, llvm::LLVMContext& context,
                              const LlvmEmitOptions& options = {});

}  // namespace sl::dxil
