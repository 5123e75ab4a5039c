// The text of stages a compile left out. The compile behind each keystroke prints only the stages
// on screen (CompileOptions::shownStages); the others' artifacts come with textDeferred set.
// Showing one asks for its text: the snapshot's source is compiled again in the background with
// that stage shown too, and the result (the same compile, with more text) replaces the snapshot.
// Until it comes the tab says it is printing: never an earlier compile's text.
#pragma once

#include "views/CompileWorker.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace sl::views {

// Those of `stages` that `snapshot` ran without making their text.
std::vector<std::string> deferredStages(const CompileResult& snapshot, const std::vector<std::string>& stages);

// The compile of `snapshot`'s source and options with `stages` shown as well.
CompileRequest fillRequest(const CompileResult& snapshot, const std::vector<std::string>& stages);

class StageTextFill {
 public:
  explicit StageTextFill(CompileFunction compile = compileRequest);

  // Asks for the text of `stages` of `snapshot` in the background. Asking again for the same
  // snapshot and stages does nothing; another snapshot or other stages replace the request.
  void request(const std::shared_ptr<const CompileResult>& snapshot, const std::vector<std::string>& stages);
  // The compile that fills `snapshot`'s request, once it is done; else null.
  std::shared_ptr<const CompileResult> filled(const std::shared_ptr<const CompileResult>& snapshot) const;
  // Fills `stages` of `snapshot` on this thread (scripts, which read any stage at once).
  std::shared_ptr<const CompileResult> fillNow(const CompileResult& snapshot, const std::vector<std::string>& stages) const;

  bool busy() const { return worker_.busy(); }
  bool waitUntilIdle(std::chrono::milliseconds timeout) { return worker_.waitUntilIdle(timeout); }
  // How many fills compiled (tests: a hidden stage is printed when asked, not before).
  uint64_t compileCount() const { return worker_.compileCount(); }
  void setOnPublished(std::function<void()> callback) { worker_.setOnPublished(std::move(callback)); }

 private:
  CompileFunction compile_;
  CompileWorker worker_;
  std::shared_ptr<const CompileResult> requestedFor_;
  std::vector<std::string> requestedStages_;
  uint64_t requestedGeneration_ = 0;
};

}  // namespace sl::views
