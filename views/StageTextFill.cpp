#include "views/StageTextFill.h"

#include <algorithm>

namespace sl::views {

std::vector<std::string> deferredStages(const CompileResult& snapshot, const std::vector<std::string>& stages) {
  std::vector<std::string> deferred;
  for (const std::string& name : stages)
    if (const StageArtifact* artifact = snapshot.stage(name); artifact && artifact->textDeferred) deferred.push_back(name);
  return deferred;
}

CompileRequest fillRequest(const CompileResult& snapshot, const std::vector<std::string>& stages) {
  CompileOptions options = snapshot.options;
  for (const std::string& name : stages)
    if (std::find(options.shownStages.begin(), options.shownStages.end(), name) == options.shownStages.end())
      options.shownStages.push_back(name);
  return CompileRequest{snapshot.fileName, snapshot.source, std::move(options)};
}

// A fill is asked for when a tab is shown, so it starts at once: no debounce.
StageTextFill::StageTextFill(CompileFunction compile)
    : compile_(compile), worker_(std::move(compile), std::chrono::milliseconds(0)) {}

void StageTextFill::request(const std::shared_ptr<const CompileResult>& snapshot, const std::vector<std::string>& stages) {
  if (!snapshot || stages.empty()) return;
  if (snapshot == requestedFor_ && stages == requestedStages_) return;
  requestedFor_ = snapshot;
  requestedStages_ = stages;
  requestedGeneration_ = worker_.post(fillRequest(*snapshot, stages), /*immediate=*/true);
}

std::shared_ptr<const CompileResult> StageTextFill::filled(const std::shared_ptr<const CompileResult>& snapshot) const {
  if (!snapshot || snapshot != requestedFor_ || worker_.latestGeneration() != requestedGeneration_) return nullptr;
  return worker_.latest();
}

std::shared_ptr<const CompileResult> StageTextFill::fillNow(const CompileResult& snapshot,
                                                            const std::vector<std::string>& stages) const {
  return compile_(fillRequest(snapshot, stages));
}

}  // namespace sl::views
