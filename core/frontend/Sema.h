// Semantic analysis: scopes and name lookup, HLSL conversions (hlsl-semantics.md §2), operator
// typing, user overload scoring (§2.6), intrinsic matching (§2.7), and declaration checks. The
// parser calls these builders as it reads, so every node it creates is already typed.
#pragma once

#include "core/frontend/AST.h"
#include "core/frontend/Intrinsics.h"
#include "core/frontend/Preprocessor.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sl::frontend {

struct FrontendOptions {
  bool enable16BitTypes = false;
  std::string entryPoint = "main";
  std::string profile = "cs_6_6";
  bool spirv = false;
  // -HV: 2016, 2017, 2018, 2021 or 2025 (202x). Before 2021, && || ?: work component-wise on
  // vectors and matrices and never short-circuit.
  int hlslVersion = 2021;
  // Errors after which the front end stops, as Clang's -ferror-limit (0: no limit). Without one,
  // a file of 100,000 errors took over 30 s and buried the first one.
  uint32_t errorLimit = 20;
};

struct Scope {
  enum class Kind { Global, Namespace, Struct, Function, Block, Template };
  Kind kind = Kind::Block;
  Scope* parent = nullptr;
  std::map<std::string, std::vector<Decl*>, std::less<>> names;
  NamespaceDecl* ns = nullptr;
  StructDecl* record = nullptr;
  FunctionDecl* function = nullptr;
  std::string prefix;  // qualified-name prefix for declarations in this scope ("ns::S::")
};

// A constant value from a constant expression.
struct ConstantValue {
  bool isFloat = false;
  int64_t i = 0;
  double f = 0;
  double asDouble() const { return isFloat ? f : double(i); }
  // A float out of int64's range (or NaN) has no defined conversion: clamp instead of the
  // undefined cast (an attribute argument like [numthreads(1e308, ...)] reaches here).
  int64_t asInt() const {
    if (!isFloat) return i;
    if (!(f == f)) return 0;
    if (f >= 9223372036854775807.0) return INT64_MAX;
    if (f <= -9223372036854775808.0) return INT64_MIN;
    return int64_t(f);
  }
};

enum class ConversionContext { Implicit, Explicit, Initialization, Argument, Return };

class Sema {
public:
  Sema(PreprocessedUnit& unit, const FrontendOptions& options, TranslationUnit& tu);

  ASTContext& ast() { return *tu_.context; }
  TypeContext& types() { return tu_.context->types; }
  const FrontendOptions& options() const { return options_; }
  TranslationUnit& tu() { return tu_; }

  // ---- diagnostics
  void error(clang::SourceLocation loc, const std::string& message, unsigned length = 0);
  void warning(clang::SourceLocation loc, const std::string& message, unsigned length = 0);
  // Attaches a note to the last reported diagnostic.
  void note(clang::SourceLocation loc, const std::string& message);
  std::vector<Diagnostic>& diagnostics() { return diagnostics_; }
  // Removes and returns the diagnostics reported since `mark` (a diagnostics().size() value).
  std::vector<Diagnostic> takeDiagnosticsSince(size_t mark);
  size_t errorCount() const { return errorCount_; }
  // More errors than FrontendOptions::errorLimit: later ones are counted, not kept.
  bool errorLimitReached() const { return options_.errorLimit && errorCount_ >= options_.errorLimit; }
  // An error kept whatever the limit (the parser's reason for stopping).
  void finalError(clang::SourceLocation loc, const std::string& message);

  // ---- scopes
  Scope* currentScope() { return scope_; }
  void setCurrentScope(Scope* scope) { scope_ = scope; }
  Scope* pushScope(Scope::Kind kind);
  void popScope();
  void declare(Decl* decl, Scope* scope = nullptr);
  // Unqualified lookup from the current scope outwards (struct scopes see their base members).
  std::vector<Decl*> lookup(std::string_view name);
  // Lookup of `name` directly inside a namespace, struct or enum.
  std::vector<Decl*> lookupIn(Decl* container, std::string_view name);
  Decl* lookupNamespaceOrType(std::string_view name);
  const Type* typeOfTypeDecl(Decl* decl);  // struct/typedef/enum -> type, else null
  std::vector<Decl*> lookupMember(StructDecl* record, std::string_view name);

  // ---- types
  // Builtin type names: scalars, shorthand vectors/matrices, resource names without arguments.
  const Type* builtinTypeByName(std::string_view name, bool* isTemplateName = nullptr);
  std::optional<ScalarKind> scalarByName(std::string_view name);
  // `rasterizerOrdered`: set when the name is a RasterizerOrdered* one (its kind is the RW* kind).
  std::optional<ResourceKind> resourceByName(std::string_view name, bool* rasterizerOrdered = nullptr);
  const Type* concreteType(const Type* type);  // literal -> int/float, same shape

  // ---- conversions
  ScalarKind combineBasicTypes(ScalarKind a, ScalarKind b);
  // Checks an implicit/explicit conversion and returns the converted expression (the input itself
  // when no conversion is needed), or an ErrorExpr after reporting.
  Expr* convert(Expr* expr, const Type* to, ConversionContext context);
  bool canConvert(const Type* from, const Type* to, bool explicitCast, bool* truncates = nullptr);
  // Scalar -> scalar element conversion node (no shape change).
  Expr* convertElement(Expr* expr, ScalarKind to);
  Expr* makeImplicitCast(Expr* operand, const Type* type, CastKind kind);
  Expr* decayLiteral(Expr* expr);  // literal int -> int, literal float -> float
  // Sum of DXC's per-argument flag weights (§2.6).
  uint64_t scoreCast(const Type* param, const Type* arg);

  // ---- expressions
  Expr* errorExpr(clang::SourceLocation loc);
  Expr* buildIntLiteral(clang::SourceLocation loc, const std::string& spelling);
  Expr* buildFloatLiteral(clang::SourceLocation loc, const std::string& spelling);
  Expr* buildBoolLiteral(clang::SourceLocation loc, bool value);
  Expr* buildStringLiteral(clang::SourceLocation loc, std::string value);
  Expr* buildDeclRef(clang::SourceLocation loc, Decl* decl);
  Expr* buildThis(clang::SourceLocation loc);
  Expr* buildUnary(clang::SourceLocation loc, UnaryOp op, Expr* operand);
  Expr* buildBinary(clang::SourceLocation loc, BinaryOp op, Expr* lhs, Expr* rhs);
  Expr* buildAssign(clang::SourceLocation loc, std::optional<BinaryOp> compound, Expr* lhs, Expr* rhs);
  Expr* buildConditional(clang::SourceLocation loc, Expr* cond, Expr* a, Expr* b);
  Expr* buildMember(clang::SourceLocation loc, Expr* base, const std::string& name, unsigned nameLength);
  Expr* buildIndex(clang::SourceLocation loc, Expr* base, Expr* index);
  Expr* buildCast(clang::SourceLocation loc, const Type* type, Expr* operand);
  Expr* buildConstruct(clang::SourceLocation loc, const Type* type, std::vector<Expr*> args);
  Expr* buildInitList(clang::SourceLocation loc, const Type* type, const std::vector<Expr*>& items);
  // A call by (possibly qualified) name: intrinsics first (§2.8), then user overloads.
  Expr* buildCall(clang::SourceLocation loc, const std::string& name, std::vector<Decl*> candidates,
                  bool qualified, std::vector<Expr*> args, const Type* templateArg);
  Expr* buildMethodCall(clang::SourceLocation loc, Expr* object, const std::string& name, std::vector<Expr*> args,
                        const Type* templateArg);
  // A call to one known function (a template instance): checked like a one-candidate overload set.
  Expr* buildDirectCall(clang::SourceLocation loc, FunctionDecl* fn, Expr* object, std::vector<Expr*> args);
  // `a op b` / `a[i]` on a struct with a member operator; null when the struct has none.
  Expr* buildOperatorCall(clang::SourceLocation loc, const std::string& op, Expr* object, std::vector<Expr*> args);
  Expr* buildStaticMethodCall(clang::SourceLocation loc, StructDecl* record, const std::string& name,
                              std::vector<Expr*> args);
  Expr* buildIntrinsicCall(clang::SourceLocation loc, const std::string& space, const std::string& name,
                           Expr* object, std::vector<Expr*> args, const Type* templateArg, bool reportFailure);
  // Checks that `expr` is a modifiable lvalue; reports and returns false otherwise.
  bool checkModifiable(Expr* expr, clang::SourceLocation loc, const char* what);
  bool isModifiable(Expr* expr);
  Expr* checkCondition(Expr* cond, const char* what);

  std::optional<ConstantValue> evaluate(Expr* expr);
  std::optional<int64_t> evaluateInt(Expr* expr, clang::SourceLocation loc, const char* what);

  // ---- declarations
  FunctionDecl* currentFunction();
  // `defining`: `decl` is a function whose body follows (it has none yet).
  void checkRedeclaration(Decl* decl, bool defining = false);
  void finishFunction(FunctionDecl* fn);
  void finishTranslationUnit();

  std::string spellingOfLocation(clang::SourceLocation loc);

  // Descriptor heaps (seed 0050): ResourceDescriptorHeap[i] yields heap_resource_info,
  // SamplerDescriptorHeap[i] yields heap_sampler_info; each converts only to matching resources.
  bool isHeapInfo(const Type* type) const;
  bool isHeapObject(const Type* type) const;
  bool heapInfoConvertsTo(const Type* info, const Type* resource) const;
  PreprocessedUnit& unit() { return unit_; }

  // ---- shader stages (SemaStage.cpp)
  // Merges the interpolation keywords among `modifiers` (at `locs`, parallel) of a parameter,
  // field or function return into `bits`, reporting the seed 0047 errors/warnings at the keyword.
  void mergeInterpolation(const std::vector<std::string>& modifiers, const std::vector<clang::SourceLocation>& locs,
                          const Type* type, const std::string& semantic, uint8_t& bits);
  // Picks the entry points (-E with a vs/ps/cs profile, [shader("...")] functions in libraries),
  // sets their stage and checks the stage's requirements.
  void resolveEntryPoints();

private:
  void checkEntryPoint(FunctionDecl* entry);

  Expr* componentwiseConditional(ConditionalExpr* e);  // `?:` before HLSL 2021
  Expr* convertShape(Expr* expr, const Type* to, bool explicitCast, bool warn);
  Expr* convertAggregate(Expr* expr, const Type* to, ConversionContext context);
  Expr* arithmeticOperands(clang::SourceLocation loc, BinaryOp op, Expr*& lhs, Expr*& rhs, const Type*& operandType);
  const Type* combineShapes(const Type* a, const Type* b, ScalarKind element, bool* ok);
  bool shapeTo(const Type* from, const Type* to, bool& truncates);
  Expr* resolveOverload(clang::SourceLocation loc, const std::string& name, const std::vector<FunctionDecl*>& fns,
                        Expr* object, std::vector<Expr*> args);
  Expr* finishCall(clang::SourceLocation loc, FunctionDecl* fn, Expr* object, std::vector<Expr*> args);
  void checkRecursion();

  void declareBuiltins();

  PreprocessedUnit& unit_;
  FrontendOptions options_;
  StructDecl* heapResourceInfo_ = nullptr;
  StructDecl* heapSamplerInfo_ = nullptr;
  StructDecl* resourceHeapStruct_ = nullptr;
  StructDecl* samplerHeapStruct_ = nullptr;
  TranslationUnit& tu_;
  std::vector<Diagnostic> diagnostics_;
  size_t errorCount_ = 0;    // errors kept in diagnostics_
  size_t droppedErrors_ = 0;  // errors past the limit, not kept
  Scope* scope_ = nullptr;
  std::vector<std::unique_ptr<Scope>> scopes_;
  std::vector<std::pair<FunctionDecl*, FunctionDecl*>> callEdges_;  // caller -> callee
  std::vector<std::pair<FunctionDecl*, clang::SourceLocation>> callSites_;
};

}  // namespace sl::frontend
