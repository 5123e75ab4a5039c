#include "app/gui/UiRenderer.h"

#include "app/gui/ui_frag.spv.h"
#include "app/gui/ui_vert.spv.h"

#include <algorithm>
#include <cstring>

namespace sl::gui {

namespace {

constexpr uint32_t kMaxTextures = 64;

VkDeviceSize grownSize(VkDeviceSize needed) {
  VkDeviceSize size = 64 * 1024;
  while (size < needed) size *= 2;
  return size;
}

}  // namespace

UiRenderer::~UiRenderer() {
  const VkDevice device = context_.device();
  if (!device) return;
  const VolkDeviceTable& vk = context_.vk();
  vk.vkDeviceWaitIdle(device);
  destroyTexture(fontTexture_);
  for (Texture& image : images_) destroyTexture(image);
  for (FrameBuffers& frame : frames_) {
    context_.destroyHostBuffer(frame.vertices);
    context_.destroyHostBuffer(frame.indices);
  }
  for (auto& [renderPass, pipeline] : pipelines_) vk.vkDestroyPipeline(device, pipeline, nullptr);
  if (vertexShader_) vk.vkDestroyShaderModule(device, vertexShader_, nullptr);
  if (fragmentShader_) vk.vkDestroyShaderModule(device, fragmentShader_, nullptr);
  if (pipelineLayout_) vk.vkDestroyPipelineLayout(device, pipelineLayout_, nullptr);
  if (descriptorPool_) vk.vkDestroyDescriptorPool(device, descriptorPool_, nullptr);
  if (setLayout_) vk.vkDestroyDescriptorSetLayout(device, setLayout_, nullptr);
  if (sampler_) vk.vkDestroySampler(device, sampler_, nullptr);
  if (nearestSampler_) vk.vkDestroySampler(device, nearestSampler_, nullptr);
}

std::string UiRenderer::init(uint32_t frameSlots) {
  const VkDevice device = context_.device();
  const VolkDeviceTable& vk = context_.vk();
  frames_.resize(frameSlots);
  // record() draws each command at its VtxOffset, so a draw list may pass 65,536 vertices (16-bit
  // indices, as Debian's ImGui is built): a screen full of small text does. Without it ImGui
  // asserts (aborts) at that count; the panels also bound what they draw (views/TextCells.h).
  ImGui::GetIO().BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;

  VkSamplerCreateInfo samplerInfo{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  samplerInfo.magFilter = samplerInfo.minFilter = VK_FILTER_LINEAR;
  samplerInfo.mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR;
  samplerInfo.addressModeU = samplerInfo.addressModeV = samplerInfo.addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT;
  samplerInfo.maxLod = 1.0f;
  SL_VK_TRY(vk.vkCreateSampler(device, &samplerInfo, nullptr, &sampler_));
  samplerInfo.magFilter = samplerInfo.minFilter = VK_FILTER_NEAREST;
  samplerInfo.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
  samplerInfo.addressModeU = samplerInfo.addressModeV = samplerInfo.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  SL_VK_TRY(vk.vkCreateSampler(device, &samplerInfo, nullptr, &nearestSampler_));

  VkDescriptorSetLayoutBinding binding{};
  binding.binding = 0;
  binding.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  binding.descriptorCount = 1;
  binding.stageFlags = VK_SHADER_STAGE_FRAGMENT_BIT;
  // Each set names its sampler: linear for the font atlas, nearest for images.
  binding.pImmutableSamplers = nullptr;
  VkDescriptorSetLayoutCreateInfo setLayoutInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  setLayoutInfo.bindingCount = 1;
  setLayoutInfo.pBindings = &binding;
  SL_VK_TRY(vk.vkCreateDescriptorSetLayout(device, &setLayoutInfo, nullptr, &setLayout_));

  VkDescriptorPoolSize poolSize{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kMaxTextures};
  VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  poolInfo.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
  poolInfo.maxSets = kMaxTextures;
  poolInfo.poolSizeCount = 1;
  poolInfo.pPoolSizes = &poolSize;
  SL_VK_TRY(vk.vkCreateDescriptorPool(device, &poolInfo, nullptr, &descriptorPool_));

  // scale.xy, translate.xy: ImGui display coordinates to clip space.
  VkPushConstantRange pushRange{VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof(float) * 4};
  VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &setLayout_;
  layoutInfo.pushConstantRangeCount = 1;
  layoutInfo.pPushConstantRanges = &pushRange;
  SL_VK_TRY(vk.vkCreatePipelineLayout(device, &layoutInfo, nullptr, &pipelineLayout_));

  VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  moduleInfo.codeSize = sizeof(k_ui_vert_spv);
  moduleInfo.pCode = k_ui_vert_spv;
  SL_VK_TRY(vk.vkCreateShaderModule(device, &moduleInfo, nullptr, &vertexShader_));
  moduleInfo.codeSize = sizeof(k_ui_frag_spv);
  moduleInfo.pCode = k_ui_frag_spv;
  SL_VK_TRY(vk.vkCreateShaderModule(device, &moduleInfo, nullptr, &fragmentShader_));

  return uploadFonts();
}

std::string UiRenderer::createPipelineFor(VkRenderPass renderPass, VkPipeline& pipeline) {
  VkPipelineShaderStageCreateInfo stages[2]{};
  stages[0].sType = stages[1].sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
  stages[0].module = vertexShader_;
  stages[0].pName = "main";
  stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
  stages[1].module = fragmentShader_;
  stages[1].pName = "main";

  VkVertexInputBindingDescription vertexBinding{0, sizeof(ImDrawVert), VK_VERTEX_INPUT_RATE_VERTEX};
  VkVertexInputAttributeDescription attributes[3] = {
      {0, 0, VK_FORMAT_R32G32_SFLOAT, uint32_t(offsetof(ImDrawVert, pos))},
      {1, 0, VK_FORMAT_R32G32_SFLOAT, uint32_t(offsetof(ImDrawVert, uv))},
      {2, 0, VK_FORMAT_R8G8B8A8_UNORM, uint32_t(offsetof(ImDrawVert, col))},
  };
  VkPipelineVertexInputStateCreateInfo vertexInput{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  vertexInput.vertexBindingDescriptionCount = 1;
  vertexInput.pVertexBindingDescriptions = &vertexBinding;
  vertexInput.vertexAttributeDescriptionCount = 3;
  vertexInput.pVertexAttributeDescriptions = attributes;

  VkPipelineInputAssemblyStateCreateInfo inputAssembly{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  inputAssembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkPipelineViewportStateCreateInfo viewport{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  viewport.viewportCount = 1;
  viewport.scissorCount = 1;
  VkPipelineRasterizationStateCreateInfo raster{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  raster.polygonMode = VK_POLYGON_MODE_FILL;
  raster.cullMode = VK_CULL_MODE_NONE;
  raster.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
  raster.lineWidth = 1.0f;
  VkPipelineMultisampleStateCreateInfo multisample{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
  // Premultiplied-by-alpha colour over the target; alpha accumulates so an opaque clear stays opaque.
  VkPipelineColorBlendAttachmentState blend{};
  blend.blendEnable = VK_TRUE;
  blend.srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA;
  blend.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
  blend.colorBlendOp = VK_BLEND_OP_ADD;
  blend.srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
  blend.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
  blend.alphaBlendOp = VK_BLEND_OP_ADD;
  blend.colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
  VkPipelineColorBlendStateCreateInfo colorBlend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  colorBlend.attachmentCount = 1;
  colorBlend.pAttachments = &blend;
  VkPipelineDepthStencilStateCreateInfo depth{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  VkDynamicState dynamicStates[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
  VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  dynamic.dynamicStateCount = 2;
  dynamic.pDynamicStates = dynamicStates;

  VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
  info.stageCount = 2;
  info.pStages = stages;
  info.pVertexInputState = &vertexInput;
  info.pInputAssemblyState = &inputAssembly;
  info.pViewportState = &viewport;
  info.pRasterizationState = &raster;
  info.pMultisampleState = &multisample;
  info.pDepthStencilState = &depth;
  info.pColorBlendState = &colorBlend;
  info.pDynamicState = &dynamic;
  info.layout = pipelineLayout_;
  info.renderPass = renderPass;
  SL_VK_TRY(context_.vk().vkCreateGraphicsPipelines(context_.device(), VK_NULL_HANDLE, 1, &info, nullptr, &pipeline));
  return "";
}

void UiRenderer::releaseRenderPass(VkRenderPass renderPass) {
  auto found = pipelines_.find(renderPass);
  if (found == pipelines_.end()) return;
  context_.vk().vkDeviceWaitIdle(context_.device());
  context_.vk().vkDestroyPipeline(context_.device(), found->second, nullptr);
  pipelines_.erase(found);
}

void UiRenderer::destroyTexture(Texture& texture) {
  const VkDevice device = context_.device();
  const VolkDeviceTable& vk = context_.vk();
  if (texture.set) vk.vkFreeDescriptorSets(device, descriptorPool_, 1, &texture.set);
  if (texture.view) vk.vkDestroyImageView(device, texture.view, nullptr);
  if (texture.image) vk.vkDestroyImage(device, texture.image, nullptr);
  if (texture.memory) vk.vkFreeMemory(device, texture.memory, nullptr);
  texture = Texture{};
}

std::string UiRenderer::createTexture(uint32_t width, uint32_t height, const uint8_t* rgba, Texture& texture) {
  const VkDevice device = context_.device();
  const VolkDeviceTable& vk = context_.vk();
  const VkDeviceSize byteSize = VkDeviceSize(width) * VkDeviceSize(height) * 4;

  VkImageCreateInfo imageInfo{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  imageInfo.imageType = VK_IMAGE_TYPE_2D;
  imageInfo.format = VK_FORMAT_R8G8B8A8_UNORM;
  imageInfo.extent = {width, height, 1};
  imageInfo.mipLevels = 1;
  imageInfo.arrayLayers = 1;
  imageInfo.samples = VK_SAMPLE_COUNT_1_BIT;
  imageInfo.tiling = VK_IMAGE_TILING_OPTIMAL;
  imageInfo.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  imageInfo.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  SL_VK_TRY(vk.vkCreateImage(device, &imageInfo, nullptr, &texture.image));
  VkMemoryRequirements requirements;
  vk.vkGetImageMemoryRequirements(device, texture.image, &requirements);
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = requirements.size;
  alloc.memoryTypeIndex = context_.findMemoryType(requirements.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  if (alloc.memoryTypeIndex == UINT32_MAX) alloc.memoryTypeIndex = context_.findMemoryType(requirements.memoryTypeBits, 0);
  SL_VK_TRY(vk.vkAllocateMemory(device, &alloc, nullptr, &texture.memory));
  SL_VK_TRY(vk.vkBindImageMemory(device, texture.image, texture.memory, 0));

  VkImageViewCreateInfo viewInfo{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  viewInfo.image = texture.image;
  viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
  viewInfo.format = VK_FORMAT_R8G8B8A8_UNORM;
  viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  SL_VK_TRY(vk.vkCreateImageView(device, &viewInfo, nullptr, &texture.view));

  HostBuffer staging;
  if (std::string error = context_.createHostBuffer(byteSize, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, staging); !error.empty())
    return error;
  std::memcpy(staging.mapped, rgba, size_t(byteSize));
  std::string error = context_.submitAndWait([&](VkCommandBuffer cmd) {
    VkImageMemoryBarrier toTransfer{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    toTransfer.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    toTransfer.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    toTransfer.newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    toTransfer.srcQueueFamilyIndex = toTransfer.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    toTransfer.image = texture.image;
    toTransfer.subresourceRange = viewInfo.subresourceRange;
    vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0,
                            nullptr, 1, &toTransfer);
    VkBufferImageCopy region{};
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.imageExtent = imageInfo.extent;
    vk.vkCmdCopyBufferToImage(cmd, staging.buffer, texture.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    VkImageMemoryBarrier toShader = toTransfer;
    toShader.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    toShader.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
    toShader.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    toShader.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, 0, 0, nullptr, 0,
                            nullptr, 1, &toShader);
  });
  context_.destroyHostBuffer(staging);
  ++textureGeneration_;
  return error;
}

std::string UiRenderer::uploadFonts() {
  context_.vk().vkDeviceWaitIdle(context_.device());
  destroyTexture(fontTexture_);

  ImGuiIO& io = ImGui::GetIO();
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  if (!pixels || width <= 0 || height <= 0) return "ImGui could not build its font atlas";
  if (std::string error = createTexture(uint32_t(width), uint32_t(height), pixels, fontTexture_); !error.empty()) {
    destroyTexture(fontTexture_);
    return error;
  }
  ImTextureID id = registerTexture(fontTexture_.view, sampler_);
  if (!id) return "could not allocate a descriptor set for the font atlas";
  fontTexture_.set = VkDescriptorSet(id);
  io.Fonts->SetTexID(id);
  // The pixels now live on the device; ImGui keeps only the glyph tables.
  io.Fonts->ClearTexData();
  return "";
}

ImTextureID UiRenderer::uploadImage(uint32_t width, uint32_t height, const uint8_t* rgba) {
  if (width == 0 || height == 0 || !rgba) return ImTextureID{};
  Texture texture;
  if (!createTexture(width, height, rgba, texture).empty()) {
    destroyTexture(texture);
    return ImTextureID{};
  }
  ImTextureID id = registerTexture(texture.view, nearestSampler_);
  if (!id) {
    destroyTexture(texture);
    return ImTextureID{};
  }
  texture.set = VkDescriptorSet(id);
  images_.push_back(texture);
  return id;
}

void UiRenderer::releaseImage(ImTextureID id) {
  auto found = std::find_if(images_.begin(), images_.end(), [&](const Texture& t) { return ImTextureID(t.set) == id; });
  if (found == images_.end()) return;
  // Rare (a new run's outputs): waiting for frames in flight is simpler than deferring.
  context_.vk().vkDeviceWaitIdle(context_.device());
  destroyTexture(*found);
  images_.erase(found);
  ++textureGeneration_;
}

ImTextureID UiRenderer::registerTexture(VkImageView view) { return registerTexture(view, sampler_); }

ImTextureID UiRenderer::registerTexture(VkImageView view, VkSampler sampler) {
  VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  alloc.descriptorPool = descriptorPool_;
  alloc.descriptorSetCount = 1;
  alloc.pSetLayouts = &setLayout_;
  VkDescriptorSet set = VK_NULL_HANDLE;
  if (context_.vk().vkAllocateDescriptorSets(context_.device(), &alloc, &set) != VK_SUCCESS) return ImTextureID{};
  VkDescriptorImageInfo image{sampler, view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
  VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  write.dstSet = set;
  write.descriptorCount = 1;
  write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  write.pImageInfo = &image;
  context_.vk().vkUpdateDescriptorSets(context_.device(), 1, &write, 0, nullptr);
  // Non-dispatchable handles are pointers on 64-bit targets, so a set fits an ImTextureID.
  static_assert(sizeof(VkDescriptorSet) == sizeof(ImTextureID));
  return ImTextureID(set);
}

void UiRenderer::setupRenderState(VkCommandBuffer cmd, VkPipeline pipeline, const ImDrawData* drawData,
                                  const FrameBuffers& buffers, VkExtent2D framebuffer) {
  const VolkDeviceTable& vk = context_.vk();
  vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
  VkDeviceSize offset = 0;
  vk.vkCmdBindVertexBuffers(cmd, 0, 1, &buffers.vertices.buffer, &offset);
  vk.vkCmdBindIndexBuffer(cmd, buffers.indices.buffer, 0, sizeof(ImDrawIdx) == 2 ? VK_INDEX_TYPE_UINT16 : VK_INDEX_TYPE_UINT32);
  VkViewport viewport{0, 0, float(framebuffer.width), float(framebuffer.height), 0.0f, 1.0f};
  vk.vkCmdSetViewport(cmd, 0, 1, &viewport);
  float transform[4];
  transform[0] = 2.0f / drawData->DisplaySize.x;
  transform[1] = 2.0f / drawData->DisplaySize.y;
  transform[2] = -1.0f - drawData->DisplayPos.x * transform[0];
  transform[3] = -1.0f - drawData->DisplayPos.y * transform[1];
  vk.vkCmdPushConstants(cmd, pipelineLayout_, VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof transform, transform);
}

void UiRenderer::recordClear(VkCommandBuffer cmd, const std::vector<DamageRect>& rects, const ImVec4& color) const {
  if (rects.empty()) return;
  VkClearAttachment attachment{};
  attachment.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
  attachment.colorAttachment = 0;
  attachment.clearValue.color = {{color.x, color.y, color.z, 1.0f}};
  std::vector<VkClearRect> clearRects;
  for (const DamageRect& r : rects)
    clearRects.push_back({{{int32_t(r.x0), int32_t(r.y0)}, {r.x1 - r.x0, r.y1 - r.y0}}, 0, 1});
  context_.vk().vkCmdClearAttachments(cmd, 1, &attachment, uint32_t(clearRects.size()), clearRects.data());
}

std::string UiRenderer::record(VkCommandBuffer cmd, VkRenderPass renderPass, const ImDrawData* drawData, uint32_t frameSlot,
                               const std::vector<DamageRect>* only) {
  if (!drawData || frameSlot >= frames_.size()) return "UiRenderer::record: no draw data or a bad frame slot";
  const VkExtent2D framebuffer{uint32_t(drawData->DisplaySize.x * drawData->FramebufferScale.x),
                               uint32_t(drawData->DisplaySize.y * drawData->FramebufferScale.y)};
  if (framebuffer.width == 0 || framebuffer.height == 0 || drawData->TotalVtxCount == 0 || drawData->TotalIdxCount == 0)
    return "";

  VkPipeline& pipeline = pipelines_[renderPass];
  if (!pipeline)
    if (std::string error = createPipelineFor(renderPass, pipeline); !error.empty()) return error;

  FrameBuffers& buffers = frames_[frameSlot];
  const VkDeviceSize vertexBytes = VkDeviceSize(drawData->TotalVtxCount) * sizeof(ImDrawVert);
  const VkDeviceSize indexBytes = VkDeviceSize(drawData->TotalIdxCount) * sizeof(ImDrawIdx);
  if (vertexBytes > buffers.vertices.size)
    if (std::string error = context_.createHostBuffer(grownSize(vertexBytes), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, buffers.vertices); !error.empty())
      return error;
  if (indexBytes > buffers.indices.size)
    if (std::string error = context_.createHostBuffer(grownSize(indexBytes), VK_BUFFER_USAGE_INDEX_BUFFER_BIT, buffers.indices); !error.empty())
      return error;
  auto* vertexOut = static_cast<ImDrawVert*>(buffers.vertices.mapped);
  auto* indexOut = static_cast<ImDrawIdx*>(buffers.indices.mapped);
  for (int n = 0; n < drawData->CmdListsCount; ++n) {
    const ImDrawList* list = drawData->CmdLists[n];
    std::memcpy(vertexOut, list->VtxBuffer.Data, size_t(list->VtxBuffer.Size) * sizeof(ImDrawVert));
    std::memcpy(indexOut, list->IdxBuffer.Data, size_t(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
    vertexOut += list->VtxBuffer.Size;
    indexOut += list->IdxBuffer.Size;
  }

  const VolkDeviceTable& vk = context_.vk();
  setupRenderState(cmd, pipeline, drawData, buffers, framebuffer);
  const ImVec2 clipOffset = drawData->DisplayPos;
  const ImVec2 clipScale = drawData->FramebufferScale;
  VkDescriptorSet boundSet = VK_NULL_HANDLE;
  uint32_t globalIndex = 0;
  int32_t globalVertex = 0;
  for (int n = 0; n < drawData->CmdListsCount; ++n) {
    const ImDrawList* list = drawData->CmdLists[n];
    for (const ImDrawCmd& command : list->CmdBuffer) {
      if (command.UserCallback) {
        if (command.UserCallback == ImDrawCallback_ResetRenderState) {
          setupRenderState(cmd, pipeline, drawData, buffers, framebuffer);
          boundSet = VK_NULL_HANDLE;
        } else {
          command.UserCallback(list, &command);
        }
        continue;
      }
      // Clip rect in framebuffer pixels, clamped: Vulkan rejects negative scissor offsets.
      float x0 = std::max(0.0f, (command.ClipRect.x - clipOffset.x) * clipScale.x);
      float y0 = std::max(0.0f, (command.ClipRect.y - clipOffset.y) * clipScale.y);
      float x1 = std::min(float(framebuffer.width), (command.ClipRect.z - clipOffset.x) * clipScale.x);
      float y1 = std::min(float(framebuffer.height), (command.ClipRect.w - clipOffset.y) * clipScale.y);
      if (x1 <= x0 || y1 <= y0 || command.ElemCount == 0) continue;
      const VkRect2D clip{{int32_t(x0), int32_t(y0)}, {uint32_t(x1 - x0), uint32_t(y1 - y0)}};
      auto draw = [&](const VkRect2D& scissor) {
        vk.vkCmdSetScissor(cmd, 0, 1, &scissor);
        VkDescriptorSet set = VkDescriptorSet(command.GetTexID());
        if (!set) set = fontTexture_.set;
        if (set != boundSet) {
          vk.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineLayout_, 0, 1, &set, 0, nullptr);
          boundSet = set;
        }
        vk.vkCmdDrawIndexed(cmd, command.ElemCount, 1, command.IdxOffset + globalIndex,
                            int32_t(command.VtxOffset) + globalVertex, 0);
      };
      if (!only) {
        draw(clip);
        continue;
      }
      // A command outside every damaged rect is not drawn at all; one that crosses a rect is
      // drawn with its scissor cut to it (the rasteriser drops the triangles outside).
      for (const DamageRect& r : *only) {
        const int32_t sx0 = std::max(clip.offset.x, int32_t(r.x0)), sy0 = std::max(clip.offset.y, int32_t(r.y0));
        const int32_t sx1 = std::min(clip.offset.x + int32_t(clip.extent.width), int32_t(r.x1));
        const int32_t sy1 = std::min(clip.offset.y + int32_t(clip.extent.height), int32_t(r.y1));
        if (sx1 > sx0 && sy1 > sy0) draw(VkRect2D{{sx0, sy0}, {uint32_t(sx1 - sx0), uint32_t(sy1 - sy0)}});
      }
    }
    globalIndex += uint32_t(list->IdxBuffer.Size);
    globalVertex += list->VtxBuffer.Size;
  }
  return "";
}

}  // namespace sl::gui
