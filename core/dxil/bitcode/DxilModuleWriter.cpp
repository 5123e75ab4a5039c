#include "core/dxil/bitcode/DxilModuleWriter.h"

#include "core/dxil/bitcode/BitstreamWriter.h"

#include <cstdint>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/LLVMBitCodes.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <cstring>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace sl::dxil::bitcode {

DxilBitcode::DxilBitcode() = default;
DxilBitcode::DxilBitcode(DxilBitcode&&) noexcept = default;
DxilBitcode::~DxilBitcode() = default;

namespace bc = llvm::bitc;

namespace {

struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string describe(const llvm::Value* v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  v->print(os);
  return s.substr(0, 200);
}

[[noreturn]] void fail(const std::string& what, const llvm::Value* v = nullptr) {
  throw Unsupported(v ? what + ": " + describe(v) : what);
}

// Sign in bit 0, magnitude above; INT64_MIN, whose magnitude does not fit, is "-0" (readers
// decode it so).
uint64_t encodeSigned(int64_t v) {
  if (v == INT64_MIN) return 1;
  return v >= 0 ? uint64_t(v) << 1 : ((0 - uint64_t(v)) << 1) | 1;
}
uint64_t encodeOrdering(llvm::AtomicOrdering o) {
  switch (o) {
    case llvm::AtomicOrdering::NotAtomic: return bc::ORDERING_NOTATOMIC;
    case llvm::AtomicOrdering::Unordered: return bc::ORDERING_UNORDERED;
    case llvm::AtomicOrdering::Monotonic: return bc::ORDERING_MONOTONIC;
    case llvm::AtomicOrdering::Acquire: return bc::ORDERING_ACQUIRE;
    case llvm::AtomicOrdering::Release: return bc::ORDERING_RELEASE;
    case llvm::AtomicOrdering::AcquireRelease: return bc::ORDERING_ACQREL;
    case llvm::AtomicOrdering::SequentiallyConsistent: return bc::ORDERING_SEQCST;
  }
  return bc::ORDERING_SEQCST;
}
uint64_t encodeAlign(llvm::MaybeAlign a) { return a ? llvm::Log2(*a) + 1 : 0; }

unsigned linkageCode(llvm::GlobalValue::LinkageTypes l) {
  using L = llvm::GlobalValue;
  switch (l) {
    case L::ExternalLinkage: return 0;
    case L::WeakAnyLinkage: return 16;
    case L::AppendingLinkage: return 2;
    case L::InternalLinkage: return 3;
    case L::LinkOnceAnyLinkage: return 18;
    case L::ExternalWeakLinkage: return 7;
    case L::CommonLinkage: return 8;
    case L::PrivateLinkage: return 9;
    case L::WeakODRLinkage: return 17;
    case L::LinkOnceODRLinkage: return 19;
    case L::AvailableExternallyLinkage: return 12;
  }
  return 0;
}

// 3.7's attribute kinds (the codes are permanent; LLVMBitCodes.h names them).
int attrCode(llvm::Attribute::AttrKind k) {
  using A = llvm::Attribute;
  switch (k) {
    case A::AlwaysInline: return bc::ATTR_KIND_ALWAYS_INLINE;
    case A::InlineHint: return bc::ATTR_KIND_INLINE_HINT;
    case A::NoInline: return bc::ATTR_KIND_NO_INLINE;
    case A::NoUnwind: return bc::ATTR_KIND_NO_UNWIND;
    case A::NoReturn: return bc::ATTR_KIND_NO_RETURN;
    case A::Convergent: return bc::ATTR_KIND_CONVERGENT;
    case A::NoDuplicate: return bc::ATTR_KIND_NO_DUPLICATE;
    case A::Cold: return bc::ATTR_KIND_COLD;
    case A::OptimizeNone: return bc::ATTR_KIND_OPTIMIZE_NONE;
    case A::MinSize: return bc::ATTR_KIND_MIN_SIZE;
    case A::OptimizeForSize: return bc::ATTR_KIND_OPTIMIZE_FOR_SIZE;
    case A::NoAlias: return bc::ATTR_KIND_NO_ALIAS;
    case A::NoCapture: return bc::ATTR_KIND_NO_CAPTURE;
    case A::NonNull: return bc::ATTR_KIND_NON_NULL;
    case A::SExt: return bc::ATTR_KIND_S_EXT;
    case A::ZExt: return bc::ATTR_KIND_Z_EXT;
    case A::Returned: return bc::ATTR_KIND_RETURNED;
    case A::NoBuiltin: return bc::ATTR_KIND_NO_BUILTIN;
    case A::Builtin: return bc::ATTR_KIND_BUILTIN;
    case A::ReturnsTwice: return bc::ATTR_KIND_RETURNS_TWICE;
    case A::NoRedZone: return bc::ATTR_KIND_NO_RED_ZONE;
    case A::NoImplicitFloat: return bc::ATTR_KIND_NO_IMPLICIT_FLOAT;
    case A::InReg: return bc::ATTR_KIND_IN_REG;
    case A::Alignment: return bc::ATTR_KIND_ALIGNMENT;
    case A::Dereferenceable: return bc::ATTR_KIND_DEREFERENCEABLE;
    case A::DereferenceableOrNull: return bc::ATTR_KIND_DEREFERENCEABLE_OR_NULL;
    default: return -1;
  }
}

using TypeKey = std::pair<llvm::Type*, llvm::Type*>;    // (type, pointee when a pointer)
using ValueKey = std::pair<const llvm::Value*, llvm::Type*>;

struct ConstEntry {
  const llvm::Constant* c;
  llvm::Type* pointee;      // for pointer constants
  llvm::Type* fromPointee;  // conversions: the base's own element type (nullptr: plain)
};

class Writer {
public:
  explicit Writer(llvm::Module& m) : m_(m), ctx_(m.getContext()) {}

  std::vector<uint8_t> run(std::vector<std::string>& dropped);

private:
  // ---- types
  unsigned typeId(llvm::Type* t, llvm::Type* pointee = nullptr);
  unsigned valueTypeId(const llvm::Value* v, llvm::Type* pointee) {
    return typeId(v->getType(), v->getType()->isPointerTy() ? pointee : nullptr);
  }
  // ---- pointees
  llvm::Type* natural(const llvm::Value* v);
  void inferPointees(llvm::Function& f);
  llvm::Type* required(const llvm::Instruction& i, unsigned op);
  void insertCasts(llvm::Function& f);
  // ---- values
  unsigned constantId(const llvm::Constant* c, llvm::Type* pointee);
  unsigned operandId(const llvm::Instruction& i, unsigned op);
  unsigned valueId(const llvm::Value* v, llvm::Type* pointee);
  unsigned attrListId(llvm::AttributeList list);
  unsigned mdId(const llvm::Metadata* md);
  // ---- writing
  void encodeFunction(llvm::Function& f, bool emit);
  void writeTypes();
  void writeAttributes();
  void writeGlobals();
  void writeConstants();
  void writeMetadata();
  void writeSymtab();
  void record(unsigned code, const std::vector<uint64_t>& ops) { w_.emitRecord(code, ops); }
  static std::vector<uint64_t> chars(llvm::StringRef s) { return {s.begin(), s.end()}; }

  llvm::Module& m_;
  llvm::LLVMContext& ctx_;
  BitstreamWriter w_;
  std::map<const llvm::Value*, llvm::Type*> pointee_;
  std::map<TypeKey, unsigned> typeIds_;
  std::vector<TypeKey> types_;
  std::map<ValueKey, unsigned> valueIds_;  // globals, functions, constants
  std::vector<ConstEntry> constants_;
  unsigned firstConstant_ = 0, numModuleValues_ = 0;
  std::vector<llvm::AttributeList> attrListOrder_;  // id = index + 1
  std::vector<std::pair<llvm::AttributeSet, unsigned>> attrGroupOrder_;  // id = index + 1
  unsigned groupId(llvm::AttributeSet set, unsigned idx) const {
    for (size_t i = 0; i < attrGroupOrder_.size(); ++i)
      if (attrGroupOrder_[i].first == set && attrGroupOrder_[i].second == idx) return unsigned(i) + 1;
    throw std::logic_error("bitcode: attribute group not enumerated");
  }
  std::map<const llvm::Metadata*, unsigned> mdIds_;
  std::vector<const llvm::Metadata*> mdOrder_;
  std::set<std::string> dropped_;
  // per function
  std::map<const llvm::Value*, unsigned> local_;
  std::map<const llvm::BasicBlock*, unsigned> blocks_;
  unsigned instId_ = 0;
  bool emitting_ = false;
};

unsigned Writer::typeId(llvm::Type* t, llvm::Type* pointee) {
  if (!t->isPointerTy()) pointee = nullptr;
  TypeKey key{t, pointee};
  if (auto it = typeIds_.find(key); it != typeIds_.end()) return it->second;
  if (emitting_) throw std::logic_error("bitcode: type not enumerated");
  if (t->isPointerTy()) {
    if (!pointee) throw Unsupported("a pointer whose element type could not be inferred");
    if (pointee->isPointerTy()) throw Unsupported("a pointer to a pointer");
    typeId(pointee);
  } else if (auto* s = llvm::dyn_cast<llvm::StructType>(t)) {
    for (llvm::Type* e : s->elements()) {
      if (e->isPointerTy()) {
        if (!s->hasName() || !s->getName().starts_with("dx.types."))
          throw Unsupported("a struct with a pointer member: " + (s->hasName() ? s->getName().str() : "(anonymous)"));
        typeId(e, llvm::Type::getInt8Ty(ctx_));  // DXIL's handle is { i8* }
      } else {
        typeId(e);
      }
    }
  } else if (auto* a = llvm::dyn_cast<llvm::ArrayType>(t)) {
    if (a->getElementType()->isPointerTy()) throw Unsupported("an array of pointers");
    typeId(a->getElementType());
  } else if (auto* v = llvm::dyn_cast<llvm::FixedVectorType>(t)) {
    if (v->getElementType()->isPointerTy()) throw Unsupported("a vector of pointers");
    typeId(v->getElementType());
  } else if (auto* f = llvm::dyn_cast<llvm::FunctionType>(t)) {
    typeId(f->getReturnType());
    for (llvm::Type* p : f->params()) {
      if (p->isPointerTy()) throw Unsupported("a function type with a pointer parameter");
      typeId(p);
    }
    if (f->getReturnType()->isPointerTy()) throw Unsupported("a function returning a pointer");
  } else if (!(t->isIntegerTy() && t->getIntegerBitWidth() <= 64) && !t->isHalfTy() && !t->isFloatTy() &&
             !t->isDoubleTy() && !t->isVoidTy() && !t->isLabelTy() && !t->isMetadataTy()) {
    std::string s;
    llvm::raw_string_ostream os(s);
    t->print(os);
    throw Unsupported("type " + s);
  }
  const unsigned id = unsigned(types_.size());
  types_.push_back(key);
  typeIds_[key] = id;
  return id;
}

void Writer::writeTypes() {
  w_.enterBlock(bc::TYPE_BLOCK_ID_NEW, 4);
  record(bc::TYPE_CODE_NUMENTRY, {types_.size()});
  for (auto [t, pointee] : types_) {
    if (t->isPointerTy()) {
      record(bc::TYPE_CODE_POINTER, {typeIds_.at({pointee, nullptr}), t->getPointerAddressSpace()});
    } else if (t->isVoidTy()) {
      record(bc::TYPE_CODE_VOID, {});
    } else if (t->isHalfTy()) {
      record(bc::TYPE_CODE_HALF, {});
    } else if (t->isFloatTy()) {
      record(bc::TYPE_CODE_FLOAT, {});
    } else if (t->isDoubleTy()) {
      record(bc::TYPE_CODE_DOUBLE, {});
    } else if (t->isLabelTy()) {
      record(bc::TYPE_CODE_LABEL, {});
    } else if (t->isMetadataTy()) {
      record(bc::TYPE_CODE_METADATA, {});
    } else if (t->isIntegerTy()) {
      record(bc::TYPE_CODE_INTEGER, {t->getIntegerBitWidth()});
    } else if (auto* a = llvm::dyn_cast<llvm::ArrayType>(t)) {
      record(bc::TYPE_CODE_ARRAY, {a->getNumElements(), typeIds_.at({a->getElementType(), nullptr})});
    } else if (auto* v = llvm::dyn_cast<llvm::FixedVectorType>(t)) {
      record(bc::TYPE_CODE_VECTOR, {v->getNumElements(), typeIds_.at({v->getElementType(), nullptr})});
    } else if (auto* f = llvm::dyn_cast<llvm::FunctionType>(t)) {
      std::vector<uint64_t> ops{f->isVarArg(), typeIds_.at({f->getReturnType(), nullptr})};
      for (llvm::Type* p : f->params()) ops.push_back(typeIds_.at({p, nullptr}));
      record(bc::TYPE_CODE_FUNCTION, ops);
    } else if (auto* s = llvm::dyn_cast<llvm::StructType>(t)) {
      std::vector<uint64_t> ops{s->isPacked()};
      for (llvm::Type* e : s->elements())
        ops.push_back(typeIds_.at({e, e->isPointerTy() ? llvm::Type::getInt8Ty(ctx_) : nullptr}));
      if (s->hasName()) {
        record(bc::TYPE_CODE_STRUCT_NAME, chars(s->getName()));
        if (s->isOpaque()) record(bc::TYPE_CODE_OPAQUE, {0});
        else record(bc::TYPE_CODE_STRUCT_NAMED, ops);
      } else {
        record(bc::TYPE_CODE_STRUCT_ANON, ops);
      }
    }
  }
  w_.exitBlock();
}

// ---- pointer element types

llvm::Type* Writer::natural(const llvm::Value* v) {
  if (auto* g = llvm::dyn_cast<llvm::GlobalVariable>(v)) return g->getValueType();
  if (auto* f = llvm::dyn_cast<llvm::Function>(v)) return f->getFunctionType();
  if (auto* ce = llvm::dyn_cast<llvm::ConstantExpr>(v)) {
    if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(ce)) return gep->getResultElementType();
    if (ce->getOpcode() == llvm::Instruction::BitCast || ce->getOpcode() == llvm::Instruction::AddrSpaceCast)
      return natural(ce->getOperand(0));
    return nullptr;
  }
  if (auto it = pointee_.find(v); it != pointee_.end()) return it->second;
  return nullptr;
}

void Writer::inferPointees(llvm::Function& f) {
  for (llvm::Argument& a : f.args())
    if (a.getType()->isPointerTy()) fail("a pointer argument (its element type is not known)", &a);
  for (int round = 0; round < 4; ++round) {
    bool changed = false;
    for (llvm::BasicBlock& bb : f)
      for (llvm::Instruction& i : bb) {
        if (!i.getType()->isPointerTy() || pointee_.count(&i)) continue;
        llvm::Type* t = nullptr;
        if (auto* a = llvm::dyn_cast<llvm::AllocaInst>(&i)) t = a->getAllocatedType();
        else if (auto* g = llvm::dyn_cast<llvm::GetElementPtrInst>(&i)) t = g->getResultElementType();
        else if (auto* p = llvm::dyn_cast<llvm::PHINode>(&i)) {
          for (llvm::Value* in : p->incoming_values())
            if ((t = natural(in))) break;
        } else if (auto* s = llvm::dyn_cast<llvm::SelectInst>(&i)) {
          t = natural(s->getTrueValue());
          if (!t) t = natural(s->getFalseValue());
        } else if (llvm::isa<llvm::AddrSpaceCastInst>(&i) || llvm::isa<llvm::BitCastInst>(&i)) {
          t = natural(i.getOperand(0));
        }
        if (t) {
          pointee_[&i] = t;
          changed = true;
        }
      }
    if (!changed) break;
  }
  for (llvm::BasicBlock& bb : f)
    for (llvm::Instruction& i : bb)
      if (i.getType()->isPointerTy() && !pointee_.count(&i))
        fail("cannot infer the element type of this pointer", &i);
}

// The element type operand `op` of `i` must point to (nullptr: whatever it points to).
llvm::Type* Writer::required(const llvm::Instruction& i, unsigned op) {
  const llvm::Value* v = i.getOperand(op);
  if (!v->getType()->isPointerTy()) return nullptr;
  if (auto* l = llvm::dyn_cast<llvm::LoadInst>(&i)) return l->getType();
  if (auto* s = llvm::dyn_cast<llvm::StoreInst>(&i)) {
    if (op == 0) fail("a store of a pointer", &i);
    return s->getValueOperand()->getType();
  }
  if (auto* g = llvm::dyn_cast<llvm::GetElementPtrInst>(&i)) return op == 0 ? g->getSourceElementType() : nullptr;
  if (auto* a = llvm::dyn_cast<llvm::AtomicRMWInst>(&i)) return a->getValOperand()->getType();
  if (auto* x = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i)) return x->getCompareOperand()->getType();
  if (llvm::isa<llvm::PHINode>(&i) || llvm::isa<llvm::SelectInst>(&i)) return pointee_.at(&i);
  if (auto* c = llvm::dyn_cast<llvm::CallInst>(&i)) {
    if (v == c->getCalledOperand()) return c->getFunctionType();
    fail("a call with a pointer argument", &i);
  }
  if (auto* c = llvm::dyn_cast<llvm::ICmpInst>(&i)) {
    llvm::Type* t = natural(c->getOperand(0));
    return t ? t : natural(c->getOperand(1));
  }
  if (llvm::isa<llvm::ReturnInst>(&i)) fail("a function returning a pointer", &i);
  return natural(v);
}

// Opaque pointers let one pointer be used as several element types; typed bitcode needs a cast.
void Writer::insertCasts(llvm::Function& f) {
  std::vector<std::pair<llvm::Instruction*, unsigned>> uses;
  for (llvm::BasicBlock& bb : f)
    for (llvm::Instruction& i : bb)
      for (unsigned op = 0; op < i.getNumOperands(); ++op) {
        llvm::Value* v = i.getOperand(op);
        if (!v->getType()->isPointerTy() || llvm::isa<llvm::Constant>(v)) continue;
        llvm::Type* want = required(i, op);
        if (want && natural(v) != want) uses.emplace_back(&i, op);
      }
  for (auto [i, op] : uses) {
    llvm::Value* v = i->getOperand(op);
    llvm::Type* want = required(*i, op);
    llvm::Instruction* at = i;
    if (auto* phi = llvm::dyn_cast<llvm::PHINode>(i)) at = phi->getIncomingBlock(op)->getTerminator();
    auto* cast = new llvm::BitCastInst(v, v->getType(), "", at);
    pointee_[cast] = want;
    i->setOperand(op, cast);
  }
}

// ---- constants and values

unsigned Writer::constantId(const llvm::Constant* c, llvm::Type* pointee) {
  const bool isPtr = c->getType()->isPointerTy();
  if (!isPtr) pointee = nullptr;
  if (isPtr && !pointee) pointee = natural(c);
  if (isPtr && !pointee) fail("a pointer constant whose element type is not known", c);
  ValueKey key{c, pointee};
  if (auto it = valueIds_.find(key); it != valueIds_.end()) return it->second;
  if (emitting_) throw std::logic_error("bitcode: constant not enumerated: " + describe(c));
  llvm::Type* own = isPtr ? natural(c) : nullptr;
  if (isPtr && own && own != pointee) {
    // A global (or constant expression) used as another element type: a zero GEP or a bitcast.
    constantId(c, own);
    typeId(c->getType(), own);
    typeId(own);
    typeId(llvm::Type::getInt32Ty(ctx_));
    constantId(llvm::ConstantInt::get(llvm::Type::getInt32Ty(ctx_), 0), nullptr);
  } else if (llvm::isa<llvm::GlobalValue>(c)) {
    throw std::logic_error("bitcode: global not enumerated");
  } else if (auto* ce = llvm::dyn_cast<llvm::ConstantExpr>(c)) {
    if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(ce)) {
      typeId(gep->getSourceElementType());
      constantId(ce->getOperand(0), gep->getSourceElementType());
      typeId(ce->getOperand(0)->getType(), gep->getSourceElementType());
      for (unsigned i = 1; i < ce->getNumOperands(); ++i) {
        constantId(ce->getOperand(i), nullptr);
        typeId(ce->getOperand(i)->getType());
      }
    } else if (ce->getOpcode() == llvm::Instruction::ExtractElement) {
      for (unsigned i = 0; i < 2; ++i) {
        constantId(ce->getOperand(i), nullptr);
        typeId(ce->getOperand(i)->getType());
      }
    } else if (ce->isCast()) {
      llvm::Constant* op = ce->getOperand(0);
      llvm::Type* opPointee = op->getType()->isPointerTy() ? natural(op) : nullptr;
      if (op->getType()->isPointerTy() && !opPointee) opPointee = pointee;
      constantId(op, opPointee);
      typeId(op->getType(), opPointee);
    } else {
      fail("constant expression", c);
    }
  } else if (llvm::isa<llvm::ConstantAggregate>(c)) {
    for (const llvm::Use& u : c->operands()) {
      if (u->getType()->isPointerTy()) fail("an aggregate constant with a pointer", c);
      constantId(llvm::cast<llvm::Constant>(u.get()), nullptr);
    }
  } else if (auto* i = llvm::dyn_cast<llvm::ConstantInt>(c)) {
    if (i->getBitWidth() > 64) fail("an integer constant wider than 64 bits", c);
  } else if (llvm::isa<llvm::PoisonValue>(c)) {
    dropped_.insert("poison (written as undef)");
  } else if (!llvm::isa<llvm::UndefValue>(c) && !llvm::isa<llvm::ConstantAggregateZero>(c) &&
             !llvm::isa<llvm::ConstantPointerNull>(c) && !llvm::isa<llvm::ConstantFP>(c) &&
             !llvm::isa<llvm::ConstantDataSequential>(c)) {
    fail("constant", c);
  }
  typeId(c->getType(), pointee);
  const unsigned id = firstConstant_ + unsigned(constants_.size());
  constants_.push_back({c, pointee, (isPtr && own && own != pointee) ? own : nullptr});
  valueIds_[key] = id;
  return id;
}

unsigned Writer::valueId(const llvm::Value* v, llvm::Type* pointee) {
  if (auto* c = llvm::dyn_cast<llvm::Constant>(v)) return constantId(c, pointee);
  if (auto it = local_.find(v); it != local_.end()) return it->second;
  if (!emitting_) return 0;
  fail("a value with no id", v);
}

unsigned Writer::operandId(const llvm::Instruction& i, unsigned op) {
  const llvm::Value* v = i.getOperand(op);
  return valueId(v, v->getType()->isPointerTy() && llvm::isa<llvm::Constant>(v) ? required(i, op) : nullptr);
}

void Writer::writeConstants() {
  if (constants_.empty()) return;
  w_.enterBlock(bc::CONSTANTS_BLOCK_ID, 4);
  unsigned lastType = ~0u;
  for (const ConstEntry& e : constants_) {
    const llvm::Constant* c = e.c;
    const unsigned ty = typeIds_.at({c->getType(), e.pointee});
    if (ty != lastType) record(bc::CST_CODE_SETTYPE, {ty});
    lastType = ty;
    if (e.fromPointee) {
      const unsigned base = valueIds_.at({c, e.fromPointee});
      const unsigned baseTy = typeIds_.at({c->getType(), e.fromPointee});
      // Zero indices down to the wanted element type when it is a first element; else a bitcast.
      std::vector<uint64_t> ops{typeIds_.at({e.fromPointee, nullptr}), baseTy, base};
      llvm::Type* t = e.fromPointee;
      const unsigned i32 = typeIds_.at({llvm::Type::getInt32Ty(ctx_), nullptr});
      const unsigned zero = valueIds_.at({llvm::ConstantInt::get(llvm::Type::getInt32Ty(ctx_), 0), nullptr});
      ops.push_back(i32);
      ops.push_back(zero);
      while (t != e.pointee) {
        if (auto* a = llvm::dyn_cast<llvm::ArrayType>(t)) t = a->getElementType();
        else if (auto* s = llvm::dyn_cast<llvm::StructType>(t); s && s->getNumElements()) t = s->getElementType(0);
        else break;
        ops.push_back(i32);
        ops.push_back(zero);
      }
      if (t == e.pointee) record(bc::CST_CODE_CE_INBOUNDS_GEP, ops);
      else record(bc::CST_CODE_CE_CAST, {bc::CAST_BITCAST, baseTy, base});
      continue;
    }
    if (llvm::isa<llvm::UndefValue>(c)) {  // undef and poison
      record(bc::CST_CODE_UNDEF, {});
    } else if (c->isNullValue() && !llvm::isa<llvm::ConstantInt>(c) && !llvm::isa<llvm::ConstantFP>(c)) {
      record(bc::CST_CODE_NULL, {});
    } else if (auto* i = llvm::dyn_cast<llvm::ConstantInt>(c)) {
      record(bc::CST_CODE_INTEGER, {encodeSigned(i->getSExtValue())});
    } else if (auto* f = llvm::dyn_cast<llvm::ConstantFP>(c)) {
      record(bc::CST_CODE_FLOAT, {f->getValueAPF().bitcastToAPInt().getZExtValue()});
    } else if (auto* d = llvm::dyn_cast<llvm::ConstantDataSequential>(c)) {
      std::vector<uint64_t> ops;
      for (unsigned k = 0; k < d->getNumElements(); ++k)
        ops.push_back(d->getElementType()->isIntegerTy() ? d->getElementAsInteger(k)
                                                         : d->getElementAsAPFloat(k).bitcastToAPInt().getZExtValue());
      record(bc::CST_CODE_DATA, ops);
    } else if (llvm::isa<llvm::ConstantAggregate>(c)) {
      std::vector<uint64_t> ops;
      for (const llvm::Use& u : c->operands()) ops.push_back(valueIds_.at({u.get(), nullptr}));
      record(bc::CST_CODE_AGGREGATE, ops);
    } else if (auto* ce = llvm::dyn_cast<llvm::ConstantExpr>(c)) {
      if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(ce)) {
        std::vector<uint64_t> ops{typeIds_.at({gep->getSourceElementType(), nullptr})};
        for (unsigned k = 0; k < ce->getNumOperands(); ++k) {
          llvm::Type* p = k == 0 ? gep->getSourceElementType() : nullptr;
          ops.push_back(typeIds_.at({ce->getOperand(k)->getType(), p}));
          ops.push_back(valueIds_.at({ce->getOperand(k), p}));
        }
        record(gep->isInBounds() ? bc::CST_CODE_CE_INBOUNDS_GEP : bc::CST_CODE_CE_GEP_OLD, ops);
      } else if (ce->getOpcode() == llvm::Instruction::ExtractElement) {
        // CE_EXTRACTELT: [opty, opval, idxty, idxval]
        record(bc::CST_CODE_CE_EXTRACTELT,
               {typeIds_.at({ce->getOperand(0)->getType(), nullptr}), valueIds_.at({ce->getOperand(0), nullptr}),
                typeIds_.at({ce->getOperand(1)->getType(), nullptr}), valueIds_.at({ce->getOperand(1), nullptr})});
      } else {
        llvm::Constant* op = ce->getOperand(0);
        llvm::Type* p = op->getType()->isPointerTy() ? natural(op) : nullptr;
        if (op->getType()->isPointerTy() && !p) p = e.pointee;
        unsigned opc = 0;
        switch (ce->getOpcode()) {
          case llvm::Instruction::Trunc: opc = bc::CAST_TRUNC; break;
          case llvm::Instruction::PtrToInt: opc = bc::CAST_PTRTOINT; break;
          case llvm::Instruction::IntToPtr: opc = bc::CAST_INTTOPTR; break;
          case llvm::Instruction::BitCast: opc = bc::CAST_BITCAST; break;
          case llvm::Instruction::AddrSpaceCast: opc = bc::CAST_ADDRSPACECAST; break;
          default: fail("constant cast", c);
        }
        record(bc::CST_CODE_CE_CAST, {opc, typeIds_.at({op->getType(), p}), valueIds_.at({op, p})});
      }
    }
  }
  w_.exitBlock();
}

// ---- attributes

unsigned Writer::attrListId(llvm::AttributeList list) {
  if (list.isEmpty()) return 0;
  for (size_t i = 0; i < attrListOrder_.size(); ++i)
    if (attrListOrder_[i] == list) return unsigned(i) + 1;
  if (emitting_) throw std::logic_error("bitcode: attribute list not enumerated");
  for (unsigned idx : list.indexes()) {
    llvm::AttributeSet set = list.getAttributes(idx);
    if (!set.hasAttributes()) continue;
    bool seen = false;
    for (auto& g : attrGroupOrder_) seen |= g.first == set && g.second == idx;
    if (!seen) attrGroupOrder_.emplace_back(set, idx);
  }
  attrListOrder_.push_back(list);
  return unsigned(attrListOrder_.size());
}

void Writer::writeAttributes() {
  if (attrGroupOrder_.empty()) return;
  w_.enterBlock(bc::PARAMATTR_GROUP_BLOCK_ID, 3);
  for (auto& [set, idx] : attrGroupOrder_) {
    std::vector<uint64_t> ops{groupId(set, idx), idx};
    for (llvm::Attribute a : set) {
      if (a.isStringAttribute()) {
        ops.push_back(a.getValueAsString().empty() ? 3 : 4);
        for (char ch : a.getKindAsString()) ops.push_back(uint8_t(ch));
        ops.push_back(0);
        if (!a.getValueAsString().empty()) {
          for (char ch : a.getValueAsString()) ops.push_back(uint8_t(ch));
          ops.push_back(0);
        }
        continue;
      }
      const llvm::Attribute::AttrKind k = a.getKindAsEnum();
      if (k == llvm::Attribute::Memory) {
        llvm::MemoryEffects me = a.getMemoryEffects();
        if (me.doesNotAccessMemory()) ops.insert(ops.end(), {0, bc::ATTR_KIND_READ_NONE});
        else if (me.onlyReadsMemory()) ops.insert(ops.end(), {0, bc::ATTR_KIND_READ_ONLY});
        else dropped_.insert(a.getAsString());
        continue;
      }
      const int code = attrCode(k);
      if (code < 0) {
        dropped_.insert(a.getAsString());
        continue;
      }
      if (a.isIntAttribute()) ops.insert(ops.end(), {1, uint64_t(code), a.getValueAsInt()});
      else if (a.isEnumAttribute()) ops.insert(ops.end(), {0, uint64_t(code)});
      else dropped_.insert(a.getAsString());
    }
    record(bc::PARAMATTR_GRP_CODE_ENTRY, ops);
  }
  w_.exitBlock();
  w_.enterBlock(bc::PARAMATTR_BLOCK_ID, 3);
  for (llvm::AttributeList list : attrListOrder_) {
    std::vector<uint64_t> ops;
    for (unsigned idx : list.indexes())
      if (list.getAttributes(idx).hasAttributes()) ops.push_back(groupId(list.getAttributes(idx), idx));
    record(bc::PARAMATTR_CODE_ENTRY, ops);
  }
  w_.exitBlock();
}

// ---- metadata

unsigned Writer::mdId(const llvm::Metadata* md) {
  if (auto it = mdIds_.find(md); it != mdIds_.end()) return it->second;
  if (emitting_) throw std::logic_error("bitcode: metadata not enumerated");
  if (auto* n = llvm::dyn_cast<llvm::MDNode>(md)) {
    if (!llvm::isa<llvm::MDTuple>(n)) throw Unsupported("specialized metadata (debug info) is not written yet");
    mdIds_[md] = ~0u;  // cycles: reserve, number after the operands
    for (const llvm::MDOperand& op : n->operands())
      if (op && !mdIds_.count(op.get())) mdId(op.get());
  } else if (auto* v = llvm::dyn_cast<llvm::ConstantAsMetadata>(md)) {
    llvm::Constant* c = v->getValue();
    llvm::Type* p = c->getType()->isPointerTy() ? natural(c) : nullptr;
    if (c->getType()->isPointerTy() && !p) p = llvm::Type::getInt8Ty(ctx_);  // e.g. resource symbols: ptr undef
    constantId(c, p);
    pointee_[c] = p;
  } else if (!llvm::isa<llvm::MDString>(md)) {
    throw Unsupported("function-local metadata");
  }
  const unsigned id = unsigned(mdOrder_.size());
  mdOrder_.push_back(md);
  return mdIds_[md] = id;
}

void Writer::writeMetadata() {
  if (mdOrder_.empty() && m_.named_metadata_empty()) return;
  w_.enterBlock(bc::METADATA_BLOCK_ID, 3);
  for (const llvm::Metadata* md : mdOrder_) {
    if (auto* s = llvm::dyn_cast<llvm::MDString>(md)) {
      record(bc::METADATA_STRING_OLD, chars(s->getString()));
    } else if (auto* v = llvm::dyn_cast<llvm::ConstantAsMetadata>(md)) {
      llvm::Constant* c = v->getValue();
      llvm::Type* p = c->getType()->isPointerTy() ? pointee_.at(c) : nullptr;
      record(bc::METADATA_VALUE, {typeIds_.at({c->getType(), p}), valueIds_.at({c, p})});
    } else {
      auto* n = llvm::cast<llvm::MDNode>(md);
      std::vector<uint64_t> ops;
      for (const llvm::MDOperand& op : n->operands()) ops.push_back(op ? mdIds_.at(op.get()) + 1 : 0);
      record(n->isDistinct() ? bc::METADATA_DISTINCT_NODE : bc::METADATA_NODE, ops);
    }
  }
  for (const llvm::NamedMDNode& nmd : m_.named_metadata()) {
    record(bc::METADATA_NAME, chars(nmd.getName()));
    std::vector<uint64_t> ops;
    for (const llvm::MDNode* n : nmd.operands()) ops.push_back(mdIds_.at(n));
    record(bc::METADATA_NAMED_NODE, ops);
  }
  w_.exitBlock();
}

// ---- module-level records

void Writer::writeGlobals() {
  record(bc::MODULE_CODE_TRIPLE, chars(m_.getTargetTriple()));
  record(bc::MODULE_CODE_DATALAYOUT, chars(m_.getDataLayoutStr()));
  for (const llvm::GlobalVariable& g : m_.globals()) {
    const unsigned flags = (g.getAddressSpace() << 2) | 2 | (g.isConstant() ? 1 : 0);
    const uint64_t init = g.hasInitializer() ? valueIds_.at({g.getInitializer(), g.getInitializer()->getType()->isPointerTy()
                                                                                     ? natural(g.getInitializer())
                                                                                     : nullptr}) + 1
                                             : 0;
    std::vector<uint64_t> ops{typeIds_.at({g.getValueType(), nullptr}), flags, init, linkageCode(g.getLinkage()),
                              encodeAlign(g.getAlign()), 0};
    if (g.isThreadLocal() || g.hasGlobalUnnamedAddr() || g.isExternallyInitialized() || g.getVisibility()) {
      ops.insert(ops.end(), {uint64_t(g.getVisibility()), g.isThreadLocal() ? 1u : 0u, g.hasGlobalUnnamedAddr() ? 1u : 0u,
                             g.isExternallyInitialized() ? 1u : 0u, 0, 0});
    }
    record(bc::MODULE_CODE_GLOBALVAR, ops);
  }
  for (const llvm::Function& f : m_) {
    record(bc::MODULE_CODE_FUNCTION,
           {typeIds_.at({f.getFunctionType(), nullptr}), f.getCallingConv(), f.isDeclaration() ? 1u : 0u,
            linkageCode(f.getLinkage()), attrListId(f.getAttributes()), encodeAlign(f.getAlign()), 0,
            uint64_t(f.getVisibility()), 0, f.hasGlobalUnnamedAddr() ? 1u : 0u, 0, 0, 0, 0, 0});
  }
}

void Writer::writeSymtab() {
  w_.enterBlock(bc::VALUE_SYMTAB_BLOCK_ID, 4);
  for (const llvm::GlobalVariable& g : m_.globals()) {
    std::vector<uint64_t> ops{valueIds_.at({&g, g.getValueType()})};
    for (char ch : g.getName()) ops.push_back(uint8_t(ch));
    record(bc::VST_CODE_ENTRY, ops);
  }
  for (const llvm::Function& f : m_) {
    std::vector<uint64_t> ops{valueIds_.at({&f, f.getFunctionType()})};
    for (char ch : f.getName()) ops.push_back(uint8_t(ch));
    record(bc::VST_CODE_ENTRY, ops);
  }
  w_.exitBlock();
}

// ---- functions

void Writer::encodeFunction(llvm::Function& f, bool emit) {
  local_.clear();
  blocks_.clear();
  unsigned next = numModuleValues_;
  for (llvm::Argument& a : f.args()) local_[&a] = next++;
  unsigned bbIndex = 0;
  for (llvm::BasicBlock& bb : f) blocks_[&bb] = bbIndex++;
  for (llvm::BasicBlock& bb : f)
    for (llvm::Instruction& i : bb)
      if (!i.getType()->isVoidTy()) local_[&i] = next++;
  if (emit) {
    w_.enterBlock(bc::FUNCTION_BLOCK_ID, 4);
    record(bc::FUNC_CODE_DECLAREBLOCKS, {blocks_.size()});
  }
  instId_ = numModuleValues_ + unsigned(f.arg_size());
  for (llvm::BasicBlock& bb : f)
    for (llvm::Instruction& i : bb) {
      std::vector<uint64_t> ops;
      unsigned code = 0;
      auto ty = [&](const llvm::Value* v) {
        return valueTypeId(v, v->getType()->isPointerTy() ? natural(v) : nullptr);
      };
      auto push = [&](unsigned op) { ops.push_back(uint32_t(instId_ - operandId(i, op))); };
      auto pushVT = [&](unsigned op) {
        const unsigned id = operandId(i, op);
        ops.push_back(uint32_t(instId_ - id));
        if (id >= instId_) {
          const llvm::Value* v = i.getOperand(op);
          llvm::Type* p = v->getType()->isPointerTy() ? natural(v) : nullptr;
          ops.push_back(valueTypeId(v, p));
        }
      };
      if (i.getMetadata(llvm::LLVMContext::MD_dbg) == nullptr) {
        llvm::SmallVector<std::pair<unsigned, llvm::MDNode*>, 4> mds;
        i.getAllMetadata(mds);
        if (!mds.empty()) fail("instruction metadata attachments are not written yet", &i);
      }
      if (auto* b = llvm::dyn_cast<llvm::BinaryOperator>(&i)) {
        code = bc::FUNC_CODE_INST_BINOP;
        pushVT(0);
        push(1);
        static const std::map<unsigned, unsigned> opc = {
            {llvm::Instruction::Add, bc::BINOP_ADD},   {llvm::Instruction::FAdd, bc::BINOP_ADD},
            {llvm::Instruction::Sub, bc::BINOP_SUB},   {llvm::Instruction::FSub, bc::BINOP_SUB},
            {llvm::Instruction::Mul, bc::BINOP_MUL},   {llvm::Instruction::FMul, bc::BINOP_MUL},
            {llvm::Instruction::UDiv, bc::BINOP_UDIV}, {llvm::Instruction::SDiv, bc::BINOP_SDIV},
            {llvm::Instruction::FDiv, bc::BINOP_SDIV}, {llvm::Instruction::URem, bc::BINOP_UREM},
            {llvm::Instruction::SRem, bc::BINOP_SREM}, {llvm::Instruction::FRem, bc::BINOP_SREM},
            {llvm::Instruction::Shl, bc::BINOP_SHL},   {llvm::Instruction::LShr, bc::BINOP_LSHR},
            {llvm::Instruction::AShr, bc::BINOP_ASHR}, {llvm::Instruction::And, bc::BINOP_AND},
            {llvm::Instruction::Or, bc::BINOP_OR},     {llvm::Instruction::Xor, bc::BINOP_XOR}};
        ops.push_back(opc.at(b->getOpcode()));
        uint64_t flags = 0;
        if (llvm::isa<llvm::OverflowingBinaryOperator>(b)) {
          if (b->hasNoUnsignedWrap()) flags |= 1 << bc::OBO_NO_UNSIGNED_WRAP;
          if (b->hasNoSignedWrap()) flags |= 1 << bc::OBO_NO_SIGNED_WRAP;
        } else if (llvm::isa<llvm::PossiblyExactOperator>(b)) {
          if (b->isExact()) flags |= 1 << bc::PEO_EXACT;
        } else if (llvm::isa<llvm::FPMathOperator>(b)) {
          llvm::FastMathFlags fmf = b->getFastMathFlags();
          if (fmf.isFast()) flags = 1;  // 3.7's UnsafeAlgebra
          else {
            if (fmf.noNaNs()) flags |= 2;
            if (fmf.noInfs()) flags |= 4;
            if (fmf.noSignedZeros()) flags |= 8;
            if (fmf.allowReciprocal()) flags |= 16;
            if (fmf.allowContract() || fmf.approxFunc() || fmf.allowReassoc()) dropped_.insert("contract/afn/reassoc");
          }
        } else if (llvm::isa<llvm::PossiblyDisjointInst>(b) && llvm::cast<llvm::PossiblyDisjointInst>(b)->isDisjoint()) {
          dropped_.insert("disjoint");
        }
        if (flags) ops.push_back(flags);
      } else if (auto* c = llvm::dyn_cast<llvm::CastInst>(&i)) {
        code = bc::FUNC_CODE_INST_CAST;
        pushVT(0);
        ops.push_back(valueTypeId(c, natural(c)));
        static const std::map<unsigned, unsigned> opc = {
            {llvm::Instruction::Trunc, bc::CAST_TRUNC},       {llvm::Instruction::ZExt, bc::CAST_ZEXT},
            {llvm::Instruction::SExt, bc::CAST_SEXT},         {llvm::Instruction::FPToUI, bc::CAST_FPTOUI},
            {llvm::Instruction::FPToSI, bc::CAST_FPTOSI},     {llvm::Instruction::UIToFP, bc::CAST_UITOFP},
            {llvm::Instruction::SIToFP, bc::CAST_SITOFP},     {llvm::Instruction::FPTrunc, bc::CAST_FPTRUNC},
            {llvm::Instruction::FPExt, bc::CAST_FPEXT},       {llvm::Instruction::PtrToInt, bc::CAST_PTRTOINT},
            {llvm::Instruction::IntToPtr, bc::CAST_INTTOPTR}, {llvm::Instruction::BitCast, bc::CAST_BITCAST},
            {llvm::Instruction::AddrSpaceCast, bc::CAST_ADDRSPACECAST}};
        ops.push_back(opc.at(c->getOpcode()));
        if (c->hasNonNeg()) dropped_.insert("nneg");
      } else if (auto* g = llvm::dyn_cast<llvm::GetElementPtrInst>(&i)) {
        code = bc::FUNC_CODE_INST_GEP;
        ops.push_back(g->isInBounds() ? 1 : 0);
        ops.push_back(typeId(g->getSourceElementType()));
        for (unsigned k = 0; k < g->getNumOperands(); ++k) pushVT(k);
      } else if (auto* s = llvm::dyn_cast<llvm::SelectInst>(&i)) {
        code = bc::FUNC_CODE_INST_VSELECT;
        pushVT(1);
        push(2);
        pushVT(0);
      } else if (llvm::isa<llvm::ExtractElementInst>(&i)) {
        code = bc::FUNC_CODE_INST_EXTRACTELT;
        pushVT(0);
        pushVT(1);
      } else if (llvm::isa<llvm::InsertElementInst>(&i)) {
        code = bc::FUNC_CODE_INST_INSERTELT;
        pushVT(0);
        push(1);
        pushVT(2);
      } else if (auto* sv = llvm::dyn_cast<llvm::ShuffleVectorInst>(&i)) {
        code = bc::FUNC_CODE_INST_SHUFFLEVEC;
        pushVT(0);
        push(1);
        ops.push_back(uint32_t(instId_ - constantId(sv->getShuffleMaskForBitcode(), nullptr)));
      } else if (auto* cmp = llvm::dyn_cast<llvm::CmpInst>(&i)) {
        code = bc::FUNC_CODE_INST_CMP2;
        pushVT(0);
        push(1);
        ops.push_back(cmp->getPredicate());
      } else if (auto* r = llvm::dyn_cast<llvm::ReturnInst>(&i)) {
        code = bc::FUNC_CODE_INST_RET;
        if (r->getNumOperands()) pushVT(0);
      } else if (auto* br = llvm::dyn_cast<llvm::BranchInst>(&i)) {
        code = bc::FUNC_CODE_INST_BR;
        ops.push_back(blocks_.at(br->getSuccessor(0)));
        if (br->isConditional()) {
          ops.push_back(blocks_.at(br->getSuccessor(1)));
          ops.push_back(uint32_t(instId_ - operandId(i, 0)));
        }
      } else if (auto* sw = llvm::dyn_cast<llvm::SwitchInst>(&i)) {
        code = bc::FUNC_CODE_INST_SWITCH;
        ops.push_back(typeId(sw->getCondition()->getType()));
        ops.push_back(uint32_t(instId_ - valueId(sw->getCondition(), nullptr)));
        ops.push_back(blocks_.at(sw->getDefaultDest()));
        for (auto& cs : sw->cases()) {
          ops.push_back(constantId(cs.getCaseValue(), nullptr));
          ops.push_back(blocks_.at(cs.getCaseSuccessor()));
        }
      } else if (llvm::isa<llvm::UnreachableInst>(&i)) {
        code = bc::FUNC_CODE_INST_UNREACHABLE;
      } else if (auto* phi = llvm::dyn_cast<llvm::PHINode>(&i)) {
        code = bc::FUNC_CODE_INST_PHI;
        ops.push_back(valueTypeId(phi, natural(phi)));
        for (unsigned k = 0; k < phi->getNumIncomingValues(); ++k) {
          ops.push_back(encodeSigned(int64_t(instId_) - int64_t(operandId(i, k))));
          ops.push_back(blocks_.at(phi->getIncomingBlock(k)));
        }
      } else if (auto* a = llvm::dyn_cast<llvm::AllocaInst>(&i)) {
        code = bc::FUNC_CODE_INST_ALLOCA;
        ops.push_back(typeId(a->getAllocatedType()));
        ops.push_back(typeId(a->getArraySize()->getType()));
        ops.push_back(constantId(llvm::cast<llvm::Constant>(a->getArraySize()), nullptr));
        ops.push_back(encodeAlign(a->getAlign()) | (1 << 6));
        if (a->getAddressSpace() != 0) fail("an alloca outside address space 0", a);
      } else if (auto* l = llvm::dyn_cast<llvm::LoadInst>(&i)) {
        if (l->isAtomic()) fail("an atomic load", l);
        code = bc::FUNC_CODE_INST_LOAD;
        pushVT(0);
        ops.push_back(typeId(l->getType()));
        ops.push_back(encodeAlign(l->getAlign()));
        ops.push_back(l->isVolatile());
      } else if (auto* st = llvm::dyn_cast<llvm::StoreInst>(&i)) {
        if (st->isAtomic()) fail("an atomic store", st);
        code = bc::FUNC_CODE_INST_STORE;
        pushVT(1);
        pushVT(0);
        ops.push_back(encodeAlign(st->getAlign()));
        ops.push_back(st->isVolatile());
      } else if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i)) {
        code = bc::FUNC_CODE_INST_CALL;
        if (call->hasOperandBundles()) fail("operand bundles", call);
        ops.push_back(attrListId(call->getAttributes()));
        uint64_t cc = (uint64_t(call->getCallingConv()) << bc::CALL_CCONV) | (1u << bc::CALL_EXPLICIT_TYPE);
        if (call->isTailCall()) cc |= 1u << bc::CALL_TAIL;
        if (call->isMustTailCall()) cc |= 1u << bc::CALL_MUSTTAIL;
        ops.push_back(cc);
        if (llvm::isa<llvm::FPMathOperator>(call) && call->getFastMathFlags().any()) dropped_.insert("call fast-math flags");
        ops.push_back(typeId(call->getFunctionType()));
        pushVT(call->getNumOperands() - 1);  // the callee
        for (unsigned k = 0; k < call->arg_size(); ++k) {
          if (k < call->getFunctionType()->getNumParams()) push(k);
          else pushVT(k);
        }
      } else if (auto* ev = llvm::dyn_cast<llvm::ExtractValueInst>(&i)) {
        code = bc::FUNC_CODE_INST_EXTRACTVAL;
        pushVT(0);
        for (unsigned idx : ev->indices()) ops.push_back(idx);
      } else if (auto* iv = llvm::dyn_cast<llvm::InsertValueInst>(&i)) {
        code = bc::FUNC_CODE_INST_INSERTVAL;
        pushVT(0);
        pushVT(1);
        for (unsigned idx : iv->indices()) ops.push_back(idx);
      } else if (auto* rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&i)) {
        code = bc::FUNC_CODE_INST_ATOMICRMW_OLD;
        pushVT(0);
        push(1);
        static const std::map<llvm::AtomicRMWInst::BinOp, unsigned> opc = {
            {llvm::AtomicRMWInst::Xchg, bc::RMW_XCHG}, {llvm::AtomicRMWInst::Add, bc::RMW_ADD},
            {llvm::AtomicRMWInst::Sub, bc::RMW_SUB},   {llvm::AtomicRMWInst::And, bc::RMW_AND},
            {llvm::AtomicRMWInst::Nand, bc::RMW_NAND}, {llvm::AtomicRMWInst::Or, bc::RMW_OR},
            {llvm::AtomicRMWInst::Xor, bc::RMW_XOR},   {llvm::AtomicRMWInst::Max, bc::RMW_MAX},
            {llvm::AtomicRMWInst::Min, bc::RMW_MIN},   {llvm::AtomicRMWInst::UMax, bc::RMW_UMAX},
            {llvm::AtomicRMWInst::UMin, bc::RMW_UMIN}};
        auto it = opc.find(rmw->getOperation());
        if (it == opc.end()) fail("an atomicrmw operation 3.7 does not have", rmw);
        ops.push_back(it->second);
        ops.push_back(rmw->isVolatile());
        ops.push_back(encodeOrdering(rmw->getOrdering()));
        ops.push_back(rmw->getSyncScopeID() == llvm::SyncScope::SingleThread ? 0 : 1);
      } else if (auto* x = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i)) {
        code = bc::FUNC_CODE_INST_CMPXCHG;
        pushVT(0);
        pushVT(1);
        push(2);
        ops.push_back(x->isVolatile());
        ops.push_back(encodeOrdering(x->getSuccessOrdering()));
        ops.push_back(x->getSyncScopeID() == llvm::SyncScope::SingleThread ? 0 : 1);
        ops.push_back(encodeOrdering(x->getFailureOrdering()));
        ops.push_back(x->isWeak());
      } else if (auto* fe = llvm::dyn_cast<llvm::FenceInst>(&i)) {
        code = bc::FUNC_CODE_INST_FENCE;
        ops.push_back(encodeOrdering(fe->getOrdering()));
        ops.push_back(fe->getSyncScopeID() == llvm::SyncScope::SingleThread ? 0 : 1);
      } else {
        fail("instruction not written yet", &i);
      }
      if (emit) record(code, ops);
      if (!i.getType()->isVoidTy()) ++instId_;
    }
  if (!emit) return;
  // Names: arguments, instructions, blocks.
  std::vector<std::vector<uint64_t>> entries, bbEntries;
  for (auto& [v, id] : local_)
    if (v->hasName()) {
      std::vector<uint64_t> ops{id};
      for (char ch : v->getName()) ops.push_back(uint8_t(ch));
      entries.push_back(ops);
    }
  for (auto& [bb, id] : blocks_)
    if (bb->hasName()) {
      std::vector<uint64_t> ops{id};
      for (char ch : bb->getName()) ops.push_back(uint8_t(ch));
      bbEntries.push_back(ops);
    }
  if (!entries.empty() || !bbEntries.empty()) {
    w_.enterBlock(bc::VALUE_SYMTAB_BLOCK_ID, 4);
    for (auto& e : entries) record(bc::VST_CODE_ENTRY, e);
    for (auto& e : bbEntries) record(bc::VST_CODE_BBENTRY, e);
    w_.exitBlock();
  }
  w_.exitBlock();
}

std::vector<uint8_t> Writer::run(std::vector<std::string>& dropped) {
  if (!m_.alias_empty() || !m_.ifunc_empty()) throw Unsupported("aliases and ifuncs");
  if (!m_.getModuleInlineAsm().empty()) throw Unsupported("module inline asm");
  for (llvm::Function& f : m_)
    if (!f.isDeclaration()) {
      inferPointees(f);
      insertCasts(f);
    }
  // Enumerate: globals and functions first, then everything the records need.
  unsigned next = 0;
  for (llvm::GlobalVariable& g : m_.globals()) {
    valueIds_[{&g, g.getValueType()}] = next++;
    typeId(g.getType(), g.getValueType());
  }
  for (llvm::Function& f : m_) {
    valueIds_[{&f, f.getFunctionType()}] = next++;
    typeId(f.getType(), f.getFunctionType());
    attrListId(f.getAttributes());
    if (f.hasPrefixData() || f.hasPrologueData() || f.hasPersonalityFn() || f.hasComdat() || f.hasSection() || f.hasGC())
      throw Unsupported("function " + f.getName().str() + ": prefix/prologue data, personality, comdat, section or gc");
  }
  firstConstant_ = next;
  for (llvm::GlobalVariable& g : m_.globals()) {
    if (g.hasComdat() || g.hasSection()) throw Unsupported("global " + g.getName().str() + ": comdat or section");
    if (g.hasInitializer()) constantId(g.getInitializer(), nullptr);
  }
  for (const llvm::NamedMDNode& nmd : m_.named_metadata())
    for (const llvm::MDNode* n : nmd.operands()) mdId(n);
  for (llvm::Function& f : m_) {
    llvm::SmallVector<std::pair<unsigned, llvm::MDNode*>, 2> mds;
    f.getAllMetadata(mds);
    if (!mds.empty()) throw Unsupported("function metadata attachments");
    if (!f.isDeclaration()) encodeFunction(f, false);
  }
  numModuleValues_ = firstConstant_ + unsigned(constants_.size());
  // Local ids depend on numModuleValues_, which the dry run above could not know: redo the
  // enumeration of instruction-only ids (none: constants are all module-level) and write.
  emitting_ = true;
  w_.emit('B', 8);
  w_.emit('C', 8);
  w_.emit(0x0, 4);
  w_.emit(0xC, 4);
  w_.emit(0xE, 4);
  w_.emit(0xD, 4);
  w_.enterBlock(bc::MODULE_BLOCK_ID, 3);
  record(bc::MODULE_CODE_VERSION, {1});
  writeAttributes();
  writeTypes();
  writeGlobals();
  writeConstants();
  writeMetadata();
  writeSymtab();
  for (llvm::Function& f : m_)
    if (!f.isDeclaration()) encodeFunction(f, true);
  w_.exitBlock();
  for (const std::string& d : dropped_) dropped.push_back(d);
  for (llvm::Function& f : m_)
    if (f.isDSOLocal() && !f.hasLocalLinkage()) {
      dropped.push_back("dso_local");
      break;
    }
  return w_.take();
}

// ---- the read-back check

std::string printModule(const llvm::Module& m) {
  std::string s;
  llvm::raw_string_ostream os(s);
  m.print(os, nullptr);
  return s;
}

std::vector<std::string> normalizedLines(const std::string& text, bool original) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  static const char* droppedWords[] = {" dso_local", " nocallback", " nofree", " nosync", " willreturn", " speculatable",
                                       " mustprogress", " nneg", " disjoint"};
  while (std::getline(in, line)) {
    if (line.rfind("; ModuleID", 0) == 0 || line.rfind("source_filename", 0) == 0) continue;
    // Both sides: LLVM's reader gives intrinsic declarations their attributes back.
    for (const char* w : droppedWords)
      for (size_t at; (at = line.find(w)) != std::string::npos;) line.erase(at, std::strlen(w));
    if (original) {
      for (size_t at; (at = line.find("poison")) != std::string::npos;) line.replace(at, 6, "undef");
    }
    // 3.7's atomicrmw/cmpxchg records have no alignment: the reader gives them the natural one.
    if (line.find(" atomicrmw ") != std::string::npos || line.find(" cmpxchg ") != std::string::npos)
      if (size_t at = line.rfind(", align "); at != std::string::npos) line.erase(at);
    lines.push_back(line);
  }
  return lines;
}

}  // namespace

DxilBitcode writeDxilBitcode(const llvm::Module& module) {
  DxilBitcode out;
  out.prepared = llvm::CloneModule(module);
  llvm::StripDebugInfo(*out.prepared);
  try {
    Writer writer(*out.prepared);
    out.bytes = writer.run(out.dropped);
  } catch (const Unsupported& e) {
    out.error = std::string("DXIL bitcode: cannot write ") + e.what();
    out.bytes.clear();
  } catch (const std::exception& e) {
    out.error = std::string("DXIL bitcode: internal error: ") + e.what();
    out.bytes.clear();
  }
  return out;
}

ReadBackCheck checkDxilBitcode(const llvm::Module& prepared, const std::vector<uint8_t>& bitcode) {
  ReadBackCheck check;
  llvm::LLVMContext context;
  llvm::StringRef data(reinterpret_cast<const char*>(bitcode.data()), bitcode.size());
  llvm::Expected<std::unique_ptr<llvm::Module>> read = llvm::parseBitcodeFile(llvm::MemoryBufferRef(data, "dxil"), context);
  if (!read) {
    check.error = "LLVM cannot read the DXIL bitcode back: " + llvm::toString(read.takeError());
    return check;
  }
  llvm::Module& m = **read;
  std::string message;
  llvm::raw_string_ostream os(message);
  if (llvm::verifyModule(m, &os)) {
    check.error = "the read-back DXIL bitcode does not pass LLVM's verifier: " + message;
    return check;
  }
  for (const llvm::Function& f : m) {
    ++check.functions;
    for (const llvm::BasicBlock& bb : f) check.instructions += bb.size();
  }
  check.globals = m.global_size();
  check.namedMetadata = m.named_metadata_size();
  check.differences = {"poison is written as undef", "dso_local is not written (3.7 has no preemption specifier)",
                       "attributes 3.7 lacks are dropped (nocallback nofree nosync willreturn speculatable mustprogress)",
                       "nneg/disjoint flags are dropped",
                       "atomicrmw/cmpxchg alignment (3.7 has none; the reader assumes the natural one)", "the ModuleID and source_filename lines"};
  const std::vector<std::string> want = normalizedLines(printModule(prepared), true);
  const std::vector<std::string> got = normalizedLines(printModule(m), false);
  for (size_t i = 0; i < std::max(want.size(), got.size()); ++i) {
    const std::string a = i < want.size() ? want[i] : "<end>";
    const std::string b = i < got.size() ? got[i] : "<end>";
    if (a != b) {
      check.error = "the read-back module differs at line " + std::to_string(i + 1) + ":\n  wrote: " + a + "\n  read:  " + b;
      return check;
    }
  }
  check.ok = true;
  return check;
}

}  // namespace sl::dxil::bitcode
