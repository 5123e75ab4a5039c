// Which parts of the framebuffer a frame changes, so only those are redrawn. On lavapipe (and any
// software rasteriser) a full 1280x800 UI frame is tens of milliseconds of CPU per frame, yet
// typing a character changes one editor line, the status bar and the title. The frame's draw
// data is hashed per 32x32 tile: each triangle (its three vertices, texture and clip rect) is
// folded, in draw order, into the hash of every tile its clipped bounding box touches. Tiles
// whose hash differs from the previous frame's are damaged. Plain C++ over ImDrawData (no
// Vulkan), so it is unit-tested directly.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <vector>

namespace sl::gui {

constexpr uint32_t kDamageTile = 32;  // pixels per side of a damage tile

// Framebuffer pixels, [x0, x1) x [y0, y1).
struct DamageRect {
  uint32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  uint64_t area() const { return uint64_t(x1 - x0) * uint64_t(y1 - y0); }
};

// One flag per tile, row-major.
struct TileMask {
  uint32_t width = 0, height = 0;  // framebuffer size the mask covers
  uint32_t columns = 0, rows = 0;
  std::vector<uint8_t> damaged;

  bool any() const;
  void markAll();
  void add(const TileMask& other);  // union; both must have the same size
};

// Disjoint rects covering exactly the damaged tiles (runs per tile row, merged downwards where
// runs line up), clipped to the framebuffer. Past `maxRects` rects, their bounding box.
std::vector<DamageRect> rectsFromMask(const TileMask& mask, size_t maxRects = 12);

class FrameDamage {
 public:
  // Hashes `drawData` and returns the tiles that differ from the previous call's (all of them
  // on the first call, after invalidate() or when the framebuffer size changed).
  TileMask update(const ImDrawData* drawData);
  // The next update() reports everything: the target's pixels are unknown (a new image) or a
  // texture's content changed under the same ImTextureID.
  void invalidate() { valid_ = false; }

 private:
  std::vector<uint64_t> hashes_;
  uint32_t width_ = 0, height_ = 0;
  bool valid_ = false;
};

}  // namespace sl::gui
