// Drives the real panels headlessly through ImGui's input IO, as a user would: typing in the
// editor posts a compile of the new text; a jump request moves the caret to the line.
#include "app/gui/AppShell.h"

#include <catch2/catch.hpp>
#include <imgui.h>

using namespace std::chrono_literals;

namespace {

std::string runFrames(sl::views::Workspace& workspace, int frames, std::function<void(int, GLFWwindow*)> input) {
  sl::gui::ShellSettings settings;
  settings.width = 640;
  settings.height = 400;
  settings.frames = frames;
  settings.beforeFrame = std::move(input);
  sl::gui::ShellOutcome outcome;
  return sl::gui::runHeadless(workspace, settings, outcome);
}

}  // namespace

TEST_CASE("typing in the editor changes the text and compiles it in the background", "[interaction]") {
  const std::string original = "int a = 1;\nint b = 2;\n";
  sl::views::Workspace workspace(sl::views::Document{"typed.hlsl", original, {}, ""});
  REQUIRE(workspace.worker().waitUntilIdle(10s));
  const uint64_t before = workspace.worker().postedGeneration();

  std::string error = runFrames(workspace, 8, [](int frame, GLFWwindow*) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(200, 200);  // inside the editor, below the text
    io.MouseDown[0] = frame == 1;    // click to focus the text widget
    if (frame == 4) {
      io.AddInputCharacter('/');
      io.AddInputCharacter('/');
      io.AddInputCharacter('Q');
    }
  });
  REQUIRE(error.empty());
  const std::string& typed = workspace.editor().text;
  CHECK(typed != original);
  CHECK(typed.find("//Q") != std::string::npos);
  CHECK(workspace.worker().postedGeneration() > before);
  REQUIRE(workspace.worker().waitUntilIdle(10s));
  CHECK(workspace.worker().latest()->source == typed);
}

TEST_CASE("a jump puts the caret on the requested line", "[interaction]") {
  sl::views::Workspace workspace(sl::views::Document{"jump.hlsl", "line one\nline two\nline three\nline four\n", {}, ""});
  workspace.jumpTo(3, 6);
  REQUIRE(runFrames(workspace, 4, nullptr).empty());
  CHECK(workspace.editor().caretLine == 3);
  CHECK(workspace.editor().caretOffset == std::string("line one\nline two\n").size() + 5);
  CHECK(workspace.editor().jumpLine == 0);
}

TEST_CASE("clicking a diagnostic moves the editor's caret to its line", "[interaction]") {
  sl::views::Workspace workspace(
      sl::views::Document{"clicked.hlsl", "int x = 1;\n\n#include \"missing-header.hlsli\"\nint y;\n", {}, ""});
  REQUIRE(workspace.worker().waitUntilIdle(10s));
  REQUIRE(runFrames(workspace, 8, [](int frame, GLFWwindow*) {
            ImGuiIO& io = ImGui::GetIO();
            // The first row of the diagnostics table in the 640x400 layout (header at y ~331).
            io.MousePos = ImVec2(40, 351);
            io.MouseDown[0] = frame == 2;
          }).empty());
  CHECK(workspace.editor().caretLine == 3);
}
