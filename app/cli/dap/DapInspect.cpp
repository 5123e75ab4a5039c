// What a DAP client reads at a stop: threads (lanes), the call stack, scopes, variables and
// evaluated expressions.
#include "app/cli/dap/DapAdapter.h"

namespace sl::cli::dap {

using interp::debug::Value;
using llvm::json::Array;
using llvm::json::Object;

namespace {

constexpr int64_t kFramesPerThread = 1 << 16;  // frame id = lane * kFramesPerThread + index + 1
constexpr uint32_t kMaxLanes = 128;

std::string triple(const std::array<uint32_t, 3>& v) {
  return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + ")";
}

Value errorValue(const std::string& message, const std::string& type) {
  Value v;
  v.kind = Value::Kind::Opaque;
  v.opaque = "<" + message + ">";
  v.typeName = type;
  return v;
}

// The request's ValueFormat: {"hex": true} shows scalars' bits.
interp::debug::Format formatOf(const Object& args) {
  const Object* format = args.getObject("format");
  return format && format->getBoolean("hex") == std::optional<bool>(true) ? interp::debug::Format::Hex : interp::debug::Format::Natural;
}

}  // namespace

std::optional<uint32_t> Adapter::laneOfThread(int64_t threadId) const {
  if (!session() || threadId < 1 || threadId > kMaxLanes) return std::nullopt;
  const uint32_t lane = uint32_t(threadId - 1);
  if (!session()->liveLanes().test(lane)) return std::nullopt;
  return lane;
}

std::optional<uint32_t> Adapter::laneOfFrame(int64_t frameId, uint32_t* index) const {
  if (frameId < 1) return std::nullopt;
  std::optional<uint32_t> lane = laneOfThread((frameId - 1) / kFramesPerThread + 1);
  if (lane && index) *index = uint32_t((frameId - 1) % kFramesPerThread);
  return lane;
}

std::string Adapter::laneName(uint32_t lane) const {
  const std::vector<std::array<uint32_t, 3>>& ids = target_->recorded.trace->laneLocalIds;
  std::string name = "lane " + std::to_string(lane) + (lane < ids.size() ? " " + triple(ids[lane]) : "");
  if (lane == session()->tracedLane()) name += ", traced";
  return name;
}

Adapter::Reply Adapter::threads() {
  Array list;
  if (session())
    for (uint32_t lane = 0; lane < kMaxLanes; ++lane)
      if (session()->liveLanes().test(lane)) list.push_back(Object{{"id", threadOfLane(lane)}, {"name", laneName(lane)}});
  Reply r;
  r.body = Object{{"threads", std::move(list)}};
  return r;
}

Adapter::Reply Adapter::stackTrace(const Object& args) {
  interp::debug::DebugSession& s = *session();
  const std::optional<int64_t> thread = args.getInteger("threadId");
  const std::optional<uint32_t> lane = thread ? laneOfThread(*thread) : std::nullopt;
  if (!lane) return fail("stackTrace: no thread " + (thread ? std::to_string(*thread) : std::string("given")));
  const std::vector<interp::debug::FrameInfo> frames = s.callStack();
  const size_t first = size_t(std::max<int64_t>(0, args.getInteger("startFrame").value_or(0)));
  const int64_t levels = args.getInteger("levels").value_or(0);
  const bool inactive = !s.finished() && !s.activeMask().test(*lane);
  Array list;
  for (size_t k = first; k < frames.size() && k < size_t(kFramesPerThread) && (levels <= 0 || int64_t(k - first) < levels); ++k) {
    const interp::debug::FrameInfo& f = frames[k];
    std::string name = f.function.empty() ? "<unnamed>" : f.function;
    // A lane on the other side of a divergent branch waits; its values are from before it.
    if (k == 0 && inactive) name += " (lane inactive here)";
    Object frame{{"id", int64_t(*lane) * kFramesPerThread + int64_t(k) + 1}, {"name", jsonText(name)}};
    if (f.location.known) {
      frame["source"] = sources_.source(f.location.file);
      frame["line"] = sources_.clientLine(f.location.file, f.location.line);
      frame["column"] = int64_t(f.location.column ? f.location.column : 1) - (columnsStartAt1_ ? 0 : 1);
    } else {
      frame["line"] = 0;
      frame["column"] = 0;
      frame["presentationHint"] = "subtle";
    }
    // The instruction about to run, for the client's disassembly view (its byte offset).
    if (k == 0)
      if (std::optional<uint32_t> word = s.instructionWordOffset()) frame["instructionPointerReference"] = byteAddress(*word);
    list.push_back(std::move(frame));
  }
  Reply r;
  r.body = Object{{"stackFrames", std::move(list)}, {"totalFrames", int64_t(frames.size())}};
  return r;
}

Adapter::Reply Adapter::scopes(const Object& args) {
  uint32_t index = 0;
  const std::optional<int64_t> frame = args.getInteger("frameId");
  const std::optional<uint32_t> lane = frame ? laneOfFrame(*frame, &index) : std::nullopt;
  if (!lane || index >= session()->callStack().size()) return fail("scopes: no frame " + (frame ? std::to_string(*frame) : std::string("given")));
  Array list;
  // A caller's locals are those in scope at its call (DebugSession::frameLocals).
  list.push_back(Object{{"name", "Locals"},
                        {"presentationHint", "locals"},
                        {"variablesReference", variables_.addScope({VariableScope::Kind::Locals, *lane, index})},
                        {"expensive", false}});
  list.push_back(Object{{"name", "Globals"}, {"variablesReference", variables_.addScope({VariableScope::Kind::Globals, *lane})}, {"expensive", false}});
  Reply r;
  r.body = Object{{"scopes", std::move(list)}};
  return r;
}

Array Adapter::scopeVariables(const VariableScope& scope, interp::debug::Format format) {
  interp::debug::DebugSession& s = *session();
  const bool traced = scope.lane == s.tracedLane();
  if (scope.kind == VariableScope::Kind::Locals && scope.frame > 0) {
    // A caller's frame: read for the scope's own lane.
    Array list;
    for (const interp::debug::Variable& v : s.frameLocals(scope.frame, scope.lane)) list.push_back(variables_.variable(v.name, v.type, v.value, "", format));
    return list;
  }
  const std::vector<interp::debug::Variable> vars = scope.kind == VariableScope::Kind::Locals ? s.locals() : s.globals();
  Array list;
  if (traced && scope.kind == VariableScope::Kind::Locals)
    if (std::optional<Value> returned = s.returnedValue()) list.push_back(variables_.variable("(returned)", "", *returned, "", format));
  for (const interp::debug::Variable& v : vars) {
    if (traced) {
      list.push_back(variables_.variable(v.name, v.type, v.value, v.name, format));
      continue;
    }
    // Another lane: the same names, read for that lane.
    interp::debug::EvalResult r = s.evaluate(v.name, scope.lane);
    list.push_back(variables_.variable(v.name, v.type, r.value ? *r.value : errorValue(r.error.message, v.type), v.name, format));
  }
  return list;
}

Adapter::Reply Adapter::variables(const Object& args) {
  const std::optional<int64_t> reference = args.getInteger("variablesReference");
  const VariableTable::Entry* entry = reference ? variables_.find(*reference) : nullptr;
  if (!entry)
    return fail("variables: no variables reference " + (reference ? std::to_string(*reference) : std::string("given")) +
                " (references last until the program moves)");
  Array list;
  if (entry->scope) {
    const VariableScope scope = *entry->scope;
    list = scopeVariables(scope, formatOf(args));
  } else {
    // Copies: adding children's references grows the table under `entry`.
    const Value value = entry->value;
    const std::string name = entry->evaluateName;
    const std::optional<llvm::StringRef> filter = args.getString("filter");
    const bool indexed = value.kind == Value::Kind::Array;
    if (!filter || (*filter == "indexed") == indexed) {
      const std::vector<ValueChild> children = childrenOf(value, name);
      const size_t start = size_t(std::max<int64_t>(0, args.getInteger("start").value_or(0)));
      const int64_t count = args.getInteger("count").value_or(0);
      for (size_t k = start; k < children.size() && (count <= 0 || int64_t(k - start) < count); ++k)
        list.push_back(variables_.variable(children[k].name, "", *children[k].value, children[k].evaluateName, formatOf(args)));
    }
  }
  Reply r;
  r.body = Object{{"variables", std::move(list)}};
  return r;
}

Adapter::Reply Adapter::evaluate(const Object& args) {
  interp::debug::DebugSession& s = *session();
  const std::optional<llvm::StringRef> expression = args.getString("expression");
  if (!expression) return fail("evaluate: no 'expression'");
  std::optional<uint32_t> lane = s.tracedLane();
  if (std::optional<int64_t> frame = args.getInteger("frameId")) {
    lane = laneOfFrame(*frame);
    if (!lane) return fail("evaluate: no frame " + std::to_string(*frame));
  }
  const std::string text = expression->str();
  interp::debug::EvalResult r = s.evaluate(text, lane);
  if (!r.value) return fail("'" + text + "':" + std::to_string(r.error.column) + ": " + r.error.message);
  Reply reply;
  Object body{{"result", displayValue(*r.value, formatOf(args))}, {"type", jsonText(r.value->typeName)}, {"variablesReference", variables_.addValue(*r.value, text)}};
  if (r.value->kind == Value::Kind::Array) body["indexedVariables"] = int64_t(r.value->elements.size());
  reply.body = std::move(body);
  return reply;
}

}  // namespace sl::cli::dap
