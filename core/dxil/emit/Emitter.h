// The emitter behind emitLlvmModule (LlvmEmitter.h), shared by the files of emit/ that implement
// it by job: types and layout (EmitTypes), functions and structured control flow
// (EmitControlFlow), instructions (EmitInstructions), buffer and builtin memory (EmitMemory),
// wave/GLSL/HLSL operations (EmitIntrinsics), textures (EmitTextures) and vertex/pixel stage
// I/O (EmitStageIO). Internal to emit/: nothing outside it includes this header.
#pragma once

#include "core/dxil/emit/DxIntrinsics.h"
#include "core/dxil/emit/LlvmEmitter.h"
#include "core/dxil/emit/MathOps.h"
#include "core/dxil/emit/ResourceTypes.h"
#include "core/dxil/emit/WaveOps.h"
#include "core/dxil/lower/DxilOps.h"

#include <llvm/IR/DIBuilder.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <spirv/unified1/spirv.hpp>

#include <cstdlib>
#include <optional>
#include <unordered_map>

namespace sl::dxil::emit {

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
  // llvm.dx.imad/umad for an OpIAdd irgen marked as a multiply-add (its first operand an OpIMul);
  // null for any other add.
  llvm::Value* integerMultiplyAdd(const InstDef& add);
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
  // Whether that resource's global carries irgen's attribute `key`: "hlsl.space" (a space was
  // written), "hlsl.rasterizer_ordered" (isROV in its handle type), "hlsl.globallycoherent".
  bool resourceHasAttr(const InstDef& inst, std::string_view key) const {
    const GlobalVarDef* gv = resourceGlobal(inst);
    if (!gv) return false;
    for (const auto& [k, value] : gv->attrs.extra)
      if (k == key) return true;
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

// DXIL's AtomicBinOpCode for a SPIR-V atomic (EmitInstructions.cpp).
std::optional<uint32_t> atomicBinOpCode(uint32_t spvOp);

}  // namespace sl::dxil::emit
