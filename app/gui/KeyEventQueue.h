// Key presses and releases from GLFW, applied to ImGui a frame at a time so that no press is
// lost. ImGui 1.86 reads keys as per-frame state (io.KeysDown): a tap whose press and release
// both arrive between two frames (a 12 ms tap, or ten of them in a burst) was never seen down,
// so quick Right taps moved the caret 2 columns of 10 and a quick Ctrl+Z did nothing.
#pragma once

#include <cstddef>
#include <deque>

struct ImGuiIO;

namespace sl::gui {

class KeyEventQueue {
 public:
  enum class Action { Press, Release };

  // From the GLFW key callback (repeats are ImGui's own business: it times held keys).
  void push(int key, Action action);
  // Applies the queued events in order, up to (not including) a second event of a key already
  // changed in this frame: a tap is seen down for one frame and up from the next. Modifiers
  // follow the keys. Returns whether events wait for a later frame (the loop must keep drawing).
  bool applyFrame(ImGuiIO& io);
  // The window lost focus: ImGui clears its keys, and what is queued is dropped with them.
  void clear() { events_.clear(); }
  size_t pending() const { return events_.size(); }

 private:
  struct Event {
    int key;
    Action action;
  };
  std::deque<Event> events_;
};

}  // namespace sl::gui
