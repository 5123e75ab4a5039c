// [[vk::image_format("name")]] on an image or texel buffer: the SPIR-V image format the resource
// declares instead of the one inferred from its element type (hlsl-spirv.md; DXC's names). The
// format's numeric type must match the element's, as Vulkan's format/type matching requires
// (float formats, unorm and snorm included, take float texels; i formats int, ui formats uint; the
// 64-bit R64i/R64ui int64_t/uint64_t), else a located error as DXC gives. The DXIL back end
// ignores the attribute, as DXC's does.
#include "core/irgen/Gen.h"

#include <spirv/unified1/spirv.hpp>

#include <string_view>

namespace sl::irgen {

namespace {

enum class FormatType : uint8_t { Any, Float, Int, UInt, Int64, UInt64 };

struct NamedFormat {
  std::string_view name;
  spv::ImageFormat format;
  FormatType type;
};

constexpr NamedFormat kFormats[] = {
    {"unknown", spv::ImageFormatUnknown, FormatType::Any},
    {"rgba32f", spv::ImageFormatRgba32f, FormatType::Float},     {"rgba16f", spv::ImageFormatRgba16f, FormatType::Float},
    {"r32f", spv::ImageFormatR32f, FormatType::Float},           {"rgba8", spv::ImageFormatRgba8, FormatType::Float},
    {"rgba8snorm", spv::ImageFormatRgba8Snorm, FormatType::Float}, {"rg32f", spv::ImageFormatRg32f, FormatType::Float},
    {"rg16f", spv::ImageFormatRg16f, FormatType::Float},         {"r11g11b10f", spv::ImageFormatR11fG11fB10f, FormatType::Float},
    {"r16f", spv::ImageFormatR16f, FormatType::Float},           {"rgba16", spv::ImageFormatRgba16, FormatType::Float},
    {"rgb10a2", spv::ImageFormatRgb10A2, FormatType::Float},     {"rg16", spv::ImageFormatRg16, FormatType::Float},
    {"rg8", spv::ImageFormatRg8, FormatType::Float},             {"r16", spv::ImageFormatR16, FormatType::Float},
    {"r8", spv::ImageFormatR8, FormatType::Float},               {"rgba16snorm", spv::ImageFormatRgba16Snorm, FormatType::Float},
    {"rg16snorm", spv::ImageFormatRg16Snorm, FormatType::Float}, {"rg8snorm", spv::ImageFormatRg8Snorm, FormatType::Float},
    {"r16snorm", spv::ImageFormatR16Snorm, FormatType::Float},   {"r8snorm", spv::ImageFormatR8Snorm, FormatType::Float},
    {"rgba32i", spv::ImageFormatRgba32i, FormatType::Int},       {"rgba16i", spv::ImageFormatRgba16i, FormatType::Int},
    {"rgba8i", spv::ImageFormatRgba8i, FormatType::Int},         {"r32i", spv::ImageFormatR32i, FormatType::Int},
    {"rg32i", spv::ImageFormatRg32i, FormatType::Int},           {"rg16i", spv::ImageFormatRg16i, FormatType::Int},
    {"rg8i", spv::ImageFormatRg8i, FormatType::Int},             {"r16i", spv::ImageFormatR16i, FormatType::Int},
    {"r8i", spv::ImageFormatR8i, FormatType::Int},               {"rgba32ui", spv::ImageFormatRgba32ui, FormatType::UInt},
    {"rgba16ui", spv::ImageFormatRgba16ui, FormatType::UInt},    {"rgba8ui", spv::ImageFormatRgba8ui, FormatType::UInt},
    {"r32ui", spv::ImageFormatR32ui, FormatType::UInt},          {"rgb10a2ui", spv::ImageFormatRgb10a2ui, FormatType::UInt},
    {"rg32ui", spv::ImageFormatRg32ui, FormatType::UInt},        {"rg16ui", spv::ImageFormatRg16ui, FormatType::UInt},
    {"rg8ui", spv::ImageFormatRg8ui, FormatType::UInt},          {"r16ui", spv::ImageFormatR16ui, FormatType::UInt},
    {"r8ui", spv::ImageFormatR8ui, FormatType::UInt},            {"r64ui", spv::ImageFormatR64ui, FormatType::UInt64},
    {"r64i", spv::ImageFormatR64i, FormatType::Int64},
};

// The texel numeric type of an element scalar kind: 64-bit integers their own, floats (min16 and
// 16-bit ones too: images hold 32-bit texels for them) float, unsigned kinds and bool uint.
FormatType texelType(fe::ScalarKind k) {
  if (k == fe::ScalarKind::Int64) return FormatType::Int64;
  if (k == fe::ScalarKind::UInt64) return FormatType::UInt64;
  if (fe::isFloatKind(k)) return FormatType::Float;
  return k == fe::ScalarKind::Bool || fe::isUnsignedKind(k) ? FormatType::UInt : FormatType::Int;
}

bool takesImageFormat(fe::ResourceKind k) {
  switch (k) {
    case fe::ResourceKind::Buffer: case fe::ResourceKind::RWBuffer:
    case fe::ResourceKind::Texture1D: case fe::ResourceKind::Texture1DArray:
    case fe::ResourceKind::Texture2D: case fe::ResourceKind::Texture2DArray:
    case fe::ResourceKind::Texture2DMS: case fe::ResourceKind::Texture2DMSArray:
    case fe::ResourceKind::Texture3D: case fe::ResourceKind::TextureCube: case fe::ResourceKind::TextureCubeArray:
    case fe::ResourceKind::RWTexture1D: case fe::ResourceKind::RWTexture1DArray:
    case fe::ResourceKind::RWTexture2D: case fe::ResourceKind::RWTexture2DArray: case fe::ResourceKind::RWTexture3D:
      return true;
    default:
      return false;
  }
}

}  // namespace

void Gen::addImageFormat(const fe::VarDecl* var, const fe::Type* resource, ir::Attrs& attrs) {
  const fe::Attribute* a = findAttr(var->attributes, "vk::image_format");
  if (!a || !options_.spirvTarget) return;
  if (a->stringArgs.size() != 1) {
    error(var->loc, "vk::image_format takes one string argument, the format's name (\"rgba8\", \"r32f\", ...)");
    return;
  }
  if (!resource || !resource->isResource() || !takesImageFormat(resource->resource)) {
    error(var->loc, "vk::image_format applies to textures and typed buffers only");
    return;
  }
  const std::string& name = a->stringArgs[0];
  const NamedFormat* format = nullptr;
  for (const NamedFormat& f : kFormats)
    if (f.name == name) format = &f;
  if (!format) {
    error(var->loc, "unknown image format '" + name + "' in vk::image_format");
    return;
  }
  const fe::Type* element = resource->element;
  // DXC checks storage images and texel buffers only (a sampled image's texels go through the
  // sampler's conversion; its RUN lines accept Buffer<int4> with rgba16ui).
  if (fe::resourceIsWritable(resource->resource) && format->type != FormatType::Any && element && element->isNumeric() &&
      texelType(element->scalar) != format->type) {
    error(var->loc, "The image format and the sampled type are not compatible. For the table of compatible types, see "
                    "https://docs.vulkan.org/spec/latest/appendices/spirvenv.html#spirvenv-format-type-matching.");
    return;
  }
  attrs.extra.push_back({attr::kImageFormat, std::to_string(uint32_t(format->format))});
}

}  // namespace sl::irgen
