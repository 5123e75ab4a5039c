#include "core/passes/qptr/QptrSpans.h"

#include <cctype>

namespace sl::qptr {

const char* spanKindName(SpanKind kind) {
  switch (kind) {
    case SpanKind::QptrOp: return "qptr-op";
    case SpanKind::SpvOp: return "spv-op";
    case SpanKind::QptrType: return "qptr-type";
    case SpanKind::QptrUsage: return "qptr-usage";
    case SpanKind::QptrAttr: return "qptr-attr";
    case SpanKind::QptrError: return "qptr-error";
    case SpanKind::QptrWarning: return "qptr-warning";
  }
  return "?";
}

namespace {

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool startsWith(std::string_view s, size_t at, std::string_view prefix) { return s.compare(at, prefix.size(), prefix) == 0; }

// End of the word (letters, digits, '_' and '.') starting at `at`.
size_t wordEnd(std::string_view line, size_t at) {
  while (at < line.size() && (isWordChar(line[at]) || line[at] == '.')) ++at;
  return at;
}

// Just past the ')' matching the '(' at `open` (strings skipped); the line's end if unbalanced.
size_t matchingParen(std::string_view line, size_t open) {
  int depth = 0;
  bool inString = false;
  for (size_t i = open; i < line.size(); ++i) {
    const char c = line[i];
    if (inString) {
      if (c == '\\') ++i;
      else if (c == '"') inString = false;
      continue;
    }
    if (c == '"') inString = true;
    else if (c == '(') ++depth;
    else if (c == ')' && --depth == 0) return i + 1;
  }
  return line.size();
}

// Just past the string literal starting at `quote` (the line's end if unterminated).
size_t stringEnd(std::string_view line, size_t quote) {
  for (size_t i = quote + 1; i < line.size(); ++i) {
    if (line[i] == '\\') ++i;
    else if (line[i] == '"') return i + 1;
  }
  return line.size();
}

SpanKind attrKind(std::string_view name) {
  if (name == "qptr.usage") return SpanKind::QptrUsage;
  if (name == "qptr.error") return SpanKind::QptrError;
  if (name == "qptr.warning") return SpanKind::QptrWarning;
  return SpanKind::QptrAttr;
}

}  // namespace

std::vector<Span> classifyLine(std::string_view line) {
  std::vector<Span> spans;
  size_t first = 0;
  while (first < line.size() && line[first] == ' ') ++first;
  if (first < line.size() && line[first] == ';') return spans;
  int attrDepth = 0;  // inside #[ ... ]
  size_t i = first;
  while (i < line.size()) {
    const char c = line[i];
    if (c == '"') {  // names and messages are not code
      i = stringEnd(line, i);
      continue;
    }
    if (c == '/' && startsWith(line, i, "//")) break;  // trailing debug-location comment
    if (c == '#' && startsWith(line, i, "#[")) {
      ++attrDepth;
      i += 2;
      continue;
    }
    if (c == ']' && attrDepth > 0) {
      --attrDepth;
      ++i;
      continue;
    }
    const bool wordStart = i == 0 || !(isWordChar(line[i - 1]) || line[i - 1] == '.');
    if (!wordStart || !(std::isalpha(static_cast<unsigned char>(c)) || c == '_')) {
      ++i;
      continue;
    }
    const size_t end = wordEnd(line, i);
    const std::string_view word = line.substr(i, end - i);
    if (word.rfind("qptr.", 0) == 0 && word.size() > 5) {
      if (attrDepth > 0) {
        const size_t stop = end < line.size() && line[end] == '(' ? matchingParen(line, end) : end;
        spans.push_back({uint32_t(i), uint32_t(stop), attrKind(word)});
        i = stop;
        continue;
      }
      spans.push_back({uint32_t(i), uint32_t(end), SpanKind::QptrOp});
    } else if (word.rfind("spv.Op", 0) == 0) {
      spans.push_back({uint32_t(i), uint32_t(end), SpanKind::SpvOp});
    } else if (word == "qptr") {
      spans.push_back({uint32_t(i), uint32_t(end), SpanKind::QptrType});
    }
    i = end;
  }
  return spans;
}

}  // namespace sl::qptr
