// The main window of the app: the menu bar (File with New/Open/Save/Save As/Recent, Examples, View
// with the zoom), the toolbar (entry point, profile, target, DXC flags, and the equivalent command line to copy),
// the editor (left), the right-hand tabs (Stages, Bindings, Signatures, Run, Debug), the diagnostics
// list (bottom) and the status bar, laid out in one ImGui window that fills the display (ImGui
// 1.86 has no docking). It owns the edited text and the compile worker, swaps in the worker's
// newest snapshot at the start of every frame, and keeps the selected HLSL line that links the
// editor and the stages. Opening or quitting with unsaved changes asks first; opening a document
// an earlier run left unsaved changes of offers them back. The Debug menu and keys (F5, F9,
// F10, F11 with Shift/Ctrl: docs/app.md) drive the Debug tab, which belongs to the open document.
#pragma once

#include "views/Autosaver.h"
#include "views/ComparePane.h"
#include "views/CompileWorker.h"
#include "views/Document.h"
#include "views/EditorPanel.h"
#include "views/Examples.h"
#include "views/FileBrowser.h"
#include "views/RecentFiles.h"
#include "views/RememberedOptions.h"
#include "views/RecoveryOffer.h"
#include "views/StagePanel.h"
#include "views/StageTextFill.h"
#include "views/UiZoom.h"
#include "views/debug/DebugPanel.h"
#include "views/ViewFonts.h"
#include "views/inspect/InspectPanels.h"
#include "views/run/RunPanel.h"

#include <functional>
#include <map>
#include <optional>
#include <string_view>
#include <memory>
#include <string>
#include <vector>

namespace sl::views {

// What File > New starts from: a small compute shader that compiles and runs as it is.
const std::string& newDocumentTemplate();

// Splits an options line the way toDxcCommandLine quotes it (single quotes group a word).
std::vector<std::string> splitOptionsLine(const std::string& line);

// `shaderlens compile <options> FILE`: what the toolbar shows and copies.
std::string equivalentCommandLine(const CompileOptions& options, const std::string& fileName);

enum class RightTab { Stages, Bindings, Signatures, Run, Debug };

// How the window is laid out, as the app remembers it between runs (app/gui/AppSettings): the
// splitters, the right-hand tab, the stage tab, the second stage pane.
struct WorkspaceLayout {
  static constexpr float kMinEditorFraction = 0.1f, kMaxEditorFraction = 0.9f;
  static constexpr float kMinDiagnosticsFraction = 0.08f, kMaxDiagnosticsFraction = 0.8f;
  float editorFraction = 0.5f;        // of the width, editor vs the right-hand tabs
  float diagnosticsFraction = 0.22f;  // of the body height
  RightTab tab = RightTab::Stages;
  std::string stage;  // the Stages tab's stage ("" the first)
  bool secondPane = false;
  std::optional<TargetKind> secondTarget;  // chosen by the user; else the other one of the document's
};
const char* rightTabName(RightTab tab);
std::optional<RightTab> rightTabNamed(std::string_view name);

class Workspace {
 public:
  explicit Workspace(Document document, std::unique_ptr<CompileWorker> worker = nullptr);

  // Draws the whole UI for this frame into the display area.
  void draw(const ViewFonts& fonts);

  CompileWorker& worker() { return *worker_; }
  const std::shared_ptr<const CompileResult>& snapshot() const { return snapshot_; }
  // Swaps in the worker's newest snapshot now (draw does it every frame), or the same compile
  // with the text of the stages shown since (StageTextFill.h).
  void refreshSnapshot();
  // What the stage tab draws: the running compile's partial snapshot once it has the shown
  // stages (CompileWorker::latestPartial), else snapshot().
  const std::shared_ptr<const CompileResult>& stageSnapshot() const { return partial_ ? partial_ : snapshot_; }
  // The stages whose text is on screen: each keystroke's compile prints these and no others.
  std::vector<std::string> shownStages() const;
  // A stage on screen is waiting for its text (its tab says it is printing).
  bool printingShownStages() const;
  // Makes the text of every stage of the snapshot now, on this thread: scripts read any stage.
  void fillStageText();
  // Called on a worker thread when a compile or a stage's text is ready (the app wakes its loop).
  void setOnCompiled(std::function<void()> callback);
  const EditorState& editor() const { return editor_; }
  EditorState& editorState() { return editor_; }
  const Document& document() const { return document_; }
  // The text was edited, or the Run tab's pipeline (a bundle's part of the document).
  // Unsaved work: the editor's text differs from the saved (or loaded) text, the Run tab's bundle
  // moved since it was saved, or something else made the document hold work (a new bundle, restored changes).
  bool modified() const { return modified_ || editor_.text != savedText_ || runPanel_.unsaved(); }
  bool quitRequested() const { return quitRequested_; }
  // Quits, or asks first when there are unsaved changes.
  void requestQuit();
  // Saves through the save function (the app binds Ctrl+S to it: ImGui 1.86 has no letter keys,
  // and the platform's key codes are the app's business). A bundle saves as a whole bundle.
  void save();
  // Saves under a new name (becomes the document's path). Returns "" or an error.
  std::string saveAs(const std::string& path);
  // Asks the editor to show this 1-based line (as a diagnostic click does).
  void jumpTo(uint32_t line, uint32_t column);

  // Opens a file through the open function; asks first when there are unsaved changes (then
  // the open happens when the prompt is answered). Returns "" or an error.
  std::string open(const std::string& path);
  // Replaces the document now, without asking.
  void replaceDocument(Document document);
  // File > New (Ctrl+N): an untitled compute shader (newDocumentTemplate()) with no file yet, so
  // Save asks for a path; asks first when there are unsaved changes, as Open does.
  void newDocument();
  // The unsaved-changes prompt: whether it is up, and answering it (as its buttons do).
  enum class PromptAnswer { Save, Discard, Cancel };
  bool promptOpen() const { return pendingAction_ != PendingAction::None; }
  // Save As is asking for a path (File > Save As, or Save on a document with no file yet).
  bool saveAsAsked() const { return saveAsDialog_; }
  // File > Open... and File > Save As...: the modal with its path box, the recent files and the
  // file browser (views/FileBrowser), which starts at the document's folder.
  void showOpenDialog();
  void showSaveAsDialog();
  bool openDialogShown() const { return openDialog_; }
  FileBrowser& fileBrowser() { return browser_; }
  const std::string& dialogPath() const { return dialogPath_; }
  // The browser's clicks, as scripts make them: a single click on a file fills the path box; a
  // double click enters a folder or does the dialog's action on a file. Return "" or an error.
  std::string browserClick(const std::string& name);
  std::string browserActivate(const std::string& name);
  // The dialog's Open/Save (its button, Enter in the path box): a relative path is resolved
  // against the browser's folder, a folder is entered instead. Returns "" or an error.
  std::string dialogAct(const std::string& path);
  // Save As onto a file that exists (not the document's own) asks first: the file it would
  // replace, or "" when nothing is asked; the answer saves (true) or goes back to the dialog.
  const std::string& overwriteAsked() const { return overwritePath_; }
  std::string answerOverwrite(bool replace);
  void answerPrompt(PromptAnswer answer);

  // Crash recovery (views/RecoveryOffer, views/Autosaver), on once a folder is set: every open
  // offers the recovery files earlier runs left for the document (the "Recovered changes"
  // modal), and once nothing is left to answer the edited text is autosaved there.
  void setRecoveryDir(const std::string& dir);
  const RecoveryOffer& recoveryOffer() const { return recovery_; }
  bool recoveryOfferOpen() const { return recovery_.pending(); }
  void answerRecovery(RecoveryOffer::Answer answer);
  // The app calls this every frame: autosaves once an edit has settled. Returns "" or an error.
  std::string autosave(Autosaver::Clock::time_point now);
  // Writes the autosave now (scripts). Returns "" or an error.
  std::string flushAutosave();
  // At a clean exit, `onDisk` being the saved text: removes this run's recovery file unless the
  // work is unsaved. Returns the path of the recovery file kept, or "".
  std::string finishAutosave(const std::string& onDisk);
  // This run's autosaver for the document (null while recovery is off or an offer is open).
  const Autosaver* autosaver() const { return autosaver_.get(); }

  // The Run tab's "New from shader": a bundle for the editor's compute shader, made from the
  // SPIR-V's reflection as `shaderlens run --new` makes one (views/run/NewBundle); the shifts it
  // adds to the RUN line become the document's options too. Returns "" or an error.
  std::string newBundleFromShader();
  // What crash recovery keeps of the document: the editor's text, or for a bundle the whole
  // bundle (the editor's source part and the Run tab's pipeline).
  const std::string& recoveryText() const;

  // The toolbar's fields; each change recompiles at once.
  void setEntryPoint(const std::string& entry);
  void setProfile(const std::string& profile);
  void setSpirv(bool spirv);
  // -pack-optimized (the Signatures tab's checkbox).
  void setPackOptimized(bool optimized);
  // Replaces the options with a DXC options line. Returns "" or the parse error.
  std::string setOptionsLine(const std::string& line);
  const std::string& optionsLine() const { return optionsLine_; }

  // The HLSL line that links editor and stages (0 none), and what a click in a stage does.
  uint32_t linkedSourceLine() const { return linkedSourceLine_; }
  void selectSourceLine(uint32_t line);
  void clickStageLine(const std::string& stage, uint32_t stageLine);

  RightTab rightTab() const { return rightTab_; }
  void selectRightTab(RightTab tab) { rightTab_ = tab, tabRequested_ = true; }
  StagePanel& stagePanel() { return stagePanel_; }
  // The layout now, and one to take (fractions clamped to the splitters' bounds).
  WorkspaceLayout layout() const;
  void applyLayout(const WorkspaceLayout& layout);
  // View > Second stage pane: the document compiled for another target beside the Stages tab.
  ComparePane& comparePane() { return comparePane_; }
  void setComparePaneOpen(bool open);
  BindingsPanel& bindingsPanel() { return bindingsPanel_; }
  SignaturePanel& signaturePanel() { return signaturePanel_; }
  RunPanel& runPanel() { return runPanel_; }
  DebugPanel& debugPanel() { return debugPanel_; }
  DebugController& debugger() { return debugPanel_.controller(); }
  // Records the invocation the Debug tab names for the editor's text, as a run compiles and runs
  // it (the Run tab's bundle, or what New from shader makes); false when a recording is going.
  bool startDebugging();
  // The document's text, options and bundle as a recording (or a search) takes them.
  DebugRequest debugRequest() const;
  // What F5/F10/F11/... do: a motion over the session, or (F5, Restart after an edit) a new
  // recording when there is no session to move.
  void debugMotion(DebugMotion motion);
  // The Run tab's "Debug this" on a differing element: records the invocation `thread`.
  bool debugInvocation(const std::array<uint32_t, 3>& thread);
  // Break where: every invocation reaching `line` with `condition` true (the Debug tab lists
  // them); debugWhereHit records hit `index`'s invocation and stops at that arrival.
  bool breakWhere(uint32_t line, const std::string& condition);
  bool debugWhereHit(size_t index);
  // The Run tab's "Debug the invocation that wrote this" on element `index` of `resource`: finds
  // the writer on the CPU device, then records it.
  bool debugWriterOf(const std::string& resource, uint64_t index);
  // F9 and the gutter: toggles a breakpoint on the 1-based line.
  void toggleBreakpoint(uint32_t line);
  // Once per frame (draw does it): installs a finished recording, follows edits, and moves the
  // editor to a new stop (its line selected, so the stages' linked lines follow).
  void syncDebugger();
  // The whole UI's zoom (View menu, Ctrl+= / Ctrl+- / Ctrl+0, Ctrl+wheel): the app rebuilds its
  // fonts when it changes. zoomNote() is "Zoom 125%" for a moment after a change (the status bar).
  UiZoom& zoom() { return zoom_; }
  const UiZoom& zoom() const { return zoom_; }
  std::string zoomNote() const;
  RecentFiles& recentFiles() { return recent_; }
  const std::vector<Example>& examples() const { return examples_; }
  // The explanation shown above the editor after opening an example ("" when none).
  const std::string& banner() const { return banner_; }
  // Opens the example whose relative path is `relative`. Returns "" or an error.
  std::string openExample(const std::string& relative);
  const std::string& statusMessage() const { return saveMessage_; }

  // Writes the text with the given function (the app's atomic file writer); returns "" or an error.
  using SaveFunction = std::function<std::string(const std::string& path, const std::string& text)>;
  void setSaveFunction(SaveFunction save);
  // Reads a file into a document (the app's loader: .hlsl, or a .test bundle's source part).
  using OpenFunction = std::function<std::string(const std::string& path, Document& out)>;
  void setOpenFunction(OpenFunction open) { open_ = std::move(open); }
  void setExamplesDir(const std::string& dir);
  void setRecentFiles(RecentFiles recent) { recent_ = std::move(recent); }
  // The options the user last chose per file (views/RememberedOptions): every toolbar change is
  // recorded for the document's file, and opening a file applies what was recorded for it.
  // `applyNow`: the open document takes its remembered options too (not when the command line
  // gave options).
  void setRememberedOptions(RememberedOptions store, bool applyNow);
  const RememberedOptions& rememberedOptions() const { return remembered_; }

 private:
  enum class PendingAction { None, Open, New, Quit };
  void postCompile(bool immediate);
  void optionsChanged();
  // The file the document's options are remembered for ("" for an untitled document).
  std::string optionsKey() const;
  void rememberOptions();
  // Sets `doc`'s options to the ones remembered for its file; false when none apply.
  bool applyRememberedOptions(Document& doc) const;
  void drawMenuBar();
  void drawToolbar(const ViewFonts& fonts);
  void drawModals();
  void drawRightPanel(const ViewFonts& fonts);
  // The Stages tab: the document's stages, and the second pane beside (or under) them when open.
  void drawStagesTab(const ViewFonts& fonts);
  std::string openNow(const std::string& path);
  // Ends the previous text's autosave (this run's file goes: that text was saved, or discarded at
  // the unsaved-changes prompt) and looks for the recovery files of the document now open.
  void restartRecovery(const std::string& previousText);
  Autosaver* currentAutosaver();
  // The Run tab for the document now open: its bundle's pipeline, or nothing.
  void loadRunPanel();
  void drawRecoveryModal();
  void drawOverwriteQuestion();
  bool replacesAnotherFile(const std::string& path) const;
  void drawDebugMenu();
  void handleDebugKeys();
  void newDocumentNow();
  // The open, new document or quit the unsaved-changes prompt held back.
  void finishPendingAction(PendingAction action);
  void drawViewMenu();
  // Ctrl+N and the zoom keys and wheel; none while a modal asks something.
  void handleAppKeys();
  void zoomChanged();

  Document document_;
  std::unique_ptr<CompileWorker> worker_;
  StageTextFill stageFill_;
  std::shared_ptr<const CompileResult> adopted_;   // the worker's snapshot last taken
  std::shared_ptr<const CompileResult> snapshot_;  // adopted_, or a fill of it with more text
  std::shared_ptr<const CompileResult> partial_;   // newer than snapshot_ and showing the tab, or null
  void requestShownStageText();
  EditorState editor_;
  StagePanel stagePanel_;
  ComparePane comparePane_;
  BindingsPanel bindingsPanel_;
  SignaturePanel signaturePanel_;
  RunPanel runPanel_;
  DebugPanel debugPanel_;
  std::string debugText_;          // the text the debugger last saw (edits move its breakpoints)
  uint64_t debugStopSerial_ = 0;   // the stop the editor was last moved to
  // Each document's breakpoints and watches while another is open (by bundle or file path).
  std::map<std::string, DebugController::Kept> keptDebug_;
  std::string debugKey() const;
  RecentFiles recent_;
  RememberedOptions remembered_;
  UiZoom zoom_;
  double zoomNoteUntil_ = -1.0;  // ImGui time until which the status bar shows the zoom
  std::vector<Example> examples_;
  std::string optionsLine_;
  std::string optionsError_;
  std::string saveMessage_;
  std::string banner_;
  std::string recoveryDir_;
  RecoveryOffer recovery_;
  std::unique_ptr<Autosaver> autosaver_;
  // recoveryText() as opened and as last saved (what is on disk, for a bundle).
  std::string openedRecoveryText_, savedRecoveryText_;
  // recoveryText() of a bundle, computed when the text or the pipeline changed (the app asks
  // every frame; re-printing a large pipeline each frame would cost milliseconds).
  struct RecoveryCache {
    uint64_t revision = ~uint64_t(0);
    bool pipelineEdited = false;
    size_t bundleSize = 0;
    std::string editorText, text;
  };
  mutable RecoveryCache recoveryCache_;
  SaveFunction save_;
  OpenFunction open_;
  bool modified_ = false;
  std::string savedText_;  // the editor's text as last loaded or saved
  bool quitRequested_ = false;
  PendingAction pendingAction_ = PendingAction::None;
  // The prompt's Save on a document with no file asked for a path: this follows the Save As.
  PendingAction afterSaveAs_ = PendingAction::None;
  std::string pendingPath_;
  std::string pendingBanner_;
  bool openDialog_ = false, saveAsDialog_ = false;
  std::string overwritePath_;  // Save As waits for "Replace" on this existing file
  std::string dialogPath_;
  FileBrowser browser_;
  // The path box as it was drawn last frame: when a click or a script changes dialogPath_, the
  // box is made anew (an active ImGui text box keeps its own copy of the text).
  std::string dialogShownPath_;
  int dialogPathId_ = 0;
  uint32_t linkedSourceLine_ = 0;
  uint32_t lastCaretLine_ = 0;
  RightTab rightTab_ = RightTab::Stages;
  bool tabRequested_ = false;
  std::string rememberedStage_;       // the layout's stage until the panel has drawn one
  float editorFraction_ = 0.5f;       // of the width, editor vs stages
  float diagnosticsFraction_ = 0.22f; // of the body height
};

}  // namespace sl::views
