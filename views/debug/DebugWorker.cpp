#include "views/debug/DebugWorker.h"

#include "core/pipeline/Pipeline.h"
#include "views/run/NewBundle.h"

#include <cstring>

namespace sl::views {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

}  // namespace

bool compileForDebug(const DebugRequest& request, DebugRecording& out, offload::Pipeline& pipeline) {
  out.hlsl = request.hlsl;
  std::vector<std::string> args = request.compileArgs;
  if (request.pipeline) {
    pipeline = *request.pipeline;
  } else {
    // No bundle: the pipeline New from shader would make (every binding, pseudo-random inputs).
    NewBundle made;
    if (std::string error = newBundleFromShader(request.fileName, request.hlsl, request.options, made); !error.empty()) {
      // A compile error is the shader's, not the missing bundle's.
      out.error = error.rfind("the shader does not compile", 0) == 0
                      ? error + ": fix the errors (Diagnostics) and start again"
                      : "this document has no bundle, and New from shader cannot make one: " + error;
      return false;
    }
    args = made.document.compileArgs;
    pipeline = std::move(made.document.pipeline);
    out.generatedPipeline = true;
    out.notes.push_back("no bundle: the dispatch runs the pipeline New from shader makes (pseudo-random inputs); "
                        "make one in the Run tab to choose the inputs");
  }
  args.push_back("-fspv-debug=vulkan-with-source");  // locals from NonSemantic.Shader.DebugInfo.100
  ParsedCommandLine cl = parseRunCompileCommandLine(args, request.fileName);
  if (!cl.error.empty()) {
    out.error = "compile flags: " + cl.error;
    return false;
  }
  Clock::time_point start = Clock::now();
  std::shared_ptr<const CompileResult> compiled = compileSource(request.fileName, request.hlsl, cl.options);
  out.compileMilliseconds = msSince(start);
  out.diagnostics = renderDiagnostics(compiled->diagnostics);
  if (!compiled->succeeded || compiled->object.empty()) {
    out.error = "the shader did not compile for Vulkan: fix the errors (Diagnostics) and start again";
    return false;
  }
  out.words.resize(compiled->object.size() / 4);
  std::memcpy(out.words.data(), compiled->object.data(), out.words.size() * 4);
  return true;
}

DebugRecording recordInvocationNow(const DebugRequest& request, const std::atomic<bool>* cancel) {
  DebugRecording out;
  offload::Pipeline pipeline;
  if (!compileForDebug(request, out, pipeline)) return out;

  offload::InvocationTraceOptions options = request.trace;
  options.cancel = cancel;
  const Clock::time_point start = Clock::now();
  offload::InvocationTraceResult recorded = offload::traceInvocation(out.words, pipeline, request.choice, options, request.fileName);
  out.recordMilliseconds = msSince(start);
  if (!recorded.value) {
    out.error = recorded.error;
    return out;
  }
  const offload::InvocationTrace& traced = *recorded.value;
  out.describe = traced.describe();
  out.thread = traced.thread, out.group = traced.group, out.local = traced.local;
  for (const std::string& m : traced.deviceMessages) out.notes.push_back("cpu device: " + m);
  out.session = std::make_shared<interp::debug::DebugSession>(traced.trace, out.words);
  if (!traced.dispatchStatus.ok()) {
    out.notes.push_back("the dispatch failed: " + traced.dispatchStatus.message() + " (the trace runs up to the failure)");
    out.session->setDispatchError(traced.dispatchStatus.message());
  }
  out.session->addSourceText(request.fileName, request.hlsl);
  out.disassembly = std::make_shared<const interp::debug::Disassembly>(interp::debug::disassembleInstructions(out.words));
  for (const std::string& note : out.session->notes()) out.notes.push_back(note);
  return out;
}

DebugWorker::DebugWorker()
    : BackgroundJob(recordInvocationNow, [](const DebugRequest& request, const std::string& what) {
        DebugRecording failed;
        failed.hlsl = request.hlsl;
        failed.error = what;
        return failed;
      }) {}

}  // namespace sl::views
