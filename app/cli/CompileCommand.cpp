#include "app/cli/Commands.h"

#include "core/pipeline/Pipeline.h"
#include "core/signature/SignaturePrinter.h"
#include "core/support/AtomicFile.h"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <new>

#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

namespace sl::cli {

namespace {

// `dxc -Fc` for the DXIL target: the input and output signature tables as comments (DXC's
// columns, core/signature's printer), then the module. Entry points without signatures
// (compute) get DXC's "no parameters" blocks.
std::string dxilDisassembly(const CompileResult& result) {
  const StageArtifact* dxil = result.stage("dxil");
  const StageArtifact* sigs = result.stage("signatures");
  std::string text;
  if (sigs && sigs->text.rfind(";\n; Input signature:", 0) == 0) {
    text = sigs->text;
  } else {
    signature::PackedSignature inputs, outputs;
    inputs.kind = signature::SignatureKind::CSInput;
    outputs.kind = signature::SignatureKind::VSOutput;  // any output point: the block is empty
    text = signature::printSignatureTables(inputs, outputs);
  }
  if (!text.empty() && text.back() != '\n') text += '\n';
  return text + (dxil ? dxil->text : std::string());
}

// --time-limit / --memory-limit: this process is the compile, so its own limits are the
// compile's. The messages are built before the limits are set: the handlers run where nothing
// may allocate.
char gTimeLimitMessage[512];
char gMemoryLimitMessage[512];

void onTimeLimit(int) {
  (void)!::write(2, gTimeLimitMessage, std::strlen(gTimeLimitMessage));
  ::_exit(kExitCompileError);
}

void onMemoryLimit() {
  (void)!::write(2, gMemoryLimitMessage, std::strlen(gMemoryLimitMessage));
  ::_exit(kExitCompileError);
}

// The process's address space now (libraries, stacks): the memory limit comes on top of it.
uint64_t currentAddressSpaceBytes() {
  std::ifstream statm("/proc/self/statm");
  uint64_t pages = 0;
  statm >> pages;
  return pages * uint64_t(::sysconf(_SC_PAGESIZE));
}

void applyCompileLimits(const CompileOptions& options, const std::string& fileName) {
  if (options.timeLimitSeconds) {
    std::snprintf(gTimeLimitMessage, sizeof gTimeLimitMessage,
                  "%s: error: compile stopped: it took longer than the time limit of %u s (--time-limit)\n",
                  fileName.c_str(), options.timeLimitSeconds);
    struct sigaction action {};
    action.sa_handler = onTimeLimit;
    sigaction(SIGALRM, &action, nullptr);
    ::alarm(options.timeLimitSeconds);
  }
  if (options.memoryLimitMb) {
    std::snprintf(gMemoryLimitMessage, sizeof gMemoryLimitMessage,
                  "%s: error: compile stopped: it needed more than the memory limit of %u MB (--memory-limit)\n",
                  fileName.c_str(), options.memoryLimitMb);
    const uint64_t limit = currentAddressSpaceBytes() + (uint64_t(options.memoryLimitMb) << 20);
    struct rlimit rl {limit, limit};
    setrlimit(RLIMIT_AS, &rl);
    std::set_new_handler(onMemoryLimit);
  }
}

// -P: only the preprocessor runs; its canonical text (the `preprocessed` stage, the same text
// --print preprocessed shows) goes to the file.
int preprocessToFile(CompileOptions options, const std::string& fileName, const std::string& source) {
  if (options.preprocessIgnoredOutputs) std::fputs("shaderlens compile: warning: compiler options ignored with Preprocess.\n", stderr);
  options.printStages = {"preprocessed"};
  std::shared_ptr<const CompileResult> result = compileSource(fileName, source, options);
  std::string rendered = renderDiagnostics(result->diagnostics);
  std::fwrite(rendered.data(), 1, rendered.size(), stderr);
  const StageArtifact* preprocessed = result->stage("preprocessed");
  if (!result->succeeded || !preprocessed) return kExitCompileError;
  if (std::string err = writeFileAtomically(options.preprocessFile, preprocessed->text); !err.empty()) {
    std::fprintf(stderr, "shaderlens compile: %s\n", err.c_str());
    return kExitUsage;
  }
  return kExitSuccess;
}

}  // namespace

int runCompile(const Args& args) {
  ParsedCommandLine parsed = parseDxcCommandLine(args);
  if (parsed.help) {
    std::fputs(compileOptionsHelp(), stdout);
    return kExitSuccess;
  }
  if (!parsed.error.empty()) {
    std::fprintf(stderr, "shaderlens compile: %s\n", parsed.error.c_str());
    return kExitUsage;
  }
  CompileOptions options = parsed.options;
  for (const std::string& ignored : options.ignoredInputs)
    std::fprintf(stderr, "shaderlens compile: warning: '%s' ignored: the input is the last file named, '%s' (as DXC)\n",
                 ignored.c_str(), options.inputFile.c_str());
  options.textOnlyForShownStages = true;  // only --print/--dump-stages/-Fc read stage text here
  if (options.listStages) {
    for (const std::string& name : stagesFor(options)) {
      for (const StageInfo& info : allStages())
        if (name == info.name)
          std::printf("%-14s %s%s\n", info.name, info.description, info.implemented ? "" : " (not in this build yet)");
    }
    return kExitSuccess;
  }
  for (const std::string& stage : options.printStages) {
    if (!isKnownStage(stage)) {
      std::fprintf(stderr, "shaderlens compile: unknown stage '%s' (see --stages)\n", stage.c_str());
      return kExitUsage;
    }
  }
  if (options.inputFile.empty()) {
    std::fprintf(stderr, "shaderlens compile: no input file\n");
    return kExitUsage;
  }
  std::string source, error;
  if (!readWholeFile(options.inputFile, source, error)) {
    std::fprintf(stderr, "shaderlens compile: %s\n", error.c_str());
    return kExitUsage;
  }
  std::string fileName = options.inputFile == "-" ? "<stdin>" : options.inputFile;
  applyCompileLimits(options, fileName);
  if (!options.preprocessFile.empty()) return preprocessToFile(options, fileName, source);
  std::shared_ptr<const CompileResult> result = compileSource(fileName, source, options);

  // Stages print even when a later stage fails: that is how one sees where things went wrong.
  for (const std::string& name : options.printStages) {
    if (const StageArtifact* artifact = result->stage(name)) {
      std::fwrite(artifact->text.data(), 1, artifact->text.size(), stdout);
      if (!artifact->text.empty() && artifact->text.back() != '\n') std::fputc('\n', stdout);
    } else {
      std::fprintf(stderr, "shaderlens compile: stage '%s' did not run\n", name.c_str());
    }
  }
  std::string rendered = renderDiagnostics(result->diagnostics);
  std::fwrite(rendered.data(), 1, rendered.size(), stderr);
  if (!options.dumpStagesDir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options.dumpStagesDir, ec);
    std::string err = ec ? "cannot create '" + options.dumpStagesDir + "': " + ec.message() : "";
    for (const StageArtifact& artifact : result->stages) {
      if (!err.empty()) break;
      err = writeFileAtomically(options.dumpStagesDir + "/" + artifact.name + ".txt", artifact.text);
    }
    if (err.empty()) err = writeFileAtomically(options.dumpStagesDir + "/diagnostics.txt", rendered);
    if (!err.empty()) {
      std::fprintf(stderr, "shaderlens compile: %s\n", err.c_str());
      return kExitUsage;
    }
  }
  if (!result->succeeded) return kExitCompileError;

  if (!options.outputFile.empty()) {
    std::string err = writeFileAtomically(options.outputFile, result->object);
    if (!err.empty()) {
      std::fprintf(stderr, "shaderlens compile: %s\n", err.c_str());
      return kExitUsage;
    }
  }
  if (!options.disassemblyFile.empty()) {
    std::string disassembly;
    if (options.spirv()) {
      if (const StageArtifact* text = result->stage("spirv")) disassembly = text->text;
    } else {
      disassembly = dxilDisassembly(*result);
    }
    std::string err = writeFileAtomically(options.disassemblyFile, disassembly);
    if (!err.empty()) {
      std::fprintf(stderr, "shaderlens compile: %s\n", err.c_str());
      return kExitUsage;
    }
  }
  return kExitSuccess;
}

}  // namespace sl::cli
