// The second stage pane (View > Second stage pane): the document compiled again for another
// target, with its own stage tabs, diff and line links, beside the Stages tab's own (SPIR-V and
// DXIL at once, as Compiler Explorer shows two compilers' output side by side). It compiles
// exactly what the document compiles, with only the target changed, each time the document's
// compile is posted; its target is the other one of the document's until the user picks one.
#pragma once

#include "views/CompileWorker.h"
#include "views/StagePanel.h"
#include "views/StageTextFill.h"
#include "views/ViewFonts.h"

#include <functional>
#include <memory>
#include <optional>

namespace sl::views {

class ComparePane {
 public:
  explicit ComparePane(CompileFunction compile = compileRequest);

  bool open() const { return open_; }
  // Opening compiles the document's last request at once; closing stops following edits.
  void setOpen(bool open);
  // The pane's target: the user's choice, else the one the document does not use.
  TargetKind target() const;
  bool targetChosen() const { return targetChosen_; }
  void setTarget(TargetKind target);
  // The document's compile, as the workspace posts it: compiled again for this pane's target
  // (only while open; the last request is kept so opening or a target change compiles it).
  void post(const CompileRequest& documentRequest, bool immediate);
  // Swaps in the newest snapshot and asks for the text of the pane's shown stages (every frame).
  void refresh();
  // Draws the pane's header (its target, a close button) and its stage tabs into the current
  // region. Returns the HLSL line a clicked stage line maps to (0 none).
  uint32_t draw(const ViewFonts& fonts, uint32_t sourceLine);

  StagePanel& stagePanel() { return panel_; }
  const std::shared_ptr<const CompileResult>& snapshot() const { return snapshot_; }
  CompileWorker& worker() { return worker_; }
  // Makes every stage's text now (scripts read any stage), and waits for the compile.
  bool waitUntilIdle(std::chrono::milliseconds timeout);
  void fillStageText();
  void setOnCompiled(std::function<void()> callback);

 private:
  CompileRequest retargeted(const CompileRequest& request) const;
  void repost(bool immediate);

  CompileFunction compile_;
  CompileWorker worker_;
  StageTextFill fill_;
  StagePanel panel_;
  std::optional<CompileRequest> documentRequest_;
  std::shared_ptr<const CompileResult> adopted_, snapshot_;
  TargetKind chosenTarget_ = TargetKind::Dxil;
  bool targetChosen_ = false;
  bool open_ = false;
};

// The name a target goes by in the panes' headers.
const char* targetLabel(TargetKind target);

}  // namespace sl::views
