// Names of the llvm.dx.* intrinsics the `llvm` stage uses, shaped as upstream Clang emits them
// for DXIL (../shared/design/dxil.md §0, §3). Debian's LLVM 19 has no DirectX target and knows
// only a few of them (thread ids), so the rest are plain declarations with these names; the
// lowering passes match calls by name prefix, never by Intrinsic::ID.
#pragma once

#include <string_view>

namespace sl::dxil::intrinsics {

// (i32 space, i32 lowerBound, i32 rangeSize (-1 = unbounded), i32 index in range, i1 nonUniform)
//   -> target("dx.*")
inline constexpr std::string_view kHandleFromBinding = "llvm.dx.resource.handlefrombinding";
// (i32 orderId, i32 space, i32 rangeSize, i32 index in range, i1 nonUniform) -> target("dx.*");
// the register is assigned by the resource analysis (DXC's implicit binding rules).
inline constexpr std::string_view kHandleFromImplicitBinding =
    "llvm.dx.resource.handlefromimplicitbinding";
// (i32 heapIndex) -> target("dx.*"); the heap (resources or samplers) follows from the type.
inline constexpr std::string_view kHandleFromHeap = "llvm.dx.resource.handlefromheap";
// (i32 index) -> i32: marks an index NonUniformResourceIndex.
inline constexpr std::string_view kNonUniformIndex = "llvm.dx.resource.nonuniformindex";
// (handle, i32 index) -> {T, i1 checkBit}
inline constexpr std::string_view kLoadTypedBuffer = "llvm.dx.resource.load.typedbuffer";
// (handle, i32 index, T value)
inline constexpr std::string_view kStoreTypedBuffer = "llvm.dx.resource.store.typedbuffer";
// (handle, i32 index, i32 byteOffset) -> {T, i1}; ByteAddressBuffer: index is the byte address
// and the offset is poison.
inline constexpr std::string_view kLoadRawBuffer = "llvm.dx.resource.load.rawbuffer";
// (handle, i32 index, i32 byteOffset, T value)
inline constexpr std::string_view kStoreRawBuffer = "llvm.dx.resource.store.rawbuffer";
// (cbuffer handle, i32 row) -> {T, T, T, T}: one 16-byte row of a constant buffer.
inline constexpr std::string_view kLoadCBufferRow = "llvm.dx.resource.load.cbufferrow.4";
// The same for 64-bit members ({T, T}) and 16-bit ones ({T x 8}).
inline constexpr std::string_view kLoadCBufferRow2 = "llvm.dx.resource.load.cbufferrow.2";
inline constexpr std::string_view kLoadCBufferRow8 = "llvm.dx.resource.load.cbufferrow.8";
// (T a, T b, T c) -> a * b + c for integers (irgen's attr hlsl.mad): IMad / UMad, as upstream
// Clang names them.
inline constexpr std::string_view kIMad = "llvm.dx.imad";
inline constexpr std::string_view kUMad = "llvm.dx.umad";
// (handle, i32 DXIL AtomicBinOpCode, i32 c0, i32 c1, i32 c2, T value) -> old T — ours (no
// settled upstream form yet); the coordinates as dx.op.atomicBinOp takes them (structured:
// index, byte offset; raw: byte address; typed: the element's coordinates), unused ones poison.
inline constexpr std::string_view kAtomicBinOp = "llvm.dx.resource.atomicbinop";
// (handle, i32 c0, i32 c1, i32 c2, T comparand, T value) -> old T — ours; the coordinates as
// dx.op.atomicCompareExchange takes them (structured: index, byte offset; raw: byte address;
// typed: the element's coordinates), unused ones poison.
inline constexpr std::string_view kAtomicCmpXchg = "llvm.dx.resource.atomiccmpxchg";
// (handle, i8 direction (+1/-1)) -> i32
inline constexpr std::string_view kUpdateCounter = "llvm.dx.resource.updatecounter";
// (handle) -> i32 element count (buffers).
inline constexpr std::string_view kGetDimensionsX = "llvm.dx.resource.getdimensions.x";
// Textures (upstream-shaped; the offset is an i32 or <n x i32> sized by the texture kind, zero
// when HLSL gave none; clamp/lod/bias/compare are float, a missing clamp is poison). All return
// the HLSL result type (the texel vector, or float for the comparison forms).
//   sample (tex, sampler, coords, offset, clamp)
//   samplebias (tex, sampler, coords, offset, bias, clamp)
//   samplelevel (tex, sampler, coords, offset, lod)
//   samplegrad (tex, sampler, coords, offset, ddx, ddy, clamp)
//   samplecmp (tex, sampler, coords, offset, compare, clamp)
//   samplecmplevelzero (tex, sampler, coords, offset, compare)
//   samplecmplevel (tex, sampler, coords, offset, compare, lod)
//   gather (tex, sampler, coords, offset, i32 channel) -> 4-vector
//   gathercmp (tex, sampler, coords, offset, i32 channel, compare) -> 4-vector
inline constexpr std::string_view kSample = "llvm.dx.resource.sample";
inline constexpr std::string_view kSampleBias = "llvm.dx.resource.samplebias";
inline constexpr std::string_view kSampleLevel = "llvm.dx.resource.samplelevel";
inline constexpr std::string_view kSampleGrad = "llvm.dx.resource.samplegrad";
inline constexpr std::string_view kSampleCmp = "llvm.dx.resource.samplecmp";
inline constexpr std::string_view kSampleCmpLevelZero = "llvm.dx.resource.samplecmplevelzero";
inline constexpr std::string_view kSampleCmpLevel = "llvm.dx.resource.samplecmplevel";
inline constexpr std::string_view kGather = "llvm.dx.resource.gather";
inline constexpr std::string_view kGatherCmp = "llvm.dx.resource.gathercmp";
// (tex, i32 coords (scalar or vector, without the mip), i32 mip or sample index (poison for RW
// textures), offset) -> T
inline constexpr std::string_view kLoadTexture = "llvm.dx.resource.load.texture";
// (tex, i32 coords, T value)
inline constexpr std::string_view kStoreTexture = "llvm.dx.resource.store.texture";
// (tex, i32 mip (poison for RW and MS textures)) -> {i32, i32, i32, i32}: width, height,
// depth or array size, mip levels or sample count (dx.op.getDimensions' fields).
inline constexpr std::string_view kGetDimensionsTexture = "llvm.dx.resource.getdimensions.texture";
// (tex, sampler, coords, i1 clamped) -> float
inline constexpr std::string_view kCalculateLod = "llvm.dx.resource.calculatelod";
// Wave and quad ops (ours; WaveOps.h), each the DXIL op's operands without the opcode, so
// lowering only prepends it. T is a scalar; names are chosen so that none prefixes another.
//   isfirstlane () -> i1; getlaneindex () -> i32; getlanecount () -> i32
//   anytrue (i1) -> i1; alltrue (i1) -> i1; allequal (T) -> i1
//   ballot (i1) -> {i32, i32, i32, i32}; activecountbits (i1) -> i32; prefixcountbits (i1) -> i32
//   readlaneat (T, i32 lane) -> T; readfirst (T) -> T
//   activeop (T, i8 WaveOpKind, i8 SignedOpKind) -> T; prefixop (same) -> T
//   activebit (T, i8 WaveBitOpKind) -> T
//   quad.readlaneat (T, i32 quadLane) -> T; quad.op (T, i8 QuadOpKind) -> T
//   SM 6.5: match (T) -> {i32, i32, i32, i32};
//   multiprefixop (T, i32 mask0..mask3, i8 MultiPrefixOpKind, i8 SignedOpKind) -> T;
//   multiprefixbitcount (i1, i32 mask0..mask3) -> i32
inline constexpr std::string_view kWaveIsFirstLane = "llvm.dx.wave.isfirstlane";
inline constexpr std::string_view kWaveGetLaneIndex = "llvm.dx.wave.getlaneindex";
inline constexpr std::string_view kWaveGetLaneCount = "llvm.dx.wave.getlanecount";
inline constexpr std::string_view kWaveAnyTrue = "llvm.dx.wave.anytrue";
inline constexpr std::string_view kWaveAllTrue = "llvm.dx.wave.alltrue";
inline constexpr std::string_view kWaveAllEqual = "llvm.dx.wave.allequal";
inline constexpr std::string_view kWaveBallot = "llvm.dx.wave.ballot";
inline constexpr std::string_view kWaveActiveCountBits = "llvm.dx.wave.activecountbits";
inline constexpr std::string_view kWavePrefixCountBits = "llvm.dx.wave.prefixcountbits";
inline constexpr std::string_view kWaveReadLaneAt = "llvm.dx.wave.readlaneat";
inline constexpr std::string_view kWaveReadFirst = "llvm.dx.wave.readfirst";
inline constexpr std::string_view kWaveActiveOp = "llvm.dx.wave.activeop";
inline constexpr std::string_view kWavePrefixOp = "llvm.dx.wave.prefixop";
inline constexpr std::string_view kWaveActiveBit = "llvm.dx.wave.activebit";
inline constexpr std::string_view kWaveMatch = "llvm.dx.wave.match";
inline constexpr std::string_view kWaveMultiPrefixOp = "llvm.dx.wave.multiprefixop";
inline constexpr std::string_view kWaveMultiPrefixBitCount = "llvm.dx.wave.multiprefixbitcount";
inline constexpr std::string_view kQuadReadLaneAt = "llvm.dx.quad.readlaneat";
inline constexpr std::string_view kQuadOp = "llvm.dx.quad.op";
// () barriers; upstream has the group-sync form; the mode form is ours for the other barriers.
inline constexpr std::string_view kGroupMemoryBarrierWithGroupSync =
    "llvm.dx.group.memory.barrier.with.group.sync";
// (i32 DXIL barrier mode) — ours: covers every HLSL barrier with one declaration.
inline constexpr std::string_view kBarrier = "llvm.dx.barrier";
// Thread ids (LLVM 19 knows these): (i32 component) -> i32; flattened: () -> i32.
inline constexpr std::string_view kThreadId = "llvm.dx.thread.id";
inline constexpr std::string_view kGroupId = "llvm.dx.group.id";
inline constexpr std::string_view kThreadIdInGroup = "llvm.dx.thread.id.in.group";
inline constexpr std::string_view kFlattenedThreadIdInGroup = "llvm.dx.flattened.thread.id.in.group";
// Vertex/pixel stage I/O (upstream Clang's entry wrapper, seed 0047): one call per element row,
// overloaded on the row's type (T or <cols x T>; bools travel as i32).
//   load.input (i32 SigId, i32 row, i8 firstCol, i32 vertexAxis (poison outside GS/HS/DS)) -> row
//   store.output (i32 SigId, i32 row, i8 firstCol, row value)
inline constexpr std::string_view kLoadInput = "llvm.dx.load.input";
inline constexpr std::string_view kStoreOutput = "llvm.dx.store.output";
// Pixel-shader derivatives, overloaded on the float type: (x) -> x. HLSL ddx/ddy are the coarse ones.
inline constexpr std::string_view kDdxCoarse = "llvm.dx.ddx.coarse";
inline constexpr std::string_view kDdyCoarse = "llvm.dx.ddy.coarse";
inline constexpr std::string_view kDdxFine = "llvm.dx.ddx.fine";
inline constexpr std::string_view kDdyFine = "llvm.dx.ddy.fine";
// (i1 condition): discard the pixel when true (does not end the invocation).
inline constexpr std::string_view kDiscard = "llvm.dx.discard";

}  // namespace sl::dxil::intrinsics
