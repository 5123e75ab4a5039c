#include "views/Workspace.h"

#include "views/DiagnosticsPanel.h"
#include "views/Palette.h"
#include "views/StatusBar.h"
#include "views/TextLines.h"
#include "views/AppKeys.h"
#include "views/debug/DebugKeys.h"
#include "views/run/NewBundle.h"
#include "renderer/offload/Bundle.h"
#include "renderer/offload/PipelinePrinter.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>
#include <utility>

namespace sl::views {

namespace {

// A draggable bar between two panels; returns the drag in pixels this frame.
float splitter(const char* id, bool vertical, ImVec2 size) {
  ImGui::InvisibleButton(id, size);
  const bool active = ImGui::IsItemActive();
  if (ImGui::IsItemHovered() || active)
    ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
  const ImU32 color = ImGui::GetColorU32(active ? ImGuiCol_SeparatorActive
                                         : ImGui::IsItemHovered() ? ImGuiCol_SeparatorHovered
                                                                  : ImGuiCol_Separator);
  ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  if (vertical) {
    float x = (min.x + max.x) * 0.5f;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(x, min.y), ImVec2(x, max.y), color, active ? 2.0f : 1.0f);
  } else {
    float y = (min.y + max.y) * 0.5f;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(min.x, y), ImVec2(max.x, y), color, active ? 2.0f : 1.0f);
  }
  if (!active) return 0.0f;
  return vertical ? ImGui::GetIO().MouseDelta.x : ImGui::GetIO().MouseDelta.y;
}

std::string optionsLineFor(const CompileOptions& options) {
  std::string line = toDxcCommandLine(options);
  return line.rfind("dxc ", 0) == 0 ? line.substr(4) : line;
}

bool endsWith(const std::string& s, const char* suffix) {
  const size_t n = std::char_traits<char>::length(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

const char* const kProfiles[] = {"cs_6_0", "cs_6_1", "cs_6_2", "cs_6_3", "cs_6_4", "cs_6_5", "cs_6_6", "cs_6_7",
                                 "cs_6_8", "vs_6_0", "vs_6_6", "ps_6_0", "ps_6_6", "lib_6_6"};

}  // namespace

const std::string& newDocumentTemplate() {
  static const std::string text =
      "// shaderlens: -T cs_6_0 -E main\n"
      "// A new compute shader: each thread writes twice its index into Out.\n"
      "RWStructuredBuffer<uint> Out : register(u0);\n"
      "\n"
      "[numthreads(8, 1, 1)]\n"
      "void main(uint3 id : SV_DispatchThreadID) {\n"
      "  Out[id.x] = id.x * 2;\n"
      "}\n";
  return text;
}

std::vector<std::string> splitOptionsLine(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false, quoted = false;
  for (char c : line) {
    if (c == '\'') {
      quoted = !quoted;
      inWord = true;
    } else if (!quoted && (c == ' ' || c == '\t')) {
      if (inWord) words.push_back(word), word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push_back(word);
  return words;
}

std::string equivalentCommandLine(const CompileOptions& options, const std::string& fileName) {
  std::string file = fileName;
  if (file.find_first_of(" \t'\"$") != std::string::npos) file = "'" + file + "'";
  return "shaderlens compile " + optionsLineFor(options) + " " + file;
}

Workspace::Workspace(Document document, std::unique_ptr<CompileWorker> worker)
    : document_(std::move(document)), worker_(worker ? std::move(worker) : std::make_unique<CompileWorker>()) {
  editor_.text = document_.text;
  debugText_ = editor_.text;
  optionsLine_ = optionsLineFor(document_.options);
  loadRunPanel();
  savedRecoveryText_ = recoveryText();
  savedText_ = editor_.text;
  postCompile(/*immediate=*/true);
}

void Workspace::loadRunPanel() {
  if (document_.bundleText.empty()) {
    runPanel_.clearDocument();
    return;
  }
  RunDocument run;
  if (std::string error = loadRunDocument(document_.bundleText, document_.bundlePath, run); !error.empty()) {
    runPanel_.clearDocument();
    saveMessage_ = "The bundle's pipeline cannot be edited: " + error;
    return;
  }
  runPanel_.setDocument(std::move(run));
}

const std::string& Workspace::recoveryText() const {
  const RunDocument* run = runPanel_.documentIfAny();
  if (document_.bundlePath.empty() || !run) return editor_.text;
  RecoveryCache& c = recoveryCache_;
  if (c.revision != runPanel_.revision() || c.pipelineEdited != run->pipelineEdited || c.bundleSize != run->bundleText.size() ||
      c.editorText != editor_.text) {
    c.revision = runPanel_.revision();
    c.pipelineEdited = run->pipelineEdited;
    c.bundleSize = run->bundleText.size();
    c.editorText = editor_.text;
    c.text = bundleTextFor(*run, editor_.text);
  }
  return c.text;
}

std::string Workspace::newBundleFromShader() {
  NewBundle made;
  if (std::string error = views::newBundleFromShader(document_.fileName, editor_.text, document_.options, made); !error.empty()) {
    saveMessage_ = "New from shader: " + error;
    runPanel_.setMessage(saveMessage_);
    return error;
  }
  // The RUN line's flags (with any shifts added) become the editor's, so every tab shows what runs.
  std::vector<std::string> args = made.document.compileArgs;
  if (document_.options.spirv()) args.push_back("-spirv");
  if (ParsedCommandLine parsed = parseDxcCommandLine(args); parsed.error.empty() &&
                                                          parsed.options.vkShifts.size() != document_.options.vkShifts.size()) {
    document_.options.vkShifts = parsed.options.vkShifts;
    optionsChanged();
  }
  if (!document_.bundlePath.empty()) made.document.path = document_.bundlePath;
  const size_t buffers = made.document.pipeline.buffers.size();
  runPanel_.setDocument(std::move(made.document));
  // Made, not saved: the document holds work to keep.
  modified_ = true;
  std::string message = "New bundle: " + std::to_string(buffers) + " buffer(s) from the shader's reflection";
  for (const std::string& note : made.notes) message += "; " + note;
  saveMessage_ = message;
  runPanel_.setMessage(message);
  return "";
}

void Workspace::setSaveFunction(SaveFunction save) {
  save_ = save;
  runPanel_.setWriteFunction(std::move(save));
}

void Workspace::setExamplesDir(const std::string& dir) { examples_ = listExamples(dir); }

void Workspace::postCompile(bool immediate) {
  // The panels show every stage: options that only print some stages (and so stop the pipeline
  // after them, as `dxc -P` does) are the command line's business.
  CompileOptions options = document_.options;
  options.printStages.clear();
  options.listStages = false;
  options.showAllStages = true;
  // Only the stages on screen are printed: the others wait until their tab is shown.
  options.textOnlyForShownStages = true;
  options.shownStages = shownStages();
  CompileRequest request{document_.fileName, editor_.text, std::move(options)};
  comparePane_.post(request, immediate);
  worker_->post(std::move(request), immediate);
}

const char* rightTabName(RightTab tab) {
  switch (tab) {
    case RightTab::Stages: return "stages";
    case RightTab::Bindings: return "bindings";
    case RightTab::Signatures: return "signatures";
    case RightTab::Run: return "run";
    case RightTab::Debug: return "debug";
  }
  return "stages";
}

std::optional<RightTab> rightTabNamed(std::string_view name) {
  for (RightTab tab : {RightTab::Stages, RightTab::Bindings, RightTab::Signatures, RightTab::Run, RightTab::Debug})
    if (name == rightTabName(tab)) return tab;
  return std::nullopt;
}

WorkspaceLayout Workspace::layout() const {
  WorkspaceLayout out;
  out.editorFraction = editorFraction_;
  out.diagnosticsFraction = diagnosticsFraction_;
  out.tab = rightTab_;
  out.stage = !stagePanel_.selectedStage().empty() ? stagePanel_.selectedStage() : rememberedStage_;
  out.secondPane = comparePane_.open();
  if (comparePane_.targetChosen()) out.secondTarget = comparePane_.target();
  return out;
}

void Workspace::applyLayout(const WorkspaceLayout& layout) {
  editorFraction_ = std::clamp(layout.editorFraction, WorkspaceLayout::kMinEditorFraction, WorkspaceLayout::kMaxEditorFraction);
  diagnosticsFraction_ = std::clamp(layout.diagnosticsFraction, WorkspaceLayout::kMinDiagnosticsFraction,
                                    WorkspaceLayout::kMaxDiagnosticsFraction);
  selectRightTab(layout.tab);
  // A stage this document's target lacks stays remembered for the next document that has it.
  rememberedStage_ = layout.stage;
  if (!layout.stage.empty()) stagePanel_.selectStage(layout.stage);
  if (layout.secondTarget) comparePane_.setTarget(*layout.secondTarget);
  comparePane_.setOpen(layout.secondPane);
  postCompile(/*immediate=*/true);  // the shown stage may differ
}

void Workspace::setComparePaneOpen(bool open) {
  comparePane_.setOpen(open);
  if (open) selectRightTab(RightTab::Stages);
}

std::vector<std::string> Workspace::shownStages() const {
  switch (rightTab_) {
    case RightTab::Stages: return stagePanel_.shownStages(document_.options, snapshot_.get());
    case RightTab::Bindings: return {"ir"};  // the reflection's heap sites read it
    default: return {};
  }
}

bool Workspace::printingShownStages() const {
  return snapshot_ && !deferredStages(*snapshot_, shownStages()).empty();
}

void Workspace::requestShownStageText() {
  if (!snapshot_) return;
  if (std::vector<std::string> stages = deferredStages(*snapshot_, shownStages()); !stages.empty())
    stageFill_.request(snapshot_, stages);
}

void Workspace::refreshSnapshot() {
  if (std::shared_ptr<const CompileResult> latest = worker_->latest(); latest != adopted_) snapshot_ = adopted_ = std::move(latest);
  if (std::shared_ptr<const CompileResult> filled = stageFill_.filled(snapshot_)) snapshot_ = std::move(filled);
  // The running compile's shown stages, drawn before the rest of its pipeline ends.
  partial_ = worker_->latestPartial();
  if (partial_) {
    const std::vector<std::string> shown = shownStages();
    bool showsTab = deferredStages(*partial_, shown).empty();
    for (const std::string& name : shown) showsTab = showsTab && partial_->stage(name);
    if (!showsTab) partial_.reset();
  }
  requestShownStageText();
  comparePane_.refresh();
}

void Workspace::fillStageText() {
  refreshSnapshot();
  if (comparePane_.open()) comparePane_.fillStageText();
  if (!snapshot_) return;
  std::vector<std::string> all;
  for (const StageArtifact& stage : snapshot_->stages) all.push_back(stage.name);
  if (deferredStages(*snapshot_, all).empty()) return;
  snapshot_ = stageFill_.fillNow(*snapshot_, all);
  stagePanel_.useSnapshot(snapshot_);
}

void Workspace::setOnCompiled(std::function<void()> callback) {
  worker_->setOnPublished(callback);
  comparePane_.setOnCompiled(callback);
  stageFill_.setOnPublished(std::move(callback));
}

void Workspace::jumpTo(uint32_t line, uint32_t column) {
  editor_.jumpLine = line;
  editor_.jumpColumn = column;
}

void Workspace::save() {
  if (!document_.bundlePath.empty() && runPanel_.hasDocument()) {
    std::string error = runPanel_.save(document_.bundlePath, editor_.text);
    saveMessage_ = error.empty() ? "Saved the bundle " + document_.bundlePath : error;
    if (error.empty()) {
      modified_ = false;
      savedRecoveryText_ = recoveryText();
      savedText_ = editor_.text;
    }
    return;
  }
  if (document_.savePath.empty() || !save_) {
    // A new document has no file yet: Save asks for one, as Save As does.
    if (save_) showSaveAsDialog(), dialogPath_.clear();
    saveMessage_ = "This document has no file yet: choose where to save it.";
    return;
  }
  std::string error = save_(document_.savePath, editor_.text);
  saveMessage_ = error.empty() ? "Saved " + document_.savePath : error;
  if (error.empty()) {
    modified_ = false;
    savedRecoveryText_ = recoveryText();
    savedText_ = editor_.text;
    if (runPanel_.unsaved())
      saveMessage_ += "; the Run tab's bundle is not saved: Save bundle there, or File > Save As NAME.test";
  }
}

std::string Workspace::saveAs(const std::string& path) {
  saveAsDialog_ = false;
  if (path.empty()) return "no file name";
  if (!save_) return "saving is not available";
  std::string error;
  if (endsWith(path, ".test")) {
    if (!runPanel_.hasDocument()) error = newBundleFromShader();
    if (error.empty()) error = runPanel_.save(path, editor_.text);
    if (error.empty()) {
      document_.bundlePath = path;
      document_.savePath.clear();
      document_.title = path + " (source.hlsl)";
    }
  } else {
    error = save_(path, editor_.text);
    if (error.empty()) {
      document_.savePath = path;
      document_.bundlePath.clear();
      document_.title.clear();
      if (document_.fileName != path) {
        document_.fileName = path;
        postCompile(true);
      }
    }
  }
  saveMessage_ = error.empty() ? "Saved " + path : error;
  if (error.empty()) {
    modified_ = false;
    savedRecoveryText_ = recoveryText();
    savedText_ = editor_.text;
    recent_.add(path);
    // The text is saved under another name: autosave goes with it.
    restartRecovery(editor_.text);
  }
  // What the unsaved-changes prompt was asked for, once its Save found a path.
  const PendingAction after = std::exchange(afterSaveAs_, PendingAction::None);
  if (error.empty() && !modified()) finishPendingAction(after);
  return error;
}

void Workspace::requestQuit() {
  if (modified()) {
    pendingAction_ = PendingAction::Quit;
    return;
  }
  quitRequested_ = true;
}

std::string Workspace::open(const std::string& path) {
  if (modified()) {
    pendingAction_ = PendingAction::Open;
    pendingPath_ = path;
    pendingBanner_.clear();
    return "";
  }
  return openNow(path);
}

void Workspace::newDocument() {
  if (modified()) {
    pendingAction_ = PendingAction::New;
    pendingBanner_.clear();
    return;
  }
  newDocumentNow();
}

void Workspace::newDocumentNow() {
  Document doc;
  doc.fileName = "untitled.hlsl";
  doc.text = newDocumentTemplate();
  // The template's own flags line; the target stays the one the user chose.
  doc.options.profile = "cs_6_0";
  doc.options.entryPoint = "main";
  doc.options.target = document_.options.target;
  replaceDocument(std::move(doc));
  saveMessage_ = "New document: Save asks where to write it";
}

std::string Workspace::openNow(const std::string& path) {
  if (!open_) return "opening files is not available";
  Document doc;
  if (std::string error = open_(path, doc); !error.empty()) {
    saveMessage_ = error;
    return error;
  }
  const bool remembered = applyRememberedOptions(doc);
  // A file that says nothing about how it compiles keeps the back end the user works with.
  if (!remembered && doc.statedOptions.empty()) doc.options.target = document_.options.target;
  replaceDocument(std::move(doc));
  if (remembered) saveMessage_ += " with the options last used for it";
  recent_.add(path);
  return "";
}

std::string Workspace::optionsKey() const {
  return !document_.bundlePath.empty() ? document_.bundlePath : document_.savePath;
}

void Workspace::rememberOptions() {
  if (optionsKey().empty()) return;
  if (std::string error = remembered_.remember(optionsKey(), document_.statedOptions, optionsLine_); !error.empty())
    saveMessage_ = "cannot remember the options: " + error;
}

bool Workspace::applyRememberedOptions(Document& doc) const {
  const std::string& key = !doc.bundlePath.empty() ? doc.bundlePath : doc.savePath;
  if (key.empty()) return false;
  const std::string* chosen = remembered_.chosenFor(key, doc.statedOptions);
  if (!chosen) return false;
  ParsedCommandLine parsed = parseDxcCommandLine(splitOptionsLine(*chosen));
  if (!parsed.error.empty()) return false;  // a store written by another version: the file's own options
  doc.options = parsed.options;
  return true;
}

void Workspace::setRememberedOptions(RememberedOptions store, bool applyNow) {
  remembered_ = std::move(store);
  if (applyNow && applyRememberedOptions(document_)) {
    optionsChanged();
    saveMessage_ += " with the options last used for it";
  }
}

std::string Workspace::debugKey() const {
  return !document_.bundlePath.empty() ? document_.bundlePath : !document_.savePath.empty() ? document_.savePath : document_.fileName;
}

void Workspace::replaceDocument(Document document) {
  keptDebug_[debugKey()] = debugPanel_.controller().keep(editor_.text);
  const std::string previousText = std::move(editor_.text);
  document_ = std::move(document);
  editor_.text = document_.text;
  optionsLine_ = optionsLineFor(document_.options);
  optionsError_.clear();
  modified_ = false;
  linkedSourceLine_ = 0;
  lastCaretLine_ = 0;
  banner_.clear();
  editor_.widget->setHighlightedLines({});
  // The Debug tab follows the document too: no session of the last one; this one's own
  // breakpoints and watches when it was open before.
  if (auto kept = keptDebug_.find(debugKey()); kept != keptDebug_.end()) debugPanel_.controller().restore(kept->second, editor_.text);
  else debugPanel_.controller().reset();
  debugText_ = editor_.text;
  saveMessage_ = "Opened " + document_.displayName();
  // The Run tab follows the document: this one's bundle, or none.
  loadRunPanel();
  savedRecoveryText_ = recoveryText();
  savedText_ = editor_.text;
  postCompile(/*immediate=*/true);
  restartRecovery(previousText);
}

void Workspace::setRecoveryDir(const std::string& dir) {
  recoveryDir_ = dir;
  restartRecovery(editor_.text);
}

void Workspace::restartRecovery(const std::string& previousText) {
  // The previous text was saved, or discarded at the unsaved-changes prompt: its file goes.
  if (autosaver_) autosaver_->finish(previousText, previousText);
  autosaver_.reset();
  openedRecoveryText_ = recoveryText();
  recovery_ = recoveryDir_.empty() ? RecoveryOffer() : RecoveryOffer(recoveryDir_, document_, openedRecoveryText_);
}

void Workspace::answerRecovery(RecoveryOffer::Answer answer) {
  if (!recovery_.pending()) return;
  const std::string path = recovery_.current().path;
  if (std::string error = recovery_.answer(answer); !error.empty()) {
    saveMessage_ = error;
  } else if (recovery_.restoredText()) {
    // As an edit of the opened text: the document is modified, and undo goes back to the file.
    // A bundle's recovery file is the whole bundle: its source part goes to the editor, its
    // pipeline to the Run tab (one undoable edit there). An older file holds the HLSL alone.
    std::string text = *recovery_.restoredText();
    if (const RunDocument* current = runPanel_.documentIfAny(); current && !document_.bundlePath.empty()) {
      RunDocument restored;
      offload::BundleResult bundle = offload::parseBundle(text);
      const offload::SplitPart* source = bundle.bundle ? bundle.bundle->part(current->sourcePart) : nullptr;
      if (source && loadRunDocument(text, document_.bundlePath, restored).empty()) {
        text = source->text;
        if (offload::printPipeline(restored.pipeline) != offload::printPipeline(current->pipeline))
          runPanel_.replacePipeline(std::move(restored.pipeline));
      }
    }
    replaceTextAsEdit(editor_, text);
    modified_ = true;
    postCompile(/*immediate=*/true);
    saveMessage_ = "Restored the unsaved changes kept in " + path;
  } else {
    saveMessage_ = (answer == RecoveryOffer::Answer::Discard ? "Deleted " : "Kept for a later start: ") + path;
  }
}

Autosaver* Workspace::currentAutosaver() {
  // Only once every recovery file was answered, so none is written before the user decided.
  if (!autosaver_ && recovery_.enabled() && !recovery_.pending()) {
    const std::string& written = recovery_.restoredText() ? *recovery_.restoredText() : openedRecoveryText_;
    autosaver_ = std::make_unique<Autosaver>(recovery_.autosavePath(), written, recovery_.autosaveOwnership());
  }
  return autosaver_.get();
}

std::string Workspace::autosave(Autosaver::Clock::time_point now) {
  Autosaver* autosaver = currentAutosaver();
  return autosaver ? autosaver->update(recoveryText(), now) : "";
}

std::string Workspace::flushAutosave() {
  Autosaver* autosaver = currentAutosaver();
  return autosaver ? autosaver->flush(recoveryText()) : "recovery is off or waiting for an answer";
}

std::string Workspace::finishAutosave(const std::string& onDisk) {
  Autosaver* autosaver = currentAutosaver();
  // A bundle's saved form is the bundle as last saved (or opened), not its source part.
  const std::string& saved = document_.bundlePath.empty() ? onDisk : savedRecoveryText_;
  return autosaver && autosaver->finish(recoveryText(), saved) ? autosaver->path() : "";
}

void Workspace::answerPrompt(PromptAnswer answer) {
  const PendingAction action = pendingAction_;
  pendingAction_ = PendingAction::None;
  if (answer == PromptAnswer::Cancel || action == PendingAction::None) return;
  if (answer == PromptAnswer::Save) {
    save();
    // A document with no file: Save asked for a path; the open, new or quit follows that save.
    if (saveAsDialog_) afterSaveAs_ = action;
    if (modified()) return;  // the save failed (or left the Run tab's bundle unsaved); its message says why
  }
  finishPendingAction(action);
}

void Workspace::finishPendingAction(PendingAction action) {
  if (action == PendingAction::Quit) {
    quitRequested_ = true;
  } else if (action == PendingAction::New) {
    newDocumentNow();
  } else if (action == PendingAction::Open && openNow(pendingPath_).empty()) {
    banner_ = pendingBanner_;
  }
  pendingBanner_.clear();
}

std::string Workspace::openExample(const std::string& relative) {
  for (const Example& e : examples_)
    if (e.relative == relative) {
      const std::string banner = e.title + ". " + e.explanation;
      std::string error = open(e.path);
      if (error.empty() && !promptOpen()) banner_ = banner;
      else if (error.empty()) pendingBanner_ = banner;  // shown once the prompt lets it open
      return error;
    }
  return "no example '" + relative + "'";
}

void Workspace::optionsChanged() {
  optionsLine_ = optionsLineFor(document_.options);
  optionsError_.clear();
  rememberOptions();
  postCompile(/*immediate=*/true);
}

void Workspace::setEntryPoint(const std::string& entry) {
  document_.options.entryPoint = entry;
  optionsChanged();
}

void Workspace::setProfile(const std::string& profile) {
  document_.options.profile = profile;
  optionsChanged();
}

void Workspace::setPackOptimized(bool optimized) {
  document_.options.packOptimized = optimized;
  optionsChanged();
}

void Workspace::setSpirv(bool spirv) {
  document_.options.target = spirv ? TargetKind::Spirv : TargetKind::Dxil;
  optionsChanged();
}

std::string Workspace::setOptionsLine(const std::string& line) {
  optionsLine_ = line;
  ParsedCommandLine parsed = parseDxcCommandLine(splitOptionsLine(line));
  if (!parsed.error.empty()) {
    optionsError_ = parsed.error;
    return parsed.error;
  }
  optionsError_.clear();
  document_.options = parsed.options;
  rememberOptions();
  postCompile(/*immediate=*/true);
  return "";
}

void Workspace::selectSourceLine(uint32_t line) {
  linkedSourceLine_ = line;
  lastCaretLine_ = editor_.caretLine;  // the caret's line takes over again only when it moves
  editor_.widget->setHighlightedLines(line ? std::set<uint32_t>{line} : std::set<uint32_t>{});
}

void Workspace::clickStageLine(const std::string& stage, uint32_t stageLine) {
  if (!snapshot_) return;
  if (uint32_t line = stagePanel_.clickLine(*snapshot_, stage, stageLine)) {
    selectSourceLine(line);
    lastCaretLine_ = line;
    jumpTo(line, 0);
  }
}

DebugRequest Workspace::debugRequest() const {
  DebugRequest request;
  request.fileName = document_.fileName;
  request.hlsl = editor_.text;
  request.options = document_.options;
  if (const RunDocument* run = runPanel_.documentIfAny()) {
    request.compileArgs = run->compileArgs;
    request.pipeline = run->pipeline;
  }
  return request;
}

bool Workspace::startDebugging() {
  debugText_ = editor_.text;
  if (!debugPanel_.controller().start(debugRequest())) return false;
  selectRightTab(RightTab::Debug);
  return true;
}

bool Workspace::breakWhere(uint32_t line, const std::string& condition) {
  if (!debugPanel_.controller().breakWhere(debugRequest(), line, condition)) return false;
  selectRightTab(RightTab::Debug);
  return true;
}

bool Workspace::debugWriterOf(const std::string& resource, uint64_t index) {
  return debugPanel_.controller().findWriter(debugRequest(), resource, index);
}

bool Workspace::debugWhereHit(size_t index) {
  if (!debugPanel_.controller().pickWhereHit(index, editor_.text)) return false;
  return startDebugging();
}

bool Workspace::debugInvocation(const std::array<uint32_t, 3>& thread) {
  DebugController& debugger = debugPanel_.controller();
  debugger.byThread = true;
  debugger.thread = thread;
  return startDebugging();
}

void Workspace::debugMotion(DebugMotion motion) {
  DebugController& debugger = debugPanel_.controller();
  if (debugger.recording()) return;
  // Nothing recorded for this text: F5 and Restart record (again); the other motions wait.
  if (!debugger.active() || debugger.stale()) {
    if (motion == DebugMotion::Continue || motion == DebugMotion::Restart) startDebugging();
    else debugger.setMessage("no session for this text: Start (F5) first");
    return;
  }
  debugger.move(motion);
}

void Workspace::toggleBreakpoint(uint32_t line) {
  syncDebugger();  // breakpoints first follow any edit not seen yet
  debugPanel_.controller().toggleBreakpoint(line);
  syncDebugger();
}

void Workspace::syncDebugger() {
  DebugController& debugger = debugPanel_.controller();
  debugger.poll();
  if (debugger.takeWriterToRecord()) startDebugging();  // the Run tab asked who wrote an element
  if (editor_.text != debugText_) {
    debugger.textChanged(debugText_, editor_.text);
    debugText_ = editor_.text;
  }
  std::map<uint32_t, bool> lines;
  for (const DocumentBreakpoint& bp : debugger.breakpoints()) lines[bp.line] = !bp.condition.empty();
  editor_.widget->setBreakpointLines(std::move(lines));
  const uint32_t stopLine = debugger.active() && !debugger.stale() ? debugger.view().line : 0;
  editor_.widget->setExecutionLine(stopLine);
  if (debugger.stopSerial() != debugStopSerial_) {
    debugStopSerial_ = debugger.stopSerial();
    // A new stop: the editor scrolls to its line and selects it, which the stages follow.
    if (stopLine) {
      selectSourceLine(stopLine);
      lastCaretLine_ = stopLine;
      jumpTo(stopLine, 0);
    }
  }
  // The first difference's line, once: selected like a stop's, so the stages link its instruction.
  if (const uint32_t line = debugger.takeLineToSelect()) {
    selectSourceLine(line);
    lastCaretLine_ = line;
    jumpTo(line, 0);
  }
}

void Workspace::handleDebugKeys() {
  if (promptOpen() || recovery_.pending()) return;
  const ImGuiIO& io = ImGui::GetIO();
  auto pressed = [](int key) { return ImGui::IsKeyPressed(key, false); };
  if (pressed(kKeyF5)) {
    if (io.KeyCtrl && io.KeyShift) debugMotion(DebugMotion::Restart);
    else debugMotion(io.KeyShift ? DebugMotion::ReverseContinue : DebugMotion::Continue);
  } else if (pressed(kKeyF9)) {
    toggleBreakpoint(editor_.caretLine);
  } else if (pressed(kKeyF10)) {
    if (io.KeyCtrl) {
      if (debugPanel_.controller().active() && !debugPanel_.controller().stale()) debugPanel_.controller().runToLine(editor_.caretLine);
    } else {
      debugMotion(io.KeyShift ? DebugMotion::Back : DebugMotion::Over);
    }
  } else if (pressed(kKeyF11)) {
    debugMotion(io.KeyShift ? DebugMotion::Out : DebugMotion::Into);
  }
}

void Workspace::drawDebugMenu() {
  if (!ImGui::BeginMenu("Debug")) return;
  DebugController& debugger = debugPanel_.controller();
  const bool live = debugger.active() && !debugger.stale() && !debugger.recording();
  if (ImGui::MenuItem(live ? "Continue" : "Start", "F5", false, !debugger.recording())) debugMotion(DebugMotion::Continue);
  if (ImGui::MenuItem("Step over", "F10", false, live)) debugMotion(DebugMotion::Over);
  if (ImGui::MenuItem("Step into", "F11", false, live)) debugMotion(DebugMotion::Into);
  if (ImGui::MenuItem("Step out", "Shift+F11", false, live)) debugMotion(DebugMotion::Out);
  if (ImGui::MenuItem("Step back", "Shift+F10", false, live)) debugMotion(DebugMotion::Back);
  if (ImGui::MenuItem("Reverse continue", "Shift+F5", false, live)) debugMotion(DebugMotion::ReverseContinue);
  if (ImGui::MenuItem("Run to cursor", "Ctrl+F10", false, live)) debugger.runToLine(editor_.caretLine);
  if (ImGui::MenuItem("Restart", "Ctrl+Shift+F5", false, !debugger.recording())) debugMotion(DebugMotion::Restart);
  if (ImGui::MenuItem("Stop", nullptr, false, debugger.active())) debugger.stop();
  ImGui::Separator();
  if (ImGui::MenuItem("Toggle breakpoint", "F9")) toggleBreakpoint(editor_.caretLine);
  if (ImGui::MenuItem("Remove all breakpoints", nullptr, false, !debugger.breakpoints().empty())) debugger.clearBreakpoints();
  if (ImGui::MenuItem("Show the Debug tab")) selectRightTab(RightTab::Debug);
  ImGui::EndMenu();
}

void Workspace::zoomChanged() {
  zoomNoteUntil_ = ImGui::GetTime() + 2.0;
}

std::string Workspace::zoomNote() const {
  if (!ImGui::GetCurrentContext() || ImGui::GetTime() >= zoomNoteUntil_) return "";
  return "Zoom " + std::to_string(zoom_.percent()) + "%";
}

void Workspace::drawViewMenu() {
  if (!ImGui::BeginMenu("View")) return;
  if (ImGui::MenuItem("Zoom in", "Ctrl+=", false, zoom_.percent() < UiZoom::kMaxPercent) && zoom_.zoomIn()) zoomChanged();
  if (ImGui::MenuItem("Zoom out", "Ctrl+-", false, zoom_.percent() > UiZoom::kMinPercent) && zoom_.zoomOut()) zoomChanged();
  if (ImGui::MenuItem("Reset zoom", "Ctrl+0", false, zoom_.percent() != UiZoom::kDefaultPercent)) zoom_.reset(), zoomChanged();
  ImGui::TextDisabled("Zoom: %d%%", zoom_.percent());
  ImGui::Separator();
  if (bool open = comparePane_.open(); ImGui::MenuItem("Second stage pane", nullptr, &open)) setComparePaneOpen(open);
  ImGui::EndMenu();
}

void Workspace::handleAppKeys() {
  if (promptOpen() || recovery_.pending()) return;
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.KeyCtrl) return;
  auto pressed = [](int key) { return ImGui::IsKeyPressed(key, true); };
  const int before = zoom_.percent();
  // Ctrl+= is also Ctrl++ (with Shift) on most layouts; the keypad's keys do the same.
  if (pressed(kKeyEqual) || pressed(kKeyKeypadAdd)) zoom_.zoomIn();
  else if (pressed(kKeyMinus) || pressed(kKeyKeypadSubtract)) zoom_.zoomOut();
  else if (pressed(kKey0) || pressed(kKeyKeypad0)) zoom_.reset();
  // Ctrl+wheel, where nothing under the mouse zooms itself (the Run tab's images take it).
  if (io.MouseWheel > 0.0f) zoom_.zoomIn();
  else if (io.MouseWheel < 0.0f) zoom_.zoomOut();
  if (zoom_.percent() != before) zoomChanged();
  if (!io.KeyShift && ImGui::IsKeyPressed(kKeyN, false)) newDocument();
}

void Workspace::drawMenuBar() {
  if (!ImGui::BeginMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("New", "Ctrl+N")) newDocument();
    if (ImGui::MenuItem("Open...", nullptr, false, bool(open_))) showOpenDialog();
    // Save on a document with no file yet asks for a path (Save As).
    if (ImGui::MenuItem("Save", "Ctrl+S", false, bool(save_))) save();
    if (ImGui::MenuItem("Save As...", nullptr, false, bool(save_))) showSaveAsDialog();
    if (ImGui::BeginMenu("Recent", !recent_.paths().empty())) {
      for (const std::string& path : recent_.paths())
        if (ImGui::MenuItem(path.c_str())) open(path);
      ImGui::EndMenu();
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) requestQuit();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Examples", !examples_.empty())) {
    std::string folder;
    for (const Example& e : examples_) {
      const std::string dir = e.relative.substr(0, e.relative.rfind('/') + 1);
      if (dir != folder) {
        folder = dir;
        ImGui::TextDisabled("%s", dir.empty() ? "(top)" : dir.c_str());
      }
      if (ImGui::MenuItem((e.relative.substr(dir.size()) + "  -  " + e.title).c_str())) openExample(e.relative);
      if (ImGui::IsItemHovered() && !e.explanation.empty()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
        ImGui::TextUnformatted(e.explanation.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
    }
    ImGui::EndMenu();
  }
  drawViewMenu();
  drawDebugMenu();
  ImGui::Separator();
  ImGui::TextUnformatted(document_.displayName().c_str());
  if (modified()) {
    ImGui::SameLine(0, 0);
    ImGui::TextUnformatted("*");
  }
  if (!saveMessage_.empty()) {
    ImGui::Separator();
    ImGui::TextDisabled("%s", saveMessage_.c_str());
  }
  ImGui::EndMenuBar();
}

void Workspace::drawToolbar(const ViewFonts& fonts) {
  const float em = ImGui::GetFontSize();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Entry");
  ImGui::SameLine();
  std::string entry = document_.options.entryPoint;
  ImGui::SetNextItemWidth(em * 6);
  if (ImGui::InputText("##entry", &entry, ImGuiInputTextFlags_EnterReturnsTrue) && !entry.empty()) setEntryPoint(entry);
  ImGui::SameLine();
  ImGui::TextUnformatted("Profile");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 5.5f);
  if (ImGui::BeginCombo("##profile", document_.options.profile.c_str())) {
    for (const char* profile : kProfiles)
      if (ImGui::Selectable(profile, document_.options.profile == profile)) setProfile(profile);
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::TextUnformatted("Target");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 6);
  const bool spirv = document_.options.spirv();
  if (ImGui::BeginCombo("##target", spirv ? "SPIR-V" : "DXIL")) {
    if (ImGui::Selectable("DXIL", !spirv)) setSpirv(false);
    if (ImGui::Selectable("SPIR-V", spirv)) setSpirv(true);
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::TextUnformatted("Flags");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::InputText("##options", &optionsLine_, ImGuiInputTextFlags_EnterReturnsTrue) || ImGui::IsItemDeactivatedAfterEdit())
    setOptionsLine(optionsLine_);
  if (!optionsError_.empty()) ImGui::TextColored(severityColor(Severity::Error), "%s", optionsError_.c_str());

  const std::string command = equivalentCommandLine(document_.options, document_.fileName);
  if (ImGui::SmallButton("Copy")) ImGui::SetClipboardText(command.c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Copy the equivalent command line");
  ImGui::SameLine();
  ImGui::PushFont(fonts.mono);
  ImGui::TextDisabled("%s", command.c_str());
  ImGui::PopFont();
  if (!banner_.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(tokenColor(editor::TokenKind::Semantic), "%s", banner_.c_str());
    ImGui::PopTextWrapPos();
    ImGui::SameLine();
    if (ImGui::SmallButton("x")) banner_.clear();
  }
}

void Workspace::drawRecoveryModal() {
  static const char* const kTitle = "Recovered changes";
  if (recovery_.pending() && pendingAction_ == PendingAction::None && !ImGui::IsPopupOpen(kTitle))
    ImGui::OpenPopup(kTitle);
  if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  if (recovery_.pending()) {
    const RecoveryFile& file = recovery_.current();
    ImGui::Text("An earlier session left unsaved changes to %s:", document_.displayName().c_str());
    ImGui::BulletText("%s", file.path.c_str());
    ImGui::BulletText("last written %s", file.modifiedText().c_str());
    if (const size_t more = recovery_.waiting() - 1; more > 0)
      ImGui::TextDisabled("%zu more recovery file%s after this one (newest first)", more, more == 1 ? "" : "s");
    ImGui::TextDisabled(
        "Restore loads them into the editor, Discard deletes the file, Keep leaves it for a later start.");
    if (ImGui::Button("Restore")) answerRecovery(RecoveryOffer::Answer::Restore);
    ImGui::SameLine();
    if (ImGui::Button("Discard")) answerRecovery(RecoveryOffer::Answer::Discard);
    ImGui::SameLine();
    if (ImGui::Button("Keep")) answerRecovery(RecoveryOffer::Answer::Keep);
  }
  if (!recovery_.pending()) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void Workspace::showOpenDialog() {
  // One file dialog at a time: the other one (and its overwrite question) is dropped.
  openDialog_ = true, saveAsDialog_ = false;
  overwritePath_.clear();
  dialogPath_.clear();
  // In the open document's folder: a bundle's is where its .test lies (it has no savePath).
  browser_ = FileBrowser(document_.bundlePath.empty() ? document_.savePath : document_.bundlePath);
  browser_.setFilter(FileBrowser::Filter::Shaders);
}

void Workspace::showSaveAsDialog() {
  saveAsDialog_ = true, openDialog_ = false;
  overwritePath_.clear();
  dialogPath_ = document_.bundlePath.empty() ? document_.savePath : document_.bundlePath;
  browser_ = FileBrowser(dialogPath_);
  // Absolute, as typed paths are resolved against the browser's folder, not the working one.
  std::error_code ec;
  if (!dialogPath_.empty()) dialogPath_ = std::filesystem::absolute(dialogPath_, ec).lexically_normal().string();
  browser_.setFilter(FileBrowser::Filter::All);
}

std::string Workspace::browserClick(const std::string& name) {
  const FileBrowser::Entry* entry = browser_.find(name);
  if (!entry) return "no entry '" + name + "' in " + browser_.folder();
  if (!entry->folder) dialogPath_ = browser_.resolve(name);
  return "";
}

std::string Workspace::browserActivate(const std::string& name) {
  const FileBrowser::Entry* entry = browser_.find(name);
  if (!entry) return "no entry '" + name + "' in " + browser_.folder();
  if (entry->parent) return browser_.up(), "";
  if (entry->folder) return browser_.setFolder(name) ? "" : browser_.error();
  dialogPath_ = browser_.resolve(name);
  return dialogAct(dialogPath_);
}

std::string Workspace::dialogAct(const std::string& typed) {
  if (!openDialog_ && !saveAsDialog_) return "no Open or Save As dialog";
  if (typed.empty()) return "no file name";
  // A typed relative path (a bare name in Save As) is in the browser's folder.
  const std::string path = browser_.resolve(typed);
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    browser_.setFolder(path);
    dialogPath_.clear();
    return "";
  }
  std::string error;
  if (openDialog_) {
    openDialog_ = false;
    error = open(path);
  } else if (replacesAnotherFile(path)) {
    overwritePath_ = path;  // the dialog stays; drawModals asks over it
  } else {
    error = saveAs(path);  // the existing Save As: it clears saveAsDialog_
    saveAsDialog_ = false;
  }
  return error;
}

bool Workspace::replacesAnotherFile(const std::string& path) const {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return false;
  // Saving under the document's own name again is a plain save, asked by nobody else.
  for (const std::string& own : {document_.savePath, document_.bundlePath})
    if (!own.empty() && std::filesystem::equivalent(own, path, ec)) return false;
  return true;
}

std::string Workspace::answerOverwrite(bool replace) {
  if (overwritePath_.empty()) return "no file is waiting to be replaced";
  const std::string path = std::exchange(overwritePath_, std::string());
  if (!replace) return "";  // back to the dialog, the path box as it was
  std::string error = saveAs(path);
  saveAsDialog_ = false;
  return error;
}

void Workspace::drawModals() {
  drawRecoveryModal();
  if (pendingAction_ != PendingAction::None && !ImGui::IsPopupOpen("Unsaved changes")) ImGui::OpenPopup("Unsaved changes");
  if (ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::Text("%s has unsaved changes.", document_.displayName().c_str());
    if (ImGui::Button("Save")) answerPrompt(PromptAnswer::Save);
    ImGui::SameLine();
    if (ImGui::Button("Discard")) answerPrompt(PromptAnswer::Discard);
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) answerPrompt(PromptAnswer::Cancel);
    if (pendingAction_ == PendingAction::None) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  auto pathDialog = [&](const char* title, bool& flag, const char* action) {
    if (flag && !ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
    if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    if (!flag) {  // answered without its buttons (a script's save-as)
      ImGui::CloseCurrentPopup();
      ImGui::EndPopup();
      return;
    }
    const bool changed = dialogPath_ != dialogShownPath_;
    if (changed) ++dialogPathId_;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 40);
    if (ImGui::IsWindowAppearing() || changed) ImGui::SetKeyboardFocusHere();
    ImGui::PushID(dialogPathId_);
    const bool enter = ImGui::InputTextWithHint("##path", "path/to/file.hlsl or .test (or a folder to go to)",
                                                &dialogPath_, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::PopID();
    dialogShownPath_ = dialogPath_;
    for (const std::string& path : recent_.paths())
      if (ImGui::Selectable(path.c_str())) dialogPath_ = path;
    ImGui::Separator();
    const bool twice = drawFileBrowser(browser_, dialogPath_, ImGui::GetFontSize() * 18);
    if (ImGui::Button(action) || enter || twice) {
      dialogAct(dialogPath_);
    }
    ImGui::SameLine();
    // Escape cancels too, as in any file dialog (but not while the overwrite question is up).
    if (ImGui::Button("Cancel") ||
        (overwritePath_.empty() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)))
      flag = false, overwritePath_.clear(), ImGui::CloseCurrentPopup();
    // Opened inside the Save As modal so it stacks over it.
    if (&flag == &saveAsDialog_) drawOverwriteQuestion();
    if (!flag) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  };
  pathDialog("Open file", openDialog_, "Open");
  pathDialog("Save as", saveAsDialog_, "Save");
  if (!saveAsDialog_) afterSaveAs_ = PendingAction::None;  // cancelled: the prompt's action is dropped too
}

void Workspace::drawOverwriteQuestion() {
  const char* title = "Replace file?";
  if (!overwritePath_.empty() && !ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
  if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  if (overwritePath_.empty()) {  // answered by a script
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return;
  }
  ImGui::Text("%s already exists.", overwritePath_.c_str());
  ImGui::TextUnformatted("Replace it with this document?");
  if (ImGui::Button("Replace")) answerOverwrite(true);
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) answerOverwrite(false);
  if (overwritePath_.empty()) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void Workspace::drawStagesTab(const ViewFonts& fonts) {
  auto follow = [&](uint32_t line) {
    if (!line) return;
    selectSourceLine(line);
    lastCaretLine_ = line;
    jumpTo(line, 0);
  };
  // The document's stages draw in the same child either way, so opening the second pane keeps
  // their tab (ImGui keys the tab bar by the window it is in).
  const bool second = comparePane_.open();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  // Side by side while each pane keeps about 60 columns of stage text, else one above the other.
  const bool sideBySide = avail.x >= ImGui::GetFontSize() * 0.6f * 60.0f * 2.0f;
  const ImVec2 paneSize = !second ? ImVec2(0, 0)
                          : sideBySide ? ImVec2((avail.x - gap) * 0.5f, avail.y)
                                       : ImVec2(avail.x, (avail.y - gap) * 0.5f);
  ImGui::BeginChild("##stages_document", paneSize, false);
  if (second) {
    ImGui::AlignTextToFramePadding();
    ImGui::Text("Document: %s", targetLabel(document_.options.target));
    ImGui::SameLine();
    ImGui::TextDisabled("(the toolbar's target)");
  }
  stagePanel_.draw(stageSnapshot(), fonts, linkedSourceLine_);
  const uint32_t documentClick = stagePanel_.clickedSourceLine();
  ImGui::EndChild();
  if (!second) {
    follow(documentClick);
    return;
  }
  if (sideBySide) ImGui::SameLine();
  ImGui::BeginChild("##stages_second", ImVec2(0, 0), false);
  const uint32_t secondClick = comparePane_.draw(fonts, linkedSourceLine_);
  ImGui::EndChild();
  follow(documentClick ? documentClick : secondClick);
}

void Workspace::drawRightPanel(const ViewFonts& fonts) {
  if (!ImGui::BeginTabBar("##right")) return;
  auto tab = [&](const char* label, RightTab which) {
    const ImGuiTabItemFlags flags = tabRequested_ && rightTab_ == which ? ImGuiTabItemFlags_SetSelected : 0;
    if (!ImGui::BeginTabItem(label, nullptr, flags)) return false;
    if (!tabRequested_) rightTab_ = which;
    return true;
  };
  if (tab("Stages", RightTab::Stages)) {
    drawStagesTab(fonts);
    ImGui::EndTabItem();
  }
  if (tab("Bindings", RightTab::Bindings)) {
    ImGui::BeginChild("##bindings_view");
    if (printingShownStages()) {
      ImGui::TextDisabled("Printing the IR the bindings are read from...");
    } else if (uint32_t line = bindingsPanel_.draw(snapshot_, fonts)) {
      selectSourceLine(line);
      lastCaretLine_ = line;
      jumpTo(line, 0);
    }
    ImGui::EndChild();
    ImGui::EndTabItem();
  }
  if (tab("Signatures", RightTab::Signatures)) {
    ImGui::BeginChild("##signatures_view");
    if (std::optional<bool> optimized = signaturePanel_.draw(snapshot_, fonts)) setPackOptimized(*optimized);
    ImGui::EndChild();
    ImGui::EndTabItem();
  }
  if (tab("Run", RightTab::Run)) {
    runPanel_.draw(snapshot_.get(), document_.fileName, editor_.text, fonts);
    ImGui::EndTabItem();
  }
  if (tab("Debug", RightTab::Debug)) {
    debugPanel_.draw(fonts, editor_.caretLine);
    ImGui::EndTabItem();
  }
  tabRequested_ = false;
  ImGui::EndTabBar();
}

void Workspace::draw(const ViewFonts& fonts) {
  // Swap in the newest snapshot; everything below reads this one immutable result.
  refreshSnapshot();
  handleDebugKeys();
  syncDebugger();

  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                 ImGuiWindowFlags_MenuBar;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  ImGui::Begin("Shaderlens", nullptr, flags);
  ImGui::PopStyleVar();
  drawMenuBar();
  drawToolbar(fonts);

  const ImGuiStyle& style = ImGui::GetStyle();
  const float splitterSize = std::max(4.0f, style.ItemSpacing.x);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float statusHeight = ImGui::GetFrameHeightWithSpacing() + style.ItemSpacing.y;
  const float bodyHeight = std::max(1.0f, avail.y - statusHeight);
  const float minPanel = ImGui::GetFrameHeight() * 3;

  float diagnosticsHeight = std::clamp(bodyHeight * diagnosticsFraction_, minPanel, std::max(minPanel, bodyHeight - minPanel));
  float topHeight = std::max(1.0f, bodyHeight - diagnosticsHeight - splitterSize);
  float editorWidth = std::clamp(avail.x * editorFraction_, minPanel, std::max(minPanel, avail.x - minPanel));

  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
  ImGui::BeginChild("##editor_panel", ImVec2(editorWidth, topHeight), false);
  ImGui::PopStyleVar();
  if (drawEditor(editor_, snapshot_.get(), fonts)) {
    // modified() compares the text with the saved one: undoing back to it clears the `*`.
    postCompile(/*immediate=*/false);
  }
  if (uint32_t line = editor_.widget->takeBreakpointClick()) toggleBreakpoint(line);
  // The caret's line is the selected HLSL line until a stage line is clicked.
  if (editor_.caretLine != lastCaretLine_) {
    lastCaretLine_ = editor_.caretLine;
    linkedSourceLine_ = editor_.caretLine;
    editor_.widget->setHighlightedLines({});
  }
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
  ImGui::EndChild();
  ImGui::SameLine();
  if (float drag = splitter("##split_v", true, ImVec2(splitterSize, topHeight)); drag != 0.0f)
    editorFraction_ = std::clamp((editorWidth + drag) / avail.x, WorkspaceLayout::kMinEditorFraction, WorkspaceLayout::kMaxEditorFraction);
  ImGui::SameLine();
  ImGui::BeginChild("##stage_panel", ImVec2(0, topHeight), false);
  ImGui::PopStyleVar();
  drawRightPanel(fonts);
  requestShownStageText();  // a tab shown this frame
  if (runPanel_.takeNewRequest()) newBundleFromShader();
  if (debugPanel_.takeStartRequest()) startDebugging();
  if (std::optional<std::pair<uint32_t, std::string>> where = debugPanel_.takeWhereRequest()) breakWhere(where->first, where->second);
  if (std::optional<size_t> hit = debugPanel_.takeWherePick()) debugWhereHit(*hit);
  if (std::optional<std::pair<std::string, uint64_t>> element = runPanel_.takeWriterRequest()) debugWriterOf(element->first, element->second);
  if (std::optional<std::array<uint32_t, 3>> thread = runPanel_.takeDebugRequest()) debugInvocation(*thread);
  ImGui::EndChild();

  if (float drag = splitter("##split_h", false, ImVec2(avail.x, splitterSize)); drag != 0.0f)
    diagnosticsFraction_ = std::clamp((diagnosticsHeight - drag) / bodyHeight, WorkspaceLayout::kMinDiagnosticsFraction,
                                      WorkspaceLayout::kMaxDiagnosticsFraction);
  ImGui::BeginChild("##diagnostics_panel", ImVec2(0, diagnosticsHeight), false);
  if (std::optional<SourceLoc> clicked = drawDiagnosticsPanel(snapshot_.get(), fonts))
    if (snapshot_ && sameFile(clicked->file, snapshot_->fileName)) jumpTo(clicked->line, clicked->column);
  ImGui::EndChild();

  ImGui::Separator();
  if (const std::string note = zoomNote(); !note.empty()) {
    ImGui::TextColored(severityColor(Severity::Note), "%s", note.c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("|");
    ImGui::SameLine();
  }
  drawStatusBar(snapshot_.get(), worker_->busy(), fonts);
  // After the panels: one that zooms itself on Ctrl+wheel has taken the wheel by now.
  handleAppKeys();
  drawModals();
  ImGui::End();
}

}  // namespace sl::views
