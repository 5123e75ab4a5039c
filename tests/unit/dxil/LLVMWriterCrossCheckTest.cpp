// Cross-checks our PSV0 bytes with LLVM's own writer (mcdxbc::PSVRuntimeInfo in LLVMMC) where the two
// must agree: runtime info and resource bindings, with no named signature elements (LLVM's string
// table builder orders and shares names differently from DXC, which we follow).
#include "core/dxil/container/ContainerParts.h"
#include "tests/unit/dxil/TestShaders.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/MC/DXContainerPSVInfo.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace sl::dxil;
using namespace sl::dxil::test;

TEST_CASE("PSV0 v2 of a compute shader matches LLVM's writer byte for byte", "[dxil][psv]") {
  ShaderRuntimeInfo info = computeShaderWithHeaps();
  info.validatorMinor = 6;  // PSV0 version 2
  const std::vector<uint8_t> ours = writePipelineStatePart(info);

  llvm::mcdxbc::PSVRuntimeInfo psv;
  psv.BaseData.MinimumWaveLaneCount = 0;
  psv.BaseData.MaximumWaveLaneCount = 0xFFFFFFFFu;
  psv.BaseData.ShaderStage = 5;
  psv.BaseData.NumThreadsX = 8;
  psv.BaseData.NumThreadsY = 8;
  psv.BaseData.NumThreadsZ = 1;
  auto bind = [](uint32_t type, uint32_t space, uint32_t lower, uint32_t upper, uint32_t kind) {
    llvm::dxbc::PSV::v2::ResourceBindInfo r;
    std::memset(&r, 0, sizeof(r));
    r.Type = type;
    r.Space = space;
    r.LowerBound = lower;
    r.UpperBound = upper;
    r.Kind = kind;
    return r;
  };
  psv.Resources.push_back(bind(2, 0, 0, 0, 13));
  psv.Resources.push_back(bind(1, 0, 0, 0, 14));
  psv.Resources.push_back(bind(3, 0, 1, 1, 2));
  psv.Resources.push_back(bind(3, 2, 3, 0xFFFFFFFFu, 10));
  psv.Resources.push_back(bind(9, 0, 0, 0, 12));
  psv.finalize(llvm::Triple::Compute);
  llvm::SmallString<256> theirs;
  llvm::raw_svector_ostream os(theirs);
  psv.write(os, 2);

  REQUIRE(ours.size() == theirs.size());
  CHECK(std::memcmp(ours.data(), theirs.data(), ours.size()) == 0);
}

TEST_CASE("ISG1/OSG1 match LLVM's signature writer up to DXC's 4-byte padding", "[dxil][signature]") {
  for (const ShaderRuntimeInfo& info : {vertexShader(), pixelShader()}) {
    for (bool input : {true, false}) {
      INFO("stage " << int(info.stage) << (input ? " inputs" : " outputs"));
      const std::vector<uint8_t> ours = input ? writeInputSignaturePart(info) : writeOutputSignaturePart(info);
      // Same rows, in element order, with the values our writer derives (checked elsewhere through
      // LLVM's reader); LLVM shares names and sorts rows the same way, but does not pad.
      llvm::mcdxbc::Signature signature;
      for (const SignatureElementRecord& e : input ? info.inputs : info.outputs) {
        const uint8_t mask = static_cast<uint8_t>(((1u << e.cols) - 1) << e.startCol);
        const uint8_t usage = static_cast<uint8_t>(e.usageMask << e.startCol);
        const auto systemValue = e.kind == SemanticKind::Position ? llvm::dxbc::D3DSystemValue::Position
                                 : e.kind == SemanticKind::Target ? llvm::dxbc::D3DSystemValue::Target
                                                                  : llvm::dxbc::D3DSystemValue::Undefined;
        signature.addParam(0, e.name, e.semanticIndices[0], systemValue, llvm::dxbc::SigComponentType::Float32,
                           static_cast<uint32_t>(e.startRow), mask,
                           input ? usage : static_cast<uint8_t>(~usage & 0xF), llvm::dxbc::SigMinPrecision::Default);
      }
      llvm::SmallString<256> theirs;
      llvm::raw_svector_ostream os(theirs);
      signature.write(os);
      REQUIRE(ours.size() == (theirs.size() + 3) / 4 * 4);
      CHECK(std::memcmp(ours.data(), theirs.data(), theirs.size()) == 0);
      for (size_t i = theirs.size(); i < ours.size(); ++i) CHECK(ours[i] == 0);
    }
  }
}
