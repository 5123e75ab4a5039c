#include "app/gui/ImageReadback.h"

#include <cstring>

namespace sl::gui {

bool ImageReadback::supportsFormat(VkFormat format) {
  switch (format) {
    case VK_FORMAT_R8G8B8A8_UNORM:
    case VK_FORMAT_R8G8B8A8_SRGB:
    case VK_FORMAT_B8G8R8A8_UNORM:
    case VK_FORMAT_B8G8R8A8_SRGB:
      return true;
    default:
      return false;
  }
}

std::string ImageReadback::recordCopy(VkCommandBuffer cmd, VkImage image, VkExtent2D extent) {
  const VkDeviceSize bytes = VkDeviceSize(extent.width) * extent.height * 4;
  if (bytes > buffer_.size)
    if (std::string error = context_.createHostBuffer(bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, buffer_); !error.empty())
      return error;
  extent_ = extent;
  VkBufferImageCopy region{};
  region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.imageExtent = {extent.width, extent.height, 1};
  context_.vk().vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buffer_.buffer, 1, &region);
  // Make the transfer's writes visible to the host once the fence signals.
  VkMemoryBarrier toHost{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  toHost.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  toHost.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  context_.vk().vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &toHost, 0,
                                     nullptr, 0, nullptr);
  return "";
}

std::string ImageReadback::finish(VkFormat format, RgbaImage& out) const {
  if (!supportsFormat(format)) return "cannot read back images of format " + std::to_string(int(format));
  if (!buffer_.mapped || extent_.width == 0) return "nothing was copied to read back";
  out.width = extent_.width;
  out.height = extent_.height;
  out.pixels.resize(size_t(out.width) * out.height * 4);
  std::memcpy(out.pixels.data(), buffer_.mapped, out.pixels.size());
  if (format == VK_FORMAT_B8G8R8A8_UNORM || format == VK_FORMAT_B8G8R8A8_SRGB)
    for (size_t i = 0; i < out.pixels.size(); i += 4) std::swap(out.pixels[i], out.pixels[i + 2]);
  return "";
}

}  // namespace sl::gui
