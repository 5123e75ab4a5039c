#include "core/pipeline/Pipeline.h"

#include "core/pipeline/StageClock.h"

#include "core/frontend/ASTPrinter.h"
#include "core/frontend/Frontend.h"
#include "core/frontend/Preprocessor.h"
#include "core/pipeline/DxilBackend.h"
#include "core/pipeline/FatalErrors.h"
#include "core/pipeline/SpirvBackend.h"
#include "core/support/LargeStack.h"

#include <chrono>

namespace sl {

const StageArtifact* CompileResult::stage(std::string_view name) const {
  for (const StageArtifact& s : stages)
    if (s.name == name) return &s;
  return nullptr;
}

const std::vector<StageInfo>& allStages() {
  static const std::vector<StageInfo> stages = {
      {"preprocessed", "source after the Clang preprocessor, with #line markers", true},
      {"ast", "typed AST after parsing and Sema", true},
      {"ir", "the IR with hlsl.* resource handle ops", true},
      {"ir.bound", "IR after implicit binding legalization", true},
      {"ir.heaps", "IR after descriptor-heap legalization (proposal or portable form, -fspv-heap-form)", true},
      {"qptr.lower", "SPIR-V pointers lowered to quasi-pointers", true},
      {"qptr.analyze", "quasi-pointers with qptr.usage attributes", true},
      {"qptr.lift", "pointee types and storage classes rebuilt from usage", true},
      {"spirv", "SPIR-V disassembly (validated)", true},
      {"spirv.glsl", "GLSL view of the SPIR-V (SPIRV-Cross)", true},
      {"spirv.hlsl", "HLSL view of the SPIR-V (SPIRV-Cross)", true},
      {"spirv.msl", "MSL view of the SPIR-V (SPIRV-Cross)", true},
      {"reflection", "bindings, constants, workgroup size and heap access sites", true},
      {"llvm", "LLVM IR with llvm.dx.* intrinsics", true},
      {"dxil", "DXIL after lowering: dx.op calls and metadata", true},
      {"dxil.validate", "our DXIL validator: DXC validator rules over the dxil module", true},
      {"signatures", "packed input/output signature tables", true},
      {"container", "DXContainer parts SFI0/ISG1/OSG1/PSV0/RTS0/DXIL", true},
  };
  return stages;
}

bool isKnownStage(std::string_view name) {
  for (const StageInfo& s : allStages())
    if (name == s.name) return true;
  return false;
}

std::vector<std::string> stagesFor(const CompileOptions& options) {
  static const char* kCommon[] = {"preprocessed", "ast", "ir"};
  static const char* kSpirv[] = {"ir.bound", "ir.heaps", "qptr.lower", "qptr.analyze", "qptr.lift", "spirv",
                                 "spirv.glsl", "spirv.hlsl", "spirv.msl", "reflection"};
  static const char* kDxil[] = {"llvm", "dxil", "dxil.validate", "signatures", "container"};
  if (options.rootSignatureOnly()) return {"preprocessed", "container"};
  std::vector<std::string> names(std::begin(kCommon), std::end(kCommon));
  if (options.spirv()) names.insert(names.end(), std::begin(kSpirv), std::end(kSpirv));
  else names.insert(names.end(), std::begin(kDxil), std::end(kDxil));
  return names;
}

namespace {

using Clock = StageClock;

frontend::PreprocessOptions preprocessOptions(const CompileOptions& options) {
  frontend::PreprocessOptions pp;
  pp.defines = options.defines;
  pp.includeDirs = options.includeDirs;
  pp.hlslVersion = options.hlslVersion;
  pp.profile = options.profile;
  pp.enable16BitTypes = options.enable16BitTypes;
  pp.spirv = options.spirv();
  auto [major, minor] = options.spirvVersion();
  pp.spirvMajor = major;
  pp.spirvMinor = minor;
  return pp;
}

// The last stage this compile must run: the latest one printed when only stage text is asked for
// (like `dxc -P`, which only preprocesses), else the whole pipeline.
size_t lastStageNeeded(const CompileOptions& options, const std::vector<std::string>& stages) {
  if (options.printStages.empty() || !options.outputFile.empty() || !options.disassemblyFile.empty())
    return stages.size() - 1;
  size_t last = 0;
  for (const std::string& printed : options.printStages)
    for (size_t i = 0; i < stages.size(); ++i)
      if (stages[i] == printed && i > last) last = i;
  return last;
}

// Which stages' text a compile left out (StageArtifact::textDeferred).
void markDeferredText(CompileResult& result, const CompileOptions& options) {
  for (StageArtifact& stage : result.stages) stage.textDeferred = stage.text.empty() && !options.stageTextWanted(stage.name);
}

// Calls ShownStagesReady once, with a partial copy, after the stage that completes the shown ones.
class ShownStagesWatch {
 public:
  ShownStagesWatch(const CompileResult& result, const CompileOptions& options, const ShownStagesReady& ready)
      : result_(result), options_(options), ready_(ready) {}
  void stageDone() {
    if (fired_ || !ready_ || options_.shownStages.empty()) return;
    for (const std::string& name : options_.shownStages)
      if (!result_.stage(name)) return;
    fired_ = true;
    auto partial = std::make_shared<CompileResult>(result_);
    partial->partial = true;
    partial->succeeded = !hasErrors(partial->diagnostics);
    markDeferredText(*partial, options_);
    ready_(std::move(partial));
  }

 private:
  const CompileResult& result_;
  const CompileOptions& options_;
  const ShownStagesReady& ready_;
  bool fired_ = false;
};

// Thrown at a stage boundary of a cancelled compile; caught by compileSource (not an exception
// type anything else catches).
struct CompileCancelled {};

std::shared_ptr<CompileResult> compileOnThisStack(const std::string& fileName, std::string_view source,
                                                  const CompileOptions& options, const ShownStagesReady& onShownStagesReady,
                                                  const std::atomic<bool>* cancel) {
  auto result = std::make_shared<CompileResult>();
  result->options = options;
  result->fileName = fileName;
  result->source = std::string(source);
  Clock::time_point compileStart = Clock::now();
  // A profile no back end can take stops here (LLVM would end the process on it).
  if (std::string why = profileError(options.profile, options.spirv()); !why.empty()) {
    result->diagnostics.push_back(Diagnostic::error({}, why));
    result->succeeded = false;
    return result;
  }
  const std::vector<std::string> stages = stagesFor(options);
  const size_t lastStage = lastStageNeeded(options, stages);
  ShownStagesWatch watch(*result, options, onShownStagesReady);
  const std::function<void()> stageDone = [&] {
    watch.stageDone();
    if (cancel && cancel->load(std::memory_order_relaxed)) throw CompileCancelled{};
  };

  // Stage: preprocessed.
  Clock::time_point start = Clock::now();
  std::unique_ptr<frontend::PreprocessedUnit> unit = frontend::preprocess(fileName, source, preprocessOptions(options));
  StageArtifact& pre = result->stages.emplace_back();
  pre.name = "preprocessed";
  if (options.stageTextWanted("preprocessed")) {
    pre.text = unit->text();
    pre.lineSources.reserve(unit->lineMap().size());
    for (const frontend::PreprocessedLine& line : unit->lineMap()) pre.lineSources.push_back({line.file, line.line, 0});
  }
  pre.diagnostics = unit->diagnostics();
  pre.ok = !unit->hasErrors();
  pre.milliseconds = millisecondsSince(start);
  result->diagnostics.insert(result->diagnostics.end(), pre.diagnostics.begin(), pre.diagnostics.end());
  stageDone();

  // -T rootsig_1_x: the root signature alone, from the preprocessor's macros (no HLSL code).
  if (options.rootSignatureOnly()) {
    if (pre.ok && lastStage >= 1) runRootSignatureTarget(*unit, options, *result);
    markDeferredText(*result, options);
    result->succeeded = !hasErrors(result->diagnostics);
    result->totalMilliseconds = millisecondsSince(compileStart);
    return result;
  }

  // Stage: ast (parse + Sema). It runs only on a clean preprocess: token errors would cascade.
  if (pre.ok && lastStage >= 1) {
    start = Clock::now();
    frontend::FrontendOptions feOptions;
    feOptions.enable16BitTypes = options.enable16BitTypes;
    feOptions.entryPoint = options.entryPoint;
    feOptions.profile = options.profile;
    feOptions.spirv = options.spirv();
    feOptions.hlslVersion = options.hlslVersion;
    feOptions.errorLimit = options.errorLimit;
    frontend::FrontendResult fe = frontend::parseAndAnalyze(*unit, feOptions);
    StageArtifact& ast = result->stages.emplace_back();
    ast.name = "ast";
    if (options.stageTextWanted("ast")) {
      frontend::PrintedAST printed = frontend::printAST(*fe.unit, *unit);
      ast.text = std::move(printed.text);
      ast.lineSources = std::move(printed.lineSources);
    }
    ast.diagnostics = std::move(fe.diagnostics);
    ast.ok = !hasErrors(ast.diagnostics);
    ast.milliseconds = millisecondsSince(start);
    result->diagnostics.insert(result->diagnostics.end(), ast.diagnostics.begin(), ast.diagnostics.end());

    // The views' data, for every compile: it costs about 35 us for the vertex-pixel example
    // (under 2% of its 1.9 ms compile), and keying it to the text options would couple it to them.
    if (ast.ok) result->entryInterface = describeEntryInterface(*fe.unit, *unit, options);
    stageDone();

    // The back end of the chosen target: SPIR-V (SpirvBackend) or DXIL (DxilBackend).
    if (ast.ok && lastStage > 1) {
      if (options.spirv()) runSpirvBackend(*fe.unit, *unit, options, stages, lastStage, *result, stageDone);
      else runDxilBackend(*fe.unit, *unit, options, stages, lastStage, *result, stageDone);
    }
  }
  markDeferredText(*result, options);
  result->succeeded = !hasErrors(result->diagnostics);
  result->totalMilliseconds = millisecondsSince(compileStart);
  return result;
}

}  // namespace

std::shared_ptr<const CompileResult> compileSource(const std::string& fileName, std::string_view source,
                                                   const CompileOptions& options, const ShownStagesReady& onShownStagesReady,
                                                   const std::atomic<bool>* cancel) {
  // On a stack of its own: the depth of what a compile walks follows the input (see LargeStack.h).
  // A fatal error of LLVM's, running out of memory, or any exception inside is this compile's
  // internal error (FatalErrors.h), never the end of the process.
  std::shared_ptr<CompileResult> result;
  runWithStack(kCompileStackBytes, [&] {
    auto failed = [&](const std::string& why) {
      result = std::make_shared<CompileResult>();
      result->options = options;
      result->fileName = fileName;
      result->source = std::string(source);
      result->diagnostics.push_back(Diagnostic::error({fileName, 0, 0}, "internal error: " + why));
      result->succeeded = false;
    };
    try {
      FatalErrorBoundary boundary;
      result = compileOnThisStack(fileName, source, options, onShownStagesReady, cancel);
    } catch (const CompileCancelled&) {
      result = std::make_shared<CompileResult>();
      result->options = options;
      result->fileName = fileName;
      result->source = std::string(source);
      result->cancelled = true;
    } catch (const LlvmFatalError& e) {
      failed(std::string("LLVM: ") + e.what());
    } catch (const std::bad_alloc&) {
      failed("out of memory");
      // Under `compile --memory-limit` running out is the limit the user set, not our failure.
      if (options.memoryLimitMb)
        result->diagnostics.back().message = "compile stopped: it needed more than the memory limit of " +
                                             std::to_string(options.memoryLimitMb) + " MB (--memory-limit)";
    } catch (const std::exception& e) {
      failed(e.what());
    }
  });
  return result;
}

}  // namespace sl
