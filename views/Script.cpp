#include "views/Script.h"

#include "core/support/AtomicFile.h"
#include "renderer/offload/Pipeline.h"
#include "views/debug/DebugKeys.h"
#include "views/inspect/LineLinks.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cctype>
#include <chrono>
#include <cstdlib>

namespace sl::views {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string unescape(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) {
      char c = text[++i];
      out += c == 'n' ? '\n' : c == 't' ? '\t' : c;
    } else {
      out += text[i];
    }
  }
  return out;
}

bool toUnsigned(const std::string& word, uint32_t& value) {
  if (word.empty() || !std::all_of(word.begin(), word.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return false;
  value = uint32_t(std::strtoul(word.c_str(), nullptr, 10));
  return true;
}

bool contains(std::string_view haystack, std::string_view needle) { return haystack.find(needle) != std::string_view::npos; }

constexpr std::chrono::seconds kCompileWait{60};
constexpr std::chrono::seconds kRunWait{120};

}  // namespace

bool parseScriptUnsigned(const std::string& word, uint32_t& value) { return toUnsigned(word, value); }

std::string ScriptStep::restAfter(size_t n) const {
  std::string_view r = rest;
  for (size_t i = 0; i < n; ++i) {
    r = trim(r);
    size_t blank = r.find_first_of(" \t");
    r = blank == std::string_view::npos ? std::string_view() : r.substr(blank);
  }
  return std::string(trim(r));
}

std::string GuiScript::parse(std::string_view text, const std::string& name, GuiScript& out) {
  out = GuiScript();
  out.name_ = name;
  uint32_t lineNumber = 0;
  size_t start = 0;
  static const char* const kVerbs[] = {
      "open", "example", "answer", "save", "save-as", "save-bundle", "run-new", "run", "compare", "set-buffer", "fill", "heap-index",
      "dispatch", "type", "key", "caret", "select-line", "click-stage-line", "stage", "tab", "diff", "entry", "profile",
      "target", "flags", "signature", "signature-pair", "wait-compile", "frames", "screenshot", "quit", "log",
      "expect-stage", "expect-stage-ok", "expect-stage-failed", "expect-diagnostic", "expect-no-errors", "expect-linked",
      "expect-linked-source", "expect-linked-visible", "expect-binding", "expect-heap-sites", "expect-push-constant", "expect-signature-linked",
      "expect-signature", "expect-signature-message",
      "expect-run", "expect-run-stale", "expect-compare", "expect-output", "expect-mismatch", "expect-cmdline", "expect-title", "expect-modified",
      "expect-prompt", "recover", "autosave", "expect-recovery", "expect-file", "expect-text", "expect-diff",
      "expect-banner", "expect-examples", "expect-tab", "expect-image", "run-start", "wait-run", "run-undo", "run-redo",
      "add-buffer", "remove-buffer", "expect-status", "expect-resource", "expect-run-bundle", "expect-buffer", "expect-nonzero", "expect-shared-slot", "add-sampler", "remove-sampler",
      "add-texture", "remove-texture",
      "debug-invocation", "debug-subgroup", "debug-max-steps", "toggle-breakpoint", "break-if", "break-if-refused", "debug-start", "debug-start-async", "wait-debug", "debug-differing",
      "debug-step", "debug-continue", "debug-reverse-continue", "debug-restart", "debug-stop", "debug-run-to", "add-watch",
      "remove-watch", "debug-wave", "debug-format", "expect-debug-line", "expect-debug-stop", "expect-debug-local",
      "expect-debug-changed", "expect-debug-global", "expect-debug-watch", "expect-debug-wave", "expect-debug-stack",
      "expect-debug-note", "expect-debug-message", "expect-debug-stale", "expect-breakpoint", "expect-debug-error",
      "expect-debug-instruction", "expect-editor-stop", "debug-console", "expect-debug-console", "expect-debug-console-lines", "expect-debug-console-last",
      "debug-first-difference", "debug-first-difference-async", "debug-first-difference-cancel", "debug-go-to-difference", "expect-debug-difference",
      "debug-break-where", "debug-break-where-async", "debug-break-where-cancel", "debug-where-hit", "expect-debug-where", "expect-debug-where-hit",
      "expect-debug-read", "expect-debug-wrote", "expect-debug-accesses", "debug-run-to-instruction", "expect-debug-spirv", "expect-debug-id",
      "expect-debug-spirv-value", "expect-debug-excerpt", "debug-writer-of", "expect-debug-writer", "new", "zoom", "expect-zoom", "expect-display", "expect-save-as",
      "debug-frame", "second-pane", "second-stage", "click-second-stage-line", "expect-second-stage",
      "expect-second-linked", "expect-second-target",
      "browse", "browse-folder", "browse-up", "browse-click", "browse-activate", "browse-filter", "browse-hidden", "browse-type",
      "expect-browser-folder", "expect-browser-entry", "expect-browser-error", "expect-dialog-path", "overwrite",
      "expect-overwrite"};
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = trim(text.substr(start, end - start));
    start = end + 1;
    ++lineNumber;
    if (line.empty() || line.front() == '#') {
      if (end == text.size()) break;
      continue;
    }
    ScriptStep step;
    step.line = lineNumber;
    size_t blank = line.find_first_of(" \t");
    step.verb = std::string(line.substr(0, blank));
    step.rest = blank == std::string_view::npos ? "" : std::string(trim(line.substr(blank)));
    std::string_view words = step.rest;
    while (!(words = trim(words)).empty()) {
      size_t b = words.find_first_of(" \t");
      step.words.emplace_back(words.substr(0, b));
      words = b == std::string_view::npos ? std::string_view() : words.substr(b);
    }
    if (std::find_if(std::begin(kVerbs), std::end(kVerbs), [&](const char* v) { return step.verb == v; }) == std::end(kVerbs))
      return name + ":" + std::to_string(lineNumber) + ": unknown action '" + step.verb + "'";
    out.steps_.push_back(std::move(step));
    if (end == text.size()) break;
  }
  return "";
}

void GuiScript::appendScreenshot(const std::string& path) {
  ScriptStep step;
  step.line = steps_.empty() ? 1 : steps_.back().line + 1;
  step.verb = "screenshot";
  step.rest = path;
  step.words = {path};
  steps_.push_back(std::move(step));
}

void GuiScript::fail(const ScriptStep& step, const std::string& message) {
  failures_.push_back(name_ + ":" + std::to_string(step.line) + ": " + step.verb + ": " + message);
}

void GuiScript::screenshotDone(const std::string& error) {
  if (!error.empty()) failures_.push_back(name_ + ":" + std::to_string(screenshotLine_) + ": screenshot: " + error);
  else log_.push_back("wrote " + screenshot_);
  screenshot_.clear();
}

void GuiScript::queueText(const std::string& text, ImGuiIO& io) {
  std::string run;
  for (char c : text) {
    if (c == '\n' || c == '\t') {
      if (!run.empty()) events_.push_back({run, -1, false, false}), run.clear();
      events_.push_back({"", io.KeyMap[c == '\n' ? ImGuiKey_Enter : ImGuiKey_Tab], false, false});
    } else {
      run += c;
    }
  }
  if (!run.empty()) events_.push_back({run, -1, false, false});
}

bool GuiScript::queueKey(const std::string& spec, ImGuiIO& io, std::string& error) {
  InputEvent event;
  std::string name = spec;
  for (;;) {
    if (name.rfind("ctrl+", 0) == 0) event.ctrl = true, name = name.substr(5);
    else if (name.rfind("shift+", 0) == 0) event.shift = true, name = name.substr(6);
    else break;
  }
  static const std::pair<const char*, ImGuiKey_> keys[] = {
      {"enter", ImGuiKey_Enter}, {"backspace", ImGuiKey_Backspace}, {"delete", ImGuiKey_Delete}, {"tab", ImGuiKey_Tab},
      {"escape", ImGuiKey_Escape}, {"up", ImGuiKey_UpArrow}, {"down", ImGuiKey_DownArrow}, {"left", ImGuiKey_LeftArrow},
      {"right", ImGuiKey_RightArrow}, {"home", ImGuiKey_Home}, {"end", ImGuiKey_End}, {"pageup", ImGuiKey_PageUp},
      {"pagedown", ImGuiKey_PageDown}};
  // The debugger's function keys (ImGui 1.86 has none): the platform's codes.
  static const std::pair<const char*, int> functionKeys[] = {{"f5", kKeyF5}, {"f9", kKeyF9}, {"f10", kKeyF10}, {"f11", kKeyF11}};
  std::string lower = name;
  for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
  for (const auto& [keyName, key] : keys)
    if (lower == keyName) event.key = io.KeyMap[key];
  for (const auto& [keyName, code] : functionKeys)
    if (lower == keyName) event.key = code;
  // Letters: the platform's key codes are the ASCII capitals (GLFW's, which the shell maps).
  // Letters, digits, '=' and '-' likewise (ctrl+= zooms in).
  if (event.key < 0 && lower.size() == 1 &&
      (std::isalnum(static_cast<unsigned char>(lower[0])) || lower[0] == '=' || lower[0] == '-'))
    event.key = std::toupper(static_cast<unsigned char>(lower[0]));
  if (event.key < 0) {
    error = "unknown key '" + spec + "'";
    return false;
  }
  events_.push_back(event);
  return true;
}

void GuiScript::beforeFrame(Workspace& workspace, ImGuiIO& io) {
  io_ = &io;
  if (releaseKey_ >= 0) {
    io.KeysDown[releaseKey_] = false;
    io.KeysDown[kKeyLeftControl] = io.KeysDown[kKeyLeftShift] = false;
    io.KeyCtrl = io.KeyShift = false;
    releaseKey_ = -1;
  }
  // Waits come first: `type` focuses the editor, lets a frame pass, then types.
  if (waitFrames_ > 0) {
    --waitFrames_;
    return;
  }
  if (!events_.empty()) {
    InputEvent event = events_.front();
    events_.pop_front();
    for (unsigned char c : event.characters) io.AddInputCharacter(c);
    if (event.key >= 0) {
      io.KeysDown[event.key] = true;
      // The modifier keys too: a window's key queue derives KeyCtrl/KeyShift from them.
      io.KeysDown[kKeyLeftControl] = event.ctrl;
      io.KeysDown[kKeyLeftShift] = event.shift;
      io.KeyCtrl = event.ctrl;
      io.KeyShift = event.shift;
      releaseKey_ = event.key;
    }
    return;
  }
  // A stage on screen still printing (StageTextFill.h) is as a frame to wait: steps see it drawn.
  if (workspace.printingShownStages()) return;
  while (next_ < steps_.size() && screenshot_.empty()) {
    const ScriptStep& step = steps_[next_++];
    if (!execute(step, workspace)) return;
    if (!events_.empty() || waitFrames_ > 0) return;
  }
}

bool GuiScript::execute(const ScriptStep& step, Workspace& ws) {
  const std::string& v = step.verb;
  const auto& w = step.words;
  auto need = [&](size_t n) {
    if (w.size() >= n) return true;
    fail(step, "needs " + std::to_string(n) + " argument(s)");
    return false;
  };
  auto check = [&](const std::string& error) {
    if (!error.empty()) fail(step, error);
  };
  if (v.rfind("expect-debug-", 0) == 0 || v == "expect-breakpoint" || v == "expect-editor-stop") {
    expectDebug(step, ws);
    return true;
  }
  if (v == "signature" || v == "signature-pair" || v.rfind("expect-signature", 0) == 0) {
    signatureStep(step, ws);
    return true;
  }
  if (v.rfind("second-", 0) == 0 || v.rfind("expect-second-", 0) == 0 || v == "click-second-stage-line") {
    secondPaneStep(step, ws);
    if (v == "second-pane" || v == "second-stage" || v == "click-second-stage-line") waitFrames_ = 2;
    return true;
  }
  if (v.rfind("expect", 0) == 0) {
    expect(step, ws);
    return true;
  }
  if (v.rfind("debug-", 0) == 0 || v == "toggle-breakpoint" || v == "break-if" || v == "break-if-refused" || v == "wait-debug" || v == "add-watch" ||
      v == "remove-watch") {
    executeDebug(step, ws);
    return true;
  }
  if (v == "log") {
    log_.push_back(step.rest);
  } else if (v == "open") {
    if (need(1)) check(ws.open(step.rest));
    waitFrames_ = 1;
  } else if (v == "example") {
    if (need(1)) check(ws.openExample(w[0]));
    waitFrames_ = 1;
  } else if (v == "answer") {
    if (!need(1)) return true;
    if (!ws.promptOpen()) fail(step, "no prompt is open");
    else if (w[0] == "save") ws.answerPrompt(Workspace::PromptAnswer::Save);
    else if (w[0] == "discard") ws.answerPrompt(Workspace::PromptAnswer::Discard);
    else if (w[0] == "cancel") ws.answerPrompt(Workspace::PromptAnswer::Cancel);
    else fail(step, "answer save, discard or cancel");
    waitFrames_ = 1;
  } else if (v == "recover") {
    // The "Recovered changes" modal's buttons.
    if (!need(1)) return true;
    if (!ws.recoveryOfferOpen()) fail(step, "no recovery file is offered");
    else if (w[0] == "restore") ws.answerRecovery(RecoveryOffer::Answer::Restore);
    else if (w[0] == "discard") ws.answerRecovery(RecoveryOffer::Answer::Discard);
    else if (w[0] == "keep") ws.answerRecovery(RecoveryOffer::Answer::Keep);
    else fail(step, "recover restore, discard or keep");
    waitFrames_ = 1;
  } else if (v == "autosave") {
    check(ws.flushAutosave());
  } else if (v == "save") {
    ws.save();
    // A document with no file yet: Save asking for a path is what it does (expect-save-as).
    if (ws.modified() && !ws.saveAsAsked()) fail(step, ws.statusMessage());
  } else if (v == "overwrite") {
    // The "Replace file?" question of a Save As onto an existing file.
    if (!need(1)) return true;
    if (ws.overwriteAsked().empty()) fail(step, "no file is waiting to be replaced");
    else if (w[0] == "replace") check(ws.answerOverwrite(true));
    else if (w[0] == "cancel") check(ws.answerOverwrite(false));
    else fail(step, "overwrite replace or cancel");
    waitFrames_ = 2;
  } else if (v == "save-as") {
    if (need(1)) check(ws.saveAs(step.rest));
  } else if (v == "browse") {
    // The File menu's Open... / Save As... dialog with its file browser.
    if (!need(1)) return true;
    if (w[0] == "open") ws.showOpenDialog();
    else if (w[0] == "save-as") ws.showSaveAsDialog();
    else fail(step, "browse open or save-as");
    waitFrames_ = 2;
  } else if (v.rfind("browse-", 0) == 0) {
    FileBrowser& browser = ws.fileBrowser();
    if (!ws.openDialogShown() && !ws.saveAsAsked()) fail(step, "no Open or Save As dialog (browse open|save-as)");
    else if (v == "browse-folder") {
      // A path that is not a folder shows its error in the browser (expect-browser-error), as typing it does.
      if (need(1)) browser.setFolder(step.rest);
    } else if (v == "browse-type") {
      // Types into the path box and presses Enter: a folder is entered, a file opened or saved.
      if (need(1)) check(ws.dialogAct(step.rest));
    } else if (v == "browse-up") {
      browser.up();
    } else if (v == "browse-click") {
      if (need(1)) check(ws.browserClick(step.rest));
    } else if (v == "browse-activate") {
      if (need(1)) check(ws.browserActivate(step.rest));
    } else if (v == "browse-filter") {
      if (!need(1)) return true;
      if (w[0] == "all") browser.setFilter(FileBrowser::Filter::All);
      else if (w[0] == "shaders") browser.setFilter(FileBrowser::Filter::Shaders);
      else fail(step, "browse-filter all or shaders");
    } else if (v == "browse-hidden") {
      if (need(1)) browser.setShowHidden(w[0] == "yes" || w[0] == "on" || w[0] == "true");
    }
    waitFrames_ = 1;
  } else if (v == "save-bundle") {
    if (need(1)) check(ws.runPanel().save(step.rest, ws.editor().text));
  } else if (v == "run-new") {
    // run-new, or run-new fails TEXT: New from shader must refuse, its message containing TEXT
    // (shown in the Run tab).
    const std::string error = ws.newBundleFromShader();
    if (w.empty() || w[0] != "fails") check(error);
    else if (error.empty()) fail(step, "New from shader made a bundle");
    else if (!contains(ws.runPanel().message(), step.restAfter(1))) fail(step, "the Run tab says '" + ws.runPanel().message() + "'");
  } else if (v == "run-start") {
    // Starts a run without waiting for it (what clicking Run does).
    if (!ws.runPanel().startRun(ws.document().fileName, ws.editor().text))
      fail(step, ws.runPanel().hasDocument() ? "a run is already going" : "no bundle (open a .test or run-new)");
  } else if (v == "wait-run") {
    if (!ws.runPanel().worker().waitUntilIdle(kRunWait)) fail(step, "the run did not finish in 120 s");
    ws.runPanel().refresh();
  } else if (v == "run-undo" || v == "run-redo") {
    if (!(v == "run-undo" ? ws.runPanel().undo() : ws.runPanel().redo()))
      fail(step, std::string("nothing to ") + (v == "run-undo" ? "undo" : "redo") + " in the Run tab");
  } else if (v == "add-buffer") {
    // add-buffer NAME KIND FORMAT COUNT [BINDING] (the Run tab's "Add buffer" row, then the
    // Vulkan binding column).
    uint32_t count = 0;
    if (!need(4)) return true;
    int kind = -1, format = -1;
    for (int k = 0; k < offload::kResourceKindCount; ++k)
      if (w[1] == offload::resourceKindName(offload::ResourceKind(k))) kind = k;
    for (int f = 0; f < offload::kDataFormatCount; ++f)
      if (w[2] == offload::dataFormatName(offload::DataFormat(f))) format = f;
    if (kind < 0) fail(step, "unknown resource kind '" + w[1] + "'");
    else if (format < 0) fail(step, "unknown format '" + w[2] + "'");
    else if (!toUnsigned(w[3], count)) fail(step, "bad count '" + w[3] + "'");
    else if (uint32_t binding = 0; w.size() > 4 && !toUnsigned(w[4], binding)) fail(step, "bad binding '" + w[4] + "'");
    else
      check(ws.runPanel().addBuffer(w[0], offload::ResourceKind(kind), offload::DataFormat(format), count,
                                    w.size() > 4 ? std::optional<uint32_t>(binding) : std::nullopt));
  } else if (v == "add-texture") {
    // add-texture NAME KIND FORMAT CHANNELS WxH [BINDING] (the "Add buffer" row with a texture kind).
    if (!need(5)) return true;
    int kind = -1, format = -1;
    for (int k = 0; k < offload::kResourceKindCount; ++k)
      if (w[1] == offload::resourceKindName(offload::ResourceKind(k))) kind = k;
    for (int f = 0; f < offload::kDataFormatCount; ++f)
      if (w[2] == offload::dataFormatName(offload::DataFormat(f))) format = f;
    uint32_t channels = 0, width = 0, height = 0, binding = 0;
    const size_t by = w[4].find('x');
    if (kind < 0) fail(step, "unknown resource kind '" + w[1] + "'");
    else if (format < 0) fail(step, "unknown format '" + w[2] + "'");
    else if (!toUnsigned(w[3], channels) || channels > 16) fail(step, "bad channel count '" + w[3] + "'");
    else if (by == std::string::npos || !toUnsigned(w[4].substr(0, by), width) || !toUnsigned(w[4].substr(by + 1), height))
      fail(step, "the size is WIDTHxHEIGHT, not '" + w[4] + "'");
    else if (w.size() > 5 && !toUnsigned(w[5], binding)) fail(step, "bad binding '" + w[5] + "'");
    else
      check(ws.runPanel().addTexture(w[0], offload::ResourceKind(kind), offload::DataFormat(format), int(channels), width, height,
                                     w.size() > 5 ? std::optional<uint32_t>(binding) : std::nullopt));
  } else if (v == "remove-buffer" || v == "remove-texture") {
    if (need(1)) check(ws.runPanel().removeBuffer(w[0]));
  } else if (v == "add-sampler") {
    // add-sampler NAME [BINDING]
    uint32_t binding = 0;
    if (!need(1)) return true;
    if (w.size() > 1 && !toUnsigned(w[1], binding)) fail(step, "bad binding '" + w[1] + "'");
    else check(ws.runPanel().addSampler(w[0], w.size() > 1 ? std::optional<uint32_t>(binding) : std::nullopt));
  } else if (v == "remove-sampler") {
    if (need(1)) check(ws.runPanel().removeSampler(w[0]));
  } else if (v == "run" || v == "compare") {
    if (!ws.runPanel().startRun(ws.document().fileName, ws.editor().text, v == "compare")) {
      fail(step, ws.runPanel().hasDocument() ? "a run is already going" : "no bundle (open a .test or run-new)");
    } else if (!ws.runPanel().worker().waitUntilIdle(kRunWait)) {
      fail(step, "the run did not finish in 120 s");
    }
    ws.runPanel().refresh();
    ws.selectRightTab(RightTab::Run);
  } else if (v == "set-buffer") {
    if (need(2)) check(ws.runPanel().setBufferText(w[0], step.restAfter(1)));
  } else if (v == "fill") {
    uint32_t count = 0;
    if (need(3) && toUnsigned(w[1], count)) check(ws.runPanel().fill(w[0], count, w[2]));
    else if (w.size() >= 3) fail(step, "bad count '" + w[1] + "'");
  } else if (v == "heap-index") {
    uint32_t index = 0;
    if (!need(2)) return true;
    if (w[1] == "none") check(ws.runPanel().setHeapIndex(w[0], std::nullopt));
    else if (toUnsigned(w[1], index)) check(ws.runPanel().setHeapIndex(w[0], index));
    else fail(step, "bad heap index '" + w[1] + "'");
  } else if (v == "dispatch") {
    uint32_t x = 0, y = 0, z = 0;
    if (need(3) && toUnsigned(w[0], x) && toUnsigned(w[1], y) && toUnsigned(w[2], z) && x && y && z) ws.runPanel().setDispatch(x, y, z);
    else fail(step, "dispatch needs three positive group counts");
  } else if (v == "type") {
    // Focus the editor first (one frame), then type.
    ws.editorState().widget->focus();
    waitFrames_ = 1;
    // "..." keeps blanks at either end (the rest of a line is trimmed).
    std::string text = step.rest;
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"') text = text.substr(1, text.size() - 2);
    queueText(unescape(text), *io_);
  } else if (v == "key") {
    std::string error;
    if (need(1) && !queueKey(w[0], *io_, error)) fail(step, error);
  } else if (v == "caret") {
    uint32_t line = 0, column = 0;
    if (need(1) && toUnsigned(w[0], line)) {
      if (w.size() > 1) toUnsigned(w[1], column);
      ws.jumpTo(line, column);
      waitFrames_ = 2;
    } else {
      fail(step, "bad line");
    }
  } else if (v == "select-line") {
    uint32_t line = 0;
    if (need(1) && toUnsigned(w[0], line)) ws.selectSourceLine(line);
  } else if (v == "click-stage-line") {
    uint32_t line = 0;
    if (need(2) && toUnsigned(w[1], line)) {
      ws.fillStageText();
      ws.stagePanel().selectStage(w[0]);
      ws.clickStageLine(w[0], line);
      if (!ws.snapshot() || !ws.snapshot()->stage(w[0])) fail(step, "no stage '" + w[0] + "' in this compile");
      waitFrames_ = 2;
    }
  } else if (v == "stage") {
    if (need(1)) {
      ws.selectRightTab(RightTab::Stages);
      ws.stagePanel().selectStage(w[0]);
      waitFrames_ = 2;
    }
  } else if (v == "tab") {
    if (!need(1)) return true;
    if (w[0] == "stages") ws.selectRightTab(RightTab::Stages);
    else if (w[0] == "bindings") ws.selectRightTab(RightTab::Bindings);
    else if (w[0] == "signatures") ws.selectRightTab(RightTab::Signatures);
    else if (w[0] == "run") ws.selectRightTab(RightTab::Run);
    else if (w[0] == "debug") ws.selectRightTab(RightTab::Debug);
    else fail(step, "tabs: stages, bindings, signatures, run, debug");
    waitFrames_ = 2;
  } else if (v == "diff") {
    // diff on|off [previous-stage|previous-compile|STAGE]: the Stages tab's Diff checkbox and
    // its base.
    if (need(1)) ws.stagePanel().setDiffMode(w[0] == "on");
    if (w.size() > 1) {
      if (w[1] == "previous-stage") ws.stagePanel().setDiffBase(DiffBase::PreviousStage);
      else if (w[1] == "previous-compile") ws.stagePanel().setDiffBase(DiffBase::PreviousCompile);
      else ws.stagePanel().setDiffBase(DiffBase::OtherStage, w[1]);
    }
  } else if (v == "entry") {
    if (need(1)) ws.setEntryPoint(w[0]);
  } else if (v == "profile") {
    if (need(1)) ws.setProfile(w[0]);
  } else if (v == "target") {
    if (need(1)) ws.setSpirv(w[0] == "spirv");
  } else if (v == "flags") {
    check(ws.setOptionsLine(step.rest));
  } else if (v == "wait-compile") {
    if (!ws.worker().waitUntilIdle(kCompileWait)) fail(step, "the compile did not finish in 60 s");
    if (ws.comparePane().open() && !ws.comparePane().waitUntilIdle(kCompileWait))
      fail(step, "the second pane's compile did not finish in 60 s");
    ws.refreshSnapshot();
  } else if (v == "frames") {
    uint32_t n = 0;
    if (need(1) && toUnsigned(w[0], n)) waitFrames_ = int(n);
  } else if (v == "screenshot") {
    if (need(1)) {
      screenshot_ = step.rest;
      screenshotLine_ = step.line;
    }
    return false;
  } else if (v == "quit") {
    ws.requestQuit();
  } else if (v == "new") {
    ws.newDocument();  // File > New
    waitFrames_ = 1;
  } else if (v == "zoom") {
    // zoom in|out|reset|N%: the View menu's items (N%: any level within the bounds). A frame
    // passes so the app rebuilds its fonts before the next step.
    if (!need(1)) return true;
    int percent = 0;
    std::string error;
    if (w[0] == "in") ws.zoom().zoomIn();
    else if (w[0] == "out") ws.zoom().zoomOut();
    else if (w[0] == "reset") ws.zoom().reset();
    else if (parseZoomPercent(w[0], percent, error)) ws.zoom().set(percent);
    else fail(step, "zoom in, out, reset or N%: " + error);
    waitFrames_ = 1;
  }
  return true;
}

bool GuiScript::expect(const ScriptStep& step, Workspace& ws) {
  const std::string& v = step.verb;
  const auto& w = step.words;
  // Expectations read any stage, shown or not: every stage's text is made first.
  ws.fillStageText();
  const CompileResult* snapshot = ws.snapshot().get();
  auto need = [&](size_t n) {
    if (w.size() >= n) return true;
    fail(step, "needs " + std::to_string(n) + " argument(s)");
    return false;
  };
  auto truth = [&](const std::string& word) { return word == "yes" || word == "on" || word == "true"; };
  if (v == "expect-stage" || v == "expect-stage-ok" || v == "expect-stage-failed" || v == "expect-diff") {
    if (!need(1)) return false;
    const StageArtifact* artifact = snapshot ? snapshot->stage(w[0]) : nullptr;
    if (!artifact) {
      fail(step, "stage '" + w[0] + "' did not run");
      return false;
    }
    if (v == "expect-stage-ok" && !artifact->ok) fail(step, "stage '" + w[0] + "' failed");
    if (v == "expect-stage-failed" && artifact->ok) fail(step, "stage '" + w[0] + "' succeeded");
    if (v == "expect-stage" && need(3)) {
      const std::string text = step.restAfter(2);
      const bool has = contains(artifact->text, text);
      if (w[1] == "contains" && !has) fail(step, "'" + w[0] + "' does not contain '" + text + "'");
      if (w[1] == "lacks" && has) fail(step, "'" + w[0] + "' contains '" + text + "'");
    }
    if (v == "expect-diff" && need(2)) {
      // expect-diff STAGE changed|same|unavailable TEXT... | added TEXT | removed TEXT: against
      // the base the Stages tab's diff has (unavailable: the reason it has none contains TEXT).
      const StageDiff* diff = ws.stagePanel().diffFor(w[0]);
      const size_t changed = diff ? diff->added + diff->removed : 0;
      const std::string problem = ws.stagePanel().diffBaseProblem(w[0]);
      if (w[1] == "unavailable") {
        if (diff) fail(step, "'" + w[0] + "' has a diff (" + std::to_string(changed) + " line(s) differ)");
        else if (!contains(problem, step.restAfter(2))) fail(step, "no diff, but because: " + problem);
      } else if (!diff) {
        fail(step, "no diff for '" + w[0] + "': " + problem);
      } else if (w[1] == "changed" && changed == 0) {
        fail(step, "no line of '" + w[0] + "' differs from its base");
      } else if (w[1] == "same" && changed != 0) {
        fail(step, std::to_string(changed) + " line(s) differ");
      } else if ((w[1] == "added" || w[1] == "removed") && need(3)) {
        const DiffKind kind = w[1] == "added" ? DiffKind::Added : DiffKind::Removed;
        const std::string text = step.restAfter(2);
        bool found = false;
        for (const DiffLine& line : diff->lines) found |= line.kind == kind && contains(std::string(line.text), text);
        if (!found) fail(step, "no " + w[1] + " line of '" + w[0] + "' contains '" + text + "'");
      }
    }
  } else if (v == "expect-diagnostic") {
    bool found = false;
    for (const Diagnostic& d : snapshot ? snapshot->diagnostics : std::vector<Diagnostic>{}) found |= contains(d.message, step.rest);
    if (!found) fail(step, "no diagnostic contains '" + step.rest + "'");
  } else if (v == "expect-no-errors") {
    if (!snapshot) fail(step, "no compile yet");
    else
      for (const Diagnostic& d : snapshot->diagnostics)
        if (d.severity == Severity::Error) {
          fail(step, "error: " + d.message);
          break;
        }
  } else if (v == "expect-linked") {
    uint32_t min = 1;
    if (!need(1)) return false;
    if (w.size() > 1) toUnsigned(w[1], min);
    const StageArtifact* artifact = snapshot ? snapshot->stage(w[0]) : nullptr;
    const size_t n = artifact ? stageLinesForSource(*artifact, snapshot->fileName, ws.linkedSourceLine()).size() : 0;
    if (n < min)
      fail(step, std::to_string(n) + " line(s) of '" + w[0] + "' linked to HLSL line " + std::to_string(ws.linkedSourceLine()) +
                     ", expected at least " + std::to_string(min));
  } else if (v == "expect-linked-visible") {
    // expect-linked-visible STAGE: STAGE is the tab shown and its first line linked to the
    // selected HLSL line is in view (the view scrolls there when the link changes).
    if (!need(1)) return false;
    const std::set<uint32_t> linked = ws.stagePanel().linkedLines(w[0]);
    const auto [first, last] = ws.stagePanel().visibleLines();
    if (ws.stagePanel().selectedStage() != w[0]) fail(step, "the stage shown is '" + ws.stagePanel().selectedStage() + "'");
    else if (linked.empty()) fail(step, "no line of '" + w[0] + "' is linked to HLSL line " + std::to_string(ws.linkedSourceLine()));
    else if (*linked.begin() < first || *linked.begin() > last)
      fail(step, "'" + w[0] + "' line " + std::to_string(*linked.begin()) + " (the first linked) is not in view: lines " +
                     std::to_string(first) + "-" + std::to_string(last) + " are");
  } else if (v == "expect-linked-source") {
    uint32_t line = 0;
    if (need(1) && toUnsigned(w[0], line) && ws.linkedSourceLine() != line)
      fail(step, "the linked HLSL line is " + std::to_string(ws.linkedSourceLine()));
  } else if (v == "expect-binding") {
    if (!need(1)) return false;
    const Reflection* r = ws.bindingsPanel().reflection(ws.snapshot());
    const BindingRow* row = nullptr;
    if (r)
      for (const BindingRow& b : r->bindings)
        if (b.name == w[0]) row = &b;
    if (!row) {
      fail(step, "no binding named '" + w[0] + "'");
      return false;
    }
    for (size_t i = 1; i < w.size(); ++i) {
      size_t eq = w[i].find('=');
      std::string key = w[i].substr(0, eq), want = eq == std::string::npos ? "" : w[i].substr(eq + 1), got;
      if (key == "set") got = std::to_string(row->set);
      else if (key == "binding") got = std::to_string(row->binding);
      else if (key == "register") got = row->hlslRegister;
      else if (key == "space") got = row->space.empty() ? "0" : row->space;
      else if (key == "type") got = row->hlslType;
      else if (key == "descriptor") got = row->descriptorType;
      else {
        fail(step, "unknown field '" + key + "'");
        continue;
      }
      if (got != want) fail(step, w[0] + " " + key + " is '" + got + "', expected '" + want + "'");
    }
  } else if (v == "expect-heap-sites" || v == "expect-push-constant") {
    const Reflection* r = ws.bindingsPanel().reflection(ws.snapshot());
    if (!r) {
      fail(step, "no reflection stage");
      return false;
    }
    if (v == "expect-heap-sites") {
      uint32_t min = 0;
      if (need(1) && toUnsigned(w[0], min) && r->heapSites.size() < min)
        fail(step, std::to_string(r->heapSites.size()) + " heap access site(s)");
    } else if (need(1)) {
      bool found = false;
      for (const PushConstantRow& pc : r->pushConstants) found |= pc.name == w[0];
      if (!found) fail(step, "no push constant block '" + w[0] + "'");
    }
  } else if (v == "expect-shared-slot") {
    // expect-shared-slot yes [TEXT] | no: the Bindings tab flags a set/binding used twice.
    const Reflection* r = ws.bindingsPanel().reflection(ws.snapshot());
    if (!r) {
      fail(step, "no reflection stage");
      return false;
    }
    const std::vector<SharedSlot> shared = sharedSlots(r->bindings);
    if (!need(1)) return false;
    if (truth(w[0]) != !shared.empty()) fail(step, shared.empty() ? "no set/binding is shared" : shared.front().message);
    else if (!shared.empty() && w.size() > 1 && !contains(shared.front().message, step.restAfter(1)))
      fail(step, "the flag says '" + shared.front().message + "'");
  } else if (v == "expect-compare") {
    // expect-compare agree|differ [TEXT]: the last "Compare with CPU" outcome, its report containing TEXT.
    ws.runPanel().refresh();
    const std::shared_ptr<const RunOutcome>& o = ws.runPanel().outcome();
    if (!o || !o->compared) {
      fail(step, "nothing was compared");
      return false;
    }
    if (need(1)) {
      const std::string state = o->devicesAgree ? "agree" : "differ";
      if (state != w[0]) fail(step, "the devices " + state + ": " + o->error + o->compareReport);
      const std::string text = step.restAfter(1);
      if (!text.empty() && o->compareReport.find(text) == std::string::npos) fail(step, "the report lacks '" + text + "':\n" + o->compareReport);
    }
  } else if (v == "expect-run-stale" && need(1)) {
    // expect-run-stale yes|no: the Run tab marks its outputs as of an earlier shader or pipeline.
    ws.runPanel().refresh();
    const bool stale = ws.runPanel().outcomeStale(ws.editor().text);
    if (stale != (w[0] == "yes")) fail(step, stale ? "the Run tab's outputs are marked stale" : "the Run tab's outputs are not marked stale");
  } else if (v == "expect-run" || v == "expect-output" || v == "expect-mismatch") {
    ws.runPanel().refresh();
    const std::shared_ptr<const RunOutcome>& o = ws.runPanel().outcome();
    if (v == "expect-run" && !w.empty() && w[0] == "none") {
      // expect-run none: the Run tab shows no outcome.
      if (o) fail(step, std::string("the Run tab shows a run that ") + runVerdictName(runVerdict(*o)));
      return true;
    }
    if (!o) {
      fail(step, "nothing was run");
      return false;
    }
    if (v == "expect-run" && need(1)) {
      // expect-run passed|failed|unchecked|wrote-nothing|error [TEXT]: TEXT in the run's error.
      const std::string state = runVerdictName(runVerdict(*o));
      if (state != w[0]) fail(step, "the run " + state + (o->error.empty() ? "" : ": " + o->error) + o->diagnostics);
      else if (w.size() > 1 && !contains(o->error, step.restAfter(1))) fail(step, "the run's error is '" + o->error + "'");
    } else if (need(3)) {
      const offload::Buffer* buffer = o->pipeline.findBuffer(w[0]);
      uint32_t index = 0;
      if (!buffer || !toUnsigned(w[1], index)) {
        fail(step, "no buffer '" + w[0] + "' or bad index");
        return false;
      }
      std::vector<std::string> values = bufferValues(*buffer);
      if (v == "expect-output") {
        if (index >= values.size()) fail(step, w[0] + " has " + std::to_string(values.size()) + " values");
        else if (values[index] != w[2]) fail(step, w[0] + "[" + w[1] + "] is " + values[index] + ", expected " + w[2]);
      } else {
        bool mismatch = false;
        for (const RuleComparison& c : o->rules)
          if (c.actualIndex == o->pipeline.bufferIndex(w[0]) && index < c.mismatch.size()) mismatch |= c.mismatch[index];
        if (mismatch != truth(w[2])) fail(step, w[0] + "[" + w[1] + "] " + (mismatch ? "is" : "is not") + " marked as a mismatch");
      }
    }
  } else if (v == "expect-image") {
    // expect-image BUFFER WxH [X Y RRGGBB]: the Run tab drew BUFFER as an image of that size
    // (uploaded to the renderer), optionally with texel (X, Y) of that colour.
    if (!need(2)) return false;
    const RunPanel::ImageViewState* view = ws.runPanel().imageView(w[0]);
    if (!view) {
      fail(step, "no image view for '" + w[0] + "' (not a texture output, or the Run tab was not drawn)");
      return false;
    }
    const std::string size = std::to_string(view->image.width) + "x" + std::to_string(view->image.height);
    if (!view->error.empty()) fail(step, view->error);
    else if (!view->drawn || !view->texture) fail(step, "'" + w[0] + "' was not drawn as an image");
    else if (size != w[1]) fail(step, "the image is " + size);
    else if (w.size() >= 5) {
      uint32_t x = 0, y = 0;
      if (!toUnsigned(w[2], x) || !toUnsigned(w[3], y) || x >= view->image.width || y >= view->image.height) {
        fail(step, "bad texel " + w[2] + " " + w[3]);
        return false;
      }
      const uint8_t* texel = &view->image.rgba[(size_t(y) * view->image.width + x) * 4];
      char hex[8];
      std::snprintf(hex, sizeof hex, "%02x%02x%02x", texel[0], texel[1], texel[2]);
      if (w[4] != hex) fail(step, "texel (" + w[2] + ", " + w[3] + ") is " + hex + ", expected " + w[4]);
    }
  } else if (v == "expect-buffer") {
    // expect-buffer NAME INDEX VALUE: value INDEX of the Run tab's buffer NAME (the forms' data).
    if (!need(3)) return false;
    const RunDocument* run = ws.runPanel().documentIfAny();
    const offload::Buffer* buffer = run ? run->pipeline.findBuffer(w[0]) : nullptr;
    uint32_t index = 0;
    if (!buffer || !toUnsigned(w[1], index)) {
      fail(step, "the Run tab has no buffer '" + w[0] + "' (or a bad index)");
      return false;
    }
    const std::vector<std::string> values = bufferValues(*buffer);
    if (index >= values.size()) fail(step, w[0] + " has " + std::to_string(values.size()) + " values");
    else if (values[index] != w[2]) fail(step, w[0] + "[" + w[1] + "] is " + values[index] + ", expected " + w[2]);
  } else if (v == "expect-nonzero") {
    // expect-nonzero BUFFER MIN: the last run's BUFFER holds at least MIN values that are not 0.
    ws.runPanel().refresh();
    const std::shared_ptr<const RunOutcome>& o = ws.runPanel().outcome();
    const offload::Buffer* buffer = o ? o->pipeline.findBuffer(w.empty() ? "" : w[0]) : nullptr;
    uint32_t min = 0;
    if (!need(2) || !toUnsigned(w[1], min)) return false;
    if (!buffer) {
      fail(step, o ? "the run has no buffer '" + w[0] + "'" : "nothing was run");
      return false;
    }
    size_t nonZero = 0;
    for (const std::string& value : bufferValues(*buffer)) nonZero += value != "0" && value != "-0";
    if (nonZero < min) fail(step, w[0] + " has " + std::to_string(nonZero) + " non-zero value(s)");
  } else if (v == "expect-status") {
    if (!contains(ws.statusMessage(), step.rest)) fail(step, "the status is '" + ws.statusMessage() + "'");
  } else if (v == "expect-run-bundle") {
    // expect-run-bundle none | TEXT: the Run tab has no bundle, or one whose path contains TEXT
    // ("(new)" for one not saved yet).
    if (!need(1)) return false;
    const RunDocument* run = ws.runPanel().documentIfAny();
    const std::string path = !run ? "none" : run->path.empty() ? "(new)" : run->path;
    if (w[0] == "none" ? run != nullptr : !contains(path, step.rest)) fail(step, "the Run tab's bundle is " + path);
  } else if (v == "expect-resource") {
    // expect-resource NAME [kind=K] [set=S] [binding=B] [register=R] [space=P] [heap=N|none]
    // [buffer=NAME]: a resource of the Run tab's pipeline.
    if (!need(1)) return false;
    const RunDocument* run = ws.runPanel().documentIfAny();
    const offload::Resource* found = nullptr;
    size_t setIndex = 0;
    for (size_t si = 0; run && si < run->pipeline.sets.size(); ++si)
      for (const offload::Resource& r : run->pipeline.sets[si].resources)
        if (!found && r.name == w[0]) found = &r, setIndex = si;
    if (!found) {
      fail(step, "the Run tab has no resource '" + w[0] + "'");
      return false;
    }
    for (size_t i = 1; i < w.size(); ++i) {
      const size_t eq = w[i].find('=');
      const std::string key = w[i].substr(0, eq), want = eq == std::string::npos ? "" : w[i].substr(eq + 1);
      std::string got;
      if (key == "kind") got = offload::resourceKindName(found->kind);
      else if (key == "set") got = std::to_string(setIndex);
      else if (key == "binding") got = found->vkBinding ? std::to_string(found->vkBinding->binding) : "none";
      else if (key == "register") got = found->dxBinding ? std::to_string(found->dxBinding->registerIndex) : "none";
      else if (key == "space") got = found->dxBinding ? std::to_string(found->dxBinding->space) : "none";
      else if (key == "heap") got = found->heapIndex ? std::to_string(*found->heapIndex) : "none";
      else if (key == "sampler")
        got = found->samplerIndex >= 0 && size_t(found->samplerIndex) < run->pipeline.samplers.size()
                  ? run->pipeline.samplers[size_t(found->samplerIndex)].name : "none";
      else if (key == "buffer")
        got = found->bufferIndex >= 0 && size_t(found->bufferIndex) < run->pipeline.buffers.size()
                  ? run->pipeline.buffers[size_t(found->bufferIndex)].name : "none";
      else {
        fail(step, "unknown field '" + key + "'");
        continue;
      }
      if (got != want) fail(step, w[0] + " " + key + " is '" + got + "', expected '" + want + "'");
    }
  } else if (v == "expect-cmdline") {
    const std::string line = equivalentCommandLine(ws.document().options, ws.document().fileName);
    if (!contains(line, step.rest)) fail(step, "the command line is '" + line + "'");
  } else if (v == "expect-zoom") {
    // expect-zoom N% [font=PX]: the zoom, and the UI font the app built for it (PX pixels tall).
    int percent = 0;
    std::string error;
    if (!need(1)) return false;
    if (!parseZoomPercent(w[0], percent, error)) fail(step, error);
    else if (ws.zoom().percent() != percent) fail(step, "the zoom is " + std::to_string(ws.zoom().percent()) + "%");
    if (w.size() >= 2 && w[1].rfind("font=", 0) == 0) {
      const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
      const float size = atlas->Fonts.empty() ? 0.0f : atlas->Fonts[0]->FontSize;
      if (std::to_string(int(size)) != w[1].substr(5)) fail(step, "the UI font is " + std::to_string(int(size)) + " px");
    }
  } else if (v == "expect-display") {
    // expect-display WxH: the window's (or headless image's) size in ImGui's coordinates.
    const ImVec2 size = ImGui::GetIO().DisplaySize;
    const std::string shown = std::to_string(int(size.x)) + "x" + std::to_string(int(size.y));
    if (!need(1) || shown != w[0]) fail(step, "the display is " + shown);
  } else if (v == "expect-browser-folder") {
    if (need(1) && !contains(ws.fileBrowser().folder(), step.rest))
      fail(step, "the browser is in '" + ws.fileBrowser().folder() + "'");
  } else if (v == "expect-browser-entry") {
    // expect-browser-entry NAME yes|no: whether the browser lists NAME (".." for the parent).
    if (need(2)) {
      const std::string name = step.rest.substr(0, step.rest.find_last_of(" \t"));
      const bool listed = ws.fileBrowser().find(std::string(trim(name))) != nullptr;
      if (listed != truth(w.back()))
        fail(step, "'" + name + "' is " + (listed ? "" : "not ") + "listed in " + ws.fileBrowser().folder());
    }
  } else if (v == "expect-browser-error") {
    // expect-browser-error TEXT, or expect-browser-error none.
    const std::string& error = ws.fileBrowser().error();
    if (step.rest == "none" ? !error.empty() : !contains(error, step.rest))
      fail(step, error.empty() ? "the browser shows no error" : "the browser says '" + error + "'");
  } else if (v == "expect-dialog-path") {
    if (!contains(ws.dialogPath(), step.rest)) fail(step, "the path box holds '" + ws.dialogPath() + "'");
  } else if (v == "expect-overwrite") {
    const std::string& asked = ws.overwriteAsked();
    if (step.rest == "none" ? !asked.empty() : (asked.empty() || !contains(asked, step.rest)))
      fail(step, asked.empty() ? "no file is waiting to be replaced" : "Replace asks about '" + asked + "'");
  } else if (v == "expect-save-as") {
    if (need(1) && truth(w[0]) != ws.saveAsAsked()) fail(step, ws.saveAsAsked() ? "Save As asks for a path" : "no Save As dialog");
  } else if (v == "expect-title") {
    if (!contains(ws.document().displayName(), step.rest)) fail(step, "the title is '" + ws.document().displayName() + "'");
  } else if (v == "expect-modified") {
    if (need(1) && truth(w[0]) != ws.modified()) fail(step, ws.modified() ? "the document is modified" : "the document is not modified");
  } else if (v == "expect-prompt") {
    if (need(1) && truth(w[0]) != ws.promptOpen()) fail(step, ws.promptOpen() ? "a prompt is open" : "no prompt is open");
  } else if (v == "expect-recovery") {
    // expect-recovery yes [TEXT]: a recovery file is offered (its path contains TEXT); or no.
    if (!need(1)) return false;
    const bool offered = ws.recoveryOfferOpen();
    if (truth(w[0]) != offered)
      fail(step, offered ? "a recovery file is offered: " + ws.recoveryOffer().current().path : "no recovery file is offered");
    else if (offered && w.size() > 1 && !contains(ws.recoveryOffer().current().path, step.restAfter(1)))
      fail(step, "the offered file is " + ws.recoveryOffer().current().path);
  } else if (v == "expect-file") {
    if (!need(3)) return false;
    std::string text, error;
    if (!readWholeFile(w[0], text, error)) fail(step, error);
    else if (w[1] == "contains" && !contains(text, step.restAfter(2))) fail(step, w[0] + " does not contain '" + step.restAfter(2) + "'");
  } else if (v == "expect-text") {
    if (need(2) && w[0] == "contains" && !contains(ws.editor().text, step.restAfter(1)))
      fail(step, "the editor text does not contain '" + step.restAfter(1) + "'");
  } else if (v == "expect-banner") {
    if (!contains(ws.banner(), step.rest)) fail(step, "the banner is '" + ws.banner() + "'");
  } else if (v == "expect-examples") {
    uint32_t min = 0;
    if (need(1) && toUnsigned(w[0], min) && ws.examples().size() < min)
      fail(step, std::to_string(ws.examples().size()) + " example(s)");
  } else if (v == "expect-tab") {
    static const char* names[] = {"stages", "bindings", "signatures", "run", "debug"};
    if (need(1) && w[0] != names[int(ws.rightTab())]) fail(step, std::string("the tab is ") + names[int(ws.rightTab())]);
  }
  return true;
}

}  // namespace sl::views
