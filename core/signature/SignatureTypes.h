// The DXIL enumerations a signature element is made of. Numeric values are the ones DXIL metadata,
// PSV0 and the ISG1/OSG1 container parts use (see shared/design/dxil.md §1.2, §1.3, §2), so the
// back end can write them as they are.
#pragma once

#include <cstdint>
#include <string_view>

namespace sl::signature {

// DXIL ComponentType (= llvm::dxil::ElementType). 16-bit kinds are used both for native 16-bit
// types (-enable-16bit-types) and for min-precision types; PackOptions says which.
enum class ComponentType : uint8_t {
  Invalid = 0,
  I1 = 1,  // bool: stored as I1, loaded and stored as i32
  I16 = 2,
  U16 = 3,
  I32 = 4,
  U32 = 5,
  I64 = 6,
  U64 = 7,
  F16 = 8,
  F32 = 9,
  F64 = 10,
  SNormF16 = 11,
  UNormF16 = 12,
  SNormF32 = 13,
  UNormF32 = 14,
  SNormF64 = 15,
  UNormF64 = 16,
  PackedS8x32 = 17,
  PackedU8x32 = 18,
};

// DXIL SemanticKind (metadata operand 3, PSV0).
enum class SemanticKind : uint8_t {
  Arbitrary = 0,
  VertexID = 1,
  InstanceID = 2,
  Position = 3,
  RenderTargetArrayIndex = 4,
  ViewportArrayIndex = 5,
  ClipDistance = 6,
  CullDistance = 7,
  OutputControlPointID = 8,
  DomainLocation = 9,
  PrimitiveID = 10,
  GSInstanceID = 11,
  SampleIndex = 12,
  IsFrontFace = 13,
  Coverage = 14,
  InnerCoverage = 15,
  Target = 16,
  Depth = 17,
  DepthLessEqual = 18,
  DepthGreaterEqual = 19,
  StencilRef = 20,
  DispatchThreadID = 21,
  GroupID = 22,
  GroupIndex = 23,
  GroupThreadID = 24,
  TessFactor = 25,
  InsideTessFactor = 26,
  ViewID = 27,
  Barycentrics = 28,
  ShadingRate = 29,
  CullPrimitive = 30,
  StartVertexLocation = 31,
  StartInstanceLocation = 32,
  Invalid = 33,
};

// DXIL InterpolationMode (= D3D_INTERPOLATION_MODE).
enum class InterpolationMode : uint8_t {
  Undefined = 0,
  Constant = 1,
  Linear = 2,
  LinearCentroid = 3,
  LinearNoperspective = 4,
  LinearNoperspectiveCentroid = 5,
  LinearSample = 6,
  LinearNoperspectiveSample = 7,
  Invalid = 8,
};

// How a semantic is treated at one signature point (DXC SemanticInterpretationKind). The order of
// the packable classes in a register row is Arb < SV/ClipCull/TessFactor < SGV, left to right.
enum class SemanticInterpretation : uint8_t {
  NA = 0,         // not valid at this signature point: an error
  SV = 1,         // system value, packed
  SGV = 2,        // system-generated value, packed rightmost
  Arb = 3,        // arbitrary: the element is recorded as SemanticKind::Arbitrary
  NotInSig = 4,   // read through a dx.op; never a signature element
  NotPacked = 5,  // in the signature, never allocated (row/col -1)
  Target = 6,     // SV_Target: row = semantic index
  TessFactor = 7,
  Shadow = 8,  // read through a dx.op, yet listed (unallocated) for compatibility
  ClipCull = 9,
};

// The signature a list of elements belongs to (DXC SigPointKind, same numbering). Only the vertex
// and pixel points (and compute, which has no signature) are modelled today; the others are here
// so callers can name them, and pack() reports them as not supported yet.
enum class SignatureKind : uint8_t {
  VSInput = 0,
  VSOutput = 1,
  PCInput = 2,
  HSInput = 3,
  HSCPInput = 4,
  HSCPOutput = 5,
  PCOutput = 6,
  DSInput = 7,
  DSCPInput = 8,
  DSOutput = 9,
  GSVInput = 10,
  GSInput = 11,
  GSOutput = 12,
  PSInput = 13,
  PSOutput = 14,
  CSInput = 15,
  MSInput = 16,
  MSOutput = 17,
  MSPrimOutput = 18,
  ASInput = 19,
};

// DXC PackingKind: which allocator a signature point uses.
enum class PackingKind : uint8_t { None = 0, InputAssembler = 1, Vertex = 2, PatchConstant = 3, Target = 4 };

// DXC PackingStrategy. Default means PrefixStable for every shader model.
enum class PackingStrategy : uint8_t { Default = 0, PrefixStable = 1, Optimized = 2 };

// ISG1/OSG1 SystemValue (D3D_NAME).
enum class ContainerSystemValue : uint32_t {
  Undefined = 0,
  Position = 1,
  ClipDistance = 2,
  CullDistance = 3,
  RenderTargetArrayIndex = 4,
  ViewportArrayIndex = 5,
  VertexID = 6,
  PrimitiveID = 7,
  InstanceID = 8,
  IsFrontFace = 9,
  SampleIndex = 10,
  FinalQuadEdgeTessfactor = 11,
  FinalQuadInsideTessfactor = 12,
  FinalTriEdgeTessfactor = 13,
  FinalTriInsideTessfactor = 14,
  FinalLineDetailTessfactor = 15,
  FinalLineDensityTessfactor = 16,
  Barycentrics = 23,
  ShadingRate = 24,
  CullPrimitive = 25,
  Target = 64,
  Depth = 65,
  Coverage = 66,
  DepthGreaterEqual = 67,
  DepthLessEqual = 68,
  StencilRef = 69,
  InnerCoverage = 70,
};

// ISG1/OSG1/PSV0 component type (DxilProgramSigCompType).
enum class ContainerComponentType : uint32_t {
  Unknown = 0,
  UInt32 = 1,
  SInt32 = 2,
  Float32 = 3,
  UInt16 = 4,
  SInt16 = 5,
  Float16 = 6,
  UInt64 = 7,
  SInt64 = 8,
  Float64 = 9,
};

// The bit width a component occupies in a register row; 16-bit and 32-bit never share a row.
enum class DataWidth : uint8_t { Undefined = 0, Bits16 = 16, Bits32 = 32 };

constexpr uint32_t kMaxSignatureRows = 32;
constexpr uint32_t kMaxSignatureCols = 4;
constexpr uint32_t kMaxClipCullRows = 2;
constexpr uint32_t kMaxRenderTargets = 8;

// ---- Component type facts ----
bool isFloat(ComponentType type);    // F16/F32/F64 and the [s|u]norm kinds
bool isInteger(ComponentType type);  // I16/U16/I32/U32/I64/U64 and packed 8x32
bool isBool(ComponentType type);     // I1
bool is64Bit(ComponentType type);    // I64/U64/F64/[S|U]NormF64
bool is16Bit(ComponentType type);    // I16/U16/F16/[S|U]NormF16

// ---- Names, for printers, diagnostics and the GUI ----
std::string_view componentTypeName(ComponentType type);                      // "F32", "I1", ...
std::string_view semanticKindName(SemanticKind kind);                        // "Position", "Arbitrary", ...
std::string_view interpolationModeName(InterpolationMode mode);              // "LinearNoperspective", ...
std::string_view interpretationName(SemanticInterpretation interpretation);  // "SV", "Arb", ...
std::string_view signatureKindName(SignatureKind kind);                      // "VSInput", ...
std::string_view packingStrategyName(PackingStrategy strategy);              // "prefix-stable", "optimized", ...

// Which side of the shader a signature point describes.
bool isInputSignature(SignatureKind kind);

}  // namespace sl::signature
