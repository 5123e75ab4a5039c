// The one diagnostic type of the project: every stage reports errors, warnings and notes with it,
// and the CLI, the GUI and the golden tests render it the same way (Clang style).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sl {

// A position in a source file. Lines and columns are 1-based; 0 means "unknown".
struct SourceLoc {
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;

  bool valid() const { return line != 0; }
};

// A half-open range on one line is enough for carets and squiggles; `endColumn` 0 means a point.
struct SourceRange {
  SourceLoc begin;
  uint32_t endColumn = 0;
};

enum class Severity : uint8_t { Note, Remark, Warning, Error };

std::string_view severityName(Severity severity);

struct Diagnostic {
  Severity severity = Severity::Error;
  SourceRange range;
  std::string message;
  // The text of the source line at `range.begin`, captured when the diagnostic is made, so a
  // rendered diagnostic never depends on a file that may have changed since.
  std::string sourceLine;
  std::vector<Diagnostic> notes;

  static Diagnostic error(SourceLoc loc, std::string message) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.range.begin = std::move(loc);
    d.message = std::move(message);
    return d;
  }
  static Diagnostic warning(SourceLoc loc, std::string message) {
    Diagnostic d = error(std::move(loc), std::move(message));
    d.severity = Severity::Warning;
    return d;
  }
  static Diagnostic note(SourceLoc loc, std::string message) {
    Diagnostic d = error(std::move(loc), std::move(message));
    d.severity = Severity::Note;
    return d;
  }
};

// Renders `file:line:col: error: message`, then the source line and a caret (with `~` under the
// rest of the range), then each note the same way. Ends with a newline.
std::string renderDiagnostic(const Diagnostic& diagnostic);
std::string renderDiagnostics(const std::vector<Diagnostic>& diagnostics);

bool hasErrors(const std::vector<Diagnostic>& diagnostics);

// Returns line `line` (1-based) of `text` without its newline, or "" past the end.
std::string_view lineOfText(std::string_view text, uint32_t line);

}  // namespace sl
