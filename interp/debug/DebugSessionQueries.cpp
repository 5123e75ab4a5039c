// Questions over a whole trace rather than at a stop: "break where" (every lane of the traced
// wave, every time it starts a line, with the condition evaluated for that lane at that step; a
// lane starts a line at a step it executes when its previous located step in the same frame was
// on another line, which is what a breakpoint means for the traced lane) and the buffer and
// groupshared elements the traced invocation read and wrote in a range of steps.
#include <spirv/unified1/spirv.hpp>

#include <algorithm>
#include <cstring>
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

namespace {

std::string hexBytes(const uint8_t* bytes, uint32_t size) {
  static const char* digits = "0123456789abcdef";
  std::string s = "0x";
  for (uint32_t k = size; k-- > 0;) s += std::string{digits[bytes[k] >> 4], digits[bytes[k] & 15]};
  return s;
}

}  // namespace

std::string DebugSession::describeAccess(ObjectKind kind, uint32_t index, uint64_t offset, uint32_t size, const uint8_t* memory,
                                         uint32_t registerType) const {
  // The variable holding the bytes: a buffer by its global index, a groupshared variable by
  // the offset range it covers in the workgroup's memory.
  std::string name;
  uint32_t layout = 0;
  if (kind == ObjectKind::Workgroup) {
    name = "groupshared";
    for (const GlobalVariable& g : module_.globals)
      if (g.storageClass == spv::StorageClassWorkgroup && g.layout && offset >= g.offset &&
          offset < g.offset + std::max<uint64_t>(module_.layout(g.layout).size, 1)) {
        if (!g.name.empty()) name = g.name;
        layout = g.layout;
        offset -= g.offset;
      }
  } else if (kind == ObjectKind::PushConstant) {
    for (const GlobalVariable& g : module_.globals)
      if (g.storageClass == spv::StorageClassPushConstant) name = g.name.empty() ? "push constants" : g.name, layout = g.layout;
    if (name.empty()) name = "push constants";
  } else if (index < module_.globals.size()) {
    const GlobalVariable& g = module_.globals[index];
    name = g.name.empty() ? "buffer %" + std::to_string(g.id) : g.name;
    layout = g.layout;
  } else if (const size_t element = index - module_.globals.size(); element < trace_->elementSlots.size()) {
    // An element of a descriptor array (a heap slot): its resource's label, its array's layout.
    const DebugTrace::ElementSlot& slot = trace_->elementSlots[element];
    name = slot.label.empty() ? "buffer " + std::to_string(index) : slot.label;
    if (slot.global < module_.globals.size()) layout = module_.globals[slot.global].layout;
  } else {
    name = "buffer " + std::to_string(index);
  }
  // The value as read (a register of the load's type) or as memory now holds it (a layout node).
  auto valueText = [&](uint32_t node) {
    if (registerType) return formatValue(readRegister(module_, registerType, memory, &info_.memberNames));
    return formatValue(readMemory(module_, node, memory, &info_.memberNames));
  };
  // "Name[e] = value" when the access is exactly one element of an array (a structured buffer's
  // runtime array, a groupshared array), "Name = value" for the whole variable, else
  // "Name +offset (N bytes) = 0x...".
  if (layout) {
    const LayoutNode& node = module_.layout(layout);
    const TypeKind typeKind = module_.type(node.type).kind;
    auto element = [&](const LayoutNode& array, uint64_t within) -> std::optional<std::string> {
      if (!array.stride || array.children.empty() || within % array.stride) return std::nullopt;
      if (size != module_.layout(array.children[0]).size) return std::nullopt;
      return name + "[" + std::to_string(within / array.stride) + "] = " + valueText(array.children[0]);
    };
    if (typeKind == TypeKind::Array || typeKind == TypeKind::RuntimeArray) {
      if (auto text = element(node, offset)) return *text;
    } else if (typeKind == TypeKind::Struct) {
      for (size_t k = 0; k < node.children.size() && k < node.offsets.size(); ++k) {
        const LayoutNode& member = module_.layout(node.children[k]);
        const TypeKind memberKind = module_.type(member.type).kind;
        if ((memberKind == TypeKind::Array || memberKind == TypeKind::RuntimeArray) && offset >= node.offsets[k])
          if (auto text = element(member, offset - node.offsets[k])) return *text;
        // A cbuffer member read or written whole: "Constants.scale = 2".
        if (offset == node.offsets[k] && size == member.size)
          if (node.type < info_.memberNames.size() && k < info_.memberNames[node.type].size() && !info_.memberNames[node.type][k].empty())
            return name + "." + info_.memberNames[node.type][k] + " = " + valueText(node.children[k]);
      }
    } else if (size == node.size && offset == 0) {
      return name + " = " + valueText(layout);
    }
  }
  if (registerType) return name + " +" + std::to_string(offset) + " (" + std::to_string(size) + " bytes) = " +
                           formatValue(readRegister(module_, registerType, memory, &info_.memberNames));
  return name + " +" + std::to_string(offset) + " (" + std::to_string(size) + " bytes) = " + hexBytes(memory, size);
}

std::vector<std::string> DebugSession::writes(size_t from, size_t to) const {
  std::vector<std::string> out;
  const auto& steps = trace_->steps;
  for (size_t s = from; s < to && s < steps.size(); ++s) {
    const TraceStep& step = steps[s];
    for (uint32_t w = step.firstWrite; w < step.firstWrite + step.writeCount && w < trace_->writes.size(); ++w) {
      const TraceWrite& write = trace_->writes[w];
      if (write.lane != trace_->lane) continue;
      if (write.kind != ObjectKind::Workgroup && write.kind != ObjectKind::Buffer) continue;
      out.push_back(describeAccess(write.kind, write.index, write.offset, write.size, trace_->bytes.data() + write.after, 0));
    }
  }
  return out;
}

std::vector<std::string> DebugSession::reads(size_t from, size_t to) const {
  std::vector<std::string> out;
  const auto& steps = trace_->steps;
  // How far back a load's pointer is looked for (its access chain runs just before it).
  constexpr size_t kPointerSearch = 4096;
  for (size_t s = from; s < to && s < steps.size(); ++s) {
    const TraceStep& step = steps[s];
    if (!step.active.test(trace_->lane)) continue;
    const Function& fn = module_.functions[step.function];
    const Inst& inst = fn.insts[step.inst];
    if (inst.opcode != spv::OpLoad || inst.operandCount < 1) continue;
    const uint8_t* loaded = trace_->valueOf(s, trace_->lane);
    if (!loaded || inst.resultId >= module_.typeOf.size()) continue;
    const uint32_t pointerId = fn.operandIds[inst.firstOperand];
    // The pointer: a module variable itself, or the value its defining instruction last gave
    // the lane before this load, in the same frame.
    Pointer pointer;
    bool found = false;
    const auto global = std::find_if(module_.globals.begin(), module_.globals.end(), [&](const GlobalVariable& v) { return v.id == pointerId; });
    if (global != module_.globals.end()) {
      // Inputs and privates are the lane's own variables, not memory it shares: not listed.
      const spv::StorageClass storage = spv::StorageClass(global->storageClass);
      if (storage == spv::StorageClassWorkgroup) pointer.object = makeObject(ObjectKind::Workgroup, 0), pointer.offset = global->offset;
      else if (storage == spv::StorageClassPushConstant) pointer.object = makeObject(ObjectKind::PushConstant, 0);
      else if (storage == spv::StorageClassUniform || storage == spv::StorageClassStorageBuffer)
        pointer.object = makeObject(ObjectKind::Buffer, uint32_t(global - module_.globals.begin()));
      else continue;
      pointer.layout = global->layout;
      found = true;
    }
    if (!found) {
      auto def = definingInst_[step.function].find(pointerId);
      if (def == definingInst_[step.function].end()) continue;
      const uint32_t frame = cursor_.frameOf(s);
      for (size_t back = s; back-- > 0 && s - back <= kPointerSearch;) {
        if (cursor_.frameOf(back) != frame) continue;
        if (steps[back].inst != def->second || steps[back].function != step.function) continue;
        if (const uint8_t* bytes = trace_->valueOf(back, trace_->lane); bytes && steps[back].valueSize >= sizeof(Pointer)) {
          std::memcpy(&pointer, bytes, sizeof(Pointer));
          found = true;
        }
        break;
      }
    }
    if (!found) continue;
    const ObjectKind kind = objectKind(pointer.object);
    if (kind != ObjectKind::Buffer && kind != ObjectKind::Workgroup && kind != ObjectKind::PushConstant) continue;
    const uint32_t type = module_.typeOf[inst.resultId];
    const uint32_t size = pointer.layout ? module_.layout(pointer.layout).size : step.valueSize;
    out.push_back(describeAccess(kind, objectIndex(pointer.object), pointer.offset, size, loaded, type));
  }
  return out;
}

}  // namespace sl::interp::debug
