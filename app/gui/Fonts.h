// The app's fonts: DejaVu Sans for the UI and DejaVu Sans Mono for code (Debian's
// fonts-dejavu-core), at sizes scaled by the display's content scale; ImGui's built-in font,
// with a warning, when a file is missing.
#pragma once

#include "views/ViewFonts.h"

#include <string>
#include <vector>

namespace sl::gui {

struct FontPaths {
  std::string ui = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  std::string mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
};

// Clears the current ImGui context's font atlas and loads both fonts at `scale`. Returns the
// fonts and appends a warning for each file that could not be used.
views::ViewFonts loadFonts(float scale, const FontPaths& paths, std::vector<std::string>& warnings);

// Resets the style to the app's look and scales its sizes for the content scale.
void applyStyle(float scale);

}  // namespace sl::gui
