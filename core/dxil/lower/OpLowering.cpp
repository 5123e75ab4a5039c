#include "core/dxil/lower/OpLowering.h"

#include <llvm/ADT/SmallPtrSet.h>

#include "core/dxil/emit/DxIntrinsics.h"
#include "core/dxil/lower/DxilOps.h"
#include "core/dxil/emit/MathOps.h"
#include "core/dxil/emit/WaveOps.h"
#include "core/dxil/lower/ResourceAnalysis.h"
#include "core/dxil/emit/ResourceTypes.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <unordered_map>

namespace sl::dxil {

namespace {

namespace dxi = intrinsics;

bool hasPrefix(llvm::StringRef name, std::string_view prefix) {
  return name == llvm::StringRef(prefix) || name.starts_with(std::string(prefix) + ".");
}

// Poison becomes undef: DXC writes unused dx.op operands (coordinates, offsets) as undef.
llvm::Value* undefIfPoison(llvm::Value* v) {
  return llvm::isa<llvm::PoisonValue>(v) ? llvm::UndefValue::get(v->getType()) : v;
}

// DXC's hasNonUniformIndex: the index (or any phi/select input feeding it) is marked.
bool isNonUniform(llvm::Value* v, unsigned depth = 0) {
  if (depth > 16) return false;
  if (auto* call = llvm::dyn_cast<llvm::CallInst>(v))
    if (llvm::Function* f = call->getCalledFunction())
      if (hasPrefix(f->getName(), dxi::kNonUniformIndex)) return true;
  if (auto* phi = llvm::dyn_cast<llvm::PHINode>(v)) {
    for (llvm::Value* in : phi->incoming_values())
      if (isNonUniform(in, depth + 1)) return true;
  }
  if (auto* inst = llvm::dyn_cast<llvm::Instruction>(v)) {
    if (llvm::isa<llvm::BinaryOperator>(inst) || llvm::isa<llvm::CastInst>(inst) || llvm::isa<llvm::SelectInst>(inst))
      for (llvm::Value* op : inst->operands())
        if (isNonUniform(op, depth + 1)) return true;
  }
  return false;
}

class Lowering {
 public:
  Lowering(llvm::Module& m, const DxilResourceMap& res, uint32_t smMinor, std::vector<std::string>* errors)
      : m_(m), res_(res), ops_(m), errors_(errors), b_(m.getContext()), smMinor_(smMinor) {}
  void run();

 private:
  void error(std::string message) {
    if (errors_) errors_->push_back(std::move(message));
  }
  std::vector<llvm::CallInst*> callsTo(std::string_view prefix);
  llvm::Value* annotate(llvm::Value* handle, const ResourceTypeInfo& info);
  llvm::Value* handleFor(llvm::Value* handle);
  void lowerHandles();
  void lowerUsers();
  void lowerTextures();
  // Component i of a scalar/vector operand when i < count, else undef (poison becomes undef, as
  // DXC writes unused dx.op operands).
  llvm::Value* componentOrUndef(llvm::Value* v, unsigned i, unsigned count, llvm::Type* scalar);
  // Rebuilds a call's scalar or vector result from a %dx.types.ResRet.
  llvm::Value* fromResRet(llvm::Value* ret, llvm::Type* resultType);
  llvm::Value* splitVector(llvm::Value* v, unsigned i);
  // 64-bit values as i32 words for the ops without 64-bit overloads (see isWide).
  llvm::Value* joinWords(llvm::Value* lo, llvm::Value* hi, llvm::Type* scalar);
  std::pair<llvm::Value*, llvm::Value*> splitWords(llvm::Value* v);
  std::vector<llvm::Value*> storeWords(llvm::Value* v, unsigned n);  // components 0..n-1, wide ones split
  llvm::Value* joinResRet(const std::vector<llvm::Value*>& rets, llvm::Type* valueType);  // 4 words per ResRet
  // bufferLoad/Store coordinates `bytes` further on: the byte offset of a structured buffer, or the
  // address of a byte-address buffer (whose second coordinate is undef). A wide raw access takes
  // one op per 16 bytes.
  std::pair<llvm::Value*, llvm::Value*> coordinatesAfter(llvm::Value* c0, llvm::Value* c1, unsigned bytes);

  llvm::Module& m_;
  const DxilResourceMap& res_;
  DxilOps ops_;
  std::vector<std::string>* errors_;
  llvm::IRBuilder<> b_;
  std::unordered_map<llvm::Value*, llvm::Value*> handles_;  // target("dx.*") -> %dx.types.Handle
  std::vector<llvm::Instruction*> dead_;
  uint32_t smMinor_;  // shader model 6.x
};

std::vector<llvm::CallInst*> Lowering::callsTo(std::string_view prefix) {
  std::vector<llvm::CallInst*> calls;
  for (llvm::Function& f : m_)
    if (hasPrefix(f.getName(), prefix))
      for (llvm::User* u : f.users())
        if (auto* call = llvm::dyn_cast<llvm::CallInst>(u)) calls.push_back(call);
  return calls;
}

llvm::Value* Lowering::annotate(llvm::Value* handle, const ResourceTypeInfo& info) {
  llvm::Function* f = ops_.get("annotateHandle", nullptr, ops_.handleType(),
                               {ops_.handleType(), ops_.resourcePropertiesType()});
  llvm::Constant* props = llvm::ConstantStruct::get(
      ops_.resourcePropertiesType(), {b_.getInt32(info.props0), b_.getInt32(info.props1)});
  return b_.CreateCall(f, {b_.getInt32(uint32_t(DxilOpCode::AnnotateHandle)), handle, props});
}

void Lowering::lowerHandles() {
  for (std::string_view prefix : {dxi::kHandleFromBinding, dxi::kHandleFromImplicitBinding}) {
    for (llvm::CallInst* call : callsTo(prefix)) {
      auto it = res_.boundOfCall.find(call);
      if (it == res_.boundOfCall.end()) continue;
      const BoundResource& r = res_.bound[it->second];
      b_.SetInsertPoint(call);
      uint32_t upper = r.rangeSize == 0xFFFFFFFFu ? 0xFFFFFFFFu : r.lowerBound + r.rangeSize - 1;
      llvm::Constant* bind = llvm::ConstantStruct::get(
          ops_.resBindType(), {b_.getInt32(r.lowerBound), b_.getInt32(upper), b_.getInt32(r.space),
                               b_.getInt8(uint8_t(r.type.resourceClass))});
      llvm::Value* index = call->getArgOperand(3);
      llvm::Value* absolute = b_.CreateAdd(index, b_.getInt32(r.lowerBound));
      if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(index); c && c->isZero()) absolute = b_.getInt32(r.lowerBound);
      bool nonUniform = isNonUniform(index);
      if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(4))) nonUniform |= !c->isZero();
      if (smMinor_ < 6) {
        // Before SM 6.6: createHandle names the dx.resources record (class and range id) and
        // the absolute register; the record carries the properties, so there is no annotation.
        llvm::Function* f = ops_.get("createHandle", nullptr, ops_.handleType(),
                                     {b_.getInt8Ty(), b_.getInt32Ty(), b_.getInt32Ty(), b_.getInt1Ty()});
        handles_[call] = b_.CreateCall(f, {b_.getInt32(uint32_t(DxilOpCode::CreateHandle)),
                                           b_.getInt8(uint8_t(r.type.resourceClass)), b_.getInt32(r.rangeId),
                                           absolute, b_.getInt1(nonUniform)});
        dead_.push_back(call);
        continue;
      }
      llvm::Function* f = ops_.get("createHandleFromBinding", nullptr, ops_.handleType(),
                                   {ops_.resBindType(), b_.getInt32Ty(), b_.getInt1Ty()});
      llvm::Value* h = b_.CreateCall(f, {b_.getInt32(uint32_t(DxilOpCode::CreateHandleFromBinding)), bind, absolute,
                                         b_.getInt1(nonUniform)});
      handles_[call] = annotate(h, r.type);
      dead_.push_back(call);
    }
  }
  for (llvm::CallInst* call : callsTo(dxi::kHandleFromHeap)) {
    auto it = res_.heapOfCall.find(call);
    if (it == res_.heapOfCall.end()) continue;
    const HeapResource& r = res_.heap[it->second];
    b_.SetInsertPoint(call);
    llvm::Value* index = call->getArgOperand(0);
    llvm::Function* f = ops_.get("createHandleFromHeap", nullptr, ops_.handleType(),
                                 {b_.getInt32Ty(), b_.getInt1Ty(), b_.getInt1Ty()});
    llvm::Value* h = b_.CreateCall(f, {b_.getInt32(uint32_t(DxilOpCode::CreateHandleFromHeap)), index,
                                       b_.getInt1(r.samplerHeap), b_.getInt1(isNonUniform(index))});
    handles_[call] = annotate(h, r.type);
    dead_.push_back(call);
  }
}

llvm::Value* Lowering::handleFor(llvm::Value* handle) {
  auto it = handles_.find(handle);
  if (it != handles_.end()) return it->second;
  error("a resource handle reaches its use through a phi, select or memory; not supported yet");
  return nullptr;
}

llvm::Value* Lowering::splitVector(llvm::Value* v, unsigned i) {
  if (auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(v->getType())) {
    if (i < vt->getNumElements()) return b_.CreateExtractElement(v, b_.getInt32(i));
    return llvm::UndefValue::get(vt->getElementType());
  }
  return i == 0 ? v : llvm::UndefValue::get(v->getType());
}

// DXIL's buffer and texture ops have no 64-bit overloads (bufferLoad/Store, textureLoad/Store take
// half, float, i16, i32): a 64-bit component moves as two i32 words, low word first, as DXC does
// (makeDouble/splitDouble for doubles, zext/shl/or and trunc/lshr for 64-bit integers).
static bool isWide(llvm::Type* scalar) { return scalar->getPrimitiveSizeInBits() == 64; }

llvm::Value* Lowering::joinWords(llvm::Value* lo, llvm::Value* hi, llvm::Type* scalar) {
  if (scalar->isDoubleTy()) {
    llvm::Function* f = ops_.get("makeDouble", scalar, scalar, {b_.getInt32Ty(), b_.getInt32Ty()});
    return b_.CreateCall(f, {b_.getInt32(uint32_t(DxilOpCode::MakeDouble)), lo, hi});
  }
  llvm::Type* i64 = b_.getInt64Ty();
  llvm::Value* low = b_.CreateZExt(lo, i64);
  return b_.CreateOr(low, b_.CreateShl(b_.CreateZExt(hi, i64), 32));
}

std::pair<llvm::Value*, llvm::Value*> Lowering::splitWords(llvm::Value* v) {
  if (llvm::isa<llvm::UndefValue>(v)) return {llvm::UndefValue::get(b_.getInt32Ty()), llvm::UndefValue::get(b_.getInt32Ty())};
  if (v->getType()->isDoubleTy()) {
    llvm::Function* f = ops_.get("splitDouble", v->getType(), ops_.splitDoubleType(), {v->getType()});
    llvm::Value* words = b_.CreateCall(f, {b_.getInt32(uint32_t(DxilOpCode::SplitDouble)), v});
    llvm::Value* lo = b_.CreateExtractValue(words, {0});
    return {lo, b_.CreateExtractValue(words, {1})};
  }
  llvm::Value* lo = b_.CreateTrunc(v, b_.getInt32Ty());
  return {lo, b_.CreateTrunc(b_.CreateLShr(v, 32), b_.getInt32Ty())};
}

std::vector<llvm::Value*> Lowering::storeWords(llvm::Value* v, unsigned n) {
  std::vector<llvm::Value*> words;
  for (unsigned i = 0; i < n; ++i) {
    llvm::Value* c = splitVector(v, i);
    if (!isWide(c->getType())) {
      words.push_back(c);
      continue;
    }
    auto [lo, hi] = splitWords(c);
    words.push_back(lo);
    words.push_back(hi);
  }
  return words;
}

llvm::Value* Lowering::joinResRet(const std::vector<llvm::Value*>& rets, llvm::Type* valueType) {
  llvm::Type* scalar = valueType->getScalarType();
  const unsigned n = valueType->isVectorTy() ? llvm::cast<llvm::FixedVectorType>(valueType)->getNumElements() : 1;
  auto word = [&](unsigned w) { return b_.CreateExtractValue(rets[w / 4], {w % 4}); };
  llvm::Value* value = llvm::PoisonValue::get(valueType);
  for (unsigned i = 0; i < n; ++i) {
    llvm::Value* e;
    if (isWide(scalar)) {
      llvm::Value* lo = word(2 * i);  // in program order (argument evaluation order is unspecified)
      llvm::Value* hi = word(2 * i + 1);
      e = joinWords(lo, hi, scalar);
    } else {
      e = word(i);
    }
    value = n == 1 ? e : b_.CreateInsertElement(value, e, b_.getInt32(i));
  }
  return value;
}

std::pair<llvm::Value*, llvm::Value*> Lowering::coordinatesAfter(llvm::Value* c0, llvm::Value* c1, unsigned bytes) {
  if (bytes == 0) return {c0, c1};
  if (llvm::isa<llvm::UndefValue>(c1)) return {b_.CreateAdd(c0, b_.getInt32(bytes)), c1};
  return {c0, b_.CreateAdd(c1, b_.getInt32(bytes))};
}

void Lowering::lowerUsers() {
  auto i32 = b_.getInt32Ty();
  auto op = [&](DxilOpCode c) { return b_.getInt32(uint32_t(c)); };
  // Raw and structured buffers take rawBufferLoad/Store from SM 6.2; before it (and typed buffers
  // always) bufferLoad/Store: four 32-bit (or 16-bit) words, 64-bit values split in two.
  const bool rawOps = smMinor_ >= 2;
  // Buffer loads: {T, i1} results rebuilt from the ResRet's components.
  for (bool typed : {true, false}) {
    for (llvm::CallInst* call : callsTo(typed ? dxi::kLoadTypedBuffer : dxi::kLoadRawBuffer)) {
      b_.SetInsertPoint(call);
      llvm::Value* h = handleFor(call->getArgOperand(0));
      if (!h) continue;
      llvm::Type* valueType = llvm::cast<llvm::StructType>(call->getType())->getElementType(0);
      llvm::Type* scalar = valueType->getScalarType();
      unsigned n = valueType->isVectorTy() ? llvm::cast<llvm::FixedVectorType>(valueType)->getNumElements() : 1;
      if (n > 4) {
        error("buffer access wider than 4 components");
        continue;
      }
      llvm::Value* value;
      if (typed || !rawOps) {
        // Words of 32 (or 16) bits; a raw access of more than four takes one load per 16 bytes.
        llvm::Type* wordType = isWide(scalar) ? i32 : scalar;
        const unsigned words = isWide(scalar) ? 2 * n : n;
        if (typed && words > 4) {
          error("typed buffer element wider than 16 bytes");
          continue;
        }
        llvm::Function* f = ops_.get("bufferLoad", wordType, ops_.resRetType(wordType), {ops_.handleType(), i32, i32});
        llvm::Value* c0 = call->getArgOperand(1);
        llvm::Value* c1 = typed ? llvm::UndefValue::get(i32) : undefIfPoison(call->getArgOperand(2));
        std::vector<llvm::Value*> rets;
        for (unsigned w = 0; w < words; w += 4) {
          auto [at0, at1] = coordinatesAfter(c0, c1, w * wordType->getPrimitiveSizeInBits() / 8);
          rets.push_back(b_.CreateCall(f, {op(DxilOpCode::BufferLoad), h, at0, at1}));
        }
        value = joinResRet(rets, valueType);
      } else {
        llvm::Function* f = ops_.get("rawBufferLoad", scalar, ops_.resRetType(scalar),
                                     {ops_.handleType(), i32, i32, b_.getInt8Ty(), i32});
        llvm::Value* ret = b_.CreateCall(f, {op(DxilOpCode::RawBufferLoad), h, call->getArgOperand(1),
                                             undefIfPoison(call->getArgOperand(2)), b_.getInt8(uint8_t((1u << n) - 1)),
                                             b_.getInt32(scalar->getPrimitiveSizeInBits() / 8)});
        value = fromResRet(ret, valueType);
      }
      llvm::Value* pair = b_.CreateInsertValue(llvm::PoisonValue::get(call->getType()), value, {0});
      pair = b_.CreateInsertValue(pair, b_.getTrue(), {1});
      call->replaceAllUsesWith(pair);
      dead_.push_back(call);
    }
  }
  for (bool typed : {true, false}) {
    for (llvm::CallInst* call : callsTo(typed ? dxi::kStoreTypedBuffer : dxi::kStoreRawBuffer)) {
      b_.SetInsertPoint(call);
      llvm::Value* h = handleFor(call->getArgOperand(0));
      if (!h) continue;
      llvm::Value* v = call->getArgOperand(typed ? 2 : 3);
      llvm::Type* scalar = v->getType()->getScalarType();
      unsigned n = v->getType()->isVectorTy() ? llvm::cast<llvm::FixedVectorType>(v->getType())->getNumElements() : 1;
      if (n > 4) {
        error("buffer access wider than 4 components");
        continue;
      }
      if (typed || !rawOps) {
        llvm::Type* wordType = isWide(scalar) ? i32 : scalar;
        std::vector<llvm::Value*> words = storeWords(v, n);
        if (typed && words.size() > 4) {
          error("typed buffer element wider than 16 bytes");
          continue;
        }
        llvm::Function* f = ops_.get("bufferStore", wordType, b_.getVoidTy(),
                                     {ops_.handleType(), i32, i32, wordType, wordType, wordType, wordType, b_.getInt8Ty()});
        llvm::Value* c0 = call->getArgOperand(1);
        llvm::Value* c1 = typed ? llvm::UndefValue::get(i32) : undefIfPoison(call->getArgOperand(2));
        for (size_t w = 0; w < words.size(); w += 4) {
          const unsigned count = unsigned(std::min<size_t>(4, words.size() - w));
          std::vector<llvm::Value*> comps;
          // Typed stores write all four components (mask 0xF): narrower values repeat component 0,
          // as DXC does; raw stores write the words they have.
          for (unsigned i = 0; i < 4; ++i)
            comps.push_back(i < count ? words[w + i] : typed ? words[w] : llvm::UndefValue::get(wordType));
          auto [at0, at1] = coordinatesAfter(c0, c1, unsigned(w) * wordType->getPrimitiveSizeInBits() / 8);
          b_.CreateCall(f, {op(DxilOpCode::BufferStore), h, at0, at1, comps[0], comps[1], comps[2], comps[3],
                            b_.getInt8(typed ? 0xF : uint8_t((1u << count) - 1))});
        }
      } else {
        std::vector<llvm::Value*> comps;
        for (unsigned i = 0; i < 4; ++i) comps.push_back(splitVector(v, i));
        llvm::Function* f = ops_.get("rawBufferStore", scalar, b_.getVoidTy(),
                                     {ops_.handleType(), i32, i32, scalar, scalar, scalar, scalar, b_.getInt8Ty(), i32});
        b_.CreateCall(f, {op(DxilOpCode::RawBufferStore), h, call->getArgOperand(1), undefIfPoison(call->getArgOperand(2)),
                          comps[0], comps[1], comps[2], comps[3], b_.getInt8(uint8_t((1u << n) - 1)),
                          b_.getInt32(scalar->getPrimitiveSizeInBits() / 8)});
      }
      dead_.push_back(call);
    }
  }
  // One 16-byte row: %dx.types.CBufRet.<t> (4 x 32-bit or 2 x 64-bit) or CBufRet.<t>.8 (16-bit).
  for (std::string_view intrinsic : {dxi::kLoadCBufferRow, dxi::kLoadCBufferRow2, dxi::kLoadCBufferRow8}) {
    for (llvm::CallInst* call : callsTo(intrinsic)) {
      b_.SetInsertPoint(call);
      llvm::Value* h = handleFor(call->getArgOperand(0));
      if (!h) continue;
      auto* rowType = llvm::cast<llvm::StructType>(call->getType());
      llvm::Type* scalar = rowType->getElementType(0);
      const unsigned count = rowType->getNumElements();
      const std::string name = "dx.types.CBufRet." + DxilOps::overloadName(scalar) + (count == 8 ? ".8" : "");
      llvm::StructType* cbufRet = llvm::StructType::getTypeByName(m_.getContext(), name);
      if (!cbufRet) cbufRet = llvm::StructType::create(m_.getContext(), std::vector<llvm::Type*>(count, scalar), name);
      llvm::Function* f = ops_.get("cbufferLoadLegacy", scalar, cbufRet, {ops_.handleType(), i32});
      llvm::Value* ret = b_.CreateCall(f, {b_.getInt32(59), h, call->getArgOperand(1)});
      llvm::Value* row = llvm::PoisonValue::get(rowType);
      for (unsigned i = 0; i < count; ++i) {
        llvm::Value* element = b_.CreateExtractValue(ret, {i});
        row = b_.CreateInsertValue(row, element, {i});
      }
      call->replaceAllUsesWith(row);
      dead_.push_back(call);
    }
  }
  // Atomic coordinates: DXC leaves the unused ones undef.
  auto coordinate = [&](llvm::CallInst* call, unsigned i) { return undefIfPoison(call->getArgOperand(i)); };
  for (llvm::CallInst* call : callsTo(dxi::kAtomicBinOp)) {
    b_.SetInsertPoint(call);
    llvm::Value* h = handleFor(call->getArgOperand(0));
    if (!h) continue;
    llvm::Type* t = call->getType();
    llvm::Function* f = ops_.get("atomicBinOp", t, t, {ops_.handleType(), i32, i32, i32, i32, t});
    call->replaceAllUsesWith(b_.CreateCall(f, {b_.getInt32(78), h, call->getArgOperand(1), coordinate(call, 2),
                                               coordinate(call, 3), coordinate(call, 4), call->getArgOperand(5)}));
    dead_.push_back(call);
  }
  for (llvm::CallInst* call : callsTo(dxi::kAtomicCmpXchg)) {
    b_.SetInsertPoint(call);
    llvm::Value* h = handleFor(call->getArgOperand(0));
    if (!h) continue;
    llvm::Type* t = call->getType();
    llvm::Function* f = ops_.get("atomicCompareExchange", t, t, {ops_.handleType(), i32, i32, i32, t, t});
    call->replaceAllUsesWith(b_.CreateCall(f, {b_.getInt32(79), h, coordinate(call, 1), coordinate(call, 2), coordinate(call, 3),
                                               call->getArgOperand(4), call->getArgOperand(5)}));
    dead_.push_back(call);
  }
  for (llvm::CallInst* call : callsTo(dxi::kUpdateCounter)) {
    b_.SetInsertPoint(call);
    llvm::Value* h = handleFor(call->getArgOperand(0));
    if (!h) continue;
    llvm::Function* f = ops_.get("bufferUpdateCounter", nullptr, i32, {ops_.handleType(), b_.getInt8Ty()});
    call->replaceAllUsesWith(b_.CreateCall(f, {op(DxilOpCode::BufferUpdateCounter), h, call->getArgOperand(1)}));
    dead_.push_back(call);
  }
  for (llvm::CallInst* call : callsTo(dxi::kGetDimensionsX)) {
    b_.SetInsertPoint(call);
    llvm::Value* h = handleFor(call->getArgOperand(0));
    if (!h) continue;
    llvm::Function* f = ops_.get("getDimensions", nullptr, ops_.dimensionsType(), {ops_.handleType(), i32});
    llvm::Value* d = b_.CreateCall(f, {op(DxilOpCode::GetDimensions), h, llvm::UndefValue::get(i32)});
    call->replaceAllUsesWith(b_.CreateExtractValue(d, {0}));
    dead_.push_back(call);
  }
  lowerWaveIntrinsics(m_, ops_, dead_);
  struct IdOp { std::string_view intrinsic; const char* name; DxilOpCode code; };
  for (const IdOp& id : {IdOp{dxi::kThreadId, "threadId", DxilOpCode::ThreadId},
                         IdOp{dxi::kGroupId, "groupId", DxilOpCode::GroupId},
                         IdOp{dxi::kThreadIdInGroup, "threadIdInGroup", DxilOpCode::ThreadIdInGroup}}) {
    for (llvm::CallInst* call : callsTo(id.intrinsic)) {
      b_.SetInsertPoint(call);
      llvm::Function* f = ops_.get(id.name, i32, i32, {i32});
      call->replaceAllUsesWith(b_.CreateCall(f, {op(id.code), call->getArgOperand(0)}));
      dead_.push_back(call);
    }
  }
  for (llvm::CallInst* call : callsTo(dxi::kFlattenedThreadIdInGroup)) {
    b_.SetInsertPoint(call);
    llvm::Function* f = ops_.get("flattenedThreadIdInGroup", i32, i32, {});
    call->replaceAllUsesWith(b_.CreateCall(f, {op(DxilOpCode::FlattenedThreadIdInGroup)}));
    dead_.push_back(call);
  }
  for (std::string_view prefix : {dxi::kGroupMemoryBarrierWithGroupSync, dxi::kBarrier}) {
    for (llvm::CallInst* call : callsTo(prefix)) {
      b_.SetInsertPoint(call);
      llvm::Value* mode = call->arg_size() ? call->getArgOperand(0) : b_.getInt32(9);
      llvm::Function* f = ops_.get("barrier", nullptr, b_.getVoidTy(), {i32});
      b_.CreateCall(f, {op(DxilOpCode::Barrier), mode});
      dead_.push_back(call);
    }
  }
  for (llvm::CallInst* call : callsTo("llvm.dx.discard")) {
    b_.SetInsertPoint(call);
    llvm::Function* f = ops_.get("discard", nullptr, b_.getVoidTy(), {b_.getInt1Ty()});
    b_.CreateCall(f, {op(DxilOpCode::Discard), call->getArgOperand(0)});
    dead_.push_back(call);
  }
}

llvm::Value* Lowering::componentOrUndef(llvm::Value* v, unsigned i, unsigned count, llvm::Type* scalar) {
  if (i >= count || !v) return llvm::UndefValue::get(scalar);
  llvm::Value* e = splitVector(v, i);
  if (llvm::isa<llvm::UndefValue>(e)) return llvm::UndefValue::get(scalar);  // poison too
  return e;
}

llvm::Value* Lowering::fromResRet(llvm::Value* ret, llvm::Type* resultType) {
  auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(resultType);
  if (!vt) return b_.CreateExtractValue(ret, {0});
  llvm::Value* value = llvm::PoisonValue::get(resultType);
  for (unsigned i = 0; i < vt->getNumElements() && i < 4; ++i)
    value = b_.CreateInsertElement(value, b_.CreateExtractValue(ret, {i}), b_.getInt32(i));
  return value;
}

void Lowering::lowerTextures() {
  llvm::Type* i32 = b_.getInt32Ty();
  llvm::Type* f32 = b_.getFloatTy();
  auto kindOf = [](llvm::Value* handle) {
    auto* tt = llvm::dyn_cast<llvm::TargetExtType>(handle->getType());
    return tt && tt->getNumIntParameters() >= 4 ? ResourceKind(tt->getIntParameter(3)) : ResourceKind::Invalid;
  };
  // Sample*, gather: (i32 op, srv, sampler, f coord0..3, i32 offsets, extras...) -> ResRet.
  struct SampleOp {
    std::string_view intrinsic;
    const char* name;
    DxilOpCode code;
    unsigned offsets;  // offset operands of the dx.op (3; gathers 2)
    bool gather;
  };
  const SampleOp kOps[] = {
      {intrinsics::kSample, "sample", DxilOpCode::Sample, 3, false},
      {intrinsics::kSampleBias, "sampleBias", DxilOpCode::SampleBias, 3, false},
      {intrinsics::kSampleLevel, "sampleLevel", DxilOpCode::SampleLevel, 3, false},
      {intrinsics::kSampleGrad, "sampleGrad", DxilOpCode::SampleGrad, 3, false},
      {intrinsics::kSampleCmp, "sampleCmp", DxilOpCode::SampleCmp, 3, false},
      {intrinsics::kSampleCmpLevelZero, "sampleCmpLevelZero", DxilOpCode::SampleCmpLevelZero, 3, false},
      {intrinsics::kSampleCmpLevel, "sampleCmpLevel", DxilOpCode::SampleCmpLevel, 3, false},
      {intrinsics::kGather, "textureGather", DxilOpCode::TextureGather, 2, true},
      {intrinsics::kGatherCmp, "textureGatherCmp", DxilOpCode::TextureGatherCmp, 2, true},
  };
  for (const SampleOp& so : kOps) {
    for (llvm::CallInst* call : callsTo(so.intrinsic)) {
      b_.SetInsertPoint(call);
      llvm::Value* h = handleFor(call->getArgOperand(0));
      llvm::Value* s = handleFor(call->getArgOperand(1));
      if (!h || !s) continue;
      const ResourceKind kind = kindOf(call->getArgOperand(0));
      llvm::Type* scalar = call->getType()->getScalarType();
      std::vector<llvm::Value*> args = {b_.getInt32(uint32_t(so.code)), h, s};
      std::vector<llvm::Type*> params = {ops_.handleType(), ops_.handleType()};
      llvm::Value* coords = call->getArgOperand(2);
      const unsigned coordCount = textureCoordCount(kind);
      for (unsigned i = 0; i < 4; ++i) args.push_back(componentOrUndef(coords, i, coordCount, f32));
      const unsigned offsetCount = textureOffsetCount(kind);
      for (unsigned i = 0; i < so.offsets; ++i)
        args.push_back(componentOrUndef(call->getArgOperand(3), i, offsetCount, i32));
      for (unsigned a = 4; a < call->arg_size(); ++a) {
        llvm::Value* v = call->getArgOperand(a);
        if (so.code == DxilOpCode::SampleGrad && (a == 4 || a == 5)) {
          // ddx, ddy: three components each (the texel coordinates without the array layer).
          for (unsigned i = 0; i < 3; ++i) args.push_back(componentOrUndef(v, i, 3, f32));
          continue;
        }
        args.push_back(undefIfPoison(v));
      }
      for (size_t a = 3; a < args.size(); ++a) params.push_back(args[a]->getType());
      params.insert(params.begin(), i32);
      llvm::Function* f = ops_.get(so.name, scalar, ops_.resRetType(scalar),
                                   std::vector<llvm::Type*>(params.begin() + 1, params.end()));
      llvm::Value* ret = b_.CreateCall(f, args);
      call->replaceAllUsesWith(fromResRet(ret, call->getType()));
      dead_.push_back(call);
    }
  }
  for (llvm::CallInst* call : callsTo(intrinsics::kLoadTexture)) {
    b_.SetInsertPoint(call);
    llvm::Value* h = handleFor(call->getArgOperand(0));
    if (!h) continue;
    const ResourceKind kind = kindOf(call->getArgOperand(0));
    llvm::Type* scalar = call->getType()->getScalarType();
    llvm::Type* wordType = isWide(scalar) ? i32 : scalar;
    std::vector<llvm::Value*> args = {b_.getInt32(uint32_t(DxilOpCode::TextureLoad)), h,
                                      undefIfPoison(call->getArgOperand(2))};
    for (unsigned i = 0; i < 3; ++i) args.push_back(componentOrUndef(call->getArgOperand(1), i, 3, i32));
    for (unsigned i = 0; i < 3; ++i)
      args.push_back(componentOrUndef(call->getArgOperand(3), i, textureOffsetCount(kind), i32));
    llvm::Function* f = ops_.get("textureLoad", wordType, ops_.resRetType(wordType),
                                 {ops_.handleType(), i32, i32, i32, i32, i32, i32, i32});
    llvm::Value* ret = b_.CreateCall(f, args);
    call->replaceAllUsesWith(isWide(scalar) ? joinResRet({ret}, call->getType()) : fromResRet(ret, call->getType()));
    dead_.push_back(call);
  }
  for (llvm::CallInst* call : callsTo(intrinsics::kStoreTexture)) {
    b_.SetInsertPoint(call);
    llvm::Value* h = handleFor(call->getArgOperand(0));
    if (!h) continue;
    llvm::Value* v = call->getArgOperand(2);
    unsigned n = v->getType()->isVectorTy() ? llvm::cast<llvm::FixedVectorType>(v->getType())->getNumElements() : 1;
    std::vector<llvm::Value*> args = {b_.getInt32(uint32_t(DxilOpCode::TextureStore)), h};
    for (unsigned i = 0; i < 3; ++i) args.push_back(componentOrUndef(call->getArgOperand(1), i, 3, i32));
    // Typed stores write all four components (mask 0xF): narrower values repeat component 0.
    const std::vector<llvm::Value*> words = storeWords(v, n);
    if (words.size() > 4) {
      error("typed texture element wider than 16 bytes");
      continue;
    }
    for (unsigned i = 0; i < 4; ++i) args.push_back(words[i < words.size() ? i : 0]);
    args.push_back(b_.getInt8(0xF));
    llvm::Type* wordType = words[0]->getType();
    llvm::Function* f = ops_.get("textureStore", wordType, b_.getVoidTy(),
                                 {ops_.handleType(), i32, i32, i32, wordType, wordType, wordType, wordType, b_.getInt8Ty()});
    b_.CreateCall(f, args);
    dead_.push_back(call);
  }
  for (llvm::CallInst* call : callsTo(intrinsics::kGetDimensionsTexture)) {
    b_.SetInsertPoint(call);
    llvm::Value* h = handleFor(call->getArgOperand(0));
    if (!h) continue;
    llvm::Function* f = ops_.get("getDimensions", nullptr, ops_.dimensionsType(), {ops_.handleType(), i32});
    llvm::Value* d = b_.CreateCall(f, {b_.getInt32(uint32_t(DxilOpCode::GetDimensions)), h,
                                       undefIfPoison(call->getArgOperand(1))});
    llvm::Value* r = llvm::PoisonValue::get(call->getType());
    for (unsigned i = 0; i < 4; ++i) r = b_.CreateInsertValue(r, b_.CreateExtractValue(d, {i}), {i});
    call->replaceAllUsesWith(r);
    dead_.push_back(call);
  }
  for (llvm::CallInst* call : callsTo(intrinsics::kCalculateLod)) {
    b_.SetInsertPoint(call);
    llvm::Value* h = handleFor(call->getArgOperand(0));
    llvm::Value* s = handleFor(call->getArgOperand(1));
    if (!h || !s) continue;
    const unsigned coordCount = std::min(3u, textureCoordCount(kindOf(call->getArgOperand(0))));
    std::vector<llvm::Value*> args = {b_.getInt32(uint32_t(DxilOpCode::CalculateLOD)), h, s};
    for (unsigned i = 0; i < 3; ++i) args.push_back(componentOrUndef(call->getArgOperand(2), i, coordCount, f32));
    args.push_back(call->getArgOperand(3));
    llvm::Function* f = ops_.get("calculateLOD", f32, f32,
                                 {ops_.handleType(), ops_.handleType(), f32, f32, f32, b_.getInt1Ty()});
    call->replaceAllUsesWith(b_.CreateCall(f, args));
    dead_.push_back(call);
  }
}

void Lowering::run() {
  lowerHandles();
  lowerUsers();
  lowerTextures();
  lowerMathIntrinsics(m_, ops_, dead_);
  // NonUniformResourceIndex markers have done their job (the handle ops carry the bit).
  for (llvm::CallInst* call : callsTo(dxi::kNonUniformIndex)) {
    call->replaceAllUsesWith(call->getArgOperand(0));
    dead_.push_back(call);
  }
  // A call can be matched by two lowering rules (overlapping intrinsic name prefixes); erase it once.
  llvm::SmallPtrSet<llvm::Instruction*, 32> erased;
  for (auto it = dead_.rbegin(); it != dead_.rend(); ++it) {
    llvm::Instruction* inst = *it;
    if (!erased.insert(inst).second) continue;
    if (!inst->use_empty()) {
      error("a lowered intrinsic call still has users (a handle used in an unsupported way)");
      continue;
    }
    inst->eraseFromParent();
  }
  // Remove the now unused intrinsic declarations so the dxil stage shows only dx.op.
  std::vector<llvm::Function*> unused;
  for (llvm::Function& f : m_)
    if (f.isDeclaration() && f.use_empty() && f.getName().starts_with("llvm.")) unused.push_back(&f);
  for (llvm::Function* f : unused) f->eraseFromParent();
}

}  // namespace

llvm::PreservedAnalyses DxilOpLowering::run(llvm::Module& module, llvm::ModuleAnalysisManager& analyses) {
  const DxilResourceMap& resources = analyses.getResult<DxilResourceAnalysis>(module);
  Lowering(module, resources, smMinor_, errors_).run();
  llvm::PreservedAnalyses preserved = llvm::PreservedAnalyses::none();
  preserved.preserve<DxilResourceAnalysis>();
  return preserved;
}

}  // namespace sl::dxil
