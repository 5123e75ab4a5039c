#include "core/ir/Context.h"

#include <bit>
#include <cstring>

namespace sl::ir {
namespace {

// The interning key: a byte string that encodes every field of a definition.
class KeyWriter {
 public:
  void u32(uint32_t v) { key_.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void u64(uint64_t v) { key_.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void str(const std::string& s) {
    u32(static_cast<uint32_t>(s.size()));
    key_ += s;
  }
  void decorations(const std::vector<Decoration>& ds) {
    u32(static_cast<uint32_t>(ds.size()));
    for (const Decoration& d : ds) {
      u32(d.kind);
      u32(static_cast<uint32_t>(d.operands.size()));
      for (uint32_t o : d.operands) u32(o);
    }
  }
  std::string take() { return std::move(key_); }

 private:
  std::string key_;
};

std::string keyOf(const TypeDef& d) {
  KeyWriter k;
  k.u32(static_cast<uint32_t>(d.kind));
  k.u32(d.width);
  k.u32(d.isSigned);
  k.u32(d.element.index);
  k.u32(d.count);
  k.u32(d.lengthConst.index);
  k.u32(d.arrayStride);
  k.u32(d.storageClass);
  k.str(d.name);
  k.u32(static_cast<uint32_t>(d.members.size()));
  for (const StructMember& m : d.members) {
    k.str(m.name);
    k.u32(m.type.index);
    k.decorations(m.decorations);
  }
  k.decorations(d.decorations);
  k.u32(static_cast<uint32_t>(d.params.size()));
  for (Type p : d.params) k.u32(p.index);
  k.u32(d.image.dim);
  k.u32(d.image.depth);
  k.u32(d.image.arrayed);
  k.u32(d.image.multisampled);
  k.u32(d.image.sampled);
  k.u32(d.image.format);
  k.u32(static_cast<uint32_t>(d.resource));
  return k.take();
}

std::string keyOf(const ConstDef& d) {
  KeyWriter k;
  k.u32(static_cast<uint32_t>(d.kind));
  k.u32(d.type.index);
  k.u64(d.bits);
  k.u32(static_cast<uint32_t>(d.elements.size()));
  for (Const c : d.elements) k.u32(c.index);
  k.u32(d.specId);
  return k.take();
}

}  // namespace

const char* resourceKindName(ResourceKind kind) {
  switch (kind) {
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
    case ResourceKind::Buffer: return "Buffer";
    case ResourceKind::RWBuffer: return "RWBuffer";
    case ResourceKind::StructuredBuffer: return "StructuredBuffer";
    case ResourceKind::RWStructuredBuffer: return "RWStructuredBuffer";
    case ResourceKind::AppendStructuredBuffer: return "AppendStructuredBuffer";
    case ResourceKind::ConsumeStructuredBuffer: return "ConsumeStructuredBuffer";
    case ResourceKind::ByteAddressBuffer: return "ByteAddressBuffer";
    case ResourceKind::RWByteAddressBuffer: return "RWByteAddressBuffer";
    case ResourceKind::ConstantBuffer: return "ConstantBuffer";
    case ResourceKind::TextureBuffer: return "TextureBuffer";
    case ResourceKind::SamplerState: return "SamplerState";
    case ResourceKind::SamplerComparisonState: return "SamplerComparisonState";
    case ResourceKind::RaytracingAccelerationStructure: return "RaytracingAccelerationStructure";
    case ResourceKind::VkSampledTexture2D: return "vk::SampledTexture2D";
  }
  return "?";
}

Context::Context() = default;

Type Context::intern(const TypeDef& def) {
  std::string key = keyOf(def);
  auto it = typeIndex_.find(key);
  if (it != typeIndex_.end()) return Type(it->second);
  const uint32_t index = static_cast<uint32_t>(types_.size());
  types_.push_back(def);
  typeIndex_.emplace(std::move(key), index);
  return Type(index);
}

Type Context::voidType() { return intern({.kind = TypeKind::Void}); }
Type Context::boolType() { return intern({.kind = TypeKind::Bool}); }
Type Context::intType(uint32_t width, bool isSigned) {
  return intern({.kind = TypeKind::Int, .width = width, .isSigned = isSigned});
}
Type Context::floatType(uint32_t width) { return intern({.kind = TypeKind::Float, .width = width}); }
Type Context::vectorType(Type element, uint32_t count) {
  return intern({.kind = TypeKind::Vector, .element = element, .count = count});
}
Type Context::matrixType(Type column, uint32_t columns) {
  return intern({.kind = TypeKind::Matrix, .element = column, .count = columns});
}
Type Context::arrayType(Type element, uint32_t length, uint32_t stride) {
  return intern({.kind = TypeKind::Array, .element = element, .count = length, .arrayStride = stride});
}
Type Context::arrayTypeWithLength(Type element, Const length, uint32_t stride) {
  return intern({.kind = TypeKind::Array, .element = element, .lengthConst = length,
                 .arrayStride = stride});
}
Type Context::runtimeArrayType(Type element, uint32_t stride) {
  return intern({.kind = TypeKind::RuntimeArray, .element = element, .arrayStride = stride});
}
Type Context::structType(std::string name, std::vector<StructMember> members,
                         std::vector<Decoration> decorations) {
  TypeDef d;
  d.kind = TypeKind::Struct;
  d.name = std::move(name);
  d.members = std::move(members);
  d.decorations = std::move(decorations);
  return intern(d);
}
Type Context::pointerType(uint32_t storageClass, Type pointee) {
  return intern({.kind = TypeKind::Pointer, .element = pointee, .storageClass = storageClass});
}
Type Context::qptrType() { return intern({.kind = TypeKind::QPtr}); }
Type Context::functionType(Type returnType, std::vector<Type> params) {
  TypeDef d;
  d.kind = TypeKind::Function;
  d.element = returnType;
  d.params = std::move(params);
  return intern(d);
}
Type Context::imageType(Type sampledType, const ImageInfo& info) {
  TypeDef d;
  d.kind = TypeKind::Image;
  d.element = sampledType;
  d.image = info;
  return intern(d);
}
Type Context::samplerType() { return intern({.kind = TypeKind::Sampler}); }
Type Context::sampledImageType(Type image) {
  return intern({.kind = TypeKind::SampledImage, .element = image});
}
Type Context::accelerationStructureType() { return intern({.kind = TypeKind::AccelerationStructure}); }
Type Context::hlslResourceType(ResourceKind kind, Type element) {
  TypeDef d;
  d.kind = TypeKind::HlslResource;
  d.resource = kind;
  d.element = element;
  return intern(d);
}

Const Context::intern(const ConstDef& def) {
  std::string key = keyOf(def);
  auto it = constIndex_.find(key);
  if (it != constIndex_.end()) return Const(it->second);
  const uint32_t index = static_cast<uint32_t>(consts_.size());
  consts_.push_back(def);
  constIndex_.emplace(std::move(key), index);
  return Const(index);
}

Const Context::boolConst(bool value) {
  return intern({.kind = ConstKind::Scalar, .type = boolType(), .bits = value ? 1u : 0u});
}
Const Context::intConst(Type type, uint64_t bits) {
  const uint32_t width = def(type).width;
  if (width < 64) bits &= (uint64_t(1) << width) - 1;
  return intern({.kind = ConstKind::Scalar, .type = type, .bits = bits});
}
Const Context::f32(float value) {
  return intern({.kind = ConstKind::Scalar, .type = f32(), .bits = std::bit_cast<uint32_t>(value)});
}
Const Context::f64(double value) {
  return intern({.kind = ConstKind::Scalar, .type = floatType(64), .bits = std::bit_cast<uint64_t>(value)});
}
Const Context::composite(Type type, std::vector<Const> elements) {
  ConstDef d;
  d.kind = ConstKind::Composite;
  d.type = type;
  d.elements = std::move(elements);
  return intern(d);
}
Const Context::null(Type type) { return intern({.kind = ConstKind::Null, .type = type}); }
Const Context::undef(Type type) { return intern({.kind = ConstKind::Undef, .type = type}); }
Const Context::specConst(Type type, uint64_t defaultBits, uint32_t specId) {
  return intern({.kind = ConstKind::SpecScalar, .type = type, .bits = defaultBits, .specId = specId});
}

bool Context::isScalar(Type t) const {
  const TypeKind k = def(t).kind;
  return k == TypeKind::Bool || k == TypeKind::Int || k == TypeKind::Float;
}

bool Context::isNumericScalarOrVector(Type t) const {
  const TypeKind k = def(scalarOf(t)).kind;
  return k == TypeKind::Int || k == TypeKind::Float;
}

Type Context::scalarOf(Type t) const {
  return def(t).kind == TypeKind::Vector ? def(t).element : t;
}

uint32_t Context::componentCount(Type t) const {
  return def(t).kind == TypeKind::Vector ? def(t).count : 1;
}

}  // namespace sl::ir
