// The debugging model (docs/debugger.md): one invocation's recorded trace seen as a program
// stopped at a source line. Every motion (continue, step over/into/out, step back, reverse
// continue, run to line, restart, instruction steps) moves a TraceCursor, so it costs the
// distance moved; variables, watches, the wave view and the call stack are read at the stop
// from the reconstructed memory, the recorded values and the module's debug information.
// Nothing here throws or crashes on bad input: problems are messages.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "interp/debug/DebugInfo.h"
#include "interp/debug/DebugTrace.h"
#include "interp/debug/Expression.h"
#include "interp/debug/TraceCursor.h"
#include "interp/debug/Value.h"

namespace sl::interp::debug {

struct Breakpoint {
  uint32_t id = 0;
  uint32_t file = 0;       // Module::sourceFiles index
  uint32_t line = 0;       // where it stops (a line with code)
  uint32_t requestedLine = 0;
  std::string condition;   // HLSL expression; "" when unconditional
  std::shared_ptr<Expr> parsed;
  bool temporary = false;  // run-to-line
  uint32_t hits = 0;
};

struct BreakpointResult {
  std::optional<uint32_t> id;  // nullopt on error
  std::string message;         // error, or a note ("line 5 has no code: moved to line 6")
};

struct Stop {
  // Finished: the invocation returned; TraceEnd: the trace's budget ended it; Failed: the
  // dispatch stopped with an error (DebugSession::setDispatchError) after the last step.
  enum class Reason { Entry, Step, Breakpoint, Finished, TraceEnd, Failed, Start, Error };
  Reason reason = Reason::Step;
  uint32_t breakpoint = 0;  // Reason::Breakpoint
  std::string message;      // Error: why it stopped (a condition that failed to evaluate)
};

struct Variable {
  enum class Scope { Local, Parameter, Value, Input, Private, Groupshared };
  Scope scope = Scope::Local;
  std::string name;
  std::string type;
  Value value;
  bool changed = false;  // differs from the previous stop
};

struct Location {
  bool known = false;
  std::string file;
  uint32_t line = 0, column = 0;
};

struct FrameInfo {
  std::string function;
  Location location;
};

struct LaneValue {
  uint32_t lane = 0;
  std::array<uint32_t, 3> localId{};
  bool active = false;  // executes the current step
  std::optional<Value> value;
  std::string error;
};

class DebugSession {
 public:
  // `words`: the module's SPIR-V (for the debug information the decoder does not keep).
  DebugSession(std::shared_ptr<const DebugTrace> trace, std::span<const uint32_t> words);

  // Why some views are empty or coarse (no debug lines, no names, a truncated trace).
  const std::vector<std::string>& notes() const { return notes_; }
  bool hasSourceLines() const { return info_.hasLines; }
  const DebugInfo& debugInfo() const { return info_; }
  const Module& module() const { return module_; }
  // Source text for a file the module does not carry (the bundle's own part).
  void addSourceText(const std::string& file, std::string text);
  // The dispatch failed after the trace's last step: the end is that failure, not a return.
  void setDispatchError(std::string message);
  const std::string& dispatchError() const { return dispatchError_; }

  // ---- breakpoints (lines of the entry point's file unless `file` names another) ------------
  BreakpointResult addBreakpoint(uint32_t line, const std::string& condition = "", const std::string& file = "");
  const std::vector<Breakpoint>& breakpoints() const { return breakpoints_; }
  // False when no breakpoint has that id.
  bool removeBreakpoint(uint32_t id);

  // ---- motion (each returns why it stopped) -------------------------------------------------
  Stop start();            // to the first line (the entry stop)
  Stop continueForward();  // to the next breakpoint hit, or the end
  Stop next();             // step over: the next line in this frame or a caller
  Stop stepIn();           // the next line anywhere (into calls)
  Stop stepOut();          // back in the caller, just after the call returns
  Stop stepBack();         // the previous line in this frame or a caller (reverse next)
  Stop reverseContinue();  // the previous breakpoint hit, or the first line
  Stop runToLine(uint32_t line, std::string& message);
  Stop restart() { return start(); }
  Stop stepInstruction();  // one SPIR-V instruction the invocation executes
  Stop backInstruction();
  // Straight to step `step` of the trace (a break-where hit's), clamped to the traced lane's
  // steps: the stop is a Step (or the end).
  Stop goToStep(size_t step);

  // ---- state at the stop --------------------------------------------------------------------
  size_t position() const { return cursor_.position(); }
  size_t stepCount() const { return cursor_.size(); }
  bool finished() const { return cursor_.position() >= activeEnd_; }
  Location location() const;
  std::string sourceLine() const;  // the text of the stop's line, "" when unknown
  std::string instruction() const; // "OpIAdd %12" of the step about to run
  // The word offset in the module of the instruction about to run (nullopt at the end).
  std::optional<uint32_t> instructionWordOffset() const;
  // The value the traced invocation last gave `id` in the current frame (a constant's value;
  // a parameter's argument), nullopt when it has none yet.
  std::optional<Value> idValue(uint32_t id);
  // Locals, parameters and named values of the current frame.
  std::vector<Variable> locals();
  // Inputs (built-ins), privates and groupshared variables.
  std::vector<Variable> globals();
  EvalResult evaluate(std::string_view expression, std::optional<uint32_t> lane = std::nullopt);
  // Every live lane of the traced subgroup: the expression's value (or, for "", the last step's
  // result) and whether the lane executes the current step.
  std::vector<LaneValue> wave(std::string_view expression);
  Mask activeMask() const;
  const Mask& liveLanes() const { return trace_->liveLanes; }
  uint32_t tracedLane() const { return trace_->lane; }
  std::vector<FrameInfo> callStack() const;
  // The locals of call-stack entry `index` (callStack()'s order; 0 is locals()' frame) as `lane`
  // has them now: a caller's, inlined or not, are those in scope at its call. Empty without
  // debug information for that function.
  std::vector<Variable> frameLocals(size_t index, uint32_t lane);
  // When the last step returned from a call (a stop after `out`): the value it returned.
  std::optional<Value> returnedValue();

  // "Break where": every time a lane of the traced wave starts `line` (of the entry point's file;
  // a line without code moves to the next one with code, and `note` says so) with `condition`
  // (an HLSL expression over that lane's locals; "" for every arrival) true. The position is
  // the same afterwards.
  struct WhereHit {
    uint32_t lane = 0;
    std::array<uint32_t, 3> localId{};
    size_t step = 0;
    uint32_t arrival = 0;  // the lane's nth start of the line (from 1), counted whether or not it hit
  };
  struct WhereResult {
    std::vector<WhereHit> hits;
    uint32_t line = 0;   // the line searched (after moving to code)
    std::string note;    // the move, if any
    std::string error;   // the line or condition cannot be searched ("" when hits are valid)
  };
  WhereResult breakWhere(uint32_t line, const std::string& condition);

  // What the traced invocation wrote to buffers and groupshared memory in steps [from, to), one
  // line per write: "Out[2] = 6", or the bytes when a write covers part of an element.
  std::vector<std::string> writes(size_t from, size_t to) const;
  // What it read from buffers, push constants and groupshared memory (its OpLoads) in steps
  // [from, to), one line per load: "In[2] = 3", "Constants.scale = 2".
  std::vector<std::string> reads(size_t from, size_t to) const;

  // What the traced wave printed (HLSL printf) in steps [from, to): the traced lane's lines, or
  // every lane's with `allLanes`.
  struct PrintedLine {
    size_t step = 0;
    uint32_t lane = 0;
    std::array<uint32_t, 3> localId{};
    std::string text;
  };
  std::vector<PrintedLine> printed(size_t from, size_t to, bool allLanes = false) const;

 private:
  bool activeAt(size_t step) const { return trace_->steps[step].active.test(trace_->lane); }
  // Call depth counting inlined calls too: real depth * kInlineLevels + inlining depth.
  static constexpr uint32_t kInlineLevels = 64;
  uint32_t stepDepth(size_t step) const;
  uint32_t depthAt(size_t position) const;
  uint32_t inlinedOf(size_t step) const;  // the step's DebugInlinedAt (0: not inlined)
  Location locationOf(size_t step) const;
  Stop moveTo(size_t position, Stop::Reason reason);
  // The first breakpoint hit in (from, to] scanning forward, or [to, from) backward.
  std::optional<Stop> breakpointAt(size_t position);
  // A breakpoint's file, line (moved to the next line with code) and parsed condition, without
  // an id; nullopt with `error` set when the line or condition cannot be used.
  std::optional<Breakpoint> resolveBreakpoint(uint32_t line, const std::string& condition, const std::string& file,
                                              std::string& error) const;
  std::optional<Value> lookup(const std::string& name, uint32_t lane);
  std::optional<Value> valueOfId(uint32_t frame, uint32_t id, uint32_t lane, int depthLimit = 8);
  // The Function variable `id` of `frame`, read from the lane's stack (<uninitialized> until the
  // frame writes it); nullopt when `id` is not one of the frame's variables.
  std::optional<Value> localVariable(uint32_t frame, uint32_t id, uint32_t lane);
  // DebugLocalVariables of the frame's function that a DebugDeclare/DebugValue already reached:
  // (name, binding index into DebugInfo::bindings), the latest binding of each, in module order.
  // `scope`, when given, is the scope the locals must enclose (a caller's at its call); else the
  // current instruction's.
  // Each local's bindings to apply, in order: the latest that sets the whole variable (if any),
  // then those setting parts of it (DebugValue with Indexes) reached after it.
  struct LocalBindings {
    std::string name;
    uint32_t local = 0;  // index into DebugInfo::locals
    std::vector<uint32_t> bindings;
  };
  std::vector<LocalBindings> debugLocals(uint32_t frame, std::optional<uint32_t> scope = std::nullopt) const;
  // A local's value from its bindings: parts laid over the whole (or over a value of its debug
  // type that is all `<uninitialized>`), named by its declared type when that is a typedef.
  Value debugLocalValue(uint32_t frame, const LocalBindings& local, uint32_t lane);
  // What the pointer `id` points to, read from memory as it is now; nullopt when unknown.
  std::optional<Value> pointee(uint32_t frame, uint32_t id, uint32_t lane);
  // For a parameter of the frame's function, the id its caller passed (0 when the frame has no
  // recorded call); std::nullopt when `id` is no parameter.
  std::optional<uint32_t> argumentOf(uint32_t frame, uint32_t id) const;
  std::optional<Pointer> pointerOf(uint32_t frame, uint32_t id, uint32_t lane, int depthLimit = 8);
  // callStack()'s entries as (real frame, the scope the entry is at): one per inlining level.
  struct StackEntry {
    uint32_t frame = 0;
    uint32_t scope = 0;
  };
  std::vector<StackEntry> stackEntries() const;
  // debugLocals(frame, scope) with each one's value for `lane`.
  std::vector<Variable> debugVariables(uint32_t frame, std::optional<uint32_t> scope, uint32_t lane);
  std::optional<Value> bindingValue(uint32_t frame, uint32_t binding, uint32_t lane);
  // A buffer or push-constant variable as far as it is known (its snapshot plus the wave's
  // writes); a structured buffer reads as its array.
  std::optional<Value> bufferValue(const GlobalVariable& g);
  static std::vector<TraceCursor::Seed> seedsOf(const DebugTrace& trace);
  std::vector<Variable> markChanged(std::vector<Variable> variables, std::vector<std::pair<std::string, std::string>>& previous);
  std::string functionName(uint32_t frame) const;
  // One access of `size` bytes at `offset` of a memory object, named by its variable and element;
  // the value from `memory` as laid out there, or as a register of `registerType` when nonzero.
  std::string describeAccess(ObjectKind kind, uint32_t index, uint64_t offset, uint32_t size, const uint8_t* memory,
                             uint32_t registerType) const;

  std::shared_ptr<const DebugTrace> trace_;
  const Module& module_;
  DebugInfo info_;
  TraceCursor cursor_;
  std::vector<uint8_t> lineStart_;  // per step: the traced lane begins a source line here
  size_t firstStop_ = 0;            // the entry stop
  size_t activeEnd_ = 0;            // past the traced lane's last step
  std::vector<Breakpoint> breakpoints_;
  uint32_t lastBreakpointId_ = 0;
  std::vector<std::string> notes_;
  std::string dispatchError_;
  // Per function: the OpVariable instruction index of each local, and result id -> instruction.
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> localLayouts_;  // (local id, layout node)
  std::vector<std::unordered_map<uint32_t, uint32_t>> definingInst_;
  std::vector<std::pair<std::string, std::string>> previousLocals_, previousGlobals_;
  size_t localsPosition_ = ~size_t(0), globalsPosition_ = ~size_t(0);
};

}  // namespace sl::interp::debug
