// Device creation (features, extensions, queue) and object factories.
#include <algorithm>
#include <cstring>

#include "renderer/hal/HostFloatMode.h"
#include "renderer/vulkan/VulkanBackend.h"
#include "renderer/vulkan/VulkanObjects.h"

namespace sl::vulkan {

// ---- Context ---------------------------------------------------------------------------------

Context::~Context() {
  if (device) {
    vk.vkDeviceWaitIdle(device);
    if (immediatePool) vk.vkDestroyCommandPool(device, immediatePool, nullptr);
    vk.vkDestroyDevice(device, nullptr);
  }
}

int Context::findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred) const {
  int fallback = -1;
  for (uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
    if (!(typeBits & (1u << i))) continue;
    const VkMemoryPropertyFlags flags = memory.memoryTypes[i].propertyFlags;
    if ((flags & required) != required) continue;
    if ((flags & preferred) == preferred) return static_cast<int>(i);
    if (fallback < 0) fallback = static_cast<int>(i);
  }
  return fallback;
}

hal::Status Context::immediateImpl(void (*thunk)(void*, VkCommandBuffer), void* user) {
  std::lock_guard<std::mutex> lock(queueMutex);
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = immediatePool;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  VkCommandBuffer cb = VK_NULL_HANDLE;
  SL_VK_CHECK(vk.vkAllocateCommandBuffers(device, &alloc, &cb), "vkAllocateCommandBuffers");
  struct Free {
    Context* c; VkCommandBuffer cb;
    ~Free() { c->vk.vkFreeCommandBuffers(c->device, c->immediatePool, 1, &cb); }
  } freeLater{this, cb};
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  SL_VK_CHECK(vk.vkBeginCommandBuffer(cb, &begin), "vkBeginCommandBuffer");
  thunk(user, cb);
  // Make the transfer results visible to later submissions and to the host.
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT;
  barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT | VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                          VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  vk.vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                          VK_PIPELINE_STAGE_HOST_BIT | VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &barrier, 0, nullptr, 0,
                          nullptr);
  SL_VK_CHECK(vk.vkEndCommandBuffer(cb), "vkEndCommandBuffer");
  VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkFence fence = VK_NULL_HANDLE;
  SL_VK_CHECK(vk.vkCreateFence(device, &fenceInfo, nullptr, &fence), "vkCreateFence");
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &cb;
  VkResult r = vk.vkQueueSubmit(queue, 1, &submit, fence);
  if (r == VK_SUCCESS) r = vk.vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX);
  vk.vkDestroyFence(device, fence, nullptr);
  if (r != VK_SUCCESS) return vkError("immediate transfer submit", r);
  return hal::okStatus();
}

// ---- RawBuffer -------------------------------------------------------------------------------

RawBuffer::~RawBuffer() {
  if (!ctx) return;
  if (buffer) ctx->vk.vkDestroyBuffer(ctx->device, buffer, nullptr);
  if (memory) ctx->vk.vkFreeMemory(ctx->device, memory, nullptr);
}

hal::Result<std::unique_ptr<RawBuffer>> createRawBuffer(const std::shared_ptr<Context>& ctx, uint64_t size,
                                                        VkBufferUsageFlags usage, bool hostVisible, const std::string& label) {
  auto raw = std::make_unique<RawBuffer>();
  raw->ctx = ctx;
  raw->size = size;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  SL_VK_CHECK(ctx->vk.vkCreateBuffer(ctx->device, &info, nullptr, &raw->buffer), "vkCreateBuffer '" + label + "'");
  VkMemoryRequirements req;
  ctx->vk.vkGetBufferMemoryRequirements(ctx->device, raw->buffer, &req);
  const VkMemoryPropertyFlags hostFlags = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  int type = hostVisible ? ctx->findMemoryType(req.memoryTypeBits, hostFlags, hostFlags | VK_MEMORY_PROPERTY_HOST_CACHED_BIT)
                         : ctx->findMemoryType(req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT,
                                               VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | hostFlags);
  if (type < 0 && !hostVisible) type = ctx->findMemoryType(req.memoryTypeBits, 0, 0);
  if (type < 0) return hal::makeError(hal::ErrorCode::Unsupported, "no memory type for buffer '" + label + "'");
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex = static_cast<uint32_t>(type);
  SL_VK_CHECK(ctx->vk.vkAllocateMemory(ctx->device, &alloc, nullptr, &raw->memory),
              "vkAllocateMemory " + std::to_string(req.size) + " bytes for buffer '" + label + "'");
  SL_VK_CHECK(ctx->vk.vkBindBufferMemory(ctx->device, raw->buffer, raw->memory, 0), "vkBindBufferMemory");
  const VkMemoryPropertyFlags flags = ctx->memory.memoryTypes[type].propertyFlags;
  if ((flags & hostFlags) == hostFlags)
    SL_VK_CHECK(ctx->vk.vkMapMemory(ctx->device, raw->memory, 0, VK_WHOLE_SIZE, 0, &raw->mapped), "vkMapMemory");
  return raw;
}

// ---- Device creation -------------------------------------------------------------------------

namespace {

bool contains(const std::vector<std::string>& v, const char* s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

hal::Result<std::unique_ptr<hal::Device>> createDevice(const hal::AdapterInfo& adapter, const hal::DeviceOptions& options) {
  // A CPU implementation creates its shader worker threads with its instance's physical device
  // (llvmpipe's compute thread pool) and with the device (lavapipe's queue): all of them are
  // created inside this function, and inherit the float mode set here for its duration.
  SL_HAL_RETURN_IF_ERROR(hal::checkFp32DenormMode(adapter, options.fp32Denorm));
  hal::ScopedHostDenormMode denormMode(options.fp32Denorm);
  auto instance = createInstance(options.validation, options.shaderPrintf);
  if (!instance.ok()) return instance.status();
  auto ctx = std::make_shared<Context>();
  ctx->instance = instance.take();
  VkInstance inst = ctx->instance->instance;

  uint32_t count = 0;
  vkEnumeratePhysicalDevices(inst, &count, nullptr);
  std::vector<VkPhysicalDevice> physicals(count);
  vkEnumeratePhysicalDevices(inst, &count, physicals.data());
  if (adapter.index >= count)
    return hal::makeError(hal::ErrorCode::Unavailable, "Vulkan device " + std::to_string(adapter.index) + " disappeared");
  ctx->physical = physicals[adapter.index];
  ctx->info = queryAdapter(ctx->physical, adapter.index);
  if (ctx->info.name != adapter.name)
    return hal::makeError(hal::ErrorCode::Unavailable, "Vulkan device order changed: expected '" + adapter.name + "'");
  vkGetPhysicalDeviceMemoryProperties(ctx->physical, &ctx->memory);

  uint32_t familyCount = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(ctx->physical, &familyCount, nullptr);
  std::vector<VkQueueFamilyProperties> families(familyCount);
  vkGetPhysicalDeviceQueueFamilyProperties(ctx->physical, &familyCount, families.data());
  int family = -1;
  for (uint32_t i = 0; i < familyCount; ++i)
    if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) { family = static_cast<int>(i); break; }
  if (family < 0) return hal::makeError(hal::ErrorCode::Unsupported, "'" + adapter.name + "' has no compute queue");
  ctx->queueFamily = static_cast<uint32_t>(family);

  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(ctx->physical, &props);
  const bool v12 = props.apiVersion >= VK_API_VERSION_1_2 && ctx->instance->apiVersion >= VK_API_VERSION_1_2;
  const bool v13 = props.apiVersion >= VK_API_VERSION_1_3 && ctx->instance->apiVersion >= VK_API_VERSION_1_3;
  if (props.apiVersion < VK_API_VERSION_1_1 || ctx->instance->apiVersion < VK_API_VERSION_1_1)
    return hal::makeError(hal::ErrorCode::Unsupported, "'" + adapter.name + "' supports only Vulkan " + ctx->info.apiVersion +
                                                           "; the HAL needs 1.1 or newer");

  // Enable every supported core feature (shaders may need any of them) except those with a
  // cost and no use here; robustBufferAccess is on whenever supported.
  VkPhysicalDeviceFeatures2 feats{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  VkPhysicalDeviceVulkan11Features f11{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  VkPhysicalDeviceVulkan12Features f12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan13Features f13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  VkPhysicalDeviceRobustness2FeaturesEXT robust2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
  VkPhysicalDeviceShaderImageAtomicInt64FeaturesEXT imageAtomic64{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_IMAGE_ATOMIC_INT64_FEATURES_EXT};
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomicFloat{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
  void** next = &feats.pNext;
  auto chain = [&next](auto* s) { *next = s; next = &s->pNext; };
  std::vector<const char*> extensions;
  const auto& exts = ctx->info.extensions;
  if (v12) { chain(&f11); chain(&f12); }
  if (v13) chain(&f13);
  if (contains(exts, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME)) {
    extensions.push_back(VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
    ctx->pushDescriptors = true;
  }
  if (contains(exts, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME)) {
    extensions.push_back(VK_EXT_ROBUSTNESS_2_EXTENSION_NAME);
    chain(&robust2);
  }
  if (contains(exts, VK_EXT_SHADER_IMAGE_ATOMIC_INT64_EXTENSION_NAME)) {
    extensions.push_back(VK_EXT_SHADER_IMAGE_ATOMIC_INT64_EXTENSION_NAME);
    chain(&imageAtomic64);
  }
  if (contains(exts, VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME)) {
    extensions.push_back(VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME);
    chain(&atomicFloat);
  }
  // Mutable descriptors (the mutable heap tier, renderer/hal/HeapTier.h). The VALVE extension
  // has the same feature struct, structure type and descriptor type values.
  VkPhysicalDeviceMutableDescriptorTypeFeaturesEXT mutableFeat{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MUTABLE_DESCRIPTOR_TYPE_FEATURES_EXT};
  if (contains(exts, VK_EXT_MUTABLE_DESCRIPTOR_TYPE_EXTENSION_NAME)) {
    extensions.push_back(VK_EXT_MUTABLE_DESCRIPTOR_TYPE_EXTENSION_NAME);
    chain(&mutableFeat);
  } else if (contains(exts, "VK_VALVE_mutable_descriptor_type")) {
    extensions.push_back("VK_VALVE_mutable_descriptor_type");
    chain(&mutableFeat);
  }
  vkGetPhysicalDeviceFeatures2(ctx->physical, &feats);
  // Not wanted: multi-GPU / capture-replay addresses, and robustBufferAccess2/robustImageAccess2
  // (different out-of-bounds semantics than D3D12's; core robustBufferAccess is what we use).
  f12.bufferDeviceAddressCaptureReplay = VK_FALSE;
  f12.bufferDeviceAddressMultiDevice = VK_FALSE;
  robust2.robustBufferAccess2 = VK_FALSE;
  robust2.robustImageAccess2 = VK_FALSE;
  atomicFloat.sparseImageFloat32Atomics = VK_FALSE;
  atomicFloat.sparseImageFloat32AtomicAdd = VK_FALSE;
  imageAtomic64.sparseImageInt64Atomics = VK_FALSE;
  feats.features.sparseBinding = VK_FALSE;
  feats.features.sparseResidencyBuffer = VK_FALSE;
  feats.features.sparseResidencyImage2D = VK_FALSE;
  feats.features.sparseResidencyImage3D = VK_FALSE;
  feats.features.sparseResidency2Samples = VK_FALSE;
  feats.features.sparseResidency4Samples = VK_FALSE;
  feats.features.sparseResidency8Samples = VK_FALSE;
  feats.features.sparseResidency16Samples = VK_FALSE;
  feats.features.sparseResidencyAliased = VK_FALSE;
  feats.features.inheritedQueries = VK_FALSE;

  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queueInfo.queueFamilyIndex = ctx->queueFamily;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;
  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  info.pNext = &feats;
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queueInfo;
  info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  SL_VK_CHECK(vkCreateDevice(ctx->physical, &info, nullptr, &ctx->device), "vkCreateDevice '" + adapter.name + "'");
  volkLoadDeviceTable(&ctx->vk, ctx->device);
  ctx->vk.vkGetDeviceQueue(ctx->device, ctx->queueFamily, 0, &ctx->queue);

  // What the HAL reports as usable must match what was enabled.
  ctx->info.features.robustBufferAccess = feats.features.robustBufferAccess;
  ctx->heapTier = hal::chooseHeapTier(ctx->info.heapTierFeatures);

  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT | VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = ctx->queueFamily;
  SL_VK_CHECK(ctx->vk.vkCreateCommandPool(ctx->device, &poolInfo, nullptr, &ctx->immediatePool), "vkCreateCommandPool");

  auto device = std::make_unique<VulkanDevice>(ctx);
  SL_HAL_RETURN_IF_ERROR(device->initialize());
  return std::unique_ptr<hal::Device>(std::move(device));
}

// ---- VulkanDevice ----------------------------------------------------------------------------

VulkanDevice::VulkanDevice(std::shared_ptr<Context> ctx) : ctx_(std::move(ctx)) {}

VulkanDevice::~VulkanDevice() {
  if (!ctx_ || !ctx_->device) return;
  ctx_->vk.vkDeviceWaitIdle(ctx_->device);
  // Destroying the pool below frees every command buffer allocated from it.
  for (auto& s : inFlight_)
    if (s) s->commandBuffer = VK_NULL_HANDLE;
  for (auto& s : free_)
    if (s) s->commandBuffer = VK_NULL_HANDLE;
  for (auto& s : parked_)
    if (s) s->commandBuffer = VK_NULL_HANDLE;
  inFlight_.clear();
  free_.clear();
  parked_.clear();
  if (commandPool_) ctx_->vk.vkDestroyCommandPool(ctx_->device, commandPool_, nullptr);
}

hal::Status VulkanDevice::initialize() {
  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = ctx_->queueFamily;
  SL_VK_CHECK(ctx_->vk.vkCreateCommandPool(ctx_->device, &poolInfo, nullptr, &commandPool_), "vkCreateCommandPool");
  return hal::okStatus();
}

std::vector<hal::ValidationMessage> VulkanDevice::validationMessages() const {
  std::lock_guard<std::mutex> lock(ctx_->instance->messagesMutex);
  return ctx_->instance->messages;
}

void VulkanDevice::clearValidationMessages() {
  std::lock_guard<std::mutex> lock(ctx_->instance->messagesMutex);
  ctx_->instance->messages.clear();
}

std::vector<hal::ShaderPrint> VulkanDevice::shaderPrints(uint64_t* dropped) const {
  std::lock_guard<std::mutex> lock(ctx_->instance->messagesMutex);
  if (dropped) *dropped = ctx_->instance->droppedPrints;
  return ctx_->instance->prints;
}

void VulkanDevice::clearShaderPrints() {
  std::lock_guard<std::mutex> lock(ctx_->instance->messagesMutex);
  ctx_->instance->prints.clear();
  ctx_->instance->droppedPrints = 0;
}

hal::Result<std::shared_ptr<hal::Buffer>> VulkanDevice::createBuffer(const hal::BufferDesc& desc) {
  if (desc.size == 0) return hal::makeError(hal::ErrorCode::InvalidArgument, "buffer '" + desc.label + "': size 0");
  VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  if (desc.usage & hal::kBufferStorage) usage |= VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  if (desc.usage & hal::kBufferUniform) usage |= VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT;
  if (desc.usage & hal::kBufferUniformTexel) usage |= VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT;
  if (desc.usage & hal::kBufferStorageTexel) usage |= VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT;
  if (desc.usage & hal::kBufferIndirect) usage |= VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT;
  auto raw = createRawBuffer(ctx_, desc.size, usage, false, desc.label);
  if (!raw.ok()) return raw.status();
  return std::shared_ptr<hal::Buffer>(std::make_shared<VulkanBuffer>(ctx_, desc, raw.take()));
}

hal::Result<std::shared_ptr<hal::Texture>> VulkanDevice::createTexture(const hal::TextureDesc& desc) {
  auto texture = std::make_shared<VulkanTexture>(ctx_, desc);
  SL_HAL_RETURN_IF_ERROR(texture->initialize());
  return std::shared_ptr<hal::Texture>(std::move(texture));
}

namespace {

VkFilter toVk(hal::Filter f) { return f == hal::Filter::Nearest ? VK_FILTER_NEAREST : VK_FILTER_LINEAR; }
VkSamplerAddressMode toVk(hal::AddressMode m) {
  switch (m) {
    case hal::AddressMode::Repeat: return VK_SAMPLER_ADDRESS_MODE_REPEAT;
    case hal::AddressMode::MirroredRepeat: return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
    case hal::AddressMode::ClampToEdge: return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    case hal::AddressMode::ClampToBorder: return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
    case hal::AddressMode::MirrorClampToEdge: return VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE;
  }
  return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
}
VkCompareOp toVk(hal::CompareOp op) { return static_cast<VkCompareOp>(static_cast<int>(op)); }  // same order

}  // namespace

hal::Result<std::shared_ptr<hal::Sampler>> VulkanDevice::createSampler(const hal::SamplerDesc& desc) {
  if (desc.minLod > desc.maxLod)
    return hal::makeError(hal::ErrorCode::InvalidArgument, "sampler '" + desc.label + "': minLod > maxLod");
  for (hal::AddressMode m : {desc.addressU, desc.addressV, desc.addressW})
    if (m == hal::AddressMode::MirrorClampToEdge && VK_API_VERSION_MINOR(ctx_->instance->apiVersion) < 2)
      return hal::makeError(hal::ErrorCode::Unsupported, "sampler '" + desc.label + "': mirror-clamp-to-edge needs Vulkan 1.2");
  VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  info.minFilter = toVk(desc.minFilter);
  info.magFilter = toVk(desc.magFilter);
  info.mipmapMode = desc.mipFilter == hal::Filter::Nearest ? VK_SAMPLER_MIPMAP_MODE_NEAREST : VK_SAMPLER_MIPMAP_MODE_LINEAR;
  info.addressModeU = toVk(desc.addressU);
  info.addressModeV = toVk(desc.addressV);
  info.addressModeW = toVk(desc.addressW);
  info.mipLodBias = desc.mipLodBias;
  info.compareEnable = desc.compareEnable;
  info.compareOp = toVk(desc.compareOp);
  info.minLod = desc.minLod;
  info.maxLod = desc.maxLod >= 1000.0f ? VK_LOD_CLAMP_NONE : desc.maxLod;
  switch (desc.borderColor) {
    case hal::BorderColor::TransparentBlack: info.borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK; break;
    case hal::BorderColor::OpaqueBlack: info.borderColor = VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK; break;
    case hal::BorderColor::OpaqueWhite: info.borderColor = VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE; break;
  }
  VkSampler sampler = VK_NULL_HANDLE;
  SL_VK_CHECK(ctx_->vk.vkCreateSampler(ctx_->device, &info, nullptr, &sampler), "vkCreateSampler '" + desc.label + "'");
  return std::shared_ptr<hal::Sampler>(std::make_shared<VulkanSampler>(ctx_, desc, sampler));
}

hal::Result<std::shared_ptr<hal::Executable>> VulkanDevice::createExecutable(const hal::ExecutableDesc& desc) {
  auto exe = std::make_shared<VulkanExecutable>(ctx_, desc.layout, desc.label);
  SL_HAL_RETURN_IF_ERROR(exe->build(desc));
  return std::shared_ptr<hal::Executable>(std::move(exe));
}

hal::Result<std::shared_ptr<hal::TimestampPool>> VulkanDevice::createTimestampPool(uint32_t count) {
  if (count == 0) return hal::makeError(hal::ErrorCode::InvalidArgument, "timestamp pool of 0 queries");
  if (!ctx_->info.features.timestamps)
    return hal::makeError(hal::ErrorCode::Unsupported, "'" + ctx_->info.name + "' cannot write timestamps on its compute queue");
  VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
  info.queryType = VK_QUERY_TYPE_TIMESTAMP;
  info.queryCount = count;
  VkQueryPool pool = VK_NULL_HANDLE;
  SL_VK_CHECK(ctx_->vk.vkCreateQueryPool(ctx_->device, &info, nullptr, &pool), "vkCreateQueryPool");
  auto result = std::make_shared<VulkanTimestampPool>(ctx_, count, pool);
  // Queries start undefined; reset them so reading an unwritten one reports "not available".
  SL_HAL_RETURN_IF_ERROR(ctx_->immediate([&](VkCommandBuffer cb) { ctx_->vk.vkCmdResetQueryPool(cb, pool, 0, count); }));
  return std::shared_ptr<hal::TimestampPool>(std::move(result));
}

}  // namespace sl::vulkan
