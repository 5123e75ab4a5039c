// Where the app keeps what it remembers between runs (recent files, settings, crash recovery):
// $XDG_STATE_HOME/shaderlens, else ~/.local/state/shaderlens; "" when neither is set.
#pragma once

#include <string>

namespace sl::views {

std::string shaderlensStateDir();

}  // namespace sl::views
