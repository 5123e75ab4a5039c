// Buffers, textures, samplers and timestamp pools: host access and native views.
#include <cstring>

#include "renderer/vulkan/VulkanObjects.h"

namespace sl::vulkan {

namespace {

std::string str(uint64_t v) { return std::to_string(v); }

// A host-visible staging buffer for transfers to/from memory the host cannot map.
hal::Result<std::unique_ptr<RawBuffer>> staging(const std::shared_ptr<Context>& ctx, uint64_t size) {
  return createRawBuffer(ctx, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, true, "staging");
}

}  // namespace

// ---- Buffer ----------------------------------------------------------------------------------

hal::Status VulkanBuffer::checkRange(const char* what, uint64_t offset, uint64_t size) const {
  if (offset > this->size() || size > this->size() - offset)
    return hal::makeError(hal::ErrorCode::OutOfRange, std::string(what) + " of buffer '" + label() + "': range [" + str(offset) +
                                                          ", +" + str(size) + ") exceeds its " + str(this->size()) + " bytes");
  return hal::okStatus();
}

hal::Status VulkanBuffer::upload(uint64_t offset, std::span<const uint8_t> data) {
  SL_HAL_RETURN_IF_ERROR(checkRange("upload", offset, data.size()));
  if (data.empty()) return hal::okStatus();
  if (raw_->mapped) {
    std::memcpy(static_cast<uint8_t*>(raw_->mapped) + offset, data.data(), data.size());
    return hal::okStatus();
  }
  auto stage = staging(ctx_, data.size());
  if (!stage.ok()) return stage.status();
  std::memcpy((*stage)->mapped, data.data(), data.size());
  VkBufferCopy region{0, offset, data.size()};
  return ctx_->immediate([&](VkCommandBuffer cb) { ctx_->vk.vkCmdCopyBuffer(cb, (*stage)->buffer, raw_->buffer, 1, &region); });
}

hal::Status VulkanBuffer::download(uint64_t offset, std::span<uint8_t> out) {
  SL_HAL_RETURN_IF_ERROR(checkRange("download", offset, out.size()));
  if (out.empty()) return hal::okStatus();
  if (raw_->mapped) {
    std::memcpy(out.data(), static_cast<const uint8_t*>(raw_->mapped) + offset, out.size());
    return hal::okStatus();
  }
  auto stage = staging(ctx_, out.size());
  if (!stage.ok()) return stage.status();
  VkBufferCopy region{offset, 0, out.size()};
  SL_HAL_RETURN_IF_ERROR(
      ctx_->immediate([&](VkCommandBuffer cb) { ctx_->vk.vkCmdCopyBuffer(cb, raw_->buffer, (*stage)->buffer, 1, &region); }));
  std::memcpy(out.data(), (*stage)->mapped, out.size());
  return hal::okStatus();
}

hal::Status VulkanBuffer::fill(uint64_t offset, uint64_t size, uint32_t pattern) {
  if (size == hal::kWholeSize) size = offset <= this->size() ? (this->size() - offset) & ~uint64_t(3) : 0;
  if (offset % 4 || size % 4)
    return hal::makeError(hal::ErrorCode::InvalidArgument, "fill of buffer '" + label() + "': offset " + str(offset) + " and size " +
                                                               str(size) + " must be multiples of 4");
  SL_HAL_RETURN_IF_ERROR(checkRange("fill", offset, size));
  if (size == 0) return hal::okStatus();
  if (raw_->mapped) {
    auto* p = static_cast<uint8_t*>(raw_->mapped) + offset;
    for (uint64_t i = 0; i < size; i += 4) std::memcpy(p + i, &pattern, 4);
    return hal::okStatus();
  }
  return ctx_->immediate([&](VkCommandBuffer cb) { ctx_->vk.vkCmdFillBuffer(cb, raw_->buffer, offset, size, pattern); });
}

// ---- Texture ---------------------------------------------------------------------------------

VulkanTexture::~VulkanTexture() {
  for (auto& [key, view] : views_) ctx_->vk.vkDestroyImageView(ctx_->device, view, nullptr);
  if (image_) ctx_->vk.vkDestroyImage(ctx_->device, image_, nullptr);
  if (memory_) ctx_->vk.vkFreeMemory(ctx_->device, memory_, nullptr);
}

hal::Status VulkanTexture::initialize() {
  const hal::TextureDesc& d = desc();
  const std::string name = "texture '" + d.label + "'";
  if (d.width == 0 || d.height == 0 || d.mipLevels == 0)
    return hal::makeError(hal::ErrorCode::InvalidArgument, name + ": width, height and mip count must be > 0");
  uint32_t maxMips = 1;
  while ((std::max(d.width, d.height) >> maxMips) > 0) ++maxMips;
  if (d.mipLevels > maxMips)
    return hal::makeError(hal::ErrorCode::InvalidArgument, name + ": " + str(d.mipLevels) + " mips but a " + str(d.width) + "x" +
                                                               str(d.height) + " texture has at most " + str(maxMips));
  const uint32_t maxDim = ctx_->info.limits.maxImageDimension2D;
  if (d.width > maxDim || d.height > maxDim)
    return hal::makeError(hal::ErrorCode::Unsupported, name + ": larger than the device's " + str(maxDim) + " pixels");
  format_ = toVkFormat(d.format);
  if (format_ == VK_FORMAT_UNDEFINED)
    return hal::makeError(hal::ErrorCode::InvalidArgument, name + ": invalid format");
  VkFormatProperties fp;
  vkGetPhysicalDeviceFormatProperties(ctx_->physical, format_, &fp);
  VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  if (d.usage & hal::kTextureUsageAuto) {
    uint32_t resolved = 0;
    if (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) resolved |= hal::kTextureSampled;
    if (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT) resolved |= hal::kTextureStorage;
    if (!resolved)
      return hal::makeError(hal::ErrorCode::Unsupported, name + ": format " + hal::formatName(d.format) +
                                                             " can be neither sampled nor a storage image on this device");
    setResolvedUsage(resolved);
  }
  if (d.usage & hal::kTextureSampled) {
    if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
      return hal::makeError(hal::ErrorCode::Unsupported, name + ": format " + hal::formatName(d.format) + " cannot be sampled on this device");
    usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
  }
  if (d.usage & hal::kTextureStorage) {
    if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
      return hal::makeError(hal::ErrorCode::Unsupported, name + ": format " + hal::formatName(d.format) +
                                                             " cannot be a storage image on this device");
    usage |= VK_IMAGE_USAGE_STORAGE_BIT;
  }
  const VkFormatFeatureFlags transfer = VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
  if ((fp.optimalTilingFeatures & transfer) != transfer)
    return hal::makeError(hal::ErrorCode::Unsupported, name + ": format " + hal::formatName(d.format) + " cannot be copied on this device");

  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = format_;
  info.extent = {d.width, d.height, 1};
  info.mipLevels = d.mipLevels;
  info.arrayLayers = 1;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = usage;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  SL_VK_CHECK(ctx_->vk.vkCreateImage(ctx_->device, &info, nullptr, &image_), "vkCreateImage " + name);
  VkMemoryRequirements req;
  ctx_->vk.vkGetImageMemoryRequirements(ctx_->device, image_, &req);
  int type = ctx_->findMemoryType(req.memoryTypeBits, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  if (type < 0) return hal::makeError(hal::ErrorCode::Unsupported, name + ": no memory type");
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex = static_cast<uint32_t>(type);
  SL_VK_CHECK(ctx_->vk.vkAllocateMemory(ctx_->device, &alloc, nullptr, &memory_), "vkAllocateMemory " + name);
  SL_VK_CHECK(ctx_->vk.vkBindImageMemory(ctx_->device, image_, memory_, 0), "vkBindImageMemory " + name);
  // The image lives in GENERAL for its whole life: valid for copies, sampling and storage.
  return ctx_->immediate([&](VkCommandBuffer cb) {
    VkImageMemoryBarrier b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    b.srcAccessMask = 0;
    b.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
    b.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    b.newLayout = VK_IMAGE_LAYOUT_GENERAL;
    b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    b.image = image_;
    b.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, d.mipLevels, 0, 1};
    if (d.format.scalar == hal::ScalarType::Depth32Float) b.subresourceRange.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
    ctx_->vk.vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                  0, 0, nullptr, 0, nullptr, 1, &b);
  });
}

namespace {

std::vector<VkBufferImageCopy> mipCopies(const hal::TextureDesc& d, VkImageAspectFlags aspect) {
  std::vector<VkBufferImageCopy> regions;
  for (uint32_t level = 0; level < d.mipLevels; ++level) {
    VkBufferImageCopy r{};
    r.bufferOffset = hal::packedMipOffset(d, level);
    r.imageSubresource = {aspect, level, 0, 1};
    r.imageExtent = {std::max(1u, d.width >> level), std::max(1u, d.height >> level), 1};
    regions.push_back(r);
  }
  return regions;
}

// Moves every mip between GENERAL (the resting layout) and a transfer layout.
void transition(Context& ctx, VkCommandBuffer cb, VkImage image, VkImageAspectFlags aspect, uint32_t mips, VkImageLayout from,
                VkImageLayout to) {
  VkImageMemoryBarrier b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
  b.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  b.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  b.oldLayout = from;
  b.newLayout = to;
  b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = image;
  b.subresourceRange = {aspect, 0, mips, 0, 1};
  const VkPipelineStageFlags stages = VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
  ctx.vk.vkCmdPipelineBarrier(cb, stages, stages, 0, 0, nullptr, 0, nullptr, 1, &b);
}

}  // namespace

hal::Status VulkanTexture::upload(std::span<const uint8_t> packedMips) {
  const uint64_t size = hal::packedTextureSize(desc());
  if (packedMips.size() != size)
    return hal::makeError(hal::ErrorCode::InvalidArgument, "upload of texture '" + desc().label + "': " + str(packedMips.size()) +
                                                               " bytes given, its mips take " + str(size));
  auto stage = staging(ctx_, size);
  if (!stage.ok()) return stage.status();
  std::memcpy((*stage)->mapped, packedMips.data(), size);
  const VkImageAspectFlags aspect = desc().format.scalar == hal::ScalarType::Depth32Float ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
  auto regions = mipCopies(desc(), aspect);
  const uint32_t mips = desc().mipLevels;
  return ctx_->immediate([&](VkCommandBuffer cb) {
    transition(*ctx_, cb, image_, aspect, mips, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    ctx_->vk.vkCmdCopyBufferToImage(cb, (*stage)->buffer, image_, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                    static_cast<uint32_t>(regions.size()), regions.data());
    transition(*ctx_, cb, image_, aspect, mips, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
  });
}

hal::Status VulkanTexture::download(std::span<uint8_t> packedMips) {
  const uint64_t size = hal::packedTextureSize(desc());
  if (packedMips.size() != size)
    return hal::makeError(hal::ErrorCode::InvalidArgument, "download of texture '" + desc().label + "': " + str(packedMips.size()) +
                                                               " bytes of room, its mips take " + str(size));
  auto stage = staging(ctx_, size);
  if (!stage.ok()) return stage.status();
  const VkImageAspectFlags aspect = desc().format.scalar == hal::ScalarType::Depth32Float ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
  auto regions = mipCopies(desc(), aspect);
  const uint32_t mips = desc().mipLevels;
  SL_HAL_RETURN_IF_ERROR(ctx_->immediate([&](VkCommandBuffer cb) {
    transition(*ctx_, cb, image_, aspect, mips, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    ctx_->vk.vkCmdCopyImageToBuffer(cb, image_, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, (*stage)->buffer,
                                    static_cast<uint32_t>(regions.size()), regions.data());
    transition(*ctx_, cb, image_, aspect, mips, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
  }));
  std::memcpy(packedMips.data(), (*stage)->mapped, size);
  return hal::okStatus();
}

hal::Result<VkImageView> VulkanTexture::view(uint32_t baseMip, uint32_t count) {
  if (count == 0) count = desc().mipLevels - baseMip;
  std::lock_guard<std::mutex> lock(viewsMutex_);
  auto key = std::make_pair(baseMip, count);
  if (auto it = views_.find(key); it != views_.end()) return it->second;
  VkImageViewCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  info.image = image_;
  info.viewType = VK_IMAGE_VIEW_TYPE_2D;
  info.format = format_;
  info.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, baseMip, count, 0, 1};
  if (desc().format.scalar == hal::ScalarType::Depth32Float) info.subresourceRange.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
  VkImageView view = VK_NULL_HANDLE;
  SL_VK_CHECK(ctx_->vk.vkCreateImageView(ctx_->device, &info, nullptr, &view), "vkCreateImageView of texture '" + desc().label + "'");
  views_.emplace(key, view);
  return view;
}

// ---- Sampler, timestamps ---------------------------------------------------------------------

VulkanSampler::~VulkanSampler() { ctx_->vk.vkDestroySampler(ctx_->device, sampler_, nullptr); }

VulkanTimestampPool::~VulkanTimestampPool() { ctx_->vk.vkDestroyQueryPool(ctx_->device, pool_, nullptr); }

hal::Result<std::vector<uint64_t>> VulkanTimestampPool::readTicks(uint32_t first, uint32_t n) {
  if (first > count() || n > count() - first)
    return hal::makeError(hal::ErrorCode::OutOfRange, "timestamps [" + str(first) + ", +" + str(n) + ") of a pool of " + str(count()));
  if (n == 0) return std::vector<uint64_t>{};
  std::vector<uint64_t> raw(2 * n);
  VkResult r = ctx_->vk.vkGetQueryPoolResults(ctx_->device, pool_, first, n, raw.size() * sizeof(uint64_t), raw.data(),
                                              2 * sizeof(uint64_t), VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
  if (r != VK_SUCCESS && r != VK_NOT_READY) return vkError("vkGetQueryPoolResults", r);
  const uint32_t bits = ctx_->info.features.timestampValidBits;
  const uint64_t mask = bits >= 64 ? ~uint64_t(0) : ((uint64_t(1) << bits) - 1);
  std::vector<uint64_t> ticks(n);
  for (uint32_t i = 0; i < n; ++i) {
    if (!raw[2 * i + 1])
      return hal::makeError(hal::ErrorCode::FailedPrecondition,
                            "timestamp " + str(first + i) + " has not been written by a completed submission");
    ticks[i] = raw[2 * i] & mask;
  }
  return ticks;
}

}  // namespace sl::vulkan
