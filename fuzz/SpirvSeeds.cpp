// Seed maker for the SPIR-V reader fuzzer: compiles HLSL files with our own compiler (compute,
// SPIR-V) and writes each module that compiles to OUT_DIR/<n>.spv. Sources that do not compile
// with the default options are skipped; the corpus only needs to be varied, not complete.
// Usage: fuzz_spirv_seeds OUT_DIR FILE.hlsl...
#include "core/pipeline/Pipeline.h"
#include "core/support/AtomicFile.h"

#include <cstdio>
#include <string>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUT_DIR FILE.hlsl...\n", argv[0]);
    return 2;
  }
  const std::string outDir = argv[1];
  int written = 0;
  for (int i = 2; i < argc; ++i) {
    std::string source, error;
    if (!sl::readWholeFile(argv[i], source, error)) continue;
    sl::CompileOptions options;
    options.inputFile = argv[i];
    options.target = sl::TargetKind::Spirv;
    options.spirvTargetEnv = "vulkan1.3";
    options.enable16BitTypes = source.find("half") != std::string::npos ||
                               source.find("int16_t") != std::string::npos;
    auto result = sl::compileSource(argv[i], source, options);
    if (!result->succeeded || result->object.empty()) continue;
    if (sl::writeFileAtomically(outDir + "/" + std::to_string(i - 2) + ".spv", result->object).empty()) ++written;
  }
  std::printf("%d SPIR-V seeds written to %s\n", written, outDir.c_str());
  return 0;
}
