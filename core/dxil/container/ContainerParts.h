// The inputs and writers of the DXContainer parts a DXIL shader carries besides its bitcode:
// ISG1/OSG1 (input/output signatures), PSV0 (pipeline state validation: runtime info, resource
// bindings, signature elements, input->output dependencies) and SFI0 (feature flags), laid out
// byte for byte as DXC writes them (DxilContainerAssembler / DxilPipelineStateValidation), using
// LLVM 19's BinaryFormat/DXContainer.h record definitions.
//
// The input structs are plain data on purpose: an adapter fills them from the signature library
// (packed elements) and the DXIL back end (resources, shader flags); this file knows neither.
// All numeric enum values are DXC's (../shared/design/dxil.md §2-§4 cites the sources).
#pragma once

#include "core/support/Diagnostic.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sl::dxil {

// DXIL ShaderKind; also PSV ShaderStage and the program header's ShaderKind.
enum class ShaderStage : uint8_t {
  Pixel = 0, Vertex = 1, Geometry = 2, Hull = 3, Domain = 4, Compute = 5, Library = 6,
  RayGeneration = 7, Intersection = 8, AnyHit = 9, ClosestHit = 10, Miss = 11, Callable = 12,
  Mesh = 13, Amplification = 14, Node = 15,
};

// DXIL SemanticKind (metadata and PSV0 byte; dxil.md §2.2).
enum class SemanticKind : uint8_t {
  Arbitrary = 0, VertexID = 1, InstanceID = 2, Position = 3, RenderTargetArrayIndex = 4,
  ViewPortArrayIndex = 5, ClipDistance = 6, CullDistance = 7, OutputControlPointID = 8,
  DomainLocation = 9, PrimitiveID = 10, GSInstanceID = 11, SampleIndex = 12, IsFrontFace = 13,
  Coverage = 14, InnerCoverage = 15, Target = 16, Depth = 17, DepthLessEqual = 18,
  DepthGreaterEqual = 19, StencilRef = 20, DispatchThreadID = 21, GroupID = 22, GroupIndex = 23,
  GroupThreadID = 24, TessFactor = 25, InsideTessFactor = 26, ViewID = 27, Barycentrics = 28,
  ShadingRate = 29, CullPrimitive = 30, StartVertexLocation = 31, StartInstanceLocation = 32,
};

// How a semantic is treated at its signature point (DXC SemanticInterpretationKind, dxil.md §1.3).
// It decides whether an element is listed in ISG1/OSG1: NA and NotInSig elements are left out
// (their names still take space in the part's string pool, as in DXC).
enum class SemanticInterpretation : uint8_t {
  NA = 0, SV = 1, SGV = 2, Arb = 3, NotInSig = 4, NotPacked = 5, Target = 6, TessFactor = 7,
  Shadow = 8, ClipCull = 9,
};

// DXIL ComponentType (dxil.md §2.1). Mapped to the container's component type and min precision.
enum class ComponentType : uint8_t {
  Invalid = 0, I1 = 1, I16 = 2, U16 = 3, I32 = 4, U32 = 5, I64 = 6, U64 = 7, F16 = 8, F32 = 9,
  F64 = 10, SNormF16 = 11, UNormF16 = 12, SNormF32 = 13, UNormF32 = 14, SNormF64 = 15,
  UNormF64 = 16, PackedS8x32 = 17, PackedU8x32 = 18,
};

// D3D_INTERPOLATION_MODE (dxil.md §2.3).
enum class InterpolationMode : uint8_t {
  Undefined = 0, Constant = 1, Linear = 2, LinearCentroid = 3, LinearNoperspective = 4,
  LinearNoperspectiveCentroid = 5, LinearSample = 6, LinearNoperspectiveSample = 7, Invalid = 8,
};

// One element of a DXIL signature, exactly as the packed `dx.entryPoints` signature metadata
// describes it (one record per element, not per row). ISG1/OSG1 expand it to one entry per row;
// PSV0 lists it once.
struct SignatureElementRecord {
  // Semantic name without its index; the canonical spelling for SV_ semantics ("SV_Position").
  std::string name;
  // One semantic index per row (TEXCOORD3 on float4[2] -> {3, 4}); size() must equal `rows`.
  std::vector<uint32_t> semanticIndices;
  SemanticKind kind = SemanticKind::Arbitrary;
  SemanticInterpretation interpretation = SemanticInterpretation::Arb;
  ComponentType componentType = ComponentType::F32;
  InterpolationMode interpolation = InterpolationMode::Undefined;
  uint8_t rows = 1;  // 1..32
  uint8_t cols = 1;  // 1..4
  // Packed location; both -1 when the element is not allocated (NotPacked, Shadow, SV_Depth...).
  int32_t startRow = -1;
  int32_t startCol = -1;
  // Element-relative component masks (bit 0 = the element's first column), as in DXC metadata:
  // inputs: components read at least once; outputs: components written.
  uint8_t usageMask = 0;
  // Components addressed with a dynamic row index (element-relative).
  uint8_t dynamicIndexMask = 0;
  uint8_t outputStream = 0;  // GS stream 0..3

  bool allocated() const { return startRow >= 0 && startCol >= 0; }
};

// DXIL ResourceClass (dxil.md §3.2) and ResourceKind (§3.3, also PSV ResKind).
enum class ResourceClass : uint8_t { SRV = 0, UAV = 1, CBuffer = 2, Sampler = 3 };
enum class ResourceKind : uint8_t {
  Invalid = 0, Texture1D = 1, Texture2D = 2, Texture2DMS = 3, Texture3D = 4, TextureCube = 5,
  Texture1DArray = 6, Texture2DArray = 7, Texture2DMSArray = 8, TextureCubeArray = 9,
  TypedBuffer = 10, RawBuffer = 11, StructuredBuffer = 12, CBuffer = 13, Sampler = 14, TBuffer = 15,
  RTAccelerationStructure = 16, FeedbackTexture2D = 17, FeedbackTexture2DArray = 18,
};

inline constexpr uint32_t kUnboundedRange = 0xFFFFFFFFu;

// A resource the shader uses: one `dx.resources` record, or one resource created from a
// descriptor heap (SM 6.6 ResourceDescriptorHeap / SamplerDescriptorHeap).
struct ResourceBindingRecord {
  ResourceClass resourceClass = ResourceClass::SRV;
  ResourceKind kind = ResourceKind::TypedBuffer;
  uint32_t space = 0;
  uint32_t lowerBound = 0;
  uint32_t rangeSize = 1;  // kUnboundedRange for `T r[]`
  bool hasCounter = false;      // UAV structured buffer with a hidden counter
  bool usedByAtomic64 = false;  // UAV used by 64-bit atomics (PSV ResFlags bit 0)
  // Created by createHandleFromHeap: never listed in PSV0 (it has no binding), but it sets the
  // descriptor-heap-indexing feature flag of its heap (samplers: sampler heap).
  bool fromHeap = false;
};

// An input component that contributes to an output component (DXC's ViewID-state analysis).
// Components are absolute: register row * 4 + column.
struct IODependency {
  uint32_t inputComponent = 0;
  uint32_t outputComponent = 0;
  uint8_t outputStream = 0;
};

// Everything the container parts need about one entry point.
struct ShaderRuntimeInfo {
  ShaderStage stage = ShaderStage::Compute;
  uint32_t shaderModelMajor = 6;
  uint32_t shaderModelMinor = 6;
  // The validator version (`!dx.valver`) selects the PSV0 version and several DXC compatibility
  // rules (i1 component type, masks, string-pool dedup and padding). 1.8 -> PSV0 version 3.
  uint32_t validatorMajor = 1;
  uint32_t validatorMinor = 8;
  std::string entryName = "main";
  // Compute/mesh/amplification only: [numthreads(x, y, z)].
  std::array<uint32_t, 3> numThreads = {1, 1, 1};
  // Compute only: [WaveSize(min[, max])]; unset = any lane count.
  std::optional<std::pair<uint32_t, uint32_t>> waveSize;
  // The module uses minimum-precision types (no -enable-16bit-types): ISG1/OSG1 then report
  // MinPrecision for 16-bit components.
  bool useMinPrecision = false;
  // Every element of the DXIL input/output signature, in element-ID (declaration) order: PSV0
  // lists them all and their order decides ISG1/OSG1 name offsets and the order of rows sharing a
  // register.
  std::vector<SignatureElementRecord> inputs;
  std::vector<SignatureElementRecord> outputs;
  std::vector<ResourceBindingRecord> resources;
  // SFI0 feature bits (see FeatureFlags.h); heap records add their heap-indexing bits.
  uint64_t featureFlags = 0;
  // Empty means "no input contributes to any output" in the PSV0 dependency table.
  std::vector<IODependency> ioDependencies;
  // The entry's serialized root signature (rootsig::serializeRootSignature), written as the RTS0
  // part after PSV0 as DXC does; empty: no root signature, no RTS0 part.
  std::vector<uint8_t> rootSignature;
};

// PSV0 version the validator version asks for (dxil.md §2.8); nullopt for versions LLVM 19 cannot
// represent (validator >= 1.10 wants version 4).
std::optional<uint32_t> psvVersionFor(uint32_t validatorMajor, uint32_t validatorMinor);

// Checks everything the writers rely on; errors explain which element or resource is wrong.
std::vector<Diagnostic> checkRuntimeInfo(const ShaderRuntimeInfo& info);

// The part payloads (without the 8-byte part header). Each assumes checkRuntimeInfo passed.
std::vector<uint8_t> writeInputSignaturePart(const ShaderRuntimeInfo& info);   // ISG1
std::vector<uint8_t> writeOutputSignaturePart(const ShaderRuntimeInfo& info);  // OSG1
std::vector<uint8_t> writePipelineStatePart(const ShaderRuntimeInfo& info);    // PSV0
std::vector<uint8_t> writeFeatureInfoPart(const ShaderRuntimeInfo& info);      // SFI0
// DXIL: program header + bitcode padded to 4 bytes. With no bitcode the part is the bare program
// header (stage, shader model, DXIL version), which is what LLVM's reader needs to parse PSV0.
std::vector<uint8_t> writeProgramPart(const ShaderRuntimeInfo& info, std::span<const uint8_t> bitcode);

// SFI0 value actually written: info.featureFlags plus the heap-indexing bits of heap resources.
uint64_t effectiveFeatureFlags(const ShaderRuntimeInfo& info);

}  // namespace sl::dxil
