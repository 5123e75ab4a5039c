#include "views/debug/DebugController.h"

#include "views/debug/LineFollow.h"

#include <algorithm>
#include <chrono>

namespace sl::views {

using interp::debug::Stop;

const char* debugMotionName(DebugMotion motion) {
  switch (motion) {
    case DebugMotion::Continue: return "continue";
    case DebugMotion::Over: return "over";
    case DebugMotion::Into: return "into";
    case DebugMotion::Out: return "out";
    case DebugMotion::Back: return "back";
    case DebugMotion::ReverseContinue: return "reverse-continue";
    case DebugMotion::Restart: return "restart";
    case DebugMotion::StepInstruction: return "instruction";
    case DebugMotion::BackInstruction: return "back-instruction";
  }
  return "?";
}

namespace {

std::string baseName(const std::string& path) {
  const size_t slash = path.find_last_of("/\\");
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

bool DebugController::start(DebugRequest request) {
  request.choice = offload::InvocationChoice{};
  if (byThread) request.choice.thread = thread;
  else request.choice.group = group, request.choice.local = local;
  request.trace.subgroupSize = subgroupSize;
  request.trace.maxSteps = size_t(maxSteps);
  const std::string fileName = request.fileName;
  DebugRequest kept = request;
  if (!worker_.start(std::move(request))) return false;
  recorded_ = std::move(kept);
  fileName_ = fileName;
  wantedGeneration_ = worker_.lastStarted();
  message_ = "recording the invocation on the CPU device...";
  return true;
}

bool DebugController::findFirstDifference() {
  if (!recorded_ || !active() || stale_ || difference_.busy()) return false;
  if (!difference_.start(*recorded_)) return false;
  message_ = "searching for the first difference: the CPU device's trace against an instrumented run on the Vulkan device...";
  return true;
}

void DebugController::cancelFirstDifference() {
  if (!difference_.cancel()) return;  // what it finds is not shown
  message_ = "cancelled the first-difference search";
}

bool DebugController::goToDifference() {
  if (!difference() || !difference()->result.first || !active() || stale_) return false;
  const offload::ValueDifference& d = *difference()->result.first;
  // The session names the step about to run "OpIAdd %129": walk the instructions from the start
  // to the named execution of that result id (bounded: motions are cheap, a trace may be long).
  constexpr size_t kMostSteps = 1u << 22;
  const std::string id = " %" + std::to_string(d.resultId);
  uint32_t seen = 0;
  Stop stop = session_->start();
  for (size_t k = 0; k < kMostSteps; ++k) {
    const std::string next = session_->instruction();
    if (next.empty()) break;
    if (next.size() > id.size() && next.compare(next.size() - id.size(), id.size(), id) == 0 && seen++ == d.occurrence) {
      refreshView(stop);
      message_ = "at the first difference: " + d.instruction + " runs next";
      return true;
    }
    const size_t before = session_->position();
    stop = session_->stepInstruction();
    if (session_->position() == before) break;
  }
  refreshView(stop);
  message_ = "the session's trace does not reach execution " + std::to_string(d.occurrence + 1) + " of " + d.instruction;
  return false;
}

bool DebugController::breakWhere(DebugRequest request, uint32_t line, const std::string& condition) {
  if (where_.busy()) return false;
  request.trace.subgroupSize = subgroupSize;
  request.trace.maxSteps = size_t(maxSteps);
  BreakWhereRequest search;
  search.debug = std::move(request);
  search.line = line;
  search.condition = condition;
  if (!where_.start(std::move(search))) return false;
  message_ = "break where: recording every subgroup of the dispatch on the CPU device...";
  return true;
}

void DebugController::cancelBreakWhere() {
  if (!where_.cancel()) return;
  message_ = "cancelled the break-where search";
}

bool DebugController::pollWhere() {
  if (!where_.poll()) return false;
  message_ = "break where " + where_.shown()->summary();
  if (!where_.shown()->result.note.empty()) message_ += " (" + where_.shown()->result.note + ")";
  return true;
}

bool DebugController::findWriter(DebugRequest request, const std::string& resource, uint64_t index) {
  if (writer_.busy()) return false;
  request.trace.subgroupSize = subgroupSize;
  ElementWriterJobRequest find;
  find.debug = std::move(request);
  find.resource = resource;
  find.index = index;
  if (!writer_.start(std::move(find))) return false;
  message_ = "finding the invocation that wrote " + resource + "[" + std::to_string(index) + "] on the CPU device...";
  return true;
}

bool DebugController::pollWriter() {
  if (!writer_.poll()) return false;
  const ElementWriterOutcome& found = *writer_.shown();
  message_ = found.summary();
  if (found.error.empty() && found.result.writer) {
    byThread = true;
    thread = found.result.writer->global;
    writerToRecord_ = true;
    writerRecording_ = true;
  }
  return true;
}

bool DebugController::pickWhereHit(size_t index, const std::string& text) {
  const BreakWhereOutcome* shown = where_.shown();
  if (!shown || !shown->error.empty() || index >= shown->result.hits.size()) return false;
  if (shown->hlsl != text) {
    message_ = "the text changed since the break-where search: search again";
    return false;
  }
  const offload::BreakWhereHit& hit = shown->result.hits[index];
  pickedHit_ = PickedHit{shown->hlsl, shown->requestedLine, shown->condition, hit};
  byThread = true;
  thread = hit.thread;
  return true;
}

bool DebugController::stopAtPickedHit() {
  if (!pickedHit_) return false;
  const PickedHit picked = std::move(*pickedHit_);
  pickedHit_.reset();
  if (!session_ || recording_->hlsl != picked.hlsl || recording_->thread != picked.hit.thread) return false;
  const interp::debug::DebugSession::WhereResult found = session_->breakWhere(picked.line, picked.condition);
  for (const auto& h : found.hits)
    if (h.lane == session_->tracedLane() && h.arrival == picked.hit.arrival) {
      refreshView(session_->goToStep(h.step));
      message_ = "break where hit: invocation " + offload::formatTriple(picked.hit.thread) + ", arrival " + std::to_string(h.arrival) +
                 " at line " + std::to_string(found.line);
      return true;
    }
  message_ = "this recording does not reach arrival " + std::to_string(picked.hit.arrival) + " of line " + std::to_string(picked.line);
  return false;
}

uint32_t DebugController::takeLineToSelect() {
  const uint32_t line = lineToSelect_;
  lineToSelect_ = 0;
  return line;
}

bool DebugController::pollDifference() {
  if (!difference_.poll()) return false;
  lineToSelect_ = difference()->line;
  message_ = "first difference: " + difference()->summary();
  return true;
}

bool DebugController::poll() {
  const bool differenceChanged = pollWriter() | pollWhere() | pollDifference();
  if (worker_.busy() || !wantedGeneration_) return differenceChanged;
  std::shared_ptr<DebugRecording> latest = worker_.latest();
  if (!latest || latest->generation != wantedGeneration_ || latest == recording_) return differenceChanged;
  install(std::move(latest));
  return true;
}

void DebugController::install(std::shared_ptr<DebugRecording> recording) {
  recording_ = std::move(recording);
  difference_.forgetShown();  // it was another recording's
  session_ = recording_->session;
  stale_ = false;
  view_ = StopView{};
  for (DocumentBreakpoint& bp : breakpoints_) bp.sessionId = 0, bp.hits = 0, bp.message.clear();
  if (!session_) {
    message_.clear();  // the panel shows the recording's error
    ++stopSerial_;
    return;
  }
  message_.clear();
  for (DocumentBreakpoint& bp : breakpoints_) placeBreakpoint(bp);
  Stop stop = session_->start();
  // Started to the first breakpoint hit; with none (or one on the entry line), the entry.
  const uint32_t entryLine = documentLine(session_->location());
  const bool anyPlaced = std::any_of(breakpoints_.begin(), breakpoints_.end(), [](const DocumentBreakpoint& b) { return b.sessionId != 0; });
  const bool entryHasOne = std::any_of(breakpoints_.begin(), breakpoints_.end(),
                                       [&](const DocumentBreakpoint& b) { return b.sessionId && b.line == entryLine && b.condition.empty(); });
  if (anyPlaced && !entryHasOne) stop = session_->continueForward();
  // A breakpoint on the entry line is hit by the entry stop itself.
  entryBreakpointLine_ = entryHasOne ? entryLine : 0;
  refreshView(stop);
  // Recorded because the Run tab asked who wrote an element: say whose recording this is.
  if (const ElementWriterOutcome* w = writer_.shown(); w && w->result.writer && recording_->thread == w->result.writer->global && writerRecording_)
    message_ = w->summary();
  writerRecording_ = false;
  stopAtPickedHit();
}

void DebugController::placeBreakpoint(DocumentBreakpoint& bp) {
  bp.sessionId = 0;
  bp.message.clear();
  if (!session_ || stale_) return;
  const interp::debug::BreakpointResult r = session_->addBreakpoint(bp.line, bp.condition);
  if (!r.id) {
    bp.message = r.message;
    return;
  }
  bp.sessionId = *r.id;
  for (const interp::debug::Breakpoint& placed : session_->breakpoints())
    if (placed.id == bp.sessionId && placed.line != bp.line) {
      bp.message = "line " + std::to_string(bp.line) + " has no code: the breakpoint moved to line " + std::to_string(placed.line);
      bp.line = placed.line;
    }
}

void DebugController::stop() {
  session_.reset();
  recording_.reset();
  stale_ = false;
  view_ = StopView{};
  for (DocumentBreakpoint& bp : breakpoints_) bp.sessionId = 0, bp.hits = 0;
  message_ = "stopped";
  ++stopSerial_;
}

void DebugController::reset() {
  worker_.cancel();
  wantedGeneration_ = 0;  // a recording of the previous document is never shown
  difference_.reset();
  where_.reset();
  pickedHit_.reset();
  writer_.reset();
  writerToRecord_ = false;
  recorded_.reset();
  lineToSelect_ = 0;
  session_.reset();
  recording_.reset();
  stale_ = false;
  view_ = StopView{};
  breakpoints_.clear();
  watches_.clear();
  byThread = true;
  thread = group = local = {0, 0, 0};
  waveExpression_.clear();
  message_.clear();
  ++stopSerial_;
}

namespace {
double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}
}  // namespace

DebugController::Kept DebugController::keep(const std::string& text) const {
  Kept k;
  k.text = text;
  for (const DocumentBreakpoint& bp : breakpoints_) k.breakpoints.push_back({bp.line, bp.condition});
  k.watches = watches_;
  k.waveExpression = waveExpression_;
  k.byThread = byThread, k.thread = thread, k.group = group, k.local = local;
  return k;
}

void DebugController::restore(const Kept& k, const std::string& text) {
  reset();
  // Edits discarded since (or made elsewhere) move the lines as an edit would.
  const LineEdit edit = lineEditBetween(k.text, text);
  for (const auto& [line, condition] : k.breakpoints) {
    DocumentBreakpoint bp;
    bp.line = followLine(edit, line);
    if (breakpointAt(bp.line)) continue;
    bp.condition = condition;
    breakpoints_.push_back(std::move(bp));
  }
  watches_ = k.watches;
  waveExpression_ = k.waveExpression;
  byThread = k.byThread, thread = k.thread, group = k.group, local = k.local;
}

bool DebugController::move(DebugMotion motion) {
  if (!session_) return false;
  const auto start = std::chrono::steady_clock::now();
  Stop stop;
  switch (motion) {
    case DebugMotion::Continue: stop = session_->continueForward(); break;
    case DebugMotion::Over: stop = session_->next(); break;
    case DebugMotion::Into: stop = session_->stepIn(); break;
    case DebugMotion::Out: stop = session_->stepOut(); break;
    case DebugMotion::Back: stop = session_->stepBack(); break;
    case DebugMotion::ReverseContinue: stop = session_->reverseContinue(); break;
    case DebugMotion::Restart: stop = session_->restart(); break;
    case DebugMotion::StepInstruction: stop = session_->stepInstruction(); break;
    case DebugMotion::BackInstruction: stop = session_->backInstruction(); break;
  }
  refreshView(stop);
  view_.motionMilliseconds = msSince(start);
  return true;
}

bool DebugController::runToLine(uint32_t line) {
  if (!session_) return false;
  const auto start = std::chrono::steady_clock::now();
  std::string message;
  const Stop stop = session_->runToLine(line, message);
  refreshView(stop);
  view_.motionMilliseconds = msSince(start);
  if (!message.empty()) message_ = message;
  return true;
}

uint32_t DebugController::documentLine(const interp::debug::Location& location) const {
  if (!location.known) return 0;
  return location.file == fileName_ || baseName(location.file) == baseName(fileName_) ? location.line : 0;
}

std::vector<const interp::debug::DebugSession::PrintedLine*> DebugController::consoleLines() const {
  std::vector<const interp::debug::DebugSession::PrintedLine*> out;
  for (const auto& line : view_.console)
    if (consoleAllLanes || line.lane == view_.tracedLane) out.push_back(&line);
  return out;
}

void DebugController::refreshView(const Stop& stop) {
  StopView& v = view_;
  const size_t previousPosition = session_ && view_.steps == session_->stepCount() ? view_.position : 0;
  v = StopView{};
  v.stop = stop;
  v.position = session_->position();
  v.steps = session_->stepCount();
  v.location = session_->location();
  v.line = documentLine(v.location);
  v.sourceLine = session_->sourceLine();
  v.instruction = session_->instruction();
  if (const interp::debug::Disassembly* d = disassembly())
    if (std::optional<uint32_t> offset = session_->instructionWordOffset()) v.instructionIndex = d->find(*offset);
  const std::string where = v.location.known ? baseName(v.location.file) + ":" + std::to_string(v.location.line) : "an unknown line";
  switch (stop.reason) {
    case Stop::Reason::Entry: v.headline = "entry at " + where; break;
    case Stop::Reason::Step: v.headline = "step at " + where; break;
    case Stop::Reason::Breakpoint: v.headline = "breakpoint " + std::to_string(stop.breakpoint) + " at " + where; break;
    case Stop::Reason::Start: v.headline = "at the start (nothing earlier) at " + where; break;
    case Stop::Reason::Error: v.headline = "error at " + where + ": " + stop.message; break;
    case Stop::Reason::Finished:
      v.headline = "finished (the invocation returned after " + std::to_string(v.position) + " steps)";
      v.ended = true;
      break;
    case Stop::Reason::Failed:
      v.headline = "the dispatch failed here, after " + std::to_string(v.position) + " steps: " + session_->dispatchError();
      v.ended = true;
      break;
    case Stop::Reason::TraceEnd:
      v.headline = "the trace ends here (truncated after " + std::to_string(v.steps) + " steps)";
      v.ended = true;
      break;
  }
  if (v.ended) v.line = 0;
  if (!v.ended && !v.line && v.location.known)
    if (const std::string* text = session_->debugInfo().sourceText(v.location.file)) {
      // Four lines either side of the stop, as far as the file goes.
      constexpr uint32_t kAround = 4;
      uint32_t number = 1;
      for (size_t start = 0; start <= text->size() && number <= v.location.line + kAround; ++number) {
        size_t end = text->find('\n', start);
        if (end == std::string::npos) end = text->size();
        if (number + kAround >= v.location.line) {
          std::string line = text->substr(start, end - start);
          if (!line.empty() && line.back() == '\r') line.pop_back();
          v.excerpt.emplace_back(number, std::move(line));
        }
        if (end == text->size()) break;
        start = end + 1;
      }
    }
  v.locals = session_->locals();
  v.globals = session_->globals();
  v.frames = session_->callStack();
  v.liveLanes = session_->liveLanes();
  v.activeLanes = session_->activeMask() & v.liveLanes;
  v.tracedLane = session_->tracedLane();
  v.console = session_->printed(0, v.position, true);  // what ran before the stop; stepping back drops the rest
  refreshAccesses(previousPosition);
  refreshWatches();
  refreshWave();
  refreshHits();
  if (v.ended)
    for (const DocumentBreakpoint& bp : breakpoints_)
      if (bp.sessionId && bp.hits == 0) v.notes.push_back("the breakpoint at line " + std::to_string(bp.line) + " was never reached");
  ++stopSerial_;
}

bool DebugController::selectFrame(size_t index) {
  if (!active() || stale_ || index >= view_.frames.size()) return false;
  view_.frame = index;
  view_.locals = index == 0 ? session_->locals() : session_->frameLocals(index, session_->tracedLane());
  // The editor goes to the frame's line (its call, for a caller), as in any debugger; the stop's
  // own marker stays where the invocation is.
  if (const uint32_t line = documentLine(view_.frames[index].location)) lineToSelect_ = line;
  return true;
}

bool DebugController::runToInstruction(uint32_t wordOffset) {
  if (!active() || stale_) return false;
  const auto start = std::chrono::steady_clock::now();
  const size_t from = session_->position();
  constexpr size_t kMostSteps = 1u << 22;  // motions stay bounded on a long trace
  Stop stop;
  for (size_t k = 0; k < kMostSteps; ++k) {
    const size_t before = session_->position();
    stop = session_->stepInstruction();
    if (session_->position() == before || session_->finished()) break;
    if (session_->instructionWordOffset() == wordOffset) {
      refreshView(stop);
      view_.motionMilliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      message_.clear();
      return true;
    }
  }
  session_->goToStep(from);
  message_ = "the invocation does not run that instruction again after this stop";
  return false;
}

const std::string& DebugController::idValueText(uint32_t id) {
  if (idValuesStop_ != stopSerial_ || idValuesFormat_ != format) idValues_.clear(), idValuesStop_ = stopSerial_, idValuesFormat_ = format;
  auto [it, fresh] = idValues_.try_emplace(id);
  if (fresh && session_ && !stale_)
    if (std::optional<interp::debug::Value> value = session_->idValue(id)) it->second = " = " + valueText(*value, format);
  return it->second;
}

void DebugController::refreshAccesses(size_t previousPosition) {
  StopView& v = view_;
  v.accessesFrom = previousPosition;
  if (v.position <= previousPosition) return;  // moved back (or stayed): nothing ran forward
  // A long continue reads only its last steps: the listing is about what just ran.
  constexpr size_t kWindow = 65536;
  constexpr size_t kMostLines = 200;
  if (v.position - previousPosition > kWindow) {
    v.accessesFrom = v.position - kWindow;
    v.accessesWindowed = true;
  }
  auto keep = [&](std::vector<std::string> lines, std::vector<std::string>& into, size_t& more) {
    if (lines.size() > kMostLines) more = lines.size() - kMostLines, lines.resize(kMostLines);
    into = std::move(lines);
  };
  keep(session_->reads(v.accessesFrom, v.position), v.reads, v.moreReads);
  keep(session_->writes(v.accessesFrom, v.position), v.writes, v.moreWrites);
}

void DebugController::refreshWatches() {
  view_.watches.clear();
  for (const std::string& expression : watches_) {
    WatchRow row;
    row.expression = expression;
    if (session_) {
      interp::debug::EvalResult r = session_->evaluate(expression);
      if (r.value) row.value = std::move(r.value);
      else row.error = "column " + std::to_string(r.error.column) + ": " + r.error.message;
    } else {
      row.error = "no session";
    }
    view_.watches.push_back(std::move(row));
  }
}

void DebugController::refreshWave() {
  view_.wave.clear();
  view_.waveError.clear();
  if (!session_) return;
  view_.wave = session_->wave(waveExpression_);
  if (!view_.wave.empty() && std::all_of(view_.wave.begin(), view_.wave.end(), [](const auto& l) { return !l.value; }))
    view_.waveError = waveExpression_.empty()
                          ? "the last instruction made no value here: name an expression (a local, e.g. sum) to see it per lane"
                          : view_.wave.front().error;
}

void DebugController::refreshHits() {
  if (!session_) return;
  for (DocumentBreakpoint& bp : breakpoints_)
    for (const interp::debug::Breakpoint& placed : session_->breakpoints())
      if (placed.id == bp.sessionId) bp.hits = placed.hits + (bp.line == entryBreakpointLine_ ? 1 : 0);
}

const DocumentBreakpoint* DebugController::breakpointAt(uint32_t line) const {
  for (const DocumentBreakpoint& bp : breakpoints_)
    if (bp.line == line) return &bp;
  return nullptr;
}

std::string DebugController::toggleBreakpoint(uint32_t line) {
  if (line == 0) return message_ = "no line";
  if (removeBreakpoint(line)) return message_ = "removed the breakpoint at line " + std::to_string(line);
  addBreakpoint(line, "");
  return message_;
}

DocumentBreakpoint* DebugController::addBreakpoint(uint32_t line, const std::string& condition) {
  DocumentBreakpoint bp;
  bp.line = line;
  bp.condition = condition;
  placeBreakpoint(bp);
  // A line moved onto one that already has a breakpoint: that one stays.
  if (bp.line != line && breakpointAt(bp.line)) {
    if (session_ && bp.sessionId) session_->removeBreakpoint(bp.sessionId);
    message_ = bp.message + " (which already has one)";
    return nullptr;
  }
  message_ = !bp.message.empty() ? bp.message
             : "breakpoint at line " + std::to_string(bp.line) + (condition.empty() ? "" : " if " + condition);
  if (session_ && stale_) message_ += " (Restart to use it: the session recorded an older text)";
  const uint32_t placedLine = bp.line;
  breakpoints_.push_back(std::move(bp));
  std::sort(breakpoints_.begin(), breakpoints_.end(), [](const auto& a, const auto& b) { return a.line < b.line; });
  for (DocumentBreakpoint& b : breakpoints_)
    if (b.line == placedLine) return &b;
  return nullptr;
}

std::string DebugController::setCondition(uint32_t line, const std::string& condition) {
  for (DocumentBreakpoint& bp : breakpoints_)
    if (bp.line == line) {
      if (session_ && bp.sessionId) session_->removeBreakpoint(bp.sessionId);
      bp.condition = condition;
      placeBreakpoint(bp);
      message_ = !bp.message.empty() ? bp.message
                 : "breakpoint at line " + std::to_string(bp.line) + (condition.empty() ? "" : " if " + condition);
      return session_ && !stale_ && !bp.sessionId ? bp.message : "";
    }
  const DocumentBreakpoint* added = addBreakpoint(line, condition);
  return added && (!session_ || stale_ || added->sessionId) ? "" : message_;
}

bool DebugController::removeBreakpoint(uint32_t line) {
  for (auto it = breakpoints_.begin(); it != breakpoints_.end(); ++it)
    if (it->line == line) {
      if (session_ && it->sessionId) session_->removeBreakpoint(it->sessionId);
      breakpoints_.erase(it);
      return true;
    }
  return false;
}

void DebugController::clearBreakpoints() {
  for (const DocumentBreakpoint& bp : breakpoints_)
    if (session_ && bp.sessionId) session_->removeBreakpoint(bp.sessionId);
  breakpoints_.clear();
}

void DebugController::textChanged(const std::string& before, const std::string& after) {
  if (before == after) return;
  if (session_) stale_ = true;  // the panel says so, with a Restart button
  if (breakpoints_.empty()) return;
  const LineEdit edit = lineEditBetween(before, after);
  std::vector<DocumentBreakpoint> moved;
  for (DocumentBreakpoint& bp : breakpoints_) {
    bp.line = followLine(edit, bp.line);
    const bool duplicate = std::any_of(moved.begin(), moved.end(), [&](const DocumentBreakpoint& m) { return m.line == bp.line; });
    if (!duplicate) moved.push_back(std::move(bp));
  }
  breakpoints_ = std::move(moved);
}

void DebugController::addWatch(const std::string& expression) {
  if (expression.empty() || std::find(watches_.begin(), watches_.end(), expression) != watches_.end()) return;
  watches_.push_back(expression);
  refreshWatches();
}

bool DebugController::removeWatch(const std::string& expression) {
  auto it = std::find(watches_.begin(), watches_.end(), expression);
  if (it == watches_.end()) return false;
  watches_.erase(it);
  refreshWatches();
  return true;
}

void DebugController::setWaveExpression(const std::string& expression) {
  waveExpression_ = expression;
  refreshWave();
}

}  // namespace sl::views
