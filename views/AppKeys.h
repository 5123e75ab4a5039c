// The keys of the app's own shortcuts (File > New, the View menu's zoom) that ImGui 1.86 has no
// names for, as the platform's key codes: GLFW's, which the shell maps for windowed and headless
// runs alike (the app checks these against GLFW's constants, as views/debug/DebugKeys.h).
#pragma once

namespace sl::views {

constexpr int kKeyN = 'N';  // letters are their ASCII capitals
constexpr int kKeyEqual = '=';
constexpr int kKeyMinus = '-';
constexpr int kKey0 = '0';
constexpr int kKeyKeypad0 = 320;
constexpr int kKeyKeypadSubtract = 333;
constexpr int kKeyKeypadAdd = 334;

}  // namespace sl::views
