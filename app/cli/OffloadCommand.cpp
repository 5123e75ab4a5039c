// `shaderlens offload PIPELINE.yaml SHADER...`: upstream offloader's command line and output, on
// the HAL's Vulkan backend (renderer/offload/Offloader.h).
#include "app/cli/Commands.h"

#include "core/support/AtomicFile.h"
#include "renderer/offload/Offloader.h"

#include <cstdio>

namespace sl::cli {

namespace {

const char* kOffloadHelp =
    "usage: shaderlens offload [options] PIPELINE.yaml SHADER...\n"
    "Runs an llvm/offload-test-suite pipeline like upstream's offloader: one compiled shader (SPIR-V)\n"
    "per Shaders[] entry; prints the pipeline back as YAML with the outputs filled in.\n"
    "Exit status 1 if the pipeline is malformed, cannot run, or a Results rule fails.\n"
    "Options:\n"
    "  -quiet                 do not print the pipeline\n"
    "  -api vk                the API (Vulkan is the only one; also guessed from the shader)\n"
    "  -validation-layer      enable the Vulkan validation layer (-debug-layer is the same)\n"
    "  -adapter-regex=R       use the first device whose name matches R (case-insensitive)\n"
    "  --device vulkan|cpu    run on a Vulkan device (default) or on the CPU device, which\n"
    "                         executes the SPIR-V exactly as the specs define it (docs/interp.md)\n"
    "  --fp32-denorm=MODE     fp32 denormals on a CPU device (llvmpipe): flush (as D3D's default\n"
    "                         float mode), preserve, or device (default: what the device does);\n"
    "                         flush/preserve fail on GPUs (docs/hal.md, \"fp32 denormals\")\n"
    "  -o FILE                write the YAML to FILE instead of stdout\n"
    "  -warp, -r NAME         accepted for compatibility; reported as unsupported\n";

}  // namespace

int runOffload(const Args& args) {
  for (const auto& a : args)
    if (a == "--help" || a == "-help" || a == "-h") {
      std::fputs(kOffloadHelp, stdout);
      return kExitSuccess;
    }
  offload::OffloaderOptions options;
  std::vector<std::string> positional;
  std::string outputFile;
  std::string error = offload::parseOffloaderArgs(args, options, positional, outputFile);
  if (!error.empty()) {
    std::fprintf(stderr, "shaderlens offload: %s\n", error.c_str());
    return kExitUsage;
  }
  if (positional.empty()) {
    std::fprintf(stderr, "shaderlens offload: no pipeline file (see --help)\n");
    return kExitUsage;
  }
  std::string pipelineText;
  if (!readWholeFile(positional[0], pipelineText, error)) {
    std::fprintf(stderr, "gpu-exec: error: %s\n", error.c_str());
    return 1;
  }
  std::vector<std::vector<uint8_t>> shaders;
  for (size_t i = 1; i < positional.size(); ++i) {
    std::string bytes;
    if (!readWholeFile(positional[i], bytes, error)) {
      std::fprintf(stderr, "gpu-exec: error: %s\n", error.c_str());
      return 1;
    }
    shaders.emplace_back(bytes.begin(), bytes.end());
  }
  offload::OffloaderRun run = offload::runOffloader(pipelineText, positional[0], shaders, options);
  std::fwrite(run.out.data(), 1, run.out.size(), stdout);
  std::fwrite(run.err.data(), 1, run.err.size(), stderr);
  if (!run.dump.empty()) {
    if (outputFile.empty() || outputFile == "-") {
      std::fwrite(run.dump.data(), 1, run.dump.size(), stdout);
    } else if (std::string err = writeFileAtomically(outputFile, run.dump); !err.empty()) {
      std::fprintf(stderr, "gpu-exec: error: %s\n", err.c_str());
      return 1;
    }
  }
  return run.exitCode;
}

}  // namespace sl::cli
