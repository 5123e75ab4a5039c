#include "renderer/offload/ConciseItems.h"

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cctype>
#include <cstdlib>

#include "renderer/offload/PipelineParser.h"
#include "renderer/offload/PipelinePrinter.h"

namespace sl::offload {

namespace {

// Shortest text that reads back as the same float.
std::string floatText(float value) {
  char text[32];
  for (int digits = 6; digits <= 9; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, double(value));
    if (std::strtof(text, nullptr) == value) break;
  }
  return text;
}

// "  Entry:           main" -> "  Entry: main": LLVM's YAML writer pads values into a column.
std::string unpadded(const std::string& line) {
  size_t at = line.find_first_not_of(' ');
  while (at != std::string::npos && line.compare(at, 2, "- ") == 0) at += 2;
  if (at == std::string::npos) return line;
  size_t colon = at;
  while (colon < line.size() && (std::isalnum(static_cast<unsigned char>(line[colon])) || line[colon] == '_')) ++colon;
  if (colon == at || colon + 2 >= line.size() || line[colon] != ':' || line[colon + 1] != ' ' || line[colon + 2] != ' ')
    return line;
  const size_t value = line.find_first_not_of(' ', colon + 1);
  if (value == std::string::npos) return line;
  return line.substr(0, colon + 2) + line.substr(value);
}

bool allBlocksEqual(const Buffer& b) {
  return std::all_of(b.data.begin(), b.data.end(), [&](const std::vector<uint8_t>& block) { return block == b.data.front(); });
}

}  // namespace

bool uniformValues(const Buffer& buffer, const std::vector<uint8_t>& block) {
  const uint32_t size = dataFormatSize(buffer.format);
  if (!size || block.empty() || block.size() % size) return false;
  for (size_t at = size; at < block.size(); at += size)
    if (!std::equal(block.begin() + at, block.begin() + at + size, block.begin())) return false;
  return true;
}

std::vector<std::string> blockValueLines(const Buffer& b, const std::vector<uint8_t>& block, bool fillIfUniform,
                                         const std::string& indent) {
  if (fillIfUniform && uniformValues(b, block)) {
    std::vector<std::string> out{indent + "FillSize: " + std::to_string(block.size()) + "\n"};
    const uint32_t size = dataFormatSize(b.format);
    if (std::any_of(block.begin(), block.begin() + size, [](uint8_t v) { return v != 0; }))
      out.push_back(indent + "FillValue: " + formatElement(b.format, block.data()) + "\n");
    return out;
  }
  return {indent + "Data: " + valueList(b, block, indent.size() + 6) + "\n"};
}

std::string valueList(const Buffer& buffer, const std::vector<uint8_t>& block, size_t continuation) {
  std::string s = "[ ";
  const uint32_t size = dataFormatSize(buffer.format);
  size_t count = 0;
  for (size_t at = 0; size && at + size <= block.size(); at += size, ++count) {
    if (count) s += count % 16 ? ", " : ",\n" + std::string(continuation + 2, ' ');
    s += formatElement(buffer.format, block.data() + at);
  }
  return s + " ]";
}

std::vector<std::string> conciseBufferLines(const Buffer& b, const std::string& dashIndent) {
  const std::string in = dashIndent + "  ";
  std::vector<std::string> out{dashIndent + "- Name: " + b.name + "\n", in + "Format: " + dataFormatName(b.format) + "\n"};
  if (b.channels != 1) out.push_back(in + "Channels: " + std::to_string(b.channels) + "\n");
  if (b.stride != 0) out.push_back(in + "Stride: " + std::to_string(b.stride) + "\n");
  if (b.arraySize != 1) out.push_back(in + "ArraySize: " + std::to_string(b.arraySize) + "\n");
  if (!b.counters.empty()) {
    if (b.arraySize == 1) {
      out.push_back(in + "Counter: " + std::to_string(b.counters.back()) + "\n");
    } else {
      std::string list;
      for (uint32_t c : b.counters) list += (list.empty() ? "" : ", ") + std::to_string(c);
      out.push_back(in + "Counters: [ " + list + " ]\n");
    }
  }
  const std::vector<uint8_t> none;
  const std::vector<uint8_t>& first = b.data.empty() ? none : b.data.front();
  if (b.arraySize == 1 || (!first.empty() && allBlocksEqual(b) && uniformValues(b, first))) {
    const std::vector<std::string> values = blockValueLines(b, first, true, in);
    out.insert(out.end(), values.begin(), values.end());
  } else {
    out.push_back(in + "Data:\n");
    for (const std::vector<uint8_t>& block : b.data) out.push_back(in + "  - " + valueList(b, block, in.size() + 4) + "\n");
  }
  const OutputProps& p = b.outputProps;
  if (p.width || p.height || p.depth || p.mipLevels != 1) {
    out.push_back(in + "OutputProps:\n");
    out.push_back(in + "  Height: " + std::to_string(p.height) + "\n");
    out.push_back(in + "  Width: " + std::to_string(p.width) + "\n");
    out.push_back(in + "  Depth: " + std::to_string(p.depth) + "\n");
    if (p.mipLevels != 1) out.push_back(in + "  MipLevels: " + std::to_string(p.mipLevels) + "\n");
  }
  return out;
}

std::vector<std::string> conciseResourceLines(const Resource& r, const std::string& dashIndent) {
  const std::string in = dashIndent + "  ";
  std::vector<std::string> out{dashIndent + "- Name: " + r.name + "\n", in + "Kind: " + resourceKindName(r.kind) + "\n"};
  if (r.hasCounter) out.push_back(in + "HasCounter: true\n");
  if (r.tilesMapped) out.push_back(in + "TilesMapped: " + std::to_string(*r.tilesMapped) + "\n");
  if (r.isReserved) out.push_back(in + "IsReserved: true\n");
  if (r.dxBinding) {
    out.push_back(in + "DirectXBinding:\n");
    out.push_back(in + "  Register: " + std::to_string(r.dxBinding->registerIndex) + "\n");
    out.push_back(in + "  Space: " + std::to_string(r.dxBinding->space) + "\n");
  }
  if (r.vkBinding) {
    out.push_back(in + "VulkanBinding:\n");
    out.push_back(in + "  Binding: " + std::to_string(r.vkBinding->binding) + "\n");
    if (r.vkBinding->counterBinding) out.push_back(in + "  CounterBinding: " + std::to_string(*r.vkBinding->counterBinding) + "\n");
  }
  if (r.heapIndex) out.push_back(in + "HeapIndex: " + std::to_string(*r.heapIndex) + "\n");
  return out;
}

std::vector<std::string> conciseSamplerLines(const Sampler& s, const std::string& dashIndent) {
  const std::string in = dashIndent + "  ";
  const Sampler defaults;
  std::vector<std::string> out{dashIndent + "- Name: " + s.name + "\n"};
  if (s.kind != defaults.kind) out.push_back(in + "Kind: " + samplerKindName(s.kind) + "\n");
  if (s.minFilter != defaults.minFilter) out.push_back(in + "MinFilter: " + filterModeName(s.minFilter) + "\n");
  if (s.magFilter != defaults.magFilter) out.push_back(in + "MagFilter: " + filterModeName(s.magFilter) + "\n");
  if (s.address != defaults.address) out.push_back(in + "Address: " + addressModeName(s.address) + "\n");
  if (s.minLod != defaults.minLod) out.push_back(in + "MinLOD: " + floatText(s.minLod) + "\n");
  if (s.maxLod != defaults.maxLod) out.push_back(in + "MaxLOD: " + floatText(s.maxLod) + "\n");
  if (s.mipLodBias != defaults.mipLodBias) out.push_back(in + "MipLODBias: " + floatText(s.mipLodBias) + "\n");
  if (s.comparisonOp != defaults.comparisonOp) out.push_back(in + "ComparisonOp: " + compareOpName(s.comparisonOp) + "\n");
  return out;
}

std::string printPipelineAsWritten(const Pipeline& pipeline) {
  const std::string verbose = printPipeline(pipeline);
  // The verbose text's top-level sections, each "Key:" line with the lines under it.
  std::vector<std::vector<std::string>> sections;
  size_t at = 0;
  while (at < verbose.size()) {
    const size_t end = verbose.find('\n', at);
    const size_t stop = end == std::string::npos ? verbose.size() : end + 1;
    std::string line = verbose.substr(at, stop - at);
    at = stop;
    if (line.empty() || line[0] != ' ' || sections.empty()) sections.emplace_back();
    sections.back().push_back(std::move(line));
  }
  auto keyOf = [](const std::vector<std::string>& section) {
    const std::string& head = section.front();
    const size_t colon = head.find(':');
    return colon == std::string::npos || head[0] == '-' || head[0] == '.' ? std::string() : head.substr(0, colon);
  };
  std::string text;
  for (const std::vector<std::string>& section : sections) {
    const std::string key = keyOf(section);
    if (key == "Buffers") {
      text += "Buffers:\n";
      for (const Buffer& b : pipeline.buffers)
        for (const std::string& l : conciseBufferLines(b, "  ")) text += l;
    } else if (key == "Samplers") {
      if (pipeline.samplers.empty()) continue;
      text += "Samplers:\n";
      for (const Sampler& s : pipeline.samplers)
        for (const std::string& l : conciseSamplerLines(s, "  ")) text += l;
    } else if (key == "DescriptorSets" && !pipeline.sets.empty()) {
      text += "DescriptorSets:\n";
      for (const DescriptorSet& set : pipeline.sets) {
        text += "  - Resources:\n";
        for (const Resource& r : set.resources)
          for (const std::string& l : conciseResourceLines(r, "    ")) text += l;
      }
    } else if (key == "RuntimeSettings" && pipeline.settings.rootParameters.empty()) {
      continue;
    } else if (key == "AccelerationStructures" && section.size() == 1 && section[0].find("{}") != std::string::npos) {
      continue;
    } else if (key == "Bindings" && std::all_of(section.begin() + 1, section.end(), [](const std::string& l) {
                 return l.find("''") != std::string::npos;
               })) {
      continue;
    } else {
      for (const std::string& l : section) text += unpadded(l);
    }
  }
  ParseResult check = parsePipeline(text, "pipeline.yaml");
  return check.ok() && printPipeline(*check.pipeline) == verbose ? text : verbose;
}

}  // namespace sl::offload
