// The function keys the debugger uses (and the modifier keys scripts hold with them), as the platform's key codes: GLFW's, which the app's
// shell maps for windowed and headless runs alike (as letters are their ASCII capitals; the app
// checks these against GLFW's own constants). ImGui 1.86 names no function keys.
#pragma once

namespace sl::views {

constexpr int kKeyF5 = 294;
constexpr int kKeyF9 = 298;
constexpr int kKeyF10 = 299;
constexpr int kKeyF11 = 300;
// The modifiers' own keys: a window's shell derives Ctrl/Shift from them each frame, so a
// scripted shift+F10 holds them down too.
constexpr int kKeyLeftShift = 340;
constexpr int kKeyLeftControl = 341;

}  // namespace sl::views
