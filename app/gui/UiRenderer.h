// Our ImGui renderer on Vulkan (volk): uploads the font atlas, streams each frame's vertices and
// indices through host-visible buffers, and draws every command list with one graphics pipeline
// (ui.vert + ui.frag), honouring clip rects as scissors and ImTextureIDs as descriptor sets.
// It renders into any render pass with one colour attachment (the swapchain's or an offscreen
// image's); a pipeline is made per render pass the first time it is used.
#pragma once

#include "app/gui/FrameDamage.h"
#include "app/gui/VulkanContext.h"
#include "views/TextureHost.h"

#include <imgui.h>

#include <string>
#include <unordered_map>
#include <vector>

namespace sl::gui {

class UiRenderer : public views::TextureHost {
 public:
  explicit UiRenderer(const VulkanContext& context) : context_(context) {}
  ~UiRenderer() override;
  UiRenderer(const UiRenderer&) = delete;
  UiRenderer& operator=(const UiRenderer&) = delete;

  // Creates the shared objects, `frameSlots` sets of streaming buffers (one per frame in
  // flight), and uploads the font atlas of the current ImGui context.
  std::string init(uint32_t frameSlots);

  // Re-uploads the font atlas after the fonts were rebuilt (a content-scale change). Waits for
  // the device to be idle first.
  std::string uploadFonts();

  // Makes an RGBA image view (in SHADER_READ_ONLY_OPTIMAL layout) drawable with ImGui::Image,
  // sampled linearly.
  ImTextureID registerTexture(VkImageView view);

  // views::TextureHost: RGBA8 images uploaded to the device, sampled nearest (zoomed texels
  // stay squares). Released images are freed after the device is idle.
  ImTextureID uploadImage(uint32_t width, uint32_t height, const uint8_t* rgba) override;
  void releaseImage(ImTextureID id) override;

  // Records `drawData` into `commandBuffer`, which must be inside a render pass begun on
  // `renderPass` covering the framebuffer. Uses the streaming buffers of `frameSlot`, which the
  // caller guarantees the GPU has finished with. With `only`, draws just inside those disjoint
  // rects (each command's scissor is cut to each rect), leaving the other pixels as they were:
  // the caller cleared the rects and loaded the rest (partial redraw, FrameDamage).
  std::string record(VkCommandBuffer commandBuffer, VkRenderPass renderPass, const ImDrawData* drawData,
                     uint32_t frameSlot, const std::vector<DamageRect>* only = nullptr);

  // Clears `rects` of the current render pass's colour attachment to `color` (opaque).
  void recordClear(VkCommandBuffer commandBuffer, const std::vector<DamageRect>& rects, const ImVec4& color) const;

  // Bumped whenever a texture's pixels change (fonts re-uploaded, an image uploaded or freed):
  // a partial redraw must then start over from a full one.
  uint64_t textureGeneration() const { return textureGeneration_; }

  // Destroys the pipeline made for `renderPass`; call before destroying the render pass.
  void releaseRenderPass(VkRenderPass renderPass);

 private:
  struct FrameBuffers {
    HostBuffer vertices;
    HostBuffer indices;
  };
  struct Texture {
    VkImage image = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
    VkDescriptorSet set = VK_NULL_HANDLE;
  };

  std::string createTexture(uint32_t width, uint32_t height, const uint8_t* rgba, Texture& texture);
  ImTextureID registerTexture(VkImageView view, VkSampler sampler);
  std::string createPipelineFor(VkRenderPass renderPass, VkPipeline& pipeline);
  void setupRenderState(VkCommandBuffer commandBuffer, VkPipeline pipeline, const ImDrawData* drawData,
                        const FrameBuffers& buffers, VkExtent2D framebuffer);
  void destroyTexture(Texture& texture);

  const VulkanContext& context_;
  VkSampler sampler_ = VK_NULL_HANDLE;         // linear: the font atlas
  VkSampler nearestSampler_ = VK_NULL_HANDLE;  // uploaded images
  VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
  VkDescriptorPool descriptorPool_ = VK_NULL_HANDLE;
  VkPipelineLayout pipelineLayout_ = VK_NULL_HANDLE;
  VkShaderModule vertexShader_ = VK_NULL_HANDLE;
  VkShaderModule fragmentShader_ = VK_NULL_HANDLE;
  std::unordered_map<VkRenderPass, VkPipeline> pipelines_;
  std::vector<FrameBuffers> frames_;
  Texture fontTexture_;
  std::vector<Texture> images_;
  uint64_t textureGeneration_ = 0;
};

}  // namespace sl::gui
