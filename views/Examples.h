// The Examples menu: every .hlsl and .test file under the bundled shaders/ folder, with a title
// and a one-paragraph explanation read from the file's leading comment block (first line
// "name: title", a blank comment line, then the paragraph). Plain C++, tested on shaders/.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sl::views {

struct Example {
  std::string path;         // absolute
  std::string relative;     // to the examples folder, e.g. "heaps/descriptor-heap.hlsl"
  std::string title;
  std::string explanation;  // one paragraph, lines joined with spaces
};

// Title and explanation from a file's text.
Example describeExample(std::string_view text);

// The examples under `dir`, sorted by relative path (folders group them: compute/, heaps/, ...).
std::vector<Example> listExamples(const std::string& dir);

}  // namespace sl::views
