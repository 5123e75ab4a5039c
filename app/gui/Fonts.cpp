#include "app/gui/Fonts.h"

#include <imgui.h>

#include <cmath>
#include <unistd.h>

namespace sl::gui {

namespace {

constexpr float kUiPixels = 15.0f;
constexpr float kMonoPixels = 14.0f;

ImFont* loadOrDefault(const std::string& path, float pixels, const char* role, std::vector<std::string>& warnings) {
  ImGuiIO& io = ImGui::GetIO();
  // ImGui asserts (aborts) on an unreadable file, so check first.
  if (access(path.c_str(), R_OK) == 0) {
    ImFontConfig config;
    config.OversampleH = 2;
    config.OversampleV = 1;
    if (ImFont* font = io.Fonts->AddFontFromFileTTF(path.c_str(), std::round(pixels), &config)) return font;
  }
  warnings.push_back(std::string("cannot load the ") + role + " font " + path +
                     " (install fonts-dejavu-core); using ImGui's built-in font");
  ImFontConfig config;
  config.SizePixels = std::round(pixels);
  return io.Fonts->AddFontDefault(&config);
}

}  // namespace

views::ViewFonts loadFonts(float scale, const FontPaths& paths, std::vector<std::string>& warnings) {
  ImGui::GetIO().Fonts->Clear();
  views::ViewFonts fonts;
  fonts.ui = loadOrDefault(paths.ui, kUiPixels * scale, "UI", warnings);  // first font = the default
  fonts.mono = loadOrDefault(paths.mono, kMonoPixels * scale, "monospace", warnings);
  return fonts;
}

void applyStyle(float scale) {
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  ImGui::StyleColorsDark(&style);
  style.WindowRounding = 0.0f;
  style.FrameRounding = 2.0f;
  style.TabRounding = 2.0f;
  style.ScrollbarRounding = 2.0f;
  style.Colors[ImGuiCol_WindowBg].w = 1.0f;
  style.ScaleAllSizes(scale);
}

}  // namespace sl::gui
