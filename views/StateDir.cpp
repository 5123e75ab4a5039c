#include "views/StateDir.h"

#include <cstdlib>

namespace sl::views {

std::string shaderlensStateDir() {
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state) return std::string(state) + "/shaderlens";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.local/state/shaderlens";
  return "";
}

}  // namespace sl::views
