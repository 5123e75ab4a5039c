// The command line of `shaderlens gui`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace sl::gui {

struct GuiOptions {
  std::string file;            // .hlsl or .test; empty: the bundled example
  std::string screenshotPath;  // --screenshot: render `frames` frames, write the last as PNG, exit
  int frames = 3;              // --frames
  uint32_t width = 1280;       // --size WxH (window size, or image size when headless)
  uint32_t height = 800;
  bool sizeGiven = false;      // --size was given: it wins over the remembered window size
  float scale = 0.0f;          // --scale: content scale override (0: the display's; 1 headless)
  std::string scriptPath;      // --script: run a scripted session (views/Script.h), exit 1 on failures
  // --settings: the remembered zoom and window (AppSettings.h) are read from and written to this
  // file; without it an interactive session uses $XDG_STATE_HOME's, and scripts and screenshots none.
  std::string settingsPath;
  int measureFrames = 0;       // --measure N: frame times over N frames while typing into a big shader
  uint32_t measureLines = 2000;  // --measure-lines: size of the generated shader
  bool measureFullRedraw = false;  // --measure-full-redraw: redraw whole frames (no damage tracking)
  std::vector<std::string> dxcArgs;  // after `--`: DXC options for the compile
  bool help = false;
};

// Returns "" or a usage error.
std::string parseGuiOptions(const std::vector<std::string>& args, GuiOptions& out);

const char* guiHelp();

}  // namespace sl::gui
