#include "core/ir/Opcode.h"

#include "core/ir/SpirvGrammar.h"

namespace sl::ir {

const char* qptrOpName(QptrOp op) {
  switch (op) {
    case QptrOp::FuncLocalVar: return "func_local_var";
    case QptrOp::HandleArrayIndex: return "handle_array_index";
    case QptrOp::BufferData: return "buffer_data";
    case QptrOp::BufferDynLen: return "buffer_dyn_len";
    case QptrOp::Offset: return "offset";
    case QptrOp::DynOffset: return "dyn_offset";
    case QptrOp::Load: return "load";
    case QptrOp::Store: return "store";
  }
  return "?";
}

const char* hlslOpName(HlslOp op) {
  switch (op) {
    case HlslOp::HandleFromBinding: return "handle_from_binding";
    case HlslOp::HandleFromHeap: return "handle_from_heap";
    case HlslOp::CounterHandleFromHeap: return "counter_handle_from_heap";
    case HlslOp::ResourceElementPtr: return "resource_element_ptr";
    case HlslOp::ResourceLoad: return "resource_load";
    case HlslOp::ResourceStore: return "resource_store";
    case HlslOp::ResourceDimensions: return "resource_dimensions";
    case HlslOp::CounterIncrement: return "counter_increment";
    case HlslOp::CounterDecrement: return "counter_decrement";
    case HlslOp::ResourceSample: return "resource_sample";
    case HlslOp::ResourceGather: return "resource_gather";
    case HlslOp::ResourceCalculateLod: return "resource_calculate_lod";
    case HlslOp::ResourceAtomic: return "resource_atomic";
  }
  return "?";
}

const char* debugOpName(DebugOp op) {
  switch (op) {
    case DebugOp::Declare: return "declare";
    case DebugOp::Value: return "value";
    case DebugOp::Printf: return "printf";
  }
  return "?";
}

std::string opcodeName(Opcode op) {
  switch (op.family) {
    case OpFamily::Spv: {
      const grammar::Instruction* inst = grammar::findInstruction(op.code);
      return inst ? "spv." + std::string(inst->name) : "spv.Op" + std::to_string(op.code);
    }
    case OpFamily::Glsl: {
      std::string_view name = grammar::glslInstName(op.code);
      return name.empty() ? "glsl." + std::to_string(op.code) : "glsl." + std::string(name);
    }
    case OpFamily::Qptr: return std::string("qptr.") + qptrOpName(static_cast<QptrOp>(op.code));
    case OpFamily::Hlsl: return std::string("hlsl.") + hlslOpName(static_cast<HlslOp>(op.code));
    case OpFamily::Call: return "call";
    case OpFamily::Debug: return std::string("dbg.") + debugOpName(static_cast<DebugOp>(op.code));
  }
  return "?";
}

}  // namespace sl::ir
