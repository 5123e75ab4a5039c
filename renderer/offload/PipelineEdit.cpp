#include "renderer/offload/PipelineEdit.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

#include "renderer/offload/ConciseItems.h"
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

// Lines first..last (1-based, inclusive) are replaced by `insert`; last == first - 1 inserts
// before line `first` without removing any.
struct LineEdit {
  uint32_t first = 0, last = 0;
  std::vector<std::string> insert;
};

// A buffer's values as the user would write them: FillSize (+ FillValue) when every element is
// the same and the original used FillSize, else a Data list.
std::vector<std::string> valueLines(const Buffer& b, bool originalFilled, const std::string& indent) {
  std::vector<std::string> out{indent + "Format: " + dataFormatName(b.format) + "\n"};
  const std::vector<std::string> values = blockValueLines(b, b.data.front(), originalFilled, indent);
  out.insert(out.end(), values.begin(), values.end());
  return out;
}

bool sameResource(const Resource& a, const Resource& b) {
  auto dx = [](const std::optional<DirectXBinding>& x, const std::optional<DirectXBinding>& y) {
    return x.has_value() == y.has_value() && (!x || (x->registerIndex == y->registerIndex && x->space == y->space));
  };
  auto vk = [](const std::optional<VulkanBinding>& x, const std::optional<VulkanBinding>& y) {
    return x.has_value() == y.has_value() && (!x || (x->binding == y->binding && x->counterBinding == y->counterBinding));
  };
  return a.name == b.name && a.kind == b.kind && dx(a.dxBinding, b.dxBinding) && vk(a.vkBinding, b.vkBinding) &&
         a.heapIndex == b.heapIndex && a.hasCounter == b.hasCounter && a.tilesMapped == b.tilesMapped &&
         a.isReserved == b.isReserved;
}

bool sameSampler(const Sampler& a, const Sampler& b) {
  return a.name == b.name && a.kind == b.kind && a.minFilter == b.minFilter && a.magFilter == b.magFilter &&
         a.address == b.address && a.minLod == b.minLod && a.maxLod == b.maxLod && a.mipLodBias == b.mipLodBias &&
         a.comparisonOp == b.comparisonOp;
}

bool sameBufferShape(const Buffer& a, const Buffer& b) {
  const OutputProps &p = a.outputProps, &q = b.outputProps;
  return a.name == b.name && a.channels == b.channels && a.stride == b.stride && a.arraySize == b.arraySize &&
         a.counters == b.counters && p.width == q.width && p.height == q.height && p.depth == q.depth &&
         p.mipLevels == q.mipLevels;
}

// Builds the line edits that turn the user's YAML into the edited pipeline, section by section.
class Patcher {
public:
  Patcher(std::string_view original, const YamlNode& root, const Pipeline& before, const Pipeline& edited)
      : lines_(splitLines(original)), root_(root), before_(before), edited_(edited) {
    // New sections are appended at the end: the last line needs its newline.
    if (!lines_.empty() && lines_.back().back() != '\n') lines_.back() += '\n';
    documentEnd_ = uint32_t(lines_.size());
    for (uint32_t l = documentEnd_; l > 0; --l)
      if (lines_[l - 1].rfind("...", 0) == 0) documentEnd_ = l - 1;
  }

  bool run() {
    return buffers() && samplers() && descriptorSets() && dispatch();
  }

  std::string apply() {
    // From the end up, so earlier line numbers stay valid; at the same line a removal goes before
    // an insertion there (else it would remove what was just inserted).
    std::stable_sort(edits_.begin(), edits_.end(), [](const LineEdit& a, const LineEdit& b) {
      if (a.first != b.first) return a.first > b.first;
      return (a.last >= a.first) > (b.last >= b.first);
    });
    for (const LineEdit& e : edits_) {
      lines_.erase(lines_.begin() + (e.first - 1), lines_.begin() + e.last);
      lines_.insert(lines_.begin() + (e.first - 1), e.insert.begin(), e.insert.end());
    }
    std::string text;
    for (const std::string& l : lines_) text += l;
    return text;
  }

private:
  std::vector<std::string> lines_;
  const YamlNode& root_;
  const Pipeline& before_;
  const Pipeline& edited_;
  uint32_t documentEnd_ = 0;  // the last line before the "..." end marker
  std::vector<LineEdit> edits_;

  bool edit(uint32_t first, uint32_t last, std::vector<std::string> insert) {
    if (first == 0 || last + 1 < first || last > lines_.size()) return false;
    edits_.push_back({first, last, std::move(insert)});
    return true;
  }

  // The last line of a top-level key's value: the line before the next top-level key.
  uint32_t topLevelEnd(const std::string& key) const {
    for (size_t k = 0; k < root_.keys.size(); ++k)
      if (root_.keys[k] == key && k + 1 < root_.keys.size()) return root_.keyPos[k + 1].line - 1;
    return documentEnd_;
  }

  uint32_t trimBack(uint32_t last, uint32_t floor) const {
    while (last > floor && blankOrComment(lines_[last - 1])) --last;
    return last;
  }

  // The item's first line ("- Name: ..."), or 0 when it is not a block item of this form.
  uint32_t itemStart(const YamlNode& item) const {
    if (!item.isMapping() || item.keys.empty()) return 0;
    for (size_t k = 1; k < item.keyPos.size(); ++k)
      if (item.keyPos[k].line <= item.keyPos[k - 1].line) return 0;  // flow style: not line by line
    const uint32_t line = item.keyPos[0].line;
    if (line == 0 || line > lines_.size()) return 0;
    const size_t dash = lines_[line - 1].find_first_not_of(' ');
    return dash != std::string::npos && lines_[line - 1][dash] == '-' ? line : 0;
  }

  std::string dashIndent(uint32_t line) const {
    return std::string(lines_[line - 1].find_first_not_of(' '), ' ');
  }

  // A block sequence of named items (Buffers, Samplers, one set's Resources): items the edit
  // removed go, items it changed are patched or rewritten, new ones are appended after the last.
  // `seq` is null when the original has no such list; `keyLine` is then where a new one goes.
  struct NamedList {
    const YamlNode* seq = nullptr;
    uint32_t end = 0;            // the last line of the list's value
    uint32_t keyLine = 0;        // the line of its key ("Buffers:"), 0 for a set's item
    std::string newListHeader;   // written before appended items when there is no list yet
    std::string newDashIndent;   // their indent then
    std::vector<std::string> beforeNames, editedNames;
    std::function<bool(size_t, size_t)> same;                                   // before, edited
    std::function<bool(size_t, size_t, uint32_t, uint32_t)> patchInPlace;      // before, edited, first, last
    std::function<std::vector<std::string>(size_t, const std::string&)> print;  // edited, dash indent
  };

  bool patchList(const NamedList& list) {
    const std::vector<std::string>& was = list.beforeNames;
    const std::vector<std::string>& now = list.editedNames;
    // Kept items keep their order; new ones come after them.
    std::vector<int> beforeOf(now.size(), -1);
    int lastKept = -1;
    bool appending = false;
    for (size_t e = 0; e < now.size(); ++e) {
      const auto it = std::find(was.begin(), was.end(), now[e]);
      if (it == was.end()) {
        appending = true;
        continue;
      }
      if (appending || int(it - was.begin()) <= lastKept) return false;
      beforeOf[e] = lastKept = int(it - was.begin());
    }
    if (now.empty() && was.empty()) return true;
    if (!list.seq) {
      std::vector<std::string> insert{list.newListHeader};
      for (size_t e = 0; e < now.size(); ++e) {
        const std::vector<std::string> item = list.print(e, list.newDashIndent);
        insert.insert(insert.end(), item.begin(), item.end());
      }
      return edit(documentEnd_ + 1, documentEnd_, std::move(insert));
    }
    if (!list.seq->isSequence() || list.seq->children.size() != was.size()) return false;
    std::vector<uint32_t> first(was.size()), last(was.size());
    for (size_t i = 0; i < was.size(); ++i)
      if (!(first[i] = itemStart(*list.seq->children[i]))) return false;
    for (size_t i = 0; i < was.size(); ++i) last[i] = trimBack(i + 1 < was.size() ? first[i + 1] - 1 : list.end, first[i]);
    if (now.empty() && list.keyLine) {
      // Every item removed: the key goes with them (an empty list is not what anyone writes).
      return edit(list.keyLine, last.empty() ? list.keyLine : last.back(), {});
    }
    for (size_t i = 0; i < was.size(); ++i)
      if (std::find(now.begin(), now.end(), was[i]) == now.end() && !edit(first[i], last[i], {})) return false;
    std::vector<std::string> appended;
    const std::string indent = was.empty() ? list.newDashIndent : dashIndent(first[0]);
    for (size_t e = 0; e < now.size(); ++e) {
      if (beforeOf[e] < 0) {
        const std::vector<std::string> item = list.print(e, indent);
        appended.insert(appended.end(), item.begin(), item.end());
        continue;
      }
      const size_t b = size_t(beforeOf[e]);
      if (list.same(b, e)) continue;
      if (list.patchInPlace && list.patchInPlace(b, e, first[b], last[b])) continue;
      if (!edit(first[b], last[b], list.print(e, indent))) return false;
    }
    if (appended.empty()) return true;
    const uint32_t after = was.empty() ? list.end : last.back();
    return edit(after + 1, after, std::move(appended));
  }

  // A buffer whose values or format changed: only its Format/Data/FillSize/FillValue lines.
  bool patchBufferValues(size_t b, size_t e, uint32_t itemFirst, uint32_t itemLast) {
    const Buffer& was = before_.buffers[b];
    const Buffer& now = edited_.buffers[e];
    if (!sameBufferShape(was, now) || was.arraySize != 1 || now.data.size() != 1) return false;
    const YamlNode& item = *root_.get("Buffers")->children[b];
    std::vector<std::pair<uint32_t, uint32_t>> ranges;
    bool filled = false;
    for (size_t k = 0; k < item.keys.size(); ++k) {
      const std::string& key = item.keys[k];
      if (key != "Format" && key != "Data" && key != "FillSize" && key != "FillValue") continue;
      filled |= key == "FillSize";
      const uint32_t first = item.keyPos[k].line;
      const uint32_t last = trimBack(k + 1 < item.keys.size() ? item.keyPos[k + 1].line - 1 : itemLast, first);
      ranges.push_back({first, last});
    }
    if (ranges.empty() || ranges.front().first <= itemFirst) return false;
    const std::string indent(item.keyPos[0].column > 0 ? item.keyPos[0].column - 1 : 0, ' ');
    // The new lines go where the first replaced key was; the other replaced keys' lines go.
    for (size_t r = 0; r < ranges.size(); ++r)
      if (!edit(ranges[r].first, ranges[r].second, r == 0 ? valueLines(now, filled, indent) : std::vector<std::string>()))
        return false;
    return true;
  }

  // A top-level list of named items (Buffers, Samplers), with its names before and after.
  template <typename Item>
  NamedList topLevelList(const std::string& key, const std::vector<Item>& was, const std::vector<Item>& now) const {
    NamedList list;
    list.seq = root_.get(key);
    list.end = topLevelEnd(key);
    list.keyLine = keyLine(key);
    list.newListHeader = key + ":\n";
    list.newDashIndent = "  ";
    for (const Item& item : was) list.beforeNames.push_back(item.name);
    for (const Item& item : now) list.editedNames.push_back(item.name);
    return list;
  }

  bool buffers() {
    NamedList list = topLevelList("Buffers", before_.buffers, edited_.buffers);
    list.same = [&](size_t b, size_t e) {
      const Buffer &x = before_.buffers[b], &y = edited_.buffers[e];
      return sameBufferShape(x, y) && x.format == y.format && x.data == y.data && x.size == y.size;
    };
    list.patchInPlace = [&](size_t b, size_t e, uint32_t first, uint32_t last) { return patchBufferValues(b, e, first, last); };
    list.print = [&](size_t e, const std::string& indent) { return conciseBufferLines(edited_.buffers[e], indent); };
    return patchList(list);
  }

  bool samplers() {
    NamedList list = topLevelList("Samplers", before_.samplers, edited_.samplers);
    list.same = [&](size_t b, size_t e) { return sameSampler(before_.samplers[b], edited_.samplers[e]); };
    list.print = [&](size_t e, const std::string& indent) { return conciseSamplerLines(edited_.samplers[e], indent); };
    return patchList(list);
  }

  bool descriptorSets() {
    if (before_.sets.size() != edited_.sets.size()) return false;
    const YamlNode* sets = root_.get("DescriptorSets");
    if (before_.sets.empty()) return true;
    if (!sets || !sets->isSequence() || sets->children.size() != before_.sets.size()) return false;
    const uint32_t setsEnd = topLevelEnd("DescriptorSets");
    for (size_t s = 0; s < before_.sets.size(); ++s) {
      const YamlNode& set = *sets->children[s];
      const YamlNode* resources = set.isMapping() ? set.get("Resources") : nullptr;
      if (!resources) return false;
      NamedList list;
      list.seq = resources;
      list.end = s + 1 < sets->children.size() ? sets->children[s + 1]->pos.line - 1 : setsEnd;
      if (s + 1 < sets->children.size())
        if (uint32_t next = itemStart(*sets->children[s + 1])) list.end = next - 1;
      const DescriptorSet &was = before_.sets[s], &now = edited_.sets[s];
      if (now.resources.empty() || was.resources.empty()) return false;  // a set's shape changes: printed whole
      for (const Resource& r : was.resources) list.beforeNames.push_back(r.name);
      for (const Resource& r : now.resources) list.editedNames.push_back(r.name);
      list.same = [&](size_t b, size_t e) { return sameResource(was.resources[b], now.resources[e]); };
      list.print = [&](size_t e, const std::string& indent) { return conciseResourceLines(now.resources[e], indent); };
      if (!patchList(list)) return false;
    }
    return true;
  }

  bool dispatch() {
    if (before_.dispatch.vertexCount != edited_.dispatch.vertexCount) return false;
    const std::array<uint32_t, 3>& g = edited_.dispatch.groupCount;
    if (before_.dispatch.groupCount == g) return true;
    const std::string value = "[ " + std::to_string(g[0]) + ", " + std::to_string(g[1]) + ", " + std::to_string(g[2]) + " ]";
    const YamlNode* params = root_.get("DispatchParameters");
    if (!params) return edit(documentEnd_ + 1, documentEnd_, {"DispatchParameters:\n", "  DispatchGroupCount: " + value + "\n"});
    if (!params->isMapping()) return false;
    for (size_t k = 0; k < params->keys.size(); ++k) {
      if (params->keys[k] != "DispatchGroupCount") continue;
      const uint32_t first = params->keyPos[k].line;
      if (k > 0 && params->keyPos[k - 1].line == first) return false;  // flow style
      const uint32_t last = trimBack(k + 1 < params->keys.size() ? params->keyPos[k + 1].line - 1 : topLevelEnd("DispatchParameters"), first);
      const std::string indent(params->keyPos[k].column > 0 ? params->keyPos[k].column - 1 : 0, ' ');
      return edit(first, last, {indent + "DispatchGroupCount: " + value + "\n"});
    }
    return false;
  }

  uint32_t keyLine(const std::string& key) const {
    for (size_t k = 0; k < root_.keys.size(); ++k)
      if (root_.keys[k] == key) return root_.keyPos[k].line;
    return 0;
  }
};

}  // namespace

std::optional<std::string> patchPipelineText(std::string_view original, const std::string& name, const Pipeline& edited) {
  ParseResult parsed = parsePipeline(original, name);
  if (!parsed.ok()) return std::nullopt;
  const std::string wanted = printPipeline(edited);
  if (printPipeline(*parsed.pipeline) == wanted) return std::string(original);
  std::vector<YamlDiagnostic> errors;
  std::unique_ptr<YamlNode> root = readYamlDocument(original, name, errors);
  if (!root || !root->isMapping()) return std::nullopt;
  Patcher patcher(original, *root, *parsed.pipeline, edited);
  if (!patcher.run()) return std::nullopt;
  std::string text = patcher.apply();
  // The patch must say exactly what the edit says (anything else it did not touch: results,
  // push constants, shaders — an edit there makes the check fail, and the pipeline is printed).
  ParseResult check = parsePipeline(text, name);
  if (!check.ok() || printPipeline(*check.pipeline) != wanted) return std::nullopt;
  return text;
}

}  // namespace sl::offload
