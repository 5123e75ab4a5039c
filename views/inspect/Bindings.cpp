#include "views/inspect/Bindings.h"

#include <algorithm>

#include <cctype>

namespace sl::views {

namespace {

std::vector<std::string_view> lines(std::string_view text) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Splits at runs of two or more spaces (the reflection printer's column separator).
std::vector<std::string> columns(std::string_view line) {
  std::vector<std::string> out;
  line = trim(line);
  size_t start = 0;
  while (start < line.size()) {
    size_t gap = line.find("  ", start);
    if (gap == std::string_view::npos) gap = line.size();
    out.emplace_back(trim(line.substr(start, gap - start)));
    start = gap;
    while (start < line.size() && line[start] == ' ') ++start;
  }
  return out;
}

// The quoted argument of `attr("...")` in `line`, or empty.
std::string attribute(std::string_view line, std::string_view attr) {
  std::string key = std::string(attr) + "(\"";
  size_t at = line.find(key);
  if (at == std::string_view::npos) return "";
  at += key.size();
  size_t end = line.find('"', at);
  return end == std::string_view::npos ? "" : std::string(line.substr(at, end - at));
}

bool readUnsigned(std::string_view word, uint32_t& value) {
  if (word.empty()) return false;
  value = 0;
  for (char c : word) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    value = value * 10 + uint32_t(c - '0');
  }
  return true;
}

// "set 0 binding 3  STORAGE_BUFFER[4]  RWStructuredBuffer<float>  Out  (16 bytes)"
bool parseBindingLine(std::string_view line, BindingRow& row) {
  std::vector<std::string> cols = columns(line);
  if (cols.size() < 3) return false;
  std::string_view head = cols[0];
  if (head.rfind("set ", 0) != 0) return false;
  size_t bindingAt = head.find(" binding ");
  if (bindingAt == std::string_view::npos) return false;
  if (!readUnsigned(head.substr(4, bindingAt - 4), row.set) || !readUnsigned(head.substr(bindingAt + 9), row.binding))
    return false;
  std::string type = cols[1];
  if (size_t bracket = type.find('['); bracket != std::string::npos && type.back() == ']') {
    row.count = type.substr(bracket + 1, type.size() - bracket - 2);
    type.resize(bracket);
  }
  row.descriptorType = type;
  if (cols.size() >= 4) {
    row.hlslType = cols[2];
    row.name = cols[3];
  } else {
    row.name = cols[2];
  }
  for (size_t i = 4; i < cols.size(); ++i) row.detail += (row.detail.empty() ? "" : " ") + cols[i];
  return true;
}

}  // namespace

std::map<std::string, std::pair<std::string, std::string>> registersFromIr(std::string_view irText) {
  std::map<std::string, std::pair<std::string, std::string>> out;
  std::string pendingRegister, pendingSpace;
  for (std::string_view line : lines(irText)) {
    std::string_view t = trim(line);
    if (t.rfind("#[", 0) == 0) {
      pendingRegister = attribute(t, "hlsl.register");
      pendingSpace = attribute(t, "hlsl.space");
      continue;
    }
    if (t.rfind("global_var ", 0) == 0) {
      size_t open = t.find('`'), close = open == std::string_view::npos ? open : t.find('`', open + 1);
      if (close != std::string_view::npos && !pendingRegister.empty())
        out[std::string(t.substr(open + 1, close - open - 1))] = {pendingRegister, pendingSpace};
    }
    pendingRegister.clear();
    pendingSpace.clear();
  }
  return out;
}

uint32_t heapSiteLine(const HeapSiteRow& row) {
  std::string_view text = row.text;
  if (text.rfind("line ", 0) != 0) return 0;
  uint32_t line = 0;
  for (size_t i = 5; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) line = line * 10 + uint32_t(text[i] - '0');
  return line;
}

Reflection parseReflection(std::string_view reflectionText, std::string_view irText) {
  Reflection r;
  enum class Section { None, Bindings, Heap, Table, Other } section = Section::None;
  for (std::string_view line : lines(reflectionText)) {
    std::string_view t = trim(line);
    if (t.empty()) continue;
    const bool indented = line.front() == ' ' || line.front() == '\t';
    if (!indented) {
      section = Section::None;
      std::string_view key = t.substr(0, t.find(':'));
      std::string_view value = t.find(':') == std::string_view::npos ? std::string_view() : trim(t.substr(t.find(':') + 1));
      if (key == "entry point") r.entryPoint = std::string(value);
      else if (key == "workgroup size") r.workgroupSize = std::string(value);
      else if (key == "bindings") section = Section::Bindings;
      else if (key == "heap access sites") section = Section::Heap;
      else if (key == "push constants") {
        if (value != "none") {
          // "pc, 8 bytes"
          size_t comma = value.find(',');
          r.pushConstants.push_back({std::string(trim(value.substr(0, comma))),
                                     comma == std::string_view::npos ? "" : std::string(trim(value.substr(comma + 1)))});
        }
      } else if (value.empty()) {
        // A titled section of indented rows ("descriptor heaps (proposal form):").
        section = Section::Table;
        r.tables.push_back({std::string(key), {}});
      } else {
        section = Section::Other;
        r.otherLines.emplace_back(line);
      }
      continue;
    }
    switch (section) {
      case Section::Bindings: {
        BindingRow row;
        if (parseBindingLine(t, row)) r.bindings.push_back(std::move(row));
        else if (t != "(none)") r.otherLines.emplace_back(line);
        break;
      }
      case Section::Heap:
        if (t != "(none)") r.heapSites.push_back({std::string(t), columns(t)});
        break;
      case Section::Table:
        if (t != "(none)") r.tables.back().rows.push_back({std::string(t), columns(t)});
        break;
      default: r.otherLines.emplace_back(line); break;
    }
  }
  std::map<std::string, std::pair<std::string, std::string>> registers = registersFromIr(irText);
  for (BindingRow& row : r.bindings)
    if (auto it = registers.find(row.name); it != registers.end()) {
      row.hlslRegister = it->second.first;
      row.space = it->second.second;
    }
  return r;
}

std::vector<SharedSlot> sharedSlots(const std::vector<BindingRow>& bindings) {
  std::vector<SharedSlot> out;
  for (size_t i = 0; i < bindings.size(); ++i) {
    auto same = [&](const SharedSlot& s) { return s.set == bindings[i].set && s.binding == bindings[i].binding; };
    if (auto it = std::find_if(out.begin(), out.end(), same); it != out.end()) {
      it->rows.push_back(i);
      continue;
    }
    out.push_back({bindings[i].set, bindings[i].binding, {i}, ""});
  }
  std::erase_if(out, [](const SharedSlot& s) { return s.rows.size() < 2; });
  for (SharedSlot& s : out) {
    s.message = "set " + std::to_string(s.set) + " binding " + std::to_string(s.binding) + " is used " +
                (s.rows.size() == 2 ? std::string("twice") : std::to_string(s.rows.size()) + " times") + ":";
    for (size_t k = 0; k < s.rows.size(); ++k) s.message += (k ? ", " : " ") + bindings[s.rows[k]].name;
  }
  return out;
}

}  // namespace sl::views
