// Canonical text built line by line: trailing blanks are dropped, so golden files carry no
// invisible whitespace. The container printer and `shaderlens dis` build their text with it.
#pragma once

#include <string>
#include <string_view>
#include <utility>

namespace sl::dxil {

class TextLines {
 public:
  void add(std::string line) {
    while (!line.empty() && line.back() == ' ') line.pop_back();
    text_ += line;
    text_ += '\n';
  }
  // Each line of `text` (a last line without '\n' too).
  void addText(std::string_view text) {
    size_t start = 0;
    while (start < text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      add(std::string(text.substr(start, end - start)));
      start = end + 1;
    }
  }
  std::string take() { return std::move(text_); }

 private:
  std::string text_;
};

}  // namespace sl::dxil
