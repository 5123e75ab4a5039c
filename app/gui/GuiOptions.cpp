#include "app/gui/GuiOptions.h"

#include <charconv>
#include <cstdlib>

namespace sl::gui {

namespace {

bool parseUnsigned(const std::string& text, uint32_t& value) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return ec == std::errc() && ptr == end;
}

}  // namespace

const char* guiHelp() {
  return R"(usage: shaderlens gui [FILE.hlsl|FILE.test] [options] [-- DXC options]

Opens the app on FILE (the bundled example shaders/compute/hello.hlsl when none is given): the
HLSL editor, one tab per compiler stage, the diagnostics and the status bar. Edits recompile in
the background. A .test bundle opens its HLSL part with the flags of its %dxc_target RUN line.

Options:
  --screenshot OUT.png   render the UI, write the last frame to OUT.png and exit; works with a
                         display (a real window) and without one (offscreen, e.g. on lavapipe)
  --frames N             frames to render before the screenshot (default 3)
  --size WxH             window or image size in pixels (default: the size the window had
                         when the app last closed, else 1280x800)
  --scale S              UI scale (default: the display's content scale; 1 without a display)
  --settings FILE        remember the zoom and the window's size and position in FILE (default:
                         $XDG_STATE_HOME/shaderlens/settings.txt; scripts and screenshots use
                         none unless given)
  --script FILE          run a scripted session (actions and expectations, one per line; see
                         docs/app.md); exits 1 when an expectation fails
  --measure N            type into a generated 2000-line shader for N frames (paced at 60 Hz,
                         so the background compiles overlap the frames) and print frame times
  --measure-lines L      lines of the generated shader (default 2000)
  --measure-full-redraw  with --measure: redraw every frame in full instead of only the
                         changed tiles (to compare)
  -- OPTIONS...          DXC compile options, e.g. `-- -T cs_6_0 -spirv`
  -h, --help             this help
)";
}

std::string parseGuiOptions(const std::vector<std::string>& args, GuiOptions& out) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto value = [&](const char* name, std::string& into) -> std::string {
      if (i + 1 >= args.size()) return std::string(name) + " needs a value";
      into = args[++i];
      return "";
    };
    std::string text;
    if (arg == "-h" || arg == "--help") {
      out.help = true;
    } else if (arg == "--") {
      out.dxcArgs.assign(args.begin() + long(i) + 1, args.end());
      break;
    } else if (arg == "--screenshot") {
      if (std::string error = value("--screenshot", out.screenshotPath); !error.empty()) return error;
      if (out.screenshotPath.empty()) return "--screenshot needs a file name";
    } else if (arg == "--settings") {
      if (std::string error = value("--settings", out.settingsPath); !error.empty()) return error;
      if (out.settingsPath.empty()) return "--settings needs a file name";
    } else if (arg == "--script") {
      if (std::string error = value("--script", out.scriptPath); !error.empty()) return error;
      if (out.scriptPath.empty()) return "--script needs a file name";
    } else if (arg == "--measure" || arg == "--measure-lines") {
      if (std::string error = value(arg.c_str(), text); !error.empty()) return error;
      uint32_t n = 0;
      if (!parseUnsigned(text, n) || n < 1 || n > 100000)
        return arg + " needs a number from 1 to 100000, not '" + text + "'";
      if (arg == "--measure") out.measureFrames = int(n);
      else out.measureLines = n;
    } else if (arg == "--measure-full-redraw") {
      out.measureFullRedraw = true;
    } else if (arg == "--frames") {
      if (std::string error = value("--frames", text); !error.empty()) return error;
      uint32_t frames = 0;
      if (!parseUnsigned(text, frames) || frames < 1 || frames > 100000)
        return "--frames needs a number from 1 to 100000, not '" + text + "'";
      out.frames = int(frames);
    } else if (arg == "--size") {
      if (std::string error = value("--size", text); !error.empty()) return error;
      size_t x = text.find('x');
      uint32_t width = 0, height = 0;
      if (x == std::string::npos || !parseUnsigned(text.substr(0, x), width) || !parseUnsigned(text.substr(x + 1), height) ||
          width < 64 || height < 64 || width > 16384 || height > 16384)
        return "--size needs WIDTHxHEIGHT with each from 64 to 16384, not '" + text + "'";
      out.width = width;
      out.height = height;
      out.sizeGiven = true;
    } else if (arg == "--scale") {
      if (std::string error = value("--scale", text); !error.empty()) return error;
      char* end = nullptr;
      float scale = std::strtof(text.c_str(), &end);
      if (end != text.c_str() + text.size() || !(scale >= 0.5f && scale <= 4.0f))
        return "--scale needs a number from 0.5 to 4, not '" + text + "'";
      out.scale = scale;
    } else if (!arg.empty() && arg[0] == '-') {
      return "unknown option '" + arg + "' (DXC options go after `--`)";
    } else if (out.file.empty()) {
      out.file = arg;
    } else {
      return "more than one file given ('" + out.file + "' and '" + arg + "')";
    }
  }
  return "";
}

}  // namespace sl::gui
