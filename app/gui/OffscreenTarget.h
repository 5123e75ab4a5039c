// Renders ImGui frames into an offscreen colour image (no window, no swapchain): the headless
// path of --screenshot, which runs on lavapipe with no display at all.
#pragma once

#include "app/gui/ImageReadback.h"
#include "app/gui/Png.h"
#include "app/gui/UiRenderer.h"
#include "app/gui/VulkanContext.h"

#include <imgui.h>

namespace sl::gui {

class OffscreenTarget {
 public:
  static constexpr VkFormat kFormat = VK_FORMAT_R8G8B8A8_UNORM;

  explicit OffscreenTarget(const VulkanContext& context) : context_(context), readback_(context) {}
  ~OffscreenTarget();
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;

  std::string create(uint32_t width, uint32_t height);
  VkRenderPass renderPass() const { return renderPass_; }
  VkExtent2D extent() const { return extent_; }

  // Clears, draws `drawData` with `renderer` (frame slot 0) and waits for the GPU. With
  // `capture`, also reads the image back into it.
  std::string renderFrame(UiRenderer& renderer, const ImDrawData* drawData, const ImVec4& clearColor,
                          RgbaImage* capture);

 private:
  const VulkanContext& context_;
  ImageReadback readback_;
  VkExtent2D extent_{};
  VkImage image_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  VkImageView view_ = VK_NULL_HANDLE;
  VkRenderPass renderPass_ = VK_NULL_HANDLE;
  VkFramebuffer framebuffer_ = VK_NULL_HANDLE;
  VkCommandBuffer commandBuffer_ = VK_NULL_HANDLE;
  VkFence fence_ = VK_NULL_HANDLE;
};

}  // namespace sl::gui
