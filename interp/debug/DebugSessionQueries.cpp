// Questions over a whole trace rather than at a stop: "break where" (every lane of the traced
// wave, every time it starts a line, with the condition evaluated for that lane at that step; a
// lane starts a line at a step it executes when its previous located step in the same frame was
// on another line, which is what a breakpoint means for the traced lane) and the writes the
// traced invocation made in a range of steps.
#include <spirv/unified1/spirv.hpp>

#include <algorithm>
#include <optional>
#include <unordered_map>

#include "interp/debug/DebugSession.h"

namespace sl::interp::debug {

DebugSession::WhereResult DebugSession::breakWhere(uint32_t line, const std::string& condition) {
  WhereResult result;
  // The same resolution and parsing as a breakpoint's; no breakpoint is added.
  std::optional<Breakpoint> resolved = resolveBreakpoint(line, condition, "", result.error);
  if (!resolved) return result;
  const Breakpoint& bp = *resolved;
  result.line = bp.line;
  if (bp.line != line) result.note = "line " + std::to_string(line) + " has no code: the search moves to line " + std::to_string(bp.line);

  const size_t start = cursor_.position();
  const uint32_t width = trace_->width;
  // Per lane: its frame depth -> the line of its last located step there.
  std::vector<std::unordered_map<uint32_t, uint32_t>> lastLine(width);
  std::vector<uint32_t> arrivals(width, 0);
  std::string firstError;
  bool evaluated = false;
  const auto& steps = trace_->steps;
  for (size_t s = 0; s < activeEnd_ && s < steps.size(); ++s) {
    const TraceStep& step = steps[s];
    const Inst& inst = module_.functions[step.function].insts[step.inst];
    if (!inst.location || inst.location >= module_.locations.size()) continue;
    const SourceLocation& where = module_.locations[inst.location];
    if (!where.line) continue;
    const uint32_t depth = stepDepth(s);
    for (uint32_t lane = 0; lane < width; ++lane) {
      if (!step.active.test(lane) || !trace_->liveLanes.test(lane)) continue;
      auto& frames = lastLine[lane];
      // Frames deeper than this step's have returned: a new call starts fresh.
      for (auto it = frames.begin(); it != frames.end();) it = it->first > depth ? frames.erase(it) : std::next(it);
      const uint32_t key = where.file << 20 | where.line;
      auto [it, fresh] = frames.try_emplace(depth, key);
      const bool starts = fresh || it->second != key;
      it->second = key;
      if (!starts || where.file != bp.file || where.line != bp.line) continue;
      const uint32_t arrival = ++arrivals[lane];
      if (bp.parsed) {
        cursor_.moveTo(s);
        EvalResult r = evaluate(bp.condition, lane);
        if (r.value && !r.value->isScalar()) {
          result.error = "condition '" + bp.condition + "' is a " + r.value->typeName + ", not a scalar";
          result.hits.clear();
          cursor_.moveTo(start);
          return result;
        }
        // A name one lane cannot read here is that lane's miss; if no lane can, it is the error.
        if (!r.value) {
          if (firstError.empty()) firstError = "condition '" + bp.condition + "':" + std::to_string(r.error.column) + ": " + r.error.message;
          continue;
        }
        evaluated = true;
        if (!r.value->truthy()) continue;
      }
      WhereHit hit;
      hit.lane = lane;
      if (lane < trace_->laneLocalIds.size()) hit.localId = trace_->laneLocalIds[lane];
      hit.step = s;
      hit.arrival = arrival;
      result.hits.push_back(hit);
    }
  }
  cursor_.moveTo(start);
  if (!evaluated && !firstError.empty()) result.error = firstError;
  return result;
}

std::vector<std::string> DebugSession::writes(size_t from, size_t to) const {
  std::vector<std::string> out;
  const auto& steps = trace_->steps;
  auto hex = [](const uint8_t* bytes, uint32_t size) {
    static const char* digits = "0123456789abcdef";
    std::string s = "0x";
    for (uint32_t k = size; k-- > 0;) s += std::string{digits[bytes[k] >> 4], digits[bytes[k] & 15]};
    return s;
  };
  // "Name[e] = value" when the write is exactly one element of an array (a structured buffer's
  // runtime array, a groupshared array), else "Name +offset (N bytes) = 0x...".
  auto describe = [&](const std::string& name, uint32_t layout, uint64_t offset, const TraceWrite& write, const uint8_t* after) {
    if (layout) {
      const LayoutNode& node = module_.layout(layout);
      const TypeKind kind = module_.type(node.type).kind;
      auto element = [&](const LayoutNode& array, uint64_t within) -> std::optional<std::string> {
        if (!array.stride || array.children.empty() || within % array.stride) return std::nullopt;
        if (write.size != module_.layout(array.children[0]).size) return std::nullopt;
        return name + "[" + std::to_string(within / array.stride) + "] = " +
               formatValue(readMemory(module_, array.children[0], after, &info_.memberNames));
      };
      if (kind == TypeKind::Array || kind == TypeKind::RuntimeArray) {
        if (auto text = element(node, offset)) return *text;
      } else if (kind == TypeKind::Struct) {
        for (size_t k = 0; k < node.children.size() && k < node.offsets.size(); ++k) {
          const LayoutNode& member = module_.layout(node.children[k]);
          const TypeKind mk = module_.type(member.type).kind;
          if ((mk == TypeKind::Array || mk == TypeKind::RuntimeArray) && offset >= node.offsets[k])
            if (auto text = element(member, offset - node.offsets[k])) return *text;
        }
      } else if (write.size == node.size && offset == 0) {
        return name + " = " + formatValue(readMemory(module_, layout, after, &info_.memberNames));
      }
    }
    return name + " +" + std::to_string(offset) + " (" + std::to_string(write.size) + " bytes) = " + hex(after, write.size);
  };
  for (size_t s = from; s < to && s < steps.size(); ++s) {
    const TraceStep& step = steps[s];
    for (uint32_t w = step.firstWrite; w < step.firstWrite + step.writeCount && w < trace_->writes.size(); ++w) {
      const TraceWrite& write = trace_->writes[w];
      if (write.lane != trace_->lane) continue;
      const uint8_t* after = trace_->bytes.data() + write.after;
      if (write.kind == ObjectKind::Workgroup) {
        // The groupshared variable holding the offset.
        const GlobalVariable* holder = nullptr;
        for (const GlobalVariable& g : module_.globals)
          if (g.storageClass == spv::StorageClassWorkgroup && g.layout && write.offset >= g.offset &&
              write.offset < g.offset + std::max<uint64_t>(module_.layout(g.layout).size, 1))
            holder = &g;
        out.push_back(holder ? describe(holder->name.empty() ? "groupshared" : holder->name, holder->layout, write.offset - holder->offset, write, after)
                             : describe("groupshared", 0, write.offset, write, after));
      } else if (write.kind == ObjectKind::Buffer) {
        if (write.index < module_.globals.size()) {
          const GlobalVariable& g = module_.globals[write.index];
          out.push_back(describe(g.name.empty() ? "buffer %" + std::to_string(g.id) : g.name, g.layout, write.offset, write, after));
        } else {
          out.push_back(describe("buffer " + std::to_string(write.index), 0, write.offset, write, after));
        }
      }
    }
  }
  return out;
}

}  // namespace sl::interp::debug
