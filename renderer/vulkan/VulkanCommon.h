// Internal to the Vulkan backend: the shared device context every object holds, and helpers.
#pragma once

#include <volk.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "renderer/hal/Device.h"
#include "renderer/hal/HeapTier.h"

namespace sl::vulkan {

const char* vkResultName(VkResult result);
// DeviceError "what: VK_ERROR_..." for a failed call.
hal::Status vkError(const std::string& what, VkResult result);
#define SL_VK_CHECK(call, what)                                   \
  do {                                                            \
    VkResult sl_vk_result_ = (call);                              \
    if (sl_vk_result_ != VK_SUCCESS) return ::sl::vulkan::vkError((what), sl_vk_result_); \
  } while (0)

// Opens the Vulkan loader once per process (volkInitialize). Unavailable with the reason if the
// loader library is missing.
hal::Status initializeLoader();

// The VkFormat of a HAL format, or VK_FORMAT_UNDEFINED.
VkFormat toVkFormat(hal::Format format);

// An instance, optionally with the validation layer and a messenger that records messages.
struct InstanceState {
  VkInstance instance = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  PFN_vkDestroyDebugUtilsMessengerEXT destroyMessenger = nullptr;
  uint32_t apiVersion = 0;
  mutable std::mutex messagesMutex;
  std::vector<hal::ValidationMessage> messages;
  bool reportValidation = false;     // keep the layer's findings (not only printf's lines)
  std::vector<hal::ShaderPrint> prints;  // the layer's debug printf lines (under messagesMutex)
  uint64_t droppedPrints = 0;

  ~InstanceState();
};
// `printf`: the layer's debug printf (VkValidationFeaturesEXT), also without `validation`.
hal::Result<std::unique_ptr<InstanceState>> createInstance(bool validation, bool printf = false);

// Fills identity, features, limits and extensions of a physical device.
hal::AdapterInfo queryAdapter(VkPhysicalDevice physical, uint32_t index);

// Everything objects need after creation; shared by the device and every object it creates so
// the VkDevice outlives them all.
struct Context {
  std::unique_ptr<InstanceState> instance;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  VolkDeviceTable vk{};
  VkQueue queue = VK_NULL_HANDLE;
  uint32_t queueFamily = 0;
  VkPhysicalDeviceMemoryProperties memory{};
  hal::AdapterInfo info;
  bool pushDescriptors = false;
  hal::HeapTierChoice heapTier;  // which descriptor-heap tier this device runs (chooseHeapTier)
  std::mutex queueMutex;  // vkQueueSubmit / immediate transfers

  // Transient command pool for immediate (upload/download) work.
  VkCommandPool immediatePool = VK_NULL_HANDLE;

  ~Context();

  // Memory type with all `required` flags (and `preferred` ones when possible) among `typeBits`.
  int findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred) const;
  // Records with `record` into a one-time command buffer, submits it and waits.
  template <class F>
  hal::Status immediate(F&& record);
  hal::Status immediateImpl(void (*thunk)(void*, VkCommandBuffer), void* user);
};

template <class F>
hal::Status Context::immediate(F&& record) {
  auto thunk = [](void* user, VkCommandBuffer cb) { (*static_cast<F*>(user))(cb); };
  return immediateImpl(thunk, &record);
}

// A buffer with its own memory allocation (used for HAL buffers and internal staging/arenas).
struct RawBuffer {
  std::shared_ptr<Context> ctx;
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void* mapped = nullptr;  // non-null when host visible
  uint64_t size = 0;

  RawBuffer() = default;
  RawBuffer(const RawBuffer&) = delete;
  RawBuffer& operator=(const RawBuffer&) = delete;
  ~RawBuffer();
};
// hostVisible: require HOST_VISIBLE|HOST_COHERENT; otherwise prefer DEVICE_LOCAL (and take host
// visibility when the same type offers it, as on lavapipe and ReBAR GPUs).
hal::Result<std::unique_ptr<RawBuffer>> createRawBuffer(const std::shared_ptr<Context>& ctx, uint64_t size,
                                                        VkBufferUsageFlags usage, bool hostVisible, const std::string& label);

}  // namespace sl::vulkan
