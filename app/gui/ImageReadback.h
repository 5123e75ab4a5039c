// Copies a rendered colour image into host memory and converts it to tightly packed RGBA, for
// --screenshot from both the offscreen target and the window's swapchain.
#pragma once

#include "app/gui/Png.h"
#include "app/gui/VulkanContext.h"

namespace sl::gui {

class ImageReadback {
 public:
  explicit ImageReadback(const VulkanContext& context) : context_(context) {}
  ~ImageReadback() { context_.destroyHostBuffer(buffer_); }
  ImageReadback(const ImageReadback&) = delete;
  ImageReadback& operator=(const ImageReadback&) = delete;

  // Records a copy of `image` (4 bytes per pixel, now in TRANSFER_SRC_OPTIMAL) into the host
  // buffer, growing it as needed. Call finish() after the command buffer has completed.
  std::string recordCopy(VkCommandBuffer commandBuffer, VkImage image, VkExtent2D extent);

  // Converts what the copy wrote; `format` says whether red and blue must be swapped.
  std::string finish(VkFormat format, RgbaImage& out) const;

  // The formats finish() understands.
  static bool supportsFormat(VkFormat format);

 private:
  const VulkanContext& context_;
  HostBuffer buffer_;
  VkExtent2D extent_{};
};

}  // namespace sl::gui
