// The RTS0 part in containers: DXC's place (after PSV0, before DXIL), LLVM 19's reader still
// reading the rest, the root-signature-only container of -T rootsig_1_x, our reader and printer,
// and corrupted RTS0 bytes giving a diagnostic, never a crash.
#include "core/dxil/container/ContainerHash.h"
#include "core/dxil/container/ContainerPrinter.h"
#include "core/dxil/container/ContainerReader.h"
#include "core/dxil/container/ContainerWriter.h"
#include "core/dxil/rootsig/RootSignatureParser.h"
#include "core/dxil/rootsig/RootSignatureWriter.h"
#include "tests/unit/dxil/TestShaders.h"

#include <catch2/catch.hpp>

using namespace sl::dxil;
using namespace sl::dxil::test;

namespace {

std::vector<uint8_t> rootSignatureBytes(std::string_view text) {
  rootsig::ParsedRootSignature parsed = rootsig::parseRootSignature(text, rootsig::Version::V1_1);
  REQUIRE(parsed.ok());
  return rootsig::serializeRootSignature(parsed.signature);
}

const char kSignature[] = "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT), CBV(b0), DescriptorTable(SRV(t0), UAV(u1)), StaticSampler(s0)";

}  // namespace

TEST_CASE("RTS0 sits after PSV0 and LLVM 19's reader still reads the container", "[dxil][container][rootsig]") {
  ShaderRuntimeInfo info = computeShaderWithHeaps();
  info.rootSignature = rootSignatureBytes(kSignature);
  ReadBack rb = buildAndRead(info);
  REQUIRE(rb.container);
  std::vector<std::string> names;
  for (const auto& part : *rb.container) {
    names.push_back(part.Part.getName().str());
    if (names.back() == "RTS0") CHECK(part.Part.Size == info.rootSignature.size());
  }
  CHECK(names == std::vector<std::string>{"SFI0", "ISG1", "OSG1", "PSV0", "RTS0", "HASH", "DXIL"});
  CHECK(rb.container->getPSVInfo().has_value());

  std::string error;
  std::optional<ContainerView> view = readContainer(rb.bytes, error);
  REQUIRE(view);
  REQUIRE(view->rootSignature);
  CHECK(rootsig::serializeRootSignature(*view->rootSignature) == info.rootSignature);

  std::vector<sl::Diagnostic> diags;
  const std::string text = printContainer(rb.bytes, diags);
  CHECK(diags.empty());
  CHECK_THAT(text, Catch::Contains("; Root signature (RTS0, version 1.1): 2 parameters, 1 static samplers\n"
                                   ";   RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT),\n"
                                   ";   CBV(b0, space = 0, flags = 0, visibility = SHADER_VISIBILITY_ALL),\n"));
}

TEST_CASE("a root signature compiled alone is a container with only RTS0", "[dxil][container][rootsig]") {
  const std::vector<uint8_t> rts0 = rootSignatureBytes(kSignature);
  const std::vector<uint8_t> bytes = buildRootSignatureContainer(rts0);
  CHECK(bytes.size() == 32 + 4 + 8 + rts0.size());
  llvm::Expected<llvm::object::DXContainer> container =
      llvm::object::DXContainer::create(llvm::MemoryBufferRef(llvm::StringRef(reinterpret_cast<const char*>(bytes.data()), bytes.size()), "rts0"));
  REQUIRE(bool(container));
  size_t parts = 0;
  for (const auto& part : *container) {
    ++parts;
    CHECK(part.Part.getName() == "RTS0");
  }
  CHECK(parts == 1);

  std::vector<sl::Diagnostic> diags;
  const std::string text = printContainer(bytes, diags);
  CHECK(diags.empty());
  CHECK_THAT(text, Catch::StartsWith("; DXContainer 1.0, " + std::to_string(bytes.size()) +
                                     " bytes, digest " + digestHex(containerDigest(bytes)) +
                                     " (matches the bytes)\n; parts: RTS0(" + std::to_string(rts0.size()) +
                                     ")\n; Root signature (RTS0, version 1.1)"));
  CHECK_THAT(text, !Catch::Contains("PSV0"));
}

TEST_CASE("corrupted RTS0 bytes give a diagnostic or a printout, never a crash", "[dxil][printer][rootsig]") {
  ShaderRuntimeInfo info = computeShaderWithHeaps();
  info.rootSignature = rootSignatureBytes(kSignature);
  ContainerBuildResult built = buildContainer(info);
  REQUIRE(built.ok());
  std::string error;
  std::optional<ContainerView> view = readContainer(built.bytes, error);
  REQUIRE(view);
  size_t start = 0, size = 0;
  for (const ContainerPartInfo& part : view->parts)
    if (part.name == "RTS0") start = part.offset + 8, size = part.size;
  REQUIRE(size == info.rootSignature.size());
  size_t rejected = 0, printed = 0;
  for (size_t at = start; at < start + size; ++at) {
    for (uint8_t value : {uint8_t(0x00), uint8_t(0x03), uint8_t(0x7F), uint8_t(0xFF)}) {
      std::vector<uint8_t> bytes = built.bytes;
      if (bytes[at] == value) continue;
      bytes[at] = value;
      std::vector<sl::Diagnostic> diags;
      const std::string text = printContainer(bytes, diags);
      if (text.empty()) {
        REQUIRE(diags.size() == 1);
        CHECK_THAT(diags[0].message, Catch::Contains("RTS0"));
        ++rejected;
      } else {
        ++printed;
      }
    }
  }
  CHECK(rejected > 0);
  CHECK(printed > 0);
}
