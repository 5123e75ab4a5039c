// `shaderlens run FILE.test [--keep DIR]`: a whole offload-test-suite bundle in one process —
// split-file, compile every `%dxc_target` RUN line with our compiler (for Vulkan: -spirv
// -fspv-target-env=vulkan1.3, as upstream's lit config adds), then every `%offloader` RUN line
// through the same code as `shaderlens offload`, printing the same output.
#include "app/cli/Commands.h"

#include "app/cli/BundleCompile.h"
#include "app/cli/GenerateArgs.h"
#include "core/pipeline/Pipeline.h"
#include "core/support/AtomicFile.h"
#include "renderer/offload/Bundle.h"
#include "renderer/offload/Compare.h"
#include "renderer/offload/Generate.h"
#include "renderer/offload/Offloader.h"
#include "renderer/offload/SpirvReflect.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <map>

namespace sl::cli {

namespace {

const char* kRunHelp =
    "usage: shaderlens run FILE.test [--keep DIR] [--device vulkan|cpu] [--fp32-denorm=device|flush|preserve]\n"
    "Splits an llvm/offload-test-suite bundle, compiles its sources with the flags of its %dxc_target\n"
    "RUN lines (plus -spirv -fspv-target-env=vulkan1.3) and runs each %offloader RUN line on Vulkan,\n"
    "printing what `shaderlens offload` prints. `not %offloader` lines are expected to fail.\n"
    "Exit status 0 when every run behaved as its RUN line expects, 1 otherwise, 2 on usage errors.\n"
    "  --keep DIR   also write the split parts and compiled shaders into DIR\n"
    "  --device D   vulkan (default) or cpu: the CPU device (docs/interp.md)\n"
    "  --timeout S  each dispatch's deadline in seconds (default 120; 0: none)\n"
    "  --compare cpu  run each pipeline on the device (Vulkan by default) and on the CPU device and\n"
    "               compare every output element (integers exactly, floats by the test's own rule,\n"
    "               else --ulp N, default 1); each difference names the invocation that last wrote\n"
    "               it and its source line. Exit status 1 when they differ\n"
    "  --fp32-denorm=MODE  fp32 denormals on a CPU device (llvmpipe): flush (as D3D), preserve, or\n"
    "               device (default: what the device does); see docs/hal.md\n"
    "\n"
    "usage: shaderlens run --new SHADER.hlsl [DXC options] [--seed N] [--groups X,Y,Z] [--elements N]\n"
    "                      [-o BUNDLE.test]\n"
    "Makes a bundle from a compute shader: compiles it (the DXC options, -T cs_6_6 when none is given,\n"
    "plus what `run` adds), generates a pipeline from the SPIR-V's reflection (as `shaderlens offload\n"
    "--generate`: every used binding at its set/binding, pseudo-random inputs, no Results rules) and\n"
    "writes source.hlsl, pipeline.yaml and the RUN lines to BUNDLE.test (stdout without -o). Then\n"
    "`shaderlens run --compare cpu BUNDLE.test` runs it on both devices. Exit 1 if the shader does\n"
    "not compile or cannot be given a pipeline.\n";

// "%t.o" -> "t.o", "%t-vs.o" -> "t-vs.o", "%t/x.o" -> "x.o": a file name for --keep.
std::string keepName(const std::string& litPath) {
  std::string name = litPath;
  if (name.rfind("%t/", 0) == 0) return name.substr(3);
  if (name.rfind("%t", 0) == 0) return "t" + name.substr(2);
  return std::filesystem::path(name).filename().string();
}

// Where --keep writes `name`: inside `dir` (subfolders created), or "" with `error` set when the
// name would leave it (an absolute path, or ".." past the top) — a bundle decides names, not where
// files land.
std::string keepPath(const std::string& dir, const std::string& name, std::string& error) {
  namespace fs = std::filesystem;
  const fs::path relative = fs::path(name).lexically_normal();
  if (name.empty() || relative.is_absolute() || relative.has_root_name() || relative.empty() || *relative.begin() == ".." ||
      relative == ".") {
    error = "'" + name + "' would be written outside --keep " + dir;
    return "";
  }
  const fs::path target = fs::path(dir) / relative;
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  if (ec) {
    error = "cannot create " + target.parent_path().string() + ": " + ec.message();
    return "";
  }
  return target.string();
}

int newBundle(const Args& args) {
  std::string shader, outputFile, error;
  offload::GenerateOptions options;
  std::vector<std::string> compileArgs;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--new") {
      if (i + 1 >= args.size() || !shader.empty()) {
        std::fprintf(stderr, "shaderlens run: --new needs one HLSL file\n");
        return kExitUsage;
      }
      shader = args[++i];
      continue;
    }
    const int used = parseGenerateArg(args, i, options, error, false);
    if (used < 0) {
      std::fprintf(stderr, "shaderlens run: %s\n", error.c_str());
      return kExitUsage;
    }
    if (used) continue;
    if (a == "-o") {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "shaderlens run: -o needs a file\n");
        return kExitUsage;
      }
      outputFile = args[++i];
      continue;
    }
    compileArgs.push_back(a);
  }
  std::string bundle;
  if (int status = bundleFromShader(shader, compileArgs, options, "shaderlens run", bundle)) return status;
  if (outputFile.empty() || outputFile == "-") {
    std::fwrite(bundle.data(), 1, bundle.size(), stdout);
  } else if (std::string err = writeFileAtomically(outputFile, bundle); !err.empty()) {
    std::fprintf(stderr, "shaderlens run: %s\n", err.c_str());
    return 1;
  }
  return kExitSuccess;
}

}  // namespace

int runBundle(const Args& args) {
  for (const std::string& a : args)
    if (a == "--new") return newBundle(args);
  std::string file, keepDir;
  std::optional<hal::Fp32DenormMode> fp32Denorm;
  std::optional<hal::Backend> backend;
  std::optional<uint32_t> timeoutSeconds;
  bool compare = false;
  uint32_t ulp = 1;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-help" || a == "-h") {
      std::fputs(kRunHelp, stdout);
      return kExitSuccess;
    }
    if (a == "--keep") {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "shaderlens run: --keep needs a directory\n");
        return kExitUsage;
      }
      keepDir = args[++i];
    } else if (a == "--device" || a.rfind("--device=", 0) == 0) {
      std::string value = a == "--device" ? (i + 1 < args.size() ? args[++i] : "") : a.substr(9);
      hal::Backend chosen;
      if (!offload::parseDeviceBackend(value, chosen)) {
        std::fprintf(stderr, "shaderlens run: --device needs vulkan or cpu\n");
        return kExitUsage;
      }
      backend = chosen;
    } else if (a == "--timeout" || a.rfind("--timeout=", 0) == 0) {
      std::string value = a == "--timeout" ? (i + 1 < args.size() ? args[++i] : "") : a.substr(10);
      char* end = nullptr;
      const unsigned long n = std::strtoul(value.c_str(), &end, 10);
      if (value.empty() || *end || n > 86400) {
        std::fprintf(stderr, "shaderlens run: --timeout needs a number of seconds (0: no deadline, at most 86400)\n");
        return kExitUsage;
      }
      timeoutSeconds = uint32_t(n);
    } else if (a == "--compare" || a.rfind("--compare=", 0) == 0) {
      std::string value = a == "--compare" ? (i + 1 < args.size() ? args[++i] : "") : a.substr(10);
      if (value != "cpu") {
        std::fprintf(stderr, "shaderlens run: --compare takes 'cpu' (the device compared against)\n");
        return kExitUsage;
      }
      compare = true;
    } else if (a == "--ulp" || a.rfind("--ulp=", 0) == 0) {
      std::string value = a == "--ulp" ? (i + 1 < args.size() ? args[++i] : "") : a.substr(6);
      char* end = nullptr;
      const unsigned long n = std::strtoul(value.c_str(), &end, 10);
      if (value.empty() || *end || n > 1000000) {
        std::fprintf(stderr, "shaderlens run: --ulp needs a whole number of units in the last place\n");
        return kExitUsage;
      }
      ulp = uint32_t(n);
    } else if (a.rfind("--fp32-denorm=", 0) == 0) {
      hal::Fp32DenormMode mode;
      if (!hal::parseFp32DenormMode(a.substr(14), mode)) {
        std::fprintf(stderr, "shaderlens run: --fp32-denorm needs device, flush or preserve\n");
        return kExitUsage;
      }
      fp32Denorm = mode;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "shaderlens run: unknown option '%s' (see --help)\n", a.c_str());
      return kExitUsage;
    } else if (!file.empty()) {
      std::fprintf(stderr, "shaderlens run: more than one bundle: '%s' and '%s'\n", file.c_str(), a.c_str());
      return kExitUsage;
    } else {
      file = a;
    }
  }
  if (file.empty()) {
    std::fprintf(stderr, "shaderlens run: no bundle file (see --help)\n");
    return kExitUsage;
  }
  std::string text, error;
  if (!readWholeFile(file, text, error)) {
    std::fprintf(stderr, "shaderlens run: %s\n", error.c_str());
    return kExitUsage;
  }
  offload::BundleResult parsed = offload::parseBundle(text);
  if (!parsed.bundle) {
    std::fprintf(stderr, "%s:%s\n", file.c_str(), parsed.error.c_str());
    return 1;
  }
  const offload::Bundle& bundle = *parsed.bundle;
  if (bundle.runs.empty()) {
    std::fprintf(stderr, "shaderlens run: %s has no %%offloader RUN line\n", file.c_str());
    return 1;
  }
  if (!keepDir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(keepDir, ec);
    for (const offload::SplitPart& part : bundle.parts) {
      std::string err;
      const std::string path = keepPath(keepDir, part.name, err);
      if (err.empty()) err = writeFileAtomically(path, part.text);
      if (!err.empty()) {
        std::fprintf(stderr, "shaderlens run: %s\n", err.c_str());
        return kExitUsage;
      }
    }
  }

  // Compile every source the runs need, keyed by the RUN line's -Fo path.
  std::map<std::string, std::vector<uint8_t>> objects;
  for (const offload::CompileStep& step : bundle.compiles) {
    std::optional<std::vector<uint8_t>> object = compileBundleStep(file, bundle, step);
    if (!object) return 1;
    objects[step.output] = *object;
    if (!keepDir.empty()) {
      std::string err;
      const std::string path = keepPath(keepDir, keepName(step.output), err);
      if (err.empty()) err = writeFileAtomically(path, objects[step.output]);
      if (!err.empty()) std::fprintf(stderr, "shaderlens run: %s\n", err.c_str());
    }
  }

  bool allAsExpected = true;
  for (const offload::OffloadStep& step : bundle.runs) {
    offload::OffloaderOptions options;
    std::vector<std::string> positional;
    std::string outputFile;
    std::string err = offload::parseOffloaderArgs(step.flags, options, positional, outputFile);
    if (fp32Denorm) options.fp32Denorm = *fp32Denorm;  // the command line overrides the RUN line
    if (backend) options.backend = *backend;
    if (timeoutSeconds) options.timeoutSeconds = *timeoutSeconds;
    std::vector<std::vector<uint8_t>> shaders;
    for (const std::string& s : step.shaders) {
      auto it = objects.find(s);
      if (it == objects.end()) {
        err = "shader '" + s + "' is not produced by any %dxc_target RUN line";
        break;
      }
      shaders.push_back(it->second);
    }
    offload::OffloaderRun run;
    if (err.empty() && compare) {
      if (step.expectFailure) continue;  // a run meant to fail has no outputs to compare
      if (options.backend == hal::Backend::Cpu) options.backend = hal::Backend::Vulkan;
      offload::CompareOptions compareOptions;
      compareOptions.reference = options;
      compareOptions.ulp = ulp;
      compareOptions.bundle = file;
      const offload::SplitPart* pipeline = bundle.part(step.pipelinePart);
      run = offload::comparePipeline(pipeline->text, file + "/" + step.pipelinePart, shaders, compareOptions);
    } else if (err.empty()) {
      const offload::SplitPart* pipeline = bundle.part(step.pipelinePart);
      run = offload::runOffloader(pipeline->text, file + "/" + step.pipelinePart, shaders, options);
    } else {
      run.exitCode = 1;
      run.err = "gpu-exec: error: " + err + "\n";
    }
    std::fwrite(run.out.data(), 1, run.out.size(), stdout);
    std::fwrite(run.dump.data(), 1, run.dump.size(), stdout);
    std::fwrite(run.err.data(), 1, run.err.size(), stderr);
    if (run.deviceAbandoned) {
      // The GPU is still busy with the timed-out dispatch: report and exit without waiting.
      std::fprintf(stderr, "shaderlens run: RUN line %u timed out; exiting without waiting for the device\n", step.line);
      std::fflush(stdout);
      std::fflush(stderr);
      std::_Exit(1);
    }
    bool failed = run.exitCode != 0;
    if (!failed && run.wroteNothing && !compare) {
      // No Results rule checks this run, and it changed nothing: not a success to report.
      std::fprintf(stderr, "shaderlens run: RUN line %u wrote nothing: every read-write buffer is as it was uploaded (the pipeline has no Results rules)\n",
                   step.line);
      failed = true;
    }
    if (failed != step.expectFailure) {
      allAsExpected = false;
      std::fprintf(stderr, "shaderlens run: RUN line %u %s\n", step.line,
                   step.expectFailure ? "was expected to fail but succeeded" : "failed");
    }
  }
  return allAsExpected ? kExitSuccess : 1;
}

}  // namespace sl::cli
