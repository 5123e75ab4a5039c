#include "renderer/offload/InvocationTrace.h"

#include <cstring>

#include "interp/Module.h"
#include "renderer/hal/Device.h"
#include "renderer/offload/Executor.h"

namespace sl::offload {

std::string formatTriple(const std::array<uint32_t, 3>& v) {
  return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + ")";
}

std::string InvocationTrace::describe() const {
  return "invocation " + formatTriple(thread) + " (workgroup " + formatTriple(group) + ", local " + formatTriple(local) + "): lane " +
         std::to_string(trace->lane) + " of subgroup " + std::to_string(trace->subgroupIndex) + " (" +
         std::to_string(trace->liveLanes.count()) + " lanes), " + std::to_string(trace->steps.size()) + " steps recorded";
}

InvocationTraceResult traceInvocation(std::span<const uint32_t> words, Pipeline& pipeline, const InvocationChoice& choice,
                                      const InvocationTraceOptions& options, const std::string& where) {
  InvocationTraceResult result;
  auto fail = [&](std::string message) {
    result.error = std::move(message);
    return result;
  };

  // The entry point's workgroup size splits a dispatch thread id into group and local ids.
  interp::DecodeOptions decodeOptions;
  decodeOptions.validate = false;  // the device validates when it builds the executable
  const interp::DecodeResult decoded = interp::decodeModule(words, decodeOptions);
  if (!decoded.module) return fail(where + ": error: the compiled shader does not decode: " + decoded.error);
  const std::string entry = pipeline.shaders.empty() ? "main" : pipeline.shaders[0].entry;
  const int entryIndex = decoded.module->findEntryPoint(entry);
  if (entryIndex < 0) return fail(where + ": error: the shader has no entry point '" + entry + "'");
  const std::array<uint32_t, 3> size = decoded.module->entryPoints[size_t(entryIndex)].localSize;
  const std::array<uint32_t, 3> groups = pipeline.dispatch.groupCount;
  if (groups[0] == 0 || groups[1] == 0 || groups[2] == 0)
    return fail(where + ": error: the dispatch is empty: DispatchGroupCount is " + formatTriple(groups));

  InvocationTrace run;
  for (size_t k = 0; k < 3; ++k) {
    if (choice.thread) {
      run.thread[k] = (*choice.thread)[k];
      run.group[k] = run.thread[k] / size[k];
      run.local[k] = run.thread[k] % size[k];
    } else {
      run.group[k] = choice.group[k];
      run.local[k] = choice.local[k];
      run.thread[k] = run.group[k] * size[k] + run.local[k];
    }
  }
  for (size_t k = 0; k < 3; ++k) {
    const uint64_t threads = uint64_t(groups[k]) * size[k];
    const bool outside = choice.thread ? run.thread[k] >= threads : (run.group[k] >= groups[k] || run.local[k] >= size[k]);
    if (!outside) continue;
    const std::string named =
        choice.thread ? formatTriple(run.thread) : "workgroup " + formatTriple(run.group) + " local " + formatTriple(run.local);
    return fail(where + ": error: invocation " + named + " is outside the dispatch: " + formatTriple(groups) + " workgroups of " +
                formatTriple(size) + " threads (SV_DispatchThreadID up to " +
                formatTriple({groups[0] * size[0] - 1, groups[1] * size[1] - 1, groups[2] * size[2] - 1}) + ")");
  }

  run.trace = std::make_shared<interp::debug::DebugTrace>();
  run.trace->workgroup = run.group;
  run.trace->localIndex = run.local[0] + size[0] * (run.local[1] + size[1] * run.local[2]);
  // A step costs ~60 bytes plus every lane's result (a 32-lane wave of 32-bit values: 128) here
  // and in the session: 4M steps keep a runaway loop under ~1 GB.
  run.trace->maxSteps = options.maxSteps ? options.maxSteps : size_t(1) << 22;
  hal::DeviceOptions deviceOptions;
  deviceOptions.backend = hal::Backend::Cpu;
  deviceOptions.subgroupSize = options.subgroupSize;
  deviceOptions.cancel = options.cancel;
  deviceOptions.trace = run.trace.get();
  auto device = hal::createDevice(deviceOptions);
  if (!device.ok()) {
    result.usageError = options.subgroupSize != 0;
    return fail("the CPU device: " + device.status().message());
  }
  std::vector<uint8_t> object(words.size() * 4);
  std::memcpy(object.data(), words.data(), object.size());
  run.dispatchStatus = executePipeline(**device, pipeline, {object}, nullptr, options.timeout);
  for (const hal::ValidationMessage& m : (*device)->validationMessages()) run.deviceMessages.push_back(m.message);
  if (!run.trace->started) {
    std::string message = where + ": error: invocation " + formatTriple(run.thread) + " never ran";
    if (!run.dispatchStatus.ok()) message += ": the dispatch failed: " + run.dispatchStatus.message();
    return fail(std::move(message));
  }
  result.value = std::move(run);
  return result;
}

}  // namespace sl::offload
