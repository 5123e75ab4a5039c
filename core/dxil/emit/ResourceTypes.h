// The resource handle types of the DXIL path: target("dx.TypedBuffer"/"dx.RawBuffer"/
// "dx.Texture"/"dx.Sampler"/"dx.CBuffer"/...) as upstream Clang emits them, and what the lowering
// needs to know about one: class, kind and the two %dx.types.ResourceProperties words
// (../shared/design/dxil.md §3.1-§3.3).
//
// Type parameters (upstream's order):
//   dx.TypedBuffer(T; isWriteable, isROV, isSigned)
//   dx.RawBuffer(T; isWriteable, isROV)          T = i8 for (RW)ByteAddressBuffer
//   dx.Texture(T; isWriteable, isROV, isSigned, ResourceKind)
//   dx.Sampler(; isComparison)
//   dx.CBuffer(T) / dx.TBuffer(T)                T = the layout struct (size = word 1)
//   dx.RTAccelerationStructure
#pragma once

#include "core/dxil/container/ContainerParts.h"

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class DataLayout;
class LLVMContext;
class TargetExtType;
class Type;
}  // namespace llvm

namespace sl::dxil {

struct ResourceTypeInfo {
  ResourceClass resourceClass = ResourceClass::SRV;
  ResourceKind kind = ResourceKind::Invalid;
  bool isROV = false;
  bool globallyCoherent = false;
  bool isComparisonSampler = false;
  bool hasCounter = false;  // UAV structured buffer whose counter is used (setHasCounter)
  ComponentType elementType = ComponentType::Invalid;  // typed resources
  uint32_t elementCount = 0;                            // typed resources: 1..4
  uint32_t structStride = 0;                            // structured buffers
  uint32_t cbufferSize = 0;                             // CBuffer / TBuffer
  uint32_t props0 = 0;  // %dx.types.ResourceProperties word 0
  uint32_t props1 = 0;  // word 1
  std::string elementName;  // "F32", "I32", ... for comments and dx.resources
};

// nullopt when `type` is not one of the dx.* handle types above.
std::optional<ResourceTypeInfo> describeResourceType(const llvm::TargetExtType* type,
                                                     const llvm::DataLayout& layout);

// The same handle type with isROV set (integer parameter 1 of dx.TypedBuffer/dx.RawBuffer/
// dx.Texture: RasterizerOrdered* resources); other types unchanged.
llvm::TargetExtType* withRasterizerOrdered(llvm::TargetExtType* type);

// Marks a UAV structured buffer as having a counter (ResourceProperties word 0 bit 15), as the
// resource analysis does for resources used by llvm.dx.resource.updatecounter.
void setHasCounter(ResourceTypeInfo& info);
// Marks a UAV globallycoherent (ResourceProperties word 0 bit 14, the dx.resources flag).
void setGloballyCoherent(ResourceTypeInfo& info);
// The metadata kind the emitter puts on a handle creation call of a globallycoherent resource.
inline constexpr const char* kGloballyCoherentMetadata = "dx.globallycoherent";

// DXIL component type of a scalar (or a vector's scalar) LLVM type; ints need the signedness.
ComponentType componentTypeOf(const llvm::Type* type, bool isSigned);
const char* componentTypeName(ComponentType type);
const char* resourceKindName(ResourceKind kind);

// Texture addressing by kind (DXIL.rst): how many offset components a kind takes (1D 1, 2D and
// MS 2, 3D 3, cubes 0) and how many coordinates (with the array layer; MS kinds count the texel
// coordinates). The rest of dx.op's coordinate/offset operands are undef.
unsigned textureOffsetCount(ResourceKind kind);
unsigned textureCoordCount(ResourceKind kind);
// The overload suffix LLVM-style: "f32", "v4f32", "i32", "s_struct.S", "tdx.TypedBuffer_v4f32_1_0_0".
std::string mangleTypeSuffix(const llvm::Type* type);

}  // namespace sl::dxil
