// How panels get images onto the screen without knowing the renderer: the app hands the
// Workspace a TextureHost (the UI renderer's), and a panel uploads RGBA8 pixels to get an
// ImTextureID for ImGui::Image. views never include Vulkan.
#pragma once

#include <imgui.h>

#include <cstdint>

namespace sl::views {

class TextureHost {
 public:
  virtual ~TextureHost() = default;
  // `rgba` is width * height * 4 bytes, rows top to bottom. Drawn with nearest filtering (a
  // zoomed image shows its texels as squares). Returns a null id when it could not be made.
  virtual ImTextureID uploadImage(uint32_t width, uint32_t height, const uint8_t* rgba) = 0;
  // The id is not drawn after this (the host waits for frames in flight before freeing it).
  virtual void releaseImage(ImTextureID id) = 0;
};

}  // namespace sl::views
