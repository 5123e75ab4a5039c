#include "app/cli/Commands.h"

#include "core/pipeline/Pipeline.h"
#include "core/signature/SignaturePrinter.h"
#include "core/support/AtomicFile.h"

#include <cstdio>
#include <filesystem>

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
