#include "app/gui/FrameDamage.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace sl::gui {

namespace {

// One multiply-xorshift step; order-dependent, so a changed draw order changes the hash too.
inline uint64_t step(uint64_t h, uint64_t v) {
  h = (h ^ v) * 0x9E3779B97F4A7C15ull;
  return h ^ (h >> 32);
}

inline uint64_t bits(float a, float b) {
  uint32_t x, y;
  std::memcpy(&x, &a, 4);
  std::memcpy(&y, &b, 4);
  return uint64_t(x) | (uint64_t(y) << 32);
}

constexpr uint64_t kSeed = 0xcbf29ce484222325ull;

}  // namespace

bool TileMask::any() const { return std::find(damaged.begin(), damaged.end(), uint8_t(1)) != damaged.end(); }

void TileMask::markAll() { std::fill(damaged.begin(), damaged.end(), uint8_t(1)); }

void TileMask::add(const TileMask& other) {
  if (other.damaged.size() != damaged.size()) {
    markAll();
    return;
  }
  for (size_t i = 0; i < damaged.size(); ++i) damaged[i] |= other.damaged[i];
}

std::vector<DamageRect> rectsFromMask(const TileMask& mask, size_t maxRects) {
  std::vector<DamageRect> rects;
  std::vector<size_t> open, nowOpen;  // rects that end at the previous tile row
  for (uint32_t row = 0; row < mask.rows; ++row) {
    nowOpen.clear();
    const uint32_t y0 = row * kDamageTile, y1 = std::min((row + 1) * kDamageTile, mask.height);
    for (uint32_t column = 0; column < mask.columns;) {
      if (!mask.damaged[size_t(row) * mask.columns + column]) {
        ++column;
        continue;
      }
      const uint32_t start = column;
      while (column < mask.columns && mask.damaged[size_t(row) * mask.columns + column]) ++column;
      const uint32_t x0 = start * kDamageTile, x1 = std::min(column * kDamageTile, mask.width);
      auto above = std::find_if(open.begin(), open.end(), [&](size_t i) { return rects[i].x0 == x0 && rects[i].x1 == x1; });
      if (above != open.end()) {
        rects[*above].y1 = y1;
        nowOpen.push_back(*above);
      } else {
        rects.push_back({x0, y0, x1, y1});
        nowOpen.push_back(rects.size() - 1);
      }
    }
    open.swap(nowOpen);
  }
  if (rects.size() > maxRects) {
    DamageRect box = rects.front();
    for (const DamageRect& r : rects) {
      box.x0 = std::min(box.x0, r.x0);
      box.y0 = std::min(box.y0, r.y0);
      box.x1 = std::max(box.x1, r.x1);
      box.y1 = std::max(box.y1, r.y1);
    }
    rects.assign(1, box);
  }
  return rects;
}

TileMask FrameDamage::update(const ImDrawData* drawData) {
  TileMask mask;
  if (!drawData) return mask;
  const ImVec2 offset = drawData->DisplayPos, scale = drawData->FramebufferScale;
  mask.width = uint32_t(std::max(0.0f, drawData->DisplaySize.x * scale.x));
  mask.height = uint32_t(std::max(0.0f, drawData->DisplaySize.y * scale.y));
  mask.columns = (mask.width + kDamageTile - 1) / kDamageTile;
  mask.rows = (mask.height + kDamageTile - 1) / kDamageTile;
  mask.damaged.assign(size_t(mask.columns) * mask.rows, 0);
  std::vector<uint64_t> hashes(mask.damaged.size(), kSeed);
  const float width = float(mask.width), height = float(mask.height);
  bool unknown = false;  // a user callback draws what we cannot see

  for (int n = 0; n < drawData->CmdListsCount; ++n) {
    const ImDrawList* list = drawData->CmdLists[n];
    for (const ImDrawCmd& command : list->CmdBuffer) {
      if (command.UserCallback) {
        if (command.UserCallback != ImDrawCallback_ResetRenderState) unknown = true;
        continue;
      }
      // The same clamping as the renderer's scissor.
      const float cx0 = std::max(0.0f, (command.ClipRect.x - offset.x) * scale.x);
      const float cy0 = std::max(0.0f, (command.ClipRect.y - offset.y) * scale.y);
      const float cx1 = std::min(width, (command.ClipRect.z - offset.x) * scale.x);
      const float cy1 = std::min(height, (command.ClipRect.w - offset.y) * scale.y);
      if (cx1 <= cx0 || cy1 <= cy0 || command.ElemCount == 0) continue;
      uint64_t seed = step(kSeed, uint64_t(reinterpret_cast<uintptr_t>(command.GetTexID())));
      seed = step(step(seed, bits(cx0, cy0)), bits(cx1, cy1));
      const ImDrawIdx* indices = list->IdxBuffer.Data + command.IdxOffset;
      const ImDrawVert* vertices = list->VtxBuffer.Data + command.VtxOffset;
      for (uint32_t t = 0; t + 2 < command.ElemCount; t += 3) {
        const ImDrawVert& a = vertices[indices[t]];
        const ImDrawVert& b = vertices[indices[t + 1]];
        const ImDrawVert& c = vertices[indices[t + 2]];
        const float minX = (std::min({a.pos.x, b.pos.x, c.pos.x}) - offset.x) * scale.x;
        const float maxX = (std::max({a.pos.x, b.pos.x, c.pos.x}) - offset.x) * scale.x;
        const float minY = (std::min({a.pos.y, b.pos.y, c.pos.y}) - offset.y) * scale.y;
        const float maxY = (std::max({a.pos.y, b.pos.y, c.pos.y}) - offset.y) * scale.y;
        const float x0 = std::max(std::floor(minX), cx0), x1 = std::min(std::ceil(maxX), cx1);
        const float y0 = std::max(std::floor(minY), cy0), y1 = std::min(std::ceil(maxY), cy1);
        if (x1 <= x0 || y1 <= y0) continue;
        uint64_t h = seed;
        for (const ImDrawVert* v : {&a, &b, &c}) {
          h = step(h, bits(v->pos.x, v->pos.y));
          h = step(h, bits(v->uv.x, v->uv.y));
          h = step(h, v->col);
        }
        const uint32_t tx0 = uint32_t(x0) / kDamageTile, tx1 = (uint32_t(std::ceil(x1)) - 1) / kDamageTile;
        const uint32_t ty0 = uint32_t(y0) / kDamageTile, ty1 = (uint32_t(std::ceil(y1)) - 1) / kDamageTile;
        for (uint32_t ty = ty0; ty <= ty1 && ty < mask.rows; ++ty)
          for (uint32_t tx = tx0; tx <= tx1 && tx < mask.columns; ++tx) {
            uint64_t& tile = hashes[size_t(ty) * mask.columns + tx];
            tile = step(tile, h);
          }
      }
    }
  }

  if (!valid_ || unknown || width_ != mask.width || height_ != mask.height || hashes_.size() != hashes.size()) {
    mask.markAll();
  } else {
    for (size_t i = 0; i < hashes.size(); ++i) mask.damaged[i] = hashes[i] != hashes_[i];
  }
  hashes_ = std::move(hashes);
  width_ = mask.width;
  height_ = mask.height;
  valid_ = true;
  return mask;
}

}  // namespace sl::gui
