#include "app/gui/AppShell.h"

#include "core/support/AtomicFile.h"
#include "app/gui/Fonts.h"
#include "app/gui/KeyEventQueue.h"
#include "app/gui/OffscreenTarget.h"
#include "app/gui/UiRenderer.h"
#include "app/gui/VulkanContext.h"
#include "app/gui/WindowPresenter.h"
#include "views/AppKeys.h"
#include "views/debug/DebugKeys.h"

#include <imgui.h>
#include <imgui_impl_glfw.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

namespace sl::gui {

namespace {

// One ImGui context for the lifetime of a loop; no imgui.ini (the layout is the app's own).
class ImGuiScope {
 public:
  ImGuiScope() {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::GetIO().LogFilename = nullptr;
  }
  ~ImGuiScope() { ImGui::DestroyContext(); }
  ImGuiScope(const ImGuiScope&) = delete;
  ImGuiScope& operator=(const ImGuiScope&) = delete;
};

ImVec4 clearColor() { return ImGui::GetStyle().Colors[ImGuiCol_WindowBg]; }

// The key map ImGui's GLFW backend installs, so headless input (tests driving the editor) uses
// the same key codes as a window; letters are their ASCII capitals in both.
// The debugger's function keys are GLFW's codes (views/debug/DebugKeys.h).
static_assert(views::kKeyF5 == GLFW_KEY_F5 && views::kKeyF9 == GLFW_KEY_F9 && views::kKeyF10 == GLFW_KEY_F10 && views::kKeyF11 == GLFW_KEY_F11 &&
              views::kKeyLeftShift == GLFW_KEY_LEFT_SHIFT && views::kKeyLeftControl == GLFW_KEY_LEFT_CONTROL);
static_assert(views::kKeyN == GLFW_KEY_N && views::kKeyEqual == GLFW_KEY_EQUAL && views::kKeyMinus == GLFW_KEY_MINUS &&
              views::kKey0 == GLFW_KEY_0 && views::kKeyKeypad0 == GLFW_KEY_KP_0 &&
              views::kKeyKeypadSubtract == GLFW_KEY_KP_SUBTRACT && views::kKeyKeypadAdd == GLFW_KEY_KP_ADD);
void mapKeysLikeGlfw(ImGuiIO& io) {
  io.KeyMap[ImGuiKey_Tab] = GLFW_KEY_TAB;
  io.KeyMap[ImGuiKey_LeftArrow] = GLFW_KEY_LEFT;
  io.KeyMap[ImGuiKey_RightArrow] = GLFW_KEY_RIGHT;
  io.KeyMap[ImGuiKey_UpArrow] = GLFW_KEY_UP;
  io.KeyMap[ImGuiKey_DownArrow] = GLFW_KEY_DOWN;
  io.KeyMap[ImGuiKey_PageUp] = GLFW_KEY_PAGE_UP;
  io.KeyMap[ImGuiKey_PageDown] = GLFW_KEY_PAGE_DOWN;
  io.KeyMap[ImGuiKey_Home] = GLFW_KEY_HOME;
  io.KeyMap[ImGuiKey_End] = GLFW_KEY_END;
  io.KeyMap[ImGuiKey_Insert] = GLFW_KEY_INSERT;
  io.KeyMap[ImGuiKey_Delete] = GLFW_KEY_DELETE;
  io.KeyMap[ImGuiKey_Backspace] = GLFW_KEY_BACKSPACE;
  io.KeyMap[ImGuiKey_Space] = GLFW_KEY_SPACE;
  io.KeyMap[ImGuiKey_Enter] = GLFW_KEY_ENTER;
  io.KeyMap[ImGuiKey_Escape] = GLFW_KEY_ESCAPE;
  io.KeyMap[ImGuiKey_KeyPadEnter] = GLFW_KEY_KP_ENTER;
  io.KeyMap[ImGuiKey_A] = GLFW_KEY_A;
  io.KeyMap[ImGuiKey_C] = GLFW_KEY_C;
  io.KeyMap[ImGuiKey_V] = GLFW_KEY_V;
  io.KeyMap[ImGuiKey_X] = GLFW_KEY_X;
  io.KeyMap[ImGuiKey_Y] = GLFW_KEY_Y;
  io.KeyMap[ImGuiKey_Z] = GLFW_KEY_Z;
}

// A screenshot should show a finished compile, so the capture loops wait for it (bounded);
// the interactive loop never does.
void waitForFirstCompile(views::Workspace& workspace, std::vector<std::string>& warnings) {
  if (!workspace.worker().waitUntilIdle(std::chrono::seconds(kScreenshotCompileWaitSeconds)))
    warnings.push_back("the compile did not finish in " + std::to_string(kScreenshotCompileWaitSeconds) +
                       " s; the screenshot shows the UI without its result");
}

// Frames to keep drawing after input before the loop goes back to waiting for events, so
// hover and animation states settle. Set from GLFW callbacks (chained with ImGui's).
std::atomic<int> gActiveFrames{0};
constexpr int kFramesAfterInput = 4;

void markActive() { gActiveFrames.store(kFramesAfterInput); }
void onCursor(GLFWwindow*, double, double) { markActive(); }
void onMouseButton(GLFWwindow*, int, int, int) { markActive(); }
void onScroll(GLFWwindow*, double, double) { markActive(); }
void onKey(GLFWwindow*, int, int, int, int) { markActive(); }
void onChar(GLFWwindow*, unsigned int) { markActive(); }
void onFocus(GLFWwindow*, int) { markActive(); }

// Keys reach ImGui through a queue, a frame at a time (KeyEventQueue.h); ImGui's own key
// callback, which set io.KeysDown as events came, is replaced. Focus changes still chain to
// ImGui's backend (it clears the keys), and to onFocusQueued below.
KeyEventQueue gKeys;
GLFWwindowfocusfun gImGuiFocus = nullptr;
void onKeyQueued(GLFWwindow*, int key, int, int action, int) {
  markActive();
  if (action == GLFW_PRESS) gKeys.push(key, KeyEventQueue::Action::Press);
  else if (action == GLFW_RELEASE) gKeys.push(key, KeyEventQueue::Action::Release);
}
void onFocusQueued(GLFWwindow* window, int focused) {
  if (!focused) gKeys.clear();
  if (gImGuiFocus) gImGuiFocus(window, focused);
}
void onEnter(GLFWwindow*, int) { markActive(); }

std::atomic<bool> gScaleChanged{false};
void onContentScale(GLFWwindow*, float, float) {
  gScaleChanged.store(true);
  markActive();
}

// HiDPI. ImGui's units are window coordinates. Where the framebuffer is denser than the window
// (macOS, scaled Wayland) the framebuffer scale already enlarges everything, so the style gets
// only the rest of the content scale, and fonts are rasterised at full pixel density and drawn
// at 1/framebufferScale. On X11 the two are the same pixels and the content scale is all.
views::ViewFonts applyWindowScale(GLFWwindow* window, float contentScale, std::vector<std::string>& warnings) {
  int windowWidth = 0, windowHeight = 0, framebufferWidth = 0, framebufferHeight = 0;
  glfwGetWindowSize(window, &windowWidth, &windowHeight);
  glfwGetFramebufferSize(window, &framebufferWidth, &framebufferHeight);
  const float framebufferScale = windowWidth > 0 && framebufferWidth > 0 ? float(framebufferWidth) / float(windowWidth) : 1.0f;
  views::ViewFonts fonts = loadFonts(contentScale, FontPaths{}, warnings);
  ImGui::GetIO().FontGlobalScale = 1.0f / framebufferScale;
  applyStyle(std::max(0.5f, contentScale / framebufferScale));
  return fonts;
}

// Whether the zoom changed since the fonts were last built for it (`applied`, then updated): the
// loops rebuild the fonts at the new size then, between frames, so text stays crisp.
bool zoomChangedSince(const views::Workspace& workspace, uint64_t& applied) {
  if (workspace.zoom().changes() == applied) return false;
  applied = workspace.zoom().changes();
  return true;
}

// The window's size and position now; the position only where the platform tells it (Wayland
// does not, and GLFW reports that as an error, which is not one here).
WindowPlacement placementOf(GLFWwindow* window) {
  WindowPlacement placement;
  glfwGetWindowSize(window, &placement.width, &placement.height);
  GLFWerrorfun previous = glfwSetErrorCallback(nullptr);
  int x = 0, y = 0;
  glfwGetWindowPos(window, &x, &y);
  if (glfwGetError(nullptr) == GLFW_NO_ERROR) placement.x = x, placement.y = y;
  glfwSetErrorCallback(previous);
  return placement;
}

// The primary monitor's work area (the screen less panels), or an empty area when unknown.
ScreenArea primaryWorkArea() {
  ScreenArea area;
  if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) glfwGetMonitorWorkarea(monitor, &area.x, &area.y, &area.width, &area.height);
  return area;
}

// The Run panel draws texture outputs through the renderer while it lives; its images are
// released before the renderer goes.
class TextureHostScope {
 public:
  TextureHostScope(views::Workspace& workspace, views::TextureHost* host) : workspace_(workspace) {
    workspace_.runPanel().setTextureHost(host);
  }
  ~TextureHostScope() { workspace_.runPanel().setTextureHost(nullptr); }
  TextureHostScope(const TextureHostScope&) = delete;
  TextureHostScope& operator=(const TextureHostScope&) = delete;

 private:
  views::Workspace& workspace_;
};

}  // namespace

std::string runHeadless(views::Workspace& workspace, const ShellSettings& settings, ShellOutcome& outcome) {
  std::vector<std::string>& warnings = outcome.warnings;
  ImGuiScope imgui;
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(float(settings.width), float(settings.height));
  io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
  mapKeysLikeGlfw(io);
  const float scale = settings.scale > 0.0f ? settings.scale : 1.0f;
  uint64_t zoomApplied = workspace.zoom().changes();
  views::ViewFonts fonts = loadFonts(scale * workspace.zoom().factor(), FontPaths{}, warnings);
  applyStyle(scale * workspace.zoom().factor());

  VulkanContext context;
  if (std::string error = context.createInstance({}); !error.empty()) return error;
  if (std::string error = context.createDevice(VK_NULL_HANDLE); !error.empty()) return error;
  outcome.deviceName = context.deviceName();
  UiRenderer renderer(context);
  if (std::string error = renderer.init(1); !error.empty()) return error;
  TextureHostScope textures(workspace, &renderer);
  OffscreenTarget target(context);
  if (std::string error = target.create(settings.width, settings.height); !error.empty()) return error;
  target.setFullRedraw(settings.fullRedraw);

  if (settings.capture) waitForFirstCompile(workspace, warnings);
  const bool untilFinished = settings.frames == 0 && settings.finished;
  const int frames = untilFinished ? kMaxScriptFrames : std::max(1, settings.frames);
  using Clock = std::chrono::steady_clock;
  for (int frame = 0; frame < frames; ++frame) {
    io.DeltaTime = 1.0f / 60.0f;
    if (settings.beforeFrame) settings.beforeFrame(frame, nullptr);
    if (zoomChangedSince(workspace, zoomApplied)) {
      fonts = loadFonts(scale * workspace.zoom().factor(), FontPaths{}, warnings);
      applyStyle(scale * workspace.zoom().factor());
      if (std::string error = renderer.uploadFonts(); !error.empty()) return error;
      if (settings.onZoomApplied) settings.onZoomApplied(workspace.zoom().percent());
    }
    const Clock::time_point start = Clock::now();
    ImGui::NewFrame();
    workspace.draw(fonts);
    ImGui::Render();
    const Clock::time_point drawn = Clock::now();
    const bool last = untilFinished ? settings.finished() : frame + 1 == frames;
    const bool hooked = settings.captureFrame && settings.captureFrame(frame);
    RgbaImage hookImage;
    RgbaImage* into = hooked ? &hookImage : last && settings.capture ? &outcome.image : nullptr;
    if (std::string error = target.renderFrame(renderer, ImGui::GetDrawData(), clearColor(), into); !error.empty())
      return error;
    if (settings.onFrameTimed)
      settings.onFrameTimed(frame, std::chrono::duration<double, std::milli>(drawn - start).count(),
                            std::chrono::duration<double, std::milli>(Clock::now() - drawn).count());
    if (settings.onFrameRedrawn) settings.onFrameRedrawn(frame, target.lastRedrawnPixels(), target.pixelCount());
    if (hooked) {
      if (settings.onCaptured) settings.onCaptured(frame, hookImage);
      if (last && settings.capture) outcome.image = std::move(hookImage);
    }
    if (last || workspace.quitRequested()) break;
  }
  if (untilFinished && !settings.finished()) warnings.push_back("the script did not finish in " + std::to_string(kMaxScriptFrames) + " frames");
  return "";
}

std::string runWindowed(views::Workspace& workspace, const ShellSettings& settings, ShellOutcome& outcome,
                        bool& opened) {
  std::vector<std::string>& warnings = outcome.warnings;
  opened = false;
  VulkanContext context;
  WindowPresenter presenter(context);
  std::string title = "Shaderlens - " + workspace.document().displayName();
  WindowPlacement placement{int(settings.width), int(settings.height), settings.windowX, settings.windowY};
  // A remembered size or position is for the screen it was on: fit it to this one.
  if (settings.fitToScreen) placement = fitWindowToScreen(placement, primaryWorkArea());
  if (std::string error = presenter.open(placement, title.c_str()); !error.empty()) return error;
  opened = true;
  outcome.deviceName = context.deviceName();
  GLFWwindow* window = presenter.window();

  ImGuiScope imgui;
  uint64_t zoomApplied = workspace.zoom().changes();
  auto contentScale = [&] { return settings.scale > 0.0f ? settings.scale : presenter.contentScale(); };
  views::ViewFonts fonts = applyWindowScale(window, contentScale() * workspace.zoom().factor(), warnings);

  // Ours first: ImGui's backend chains to callbacks installed before it.
  glfwSetCursorPosCallback(window, onCursor);
  glfwSetMouseButtonCallback(window, onMouseButton);
  glfwSetScrollCallback(window, onScroll);
  glfwSetKeyCallback(window, onKey);
  glfwSetCharCallback(window, onChar);
  glfwSetWindowFocusCallback(window, onFocus);
  glfwSetCursorEnterCallback(window, onEnter);
  glfwSetWindowContentScaleCallback(window, onContentScale);
  if (!ImGui_ImplGlfw_InitForVulkan(window, true)) return "ImGui's GLFW backend did not initialise";
  gKeys.clear();
  glfwSetKeyCallback(window, onKeyQueued);
  gImGuiFocus = glfwSetWindowFocusCallback(window, onFocusQueued);

  UiRenderer renderer(context);
  std::string error = renderer.init(WindowPresenter::kFramesInFlight);
  if (error.empty()) {
    TextureHostScope textures(workspace, &renderer);
    // A published compile wakes the event loop so the new snapshot shows without input.
    workspace.setOnCompiled([] { glfwPostEmptyEvent(); });
    if (settings.capture) waitForFirstCompile(workspace, warnings);
    // A run finishing wakes the loop as a compile does.
    workspace.runPanel().worker().setOnFinished([] { glfwPostEmptyEvent(); });
    workspace.debugger().worker().setOnFinished([] { glfwPostEmptyEvent(); });
    markActive();
    const bool scripted = settings.frames == 0 && settings.finished;
    for (int frame = 0; settings.frames == 0 || frame < settings.frames; ++frame) {
      if (settings.frames > 0 || scripted || gActiveFrames.load() > 0) {
        glfwPollEvents();
        if (gActiveFrames.load() > 0) gActiveFrames.fetch_sub(1);
      } else {
        // Idle: wake for input, a finished compile, or the caret's blink.
        glfwWaitEventsTimeout(0.5);
      }
      if (glfwWindowShouldClose(window)) {
        // Closing with unsaved changes asks first (the prompt's answer quits or not).
        glfwSetWindowShouldClose(window, GLFW_FALSE);
        workspace.requestQuit();
      }
      if (workspace.quitRequested()) break;
      if (scripted && settings.finished()) break;
      if (settings.beforeFrame) settings.beforeFrame(frame, window);
      const bool zoomed = zoomChangedSince(workspace, zoomApplied);
      if ((gScaleChanged.exchange(false) && settings.scale <= 0.0f) || zoomed) {
        fonts = applyWindowScale(window, contentScale() * workspace.zoom().factor(), warnings);
        if (error = renderer.uploadFonts(); !error.empty()) break;
        if (zoomed && settings.onZoomApplied) settings.onZoomApplied(workspace.zoom().percent());
      }
      // The title follows the document (File > New, Open, Save As).
      if (std::string now = "Shaderlens - " + workspace.document().displayName(); now != title) {
        title = std::move(now);
        glfwSetWindowTitle(window, title.c_str());
      }
      const auto frameStart = std::chrono::steady_clock::now();
      if (gKeys.applyFrame(ImGui::GetIO())) markActive();  // more keys wait: draw the next frame soon
      ImGui_ImplGlfw_NewFrame();
      ImGui::NewFrame();
      const ImGuiIO& io = ImGui::GetIO();
      if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_S, false)) workspace.save();
      if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Q, false)) workspace.requestQuit();
      workspace.draw(fonts);
      ImGui::Render();
      const bool last = settings.frames > 0 && frame + 1 == settings.frames;
      const bool hooked = settings.captureFrame && settings.captureFrame(frame);
      RgbaImage hookImage;
      error = presenter.renderFrame(renderer, ImGui::GetDrawData(), clearColor(),
                                    hooked ? &hookImage : last && settings.capture ? &outcome.image : nullptr);
      if (!error.empty()) break;
      // Nothing was presented, so FIFO did not pace this frame: keep the loop at 60 Hz.
      if (presenter.lastFrameUnchanged()) std::this_thread::sleep_until(frameStart + std::chrono::microseconds(16667));
      if (hooked && settings.onCaptured) settings.onCaptured(frame, hookImage);
      // Crash recovery: the edited text is autosaved while it differs from what was opened.
      if (std::string autosaveError = workspace.autosave(std::chrono::steady_clock::now()); !autosaveError.empty())
        warnings.push_back(autosaveError);
    }
    outcome.window = placementOf(window);
    workspace.setOnCompiled(nullptr);
    workspace.runPanel().worker().setOnFinished(nullptr);
    workspace.debugger().worker().setOnFinished(nullptr);
    // Unsaved work stays in the recovery file; saved (or untouched) work leaves none behind.
    std::string onDisk = workspace.document().text, readError;
    if (!workspace.document().savePath.empty()) readWholeFile(workspace.document().savePath, onDisk, readError);
    if (std::string kept = workspace.finishAutosave(onDisk); !kept.empty())
      warnings.push_back("unsaved changes were kept in " + kept);
  }
  context.waitIdle();
  presenter.detachRenderer(renderer);
  ImGui_ImplGlfw_Shutdown();
  return error;
}

}  // namespace sl::gui
