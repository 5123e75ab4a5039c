#include "core/dxil/emit/ResourceTypes.h"

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DerivedTypes.h>

#include <vector>

namespace sl::dxil {

namespace {

uint32_t intParam(const llvm::TargetExtType* t, unsigned i) {
  return i < t->getNumIntParameters() ? t->getIntParameter(i) : 0;
}

const llvm::Type* scalarOf(const llvm::Type* type) {
  if (auto* v = llvm::dyn_cast<llvm::FixedVectorType>(type)) return v->getElementType();
  return type;
}

uint32_t countOf(const llvm::Type* type) {
  if (auto* v = llvm::dyn_cast<llvm::FixedVectorType>(type)) return v->getNumElements();
  return 1;
}

}  // namespace

ComponentType componentTypeOf(const llvm::Type* type, bool isSigned) {
  const llvm::Type* s = scalarOf(type);
  if (s->isHalfTy()) return ComponentType::F16;
  if (s->isFloatTy()) return ComponentType::F32;
  if (s->isDoubleTy()) return ComponentType::F64;
  if (s->isIntegerTy(1)) return ComponentType::I1;
  if (s->isIntegerTy(16)) return isSigned ? ComponentType::I16 : ComponentType::U16;
  if (s->isIntegerTy(32)) return isSigned ? ComponentType::I32 : ComponentType::U32;
  if (s->isIntegerTy(64)) return isSigned ? ComponentType::I64 : ComponentType::U64;
  return ComponentType::Invalid;
}

const char* componentTypeName(ComponentType type) {
  switch (type) {
    case ComponentType::I1: return "I1";
    case ComponentType::I16: return "I16";
    case ComponentType::U16: return "U16";
    case ComponentType::I32: return "I32";
    case ComponentType::U32: return "U32";
    case ComponentType::I64: return "I64";
    case ComponentType::U64: return "U64";
    case ComponentType::F16: return "F16";
    case ComponentType::F32: return "F32";
    case ComponentType::F64: return "F64";
    default: return "Invalid";
  }
}

const char* resourceKindName(ResourceKind kind) {
  switch (kind) {
    case ResourceKind::Texture1D: return "Texture1D";
    case ResourceKind::Texture2D: return "Texture2D";
    case ResourceKind::Texture2DMS: return "Texture2DMS";
    case ResourceKind::Texture3D: return "Texture3D";
    case ResourceKind::TextureCube: return "TextureCube";
    case ResourceKind::Texture1DArray: return "Texture1DArray";
    case ResourceKind::Texture2DArray: return "Texture2DArray";
    case ResourceKind::Texture2DMSArray: return "Texture2DMSArray";
    case ResourceKind::TextureCubeArray: return "TextureCubeArray";
    case ResourceKind::TypedBuffer: return "TypedBuffer";
    case ResourceKind::RawBuffer: return "RawBuffer";
    case ResourceKind::StructuredBuffer: return "StructuredBuffer";
    case ResourceKind::CBuffer: return "CBuffer";
    case ResourceKind::Sampler: return "Sampler";
    case ResourceKind::TBuffer: return "TBuffer";
    case ResourceKind::RTAccelerationStructure: return "RTAccelerationStructure";
    default: return "Invalid";
  }
}

std::optional<ResourceTypeInfo> describeResourceType(const llvm::TargetExtType* type,
                                                     const llvm::DataLayout& layout) {
  if (!type) return std::nullopt;
  llvm::StringRef name = type->getName();
  ResourceTypeInfo info;
  bool writeable = false;
  auto typedElement = [&](const llvm::Type* element, bool isSigned) {
    info.elementType = componentTypeOf(element, isSigned);
    info.elementCount = countOf(element);
    info.elementName = componentTypeName(info.elementType);
    info.props1 = uint32_t(info.elementType) | (info.elementCount << 8);
  };
  if (name == "dx.TypedBuffer" && type->getNumTypeParameters() == 1) {
    info.kind = ResourceKind::TypedBuffer;
    writeable = intParam(type, 0) != 0;
    info.isROV = intParam(type, 1) != 0;
    typedElement(type->getTypeParameter(0), intParam(type, 2) != 0);
  } else if (name == "dx.Texture" && type->getNumTypeParameters() == 1) {
    info.kind = ResourceKind(intParam(type, 3));
    if (info.kind < ResourceKind::Texture1D || info.kind > ResourceKind::TextureCubeArray)
      return std::nullopt;
    writeable = intParam(type, 0) != 0;
    info.isROV = intParam(type, 1) != 0;
    typedElement(type->getTypeParameter(0), intParam(type, 2) != 0);
  } else if (name == "dx.RawBuffer" && type->getNumTypeParameters() == 1) {
    writeable = intParam(type, 0) != 0;
    info.isROV = intParam(type, 1) != 0;
    llvm::Type* element = type->getTypeParameter(0);
    if (element->isIntegerTy(8)) {
      info.kind = ResourceKind::RawBuffer;
    } else {
      info.kind = ResourceKind::StructuredBuffer;
      info.structStride = uint32_t(layout.getTypeAllocSize(element).getFixedValue());
      info.props1 = info.structStride;
    }
  } else if (name == "dx.Sampler") {
    info.kind = ResourceKind::Sampler;
    info.resourceClass = ResourceClass::Sampler;
    info.isComparisonSampler = intParam(type, 0) != 0;
  } else if ((name == "dx.CBuffer" || name == "dx.TBuffer") && type->getNumTypeParameters() == 1) {
    info.kind = name == "dx.CBuffer" ? ResourceKind::CBuffer : ResourceKind::TBuffer;
    info.resourceClass = name == "dx.CBuffer" ? ResourceClass::CBuffer : ResourceClass::SRV;
    info.cbufferSize = uint32_t(layout.getTypeAllocSize(type->getTypeParameter(0)).getFixedValue());
    info.props1 = info.cbufferSize;
  } else if (name == "dx.RTAccelerationStructure") {
    info.kind = ResourceKind::RTAccelerationStructure;
  } else {
    return std::nullopt;
  }
  if (info.resourceClass == ResourceClass::SRV && writeable) info.resourceClass = ResourceClass::UAV;
  // Word 0: kind | IsUAV << 12 | IsROV << 13 | IsGloballyCoherent << 14 | SamplerCmp << 15.
  // BaseAlignLog2 (bits 8-11) stays 0, as DXC writes it for heap-created structured buffers.
  info.props0 = uint32_t(info.kind);
  if (info.resourceClass == ResourceClass::UAV) info.props0 |= 1u << 12;
  if (info.isROV) info.props0 |= 1u << 13;
  if (info.globallyCoherent) info.props0 |= 1u << 14;
  if (info.isComparisonSampler) info.props0 |= 1u << 15;
  return info;
}

llvm::TargetExtType* withRasterizerOrdered(llvm::TargetExtType* type) {
  const llvm::StringRef name = type->getName();
  if ((name != "dx.TypedBuffer" && name != "dx.RawBuffer" && name != "dx.Texture") || type->getNumIntParameters() < 2)
    return type;
  std::vector<unsigned> ints(type->int_params().begin(), type->int_params().end());
  ints[1] = 1;
  std::vector<llvm::Type*> types(type->type_params().begin(), type->type_params().end());
  return llvm::TargetExtType::get(type->getContext(), name, types, ints);
}

void setHasCounter(ResourceTypeInfo& info) {
  if (info.resourceClass != ResourceClass::UAV || info.kind != ResourceKind::StructuredBuffer) return;
  info.hasCounter = true;
  info.props0 |= 1u << 15;
}

void setGloballyCoherent(ResourceTypeInfo& info) {
  if (info.resourceClass != ResourceClass::UAV) return;
  info.globallyCoherent = true;
  info.props0 |= 1u << 14;
}

std::string mangleTypeSuffix(const llvm::Type* type) {
  if (auto* v = llvm::dyn_cast<llvm::FixedVectorType>(type))
    return "v" + std::to_string(v->getNumElements()) + mangleTypeSuffix(v->getElementType());
  if (type->isHalfTy()) return "f16";
  if (type->isFloatTy()) return "f32";
  if (type->isDoubleTy()) return "f64";
  if (auto* i = llvm::dyn_cast<llvm::IntegerType>(type)) return "i" + std::to_string(i->getBitWidth());
  if (type->isPointerTy()) return "p0";
  if (type->isVoidTy()) return "isVoid";
  if (auto* s = llvm::dyn_cast<llvm::StructType>(type)) {
    if (s->hasName()) return "s_" + s->getName().str() + "s";
    std::string out = "sl_";
    for (llvm::Type* e : s->elements()) out += mangleTypeSuffix(e);
    return out + "s";
  }
  if (auto* a = llvm::dyn_cast<llvm::ArrayType>(type))
    return "a" + std::to_string(a->getNumElements()) + mangleTypeSuffix(a->getElementType());
  if (auto* t = llvm::dyn_cast<llvm::TargetExtType>(type)) {
    std::string out = "t" + t->getName().str();
    for (llvm::Type* p : t->type_params()) out += "_" + mangleTypeSuffix(p);
    for (unsigned i : t->int_params()) out += "_" + std::to_string(i);
    return out + "t";
  }
  return "unknown";
}

unsigned textureOffsetCount(ResourceKind kind) {
  switch (kind) {
    case ResourceKind::Texture1D:
    case ResourceKind::Texture1DArray: return 1;
    case ResourceKind::Texture2D:
    case ResourceKind::Texture2DArray:
    case ResourceKind::Texture2DMS:
    case ResourceKind::Texture2DMSArray: return 2;
    case ResourceKind::Texture3D: return 3;
    default: return 0;
  }
}

unsigned textureCoordCount(ResourceKind kind) {
  switch (kind) {
    case ResourceKind::Texture1D: return 1;
    case ResourceKind::Texture1DArray:
    case ResourceKind::Texture2D:
    case ResourceKind::Texture2DMS: return 2;
    case ResourceKind::Texture2DArray:
    case ResourceKind::Texture2DMSArray:
    case ResourceKind::Texture3D:
    case ResourceKind::TextureCube: return 3;
    case ResourceKind::TextureCubeArray: return 4;
    default: return 0;
  }
}

}  // namespace sl::dxil
