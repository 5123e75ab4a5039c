#include "app/gui/VulkanContext.h"

#include <type_traits>

#include <cstring>

namespace sl::gui {

std::string vkResultName(VkResult result) {
  switch (result) {
#define SL_VK_RESULT(name) \
  case name:               \
    return #name;
    SL_VK_RESULT(VK_SUCCESS)
    SL_VK_RESULT(VK_NOT_READY)
    SL_VK_RESULT(VK_TIMEOUT)
    SL_VK_RESULT(VK_INCOMPLETE)
    SL_VK_RESULT(VK_SUBOPTIMAL_KHR)
    SL_VK_RESULT(VK_ERROR_OUT_OF_HOST_MEMORY)
    SL_VK_RESULT(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    SL_VK_RESULT(VK_ERROR_INITIALIZATION_FAILED)
    SL_VK_RESULT(VK_ERROR_DEVICE_LOST)
    SL_VK_RESULT(VK_ERROR_MEMORY_MAP_FAILED)
    SL_VK_RESULT(VK_ERROR_LAYER_NOT_PRESENT)
    SL_VK_RESULT(VK_ERROR_EXTENSION_NOT_PRESENT)
    SL_VK_RESULT(VK_ERROR_FEATURE_NOT_PRESENT)
    SL_VK_RESULT(VK_ERROR_INCOMPATIBLE_DRIVER)
    SL_VK_RESULT(VK_ERROR_TOO_MANY_OBJECTS)
    SL_VK_RESULT(VK_ERROR_FORMAT_NOT_SUPPORTED)
    SL_VK_RESULT(VK_ERROR_SURFACE_LOST_KHR)
    SL_VK_RESULT(VK_ERROR_NATIVE_WINDOW_IN_USE_KHR)
    SL_VK_RESULT(VK_ERROR_OUT_OF_DATE_KHR)
#undef SL_VK_RESULT
    default:
      return "VkResult " + std::to_string(int(result));
  }
}

VulkanContext::~VulkanContext() {
  if (device_) {
    table_.vkDeviceWaitIdle(device_);
    if (commandPool_) table_.vkDestroyCommandPool(device_, commandPool_, nullptr);
    table_.vkDestroyDevice(device_, nullptr);
  }
  if (instance_ && instanceTable_.vkDestroyInstance) instanceTable_.vkDestroyInstance(instance_, nullptr);
}

std::string VulkanContext::createInstance(const std::vector<const char*>& extensions) {
  if (volkInitialize() != VK_SUCCESS) return "no Vulkan loader found (libvulkan.so.1)";
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "shaderlens";
  app.applicationVersion = VK_MAKE_VERSION(0, 1, 0);
  app.pEngineName = "shaderlens-ui";
  app.apiVersion = VK_API_VERSION_1_1;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  info.enabledExtensionCount = uint32_t(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  SL_VK_TRY(vkCreateInstance(&info, nullptr, &instance_));
  // Instance-level entry points only; device-level ones go through our own table.
  volkLoadInstanceOnly(instance_);
  auto load = [&](auto& fn, const char* name) { fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(vkGetInstanceProcAddr(instance_, name)); };
  load(instanceTable_.vkDestroyInstance, "vkDestroyInstance");
  load(instanceTable_.vkDestroySurfaceKHR, "vkDestroySurfaceKHR");
  load(instanceTable_.vkGetPhysicalDeviceSurfaceCapabilitiesKHR, "vkGetPhysicalDeviceSurfaceCapabilitiesKHR");
  load(instanceTable_.vkGetPhysicalDeviceSurfaceFormatsKHR, "vkGetPhysicalDeviceSurfaceFormatsKHR");
  return "";
}

std::string VulkanContext::createDevice(VkSurfaceKHR surface) {
  uint32_t count = 0;
  SL_VK_TRY(vkEnumeratePhysicalDevices(instance_, &count, nullptr));
  std::vector<VkPhysicalDevice> devices(count);
  SL_VK_TRY(vkEnumeratePhysicalDevices(instance_, &count, devices.data()));

  int bestScore = -1;
  for (VkPhysicalDevice candidate : devices) {
    uint32_t familyCount = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(candidate, &familyCount, nullptr);
    std::vector<VkQueueFamilyProperties> families(familyCount);
    vkGetPhysicalDeviceQueueFamilyProperties(candidate, &familyCount, families.data());
    for (uint32_t family = 0; family < familyCount; ++family) {
      if (!(families[family].queueFlags & VK_QUEUE_GRAPHICS_BIT)) continue;
      if (surface) {
        VkBool32 canPresent = VK_FALSE;
        vkGetPhysicalDeviceSurfaceSupportKHR(candidate, family, surface, &canPresent);
        if (!canPresent) continue;
      }
      VkPhysicalDeviceProperties properties;
      vkGetPhysicalDeviceProperties(candidate, &properties);
      int score = properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU     ? 3
                  : properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU ? 2
                  : properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU            ? 0
                                                                                   : 1;
      if (score > bestScore) {
        bestScore = score;
        physical_ = candidate;
        queueFamily_ = family;
        deviceName_ = properties.deviceName;
      }
      break;
    }
  }
  if (!physical_)
    return surface ? "no Vulkan device can draw and present to the window"
                   : "no Vulkan device with a graphics queue (is mesa-vulkan-drivers installed?)";
  vkGetPhysicalDeviceMemoryProperties(physical_, &memoryProperties_);

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queueInfo.queueFamilyIndex = queueFamily_;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;
  const char* swapchainExtension = VK_KHR_SWAPCHAIN_EXTENSION_NAME;
  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queueInfo;
  if (surface) {
    info.enabledExtensionCount = 1;
    info.ppEnabledExtensionNames = &swapchainExtension;
  }
  SL_VK_TRY(vkCreateDevice(physical_, &info, nullptr, &device_));
  volkLoadDeviceTable(&table_, device_);
  table_.vkGetDeviceQueue(device_, queueFamily_, 0, &queue_);

  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = queueFamily_;
  SL_VK_TRY(table_.vkCreateCommandPool(device_, &poolInfo, nullptr, &commandPool_));
  return "";
}

uint32_t VulkanContext::findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags flags) const {
  for (uint32_t i = 0; i < memoryProperties_.memoryTypeCount; ++i)
    if ((typeBits & (1u << i)) && (memoryProperties_.memoryTypes[i].propertyFlags & flags) == flags) return i;
  return UINT32_MAX;
}

std::string VulkanContext::createHostBuffer(VkDeviceSize size, VkBufferUsageFlags usage, HostBuffer& out) const {
  destroyHostBuffer(out);
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  SL_VK_TRY(table_.vkCreateBuffer(device_, &info, nullptr, &out.buffer));
  VkMemoryRequirements requirements;
  table_.vkGetBufferMemoryRequirements(device_, out.buffer, &requirements);
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = requirements.size;
  alloc.memoryTypeIndex = findMemoryType(requirements.memoryTypeBits,
                                         VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  if (alloc.memoryTypeIndex == UINT32_MAX) return "no host-visible coherent memory for a UI buffer";
  SL_VK_TRY(table_.vkAllocateMemory(device_, &alloc, nullptr, &out.memory));
  SL_VK_TRY(table_.vkBindBufferMemory(device_, out.buffer, out.memory, 0));
  SL_VK_TRY(table_.vkMapMemory(device_, out.memory, 0, VK_WHOLE_SIZE, 0, &out.mapped));
  out.size = size;
  return "";
}

void VulkanContext::destroyHostBuffer(HostBuffer& buffer) const {
  if (buffer.buffer) table_.vkDestroyBuffer(device_, buffer.buffer, nullptr);
  if (buffer.memory) table_.vkFreeMemory(device_, buffer.memory, nullptr);  // unmaps implicitly
  buffer = HostBuffer{};
}

std::string VulkanContext::submitAndWait(const std::function<void(VkCommandBuffer)>& record) const {
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = commandPool_;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  SL_VK_TRY(table_.vkAllocateCommandBuffers(device_, &alloc, &cmd));
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  table_.vkBeginCommandBuffer(cmd, &begin);
  record(cmd);
  table_.vkEndCommandBuffer(cmd);

  VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkFence fence = VK_NULL_HANDLE;
  VkResult result = table_.vkCreateFence(device_, &fenceInfo, nullptr, &fence);
  if (result == VK_SUCCESS) {
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cmd;
    result = table_.vkQueueSubmit(queue_, 1, &submit, fence);
    if (result == VK_SUCCESS) result = table_.vkWaitForFences(device_, 1, &fence, VK_TRUE, UINT64_MAX);
    table_.vkDestroyFence(device_, fence, nullptr);
  }
  table_.vkFreeCommandBuffers(device_, commandPool_, 1, &cmd);
  return result == VK_SUCCESS ? "" : "a one-time Vulkan submission failed: " + vkResultName(result);
}

void VulkanContext::waitIdle() const {
  if (device_) table_.vkDeviceWaitIdle(device_);
}

}  // namespace sl::gui
