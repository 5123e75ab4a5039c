// The CPU device: what it reports, its objects, and its queue. Submissions run in order on a
// queue thread of the device (so wait() and its timeout behave as on a GPU); each dispatch
// spreads its workgroups over the host's cores (interp::dispatch).
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <thread>

#include "interp/Dispatch.h"
#include "interp/OpNames.h"
#include "renderer/cpu/CpuBackend.h"
#include "renderer/cpu/CpuObjects.h"

namespace sl::cpu {

namespace {

std::string str(uint64_t v) { return std::to_string(v); }

hal::AdapterInfo cpuAdapter() {
  hal::AdapterInfo a;
  a.backend = hal::Backend::Cpu;
  a.index = 0;
  a.name = "Shaderlens CPU (SPIR-V executor)";
  a.vendorName = "Shaderlens";
  a.driverName = "interp";
  a.driverInfo = "Shaderlens interp, " + str(std::max(1u, std::thread::hardware_concurrency())) + " threads";
  a.apiVersion = "SPIR-V 1.6, Vulkan 1.3 compute";
  a.type = hal::DeviceType::Cpu;
  hal::DeviceFeatures& f = a.features;
  f.shaderInt8 = f.shaderInt16 = f.shaderFloat16 = f.shaderInt64 = f.shaderFloat64 = true;
  f.storageBuffer16BitAccess = f.storageBuffer8BitAccess = true;
  f.int64BufferAtomics = f.int64SharedAtomics = f.int64ImageAtomics = f.float32BufferAtomics = true;
  f.subgroupSize = 32;
  f.minSubgroupSize = 4;
  f.maxSubgroupSize = 128;
  f.subgroupOps = hal::kSubgroupBasic | hal::kSubgroupVote | hal::kSubgroupArithmetic | hal::kSubgroupBallot | hal::kSubgroupShuffle |
                  hal::kSubgroupShuffleRelative | hal::kSubgroupClustered | hal::kSubgroupQuad;
  f.subgroupSizeControl = true;
  f.pushDescriptors = true;
  f.descriptorIndexing = true;
  f.mutableDescriptors = true;
  f.nullDescriptors = true;
  f.bufferDeviceAddress = false;
  f.robustBufferAccess = true;
  f.storageImageReadWithoutFormat = f.storageImageWriteWithoutFormat = true;
  f.timestamps = true;
  f.timestampPeriodNs = 1.0;
  f.timestampValidBits = 64;
  hal::DeviceLimits& l = a.limits;
  l.maxPushConstantsSize = 4096;
  l.maxBoundDescriptorSets = 32;
  l.maxPushDescriptors = 4096;
  l.maxWorkgroupSize = {1024, 1024, 64};
  l.maxWorkgroupInvocations = 1024;
  l.maxWorkgroupCount = {65535, 65535, 65535};
  l.maxComputeSharedMemorySize = 65536;
  l.maxStorageBufferRange = uint64_t(1) << 32;
  l.maxUniformBufferRange = 65536;
  l.maxTexelBufferElements = 1u << 27;
  l.maxImageDimension2D = 16384;
  l.minStorageBufferOffsetAlignment = 4;
  l.minUniformBufferOffsetAlignment = 16;
  l.minTexelBufferOffsetAlignment = 4;
  l.maxPerStageStorageBuffers = l.maxPerStageUniformBuffers = l.maxPerStageSampledImages = l.maxPerStageStorageImages = 1u << 20;
  l.maxPerStageSamplers = 2048;
  l.maxPerStageResources = 1u << 20;
  l.maxSamplerAllocationCount = 1u << 20;
  hal::HeapTierFeatures& h = a.heapTierFeatures;
  h.mutableDescriptorType = h.runtimeDescriptorArray = h.partiallyBound = h.updateUnusedWhilePending = true;
  h.updateAfterBind = h.nonUniformIndexing = true;
  h.maxResources = h.maxResourcesUpdateAfterBind = 1u << 20;
  h.maxSamplers = h.maxSamplersUpdateAfterBind = 2048;
  return a;
}

}  // namespace

hal::Result<std::vector<hal::AdapterInfo>> enumerateAdapters() { return std::vector<hal::AdapterInfo>{cpuAdapter()}; }

hal::Result<std::unique_ptr<hal::Device>> createDevice(const hal::AdapterInfo& adapter, const hal::DeviceOptions& options) {
  CpuDeviceSettings settings;
  if (options.subgroupSize) {
    if (options.subgroupSize < 4 || options.subgroupSize > 128 || (options.subgroupSize & (options.subgroupSize - 1)))
      return hal::makeError(hal::ErrorCode::InvalidArgument, "subgroup size " + str(options.subgroupSize) + " is not a power of two in 4..128");
    settings.subgroupSize = options.subgroupSize;
  }
  settings.flushFp32Denormals = options.fp32Denorm == hal::Fp32DenormMode::Flush;
  if (options.stepLimit) settings.stepLimit = options.stepLimit;
  settings.recordWriters = options.recordWriters;
  settings.cancel = options.cancel;
  settings.trace = options.trace;
  hal::AdapterInfo info = adapter;
  info.features.subgroupSize = settings.subgroupSize;
  return std::unique_ptr<hal::Device>(new CpuDevice(std::move(info), settings));
}

// ---- resources ---------------------------------------------------------------------------------

hal::Status CpuBuffer::checkRange(const char* what, uint64_t offset, uint64_t size) const {
  if (offset > this->size() || size > this->size() - offset)
    return hal::makeError(hal::ErrorCode::OutOfRange, std::string(what) + " of buffer '" + label() + "': range [" + str(offset) + ", +" +
                                                          str(size) + ") exceeds its " + str(this->size()) + " bytes");
  return hal::okStatus();
}
hal::Status CpuBuffer::upload(uint64_t offset, std::span<const uint8_t> data) {
  SL_HAL_RETURN_IF_ERROR(checkRange("upload", offset, data.size()));
  if (!data.empty()) std::memcpy(bytes_.data() + offset, data.data(), data.size());
  return hal::okStatus();
}
hal::Status CpuBuffer::download(uint64_t offset, std::span<uint8_t> out) {
  SL_HAL_RETURN_IF_ERROR(checkRange("download", offset, out.size()));
  if (!out.empty()) std::memcpy(out.data(), bytes_.data() + offset, out.size());
  return hal::okStatus();
}
hal::Status CpuBuffer::fill(uint64_t offset, uint64_t size, uint32_t pattern) {
  if (size == hal::kWholeSize) size = offset <= this->size() ? (this->size() - offset) & ~uint64_t(3) : 0;
  if (offset % 4 || size % 4)
    return hal::makeError(hal::ErrorCode::InvalidArgument,
                          "fill of buffer '" + label() + "': offset " + str(offset) + " and size " + str(size) + " must be multiples of 4");
  SL_HAL_RETURN_IF_ERROR(checkRange("fill", offset, size));
  for (uint64_t i = 0; i < size; i += 4) std::memcpy(bytes_.data() + offset + i, &pattern, 4);
  return hal::okStatus();
}

void CpuBuffer::recordWrite(uint64_t offset, uint64_t bytes, const interp::WriteRecord& record, uint32_t module) {
  std::lock_guard<std::mutex> lock(writersMutex_);
  if (writers_.empty()) writers_.resize((size() + 3) / 4);
  for (uint64_t word = offset / 4; word < (offset + bytes + 3) / 4 && word < writers_.size(); ++word) writers_[word] = {record, module};
}

std::optional<CpuBuffer::Writer> CpuBuffer::writerAt(uint64_t offset) const {
  std::lock_guard<std::mutex> lock(writersMutex_);
  if (offset / 4 >= writers_.size() || writers_[offset / 4].module == ~0u) return std::nullopt;
  return writers_[offset / 4];
}

hal::Status CpuTexture::upload(std::span<const uint8_t> packedMips) {
  if (packedMips.size() != bytes_.size())
    return hal::makeError(hal::ErrorCode::InvalidArgument, "upload of texture '" + desc().label + "': " + str(packedMips.size()) +
                                                               " bytes given, its mips take " + str(bytes_.size()));
  std::memcpy(bytes_.data(), packedMips.data(), bytes_.size());
  return hal::okStatus();
}
hal::Status CpuTexture::download(std::span<uint8_t> packedMips) {
  if (packedMips.size() != bytes_.size())
    return hal::makeError(hal::ErrorCode::InvalidArgument, "download of texture '" + desc().label + "': " + str(packedMips.size()) +
                                                               " bytes asked, its mips take " + str(bytes_.size()));
  std::memcpy(packedMips.data(), bytes_.data(), bytes_.size());
  return hal::okStatus();
}

hal::Result<std::vector<uint64_t>> CpuTimestampPool::readTicks(uint32_t first, uint32_t n) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (first > count() || n > count() - first)
    return hal::makeError(hal::ErrorCode::OutOfRange, "timestamp queries [" + str(first) + ", +" + str(n) + ") exceed the pool's " + str(count()));
  std::vector<uint64_t> out;
  for (uint32_t i = first; i < first + n; ++i) {
    if (!written_[i]) return hal::makeError(hal::ErrorCode::FailedPrecondition, "timestamp query " + str(i) + " has not been written");
    out.push_back(ticks_[i]);
  }
  return out;
}
void CpuTimestampPool::write(uint32_t query, uint64_t ticks) {
  std::lock_guard<std::mutex> lock(mutex_);
  ticks_[query] = ticks;
  written_[query] = 1;
}
void CpuTimestampPool::reset(uint32_t query) {
  std::lock_guard<std::mutex> lock(mutex_);
  written_[query] = 0;
}

// ---- device --------------------------------------------------------------------------------------

CpuDevice::CpuDevice(hal::AdapterInfo info, CpuDeviceSettings settings) : info_(std::move(info)), settings_(settings) {
  queueThread_ = std::thread([this] { queueLoop(); });
}

CpuDevice::~CpuDevice() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  cancel_.store(true);  // a running dispatch stops at its next block
  queued_.notify_all();
  queueThread_.join();
}

hal::Result<std::shared_ptr<hal::Buffer>> CpuDevice::createBuffer(const hal::BufferDesc& desc) {
  if (desc.size == 0) return hal::makeError(hal::ErrorCode::InvalidArgument, "buffer '" + desc.label + "' has size 0");
  if (desc.size > (uint64_t(1) << 36))
    return hal::makeError(hal::ErrorCode::OutOfRange, "buffer '" + desc.label + "' of " + str(desc.size) + " bytes exceeds the CPU device's 64 GiB");
  try {
    return std::shared_ptr<hal::Buffer>(std::make_shared<CpuBuffer>(desc));
  } catch (const std::bad_alloc&) {
    return hal::makeError(hal::ErrorCode::DeviceError, "out of host memory for buffer '" + desc.label + "' (" + str(desc.size) + " bytes)");
  }
}

hal::Result<std::shared_ptr<hal::Texture>> CpuDevice::createTexture(const hal::TextureDesc& desc) {
  if (!desc.format.valid()) return hal::makeError(hal::ErrorCode::InvalidArgument, "texture '" + desc.label + "' has an invalid format");
  if (desc.width == 0 || desc.height == 0 || desc.width > info_.limits.maxImageDimension2D || desc.height > info_.limits.maxImageDimension2D)
    return hal::makeError(hal::ErrorCode::OutOfRange, "texture '" + desc.label + "' of " + str(desc.width) + "x" + str(desc.height) +
                                                          " is outside 1.." + str(info_.limits.maxImageDimension2D));
  const uint32_t maxMips = 32 - uint32_t(std::countl_zero(std::max(desc.width, desc.height)));
  if (desc.mipLevels == 0 || desc.mipLevels > maxMips)
    return hal::makeError(hal::ErrorCode::OutOfRange, "texture '" + desc.label + "' asks for " + str(desc.mipLevels) + " mips; at most " + str(maxMips));
  uint32_t usage = desc.usage == hal::kTextureUsageAuto ? hal::kTextureAllUsages : desc.usage & hal::kTextureAllUsages;
  try {
    return std::shared_ptr<hal::Texture>(std::make_shared<CpuTexture>(desc, usage));
  } catch (const std::bad_alloc&) {
    return hal::makeError(hal::ErrorCode::DeviceError, "out of host memory for texture '" + desc.label + "'");
  }
}

hal::Result<std::shared_ptr<hal::Sampler>> CpuDevice::createSampler(const hal::SamplerDesc& desc) {
  return std::shared_ptr<hal::Sampler>(std::make_shared<CpuSampler>(desc));
}

hal::Result<std::shared_ptr<hal::TimestampPool>> CpuDevice::createTimestampPool(uint32_t count) {
  if (count == 0) return hal::makeError(hal::ErrorCode::InvalidArgument, "timestamp pool of 0 queries");
  return std::shared_ptr<hal::TimestampPool>(std::make_shared<CpuTimestampPool>(count));
}

hal::Result<std::shared_ptr<hal::Executable>> CpuDevice::createExecutable(const hal::ExecutableDesc& desc) {
  SL_HAL_RETURN_IF_ERROR(hal::validateLayout(desc.layout));
  if (desc.format != hal::ExecutableFormat::SpirV)
    return hal::makeError(hal::ErrorCode::Unsupported, "executable '" + desc.label + "': the CPU device runs SPIR-V only (DXIL is not executed)");
  if (desc.code.size() % 4)
    return hal::makeError(hal::ErrorCode::InvalidArgument, "executable '" + desc.label + "': SPIR-V of " + str(desc.code.size()) + " bytes is not whole words");
  if (desc.layout.constantCount * 4 > info_.limits.maxPushConstantsSize && !desc.layout.constantsBuffer)
    return hal::makeError(hal::ErrorCode::OutOfRange, "executable '" + desc.label + "': " + str(desc.layout.constantCount * 4) +
                                                          " bytes of constants exceed the push-constant limit");
  std::vector<uint32_t> words(desc.code.size() / 4);
  std::memcpy(words.data(), desc.code.data(), desc.code.size());
  interp::DecodeOptions options;
  for (const hal::SpecializationConstant& s : desc.specialization) options.specialization[s.id] = s.bytes;
  interp::DecodeResult decoded = interp::decodeModule(words, options);
  if (!decoded.module) return hal::makeError(hal::ErrorCode::InvalidArgument, "executable '" + desc.label + "': " + decoded.error);
  std::vector<uint32_t> entries;
  for (const std::string& name : desc.layout.entryPoints) {
    const int index = decoded.module->findEntryPoint(name);
    if (index < 0) return hal::makeError(hal::ErrorCode::InvalidArgument, "executable '" + desc.label + "': no entry point '" + name + "' in the module");
    entries.push_back(uint32_t(index));
  }
  return std::shared_ptr<hal::Executable>(std::make_shared<CpuExecutable>(desc.layout, desc.label, decoded.module, std::move(entries)));
}

hal::Result<hal::SubmissionId> CpuDevice::submit(hal::CommandBuffer& commandBuffer, hal::BindingTable table) {
  if (!commandBuffer.finished()) return hal::makeError(hal::ErrorCode::FailedPrecondition, "submit of an unfinished command buffer");
  if (commandBuffer.desc().mode == hal::CommandBufferMode::OneShot && commandBuffer.submitCount() > 0)
    return hal::makeError(hal::ErrorCode::FailedPrecondition, "one-shot command buffer '" + commandBuffer.desc().label + "' was already submitted");
  SL_HAL_RETURN_IF_ERROR(commandBuffer.validateSubmission(table));
  SL_HAL_RETURN_IF_ERROR(validateCommands(commandBuffer.commands(), table, info_.limits));
  commandBuffer.noteSubmitted();
  Submission s;
  s.commands = commandBuffer.sharedCommands();
  s.table.assign(table.begin(), table.end());
  std::lock_guard<std::mutex> lock(mutex_);
  s.id = nextId_++;
  const hal::SubmissionId id = s.id;
  queue_.push_back(std::move(s));
  queued_.notify_one();
  return id;
}

void CpuDevice::queueLoop() {
  for (;;) {
    Submission s;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      queued_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping with nothing left
      s = std::move(queue_.front());
      queue_.pop_front();
    }
    hal::Status status = cancel_.load() ? hal::makeError(hal::ErrorCode::DeviceError, "the device was destroyed")
                                        : executeCommands(*this, *s.commands, s.table);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!status.ok()) failures_.emplace(s.id, std::move(status));
      completedId_ = s.id;
    }
    completed_.notify_all();
  }
}

hal::Status CpuDevice::wait(hal::SubmissionId submission, std::chrono::nanoseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (submission == 0 || submission >= nextId_) return hal::makeError(hal::ErrorCode::InvalidArgument, "wait for unknown submission " + str(submission));
  auto done = [&] { return completedId_ >= submission; };
  if (timeout == std::chrono::nanoseconds::max()) {
    completed_.wait(lock, done);
  } else if (!completed_.wait_for(lock, timeout, done)) {
    return hal::makeError(hal::ErrorCode::Timeout, "submission " + str(submission) + " did not complete in time");
  }
  auto failure = failures_.find(submission);
  if (failure == failures_.end()) return hal::okStatus();
  hal::Status status = std::move(failure->second);
  failures_.erase(failure);
  return status;
}

hal::Status CpuDevice::waitIdle() {
  std::unique_lock<std::mutex> lock(mutex_);
  const hal::SubmissionId last = nextId_ - 1;
  completed_.wait(lock, [&] { return completedId_ >= last; });
  return hal::okStatus();
}

uint32_t CpuDevice::moduleSlot(const std::shared_ptr<const interp::Module>& module) {
  std::lock_guard<std::mutex> lock(modulesMutex_);
  for (uint32_t i = 0; i < modules_.size(); ++i)
    if (modules_[i] == module) return i;
  modules_.push_back(module);
  return uint32_t(modules_.size() - 1);
}

std::optional<hal::WriterRecord> CpuDevice::lastWriter(const hal::Buffer& buffer, uint64_t offset) const {
  if (buffer.backend() != hal::Backend::Cpu) return std::nullopt;
  const std::optional<CpuBuffer::Writer> w = static_cast<const CpuBuffer&>(buffer).writerAt(offset);
  if (!w) return std::nullopt;
  std::shared_ptr<const interp::Module> module;
  {
    std::lock_guard<std::mutex> lock(modulesMutex_);
    if (w->module < modules_.size()) module = modules_[w->module];
  }
  hal::WriterRecord r;
  r.workgroup = w->record.workgroup;
  r.local = w->record.local;
  if (module) {
    for (const interp::EntryPoint& e : module->entryPoints)
      if (e.executionModel == 5) {  // GLCompute: its workgroup size makes the global id
        for (int i = 0; i < 3; ++i) r.global[i] = r.workgroup[i] * e.localSize[i] + r.local[i];
        break;
      }
    r.location = module->describeLocation(w->record.location);
  }
  r.instruction = std::string(interp::opcodeName(w->record.opcode)) + " (word " + str(w->record.wordOffset) + ")";
  return r;
}

std::vector<hal::ValidationMessage> CpuDevice::validationMessages() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return messages_;
}
void CpuDevice::clearValidationMessages() {
  std::lock_guard<std::mutex> lock(mutex_);
  messages_.clear();
}
std::vector<hal::ShaderPrint> CpuDevice::shaderPrints(uint64_t* dropped) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (dropped) *dropped = droppedPrints_;
  return prints_;
}
void CpuDevice::clearShaderPrints() {
  std::lock_guard<std::mutex> lock(mutex_);
  prints_.clear();
  droppedPrints_ = 0;
}
void CpuDevice::addPrints(const std::vector<interp::PrintfMessage>& prints, uint64_t dropped) {
  std::lock_guard<std::mutex> lock(mutex_);
  droppedPrints_ += dropped;
  for (const interp::PrintfMessage& p : prints) {
    if (prints_.size() >= kMaxPrints) {
      ++droppedPrints_;
      continue;
    }
    prints_.push_back({true, p.global, p.workgroup, p.local, p.location, p.text});
  }
}
void CpuDevice::addMessage(hal::ValidationMessage message) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (messages_.size() < 1000) messages_.push_back(std::move(message));
}

}  // namespace sl::cpu
