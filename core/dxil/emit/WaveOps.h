// Wave and quad operations for the DXIL back end: SPIR-V's OpGroupNonUniform* (what irgen emits
// for HLSL's Wave*/Quad* intrinsics) as llvm.dx.wave.* / llvm.dx.quad.* calls (DxIntrinsics.h),
// scalarized as DXIL's wave ops take scalars; OpLowering turns them into dx.op.wave* (110-123,
// 135, 136).
#pragma once

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <cstdint>
#include <string>
#include <vector>

namespace sl::dxil {

struct WaveOpInput {
  uint32_t opcode = 0;          // SPIR-V OpGroupNonUniform*
  uint32_t groupOperation = 0;  // Reduce or ExclusiveScan, for the ops that take one
  llvm::Value* value = nullptr; // the operand; the i1 condition for All/Any/Ballot/BallotBitCount
  llvm::Value* lane = nullptr;  // Shuffle/QuadBroadcast lane, QuadSwap direction
  bool isUnsigned = false;      // IAdd/IMul on integers: the operand type's signedness
  llvm::Value* mask = nullptr;  // <4 x i32> partition: PartitionedExclusiveScanNV, or the mask a
                                // BallotBitCount's ballot was ANDed with (WaveMultiPrefixCountBits)
};

// Whether `opcode` is a wave or quad op this module emits.
bool isWaveOp(uint32_t opcode);

// The call(s) for `in`; null with `error` set when the op has no DXIL form (an inclusive scan,
// a bitwise op on a float, ...).
llvm::Value* emitWaveOp(llvm::IRBuilder<>& b, llvm::Module& m, const WaveOpInput& in, std::string& error);

// WaveGetLaneIndex / WaveGetLaneCount (SPIR-V's SubgroupLocalInvocationId / SubgroupSize).
llvm::Value* emitLaneIndex(llvm::IRBuilder<>& b, llvm::Module& m);
llvm::Value* emitLaneCount(llvm::IRBuilder<>& b, llvm::Module& m);

class DxilOps;

// Replaces every wave/quad intrinsic call with its dx.op (the intrinsic's operands after the
// opcode); the replaced calls are appended to `dead` for the caller to erase.
void lowerWaveIntrinsics(llvm::Module& m, DxilOps& ops, std::vector<llvm::Instruction*>& dead);

}  // namespace sl::dxil
