// Renders ImGui frames into an offscreen colour image (no window, no swapchain): the headless
// path of --screenshot, which runs on lavapipe with no display at all. The image keeps its
// pixels between frames, so each frame redraws only the tiles FrameDamage finds changed (none:
// no GPU work at all).
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

  // Redraws the changed parts of `drawData` with `renderer` (frame slot 0) and waits for the
  // GPU. With `capture`, also reads the whole image back into it.
  std::string renderFrame(UiRenderer& renderer, const ImDrawData* drawData, const ImVec4& clearColor,
                          RgbaImage* capture);
  // Pixels the last renderFrame redrew (0: the frame was unchanged), and the image's total.
  uint64_t lastRedrawnPixels() const { return lastRedrawn_; }
  uint64_t pixelCount() const { return uint64_t(extent_.width) * extent_.height; }
  // Every frame redraws everything (for comparing against the partial redraw).
  void setFullRedraw(bool full) { fullRedraw_ = full; }

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
  FrameDamage damage_;
  uint64_t textureGeneration_ = ~uint64_t(0);
  uint64_t lastRedrawn_ = 0;
  bool fullRedraw_ = false;
};

}  // namespace sl::gui
