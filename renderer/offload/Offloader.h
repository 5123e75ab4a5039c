// The offloader as a function: parse a pipeline, open a device, run, check the Results rules,
// and produce exactly what upstream's `offloader` tool prints (stdout: "Using Vulkan API" and
// the YAML dump; stderr: errors, mismatch lines and "Test failed:" reports). Both
// `shaderlens offload` and `shaderlens run` are thin wrappers around it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "renderer/hal/DeviceInfo.h"

namespace sl::hal {
class Device;
}

namespace sl::offload {

struct OffloaderOptions {
  bool quiet = false;            // -quiet: no YAML dump
  bool validation = false;       // -validation-layer / -debug-layer
  std::string adapterRegex;      // -adapter-regex=
  hal::Fp32DenormMode fp32Denorm = hal::Fp32DenormMode::Device;  // --fp32-denorm=device|flush|preserve
  std::string api;               // -api: "" (guess from the blob) or "vk"
  std::string imageResource;     // -r NAME (PNG output: not supported, reported)
  // --device vulkan|cpu: the Vulkan backend (default) or the CPU device (renderer/cpu).
  hal::Backend backend = hal::Backend::Vulkan;
  // --timeout SECONDS: the dispatch's deadline (0: none).
  uint32_t timeoutSeconds = 120;
};

// "vulkan" / "cpu" -> the backend; false for anything else.
bool parseDeviceBackend(const std::string& name, hal::Backend& backend);

struct OffloaderRun {
  int exitCode = 0;  // 0 ok; 1 any failure (parse, device, run, failed rule), as upstream
  // The dispatch passed its deadline on a device that cannot be stopped (a GPU): the device was
  // left running rather than waited for, so the caller should exit without further GPU work.
  bool deviceAbandoned = false;
  std::string out;   // stdout text before the dump ("Using Vulkan API")
  std::string dump;  // the YAML dump (empty with -quiet or on failure); stdout, or the -o file
  std::string err;   // stderr text
  // The pipeline has no Results rule and the run left every read-write resource as uploaded
  // (wroteNothing in Executor.h): upstream's offloader exits 0 here; `shaderlens run` does not.
  bool wroteNothing = false;
};

// Parses offloader-style options (upstream accepts -x and --x, -x=v and -x v); the remaining
// positional words are returned in `positional` (pipeline, then shaders). "" or an error.
std::string parseOffloaderArgs(const std::vector<std::string>& args, OffloaderOptions& options,
                               std::vector<std::string>& positional, std::string& outputFile);

// Whether a SPIR-V module imports NonSemantic.DebugPrintf (HLSL printf).
bool usesDebugPrintf(const std::vector<uint8_t>& spirv);

// What the device's shaders printed (HLSL printf), one line each: "printf (3,0,0): text" (the
// invocation's SV_DispatchThreadID; "printf: text" when the device does not say), then how many
// were dropped.
std::string renderShaderPrints(const hal::Device& device);

OffloaderRun runOffloader(const std::string& pipelineText, const std::string& pipelineName,
                          const std::vector<std::vector<uint8_t>>& shaders, const OffloaderOptions& options);

}  // namespace sl::offload
