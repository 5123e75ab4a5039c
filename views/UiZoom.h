// The whole UI's zoom (View > Zoom in/out/reset, Ctrl+= / Ctrl+- / Ctrl+0, Ctrl+wheel): a
// percentage from 50 to 300 that steps through the usual browser-like levels. The app rebuilds
// its fonts at the new size when the zoom changes (crisp text, not a stretched atlas), so this is
// only the number and a change counter the app compares with the one it last applied.
#pragma once

#include <cstdint>
#include <string>

namespace sl::views {

class UiZoom {
 public:
  static constexpr int kMinPercent = 50;
  static constexpr int kMaxPercent = 300;
  static constexpr int kDefaultPercent = 100;

  int percent() const { return percent_; }
  float factor() const { return float(percent_) / 100.0f; }
  // Bumped on every change; the app rebuilds its fonts when it differs from the one it applied.
  uint64_t changes() const { return changes_; }

  // The next level up or down (from a level between two steps: the nearest step that way);
  // false at the bound.
  bool zoomIn();
  bool zoomOut();
  void reset() { set(kDefaultPercent); }
  // Any percentage, clamped to the bounds.
  void set(int percent);

 private:
  int percent_ = kDefaultPercent;
  uint64_t changes_ = 0;
};

// "125%" or "125" as a percentage within the bounds; false (and `error`) otherwise.
bool parseZoomPercent(const std::string& text, int& percent, std::string& error);

}  // namespace sl::views
