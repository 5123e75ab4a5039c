// The debug view's state for the open document, without ImGui: the invocation to record, the
// document's breakpoints (1-based editor lines, following edits), the watches, the recording
// (DebugWorker) and the session over it, and what the panel shows at the current stop, computed
// once per stop (StopView). Motions over the recorded trace are cheap and run on the UI thread;
// recording runs on the worker. An edit of the text makes the session stale: it keeps showing
// the old stop until it is restarted, which records the new text.
#pragma once

#include "views/WatchedJob.h"
#include "views/debug/BreakWhereJob.h"
#include "views/debug/DebugWorker.h"
#include "views/debug/ElementWriterJob.h"
#include "views/debug/FirstDifferenceJob.h"
#include "views/debug/ValueText.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace sl::views {

enum class DebugMotion { Continue, Over, Into, Out, Back, ReverseContinue, Restart, StepInstruction, BackInstruction };
const char* debugMotionName(DebugMotion motion);

struct DocumentBreakpoint {
  uint32_t line = 0;      // 1-based line of the document (where it stops, once a session placed it)
  std::string condition;  // an HLSL expression; "" unconditional
  uint32_t sessionId = 0; // its id in the current session (0: not placed there)
  uint32_t hits = 0;      // in the current session
  std::string message;    // the session's note ("line 4 has no code: moved to line 6") or error
};

struct WatchRow {
  std::string expression;
  std::optional<interp::debug::Value> value;
  std::string error;  // "column 3: unknown name 'x'"
};

// What the panel shows at the current stop.
struct StopView {
  interp::debug::Stop stop;
  std::string headline;   // "breakpoint 1 at source.hlsl:9", "finished (the invocation returned after 98 steps)"
  uint32_t line = 0;      // the stop's line in the document (0: none, or in another file)
  interp::debug::Location location;
  std::string sourceLine;
  // A stop in another file than the document (an #included one): its lines around the stop,
  // (line number, text), for the panel to show in place of the editor.
  std::vector<std::pair<uint32_t, std::string>> excerpt;
  std::string instruction;  // the SPIR-V instruction about to run
  int instructionIndex = -1; // its entry in the recording's disassembly (-1: none, the end)
  std::vector<interp::debug::Variable> locals, globals;
  // The call-stack entry Locals shows (0: the innermost; a caller's: those in scope at its call).
  size_t frame = 0;
  std::vector<interp::debug::FrameInfo> frames;
  std::vector<interp::debug::LaneValue> wave;
  std::string waveError;
  interp::Mask liveLanes, activeLanes;
  uint32_t tracedLane = 0;
  std::vector<WatchRow> watches;
  size_t position = 0, steps = 0;
  // The motion that made this stop, with reading its views (locals, watches, wave), on the UI thread.
  double motionMilliseconds = 0;
  bool ended = false;  // finished, failed or the trace's end
  std::vector<std::string> notes;  // breakpoints never reached (at the end)
  // What every lane of the wave printed (HLSL printf) before this stop, oldest first.
  std::vector<interp::debug::DebugSession::PrintedLine> console;
  // What the traced invocation read and wrote (buffers, push constants, groupshared) in the
  // steps from accessesFrom to this stop: "In[2] = 3". Empty after moving back.
  std::vector<std::string> reads, writes;
  size_t moreReads = 0, moreWrites = 0;  // beyond the lines kept
  size_t accessesFrom = 0;
  bool accessesWindowed = false;  // a long run forward: only its last steps are listed
};

class DebugController {
 public:
  // ---- the invocation (the panel's fields) ----
  bool byThread = true;
  std::array<uint32_t, 3> thread{0, 0, 0}, group{0, 0, 0}, local{0, 0, 0};
  uint32_t subgroupSize = 0;  // 0: the CPU device's default
  uint64_t maxSteps = 0;      // the trace's budget; 0: the default (4M steps)
  NumberFormat format = NumberFormat::Natural;
  // The Console shows every lane's printf lines (the traced lane's plain, others dimmed), or
  // only the traced invocation's.
  bool consoleAllLanes = true;
  // The console lines shown at this stop (filtered by consoleAllLanes).
  std::vector<const interp::debug::DebugSession::PrintedLine*> consoleLines() const;

  // Starts recording the document (the panel fills in the document's part of the request);
  // once recorded, the session stops at the first breakpoint hit, or the entry when there is
  // none. False when a recording is going.
  bool start(DebugRequest request);
  // Installs a finished recording; true when something changed (the panel calls it every frame).
  bool poll();
  bool recording() const { return worker_.busy(); }
  DebugWorker& worker() { return worker_; }
  // Ends the session (Stop); the breakpoints and watches stay.
  void stop();
  // Forgets everything for another document (breakpoints, watches, the session).
  void reset();
  // What a document keeps of the debug view while another one is open: its breakpoints, watches,
  // wave expression and invocation (the Workspace gives them back when it is opened again).
  struct Kept {
    std::vector<std::pair<uint32_t, std::string>> breakpoints;  // (line, condition)
    std::vector<std::string> watches;
    std::string waveExpression;
    bool byThread = true;
    std::array<uint32_t, 3> thread{}, group{}, local{};
    std::string text;  // the document's text when it was left: breakpoints follow to the text reopened
  };
  Kept keep(const std::string& text) const;
  void restore(const Kept& kept, const std::string& text);

  bool active() const { return session_ != nullptr; }
  // The document's text changed since the session recorded it.
  bool stale() const { return stale_; }
  const DebugRecording* recordingShown() const { return recording_.get(); }
  interp::debug::DebugSession* session() { return session_.get(); }

  // The F5/F10/... motions; false with no session (the panel starts one for F5).
  bool move(DebugMotion motion);
  bool runToLine(uint32_t line);
  // Shows call-stack entry `index`'s locals (a click in the Call stack); false when there is
  // no such entry. Each stop shows the innermost again.
  bool selectFrame(size_t index);
  // Forward, instruction by instruction, to the next execution of the instruction at
  // `wordOffset` (the SPIR-V section's double-click); false, staying put, when it does not run
  // again.
  bool runToInstruction(uint32_t wordOffset);
  // The recorded module's instructions; null without a recording (or when it failed: error set).
  const interp::debug::Disassembly* disassembly() const { return recording_ ? recording_->disassembly.get() : nullptr; }
  // " = 3" for a result id the traced invocation has computed at this stop (the current frame),
  // "" otherwise; cached per stop.
  const std::string& idValueText(uint32_t id);
  // Each stop moves this (the Workspace scrolls the editor to the new stop once).
  uint64_t stopSerial() const { return stopSerial_; }
  const StopView& view() const { return view_; }

  // ---- breakpoints ----
  // Toggles the breakpoint on `line`: returns what happened ("breakpoint at line 9", "line 4 has
  // no code: moved to line 6", "removed the breakpoint at line 9").
  std::string toggleBreakpoint(uint32_t line);
  std::string setCondition(uint32_t line, const std::string& condition);
  bool removeBreakpoint(uint32_t line);
  void clearBreakpoints();
  const std::vector<DocumentBreakpoint>& breakpoints() const { return breakpoints_; }
  const DocumentBreakpoint* breakpointAt(uint32_t line) const;

  // The document's text changed from `before` to `after`: breakpoints follow the moved lines,
  // the session goes stale.
  void textChanged(const std::string& before, const std::string& after);

  // ---- watches and the wave ----
  void addWatch(const std::string& expression);
  bool removeWatch(const std::string& expression);
  const std::vector<std::string>& watches() const { return watches_; }
  // The expression the wave view shows per lane ("" = the last instruction's result).
  void setWaveExpression(const std::string& expression);
  const std::string& waveExpression() const { return waveExpression_; }

  // ---- the first difference (GPU vs CPU), views/debug/FirstDifferenceJob ----
  // Searches where the Vulkan device first disagrees with the CPU device for the session's
  // invocation and text, off the UI thread; false without a live (not stale) session, or while a
  // search (a cancelled one too) is still going.
  bool findFirstDifference();
  // A search was asked for and its result is not in yet.
  bool searchingDifference() const { return difference_.waiting(); }
  // The job is busy (a cancelled search stops after the GPU run it is waiting for).
  bool differenceBusy() const { return difference_.busy(); }
  void cancelFirstDifference();
  FirstDifferenceJob& differenceJob() { return difference_.job(); }
  // The last search's outcome (null before one, after Cancel, or for another recording).
  const FirstDifferenceOutcome* difference() const { return difference_.shown(); }
  // Moves the session to the differing instruction (the stop just before its execution the
  // search names: "next SPIR-V instruction" is it); false, with a message, when it is not found.
  bool goToDifference();
  // The line the Workspace selects in the editor once (the difference's), so the stages link
  // the differing instruction; 0 when there is none to select.
  uint32_t takeLineToSelect();

  // ---- break where (every invocation that reaches a line with a condition true) ----
  // Searches the whole dispatch off the UI thread for `request`'s text (the Workspace fills it
  // in, as for start()); false while a search is going.
  bool breakWhere(DebugRequest request, uint32_t line, const std::string& condition);
  bool searchingWhere() const { return where_.waiting(); }
  bool whereBusy() const { return where_.busy(); }
  void cancelBreakWhere();
  BreakWhereJob& whereJob() { return where_.job(); }
  // The last search's outcome (null before one and after Cancel).
  const BreakWhereOutcome* whereOutcome() const { return where_.shown(); }
  // Hit `index` of the last search becomes the invocation to debug: the next recording (the
  // Workspace starts it) stops at that arrival of the line. False when there is no such hit or
  // the text changed since the search.
  bool pickWhereHit(size_t index, const std::string& text);

  // ---- who wrote an output element (the Run tab's "Debug the invocation that wrote this") ----
  // Runs `request`'s document on the CPU device with writers recorded, off the UI thread; once
  // the writer is known it becomes the invocation to debug and takeWriterToRecord() says so.
  bool findWriter(DebugRequest request, const std::string& resource, uint64_t index);
  bool searchingWriter() const { return writer_.waiting(); }
  ElementWriterJob& writerJob() { return writer_.job(); }
  const ElementWriterOutcome* writerOutcome() const { return writer_.shown(); }
  // True once per found writer: the Workspace records it (it owns the document).
  bool takeWriterToRecord() { return std::exchange(writerToRecord_, false); }

  // The last thing worth telling (a moved breakpoint, a bad condition, "the session is stale").
  const std::string& message() const { return message_; }
  void setMessage(std::string message) { message_ = std::move(message); }

 private:
  void install(std::shared_ptr<DebugRecording> recording);
  void placeBreakpoint(DocumentBreakpoint& breakpoint);
  // Adds one (placed in the session when there is one); null when it landed on another's line.
  DocumentBreakpoint* addBreakpoint(uint32_t line, const std::string& condition);
  void refreshView(const interp::debug::Stop& stop);
  void refreshWatches();
  void refreshAccesses(size_t previousPosition);
  void refreshWave();
  void refreshHits();
  uint32_t documentLine(const interp::debug::Location& location) const;

  bool pollDifference();
  bool pollWhere();
  bool pollWriter();
  // After a recording is installed: stop at the picked break-where hit, if one is pending.
  bool stopAtPickedHit();

  DebugWorker worker_;
  uint64_t wantedGeneration_ = 0;  // the recording start() asked for
  std::optional<DebugRequest> recorded_;  // what the last recording was asked (the search's request)
  WatchedJob<FirstDifferenceJob, FirstDifferenceOutcome> difference_;
  uint32_t lineToSelect_ = 0;
  WatchedJob<BreakWhereJob, BreakWhereOutcome> where_;
  WatchedJob<ElementWriterJob, ElementWriterOutcome> writer_;
  bool writerToRecord_ = false;
  bool writerRecording_ = false;  // the next recording is the found writer's
  struct PickedHit {
    std::string hlsl;
    uint32_t line = 0;
    std::string condition;
    offload::BreakWhereHit hit;
  };
  std::optional<PickedHit> pickedHit_;
  std::shared_ptr<DebugRecording> recording_;
  std::shared_ptr<interp::debug::DebugSession> session_;
  std::string fileName_;  // the document's, as recorded
  bool stale_ = false;
  uint32_t entryBreakpointLine_ = 0;  // a breakpoint the entry stop hit (it counts once)
  std::vector<DocumentBreakpoint> breakpoints_;
  std::vector<std::string> watches_;
  std::string waveExpression_;
  StopView view_;
  uint64_t stopSerial_ = 0;
  std::string message_;
  std::unordered_map<uint32_t, std::string> idValues_;  // idValueText's cache
  uint64_t idValuesStop_ = 0;                          // the stopSerial it holds
  NumberFormat idValuesFormat_ = NumberFormat::Natural;
};

}  // namespace sl::views
