// The function keys the debugger uses, as the platform's key codes: GLFW's, which the app's
// shell maps for windowed and headless runs alike (as letters are their ASCII capitals; the app
// checks these against GLFW's own constants). ImGui 1.86 names no function keys.
#pragma once

namespace sl::views {

constexpr int kKeyF5 = 294;
constexpr int kKeyF9 = 298;
constexpr int kKeyF10 = 299;
constexpr int kKeyF11 = 300;

}  // namespace sl::views
