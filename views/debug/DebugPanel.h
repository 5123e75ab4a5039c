// The Debug tab: pick an invocation (dispatch thread id, or group + local id), start, step and
// run over its recorded trace (buttons; the keys are the Workspace's), and read the stop:
// locals and arguments as expandable trees with the values that changed highlighted, globals
// (inputs, statics, groupshared), watch expressions, the traced wave lane by lane with the
// active mask, the call stack with inlined frames, the SPIR-V instruction about to run, the
// breakpoints with their conditions and hit counts, and notes (no debug information, a
// truncated trace, breakpoints never reached, a failed dispatch), and the Console: what the wave
// printed (HLSL printf) before the stop; what the last steps read and wrote; "Find first
// difference (GPU vs CPU)" for the session's invocation; "Break where" over the whole dispatch,
// its hits a click away from a session. The model is DebugController.
#pragma once

#include "views/ViewFonts.h"
#include "views/debug/DebugController.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <string>

namespace sl::views {

class DebugPanel {
 public:
  DebugController& controller() { return controller_; }
  const DebugController& controller() const { return controller_; }

  // `caretLine`: the editor's, for "Run to cursor" and a new breakpoint's row.
  void draw(const ViewFonts& fonts, uint32_t caretLine);
  // Start (or Restart of a stale session) was pressed since the last call: the Workspace
  // records, since it owns the document.
  bool takeStartRequest();
  void requestStart() { startRequested_ = true; }
  // Break where's Search (line, condition) and a clicked hit (its index), since the last call:
  // the Workspace starts them, since it owns the document.
  std::optional<std::pair<uint32_t, std::string>> takeWhereRequest();
  std::optional<size_t> takeWherePick();

 private:
  void drawToolbar(uint32_t caretLine);
  void drawInvocation();
  void drawStatus(const ViewFonts& fonts);
  void drawVariables(const ViewFonts& fonts);
  void drawWatches(const ViewFonts& fonts);
  void drawWave(const ViewFonts& fonts);
  void drawCallStack(const ViewFonts& fonts);
  void drawConsole(const ViewFonts& fonts);
  void drawFirstDifference(const ViewFonts& fonts);
  void drawBreakpoints(uint32_t caretLine);
  void drawAccesses(const ViewFonts& fonts);
  void drawSpirv(const ViewFonts& fonts);
  void drawBreakWhere(const ViewFonts& fonts, uint32_t caretLine);

  DebugController controller_;
  bool startRequested_ = false;
  std::string newWatch_, waveExpression_, newCondition_;
  uint32_t conditionLine_ = 0;
  bool waveEditing_ = false;
  uint64_t consoleScrolledFor_ = 0;  // the stop the console last scrolled to its newest line for
  bool consoleAllLanesShown_ = true;
  int consoleScrollFrames_ = 0;
  uint64_t spirvScrolledFor_ = 0;  // the stop the SPIR-V section last scrolled to
  uint32_t whereLine_ = 0;
  std::string whereCondition_;
  std::optional<std::pair<uint32_t, std::string>> whereRequest_;
  std::optional<size_t> wherePick_;
};

}  // namespace sl::views
