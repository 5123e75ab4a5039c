// The CPU backend's objects: host-memory buffers and textures, samplers, timestamp pools,
// executables holding a decoded interp::Module, and the device with its submission queue.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "interp/Module.h"
#include "interp/Printf.h"
#include "interp/Writes.h"
#include "renderer/hal/Device.h"

namespace sl::cpu {

class CpuBuffer final : public hal::Buffer {
 public:
  explicit CpuBuffer(hal::BufferDesc desc) : hal::Buffer(hal::Backend::Cpu, desc), bytes_(desc.size, 0) {}
  hal::Status upload(uint64_t offset, std::span<const uint8_t> data) override;
  hal::Status download(uint64_t offset, std::span<uint8_t> out) override;
  hal::Status fill(uint64_t offset, uint64_t size, uint32_t pattern) override;
  uint8_t* data() { return bytes_.data(); }

  // The last writer of each 4-byte word (recorded when the device records writers).
  struct Writer {
    interp::WriteRecord record;
    uint32_t module = ~0u;  // CpuDevice module slot; ~0u: never written by a dispatch
  };
  void recordWrite(uint64_t offset, uint64_t bytes, const interp::WriteRecord& record, uint32_t module);
  std::optional<Writer> writerAt(uint64_t offset) const;

 private:
  hal::Status checkRange(const char* what, uint64_t offset, uint64_t size) const;
  std::vector<uint8_t> bytes_;  // operator new's alignment (16) keeps 64-bit atomics aligned
  mutable std::mutex writersMutex_;
  std::vector<Writer> writers_;
};

class CpuTexture final : public hal::Texture {
 public:
  CpuTexture(hal::TextureDesc desc, uint32_t usage) : hal::Texture(hal::Backend::Cpu, desc), bytes_(hal::packedTextureSize(desc), 0) {
    setResolvedUsage(usage);
  }
  hal::Status upload(std::span<const uint8_t> packedMips) override;
  hal::Status download(std::span<uint8_t> packedMips) override;
  uint8_t* data() { return bytes_.data(); }
  uint64_t size() const { return bytes_.size(); }

 private:
  std::vector<uint8_t> bytes_;
};

class CpuSampler final : public hal::Sampler {
 public:
  explicit CpuSampler(hal::SamplerDesc desc) : hal::Sampler(hal::Backend::Cpu, std::move(desc)) {}
};

class CpuTimestampPool final : public hal::TimestampPool {
 public:
  explicit CpuTimestampPool(uint32_t count) : hal::TimestampPool(hal::Backend::Cpu, count), ticks_(count, 0), written_(count, 0) {}
  double periodNs() const override { return 1.0; }
  hal::Result<std::vector<uint64_t>> readTicks(uint32_t first, uint32_t n) override;
  void write(uint32_t query, uint64_t ticks);
  void reset(uint32_t query);

 private:
  std::mutex mutex_;
  std::vector<uint64_t> ticks_;
  std::vector<uint8_t> written_;
};

class CpuExecutable final : public hal::Executable {
 public:
  CpuExecutable(hal::ExecutableLayout layout, std::string label, std::shared_ptr<const interp::Module> module,
                std::vector<uint32_t> entryPoints)
      : hal::Executable(hal::Backend::Cpu, std::move(layout), std::move(label)), module_(std::move(module)),
        entryPoints_(std::move(entryPoints)) {}
  const std::shared_ptr<const interp::Module>& module() const { return module_; }
  // The module's entry point for layout entry point `index`.
  uint32_t moduleEntryPoint(uint32_t index) const { return entryPoints_[index]; }

 private:
  std::shared_ptr<const interp::Module> module_;
  std::vector<uint32_t> entryPoints_;
};

// Device settings taken from hal::DeviceOptions.
struct CpuDeviceSettings {
  uint32_t subgroupSize = 32;
  uint32_t threads = 0;  // 0: one per core
  bool flushFp32Denormals = false;
  uint64_t stepLimit = uint64_t(1) << 28;
  bool recordWriters = false;
  const std::atomic<bool>* cancel = nullptr;  // the caller's, besides the device's own
  interp::TraceSink* trace = nullptr;         // DeviceOptions::trace
};

class CpuDevice final : public hal::Device {
 public:
  CpuDevice(hal::AdapterInfo info, CpuDeviceSettings settings);
  ~CpuDevice() override;

  const hal::AdapterInfo& info() const override { return info_; }
  hal::Result<std::shared_ptr<hal::Buffer>> createBuffer(const hal::BufferDesc& desc) override;
  hal::Result<std::shared_ptr<hal::Texture>> createTexture(const hal::TextureDesc& desc) override;
  hal::Result<std::shared_ptr<hal::Sampler>> createSampler(const hal::SamplerDesc& desc) override;
  hal::Result<std::shared_ptr<hal::Executable>> createExecutable(const hal::ExecutableDesc& desc) override;
  hal::Result<std::shared_ptr<hal::TimestampPool>> createTimestampPool(uint32_t count) override;
  hal::Result<hal::SubmissionId> submit(hal::CommandBuffer& commandBuffer, hal::BindingTable table = {}) override;
  hal::Status wait(hal::SubmissionId submission, std::chrono::nanoseconds timeout) override;
  hal::Status waitIdle() override;
  std::vector<hal::ValidationMessage> validationMessages() const override;
  void clearValidationMessages() override;

  const CpuDeviceSettings& settings() const { return settings_; }
  // Diagnostics of dispatches (warnings: out-of-bounds accesses, undefined results) as the
  // device's validation messages.
  void addMessage(hal::ValidationMessage message);
  std::vector<hal::ShaderPrint> shaderPrints(uint64_t* dropped = nullptr) const override;
  void clearShaderPrints() override;
  // What dispatches printed; the first kMaxPrints lines are kept, the rest counted.
  static constexpr size_t kMaxPrints = 100000;
  void addPrints(const std::vector<interp::PrintfMessage>& prints, uint64_t dropped);
  const std::atomic<bool>& cancelled() const { return cancel_; }
  std::optional<hal::WriterRecord> lastWriter(const hal::Buffer& buffer, uint64_t offset) const override;
  // A slot for `module`, kept so recorded writes can name their source lines later.
  uint32_t moduleSlot(const std::shared_ptr<const interp::Module>& module);

 private:
  struct Submission {
    hal::SubmissionId id = 0;
    std::shared_ptr<const hal::CommandList> commands;
    std::vector<hal::BindingTableEntry> table;
  };
  void queueLoop();

  hal::AdapterInfo info_;
  CpuDeviceSettings settings_;
  mutable std::mutex mutex_;
  std::condition_variable queued_, completed_;
  std::deque<Submission> queue_;
  hal::SubmissionId nextId_ = 1;
  hal::SubmissionId completedId_ = 0;
  std::map<hal::SubmissionId, hal::Status> failures_;
  std::vector<hal::ValidationMessage> messages_;
  std::vector<hal::ShaderPrint> prints_;
  uint64_t droppedPrints_ = 0;
  std::atomic<bool> cancel_{false};
  mutable std::mutex modulesMutex_;
  std::vector<std::shared_ptr<const interp::Module>> modules_;
  bool stopping_ = false;
  std::thread queueThread_;
};

// Runs one submission's commands (CpuSubmit.cpp).
hal::Status executeCommands(CpuDevice& device, const hal::CommandList& commands, hal::BindingTable table);
// What submit refuses before queueing: buffer ranges that do not resolve or break the device's
// offset alignments and range limits.
hal::Status validateCommands(const hal::CommandList& commands, hal::BindingTable table, const hal::DeviceLimits& limits);

}  // namespace sl::cpu
