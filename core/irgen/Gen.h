// The IR generator's internal state, shared by the GenModule/GenType/GenExpr/GenStmt/GenIntrinsic
// translation units. Not part of the public API (see IRGen.h).
#pragma once

#include "core/frontend/AST.h"
#include "core/frontend/Preprocessor.h"
#include "core/ir/Builder.h"
#include "core/ir/Module.h"
#include "core/irgen/IRGen.h"

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace sl::irgen {

namespace fe = sl::frontend;

// `e` without the no-op casts around it (the expression a resource value comes from).
const fe::Expr* stripNoOpCasts(const fe::Expr* e);
// The attribute named `name` (e.g. "numthreads"), or null.
const fe::Attribute* findAttr(const std::vector<fe::Attribute>& attrs, std::string_view name);

// Where a resource comes from: a declared global (LegalizeBindings binds it) or a descriptor heap
// (`ResourceDescriptorHeap[i]` / `SamplerDescriptorHeap[i]`, seed 0050; passes/heaps binds it).
enum class HeapKind : uint8_t { None, Resource, Sampler };

// A declared resource: the hlsl.resource global that stands for it until LegalizeBindings. Heap
// resources get one entry per (heap, resource type) without a global, so `resource(ref).type`
// works for every reference.
struct ResourceInfo {
  ir::GlobalVarId global;                // invalid for heap resources
  HeapKind heap = HeapKind::None;
  const fe::Type* type = nullptr;        // the resource type (array element type for arrays)
  uint32_t arraySize = 1;                // 0 = unbounded array
  bool isArray = false;
  const fe::CBufferDecl* cbuffer = nullptr;  // cbuffer/tbuffer blocks (and $Globals)
  std::vector<const fe::VarDecl*> members;   // cbuffer members, in block order
  std::string name;
  // Resources flattened out of global structs are declared at their first use (so unused members
  // are not in the shader's interface); until then their binding is kept here.
  bool pending = false;
  fe::RegisterBinding pendingBinding;
  std::vector<fe::Attribute> pendingAttrs;
};

// A reference to a resource an expression denotes: the declaration plus an array index, or a
// descriptor heap plus the heap index (then `resource` is the heap entry of that resource type).
struct ResourceRef {
  int resource = -1;  // index into Gen::resources_
  ir::Value index;    // array element (invalid for non-arrays); heap: the heap index
  HeapKind heap = HeapKind::None;
  // A global resource array not indexed down to one resource yet (`In` or `In[i]` of
  // `RWBuffer<int> In[4][2]`): the array type still to index; `index` is the flat offset so far.
  const fe::Type* rest = nullptr;
  // Heap: the `ResourceDescriptorHeap[i]` expression, where the handle's access site is reported
  // (the handle itself is made at each use, which may be lines later).
  const fe::Node* heapExpr = nullptr;
  bool valid() const { return resource >= 0; }
  bool fromHeap() const { return heap != HeapKind::None; }
};

// An assignable location.
struct LValue {
  enum class Kind : uint8_t { Pointer, Swizzle, MatrixElements, ScalarSwizzle, TypedElement };
  Kind kind = Kind::Pointer;
  ir::Value ptr;                  // the object (Pointer) or the vector/matrix/scalar being swizzled
  std::vector<uint32_t> lanes;    // Swizzle: vector lanes; MatrixElements: row*cols+col
  bool memory = false;            // inside a buffer block: bool is uint, aggregates copied per leaf
  bool workgroup = false;         // groupshared (atomics use Workgroup scope)
  const fe::Type* type = nullptr;      // the lvalue's type
  const fe::Type* baseType = nullptr;  // Swizzle/MatrixElements: the swizzled object's type
  ResourceRef resource;                // TypedElement: a Buffer/RWBuffer/texture element
  ir::Value coord;
};

// One resource of a local variable (the variable itself, an array element or a struct member): a
// resource is no value in SPIR-V, so generation tracks what it refers to. The referenced array or
// heap element's index is an SSA value valid below `region` (where it was assigned); outside that,
// or in a loop that reassigns it, it is read back from `indexVar` (a Function variable), which
// every indexed assignment updates. A slot cannot switch between different resources under
// control flow (Vulkan SPIR-V cannot select resources at run time): `mixedOutside` marks it.
struct ResourceSlot {
  ResourceRef ref;
  ir::Value indexVar;
  ir::RegionId region;
  ir::RegionId mixedOutside;     // valid: refers to different resources outside this region
  bool varOnly = false;          // inside a loop that reassigns it, before that assignment
  bool poisoned = false;         // binding it failed (diagnosed there): uses fail silently
  bool nonUniform = false;       // an assigned index was NonUniformResourceIndex(...)
  uint32_t loopsAssigning = 0;   // open loops that assign it (it must keep its resource there)
};

struct VarInfo {
  enum class Kind : uint8_t { Pointer, Resource, CBufferMember, Constant };
  Kind kind = Kind::Pointer;
  ir::Value ptr;
  bool workgroup = false;
  ResourceRef resource;   // Resource (resource variables and aliases)
  int cbuffer = -1;       // CBufferMember: resource index of the block
  uint32_t member = 0;
  ir::Value constant;     // Constant (spec constants)
  // Locals (and parameters of inlined functions) holding resources: their resource leaves, in
  // leaf order (see resourceLeafCount), are slots_[firstSlot, firstSlot + slotCount).
  uint32_t firstSlot = 0;
  uint32_t slotCount = 0;
};

// The struct index of a field inside its record's IR struct (a base class is member 0).
uint32_t fieldIndex(const fe::StructDecl* record, const fe::VarDecl* field);

class Gen {
 public:
  Gen(const fe::TranslationUnit& unit, const fe::PreprocessedUnit& source, const IrGenOptions& options);
  IrGenResult run();

  // ---- diagnostics and locations (GenModule.cpp)
  void error(clang::SourceLocation loc, const std::string& message);
  void setLoc(const fe::Node* node);
  // The node's location in the current lexical scope (invalid when it has none).
  ir::DebugLoc debugLocOf(const fe::Node* node);

  // ---- variable debug info (GenDebugInfo.cpp; only with IrGenOptions::debugVariables)
  // Records `var` (a local, or a parameter when argNumber > 0) held in memory at `ptr`, from here on.
  void debugDeclare(const fe::VarDecl* var, ir::Value ptr, uint32_t argNumber = 0);
  // A parameter passed by value and copied into `ptr`: it equals `param` until the copy
  // (generated between the two calls), then lives in `ptr`.
  uint32_t debugParamValue(const fe::VarDecl* param, ir::Value value, uint32_t argNumber);
  void debugParamCopied(uint32_t var, ir::Value ptr);
  // Records a static or groupshared global.
  void debugGlobal(const fe::VarDecl* var, ir::GlobalVarId global);
  // A lexical block beginning at `at` inside the current scope; returns the scope to restore.
  uint32_t openScope(const fe::Node* at);
  // The body of `callee`, inlined at `call`; returns the scope to restore.
  uint32_t openInlinedScope(const fe::FunctionDecl* callee, const fe::Node* call);
  void closeScope(uint32_t previous);
  bool failed() const { return errors_ > 0; }

  // ---- types (GenType.cpp)
  ir::Type scalarType(fe::ScalarKind kind);
  ir::Type lower(const fe::Type* type);  // value type (Function/Private/Workgroup storage)
  // Type inside a buffer block: bool -> uint, matrix members marked RowMajor/ColMajor (SPIR-V
  // meaning: HLSL column_major is RowMajor), packoffset as Offset. Layout is the pass's job.
  ir::Type lowerMemory(const fe::Type* type, fe::MatrixLayout layout = fe::MatrixLayout::Default);
  ir::Type lowerMemoryStruct(const fe::Type* type);
  ir::Type memoryStruct(const std::string& name, const std::vector<const fe::VarDecl*>& fields,
                        const std::vector<std::string>& packOffsets);
  ir::Type lowerResource(const fe::Type* type);
  bool isIntMatrix(const fe::Type* type) const;
  const fe::Type* elementOf(const fe::Type* type);
  fe::ScalarKind scalarKindOf(const fe::Type* type) const;
  bool isFloat(const fe::Type* type) const;
  bool isSigned(const fe::Type* type) const;
  bool isBool(const fe::Type* type) const;
  uint32_t scalarWidth(fe::ScalarKind kind) const;

  // ---- constants
  ir::Value constScalar(const fe::Type* scalarType, double f, uint64_t i);
  ir::Value constOfType(ir::Type type, double value);  // splats to vectors/matrices
  ir::Value zeroOf(ir::Type type);
  ir::Value oneOf(ir::Type type);

  // ---- values (GenExpr.cpp)
  ir::Value rvalue(const fe::Expr* expr);
  void printfCall(const fe::IntrinsicCallExpr* call);  // GenPrintf.cpp
  LValue lvalue(const fe::Expr* expr);
  ir::Value load(const LValue& lv);
  void store(const LValue& lv, ir::Value value);
  ir::Value loadMemory(ir::Value ptr, const fe::Type* type);
  void storeMemory(ir::Value ptr, const fe::Type* type, ir::Value value);
  LValue materialize(const fe::Expr* expr);  // rvalue -> temporary local
  ir::Value convertValue(ir::Value v, const fe::Type* from, const fe::Type* to);
  ir::Value cast(ir::Value v, const fe::Type* from, const fe::Type* to, fe::CastKind kind);
  ir::Value convertElements(ir::Value v, const fe::Type* from, fe::ScalarKind to, const fe::Type* toType);
  ir::Value splat(ir::Value scalar, const fe::Type* to);
  std::vector<ir::Value> flattenValue(ir::Value v, const fe::Type* type);
  ir::Value buildFromLeaves(const fe::Type* type, const std::vector<ir::Value>& leaves, size_t& next);
  ir::Value rowsMap(ir::Value a, const fe::Type* type, const std::function<ir::Value(ir::Value)>& fn);
  ir::Value binaryOp(fe::BinaryOp op, ir::Value a, ir::Value b, const fe::Type* operandType);
  ir::Value componentwise(uint32_t opcode, ir::Value a, ir::Value b, const fe::Type* type, bool compare = false);
  // Marks `sum` (an OpIAdd of an OpIMul and an addend) as a multiply-add (attr::kMultiplyAdd);
  // other values are returned unmarked.
  ir::Value markMultiplyAdd(ir::Value sum);
  ir::Value extractLane(ir::Value v, uint32_t lane, const fe::Type* type);
  ir::Value toBool(ir::Value v, const fe::Type* type);
  ir::Value emitCall(const fe::CallExpr* call);
  ir::Value valueOfDecl(const fe::DeclRefExpr* ref);

  // ---- resources (GenResource.cpp)
  ResourceRef resourceOf(const fe::Expr* expr);
  ResourceRef resolveResource(const fe::Expr* expr);  // resourceOf without declaring pending globals
  ResourceRef heapResource(const fe::Expr* heapIndexExpr, const fe::Type* resourceType);  // HeapToResource
  int heapEntry(HeapKind heap, const fe::Type* resourceType);
  ir::Value handle(const ResourceRef& ref, bool counter = false);
  ir::Value elementPtr(const ResourceRef& ref, ir::Value index, const fe::Type* elementType);
  ir::Value cbufferPtr(int resource);
  ir::Value resourceMethod(const fe::IntrinsicCallExpr* call);
  const ResourceInfo& resource(const ResourceRef& ref) const { return resources_[ref.resource]; }

  // ---- resource-holding locals, arrays and structs (GenResourceLocals.cpp)
  // Resources in a type, arrays expanded and struct members (base first) in order.
  static uint32_t resourceLeafCount(const fe::Type* type);
  // resourceOf for array elements, members and ?: (invalid, maybe diagnosed, when not one of those).
  ResourceRef resourceElement(const fe::Expr* expr);
  static uint32_t fieldLeafOffset(const fe::StructDecl* record, const fe::VarDecl* field);
  // The resources an expression of a resource-holding type denotes, in leaf order; empty (and
  // diagnosed) when that cannot be determined at compile time.
  std::vector<ResourceRef> resourceLeaves(const fe::Expr* expr);
  // Leaf `i` of each of `groups` groups of `groupSize` leaves, chosen by a run-time `index`: the
  // groups must refer to one resource (array or heap); the element index is looked up.
  ResourceRef selectLeaf(const std::vector<ResourceRef>& leaves, uint32_t groupSize, uint32_t leaf, ir::Value index,
                         const fe::Expr* at);
  ResourceRef selectRef(ir::Value condition, const ResourceRef& a, const ResourceRef& b, const fe::Expr* at);
  // The slots an assignable expression names (a local, its members and constant-index elements).
  std::optional<std::pair<uint32_t, uint32_t>> resourceSlots(const fe::Expr* expr, bool diagnose);
  uint32_t newSlots(uint32_t count);
  ResourceRef readSlot(uint32_t slot, const fe::Expr* at);
  void writeSlot(uint32_t slot, const ResourceRef& ref, const fe::Expr* at);
  void assignResources(const fe::Expr* lhs, const fe::Expr* rhs, const fe::Expr* at);
  void initResourceLocal(const fe::VarDecl* var, VarInfo& info);
  // True when the type has data besides resources: a struct of data and resources keeps that part
  // in a Function variable of the struct lowered without its resources (initResourceLocal).
  static bool holdsData(const fe::Type* type);

  // ---- structs of data and resources as whole values (GenMixedStructs.cpp): arguments, returns,
  // initializers and assignments copy the data part by value and re-point the resource slots.
  struct MixedValue {
    ir::Value data;                    // the struct lowered without its resources
    std::vector<ResourceRef> leaves;   // its resources, in leaf order
  };
  // nullopt (diagnosed) when the data or the resources cannot be determined at compile time.
  std::optional<MixedValue> mixedValue(const fe::Expr* expr);
  // Stores `value` into a mixed-struct variable: `data` its Function variable, `slots` its leaves.
  void storeMixed(const LValue& data, std::pair<uint32_t, uint32_t> slots, const MixedValue& value,
                  const fe::Expr* at);
  // After a diagnosed failure to bind them: unassigned slots stay silent at their uses.
  void poisonSlots(std::pair<uint32_t, uint32_t> slots);
  // Initializes a mixed-struct variable (`ptr` its data, `slots` its resources) from `source`
  // (storeMixed, with `storeAt`'s location when set); its slots are poisoned when that fails.
  void initMixed(ir::Value ptr, const fe::Type* type, std::pair<uint32_t, uint32_t> slots, const fe::Expr* source,
                 const fe::Node* storeAt = nullptr);
  // `lhs = rhs` for structs of data and resources.
  void assignMixed(const fe::Expr* lhs, const fe::Expr* rhs, const fe::Expr* at);
  // Loops: slots the loop assigns read their index from memory until assigned in the body.
  std::vector<uint32_t> beginResourceLoop(const fe::Stmt* loop);
  void endResourceLoop(const std::vector<uint32_t>& slots);
  bool regionWithin(ir::RegionId inner, ir::RegionId outer) const;

  // ---- textures and samplers (GenTexture.cpp): methods of Texture*/RWTexture*/samplers;
  // nullopt when `call` is not a texture method (resourceMethod handles it).
  std::optional<ir::Value> textureMethod(const fe::IntrinsicCallExpr* call, const ResourceRef& ref);
  // `tex.mips[level][coord]` / `tex.sample[index][coord]` (ResourceIndexExpr with a part).
  ir::Value textureIndex(const fe::ResourceIndexExpr* ri);
  // Texture2DMS[Array]::GetSamplePosition from the standard patterns (GenSamplePosition.cpp).
  ir::Value samplePosition(const fe::IntrinsicCallExpr* call, const ResourceRef& ref);
  // `r[coord]` of a typed buffer or texture; a multisampled texture reads sample 0, as DXC.
  ir::Value typedElementLoad(const ResourceRef& ref, ir::Value coord, ir::Type type);

  // ---- intrinsics (GenIntrinsic.cpp)
  ir::Value intrinsic(const fe::IntrinsicCallExpr* call);
  // `signedness` (min/max): -1 = as the destination's type, 0 = unsigned, 1 = signed.
  ir::Value interlocked(const fe::IntrinsicCallExpr* call, LValue dest, size_t firstValueArg, int signedness = -1);
  ir::Value bitOpLane(const std::string& name, ir::Value x, const fe::Type* in, const fe::Type* out);
  ir::Value waveOp(const fe::IntrinsicCallExpr* call, const std::vector<ir::Value>& args);
  ir::Value builtinInput(const std::string& name, uint32_t builtIn, ir::Type type);
  // msad4, lit, dst (GenEmulatedIntrinsics.cpp); nullopt for other intrinsics.
  std::optional<ir::Value> emulatedIntrinsic(const fe::IntrinsicCallExpr* call, const std::vector<ir::Value>& args);
  // isnan/isinf/isfinite/isnormal/modf/frexp (GenFloatParts.cpp); nullopt for other intrinsics.
  std::optional<ir::Value> floatPartsIntrinsic(const fe::IntrinsicCallExpr* call, const std::vector<ir::Value>& args);

  // ---- statements (GenStmt.cpp)
  void stmt(const fe::Stmt* s);
  // A long `if ... else if ... else` chain as a sequence of ifs guarded by a "no branch taken yet"
  // flag, so it does not nest one level per link (SPIR-V's structured nesting is limited).
  void elseIfChain(const fe::IfStmt* first);
  void localDecl(const fe::VarDecl* var);
  // Function-scope statics (GenStaticLocal.cpp): the Private global (created at first need) and,
  // at the declaration, the first-entry initialization of a non-constant initializer.
  VarInfo& staticLocal(const fe::VarDecl* var);
  void staticLocalDecl(const fe::VarDecl* var);
  // The IR constant of an initializer made of literals, constructors, initializer lists, casts
  // and negations; nullopt for anything computed at run time.
  std::optional<ir::Const> constantInitializer(const fe::Expr* init);
  // A static global holding only resources with an initializer: registered in staticResources_
  // (uses evaluate the initializer); false when `var` is not one.
  bool declareStaticResources(const fe::VarDecl* var);
  void switchStmt(const fe::SwitchStmt* s);
  // Calls of functions with resource parameters are inlined (SPIR-V has no resource values; DXC
  // does the same): the body is generated at the call site with the parameters bound to the
  // arguments' resources. Early returns leave a one-iteration loop around the body.
  ir::Value inlineCall(const fe::CallExpr* call, const fe::FunctionDecl* callee);
  bool needsInlining(const fe::FunctionDecl* callee);

  // ---- module (GenModule.cpp)
  ir::FuncId functionFor(const fe::FunctionDecl* fn);
  void declareGlobals();
  void declareGlobal(const fe::VarDecl* var);
  void declareResource(const fe::VarDecl* var);
  // [[vk::image_format]] of an image/texel-buffer declaration: checked, recorded as attr::kImageFormat.
  void addImageFormat(const fe::VarDecl* var, const fe::Type* resource, ir::Attrs& attrs);
  void declareResourceStruct(const fe::VarDecl* var);  // global struct (array) holding resources
  void ensureDeclared(int resource);                   // creates a pending resource's global
  void declareCBuffer(const fe::CBufferDecl* block);
  void genFunctionBody(const fe::FunctionDecl* fn, ir::FuncId id);
  void genEntry(const fe::FunctionDecl* entry);
  // Vertex and pixel entry points (GenStageIO.cpp): Input/Output variables, BuiltIns, Locations.
  void genStageEntry(const fe::FunctionDecl* entry);
  // Pixel-shader intrinsics (derivatives, clip); nullopt when `call` is not one of them.
  std::optional<ir::Value> stageIntrinsic(const fe::IntrinsicCallExpr* call, const std::vector<ir::Value>& args);
  // ddx/ddy/fwidth's instruction `op` on 32-bit floats (matrices row by row).
  ir::Value derivativeOp(uint32_t op, ir::Value x, const fe::Type* t);
  // Implicit derivatives (GenDerivatives.cpp): true in pixel shaders, and in compute/mesh/
  // amplification entries from SM 6.6 with a quad-compatible [numthreads] (then the compute entry
  // gets its derivative-group mode); otherwise reports DXC's error for `intrinsic` at the call.
  bool allowImplicitDerivatives(const fe::Node* call, const std::string& intrinsic);
  void addDerivativeGroupMode();

  const fe::TranslationUnit& unit_;
  const fe::PreprocessedUnit& source_;
  IrGenOptions options_;
  std::unique_ptr<ir::Module> module_;
  ir::Context* cx_ = nullptr;
  std::unique_ptr<ir::Builder> b_;
  std::vector<Diagnostic> diags_;
  size_t errors_ = 0;
  std::map<std::string, uint32_t> fileIndex_;

  std::vector<ResourceInfo> resources_;
  std::deque<ResourceSlot> slots_;
  size_t poisonedReads_ = 0;  // reads of poisoned slots: failures already diagnosed elsewhere
  std::unordered_set<const fe::VarDecl*> staticResources_;  // static resource globals with initializers
  std::unordered_map<const fe::VarDecl*, std::vector<ResourceRef>> globalLeaves_;  // global structs of resources
  std::pair<uint32_t, uint32_t> thisSlots_{0, 0};  // the resources of `this` in an inlined method
  std::unordered_map<const fe::VarDecl*, VarInfo> globals_;
  std::unordered_map<const fe::VarDecl*, VarInfo> locals_;  // of the function being generated
  std::unordered_map<const fe::FunctionDecl*, ir::FuncId> functions_;
  std::deque<std::pair<const fe::FunctionDecl*, ir::FuncId>> pending_;
  // RasterizerOrdered* globals (global index -> declaration), for the pixel-shader-only check.
  std::map<uint32_t, const fe::VarDecl*> rasterizerOrdered_;
  void checkRasterizerOrderedStage(const fe::FunctionDecl* entry);
  std::map<std::string, ir::GlobalVarId> builtins_;
  std::vector<const fe::VarDecl*> staticInits_;  // statics initialized by the entry wrapper
  std::unordered_map<const fe::VarDecl*, ir::GlobalVarId> staticGuards_;  // init.done.<name> of static locals
  const fe::FunctionDecl* currentFn_ = nullptr;
  // The body statement of the function being generated (or inlined): its `{}` is the function's
  // own scope, not a lexical block.
  const fe::Stmt* functionBody_ = nullptr;
  bool computeDerivatives_ = false;  // a compute entry uses implicit derivatives (SM 6.6)
  // Inlined calls being generated (innermost last): where `return` stores its value, and the
  // loop/switch depth at the call (a return deeper than that cannot leave with one break).
  struct InlineFrame {
    ir::Value result;  // Function variable of the return type (invalid for void)
    uint32_t breakDepth = 0;
    bool wrapped = false;  // the body is inside a one-iteration loop (it returns early)
    std::pair<uint32_t, uint32_t> resultSlots{0, 0};  // a returned resource (or struct of them)
    ir::Value returned;  // bool Function variable: a return inside a loop/switch happened
    const fe::CallExpr* call = nullptr;  // for diagnostics inside the body: "inlined here" notes
  };
  void leaveIfReturned(const fe::Stmt* breakable);  // after a loop/switch of an inlined body
  std::pair<uint32_t, uint32_t> inlineResult_{0, 0};  // resultSlots of the last inlined call
  std::vector<InlineFrame> inlineStack_;
  uint32_t breakDepth_ = 0;  // loops and switches open in the function being generated
  ir::Value thisPtr_;
  std::unordered_map<const fe::Type*, ir::Type> typeCache_;
  // lowerMemory of structs (their fields carry their own layouts): a struct tree reaches each
  // struct by exponentially many paths (S1 { S0 a, b, c; } ... S15 took 10 s).
  std::unordered_map<const fe::Type*, ir::Type> memoryStructCache_;
};

}  // namespace sl::irgen
