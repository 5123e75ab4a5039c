// HLSL types of the front end. Types are interned by TypeContext, so two types are equal exactly
// when their pointers are equal (matrix layout and constness are not part of the type: layout is a
// declaration property, constness a property of the expression/declaration).
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sl::frontend {

struct StructDecl;
struct EnumDecl;

// Element kinds of numeric types. The two literal kinds are the unspellable types of unsuffixed
// literals (hlsl-semantics.md §3.1); they become concrete when a context needs them.
enum class ScalarKind : uint8_t {
  Bool,
  Int,
  UInt,
  Int64,
  UInt64,
  Half,  // 32-bit "partial precision" unless -enable-16bit-types, then identical to Float16
  Float,
  Double,
  Int16,
  UInt16,
  Float16,
  Min16Float,
  Min16Int,
  Min16UInt,
  LiteralInt,
  LiteralFloat,
};

std::string_view scalarName(ScalarKind kind);
bool isFloatKind(ScalarKind kind);
bool isIntKind(ScalarKind kind);  // integers of any width, min-precision and literal ints (not bool)
bool isUnsignedKind(ScalarKind kind);
bool isLiteralKind(ScalarKind kind);
bool isMinPrecisionKind(ScalarKind kind);
// Width in bits as DXC ranks it for conversions (literal kinds rank widest; min16 rank 16).
unsigned bitWidth(ScalarKind kind);

enum class TypeKind : uint8_t {
  Error,  // the type of an expression that already produced a diagnostic
  Void,
  Scalar,
  Vector,
  Matrix,
  Array,
  Struct,
  Enum,
  Resource,
  String,
};

// Resource and sampler object kinds (hlsl-spirv.md §1).
enum class ResourceKind : uint8_t {
  Buffer,
  RWBuffer,
  StructuredBuffer,
  RWStructuredBuffer,
  AppendStructuredBuffer,
  ConsumeStructuredBuffer,
  ByteAddressBuffer,
  RWByteAddressBuffer,
  Texture1D,
  Texture1DArray,
  Texture2D,
  Texture2DArray,
  Texture2DMS,
  Texture2DMSArray,
  Texture3D,
  TextureCube,
  TextureCubeArray,
  RWTexture1D,
  RWTexture1DArray,
  RWTexture2D,
  RWTexture2DArray,
  RWTexture3D,
  ConstantBuffer,
  TextureBuffer,
  SamplerState,
  SamplerComparisonState,
  RaytracingAccelerationStructure,
  RayQuery,  // RayQuery<flags>: the flags are Type::arraySize
  VkSampledTexture2D,  // vk::SampledTexture2D<T>: a combined image-sampler (hlsl-spirv.md)
};

std::string_view resourceKindName(ResourceKind kind);
// Type::arraySize of a RasterizerOrdered* resource (its kind is the RW* one it behaves as).
inline constexpr uint32_t kRasterizerOrdered = 1;
// Name of the method table in hlsl-intrinsics.tsv ("Texture2DMethods"), or "" when none.
std::string_view resourceMethodTable(ResourceKind kind);
bool resourceIsWritable(ResourceKind kind);
bool resourceIsSampler(ResourceKind kind);
// Whether the kind takes a template argument (and its default when written bare).
bool resourceHasElementType(ResourceKind kind);
// Coordinate dimension used by operator[] (1 for buffers, 2 for Texture2D, 3 for arrays of 2D...).
unsigned resourceIndexDimension(ResourceKind kind);

struct Type {
  TypeKind kind = TypeKind::Error;
  ScalarKind scalar = ScalarKind::Float;  // element kind of Scalar/Vector/Matrix
  uint8_t rows = 1, cols = 1;             // Vector: cols = N; Matrix: rows x cols
  ResourceKind resource = ResourceKind::Buffer;
  const Type* element = nullptr;  // Array element; Resource template argument
  uint32_t arraySize = 0;         // 0 = unsized array
  StructDecl* record = nullptr;
  EnumDecl* enumDecl = nullptr;

  bool isError() const { return kind == TypeKind::Error; }
  bool isVoid() const { return kind == TypeKind::Void; }
  bool isScalar() const { return kind == TypeKind::Scalar; }
  bool isVector() const { return kind == TypeKind::Vector; }
  bool isMatrix() const { return kind == TypeKind::Matrix; }
  bool isArray() const { return kind == TypeKind::Array; }
  bool isStruct() const { return kind == TypeKind::Struct; }
  bool isEnum() const { return kind == TypeKind::Enum; }
  bool isResource() const { return kind == TypeKind::Resource; }
  // Scalar, vector or matrix: the things operators work on element-wise.
  bool isNumeric() const { return kind == TypeKind::Scalar || kind == TypeKind::Vector || kind == TypeKind::Matrix; }
  bool isAggregate() const { return kind == TypeKind::Array || kind == TypeKind::Struct; }
  bool isLiteral() const { return isNumeric() && isLiteralKind(scalar); }
  unsigned elementCount() const { return isNumeric() ? unsigned(rows) * cols : 1; }
  // Scalar, T1 and T1x1: the shapes that splat.
  bool isOneElement() const { return isNumeric() && rows * cols == 1; }
};

inline bool isRasterizerOrdered(const Type* t) {
  return t->isResource() && t->resource != ResourceKind::RayQuery && t->arraySize == kRasterizerOrdered;
}

// Owns and interns every type of a compilation.
class TypeContext {
public:
  TypeContext();
  const Type* error() const { return error_; }
  const Type* voidType() const { return void_; }
  const Type* string() const { return string_; }
  const Type* scalar(ScalarKind kind);
  const Type* vector(ScalarKind kind, unsigned n);
  const Type* matrix(ScalarKind kind, unsigned rows, unsigned cols);
  // Scalar, vector or matrix with the shape of `shape` and element `kind`.
  const Type* withElement(const Type* shape, ScalarKind kind);
  const Type* array(const Type* element, uint32_t size);
  const Type* structType(StructDecl* decl);
  const Type* enumType(EnumDecl* decl);
  const Type* resource(ResourceKind kind, const Type* element, uint32_t flags = 0);
  const Type* boolType() { return scalar(ScalarKind::Bool); }
  const Type* intType() { return scalar(ScalarKind::Int); }
  const Type* uintType() { return scalar(ScalarKind::UInt); }
  const Type* floatType() { return scalar(ScalarKind::Float); }

  // Element type of a numeric type; the type itself for others.
  const Type* elementOf(const Type* type);

private:
  // What makes two types the same type (every field of Type).
  struct Key {
    TypeKind kind;
    ScalarKind scalar;
    uint8_t rows, cols;
    ResourceKind resource;
    const Type* element;
    uint32_t arraySize;
    const StructDecl* record;
    const EnumDecl* enumDecl;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    size_t operator()(const Key& k) const;
  };
  static Key keyOf(const Type& type);
  const Type* intern(const Type& type);
  std::deque<Type> storage_;
  // Interning runs for every typed expression of Sema: a hash lookup of the fields, with the
  // numeric types (the most asked for) in a table indexed by kind, element, rows and columns.
  std::unordered_map<Key, const Type*, KeyHash> byKey_;
  static constexpr size_t kScalarKinds = 16;
  std::vector<const Type*> numeric_ = std::vector<const Type*>(3 * kScalarKinds * 5 * 5, nullptr);
  const Type* error_;
  const Type* void_;
  const Type* string_;
};

// Spelling used in diagnostics and the AST dump: "float4", "float2x3", "literal int",
// "RWStructuredBuffer<S>", "float[4]", "S".
std::string typeName(const Type* type);

// Number of scalar elements after HLSL flattening (arrays and structs expanded), 0 for objects.
unsigned flattenedCount(const Type* type);
// Appends the flattened leaf types (scalars, and objects as themselves).
void flattenLeaves(const Type* type, std::vector<const Type*>& out, TypeContext& types);
bool containsResource(const Type* type);

}  // namespace sl::frontend
