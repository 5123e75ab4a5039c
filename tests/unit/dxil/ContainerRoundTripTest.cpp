// Writes containers for hand-built shaders and checks every field through LLVM's reader.
#include "core/dxil/container/ContainerHash.h"
#include "core/dxil/container/ContainerWriter.h"
#include "core/dxil/container/FeatureFlags.h"
#include "tests/unit/dxil/TestShaders.h"

#include "llvm/BinaryFormat/DXContainer.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace sl::dxil;
using namespace sl::dxil::test;
namespace dxbc = llvm::dxbc;

namespace {

std::vector<dxbc::ProgramSignatureElement> params(const llvm::object::DirectX::Signature& signature) {
  std::vector<dxbc::ProgramSignatureElement> out;
  for (const dxbc::ProgramSignatureElement& p : signature) out.push_back(p);
  return out;
}

std::vector<dxbc::PSV::v0::SignatureElement> psvElements(
    llvm::object::ViewArray<dxbc::PSV::v0::SignatureElement> view) {
  std::vector<dxbc::PSV::v0::SignatureElement> out;
  for (dxbc::PSV::v0::SignatureElement e : view) out.push_back(e);
  return out;
}

std::string psvName(const llvm::object::DirectX::PSVRuntimeInfo& psv, uint32_t offset) {
  REQUIRE(offset < psv.getStringTable().size());
  return psv.getStringTable().substr(offset).take_until([](char c) { return c == '\0'; }).str();
}

std::vector<uint32_t> words(llvm::object::ViewArray<uint32_t> view) {
  std::vector<uint32_t> out;
  for (uint32_t w : view) out.push_back(w);
  return out;
}

}  // namespace

TEST_CASE("container header, part order and digest", "[dxil][container]") {
  ReadBack rb = buildAndRead(computeShaderWithHeaps());
  const dxbc::Header& header = rb.container->getHeader();
  CHECK(std::memcmp(header.Magic, "DXBC", 4) == 0);
  CHECK(header.Version.Major == 1);
  CHECK(header.Version.Minor == 0);
  CHECK(header.FileSize == rb.bytes.size());
  CHECK(header.PartCount == 6);
  // The header digest is the DXBC checksum of the bytes from offset 20 (ContainerHashTest.cpp).
  const Digest digest = containerDigest(rb.bytes);
  CHECK(std::memcmp(header.FileHash.Digest, digest.data(), digest.size()) == 0);
  std::vector<std::string> names;
  uint32_t previousEnd = 0;
  for (const auto& part : *rb.container) {
    names.push_back(part.Part.getName().str());
    CHECK(part.Offset >= previousEnd);
    CHECK(part.Offset % 4 == 0);
    previousEnd = part.Offset + 8 + part.Part.Size;
  }
  CHECK(previousEnd == rb.bytes.size());
  CHECK(names == std::vector<std::string>{"SFI0", "ISG1", "OSG1", "PSV0", "HASH", "DXIL"});

  // The DXIL part is the bare program header until bitcode exists.
  const auto& dxil = rb.container->getDXIL();
  REQUIRE(dxil.has_value());
  dxbc::ProgramHeader program = dxil->first;
  CHECK(program.ShaderKind == 5);
  CHECK(program.getMajorVersion() == 6);
  CHECK(program.getMinorVersion() == 6);
  CHECK(program.Size == 6);  // 24 bytes in words
  CHECK(program.Bitcode.MajorVersion == 1);
  CHECK(program.Bitcode.MinorVersion == 6);
  CHECK(program.Bitcode.Offset == 16);
  CHECK(program.Bitcode.Size == 0);
}

TEST_CASE("bitcode is padded to words in the DXIL part", "[dxil][container]") {
  const uint8_t bitcode[] = {'B', 'C', 0xC0, 0xDE, 1, 2, 3};
  ContainerBuildResult built = buildContainer(computeShaderWithHeaps(), bitcode);
  REQUIRE(built.ok());
  std::vector<uint8_t> dxil = partData(built.bytes, "DXIL");
  REQUIRE(dxil.size() == 24 + 8);
  dxbc::ProgramHeader program;
  std::memcpy(&program, dxil.data(), sizeof(program));
  CHECK(program.Size == 8);
  CHECK(program.Bitcode.Size == 7);
  CHECK(std::memcmp(dxil.data() + 24, bitcode, 7) == 0);
  CHECK(dxil[31] == 0);
}

TEST_CASE("compute shader: bound resources in PSV0, heap resources only as feature flags", "[dxil][container]") {
  ReadBack rb = buildAndRead(computeShaderWithHeaps());
  const llvm::object::DXContainer& c = *rb.container;

  // The heap resources add both heap-indexing bits to the flags the back end gave.
  REQUIRE(c.getShaderFeatureFlags().has_value());
  CHECK(*c.getShaderFeatureFlags() ==
        (kFeatureComputeShadersPlusRawAndStructuredBuffers | kFeatureResourceDescriptorHeapIndexing |
         kFeatureSamplerDescriptorHeapIndexing));
  CHECK(*c.getShaderFeatureFlags() == (uint64_t(dxbc::FeatureFlags::ComputeShadersPlusRawAndStructuredBuffers) |
                                       uint64_t(dxbc::FeatureFlags::ResourceDescriptorHeapIndexing) |
                                       uint64_t(dxbc::FeatureFlags::SamplerDescriptorHeapIndexing)));

  CHECK(c.getInputSignature().isEmpty());
  CHECK(c.getOutputSignature().isEmpty());

  const auto& psv = c.getPSVInfo();
  REQUIRE(psv.has_value());
  CHECK(psv->getVersion() == 3);
  const auto* info = psv->getInfoAs<dxbc::PSV::v3::RuntimeInfo>();
  REQUIRE(info != nullptr);
  CHECK(info->ShaderStage == 5);
  CHECK(info->NumThreadsX == 8);
  CHECK(info->NumThreadsY == 8);
  CHECK(info->NumThreadsZ == 1);
  CHECK(info->MinimumWaveLaneCount == 0);
  CHECK(info->MaximumWaveLaneCount == 0xFFFFFFFFu);
  CHECK(info->SigInputElements == 0);
  CHECK(info->SigOutputElements == 0);
  CHECK(info->SigInputVectors == 0);
  CHECK(psvName(*psv, info->EntryNameOffset) == "CSMain");

  // Five bound resources, grouped CBV, sampler, SRVs, UAVs; the two heap resources are absent.
  REQUIRE(psv->getResourceCount() == 5);
  CHECK(psv->getResourceStride() == sizeof(dxbc::PSV::v2::ResourceBindInfo));
  std::vector<dxbc::PSV::v2::ResourceBindInfo> resources;
  for (dxbc::PSV::v2::ResourceBindInfo r : psv->getResources()) resources.push_back(r);
  struct Expected { uint32_t type, space, lower, upper, kind; };
  const Expected expected[] = {
      {2, 0, 0, 0, 13},            // CBV b0
      {1, 0, 0, 0, 14},            // Sampler s0
      {3, 0, 1, 1, 2},             // SRVTyped Texture2D t1
      {3, 2, 3, 0xFFFFFFFFu, 10},  // SRVTyped TypedBuffer t3[] space2, unbounded
      {9, 0, 0, 0, 12},            // UAVStructuredWithCounter u0
  };
  for (size_t i = 0; i < 5; ++i) {
    INFO("resource " << i);
    CHECK(resources[i].Type == expected[i].type);
    CHECK(resources[i].Space == expected[i].space);
    CHECK(resources[i].LowerBound == expected[i].lower);
    CHECK(resources[i].UpperBound == expected[i].upper);
    CHECK(resources[i].Kind == expected[i].kind);
    CHECK(resources[i].Flags == 0);
  }
}

TEST_CASE("compute shader: wave size and atomic64 flag", "[dxil][container]") {
  ShaderRuntimeInfo info = computeShaderWithHeaps();
  info.waveSize = std::make_pair(16u, 64u);
  info.resources[0].usedByAtomic64 = true;  // the UAV
  info.resources.erase(info.resources.begin() + 5, info.resources.end());
  ReadBack rb = buildAndRead(info);
  CHECK(*rb.container->getShaderFeatureFlags() == kFeatureComputeShadersPlusRawAndStructuredBuffers);
  const auto* runtime = rb.container->getPSVInfo()->getInfoAs<dxbc::PSV::v3::RuntimeInfo>();
  REQUIRE(runtime != nullptr);
  CHECK(runtime->MinimumWaveLaneCount == 16);
  CHECK(runtime->MaximumWaveLaneCount == 64);
  std::vector<dxbc::PSV::v2::ResourceBindInfo> resources;
  for (dxbc::PSV::v2::ResourceBindInfo r : rb.container->getPSVInfo()->getResources()) resources.push_back(r);
  REQUIRE(resources.size() == 5);
  CHECK(resources[4].Type == 9);
  CHECK(resources[4].Flags == 1);
}

TEST_CASE("vertex shader: ISG1, OSG1 and PSV0 through LLVM's reader", "[dxil][container]") {
  ReadBack rb = buildAndRead(vertexShader());
  const llvm::object::DXContainer& c = *rb.container;

  const auto& isg = c.getInputSignature();
  std::vector<dxbc::ProgramSignatureElement> in = params(isg);
  REQUIRE(in.size() == 2);
  CHECK(isg.getName(in[0].NameOffset) == "POSITION");
  CHECK(in[0].Index == 0);
  CHECK(in[0].SystemValue == dxbc::D3DSystemValue::Undefined);
  CHECK(in[0].CompType == dxbc::SigComponentType::Float32);
  CHECK(in[0].Register == 0);
  CHECK(in[0].Mask == 0xF);
  CHECK(in[0].ExclusiveMask == 0xF);  // always read
  CHECK(in[0].MinPrecision == dxbc::SigMinPrecision::Default);
  CHECK(in[0].Stream == 0);
  CHECK(isg.getName(in[1].NameOffset) == "TEXCOORD");
  CHECK(in[1].Register == 1);
  CHECK(in[1].Mask == 0x3);
  CHECK(in[1].ExclusiveMask == 0x3);

  const auto& osg = c.getOutputSignature();
  std::vector<dxbc::ProgramSignatureElement> out = params(osg);
  REQUIRE(out.size() == 2);
  CHECK(osg.getName(out[0].NameOffset) == "SV_Position");
  CHECK(out[0].SystemValue == dxbc::D3DSystemValue::Position);
  CHECK(out[0].Register == 0);
  CHECK(out[0].Mask == 0xF);
  CHECK(out[0].ExclusiveMask == 0);  // never-writes: none
  CHECK(osg.getName(out[1].NameOffset) == "TEXCOORD");
  CHECK(out[1].Register == 1);
  CHECK(out[1].Mask == 0x3);
  // DXC masks never-writes with 0xF, not with the declared mask: .y, .z and .w.
  CHECK(out[1].ExclusiveMask == 0xE);

  const auto& psv = c.getPSVInfo();
  REQUIRE(psv.has_value());
  const auto* info = psv->getInfoAs<dxbc::PSV::v3::RuntimeInfo>();
  REQUIRE(info != nullptr);
  CHECK(info->ShaderStage == 1);
  CHECK(info->StageInfo.VS.OutputPositionPresent == 1);
  CHECK(info->SigInputElements == 2);
  CHECK(info->SigOutputElements == 2);
  CHECK(info->SigInputVectors == 2);
  CHECK(info->SigOutputVectors[0] == 2);
  CHECK(info->SigOutputVectors[1] == 0);
  CHECK(info->NumThreadsX == 0);
  CHECK(psvName(*psv, info->EntryNameOffset) == "VSMain");
  CHECK(psv->getResourceCount() == 0);

  std::vector<dxbc::PSV::v0::SignatureElement> inputs = psvElements(psv->getSigInputElements());
  std::vector<dxbc::PSV::v0::SignatureElement> outputs = psvElements(psv->getSigOutputElements());
  REQUIRE(inputs.size() == 2);
  REQUIRE(outputs.size() == 2);
  CHECK(psvName(*psv, inputs[0].NameOffset) == "POSITION");
  CHECK(inputs[0].Rows == 1);
  CHECK(inputs[0].StartRow == 0);
  CHECK(inputs[0].Cols == 4);
  CHECK(inputs[0].StartCol == 0);
  CHECK(inputs[0].Allocated == 1);
  CHECK(inputs[0].Kind == dxbc::PSV::SemanticKind::Arbitrary);
  CHECK(inputs[0].Type == dxbc::PSV::ComponentType::Float32);
  CHECK(inputs[0].Mode == dxbc::PSV::InterpolationMode::Undefined);
  CHECK(psvName(*psv, inputs[1].NameOffset) == "TEXCOORD");
  CHECK(inputs[1].StartRow == 1);
  CHECK(inputs[1].Cols == 2);
  // System values carry no name in PSV0; arbitrary ones do, once per element.
  CHECK(outputs[0].NameOffset == 0);
  CHECK(outputs[0].Kind == dxbc::PSV::SemanticKind::Position);
  CHECK(outputs[0].Mode == dxbc::PSV::InterpolationMode::LinearNoperspective);
  CHECK(psvName(*psv, outputs[1].NameOffset) == "TEXCOORD");
  CHECK(outputs[1].NameOffset != inputs[1].NameOffset);
  CHECK(outputs[1].Mode == dxbc::PSV::InterpolationMode::Linear);
  // Every element has semantic index 0: one shared index-table entry.
  CHECK(psv->getSemanticIndexTable().size() == 1);
  for (const auto& e : inputs) CHECK(e.IndicesOffset == 0);

  // 2 input vectors -> 8 input components, each one dword of output bits.
  std::vector<uint32_t> map = words(psv->getInputOutputMap(0));
  REQUIRE(map.size() == 8);
  CHECK(map == std::vector<uint32_t>{0x1, 0x2, 0x4, 0x8, 0x10, 0, 0, 0});
  CHECK(psv->getInputOutputMap(1).isEmpty());
}

TEST_CASE("pixel shader: SV_Position input and two render targets", "[dxil][container]") {
  ReadBack rb = buildAndRead(pixelShader());
  const llvm::object::DXContainer& c = *rb.container;

  std::vector<dxbc::ProgramSignatureElement> in = params(c.getInputSignature());
  REQUIRE(in.size() == 1);
  CHECK(c.getInputSignature().getName(in[0].NameOffset) == "SV_Position");
  CHECK(in[0].SystemValue == dxbc::D3DSystemValue::Position);
  CHECK(in[0].Mask == 0xF);
  CHECK(in[0].ExclusiveMask == 0x3);

  const auto& osg = c.getOutputSignature();
  std::vector<dxbc::ProgramSignatureElement> out = params(osg);
  REQUIRE(out.size() == 2);
  for (uint32_t i = 0; i < 2; ++i) {
    INFO("SV_Target" << i);
    CHECK(osg.getName(out[i].NameOffset) == "SV_Target");
    CHECK(out[i].Index == i);
    CHECK(out[i].Register == i);
    CHECK(out[i].SystemValue == dxbc::D3DSystemValue::Target);
    CHECK(out[i].CompType == dxbc::SigComponentType::Float32);
    CHECK(out[i].Mask == 0xF);
    CHECK(out[i].ExclusiveMask == 0);
  }
  // Validator 1.7+: one pooled "SV_Target" for both entries.
  CHECK(out[0].NameOffset == out[1].NameOffset);

  const auto& psv = c.getPSVInfo();
  const auto* info = psv->getInfoAs<dxbc::PSV::v3::RuntimeInfo>();
  REQUIRE(info != nullptr);
  CHECK(info->ShaderStage == 0);
  CHECK(info->StageInfo.PS.DepthOutput == 0);
  CHECK(info->StageInfo.PS.SampleFrequency == 0);
  CHECK(info->SigInputVectors == 1);
  CHECK(info->SigOutputVectors[0] == 2);
  std::vector<dxbc::PSV::v0::SignatureElement> inputs = psvElements(psv->getSigInputElements());
  REQUIRE(inputs.size() == 1);
  CHECK(inputs[0].Mode == dxbc::PSV::InterpolationMode::LinearNoperspective);
  CHECK(inputs[0].Kind == dxbc::PSV::SemanticKind::Position);
  std::vector<dxbc::PSV::v0::SignatureElement> outputs = psvElements(psv->getSigOutputElements());
  REQUIRE(outputs.size() == 2);
  CHECK(outputs[0].Kind == dxbc::PSV::SemanticKind::Target);
  CHECK(outputs[1].StartRow == 1);
  CHECK(psv->getSemanticIndexTable() == llvm::ArrayRef<uint32_t>({0, 1}));
  CHECK(outputs[0].IndicesOffset == 0);
  CHECK(outputs[1].IndicesOffset == 1);
  CHECK(words(psv->getInputOutputMap(0)) == std::vector<uint32_t>{0x1, 0x20, 0, 0});
}

TEST_CASE("pixel shader: sample-rate input, depth output and an unallocated element", "[dxil][container]") {
  ShaderRuntimeInfo info = pixelShader();
  info.inputs.push_back(element("COLOR", {0}, SemanticKind::Arbitrary, SemanticInterpretation::Arb, ComponentType::F32,
                                InterpolationMode::LinearSample, 1, 3, 1, 0, 0x7));
  info.outputs.push_back(element("SV_Depth", {0}, SemanticKind::Depth, SemanticInterpretation::NotPacked,
                                 ComponentType::F32, InterpolationMode::Undefined, 1, 1, -1, -1, 0x1));
  ReadBack rb = buildAndRead(info);
  const auto* runtime = rb.container->getPSVInfo()->getInfoAs<dxbc::PSV::v3::RuntimeInfo>();
  CHECK(runtime->StageInfo.PS.SampleFrequency == 1);
  CHECK(runtime->StageInfo.PS.DepthOutput == 1);
  CHECK(runtime->SigOutputVectors[0] == 2);  // SV_Depth takes no register
  std::vector<dxbc::ProgramSignatureElement> out = params(rb.container->getOutputSignature());
  REQUIRE(out.size() == 3);
  CHECK(rb.container->getOutputSignature().getName(out[2].NameOffset) == "SV_Depth");
  CHECK(out[2].Register == 0xFFFFFFFFu);
  CHECK(out[2].SystemValue == dxbc::D3DSystemValue::Depth);
  CHECK(out[2].Mask == 0x1);
  std::vector<dxbc::PSV::v0::SignatureElement> psvOut = psvElements(rb.container->getPSVInfo()->getSigOutputElements());
  REQUIRE(psvOut.size() == 3);
  CHECK(psvOut[2].Allocated == 0);
  CHECK(psvOut[2].StartRow == 0);
}

TEST_CASE("NotInSig elements stay out of ISG1 but keep their pool bytes", "[dxil][container]") {
  ShaderRuntimeInfo info = pixelShader();
  info.inputs.push_back(element("SV_Coverage", {0}, SemanticKind::Coverage, SemanticInterpretation::NotInSig,
                                ComponentType::U32, InterpolationMode::Undefined, 1, 1, -1, -1, 0));
  ContainerBuildResult built = buildContainer(info);
  REQUIRE(built.ok());
  std::vector<uint8_t> isg = partData(built.bytes, "ISG1");
  uint32_t count = 0;
  std::memcpy(&count, isg.data(), 4);
  CHECK(count == 1);
  // header 8 + 1 entry 32 + "SV_Position\0" 12 + "SV_Coverage\0" 12 = 64.
  CHECK(isg.size() == 64);
}

TEST_CASE("validator version selects PSV0 version and compatibility rules", "[dxil][container]") {
  CHECK(psvVersionFor(1, 0) == 0u);
  CHECK(psvVersionFor(1, 4) == 1u);
  CHECK(psvVersionFor(1, 6) == 2u);
  CHECK(psvVersionFor(1, 7) == 2u);
  CHECK(psvVersionFor(1, 8) == 3u);
  CHECK(psvVersionFor(1, 9) == 3u);
  CHECK_FALSE(psvVersionFor(1, 10).has_value());
  CHECK_FALSE(psvVersionFor(0, 0).has_value());

  SECTION("1.6: PSV0 v2, no entry name, 24-byte bindings, unshared names, unpadded signatures") {
    ShaderRuntimeInfo info = pixelShader();
    info.validatorMinor = 6;
    PartsReadBack rb = buildAndReadParts(info);
    const auto& psv = rb.view->psv;
    REQUIRE(psv.has_value());
    CHECK(psv->getVersion() == 2);
    CHECK(psv->getInfoAs<dxbc::PSV::v3::RuntimeInfo>() == nullptr);
    CHECK(psv->getStringTable().size() == 4);  // just the empty name, padded
    std::vector<dxbc::ProgramSignatureElement> out = params(rb.view->outputSignature);
    REQUIRE(out.size() == 2);
    CHECK(out[0].NameOffset != out[1].NameOffset);
    // 8 + 2 * 32 + 2 * "SV_Target\0": 92 bytes, not padded.
    CHECK(partData(rb.bytes, "OSG1").size() == 92);
    std::vector<dxbc::PSV::v0::SignatureElement> outputs = psvElements(psv->getSigOutputElements());
    REQUIRE(outputs.size() == 2);
    CHECK(outputs[1].StartRow == 1);
  }
  SECTION("1.7: same PSV0 v2, signatures padded and names shared") {
    ShaderRuntimeInfo info = pixelShader();
    info.validatorMinor = 7;
    ReadBack rb = buildAndRead(info);
    CHECK(rb.container->getPSVInfo()->getVersion() == 2);
    CHECK(partData(rb.bytes, "OSG1").size() == 8 + 64 + 12);
  }
  SECTION("1.4: PSV0 v1, 16-byte bindings, bool as Unknown, never-writes = ~mask") {
    ShaderRuntimeInfo info = computeShaderWithHeaps();
    info.validatorMinor = 4;
    ReadBack rb = buildAndRead(info);
    const auto& psv = rb.container->getPSVInfo();
    CHECK(psv->getVersion() == 1);
    CHECK(psv->getResourceStride() == sizeof(dxbc::PSV::v0::ResourceBindInfo));
    CHECK(psv->getResourceCount() == 5);

    ShaderRuntimeInfo vs = vertexShader();
    vs.validatorMinor = 4;
    vs.outputs[1].componentType = ComponentType::I1;
    vs.outputs[1].interpolation = InterpolationMode::Constant;
    PartsReadBack rbVs = buildAndReadParts(vs);
    std::vector<dxbc::ProgramSignatureElement> in = params(rbVs.view->inputSignature);
    CHECK(in[0].ExclusiveMask == 0);
    std::vector<dxbc::ProgramSignatureElement> out = params(rbVs.view->outputSignature);
    CHECK(out[1].CompType == dxbc::SigComponentType::Unknown);
    CHECK(out[1].ExclusiveMask == 0xFC);
    std::vector<dxbc::PSV::v0::SignatureElement> psvOut = psvElements(rbVs.view->psv->getSigOutputElements());
    CHECK(psvOut[1].Type == dxbc::PSV::ComponentType::Unknown);
  }
  SECTION("1.0: PSV0 v0 ends after the resources") {
    ShaderRuntimeInfo info = computeShaderWithHeaps();
    info.validatorMinor = 0;
    ReadBack rb = buildAndRead(info);
    CHECK(rb.container->getPSVInfo()->getVersion() == 0);
    CHECK(partData(rb.bytes, "PSV0").size() == 4 + 24 + 4 + 4 + 5 * 16);
  }
  SECTION("1.5+: bool is UInt32") {
    ShaderRuntimeInfo vs = vertexShader();
    vs.outputs[1].componentType = ComponentType::I1;
    ReadBack rb = buildAndRead(vs);
    std::vector<dxbc::ProgramSignatureElement> out = params(rb.container->getOutputSignature());
    CHECK(out[1].CompType == dxbc::SigComponentType::UInt32);
  }
}

TEST_CASE("LLVM 19's whole-container reader misreads PSV0 after unaligned parts", "[dxil][container]") {
  // Documents why ContainerReader exists: a 1.6 container has a 9-byte name in ISG1, so PSV0 starts
  // off a 4-byte boundary; DXContainer::create then rejects a well-formed PSV0.
  ShaderRuntimeInfo info = vertexShader();
  info.validatorMinor = 6;
  ContainerBuildResult built = buildContainer(info);
  REQUIRE(built.ok());
  CHECK(partData(built.bytes, "ISG1").size() % 4 != 0);
  llvm::StringRef data(reinterpret_cast<const char*>(built.bytes.data()), built.bytes.size());
  auto parsed = llvm::object::DXContainer::create(llvm::MemoryBufferRef(data, "unaligned"));
  CHECK_FALSE(static_cast<bool>(parsed));
  if (!parsed) llvm::consumeError(parsed.takeError());
  std::string error;
  std::optional<ContainerView> view = readContainer(built.bytes, error);
  INFO(error);
  REQUIRE(view.has_value());
  CHECK(view->psv->getSigInputElements().size() == 2);
}

TEST_CASE("minimum precision is reported only for min-precision modules", "[dxil][container]") {
  ShaderRuntimeInfo info = vertexShader();
  info.outputs[1].componentType = ComponentType::F16;
  info.useMinPrecision = true;
  ReadBack rb = buildAndRead(info);
  std::vector<dxbc::ProgramSignatureElement> out = params(rb.container->getOutputSignature());
  CHECK(out[1].CompType == dxbc::SigComponentType::Float16);
  CHECK(out[1].MinPrecision == dxbc::SigMinPrecision::Float16);
  info.useMinPrecision = false;
  ReadBack native = buildAndRead(info);
  out = params(native.container->getOutputSignature());
  CHECK(out[1].MinPrecision == dxbc::SigMinPrecision::Default);
}

TEST_CASE("bad input gives diagnostics, not bytes", "[dxil][container]") {
  auto errorsOf = [](const ShaderRuntimeInfo& info) {
    ContainerBuildResult built = buildContainer(info);
    CHECK(built.bytes.empty());
    return sl::renderDiagnostics(built.diagnostics);
  };
  ShaderRuntimeInfo info = vertexShader();
  info.outputs[1].startCol = 3;  // 2 columns from column 3
  CHECK_THAT(errorsOf(info), Catch::Contains("output signature element 1 'TEXCOORD' at row 1 column 3 does not fit"));

  info = vertexShader();
  info.inputs[0].startRow = 0x7FFFFFFF;  // no overflow on the way to the diagnostic
  info.ioDependencies.clear();
  CHECK_THAT(errorsOf(info), Catch::Contains("input signature element 0 'POSITION' at row 2147483647 column 0 does not fit"));

  info = vertexShader();
  info.outputs[0].cols = 200;
  CHECK_THAT(errorsOf(info), Catch::Contains("has 200 columns (1..4 allowed)"));

  info = vertexShader();
  info.inputs[0].semanticIndices = {0, 1};
  CHECK_THAT(errorsOf(info), Catch::Contains("has 2 semantic indices for 1 rows"));

  info = vertexShader();
  info.inputs[0].startCol = -1;
  CHECK_THAT(errorsOf(info), Catch::Contains("is half allocated"));

  info = vertexShader();
  info.inputs[1].usageMask = 0x4;
  CHECK_THAT(errorsOf(info), Catch::Contains("mask bits beyond its 2 columns"));

  info = vertexShader();
  info.validatorMinor = 10;
  CHECK_THAT(errorsOf(info), Catch::Contains("validator version 1.10 is not supported"));

  info = vertexShader();
  info.stage = ShaderStage::Hull;
  CHECK_THAT(errorsOf(info), Catch::Contains("vertex, pixel and compute shaders only"));

  info = computeShaderWithHeaps();
  info.numThreads = {0, 1, 1};
  CHECK_THAT(errorsOf(info), Catch::Contains("numthreads >= 1"));

  info = computeShaderWithHeaps();
  info.resources[1].rangeSize = 0;
  CHECK_THAT(errorsOf(info), Catch::Contains("resource 1 has an empty binding range"));

  info = computeShaderWithHeaps();
  info.resources[1].lowerBound = 0xFFFFFFF0u;
  info.resources[1].rangeSize = 0x20;
  CHECK_THAT(errorsOf(info), Catch::Contains("overflows 32 bits"));

  info = computeShaderWithHeaps();
  info.resources[4].kind = ResourceKind::Texture2D;  // the cbuffer
  CHECK_THAT(errorsOf(info), Catch::Contains("does not match its class"));

  info = vertexShader();
  info.ioDependencies.push_back({8, 0, 0});
  CHECK_THAT(errorsOf(info), Catch::Contains("lies outside the packed signatures"));
}
