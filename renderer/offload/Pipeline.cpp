#include "renderer/offload/Pipeline.h"

#include <algorithm>
#include <cstring>

namespace sl::offload {

namespace {

template <class E, size_t N>
const char* nameOf(const char* const (&names)[N], E value) {
  size_t i = static_cast<size_t>(value);
  return i < N ? names[i] : "<invalid>";
}

const char* const kStageNames[] = {"Compute",       "Vertex", "Hull",          "Domain",     "Geometry",
                                   "Pixel",         "Amplification", "Mesh",   "RayGeneration", "Miss",
                                   "ClosestHit",    "AnyHit", "Intersection",  "Callable"};
const char* const kFormatNames[] = {"Hex8",  "Hex16",   "Hex32",   "Hex64",   "UInt16",
                                    "UInt32", "UInt64", "Int16",   "Int32",   "Int64",
                                    "Float16", "Float32", "Float64", "Depth32", "Bool"};
const char* const kKindNames[] = {"Buffer",          "StructuredBuffer", "ByteAddressBuffer",   "Texture2D",
                                  "RWBuffer",        "RWStructuredBuffer", "RWByteAddressBuffer", "RWTexture2D",
                                  "ConstantBuffer",  "Sampler",          "SampledTexture2D",    "AccelerationStructure"};
const char* const kRuleNames[] = {"BufferExact", "BufferFloatULP", "BufferFloatEpsilon"};
const char* const kDenormNames[] = {"Any", "FTZ", "Preserve"};
const char* const kFilterNames[] = {"Nearest", "Linear"};
const char* const kAddressNames[] = {"Clamp", "Repeat", "Mirror", "Border", "MirrorOnce"};
const char* const kCompareNames[] = {"Never",   "Less",     "Equal",        "LessEqual",
                                     "Greater", "NotEqual", "GreaterEqual", "Always"};
const char* const kSamplerKindNames[] = {"Sampler", "SamplerComparison"};
const char* const kRootParamNames[] = {"Constant", "DescriptorTable", "RootDescriptor"};
const char* const kPipelineKindNames[] = {"Compute", "TraditionalRaster", "MeshShaderRaster", "RayTracing"};

}  // namespace

const char* stageName(Stage v) { return nameOf(kStageNames, v); }
const char* dataFormatName(DataFormat v) { return nameOf(kFormatNames, v); }
const char* resourceKindName(ResourceKind v) { return nameOf(kKindNames, v); }
const char* ruleName(Rule v) { return nameOf(kRuleNames, v); }
const char* denormModeName(DenormMode v) { return nameOf(kDenormNames, v); }
const char* filterModeName(FilterMode v) { return nameOf(kFilterNames, v); }
const char* addressModeName(AddressMode v) { return nameOf(kAddressNames, v); }
const char* compareOpName(CompareOp v) { return nameOf(kCompareNames, v); }
const char* samplerKindName(SamplerKind v) { return nameOf(kSamplerKindNames, v); }
const char* rootParamKindName(RootParamKind v) { return nameOf(kRootParamNames, v); }
const char* pipelineKindName(PipelineKind v) { return nameOf(kPipelineKindNames, v); }

uint32_t dataFormatSize(DataFormat format) {
  switch (format) {
    case DataFormat::Hex8: return 1;
    case DataFormat::Hex16: case DataFormat::UInt16: case DataFormat::Int16: case DataFormat::Float16: return 2;
    case DataFormat::Hex64: case DataFormat::UInt64: case DataFormat::Int64: case DataFormat::Float64: return 8;
    default: return 4;
  }
}

bool isFloatFormat(DataFormat f) {
  return f == DataFormat::Float16 || f == DataFormat::Float32 || f == DataFormat::Float64 || f == DataFormat::Depth32;
}

bool isRayTracingStage(Stage s) { return static_cast<int>(s) >= static_cast<int>(Stage::RayGeneration); }

bool isReadWrite(ResourceKind k) {
  return k == ResourceKind::RWBuffer || k == ResourceKind::RWStructuredBuffer || k == ResourceKind::RWByteAddressBuffer ||
         k == ResourceKind::RWTexture2D;
}

bool isBufferKind(ResourceKind k) {
  switch (k) {
    case ResourceKind::Buffer: case ResourceKind::RWBuffer: case ResourceKind::StructuredBuffer:
    case ResourceKind::RWStructuredBuffer: case ResourceKind::ByteAddressBuffer: case ResourceKind::RWByteAddressBuffer:
    case ResourceKind::ConstantBuffer:
      return true;
    default:
      return false;
  }
}

bool isTextureKind(ResourceKind k) {
  return k == ResourceKind::Texture2D || k == ResourceKind::RWTexture2D || k == ResourceKind::SampledTexture2D;
}

bool isRawKind(ResourceKind k) {
  return k == ResourceKind::StructuredBuffer || k == ResourceKind::RWStructuredBuffer ||
         k == ResourceKind::ByteAddressBuffer || k == ResourceKind::RWByteAddressBuffer ||
         k == ResourceKind::ConstantBuffer;
}

uint32_t Buffer::elementSize() const {
  if (stride > 0) return static_cast<uint32_t>(stride);
  return dataFormatSize(format) * static_cast<uint32_t>(std::max(channels, 1));
}

uint32_t PushConstantBlock::size() const {
  uint32_t s = 0;
  for (const PushConstantValue& v : values) s = std::max<uint32_t>(s, v.offset + static_cast<uint32_t>(v.bytes.size()));
  return s;
}

std::vector<uint8_t> PushConstantBlock::content() const {
  std::vector<uint8_t> out(size(), 0);
  for (const PushConstantValue& v : values)
    if (!v.bytes.empty()) std::memcpy(out.data() + v.offset, v.bytes.data(), v.bytes.size());
  return out;
}

Buffer* Pipeline::findBuffer(std::string_view name) {
  int i = bufferIndex(name);
  return i < 0 ? nullptr : &buffers[static_cast<size_t>(i)];
}

const Buffer* Pipeline::findBuffer(std::string_view name) const {
  int i = bufferIndex(name);
  return i < 0 ? nullptr : &buffers[static_cast<size_t>(i)];
}

int Pipeline::bufferIndex(std::string_view name) const {
  for (size_t i = 0; i < buffers.size(); ++i)
    if (buffers[i].name == name) return static_cast<int>(i);
  return -1;
}

int Pipeline::samplerIndex(std::string_view name) const {
  for (size_t i = 0; i < samplers.size(); ++i)
    if (samplers[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace sl::offload
