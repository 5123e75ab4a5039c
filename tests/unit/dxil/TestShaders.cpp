#include "tests/unit/dxil/TestShaders.h"

#include "core/dxil/container/ContainerWriter.h"
#include "core/dxil/container/FeatureFlags.h"

#include <catch2/catch.hpp>

#include <cstring>

namespace sl::dxil::test {

SignatureElementRecord element(std::string name, std::vector<uint32_t> indices, SemanticKind kind,
                               SemanticInterpretation interpretation, ComponentType type,
                               InterpolationMode interpolation, uint8_t rows, uint8_t cols, int32_t startRow,
                               int32_t startCol, uint8_t usageMask) {
  SignatureElementRecord e;
  e.name = std::move(name);
  e.semanticIndices = std::move(indices);
  e.kind = kind;
  e.interpretation = interpretation;
  e.componentType = type;
  e.interpolation = interpolation;
  e.rows = rows;
  e.cols = cols;
  e.startRow = startRow;
  e.startCol = startCol;
  e.usageMask = usageMask;
  return e;
}

ShaderRuntimeInfo computeShaderWithHeaps() {
  ShaderRuntimeInfo info;
  info.stage = ShaderStage::Compute;
  info.entryName = "CSMain";
  info.numThreads = {8, 8, 1};
  // dx.resources order inside each class; the writer regroups them by class for PSV0.
  auto bound = [](ResourceClass cls, ResourceKind kind, uint32_t space, uint32_t lower, uint32_t size) {
    ResourceBindingRecord r;
    r.resourceClass = cls;
    r.kind = kind;
    r.space = space;
    r.lowerBound = lower;
    r.rangeSize = size;
    return r;
  };
  ResourceBindingRecord uav = bound(ResourceClass::UAV, ResourceKind::StructuredBuffer, 0, 0, 1);
  uav.hasCounter = true;
  info.resources.push_back(uav);                                                                   // u0
  info.resources.push_back(bound(ResourceClass::SRV, ResourceKind::Texture2D, 0, 1, 1));           // t1
  info.resources.push_back(bound(ResourceClass::SRV, ResourceKind::TypedBuffer, 2, 3, kUnboundedRange));  // t3[], space2
  info.resources.push_back(bound(ResourceClass::Sampler, ResourceKind::Sampler, 0, 0, 1));         // s0
  info.resources.push_back(bound(ResourceClass::CBuffer, ResourceKind::CBuffer, 0, 0, 1));         // b0
  ResourceBindingRecord heapBuffer = bound(ResourceClass::SRV, ResourceKind::TypedBuffer, 0, 0, 1);
  heapBuffer.fromHeap = true;
  info.resources.push_back(heapBuffer);
  ResourceBindingRecord heapSampler = bound(ResourceClass::Sampler, ResourceKind::Sampler, 0, 0, 1);
  heapSampler.fromHeap = true;
  info.resources.push_back(heapSampler);
  info.featureFlags = kFeatureComputeShadersPlusRawAndStructuredBuffers;
  return info;
}

ShaderRuntimeInfo vertexShader() {
  ShaderRuntimeInfo info;
  info.stage = ShaderStage::Vertex;
  info.entryName = "VSMain";
  info.inputs.push_back(element("POSITION", {0}, SemanticKind::Arbitrary, SemanticInterpretation::Arb,
                                ComponentType::F32, InterpolationMode::Undefined, 1, 4, 0, 0, 0xF));
  info.inputs.push_back(element("TEXCOORD", {0}, SemanticKind::Arbitrary, SemanticInterpretation::Arb,
                                ComponentType::F32, InterpolationMode::Undefined, 1, 2, 1, 0, 0x3));
  info.outputs.push_back(element("SV_Position", {0}, SemanticKind::Position, SemanticInterpretation::SV,
                                 ComponentType::F32, InterpolationMode::LinearNoperspective, 1, 4, 0, 0, 0xF));
  info.outputs.push_back(element("TEXCOORD", {0}, SemanticKind::Arbitrary, SemanticInterpretation::Arb,
                                 ComponentType::F32, InterpolationMode::Linear, 1, 2, 1, 0, 0x1));
  // POSITION.xyzw -> SV_Position.xyzw, TEXCOORD.x -> TEXCOORD.x (components are row*4+col).
  for (uint32_t c = 0; c < 4; ++c) info.ioDependencies.push_back({c, c, 0});
  info.ioDependencies.push_back({4, 4, 0});
  return info;
}

ShaderRuntimeInfo pixelShader() {
  ShaderRuntimeInfo info;
  info.stage = ShaderStage::Pixel;
  info.entryName = "PSMain";
  info.inputs.push_back(element("SV_Position", {0}, SemanticKind::Position, SemanticInterpretation::SV,
                                ComponentType::F32, InterpolationMode::LinearNoperspective, 1, 4, 0, 0, 0x3));
  info.outputs.push_back(element("SV_Target", {0}, SemanticKind::Target, SemanticInterpretation::Target,
                                 ComponentType::F32, InterpolationMode::Undefined, 1, 4, 0, 0, 0xF));
  info.outputs.push_back(element("SV_Target", {1}, SemanticKind::Target, SemanticInterpretation::Target,
                                 ComponentType::F32, InterpolationMode::Undefined, 1, 4, 1, 0, 0xF));
  info.ioDependencies.push_back({0, 0, 0});
  info.ioDependencies.push_back({1, 5, 0});
  return info;
}

ReadBack buildAndRead(const ShaderRuntimeInfo& info) {
  ReadBack result;
  ContainerBuildResult built = buildContainer(info);
  INFO(renderDiagnostics(built.diagnostics));
  REQUIRE(built.ok());
  result.bytes = std::move(built.bytes);
  llvm::StringRef data(reinterpret_cast<const char*>(result.bytes.data()), result.bytes.size());
  auto parsed = llvm::object::DXContainer::create(llvm::MemoryBufferRef(data, "test"));
  if (!parsed) FAIL("LLVM cannot read the container: " << llvm::toString(parsed.takeError()));
  result.container.emplace(std::move(*parsed));
  return result;
}

PartsReadBack buildAndReadParts(const ShaderRuntimeInfo& info) {
  PartsReadBack result;
  ContainerBuildResult built = buildContainer(info);
  INFO(renderDiagnostics(built.diagnostics));
  REQUIRE(built.ok());
  result.bytes = std::move(built.bytes);
  std::string error;
  result.view = readContainer(result.bytes, error);
  if (!result.view) FAIL("cannot read the container parts: " << error);
  return result;
}

std::vector<uint8_t> partData(const std::vector<uint8_t>& container, const char* fourCC) {
  uint32_t count = 0;
  std::memcpy(&count, container.data() + 28, 4);
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t offset = 0, size = 0;
    std::memcpy(&offset, container.data() + 32 + 4 * i, 4);
    std::memcpy(&size, container.data() + offset + 4, 4);
    if (std::memcmp(container.data() + offset, fourCC, 4) == 0)
      return std::vector<uint8_t>(container.begin() + offset + 8, container.begin() + offset + 8 + size);
  }
  return {};
}

}  // namespace sl::dxil::test
