#include "views/editor/Search.h"

#include <algorithm>
#include <cctype>

namespace sl::views::editor {

namespace {

std::string foldCase(const std::string& text) {
  std::string out = text;
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool isWholeWord(const std::string& line, size_t begin, size_t end) {
  if (begin > 0 && isWordByte(line[begin - 1])) return false;
  if (end < line.size() && isWordByte(line[end])) return false;
  return true;
}

}  // namespace

bool Search::setPattern(const std::string& pattern, SearchOptions options) {
  pattern_ = pattern;
  options_ = options;
  folded_ = options.caseSensitive ? pattern : foldCase(pattern);
  error_.clear();
  regex_.reset();
  if (options.regex && !pattern.empty()) {
    try {
      auto flags = std::regex::ECMAScript;
      if (!options.caseSensitive) flags |= std::regex::icase;
      regex_ = std::make_shared<std::regex>(pattern, flags);
    } catch (const std::regex_error& e) {
      error_ = std::string("invalid regular expression: ") + e.what();
      return false;
    }
  }
  return true;
}

void Search::findInLine(const std::string& line, uint32_t lineIndex, std::vector<SearchMatch>& out) const {
  if (pattern_.empty()) return;
  auto add = [&](size_t begin, size_t end) {
    if (options_.wholeWord && !isWholeWord(line, begin, end)) return;
    out.push_back(SearchMatch{TextPos{lineIndex, uint32_t(begin)}, TextPos{lineIndex, uint32_t(end)}});
  };
  if (options_.regex) {
    if (!regex_) return;
    for (auto it = std::sregex_iterator(line.begin(), line.end(), *regex_); it != std::sregex_iterator(); ++it) {
      const size_t begin = size_t(it->position(0));
      const size_t length = size_t(it->length(0));
      if (length == 0) continue;  // empty matches (e.g. "x*") select nothing useful
      add(begin, begin + length);
    }
    return;
  }
  const std::string haystack = options_.caseSensitive ? std::string() : foldCase(line);
  const std::string& text = options_.caseSensitive ? line : haystack;
  for (size_t at = text.find(folded_); at != std::string::npos; at = text.find(folded_, at + 1)) {
    const size_t before = out.size();
    add(at, at + folded_.size());
    // Non-overlapping: continue after an accepted match.
    if (out.size() != before) at += folded_.size() - 1;
  }
}

std::vector<SearchMatch> Search::findAll(const TextBuffer& buffer) const {
  std::vector<SearchMatch> matches;
  for (uint32_t i = 0; i < buffer.lineCount(); ++i) findInLine(buffer.line(i), i, matches);
  return matches;
}

std::optional<SearchMatch> Search::findNext(const TextBuffer& buffer, TextPos from, bool forward) const {
  const uint32_t count = buffer.lineCount();
  std::vector<SearchMatch> matches;
  // Lines in search order starting at `from`'s line, and that line once more at the end (its
  // part on the other side of `from`, reached after wrapping).
  for (uint32_t step = 0; step <= count; ++step) {
    const uint32_t line = forward ? (from.line + step) % count : (from.line + count - step % count) % count;
    matches.clear();
    findInLine(buffer.line(line), line, matches);
    if (forward) {
      for (const SearchMatch& m : matches)
        if (step == count || step > 0 || from <= m.begin) return m;
    } else {
      for (auto it = matches.rbegin(); it != matches.rend(); ++it)
        if (step == count || step > 0 || it->end <= from) return *it;
    }
  }
  return std::nullopt;
}

std::string Search::replacementFor(const TextBuffer& buffer, const SearchMatch& match,
                                   const std::string& replacement) const {
  if (!options_.regex || !regex_) return replacement;
  const std::string& line = buffer.line(match.begin.line);
  std::smatch result;
  auto begin = line.begin() + match.begin.column;
  auto end = line.begin() + match.end.column;
  if (!std::regex_match(begin, end, result, *regex_)) return replacement;
  return result.format(replacement);
}

bool Search::replaceCurrent(TextBuffer& buffer, const std::string& replacement) const {
  const Selection& selection = buffer.selection();
  bool replaced = false;
  if (!selection.empty() && selection.begin().line == selection.end().line) {
    std::vector<SearchMatch> matches;
    findInLine(buffer.line(selection.begin().line), selection.begin().line, matches);
    for (const SearchMatch& m : matches)
      if (m.begin == selection.begin() && m.end == selection.end()) {
        buffer.replaceRange(m.begin, m.end, replacementFor(buffer, m, replacement));
        replaced = true;
        break;
      }
  }
  if (std::optional<SearchMatch> next = findNext(buffer, buffer.selection().end()))
    buffer.setSelection(Selection{next->begin, next->end});
  return replaced;
}

size_t Search::replaceAll(TextBuffer& buffer, const std::string& replacement) const {
  std::vector<SearchMatch> matches = findAll(buffer);
  if (matches.empty()) return 0;
  std::vector<TextEdit> edits;
  edits.reserve(matches.size());
  // From the end backwards, so each edit's position is still valid when it is applied.
  for (auto it = matches.rbegin(); it != matches.rend(); ++it)
    edits.push_back(TextEdit{it->begin, buffer.textIn(it->begin, it->end), replacementFor(buffer, *it, replacement)});
  buffer.applyEdits(std::move(edits), Selection::at(buffer.caret()));
  return matches.size();
}

}  // namespace sl::views::editor
