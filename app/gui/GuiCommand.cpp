// `shaderlens gui`: opens the app, or renders it to a PNG with --screenshot (with a real window
// when a display is there, offscreen when not).
#include "app/cli/Commands.h"

#include "app/gui/AppSettings.h"
#include "app/gui/AppShell.h"
#include "app/gui/DocumentLoader.h"
#include "app/gui/GuiOptions.h"
#include "app/gui/Measure.h"
#include "app/gui/Png.h"
#include "core/support/AtomicFile.h"
#include "views/CompileWorker.h"
#include "views/Script.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cstdio>
#include <cstdlib>

namespace sl::cli {

namespace {

void printWarnings(const std::vector<std::string>& warnings) {
  for (const std::string& warning : warnings) std::fprintf(stderr, "shaderlens gui: warning: %s\n", warning.c_str());
}

bool displayConfigured() {
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x11 && *x11) || (wayland && *wayland);
}

void onGlfwError(int code, const char* message) {
  std::fprintf(stderr, "shaderlens gui: GLFW: %s (0x%x)\n", message, unsigned(code));
}

}  // namespace

namespace {
int runGuiSession(const Args& args);
}  // namespace

int runGui(const Args& args) {
  const int status = runGuiSession(args);
  // A compile given up at its deadline may still run on its detached thread: static destructors
  // must not run under it (views/CompileWorker.h).
  if (views::CompileWorker::abandonedCompilesRunning() > 0) {
    std::fflush(nullptr);
    std::_Exit(status);
  }
  return status;
}

namespace {
int runGuiSession(const Args& args) {
  gui::GuiOptions options;
  if (std::string error = gui::parseGuiOptions(args, options); !error.empty()) {
    std::fprintf(stderr, "shaderlens gui: %s\n\n%s", error.c_str(), gui::guiHelp());
    return kExitUsage;
  }
  if (options.help) {
    std::fputs(gui::guiHelp(), stdout);
    return kExitSuccess;
  }

  if (options.measureFrames > 0) {
    gui::ShellSettings settings;
    settings.width = options.width;
    settings.height = options.height;
    settings.scale = options.scale;
    settings.fullRedraw = options.measureFullRedraw;
    gui::MeasureReport report;
    if (std::string error = gui::measureTyping(options.measureFrames, options.measureLines, settings, report); !error.empty()) {
      std::fprintf(stderr, "shaderlens gui: %s\n", error.c_str());
      return kExitUsage;
    }
    std::fputs(report.text().c_str(), stdout);
    return kExitSuccess;
  }

  views::GuiScript script;
  if (!options.scriptPath.empty()) {
    std::string text, readError;
    if (!readWholeFile(options.scriptPath, text, readError)) {
      std::fprintf(stderr, "shaderlens gui: %s\n", readError.c_str());
      return kExitUsage;
    }
    if (std::string error = views::GuiScript::parse(text, options.scriptPath, script); !error.empty()) {
      std::fprintf(stderr, "shaderlens gui: %s\n", error.c_str());
      return kExitUsage;
    }
  }

  CompileOptions compileOptions;
  if (!options.dxcArgs.empty()) {
    ParsedCommandLine parsed = parseDxcCommandLine(options.dxcArgs);
    if (!parsed.error.empty()) {
      std::fprintf(stderr, "shaderlens gui: DXC options: %s\n", parsed.error.c_str());
      return kExitUsage;
    }
    compileOptions = parsed.options;
  }
  std::string path = options.file.empty() ? gui::defaultExamplePath() : options.file;
  if (path.empty()) {
    std::fprintf(stderr, "shaderlens gui: no file given and the bundled example shaders/compute/hello.hlsl was not found\n");
    return kExitUsage;
  }
  views::Document document;
  if (std::string error = gui::loadDocument(path, compileOptions, document); !error.empty()) {
    std::fprintf(stderr, "shaderlens gui: %s\n", error.c_str());
    return kExitUsage;
  }
  // Options after `--` win over a bundle's RUN line.
  if (!options.dxcArgs.empty()) document.options = compileOptions;

  views::Workspace workspace(std::move(document));
  workspace.setSaveFunction([](const std::string& file, const std::string& text) { return writeFileAtomically(file, text); });
  workspace.setOpenFunction([options = compileOptions](const std::string& file, views::Document& out) {
    return gui::loadDocument(file, options, out);
  });
  workspace.setExamplesDir(gui::defaultExamplesDir());
  // Crash recovery offers and autosaves; scripts, like the recent files, never touch the user's.
  if (options.scriptPath.empty()) workspace.setRecoveryDir(views::defaultRecoveryDir());
  {
    // Scripts get a fresh list, so a test never reads or writes the user's recent files.
    views::RecentFiles recent(options.scriptPath.empty() ? views::defaultRecentFilesPath() : std::string());
    recent.load();
    recent.add(path);
    workspace.setRecentFiles(std::move(recent));
    // Likewise the options remembered per file; options after `--` win for the file given.
    views::RememberedOptions remembered(options.scriptPath.empty() ? views::defaultRememberedOptionsPath() : std::string());
    remembered.load();
    workspace.setRememberedOptions(std::move(remembered), /*applyNow=*/options.dxcArgs.empty());
  }

  gui::ShellSettings settings;
  settings.width = options.width;
  settings.height = options.height;
  settings.scale = options.scale;
  settings.capture = !options.screenshotPath.empty();

  // The remembered zoom and window: an interactive session's own, or --settings FILE's (scripts
  // and screenshots otherwise start from the defaults and write nothing, as with recent files).
  gui::ShellOutcome outcome;
  std::vector<std::string>& warnings = outcome.warnings;
  const std::string settingsPath = !options.settingsPath.empty()                      ? options.settingsPath
                                   : options.scriptPath.empty() && !settings.capture ? gui::defaultAppSettingsPath()
                                                                                     : std::string();
  gui::AppSettings remembered = gui::loadAppSettings(settingsPath, warnings);
  workspace.zoom().set(remembered.zoomPercent);
  if (!settingsPath.empty()) workspace.applyLayout(remembered.layout);
  if (remembered.window && !options.sizeGiven) {
    settings.width = uint32_t(remembered.window->width);
    settings.height = uint32_t(remembered.window->height);
    settings.windowX = remembered.window->x;
    settings.windowY = remembered.window->y;
    settings.fitToScreen = true;
  }
  auto saveSettings = [&] {
    if (settingsPath.empty()) return;
    if (std::string error = gui::saveAppSettings(settingsPath, remembered); !error.empty())
      warnings.push_back("cannot save the settings: " + error);
  };
  settings.onZoomApplied = [&](int percent) {
    remembered.zoomPercent = percent;
    saveSettings();
  };
  settings.frames = settings.capture ? options.frames : 0;
  const bool scripted = !options.scriptPath.empty();
  if (scripted) {
    // The script drives the frames; --screenshot (if any) is its last step.
    if (settings.capture) script.appendScreenshot(options.screenshotPath);
    settings.capture = false;
    settings.frames = 0;
    settings.beforeFrame = [&](int, GLFWwindow*) { script.beforeFrame(workspace, ImGui::GetIO()); };
    settings.finished = [&] { return script.finished(); };
    settings.captureFrame = [&](int) { return !script.screenshotPath().empty(); };
    settings.onCaptured = [&](int, const gui::RgbaImage& image) {
      std::string error = gui::writePng(script.screenshotPath(), image);
      script.screenshotDone(error);
    };
  }

  std::string error;
  bool windowed = false;
  if (displayConfigured()) {
    glfwSetErrorCallback(onGlfwError);
    if (glfwInit()) {
      bool opened = false;
      error = gui::runWindowed(workspace, settings, outcome, opened);
      glfwTerminate();
      windowed = opened;
      if (!opened && (settings.capture || scripted)) {
        warnings.push_back("no window (" + error + "); rendering the screenshot offscreen");
        error.clear();
      }
    } else if (!settings.capture && !scripted) {
      error = "cannot open the display '" + std::string(std::getenv("DISPLAY") ? std::getenv("DISPLAY") : "") + "'";
    }
  } else if (!settings.capture && !scripted) {
    error = "no display (DISPLAY is not set); use --screenshot OUT.png to render the UI offscreen";
  }
  if (error.empty() && (settings.capture || scripted) && !windowed) error = gui::runHeadless(workspace, settings, outcome);
  // The window as it was at the end (a headless run has none to remember), and its layout.
  if (outcome.window && outcome.window->width > 0 && outcome.window->height > 0) remembered.window = outcome.window;
  remembered.layout = workspace.layout();
  saveSettings();
  if (scripted) {
    for (const std::string& line : script.log()) std::fprintf(stderr, "shaderlens gui: script: %s\n", line.c_str());
    for (const std::string& failure : script.failures()) std::fprintf(stderr, "%s\n", failure.c_str());
    if (error.empty() && !script.finished()) error = "the script did not finish";
  }

  printWarnings(warnings);
  if (!error.empty()) {
    std::fprintf(stderr, "shaderlens gui: %s\n", error.c_str());
    return kExitUsage;
  }
  if (scripted && !script.failures().empty()) {
    std::fprintf(stderr, "shaderlens gui: %zu expectation(s) failed\n", script.failures().size());
    return 1;
  }
  if (scripted) std::fprintf(stderr, "shaderlens gui: script passed (%zu steps)\n", script.stepCount());
  if (settings.capture && !scripted) {
    if (std::string writeError = gui::writePng(options.screenshotPath, outcome.image); !writeError.empty()) {
      std::fprintf(stderr, "shaderlens gui: %s\n", writeError.c_str());
      return kExitUsage;
    }
    std::fprintf(stderr, "shaderlens gui: wrote %s (%ux%u, %d frames, %s on %s)\n", options.screenshotPath.c_str(),
                 outcome.image.width, outcome.image.height, settings.frames, windowed ? "in a window" : "offscreen",
                 outcome.deviceName.c_str());
  }
  return kExitSuccess;
}
}  // namespace

}  // namespace sl::cli
