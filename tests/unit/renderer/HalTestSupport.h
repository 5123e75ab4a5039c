// Shared helpers of the renderer tests: one validated lavapipe device per process, SPIR-V
// assembly (SPIRV-Tools, in process) and small buffer helpers.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "renderer/hal/Hal.h"

namespace sl::test {

// The process-wide Vulkan device with validation on. Fails the calling test loudly (REQUIRE)
// when no Vulkan device exists: lavapipe is always installed here, so that is a broken setup,
// never a reason to skip.
hal::Device& vulkanDevice();
// The process-wide CPU device (renderer/cpu over interp/).
hal::Device& cpuDevice();
hal::Device& deviceFor(hal::Backend backend);

// Assembles and validates SPIR-V assembly for Vulkan 1.1; fails the test with the assembler's
// message on error.
std::vector<uint8_t> assembleSpirv(const std::string& text);

// An executable from SPIR-V assembly and a layout; REQUIREs success.
std::shared_ptr<hal::Executable> makeExecutable(hal::Device& device, const std::string& spirvAsm,
                                                hal::ExecutableLayout layout, const std::string& label);

std::shared_ptr<hal::Buffer> makeBuffer(hal::Device& device, uint64_t size, const std::string& label,
                                        uint32_t usage = hal::kBufferAllUsages);
std::shared_ptr<hal::Buffer> makeBuffer(hal::Device& device, const std::vector<uint32_t>& words, const std::string& label,
                                        uint32_t usage = hal::kBufferAllUsages);
std::vector<uint32_t> readWords(hal::Buffer& buffer, size_t count, uint64_t offset = 0);

// Every recorded dispatch in order, the repeats of a run expanded (DispatchCommand::repeat).
std::vector<hal::DispatchCommand> recordedDispatches(const hal::CommandList& list);

// All validation messages so far, one per line ("" when none).
std::string validationReport(hal::Device& device);

}  // namespace sl::test

// A test that runs once per backend: lavapipe (Vulkan, validation on) and the CPU device.
#define SL_FOR_EACH_BACKEND(device)                                                         \
  const ::sl::hal::Backend slTestBackend = GENERATE(::sl::hal::Backend::Vulkan, ::sl::hal::Backend::Cpu); \
  INFO("backend: " << ::sl::hal::backendName(slTestBackend));                                  \
  ::sl::hal::Device& device = ::sl::test::deviceFor(slTestBackend)

// Every device test ends with this: any validation message fails it.
#define CHECK_NO_VALIDATION_MESSAGES(device)                 \
  do {                                                       \
    INFO(::sl::test::validationReport(device));              \
    CHECK((device).validationMessages().empty());            \
  } while (0)
