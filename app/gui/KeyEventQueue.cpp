#include "app/gui/KeyEventQueue.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <vector>

namespace sl::gui {

void KeyEventQueue::push(int key, Action action) {
  if (key < 0 || key >= int(IM_ARRAYSIZE(ImGuiIO::KeysDown))) return;
  events_.push_back({key, action});
}

bool KeyEventQueue::applyFrame(ImGuiIO& io) {
  // A key changes at most once per frame: a second event of a key this frame already changed
  // (its release after a press, its next press after a release) waits for the next frame.
  // A modifier released after a key was pressed this frame also waits: Ctrl down (an earlier
  // frame), Z down, Ctrl up, Z up in one poll (xdotool's order for ctrl+z) must be seen as Z
  // pressed with Ctrl held, not as a bare Z.
  auto isModifier = [](int key) {
    return key == GLFW_KEY_LEFT_CONTROL || key == GLFW_KEY_RIGHT_CONTROL || key == GLFW_KEY_LEFT_SHIFT ||
           key == GLFW_KEY_RIGHT_SHIFT || key == GLFW_KEY_LEFT_ALT || key == GLFW_KEY_RIGHT_ALT ||
           key == GLFW_KEY_LEFT_SUPER || key == GLFW_KEY_RIGHT_SUPER;
  };
  std::vector<int> changedThisFrame;
  bool pressedThisFrame = false;
  while (!events_.empty()) {
    const Event e = events_.front();
    bool changed = false;
    for (int k : changedThisFrame) changed |= k == e.key;
    if (changed) break;
    if (pressedThisFrame && e.action == Action::Release && isModifier(e.key)) break;
    io.KeysDown[e.key] = e.action == Action::Press;
    if (e.action == Action::Press && !isModifier(e.key)) pressedThisFrame = true;
    changedThisFrame.push_back(e.key);
    events_.pop_front();
  }
  io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
  io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
  io.KeyAlt = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
  io.KeySuper = io.KeysDown[GLFW_KEY_LEFT_SUPER] || io.KeysDown[GLFW_KEY_RIGHT_SUPER];
  return !events_.empty();
}

}  // namespace sl::gui
