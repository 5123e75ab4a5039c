#include "views/inspect/SignaturePair.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace sl::views {

namespace {

using Clock = std::chrono::steady_clock;

std::string resolvePath(const std::string& path, const std::string& baseDir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::path(path).is_absolute() && !baseDir.empty() && fs::exists(fs::path(baseDir) / path, ec))
    return (fs::path(baseDir) / path).string();
  return path;
}

}  // namespace

SignaturePairResult compileSignaturePair(const SignaturePairRequest& request) {
  const Clock::time_point start = Clock::now();
  SignaturePairResult out;
  out.request = request;
  out.request.source.clear();  // kept in `compiled`
  std::string fileName = request.fileName, text = request.source;
  if (!request.path.empty()) {
    fileName = resolvePath(request.path, request.baseDir);
    std::ifstream in(fileName, std::ios::binary);
    if (!in) {
      out.error = "cannot read '" + request.path + "'" + (fileName != request.path ? " (looked at " + fileName + ")" : "");
      return out;
    }
    std::ostringstream contents;
    contents << in.rdbuf();
    text = contents.str();
  }
  CompileOptions options = request.options;
  options.entryPoint = request.entry;
  options.profile = request.profile;
  options.printStages.clear();
  options.outputFile.clear();
  options.disassemblyFile.clear();
  options.dumpStagesDir.clear();
  out.compiled = compileSource(fileName, text, options);
  out.milliseconds = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return out;
}

SignaturePairer::SignaturePairer()
    : job_([](const SignaturePairRequest& r, const std::atomic<bool>*) { return compileSignaturePair(r); }) {}

void SignaturePairer::request(SignaturePairRequest request) {
  waiting_ = std::move(request);
  poll();
}

void SignaturePairer::poll() {
  if (!waiting_ || job_.busy()) return;
  started_ = *waiting_;
  if (job_.start(*waiting_)) waiting_.reset();
}

std::shared_ptr<const SignaturePairResult> SignaturePairer::latest() const {
  std::shared_ptr<const SignaturePairResult> r = job_.latest();
  return r && r->generation > clearedBefore_ ? r : nullptr;
}

const SignaturePairRequest* SignaturePairer::shown() const {
  if (waiting_) return &*waiting_;
  return started_ ? &*started_ : nullptr;
}

bool SignaturePairer::waitUntilIdle(std::chrono::milliseconds timeout) {
  const Clock::time_point until = Clock::now() + timeout;
  while (true) {
    poll();
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now());
    if (left.count() <= 0 || !job_.waitUntilIdle(left)) return !busy();
    poll();
    if (!busy()) return true;
  }
}

void SignaturePairer::clear() {
  waiting_.reset();
  started_.reset();
  clearedBefore_ = job_.lastStarted();
}

}  // namespace sl::views
