// Find and replace over a TextBuffer: plain text (optionally case-sensitive), whole words, or
// ECMAScript regular expressions (std::regex). Matches never span lines: each line is searched
// on its own, as the editor's find bar shows them.
#pragma once

#include "views/editor/TextBuffer.h"

#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace sl::views::editor {

struct SearchOptions {
  bool caseSensitive = false;
  bool wholeWord = false;  // the match must not touch word characters on either side
  bool regex = false;
};

struct SearchMatch {
  TextPos begin;
  TextPos end;
};

class Search {
 public:
  // Compiles the pattern; returns false with error() set for an invalid regular expression.
  // An empty pattern matches nothing.
  bool setPattern(const std::string& pattern, SearchOptions options);
  const std::string& error() const { return error_; }
  const std::string& pattern() const { return pattern_; }
  const SearchOptions& options() const { return options_; }

  std::vector<SearchMatch> findAll(const TextBuffer& buffer) const;
  // The first match at or after `from` (forward) or ending at or before it (backward),
  // wrapping around the document.
  std::optional<SearchMatch> findNext(const TextBuffer& buffer, TextPos from, bool forward = true) const;

  // The text a match is replaced by: `replacement` itself, or with $1.. expanded for regexes.
  std::string replacementFor(const TextBuffer& buffer, const SearchMatch& match, const std::string& replacement) const;
  // Replaces the selection when it is exactly a match, then selects the next match. Returns
  // whether a replacement happened.
  bool replaceCurrent(TextBuffer& buffer, const std::string& replacement) const;
  // Replaces every match as one undo entry; returns how many.
  size_t replaceAll(TextBuffer& buffer, const std::string& replacement) const;

 private:
  void findInLine(const std::string& line, uint32_t lineIndex, std::vector<SearchMatch>& out) const;

  std::string pattern_;
  std::string folded_;  // lower-cased pattern for case-insensitive plain search
  SearchOptions options_;
  std::string error_;
  std::shared_ptr<std::regex> regex_;
};

}  // namespace sl::views::editor
