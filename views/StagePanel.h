// The stage panel: one tab per stage the compile's options select (stagesFor), showing the
// artifact's text in monospace with line numbers; a stage without an artifact is greyed out
// and says why. Lines linked to the selected HLSL line are highlighted (LineLinks.h); clicking
// a stage line selects the HLSL line it came from. Diff mode shows the stage against a base
// (StageDiff.h): the previous stage that ran, the same stage of the previous compile (what an
// edit changed), or any other stage. qptr ops and qptr.usage attributes are coloured apart
// from SPIR-V ops. A stage whose text the compile left for later (StageArtifact::textDeferred)
// says it is printing until the workspace brings a snapshot with it (StageTextFill.h).
#pragma once

#include "core/pipeline/Pipeline.h"
#include "views/ViewFonts.h"
#include "views/inspect/StageDiff.h"

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace sl::views {

// Why `stage` has no artifact in `result`, for the greyed-out tab.
std::string unavailableStageReason(const CompileResult& result, std::string_view stage);

// The stage before `stage` in `result` that has an artifact (diff mode's base); null if none.
const StageArtifact* previousStage(const CompileResult& result, std::string_view stage);

// What diff mode compares the shown stage with.
enum class DiffBase : uint8_t { PreviousStage, PreviousCompile, OtherStage };

class StagePanel {
 public:
  // `sourceLine`: the selected HLSL line (1-based, 0 none), whose stage lines light up.
  void draw(const std::shared_ptr<const CompileResult>& snapshot, const ViewFonts& fonts, uint32_t sourceLine);

  // A stage line was clicked this frame: the HLSL line it maps to (0 when none). Reset by draw.
  uint32_t clickedSourceLine() const { return clickedSourceLine_; }
  // Selects a tab at the next draw that has it.
  void selectStage(const std::string& name) { requestedStage_ = name; }
  const std::string& selectedStage() const { return selectedStage_; }
  // The stages whose text is on screen for a compile with `options`: the tab shown (the first
  // stage before any draw, as ImGui opens on the first tab) and, in diff mode, the stage before it
  // (the one before it that ran in `snapshot`, when given).
  std::vector<std::string> shownStages(const CompileOptions& options, const CompileResult* snapshot = nullptr) const;
  // Takes `snapshot` as the one drawn (draw does it): the script reads a filled snapshot at once.
  void useSnapshot(const std::shared_ptr<const CompileResult>& snapshot);
  bool diffMode() const { return diffMode_; }
  void setDiffMode(bool on) { diffMode_ = on; }
  DiffBase diffBase() const { return diffBase_; }
  // `otherStage` names the base for DiffBase::OtherStage.
  void setDiffBase(DiffBase base, const std::string& otherStage = {}) { diffBase_ = base, diffOtherStage_ = otherStage; }
  // The compile before the one drawn (its source or options differed), the base of
  // DiffBase::PreviousCompile; null before a second compile.
  const std::shared_ptr<const CompileResult>& previousCompile() const { return previousCompile_; }
  // Lines of `stage` highlighted for the last drawn source line (for tests and the script).
  std::set<uint32_t> linkedLines(const std::string& stage) const;
  // The lines of the selected stage wholly in view at the last draw (1-based, inclusive; 0, 0
  // before any): the script's expect-linked-visible.
  std::pair<uint32_t, uint32_t> visibleLines() const { return visibleLines_; }
  // The diff shown for `stage` in diff mode against the chosen base (computed on demand, cached
  // per snapshot and base); null when the base has no text for it (diffBaseProblem says why).
  const StageDiff* diffFor(const std::string& stage);
  // Why `stage` has nothing to be compared with ("" when it has), e.g. no previous compile yet.
  std::string diffBaseProblem(const std::string& stage) const;
  // Acts as a click on line `stageLine` of `stage` in `snapshot` (the script's
  // "click-stage-line"); returns the HLSL line it maps to (0 none).
  uint32_t clickLine(const CompileResult& snapshot, const std::string& stage, uint32_t stageLine);

 private:
  struct StageLines {
    std::vector<std::string_view> lines;  // views into the snapshot's artifact text
    size_t longest = 0;
    uint32_t linkedFor = 0;        // the source line `linked` was computed for
    std::set<uint32_t> linked;     // 1-based stage lines
    bool hasDiff = false;
    std::string diffKey;  // the base `diff` was computed against
    StageDiff diff;
  };
  void drawArtifact(const StageArtifact& artifact, StageLines& lines, const ViewFonts& fonts);
  void drawDiff(const StageArtifact& artifact, StageLines& lines, const ViewFonts& fonts);
  StageLines* linesFor(const std::string& stage, const StageArtifact** artifact = nullptr);
  // The artifact diff mode compares `stage` with (null when none) and what the header calls it.
  const StageArtifact* diffBaseArtifact(const std::string& stage, std::string* label = nullptr) const;
  void drawDiffChoice(const CompileResult& snapshot);

  // Line splits are cached per snapshot; holding the snapshot keeps the views valid.
  std::shared_ptr<const CompileResult> cachedFor_;
  std::shared_ptr<const CompileResult> previousCompile_;
  std::vector<StageLines> cachedLines_;  // parallel to cachedFor_->stages
  uint32_t sourceLine_ = 0;
  uint32_t clickedSourceLine_ = 0;
  uint32_t clickedStageLine_ = 0;  // in the selected stage, for its own highlight
  std::pair<uint32_t, uint32_t> visibleLines_{0, 0};
  std::string requestedStage_;
  std::string selectedStage_;
  bool diffMode_ = false;
  DiffBase diffBase_ = DiffBase::PreviousStage;
  std::string diffOtherStage_;
  uint32_t scrolledFor_ = 0;  // the link the text view last scrolled to
};

}  // namespace sl::views
