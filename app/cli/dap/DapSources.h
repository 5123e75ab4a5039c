// Where the client sees the debugged shader: the session names it as the compiled split part
// ("loop.test/source.hlsl"), the user has the bundle open, whose lines are the part's lines
// shifted by where the part starts (or the SHADER.hlsl itself, line for line). Also the
// client's 0- or 1-based line numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "llvm/Support/JSON.h"

namespace sl::cli::dap {

class SourceMap {
 public:
  SourceMap() = default;
  // `userFile`: the launched program; `shaderFile`: the session's name for its source part;
  // `offset`: part line + offset = line of `userFile`.
  SourceMap(const std::string& userFile, std::string shaderFile, uint32_t offset);

  void setLinesStartAt1(bool oneBased) { base_ = oneBased ? 0 : 1; }
  bool isShader(const std::string& sessionFile) const { return sessionFile == shaderFile_; }

  // The DAP Source of a session file.
  llvm::json::Object source(const std::string& sessionFile) const;
  // A session line of `sessionFile` as the client numbers it.
  int64_t clientLine(const std::string& sessionFile, uint32_t line) const;

  // What a client's (path, line) is in the session: the session file to name and its line.
  // `error` when the line lies outside the shader's part or the path is not the program.
  struct SessionLine {
    std::string file;  // "" for the shader itself (the session's main file)
    uint32_t line = 0;
  };
  std::optional<SessionLine> sessionLine(const std::string& clientPath, int64_t clientLine, std::string& error) const;

  uint32_t offset() const { return offset_; }
  const std::string& userFile() const { return userFile_; }
  const std::string& shaderFile() const { return shaderFile_; }

 private:
  std::string userFile_;      // absolute
  std::string userCanonical_; // for comparing paths
  std::string shaderFile_;
  uint32_t offset_ = 0;
  int64_t base_ = 0;          // 1 when the client counts lines from 0
};

// "source.hlsl" of "/path/x.test/source.hlsl".
std::string fileName(const std::string& path);

}  // namespace sl::cli::dap
