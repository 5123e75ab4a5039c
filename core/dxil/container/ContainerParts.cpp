#include "core/dxil/container/ContainerParts.h"

#include "core/dxil/container/FeatureFlags.h"

#include "llvm/BinaryFormat/DXContainer.h"
#include "llvm/Support/SwapByteOrder.h"

#include <algorithm>
#include <cstring>
#include <map>

namespace sl::dxil {
namespace {

namespace dxbc = llvm::dxbc;

// ---- byte helpers: the container is little-endian, and so is every host we build for, so records
// are copied as they are laid out in memory ----
static_assert(!llvm::sys::IsBigEndianHost, "container writer assumes a little-endian host");

void appendBytes(std::vector<uint8_t>& out, const void* data, size_t size) {
  const auto* bytes = static_cast<const uint8_t*>(data);
  out.insert(out.end(), bytes, bytes + size);
}

void appendU32(std::vector<uint8_t>& out, uint32_t value) { appendBytes(out, &value, sizeof(value)); }

template <typename T>
void appendRecord(std::vector<uint8_t>& out, const T& record) {
  appendBytes(out, &record, sizeof(T));
}

void padTo4(std::vector<uint8_t>& out) {
  while (out.size() % 4 != 0) out.push_back(0);
}

bool validatorAtLeast(const ShaderRuntimeInfo& info, uint32_t major, uint32_t minor) {
  return info.validatorMajor > major || (info.validatorMajor == major && info.validatorMinor >= minor);
}

// ---- enum mappings (DXC DxilContainerAssembler.cpp; dxil.md §2.4-2.6) ----

dxbc::D3DSystemValue systemValueOf(SemanticKind kind) {
  using SV = dxbc::D3DSystemValue;
  switch (kind) {
  case SemanticKind::VertexID: return SV::VertexID;
  case SemanticKind::InstanceID: return SV::InstanceID;
  case SemanticKind::Position: return SV::Position;
  case SemanticKind::RenderTargetArrayIndex: return SV::RenderTargetArrayIndex;
  case SemanticKind::ViewPortArrayIndex: return SV::ViewPortArrayIndex;
  case SemanticKind::ClipDistance: return SV::ClipDistance;
  case SemanticKind::CullDistance: return SV::CullDistance;
  case SemanticKind::PrimitiveID: return SV::PrimitiveID;
  case SemanticKind::SampleIndex: return SV::SampleIndex;
  case SemanticKind::IsFrontFace: return SV::IsFrontFace;
  case SemanticKind::Coverage: return SV::Coverage;
  case SemanticKind::InnerCoverage: return SV::InnerCoverage;
  case SemanticKind::Target: return SV::Target;
  case SemanticKind::Depth: return SV::Depth;
  case SemanticKind::DepthLessEqual: return SV::DepthLE;
  case SemanticKind::DepthGreaterEqual: return SV::DepthGE;
  case SemanticKind::StencilRef: return SV::StencilRef;
  case SemanticKind::Barycentrics: return SV::Barycentrics;
  case SemanticKind::ShadingRate: return SV::ShadingRate;
  case SemanticKind::CullPrimitive: return SV::CullPrimitive;
  default: return SV::Undefined;  // Arbitrary, and kinds never listed in a signature part
  }
}

// Validators before 1.5 expected Unknown for bool components.
dxbc::SigComponentType containerComponentType(ComponentType type, bool boolAsUnknown) {
  using CT = dxbc::SigComponentType;
  switch (type) {
  case ComponentType::I1: return boolAsUnknown ? CT::Unknown : CT::UInt32;
  case ComponentType::I16: return CT::SInt16;
  case ComponentType::U16: return CT::UInt16;
  case ComponentType::I32: return CT::SInt32;
  case ComponentType::U32: return CT::UInt32;
  case ComponentType::I64: return CT::SInt64;
  case ComponentType::U64: return CT::UInt64;
  case ComponentType::F16: return CT::Float16;
  case ComponentType::F32: return CT::Float32;
  case ComponentType::F64: return CT::Float64;
  default: return CT::Unknown;
  }
}

dxbc::SigMinPrecision minPrecisionOf(ComponentType type, bool useMinPrecision) {
  if (!useMinPrecision) return dxbc::SigMinPrecision::Default;
  switch (type) {
  case ComponentType::F16: return dxbc::SigMinPrecision::Float16;
  case ComponentType::I16: return dxbc::SigMinPrecision::SInt16;
  case ComponentType::U16: return dxbc::SigMinPrecision::UInt16;
  default: return dxbc::SigMinPrecision::Default;
  }
}

bool listedInSignaturePart(const SignatureElementRecord& element) {
  return element.interpretation != SemanticInterpretation::NA &&
         element.interpretation != SemanticInterpretation::NotInSig;
}

uint8_t declaredMask(const SignatureElementRecord& element) {
  uint8_t mask = static_cast<uint8_t>((1u << std::min<uint8_t>(element.cols, 4)) - 1);
  return static_cast<uint8_t>(mask << (element.allocated() ? element.startCol : 0));
}

// ---- ISG1 / OSG1 ----

std::vector<uint8_t> writeSignaturePart(const ShaderRuntimeInfo& info,
                                        const std::vector<SignatureElementRecord>& elements,
                                        bool isInput) {
  const bool compat14 = !validatorAtLeast(info, 1, 5);
  // Validators before 1.7 expect one name per element (no sharing) and an unpadded part.
  const bool dedupAndPad = validatorAtLeast(info, 1, 7);

  size_t paramCount = 0;
  for (const SignatureElementRecord& element : elements)
    if (listedInSignaturePart(element)) paramCount += element.semanticIndices.size();
  const uint32_t poolStart =
      sizeof(dxbc::ProgramSignatureHeader) + paramCount * sizeof(dxbc::ProgramSignatureElement);

  // Names take pool space in element order, listed or not (DXC sizes the pool that way).
  std::vector<std::string> pool;
  std::map<std::string, uint32_t> sharedOffsets;
  std::vector<uint32_t> nameOffsets;
  uint32_t nextOffset = poolStart;
  for (const SignatureElementRecord& element : elements) {
    if (dedupAndPad) {
      auto [it, inserted] = sharedOffsets.emplace(element.name, nextOffset);
      if (inserted) {
        pool.push_back(element.name);
        nextOffset += element.name.size() + 1;
      }
      nameOffsets.push_back(it->second);
    } else {
      pool.push_back(element.name);
      nameOffsets.push_back(nextOffset);
      nextOffset += element.name.size() + 1;
    }
  }

  std::vector<dxbc::ProgramSignatureElement> params;
  for (size_t i = 0; i < elements.size(); ++i) {
    const SignatureElementRecord& element = elements[i];
    if (!listedInSignaturePart(element)) continue;
    dxbc::ProgramSignatureElement param;
    std::memset(&param, 0, sizeof(param));
    param.Stream = element.outputStream;
    param.NameOffset = nameOffsets[i];
    param.SystemValue = systemValueOf(element.kind);
    param.CompType = containerComponentType(element.componentType, compat14);
    param.Register = element.allocated() ? static_cast<uint32_t>(element.startRow) : 0xFFFFFFFFu;
    param.Mask = declaredMask(element);
    if (compat14) {
      param.ExclusiveMask = isInput ? 0 : static_cast<uint8_t>(~param.Mask);
    } else {
      uint8_t usage = element.usageMask;
      if (element.allocated()) usage = static_cast<uint8_t>(usage << element.startCol);
      param.ExclusiveMask = isInput ? usage : static_cast<uint8_t>(~usage & 0xF);
    }
    param.MinPrecision = minPrecisionOf(element.componentType, info.useMinPrecision);
    for (uint32_t semanticIndex : element.semanticIndices) {
      param.Index = semanticIndex;
      params.push_back(param);
      if (element.allocated()) ++param.Register;
    }
  }
  // Register order; rows of one register keep element order (DXC sorts a handful of entries with
  // an insertion sort, which is stable).
  std::stable_sort(params.begin(), params.end(),
                   [](const dxbc::ProgramSignatureElement& a, const dxbc::ProgramSignatureElement& b) {
                     if (a.Stream != b.Stream) return a.Stream < b.Stream;
                     if (a.Register != b.Register) return a.Register < b.Register;
                     return a.NameOffset < b.NameOffset;
                   });

  std::vector<uint8_t> out;
  dxbc::ProgramSignatureHeader header{static_cast<uint32_t>(params.size()),
                                      sizeof(dxbc::ProgramSignatureHeader)};
  appendRecord(out, header);
  for (const dxbc::ProgramSignatureElement& param : params) appendRecord(out, param);
  for (const std::string& name : pool) appendBytes(out, name.c_str(), name.size() + 1);
  if (dedupAndPad) padTo4(out);
  return out;
}

// ---- PSV0 ----

// 64-bit arithmetic: this also runs on unchecked input (checkRuntimeInfo uses it).
uint32_t vectorsUsed(const std::vector<SignatureElementRecord>& elements, uint8_t stream) {
  int64_t vectors = 0;
  for (const SignatureElementRecord& element : elements)
    if (element.allocated() && element.outputStream == stream)
      vectors = std::max<int64_t>(vectors, int64_t(element.startRow) + element.rows);
  return static_cast<uint32_t>(std::min<int64_t>(vectors, 0xFFFFFFFF));
}

dxbc::PSV::v0::SignatureElement psvElement(const SignatureElementRecord& element, bool boolAsUnknown,
                                           std::vector<char>& strings,
                                           std::vector<uint32_t>& indexTable) {
  dxbc::PSV::v0::SignatureElement out;
  std::memset(&out, 0, sizeof(out));
  // System values are named by their kind: only arbitrary names go to the string table, each
  // appended (DXC does not share PSV names); offset 0 is the empty string.
  if (element.kind == SemanticKind::Arbitrary && !element.name.empty()) {
    out.NameOffset = static_cast<uint32_t>(strings.size());
    strings.insert(strings.end(), element.name.begin(), element.name.end());
    strings.push_back('\0');
  }
  // Reuse an equal run of semantic indices already in the table.
  const std::vector<uint32_t>& indices = element.semanticIndices;
  auto run = std::search(indexTable.begin(), indexTable.end(), indices.begin(), indices.end());
  if (run == indexTable.end() || indices.empty()) {
    out.IndicesOffset = static_cast<uint32_t>(indexTable.size());
    indexTable.insert(indexTable.end(), indices.begin(), indices.end());
  } else {
    out.IndicesOffset = static_cast<uint32_t>(run - indexTable.begin());
  }
  out.Rows = element.rows;
  out.Cols = element.cols & 0xF;
  if (element.allocated()) {
    out.StartRow = static_cast<uint8_t>(element.startRow);
    out.StartCol = static_cast<uint8_t>(element.startCol) & 0x3;
    out.Allocated = 1;
  }
  out.Kind = static_cast<dxbc::PSV::SemanticKind>(element.kind);
  out.Type = static_cast<dxbc::PSV::ComponentType>(
      containerComponentType(element.componentType, boolAsUnknown));
  out.Mode = static_cast<dxbc::PSV::InterpolationMode>(element.interpolation);
  out.DynamicMask = element.dynamicIndexMask & 0xF;
  out.Stream = element.outputStream & 0x3;
  return out;
}

bool isSampleMode(InterpolationMode mode) {
  return mode == InterpolationMode::LinearSample || mode == InterpolationMode::LinearNoperspectiveSample;
}

bool isDepth(SemanticKind kind) {
  return kind == SemanticKind::Depth || kind == SemanticKind::DepthLessEqual ||
         kind == SemanticKind::DepthGreaterEqual;
}

bool hasKind(const std::vector<SignatureElementRecord>& elements, SemanticKind kind) {
  return std::any_of(elements.begin(), elements.end(),
                     [&](const SignatureElementRecord& e) { return e.kind == kind; });
}

dxbc::PSV::v3::RuntimeInfo runtimeInfo(const ShaderRuntimeInfo& info) {
  dxbc::PSV::v3::RuntimeInfo out;
  std::memset(&out, 0, sizeof(out));
  out.MinimumWaveLaneCount = 0;
  out.MaximumWaveLaneCount = 0xFFFFFFFFu;
  switch (info.stage) {
  case ShaderStage::Vertex:
    out.StageInfo.VS.OutputPositionPresent = hasKind(info.outputs, SemanticKind::Position) ? 1 : 0;
    break;
  case ShaderStage::Pixel:
    for (const SignatureElementRecord& e : info.inputs)
      if (isSampleMode(e.interpolation) || e.kind == SemanticKind::SampleIndex)
        out.StageInfo.PS.SampleFrequency = 1;
    for (const SignatureElementRecord& e : info.outputs)
      if (isDepth(e.kind)) out.StageInfo.PS.DepthOutput = 1;
    break;
  case ShaderStage::Compute:
    if (info.waveSize) {
      out.MinimumWaveLaneCount = info.waveSize->first;
      out.MaximumWaveLaneCount = info.waveSize->second;
    }
    break;
  default:
    break;
  }
  out.ShaderStage = static_cast<uint8_t>(info.stage);
  out.UsesViewID = 0;
  out.SigInputElements = static_cast<uint8_t>(info.inputs.size());
  out.SigOutputElements = static_cast<uint8_t>(info.outputs.size());
  out.SigPatchOrPrimElements = 0;
  out.SigInputVectors = static_cast<uint8_t>(vectorsUsed(info.inputs, 0));
  for (uint8_t stream = 0; stream < 4; ++stream)
    out.SigOutputVectors[stream] = static_cast<uint8_t>(vectorsUsed(info.outputs, stream));
  if (info.stage == ShaderStage::Compute) {
    out.NumThreadsX = info.numThreads[0];
    out.NumThreadsY = info.numThreads[1];
    out.NumThreadsZ = info.numThreads[2];
  }
  return out;
}

uint32_t psvResourceType(const ResourceBindingRecord& resource) {
  const bool isUAV = resource.resourceClass == ResourceClass::UAV;
  switch (resource.kind) {
  case ResourceKind::Sampler: return 1;  // Sampler
  case ResourceKind::CBuffer: return 2;  // CBV
  case ResourceKind::StructuredBuffer:
    if (!isUAV) return 5;                       // SRVStructured
    return resource.hasCounter ? 9 : 8;         // UAVStructuredWithCounter / UAVStructured
  case ResourceKind::RTAccelerationStructure: return 4;  // SRVRaw
  case ResourceKind::RawBuffer: return isUAV ? 7 : 4;    // UAVRaw / SRVRaw
  default: return isUAV ? 6 : 3;                          // UAVTyped / SRVTyped
  }
}

// DXC lists bound resources as CBVs, samplers, SRVs, UAVs, each in `dx.resources` order.
std::vector<const ResourceBindingRecord*> boundResourcesInPSVOrder(const ShaderRuntimeInfo& info) {
  std::vector<const ResourceBindingRecord*> ordered;
  for (ResourceClass cls : {ResourceClass::CBuffer, ResourceClass::Sampler, ResourceClass::SRV, ResourceClass::UAV})
    for (const ResourceBindingRecord& resource : info.resources)
      if (!resource.fromHeap && resource.resourceClass == cls) ordered.push_back(&resource);
  return ordered;
}

uint32_t runtimeInfoSize(uint32_t version) {
  switch (version) {
  case 0: return sizeof(dxbc::PSV::v0::RuntimeInfo);
  case 1: return sizeof(dxbc::PSV::v1::RuntimeInfo);
  case 2: return sizeof(dxbc::PSV::v2::RuntimeInfo);
  default: return sizeof(dxbc::PSV::v3::RuntimeInfo);
  }
}

std::string describe(const char* signature, size_t index, const SignatureElementRecord& e) {
  return std::string(signature) + " signature element " + std::to_string(index) + " '" + e.name + "'";
}

void checkElements(const char* signature, const std::vector<SignatureElementRecord>& elements,
                   std::vector<Diagnostic>& diags) {
  auto error = [&](std::string message) { diags.push_back(Diagnostic::error({}, std::move(message))); };
  if (elements.size() > 255)
    error(std::string(signature) + " signature has " + std::to_string(elements.size()) +
          " elements; PSV0 counts at most 255");
  for (size_t i = 0; i < elements.size(); ++i) {
    const SignatureElementRecord& e = elements[i];
    const std::string what = describe(signature, i, e);
    if (e.rows < 1 || e.rows > 32) error(what + " has " + std::to_string(e.rows) + " rows (1..32 allowed)");
    if (e.cols < 1 || e.cols > 4) error(what + " has " + std::to_string(e.cols) + " columns (1..4 allowed)");
    if (e.semanticIndices.size() != e.rows)
      error(what + " has " + std::to_string(e.semanticIndices.size()) + " semantic indices for " +
            std::to_string(e.rows) + " rows");
    if ((e.startRow < 0) != (e.startCol < 0))
      error(what + " is half allocated (start row " + std::to_string(e.startRow) + ", start column " +
            std::to_string(e.startCol) + ")");
    if (e.allocated() && (int64_t(e.startRow) + e.rows > 32 || int64_t(e.startCol) + e.cols > 4))
      error(what + " at row " + std::to_string(e.startRow) + " column " + std::to_string(e.startCol) +
            " does not fit in 32 rows x 4 columns");
    const uint8_t colsMask = static_cast<uint8_t>((1u << std::min<uint8_t>(e.cols, 4)) - 1);
    if ((e.usageMask & ~colsMask) || (e.dynamicIndexMask & ~colsMask))
      error(what + " has usage/dynamic-index mask bits beyond its " + std::to_string(e.cols) + " columns");
    if (e.outputStream > 3) error(what + " names stream " + std::to_string(e.outputStream) + " (0..3 allowed)");
    if (e.name.find('\0') != std::string::npos) error(what + " has a NUL byte in its name");
  }
}

}  // namespace

std::optional<uint32_t> psvVersionFor(uint32_t validatorMajor, uint32_t validatorMinor) {
  if (validatorMajor != 1) return std::nullopt;
  if (validatorMinor < 1) return 0;
  if (validatorMinor < 6) return 1;
  if (validatorMinor < 8) return 2;
  if (validatorMinor < 10) return 3;
  return std::nullopt;
}

std::vector<Diagnostic> checkRuntimeInfo(const ShaderRuntimeInfo& info) {
  std::vector<Diagnostic> diags;
  auto error = [&](std::string message) { diags.push_back(Diagnostic::error({}, std::move(message))); };
  if (info.stage != ShaderStage::Vertex && info.stage != ShaderStage::Pixel && info.stage != ShaderStage::Compute)
    error("container parts are written for vertex, pixel and compute shaders only (stage kind " +
          std::to_string(static_cast<unsigned>(info.stage)) + ")");
  if (info.shaderModelMajor != 6 || info.shaderModelMinor > 15)
    error("shader model " + std::to_string(info.shaderModelMajor) + "." + std::to_string(info.shaderModelMinor) +
          " is not a DXIL shader model (6.0-6.15)");
  if (!psvVersionFor(info.validatorMajor, info.validatorMinor))
    error("validator version " + std::to_string(info.validatorMajor) + "." + std::to_string(info.validatorMinor) +
          " is not supported: PSV0 versions 0-3 (validator 1.0-1.9) are what LLVM 19 can read");
  if (info.stage == ShaderStage::Compute && (info.numThreads[0] == 0 || info.numThreads[1] == 0 || info.numThreads[2] == 0))
    error("compute shader needs numthreads >= 1 in every dimension");
  if (info.waveSize && (info.waveSize->first == 0 || info.waveSize->second < info.waveSize->first))
    error("wave size range " + std::to_string(info.waveSize->first) + ".." + std::to_string(info.waveSize->second) +
          " is empty");
  if (info.stage == ShaderStage::Compute && (!info.inputs.empty() || !info.outputs.empty()))
    error("compute shaders have empty input and output signatures");
  if (info.entryName.find('\0') != std::string::npos) error("entry name has a NUL byte");
  checkElements("input", info.inputs, diags);
  checkElements("output", info.outputs, diags);
  for (size_t i = 0; i < info.resources.size(); ++i) {
    const ResourceBindingRecord& r = info.resources[i];
    const std::string what = "resource " + std::to_string(i);
    if (r.fromHeap) continue;  // no binding to check
    if (r.rangeSize == 0) error(what + " has an empty binding range");
    else if (r.rangeSize != kUnboundedRange && r.lowerBound > 0xFFFFFFFEu - (r.rangeSize - 1))
      error(what + " binding range " + std::to_string(r.lowerBound) + "+" + std::to_string(r.rangeSize) +
            " overflows 32 bits");
    const bool samplerKind = r.kind == ResourceKind::Sampler, cbufferKind = r.kind == ResourceKind::CBuffer;
    if (samplerKind != (r.resourceClass == ResourceClass::Sampler) || cbufferKind != (r.resourceClass == ResourceClass::CBuffer))
      error(what + " has a resource kind that does not match its class");
    if (r.kind == ResourceKind::Invalid) error(what + " has resource kind Invalid");
  }
  // The dependency table only has room for components inside the packed vectors.
  const uint32_t inputVectors = vectorsUsed(info.inputs, 0);
  for (const IODependency& dep : info.ioDependencies) {
    const uint32_t outputVectors = dep.outputStream < 4 ? vectorsUsed(info.outputs, dep.outputStream) : 0;
    if (uint64_t(dep.inputComponent) >= uint64_t(inputVectors) * 4 ||
        uint64_t(dep.outputComponent) >= uint64_t(outputVectors) * 4)
      error("input->output dependency " + std::to_string(dep.inputComponent) + " -> " +
            std::to_string(dep.outputComponent) + " (stream " + std::to_string(dep.outputStream) +
            ") lies outside the packed signatures");
  }
  return diags;
}

std::vector<uint8_t> writeInputSignaturePart(const ShaderRuntimeInfo& info) {
  return writeSignaturePart(info, info.inputs, /*isInput=*/true);
}

std::vector<uint8_t> writeOutputSignaturePart(const ShaderRuntimeInfo& info) {
  return writeSignaturePart(info, info.outputs, /*isInput=*/false);
}

uint64_t effectiveFeatureFlags(const ShaderRuntimeInfo& info) {
  uint64_t flags = info.featureFlags;
  for (const ResourceBindingRecord& resource : info.resources) {
    if (!resource.fromHeap) continue;
    flags |= resource.resourceClass == ResourceClass::Sampler ? kFeatureSamplerDescriptorHeapIndexing
                                                              : kFeatureResourceDescriptorHeapIndexing;
  }
  return flags;
}

std::vector<uint8_t> writeFeatureInfoPart(const ShaderRuntimeInfo& info) {
  std::vector<uint8_t> out;
  const uint64_t flags = effectiveFeatureFlags(info);
  appendU32(out, static_cast<uint32_t>(flags));
  appendU32(out, static_cast<uint32_t>(flags >> 32));
  return out;
}

std::vector<uint8_t> writePipelineStatePart(const ShaderRuntimeInfo& info) {
  const uint32_t version = psvVersionFor(info.validatorMajor, info.validatorMinor).value_or(3);
  const bool boolAsUnknown = !validatorAtLeast(info, 1, 5);
  std::vector<uint8_t> out;

  // Signature elements first: they fill the string and index tables the runtime info points into.
  std::vector<char> strings(1, '\0');
  std::vector<uint32_t> indexTable;
  std::vector<dxbc::PSV::v0::SignatureElement> elements;
  for (const SignatureElementRecord& e : info.inputs) elements.push_back(psvElement(e, boolAsUnknown, strings, indexTable));
  for (const SignatureElementRecord& e : info.outputs) elements.push_back(psvElement(e, boolAsUnknown, strings, indexTable));

  dxbc::PSV::v3::RuntimeInfo runtime = runtimeInfo(info);
  if (version >= 3) {
    runtime.EntryNameOffset = static_cast<uint32_t>(strings.size());
    strings.insert(strings.end(), info.entryName.begin(), info.entryName.end());
    strings.push_back('\0');
  }
  while (strings.size() % 4 != 0) strings.push_back('\0');

  const uint32_t infoSize = runtimeInfoSize(version);
  appendU32(out, infoSize);
  // Older versions are prefixes of the v3 struct: fields past infoSize are simply not written.
  static_assert(sizeof(dxbc::PSV::v3::RuntimeInfo) == 52, "PSV v3 runtime info layout changed");
  appendBytes(out, &runtime, infoSize);

  const std::vector<const ResourceBindingRecord*> resources = boundResourcesInPSVOrder(info);
  appendU32(out, static_cast<uint32_t>(resources.size()));
  if (!resources.empty()) {
    const uint32_t bindSize = version >= 2 ? sizeof(dxbc::PSV::v2::ResourceBindInfo)
                                           : sizeof(dxbc::PSV::v0::ResourceBindInfo);
    appendU32(out, bindSize);
    for (const ResourceBindingRecord* r : resources) {
      appendU32(out, psvResourceType(*r));
      appendU32(out, r->space);
      appendU32(out, r->lowerBound);
      appendU32(out, r->rangeSize == kUnboundedRange ? 0xFFFFFFFFu : r->lowerBound + r->rangeSize - 1);
      if (version >= 2) {
        appendU32(out, static_cast<uint32_t>(r->kind));
        appendU32(out, r->resourceClass == ResourceClass::UAV && r->usedByAtomic64 ? 1u : 0u);
      }
    }
  }
  if (version == 0) return out;

  appendU32(out, static_cast<uint32_t>(strings.size()));
  appendBytes(out, strings.data(), strings.size());
  appendU32(out, static_cast<uint32_t>(indexTable.size()));
  for (uint32_t index : indexTable) appendU32(out, index);
  if (!elements.empty()) {
    appendU32(out, sizeof(dxbc::PSV::v0::SignatureElement));
    for (const dxbc::PSV::v0::SignatureElement& element : elements) appendRecord(out, element);
  }

  // No ViewID masks (UsesViewID is 0). Input->output tables, one per stream with outputs: a row
  // of output-component bits for every input component.
  const uint32_t inputVectors = runtime.SigInputVectors;
  for (uint8_t stream = 0; stream < 4; ++stream) {
    const uint32_t outputVectors = runtime.SigOutputVectors[stream];
    if (inputVectors == 0 || outputVectors == 0) continue;
    const uint32_t dwordsPerRow = (outputVectors + 7) / 8;
    std::vector<uint32_t> table(inputVectors * 4 * dwordsPerRow, 0);
    for (const IODependency& dep : info.ioDependencies) {
      if (dep.outputStream != stream) continue;
      table[dep.inputComponent * dwordsPerRow + dep.outputComponent / 32] |= 1u << (dep.outputComponent % 32);
    }
    for (uint32_t word : table) appendU32(out, word);
  }
  return out;
}

std::vector<uint8_t> writeProgramPart(const ShaderRuntimeInfo& info, std::span<const uint8_t> bitcode) {
  const uint32_t paddedBitcode = static_cast<uint32_t>((bitcode.size() + 3) / 4 * 4);
  dxbc::ProgramHeader header;
  std::memset(&header, 0, sizeof(header));
  header.Version = dxbc::ProgramHeader::getVersion(static_cast<uint8_t>(info.shaderModelMajor),
                                                   static_cast<uint8_t>(info.shaderModelMinor));
  header.ShaderKind = static_cast<uint16_t>(info.stage);
  header.Size = static_cast<uint32_t>((sizeof(dxbc::ProgramHeader) + paddedBitcode) / 4);
  std::memcpy(header.Bitcode.Magic, "DXIL", 4);
  // SM 6.x is DXIL 1.x.
  header.Bitcode.MajorVersion = 1;
  header.Bitcode.MinorVersion = static_cast<uint8_t>(info.shaderModelMinor);
  header.Bitcode.Offset = sizeof(dxbc::BitcodeHeader);
  header.Bitcode.Size = static_cast<uint32_t>(bitcode.size());
  std::vector<uint8_t> out;
  appendRecord(out, header);
  appendBytes(out, bitcode.data(), bitcode.size());
  padTo4(out);
  return out;
}

}  // namespace sl::dxil
