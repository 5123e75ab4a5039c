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
  std::vector<int> changedThisFrame;
  while (!events_.empty()) {
    const Event e = events_.front();
    bool changed = false;
    for (int k : changedThisFrame) changed |= k == e.key;
    if (changed) break;
    io.KeysDown[e.key] = e.action == Action::Press;
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
