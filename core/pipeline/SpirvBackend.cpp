#include "core/pipeline/SpirvBackend.h"

#include "core/pipeline/HeapStage.h"
#include "core/pipeline/StageClock.h"

#include "core/ir/Printer.h"
#include "core/ir/Verifier.h"
#include "core/irgen/IRGen.h"
#include "core/passes/LegalizeBindings.h"
#include "core/passes/qptr/QptrAnalyze.h"
#include "core/passes/qptr/QptrLift.h"
#include "core/passes/qptr/QptrLower.h"
#include "core/spirv/CrossCompile.h"
#include "core/spirv/reader/Reader.h"
#include "core/spirv/SpirvTools.h"
#include "core/spirv/TargetEnv.h"
#include "core/spirv/Writer.h"
#include "core/support/AtomicFile.h"
#include "core/support/LargeStack.h"

#include <spirv/unified1/spirv.hpp>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <functional>
#include <optional>

namespace sl {
namespace {

using Clock = StageClock;

// A verifier failure is our bug, reported as such (with the verifier's words as notes).
void verifyInto(const ir::Module& module, const std::string& stage, StageArtifact& artifact) {
  std::vector<Diagnostic> problems = ir::verifyModule(module);
  if (problems.empty()) return;
  Diagnostic d = Diagnostic::error({}, "internal error: the IR after stage '" + stage + "' is malformed: " +
                                           problems.front().message);
  for (size_t i = 1; i < problems.size() && i < 10; ++i) d.notes.push_back(Diagnostic::note({}, problems[i].message));
  artifact.diagnostics.push_back(std::move(d));
}

void printInto(const ir::Module& module, StageArtifact& artifact) {
  ir::PrintedModule printed = ir::printModule(module);
  artifact.text = std::move(printed.text);
  artifact.lineSources = std::move(printed.lineLocs);
}

// ---------------------------------------------------------------------------- debug info
// What -Zi / -fspv-debug= ask the emitted module to carry (CompileOptions::debugInfo).
struct DebugInfoMode {
  bool lines = false;        // OpString + OpSource + OpLine
  bool sourceText = false;   // the files' text in OpSource / DebugSource
  bool shaderInfo = false;   // NonSemantic.Shader.DebugInfo.100 instead of OpLine
};

DebugInfoMode debugInfoMode(const CompileOptions& options) {
  DebugInfoMode m;
  if (options.debugInfo) m.lines = m.sourceText = true;  // DXC's -Zi: file, source, line, tool
  const std::string& v = options.spvDebug;
  if (v == "file" || v == "source" || v == "line") {
    m.lines = true;
    m.sourceText = v != "file";
  } else if (v == "vulkan" || v == "vulkan-with-source") {
    m.lines = false;
    m.shaderInfo = true;
    m.sourceText = v == "vulkan-with-source";
  }
  return m;
}

spirv::WriterOptions finalWriterOptions(spirv::TargetEnv env, const DebugInfoMode& mode, bool recordLocs) {
  spirv::WriterOptions w;
  w.env = env;
  w.emitDebugLines = mode.lines;
  w.emitSourceText = mode.sourceText;
  w.emitShaderDebugInfo = mode.shaderInfo;
  w.recordInstructionLocs = recordLocs;
  return w;
}

// The files' text for OpSource / DebugSource: the compiled buffer for the main file (the GUI's
// may be unsaved), the file on disk for includes.
void fillDebugFileContents(ir::Module& module, const std::string& fileName, const std::string& source) {
  std::error_code ec;
  const std::filesystem::path mainPath = std::filesystem::absolute(fileName, ec).lexically_normal();
  for (ir::DebugFile& f : module.debugFiles) {
    if (!f.contents.empty()) continue;
    const std::filesystem::path p = std::filesystem::absolute(f.path, ec).lexically_normal();
    if (f.path == fileName || p == mainPath) {
      f.contents = source;
      continue;
    }
    std::string text, error;
    if (readWholeFile(f.path, text, error)) f.contents = std::move(text);
  }
}

// HLSL location of each instruction of an emitted module (WriteResult::instructionLocs).
std::vector<SourceLoc> instructionSources(const std::vector<ir::DebugLoc>& locs, const ir::Module& module) {
  std::vector<SourceLoc> out(locs.size());
  for (size_t i = 0; i < locs.size(); ++i) {
    const ir::DebugLoc& l = locs[i];
    if (!l.valid() || l.file >= module.debugFiles.size()) continue;
    out[i] = SourceLoc{module.debugFiles[l.file].path, l.line, l.column};
  }
  return out;
}

// The line map of the disassembly. SPIRV-Tools prints a header of `;` comment lines, then one
// instruction per line, except that a string operand (OpSource text) prints its newlines as they
// are: a line that starts inside an open string continues the previous instruction. A text
// whose instruction count differs gets no map rather than a wrong one.
std::vector<SourceLoc> disassemblyLineSources(const std::string& text, std::vector<SourceLoc> instructionSources) {
  if (instructionSources.empty()) return {};
  std::vector<SourceLoc> out;
  out.reserve(static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
  size_t next = 0;        // instruction index of the next instruction line
  bool inString = false;  // at this point of the text, inside a quoted string
  for (size_t pos = 0; pos < text.size();) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    if (inString) {
      out.push_back(next ? out.back() : SourceLoc{});
    } else if (text[pos] == ';' && next == 0) {
      out.emplace_back();
    } else {
      if (next >= instructionSources.size()) return {};
      out.push_back(std::move(instructionSources[next++]));
    }
    for (size_t i = pos; i < end; ++i) {
      if (text[i] == '"') inString = !inString;
      else if (text[i] == '\\' && inString) ++i;  // \" and \\ inside strings
    }
    pos = end + 1;
  }
  return next == instructionSources.size() ? out : std::vector<SourceLoc>{};
}

// The module the "spirv" stage shows and -Fo writes, with the HLSL location of each instruction
// when the stage's text is wanted.
struct EmittedModule {
  std::vector<uint32_t> words;
  std::vector<SourceLoc> instructionSources;
};

// The qptr stages run on the bound module's SPIR-V read back into a fresh IR module, so they see
// exactly what any other SPIR-V producer would hand them (`shaderlens qptr` does the same).
// Returns the lifted module's words when every pass succeeded and the writer took the result;
// else empty, with the reason as a warning on the last qptr stage (the pre-qptr module is
// emitted). The words are not validated yet: the caller validates them while it disassembles
// them (validateLiftedConcurrently).
// The bound module's words carry OpLine (whatever -Zi says), so the read-back module and every
// qptr stage keep the HLSL locations; `writerOptions` (the debug info asked for) apply to the
// lifted module, whose files get their text from `bound`.
EmittedModule runQptrStages(const std::vector<uint32_t>& boundWords, const ir::Module& bound,
                            const spirv::WriterOptions& finalOptions,
                            const std::function<bool(const std::string&)>& textWanted,
                            std::vector<StageArtifact>& out) {
  auto cx = std::make_shared<ir::Context>();
  spirv::ReadResult read = spirv::readModuleBytes(
      std::span(reinterpret_cast<const uint8_t*>(boundWords.data()), boundWords.size() * 4), cx, {});
  auto stage = [&](const char* name) -> StageArtifact& {
    StageArtifact& a = out.emplace_back();
    a.name = name;
    return a;
  };
  auto giveUp = [&](StageArtifact& a, const std::string& why) {
    Diagnostic d = Diagnostic::warning({}, "qptr: " + why + "; the emitted SPIR-V is the module before qptr");
    a.diagnostics.push_back(std::move(d));
    return EmittedModule{};
  };
  if (!read.ok()) {
    StageArtifact& a = stage("qptr.lower");
    return giveUp(a, "cannot read the module back: " + (read.diagnostics.empty() ? std::string("unknown error")
                                                                                  : read.diagnostics.front().message));
  }
  ir::Module& module = *read.module;
  qptr::QptrState state;
  // Scalar accepts every offset our layouts produce; the lifted types keep those exact offsets.
  state.layout.kind = qptr::LayoutKind::Scalar;
  ir::PrintOptions printOptions;
  auto printStage = [&](StageArtifact& a) {
    if (!textWanted(a.name)) return;
    ir::PrintedModule printed = ir::printModule(module, printOptions);
    a.text = "; layout: " + std::string(qptr::layoutKindName(state.layout.kind)) + "\n" + printed.text;
    a.lineSources = std::move(printed.lineLocs);
    a.lineSources.insert(a.lineSources.begin(), SourceLoc{});
  };
  auto timed = [&](const char* name, auto&& pass) -> bool {
    Clock::time_point start = Clock::now();
    size_t before = state.diagnostics.size();
    bool ok = pass();
    StageArtifact& a = stage(name);
    printStage(a);
    for (size_t i = before; i < state.diagnostics.size(); ++i) {
      Diagnostic d = state.diagnostics[i];
      // qptr problems in our own output are ours to fix, not the user's: report them as warnings.
      if (d.severity == Severity::Error) d.severity = Severity::Warning;
      a.diagnostics.push_back(std::move(d));
    }
    a.milliseconds = millisecondsSince(start);
    return ok;
  };
  qptr::AnalysisResult analysis;
  bool ok = timed("qptr.lower", [&] { return qptr::lowerToQptr(module, state); });
  ok = ok && timed("qptr.analyze", [&] { return qptr::analyzeQptr(module, state, &analysis); });
  ok = ok && timed("qptr.lift", [&] { return qptr::liftFromQptr(module, state, analysis); });
  if (!ok) return giveUp(out.back(), "a pass reported a problem (see above)");
  // The capabilities irgen picked among alternatives (IR-level facts SPIR-V cannot carry back).
  module.capabilities = bound.capabilities;
  module.extensions = bound.extensions;
  if (finalOptions.emitSourceText)
    for (ir::DebugFile& f : module.debugFiles)
      for (const ir::DebugFile& b : bound.debugFiles)
        if (f.contents.empty() && b.path == f.path) f.contents = b.contents;
  spirv::WriteResult written = spirv::writeModule(module, finalOptions);
  if (!written.ok())
    return giveUp(out.back(), "cannot write the lifted module: " + written.diagnostics.front().message);
  spirv::addMissingCapabilities(written.words, read.capabilities, read.extensions);
  EmittedModule emitted;
  // addMissingCapabilities only inserts OpCapability/OpExtension instructions, in the header.
  if (finalOptions.recordInstructionLocs) {
    emitted.instructionSources = instructionSources(written.instructionLocs, module);
    size_t count = 0;
    for (size_t w = 5; w < written.words.size() && (written.words[w] >> 16) != 0; w += written.words[w] >> 16) ++count;
    if (count >= emitted.instructionSources.size())
      emitted.instructionSources.insert(emitted.instructionSources.begin(), count - emitted.instructionSources.size(),
                                        SourceLoc{});
  }
  emitted.words = std::move(written.words);
  return emitted;
}

// -denorm and -Gis as DXC writes them on every entry: DenormPreserve / DenormFlushToZero 32
// (`any` writes nothing) and SignedZeroInfNanPreserve 32, with their capabilities (the writer adds
// SPV_KHR_float_controls below SPIR-V 1.4).
void addFloatControls(ir::Module& module, const CompileOptions& options) {
  std::vector<std::pair<uint32_t, uint32_t>> modes;  // execution mode, capability
  if (options.denormMode == "preserve") modes.push_back({spv::ExecutionModeDenormPreserve, spv::CapabilityDenormPreserve});
  if (options.denormMode == "ftz") modes.push_back({spv::ExecutionModeDenormFlushToZero, spv::CapabilityDenormFlushToZero});
  if (options.gis) modes.push_back({spv::ExecutionModeSignedZeroInfNanPreserve, spv::CapabilitySignedZeroInfNanPreserve});
  for (const auto& [mode, capability] : modes) {
    for (ir::EntryPoint& ep : module.entryPoints) ep.modes.push_back({mode, {32}});
    if (std::find(module.capabilities.begin(), module.capabilities.end(), capability) == module.capabilities.end())
      module.capabilities.push_back(capability);
  }
}

std::string reflectionText(const ir::Module& module, const passes::LegalizeResult& bound) {
  std::string s;
  for (const ir::EntryPoint& ep : module.entryPoints) {
    s += "entry point: " + ep.name + " (" + (ep.executionModel == spv::ExecutionModelGLCompute ? "compute" : "other") + ")\n";
    for (const ir::ExecutionMode& m : ep.modes)
      if (m.mode == spv::ExecutionModeLocalSize && m.operands.size() == 3)
        s += "workgroup size: " + std::to_string(m.operands[0]) + " " + std::to_string(m.operands[1]) + " " +
             std::to_string(m.operands[2]) + "\n";
  }
  s += "bindings:\n";
  bool any = false;
  for (const passes::BoundResource& r : bound.resources) {
    if (r.isPushConstant) continue;
    any = true;
    s += "  set " + std::to_string(r.set) + " binding " + std::to_string(r.binding) + "  " + r.descriptorType;
    if (r.count != 1) s += "[" + (r.count ? std::to_string(r.count) : std::string()) + "]";
    s += "  " + r.hlslType + "  " + r.name;
    if (r.blockSize && !r.isCounter) s += "  (" + std::to_string(r.blockSize) + " bytes)";
    s += "\n";
  }
  if (!any) s += "  (none)\n";
  bool push = false;
  for (const passes::BoundResource& r : bound.resources)
    if (r.isPushConstant) {
      s += "push constants: " + r.name + ", " + std::to_string(r.blockSize) + " bytes\n";
      push = true;
    }
  if (!push) s += "push constants: none\n";
  return s;
}

}  // namespace

void runSpirvBackend(const frontend::TranslationUnit& unit, const frontend::PreprocessedUnit& source,
                     const CompileOptions& options, const std::vector<std::string>& stages, size_t lastStage,
                     CompileResult& result, const std::function<void()>& stageDone) {
  auto wanted = [&](const char* name) {
    for (size_t i = 0; i < stages.size() && i <= lastStage; ++i)
      if (stages[i] == name) return true;
    return false;
  };
  auto textWanted = [&](const std::string& name) { return options.stageTextWanted(name); };
  auto finish = [&](StageArtifact& a, Clock::time_point start) {
    a.ok = !hasErrors(a.diagnostics);
    a.milliseconds = millisecondsSince(start);
    result.diagnostics.insert(result.diagnostics.end(), a.diagnostics.begin(), a.diagnostics.end());
    stageDone();
    return a.ok;
  };
  const spirv::TargetEnv env = spirv::parseTargetEnv(options.spirvTargetEnv).value_or(spirv::TargetEnv::Vulkan1_0);
  const uint32_t spirvMinor = (spirv::spirvVersion(env) >> 8) & 0xFF;

  // Stage: ir.
  Clock::time_point start = Clock::now();
  irgen::IrGenOptions genOptions;
  genOptions.rowMajorByDefault = options.rowMajorByDefault;
  genOptions.enable16BitTypes = options.enable16BitTypes;
  genOptions.spirvMinor = spirvMinor;
  genOptions.demoteForDiscard = env == spirv::TargetEnv::Vulkan1_3;
  genOptions.dxLayout = options.vkUseDxLayout;
  genOptions.invertY = options.vkInvertY;
  genOptions.dxPositionW = options.vkUseDxPositionW;
  genOptions.stageIoAlpha = options.vkStageIoOrderAlpha;
  genOptions.nonzeroBaseVertex = options.vkNonzeroBaseVertex;
  genOptions.nonzeroBaseInstance = options.vkNonzeroBaseInstance;
  irgen::profileShaderModel(options.profile, genOptions.shaderModelMajor, genOptions.shaderModelMinor);
  // Locals, parameters, scopes and globals for NonSemantic.Shader.DebugInfo.100 (-fspv-debug=vulkan*).
  genOptions.debugVariables = debugInfoMode(options).shaderInfo;
  irgen::IrGenResult gen = irgen::generateIR(unit, source, genOptions);
  size_t irIndex = result.stages.size();
  result.stages.emplace_back().name = "ir";
  {
    StageArtifact& a = result.stages[irIndex];
    a.diagnostics = std::move(gen.diagnostics);
    if (gen.module) {
      addFloatControls(*gen.module, options);
      if (!options.spvEntrypointName.empty())
        for (ir::EntryPoint& ep : gen.module->entryPoints) ep.name = options.spvEntrypointName;
      if (textWanted("ir")) printInto(*gen.module, a);
      verifyInto(*gen.module, "ir", a);
    }
    if (!finish(a, start) || !gen.module) return;
  }
  ir::Module& module = *gen.module;
  if (!wanted("ir.bound")) return;

  // Stage: ir.bound.
  start = Clock::now();
  passes::LegalizeOptions legalizeOptions;
  passes::selectLayoutRules(legalizeOptions, options.vkUseDxLayout, options.vkUseScalarLayout, options.vkUseGlLayout);
  legalizeOptions.rowMajorByDefault = options.rowMajorByDefault;
  legalizeOptions.spirvMinor = spirvMinor;
  for (const VkRegisterShift& s : options.vkShifts) legalizeOptions.bindings.shifts.push_back({s.registerClass, s.shift, s.space});
  for (const VkBindRegister& r : options.vkBindRegisters) {
    passes::BindRegisterOption b;
    b.registerClass = r.registerName.empty() ? 't' : r.registerName[0];
    b.index = r.registerName.size() > 1 ? static_cast<uint32_t>(std::strtoul(r.registerName.c_str() + 1, nullptr, 10)) : 0;
    b.space = r.space;
    b.binding = r.binding;
    b.set = r.set;
    legalizeOptions.bindings.bindRegisters.push_back(b);
  }
  legalizeOptions.bindings.autoShift = options.vkAutoShiftBindings;
  legalizeOptions.bindings.defaultSet = options.autoBindingSpace;
  legalizeOptions.unknownImageFormat = options.spvUnknownImageFormat;
  passes::LegalizeResult bound = passes::legalizeBindings(module, legalizeOptions);
  size_t boundIndex = result.stages.size();
  result.stages.emplace_back().name = "ir.bound";
  {
    StageArtifact& a = result.stages[boundIndex];
    a.diagnostics = bound.diagnostics;
    if (textWanted("ir.bound")) printInto(module, a);
    if (bound.ok()) verifyInto(module, "ir.bound", a);
    if (!finish(a, start)) return;
  }
  if (!wanted("ir.heaps")) return;

  // Stage: ir.heaps (SM 6.6 descriptor heaps; after ordinary bindings, which they must avoid).
  start = Clock::now();
  const passes::heaps::HeapOptions heapOptions = heapOptionsFor(options, spirvMinor);
  passes::heaps::HeapLegalizeResult heaps = passes::heaps::legalizeHeaps(module, heapOptions);
  size_t heapsIndex = result.stages.size();
  result.stages.emplace_back().name = "ir.heaps";
  {
    StageArtifact& a = result.stages[heapsIndex];
    a.diagnostics = heaps.diagnostics;
    attachSourceLines(a.diagnostics, result.fileName, result.source);
    if (textWanted("ir.heaps")) {
      printInto(module, a);
      a.text = heapStageHeader(heapOptions, heaps) + a.text;
      a.lineSources.insert(a.lineSources.begin(), SourceLoc{});
    }
    // Without heap use the pass leaves the module as ir.bound's verifier saw it.
    const bool heapsChanged = heaps.usesResourceHeap || heaps.usesSamplerHeap || heaps.usesCounters || !heaps.sites.empty();
    if (heaps.ok() && heapsChanged) verifyInto(module, "ir.heaps", a);
    if (!finish(a, start)) return;
  }
  if (!wanted("qptr.lower") && !wanted("spirv") && !wanted("reflection")) return;

  // The module as the writer emits it, validated: the input of the qptr stages and, if they
  // cannot lift it, the output.
  start = Clock::now();
  // A plain `-Fo` compile emits the bound module, so the qptr round trip (read back, three
  // passes, write, validate) only runs when someone looks at its stages or emits its output.
  bool printsQptr = false;
  for (const std::string& s : options.printStages) printsQptr |= s.rfind("qptr.", 0) == 0;
  const bool writesObjectOnly = !options.outputFile.empty() && options.dumpStagesDir.empty() && !printsQptr;
  const bool qptrNeeded = options.emitQptrLifted || !writesObjectOnly;
  const bool qptrRuns = qptrNeeded && (wanted("qptr.lower") || wanted("spirv"));
  const DebugInfoMode debugMode = debugInfoMode(options);
  const bool mapWanted = textWanted("spirv");
  if (debugMode.sourceText) fillDebugFileContents(module, result.fileName, result.source);
  const spirv::WriterOptions finalOptions = finalWriterOptions(env, debugMode, mapWanted);
  // The qptr input carries OpLine whenever a location is used after it: a line map shown, or
  // line debug info in the lifted output. With variable debug info (-fspv-debug=vulkan*) it
  // carries NonSemantic.Shader.DebugInfo.100 instead, which the reader reads back into the IR's
  // scopes, variables and dbg.* ops (locations included), so the lifted module keeps the locals.
  const bool locationsUsed = mapWanted || debugMode.lines || debugMode.shaderInfo || textWanted("qptr.lower") ||
                             textWanted("qptr.analyze") || textWanted("qptr.lift");
  spirv::WriterOptions writerOptions = finalOptions;
  if (qptrRuns) {
    writerOptions.emitDebugLines = locationsUsed && !debugMode.shaderInfo;
    writerOptions.emitSourceText = false;
    writerOptions.emitShaderDebugInfo = debugMode.shaderInfo;
  }
  // ir.bound's (or ir.heaps') verifier saw this module last, and nothing has changed it since.
  spirv::WriteResult written = spirv::writeVerifiedModule(module, writerOptions);
  spirv::ValidateOptions validateOptions;
  validateOptions.relaxBlockLayout = true;
  validateOptions.scalarBlockLayout = options.vkUseDxLayout || options.vkUseScalarLayout;
  std::vector<Diagnostic> spirvDiagnostics;
  for (Diagnostic& d : written.diagnostics) {
    // The writer's own failures are ours; a feature the target lacks is the input's.
    if (d.severity == Severity::Error && d.message.rfind("SPIR-V writer: ", 0) == 0)
      d.message = "internal error: cannot emit SPIR-V: " + d.message;
    spirvDiagnostics.push_back(std::move(d));
  }
  attachSourceLines(spirvDiagnostics, result.fileName, result.source);
  // When the lifted module is the output, the bound one is only the qptr reader's input (which
  // rejects malformed modules itself): it is validated only if it becomes the output after all
  // (a lift that fails), which saves a second SPIRV-Tools validation (~40% of a large compile).
  const bool validateBoundLater = qptrRuns && options.emitQptrLifted;
  auto validateBound = [&] {
    if (!written.ok() || options.disableValidation) return;
    for (Diagnostic& d : spirv::validate(written.words, env, validateOptions)) {
      if (d.severity == Severity::Error) d.message = "internal error: invalid SPIR-V: " + d.message;
      spirvDiagnostics.push_back(std::move(d));
    }
  };
  if (!validateBoundLater) validateBound();
  double writeMs = millisecondsSince(start);
  bool boundValid = written.ok() && !hasErrors(spirvDiagnostics);

  // Stages: qptr.lower, qptr.analyze, qptr.lift (on the valid bound module).
  EmittedModule emitted;
  bool emittedIsBound = true;
  // The lifted module is validated on a thread of its own while this one disassembles it for the
  // spirv stage: after a keystroke those two are a third of the wait for the SPIR-V tab, and
  // neither needs the other. An invalid lifted module (our bug) still falls back to the bound one.
  std::vector<Diagnostic> liftedProblems;
  std::optional<StackThread> liftedValidation;
  if (boundValid && qptrRuns) {
    std::vector<StageArtifact> qptrStages;
    EmittedModule lifted = runQptrStages(written.words, module, finalOptions, textWanted, qptrStages);
    for (StageArtifact& a : qptrStages) {
      a.ok = !hasErrors(a.diagnostics);
      result.diagnostics.insert(result.diagnostics.end(), a.diagnostics.begin(), a.diagnostics.end());
      result.stages.push_back(std::move(a));
    }
    stageDone();
    // The lifted module is emitted by default: it passes the same conformance tests as the
    // bound module (docs/qptr.md); a module qptr cannot lift falls back to the bound one. Variable
    // debug info (-fspv-debug=vulkan*) goes through the round trip too (the reader reads it back).
    if (!lifted.words.empty() && options.emitQptrLifted) {
      emitted = std::move(lifted);
      emittedIsBound = false;
      liftedValidation.emplace(kCompileStackBytes, [&] {
        liftedProblems = spirv::validate(emitted.words, env, validateOptions);
      });
    }
  }
  // The lifted module's text, made while it is validated (dropped if it turns out invalid).
  Clock::time_point concurrentStart = Clock::now();
  std::string liftedText;
  bool liftedDisassembled = false;
  if (liftedValidation) {
    if (wanted("spirv") && textWanted("spirv")) liftedDisassembled = spirv::disassemble(emitted.words, liftedText);
    liftedValidation->join();
    for (const Diagnostic& d : liftedProblems) {
      if (d.severity != Severity::Error) continue;
      for (StageArtifact& a : result.stages) {
        if (a.name != "qptr.lift") continue;
        a.diagnostics.push_back(Diagnostic::warning({}, "qptr: the lifted module is invalid: " + d.message +
                                                            "; the emitted SPIR-V is the module before qptr"));
        result.diagnostics.push_back(a.diagnostics.back());
      }
      emitted = EmittedModule{};
      emittedIsBound = true;
      liftedText.clear();
      liftedDisassembled = false;
      break;
    }
  }
  writeMs += millisecondsSince(concurrentStart);
  if (emittedIsBound && validateBoundLater) {
    start = Clock::now();
    validateBound();
    boundValid = written.ok() && !hasErrors(spirvDiagnostics);
    writeMs += millisecondsSince(start);
  }
  if (!wanted("spirv") && !wanted("reflection")) return;
  if (emittedIsBound) {
    // The bound module is the output: written again when the qptr input's OpLines are not what
    // the options ask for (rare: --no-qptr-lift with qptr stages shown, or a failed lift).
    if (boundValid && qptrRuns && (finalOptions.emitDebugLines != writerOptions.emitDebugLines ||
                     finalOptions.emitSourceText || finalOptions.emitShaderDebugInfo)) {
      spirv::WriteResult again = spirv::writeVerifiedModule(module, finalOptions);
      if (again.ok() && finalOptions.emitShaderDebugInfo && !options.disableValidation)
        for (Diagnostic& d : spirv::validate(again.words, env, validateOptions)) {
          if (d.severity == Severity::Error) d.message = "internal error: invalid SPIR-V debug info: " + d.message;
          spirvDiagnostics.push_back(std::move(d));
        }
      if (again.ok()) written = std::move(again);
    }
    if (mapWanted) emitted.instructionSources = instructionSources(written.instructionLocs, module);
    emitted.words = std::move(written.words);
  }
  std::vector<uint32_t>& words = emitted.words;

  // Stage: spirv (the lifted module, or the bound one with --no-qptr-lift or when lifting failed).
  start = Clock::now();
  size_t spirvIndex = result.stages.size();
  result.stages.emplace_back().name = "spirv";
  {
    StageArtifact& a = result.stages[spirvIndex];
    a.diagnostics = std::move(spirvDiagnostics);
    if (boundValid) {
      if (liftedDisassembled) a.text = std::move(liftedText);
      if (textWanted("spirv") && (liftedDisassembled || spirv::disassemble(words, a.text)))
        a.lineSources = disassemblyLineSources(a.text, std::move(emitted.instructionSources));
      a.binary.resize(words.size() * 4);
      std::memcpy(a.binary.data(), words.data(), a.binary.size());
    }
    if (!finish(a, start)) return;
    a.milliseconds += writeMs;
    result.object = result.stages[spirvIndex].binary;
  }

  // Stages: spirv.glsl, spirv.hlsl, spirv.msl (SPIRV-Cross views of the emitted module). They cost
  // a third of the rest of the compile, so they run only when looked at: printed, dumped, or shown
  // with every stage (the GUI). A view SPIRV-Cross cannot make is a warning on its stage: the
  // SPIR-V itself is fine.
  const bool showsEveryStage = options.showAllStages || !options.dumpStagesDir.empty();
  for (spirv::CrossLanguage language : {spirv::CrossLanguage::Glsl, spirv::CrossLanguage::Hlsl, spirv::CrossLanguage::Msl}) {
    const char* name = spirv::crossStageName(language);
    bool printed = false;
    for (const std::string& s : options.printStages) printed |= s == name;
    if (!wanted(name) || !(printed || showsEveryStage)) continue;
    if (!textWanted(name)) {
      // Shown later, if ever: a compile with the stage shown cross-compiles it then.
      result.stages.emplace_back().name = name;
      stageDone();
      continue;
    }
    start = Clock::now();
    spirv::CrossOptions crossOptions;
    crossOptions.hlslShaderModel = spirv::hlslShaderModelForProfile(options.profile);
    spirv::CrossResult cross = spirv::crossCompile(words, language, crossOptions);
    StageArtifact& a = result.stages.emplace_back();
    a.name = name;
    a.text = std::move(cross.text);
    a.lineSources = std::move(cross.lineSources);
    for (Diagnostic& d : cross.diagnostics) {
      if (d.severity == Severity::Error) d.severity = Severity::Warning;
      a.diagnostics.push_back(std::move(d));
    }
    finish(a, start);
    a.ok = !a.text.empty();
  }
  if (!wanted("reflection")) return;

  // Stage: reflection.
  start = Clock::now();
  size_t reflIndex = result.stages.size();
  result.stages.emplace_back().name = "reflection";
  StageArtifact& refl = result.stages[reflIndex];
  refl.text = reflectionText(module, bound) + heapReflectionText(module, heapOptions, heaps, result.fileName);
  finish(refl, start);
}

}  // namespace sl
