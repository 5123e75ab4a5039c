#include "views/StateDir.h"

#include "core/support/AtomicFile.h"

#include <cstdlib>
#include <filesystem>

namespace sl::views {

std::string shaderlensStateDir() {
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state) return std::string(state) + "/shaderlens";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.local/state/shaderlens";
  return "";
}

std::string readStateLines(const std::string& path, size_t maxLines, std::vector<std::string>& lines) {
  lines.clear();
  if (path.empty()) return "";
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return "";
  std::string text, error;
  if (!readWholeFile(path, text, error)) return error;
  size_t start = 0;
  while (start < text.size() && lines.size() < maxLines) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return "";
}

std::string writeStateFile(const std::string& path, const std::string& text) {
  if (path.empty()) return "";
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  return writeFileAtomically(path, text);
}

std::string absoluteStatePath(const std::string& path) {
  std::error_code ec;
  std::string absolute = std::filesystem::absolute(path, ec).lexically_normal().string();
  return ec ? path : absolute;
}

}  // namespace sl::views
