#include "core/dxil/emit/WaveOps.h"

#include "core/dxil/emit/DxIntrinsics.h"
#include "core/dxil/lower/DxilOps.h"
#include "core/dxil/emit/ResourceTypes.h"

#include <spirv/unified1/spirv.hpp>

#include <functional>

namespace sl::dxil {

namespace dxi = sl::dxil::intrinsics;

namespace {

// DXIL's operation kinds (DxilConstants.h: WaveOpKind, SignedOpKind, WaveBitOpKind).
enum : uint8_t { kSum = 0, kProduct = 1, kMin = 2, kMax = 3 };
enum : uint8_t { kSigned = 0, kUnsigned = 1 };
enum : uint8_t { kBitAnd = 0, kBitOr = 1, kBitXor = 2 };
// MultiPrefixOpKind (SM 6.5).
enum : uint8_t { kMultiSum = 0, kMultiBitAnd = 1, kMultiBitOr = 2, kMultiBitXor = 3, kMultiProduct = 4 };

// A declaration of `name` (suffixed with the overload's type when one is given). Wave ops are
// convergent: nothing may move them across control flow.
llvm::FunctionCallee declare(llvm::Module& m, std::string_view name, llvm::Type* ret, std::vector<llvm::Type*> params,
                             llvm::Type* overload = nullptr) {
  return declareIntrinsic(m, name, ret, std::move(params), overload ? mangleTypeSuffix(overload) : std::string(),
                          IntrinsicEffects::Convergent);
}

// `op` on each component of a scalar or vector (DXIL's wave ops are scalar).
llvm::Value* perComponent(llvm::IRBuilder<>& b, llvm::Value* v, const std::function<llvm::Value*(llvm::Value*)>& op) {
  auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(v->getType());
  if (!vt) return op(v);
  llvm::Value* out = llvm::PoisonValue::get(vt);
  for (unsigned i = 0; i < vt->getNumElements(); ++i)
    out = b.CreateInsertElement(out, op(b.CreateExtractElement(v, b.getInt32(i))), b.getInt32(i));
  return out;
}

// T -> T calls with extra i8/i32 operands after the value.
llvm::Value* scalarCall(llvm::IRBuilder<>& b, llvm::Module& m, std::string_view name, llvm::Value* value,
                        std::vector<llvm::Value*> extra) {
  return perComponent(b, value, [&](llvm::Value* x) {
    std::vector<llvm::Type*> params{x->getType()};
    std::vector<llvm::Value*> args{x};
    for (llvm::Value* e : extra) {
      params.push_back(e->getType());
      args.push_back(e);
    }
    return b.CreateCall(declare(m, name, x->getType(), params, x->getType()), args);
  });
}

llvm::Value* conditionCall(llvm::IRBuilder<>& b, llvm::Module& m, std::string_view name, llvm::Type* ret, llvm::Value* cond) {
  return b.CreateCall(declare(m, name, ret, {b.getInt1Ty()}), {cond});
}

}  // namespace

bool isWaveOp(uint32_t opcode) {
  switch (opcode) {
    case spv::OpGroupNonUniformElect: case spv::OpGroupNonUniformAll: case spv::OpGroupNonUniformAny:
    case spv::OpGroupNonUniformAllEqual: case spv::OpGroupNonUniformBallot: case spv::OpGroupNonUniformBallotBitCount:
    case spv::OpGroupNonUniformBroadcastFirst: case spv::OpGroupNonUniformBroadcast: case spv::OpGroupNonUniformShuffle:
    case spv::OpGroupNonUniformQuadBroadcast: case spv::OpGroupNonUniformQuadSwap:
    case spv::OpGroupNonUniformIAdd: case spv::OpGroupNonUniformFAdd: case spv::OpGroupNonUniformIMul:
    case spv::OpGroupNonUniformFMul: case spv::OpGroupNonUniformSMin: case spv::OpGroupNonUniformUMin:
    case spv::OpGroupNonUniformFMin: case spv::OpGroupNonUniformSMax: case spv::OpGroupNonUniformUMax:
    case spv::OpGroupNonUniformFMax: case spv::OpGroupNonUniformBitwiseAnd: case spv::OpGroupNonUniformBitwiseOr:
    case spv::OpGroupNonUniformBitwiseXor: case spv::OpGroupNonUniformPartitionNV:
      return true;
    default:
      return false;
  }
}

llvm::Value* emitLaneIndex(llvm::IRBuilder<>& b, llvm::Module& m) {
  return b.CreateCall(declare(m, dxi::kWaveGetLaneIndex, b.getInt32Ty(), {}));
}
llvm::Value* emitLaneCount(llvm::IRBuilder<>& b, llvm::Module& m) {
  return b.CreateCall(declare(m, dxi::kWaveGetLaneCount, b.getInt32Ty(), {}));
}

llvm::Value* emitWaveOp(llvm::IRBuilder<>& b, llvm::Module& m, const WaveOpInput& in, std::string& error) {
  const bool reduce = in.groupOperation == spv::GroupOperationReduce;
  const bool prefix = in.groupOperation == spv::GroupOperationExclusiveScan;
  const bool partitioned = in.groupOperation == spv::GroupOperationPartitionedExclusiveScanNV;
  auto maskWords = [&] {
    std::vector<llvm::Value*> words;
    for (unsigned i = 0; i < 4; ++i) words.push_back(b.CreateExtractElement(in.mask, b.getInt32(i)));
    return words;
  };
  // WaveMultiPrefix*: the value, the mask's four words, the op kind and (for sum and product
  // on integers) the signedness, as DXC's waveMultiPrefixOp (bitwise kinds pass i8 0).
  auto multiPrefix = [&](uint8_t kind, uint8_t sign) -> llvm::Value* {
    if (!in.mask) {
      error = "a partitioned scan without its mask";
      return nullptr;
    }
    std::vector<llvm::Value*> extra = maskWords();
    extra.push_back(b.getInt8(kind));
    extra.push_back(b.getInt8(sign));
    return scalarCall(b, m, dxi::kWaveMultiPrefixOp, in.value, extra);
  };
  if (partitioned) {
    const bool isInt = in.value->getType()->getScalarType()->isIntegerTy();
    const uint8_t sign = in.isUnsigned ? kUnsigned : kSigned;
    switch (in.opcode) {
      case spv::OpGroupNonUniformIAdd: return multiPrefix(kMultiSum, sign);
      case spv::OpGroupNonUniformFAdd: return multiPrefix(kMultiSum, kSigned);
      case spv::OpGroupNonUniformIMul: return multiPrefix(kMultiProduct, sign);
      case spv::OpGroupNonUniformFMul: return multiPrefix(kMultiProduct, kSigned);
      case spv::OpGroupNonUniformBitwiseAnd: if (isInt) return multiPrefix(kMultiBitAnd, kSigned); break;
      case spv::OpGroupNonUniformBitwiseOr: if (isInt) return multiPrefix(kMultiBitOr, kSigned); break;
      case spv::OpGroupNonUniformBitwiseXor: if (isInt) return multiPrefix(kMultiBitXor, kSigned); break;
      default: break;
    }
    error = "this partitioned scan has no DXIL form (WaveMultiPrefix is sum, product and bitwise and/or/xor)";
    return nullptr;
  }
  auto arithmetic = [&](uint8_t kind, uint8_t sign) -> llvm::Value* {
    if (!reduce && !(prefix && (kind == kSum || kind == kProduct))) {
      error = "this wave scan (only WavePrefixSum/Product, exclusive) has no DXIL form";
      return nullptr;
    }
    return scalarCall(b, m, reduce ? dxi::kWaveActiveOp : dxi::kWavePrefixOp, in.value, {b.getInt8(kind), b.getInt8(sign)});
  };
  auto bitwise = [&](uint8_t kind) -> llvm::Value* {
    if (!reduce || !in.value->getType()->getScalarType()->isIntegerTy()) {
      error = "this wave bitwise operation has no DXIL form";
      return nullptr;
    }
    return scalarCall(b, m, dxi::kWaveActiveBit, in.value, {b.getInt8(kind)});
  };
  switch (in.opcode) {
    case spv::OpGroupNonUniformElect:
      return b.CreateCall(declare(m, dxi::kWaveIsFirstLane, b.getInt1Ty(), {}));
    case spv::OpGroupNonUniformAll: return conditionCall(b, m, dxi::kWaveAllTrue, b.getInt1Ty(), in.value);
    case spv::OpGroupNonUniformAny: return conditionCall(b, m, dxi::kWaveAnyTrue, b.getInt1Ty(), in.value);
    case spv::OpGroupNonUniformAllEqual: {
      if (in.value->getType()->isVectorTy()) {
        error = "WaveActiveAllEqual of a vector reaches the DXIL back end unsplit";
        return nullptr;
      }
      llvm::Type* t = in.value->getType();
      return b.CreateCall(declare(m, dxi::kWaveAllEqual, b.getInt1Ty(), {t}, t), {in.value});
    }
    case spv::OpGroupNonUniformBallot: {
      llvm::Type* i32 = b.getInt32Ty();
      llvm::Value* words = conditionCall(b, m, dxi::kWaveBallot, llvm::StructType::get(b.getContext(), {i32, i32, i32, i32}), in.value);
      llvm::Value* v = llvm::PoisonValue::get(llvm::FixedVectorType::get(i32, 4));
      for (unsigned i = 0; i < 4; ++i) v = b.CreateInsertElement(v, b.CreateExtractValue(words, {i}), b.getInt32(i));
      return v;
    }
    case spv::OpGroupNonUniformBallotBitCount:
      if (!reduce && !prefix) {
        error = "an inclusive ballot bit count has no DXIL form";
        return nullptr;
      }
      if (in.mask) {  // WaveMultiPrefixCountBits: the exclusive count of the ballot ANDed with a mask
        if (!prefix) {
          error = "only an exclusive count of a masked ballot has a DXIL form (WaveMultiPrefixCountBits)";
          return nullptr;
        }
        std::vector<llvm::Value*> args{in.value};
        std::vector<llvm::Type*> params{b.getInt1Ty()};
        for (llvm::Value* w : maskWords()) {
          args.push_back(w);
          params.push_back(w->getType());
        }
        return b.CreateCall(declare(m, dxi::kWaveMultiPrefixBitCount, b.getInt32Ty(), params), args);
      }
      return conditionCall(b, m, reduce ? dxi::kWaveActiveCountBits : dxi::kWavePrefixCountBits, b.getInt32Ty(), in.value);
    case spv::OpGroupNonUniformPartitionNV: {
      // WaveMatch: DXIL's waveMatch is scalar; a vector's component masks are ANDed, as DXC.
      llvm::Type* i32 = b.getInt32Ty();
      llvm::Type* words = llvm::StructType::get(b.getContext(), {i32, i32, i32, i32});
      auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(in.value->getType());
      const unsigned n = vt ? vt->getNumElements() : 1;
      llvm::Value* acc = nullptr;
      for (unsigned c = 0; c < n; ++c) {
        llvm::Value* x = vt ? b.CreateExtractElement(in.value, b.getInt32(c)) : in.value;
        llvm::Value* match = b.CreateCall(declare(m, dxi::kWaveMatch, words, {x->getType()}, x->getType()), {x});
        llvm::Value* v = llvm::PoisonValue::get(llvm::FixedVectorType::get(i32, 4));
        for (unsigned i = 0; i < 4; ++i) v = b.CreateInsertElement(v, b.CreateExtractValue(match, {i}), b.getInt32(i));
        acc = acc ? b.CreateAnd(acc, v) : v;
      }
      return acc;
    }
    case spv::OpGroupNonUniformBroadcastFirst: return scalarCall(b, m, dxi::kWaveReadFirst, in.value, {});
    case spv::OpGroupNonUniformBroadcast:
    case spv::OpGroupNonUniformShuffle: return scalarCall(b, m, dxi::kWaveReadLaneAt, in.value, {in.lane});
    case spv::OpGroupNonUniformQuadBroadcast: return scalarCall(b, m, dxi::kQuadReadLaneAt, in.value, {in.lane});
    case spv::OpGroupNonUniformQuadSwap: {
      auto* direction = llvm::dyn_cast<llvm::ConstantInt>(in.lane);
      if (!direction || direction->getZExtValue() > 2) {
        error = "QuadSwap needs a constant direction 0-2";
        return nullptr;
      }
      return scalarCall(b, m, dxi::kQuadOp, in.value, {b.getInt8(uint8_t(direction->getZExtValue()))});
    }
    case spv::OpGroupNonUniformIAdd: return arithmetic(kSum, in.isUnsigned ? kUnsigned : kSigned);
    case spv::OpGroupNonUniformFAdd: return arithmetic(kSum, kSigned);
    case spv::OpGroupNonUniformIMul: return arithmetic(kProduct, in.isUnsigned ? kUnsigned : kSigned);
    case spv::OpGroupNonUniformFMul: return arithmetic(kProduct, kSigned);
    case spv::OpGroupNonUniformSMin: case spv::OpGroupNonUniformFMin: return arithmetic(kMin, kSigned);
    case spv::OpGroupNonUniformUMin: return arithmetic(kMin, kUnsigned);
    case spv::OpGroupNonUniformSMax: case spv::OpGroupNonUniformFMax: return arithmetic(kMax, kSigned);
    case spv::OpGroupNonUniformUMax: return arithmetic(kMax, kUnsigned);
    case spv::OpGroupNonUniformBitwiseAnd: return bitwise(kBitAnd);
    case spv::OpGroupNonUniformBitwiseOr: return bitwise(kBitOr);
    case spv::OpGroupNonUniformBitwiseXor: return bitwise(kBitXor);
    default:
      error = "not a wave operation";
      return nullptr;
  }
}

void lowerWaveIntrinsics(llvm::Module& m, DxilOps& ops, std::vector<llvm::Instruction*>& dead) {
  llvm::IRBuilder<> b(m.getContext());
  llvm::Type* i32 = b.getInt32Ty();
  // Wave and quad ops: the intrinsic's operands after the opcode (DxIntrinsics.h); the overload
  // is the result's type, the operand's for allequal, none for the condition/lane-id forms.
  enum class Overload : uint8_t { None, Result, Operand };
  struct WaveLowering { std::string_view intrinsic; const char* name; uint32_t code; Overload overload; };
  static const WaveLowering kWave[] = {
      {dxi::kWaveIsFirstLane, "waveIsFirstLane", 110, Overload::None},
      {dxi::kWaveGetLaneIndex, "waveGetLaneIndex", 111, Overload::None},
      {dxi::kWaveGetLaneCount, "waveGetLaneCount", 112, Overload::None},
      {dxi::kWaveAnyTrue, "waveAnyTrue", 113, Overload::None},
      {dxi::kWaveAllTrue, "waveAllTrue", 114, Overload::None},
      {dxi::kWaveAllEqual, "waveActiveAllEqual", 115, Overload::Operand},
      {dxi::kWaveBallot, "waveActiveBallot", 116, Overload::None},
      {dxi::kWaveReadLaneAt, "waveReadLaneAt", 117, Overload::Result},
      {dxi::kWaveReadFirst, "waveReadLaneFirst", 118, Overload::Result},
      {dxi::kWaveActiveOp, "waveActiveOp", 119, Overload::Result},
      {dxi::kWaveActiveBit, "waveActiveBit", 120, Overload::Result},
      {dxi::kWavePrefixOp, "wavePrefixOp", 121, Overload::Result},
      {dxi::kQuadReadLaneAt, "quadReadLaneAt", 122, Overload::Result},
      {dxi::kQuadOp, "quadOp", 123, Overload::Result},
      {dxi::kWaveActiveCountBits, "waveAllOp", 135, Overload::None},
      {dxi::kWavePrefixCountBits, "wavePrefixOp", 136, Overload::None},
      {dxi::kWaveMatch, "waveMatch", 165, Overload::Operand},
      {dxi::kWaveMultiPrefixOp, "waveMultiPrefixOp", 166, Overload::Result},
      {dxi::kWaveMultiPrefixBitCount, "waveMultiPrefixBitCount", 167, Overload::None},
  };
  for (const WaveLowering& w : kWave) {
    for (llvm::CallInst* call : callsToIntrinsic(m, w.intrinsic)) {
      b.SetInsertPoint(call);
      const bool ballot = w.intrinsic == dxi::kWaveBallot || w.intrinsic == dxi::kWaveMatch;
      llvm::Type* ret = ballot ? static_cast<llvm::Type*>(llvm::StructType::getTypeByName(m.getContext(), "dx.types.fouri32"))
                               : call->getType();
      if (!ret) ret = llvm::StructType::create(m.getContext(), {i32, i32, i32, i32}, "dx.types.fouri32");
      std::vector<llvm::Type*> params;
      std::vector<llvm::Value*> args{b.getInt32(w.code)};
      for (llvm::Value* a : call->args()) {
        params.push_back(a->getType());
        args.push_back(a);
      }
      llvm::Type* overload = w.overload == Overload::Result ? call->getType()
                             : w.overload == Overload::Operand ? call->getArgOperand(0)->getType()
                                                               : nullptr;
      llvm::CallInst* lowered = b.CreateCall(ops.get(w.name, overload, ret, params), args);
      lowered->getCalledFunction()->addFnAttr(llvm::Attribute::Convergent);
      llvm::Value* replacement = lowered;
      if (ballot) {  // %dx.types.fouri32 -> the intrinsic's literal {i32 x 4}
        replacement = llvm::PoisonValue::get(call->getType());
        for (unsigned i = 0; i < 4; ++i)
          replacement = b.CreateInsertValue(replacement, b.CreateExtractValue(lowered, {i}), {i});
      }
      call->replaceAllUsesWith(replacement);
      dead.push_back(call);
    }
  }
}

}  // namespace sl::dxil
