#include "core/dxil/LlvmEmitter.h"

#include "core/dxil/DxIntrinsics.h"
#include "core/dxil/DxilOps.h"
#include "core/dxil/ResourceTypes.h"
#include "core/dxil/MathOps.h"
#include "core/dxil/WaveOps.h"
#include "core/ir/Rewrite.h"
#include "core/signature/MetadataRecord.h"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DIBuilder.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Dominators.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>

#include <spirv/unified1/spirv.hpp>

#include <optional>
#include <unordered_map>

namespace sl::dxil {

const char* dxilDataLayout() {
  return "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
         "-v16:16-v32:32-v48:16-v64:32-v96:32-v128:32-v192:64-v256:64";
}

namespace {

using namespace sl::ir;
namespace dxi = sl::dxil::intrinsics;

// A pointer the LLVM module has no pointer for: an element of a buffer resource (accessed
// through load/store.rawbuffer) or a compute system value (read through llvm.dx.thread.id & co).
struct SymbolicPtr {
  // Stage: part of a vertex/pixel input/output (builtin = the global, index = array element,
  // component = vector component), read/written with load.input/store.output.
  enum Kind : uint8_t { Resource, Builtin, CBuffer, Stage } kind = Resource;
  llvm::Value* handle = nullptr;
  llvm::Value* index = nullptr;   // element index (byte address for raw buffers)
  llvm::Value* offset = nullptr;  // byte offset inside the element (i32)
  bool rawBuffer = false;         // ByteAddressBuffer: offset folds into the index
  Type pointee;
  uint32_t builtin = 0;
  llvm::Value* component = nullptr;  // Builtin: one component of the vector, or null
};

struct LoopBlocks {
  llvm::BasicBlock* header = nullptr;
  std::vector<llvm::PHINode*> headerPhis;
  llvm::BasicBlock* continuing = nullptr;
  std::vector<llvm::PHINode*> continuingPhis;
};

struct NodeBlocks {
  llvm::BasicBlock* merge = nullptr;
  std::vector<llvm::PHINode*> outputs;
  LoopBlocks loop;
  std::vector<llvm::BasicBlock*> caseBlocks;
};

enum class RegionRole : uint8_t { FunctionBody, SelectCase, LoopBody, LoopContinuing };

class Emitter {
 public:
  Emitter(const Module& m, llvm::LLVMContext& c, const LlvmEmitOptions& o)
      : ir_(m), cx_(m.cx()), ctx_(c), opts_(o), b_(c) {}

  LlvmEmitResult run();

 private:
  // ---- diagnostics ----
  void error(DebugLoc loc, std::string message);
  SourceLoc sourceLoc(DebugLoc loc) const;

  // ---- types and constants ----
  llvm::Type* type(Type t);
  llvm::Type* resourceType(const TypeDef& d);
  bool isSignedInt(Type t) const;
  llvm::Constant* constant(Const c);
  // Buffer layout; `cb` selects constant-buffer packing (16-byte rows) where the IR states no
  // Offset/ArrayStride (irgen leaves layout to a later pass).
  uint32_t layoutSize(Type t, bool cb = false);
  uint32_t memberOffset(Type structType, uint32_t member, bool cb = false);
  uint32_t elementStride(Type arrayType, bool cb = false);

  // ---- functions and debug info ----
  void declareFunctions();
  void emitFunction(uint32_t index);
  void setDebugLoc(DebugLoc loc);
  llvm::FunctionCallee decl(std::string_view name, llvm::Type* ret, std::vector<llvm::Type*> params,
                            std::string suffix = {});

  // ---- values ----
  llvm::Value* value(Value v, DebugLoc loc);
  void bind(Value v, llvm::Value* lv) { values_[valueKey(v)] = lv; }
  const SymbolicPtr* symbolic(Value v) const;

  // ---- regions and nodes ----
  void emitRegion(RegionId r, RegionRole role, NodeId owner);
  void emitExit(const Exit& exit, RegionRole role, NodeId owner, RegionId region);
  void emitNode(NodeId n);
  // Appends a block created detached (so the text follows program order) and moves there.
  void enter(llvm::BasicBlock* bb) {
    if (!bb->getParent()) bb->insertInto(lf_);
    b_.SetInsertPoint(bb);
  }
  void emitSelect(NodeId n);
  void emitLoop(NodeId n);
  void addIncoming(const std::vector<llvm::PHINode*>& phis, const std::vector<Value>& values,
                   DebugLoc loc);
  std::vector<llvm::PHINode*> makePhis(llvm::BasicBlock* bb, const std::vector<Type>& types,
                                       std::vector<Value> bindTo);

  // ---- instructions ----
  void emitInst(InstId id);
  void emitSpv(InstId id, const InstDef& inst);
  void emitWave(Value result, const InstDef& inst);
  bool onlyBitCounted(Value ballot) const;
  void emitGlsl(InstId id, const InstDef& inst);
  void emitHlsl(InstId id, const InstDef& inst);
  void emitCall(InstId id, const InstDef& inst);
  llvm::Value* loadSymbolic(const SymbolicPtr& p, Type t, DebugLoc loc);
  void storeSymbolic(const SymbolicPtr& p, Type t, llvm::Value* v, DebugLoc loc);
  // Byte address of a byte-address-buffer pointer: irgen indexes 32-bit words.
  llvm::Value* rawAddress(const SymbolicPtr& p) {
    return b_.CreateAdd(b_.CreateMul(p.index, b_.getInt32(4)), p.offset);
  }
  // The original value of the element at (c0, c1, c2) after `code` (DXIL AtomicBinOpCode) with
  // `value` (kAtomicBinOp); unused coordinates are poison.
  llvm::Value* atomicBinOp(llvm::Value* handle, uint32_t code, llvm::Value* c0, llvm::Value* c1, llvm::Value* c2,
                           llvm::Value* value) {
    llvm::Type* t = value->getType();
    llvm::Type* ht = handle->getType();
    llvm::Type* i32 = b_.getInt32Ty();
    return b_.CreateCall(decl(dxi::kAtomicBinOp, t, {ht, i32, i32, i32, i32, t}, mangleTypeSuffix(t) + "." + mangleTypeSuffix(ht)),
                         {handle, b_.getInt32(code), c0, c1, c2, value});
  }
  // The original value; `value` is stored where the element equals `comparator` (kAtomicCmpXchg).
  llvm::Value* atomicCompareExchange(llvm::Value* handle, llvm::Value* c0, llvm::Value* c1, llvm::Value* c2,
                                     llvm::Value* comparator, llvm::Value* value) {
    llvm::Type* t = value->getType();
    llvm::Type* ht = handle->getType();
    llvm::Type* i32 = b_.getInt32Ty();
    return b_.CreateCall(decl(dxi::kAtomicCmpXchg, t, {ht, i32, i32, i32, t, t}, mangleTypeSuffix(t) + "." + mangleTypeSuffix(ht)),
                         {handle, c0, c1, c2, comparator, value});
  }
  // The index of the global a handle op names (irgen's "hlsl.resource" attribute).
  static std::optional<uint32_t> resourceIndex(const InstDef& inst) {
    for (const auto& [key, value] : inst.attrs.extra)
      if (key == "hlsl.resource") return static_cast<uint32_t>(std::strtoul(value.c_str(), nullptr, 10));
    return std::nullopt;
  }
  const GlobalVarDef* resourceGlobal(const InstDef& inst) const {
    const std::optional<uint32_t> g = resourceIndex(inst);
    return g && *g < ir_.globals.size() ? &ir_.globals[*g] : nullptr;
  }
  // Whether that resource was declared globallycoherent.
  bool declaredGloballyCoherent(const InstDef& inst) const {
    const GlobalVarDef* gv = resourceGlobal(inst);
    if (!gv) return false;
    for (const auto& [key, value] : gv->attrs.extra)
      if (key == "hlsl.globallycoherent") return true;
    return false;
  }
  static bool isCounterHandle(const InstDef& inst) {
    for (const auto& [key, value] : inst.attrs.extra)
      if (key == "hlsl.counter") return true;
    return false;
  }
  // The resource global irgen names in "hlsl.resource", its handle type and register.
  bool counterResource(const InstDef& inst, llvm::Type*& type, uint32_t& space, uint32_t& binding) {
    const GlobalVarDef* gv = resourceGlobal(inst);
    if (!gv) return false;
    Type t = gv->type;
    if (cx_.def(t).kind == TypeKind::Array || cx_.def(t).kind == TypeKind::RuntimeArray) t = cx_.def(t).element;
    if (cx_.def(t).kind != TypeKind::HlslResource) return false;
    type = this->type(t);
    space = 0;
    binding = UINT32_MAX;
    for (const auto& [k, v] : gv->attrs.extra) {
      if (k == "hlsl.space") space = uint32_t(std::strtoul(v.c_str(), nullptr, 10));
      if (k == "hlsl.register" && v.size() > 1 && v[0] != 'c') binding = uint32_t(std::strtoul(v.c_str() + 1, nullptr, 10));
    }
    return type != nullptr && llvm::isa<llvm::TargetExtType>(type);
  }

  llvm::Value* builtinComponent(uint32_t builtin, llvm::Value* component, DebugLoc loc);
  // ---- vertex/pixel stage I/O (StageIO.h) ----
  struct StageShape;
  bool stageShape(const StageVariable& var, llvm::Type* valueType, StageShape& shape, DebugLoc loc);
  llvm::Value* loadStageInput(const StageVariable& var, llvm::Type* valueType, DebugLoc loc);
  void storeStageOutput(const StageVariable& var, llvm::Value* value, DebugLoc loc);
  llvm::Value* derivative(std::string_view name, llvm::Value* x);
  // Load (value == null) or store of part of a stage variable (an access chain's result).
  llvm::Value* accessStagePart(const SymbolicPtr& p, llvm::Type* partType, llvm::Value* value, DebugLoc loc);
  void emitSemanticSignatures();
  llvm::Value* loadCBufferLeaf(const SymbolicPtr& p, Type t, llvm::Type* lt, DebugLoc loc);
  SymbolicPtr chainSymbolic(SymbolicPtr p, const InstDef& inst, DebugLoc loc);
  llvm::Value* operand(const InstDef& inst, size_t i);
  // An array or struct from OpCompositeConstruct's operands: one constant for the constant parts,
  // then one insertvalue per other part (never an insertvalue per element folded into a new
  // full-size constant: a 10,000-element table took 3 GB).
  llvm::Value* constructAggregate(llvm::Type* rt, const InstDef& inst);
  // Textures (DxIntrinsics.h): sample/gather/LOD, load/store, dimensions.
  void emitTextureSample(InstId id, const InstDef& inst);
  void emitTextureAccess(InstId id, const InstDef& inst, llvm::TargetExtType* tex);
  void emitTextureDimensions(InstId id, const InstDef& inst, llvm::TargetExtType* tex);

  const Module& ir_;
  Context& cx_;
  llvm::LLVMContext& ctx_;
  LlvmEmitOptions opts_;
  llvm::IRBuilder<> b_;
  std::unique_ptr<llvm::Module> m_;
  std::unique_ptr<llvm::DIBuilder> dib_;
  llvm::DICompileUnit* cu_ = nullptr;
  std::vector<llvm::DIFile*> difiles_;
  llvm::DISubprogram* sp_ = nullptr;
  std::vector<Diagnostic> diags_;

  std::unordered_map<uint32_t, llvm::Type*> types_;
  std::unordered_map<uint32_t, llvm::Constant*> consts_;
  std::vector<llvm::Function*> functions_;
  std::unordered_map<uint32_t, llvm::GlobalVariable*> globals_;
  std::unordered_map<uint32_t, uint32_t> builtinGlobals_;  // global index -> BuiltIn
  StageIOMap stageIO_;                                      // VS/PS Input/Output globals
  llvm::Function* entry_ = nullptr;

  // Per function.
  const FunctionDef* fn_ = nullptr;
  llvm::Function* lf_ = nullptr;
  std::unordered_map<uint64_t, llvm::Value*> values_;
  std::unordered_map<uint64_t, SymbolicPtr> symbolic_;
  std::unordered_map<uint32_t, NodeBlocks> nodes_;
  std::vector<llvm::AllocaInst*> handleAllocas_;
  // Case region -> the next case's block (fall-through target).
  std::unordered_map<uint32_t, llvm::BasicBlock*> fallThrough_;
};

// ------------------------------------------------------------------ diagnostics

SourceLoc Emitter::sourceLoc(DebugLoc loc) const {
  SourceLoc s;
  if (loc.valid() && loc.file < ir_.debugFiles.size()) {
    s.file = ir_.debugFiles[loc.file].path;
    s.line = loc.line;
    s.column = loc.column;
  }
  return s;
}

void Emitter::error(DebugLoc loc, std::string message) {
  diags_.push_back(Diagnostic::error(sourceLoc(loc), "DXIL: " + std::move(message)));
}

// ------------------------------------------------------------------ types

bool Emitter::isSignedInt(Type t) const {
  if (!t.valid()) return false;
  const TypeDef& d = cx_.def(t);
  if (d.kind == TypeKind::Vector) return isSignedInt(d.element);
  return d.kind == TypeKind::Int && d.isSigned;
}

llvm::Type* Emitter::resourceType(const TypeDef& d) {
  auto i32 = [](bool v) { return unsigned(v ? 1 : 0); };
  llvm::Type* element = d.element.valid() ? type(d.element) : nullptr;
  bool isSigned = d.element.valid() && isSignedInt(d.element);
  auto texture = [&](bool rw, ResourceKind kind) -> llvm::Type* {
    llvm::Type* e = element ? element : llvm::FixedVectorType::get(b_.getFloatTy(), 4);
    return llvm::TargetExtType::get(ctx_, "dx.Texture", {e},
                                    {i32(rw), 0u, i32(isSigned), unsigned(kind)});
  };
  using RK = ir::ResourceKind;
  switch (d.resource) {
    case RK::Buffer:
    case RK::RWBuffer: {
      llvm::Type* e = element ? element : llvm::FixedVectorType::get(b_.getFloatTy(), 4);
      return llvm::TargetExtType::get(ctx_, "dx.TypedBuffer", {e},
                                      {i32(d.resource == RK::RWBuffer), 0u, i32(isSigned)});
    }
    case RK::StructuredBuffer:
    case RK::RWStructuredBuffer:
    case RK::AppendStructuredBuffer:
    case RK::ConsumeStructuredBuffer:
      if (!element) return nullptr;
      return llvm::TargetExtType::get(ctx_, "dx.RawBuffer", {element},
                                      {i32(d.resource != RK::StructuredBuffer), 0u});
    case RK::ByteAddressBuffer:
    case RK::RWByteAddressBuffer:
      return llvm::TargetExtType::get(ctx_, "dx.RawBuffer", {b_.getInt8Ty()},
                                      {i32(d.resource == RK::RWByteAddressBuffer), 0u});
    case RK::Texture1D: return texture(false, dxil::ResourceKind::Texture1D);
    case RK::Texture1DArray: return texture(false, dxil::ResourceKind::Texture1DArray);
    case RK::Texture2D: return texture(false, dxil::ResourceKind::Texture2D);
    case RK::Texture2DArray: return texture(false, dxil::ResourceKind::Texture2DArray);
    case RK::Texture2DMS: return texture(false, dxil::ResourceKind::Texture2DMS);
    case RK::Texture2DMSArray: return texture(false, dxil::ResourceKind::Texture2DMSArray);
    case RK::Texture3D: return texture(false, dxil::ResourceKind::Texture3D);
    case RK::TextureCube: return texture(false, dxil::ResourceKind::TextureCube);
    case RK::TextureCubeArray: return texture(false, dxil::ResourceKind::TextureCubeArray);
    case RK::RWTexture1D: return texture(true, dxil::ResourceKind::Texture1D);
    case RK::RWTexture1DArray: return texture(true, dxil::ResourceKind::Texture1DArray);
    case RK::RWTexture2D: return texture(true, dxil::ResourceKind::Texture2D);
    case RK::RWTexture2DArray: return texture(true, dxil::ResourceKind::Texture2DArray);
    case RK::RWTexture3D: return texture(true, dxil::ResourceKind::Texture3D);
    case RK::ConstantBuffer:
      if (!element) return nullptr;
      return llvm::TargetExtType::get(ctx_, "dx.CBuffer", {element}, {});
    case RK::TextureBuffer:
      if (!element) return nullptr;
      return llvm::TargetExtType::get(ctx_, "dx.TBuffer", {element}, {});
    case RK::SamplerState: return llvm::TargetExtType::get(ctx_, "dx.Sampler", {}, {0u});
    case RK::SamplerComparisonState: return llvm::TargetExtType::get(ctx_, "dx.Sampler", {}, {1u});
    case RK::RaytracingAccelerationStructure:
      return llvm::TargetExtType::get(ctx_, "dx.RTAccelerationStructure", {}, {});
    case RK::VkSampledTexture2D: return nullptr;  // Vulkan-only combined image-sampler
  }
  return nullptr;
}

llvm::Type* Emitter::type(Type t) {
  if (!t.valid()) return nullptr;
  auto it = types_.find(t.index);
  if (it != types_.end()) return it->second;
  const TypeDef& d = cx_.def(t);
  llvm::Type* result = nullptr;
  switch (d.kind) {
    case TypeKind::Void: result = b_.getVoidTy(); break;
    case TypeKind::Bool: result = b_.getInt1Ty(); break;
    case TypeKind::Int: result = b_.getIntNTy(d.width); break;
    case TypeKind::Float:
      result = d.width == 16 ? b_.getHalfTy() : d.width == 64 ? b_.getDoubleTy() : b_.getFloatTy();
      break;
    case TypeKind::Vector:
      if (llvm::Type* e = type(d.element)) result = llvm::FixedVectorType::get(e, d.count);
      break;
    case TypeKind::Matrix:
    case TypeKind::Array:
      if (llvm::Type* e = type(d.element)) {
        uint32_t n = d.count;
        if (d.kind == TypeKind::Array && d.lengthConst.valid())
          n = uint32_t(cx_.def(d.lengthConst).bits);
        result = llvm::ArrayType::get(e, n);
      }
      break;
    case TypeKind::RuntimeArray:
      if (llvm::Type* e = type(d.element)) result = llvm::ArrayType::get(e, 0);
      break;
    case TypeKind::Struct: {
      std::vector<llvm::Type*> members;
      for (const StructMember& mem : d.members) {
        llvm::Type* mt = type(mem.type);
        if (!mt) return nullptr;
        members.push_back(mt);
      }
      if (d.name.empty()) {
        result = llvm::StructType::get(ctx_, members);
      } else {
        result = llvm::StructType::create(ctx_, members, "struct." + d.name);
      }
      break;
    }
    case TypeKind::Pointer:
    case TypeKind::QPtr: result = b_.getPtrTy(); break;
    case TypeKind::HlslResource: result = resourceType(d); break;
    default: break;
  }
  if (result) types_[t.index] = result;
  return result;
}

llvm::Constant* Emitter::constant(Const c) {
  auto it = consts_.find(c.index);
  if (it != consts_.end()) return it->second;
  const ConstDef& d = cx_.def(c);
  llvm::Type* t = type(d.type);
  if (!t) return nullptr;
  llvm::Constant* result = nullptr;
  switch (d.kind) {
    case ConstKind::Scalar:
    case ConstKind::SpecScalar:
      if (t->isIntegerTy()) {
        result = llvm::ConstantInt::get(t, d.bits);
      } else if (t->isHalfTy()) {
        result = llvm::ConstantFP::get(ctx_, llvm::APFloat(llvm::APFloat::IEEEhalf(),
                                                           llvm::APInt(16, d.bits)));
      } else if (t->isFloatTy()) {
        result = llvm::ConstantFP::get(ctx_, llvm::APFloat(llvm::APFloat::IEEEsingle(),
                                                           llvm::APInt(32, d.bits)));
      } else if (t->isDoubleTy()) {
        result = llvm::ConstantFP::get(ctx_, llvm::APFloat(llvm::APFloat::IEEEdouble(),
                                                           llvm::APInt(64, d.bits)));
      }
      break;
    case ConstKind::Composite: {
      std::vector<llvm::Constant*> parts;
      for (Const e : d.elements) {
        llvm::Constant* p = constant(e);
        if (!p) return nullptr;
        parts.push_back(p);
      }
      if (auto* st = llvm::dyn_cast<llvm::StructType>(t)) result = llvm::ConstantStruct::get(st, parts);
      else if (auto* at = llvm::dyn_cast<llvm::ArrayType>(t)) result = llvm::ConstantArray::get(at, parts);
      else if (t->isVectorTy()) result = llvm::ConstantVector::get(parts);
      break;
    }
    case ConstKind::Null: result = llvm::Constant::getNullValue(t); break;
    case ConstKind::Undef: result = llvm::UndefValue::get(t); break;
  }
  if (result) consts_[c.index] = result;
  return result;
}

// Buffer layout as the IR states it (Offset / ArrayStride decorations); otherwise structured
// buffers pack members back to back and constant buffers use HLSL's legacy packing: a member
// never straddles a 16-byte row, aggregates start a new row, array elements are 16-byte aligned.
static uint32_t roundUp16(uint32_t v) { return (v + 15u) & ~15u; }

// DXIL's AtomicBinOpCode for a SPIR-V atomic (dxil.md): Add 0, And 1, Or 2, Xor 3, IMin 4, IMax 5,
// UMin 6, UMax 7, Exchange 8; OpAtomicISub maps to Add of the negated value. None for the rest.
static std::optional<uint32_t> atomicBinOpCode(uint32_t spvOp) {
  switch (spvOp) {
    case spv::OpAtomicIAdd: case spv::OpAtomicISub: return 0;
    case spv::OpAtomicAnd: return 1;
    case spv::OpAtomicOr: return 2;
    case spv::OpAtomicXor: return 3;
    case spv::OpAtomicSMin: return 4;
    case spv::OpAtomicSMax: return 5;
    case spv::OpAtomicUMin: return 6;
    case spv::OpAtomicUMax: return 7;
    case spv::OpAtomicExchange: return 8;
    default: return std::nullopt;
  }
}

uint32_t Emitter::layoutSize(Type t, bool cb) {
  const TypeDef& d = cx_.def(t);
  switch (d.kind) {
    case TypeKind::Bool: return 4;
    case TypeKind::Int:
    case TypeKind::Float: return d.width / 8;
    case TypeKind::Vector: return d.count * layoutSize(d.element, cb);
    case TypeKind::Matrix:
    case TypeKind::Array: {
      uint32_t n = d.count;
      if (d.kind == TypeKind::Array && d.lengthConst.valid()) n = uint32_t(cx_.def(d.lengthConst).bits);
      if (n == 0) return 0;
      // The last element of a cbuffer array is not padded to a full row.
      return (n - 1) * elementStride(t, cb) + layoutSize(d.element, cb);
    }
    case TypeKind::Struct: {
      uint32_t end = 0;
      for (uint32_t i = 0; i < d.members.size(); ++i)
        end = std::max(end, memberOffset(t, i, cb) + layoutSize(d.members[i].type, cb));
      return end;
    }
    default: return 0;
  }
}

uint32_t Emitter::memberOffset(Type structType, uint32_t member, bool cb) {
  const TypeDef& d = cx_.def(structType);
  if (member >= d.members.size()) return 0;
  for (const Decoration& dec : d.members[member].decorations)
    if (dec.kind == spv::DecorationOffset && !dec.operands.empty()) return dec.operands[0];
  if (member == 0) return 0;
  uint32_t end = memberOffset(structType, member - 1, cb) + layoutSize(d.members[member - 1].type, cb);
  if (!cb) return end;
  Type mt = d.members[member].type;
  TypeKind k = cx_.def(mt).kind;
  if (k == TypeKind::Struct || k == TypeKind::Array || k == TypeKind::Matrix) return roundUp16(end);
  uint32_t size = layoutSize(mt, cb);
  return (end % 16) + size > 16 ? roundUp16(end) : end;
}

uint32_t Emitter::elementStride(Type arrayType, bool cb) {
  const TypeDef& d = cx_.def(arrayType);
  if (d.arrayStride) return d.arrayStride;
  uint32_t size = d.element.valid() ? layoutSize(d.element, cb) : 0;
  return cb ? roundUp16(size) : size;
}

// ------------------------------------------------------------------ functions, debug info

llvm::FunctionCallee Emitter::decl(std::string_view name, llvm::Type* ret,
                                   std::vector<llvm::Type*> params, std::string suffix) {
  // Handle creation, thread ids and the index marker have no side effects (upstream: IntrNoMem),
  // so equal calls may be merged (DXC makes one handle per heap index).
  const bool noMemory = name == dxi::kHandleFromHeap || name == dxi::kHandleFromBinding || name == dxi::kNonUniformIndex ||
                        name == dxi::kThreadId || name == dxi::kGroupId || name == dxi::kThreadIdInGroup ||
                        name == dxi::kFlattenedThreadIdInGroup;
  return declareIntrinsic(*m_, name, ret, std::move(params), suffix,
                          noMemory ? IntrinsicEffects::NoMemory : IntrinsicEffects::Any);
}

void Emitter::setDebugLoc(DebugLoc loc) {
  if (!sp_) return;
  if (!loc.valid() || loc.file >= difiles_.size()) {
    b_.SetCurrentDebugLocation(llvm::DILocation::get(ctx_, 0, 0, sp_));
    return;
  }
  llvm::DIScope* scope = sp_;
  if (difiles_[loc.file] != sp_->getFile())
    scope = dib_->createLexicalBlockFile(sp_, difiles_[loc.file]);
  b_.SetCurrentDebugLocation(llvm::DILocation::get(ctx_, loc.line, loc.column, scope));
}

void Emitter::declareFunctions() {
  for (uint32_t i = 0; i < ir_.functions.size(); ++i) {
    const FunctionDef& f = ir_.functions[i];
    llvm::Type* ret = type(f.returnType);
    std::vector<llvm::Type*> params;
    bool ok = ret != nullptr;
    for (Type p : f.paramTypes()) {
      llvm::Type* pt = type(p);
      ok = ok && pt;
      params.push_back(pt ? pt : b_.getInt32Ty());
    }
    if (!ok) {
      error(f.attrs.loc, "function '" + f.name() + "' has a parameter or return type with no DXIL form");
      ret = ret ? ret : b_.getVoidTy();
    }
    std::string name = f.name().empty() ? "F" + std::to_string(i) : f.name();
    auto* lf = llvm::Function::Create(llvm::FunctionType::get(ret, params, false),
                                      llvm::GlobalValue::InternalLinkage, name, m_.get());
    lf->addFnAttr(llvm::Attribute::AlwaysInline);
    lf->addFnAttr(llvm::Attribute::NoUnwind);
    functions_.push_back(lf);
  }
  for (const EntryPoint& ep : ir_.entryPoints) {
    if (!ep.function.valid() || ep.function.index >= functions_.size()) continue;
    llvm::Function* lf = functions_[ep.function.index];
    // The wrapper takes the entry's name; a source function of the same name steps aside.
    if (llvm::Function* other = m_->getFunction(ep.name); other && other != lf) other->setName(ep.name + ".body");
    lf->setName(ep.name);
    entry_ = lf;
    lf->setLinkage(llvm::GlobalValue::ExternalLinkage);
    lf->removeFnAttr(llvm::Attribute::AlwaysInline);
    lf->addFnAttr(llvm::Attribute::NoInline);
    if (ep.executionModel == spv::ExecutionModelGLCompute) {
      lf->addFnAttr("hlsl.shader", "compute");
      std::array<uint32_t, 3> n = {1, 1, 1};
      for (const ExecutionMode& mode : ep.modes)
        if (mode.mode == spv::ExecutionModeLocalSize && mode.operands.size() == 3)
          n = {mode.operands[0], mode.operands[1], mode.operands[2]};
      lf->addFnAttr("hlsl.numthreads",
                    std::to_string(n[0]) + "," + std::to_string(n[1]) + "," + std::to_string(n[2]));
    } else if (ep.executionModel == spv::ExecutionModelVertex || ep.executionModel == spv::ExecutionModelFragment) {
      lf->addFnAttr("hlsl.shader", ep.executionModel == spv::ExecutionModelVertex ? "vertex" : "pixel");
      if (!opts_.signatures.present())
        error(ir_.function(ep.function).attrs.loc,
              "entry point '" + ep.name + "': vertex and pixel entries need their packed signatures");
    } else {
      error(ir_.function(ep.function).attrs.loc,
            "entry point '" + ep.name + "': only compute, vertex and pixel shaders have a DXIL back end yet");
    }
  }
}

void Emitter::emitFunction(uint32_t index) {
  fn_ = &ir_.functions[index];
  lf_ = functions_[index];
  values_.clear();
  symbolic_.clear();
  nodes_.clear();
  fallThrough_.clear();
  sp_ = nullptr;
  if (dib_) {
    DebugLoc loc = fn_->attrs.loc;
    llvm::DIFile* file = loc.valid() && loc.file < difiles_.size() ? difiles_[loc.file] : difiles_[0];
    auto* st = dib_->createSubroutineType(dib_->getOrCreateTypeArray({}));
    sp_ = dib_->createFunction(file, lf_->getName(), lf_->getName(), file, loc.line, st, loc.line,
                               llvm::DINode::FlagPrototyped, llvm::DISubprogram::SPFlagDefinition);
    lf_->setSubprogram(sp_);
  }
  auto* entry = llvm::BasicBlock::Create(ctx_, "entry", lf_);
  b_.SetInsertPoint(entry);
  for (uint32_t i = 0; i < lf_->arg_size(); ++i) bind(Value::regionInput(fn_->body, i), lf_->getArg(i));
  emitRegion(fn_->body, RegionRole::FunctionBody, NodeId());
  // Merge blocks nothing reaches (after `return` in both branches) and their phis go away.
  for (llvm::BasicBlock& bb : *lf_) {
    for (auto it = bb.begin(); it != bb.end();) {
      auto* phi = llvm::dyn_cast<llvm::PHINode>(&*it++);
      if (!phi) break;
      if (phi->getNumIncomingValues() == 0) {
        phi->replaceAllUsesWith(llvm::PoisonValue::get(phi->getType()));
        phi->eraseFromParent();
      }
    }
  }
  llvm::removeUnreachableBlocks(*lf_);
  // Handle variables become SSA values now: LLVM 19's verifier rejects allocas of dx.* types.
  std::vector<llvm::AllocaInst*> promotable;
  for (llvm::AllocaInst* a : handleAllocas_) {
    if (llvm::isAllocaPromotable(a)) promotable.push_back(a);
    else error(fn_->attrs.loc, "a resource variable of '" + fn_->name() + "' is used other than by loads and stores");
  }
  if (!promotable.empty()) {
    llvm::DominatorTree dt(*lf_);
    llvm::PromoteMemToReg(promotable, dt);
  }
  handleAllocas_.clear();
  if (sp_) dib_->finalizeSubprogram(sp_);
}

// ------------------------------------------------------------------ values

llvm::Value* Emitter::value(Value v, DebugLoc loc) {
  if (v.kind == ValueKind::Const) {
    llvm::Constant* c = constant(v.asConst());
    if (!c) error(loc, "constant with no DXIL form");
    return c;
  }
  if (v.kind == ValueKind::GlobalVar) {
    auto it = globals_.find(v.a);
    if (it != globals_.end()) return it->second;
    error(loc, "global '" + ir_.global(v.asGlobal()).attrs.name + "' used as a value has no DXIL form");
    return nullptr;
  }
  auto it = values_.find(valueKey(v));
  if (it == values_.end()) {
    if (!symbolic(v)) error(loc, "value used before it is defined (or with no DXIL form)");
    return nullptr;
  }
  return it->second;
}

const SymbolicPtr* Emitter::symbolic(Value v) const {
  auto it = symbolic_.find(valueKey(v));
  return it == symbolic_.end() ? nullptr : &it->second;
}

llvm::Value* Emitter::constructAggregate(llvm::Type* rt, const InstDef& inst) {
  const size_t n = inst.operands.size();
  const size_t want = rt->isStructTy() ? rt->getStructNumElements() : rt->isArrayTy() ? rt->getArrayNumElements() : 0;
  if (want != n) {
    error(inst.attrs.loc, "OpCompositeConstruct: " + std::to_string(n) + " parts for " + std::to_string(want) + " members");
    return nullptr;
  }
  std::vector<llvm::Value*> parts(n);
  std::vector<llvm::Constant*> constants(n);
  bool allConstant = true;
  for (size_t i = 0; i < n; ++i) {
    parts[i] = operand(inst, i);
    if (!parts[i]) return nullptr;
    llvm::Type* et = rt->isStructTy() ? rt->getStructElementType(unsigned(i)) : rt->getArrayElementType();
    if (parts[i]->getType() != et) {
      error(inst.attrs.loc, "OpCompositeConstruct: part " + std::to_string(i) + " has the wrong type");
      return nullptr;
    }
    constants[i] = llvm::dyn_cast<llvm::Constant>(parts[i]);
    if (!constants[i]) {
      allConstant = false;
      constants[i] = llvm::PoisonValue::get(parts[i]->getType());
    }
  }
  llvm::Constant* base = nullptr;
  if (auto* st = llvm::dyn_cast<llvm::StructType>(rt)) {
    base = llvm::ConstantStruct::get(st, constants);
  } else if (auto* at = llvm::dyn_cast<llvm::ArrayType>(rt)) {
    base = llvm::ConstantArray::get(at, constants);
  } else {
    return nullptr;
  }
  if (allConstant) return base;
  llvm::Value* agg = base;
  for (size_t i = 0; i < n; ++i)
    if (!llvm::isa<llvm::Constant>(parts[i])) agg = b_.CreateInsertValue(agg, parts[i], {unsigned(i)});
  return agg;
}

llvm::Value* Emitter::operand(const InstDef& inst, size_t i) {
  if (i >= inst.operands.size() || inst.operands[i].isImm) {
    error(inst.attrs.loc, opcodeName(inst.op) + ": missing operand " + std::to_string(i));
    return nullptr;
  }
  return value(inst.operands[i].value, inst.attrs.loc);
}

// ------------------------------------------------------------------ control flow

std::vector<llvm::PHINode*> Emitter::makePhis(llvm::BasicBlock* bb, const std::vector<Type>& types,
                                              std::vector<Value> bindTo) {
  std::vector<llvm::PHINode*> phis;
  llvm::IRBuilder<> pb(bb, bb->begin());
  for (size_t i = 0; i < types.size(); ++i) {
    llvm::Type* t = type(types[i]);
    if (!t) {
      error({}, "region value with no DXIL type");
      t = b_.getInt32Ty();
    }
    llvm::PHINode* phi = pb.CreatePHI(t, 2);
    phis.push_back(phi);
    if (i < bindTo.size()) bind(bindTo[i], phi);
  }
  return phis;
}

void Emitter::addIncoming(const std::vector<llvm::PHINode*>& phis, const std::vector<Value>& values,
                          DebugLoc loc) {
  if (phis.size() != values.size()) {
    error(loc, "exit carries " + std::to_string(values.size()) + " values, its target expects " +
                   std::to_string(phis.size()));
    return;
  }
  llvm::BasicBlock* from = b_.GetInsertBlock();
  for (size_t i = 0; i < phis.size(); ++i) {
    llvm::Value* v = value(values[i], loc);
    if (!v || v->getType() != phis[i]->getType()) v = llvm::PoisonValue::get(phis[i]->getType());
    phis[i]->addIncoming(v, from);
  }
}

void Emitter::emitRegion(RegionId r, RegionRole role, NodeId owner) {
  const RegionDef& region = fn_->region(r);
  for (NodeId n : region.nodes) emitNode(n);
  emitExit(region.exit, role, owner, r);
}

void Emitter::emitExit(const Exit& exit, RegionRole role, NodeId owner, RegionId region) {
  setDebugLoc(exit.loc);
  switch (exit.kind) {
    case ExitKind::Yield:
      switch (role) {
        case RegionRole::FunctionBody:
          if (lf_->getReturnType()->isVoidTy()) b_.CreateRetVoid();
          else if (!exit.values.empty()) b_.CreateRet(value(exit.values[0], exit.loc));
          else b_.CreateRet(llvm::PoisonValue::get(lf_->getReturnType()));
          return;
        case RegionRole::SelectCase: {
          NodeBlocks& nb = nodes_[owner.index];
          addIncoming(nb.outputs, exit.values, exit.loc);
          b_.CreateBr(nb.merge);
          return;
        }
        case RegionRole::LoopBody: {
          NodeBlocks& nb = nodes_[owner.index];
          addIncoming(nb.loop.continuingPhis, exit.values, exit.loc);
          b_.CreateBr(nb.loop.continuing);
          return;
        }
        case RegionRole::LoopContinuing: {
          NodeBlocks& nb = nodes_[owner.index];
          addIncoming(nb.loop.headerPhis, exit.values, exit.loc);
          b_.CreateBr(nb.loop.header);
          return;
        }
      }
      return;
    case ExitKind::Break: {
      NodeBlocks& nb = nodes_[exit.target.index];
      addIncoming(nb.outputs, exit.values, exit.loc);
      b_.CreateBr(nb.merge);
      return;
    }
    case ExitKind::Continue: {
      NodeBlocks& nb = nodes_[exit.target.index];
      addIncoming(nb.loop.continuingPhis, exit.values, exit.loc);
      b_.CreateBr(nb.loop.continuing);
      return;
    }
    case ExitKind::BreakIf: {
      NodeBlocks& nb = nodes_[owner.index];
      llvm::Value* c = value(exit.condition, exit.loc);
      if (!c) c = b_.getTrue();
      addIncoming(nb.outputs, exit.exitValues, exit.loc);
      addIncoming(nb.loop.headerPhis, exit.values, exit.loc);
      b_.CreateCondBr(c, nb.merge, nb.loop.header);
      return;
    }
    case ExitKind::FallThrough: {
      auto it = fallThrough_.find(region.index);
      if (it == fallThrough_.end()) {
        error(exit.loc, "fallthrough from the last case of a switch");
        b_.CreateUnreachable();
        return;
      }
      b_.CreateBr(it->second);
      return;
    }
    case ExitKind::Return:
      if (lf_->getReturnType()->isVoidTy()) b_.CreateRetVoid();
      else if (!exit.values.empty()) b_.CreateRet(value(exit.values[0], exit.loc));
      else b_.CreateRet(llvm::PoisonValue::get(lf_->getReturnType()));
      return;
    case ExitKind::Kill:
      // DXC's discard does not end the invocation; our IR's kill does (OpKill semantics).
      b_.CreateCall(decl(dxi::kDiscard, b_.getVoidTy(), {b_.getInt1Ty()}), {b_.getTrue()});
      if (lf_->getReturnType()->isVoidTy()) b_.CreateRetVoid();
      else b_.CreateRet(llvm::PoisonValue::get(lf_->getReturnType()));
      return;
    case ExitKind::Unreachable:
      b_.CreateUnreachable();
      return;
  }
}

void Emitter::emitNode(NodeId n) {
  const NodeDef& node = fn_->node(n);
  switch (node.kind) {
    case NodeKind::Block:
      for (InstId i : node.insts) emitInst(i);
      return;
    case NodeKind::Select: emitSelect(n); return;
    case NodeKind::Loop: emitLoop(n); return;
  }
}

void Emitter::emitSelect(NodeId n) {
  const NodeDef& node = fn_->node(n);
  setDebugLoc(node.attrs.loc);
  NodeBlocks& nb = nodes_[n.index];
  nb.merge = llvm::BasicBlock::Create(ctx_, node.selectKind == SelectKind::If ? "if.end" : "sw.end");
  std::vector<Value> outs;
  for (uint32_t i = 0; i < node.outputTypes.size(); ++i) outs.push_back(Value::nodeOutput(n, i));
  nb.outputs = makePhis(nb.merge, node.outputTypes, outs);
  llvm::Value* cond = value(node.condition, node.attrs.loc);
  std::vector<llvm::BasicBlock*> blocks;
  for (size_t i = 0; i < node.cases.size(); ++i)
    blocks.push_back(llvm::BasicBlock::Create(
        ctx_, node.selectKind == SelectKind::If ? (i == 0 ? "if.then" : "if.else") : "sw.case"));
  if (node.selectKind == SelectKind::If) {
    if (blocks.size() != 2 || !cond) {
      error(node.attrs.loc, "malformed if");
      b_.CreateUnreachable();
    } else {
      b_.CreateCondBr(cond, blocks[0], blocks[1]);
    }
  } else {
    llvm::BasicBlock* defaultBlock = nb.merge;
    for (size_t i = 0; i < node.switchCases.size() && i < blocks.size(); ++i)
      if (node.switchCases[i].isDefault) defaultBlock = blocks[i];
    if (!cond || !cond->getType()->isIntegerTy()) {
      error(node.attrs.loc, "switch selector is not an integer");
      b_.CreateUnreachable();
    } else {
      llvm::SwitchInst* sw = b_.CreateSwitch(cond, defaultBlock);
      for (size_t i = 0; i < node.switchCases.size() && i < blocks.size(); ++i)
        for (uint64_t lit : node.switchCases[i].literals)
          sw->addCase(llvm::cast<llvm::ConstantInt>(llvm::ConstantInt::get(cond->getType(), lit)), blocks[i]);
    }
    for (size_t i = 0; i + 1 < node.cases.size(); ++i) fallThrough_[node.cases[i].index] = blocks[i + 1];
  }
  for (size_t i = 0; i < node.cases.size(); ++i) {
    enter(blocks[i]);
    emitRegion(node.cases[i], RegionRole::SelectCase, n);
  }
  enter(nb.merge);
}

void Emitter::emitLoop(NodeId n) {
  const NodeDef& node = fn_->node(n);
  setDebugLoc(node.attrs.loc);
  NodeBlocks& nb = nodes_[n.index];
  nb.loop.header = llvm::BasicBlock::Create(ctx_, "loop.header");
  nb.loop.continuing = llvm::BasicBlock::Create(ctx_, "loop.continue");
  nb.merge = llvm::BasicBlock::Create(ctx_, "loop.end");
  const RegionDef& body = fn_->region(node.body);
  std::vector<Value> bodyIns, contIns, outs;
  for (uint32_t i = 0; i < body.inputTypes.size(); ++i) bodyIns.push_back(Value::regionInput(node.body, i));
  const RegionDef& cont = fn_->region(node.continuing);
  for (uint32_t i = 0; i < cont.inputTypes.size(); ++i)
    contIns.push_back(Value::regionInput(node.continuing, i));
  for (uint32_t i = 0; i < node.outputTypes.size(); ++i) outs.push_back(Value::nodeOutput(n, i));
  nb.loop.headerPhis = makePhis(nb.loop.header, body.inputTypes, bodyIns);
  nb.loop.continuingPhis = makePhis(nb.loop.continuing, cont.inputTypes, contIns);
  nb.outputs = makePhis(nb.merge, node.outputTypes, outs);
  addIncoming(nb.loop.headerPhis, node.initialInputs, node.attrs.loc);
  b_.CreateBr(nb.loop.header);
  enter(nb.loop.header);
  emitRegion(node.body, RegionRole::LoopBody, n);
  enter(nb.loop.continuing);
  emitRegion(node.continuing, RegionRole::LoopContinuing, n);
  enter(nb.merge);
}

// ------------------------------------------------------------------ instructions

void Emitter::emitInst(InstId id) {
  const InstDef& inst = fn_->inst(id);
  setDebugLoc(inst.attrs.loc);
  size_t before = diags_.size();
  switch (inst.op.family) {
    case OpFamily::Spv: emitSpv(id, inst); break;
    case OpFamily::Glsl: emitGlsl(id, inst); break;
    case OpFamily::Hlsl: emitHlsl(id, inst); break;
    case OpFamily::Call: emitCall(id, inst); break;
    case OpFamily::Debug: break;  // variable debug info: SPIR-V only (irgen emits it for SPIR-V)
    case OpFamily::Qptr:
      error(inst.attrs.loc, opcodeName(inst.op) + " has no DXIL form (the DXIL side takes IR before qptr.lower)");
      break;
  }
  // Keep going with a poison result so one bad instruction gives one diagnostic.
  Value result = Value::inst(id);
  if (inst.resultType.valid() && !values_.count(valueKey(result)) && !symbolic_.count(valueKey(result))) {
    llvm::Type* t = type(inst.resultType);
    if (t && !t->isVoidTy()) bind(result, llvm::PoisonValue::get(t));
    if (diags_.size() == before && (!t || !t->isVoidTy()))
      error(inst.attrs.loc, opcodeName(inst.op) + " produced no value");
  }
  if (!inst.attrs.name.empty()) {
    auto it = values_.find(valueKey(result));
    if (it != values_.end() && !llvm::isa<llvm::Constant>(it->second) && !it->second->getType()->isVoidTy())
      it->second->setName(inst.attrs.name);
  }
}

void Emitter::emitCall(InstId id, const InstDef& inst) {
  if (inst.operands.empty() || inst.operands[0].isImm || inst.operands[0].value.kind != ValueKind::Func ||
      inst.operands[0].value.a >= functions_.size()) {
    error(inst.attrs.loc, "malformed call");
    return;
  }
  llvm::Function* callee = functions_[inst.operands[0].value.a];
  std::vector<llvm::Value*> args;
  for (size_t i = 1; i < inst.operands.size(); ++i) {
    llvm::Value* a = operand(inst, i);
    if (!a) return;
    args.push_back(a);
  }
  if (args.size() != callee->arg_size()) {
    error(inst.attrs.loc, "call to '" + callee->getName().str() + "' has the wrong argument count");
    return;
  }
  llvm::CallInst* call = b_.CreateCall(callee, args);
  if (!call->getType()->isVoidTy()) bind(Value::inst(id), call);
}

llvm::Value* Emitter::builtinComponent(uint32_t builtin, llvm::Value* component, DebugLoc loc) {
  std::string_view name;
  switch (builtin) {
    case spv::BuiltInGlobalInvocationId: name = dxi::kThreadId; break;
    case spv::BuiltInWorkgroupId: name = dxi::kGroupId; break;
    case spv::BuiltInLocalInvocationId: name = dxi::kThreadIdInGroup; break;
    case spv::BuiltInLocalInvocationIndex:
      return b_.CreateCall(decl(dxi::kFlattenedThreadIdInGroup, b_.getInt32Ty(), {}));
    case spv::BuiltInSubgroupLocalInvocationId: return emitLaneIndex(b_, *m_);
    case spv::BuiltInSubgroupSize: return emitLaneCount(b_, *m_);
    default:
      error(loc, "system value (BuiltIn " + std::to_string(builtin) + ") has no DXIL form yet");
      return nullptr;
  }
  return b_.CreateCall(decl(name, b_.getInt32Ty(), {b_.getInt32Ty()}), {component});
}

llvm::Value* Emitter::loadSymbolic(const SymbolicPtr& p, Type t, DebugLoc loc) {
  llvm::Type* lt = type(t);
  if (!lt) {
    error(loc, "load of a type with no DXIL form");
    return nullptr;
  }
  if (p.kind == SymbolicPtr::Stage) return accessStagePart(p, lt, nullptr, loc);
  if (p.kind == SymbolicPtr::Builtin) {
    if (p.component) {
      if (auto* ci = llvm::dyn_cast<llvm::ConstantInt>(p.component)) return builtinComponent(p.builtin, ci, loc);
      llvm::Value* all = loadSymbolic(SymbolicPtr{SymbolicPtr::Builtin, nullptr, nullptr, nullptr, false,
                                                  cx_.vectorType(t, 3), p.builtin, nullptr},
                                      cx_.vectorType(t, 3), loc);
      return all ? b_.CreateExtractElement(all, p.component) : nullptr;
    }
    if (p.builtin == spv::BuiltInLocalInvocationIndex || p.builtin == spv::BuiltInSubgroupLocalInvocationId ||
        p.builtin == spv::BuiltInSubgroupSize)
      return builtinComponent(p.builtin, nullptr, loc);
    llvm::Value* v = llvm::PoisonValue::get(lt);
    uint32_t n = cx_.componentCount(t);
    for (uint32_t i = 0; i < n; ++i) {
      llvm::Value* c = builtinComponent(p.builtin, b_.getInt32(i), loc);
      if (!c) return nullptr;
      v = n == 1 ? c : b_.CreateInsertElement(v, c, b_.getInt32(i));
    }
    return v;
  }
  const TypeDef& d = cx_.def(t);
  if (d.kind == TypeKind::Struct || d.kind == TypeKind::Array || d.kind == TypeKind::Matrix) {
    // Aggregates load leaf by leaf, as DXC's rawBufferLoad splitting does.
    llvm::Value* agg = llvm::PoisonValue::get(lt);
    uint32_t n = d.kind == TypeKind::Struct ? uint32_t(d.members.size()) : uint32_t(lt->getArrayNumElements());
    for (uint32_t i = 0; i < n; ++i) {
      Type et = d.kind == TypeKind::Struct ? d.members[i].type : d.element;
      const bool cb = p.kind == SymbolicPtr::CBuffer;
      uint32_t off = d.kind == TypeKind::Struct ? memberOffset(t, i, cb) : i * elementStride(t, cb);
      SymbolicPtr q = p;
      q.offset = b_.CreateAdd(p.offset, b_.getInt32(off));
      q.pointee = et;
      llvm::Value* e = loadSymbolic(q, et, loc);
      if (!e) return nullptr;
      agg = b_.CreateInsertValue(agg, e, {i});
    }
    return agg;
  }
  if (p.kind == SymbolicPtr::CBuffer) return loadCBufferLeaf(p, t, lt, loc);
  // Bools live in buffers as i32.
  llvm::Type* memType = lt;
  if (lt->isIntOrIntVectorTy(1)) {
    memType = lt->isVectorTy() ? (llvm::Type*)llvm::FixedVectorType::get(b_.getInt32Ty(), cx_.componentCount(t))
                               : (llvm::Type*)b_.getInt32Ty();
  }
  llvm::Type* ret = llvm::StructType::get(ctx_, {memType, b_.getInt1Ty()});
  llvm::Value* index = p.index;
  llvm::Value* offset = p.offset;
  if (p.rawBuffer) {
    index = rawAddress(p);
    offset = llvm::PoisonValue::get(b_.getInt32Ty());
  }
  std::string suffix = mangleTypeSuffix(ret) + "." + mangleTypeSuffix(p.handle->getType());
  llvm::Value* r = b_.CreateCall(decl(dxi::kLoadRawBuffer, ret, {p.handle->getType(), b_.getInt32Ty(), b_.getInt32Ty()}, suffix),
                                 {p.handle, index, offset});
  llvm::Value* v = b_.CreateExtractValue(r, {0});
  if (memType != lt) v = b_.CreateICmpNE(v, llvm::Constant::getNullValue(memType));
  return v;
}

// A scalar or vector at a constant byte offset of a constant buffer: its 16-byte row, then the
// components (a leaf never straddles rows in the cbuffer layout).
llvm::Value* Emitter::loadCBufferLeaf(const SymbolicPtr& p, Type t, llvm::Type* lt, DebugLoc loc) {
  llvm::Type* scalar = lt->getScalarType();
  llvm::Type* rowType = scalar->isIntegerTy(1) ? b_.getInt32Ty() : scalar;
  uint32_t size = rowType->getPrimitiveSizeInBits() / 8;
  if (size != 2 && size != 4 && size != 8) {
    error(loc, "constant buffer members of this type have no DXIL form yet");
    return nullptr;
  }
  uint32_t n = cx_.componentCount(t);
  // A 16-byte row holds 8 16-bit, 4 32-bit or 2 64-bit values (cbufferLoadLegacy's CBufRet).
  const uint32_t perRow = 16 / size;
  llvm::Type* ret = llvm::StructType::get(ctx_, std::vector<llvm::Type*>(perRow, rowType));
  std::string suffix = mangleTypeSuffix(ret) + "." + mangleTypeSuffix(p.handle->getType());
  const std::string_view intrinsic = perRow == 2 ? dxi::kLoadCBufferRow2 : perRow == 8 ? dxi::kLoadCBufferRow8 : dxi::kLoadCBufferRow;
  llvm::FunctionCallee loadRow = decl(intrinsic, ret, {p.handle->getType(), b_.getInt32Ty()}, suffix);
  auto component = [&](llvm::Value* c) { return scalar->isIntegerTy(1) ? b_.CreateICmpNE(c, b_.getInt32(0)) : c; };
  llvm::Value* v = llvm::PoisonValue::get(lt);
  auto* off = llvm::dyn_cast<llvm::ConstantInt>(p.offset);
  if (off) {
    // Component by component: a member may continue in the next row (a double3 at offset 16,
    // or any layout that packs across rows), which is read as well.
    const uint32_t byte = uint32_t(off->getZExtValue());
    llvm::Value* row = nullptr;
    uint32_t rowIndex = UINT32_MAX;
    for (uint32_t i = 0; i < n; ++i) {
      const uint32_t at = byte + i * size;
      if (at / 16 != rowIndex) {
        rowIndex = at / 16;
        row = b_.CreateCall(loadRow, {p.handle, b_.getInt32(rowIndex)});
      }
      llvm::Value* c = component(b_.CreateExtractValue(row, {(at % 16) / size}));
      v = n == 1 && !lt->isVectorTy() ? c : b_.CreateInsertElement(v, c, b_.getInt32(i));
    }
    return v;
  }
  // A dynamically indexed array: the row and the first component are computed (the legacy
  // layout never lets a member straddle rows); the row's components become a vector to index.
  llvm::Value* byte = b_.CreateZExtOrTrunc(p.offset, b_.getInt32Ty());
  llvm::Value* rowIndex = b_.CreateLShr(byte, b_.getInt32(4));
  llvm::Value* within = b_.CreateAnd(byte, b_.getInt32(15));
  llvm::Value* first = b_.CreateUDiv(within, b_.getInt32(size));
  llvm::Value* row = b_.CreateCall(loadRow, {p.handle, rowIndex});
  llvm::Value* lanes = llvm::PoisonValue::get(llvm::FixedVectorType::get(rowType, perRow));
  for (uint32_t i = 0; i < perRow; ++i) {
    llvm::Value* c = b_.CreateExtractValue(row, {i});
    lanes = b_.CreateInsertElement(lanes, c, b_.getInt32(i));
  }
  for (uint32_t i = 0; i < n; ++i) {
    llvm::Value* lane = b_.CreateAdd(first, b_.getInt32(i));
    llvm::Value* c = component(b_.CreateExtractElement(lanes, lane));
    v = n == 1 && !lt->isVectorTy() ? c : b_.CreateInsertElement(v, c, b_.getInt32(i));
  }
  return v;
}

void Emitter::storeSymbolic(const SymbolicPtr& p, Type t, llvm::Value* v, DebugLoc loc) {
  if (p.kind == SymbolicPtr::Stage) {
    accessStagePart(p, v->getType(), v, loc);
    return;
  }
  if (p.kind == SymbolicPtr::Builtin || p.kind == SymbolicPtr::CBuffer) {
    error(loc, p.kind == SymbolicPtr::CBuffer ? "store to a constant buffer" : "store to a compute system value");
    return;
  }
  const TypeDef& d = cx_.def(t);
  if (d.kind == TypeKind::Struct || d.kind == TypeKind::Array || d.kind == TypeKind::Matrix) {
    uint32_t n = d.kind == TypeKind::Struct ? uint32_t(d.members.size()) : uint32_t(v->getType()->getArrayNumElements());
    for (uint32_t i = 0; i < n; ++i) {
      Type et = d.kind == TypeKind::Struct ? d.members[i].type : d.element;
      uint32_t off = d.kind == TypeKind::Struct ? memberOffset(t, i) : i * elementStride(t);
      SymbolicPtr q = p;
      q.offset = b_.CreateAdd(p.offset, b_.getInt32(off));
      storeSymbolic(q, et, b_.CreateExtractValue(v, {i}), loc);
    }
    return;
  }
  if (v->getType()->isIntOrIntVectorTy(1)) {
    llvm::Type* mt = v->getType()->isVectorTy()
                         ? llvm::FixedVectorType::get(b_.getInt32Ty(), cx_.componentCount(t))
                         : (llvm::Type*)b_.getInt32Ty();
    v = b_.CreateZExt(v, mt);
  }
  llvm::Value* index = p.index;
  llvm::Value* offset = p.offset;
  if (p.rawBuffer) {
    index = rawAddress(p);
    offset = llvm::PoisonValue::get(b_.getInt32Ty());
  }
  std::string suffix = mangleTypeSuffix(p.handle->getType()) + "." + mangleTypeSuffix(v->getType());
  b_.CreateCall(decl(dxi::kStoreRawBuffer, b_.getVoidTy(),
                     {p.handle->getType(), b_.getInt32Ty(), b_.getInt32Ty(), v->getType()}, suffix),
                {p.handle, index, offset, v});
}

SymbolicPtr Emitter::chainSymbolic(SymbolicPtr p, const InstDef& inst, DebugLoc loc) {
  for (size_t i = 1; i < inst.operands.size(); ++i) {
    llvm::Value* idx = operand(inst, i);
    if (!idx) return p;
    if (p.kind == SymbolicPtr::Stage) {
      // Array (or matrix) element first, then a vector component.
      const TypeDef& d = cx_.def(p.pointee);
      if ((d.kind == TypeKind::Array || d.kind == TypeKind::Matrix) && !p.index && !p.component) {
        p.index = b_.CreateZExtOrTrunc(idx, b_.getInt32Ty());
        p.pointee = d.element;
      } else if (d.kind == TypeKind::Vector && !p.component) {
        p.component = idx;
        p.pointee = d.element;
      } else {
        error(loc, "access chain into a shader input/output goes deeper than element and component");
        return p;
      }
      continue;
    }
    if (p.kind == SymbolicPtr::Builtin) {
      p.component = idx;
      p.pointee = cx_.scalarOf(p.pointee);
      continue;
    }
    const TypeDef& d = cx_.def(p.pointee);
    if (d.kind == TypeKind::Struct) {
      auto* ci = llvm::dyn_cast<llvm::ConstantInt>(idx);
      if (!ci || ci->getZExtValue() >= d.members.size()) {
        error(loc, "struct member index must be a constant in range");
        return p;
      }
      uint32_t m = uint32_t(ci->getZExtValue());
      p.offset = b_.CreateAdd(p.offset, b_.getInt32(memberOffset(p.pointee, m, p.kind == SymbolicPtr::CBuffer)));
      p.pointee = d.members[m].type;
    } else if (d.kind == TypeKind::Array || d.kind == TypeKind::RuntimeArray || d.kind == TypeKind::Matrix ||
               d.kind == TypeKind::Vector) {
      const bool cb = p.kind == SymbolicPtr::CBuffer;
      uint32_t stride = d.kind == TypeKind::Vector ? layoutSize(d.element, cb) : elementStride(p.pointee, cb);
      llvm::Value* i32 = b_.CreateZExtOrTrunc(idx, b_.getInt32Ty());
      p.offset = b_.CreateAdd(p.offset, b_.CreateMul(i32, b_.getInt32(stride)));
      p.pointee = d.element;
    } else {
      error(loc, "access chain indexes into a scalar");
      return p;
    }
  }
  return p;
}

void Emitter::emitSpv(InstId id, const InstDef& inst) {
  const uint32_t op = inst.op.code;
  const Value result = Value::inst(id);
  const DebugLoc loc = inst.attrs.loc;
  llvm::Type* rt = inst.resultType.valid() ? type(inst.resultType) : nullptr;
  auto v = [&](size_t i) { return operand(inst, i); };
  auto both = [&](auto f) {
    llvm::Value* a = v(0);
    llvm::Value* c = v(1);
    if (a && c) bind(result, f(a, c));
  };
  auto one = [&](auto f) {
    if (llvm::Value* a = v(0)) bind(result, f(a));
  };
  switch (op) {
    case spv::OpIAdd: both([&](auto a, auto c) { return b_.CreateAdd(a, c); }); return;
    case spv::OpISub: both([&](auto a, auto c) { return b_.CreateSub(a, c); }); return;
    case spv::OpIMul: both([&](auto a, auto c) { return b_.CreateMul(a, c); }); return;
    case spv::OpUDiv: both([&](auto a, auto c) { return b_.CreateUDiv(a, c); }); return;
    case spv::OpSDiv: both([&](auto a, auto c) { return b_.CreateSDiv(a, c); }); return;
    case spv::OpUMod: both([&](auto a, auto c) { return b_.CreateURem(a, c); }); return;
    case spv::OpSRem: both([&](auto a, auto c) { return b_.CreateSRem(a, c); }); return;
    case spv::OpFAdd: both([&](auto a, auto c) { return b_.CreateFAdd(a, c); }); return;
    case spv::OpFSub: both([&](auto a, auto c) { return b_.CreateFSub(a, c); }); return;
    case spv::OpFMul: both([&](auto a, auto c) { return b_.CreateFMul(a, c); }); return;
    case spv::OpFDiv: both([&](auto a, auto c) { return b_.CreateFDiv(a, c); }); return;
    case spv::OpFRem: both([&](auto a, auto c) { return b_.CreateFRem(a, c); }); return;
    case spv::OpFNegate: one([&](auto a) { return b_.CreateFNeg(a); }); return;
    case spv::OpSNegate: one([&](auto a) { return b_.CreateNeg(a); }); return;
    case spv::OpBitwiseAnd:
    case spv::OpLogicalAnd: both([&](auto a, auto c) { return b_.CreateAnd(a, c); }); return;
    case spv::OpBitwiseOr:
    case spv::OpLogicalOr: both([&](auto a, auto c) { return b_.CreateOr(a, c); }); return;
    case spv::OpBitwiseXor:
    case spv::OpLogicalNotEqual: both([&](auto a, auto c) { return b_.CreateXor(a, c); }); return;
    case spv::OpLogicalEqual: both([&](auto a, auto c) { return b_.CreateICmpEQ(a, c); }); return;
    case spv::OpNot:
    case spv::OpLogicalNot: one([&](auto a) { return b_.CreateNot(a); }); return;
    case spv::OpShiftLeftLogical: both([&](auto a, auto c) { return b_.CreateShl(a, b_.CreateZExtOrTrunc(c, a->getType())); }); return;
    case spv::OpShiftRightLogical: both([&](auto a, auto c) { return b_.CreateLShr(a, b_.CreateZExtOrTrunc(c, a->getType())); }); return;
    case spv::OpShiftRightArithmetic: both([&](auto a, auto c) { return b_.CreateAShr(a, b_.CreateZExtOrTrunc(c, a->getType())); }); return;
    case spv::OpIEqual: both([&](auto a, auto c) { return b_.CreateICmpEQ(a, c); }); return;
    case spv::OpINotEqual: both([&](auto a, auto c) { return b_.CreateICmpNE(a, c); }); return;
    case spv::OpULessThan: both([&](auto a, auto c) { return b_.CreateICmpULT(a, c); }); return;
    case spv::OpULessThanEqual: both([&](auto a, auto c) { return b_.CreateICmpULE(a, c); }); return;
    case spv::OpUGreaterThan: both([&](auto a, auto c) { return b_.CreateICmpUGT(a, c); }); return;
    case spv::OpUGreaterThanEqual: both([&](auto a, auto c) { return b_.CreateICmpUGE(a, c); }); return;
    case spv::OpSLessThan: both([&](auto a, auto c) { return b_.CreateICmpSLT(a, c); }); return;
    case spv::OpSLessThanEqual: both([&](auto a, auto c) { return b_.CreateICmpSLE(a, c); }); return;
    case spv::OpSGreaterThan: both([&](auto a, auto c) { return b_.CreateICmpSGT(a, c); }); return;
    case spv::OpSGreaterThanEqual: both([&](auto a, auto c) { return b_.CreateICmpSGE(a, c); }); return;
    case spv::OpFOrdEqual: both([&](auto a, auto c) { return b_.CreateFCmpOEQ(a, c); }); return;
    case spv::OpFOrdNotEqual: both([&](auto a, auto c) { return b_.CreateFCmpONE(a, c); }); return;
    case spv::OpFOrdLessThan: both([&](auto a, auto c) { return b_.CreateFCmpOLT(a, c); }); return;
    case spv::OpFOrdLessThanEqual: both([&](auto a, auto c) { return b_.CreateFCmpOLE(a, c); }); return;
    case spv::OpFOrdGreaterThan: both([&](auto a, auto c) { return b_.CreateFCmpOGT(a, c); }); return;
    case spv::OpFOrdGreaterThanEqual: both([&](auto a, auto c) { return b_.CreateFCmpOGE(a, c); }); return;
    case spv::OpFUnordEqual: both([&](auto a, auto c) { return b_.CreateFCmpUEQ(a, c); }); return;
    case spv::OpFUnordNotEqual: both([&](auto a, auto c) { return b_.CreateFCmpUNE(a, c); }); return;
    case spv::OpFUnordLessThan: both([&](auto a, auto c) { return b_.CreateFCmpULT(a, c); }); return;
    case spv::OpFUnordGreaterThan: both([&](auto a, auto c) { return b_.CreateFCmpUGT(a, c); }); return;
    case spv::OpSelect: {
      llvm::Value* c = v(0);
      llvm::Value* a = v(1);
      llvm::Value* e = v(2);
      if (c && a && e) bind(result, b_.CreateSelect(c, a, e));
      return;
    }
    case spv::OpConvertFToU: if (rt) one([&](auto a) { return b_.CreateFPToUI(a, rt); }); return;
    case spv::OpConvertFToS: if (rt) one([&](auto a) { return b_.CreateFPToSI(a, rt); }); return;
    case spv::OpConvertUToF: if (rt) one([&](auto a) { return b_.CreateUIToFP(a, rt); }); return;
    case spv::OpConvertSToF: if (rt) one([&](auto a) { return b_.CreateSIToFP(a, rt); }); return;
    case spv::OpUConvert: if (rt) one([&](auto a) { return b_.CreateZExtOrTrunc(a, rt); }); return;
    case spv::OpSConvert: if (rt) one([&](auto a) { return b_.CreateSExtOrTrunc(a, rt); }); return;
    case spv::OpFConvert: if (rt) one([&](auto a) { return b_.CreateFPCast(a, rt); }); return;
    case spv::OpBitcast: if (rt) one([&](auto a) { return b_.CreateBitCast(a, rt); }); return;
    case spv::OpCopyObject: {
      if (const SymbolicPtr* p = symbolic(inst.operands.empty() ? Value() : inst.operands[0].value)) {
        symbolic_[valueKey(result)] = *p;
        return;
      }
      llvm::Value* a = v(0);
      if (!a) return;
      if (inst.attrs.hasDecoration(spv::DecorationNonUniform) && a->getType()->isIntegerTy(32)) {
        bind(result, b_.CreateCall(decl(dxi::kNonUniformIndex, a->getType(), {a->getType()}), {a}));
      } else {
        bind(result, a);
      }
      return;
    }
    case spv::OpCompositeExtract: {
      llvm::Value* a = v(0);
      if (!a) return;
      for (size_t i = 1; i < inst.operands.size(); ++i) {
        uint32_t k = inst.operands[i].imm;
        a = a->getType()->isVectorTy() ? b_.CreateExtractElement(a, b_.getInt32(k)) : b_.CreateExtractValue(a, {k});
      }
      bind(result, a);
      return;
    }
    case spv::OpCompositeInsert: {
      llvm::Value* obj = v(0);
      llvm::Value* comp = v(1);
      if (!obj || !comp) return;
      std::vector<unsigned> idx;
      for (size_t i = 2; i < inst.operands.size(); ++i) idx.push_back(inst.operands[i].imm);
      if (idx.size() == 1 && comp->getType()->isVectorTy())
        bind(result, b_.CreateInsertElement(comp, obj, b_.getInt32(idx[0])));
      else
        bind(result, b_.CreateInsertValue(comp, obj, idx));
      return;
    }
    case spv::OpCompositeConstruct: {
      if (!rt) return;
      if (!rt->isVectorTy()) {
        llvm::Value* agg = constructAggregate(rt, inst);
        if (agg) bind(result, agg);
        return;
      }
      llvm::Value* agg = llvm::PoisonValue::get(rt);
      unsigned slot = 0;
      for (size_t i = 0; i < inst.operands.size(); ++i) {
        llvm::Value* part = v(i);
        if (!part) return;
        // A vector may be built from scalars and smaller vectors.
        if (auto* pv = llvm::dyn_cast<llvm::FixedVectorType>(part->getType())) {
          for (unsigned k = 0; k < pv->getNumElements(); ++k)
            agg = b_.CreateInsertElement(agg, b_.CreateExtractElement(part, b_.getInt32(k)), b_.getInt32(slot++));
        } else {
          agg = b_.CreateInsertElement(agg, part, b_.getInt32(slot++));
        }
      }
      bind(result, agg);
      return;
    }
    case spv::OpVectorShuffle: {
      llvm::Value* a = v(0);
      llvm::Value* c = v(1);
      if (!a || !c) return;
      std::vector<int> mask;
      for (size_t i = 2; i < inst.operands.size(); ++i)
        mask.push_back(inst.operands[i].imm == 0xFFFFFFFFu ? -1 : int(inst.operands[i].imm));
      bind(result, b_.CreateShuffleVector(a, c, mask));
      return;
    }
    case spv::OpVectorTimesScalar:
      both([&](auto a, auto c) {
        auto* vt = llvm::cast<llvm::FixedVectorType>(a->getType());
        return b_.CreateFMul(a, b_.CreateVectorSplat(vt->getNumElements(), c));
      });
      return;
    case spv::OpDot:
      both([&](auto a, auto c) -> llvm::Value* { return emitDot(b_, *m_, a, c); });
      return;
    case spv::OpAny: one([&](auto a) { return b_.CreateOrReduce(a); }); return;
    case spv::OpAll: one([&](auto a) { return b_.CreateAndReduce(a); }); return;
    case spv::OpIsNan: one([&](auto a) { return emitIsSpecial(b_, *m_, false, a); }); return;
    case spv::OpIsInf: one([&](auto a) { return emitIsSpecial(b_, *m_, true, a); }); return;
    case spv::OpBitCount: one([&](auto a) { return b_.CreateUnaryIntrinsic(llvm::Intrinsic::ctpop, a); }); return;
    case spv::OpBitReverse: one([&](auto a) { return b_.CreateUnaryIntrinsic(llvm::Intrinsic::bitreverse, a); }); return;
    case spv::OpVariable: {
      if (inst.operands.empty() || !inst.operands[0].isImm || inst.operands[0].imm != spv::StorageClassFunction) {
        error(loc, "only Function-storage variables may appear in a function");
        return;
      }
      const TypeDef& pd = cx_.def(inst.resultType);
      llvm::Type* et = type(pd.element);
      if (!et) {
        error(loc, "variable of a type with no DXIL form");
        return;
      }
      llvm::IRBuilder<> eb(&lf_->getEntryBlock(), lf_->getEntryBlock().begin());
      eb.SetCurrentDebugLocation(b_.getCurrentDebugLocation());
      llvm::AllocaInst* a;
      if (llvm::isa<llvm::TargetExtType>(et)) {
        // LLVM 19 gives dx.* types no layout: no DataLayout queries (explicit alignment), and the
        // variable is promoted to SSA right after the function is emitted.
        a = new llvm::AllocaInst(et, 0, nullptr, llvm::Align(4), inst.attrs.name, &*eb.GetInsertPoint());
        a->setDebugLoc(b_.getCurrentDebugLocation());
        handleAllocas_.push_back(a);
      } else {
        a = eb.CreateAlloca(et, nullptr, inst.attrs.name);
      }
      bind(result, a);
      if (inst.operands.size() > 1 && !inst.operands[1].isImm)
        if (llvm::Value* init = v(1)) b_.CreateAlignedStore(init, a, llvm::Align(4));
      return;
    }
    case spv::OpAccessChain:
    case spv::OpInBoundsAccessChain: {
      if (inst.operands.empty()) return;
      Value base = inst.operands[0].value;
      if (const SymbolicPtr* p = symbolic(base)) {
        symbolic_[valueKey(result)] = chainSymbolic(*p, inst, loc);
        return;
      }
      if (base.kind == ValueKind::GlobalVar && stageIO_.globals.count(base.a)) {
        SymbolicPtr p{SymbolicPtr::Stage};
        p.builtin = base.a;
        p.pointee = ir_.global(base.asGlobal()).type;
        symbolic_[valueKey(result)] = chainSymbolic(p, inst, loc);
        return;
      }
      if (base.kind == ValueKind::GlobalVar && builtinGlobals_.count(base.a)) {
        SymbolicPtr p{SymbolicPtr::Builtin};
        p.builtin = builtinGlobals_[base.a];
        p.pointee = ir_.global(base.asGlobal()).type;
        symbolic_[valueKey(result)] = chainSymbolic(p, inst, loc);
        return;
      }
      llvm::Value* ptr = v(0);
      Type baseType = ir_.typeOf(*fn_, base);
      if (!ptr || !baseType.valid()) return;
      Type pointee = cx_.def(baseType).element;
      llvm::Type* pt = type(pointee);
      if (!pt) return;
      std::vector<llvm::Value*> idx{b_.getInt32(0)};
      for (size_t i = 1; i < inst.operands.size(); ++i) {
        llvm::Value* x = v(i);
        if (!x) return;
        idx.push_back(x);
      }
      bind(result, b_.CreateInBoundsGEP(pt, ptr, idx));
      return;
    }
    case spv::OpLoad: {
      if (inst.operands.empty() || !rt) return;
      Value ptrValue = inst.operands[0].value;
      if (ptrValue.kind == ValueKind::GlobalVar) {
        auto stage = stageIO_.globals.find(ptrValue.a);
        if (stage != stageIO_.globals.end()) {
          if (stage->second.output) error(loc, "a shader output is read back; DXIL outputs are write-only");
          else if (llvm::Value* x = loadStageInput(stage->second, rt, loc)) bind(result, x);
          return;
        }
      }
      if (ptrValue.kind == ValueKind::GlobalVar && builtinGlobals_.count(ptrValue.a)) {
        SymbolicPtr p{SymbolicPtr::Builtin};
        p.builtin = builtinGlobals_[ptrValue.a];
        p.pointee = inst.resultType;
        if (llvm::Value* x = loadSymbolic(p, inst.resultType, loc)) bind(result, x);
        return;
      }
      if (const SymbolicPtr* p = symbolic(ptrValue)) {
        if (llvm::Value* x = loadSymbolic(*p, inst.resultType, loc)) bind(result, x);
        return;
      }
      if (llvm::Value* ptr = v(0)) {
        if (llvm::isa<llvm::TargetExtType>(rt)) bind(result, b_.CreateAlignedLoad(rt, ptr, llvm::Align(4)));
        else bind(result, b_.CreateLoad(rt, ptr));
      }
      return;
    }
    case spv::OpStore: {
      if (inst.operands.size() < 2) return;
      llvm::Value* val = v(1);
      if (!val) return;
      if (inst.operands[0].value.kind == ValueKind::GlobalVar) {
        auto stage = stageIO_.globals.find(inst.operands[0].value.a);
        if (stage != stageIO_.globals.end()) {
          if (!stage->second.output) error(loc, "a store to a shader input");
          else storeStageOutput(stage->second, val, loc);
          return;
        }
      }
      if (const SymbolicPtr* p = symbolic(inst.operands[0].value)) {
        storeSymbolic(*p, ir_.typeOf(*fn_, inst.operands[1].value), val, loc);
        return;
      }
      if (llvm::Value* ptr = v(0)) {
        if (llvm::isa<llvm::TargetExtType>(val->getType())) b_.CreateAlignedStore(val, ptr, llvm::Align(4));
        else b_.CreateStore(val, ptr);
      }
      return;
    }
    case spv::OpControlBarrier:
    case spv::OpMemoryBarrier: {
      // DXIL barrier mode (dxil.md §3): SyncThreadGroup 1, UAVFenceGlobal 2, UAVFenceThreadGroup 4,
      // TGSMFence 8; from the SPIR-V scopes and semantics DXC itself emits for each HLSL barrier.
      bool control = op == spv::OpControlBarrier;
      auto immOf = [&](size_t i) -> uint32_t {
        if (i >= inst.operands.size()) return 0;
        const Operand& o = inst.operands[i];
        return o.isImm ? o.imm : uint32_t(cx_.def(o.value.asConst()).bits);
      };
      uint32_t memScope = immOf(control ? 1 : 0);
      uint32_t sem = immOf(control ? 2 : 1);
      uint32_t mode = control ? 1 : 0;
      if (sem & spv::MemorySemanticsWorkgroupMemoryMask) mode |= 8;
      if (sem & (spv::MemorySemanticsUniformMemoryMask | spv::MemorySemanticsImageMemoryMask))
        mode |= memScope == spv::ScopeDevice ? 2 : 4;
      if (mode == 9) {
        b_.CreateCall(decl(dxi::kGroupMemoryBarrierWithGroupSync, b_.getVoidTy(), {}));
      } else {
        b_.CreateCall(decl(dxi::kBarrier, b_.getVoidTy(), {b_.getInt32Ty()}), {b_.getInt32(mode)});
      }
      return;
    }
    case spv::OpAtomicIAdd:
    case spv::OpAtomicISub:
    case spv::OpAtomicUMin:
    case spv::OpAtomicUMax:
    case spv::OpAtomicSMin:
    case spv::OpAtomicSMax:
    case spv::OpAtomicAnd:
    case spv::OpAtomicOr:
    case spv::OpAtomicXor:
    case spv::OpAtomicExchange: {
      if (inst.operands.size() < 4) return;
      if (const SymbolicPtr* sp = symbolic(inst.operands[0].value)) {
        const uint32_t code = *atomicBinOpCode(op);  // every opcode of this case has one
        llvm::Value* val = v(3);
        if (!val || sp->kind != SymbolicPtr::Resource) {
          if (val) error(loc, "atomic on a constant buffer or system value");
          return;
        }
        if (op == spv::OpAtomicISub) val = b_.CreateNeg(val);  // DXIL has no atomic subtract
        llvm::Value* index = sp->rawBuffer ? rawAddress(*sp) : sp->index;
        llvm::Value* poison = llvm::PoisonValue::get(b_.getInt32Ty());
        bind(result, atomicBinOp(sp->handle, code, index, sp->rawBuffer ? poison : sp->offset, poison, val));
        return;
      }
      llvm::Value* ptr = v(0);
      llvm::Value* val = v(3);
      if (!ptr || !val) return;
      llvm::AtomicRMWInst::BinOp bop = llvm::AtomicRMWInst::Add;
      switch (op) {
        case spv::OpAtomicISub: bop = llvm::AtomicRMWInst::Sub; break;
        case spv::OpAtomicUMin: bop = llvm::AtomicRMWInst::UMin; break;
        case spv::OpAtomicUMax: bop = llvm::AtomicRMWInst::UMax; break;
        case spv::OpAtomicSMin: bop = llvm::AtomicRMWInst::Min; break;
        case spv::OpAtomicSMax: bop = llvm::AtomicRMWInst::Max; break;
        case spv::OpAtomicAnd: bop = llvm::AtomicRMWInst::And; break;
        case spv::OpAtomicOr: bop = llvm::AtomicRMWInst::Or; break;
        case spv::OpAtomicXor: bop = llvm::AtomicRMWInst::Xor; break;
        case spv::OpAtomicExchange: bop = llvm::AtomicRMWInst::Xchg; break;
        default: break;
      }
      bind(result, b_.CreateAtomicRMW(bop, ptr, val, llvm::MaybeAlign(4), llvm::AtomicOrdering::SequentiallyConsistent));
      return;
    }
    case spv::OpAtomicCompareExchange: {
      // (pointer, scope, equal semantics, unequal semantics, value, comparator) -> original.
      if (inst.operands.size() < 6) return;
      llvm::Value* val = v(4);
      llvm::Value* cmp = v(5);
      if (!val || !cmp) return;
      if (const SymbolicPtr* sp = symbolic(inst.operands[0].value)) {
        if (sp->kind != SymbolicPtr::Resource) {
          error(loc, "atomic on a constant buffer or system value");
          return;
        }
        llvm::Value* index = sp->rawBuffer ? rawAddress(*sp) : sp->index;
        llvm::Value* poison = llvm::PoisonValue::get(b_.getInt32Ty());
        bind(result, atomicCompareExchange(sp->handle, index, sp->rawBuffer ? poison : sp->offset, poison, cmp, val));
        return;
      }
      llvm::Value* ptr = v(0);
      if (!ptr) return;
      // groupshared (and other plain memory): LLVM's cmpxchg, as DXC emits it.
      llvm::Value* pair = b_.CreateAtomicCmpXchg(ptr, cmp, val, llvm::MaybeAlign(4), llvm::AtomicOrdering::SequentiallyConsistent,
                                                 llvm::AtomicOrdering::SequentiallyConsistent);
      bind(result, b_.CreateExtractValue(pair, {0}));
      return;
    }
    case spv::OpDPdx:
    case spv::OpDPdxCoarse: one([&](auto a) { return derivative(dxi::kDdxCoarse, a); }); return;
    case spv::OpDPdy:
    case spv::OpDPdyCoarse: one([&](auto a) { return derivative(dxi::kDdyCoarse, a); }); return;
    case spv::OpDPdxFine: one([&](auto a) { return derivative(dxi::kDdxFine, a); }); return;
    case spv::OpDPdyFine: one([&](auto a) { return derivative(dxi::kDdyFine, a); }); return;
    case spv::OpFwidth:
      // DXC: fwidth(x) = abs(ddx(x)) + abs(ddy(x)), coarse derivatives.
      one([&](auto a) {
        llvm::Value* dx = b_.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, derivative(dxi::kDdxCoarse, a));
        llvm::Value* dy = b_.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, derivative(dxi::kDdyCoarse, a));
        return b_.CreateFAdd(dx, dy);
      });
      return;
    case spv::OpTranspose: case spv::OpMatrixTimesScalar: case spv::OpVectorTimesMatrix:
    case spv::OpMatrixTimesVector: case spv::OpMatrixTimesMatrix: case spv::OpOuterProduct: {
      llvm::Value* a = v(0);
      llvm::Value* c = op == spv::OpTranspose ? a : v(1);
      if (!a || !c) return;
      if (llvm::Value* r = emitMatrixOp(b_, *m_, op, a, c)) bind(result, r);
      else error(loc, opcodeName(inst.op) + ": operands the DXIL back end cannot expand");
      return;
    }
    default:
      if (isWaveOp(op)) {
        emitWave(result, inst);
        return;
      }
      error(loc, opcodeName(inst.op) + " has no DXIL form yet");
      return;
  }
}

// Whether every use of a ballot is a bit count: DXIL counts the condition's bits itself, so such
// a ballot is never made (as in DXC's output).
bool Emitter::onlyBitCounted(Value ballot) const {
  size_t counted = 0;
  for (InstId i : ir::instsInProgramOrder(*fn_)) {
    const InstDef& use = fn_->inst(i);
    if (use.op.isSpv(spv::OpGroupNonUniformBallotBitCount) && use.operands.size() > 2 && !use.operands[2].isImm &&
        use.operands[2].value == ballot)
      ++counted;
    // WaveMultiPrefixCountBits: the ballot ANDed with a mask, only ever counted.
    if (use.op.isSpv(spv::OpBitwiseAnd) && use.operands.size() == 2 && !use.operands[0].isImm &&
        use.operands[0].value == ballot && onlyBitCounted(Value::inst(i)))
      ++counted;
  }
  return counted && counted == ir::countUses(*fn_, ballot);
}

// OpGroupNonUniform* (scope first): the operand, a group operation (an immediate) where the op
// has one, and a lane or direction (WaveOps.h).
void Emitter::emitWave(Value result, const InstDef& inst) {
  const uint32_t op = inst.op.code;
  const bool grouped = op == spv::OpGroupNonUniformBallotBitCount ||
                       (op >= spv::OpGroupNonUniformIAdd && op <= spv::OpGroupNonUniformLogicalXor);
  if (op == spv::OpGroupNonUniformBallot && onlyBitCounted(result)) {  // see BallotBitCount
    bind(result, llvm::PoisonValue::get(llvm::FixedVectorType::get(b_.getInt32Ty(), 4)));
    return;
  }
  WaveOpInput in;
  in.opcode = op;
  if (op == spv::OpGroupNonUniformPartitionNV) {  // WaveMatch: no scope, only the value
    if (inst.operands.empty()) return error(inst.attrs.loc, "malformed " + opcodeName(inst.op));
    if (!(in.value = operand(inst, 0))) return;
    std::string why;
    if (llvm::Value* r = emitWaveOp(b_, *m_, in, why)) bind(result, r);
    else error(inst.attrs.loc, opcodeName(inst.op) + ": " + why);
    return;
  }
  size_t next = 1;  // after the scope
  if (grouped) {
    if (inst.operands.size() <= next || !inst.operands[next].isImm) return error(inst.attrs.loc, "malformed " + opcodeName(inst.op));
    in.groupOperation = inst.operands[next++].imm;
  }
  if (op != spv::OpGroupNonUniformElect) {
    if (inst.operands.size() <= next) return error(inst.attrs.loc, "malformed " + opcodeName(inst.op));
    if (op == spv::OpGroupNonUniformBallotBitCount) {
      // DXIL counts the condition's bits directly (WaveActiveCountBits/WavePrefixCountBits):
      // look through the ballot irgen made of it.
      const Value& ballot = inst.operands[next].value;
      const InstDef* def = ballot.kind == ir::ValueKind::InstResult ? &fn_->inst(ballot.asInst()) : nullptr;
      if (def && def->op.isSpv(spv::OpBitwiseAnd) && def->operands.size() == 2) {
        // WaveMultiPrefixCountBits: a ballot ANDed with the partition mask (irgen's form).
        const Value& inner = def->operands[0].value;
        const InstDef* ballotDef = inner.kind == ir::ValueKind::InstResult ? &fn_->inst(inner.asInst()) : nullptr;
        if (ballotDef && ballotDef->op.isSpv(spv::OpGroupNonUniformBallot)) {
          if (!(in.mask = operand(*def, 1))) return;
          def = ballotDef;
        }
      }
      if (!def || !def->op.isSpv(spv::OpGroupNonUniformBallot) || def->operands.size() < 2)
        return error(inst.attrs.loc, "a ballot bit count of anything but a WaveActiveBallot has no DXIL form");
      in.value = value(def->operands[1].value, inst.attrs.loc);
    } else {
      in.value = operand(inst, next);
    }
    if (!in.value) return;
    ++next;
  }
  if (op == spv::OpGroupNonUniformBroadcast || op == spv::OpGroupNonUniformShuffle ||
      op == spv::OpGroupNonUniformQuadBroadcast || op == spv::OpGroupNonUniformQuadSwap) {
    in.lane = operand(inst, next);
    if (!in.lane) return;
  }
  if (in.groupOperation == spv::GroupOperationPartitionedExclusiveScanNV) {
    if (inst.operands.size() <= next) return error(inst.attrs.loc, "malformed " + opcodeName(inst.op));
    if (!(in.mask = operand(inst, next))) return;
  }
  if (op == spv::OpGroupNonUniformIAdd || op == spv::OpGroupNonUniformIMul) {
    const TypeDef& t = cx_.def(cx_.scalarOf(inst.resultType));
    in.isUnsigned = t.kind == TypeKind::Int && !t.isSigned;
  }
  std::string why;
  if (llvm::Value* r = emitWaveOp(b_, *m_, in, why)) bind(result, r);
  else error(inst.attrs.loc, opcodeName(inst.op) + ": " + why);
}

void Emitter::emitGlsl(InstId id, const InstDef& inst) {
  std::vector<llvm::Value*> args;
  for (size_t i = 0; i < inst.operands.size(); ++i) {
    llvm::Value* a = operand(inst, i);
    if (!a) return;
    args.push_back(a);
  }
  if (llvm::Value* r = emitGlslOp(b_, *m_, inst.op.code, args)) bind(Value::inst(id), r);
  else error(inst.attrs.loc, opcodeName(inst.op) + " has no DXIL form yet");
}

void Emitter::emitHlsl(InstId id, const InstDef& inst) {
  const Value result = Value::inst(id);
  const DebugLoc loc = inst.attrs.loc;
  llvm::Type* rt = inst.resultType.valid() ? type(inst.resultType) : nullptr;
  auto imm = [&](size_t i) -> uint32_t {
    return i < inst.operands.size() && inst.operands[i].isImm ? inst.operands[i].imm : 0;
  };
  switch (HlslOp(inst.op.code)) {
    case HlslOp::ResourceSample:
    case HlslOp::ResourceGather:
    case HlslOp::ResourceCalculateLod:
      emitTextureSample(id, inst);
      return;
    case HlslOp::HandleFromBinding: {
      if (inst.resultType.valid() && cx_.def(inst.resultType).kind == TypeKind::HlslResource &&
          cx_.def(inst.resultType).resource == ir::ResourceKind::VkSampledTexture2D) {
        error(loc, "vk::SampledTexture2D is a Vulkan combined image-sampler: it needs the SPIR-V target (-spirv)");
        return;
      }
      if (!rt || !llvm::isa<llvm::TargetExtType>(rt) || inst.operands.size() < 3) {
        error(loc, "hlsl.handle_from_binding: malformed or unsupported resource type");
        return;
      }
      uint32_t space = imm(0), binding = imm(1), range = imm(2);
      if (isCounterHandle(inst)) {
        // DXIL keeps a structured buffer's counter in the resource itself: the counter handle
        // irgen makes for SPIR-V (a separate RWByteAddressBuffer) is the resource's handle here.
        if (!counterResource(inst, rt, space, binding)) {
          error(loc, "counter handle without its resource");
          return;
        }
      }
      llvm::Value* index = inst.operands.size() > 3 ? operand(inst, 3) : b_.getInt32(0);
      if (!index) return;
      llvm::Value* rangeValue = b_.getInt32(range == 0 ? 0xFFFFFFFFu : range);
      llvm::Value* nonUniform = b_.getFalse();
      std::string suffix = mangleTypeSuffix(rt);
      auto i32 = b_.getInt32Ty();
      llvm::CallInst* handle = nullptr;
      if (binding == UINT32_MAX) {
        // The order id names the resource (irgen's "hlsl.resource" attr: its global's index), so
        // all handles of one resource share its registers and the order follows the declarations.
        const uint32_t order = resourceIndex(inst).value_or(id.index);
        handle = b_.CreateCall(decl(dxi::kHandleFromImplicitBinding, rt, {i32, i32, i32, i32, b_.getInt1Ty()}, suffix),
                               {b_.getInt32(order), b_.getInt32(space), rangeValue, index, nonUniform});
      } else {
        handle = b_.CreateCall(decl(dxi::kHandleFromBinding, rt, {i32, i32, i32, i32, b_.getInt1Ty()}, suffix),
                               {b_.getInt32(space), b_.getInt32(binding), rangeValue, index, nonUniform});
      }
      if (declaredGloballyCoherent(inst)) handle->setMetadata(kGloballyCoherentMetadata, llvm::MDNode::get(ctx_, {}));
      bind(result, handle);
      return;
    }
    case HlslOp::HandleFromHeap:
    case HlslOp::CounterHandleFromHeap: {
      // DXIL has no separate counter handle: the counter lives in the resource (dxil.md §6.1).
      if (!rt || !llvm::isa<llvm::TargetExtType>(rt)) {
        error(loc, "hlsl.handle_from_heap: unsupported resource type");
        return;
      }
      llvm::Value* index = operand(inst, 0);
      if (!index) return;
      bind(result, b_.CreateCall(decl(dxi::kHandleFromHeap, rt, {b_.getInt32Ty()}, mangleTypeSuffix(rt)), {index}));
      return;
    }
    case HlslOp::ResourceElementPtr: {
      llvm::Value* handle = operand(inst, 0);
      if (!handle) return;
      Type handleType = ir_.typeOf(*fn_, inst.operands[0].value);
      const TypeDef& hd = cx_.def(handleType);
      if (hd.kind != TypeKind::HlslResource) return;
      if (hd.resource == ir::ResourceKind::ConstantBuffer) {
        // The whole block: members are read row by row (cbufferLoadLegacy).
        SymbolicPtr p;
        p.kind = SymbolicPtr::CBuffer;
        p.handle = handle;
        p.index = b_.getInt32(0);
        p.offset = b_.getInt32(0);
        p.pointee = cx_.def(inst.resultType).element;
        symbolic_[valueKey(result)] = p;
        return;
      }
      llvm::Value* index = operand(inst, 1);
      if (!index) return;
      SymbolicPtr p;
      p.handle = handle;
      p.index = b_.CreateZExtOrTrunc(index, b_.getInt32Ty());
      p.offset = b_.getInt32(0);
      p.rawBuffer = hd.resource == ir::ResourceKind::ByteAddressBuffer ||
                    hd.resource == ir::ResourceKind::RWByteAddressBuffer;
      p.pointee = cx_.def(inst.resultType).element;
      symbolic_[valueKey(result)] = p;
      return;
    }
    case HlslOp::ResourceLoad:
    case HlslOp::ResourceStore: {
      llvm::Value* handle = operand(inst, 0);
      llvm::Value* index = operand(inst, 1);
      if (!handle || !index) return;
      auto* tt = llvm::dyn_cast<llvm::TargetExtType>(handle->getType());
      if (tt && tt->getName() == "dx.Texture") {
        emitTextureAccess(id, inst, tt);
        return;
      }
      if (!tt || tt->getName() != "dx.TypedBuffer") {
        error(loc, opcodeName(inst.op) + ": unsupported resource type for the DXIL back end");
        return;
      }
      index = b_.CreateZExtOrTrunc(index, b_.getInt32Ty());
      llvm::Type* element = tt->getTypeParameter(0);
      if (HlslOp(inst.op.code) == HlslOp::ResourceLoad) {
        llvm::Type* ret = llvm::StructType::get(ctx_, {element, b_.getInt1Ty()});
        std::string suffix = mangleTypeSuffix(ret) + "." + mangleTypeSuffix(tt);
        llvm::Value* r = b_.CreateCall(decl(dxi::kLoadTypedBuffer, ret, {tt, b_.getInt32Ty()}, suffix), {handle, index});
        bind(result, b_.CreateExtractValue(r, {0}));
      } else {
        llvm::Value* val = operand(inst, 2);
        if (!val) return;
        std::string suffix = mangleTypeSuffix(tt) + "." + mangleTypeSuffix(val->getType());
        b_.CreateCall(decl(dxi::kStoreTypedBuffer, b_.getVoidTy(), {tt, b_.getInt32Ty(), val->getType()}, suffix),
                      {handle, index, val});
      }
      return;
    }
    case HlslOp::ResourceDimensions: {
      // imm 0: element count (32-bit words for byte-address buffers, as irgen expects);
      // imm 1: structured-buffer stride.
      llvm::Value* handle = operand(inst, 0);
      if (!handle) return;
      if (auto* tt = llvm::dyn_cast<llvm::TargetExtType>(handle->getType()); tt && tt->getName() == "dx.Texture") {
        emitTextureDimensions(id, inst, tt);
        return;
      }
      if (!rt || !rt->isIntegerTy(32)) {
        error(loc, opcodeName(inst.op) + ": unsupported resource type for the DXIL back end");
        return;
      }
      Type handleType = ir_.typeOf(*fn_, inst.operands[0].value);
      const TypeDef& hd = cx_.def(handleType);
      if (imm(1) == 1) {
        bind(result, b_.getInt32(hd.element.valid() ? layoutSize(hd.element) : 0));
        return;
      }
      llvm::Value* n = b_.CreateCall(decl(dxi::kGetDimensionsX, b_.getInt32Ty(), {handle->getType()},
                                          mangleTypeSuffix(handle->getType())),
                                     {handle});
      if (hd.resource == ir::ResourceKind::ByteAddressBuffer || hd.resource == ir::ResourceKind::RWByteAddressBuffer)
        n = b_.CreateLShr(n, b_.getInt32(2));
      bind(result, n);
      return;
    }
    case HlslOp::ResourceAtomic: {
      // dx.op.atomicBinOp / atomicCompareExchange on a typed buffer element (c0 = index) or a
      // texel (c0, c1, c2: x, y, and z or the array layer).
      llvm::Value* handle = operand(inst, 0);
      llvm::Value* coords = operand(inst, 1);
      llvm::Value* val = inst.operands.size() > 3 ? operand(inst, 3) : nullptr;
      if (!handle || !coords || !val || !inst.operands[2].isImm) return;
      const bool compare = inst.operands[2].imm == spv::OpAtomicCompareExchange;
      const std::optional<uint32_t> code = atomicBinOpCode(inst.operands[2].imm);
      if ((!code && !compare) || inst.operands[2].imm == spv::OpAtomicISub) {
        error(loc, "hlsl.resource_atomic: unexpected atomic opcode " + std::to_string(inst.operands[2].imm));
        return;
      }
      llvm::Value* comparator = compare && inst.operands.size() > 4 ? operand(inst, 4) : nullptr;
      if (compare && !comparator) return;
      llvm::Value* c[3] = {coords, nullptr, nullptr};
      if (auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(coords->getType()))
        for (unsigned k = 0; k < 3; ++k) c[k] = k < vt->getNumElements() ? b_.CreateExtractElement(coords, b_.getInt32(k)) : nullptr;
      for (llvm::Value*& x : c) x = x ? b_.CreateZExtOrTrunc(x, b_.getInt32Ty()) : llvm::PoisonValue::get(b_.getInt32Ty());
      bind(result, compare ? atomicCompareExchange(handle, c[0], c[1], c[2], comparator, val)
                           : atomicBinOp(handle, *code, c[0], c[1], c[2], val));
      return;
    }
    case HlslOp::CounterIncrement:
    case HlslOp::CounterDecrement: {
      llvm::Value* handle = operand(inst, 0);
      if (!handle) return;
      const bool inc = HlslOp(inst.op.code) == HlslOp::CounterIncrement;
      llvm::Value* r = b_.CreateCall(decl(dxi::kUpdateCounter, b_.getInt32Ty(), {handle->getType(), b_.getInt8Ty()},
                                          mangleTypeSuffix(handle->getType())),
                                     {handle, b_.getInt8(uint8_t(inc ? 1 : -1))});
      // The IR op yields the value before the update; DXIL's decrement yields the one after.
      bind(result, inc ? r : b_.CreateAdd(r, b_.getInt32(1)));
      return;
    }
  }
  error(loc, opcodeName(inst.op) + " has no DXIL form yet");
}

// ------------------------------------------------------------------ textures

void Emitter::emitTextureSample(InstId id, const InstDef& inst) {
  const DebugLoc loc = inst.attrs.loc;
  const HlslOp op = HlslOp(inst.op.code);
  llvm::Value* tex = operand(inst, 0);
  llvm::Value* smp = operand(inst, 1);
  llvm::Value* coords = operand(inst, 2);
  if (!tex || !smp || !coords) return;
  auto* tt = llvm::dyn_cast<llvm::TargetExtType>(tex->getType());
  auto* st = llvm::dyn_cast<llvm::TargetExtType>(smp->getType());
  if (!tt || tt->getName() != "dx.Texture" || tt->getNumIntParameters() < 4 || !st || st->getName() != "dx.Sampler") {
    error(loc, opcodeName(inst.op) + ": the DXIL back end samples only Texture* objects with a sampler");
    return;
  }
  llvm::Type* rt = inst.resultType.valid() ? type(inst.resultType) : nullptr;
  if (!rt) return;
  const auto kind = ResourceKind(tt->getIntParameter(3));
  const Value result = Value::inst(id);
  std::string suffix = mangleTypeSuffix(rt) + "." + mangleTypeSuffix(tt) + "." + mangleTypeSuffix(st) + "." +
                       mangleTypeSuffix(coords->getType());
  auto call = [&](std::string_view name, std::vector<llvm::Value*> args) {
    std::vector<llvm::Type*> params;
    for (llvm::Value* a : args) params.push_back(a->getType());
    bind(result, b_.CreateCall(decl(name, rt, params, suffix), args));
  };
  auto imm = [&](size_t i) -> uint32_t {
    return i < inst.operands.size() && inst.operands[i].isImm ? inst.operands[i].imm : 0;
  };
  if (op == HlslOp::ResourceCalculateLod) {
    call(dxi::kCalculateLod, {tex, smp, coords, b_.getInt1(imm(3) == 0)});
    return;
  }
  const bool gather = op == HlslOp::ResourceGather;
  const uint32_t channel = gather ? imm(3) : 0;
  const uint32_t flags = gather ? imm(4) : imm(3);
  size_t next = gather ? 5 : 4;
  bool missing = false;
  auto take = [&]() -> llvm::Value* {
    llvm::Value* v = operand(inst, next++);
    missing |= v == nullptr;
    return v;
  };
  using namespace ir::SampleFlag;
  llvm::Value *dref = nullptr, *lod = nullptr, *bias = nullptr, *ddx = nullptr, *ddy = nullptr, *offset = nullptr,
              *clamp = nullptr;
  if (flags & Cmp) dref = take();
  if (flags & Lod) lod = take();
  else if (flags & Bias) bias = take();
  if (flags & Grad) {
    ddx = take();
    ddy = take();
  }
  if (flags & Offset) offset = take();
  if (flags & Clamp) clamp = take();
  if (missing) return;
  const unsigned offsetCount = textureOffsetCount(kind);
  if (!offset) {
    llvm::Type* ot = offsetCount > 1 ? static_cast<llvm::Type*>(llvm::FixedVectorType::get(b_.getInt32Ty(), offsetCount)) : b_.getInt32Ty();
    offset = offsetCount ? llvm::Constant::getNullValue(ot) : llvm::PoisonValue::get(ot);
  }
  suffix += "." + mangleTypeSuffix(offset->getType());
  if (!clamp) clamp = llvm::PoisonValue::get(b_.getFloatTy());
  if (gather) {
    if (dref) call(dxi::kGatherCmp, {tex, smp, coords, offset, b_.getInt32(channel), dref});
    else call(dxi::kGather, {tex, smp, coords, offset, b_.getInt32(channel)});
    return;
  }
  if (dref) {
    if (!lod) {
      call(dxi::kSampleCmp, {tex, smp, coords, offset, dref, clamp});
    } else if (auto* c = llvm::dyn_cast<llvm::ConstantFP>(lod); c && c->isZero()) {
      call(dxi::kSampleCmpLevelZero, {tex, smp, coords, offset, dref});
    } else {
      if (opts_.shaderModelMajor == 6 && opts_.shaderModelMinor < 7) {
        error(loc, "SampleCmpLevel with a non-zero level needs shader model 6.7 (dx.op.sampleCmpLevel)");
        return;
      }
      call(dxi::kSampleCmpLevel, {tex, smp, coords, offset, dref, lod});
    }
  } else if (lod) {
    call(dxi::kSampleLevel, {tex, smp, coords, offset, lod});
  } else if (bias) {
    call(dxi::kSampleBias, {tex, smp, coords, offset, bias, clamp});
  } else if (ddx) {
    call(dxi::kSampleGrad, {tex, smp, coords, offset, ddx, ddy, clamp});
  } else {
    call(dxi::kSample, {tex, smp, coords, offset, clamp});
  }
}

void Emitter::emitTextureAccess(InstId id, const InstDef& inst, llvm::TargetExtType* tt) {
  llvm::Value* tex = operand(inst, 0);
  llvm::Value* coords = operand(inst, 1);
  if (!tex || !coords) return;
  const bool rw = tt->getNumIntParameters() > 0 && tt->getIntParameter(0) != 0;
  if (HlslOp(inst.op.code) == HlslOp::ResourceStore) {
    llvm::Value* value = operand(inst, 2);
    if (!value) return;
    std::string suffix = mangleTypeSuffix(tt) + "." + mangleTypeSuffix(coords->getType()) + "." +
                         mangleTypeSuffix(value->getType());
    b_.CreateCall(decl(dxi::kStoreTexture, b_.getVoidTy(), {tt, coords->getType(), value->getType()}, suffix),
                  {tex, coords, value});
    return;
  }
  llvm::Type* rt = inst.resultType.valid() ? type(inst.resultType) : nullptr;
  if (!rt) return;
  auto imm = [&](size_t i) -> uint32_t {
    return i < inst.operands.size() && inst.operands[i].isImm ? inst.operands[i].imm : 0;
  };
  const uint32_t flags = imm(2);
  const auto kind = ResourceKind(tt->getIntParameter(3));
  const bool ms = kind == ResourceKind::Texture2DMS || kind == ResourceKind::Texture2DMSArray;
  // operator[] on a sampled texture reads mip 0 (as DXC does); RW textures have no mips.
  llvm::Value* level = (rw || ms) ? static_cast<llvm::Value*>(llvm::PoisonValue::get(b_.getInt32Ty())) : b_.getInt32(0);
  if (flags & ir::LoadFlag::MipInCoord) {
    // Texture*.Load(int3): the last coordinate is the mip level.
    auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(coords->getType());
    if (!vt || vt->getNumElements() < 2) {
      error(inst.attrs.loc, "texture Load: the coordinates lack the mip level");
      return;
    }
    unsigned n = vt->getNumElements();
    level = b_.CreateExtractElement(coords, b_.getInt32(n - 1));
    if (n == 2) {
      coords = b_.CreateExtractElement(coords, b_.getInt32(0));
    } else {
      std::vector<int> mask;
      for (unsigned i = 0; i + 1 < n; ++i) mask.push_back(int(i));
      coords = b_.CreateShuffleVector(coords, mask);
    }
  }
  size_t next = 3;
  if (flags & ir::LoadFlag::SampleIndex) {
    level = operand(inst, next++);
    if (!level) return;
  }
  llvm::Value* offset = nullptr;
  if (flags & ir::LoadFlag::Offset) {
    offset = operand(inst, next++);
    if (!offset) return;
  }
  // Without an offset DXC leaves textureLoad's offset operands undef (Sample* get zeros).
  if (!offset) offset = llvm::PoisonValue::get(b_.getInt32Ty());
  level = b_.CreateZExtOrTrunc(level, b_.getInt32Ty());
  std::string suffix = mangleTypeSuffix(rt) + "." + mangleTypeSuffix(tt) + "." + mangleTypeSuffix(coords->getType()) +
                       "." + mangleTypeSuffix(offset->getType());
  bind(Value::inst(id),
       b_.CreateCall(decl(dxi::kLoadTexture, rt, {tt, coords->getType(), b_.getInt32Ty(), offset->getType()}, suffix),
                     {tex, coords, level, offset}));
}

void Emitter::emitTextureDimensions(InstId id, const InstDef& inst, llvm::TargetExtType* tt) {
  llvm::Value* tex = operand(inst, 0);
  llvm::Type* rt = inst.resultType.valid() ? type(inst.resultType) : nullptr;
  if (!tex || !rt || !rt->getScalarType()->isIntegerTy(32)) {
    error(inst.attrs.loc, "texture dimensions: unexpected result type");
    return;
  }
  const uint32_t what = inst.operands.size() > 1 && inst.operands[1].isImm ? inst.operands[1].imm : 0;
  const bool rw = tt->getNumIntParameters() > 0 && tt->getIntParameter(0) != 0;
  const auto kind = ResourceKind(tt->getIntParameter(3));
  const bool ms = kind == ResourceKind::Texture2DMS || kind == ResourceKind::Texture2DMSArray;
  llvm::Value* level = (rw || ms) ? static_cast<llvm::Value*>(llvm::PoisonValue::get(b_.getInt32Ty())) : b_.getInt32(0);
  if (inst.operands.size() > 2 && !inst.operands[2].isImm) {
    level = operand(inst, 2);
    if (!level) return;
    level = b_.CreateZExtOrTrunc(level, b_.getInt32Ty());
  }
  llvm::Type* i32 = b_.getInt32Ty();
  llvm::Type* dims = llvm::StructType::get(ctx_, {i32, i32, i32, i32});
  llvm::Value* d = b_.CreateCall(decl(dxi::kGetDimensionsTexture, dims, {tt, i32}, mangleTypeSuffix(tt)), {tex, level});
  if (what == 2 || what == 3) {  // mip levels / sample count: the fourth field
    bind(Value::inst(id), b_.CreateExtractValue(d, {3}));
    return;
  }
  auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(rt);
  if (!vt) {
    bind(Value::inst(id), b_.CreateExtractValue(d, {0}));
    return;
  }
  llvm::Value* v = llvm::PoisonValue::get(rt);
  for (unsigned i = 0; i < vt->getNumElements() && i < 3; ++i)
    v = b_.CreateInsertElement(v, b_.CreateExtractValue(d, {i}), b_.getInt32(i));
  bind(Value::inst(id), v);
}

// ------------------------------------------------------------------ vertex/pixel stage I/O

// How a stage variable's value lays out over its element's rows and columns. The value is
// `units` units (array elements, or the value itself) of `width` components each:
//   Direct      unit u is row u (arrays, matrices written row by row, scalars and vectors)
//   Columns     a scalar array spread over one row (clip/cull distances, SV_Coverage's uint[1])
//   Transposed  unit u is column u (column-major matrices: the IR value holds HLSL rows as its
//               units, the element one register row per matrix column, so m[r][c] is row c,
//               component r; also a vector spread down one column: a column-major 1xN or a
//               row-major Nx1 matrix)
// A column-major matrix is always Transposed, also when it is square and the shapes agree.
struct Emitter::StageShape {
  enum Kind { Direct, Columns, Transposed } kind = Direct;
  bool array = false;
  uint32_t units = 1, width = 1;
  llvm::Type* unitType = nullptr;
  llvm::Type* scalar = nullptr;  // as the value holds it (i1 for bool)
  llvm::Type* ioScalar = nullptr;  // as load.input/store.output carry it (bool -> i32, min precision -> 16 bits)
  bool signedInt = false;          // min16int: sign-extended when read
  uint32_t sigId = 0, rows = 1, cols = 1;
  // Value -> carried form and back.
  llvm::Value* toIO(llvm::IRBuilder<>& b, llvm::Value* v, uint32_t n) const {
    if (scalar == ioScalar) return v;
    llvm::Type* t = rowType(n, true);
    if (scalar->isIntegerTy(1)) return b.CreateZExt(v, t);
    if (scalar->isFloatTy()) return b.CreateFPTrunc(v, t);
    return b.CreateTrunc(v, t);
  }
  llvm::Value* fromIO(llvm::IRBuilder<>& b, llvm::Value* v, uint32_t n) const {
    if (scalar == ioScalar) return v;
    llvm::Type* t = rowType(n, false);
    if (scalar->isIntegerTy(1)) return b.CreateICmpNE(v, llvm::Constant::getNullValue(v->getType()));
    if (scalar->isFloatTy()) return b.CreateFPExt(v, t);
    return signedInt ? b.CreateSExt(v, t) : b.CreateZExt(v, t);
  }
  llvm::Type* rowType(uint32_t n, bool io) const {
    llvm::Type* t = io ? ioScalar : scalar;
    return n == 1 ? t : (llvm::Type*)llvm::FixedVectorType::get(t, n);
  }
};

bool Emitter::stageShape(const StageVariable& var, llvm::Type* valueType, StageShape& shape, DebugLoc loc) {
  const signature::PackedSignature& sig = var.output ? *opts_.signatures.outputs : *opts_.signatures.inputs;
  const signature::SignatureElement& e = sig.elements[var.element];
  shape.sigId = e.sigId;
  shape.rows = e.rows;
  shape.cols = e.cols;
  shape.unitType = valueType;
  if (auto* at = llvm::dyn_cast<llvm::ArrayType>(valueType)) {
    shape.array = true;
    shape.units = uint32_t(at->getNumElements());
    shape.unitType = at->getElementType();
  }
  if (auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(shape.unitType)) shape.width = vt->getNumElements();
  shape.scalar = shape.unitType->getScalarType();
  shape.ioScalar = shape.scalar->isIntegerTy(1) ? b_.getInt32Ty() : shape.scalar;
  // Min-precision elements (min16float/min16int/min16uint: 32-bit in our IR, 16-bit in the
  // signature) travel with the 16-bit overload, as DXC's loadInput.f16/i16 do.
  using CT = signature::ComponentType;
  if (shape.scalar->isFloatTy() && e.compType == CT::F16) shape.ioScalar = b_.getHalfTy();
  if (shape.scalar->isIntegerTy(32) && (e.compType == CT::I16 || e.compType == CT::U16)) shape.ioScalar = b_.getInt16Ty();
  shape.signedInt = e.compType == CT::I16;
  const bool scalarOk = shape.scalar->isFloatTy() || shape.scalar->isHalfTy() || shape.scalar->isIntegerTy(32) ||
                        shape.scalar->isIntegerTy(16) || shape.scalar->isIntegerTy(1);
  if (!scalarOk || shape.unitType->isAggregateType()) {
    error(loc, "shader input/output '" + e.semanticName + "' has a type with no DXIL signature form "
               "(loadInput/storeOutput carry 16/32-bit scalars and vectors)");
    return false;
  }
  if (e.columnMajorMatrix && shape.array) {
    if (shape.width == e.rows && shape.units == e.cols) shape.kind = StageShape::Transposed;
    else {
      error(loc, "shader input/output '" + e.semanticName + "' (" + std::to_string(shape.units) + " x " +
                     std::to_string(shape.width) + " column-major matrix) does not match its signature element (" +
                     std::to_string(e.rows) + " rows x " + std::to_string(unsigned(e.cols)) + " columns)");
      return false;
    }
  } else if (shape.units == e.rows && shape.width == e.cols) shape.kind = StageShape::Direct;
  // A system-value variable wider than the declared element (FragCoord for a float2 SV_Position):
  // only the element's columns are read (the rest are zero) or written.
  else if (!shape.array && e.rows == 1 && shape.width > e.cols) shape.kind = StageShape::Direct;
  else if (shape.array && shape.width == 1 && e.rows == 1 && shape.units == e.cols) shape.kind = StageShape::Columns;
  else if (shape.array && shape.width == e.rows && shape.units == e.cols) shape.kind = StageShape::Transposed;
  else if (!shape.array && e.cols == 1 && e.rows > 1 && shape.width == e.rows) shape.kind = StageShape::Transposed;
  else {
    error(loc, "shader input/output '" + e.semanticName + "' (" + std::to_string(shape.units) + " x " +
                   std::to_string(shape.width) + " components) does not match its signature element (" +
                   std::to_string(e.rows) + " rows x " + std::to_string(unsigned(e.cols)) + " columns)");
    return false;
  }
  return true;
}

llvm::Value* Emitter::loadStageInput(const StageVariable& var, llvm::Type* valueType, DebugLoc loc) {
  StageShape s;
  if (!valueType || !stageShape(var, valueType, s, loc)) return nullptr;
  // One call per element row, as upstream's entry wrapper emits them.
  std::vector<llvm::Value*> rows;
  for (uint32_t r = 0; r < s.rows; ++r) {
    llvm::Type* rt = s.rowType(s.cols, true);
    llvm::Value* row = b_.CreateCall(decl(dxi::kLoadInput, rt, {b_.getInt32Ty(), b_.getInt32Ty(), b_.getInt8Ty(), b_.getInt32Ty()},
                                          mangleTypeSuffix(rt)),
                                     {b_.getInt32(s.sigId), b_.getInt32(r), b_.getInt8(0), llvm::PoisonValue::get(b_.getInt32Ty())});
    rows.push_back(s.fromIO(b_, row, s.cols));
  }
  auto component = [&](llvm::Value* row, uint32_t c) {
    return row->getType()->isVectorTy() ? b_.CreateExtractElement(row, b_.getInt32(c)) : row;
  };
  auto unit = [&](uint32_t u) -> llvm::Value* {
    switch (s.kind) {
      case StageShape::Direct: {
        if (s.width == s.cols) return rows[u];
        llvm::Value* v = llvm::Constant::getNullValue(s.unitType);
        for (uint32_t c = 0; c < s.cols; ++c) v = b_.CreateInsertElement(v, component(rows[u], c), b_.getInt32(c));
        return v;
      }
      case StageShape::Columns: return component(rows[0], u);
      case StageShape::Transposed: {
        llvm::Value* v = llvm::PoisonValue::get(s.unitType);
        for (uint32_t c = 0; c < s.width; ++c) v = b_.CreateInsertElement(v, component(rows[c], u), b_.getInt32(c));
        return v;
      }
    }
    return nullptr;
  };
  if (!s.array) return unit(0);
  llvm::Value* agg = llvm::PoisonValue::get(valueType);
  for (uint32_t u = 0; u < s.units; ++u) agg = b_.CreateInsertValue(agg, unit(u), {u});
  return agg;
}

void Emitter::storeStageOutput(const StageVariable& var, llvm::Value* value, DebugLoc loc) {
  StageShape s;
  if (!stageShape(var, value->getType(), s, loc)) return;
  auto unit = [&](uint32_t u) { return s.array ? b_.CreateExtractValue(value, {u}) : value; };
  auto component = [&](llvm::Value* v, uint32_t c) {
    return v->getType()->isVectorTy() ? b_.CreateExtractElement(v, b_.getInt32(c)) : v;
  };
  for (uint32_t r = 0; r < s.rows; ++r) {
    llvm::Value* row = nullptr;
    switch (s.kind) {
      case StageShape::Direct:
        row = unit(r);
        if (s.width != s.cols) {
          llvm::SmallVector<int, 4> first;
          for (uint32_t c = 0; c < s.cols; ++c) first.push_back(int(c));
          row = s.cols == 1 ? b_.CreateExtractElement(row, b_.getInt32(0)) : b_.CreateShuffleVector(row, first);
        }
        break;
      case StageShape::Columns:
      case StageShape::Transposed: {
        if (s.cols == 1) {
          row = component(unit(0), s.kind == StageShape::Columns ? 0 : r);
          break;
        }
        row = llvm::PoisonValue::get(s.rowType(s.cols, false));
        for (uint32_t c = 0; c < s.cols; ++c)
          row = b_.CreateInsertElement(row, component(unit(c), s.kind == StageShape::Columns ? 0 : r), b_.getInt32(c));
        break;
      }
    }
    llvm::Type* rt = s.rowType(s.cols, true);
    row = s.toIO(b_, row, s.cols);
    b_.CreateCall(decl(dxi::kStoreOutput, b_.getVoidTy(), {b_.getInt32Ty(), b_.getInt32Ty(), b_.getInt8Ty(), rt},
                       mangleTypeSuffix(rt)),
                  {b_.getInt32(s.sigId), b_.getInt32(r), b_.getInt8(0), row});
  }
}

llvm::Value* Emitter::accessStagePart(const SymbolicPtr& p, llvm::Type* partType, llvm::Value* value, DebugLoc loc) {
  auto it = stageIO_.globals.find(p.builtin);
  if (it == stageIO_.globals.end()) return nullptr;
  const StageVariable& var = it->second;
  if (var.output != (value != nullptr)) {
    error(loc, value ? "a store to a shader input" : "a shader output is read back; DXIL outputs are write-only");
    return nullptr;
  }
  StageShape s;
  llvm::Type* whole = type(ir_.globals[p.builtin].type);
  if (!whole || !stageShape(var, whole, s, loc)) return nullptr;
  auto constantOf = [&](llvm::Value* v, const char* what) -> std::optional<uint32_t> {
    if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(v)) return uint32_t(c->getZExtValue());
    error(loc, std::string("a dynamic ") + what + " index into shader input/output has no DXIL form here");
    return std::nullopt;
  };
  // The (row, first column, width) pieces this part covers, in the part's component order.
  struct Piece {
    llvm::Value* row;
    uint32_t col;
    uint32_t width;
  };
  std::vector<Piece> pieces;
  std::optional<uint32_t> comp;
  if (p.component) {
    comp = constantOf(p.component, "component");
    if (!comp) return nullptr;
  }
  switch (s.kind) {
    case StageShape::Direct: {
      llvm::Value* row = p.index ? p.index : b_.getInt32(0);
      if ((comp && *comp >= s.cols) || (!comp && s.width != s.cols)) {
        error(loc, "part of a shader input/output outside its signature element's columns");
        return nullptr;
      }
      if (comp) pieces.push_back({row, *comp, 1});
      else pieces.push_back({row, 0, s.cols});
      break;
    }
    case StageShape::Columns: {
      std::optional<uint32_t> u = p.index ? constantOf(p.index, "array") : std::optional<uint32_t>(0);
      if (!u) return nullptr;
      if (p.index) pieces.push_back({b_.getInt32(0), *u, 1});
      else pieces.push_back({b_.getInt32(0), 0, s.cols});
      break;
    }
    case StageShape::Transposed: {
      if (!s.array) {  // a vector down one column: component c is row c
        if (comp) pieces.push_back({b_.getInt32(*comp), 0, 1});
        else
          for (uint32_t r = 0; r < s.rows; ++r) pieces.push_back({b_.getInt32(r), 0, 1});
        break;
      }
      std::optional<uint32_t> u = p.index ? constantOf(p.index, "matrix") : std::nullopt;
      if (!u) {
        if (!p.index) error(loc, "a whole column-major matrix through an access chain has no DXIL form here");
        return nullptr;
      }
      if (comp) pieces.push_back({b_.getInt32(*comp), *u, 1});
      else
        for (uint32_t r = 0; r < s.rows; ++r) pieces.push_back({b_.getInt32(r), *u, 1});
      break;
    }
  }
  llvm::Value* result = llvm::PoisonValue::get(partType);
  uint32_t at = 0;
  for (const Piece& piece : pieces) {
    llvm::Type* ioType = s.rowType(piece.width, true);
    llvm::Value* args[] = {b_.getInt32(s.sigId), piece.row, b_.getInt8(uint8_t(piece.col)), nullptr};
    if (value) {
      llvm::Value* x = value;
      if (pieces.size() > 1) x = b_.CreateExtractElement(value, b_.getInt32(at));
      args[3] = s.toIO(b_, x, piece.width);
      b_.CreateCall(decl(dxi::kStoreOutput, b_.getVoidTy(), {b_.getInt32Ty(), b_.getInt32Ty(), b_.getInt8Ty(), ioType},
                         mangleTypeSuffix(ioType)),
                    args);
    } else {
      args[3] = llvm::PoisonValue::get(b_.getInt32Ty());
      llvm::Value* x = b_.CreateCall(decl(dxi::kLoadInput, ioType, {b_.getInt32Ty(), b_.getInt32Ty(), b_.getInt8Ty(), b_.getInt32Ty()},
                                          mangleTypeSuffix(ioType)),
                                     args);
      x = s.fromIO(b_, x, piece.width);
      result = pieces.size() > 1 ? b_.CreateInsertElement(result, x, b_.getInt32(at)) : x;
    }
    at += piece.width;
  }
  return value ? nullptr : result;
}

llvm::Value* Emitter::derivative(std::string_view name, llvm::Value* x) {
  return b_.CreateCall(decl(name, x->getType(), {x->getType()}, mangleTypeSuffix(x->getType())), {x});
}

// !dx.semantic.signatures = !{!{ptr @entry, !inputs|null, !outputs|null}} with seed 0047's
// 13-operand elements (recorded interpolation modes), as upstream Clang emits it.
void Emitter::emitSemanticSignatures() {
  if (!entry_) return;
  auto i32 = [&](uint32_t v) { return llvm::ConstantAsMetadata::get(b_.getInt32(v)); };
  auto i8 = [&](int8_t v) { return llvm::ConstantAsMetadata::get(b_.getInt8(uint8_t(v))); };
  auto list = [&](const signature::PackedSignature& sig) -> llvm::Metadata* {
    if (sig.elements.empty()) return nullptr;
    std::vector<llvm::Metadata*> elements;
    for (size_t i = 0; i < sig.elements.size(); ++i) {
      const signature::SignatureMetadataRecord r = signature::metadataRecord(sig, i);
      std::vector<llvm::Metadata*> indices;
      for (uint32_t x : r.semanticIndices) indices.push_back(i32(x));
      elements.push_back(llvm::MDNode::get(
          ctx_, {i32(r.sigId), llvm::MDString::get(ctx_, r.name), i32(r.compType), i32(r.semanticKind),
                 llvm::MDNode::get(ctx_, indices), i32(r.interpMode), i32(r.rows), i8(r.cols), i32(uint32_t(r.startRow)),
                 i8(r.startCol), i8(r.usageMask), i8(r.dynIndexMask), i32(r.gsStream)}));
    }
    return llvm::MDNode::get(ctx_, elements);
  };
  llvm::Metadata* in = list(*opts_.signatures.inputs);
  llvm::Metadata* out = list(*opts_.signatures.outputs);
  if (!in && !out) return;  // the seed omits the table when no entry has a signature
  m_->getOrInsertNamedMetadata("dx.semantic.signatures")
      ->addOperand(llvm::MDNode::get(ctx_, {llvm::ValueAsMetadata::get(entry_), in, out}));
}

// ------------------------------------------------------------------ module

LlvmEmitResult Emitter::run() {
  m_ = std::make_unique<llvm::Module>("shaderlens", ctx_);
  std::string stage = "compute";
  for (const EntryPoint& ep : ir_.entryPoints) {
    if (ep.executionModel == spv::ExecutionModelVertex) stage = "vertex";
    if (ep.executionModel == spv::ExecutionModelFragment) stage = "pixel";
  }
  m_->setTargetTriple("dxil-pc-shadermodel" + std::to_string(opts_.shaderModelMajor) + "." +
                      std::to_string(opts_.shaderModelMinor) + "-" + stage);
  m_->setDataLayout(dxilDataLayout());
  if (ir_.entryPoints.empty()) error({}, "the module has no entry point");
  if (opts_.debugInfo && !ir_.debugFiles.empty()) {
    dib_ = std::make_unique<llvm::DIBuilder>(*m_);
    for (const DebugFile& f : ir_.debugFiles) difiles_.push_back(dib_->createFile(f.path, ""));
    cu_ = dib_->createCompileUnit(llvm::dwarf::DW_LANG_C_plus_plus_14, difiles_[0], "shaderlens", false, "", 0);
    m_->addModuleFlag(llvm::Module::Warning, "Debug Info Version", llvm::DEBUG_METADATA_VERSION);
    m_->addModuleFlag(llvm::Module::Warning, "Dwarf Version", 4);
  }
  for (uint32_t g = 0; g < ir_.globals.size(); ++g) {
    const GlobalVarDef& gv = ir_.globals[g];
    if (const Decoration* bi = gv.attrs.findDecoration(spv::DecorationBuiltIn)) {
      if (!bi->operands.empty()) builtinGlobals_[g] = bi->operands[0];
      continue;
    }
    llvm::Type* t = type(gv.type);
    unsigned addrSpace = 0;
    if (gv.storageClass == spv::StorageClassWorkgroup) addrSpace = 3;
    else if (gv.storageClass != spv::StorageClassPrivate) continue;  // reported on use
    if (!t) continue;
    llvm::Constant* init = gv.initializer.valid() ? constant(gv.initializer) : nullptr;
    if (!init) init = addrSpace == 3 ? (llvm::Constant*)llvm::UndefValue::get(t) : llvm::Constant::getNullValue(t);
    globals_[g] = new llvm::GlobalVariable(*m_, t, false, llvm::GlobalValue::InternalLinkage, init,
                                           gv.attrs.name.empty() ? "g" + std::to_string(g) : gv.attrs.name,
                                           nullptr, llvm::GlobalValue::NotThreadLocal, addrSpace);
  }
  if (opts_.signatures.present()) {
    stageIO_ = mapStageVariables(ir_, opts_.signatures);
    for (const StageIOMap::Problem& p : stageIO_.problems) error(ir_.globals[p.global].attrs.loc, p.message);
    for (const auto& [g, var] : stageIO_.globals) builtinGlobals_.erase(g);
  }
  declareFunctions();
  for (uint32_t i = 0; i < ir_.functions.size(); ++i) emitFunction(i);
  if (opts_.signatures.present()) emitSemanticSignatures();
  if (dib_) dib_->finalize();
  LlvmEmitResult result;
  result.diagnostics = std::move(diags_);
  if (!hasErrors(result.diagnostics)) result.module = std::move(m_);
  return result;
}

}  // namespace

LlvmEmitResult emitLlvmModule(const ir::Module& module, llvm::LLVMContext& context,
                              const LlvmEmitOptions& options) {
  Emitter emitter(module, context, options);
  return emitter.run();
}

}  // namespace sl::dxil
