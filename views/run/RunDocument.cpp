#include "views/run/RunDocument.h"

#include "renderer/offload/Bundle.h"
#include "renderer/offload/ConciseItems.h"
#include "renderer/offload/PipelineEdit.h"
#include "renderer/offload/PipelineParser.h"
#include "renderer/offload/PipelinePrinter.h"

#include <algorithm>
#include <cstring>

namespace sl::views {

namespace {

std::vector<std::string_view> lineViews(std::string_view text) {
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

// The part name if `line` is a split-file marker ("#--- name", "//--- name").
std::optional<std::string_view> markerName(std::string_view line) {
  size_t prefix = line.rfind("//", 0) == 0 ? 2 : 1;
  if (line.size() < prefix + 4 || line.substr(prefix, 4) != "--- ") return std::nullopt;
  return line.substr(prefix + 4);
}

bool isRunLine(std::string_view line) {
  size_t at = line.find("RUN:");
  return at != std::string_view::npos && at < 4;
}

std::vector<std::string> splitValues(std::string_view text) {
  std::vector<std::string> out;
  std::string word;
  for (char c : text) {
    if (c == ',' || c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '[' || c == ']') {
      if (!word.empty()) out.push_back(word), word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(word);
  return out;
}

void ensureBlocks(offload::Buffer& buffer, uint32_t arrayElement) {
  if (buffer.data.size() <= arrayElement) buffer.data.resize(arrayElement + 1);
}

void updateSize(offload::Buffer& buffer) {
  uint32_t size = 0;
  for (const std::vector<uint8_t>& block : buffer.data) size = std::max<uint32_t>(size, uint32_t(block.size()));
  buffer.size = size;
}

}  // namespace

std::string loadRunDocument(std::string_view bundleText, const std::string& path, RunDocument& out) {
  offload::BundleResult parsed = offload::parseBundle(bundleText);
  if (!parsed.bundle) return parsed.error;
  const offload::Bundle& bundle = *parsed.bundle;
  RunDocument doc;
  doc.bundleText = std::string(bundleText);
  doc.path = path;
  if (!bundle.compiles.empty()) {
    doc.sourcePart = bundle.compiles.front().sourcePart;
    doc.compileArgs = bundle.compiles.front().args;
  } else if (!bundle.part(doc.sourcePart)) {
    return "the bundle has no %dxc_target RUN line and no source.hlsl part";
  }
  if (!bundle.runs.empty()) doc.pipelinePart = bundle.runs.front().pipelinePart;
  const offload::SplitPart* pipelinePart = bundle.part(doc.pipelinePart);
  if (!pipelinePart) return "the bundle has no '" + doc.pipelinePart + "' part";
  offload::ParseResult pipeline = offload::parsePipeline(pipelinePart->text, path + "/" + doc.pipelinePart);
  if (!pipeline.ok()) return pipeline.renderErrors();
  doc.pipeline = std::move(*pipeline.pipeline);
  out = std::move(doc);
  return "";
}

std::vector<std::string> compileArgsFor(const CompileOptions& options) {
  std::vector<std::string> args = {"-T", options.profile};
  if (options.entryPoint != "main") args.insert(args.end(), {"-E", options.entryPoint});
  if (options.enable16BitTypes) args.push_back("-enable-16bit-types");
  if (options.hlslVersion != 2021) args.insert(args.end(), {"-HV", std::to_string(options.hlslVersion)});
  for (const auto& [name, value] : options.defines) args.push_back("-D" + name + (value.empty() ? "" : "=" + value));
  if (options.rowMajorByDefault) args.push_back("-Zpr");
  if (options.vkUseDxLayout) args.push_back("-fvk-use-dx-layout");
  if (options.vkUseScalarLayout) args.push_back("-fvk-use-scalar-layout");
  for (const VkRegisterShift& s : options.vkShifts)
    args.insert(args.end(), {std::string("-fvk-") + s.registerClass + "-shift", std::to_string(s.shift),
                             s.space ? std::to_string(*s.space) : "all"});
  return args;
}

std::string replaceSplitPart(std::string_view text, std::string_view name, std::string_view content) {
  std::vector<std::string_view> lines = lineViews(text);
  size_t begin = lines.size(), end = lines.size();
  for (size_t i = 0; i < lines.size(); ++i) {
    if (auto marker = markerName(lines[i])) {
      if (begin != lines.size()) {
        end = i;
        break;
      }
      if (*marker == name) begin = i + 1;
    }
  }
  std::string out;
  auto appendLines = [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) out.append(lines[i]).push_back('\n');
  };
  if (begin == lines.size()) {
    // Appended after the last part's content but before the RUN lines that trail the file.
    size_t insertAt = lines.size();
    while (insertAt > 0 && (isRunLine(lines[insertAt - 1]) || lines[insertAt - 1].empty())) --insertAt;
    appendLines(0, insertAt);
    out += "#--- " + std::string(name) + "\n";
    out += content;
    appendLines(insertAt, lines.size());
    return out;
  }
  appendLines(0, begin);
  out += content;
  if (!content.empty() && content.back() != '\n') out += '\n';
  appendLines(end, lines.size());
  return out;
}

std::string bundleTextFor(const RunDocument& document, std::string_view hlsl) {
  std::string source(hlsl);
  if (!source.empty() && source.back() != '\n') source += '\n';
  std::string text = replaceSplitPart(document.bundleText, document.sourcePart, source);
  if (document.pipelineEdited) {
    // Write back what the user wrote, changing only what they changed, where a line-level patch
    // can say it (buffer values and formats); otherwise the whole pipeline, printed.
    std::optional<std::string> patched;
    offload::BundleResult bundle = offload::parseBundle(document.bundleText);
    if (bundle.bundle)
      if (const offload::SplitPart* part = bundle.bundle->part(document.pipelinePart))
        patched = offload::patchPipelineText(part->text, document.pipelinePart, document.pipeline);
    text = replaceSplitPart(text, document.pipelinePart, patched ? *patched : offload::printPipelineAsWritten(document.pipeline));
  }
  return text;
}

std::vector<std::string> bufferValues(const offload::Buffer& buffer, uint32_t arrayElement) {
  std::vector<std::string> out;
  if (arrayElement >= buffer.data.size()) return out;
  const std::vector<uint8_t>& block = buffer.data[arrayElement];
  const uint32_t size = offload::dataFormatSize(buffer.format);
  for (size_t at = 0; size && at + size <= block.size(); at += size) out.push_back(offload::formatElement(buffer.format, block.data() + at));
  return out;
}

std::string setBufferValues(offload::Buffer& buffer, std::string_view text, uint32_t arrayElement) {
  std::vector<uint8_t> bytes;
  size_t index = 0;
  for (const std::string& word : splitValues(text)) {
    std::vector<uint8_t> one;
    if (std::string error = offload::parseScalarBytes(word, buffer.format, one); !error.empty())
      return "value " + std::to_string(index) + " ('" + word + "'): " + error;
    bytes.insert(bytes.end(), one.begin(), one.end());
    ++index;
  }
  ensureBlocks(buffer, arrayElement);
  buffer.data[arrayElement] = std::move(bytes);
  updateSize(buffer);
  return "";
}

std::string fillBuffer(offload::Buffer& buffer, uint32_t count, std::string_view value) {
  if (count > (1u << 24)) return "fill count " + std::to_string(count) + " is too large";
  std::vector<uint8_t> one;
  if (std::string error = offload::parseScalarBytes(value.empty() ? "0" : value, buffer.format, one); !error.empty())
    return "fill value '" + std::string(value) + "': " + error;
  std::vector<uint8_t> bytes;
  bytes.reserve(one.size() * count);
  for (uint32_t i = 0; i < count; ++i) bytes.insert(bytes.end(), one.begin(), one.end());
  for (uint32_t i = 0; i < std::max<uint32_t>(1, buffer.arraySize); ++i) {
    ensureBlocks(buffer, i);
    buffer.data[i] = bytes;
  }
  updateSize(buffer);
  return "";
}

std::string setBufferFormat(offload::Buffer& buffer, offload::DataFormat format) {
  const uint32_t size = offload::dataFormatSize(format);
  for (const std::vector<uint8_t>& block : buffer.data)
    if (size == 0 || block.size() % size != 0)
      return std::to_string(block.size()) + " bytes are not a whole number of " + offload::dataFormatName(format) +
             " values";
  buffer.format = format;
  return "";
}

}  // namespace sl::views
