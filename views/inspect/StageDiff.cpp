#include "views/inspect/StageDiff.h"

#include "views/TextLines.h"

#include <algorithm>

namespace sl::views {

std::string_view withoutLocation(std::string_view line) {
  if (size_t at = line.rfind("  // "); at != std::string_view::npos) {
    std::string_view comment = line.substr(at + 5);
    // A location looks like "file:line:col": the comment ends in digits after a ':'.
    size_t colon = comment.rfind(':');
    if (colon != std::string_view::npos && colon + 1 < comment.size() &&
        std::all_of(comment.begin() + long(colon) + 1, comment.end(), [](char c) { return c >= '0' && c <= '9'; }))
      line = line.substr(0, at);
  }
  while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.remove_suffix(1);
  return line;
}

StageDiff diffStages(std::string_view before, std::string_view after, size_t maxCells) {
  std::vector<std::string_view> a = splitLines(before), b = splitLines(after);
  if (!a.empty() && a.back().empty()) a.pop_back();
  if (!b.empty() && b.back().empty()) b.pop_back();
  auto same = [&](size_t i, size_t j) { return withoutLocation(a[i]) == withoutLocation(b[j]); };
  StageDiff diff;
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && same(prefix, prefix)) ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix && same(a.size() - 1 - suffix, b.size() - 1 - suffix))
    ++suffix;
  auto emit = [&](DiffKind kind, size_t i, size_t j) {
    DiffLine line;
    line.kind = kind;
    line.text = kind == DiffKind::Added ? b[j] : a[i];
    line.oldLine = kind == DiffKind::Added ? 0 : uint32_t(i + 1);
    line.newLine = kind == DiffKind::Removed ? 0 : uint32_t(j + 1);
    diff.added += kind == DiffKind::Added;
    diff.removed += kind == DiffKind::Removed;
    diff.lines.push_back(line);
  };
  for (size_t i = 0; i < prefix; ++i) emit(DiffKind::Same, i, i);
  const size_t n = a.size() - prefix - suffix, m = b.size() - prefix - suffix;
  if (n * m > maxCells) {
    diff.approximate = true;
    for (size_t i = 0; i < n; ++i) emit(DiffKind::Removed, prefix + i, 0);
    for (size_t j = 0; j < m; ++j) emit(DiffKind::Added, 0, prefix + j);
  } else {
    // lcs[i][j]: LCS length of a[prefix+i..] and b[prefix+j..].
    std::vector<uint32_t> lcs((n + 1) * (m + 1), 0);
    auto at = [&](size_t i, size_t j) -> uint32_t& { return lcs[i * (m + 1) + j]; };
    for (size_t i = n; i-- > 0;)
      for (size_t j = m; j-- > 0;)
        at(i, j) = same(prefix + i, prefix + j) ? at(i + 1, j + 1) + 1 : std::max(at(i + 1, j), at(i, j + 1));
    size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && same(prefix + i, prefix + j)) {
        emit(DiffKind::Same, prefix + i, prefix + j);
        ++i, ++j;
      } else if (i < n && (j == m || at(i + 1, j) >= at(i, j + 1))) {
        // Removals before additions, as unified diffs show a replaced line.
        emit(DiffKind::Removed, prefix + i, 0);
        ++i;
      } else {
        emit(DiffKind::Added, 0, prefix + j);
        ++j;
      }
    }
  }
  for (size_t k = 0; k < suffix; ++k) emit(DiffKind::Same, a.size() - suffix + k, b.size() - suffix + k);
  return diff;
}

}  // namespace sl::views
