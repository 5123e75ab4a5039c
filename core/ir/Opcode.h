// Instruction opcodes come from four families: SPIR-V core ops (keyed by their SPIR-V opcode
// number), GLSL.std.450 extended instructions, SPIR-T's qptr ops, and HLSL-level ops that
// passes legalize away before SPIR-V or DXIL is emitted. Function calls are a fifth form, and
// debug facts about HLSL variables (`dbg.*`, only when variable debug info is asked for) a sixth.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace sl::ir {

enum class OpFamily : uint8_t { Spv, Glsl, Qptr, Hlsl, Call, Debug };

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
  // (handle, coords [, imm loadFlags [, value sampleIndex] [, value offset]]) -> value (typed
  // buffers, textures). loadFlags (LoadFlag::*): MipInCoord = the last coords component is the
  // mip level (Texture*.Load(int3)); SampleIndex/Offset = those operands follow, in that order.
  ResourceLoad,
  // (handle, coords, value).
  ResourceStore,
  // (handle, imm what [, value lod]) -> u32 or uint vector. Buffers: what 0 = element count,
  // 1 = structure stride. Textures: what 0 = size (uint vector: width[, height][, depth or array
  // layers]; with the lod operand, of that mip level), 2 = number of mip levels, 3 = samples.
  ResourceDimensions,
  // (counter handle) -> old value (+1 / -1).
  CounterIncrement,
  CounterDecrement,
  // (image handle, sampler handle, value coords, imm sampleFlags [, value dref] [, value lod or
  // bias] [, value ddx, value ddy] [, value offset] [, value minLodClamp]) -> texel (the HLSL
  // return type: vector for Sample*, float scalar with SampleFlag::Cmp). Optional operands appear
  // exactly when their SampleFlag bit is set, in this order. Coordinates include the array layer.
  // A combined image-sampler handle (vk::SampledTexture*) is passed as both image and sampler.
  // Offset: integer vector; constant -> ConstOffset, else Offset.
  ResourceSample,
  // (image handle, sampler handle, value coords, imm component 0-3, imm sampleFlags [, value dref]
  // [, value offset]) -> 4-vector. Only SampleFlag::Cmp (component must be 0) and ::Offset apply.
  ResourceGather,
  // (image handle, sampler handle, value coords, imm unclamped 0/1) -> float
  // (CalculateLevelOfDetail / ...Unclamped).
  ResourceCalculateLod,
  // (handle, coords, imm SPIR-V atomic opcode, value [, value comparator]) -> the element's old
  // value. Interlocked* on an element of a typed buffer or texture whose handle is not a
  // declaration (a descriptor heap's): the backend makes the texel pointer. The opcode is one of
  // OpAtomicIAdd/And/Or/Xor/SMin/SMax/UMin/UMax/Exchange, or OpAtomicCompareExchange with the
  // comparator (stores `value` where the element equals it).
  ResourceAtomic,
};

// Debug facts about a declared HLSL variable (Module::debugVars): no result, no effect on the
// code; the SPIR-V writer emits them as NonSemantic.Shader.DebugInfo.100 or drops them.
//   Declare: (imm var, value pointer) -- the variable lives in this memory from here on
//   Value:   (imm var, value v [, imm index...]) -- the variable (or the member/component the
//            indexes name) now equals v
//   Printf:  (imm format, value...) -- HLSL printf (Module::printfFormats[format]): unlike the
//            two above it is output, kept with or without debug info; SPIR-V emits
//            NonSemantic.DebugPrintf, DXIL drops it (as DXC does)
enum class DebugOp : uint16_t {
  Declare,
  Value,
  Printf,
};

// Immediate flag bits of hlsl.resource_sample / hlsl.resource_gather.
namespace SampleFlag {
inline constexpr uint32_t Bias = 1u << 0;    // + value bias (SampleBias)
inline constexpr uint32_t Lod = 1u << 1;     // + value lod (SampleLevel, SampleCmpLevel[Zero])
inline constexpr uint32_t Grad = 1u << 2;    // + value ddx, value ddy (SampleGrad)
inline constexpr uint32_t Cmp = 1u << 3;     // + value dref, placed first (SampleCmp*, GatherCmp*)
inline constexpr uint32_t Offset = 1u << 4;  // + value offset
inline constexpr uint32_t Clamp = 1u << 5;   // + value minLodClamp (MinLod, SPIR-V MinLod capability)
}  // namespace SampleFlag

// Immediate flag bits of hlsl.resource_load (MipInCoord keeps the value 1 of the old layout).
namespace LoadFlag {
inline constexpr uint32_t MipInCoord = 1u << 0;
inline constexpr uint32_t SampleIndex = 1u << 1;
inline constexpr uint32_t Offset = 1u << 2;
}  // namespace LoadFlag

struct Opcode {
  OpFamily family = OpFamily::Spv;
  uint16_t code = 0;

  static constexpr Opcode spv(uint32_t op) { return {OpFamily::Spv, static_cast<uint16_t>(op)}; }
  static constexpr Opcode glsl(uint32_t number) { return {OpFamily::Glsl, static_cast<uint16_t>(number)}; }
  static constexpr Opcode qptr(QptrOp op) { return {OpFamily::Qptr, static_cast<uint16_t>(op)}; }
  static constexpr Opcode hlsl(HlslOp op) { return {OpFamily::Hlsl, static_cast<uint16_t>(op)}; }
  static constexpr Opcode call() { return {OpFamily::Call, 0}; }
  static constexpr Opcode debug(DebugOp op) { return {OpFamily::Debug, static_cast<uint16_t>(op)}; }

  bool isSpv(uint32_t op) const { return family == OpFamily::Spv && code == op; }
  bool isQptr(QptrOp op) const { return family == OpFamily::Qptr && code == static_cast<uint16_t>(op); }
  bool isHlsl(HlslOp op) const { return family == OpFamily::Hlsl && code == static_cast<uint16_t>(op); }
  bool isDebug(DebugOp op) const { return family == OpFamily::Debug && code == static_cast<uint16_t>(op); }
  friend bool operator==(Opcode, Opcode) = default;
};

const char* qptrOpName(QptrOp op);  // "func_local_var", ...
const char* hlslOpName(HlslOp op);  // "handle_from_binding", ...
const char* debugOpName(DebugOp op);  // "declare", "value"
// The printed name with its family prefix: "spv.OpIAdd", "glsl.FClamp", "qptr.offset",
// "hlsl.handle_from_heap", "call", "dbg.declare".
std::string opcodeName(Opcode op);

}  // namespace sl::ir
