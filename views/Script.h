// A scripted GUI session: a list of actions (open, type, select a stage, run, save, screenshot)
// and expectations on the app's state, one per line, run against a Workspace frame by frame as
// a user would drive it: keys and characters go through ImGui's input queue to the focused
// editor, menus' actions through the same Workspace calls their items make. `shaderlens gui
// --script FILE` runs one (headless or in a window); failed expectations make it exit 1.
// The verbs are listed in docs/app.md ("Scripted sessions").
#pragma once

#include "views/Workspace.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

struct ImGuiIO;

namespace sl::views {

struct ScriptStep {
  uint32_t line = 0;
  std::string verb;
  std::vector<std::string> words;  // after the verb, split at blanks
  std::string rest;                // the text after the verb, as written (trimmed)

  // The text after the first `n` words.
  std::string restAfter(size_t n) const;
};

// A script's unsigned decimal word (digits only).
bool parseScriptUnsigned(const std::string& word, uint32_t& value);

class GuiScript {
 public:
  // Parses a script; "" or "NAME:LINE: error". Blank lines and lines starting with '#' are skipped.
  static std::string parse(std::string_view text, const std::string& name, GuiScript& out);

  // Before each frame's NewFrame: releases last frame's keys, feeds this frame's input and runs
  // actions until one needs frames to pass (typing, a caret move, `frames N`) or a screenshot.
  void beforeFrame(Workspace& workspace, ImGuiIO& io);
  // After the frame was drawn: the path its image should be written to ("" when none).
  const std::string& screenshotPath() const { return screenshot_; }
  void screenshotDone(const std::string& error);

  bool finished() const { return next_ >= steps_.size() && events_.empty() && waitFrames_ == 0 && screenshot_.empty(); }
  const std::vector<std::string>& failures() const { return failures_; }
  const std::vector<std::string>& log() const { return log_; }
  size_t stepCount() const { return steps_.size(); }
  // Adds a final `screenshot PATH` step (what --screenshot means with --script).
  void appendScreenshot(const std::string& path);

 private:
  struct InputEvent {
    std::string characters;  // typed text (no newlines)
    int key = -1;            // a key code pressed for one frame
    bool ctrl = false, shift = false;
  };
  // Runs one step; returns false when the script must yield to the frame loop.
  bool execute(const ScriptStep& step, Workspace& workspace);
  bool expect(const ScriptStep& step, Workspace& workspace);
  // The debugger's verbs (debug-*, toggle-breakpoint, add-watch, ...) and expectations
  // (expect-debug-*, expect-breakpoint): views/debug/DebugScript.cpp.
  void executeDebug(const ScriptStep& step, Workspace& workspace);
  void expectDebug(const ScriptStep& step, Workspace& workspace);
  // The Signatures tab's verbs (signature, signature-pair) and expectations (expect-signature*):
  // views/inspect/SignatureScript.cpp.
  void signatureStep(const ScriptStep& step, Workspace& workspace);
  // second-pane, second-stage, click-second-stage-line, expect-second-* (ComparePaneScript.cpp).
  void secondPaneStep(const ScriptStep& step, Workspace& workspace);
  void fail(const ScriptStep& step, const std::string& message);
  void queueText(const std::string& text, ImGuiIO& io);
  bool queueKey(const std::string& spec, ImGuiIO& io, std::string& error);

  std::string name_;
  std::vector<ScriptStep> steps_;
  size_t next_ = 0;
  std::deque<InputEvent> events_;
  int releaseKey_ = -1;
  int waitFrames_ = 0;
  std::string screenshot_;
  uint32_t screenshotLine_ = 0;
  std::vector<std::string> failures_;
  std::vector<std::string> log_;
  ImGuiIO* io_ = nullptr;
};

}  // namespace sl::views
