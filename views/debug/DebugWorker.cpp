#include "views/debug/DebugWorker.h"

#include "core/pipeline/FatalErrors.h"
#include "core/pipeline/Pipeline.h"
#include "views/run/NewBundle.h"

#include <cstring>

namespace sl::views {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

}  // namespace

DebugRecording recordInvocationNow(const DebugRequest& request, const std::atomic<bool>* cancel) {
  DebugRecording out;
  out.hlsl = request.hlsl;
  std::vector<std::string> args = request.compileArgs;
  offload::Pipeline pipeline;
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
      return out;
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
    return out;
  }
  Clock::time_point start = Clock::now();
  std::shared_ptr<const CompileResult> compiled = compileSource(request.fileName, request.hlsl, cl.options);
  out.compileMilliseconds = msSince(start);
  out.diagnostics = renderDiagnostics(compiled->diagnostics);
  if (!compiled->succeeded || compiled->object.empty()) {
    out.error = "the shader did not compile for Vulkan: fix the errors (Diagnostics) and start again";
    return out;
  }
  out.words.resize(compiled->object.size() / 4);
  std::memcpy(out.words.data(), compiled->object.data(), out.words.size() * 4);

  offload::InvocationTraceOptions options = request.trace;
  options.cancel = cancel;
  start = Clock::now();
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
  for (const std::string& note : out.session->notes()) out.notes.push_back(note);
  return out;
}

DebugWorker::~DebugWorker() {
  cancel_.store(true);
  if (thread_.joinable()) thread_.join();
}

bool DebugWorker::start(DebugRequest request) {
  if (busy_.exchange(true)) return false;
  if (thread_.joinable()) thread_.join();
  const uint64_t generation = ++generation_;
  cancel_.store(false);
  thread_ = std::thread([this, generation, request = std::move(request)] {
    // A failure nothing below reported is this recording's error; the app lives on.
    std::shared_ptr<DebugRecording> recording;
    try {
      FatalErrorBoundary boundary;
      recording = std::make_shared<DebugRecording>(recordInvocationNow(request, &cancel_));
    } catch (const std::exception& e) {
      recording = std::make_shared<DebugRecording>();
      recording->hlsl = request.hlsl;
      recording->error = std::string("internal error: ") + e.what();
    }
    recording->generation = generation;
    std::atomic_store(&latest_, recording);
    std::function<void()> onFinished;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      busy_.store(false);
      onFinished = onFinished_;
    }
    idle_.notify_all();
    if (onFinished) onFinished();
  });
  return true;
}

void DebugWorker::setOnFinished(std::function<void()> callback) {
  std::lock_guard<std::mutex> lock(mutex_);
  onFinished_ = std::move(callback);
}

bool DebugWorker::waitUntilIdle(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  return idle_.wait_for(lock, timeout, [this] { return !busy_.load(); });
}

}  // namespace sl::views
