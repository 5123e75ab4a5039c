// The windowed presentation path: a GLFW window with a Vulkan surface and swapchain (FIFO, i.e.
// vsync), rebuilt when the framebuffer size changes or the swapchain goes out of date. Each frame
// acquires an image, records the UI into it and presents it; on request it also copies the
// presented image back (--screenshot with a display). Partial redraw: a frame whose draw data
// is unchanged (FrameDamage) is not drawn or presented at all; otherwise each swapchain image
// keeps its pixels and is redrawn only where the frames since it was last drawn changed it.
#pragma once

#include "app/gui/AppSettings.h"
#include "app/gui/ImageReadback.h"
#include "app/gui/Png.h"
#include "app/gui/UiRenderer.h"
#include "app/gui/VulkanContext.h"

// volk first: GLFW declares its Vulkan helpers only when the Vulkan types are already known.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <vector>

namespace sl::gui {

class WindowPresenter {
 public:
  static constexpr uint32_t kFramesInFlight = 2;

  explicit WindowPresenter(VulkanContext& context) : context_(context), readback_(context) {}
  ~WindowPresenter();
  WindowPresenter(const WindowPresenter&) = delete;
  WindowPresenter& operator=(const WindowPresenter&) = delete;

  // glfwInit must have succeeded. Creates the window, the context's instance and device (able to
  // present to it) and the swapchain. A placement with a position puts the window there.
  std::string open(const WindowPlacement& placement, const char* title);

  GLFWwindow* window() const { return window_; }
  // The display's content scale (HiDPI): 1 on a 96-dpi display.
  float contentScale() const;

  // Renders and presents one frame. Skips (returns "") while the window is minimised. With
  // `capture`, waits for the frame and copies the presented image into it. `renderer` must be
  // the one given to setRenderer before the first frame.
  std::string renderFrame(UiRenderer& renderer, const ImDrawData* drawData, const ImVec4& clearColor,
                          RgbaImage* capture);

  // Call before destroying the renderer: drops its pipelines for our render passes.
  void detachRenderer(UiRenderer& renderer);

  // The last renderFrame found the frame unchanged and presented nothing (the window still
  // shows it); the caller paces its loop itself then.
  bool lastFrameUnchanged() const { return unchanged_; }

 private:
  struct Frame {
    VkCommandBuffer commandBuffer = VK_NULL_HANDLE;
    VkFence done = VK_NULL_HANDLE;
    VkSemaphore imageAcquired = VK_NULL_HANDLE;
  };

  std::string createSwapchain();
  void destroySwapchain();

  VulkanContext& context_;
  ImageReadback readback_;
  GLFWwindow* window_ = nullptr;
  VkSurfaceKHR surface_ = VK_NULL_HANDLE;
  VkSwapchainKHR swapchain_ = VK_NULL_HANDLE;
  VkSurfaceFormatKHR format_{};
  VkExtent2D extent_{};
  bool canReadBack_ = false;
  VkRenderPass renderPass_ = VK_NULL_HANDLE;  // clears: an image drawn in full
  VkRenderPass loadPass_ = VK_NULL_HANDLE;    // keeps the image's pixels: a partial redraw
  std::vector<VkImage> images_;
  std::vector<VkImageView> views_;
  std::vector<VkFramebuffer> framebuffers_;
  std::vector<VkSemaphore> renderFinished_;  // one per swapchain image
  Frame frames_[kFramesInFlight];
  uint32_t frameIndex_ = 0;
  bool needsRebuild_ = false;
  FrameDamage damage_;
  std::vector<TileMask> pendingDamage_;  // per swapchain image: what changed since it was drawn
  std::vector<bool> imageDrawn_;         // per swapchain image: holds a whole earlier frame
  uint64_t textureGeneration_ = ~uint64_t(0);
  bool unchanged_ = false;
};

}  // namespace sl::gui
