#include "app/cli/DebugLaunch.h"

#include <cstring>
#include <filesystem>

#include "app/cli/BundleCompile.h"
#include "app/cli/Commands.h"
#include "core/support/AtomicFile.h"
#include "renderer/offload/PipelineParser.h"

namespace sl::cli {

namespace {

template <typename T>
std::unique_ptr<T> fail(LaunchFailure& failure, std::string message, int status) {
  failure.error = std::move(message);
  failure.status = status;
  return nullptr;
}

bool isShaderFile(const std::string& file) { return file.size() > 5 && file.compare(file.size() - 5, 5, ".hlsl") == 0; }
bool isSpirvFile(const std::string& file) { return file.size() > 4 && file.compare(file.size() - 4, 4, ".spv") == 0; }

// A module another compiler built (glslang, DXC) with the pipeline to run it: debugged with the
// debug information it carries; there is no bundle and nothing to compile.
std::unique_ptr<DebugProgram> loadSpirvProgram(const DebugLaunchOptions& o, LaunchFailure& failure) {
  using Fail = DebugProgram;
  if (o.pipeline.empty()) return fail<Fail>(failure, o.tool + ": a SPIR-V module needs --pipeline P.yaml\n", kExitUsage);
  std::string bytes, yaml, error;
  if (!readWholeFile(o.file, bytes, error) || !readWholeFile(o.pipeline, yaml, error))
    return fail<Fail>(failure, o.tool + ": " + error + "\n", kExitUsage);
  if (bytes.size() < 20 || bytes.size() % 4 != 0 || std::memcmp(bytes.data(), "\x03\x02\x23\x07", 4) != 0)
    return fail<Fail>(failure, o.file + ": error: not a SPIR-V module (no little-endian magic number, or not whole words)\n", 1);
  auto program = std::make_unique<DebugProgram>();
  program->words.resize(bytes.size() / 4);
  std::memcpy(program->words.data(), bytes.data(), bytes.size());
  program->pipelineText = std::move(yaml);
  program->pipelineName = o.pipeline;
  offload::ParseResult pipelineParse = offload::parsePipeline(program->pipelineText, program->pipelineName);
  if (!pipelineParse.ok()) return fail<Fail>(failure, pipelineParse.renderErrors(), 1);
  program->pipeline = std::move(*pipelineParse.pipeline);
  return program;
}

}  // namespace

std::unique_ptr<DebugProgram> loadDebugProgram(const DebugLaunchOptions& o, LaunchFailure& failure) {
  using Fail = DebugProgram;
  if (isSpirvFile(o.file)) return loadSpirvProgram(o, failure);
  std::string text, error;
  const bool shader = isShaderFile(o.file);
  if (!o.pipeline.empty() && !shader)
    return fail<Fail>(failure, o.tool + ": --pipeline goes with a SHADER.hlsl (a bundle has its own pipeline)\n", kExitUsage);
  if (shader && !o.pipeline.empty()) {
    // The shader and the pipeline as a bundle of two parts, compiled as cs_6_6.
    std::string hlsl, yaml;
    if (!readWholeFile(o.file, hlsl, error) || !readWholeFile(o.pipeline, yaml, error)) return fail<Fail>(failure, o.tool + ": " + error + "\n", kExitUsage);
    if (!hlsl.empty() && hlsl.back() != '\n') hlsl += '\n';
    if (!yaml.empty() && yaml.back() != '\n') yaml += '\n';
    text = "#--- source.hlsl\n" + hlsl + "//--- pipeline.yaml\n" + yaml +
           "#--- end\n# RUN: split-file %s %t\n# RUN: %dxc_target -T cs_6_6 -Fo %t.o %t/source.hlsl\n"
           "# RUN: %offloader %t/pipeline.yaml %t.o\n";
  } else if (shader) {
    // A bare compute shader gets the bundle `run --new` would make for it.
    if (int status = bundleFromShader(o.file, {}, {}, o.tool, text)) return fail<Fail>(failure, "", status);
  } else if (!readWholeFile(o.file, text, error)) {
    return fail<Fail>(failure, o.tool + ": " + error + "\n", kExitUsage);
  }
  offload::BundleResult parsed = offload::parseBundle(text);
  if (!parsed.bundle) return fail<Fail>(failure, o.file + ":" + parsed.error + "\n", 1);
  auto program = std::make_unique<DebugProgram>();
  program->bundle = std::move(*parsed.bundle);
  const offload::Bundle& bundle = program->bundle;
  // The first run the bundle expects to succeed is the one debugged.
  const offload::OffloadStep* run = nullptr;
  for (const offload::OffloadStep& step : bundle.runs)
    if (!step.expectFailure) {
      run = &step;
      break;
    }
  if (!run || run->shaders.size() != 1 || run->shaderCompiles.empty() || run->shaderCompiles[0] < 0)
    return fail<Fail>(failure, o.file + ": error: no %offloader RUN line with one compute shader compiled by a %dxc_target RUN line\n", 1);
  const offload::CompileStep& compile = bundle.compiles[size_t(run->shaderCompiles[0])];
  std::vector<std::string> extra;
  if (!o.noDebugInfo) extra.push_back(o.debugInfoFlag);
  // A SHADER.hlsl's #includes are next to it, not in the bundle made around it.
  if (shader) extra.push_back("-I" + (std::filesystem::path(o.file).parent_path().empty() ? std::string(".")
                                                                                         : std::filesystem::path(o.file).parent_path().string()));
  std::optional<std::vector<uint8_t>> object = compileBundleStep(o.file, bundle, compile, extra, o.tool);
  if (!object) return fail<Fail>(failure, "", 1);
  program->words.resize(object->size() / 4);
  std::memcpy(program->words.data(), object->data(), program->words.size() * 4);
  program->sourcePart = compile.sourcePart;
  // A SHADER.hlsl is its own source part, line for line; a bundle's part starts further down.
  if (const offload::SplitPart* source = bundle.part(compile.sourcePart); source && !shader) program->userLineOffset = source->firstLine - 1;

  const offload::SplitPart* pipelinePart = bundle.part(run->pipelinePart);
  program->pipelineText = pipelinePart ? pipelinePart->text : "";
  program->pipelineName = o.file + "/" + run->pipelinePart;
  offload::ParseResult pipelineParse = offload::parsePipeline(program->pipelineText, program->pipelineName);
  if (!pipelineParse.ok()) return fail<Fail>(failure, pipelineParse.renderErrors(), 1);
  program->pipeline = std::move(*pipelineParse.pipeline);
  return program;
}

std::unique_ptr<DebugTarget> recordDebugTarget(std::unique_ptr<DebugProgram> program, const DebugLaunchOptions& o, LaunchFailure& failure) {
  offload::InvocationTraceResult recorded = offload::traceInvocation(program->words, program->pipeline, o.invocation, o.trace, o.file);
  if (!recorded.value) return fail<DebugTarget>(failure, recorded.error + "\n", recorded.usageError ? kExitUsage : 1);
  auto target = std::make_unique<DebugTarget>();
  target->program = std::move(program);
  target->recorded = std::move(*recorded.value);
  const DebugProgram& p = *target->program;
  target->session = std::make_unique<interp::debug::DebugSession>(target->recorded.trace, p.words);
  if (!target->recorded.dispatchStatus.ok()) target->session->setDispatchError(target->recorded.dispatchStatus.message());
  if (const offload::SplitPart* source = p.bundle.part(p.sourcePart)) target->session->addSourceText(o.file + "/" + p.sourcePart, source->text);
  return target;
}

DebugLaunchResult launchDebugTarget(const DebugLaunchOptions& options) {
  DebugLaunchResult result;
  if (std::unique_ptr<DebugProgram> program = loadDebugProgram(options, result.failure))
    result.target = recordDebugTarget(std::move(program), options, result.failure);
  return result;
}

}  // namespace sl::cli
