// The windowed path: a real GLFW window with a Vulkan swapchain that follows a resize, and a
// read-back of the presented frame. Hidden from the default run (it would open a window on a
// developer's desktop); ctest runs it under xvfb-run as unit_app_gui_window.
#include "app/gui/AppShell.h"

#include <catch2/catch.hpp>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdlib>

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
