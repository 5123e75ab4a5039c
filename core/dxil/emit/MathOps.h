// GLSL.std.450 instructions (what irgen emits for HLSL's math intrinsics) for the DXIL back end,
// as DXC lowers the HLSL intrinsics: an LLVM intrinsic where DXIL has the operation
// (llvm.sin -> dx.op.unary Sin, llvm.umax -> dx.op.binary UMax, ...), our llvm.dx.* where LLVM
// has none (frac, rsqrt, saturate, isinf, isnan, firstbit*, dot2-4), and DXC's expansions for
// the rest (exp/log through base 2, pow, atan2, lerp, step, smoothstep, length, cross, ...).
// OpLowering turns the intrinsics into dx.op calls (lowerMath).
#pragma once

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <cstdint>
#include <span>
#include <vector>

namespace sl::dxil {

// The value of GLSL.std.450 instruction `number` on `args` (scalars or vectors of one type), or
// null when it has no DXIL form here.
llvm::Value* emitGlslOp(llvm::IRBuilder<>& b, llvm::Module& m, uint32_t number, std::span<llvm::Value* const> args);

// dot(a, b) of two float vectors (llvm.dx.dot2/3/4, as DXC's dx.op.dot2/3/4).
llvm::Value* emitDot(llvm::IRBuilder<>& b, llvm::Module& m, llvm::Value* a, llvm::Value* c);

// isnan / isinf (llvm.dx.isnan/isinf -> dx.op.isSpecialFloat).
llvm::Value* emitIsSpecial(llvm::IRBuilder<>& b, llvm::Module& m, bool inf, llvm::Value* x);

// SPIR-V matrix instructions (OpTranspose, OpMatrixTimesScalar/Vector/Matrix,
// OpVectorTimesMatrix, OpOuterProduct) on matrices held as arrays of column vectors, expanded into
// vector multiplies, adds and dot products; null for another opcode or mismatched operands.
llvm::Value* emitMatrixOp(llvm::IRBuilder<>& b, llvm::Module& m, uint32_t opcode, llvm::Value* a, llvm::Value* c);

class DxilOps;

// Replaces every math intrinsic call above with its dx.op (unary, unaryBits, isSpecialFloat,
// binary, tertiary, dot2-4), per component for vectors; the replaced calls are appended to
// `dead` for the caller to erase.
void lowerMathIntrinsics(llvm::Module& m, DxilOps& ops, std::vector<llvm::Instruction*>& dead);

}  // namespace sl::dxil
