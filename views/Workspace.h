// The main window of the app: the options line, the editor (left), the stage tabs (right), the
// diagnostics list (bottom) and the status bar, laid out in one ImGui window that fills the
// display (ImGui 1.86 has no docking). It owns the edited text and the compile worker, and swaps
// in the worker's newest snapshot at the start of every frame.
#pragma once

#include "views/CompileWorker.h"
#include "views/EditorPanel.h"
#include "views/StagePanel.h"
#include "views/ViewFonts.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sl::views {

struct Document {
  std::string fileName;  // shown in diagnostics and the DXC command line
  std::string text;
  CompileOptions options;
  // Where Save writes; empty when the document cannot be saved as is (a part of a .test bundle).
  std::string savePath;
  // Shown in the menu and window title; the file name when empty.
  std::string title;

  const std::string& displayName() const { return title.empty() ? fileName : title; }
};

// Splits an options line the way toDxcCommandLine quotes it (single quotes group a word).
std::vector<std::string> splitOptionsLine(const std::string& line);

class Workspace {
 public:
  explicit Workspace(Document document, std::unique_ptr<CompileWorker> worker = nullptr);

  // Draws the whole UI for this frame into the display area.
  void draw(const ViewFonts& fonts);

  CompileWorker& worker() { return *worker_; }
  const std::shared_ptr<const CompileResult>& snapshot() const { return snapshot_; }
  const EditorState& editor() const { return editor_; }
  const Document& document() const { return document_; }
  bool quitRequested() const { return quitRequested_; }
  void requestQuit() { quitRequested_ = true; }
  // Saves through the save function (the app binds Ctrl+S to it: ImGui 1.86 has no letter keys,
  // and the platform's key codes are the app's business).
  void save();
  // Asks the editor to show this 1-based line (as a diagnostic click does).
  void jumpTo(uint32_t line, uint32_t column);

  // Writes the text with the given function (the app's atomic file writer); returns "" or an error.
  using SaveFunction = std::function<std::string(const std::string& path, const std::string& text)>;
  void setSaveFunction(SaveFunction save) { save_ = std::move(save); }

 private:
  void postCompile(bool immediate);
  void drawMenuBar();
  void drawOptionsLine();

  Document document_;
  std::unique_ptr<CompileWorker> worker_;
  std::shared_ptr<const CompileResult> snapshot_;
  EditorState editor_;
  StagePanel stagePanel_;
  std::string optionsLine_;
  std::string optionsError_;
  std::string saveMessage_;
  SaveFunction save_;
  bool modified_ = false;
  bool quitRequested_ = false;
  float editorFraction_ = 0.5f;       // of the width, editor vs stages
  float diagnosticsFraction_ = 0.22f; // of the body height
};

}  // namespace sl::views
