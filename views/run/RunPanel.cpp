#include "views/run/RunPanel.h"

#include "renderer/offload/PipelinePrinter.h"
#include "renderer/offload/Pipeline.h"
#include "views/ClippedText.h"
#include "views/Palette.h"
#include "views/debug/CompareWriters.h"
#include "views/inspect/Bindings.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>

namespace sl::views {

namespace {

std::string joinValues(const std::vector<std::string>& values, int perRow) {
  std::string out;
  for (size_t i = 0; i < values.size(); ++i) {
    out += values[i];
    if (i + 1 < values.size()) out += (perRow > 0 && (i + 1) % size_t(perRow) == 0) ? ",\n" : ", ";
  }
  return out;
}

const ImVec4 kPass(0.45f, 0.85f, 0.50f, 1.0f);

// Value k of a buffer's first block as the offloader prints it, formatted only when drawn (a
// texture output can hold millions of values; none are turned into strings ahead of time).
std::string valueAt(const offload::Buffer& buffer, size_t k) {
  const uint32_t size = offload::dataFormatSize(buffer.format);
  if (buffer.data.empty() || size == 0 || (k + 1) * size > buffer.data[0].size()) return std::string();
  return offload::formatElement(buffer.format, buffer.data[0].data() + k * size);
}

size_t valueCount(const offload::Buffer& buffer) {
  const uint32_t size = offload::dataFormatSize(buffer.format);
  return buffer.data.empty() || size == 0 ? 0 : buffer.data[0].size() / size;
}

constexpr int kMaxZoom = 64;

}  // namespace

void RunPanel::setTextureHost(TextureHost* host) {
  dropImages();
  textures_ = host;
}

void RunPanel::dropImages() {
  if (textures_)
    for (auto& [index, view] : images_)
      if (view.texture) textures_->releaseImage(view.texture);
  images_.clear();
  imagesFor_.reset();
}

const RunPanel::ImageViewState* RunPanel::imageView(const std::string& bufferName) const {
  if (!imagesFor_) return nullptr;
  for (const auto& [index, view] : images_)
    if (index < imagesFor_->pipeline.buffers.size() && imagesFor_->pipeline.buffers[index].name == bufferName) return &view;
  return nullptr;
}

void RunPanel::drawImage(const offload::Buffer& b, const offload::Buffer* expected, const RuleComparison* rule,
                         ImageViewState& view) {
  if (!view.error.empty()) {
    ImGui::TextDisabled("No image: %s", view.error.c_str());
    return;
  }
  const OutputImage& image = view.image;
  if (!view.texture && textures_) view.texture = textures_->uploadImage(image.width, image.height, image.rgba.data());
  if (!view.texture) {
    ImGui::TextDisabled("%ux%u image (no renderer to draw it here; shown as a table)", image.width, image.height);
    view.asTable = true;
    return;
  }
  if (view.zoom <= 0) view.zoom = std::clamp(int(256 / std::max(image.width, image.height)), 1, kMaxZoom);
  view.drawn = true;
  const uint32_t mips = mipCount(b);
  ImGui::TextDisabled("%ux%u, %s x%d (mip %u of %u)", image.width, image.height, offload::dataFormatName(b.format), b.channels,
                      view.choice.mip, mips);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  ImGui::SliderInt("zoom", &view.zoom, 1, kMaxZoom, "%dx");
  // Another mip level or alpha mode: a new image (and texture) for this view.
  ImageChoice wanted = view.choice;
  if (mips > 1) {
    int mip = int(wanted.mip);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    if (ImGui::SliderInt("mip", &mip, 0, int(mips) - 1)) wanted.mip = uint32_t(mip);
  }
  if (b.channels >= 4) {
    ImGui::SameLine();
    ImGui::Checkbox("alpha", &wanted.alpha);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("blend by the fourth channel over a checkerboard");
  }
  if (wanted.mip != view.choice.mip || wanted.alpha != view.choice.alpha) {
    OutputImage next;
    const std::string error = outputImage(b, next, wanted);
    if (error.empty()) {
      view.choice = wanted;
      view.image = std::move(next);
      if (view.texture && textures_) textures_->releaseImage(view.texture);
      view.texture = textures_->uploadImage(view.image.width, view.image.height, view.image.rgba.data());
      if (!view.texture) return;
    } else {
      message_ = error;
    }
  }
  const float zoom = float(view.zoom);
  const ImVec2 size(float(image.width) * zoom, float(image.height) * zoom);
  const float scrollbar = ImGui::GetStyle().ScrollbarSize;
  const float height = std::min(size.y + scrollbar + ImGui::GetStyle().WindowPadding.y * 2, ImGui::GetFontSize() * 24);
  ImGui::BeginChild("##image", ImVec2(0, height), true, ImGuiWindowFlags_HorizontalScrollbar);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Image(view.texture, size);
  if (ImGui::IsItemHovered()) {
    ImGuiIO& io = ImGui::GetIO();
    // Ctrl+wheel zooms the image (the wheel alone scrolls); the wheel is taken, so the whole
    // UI's Ctrl+wheel zoom (Workspace) leaves it alone.
    if (io.KeyCtrl && io.MouseWheel != 0.0f) {
      view.zoom = std::clamp(view.zoom + (io.MouseWheel > 0 ? 1 : -1), 1, kMaxZoom);
      io.MouseWheel = 0.0f;
    }
    const uint32_t x = uint32_t(std::clamp((io.MousePos.x - origin.x) / zoom, 0.0f, float(image.width - 1)));
    const uint32_t y = uint32_t(std::clamp((io.MousePos.y - origin.y) / zoom, 0.0f, float(image.height - 1)));
    const size_t first = texelValueIndex(b, x, y, view.choice.mip);
    std::string values, wanted;
    bool differs = false;
    for (int c = 0; c < std::max(b.channels, 1); ++c) {
      values += (c ? ", " : "") + valueAt(b, first + size_t(c));
      if (expected) wanted += (c ? ", " : "") + valueAt(*expected, first + size_t(c));
      if (rule && first + size_t(c) < rule->mismatch.size() && rule->mismatch[first + size_t(c)]) differs = true;
    }
    ImGui::BeginTooltip();
    ImGui::Text("(%u, %u): %s", x, y, values.c_str());
    if (expected) {
      if (differs) ImGui::TextColored(severityColor(Severity::Error), "expected %s", wanted.c_str());
      else ImGui::TextDisabled("expected %s", wanted.c_str());
    }
    ImGui::EndTooltip();
  }
  // Differing texels outlined in red over the image.
  if (rule && !rule->passed) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const size_t channels = size_t(std::max(b.channels, 1));
    const size_t firstValue = mipFirstValue(b, view.choice.mip);  // this mip's part of the values
    const size_t available = rule->mismatch.size() > firstValue ? rule->mismatch.size() - firstValue : 0;
    const size_t texels = std::min(size_t(image.width) * image.height, available / channels);
    size_t outlined = 0;
    for (size_t texel = 0; texel < texels && outlined < 4096; ++texel) {
      bool bad = false;
      for (size_t c = 0; c < channels; ++c) bad = bad || rule->mismatch[firstValue + texel * channels + c];
      if (!bad) continue;
      const float tx = float(texel % image.width) * zoom, ty = float(texel / image.width) * zoom;
      draw->AddRect(ImVec2(origin.x + tx, origin.y + ty), ImVec2(origin.x + tx + zoom, origin.y + ty + zoom),
                    ImGui::GetColorU32(severityColor(Severity::Error)));
      ++outlined;
    }
  }
  ImGui::EndChild();
}

void RunPanel::resetForms() {
  dataText_.clear();
  fillValue_.clear();
  dataError_.clear();
  fillCount_.clear();
}

void RunPanel::setDocument(RunDocument document) {
  clearDocument();
  document_ = std::move(document);
  savePath_ = document_->path;
  committed_ = document_->pipeline;
}

void RunPanel::clearDocument() {
  // A run still going belongs to the previous document: stopped where it can be, never shown.
  if (worker_.busy()) worker_.cancel();
  staleUpTo_ = worker_.lastStarted();
  document_.reset();
  savePath_.clear();
  message_.clear();
  resetForms();
  undo_.clear();
  redo_.clear();
  committed_ = offload::Pipeline();
  savedRevision_ = ++revision_;
  outcome_.reset();
  dropImages();
}

void RunPanel::edited() {
  document_->pipelineEdited = true;
  undo_.push_back(std::move(committed_));
  if (undo_.size() > kMaxUndo) undo_.erase(undo_.begin());
  committed_ = document_->pipeline;
  redo_.clear();
  ++revision_;
}

void RunPanel::replacePipeline(offload::Pipeline pipeline) {
  if (!document_) return;
  document_->pipeline = std::move(pipeline);
  resetForms();
  edited();
}

bool RunPanel::undo() {
  if (!document_ || undo_.empty()) return false;
  redo_.push_back(std::move(document_->pipeline));
  document_->pipeline = std::move(undo_.back());
  undo_.pop_back();
  committed_ = document_->pipeline;
  document_->pipelineEdited = true;
  resetForms();
  ++revision_;
  return true;
}

bool RunPanel::redo() {
  if (!document_ || redo_.empty()) return false;
  undo_.push_back(std::move(document_->pipeline));
  document_->pipeline = std::move(redo_.back());
  redo_.pop_back();
  committed_ = document_->pipeline;
  document_->pipelineEdited = true;
  resetForms();
  ++revision_;
  return true;
}

bool RunPanel::takeNewRequest() {
  const bool requested = newRequested_;
  newRequested_ = false;
  return requested;
}

bool RunPanel::startRun(const std::string& fileName, const std::string& hlsl, bool compareWithCpu) {
  if (!document_) return false;
  RunRequest request;
  request.compareWithCpu = compareWithCpu;
  request.fileName = fileName;
  request.hlsl = hlsl;
  request.compileArgs = document_->compileArgs;
  request.pipeline = document_->pipeline;
  request.adapterIndex = adaptersListed_ && !adapters_.empty() ? adapter_ : -1;
  if (!worker_.start(std::move(request))) return false;
  startedInputs_ = {hlsl, revision_};
  return true;
}

void RunPanel::refresh() {
  std::shared_ptr<const RunOutcome> latest = worker_.latest();
  if (latest && latest->generation <= staleUpTo_) return;  // an earlier document's run
  if (latest != outcome_) {
    outcome_ = std::move(latest);
    outcomeInputs_ = startedInputs_;
  }
}

std::string RunPanel::save(const std::string& path, const std::string& hlsl) {
  if (!document_) return "there is no bundle to save";
  const std::string target = path.empty() ? document_->path : path;
  if (target.empty()) return "choose a file name for the bundle";
  if (!write_) return "saving is not available";
  const std::string text = bundleTextFor(*document_, hlsl);
  if (std::string error = write_(target, text); !error.empty()) return error;
  document_->bundleText = text;
  document_->pipelineEdited = false;
  document_->path = target;
  savedRevision_ = revision_;
  savePath_ = target;
  message_ = "Saved " + target + " (replay: shaderlens run " + target + ")";
  return "";
}

std::string RunPanel::setBufferText(const std::string& name, const std::string& values) {
  if (!document_) return "no bundle";
  offload::Buffer* buffer = document_->pipeline.findBuffer(name);
  if (!buffer) return "no buffer named '" + name + "'";
  if (std::string error = setBufferValues(*buffer, values); !error.empty()) return error;
  dataText_.erase(size_t(buffer - document_->pipeline.buffers.data()));
  edited();
  return "";
}

std::string RunPanel::fill(const std::string& name, uint32_t count, const std::string& value) {
  if (!document_) return "no bundle";
  offload::Buffer* buffer = document_->pipeline.findBuffer(name);
  if (!buffer) return "no buffer named '" + name + "'";
  if (std::string error = fillBuffer(*buffer, count, value); !error.empty()) return error;
  dataText_.erase(size_t(buffer - document_->pipeline.buffers.data()));
  edited();
  return "";
}

std::string RunPanel::setHeapIndex(const std::string& name, std::optional<uint32_t> index) {
  if (!document_) return "no bundle";
  for (offload::DescriptorSet& set : document_->pipeline.sets)
    for (offload::Resource& r : set.resources)
      if (r.name == name) {
        r.heapIndex = index;
        edited();
        return "";
      }
  return "no resource named '" + name + "'";
}

void RunPanel::setDispatch(uint32_t x, uint32_t y, uint32_t z) {
  if (!document_) return;
  document_->pipeline.dispatch.groupCount = {x, y, z};
  edited();
}

namespace {

// The DirectX register class a resource of `kind` takes.
char registerClassOf(offload::ResourceKind kind) {
  using offload::ResourceKind;
  if (kind == ResourceKind::ConstantBuffer) return 'b';
  if (kind == ResourceKind::Sampler) return 's';
  return offload::isReadWrite(kind) ? 'u' : 't';
}

// The next free Vulkan binding of set 0 and register of `cls` in space 0.
std::pair<uint32_t, uint32_t> nextFreeSlot(const offload::Pipeline& p, char cls) {
  uint32_t binding = 0, reg = 0;
  if (p.sets.empty()) return {0, 0};
  for (const offload::Resource& r : p.sets[0].resources) {
    if (r.vkBinding) binding = std::max(binding, std::max(r.vkBinding->binding, r.vkBinding->counterBinding.value_or(0)) + 1);
    if (r.dxBinding && registerClassOf(r.kind) == cls && r.dxBinding->space == 0)
      reg = std::max(reg, r.dxBinding->registerIndex + 1);
  }
  return {binding, reg};
}

// Binds `buffer` as a new resource of `kind` in set 0 at the next free Vulkan binding (or
// `wantedBinding`) and register of its class; returns its resource (still to be finished).
offload::Resource& bindNewBuffer(offload::Pipeline& p, offload::Buffer buffer, offload::ResourceKind kind,
                                 std::optional<uint32_t> wantedBinding) {
  if (p.sets.empty()) p.sets.emplace_back();
  auto [binding, reg] = nextFreeSlot(p, registerClassOf(kind));
  if (wantedBinding) binding = *wantedBinding;
  offload::Resource resource;
  resource.name = buffer.name;
  resource.kind = kind;
  p.buffers.push_back(std::move(buffer));
  resource.bufferIndex = int(p.buffers.size() - 1);
  resource.vkBinding = offload::VulkanBinding{binding, std::nullopt};
  resource.dxBinding = offload::DirectXBinding{reg, 0};
  p.sets[0].resources.push_back(std::move(resource));
  return p.sets[0].resources.back();
}

// "at set 0 binding B, register cN" of a resource just bound.
std::string placeOf(const offload::Resource& r) {
  return "at set 0 binding " + std::to_string(r.vkBinding->binding) + ", register " + registerClassOf(r.kind) +
         std::to_string(r.dxBinding->registerIndex);
}

std::string checkNewName(const offload::Pipeline& p, const std::string& name, const char* what) {
  if (name.empty()) return std::string("the new ") + what + " needs a name";
  if (name.find_first_of(" \t:#'\"[]{},") != std::string::npos) return "'" + name + "' is not a plain name";
  if (p.findBuffer(name) || p.samplerIndex(name) >= 0) return "there is a buffer or sampler named '" + name + "' already";
  return "";
}

// A new read-only texture's texel (x, y) channel c, as text in `format`: a gradient a user can
// recognise in the image view (red across, green down, blue 0.5, alpha 1) for floats; for
// integers x, y, x + y and 1, wrapped to the format's range.
std::string defaultTexel(offload::DataFormat format, uint32_t x, uint32_t y, uint32_t width, uint32_t height, int c) {
  using offload::DataFormat;
  if (offload::isFloatFormat(format)) {
    const double values[4] = {width > 1 ? double(x) / (width - 1) : 0.0, height > 1 ? double(y) / (height - 1) : 0.0, 0.5, 1.0};
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", values[c]);
    return text;
  }
  uint64_t value = c == 0 ? x : c == 1 ? y : c == 2 ? uint64_t(x) + y : 1;
  if (format == DataFormat::Bool) value &= 1;
  else if (format == DataFormat::Hex8) value &= 0xFF;
  else if (format == DataFormat::Int16) value &= 0x7FFF;
  else if (format == DataFormat::Hex16 || format == DataFormat::UInt16) value &= 0xFFFF;
  return std::to_string(value);
}

}  // namespace

std::string RunPanel::addBuffer(const std::string& name, offload::ResourceKind kind, offload::DataFormat format,
                                uint32_t count, std::optional<uint32_t> wantedBinding) {
  using offload::ResourceKind;
  if (!document_) return "no bundle";
  offload::Pipeline& p = document_->pipeline;
  if (std::string error = checkNewName(p, name, "buffer"); !error.empty()) return error;
  if (offload::isTextureKind(kind)) return std::string("a ") + offload::resourceKindName(kind) + " is added as a texture (a width and height)";
  if (kind == ResourceKind::Sampler || kind == ResourceKind::AccelerationStructure)
    return std::string("buffers only: ") + offload::resourceKindName(kind) + " is not a buffer kind";
  if (count == 0 || count > (1u << 20)) return "a new buffer holds 1 to 1048576 values";
  offload::Buffer buffer;
  buffer.name = name;
  buffer.format = format;
  const bool output = offload::isReadWrite(kind);
  std::string values;
  for (uint32_t i = 0; i < count; ++i) values += (i ? " " : "") + (output ? std::string("0") : std::to_string(i + 1));
  if (std::string error = setBufferValues(buffer, values); !error.empty()) return error;
  const offload::Resource& bound = bindNewBuffer(p, std::move(buffer), kind, wantedBinding);
  resetForms();
  edited();
  message_ = "Added " + name + " (" + offload::resourceKindName(kind) + ") " + placeOf(bound);
  return "";
}

std::string RunPanel::addTexture(const std::string& name, offload::ResourceKind kind, offload::DataFormat format, int channels,
                                 uint32_t width, uint32_t height, std::optional<uint32_t> wantedBinding) {
  using offload::ResourceKind;
  if (!document_) return "no bundle";
  offload::Pipeline& p = document_->pipeline;
  if (std::string error = checkNewName(p, name, "texture"); !error.empty()) return error;
  if (!offload::isTextureKind(kind))
    return std::string("textures only: ") + offload::resourceKindName(kind) + " is not Texture2D, RWTexture2D or SampledTexture2D";
  if (channels != 1 && channels != 2 && channels != 4) return "a texture has 1, 2 or 4 channels, not " + std::to_string(channels);
  if (format == offload::DataFormat::Bool) return "a texture cannot hold Bool texels";
  if (width == 0 || height == 0 || width > 4096 || height > 4096) return "a new texture is 1 to 4096 texels wide and high";
  if (uint64_t(width) * height * uint64_t(channels) > (1u << 20))
    return "a new texture holds at most 1048576 values (" + std::to_string(width) + "x" + std::to_string(height) + "x" +
           std::to_string(channels) + " is more)";
  offload::Buffer texture;
  texture.name = name;
  texture.format = format;
  texture.channels = channels;
  texture.outputProps.width = int(width);
  texture.outputProps.height = int(height);
  texture.outputProps.depth = 1;
  texture.outputProps.mipLevels = 1;
  const bool output = offload::isReadWrite(kind);
  std::string values;
  values.reserve(size_t(width) * height * channels * 4);
  for (uint32_t y = 0; y < height; ++y)
    for (uint32_t x = 0; x < width; ++x)
      for (int c = 0; c < channels; ++c) {
        if (!values.empty()) values += ' ';
        values += output ? std::string("0") : defaultTexel(format, x, y, width, height, c);
      }
  if (std::string error = setBufferValues(texture, values); !error.empty()) return error;
  offload::Resource& bound = bindNewBuffer(p, std::move(texture), kind, wantedBinding);
  // A combined image sampler gets its own sampler (linear, clamp), named as the texture, as
  // `run --new` makes one.
  if (kind == ResourceKind::SampledTexture2D) {
    offload::Sampler sampler;
    sampler.name = name;
    p.samplers.push_back(std::move(sampler));
    bound.samplerIndex = int(p.samplers.size() - 1);
  }
  resetForms();
  edited();
  message_ = "Added the texture " + name + " (" + offload::resourceKindName(kind) + ", " + std::to_string(width) + "x" +
             std::to_string(height) + " " + offload::dataFormatName(format) + " x" + std::to_string(channels) + ") " + placeOf(bound);
  return "";
}

std::string RunPanel::removeBuffer(const std::string& name) {
  if (!document_) return "no bundle";
  offload::Pipeline& p = document_->pipeline;
  const int index = p.bufferIndex(name);
  if (index < 0) return "no buffer named '" + name + "'";
  // A combined texture's sampler goes with it unless another resource uses it too.
  std::vector<int> samplersUsed;
  for (const offload::DescriptorSet& set : p.sets)
    for (const offload::Resource& r : set.resources)
      if (r.bufferIndex == index && r.samplerIndex >= 0) samplersUsed.push_back(r.samplerIndex);
  for (offload::DescriptorSet& set : p.sets) {
    std::erase_if(set.resources, [&](const offload::Resource& r) { return r.bufferIndex == index; });
    for (offload::Resource& r : set.resources)
      if (r.bufferIndex > index) --r.bufferIndex;
  }
  std::sort(samplersUsed.begin(), samplersUsed.end(), std::greater<int>());
  samplersUsed.erase(std::unique(samplersUsed.begin(), samplersUsed.end()), samplersUsed.end());
  for (int sampler : samplersUsed) {
    bool stillUsed = false;
    for (const offload::DescriptorSet& set : p.sets)
      for (const offload::Resource& r : set.resources) stillUsed |= r.samplerIndex == sampler;
    if (stillUsed) continue;
    for (offload::DescriptorSet& set : p.sets)
      for (offload::Resource& r : set.resources)
        if (r.samplerIndex > sampler) --r.samplerIndex;
    p.samplers.erase(p.samplers.begin() + sampler);
  }
  std::erase_if(p.results, [&](const offload::ResultRule& r) { return r.actual == name || r.expected == name; });
  for (offload::ResultRule& r : p.results) {
    if (r.actualIndex > index) --r.actualIndex;
    if (r.expectedIndex > index) --r.expectedIndex;
  }
  p.buffers.erase(p.buffers.begin() + index);
  resetForms();
  edited();
  message_ = "Removed " + name;
  return "";
}

std::string RunPanel::addSampler(const std::string& name, std::optional<uint32_t> wantedBinding) {
  using offload::ResourceKind;
  if (!document_) return "no bundle";
  offload::Pipeline& p = document_->pipeline;
  if (std::string error = checkNewName(p, name, "sampler"); !error.empty()) return error;
  if (p.sets.empty()) p.sets.emplace_back();
  auto [binding, reg] = nextFreeSlot(p, 's');
  if (wantedBinding) binding = *wantedBinding;
  offload::Sampler sampler;
  sampler.name = name;
  p.samplers.push_back(std::move(sampler));
  offload::Resource resource;
  resource.name = name;
  resource.kind = ResourceKind::Sampler;
  resource.samplerIndex = int(p.samplers.size() - 1);
  resource.vkBinding = offload::VulkanBinding{binding, std::nullopt};
  resource.dxBinding = offload::DirectXBinding{reg, 0};
  p.sets[0].resources.push_back(std::move(resource));
  resetForms();
  edited();
  message_ = "Added the sampler " + name + " at set 0 binding " + std::to_string(binding) + ", register s" + std::to_string(reg);
  return "";
}

std::string RunPanel::removeSampler(const std::string& name) {
  if (!document_) return "no bundle";
  offload::Pipeline& p = document_->pipeline;
  const int index = p.samplerIndex(name);
  if (index < 0) return "no sampler named '" + name + "'";
  for (offload::DescriptorSet& set : p.sets) {
    std::erase_if(set.resources, [&](const offload::Resource& r) { return r.samplerIndex == index && r.bufferIndex < 0; });
    for (offload::Resource& r : set.resources) {
      if (r.samplerIndex == index) r.samplerIndex = -1;  // a combined texture keeps its texture
      else if (r.samplerIndex > index) --r.samplerIndex;
    }
  }
  p.samplers.erase(p.samplers.begin() + index);
  resetForms();
  edited();
  message_ = "Removed the sampler " + name;
  return "";
}

void RunPanel::drawToolbar(const CompileResult* snapshot, const std::string& fileName, const std::string& hlsl) {
  (void)snapshot;
  if (ImGui::Button("New from shader")) newRequested_ = true;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("A new bundle for this compute shader: every binding it uses, placed as the SPIR-V's reflection\n"
                      "places it, with non-zero inputs (as `shaderlens run --new`)");
  if (!document_) {
    ImGui::SameLine();
    ImGui::TextDisabled("Open a .test bundle, or make one from the shader.");
    if (!message_.empty()) {  // why New from shader could not make one
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextColored(severityColor(Severity::Error), "%s", message_.c_str());
      ImGui::PopTextWrapPos();
    }
    return;
  }
  ImGui::SameLine();
  // Each button's state is read once: pressing it changes what canUndo()/canRedo() say.
  const bool undoable = canUndo(), redoable = canRedo();
  ImGui::BeginDisabled(!undoable);
  if (ImGui::Button("Undo")) undo();
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!redoable);
  if (ImGui::Button("Redo")) redo();
  ImGui::EndDisabled();
  ImGui::SameLine();
  const bool busy = worker_.busy();
  if (busy) ImGui::BeginDisabled();
  if (ImGui::Button(busy ? "Running..." : "Run")) startRun(fileName, hlsl);
  ImGui::SameLine();
  if (ImGui::Button("Compare with CPU")) startRun(fileName, hlsl, true);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Run on the chosen device and on the CPU device and compare every output element;\n"
                      "each difference names the invocation that last wrote it");
  if (busy) ImGui::EndDisabled();
  if (busy) {
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) worker_.cancel();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Stop the run (the CPU device stops; a GPU finishes its dispatch in the background)");
  }
  // Second row: where the bundle is saved, and the device.
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  ImGui::InputTextWithHint("##bundle_path", "bundle.test", &savePath_);
  ImGui::SameLine();
  if (ImGui::Button("Save bundle")) {
    std::string error = save(savePath_, hlsl);
    if (!error.empty()) message_ = error;
  }

  // Devices: listed once in the background.
  if (!adaptersListed_ && !adaptersFuture_.valid())
    adaptersFuture_ = std::async(std::launch::async, [] { return listAdapters(); });
  if (!adaptersListed_ && adaptersFuture_.valid() &&
      adaptersFuture_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    adapters_ = adaptersFuture_.get();
    adaptersListed_ = true;
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  const char* current = adaptersListed_ ? (adapters_.empty() ? "no device" : adapters_[size_t(adapter_)].c_str())
                                        : "listing devices...";
  if (ImGui::BeginCombo("##device", current)) {
    for (size_t i = 0; i < adapters_.size(); ++i)
      if (ImGui::Selectable(adapters_[i].c_str(), int(i) == adapter_)) adapter_ = int(i);
    ImGui::EndCombo();
  }
  if (!message_.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", message_.c_str());
    ImGui::PopTextWrapPos();
  }
}

void RunPanel::drawBuffers() {
  offload::Pipeline& p = document_->pipeline;
  for (size_t i = 0; i < p.buffers.size(); ++i) {
    offload::Buffer& b = p.buffers[i];
    ImGui::PushID(int(i));
    const std::string shape = b.isTexture() ? std::to_string(b.outputProps.width) + "x" + std::to_string(b.outputProps.height) + " texture, " : "";
    const std::string label = b.name + "  (" + shape + offload::dataFormatName(b.format) + " x" + std::to_string(b.channels) + ", " +
                              std::to_string(b.size) + " bytes" + (b.arraySize > 1 ? ", " + std::to_string(b.arraySize) + " elements" : "") + ")";
    if (ImGui::TreeNode("##buffer", "%s", label.c_str())) {
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
      if (ImGui::BeginCombo("Format", offload::dataFormatName(b.format))) {
        for (int f = 0; f < offload::kDataFormatCount; ++f) {
          auto format = offload::DataFormat(f);
          if (ImGui::Selectable(offload::dataFormatName(format), format == b.format)) {
            if (std::string error = setBufferFormat(b, format); !error.empty()) dataError_[i] = error;
            else dataText_.erase(i), dataError_.erase(i), edited();
          }
        }
        ImGui::EndCombo();
      }
      ImGui::SameLine();
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
      if (ImGui::InputInt("Channels", &b.channels)) b.channels = std::clamp(b.channels, 1, 4), dataText_.erase(i), edited();
      ImGui::SameLine();
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
      if (ImGui::InputInt("Stride", &b.stride)) b.stride = std::max(0, b.stride), edited();
      if (!dataText_.count(i)) dataText_[i] = joinValues(bufferValues(b), b.channels * 4);
      ImGui::InputTextMultiline("##data", &dataText_[i], ImVec2(-1, ImGui::GetTextLineHeight() * 4.5f));
      if (ImGui::IsItemDeactivatedAfterEdit()) {
        std::string error = setBufferValues(b, dataText_[i]);
        if (error.empty()) dataError_.erase(i), fillCount_.erase(i), edited();
        else dataError_[i] = error;
      }
      if (dataError_.count(i)) ImGui::TextColored(severityColor(Severity::Error), "%s", dataError_[i].c_str());
      int& count = fillCount_.try_emplace(i, int(b.size / std::max<uint32_t>(1, offload::dataFormatSize(b.format)))).first->second;
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
      ImGui::InputInt("values of", &count);
      count = std::clamp(count, 0, 1 << 20);
      ImGui::SameLine();
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
      ImGui::InputTextWithHint("##fill", "0", &fillValue_[i]);
      ImGui::SameLine();
      if (ImGui::Button("Fill")) {
        std::string error = fillBuffer(b, uint32_t(count), fillValue_[i]);
        if (error.empty()) dataText_.erase(i), dataError_.erase(i), edited();
        else dataError_[i] = error;
      }
      ImGui::SameLine();
      const bool remove = ImGui::Button(b.isTexture() ? "Remove texture" : "Remove buffer");
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Remove this %s, the resources bound to it and the rules naming it", b.isTexture() ? "texture" : "buffer");
      ImGui::TreePop();
      if (remove) {
        const std::string name = b.name;
        ImGui::PopID();
        removeBuffer(name);
        return;  // the buffers moved
      }
    }
    ImGui::PopID();
  }
  // A new buffer, bound at the next free binding of set 0. The row wraps where the next field
  // would be cut at the panel's edge (a 1280-pixel window cut off Add sampler).
  auto sameLineIfFits = [](float nextWidth) {
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < nextWidth) ImGui::NewLine();
  };
  auto buttonWidth = [](const char* label) {
    return ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
  };
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  ImGui::InputTextWithHint("##new_name", "name", &newBufferName_);
  sameLineIfFits(ImGui::GetFontSize() * 10);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
  if (ImGui::BeginCombo("##new_kind", offload::resourceKindName(offload::ResourceKind(newBufferKind_)))) {
    using offload::ResourceKind;
    for (ResourceKind k : {ResourceKind::StructuredBuffer, ResourceKind::RWStructuredBuffer, ResourceKind::Buffer,
                           ResourceKind::RWBuffer, ResourceKind::ByteAddressBuffer, ResourceKind::RWByteAddressBuffer,
                           ResourceKind::ConstantBuffer, ResourceKind::Texture2D, ResourceKind::RWTexture2D,
                           ResourceKind::SampledTexture2D})
      if (ImGui::Selectable(offload::resourceKindName(k), int(k) == newBufferKind_)) newBufferKind_ = int(k);
    ImGui::EndCombo();
  }
  const bool newTexture = offload::isTextureKind(offload::ResourceKind(newBufferKind_));
  sameLineIfFits(ImGui::GetFontSize() * 6);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  if (ImGui::BeginCombo("##new_format", offload::dataFormatName(offload::DataFormat(newBufferFormat_)))) {
    for (int f = 0; f < offload::kDataFormatCount; ++f)
      if (ImGui::Selectable(offload::dataFormatName(offload::DataFormat(f)), f == newBufferFormat_)) newBufferFormat_ = f;
    ImGui::EndCombo();
  }
  if (newTexture) {
    // A texture: its size and channels instead of a value count.
    sameLineIfFits(ImGui::GetFontSize() * 4 + ImGui::CalcTextSize("x").x);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4);
    ImGui::InputInt("x##new_width", &newTextureWidth_, 0);
    sameLineIfFits(ImGui::GetFontSize() * 4 + ImGui::CalcTextSize("texels").x);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4);
    ImGui::InputInt("texels##new_height", &newTextureHeight_, 0);
    newTextureWidth_ = std::clamp(newTextureWidth_, 1, 4096);
    newTextureHeight_ = std::clamp(newTextureHeight_, 1, 4096);
    sameLineIfFits(ImGui::GetFontSize() * 3 + ImGui::CalcTextSize("channels").x);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 3);
    if (ImGui::BeginCombo("channels##new_channels", std::to_string(newTextureChannels_).c_str())) {
      for (int c : {1, 2, 4})
        if (ImGui::Selectable(std::to_string(c).c_str(), c == newTextureChannels_)) newTextureChannels_ = c;
      ImGui::EndCombo();
    }
    sameLineIfFits(buttonWidth("Add texture"));
    if (ImGui::Button("Add texture")) {
      std::string error = addTexture(newBufferName_, offload::ResourceKind(newBufferKind_), offload::DataFormat(newBufferFormat_),
                                     newTextureChannels_, uint32_t(newTextureWidth_), uint32_t(newTextureHeight_));
      if (error.empty()) newBufferName_.clear();
      else message_ = error;
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("A 2D texture at the next free binding: a gradient to read, zeros to write; a SampledTexture2D gets a sampler");
  } else {
    sameLineIfFits(ImGui::GetFontSize() * 5 + ImGui::CalcTextSize("values").x);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
    ImGui::InputInt("values##new_count", &newBufferCount_, 0);
    newBufferCount_ = std::clamp(newBufferCount_, 1, 1 << 20);
    sameLineIfFits(buttonWidth("Add buffer"));
    if (ImGui::Button("Add buffer")) {
      std::string error = addBuffer(newBufferName_, offload::ResourceKind(newBufferKind_), offload::DataFormat(newBufferFormat_),
                                    uint32_t(newBufferCount_));
      if (error.empty()) newBufferName_.clear();
      else message_ = error;
    }
  }
  sameLineIfFits(buttonWidth("Add sampler"));
  if (ImGui::Button("Add sampler")) {
    std::string error = addSampler(newBufferName_);
    if (error.empty()) newBufferName_.clear();
    else message_ = error;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("A sampler named as in the name field (linear filtering, clamp)");
  // Samplers, each removable.
  for (size_t i = 0; i < p.samplers.size(); ++i) {
    ImGui::PushID(int(100000 + i));
    ImGui::BulletText("Sampler %s  (%s, %s)", p.samplers[i].name.c_str(), offload::filterModeName(p.samplers[i].minFilter),
                      offload::addressModeName(p.samplers[i].address));
    ImGui::SameLine();
    const bool remove = ImGui::SmallButton("Remove sampler");
    ImGui::PopID();
    if (remove) {
      const std::string name = p.samplers[i].name;  // the vector changes under removeSampler
      removeSampler(name);
      return;
    }
  }
}

void RunPanel::drawDescriptorSets() {
  offload::Pipeline& p = document_->pipeline;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("##sets", 6, flags)) return;
  ImGui::TableSetupColumn("Set");
  ImGui::TableSetupColumn("Resource");
  ImGui::TableSetupColumn("Kind");
  ImGui::TableSetupColumn("DirectX register/space");
  ImGui::TableSetupColumn("Vulkan binding");
  ImGui::TableSetupColumn("Heap slot");
  ImGui::TableHeadersRow();
  for (size_t s = 0; s < p.sets.size(); ++s) {
    for (size_t r = 0; r < p.sets[s].resources.size(); ++r) {
      offload::Resource& res = p.sets[s].resources[r];
      ImGui::PushID(int(s * 1000 + r));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%zu", s);
      ImGui::TableNextColumn();
      clippedText(res.name);
      ImGui::TableNextColumn();
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
      if (ImGui::BeginCombo("##kind", offload::resourceKindName(res.kind))) {
        for (int k = 0; k < offload::kResourceKindCount; ++k)
          if (ImGui::Selectable(offload::resourceKindName(offload::ResourceKind(k)), int(res.kind) == k))
            res.kind = offload::ResourceKind(k), edited();
        ImGui::EndCombo();
      }
      ImGui::TableNextColumn();
      if (res.dxBinding) {
        int reg = int(res.dxBinding->registerIndex), space = int(res.dxBinding->space);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 3);
        if (ImGui::InputInt("##reg", &reg, 0)) res.dxBinding->registerIndex = uint32_t(std::max(0, reg)), edited();
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 3);
        if (ImGui::InputInt("##space", &space, 0)) res.dxBinding->space = uint32_t(std::max(0, space)), edited();
      } else {
        ImGui::TextDisabled("-");
      }
      ImGui::TableNextColumn();
      if (res.vkBinding) {
        int binding = int(res.vkBinding->binding);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 3);
        if (ImGui::InputInt("##vk", &binding, 0)) res.vkBinding->binding = uint32_t(std::max(0, binding)), edited();
      } else {
        ImGui::TextDisabled("-");
      }
      ImGui::TableNextColumn();
      bool inHeap = res.heapIndex.has_value();
      if (ImGui::Checkbox("##inheap", &inHeap)) res.heapIndex = inHeap ? std::optional<uint32_t>(0) : std::nullopt, edited();
      if (res.heapIndex) {
        ImGui::SameLine();
        int slot = int(*res.heapIndex);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 3);
        if (ImGui::InputInt("##slot", &slot, 0)) res.heapIndex = uint32_t(std::max(0, slot)), edited();
      }
      ImGui::PopID();
    }
  }
  ImGui::EndTable();
}

void RunPanel::drawConstants() {
  offload::Pipeline& p = document_->pipeline;
  int groups[3] = {int(p.dispatch.groupCount[0]), int(p.dispatch.groupCount[1]), int(p.dispatch.groupCount[2])};
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  if (ImGui::InputInt3("Dispatch groups", groups))
    setDispatch(uint32_t(std::max(1, groups[0])), uint32_t(std::max(1, groups[1])), uint32_t(std::max(1, groups[2])));
  if (p.pushConstants.empty()) {
    ImGui::TextDisabled("No push constants.");
    return;
  }
  for (size_t b = 0; b < p.pushConstants.size(); ++b) {
    offload::PushConstantBlock& block = p.pushConstants[b];
    ImGui::Text("Push constants (%s, %u bytes)", offload::stageName(block.stage), block.size());
    for (size_t v = 0; v < block.values.size(); ++v) {
      offload::PushConstantValue& value = block.values[v];
      ImGui::PushID(int(b * 100 + v));
      const uint32_t size = offload::dataFormatSize(value.format);
      std::string text;
      for (size_t at = 0; size && at + size <= value.bytes.size(); at += size)
        text += (text.empty() ? "" : ", ") + offload::formatElement(value.format, value.bytes.data() + at);
      ImGui::Text("offset %u  %s", value.offset, offload::dataFormatName(value.format));
      ImGui::SameLine();
      ImGui::SetNextItemWidth(-1);
      if (ImGui::InputText("##pc", &text, ImGuiInputTextFlags_EnterReturnsTrue)) {
        offload::Buffer scratch;
        scratch.format = value.format;
        if (setBufferValues(scratch, text).empty()) value.bytes = scratch.data.front(), edited();
      }
      ImGui::PopID();
    }
  }
}

void RunPanel::drawOutputs(const ViewFonts& fonts) {
  if (!outcome_) {
    ImGui::TextDisabled(worker_.busy() ? "Running..." : "Not run yet.");
    return;
  }
  if (imagesFor_ != outcome_) {
    dropImages();
    imagesFor_ = outcome_;
  }
  const RunOutcome& o = *outcome_;
  if (o.compared) {
    if (o.devicesAgree) ImGui::TextColored(kPass, "The devices agree");
    else ImGui::TextColored(severityColor(Severity::Error), "%s", o.error.empty() ? "The devices differ" : "The comparison failed");
    ImGui::SameLine();
    ImGui::TextDisabled("| %s | %.1f ms | compile %.1f ms", o.deviceName.c_str(), o.runMilliseconds, o.compileMilliseconds);
    ImGui::PushFont(fonts.mono);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(o.compareReport.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
    // Each differing element's writer can be debugged in the Debug tab.
    const std::vector<DifferingWriter> writers = differingWriters(o.compareReport);
    for (size_t k = 0; k < writers.size(); ++k) {
      const DifferingWriter& w = writers[k];
      const std::string label = "Debug " + w.element + " (" + std::to_string(w.thread[0]) + "," + std::to_string(w.thread[1]) + "," +
                                std::to_string(w.thread[2]) + ")##writer" + std::to_string(k);
      if (k) ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(label.c_str(), nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2)
        ImGui::NewLine();
      if (ImGui::SmallButton(label.c_str())) debugRequest_ = w.thread;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("Debug this: record the invocation that last wrote %s on the CPU device", w.element.c_str());
    }
    return;
  }
  if (!o.ran) {
    ImGui::TextColored(severityColor(Severity::Error), "%s", o.error.empty() ? "The run failed." : o.error.c_str());
    if (!o.diagnostics.empty()) {
      ImGui::PushFont(fonts.mono);
      ImGui::TextUnformatted(o.diagnostics.c_str());
      ImGui::PopFont();
    }
    return;
  }
  switch (runVerdict(o)) {
    case RunVerdict::Passed: ImGui::TextColored(kPass, "Passed: %zu result rule(s)", o.rules.size()); break;
    case RunVerdict::Failed: ImGui::TextColored(severityColor(Severity::Error), "Failed: results differ from the expected ones"); break;
    case RunVerdict::Unchecked:
      ImGui::TextColored(severityColor(Severity::Warning), "Ran, nothing to check (the bundle has no Results rules)");
      break;
    case RunVerdict::WroteNothing:
      ImGui::TextColored(severityColor(Severity::Warning), "Ran, but wrote nothing: every output is as it was uploaded");
      break;
    case RunVerdict::Error: break;
  }
  ImGui::SameLine();
  ImGui::TextDisabled("| run %.2f ms (upload, dispatch, read-back) on %s | compile %.1f ms", o.runMilliseconds,
                      o.deviceName.c_str(), o.compileMilliseconds);

  const offload::Pipeline& p = o.pipeline;
  std::vector<bool> written(p.buffers.size(), false);
  for (const offload::DescriptorSet& set : p.sets)
    for (const offload::Resource& r : set.resources)
      if (offload::isReadWrite(r.kind) && r.bufferIndex >= 0) written[size_t(r.bufferIndex)] = true;
  for (size_t i = 0; i < p.buffers.size(); ++i) {
    if (!written[i]) continue;
    const offload::Buffer& b = p.buffers[i];
    const RuleComparison* rule = nullptr;
    for (const RuleComparison& c : o.rules)
      if (c.actualIndex == int(i)) rule = &c;
    ImGui::PushID(int(i));
    std::string title = b.name;
    if (rule) title += rule->passed ? "  (matches " + p.buffers[size_t(rule->expectedIndex)].name + ")"
                                    : "  (differs from " + p.buffers[size_t(rule->expectedIndex)].name + ")";
    if (rule && !rule->passed) ImGui::PushStyleColor(ImGuiCol_Text, severityColor(Severity::Error));
    const bool open = ImGui::TreeNodeEx("##out", ImGuiTreeNodeFlags_DefaultOpen, "%s", title.c_str());
    if (rule && !rule->passed) ImGui::PopStyleColor();
    if (open) {
      const offload::Buffer* expectedBuffer =
          rule && rule->expectedIndex >= 0 ? &p.buffers[size_t(rule->expectedIndex)] : nullptr;
      bool table = true;
      if (b.isTexture()) {
        auto [at, made] = images_.try_emplace(i);
        ImageViewState& view = at->second;
        if (made) view.error = outputImage(b, view.image);
        if (view.error.empty()) {
          ImGui::Checkbox("as table", &view.asTable);
          if (!view.asTable) {
            ImGui::SameLine();
            drawImage(b, expectedBuffer, rule, view);
          }
        } else {
          ImGui::TextDisabled("No image: %s", view.error.c_str());
        }
        table = view.asTable || !view.error.empty();
      }
      const size_t count = valueCount(b);
      const int columns = std::clamp(b.channels, 1, 4);
      const int rows = int((count + size_t(columns) - 1) / size_t(columns));
      const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                                    ImGuiTableFlags_ScrollY;
      const float height = ImGui::GetTextLineHeightWithSpacing() * float(std::min(rows, 12) + 1.5f);
      if (table && ImGui::BeginTable("##values", columns + 1, flags, ImVec2(0, height))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("#");
        for (int c = 0; c < columns; ++c) ImGui::TableSetupColumn(columns == 1 ? offload::dataFormatName(b.format) : std::string(1, "xyzw"[c]).c_str());
        ImGui::TableHeadersRow();
        ImGuiListClipper clipper;
        clipper.Begin(rows);
        ImGui::PushFont(fonts.mono);
        while (clipper.Step())
          for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextDisabled("%d", r);
            for (int c = 0; c < columns; ++c) {
              ImGui::TableNextColumn();
              const size_t k = size_t(r) * size_t(columns) + size_t(c);
              if (k >= count) continue;
              const bool bad = rule && k < rule->mismatch.size() && rule->mismatch[k];
              if (bad) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, withAlpha(severityColor(Severity::Error), 0.35f));
              const std::string value = valueAt(b, k);
              ImGui::TextUnformatted(value.c_str());
              // The tooltip starts with the value: a narrow column cuts long ones.
              if (ImGui::IsItemHovered()) {
                const std::string want = bad && expectedBuffer ? valueAt(*expectedBuffer, k) : std::string();
                if (bad)
                  ImGui::SetTooltip("[%zu] = %s, expected %s\nRight-click: debug the invocation that wrote it", k, value.c_str(),
                                    want.empty() ? "(nothing)" : want.c_str());
                else if (!b.isTexture()) ImGui::SetTooltip("[%zu] = %s\nRight-click: debug the invocation that wrote it", k, value.c_str());
                else ImGui::SetTooltip("[%zu] = %s", k, value.c_str());
              }
              // Who wrote it: the CPU device runs the pipeline with writers recorded, then the Debug tab records that invocation.
              ImGui::PushID(int(k));
              if (!b.isTexture() && ImGui::BeginPopupContextItem("##writer")) {
                const std::string element = b.name + "[" + std::to_string(k) + "]";
                if (ImGui::MenuItem(("Debug the invocation that wrote " + element).c_str())) writerRequest_ = std::make_pair(b.name, uint64_t(k));
                ImGui::EndPopup();
              }
              ImGui::PopID();
            }
          }
        ImGui::PopFont();
        ImGui::EndTable();
      }
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
  if (!o.mismatchLines.empty() && ImGui::TreeNode("Mismatch report")) {
    for (const std::string& line : o.mismatchLines) ImGui::TextUnformatted(line.c_str());
    ImGui::TreePop();
  }
}

void RunPanel::draw(const CompileResult* snapshot, const std::string& fileName, const std::string& hlsl,
                    const ViewFonts& fonts) {
  refresh();
  // Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) undo and redo the pipeline's edits while the tab has the focus
  // and no field is being typed in (a field's own undo comes first).
  const ImGuiIO& io = ImGui::GetIO();
  if (document_ && io.KeyCtrl && !ImGui::IsAnyItemActive() && ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows)) {
    const int z = ImGui::GetKeyIndex(ImGuiKey_Z), y = ImGui::GetKeyIndex(ImGuiKey_Y);
    if (z >= 0 && ImGui::IsKeyPressed(z, false)) io.KeyShift ? redo() : undo();
    else if (y >= 0 && ImGui::IsKeyPressed(y, false)) redo();
  }
  drawToolbar(snapshot, fileName, hlsl);
  if (!document_) return;
  ImGui::BeginChild("##run_body");
  // After a run its results come first; the forms stay below.
  if (outcome_ && ImGui::CollapsingHeader("Outputs", ImGuiTreeNodeFlags_DefaultOpen)) {
    if (outcomeStale(hlsl))
      ImGui::TextColored(severityColor(Severity::Warning), "Stale: the shader or the pipeline changed since this run (Run again)");
    drawOutputs(fonts);
  }
  if (ImGui::CollapsingHeader("Buffers", ImGuiTreeNodeFlags_DefaultOpen)) drawBuffers();
  if (ImGui::CollapsingHeader("Descriptor sets and heap", ImGuiTreeNodeFlags_DefaultOpen)) drawDescriptorSets();
  if (ImGui::CollapsingHeader("Constants and dispatch", ImGuiTreeNodeFlags_DefaultOpen)) drawConstants();
  if (!outcome_ && ImGui::CollapsingHeader("Outputs", ImGuiTreeNodeFlags_DefaultOpen)) drawOutputs(fonts);
  ImGui::EndChild();
}

}  // namespace sl::views
