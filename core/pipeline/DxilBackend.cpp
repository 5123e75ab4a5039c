#include "core/pipeline/DxilBackend.h"

#include "core/pipeline/RootSignatureSource.h"
#include "core/pipeline/StageClock.h"

#include "core/dxil/container/ContainerPrinter.h"
#include "core/dxil/container/ContainerWriter.h"
#include "core/dxil/EmitDxil.h"
#include "core/frontend/EntrySignature.h"
#include "core/ir/Printer.h"
#include "core/irgen/IRGen.h"
#include "core/signature/SignaturePrinter.h"

#include <chrono>
#include <optional>

namespace sl {
namespace {

using Clock = StageClock;

}  // namespace

void runDxilBackend(const frontend::TranslationUnit& unit, const frontend::PreprocessedUnit& source,
                    const CompileOptions& options, const std::vector<std::string>& stages, size_t lastStage,
                    CompileResult& result, const std::function<void()>& stageDone) {
  auto wanted = [&](const char* name) {
    for (size_t i = 0; i < stages.size() && i <= lastStage; ++i)
      if (stages[i] == name) return true;
    return false;
  };
  auto finish = [&](StageArtifact& a, Clock::time_point start) {
    a.ok = !hasErrors(a.diagnostics);
    a.milliseconds = millisecondsSince(start);
    result.diagnostics.insert(result.diagnostics.end(), a.diagnostics.begin(), a.diagnostics.end());
    stageDone();
    return a.ok;
  };

  // Stage: signatures of vertex/pixel entry points, packed from the front end's entry point (they
  // do not depend on the DXIL lowering; the lowering takes its SigIds and layout from them).
  const frontend::FunctionDecl* entry = unit.entry && unit.entry->definition ? unit.entry->definition : unit.entry;
  const bool graphics = entry && (entry->stage == frontend::ShaderStage::Vertex || entry->stage == frontend::ShaderStage::Pixel);
  // The DXIL lowering of graphics stage I/O (loadInput/storeOutput SigIds, ISG1/OSG1/PSV0) uses
  // this same packing.
  std::optional<frontend::EntrySignatures> graphicsSignatures;
  if (graphics && (wanted("signatures") || wanted("llvm"))) {
    Clock::time_point start = Clock::now();
    StageArtifact& a = result.stages.emplace_back();
    a.name = "signatures";
    graphicsSignatures = frontend::buildEntrySignatures(
        entry, source, options.enable16BitTypes,
        options.packOptimized ? signature::PackingStrategy::Optimized : signature::PackingStrategy::Default,
        options.rowMajorByDefault);
    frontend::EntrySignatures& sigs = *graphicsSignatures;
    a.diagnostics = sigs.diagnostics;
    a.text = signature::printSignatureTables(sigs.inputs, sigs.outputs);
    if (!finish(a, start)) return;
    // Stop here when signatures are the goal.
    if (lastStage < stages.size() && stages[lastStage] == "signatures") return;
  }
  // Stage: ir (the same IR the SPIR-V side starts from, before binding legalization).
  Clock::time_point start = Clock::now();
  irgen::IrGenOptions genOptions;
  genOptions.rowMajorByDefault = options.rowMajorByDefault;
  genOptions.enable16BitTypes = options.enable16BitTypes;
  genOptions.spirvTarget = false;
  irgen::profileShaderModel(options.profile, genOptions.shaderModelMajor, genOptions.shaderModelMinor);
  irgen::IrGenResult gen = irgen::generateIR(unit, source, genOptions);
  {
    StageArtifact& a = result.stages.emplace_back();
    a.name = "ir";
    a.diagnostics = std::move(gen.diagnostics);
    if (gen.module && options.stageTextWanted("ir")) {
      ir::PrintedModule printed = ir::printModule(*gen.module);
      a.text = std::move(printed.text);
      a.lineSources = std::move(printed.lineLocs);
    }
    if (!finish(a, start) || !gen.module) return;
  }
  if (!wanted("llvm")) return;

  // Stages: llvm and dxil (one call: the lowering pipeline needs the emitted module).
  start = Clock::now();
  dxil::DxilOptions dxilOptions;
  // The entry's root signature goes into the container (RTS0); a bad one stops the DXIL side
  // here, as DXC reports it before code generation.
  if (wanted("container")) {
    CompiledRootSignature rootSignature = entryRootSignature(entry, source, options);
    if (!rootSignature.diagnostics.empty()) {
      StageArtifact& a = result.stages.emplace_back();
      a.name = "llvm";
      a.diagnostics = std::move(rootSignature.diagnostics);
      if (!finish(a, start)) return;
    }
    dxilOptions.rootSignature = std::move(rootSignature.serialized);
    dxilOptions.checkRootSignatureBindings = !options.disableValidation;
    dxilOptions.containerDigest = !options.disableValidation;
  }
  dxilOptions.fp32DenormMode = options.denormMode;
  dxilOptions.autoBindingSpace = options.autoBindingSpace;
  irgen::profileShaderModel(options.profile, dxilOptions.shaderModelMajor, dxilOptions.shaderModelMinor);
  // The bitcode is for a container someone looks at or writes (-Fo), not for every GUI keystroke.
  dxilOptions.writeBitcode = wanted("container") && (options.stageTextWanted("container") || !options.outputFile.empty());
  // Our DXIL validator, when its stage is wanted; -Vd turns it off, as it turns off DXC's.
  dxilOptions.validate = wanted("dxil.validate") && !options.disableValidation;
  if (graphicsSignatures) {
    dxilOptions.inputSignature = graphicsSignatures->inputs;
    dxilOptions.outputSignature = graphicsSignatures->outputs;
  }
  dxil::DxilResult dx = dxil::emitDxil(*gen.module, dxilOptions);
  double emitMs = millisecondsSince(start);
  {
    StageArtifact& a = result.stages.emplace_back();
    a.name = "llvm";
    a.text = std::move(dx.llvmStage.text);
    a.lineSources = std::move(dx.llvmStage.lineSources);
    a.diagnostics = std::move(dx.diagnostics);
    a.ok = !hasErrors(a.diagnostics);
    a.milliseconds = emitMs;
    result.diagnostics.insert(result.diagnostics.end(), a.diagnostics.begin(), a.diagnostics.end());
    if (!a.ok || dx.dxilStage.text.empty()) return;
  }
  {
    StageArtifact& a = result.stages.emplace_back();
    a.name = "dxil";
    a.text = std::move(dx.dxilStage.text);
    a.lineSources = std::move(dx.dxilStage.lineSources);
  }
  if (wanted("dxil.validate")) {
    // Stage: dxil.validate. A violation is an error that fails the compile, as DXC fails a
    // compile its validator rejects (no container is written).
    StageArtifact& a = result.stages.emplace_back();
    a.name = "dxil.validate";
    if (dx.validation) {
      a.text = std::move(dx.validation->text);
      a.diagnostics = std::move(dx.validation->diagnostics);
    } else {
      a.text = "; DXIL validation disabled (-Vd)\n";
    }
    a.ok = !hasErrors(a.diagnostics);
    result.diagnostics.insert(result.diagnostics.end(), a.diagnostics.begin(), a.diagnostics.end());
    if (!a.ok) {
      stageDone();
      return;
    }
  }
  if (!graphics) {
    // Compute entry points have no input/output signatures (graphics ones were printed above).
    StageArtifact& a = result.stages.emplace_back();
    a.name = "signatures";
    a.text = "; no input or output signature: " + options.profile + " entry points take only system values\n";
  }
  stageDone();  // llvm, dxil, dxil.validate and signatures
  if (!wanted("container")) return;
  start = Clock::now();
  StageArtifact& container = result.stages.emplace_back();
  container.name = "container";
  container.text = dxil::printContainer(dx.container, container.diagnostics);
  container.binary = dx.container;
  if (finish(container, start)) result.object = std::move(dx.container);
}

void runRootSignatureTarget(const frontend::PreprocessedUnit& source, const CompileOptions& options,
                            CompileResult& result) {
  Clock::time_point start = Clock::now();
  StageArtifact& container = result.stages.emplace_back();
  container.name = "container";
  CompiledRootSignature rootSignature = defineRootSignature(options.entryPoint, source, options);
  container.diagnostics = std::move(rootSignature.diagnostics);
  if (rootSignature.signature) {
    dxil::ContainerWriteOptions writeOptions;
    writeOptions.digest = !options.disableValidation;  // DXC's validator signs it unless -Vd
    std::vector<uint8_t> bytes = dxil::buildRootSignatureContainer(rootSignature.serialized, writeOptions);
    container.text = dxil::printContainer(bytes, container.diagnostics);
    container.binary = bytes;
    result.object = std::move(bytes);
  }
  container.ok = !hasErrors(container.diagnostics);
  container.milliseconds = millisecondsSince(start);
  result.diagnostics.insert(result.diagnostics.end(), container.diagnostics.begin(), container.diagnostics.end());
}

}  // namespace sl
