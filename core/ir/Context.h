// The Context interns types and constants: equal definitions give the same handle, so handles
// compare by value. One Context may be shared by several Modules (e.g. one per pass, for the
// side-by-side views), which is why it is separate from Module.
#pragma once

#include "core/ir/Attrs.h"
#include "core/support/StableVector.h"
#include "core/ir/Handle.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace sl::ir {

enum class TypeKind : uint8_t {
  Void,
  Bool,
  Int,
  Float,
  Vector,
  Matrix,
  Array,
  RuntimeArray,
  Struct,
  Pointer,
  QPtr,  // SPIR-T's untyped pointer: no pointee, no address space
  Function,
  Image,
  Sampler,
  SampledImage,
  AccelerationStructure,
  HlslResource,  // an HLSL resource handle before legalization (e.g. RWStructuredBuffer<uint>)
};

// HLSL resource kinds for TypeKind::HlslResource.
enum class ResourceKind : uint8_t {
  Texture1D, Texture1DArray, Texture2D, Texture2DArray, Texture2DMS, Texture2DMSArray, Texture3D,
  TextureCube, TextureCubeArray,
  RWTexture1D, RWTexture1DArray, RWTexture2D, RWTexture2DArray, RWTexture3D,
  Buffer, RWBuffer,
  StructuredBuffer, RWStructuredBuffer, AppendStructuredBuffer, ConsumeStructuredBuffer,
  ByteAddressBuffer, RWByteAddressBuffer,
  ConstantBuffer, TextureBuffer,
  SamplerState, SamplerComparisonState,
  RaytracingAccelerationStructure,
  VkSampledTexture2D,  // combined image-sampler: OpTypeSampledImage of a 2D sampled image
};
const char* resourceKindName(ResourceKind kind);

// Image operands exactly as OpTypeImage takes them.
struct ImageInfo {
  uint32_t dim = 1;      // spv::Dim
  uint32_t depth = 2;    // 0 no, 1 yes, 2 unknown
  uint32_t arrayed = 0;
  uint32_t multisampled = 0;
  uint32_t sampled = 1;  // 1 sampled, 2 storage
  uint32_t format = 0;   // spv::ImageFormat
  friend bool operator==(const ImageInfo&, const ImageInfo&) = default;
};

struct StructMember {
  std::string name;
  Type type;
  std::vector<Decoration> decorations;  // Offset, MatrixStride, RowMajor, NonWritable, BuiltIn...
  friend bool operator==(const StructMember&, const StructMember&) = default;
};

struct TypeDef {
  TypeKind kind = TypeKind::Void;
  uint32_t width = 0;      // Int, Float
  bool isSigned = false;   // Int
  // Vector/Matrix/Array/RuntimeArray element (a Matrix's element is its column vector),
  // Pointer pointee, SampledImage image, Image sampled type, Function return type,
  // HlslResource element type (invalid for samplers and acceleration structures).
  Type element;
  uint32_t count = 0;         // Vector components, Matrix columns, Array length
  Const lengthConst;          // Array: a (spec) constant length instead of `count`
  uint32_t arrayStride = 0;   // Array/RuntimeArray ArrayStride decoration; 0 = none
  uint32_t storageClass = 0;  // Pointer
  std::string name;           // Struct (OpName)
  std::vector<StructMember> members;     // Struct
  std::vector<Decoration> decorations;   // Struct: Block, BufferBlock
  std::vector<Type> params;   // Function
  ImageInfo image;            // Image
  ResourceKind resource = ResourceKind::Texture2D;  // HlslResource

  friend bool operator==(const TypeDef&, const TypeDef&) = default;
};

enum class ConstKind : uint8_t {
  Scalar,      // bool/int/float; `bits` holds the value (floats as their IEEE bits)
  Composite,   // vector, matrix, array or struct of `elements`
  Null,        // OpConstantNull
  Undef,       // OpUndef (a constant so it can be used anywhere)
  SpecScalar,  // OpSpecConstant{,True,False} with SpecId `specId`; `bits` is the default
};

struct ConstDef {
  ConstKind kind = ConstKind::Scalar;
  Type type;
  uint64_t bits = 0;
  std::vector<Const> elements;
  uint32_t specId = 0;
  friend bool operator==(const ConstDef&, const ConstDef&) = default;
};

class Context {
 public:
  Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  // Types.
  Type intern(const TypeDef& def);
  const TypeDef& def(Type type) const { return types_[type.index]; }
  size_t typeCount() const { return types_.size(); }

  Type voidType();
  Type boolType();
  Type intType(uint32_t width, bool isSigned);
  Type u32() { return intType(32, false); }
  Type s32() { return intType(32, true); }
  Type floatType(uint32_t width);
  Type f32() { return floatType(32); }
  Type vectorType(Type element, uint32_t count);
  Type matrixType(Type column, uint32_t columns);
  Type arrayType(Type element, uint32_t length, uint32_t stride = 0);
  Type arrayTypeWithLength(Type element, Const length, uint32_t stride = 0);
  Type runtimeArrayType(Type element, uint32_t stride = 0);
  Type structType(std::string name, std::vector<StructMember> members,
                  std::vector<Decoration> decorations = {});
  Type pointerType(uint32_t storageClass, Type pointee);
  Type qptrType();
  Type functionType(Type returnType, std::vector<Type> params);
  Type imageType(Type sampledType, const ImageInfo& info);
  Type samplerType();
  Type sampledImageType(Type image);
  Type accelerationStructureType();
  Type hlslResourceType(ResourceKind kind, Type element);

  // Constants.
  Const intern(const ConstDef& def);
  const ConstDef& def(Const c) const { return consts_[c.index]; }
  Type typeOf(Const c) const { return consts_[c.index].type; }
  size_t constCount() const { return consts_.size(); }

  Const boolConst(bool value);
  Const intConst(Type type, uint64_t bits);  // bits are truncated to the type's width
  Const u32(uint32_t value) { return intConst(u32(), value); }
  Const s32(int32_t value) { return intConst(s32(), static_cast<uint32_t>(value)); }
  Const f32(float value);
  Const f64(double value);
  Const composite(Type type, std::vector<Const> elements);
  Const null(Type type);
  Const undef(Type type);
  Const specConst(Type type, uint64_t defaultBits, uint32_t specId);

  // Queries.
  bool isScalar(Type t) const;
  bool isNumericScalarOrVector(Type t) const;
  // The scalar type of a scalar or vector; `t` itself for scalars.
  Type scalarOf(Type t) const;
  uint32_t componentCount(Type t) const;  // 1 for scalars, N for vectors

 private:
  // Stable: interning appends without moving earlier definitions, so a `const TypeDef&` or
  // `const ConstDef&` from def() stays valid while new types and constants are created.
  StableVector<TypeDef> types_;
  std::unordered_map<std::string, uint32_t> typeIndex_;
  StableVector<ConstDef> consts_;
  std::unordered_map<std::string, uint32_t> constIndex_;
};

}  // namespace sl::ir
