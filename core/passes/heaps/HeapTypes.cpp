#include "core/passes/heaps/HeapTypes.h"

#include <spirv/unified1/spirv.hpp>

namespace sl::passes::heaps {

using ir::ResourceKind;
using ir::Type;
using ir::TypeDef;
using ir::TypeKind;

namespace {

// A scalar or vector of 32-bit components: the elements a typed view reads like a storage buffer.
bool is32BitScalarOrVector(const ir::Context& cx, Type t) {
  const TypeDef& d = cx.def(t);
  const TypeDef& e = d.kind == TypeKind::Vector ? cx.def(d.element) : d;
  return (e.kind == TypeKind::Int || e.kind == TypeKind::Float) && e.width == 32;
}

std::string typeName(const ir::Context& cx, Type t) {
  if (!t.valid()) return "";
  const TypeDef& d = cx.def(t);
  switch (d.kind) {
    case TypeKind::Int: return d.width == 32 ? (d.isSigned ? "int" : "uint") : (d.isSigned ? "int" : "uint") + std::to_string(d.width) + "_t";
    case TypeKind::Float: return d.width == 32 ? "float" : d.width == 16 ? "half" : "double";
    case TypeKind::Bool: return "bool";
    case TypeKind::Vector: return typeName(cx, d.element) + std::to_string(d.count);
    case TypeKind::Struct: return d.name.empty() ? "struct" : d.name;
    case TypeKind::Array: return typeName(cx, d.element) + "[" + std::to_string(d.count) + "]";
    default: return "?";
  }
}

bool isTexture(ResourceKind k) {
  return k <= ResourceKind::RWTexture3D;
}
bool isRWTexture(ResourceKind k) {
  return k >= ResourceKind::RWTexture1D && k <= ResourceKind::RWTexture3D;
}

// The runtime array member of a buffer block whose elements need no layout of their own.
ir::StructMember dataMember(ir::Context& cx, Type element, uint32_t stride) {
  return {"data", cx.runtimeArrayType(element, stride), {{spv::DecorationOffset, {0}}}};
}

// A Block struct with one runtime array member (structured/byte-address/typed-as-storage buffers).
Type bufferBlock(ir::Context& cx, const std::string& name, ir::StructMember member, bool writable,
                 const HeapOptions& options) {
  if (!writable) member.decorations.push_back({spv::DecorationNonWritable, {}});
  const uint32_t blockDecoration = options.storageBufferClass ? spv::DecorationBlock : spv::DecorationBufferBlock;
  return cx.structType(name, {member}, {{blockDecoration, {}}});
}

// The OpTypeImage format for a typed buffer/texture element (Unknown for 3 components).
uint32_t imageFormatFor(const ir::Context& cx, Type element) {
  const TypeDef& d = cx.def(element);
  const TypeDef& s = d.kind == TypeKind::Vector ? cx.def(d.element) : d;
  const uint32_t n = d.kind == TypeKind::Vector ? d.count : 1;
  if (s.width != 32) return spv::ImageFormatUnknown;
  const bool f = s.kind == TypeKind::Float, i = s.kind == TypeKind::Int && s.isSigned;
  switch (n) {
    case 1: return f ? spv::ImageFormatR32f : i ? spv::ImageFormatR32i : spv::ImageFormatR32ui;
    case 2: return f ? spv::ImageFormatRg32f : i ? spv::ImageFormatRg32i : spv::ImageFormatRg32ui;
    case 4: return f ? spv::ImageFormatRgba32f : i ? spv::ImageFormatRgba32i : spv::ImageFormatRgba32ui;
    default: return spv::ImageFormatUnknown;
  }
}

ir::ImageInfo textureInfo(ResourceKind k) {
  ir::ImageInfo info;
  switch (k) {
    case ResourceKind::Texture1D: case ResourceKind::RWTexture1D: info.dim = spv::Dim1D; break;
    case ResourceKind::Texture1DArray: case ResourceKind::RWTexture1DArray: info.dim = spv::Dim1D; info.arrayed = 1; break;
    case ResourceKind::Texture2D: case ResourceKind::RWTexture2D: info.dim = spv::Dim2D; break;
    case ResourceKind::Texture2DArray: case ResourceKind::RWTexture2DArray: info.dim = spv::Dim2D; info.arrayed = 1; break;
    case ResourceKind::Texture2DMS: info.dim = spv::Dim2D; info.multisampled = 1; break;
    case ResourceKind::Texture2DMSArray: info.dim = spv::Dim2D; info.multisampled = 1; info.arrayed = 1; break;
    case ResourceKind::Texture3D: case ResourceKind::RWTexture3D: info.dim = spv::Dim3D; break;
    case ResourceKind::TextureCube: info.dim = spv::DimCube; break;
    case ResourceKind::TextureCubeArray: info.dim = spv::DimCube; info.arrayed = 1; break;
    default: break;
  }
  info.depth = 2;
  return info;
}

}  // namespace

std::string resourceTypeName(const ir::Context& cx, Type resource) {
  const TypeDef& d = cx.def(resource);
  std::string name = ir::resourceKindName(d.resource);
  if (d.element.valid() && d.resource != ResourceKind::ByteAddressBuffer && d.resource != ResourceKind::RWByteAddressBuffer)
    name += "<" + typeName(cx, d.element) + ">";
  return name;
}

HeapShape shapeOf(ir::Context& cx, Type resource, bool counter, const HeapOptions& options) {
  HeapShape s;
  const TypeDef d = cx.def(resource);
  if (d.kind != TypeKind::HlslResource) {
    s.error = "the handle's type is not an hlsl.resource type";
    return s;
  }
  const ResourceKind k = d.resource;
  const bool portable = options.form == HeapForm::Portable;
  const uint32_t bufferClass = options.storageBufferClass ? spv::StorageClassStorageBuffer : spv::StorageClassUniform;
  const std::string name = resourceTypeName(cx, resource);

  if (counter) {
    if (k != ResourceKind::RWStructuredBuffer && k != ResourceKind::AppendStructuredBuffer &&
        k != ResourceKind::ConsumeStructuredBuffer) {
      s.error = name + " has no counter";
      return s;
    }
    s.heap = HeapKind::Counter;
    s.writable = true;
    s.storageClass = bufferClass;
    const uint32_t blockDecoration = options.storageBufferClass ? spv::DecorationBlock : spv::DecorationBufferBlock;
    s.descriptorType = cx.structType("type_ACSBuffer_counter", {{"counter", cx.s32(), {{spv::DecorationOffset, {0}}}}},
                                     {{blockDecoration, {}}});
    return s;
  }

  switch (k) {
    case ResourceKind::StructuredBuffer:
    case ResourceKind::RWStructuredBuffer:
    case ResourceKind::AppendStructuredBuffer:
    case ResourceKind::ConsumeStructuredBuffer: {
      // The element under the module's buffer layout rule, as a declared structured buffer's.
      ir::StructMember member = LayoutBuilder(cx, options.bufferRule, options.rowMajorByDefault).bufferDataMember("data", d.element);
      s.writable = k != ResourceKind::StructuredBuffer;
      s.stride = cx.def(member.type).arrayStride;
      s.storageClass = bufferClass;
      s.descriptorType = bufferBlock(cx, "type_" + name, std::move(member), s.writable, options);
      return s;
    }
    case ResourceKind::ByteAddressBuffer:
    case ResourceKind::RWByteAddressBuffer:
      s.writable = k == ResourceKind::RWByteAddressBuffer;
      s.stride = 4;
      s.storageClass = bufferClass;
      s.descriptorType = bufferBlock(cx, s.writable ? "type_RWByteAddressBuffer" : "type_ByteAddressBuffer",
                                     dataMember(cx, cx.u32(), 4), s.writable, options);
      return s;
    case ResourceKind::ConstantBuffer: {
      if (cx.def(d.element).kind != TypeKind::Struct) {
        s.error = name + ": heap constant buffers need a struct";
        return s;
      }
      LayoutBuilder layout(cx, options.cbufferRule, options.rowMajorByDefault);
      s.descriptorClass = DescriptorClass::UniformBuffer;
      s.storageClass = spv::StorageClassUniform;
      TypeDef block = cx.def(layout.layout(d.element).type);
      block.decorations.push_back({spv::DecorationBlock, {}});
      block.name = "type_ConstantBuffer_" + block.name;
      s.descriptorType = cx.intern(block);
      return s;
    }
    case ResourceKind::Buffer:
    case ResourceKind::RWBuffer: {
      s.writable = k == ResourceKind::RWBuffer;
      const TypeDef& e = cx.def(d.element);
      const uint32_t n = e.kind == TypeKind::Vector ? e.count : 1;
      if (portable) {
        // A typed view of a 32-bit-per-component format has the same bytes as a storage buffer of
        // the element (1, 2 or 4 components keep std430's tight stride).
        if (!is32BitScalarOrVector(cx, d.element) || n == 3) {
          s.error = name + ": the portable heap form reads typed buffers as storage buffers, which needs 1, 2 or 4 "
                           "32-bit components";
          return s;
        }
        s.typedAsStorage = true;
        s.stride = 4 * n;
        s.storageClass = bufferClass;
        s.descriptorType = bufferBlock(cx, "type_" + name + "_storage", dataMember(cx, d.element, s.stride), s.writable, options);
        return s;
      }
      ir::ImageInfo info;
      info.dim = spv::DimBuffer;
      info.depth = 2;
      info.sampled = s.writable ? 2 : 1;
      info.format = s.writable && !options.unknownImageFormat ? imageFormatFor(cx, d.element) : uint32_t(spv::ImageFormatUnknown);
      s.descriptorClass = s.writable ? DescriptorClass::StorageTexelBuffer : DescriptorClass::UniformTexelBuffer;
      s.descriptorType = cx.imageType(cx.scalarOf(d.element), info);
      s.storageClass = spv::StorageClassUniformConstant;
      s.opaque = true;
      return s;
    }
    case ResourceKind::SamplerState:
    case ResourceKind::SamplerComparisonState:
      s.heap = HeapKind::Sampler;
      s.descriptorClass = DescriptorClass::Sampler;
      s.descriptorType = cx.samplerType();
      s.storageClass = spv::StorageClassUniformConstant;
      s.opaque = true;
      return s;
    case ResourceKind::TextureBuffer:
    case ResourceKind::RaytracingAccelerationStructure:
      s.error = name + " from a descriptor heap is not supported yet";
      return s;
    default:
      break;
  }
  if (isTexture(k)) {
    s.writable = isRWTexture(k);
    ir::ImageInfo info = textureInfo(k);
    info.sampled = s.writable ? 2 : 1;
    info.format = s.writable && !options.unknownImageFormat ? imageFormatFor(cx, d.element) : uint32_t(spv::ImageFormatUnknown);
    s.descriptorClass = s.writable ? DescriptorClass::StorageImage : DescriptorClass::SampledImage;
    s.descriptorType = cx.imageType(cx.scalarOf(d.element), info);
    s.storageClass = spv::StorageClassUniformConstant;
    s.opaque = true;
    return s;
  }
  s.error = name + " from a descriptor heap is not supported";
  return s;
}

}  // namespace sl::passes::heaps
