// Instruction opcodes come from four families: SPIR-V core ops (keyed by their SPIR-V opcode
// number), GLSL.std.450 extended instructions, SPIR-T's qptr ops, and HLSL-level ops that
// passes legalize away before SPIR-V or DXIL is emitted. Function calls are a fifth form.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace sl::ir {

enum class OpFamily : uint8_t { Spv, Glsl, Qptr, Hlsl, Call };

// SPIR-T's qptr op set (design/qptr.md §3). Immediates:
//   FuncLocalVar: size, align [, initializer value operand]
//   BufferDynLen: fixed_base_size, dyn_unit_stride
//   Offset: signed byte offset (as uint32)
//   DynOffset: stride [, index_bounds start, end (as int32)]
enum class QptrOp : uint16_t {
  FuncLocalVar,
  HandleArrayIndex,
  BufferData,
  BufferDynLen,
  Offset,
  DynOffset,
  Load,
  Store,
};

// HLSL-level ops emitted by irgen; legalization passes turn them into SPIR-V or DXIL forms.
enum class HlslOp : uint16_t {
  // (imm space, imm binding, imm rangeSize [, value arrayIndex]) -> hlsl.resource handle.
  // rangeSize 0 = unbounded; imm binding UINT32_MAX = implicit binding (assigned by a pass).
  HandleFromBinding,
  // (value heapIndex) -> handle of the result type (ResourceDescriptorHeap/SamplerDescriptorHeap
  // is implied by the result type: samplers come from the sampler heap).
  HandleFromHeap,
  // (value heapIndex) -> the counter handle of a heap RW/Append/Consume structured buffer.
  CounterHandleFromHeap,
  // (handle, value index) -> pointer to the element (structured/byte-address buffers, cbuffers).
  ResourceElementPtr,
  // (handle, coords...) -> value (typed buffers, textures).
  ResourceLoad,
  // (handle, coords, value).
  ResourceStore,
  // (handle) -> element count (buffers) or size vector (textures).
  ResourceDimensions,
  // (counter handle) -> old value (+1 / -1).
  CounterIncrement,
  CounterDecrement,
};

struct Opcode {
  OpFamily family = OpFamily::Spv;
  uint16_t code = 0;

  static constexpr Opcode spv(uint32_t op) { return {OpFamily::Spv, static_cast<uint16_t>(op)}; }
  static constexpr Opcode glsl(uint32_t number) { return {OpFamily::Glsl, static_cast<uint16_t>(number)}; }
  static constexpr Opcode qptr(QptrOp op) { return {OpFamily::Qptr, static_cast<uint16_t>(op)}; }
  static constexpr Opcode hlsl(HlslOp op) { return {OpFamily::Hlsl, static_cast<uint16_t>(op)}; }
  static constexpr Opcode call() { return {OpFamily::Call, 0}; }

  bool isSpv(uint32_t op) const { return family == OpFamily::Spv && code == op; }
  bool isQptr(QptrOp op) const { return family == OpFamily::Qptr && code == static_cast<uint16_t>(op); }
  bool isHlsl(HlslOp op) const { return family == OpFamily::Hlsl && code == static_cast<uint16_t>(op); }
  friend bool operator==(Opcode, Opcode) = default;
};

const char* qptrOpName(QptrOp op);  // "func_local_var", ...
const char* hlslOpName(HlslOp op);  // "handle_from_binding", ...
// The printed name with its family prefix: "spv.OpIAdd", "glsl.FClamp", "qptr.offset",
// "hlsl.handle_from_heap", "call".
std::string opcodeName(Opcode op);

}  // namespace sl::ir
