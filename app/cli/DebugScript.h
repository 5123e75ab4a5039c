// The commands `shaderlens debug --do "..."` runs against a debug session, and the canonical
// text of each stop (what the golden tests check): location, source line, locals, watches.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "interp/debug/DebugSession.h"
#include "interp/debug/Disassembly.h"

namespace sl::cli {

struct DebugScriptOptions {
  std::vector<std::string> watches;  // printed at every stop
  bool showGlobals = false;          // inputs, privates and groupshared at every stop
  uint32_t maxStops = 1000;          // the default script's continue loop stops after this many
  // The debugged module's words, disassembled at the first `spirv` (most sessions never ask).
  std::span<const uint32_t> words;
};

class DebugScript {
 public:
  DebugScript(interp::debug::DebugSession& session, DebugScriptOptions options) : session_(session), options_(std::move(options)) {}

  // Runs `commands` (";"-separated; empty: continue to every breakpoint, then the end) and
  // prints to `out`. Returns false when a command failed (its error is printed).
  bool run(const std::string& commands, std::string& out);
  // Prints the stop the session is at.
  void printStop(const interp::debug::Stop& stop, std::string& out);
  bool reachedEnd() const { return reachedEnd_; }

 private:
  bool command(const std::string& text, std::string& out);
  void printVariables(const std::vector<interp::debug::Variable>& variables, const std::string& indent, std::string& out);
  void printWave(const std::string& expression, std::string& out);
  void printConsole(std::string& out);
  bool printExpression(const std::string& expression, interp::debug::Format format, std::string& out);

  interp::debug::DebugSession& session_;
  DebugScriptOptions options_;
  uint32_t stops_ = 0;
  size_t printedUpTo_ = 0;
  size_t previousStop_ = 0, currentStop_ = 0;  // positions of the last two stops (for `writes`)  // the traced lane's printf lines before this step were shown
  bool reachedEnd_ = false;
  std::optional<interp::debug::Disassembly> disassembly_;
};

// "source.hlsl" of "/path/x.test/source.hlsl".
std::string baseName(const std::string& path);

}  // namespace sl::cli
