// The other stage's entry that the Signatures tab pairs the compiled entry with: compiled off the
// UI thread (a BackgroundJob) with the document's options and its own -E and -T, from the
// document's own text or from another file read from disk. One pair at a time; asking again
// while one compiles replaces what waits, and the newest request is compiled next.
#pragma once

#include "core/pipeline/Pipeline.h"
#include "views/BackgroundJob.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace sl::views {

struct SignaturePairRequest {
  std::string entry;
  std::string profile;
  std::string path;       // "": the document's own text
  std::string fileName;   // the document's, for its own text's diagnostics
  std::string source;     // the document's text
  std::string baseDir;    // a relative `path` is looked for here first (the document's folder)
  CompileOptions options; // the document's
};

struct SignaturePairResult {
  uint64_t generation = 0;
  std::string error;  // the other file cannot be read (compile errors are in `compiled`)
  SignaturePairRequest request;
  std::shared_ptr<const CompileResult> compiled;
  double milliseconds = 0;  // reading and compiling
};

// What the job runs (public for tests).
SignaturePairResult compileSignaturePair(const SignaturePairRequest& request);

class SignaturePairer {
 public:
  SignaturePairer();
  void request(SignaturePairRequest request);
  // Starts what waits once the job is free; the panel calls it every frame.
  void poll();
  bool busy() const { return job_.busy() || waiting_.has_value(); }
  // The newest finished pair (null before any, and after clear()).
  std::shared_ptr<const SignaturePairResult> latest() const;
  // The request shown: the waiting one, else the one compiling or compiled last (null: none).
  const SignaturePairRequest* shown() const;
  bool waitUntilIdle(std::chrono::milliseconds timeout);
  void clear();
  void setOnFinished(std::function<void()> callback) { job_.setOnFinished(std::move(callback)); }

 private:
  BackgroundJob<SignaturePairRequest, const SignaturePairResult> job_;
  std::optional<SignaturePairRequest> waiting_;
  std::optional<SignaturePairRequest> started_;
  uint64_t clearedBefore_ = 0;  // results of generations up to this are dropped
};

}  // namespace sl::views
