// The fonts the panels draw with; the app loads them (scaled for the display) and passes them in.
#pragma once

struct ImFont;

namespace sl::views {

struct ViewFonts {
  ImFont* ui = nullptr;    // proportional, for labels and lists
  ImFont* mono = nullptr;  // monospace, for source and stage text
};

}  // namespace sl::views
