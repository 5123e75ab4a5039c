#include "app/cli/dap/DapAdapter.h"

#include "app/cli/dap/CapturedStderr.h"
#include "app/cli/dap/DapLaunchArgs.h"

namespace sl::cli::dap {

using interp::debug::Stop;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

const Object kNoArguments;

std::string trimmedText(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
  return text;
}

}  // namespace

Adapter::Reply Adapter::fail(std::string message) {
  Reply r;
  r.ok = false;
  r.message = std::move(message);
  return r;
}

// ---- messages ---------------------------------------------------------------------------------

void Adapter::post(Object message) {
  message["seq"] = ++seq_;
  send_(Value(std::move(message)));
}

Object Adapter::response(int64_t requestSeq, const std::string& command, Reply reply) {
  Object r{{"type", "response"}, {"request_seq", requestSeq}, {"success", reply.ok}, {"command", jsonText(command)}};
  if (!reply.ok) r["message"] = jsonText(reply.message);
  else if (reply.body.kind() != Value::Null) r["body"] = std::move(reply.body);
  return r;
}

void Adapter::event(const std::string& name, Object body) {
  Object e{{"type", "event"}, {"event", name}};
  if (!body.empty()) e["body"] = std::move(body);
  post(std::move(e));
}

void Adapter::laterEvent(const std::string& name, Object body) {
  Object e{{"type", "event"}, {"event", name}};
  if (!body.empty()) e["body"] = std::move(body);
  later(std::move(e));
}

void Adapter::output(const std::string& category, const std::string& text, bool queued) {
  Object body{{"category", category}, {"output", jsonText(text.empty() || text.back() == '\n' ? text : text + "\n")}};
  if (queued) laterEvent("output", std::move(body));
  else event("output", std::move(body));
}

void Adapter::receive(IncomingMessage message) {
  switch (message.kind) {
    case IncomingMessage::Kind::End:
      if (!message.error.empty()) output("stderr", "shaderlens dap: " + message.error);
      return;
    case IncomingMessage::Kind::Malformed:
      output("stderr", "shaderlens dap: malformed message: " + message.error);
      return;
    case IncomingMessage::Kind::Message:
      break;
  }
  const Object* object = message.value.getAsObject();
  if (!object) {
    output("stderr", "shaderlens dap: malformed message: not a JSON object");
    return;
  }
  const std::optional<llvm::StringRef> type = object->getString("type");
  if (type && *type == "request") {
    request(*object);
    return;
  }
  output("stderr", "shaderlens dap: ignored a message of type '" + (type ? type->str() : std::string("(none)")) +
                       "' (only requests are expected from the client)");
}

void Adapter::request(const Object& message) {
  const std::optional<int64_t> seq = message.getInteger("seq");
  const std::optional<llvm::StringRef> command = message.getString("command");
  if (!seq || !command) {
    // Without both there is nothing to answer to.
    output("stderr", std::string("shaderlens dap: malformed request: ") + (!seq ? "no integer 'seq'" : "no 'command' string"));
    return;
  }
  const Value* arguments = message.get("arguments");
  if (arguments && !arguments->getAsObject()) {
    post(response(*seq, command->str(), fail("'arguments' must be an object")));
    return;
  }
  const Object& args = arguments ? *arguments->getAsObject() : kNoArguments;
  after_.clear();
  Reply reply = dispatch(command->str(), args);
  if (reply.deferred) pendingLaunch_ = *seq;
  else post(response(*seq, command->str(), std::move(reply)));
  std::vector<Object> queued = std::move(after_);
  after_.clear();
  for (Object& m : queued) post(std::move(m));
}

Adapter::Reply Adapter::dispatch(const std::string& command, const Object& args) {
  if (command == "initialize") return initialize(args);
  if (command == "launch") return launch(args);
  if (command == "configurationDone") return configurationDone();
  if (command == "threads") return threads();
  if (command == "disconnect") {
    disconnected_ = true;
    return {};
  }
  if (command == "terminate") return terminate();
  if (command == "setExceptionBreakpoints") {
    Reply r;
    r.body = Object{{"breakpoints", Array{}}};
    return r;
  }
  if (command == "attach") return fail("shaderlens dap launches its program: use a 'launch' configuration");
  static const char* const kNeedsSession[] = {"setBreakpoints", "stackTrace", "scopes",  "variables",      "evaluate", "continue", "next",
                                              "stepIn",         "stepOut",    "stepBack", "reverseContinue", "pause",    "restart",
                                              "disassemble"};
  bool known = false;
  for (const char* c : kNeedsSession) known = known || command == c;
  if (!known) return fail("shaderlens dap does not support the '" + command + "' request");
  if (!session()) return fail("'" + command + "' needs a launched program: send 'launch' first");
  if (command == "setBreakpoints") return setBreakpoints(args);
  if (command == "stackTrace") return stackTrace(args);
  if (command == "scopes") return scopes(args);
  if (command == "variables") return variables(args);
  if (command == "evaluate") return evaluate(args);
  if (command == "pause") return pause();
  if (command == "disassemble") return disassemble(args);
  return motion(command, args);
}

// ---- lifecycle --------------------------------------------------------------------------------

Adapter::Reply Adapter::initialize(const Object& args) {
  if (initialized_) return fail("'initialize' was already sent");
  initialized_ = true;
  if (std::optional<bool> oneBased = args.getBoolean("linesStartAt1")) linesStartAt1_ = *oneBased;
  if (std::optional<bool> oneBased = args.getBoolean("columnsStartAt1")) columnsStartAt1_ = *oneBased;
  sources_.setLinesStartAt1(linesStartAt1_);
  Reply r;
  r.body = Object{{"supportsConfigurationDoneRequest", true},
                  {"supportsStepBack", true},
                  {"supportsConditionalBreakpoints", true},
                  {"supportsEvaluateForHovers", true},
                  {"supportsTerminateRequest", true},
                  {"supportsSteppingGranularity", true},
                  {"supportsRestartRequest", true},
                  {"supportsValueFormattingOptions", true},
                  {"supportsDisassembleRequest", true}};
  return r;
}

Adapter::Reply Adapter::launch(const Object& args) {
  if (target_) return fail("a program is already launched");
  std::string error;
  std::optional<LaunchArguments> parsed = parseLaunchArguments(args, error);
  if (!parsed) return fail(error);
  DebugLaunchResult launched;
  std::string printed;
  {
    // The compile reports its diagnostics on stderr; the client should see them.
    CapturedStderr captured;
    launched = launchDebugTarget(parsed->launch);
    printed = captured.finish();
  }
  if (!printed.empty()) output("stderr", printed);
  if (!launched.target) {
    // The compile's own failure line ends what it printed; its diagnostics went out above.
    const std::string& reason = launched.failure.error;
    std::string why = trimmedText(reason.empty() ? printed : reason);
    if (reason.empty() && why.find('\n') != std::string::npos) why = why.substr(why.rfind('\n') + 1);
    return fail(why.empty() ? "the program could not be launched" : why);
  }
  target_ = std::move(launched.target);
  stopOnEntry_ = parsed->stopOnEntry;
  interp::debug::DebugSession& s = *target_->session;
  const std::string shaderFile = s.module().sourceFiles.size() > s.debugInfo().mainFile ? s.module().sourceFiles[s.debugInfo().mainFile] : "";
  // A bundle or SHADER.hlsl is what the user has open; a MODULE.spv names its own sources.
  const bool ownSources = target_->program->sourcePart.empty();
  sources_ = SourceMap(ownSources ? shaderFile : parsed->launch.file, shaderFile, target_->program->userLineOffset);
  sources_.setLinesStartAt1(linesStartAt1_);
  output("console", "debugging " + target_->recorded.describe() + "; the traced lane steps, the other lanes are threads that show their values");
  for (const std::string& note : s.notes()) output("console", "note: " + note);
  for (const std::string& m : target_->recorded.deviceMessages) output("stderr", "cpu device: " + m);
  if (!target_->recorded.dispatchStatus.ok())
    output("stderr", "error: the dispatch failed: " + target_->recorded.dispatchStatus.message() + " (the trace ends at the failure)");
  event("initialized");
  if (configured_) {
    run();
    return {};
  }
  Reply r;
  r.deferred = true;
  return r;
}

Adapter::Reply Adapter::configurationDone() {
  configured_ = true;
  if (pendingLaunch_) {
    later(response(*pendingLaunch_, "launch", {}));
    pendingLaunch_.reset();
    run();
  }
  return {};
}

Adapter::Reply Adapter::terminate() {
  if (!ended_) {
    ended_ = true;
    laterEvent("terminated");
  }
  return {};
}

void Adapter::run() {
  if (running_ || !session()) return;
  running_ = true;
  interp::debug::DebugSession& s = *session();
  Stop stop = s.start();
  if (!stopOnEntry_) {
    if (std::optional<uint32_t> id = breakpointAtEntry()) {
      entryHit_ = id;
      stop.reason = Stop::Reason::Breakpoint;
      stop.breakpoint = *id;
    } else {
      stop = s.continueForward();
    }
  }
  reportStop(stop);
}

std::optional<uint32_t> Adapter::breakpointAtEntry() {
  interp::debug::DebugSession& s = *session();
  const interp::debug::Location where = s.location();
  if (!where.known || s.finished()) return std::nullopt;
  for (const interp::debug::Breakpoint& bp : s.breakpoints()) {
    if (bp.line != where.line || bp.file >= s.module().sourceFiles.size() || s.module().sourceFiles[bp.file] != where.file) continue;
    if (!bp.condition.empty()) {
      interp::debug::EvalResult r = s.evaluate(bp.condition);
      if (!r.value || !r.value->isScalar() || !r.value->truthy()) continue;
    }
    return bp.id;
  }
  return std::nullopt;
}

// ---- breakpoints ------------------------------------------------------------------------------

Adapter::Reply Adapter::setBreakpoints(const Object& args) {
  interp::debug::DebugSession& s = *session();
  const Object* source = args.getObject("source");
  std::optional<llvm::StringRef> path = source ? source->getString("path") : std::nullopt;
  if (!path) return fail("setBreakpoints: 'source' needs a 'path'");
  // The request replaces every breakpoint of that source.
  for (uint32_t id : breakpointsBySource_[path->str()]) s.removeBreakpoint(id);
  breakpointsBySource_[path->str()].clear();
  Array answered;
  const Array* requested = args.getArray("breakpoints");
  const Array none;
  for (const Value& b : requested ? *requested : none) {
    const Object* bp = b.getAsObject();
    const std::optional<int64_t> requested = bp ? bp->getInteger("line") : std::nullopt;
    const int64_t* line = requested ? &*requested : nullptr;
    std::optional<llvm::StringRef> condition = bp ? bp->getString("condition") : std::nullopt;
    Object out{{"verified", false}};
    std::string message;
    std::optional<SourceMap::SessionLine> at = line ? sources_.sessionLine(path->str(), *line, message) : std::nullopt;
    if (!line) message = "a breakpoint needs a 'line'";
    if (at) {
      const interp::debug::BreakpointResult r = s.addBreakpoint(at->line, condition ? condition->str() : "", at->file);
      if (r.id) {
        const interp::debug::Breakpoint& added = s.breakpoints().back();
        const std::string& file = s.module().sourceFiles[added.file];
        const int64_t shown = sources_.clientLine(file, added.line);
        breakpointsBySource_[path->str()].push_back(*r.id);
        out["verified"] = true;
        out["id"] = int64_t(*r.id);
        out["line"] = shown;
        out["source"] = sources_.source(file);
        // The session counts the part's lines; a bundle's user counts the bundle's.
        if (!r.message.empty())
          message = sources_.offset() == 0 || !sources_.isShader(file) ? r.message
                    : "line " + std::to_string(*line) + " has no code: breakpoint " + std::to_string(*r.id) + " moves to line " +
                          std::to_string(shown);
      } else if (!r.message.empty() && sources_.offset() != 0 && at->file.empty() && r.message.rfind("no code", 0) == 0) {
        message = "no code at or after line " + std::to_string(*line) + " of " + fileName(sources_.userFile());
        const interp::debug::DebugInfo& info = s.debugInfo();
        if (info.mainFile < info.codeLines.size() && !info.codeLines[info.mainFile].empty()) message += " (the last line with code is " + std::to_string(sources_.clientLine(sources_.shaderFile(), *info.codeLines[info.mainFile].rbegin())) + ")";
      } else {
        message = r.message;
      }
    }
    if (line && !out.get("line")) out["line"] = *line;
    if (!message.empty()) out["message"] = jsonText(message);
    answered.push_back(std::move(out));
  }
  Reply r;
  r.body = Object{{"breakpoints", std::move(answered)}};
  return r;
}

// ---- motion -----------------------------------------------------------------------------------

Adapter::Reply Adapter::motion(const std::string& command, const Object& args) {
  interp::debug::DebugSession& s = *session();
  if (std::optional<int64_t> thread = args.getInteger("threadId"); thread && !laneOfThread(*thread))
    return fail("no thread " + std::to_string(*thread) + " (threads are the live lanes of the traced subgroup)");
  const bool instruction = args.getString("granularity") == std::optional<llvm::StringRef>("instruction");
  Stop stop;
  if (command == "continue") stop = s.continueForward();
  else if (command == "next") stop = instruction ? s.stepInstruction() : s.next();
  else if (command == "stepIn") stop = instruction ? s.stepInstruction() : s.stepIn();
  else if (command == "stepOut") stop = s.stepOut();
  else if (command == "stepBack") stop = instruction ? s.backInstruction() : s.stepBack();
  else if (command == "reverseContinue") stop = s.reverseContinue();
  else stop = s.restart();  // "restart": the trace is kept, the session goes back to its first line
  if (command == "restart") ended_ = false;
  running_ = true;
  reportStop(stop);
  Reply r;
  if (command == "continue") r.body = Object{{"allThreadsContinued", true}};
  return r;
}

Adapter::Reply Adapter::pause() {
  // Nothing runs between requests: the program is already stopped; say so where it is.
  variables_.clear();
  laterEvent("stopped", Object{{"reason", "pause"}, {"threadId", threadOfLane(session()->tracedLane())}, {"allThreadsStopped", true}});
  return {};
}

void Adapter::reportStop(const Stop& stop) {
  variables_.clear();
  interp::debug::DebugSession& s = *session();
  // What the traced invocation printed (HLSL printf) on the way here, as the program's stdout;
  // moving back prints nothing, and moving forward again over it prints it again.
  if (s.position() > printedUpTo_)
    for (const interp::debug::DebugSession::PrintedLine& line : s.printed(printedUpTo_, s.position())) output("stdout", line.text, true);
  printedUpTo_ = s.position();
  Object body{{"threadId", threadOfLane(s.tracedLane())}, {"allThreadsStopped", true}};
  switch (stop.reason) {
    case Stop::Reason::Entry: body["reason"] = "entry"; break;
    case Stop::Reason::Step: body["reason"] = "step"; break;
    case Stop::Reason::Start:
      body["reason"] = "step";
      body["description"] = "at the first line (nothing runs earlier)";
      break;
    case Stop::Reason::Breakpoint:
      body["reason"] = "breakpoint";
      body["hitBreakpointIds"] = Array{int64_t(stop.breakpoint)};
      break;
    case Stop::Reason::Error:
      body["reason"] = "exception";
      body["description"] = "breakpoint condition failed";
      body["text"] = jsonText(stop.message);
      output("stderr", "error: " + stop.message, true);
      break;
    case Stop::Reason::Finished:
    case Stop::Reason::TraceEnd:
    case Stop::Reason::Failed: {
      std::string why = stop.reason == Stop::Reason::Finished ? "the invocation returned after " + std::to_string(s.position()) + " steps"
                        : stop.reason == Stop::Reason::TraceEnd
                            ? "the trace ends here (truncated after " + std::to_string(s.stepCount()) + " steps; launch with a larger maxSteps)"
                            : "the dispatch failed here, after " + std::to_string(s.position()) + " steps: " + s.dispatchError();
      output(stop.reason == Stop::Reason::Finished ? "console" : "stderr", why, true);
      for (const interp::debug::Breakpoint& bp : s.breakpoints())
        if (!bp.temporary && bp.hits == 0 && entryHit_ != bp.id) output("console", "note: breakpoint " + std::to_string(bp.id) + " was never reached", true);
      laterEvent("exited", Object{{"exitCode", stop.reason == Stop::Reason::Finished ? 0 : 1}});
      if (!ended_) laterEvent("terminated");
      ended_ = true;
      return;
    }
  }
  laterEvent("stopped", std::move(body));
}

}  // namespace sl::cli::dap
