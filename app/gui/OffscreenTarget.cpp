#include "app/gui/OffscreenTarget.h"

namespace sl::gui {

OffscreenTarget::~OffscreenTarget() {
  const VkDevice device = context_.device();
  if (!device) return;
  const VolkDeviceTable& vk = context_.vk();
  vk.vkDeviceWaitIdle(device);
  if (fence_) vk.vkDestroyFence(device, fence_, nullptr);
  if (commandBuffer_) vk.vkFreeCommandBuffers(device, context_.commandPool(), 1, &commandBuffer_);
  if (framebuffer_) vk.vkDestroyFramebuffer(device, framebuffer_, nullptr);
  if (renderPass_) vk.vkDestroyRenderPass(device, renderPass_, nullptr);
  if (view_) vk.vkDestroyImageView(device, view_, nullptr);
  if (image_) vk.vkDestroyImage(device, image_, nullptr);
  if (memory_) vk.vkFreeMemory(device, memory_, nullptr);
}

std::string OffscreenTarget::create(uint32_t width, uint32_t height) {
  const VkDevice device = context_.device();
  const VolkDeviceTable& vk = context_.vk();
  extent_ = {width, height};

  VkImageCreateInfo imageInfo{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  imageInfo.imageType = VK_IMAGE_TYPE_2D;
  imageInfo.format = kFormat;
  imageInfo.extent = {width, height, 1};
  imageInfo.mipLevels = 1;
  imageInfo.arrayLayers = 1;
  imageInfo.samples = VK_SAMPLE_COUNT_1_BIT;
  imageInfo.tiling = VK_IMAGE_TILING_OPTIMAL;
  imageInfo.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  imageInfo.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  SL_VK_TRY(vk.vkCreateImage(device, &imageInfo, nullptr, &image_));
  VkMemoryRequirements requirements;
  vk.vkGetImageMemoryRequirements(device, image_, &requirements);
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = requirements.size;
  alloc.memoryTypeIndex = context_.findMemoryType(requirements.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  if (alloc.memoryTypeIndex == UINT32_MAX) alloc.memoryTypeIndex = context_.findMemoryType(requirements.memoryTypeBits, 0);
  SL_VK_TRY(vk.vkAllocateMemory(device, &alloc, nullptr, &memory_));
  SL_VK_TRY(vk.vkBindImageMemory(device, image_, memory_, 0));

  VkImageViewCreateInfo viewInfo{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  viewInfo.image = image_;
  viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
  viewInfo.format = kFormat;
  viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  SL_VK_TRY(vk.vkCreateImageView(device, &viewInfo, nullptr, &view_));

  // The pass keeps the last frame's pixels (partial redraw) and leaves the image ready to be
  // copied out; between frames it rests in TRANSFER_SRC layout.
  VkAttachmentDescription color{};
  color.format = kFormat;
  color.samples = VK_SAMPLE_COUNT_1_BIT;
  color.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
  color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  color.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  color.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  color.initialLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  color.finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  VkAttachmentReference colorRef{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  VkSubpassDescription subpass{};
  subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  subpass.colorAttachmentCount = 1;
  subpass.pColorAttachments = &colorRef;
  VkSubpassDependency toTransfer{};
  toTransfer.srcSubpass = 0;
  toTransfer.dstSubpass = VK_SUBPASS_EXTERNAL;
  toTransfer.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  toTransfer.dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
  toTransfer.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  toTransfer.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
  // The previous frame's read-back copy finishes before this frame draws over it.
  VkSubpassDependency fromTransfer{};
  fromTransfer.srcSubpass = VK_SUBPASS_EXTERNAL;
  fromTransfer.dstSubpass = 0;
  fromTransfer.srcStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
  fromTransfer.dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  fromTransfer.srcAccessMask = 0;
  fromTransfer.dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  const VkSubpassDependency dependencies[] = {fromTransfer, toTransfer};
  VkRenderPassCreateInfo passInfo{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
  passInfo.attachmentCount = 1;
  passInfo.pAttachments = &color;
  passInfo.subpassCount = 1;
  passInfo.pSubpasses = &subpass;
  passInfo.dependencyCount = 2;
  passInfo.pDependencies = dependencies;
  SL_VK_TRY(vk.vkCreateRenderPass(device, &passInfo, nullptr, &renderPass_));

  VkFramebufferCreateInfo framebufferInfo{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
  framebufferInfo.renderPass = renderPass_;
  framebufferInfo.attachmentCount = 1;
  framebufferInfo.pAttachments = &view_;
  framebufferInfo.width = width;
  framebufferInfo.height = height;
  framebufferInfo.layers = 1;
  SL_VK_TRY(vk.vkCreateFramebuffer(device, &framebufferInfo, nullptr, &framebuffer_));

  VkCommandBufferAllocateInfo cmdInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  cmdInfo.commandPool = context_.commandPool();
  cmdInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cmdInfo.commandBufferCount = 1;
  SL_VK_TRY(vk.vkAllocateCommandBuffers(device, &cmdInfo, &commandBuffer_));
  VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  SL_VK_TRY(vk.vkCreateFence(device, &fenceInfo, nullptr, &fence_));

  // Into the resting layout once; the first frame then clears all of it (full damage).
  damage_.invalidate();
  return context_.submitAndWait([&](VkCommandBuffer cmd) {
    VkImageMemoryBarrier barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    barrier.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
    barrier.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    barrier.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.image = image_;
    barrier.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0,
                            nullptr, 1, &barrier);
  });
}

std::string OffscreenTarget::renderFrame(UiRenderer& renderer, const ImDrawData* drawData, const ImVec4& clearColor,
                                         RgbaImage* capture) {
  const VkDevice device = context_.device();
  const VolkDeviceTable& vk = context_.vk();
  if (fullRedraw_ || renderer.textureGeneration() != textureGeneration_) damage_.invalidate();
  textureGeneration_ = renderer.textureGeneration();
  const std::vector<DamageRect> rects = rectsFromMask(damage_.update(drawData));
  lastRedrawn_ = 0;
  for (const DamageRect& r : rects) lastRedrawn_ += r.area();
  if (rects.empty() && !capture) return "";  // nothing changed: the image already shows this frame

  SL_VK_TRY(vk.vkResetCommandBuffer(commandBuffer_, 0));
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  SL_VK_TRY(vk.vkBeginCommandBuffer(commandBuffer_, &begin));

  std::string error;
  if (!rects.empty()) {
    VkRenderPassBeginInfo passBegin{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    passBegin.renderPass = renderPass_;
    passBegin.framebuffer = framebuffer_;
    passBegin.renderArea.extent = extent_;
    vk.vkCmdBeginRenderPass(commandBuffer_, &passBegin, VK_SUBPASS_CONTENTS_INLINE);
    renderer.recordClear(commandBuffer_, rects, clearColor);
    error = renderer.record(commandBuffer_, renderPass_, drawData, 0, &rects);
    vk.vkCmdEndRenderPass(commandBuffer_);
  }
  if (error.empty() && capture) error = readback_.recordCopy(commandBuffer_, image_, extent_);
  SL_VK_TRY(vk.vkEndCommandBuffer(commandBuffer_));
  if (!error.empty()) return error;

  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &commandBuffer_;
  SL_VK_TRY(vk.vkResetFences(device, 1, &fence_));
  SL_VK_TRY(vk.vkQueueSubmit(context_.queue(), 1, &submit, fence_));
  SL_VK_TRY(vk.vkWaitForFences(device, 1, &fence_, VK_TRUE, UINT64_MAX));
  return capture ? readback_.finish(kFormat, *capture) : "";
}

}  // namespace sl::gui
