#include "app/cli/DebugLaunch.h"

#include <cstring>

#include "app/cli/BundleCompile.h"
#include "app/cli/Commands.h"
#include "core/support/AtomicFile.h"
#include "renderer/offload/PipelineParser.h"

namespace sl::cli {

namespace {

DebugLaunchResult failure(std::string message, int status) {
  DebugLaunchResult r;
  r.error = std::move(message);
  r.status = status;
  return r;
}

bool isShaderFile(const std::string& file) { return file.size() > 5 && file.compare(file.size() - 5, 5, ".hlsl") == 0; }

}  // namespace

DebugLaunchResult launchDebugTarget(const DebugLaunchOptions& o) {
  std::string text, error;
  const bool shader = isShaderFile(o.file);
  if (!o.pipeline.empty() && !shader)
    return failure(o.tool + ": --pipeline goes with a SHADER.hlsl (a bundle has its own pipeline)\n", kExitUsage);
  if (shader && !o.pipeline.empty()) {
    // The shader and the pipeline as a bundle of two parts, compiled as cs_6_6.
    std::string hlsl, yaml;
    if (!readWholeFile(o.file, hlsl, error) || !readWholeFile(o.pipeline, yaml, error)) return failure(o.tool + ": " + error + "\n", kExitUsage);
    if (!hlsl.empty() && hlsl.back() != '\n') hlsl += '\n';
    if (!yaml.empty() && yaml.back() != '\n') yaml += '\n';
    text = "#--- source.hlsl\n" + hlsl + "//--- pipeline.yaml\n" + yaml +
           "#--- end\n# RUN: split-file %s %t\n# RUN: %dxc_target -T cs_6_6 -Fo %t.o %t/source.hlsl\n"
           "# RUN: %offloader %t/pipeline.yaml %t.o\n";
  } else if (shader) {
    // A bare compute shader gets the bundle `run --new` would make for it.
    if (int status = bundleFromShader(o.file, {}, {}, o.tool, text)) return failure("", status);
  } else if (!readWholeFile(o.file, text, error)) {
    return failure(o.tool + ": " + error + "\n", kExitUsage);
  }
  offload::BundleResult parsed = offload::parseBundle(text);
  if (!parsed.bundle) return failure(o.file + ":" + parsed.error + "\n", 1);
  auto target = std::make_unique<DebugTarget>();
  target->bundle = std::move(*parsed.bundle);
  const offload::Bundle& bundle = target->bundle;
  // The first run the bundle expects to succeed is the one debugged.
  const offload::OffloadStep* run = nullptr;
  for (const offload::OffloadStep& step : bundle.runs)
    if (!step.expectFailure) {
      run = &step;
      break;
    }
  if (!run || run->shaders.size() != 1 || run->shaderCompiles.empty() || run->shaderCompiles[0] < 0)
    return failure(o.file + ": error: no %offloader RUN line with one compute shader compiled by a %dxc_target RUN line\n", 1);
  const offload::CompileStep& compile = bundle.compiles[size_t(run->shaderCompiles[0])];
  std::vector<std::string> extra;
  if (!o.noDebugInfo) extra.push_back("-Zi");
  std::optional<std::vector<uint8_t>> object = compileBundleStep(o.file, bundle, compile, extra, o.tool);
  if (!object) return failure("", 1);
  target->words.resize(object->size() / 4);
  std::memcpy(target->words.data(), object->data(), target->words.size() * 4);
  target->sourcePart = compile.sourcePart;
  const offload::SplitPart* source = bundle.part(compile.sourcePart);
  // A SHADER.hlsl is its own source part, line for line; a bundle's part starts further down.
  if (source && !shader) target->userLineOffset = source->firstLine - 1;

  const offload::SplitPart* pipelinePart = bundle.part(run->pipelinePart);
  offload::ParseResult pipelineParse = offload::parsePipeline(pipelinePart ? pipelinePart->text : "", o.file + "/" + run->pipelinePart);
  if (!pipelineParse.ok()) return failure(pipelineParse.renderErrors(), 1);
  target->pipeline = std::move(*pipelineParse.pipeline);

  offload::InvocationTraceResult recorded = offload::traceInvocation(target->words, target->pipeline, o.invocation, o.trace, o.file);
  if (!recorded.value) return failure(recorded.error + "\n", recorded.usageError ? kExitUsage : 1);
  target->recorded = std::move(*recorded.value);
  target->session = std::make_unique<interp::debug::DebugSession>(target->recorded.trace, target->words);
  if (!target->recorded.dispatchStatus.ok()) target->session->setDispatchError(target->recorded.dispatchStatus.message());
  if (source) target->session->addSourceText(o.file + "/" + compile.sourcePart, source->text);
  DebugLaunchResult result;
  result.target = std::move(target);
  return result;
}

}  // namespace sl::cli
