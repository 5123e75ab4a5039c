#include "core/support/Diagnostic.h"

namespace sl {

std::string_view severityName(Severity severity) {
  switch (severity) {
    case Severity::Note: return "note";
    case Severity::Remark: return "remark";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "error";
}

static void renderOne(const Diagnostic& d, std::string& out) {
  const SourceLoc& loc = d.range.begin;
  if (!loc.file.empty()) {
    out += loc.file;
    out += ':';
    if (loc.valid()) {
      out += std::to_string(loc.line);
      out += ':';
      out += std::to_string(loc.column == 0 ? 1 : loc.column);
      out += ':';
    }
    out += ' ';
  }
  out += severityName(d.severity);
  out += ": ";
  out += d.message;
  out += '\n';
  if (loc.valid() && !d.sourceLine.empty()) {
    out += d.sourceLine;
    out += '\n';
    // Keep tabs so the caret lines up under the same glyphs as the source line.
    uint32_t caretColumn = loc.column == 0 ? 1 : loc.column;
    for (uint32_t i = 1; i < caretColumn; ++i) {
      bool isTab = i - 1 < d.sourceLine.size() && d.sourceLine[i - 1] == '\t';
      out += isTab ? '\t' : ' ';
    }
    out += '^';
    for (uint32_t i = caretColumn + 1; i < d.range.endColumn; ++i) out += '~';
    out += '\n';
  }
  for (const Diagnostic& note : d.notes) renderOne(note, out);
}

std::string renderDiagnostic(const Diagnostic& diagnostic) {
  std::string out;
  renderOne(diagnostic, out);
  return out;
}

std::string renderDiagnostics(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics) renderOne(d, out);
  return out;
}

bool hasErrors(const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Severity::Error) return true;
  return false;
}

std::string_view lineOfText(std::string_view text, uint32_t line) {
  if (line == 0) return {};
  size_t start = 0;
  for (uint32_t current = 1; current < line; ++current) {
    size_t newline = text.find('\n', start);
    if (newline == std::string_view::npos) return {};
    start = newline + 1;
  }
  size_t end = text.find('\n', start);
  std::string_view result = text.substr(start, end == std::string_view::npos ? text.size() - start : end - start);
  if (!result.empty() && result.back() == '\r') result.remove_suffix(1);
  return result;
}

}  // namespace sl
