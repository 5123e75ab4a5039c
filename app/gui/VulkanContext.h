// The UI's own Vulkan instance and device, loaded through volk.
//
// Device-level functions are called through a per-device VolkDeviceTable (vk()), never through
// volk's globals: the renderer/ backends may load their own device into those globals in the same
// process, and each side must keep calling its own driver.
#pragma once

#include <volk.h>

#include <functional>
#include <string>
#include <vector>

namespace sl::gui {

std::string vkResultName(VkResult result);

// In functions returning an error message: returns "<call> failed: VK_ERROR_..." on failure.
#define SL_VK_TRY(call)                                                                    \
  do {                                                                                     \
    VkResult slVkResult_ = (call);                                                         \
    if (slVkResult_ != VK_SUCCESS) return #call " failed: " + ::sl::gui::vkResultName(slVkResult_); \
  } while (0)

// Host-visible, coherent, persistently mapped buffer (vertex/index streams, readbacks, staging).
struct HostBuffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void* mapped = nullptr;
  VkDeviceSize size = 0;
};

class VulkanContext {
 public:
  VulkanContext() = default;
  ~VulkanContext();
  VulkanContext(const VulkanContext&) = delete;
  VulkanContext& operator=(const VulkanContext&) = delete;

  // Step 1: opens the loader and creates an instance with `extensions` (GLFW's surface
  // extensions for a window, none for the headless path). Returns "" or an error message.
  std::string createInstance(const std::vector<const char*>& extensions);
  // Step 2: picks a device with a graphics queue that can present to `surface` (when not null),
  // preferring real GPUs over CPU implementations, and creates it with one queue.
  std::string createDevice(VkSurfaceKHR surface);

  VkInstance instance() const { return instance_; }
  VkPhysicalDevice physicalDevice() const { return physical_; }
  VkDevice device() const { return device_; }
  VkQueue queue() const { return queue_; }
  uint32_t queueFamily() const { return queueFamily_; }
  VkCommandPool commandPool() const { return commandPool_; }
  const std::string& deviceName() const { return deviceName_; }
  const VolkDeviceTable& vk() const { return table_; }
  // The instance-level entry points used after start-up, loaded for this instance: volk's
  // globals are per process, and the HAL (a Run, listing adapters) reloads them for its own
  // instance, which has no surface extension (its surface functions are null).
  struct InstanceTable {
    PFN_vkDestroyInstance vkDestroyInstance = nullptr;
    PFN_vkDestroySurfaceKHR vkDestroySurfaceKHR = nullptr;
    PFN_vkGetPhysicalDeviceSurfaceCapabilitiesKHR vkGetPhysicalDeviceSurfaceCapabilitiesKHR = nullptr;
    PFN_vkGetPhysicalDeviceSurfaceFormatsKHR vkGetPhysicalDeviceSurfaceFormatsKHR = nullptr;
  };
  const InstanceTable& vki() const { return instanceTable_; }

  // A memory type index allowed by `typeBits` with `flags`, or UINT32_MAX.
  uint32_t findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags flags) const;

  std::string createHostBuffer(VkDeviceSize size, VkBufferUsageFlags usage, HostBuffer& out) const;
  void destroyHostBuffer(HostBuffer& buffer) const;

  // Records `record` into a one-time command buffer, submits it and waits (uploads, readbacks).
  std::string submitAndWait(const std::function<void(VkCommandBuffer)>& record) const;

  void waitIdle() const;

 private:
  VkInstance instance_ = VK_NULL_HANDLE;
  VkPhysicalDevice physical_ = VK_NULL_HANDLE;
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  uint32_t queueFamily_ = 0;
  VkCommandPool commandPool_ = VK_NULL_HANDLE;
  VkPhysicalDeviceMemoryProperties memoryProperties_{};
  VolkDeviceTable table_{};
  InstanceTable instanceTable_{};
  std::string deviceName_;
};

}  // namespace sl::gui
