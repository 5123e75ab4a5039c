// Runs LLVM's obj2yaml on written containers: it must accept them and show every part.
#include "core/dxil/container/ContainerWriter.h"
#include "core/support/AtomicFile.h"
#include "tests/unit/dxil/TestShaders.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

using namespace sl::dxil;
using namespace sl::dxil::test;

namespace {

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    path = std::filesystem::temp_directory_path() / ("sl-dxil-" + std::to_string(::getpid()));
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

std::string tool(const char* name) { return std::string(SL_LLVM_TOOLS_DIR) + "/" + name; }

// Writes the container, runs obj2yaml on it and returns the YAML (exit status in `status`).
std::string obj2yaml(const TempDir& dir, const std::string& stem, const std::vector<uint8_t>& bytes, int& status) {
  const std::string bin = (dir.path / (stem + ".dxbc")).string();
  const std::string yaml = (dir.path / (stem + ".yaml")).string();
  REQUIRE(sl::writeFileAtomically(bin, bytes).empty());
  const std::string command = "'" + tool("obj2yaml") + "' '" + bin + "' > '" + yaml + "' 2>&1";
  status = std::system(command.c_str());
  std::string text, error;
  REQUIRE(sl::readWholeFile(yaml, text, error));
  return text;
}

}  // namespace

TEST_CASE("obj2yaml-19 reads our containers", "[dxil][obj2yaml]") {
  TempDir dir;
  struct Case {
    const char* stem;
    ShaderRuntimeInfo info;
    std::vector<const char*> mentions;
  };
  const std::vector<Case> cases = {
      {"cs", computeShaderWithHeaps(),
       {"Name:            SFI0", "ResourceDescriptorHeapIndexing: true", "SamplerDescriptorHeapIndexing: true",
        "Name:            PSV0", "Version:         3", "NumThreadsX:     8", "EntryName:       CSMain",
        "Type:            9", "Name:            DXIL", "ShaderKind:      5"}},
      {"vs", vertexShader(),
       {"Name:            ISG1", "Name:            POSITION", "Name:            OSG1", "Name:            SV_Position",
        "SystemValue:     Position", "ExclusiveMask:   14", "Name:            TEXCOORD", "SigInputVectors: 2",
        "ShaderKind:      1"}},
      {"ps", pixelShader(),
       {"Name:            SV_Target", "SystemValue:     Target", "Register:        1",
        "Interpolation:   LinearNoperspective", "ShaderKind:      0"}},
  };
  for (const Case& c : cases) {
    INFO(c.stem);
    ContainerBuildResult built = buildContainer(c.info);
    REQUIRE(built.ok());
    int status = -1;
    const std::string yaml = obj2yaml(dir, c.stem, built.bytes, status);
    INFO(yaml);
    CHECK(status == 0);
    for (const char* mention : c.mentions) CHECK(yaml.find(mention) != std::string::npos);
  }
}

TEST_CASE("obj2yaml-19 rejects a truncated container", "[dxil][obj2yaml]") {
  TempDir dir;
  ContainerBuildResult built = buildContainer(vertexShader());
  REQUIRE(built.ok());
  built.bytes.resize(built.bytes.size() - 30);  // cut into the DXIL part
  int status = 0;
  obj2yaml(dir, "cut", built.bytes, status);
  CHECK(status != 0);
}
