// Where the app keeps what it remembers between runs (recent files, settings, options, crash
// recovery), and how those line-per-entry stores are read and written.
#pragma once

#include <string>
#include <vector>

namespace sl::views {

// $XDG_STATE_HOME/shaderlens, else ~/.local/state/shaderlens; "" when neither is set.
std::string shaderlensStateDir();

// Bounds what a state file can make the app read (a store is written with far fewer lines).
constexpr size_t kMaxStateLines = 100000;

// The lines of a state file, at most maxLines of them (a longer file is cut: these stores are
// bounded lists). A missing file is no lines and no error; an unreadable one returns its error.
std::string readStateLines(const std::string& path, size_t maxLines, std::vector<std::string>& lines);

// Writes a state file atomically, creating its folder first; returns the error or "".
std::string writeStateFile(const std::string& path, const std::string& text);

// A path as the stores key it: absolute and normalized (the path itself when that fails).
std::string absoluteStatePath(const std::string& path);

}  // namespace sl::views
