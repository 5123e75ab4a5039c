#include "core/frontend/Types.h"

#include "core/frontend/AST.h"

namespace sl::frontend {

std::string_view scalarName(ScalarKind kind) {
  switch (kind) {
    case ScalarKind::Bool: return "bool";
    case ScalarKind::Int: return "int";
    case ScalarKind::UInt: return "uint";
    case ScalarKind::Int64: return "int64_t";
    case ScalarKind::UInt64: return "uint64_t";
    case ScalarKind::Half: return "half";
    case ScalarKind::Float: return "float";
    case ScalarKind::Double: return "double";
    case ScalarKind::Int16: return "int16_t";
    case ScalarKind::UInt16: return "uint16_t";
    case ScalarKind::Float16: return "float16_t";
    case ScalarKind::Min16Float: return "min16float";
    case ScalarKind::Min16Int: return "min16int";
    case ScalarKind::Min16UInt: return "min16uint";
    case ScalarKind::LiteralInt: return "literal int";
    case ScalarKind::LiteralFloat: return "literal float";
  }
  return "?";
}

bool isFloatKind(ScalarKind k) {
  return k == ScalarKind::Half || k == ScalarKind::Float || k == ScalarKind::Double || k == ScalarKind::Float16 ||
         k == ScalarKind::Min16Float || k == ScalarKind::LiteralFloat;
}
bool isIntKind(ScalarKind k) { return k != ScalarKind::Bool && !isFloatKind(k); }
bool isUnsignedKind(ScalarKind k) {
  return k == ScalarKind::UInt || k == ScalarKind::UInt64 || k == ScalarKind::UInt16 || k == ScalarKind::Min16UInt;
}
bool isLiteralKind(ScalarKind k) { return k == ScalarKind::LiteralInt || k == ScalarKind::LiteralFloat; }
bool isMinPrecisionKind(ScalarKind k) {
  return k == ScalarKind::Min16Float || k == ScalarKind::Min16Int || k == ScalarKind::Min16UInt;
}
unsigned bitWidth(ScalarKind k) {
  switch (k) {
    case ScalarKind::Bool: return 1;
    case ScalarKind::Int16: case ScalarKind::UInt16: case ScalarKind::Float16:
    case ScalarKind::Min16Float: case ScalarKind::Min16Int: case ScalarKind::Min16UInt: return 16;
    case ScalarKind::Int64: case ScalarKind::UInt64: case ScalarKind::Double: return 64;
    case ScalarKind::LiteralInt: case ScalarKind::LiteralFloat: return 64;
    default: return 32;
  }
}

std::string_view resourceKindName(ResourceKind kind) {
  switch (kind) {
    case ResourceKind::Buffer: return "Buffer";
    case ResourceKind::RWBuffer: return "RWBuffer";
    case ResourceKind::StructuredBuffer: return "StructuredBuffer";
    case ResourceKind::RWStructuredBuffer: return "RWStructuredBuffer";
    case ResourceKind::AppendStructuredBuffer: return "AppendStructuredBuffer";
    case ResourceKind::ConsumeStructuredBuffer: return "ConsumeStructuredBuffer";
    case ResourceKind::ByteAddressBuffer: return "ByteAddressBuffer";
    case ResourceKind::RWByteAddressBuffer: return "RWByteAddressBuffer";
    case ResourceKind::Texture1D: return "Texture1D";
    case ResourceKind::Texture1DArray: return "Texture1DArray";
    case ResourceKind::Texture2D: return "Texture2D";
    case ResourceKind::Texture2DArray: return "Texture2DArray";
    case ResourceKind::Texture2DMS: return "Texture2DMS";
    case ResourceKind::Texture2DMSArray: return "Texture2DMSArray";
    case ResourceKind::Texture3D: return "Texture3D";
    case ResourceKind::TextureCube: return "TextureCube";
    case ResourceKind::TextureCubeArray: return "TextureCubeArray";
    case ResourceKind::RWTexture1D: return "RWTexture1D";
    case ResourceKind::RWTexture1DArray: return "RWTexture1DArray";
    case ResourceKind::RWTexture2D: return "RWTexture2D";
    case ResourceKind::RWTexture2DArray: return "RWTexture2DArray";
    case ResourceKind::RWTexture3D: return "RWTexture3D";
    case ResourceKind::ConstantBuffer: return "ConstantBuffer";
    case ResourceKind::TextureBuffer: return "TextureBuffer";
    case ResourceKind::SamplerState: return "SamplerState";
    case ResourceKind::SamplerComparisonState: return "SamplerComparisonState";
    case ResourceKind::RaytracingAccelerationStructure: return "RaytracingAccelerationStructure";
    case ResourceKind::RayQuery: return "RayQuery";
    case ResourceKind::VkSampledTexture2D: return "vk::SampledTexture2D";
  }
  return "?";
}

std::string_view resourceMethodTable(ResourceKind kind) {
  switch (kind) {
    case ResourceKind::Buffer: return "BufferMethods";
    case ResourceKind::RWBuffer: return "RWBufferMethods";
    case ResourceKind::StructuredBuffer: return "StructuredBufferMethods";
    case ResourceKind::RWStructuredBuffer: return "RWStructuredBufferMethods";
    case ResourceKind::AppendStructuredBuffer: return "AppendStructuredBufferMethods";
    case ResourceKind::ConsumeStructuredBuffer: return "ConsumeStructuredBufferMethods";
    case ResourceKind::ByteAddressBuffer: return "ByteAddressBufferMethods";
    case ResourceKind::RWByteAddressBuffer: return "RWByteAddressBufferMethods";
    case ResourceKind::Texture1D: return "Texture1DMethods";
    case ResourceKind::Texture1DArray: return "Texture1DArrayMethods";
    case ResourceKind::Texture2D: return "Texture2DMethods";
    case ResourceKind::Texture2DArray: return "Texture2DArrayMethods";
    case ResourceKind::Texture2DMS: return "Texture2DMSMethods";
    case ResourceKind::Texture2DMSArray: return "Texture2DArrayMSMethods";
    case ResourceKind::Texture3D: return "Texture3DMethods";
    case ResourceKind::TextureCube: return "TextureCUBEMethods";
    case ResourceKind::TextureCubeArray: return "TextureCUBEArrayMethods";
    case ResourceKind::RWTexture1D: return "RWTexture1DMethods";
    case ResourceKind::RWTexture1DArray: return "RWTexture1DArrayMethods";
    case ResourceKind::RWTexture2D: return "RWTexture2DMethods";
    case ResourceKind::RWTexture2DArray: return "RWTexture2DArrayMethods";
    case ResourceKind::RWTexture3D: return "RWTexture3DMethods";
    case ResourceKind::RayQuery: return "RayQueryMethods";
    case ResourceKind::VkSampledTexture2D: return "VkSampledTexture2DMethods";
    default: return "";
  }
}

bool resourceIsWritable(ResourceKind kind) {
  switch (kind) {
    case ResourceKind::RWBuffer: case ResourceKind::RWStructuredBuffer: case ResourceKind::AppendStructuredBuffer:
    case ResourceKind::ConsumeStructuredBuffer: case ResourceKind::RWByteAddressBuffer:
    case ResourceKind::RWTexture1D: case ResourceKind::RWTexture1DArray: case ResourceKind::RWTexture2D:
    case ResourceKind::RWTexture2DArray: case ResourceKind::RWTexture3D: return true;
    default: return false;
  }
}

bool resourceIsSampler(ResourceKind kind) {
  return kind == ResourceKind::SamplerState || kind == ResourceKind::SamplerComparisonState;
}

bool resourceHasElementType(ResourceKind kind) {
  switch (kind) {
    case ResourceKind::ByteAddressBuffer: case ResourceKind::RWByteAddressBuffer: case ResourceKind::SamplerState:
    case ResourceKind::SamplerComparisonState: case ResourceKind::RaytracingAccelerationStructure:
    case ResourceKind::RayQuery: return false;
    default: return true;
  }
}

unsigned resourceIndexDimension(ResourceKind kind) {
  switch (kind) {
    case ResourceKind::Texture1DArray: case ResourceKind::RWTexture1DArray: case ResourceKind::Texture2D:
    case ResourceKind::RWTexture2D: case ResourceKind::Texture2DMS: case ResourceKind::VkSampledTexture2D: return 2;
    case ResourceKind::Texture2DArray: case ResourceKind::RWTexture2DArray: case ResourceKind::Texture3D:
    case ResourceKind::RWTexture3D: case ResourceKind::Texture2DMSArray: return 3;
    default: return 1;
  }
}

TypeContext::TypeContext() {
  Type e;
  e.kind = TypeKind::Error;
  error_ = intern(e);
  Type v;
  v.kind = TypeKind::Void;
  void_ = intern(v);
  Type s;
  s.kind = TypeKind::String;
  string_ = intern(s);
}

static_assert(size_t(ScalarKind::LiteralFloat) < 16, "TypeContext::kScalarKinds holds every ScalarKind");

TypeContext::Key TypeContext::keyOf(const Type& t) {
  return {t.kind, t.scalar, t.rows, t.cols, t.resource, t.element, t.arraySize, t.record, t.enumDecl};
}

size_t TypeContext::KeyHash::operator()(const Key& k) const {
  auto mix = [](size_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ull; };
  size_t h = 0xcbf29ce484222325ull;
  h = mix(h, uint64_t(k.kind) | uint64_t(k.scalar) << 8 | uint64_t(k.rows) << 16 | uint64_t(k.cols) << 24 |
                 uint64_t(k.resource) << 32);
  h = mix(h, reinterpret_cast<uintptr_t>(k.element));
  h = mix(h, k.arraySize);
  h = mix(h, reinterpret_cast<uintptr_t>(k.record));
  h = mix(h, reinterpret_cast<uintptr_t>(k.enumDecl));
  return h ^ (h >> 29);
}

const Type* TypeContext::intern(const Type& t) {
  // Scalar, vector and matrix types with nothing else set: the table.
  size_t slot = numeric_.size();
  if (t.isNumeric() && size_t(t.scalar) < kScalarKinds && t.rows <= 4 && t.cols <= 4 && !t.element && !t.arraySize &&
      !t.record && !t.enumDecl && t.resource == Type{}.resource) {
    const size_t shape = t.kind == TypeKind::Scalar ? 0 : t.kind == TypeKind::Vector ? 1 : 2;
    slot = ((shape * kScalarKinds + size_t(t.scalar)) * 5 + t.rows) * 5 + t.cols;
    if (const Type* known = numeric_[slot]) return known;
  }
  const Key key = keyOf(t);
  auto it = byKey_.find(key);
  if (it == byKey_.end()) {
    storage_.push_back(t);
    it = byKey_.emplace(key, &storage_.back()).first;
  }
  if (slot < numeric_.size()) numeric_[slot] = it->second;
  return it->second;
}

const Type* TypeContext::scalar(ScalarKind kind) {
  Type t;
  t.kind = TypeKind::Scalar;
  t.scalar = kind;
  return intern(t);
}
const Type* TypeContext::vector(ScalarKind kind, unsigned n) {
  Type t;
  t.kind = TypeKind::Vector;
  t.scalar = kind;
  t.cols = uint8_t(n);
  return intern(t);
}
const Type* TypeContext::matrix(ScalarKind kind, unsigned rows, unsigned cols) {
  Type t;
  t.kind = TypeKind::Matrix;
  t.scalar = kind;
  t.rows = uint8_t(rows);
  t.cols = uint8_t(cols);
  return intern(t);
}
const Type* TypeContext::withElement(const Type* shape, ScalarKind kind) {
  if (shape->isVector()) return vector(kind, shape->cols);
  if (shape->isMatrix()) return matrix(kind, shape->rows, shape->cols);
  return scalar(kind);
}
const Type* TypeContext::array(const Type* element, uint32_t size) {
  Type t;
  t.kind = TypeKind::Array;
  t.element = element;
  t.arraySize = size;
  return intern(t);
}
const Type* TypeContext::structType(StructDecl* decl) {
  Type t;
  t.kind = TypeKind::Struct;
  t.record = decl;
  return intern(t);
}
const Type* TypeContext::enumType(EnumDecl* decl) {
  Type t;
  t.kind = TypeKind::Enum;
  t.enumDecl = decl;
  t.scalar = ScalarKind::Int;
  return intern(t);
}
const Type* TypeContext::resource(ResourceKind kind, const Type* element, uint32_t flags) {
  Type t;
  t.kind = TypeKind::Resource;
  t.resource = kind;
  t.element = element;
  t.arraySize = flags;
  return intern(t);
}
const Type* TypeContext::elementOf(const Type* type) {
  if (type->isNumeric()) return scalar(type->scalar);
  return type;
}

std::string typeName(const Type* type) {
  if (!type) return "<null>";
  switch (type->kind) {
    case TypeKind::Error: return "<error>";
    case TypeKind::Void: return "void";
    case TypeKind::String: return "string";
    case TypeKind::Scalar: return std::string(scalarName(type->scalar));
    case TypeKind::Vector: return std::string(scalarName(type->scalar)) + std::to_string(type->cols);
    case TypeKind::Matrix:
      return std::string(scalarName(type->scalar)) + std::to_string(type->rows) + "x" + std::to_string(type->cols);
    case TypeKind::Array: {
      // Print `float[2][3]` for an array of 2 arrays of 3.
      std::string dims;
      const Type* t = type;
      while (t->isArray()) {
        dims += "[" + (t->arraySize ? std::to_string(t->arraySize) : std::string()) + "]";
        t = t->element;
      }
      return typeName(t) + dims;
    }
    case TypeKind::Struct:
      return type->record ? (type->record->qualifiedName.empty() ? type->record->name : type->record->qualifiedName)
                          : "struct";
    case TypeKind::Enum: return type->enumDecl ? type->enumDecl->qualifiedName : "enum";
    case TypeKind::Resource: {
      std::string name(resourceKindName(type->resource));
      if (isRasterizerOrdered(type)) name = "RasterizerOrdered" + name.substr(name.rfind("RW", 0) == 0 ? 2 : 0);
      if (type->element) name += "<" + typeName(type->element) + ">";
      if (type->resource == ResourceKind::RayQuery) name += "<" + std::to_string(type->arraySize) + ">";
      return name;
    }
  }
  return "?";
}

unsigned flattenedCount(const Type* type) {
  switch (type->kind) {
    case TypeKind::Scalar: case TypeKind::Vector: case TypeKind::Matrix: return type->elementCount();
    case TypeKind::Enum: return 1;
    case TypeKind::Array: return type->arraySize * flattenedCount(type->element);
    case TypeKind::Struct: {
      const StructDecl* rec = type->record;
      if (rec && rec->flattenedCountMemo >= 0) return unsigned(rec->flattenedCountMemo);
      unsigned n = 0;
      for (StructDecl* r = type->record; r; r = r->base)
        for (VarDecl* f : r->fields) n += flattenedCount(f->type);
      if (rec && rec->complete) rec->flattenedCountMemo = n;
      return n;
    }
    case TypeKind::Resource: return 1;
    default: return 0;
  }
}

void flattenLeaves(const Type* type, std::vector<const Type*>& out, TypeContext& types) {
  switch (type->kind) {
    case TypeKind::Scalar: case TypeKind::Vector: case TypeKind::Matrix:
      for (unsigned i = 0; i < type->elementCount(); ++i) out.push_back(types.scalar(type->scalar));
      return;
    case TypeKind::Array:
      for (uint32_t i = 0; i < type->arraySize; ++i) flattenLeaves(type->element, out, types);
      return;
    case TypeKind::Struct:
      if (type->record->base) flattenLeaves(types.structType(type->record->base), out, types);
      for (VarDecl* f : type->record->fields) flattenLeaves(f->type, out, types);
      return;
    default: out.push_back(type); return;
  }
}

bool containsResource(const Type* type) {
  if (type->isResource()) return true;
  if (type->isArray()) return containsResource(type->element);
  if (type->isStruct() && type->record) {
    const StructDecl* rec = type->record;
    if (rec->containsResourceMemo >= 0) return rec->containsResourceMemo == 1;
    bool found = false;
    for (StructDecl* r = type->record; r && !found; r = r->base)
      for (VarDecl* f : r->fields)
        if (containsResource(f->type)) {
          found = true;
          break;
        }
    if (rec->complete) rec->containsResourceMemo = found ? 1 : 0;
    return found;
  }
  return false;
}

}  // namespace sl::frontend
