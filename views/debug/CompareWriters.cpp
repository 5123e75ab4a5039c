#include "views/debug/CompareWriters.h"

#include <cstdio>

namespace sl::views {

std::vector<DifferingWriter> differingWriters(const std::string& report) {
  static const std::string kMarker = "last written by invocation (";
  std::vector<DifferingWriter> out;
  std::string previous;
  size_t start = 0, lineNumber = 0;
  while (start <= report.size()) {
    size_t end = report.find('\n', start);
    if (end == std::string::npos) end = report.size();
    const std::string line = report.substr(start, end - start);
    if (const size_t at = line.find(kMarker); at != std::string::npos) {
      DifferingWriter w;
      w.line = lineNumber;
      unsigned x = 0, y = 0, z = 0;
      if (std::sscanf(line.c_str() + at + kMarker.size(), "%u,%u,%u)", &x, &y, &z) == 3) {
        w.thread = {x, y, z};
        // The element is the previous line's "  NAME: ..." head.
        const size_t first = previous.find_first_not_of(' '), colon = previous.find(':');
        if (first != std::string::npos && colon != std::string::npos && colon > first) w.element = previous.substr(first, colon - first);
        out.push_back(w);
      }
    }
    previous = line;
    ++lineNumber;
    start = end + 1;
  }
  return out;
}

}  // namespace sl::views
