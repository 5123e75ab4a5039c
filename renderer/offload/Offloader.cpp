#include "renderer/offload/Offloader.h"

#include "renderer/hal/Device.h"
#include "renderer/offload/DeviceLimits.h"
#include "renderer/offload/Executor.h"
#include "renderer/offload/PipelineParser.h"
#include "renderer/offload/PipelinePrinter.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>

namespace sl::offload {

namespace {

constexpr const char* kErrorPrefix = "gpu-exec: error: ";  // upstream's prefix; suite tests check it

bool isSpirv(const std::vector<uint8_t>& blob) {
  uint32_t magic = 0;
  if (blob.size() < 4) return false;
  std::memcpy(&magic, blob.data(), 4);
  return magic == 0x07230203u;
}

}  // namespace

bool parseDeviceBackend(const std::string& name, hal::Backend& backend) {
  if (name == "vulkan" || name == "vk") backend = hal::Backend::Vulkan;
  else if (name == "cpu") backend = hal::Backend::Cpu;
  else return false;
  return true;
}

std::string parseOffloaderArgs(const std::vector<std::string>& args, OffloaderOptions& options,
                               std::vector<std::string>& positional, std::string& outputFile) {
  for (size_t i = 0; i < args.size(); ++i) {
    std::string a = args[i];
    if (a.size() < 2 || a[0] != '-') {
      positional.push_back(a);
      continue;
    }
    std::string name = a.substr(a.rfind("--", 0) == 0 ? 2 : 1);
    std::string value;
    bool hasValue = false;
    if (size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      hasValue = true;
    }
    auto takeValue = [&]() -> bool {
      if (hasValue) return true;
      if (i + 1 >= args.size()) return false;
      value = args[++i];
      return true;
    };
    if (name == "quiet") options.quiet = true;
    else if (name == "validation-layer" || name == "debug-layer") options.validation = true;
    else if (name == "warp") return "-warp: WARP requires the DirectX API, which this build does not run";
    else if (name == "adapter-regex") {
      if (!takeValue()) return "-adapter-regex needs a value";
      options.adapterRegex = value;
    } else if (name == "timeout") {
      char* end = nullptr;
      if (!takeValue()) return "--timeout needs a number of seconds";
      const unsigned long seconds = std::strtoul(value.c_str(), &end, 10);
      if (value.empty() || *end || seconds > 86400) return "--timeout needs a number of seconds (0: no deadline, at most 86400)";
      options.timeoutSeconds = uint32_t(seconds);
    } else if (name == "device") {
      if (!takeValue() || !parseDeviceBackend(value, options.backend)) return "--device needs vulkan or cpu";
    } else if (name == "fp32-denorm") {
      if (!takeValue() || !hal::parseFp32DenormMode(value, options.fp32Denorm))
        return "--fp32-denorm needs device, flush or preserve";
    } else if (name == "api") {
      if (!takeValue()) return "-api needs a value (vk)";
      if (value != "vk") return "-api " + value + ": only 'vk' (Vulkan) is supported";
      options.api = value;
    } else if (name == "r") {
      if (!takeValue()) return "-r needs a resource name";
      options.imageResource = value;
    } else if (name == "o") {
      if (!takeValue() || value.empty()) return "-o needs a file name";
      outputFile = value;
    } else {
      return "unknown option '" + a + "'";
    }
  }
  return "";
}

bool usesDebugPrintf(const std::vector<uint8_t>& spirv) {
  // OpExtInstImport (11) "NonSemantic.DebugPrintf" among the module's first instructions.
  static const char kName[] = "NonSemantic.DebugPrintf";
  const size_t words = spirv.size() / 4;
  size_t at = 5;
  while (at < words) {
    uint32_t head;
    std::memcpy(&head, spirv.data() + at * 4, 4);
    const uint32_t count = head >> 16, opcode = head & 0xffff;
    if (count == 0 || at + count > words) return false;
    if (opcode == 54) return false;  // OpFunction: past the module's imports
    if (opcode == 11 && count >= 3) {
      const char* text = reinterpret_cast<const char*>(spirv.data() + (at + 2) * 4);
      const size_t room = (count - 2) * 4;
      if (room >= sizeof kName && std::memcmp(text, kName, sizeof kName) == 0) return true;
    }
    at += count;
  }
  return false;
}

std::string renderShaderPrints(const hal::Device& device) {
  uint64_t dropped = 0;
  std::string out;
  for (const hal::ShaderPrint& p : device.shaderPrints(&dropped))
    out += (p.knownInvocation ? "printf (" + std::to_string(p.global[0]) + "," + std::to_string(p.global[1]) + "," + std::to_string(p.global[2]) + "): "
                              : std::string("printf: ")) +
           p.text + (p.text.empty() || p.text.back() != '\n' ? "\n" : "");
  if (dropped) out += "printf: " + std::to_string(dropped) + " more lines were dropped (the device keeps the first 100000)\n";
  return out;
}

OffloaderRun runOffloader(const std::string& pipelineText, const std::string& pipelineName,
                          const std::vector<std::vector<uint8_t>>& shaders, const OffloaderOptions& options) {
  OffloaderRun run;
  auto fail = [&](const std::string& message) {
    run.err += kErrorPrefix + message + "\n";
    run.exitCode = 1;
    return run;
  };
  ParseResult parsed = parsePipeline(pipelineText, pipelineName);
  if (!parsed.ok()) {
    run.err += parsed.renderErrors();
    run.exitCode = 1;
    return run;
  }
  Pipeline& pipeline = *parsed.pipeline;
  if (shaders.size() != pipeline.shaders.size())
    return fail("Pipeline description expects " + std::to_string(pipeline.shaders.size()) + " shader(s) " +
                std::to_string(shaders.size()) + " provided");
  if (options.api.empty()) {
    if (shaders.empty() || !isSpirv(shaders[0]))
      return fail(shaders.empty() ? "Could not identify API to execute provided shader"
                                  : "the shader is not SPIR-V: only the Vulkan API is supported by this build");
  } else if (!shaders.empty() && !isSpirv(shaders[0])) {
    return fail("the shader is not a SPIR-V module");
  }
  // Upstream says so only when it guessed; the CPU device runs the Vulkan environment's SPIR-V.
  if (options.api.empty()) run.out += "Using Vulkan API\n";
  std::string unsupported = unsupportedReason(pipeline);
  if (!unsupported.empty()) return fail(unsupported);
  if (!options.imageResource.empty()) return fail("-r (writing a resource as PNG) is not supported by this build");

  hal::DeviceOptions deviceOptions;
  deviceOptions.backend = options.backend;
  deviceOptions.adapterRegex = options.adapterRegex;
  deviceOptions.validation = options.validation;
  deviceOptions.fp32Denorm = options.fp32Denorm;
  // A shader that prints gets the layer's debug printf on a GPU (the CPU device always prints).
  for (const std::vector<uint8_t>& s : shaders) deviceOptions.shaderPrintf |= usesDebugPrintf(s);
  if (options.backend == hal::Backend::Cpu) deviceOptions.shaderPrintf = false;
  auto device = hal::createDevice(deviceOptions);
  if (!device.ok() && (options.validation || deviceOptions.shaderPrintf)) {
    // Still run without the layer, but say so.
    run.err += "warning: " + device.status().message() + "; running without " +
               (options.validation ? "validation" : "printf (nothing the shader prints is shown)") + "\n";
    deviceOptions.validation = false;
    deviceOptions.shaderPrintf = false;
    device = hal::createDevice(deviceOptions);
  }
  if (!device.ok()) return fail(device.status().message());

  const std::chrono::nanoseconds timeout =
      options.timeoutSeconds ? std::chrono::nanoseconds(std::chrono::seconds(options.timeoutSeconds)) : std::chrono::nanoseconds::max();
  hal::Device& dev = **device;
  // Without Results rules, "did it write anything?" is the only check there is.
  std::optional<Pipeline> uploaded;
  if (pipeline.results.empty()) uploaded = pipeline;
  hal::Status status = executePipeline(dev, pipeline, shaders, nullptr, timeout);
  if (status.code() == hal::ErrorCode::Timeout && dev.backend() != hal::Backend::Cpu) {
    // A GPU cannot be stopped and destroying the device would wait for it: leave it running (the
    // caller exits without further GPU work).
    (void)device->release();
    run.deviceAbandoned = true;
  }
  run.out += renderShaderPrints(dev);
  // The CPU device's messages are its executor's findings (out-of-bounds accesses, undefined
  // results, uninitialized reads, races): always worth seeing, no layer needed.
  if (options.validation || dev.backend() == hal::Backend::Cpu)
    for (const hal::ValidationMessage& m : dev.validationMessages())
      if (m.severity >= hal::ValidationMessage::Severity::Warning)
        run.err += std::string("validation ") +
                   (m.severity == hal::ValidationMessage::Severity::Error ? "error" : "warning") + ": " + m.message + "\n";
  // After a failure: the device limits the shaders run into, if any (renderer/offload/DeviceLimits.h).
  auto limitNotes = [&] {
    std::string notes;
    for (const std::vector<uint8_t>& bytes : shaders) {
      std::vector<uint32_t> words(bytes.size() / 4);
      std::memcpy(words.data(), bytes.data(), words.size() * 4);
      notes += renderDeviceLimitNotes(deviceLimitNotes(words, dev.info()));
    }
    return notes;
  };
  if (!status.ok()) {
    fail(status.message());
    run.err += limitNotes();
    return run;
  }

  ResultsOutcome results = evaluateResults(pipeline);
  for (const std::string& line : results.mismatches) run.err += line + "\n";
  if (!results.passed) {
    for (const std::string& report : results.reports) run.err += report + "\n";
    run.err += limitNotes();
    run.exitCode = 1;
    return run;
  }
  if (uploaded) run.wroteNothing = wroteNothing(*uploaded, pipeline);
  if (!options.quiet) run.dump = printPipeline(pipeline);
  return run;
}

}  // namespace sl::offload
