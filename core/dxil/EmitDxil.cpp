#include "core/dxil/EmitDxil.h"

#include "core/dxil/container/ContainerWriter.h"
#include "core/dxil/container/FeatureFlags.h"
#include "core/dxil/lower/HeapHandleFolding.h"
#include "core/dxil/lower/IODependencies.h"
#include "core/dxil/emit/LlvmEmitter.h"
#include "core/dxil/lower/OpLowering.h"
#include "core/dxil/lower/ResourceAnalysis.h"
#include "core/dxil/lower/ShaderFlags.h"
#include "core/dxil/lower/SignatureRecords.h"
#include "core/dxil/lower/SplitAggregatePhis.h"
#include "core/dxil/lower/StageIOLowering.h"
#include "core/dxil/lower/TranslateMetadata.h"
#include "core/dxil/bitcode/DxilModuleWriter.h"
#include "core/dxil/rootsig/RootSignatureBindings.h"
#include "core/dxil/rootsig/RootSignatureReader.h"

#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/IPO/AlwaysInliner.h>
#include <llvm/Transforms/IPO/GlobalDCE.h>
#include <llvm/Transforms/Scalar/DCE.h>
#include <llvm/Transforms/Scalar/DeadStoreElimination.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/InstSimplifyPass.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/Scalarizer.h>
#include <llvm/Transforms/Utils/Mem2Reg.h>

namespace sl::dxil {

namespace {

bool verify(const llvm::Module& module, const char* stage, std::vector<Diagnostic>& diags) {
  std::string message;
  llvm::raw_string_ostream os(message);
  if (!llvm::verifyModule(module, &os)) return true;
  diags.push_back(Diagnostic::error({}, std::string("DXIL: internal error: the ") + stage +
                                            " module does not pass LLVM's verifier:\n" + message));
  return false;
}

}  // namespace

DxilResult emitDxil(const ir::Module& module, const DxilOptions& options) {
  DxilResult result;
  llvm::LLVMContext context;
  LlvmEmitOptions emitOptions;
  emitOptions.shaderModelMajor = options.shaderModelMajor;
  emitOptions.shaderModelMinor = options.shaderModelMinor;
  emitOptions.debugInfo = options.debugInfo;
  emitOptions.autoBindingSpace = options.autoBindingSpace;
  const bool stageIO = options.inputSignature && options.outputSignature;
  if (stageIO) emitOptions.signatures = StageSignatures{&*options.inputSignature, &*options.outputSignature};
  LlvmEmitResult emitted = emitLlvmModule(module, context, emitOptions);
  result.diagnostics = std::move(emitted.diagnostics);
  if (!emitted.ok()) return result;
  llvm::Module& m = *emitted.module;
  if (!verify(m, "llvm", result.diagnostics)) return result;
  result.llvmStage = printLlvmModule(m);

  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb;
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  mam.registerPass([] { return DxilResourceAnalysis(); });
  mam.registerPass([] { return ShaderFlagsAnalysis(); });

  std::vector<std::string> errors;
  MetadataOptions metadata;
  metadata.shaderModelMajor = options.shaderModelMajor;
  metadata.shaderModelMinor = options.shaderModelMinor;
  metadata.validatorMajor = options.validatorMajor;
  metadata.validatorMinor = options.validatorMinor;
  metadata.inputs = options.inputs;
  metadata.outputs = options.outputs;
  std::vector<uint32_t> inputKinds;
  // DXC's element lists (SV_Target arrays split per row, NotInSig inputs left out): dx.entryPoints,
  // the dx.op SigIds, ISG1/OSG1/PSV0 and the dependency table use these; the llvm stage and
  // !dx.semantic.signatures keep the declaration-order packing (seed 0047).
  DxcSignature dxcInputs, dxcOutputs;
  if (stageIO) {
    dxcInputs = dxcSignature(*options.inputSignature);
    dxcOutputs = dxcSignature(*options.outputSignature);
    metadata.inputs = seedSignatureRecords(*options.inputSignature);
    metadata.outputs = seedSignatureRecords(*options.outputSignature);
    metadata.dxcEntrySignatures = true;
    metadata.dxcInputs = dxcSignatureRecords(dxcInputs.packed);
    metadata.dxcOutputs = dxcSignatureRecords(dxcOutputs.packed);
    for (const signature::SignatureElement& e : options.inputSignature->elements) inputKinds.push_back(uint32_t(e.kind));
  }

  // DXIL has no calls and no allocas of handles: inline everything, promote locals to SSA
  // (so heap indices and handles reach their uses directly), then lower.
  llvm::ModulePassManager mpm;
  mpm.addPass(llvm::AlwaysInlinerPass(false));
  mpm.addPass(llvm::GlobalDCEPass());
  {
    llvm::FunctionPassManager fpm;
    // Vertex/pixel entries: the inlined body's aggregate locals (the output struct, input arrays)
    // become SSA values, so the stage I/O values reach loadInput/storeOutput directly.
    if (stageIO) fpm.addPass(llvm::SROAPass(llvm::SROAOptions::PreserveCFG));
    fpm.addPass(llvm::PromotePass());
    fpm.addPass(llvm::EarlyCSEPass());
    fpm.addPass(llvm::DCEPass());
    mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
  }
  mpm.addPass(DxilStageIOLowering(std::move(inputKinds), dxcInputs.fromSeed, dxcOutputs.fromSeed, &errors));
  mpm.addPass(DxilHeapHandleFolding());
  mpm.addPass(llvm::RequireAnalysisPass<DxilResourceAnalysis, llvm::Module>());
  mpm.addPass(DxilOpLowering(&errors, options.shaderModelMinor));
  {
    llvm::FunctionPassManager fpm;
    if (stageIO) {
      // DXIL is scalar (DXC scalarizes); the per-component loadInput/storeOutput then meet
      // scalar arithmetic, and unused input components disappear with their (readnone) loads.
      llvm::ScalarizerPassOptions scalarizer;
      scalarizer.ScalarizeLoadStore = true;
      scalarizer.ScalarizeVariableInsertExtract = true;
      fpm.addPass(SplitAggregatePhis());
      fpm.addPass(llvm::InstSimplifyPass());
      fpm.addPass(llvm::ScalarizerPass(scalarizer));
      fpm.addPass(llvm::EarlyCSEPass());
      // Locals only stored to after the forwarding above (SROA keeps bool slots it retyped).
      fpm.addPass(llvm::DSEPass());
    }
    fpm.addPass(llvm::InstSimplifyPass());
    fpm.addPass(llvm::DCEPass());
    mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
  }
  mpm.addPass(DxilTranslateMetadata(metadata));
  mpm.run(m, mam);

  const DxilResourceMap& resources = mam.getResult<DxilResourceAnalysis>(m);
  for (const std::string& e : resources.errors) errors.push_back(e);
  result.shaderFlags = mam.getResult<ShaderFlagsAnalysis>(m).bits;
  for (const std::string& e : errors) result.diagnostics.push_back(Diagnostic::error({}, "DXIL: " + e));
  if (!errors.empty()) return result;
  if (!options.fp32DenormMode.empty())
    for (llvm::Function& f : m)
      if (!f.isDeclaration() && f.hasFnAttribute("hlsl.shader")) f.addFnAttr("fp32-denorm-mode", options.fp32DenormMode);
  if (!verify(m, "dxil", result.diagnostics)) return result;
  result.dxilStage = printLlvmModule(m);
  // Our validator, as DXC runs dxil.dll before writing a container: a violation stops here.
  if (options.validate) {
    result.validation = validateDxil(m);
    if (!result.validation->ok()) return result;
  }

  // Container parts: compute (no signatures), vertex and pixel (ISG1/OSG1/PSV0 from the packing).
  ShaderRuntimeInfo info;
  info.stage = ShaderStage::Compute;
  if (stageIO) {
    info.inputs = containerSignatureRecords(dxcInputs.packed);
    info.outputs = containerSignatureRecords(dxcOutputs.packed);
    info.useMinPrecision = options.inputSignature->useMinPrecision;
    info.ioDependencies = inputOutputDependencies(m, dxcInputs.packed, dxcOutputs.packed);
  }
  info.shaderModelMajor = options.shaderModelMajor;
  info.shaderModelMinor = options.shaderModelMinor;
  info.validatorMajor = options.validatorMajor;
  info.validatorMinor = options.validatorMinor;
  for (llvm::Function& f : m) {
    if (f.isDeclaration() || !f.hasFnAttribute("hlsl.shader")) continue;
    info.entryName = f.getName().str();
    llvm::StringRef kind = f.getFnAttribute("hlsl.shader").getValueAsString();
    if (kind == "vertex") info.stage = ShaderStage::Vertex;
    if (kind == "pixel") info.stage = ShaderStage::Pixel;
    llvm::StringRef spec = f.getFnAttribute("hlsl.numthreads").getValueAsString();
    for (int i = 0; i < 3 && !spec.empty(); ++i) {
      auto [head, tail] = spec.split(',');
      head.trim().getAsInteger(10, info.numThreads[i]);
      spec = tail;
    }
  }
  for (const BoundResource& r : resources.bound) {
    ResourceBindingRecord rec;
    rec.resourceClass = r.type.resourceClass;
    rec.kind = r.type.kind;
    rec.space = r.space;
    rec.lowerBound = r.lowerBound;
    rec.rangeSize = r.rangeSize;
    rec.hasCounter = r.type.hasCounter;
    info.resources.push_back(rec);
  }
  for (const HeapResource& h : resources.heap) {
    ResourceBindingRecord rec;
    rec.resourceClass = h.type.resourceClass;
    rec.kind = h.type.kind;
    rec.fromHeap = true;
    info.resources.push_back(rec);
  }
  info.featureFlags = featureInfoFromModuleFlags(result.shaderFlags);
  info.rootSignature = options.rootSignature;
  if (!options.rootSignature.empty() && options.checkRootSignatureBindings) {
    std::string error;
    std::optional<rootsig::RootSignature> signature = rootsig::readRootSignature(options.rootSignature, error);
    std::vector<rootsig::ShaderResourceBinding> bindings;
    for (const BoundResource& r : resources.bound) {
      rootsig::ShaderResourceBinding& b = bindings.emplace_back();
      // The handle is named after the HLSL global; inlining appends ".i" and the like, which an
      // HLSL name cannot contain.
      b.name = r.name.substr(0, r.name.find('.'));
      b.type = rootsig::RangeType(uint32_t(r.type.resourceClass));
      b.space = r.space;
      b.lowerBound = r.lowerBound;
      b.count = r.rangeSize;
      b.rawOrStructured = r.type.kind == ResourceKind::RawBuffer || r.type.kind == ResourceKind::StructuredBuffer;
      b.hasCounter = r.type.hasCounter;
    }
    const rootsig::Visibility stage = info.stage == ShaderStage::Vertex  ? rootsig::Visibility::Vertex
                                      : info.stage == ShaderStage::Pixel ? rootsig::Visibility::Pixel
                                                                         : rootsig::Visibility::All;
    std::optional<std::string> problem =
        signature ? rootsig::checkShaderBindings(*signature, stage, bindings) : std::optional<std::string>(error);
    if (problem) {
      result.diagnostics.push_back(Diagnostic::error({}, "root signature: " + *problem));
      return result;
    }
  }
  // The DXIL part's bitcode, only when LLVM reads it back verifier-clean and equal to what we
  // wrote; otherwise the part stays empty and a warning says why (never silently wrong output).
  std::vector<uint8_t> bitcode;
  if (options.writeBitcode) {
    bitcode::DxilBitcode written = bitcode::writeDxilBitcode(m);
    if (!written.ok()) {
      result.diagnostics.push_back(Diagnostic::warning({}, written.error + "; the DXIL part has no bitcode"));
    } else {
      bitcode::ReadBackCheck check = bitcode::checkDxilBitcode(*written.prepared, written.bytes);
      if (check.ok) bitcode = std::move(written.bytes);
      else
        result.diagnostics.push_back(Diagnostic::warning(
            {}, "DXIL bitcode: internal error: " + check.error + "; the DXIL part has no bitcode"));
    }
  }
  ContainerWriteOptions writeOptions;
  writeOptions.digest = options.containerDigest;
  ContainerBuildResult container = buildContainer(info, bitcode, writeOptions);
  for (Diagnostic& d : container.diagnostics) result.diagnostics.push_back(std::move(d));
  result.container = std::move(container.bytes);
  return result;
}

}  // namespace sl::dxil
