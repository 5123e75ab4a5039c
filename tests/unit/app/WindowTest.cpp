// The windowed path: a real GLFW window with a Vulkan swapchain that follows a resize, and a
// read-back of the presented frame. Hidden from the default run (it would open a window on a
// developer's desktop); ctest runs it under xvfb-run as unit_app_gui_window.
#include "app/gui/AppShell.h"
#include "app/gui/OffscreenTarget.h"
#include "app/gui/UiRenderer.h"
#include "app/gui/WindowPresenter.h"
#include "core/support/AtomicFile.h"

#include <catch2/catch.hpp>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace {

// A window-sized ImGui frame of text lines; line `at` replaced by `changed`.
const ImDrawData* textFrame(int at, const std::string& changed) {
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
  ImGui::Begin("w", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings);
  for (int i = 0; i < 16; ++i) {
    if (i == at) ImGui::TextUnformatted(changed.c_str());
    else ImGui::Text("line %d, unchanged from frame to frame", i);
  }
  ImGui::End();
  ImGui::Render();
  return ImGui::GetDrawData();
}

}  // namespace

TEST_CASE("the swapchain follows a window resize and the presented frame reads back", "[.][window]") {
  const char* display = std::getenv("DISPLAY");
  if (!display || !*display || !glfwInit()) {
    WARN("no display: the windowed path is not tested here (ctest runs it under xvfb-run)");
    return;
  }
  sl::views::Workspace workspace(sl::views::Document{"w.hlsl", "int x;\n", {}, ""});
  sl::gui::ShellSettings settings;
  settings.width = 700;
  settings.height = 420;
  settings.scale = 1.0f;
  settings.frames = 30;
  settings.capture = true;
  settings.beforeFrame = [](int frame, GLFWwindow* window) {
    REQUIRE(window);
    if (frame == 2) glfwSetWindowSize(window, 520, 300);
  };
  sl::gui::ShellOutcome outcome;
  bool opened = false;
  std::string error = sl::gui::runWindowed(workspace, settings, outcome, opened);
  glfwTerminate();
  INFO(error);
  REQUIRE(opened);
  REQUIRE(error.empty());
  CHECK(outcome.image.width == 520);
  CHECK(outcome.image.height == 300);
  CHECK(outcome.image.pixels.size() == 520u * 300u * 4u);
}

TEST_CASE("a window redrawn in part shows what the frame drawn in full shows", "[.][window]") {
  const char* display = std::getenv("DISPLAY");
  if (!display || !*display || !glfwInit()) {
    WARN("no display: the windowed path is not tested here (ctest runs it under xvfb-run)");
    return;
  }
  {
    sl::gui::VulkanContext context;
    sl::gui::WindowPresenter presenter(context);
    REQUIRE(presenter.open(sl::gui::WindowPlacement{480, 320, {}, {}}, "partial redraw") == "");
    int width = 0, height = 0;
    glfwGetFramebufferSize(presenter.window(), &width, &height);
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::GetIO().DisplaySize = ImVec2(float(width), float(height));
    ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
    {
      sl::gui::UiRenderer renderer(context);
      REQUIRE(renderer.init(sl::gui::WindowPresenter::kFramesInFlight) == "");
      sl::gui::OffscreenTarget target(context);
      REQUIRE(target.create(uint32_t(width), uint32_t(height)) == "");
      target.setFullRedraw(true);
      const ImVec4 clear(0.1f, 0.1f, 0.12f, 1.0f);

      // Edits on different lines, each swapchain image owing the ones since it was drawn.
      for (int frame = 0; frame < 9; ++frame) {
        REQUIRE(presenter.renderFrame(renderer, textFrame(frame % 5, "edited in frame " + std::to_string(frame)), clear,
                                      nullptr) == "");
        CHECK_FALSE(presenter.lastFrameUnchanged());
      }
      REQUIRE(presenter.renderFrame(renderer, textFrame(8 % 5, "edited in frame 8"), clear, nullptr) == "");
      CHECK(presenter.lastFrameUnchanged());  // the same frame again: nothing drawn or presented

      sl::gui::RgbaImage windowed, full;
      REQUIRE(presenter.renderFrame(renderer, textFrame(11, "the last edit"), clear, &windowed) == "");
      REQUIRE(target.renderFrame(renderer, textFrame(11, "the last edit"), clear, &full) == "");
      REQUIRE(windowed.width == full.width);
      REQUIRE(windowed.height == full.height);
      size_t differing = 0;
      for (size_t i = 0; i < full.pixels.size(); i += 4)
        differing += windowed.pixels[i] != full.pixels[i] || windowed.pixels[i + 1] != full.pixels[i + 1] ||
                     windowed.pixels[i + 2] != full.pixels[i + 2];
      CHECK(differing == 0);
      context.waitIdle();
      presenter.detachRenderer(renderer);
      renderer.releaseRenderPass(target.renderPass());
    }
    ImGui::DestroyContext();
  }
  glfwTerminate();
}

TEST_CASE("the windowed loop leaves a crashed run's recovery file alone until it is answered", "[.][window]") {
  const char* display = std::getenv("DISPLAY");
  if (!display || !*display || !glfwInit()) {
    WARN("no display: the windowed path is not tested here (ctest runs it under xvfb-run)");
    return;
  }
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("shaderlens-window-recovery-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string shader = (dir / "w.hlsl").string(), recoveryDir = (dir / "recovery").string();
  REQUIRE(sl::writeFileAtomically(shader, std::string_view("int x;\n")).empty());
  sl::views::Document document{shader, "int x;\n", {}, shader};
  const std::string recovery = sl::views::recoveryPathFor(recoveryDir, document);
  fs::create_directories(recoveryDir);
  REQUIRE(sl::writeFileAtomically(recovery, std::string_view("int x; // typed before the crash\n")).empty());

  auto runFor = [&](sl::views::Workspace& workspace, std::function<void(int)> act) {
    sl::gui::ShellSettings settings;
    settings.width = 640;
    settings.height = 400;
    settings.scale = 1.0f;
    settings.frames = 8;
    settings.beforeFrame = [&](int frame, GLFWwindow*) { act(frame); };
    sl::gui::ShellOutcome outcome;
    bool opened = false;
    REQUIRE(sl::gui::runWindowed(workspace, settings, outcome, opened) == "");
    REQUIRE(opened);
  };
  {
    // Not answered: at exit (nothing unsaved) the file stays as the crash left it.
    sl::views::Workspace workspace(document);
    workspace.setRecoveryDir(recoveryDir);
    runFor(workspace, [](int) {});
    CHECK(workspace.recoveryOfferOpen());
  }
  std::string text, error;
  REQUIRE(sl::readWholeFile(recovery, text, error));
  CHECK(text == "int x; // typed before the crash\n");
  {
    // Kept, then exited with nothing unsaved: still there.
    sl::views::Workspace workspace(document);
    workspace.setRecoveryDir(recoveryDir);
    runFor(workspace, [&](int frame) {
      if (frame == 3) workspace.answerRecovery(sl::views::RecoveryOffer::Answer::Keep);
    });
  }
  REQUIRE(sl::readWholeFile(recovery, text, error));
  CHECK(text == "int x; // typed before the crash\n");
  {
    // Discarded: gone.
    sl::views::Workspace workspace(document);
    workspace.setRecoveryDir(recoveryDir);
    runFor(workspace, [&](int frame) {
      if (frame == 3) workspace.answerRecovery(sl::views::RecoveryOffer::Answer::Discard);
    });
  }
  CHECK(!fs::exists(recovery));
  glfwTerminate();
  fs::remove_all(dir);
}
