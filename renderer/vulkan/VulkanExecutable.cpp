// hal::ExecutableLayout -> descriptor set layouts, pipeline layout, compute pipelines.
#include <algorithm>
#include <cstring>
#include <set>

#include "renderer/vulkan/FaultMutation.h"
#include "renderer/vulkan/VulkanObjects.h"

#include <cstdio>

#include <spirv-tools/libspirv.hpp>

namespace sl::vulkan {

namespace {

// SPIRV-Tools' environment for a device's Vulkan version ("1.3.230" -> Vulkan 1.3).
spv_target_env targetEnvFor(const std::string& apiVersion) {
  unsigned major = 1, minor = 0;
  std::sscanf(apiVersion.c_str(), "%u.%u", &major, &minor);
  if (major > 1 || minor >= 3) return SPV_ENV_VULKAN_1_3;
  if (minor == 2) return SPV_ENV_VULKAN_1_2;
  if (minor == 1) return SPV_ENV_VULKAN_1_1;
  return SPV_ENV_VULKAN_1_0;
}

}  // namespace

hal::Status validateForDevice(const std::vector<uint32_t>& words, const hal::AdapterInfo& info, const std::string& name) {
  spvtools::SpirvTools tools(targetEnvFor(info.apiVersion));
  std::string message;
  tools.SetMessageConsumer([&](spv_message_level_t level, const char*, const spv_position_t& pos, const char* text) {
    if (level <= SPV_MSG_ERROR && message.empty()) message = "word " + std::to_string(pos.index) + ": " + text;
  });
  spvtools::ValidatorOptions options;
  options.SetScalarBlockLayout(true);  // -fvk-use-scalar-layout modules (VK_EXT_scalar_block_layout)
  if (tools.Validate(words.data(), words.size(), options)) return hal::okStatus();
  return hal::makeError(hal::ErrorCode::InvalidArgument, "invalid SPIR-V for " + name + " (spirv-val, Vulkan " + info.apiVersion +
                                                             "): " + (message.empty() ? "rejected" : message));
}

VkDescriptorType toVkDescriptorType(hal::BindingKind kind) {
  switch (kind) {
    case hal::BindingKind::StorageBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    case hal::BindingKind::UniformBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    case hal::BindingKind::UniformTexelBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
    case hal::BindingKind::StorageTexelBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
    case hal::BindingKind::SampledImage: return VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
    case hal::BindingKind::StorageImage: return VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
    case hal::BindingKind::Sampler: return VK_DESCRIPTOR_TYPE_SAMPLER;
    case hal::BindingKind::CombinedImageSampler: return VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  }
  return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
}

namespace {

std::string str(uint64_t v) { return std::to_string(v); }

// Names of the GLCompute entry points declared by a SPIR-V module, so a wrong name is reported
// here rather than left to the driver.
hal::Result<std::set<std::string>> computeEntryPoints(const std::vector<uint8_t>& code, const std::string& label) {
  if (code.size() < 20 || code.size() % 4)
    return hal::makeError(hal::ErrorCode::InvalidArgument, "executable '" + label + "': SPIR-V must be a non-empty multiple of 4 bytes (" +
                                                               str(code.size()) + " given)");
  std::vector<uint32_t> words(code.size() / 4);
  std::memcpy(words.data(), code.data(), code.size());
  if (words[0] != 0x07230203)
    return hal::makeError(hal::ErrorCode::InvalidArgument, "executable '" + label + "': not SPIR-V (bad magic number)");
  std::set<std::string> names;
  for (size_t i = 5; i < words.size();) {
    const uint32_t count = words[i] >> 16, opcode = words[i] & 0xffff;
    if (count == 0 || i + count > words.size())
      return hal::makeError(hal::ErrorCode::InvalidArgument, "executable '" + label + "': truncated SPIR-V instruction at word " + str(i));
    if (opcode == 15 /*OpEntryPoint*/ && count >= 4 && words[i + 1] == 5 /*GLCompute*/) {
      const char* s = reinterpret_cast<const char*>(&words[i + 3]);
      names.insert(std::string(s, strnlen(s, (count - 3) * 4)));
    }
    i += count;
  }
  return names;
}

}  // namespace

VulkanExecutable::~VulkanExecutable() {
  for (VkPipeline p : pipelines_) if (p) ctx_->vk.vkDestroyPipeline(ctx_->device, p, nullptr);
  if (pipelineLayout_) ctx_->vk.vkDestroyPipelineLayout(ctx_->device, pipelineLayout_, nullptr);
  for (const SetLayout& s : sets_) if (s.layout) ctx_->vk.vkDestroyDescriptorSetLayout(ctx_->device, s.layout, nullptr);
  if (module_) ctx_->vk.vkDestroyShaderModule(ctx_->device, module_, nullptr);
  if (plainPushTemplate_) ctx_->vk.vkDestroyDescriptorUpdateTemplate(ctx_->device, plainPushTemplate_, nullptr);
}

hal::Status VulkanExecutable::build(const hal::ExecutableDesc& desc) {
  const hal::ExecutableLayout& l = layout();
  const std::string name = "executable '" + label() + "'";
  SL_HAL_RETURN_IF_ERROR(hal::validateLayout(l));
  if (desc.format != hal::ExecutableFormat::SpirV)
    return hal::makeError(hal::ErrorCode::Unsupported, name + ": the Vulkan backend runs SPIR-V, not " + hal::executableFormatName(desc.format));
  const hal::DeviceLimits& limits = ctx_->info.limits;
  // Heaps reach shaders through the portable tier's arrays, or (proposal form, heapGroups) through
  // the mutable tier's heap bindings when the device has that tier (docs/heaps.md).
  auto heapPlan = planMutableHeap(l, ctx_->heapTier);
  if (!heapPlan.ok()) return hal::makeError(heapPlan.status().code(), name + ": " + heapPlan.status().message());
  heapGroupBindings_ = heapPlan->bindings;
  if (l.heapUsage != hal::kHeapNone && l.heapBindings.empty() && l.heapGroups.empty())
    return hal::makeError(hal::ErrorCode::Unsupported,
                          name + " uses descriptor heaps but its layout has neither heap bindings (the portable heap tier) "
                                 "nor heap groups (the mutable heap tier); compile with the portable heap form");
  if (!l.heapBindings.empty() && !l.heapStatus)
    return hal::makeError(hal::ErrorCode::InvalidArgument,
                          name + ": heap bindings need the heap status block (out-of-range indices are reported through it)");
  if (!l.constantsBuffer && l.constantCount * 4 > limits.maxPushConstantsSize)
    return hal::makeError(hal::ErrorCode::Unsupported, name + ": " + str(l.constantCount) + " constants (" + str(l.constantCount * 4) +
                                                           " bytes) exceed the device's " + str(limits.maxPushConstantsSize) +
                                                           "-byte push constants; give the layout a constantsBuffer");
  if (l.constantsBuffer && l.constantCount * 4 > limits.maxUniformBufferRange)
    return hal::makeError(hal::ErrorCode::Unsupported, name + ": constants exceed maxUniformBufferRange");
  uint64_t invocations = 1;
  for (int i = 0; i < 3; ++i) {
    invocations *= l.workgroupSize[i];
    if (l.workgroupSize[i] > limits.maxWorkgroupSize[i])
      return hal::makeError(hal::ErrorCode::Unsupported, name + ": workgroup size " + str(l.workgroupSize[i]) + " in dimension " +
                                                             str(i) + " exceeds the device's " + str(limits.maxWorkgroupSize[i]));
  }
  if (invocations > limits.maxWorkgroupInvocations)
    return hal::makeError(hal::ErrorCode::Unsupported, name + ": " + str(invocations) + " invocations per workgroup exceed the device's " +
                                                           str(limits.maxWorkgroupInvocations));
  auto entries = computeEntryPoints(desc.code, label());
  if (!entries.ok()) return entries.status();
  for (const std::string& e : l.entryPoints)
    if (!entries->count(e))
      return hal::makeError(hal::ErrorCode::InvalidArgument, name + ": the SPIR-V has no GLCompute entry point '" + e + "'");

  // Descriptor set layouts, one per set number up to the highest used.
  std::map<uint32_t, std::vector<VkDescriptorSetLayoutBinding>> perSet;
  for (const hal::BindingLayout& b : l.bindings) {
    VkDescriptorSetLayoutBinding vb{};
    vb.binding = b.binding;
    vb.descriptorType = toVkDescriptorType(b.kind);
    vb.descriptorCount = b.arrayCount;
    vb.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    perSet[b.set].push_back(vb);
  }
  if (l.constantsBuffer) {
    VkDescriptorSetLayoutBinding vb{};
    vb.binding = l.constantsBuffer->binding;
    vb.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    vb.descriptorCount = 1;
    vb.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    perSet[l.constantsBuffer->set].push_back(vb);
  }
  // One push-descriptor set when the extension exists, there is one non-empty set, it fits, and
  // no heap array shares it (heap arrays are ordinary pool-allocated sets).
  int pushSet = -1;
  if (ctx_->pushDescriptors && perSet.size() == 1) {
    uint32_t total = 0;
    for (const auto& vb : perSet.begin()->second) total += vb.descriptorCount;
    bool heapShares = false;
    for (const hal::HeapBindingLayout& h : l.heapBindings) heapShares |= h.set == perSet.begin()->first;
    for (const hal::HeapGroupLayout& g : l.heapGroups) heapShares |= g.set == perSet.begin()->first;
    if (l.heapStatus) heapShares |= l.heapStatus->set == perSet.begin()->first;
    if (total <= limits.maxPushDescriptors && !heapShares) pushSet = static_cast<int>(perSet.begin()->first);
  }
  for (const hal::HeapBindingLayout& h : l.heapBindings) {
    VkDescriptorSetLayoutBinding vb{};
    vb.binding = h.binding;
    vb.descriptorType = toVkDescriptorType(h.kind);
    vb.descriptorCount = h.arrayCount;
    vb.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    perSet[h.set].push_back(vb);
  }
  if (l.heapStatus) {
    VkDescriptorSetLayoutBinding vb{};
    vb.binding = l.heapStatus->binding;
    vb.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    vb.descriptorCount = 1;
    vb.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    perSet[l.heapStatus->set].push_back(vb);
  }
  // Per-stage descriptor limits: exceeding them is undefined behaviour (lavapipe crashes with
  // too many uniform buffers), so say so here. Heap arrays make this easy to hit.
  {
    std::map<VkDescriptorType, uint64_t> perType;
    uint64_t all = 0;
    for (const auto& [set, bindings] : perSet)
      for (const auto& vb : bindings) {
        perType[vb.descriptorType] += vb.descriptorCount;
        all += vb.descriptorCount;
      }
    struct Limit {
      const char* what;
      uint64_t used;
      uint32_t max;
    };
    const Limit checks[] = {
        {"storage buffers", perType[VK_DESCRIPTOR_TYPE_STORAGE_BUFFER], limits.maxPerStageStorageBuffers},
        {"uniform buffers", perType[VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER], limits.maxPerStageUniformBuffers},
        {"sampled images and uniform texel buffers",
         perType[VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE] + perType[VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER] +
             perType[VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER],
         limits.maxPerStageSampledImages},
        {"storage images and storage texel buffers",
         perType[VK_DESCRIPTOR_TYPE_STORAGE_IMAGE] + perType[VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER], limits.maxPerStageStorageImages},
        {"samplers", perType[VK_DESCRIPTOR_TYPE_SAMPLER] + perType[VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER], limits.maxPerStageSamplers},
        {"descriptors in all", all, limits.maxPerStageResources},
    };
    for (const Limit& c : checks)
      if (c.max && c.used > c.max)
        return hal::makeError(hal::ErrorCode::Unsupported, name + ": uses " + str(c.used) + " " + c.what + " but the device allows " +
                                                               str(c.max) + " per shader stage" +
                                                               (l.heapBindings.empty() ? "" : " (make the portable heap arrays smaller)"));
  }
  // Mutable-tier heap bindings (after the per-stage check: their slot counts were derived from
  // the device's limits by chooseHeapTier, minus a reserve for the ordinary bindings).
  std::map<std::pair<uint32_t, uint32_t>, VkDescriptorBindingFlags> heapFlags;  // (set, binding) -> flags
  for (const MutableHeapBinding& h : heapGroupBindings_) {
    VkDescriptorSetLayoutBinding vb{};
    vb.binding = h.binding;
    vb.descriptorType = h.type;
    vb.descriptorCount = h.count;
    vb.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    perSet[h.set].push_back(vb);
    heapFlags[{h.set, h.binding}] = h.flags;
  }
  const uint32_t setCount = perSet.empty() ? 0 : perSet.rbegin()->first + 1;
  if (setCount > limits.maxBoundDescriptorSets)
    return hal::makeError(hal::ErrorCode::Unsupported, name + ": uses set " + str(setCount - 1) + " but the device binds at most " +
                                                           str(limits.maxBoundDescriptorSets) + " sets");
  sets_.resize(setCount);
  std::vector<VkDescriptorSetLayout> handles;
  for (uint32_t s = 0; s < setCount; ++s) {
    SetLayout& set = sets_[s];
    const auto it = perSet.find(s);
    VkDescriptorSetLayoutCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    if (it != perSet.end()) {
      info.bindingCount = static_cast<uint32_t>(it->second.size());
      info.pBindings = it->second.data();
      set.bindingCount = info.bindingCount;
      for (const auto& vb : it->second) set.descriptorCounts[vb.descriptorType] += vb.descriptorCount;
    }
    if (static_cast<int>(s) == pushSet) {
      info.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
      set.push = true;
    }
    // A set with a mutable-tier heap binding: per-binding flags (PARTIALLY_BOUND, maybe
    // UPDATE_AFTER_BIND) for every binding of the set, and a type list for every binding (empty
    // for all but the MUTABLE_EXT one) — VUIDs 04591/04593/04594 of VkDescriptorSetLayoutCreateInfo.
    std::vector<VkDescriptorBindingFlags> bindingFlags;
    std::vector<VkMutableDescriptorTypeListEXT> typeLists;
    VkDescriptorSetLayoutBindingFlagsCreateInfo flagsInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO};
    VkMutableDescriptorTypeCreateInfoEXT mutableInfo{VK_STRUCTURE_TYPE_MUTABLE_DESCRIPTOR_TYPE_CREATE_INFO_EXT};
    if (it != perSet.end()) {
      for (const auto& vb : it->second) {
        auto f = heapFlags.find({s, vb.binding});
        bindingFlags.push_back(f == heapFlags.end() ? 0 : f->second);
        VkMutableDescriptorTypeListEXT list{};
        if (vb.descriptorType == VK_DESCRIPTOR_TYPE_MUTABLE_EXT) {
          list.descriptorTypeCount = static_cast<uint32_t>(mutableHeapTypes().size());
          list.pDescriptorTypes = mutableHeapTypes().data();
        }
        typeLists.push_back(list);
        set.heap |= f != heapFlags.end();
      }
    }
    if (set.heap) {
      info.flags |= heapPlan->layoutFlags;
      set.poolFlags = heapPlan->poolFlags;
      flagsInfo.bindingCount = static_cast<uint32_t>(bindingFlags.size());
      flagsInfo.pBindingFlags = bindingFlags.data();
      mutableInfo.mutableDescriptorTypeListCount = static_cast<uint32_t>(typeLists.size());
      mutableInfo.pMutableDescriptorTypeLists = typeLists.data();
      info.pNext = &flagsInfo;
      flagsInfo.pNext = &mutableInfo;
      VkDescriptorSetLayoutSupport support{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_SUPPORT};
      ctx_->vk.vkGetDescriptorSetLayoutSupport(ctx_->device, &info, &support);
      if (!support.supported)
        return hal::makeError(hal::ErrorCode::Unsupported, name + ": the device cannot create the heap set " + str(s) +
                                                               " (mutable descriptors, " + str(heapGroupBindings_.front().count) +
                                                               " slots; vkGetDescriptorSetLayoutSupport)");
    }
    SL_VK_CHECK(ctx_->vk.vkCreateDescriptorSetLayout(ctx_->device, &info, nullptr, &set.layout),
                "vkCreateDescriptorSetLayout set " + str(s) + " of " + name);
    handles.push_back(set.layout);
  }

  VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, l.constantCount * 4};
  VkPipelineLayoutCreateInfo pl{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  pl.setLayoutCount = static_cast<uint32_t>(handles.size());
  pl.pSetLayouts = handles.data();
  if (usesPushConstants()) {
    pl.pushConstantRangeCount = 1;
    pl.pPushConstantRanges = &range;
  }
  SL_VK_CHECK(ctx_->vk.vkCreatePipelineLayout(ctx_->device, &pl, nullptr, &pipelineLayout_), "vkCreatePipelineLayout of " + name);

  VkShaderModuleCreateInfo sm{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  sm.codeSize = desc.code.size();
  std::vector<uint32_t> words(desc.code.size() / 4);
  std::memcpy(words.data(), desc.code.data(), desc.code.size());
  SL_HAL_RETURN_IF_ERROR(applyInjectedMutation(words, name));  // tests' miscompiles (FaultMutation.h)
  // Drivers trust the module: an invalid one can crash or hang them (lavapipe does), so it is
  // validated here first, for the device's Vulkan version.
  SL_HAL_RETURN_IF_ERROR(validateForDevice(words, ctx_->info, name));
  sm.pCode = words.data();
  SL_VK_CHECK(ctx_->vk.vkCreateShaderModule(ctx_->device, &sm, nullptr, &module_), "vkCreateShaderModule of " + name);

  std::vector<VkSpecializationMapEntry> specEntries;
  std::vector<uint8_t> specData;
  for (const hal::SpecializationConstant& c : desc.specialization) {
    if (c.bytes.size() != 4 && c.bytes.size() != 8 && c.bytes.size() != 2)
      return hal::makeError(hal::ErrorCode::InvalidArgument, name + ": specialization constant " + str(c.id) + " has " +
                                                                 str(c.bytes.size()) + " bytes (2, 4 or 8 expected)");
    specEntries.push_back({c.id, static_cast<uint32_t>(specData.size()), c.bytes.size()});
    specData.insert(specData.end(), c.bytes.begin(), c.bytes.end());
  }
  VkSpecializationInfo spec{static_cast<uint32_t>(specEntries.size()), specEntries.data(), specData.size(), specData.data()};

  pipelines_.assign(l.entryPoints.size(), VK_NULL_HANDLE);
  for (size_t e = 0; e < l.entryPoints.size(); ++e) {
    VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = module_;
    info.stage.pName = l.entryPoints[e].c_str();
    info.stage.pSpecializationInfo = specEntries.empty() ? nullptr : &spec;
    info.layout = pipelineLayout_;
    SL_VK_CHECK(ctx_->vk.vkCreateComputePipelines(ctx_->device, VK_NULL_HANDLE, 1, &info, nullptr, &pipelines_[e]),
                "vkCreateComputePipelines '" + l.entryPoints[e] + "' of " + name);
  }
  perDispatchDescriptors_ = l.constantsBuffer || !l.heapBindings.empty() || l.heapStatus || !l.heapGroups.empty();
  needsSubmissionResources_ = l.constantsBuffer || l.heapStatus || !l.heapBindings.empty() ||
                              std::any_of(sets_.begin(), sets_.end(), [](const SetLayout& set) { return !set.push && set.bindingCount; });
  return buildPlainPushTemplate();
}

hal::Status VulkanExecutable::buildPlainPushTemplate() {
  const hal::ExecutableLayout& l = layout();
  if (perDispatchDescriptors_ || needsSubmissionResources_ || l.bindings.empty() || bindingElementCount() > kMaxPlainPushElements)
    return hal::okStatus();
  // Not needing submission resources, every set with bindings is the (one) push set.
  const uint32_t set = l.bindings.front().set;
  std::vector<VkDescriptorUpdateTemplateEntry> entries;
  uint32_t e = 0;
  for (const hal::BindingLayout& b : l.bindings) {
    const bool uniform = b.kind == hal::BindingKind::UniformBuffer;
    if (b.set != set || (b.kind != hal::BindingKind::StorageBuffer && !uniform)) return hal::okStatus();
    entries.push_back({b.binding, 0, b.arrayCount, toVkDescriptorType(b.kind), e * sizeof(VkDescriptorBufferInfo),
                       sizeof(VkDescriptorBufferInfo)});
    for (uint32_t a = 0; a < b.arrayCount; ++a) plainPushUniform_[e++] = uniform;
  }
  VkDescriptorUpdateTemplateCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO};
  info.descriptorUpdateEntryCount = static_cast<uint32_t>(entries.size());
  info.pDescriptorUpdateEntries = entries.data();
  info.templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_PUSH_DESCRIPTORS_KHR;
  info.descriptorSetLayout = sets_[set].layout;  // ignored for push templates, but a valid handle is harmless
  info.pipelineBindPoint = VK_PIPELINE_BIND_POINT_COMPUTE;
  info.pipelineLayout = pipelineLayout_;
  info.set = set;
  SL_VK_CHECK(ctx_->vk.vkCreateDescriptorUpdateTemplate(ctx_->device, &info, nullptr, &plainPushTemplate_),
              "vkCreateDescriptorUpdateTemplate of executable '" + label() + "'");
  plainPushSet_ = set;
  return hal::okStatus();
}

}  // namespace sl::vulkan
