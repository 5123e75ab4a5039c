// The fixture the whole-path DXIL tests share: HLSL through the pipeline to the `llvm` and `dxil`
// stage texts and the container, plus text and container helpers.
#pragma once

#include "core/pipeline/Pipeline.h"
#include "llvm/Object/DXContainer.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace sl::dxiltest {

inline std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The source.hlsl part of a split-file bundle (offload-test-suite .test, shaders/run/*.test; "#---"
// or "//---" parts, CRLF too); "" when there is none.
inline std::string sourcePart(const std::string& bundle) {
  size_t at = bundle.find("--- source.hlsl");
  if (at == std::string::npos) return "";
  at = bundle.find('\n', at) + 1;
  const size_t end = std::min(bundle.find("\n#--- ", at), bundle.find("\n//--- ", at));
  return bundle.substr(at, end == std::string::npos ? std::string::npos : end - at + 1);
}

struct Compiled {
  std::shared_ptr<const CompileResult> result;
  std::string llvmText, dxilText;
  std::vector<uint8_t> container;
};

// Compiles `source` as test.hlsl with -T profile -E entry (+ extra DXC options); the compile must
// succeed (the diagnostics are shown otherwise).
inline Compiled compile(const std::string& source, const std::string& profile, const std::string& entry = "main",
                        std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"-T", profile, "-E", entry, "test.hlsl"};
  args.insert(args.end(), extra.begin(), extra.end());
  ParsedCommandLine parsed = parseDxcCommandLine(args);
  REQUIRE(parsed.error.empty());
  CompileOptions options = parsed.options;
  options.printStages = {"container"};
  Compiled c;
  c.result = compileSource("test.hlsl", source, options);
  INFO(renderDiagnostics(c.result->diagnostics));
  REQUIRE(c.result->succeeded);
  const StageArtifact* llvmStage = c.result->stage("llvm");
  const StageArtifact* dxilStage = c.result->stage("dxil");
  const StageArtifact* container = c.result->stage("container");
  REQUIRE(llvmStage);
  REQUIRE(dxilStage);
  REQUIRE(container);
  c.llvmText = llvmStage->text;
  c.dxilText = dxilStage->text;
  c.container = container->binary;
  return c;
}

inline bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

inline size_t count(const std::string& text, const std::string& needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// Parses the container with LLVM's whole-container reader (validator 1.8: aligned parts).
inline llvm::object::DXContainer reread(const std::vector<uint8_t>& bytes) {
  llvm::StringRef data(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  llvm::Expected<llvm::object::DXContainer> c = llvm::object::DXContainer::create(llvm::MemoryBufferRef(data, "test"));
  if (!c) {
    std::string message = llvm::toString(c.takeError());
    FAIL("LLVM cannot read the container: " << message);
  }
  return std::move(*c);
}

}  // namespace sl::dxiltest
