// The typed HLSL AST produced by the parser + Sema and consumed by the AST printer and the IR
// generator. Nodes are owned by ASTContext (released together with it); they use kind enums, not
// RTTI. Every expression carries its resolved type and value category, and every implicit
// conversion is an explicit ImplicitCast node. docs/frontend.md describes the tree.
#pragma once

#include "core/frontend/Types.h"
#include "core/support/Diagnostic.h"

#include <clang/Basic/SourceLocation.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sl::frontend {

struct Decl;
struct VarDecl;
struct FunctionDecl;
struct Stmt;
struct Expr;

// Base of every node: one allocation owned by ASTContext.
struct Node {
  virtual ~Node() = default;
  clang::SourceLocation loc;  // the node's main location (operator, name, keyword)
  clang::SourceRange range;   // full extent
};

// `[name(args)]` on functions and statements, `[[vk::name(args)]]` on declarations.
struct Attribute {
  std::string name;  // "numthreads", "vk::binding", "unroll", ...
  std::vector<Expr*> args;
  std::vector<int64_t> intArgs;  // constant values of integer arguments (parallel to args; 0 if not constant)
  std::vector<std::string> stringArgs;  // string literal arguments ("compute")
  clang::SourceLocation loc;
};

// ---------------------------------------------------------------------------------------------
// Expressions

enum class ExprKind : uint8_t {
  IntLiteral,
  FloatLiteral,
  BoolLiteral,
  StringLiteral,
  DeclRef,        // variable, parameter, enumerator, cbuffer member
  Member,         // struct field: base.field
  Swizzle,        // vector/scalar .xyzw, matrix ._m00
  Index,          // vector/matrix/array element: base[index]
  ResourceIndex,  // operator[] of a buffer/texture: base[coord]
  Unary,
  Binary,
  Assign,  // `=` and compound assignments
  Conditional,
  Call,           // user function or struct method
  IntrinsicCall,  // free intrinsic or resource method, resolved against the intrinsic table
  Construct,      // float4(a, b) - vector/matrix/scalar constructor syntax
  InitList,       // {a, b, c} in an initializer, flattened
  ExplicitCast,   // (T)e and T(e) for one argument of scalar type
  ImplicitCast,
  This,
  Error,  // stands for an expression that produced a diagnostic
};

enum class ValueCategory : uint8_t { RValue, LValue };

enum class UnaryOp : uint8_t { Plus, Minus, Not, BitNot, PreInc, PreDec, PostInc, PostDec };
enum class BinaryOp : uint8_t {
  Mul, Div, Rem, Add, Sub, Shl, Shr, Lt, Gt, Le, Ge, Eq, Ne, BitAnd, BitXor, BitOr, LogAnd, LogOr, Comma,
};
std::string_view unaryOpSpelling(UnaryOp op);
std::string_view binaryOpSpelling(BinaryOp op);

// What an implicit (or explicit) conversion does. A conversion that changes both shape and
// element type is two nodes: the shape step (inner) and then the element step (outer).
enum class CastKind : uint8_t {
  NoOp,               // same representation (literal typing, T1 <-> T, enum -> int of same width)
  Splat,              // one element -> vector/matrix
  VectorTruncate,     // keep leading elements (vector or matrix -> smaller)
  MatrixToVector,     // row-major reshape of a matrix into a vector of equal size
  VectorToMatrix,     // reshape of a vector into a matrix of equal size
  IntegralCast,       // int <-> int of other width/signedness (incl. literal int, enum)
  IntegralToFloating,
  FloatingToIntegral,
  FloatingCast,
  IntegralToBoolean,
  FloatingToBoolean,
  BooleanToIntegral,
  BooleanToFloating,
  AggregateSplat,     // (S)0: one scalar to every element of a struct/array
  FlatConversion,     // explicit (S)x: element-wise over the flattened lists
  DerivedToBase,
  ConstantBufferToStruct,  // ConstantBuffer<S> value used as S
  HeapToResource,     // ResourceDescriptorHeap[i] / SamplerDescriptorHeap[i] used as a resource
};
std::string_view castKindName(CastKind kind);

struct Expr : Node {
  ExprKind kind;
  const Type* type = nullptr;
  ValueCategory category = ValueCategory::RValue;
  bool isConst = false;  // an lvalue that cannot be assigned (uniform globals, const locals, SRV elements)
  explicit Expr(ExprKind k) : kind(k) {}
  bool isLValue() const { return category == ValueCategory::LValue; }
};

struct IntLiteralExpr : Expr {
  IntLiteralExpr() : Expr(ExprKind::IntLiteral) {}
  uint64_t value = 0;
  std::string spelling;
};
struct FloatLiteralExpr : Expr {
  FloatLiteralExpr() : Expr(ExprKind::FloatLiteral) {}
  double value = 0;
  std::string spelling;
};
struct BoolLiteralExpr : Expr {
  BoolLiteralExpr() : Expr(ExprKind::BoolLiteral) {}
  bool value = false;
};
struct StringLiteralExpr : Expr {
  StringLiteralExpr() : Expr(ExprKind::StringLiteral) {}
  std::string value;
  // One entry per string-literal token concatenated into `value`: where its text starts in
  // `value` and the token's location (its opening quote), so a position inside the value (a root
  // signature's error) maps back to the source. Empty for a bare word made a string
  // ([domain(tri)]).
  struct Piece {
    uint32_t offset = 0;
    clang::SourceLocation loc;
  };
  std::vector<Piece> pieces;
};
struct DeclRefExpr : Expr {
  DeclRefExpr() : Expr(ExprKind::DeclRef) {}
  Decl* decl = nullptr;  // VarDecl or EnumConstantDecl
};
struct MemberExpr : Expr {
  MemberExpr() : Expr(ExprKind::Member) {}
  Expr* base = nullptr;
  VarDecl* field = nullptr;  // a field (or static member) of the base's struct
};
struct SwizzleExpr : Expr {
  SwizzleExpr() : Expr(ExprKind::Swizzle) {}
  Expr* base = nullptr;
  // Flat element indices into the base (matrix: row * cols + col).
  std::vector<uint8_t> indices;
  std::string spelling;  // as written: "xyz", "_m00_m11"
};
struct IndexExpr : Expr {
  IndexExpr() : Expr(ExprKind::Index) {}
  Expr* base = nullptr;
  Expr* index = nullptr;
};
struct ResourceIndexExpr : Expr {
  ResourceIndexExpr() : Expr(ExprKind::ResourceIndex) {}
  // `tex.mips[level][coord]` / `tex.sample[index][coord]` are built in three steps: `tex.mips`
  // (part set, level and index null), `[level]` (level set), then `[coord]` (index set).
  enum class Part : uint8_t { Element, Mips, Sample };
  Expr* base = nullptr;   // the resource
  Expr* index = nullptr;  // converted to uint / uintN
  Part part = Part::Element;
  Expr* level = nullptr;  // Mips: the mip level; Sample: the sample index (uint)
  bool complete() const { return index != nullptr; }
};
struct UnaryExpr : Expr {
  UnaryExpr() : Expr(ExprKind::Unary) {}
  UnaryOp op = UnaryOp::Plus;
  Expr* operand = nullptr;
};
struct BinaryExpr : Expr {
  BinaryExpr() : Expr(ExprKind::Binary) {}
  BinaryOp op = BinaryOp::Add;
  Expr* lhs = nullptr;
  Expr* rhs = nullptr;
  // The type both operands were converted to (comparisons: the operand type, result is bool).
  const Type* operandType = nullptr;
  // && and ||: HLSL 2021 evaluates the right operand only when needed (scalars only); before
  // 2021 both operands are evaluated and combined component-wise (DXC's -HV 2016/2017/2018).
  bool shortCircuit = true;
};
struct AssignExpr : Expr {
  AssignExpr() : Expr(ExprKind::Assign) {}
  bool compound = false;
  BinaryOp op = BinaryOp::Add;  // for compound assignments
  Expr* lhs = nullptr;
  // Plain: converted to the lhs type. Compound: converted to `computeType`; the IR computes
  // lhs op rhs in computeType and converts the result back to the lhs type.
  Expr* rhs = nullptr;
  const Type* computeType = nullptr;
};
struct ConditionalExpr : Expr {
  ConditionalExpr() : Expr(ExprKind::Conditional) {}
  Expr* cond = nullptr;
  Expr* trueExpr = nullptr;
  Expr* falseExpr = nullptr;
  // HLSL 2021: a scalar condition picks one operand, which alone is evaluated. Before 2021 the
  // condition may be a vector or matrix (converted to bool of the result's shape), both operands
  // are evaluated, and the result is a component-wise select.
  bool shortCircuit = true;
};

// How an argument binds to its parameter.
enum class ParamDirection : uint8_t { In, Out, InOut, Ref };
std::string_view directionName(ParamDirection dir);

struct CallExpr : Expr {
  CallExpr() : Expr(ExprKind::Call) {}
  FunctionDecl* callee = nullptr;
  Expr* object = nullptr;  // `this` object for method calls (null for static/free functions)
  // In arguments are converted to the parameter type; out/inout arguments are the caller's lvalue
  // itself (the IR generator creates the temporary and the write-back conversions).
  std::vector<Expr*> args;
};

struct IntrinsicRow;
struct IntrinsicCallExpr : Expr {
  IntrinsicCallExpr() : Expr(ExprKind::IntrinsicCall) {}
  std::string name;      // "mad", "Sample", "InterlockedAdd"
  std::string opcode;    // the table's opcode name
  const IntrinsicRow* row = nullptr;
  Expr* object = nullptr;  // resource for methods
  std::vector<Expr*> args;  // in args converted to paramTypes; out/inout/ref args as lvalues
  std::vector<const Type*> paramTypes;
  std::vector<ParamDirection> directions;
  const Type* templateArg = nullptr;  // Load<T>/Store<T>
};
struct ConstructExpr : Expr {
  ConstructExpr() : Expr(ExprKind::Construct) {}
  // Each argument already converted to the element type with its own shape; the result is the
  // concatenation of their flattened elements.
  std::vector<Expr*> args;
};
struct InitListExpr : Expr {
  InitListExpr() : Expr(ExprKind::InitList) {}
  // The flattened leaf values, in order, each converted to the matching leaf type of `type`
  // (numeric leaves are scalars after flattening; objects stay objects).
  std::vector<Expr*> elements;
};
struct CastExpr : Expr {
  explicit CastExpr(ExprKind k) : Expr(k) {}
  CastKind castKind = CastKind::NoOp;
  Expr* operand = nullptr;
};
struct ThisExpr : Expr {
  ThisExpr() : Expr(ExprKind::This) {}
};
struct ErrorExpr : Expr {
  ErrorExpr() : Expr(ExprKind::Error) {}
};

// ---------------------------------------------------------------------------------------------
// Declarations

enum class DeclKind : uint8_t {
  Var,
  Function,
  Struct,
  CBuffer,
  Typedef,
  Enum,
  EnumConstant,
  Namespace,
  Template,  // a function or struct template (instantiations appear as ordinary decls)
};

struct Decl : Node {
  DeclKind kind;
  std::string name;
  explicit Decl(DeclKind k) : kind(k) {}
};

enum class StorageClass : uint8_t {
  Uniform,      // global without static: a shader constant in $Globals (or a bound resource)
  CBufferMember,
  Static,       // static global or static local: thread-private
  GroupShared,
  Local,
  Param,
  Field,        // struct member
  StaticField,  // static data member of a struct
};
std::string_view storageClassName(StorageClass sc);

struct RegisterBinding {
  bool present = false;
  char registerClass = 0;  // 'b', 't', 'u', 's'
  uint32_t index = 0;
  uint32_t space = 0;
  bool hasSpace = false;
  clang::SourceLocation loc;
};

enum class MatrixLayout : uint8_t { Default, RowMajor, ColumnMajor };

struct VarDecl : Decl {
  VarDecl() : Decl(DeclKind::Var) {}
  const Type* type = nullptr;
  const struct TypedefDecl* declaredAs = nullptr;  // the typedef `type` was written as (debug info only)
  StorageClass storage = StorageClass::Local;
  bool isConst = false;
  ParamDirection direction = ParamDirection::In;  // parameters
  MatrixLayout layout = MatrixLayout::Default;
  Expr* init = nullptr;            // converted to `type`
  std::string semantic;            // "SV_DispatchThreadID"
  RegisterBinding binding;
  // Every `: register(...)` written, in order (`binding` is the last one). A struct of resources
  // takes one per register class: `G g : register(u5) : register(t3)`.
  std::vector<RegisterBinding> registers;
  std::string packOffset;          // "c0.y" as written
  std::vector<Attribute> attributes;
  struct CBufferDecl* cbuffer = nullptr;  // the block a CBufferMember belongs to
  StructDecl* parent = nullptr;           // Field / StaticField owner
  std::vector<std::string> modifiers;     // precise, nointerpolation, globallycoherent, ...
  Expr* defaultArg = nullptr;             // parameters
  uint32_t bitWidth = 0;                  // bitfield members (`uint x : 8;`), 0 otherwise
  // Merged interpolation modifiers of a parameter or field (signature::InterpolationModifiers
  // bits; 0 = none written). Sema merges every keyword into this one set (seed 0047).
  uint8_t interpolation = 0;
};

// The pipeline stage an entry point runs in (from -T or [shader("...")]).
enum class ShaderStage : uint8_t { None, Vertex, Pixel, Compute, Geometry, Hull, Domain, Mesh, Amplification };
std::string_view shaderStageName(ShaderStage stage);  // "vertex", "pixel", ...
ShaderStage shaderStageFromName(std::string_view name);  // [shader("...")] spelling; None if unknown
ShaderStage shaderStageFromProfile(std::string_view profile);  // "ps_6_0" -> Pixel; None for lib/unknown

struct FunctionDecl : Decl {
  FunctionDecl() : Decl(DeclKind::Function) {}
  const Type* returnType = nullptr;
  std::vector<VarDecl*> params;
  std::string semantic;  // return semantic
  std::vector<Attribute> attributes;
  struct CompoundStmt* body = nullptr;
  StructDecl* parent = nullptr;  // methods
  bool isStatic = false;
  bool isEntry = false;
  ShaderStage stage = ShaderStage::None;  // entry points: the stage they run in
  uint8_t interpolation = 0;              // merged modifiers on the return value (see VarDecl)
  FunctionDecl* definition = nullptr;  // for forward declarations: the definition, once seen
  std::string qualifiedName;  // "ns::S::f", for printing and the IR
  // Errors in the body of a method of a struct template instance; like C++, they matter only when
  // the method is used, so Sema reports them at the first call.
  std::vector<Diagnostic> deferredDiagnostics;
};

struct StructDecl : Decl {
  StructDecl() : Decl(DeclKind::Struct) {}
  bool isClass = false;
  bool complete = false;
  StructDecl* base = nullptr;
  std::vector<VarDecl*> fields;  // instance fields in order (base fields are in base)
  std::vector<VarDecl*> staticFields;
  std::vector<FunctionDecl*> methods;
  std::vector<Decl*> nestedTypes;
  std::string qualifiedName;
  bool anonymous = false;
  // Memos of flattenedCount / containsResource once the struct is complete: a struct tree
  // reaches each struct by exponentially many paths (S1 { S0 a, b, c; } ... S15).
  mutable int64_t flattenedCountMemo = -1;
  mutable int8_t containsResourceMemo = -1;
};

struct CBufferDecl : Decl {
  CBufferDecl() : Decl(DeclKind::CBuffer) {}
  bool isTBuffer = false;
  bool isGlobals = false;  // the implicit $Globals buffer
  std::vector<VarDecl*> members;
  RegisterBinding binding;
  std::vector<Attribute> attributes;
};

struct TypedefDecl : Decl {
  TypedefDecl() : Decl(DeclKind::Typedef) {}
  const Type* type = nullptr;
  // A `typedef` or `using X = ...` the source declares (not a template's type parameter): the
  // debug information names variables declared with it by it (DebugTypedef).
  bool declared = false;
  const TypedefDecl* aliasOf = nullptr;  // the typedef its type was written as (a typedef of a typedef)
};

struct EnumConstantDecl;
struct EnumDecl : Decl {
  EnumDecl() : Decl(DeclKind::Enum) {}
  bool scoped = false;  // enum class
  const Type* underlying = nullptr;
  std::vector<EnumConstantDecl*> constants;
  std::string qualifiedName;
};
struct EnumConstantDecl : Decl {
  EnumConstantDecl() : Decl(DeclKind::EnumConstant) {}
  EnumDecl* parent = nullptr;
  int64_t value = 0;
  Expr* init = nullptr;
};

struct NamespaceDecl : Decl {
  NamespaceDecl() : Decl(DeclKind::Namespace) {}
  std::vector<Decl*> decls;
};

struct TemplateDecl : Decl {
  TemplateDecl() : Decl(DeclKind::Template) {}
  struct Param {
    std::string name;
    bool isType = true;  // typename T / class T; else an integral non-type parameter
    const Type* valueType = nullptr;
    size_t defaultBegin = 0, defaultEnd = 0;  // token range of the default argument, if any
  };
  std::vector<Param> params;
  bool isStruct = false;
  // Token range of the templated declaration (after `template<...>`), replayed for instantiation.
  size_t tokenBegin = 0, tokenEnd = 0;
  void* scope = nullptr;  // the Scope the template was declared in (Sema-private)
  std::vector<std::pair<std::string, Decl*>> instances;  // key: argument list spelling
  struct Specialization {
    std::string key;  // argument list spelling, as in `instances`
    size_t tokenBegin = 0, tokenEnd = 0;
  };
  std::vector<Specialization> specializations;  // `template<> struct S<int> { ... };`
};

// ---------------------------------------------------------------------------------------------
// Statements

enum class StmtKind : uint8_t {
  Compound, Decl, Expr, If, For, While, Do, Switch, Case, Default, Break, Continue, Return, Discard, Null,
};

struct Stmt : Node {
  StmtKind kind;
  std::vector<Attribute> attributes;
  explicit Stmt(StmtKind k) : kind(k) {}
};
struct CompoundStmt : Stmt {
  CompoundStmt() : Stmt(StmtKind::Compound) {}
  std::vector<Stmt*> body;
};
struct DeclStmt : Stmt {
  DeclStmt() : Stmt(StmtKind::Decl) {}
  std::vector<Decl*> decls;
};
struct ExprStmt : Stmt {
  ExprStmt() : Stmt(StmtKind::Expr) {}
  Expr* expr = nullptr;
};
struct IfStmt : Stmt {
  IfStmt() : Stmt(StmtKind::If) {}
  Expr* cond = nullptr;
  Stmt* thenStmt = nullptr;
  Stmt* elseStmt = nullptr;
};
struct ForStmt : Stmt {
  ForStmt() : Stmt(StmtKind::For) {}
  Stmt* init = nullptr;
  Expr* cond = nullptr;
  Expr* inc = nullptr;
  Stmt* body = nullptr;
};
struct WhileStmt : Stmt {
  WhileStmt() : Stmt(StmtKind::While) {}
  Expr* cond = nullptr;
  Stmt* body = nullptr;
};
struct DoStmt : Stmt {
  DoStmt() : Stmt(StmtKind::Do) {}
  Stmt* body = nullptr;
  Expr* cond = nullptr;
};
struct SwitchStmt : Stmt {
  SwitchStmt() : Stmt(StmtKind::Switch) {}
  Expr* cond = nullptr;
  Stmt* body = nullptr;
};
struct CaseStmt : Stmt {
  CaseStmt() : Stmt(StmtKind::Case) {}
  Expr* value = nullptr;
  int64_t constant = 0;
};
struct DefaultStmt : Stmt {
  DefaultStmt() : Stmt(StmtKind::Default) {}
};
struct ReturnStmt : Stmt {
  ReturnStmt() : Stmt(StmtKind::Return) {}
  Expr* value = nullptr;  // converted to the function's return type
};
struct SimpleStmt : Stmt {
  explicit SimpleStmt(StmtKind k) : Stmt(k) {}  // Break, Continue, Discard, Null
};

// ---------------------------------------------------------------------------------------------

// Owns every node and type of one translation unit.
class ASTContext {
public:
  TypeContext types;
  template <typename T, typename... Args>
  T* make(Args&&... args) {
    auto node = std::make_unique<T>(std::forward<Args>(args)...);
    T* raw = node.get();
    nodes_.push_back(std::move(node));
    return raw;
  }

private:
  std::vector<std::unique_ptr<Node>> nodes_;
};

// The result of parse + Sema.
struct TranslationUnit {
  std::unique_ptr<ASTContext> context;
  // Top-level declarations in source order (namespaces hold their own members).
  std::vector<Decl*> decls;
  // The implicit $Globals constant buffer (members are the non-static globals that are not resources).
  CBufferDecl* globals = nullptr;
  FunctionDecl* entry = nullptr;  // the -E entry point, if found
  // Every entry point, in source order: the -E one, and in libraries each [shader("...")] function.
  std::vector<FunctionDecl*> entries;
};

}  // namespace sl::frontend
