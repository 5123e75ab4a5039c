#include "tests/unit/renderer/HalTestSupport.h"

#include <catch2/catch.hpp>
#include <spirv-tools/libspirv.hpp>

#include <cstdlib>
#include <cstring>

namespace sl::test {

hal::Device& vulkanDevice() {
  static std::unique_ptr<hal::Device> device;
  static std::string failure;
  static bool tried = false;
  if (!tried) {
    tried = true;
    // Mesa's WSI complains on stderr without it (docs/hal.md, "Environment").
    setenv("XDG_RUNTIME_DIR", "/tmp", 0);
    // Synchronization validation too: a missing barrier in the backend fails the tests.
    setenv("VK_LAYER_ENABLES", "VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT", 0);
    hal::DeviceOptions options;
    options.backend = hal::Backend::Vulkan;
    options.validation = true;
    auto created = hal::createDevice(options);
    if (created.ok()) device = created.take();
    else failure = created.status().toString();
  }
  INFO("no Vulkan device with validation layers could be created: " << failure);
  REQUIRE(device != nullptr);
  return *device;
}

hal::Device& cpuDevice() {
  static std::unique_ptr<hal::Device> device;
  static std::string failure;
  if (!device && failure.empty()) {
    auto created = hal::createDevice({.backend = hal::Backend::Cpu});
    if (created.ok()) device = created.take();
    else failure = created.status().toString();
  }
  INFO("the CPU device could not be created: " << failure);
  REQUIRE(device != nullptr);
  return *device;
}

hal::Device& deviceFor(hal::Backend backend) { return backend == hal::Backend::Cpu ? cpuDevice() : vulkanDevice(); }

std::vector<uint8_t> assembleSpirv(const std::string& text) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t& pos, const char* message) {
    messages += "line " + std::to_string(pos.line + 1) + ": " + message + "\n";
  });
  std::vector<uint32_t> words;
  const bool assembled = tools.Assemble(text, &words);
  INFO(messages);
  REQUIRE(assembled);
  const bool valid = tools.Validate(words);
  INFO(messages);
  REQUIRE(valid);
  std::vector<uint8_t> bytes(words.size() * 4);
  std::memcpy(bytes.data(), words.data(), bytes.size());
  return bytes;
}

std::shared_ptr<hal::Executable> makeExecutable(hal::Device& device, const std::string& spirvAsm, hal::ExecutableLayout layout,
                                                const std::string& label) {
  hal::ExecutableDesc desc;
  desc.format = hal::ExecutableFormat::SpirV;
  desc.code = assembleSpirv(spirvAsm);
  desc.layout = std::move(layout);
  desc.label = label;
  auto exe = device.createExecutable(desc);
  INFO(exe.status().toString());
  REQUIRE(exe.ok());
  return exe.take();
}

std::shared_ptr<hal::Buffer> makeBuffer(hal::Device& device, uint64_t size, const std::string& label, uint32_t usage) {
  auto buffer = device.createBuffer({size, usage, label});
  INFO(buffer.status().toString());
  REQUIRE(buffer.ok());
  return buffer.take();
}

std::shared_ptr<hal::Buffer> makeBuffer(hal::Device& device, const std::vector<uint32_t>& words, const std::string& label,
                                        uint32_t usage) {
  auto buffer = makeBuffer(device, words.size() * 4, label, usage);
  hal::Status s = buffer->uploadArray(std::span<const uint32_t>(words));
  INFO(s.toString());
  REQUIRE(s.ok());
  return buffer;
}

std::vector<uint32_t> readWords(hal::Buffer& buffer, size_t count, uint64_t offset) {
  auto words = buffer.downloadArray<uint32_t>(count, offset);
  INFO(words.status().toString());
  REQUIRE(words.ok());
  return words.take();
}

std::vector<hal::DispatchCommand> recordedDispatches(const hal::CommandList& list) {
  std::vector<hal::DispatchCommand> dispatches;
  for (const hal::Command& c : list) {
    const auto* d = std::get_if<hal::DispatchCommand>(&c);
    if (!d) continue;
    dispatches.push_back(*d);
    dispatches.back().repeats = nullptr;
    dispatches.back().repeatCount = 0;
    for (uint32_t k = 0; k < d->repeatCount; ++k) dispatches.push_back(d->repeat(k));
  }
  return dispatches;
}

std::string validationReport(hal::Device& device) {
  std::string report;
  for (const hal::ValidationMessage& m : device.validationMessages()) report += "[" + m.id + "] " + m.message + "\n";
  return report;
}

}  // namespace sl::test
