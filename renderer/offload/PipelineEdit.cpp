#include "renderer/offload/PipelineEdit.h"

#include <algorithm>
#include <vector>

#include "renderer/offload/PipelineParser.h"
#include "renderer/offload/PipelinePrinter.h"
#include "renderer/offload/YamlTree.h"

namespace sl::offload {

namespace {

// The text's lines, each with its '\n' (the last one may lack it).
std::vector<std::string> splitLines(std::string_view text) {
  std::vector<std::string> lines;
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = text.find('\n', at);
    const size_t stop = end == std::string_view::npos ? text.size() : end + 1;
    lines.emplace_back(text.substr(at, stop - at));
    at = stop;
  }
  return lines;
}

bool blankOrComment(const std::string& line) {
  const size_t first = line.find_first_not_of(" \t\r\n");
  return first == std::string::npos || line[first] == '#';
}

std::string dataLine(const Buffer& b) {
  std::string s = "[ ";
  const uint32_t size = dataFormatSize(b.format);
  const std::vector<uint8_t>& bytes = b.data.empty() ? std::vector<uint8_t>() : b.data.front();
  for (size_t at = 0; size && at + size <= bytes.size(); at += size) s += (at ? ", " : "") + formatElement(b.format, bytes.data() + at);
  return s + " ]";
}

// A buffer's values as the user would write them: FillSize (+ FillValue) when every element is
// the same and the original used FillSize, else a Data list.
std::vector<std::string> valueLines(const Buffer& b, bool originalFilled, const std::string& indent) {
  std::vector<std::string> out{indent + "Format: " + dataFormatName(b.format) + "\n"};
  const uint32_t size = dataFormatSize(b.format);
  const std::vector<uint8_t>& bytes = b.data.front();
  bool uniform = size && !bytes.empty() && bytes.size() % size == 0;
  for (size_t at = size; uniform && at < bytes.size(); at += size) uniform = std::equal(bytes.begin() + at, bytes.begin() + at + size, bytes.begin());
  if (originalFilled && uniform) {
    out.push_back(indent + "FillSize: " + std::to_string(bytes.size()) + "\n");
    if (std::any_of(bytes.begin(), bytes.begin() + size, [](uint8_t v) { return v != 0; }))
      out.push_back(indent + "FillValue: " + formatElement(b.format, bytes.data()) + "\n");
    return out;
  }
  out.push_back(indent + "Data: " + dataLine(b) + "\n");
  return out;
}

}  // namespace

std::optional<std::string> patchPipelineText(std::string_view original, const std::string& name, const Pipeline& edited) {
  ParseResult parsed = parsePipeline(original, name);
  if (!parsed.ok()) return std::nullopt;
  const Pipeline& before = *parsed.pipeline;
  if (before.buffers.size() != edited.buffers.size()) return std::nullopt;
  // Only values and formats may differ: the original with the edited values must print as the edit.
  Pipeline probe = before;
  std::vector<size_t> changed;
  for (size_t i = 0; i < probe.buffers.size(); ++i) {
    Buffer& b = probe.buffers[i];
    const Buffer& e = edited.buffers[i];
    if (b.name != e.name) return std::nullopt;
    if (b.format == e.format && b.data == e.data && b.size == e.size) continue;
    if (b.arraySize != 1 || e.data.size() != 1) return std::nullopt;
    b.format = e.format;
    b.data = e.data;
    b.size = e.size;
    changed.push_back(i);
  }
  if (printPipeline(probe) != printPipeline(edited)) return std::nullopt;
  if (changed.empty()) return std::string(original);

  std::vector<YamlDiagnostic> errors;
  std::unique_ptr<YamlNode> root = readYamlDocument(original, name, errors);
  const YamlNode* buffers = root && root->isMapping() ? root->get("Buffers") : nullptr;
  if (!buffers || !buffers->isSequence() || buffers->children.size() != edited.buffers.size()) return std::nullopt;
  std::vector<std::string> lines = splitLines(original);
  // Where the Buffers value ends: the next top-level key, or the document's end marker.
  uint32_t buffersEnd = uint32_t(lines.size());
  for (size_t k = 0; k < root->keys.size(); ++k)
    if (root->keys[k] == "Buffers" && k + 1 < root->keys.size()) buffersEnd = root->keyPos[k + 1].line - 1;
  for (uint32_t l = buffersEnd; l > 0; --l)
    if (lines[l - 1].rfind("...", 0) == 0) buffersEnd = l - 1;

  struct Edit {
    uint32_t first = 0, last = 0;  // 1-based, inclusive: the lines removed
    std::vector<std::string> insert;
  };
  std::vector<Edit> edits;
  for (size_t i : changed) {
    const YamlNode& item = *buffers->children[i];
    if (!item.isMapping() || item.keys.empty()) return std::nullopt;
    for (size_t k = 1; k < item.keyPos.size(); ++k)
      if (item.keyPos[k].line <= item.keyPos[k - 1].line) return std::nullopt;  // flow style: not line by line
    uint32_t itemEnd = i + 1 < buffers->children.size() ? buffers->children[i + 1]->pos.line - 1 : buffersEnd;
    while (itemEnd > item.keyPos.back().line && blankOrComment(lines[itemEnd - 1])) --itemEnd;
    // The key lines to replace (with what follows them up to the next key), in order.
    std::vector<std::pair<uint32_t, uint32_t>> ranges;
    bool filled = false;
    for (size_t k = 0; k < item.keys.size(); ++k) {
      const std::string& key = item.keys[k];
      if (key != "Format" && key != "Data" && key != "FillSize" && key != "FillValue") continue;
      filled |= key == "FillSize";
      const uint32_t first = item.keyPos[k].line;
      uint32_t last = k + 1 < item.keys.size() ? item.keyPos[k + 1].line - 1 : itemEnd;
      while (last > first && blankOrComment(lines[last - 1])) --last;
      ranges.push_back({first, last});
    }
    if (ranges.empty()) return std::nullopt;
    const std::string indent(item.keyPos[0].column > 0 ? item.keyPos[0].column - 1 : 0, ' ');
    const std::vector<std::string> values = valueLines(edited.buffers[i], filled, indent);
    // The new lines go where the first replaced key was; the other replaced keys' lines go.
    for (size_t r = 0; r < ranges.size(); ++r) edits.push_back({ranges[r].first, ranges[r].second, r == 0 ? values : std::vector<std::string>()});
  }
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.first > b.first; });
  for (const Edit& e : edits) {
    if (e.first == 0 || e.last > lines.size() || e.last < e.first) return std::nullopt;
    lines.erase(lines.begin() + (e.first - 1), lines.begin() + e.last);
    lines.insert(lines.begin() + (e.first - 1), e.insert.begin(), e.insert.end());
  }
  std::string text;
  for (const std::string& l : lines) text += l;
  // The patch must say exactly what the edit says.
  ParseResult check = parsePipeline(text, name);
  if (!check.ok() || printPipeline(*check.pipeline) != printPipeline(edited)) return std::nullopt;
  return text;
}

}  // namespace sl::offload
