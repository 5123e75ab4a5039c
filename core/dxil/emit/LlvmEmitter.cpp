#include "core/dxil/emit/LlvmEmitter.h"

#include "core/dxil/emit/Emitter.h"

#include <llvm/BinaryFormat/Dwarf.h>

namespace sl::dxil {

const char* dxilDataLayout() {
  return "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
         "-v16:16-v32:32-v48:16-v64:32-v96:32-v128:32-v192:64-v256:64";
}

namespace emit {

// ------------------------------------------------------------------ module

LlvmEmitResult Emitter::run() {
  m_ = std::make_unique<llvm::Module>("shaderlens", ctx_);
  std::string stage = "compute";
  for (const EntryPoint& ep : ir_.entryPoints) {
    if (ep.executionModel == spv::ExecutionModelVertex) stage = "vertex";
    if (ep.executionModel == spv::ExecutionModelFragment) stage = "pixel";
  }
  m_->setTargetTriple("dxil-pc-shadermodel" + std::to_string(opts_.shaderModelMajor) + "." +
                      std::to_string(opts_.shaderModelMinor) + "-" + stage);
  m_->setDataLayout(dxilDataLayout());
  if (ir_.entryPoints.empty()) error({}, "the module has no entry point");
  if (opts_.debugInfo && !ir_.debugFiles.empty()) {
    dib_ = std::make_unique<llvm::DIBuilder>(*m_);
    for (const DebugFile& f : ir_.debugFiles) difiles_.push_back(dib_->createFile(f.path, ""));
    cu_ = dib_->createCompileUnit(llvm::dwarf::DW_LANG_C_plus_plus_14, difiles_[0], "shaderlens", false, "", 0);
    m_->addModuleFlag(llvm::Module::Warning, "Debug Info Version", llvm::DEBUG_METADATA_VERSION);
    m_->addModuleFlag(llvm::Module::Warning, "Dwarf Version", 4);
  }
  for (uint32_t g = 0; g < ir_.globals.size(); ++g) {
    const GlobalVarDef& gv = ir_.globals[g];
    if (const Decoration* bi = gv.attrs.findDecoration(spv::DecorationBuiltIn)) {
      if (!bi->operands.empty()) builtinGlobals_[g] = bi->operands[0];
      continue;
    }
    llvm::Type* t = type(gv.type);
    unsigned addrSpace = 0;
    if (gv.storageClass == spv::StorageClassWorkgroup) addrSpace = 3;
    else if (gv.storageClass != spv::StorageClassPrivate) continue;  // reported on use
    if (!t) continue;
    llvm::Constant* init = gv.initializer.valid() ? constant(gv.initializer) : nullptr;
    if (!init) init = addrSpace == 3 ? (llvm::Constant*)llvm::UndefValue::get(t) : llvm::Constant::getNullValue(t);
    globals_[g] = new llvm::GlobalVariable(*m_, t, false, llvm::GlobalValue::InternalLinkage, init,
                                           gv.attrs.name.empty() ? "g" + std::to_string(g) : gv.attrs.name,
                                           nullptr, llvm::GlobalValue::NotThreadLocal, addrSpace);
  }
  if (opts_.signatures.present()) {
    stageIO_ = mapStageVariables(ir_, opts_.signatures);
    for (const StageIOMap::Problem& p : stageIO_.problems) error(ir_.globals[p.global].attrs.loc, p.message);
    for (const auto& [g, var] : stageIO_.globals) builtinGlobals_.erase(g);
  }
  declareFunctions();
  for (uint32_t i = 0; i < ir_.functions.size(); ++i) emitFunction(i);
  if (opts_.signatures.present()) emitSemanticSignatures();
  if (dib_) dib_->finalize();
  LlvmEmitResult result;
  result.diagnostics = std::move(diags_);
  if (!hasErrors(result.diagnostics)) result.module = std::move(m_);
  return result;
}


}  // namespace emit

LlvmEmitResult emitLlvmModule(const ir::Module& module, llvm::LLVMContext& context,
                              const LlvmEmitOptions& options) {
  emit::Emitter emitter(module, context, options);
  return emitter.run();
}

}  // namespace sl::dxil
