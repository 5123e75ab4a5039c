// Writes files atomically: a temporary in the same directory, fsync, then rename over the target,
// so a crash or a full disk never leaves a half-written output, bundle or recovery file.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace sl {

// Returns "" on success, else a message naming the path and the OS error.
std::string writeFileAtomically(const std::string& path, std::span<const uint8_t> bytes);
std::string writeFileAtomically(const std::string& path, std::string_view text);

// Reads a whole file; returns false and sets `error` (naming the path) on failure.
bool readWholeFile(const std::string& path, std::string& contents, std::string& error);

}  // namespace sl
