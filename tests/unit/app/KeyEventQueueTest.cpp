#include "app/gui/KeyEventQueue.h"

#include <catch2/catch.hpp>

#include <GLFW/glfw3.h>
#include <imgui.h>

using sl::gui::KeyEventQueue;
using Action = KeyEventQueue::Action;

namespace {

// An ImGui context of its own for each test (the queue writes io.KeysDown and the modifiers).
struct Context {
  Context() { ImGui::SetCurrentContext(context); }
  ~Context() { ImGui::DestroyContext(context); }
  ImGuiContext* context = ImGui::CreateContext();
};

}  // namespace

TEST_CASE("ten taps that arrive between two frames are ten frames with the key down", "[keys]") {
  Context c;
  ImGuiIO& io = ImGui::GetIO();
  KeyEventQueue keys;
  for (int i = 0; i < 10; ++i) {
    keys.push(GLFW_KEY_RIGHT, Action::Press);
    keys.push(GLFW_KEY_RIGHT, Action::Release);
  }
  int framesDown = 0, frames = 0;
  bool more = true;
  while (more && frames < 100) {
    more = keys.applyFrame(io);
    ++frames;
    if (io.KeysDown[GLFW_KEY_RIGHT]) ++framesDown;
  }
  CHECK(framesDown == 10);
  CHECK(!io.KeysDown[GLFW_KEY_RIGHT]);
  CHECK(keys.pending() == 0);
  // Down and up alternate: a press is never merged into the previous one.
  CHECK(frames == 20);
}

TEST_CASE("a quick Ctrl+Z is seen with Ctrl held, then everything is up", "[keys]") {
  Context c;
  ImGuiIO& io = ImGui::GetIO();
  KeyEventQueue keys;
  keys.push(GLFW_KEY_LEFT_CONTROL, Action::Press);
  keys.push(GLFW_KEY_Z, Action::Press);
  keys.push(GLFW_KEY_Z, Action::Release);
  keys.push(GLFW_KEY_LEFT_CONTROL, Action::Release);
  CHECK(keys.applyFrame(io));
  CHECK(io.KeysDown[GLFW_KEY_Z]);
  CHECK(io.KeyCtrl);
  CHECK(!keys.applyFrame(io));
  CHECK(!io.KeysDown[GLFW_KEY_Z]);
  CHECK(!io.KeyCtrl);
}

TEST_CASE("Ctrl released in the same poll as the key it modifies stays held for that key's frame", "[keys]") {
  // xdotool's ctrl+q: Ctrl down in one poll (a frame drawn), then Q down, Ctrl up, Q up in the next.
  Context c;
  ImGuiIO& io = ImGui::GetIO();
  KeyEventQueue keys;
  keys.push(GLFW_KEY_LEFT_CONTROL, Action::Press);
  CHECK(!keys.applyFrame(io));
  CHECK(io.KeyCtrl);
  keys.push(GLFW_KEY_Q, Action::Press);
  keys.push(GLFW_KEY_LEFT_CONTROL, Action::Release);
  keys.push(GLFW_KEY_Q, Action::Release);
  CHECK(keys.applyFrame(io));
  CHECK(io.KeysDown[GLFW_KEY_Q]);
  CHECK(io.KeyCtrl);
  CHECK(!keys.applyFrame(io));
  CHECK(!io.KeysDown[GLFW_KEY_Q]);
  CHECK(!io.KeyCtrl);
  // A modifier's own tap is not held back by another modifier.
  keys.push(GLFW_KEY_LEFT_SHIFT, Action::Press);
  keys.push(GLFW_KEY_LEFT_CONTROL, Action::Press);
  keys.push(GLFW_KEY_LEFT_CONTROL, Action::Release);
  CHECK(keys.applyFrame(io));
  CHECK(io.KeyShift);
  CHECK(io.KeyCtrl);
}

TEST_CASE("held keys and keys of other frames pass straight through; focus loss drops the queue", "[keys]") {
  Context c;
  ImGuiIO& io = ImGui::GetIO();
  KeyEventQueue keys;
  keys.push(GLFW_KEY_LEFT_SHIFT, Action::Press);
  keys.push(GLFW_KEY_A, Action::Press);
  CHECK(!keys.applyFrame(io));
  CHECK(io.KeyShift);
  CHECK(io.KeysDown[GLFW_KEY_A]);
  keys.push(GLFW_KEY_A, Action::Release);  // released in a later frame: applied at once
  CHECK(!keys.applyFrame(io));
  CHECK(!io.KeysDown[GLFW_KEY_A]);
  CHECK(io.KeyShift);
  keys.push(GLFW_KEY_B, Action::Press);
  keys.push(GLFW_KEY_B, Action::Release);
  keys.clear();
  CHECK(keys.pending() == 0);
  keys.push(-1, Action::Press);  // GLFW_KEY_UNKNOWN
  keys.push(100000, Action::Press);
  CHECK(keys.pending() == 0);
}
