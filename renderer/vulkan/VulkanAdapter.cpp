// Physical-device queries: identity, features, limits, extensions -> hal::AdapterInfo.
#include <algorithm>
#include <cstring>

#include "renderer/vulkan/VulkanBackend.h"
#include "renderer/vulkan/VulkanCommon.h"

namespace sl::vulkan {

namespace {

std::string vendorName(uint32_t id) {
  switch (id) {
    case 0x10DE: return "NVIDIA";
    case 0x1002: return "AMD";
    case 0x8086: return "Intel";
    case 0x13B5: return "ARM";
    case 0x5143: return "Qualcomm";
    case 0x106B: return "Apple";
    case 0x1414: return "Microsoft";
    case 0x10005: return "Mesa";
    default: return "";
  }
}

std::string versionString(uint32_t v) {
  return std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v)) + "." +
         std::to_string(VK_API_VERSION_PATCH(v));
}

bool has(const std::vector<std::string>& exts, const char* name) {
  return std::binary_search(exts.begin(), exts.end(), std::string(name));
}

}  // namespace

hal::AdapterInfo queryAdapter(VkPhysicalDevice physical, uint32_t index) {
  hal::AdapterInfo info;
  info.backend = hal::Backend::Vulkan;
  info.index = index;

  uint32_t extCount = 0;
  vkEnumerateDeviceExtensionProperties(physical, nullptr, &extCount, nullptr);
  std::vector<VkExtensionProperties> exts(extCount);
  vkEnumerateDeviceExtensionProperties(physical, nullptr, &extCount, exts.data());
  for (const auto& e : exts) info.extensions.push_back(e.extensionName);
  std::sort(info.extensions.begin(), info.extensions.end());

  VkPhysicalDeviceProperties base{};
  vkGetPhysicalDeviceProperties(physical, &base);
  const uint32_t api = base.apiVersion;
  const bool v12 = api >= VK_API_VERSION_1_2;
  const bool v13 = api >= VK_API_VERSION_1_3;

  // Properties chain.
  VkPhysicalDeviceProperties2 props{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  VkPhysicalDeviceSubgroupProperties subgroup{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
  VkPhysicalDeviceVulkan13Properties props13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES};
  VkPhysicalDevicePushDescriptorPropertiesKHR pushProps{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR};
  VkPhysicalDeviceDescriptorIndexingProperties indexingProps{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_PROPERTIES};
  void** next = &props.pNext;
  auto chain = [&next](auto* s) { *next = s; next = &s->pNext; };
  if (api >= VK_API_VERSION_1_1) chain(&subgroup);
  if (v12) chain(&driver);
  if (v13) chain(&props13);
  if (has(info.extensions, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME)) chain(&pushProps);
  if (v12) chain(&indexingProps);
  vkGetPhysicalDeviceProperties2(physical, &props);

  // Features chain.
  VkPhysicalDeviceFeatures2 feats{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  VkPhysicalDeviceVulkan11Features f11{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  VkPhysicalDeviceVulkan12Features f12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan13Features f13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  VkPhysicalDeviceRobustness2FeaturesEXT robust2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
  VkPhysicalDeviceMutableDescriptorTypeFeaturesEXT mutableFeat{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MUTABLE_DESCRIPTOR_TYPE_FEATURES_EXT};
  VkPhysicalDeviceShaderImageAtomicInt64FeaturesEXT imageAtomic64{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_IMAGE_ATOMIC_INT64_FEATURES_EXT};
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomicFloat{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
  next = &feats.pNext;
  if (v12) { chain(&f11); chain(&f12); }
  if (v13) chain(&f13);
  if (has(info.extensions, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME)) chain(&robust2);
  const bool hasMutable = has(info.extensions, VK_EXT_MUTABLE_DESCRIPTOR_TYPE_EXTENSION_NAME) ||
                          has(info.extensions, "VK_VALVE_mutable_descriptor_type");
  if (hasMutable) chain(&mutableFeat);
  if (has(info.extensions, VK_EXT_SHADER_IMAGE_ATOMIC_INT64_EXTENSION_NAME)) chain(&imageAtomic64);
  if (has(info.extensions, VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME)) chain(&atomicFloat);
  vkGetPhysicalDeviceFeatures2(physical, &feats);

  const VkPhysicalDeviceLimits& l = props.properties.limits;
  info.name = props.properties.deviceName;
  info.vendorId = props.properties.vendorID;
  info.deviceId = props.properties.deviceID;
  info.vendorName = vendorName(info.vendorId);
  info.apiVersion = versionString(api);
  if (v12) {
    info.driverName = driver.driverName;
    info.driverInfo = driver.driverInfo;
  }
  switch (props.properties.deviceType) {
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: info.type = hal::DeviceType::IntegratedGpu; break;
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: info.type = hal::DeviceType::DiscreteGpu; break;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: info.type = hal::DeviceType::VirtualGpu; break;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: info.type = hal::DeviceType::Cpu; break;
    default: info.type = hal::DeviceType::Other; break;
  }

  hal::DeviceFeatures& f = info.features;
  const VkPhysicalDeviceFeatures& f10 = feats.features;
  f.shaderInt16 = f10.shaderInt16;
  f.shaderInt64 = f10.shaderInt64;
  f.shaderFloat64 = f10.shaderFloat64;
  f.robustBufferAccess = f10.robustBufferAccess;
  f.storageImageReadWithoutFormat = f10.shaderStorageImageReadWithoutFormat;
  f.storageImageWriteWithoutFormat = f10.shaderStorageImageWriteWithoutFormat;
  if (v12) {
    f.shaderInt8 = f12.shaderInt8;
    f.shaderFloat16 = f12.shaderFloat16;
    f.storageBuffer16BitAccess = f11.storageBuffer16BitAccess;
    f.storageBuffer8BitAccess = f12.storageBuffer8BitAccess;
    f.int64BufferAtomics = f12.shaderBufferInt64Atomics;
    f.int64SharedAtomics = f12.shaderSharedInt64Atomics;
    f.bufferDeviceAddress = f12.bufferDeviceAddress;
    f.descriptorIndexing = f12.runtimeDescriptorArray && f12.descriptorBindingPartiallyBound &&
                           f12.shaderStorageBufferArrayNonUniformIndexing && f12.shaderSampledImageArrayNonUniformIndexing;
  }
  f.int64ImageAtomics = imageAtomic64.shaderImageInt64Atomics;
  f.float32BufferAtomics = atomicFloat.shaderBufferFloat32Atomics;
  f.mutableDescriptors = hasMutable && mutableFeat.mutableDescriptorType;

  // Heap tier inputs (renderer/hal/HeapTier.h).
  hal::HeapTierFeatures& h = info.heapTierFeatures;
  h.mutableDescriptorType = f.mutableDescriptors;
  if (v12) {
    h.runtimeDescriptorArray = f12.runtimeDescriptorArray;
    h.partiallyBound = f12.descriptorBindingPartiallyBound;
    h.updateUnusedWhilePending = f12.descriptorBindingUpdateUnusedWhilePending;
    h.updateAfterBind = f12.descriptorBindingSampledImageUpdateAfterBind && f12.descriptorBindingStorageImageUpdateAfterBind &&
                        f12.descriptorBindingStorageBufferUpdateAfterBind && f12.descriptorBindingUniformBufferUpdateAfterBind &&
                        f12.descriptorBindingUniformTexelBufferUpdateAfterBind &&
                        f12.descriptorBindingStorageTexelBufferUpdateAfterBind;
    h.nonUniformIndexing = f12.shaderSampledImageArrayNonUniformIndexing && f12.shaderStorageImageArrayNonUniformIndexing &&
                           f12.shaderStorageBufferArrayNonUniformIndexing && f12.shaderUniformBufferArrayNonUniformIndexing &&
                           f12.shaderUniformTexelBufferArrayNonUniformIndexing &&
                           f12.shaderStorageTexelBufferArrayNonUniformIndexing;
    const VkPhysicalDeviceDescriptorIndexingProperties& ip = indexingProps;
    h.maxResourcesUpdateAfterBind =
        std::min({ip.maxPerStageDescriptorUpdateAfterBindStorageBuffers, ip.maxPerStageDescriptorUpdateAfterBindUniformBuffers,
                  ip.maxPerStageDescriptorUpdateAfterBindSampledImages, ip.maxPerStageDescriptorUpdateAfterBindStorageImages,
                  ip.maxPerStageUpdateAfterBindResources});
    h.maxSamplersUpdateAfterBind = ip.maxPerStageDescriptorUpdateAfterBindSamplers;
  }
  {
    const VkPhysicalDeviceLimits& l = props.properties.limits;
    h.maxResources = std::min({l.maxPerStageDescriptorStorageBuffers, l.maxPerStageDescriptorUniformBuffers,
                               l.maxPerStageDescriptorSampledImages, l.maxPerStageDescriptorStorageImages, l.maxPerStageResources});
    h.maxSamplers = l.maxPerStageDescriptorSamplers;
  }
  f.nullDescriptors = robust2.nullDescriptor;
  f.pushDescriptors = has(info.extensions, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);

  if (api >= VK_API_VERSION_1_1 && (subgroup.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT)) {
    f.subgroupSize = subgroup.subgroupSize;
    const VkSubgroupFeatureFlags ops = subgroup.supportedOperations;
    if (ops & VK_SUBGROUP_FEATURE_BASIC_BIT) f.subgroupOps |= hal::kSubgroupBasic;
    if (ops & VK_SUBGROUP_FEATURE_VOTE_BIT) f.subgroupOps |= hal::kSubgroupVote;
    if (ops & VK_SUBGROUP_FEATURE_ARITHMETIC_BIT) f.subgroupOps |= hal::kSubgroupArithmetic;
    if (ops & VK_SUBGROUP_FEATURE_BALLOT_BIT) f.subgroupOps |= hal::kSubgroupBallot;
    if (ops & VK_SUBGROUP_FEATURE_SHUFFLE_BIT) f.subgroupOps |= hal::kSubgroupShuffle;
    if (ops & VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT) f.subgroupOps |= hal::kSubgroupShuffleRelative;
    if (ops & VK_SUBGROUP_FEATURE_CLUSTERED_BIT) f.subgroupOps |= hal::kSubgroupClustered;
    if (ops & VK_SUBGROUP_FEATURE_QUAD_BIT) f.subgroupOps |= hal::kSubgroupQuad;
  }
  f.minSubgroupSize = f.maxSubgroupSize = f.subgroupSize;
  if (v13) {
    f.subgroupSizeControl = f13.subgroupSizeControl;
    if (f13.subgroupSizeControl) {
      f.minSubgroupSize = props13.minSubgroupSize;
      f.maxSubgroupSize = props13.maxSubgroupSize;
    }
  }

  uint32_t familyCount = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &familyCount, nullptr);
  std::vector<VkQueueFamilyProperties> families(familyCount);
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &familyCount, families.data());
  for (const auto& q : families) {
    if (q.queueFlags & VK_QUEUE_COMPUTE_BIT) {
      f.timestampValidBits = q.timestampValidBits;
      break;
    }
  }
  f.timestamps = f.timestampValidBits > 0 && l.timestampPeriod > 0;
  f.timestampPeriodNs = l.timestampPeriod;

  hal::DeviceLimits& d = info.limits;
  d.maxPushConstantsSize = l.maxPushConstantsSize;
  d.maxBoundDescriptorSets = l.maxBoundDescriptorSets;
  d.maxPushDescriptors = f.pushDescriptors ? pushProps.maxPushDescriptors : 0;
  for (int i = 0; i < 3; ++i) {
    d.maxWorkgroupSize[i] = l.maxComputeWorkGroupSize[i];
    d.maxWorkgroupCount[i] = l.maxComputeWorkGroupCount[i];
  }
  d.maxWorkgroupInvocations = l.maxComputeWorkGroupInvocations;
  d.maxComputeSharedMemorySize = l.maxComputeSharedMemorySize;
  d.maxStorageBufferRange = l.maxStorageBufferRange;
  d.maxUniformBufferRange = l.maxUniformBufferRange;
  d.maxTexelBufferElements = l.maxTexelBufferElements;
  d.maxImageDimension2D = l.maxImageDimension2D;
  d.minStorageBufferOffsetAlignment = l.minStorageBufferOffsetAlignment;
  d.minUniformBufferOffsetAlignment = l.minUniformBufferOffsetAlignment;
  d.minTexelBufferOffsetAlignment = l.minTexelBufferOffsetAlignment;
  d.maxPerStageStorageBuffers = l.maxPerStageDescriptorStorageBuffers;
  d.maxPerStageUniformBuffers = l.maxPerStageDescriptorUniformBuffers;
  d.maxPerStageSampledImages = l.maxPerStageDescriptorSampledImages;
  d.maxPerStageStorageImages = l.maxPerStageDescriptorStorageImages;
  d.maxPerStageSamplers = l.maxPerStageDescriptorSamplers;
  d.maxPerStageResources = l.maxPerStageResources;
  d.maxSamplerAllocationCount = l.maxSamplerAllocationCount;
  return info;
}

hal::Result<std::vector<hal::AdapterInfo>> enumerateAdapters() {
  auto instance = createInstance(false);
  if (!instance.ok()) return instance.status();
  uint32_t count = 0;
  VkResult r = vkEnumeratePhysicalDevices((*instance)->instance, &count, nullptr);
  if (r != VK_SUCCESS) return vkError("vkEnumeratePhysicalDevices", r);
  std::vector<VkPhysicalDevice> physicals(count);
  r = vkEnumeratePhysicalDevices((*instance)->instance, &count, physicals.data());
  if (r != VK_SUCCESS && r != VK_INCOMPLETE) return vkError("vkEnumeratePhysicalDevices", r);
  std::vector<hal::AdapterInfo> adapters;
  for (uint32_t i = 0; i < count; ++i) adapters.push_back(queryAdapter(physicals[i], i));
  return adapters;
}

}  // namespace sl::vulkan
