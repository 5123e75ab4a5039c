#include "views/TextLines.h"

#include <algorithm>
#include <filesystem>

namespace sl::views {

std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (true) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      lines.push_back(text.substr(start));
      return lines;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
}

size_t offsetOfLineColumn(std::string_view text, uint32_t line, uint32_t column) {
  size_t offset = 0;
  for (uint32_t current = 1; current < line; ++current) {
    size_t newline = text.find('\n', offset);
    if (newline == std::string_view::npos) return text.size();
    offset = newline + 1;
  }
  size_t lineEnd = std::min(text.find('\n', offset), text.size());
  if (column > 1) offset = std::min<size_t>(offset + column - 1, lineEnd);
  return offset;
}

uint32_t lineOfOffset(std::string_view text, size_t offset) {
  offset = std::min(offset, text.size());
  return 1 + uint32_t(std::count(text.begin(), text.begin() + offset, '\n'));
}

bool sameFile(std::string_view a, std::string_view b) {
  if (a == b) return true;
  if (a.empty() || b.empty()) return false;
  namespace fs = std::filesystem;
  std::error_code ec1, ec2;
  fs::path pa = fs::absolute(fs::path(a), ec1).lexically_normal();
  fs::path pb = fs::absolute(fs::path(b), ec2).lexically_normal();
  return !ec1 && !ec2 && pa == pb;
}

namespace {

void addMarker(std::map<uint32_t, LineMarker>& markers, const Diagnostic& diagnostic, std::string_view fileName) {
  const SourceLoc& loc = diagnostic.range.begin;
  if (loc.valid() && sameFile(loc.file, fileName)) {
    LineMarker& marker = markers[loc.line];
    if (marker.diagnostics.empty() || diagnostic.severity > marker.severity) marker.severity = diagnostic.severity;
    marker.diagnostics.push_back(&diagnostic);
  }
  for (const Diagnostic& note : diagnostic.notes) addMarker(markers, note, fileName);
}

}  // namespace

std::map<uint32_t, LineMarker> markersForFile(const std::vector<Diagnostic>& diagnostics, std::string_view fileName) {
  std::map<uint32_t, LineMarker> markers;
  for (const Diagnostic& diagnostic : diagnostics) addMarker(markers, diagnostic, fileName);
  for (auto& [line, marker] : markers)
    std::stable_sort(marker.diagnostics.begin(), marker.diagnostics.end(),
                     [](const Diagnostic* a, const Diagnostic* b) { return a->severity > b->severity; });
  return markers;
}

}  // namespace sl::views
