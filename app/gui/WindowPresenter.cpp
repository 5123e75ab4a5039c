#include "app/gui/WindowPresenter.h"

#include <algorithm>

namespace sl::gui {

WindowPresenter::~WindowPresenter() {
  const VkDevice device = context_.device();
  if (device) {
    context_.vk().vkDeviceWaitIdle(device);
    destroySwapchain();
    for (Frame& frame : frames_) {
      if (frame.done) context_.vk().vkDestroyFence(device, frame.done, nullptr);
      if (frame.imageAcquired) context_.vk().vkDestroySemaphore(device, frame.imageAcquired, nullptr);
      if (frame.commandBuffer) context_.vk().vkFreeCommandBuffers(device, context_.commandPool(), 1, &frame.commandBuffer);
    }
    if (renderPass_) context_.vk().vkDestroyRenderPass(device, renderPass_, nullptr);
    if (loadPass_) context_.vk().vkDestroyRenderPass(device, loadPass_, nullptr);
  }
  if (surface_ && context_.vki().vkDestroySurfaceKHR) context_.vki().vkDestroySurfaceKHR(context_.instance(), surface_, nullptr);
  if (window_) glfwDestroyWindow(window_);
}

std::string WindowPresenter::open(const WindowPlacement& placement, const char* title) {
  if (!glfwVulkanSupported()) return "GLFW found no Vulkan loader";
  glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
  // Hidden until placed, so it does not show up elsewhere first.
  const bool placed = placement.x && placement.y;
  glfwWindowHint(GLFW_VISIBLE, placed ? GLFW_FALSE : GLFW_TRUE);
  window_ = glfwCreateWindow(placement.width, placement.height, title, nullptr, nullptr);
  glfwWindowHint(GLFW_VISIBLE, GLFW_TRUE);
  if (!window_) return "could not create a window";
  if (placed) {
    glfwSetWindowPos(window_, *placement.x, *placement.y);
    glfwShowWindow(window_);
  }

  uint32_t extensionCount = 0;
  const char** extensions = glfwGetRequiredInstanceExtensions(&extensionCount);
  if (!extensions) return "GLFW knows no Vulkan surface extension for this display";
  if (std::string error = context_.createInstance(std::vector<const char*>(extensions, extensions + extensionCount));
      !error.empty())
    return error;
  SL_VK_TRY(glfwCreateWindowSurface(context_.instance(), window_, nullptr, &surface_));
  if (std::string error = context_.createDevice(surface_); !error.empty()) return error;

  const VkDevice device = context_.device();
  const VolkDeviceTable& vk = context_.vk();
  for (Frame& frame : frames_) {
    VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = context_.commandPool();
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    SL_VK_TRY(vk.vkAllocateCommandBuffers(device, &alloc, &frame.commandBuffer));
    VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    fenceInfo.flags = VK_FENCE_CREATE_SIGNALED_BIT;
    SL_VK_TRY(vk.vkCreateFence(device, &fenceInfo, nullptr, &frame.done));
    VkSemaphoreCreateInfo semaphoreInfo{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    SL_VK_TRY(vk.vkCreateSemaphore(device, &semaphoreInfo, nullptr, &frame.imageAcquired));
  }
  return createSwapchain();
}

float WindowPresenter::contentScale() const {
  float x = 1.0f, y = 1.0f;
  glfwGetWindowContentScale(window_, &x, &y);
  return std::max(1.0f, std::max(x, y));
}

void WindowPresenter::destroySwapchain() {
  const VkDevice device = context_.device();
  const VolkDeviceTable& vk = context_.vk();
  for (VkFramebuffer framebuffer : framebuffers_) vk.vkDestroyFramebuffer(device, framebuffer, nullptr);
  for (VkImageView view : views_) vk.vkDestroyImageView(device, view, nullptr);
  for (VkSemaphore semaphore : renderFinished_) vk.vkDestroySemaphore(device, semaphore, nullptr);
  framebuffers_.clear();
  views_.clear();
  renderFinished_.clear();
  images_.clear();
  if (swapchain_) vk.vkDestroySwapchainKHR(device, swapchain_, nullptr);
  swapchain_ = VK_NULL_HANDLE;
}

std::string WindowPresenter::createSwapchain() {
  const VkDevice device = context_.device();
  const VkPhysicalDevice physical = context_.physicalDevice();
  const VolkDeviceTable& vk = context_.vk();

  VkSurfaceCapabilitiesKHR caps;
  SL_VK_TRY(context_.vki().vkGetPhysicalDeviceSurfaceCapabilitiesKHR(physical, surface_, &caps));
  int fbWidth = 0, fbHeight = 0;
  glfwGetFramebufferSize(window_, &fbWidth, &fbHeight);
  if (caps.currentExtent.width != UINT32_MAX) {
    extent_ = caps.currentExtent;
  } else {
    extent_.width = std::clamp(uint32_t(fbWidth), caps.minImageExtent.width, caps.maxImageExtent.width);
    extent_.height = std::clamp(uint32_t(fbHeight), caps.minImageExtent.height, caps.maxImageExtent.height);
  }
  if (extent_.width == 0 || extent_.height == 0) return "";  // minimised: build it when shown again

  // ImGui's colours are meant to be written as is, so a UNORM format is preferred over sRGB.
  uint32_t formatCount = 0;
  SL_VK_TRY(context_.vki().vkGetPhysicalDeviceSurfaceFormatsKHR(physical, surface_, &formatCount, nullptr));
  std::vector<VkSurfaceFormatKHR> formats(formatCount);
  SL_VK_TRY(context_.vki().vkGetPhysicalDeviceSurfaceFormatsKHR(physical, surface_, &formatCount, formats.data()));
  if (formats.empty()) return "the window surface offers no formats";
  VkSurfaceFormatKHR chosen = formats[0];
  for (const VkSurfaceFormatKHR& format : formats)
    if (format.format == VK_FORMAT_B8G8R8A8_UNORM || format.format == VK_FORMAT_R8G8B8A8_UNORM) {
      chosen = format;
      break;
    }
  const bool formatChanged = renderPass_ && chosen.format != format_.format;
  format_ = chosen;

  VkSwapchainCreateInfoKHR info{VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR};
  info.surface = surface_;
  info.minImageCount = caps.minImageCount + 1;
  if (caps.maxImageCount) info.minImageCount = std::min(info.minImageCount, caps.maxImageCount);
  info.imageFormat = format_.format;
  info.imageColorSpace = format_.colorSpace;
  info.imageExtent = extent_;
  info.imageArrayLayers = 1;
  canReadBack_ = (caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_SRC_BIT) && ImageReadback::supportsFormat(format_.format);
  info.imageUsage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | (canReadBack_ ? VK_IMAGE_USAGE_TRANSFER_SRC_BIT : 0);
  info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.preTransform = caps.currentTransform;
  info.compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR;
  if (!(caps.supportedCompositeAlpha & info.compositeAlpha))
    for (VkCompositeAlphaFlagBitsKHR bit : {VK_COMPOSITE_ALPHA_INHERIT_BIT_KHR, VK_COMPOSITE_ALPHA_PRE_MULTIPLIED_BIT_KHR,
                                            VK_COMPOSITE_ALPHA_POST_MULTIPLIED_BIT_KHR})
      if (caps.supportedCompositeAlpha & bit) {
        info.compositeAlpha = bit;
        break;
      }
  info.presentMode = VK_PRESENT_MODE_FIFO_KHR;  // vsync; always supported
  info.clipped = VK_TRUE;
  info.oldSwapchain = swapchain_;
  VkSwapchainKHR created = VK_NULL_HANDLE;
  SL_VK_TRY(vk.vkCreateSwapchainKHR(device, &info, nullptr, &created));
  destroySwapchain();
  swapchain_ = created;

  if (formatChanged) {
    vk.vkDestroyRenderPass(device, renderPass_, nullptr);
    vk.vkDestroyRenderPass(device, loadPass_, nullptr);
    renderPass_ = loadPass_ = VK_NULL_HANDLE;
  }
  if (!renderPass_) {
    VkAttachmentDescription color{};
    color.format = format_.format;
    color.samples = VK_SAMPLE_COUNT_1_BIT;
    color.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    color.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
    color.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    color.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    color.finalLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
    VkAttachmentReference colorRef{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass{};
    subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
    subpass.colorAttachmentCount = 1;
    subpass.pColorAttachments = &colorRef;
    // The image arrives through the acquire semaphore, waited on at colour output.
    VkSubpassDependency acquire{};
    acquire.srcSubpass = VK_SUBPASS_EXTERNAL;
    acquire.dstSubpass = 0;
    acquire.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
    acquire.dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
    acquire.dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    VkRenderPassCreateInfo passInfo{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
    passInfo.attachmentCount = 1;
    passInfo.pAttachments = &color;
    passInfo.subpassCount = 1;
    passInfo.pSubpasses = &subpass;
    passInfo.dependencyCount = 1;
    passInfo.pDependencies = &acquire;
    SL_VK_TRY(vk.vkCreateRenderPass(device, &passInfo, nullptr, &renderPass_));
    // The same pass keeping what the image showed when it was last presented.
    color.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    color.initialLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
    acquire.dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    SL_VK_TRY(vk.vkCreateRenderPass(device, &passInfo, nullptr, &loadPass_));
  }

  uint32_t imageCount = 0;
  SL_VK_TRY(vk.vkGetSwapchainImagesKHR(device, swapchain_, &imageCount, nullptr));
  images_.resize(imageCount);
  SL_VK_TRY(vk.vkGetSwapchainImagesKHR(device, swapchain_, &imageCount, images_.data()));
  for (VkImage image : images_) {
    VkImageViewCreateInfo viewInfo{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    viewInfo.image = image;
    viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
    viewInfo.format = format_.format;
    viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    VkImageView view = VK_NULL_HANDLE;
    SL_VK_TRY(vk.vkCreateImageView(device, &viewInfo, nullptr, &view));
    views_.push_back(view);
    VkFramebufferCreateInfo framebufferInfo{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
    framebufferInfo.renderPass = renderPass_;
    framebufferInfo.attachmentCount = 1;
    framebufferInfo.pAttachments = &view;
    framebufferInfo.width = extent_.width;
    framebufferInfo.height = extent_.height;
    framebufferInfo.layers = 1;
    VkFramebuffer framebuffer = VK_NULL_HANDLE;
    SL_VK_TRY(vk.vkCreateFramebuffer(device, &framebufferInfo, nullptr, &framebuffer));
    framebuffers_.push_back(framebuffer);
    VkSemaphoreCreateInfo semaphoreInfo{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    VkSemaphore semaphore = VK_NULL_HANDLE;
    SL_VK_TRY(vk.vkCreateSemaphore(device, &semaphoreInfo, nullptr, &semaphore));
    renderFinished_.push_back(semaphore);
  }
  // New images hold nothing yet: each is drawn in full once.
  pendingDamage_.assign(images_.size(), TileMask{});
  imageDrawn_.assign(images_.size(), false);
  damage_.invalidate();
  needsRebuild_ = false;
  return "";
}

void WindowPresenter::detachRenderer(UiRenderer& renderer) {
  if (renderPass_) renderer.releaseRenderPass(renderPass_);
  if (loadPass_) renderer.releaseRenderPass(loadPass_);
}

std::string WindowPresenter::renderFrame(UiRenderer& renderer, const ImDrawData* drawData, const ImVec4& clearColor,
                                         RgbaImage* capture) {
  const VkDevice device = context_.device();
  const VolkDeviceTable& vk = context_.vk();
  int fbWidth = 0, fbHeight = 0;
  glfwGetFramebufferSize(window_, &fbWidth, &fbHeight);
  if (fbWidth <= 0 || fbHeight <= 0) return "";  // minimised
  unchanged_ = false;
  if (needsRebuild_ || !swapchain_ || uint32_t(fbWidth) != extent_.width || uint32_t(fbHeight) != extent_.height) {
    vk.vkDeviceWaitIdle(device);
    VkRenderPass oldPass = renderPass_, oldLoadPass = loadPass_;
    if (std::string error = createSwapchain(); !error.empty()) return error;
    if (oldPass != renderPass_) renderer.releaseRenderPass(oldPass);
    if (oldLoadPass != loadPass_) renderer.releaseRenderPass(oldLoadPass);
    if (!swapchain_) return "";
  }

  if (renderer.textureGeneration() != textureGeneration_) damage_.invalidate();
  textureGeneration_ = renderer.textureGeneration();
  const TileMask changed = damage_.update(drawData);
  if (!changed.any() && !capture) {
    unchanged_ = true;  // the window already shows this frame
    return "";
  }

  Frame& frame = frames_[frameIndex_];
  SL_VK_TRY(vk.vkWaitForFences(device, 1, &frame.done, VK_TRUE, UINT64_MAX));
  uint32_t imageIndex = 0;
  VkResult acquired = vk.vkAcquireNextImageKHR(device, swapchain_, UINT64_MAX, frame.imageAcquired, VK_NULL_HANDLE, &imageIndex);
  if (acquired == VK_ERROR_OUT_OF_DATE_KHR) {
    needsRebuild_ = true;  // the rebuild draws every image in full
    return "";
  }
  if (acquired != VK_SUCCESS && acquired != VK_SUBOPTIMAL_KHR)
    return "vkAcquireNextImageKHR failed: " + vkResultName(acquired);
  SL_VK_TRY(vk.vkResetFences(device, 1, &frame.done));

  SL_VK_TRY(vk.vkResetCommandBuffer(frame.commandBuffer, 0));
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  SL_VK_TRY(vk.vkBeginCommandBuffer(frame.commandBuffer, &begin));
  // Every image owes the tiles this frame changed; this one is brought up to date now.
  for (TileMask& pending : pendingDamage_) {
    if (pending.damaged.empty()) pending = changed;
    else pending.add(changed);
  }
  const bool partial = imageDrawn_[imageIndex];
  const std::vector<DamageRect> rects = partial ? rectsFromMask(pendingDamage_[imageIndex]) : std::vector<DamageRect>{};
  VkClearValue clear{};
  clear.color = {{clearColor.x, clearColor.y, clearColor.z, 1.0f}};
  VkRenderPassBeginInfo passBegin{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
  passBegin.renderPass = partial ? loadPass_ : renderPass_;
  passBegin.framebuffer = framebuffers_[imageIndex];
  passBegin.renderArea.extent = extent_;
  passBegin.clearValueCount = partial ? 0 : 1;
  passBegin.pClearValues = partial ? nullptr : &clear;
  vk.vkCmdBeginRenderPass(frame.commandBuffer, &passBegin, VK_SUBPASS_CONTENTS_INLINE);
  if (partial) renderer.recordClear(frame.commandBuffer, rects, clearColor);
  std::string error = renderer.record(frame.commandBuffer, passBegin.renderPass, drawData, frameIndex_, partial ? &rects : nullptr);
  vk.vkCmdEndRenderPass(frame.commandBuffer);
  pendingDamage_[imageIndex] = TileMask{};
  imageDrawn_[imageIndex] = error.empty();

  const bool capturing = capture && canReadBack_ && error.empty();
  if (capturing) {
    // PRESENT_SRC -> TRANSFER_SRC for the copy, then back for presentation.
    VkImageMemoryBarrier barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
    barrier.oldLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
    barrier.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.image = images_[imageIndex];
    barrier.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vk.vkCmdPipelineBarrier(frame.commandBuffer, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                            VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0, nullptr, 1, &barrier);
    error = readback_.recordCopy(frame.commandBuffer, images_[imageIndex], extent_);
    barrier.srcAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
    barrier.dstAccessMask = 0;
    barrier.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    barrier.newLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
    vk.vkCmdPipelineBarrier(frame.commandBuffer, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                            0, 0, nullptr, 0, nullptr, 1, &barrier);
  }
  SL_VK_TRY(vk.vkEndCommandBuffer(frame.commandBuffer));

  VkPipelineStageFlags waitStage = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.waitSemaphoreCount = 1;
  submit.pWaitSemaphores = &frame.imageAcquired;
  submit.pWaitDstStageMask = &waitStage;
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &frame.commandBuffer;
  submit.signalSemaphoreCount = 1;
  submit.pSignalSemaphores = &renderFinished_[imageIndex];
  SL_VK_TRY(vk.vkQueueSubmit(context_.queue(), 1, &submit, frame.done));

  VkPresentInfoKHR present{VK_STRUCTURE_TYPE_PRESENT_INFO_KHR};
  present.waitSemaphoreCount = 1;
  present.pWaitSemaphores = &renderFinished_[imageIndex];
  present.swapchainCount = 1;
  present.pSwapchains = &swapchain_;
  present.pImageIndices = &imageIndex;
  VkResult presented = vk.vkQueuePresentKHR(context_.queue(), &present);
  if (presented == VK_ERROR_OUT_OF_DATE_KHR || presented == VK_SUBOPTIMAL_KHR) needsRebuild_ = true;
  else if (presented != VK_SUCCESS) return "vkQueuePresentKHR failed: " + vkResultName(presented);
  frameIndex_ = (frameIndex_ + 1) % kFramesInFlight;
  if (!error.empty()) return error;

  if (capture) {
    if (!canReadBack_) return "this window's swapchain images cannot be copied; run without a display for --screenshot";
    SL_VK_TRY(vk.vkWaitForFences(device, 1, &frame.done, VK_TRUE, UINT64_MAX));
    return readback_.finish(format_.format, *capture);
  }
  return "";
}

}  // namespace sl::gui
