#include "app/cli/dap/DapSources.h"

#include <filesystem>
#include <system_error>

#include "app/cli/dap/DapTransport.h"

namespace sl::cli::dap {

namespace {

std::string canonical(const std::string& path) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec);
  return ec ? path : p.string();
}

}  // namespace

std::string fileName(const std::string& path) {
  const size_t slash = path.find_last_of("/\\");
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

SourceMap::SourceMap(const std::string& userFile, std::string shaderFile, uint32_t offset)
    : userCanonical_(canonical(userFile)), shaderFile_(std::move(shaderFile)), offset_(offset) {
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(userFile, ec);
  userFile_ = ec ? userFile : absolute.lexically_normal().string();
}

llvm::json::Object SourceMap::source(const std::string& sessionFile) const {
  if (isShader(sessionFile)) return llvm::json::Object{{"name", jsonText(fileName(userFile_))}, {"path", jsonText(userFile_)}};
  return llvm::json::Object{{"name", jsonText(fileName(sessionFile))}, {"path", jsonText(sessionFile)}};
}

int64_t SourceMap::clientLine(const std::string& sessionFile, uint32_t line) const {
  return int64_t(line) + (isShader(sessionFile) ? offset_ : 0) - base_;
}

std::optional<SourceMap::SessionLine> SourceMap::sessionLine(const std::string& clientPath, int64_t clientLine, std::string& error) const {
  const int64_t line = clientLine + base_;  // 1-based
  const bool program = clientPath == userFile_ || clientPath == shaderFile_ || canonical(clientPath) == userCanonical_;
  if (!program) {
    // Another file the module names (an #include): by its own lines.
    SessionLine other;
    other.file = clientPath;
    if (line < 1 || line > int64_t(0xffffffffu)) {
      error = "line " + std::to_string(clientLine) + " is not a line";
      return std::nullopt;
    }
    other.line = uint32_t(line);
    return other;
  }
  const int64_t partLine = clientPath == shaderFile_ ? line : line - int64_t(offset_);
  if (partLine < 1 || partLine > int64_t(0xffffffffu)) {
    error = "line " + std::to_string(clientLine) + " of " + fileName(userFile_) + " is before the shader (its source starts at line " +
            std::to_string(int64_t(offset_) + 1 - base_) + ")";
    return std::nullopt;
  }
  SessionLine mine;
  mine.line = uint32_t(partLine);
  return mine;
}

}  // namespace sl::cli::dap
