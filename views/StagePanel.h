// The stage panel: one tab per stage the compile's options select (stagesFor), showing the
// artifact's text in monospace with line numbers; a stage without an artifact is greyed out
// and says why.
#pragma once

#include "core/pipeline/Pipeline.h"
#include "views/ViewFonts.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sl::views {

// Why `stage` has no artifact in `result`, for the greyed-out tab.
std::string unavailableStageReason(const CompileResult& result, std::string_view stage);

class StagePanel {
 public:
  void draw(const std::shared_ptr<const CompileResult>& snapshot, const ViewFonts& fonts);

 private:
  struct StageLines {
    std::vector<std::string_view> lines;  // views into the snapshot's artifact text
    size_t longest = 0;
  };
  void drawArtifact(const StageArtifact& artifact, const StageLines& lines, const ViewFonts& fonts);

  // Line splits are cached per snapshot; holding the snapshot keeps the views valid.
  std::shared_ptr<const CompileResult> cachedFor_;
  std::vector<StageLines> cachedLines_;  // parallel to cachedFor_->stages
};

}  // namespace sl::views
