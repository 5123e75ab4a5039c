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
#include <vector>

namespace sl::irgen {

namespace fe = sl::frontend;

// A declared resource: the hlsl.resource global that stands for it until LegalizeBindings.
struct ResourceInfo {
  ir::GlobalVarId global;
  const fe::Type* type = nullptr;        // the resource type (array element type for arrays)
  uint32_t arraySize = 1;                // 0 = unbounded array
  bool isArray = false;
  const fe::CBufferDecl* cbuffer = nullptr;  // cbuffer/tbuffer blocks (and $Globals)
  std::vector<const fe::VarDecl*> members;   // cbuffer members, in block order
  std::string name;
};

// A reference to a resource an expression denotes: the declaration plus an array index.
struct ResourceRef {
  int resource = -1;  // index into Gen::resources_
  ir::Value index;    // array element (invalid for non-arrays)
  bool valid() const { return resource >= 0; }
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

struct VarInfo {
  enum class Kind : uint8_t { Pointer, Resource, CBufferMember, Constant };
  Kind kind = Kind::Pointer;
  ir::Value ptr;
  bool workgroup = false;
  ResourceRef resource;   // Resource (resource variables and aliases)
  int cbuffer = -1;       // CBufferMember: resource index of the block
  uint32_t member = 0;
  ir::Value constant;     // Constant (spec constants)
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
  bool failed() const { return errors_ > 0; }

  // ---- types (GenType.cpp)
  ir::Type scalarType(fe::ScalarKind kind);
  ir::Type lower(const fe::Type* type);  // value type (Function/Private/Workgroup storage)
  // Type inside a buffer block: bool -> uint, matrix members marked RowMajor/ColMajor (SPIR-V
  // meaning: HLSL column_major is RowMajor), packoffset as Offset. Layout is the pass's job.
  ir::Type lowerMemory(const fe::Type* type, fe::MatrixLayout layout = fe::MatrixLayout::Default);
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
  ir::Value extractLane(ir::Value v, uint32_t lane, const fe::Type* type);
  ir::Value toBool(ir::Value v, const fe::Type* type);
  ir::Value emitCall(const fe::CallExpr* call);
  ir::Value valueOfDecl(const fe::DeclRefExpr* ref);

  // ---- resources (GenResource.cpp)
  ResourceRef resourceOf(const fe::Expr* expr);
  ir::Value handle(const ResourceRef& ref, bool counter = false);
  ir::Value elementPtr(const ResourceRef& ref, ir::Value index, const fe::Type* elementType);
  ir::Value cbufferPtr(int resource);
  ir::Value resourceMethod(const fe::IntrinsicCallExpr* call);
  const ResourceInfo& resource(const ResourceRef& ref) const { return resources_[ref.resource]; }

  // ---- textures and samplers (GenTexture.cpp): methods of Texture*/RWTexture*/samplers;
  // nullopt when `call` is not a texture method (resourceMethod handles it).
  std::optional<ir::Value> textureMethod(const fe::IntrinsicCallExpr* call, const ResourceRef& ref);

  // ---- intrinsics (GenIntrinsic.cpp)
  ir::Value intrinsic(const fe::IntrinsicCallExpr* call);
  ir::Value interlocked(const fe::IntrinsicCallExpr* call, LValue dest, size_t firstValueArg);
  ir::Value bitOpLane(const std::string& name, ir::Value x, const fe::Type* in, const fe::Type* out);
  ir::Value waveOp(const fe::IntrinsicCallExpr* call, const std::vector<ir::Value>& args);
  ir::Value builtinInput(const std::string& name, uint32_t builtIn, ir::Type type);

  // ---- statements (GenStmt.cpp)
  void stmt(const fe::Stmt* s);
  void localDecl(const fe::VarDecl* var);
  void switchStmt(const fe::SwitchStmt* s);

  // ---- module (GenModule.cpp)
  ir::FuncId functionFor(const fe::FunctionDecl* fn);
  void declareGlobals();
  void declareGlobal(const fe::VarDecl* var);
  void declareResource(const fe::VarDecl* var);
  void declareCBuffer(const fe::CBufferDecl* block);
  void genFunctionBody(const fe::FunctionDecl* fn, ir::FuncId id);
  void genEntry(const fe::FunctionDecl* entry);

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
  std::unordered_map<const fe::VarDecl*, VarInfo> globals_;
  std::unordered_map<const fe::VarDecl*, VarInfo> locals_;  // of the function being generated
  std::unordered_map<const fe::FunctionDecl*, ir::FuncId> functions_;
  std::deque<std::pair<const fe::FunctionDecl*, ir::FuncId>> pending_;
  std::map<std::string, ir::GlobalVarId> builtins_;
  std::vector<const fe::VarDecl*> staticInits_;  // statics initialized by the entry wrapper
  const fe::FunctionDecl* currentFn_ = nullptr;
  ir::Value thisPtr_;
  std::unordered_map<const fe::Type*, ir::Type> typeCache_;
};

}  // namespace sl::irgen
