// `shaderlens offload PIPELINE.yaml SHADER...`: upstream offloader's command line and output, on
// the HAL's Vulkan backend (renderer/offload/Offloader.h).
#include "app/cli/Commands.h"

#include "app/cli/GenerateArgs.h"
#include "core/support/AtomicFile.h"
#include "renderer/offload/Generate.h"
#include "renderer/offload/Offloader.h"
#include "renderer/offload/PipelinePrinter.h"
#include "renderer/offload/SpirvReflect.h"

#include <cstdio>
#include <cstdlib>

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
    "  --timeout SECONDS      the dispatch's deadline (default 120; 0: none): past it the run fails\n"
    "  --device vulkan|cpu    run on a Vulkan device (default) or on the CPU device, which\n"
    "                         executes the SPIR-V exactly as the specs define it (docs/interp.md)\n"
    "  --fp32-denorm=MODE     fp32 denormals on a CPU device (llvmpipe): flush (as D3D's default\n"
    "                         float mode), preserve, or device (default: what the device does);\n"
    "                         flush/preserve fail on GPUs (docs/hal.md, \"fp32 denormals\")\n"
    "  -o FILE                write the YAML to FILE instead of stdout\n"
    "  -warp, -r NAME         accepted for compatibility; reported as unsupported\n"
    "\n"
    "usage: shaderlens offload --generate SHADER.spv [-o PIPELINE.yaml] [--entry NAME] [--seed N]\n"
    "                          [--groups X,Y,Z] [--elements N] [-fvk-X-shift N SPACE]...\n"
    "Prints a runnable pipeline for a compute shader, made from its SPIR-V reflection: one resource\n"
    "per binding the shader uses, at its set/binding, sized from its layout and filled with a\n"
    "pseudo-random pattern (floats in [-4, 4], integers in [0, 1000)); counters, push constants and\n"
    "portable descriptor-heap slots included; no Results rules (docs/offload.md, \"Generated\n"
    "pipelines\"). Notes on what was guessed go to stderr. Exit status 1 if the shader cannot be\n"
    "given a pipeline (the message says why).\n"
    "  --entry NAME    the compute entry point (default: the first)\n"
    "  -fvk-{b,t,u,s}-shift N SPACE|all  the shifts the shader was compiled with: the DirectXBindings\n"
    "                  are the Vulkan bindings less these (as DXC maps registers)\n";

int generateCommand(const Args& args) {
  std::string shader, outputFile, error;
  offload::GenerateOptions options;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--generate") continue;
    const int used = parseGenerateArg(args, i, options, error, true);
    if (used < 0) {
      std::fprintf(stderr, "shaderlens offload: %s\n", error.c_str());
      return kExitUsage;
    }
    if (used) continue;
    if (a.size() == 12 && a.rfind("-fvk-", 0) == 0 && a.compare(6, 6, "-shift") == 0) {
      std::vector<std::string> words(args.begin() + long(i), args.begin() + long(std::min(i + 3, args.size())));
      std::vector<offload::RegisterShift> shifts = offload::registerShiftsFromArgs(words);
      if (shifts.empty()) {
        std::fprintf(stderr, "shaderlens offload: %s needs N and a space or 'all'\n", a.c_str());
        return kExitUsage;
      }
      options.shifts.push_back(shifts[0]);
      i += 2;
      continue;
    }
    if (a == "-o") {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "shaderlens offload: -o needs a file\n");
        return kExitUsage;
      }
      outputFile = args[++i];
    } else if (!a.empty() && a[0] == '-' && a != "-") {
      std::fprintf(stderr, "shaderlens offload: unknown option '%s' with --generate (see --help)\n", a.c_str());
      return kExitUsage;
    } else if (!shader.empty()) {
      std::fprintf(stderr, "shaderlens offload: --generate takes one shader\n");
      return kExitUsage;
    } else {
      shader = a;
    }
  }
  if (shader.empty()) {
    std::fprintf(stderr, "shaderlens offload: --generate needs a SPIR-V file (see --help)\n");
    return kExitUsage;
  }
  std::string bytes;
  if (!readWholeFile(shader, bytes, error)) {
    std::fprintf(stderr, "shaderlens offload: %s\n", error.c_str());
    return kExitUsage;
  }
  const offload::ReflectedModule module =
      offload::reflectSpirv(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  offload::GenerateResult generated = offload::generatePipeline(module, options);
  for (const std::string& note : generated.notes) std::fprintf(stderr, "%s: note: %s\n", shader.c_str(), note.c_str());
  if (!generated.ok()) {
    std::fprintf(stderr, "%s: error: cannot generate a pipeline: %s\n", shader.c_str(), generated.error.c_str());
    return 1;
  }
  const std::string yaml = offload::printPipeline(*generated.pipeline);
  if (outputFile.empty() || outputFile == "-") {
    std::fwrite(yaml.data(), 1, yaml.size(), stdout);
  } else if (std::string err = writeFileAtomically(outputFile, yaml); !err.empty()) {
    std::fprintf(stderr, "shaderlens offload: %s\n", err.c_str());
    return 1;
  }
  return kExitSuccess;
}

}  // namespace

int runOffload(const Args& args) {
  for (const auto& a : args)
    if (a == "--help" || a == "-help" || a == "-h") {
      std::fputs(kOffloadHelp, stdout);
      std::fputs(kGenerateOptionsHelp, stdout);
      return kExitSuccess;
    }
  for (const auto& a : args)
    if (a == "--generate") return generateCommand(args);
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
  if (run.deviceAbandoned) {
    // The GPU is still busy with the dispatch: exit without waiting for it.
    std::fflush(stdout);
    std::fflush(stderr);
    std::_Exit(run.exitCode);
  }
  return run.exitCode;
}

}  // namespace sl::cli
