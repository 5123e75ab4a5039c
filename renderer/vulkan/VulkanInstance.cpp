// Loader start-up (volk), instance creation with the optional validation layer, and the
// debug-utils messenger that records validation messages.
#include <cstring>
#include <mutex>

#include "renderer/vulkan/VulkanCommon.h"

namespace sl::vulkan {

const char* vkResultName(VkResult result) {
  switch (result) {
#define SL_CASE(x) case x: return #x;
    SL_CASE(VK_SUCCESS) SL_CASE(VK_NOT_READY) SL_CASE(VK_TIMEOUT) SL_CASE(VK_EVENT_SET) SL_CASE(VK_EVENT_RESET)
    SL_CASE(VK_INCOMPLETE) SL_CASE(VK_ERROR_OUT_OF_HOST_MEMORY) SL_CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    SL_CASE(VK_ERROR_INITIALIZATION_FAILED) SL_CASE(VK_ERROR_DEVICE_LOST) SL_CASE(VK_ERROR_MEMORY_MAP_FAILED)
    SL_CASE(VK_ERROR_LAYER_NOT_PRESENT) SL_CASE(VK_ERROR_EXTENSION_NOT_PRESENT) SL_CASE(VK_ERROR_FEATURE_NOT_PRESENT)
    SL_CASE(VK_ERROR_INCOMPATIBLE_DRIVER) SL_CASE(VK_ERROR_TOO_MANY_OBJECTS) SL_CASE(VK_ERROR_FORMAT_NOT_SUPPORTED)
    SL_CASE(VK_ERROR_FRAGMENTED_POOL) SL_CASE(VK_ERROR_UNKNOWN) SL_CASE(VK_ERROR_OUT_OF_POOL_MEMORY)
    SL_CASE(VK_ERROR_INVALID_EXTERNAL_HANDLE) SL_CASE(VK_ERROR_FRAGMENTATION)
    SL_CASE(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS) SL_CASE(VK_PIPELINE_COMPILE_REQUIRED)
    SL_CASE(VK_ERROR_INVALID_SHADER_NV)
#undef SL_CASE
    default: return "VK_ERROR_(unknown)";
  }
}

hal::Status vkError(const std::string& what, VkResult result) {
  if (result == VK_ERROR_DEVICE_LOST)
    return hal::makeError(hal::ErrorCode::DeviceLost, what + ": VK_ERROR_DEVICE_LOST (the device was lost: a shader that "
                                                             "faulted or ran too long, or a driver reset)");
  return hal::makeError(hal::ErrorCode::DeviceError, what + ": " + vkResultName(result));
}

hal::Status initializeLoader() {
  static std::once_flag once;
  static VkResult result = VK_ERROR_INITIALIZATION_FAILED;
  std::call_once(once, [] { result = volkInitialize(); });
  if (result != VK_SUCCESS)
    return hal::makeError(hal::ErrorCode::Unavailable,
                          "the Vulkan loader (libvulkan.so.1) could not be opened; install libvulkan1 and a driver "
                          "(mesa-vulkan-drivers provides lavapipe)");
  return hal::okStatus();
}

namespace {

constexpr size_t kMaxLayerPrints = 100000;

VKAPI_ATTR VkBool32 VKAPI_CALL onDebugMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                              VkDebugUtilsMessageTypeFlagsEXT,
                                              const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
  auto* state = static_cast<InstanceState*>(user);
  const bool printed = data->pMessageIdName && std::strstr(data->pMessageIdName, "DEBUG-PRINTF");
  if (printed) {
    std::lock_guard<std::mutex> lock(state->messagesMutex);
    if (state->prints.size() >= kMaxLayerPrints) {
      ++state->droppedPrints;
      return VK_FALSE;
    }
    hal::ShaderPrint p;
    p.knownInvocation = false;  // the layer names the invocation only in its verbose form
    p.text = data->pMessage ? data->pMessage : "";
    // Older layers wrap the line: "Validation Information: [ ... ] ... | MessageID = 0x... | text".
    if (const size_t id = p.text.find("MessageID = 0x"); id != std::string::npos)
      if (const size_t bar = p.text.find(" | ", id); bar != std::string::npos) p.text.erase(0, bar + 3);
    state->prints.push_back(std::move(p));
    return VK_FALSE;
  }
  if (!state->reportValidation) return VK_FALSE;
  hal::ValidationMessage m;
  if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) m.severity = hal::ValidationMessage::Severity::Error;
  else if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) m.severity = hal::ValidationMessage::Severity::Warning;
  else if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT) m.severity = hal::ValidationMessage::Severity::Info;
  else m.severity = hal::ValidationMessage::Severity::Verbose;
  if (data->pMessageIdName) m.id = data->pMessageIdName;
  if (data->pMessage) m.message = data->pMessage;
  std::lock_guard<std::mutex> lock(state->messagesMutex);
  state->messages.push_back(std::move(m));
  return VK_FALSE;
}

bool hasLayer(const char* name) {
  uint32_t count = 0;
  vkEnumerateInstanceLayerProperties(&count, nullptr);
  std::vector<VkLayerProperties> layers(count);
  vkEnumerateInstanceLayerProperties(&count, layers.data());
  for (const auto& l : layers)
    if (std::strcmp(l.layerName, name) == 0) return true;
  return false;
}

bool hasInstanceExtension(const char* layer, const char* name) {
  uint32_t count = 0;
  vkEnumerateInstanceExtensionProperties(layer, &count, nullptr);
  std::vector<VkExtensionProperties> exts(count);
  vkEnumerateInstanceExtensionProperties(layer, &count, exts.data());
  for (const auto& e : exts)
    if (std::strcmp(e.extensionName, name) == 0) return true;
  return false;
}

}  // namespace

InstanceState::~InstanceState() {
  if (messenger && destroyMessenger) destroyMessenger(instance, messenger, nullptr);
  if (instance) vkDestroyInstance(instance, nullptr);
}

hal::Result<std::unique_ptr<InstanceState>> createInstance(bool validation, bool printf) {
  SL_HAL_RETURN_IF_ERROR(initializeLoader());
  auto state = std::make_unique<InstanceState>();
  uint32_t loaderVersion = VK_API_VERSION_1_0;
  if (vkEnumerateInstanceVersion) vkEnumerateInstanceVersion(&loaderVersion);
  state->apiVersion = loaderVersion >= VK_API_VERSION_1_3 ? VK_API_VERSION_1_3 : loaderVersion;

  std::vector<const char*> layers;
  std::vector<const char*> extensions;
  static const char* kValidation = "VK_LAYER_KHRONOS_validation";
  state->reportValidation = validation;
  const bool layer = validation || printf;
  if (layer) {
    if (!hasLayer(kValidation))
      return hal::makeError(hal::ErrorCode::Unavailable,
                            std::string(validation ? "validation" : "the layer's debug printf") +
                                " was requested but VK_LAYER_KHRONOS_validation is not installed (Debian package vulkan-validationlayers)");
    layers.push_back(kValidation);
    if (hasInstanceExtension(nullptr, VK_EXT_DEBUG_UTILS_EXTENSION_NAME) ||
        hasInstanceExtension(kValidation, VK_EXT_DEBUG_UTILS_EXTENSION_NAME))
      extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    else
      return hal::makeError(hal::ErrorCode::Unavailable, "validation needs VK_EXT_debug_utils, which is not available");
  }

  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "shaderlens";
  app.pEngineName = "shaderlens-hal";
  app.apiVersion = state->apiVersion;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  info.enabledLayerCount = static_cast<uint32_t>(layers.size());
  info.ppEnabledLayerNames = layers.data();
  info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();

  VkDebugUtilsMessengerCreateInfoEXT messengerInfo{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  messengerInfo.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  // The layer reports printf's lines at info severity.
  if (printf) messengerInfo.messageSeverity |= VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT;
  messengerInfo.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                              VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  messengerInfo.pfnUserCallback = onDebugMessage;
  messengerInfo.pUserData = state.get();
  // Chained so instance creation/destruction itself is covered too.
  const VkValidationFeatureEnableEXT printfFeature = VK_VALIDATION_FEATURE_ENABLE_DEBUG_PRINTF_EXT;
  VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
  features.enabledValidationFeatureCount = 1;
  features.pEnabledValidationFeatures = &printfFeature;
  if (layer) info.pNext = &messengerInfo;
  if (printf) {
    features.pNext = info.pNext;
    info.pNext = &features;
  }

  VkResult r = vkCreateInstance(&info, nullptr, &state->instance);
  if (r != VK_SUCCESS) return vkError("vkCreateInstance", r);
  volkLoadInstanceOnly(state->instance);
  if (layer) {
    auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(state->instance, "vkCreateDebugUtilsMessengerEXT"));
    state->destroyMessenger = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(state->instance, "vkDestroyDebugUtilsMessengerEXT"));
    if (!create || !state->destroyMessenger)
      return hal::makeError(hal::ErrorCode::Unavailable, "vkCreateDebugUtilsMessengerEXT is missing");
    SL_VK_CHECK(create(state->instance, &messengerInfo, nullptr, &state->messenger), "vkCreateDebugUtilsMessengerEXT");
  }
  return state;
}

VkFormat toVkFormat(hal::Format f) {
  using S = hal::ScalarType;
  if (!f.valid()) return VK_FORMAT_UNDEFINED;
  const int c = f.channels - 1;
  auto pick = [c](VkFormat a, VkFormat b, VkFormat cc, VkFormat d) { const VkFormat t[] = {a, b, cc, d}; return t[c]; };
  switch (f.scalar) {
    case S::UNorm8: return pick(VK_FORMAT_R8_UNORM, VK_FORMAT_R8G8_UNORM, VK_FORMAT_R8G8B8_UNORM, VK_FORMAT_R8G8B8A8_UNORM);
    case S::SNorm8: return pick(VK_FORMAT_R8_SNORM, VK_FORMAT_R8G8_SNORM, VK_FORMAT_R8G8B8_SNORM, VK_FORMAT_R8G8B8A8_SNORM);
    case S::UInt8: return pick(VK_FORMAT_R8_UINT, VK_FORMAT_R8G8_UINT, VK_FORMAT_R8G8B8_UINT, VK_FORMAT_R8G8B8A8_UINT);
    case S::SInt8: return pick(VK_FORMAT_R8_SINT, VK_FORMAT_R8G8_SINT, VK_FORMAT_R8G8B8_SINT, VK_FORMAT_R8G8B8A8_SINT);
    case S::UNorm16: return pick(VK_FORMAT_R16_UNORM, VK_FORMAT_R16G16_UNORM, VK_FORMAT_R16G16B16_UNORM, VK_FORMAT_R16G16B16A16_UNORM);
    case S::SNorm16: return pick(VK_FORMAT_R16_SNORM, VK_FORMAT_R16G16_SNORM, VK_FORMAT_R16G16B16_SNORM, VK_FORMAT_R16G16B16A16_SNORM);
    case S::UInt16: return pick(VK_FORMAT_R16_UINT, VK_FORMAT_R16G16_UINT, VK_FORMAT_R16G16B16_UINT, VK_FORMAT_R16G16B16A16_UINT);
    case S::SInt16: return pick(VK_FORMAT_R16_SINT, VK_FORMAT_R16G16_SINT, VK_FORMAT_R16G16B16_SINT, VK_FORMAT_R16G16B16A16_SINT);
    case S::Float16: return pick(VK_FORMAT_R16_SFLOAT, VK_FORMAT_R16G16_SFLOAT, VK_FORMAT_R16G16B16_SFLOAT, VK_FORMAT_R16G16B16A16_SFLOAT);
    case S::UInt32: return pick(VK_FORMAT_R32_UINT, VK_FORMAT_R32G32_UINT, VK_FORMAT_R32G32B32_UINT, VK_FORMAT_R32G32B32A32_UINT);
    case S::SInt32: return pick(VK_FORMAT_R32_SINT, VK_FORMAT_R32G32_SINT, VK_FORMAT_R32G32B32_SINT, VK_FORMAT_R32G32B32A32_SINT);
    case S::Float32: return pick(VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32G32_SFLOAT, VK_FORMAT_R32G32B32_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT);
    case S::UInt64: return pick(VK_FORMAT_R64_UINT, VK_FORMAT_R64G64_UINT, VK_FORMAT_R64G64B64_UINT, VK_FORMAT_R64G64B64A64_UINT);
    case S::SInt64: return pick(VK_FORMAT_R64_SINT, VK_FORMAT_R64G64_SINT, VK_FORMAT_R64G64B64_SINT, VK_FORMAT_R64G64B64A64_SINT);
    case S::Float64: return pick(VK_FORMAT_R64_SFLOAT, VK_FORMAT_R64G64_SFLOAT, VK_FORMAT_R64G64B64_SFLOAT, VK_FORMAT_R64G64B64A64_SFLOAT);
    case S::Depth32Float: return VK_FORMAT_D32_SFLOAT;
    case S::Unknown: break;
  }
  return VK_FORMAT_UNDEFINED;
}

}  // namespace sl::vulkan
